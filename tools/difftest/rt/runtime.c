/* Runs the generated programs one after the other and prints each one's signature on the UART
 * (16550 at 0x1000_0000 on QEMU virt and the VP), then ends through the test finisher. Lines:
 *   <k> X <x1..x31>          integer registers
 *   <k> F <f0..f31>          FP registers (bits)
 *   <k> C <fcsr> <ntraps>
 *   <k> T <mcause> <mtval> <mepc> <insn>     one per logged trap
 *   <k> M <DIFFT_DATA_SIZE/4 words>          the data region
 *   <k> L <words>            the value log (t5 = its end; the generator's probes fill it) */
#include <stdint.h>

#include "difft.h"

extern void (*const difft_progs[])(void);
extern uint32_t* const difft_ctxs[];
extern uint32_t* const difft_logs[];
extern const uint32_t difft_nprogs;
extern uint32_t difft_data[];

#define UART     ((volatile uint8_t*)0x10000000u)
#define FINISHER ((volatile uint32_t*)0x00100000u)

static void putc_(char c) {
    while (!(UART[5] & 0x20)) {}
    UART[0] = (uint8_t)c;
}
static void hex(uint32_t v) {
    putc_(' ');
    for (int s = 28; s >= 0; s -= 4) putc_("0123456789abcdef"[(v >> s) & 15]);
}
static void dec(uint32_t v) {
    char b[12];
    int n = 0;
    do b[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    while (n) putc_(b[--n]);
}
static void head(uint32_t k, char what) {
    dec(k);
    putc_(' ');
    putc_(what);
}

void difft_main(void) {
    for (uint32_t k = 0; k < difft_nprogs; ++k) {
        difft_progs[k]();
        const uint32_t* c = difft_ctxs[k];
        head(k, 'X');
        for (int i = 1; i < 32; ++i) hex(c[CTX_X + i]);
        putc_('\n');
        head(k, 'F');
        for (int i = 0; i < 32; ++i) hex(c[CTX_F + i]);
        putc_('\n');
        head(k, 'C');
        hex(c[CTX_FCSR]);
        hex(c[CTX_NTRAPS]);
        putc_('\n');
        for (uint32_t t = 0; t < c[CTX_NTRAPS] && t < DIFFT_MAX_TRAPS; ++t) {
            head(k, 'T');
            for (int i = 0; i < 4; ++i) hex(c[CTX_LOG + 4 * t + i]);
            putc_('\n');
        }
        head(k, 'M');
        for (int i = 0; i < DIFFT_DATA_SIZE / 4; ++i) hex(difft_data[i]);
        putc_('\n');
        head(k, 'L');
        for (const uint32_t* p = difft_logs[k]; p < (const uint32_t*)c[CTX_X + 30]; ++p) hex(*p);
        putc_('\n');
    }
    *FINISHER = 0x5555; /* pass: exit 0 */
    for (;;) {}
}
