#include "platform/workload/image.h"
#include <cstring>
#include <stdexcept>

namespace vp::workload {

const ImageBlob& Image::blob(const std::string& name) const {
    for (const auto& b : blobs)
        if (b.name == name) return b;
    throw std::out_of_range("workload image has no blob '" + name + "'");
}

uint64_t ImageBuilder::add(const std::string& name, std::vector<uint8_t> data, bool region) {
    const uint64_t at = next_;
    const uint64_t end = at + data.size();
    if (region) image_.regions.push_back({name, at, end});
    image_.blobs.push_back({name, at, std::move(data)});
    next_ = align(end);
    return at;
}

uint64_t ImageBuilder::reserve(const std::string& name, uint64_t bytes, bool region) {
    const uint64_t at = next_;
    if (region) image_.regions.push_back({name, at, at + bytes});
    image_.blobs.push_back({name, at, {}});
    next_ = align(at + bytes);
    return at;
}

uint64_t ImageBuilder::add(const std::string& name, const void* data, size_t bytes, bool region) {
    const uint8_t* b = static_cast<const uint8_t*>(data);
    return add(name, std::vector<uint8_t>(b, b + bytes), region);
}

Image ImageBuilder::take() {
    if (next_ > 0x100000000ull)
        throw std::runtime_error("the data set does not fit below 4 GiB (32-bit addresses): it ends at 0x" + [&] {
            char b[20];
            snprintf(b, sizeof b, "%llx", (unsigned long long)next_);
            return std::string(b);
        }());
    return std::move(image_);
}

}  // namespace vp::workload
