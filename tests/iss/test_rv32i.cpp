// Base ISA, compressed expansion, illegal encodings and disabled extensions.
#include <catch2/catch.hpp>

#include "models/cpu/iss/disasm.h"
#include "tests/iss/test_util.h"

using namespace vp::iss;
using namespace vp::iss::test;

TEST_CASE("hand-encoded ALU, loads and stores; x0 stays zero", "[rv32i]") {
    Rig r;
    r.load_words({
        lui(a0, 0x80001),      // a0 = 0x80001000
        addi(a1, zero, -5),    // a1 = -5
        add(a2, a1, a1),       // a2 = -10
        sw(a2, a0, 8),         // mem[a0+8] = -10
        lw(a3, a0, 8),         // a3 = -10
        addi(zero, zero, 55),  // write to x0: ignored
        add(a4, zero, a3),     // a4 = -10
        kEbreak,
    });
    REQUIRE(r.run() == StopReason::Trap);
    REQUIRE(r.stopped_at_ebreak());
    CHECK(r.x(a0) == 0x80001000u);
    CHECK(r.x(a2) == uint32_t(-10));
    CHECK(r.x(a3) == uint32_t(-10));
    CHECK(r.x(zero) == 0);
    CHECK(r.x(a4) == uint32_t(-10));
    CHECK(r.env.read32(0x80001008) == uint32_t(-10));
    CHECK(r.hart.instret() == 7);
}

TEST_CASE("branches, jumps, shifts, compares and sub-word loads", "[rv32i]") {
    Rig r;
    r.asm_load(R"(
    li a0, 0
    li t0, 10
  1: addi a0, a0, 3
    addi t0, t0, -1
    bnez t0, 1b              # a0 = 30
    li t1, -8
    srai a1, t1, 1           # -4
    srli a2, t1, 28          # 0xf
    slt a3, t1, zero         # 1
    sltu a4, t1, zero        # 0
    sltiu a5, zero, 1        # 1
    jal ra, func
    la t2, data
    lb s0, 0(t2)             # sign-extended 0x80 -> -128
    lbu s1, 0(t2)            # 128
    lh a6, 2(t2)             # 0xffff8001
    lhu a7, 2(t2)            # 0x8001
    ebreak
  func:
    addi a0, a0, 100
    ret
  .align 2
  data: .byte 0x80, 0, 0x01, 0x80
  )");
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a0) == 130);
    CHECK(r.x(a1) == uint32_t(-4));
    CHECK(r.x(a2) == 0xf);
    CHECK(r.x(a3) == 1);
    CHECK(r.x(a4) == 0);
    CHECK(r.x(a5) == 1);
    CHECK(r.x(s0) == uint32_t(-128));
    CHECK(r.x(s1) == 128);
    CHECK(r.x(a6) == 0xffff8001u);
    CHECK(r.x(a7) == 0x8001u);
}

TEST_CASE("misaligned loads and stores are handled, also across pages and on the slow path", "[rv32i][memory]") {
    for (bool fast : {true, false}) {
        Rig r(Rig::default_config(), fast);
        for (uint32_t i = 0; i < 16; ++i) r.env.host(0x80000ff8)[i] = uint8_t(0x10 + i);
        r.asm_load(R"(
      li t0, 0x80000ff9
      lw a0, 0(t0)            # inside a page, misaligned
      lw a1, 5(t0)            # 0x80000ffe: crosses into the next page
      lh a2, 6(t0)            # 0x80000fff: crosses too
      li t1, 0xa1b2c3d4
      sw t1, 6(t0)            # misaligned store across the page boundary
      lw a3, 6(t0)
      ebreak
    )");
        REQUIRE(r.run() == StopReason::Trap);
        INFO("fast regions: " << fast);
        CHECK(r.x(a0) == 0x14131211u);
        CHECK(r.x(a1) == 0x19181716u);
        CHECK(r.x(a2) == 0x1817u);
        CHECK(r.x(a3) == 0xa1b2c3d4u);
        CHECK(r.env.host(0x80000fff)[0] == 0xd4);
        CHECK(r.env.host(0x80001000)[0] == 0xc3);
        if (!fast) CHECK(r.env.slow_accesses > 0);
    }
}

TEST_CASE("compressed instructions execute as their expansions", "[rv32c]") {
    Rig r;
    r.asm_load(R"(
    c.li a0, 5
    c.addi a0, -2            # 3
    c.slli a0, 3             # 24
    c.mv a1, a0
    c.add a1, a0             # 48
    c.lui a2, 0x1f           # 0x1f000
    c.srli a2, 12            # 0x1f
    c.andi a2, 0x0e          # 0x0e
    c.li a3, -1
    c.srai a3, 1             # -1
    c.sub a3, a0             # -25
    li sp, 0x80010000
    c.addi16sp sp, -64
    c.swsp a1, 8(sp)
    c.lwsp a4, 8(sp)         # 48
    c.addi4spn s0, sp, 16
    c.sw a0, 0(s0)
    c.lw s1, 0(s0)           # 24
    c.li a5, 0
    c.beqz a5, 1f
    c.li a5, 9
  1: c.bnez a5, 2f
    c.li a5, 7                # taken path: a5 = 7
  2: c.j 3f
    c.li a5, 1
  3: la t0, 4f
    c.jalr t0
    c.ebreak
  4: c.xor a0, a1             # 24 ^ 48 = 40
    c.or a0, a2               # 40 | 14 = 46
    c.and a0, a1              # 46 & 48 = 32
    c.jr ra
  )");
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a1) == 48);
    CHECK(r.x(a2) == 0x0e);
    CHECK(r.x(a3) == uint32_t(-25));
    CHECK(r.x(sp) == 0x80010000u - 64);
    CHECK(r.x(a4) == 48);
    CHECK(r.x(s0) == 0x80010000u - 48);
    CHECK(r.x(s1) == 24);
    CHECK(r.x(a5) == 7);
    CHECK(r.x(a0) == 32);
}

TEST_CASE("illegal instructions trap with mtval = the instruction bits", "[rv32i][trap]") {
    struct Case {
        const char* src;
        uint32_t bits;
    };
    const Case cases[] = {
        {".word 0xffffffff", 0xffffffffu}, {".half 0x0000", 0x0000},  // all-zero parcel
        {".word 0x7c002573", 0x7c002573u},                            // csrr a0, 0x7c0: unimplemented CSR
        {".word 0xf1101073", 0xf1101073u},                            // csrw mvendorid, zero: read-only CSR
        {".word 0x00b55553", 0x00b55553u},                            // fadd.s with the reserved rounding mode 5
    };
    for (const Case& c : cases) {
        Rig r;
        r.asm_load(std::string(".option norvc\n la t0, handler\n csrw mtvec, t0\n") + c.src +
                   "\n ebreak\n .align 2\nhandler: ebreak\n");
        REQUIRE(r.run() == StopReason::Trap);
        INFO(c.src);
        CHECK(r.csr(0x342) == kIllegalInsn);
        CHECK(r.csr(0x343) == c.bits);
        CHECK(r.csr(0x341) == kRamBase + 12);  // mepc = the illegal instruction (after la + csrw)
    }
}

TEST_CASE("ecall traps with cause 11 and mepc at the ecall; mret returns", "[rv32i][trap]") {
    Rig r;
    r.asm_load(R"(
    .option norvc
    la t0, handler
    csrw mtvec, t0
    li a0, 1
    ecall
    addi a0, a0, 10        # after the handler's mret (mepc + 4)
    ebreak
  handler:
    csrr a1, mcause
    csrr a2, mepc
    csrr a3, mtval
    addi a2, a2, 4
    csrw mepc, a2
    addi a0, a0, 100
    mret
  )");
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a1) == 11);
    CHECK(r.x(a2) == kRamBase + 16 + 4);
    CHECK(r.x(a3) == 0);
    CHECK(r.x(a0) == 111);
}

TEST_CASE("an RV32IMF hart decodes A and C encodings as illegal", "[rv32i][config]") {
    HartConfig cfg = Rig::default_config();
    cfg.misa = kMisaI | kMisaM | kMisaF;
    cfg.zicbom = false;
    for (auto [src, bits] : {std::pair<const char*, uint32_t>{".word 0x00b5252f", 0x00b5252fu},  // amoadd.w a0,a1,(a0)
                             {".half 0x050d\n .half 0", 0x050du},                                // c.addi a0, 3
                             {".word 0x0025200f", 0x0025200fu}}) {                               // cbo.flush (a0)
        Rig r(cfg);
        r.asm_load(std::string(".option norvc\n la t0, handler\n csrw mtvec, t0\n") + src +
                   "\n ebreak\n .align 2\nhandler: ebreak\n");
        REQUIRE(r.run() == StopReason::Trap);
        INFO(src);
        CHECK(r.csr(0x342) == kIllegalInsn);
        CHECK(r.csr(0x343) == bits);
        CHECK((r.csr(0x301) & (kMisaA | kMisaC)) == 0);
    }
}

TEST_CASE("without C, a jump to a 2-byte aligned target raises instruction-address-misaligned", "[rv32i][trap]") {
    HartConfig cfg = Rig::default_config();
    cfg.misa = kMisaI | kMisaM;
    Rig r(cfg);
    r.asm_load(R"(
    .option norvc
    la t0, handler
    csrw mtvec, t0
    la t1, target
    addi t1, t1, 2
    jalr ra, 0(t1)
    ebreak
  .align 3
  target: nop
    nop
  handler: ebreak
  )");
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.csr(0x342) == kInsnMisaligned);
    CHECK(r.csr(0x343) == r.x(t1));
    CHECK(r.csr(0x341) == kRamBase + 24);  // the jalr
    CHECK(r.x(ra) == 0);                   // not written
}

TEST_CASE("disassembler prints standard syntax", "[disasm]") {
    CHECK(disasm(0x00b50533, 0) == "add a0, a0, a1");
    CHECK(disasm(0xffc52583, 0) == "lw a1, -4(a0)");
    CHECK(disasm(0x00b52223, 0) == "sw a1, 4(a0)");
    CHECK(disasm(0xfe0518e3, 0x100) == "bne a0, zero, 0xf0");
    CHECK(disasm(0x050d, 0) == "addi a0, a0, 3");
    CHECK(disasm(0x30002573, 0) == "csrrs a0, mstatus, zero");
    CHECK(disasm(0x18d7f7d3, 0) == "fdiv.s fa5, fa5, fa3");
    CHECK(disasm(0x00b5252f, 0) == "amoadd.w a0, a1, (a0)");
    CHECK(disasm(0x0025200f, 0) == "cbo.flush (a0)");
    CHECK(disasm(0xffffffff, 0) == "illegal 0xffffffff");
    CHECK(disasm(0x0000, 0) == "illegal 0x0000");
}
