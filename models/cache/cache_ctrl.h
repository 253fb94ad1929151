// The cache controller's registers (seed 000, Fig. 4; layout in include/vp/regs/cache_ctrl.h): the
// policy select, the feature-vector range and priority table for the priority-aware policies, the
// PB parameters, GRASP's hot range, and whole-cache maintenance. One controller per cache, mapped on
// the bus; firmware programs it before a kernel runs.
#pragma once
#include "models/periph/mmio_device.h"

namespace vp {
class Cache;

class CacheController : public MmioDevice {
public:
    CacheController(sc_core::sc_module_name name, SimContext& ctx, Cache& cache, const MmioPort& port);

private:
    Cache& cache_;
};

// Policy names by CACHECTL_POLICY_* value, and back (-1: unknown).
const char* cachectl_policy_name(uint32_t value);
int cachectl_policy_value(const std::string& name);

}  // namespace vp
