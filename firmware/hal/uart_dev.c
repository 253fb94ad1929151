/* 16550 UART HAL, instance API (see include/hal/uart.h): the same code as vp_uart_* (uart_body.h) on
 * a vp_uart_t handle. */
#include <hal/mmio.h>
#include <hal/uart.h>
#include <rt/device.h>
#include <vp/regs/uart16550.h>

#define FN(n)     vp_uart_dev_##n
#define DEV0      vp_uart_t *d
#define DEV       vp_uart_t *d,
#define ARG0      d
#define ARG       d,
#define UART(reg) (d->base + (reg))

static bool open_dev(vp_uart_t *d, const vp_device_t *dev) {
    d->base = dev->base;
    d->irq = dev->irq;
    return true;
}

bool vp_uart_open(vp_uart_t *d, const char *name) {
    vp_device_t dev;
    if (!vp_device_find(name, &dev) || !vp_device_is(&dev, "uart")) return false;
    return open_dev(d, &dev);
}

bool vp_uart_open_index(vp_uart_t *d, unsigned index) {
    vp_device_t dev;
    if (!vp_device_find_type("uart", index, &dev)) return false;
    return open_dev(d, &dev);
}

#include "uart_body.h"
