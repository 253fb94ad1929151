#include "models/cache/cache_ctrl.h"
#include "models/cache/cache.h"
#include "models/cache/replacement/registry.h"
#include "vp/regs/cache_ctrl.h"

namespace vp {

CacheController::CacheController(sc_core::sc_module_name name, SimContext& ctx, Cache& cache, const MmioPort& port)
    : MmioDevice(name, ctx, port, CACHECTL_SIZE), cache_(cache) {
    Cache::PriorityRegs& pr = cache.priority_regs();
    regs_.add("POLICY", CACHECTL_POLICY, 4)
        .reads([this](const RegAccess&) -> uint64_t { return cache_.policy().reg_value; })
        .writes([this](uint64_t v, const RegAccess&) {
            const cache::PolicyInfo* p = cache::find_policy(uint32_t(v));
            if (!p) {
                VP_WARN(log_, "POLICY write {}: no such policy (CACHECTL_POLICY_*), ignored", v);
                return;
            }
            cache_.select_policy(p->name);
        });
    // Plain value registers. PB and GRASP parameters take effect at the next POLICY write (the policy
    // object is rebuilt then), as a hardware controller latches them when the policy is selected.
    auto value = [this](const char* n, uint32_t off, uint32_t& field) {
        regs_.add(n, off, 4)
            .reads([&field](const RegAccess&) -> uint64_t { return field; })
            .writes([&field](uint64_t v, const RegAccess&) { field = uint32_t(v); });
    };
    value("FV_START", CACHECTL_FV_START, pr.fv_start);
    value("FV_END", CACHECTL_FV_END, pr.fv_end);
    value("PR_START", CACHECTL_PR_START, pr.pr_start);
    value("MAX_P", CACHECTL_MAX_P, pr.max_p);
    // A decay period of 0 accesses means nothing; firmware that writes it gets a warning, not a new value.
    regs_.add("PERIOD", CACHECTL_PERIOD, 4)
        .reads([&pr](const RegAccess&) -> uint64_t { return pr.period; })
        .writes([this, &pr](uint64_t v, const RegAccess&) {
            if (v == 0) {
                VP_WARN(log_, "PERIOD write 0: the decay period must be at least 1 access, ignored");
                return;
            }
            pr.period = uint32_t(v);
        });
    value("DEFAULT_PRIO", CACHECTL_DEFAULT_PRIO, pr.default_prio);
    value("HOT_START", CACHECTL_HOT_START, pr.hot_start);
    value("HOT_END", CACHECTL_HOT_END, pr.hot_end);
    regs_.add("MAINT", CACHECTL_MAINT, 4)
        .reads([](const RegAccess&) -> uint64_t { return 0; })
        .writes([this](uint64_t v, const RegAccess& a) {
            if (v < 1 || v > 3) {
                VP_WARN(log_, "MAINT write {}: not an operation (1 clean, 2 invalidate, 3 flush), ignored", v);
                return;
            }
            // The write-backs are issued at the access time; the register write itself is posted.
            cache_.maintain_all(Cache::Maint(v), a.at);
        })
        .no_debug_write();
    // Statistics: window, snapshot/reset, and the latched 64-bit counts as 32-bit halves.
    regs_.add("STAT_CTRL", CACHECTL_STAT_CTRL, 4)
        .reads([](const RegAccess&) -> uint64_t { return 0; })
        .writes([this](uint64_t v, const RegAccess&) {
            if (v & CACHECTL_STAT_CTRL_SNAPSHOT) cache_.stat_snapshot();
            if (v & CACHECTL_STAT_CTRL_RESET) cache_.stat_reset();
        })
        .no_debug_write();
    regs_.add("STAT_WIN_START", CACHECTL_STAT_WIN_START, 4)
        .reads([this](const RegAccess&) -> uint64_t { return win_start_; })
        .writes([this](uint64_t v, const RegAccess&) {
            win_start_ = uint32_t(v);
            cache_.set_stat_window(win_start_, win_end_);
        });
    regs_.add("STAT_WIN_END", CACHECTL_STAT_WIN_END, 4)
        .reads([this](const RegAccess&) -> uint64_t { return win_end_; })
        .writes([this](uint64_t v, const RegAccess&) {
            win_end_ = uint32_t(v);
            cache_.set_stat_window(win_start_, win_end_);
        });
    using Snap = Cache::StatSnapshot;
    auto counter = [this](const char* n, uint32_t off, uint64_t Snap::*field) {
        regs_.add(std::string(n) + "_LO", off, 4).reads([this, field](const RegAccess&) -> uint64_t {
            return uint32_t(cache_.stat_latched().*field);
        });
        regs_.add(std::string(n) + "_HI", off + 4, 4).reads([this, field](const RegAccess&) -> uint64_t {
            return uint32_t(cache_.stat_latched().*field >> 32);
        });
    };
    counter("STAT_ACCESSES", CACHECTL_STAT_ACCESSES, &Snap::accesses);
    counter("STAT_MISSES", CACHECTL_STAT_MISSES, &Snap::misses);
    counter("STAT_WRITEBACKS", CACHECTL_STAT_WRITEBACKS, &Snap::writebacks);
    counter("STAT_WIN_ACCESSES", CACHECTL_STAT_WIN_ACCESSES, &Snap::win_accesses);
    counter("STAT_WIN_MISSES", CACHECTL_STAT_WIN_MISSES, &Snap::win_misses);
    const auto& g = cache.config().geometry;
    auto ro = [this](const char* n, uint32_t off, uint64_t v) {
        regs_.add(n, off, 4).reads([v](const RegAccess&) -> uint64_t { return v; });
    };
    ro("LINE_SIZE", CACHECTL_LINE_SIZE, g.line);
    ro("WAYS", CACHECTL_WAYS, g.ways);
    ro("SETS", CACHECTL_SETS, g.sets());
    ro("SIZE_KIB", CACHECTL_SIZE_KIB, g.size / 1024);
}

}  // namespace vp
