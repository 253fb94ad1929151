/* Automatic tile morphing: the decision logic of include/vp/gcn_atm.h (rules there). Built into the
 * gcn firmware and, unchanged, into the host library vp_gcn_atm (platform/CMakeLists.txt). */
#include "vp/gcn_atm.h"

void gcn_tiling_uniform(gcn_tiling_t *t, uint32_t tiles) {
    if (tiles < 1) tiles = 1;
    if (tiles > GCN_UNITS) tiles = GCN_UNITS;
    t->count = tiles;
    for (uint32_t i = 0; i < GCN_UNITS; i++) t->width[i] = i < tiles ? (uint8_t)(GCN_UNITS / tiles) : 0;
}

int gcn_tiling_valid(const gcn_tiling_t *t) {
    if (t->count < 1 || t->count > GCN_UNITS) return 0;
    uint32_t sum = 0;
    for (uint32_t i = 0; i < t->count; i++) {
        if (t->width[i] < 1) return 0;
        sum += t->width[i];
    }
    return sum == GCN_UNITS;
}

static uint32_t hit_rate(uint64_t lookups, uint64_t misses) {
    if (lookups == 0 || misses > lookups) return 65536u;
    return (uint32_t)(((lookups - misses) << 16) / lookups);
}

static uint32_t start_of(const gcn_tiling_t *t, uint32_t strip) {
    uint32_t s = 0;
    for (uint32_t i = 0; i < strip; i++) s += t->width[i];
    return s;
}

/* Index of the strip of t that starts at unit `start`, or t->count if none does. */
static uint32_t strip_at(const gcn_tiling_t *t, uint32_t start) {
    uint32_t s = 0;
    for (uint32_t i = 0; i < t->count; i++) {
        if (s == start) return i;
        s += t->width[i];
    }
    return t->count;
}

/* order[] = start units of best's strips sorted by hit rate (ascending or descending), ties by
 * position (left first): a stable insertion sort. */
static void sort_strips(gcn_atm_t *a, int descending) {
    uint32_t idx[GCN_UNITS];
    const uint32_t n = a->best.count;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t j = i;
        while (j > 0) {
            const uint32_t h = a->best_hit[idx[j - 1]], mine = a->best_hit[i];
            if (descending ? h >= mine : h <= mine) break;
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = i;
    }
    for (uint32_t i = 0; i < n; i++) a->order[i] = (uint8_t)start_of(&a->best, idx[i]);
    a->order_len = n;
    a->next = 0;
}

static void finish(gcn_atm_t *a) {
    a->phase = GCN_ATM_DONE;
    a->current = a->best;
}

/* The next merge candidate from order[next...], or done. */
static void pick_merge(gcn_atm_t *a) {
    a->phase = GCN_ATM_MERGE;
    for (; a->next < a->order_len; a->next++) {
        const gcn_tiling_t *b = &a->best;
        const uint32_t i = strip_at(b, a->order[a->next]);
        if (i >= b->count || b->count < 2) continue; /* merged away already, or nothing to merge */
        uint32_t left = i;                           /* merge strips left and left + 1 */
        if (i == 0)
            left = 0;
        else if (i + 1 >= b->count)
            left = i - 1;
        else
            left = a->best_hit[i + 1] > a->best_hit[i - 1] ? i : i - 1;
        gcn_tiling_t t = *b;
        t.width[left] = (uint8_t)(b->width[left] + b->width[left + 1]);
        for (uint32_t k = left + 1; k + 1 < b->count; k++) t.width[k] = b->width[k + 1];
        t.width[b->count - 1] = 0;
        t.count = b->count - 1;
        a->current = t;
        return;
    }
    finish(a);
}

static void start_merge(gcn_atm_t *a) {
    sort_strips(a, 1);
    pick_merge(a);
}

static int same_tiling(const gcn_tiling_t *x, const gcn_tiling_t *y) {
    if (x->count != y->count) return 0;
    for (uint32_t i = 0; i < x->count; i++)
        if (x->width[i] != y->width[i]) return 0;
    return 1;
}

/* The next split candidate from order[next...], or on to merging. A candidate equal to the tiling
 * that ended the coarse phase (splitting the single strip of B_V = 1 gives B_V = 2) was measured
 * already and is skipped. */
static void pick_split(gcn_atm_t *a) {
    a->phase = GCN_ATM_SPLIT;
    for (; a->next < a->order_len; a->next++) {
        const gcn_tiling_t *b = &a->best;
        const uint32_t i = strip_at(b, a->order[a->next]);
        if (i >= b->count || b->width[i] < 2 || b->count >= GCN_UNITS) continue;
        gcn_tiling_t t = *b;
        for (uint32_t k = b->count; k > i + 1; k--) t.width[k] = b->width[k - 1];
        t.width[i] = (uint8_t)(b->width[i] / 2);
        t.width[i + 1] = (uint8_t)(b->width[i] - b->width[i] / 2);
        t.count = b->count + 1;
        if (same_tiling(&t, &a->rejected)) continue;
        a->current = t;
        return;
    }
    start_merge(a);
}

void gcn_atm_init(gcn_atm_t *a, int fine, uint32_t warmup, uint32_t warmup_max, uint32_t probes) {
    a->phase = warmup ? GCN_ATM_WARMUP : GCN_ATM_COARSE;
    a->warmup = warmup;
    a->warmup_max = warmup_max > warmup ? warmup_max : warmup;
    a->memo_len = a->decided = 0;
    a->probes = probes;
    a->probed = 0;
    a->fine = fine != 0;
    gcn_tiling_uniform(&a->current, 1);
    a->best = a->current;
    a->rejected.count = 0;
    a->best_time = UINT64_MAX;
    for (uint32_t i = 0; i < GCN_UNITS; i++) {
        a->best_hit[i] = 0;
        a->order[i] = 0;
    }
    a->order_len = a->next = 0;
    a->slices = 0;
    a->action = GCN_ATM_ACT_NONE;
}

const gcn_tiling_t *gcn_atm_tiling(const gcn_atm_t *a) { return &a->current; }

static int measured(const gcn_atm_t *a, const gcn_tiling_t *t) {
    for (uint32_t i = 0; i < a->memo_len; i++)
        if (same_tiling(&a->memo[i], t)) return 1;
    return 0;
}

static void decide(gcn_atm_t *a, int better);

void gcn_atm_report(gcn_atm_t *a, uint64_t time, const uint64_t *lookups, const uint64_t *misses, uint64_t writebacks) {
    a->slices++;
    if (a->phase == GCN_ATM_WARMUP) {
        a->action = GCN_ATM_ACT_WARMUP;
        if (a->slices >= a->warmup && (writebacks > 0 || a->slices >= a->warmup_max)) a->phase = GCN_ATM_COARSE;
        return;
    }
    if (a->phase != GCN_ATM_DONE && a->memo_len < GCN_ATM_MEMO && !measured(a, &a->current))
        a->memo[a->memo_len++] = a->current;
    if (a->phase != GCN_ATM_DONE && a->best_time != UINT64_MAX) a->probed++; /* a candidate's slice */
    const int better = time < a->best_time - (a->best_time >> GCN_ATM_MARGIN_SHIFT);
    if (better) {
        a->best = a->current;
        a->best_time = time;
        for (uint32_t i = 0; i < a->current.count; i++) a->best_hit[i] = hit_rate(lookups[i], misses[i]);
    }
    decide(a, better);
    /* A candidate measured before is not better (the best is the fastest measured): decided now. */
    const uint32_t action = a->action;
    while (a->phase != GCN_ATM_DONE && measured(a, &a->current)) {
        a->decided++;
        decide(a, 0);
    }
    a->action = action;
    if (a->phase != GCN_ATM_DONE && a->probed >= a->probes) { /* no slice left for another candidate */
        finish(a);
        a->action = GCN_ATM_ACT_BUDGET;
    }
}

/* The rules of include/vp/gcn_atm.h after a slice (or a remembered candidate) that was `better` or not. */
static void decide(gcn_atm_t *a, int better) {
    switch (a->phase) {
        case GCN_ATM_COARSE:
            if (better && a->current.count < GCN_UNITS) {
                gcn_tiling_uniform(&a->current, a->current.count * 2);
                a->action = GCN_ATM_ACT_DOUBLE;
                return;
            }
            a->action = GCN_ATM_ACT_SETTLE;
            a->rejected = a->current;
            a->current = a->best;
            if (a->fine) {
                sort_strips(a, 0);
                pick_split(a);
            } else {
                finish(a);
            }
            return;
        case GCN_ATM_SPLIT:
            if (!better) {
                a->action = GCN_ATM_ACT_UNSPLIT;
                a->current = a->best;
                start_merge(a);
                return;
            }
            a->action = GCN_ATM_ACT_SPLIT;
            a->next++;
            pick_split(a);
            return;
        case GCN_ATM_MERGE:
            if (!better) {
                a->action = GCN_ATM_ACT_UNMERGE;
                finish(a);
                return;
            }
            a->action = GCN_ATM_ACT_MERGE;
            a->next++;
            pick_merge(a);
            return;
        default:
            a->action = GCN_ATM_ACT_KEEP;
            a->current = a->best;
            return;
    }
}

const char *gcn_atm_phase_name(uint32_t phase) {
    switch (phase) {
        case GCN_ATM_COARSE: return "coarse";
        case GCN_ATM_SPLIT: return "split";
        case GCN_ATM_MERGE: return "merge";
        case GCN_ATM_DONE: return "done";
        case GCN_ATM_WARMUP: return "warmup";
        default: return "?";
    }
}

const char *gcn_atm_action_name(uint32_t action) {
    static const char *const names[] = {"none",  "double",  "settle", "split",  "unsplit",
                                        "merge", "unmerge", "keep",   "warmup", "budget"};
    return action < sizeof names / sizeof names[0] ? names[action] : "?";
}
