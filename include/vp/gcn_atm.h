/* Automatic tile morphing (ATM): the online search for a vertex tiling of the GCN aggregation
 * (docs/gcn.md). Feature slicing repeats the same traversal of the graph once per slice, so each
 * slice can try a tiling and measure it; ATM decides, after every slice, the tiling of the next one.
 *
 * Pure decision logic in C99 without I/O: the firmware (firmware/programs/gcn) links it with the
 * slice time from mcycle and the per-strip hit rates from the L2's statistics window, and the host
 * emulator (tools/gcn) links the very same source (firmware/programs/gcn/gcn_atm.c) with its modelled
 * time and replayed cache counts. tests/workload/test_gcn_atm.cpp drives it with synthetic timings.
 *
 * The rules (a slice is "better" when its time is lower than the incumbent's -- the best tiling so far,
 * measured in the slice before the candidate, or a few slices before when candidates in between were
 * undone -- by more than 1/32 of it, GCN_ATM_MARGIN_SHIFT: adjacent slices of
 * one tiling differ by about 1 % (drift), a tiling's time depends on what earlier slices left in the cache,
 * and the emulator's time model is off by 1-2 % on some graphs (docs/gcn.md, "ATM"); a smaller gain is
 * not told from noise, and leaving it costs less than 3.1 %):
 *   warm-up: slices run B_V = 1 and are not measured until the cache is in the state every later
 *           slice finds: at least `warmup` slices, then until a slice has written dirty lines back
 *           (the cache is full of earlier slices' output, which every later slice pays to write back),
 *           at most `warmup_max` slices. Slice 0 starts with a clean cache, and the slices while the
 *           cache fills pay no write-backs: their times are not comparable with later ones (issue #35:
 *           Cora-like on the aggregation engine, 8 MiB, B_F = 30: 98 k cycles per slice at B_V = 1 for
 *           7 slices, then 500 k; B_V = 2 was slower before and faster after);
 *   coarse: the first measured slice runs B_V = 1 (one strip, no tiling); while the last slice was better, double the
 *           tiles per dimension (B_V = 2, 4, ... up to GCN_UNITS); the first slice that is not better
 *           ends the phase and the best uniform tiling is kept;
 *   split:  the strips of the best tiling, by measured hit rate ascending (ties: left first), are
 *           split in half one per slice (a strip w units wide becomes w/2 and w - w/2, each with
 *           square tiles of its own width; one unit wide strips are skipped, and so is a split that
 *           gives the tiling that ended the coarse phase: B_V = 1 split is B_V = 2) while the slice
 *           is better; the first split that is not better is undone and ends the phase;
 *   merge:  the strips of the best tiling, by hit rate descending (ties: left first), are merged one
 *           per slice with the neighbour of higher hit rate (ties: the left one) while the slice is
 *           better; the first merge that is not better is undone and ATM is done: every later slice
 *           runs the best tiling.
 * Hit rates are those measured when the best tiling ran (hits * 65536 / lookups of its features
 * window; a strip without lookups counts as 65536). Without fine morphing ATM is done after coarse.
 * A tiling is never measured twice: every measured tiling is remembered (up to GCN_ATM_MEMO), and a
 * candidate that was measured already (a merge back to a tiling of the coarse phase, say) is decided
 * from its recorded time at once -- not better, since the best so far is the fastest measured -- without
 * spending a slice on it.
 * Probe budget: a candidate slice (a measured slice after the first one) can be much slower than the
 * incumbent (B_V = 2 on a graph whose slices fit the cache: +44 % in DRAM traffic), and with few slices
 * one such probe is a large share of the run (a quarter of a 4-slice run: issue #35). ATM runs at most
 * `probes` candidate slices (GCN_ATM_PROBES: one per 8 slices of the run), then keeps the best tiling;
 * the search's worst-case cost is about (excess of a probe) / 8 of the run. */
#ifndef VP_GCN_ATM_H
#define VP_GCN_ATM_H
#include <stdint.h>
#include "vp/gcn_data.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint32_t count;           /* strips, left to right */
    uint8_t width[GCN_UNITS]; /* units per strip, each >= 1, summing to GCN_UNITS */
} gcn_tiling_t;

/* B_V x B_V tiles: `tiles` strips of GCN_UNITS / tiles units (tiles a power of two <= GCN_UNITS). */
void gcn_tiling_uniform(gcn_tiling_t *t, uint32_t tiles);
/* 1 when t is a valid tiling (widths >= 1 summing to GCN_UNITS). */
int gcn_tiling_valid(const gcn_tiling_t *t);

enum { GCN_ATM_COARSE = 0, GCN_ATM_SPLIT = 1, GCN_ATM_MERGE = 2, GCN_ATM_DONE = 3, GCN_ATM_WARMUP = 4 };

#define GCN_ATM_WARMUP_SLICES 1u /* the firmware's and the emulator's warm-up: at least slice 0 ... */
/* ... and at most all but the last 3 slices (slice 0 alone with 4 slices or fewer): a cache that writes
 * nothing back for that long holds every slice's working set, where B_V = 1 is what tiling would find. */
#define GCN_ATM_WARMUP_MAX(slices) ((slices) > 4u ? (slices)-3u : 1u)
#define GCN_ATM_MEMO               48u /* measured tilings remembered */
/* Candidate slices a run of `slices` slices may spend (0 with fewer than 8 slices: no search). */
#define GCN_ATM_PROBES(slices) ((slices) / 8u)
/* Better = faster than the incumbent by more than its time >> GCN_ATM_MARGIN_SHIFT (1/32 = 3.1 %). */
#define GCN_ATM_MARGIN_SHIFT 5u

/* What a report decided (gcn_atm_t.action), for the slice-by-slice trajectory. */
enum {
    GCN_ATM_ACT_NONE = 0,    /* no report yet */
    GCN_ATM_ACT_DOUBLE = 1,  /* coarse: better, try twice the tiles */
    GCN_ATM_ACT_SETTLE = 2,  /* coarse: not better (or at the limit), back to the best uniform tiling */
    GCN_ATM_ACT_SPLIT = 3,   /* split accepted (or split phase started), try the next split */
    GCN_ATM_ACT_UNSPLIT = 4, /* split not better: undone */
    GCN_ATM_ACT_MERGE = 5,   /* merge accepted (or merge phase started), try the next merge */
    GCN_ATM_ACT_UNMERGE = 6, /* merge not better: undone, done */
    GCN_ATM_ACT_KEEP = 7,    /* done: the best tiling again */
    GCN_ATM_ACT_WARMUP = 8,  /* warm-up slice: not measured */
    GCN_ATM_ACT_BUDGET = 9   /* the probe budget is spent: the best tiling from now on (done) */
};

typedef struct {
    uint32_t phase;                  /* GCN_ATM_* */
    uint32_t fine;                   /* fine morphing enabled */
    gcn_tiling_t current;            /* the tiling of the next slice */
    gcn_tiling_t best;               /* the best tiling measured */
    gcn_tiling_t rejected;           /* the tiling that ended the coarse phase (not tried again) */
    uint64_t best_time;              /* its slice time; UINT64_MAX before the first report */
    uint32_t best_hit[GCN_UNITS];    /* per strip of best: hit rate * 65536 */
    uint8_t order[GCN_UNITS];        /* fine phases: start units of the strips to visit, in order */
    uint32_t order_len, next;        /* entries of order[], position of the next candidate */
    uint32_t slices;                 /* reports so far */
    uint32_t action;                 /* GCN_ATM_ACT_* of the last report */
    uint32_t warmup, warmup_max;     /* unmeasured slices before the coarse phase: at least, at most */
    uint32_t memo_len;               /* entries of memo[] */
    uint32_t decided;                /* candidates decided from the memo without a slice */
    uint32_t probes, probed;         /* candidate slices allowed, run so far */
    gcn_tiling_t memo[GCN_ATM_MEMO]; /* the tilings measured so far */
} gcn_atm_t;

/* Warm-up: at least `warmup` and at most `warmup_max` slices run with B_V = 1, not measured, before the
 * coarse phase starts (0: none); at most `probes` candidate slices (GCN_ATM_PROBES(slices)). */
void gcn_atm_init(gcn_atm_t *a, int fine, uint32_t warmup, uint32_t warmup_max, uint32_t probes);
/* The tiling to run the next slice with. */
const gcn_tiling_t *gcn_atm_tiling(const gcn_atm_t *a);
/* After running a slice with gcn_atm_tiling(a): its time, per strip of that tiling the lookups and
 * misses of the features window (current.count entries each), and the dirty lines the cache wrote back
 * during the slice (the warm-up's end). */
void gcn_atm_report(gcn_atm_t *a, uint64_t time, const uint64_t *lookups, const uint64_t *misses, uint64_t writebacks);
const char *gcn_atm_phase_name(uint32_t phase);
const char *gcn_atm_action_name(uint32_t action);

#ifdef __cplusplus
}
#endif
#endif
