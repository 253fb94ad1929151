// Tree pseudo-LRU: ways - 1 bits per set, a binary tree over the ways (node n has children 2n+1, 2n+2).
// A node's bit names the half to evict from (0 = left / lower ways, 1 = right); an access points every
// node on its path away from the accessed way.
#pragma once
#include "models/cache/replacement/policy.h"

namespace vp::cache {

class PlruPolicy : public ReplacementPolicy {
public:
    PlruPolicy(unsigned sets, unsigned ways, const PolicyParams& = {});
    void on_hit(unsigned set, unsigned way, const AccessInfo&) override { touch(set, way); }
    bool repeat_hit_is_noop() const override { return true; }
    bool fill_is_hit() const override { return true; }
    void on_fill(unsigned set, unsigned way, const AccessInfo&) override { touch(set, way); }
    bool bit(unsigned set, unsigned node) const { return bits_[size_t(set) * (ways_ - 1) + node]; }

protected:
    unsigned choose_victim(unsigned set) override;

private:
    void touch(unsigned set, unsigned way);
    std::vector<bool> bits_;
};

}  // namespace vp::cache
