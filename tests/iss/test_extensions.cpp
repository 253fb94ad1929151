// M, A, Zicbom, counters, and the Extension plug-in interface.
#include <catch2/catch.hpp>

#include "models/cpu/iss/disasm.h"
#include "tests/iss/test_util.h"

using namespace vp::iss;
using namespace vp::iss::test;

TEST_CASE("M: products, division by zero and overflow", "[m]") {
    Rig r;
    r.asm_load(R"(
    li t0, -7
    li t1, 3
    mul a0, t0, t1          # -21
    mulh a1, t0, t1         # -1
    mulhu a2, t0, t1        # 2
    mulhsu a3, t0, t1       # -1
    div a4, t0, t1          # -2
    rem a5, t0, t1          # -1
    divu a6, t0, zero       # all ones
    remu a7, t0, zero       # t0
    li s0, 0x80000000
    li s1, -1
    div t2, s0, s1          # overflow: 0x80000000
    rem t3, s0, s1          # 0
    div t4, t0, zero        # -1
    ebreak
  )");
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a0) == uint32_t(-21));
    CHECK(r.x(a1) == uint32_t(-1));
    CHECK(r.x(a2) == 2);
    CHECK(r.x(a3) == uint32_t(-1));
    CHECK(r.x(a4) == uint32_t(-2));
    CHECK(r.x(a5) == uint32_t(-1));
    CHECK(r.x(a6) == 0xffffffffu);
    CHECK(r.x(a7) == uint32_t(-7));
    CHECK(r.x(t2) == 0x80000000u);
    CHECK(r.x(28) == 0);
    CHECK(r.x(29) == 0xffffffffu);
}

TEST_CASE("A: AMOs return the old value and update memory", "[a]") {
    Rig r;
    r.asm_load(R"(
    li s0, 0x80002000
    li t0, 5
    sw t0, 0(s0)
    li t1, -3
    amoadd.w a0, t1, (s0)      # a0 = 5, mem = 2
    amomin.w a1, t1, (s0)      # a1 = 2, mem = -3
    amomaxu.w a2, t0, (s0)     # a2 = -3, mem = max(0xfffffffd, 5) = 0xfffffffd
    amoswap.w a3, t0, (s0)     # a3 = 0xfffffffd, mem = 5
    amoor.w a4, t1, (s0)       # a4 = 5, mem = 5 | -3 = -3
    amoand.w a5, t0, (s0)      # a5 = -3, mem = 5 & -3 = 5
    amoxor.w a6, t0, (s0)      # a6 = 5, mem = 0
    amominu.w a7, t0, (s0)     # a7 = 0, mem = 0
    amomax.w s1, t1, (s0)      # s1 = 0, mem = 0
    lw t2, 0(s0)
    ebreak
  )");
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a0) == 5);
    CHECK(r.x(a1) == 2);
    CHECK(r.x(a2) == uint32_t(-3));
    CHECK(r.x(a3) == 0xfffffffdu);
    CHECK(r.x(a4) == 5);
    CHECK(r.x(a5) == uint32_t(-3));
    CHECK(r.x(a6) == 5);
    CHECK(r.x(a7) == 0);
    CHECK(r.x(s1) == 0);
    CHECK(r.x(t2) == 0);
}

TEST_CASE("A: lr/sc reservation; external writes break it", "[a]") {
    Rig r;
    r.asm_load(R"(
    .option norvc
    li s0, 0x80002000
    li t0, 42
    lr.w a0, (s0)
    sc.w a1, t0, (s0)          # succeeds: a1 = 0
    sc.w a2, t0, (s0)          # no reservation: a2 = 1
    lr.w a3, (s0)
    ebreak                     # the test writes memory from outside here
    sc.w a4, t0, (s0)          # fails: a4 = 1
    ebreak
  )");
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a1) == 0);
    CHECK(r.x(a2) == 1);
    CHECK(r.env.read32(0x80002000) == 42);
    r.hart.notify_external_write(0x80002000, 4);  // e.g. a DMA store
    r.hart.set_pc(r.hart.pc() + 4);
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a4) == 1);
}

TEST_CASE("A: misaligned AMO raises store/AMO misaligned (6), misaligned LR load misaligned (4)", "[a][trap]") {
    for (auto [insn, cause] : {std::pair<const char*, uint32_t>{"amoadd.w a0, t0, (s0)", kStoreMisaligned},
                               {"sc.w a0, t0, (s0)", kStoreMisaligned},
                               {"lr.w a0, (s0)", kLoadMisaligned}}) {
        Rig r;
        r.asm_load(std::string(".option norvc\n la t0, handler\n csrw mtvec, t0\n li s0, 0x80002002\n") + insn +
                   "\n ebreak\n .align 2\nhandler: ebreak\n");
        REQUIRE(r.run() == StopReason::Trap);
        INFO(insn);
        CHECK(r.csr(0x342) == cause);
        CHECK(r.csr(0x343) == 0x80002002u);
    }
}

TEST_CASE("Zicbom: cbo.* call the environment with the address", "[zicbom]") {
    Rig r;
    r.asm_load(R"(
    li a0, 0x80003040
    cbo.clean (a0)
    cbo.flush (a0)
    cbo.inval (a0)
    ebreak
  )");
    const uint64_t before = r.hart.cycles();
    REQUIRE(r.run() == StopReason::Trap);
    REQUIRE(r.env.cache_ops.size() == 3);
    CHECK(r.env.cache_ops[0].op == CacheOp::Clean);
    CHECK(r.env.cache_ops[1].op == CacheOp::Flush);
    CHECK(r.env.cache_ops[2].op == CacheOp::Inval);
    CHECK(r.env.cache_ops[2].addr == 0x80003040u);
    CHECK(r.hart.cycles() - before >= 30);  // the environment's cycles are charged
}

TEST_CASE("Zicntr: counters, writable mcycle/minstret, time from the environment", "[csr]") {
    Rig r;
    r.asm_load(R"(
    .option norvc
    csrr a0, instret          # 0
    csrr a1, instret          # 1
    li t0, 1000
    csrw minstret, t0
    csrr a2, minstret         # 1000: the write replaces the increment
    li t0, 5000000
    csrw mcycle, t0
    csrr a3, mcycle
    csrr a4, cycleh
    csrr a5, time
    csrr a6, misa
    csrr a7, mhartid
    ebreak
  )");
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a0) == 0);
    CHECK(r.x(a1) == 1);
    CHECK(r.x(a2) == 1000);
    CHECK(r.x(a3) >= 5000000u);
    CHECK(r.x(a3) < 5000010u);
    CHECK(r.x(a4) == 0);
    CHECK(r.x(a5) == r.hart.cycles() / 100);
    CHECK(r.x(a6) ==
          (0x40000000u | kMisaI | kMisaM | kMisaA | kMisaF | kMisaC | kMisaS | kMisaU));  // RV32IMAFCSU, as QEMU virt
    CHECK(r.x(a7) == 0);
}

namespace {
// A LAPP-style plug-in: claims the HINT `slti x0, rs1, imm` (a no-op on other harts) and keeps a
// custom CSR 0x7c0 that accumulates rs1 + imm of every such hint.
class HintCounter : public Extension {
public:
    const char* name() const override { return "hint-counter"; }
    bool decode(uint32_t insn, DecodedInsn& d) override {
        if ((insn & 0x7f) != 0x13 || ((insn >> 12) & 7) != 2 || ((insn >> 7) & 31) != 0) return false;
        d.rs1 = uint8_t((insn >> 15) & 31);
        d.imm = int32_t(insn) >> 20;
        return true;
    }
    ExecResult execute(Hart& hart, const DecodedInsn& d) override {
        total += hart.x(d.rs1) + uint32_t(d.imm);
        return ExecResult::Next;
    }
    bool csr_read(Hart&, uint16_t csr, uint32_t& v) override {
        if (csr != 0x7c0) return false;
        v = total;
        return true;
    }
    bool csr_write(Hart&, uint16_t csr, uint32_t v) override {
        if (csr != 0x7c0) return false;
        total = v;
        return true;
    }
    std::string disasm(const DecodedInsn& d, uint32_t) const override {
        return std::string("hint.count ") + int_reg_name(d.rs1) + ", " + std::to_string(d.imm);
    }
    uint32_t total = 0;
};
}  // namespace

TEST_CASE("Extension plug-in: claims HINT encodings and a custom CSR", "[extension]") {
    const char* src = R"(
    .option norvc
    li a0, 10
    slti zero, a0, 5         # HINT: +15
    slti zero, a0, 7         # HINT: +17
    li t0, 100
    csrw 0x7c0, t0
    slti zero, a0, 1         # +11 -> 111
    csrr a1, 0x7c0
    ebreak
  )";
    Rig plain;
    plain.asm_load(std::string(".option norvc\n la t0, handler\n csrw mtvec, t0\n") + src +
                   "\n .align 2\nhandler: ebreak\n");
    REQUIRE(plain.run() == StopReason::Trap);
    CHECK(plain.csr(0x342) == kIllegalInsn);  // the custom CSR does not exist on a plain hart

    Rig r;
    auto& ext = static_cast<HintCounter&>(r.hart.add_extension(std::make_unique<HintCounter>()));
    r.asm_load(src);
    REQUIRE(r.run() == StopReason::Trap);
    REQUIRE(r.stopped_at_ebreak());
    CHECK(ext.total == 111);
    CHECK(r.x(a1) == 111);
    DecodedInsn d;
    REQUIRE(r.hart.decode_at_debug(kRamBase + 4, d));
    CHECK(d.op == Op::Ext);
    CHECK(disasm(d, kRamBase + 4, r.hart.extension(d.ext_index())) == "hint.count a0, 5");
}

namespace {
// Takes over at an armed PC: skips `skip` bytes, retiring `insns` instructions in `cycles` cycles.
class Skipper : public Extension {
public:
    const char* name() const override { return "skipper"; }
    ExecResult execute(Hart&, const DecodedInsn&) override { return ExecResult::Next; }
    bool on_entry(Hart& hart, uint32_t pc) override {
        ++calls;
        if (!take) return false;
        hart.set_x(a5, 0x5a5a);
        hart.set_pc(pc + skip);
        hart.retire_external(insns, cycles);
        return true;
    }
    unsigned calls = 0, skip = 8;
    uint64_t insns = 2, cycles = 1000;
    bool take = true;
};
}  // namespace

TEST_CASE("Extension entry hook: runs before the armed instruction, may take over, can be cleared", "[extension]") {
    const char* src = R"(
    .option norvc
    li a0, 1
    li a1, 2            # armed (+4): skipped by the hook
    li a2, 3            # (+8): skipped
    li a3, 4            # (+12): the hook continues here
    ebreak
  )";
    SECTION("taken: the PC, the registers and the counters move as the extension says") {
        Rig r;
        auto& ext = static_cast<Skipper&>(r.hart.add_extension(std::make_unique<Skipper>()));
        r.asm_load(src);
        r.hart.set_entry_hook(kRamBase + 4, ext);
        CHECK(r.hart.has_entry_hook(kRamBase + 4));
        REQUIRE(r.run() == StopReason::Trap);
        CHECK(ext.calls == 1);
        CHECK(r.x(a1) == 0);
        CHECK(r.x(a2) == 0);
        CHECK(r.x(a3) == 4);
        CHECK(r.x(a5) == 0x5a5a);
        CHECK(r.hart.instret() == 1 + 2 + 1);  // li a0, the two retired by the hook, li a3
        CHECK(r.hart.cycles() >= 1000);
    }
    SECTION("declined: the instruction executes normally") {
        Rig r;
        auto& ext = static_cast<Skipper&>(r.hart.add_extension(std::make_unique<Skipper>()));
        ext.take = false;
        r.asm_load(src);
        r.hart.set_entry_hook(kRamBase + 4, ext);
        REQUIRE(r.run() == StopReason::Trap);
        CHECK(ext.calls == 1);
        CHECK(r.x(a1) == 2);
        CHECK(r.x(a2) == 3);
        CHECK(r.hart.instret() == 4);
    }
    SECTION("cleared after decoding: no call") {
        Rig r;
        auto& ext = static_cast<Skipper&>(r.hart.add_extension(std::make_unique<Skipper>()));
        r.asm_load(src);
        r.hart.set_entry_hook(kRamBase + 4, ext);
        r.hart.step();  // decodes the page with the hook armed
        r.hart.clear_entry_hook(kRamBase + 4);
        CHECK(!r.hart.has_entry_hook(kRamBase + 4));
        REQUIRE(r.run() == StopReason::Trap);
        CHECK(ext.calls == 0);
        CHECK(r.x(a1) == 2);
    }
}
