#include "models/cache/cache.h"
#include "models/common/exit_code.h"
#include <algorithm>
#include <cmath>
#include <cstdarg>
#include "models/cache/cache_ctrl.h"
#include "config/params.h"

namespace vp {

// ---------------------------------------------------------------------------------------------
// Configuration

void CacheConfig::Range::params(config::Params& p) {
    using config::Kind;
    p.add(base, "base", Kind::Address, "", "start").mandatory();
    p.add(size, "size", Kind::Size, "bytes", "length").mandatory();
}

void CacheConfig::params(config::Params& p) {
    using config::Kind;
    p.add(geometry.size, "size", Kind::Size, "bytes", "capacity (at most the 32-bit address space)")
        .range(1, 4294967296.0);
    p.add(geometry.ways, "ways", Kind::Int, "", "associativity").range(1, 64);
    p.add(geometry.line, "line", Kind::Size, "bytes", "line size (a power of two)");
    p.add(hit_latency, "hit_latency", Kind::Time, "ps",
          "tag + data access on a hit (the L1's is on top of the core's pipelined 1-cycle access)");
    p.add(lookup_interval, "lookup_interval", Kind::Time, "ps",
          "time one lookup holds the tag port, i.e. the interval at which a pipelined tag RAM accepts lookups "
          "(e.g. one clock cycle); 0 = the whole hit_latency (one lookup at a time, unpipelined)");
    p.add(mshrs, "mshrs", Kind::Int, "", "miss status holding registers: outstanding misses (1 = blocking)")
        .range(1, 256);
    p.add(posted_writes, "posted_writes", Kind::Bool, "",
          "a store miss does not wait for its line fill (store buffer)");
    p.choice(policy, "policy", cache::policy_names(), "replacement policy (docs/cache_policies.md)");
    p.add(policy_params.seed, "seed", Kind::Int, "", "seed of the random policy and of DRRIP's BRRIP insertion")
        .range(0, 1e18);
    p.add(policy_params.pb_max_priority, "max_p", Kind::Int, "", "PB: maximum priority (MAX_P register at reset)")
        .range(0, 1e9);
    p.add(policy_params.pb_period, "period", Kind::Int, "",
          "PB: accesses per set between priority decays (PERIOD register at reset)")
        .range(1, 1e9);
    p.add(default_priority, "default_priority", Kind::Int, "", "priority of lines outside the feature-vector range")
        .range(0, 4294967295.0);
    p.add(e_access, "e_access", Kind::Float, "pJ",
          "energy of one lookup (a 64-bit word); a fill or write-back costs line/8 of them; 0: from the size "
          "(Horowitz ISSCC 2014 SRAM figures, docs/energy.md)")
        .at_least(0);
    p.add(ctrl_base, "ctrl_base", Kind::Address, "", "controller registers (include/vp/regs/cache_ctrl.h)");
    p.choice(hazard, "hazards",
             {{"ignore", HazardAction::Ignore}, {"warn", HazardAction::Warn}, {"error", HazardAction::Error}},
             "stale-data hazards with non-coherent masters: ignore, warn (count and log), error (stop the run, "
             "exit 6)");
    p.list(uncached, "uncached", "address ranges that bypass this cache");
    const cache::Geometry::Problem g = geometry.problem();
    p.rule(!g.key, g.key ? g.key : "size", g.reason);
}

double sram_access_pj(uint64_t bytes) {
    // (size, pJ) points from Horowitz, ISSCC 2014: 64-bit reads of 8 KiB, 32 KiB and 1 MiB SRAMs.
    const double s = double(bytes);
    const double k8 = 8192, k32 = 32768, m1 = 1048576;
    auto law = [](double x, double x0, double e0, double x1, double e1) {
        return e0 * std::pow(x / x0, std::log(e1 / e0) / std::log(x1 / x0));
    };
    if (s <= k32) return law(s, k8, energy_defaults::kSram8KiBRead64, k32, energy_defaults::kSram32KiBRead64);
    return law(s, k32, energy_defaults::kSram32KiBRead64, m1, energy_defaults::kSram1MiBRead64);
}

// ---------------------------------------------------------------------------------------------

Cache::Cache(sc_core::sc_module_name name, SimContext& ctx, const CacheConfig& cfg, bool bus_side)
    : sc_module(name),
      Component(ctx, std::string(sc_module::name())),
      initiator_socket("initiator_socket"),
      cfg_(cfg),
      array_(cfg.geometry, cfg.policy, cfg.policy_params),
      mshrs_(cfg.mshrs, size_t(cfg.geometry.sets()) * cfg.geometry.ways),
      mshr_merges_(stats_.counter("mshr_merges", "count", "hits on a line whose fill was still in flight")),
      mshr_waits_(stats_.counter("mshr_waits", "count", "misses that waited for a free MSHR")),
      hazard_dirty_reads_(stats_.counter("hazard_dirty_reads", "count",
                                         "another master read a line that is dirty here (stale data in memory)")),
      hazard_stale_hits_(stats_.counter("hazard_stale_hits", "count",
                                        "hits on a line another master rewrote in memory (stale data here)")),
      dirty_discards_(stats_.counter("dirty_discards", "count", "dirty lines dropped by an invalidation (data lost)")),
      uncached_(stats_.counter("uncached", "count", "transactions passed through (uncached ranges)")),
      miss_latency_(stats_.histogram("miss_latency", "ps", "miss to fill completion")) {
    tag_busy_ = cfg.lookup_interval ? cfg.lookup_interval : cfg.hit_latency;
    prio_.max_p = cfg.policy_params.pb_max_priority;
    prio_.period = cfg.policy_params.pb_period;
    prio_.default_prio = cfg.default_priority;
    for (size_t k = 0; k < cache::kRegionStatCount; ++k)
        totals_[k] = &stats_.counter(cache::kRegionStatFields[k].name, "count", cache::kRegionStatFields[k].desc);
    own_.push_back(trace_id());
    scratch_.assign(cfg.geometry.line, 0);
    payload_.set_extension(&ext_);
    down_.set_extension(&down_ext_);
    if (bus_side) {
        target_socket_ = std::make_unique<tlm_utils::simple_target_socket<Cache>>("target_socket");
        target_socket_->register_b_transport(this, &Cache::b_transport);
        target_socket_->register_transport_dbg(this, &Cache::transport_dbg);
        target_socket_->register_get_direct_mem_ptr(this, &Cache::get_direct_mem_ptr);
    }
    initiator_socket.register_invalidate_direct_mem_ptr(this, &Cache::invalidate_direct_mem_ptr);
    if (cfg.ctrl_base)
        ctrl_ = std::make_unique<CacheController>((std::string(basename()) + "_ctrl").c_str(), ctx, *this,
                                                  MmioPort{cfg.ctrl_base, cfg.ctrl_latency});
    stats_.derived("hit_rate", "ratio", "hits / accesses", [this] {
        const uint64_t accesses = totals_[0]->value, hits = totals_[1]->value;
        return accesses ? double(hits) / double(accesses) : 0.0;
    });
    set_regions({});
    const double e = cfg.e_access > 0 ? cfg.e_access : sram_access_pj(cfg.geometry.size);
    const double words = double(cfg.geometry.line) / 8.0;
    e_access_ = ctx.energy.define(name_, "access", e);
    e_fill_ = ctx.energy.define(name_, "fill", e * words);
    e_writeback_ = ctx.energy.define(name_, "writeback", e * words);
}

Cache::~Cache() {
    payload_.clear_extension(&ext_);
    down_.clear_extension(&down_ext_);
}

bool Cache::cacheable_slow(uint64_t addr) const {
    uint64_t lo = 0, hi = ~uint64_t(0);
    for (auto& r : cfg_.uncached) {
        if (addr - r.base < r.size) return false;
        if (r.base + r.size <= addr)
            lo = std::max(lo, r.base + r.size);
        else
            hi = std::min(hi, r.base);
    }
    cacheable_lo_ = lo;
    cacheable_span_ = hi - lo;
    return true;
}

void Cache::set_regions(const std::vector<cache::Region>& regions) {
    array_.set_regions(regions);
    region_counters_.clear();
    if (regions.empty()) return;
    // One set of counters per region and one for "other", in the order of array_.stats().
    for (size_t i = 0; i <= regions.size(); ++i) {
        const bool other = i == regions.size();
        const std::string prefix = "region." + (other ? std::string("other") : regions[i].name) + ".";
        const std::string where = other ? " outside every region" : " in region " + regions[i].name;
        RegionCounters& c = region_counters_.emplace_back();
        for (size_t k = 0; k < cache::kRegionStatCount; ++k) {
            const std::string key = cache::kRegionStatFields[k].name;
            c[k] = stats_.find_counter(prefix + key);  // named again by a later call: the same counter
            if (!c[k]) c[k] = &stats_.counter(prefix + key, "count", key + where);
        }
    }
}

void Cache::select_policy(const std::string& name) {
    cache::PolicyParams p = cfg_.policy_params;
    p.pb_max_priority = prio_.max_p;
    p.pb_period = prio_.period;
    p.hot_start = prio_.hot_start;
    p.hot_end = prio_.hot_end;
    array_.set_policy(name, p);
}

void Cache::set_stat_window(uint32_t start, uint32_t end) {
    win_lo_ = start;
    win_span_ = end > start ? uint64_t(end) - start : 0;
    bind_repeats();  // repeated hits would not count in the window
}

void Cache::start_of_simulation() {
    simulating_ = true;
    bind_repeats();
}

void Cache::bind_repeats() {
    const bool grants = repeat_holder_ && simulating_ && cfg_.hit_latency == 0 && win_span_ == 0;
    if (repeat_holder_) repeat_holder_->revoke_all();
    array_.bind_repeat_hits(grants ? repeat_holder_ : nullptr, grants ? ctx_.energy.count_ptr(e_access_) : nullptr);
}

void Cache::stat_snapshot() {
    const cache::RegionStats t = array_.totals();
    stat_latched_.accesses = t.accesses - stat_base_.accesses;
    stat_latched_.misses = t.misses - stat_base_.misses;
    stat_latched_.writebacks = t.writebacks - stat_base_.writebacks;
    stat_latched_.win_accesses = win_accesses_;
    stat_latched_.win_misses = win_misses_;
}

void Cache::stat_reset() {
    stat_base_ = array_.totals();
    win_accesses_ = win_misses_ = 0;
}

// ---------------------------------------------------------------------------------------------
// Timing of accesses

// The miss path, in the order the hardware does it: an MSHR, the miss's trace span, the priority read
// (in parallel with the fill), the victim's write-back (posted), the fill, and the completion.
Tick Cache::miss(uint64_t addr, bool write, bool full_line, bool offset0, Tick at, Tick looked_up,
                 const TxnExt& origin) {
    const uint64_t line = array_.line_addr(addr);
    // 1. The earliest free MSHR (with one MSHR the cache is blocking).
    const unsigned mshr = mshrs_.earliest();
    Tick start = looked_up;
    if (mshrs_.free_at(mshr) > start) {
        ++mshr_waits_;
        start = mshrs_.free_at(mshr);
    }
    // 2. The miss is a span of its own (issued at the access's time), so that the fill, the write-back
    //    and the priority read hang below it.
    //    (An inert span does not read its payload: filled only for the trace.)
    TraceSpan span(ctx_.tracer, trace_id(), ctx_.tracer.enabled() ? miss_payload(line, write, origin) : payload_, at);
    const uint64_t parent = span.active() ? span.id() : origin.trace_id;
    span.start(start);
    span.attr("miss", 1);
    // 3. The line's initial priority: from the controller's table in the FV range (AC, PB), read from
    //    below in parallel with the fill.
    Tick prio_done = start;
    const uint32_t prio = initial_priority(line, start, origin, parent, prio_done);
    // 4. The victim leaves and the line is installed (tags only: no data waits for the fill). A dirty
    //    victim is written back posted: it takes downstream bandwidth but does not delay the fill.
    const cache::Eviction victim = array_.fill(addr, write, offset0, prio);
    ctx_.energy.add(e_fill_);
    const size_t filled = slot(array_.set_of(addr), array_.last_way());
    if (victim.dirty) write_back(victim.addr, start, origin, parent);
    // 5. The line from below, unless the write covers it whole.
    Tick fill_done = start;
    if (!(write && full_line))
        fill_done = downstream(tlm::TLM_READ_COMMAND, line, cfg_.geometry.line, start, origin, parent, nullptr, "fill");
    // 6. Complete when line and priority are back: until then the MSHR is busy and the line in flight.
    const Tick done = std::max(fill_done, prio_done);
    mshrs_.hold(mshr, filled, done);
    miss_latency_.add(done - start);
    span.finish(done, tlm::TLM_OK_RESPONSE);
    if (write && cfg_.posted_writes) return start;  // the store waits only for its MSHR
    return done;
}

// The miss span's payload (trace only): the line, the access's direction and origin.
tlm::tlm_generic_payload& Cache::miss_payload(uint64_t line, bool write, const TxnExt& origin) {
    ext_ = origin;
    if (!ext_.initiator) ext_.initiator = trace_id();
    payload_.set_address(line);
    payload_.set_data_length(cfg_.geometry.line);
    payload_.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    return payload_;
}

uint32_t Cache::initial_priority(uint64_t line, Tick at, const TxnExt& origin, uint64_t parent, Tick& done) {
    done = at;
    if (!policy().reads_priority) return prio_.default_prio;
    if (prio_.fv_end <= prio_.fv_start || line < prio_.fv_start || line >= prio_.fv_end || !prio_.pr_start)
        return prio_.default_prio;
    const uint64_t entry = prio_.pr_start + 4 * ((line - prio_.fv_start) / cfg_.geometry.line);
    uint32_t value = 0;
    ++array_.stats_for(line).priority_fetches;
    // The table entry is read like any data: through the caches below and the memory, timed.
    done =
        downstream(tlm::TLM_READ_COMMAND, entry, 4, at, origin, parent, reinterpret_cast<uint8_t*>(&value), "priority");
    return value;
}

Tick Cache::write_back(uint64_t line, Tick at, const TxnExt& origin, uint64_t parent) {
    ctx_.energy.add(e_writeback_);
    // The memory holds the current data (tags-only cache): the write-back is a real transaction (memory
    // timing, bandwidth, trace) that moves no data.
    return downstream(tlm::TLM_WRITE_COMMAND, line, cfg_.geometry.line, at, origin, parent, nullptr, "writeback");
}

void Cache::line_failed(const char* why, uint64_t addr, unsigned len) {
    VP_WARN(log_, "{} of 0x{:x} ({} bytes) failed: {}", why, addr, len, "TLM_ADDRESS_ERROR_RESPONSE");
}

Tick Cache::payload_downstream(tlm::tlm_command cmd, uint64_t addr, unsigned len, Tick at, const TxnExt& origin,
                               uint64_t parent, uint8_t* data, const char* why) {
    tlm::tlm_generic_payload& p = down_;
    down_ext_ = origin;
    down_ext_.initiator = origin.initiator ? origin.initiator : trace_id();
    down_ext_.trace_id = parent;
    down_ext_.trace_component = parent ? trace_id() : 0;
    down_ext_.timing_only = data == nullptr;
    prepare_transfer(p, cmd == tlm::TLM_WRITE_COMMAND, addr - base_, data ? data : scratch_.data(), len);
    const Tick done = timed_call(next_, initiator_socket, p, std::max(at, sim_now()));
    if (!p.is_response_ok())
        VP_WARN(log_, "{} of 0x{:x} ({} bytes) failed: {}", why, addr, len, p.get_response_string());
    return done;
}

// ---------------------------------------------------------------------------------------------
// Maintenance

Tick Cache::maintain(Maint op, uint64_t addr, Tick at, const TxnExt& origin) {
    const uint64_t line = array_.line_addr(addr);
    Tick done = at + cfg_.hit_latency;
    if (!array_.contains(line)) return done;
    if (op == Maint::Clean || op == Maint::Flush) {
        if (array_.clean(line)) done = std::max(done, write_back(line, at, origin, 0));
    }
    if (op == Maint::Invalidate || op == Maint::Flush) {
        const cache::Eviction ev = array_.invalidate(line);
        if (ev.dirty) {
            ++dirty_discards_;
            hazard(
                "invalidation (pc 0x%08x) dropped dirty line 0x%08llx: in hardware the CPU's writes to it are "
                "lost (clean or flush first)",
                origin.pc, (unsigned long long)line);
        }
        if (dropped_) dropped_(line);
    }
    return done;
}

Tick Cache::maintain_block(Maint op, uint64_t addr, uint32_t block, Tick at, const TxnExt& origin) {
    const uint64_t line_bytes = cfg_.geometry.line;
    if (block <= line_bytes) return maintain(op, addr, at, origin);
    const uint64_t first = addr & ~uint64_t(block - 1);
    Tick done = at;
    for (uint64_t a = first; a < first + block; a += line_bytes) done = std::max(done, maintain(op, a, at, origin));
    return done;
}

Tick Cache::maintain_all(Maint op, Tick at) {
    TxnExt origin;
    origin.initiator = trace_id();
    Tick done = at;
    // Write-backs go out back to back; the operation completes with the last one.
    if (op == Maint::Clean || op == Maint::Flush) {
        for (uint64_t line : array_.dirty_lines()) {
            array_.clean(line);
            done = std::max(done, write_back(line, at, origin, 0));
        }
    }
    if (op == Maint::Invalidate || op == Maint::Flush) {
        uint64_t discarded = 0;
        for (const cache::Eviction& ev : array_.invalidate_all()) {
            discarded += ev.dirty;
            if (dropped_) dropped_(ev.addr);
        }
        dirty_discards_ += discarded;
        mshrs_.forget_fills();
        if (discarded)  // only a plain invalidation can drop dirty lines (flush cleaned them first)
            hazard("whole-cache invalidation dropped %llu dirty lines", (unsigned long long)discarded);
    }
    return done;
}

// ---------------------------------------------------------------------------------------------
// Hazards with non-coherent masters

void Cache::observe(tlm::tlm_generic_payload& p, Tick at) {
    const TxnExt* e = txn_ext(p);
    observe(p, at, e ? e->initiator : 0);
}

void Cache::observe(tlm::tlm_generic_payload& p, Tick, uint16_t who) {
    // (Another master's write marks lines stale through the array, which takes their grants back.)
    if (std::find(own_.begin(), own_.end(), who) != own_.end()) return;
    const uint64_t addr = p.get_address();
    const unsigned len = p.get_data_length();
    if (!len || !cacheable(addr)) return;
    const uint64_t last = array_.line_addr(addr + len - 1);
    for (uint64_t l = array_.line_addr(addr);; l += cfg_.geometry.line) {
        if (p.is_read() && array_.dirty(l)) {
            ++hazard_dirty_reads_;
            hazard(
                "%s read 0x%08llx, a line dirty in this cache: the master gets stale memory (clean the line before "
                "starting the transfer)",
                who && who < ctx_.tracer.component_count() ? ctx_.tracer.component_name(who).c_str() : "another master",
                (unsigned long long)l);
        } else if (p.is_write() && array_.contains(l)) {
            array_.set_user_flags(l, 1);  // stale: reported if the CPU hits it before invalidating
        }
        if (l == last) break;
    }
}

// A CPU hit on a line another master rewrote in memory (observe() marked it): reported once per rewrite.
void Cache::stale_hit(uint64_t addr, bool write, const TxnExt& origin) {
    array_.set_user_flags(addr, 0);
    ++hazard_stale_hits_;
    hazard(
        "%s hit at 0x%08llx (pc 0x%08x) on a line another master rewrote in memory: the cache returns stale data "
        "(invalidate before reading DMA output)",
        write ? "store" : "load", (unsigned long long)addr, origin.pc);
}

void Cache::hazard(const char* format, ...) {
    if (cfg_.hazard == CacheConfig::HazardAction::Ignore) return;
    va_list args, again;
    va_start(args, format);
    va_copy(again, args);
    std::string what(size_t(std::vsnprintf(nullptr, 0, format, args)), '\0');
    std::vsnprintf(what.data(), what.size() + 1, format, again);
    va_end(again);
    va_end(args);
    if (hazard_reports_++ < 10)
        VP_WARN(log_, "stale-data hazard: {}", what);
    else if (hazard_reports_ == 11)
        VP_WARN(log_, "further hazards are only counted (stats: hazard_*)");
    if (cfg_.hazard == CacheConfig::HazardAction::Error)
        ctx_.request_stop(kExitHazard, name_ + ": stale-data hazard: " + what);
}

// ---------------------------------------------------------------------------------------------
// Bus-side cache (L2): TLM target

void Cache::b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) { b_transport_timed(*this, p, delay); }

Tick Cache::timed_transport(tlm::tlm_generic_payload& p, Tick arrival) {
    const uint64_t addr = p.get_address() + base_;
    const unsigned len = p.get_data_length();
    if (!cacheable(addr)) {
        ++uncached_;
        return timed_call(next_, initiator_socket, p, arrival);
    }
    p.set_address(addr);  // the span shows the physical address, like the bus and the L1s
    TraceSpan span(ctx_.tracer, trace_id(), p, arrival);
    p.set_address(addr - base_);
    // Data: through the untimed path (memory always holds the current data). An L1's fills and
    // write-backs move none (the bus has checked the address against the memory's mapping).
    TxnExt* const ext = txn_ext(p);
    if (!(ext && ext->timing_only) && initiator_socket->transport_dbg(p) != len) {
        p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        const Tick end = arrival + cfg_.hit_latency;
        span.finish(end, p.get_response_status());
        return end;
    }
    TxnExt origin;
    if (ext) origin = *ext;
    origin.trace_id = span.active() ? span.id() : 0;
    const Tick end = access(addr, len, p.is_write(), arrival, origin);
    span.start(arrival);
    span.attr("hit", !last_missed_);
    p.set_response_status(tlm::TLM_OK_RESPONSE);
    p.set_dmi_allowed(false);
    span.finish(end, p.get_response_status());
    return end;
}

// An L1's fill or write-back on the line path: timed_transport() without the payload, the span and
// the data (a timing-only transfer moves none).
Tick Cache::line_transport(LineTransfer& t, Tick arrival) {
    const uint64_t addr = t.addr + base_;
    if (!cacheable(addr)) {
        ++uncached_;
        if (line_path_) return next_->line_transport(t, arrival);
        tlm::tlm_generic_payload& p = line_payload_.fill(t);
        const Tick end = timed_call(next_, initiator_socket, p, arrival);
        t.ok = p.is_response_ok();
        return end;
    }
    TxnExt origin;
    t.origin(origin);
    return access(addr, t.len, t.write, arrival, origin);
}

unsigned Cache::transport_dbg(tlm::tlm_generic_payload& p) { return initiator_socket->transport_dbg(p); }

bool Cache::get_direct_mem_ptr(tlm::tlm_generic_payload& p, tlm::tlm_dmi& dmi) {
    // Granted for the CPU's functional fast path: a CPU with caches takes its timing from its L1s.
    return initiator_socket->get_direct_mem_ptr(p, dmi);
}

void Cache::invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) {
    if (target_socket_) (*target_socket_)->invalidate_direct_mem_ptr(start, end);
}

// ---------------------------------------------------------------------------------------------

void Cache::publish() {
    auto copy = [](const cache::RegionStats& from, RegionCounters& to) {
        for (size_t k = 0; k < cache::kRegionStatCount; ++k) to[k]->value = from.*cache::kRegionStatFields[k].count;
    };
    copy(array_.totals(), totals_);
    for (size_t i = 0; i < region_counters_.size(); ++i) copy(array_.stats()[i], region_counters_[i]);
}

void Cache::finalize() { publish(); }

std::string Cache::summary() const {
    const cache::RegionStats t = array_.totals();
    if (!t.accesses) return {};
    char buf[200];
    snprintf(buf, sizeof buf, "%s %lluK %u-way: %llu accesses, %llu misses (hit rate %.2f %%), %llu write-backs",
             policy().name, (unsigned long long)(cfg_.geometry.size / 1024), cfg_.geometry.ways,
             (unsigned long long)t.accesses, (unsigned long long)t.misses, 100.0 * double(t.hits) / double(t.accesses),
             (unsigned long long)t.writebacks);
    return buf;
}

}  // namespace vp
