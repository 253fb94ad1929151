#include "models/dma/msgdma.h"
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <tlm_utils/tlm_quantumkeeper.h>
#include "vp/regs/msgdma.h"

namespace vp {

namespace {
uint32_t le32(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
void put32(uint8_t* p, uint32_t v) {
    for (int i = 0; i < 4; ++i) p[i] = uint8_t(v >> (8 * i));
}
uint32_t le_n(const uint8_t* p, unsigned n) {
    uint32_t v = 0;
    for (unsigned i = 0; i < n; ++i) v |= uint32_t(p[i]) << (8 * i);
    return v;
}
}  // namespace

Msgdma::Msgdma(sc_core::sc_module_name name, SimContext& ctx, const MsgdmaConfig& cfg)
    : MmioDevice(name, ctx, cfg, MSGDMA_WINDOW_SIZE),
      initiator_socket("initiator_socket"),
      cfg_(cfg),
      dma2_track_(ctx.tracer.register_component(name_ + ".dma2")),
      descriptors_(stats_.counter("descriptors", "count", "descriptors completed by DMA 1 (port or prefetcher)")),
      elements_(stats_.counter("elements", "count", "elements gathered or scattered through the converter")),
      index_reads_(stats_.counter("index_reads", "count", "index stream bursts read by DMA 1's read master")),
      element_reads_(stats_.counter("element_reads", "count", "DMA 2 reads (elements and intermediate indices)")),
      reads_(stats_.counter("reads", "count", "read transactions of all masters")),
      writes_(stats_.counter("writes", "count", "write transactions of all masters")),
      bytes_read_(stats_.counter("bytes_read", "bytes", "bytes read by all masters")),
      bytes_written_(stats_.counter("bytes_written", "bytes", "bytes written by all masters")),
      element_bytes_(stats_.counter("element_bytes", "bytes", "payload bytes of gathered/scattered elements")),
      dma_errors_(stats_.counter("transfer_errors", "count", "descriptors that ended with an error")),
      prefetches_(stats_.counter("prefetches", "count", "descriptor fetches by the prefetcher")),
      polls_(stats_.counter("polls", "count", "prefetcher fetches that found OWNED_BY_HW clear while polling")),
      dropped_(
          stats_.counter("dropped_descriptors", "count", "descriptors written while the descriptor FIFO was full")),
      element_latency_(stats_.histogram("element_latency", "ps", "DMA 2 element read: issue to data")),
      descriptor_time_(stats_.histogram("descriptor_time", "ps", "descriptor start to completion")) {
    config::validate(cfg);
    buf_.resize(cfg.burst);
    wbuf_.resize(cfg.burst);
    ext_.initiator = trace_id();
    payload_.set_extension(&ext_);
    declare_registers();
    stats_.derived("gather_bandwidth", "bytes/s", "element bytes over the descriptors' active time",
                   [this] { return gather_bandwidth(); });
    stats_.derived("active_time", "ps", "sum of descriptor start-to-completion times",
                   [this] { return double(active_); });
    stats_.derived("max_inflight", "count", "most DMA 2 element reads in flight at once",
                   [this] { return double(max_inflight_); });
    SC_HAS_PROCESS(Msgdma);
    SC_THREAD(engine);
    SC_METHOD(update_irq);
    sensitive << irq_events_;
    dont_initialize();
}

Msgdma::~Msgdma() { payload_.clear_extension(&ext_); }

double Msgdma::gather_bandwidth() const {
    return active_ ? double(element_bytes_.value) * 1e12 / double(active_) : 0.0;
}

std::string Msgdma::summary() const {
    char buf[200];
    snprintf(buf, sizeof buf, "%llu descriptors, %llu elements, %llu errors, %.3g GB/s gather, %s",
             (unsigned long long)descriptors_.value, (unsigned long long)elements_.value,
             (unsigned long long)dma_errors_.value, gather_bandwidth() / 1e9, cfg_.pipelined ? "pipelined" : "mSGDMA");
    return buf;
}

// ---- registers ---------------------------------------------------------------------------------

void Msgdma::declare_registers() {
    const uint64_t csr = MSGDMA_CSR_OFFSET;
    regs_.add("status", csr + MSGDMA_CSR_STATUS, 4)
        .reads([this](const RegAccess& a) { return status(a.at); })
        .writes([this](uint64_t v, const RegAccess& a) {
            if (!(v & MSGDMA_STATUS_IRQ)) return;
            irq_pending_.erase(
                std::remove_if(irq_pending_.begin(), irq_pending_.end(), [&](Tick t) { return t <= a.at; }),
                irq_pending_.end());
            update_irq();
        });
    regs_.add("control", csr + MSGDMA_CSR_CONTROL, 4)
        .reads([this](const RegAccess&) { return control_; })
        .writes([this](uint64_t v, const RegAccess& a) {
            if (v & MSGDMA_CONTROL_RESET) {
                reset_dispatcher(a.at);
                return;
            }
            control_ = uint32_t(v) & (MSGDMA_CONTROL_STOP | MSGDMA_CONTROL_STOP_ON_ERR | MSGDMA_CONTROL_STOP_ON_ET |
                                      MSGDMA_CONTROL_GIEM | MSGDMA_CONTROL_STOP_DESC);
            kick_.notify(sc_core::SC_ZERO_TIME);
        });
    regs_.add("fill_level", csr + MSGDMA_CSR_FILL_LEVEL, 4).reads([this](const RegAccess& a) {
        const uint32_t f = fill_level(a.at);
        return uint64_t(f | f << 16);
    });
    regs_.add("response_fill_level", csr + MSGDMA_CSR_RESP_FILL, 4).reads([this](const RegAccess& a) {
        return uint64_t(response_fill(a.at));
    });
    regs_.add("sequence_number", csr + MSGDMA_CSR_SEQ_NUM, 4).reads([this](const RegAccess& a) {
        const uint32_t c = completed_by(a.at) & 0xFFFF;
        return uint64_t(c | c << 16);
    });

    // Response port: the head response, as of the access time; reading STATUS pops it.
    if (cfg_.response_port) {
        auto head = [this](Tick at) -> const Response* {
            return !responses_.empty() && responses_.front().at <= at ? &responses_.front() : nullptr;
        };
        regs_.add("response_actual_bytes", MSGDMA_RESPONSE_OFFSET + MSGDMA_RESP_ACTUAL_BYTES, 4)
            .reads([head](const RegAccess& a) {
                auto* r = head(a.at);
                return r ? r->actual : 0u;
            });
        regs_.add("response_status", MSGDMA_RESPONSE_OFFSET + MSGDMA_RESP_STATUS, 4)
            .reads([this, head](const RegAccess& a) -> uint64_t {
                auto* r = head(a.at);
                if (!r) return 0;
                const uint32_t s = r->status;
                responses_.pop_front();
                response_pop_at_ = std::max(response_pop_at_, a.at);
                kick_.notify(sc_core::SC_ZERO_TIME);
                return s;
            })
            .peeks([head](const RegAccess& a) {
                auto* r = head(a.at);
                return r ? r->status : 0u;
            });
    }

    // Descriptor port: words are stored; the control word with GO commits the descriptor.
    const unsigned words = cfg_.extended ? 8 : 4;
    const unsigned ctl_word = words - 1;
    for (unsigned w = 0; w < words; ++w) {
        auto& r = regs_.add("descriptor_word" + std::to_string(w), MSGDMA_DESC_OFFSET + 4 * w, 4)
                      .reads([this, w](const RegAccess&) { return desc_words_[w]; });
        if (w != ctl_word) {
            r.writes([this, w](uint64_t v, const RegAccess&) { desc_words_[w] = uint32_t(v); });
            continue;
        }
        r.no_debug_write().writes([this, w](uint64_t v, const RegAccess& a) {
            desc_words_[w] = uint32_t(v);
            if (!(v & MSGDMA_DESC_CTL_GO)) return;
            if (fill_level(a.at) >= cfg_.descriptor_fifo_depth || a.at < reset_until_) {
                ++dropped_;
                log_->warn("descriptor written while the descriptor FIFO is full or resetting: dropped");
                return;
            }
            Desc d;
            d.read = desc_words_[0];
            d.write = desc_words_[1];
            d.length = desc_words_[2];
            d.control = uint32_t(v);
            if (cfg_.extended) {
                d.seq = uint16_t(desc_words_[3]);
                d.read |= uint64_t(desc_words_[5]) << 32;
                d.write |= uint64_t(desc_words_[6]) << 32;
            }
            d.accept = a.at;
            queue_.push_back(d);
            kick_.notify(sc_core::SC_ZERO_TIME);
        });
    }

    if (cfg_.prefetcher) {
        const uint64_t pf = MSGDMA_PREF_OFFSET;
        regs_.add("prefetcher_control", pf + MSGDMA_PREF_CONTROL, 4)
            .reads([this](const RegAccess&) { return pref_control_; })
            .writes([this](uint64_t v, const RegAccess& a) {
                if (v & MSGDMA_PREF_CTL_RESET) {
                    pref_control_ = 0;
                    pref_next_ = 0;
                    pref_poll_ = 0;
                    return;
                }
                const bool was_running = pref_control_ & MSGDMA_PREF_CTL_RUN;
                pref_control_ = uint32_t(v) & (MSGDMA_PREF_CTL_RUN | MSGDMA_PREF_CTL_POLL_EN | MSGDMA_PREF_CTL_GIEM |
                                               MSGDMA_PREF_CTL_PARK);
                if (!was_running && (pref_control_ & MSGDMA_PREF_CTL_RUN)) {
                    pref_time_ = std::max(pref_time_, a.at);
                    kick_.notify(sc_core::SC_ZERO_TIME);
                }
            });
        regs_.add("prefetcher_next_lo", pf + MSGDMA_PREF_NEXT_LO, 4)
            .reads([this](const RegAccess&) { return uint32_t(pref_next_); })
            .writes([this](uint64_t v, const RegAccess&) { pref_next_ = (pref_next_ & ~0xFFFFFFFFull) | uint32_t(v); });
        regs_.add("prefetcher_next_hi", pf + MSGDMA_PREF_NEXT_HI, 4)
            .reads([this](const RegAccess&) { return uint32_t(pref_next_ >> 32); })
            .writes([this](uint64_t v, const RegAccess&) { pref_next_ = (pref_next_ & 0xFFFFFFFFull) | (v << 32); });
        regs_.add("prefetcher_poll_freq", pf + MSGDMA_PREF_POLL_FREQ, 4)
            .reads([this](const RegAccess&) { return pref_poll_; })
            .writes([this](uint64_t v, const RegAccess&) { pref_poll_ = uint32_t(v); });
        regs_.add("prefetcher_status", pf + MSGDMA_PREF_STATUS, 4)
            .reads([this](const RegAccess& a) -> uint64_t {
                for (Tick t : irq_pending_)
                    if (t <= a.at) return MSGDMA_PREF_STATUS_IRQ;
                return 0;
            })
            .writes([this](uint64_t v, const RegAccess& a) {
                if (!(v & MSGDMA_PREF_STATUS_IRQ)) return;
                irq_pending_.erase(
                    std::remove_if(irq_pending_.begin(), irq_pending_.end(), [&](Tick t) { return t <= a.at; }),
                    irq_pending_.end());
                update_irq();
            });
    }

    const uint64_t cv = MSGDMA_CONV_OFFSET;
    auto rw = [&](const char* n, uint64_t off, uint32_t& field) {
        regs_.add(n, cv + off, 4)
            .reads([&field](const RegAccess&) { return field; })
            .writes([&field](uint64_t v, const RegAccess&) { field = uint32_t(v); });
    };
    rw("conv_ctrl", MSGDMA_CONV_CTRL, conv_ctrl_);
    rw("conv_elem_base", MSGDMA_CONV_ELEM_BASE, conv_elem_base_);
    rw("conv_elem_size", MSGDMA_CONV_ELEM_SIZE, conv_elem_size_);
    rw("conv_index_size", MSGDMA_CONV_INDEX_SIZE, conv_index_size_);
    rw("conv_levels", MSGDMA_CONV_LEVELS, conv_levels_);
    rw("conv_src_base", MSGDMA_CONV_SRC_BASE, conv_src_base_);
    for (unsigned k = 0; k < 3; ++k)
        rw(k == 0   ? "conv_level_base0"
           : k == 1 ? "conv_level_base1"
                    : "conv_level_base2",
           MSGDMA_CONV_LEVEL_BASE(k), conv_level_base_[k]);
    regs_.add("conv_elements", cv + MSGDMA_CONV_ELEMENTS, 4).reads([this](const RegAccess&) {
        return uint32_t(elements_.value);
    });

    // DMA 2's dispatcher, read-only: busy while element reads are in flight; sequence number = reads done.
    const uint64_t d2 = MSGDMA_DMA2_CSR_OFFSET;
    regs_.add("dma2_status", d2 + MSGDMA_CSR_STATUS, 4).reads([this](const RegAccess& a) -> uint64_t {
        const bool b = a.at < dma2_busy_until_;
        return (b ? MSGDMA_STATUS_BUSY : MSGDMA_STATUS_DESC_EMPTY) | MSGDMA_STATUS_RESP_EMPTY;
    });
    regs_.add("dma2_sequence_number", d2 + MSGDMA_CSR_SEQ_NUM, 4).reads([this](const RegAccess&) {
        const uint32_t c = uint32_t(element_reads_.value) & 0xFFFF;
        return uint64_t(c | c << 16);
    });
}

bool Msgdma::busy(Tick at) const {
    if (!queue_.empty()) return true;
    for (auto& d : done_)
        if (d.end > at) return true;
    return false;
}

unsigned Msgdma::fill_level(Tick at) const {
    unsigned n = unsigned(queue_.size());
    for (auto& d : done_)
        if (d.start > at) ++n;
    return n;
}

unsigned Msgdma::response_fill(Tick at) const {
    unsigned n = 0;
    for (auto& r : responses_)
        if (r.at <= at) ++n;
    return n;
}

uint32_t Msgdma::completed_by(Tick at) const {
    uint32_t n = completed_pruned_;
    for (auto& d : done_)
        if (d.end <= at) ++n;
    return n;
}

bool Msgdma::stopped_now() const {
    return (control_ & (MSGDMA_CONTROL_STOP | MSGDMA_CONTROL_STOP_DESC)) || error_at_ != kTickMax;
}

uint32_t Msgdma::status(Tick at) const {
    uint32_t s = 0;
    const bool b = busy(at);
    const unsigned fill = fill_level(at), rfill = response_fill(at);
    if (b) s |= MSGDMA_STATUS_BUSY;
    if (fill == 0) s |= MSGDMA_STATUS_DESC_EMPTY;
    if (fill >= cfg_.descriptor_fifo_depth) s |= MSGDMA_STATUS_DESC_FULL;
    if (rfill == 0) s |= MSGDMA_STATUS_RESP_EMPTY;
    if (rfill >= cfg_.response_fifo_depth) s |= MSGDMA_STATUS_RESP_FULL;
    const bool err = error_at_ <= at;
    if (err) s |= MSGDMA_STATUS_STOPPED_ON_ERR;
    // stopped: by the stop bits (or an error) and the masters idle; queued descriptors may remain
    bool masters_busy = false;
    for (auto& d : done_) masters_busy |= d.end > at;
    if (err || ((control_ & (MSGDMA_CONTROL_STOP | MSGDMA_CONTROL_STOP_DESC)) && !masters_busy))
        s |= MSGDMA_STATUS_STOPPED;
    if (at < reset_until_) s |= MSGDMA_STATUS_RESETTING;
    for (Tick t : irq_pending_)
        if (t <= at) {
            s |= MSGDMA_STATUS_IRQ;
            break;
        }
    return s;
}

void Msgdma::reset_dispatcher(Tick at) {
    // Queued descriptors and responses are dropped, control and status return to their reset values.
    // Transfers already dispatched (in the engine's past) complete: the reset lasts until they have.
    queue_.clear();
    responses_.clear();
    done_.clear();
    completed_pruned_ = 0;
    control_ = 0;
    error_at_ = kTickMax;
    irq_pending_.clear();
    std::memset(desc_words_, 0, sizeof desc_words_);
    reset_until_ = std::max(at + cycles(4), busy_until_);
    dispatch_free_ = std::max(dispatch_free_, reset_until_);
    update_irq();
    log_->debug("dispatcher reset at {} ps (resetting until {} ps)", at, reset_until_);
}

void Msgdma::raise_irq_at(Tick t) {
    irq_pending_.push_back(t);
    irq_events_.notify(to_sc_time(t > sim_now() ? t - sim_now() : 0));
}

void Msgdma::update_irq() {
    bool level = false;
    for (Tick t : irq_pending_)
        if (t <= sim_now()) level = true;
    irq_.set(level);
}

// ---- engine ------------------------------------------------------------------------------------

void Msgdma::sync_if_far(Tick t) {
    const Tick q = std::max<Tick>(1, to_tick(tlm_utils::tlm_quantumkeeper::get_global_quantum()));
    if (t > sim_now() + q) wait(to_sc_time(t - sim_now()));
    // prune the history that no access can ask about any more (accesses arrive at or after sim_now())
    while (!done_.empty() && done_.front().end <= sim_now() && done_.front().start <= sim_now()) {
        done_.pop_front();
        ++completed_pruned_;
    }
}

void Msgdma::engine() {
    for (;;) {
        const bool response_room = !cfg_.response_port || responses_.size() < cfg_.response_fifo_depth;
        if (!queue_.empty() && !stopped_now() && response_room) {
            activity_.set(true);
            const Desc d = queue_.front();
            queue_.pop_front();
            const Result r = process(d, cfg_.response_port ? response_pop_at_ : 0);
            complete(d, r);
            sync_if_far(r.end);
            continue;
        }
        if (cfg_.prefetcher && (pref_control_ & MSGDMA_PREF_CTL_RUN) && !stopped_now() && queue_.empty()) {
            activity_.set(true);
            prefetch_step();
            continue;
        }
        activity_.set(false);  // idle until software hands over work (the last end is busy_until)
        wait(kick_);
    }
}

void Msgdma::prefetch_step() {
    uint8_t dbuf[MSGDMA_PDESC_SIZE];
    bool ok = true;
    const uint64_t at = pref_next_;
    const Tick e = access(false, at, dbuf, MSGDMA_PDESC_SIZE, std::max(pref_time_, sim_now()), trace_id(), 0, ok);
    ++prefetches_;
    if (!ok) {
        log_->warn("prefetcher: bus error reading the descriptor at 0x{:x}; prefetcher stopped", at);
        pref_control_ &= ~MSGDMA_PREF_CTL_RUN;
        pref_time_ = e;
        return;
    }
    const uint32_t ctl = le32(dbuf + MSGDMA_PDESC_CONTROL);
    if (!(ctl & MSGDMA_PDESC_OWNED_BY_HW)) {
        if (pref_control_ & MSGDMA_PREF_CTL_POLL_EN) {
            ++polls_;
            pref_time_ = e + cycles(std::max<uint32_t>(1, pref_poll_));
            wait(to_sc_time(pref_time_ - sim_now()));  // let software hand the descriptor over
        } else {
            pref_control_ &= ~MSGDMA_PREF_CTL_RUN;  // end of the chain
            pref_time_ = e;
        }
        return;
    }
    Desc d;
    d.read = le32(dbuf + MSGDMA_PDESC_READ_ADDR);
    d.write = le32(dbuf + MSGDMA_PDESC_WRITE_ADDR);
    d.length = le32(dbuf + MSGDMA_PDESC_LENGTH);
    d.control = ctl;
    d.accept = e;
    d.from_prefetcher = true;
    Result r = process(d, e);
    // Write-back: actual bytes, status, (reserved, unchanged), control with OWNED_BY_HW cleared.
    uint8_t wb[16];
    put32(wb, r.actual);
    put32(wb + 4, r.error);
    std::memcpy(wb + 8, dbuf + 0x18, 4);
    put32(wb + 12, (pref_control_ & MSGDMA_PREF_CTL_PARK) ? ctl : ctl & ~MSGDMA_PDESC_OWNED_BY_HW);
    bool wok = true;
    r.end = access(true, at + MSGDMA_PDESC_ACTUAL, wb, sizeof wb, r.end, trace_id(), 0, wok);
    if (!wok) log_->warn("prefetcher: bus error writing back the descriptor at 0x{:x}", at);
    complete(d, r);
    pref_time_ = r.end;
    pref_next_ = le32(dbuf + MSGDMA_PDESC_NEXT);
    sync_if_far(r.end);
}

Tick Msgdma::access(bool write, uint64_t addr, uint8_t* data, unsigned len, Tick issue, uint16_t track, uint64_t parent,
                    bool& ok) {
    issue = std::max(issue, sim_now());
    tlm::tlm_generic_payload& p = payload_;
    p.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    p.set_address(addr);
    p.set_data_ptr(data);
    p.set_data_length(len);
    p.set_streaming_width(len);
    p.set_byte_enable_ptr(nullptr);
    p.set_byte_enable_length(0);
    p.set_dmi_allowed(false);
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    ext_.trace_id = parent;
    ext_.trace_component = parent ? trace_id() : 0;
    Tick end;
    {
        TraceSpan span(ctx_.tracer, track, p, issue);
        span.start(issue);
        sc_core::sc_time delay = to_sc_time(issue - sim_now());
        initiator_socket->b_transport(p, delay);
        end = std::max(sim_now() + to_tick(delay), issue);
        span.finish(end, p.get_response_status());
    }
    ok = p.is_response_ok();
    if (write) {
        ++writes_;
        bytes_written_ += len;
    } else {
        ++reads_;
        bytes_read_ += len;
    }
    if (!ok) log_->debug("{} of {} bytes at 0x{:x}: {}", write ? "write" : "read", len, addr, p.get_response_string());
    return end;
}

Msgdma::Result Msgdma::process(const Desc& d, Tick ready) {
    const Tick t0 = std::max({d.accept, dispatch_free_, ready, sim_now()}) + cycles(cfg_.dispatch_cycles);
    const uint64_t span = ctx_.tracer.enabled() ? ctx_.tracer.next_id() : 0;
    const bool conv = conv_ctrl_ & MSGDMA_CONV_CTRL_ENABLE;
    const uint64_t elements_before = elements_.value;
    Result r = conv ? convert(d, t0, span) : copy(d, t0, span);
    r.start = t0 - cycles(cfg_.dispatch_cycles);
    r.end = std::max(r.end, t0);
    if (span) {
        TraceRecord rec;
        rec.id = span;
        rec.component = trace_id();
        rec.initiator = trace_id();
        rec.cmd = tlm::TLM_READ_COMMAND;
        rec.addr = d.read;
        rec.len = d.length;
        rec.issue = d.accept;
        rec.start = r.start;
        rec.end = r.end;
        rec.status = r.error ? tlm::TLM_GENERIC_ERROR_RESPONSE : tlm::TLM_OK_RESPONSE;
        rec.attrs[rec.n_attrs++] = {"descriptor_write", int64_t(d.write)};
        rec.attrs[rec.n_attrs++] = {"actual_bytes", int64_t(r.actual)};
        rec.attrs[rec.n_attrs++] = {"elements", int64_t(elements_.value - elements_before)};
        rec.attrs[rec.n_attrs++] = {"error", int64_t(r.error)};
        ctx_.tracer.record(rec);
    }
    return r;
}

void Msgdma::complete(const Desc& d, const Result& r) {
    done_.push_back({r.start, r.end});
    busy_until_ = std::max(busy_until_, r.end);
    ctx_.initiator_busy_until(r.end);  // the CPU synchronises at every quantum until the transfer ends
    dispatch_free_ =
        (d.control & MSGDMA_DESC_CTL_EARLY_DONE) ? std::max(r.start, r.last_read_issue) + cycles(1) : r.end;
    ++descriptors_;
    ++seq_;
    descriptor_time_.add(r.end - r.start);
    active_ += r.end - r.start;
    if (r.error) {
        ++dma_errors_;
        log_->info("descriptor read=0x{:x} write=0x{:x} len={} ended with error 0x{:x} after {} bytes", d.read, d.write,
                   d.length, r.error, r.actual);
        if (control_ & MSGDMA_CONTROL_STOP_ON_ERR) error_at_ = std::min(error_at_, r.end);
    }
    const bool want = (d.control & MSGDMA_DESC_CTL_TC_IRQ_EN) || (r.error & ((d.control >> 16) & 0xFF));
    const bool enabled = d.from_prefetcher ? (pref_control_ & MSGDMA_PREF_CTL_GIEM) : (control_ & MSGDMA_CONTROL_GIEM);
    if (want && enabled) raise_irq_at(r.end);
    if (cfg_.response_port && !d.from_prefetcher) responses_.push_back({r.actual, r.error, r.end});
}

// Memory to memory: read bursts into the data FIFO, the write master drains it.
//   read k issues at max(previous read issue + its beats, write issue of burst k - fifo_depth)
//   write k issues at max(read k done, previous write issue + its beats, write k - write_window done)
Msgdma::Result Msgdma::copy(const Desc& d, Tick t0, uint64_t span) {
    Result r;
    r.end = t0;
    const unsigned D = cfg_.fifo_depth, W = cfg_.write_window;
    std::vector<Tick> drained(D, 0), wdone(W, 0);
    Tick rnext = t0, wnext = t0;
    uint64_t k = 0;
    for (uint64_t off = 0; off < d.length; off += cfg_.burst, ++k) {
        const unsigned n = unsigned(std::min<uint64_t>(cfg_.burst, d.length - off));
        bool ok = true;
        const Tick ri = std::max(rnext, drained[k % D]);
        const Tick re = access(false, d.read + off, buf_.data(), n, ri, trace_id(), span, ok);
        r.last_read_issue = ri;
        rnext = ri + beats(n);
        if (!ok) {
            r.error |= MSGDMA_ERR_READ;
            r.end = std::max(r.end, re);
            break;
        }
        const Tick wi = std::max({re, wnext, wdone[k % W]});
        const Tick we = access(true, d.write + off, buf_.data(), n, wi, trace_id(), span, ok);
        wnext = wi + beats(n);
        drained[k % D] = wi;
        wdone[k % W] = we;
        r.end = std::max(r.end, we);
        if (!ok) {
            r.error |= MSGDMA_ERR_WRITE;
            break;
        }
        r.actual += n;
    }
    return r;
}

// Gather / scatter through the converter and DMA 2 (see the header and docs/dma.md).
Msgdma::Result Msgdma::convert(const Desc& d, Tick t0, uint64_t span) {
    Result r;
    r.end = t0;
    const unsigned isz = conv_index_size_, esz = conv_elem_size_, L = conv_levels_;
    const bool scatter = conv_ctrl_ & MSGDMA_CONV_CTRL_SCATTER;
    if (!(isz == 1 || isz == 2 || isz == 4) || esz == 0 || esz > MSGDMA_CONV_MAX_ELEM || L == 0 ||
        L > MSGDMA_CONV_MAX_LEVELS || d.length % isz != 0) {
        log_->warn(
            "converter: bad configuration (index size {}, element size {}, levels {}, length {}): descriptor "
            "not executed",
            isz, esz, L, d.length);
        r.error = MSGDMA_ERR_INDEX;
        return r;
    }
    const uint64_t n = d.length / isz;
    const unsigned D = cfg_.fifo_depth, W = cfg_.write_window;
    const unsigned per_write = scatter ? 1 : std::max(1u, cfg_.burst / esz);
    const unsigned per_idx_burst = cfg_.burst / isz;

    // index stream (DMA 1 read master)
    uint8_t* ibuf = buf_.data();  // one index burst (burst bytes)
    uint64_t idx_chunk = ~0ull;
    Tick idx_next = t0, idx_end = t0;
    std::vector<Tick> taken(2 * per_idx_burst, 0);  // converter take times: index FIFO of two bursts
    // DMA 2 stages: L - 1 intermediate index reads, then the element read
    std::vector<std::vector<Tick>> stage_slot(L, std::vector<Tick>(D, 0));
    std::vector<Tick> stage_next(L, t0), stage_prev_end(L, t0);
    std::vector<Tick> elem_end_ring(D, 0);
    // write master
    std::vector<Tick> wdone(W, 0);
    uint64_t wk = 0;  // write transactions issued
    Tick consume_next = t0, wnext = t0;
    uint64_t wchunk_first = 0;  // gather: first element in wbuf_
    unsigned wfill = 0;
    uint8_t ebuf[MSGDMA_CONV_MAX_ELEM];
    uint32_t written = 0;

    auto flush = [&](Tick ready) -> bool {  // gather: write the buffered elements contiguously
        if (wfill == 0) return true;
        const unsigned bytes = wfill * esz;
        bool ok = true;
        const Tick wi = std::max({ready, wnext, wdone[wk % W]});
        const Tick we = access(true, d.write + wchunk_first * esz, wbuf_.data(), bytes, wi, trace_id(), span, ok);
        wnext = wi + beats(bytes);
        wdone[wk++ % W] = we;
        r.end = std::max(r.end, we);
        wfill = 0;
        if (!ok) {
            r.error |= MSGDMA_ERR_WRITE;
            return false;
        }
        written += bytes;
        return true;
    };

    uint64_t i = 0;
    for (; i < n; ++i) {
        // 1. index i from DMA 1's read stream
        const uint64_t off = i * isz;
        if (off / cfg_.burst != idx_chunk) {
            idx_chunk = off / cfg_.burst;
            const uint64_t cstart = idx_chunk * cfg_.burst;
            const unsigned clen = unsigned(std::min<uint64_t>(cfg_.burst, d.length - cstart));
            bool ok = true;
            const Tick ii = std::max(idx_next, taken[i % taken.size()]);
            idx_end = access(false, d.read + cstart, ibuf, clen, ii, trace_id(), span, ok);
            ++index_reads_;
            r.last_read_issue = ii;
            idx_next = ii + beats(clen);
            r.end = std::max(r.end, idx_end);
            if (!ok) {
                r.error |= MSGDMA_ERR_INDEX;
                break;
            }
        }
        uint32_t v = le_n(ibuf + off % cfg_.burst, isz);
        Tick ready = idx_end + cycles(cfg_.convert_cycles);
        taken[i % taken.size()] = ready;

        // 2. DMA 2: one descriptor per level
        bool failed = false;
        Tick elem_done = ready;
        uint64_t target = 0;  // final converted address
        for (unsigned l = 0; l < L; ++l) {
            const bool last = l + 1 == L;
            const uint64_t addr = last ? conv_elem_base_ + uint64_t(v) * esz : conv_level_base_[l] + uint64_t(v) * isz;
            uint64_t src = addr;
            unsigned len = last ? esz : isz;
            if (last) {
                target = addr;
                if (scatter) src = conv_src_base_ + i * esz;
            }
            Tick issue;
            if (cfg_.pipelined)
                issue = std::max({ready, stage_next[l], stage_slot[l][i % D]});
            else
                issue = std::max({ready, stage_prev_end[l] + cycles(cfg_.dispatch_cycles), stage_slot[l][i % D]});
            if (last) {
                unsigned inflight = 0;
                for (Tick e : elem_end_ring) inflight += e > issue;
                max_inflight_ = std::max<uint64_t>(max_inflight_, inflight + 1);
            }
            bool ok = true;
            const Tick e = access(false, src, ebuf, len, issue, dma2_track_, span, ok);
            ++element_reads_;
            stage_next[l] = issue + beats(len);
            stage_prev_end[l] = e;
            dma2_busy_until_ = std::max(dma2_busy_until_, e);
            r.end = std::max(r.end, e);
            if (!ok) {
                r.error |= last ? MSGDMA_ERR_READ : MSGDMA_ERR_INDEX;
                failed = true;
                break;
            }
            if (last) {
                elem_end_ring[i % D] = e;
                element_latency_.add(e - issue);
                elem_done = e;
            } else {
                stage_slot[l][i % D] = e + cycles(cfg_.convert_cycles);  // taken by the next stage
                v = le_n(ebuf, isz);
                ready = e + cycles(cfg_.convert_cycles);
            }
        }
        if (failed) break;

        // 3. DMA 1's write master takes the element from the FIFO
        Tick c = std::max({elem_done, consume_next, wdone[wk % W]});
        consume_next = c + beats(esz);
        stage_slot[L - 1][i % D] = c;
        if (scatter) {
            bool ok = true;
            const Tick we = access(true, target, ebuf, esz, std::max(c, wnext), trace_id(), span, ok);
            wnext = std::max(c, wnext) + beats(esz);
            wdone[wk++ % W] = we;
            r.end = std::max(r.end, we);
            if (!ok) {
                r.error |= MSGDMA_ERR_WRITE;
                break;
            }
            written += esz;
        } else {
            if (wfill == 0) wchunk_first = i;
            std::memcpy(wbuf_.data() + wfill * esz, ebuf, esz);
            if (++wfill == per_write && !flush(c)) break;
        }
        ++elements_;
        element_bytes_ += esz;
    }
    // Elements before a failing one are still written; nothing at or after it is.
    if (!scatter && wfill) {
        if (r.error & MSGDMA_ERR_WRITE)
            wfill = 0;
        else
            flush(consume_next);
    }
    r.actual = written;
    return r;
}

}  // namespace vp
