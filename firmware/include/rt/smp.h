/* Several harts in one C program (runtime/smp_start.S, runtime/smp.c; docs/smp.md "Writing SMP firmware").
 *
 * Link with -Wl,--entry=vp_smp_start. Hart 0 runs crt0 and main as usual; the other harts wait until
 * main calls vp_smp_release_harts(), then run vp_smp_worker(hartid) (defined by the program) on their
 * own 4 KiB stack. vp_smp_harts() is the number of harts the device tree lists (platform.dtb: true
 * on the VP; QEMU virt always passes one), clamped to VP_SMP_MAX_HARTS, and 1 without a device tree. */
#ifndef FW_RT_SMP_H
#define FW_RT_SMP_H
#include <stdint.h>

#define VP_SMP_MAX_HARTS 8

extern volatile uint32_t vp_smp_release;

/* The program's per-hart entry for harts 1.. (hart 0 runs main). */
void vp_smp_worker(uint32_t hartid);

/* The /cpus/cpu@N nodes of the flattened device tree at dtb (0 when it is not one). Freestanding: also
 * for programs without the C library (firmware/programs/smp). */
uint32_t vp_dtb_count_cpus(uintptr_t dtb);

/* Harts to use: the device tree's count (from the DTB hart 0 got in a1), 1..VP_SMP_MAX_HARTS. */
uint32_t vp_smp_harts(void);

/* Lets harts 1.. run vp_smp_worker; publishes everything main wrote before (release ordering). */
static inline void vp_smp_release_harts(void) { __atomic_store_n(&vp_smp_release, 1u, __ATOMIC_RELEASE); }

/* A sense-reversing barrier for `harts` harts; *local_sense is the caller's own (start at 0). */
typedef struct {
    volatile uint32_t count, sense;
} vp_smp_barrier_t;
static inline void vp_smp_barrier(vp_smp_barrier_t *b, uint32_t harts, uint32_t *local_sense) {
    const uint32_t s = *local_sense ^= 1u;
    if (__atomic_add_fetch(&b->count, 1u, __ATOMIC_ACQ_REL) == harts) {
        __atomic_store_n(&b->count, 0u, __ATOMIC_RELAXED);
        __atomic_store_n(&b->sense, s, __ATOMIC_RELEASE);
    } else {
        while (__atomic_load_n(&b->sense, __ATOMIC_ACQUIRE) != s) {}
    }
}

#endif
