/* 16550-compatible UART, byte registers at stride 1 (QEMU virt layout). */
#ifndef VP_REGS_UART16550_H
#define VP_REGS_UART16550_H

#define UART_RBR  0x0u /* read: receive buffer (DLAB=0) */
#define UART_THR  0x0u /* write: transmit holding (DLAB=0) */
#define UART_DLL  0x0u /* divisor latch low (DLAB=1) */
#define UART_IER  0x1u /* interrupt enable (DLAB=0) */
#define UART_DLM  0x1u /* divisor latch high (DLAB=1) */
#define UART_IIR  0x2u /* read: interrupt identification */
#define UART_FCR  0x2u /* write: FIFO control */
#define UART_LCR  0x3u /* line control; bit 7 = DLAB */
#define UART_MCR  0x4u /* modem control */
#define UART_LSR  0x5u /* line status */
#define UART_MSR  0x6u /* modem status */
#define UART_SCR  0x7u /* scratch */
#define UART_SIZE 0x8u

#define UART_IER_RDI      0x01u /* receive data available */
#define UART_IER_THRI     0x02u /* transmit holding register empty */
#define UART_IIR_NO_INT   0x01u
#define UART_IIR_THRI     0x02u
#define UART_IIR_RDI      0x04u
#define UART_IIR_FIFO     0xC0u /* FIFOs enabled */
#define UART_FCR_FIFO_EN  0x01u /* enable FIFOs (reported in IIR bits 7:6) */
#define UART_FCR_CLEAR_RX 0x02u
#define UART_FCR_CLEAR_TX 0x04u
#define UART_LCR_DLAB     0x80u
#define UART_MCR_LOOP     0x10u /* loopback (not modelled by the VP) */
#define UART_LSR_DR       0x01u /* data ready */
#define UART_LSR_THRE     0x20u /* THR empty */
#define UART_LSR_TEMT     0x40u /* transmitter empty */
#define UART_MSR_CTS      0x10u /* clear to send */
#define UART_MSR_DSR      0x20u /* data set ready */
#define UART_MSR_DCD      0x80u /* data carrier detect */

#endif
