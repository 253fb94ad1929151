// S- and U-mode and Sv32 as firmware sees them: the permission rules of a page-table walk (user
// pages and SUM, execute-only pages and MXR, missing D, misaligned megapages, invalid entries), the
// PMP's default deny below M, delegation of page faults and ecalls to S. The official riscv-tests
// (rv32si-p, rv32u*-v) cover the common paths; these cases pin the corners a test suite written
// by others does not reach. Every page-table entry is written by the program with the spec's
// encoding (V R W X U G A D = bits 0..7, PPN from bit 10).
#include <catch2/catch.hpp>

#include "tests/iss/test_util.h"

using namespace vp::iss;
using namespace vp::iss::test;

namespace {

// (Rig's configuration stops at an ebreak: the programs end with one in M.)
HartConfig rig() { return Rig::default_config(); }

// M-mode prologue: the trap log at s0 (mcause, mtval per trap), PMP open to S/U (unless
// `open_pmp` is false), the page tables, satp, then mret into S at s_code. The M handler logs each
// trap; an ecall from S (9) or an instruction access fault (1) ends the program (ebreak), any
// other trap resumes after the faulting instruction.
std::string m_prologue(bool open_pmp) {
    return std::string(R"(
  .option norvc
  la t0, handler
  csrw mtvec, t0
)") +
           (open_pmp ? R"(
  li t0, -1
  csrw pmpaddr0, t0
  li t0, 0x1f          # NAPOT over everything, R W X
  csrw pmpcfg0, t0
)"
                     : "") +
           R"(
  li s0, 0x80030000
  li t0, 0x80010000    # root table
  li t1, 0x20004401    # [0]: VA 0x00000000-0x003fffff -> the table at 0x80011000 (V)
  sw t1, 0(t0)
  li t1, 0x200000cf    # [0x200]: VA 0x80000000 -> megapage PA 0x80000000, S-only R W X A D
  li t2, 0x80010800
  sw t1, 0(t2)
  li t1, 0x200004cf    # [0x100]: VA 0x40000000 -> PPN 0x80001: a misaligned megapage
  sw t1, 0x400(t0)
  li t0, 0x80011000    # second level
  li t1, 0x200080df    # [0]: VA 0x0000 -> PA 0x80020000, U R W X A D
  sw t1, 0(t0)
  li t1, 0x20008457    # [1]: VA 0x1000 -> PA 0x80021000, U R W A (D clear)
  sw t1, 4(t0)
  li t1, 0x20008859    # [2]: VA 0x2000 -> PA 0x80022000, U X A (execute only)
  sw t1, 8(t0)
  li t0, 0x80080010    # satp: Sv32, root PPN 0x80010
  csrw satp, t0
  li t0, 0x1800
  csrc mstatus, t0
  li t0, 0x800         # MPP = S
  csrs mstatus, t0
  la t0, s_code
  csrw mepc, t0
  mret
  .align 2
handler:
  csrr t5, mcause
  csrr t6, mtval
  sw t5, 0(s0)
  sw t6, 4(s0)
  addi s0, s0, 8
  li t4, 9
  beq t5, t4, finish
  li t4, 1
  beq t5, t4, finish
  csrr t4, mepc
  addi t4, t4, 4
  csrw mepc, t4
  mret
finish:
  ebreak
)";
}

std::vector<std::pair<uint32_t, uint32_t>> trap_log(Rig& r) {
    std::vector<std::pair<uint32_t, uint32_t>> log;
    for (uint32_t a = 0x80030000; a < r.hart.x(8); a += 8) log.emplace_back(r.env.read32(a), r.env.read32(a + 4));
    return log;
}

}  // namespace

TEST_CASE("Sv32 from S: user pages need SUM, execute-only pages MXR, stores D; megapages, invalid entries",
          "[priv][sv32]") {
    Rig r(rig());
    r.env.write32(0x80020000, 0x11111111);
    r.env.write32(0x80022000, 0x22222222);
    r.asm_load(m_prologue(true) + R"(
s_code:
  li a0, 0
  lw a1, 0(a0)          # a user page, SUM = 0: load page fault
  li t0, 1 << 18
  csrs sstatus, t0      # SUM
  lw a2, 0(a0)          # now allowed
  li a3, 0x1000
  sw a2, 0(a3)          # D clear: store page fault (Svade: software sets D)
  li a3, 0x2000
  lw a4, 0(a3)          # execute-only, MXR = 0: load page fault
  li t0, 1 << 19
  csrs sstatus, t0      # MXR
  lw a5, 0(a3)          # now allowed
  li a3, 0x40000000
  lw a6, 0(a3)          # a megapage whose PPN[0] is not 0: page fault
  li a3, 0x3000
  lw a7, 0(a3)          # an invalid entry: page fault
  ecall                 # from S: cause 9 ends the test
)");
    r.run();
    REQUIRE(r.stopped_at_ebreak());
    using P = std::pair<uint32_t, uint32_t>;
    CHECK(trap_log(r) == std::vector<P>{{13, 0}, {15, 0x1000}, {13, 0x2000}, {13, 0x40000000}, {13, 0x3000}, {9, 0}});
    CHECK(r.x(a1) == 0);
    CHECK(r.x(a2) == 0x11111111u);
    CHECK(r.x(a4) == 0);
    CHECK(r.x(a5) == 0x22222222u);
    CHECK(r.env.read32(0x80021000) == 0);  // the faulting store wrote nothing
}

TEST_CASE("PMP below M: an S-mode access no entry matches fails (no entry configured)", "[priv][pmp]") {
    Rig r(rig());
    r.asm_load(m_prologue(false) + R"(
s_code:
  li a0, 1
)");
    r.run();
    REQUIRE(r.stopped_at_ebreak());
    // The first S-mode access is the fetch of s_code (through the megapage, PA = VA).
    const auto log = trap_log(r);
    REQUIRE(log.size() == 1);
    CHECK(log[0].first == 1);
    CHECK(r.x(a0) == 0);
}

TEST_CASE("delegation: a U-mode page fault and ecall go to S (scause, stval, sepc), sret returns to U",
          "[priv][sv32]") {
    Rig r(rig());
    // U code at VA 0 (PA 0x80020000): position independent.
    r.asm_load(R"(
  .option norvc
  li a0, 0x5000
  lw a1, 0(a0)          # unmapped: load page fault, delegated
  li a2, 7
  ecall                 # from U (8), delegated
)",
               0x80020000);
    r.asm_load(m_prologue(true) + R"(
s_code:
  li t0, (1 << 13) | (1 << 8)
  csrw medeleg, t0      # (written from S: illegal, logged as cause 2, skipped)
  la t0, s_handler
  csrw stvec, t0
  li s1, 0x80031000     # S's own log: scause, stval, sepc
  li t0, 1 << 8
  csrc sstatus, t0      # SPP = U
  csrw sepc, zero       # U code at VA 0
  sret
  .align 2
s_handler:
  csrr t5, scause
  csrr t6, stval
  sw t5, 0(s1)
  sw t6, 4(s1)
  csrr t4, sepc
  sw t4, 8(s1)
  addi s1, s1, 12
  li t3, 8
  beq t5, t3, 1f
  addi t4, t4, 4
  csrw sepc, t4
  sret
1:
  ecall                 # from S: ends the test in M
)");
    // medeleg is M's: set it before the program runs (the S-mode write above is illegal).
    REQUIRE(r.hart.write_csr(0x302, (1u << 13) | (1u << 8)));
    r.run();
    REQUIRE(r.stopped_at_ebreak());
    using P = std::pair<uint32_t, uint32_t>;
    CHECK(trap_log(r) == std::vector<P>{{2, 0x30229073}, {9, 0}});  // csrw medeleg from S; the final ecall
    CHECK(r.env.read32(0x80031000) == 13);                          // scause: load page fault
    CHECK(r.env.read32(0x80031004) == 0x5000);                      // stval: the virtual address
    CHECK(r.env.read32(0x80031008) == 4);                           // sepc: the lw at VA 4
    CHECK(r.env.read32(0x8003100c) == 8);                           // then the ecall from U
    CHECK(r.env.read32(0x80031014) == 12);                          // at VA 12
    CHECK(r.x(a2) == 7);                                            // U ran on after the fault
    CHECK(r.hart.priv() == kPrivM);
}

TEST_CASE("M-mode only harts keep the old behaviour: MPP stays M, supervisor CSRs and sret are illegal", "[priv]") {
    HartConfig c = rig();
    c.misa = kMisaI | kMisaM | kMisaF;  // as the accelerators' control harts
    Rig r(c);
    uint32_t v = 0;
    CHECK_FALSE(r.hart.read_csr(0x100, v));  // sstatus
    CHECK_FALSE(r.hart.read_csr(0x180, v));  // satp
    REQUIRE(r.hart.write_csr(0x300, 0));     // mstatus with MPP = U asked
    CHECK(((r.csr(0x300) >> 11) & 3) == 3);
}

TEST_CASE("MPRV: a trap into M changes MPP and with it the mode loads translate in (no stale translation)",
          "[priv][sv32]") {
    Rig r(rig());
    r.asm_load(R"(
  .option norvc
  li t0, -1
  csrw pmpaddr0, t0
  li t0, 0x1f
  csrw pmpcfg0, t0
  li t1, 0x20004401    # root [0x200]: VA 0x80000000-0x803fffff -> the table at 0x80011000
  li t2, 0x80010800
  sw t1, 0(t2)
  li t1, 0x200088cf    # [0x21]: VA 0x80021000 -> PA 0x80022000, S page R W X A D
  li t2, 0x80011084
  sw t1, 0(t2)
  li t0, 0x80021000
  li t1, 0x11111111
  sw t1, 0(t0)
  li t0, 0x80022000
  li t1, 0x22222222
  sw t1, 0(t0)
  la t0, handler
  csrw mtvec, t0
  li t0, 0x80080010
  csrw satp, t0
  li t0, 0x1800
  csrc mstatus, t0
  li t0, 0x800         # MPP = S
  csrs mstatus, t0
  li t0, 1 << 17       # MPRV: loads translate as S
  csrs mstatus, t0
  li a0, 0x80021000
  lw a1, 0(a0)         # S's view: PA 0x80022000
  ecall                # into M: MPP = M, MPRV still set
  .align 2
handler:
  lw a2, 0(a0)         # M's view: PA 0x80021000
  ebreak
)");
    r.run();
    REQUIRE(r.stopped_at_ebreak());
    CHECK(r.x(a1) == 0x22222222u);
    CHECK(r.x(a2) == 0x11111111u);
}

TEST_CASE("mip.SEIP: reads the PLIC line OR the software bit; csrrs/csrrc modify only the software bit",
          "[priv][irq]") {
    // Privileged spec, "Machine Interrupt Registers": only the software-writable SEIP bit takes part in
    // the read-modify-write of CSRRS/CSRRC. (OpenSBI clears and sets mip.STIP that way while a device
    // may hold the supervisor external line high: the line must not get latched into the bit.)
    Rig r(rig());
    r.asm_load(R"(
  .option norvc
  csrr a0, mip         # line high: SEIP reads 1
  li t0, 0x20
  csrc mip, t0         # clear STIP (SEIP's line is high, its software bit 0)
  csrs mip, t0         # set STIP
  csrr a1, mip
  ebreak
  csrr a2, mip         # after the line dropped
  li t0, 0x200
  csrs mip, t0         # the software bit itself
  csrr a3, mip
  csrc mip, t0
  csrr a4, mip
  ebreak
)");
    r.hart.set_irq_pending(9, true);
    r.run();
    REQUIRE(r.stopped_at_ebreak());
    CHECK((r.x(a0) & kSEIP) != 0);
    CHECK((r.x(a1) & (kSEIP | kSTIP)) == (kSEIP | kSTIP));
    r.hart.set_irq_pending(9, false);
    r.hart.set_pc(r.hart.pc() + 4);
    r.run();
    REQUIRE(r.stopped_at_ebreak());
    CHECK((r.x(a2) & kSEIP) == 0);  // not latched by the csrc/csrs above
    CHECK((r.x(a3) & kSEIP) != 0);
    CHECK((r.x(a4) & kSEIP) == 0);
}

namespace {
// A cache model that only records the lines the hart fetches from.
struct FetchLog : MemTiming {
    std::vector<uint32_t> lines;
    uint32_t data_access(AccessKind, uint32_t, unsigned, uint64_t, uint32_t) override { return 0; }
    uint32_t fetch_line(uint32_t addr, uint64_t) override {
        lines.push_back(addr);
        return 0;
    }
    unsigned fetch_line_bits() const override { return 6; }
};
}  // namespace

TEST_CASE("Sv32: a fetch from an unmapped page asks the I-cache for no line (it faults before any read)",
          "[priv][mmu]") {
    // Seen booting Linux: the I-cache was asked for the virtual address of a page the walk had just
    // refused (the offset of the page fetched before), a line that does not exist.
    Rig r(rig());
    FetchLog log;
    r.hart.set_mem_timing(&log);
    r.asm_load(R"(
  .option norvc
  la t0, handler
  csrw mtvec, t0
)" + sv32_identity_to_s("0x40000100") +  // (unmapped)
               R"(
  .align 6
handler:
  csrr a0, mcause
  csrr a1, mtval
  ebreak
)");
    r.run();
    REQUIRE(r.stopped_at_ebreak());
    CHECK(r.x(a0) == kInsnPageFault);
    CHECK(r.x(a1) == 0x40000100u);
    for (uint32_t line : log.lines) {
        INFO("fetch_line(0x" << std::hex << line << ")");
        CHECK((line >= kRamBase && line < kRamBase + (1u << 20)));
    }
}

TEST_CASE("Sv32 statistics: a walk per translation-cache miss, its PTE reads' cycles, page faults", "[priv][mmu]") {
    // S-mode loads twice from one mapped page (one walk: the second hits the translation cache), then
    // once from an unmapped page (a walk that ends in a page fault). Memory reads cost 3 cycles.
    Rig r(rig(), false);
    r.hart.add_fast_region(r.env.fast_region(3, 3));
    r.asm_load(R"(
  .option norvc
  la t0, handler
  csrw mtvec, t0
)" + sv32_identity_to_s("in_s") +
               R"(
in_s:
  li t3, 0x80020000
  lw t4, 0(t3)
  lw t4, 4(t3)
  li t3, 0x40000000    # unmapped: a load page fault
  lw t4, 0(t3)
  .align 6
handler:
  csrr a0, mcause
  ebreak
)");
    r.run();
    REQUIRE(r.stopped_at_ebreak());
    CHECK(r.x(a0) == kLoadPageFault);
    const HartStats s = r.hart.stats();
    // the fetches of in_s (one page: the instruction TLB, not a walk per instruction), the data page,
    // the unmapped page; each walk reads one entry (a megapage, or an invalid root entry): 3 cycles
    CHECK(s.page_walks == 3);
    CHECK(s.page_faults == 1);
    CHECK(s.page_walk_cycles == 3 * 3);
}

TEST_CASE("mcountinhibit exists (priv 1.11): WARL with every bit read-only zero, the counters keep counting",
          "[priv][csr]") {
    // OpenSBI reads it to tell priv 1.10 from 1.11/1.12 (then it also sets menvcfg), as on QEMU virt.
    Rig r(rig());
    r.asm_load(R"(
  .option norvc
  li t0, -1
  csrw mcountinhibit, t0
  csrr a0, mcountinhibit
  csrr a1, minstret
  nop
  csrr a2, minstret
  ebreak
)");
    r.run();
    REQUIRE(r.stopped_at_ebreak());
    CHECK(r.hart.last_trap().cause == kBreakpointCause);
    CHECK(r.x(a0) == 0);
    CHECK(r.x(a2) - r.x(a1) == 2);  // still counting
}
