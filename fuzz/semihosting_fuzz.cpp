// Fuzz target: semihosting calls (models/cpu/iss/semihosting.*, host_sandbox.*) against a file
// sandbox in a temporary directory. The input is a list of calls and a guest memory image:
//   byte 0          number of calls N
//   N x 18 bytes    op selector (u8), flags (u8), 4 parameter words (u32 LE)
//   the rest        guest memory image, copied to 0x80001000 (up to 60 KiB)
// Parameter word i is an address inside the image when flag bit i is set (names, buffers), else
// taken as is (lengths, modes, handles, wild addresses). Flag bit 4 passes word 0 itself in a1
// (WRITEC, WRITE0, EXIT) instead of the address of the 4-word parameter block.
// Oracle besides the sanitizers: after every input, the directory around the sandbox holds exactly
// what it held before (a sentinel file and the sandbox), the sentinel is unchanged — a call that
// reached outside aborts. Run with -malloc_limit_mb to catch host allocations sized by the guest.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "models/cpu/iss/hart.h"
#include "models/cpu/iss/semihosting.h"
#include "tests/iss/flat_env.h"

using namespace vp::iss;
namespace fs = std::filesystem;

namespace {
constexpr uint32_t kRam = 0x80000000u, kRamSize = 64 * 1024, kBlock = kRam + 0x800, kImage = kRam + 0x1000;
constexpr uint32_t kShBefore = 0x01f01013, kShAfter = 0x40705013, kEbreak = 0x00100073;
constexpr uint32_t kOps[] = {semihost::SYS_OPEN,
                             semihost::SYS_CLOSE,
                             semihost::SYS_WRITEC,
                             semihost::SYS_WRITE0,
                             semihost::SYS_WRITE,
                             semihost::SYS_READ,
                             semihost::SYS_READC,
                             semihost::SYS_ISERROR,
                             semihost::SYS_ISTTY,
                             semihost::SYS_SEEK,
                             semihost::SYS_FLEN,
                             semihost::SYS_REMOVE,
                             semihost::SYS_RENAME,
                             semihost::SYS_CLOCK,
                             semihost::SYS_TIME,
                             semihost::SYS_ERRNO,
                             semihost::SYS_GET_CMDLINE,
                             semihost::SYS_HEAPINFO,
                             semihost::SYS_EXIT,
                             semihost::SYS_EXIT_EXTENDED,
                             semihost::SYS_ELAPSED,
                             semihost::SYS_TICKFREQ,
                             0x12 /* SYS_SYSTEM: never served */,
                             0x0d,
                             0x99};
const std::string kSentinel = "outside the sandbox";

struct Dirs {
    fs::path base, sandbox, sentinel;
    Dirs() {
        char tmpl[] = "/tmp/vp_fuzz_semihost_XXXXXX";
        if (!mkdtemp(tmpl)) std::abort();
        base = tmpl;
        sandbox = base / "sandbox";
        sentinel = base / "outside.txt";
        std::ofstream(sentinel) << kSentinel;
    }
    ~Dirs() { fs::remove_all(base); }
    void fresh_sandbox() const {
        fs::remove_all(sandbox);
        fs::create_directories(sandbox / "sub");
        std::ofstream(sandbox / "a.txt") << "hello";
        std::ofstream(sandbox / "sub" / "b.txt") << "world";
        fs::create_symlink("../outside.txt", sandbox / "link");
    }
    void check_outside() const {
        std::set<std::string> names;
        for (const auto& e : fs::directory_iterator(base)) names.insert(e.path().filename().string());
        std::ifstream in(sentinel);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (names != std::set<std::string>{"outside.txt", "sandbox"} || text != kSentinel) std::abort();
    }
};

uint32_t word(const uint8_t* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const Dirs dirs;
    if (size < 1) return 0;
    const size_t calls = data[0];
    if (size < 1 + calls * 18) return 0;
    const uint8_t* image = data + 1 + calls * 18;
    const size_t image_size = std::min<size_t>(size - 1 - calls * 18, kRamSize - 0x1000);
    dirs.fresh_sandbox();

    test::FlatEnv env(kRam, kRamSize);
    env.input = "typed";  // console input for READC / reads of :tt
    HartConfig cfg;
    cfg.reset_pc = kRam;
    cfg.stop_on_exceptions = 1u << kBreakpointCause;  // the ebreak after each call stops the hart
    Hart hart(cfg, env);
    env.hart = &hart;
    hart.add_fast_region(env.fast_region());
    hart.set_semihosting_root(dirs.sandbox.string());
    const uint32_t program[] = {kShBefore, kEbreak, kShAfter, kEbreak};
    for (unsigned i = 0; i < 4; ++i) env.write32(kRam + 4 * i, program[i]);
    std::memcpy(env.host(kImage), image, image_size);
    const uint32_t span = image_size ? uint32_t(image_size) : 1;

    for (size_t c = 0; c < calls; ++c) {
        const uint8_t* rec = data + 1 + c * 18;
        const uint32_t op = kOps[rec[0] % (sizeof kOps / sizeof kOps[0])];
        const uint8_t flags = rec[1];
        uint32_t p[4];
        for (unsigned i = 0; i < 4; ++i) {
            p[i] = word(rec + 2 + 4 * i);
            if (flags >> i & 1) p[i] = kImage + p[i] % span;
            env.write32(kBlock + 4 * i, p[i]);
        }
        hart.set_x(10, op);
        hart.set_x(11, (flags & 0x10) ? p[0] : kBlock);
        hart.set_pc(kRam);
        hart.run(hart.cycles() + 100);
    }
    dirs.check_outside();
    return 0;
}
