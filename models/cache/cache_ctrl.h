// The cache controller's registers (priority-aware caches, docs/cache.md; include/vp/regs/cache_ctrl.h): the
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
    uint32_t win_start_ = 0, win_end_ = 0;  // STAT_WIN_START / STAT_WIN_END as written
};

}  // namespace vp
