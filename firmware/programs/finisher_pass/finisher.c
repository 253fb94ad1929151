/* finisher_pass / finisher_fail: talks only to the UART and the sifive_test-compatible finisher
 * (no semihosting), so it exercises the path a VP without semihosting uses to end a run.
 * FINISH_CODE 0 -> FINISHER_PASS (exit 0); otherwise FINISHER_FAIL_CODE(FINISH_CODE). */
#include <hal/uart.h>
#include <hal/finisher.h>

#ifndef FINISH_CODE
#define FINISH_CODE 0
#endif

static void put_dec(unsigned v) {
    char buf[12];
    int n = 0;
    do {
        buf[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n) vp_uart_putc(buf[--n]);
}

int main(void) {
    vp_uart_init();
    vp_uart_puts(FINISH_CODE == 0 ? "finisher_pass" : "finisher_fail");
    vp_uart_puts(": UART only, ending through the test finisher with code ");
    put_dec(FINISH_CODE);
    vp_uart_puts("\n");
    while (!vp_uart_tx_idle()) {}
    if (FINISH_CODE == 0) vp_finisher_pass();
    vp_finisher_fail(FINISH_CODE);
}
