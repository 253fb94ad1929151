/* gdb_demo: a small -O0 program for debugging the firmware on the VP with gdb (docs/gdb.md,
 * tests/gdb). Run alone it prints one line and exits 0; a debugger may change g_exit_code (the exit
 * code) or set g_spin to make it loop until interrupted. */
#include <stdio.h>

volatile int g_exit_code = 0; /* main's return value */
volatile int g_spin = 0;      /* non-zero: loop in spin() until a debugger clears it */
unsigned int g_table[4] = {0x11111111u, 0x22222222u, 0x33333333u, 0x44444444u};
volatile unsigned int g_total = 0;
float g_scale = 1.5f;

static unsigned int sum_table(const unsigned int *t, int n) {
    unsigned int s = 0;
    for (int i = 0; i < n; ++i) s += t[i];
    return s;
}

static int spin(void) {
    int rounds = 0;
    while (g_spin) ++rounds;
    return rounds;
}

int main(void) {
    int counter = 42;
    counter += 1;
    g_total = sum_table(g_table, 4);
    float scaled = g_scale * (float)counter;
    spin();
    printf("gdb_demo: counter %d, total 0x%08x, scaled %d\n", counter, g_total, (int)scaled);
    return g_exit_code;
}
