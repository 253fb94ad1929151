/* Cache controller registers (priority-aware caches, docs/cache.md): one 4 KiB block per cache (memmap.h:
 * VP_CACHECTL_L1I_BASE, _L1D_BASE, _L2_BASE). All registers are 32-bit, little-endian.
 *
 * Priorities (policies "ac" and "pb"): on a miss to a line inside [FV_START, FV_END) the controller
 * reads the line's initial priority from a table in memory: entry k (a uint32) at PR_START + 4*k
 * belongs to the line at FV_START + k*line_size. That read is a real, timed, traced memory access.
 * Every other line gets DEFAULT_PRIO. AC takes the entry as the remaining access count q_i, PB as
 * its initial priority p_i (clamped to MAX_P). GRASP protects [HOT_START, HOT_END).
 * Writing POLICY re-initialises the replacement state (tags, data and dirty bits are kept).
 *
 * Statistics (firmware-readable, e.g. the hit rate of one phase of a kernel): the cache counts its
 * lookups and misses (one per line touched, as stats.json's "accesses"/"misses"), its write-backs,
 * and, apart, the lookups and misses whose address lies in the window [STAT_WIN_START, STAT_WIN_END)
 * (the same rule as stats.json's per-region counters). Writing STAT_CTRL_SNAPSHOT latches all five
 * live counts into the 64-bit STAT_* registers at once; STAT_CTRL_RESET restarts the live counts
 * from 0; both bits in one write: snapshot, then reset. At reset the window is empty. */
#ifndef VP_REGS_CACHE_CTRL_H
#define VP_REGS_CACHE_CTRL_H

/* The Zicbom cache-block size of the platform (the device tree's riscv,cbom-block-size): cbo.clean,
 * cbo.flush and cbo.inval act on every line of each cache that lies in the naturally aligned block
 * of this size holding the address (a cache whose lines are longer: on the line holding it). So
 * software steps by this size whatever the caches' line sizes are. */
#define VP_CBO_BLOCK_SIZE 64u

#define CACHECTL_POLICY       0x00u /* rw: replacement policy, CACHECTL_POLICY_* */
#define CACHECTL_FV_START     0x04u /* rw: feature-vector range start (byte address) */
#define CACHECTL_FV_END       0x08u /* rw: feature-vector range end (exclusive); start == end: off */
#define CACHECTL_PR_START     0x0Cu /* rw: address of the priority table (uint32 per line) */
#define CACHECTL_MAX_P        0x10u /* rw: PB maximum priority (seed default 10) */
#define CACHECTL_PERIOD       0x14u /* rw: PB accesses per set between decays (seed default 100) */
#define CACHECTL_DEFAULT_PRIO 0x18u /* rw: priority of lines outside the FV range */
#define CACHECTL_HOT_START    0x1Cu /* rw: GRASP hot range start */
#define CACHECTL_HOT_END      0x20u /* rw: GRASP hot range end (exclusive) */
#define CACHECTL_MAINT        0x24u /* w: whole-cache operation CACHECTL_MAINT_*; reads 0 */
#define CACHECTL_LINE_SIZE    0x40u /* ro: bytes per line */
#define CACHECTL_WAYS         0x44u /* ro */
#define CACHECTL_SETS         0x48u /* ro */
#define CACHECTL_SIZE_KIB     0x4Cu /* ro: capacity in KiB */
#define CACHECTL_SIZE         0x1000u

/* Statistics. The 64-bit counts are two 32-bit registers each (low word at the lower offset), read-only:
 * the values latched by the last snapshot, counted since the last reset. */
#define CACHECTL_STAT_CTRL         0x28u /* w: CACHECTL_STAT_CTRL_* bits; reads 0 */
#define CACHECTL_STAT_WIN_START    0x2Cu /* rw: statistics window start (byte address) */
#define CACHECTL_STAT_WIN_END      0x30u /* rw: window end (exclusive); end <= start: empty */
#define CACHECTL_STAT_ACCESSES     0x80u /* ro: lookups (64-bit) */
#define CACHECTL_STAT_MISSES       0x88u /* ro: lookups that missed (64-bit) */
#define CACHECTL_STAT_WRITEBACKS   0x90u /* ro: dirty lines written back (64-bit) */
#define CACHECTL_STAT_WIN_ACCESSES 0x98u /* ro: lookups inside the window (64-bit) */
#define CACHECTL_STAT_WIN_MISSES   0xA0u /* ro: misses inside the window (64-bit) */

#define CACHECTL_STAT_CTRL_SNAPSHOT 1u /* latch the live counts into the STAT_* registers */
#define CACHECTL_STAT_CTRL_RESET    2u /* restart the live counts from 0 (after the snapshot when both) */

#define CACHECTL_POLICY_LRU    0u
#define CACHECTL_POLICY_PLRU   1u
#define CACHECTL_POLICY_RANDOM 2u
#define CACHECTL_POLICY_SRRIP  3u
#define CACHECTL_POLICY_DRRIP  4u
#define CACHECTL_POLICY_AC     5u
#define CACHECTL_POLICY_PB     6u
#define CACHECTL_POLICY_GRASP  7u

#define CACHECTL_MAINT_CLEAN      1u /* write every dirty line back, keep it valid */
#define CACHECTL_MAINT_INVALIDATE 2u /* drop every line (dirty data is lost, as in hardware) */
#define CACHECTL_MAINT_FLUSH      3u /* clean, then invalidate */

#endif
