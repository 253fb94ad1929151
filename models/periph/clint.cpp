#include "models/periph/clint.h"
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include "vp/regs/clint.h"

namespace vp {

namespace {
constexpr uint64_t kPsPerSec = 1000000000000ull;
}

Clint::Clint(sc_core::sc_module_name name, SimContext& ctx, const ClintConfig& cfg)
    : MmioDevice(name, ctx, cfg, CLINT_SIZE),
      hz_(uint64_t(std::llround(cfg.timebase_hz))),
      harts_(cfg.harts),
      timer_irqs_(stats_.counter("timer_interrupts", "count", "rising edges of the timer interrupt lines")) {
    if (cfg.harts == 0 || CLINT_MTIMECMP(cfg.harts - 1) + 8 > CLINT_MTIME)
        throw std::invalid_argument(name_ + ": harts must be in 1..4095");
    if (hz_ == 0) throw std::invalid_argument(name_ + ": timebase must be at least 1 Hz");

    for (unsigned h = 0; h < cfg.harts; ++h) {
        regs_.add("msip" + std::to_string(h), CLINT_MSIP(h), 4)
            .reads([this, h](const RegAccess&) -> uint64_t { return harts_[h].msip; })
            .writes([this, h](uint64_t v, const RegAccess&) {
                harts_[h].msip = uint32_t(v & 1);
                harts_[h].msip_line.set(v & 1);
            });
        regs_.add("mtimecmp" + std::to_string(h), CLINT_MTIMECMP(h), 8)
            .sizes(1u << 4 | 1u << 8)
            .reads([this, h](const RegAccess&) -> uint64_t { return harts_[h].mtimecmp; })
            .writes([this, h](uint64_t v, const RegAccess& a) {
                harts_[h].mtimecmp = v;
                update_deadline(h, a.at);
            });
    }
    regs_.add("mtime", CLINT_MTIME, 8)
        .sizes(1u << 4 | 1u << 8)
        .reads([this](const RegAccess& a) -> uint64_t { return mtime(a.at); })
        .writes([this](uint64_t v, const RegAccess& a) { set_mtime(v, a.at); });

    SC_METHOD(update_timer_lines);
    sensitive << timer_event_;  // and once at time 0 (initialisation), for a deadline already passed
}

std::string Clint::summary() const {
    return std::to_string(timer_irqs_.value) + " timer interrupts (kernel-time lines)";
}

uint64_t Clint::mtime(Tick t) const {
    const int128 raw = int128((uint128)t * hz_ / kPsPerSec);
    return uint64_t(raw + offset_);
}

void Clint::set_mtime(uint64_t value, Tick at) {
    offset_ = int128(value) - int128((uint128)at * hz_ / kPsPerSec);
    for (unsigned h = 0; h < harts(); ++h) update_deadline(h, at);
}

Tick Clint::deadline_of(uint64_t cmp) const {
    // Smallest t with floor(t * hz / 1e12) + offset >= cmp, i.e. t * hz >= (cmp - offset) * 1e12.
    const int128 target = int128(cmp) - offset_;  // raw count to reach
    if (target <= 0) return 0;
    const uint128 num = (uint128)target * kPsPerSec;
    const uint128 t = (num + hz_ - 1) / hz_;
    return t >= kTickMax ? kTickMax : Tick(t);
}

void Clint::update_deadline(unsigned h, Tick at) {
    Hart& hs = harts_[h];
    const Tick d = deadline_of(hs.mtimecmp);
    if (d == hs.deadline) return;
    hs.deadline = d;
    // The kernel-time line changes at the write's time; keep the changes in time order.
    const Tick when = std::max(at, sim_now());
    auto pos = std::upper_bound(hs.changes.begin(), hs.changes.end(), when,
                                [](Tick t, const std::pair<Tick, Tick>& c) { return t < c.first; });
    hs.changes.insert(pos, {when, d});
    timer_event_.notify(to_sc_time(when - sim_now()));
    if (hs.on_change) hs.on_change(d);
}

void Clint::update_timer_lines() {
    const Tick now = sim_now();
    Tick next = kTickMax;
    for (auto& hs : harts_) {
        while (!hs.changes.empty() && hs.changes.front().first <= now) {
            hs.line_deadline = hs.changes.front().second;
            hs.changes.pop_front();
        }
        const bool level = now >= hs.line_deadline;
        if (level && !hs.timer_line.level()) ++timer_irqs_;
        hs.timer_line.set(level);
        if (!hs.changes.empty()) next = std::min(next, hs.changes.front().first);
        if (hs.line_deadline > now) next = std::min(next, hs.line_deadline);
    }
    if (next != kTickMax) timer_event_.notify(to_sc_time(next - now));
}

}  // namespace vp
