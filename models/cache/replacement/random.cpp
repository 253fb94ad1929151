#include "models/cache/replacement/random.h"

namespace vp::cache {

unsigned RandomPolicy::choose_victim(unsigned) { return unsigned(rng_.below(ways_)); }

}  // namespace vp::cache
