#include "models/cache/replacement/lru.h"

namespace vp::cache {

unsigned LruPolicy::choose_victim(unsigned set) {
    unsigned best = 0;
    for (unsigned w = 1; w < ways_; ++w)
        if (lru_.stamp(line(set, w)) < lru_.stamp(line(set, best))) best = w;
    return best;
}

}  // namespace vp::cache
