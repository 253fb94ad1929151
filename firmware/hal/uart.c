#include <hal/uart.h>
#include <hal/mmio.h>
#include <vp/regs/memmap.h>
#include <vp/regs/uart16550.h>

#define UART(reg) (VP_UART0_BASE + (reg))

void vp_uart_init(void) {
    vp_write8(UART(UART_IER), 0);
    vp_write8(UART(UART_LCR), 0x03); /* 8 data bits, no parity, 1 stop, DLAB=0 */
    vp_write8(UART(UART_FCR), 0x07); /* enable and clear both FIFOs */
}

void vp_uart_putc(char c) {
    while (!(vp_read8(UART(UART_LSR)) & UART_LSR_THRE)) {}
    vp_write8(UART(UART_THR), (uint8_t)c);
}

void vp_uart_write(const char *s, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) vp_uart_putc(s[i]);
}

void vp_uart_puts(const char *s) {
    while (*s) vp_uart_putc(*s++);
}

int vp_uart_try_getc(void) {
    if (!(vp_read8(UART(UART_LSR)) & UART_LSR_DR)) return -1;
    return vp_read8(UART(UART_RBR));
}

int vp_uart_getc(void) {
    int c;
    while ((c = vp_uart_try_getc()) < 0) {}
    return c;
}

bool vp_uart_tx_idle(void) {
    return (vp_read8(UART(UART_LSR)) & (UART_LSR_THRE | UART_LSR_TEMT)) == (UART_LSR_THRE | UART_LSR_TEMT);
}

void vp_uart_enable_rx_irq(bool on) {
    uint8_t ier = vp_read8(UART(UART_IER));
    vp_write8(UART(UART_IER), on ? (ier | UART_IER_RDI) : (ier & ~UART_IER_RDI));
}

void vp_uart_enable_tx_irq(bool on) {
    uint8_t ier = vp_read8(UART(UART_IER));
    vp_write8(UART(UART_IER), on ? (ier | UART_IER_THRI) : (ier & ~UART_IER_THRI));
}
