#include "models/cache/replacement/grasp.h"

namespace vp::cache {

void GraspPolicy::on_hit(unsigned set, unsigned way, const AccessInfo& a) {
    uint8_t& r = rrpv_[line(set, way)];
    if (hot(a.addr))
        r = 0;
    else if (r > 0)
        --r;
}

void GraspPolicy::on_fill(unsigned set, unsigned way, const AccessInfo& a) {
    rrpv_[line(set, way)] = hot(a.addr) ? 0 : max_;
}

}  // namespace vp::cache
