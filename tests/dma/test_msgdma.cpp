// Cascaded mSGDMA: register-level behaviour as Intel documents it (status bits, fill levels, GO commit
// rule, reset, stop on error, prefetcher OWNED_BY_HW / write-back / park / polling), memcpy, gather and
// scatter against a host reference on random indices, multi-level indirection, back-pressure, bus
// errors, pipelined vs one-at-a-time timing, the trace's parent links. One TEST_CASE per process.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cstring>
#include <map>
#include <random>
#include "tests/dma/dma_bench.h"
#include "vp/regs/msgdma.h"

using namespace vp;
using namespace vp::test;

namespace {

constexpr uint64_t CSR = kDma + MSGDMA_CSR_OFFSET, DESC = kDma + MSGDMA_DESC_OFFSET,
                   RESP = kDma + MSGDMA_RESPONSE_OFFSET, PREF = kDma + MSGDMA_PREF_OFFSET,
                   CONV = kDma + MSGDMA_CONV_OFFSET;

void submit(ScriptedInitiator& c, uint64_t rd, uint64_t wr, uint32_t len, uint32_t ctl, uint64_t desc = DESC) {
    c.write32(desc + MSGDMA_DESC_READ_ADDR, uint32_t(rd));
    c.write32(desc + MSGDMA_DESC_WRITE_ADDR, uint32_t(wr));
    c.write32(desc + MSGDMA_DESC_LENGTH, len);
    c.write32(desc + MSGDMA_DESC_CONTROL, ctl | MSGDMA_DESC_CTL_GO);
}

// Polls the status until not busy (synchronised initiator: time passes between polls).
void wait_idle(ScriptedInitiator& c, uint64_t csr = CSR) {
    for (int k = 0; k < 1000000 && (c.read32(csr + MSGDMA_CSR_STATUS) & MSGDMA_STATUS_BUSY); ++k)
        sc_core::wait(100, sc_core::SC_NS);
}

void configure_conv(ScriptedInitiator& c, uint32_t ctrl, uint64_t elem_base, uint32_t esz, uint32_t isz,
                    uint32_t levels = 1, uint64_t src = 0, std::vector<uint64_t> level_bases = {}) {
    c.write32(CONV + MSGDMA_CONV_ELEM_BASE, uint32_t(elem_base));
    c.write32(CONV + MSGDMA_CONV_ELEM_SIZE, esz);
    c.write32(CONV + MSGDMA_CONV_INDEX_SIZE, isz);
    c.write32(CONV + MSGDMA_CONV_LEVELS, levels);
    c.write32(CONV + MSGDMA_CONV_SRC_BASE, uint32_t(src));
    for (size_t k = 0; k < level_bases.size(); ++k)
        c.write32(CONV + MSGDMA_CONV_LEVEL_BASE(k), uint32_t(level_bases[k]));
    c.write32(CONV + MSGDMA_CONV_CTRL, ctrl);
}

// Random indices into a table of `m` entries: duplicates and any order.
std::vector<uint32_t> random_indices(size_t n, uint32_t m, uint32_t seed) {
    std::mt19937 g(seed);
    std::vector<uint32_t> v(n);
    for (auto& x : v) x = g() % m;
    v[n / 2] = v[0];  // at least one duplicate
    return v;
}

template <class I>
std::vector<uint8_t> index_bytes(const std::vector<uint32_t>& idx) {
    std::vector<uint8_t> b(idx.size() * sizeof(I));
    for (size_t i = 0; i < idx.size(); ++i) {
        const I v = I(idx[i]);
        std::memcpy(&b[i * sizeof(I)], &v, sizeof(I));
    }
    return b;
}

}  // namespace

TEST_CASE("registers: reset values / control read-back / fill levels and GO commit rule") {
    DmaBench b;
    const auto src = pattern(256, 1);
    b.poke_vec(kRam + 0x1000, src);
    b.run([&](ScriptedInitiator& c) {
        CHECK(c.read32(CSR + MSGDMA_CSR_STATUS) == (MSGDMA_STATUS_DESC_EMPTY | MSGDMA_STATUS_RESP_EMPTY));
        CHECK(c.read32(CSR + MSGDMA_CSR_FILL_LEVEL) == 0);
        c.write32(CSR + MSGDMA_CSR_CONTROL, MSGDMA_CONTROL_GIEM | MSGDMA_CONTROL_STOP_ON_ERR);
        CHECK(c.read32(CSR + MSGDMA_CSR_CONTROL) == (MSGDMA_CONTROL_GIEM | MSGDMA_CONTROL_STOP_ON_ERR));
        // All words, control without GO: nothing happens.
        c.write32(DESC + MSGDMA_DESC_READ_ADDR, kRam + 0x1000);
        c.write32(DESC + MSGDMA_DESC_WRITE_ADDR, kRam + 0x2000);
        c.write32(DESC + MSGDMA_DESC_LENGTH, 256);
        c.write32(DESC + MSGDMA_DESC_CONTROL, 0);
        sc_core::wait(5, sc_core::SC_US);
        CHECK(c.read32(CSR + MSGDMA_CSR_STATUS) == (MSGDMA_STATUS_DESC_EMPTY | MSGDMA_STATUS_RESP_EMPTY));
        CHECK(c.read32(CSR + MSGDMA_CSR_RESP_FILL) == 0);
        // GO commits the stored words.
        c.write32(DESC + MSGDMA_DESC_CONTROL, MSGDMA_DESC_CTL_GO);
        CHECK(c.read32(CSR + MSGDMA_CSR_STATUS) & MSGDMA_STATUS_BUSY);
        wait_idle(c);
        CHECK(c.read32(CSR + MSGDMA_CSR_SEQ_NUM) == 0);  // standard format: no sequence numbers
        CHECK(c.read32(CSR + MSGDMA_CSR_RESP_FILL) == 1);
        CHECK((c.read32(CSR + MSGDMA_CSR_STATUS) & MSGDMA_STATUS_RESP_EMPTY) == 0);
        CHECK(c.read32(RESP + MSGDMA_RESP_ACTUAL_BYTES) == 256);
        CHECK(c.read32(RESP + MSGDMA_RESP_STATUS) == 0);  // pops
        CHECK(c.read32(CSR + MSGDMA_CSR_RESP_FILL) == 0);
        // Unmapped offsets are address errors.
        tlm::tlm_response_status st;
        c.read(kDma + 0x3000, 4, &st);
        CHECK(st == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x2000, 256) == src);
    CHECK(b.counter("descriptors") == 1);
}

TEST_CASE("dispatcher: stop bit holds queued descriptors / fill level / full flag / in-order completion") {
    MsgdmaConfig cfg;
    cfg.descriptor_fifo_depth = 4;
    DmaBench b(cfg);
    const auto src = pattern(4096, 2);
    b.poke_vec(kRam, src);
    b.run([&](ScriptedInitiator& c) {
        c.write32(CSR + MSGDMA_CSR_CONTROL, MSGDMA_CONTROL_STOP);
        for (int k = 0; k < 4; ++k) submit(c, kRam + 1024 * k, kRam + 0x10000 + 1024 * k, 1024, 0);
        sc_core::wait(2, sc_core::SC_US);
        CHECK(c.read32(CSR + MSGDMA_CSR_FILL_LEVEL) == 0x00040004u);
        const uint32_t s = c.read32(CSR + MSGDMA_CSR_STATUS);
        CHECK(s & MSGDMA_STATUS_DESC_FULL);
        CHECK(s & MSGDMA_STATUS_BUSY);     // descriptors pending
        CHECK(s & MSGDMA_STATUS_STOPPED);  // stop bit and the masters idle
        // A fifth descriptor while full is dropped (the real core stalls the bus).
        submit(c, kRam, kRam + 0x20000, 64, 0);
        CHECK(b.counter("dropped_descriptors") == 1);
        c.write32(CSR + MSGDMA_CSR_CONTROL, 0);  // resume
        wait_idle(c);
        CHECK(c.read32(CSR + MSGDMA_CSR_RESP_FILL) == 4);
        CHECK((c.read32(CSR + MSGDMA_CSR_STATUS) & MSGDMA_STATUS_RESP_EMPTY) == 0);
        for (int k = 0; k < 4; ++k) {
            CHECK(c.read32(RESP + MSGDMA_RESP_ACTUAL_BYTES) == 1024);
            CHECK(c.read32(RESP + MSGDMA_RESP_STATUS) == 0);
        }
        CHECK(c.read32(CSR + MSGDMA_CSR_STATUS) == (MSGDMA_STATUS_DESC_EMPTY | MSGDMA_STATUS_RESP_EMPTY));
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x10000, 4096) == src);
    CHECK(b.peek_vec<uint8_t>(kRam + 0x20000, 64) == std::vector<uint8_t>(64, 0));
}

TEST_CASE("interrupts: transfer-complete IRQ needs GIEM / IRQ bit is write-1-to-clear") {
    DmaBench b;
    b.poke_vec(kRam, pattern(512, 3));
    Tick irq_seen = 0;
    b.run([&](ScriptedInitiator& c) {
        submit(c, kRam, kRam + 0x1000, 512, MSGDMA_DESC_CTL_TC_IRQ_EN);  // GIEM off: not latched
        wait_idle(c);
        CHECK((c.read32(CSR + MSGDMA_CSR_STATUS) & MSGDMA_STATUS_IRQ) == 0);
        CHECK(b.edges.empty());
        c.write32(CSR + MSGDMA_CSR_CONTROL, MSGDMA_CONTROL_GIEM);
        submit(c, kRam, kRam + 0x2000, 512, MSGDMA_DESC_CTL_TC_IRQ_EN);
        while (!b.dma->irq().level()) sc_core::wait(10, sc_core::SC_NS);
        irq_seen = sim_now();
        CHECK(c.read32(CSR + MSGDMA_CSR_STATUS) & MSGDMA_STATUS_IRQ);
        c.write32(CSR + MSGDMA_CSR_STATUS, MSGDMA_STATUS_IRQ);
        CHECK(!b.dma->irq().level());
        CHECK((c.read32(CSR + MSGDMA_CSR_STATUS) & MSGDMA_STATUS_IRQ) == 0);
        submit(c, kRam, kRam + 0x3000, 512, 0);  // no IRQ enable: no interrupt
        wait_idle(c);
        sc_core::wait(1, sc_core::SC_US);
    });
    REQUIRE(b.edges.size() == 2);
    CHECK(b.edges[0].level);
    CHECK(!b.edges[1].level);
    CHECK(b.edges[0].at <= irq_seen);
    CHECK(b.edges[0].at > 0);
}

TEST_CASE("stop on error: bus error stops the dispatcher / error IRQ / response status / reset clears") {
    DmaBench b;
    const auto src = pattern(1024, 4);
    b.poke_vec(kRam, src);
    std::vector<uint8_t> sentinel(1024, 0xEE);
    b.poke_vec(kRam + 0x10000, sentinel);
    b.run([&](ScriptedInitiator& c) {
        c.write32(CSR + MSGDMA_CSR_CONTROL, MSGDMA_CONTROL_STOP_ON_ERR | MSGDMA_CONTROL_GIEM);
        // Source runs off the end of RAM after 256 bytes: the read master gets a bus error.
        const uint64_t near_end = kRam + kRamSize - 256;
        b.poke_vec(near_end, std::vector<uint8_t>(src.begin(), src.begin() + 256));
        submit(c, near_end, kRam + 0x10000, 1024, MSGDMA_DESC_CTL_ERR_IRQ_MASK(MSGDMA_ERR_READ));
        submit(c, kRam, kRam + 0x20000, 256, 0);  // must not run while stopped on error
        for (int k = 0; k < 1000 && !(c.read32(CSR + MSGDMA_CSR_STATUS) & MSGDMA_STATUS_STOPPED); ++k)
            sc_core::wait(100, sc_core::SC_NS);
        sc_core::wait(2, sc_core::SC_US);
        const uint32_t s = c.read32(CSR + MSGDMA_CSR_STATUS);
        CHECK(s & MSGDMA_STATUS_STOPPED_ON_ERR);
        CHECK(s & MSGDMA_STATUS_STOPPED);
        CHECK(s & MSGDMA_STATUS_IRQ);
        CHECK(b.dma->irq().level());
        CHECK(c.read32(CSR + MSGDMA_CSR_FILL_LEVEL) == 0x00010001u);  // second descriptor still queued
        CHECK(c.read32(RESP + MSGDMA_RESP_ACTUAL_BYTES) == 256);
        CHECK(c.read32(RESP + MSGDMA_RESP_STATUS) == MSGDMA_ERR_READ);
        // Reset: FIFOs emptied, status and control back to reset values, IRQ dropped.
        c.write32(CSR + MSGDMA_CSR_CONTROL, MSGDMA_CONTROL_RESET);
        CHECK(c.read32(CSR + MSGDMA_CSR_STATUS) & MSGDMA_STATUS_RESETTING);
        sc_core::wait(1, sc_core::SC_US);
        CHECK(c.read32(CSR + MSGDMA_CSR_STATUS) == (MSGDMA_STATUS_DESC_EMPTY | MSGDMA_STATUS_RESP_EMPTY));
        CHECK(c.read32(CSR + MSGDMA_CSR_CONTROL) == 0);
        CHECK(c.read32(CSR + MSGDMA_CSR_FILL_LEVEL) == 0);
        CHECK(!b.dma->irq().level());
        submit(c, kRam, kRam + 0x30000, 256, 0);  // works again
        wait_idle(c);
    });
    auto dst = b.peek_vec<uint8_t>(kRam + 0x10000, 1024);
    CHECK(std::equal(dst.begin(), dst.begin() + 256, src.begin()));
    CHECK(std::all_of(dst.begin() + 256, dst.end(), [](uint8_t x) { return x == 0xEE; }));  // nothing past the error
    CHECK(b.peek_vec<uint8_t>(kRam + 0x20000, 256) == std::vector<uint8_t>(256, 0));        // dropped by the reset
    CHECK(b.peek_vec<uint8_t>(kRam + 0x30000, 256) == std::vector<uint8_t>(src.begin(), src.begin() + 256));
    CHECK(b.counter("transfer_errors") == 1);
}

namespace {
void put_pdesc(DmaBench& b, uint64_t at, uint32_t rd, uint32_t wr, uint32_t len, uint32_t next, uint32_t ctl) {
    uint8_t d[MSGDMA_PDESC_SIZE] = {};
    auto w = [&](unsigned off, uint32_t v) { std::memcpy(d + off, &v, 4); };
    w(MSGDMA_PDESC_READ_ADDR, rd);
    w(MSGDMA_PDESC_WRITE_ADDR, wr);
    w(MSGDMA_PDESC_LENGTH, len);
    w(MSGDMA_PDESC_NEXT, next);
    w(MSGDMA_PDESC_CONTROL, ctl);
    b.poke(at, d, sizeof d);
}
uint32_t pdesc_word(DmaBench& b, uint64_t at, unsigned off) {
    uint32_t v;
    b.peek(at + off, &v, 4);
    return v;
}
}  // namespace

TEST_CASE("prefetcher: chain by next pointer / stops at OWNED_BY_HW clear / writes back bytes/status/control / IRQ") {
    DmaBench b;
    const auto src = pattern(3 * 512, 5);
    b.poke_vec(kRam, src);
    const uint64_t dl = kRam + 0x100000;
    const uint32_t own = MSGDMA_DESC_CTL_OWNED_BY_HW | MSGDMA_DESC_CTL_GO;
    put_pdesc(b, dl, kRam, kRam + 0x10000, 512, dl + 32, own);
    put_pdesc(b, dl + 32, kRam + 512, kRam + 0x10200, 512, dl + 64, own);
    put_pdesc(b, dl + 64, kRam + 1024, kRam + 0x10400, 512, dl + 96, own | MSGDMA_DESC_CTL_TC_IRQ_EN);
    put_pdesc(b, dl + 96, kRam, kRam + 0x20000, 512, dl + 128, MSGDMA_DESC_CTL_GO);  // not owned: end of chain
    b.run([&](ScriptedInitiator& c) {
        c.write32(PREF + MSGDMA_PREF_NEXT_LO, uint32_t(dl));
        CHECK(c.read32(PREF + MSGDMA_PREF_NEXT_LO) == uint32_t(dl));
        c.write32(PREF + MSGDMA_PREF_CONTROL, MSGDMA_PREF_CTL_RUN | MSGDMA_PREF_CTL_GLOBAL_INTR_EN);
        while (!b.dma->irq().level()) sc_core::wait(50, sc_core::SC_NS);
        CHECK(c.read32(PREF + MSGDMA_PREF_STATUS) == MSGDMA_PREF_STATUS_IRQ);
        c.write32(PREF + MSGDMA_PREF_STATUS, MSGDMA_PREF_STATUS_IRQ);
        CHECK(!b.dma->irq().level());
        sc_core::wait(2, sc_core::SC_US);
        CHECK((c.read32(PREF + MSGDMA_PREF_CONTROL) & MSGDMA_PREF_CTL_RUN) == 0);  // cleared at the end of the chain
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x10000, 1536) == src);
    for (int k = 0; k < 3; ++k) {
        CHECK(pdesc_word(b, dl + 32 * k, MSGDMA_PDESC_ACTUAL) == 512);
        CHECK(pdesc_word(b, dl + 32 * k, MSGDMA_PDESC_STATUS) == 0);
        CHECK((pdesc_word(b, dl + 32 * k, MSGDMA_PDESC_CONTROL) & MSGDMA_DESC_CTL_OWNED_BY_HW) == 0);
    }
    CHECK(b.peek_vec<uint8_t>(kRam + 0x20000, 512) == std::vector<uint8_t>(512, 0));
    CHECK(b.counter("descriptors") == 3);
}

TEST_CASE("prefetcher: park mode keeps OWNED_BY_HW and replays a circular chain until run is cleared") {
    DmaBench b;
    b.poke_vec(kRam, pattern(256, 6));
    const uint64_t dl = kRam + 0x100000;
    const uint32_t own = MSGDMA_DESC_CTL_OWNED_BY_HW | MSGDMA_DESC_CTL_GO;
    put_pdesc(b, dl, kRam, kRam + 0x10000, 128, dl + 32, own);
    put_pdesc(b, dl + 32, kRam + 128, kRam + 0x10080, 128, dl, own);  // back to the first
    b.run([&](ScriptedInitiator& c) {
        c.write32(PREF + MSGDMA_PREF_NEXT_LO, uint32_t(dl));
        c.write32(PREF + MSGDMA_PREF_CONTROL, MSGDMA_PREF_CTL_RUN | MSGDMA_PREF_CTL_PARK_MODE);
        sc_core::wait(20, sc_core::SC_US);
        c.write32(PREF + MSGDMA_PREF_CONTROL, MSGDMA_PREF_CTL_PARK_MODE);  // stop
        sc_core::wait(5, sc_core::SC_US);
        sc_core::sc_stop();
    });
    const uint64_t n = b.counter("descriptors");
    CHECK(n > 10);  // replayed many times
    CHECK(pdesc_word(b, dl, MSGDMA_PDESC_CONTROL) & MSGDMA_DESC_CTL_OWNED_BY_HW);
    CHECK(pdesc_word(b, dl + 32, MSGDMA_PDESC_CONTROL) & MSGDMA_DESC_CTL_OWNED_BY_HW);
    CHECK(b.peek_vec<uint8_t>(kRam + 0x10000, 256) == b.peek_vec<uint8_t>(kRam, 256));
}

TEST_CASE("prefetcher: polling picks up a descriptor handed to hardware later") {
    DmaBench b;
    const auto src = pattern(256, 7);
    b.poke_vec(kRam, src);
    const uint64_t dl = kRam + 0x100000;
    put_pdesc(b, dl, kRam, kRam + 0x10000, 256, dl + 32, MSGDMA_DESC_CTL_GO);  // not yet owned
    b.run([&](ScriptedInitiator& c) {
        c.write32(PREF + MSGDMA_PREF_NEXT_LO, uint32_t(dl));
        c.write32(PREF + MSGDMA_PREF_POLL_FREQ, 100);
        c.write32(PREF + MSGDMA_PREF_CONTROL, MSGDMA_PREF_CTL_RUN | MSGDMA_PREF_CTL_DESC_POLL_EN);
        sc_core::wait(10, sc_core::SC_US);
        CHECK(b.counter("descriptors") == 0);
        CHECK(b.counter("polls") >= 5);
        c.write32(dl + MSGDMA_PDESC_CONTROL, MSGDMA_DESC_CTL_GO | MSGDMA_DESC_CTL_OWNED_BY_HW);  // hand over
        sc_core::wait(10, sc_core::SC_US);
        CHECK(b.counter("descriptors") == 1);
        CHECK(c.read32(PREF + MSGDMA_PREF_CONTROL) & MSGDMA_PREF_CTL_RUN);  // still polling the next one
        CHECK(c.read32(PREF + MSGDMA_PREF_NEXT_LO) == uint32_t(dl + 32));
        c.write32(PREF + MSGDMA_PREF_CONTROL, MSGDMA_PREF_CTL_RESET);
        sc_core::wait(5, sc_core::SC_US);
        CHECK(c.read32(PREF + MSGDMA_PREF_CONTROL) == 0);
        sc_core::sc_stop();
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x10000, 256) == src);
    CHECK((pdesc_word(b, dl, MSGDMA_PDESC_CONTROL) & MSGDMA_DESC_CTL_OWNED_BY_HW) == 0);
}

namespace {
// Gathers n elements of size esz with indices of type I from an unaligned table; checks against the host.
template <class I>
void gather_case(unsigned esz, bool pipelined, unsigned depth, size_t n, uint32_t seed, unsigned burst = 64) {
    MsgdmaConfig cfg;
    cfg.burst = burst;
    cfg.pipelined = pipelined;
    cfg.fifo_depth = depth;
    DmaBench b(cfg);
    const uint32_t m = sizeof(I) == 1 ? 256 : 1000;
    const uint64_t table = kRam + 0x100001;  // unaligned element addresses
    const uint64_t idxa = kRam + 0x10000, dst = kRam + 0x200003;
    const auto tbl = pattern(size_t(m) * esz, seed);
    const auto idx = random_indices(n, m, seed + 1);
    b.poke_vec(table, tbl);
    b.poke_vec(idxa, index_bytes<I>(idx));
    b.poke_vec(dst + n * esz, std::vector<uint8_t>(64, 0xEE));
    b.run([&](ScriptedInitiator& c) {
        configure_conv(c, MSGDMA_CONV_CTRL_ENABLE, table, esz, sizeof(I));
        submit(c, idxa, dst, uint32_t(n * sizeof(I)), 0);
        wait_idle(c);
        CHECK(c.read32(RESP + MSGDMA_RESP_ACTUAL_BYTES) == n * esz);
        CHECK(c.read32(RESP + MSGDMA_RESP_STATUS) == 0);
        CHECK(c.read32(CONV + MSGDMA_CONV_ELEMENTS) == n);
        CHECK(c.read32(kDma + MSGDMA_DMA2_CSR_OFFSET + MSGDMA_CSR_SEQ_NUM) == ((n & 0xFFFF) | (n & 0xFFFF) << 16));
        CHECK((c.read32(kDma + MSGDMA_DMA2_CSR_OFFSET + MSGDMA_CSR_STATUS) & MSGDMA_STATUS_BUSY) == 0);
    });
    std::vector<uint8_t> ref;
    for (uint32_t v : idx) ref.insert(ref.end(), tbl.begin() + v * esz, tbl.begin() + (v + 1) * esz);
    CHECK(b.peek_vec<uint8_t>(dst, n * esz) == ref);
    CHECK(b.peek_vec<uint8_t>(dst + n * esz, 64) == std::vector<uint8_t>(64, 0xEE));
    CHECK(b.counter("elements") == n);
    CHECK(b.counter("element_reads") == n);  // nothing lost, nothing duplicated
    CHECK(b.dma->max_inflight() <= depth);
    if (!pipelined) CHECK(b.dma->max_inflight() == 1);
}
}  // namespace

TEST_CASE("gather: random indices (duplicates / any order) / 4-byte elements / 4-byte indices / pipelined") {
    gather_case<uint32_t>(4, true, 16, 1000, 11);
}
TEST_CASE("gather: 8-byte elements / 2-byte indices / unaligned / FIFO depth 3") {
    gather_case<uint16_t>(8, true, 3, 777, 12);
}
TEST_CASE("gather: one-descriptor-at-a-time mSGDMA mode / 8-byte elements") {
    gather_case<uint32_t>(8, false, 16, 300, 13);
}
TEST_CASE("gather: 512-byte bursts / 1-byte indices / 64-byte elements") {
    gather_case<uint8_t>(64, true, 16, 1500, 14, 512);
}

TEST_CASE("scatter: converted address is the write address (duplicates: last write wins / in order)") {
    DmaBench b;
    const unsigned esz = 8;
    const uint32_t m = 500;
    const size_t n = 400;
    const uint64_t out = kRam + 0x100000, idxa = kRam + 0x10000, srca = kRam + 0x20000;
    const auto src = pattern(n * esz, 21);
    const auto idx = random_indices(n, m, 22);
    std::vector<uint8_t> init(m * esz, 0x5A);
    b.poke_vec(out, init);
    b.poke_vec(srca, src);
    b.poke_vec(idxa, index_bytes<uint32_t>(idx));
    b.run([&](ScriptedInitiator& c) {
        configure_conv(c, MSGDMA_CONV_CTRL_ENABLE | MSGDMA_CONV_CTRL_SCATTER, out, esz, 4, 1, srca);
        submit(c, idxa, 0, uint32_t(n * 4), 0);
        wait_idle(c);
        CHECK(c.read32(RESP + MSGDMA_RESP_ACTUAL_BYTES) == n * esz);
    });
    std::vector<uint8_t> ref = init;
    for (size_t i = 0; i < n; ++i) std::memcpy(&ref[idx[i] * esz], &src[i * esz], esz);
    CHECK(b.peek_vec<uint8_t>(out, m * esz) == ref);
}

TEST_CASE("multi-level: out[idxout[i]] = in[idx1[idx2[i]]] as a 2-level gather then a scatter") {
    DmaBench b;
    const unsigned esz = 4;
    const size_t n = 300;
    const uint32_t m_in = 800, m1 = 600, m_out = 1000;
    const uint64_t in = kRam + 0x100000, idx1 = kRam + 0x110000, idx2 = kRam + 0x120000, idxout = kRam + 0x130000,
                   tmp = kRam + 0x140000, out = kRam + 0x150000;
    const auto inb = pattern(m_in * esz, 31);
    const auto i1 = random_indices(m1, m_in, 32), i2 = random_indices(n, m1, 33);
    std::vector<uint32_t> io(m_out);
    for (uint32_t k = 0; k < m_out; ++k) io[k] = k;
    std::shuffle(io.begin(), io.end(), std::mt19937(34));
    io.resize(n);  // distinct output positions
    b.poke_vec(in, inb);
    b.poke_vec(idx1, index_bytes<uint32_t>(i1));
    b.poke_vec(idx2, index_bytes<uint32_t>(i2));
    b.poke_vec(idxout, index_bytes<uint32_t>(io));
    b.run([&](ScriptedInitiator& c) {
        configure_conv(c, MSGDMA_CONV_CTRL_ENABLE, in, esz, 4, 2, 0, {idx1});
        submit(c, idx2, tmp, uint32_t(n * 4), 0);
        wait_idle(c);
        configure_conv(c, MSGDMA_CONV_CTRL_ENABLE | MSGDMA_CONV_CTRL_SCATTER, out, esz, 4, 1, tmp);
        submit(c, idxout, 0, uint32_t(n * 4), 0);
        wait_idle(c);
    });
    std::vector<uint8_t> ref(m_out * esz, 0);
    for (size_t i = 0; i < n; ++i) std::memcpy(&ref[io[i] * esz], &inb[i1[i2[i]] * esz], esz);
    CHECK(b.peek_vec<uint8_t>(out, m_out * esz) == ref);
    CHECK(b.counter("element_reads") == 3 * n);  // 2 reads per gathered element + 1 per scattered one
}

TEST_CASE("bus error in a gather: elements before the failing one are written / nothing at or after it") {
    DmaBench b;
    const unsigned esz = 4;
    const size_t n = 100, bad = 37;
    const uint64_t table = kRam + 0x100000, idxa = kRam + 0x10000, dst = kRam + 0x200000;
    auto idx = random_indices(n, 1000, 41);
    idx[bad] = uint32_t((kRamSize + 0x1000) / esz);  // beyond the end of RAM
    const auto tbl = pattern(1000 * esz, 42);
    b.poke_vec(table, tbl);
    b.poke_vec(idxa, index_bytes<uint32_t>(idx));
    b.poke_vec(dst, std::vector<uint8_t>(n * esz, 0xEE));
    b.run([&](ScriptedInitiator& c) {
        c.write32(CSR + MSGDMA_CSR_CONTROL, MSGDMA_CONTROL_STOP_ON_ERR | MSGDMA_CONTROL_GIEM);
        configure_conv(c, MSGDMA_CONV_CTRL_ENABLE, table, esz, 4);
        submit(c, idxa, dst, uint32_t(n * 4), MSGDMA_DESC_CTL_ERR_IRQ_MASK(0xFF));
        wait_idle(c);
        sc_core::wait(1, sc_core::SC_US);
        CHECK(c.read32(CSR + MSGDMA_CSR_STATUS) & MSGDMA_STATUS_STOPPED_ON_ERR);
        CHECK(c.read32(RESP + MSGDMA_RESP_ACTUAL_BYTES) == bad * esz);
        CHECK(c.read32(RESP + MSGDMA_RESP_STATUS) == MSGDMA_ERR_READ);
        CHECK(b.dma->irq().level());
    });
    const auto got = b.peek_vec<uint8_t>(dst, n * esz);
    for (size_t i = 0; i < n; ++i) {
        INFO("element " << i);
        if (i < bad)
            CHECK(std::memcmp(&got[i * esz], &tbl[idx[i] * esz], esz) == 0);
        else
            CHECK(std::all_of(&got[i * esz], &got[i * esz] + esz, [](uint8_t x) { return x == 0xEE; }));
    }
}

// The same 4-byte gather of n indices at idxa from `table` on both DMAs of a two-DMA bench, one after
// the other: A writes kRam + 0x200000, B (its converter set up like A's) kRam + 0x300000.
template <class Bench>
void gather_on_both(Bench& b, uint64_t table, uint64_t idxa, size_t n) {
    const uint64_t B = kDma + 0x10000;
    b.run([&](ScriptedInitiator& c) {
        configure_conv(c, MSGDMA_CONV_CTRL_ENABLE, table, 4, 4);
        for (uint64_t reg = MSGDMA_CONV_ELEM_BASE; reg <= MSGDMA_CONV_LEVELS; reg += 4)
            c.write32(B + MSGDMA_CONV_OFFSET + reg, c.read32(CONV + reg));
        c.write32(B + MSGDMA_CONV_OFFSET + MSGDMA_CONV_CTRL, MSGDMA_CONV_CTRL_ENABLE);
        submit(c, idxa, kRam + 0x200000, n * 4, 0);
        wait_idle(c);
        submit(c, idxa, kRam + 0x300000, n * 4, 0, B + MSGDMA_DESC_OFFSET);
        wait_idle(c, B);
    });
}

TEST_CASE("pipelining: the pipelined read DMA keeps fifo_depth reads in flight and beats one-at-a-time") {
    MsgdmaConfig pip, seq;
    pip.fifo_depth = 8;
    seq.pipelined = false;
    DmaBench b(pip, 200 * kNs, true, seq);
    const size_t n = 256;
    const uint64_t table = kRam + 0x100000, idxa = kRam + 0x10000;
    const auto tbl = pattern(4096 * 4, 51);
    const auto idx = random_indices(n, 4096, 52);
    b.poke_vec(table, tbl);
    b.poke_vec(idxa, index_bytes<uint32_t>(idx));
    gather_on_both(b, table, idxa, n);
    CHECK(b.peek_vec<uint8_t>(kRam + 0x200000, n * 4) == b.peek_vec<uint8_t>(kRam + 0x300000, n * 4));
    CHECK(b.dma->max_inflight() == 8);
    CHECK(b.dma_b->max_inflight() == 1);
    const double speedup = double(b.dma_b->active_time()) / double(b.dma->active_time());
    INFO("pipelined " << b.dma->active_time() << " ps, one-at-a-time " << b.dma_b->active_time() << " ps");
    CHECK(speedup > 4.0);  // 200 ns latency, 8 in flight
}

TEST_CASE("index look-ahead: index burst k waits for the take of burst k - index_lookahead / deeper is sooner") {
    // A slow index stream (1 us memory) and a fast table: the gather is bound by how many index bursts
    // the converter holds. DMA A holds 4 (index_lookahead), DMA B the default 2; both gather the same.
    MsgdmaConfig deep, dflt;
    deep.index_lookahead = 4;
    deep.fifo_depth = dflt.fifo_depth = 64;
    REQUIRE(dflt.index_lookahead == 2);
    DmaBench b(deep, 20 * kNs, true, dflt);
    MemoryConfig ic;
    ic.size = 1 << 20;
    ic.dmi = false;
    ic.fixed.latency = 1 * kUs;
    Memory slow("idx", b.ctx, ic);
    b.bus.initiator_socket.bind(slow.target_socket);
    const uint64_t idxa = 0x90000000;
    b.bus.map(3, idxa, 1 << 20, "idx");
    const size_t n = 256;  // 16 bursts of 16 four-byte indices
    const uint64_t table = kRam + 0x100000;
    const auto tbl = pattern(4096 * 4, 55);
    const auto idx = random_indices(n, 4096, 56);
    b.poke_vec(table, tbl);
    const auto ib = index_bytes<uint32_t>(idx);
    slow.store().write(0, ib.data(), ib.size());
    gather_on_both(b, table, idxa, n);
    std::vector<uint8_t> ref;
    for (uint32_t v : idx) ref.insert(ref.end(), tbl.begin() + v * 4, tbl.begin() + (v + 1) * 4);
    CHECK(b.peek_vec<uint8_t>(kRam + 0x200000, n * 4) == ref);
    CHECK(b.peek_vec<uint8_t>(kRam + 0x300000, n * 4) == ref);
    // docs/dma.md "Timing": index burst k issues at max(burst k-1's issue + beats(64),
    // take of burst k-N's first index = its data + convert_cycles T), N = index_lookahead.
    const Tick T = dflt.period, beats = 64 / dflt.width * T;
    auto index_reads = [&](uint16_t track) {
        std::vector<TraceRecord> v;
        for (auto& r : b.sink->txns)
            if (r.component == track && r.parent != 0 && r.cmd == tlm::TLM_READ_COMMAND && r.addr >= idxa &&
                r.addr < idxa + n * 4)
                v.push_back(r);
        return v;
    };
    for (auto [track, N] : {std::pair{b.dma->trace_id(), 4u}, std::pair{b.dma_b->trace_id(), 2u}}) {
        const auto rd = index_reads(track);
        REQUIRE(rd.size() == n / 16);
        for (size_t k = 1; k < rd.size(); ++k) {
            const Tick want = std::max(rd[k - 1].issue + beats, k >= N ? rd[k - N].end + T : Tick(0));
            INFO("look-ahead " << N << ", index burst " << k);
            CHECK(rd[k].issue == want);
        }
        // the first N bursts stream back to back; burst N waits for the data of burst 0
        CHECK(rd[N - 1].issue == rd[0].issue + (N - 1) * beats);
        CHECK(rd[N].issue > rd[0].end);
    }
    // 16 bursts of 1 us each: 4 round trips instead of 8 (plus the same dispatch and last elements),
    // the gather takes little more than half as long
    const double ratio = double(b.dma_b->active_time()) / double(b.dma->active_time());
    INFO("look-ahead 4: " << b.dma->active_time() << " ps, 2: " << b.dma_b->active_time() << " ps");
    CHECK(ratio > 1.7);
    CHECK(ratio < 2.0);
}

TEST_CASE("trace: each element read is a child of its descriptor / on DMA 2's track") {
    DmaBench b;
    const size_t n = 40;
    const uint64_t table = kRam + 0x100000, idxa = kRam + 0x10000;
    b.poke_vec(table, pattern(400 * 4, 61));
    b.poke_vec(idxa, index_bytes<uint32_t>(random_indices(n, 400, 62)));
    b.run([&](ScriptedInitiator& c) {
        configure_conv(c, MSGDMA_CONV_CTRL_ENABLE, table, 4, 4);
        submit(c, idxa, kRam + 0x200000, n * 4, 0);
        submit(c, idxa, kRam + 0x300000, n * 4, 0);
        wait_idle(c);
    });
    const uint16_t dma = b.dma->trace_id();
    std::map<uint64_t, TraceRecord> descs;
    for (auto& r : b.sink->txns)
        if (r.component == dma && r.parent == 0 && r.initiator == dma) descs[r.id] = r;
    REQUIRE(descs.size() == 2);
    std::map<uint64_t, int> children;
    for (auto& r : b.sink->txns) {
        if (b.ctx.tracer.component_name(r.component) != "dma.dma2") continue;
        REQUIRE(descs.count(r.parent) == 1);
        const auto& d = descs[r.parent];
        CHECK(r.issue >= d.start);
        CHECK(r.end <= d.end);
        ++children[r.parent];
    }
    for (auto& [id, cnt] : children) CHECK(cnt == int(n));
    CHECK(children.size() == 2);
    // the bus and memory records of an element read name the element read as parent
    size_t mem_children = 0;
    for (auto& r : b.sink->txns)
        if (r.component == b.ram->trace_id() && r.parent_component != 0 &&
            b.ctx.tracer.component_name(r.parent_component) != "ram")
            ++mem_children;
    CHECK(mem_children > 0);
}

TEST_CASE("extended descriptors: 32-byte format / GO in word 7 commits / high address words") {
    MsgdmaConfig cfg;
    cfg.extended = true;
    DmaBench b(cfg);
    const auto src = pattern(300, 71);
    b.poke_vec(kRam + 0x1000, src);
    b.run([&](ScriptedInitiator& c) {
        c.write32(DESC + MSGDMA_EDESC_READ_ADDR_LO, kRam + 0x1000);
        c.write32(DESC + MSGDMA_EDESC_WRITE_ADDR_LO, kRam + 0x4000);
        c.write32(DESC + MSGDMA_EDESC_LENGTH, 300);
        c.write32(DESC + MSGDMA_EDESC_SEQ_BURST, 7);
        c.write32(DESC + MSGDMA_EDESC_READ_ADDR_HI, 0);
        c.write32(DESC + MSGDMA_EDESC_WRITE_ADDR_HI, 0);
        c.write32(DESC + MSGDMA_DESC_CONTROL, MSGDMA_DESC_CTL_GO);  // word 3 of the standard format: not a commit here
        sc_core::wait(2, sc_core::SC_US);
        CHECK(c.read32(CSR + MSGDMA_CSR_RESP_FILL) == 0);
        c.write32(DESC + MSGDMA_EDESC_SEQ_BURST, 7);
        c.write32(DESC + MSGDMA_EDESC_STRIDE, 0x00010001u);
        c.write32(DESC + MSGDMA_EDESC_CONTROL, MSGDMA_DESC_CTL_GO);
        wait_idle(c);
        CHECK(c.read32(RESP + MSGDMA_RESP_ACTUAL_BYTES) == 300);
        CHECK(c.read32(CSR + MSGDMA_CSR_SEQ_NUM) == 0x00070007u);  // the descriptor's sequence number
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x4000, 300) == src);
}

TEST_CASE("response port back-pressure: the dispatcher waits while the response FIFO is full") {
    MsgdmaConfig cfg;
    cfg.response_fifo_depth = 2;
    DmaBench b(cfg);
    b.poke_vec(kRam, pattern(256, 81));
    b.run([&](ScriptedInitiator& c) {
        for (int k = 0; k < 4; ++k) submit(c, kRam + 64 * k, kRam + 0x10000 + 64 * k, 64, 0);
        sc_core::wait(10, sc_core::SC_US);
        CHECK(c.read32(CSR + MSGDMA_CSR_RESP_FILL) == 2);  // two done, two held back
        CHECK(c.read32(CSR + MSGDMA_CSR_STATUS) & MSGDMA_STATUS_RESP_FULL);
        CHECK(c.read32(CSR + MSGDMA_CSR_FILL_LEVEL) == 0x00020002u);
        CHECK(c.read32(RESP + MSGDMA_RESP_STATUS) == 0);  // pop one: one more runs
        sc_core::wait(10, sc_core::SC_US);
        CHECK(c.read32(CSR + MSGDMA_CSR_RESP_FILL) == 2);
        CHECK(c.read32(CSR + MSGDMA_CSR_FILL_LEVEL) == 0x00010001u);
        for (int k = 0; k < 3; ++k) {
            while (c.read32(CSR + MSGDMA_CSR_RESP_FILL) == 0) sc_core::wait(100, sc_core::SC_NS);
            CHECK(c.read32(RESP + MSGDMA_RESP_ACTUAL_BYTES) == 64);
            c.read32(RESP + MSGDMA_RESP_STATUS);
        }
        wait_idle(c);
        CHECK(c.read32(CSR + MSGDMA_CSR_RESP_FILL) == 0);
    });
    CHECK(b.counter("descriptors") == 4);
    CHECK(b.peek_vec<uint8_t>(kRam + 0x10000, 256) == b.peek_vec<uint8_t>(kRam, 256));
}

TEST_CASE("bad converter configuration ends the descriptor with an index error and moves nothing") {
    DmaBench b;
    b.poke_vec(kRam + 0x200000, std::vector<uint8_t>(64, 0xEE));
    b.run([&](ScriptedInitiator& c) {
        configure_conv(c, MSGDMA_CONV_CTRL_ENABLE, kRam, 4, 3);  // index size 3: invalid
        submit(c, kRam, kRam + 0x200000, 12, 0);
        wait_idle(c);
        CHECK(c.read32(RESP + MSGDMA_RESP_ACTUAL_BYTES) == 0);
        CHECK(c.read32(RESP + MSGDMA_RESP_STATUS) == MSGDMA_ERR_INDEX);
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x200000, 64) == std::vector<uint8_t>(64, 0xEE));
    CHECK(b.counter("element_reads") == 0);
}

TEST_CASE("back-pressure from a slow destination: the write side throttles the element reads / nothing lost") {
    MsgdmaConfig cfg;
    cfg.fifo_depth = 4;
    cfg.write_window = 1;
    DmaBench b(cfg, 20 * kNs);
    // A slow local memory (the accelerator's LM) as the gather destination.
    MemoryConfig lmc;
    lmc.size = 1 << 20;
    lmc.dmi = false;
    lmc.fixed.latency = 2 * kUs;
    Memory lm("lm", b.ctx, lmc);
    b.bus.initiator_socket.bind(lm.target_socket);
    b.bus.map(2, 0x90000000, 1 << 20, "lm");
    const size_t n = 200;
    const uint64_t table = kRam + 0x100000, idxa = kRam + 0x10000;
    const auto tbl = pattern(1000 * 8, 91);
    const auto idx = random_indices(n, 1000, 92);
    b.poke_vec(table, tbl);
    b.poke_vec(idxa, index_bytes<uint32_t>(idx));
    b.run([&](ScriptedInitiator& c) {
        configure_conv(c, MSGDMA_CONV_CTRL_ENABLE, table, 8, 4);
        submit(c, idxa, 0x90000000, uint32_t(n * 4), 0);
        wait_idle(c);
        CHECK(c.read32(RESP + MSGDMA_RESP_ACTUAL_BYTES) == n * 8);
    });
    std::vector<uint8_t> ref, got(n * 8);
    for (uint32_t v : idx) ref.insert(ref.end(), tbl.begin() + v * 8, tbl.begin() + (v + 1) * 8);
    lm.store().read(0, got.data(), got.size());
    CHECK(got == ref);
    CHECK(b.counter("element_reads") == n);
    CHECK(b.dma->max_inflight() <= 4);
    // 8 elements per 64-byte write, one write of ~2 us at a time: the transfer is write-bound
    CHECK(b.dma->active_time() >= (n / 8) * 2 * kUs);
}
