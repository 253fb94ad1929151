/* The 16550 UART HAL's code, once for both of its APIs (included by uart.c and uart_dev.c):
 *   uart.c:     vp_uart_* on the UART at VP_UART0_BASE (QEMU virt's too): existing programs keep their
 *               exact code;
 *   uart_dev.c: vp_uart_dev_* on a vp_uart_t handle whose base comes from the boot-info block.
 * The includer defines FN, DEV0/DEV, ARG0/ARG and UART(reg). */
void FN(init)(DEV0) {
    vp_write8(UART(UART_IER), 0);
    vp_write8(UART(UART_LCR), 0x03); /* 8 data bits, no parity, 1 stop, DLAB=0 */
    vp_write8(UART(UART_FCR), 0x07); /* enable and clear both FIFOs */
}

void FN(putc)(DEV char c) {
    while (!(vp_read8(UART(UART_LSR)) & UART_LSR_THRE)) {}
    vp_write8(UART(UART_THR), (uint8_t)c);
}

void FN(write)(DEV const char *s, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) FN(putc)(ARG s[i]);
}

void FN(puts)(DEV const char *s) {
    while (*s) FN(putc)(ARG * s++);
}

int FN(try_getc)(DEV0) {
    if (!(vp_read8(UART(UART_LSR)) & UART_LSR_DR)) return -1;
    return vp_read8(UART(UART_RBR));
}

int FN(getc)(DEV0) {
    int c;
    while ((c = FN(try_getc)(ARG0)) < 0) {}
    return c;
}

bool FN(tx_idle)(DEV0) {
    return (vp_read8(UART(UART_LSR)) & (UART_LSR_THRE | UART_LSR_TEMT)) == (UART_LSR_THRE | UART_LSR_TEMT);
}

void FN(enable_rx_irq)(DEV bool on) {
    uint8_t ier = vp_read8(UART(UART_IER));
    vp_write8(UART(UART_IER), on ? (ier | UART_IER_RDI) : (ier & ~UART_IER_RDI));
}

void FN(enable_tx_irq)(DEV bool on) {
    uint8_t ier = vp_read8(UART(UART_IER));
    vp_write8(UART(UART_IER), on ? (ier | UART_IER_THRI) : (ier & ~UART_IER_THRI));
}
