// A set-associative, write-back, write-allocate cache as a TLM-2.0 model (L1I, L1D, L2).
//
// Tags only (docs/cache.md): the data always lives in the memory behind the cache, so correctness never
// depends on the cache; the cache decides *when* things happen. Two ways in:
//   - access(): a direct call for the CPU's L1s. A hit costs no TLM call at all; the CPU's ISS moves
//     the data through its DMI fast path and asks the L1 only for the timing.
//   - target_socket: bus-side caches (the shared L2) serve TLM transactions; the data moves through
//     the downstream debug interface (untimed), the timing through the tag model.
// Misses, write-backs and priority-table reads are timed TLM transactions on initiator_socket,
// traced as children of the access that caused them.
//
// Timing (LT + reservation, docs/timing.md and docs/cache.md): a lookup takes hit_latency on the tag
// port; a miss takes an MSHR (the earliest free one: with 1 MSHR the cache is blocking), fetches the
// line (and the line's priority in parallel) and completes when both are back. The line is installed
// at once with a "ready at" time, so a later access to a line still in flight waits for it (an MSHR
// merge) instead of missing again. A dirty victim is written back posted: it uses the downstream
// bandwidth but does not delay the fill. With posted_writes, a store miss costs the CPU only the time
// to get an MSHR.
//
// In the code: access() walks the lines an access touches; lookup() is the hit path (tag port, array,
// MSHR merge), miss() the miss path, top to bottom (cache.cpp).
#pragma once
#include <algorithm>
#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>
#include "config/params.h"
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include "models/cache/cache_array.h"
#include "models/cache/mshrs.h"
#include "models/common/context.h"
#include "models/common/timed_target.h"
#include "models/common/timeline.h"
#include "models/common/txn.h"

namespace vp {
class CacheController;

struct CacheConfig {
    cache::Geometry geometry;
    Tick hit_latency = 0;       // tag + data array access on a hit (and the lookup before a miss)
    Tick lookup_interval = 0;   // time a lookup holds the tag port (pipelined tag RAM); 0 = hit_latency
    unsigned mshrs = 4;         // outstanding misses; 1 = blocking
    bool posted_writes = true;  // a store miss does not wait for its fill (store buffer)
    std::string policy = "lru";
    cache::PolicyParams policy_params;
    uint32_t default_priority = 0;
    double e_access = 0;     // pJ per lookup (one 64-bit word); 0: from the size (sram_access_pj)
    uint64_t ctrl_base = 0;  // controller registers (0: none)
    Tick ctrl_latency = 10 * kNs;
    enum class HazardAction { Ignore, Warn, Error } hazard = HazardAction::Warn;
    struct Range {
        uint64_t base = 0, size = 0;
        void params(config::Params& p);
    };
    std::vector<Range> uncached;  // passed through untouched (bus-side) / not looked up (CPU-side)

    // Every parameter, once (config/params.h). The platform declares each cache (l1i, l1d, l2) from
    // an instance holding that cache's defaults.
    void params(config::Params& p);
};

// Energy of one 64-bit SRAM access of an array of `bytes`: Horowitz (ISSCC 2014, 45 nm) gives 10 pJ
// at 8 KiB, 20 pJ at 32 KiB and 100 pJ at 1 MiB; in between and beyond, a power law through the two
// nearest points (docs/energy.md).
double sram_access_pj(uint64_t bytes);

class Cache : public sc_core::sc_module, public Component, public TimedTarget {
public:
    tlm_utils::simple_initiator_socket<Cache> initiator_socket;  // downstream: misses, write-backs

    // `bus_side`: the cache is a TLM target (the L2) and has a target socket; a CPU's L1 is called
    // directly through access() and has none.
    Cache(sc_core::sc_module_name name, SimContext& ctx, const CacheConfig& cfg, bool bus_side);
    tlm_utils::simple_target_socket<Cache>& target_socket() { return *target_socket_; }
    ~Cache() override;
    // The model bound to initiator_socket is also `next` (timed_target.h): misses, write-backs and
    // priority reads call it without the socket hop. Null: through the socket.
    void bind_direct(TimedTarget* next) {
        next_ = next;
        line_path_ = next && next->serves_lines();
    }
    // The bus-side cache's transactions (b_transport is this behind the conversions).
    Tick timed_transport(tlm::tlm_generic_payload& p, Tick arrival) override;
    // The line path (timed_target.h): an L1's fills and write-backs reaching the bus-side cache.
    bool serves_lines() const override { return target_socket_ != nullptr; }
    Tick line_transport(LineTransfer& t, Tick arrival) override;

    // Timing of one access issued at `at` (tags only; the caller moves the data). Returns the time the
    // access completes. `origin` names the initiator and PC for the trace and for hazard reports.
    // `AroundMiss` is constructed before and destroyed after each miss, that is around the cache's calls
    // into the models below: a caller whose own state those models could disturb passes a type that
    // keeps it (the CPU's L1s: iss::HostFpFlagsKept). Hits never construct it.
    struct NothingAround {};
    template <class AroundMiss = NothingAround>
    Tick access(uint64_t addr, unsigned len, bool write, Tick at, const TxnExt& origin);
    bool cacheable(uint64_t addr) const {
        if (addr - cacheable_lo_ < cacheable_span_) return true;  // inside the last cacheable gap
        return cacheable_slow(addr);
    }

    // Maintenance on the line holding addr (Zicbom) or on every line (controller MAINT register).
    // Write-backs are timed transactions; returns the completion time.
    enum class Maint { Clean = 1, Invalidate = 2, Flush = 3 };
    Tick maintain(Maint op, uint64_t addr, Tick at, const TxnExt& origin);
    // The same on every line in the aligned block of `block` bytes holding addr (Zicbom: the
    // platform's cache-block size, VP_CBO_BLOCK_SIZE, may span several lines of this cache).
    Tick maintain_block(Maint op, uint64_t addr, uint32_t block, Tick at, const TxnExt& origin);
    Tick maintain_all(Maint op, Tick at);
    // Another hart's store to `addr` (several harts, docs/smp.md "Coherence"): the line leaves this cache,
    // written back first when dirty. False (and `done` untouched) when the cache does not hold it.
    bool snoop_invalidate(uint64_t addr, Tick at, const TxnExt& origin, Tick& done) {
        if (!array_.contains(array_.line_addr(addr))) return false;
        done = maintain(Maint::Flush, addr, at, origin);
        return true;
    }
    // Another L1's load (MSI, docs/smp.md): a copy dirty here is written back and stays, clean (M -> S).
    // False (and `done` untouched) when this cache holds no dirty copy.
    bool snoop_clean(uint64_t addr, Tick at, const TxnExt& origin, Tick& done) {
        if (!array_.dirty(array_.line_addr(addr))) return false;
        done = maintain(Maint::Clean, addr, at, origin);
        return true;
    }

    // Seen by the bus: a transaction of another master (DMA). A read of a line dirty here, a CPU hit on
    // a line another master rewrote, are stale-data hazards; see docs/cache.md.
    void observe(tlm::tlm_generic_payload& p, Tick at);
    void observe(tlm::tlm_generic_payload& p, Tick at, uint16_t initiator);  // the initiator known (the bus)
    // Initiators whose transactions are this cache's own (its CPU, the CPU's other L1).
    void add_own_initiator(uint16_t id) { own_.push_back(id); }
    // This cache's own initiators, itself included: observe() ignores their transactions (and so may
    // the bus, Bus::add_observer).
    const std::vector<uint16_t>& own_initiators() const { return own_; }
    // A callback for "the content of this line may have changed under the CPU" (I-cache invalidation
    // must also drop decoded instructions). Called for lines invalidated or found stale.
    void on_line_dropped(std::function<void(uint64_t line)> fn) { dropped_ = std::move(fn); }

    // A bus-side cache sees addresses relative to its bus mapping; `base` turns them back into
    // physical addresses (what firmware writes into the controller and what statistics use).
    void set_mapping_base(uint64_t base) { base_ = base; }
    void add_uncached(uint64_t base, uint64_t size) {
        cfg_.uncached.push_back({base, size});
        cacheable_span_ = 0;
    }

    cache::CacheArray& array() { return array_; }
    const CacheConfig& config() const { return cfg_; }
    CacheController* controller() { return ctrl_.get(); }
    void set_regions(const std::vector<cache::Region>& regions);

    // Controller state (registers): the feature-vector range and the priority table.
    struct PriorityRegs {
        uint32_t fv_start = 0, fv_end = 0, pr_start = 0;
        uint32_t max_p = 10, period = 100, default_prio = 0;
        uint32_t hot_start = 0, hot_end = 0;
    };
    PriorityRegs& priority_regs() { return prio_; }
    // Statistics the controller exposes (STAT_* registers): live counts since the last reset, and a
    // window [win_start, win_end) whose lookups are counted apart (a strip's feature reads, say).
    // A snapshot latches all counts at once, so firmware reads consistent 64-bit values in halves.
    struct StatSnapshot {
        uint64_t accesses = 0, misses = 0, writebacks = 0, win_accesses = 0, win_misses = 0;
    };
    void set_stat_window(uint32_t start, uint32_t end);
    void stat_snapshot();
    void stat_reset();
    const StatSnapshot& stat_latched() const { return stat_latched_; }

    // Repeat hits (models/common/repeat_hits.h): `holder` (the CPU's hart) may repeat the hits this
    // cache grants it without calling access(). Granted only while the cache has no hit latency and no
    // statistics window; nullptr: no grants. Takes effect at the start of the simulation.
    void grant_repeat_hits(RepeatHits* holder) {
        repeat_holder_ = holder;
        bind_repeats();
    }
    // After access() of `addr` by the holder, which waited for it until `until` (the hart stalls for
    // its misses): if that access missed and the fill is complete by then, the line's first hit will
    // take no time and, where the fill counts as a hit for the policy (the array remembered the line:
    // LRU, PLRU, random), change nothing a repeat does not. Granted now, that hit needs no call either.
    void grant_after_miss(uint64_t addr, Tick until) {
        if (!last_missed_) return;
        if (mshrs_.ready(slot(array_.set_of(addr), array_.last_way()), until) <= until) array_.grant_repeat(addr);
    }

    // Replaces the policy by name (controller POLICY register); keeps tags.
    void select_policy(const std::string& name);
    const cache::PolicyInfo& policy() const { return array_.policy_info(); }
    std::string policy_name() const { return policy().name; }

    std::string summary() const override;
    void finalize() override;

private:
    void start_of_simulation() override;
    void bind_repeats();
    void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& p);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& p, tlm::tlm_dmi& dmi);
    void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end);

    // The hit path of one line: the tag port, the array lookup and, on a hit, the wait for a fill still
    // in flight. `ready`: when a hit's data is there, or when a miss may start.
    struct Lookup {
        bool hit;
        Tick ready;
    };
    Lookup lookup(uint64_t addr, bool write, bool offset0, Tick at, const TxnExt& origin);
    // The miss path of one line (`looked_up`: the end of its lookup). Returns when the access completes.
    Tick miss(uint64_t addr, bool write, bool full_line, bool offset0, Tick at, Tick looked_up, const TxnExt& origin);
    // miss() inside an AroundMiss (see access()), and access() of an access spanning several lines.
    template <class AroundMiss>
    Tick miss_around(uint64_t addr, bool write, bool full_line, bool offset0, Tick at, Tick looked_up,
                     const TxnExt& origin);
    template <class AroundMiss>
    Tick access_lines(uint64_t addr, unsigned len, bool write, Tick at, const TxnExt& origin);
    size_t slot(unsigned set, unsigned way) const { return size_t(set) * cfg_.geometry.ways + way; }
    tlm::tlm_generic_payload& miss_payload(uint64_t line, bool write, const TxnExt& origin);
    // A timed downstream transaction; returns its completion time. `parent`: the span that caused it.
    // `data`: where the data goes or comes from; null for the cache's own line fills and write-backs,
    // which move none (TxnExt::timing_only: the memory holds the current data).
    // A fill or write-back (no data) while no trace is recorded takes the line path (timed_target.h).
    Tick downstream(tlm::tlm_command cmd, uint64_t addr, unsigned len, Tick at, const TxnExt& origin, uint64_t parent,
                    uint8_t* data, const char* why) {
        if (!data && line_path_ && !ctx_.tracer.enabled()) return line_downstream(cmd, addr, len, at, origin, why);
        return payload_downstream(cmd, addr, len, at, origin, parent, data, why);
    }
    // (Inline in the miss path: a call more per fill and write-back otherwise; the warning is out of
    // line.)
    [[gnu::always_inline]] Tick line_downstream(tlm::tlm_command cmd, uint64_t addr, unsigned len, Tick at,
                                                const TxnExt& origin, const char* why) {
        LineTransfer t{
            addr - base_,  len,      cmd == tlm::TLM_WRITE_COMMAND, origin.initiator ? origin.initiator : trace_id(),
            origin.has_pc, origin.pc};
        const Tick done = next_->line_transport(t, std::max(at, sim_now()));
        if (__builtin_expect(!t.ok, 0)) line_failed(why, addr, len);
        return done;
    }
    [[gnu::cold, gnu::noinline]] void line_failed(const char* why, uint64_t addr, unsigned len);
    Tick payload_downstream(tlm::tlm_command cmd, uint64_t addr, unsigned len, Tick at, const TxnExt& origin,
                            uint64_t parent, uint8_t* data, const char* why);
    Tick write_back(uint64_t line, Tick at, const TxnExt& origin, uint64_t parent);
    uint32_t initial_priority(uint64_t line, Tick at, const TxnExt& origin, uint64_t parent, Tick& done);
    void stale_hit(uint64_t addr, bool write, const TxnExt& origin);
    // Counts nothing itself: logs (the first ten), stops the run (hazards: error), as configured.
    void hazard(const char* format, ...) __attribute__((format(printf, 2, 3)));
    void publish();

    std::unique_ptr<tlm_utils::simple_target_socket<Cache>> target_socket_;
    CacheConfig cfg_;
    cache::CacheArray array_;
    bool last_missed_ = false;  // the last lookup() missed (b_transport's trace attribute)
    PriorityRegs prio_;
    cache::Mshrs mshrs_;
    Timeline tag_port_;
    Tick tag_busy_ = 0;                 // what one lookup holds the tag port: lookup_interval, or hit_latency when 0
    std::vector<uint8_t> scratch_;      // the data pointer of timing-only transfers (nothing is copied)
    tlm::tlm_generic_payload payload_;  // the miss span's payload (trace only)
    TxnExt ext_;
    tlm::tlm_generic_payload down_;  // downstream transactions (reused: no allocation per miss)
    TxnExt down_ext_;
    std::vector<uint16_t> own_;  // own_initiators(): trace_id() first
    std::function<void(uint64_t)> dropped_;
    std::unique_ptr<CacheController> ctrl_;
    RepeatHits* repeat_holder_ = nullptr;
    TimedTarget* next_ = nullptr;  // the model behind initiator_socket, when bound directly
    bool line_path_ = false;       // next_ serves lines (timed_target.h)
    LinePayload line_payload_;     // an uncached line transfer for a next_ that does not
    bool simulating_ = false;      // start_of_simulation() ran: the energy ledger's kinds are all defined
    uint64_t base_ = 0;            // physical address of downstream address 0
    bool cacheable_slow(uint64_t addr) const;
    // The largest range around the last cacheable address free of uncached ranges (a memo).
    mutable uint64_t cacheable_lo_ = 0, cacheable_span_ = 0;

    // The array counts lookups, hits, misses, ... per region (one place); publish() copies those counts
    // into these counters at the end of the run (kRegionStatFields order).
    using RegionCounters = std::array<Counter*, cache::kRegionStatCount>;
    RegionCounters totals_;
    std::vector<RegionCounters> region_counters_;  // per region and "other" (none without regions)
    Counter &mshr_merges_, &mshr_waits_, &hazard_dirty_reads_, &hazard_stale_hits_, &dirty_discards_, &uncached_;
    Histogram& miss_latency_;
    uint64_t hazard_reports_ = 0;
    // STAT_* registers: totals at the last reset, the window and its live counts, the latched values.
    cache::RegionStats stat_base_;
    uint64_t win_lo_ = 0, win_span_ = 0, win_accesses_ = 0, win_misses_ = 0;
    StatSnapshot stat_latched_;
    // Energy ledger events: a lookup (one word), a line written into the array (fill), a line read
    // out of it (write-back).
    EnergyLedger::Kind e_access_, e_fill_, e_writeback_;
};

// The hit path: every access of every line starts here (the miss path, cache.cpp, is the rare one).
// Inline in access(): it runs for every line looked up (a call each time, with its register saves,
// cost ~3 % of a cached run's host instructions). Forced: g++ 12 kept it out of line once access()
// had grown (a call from each access() of the L1s and the L2 in every L1 miss, ~20 host
// instructions each).
[[gnu::always_inline]] inline Cache::Lookup Cache::lookup(uint64_t addr, bool write, bool offset0, Tick at,
                                                          const TxnExt& origin) {
    Tick t = at;
    if (cfg_.hit_latency) t = tag_port_.reserve(at, tag_busy_) + cfg_.hit_latency;
    ctx_.energy.add(e_access_);
    const bool hit = array_.access(addr, write, offset0);
    if (__builtin_expect(addr - win_lo_ < win_span_, 0)) {  // the controller's statistics window
        ++win_accesses_;
        win_misses_ += !hit;
    }
    last_missed_ = !hit;
    if (!hit) return {false, t};
    const unsigned set = array_.set_of(addr), way = array_.last_way();
    const Tick ready = mshrs_.ready(slot(set, way), t);  // a fill still in flight: wait for it (an MSHR merge)
    if (ready != t) ++mshr_merges_;
    if (__builtin_expect(array_.user_flags_at(set, way) != 0, 0)) stale_hit(addr, write, origin);
    return {true, ready};
}

// Forced inline (like lookup()): its callers are the hart's timing call for every L1 access it
// does not repeat, and the L2's entries; a call more per L1 miss and per L2 access otherwise.
template <class AroundMiss>
[[gnu::always_inline]] inline Tick Cache::access(uint64_t addr, unsigned len, bool write, Tick at,
                                                 const TxnExt& origin) {
    const uint64_t line = cfg_.geometry.line;
    // Nearly every access is an aligned word inside one line: looked up without the loop over
    // lines, and with the miss path out of line, so that a hit runs in a small frame.
    if (__builtin_expect(((addr ^ (addr + (len ? len : 1) - 1)) & ~(line - 1)) == 0, 1)) {
        const uint64_t offset = addr & (line - 1);
        const Lookup found = lookup(addr, write, offset < 4, at, origin);
        if (__builtin_expect(found.hit, 1)) {
            if (found.ready <= at) array_.grant_repeat(addr);  // took no time: may repeat without a call
            return std::max(at, found.ready);
        }
        return std::max(
            at, miss_around<AroundMiss>(addr, write, offset == 0 && len == line, offset < 4, at, found.ready, origin));
    }
    return access_lines<AroundMiss>(addr, len, write, at, origin);
}

template <class AroundMiss>
[[gnu::noinline]] Tick Cache::miss_around(uint64_t addr, bool write, bool full_line, bool offset0, Tick at,
                                          Tick looked_up, const TxnExt& origin) {
    [[maybe_unused]] const AroundMiss around{};
    return miss(addr, write, full_line, offset0, at, looked_up, origin);
}

template <class AroundMiss>
[[gnu::noinline]] Tick Cache::access_lines(uint64_t addr, unsigned len, bool write, Tick at, const TxnExt& origin) {
    const unsigned line = cfg_.geometry.line;
    const uint64_t first = array_.line_addr(addr), last = array_.line_addr(addr + (len ? len : 1) - 1);
    Tick done = at;
    for (uint64_t l = first;; l += line) {
        const uint64_t a = l == first ? addr : l;
        const bool full = addr <= l && addr + len >= l + line;
        const bool offset0 = (l >= addr ? 0 : addr - l) < 4;  // AC counts a visit when the first word is touched
        const Lookup found = lookup(a, write, offset0, at, origin);
        if (__builtin_expect(found.hit, 1))
            done = std::max(done, found.ready);
        else
            done = std::max(done, miss_around<AroundMiss>(a, write, full, offset0, at, found.ready, origin));
        if (l == last) break;
    }
    return done;
}

}  // namespace vp
