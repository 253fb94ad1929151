// A memory at address 0 behind a Loader, elaborated and ready: what a test needs to place blobs the
// way the platform does (platform/loader.h) and read them back.
#pragma once
#include <cstdint>

#include "models/common/context.h"
#include "models/memory/memory.h"
#include "platform/loader.h"

namespace vp::test {

struct LoaderBench {
    SimContext ctx;
    Memory mem;
    Loader loader{"loader"};
    explicit LoaderBench(uint64_t memory_bytes) : mem("ram", ctx, config(memory_bytes)) {
        loader.socket.bind(mem.target_socket);
        sc_core::sc_start(sc_core::SC_ZERO_TIME);
    }

private:
    static MemoryConfig config(uint64_t bytes) {
        MemoryConfig c;
        c.size = bytes;
        return c;
    }
};

}  // namespace vp::test
