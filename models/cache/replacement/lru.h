// LRU: each hit or fill stamps the line; the victim is the line with the oldest stamp.
#pragma once
#include "models/cache/replacement/lru_stamps.h"
#include "models/cache/replacement/policy.h"

namespace vp::cache {

class LruPolicy final : public ReplacementPolicy {
public:
    LruPolicy(unsigned sets, unsigned ways, const PolicyParams& = {})
        : ReplacementPolicy(sets, ways), lru_(size_t(sets) * ways) {}
    void on_hit(unsigned set, unsigned way, const AccessInfo&) override { lru_.touch(line(set, way)); }
    bool repeat_hit_is_noop() const override { return true; }
    bool fill_is_hit() const override { return true; }
    LruStamps* lru_stamps() override { return &lru_; }
    void on_fill(unsigned set, unsigned way, const AccessInfo&) override { lru_.touch(line(set, way)); }
    void on_invalidate(unsigned set, unsigned way) override { lru_.clear(line(set, way)); }

protected:
    unsigned choose_victim(unsigned set) override;

private:
    LruStamps lru_;
};

}  // namespace vp::cache
