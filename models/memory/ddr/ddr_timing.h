// DDR SDRAM timing: channels x ranks x banks, each bank a small state machine (open row, earliest
// ACT / PRE / column command), with the JEDEC constraints that shape bandwidth and latency:
// tRCD, CL, CWL, tRP, tRAS, tWR, tRTP, tCCD, tRRD, tFAW, tWTR, tBURST, refresh (tREFI, tRFC).
// Defaults: DDR3-1600 11-11-11, 64-bit channel, BL8 (64 B per burst, 12.8 GB/s), 8 banks, 8 KiB rows.
//
// Loosely timed: a transaction is decoded into bursts; each burst issues (PRE) (ACT) RD/WR as early as
// the bank, its rank and the channel's data bus allow, the data bus being a Timeline (first gap long
// enough). Several requests in flight see bank-level parallelism (another bank opens its row while
// data of the first one still streams) and serialise on the data bus. Bank and rank state are kept in
// call order; see docs/memory.md for the exact equations and what is not modelled.
#pragma once
#include <array>
#include <functional>
#include <string>
#include <vector>
#include "config/params.h"
#include "models/common/timeline.h"
#include "models/memory/timing.h"

namespace vp {
enum class PagePolicy { Open, Closed };

struct DdrConfig {
    // Organisation.
    unsigned channels = 1;
    unsigned ranks = 1;
    unsigned banks = 8;         // per rank
    uint64_t rows = 65536;      // per bank
    uint64_t columns = 1024;    // per row, one column = one bus beat (bus_width bytes)
    unsigned bus_width = 8;     // bytes per beat (64-bit channel)
    unsigned burst_length = 8;  // beats per burst (BL8)
    // Address mapping, most significant field first, e.g. "RoRaBaChCo" (see docs/memory.md).
    std::string mapping = "RoRaBaChCo";
    PagePolicy page_policy = PagePolicy::Open;

    // Timing (ps). Datasheet values of DDR3-1600K (11-11-11), 1 KiB page per x8 device.
    Tick tCK = 1250;
    Tick tCL = 11 * 1250;         // read command -> first data
    Tick tCWL = 8 * 1250;         // write command -> first data
    Tick tRCD = 11 * 1250;        // ACT -> column command
    Tick tRP = 11 * 1250;         // PRE -> ACT
    Tick tRAS = 35 * kNs;         // ACT -> PRE
    Tick tWR = 15 * kNs;          // end of write data -> PRE
    Tick tRTP = 7500;             // read command -> PRE
    Tick tCCD = 4 * 1250;         // column command -> column command, same bank
    Tick tRRD = 6 * kNs;          // ACT -> ACT, same rank
    Tick tFAW = 30 * kNs;         // window holding at most four ACTs, same rank
    Tick tWTR = 7500;             // end of write data -> read command, same rank
    Tick tRFC = 260 * kNs;        // refresh duration (rank unavailable)
    Tick tREFI = 7800 * kNs;      // refresh interval; 0 disables refresh
    Tick controller_latency = 0;  // front-end overhead added to every transaction's arrival

    // Energy (pJ per command, whole rank of 8 x8 devices). Defaults: Micron TN-41-01 method with the
    // MT41J512M8 (DDR3-1600) currents IDD0 55, IDD2N 32, IDD3N 38, IDD4R 157, IDD4W 125, IDD5 235 mA at
    // 1.5 V (as in gem5's DDR3_1600_8x8); derivation in docs/energy.md.
    double e_activate = 10935.0;  // ACT + its PRE: VDD*(IDD0*tRC - IDD3N*tRAS - IDD2N*(tRC-tRAS)) * 8
    double e_read = 7140.0;       // one read burst: VDD*(IDD4R-IDD3N)*tBURST * 8
    double e_write = 5220.0;      // one write burst: VDD*(IDD4W-IDD3N)*tBURST * 8
    double e_refresh = 614640.0;  // one REF of a rank: VDD*(IDD5-IDD3N)*tRFC * 8

    unsigned burst_bytes() const { return bus_width * burst_length; }
    // Data bus time of one burst: BL/2 clock cycles (double data rate).
    Tick tBURST() const { return Tick(burst_length) * tCK / 2; }
    uint64_t capacity() const { return uint64_t(channels) * ranks * banks * rows * columns * bus_width; }
    double peak_bandwidth() const { return double(channels) * burst_bytes() * 1e12 / double(tBURST()); }

    void params(config::Params& p);
    // Throws std::invalid_argument naming the first inconsistent parameter.
    void validate() const;
};

// Where a burst lives.
struct DdrCoord {
    unsigned channel = 0, rank = 0, bank = 0;
    uint64_t row = 0, column = 0;  // column in bursts
};

// Address decoder built from the mapping string: fields Ro, Ra, Ba, Ch, Co, most significant first,
// above log2(burst_bytes) offset bits. Addresses beyond the capacity wrap (the top bits are ignored).
class DdrAddressMap {
public:
    DdrAddressMap() = default;
    explicit DdrAddressMap(const DdrConfig& cfg);
    // Every coordinate is a bit field (all sizes are powers of two): a shift and a mask each, taken
    // on every access, so no walk over the mapping string's order.
    DdrCoord decode(uint64_t addr) const {
        DdrCoord c;
        c.channel = unsigned((addr >> channel_.shift) & channel_.mask);
        c.rank = unsigned((addr >> rank_.shift) & rank_.mask);
        c.bank = unsigned((addr >> bank_.shift) & bank_.mask);
        c.row = (addr >> row_.shift) & row_.mask;
        c.column = (addr >> column_.shift) & column_.mask;
        return c;
    }
    // log2(burst bytes): the address bits below the column.
    unsigned burst_shift() const { return burst_shift_; }

private:
    struct Field {
        unsigned shift = 0;
        uint64_t mask = 0;  // (0 for a field of one value: it decodes to 0)
    };
    Field channel_, rank_, bank_, row_, column_;
    unsigned burst_shift_ = 0;
};

class DdrTiming : public MemoryTiming {
public:
    explicit DdrTiming(const DdrConfig& cfg);

    const char* kind() const override { return "ddr"; }
    Tick access(bool write, uint64_t addr, unsigned len, Tick arrival, TraceSpan& span) override;
    // DMI latency: a row miss on a precharged bank, tRCD + CL + tBURST (tRCD + CWL + tBURST for writes).
    Tick typical_read_latency() const override;
    Tick typical_write_latency() const override;
    void register_stats(StatGroup& stats) override;

    const DdrConfig& config() const { return cfg_; }
    const DdrAddressMap& address_map() const { return map_; }

    // Called for every refresh (channel, rank, REF command time, end = REF + tRFC), e.g. for the trace.
    void on_refresh(std::function<void(unsigned, unsigned, Tick, Tick)> fn) { on_refresh_ = std::move(fn); }

    // Counters (registered as statistics by register_stats; readable without it, for tests).
    enum Count { kBursts, kRowHits, kRowMisses, kRowConflicts, kActivates, kPrecharges, kRefreshes, kNumCounts };
    uint64_t count(Count c) const { return counters_[c]->value; }
    Tick data_bus_busy() const;  // summed over channels
    // Processes every refresh due up to t (so that end-of-run statistics include idle refreshes).
    void finish(Tick t) override;
    void attach(SimContext& ctx, const std::string& path) override;  // energy events

    enum RowState { kHit = 0, kMiss = 1, kConflict = 2 };

private:
    struct Bank {
        bool open = false;
        uint64_t row = 0;
        Tick next_act = 0;  // earliest ACT (tRP after PRE, tRFC after REF)
        Tick next_pre = 0;  // earliest PRE (tRAS, tRTP, tWR)
        Tick next_col = 0;  // earliest RD/WR (tRCD after ACT, tCCD after the last column command)
    };
    // Recent ACT times of a rank, sorted and distinct (tRRD, tFAW), pruned behind the kernel's time:
    // ACTs arrive almost in time order, so pruning takes from the front and an insertion lands at or
    // near the back. A vector whose pruned front [0, head) is dropped once it is half the storage: a
    // std::deque cost ~40 host instructions per ACT in its size, indexing and block bookkeeping.
    class Acts {
    public:
        Tick* begin() { return v_.data() + head_; }
        Tick* end() { return v_.data() + v_.size(); }
        bool empty() const { return head_ == v_.size(); }
        size_t size() const { return v_.size() - head_; }
        Tick front() const { return v_[head_]; }
        Tick back() const { return v_.back(); }
        Tick operator[](size_t i) const { return v_[head_ + i]; }
        void pop_front() {
            if (++head_ >= 64 && 2 * head_ >= v_.size()) {
                v_.erase(v_.begin(), v_.begin() + std::ptrdiff_t(head_));
                head_ = 0;
            }
        }
        void push_back(Tick t) { v_.push_back(t); }
        void insert(Tick* at, Tick t) { v_.insert(v_.begin() + (at - v_.data()), t); }

    private:
        std::vector<Tick> v_;
        size_t head_ = 0;
    };
    struct Rank {
        std::vector<Bank> banks;
        Acts acts;
        Tick next_read = 0;     // tWTR after the last write data
        Tick next_refresh = 0;  // due time of the next REF
    };
    struct Channel {
        std::vector<Rank> ranks;
        Timeline data_bus;
    };

    // One burst; returns its data end, sets `first_cmd` to its first command and `state`.
    // (Inline into access(): a call more per line otherwise.)
    [[gnu::always_inline]] inline Tick burst(bool write, const DdrCoord& c, Tick t, Tick& first_cmd, RowState& state);
    // Issues every refresh of the rank that is due at or before t.
    void refresh_until(unsigned ch, unsigned rk, Tick t);
    // Earliest ACT time >= t in the rank honouring tRRD and tFAW against ACTs already placed.
    Tick place_act(Rank& r, Tick t);

    DdrConfig cfg_;
    DdrAddressMap map_;
    Tick tburst_;
    std::vector<Channel> channels_;
    std::vector<Tick> near_;  // place_act's scratch: the ACTs within tFAW of a candidate
    std::function<void(unsigned, unsigned, Tick, Tick)> on_refresh_;
    std::array<Counter, kNumCounts> local_{};  // used until register_stats
    std::array<Counter*, kNumCounts> counters_{};
    Counter& bump(Count c) { return ++*counters_[c]; }
    // Energy events (activate, read, write, refresh); null until register_energy.
    EnergyLedger* ledger_ = nullptr;
    EnergyLedger::Kind e_act_ = 0, e_rd_ = 0, e_wr_ = 0, e_ref_ = 0;
    void energy(EnergyLedger::Kind k) {
        if (ledger_) ledger_->add(k);
    }
};

}  // namespace vp
