#include "models/dma/prefetcher.h"
#include <algorithm>
#include "vp/regs/msgdma.h"

namespace vp {

namespace {
constexpr unsigned kResetCycles = 4;  // CONTROL.RESET reads 1 this long (VP choice; Intel: "until done")
constexpr uint32_t kControlBits =
    MSGDMA_PREF_CTL_RUN | MSGDMA_PREF_CTL_DESC_POLL_EN | MSGDMA_PREF_CTL_GLOBAL_INTR_EN | MSGDMA_PREF_CTL_PARK_MODE;
uint32_t le32(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
void put32(uint8_t* p, uint32_t v) {
    for (int i = 0; i < 4; ++i) p[i] = uint8_t(v >> (8 * i));
}
}  // namespace

Prefetcher::Prefetcher(const MsgdmaConfig& cfg, MasterPort& port, uint16_t track, StatGroup& stats,
                       std::shared_ptr<spdlog::logger> log, Hooks hooks)
    : cfg_(cfg),
      port_(port),
      track_(track),
      log_(std::move(log)),
      hooks_(std::move(hooks)),
      prefetches_(stats.counter("prefetches", "count", "descriptor fetches by the prefetcher")),
      polls_(stats.counter("polls", "count", "prefetcher fetches that found OWNED_BY_HW clear while polling")) {}

unsigned Prefetcher::descriptor_size() const { return cfg_.extended ? MSGDMA_PEDESC_SIZE : MSGDMA_PDESC_SIZE; }

void Prefetcher::declare(RegisterBank& regs) {
    const uint64_t pf = MSGDMA_PREF_OFFSET;
    // Writes other than the reset itself are ignored while the reset is in progress: Intel's HAL and
    // Linux poll until RESET reads 0 before they program the prefetcher.
    auto ignored = [this](const RegAccess& a) {
        if (a.at >= reset_until_) return false;
        log_->debug("prefetcher register written during its reset: ignored");
        return true;
    };
    regs.add("prefetcher_control", pf + MSGDMA_PREF_CONTROL, 4)
        .reads([this](const RegAccess& a) {
            return uint64_t(control_ | (a.at < reset_until_ ? MSGDMA_PREF_CTL_RESET : 0u));
        })
        .writes([this, ignored](uint64_t v, const RegAccess& a) {
            if (v & MSGDMA_PREF_CTL_RESET) {
                reset(a.at);
                return;
            }
            if (ignored(a)) return;
            const bool was_running = control_ & MSGDMA_PREF_CTL_RUN;
            control_ = uint32_t(v) & kControlBits;
            if (!was_running && (control_ & MSGDMA_PREF_CTL_RUN)) {  // start at NEXT_DESC_PTR
                walk_ = next_;
                time_ = std::max(time_, a.at);
                hooks_.kick();
            }
        });
    regs.add("prefetcher_next_lo", pf + MSGDMA_PREF_NEXT_LO, 4)
        .reads([this](const RegAccess&) { return uint64_t(uint32_t(next_)); })
        .writes([this, ignored](uint64_t v, const RegAccess& a) {
            if (!ignored(a)) next_ = (next_ & ~0xFFFFFFFFull) | uint32_t(v);
        });
    regs.add("prefetcher_next_hi", pf + MSGDMA_PREF_NEXT_HI, 4)
        .reads([this](const RegAccess&) { return uint64_t(next_ >> 32); })
        .writes([this, ignored](uint64_t v, const RegAccess& a) {
            if (!ignored(a)) next_ = (next_ & 0xFFFFFFFFull) | (v << 32);
        });
    regs.add("prefetcher_poll_freq", pf + MSGDMA_PREF_POLL_FREQ, 4)
        .reads([this](const RegAccess&) { return uint64_t(poll_freq_); })
        .writes([this, ignored](uint64_t v, const RegAccess& a) {
            if (!ignored(a)) poll_freq_ = uint32_t(v) & MSGDMA_PREF_POLL_FREQ_MASK;
        });
    regs.add("prefetcher_status", pf + MSGDMA_PREF_STATUS, 4)
        .reads([this](const RegAccess& a) { return uint64_t(irq_.pending(a.at) ? MSGDMA_PREF_STATUS_IRQ : 0u); })
        .writes([this](uint64_t v, const RegAccess& a) {
            if (!(v & MSGDMA_PREF_STATUS_IRQ)) return;
            irq_.clear(a.at);
            hooks_.irq_at(sim_now());
        });
}

void Prefetcher::reset(Tick at) {
    // The prefetcher's registers and state return to reset values. A descriptor it already handed
    // to the dispatcher keeps running there (Intel resets the dispatcher next) but is not written back.
    control_ = 0;
    next_ = walk_ = 0;
    poll_freq_ = 0;
    irq_.reset();
    ++epoch_;
    reset_until_ = at + cycles(kResetCycles);
    time_ = std::max(time_, reset_until_);
    hooks_.irq_at(sim_now());
    log_->debug("prefetcher reset at {} ps", at);
}

bool Prefetcher::running() const { return control_ & MSGDMA_PREF_CTL_RUN; }

bool Prefetcher::fetch(Descriptor& d) {
    uint8_t b[MSGDMA_PEDESC_SIZE];
    const unsigned size = descriptor_size();
    const uint64_t at = walk_;
    bool ok = true;
    // Fetches are at least a cycle apart, so that even a list of empty descriptors lets time advance.
    const Tick issue = std::max({time_, sim_now(), last_fetch_ + cycles(1)});
    last_fetch_ = issue;
    const Tick e = port_.access(false, at, b, size, issue, track_, 0, ok);
    ++prefetches_;
    if (!ok) {
        VP_WARN(log_, "prefetcher: bus error reading the descriptor at 0x{:x}; RUN cleared", at);
        control_ &= ~MSGDMA_PREF_CTL_RUN;
        time_ = e;
        return false;
    }
    const uint32_t ctl = le32(b + (cfg_.extended ? MSGDMA_PEDESC_CONTROL : MSGDMA_PDESC_CONTROL));
    if (!(ctl & MSGDMA_DESC_CTL_OWNED_BY_HW)) {
        if (control_ & MSGDMA_PREF_CTL_DESC_POLL_EN) {  // fetch it again after POLL_FREQ cycles
            ++polls_;
            next_ = at;  // [UG] with polling, hardware keeps NEXT_DESC_PTR at the descriptor it polls
            time_ = e + cycles(std::max<uint32_t>(1, poll_freq_));
            sc_core::wait(to_sc_time(time_ - sim_now()));  // let software hand the descriptor over
        } else {
            control_ &= ~MSGDMA_PREF_CTL_RUN;  // end of the list
            time_ = e;
        }
        return false;
    }
    d = Descriptor{};
    d.control = ctl;
    d.length = le32(b + MSGDMA_PDESC_LENGTH);
    if (cfg_.extended) {  // [LNX] struct msgdma_pref_extended_desc, [HAL] alt_msgdma_prefetcher_extended_descriptor
        d.read = le32(b + MSGDMA_PEDESC_READ_ADDR_LO) | uint64_t(le32(b + MSGDMA_PEDESC_READ_ADDR_HI)) << 32;
        d.write = le32(b + MSGDMA_PEDESC_WRITE_ADDR_LO) | uint64_t(le32(b + MSGDMA_PEDESC_WRITE_ADDR_HI)) << 32;
        d.next = le32(b + MSGDMA_PEDESC_NEXT_LO) | uint64_t(le32(b + MSGDMA_PEDESC_NEXT_HI)) << 32;
        const uint32_t sb = le32(b + MSGDMA_PEDESC_SEQ_BURST), st = le32(b + MSGDMA_PEDESC_STRIDE);
        d.seq = uint16_t(sb);
        d.read_burst = uint8_t(sb >> 16);
        d.write_burst = uint8_t(sb >> 24);
        d.read_stride = uint16_t(st);
        d.write_stride = uint16_t(st >> 16);
    } else {
        d.read = le32(b + MSGDMA_PDESC_READ_ADDR);
        d.write = le32(b + MSGDMA_PDESC_WRITE_ADDR);
        d.next = le32(b + MSGDMA_PDESC_NEXT);
    }
    d.accept = e;
    d.prefetched = true;
    d.fetched_from = at;
    d.epoch = epoch_;
    time_ = e;
    return true;
}

Tick Prefetcher::write_back(const Descriptor& d, const Outcome& o) {
    if (d.epoch != epoch_ || o.aborted) return o.end;  // a reset forgot it
    // Actual bytes and status first, then the control word: software that sees OWNED_BY_HW clear
    // finds the other two written. Only OWNED_BY_HW changes in the control word [UG].
    uint8_t wb[8];
    put32(wb, o.actual);
    put32(wb + 4, o.error);
    bool ok1 = true, ok2 = true;
    const Tick e1 = port_.access(true, d.fetched_from + MSGDMA_PDESC_ACTUAL, wb, 8, o.end, track_, 0, ok1);
    uint8_t cw[4];
    const bool park = control_ & MSGDMA_PREF_CTL_PARK_MODE;
    put32(cw, park ? d.control : d.control & ~MSGDMA_DESC_CTL_OWNED_BY_HW);
    const uint64_t ctl_at = d.fetched_from + (cfg_.extended ? MSGDMA_PEDESC_CONTROL : MSGDMA_PDESC_CONTROL);
    const Tick e2 = port_.access(true, ctl_at, cw, 4, o.end, track_, 0, ok2);
    if (!ok1 || !ok2) VP_WARN(log_, "prefetcher: bus error writing back the descriptor at 0x{:x}", d.fetched_from);
    walk_ = d.next;
    if (control_ & MSGDMA_PREF_CTL_DESC_POLL_EN) next_ = walk_;
    time_ = std::max(e1, e2);
    return time_;
}

void Prefetcher::completed(const Descriptor& d, const Outcome& o) {
    if (d.epoch != epoch_ || o.aborted) return;
    const bool wanted = (d.control & MSGDMA_DESC_CTL_TC_IRQ_EN) || (o.error & ((d.control >> 16) & 0xFFu));
    if (wanted && (control_ & MSGDMA_PREF_CTL_GLOBAL_INTR_EN)) {
        irq_.raise(o.end);
        hooks_.irq_at(o.end);
    }
}

}  // namespace vp
