// Fuzz target: the access-log reader (models/cache/access_log.h) as vp-cachesim uses it
// (tools/cachesim load_log): magic, version, JSON header, blobs sized by the header, records. The
// input becomes an in-memory file. Only std::runtime_error (one line naming the file) may come
// out; no allocation may be sized by lengths in the file beyond what the file holds
// (-malloc_limit_mb).
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "tools/cachesim/cachesim.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const int fd = memfd_create("access_log_fuzz", MFD_CLOEXEC);
    if (fd < 0) std::abort();
    for (size_t done = 0; done < size;) {
        const ssize_t n = ::write(fd, data + done, size - done);
        if (n <= 0) std::abort();
        done += size_t(n);
    }
    const std::string path = "/proc/self/fd/" + std::to_string(fd);
    try {
        const vp::cachesim::Log log = vp::cachesim::load_log(path, true);
        if (log.records.size() * sizeof(vp::cache::AccessRecord) > size) std::abort();
    } catch (const std::runtime_error&) {}
    ::close(fd);
    return 0;
}
