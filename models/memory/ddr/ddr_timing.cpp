#include "models/memory/ddr/ddr_timing.h"
#include <algorithm>
#include <stdexcept>
#include "models/common/sorted_search.h"

namespace vp {

namespace {

// The first ACT at or after t (std::lower_bound): new ACTs land at or near the back.
template <class Acts>
Tick* first_not_before(Acts& acts, Tick t) {
    return partition_point_from_back(acts.begin(), acts.end(), [t](Tick a) { return a < t; });
}

bool is_pow2(uint64_t v) { return v && !(v & (v - 1)); }
unsigned log2u(uint64_t v) { return v <= 1 ? 0 : 63 - __builtin_clzll(v); }

// The five field names of a mapping string, and what each one counts.
const char* const kFieldNames[] = {"Ro", "Ra", "Ba", "Ch", "Co"};

uint64_t field_size(const DdrConfig& c, char kind) {
    switch (kind) {
        case 'o': return c.rows;
        case 'a': return c.ranks;
        case 'B': return c.banks;
        case 'C': return c.channels;
        default: return c.columns / c.burst_length;  // Co counts bursts
    }
}

// Parses "RoRaBaChCo" into the field kinds, most significant first. Throws on a bad string.
std::vector<char> parse_mapping(const std::string& m) {
    if (m.size() != 10)
        throw std::invalid_argument("ddr mapping '" + m +
                                    "': expected the five fields Ro Ra Ba Ch Co, e.g. RoRaBaChCo");
    std::vector<char> kinds;
    for (size_t i = 0; i < m.size(); i += 2) {
        const std::string f = m.substr(i, 2);
        char k = 0;
        if (f == "Ro")
            k = 'o';
        else if (f == "Ra")
            k = 'a';
        else if (f == "Ba")
            k = 'B';
        else if (f == "Ch")
            k = 'C';
        else if (f == "Co")
            k = 'c';
        else
            throw std::invalid_argument("ddr mapping '" + m + "': unknown field '" + f + "' (use Ro, Ra, Ba, Ch, Co)");
        if (std::find(kinds.begin(), kinds.end(), k) != kinds.end())
            throw std::invalid_argument("ddr mapping '" + m + "': field '" + f + "' appears twice");
        kinds.push_back(k);
    }
    (void)kFieldNames;
    return kinds;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Configuration

void DdrConfig::validate() const {
    auto pow2 = [](const char* name, uint64_t v) {
        if (!is_pow2(v))
            throw config::ParamError(
                name, std::string("ddr ") + name + " = " + std::to_string(v) + ": must be a power of two");
    };
    pow2("channels", channels);
    pow2("ranks", ranks);
    pow2("banks", banks);
    pow2("rows", rows);
    pow2("columns", columns);
    pow2("bus_width", bus_width);
    pow2("burst_length", burst_length);
    if (burst_length < 2) throw config::ParamError("burst_length", "ddr burst_length must be >= 2");
    if (columns < burst_length) throw config::ParamError("columns", "ddr columns must be >= burst_length");
    if (tCK == 0) throw config::ParamError("tCK", "ddr tCK must be > 0");
    if (tREFI && tRFC >= tREFI) throw config::ParamError("tRFC", "ddr tRFC must be shorter than tREFI");
    try {
        parse_mapping(mapping);
    } catch (const std::invalid_argument& e) {
        throw config::ParamError("mapping", e.what());
    }
}

// ---------------------------------------------------------------------------------------------
// Address mapping

DdrAddressMap::DdrAddressMap(const DdrConfig& cfg) {
    const std::vector<char> kinds = parse_mapping(cfg.mapping);
    burst_shift_ = log2u(cfg.burst_bytes());
    unsigned shift = burst_shift_;
    for (auto it = kinds.rbegin(); it != kinds.rend(); ++it) {  // least significant first
        const unsigned bits = log2u(field_size(cfg, *it));
        Field& f = *it == 'o' ? row_ : *it == 'a' ? rank_ : *it == 'B' ? bank_ : *it == 'C' ? channel_ : column_;
        f = {shift, (uint64_t(1) << bits) - 1};
        shift += bits;
    }
}

// ---------------------------------------------------------------------------------------------
// Timing

DdrTiming::DdrTiming(const DdrConfig& cfg) : cfg_(cfg), map_((cfg.validate(), cfg)), tburst_(cfg.tBURST()) {
    channels_.resize(cfg.channels);
    for (Channel& ch : channels_) {
        ch.ranks.resize(cfg.ranks);
        for (unsigned r = 0; r < cfg.ranks; ++r) {
            ch.ranks[r].banks.resize(cfg.banks);
            // Ranks refresh in turn: rank r is first due at tREFI * (r + 1) / ranks.
            ch.ranks[r].next_refresh = cfg.tREFI ? cfg.tREFI * (r + 1) / cfg.ranks : kTickMax;
        }
    }
    for (unsigned i = 0; i < kNumCounts; ++i) counters_[i] = &local_[i];
}

void DdrTiming::register_stats(StatGroup& s) {
    struct Def {
        Count c;
        const char* name;
        const char* desc;
    };
    static const Def defs[] = {
        {kBursts, "bursts", "column commands (one data burst each; a transaction longer than a burst needs several)"},
        {kRowHits, "row_hits", "bursts that found their row open"},
        {kRowMisses, "row_misses", "bursts that found their bank precharged (ACT needed)"},
        {kRowConflicts, "row_conflicts", "bursts that found another row open (PRE + ACT needed)"},
        {kActivates, "activates", "ACT commands"},
        {kPrecharges, "precharges", "PRE commands (explicit, auto-precharge and before refresh)"},
        {kRefreshes, "refreshes", "REF commands (all ranks, all channels)"},
    };
    for (const Def& d : defs) {
        Counter& c = s.counter(d.name, "count", d.desc);
        c.value += counters_[d.c]->value;
        counters_[d.c] = &c;
    }
    s.derived("data_bus_utilization", "ratio", "busy fraction of the data buses (mean over channels)", [this, &s] {
        return s.elapsed() ? double(data_bus_busy()) / double(s.elapsed()) / double(cfg_.channels) : 0.0;
    });
    s.derived("row_hit_rate", "ratio", "row_hits / bursts", [this] {
        const uint64_t b = count(kBursts);
        return b ? double(count(kRowHits)) / double(b) : 0.0;
    });
    s.derived("peak_bandwidth", "bytes/s", "configured peak: channels * burst bytes / tBURST",
              [this] { return cfg_.peak_bandwidth(); });
}

void DdrTiming::attach(SimContext& ctx, const std::string& component) {
    EnergyLedger& ledger = ctx.energy;
    ledger_ = &ledger;
    e_act_ = ledger.define(component, "activate", cfg_.e_activate);
    e_rd_ = ledger.define(component, "read_burst", cfg_.e_read);
    e_wr_ = ledger.define(component, "write_burst", cfg_.e_write);
    e_ref_ = ledger.define(component, "refresh", cfg_.e_refresh);
}

Tick DdrTiming::data_bus_busy() const {
    Tick t = 0;
    for (const Channel& ch : channels_) t += ch.data_bus.busy_total();
    return t;
}

Tick DdrTiming::typical_read_latency() const { return cfg_.tRCD + cfg_.tCL + tburst_; }
Tick DdrTiming::typical_write_latency() const { return cfg_.tRCD + cfg_.tCWL + tburst_; }

void DdrTiming::refresh_until(unsigned ch, unsigned rk, Tick t) {
    Rank& r = channels_[ch].ranks[rk];
    while (r.next_refresh <= t) {
        const Tick due = r.next_refresh;
        // Precharge all open banks (as soon as each allows), then REF once every bank is idle.
        Tick ref = due;
        for (Bank& b : r.banks) {
            if (b.open) {
                const Tick pre = std::max(due, b.next_pre);
                bump(kPrecharges);
                ref = std::max(ref, pre + cfg_.tRP);
                b.open = false;
            }
            ref = std::max(ref, b.next_act);
        }
        const Tick end = ref + cfg_.tRFC;
        for (Bank& b : r.banks) b.next_act = end;
        bump(kRefreshes);
        energy(e_ref_);
        if (on_refresh_) on_refresh_(ch, rk, ref, end);
        r.next_refresh = due + cfg_.tREFI;
    }
}

void DdrTiming::finish(Tick t) {
    for (unsigned c = 0; c < cfg_.channels; ++c)
        for (unsigned r = 0; r < cfg_.ranks; ++r) refresh_until(c, r, t);
}

Tick DdrTiming::place_act(Rank& r, Tick t) {
    // ACTs that lie behind the kernel's time can no longer constrain a new one (arrivals are >= now).
    // A sorted sequence, not a set: ACTs arrive almost in time order, so pruning pops the front and
    // an insertion lands at or near the back, without a node allocation per ACT (Acts, ddr_timing.h).
    const Tick horizon = std::max(cfg_.tFAW, cfg_.tRRD);
    const Tick now = sim_now();
    while (!r.acts.empty() && r.acts.front() + horizon < now) r.acts.pop_front();

    // The usual case: the new ACT comes after every placed one, at least tRRD after the last and tFAW
    // after the fourth last (the only window of five it closes). The search below finds the same.
    const size_t n = r.acts.size();
    if (n == 0 || (t > r.acts.back() && t - r.acts.back() >= cfg_.tRRD && (n < 4 || t - r.acts[n - 4] >= cfg_.tFAW))) {
        r.acts.push_back(t);
        return t;
    }

    std::vector<Tick>& near = near_;
    for (;;) {
        // tRRD: no other ACT of the rank closer than tRRD, on either side.
        if (cfg_.tRRD) {
            auto it = first_not_before(r.acts, t >= cfg_.tRRD ? t - cfg_.tRRD + 1 : 0);
            if (it != r.acts.end() && *it < t + cfg_.tRRD) {
                t = *it + cfg_.tRRD;
                continue;
            }
        }
        // tFAW: every five consecutive ACTs (this one included) span at least tFAW.
        if (!cfg_.tFAW) break;
        near.clear();
        const Tick lo = t >= cfg_.tFAW ? t - cfg_.tFAW + 1 : 0;
        for (auto it = first_not_before(r.acts, lo); it != r.acts.end() && *it < t + cfg_.tFAW; ++it)
            near.push_back(*it);
        if (near.size() < 4) break;
        const size_t pos = std::upper_bound(near.begin(), near.end(), t) - near.begin();
        near.insert(near.begin() + pos, t);
        bool moved = false;
        for (size_t i = pos >= 4 ? pos - 4 : 0; i <= pos && i + 4 < near.size(); ++i) {
            if (near[i + 4] - near[i] < cfg_.tFAW) {
                // Move past the window: at least tFAW after its first ACT other than this one.
                const Tick first = i == pos ? near[i + 1] : near[i];
                t = first + cfg_.tFAW;
                moved = true;
                break;
            }
        }
        if (!moved) break;
    }
    const auto at = first_not_before(r.acts, t);
    if (at == r.acts.end() || *at != t) r.acts.insert(at, t);  // distinct, as the set kept them
    return t;
}

Tick DdrTiming::burst(bool write, const DdrCoord& c, Tick t, Tick& first_cmd, RowState& state) {
    Channel& ch = channels_[c.channel];
    Rank& r = ch.ranks[c.rank];
    Bank& b = r.banks[c.bank];
    // (Tested here: a refresh is due once per tREFI, about every thousandth burst, and the call for
    // nothing cost ~30 host instructions per burst.)
    if (__builtin_expect(r.next_refresh <= t, 0)) refresh_until(c.channel, c.rank, t);
    bump(kBursts);
    energy(write ? e_wr_ : e_rd_);

    Tick col_ready;
    if (b.open && b.row == c.row) {
        state = kHit;
        bump(kRowHits);
        col_ready = std::max(t, b.next_col);
    } else {
        Tick act_min = std::max(t, b.next_act);
        Tick pre = 0;
        if (b.open) {
            state = kConflict;
            bump(kRowConflicts);
            pre = std::max(t, b.next_pre);
            bump(kPrecharges);
            act_min = std::max(act_min, pre + cfg_.tRP);
        } else {
            state = kMiss;
            bump(kRowMisses);
        }
        const Tick act = place_act(r, act_min);
        bump(kActivates);
        energy(e_act_);
        first_cmd = state == kConflict ? pre : act;
        b.open = true;
        b.row = c.row;
        b.next_pre = std::max(b.next_pre, act + cfg_.tRAS);
        b.next_col = std::max(b.next_col, act + cfg_.tRCD);
        col_ready = b.next_col;
    }
    if (!write) col_ready = std::max(col_ready, r.next_read);

    // The column command goes out when the data it moves finds the data bus free.
    const Tick lat = write ? cfg_.tCWL : cfg_.tCL;
    const Tick data = ch.data_bus.reserve(col_ready + lat, tburst_);
    const Tick cmd = data - lat;
    if (state == kHit) first_cmd = cmd;
    const Tick data_end = data + tburst_;
    b.next_col = cmd + cfg_.tCCD;
    if (write) {
        b.next_pre = std::max(b.next_pre, data_end + cfg_.tWR);
        r.next_read = std::max(r.next_read, data_end + cfg_.tWTR);
    } else {
        b.next_pre = std::max(b.next_pre, cmd + cfg_.tRTP);
    }
    if (cfg_.page_policy == PagePolicy::Closed) {  // auto-precharge as early as allowed
        bump(kPrecharges);
        b.open = false;
        b.next_act = std::max(b.next_act, b.next_pre + cfg_.tRP);
    }
    return data_end;
}

Tick DdrTiming::access(bool write, uint64_t addr, unsigned len, Tick arrival, TraceSpan& span) {
    const Tick t = arrival + cfg_.controller_latency;
    const unsigned bs = map_.burst_shift();  // (burst bytes are a power of two: validate())
    const uint64_t first = addr >> bs;
    const uint64_t last = (addr + std::max(len, 1u) - 1) >> bs;
    const bool traced = span.active();
    if (first == last && !traced) {  // a cache line in one burst, untraced: the loop below, without its books
        Tick first_cmd = t;
        RowState state = kHit;
        return std::max(t, burst(write, map_.decode(addr), t, first_cmd, state));
    }
    Tick end = t, start = kTickMax;
    for (uint64_t k = first; k <= last; ++k) {
        const DdrCoord c = map_.decode(k << bs);
        Tick first_cmd = t;
        RowState state = kHit;
        end = std::max(end, burst(write, c, t, first_cmd, state));
        start = std::min(start, first_cmd);
        if (k == first) {
            span.attr("channel", c.channel);
            span.attr("rank", c.rank);
            span.attr("bank", c.bank);
            span.attr("row", int64_t(c.row));
            span.attr("row_state", state);  // 0 hit, 1 miss (bank precharged), 2 conflict
        }
    }
    span.attr("bursts", int64_t(last - first + 1));
    span.start(std::max(start, arrival));
    return end;
}

}  // namespace vp
