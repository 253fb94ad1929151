// Hybrid Memory Cube (HMC 2.1 organisation) behind a host-side controller, as a Memory timing model.
//
//   host controller ── link 0..3 (lanes x rate each way, 16-byte FLITs, SerDes) ── crossbar ── 32 vaults
//   (tags bound the requests in flight)                                (quadrant = 8 vaults)   x 8|16 banks
//
// The Memory target keeps the data; this model turns each TLM transaction into HMC request packets of
// at most `max_block` bytes (split at block boundaries), sends them over the link of the target vault's
// quadrant, and times the response. Every shared resource is a vp::Timeline (reserved in call order,
// filling gaps): each link direction, each bank (closed page: ACT..PRE+tRP), each vault's TSV data bus.
// A request also holds one of `tags` host tags from its departure until its response is back.
//
// Packet sizes (FLITs of 16 B, header + tail = 1 FLIT):
//   read request 1, read response 1 + ceil16(bytes)/16 (RD64 -> 5);
//   write request 1 + ceil16(bytes)/16 (WR64 -> 5), write response 1.
//
// Latency of an isolated read of one packet (docs/hmc.md gives the sum with defaults):
//   host_latency + req_flits*tFLIT + serdes + xbar (+ remote) + vault_frontend
//   + tRCD + tCL + bursts*tBURST + vault_backend + xbar (+ remote) + rsp_flits*tFLIT + serdes
//
// The memory-side gather/scatter engine (models/memory/hmc/gather_engine.h) uses the in-cube paths
// (vault_access) and the links (send_*) of this model. Energy: link bits (E_off), in-cube data bits
// (E_on: TSV + crossbar), DRAM activates and array bits, in ctx.energy (docs/energy.md).
#pragma once
#include <array>
#include <queue>
#include <string>
#include <vector>
#include "config/params.h"
#include "models/common/timeline.h"
#include "models/memory/timing.h"

namespace vp {
struct HmcConfig {
    // Organisation.
    unsigned vaults = 32;      // 4 quadrants of vaults/4
    unsigned banks = 8;        // per vault (8 or 16)
    unsigned max_block = 128;  // bytes: address-map interleaving and largest packet (32/64/128/256)
    unsigned links = 4;        // 1..4; link l serves quadrant l (l < 4)
    unsigned lanes = 16;       // per link and direction: 16, 8 or 4
    double lane_rate = 15e9;   // bit/s per lane (10 - 30 Gb/s)
    unsigned tags = 256;       // host controller tags: requests in flight at most

    // Latencies (ps). DRAM values: gem5 HMC_2500_1x32 (DRAMSpec); others: see docs/hmc.md.
    Tick host_latency = 2 * kNs;      // host controller: TLM transaction -> packets (and back)
    Tick serdes_latency = 4600;       // SerDes + board, per link crossing
    Tick xbar_latency = 1600;         // logic-layer crossbar, link to local vault controller
    Tick xbar_remote_latency = 1600;  // extra when the vault is in another quadrant than the link
    Tick vault_frontend = 4 * kNs;    // vault controller, request side (gem5 static_frontend_latency)
    Tick vault_backend = 4 * kNs;     // vault controller, response side (gem5 static_backend_latency)
    Tick tCK = 800;
    Tick tRCD = 10200;
    Tick tCL = 9900;
    Tick tCWL = 9900;  // not in gem5's HMC model: taken equal to tCL
    Tick tRP = 7700;
    Tick tRAS = 21600;
    Tick tWR = 8000;
    Tick tRTP = 4900;
    Tick tBURST = 3200;  // one 32-byte TSV burst (8 beats x 32 bits at 1.25 GHz DDR)
    unsigned burst_bytes = 32;

    // Energy (docs/energy.md): pJ per bit on the link (E_off), per bit moved inside the cube (E_on),
    // per DRAM array bit read/written, per activate.
    double e_link_bit = 5.0;
    double e_incube_bit = 1.78;
    double e_dram_bit = 3.7;
    double e_activate = 0.0;

    unsigned quadrants() const { return 4; }
    unsigned vaults_per_quadrant() const { return vaults / 4; }
    // Time of one FLIT on a link (exact, fractional ps) and of `flits` FLITs (rounded up).
    double flit_ps() const { return 128.0 * 1e12 / (double(lanes) * lane_rate); }
    Tick flits_time(uint64_t flits) const;
    // Raw bandwidth of one link direction, bytes/s.
    double link_bandwidth() const { return double(lanes) * lane_rate / 8.0; }

    void params(config::Params& p);
    void validate() const;  // throws std::invalid_argument naming the parameter
};

// Where a block lives: address = [rest | bank | quadrant | vault-in-quadrant | block offset].
struct HmcCoord {
    unsigned vault = 0, quadrant = 0, bank = 0;
};

class HmcTiming : public MemoryTiming {
public:
    explicit HmcTiming(const HmcConfig& cfg);

    const char* kind() const override { return "hmc"; }
    Tick access(bool write, uint64_t addr, unsigned len, Tick arrival, TraceSpan& span) override;
    // DMI latency: an isolated 16-byte read / write packet (docs/hmc.md).
    Tick typical_read_latency() const override { return typical_read_; }
    Tick typical_write_latency() const override { return typical_write_; }
    void register_stats(StatGroup& stats) override;
    void attach(SimContext& ctx, const std::string& path) override;

    const HmcConfig& config() const { return cfg_; }
    HmcCoord decode(uint64_t addr) const;

    // --- building blocks, also used by the gather engine --------------------------------------
    // Link chosen for a vault (quadrant locality) and whether the vault is remote to it.
    unsigned link_of(unsigned vault) const;
    // Sends a packet of `flits` on link `l` towards the cube (host->cube) / the host (cube->host), not
    // before `t`; returns the time its tail arrives at the far end (after the SerDes). Counts energy.
    Tick send_request(unsigned l, uint64_t flits, Tick t);
    Tick send_response(unsigned l, uint64_t flits, Tick t);
    // An access of `len` bytes at `addr` (inside one block) issued by logic at link `from_link`'s
    // crossbar port at `t`; returns when the data (read) or the write completion is back there.
    // Counts in-cube and DRAM energy. When tracing and `parent` names a span, the access is recorded
    // as its child on the "<path>.vaults" track (vault, bank, link attributes).
    struct TraceParent {
        uint64_t id = 0;
        uint16_t component = 0;
    };
    Tick vault_access(bool write, uint64_t addr, unsigned len, unsigned from_link, Tick t,
                      const TraceParent* parent = nullptr);
    // Host tags: the earliest time >= t a tag is free; the tag is then held until `release`.
    Tick acquire_tag(Tick t);
    void release_tag(Tick at);

    // Number of FLITs of a packet carrying `bytes` of data (0 = no data): 1 + ceil(bytes / 16).
    static uint64_t packet_flits(uint64_t bytes) { return 1 + (bytes + 15) / 16; }

    // Counters (tests read them without a statistics registry).
    enum Count { kPackets, kReqFlits, kRspFlits, kVaultAccesses, kActivates, kBursts, kTagWaits, kRemote, kNumCounts };
    uint64_t count(Count c) const { return counters_[c]->value; }
    Tick link_busy(unsigned l, bool response) const { return (response ? rsp_ : req_)[l].busy_total(); }

private:
    HmcConfig cfg_;
    unsigned off_bits_, vq_bits_, bank_bits_;
    Tick typical_read_ = 0, typical_write_ = 0;
    std::vector<Timeline> req_, rsp_;                                            // per link: host->cube, cube->host
    std::vector<Timeline> banks_;                                                // vault * banks + bank
    std::vector<Timeline> tsv_;                                                  // per vault
    std::priority_queue<Tick, std::vector<Tick>, std::greater<Tick>> tag_free_;  // release times of held tags
    unsigned tags_in_use_ = 0;
    std::array<Counter, kNumCounts> local_{};
    std::array<Counter*, kNumCounts> counters_{};
    Histogram* tag_wait_ = nullptr;
    Histogram* latency_ = nullptr;
    Counter& bump(Count c, uint64_t n = 1) { return *counters_[c] += n; }
    // Energy.
    EnergyLedger* ledger_ = nullptr;
    EnergyLedger::Kind e_tx_ = 0, e_rx_ = 0, e_on_ = 0, e_rd_ = 0, e_wr_ = 0, e_act_ = 0;
    void energy(EnergyLedger::Kind k, uint64_t n) {
        if (ledger_) ledger_->add(k, n);
    }
    // Trace of vault sub-transactions (children of the memory's span), when tracing.
    Tracer* tracer_ = nullptr;
    uint16_t vault_track_ = 0;
};

}  // namespace vp
