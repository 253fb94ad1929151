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

/* Instances (docs/overview.md, "A second instance of a device"): the functions above drive the UART at
 * VP_UART0_BASE; vp_uart_dev_* drive any UART instance through a handle whose base and PLIC source come
 * from the boot-info block's device table (vp_uart_open by name, e.g. "uart1", or by index). */
typedef struct vp_uart {
    uintptr_t base;
    uint32_t irq; /* PLIC source */
} vp_uart_t;

bool vp_uart_open(vp_uart_t *d, const char *name);
bool vp_uart_open_index(vp_uart_t *d, unsigned index);
void vp_uart_dev_init(vp_uart_t *d);
void vp_uart_dev_putc(vp_uart_t *d, char c);
void vp_uart_dev_puts(vp_uart_t *d, const char *s);
void vp_uart_dev_write(vp_uart_t *d, const char *s, uint32_t n);
int vp_uart_dev_getc(vp_uart_t *d);
int vp_uart_dev_try_getc(vp_uart_t *d);
bool vp_uart_dev_tx_idle(vp_uart_t *d);
void vp_uart_dev_enable_rx_irq(vp_uart_t *d, bool on);
void vp_uart_dev_enable_tx_irq(vp_uart_t *d, bool on);

#endif
