// Hostile input to the ISS from debuggers and firmware (issue #17): ranges that reach past the end
// of the 32-bit address space (once heap overflows of the hart's page-flag array), and semihosting
// calls that tried to reach host files outside the sandbox or to allocate gigabytes on the host.
#include <sys/resource.h>
#include <sys/stat.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "models/cpu/iss/elf_loader.h"
#include "models/cpu/iss/host_sandbox.h"
#include "models/cpu/iss/semihosting.h"
#include "tests/iss/test_util.h"

using namespace vp::iss;
using namespace vp::iss::test;

TEST_CASE("watchpoint ranges past the end of the address space are cut at 2^32", "[debug][untrusted]") {
    Rig r;
    r.asm_load(".option norvc\n li s0, 0x80001000\n sw s0, 0(s0)\n li a0, 1\n ebreak\n");
    // gdb: `watch *(long long*)0xfffffffc` (Z2,fffffffc,8) and a Z2 of 0xffffffff bytes at 2 GiB.
    r.hart.add_watchpoint(0xfffffffc, 8, WatchKind::Write);
    r.hart.add_watchpoint(0x80000000, 0xffffffff, WatchKind::Write);
    REQUIRE(r.run() == StopReason::Watchpoint);
    CHECK(r.hart.last_watch_hit().addr == 0x80001000u);
    r.hart.remove_watchpoint(0x80000000, 0xffffffff, WatchKind::Write);
    r.hart.remove_watchpoint(0xfffffffc, 8, WatchKind::Write);
    REQUIRE(r.run() == StopReason::Trap);  // the final ebreak: nothing is watched any more
    CHECK(r.x(a0) == 1);
}

TEST_CASE("writes and invalidations over the last page neither overflow nor wrap to address 0", "[debug][untrusted]") {
    // 4 KiB of RAM on the last page of the address space, and 4 KiB at address 0.
    FlatEnv top(0xfffff000, 0x1000);
    Hart h(Rig::default_config(), top);
    top.hart = &h;
    h.add_fast_region(top.fast_region());
    top.write32(0xfffff000, addi(a0, zero, 7));
    top.write32(0xfffff004, kEbreak);
    h.set_pc(0xfffff000);
    REQUIRE(h.run(1000) == StopReason::Trap);
    CHECK(h.x(a0) == 7);

    // The page is decoded code now. Writes that reach past 2^32 must drop it and nothing else.
    top.write32(0xfffff000, addi(a0, zero, 9));
    h.notify_external_write(0xffffff00, 0x200);
    h.set_pc(0xfffff000);
    REQUIRE(h.run(h.cycles() + 1000) == StopReason::Trap);
    CHECK(h.x(a0) == 9);
    top.write32(0xfffff000, addi(a0, zero, 11));
    h.invalidate_decoded(0xfffff800, 0x1000);
    h.set_pc(0xfffff000);
    REQUIRE(h.run(h.cycles() + 1000) == StopReason::Trap);
    CHECK(h.x(a0) == 11);

    // Debug accesses across the end fail as a whole instead of wrapping around to address 0.
    std::vector<uint8_t> buf(0x200, 0xa5);
    CHECK_FALSE(h.debug_write(0xffffff00, buf.data(), uint32_t(buf.size())));
    CHECK_FALSE(h.debug_read(0xffffff00, buf.data(), uint32_t(buf.size())));
    CHECK(h.debug_read(0xffffff00, buf.data(), 0x100));  // up to the last byte is fine
}

// ---------------------------------------------------------------------------------------------
// Semihosting: the host-file sandbox and bounded lengths (docs/reliability.md)

namespace {
namespace fs = std::filesystem;

constexpr uint32_t kShBefore = 0x01f01013, kShAfter = 0x40705013;  // slli x0,x0,0x1f / srai x0,x0,7
constexpr uint32_t kBlock = kRamBase + 0x8000, kStrings = kRamBase + 0x9000, kBuf = kRamBase + 0x20000;
using namespace semihost;
constexpr uint32_t kErr = 0xffffffffu;
constexpr uint32_t kModeR = 0, kModeW = 4, kModeA = 8;

// A scratch directory tree: root/sandbox is the sandbox, root/secret.txt and root/victim.txt lie
// outside, root/sandbox holds symlinks that point out.
struct Tree {
    fs::path root, sandbox;
    Tree() {
        char tmpl[] = "/tmp/vp_sandbox_XXXXXX";
        root = mkdtemp(tmpl);
        sandbox = root / "sandbox";
        fs::create_directories(sandbox / "sub");
        write(root / "secret.txt", "secret");
        write(root / "victim.txt", "victim");
        write(sandbox / "inside.txt", "inside");
        fs::create_symlink("../secret.txt", sandbox / "link_out");
        fs::create_symlink(root, sandbox / "linkdir");
        fs::create_symlink("inside.txt", sandbox / "link_in");  // inside, but still a symlink
    }
    ~Tree() { fs::remove_all(root); }
    static void write(const fs::path& p, const std::string& s) { std::ofstream(p) << s; }
    static std::string read(const fs::path& p) {
        std::ifstream in(p);
        return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    }
};

// A hart whose program is one semihosting call followed by ebreak; call() runs it.
struct ShRig : Rig {
    explicit ShRig(const std::string& root) {
        load_words({kShBefore, kEbreak, kShAfter, kEbreak});
        hart.set_semihosting_root(root);
    }
    uint32_t next_str = kStrings;
    uint32_t str(const std::string& s) {
        const uint32_t a = next_str;
        std::memcpy(env.host(a), s.c_str(), s.size() + 1);
        next_str += uint32_t(s.size() + 4) & ~3u;
        return a;
    }
    uint32_t call(uint32_t op, uint32_t a1) {
        hart.set_x(a0, op);
        hart.set_x(Reg::a1, a1);
        hart.set_pc(kRamBase);
        REQUIRE(run() == StopReason::Trap);  // the ebreak after the call
        REQUIRE(hart.pc() == kRamBase + 12);
        return x(a0);
    }
    uint32_t call(uint32_t op, const std::vector<uint32_t>& block) {
        for (size_t i = 0; i < block.size(); ++i) env.write32(kBlock + uint32_t(4 * i), block[i]);
        return call(op, kBlock);
    }
    uint32_t open(const std::string& name, uint32_t mode) {
        return call(SYS_OPEN, {str(name), mode, uint32_t(name.size())});
    }
    uint32_t error() { return call(SYS_ERRNO, 0u); }
    uint32_t remove(const std::string& name) { return call(SYS_REMOVE, {str(name), uint32_t(name.size())}); }
    uint32_t rename(const std::string& a, const std::string& b) {
        return call(SYS_RENAME, {str(a), uint32_t(a.size()), str(b), uint32_t(b.size())});
    }
};

long max_rss_kib() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}
}  // namespace

TEST_CASE("semihosting: names outside the sandbox are refused (traversal, absolute, symlinks)",
          "[semihosting][untrusted]") {
    Tree t;
    ShRig r(t.sandbox.string());
    for (const std::string& name : {std::string("../secret.txt"), std::string("sub/../../secret.txt"),
                                    std::string("./../secret.txt"), std::string("../../../../../../../../etc/passwd"),
                                    (t.root / "secret.txt").string(), std::string("/etc/passwd"), std::string("..")}) {
        INFO(name);
        CHECK(r.open(name, kModeR) == kErr);
        CHECK(r.error() == uint32_t(EACCES));
    }
    // Symlinks are never followed, whether they point out or in.
    for (const char* name : {"link_out", "linkdir/secret.txt", "link_in"}) {
        INFO(name);
        CHECK(r.open(name, kModeR) == kErr);
        CHECK(r.error() == uint32_t(ELOOP));
    }
    // Creating through a symlink or outside is refused too and leaves the host untouched.
    CHECK(r.open("linkdir/created.txt", kModeW) == kErr);
    CHECK(r.open("../created.txt", kModeA) == kErr);
    CHECK(r.open("link_out", kModeW) == kErr);
    CHECK_FALSE(fs::exists(t.root / "created.txt"));
    CHECK(Tree::read(t.root / "secret.txt") == "secret");
    // Each refusal is a warning for the user (at most kMaxWarnings, then one line saying so).
    REQUIRE(!r.env.warnings.empty());
    CHECK(r.env.warnings.front().find("refused: '..' in the name") != std::string::npos);
    CHECK(r.env.warnings.size() == Semihosting::kMaxWarnings + 1);

    // Inside, ordinary names work: read, create in a subdirectory, write, read back.
    const uint32_t h = r.open("./sub/../inside.txt", kModeR);
    CHECK(h == kErr);  // ('..' is refused even when it would stay inside)
    const uint32_t in = r.open("inside.txt", kModeR);
    REQUIRE(in != kErr);
    CHECK(r.call(SYS_READ, {in, kBuf, 100}) == 100 - 6);
    CHECK(std::string(reinterpret_cast<char*>(r.env.host(kBuf)), 6) == "inside");
    const uint32_t out = r.open("sub/new.txt", kModeW);
    REQUIRE(out != kErr);
    CHECK(r.call(SYS_WRITE, {out, r.str("written"), 7}) == 0);
    CHECK(r.call(SYS_CLOSE, {out}) == 0);
    CHECK(Tree::read(t.sandbox / "sub" / "new.txt") == "written");
}

TEST_CASE("semihosting: remove and rename reach only files inside the sandbox", "[semihosting][untrusted]") {
    Tree t;
    ShRig r(t.sandbox.string());
    CHECK(r.remove("../victim.txt") == kErr);
    CHECK(r.remove("linkdir/victim.txt") == kErr);
    CHECK(r.remove((t.root / "victim.txt").string()) == kErr);
    CHECK(r.rename("../victim.txt", "stolen.txt") == kErr);
    CHECK(r.rename("inside.txt", "../moved.txt") == kErr);
    CHECK(r.rename("inside.txt", "linkdir/moved.txt") == kErr);
    CHECK(Tree::read(t.root / "victim.txt") == "victim");
    CHECK_FALSE(fs::exists(t.root / "moved.txt"));
    CHECK(fs::exists(t.sandbox / "inside.txt"));
    // Removing a symlink removes the link, not what it points to.
    CHECK(r.remove("link_out") == 0);
    CHECK(Tree::read(t.root / "secret.txt") == "secret");
    // Inside: rename into a subdirectory, then remove.
    CHECK(r.rename("inside.txt", "sub/renamed.txt") == 0);
    CHECK(Tree::read(t.sandbox / "sub" / "renamed.txt") == "inside");
    CHECK(r.remove("sub/renamed.txt") == 0);
    CHECK_FALSE(fs::exists(t.sandbox / "sub" / "renamed.txt"));
}

TEST_CASE("semihosting: huge lengths are checked against guest memory, host buffers stay bounded",
          "[semihosting][untrusted]") {
    Tree t;
    Tree::write(t.sandbox / "six.txt", "sixsix");
    ShRig r(t.sandbox.string());
    const long rss0 = max_rss_kib();
    // A name of 0xFFFFFFFF bytes (once a 4 GiB allocation: bad_alloc, exit 1).
    CHECK(r.call(SYS_OPEN, {r.str("six.txt"), kModeR, 0xffffffffu}) == kErr);
    CHECK(r.error() == uint32_t(ENAMETOOLONG));
    CHECK(r.call(SYS_REMOVE, {r.str("six.txt"), 0xffffffffu}) == kErr);
    CHECK(r.call(SYS_RENAME, {r.str("a"), 1, r.str("b"), 0xfffffff0u}) == kErr);
    // A name that runs past the end of guest memory.
    CHECK(r.call(SYS_OPEN, {kRamBase + (1u << 20) - 4, kModeR, 64}) == kErr);
    // READ of 0xFFFFFFFF bytes from a 6-byte file: 6 bytes arrive, the rest is reported unread.
    const uint32_t h = r.open("six.txt", kModeR);
    REQUIRE(h != kErr);
    CHECK(r.call(SYS_READ, {h, kBuf, 0xffffffffu}) == 0xffffffffu - 6);
    CHECK(std::string(reinterpret_cast<char*>(r.env.host(kBuf)), 6) == "sixsix");
    // READ into a buffer that leaves guest memory: nothing is consumed beyond it.
    r.env.input = std::string(3u << 20, 'x');  // 3 MiB of console input, more than the 1 MiB of RAM
    const uint32_t tt = r.open(":tt", kModeR);
    const uint32_t left = r.call(SYS_READ, {tt, kBuf, 0xffffffffu});
    CHECK(left >= 0xffffffffu - (1u << 20));
    CHECK(r.env.input_pos <= (1u << 20));
    // WRITE of 0xFFFFFFFF bytes to the console from RAM: what lies in guest memory, in chunks.
    const uint32_t out = r.open(":tt", kModeW);
    r.env.console.clear();
    CHECK(r.call(SYS_WRITE, {out, kRamBase + (1u << 20) - 1000, 0xffffffffu}) == 0xffffffffu - 1000);
    CHECK(r.env.console.size() == 1000);
    // WRITE to a host file past the end of guest memory, and from an address near 2^32.
    const uint32_t f = r.open("big.txt", kModeW);
    CHECK(r.call(SYS_WRITE, {f, kBuf, 0xffffffffu}) == 0xffffffffu - ((1u << 20) - 0x20000));
    CHECK(fs::file_size(t.sandbox / "big.txt") == (1u << 20) - 0x20000);
    CHECK(r.call(SYS_WRITE, {f, 0xfffffff0u, 0x100}) == 0x100);
    // WRITE0 of memory without a NUL: up to the end of guest memory, then stop.
    std::memset(r.env.host(kRamBase + (1u << 20) - 300), 'A', 300);
    r.env.console.clear();
    r.call(SYS_WRITE0, kRamBase + (1u << 20) - 300);
    CHECK(r.env.console == std::string(300, 'A'));
    // None of this needed more than a few MiB of host memory (the test's own 3 MiB input included).
    CHECK(max_rss_kib() - rss0 < 64 * 1024);
}

TEST_CASE("semihosting: with file access off, console I/O and exit still work", "[semihosting][untrusted]") {
    Tree t;
    ShRig r("");  // the Hart's default
    CHECK(r.hart.semihosting_root().empty());
    CHECK(r.open("inside.txt", kModeR) == kErr);
    CHECK(r.error() == uint32_t(EACCES));
    CHECK(r.open("new.txt", kModeW) == kErr);
    CHECK(r.remove("inside.txt") == kErr);
    CHECK(r.rename("inside.txt", "x.txt") == kErr);
    CHECK(fs::exists(t.sandbox / "inside.txt"));
    CHECK_FALSE(fs::exists("new.txt"));
    CHECK(r.env.warnings.front().find("file access is off") != std::string::npos);
    const uint32_t out = r.open(":tt", kModeW);
    REQUIRE(out != kErr);
    CHECK(r.call(SYS_WRITE, {out, r.str("console"), 7}) == 0);
    CHECK(r.env.console == "console");
    r.hart.set_x(a0, SYS_EXIT_EXTENDED);
    r.hart.set_x(a1, kBlock);
    r.env.write32(kBlock, 0x20026);
    r.env.write32(kBlock + 4, 42);
    r.hart.set_pc(kRamBase);
    CHECK(r.run() == StopReason::Exit);
    CHECK(r.env.exit_code == 42);
}

TEST_CASE("semihosting: only regular files open (a FIFO does not block); open files are bounded",
          "[semihosting][untrusted]") {
    Tree t;
    REQUIRE(mkfifo((t.sandbox / "fifo").c_str(), 0600) == 0);
    ShRig r(t.sandbox.string());
    CHECK(r.open("fifo", kModeR) == kErr);  // (a blocking open would hang the test here)
    CHECK(r.error() == uint32_t(EINVAL));
    CHECK(r.open("sub", kModeR) == kErr);     // a directory
    CHECK(r.open("inside.txt", 12) == kErr);  // no such fopen mode
    // Host descriptors: at most HostSandbox::kMaxOpenFiles files at once, then EMFILE.
    std::vector<uint32_t> handles;
    for (unsigned i = 0; i < HostSandbox::kMaxOpenFiles; ++i) handles.push_back(r.open("inside.txt", kModeR));
    CHECK(std::count(handles.begin(), handles.end(), kErr) == 0);
    CHECK(r.open("inside.txt", kModeR) == kErr);
    CHECK(r.error() == uint32_t(EMFILE));
    CHECK(r.call(SYS_CLOSE, {handles.back()}) == 0);
    CHECK(r.open("inside.txt", kModeR) != kErr);
}

// ---------------------------------------------------------------------------------------------
// ELF loader: sizes from the file

namespace {
// A minimal RV32 ET_EXEC with one PT_LOAD of `filesz` bytes (0x13 = nop bytes) at `paddr`.
std::vector<uint8_t> tiny_elf(uint32_t paddr, uint32_t filesz, uint32_t memsz) {
    std::vector<uint8_t> b(52 + 32 + filesz, 0);
    auto w16 = [&](size_t o, uint16_t v) { std::memcpy(&b[o], &v, 2); };
    auto w32 = [&](size_t o, uint32_t v) { std::memcpy(&b[o], &v, 4); };
    const uint8_t ident[6] = {0x7f, 'E', 'L', 'F', 1, 1};
    std::memcpy(b.data(), ident, 6);
    w16(16, 2);    // ET_EXEC
    w16(18, 243);  // EM_RISCV
    w32(24, paddr);
    w32(28, 52);  // e_phoff
    w16(42, 32);  // e_phentsize
    w16(44, 1);   // e_phnum
    w32(52, 1);   // PT_LOAD
    w32(52 + 4, 84);
    w32(52 + 8, paddr);
    w32(52 + 12, paddr);
    w32(52 + 16, filesz);
    w32(52 + 20, memsz);
    w32(52 + 24, 5);  // R+X
    std::fill(b.begin() + 84, b.end(), 0x13);
    return b;
}
}  // namespace

TEST_CASE("ELF sizes from the file: p_memsz is zero-filled in pieces, segments end at 4 GiB", "[elf][untrusted]") {
    ElfImage elf;
    std::string error;
    // p_memsz 0xFFFFFFE0 (once one 4 GiB zero buffer; bad_alloc, exit 1): placed in 64 KiB pieces,
    // and the first piece that does not fit ends it.
    REQUIRE(elf.parse(tiny_elf(0x10, 16, 0xffffffe0u), "big.elf", error));
    const long rss0 = max_rss_kib();
    std::vector<uint8_t> ram(1 << 20);
    size_t calls = 0, largest = 0;
    const bool placed = elf.place(
        [&](uint32_t a, const uint8_t* p, size_t n) {
            ++calls;
            largest = std::max(largest, n);
            if (uint64_t(a) + n > ram.size()) return false;
            std::memcpy(&ram[a], p, n);
            return true;
        },
        error);
    CHECK_FALSE(placed);
    CHECK(error.find("does not fit in memory") != std::string::npos);
    CHECK(largest <= 64 * 1024);
    CHECK(calls == 1 + 15 + 1);  // the data, the 15 pieces of zeros that fit below 1 MiB, the one that did not
    CHECK(max_rss_kib() - rss0 < 64 * 1024);
    // A segment that reaches past the end of the 32-bit address space is refused at parse time.
    CHECK_FALSE(elf.parse(tiny_elf(0x80000000u, 4, 0x80000001u), "wrap.elf", error));
    CHECK(error.find("reaches past the end of the 32-bit address space") != std::string::npos);
    // Only regular files are read: a directory or /dev/zero (which would never end).
    CHECK_FALSE(elf.load("/dev/zero", error));
    CHECK(error.find("not a regular file") != std::string::npos);
    CHECK_FALSE(elf.load(std::filesystem::temp_directory_path().string(), error));
    CHECK(error.find("not a regular file") != std::string::npos);
}

TEST_CASE("semihosting: host files get at most the run's write budget, then ENOSPC", "[semihosting][untrusted]") {
    Tree t;
    ShRig r(t.sandbox.string());
    r.hart.set_semihosting_write_limit(100);
    const uint32_t f = r.open("fill.txt", kModeW);
    CHECK(r.call(SYS_WRITE, {f, kBuf, 60}) == 0);   // within the budget
    CHECK(r.call(SYS_WRITE, {f, kBuf, 60}) == 60);  // would pass it: nothing written
    CHECK(r.error() == uint32_t(ENOSPC));
    CHECK(r.call(SYS_WRITE, {f, kBuf, 40}) == 0);  // what is left still fits
    CHECK(r.call(SYS_WRITE, {f, kBuf, 1}) == 1);
    CHECK(fs::file_size(t.sandbox / "fill.txt") == 100);
    // The console is not host disk: it has no such budget.
    const uint32_t out = r.open(":tt", kModeW);
    CHECK(r.call(SYS_WRITE, {out, kBuf, 200}) == 0);
}
