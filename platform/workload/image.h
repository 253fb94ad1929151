// A workload's memory image: named data blobs at their addresses (announced to firmware in the
// boot-info block) and named regions (per-region cache statistics). Built on the host without
// SystemC, so host tools (trace emulators, replays) compute exactly the addresses a run uses.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace vp::workload {

struct ImageBlob {
    std::string name;
    uint64_t addr = 0;
    std::vector<uint8_t> data;
};
struct ImageRegion {
    std::string name;
    uint64_t lo = 0, hi = 0;  // [lo, hi)
};
struct Image {
    std::vector<ImageBlob> blobs;
    std::vector<ImageRegion> regions;
    // Throws std::out_of_range when there is no blob of that name.
    const ImageBlob& blob(const std::string& name) const;
};

// The one placement rule: blobs one after another from `base`, each 64-byte (cache-line) aligned.
class ImageBuilder {
public:
    explicit ImageBuilder(uint64_t base) : next_(align(base)) {}
    static uint64_t align(uint64_t v) { return (v + 63) / 64 * 64; }

    // Places a blob; returns its address. With `region`, the blob is also a statistics region.
    uint64_t add(const std::string& name, std::vector<uint8_t> data, bool region = false);
    uint64_t add(const std::string& name, const void* data, size_t bytes, bool region = false);
    template <class T>
    uint64_t add(const std::string& name, const std::vector<T>& v, bool region = false) {
        return add(name, v.data(), v.size() * sizeof(T), region);
    }
    // Places a blob of `bytes` without building its contents (data stays empty): for host tools that
    // need a data set's addresses but not its bytes (vp-gcn-sim on graphs of hundreds of MiB).
    uint64_t reserve(const std::string& name, uint64_t bytes, bool region = false);
    void region(const std::string& name, uint64_t lo, uint64_t hi) { image_.regions.push_back({name, lo, hi}); }
    // Where the next blob goes.
    uint64_t next() const { return next_; }
    const Image& image() const { return image_; }
    // The finished image. Throws std::runtime_error when it does not fit the 32-bit address space.
    Image take();

private:
    uint64_t next_;
    Image image_;
};

}  // namespace vp::workload
