#include "models/dma/msgdma.h"
#include <algorithm>
#include <cstring>
#include <deque>
#include <stdexcept>
#include <tlm_utils/tlm_quantumkeeper.h>
#include "models/dma/access_plan.h"
#include "models/trace/tracer.h"
#include "vp/regs/msgdma.h"

namespace vp {

Msgdma::Msgdma(sc_core::sc_module_name name, SimContext& ctx, const MsgdmaConfig& cfg)
    : MmioDevice(name, ctx, cfg, MSGDMA_WINDOW_SIZE),
      initiator_socket("initiator_socket"),
      cfg_(cfg),
      port_(initiator_socket, ctx, trace_id(), stats_, log_),
      reader_(port_, cfg.period, cfg.width, trace_id()),
      writer_(port_, cfg.period, cfg.width, std::max(1u, cfg.write_window), trace_id()),
      dispatcher_(cfg_, stats_, log_, {[this] { kick_.notify(sc_core::SC_ZERO_TIME); }, [this](Tick t) { irq_at(t); }}),
      dma2_(cfg_, port_, ctx.tracer.register_component(name_ + ".dma2"), stats_),
      converter_(cfg_, reader_, writer_, dma2_, stats_, log_) {
    config::validate(cfg);
    stage_.resize(3 * size_t(cfg.burst));
    dispatcher_.declare(regs_);
    if (cfg.prefetcher) {
        prefetcher_ = std::make_unique<Prefetcher>(
            cfg_, port_, trace_id(), stats_, log_,
            Prefetcher::Hooks{[this] { kick_.notify(sc_core::SC_ZERO_TIME); }, [this](Tick t) { irq_at(t); }});
        prefetcher_->declare(regs_);
    }
    converter_.declare(regs_);
    dma2_.declare(regs_);
    stats_.derived("gather_bandwidth", "bytes/s", "element bytes over the descriptors' active time",
                   [this] { return gather_bandwidth(); });
    stats_.derived("active_time", "ps", "sum of descriptor start-to-completion times",
                   [this] { return double(active_time()); });
    stats_.derived("max_inflight", "count", "most DMA 2 element reads in flight at once",
                   [this] { return double(max_inflight()); });
    SC_HAS_PROCESS(Msgdma);
    SC_THREAD(engine);
    SC_METHOD(update_irq);
    sensitive << irq_events_;
    dont_initialize();
}

double Msgdma::gather_bandwidth() const {
    const Tick t = active_time();
    return t ? double(converter_.element_bytes()) * 1e12 / double(t) : 0.0;
}

std::string Msgdma::summary() const {
    char buf[200];
    snprintf(buf, sizeof buf, "%llu descriptors, %llu elements, %.3g GB/s gather, %s",
             (unsigned long long)descriptors_done(), (unsigned long long)elements_done(), gather_bandwidth() / 1e9,
             cfg_.pipelined ? "pipelined" : "mSGDMA");
    return buf;
}

// ---- interrupt line: the dispatcher's and the prefetcher's interrupts, ORed ---------------------

void Msgdma::irq_at(Tick t) {
    const Tick now = sim_now();
    if (t <= now)
        update_irq();
    else
        irq_events_.notify(to_sc_time(t - now));
}

void Msgdma::update_irq() {
    const Tick now = sim_now();
    irq_.set(dispatcher_.irq_pending(now) || (prefetcher_ && prefetcher_->irq_pending(now)));
}

// ---- engine ------------------------------------------------------------------------------------

void Msgdma::engine() {
    quantum_ = std::max<Tick>(1, to_tick(tlm_utils::tlm_quantumkeeper::get_global_quantum()));
    for (;;) {
        if (dispatcher_.can_start()) {
            activity_.set(true);
            run_next();
            continue;
        }
        if (prefetcher_ && prefetcher_->running() && dispatcher_.idle_for_prefetch()) {
            activity_.set(true);
            Descriptor d;
            if (prefetcher_->fetch(d)) dispatcher_.push(d);
            continue;
        }
        activity_.set(false);  // idle until software hands over work (the last end is busy_until)
        wait(kick_);
    }
}

// Between bus transactions: lets the kernel catch up once the transfer is more than a quantum ahead
// (so the CPU's register writes are seen and the run's limits can stop a transfer of any length),
// holds the masters while CONTROL.STOP is set, and returns false when a reset stops the transfer.
// `safe` is the earliest time any later access of the transfer can issue: the engine never waits
// beyond it, so no access is pushed later than its own timing says (an access cannot be issued
// before the kernel's time).
bool Msgdma::checkpoint(Tick safe, Tick idle_at) {
    if (safe > sim_now() + quantum_) wait(to_sc_time(safe - sim_now()));
    dispatcher_.prune();
    dispatcher_.progress(writer_.first_issue(), idle_at);
    while (dispatcher_.stop_requested() && !dispatcher_.reset_requested()) {
        dispatcher_.pause(idle_at);
        wait(kick_);
    }
    dispatcher_.resume();
    return !dispatcher_.reset_requested();
}

void Msgdma::run_next() {
    Tick start;
    const Descriptor d = dispatcher_.pop(start);
    const Tick t0 = start + cycles(cfg_.dispatch_cycles);
    const uint64_t span = ctx_.tracer.enabled() ? ctx_.tracer.next_id() : 0;
    const uint64_t elements_before = converter_.elements();
    reader_.begin(t0);  // the masters take the descriptor (also when it ends before any access)
    writer_.begin(t0);
    Outcome o = converter_.enabled()
                    ? converter_.run(d, t0, span, [this](Tick t, Tick idle) { return checkpoint(t, idle); })
                    : copy(d, t0, span);
    o.start = start;
    o.end = std::max(o.end, t0);
    o.write_start = std::min(writer_.first_issue(), o.end);
    if (d.prefetched && prefetcher_) o.end = prefetcher_->write_back(d, o);
    trace_descriptor(span, d, o, elements_before);
    dispatcher_.finish(d, o);
    ctx_.initiator_busy_until(o.end);  // the CPU synchronises at every quantum until the transfer ends
    if (d.prefetched && prefetcher_) prefetcher_->completed(d, o);
    // Catch up with the kernel, but not beyond the time the next descriptor may start (early done).
    const Tick safe = dispatcher_.next_start();
    if (safe > sim_now() + quantum_) wait(to_sc_time(safe - sim_now()));
    dispatcher_.prune();
}

// Memory to memory. The read master fills the data FIFO (fifo_depth x burst bytes), the write
// master drains it; with the standard format both sides move `burst`-byte transactions and
//   read k issues at max(read k-1 issue + beats, write issue of burst k - fifo_depth)
//   write k issues at max(read k done, write k-1 issue + beats, write k - write_window done).
// Extended descriptors may give each side its own transaction size (burst count, stride): then a
// write waits for all the reads that carry its bytes, and a read for the write that frees its room.
Outcome Msgdma::copy(const Descriptor& d, Tick t0, uint64_t span) {
    Outcome r;
    r.end = t0;
    const AccessPlan rp = AccessPlan::make(d.read, d.length, cfg_.width, cfg_.burst, d.read_burst, d.read_stride);
    const AccessPlan wp = AccessPlan::make(d.write, d.length, cfg_.width, cfg_.burst, d.write_burst, d.write_stride);
    const uint64_t capacity = uint64_t(cfg_.fifo_depth) * cfg_.burst;
    struct Read {
        uint64_t end;  // stream offset after its last byte
        Tick done;
    };
    struct Write {
        uint64_t end;
        Tick issue;
    };
    std::deque<Read> reads;               // reads whose bytes the write master has not fully taken
    std::deque<Write> writes;             // writes that may still free room for a read
    constexpr size_t kMaxWrites = 65536;  // bounds the history for tiny transactions in a huge FIFO
    Tick freed = 0;                       // issue of the last write dropped from `writes`
    uint64_t k = 0, have = 0, stage_base = 0;
    for (uint64_t j = 0; j < wp.count(); ++j) {
        const uint64_t w0 = wp.stream_offset(j), w1 = w0 + wp.size(j);
        while (have < w1) {  // the reads that carry this write's bytes
            const unsigned len = rp.size(k);
            // room: the FIFO holds `capacity` bytes; byte `have + len - capacity` must have been taken
            uint64_t need = have + len > capacity ? have + len - capacity : 0;
            need = std::min(need, w0);  // never wait for this write itself
            Tick room = 0;
            if (need) {
                while (!writes.empty() && writes.front().end < need) {
                    freed = writes.front().issue;
                    writes.pop_front();
                }
                room = writes.empty() ? freed : writes.front().issue;
            }
            if (have - stage_base + len > stage_.size()) {  // keep only the bytes not yet written
                std::memmove(stage_.data(), stage_.data() + (w0 - stage_base), have - w0);
                stage_base = w0;
            }
            const Issued rd = reader_.read(rp.address(k), stage_.data() + (have - stage_base), len, room, span);
            r.last_read_issue = rd.issue;
            r.end = std::max(r.end, rd.end);
            if (!rd.ok) {
                r.error |= MSGDMA_ERR_READ;
                return r;
            }
            have += len;
            reads.push_back({have, rd.end});
            ++k;
        }
        Tick ready = t0;
        for (const Read& rd : reads) ready = std::max(ready, rd.done);  // every one carries bytes of this write
        const Issued wr =
            writer_.write(wp.address(j), stage_.data() + (w0 - stage_base), unsigned(w1 - w0), ready, span);
        r.end = std::max(r.end, wr.end);
        if (!wr.ok) {
            r.error |= MSGDMA_ERR_WRITE;
            return r;
        }
        r.actual += unsigned(w1 - w0);
        while (!reads.empty() && reads.front().end <= w1) reads.pop_front();
        writes.push_back({w1, wr.issue});
        if (writes.size() > kMaxWrites) {
            freed = writes.front().issue;
            writes.pop_front();
        }
        if (!checkpoint(std::min(reader_.next_free(), writer_.next_free()), r.end)) {
            r.aborted = true;
            return r;
        }
    }
    return r;
}

void Msgdma::trace_descriptor(uint64_t span, const Descriptor& d, const Outcome& o, uint64_t elements_before) {
    if (!span) return;
    TraceRecord rec;
    rec.id = span;
    rec.component = trace_id();
    rec.initiator = trace_id();
    rec.cmd = tlm::TLM_READ_COMMAND;
    rec.addr = d.read;
    rec.len = d.length;
    rec.issue = d.accept;
    rec.start = o.start;
    rec.end = o.end;
    rec.status = o.error || o.aborted ? tlm::TLM_GENERIC_ERROR_RESPONSE : tlm::TLM_OK_RESPONSE;
    rec.attrs[rec.n_attrs++] = {"descriptor_write", int64_t(d.write)};
    rec.attrs[rec.n_attrs++] = {"actual_bytes", int64_t(o.actual)};
    rec.attrs[rec.n_attrs++] = {"elements", int64_t(converter_.elements() - elements_before)};
    rec.attrs[rec.n_attrs++] = {"error", int64_t(o.error)};
    ctx_.tracer.record(rec);
}

}  // namespace vp
