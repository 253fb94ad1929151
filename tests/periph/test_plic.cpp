#include "harness.h"
#include "models/periph/plic.h"
#include "vp/regs/memmap.h"
#include "vp/regs/plic.h"

using namespace vp;
using namespace vp::test;

namespace {
constexpr uint64_t P = VP_PLIC_BASE;
}

TEST_CASE("plic priority, threshold and claim order", "[plic]") {
    Bench b;
    Plic plic("plic", b.ctx, PlicConfig{});
    b.attach(plic, P);
    std::vector<uint32_t> claims;
    std::vector<bool> eip;
    b.run([&](ScriptedInitiator& cpu) {
        cpu.write32(P + PLIC_PRIORITY(3), 2);
        cpu.write32(P + PLIC_PRIORITY(5), 6);
        cpu.write32(P + PLIC_PRIORITY(7), 6);
        cpu.write32(P + PLIC_PRIORITY(9), 0);   // priority 0: never interrupts
        cpu.write32(P + PLIC_PRIORITY(40), 9);  // WARL: 3 bits -> 1
        CHECK(cpu.read32(P + PLIC_PRIORITY(40)) == 1);
        for (unsigned n : {3u, 5u, 7u, 9u, 40u}) plic.source(n).set(true);
        CHECK(cpu.read32(P + PLIC_PENDING(0)) == ((1u << 3) | (1u << 5) | (1u << 7) | (1u << 9)));
        CHECK(cpu.read32(P + PLIC_PENDING(1)) == (1u << 8));
        eip.push_back(plic.context_irq(0).level());  // nothing enabled yet
        cpu.write32(P + PLIC_ENABLE(0, 0), (1u << 3) | (1u << 5) | (1u << 7) | (1u << 9) | 1u);
        CHECK(cpu.read32(P + PLIC_ENABLE(0, 0)) == ((1u << 3) | (1u << 5) | (1u << 7) | (1u << 9)));  // bit 0 fixed
        cpu.write32(P + PLIC_ENABLE(0, 1), 1u << 8);
        eip.push_back(plic.context_irq(0).level());
        cpu.write32(P + PLIC_THRESHOLD(0), 6);  // masks everything (priority must exceed 6)
        eip.push_back(plic.context_irq(0).level());
        claims.push_back(cpu.read32(P + PLIC_CLAIM(0)));  // 0: nothing above the threshold
        cpu.write32(P + PLIC_THRESHOLD(0), 1);
        eip.push_back(plic.context_irq(0).level());
        for (int i = 0; i < 4; ++i) claims.push_back(cpu.read32(P + PLIC_CLAIM(0)));
        eip.push_back(plic.context_irq(0).level());
    });
    // 5 and 7 tie at 6: lowest id first; 3 (priority 2) next; 40 (priority 1) not above threshold 1.
    CHECK(claims == std::vector<uint32_t>{0, 5, 7, 3, 0});
    CHECK(eip == std::vector<bool>{false, true, false, true, false});
    CHECK(b.counter("plic", "claims") == 3);
    CHECK(b.counter("plic", "spurious_claims") == 2);
}

TEST_CASE("plic level gateway: claimed source not pending again until completed", "[plic]") {
    Bench b;
    PlicConfig c;
    c.contexts = 2;
    Plic plic("plic", b.ctx, c);
    b.attach(plic, P);
    b.run([&](ScriptedInitiator& cpu) {
        cpu.write32(P + PLIC_PRIORITY(10), 1);
        cpu.write32(P + PLIC_ENABLE(0, 0), 1u << 10);
        plic.set_source(10, true);
        CHECK(plic.context_irq(0).level());
        CHECK_FALSE(plic.context_irq(1).level());         // not enabled for context 1
        CHECK(cpu.dbg_read(P + PLIC_CLAIM(0), 4) == 10);  // debug read: no claim
        CHECK(plic.pending(10));
        CHECK(cpu.read32(P + PLIC_CLAIM(0)) == 10);
        CHECK_FALSE(plic.pending(10));
        CHECK_FALSE(plic.context_irq(0).level());  // in service: level still high, but not pending
        cpu.write32(P + PLIC_CLAIM(1), 10);        // completion from a context where 10 is not enabled: ignored
        CHECK_FALSE(plic.pending(10));
        cpu.write32(P + PLIC_CLAIM(0), 10);  // complete: the level is still high -> pending again
        CHECK(plic.pending(10));
        CHECK(plic.context_irq(0).level());
        CHECK(cpu.read32(P + PLIC_CLAIM(0)) == 10);
        plic.set_source(10, false);  // the device was serviced
        cpu.write32(P + PLIC_CLAIM(0), 10);
        CHECK_FALSE(plic.pending(10));
        CHECK_FALSE(plic.context_irq(0).level());
        // A request stays pending when the level drops before the claim (the gateway forwarded it).
        plic.source(10).set(true);
        plic.source(10).set(false);
        CHECK(plic.pending(10));
        CHECK(cpu.read32(P + PLIC_CLAIM(0)) == 10);
        cpu.write32(P + PLIC_CLAIM(0), 10);
        CHECK_FALSE(plic.pending(10));
        cpu.write32(P + PLIC_PENDING(0), ~0u);  // read-only: ignored
        CHECK(cpu.read32(P + PLIC_PENDING(0)) == 0);
    });
    CHECK(b.counter("plic", "completes") == 3);
}

TEST_CASE("plic rejects accesses outside its registers", "[plic]") {
    Bench b;
    PlicConfig c;
    c.sources = 40;
    Plic plic("plic", b.ctx, c);
    b.attach(plic, P);
    std::vector<tlm::tlm_response_status> st(4, tlm::TLM_OK_RESPONSE);
    b.run([&](ScriptedInitiator& cpu) {
        cpu.read(P + PLIC_PRIORITY(40), 4, &st[0]);        // no source 40
        cpu.read(P + PLIC_THRESHOLD(2), 4, &st[1]);        // no context 2 (the default: 0 and 1)
        cpu.read(P + PLIC_PRIORITY(3), 2, &st[2]);         // 16-bit access
        cpu.read(P + PLIC_PENDING(0) + 0x100, 4, &st[3]);  // reserved gap
        cpu.write32(P + PLIC_ENABLE(0, 1), ~0u);
        CHECK(cpu.read32(P + PLIC_ENABLE(0, 1)) == 0xFFu);  // sources 32..39 only
    });
    for (auto s : st) CHECK(s == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.counter("plic", "errors") == 4);
}
