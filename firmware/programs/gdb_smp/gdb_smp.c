/* gdb_smp: the GDB stub with two harts (tests/gdb: smp_threads, rsp_threads; docs/gdb.md). Every hart
 * enters start.S (the smp program's) with a0 = mhartid; harts 0 and 1 each call work(hartid) and
 * store its result; hart 0 waits for both, checks them and ends through the test finisher (pass, or
 * fail with code 1 when a result is wrong — e.g. after gdb changed a variable). Other harts park. */
#include <stdint.h>
#include <vp/regs/finisher.h>
#include <vp/regs/memmap.h>

#define NHARTS 2

volatile uint32_t result[NHARTS];
uint32_t finished;

/* sum of i * (hartid + 1) for i = 0 .. 10 + hartid: 55 on hart 0, 132 on hart 1 */
uint32_t __attribute__((noinline)) work(uint32_t hartid) {
    uint32_t acc = 0;
    for (uint32_t i = 0; i <= 10 + hartid; ++i) acc += i * (hartid + 1);
    return acc;
}

void smp_main(uint32_t hartid, uintptr_t dtb) {
    (void)dtb;
    if (hartid < NHARTS) {
        result[hartid] = work(hartid);
        __atomic_fetch_add(&finished, 1, __ATOMIC_SEQ_CST);
    }
    if (hartid != 0)
        for (;;) __asm__ volatile("wfi");
    while (__atomic_load_n(&finished, __ATOMIC_SEQ_CST) < NHARTS) {}
    const int ok = result[0] == 55 && result[1] == 132;
    *(volatile uint32_t *)(VP_FINISHER_BASE + FINISHER_REG) = ok ? FINISHER_PASS : FINISHER_FAIL_CODE(1);
    for (;;) {}
}
