#include <hal/marker.h>
#include <hal/mmio.h>
#include <vp/regs/marker.h>
#include <vp/regs/memmap.h>

/* The single-instance API: the marker at VP_MARKER_BASE (marker_body.h). */
#define FN(n) vp_marker_##n
#define DEV0  void
#define DEV
#define MARKER(reg) (VP_MARKER_BASE + (reg))

#include "marker_body.h"
