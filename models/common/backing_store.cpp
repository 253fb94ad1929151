#include "models/common/backing_store.h"
#include <stdexcept>
#include <string>
#include <vector>
#include <sys/mman.h>
#include <unistd.h>

namespace vp {

BackingStore::BackingStore(uint64_t size) : size_(size) {
    if (size == 0) throw std::invalid_argument("backing store of size 0");
    void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        throw std::runtime_error("cannot reserve " + std::to_string(size) + " bytes of address space for a memory");
    data_ = static_cast<uint8_t*>(p);
}

BackingStore::~BackingStore() {
    if (data_) munmap(data_, size_);
}

uint64_t BackingStore::resident_bytes() const {
    const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
    const uint64_t pages = (size_ + page - 1) / page;
    uint64_t resident = 0;
    constexpr uint64_t kChunk = 1 << 20;  // pages per mincore call
    std::vector<unsigned char> vec(kChunk);
    for (uint64_t first = 0; first < pages; first += kChunk) {
        const uint64_t n = std::min(kChunk, pages - first);
        if (mincore(data_ + first * page, n * page, vec.data()) != 0) return 0;
        for (uint64_t i = 0; i < n; ++i) resident += vec[i] & 1;
    }
    return resident * page;
}

}  // namespace vp
