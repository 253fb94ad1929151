#include "models/periph/plic.h"
#include <stdexcept>
#include "vp/regs/plic.h"

namespace vp {

Plic::Plic(sc_core::sc_module_name name, SimContext& ctx, const PlicConfig& cfg)
    : MmioDevice(name, ctx, cfg, PLIC_SIZE),
      sources_(cfg.sources),
      contexts_(cfg.contexts),
      words_((cfg.sources + 31) / 32),
      claims_(stats_.counter("claims", "count", "claims that returned a source")),
      spurious_claims_(stats_.counter("spurious_claims", "count", "claims that returned 0 (nothing to claim)")),
      completes_(stats_.counter("completes", "count", "completions accepted")) {
    if (cfg.sources < 2 || cfg.sources > 1024) throw std::invalid_argument(name_ + ": sources must be in 2..1024");
    if (cfg.contexts < 1 || cfg.contexts > 15872) throw std::invalid_argument(name_ + ": contexts must be in 1..15872");

    // Source 0 does not exist: its priority reads 0 and ignores writes.
    regs_.add("priority0", PLIC_PRIORITY(0), 4)
        .reads([](const RegAccess&) -> uint64_t { return 0; })
        .writes([](uint64_t, const RegAccess&) {});
    for (unsigned n = 1; n < cfg.sources; ++n) {
        regs_.add("priority" + std::to_string(n), PLIC_PRIORITY(n), 4)
            .reads([this, n](const RegAccess&) -> uint64_t { return sources_[n].priority; })
            .writes([this, n](uint64_t v, const RegAccess&) {
                sources_[n].priority = uint32_t(v & PLIC_MAX_PRIORITY);  // WARL: 3 bits
                update();
            });
        sources_[n].line.on_change([this, n](bool level) { source_changed(n, level); });
    }
    for (unsigned w = 0; w < words_; ++w) {
        regs_
            .add("pending" + std::to_string(w), PLIC_PENDING(w), 4)  // read-only: writes ignored
            .reads([this, w](const RegAccess&) -> uint64_t {
                uint32_t v = 0;
                for (unsigned b = 0; b < 32 && w * 32 + b < sources(); ++b)
                    v |= uint32_t(sources_[w * 32 + b].pending) << b;
                return v;
            });
    }
    // Bits of sources that do not exist (0 and beyond `sources`) are hard-wired to 0.
    std::vector<uint32_t> valid(words_, ~0u);
    valid[0] &= ~1u;
    if (cfg.sources % 32) valid[words_ - 1] &= (1u << (cfg.sources % 32)) - 1;
    for (unsigned c = 0; c < cfg.contexts; ++c) {
        contexts_[c].enable.assign(words_, 0);
        for (unsigned w = 0; w < words_; ++w) {
            regs_.add("enable" + std::to_string(c) + "_" + std::to_string(w), PLIC_ENABLE(c, w), 4)
                .reads([this, c, w](const RegAccess&) -> uint64_t { return contexts_[c].enable[w]; })
                .writes([this, c, w, mask = valid[w]](uint64_t v, const RegAccess&) {
                    contexts_[c].enable[w] = uint32_t(v) & mask;
                    update();
                });
        }
        regs_.add("threshold" + std::to_string(c), PLIC_THRESHOLD(c), 4)
            .reads([this, c](const RegAccess&) -> uint64_t { return contexts_[c].threshold; })
            .writes([this, c](uint64_t v, const RegAccess&) {
                contexts_[c].threshold = uint32_t(v & PLIC_MAX_PRIORITY);
                update();
            });
        regs_.add("claim" + std::to_string(c), PLIC_CLAIM(c), 4)
            .reads([this, c](const RegAccess&) -> uint64_t { return claim(c); })
            .peeks([this, c](const RegAccess&) -> uint64_t { return best(contexts_[c]); })
            .writes([this, c](uint64_t v, const RegAccess&) { complete(c, uint32_t(v)); })
            .no_debug_write();
    }
}

std::string Plic::summary() const {
    return std::to_string(claims_.value) + " claims, " + std::to_string(spurious_claims_.value) + " spurious";
}

void Plic::set_source(unsigned n, bool level) {
    if (n == 0 || n >= sources()) throw std::out_of_range(name_ + ": no interrupt source " + std::to_string(n));
    sources_[n].line.set(level);  // -> source_changed when the level changes
}

void Plic::source_changed(unsigned n, bool level) {
    sources_[n].level = level;
    gateway(n);
    update();
}

void Plic::gateway(unsigned n) {
    Source& s = sources_[n];
    if (s.level && !s.pending && !s.in_service) s.pending = true;
}

unsigned Plic::best(const Context& c) const {
    unsigned id = 0;
    uint32_t prio = c.threshold;  // must be exceeded
    for (unsigned n = 1; n < sources(); ++n) {
        const Source& s = sources_[n];
        if (s.pending && s.priority > prio && enabled(c, n)) {
            id = n;
            prio = s.priority;
        }
    }
    return id;
}

uint32_t Plic::claim(unsigned ctx) {
    const unsigned n = best(contexts_[ctx]);
    if (n == 0) {
        ++spurious_claims_;
        return 0;
    }
    ++claims_;
    sources_[n].pending = false;
    sources_[n].in_service = true;
    update();
    return n;
}

void Plic::complete(unsigned ctx, uint32_t n) {
    // As the specification says: a completion for a source not enabled for this context is ignored.
    if (n == 0 || n >= sources() || !enabled(contexts_[ctx], n) || !sources_[n].in_service) {
        log_->debug("context {}: completion of source {} ignored (not enabled or not in service)", ctx, n);
        return;
    }
    ++completes_;
    sources_[n].in_service = false;
    gateway(n);
    update();
}

void Plic::update() {
    for (auto& c : contexts_) c.line.set(best(c) != 0);
}

}  // namespace vp
