/* An S-mode payload for OpenSBI: what a kernel asks of the SBI at boot, and nothing else (no M-mode
 * CSR, no device but the PLIC and the UART's interrupt enable). Prints through the SBI console (the
 * DBCN extension when the SBI has it, else the legacy console putchar), reports the SBI's version and
 * extensions, sets an SBI timer (TIME) and sleeps in WFI until the supervisor timer interrupt comes,
 * takes a device interrupt through the PLIC's S-mode context (the UART's THR-empty interrupt, context
 * 2h + 1: hart h S-mode), reads `time`, then shuts down through SRST (OpenSBI -> the test finisher: exit
 * 0). On any unexpected trap or failed check: a line saying why, then the test finisher's FAIL
 * (exit 1). tests/platform/test_opensbi.py runs it under OpenSBI (docs/boot.md). Started without an SBI
 * (no device tree in a1: vp run --elf) it only ends the run through the test finisher. */
#include <stdint.h>
#include <vp/regs/finisher.h>
#include <vp/regs/memmap.h>
#include <vp/regs/plic.h>
#include <vp/regs/uart16550.h>

#define SBI_EXT_BASE       0x10
#define SBI_EXT_TIME       0x54494D45
#define SBI_EXT_SRST       0x53525354
#define SBI_EXT_DBCN       0x4442434E
#define SBI_LEGACY_PUTCHAR 1

#define SIE_STIE    (1u << 5)
#define SIE_SEIE    (1u << 9)
#define SSTATUS_SIE (1u << 1)
static uint32_t ctx_s; /* PLIC context 2h + 1: this hart's S-mode (QEMU virt's numbering) */

struct sbiret {
    long error, value;
};

static struct sbiret sbi_call(unsigned long ext, unsigned long fid, unsigned long a0, unsigned long a1,
                              unsigned long a2) {
    register unsigned long r0 __asm__("a0") = a0;
    register unsigned long r1 __asm__("a1") = a1;
    register unsigned long r2 __asm__("a2") = a2;
    register unsigned long r6 __asm__("a6") = fid;
    register unsigned long r7 __asm__("a7") = ext;
    __asm__ volatile("ecall" : "+r"(r0), "+r"(r1) : "r"(r2), "r"(r6), "r"(r7) : "memory");
    return (struct sbiret){(long)r0, (long)r1};
}

static int has_dbcn;

static void print(const char *s) {
    unsigned long n = 0;
    while (s[n]) ++n;
    if (has_dbcn) {
        sbi_call(SBI_EXT_DBCN, 0, n, (unsigned long)(uintptr_t)s, 0); /* write(num_bytes, base_lo, base_hi) */
        return;
    }
    for (unsigned long i = 0; i < n; ++i) sbi_call(SBI_LEGACY_PUTCHAR, 0, (unsigned char)s[i], 0, 0);
}
static void print_hex(const char *label, uint32_t v) {
    char buf[11] = "0x";
    for (int i = 0; i < 8; ++i) buf[2 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 15];
    buf[10] = 0;
    print(label);
    print(buf);
    print("\n");
}

static void shutdown(unsigned long reason) {
    sbi_call(SBI_EXT_SRST, 0, 0 /* shutdown */, reason, 0);
    for (;;) __asm__ volatile("wfi");
}
/* A failure ends the run with exit 1 through the test finisher itself (OpenSBI's SRST shutdown always
 * writes the finisher's pass, whatever the reason). */
static void fail(const char *why) {
    print("sbi_payload: FAILED: ");
    print(why);
    print("\n");
    *(volatile uint32_t *)(uintptr_t)VP_FINISHER_BASE = FINISHER_FAIL_CODE(1);
    shutdown(1); /* (not reached) */
}

static uint64_t rdtime(void) {
    uint32_t hi, lo, hi2;
    do {
        __asm__ volatile("rdtimeh %0" : "=r"(hi));
        __asm__ volatile("rdtime %0" : "=r"(lo));
        __asm__ volatile("rdtimeh %0" : "=r"(hi2));
    } while (hi != hi2);
    return (uint64_t)hi << 32 | lo;
}
static void set_timer(uint64_t at) { sbi_call(SBI_EXT_TIME, 0, (uint32_t)at, (uint32_t)(at >> 32), 0); }

static volatile uint32_t timer_irqs, uart_irqs;

static volatile uint32_t *plic(uint32_t off) { return (volatile uint32_t *)(uintptr_t)(VP_PLIC_BASE + off); }
static volatile uint8_t *uart(uint32_t off) { return (volatile uint8_t *)(uintptr_t)(VP_UART0_BASE + off); }

void s_trap(uint32_t scause) {
    if (scause == (0x80000000u | 5u)) { /* supervisor timer: the SBI clears STIP when the timer is set again */
        set_timer(~0ull);
        ++timer_irqs;
    } else if (scause == (0x80000000u | 9u)) { /* supervisor external: the PLIC context 2h + 1 */
        uint32_t src;
        while ((src = *plic(PLIC_CLAIM(ctx_s))) != 0) {
            if (src == VP_IRQ_UART0) {
                (void)*uart(UART_IIR); /* ends the THR-empty interrupt */
                *uart(UART_IER) = 0;
                ++uart_irqs;
            }
            *plic(PLIC_CLAIM(ctx_s)) = src;
        }
    } else {
        print_hex("sbi_payload: unexpected trap, scause=", scause);
        fail("unexpected trap");
    }
}

void payload_main(uint32_t hartid, uint32_t dtb) {
    if (!dtb) { /* started as bare-metal firmware (vp run --elf: M-mode, a1 = 0): there is no SBI to call */
        *(volatile uint32_t *)(uintptr_t)VP_FINISHER_BASE = FINISHER_PASS;
        for (;;) {}
    }
    ctx_s = 2 * hartid + 1;
    has_dbcn = sbi_call(SBI_EXT_BASE, 3, SBI_EXT_DBCN, 0, 0).value != 0; /* probe_extension */
    print(has_dbcn ? "sbi_payload: hello from S-mode (SBI debug console)\n"
                   : "sbi_payload: hello from S-mode (SBI legacy console)\n");
    print_hex("sbi_payload: hartid=", hartid);
    print_hex("sbi_payload: dtb=", dtb);
    const struct sbiret spec = sbi_call(SBI_EXT_BASE, 0, 0, 0, 0), impl = sbi_call(SBI_EXT_BASE, 1, 0, 0, 0);
    print_hex("sbi_payload: SBI spec version=", (uint32_t)spec.value);
    print_hex("sbi_payload: SBI implementation=", (uint32_t)impl.value);
    if (!sbi_call(SBI_EXT_BASE, 3, SBI_EXT_TIME, 0, 0).value || !sbi_call(SBI_EXT_BASE, 3, SBI_EXT_SRST, 0, 0).value)
        fail("no TIME or SRST extension");

    /* TIME: a timer 1 ms (10000 ticks of the 10 MHz timebase) ahead, the interrupt taken in S */
    __asm__ volatile("csrs sie, %0" ::"r"(SIE_STIE | SIE_SEIE));
    const uint64_t t0 = rdtime();
    set_timer(t0 + 10000);
    while (!timer_irqs) {
        __asm__ volatile("csrc sstatus, %0" ::"r"(SSTATUS_SIE));
        if (!timer_irqs) __asm__ volatile("wfi");
        __asm__ volatile("csrs sstatus, %0" ::"r"(SSTATUS_SIE));
    }
    const uint64_t waited = rdtime() - t0;
    if (waited < 10000) fail("the timer interrupt came early");
    print("sbi_payload: supervisor timer interrupt taken (SBI TIME)\n");

    /* A device interrupt through the PLIC's S-mode context */
    *plic(PLIC_PRIORITY(VP_IRQ_UART0)) = 1;
    *plic(PLIC_THRESHOLD(ctx_s)) = 0;
    *plic(PLIC_ENABLE(ctx_s, VP_IRQ_UART0 / 32)) = 1u << (VP_IRQ_UART0 % 32);
    *uart(UART_IER) = UART_IER_THRI;
    for (volatile int i = 0; i < 1000 && !uart_irqs; ++i) {}
    if (uart_irqs != 1) fail("no UART interrupt through the PLIC's S context of this hart");
    print("sbi_payload: UART interrupt taken through the PLIC's S-mode context (SEIP)\n");

    print("sbi_payload: shutting down (SBI SRST)\n");
    shutdown(0);
}
