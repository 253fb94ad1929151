// The vector accelerator module on a bus with a scripted CPU: the program protocol of
// include/vp/regs/vec.h (load over the bus, arguments, start, done/error status and interrupt,
// exit code, cycle counts), LM-only enforcement with fault reports, doorbell/notify, reset of a
// running program, and that an idle accelerator never keeps the simulation alive.
// One TEST_CASE per process (SystemC elaborates once).
#include <array>
#include <catch2/catch.hpp>
#include <cstring>
#include "models/vector/accelerator.h"
#include "tests/iss/test_util.h"
#include "tests/periph/harness.h"
#include "vp/regs/vec.h"

using namespace vp;
using namespace vp::test;

namespace {

constexpr uint64_t kRegs = VP_VEC_BASE, kIlm = VP_VEC_ILM_BASE, kDlm = VP_VEC_DLM_BASE;

struct AccBench : Bench {
    std::unique_ptr<VecAccel> acc;
    std::vector<Edge> edges;

    explicit AccBench(VecAccelConfig cfg = {}) : Bench(false) {
        acc = std::make_unique<VecAccel>("vec", ctx, cfg);
        attach(*acc, kRegs);
        bus.initiator_socket.bind(acc->ilm().target_socket);
        bus.map(ports++, cfg.ilm_base, cfg.ilm_size, "vec.ilm");
        bus.initiator_socket.bind(acc->dlm().target_socket);
        bus.map(ports++, cfg.dlm_base, cfg.dlm_size, "vec.dlm");
        acc->irq().on_change([this](bool l) { edges.push_back({sim_now(), l}); });
    }
};

// Assembles an accelerator program (RV32IMF + Zve32f) linked at the ILM.
std::vector<uint8_t> program(const std::string& src) {
    return iss::test::assemble(src, uint32_t(kIlm), "rv32imf_zve32f");
}

// The CPU's side: copy words into an LM over the bus.
void write_block(ScriptedInitiator& c, uint64_t addr, const void* p, size_t n) {
    const uint8_t* b = static_cast<const uint8_t*>(p);
    for (size_t k = 0; k < n; k += 4) {
        uint32_t w = 0;
        std::memcpy(&w, b + k, std::min<size_t>(4, n - k));
        c.write32(addr + k, w);
    }
}

void start(ScriptedInitiator& c, uint32_t entry, std::initializer_list<uint32_t> args) {
    unsigned n = 0;
    for (uint32_t a : args) c.write32(kRegs + VEC_ARG(n++), a);
    c.write32(kRegs + VEC_ENTRY_PC, entry);
    c.write32(kRegs + VEC_CTRL, VEC_CTRL_START);
}

uint32_t wait_end(ScriptedInitiator& c) {
    for (int k = 0; k < 100000; ++k) {
        const uint32_t st = c.read32(kRegs + VEC_STATUS);
        if (!(st & VEC_STATUS_BUSY) && (st & (VEC_STATUS_DONE | VEC_STATUS_ERROR))) return st;
        sc_core::wait(100, sc_core::SC_NS);
    }
    FAIL("accelerator never finished");
    return 0;
}

// dot(a, b) over n floats at a0/a1 with a strip-mined vfmacc loop; stores the sum at a2, returns n.
const char* kDot = R"(
    mv t3, a0
    vsetvli t0, zero, e32, m8, ta, ma
    vmv.v.i v0, 0
1:  vsetvli t0, a0, e32, m8, tu, mu
    vle32.v v8, (a1)
    vle32.v v16, (a3)
    vfmacc.vv v0, v8, v16
    slli t1, t0, 2
    add a1, a1, t1
    add a3, a3, t1
    sub a0, a0, t0
    bnez a0, 1b
    vsetvli t0, zero, e32, m8, ta, ma
    vmv.s.x v24, zero
    vfredosum.vs v24, v0, v24
    vfmv.f.s fa0, v24
    fsw fa0, 0(a2)
    mv a0, t3
    ecall
)";

}  // namespace

TEST_CASE("protocol: load over the bus - start with arguments - DONE - exit code - interrupt - W1C") {
    AccBench b;
    const auto code = program(kDot);
    const unsigned n = 1000;
    std::vector<float> x(n), y(n);
    for (unsigned i = 0; i < n; ++i) {
        x[i] = float(i % 17) * 0.25f;
        y[i] = float(i % 5) - 2.0f;
    }
    // Host reference with the same element order: the vector lanes add in 256-element strips.
    std::vector<float> lanes(256, 0.0f);
    for (unsigned i = 0; i < n; ++i) lanes[i % 256] = std::fma(x[i], y[i], lanes[i % 256]);
    float expect = 0.0f;
    for (float l : lanes) expect += l;
    uint32_t result = 0, exit_code = 0, status = 0;
    uint64_t cycles = 0;
    Tick done_seen = 0;
    b.run([&](ScriptedInitiator& c) {
        CHECK(c.read32(kRegs + VEC_ID) == VEC_ID_VALUE);
        CHECK(c.read32(kRegs + VEC_VLEN) == 1024);
        CHECK(c.read32(kRegs + VEC_DLM_SIZE) == 32 * 1024);
        CHECK(c.read32(kRegs + VEC_STATUS) == 0);
        write_block(c, kIlm, code.data(), code.size());
        write_block(c, kDlm + 0x100, x.data(), 4 * n);
        write_block(c, kDlm + 0x100 + 4 * n, y.data(), 4 * n);
        c.write32(kRegs + VEC_IRQ_ENABLE, VEC_IRQ_DONE | VEC_IRQ_ERROR);
        start(c, uint32_t(kIlm), {n, uint32_t(kDlm + 0x100), uint32_t(kDlm + 0x40), uint32_t(kDlm + 0x100 + 4 * n)});
        CHECK((c.read32(kRegs + VEC_STATUS) & VEC_STATUS_BUSY) != 0);
        status = wait_end(c);
        done_seen = sim_now();
        exit_code = c.read32(kRegs + VEC_EXIT_CODE);
        result = c.read32(kDlm + 0x40);
        cycles = c.read32(kRegs + VEC_CYCLES_LO) | uint64_t(c.read32(kRegs + VEC_CYCLES_HI)) << 32;
        // Write 1 to clear DONE drops the interrupt.
        c.write32(kRegs + VEC_STATUS, VEC_STATUS_DONE);
        CHECK(c.read32(kRegs + VEC_STATUS) == 0);
    });
    CHECK(status == VEC_STATUS_DONE);
    CHECK(exit_code == n);
    float got;
    std::memcpy(&got, &result, 4);
    CHECK(got == expect);
    // 1000 elements: 4 strips of 2 loads + 1 FMA; the FMAs alone need 125 cycles on 8 lanes.
    CHECK(cycles > 125);
    CHECK(cycles < 2000);
    REQUIRE(b.edges.size() == 2);
    CHECK(b.edges[0].level);
    CHECK(b.edges[0].at <= done_seen);
    CHECK_FALSE(b.edges[1].level);
    CHECK(b.counter("vec", "runs") == 1);
    CHECK(b.counter("vec", "element_ops") >= 3 * n);
}

// Issue #32 item 13: each faulting program's report goes through the warnings' throttle (first ones
// in full, the rest counted), not straight to stderr: 20,000 faults printed 460,000 lines.
TEST_CASE("fault reports of many faulting programs are throttled as one kind of warning") {
    AccBench b;
    const auto store_ram = program("li t0, 0x80000000\n sw t0, 0(t0)\n ecall\n");
    const uint64_t before = SimContext::warnings_suppressed();
    const unsigned runs = 25;
    unsigned errors = 0;
    b.run([&](ScriptedInitiator& c) {
        write_block(c, kIlm, store_ram.data(), store_ram.size());
        for (unsigned i = 0; i < runs; ++i) {
            c.write32(kRegs + VEC_STATUS, VEC_STATUS_DONE | VEC_STATUS_ERROR);
            start(c, uint32_t(kIlm), {});
            errors += wait_end(c) == VEC_STATUS_ERROR;
        }
    });
    CHECK(errors == runs);
    CHECK(b.acc->last_report().find("store") != std::string::npos);  // each run still has its report
    // At most 10 of one kind are shown (fewer if an earlier test case of this process showed some).
    CHECK(SimContext::warnings_suppressed() - before >= runs - 10);
}

TEST_CASE("LM-only: fetch outside the ILM - data outside the DLM - loads from the ILM end with ERROR and a report") {
    AccBench b;
    const auto store_ram = program("li t0, 0x80000000\n sw t0, 0(t0)\n ecall\n");
    const auto load_ilm = program("li t0, 0x18400000\n lw t1, 0(t0)\n ecall\n");
    const auto vload_ilm = program("li t0, 0x18400000\n vsetivli t1, 4, e32, m1, ta, ma\n vle32.v v1, (t0)\n ecall\n");
    const auto illegal = program("vsetivli t1, 4, e64, m1, ta, ma\n vadd.vv v1, v2, v3\n ecall\n");
    struct R {
        uint32_t status, cause, pc, tval;
        std::string report;
    };
    std::vector<R> results;
    auto run_one = [&](ScriptedInitiator& c, const std::vector<uint8_t>& code, uint32_t entry) {
        if (!code.empty()) write_block(c, kIlm, code.data(), code.size());
        c.write32(kRegs + VEC_STATUS, VEC_STATUS_DONE | VEC_STATUS_ERROR);
        start(c, entry, {});
        R r;
        r.status = wait_end(c);
        r.cause = c.read32(kRegs + VEC_ERR_CAUSE);
        r.pc = c.read32(kRegs + VEC_ERR_PC);
        r.tval = c.read32(kRegs + VEC_ERR_TVAL);
        r.report = b.acc->last_report();
        results.push_back(r);
    };
    b.run([&](ScriptedInitiator& c) {
        run_one(c, store_ram, uint32_t(kIlm));
        run_one(c, load_ilm, uint32_t(kIlm));
        run_one(c, vload_ilm, uint32_t(kIlm));
        run_one(c, illegal, uint32_t(kIlm));
        run_one(c, {}, uint32_t(kDlm));  // code in the DLM is not fetchable
        run_one(c, {}, 0x80000000u);     // nor is RAM
    });
    REQUIRE(results.size() == 6);
    for (const R& r : results) CHECK(r.status == VEC_STATUS_ERROR);
    CHECK(results[0].cause == iss::kStoreAccessFault);
    CHECK(results[0].tval == 0x80000000u);
    CHECK(results[1].cause == iss::kLoadAccessFault);
    CHECK(results[1].tval == uint32_t(kIlm));
    CHECK(results[2].cause == iss::kLoadAccessFault);
    CHECK(results[3].cause == iss::kIllegalInsn);
    CHECK(results[3].report.find("vtype 80000000") != std::string::npos);  // vill after e64
    CHECK(results[4].cause == iss::kInsnAccessFault);
    CHECK(results[4].pc == uint32_t(kDlm));
    CHECK(results[5].cause == iss::kInsnAccessFault);
    CHECK(results[0].report.find("store/AMO access fault") != std::string::npos);
    CHECK(results[0].report.find("x5") != std::string::npos);
    CHECK(b.counter("vec", "program_errors") == 6);
}

TEST_CASE("doorbell and notify: the program sleeps in wfi until the CPU rings - then notifies the CPU") {
    AccBench b;
    // Waits for doorbell bit 0 (wfi with mie.MSIE), notifies bit 2, waits for bit 1, returns the
    // doorbell bits it saw last.
    const auto code = program(R"(
        li t0, 8
        csrs mie, t0
    1:  wfi
        csrrw t1, 0x7c0, zero
        andi t2, t1, 1
        beqz t2, 1b
        li t0, 4
        csrw 0x7c1, t0
    2:  wfi
        csrrw t1, 0x7c0, zero
        andi t2, t1, 2
        beqz t2, 2b
        mv a0, t1
        ecall
    )");
    uint32_t before = 0, notify = 0, status = 0, exit_code = 0;
    Tick rang = 0;
    b.run([&](ScriptedInitiator& c) {
        write_block(c, kIlm, code.data(), code.size());
        c.write32(kRegs + VEC_IRQ_ENABLE, VEC_IRQ_NOTIFY);
        start(c, uint32_t(kIlm), {});
        sc_core::wait(5, sc_core::SC_US);
        before = c.read32(kRegs + VEC_STATUS);  // still asleep
        CHECK(c.read32(kRegs + VEC_NOTIFY) == 0);
        rang = sim_now();
        c.write32(kRegs + VEC_DOORBELL, 1);
        for (int k = 0; k < 1000 && !(notify = c.read32(kRegs + VEC_NOTIFY)); ++k) sc_core::wait(10, sc_core::SC_NS);
        c.write32(kRegs + VEC_NOTIFY, notify);
        CHECK(c.read32(kRegs + VEC_NOTIFY) == 0);
        c.write32(kRegs + VEC_DOORBELL, 2);
        status = wait_end(c);
        exit_code = c.read32(kRegs + VEC_EXIT_CODE);
    });
    CHECK(before == VEC_STATUS_BUSY);
    CHECK(notify == 4);
    CHECK(status == VEC_STATUS_DONE);
    CHECK(exit_code == 2);
    // The notify interrupt: raised after the doorbell, dropped by the W1C.
    REQUIRE(b.edges.size() >= 2);
    CHECK(b.edges[0].level);
    CHECK(b.edges[0].at > rang);
    CHECK_FALSE(b.edges[1].level);
    CHECK(b.counter("vec", "doorbells") == 2);
}

TEST_CASE("two doorbells written ahead of the kernel (decoupled CPU): the sleeping program sees both") {
    AccBench b;
    // Sleeps until the doorbell bits it has collected include bit 1; returns them.
    const auto code = program(R"(
        li t0, 8
        csrs mie, t0
        li s0, 0
    1:  wfi
        csrrw t1, 0x7c0, zero
        or s0, s0, t1
        andi t2, s0, 2
        beqz t2, 1b
        mv a0, s0
        ecall
    )");
    uint32_t status = 0, exit_code = 0;
    b.run([&](ScriptedInitiator& c) {
        write_block(c, kIlm, code.data(), code.size());
        start(c, uint32_t(kIlm), {});
        sc_core::wait(5, sc_core::SC_US);  // asleep
        // A decoupled CPU rings bit 0 at +1 us and bit 1 at +2 us of its local time, both before the
        // kernel gets there: each doorbell must wake the program at its own time.
        c.decoupled = true;
        c.local = 1000 * kNs;
        c.write32(kRegs + VEC_DOORBELL, 1);
        c.local = 2000 * kNs;
        c.write32(kRegs + VEC_DOORBELL, 2);
        c.decoupled = false;
        c.local = 0;
        status = wait_end(c);
        exit_code = c.read32(kRegs + VEC_EXIT_CODE);
    });
    CHECK(status == VEC_STATUS_DONE);
    CHECK(exit_code == 3);
}

TEST_CASE("ILM rewritten while the program sleeps: after the doorbell it runs the new instructions") {
    AccBench b;
    // Calls the function at ILM + 0x100, sleeps until doorbell bit 0, calls it again; returns
    // 16 * first + second.
    const auto code = program(R"(
        li t0, 8
        csrs mie, t0
        li t3, 0x18400100
        jalr ra, t3
        mv s0, a0
    1:  wfi
        csrrw t1, 0x7c0, zero
        andi t2, t1, 1
        beqz t2, 1b
        jalr ra, t3
        slli s0, s0, 4
        add a0, s0, a0
        ecall
    )");
    const auto old_fn = iss::test::assemble("li a0, 1\n ret\n", uint32_t(kIlm + 0x100), "rv32imf");
    const auto new_fn = iss::test::assemble("li a0, 7\n ret\n", uint32_t(kIlm + 0x100), "rv32imf");
    uint32_t status = 0, exit_code = 0;
    b.run([&](ScriptedInitiator& c) {
        write_block(c, kIlm, code.data(), code.size());
        write_block(c, kIlm + 0x100, old_fn.data(), old_fn.size());
        start(c, uint32_t(kIlm), {});
        sc_core::wait(5, sc_core::SC_US);  // the program ran the old function and sleeps
        CHECK(c.read32(kRegs + VEC_STATUS) == VEC_STATUS_BUSY);
        write_block(c, kIlm + 0x100, new_fn.data(), new_fn.size());
        c.write32(kRegs + VEC_DOORBELL, 1);
        status = wait_end(c);
        exit_code = c.read32(kRegs + VEC_EXIT_CODE);
    });
    CHECK(status == VEC_STATUS_DONE);
    CHECK(exit_code == 16 * 1 + 7);
    // No initiator may write the ILM behind its back: DMI into it is granted for reading only.
    tlm::tlm_generic_payload p;
    tlm::tlm_dmi dmi;
    p.set_address(0);
    p.set_command(tlm::TLM_READ_COMMAND);
    REQUIRE(b.acc->ilm().target_socket.get_base_export()->get_direct_mem_ptr(p, dmi));
    CHECK(dmi.is_read_allowed());
    CHECK_FALSE(dmi.is_write_allowed());
}

TEST_CASE("an entry point that is not a multiple of 4 (no C extension) ends with instruction-address-misaligned") {
    AccBench b;
    const auto code = program("li a0, 5\n ecall\n");
    std::vector<std::array<uint32_t, 4>> results;  // status, cause, pc, tval
    b.run([&](ScriptedInitiator& c) {
        write_block(c, kIlm, code.data(), code.size());
        for (uint32_t entry : {uint32_t(kIlm + 1), uint32_t(kIlm + 2), uint32_t(kIlm + 3), uint32_t(kIlm)}) {
            c.write32(kRegs + VEC_STATUS, VEC_STATUS_DONE | VEC_STATUS_ERROR);
            start(c, entry, {});
            const uint32_t st = wait_end(c);
            results.push_back(
                {st, c.read32(kRegs + VEC_ERR_CAUSE), c.read32(kRegs + VEC_ERR_PC), c.read32(kRegs + VEC_ERR_TVAL)});
        }
    });
    REQUIRE(results.size() == 4);
    for (unsigned k = 0; k < 3; ++k) {
        CAPTURE(k);
        CHECK(results[k][0] == VEC_STATUS_ERROR);
        CHECK(results[k][1] == iss::kInsnMisaligned);
        CHECK(results[k][2] == uint32_t(kIlm + 1 + k));
        CHECK(results[k][3] == uint32_t(kIlm + 1 + k));
    }
    CHECK(results[3][0] == VEC_STATUS_DONE);  // and the aligned entry still runs
}

TEST_CASE("reset aborts a running program - START while busy is ignored - an idle accelerator lets the run end") {
    AccBench b;
    const auto spin = program("1: addi a0, a0, 1\n j 1b\n");
    const auto quick = program("li a0, 42\n ecall\n");
    uint32_t busy = 0, after_reset = 0, exit_code = 0;
    b.run([&](ScriptedInitiator& c) {
        write_block(c, kIlm, spin.data(), spin.size());
        start(c, uint32_t(kIlm), {});
        sc_core::wait(3, sc_core::SC_US);
        busy = c.read32(kRegs + VEC_STATUS);
        c.write32(kRegs + VEC_CTRL, VEC_CTRL_START);  // ignored (warning)
        c.write32(kRegs + VEC_CTRL, VEC_CTRL_RESET);
        sc_core::wait(3, sc_core::SC_US);
        after_reset = c.read32(kRegs + VEC_STATUS);
        write_block(c, kIlm, quick.data(), quick.size());  // a new program in the ILM: decoded afresh
        start(c, uint32_t(kIlm), {});
        wait_end(c);
        exit_code = c.read32(kRegs + VEC_EXIT_CODE);
    });
    // sc_start() returned: with the script done and the accelerator idle nothing is left to run.
    CHECK(busy == VEC_STATUS_BUSY);
    CHECK(after_reset == 0);
    CHECK(exit_code == 42);
    CHECK(b.counter("vec", "runs") == 2);
    CHECK(sc_core::sc_time_stamp() < sc_core::sc_time(1, sc_core::SC_MS));
}

TEST_CASE(
    "float arguments: FARG0..7 arrive in fa0..fa7 at start and are consumed, EXIT_FA0 returns fa0, parameters "
    "readable") {
    // y[i] = alpha * x[i] + beta over n floats (alpha in fa0, beta in fa7); returns fa0 = alpha + beta
    // and a0 = n. A second run with other FARG values must see them; a start consumes them.
    AccBench b;
    const auto code = program(R"(
        mv t3, a0
    1:  vsetvli t0, a0, e32, m8, ta, ma
        vle32.v v8, (a1)
        vfmul.vf v8, v8, fa0
        vfadd.vf v8, v8, fa7
        vse32.v v8, (a2)
        slli t1, t0, 2
        add a1, a1, t1
        add a2, a2, t1
        sub a0, a0, t0
        bnez a0, 1b
        fadd.s fa0, fa0, fa7
        mv a0, t3
        ecall
    )");
    const unsigned n = 300;
    std::vector<float> x(n);
    for (unsigned i = 0; i < n; ++i) x[i] = float(i) * 0.5f - 20.0f;
    // Run 2 writes no FARG: the start of run 1 consumed them, so alpha = beta = 0.
    const float alphas[3] = {1.5f, -0.25f, 0.0f}, betas[3] = {3.0f, 1024.5f, 0.0f};
    std::vector<float> out[3];
    uint32_t fa0[3] = {}, exit_code[3] = {}, status[3] = {}, readback = 0, after_start = 1, vlen = 0, lanes = 0;
    b.run([&](ScriptedInitiator& c) {
        vlen = c.read32(kRegs + VEC_VLEN);
        lanes = c.read32(kRegs + VEC_LANES);
        write_block(c, kIlm, code.data(), code.size());
        write_block(c, kDlm + 0x100, x.data(), 4 * n);
        for (int r = 0; r < 3; ++r) {
            if (r < 2) {
                uint32_t bits;
                std::memcpy(&bits, &alphas[r], 4);
                c.write32(kRegs + VEC_FARG(0), bits);
                std::memcpy(&bits, &betas[r], 4);
                c.write32(kRegs + VEC_FARG(7), bits);
            }
            if (r == 0) readback = c.read32(kRegs + VEC_FARG(7));
            start(c, uint32_t(kIlm), {n, uint32_t(kDlm + 0x100), uint32_t(kDlm + 0x100 + 4 * n)});
            status[r] = wait_end(c);
            if (r == 0) after_start = c.read32(kRegs + VEC_FARG(7)) | c.read32(kRegs + VEC_FARG(0));
            exit_code[r] = c.read32(kRegs + VEC_EXIT_CODE);
            fa0[r] = c.read32(kRegs + VEC_EXIT_FA0);
            out[r].resize(n);
            for (unsigned i = 0; i < n; ++i) {
                const uint32_t w = c.read32(kDlm + 0x100 + 4 * n + 4 * i);
                std::memcpy(&out[r][i], &w, 4);
            }
        }
    });
    CHECK(vlen == 1024);
    CHECK((lanes & 0xFFFF) == 8);
    CHECK((lanes >> 16) == 8);
    uint32_t beta0;
    std::memcpy(&beta0, &betas[0], 4);
    CHECK(readback == beta0);
    CHECK(after_start == 0);
    for (int r = 0; r < 3; ++r) {
        INFO("run " << r);
        CHECK(status[r] == VEC_STATUS_DONE);
        CHECK(exit_code[r] == n);
        float f;
        std::memcpy(&f, &fa0[r], 4);
        CHECK(f == alphas[r] + betas[r]);
        for (unsigned i = 0; i < n; ++i) REQUIRE(out[r][i] == alphas[r] * x[i] + betas[r]);
    }
}
