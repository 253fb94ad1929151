#include "models/memory/hmc/hmc_timing.h"
#include <cmath>
#include <stdexcept>

namespace vp {

namespace {
bool is_pow2(uint64_t v) { return v && !(v & (v - 1)); }
unsigned log2u(uint64_t v) { return v <= 1 ? 0 : 63 - __builtin_clzll(v); }
}  // namespace

// ---------------------------------------------------------------------------------------------
// Configuration

void HmcConfig::validate() const {
    auto check = [](bool ok, const char* key, const std::string& m) {
        if (!ok) throw config::ParamError(key, "hmc: " + m);
    };
    check(vaults == 16 || vaults == 32, "vaults", "vaults = " + std::to_string(vaults) + ": must be 16 or 32");
    check(banks == 8 || banks == 16, "banks", "banks = " + std::to_string(banks) + ": must be 8 or 16");
    check(max_block == 32 || max_block == 64 || max_block == 128 || max_block == 256, "max_block",
          "max_block = " + std::to_string(max_block) + ": must be 32, 64, 128 or 256 bytes");
    check(links >= 1 && links <= 4, "links", "links = " + std::to_string(links) + ": must be 1..4");
    check(lanes == 4 || lanes == 8 || lanes == 16, "lanes",
          "lanes = " + std::to_string(lanes) + ": must be 4, 8 or 16");
    check(lane_rate >= 10e9 && lane_rate <= 30e9, "lane_rate", "lane_rate must be 10..30 Gb/s");
    check(tags >= 1, "tags", "tags must be >= 1");
    check(is_pow2(burst_bytes) && burst_bytes <= max_block, "burst_bytes",
          "burst_bytes must be a power of two <= max_block");
    check(tBURST > 0, "tBURST", "tBURST must be > 0");
    check(e_link_bit >= 0 && e_incube_bit >= 0 && e_dram_bit >= 0 && e_activate >= 0, "e_link_bit",
          "energies must be >= 0");
}

Tick HmcConfig::flits_time(uint64_t flits) const {
    return static_cast<Tick>(std::ceil(double(flits) * flit_ps() - 1e-6));
}

// ---------------------------------------------------------------------------------------------

HmcTiming::HmcTiming(const HmcConfig& cfg) : cfg_(cfg) {
    cfg_.validate();
    off_bits_ = log2u(cfg_.max_block);
    vq_bits_ = log2u(cfg_.vaults_per_quadrant());
    bank_bits_ = log2u(cfg_.banks);
    req_.resize(cfg_.links);
    rsp_.resize(cfg_.links);
    banks_.resize(size_t(cfg_.vaults) * cfg_.banks);
    tsv_.resize(cfg_.vaults);
    for (unsigned i = 0; i < kNumCounts; ++i) counters_[i] = &local_[i];
    // Typical (DMI) latencies: an isolated 16-byte packet to a local vault.
    const Tick xbar = cfg_.xbar_latency;
    const Tick common = cfg_.host_latency + 2 * cfg_.serdes_latency + 2 * xbar + cfg_.vault_frontend +
                        cfg_.vault_backend + cfg_.tRCD + cfg_.tBURST;
    typical_read_ = common + cfg_.tCL + cfg_.flits_time(1) + cfg_.flits_time(2);
    typical_write_ = common + cfg_.tCWL + cfg_.flits_time(2) + cfg_.flits_time(1);
}

HmcCoord HmcTiming::decode(uint64_t addr) const {
    HmcCoord c;
    const uint64_t a = addr >> off_bits_;
    const unsigned vq = unsigned(a & ((1u << vq_bits_) - 1));
    c.quadrant = unsigned((a >> vq_bits_) & 3);
    c.vault = c.quadrant * cfg_.vaults_per_quadrant() + vq;
    c.bank = unsigned((a >> (vq_bits_ + 2)) & ((1u << bank_bits_) - 1));
    return c;
}

unsigned HmcTiming::link_of(unsigned vault) const { return (vault / cfg_.vaults_per_quadrant()) % cfg_.links; }

Tick HmcTiming::send_request(unsigned l, uint64_t flits, Tick t) {
    const Tick d = cfg_.flits_time(flits);
    const Tick s = req_[l].reserve(t, d);
    bump(kPackets);
    bump(kReqFlits, flits);
    energy(e_tx_, flits * 128);
    return s + d + cfg_.serdes_latency;
}

Tick HmcTiming::send_response(unsigned l, uint64_t flits, Tick t) {
    const Tick d = cfg_.flits_time(flits);
    const Tick s = rsp_[l].reserve(t, d);
    bump(kPackets);
    bump(kRspFlits, flits);
    energy(e_rx_, flits * 128);
    return s + d + cfg_.serdes_latency;
}

Tick HmcTiming::vault_access(bool write, uint64_t addr, unsigned len, unsigned from_link, Tick t,
                             const TraceParent* parent) {
    const HmcCoord c = decode(addr);
    const bool remote = c.quadrant != from_link % 4;
    if (remote) bump(kRemote);
    const Tick xbar = cfg_.xbar_latency + (remote ? cfg_.xbar_remote_latency : 0);
    const uint64_t first = addr / cfg_.burst_bytes, last = (addr + (len ? len : 1) - 1) / cfg_.burst_bytes;
    const uint64_t bursts = last - first + 1;
    const Tick data_time = bursts * cfg_.tBURST;
    // Closed page: the bank is busy from ACT until its precharge has completed (PRE + tRP).
    const Tick to_pre = write ? std::max(cfg_.tRAS, cfg_.tRCD + cfg_.tCWL + data_time + cfg_.tWR)
                              : std::max(cfg_.tRAS, cfg_.tRCD + (bursts - 1) * cfg_.tBURST + cfg_.tRTP);
    const Tick at_vault = t + xbar + cfg_.vault_frontend;
    const Tick act = banks_[size_t(c.vault) * cfg_.banks + c.bank].reserve(at_vault, to_pre + cfg_.tRP);
    const Tick data = tsv_[c.vault].reserve(act + cfg_.tRCD + (write ? cfg_.tCWL : cfg_.tCL), data_time);
    bump(kVaultAccesses);
    bump(kActivates);
    bump(kBursts, bursts);
    const uint64_t bits = bursts * cfg_.burst_bytes * 8;
    energy(e_on_, bits);
    energy(write ? e_wr_ : e_rd_, bits);
    energy(e_act_, 1);
    const Tick done = data + data_time + cfg_.vault_backend + xbar;
    if (parent && parent->id && tracer_ && tracer_->enabled()) {
        tlm::tlm_generic_payload p;
        TxnExt ext;
        ext.trace_id = parent->id;
        ext.trace_component = parent->component;
        p.set_extension(&ext);
        // The payload would free an extension still attached when it goes, and this one is on the
        // stack: detach it on every way out (an exception from a trace sink included).
        struct Detach {
            tlm::tlm_generic_payload& p;
            TxnExt& e;
            ~Detach() { p.clear_extension(&e); }
        } detach{p, ext};
        p.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        p.set_address(addr);
        p.set_data_length(len);
        {
            TraceSpan child(*tracer_, vault_track_, p, t);
            child.start(act);
            child.attr("vault", c.vault);
            child.attr("bank", c.bank);
            child.attr("link", from_link);
            child.finish(done, tlm::TLM_OK_RESPONSE);
        }
    }
    return done;
}

Tick HmcTiming::acquire_tag(Tick t) {
    while (!tag_free_.empty() && tag_free_.top() <= t) {
        tag_free_.pop();
        --tags_in_use_;
    }
    if (tags_in_use_ < cfg_.tags) {
        ++tags_in_use_;
        if (tag_wait_) tag_wait_->add(0);
        return t;
    }
    const Tick s = tag_free_.top();  // reuse the tag released first
    tag_free_.pop();
    bump(kTagWaits);
    if (tag_wait_) tag_wait_->add(s - t);
    return s;
}

void HmcTiming::release_tag(Tick at) { tag_free_.push(at); }

Tick HmcTiming::access(bool write, uint64_t addr, unsigned len, Tick arrival, TraceSpan& span) {
    const Tick t0 = arrival + cfg_.host_latency;
    Tick end = t0, first_start = kTickMax;
    const uint64_t stop = addr + (len ? len : 1);
    // One packet per max_block-aligned piece; all leave at once (the links and tags serialise them).
    for (uint64_t a = addr; a < stop;) {
        const uint64_t block_end = (a / cfg_.max_block + 1) * cfg_.max_block;
        const uint64_t b = std::min(stop, block_end);
        const uint64_t data_bytes = ((b + 15) & ~uint64_t(15)) - (a & ~uint64_t(15));
        const unsigned vault = decode(a).vault;
        const unsigned l = link_of(vault);
        const Tick t = acquire_tag(t0);
        first_start = std::min(first_start, t);
        const Tick at_cube = send_request(l, write ? packet_flits(data_bytes) : 1, t);
        const TraceParent parent{span.id(), span.component()};
        const Tick back = vault_access(write, a, unsigned(b - a), l, at_cube, span.active() ? &parent : nullptr);
        const Tick at_host = send_response(l, write ? 1 : packet_flits(data_bytes), back);
        release_tag(at_host);
        end = std::max(end, at_host);
        a = b;
    }
    span.start(first_start);
    span.attr("link", link_of(decode(addr).vault));
    span.attr("vault", decode(addr).vault);
    if (latency_) latency_->add(end - arrival);
    return end;
}

void HmcTiming::register_stats(StatGroup& s) {
    struct Def {
        Count c;
        const char* name;
        const char* unit;
        const char* desc;
    };
    static const Def defs[] = {
        {kPackets, "packets", "count", "packets on the links (requests and responses)"},
        {kReqFlits, "request_flits", "flits", "FLITs host -> cube (16 B each, headers and tails included)"},
        {kRspFlits, "response_flits", "flits", "FLITs cube -> host (16 B each, headers and tails included)"},
        {kVaultAccesses, "vault_accesses", "count", "vault controller accesses (one ACT each, closed page)"},
        {kActivates, "activates", "count", "DRAM row activations"},
        {kBursts, "tsv_bursts", "count", "32-byte TSV data bursts"},
        {kTagWaits, "tag_waits", "count", "requests that waited for a free host tag"},
        {kRemote, "remote_quadrant", "count", "vault accesses from a link of another quadrant"},
    };
    for (const Def& d : defs) {
        Counter& c = s.counter(d.name, d.unit, d.desc);
        c.value += counters_[d.c]->value;
        counters_[d.c] = &c;
    }
    tag_wait_ = &s.histogram("tag_wait", "ps", "time a request waited for a free host tag");
    latency_ = &s.histogram("latency", "ps", "host controller arrival to response back, per transaction");
    s.derived("link_request_bytes", "bytes", "bytes host -> cube (FLITs x 16)",
              [this] { return double(count(kReqFlits)) * 16; });
    s.derived("link_response_bytes", "bytes", "bytes cube -> host (FLITs x 16)",
              [this] { return double(count(kRspFlits)) * 16; });
    s.derived("link_utilization", "ratio", "busy fraction of the response direction, mean over links", [this, &s] {
        Tick b = 0;
        for (auto& r : rsp_) b += r.busy_total();
        return s.elapsed() ? double(b) / double(s.elapsed()) / double(cfg_.links) : 0.0;
    });
    s.derived("peak_link_bandwidth", "bytes/s", "raw bandwidth of one link direction: lanes x rate / 8",
              [this] { return cfg_.link_bandwidth(); });
}

void HmcTiming::attach(SimContext& ctx, const std::string& path) {
    ledger_ = &ctx.energy;
    e_tx_ = ledger_->define(path, "link_tx_bit", cfg_.e_link_bit, "bit");
    e_rx_ = ledger_->define(path, "link_rx_bit", cfg_.e_link_bit, "bit");
    e_on_ = ledger_->define(path, "incube_bit", cfg_.e_incube_bit, "bit");
    e_rd_ = ledger_->define(path, "dram_read_bit", cfg_.e_dram_bit, "bit");
    e_wr_ = ledger_->define(path, "dram_write_bit", cfg_.e_dram_bit, "bit");
    e_act_ = ledger_->define(path, "activate", cfg_.e_activate);
    tracer_ = &ctx.tracer;
    vault_track_ = ctx.tracer.register_component(path + ".vaults");
}

}  // namespace vp
