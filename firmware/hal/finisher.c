#include <hal/finisher.h>
#include <hal/mmio.h>
#include <vp/regs/finisher.h>
#include <vp/regs/memmap.h>

/* The single-instance API: the finisher at VP_FINISHER_BASE (finisher_body.h). */
#define FN(n) vp_finisher_##n
#define DEV0  void
#define DEV
#define BASE VP_FINISHER_BASE

#include "finisher_body.h"
