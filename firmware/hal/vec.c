/* Vector accelerator HAL (see include/hal/vec.h). */
#include <hal/irq.h>
#include <hal/mmio.h>
#include <hal/plic.h>
#include <hal/vec.h>
#include <rt/bootinfo.h>
#include <string.h>

/* The single-instance API: the instance at VP_VEC_BASE, PLIC source VP_IRQ_VEC (vec_body.h). */
#define VEC_INSTANCE 0
#define FN(n)        vec_##n
#define DEV0         void
#define DEV
#define ARG0
#define ARG
#define REG(r)  (VP_VEC_BASE + (r))
#define IRQ_SRC VP_IRQ_VEC
#define ST(x)   x
#define COUNT   vec_irq_count
/* An image goes where it was linked (the default ILM / DLM). */
#define TEXT_ADDR(img)   (img)->text_addr
#define DATA_ADDR(img)   (img)->data_addr
#define IMAGE_ENTRY(img) (img)->entry

volatile uint32_t vec_irq_count;
static volatile uint32_t irq_seen; /* completion interrupts not yet consumed by vec_wait */
static uint32_t irq_mask;          /* IRQ_ENABLE bits vec_start sets */

#include "vec_body.h"
