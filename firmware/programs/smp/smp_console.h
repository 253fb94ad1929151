/* The console of the freestanding SMP programs (smp, smp_bench): polled writes to the 16550 UART of
 * QEMU virt's map, no C library (they run unchanged on the VP and on qemu-system-riscv32 -bios none).
 * Call from one hart at a time (hart 0). */
#pragma once

#include <stdint.h>
#include <vp/regs/memmap.h>
#include <vp/regs/uart16550.h>

static inline void putc_(char c) {
    while (!(*(volatile uint8_t *)(VP_UART0_BASE + UART_LSR) & 0x20)) {}
    *(volatile uint8_t *)(VP_UART0_BASE + UART_THR) = (uint8_t)c;
}
static inline void puts_(const char *s) {
    while (*s) putc_(*s++);
}
static inline void putu(uint32_t v) {
    char b[12];
    int n = 0;
    do {
        b[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n) putc_(b[--n]);
}
