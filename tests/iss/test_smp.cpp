// Several harts on one memory: LR/SC reservations in the shared registry (models/cpu/iss/reservations.h,
// docs/smp.md). Two harts share a flat RAM through their fast regions (the inline load/store paths, as
// with DMI on the platform); they run in turns, as the platform's harts do between quantum boundaries.
#include <catch2/catch.hpp>

#include "models/cpu/iss/reservations.h"
#include "tests/iss/test_util.h"

using namespace vp::iss;
using namespace vp::iss::test;

namespace {

constexpr uint32_t kWord = kRamBase + 0x10000;  // the reserved word
constexpr uint32_t kCodeA = kRamBase, kCodeB = kRamBase + 0x2000;

struct TwoHarts {
    explicit TwoHarts(bool registry) : env(kRamBase, 1u << 20), a(config(0), env), b(config(1), env) {
        a.add_fast_region(env.fast_region());
        b.add_fast_region(env.fast_region());
        if (registry) {
            a.set_reservations(&res);
            b.set_reservations(&res);
        }
    }
    static HartConfig config(uint32_t id) {
        HartConfig c = Rig::default_config();
        c.hartid = id;
        return c;
    }
    void load(const std::string& src, uint32_t addr) {
        const std::vector<uint8_t> bytes = assemble(".option norvc\n" + src, addr);  // (ebreak: 4 bytes)
        std::copy(bytes.begin(), bytes.end(), env.host(addr));
        a.notify_external_write(addr, uint32_t(bytes.size()));
        b.notify_external_write(addr, uint32_t(bytes.size()));
    }
    // Runs `h` to its next ebreak and steps past it (the next call goes on after it).
    static void to_ebreak(Hart& h) {
        h.run(h.cycles() + 100000);
        REQUIRE(h.last_trap().valid);
        REQUIRE(h.last_trap().cause == kBreakpointCause);
        h.set_pc(h.pc() + 4);
    }
    Reservations res;  // (declared first: outlives the harts, which leave it when destroyed)
    FlatEnv env;
    Hart a, b;
};

// Hart A: LR, (stop), SC of 7; hart B: a store to the reserved page, (stop), a store of 5 to the word.
const char* kProgA =
    "li a0, 0x80010000\n"
    "lr.w t0, (a0)\n"
    "ebreak\n"
    "li t2, 7\n"
    "sc.w t1, t2, (a0)\n"
    "ebreak\n";
const char* kProgB =
    "li a0, 0x80010000\n"
    "sw zero, 8(a0)\n"  // B's write TLB now holds the page (before A reserves in it)
    "ebreak\n"
    "li t0, 5\n"
    "sw t0, 0(a0)\n"
    "ebreak\n";

}  // namespace

TEST_CASE("smp: a store by another hart breaks the LR reservation", "[smp][amo]") {
    TwoHarts t(true);
    t.load(kProgA, kCodeA);
    t.load(kProgB, kCodeB);
    t.a.set_pc(kCodeA);
    t.b.set_pc(kCodeB);
    TwoHarts::to_ebreak(t.b);  // B has stored to the page once (its TLB has it)
    TwoHarts::to_ebreak(t.a);  // A: lr.w
    REQUIRE(t.a.holds_reservation(kWord));
    TwoHarts::to_ebreak(t.b);  // B: sw 5 to the reserved word, through its inline store path
    CHECK_FALSE(t.a.holds_reservation(kWord));
    TwoHarts::to_ebreak(t.a);  // A: sc.w must fail and store nothing
    CHECK(t.a.x(t1) == 1);
    CHECK(t.env.read32(kWord) == 5);
    CHECK(t.res.broken() == 1);
}

TEST_CASE("smp: without the registry the other hart's store goes unnoticed", "[smp][amo]") {
    // What the registry is for: the same sequence with the harts on their own succeeds the SC over B's
    // store (an atomicity violation; a lock built on it admits both harts).
    TwoHarts t(false);
    t.load(kProgA, kCodeA);
    t.load(kProgB, kCodeB);
    t.a.set_pc(kCodeA);
    t.b.set_pc(kCodeB);
    TwoHarts::to_ebreak(t.b);
    TwoHarts::to_ebreak(t.a);
    TwoHarts::to_ebreak(t.b);
    TwoHarts::to_ebreak(t.a);
    CHECK(t.a.x(t1) == 0);
    CHECK(t.env.read32(kWord) == 7);
}

TEST_CASE("smp: the hart's own store keeps its reservation; an untouched one succeeds", "[smp][amo]") {
    TwoHarts t(true);
    t.load(
        "li a0, 0x80010000\n"
        "lr.w t0, (a0)\n"
        "li t2, 3\n"
        "sw t2, 0(a0)\n"  // its own store: the reservation may survive (it does here)
        "li t2, 9\n"
        "sc.w t1, t2, (a0)\n"
        "ebreak\n",
        kCodeA);
    t.load(
        "li a0, 0x80010000\n"
        "lw t0, 0(a0)\n"     // a load by the other hart breaks nothing
        "sw zero, 64(a0)\n"  // nor does a store elsewhere in the page
        "ebreak\n",
        kCodeB);
    t.a.set_pc(kCodeA);
    t.b.set_pc(kCodeB);
    TwoHarts::to_ebreak(t.b);
    TwoHarts::to_ebreak(t.a);
    CHECK(t.a.x(t1) == 0);
    CHECK(t.env.read32(kWord) == 9);
    CHECK(t.res.broken() == 0);
}

TEST_CASE("smp: a write by another initiator breaks every hart's reservation on it", "[smp][amo]") {
    TwoHarts t(true);
    t.load(
        "li a0, 0x80010000\n"
        "lr.w t0, (a0)\n"
        "ebreak\n"
        "sc.w t1, a0, (a0)\n"
        "ebreak\n",
        kCodeA);
    t.a.set_pc(kCodeA);
    TwoHarts::to_ebreak(t.a);
    t.res.write(nullptr, kWord + 2, 1);  // e.g. a DMA byte write into the word (the platform's bus observer)
    TwoHarts::to_ebreak(t.a);
    CHECK(t.a.x(t1) == 1);
    CHECK(t.env.read32(kWord) == 0);
}
