// Storage aligned to the host's cache lines, for per-set state that a model indexes by set.
//
// A cache model keeps one row of a set's ways (tags, LRU stamps, fill times) in each of a few
// arrays; an 8-way row of 64-bit values is exactly one 64-byte host line. std::vector's storage is
// only 16-byte aligned (malloc), so every such row straddled two host lines, and a miss, which reads
// or writes several rows of a set the host has long evicted, paid two host cache misses per row.
#pragma once
#include <cstddef>
#include <new>
#include <vector>

namespace vp {

inline constexpr std::size_t kHostLine = 64;

template <class T>
struct LineAlignedAllocator {
    using value_type = T;
    LineAlignedAllocator() = default;
    template <class U>
    LineAlignedAllocator(const LineAlignedAllocator<U>&) noexcept {}
    T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t(kHostLine))); }
    void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, std::align_val_t(kHostLine)); }
    template <class U>
    bool operator==(const LineAlignedAllocator<U>&) const noexcept {
        return true;
    }
    template <class U>
    bool operator!=(const LineAlignedAllocator<U>&) const noexcept {
        return false;
    }
};

// A vector whose element 0 starts a host cache line.
template <class T>
using LineAlignedVector = std::vector<T, LineAlignedAllocator<T>>;

}  // namespace vp
