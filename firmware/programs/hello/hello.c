/* hello: one line through picolibc's printf (semihosting), one through the 16550 UART; exits 0. */
#include <stdio.h>
#include <hal/uart.h>

int main(void) {
    printf("hello: printf via semihosting\n");
    fflush(stdout);
    vp_uart_init();
    vp_uart_puts("hello: puts via UART 16550\n");
    return 0;
}
