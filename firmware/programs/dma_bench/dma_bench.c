/* dma_bench: the same random gather out[i] = T[idx[i]] (4-byte elements, 4-byte indices, a 1 MiB table)
 * by the CPU and by the cascaded DMA (polling), timed with rdcycle; both results checked against each
 * other. benchmarks/dma_gather.sh runs it over DMA FIFO depths, DMA 2 modes and memory types and
 * reads the DMA's own statistics from stats.json (method and numbers: docs/dma.md). */
#include <stdio.h>
#include <string.h>
#include <drivers/msgdma.h>
#include <rt/runtime.h>

#define N_IDX 8192u
#define N_TAB (256u * 1024u)

static uint32_t tab[N_TAB];
static uint32_t idx[N_IDX], out_cpu[N_IDX], out_dma[N_IDX];

int main(void) {
    uint32_t r = 0x9E3779B9u;
    for (uint32_t k = 0; k < N_TAB; ++k) tab[k] = k * 2654435761u;
    for (uint32_t i = 0; i < N_IDX; ++i) {
        r ^= r << 13;
        r ^= r >> 17;
        r ^= r << 5;
        idx[i] = r % N_TAB;
    }
    msgdma_init(false);
    msgdma_cache_clean(tab, sizeof tab); /* once per data set, outside the timed region */
    uint64_t t0 = vp_rdcycle64();
    for (uint32_t i = 0; i < N_IDX; ++i) out_cpu[i] = tab[idx[i]];
    uint64_t t1 = vp_rdcycle64();
    uint32_t s = msgdma_gather(out_dma, tab, 4, idx, 4, N_IDX, MSGDMA_POLL);
    uint64_t t2 = vp_rdcycle64();
    int ok = s == 0 && memcmp(out_cpu, out_dma, sizeof out_cpu) == 0;
    printf("dma_bench: elements=%u cpu_cycles=%lu dma_cycles=%lu %s\n", N_IDX, (unsigned long)(t1 - t0),
           (unsigned long)(t2 - t1), ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
