#include "models/memory/hmc/gather_engine.h"
#include <algorithm>
#include <cstring>
#include <memory>
#include <queue>
#include <stdexcept>
#include "models/cache/cache.h"
#include "vp/regs/hmc.h"

namespace vp {

namespace {
unsigned log2u(uint64_t v) { return v <= 1 ? 0 : 63 - __builtin_clzll(v); }
}  // namespace

std::unique_ptr<Device> HmcController::create(DeviceContext& dc, const std::string& name, const HmcCtrlConfig& cfg) {
    if (!dc.ram || !dynamic_cast<HmcTiming*>(&dc.ram->timing())) return nullptr;
    return std::make_unique<HmcController>(name.c_str(), dc.sim, cfg, *dc.ram, dc.ram_base);
}

HmcController::HmcController(sc_core::sc_module_name name, SimContext& ctx, const HmcCtrlConfig& cfg, Memory& ram,
                             uint64_t ram_base)
    : MmioDevice(name, ctx, cfg, HMC_CTRL_SIZE),
      cfg_(cfg),
      ram_(ram),
      hmc_([&ram]() -> HmcTiming& {
          auto* h = dynamic_cast<HmcTiming*>(&ram.timing());
          if (!h) throw std::invalid_argument("the HMC controller needs a memory with timing: hmc");
          return *h;
      }()),
      ram_base_(ram_base),
      buf_(GS_BUF_SIZE, 0),
      commands_(stats_.counter("commands", "count", "gather/scatter commands started (doorbells accepted)")),
      gathers_(stats_.counter("gathers", "count", "GATHER commands completed without error")),
      scatters_(stats_.counter("scatters", "count", "SCATTER commands completed without error")),
      elements_(stats_.counter("elements", "count", "elements gathered or scattered")),
      errors_(stats_.counter("command_errors", "count", "commands ended with an error status (no memory changed)")),
      busy_doorbells_(stats_.counter("busy_doorbells", "count", "doorbells ignored because a command was running")),
      cmd_latency_(stats_.histogram("command_latency", "ps", "doorbell to completion of a command")) {
    config::validate(cfg_);  // ranges and rules (a struct built in code); the bounds keep the unit's state bounded
    if (cfg_.engine == HmcCtrlConfig::Engine::Coalescing) {
        element_reads_ = &stats_.counter(
            "element_reads", "count", "vault accesses that read elements (one per block of a window, buffer misses)");
        merged_ = &stats_.counter("merged_reads", "count",
                                  "element reads merged into another element's vault access of the same window "
                                  "(same block: same vault, bank and row)");
        buffer_hits_ = &stats_.counter("buffer_hits", "count", "element reads served by the hot-burst buffer");
        busy_ps_ = &stats_.counter("busy", "ps", "time the gather unit worked (doorbell to completion, summed)");
        for (unsigned v = 0; v < hmc_.config().vaults; ++v)
            vault_reads_.push_back(&stats_.counter("vault_reads_" + std::to_string(v), "count",
                                                   "element reads of vault " + std::to_string(v)));
        if (cfg_.buffer_bytes)
            hot_ = std::make_unique<cache::CacheArray>(cache::Geometry{cfg_.buffer_bytes, cfg_.buffer_ways, 32}, "lru");
        // Energy: each index is compared in the merge CAM (searched like an SRAM of its size: one
        // 32-byte entry per index of the window), each buffer lookup is an access of the buffer's SRAM
        // (Horowitz's 45 nm figures, sram_access_pj, as for the caches).
        e_cam_ = ctx.energy.define(name_, "merge_lookup", sram_access_pj(uint64_t(cfg_.merge_window) * 32));
        if (hot_) e_buf_ = ctx.energy.define(name_, "buffer_lookup", sram_access_pj(cfg_.buffer_bytes));
    }
    SC_HAS_PROCESS(HmcController);
    SC_METHOD(completion_event);
    sensitive << done_event_;
    dont_initialize();

    const HmcConfig& h = hmc_.config();
    auto ro = [](uint64_t v) { return [v](const RegAccess&) -> uint64_t { return v; }; };
    regs_.add("HMC_ID", HMC_ID, 4).reads(ro(HMC_ID_VALUE));
    regs_.add("HMC_CONFIG", HMC_CONFIG, 4)
        .reads(ro(uint64_t(h.vaults) | uint64_t(h.banks) << 8 | uint64_t(h.links) << 16 |
                  uint64_t(log2u(h.max_block)) << 24));
    auto field = [this](const char* n, uint32_t off, uint32_t Descriptor::*m) {
        regs_.add(n, off, 4)
            .reads([this, m](const RegAccess&) -> uint64_t { return d_.*m; })
            .writes([this, m](uint64_t v, const RegAccess&) { d_.*m = uint32_t(v); });
    };
    field("GS_OP", GS_OP, &Descriptor::op);
    field("GS_ELEM_BASE", GS_ELEM_BASE, &Descriptor::elem_base);
    field("GS_INDEX_ADDR", GS_INDEX_ADDR, &Descriptor::index_addr);
    field("GS_COUNT", GS_COUNT, &Descriptor::count);
    field("GS_ELEM_SIZE", GS_ELEM_SIZE, &Descriptor::elem_size);
    field("GS_INDEX_SIZE", GS_INDEX_SIZE, &Descriptor::index_size);
    field("GS_DEST", GS_DEST, &Descriptor::dest);
    regs_.add("GS_DOORBELL", GS_DOORBELL, 4)
        .reads([](const RegAccess&) -> uint64_t { return 0; })
        .writes([this](uint64_t v, const RegAccess& a) {
            if (!(v & 1)) return;
            if (status(a.at) == GS_STATUS_BUSY) {
                ++busy_doorbells_;
                VP_WARN(log_, "doorbell while a command is running: ignored");
                return;
            }
            run(d_, a.at);
        })
        .no_debug_write();
    regs_.add("GS_STATUS", GS_STATUS, 4).reads([this](const RegAccess& a) -> uint64_t { return status(a.at); });
    regs_.add("GS_IRQ_ENABLE", GS_IRQ_ENABLE, 4)
        .reads([this](const RegAccess&) -> uint64_t { return irq_enable_; })
        .writes([this](uint64_t v, const RegAccess& a) {
            irq_enable_ = uint32_t(v & 1);
            update_irq(a.at);
        });
    regs_.add("GS_IRQ_PENDING", GS_IRQ_PENDING, 4)
        .reads([this](const RegAccess& a) -> uint64_t { return pending(a.at) ? 1 : 0; })
        .writes([this](uint64_t v, const RegAccess& a) {
            if ((v & 1) && pending(a.at)) cleared_ = true;
            update_irq(a.at);
        })
        .no_debug_write();
    regs_.add("GS_ERR_INFO", GS_ERR_INFO, 4).reads([this](const RegAccess&) -> uint64_t { return err_info_; });
    regs_.add("GS_LAST_NS", GS_LAST_NS, 4).reads([this](const RegAccess& a) -> uint64_t {
        return completed_ && a.at >= done_at_ ? (done_at_ - started_at_) / kNs : 0;
    });
    regs_.add("GS_ENGINE", GS_ENGINE, 4)
        .reads(ro(cfg_.engine == HmcCtrlConfig::Engine::Coalescing ? GS_ENGINE_COALESCING : GS_ENGINE_IN_ORDER));
    auto last = [this](uint32_t HmcController::*m) {
        return [this, m](const RegAccess& a) -> uint64_t { return completed_ && a.at >= done_at_ ? this->*m : 0; };
    };
    regs_.add("GS_LAST_MERGED", GS_LAST_MERGED, 4).reads(last(&HmcController::last_merged_));
    regs_.add("GS_LAST_BUF_HITS", GS_LAST_BUF_HITS, 4).reads(last(&HmcController::last_hits_));
    regs_.add("GS_LAST_READS", GS_LAST_READS, 4).reads(last(&HmcController::last_reads_));
    regs_.add("GS_COMPLETED", GS_COMPLETED, 4).reads([this](const RegAccess& a) -> uint64_t {
        return commands_.value - (completed_ && a.at < done_at_ ? 1 : 0);
    });
    for (uint32_t i = 0; i < GS_BUF_SIZE; i += 4) {
        regs_.add("GS_BUF", GS_BUF + i, 4)
            .sizes(1u << 1 | 1u << 2 | 1u << 4)
            .reads([this, i](const RegAccess&) -> uint64_t {
                uint32_t v;
                std::memcpy(&v, &buf_[i], 4);
                return v;
            })
            .writes([this, i](uint64_t v, const RegAccess&) {
                const uint32_t w = uint32_t(v);
                std::memcpy(&buf_[i], &w, 4);
            });
    }
}

uint32_t HmcController::status(Tick at) const {
    if (!completed_) return GS_STATUS_IDLE;
    return at < done_at_ ? GS_STATUS_BUSY : final_status_;
}

void HmcController::update_irq(Tick at) { irq_.set(irq_enable_ && pending(std::max(at, sim_now()))); }

void HmcController::completion_event() { update_irq(sim_now()); }

std::string HmcController::summary() const {
    if (!commands_.value) return {};
    return std::to_string(commands_.value) + " commands (" + std::to_string(elements_.value) + " elements, " +
           std::to_string(errors_.value) + " errors)";
}

// Checks the descriptor and reads the indices. Returns GS_STATUS_DONE or the error status.
uint32_t HmcController::validate(const Descriptor& d, std::vector<uint64_t>& idx) {
    const uint32_t op = d.op & 0xF, mode = d.op & ~0xFu;
    if ((op != GS_OP_GATHER && op != GS_OP_SCATTER) || (mode != GS_MODE_MEMORY && mode != GS_MODE_HOST))
        return GS_STATUS_ERR_OP;
    if (d.count == 0) return GS_STATUS_ERR_COUNT;
    const uint64_t es = d.elem_size, is = d.index_size;
    if ((es != 1 && es != 2 && es != 4 && es != 8) || (is != 4 && is != 8)) return GS_STATUS_ERR_SIZE;
    if (d.elem_base % es || d.index_addr % is || d.dest % es) return GS_STATUS_ERR_ALIGN;
    const uint64_t size = ram_.size();
    auto in_ram = [&](uint64_t a, uint64_t n) {
        return a >= ram_base_ && a - ram_base_ <= size && n <= size - (a - ram_base_);
    };
    const uint64_t n = d.count;
    if (!in_ram(d.index_addr, n * is)) return GS_STATUS_ERR_RANGE;
    if (mode == GS_MODE_MEMORY ? !in_ram(d.dest, n * es) : (uint64_t(d.dest) + n * es > GS_BUF_SIZE))
        return GS_STATUS_ERR_RANGE;
    idx.resize(n);
    const uint8_t* ip = ram_.store().data() + (d.index_addr - ram_base_);
    for (uint64_t i = 0; i < n; ++i) {
        uint64_t v = 0;
        std::memcpy(&v, ip + i * is, is);  // little endian host
        idx[i] = v;
        // Element address elem_base + v * es must lie in RAM (v up to 2^64: check without overflow).
        if (v > (uint64_t(1) << 40) || !in_ram(uint64_t(d.elem_base) + v * es, es)) {
            err_info_ = uint32_t(i);
            return GS_STATUS_ERR_INDEX;
        }
    }
    return GS_STATUS_DONE;
}

uint32_t HmcController::run(const Descriptor& d, Tick at) {
    ++commands_;
    // The command's span on the controller's track; its vault accesses are children (when tracing).
    tlm::tlm_generic_payload tp;
    tp.set_command((d.op & 0xF) == GS_OP_SCATTER ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    tp.set_address(d.elem_base);
    tp.set_data_length(d.count);
    std::unique_ptr<TraceSpan> span;
    if (ctx_.tracer.enabled()) {
        span = std::make_unique<TraceSpan>(ctx_.tracer, trace_id(), tp, at);
        span->start(at);
    }
    std::vector<uint64_t> idx;
    err_info_ = 0;
    last_merged_ = last_hits_ = last_reads_ = 0;
    const uint32_t st = validate(d, idx);
    Tick done;
    if (st != GS_STATUS_DONE) {
        ++errors_;
        // The controller rejects a bad descriptor itself: one register-access time, no packet sent.
        done = at + latency();
        log_->debug("command rejected: status {}", st);
    } else {
        const uint64_t es = d.elem_size, n = d.count;
        uint8_t* mem = ram_.store().data();
        uint8_t* packed = (d.op & GS_MODE_HOST) ? buf_.data() + d.dest : mem + (d.dest - ram_base_);
        const uint64_t eb = d.elem_base - ram_base_;
        if ((d.op & 0xF) == GS_OP_GATHER) {
            std::vector<uint8_t> tmp(n * es);  // all reads happen before any write
            for (uint64_t i = 0; i < n; ++i) std::memcpy(&tmp[i * es], mem + eb + idx[i] * es, es);
            std::memcpy(packed, tmp.data(), tmp.size());
            ++gathers_;
        } else {
            std::vector<uint8_t> tmp(packed, packed + n * es);
            for (uint64_t i = 0; i < n; ++i) std::memcpy(mem + eb + idx[i] * es, &tmp[i * es], es);  // last wins
            ++scatters_;
        }
        elements_ += n;
        HmcTiming::TraceParent parent{span ? span->id() : 0, trace_id()};
        done = time_command(d, idx, at, span ? &parent : nullptr);
    }
    final_status_ = st;
    started_at_ = at;
    done_at_ = done;
    completed_ = true;
    ctx_.initiator_busy_until(done);  // the command works in the cube until `done`
    cleared_ = false;
    cmd_latency_.add(done - at);
    if (busy_ps_) *busy_ps_ += done - at;
    update_irq(at);
    const Tick now = sim_now();
    done_event_.cancel();
    done_event_.notify(to_sc_time(done > now ? done - now : 0));
    if (span) {
        span->attr("op", d.op);
        span->attr("count", d.count);
        span->attr("status", st);
        span->finish(done, st == GS_STATUS_DONE ? tlm::TLM_OK_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE);
    }
    return st;
}

Tick HmcController::time_command(const Descriptor& d, const std::vector<uint64_t>& idx, Tick at,
                                 const HmcTiming::TraceParent* parent) {
    const HmcConfig& h = hmc_.config();
    const bool gather = (d.op & 0xF) == GS_OP_GATHER, host = d.op & GS_MODE_HOST;
    const uint64_t n = d.count, es = d.elem_size, is = d.index_size, blk = h.max_block;
    const unsigned l = 0;  // commands use link 0; the gather unit sits at its crossbar port

    const Tick t = hmc_.acquire_tag(at + h.host_latency);
    Tick cube = hmc_.send_request(l, 3, t);  // header/tail + 32-byte descriptor
    // From-host scatter: the packed data follow in write packets of up to max_block bytes.
    std::vector<Tick> src_ready;  // per packed-array block: when its data are in the logic layer
    auto blocks_of = [blk](uint64_t a, uint64_t len) { return (a + len - 1) / blk - a / blk + 1; };
    const uint64_t packed_base = d.dest;  // a bus address (in-memory) or a GS_BUF offset (host)
    const uint64_t packed_blocks = blocks_of(packed_base, n * es);
    if (!gather) {
        src_ready.resize(packed_blocks);
        for (uint64_t b = 0; b < packed_blocks; ++b) {
            const uint64_t lo = std::max(packed_base, (packed_base / blk + b) * blk);
            const uint64_t hi = std::min(packed_base + n * es, (packed_base / blk + b + 1) * blk);
            src_ready[b] =
                host ? hmc_.send_request(l, HmcTiming::packet_flits(hi - lo), t) : cube;  // read below, in-memory
        }
        if (!host) {
            Tick ring[8] = {};
            for (uint64_t b = 0; b < packed_blocks; ++b) {
                const uint64_t lo = std::max(packed_base, (packed_base / blk + b) * blk);
                const uint64_t hi = std::min(packed_base + n * es, (packed_base / blk + b + 1) * blk);
                const Tick issue = std::max(cube, ring[b % 8]);
                src_ready[b] = ring[b % 8] =
                    hmc_.vault_access(false, lo - ram_base_, unsigned(hi - lo), l, issue, parent);
            }
        }
    }
    // Index blocks, prefetched 8 ahead.
    const uint64_t ib = d.index_addr, index_blocks = blocks_of(ib, n * is);
    std::vector<Tick> idx_ready(index_blocks);
    {
        Tick ring[8] = {};
        for (uint64_t b = 0; b < index_blocks; ++b) {
            const uint64_t lo = std::max(ib, (ib / blk + b) * blk);
            const uint64_t hi = std::min(ib + n * is, (ib / blk + b + 1) * blk);
            const Tick issue = std::max(cube, ring[b % 8]);
            idx_ready[b] = ring[b % 8] = hmc_.vault_access(false, lo - ram_base_, unsigned(hi - lo), l, issue, parent);
        }
    }
    // Element accesses, at most `window` in flight.
    std::vector<Tick> ring(cfg_.window, 0);
    std::vector<Tick> out_ready(gather ? packed_blocks : 0, 0);
    Tick last = cube;    // in the logic layer: last element / block done
    Tick last_host = 0;  // to-host gather: last data packet at the host
    const bool coalescing = gather && cfg_.engine == HmcCtrlConfig::Engine::Coalescing;
    if (coalescing) coalesced_reads(d, idx, idx_ready, cube, out_ready, parent);
    for (uint64_t i = 0; i < (coalescing ? 0 : n); ++i) {
        // A huge command must not outlive the run's host limits: the timing stops where it is
        // (the run is ending anyway); the data have already moved.
        if ((i & 0xFFFF) == 0 && ctx_.interrupted()) break;
        Tick ready = idx_ready[(ib + i * is) / blk - ib / blk];
        const uint64_t pb = (packed_base + i * es) / blk - packed_base / blk;
        if (!gather) ready = std::max(ready, src_ready[pb]);
        const Tick issue = std::max(ready, ring[i % cfg_.window]);
        const uint64_t ea = uint64_t(d.elem_base) - ram_base_ + idx[i] * es;
        const Tick done = hmc_.vault_access(!gather, ea, unsigned(es), l, issue, parent);
        ring[i % cfg_.window] = done;
        ++last_reads_;
        if (gather)
            out_ready[pb] = std::max(out_ready[pb], done);
        else
            last = std::max(last, done);
    }
    // Gather output: packed blocks written into the cube or sent to the host as they fill.
    if (gather) {
        for (uint64_t b = 0; b < packed_blocks; ++b) {
            const uint64_t lo = std::max(packed_base, (packed_base / blk + b) * blk);
            const uint64_t hi = std::min(packed_base + n * es, (packed_base / blk + b + 1) * blk);
            const Tick r = out_ready[b];
            if (host) {
                last_host = std::max(last_host, hmc_.send_response(l, HmcTiming::packet_flits(hi - lo), r));
                last = std::max(last, r);
            } else {
                last = std::max(last, hmc_.vault_access(true, lo - ram_base_, unsigned(hi - lo), l, r, parent));
            }
        }
    }
    // Completion packet (to-host gather: the command is complete when the data are there too).
    const Tick end = std::max(hmc_.send_response(l, 1, last), last_host);
    hmc_.release_tag(end);
    return end;
}

// The coalescing gather unit (docs/hmc.md, "Gather units"). Indices stream in from their blocks; the
// unit takes `indices_per_cycle` of them per logic-layer cycle (tCK) and works on windows of
// `merge_window` consecutive indices. For each index of a window, in order:
//   1. the hot-burst buffer (LRU, 32-byte lines, cleared at the command's start: it never holds data
//      older than the command) answers a repeat: a buffer hit, one cycle after the lookup (or when the
//      burst it holds arrives, if that read is still in flight);
//   2. otherwise the merge CAM groups it with the window's other reads of the same block (max_block:
//      one vault, one bank, one row): the first read of a block opens a group, later ones merge;
// then every group is one vault access covering its bursts from the lowest to the highest touched
// (one activation, consecutive column reads: gem5's close_adaptive vault controller), issued when
// both a slot of the unit (`window` reads in flight) and one of the vault's controller queue
// (`vault_queue`) are free — a slow bank holds only its own vault's slots, not the whole unit. The
// bursts read enter the buffer. Functionally nothing changes: the data come from the memory.
void HmcController::coalesced_reads(const Descriptor& d, const std::vector<uint64_t>& idx,
                                    const std::vector<Tick>& idx_ready, Tick cube, std::vector<Tick>& out_ready,
                                    const HmcTiming::TraceParent* parent) {
    const HmcConfig& h = hmc_.config();
    const uint64_t n = d.count, es = d.elem_size, is = d.index_size, blk = h.max_block, line = 32;
    const uint64_t ib = d.index_addr, packed_base = d.dest, eb = uint64_t(d.elem_base) - ram_base_;
    const unsigned l = 0;
    const uint64_t W = cfg_.merge_window;
    using MinHeap = std::priority_queue<Tick, std::vector<Tick>, std::greater<Tick>>;
    MinHeap in_flight;                     // completion times of the unit's reads (at most `window`)
    std::vector<MinHeap> queue(h.vaults);  // per vault controller (at most `vault_queue`)
    if (hot_) {
        for (const auto& e : hot_ready_) hot_->invalidate(e.first);
        hot_ready_.clear();
    }
    struct Group {
        uint64_t lo, hi;  // byte span in the memory
        Tick done;
    };
    std::vector<Group> groups;
    std::unordered_map<uint64_t, uint32_t> group_of;  // block -> group of this window
    std::vector<uint32_t> elem_group(std::min<uint64_t>(W, n));
    std::vector<Tick> elem_ready(elem_group.size());
    constexpr uint32_t kFromBuffer = ~0u;
    Tick unit = cube;  // the unit has taken the indices up to here
    uint64_t merged = 0, hits = 0, reads = 0, lookups = 0;
    for (uint64_t w0 = 0; w0 < n; w0 += W) {
        if (((w0 / W) & 0xFF) == 0 && ctx_.interrupted()) break;  // the run is ending (see time_command)
        const uint64_t w1 = std::min(n, w0 + W);
        Tick t = unit;
        for (uint64_t b = (ib + w0 * is) / blk; b <= (ib + (w1 - 1) * is) / blk; ++b)
            t = std::max(t, idx_ready[b - ib / blk]);
        unit = t + ((w1 - w0 + cfg_.indices_per_cycle - 1) / cfg_.indices_per_cycle) * h.tCK;
        groups.clear();
        group_of.clear();
        for (uint64_t i = w0; i < w1; ++i) {
            const uint64_t ea = eb + idx[i] * es, ln = ea / line * line;
            ++lookups;
            if (hot_ && hot_->access(ln, false, true)) {
                ++hits;
                elem_group[i - w0] = kFromBuffer;
                elem_ready[i - w0] = std::max(unit + h.tCK, hot_ready_[ln]);
                continue;
            }
            const auto [it, fresh] = group_of.try_emplace(ea / blk, uint32_t(groups.size()));
            if (fresh) {
                groups.push_back({ea, ea + es, 0});
            } else {
                ++merged;
                Group& g = groups[it->second];
                g.lo = std::min(g.lo, ea);
                g.hi = std::max(g.hi, ea + es);
            }
            elem_group[i - w0] = it->second;
        }
        for (Group& g : groups) {
            const unsigned v = hmc_.decode(g.lo).vault;
            Tick issue = unit;
            if (queue[v].size() >= cfg_.vault_queue) {
                issue = std::max(issue, queue[v].top());
                queue[v].pop();
            }
            if (in_flight.size() >= cfg_.window) {
                issue = std::max(issue, in_flight.top());
                in_flight.pop();
            }
            g.done = hmc_.vault_access(false, g.lo, unsigned(g.hi - g.lo), l, issue, parent);
            queue[v].push(g.done);
            in_flight.push(g.done);
            ++reads;
            ++*vault_reads_[v];
            if (hot_) {
                for (uint64_t a = g.lo / line * line; a < g.hi; a += line) {
                    if (!hot_->contains(a)) {
                        const cache::Eviction ev = hot_->fill(a, false, true, 0);
                        if (ev.valid) hot_ready_.erase(ev.addr);
                    }
                    hot_ready_[a] = g.done;
                }
            }
        }
        for (uint64_t i = w0; i < w1; ++i) {
            const uint32_t gi = elem_group[i - w0];
            const Tick r = gi == kFromBuffer ? elem_ready[i - w0] : groups[gi].done;
            const uint64_t pb = (packed_base + i * es) / blk - packed_base / blk;
            out_ready[pb] = std::max(out_ready[pb], r);
        }
    }
    *merged_ += merged;
    *buffer_hits_ += hits;
    *element_reads_ += reads;
    last_merged_ = uint32_t(merged);
    last_hits_ = uint32_t(hits);
    last_reads_ = uint32_t(reads);
    ctx_.energy.add(e_cam_, lookups);
    if (hot_) ctx_.energy.add(e_buf_, lookups);
}

}  // namespace vp
