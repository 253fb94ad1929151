// PMP (16 entries, OFF/TOR/NA4/NAPOT, lock) and the Sdtrig trigger module (mcontrol execute/load/
// store triggers) as firmware sees them, and the debugger's trigger breakpoints.
#include <catch2/catch.hpp>

#include "tests/iss/test_util.h"

using namespace vp::iss;
using namespace vp::iss::test;

namespace {
enum : uint16_t {
    kPmpcfg0 = 0x3a0,
    kPmpaddr0 = 0x3b0,
    kTselect = 0x7a0,
    kTdata1 = 0x7a1,
    kTdata2 = 0x7a2,
    kTinfo = 0x7a4
};
constexpr uint32_t kR = 1, kW = 2, kX = 4, kTor = 1 << 3, kNa4 = 2 << 3, kNapot = 3 << 3, kL = 0x80;
// mcontrol (tdata1 type 2): type, dmode, hit, action, match, m, execute, store, load
constexpr uint32_t kMcontrol = 2u << 28, kDmode = 1u << 27, kHit = 1u << 20, kM = 1u << 6, kExec = 1u << 2,
                   kStoreT = 1u << 1, kLoadT = 1u << 0;
constexpr uint32_t match(uint32_t m) { return m << 7; }

HartConfig no_stop() {
    HartConfig c = Rig::default_config();
    c.stop_on_exceptions = 0;
    return c;
}

// The trap handler of the programs below: counts traps in s11, records the last mcause/mtval/mepc
// in s8/s9/s10 and resumes after the faulting instruction (mepc + 4), or at ra when the fault was
// an instruction fetch (a jump into a region without X).
const char* kHandler = R"(
  .align 2
  handler:
    addi s11, s11, 1
    csrr s8, mcause
    csrr s9, mtval
    csrr s10, mepc
    li t6, 1
    beq s8, t6, 1f
    addi s10, s10, 4
    csrw mepc, s10
    mret
  1:
    csrw mepc, ra
    mret
)";
}  // namespace

TEST_CASE("PMP CSRs: 16 entries, WARL fields, entries 16-63 hardwired to zero, locks", "[pmp]") {
    Rig r;
    Hart& h = r.hart;
    REQUIRE(h.write_csr(kPmpcfg0, 0x1f1f1f1f));
    CHECK(r.csr(kPmpcfg0) == 0x1f1f1f1fu);
    // Bits 6:5 are reserved; R=0 W=1 is reserved (WARL: no access)
    REQUIRE(h.write_csr(kPmpcfg0 + 1, 0x63u | (kW | kTor) << 8));
    CHECK(r.csr(kPmpcfg0 + 1) == (kR | kW | kTor << 8));  // entry 4: 0x63 -> R|W; entry 5: TOR|W -> TOR
    REQUIRE(h.write_csr(kPmpaddr0, 0xffffffffu));
    CHECK(r.csr(kPmpaddr0) == 0xffffffffu);  // G = 0: all 32 bits (physical address bits 33:2)
    for (uint16_t csr : {uint16_t(0x3a4), uint16_t(0x3af), uint16_t(0x3c0), uint16_t(0x3ef)}) {
        INFO(csr);
        CHECK(h.write_csr(csr, 0xffffffffu));  // legal CSRs, read-only zero
        CHECK(r.csr(csr) == 0);
    }
    uint32_t v;
    CHECK_FALSE(h.read_csr(0x3f0, v));  // past pmpaddr63: not a CSR
    // Lock entry 1 as TOR: its cfg byte, its pmpaddr and pmpaddr0 (its bottom) are fixed until reset.
    REQUIRE(h.write_csr(kPmpaddr0, 0x20000000u));
    REQUIRE(h.write_csr(kPmpaddr0 + 1, 0x20000400u));
    REQUIRE(h.write_csr(kPmpcfg0, uint32_t(kL | kTor | kR) << 8));
    h.write_csr(kPmpcfg0, 0x1f1f1f1f);
    CHECK(r.csr(kPmpcfg0) == (0x1f1f001fu | uint32_t(kL | kTor | kR) << 8));
    h.write_csr(kPmpaddr0, 0x1234);
    h.write_csr(kPmpaddr0 + 1, 0x1234);
    h.write_csr(kPmpaddr0 + 2, 0x1234);
    CHECK(r.csr(kPmpaddr0) == 0x20000000u);
    CHECK(r.csr(kPmpaddr0 + 1) == 0x20000400u);
    CHECK(r.csr(kPmpaddr0 + 2) == 0x1234u);
    h.reset();
    CHECK(r.csr(kPmpcfg0) == 0);
}

TEST_CASE("PMP granularity G = 2: pmpaddr low bits read per mode, NA4 not selectable", "[pmp]") {
    HartConfig cfg = Rig::default_config();
    cfg.pmp_granularity = 2;  // 16-byte regions
    Rig r(cfg);
    Hart& h = r.hart;
    h.write_csr(kPmpaddr0, 0xffffffffu);
    CHECK(r.csr(kPmpaddr0) == 0xfffffffcu);  // OFF: bits G-1:0 read as zero
    h.write_csr(kPmpcfg0, kNapot | kR);
    CHECK(r.csr(kPmpaddr0) == 0xffffffffu);  // NAPOT: the stored bits again, bits G-2:0 read as ones
    h.write_csr(kPmpaddr0, 0x100);
    CHECK(r.csr(kPmpaddr0) == 0x101u);
    h.write_csr(kPmpcfg0, kNa4 | kR);
    CHECK(r.csr(kPmpcfg0) == kR);  // NA4 -> OFF
}

TEST_CASE("locked PMP entries restrict M-mode loads, stores, AMOs and fetches; unlocked ones do not", "[pmp]") {
    for (bool fast : {true, false}) {
        INFO("fast regions " << fast);
        Rig r(no_stop(), fast);
        r.asm_load(std::string(R"(
        .option norvc
        la t0, handler
        csrw mtvec, t0
        li s0, 0x80010000          # data region (64 KiB)
        li s1, 0x80020000          # code region (one 4 KiB page), holds `ret`
        li s2, 0x80030000          # TOR region [0x80030000, 0x80030100)
        li t0, 0x00008067          # ret
        sw t0, 0(s1)
        fence.i
        li a0, 0x5a5a
        sw a0, 0(s0)               # fill the fast paths before the rules change
        lw a0, 0(s0)
        sw a0, 4(s0)
        jalr ra, 0(s1)
        # entry 0: unlocked NAPOT with no permission at all: M-mode ignores it
        li t0, (0x80010000 >> 2) | ((0x10000 >> 3) - 1)
        csrw pmpaddr0, t0
        li t0, 0x18
        csrw pmpcfg0, t0
        sw a0, 8(s0)               # no trap
        mv a1, s11
        # entry 1: the same region, locked, read only (entry 0 matches first: make it OFF)
        csrw pmpcfg0, zero
        li t0, (0x80010000 >> 2) | ((0x10000 >> 3) - 1)
        csrw pmpaddr1, t0
        # entry 2: the code page, locked NAPOT, no X; entries 3-4: TOR [0x80030000, +0x100) locked R|W
        li t0, (0x80020000 >> 2) | ((0x1000 >> 3) - 1)
        csrw pmpaddr2, t0
        li t0, 0x80030000 >> 2
        csrw pmpaddr3, t0
        li t0, 0x80030100 >> 2
        csrw pmpaddr4, t0
        li t0, 0x00989900          # entry 1: L|NAPOT|R (0x99), entry 2: L|NAPOT (0x98), entry 3: OFF
        csrw pmpcfg0, t0
        li t0, 0x8b                # entry 4: L|TOR|R|W
        csrw pmpcfg1, t0
        lw a2, 0(s0)               # allowed (R)
        sw a0, 12(s0)              # store fault (7)
        mv a3, s8
        mv a4, s9
        amoadd.w a5, a0, (s0)      # AMO needs R and W: store/AMO fault (7)
        mv a6, s8
        jalr ra, 0(s1)             # fetch fault (1), mtval = the target
        mv a7, s8
        mv s3, s9
        lw t1, 0x80(s2)            # inside the TOR range: fine
        sw t1, 0xfc(s2)
        mv s4, s11
        lw t1, 0xfe(s2)            # misaligned across the end of the range: partial match faults
        mv s5, s8
        mv s6, s9
        csrwi pmpcfg1, 0           # locked: the write is ignored
        csrr s7, pmpcfg1
        wfi
    )") + kHandler);
        REQUIRE(r.run(100000) == StopReason::Wfi);
        CHECK(r.x(a1) == 0);  // no trap from the unlocked entry
        CHECK(r.x(a3) == kStoreAccessFault);
        CHECK(r.x(a4) == 0x8001000cu);
        CHECK(r.x(a6) == kStoreAccessFault);
        CHECK(r.x(a7) == kInsnAccessFault);
        CHECK(r.x(19) == 0x80020000u);  // s3: mtval of the fetch fault
        CHECK(r.x(20) == 3);            // s4: three traps before the TOR accesses
        CHECK(r.x(21) == kLoadAccessFault);
        CHECK(r.x(22) == 0x800300feu);
        CHECK(r.x(23) == 0x8bu);                     // s7: pmpcfg1 kept its locked entry
        CHECK(r.env.read32(0x80010008) == 0x5a5au);  // the store under the unlocked entry happened
        CHECK(r.env.read32(0x8001000c) == 0);        // the faulting one did not
    }
}

TEST_CASE("triggers: CSRs, tinfo, WARL tdata1, 4 triggers", "[triggers]") {
    Rig r;
    Hart& h = r.hart;
    CHECK(r.csr(kTinfo) == (1u << 24 | 1u << 2));  // Sdtrig 1.0, mcontrol (type 2) only
    CHECK(r.csr(kTdata1) == kMcontrol);
    h.write_csr(kTselect, 3);
    CHECK(r.csr(kTselect) == 3);
    h.write_csr(kTselect, 4);  // no such trigger: unchanged
    CHECK(r.csr(kTselect) == 3);
    h.write_csr(kTdata1, kMcontrol | kM | kExec | kLoadT | kStoreT | match(2));
    CHECK(r.csr(kTdata1) == (kMcontrol | kM | kExec | kLoadT | kStoreT | match(2)));
    // dmode, action 1 (needs dmode), timing/select/chain/s/u, match 1 and 4+ are not available
    h.write_csr(kTdata1,
                kMcontrol | kDmode | 1u << 12 | 1u << 19 | 1u << 18 | 1u << 11 | 1u << 4 | 1u << 3 | kM | match(5));
    CHECK(r.csr(kTdata1) == (kMcontrol | kM));
    h.write_csr(kTdata1, 15u << 28 | kM | kExec);  // any other type: disabled
    CHECK(r.csr(kTdata1) == 15u << 28);
    uint32_t v;
    CHECK_FALSE(h.read_csr(0x7a5, v));  // no tcontrol
}

// Arms trigger 0 as an M-mode execute breakpoint on the instruction at label `target` (a5 = its address).
const char* const kArmExecTrigger = R"(
        la a5, target
        csrw tdata2, a5
        li t0, (2 << 28) | (1 << 6) | (1 << 2)   # mcontrol, m, execute
        csrw tdata1, t0
)";

TEST_CASE("an execute trigger raises a breakpoint before the instruction, only with mstatus.MIE", "[triggers]") {
    Rig r(no_stop());
    r.asm_load(std::string(R"(
        .option norvc
        la t0, handler
        csrw mtvec, t0
)") + kArmExecTrigger +
               R"(
        jal ra, target            # MIE = 0: no trap
        mv a1, s11
        csrsi mstatus, 8
        jal ra, target            # MIE = 1: breakpoint before `addi`, the handler skips it
        mv a2, s8
        mv a3, s9
        csrr a4, tdata1
        wfi
      target:
        addi a0, a0, 1
        ret
    )" + kHandler);
    REQUIRE(r.run(100000) == StopReason::Wfi);
    CHECK(r.x(a1) == 0);
    CHECK(r.x(a2) == kBreakpointCause);
    CHECK(r.x(a3) == r.x(a5));  // mtval = the instruction's address
    CHECK(r.x(a0) == 1);        // the first call ran addi, the second skipped it
    CHECK((r.x(a4) & kHit) != 0);
}

// The executor checks instruction flags only while something may have flagged one: arming a trigger
// must take effect at the very next instruction, with no other event in between.
TEST_CASE("an execute trigger armed with MIE already set fires on the next instruction it matches", "[triggers]") {
    Rig r(no_stop());
    r.asm_load(std::string(R"(
        .option norvc
        la t0, handler
        csrw mtvec, t0
        csrsi mstatus, 8
)") + kArmExecTrigger +
               R"(
      target:
        addi a0, a0, 1            # the handler skips it
        mv a2, s8
        wfi
    )" + kHandler);
    REQUIRE(r.run(100000) == StopReason::Wfi);
    CHECK(r.x(a2) == kBreakpointCause);
    CHECK(r.x(a0) == 0);
}

TEST_CASE("load and store triggers fire before the access; match >= and <", "[triggers]") {
    Rig r(no_stop());
    r.asm_load(std::string(R"(
        .option norvc
        la t0, handler
        csrw mtvec, t0
        csrsi mstatus, 8
        li s0, 0x80010000
        csrw tdata2, s0
        li t0, (2 << 28) | (1 << 6) | (1 << 1)   # trigger 0: store at 0x80010000
        csrw tdata1, t0
        li t1, 1
        csrw tselect, t1
        li t0, 0x80010100
        csrw tdata2, t0
        li t0, (2 << 28) | (2 << 7) | (1 << 6) | (1 << 0)   # trigger 1: loads at >= 0x80010100
        csrw tdata1, t0
        li a0, 77
        lw a1, 0(s0)               # a load: trigger 0 is for stores
        sw a0, 2(s0)               # bytes 2-5: not 0x80010000
        sw a0, 0(s0)               # fires: the store does not happen
        mv a2, s8
        mv a3, s9
        lw a4, 0xfc(s0)            # below the >= bound: no trap
        mv a5, s11
        lb a6, 0x1ff(s0)           # fires
        mv a7, s9
        wfi
    )") + kHandler);
    REQUIRE(r.run(100000) == StopReason::Wfi);
    CHECK(r.x(a2) == kBreakpointCause);
    CHECK(r.x(a3) == 0x80010000u);
    CHECK(r.env.read32(0x80010000) == (77u << 16));  // only the unaligned store at +2 happened
    CHECK(r.x(a5) == 1);
    CHECK(r.x(a7) == 0x800101ffu);
    CHECK(r.x(27) == 2);  // s11: two trigger traps
}

TEST_CASE("debugger trigger breakpoints: stop before the instruction, software cannot change them",
          "[triggers][debug]") {
    Rig r;
    r.asm_load(R"(
        .option norvc
        li t0, (2 << 28) | (1 << 6) | (1 << 2)
        csrw tdata1, t0            # trigger 0 is the debugger's: ignored
        csrr a1, tdata1
        li a0, 1
        li a0, 2
        ebreak
    )");
    REQUIRE(r.hart.add_trigger_breakpoint(kRamBase + 20));  // `li a0, 2` (li t0 is lui + addi)
    REQUIRE(r.run() == StopReason::Breakpoint);
    CHECK(r.hart.pc() == kRamBase + 20);
    CHECK(r.x(a0) == 1);
    CHECK(r.x(a1) == (kMcontrol | kDmode | 1u << 12 | kM | kExec));
    REQUIRE(r.run() == StopReason::Trap);  // resuming runs the instruction
    CHECK(r.x(a0) == 2);
    // Four triggers in all
    for (uint32_t i = 1; i < 4; ++i) CHECK(r.hart.add_trigger_breakpoint(kRamBase + 0x100 + 4 * i));
    CHECK_FALSE(r.hart.add_trigger_breakpoint(kRamBase + 0x200));
    r.hart.remove_trigger_breakpoint(kRamBase + 20);
    CHECK(r.hart.add_trigger_breakpoint(kRamBase + 0x200));
}

// Found by the iss_exec fuzz target: a CSR write that flushes the decode cache (PMP, triggers) cleared
// the decoded instruction before its rd was written, so `csrrs rd, pmpaddr0, rs1` lost its result.
TEST_CASE("a CSR instruction that changes PMP still writes its rd (the old value)", "[pmp]") {
    for (bool fast : {true, false}) {
        INFO("fast regions " << fast);
        Rig r(no_stop(), fast);
        r.asm_load(R"(
        li t0, 0x1234
        csrw pmpaddr0, t0
        li sp, 0x80000000
        li tp, 0x8
        csrrs sp, pmpaddr0, tp     # sp = 0x1234, pmpaddr0 = 0x1234 | 0x8
        csrrwi a1, pmpcfg0, 0      # a1 = 0
        li t1, 0x77
        csrrw a2, pmpaddr0, t1     # a2 = 0x1234 | 0x8
        wfi
    )");
        REQUIRE(r.run(100000) == StopReason::Wfi);
        CHECK(r.x(2) == 0x1234u);
        CHECK(r.x(a1) == 0);
        CHECK(r.x(a2) == 0x123cu);
    }
}
