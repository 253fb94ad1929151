#include <hal/uart.h>
#include <hal/mmio.h>
#include <vp/regs/memmap.h>
#include <vp/regs/uart16550.h>

/* The single-instance API: the UART at VP_UART0_BASE (uart_body.h). */
#define FN(n) vp_uart_##n
#define DEV0  void
#define DEV
#define ARG0
#define ARG
#define UART(reg) (VP_UART0_BASE + (reg))

#include "uart_body.h"
