#include "models/dma/dispatcher.h"
#include <algorithm>
#include <cstring>

namespace vp {

namespace {
constexpr unsigned kResetCycles = 4;  // STATUS.RESETTING lasts at least this long (VP choice)
constexpr uint32_t kControlBits = MSGDMA_CONTROL_STOP | MSGDMA_CONTROL_STOP_ON_ERR | MSGDMA_CONTROL_STOP_ON_ET |
                                  MSGDMA_CONTROL_GIEM | MSGDMA_CONTROL_STOP_DESC;
}  // namespace

Dispatcher::Dispatcher(const MsgdmaConfig& cfg, StatGroup& stats, std::shared_ptr<spdlog::logger> log, Hooks hooks)
    : cfg_(cfg),
      log_(std::move(log)),
      hooks_(std::move(hooks)),
      descriptors_(stats.counter("descriptors", "count", "descriptors completed by DMA 1 (port or prefetcher)")),
      errors_(stats.counter("transfer_errors", "count", "descriptors that ended with an error")),
      dropped_(stats.counter("dropped_descriptors", "count",
                             "descriptors written while the descriptor FIFO was full or the dispatcher resetting")),
      descriptor_time_(stats.histogram("descriptor_time", "ps", "descriptor start to completion")) {}

void Dispatcher::declare(RegisterBank& regs) {
    declare_csr(regs);
    declare_descriptor_port(regs);
    if (cfg_.response_port) declare_response_port(regs);
}

// ---- registers ---------------------------------------------------------------------------------

void Dispatcher::declare_csr(RegisterBank& regs) {
    const uint64_t csr = MSGDMA_CSR_OFFSET;
    regs.add("status", csr + MSGDMA_CSR_STATUS, 4)
        .reads([this](const RegAccess& a) { return status(a.at); })
        .writes([this](uint64_t v, const RegAccess& a) {
            if (!(v & MSGDMA_STATUS_IRQ)) return;  // only IRQ is write-1-to-clear
            irq_.clear(a.at);
            hooks_.irq_at(sim_now());
        });
    regs.add("control", csr + MSGDMA_CSR_CONTROL, 4)
        .reads([this](const RegAccess& a) { return control(a.at); })
        .writes([this](uint64_t v, const RegAccess& a) {
            if (v & MSGDMA_CONTROL_RESET) {
                reset(a.at);
                return;
            }
            // Clearing STOP resumes a dispatcher stopped on an error that has happened by now.
            if (error_stop_at_ <= a.at && !(v & MSGDMA_CONTROL_STOP)) error_stop_at_ = kTickMax;
            control_ = uint32_t(v) & kControlBits;
            hooks_.kick();
        });
    regs.add("fill_level", csr + MSGDMA_CSR_FILL_LEVEL, 4).reads([this](const RegAccess& a) {
        return uint64_t(std::min(read_fill(a.at), 0xFFFFu) | std::min(write_fill(a.at), 0xFFFFu) << 16);
    });
    regs.add("response_fill_level", csr + MSGDMA_CSR_RESP_FILL, 4).reads([this](const RegAccess& a) {
        return uint64_t(response_fill(a.at));
    });
    regs.add("sequence_number", csr + MSGDMA_CSR_SEQ_NUM, 4).reads([this](const RegAccess& a) {
        return uint64_t(sequence_numbers(a.at));
    });
}

void Dispatcher::declare_descriptor_port(RegisterBank& regs) {
    // Every word is byte-lane writable (Intel's HAL writes the extended fields with 8- and 16-bit
    // stores). Reads return the words as written (the VP's choice; Intel's port is write-only).
    const unsigned words = cfg_.extended ? 8 : 4;
    const unsigned control_word = words - 1;
    for (unsigned w = 0; w < words; ++w) {
        auto& r = regs.add("descriptor_word" + std::to_string(w), MSGDMA_DESC_OFFSET + 4 * w, 4)
                      .sizes(1u << 1 | 1u << 2 | 1u << 4)
                      .reads([this, w](const RegAccess&) { return words_[w]; });
        if (w != control_word) {
            r.writes([this, w](uint64_t v, const RegAccess&) { words_[w] = uint32_t(v); });
            continue;
        }
        r.no_debug_write().writes([this, w](uint64_t v, const RegAccess& a) {
            words_[w] = uint32_t(v);
            const bool wrote_byte3 = a.offset + a.size > 3;  // the byte holding GO
            if (wrote_byte3 && (v & MSGDMA_DESC_CTL_GO)) commit(uint32_t(v), a.at);
        });
    }
}

void Dispatcher::declare_response_port(RegisterBank& regs) {
    auto head = [this](Tick at) -> const Response* {
        return !responses_.empty() && responses_.front().at <= at ? &responses_.front() : nullptr;
    };
    regs.add("response_actual_bytes", MSGDMA_RESPONSE_OFFSET + MSGDMA_RESP_ACTUAL_BYTES, 4)
        .sizes(1u << 1 | 1u << 2 | 1u << 4)
        .reads([head](const RegAccess& a) {
            auto* r = head(a.at);
            return r ? r->actual : 0u;
        });
    regs.add("response_status", MSGDMA_RESPONSE_OFFSET + MSGDMA_RESP_STATUS, 4)
        .sizes(1u << 1 | 1u << 2 | 1u << 4)
        .reads([this, head](const RegAccess& a) -> uint64_t {
            auto* r = head(a.at);
            if (!r) return 0;
            const uint32_t s = r->status;
            if (a.offset + a.size > 3) {  // the read of byte 0x7 pops the response [HAL response_regs]
                responses_.pop_front();
                response_pop_at_ = std::max(response_pop_at_, a.at);
                hooks_.kick();
            }
            return s;
        })
        .peeks([head](const RegAccess& a) {
            auto* r = head(a.at);
            return r ? r->status : 0u;
        });
}

void Dispatcher::commit(uint32_t ctl, Tick at) {
    if (resetting(at) || write_fill(at) >= cfg_.descriptor_fifo_depth) {
        ++dropped_;
        VP_WARN(log_, "descriptor written while the descriptor FIFO is full or the dispatcher is resetting: dropped");
        return;
    }
    Descriptor d;
    d.read = words_[0];
    d.write = words_[1];
    d.length = words_[2];
    d.control = ctl;
    if (cfg_.extended) {  // [UG] extended descriptor format
        d.seq = uint16_t(words_[3]);
        d.read_burst = uint8_t(words_[3] >> 16);
        d.write_burst = uint8_t(words_[3] >> 24);
        d.read_stride = uint16_t(words_[4]);
        d.write_stride = uint16_t(words_[4] >> 16);
        d.read |= uint64_t(words_[5]) << 32;
        d.write |= uint64_t(words_[6]) << 32;
    }
    d.accept = at;
    queue_.push_back(d);
    hooks_.kick();
}

void Dispatcher::reset(Tick at) {
    // FIFOs, responses, the interrupt, CONTROL, the error stop and the sequence numbers return to
    // their reset values. A transfer in flight stops at its next bus transaction; RESETTING stays
    // set until its issued accesses have ended (and for at least kResetCycles).
    queue_.clear();
    responses_.clear();
    history_.clear();
    pruned_read_seq_ = pruned_write_seq_ = 0;
    control_ = 0;
    error_stop_at_ = kTickMax;
    irq_.reset();
    std::memset(words_, 0, sizeof words_);
    if (active_valid_) {
        reset_requested_ = true;
        reset_at_ = at;
    } else {
        reset_until_ = std::max(at + cycles(kResetCycles), busy_until_);
        dispatch_free_ = std::max(dispatch_free_, reset_until_);
    }
    hooks_.irq_at(sim_now());
    hooks_.kick();
    log_->debug("dispatcher reset at {} ps", at);
}

uint32_t Dispatcher::control(Tick at) const { return control_ | (error_stop_at_ <= at ? MSGDMA_CONTROL_STOP : 0u); }

// ---- register views as of `at` -------------------------------------------------------------------

// Descriptors accepted by `at` that the master has not taken yet (`taken`: the record's start for
// the read master, its first write for the write master).
unsigned Dispatcher::fill(Tick at, Tick Record::*taken) const {
    unsigned n = 0;
    for (auto& d : queue_) n += d.accept <= at;
    for (auto& r : history_) n += r.accept <= at && at < r.*taken;
    if (active_valid_) n += active_.accept <= at && at < active_.*taken;
    return n;
}

unsigned Dispatcher::response_fill(Tick at) const {
    unsigned n = 0;
    for (auto& r : responses_) n += r.at <= at;
    return n;
}

uint32_t Dispatcher::sequence_numbers(Tick at) const {
    if (!cfg_.extended) return 0;  // [HAL csr_regs] the register exists with the extended format only
    // The sequence number of the descriptor the read master (write master) took last.
    uint16_t rd = pruned_read_seq_, wr = pruned_write_seq_;
    for (auto& r : history_) {
        if (r.start <= at) rd = r.seq;
        if (r.write_start <= at) wr = r.seq;
    }
    if (active_valid_) {
        if (active_.start <= at) rd = active_.seq;
        if (active_.write_start <= at) wr = active_.seq;
    }
    return uint32_t(rd) | uint32_t(wr) << 16;
}

bool Dispatcher::busy(Tick at) const {
    for (auto& d : queue_)
        if (d.accept <= at) return true;
    if (active_valid_ && active_.accept <= at) return true;
    for (auto& r : history_)
        if (r.accept <= at && at < r.end) return true;
    return false;
}

bool Dispatcher::masters_idle(Tick at) const {
    for (auto& r : history_)
        if (r.start <= at && at < r.end) return false;
    if (active_valid_ && active_.start <= at) return active_.paused && active_.idle_at <= at;
    return true;
}

uint32_t Dispatcher::status(Tick at) const {
    uint32_t s = 0;
    if (busy(at)) s |= MSGDMA_STATUS_BUSY;
    const unsigned rf = read_fill(at), wf = write_fill(at), resp = response_fill(at);
    if (rf == 0 && wf == 0) s |= MSGDMA_STATUS_DESC_EMPTY;
    if (rf >= cfg_.descriptor_fifo_depth || wf >= cfg_.descriptor_fifo_depth) s |= MSGDMA_STATUS_DESC_FULL;
    if (resp == 0) s |= MSGDMA_STATUS_RESP_EMPTY;
    if (resp >= cfg_.response_fifo_depth) s |= MSGDMA_STATUS_RESP_FULL;
    const bool error_stop = error_stop_at_ <= at;
    if (error_stop) s |= MSGDMA_STATUS_STOPPED_ON_ERR;
    if ((error_stop || (control_ & (MSGDMA_CONTROL_STOP | MSGDMA_CONTROL_STOP_DESC))) && masters_idle(at))
        s |= MSGDMA_STATUS_STOPPED;
    if (resetting(at)) s |= MSGDMA_STATUS_RESETTING;
    if (irq_.pending(at)) s |= MSGDMA_STATUS_IRQ;
    return s;
}

// ---- engine side ---------------------------------------------------------------------------------

bool Dispatcher::can_start() const {
    if (queue_.empty() || reset_requested_ || error_stop_at_ != kTickMax) return false;
    if (control_ & (MSGDMA_CONTROL_STOP | MSGDMA_CONTROL_STOP_DESC)) return false;
    return queue_.front().prefetched || !cfg_.response_port || responses_.size() < cfg_.response_fifo_depth;
}

bool Dispatcher::idle_for_prefetch() const {
    return queue_.empty() && !active_valid_ && !reset_requested_ && error_stop_at_ == kTickMax &&
           !(control_ & (MSGDMA_CONTROL_STOP | MSGDMA_CONTROL_STOP_DESC));
}

void Dispatcher::push(const Descriptor& d) { queue_.push_back(d); }

Descriptor Dispatcher::pop(Tick& start) {
    Descriptor d = queue_.front();
    queue_.pop_front();
    const Tick response_ready = (!d.prefetched && cfg_.response_port) ? response_pop_at_ : 0;
    start = std::max({d.accept, dispatch_free_, response_ready, sim_now()});
    active_valid_ = true;
    active_ = Record{d.accept, start, kTickMax, kTickMax, d.seq};
    return d;
}

void Dispatcher::progress(Tick write_start, Tick idle_at) {
    if (!active_valid_) return;
    active_.write_start = write_start;
    active_.idle_at = idle_at;
}

void Dispatcher::pause(Tick idle_at) {
    active_.paused = true;
    active_.idle_at = idle_at;
}

void Dispatcher::resume() { active_.paused = false; }

void Dispatcher::finish(const Descriptor& d, const Outcome& o) {
    active_valid_ = false;
    busy_until_ = std::max(busy_until_, o.end);
    if (o.aborted) {  // the reset waited for the accesses already issued
        reset_requested_ = false;
        reset_until_ = std::max(reset_at_ + cycles(kResetCycles), busy_until_);
        dispatch_free_ = std::max(dispatch_free_, reset_until_);
        hooks_.kick();
        return;
    }
    history_.push_back(Record{d.accept, o.start, o.write_start, o.end, d.seq});
    dispatch_free_ =
        (d.control & MSGDMA_DESC_CTL_EARLY_DONE) ? std::max(o.start, o.last_read_issue) + cycles(1) : o.end;
    ++descriptors_;
    descriptor_time_.add(o.end - o.start);
    active_time_ += o.end - o.start;
    if (o.error) {
        ++errors_;
        log_->info("descriptor read=0x{:x} write=0x{:x} len={} ended with error 0x{:x} after {} bytes", d.read, d.write,
                   d.length, o.error, o.actual);
        if (control_ & MSGDMA_CONTROL_STOP_ON_ERR) error_stop_at_ = std::min(error_stop_at_, o.end);
    }
    if (d.prefetched) return;  // the prefetcher writes it back and owns its interrupt
    const bool wanted = (d.control & MSGDMA_DESC_CTL_TC_IRQ_EN) || (o.error & ((d.control >> 16) & 0xFFu));
    if (wanted && (control_ & MSGDMA_CONTROL_GIEM)) {  // [UG] events while the mask is clear are not latched
        irq_.raise(o.end);
        hooks_.irq_at(o.end);
    }
    if (cfg_.response_port) responses_.push_back({o.actual, o.error, o.end});
}

void Dispatcher::prune() {
    const Tick now = sim_now();
    while (!history_.empty()) {
        const Record& r = history_.front();
        if (r.accept > now || r.start > now || r.write_start > now || r.end > now) break;
        pruned_read_seq_ = pruned_write_seq_ = r.seq;
        history_.pop_front();
    }
}

}  // namespace vp
