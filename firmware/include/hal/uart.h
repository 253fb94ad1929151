/* 16550 UART at VP_UART0_BASE (registers: include/vp/regs/uart16550.h). Polled. */
#ifndef FW_HAL_UART_H
#define FW_HAL_UART_H
#include <stdbool.h>
#include <stdint.h>

void vp_uart_init(void);          /* 8N1, FIFOs on, interrupts off; divisor left as is */
void vp_uart_putc(char c);        /* blocking; "\n" is sent as-is */
void vp_uart_puts(const char *s); /* no newline appended */
void vp_uart_write(const char *s, uint32_t n);
int vp_uart_getc(void);              /* blocking, returns 0..255 */
int vp_uart_try_getc(void);          /* -1 when no byte is waiting */
bool vp_uart_tx_idle(void);          /* THR and shift register empty */
void vp_uart_enable_rx_irq(bool on); /* IER.RDI: raises PLIC source VP_IRQ_UART0 */
void vp_uart_enable_tx_irq(bool on); /* IER.THRI: interrupt while THR is empty */

#endif
