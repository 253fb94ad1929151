// Conformance of the VP's mSGDMA with Intel's documentation, written from Intel's numbers only.
// Every offset, bit and field value below is a literal from
//   [UG]  Intel, Embedded Peripherals IP User Guide (683130), "Modular Scatter-Gather DMA Core"
//         (dispatcher register map, descriptor formats, prefetcher register map and descriptors);
//   [HAL] Intel's Nios II HAL headers altera_msgdma_csr_regs.h, altera_msgdma_descriptor_regs.h,
//         altera_msgdma_response_regs.h, altera_msgdma_prefetcher_regs.h (bit tables, byte lanes);
//   [LNX] Linux drivers/dma/altera-msgdma.c (MSGDMA_CSR_*, MSGDMA_DESC_CTL_*) and the TSE driver's
//         altera_msgdmahw_prefetcher.h (MSGDMA_PREF_CTL_*, struct msgdma_pref_extended_desc),
// never from include/vp/regs/msgdma.h; the last test cases compare that header with these literals.
// Only the sub-block base addresses are the VP's own (docs/dma.md). One TEST_CASE per process.
#include <catch2/catch.hpp>
#include <sys/resource.h>
#include <algorithm>
#include <cstring>
#include <vector>
#include "tests/dma/dma_bench.h"
#include "tests/dma/intel_msgdma.h"

using namespace vp;
using namespace vp::test;
using namespace intel_msgdma;

namespace {

// ---- VP map (docs/dma.md): where Intel's sub-blocks sit in the window at 0x1801_0000 ----
constexpr uint64_t kCsr = 0x18010000, kResp = 0x18010020, kDesc = 0x18010040, kPref = 0x18010080;

// The VP's meaning of the error field (Intel leaves it to the data source; docs/dma.md): 0x01 read error.
constexpr uint32_t kVpReadError = 0x01;

void submit(ScriptedInitiator& c, uint64_t rd, uint64_t wr, uint32_t len, uint32_t ctl) {
    c.write32(kDesc + D_READ, uint32_t(rd));
    c.write32(kDesc + D_WRITE, uint32_t(wr));
    c.write32(kDesc + D_LENGTH, len);
    c.write32(kDesc + D_CONTROL, ctl | C_GO);
}

// An extended descriptor written as Intel's HAL writes it: 32-bit words, then the 16- and 8-bit
// lanes of the sequence number, burst counts and strides, the control word last.
struct Ext {
    uint64_t read = 0, write = 0;
    uint32_t length = 0, control = 0;
    uint16_t seq = 0;
    uint8_t read_burst = 0, write_burst = 0;
    uint16_t read_stride = 1, write_stride = 1;
};
void submit_ext(ScriptedInitiator& c, const Ext& e) {
    c.write32(kDesc + E_READ_LO, uint32_t(e.read));
    c.write32(kDesc + E_WRITE_LO, uint32_t(e.write));
    c.write32(kDesc + E_LENGTH, e.length);
    c.write(kDesc + E_SEQ, e.seq, 2);
    c.write(kDesc + E_READ_BURST, e.read_burst, 1);
    c.write(kDesc + E_WRITE_BURST, e.write_burst, 1);
    c.write(kDesc + E_READ_STRIDE, e.read_stride, 2);
    c.write(kDesc + E_WRITE_STRIDE, e.write_stride, 2);
    c.write32(kDesc + E_READ_HI, uint32_t(e.read >> 32));
    c.write32(kDesc + E_WRITE_HI, uint32_t(e.write >> 32));
    c.write32(kDesc + E_CONTROL, e.control | C_GO);
}

void wait_not_busy(ScriptedInitiator& c) {
    for (int k = 0; k < 100000 && (c.read32(kCsr + CSR_STATUS) & ST_BUSY); ++k) sc_core::wait(100, sc_core::SC_NS);
}

// Pops one response the way [HAL] says: actual bytes first, then the status word (whose byte 0x7 pops).
std::pair<uint32_t, uint32_t> pop_response(ScriptedInitiator& c) {
    const uint32_t actual = c.read32(kResp + R_ACTUAL);
    return {actual, c.read32(kResp + R_STATUS)};
}

void put_std(DmaBench& b, uint64_t at, uint32_t rd, uint32_t wr, uint32_t len, uint32_t next, uint32_t ctl) {
    b.poke32(at + PD_READ, rd);
    b.poke32(at + PD_WRITE, wr);
    b.poke32(at + PD_LENGTH, len);
    b.poke32(at + PD_NEXT, next);
    b.poke32(at + PD_ACTUAL, 0);
    b.poke32(at + PD_STATUS, 0);
    b.poke32(at + PD_CONTROL, ctl);
}

MsgdmaConfig extended_config() {
    MsgdmaConfig cfg;
    cfg.extended = true;
    return cfg;
}

}  // namespace

// ================================ dispatcher CSR ================================

TEST_CASE("Intel CSR: reset values / CONTROL bits 0 and 2-5 read back / RESET (bit 1) reads 0 / bits 31:6 read 0") {
    DmaBench b;
    b.run([&](ScriptedInitiator& c) {
        CHECK(c.read32(kCsr + CSR_STATUS) == (ST_DESC_EMPTY | ST_RESP_EMPTY));  // 0x0A
        CHECK(c.read32(kCsr + CSR_CONTROL) == 0);
        CHECK(c.read32(kCsr + CSR_FILL) == 0);
        CHECK(c.read32(kCsr + CSR_RESP_FILL) == 0);
        CHECK(c.read32(kCsr + CSR_SEQ) == 0);
        for (uint32_t bit : {CT_STOP, CT_STOP_ON_ERR, CT_STOP_ON_ET, CT_GIEM, CT_STOP_DESC}) {
            INFO("control bit " << bit);
            c.write32(kCsr + CSR_CONTROL, bit);
            CHECK(c.read32(kCsr + CSR_CONTROL) == bit);
        }
        c.write32(kCsr + CSR_CONTROL, 0xFFFFFFFDu);  // everything but RESET
        CHECK(c.read32(kCsr + CSR_CONTROL) == 0x3Du);
        c.write32(kCsr + CSR_CONTROL, 0);
        CHECK(c.read32(kCsr + CSR_CONTROL) == 0);
    });
}

TEST_CASE("Intel CSR: STATUS is read/clear - writing 0x3FF (Linux) clears only IRQ (bit 9)") {
    DmaBench b;
    b.poke_vec(kRam, pattern(64, 1));
    b.run([&](ScriptedInitiator& c) {
        c.write32(kCsr + CSR_CONTROL, CT_GIEM);
        submit(c, kRam, kRam + 0x1000, 64, C_TC_IRQ);
        wait_not_busy(c);
        sc_core::wait(1, sc_core::SC_US);
        CHECK(c.read32(kCsr + CSR_STATUS) == (ST_DESC_EMPTY | ST_IRQ));  // a response waits: RESP_EMPTY clear
        c.write32(kCsr + CSR_STATUS, ST_MASK);
        CHECK(c.read32(kCsr + CSR_STATUS) == ST_DESC_EMPTY);  // nothing else changed by the write
        CHECK(c.read32(kCsr + CSR_RESP_FILL) == 1);
    });
}

TEST_CASE(
    "Intel CSR: STOP_DESC (bit 5) holds descriptors / FILL_LEVEL read [15:0] and write [31:16] / "
    "DESC_EMPTY (bit 1) / DESC_FULL (bit 2) / STOPPED (bit 5) / clearing resumes") {
    DmaBench b;  // descriptor FIFO depth 8 (default)
    b.poke_vec(kRam, pattern(8 * 256, 2));
    b.run([&](ScriptedInitiator& c) {
        c.write32(kCsr + CSR_CONTROL, CT_STOP_DESC);
        sc_core::wait(100, sc_core::SC_NS);
        CHECK(c.read32(kCsr + CSR_STATUS) & ST_STOPPED);
        for (uint32_t n = 1; n <= 8; ++n) {
            submit(c, kRam + 256 * (n - 1), kRam + 0x10000 + 256 * (n - 1), 256, 0);
            CHECK(c.read32(kCsr + CSR_FILL) == (n | n << 16));
            const uint32_t s = c.read32(kCsr + CSR_STATUS);
            CHECK((s & ST_DESC_EMPTY) == 0);
            CHECK(bool(s & ST_DESC_FULL) == (n == 8));
            CHECK(s & ST_BUSY);
            CHECK(s & ST_STOPPED);
        }
        c.write32(kCsr + CSR_CONTROL, 0);
        wait_not_busy(c);
        const uint32_t s = c.read32(kCsr + CSR_STATUS);
        CHECK((s & (ST_STOPPED | ST_DESC_FULL | ST_BUSY)) == 0);
        CHECK(s & ST_DESC_EMPTY);
        CHECK(c.read32(kCsr + CSR_FILL) == 0);
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x10000, 8 * 256) == b.peek_vec<uint8_t>(kRam, 8 * 256));
}

TEST_CASE(
    "Intel CSR: STOP (bit 0) pauses a transfer between bus transactions / STOPPED once the masters are idle / "
    "clearing it resumes") {
    DmaBench b;
    const auto src = pattern(256 * 1024, 3);
    b.poke_vec(kRam, src);
    b.run([&](ScriptedInitiator& c) {
        submit(c, kRam, kRam + 0x100000, 256 * 1024, 0);
        sc_core::wait(5, sc_core::SC_US);
        c.write32(kCsr + CSR_CONTROL, CT_STOP);
        sc_core::wait(5, sc_core::SC_US);
        uint32_t s = c.read32(kCsr + CSR_STATUS);
        CHECK(s & ST_BUSY);
        CHECK(s & ST_STOPPED);
        const uint64_t written = b.counter("bytes_written");
        CHECK(written > 0);
        CHECK(written < 256 * 1024);
        sc_core::wait(20, sc_core::SC_US);
        CHECK(b.counter("bytes_written") == written);  // nothing moves while stopped
        c.write32(kCsr + CSR_CONTROL, 0);
        wait_not_busy(c);
        s = c.read32(kCsr + CSR_STATUS);
        CHECK((s & (ST_STOPPED | ST_BUSY)) == 0);
        CHECK(pop_response(c) == std::pair<uint32_t, uint32_t>(256 * 1024, 0));
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x100000, 256 * 1024) == src);
}

TEST_CASE("Intel CSR: RESP_EMPTY (bit 3) / RESP_FULL (bit 4) / RESP_FILL [15:0] / the read of byte 0x7 pops") {
    DmaBench b;  // response FIFO depth 8 (default)
    b.poke_vec(kRam, pattern(8 * 64, 4));
    b.run([&](ScriptedInitiator& c) {
        for (uint32_t n = 0; n < 8; ++n) submit(c, kRam + 64 * n, kRam + 0x1000 + 64 * n, 64 + n, 0);
        wait_not_busy(c);
        CHECK(c.read32(kCsr + CSR_RESP_FILL) == 8);
        uint32_t s = c.read32(kCsr + CSR_STATUS);
        CHECK(s & ST_RESP_FULL);
        CHECK((s & ST_RESP_EMPTY) == 0);
        // Reading the actual bytes and bytes 0x4..0x6 of the status does not pop; byte 0x7 does [HAL].
        CHECK(c.read32(kResp + R_ACTUAL) == 64);
        CHECK(c.read(kResp + R_STATUS, 1) == 0);
        CHECK(c.read(kResp + R_STATUS + 1, 1) == 0);
        CHECK(c.read(kResp + R_STATUS + 2, 1) == 0);
        CHECK(c.read32(kCsr + CSR_RESP_FILL) == 8);
        CHECK(c.read(kResp + R_STATUS + 3, 1) == 0);
        CHECK(c.read32(kCsr + CSR_RESP_FILL) == 7);
        CHECK((c.read32(kCsr + CSR_STATUS) & ST_RESP_FULL) == 0);
        for (uint32_t n = 1; n < 8; ++n) CHECK(pop_response(c) == std::pair<uint32_t, uint32_t>(64 + n, 0));
        s = c.read32(kCsr + CSR_STATUS);
        CHECK(s & ST_RESP_EMPTY);
        CHECK(c.read32(kCsr + CSR_RESP_FILL) == 0);
    });
}

TEST_CASE("Intel CSR: RESET (bit 1) - RESETTING (bit 6) until done / FIFOs, responses, CONTROL and IRQ cleared") {
    DmaBench b;
    b.poke_vec(kRam, pattern(4096, 5));
    b.run([&](ScriptedInitiator& c) {
        c.write32(kCsr + CSR_CONTROL, CT_GIEM | CT_STOP_DESC);
        for (int n = 0; n < 3; ++n) submit(c, kRam, kRam + 0x10000, 1024, C_TC_IRQ);
        CHECK(c.read32(kCsr + CSR_FILL) == 0x00030003u);
        c.write32(kCsr + CSR_CONTROL, CT_GIEM);
        c.write32(kCsr + CSR_CONTROL, CT_STOP_DESC | CT_GIEM);  // one may have started
        wait_not_busy(c);
        c.write32(kCsr + CSR_CONTROL, CT_RESET);
        CHECK(c.read32(kCsr + CSR_STATUS) & ST_RESETTING);
        int polls = 0;
        while (c.read32(kCsr + CSR_STATUS) & ST_RESETTING) ++polls;  // Linux: readl_poll_timeout
        CHECK(polls < 100);
        CHECK(c.read32(kCsr + CSR_STATUS) == (ST_DESC_EMPTY | ST_RESP_EMPTY));
        CHECK(c.read32(kCsr + CSR_CONTROL) == 0);
        CHECK(c.read32(kCsr + CSR_FILL) == 0);
        CHECK(c.read32(kCsr + CSR_RESP_FILL) == 0);
        CHECK(!b.dma->irq().level());
    });
}

TEST_CASE(
    "Intel CSR: STOP_ON_ERR (bit 2) - STOPPED_ON_ERR (bit 7) and STOP (bit 0) set by hardware / clearing STOP "
    "resumes / STOPPED_ON_ET (bit 8) stays clear") {
    DmaBench b;
    const auto src = pattern(512, 6);
    b.poke_vec(kRam, src);
    const uint64_t near_end = kRam + kRamSize - 128;  // a read running off the end of RAM: bus error
    b.run([&](ScriptedInitiator& c) {
        c.write32(kCsr + CSR_CONTROL, CT_STOP_ON_ERR | CT_STOP_ON_ET);
        submit(c, near_end, kRam + 0x10000, 512, 0);
        submit(c, kRam, kRam + 0x20000, 512, 0);
        sc_core::wait(10, sc_core::SC_US);
        uint32_t s = c.read32(kCsr + CSR_STATUS);
        CHECK(s & ST_STOPPED_ON_ERR);
        CHECK(s & ST_STOPPED);
        CHECK((s & ST_STOPPED_ON_ET) == 0);
        CHECK(c.read32(kCsr + CSR_CONTROL) == (CT_STOP | CT_STOP_ON_ERR | CT_STOP_ON_ET));  // [HAL] "Stop ... also set"
        CHECK(c.read32(kCsr + CSR_FILL) == 0x00010001u);  // the second descriptor waits
        const auto r = pop_response(c);
        CHECK((r.second & 0xFF) == kVpReadError);
        CHECK(r.first < 512);
        c.write32(kCsr + CSR_CONTROL, CT_STOP_ON_ERR);  // STOP cleared: resume
        wait_not_busy(c);
        s = c.read32(kCsr + CSR_STATUS);
        CHECK((s & (ST_STOPPED_ON_ERR | ST_STOPPED | ST_STOPPED_ON_ET)) == 0);
        CHECK(pop_response(c) == std::pair<uint32_t, uint32_t>(512, 0));
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x20000, 512) == src);
}

TEST_CASE(
    "Intel CSR: IRQ (bit 9) latched only with GIEM (bit 4) / transfer complete (control bit 14) / error IRQ "
    "mask (control bits 23:16) / early termination IRQ (bit 15) never fires memory-to-memory") {
    DmaBench b;
    b.poke_vec(kRam, pattern(256, 7));
    const uint64_t near_end = kRam + kRamSize - 64;
    b.run([&](ScriptedInitiator& c) {
        auto irq = [&] { return bool(c.read32(kCsr + CSR_STATUS) & ST_IRQ); };
        auto done = [&] {
            wait_not_busy(c);
            sc_core::wait(200, sc_core::SC_NS);
            pop_response(c);
        };
        submit(c, kRam, kRam + 0x1000, 64, C_TC_IRQ);  // GIEM clear: not latched, not even later
        done();
        CHECK(!irq());
        c.write32(kCsr + CSR_CONTROL, CT_GIEM);
        CHECK(!irq());
        submit(c, kRam, kRam + 0x1000, 64, 0);  // no IRQ requested
        done();
        CHECK(!irq());
        submit(c, kRam, kRam + 0x1000, 64, C_ET_IRQ);  // no early termination memory-to-memory
        done();
        CHECK(!irq());
        submit(c, kRam, kRam + 0x1000, 64, C_TC_IRQ);
        done();
        CHECK(irq());
        CHECK(b.dma->irq().level());
        c.write32(kCsr + CSR_STATUS, ST_IRQ);
        CHECK(!irq());
        CHECK(!b.dma->irq().level());
        submit(c, near_end, kRam + 0x1000, 128, C_ERR_IRQ(0xFF & ~kVpReadError));  // error not in the mask
        done();
        CHECK(!irq());
        submit(c, near_end, kRam + 0x1000, 128, C_ERR_IRQ(kVpReadError));
        done();
        CHECK(irq());
    });
}

// ================================ descriptor port ================================

TEST_CASE(
    "Intel standard descriptor: read address 0x0 / write address 0x4 / length 0x8 / control 0xC commits only "
    "when its byte 3 is written with GO") {
    DmaBench b;
    const auto src = pattern(1000, 8);
    b.poke_vec(kRam + 0x100, src);
    b.poke_vec(kRam + 0x4000, std::vector<uint8_t>(1100, 0xEE));
    b.run([&](ScriptedInitiator& c) {
        c.write32(kDesc + D_READ, kRam + 0x100);
        c.write32(kDesc + D_WRITE, kRam + 0x4000);
        c.write32(kDesc + D_LENGTH, 999);
        c.write32(kDesc + D_CONTROL, 0);        // no GO: stored only
        c.write(kDesc + D_CONTROL, 0x0080, 2);  // bytes 0-1 only: no commit whatever the stored word
        sc_core::wait(2, sc_core::SC_US);
        CHECK(c.read32(kCsr + CSR_STATUS) == (ST_DESC_EMPTY | ST_RESP_EMPTY));
        c.write(kDesc + D_CONTROL + 3, C_GO >> 24, 1);  // byte 3 with GO: commits
        wait_not_busy(c);
        CHECK(pop_response(c) == std::pair<uint32_t, uint32_t>(999, 0));
    });
    auto dst = b.peek_vec<uint8_t>(kRam + 0x4000, 1100);
    CHECK(std::equal(src.begin(), src.begin() + 999, dst.begin()));
    CHECK(std::all_of(dst.begin() + 999, dst.end(), [](uint8_t x) { return x == 0xEE; }));
}

TEST_CASE(
    "Intel standard descriptor: channel [7:0], SOP (8), EOP (9), park reads (10) / writes (11), END_ON_EOP (12), "
    "END_ON_LEN (13, set by Linux) change nothing memory-to-memory") {
    DmaBench b;
    const auto src = pattern(777, 9);
    b.poke_vec(kRam, src);
    b.run([&](ScriptedInitiator& c) {
        const uint32_t all = C_CHANNEL | C_SOP | C_EOP | C_PARK_READS | C_PARK_WRITES | C_END_ON_EOP | C_END_ON_LEN;
        submit(c, kRam, kRam + 0x2000, 777, all);
        submit(c, kRam, kRam + 0x3000, 777, C_END_ON_LEN | C_ERR_IRQ(0xFF));  // Linux's memcpy control word
        wait_not_busy(c);
        CHECK(pop_response(c) == std::pair<uint32_t, uint32_t>(777, 0));
        CHECK(pop_response(c) == std::pair<uint32_t, uint32_t>(777, 0));
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x2000, 777) == src);
    CHECK(b.peek_vec<uint8_t>(kRam + 0x3000, 777) == src);
}

TEST_CASE(
    "Intel standard descriptor: EARLY_DONE (bit 24) lets the next descriptor start before this one's last write") {
    DmaBench b;
    b.poke_vec(kRam, pattern(4096, 10));
    b.run([&](ScriptedInitiator& c) {
        c.write32(kCsr + CSR_CONTROL, CT_STOP_DESC);
        submit(c, kRam, kRam + 0x10000, 2048, 0);
        submit(c, kRam, kRam + 0x20000, 2048, 0);
        submit(c, kRam, kRam + 0x30000, 2048, C_EARLY_DONE);
        submit(c, kRam, kRam + 0x40000, 2048, 0);
        c.write32(kCsr + CSR_CONTROL, 0);
        wait_not_busy(c);
    });
    const auto d = b.descriptor_spans();
    REQUIRE(d.size() == 4);
    CHECK(d[1].start >= d[0].end);  // without early done: after the previous one's last write
    CHECK(d[3].start < d[2].end);   // after an early-done descriptor: once its reads are issued
}

TEST_CASE(
    "Intel extended descriptor: HAL byte-lane writes / address high words 0x14 and 0x18 / sequence number "
    "0xC in SEQ_NUM read [15:0] and write [31:16] / a control word at 0xC does not commit") {
    DmaBench b(extended_config());
    const auto src = pattern(300, 11);
    b.poke_vec(kRam + 0x1000, src);
    b.run([&](ScriptedInitiator& c) {
        c.write32(kDesc + 0xC, C_GO);  // the standard format's control offset: a data word here
        sc_core::wait(2, sc_core::SC_US);
        CHECK(c.read32(kCsr + CSR_STATUS) == (ST_DESC_EMPTY | ST_RESP_EMPTY));
        Ext e;
        e.read = kRam + 0x1000;
        e.write = kRam + 0x4000;
        e.length = 300;
        e.seq = 0x1234;
        submit_ext(c, e);
        wait_not_busy(c);
        CHECK(c.read32(kCsr + CSR_SEQ) == 0x12341234u);
        CHECK(pop_response(c) == std::pair<uint32_t, uint32_t>(300, 0));
        e.seq = 0xBEEF;
        e.write = (uint64_t(1) << 32) | (kRam + 0x4000);  // write address above 4 GiB: no memory there
        submit_ext(c, e);
        wait_not_busy(c);
        CHECK(c.read32(kCsr + CSR_SEQ) == 0xBEEFBEEFu);
        const auto r = pop_response(c);
        CHECK(r.first == 0);
        CHECK((r.second & 0xFF) != 0);  // a write error (VP: 0x02)
        e.seq = 0x0042;
        e.write = kRam + 0x5000;
        e.read = (uint64_t(2) << 32) | (kRam + 0x1000);  // read address above 4 GiB
        submit_ext(c, e);
        wait_not_busy(c);
        CHECK(c.read32(kCsr + CSR_SEQ) == 0x00420042u);
        CHECK((pop_response(c).second & 0xFF) == kVpReadError);
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x4000, 300) == src);
    CHECK(b.peek_vec<uint8_t>(kRam + 0x5000, 300) == std::vector<uint8_t>(300, 0));
}

TEST_CASE(
    "Intel extended descriptor: read burst (0xE) and write burst (0xF) counts in words set the transaction "
    "sizes / 0 means the longest burst") {
    DmaBench b(extended_config());  // 8-byte masters, 64-byte bursts
    const auto src = pattern(1024, 12);
    b.poke_vec(kRam, src);
    b.run([&](ScriptedInitiator& c) {
        Ext e;
        e.read = kRam;
        e.write = kRam + 0x10000;
        e.length = 1024;
        e.read_burst = 2;   // 16-byte reads
        e.write_burst = 1;  // 8-byte writes
        submit_ext(c, e);
        wait_not_busy(c);
        e.write = kRam + 0x20000;
        e.read_burst = e.write_burst = 0;  // the longest: 64 bytes
        submit_ext(c, e);
        wait_not_busy(c);
    });
    const auto reads = b.master_accesses(tlm::TLM_READ_COMMAND), writes = b.master_accesses(tlm::TLM_WRITE_COMMAND);
    REQUIRE(reads.size() == 1024 / 16 + 1024 / 64);
    REQUIRE(writes.size() == 1024 / 8 + 1024 / 64);
    for (size_t k = 0; k < 64; ++k) CHECK(reads[k].len == 16);
    for (size_t k = 0; k < 128; ++k) CHECK(writes[k].len == 8);
    for (size_t k = 64; k < reads.size(); ++k) CHECK(reads[k].len == 64);
    for (size_t k = 128; k < writes.size(); ++k) CHECK(writes[k].len == 64);
    CHECK(b.peek_vec<uint8_t>(kRam + 0x10000, 1024) == src);
    CHECK(b.peek_vec<uint8_t>(kRam + 0x20000, 1024) == src);
}

TEST_CASE(
    "Intel extended descriptor: read stride (0x10) and write stride (0x12) in words - 0 fixed address, "
    "1 sequential, 2 every other word") {
    DmaBench b(extended_config());  // 8-byte words
    std::vector<uint64_t> words(64);
    for (size_t k = 0; k < words.size(); ++k) words[k] = 0x1111111100000000ull + k;
    b.poke_vec(kRam, words);
    b.poke_vec(kRam + 0x10000, std::vector<uint64_t>(64, 0xEEEEEEEEEEEEEEEEull));
    b.poke_vec(kRam + 0x20000, std::vector<uint64_t>(64, 0xEEEEEEEEEEEEEEEEull));
    b.run([&](ScriptedInitiator& c) {
        Ext e;
        e.length = 16 * 8;
        e.read = kRam;  // read stride 2: words 0, 2, 4, ... packed
        e.write = kRam + 0x10000;
        e.read_stride = 2;
        submit_ext(c, e);
        e.read = kRam + 8 * 5;  // read stride 0: word 5 again and again, written every other word
        e.write = kRam + 0x20000;
        e.read_stride = 0;
        e.write_stride = 2;
        submit_ext(c, e);
        e.read = kRam;  // write stride 0: every word to the same address, the last one stays
        e.write = kRam + 0x30000;
        e.read_stride = 1;
        e.write_stride = 0;
        submit_ext(c, e);
        wait_not_busy(c);
    });
    const auto packed = b.peek_vec<uint64_t>(kRam + 0x10000, 17);
    for (size_t k = 0; k < 16; ++k) CHECK(packed[k] == words[2 * k]);
    CHECK(packed[16] == 0xEEEEEEEEEEEEEEEEull);
    const auto spread = b.peek_vec<uint64_t>(kRam + 0x20000, 33);
    for (size_t k = 0; k < 32; ++k) CHECK(spread[k] == (k % 2 == 0 ? words[5] : 0xEEEEEEEEEEEEEEEEull));
    CHECK(spread[32] == 0xEEEEEEEEEEEEEEEEull);
    CHECK(b.peek_vec<uint64_t>(kRam + 0x30000, 2) == std::vector<uint64_t>{words[15], 0});
}

// ================================ prefetcher ================================

TEST_CASE(
    "Intel prefetcher CSR: reset values / NEXT_DESC_PTR low 0x4 and high 0x8 hold 32 bits each / "
    "DESC_POLL_FREQ 0xC is 16 bits / CONTROL bits 31:5 read 0") {
    DmaBench b;
    b.run([&](ScriptedInitiator& c) {
        for (uint64_t r : {P_CONTROL, P_NEXT_LO, P_NEXT_HI, P_POLL_FREQ, P_STATUS}) CHECK(c.read32(kPref + r) == 0);
        c.write32(kPref + P_NEXT_LO, 0xDEADBEEFu);
        c.write32(kPref + P_NEXT_HI, 0x12345678u);
        CHECK(c.read32(kPref + P_NEXT_LO) == 0xDEADBEEFu);
        CHECK(c.read32(kPref + P_NEXT_HI) == 0x12345678u);
        c.write32(kPref + P_POLL_FREQ, 0xFFFFFFFFu);
        CHECK(c.read32(kPref + P_POLL_FREQ) == 0xFFFFu);
        c.write32(kPref + P_CONTROL, 0xFFFFFFE0u);  // reserved bits only
        CHECK(c.read32(kPref + P_CONTROL) == 0);
        c.write32(kPref + P_CONTROL, P_PARK | P_GLOBAL_INTR | P_DESC_POLL_EN);
        CHECK(c.read32(kPref + P_CONTROL) == (P_PARK | P_GLOBAL_INTR | P_DESC_POLL_EN));
    });
}

TEST_CASE(
    "Intel prefetcher CONTROL 0x4: RESET reads 1 then clears by itself (Linux polls it) / resets CONTROL, "
    "NEXT_DESC_PTR, POLL_FREQ and STATUS") {
    DmaBench b;
    b.run([&](ScriptedInitiator& c) {
        c.write32(kPref + P_NEXT_LO, 0x80001000u);
        c.write32(kPref + P_NEXT_HI, 1);
        c.write32(kPref + P_POLL_FREQ, 0x100);
        c.write32(kPref + P_CONTROL, P_PARK | P_GLOBAL_INTR);
        c.write32(kPref + P_STATUS, P_ST_IRQ);         // Linux clears the IRQ first
        c.write32(kPref + P_CONTROL, P_RESET);         // then writes RESET ...
        CHECK(c.read32(kPref + P_CONTROL) & P_RESET);  // ... which reads back 1 while resetting
        int polls = 0;
        while ((c.read32(kPref + P_CONTROL) & P_RESET) && polls < 1000) ++polls;  // ... until it reads 0
        CHECK(polls < 1000);
        for (uint64_t r : {P_CONTROL, P_NEXT_LO, P_NEXT_HI, P_POLL_FREQ, P_STATUS}) CHECK(c.read32(kPref + r) == 0);
    });
}

TEST_CASE(
    "Intel prefetcher CONTROL 0x8 enables the interrupt without touching NEXT_DESC_PTR / 0x9 runs the list / "
    "RUN (0x1) cleared at a descriptor not owned by hardware / STATUS.IRQ (bit 0) is write-1-to-clear") {
    DmaBench b;
    const auto src = pattern(3 * 256, 13);
    b.poke_vec(kRam, src);
    const uint64_t l = kRam + 0x100000;
    put_std(b, l, kRam, kRam + 0x10000, 256, l + 32, C_OWNED_BY_HW | C_GO);
    put_std(b, l + 32, kRam + 256, kRam + 0x10100, 256, l + 64, C_OWNED_BY_HW | C_GO);
    put_std(b, l + 64, kRam + 512, kRam + 0x10200, 256, l + 96, C_OWNED_BY_HW | C_GO | C_TC_IRQ);
    put_std(b, l + 96, kRam, kRam + 0x20000, 256, l + 128, C_GO);  // not owned by hardware: the end
    b.run([&](ScriptedInitiator& c) {
        c.write32(kPref + P_NEXT_LO, uint32_t(l));
        c.write32(kPref + P_NEXT_HI, 0);
        c.write32(kPref + P_CONTROL, P_GLOBAL_INTR);
        CHECK(c.read32(kPref + P_CONTROL) == P_GLOBAL_INTR);
        CHECK(c.read32(kPref + P_NEXT_LO) == uint32_t(l));
        sc_core::wait(2, sc_core::SC_US);
        CHECK(b.counter("prefetches") == 0);  // not running
        c.write32(kPref + P_CONTROL, P_GLOBAL_INTR | P_RUN);
        while (!b.dma->irq().level()) sc_core::wait(50, sc_core::SC_NS);
        CHECK(c.read32(kPref + P_STATUS) == P_ST_IRQ);
        CHECK((c.read32(kCsr + CSR_STATUS) & ST_IRQ) == 0);  // the prefetcher's, not the dispatcher's
        c.write32(kPref + P_STATUS, P_ST_IRQ);
        CHECK(c.read32(kPref + P_STATUS) == 0);
        CHECK(!b.dma->irq().level());
        sc_core::wait(2, sc_core::SC_US);
        CHECK(c.read32(kPref + P_CONTROL) == P_GLOBAL_INTR);  // RUN cleared by hardware
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x10000, 768) == src);
    CHECK(b.peek_vec<uint8_t>(kRam + 0x20000, 256) == std::vector<uint8_t>(256, 0));
    CHECK(b.counter("descriptors") == 3);
}

TEST_CASE(
    "Intel prefetcher CONTROL 0x2: DESC_POLL_EN re-fetches a descriptor not owned by hardware every "
    "DESC_POLL_FREQ cycles / NEXT_DESC_PTR follows the list / RUN stays set") {
    DmaBench b;
    const auto src = pattern(256, 14);
    b.poke_vec(kRam, src);
    const uint64_t l = kRam + 0x100000;
    put_std(b, l, kRam, kRam + 0x10000, 256, l + 32, C_GO);  // not yet handed over
    b.run([&](ScriptedInitiator& c) {
        c.write32(kPref + P_NEXT_LO, uint32_t(l));
        c.write32(kPref + P_POLL_FREQ, 100);  // 100 cycles of 10 ns
        c.write32(kPref + P_CONTROL, P_DESC_POLL_EN | P_RUN);
        sc_core::wait(20, sc_core::SC_US);
        const uint64_t polls = b.counter("polls");
        CHECK(polls >= 10);  // at most one poll per 1 us + the fetch
        CHECK(polls <= 20);
        CHECK(b.counter("descriptors") == 0);
        c.write32(l + PD_CONTROL, C_GO | C_OWNED_BY_HW);  // hand it over
        sc_core::wait(10, sc_core::SC_US);
        CHECK(b.counter("descriptors") == 1);
        CHECK(c.read32(kPref + P_CONTROL) == (P_DESC_POLL_EN | P_RUN));
        CHECK(c.read32(kPref + P_NEXT_LO) == uint32_t(l + 32));  // polling the next one
        c.write32(kPref + P_CONTROL, P_RESET);
        sc_core::wait(1, sc_core::SC_US);
        sc_core::sc_stop();
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x10000, 256) == src);
}

TEST_CASE("Intel prefetcher CONTROL 0x10: PARK_MODE keeps OWNED_BY_HW at write-back so a circular list replays") {
    DmaBench b;
    b.poke_vec(kRam, pattern(256, 15));
    const uint64_t l = kRam + 0x100000;
    put_std(b, l, kRam, kRam + 0x10000, 128, l + 32, C_OWNED_BY_HW);
    put_std(b, l + 32, kRam + 128, kRam + 0x10080, 128, l, C_OWNED_BY_HW);  // back to the first
    b.run([&](ScriptedInitiator& c) {
        c.write32(kPref + P_NEXT_LO, uint32_t(l));
        c.write32(kPref + P_CONTROL, P_PARK | P_RUN);
        sc_core::wait(20, sc_core::SC_US);
        c.write32(kPref + P_CONTROL, P_PARK);  // RUN cleared: stops after the descriptor in flight
        sc_core::wait(5, sc_core::SC_US);
        const uint64_t n = b.counter("descriptors");
        sc_core::wait(5, sc_core::SC_US);
        CHECK(b.counter("descriptors") == n);
        CHECK(n > 10);
        sc_core::sc_stop();
    });
    CHECK(b.peek32(l + PD_CONTROL) == C_OWNED_BY_HW);
    CHECK(b.peek32(l + 32 + PD_CONTROL) == C_OWNED_BY_HW);
    CHECK(b.peek32(l + PD_ACTUAL) == 128);
    CHECK(b.peek_vec<uint8_t>(kRam + 0x10000, 256) == b.peek_vec<uint8_t>(kRam, 256));
}

TEST_CASE(
    "Intel prefetcher standard descriptor (32 B): read 0x00 / write 0x04 / length 0x08 / next 0x0C / actual "
    "bytes 0x10 and status 0x14 written back / reserved 0x18 untouched / control 0x1C: only OWNED_BY_HW cleared "
    "/ GO (bit 31) not needed") {
    DmaBench b;
    const auto src = pattern(600, 16);
    b.poke_vec(kRam + 0x1000, src);
    const uint64_t l = kRam + 0x100000, l2 = kRam + 0x100400;  // next pointer: not adjacent
    const uint64_t near_end = kRam + kRamSize - 100;
    const uint32_t ctl = C_OWNED_BY_HW | C_SOP | C_EOP | C_END_ON_LEN | 0x5A;
    put_std(b, l, kRam + 0x1000, kRam + 0x8000, 600, uint32_t(l2), ctl);
    b.poke32(l + PD_RESERVED, 0xCAFEF00Du);
    b.poke32(l + PD_ACTUAL, 0xFFFFFFFFu);
    put_std(b, l2, uint32_t(near_end), kRam + 0x9000, 300, uint32_t(l2 + 32), C_OWNED_BY_HW | C_GO);  // bus error
    b.poke32(l2 + PD_RESERVED, 0x12345678u);
    b.run([&](ScriptedInitiator& c) {
        c.write32(kPref + P_NEXT_LO, uint32_t(l));
        c.write32(kPref + P_CONTROL, P_RUN);
        sc_core::wait(20, sc_core::SC_US);
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x8000, 600) == src);
    CHECK(b.peek32(l + PD_ACTUAL) == 600);
    CHECK(b.peek32(l + PD_STATUS) == 0);
    CHECK(b.peek32(l + PD_RESERVED) == 0xCAFEF00Du);
    CHECK(b.peek32(l + PD_CONTROL) == (ctl & ~C_OWNED_BY_HW));
    CHECK(b.peek32(l + PD_NEXT) == uint32_t(l2));
    CHECK(b.peek32(l2 + PD_ACTUAL) < 300);
    CHECK((b.peek32(l2 + PD_STATUS) & 0xFF) == kVpReadError);
    CHECK(b.peek32(l2 + PD_RESERVED) == 0x12345678u);
    CHECK(b.peek32(l2 + PD_CONTROL) == C_GO);
}

TEST_CASE(
    "Intel prefetcher extended descriptor (64 B, struct msgdma_pref_extended_desc): every field / write-back "
    "of actual bytes 0x10, status 0x14, control 0x3C / reserved 0x18 and 0x30-0x3B untouched") {
    DmaBench b(extended_config());
    std::vector<uint64_t> words(32);
    for (size_t k = 0; k < words.size(); ++k) words[k] = 0xA5A5000000000000ull + k;
    b.poke_vec(kRam + 0x1000, words);
    const uint64_t l = kRam + 0x100000, l2 = kRam + 0x100800;
    auto put_ext = [&](uint64_t at, uint64_t rd, uint64_t wr, uint32_t len, uint64_t next, uint32_t seq_burst,
                       uint32_t stride, uint32_t ctl) {
        b.poke32(at + PE_READ_LO, uint32_t(rd));
        b.poke32(at + PE_WRITE_LO, uint32_t(wr));
        b.poke32(at + PE_LENGTH, len);
        b.poke32(at + PE_NEXT_LO, uint32_t(next));
        b.poke32(at + PE_ACTUAL, 0);
        b.poke32(at + PE_STATUS, 0);
        b.poke32(at + PE_RESERVED, 0xCAFEF00Du);
        b.poke32(at + PE_SEQ_BURST, seq_burst);
        b.poke32(at + PE_STRIDE, stride);
        b.poke32(at + PE_READ_HI, uint32_t(rd >> 32));
        b.poke32(at + PE_WRITE_HI, uint32_t(wr >> 32));
        b.poke32(at + PE_NEXT_HI, uint32_t(next >> 32));
        for (uint64_t k = 0; k < 3; ++k) b.poke32(at + PE_TIMESTAMP + 4 * k, 0x7E570000u + uint32_t(k));
        b.poke32(at + PE_CONTROL, ctl);
    };
    // 1: read stride 2 (every other word), read burst 1, write burst 2, sequence number 0x5EED.
    put_ext(l, kRam + 0x1000, kRam + 0x8000, 8 * 8, l2, 0x0201'5EEDu, 0x0001'0002u, C_OWNED_BY_HW | C_TC_IRQ);
    // 2: sequential; its next pointer's high word is non-zero: the list continues above 4 GiB (no memory).
    put_ext(l2, kRam + 0x1000, kRam + 0x9000, 64, (uint64_t(1) << 32) | l, 0x0000'0007u, 0x0001'0001u, C_OWNED_BY_HW);
    b.run([&](ScriptedInitiator& c) {
        c.write32(kPref + P_NEXT_LO, uint32_t(l));
        c.write32(kPref + P_NEXT_HI, 0);
        c.write32(kPref + P_CONTROL, P_RUN | P_GLOBAL_INTR);
        sc_core::wait(20, sc_core::SC_US);
        CHECK(c.read32(kPref + P_STATUS) == P_ST_IRQ);
        CHECK(c.read32(kPref + P_CONTROL) == P_GLOBAL_INTR);  // the fetch above 4 GiB failed: RUN cleared
        CHECK(c.read32(kCsr + CSR_SEQ) == 0x00070007u);
    });
    const auto got = b.peek_vec<uint64_t>(kRam + 0x8000, 8);
    for (size_t k = 0; k < 8; ++k) CHECK(got[k] == words[2 * k]);
    CHECK(b.peek_vec<uint64_t>(kRam + 0x9000, 8) == std::vector<uint64_t>(words.begin(), words.begin() + 8));
    for (uint64_t at : {l, l2}) {
        CHECK(b.peek32(at + PE_ACTUAL) == 64);
        CHECK(b.peek32(at + PE_STATUS) == 0);
        CHECK(b.peek32(at + PE_RESERVED) == 0xCAFEF00Du);
        for (uint64_t k = 0; k < 3; ++k) CHECK(b.peek32(at + PE_TIMESTAMP + 4 * k) == 0x7E570000u + uint32_t(k));
        CHECK((b.peek32(at + PE_CONTROL) & C_OWNED_BY_HW) == 0);
    }
    CHECK(b.peek32(l + PE_CONTROL) == C_TC_IRQ);
    // The first descriptor's bursts: 8-byte reads (1 word), 16-byte writes (2 words), in the trace.
    const auto reads = b.master_accesses(tlm::TLM_READ_COMMAND), writes = b.master_accesses(tlm::TLM_WRITE_COMMAND);
    REQUIRE(reads.size() >= 8);
    REQUIRE(writes.size() >= 4);
    for (size_t k = 0; k < 8; ++k) CHECK(reads[k].len == 8);
    for (size_t k = 0; k < 4; ++k) CHECK(writes[k].len == 16);
}

TEST_CASE(
    "Intel: the dispatcher's STATUS.IRQ (bit 9) and the prefetcher's STATUS.IRQ (bit 0) are separate bits; the "
    "interrupt line is their OR") {
    DmaBench b;
    b.poke_vec(kRam, pattern(256, 17));
    const uint64_t l = kRam + 0x100000;
    put_std(b, l, kRam, kRam + 0x10000, 128, l + 32, C_OWNED_BY_HW | C_TC_IRQ);
    b.run([&](ScriptedInitiator& c) {
        c.write32(kCsr + CSR_CONTROL, CT_GIEM);
        submit(c, kRam, kRam + 0x20000, 128, C_TC_IRQ);
        c.write32(kPref + P_NEXT_LO, uint32_t(l));
        c.write32(kPref + P_CONTROL, P_GLOBAL_INTR | P_RUN);
        sc_core::wait(10, sc_core::SC_US);
        CHECK(c.read32(kCsr + CSR_STATUS) & ST_IRQ);
        CHECK(c.read32(kPref + P_STATUS) == P_ST_IRQ);
        c.write32(kCsr + CSR_STATUS, ST_IRQ);
        CHECK((c.read32(kCsr + CSR_STATUS) & ST_IRQ) == 0);
        CHECK(c.read32(kPref + P_STATUS) == P_ST_IRQ);  // untouched
        CHECK(b.dma->irq().level());
        c.write32(kCsr + CSR_STATUS, 0);  // no-op
        c.write32(kPref + P_STATUS, P_ST_IRQ);
        CHECK(!b.dma->irq().level());
    });
}

TEST_CASE("Intel: without the prefetcher its registers are absent (address error); the descriptor port works") {
    MsgdmaConfig cfg;
    cfg.prefetcher = false;
    DmaBench b(cfg);
    const auto src = pattern(100, 18);
    b.poke_vec(kRam, src);
    b.run([&](ScriptedInitiator& c) {
        tlm::tlm_response_status st;
        c.read(kPref + P_CONTROL, 4, &st);
        CHECK(st == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        submit(c, kRam, kRam + 0x1000, 100, 0);
        wait_not_busy(c);
        CHECK(pop_response(c) == std::pair<uint32_t, uint32_t>(100, 0));
    });
    CHECK(b.peek_vec<uint8_t>(kRam + 0x1000, 100) == src);
}

// ================================ untrusted input ================================

TEST_CASE(
    "untrusted: a 0xFFFFFFFF-byte fixed-address descriptor runs in bounded steps - time advances, memory "
    "stays small, a reset stops it") {
    rusage before{};
    getrusage(RUSAGE_SELF, &before);
    DmaBench b(extended_config());
    b.poke32(kRam, 0x600DF00Du);
    bool reset_done = false;
    b.run([&](ScriptedInitiator& c) {
        Ext e;
        e.read = kRam;
        e.write = kRam + 0x1000;
        e.length = 0xFFFFFFFFu;
        e.read_stride = e.write_stride = 0;  // never runs off memory: only the length ends it
        submit_ext(c, e);
        sc_core::wait(100, sc_core::SC_US);
        CHECK(c.read32(kCsr + CSR_STATUS) & ST_BUSY);
        const uint64_t moved = b.counter("bytes_written");
        CHECK(moved > 0);
        CHECK(moved <= 100 * 1000 / 10 * 8);  // no more than 8 bytes per 10 ns cycle in 100 us
        c.write32(kCsr + CSR_CONTROL, CT_RESET);
        for (int k = 0; k < 1000 && (c.read32(kCsr + CSR_STATUS) & ST_RESETTING); ++k)
            sc_core::wait(100, sc_core::SC_NS);
        CHECK(c.read32(kCsr + CSR_STATUS) == (ST_DESC_EMPTY | ST_RESP_EMPTY));
        const uint64_t after = b.counter("bytes_written");
        sc_core::wait(10, sc_core::SC_US);
        CHECK(b.counter("bytes_written") == after);  // stopped
        reset_done = true;
    });
    CHECK(reset_done);
    CHECK(b.peek32(kRam + 0x1000) == 0x600DF00Du);
    rusage after{};
    getrusage(RUSAGE_SELF, &after);
    CHECK(after.ru_maxrss - before.ru_maxrss < 64 * 1024);  // KiB: far from the 4 GiB the length names
}

TEST_CASE(
    "untrusted: a read running off memory ends with an error response / a list pointing nowhere clears RUN / "
    "DESC_POLL_FREQ 0 still lets time advance") {
    DmaBench b;
    b.run([&](ScriptedInitiator& c) {
        submit(c, kRam + kRamSize - 64, kRam, 0xFFFFFFFFu, 0);
        wait_not_busy(c);
        const auto r = pop_response(c);
        CHECK(r.first == 64);
        CHECK((r.second & 0xFF) == kVpReadError);
        c.write32(kPref + P_NEXT_LO, 0x40000000u);  // no memory there
        c.write32(kPref + P_CONTROL, P_RUN);
        sc_core::wait(2, sc_core::SC_US);
        CHECK(c.read32(kPref + P_CONTROL) == 0);
        c.write32(kPref + P_NEXT_LO, uint32_t(kRam + 0x2000));  // zeroes: not owned by hardware
        c.write32(kPref + P_POLL_FREQ, 0);
        c.write32(kPref + P_CONTROL, P_RUN | P_DESC_POLL_EN);
        sc_core::wait(5, sc_core::SC_US);
        CHECK(b.counter("polls") > 0);
        CHECK(b.counter("polls") < 5000);
        c.write32(kPref + P_CONTROL, P_RESET);
        sc_core::wait(1, sc_core::SC_US);
        sc_core::sc_stop();
    });
}
