// Sparse backing store for memories: one contiguous host mapping of the whole range, reserved
// without committing memory (mmap MAP_NORESERVE). The OS materialises a 4 KiB page on first touch,
// so a 4 GiB memory costs only what the workload writes, and DMI can hand out one pointer for all of it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace vp {

class BackingStore {
public:
    explicit BackingStore(uint64_t size);
    ~BackingStore();
    BackingStore(const BackingStore&) = delete;
    BackingStore& operator=(const BackingStore&) = delete;

    uint8_t* data() { return data_; }
    uint64_t size() const { return size_; }
    bool contains(uint64_t offset, uint64_t len) const { return offset <= size_ && len <= size_ - offset; }
    void read(uint64_t offset, void* dst, size_t len) const { std::memcpy(dst, data_ + offset, len); }
    void write(uint64_t offset, const void* src, size_t len) { std::memcpy(data_ + offset, src, len); }

    // Bytes of host memory actually backing the range (resident pages), for memory-use reports.
    uint64_t resident_bytes() const;

private:
    uint8_t* data_ = nullptr;
    uint64_t size_ = 0;
};

}  // namespace vp
