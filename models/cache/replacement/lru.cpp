#include "models/cache/replacement/lru.h"

namespace vp::cache {

unsigned LruPolicy::choose_victim(unsigned set) { return lru_.oldest(line(set, 0), ways_); }

}  // namespace vp::cache
