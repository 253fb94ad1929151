/* Data layout of the GCN aggregation workload, shared by the host side (platform/workload/gcn*.cpp,
 * which writes it, and tools/gcn, which emulates it) and the firmware (firmware/programs/gcn).
 *
 * The aggregation of one GCN layer, Y = Â·X (docs/gcn.md):
 *   Â   normalised adjacency with self-loops in CSC: column v lists the sources u of v's in-edges
 *        (and v itself), rows ascending; value Â(u, v) = 1 / sqrt(d(u) d(v)), d = column length;
 *   X    n x f floats (the features), Y n x f floats;
 *   Y[v][k] = sum over the nonzeros (u, v) of column v in storage order of Â(u, v) * X[u][k],
 *        every kernel starting from 0.0f and adding w * x rounded to float (no fused multiply-add),
 *        so every kernel, tiled or not, produces the same bits.
 *
 * Feature slicing: X and Y are stored as B_F = `slices` column slices of w = f / B_F floats (w a
 * multiple of 16: a slice row is whole 64-byte lines); slice s holds rows 0..n-1 of columns
 * [s*w, (s+1)*w) back to back: element (v, k) lives at float index s*n*w + v*w + (k - s*w) with
 * s = k / w. B_F = 1 is the plain row-major layout.
 *
 * Vertex tiling: the n x n matrix is a grid of GCN_UNITS x GCN_UNITS unit tiles of `unit` vertices
 * per side (unit = ceil(n / GCN_UNITS)). A tiling is a row of vertical strips (column = destination
 * ranges) of whole units; a strip w units wide is cut into square tiles of w x w units (source =
 * row ranges, the last one clipped at n). B_V x B_V tiles = B_V strips of GCN_UNITS / B_V units.
 *
 * Boot-info blobs:
 *   "gcn_info"  gcn_info_t
 *   "graph"     uint32 colptr[n + 1] at colptr_off, uint32 rowidx[nnz] at rowidx_off, float
 *               weight[nnz] at weight_off (byte offsets from the blob start, each 64-byte aligned)
 *   "features"  X in the sliced layout, 64-byte aligned
 *   "output"    Y in the same layout; the firmware overwrites it (the host poisons it with NaNs)
 *   "cursor"    uint32[n] scratch for the tiled kernels (the next nonzero of each column)
 * and with out_f > 0 (the layer's combination Z = Y·W, on the combination engine when there is one):
 *   "weights"   W, f x out_f floats row-major (row k: the weights of input feature k)
 *   "combined"  Z, n x out_f floats row-major; the firmware overwrites it (the host poisons it). Z[v][j]
 *               is the sum over k ascending of Y[v][k] * W[k][j] from 0.0f, each step rounded to float:
 *               slice s adds its columns k in [s*w, (s+1)*w) in turn. */
#ifndef VP_GCN_DATA_H
#define VP_GCN_DATA_H
#include <stdint.h>

#define GCN_INFO_MAGIC   0x204E4347u /* "GCN " little-endian */
#define GCN_INFO_VERSION 1u
#define GCN_UNITS        64u /* unit tiles per dimension */
#define GCN_SLICE_ALIGN  16u /* floats per 64-byte line: the smallest slice */

/* Kernels (gcn_info_t.kernel). All are one code path with different (B_F, B_V) except ATM. */
#define GCN_KERNEL_BASELINE 0u /* B_F = 1, B_V = 1 */
#define GCN_KERNEL_VT       1u /* vertex tiling only: B_F = 1, B_V = tiles */
#define GCN_KERNEL_FS       2u /* feature slicing only: B_F = slices, B_V = 1 */
#define GCN_KERNEL_FSVT     3u /* both, static (slices, tiles) */
#define GCN_KERNEL_ATM      4u /* B_F = slices, tiling chosen online per slice (automatic tile morphing) */

#define GCN_FLAG_ATM_FINE 1u /* ATM: fine morphing after the coarse phase */

typedef struct {
    uint32_t magic;   /* GCN_INFO_MAGIC */
    uint32_t version; /* GCN_INFO_VERSION */
    uint32_t n;       /* vertices */
    uint32_t nnz;     /* nonzeros of Â (edges + self-loops) */
    uint32_t f;       /* features per vertex (floats), a multiple of GCN_SLICE_ALIGN * slices */
    uint32_t slices;  /* B_F */
    uint32_t tiles;   /* B_V (VT, FSVT): a divisor of GCN_UNITS */
    uint32_t kernel;  /* GCN_KERNEL_* */
    uint32_t unit;    /* vertices per unit-tile side: ceil(n / GCN_UNITS), at least 1 */
    uint32_t flags;   /* GCN_FLAG_* */
    uint32_t colptr_off, rowidx_off, weight_off; /* in the "graph" blob */
    uint32_t out_f;                              /* combination: columns of W and Z (0: aggregation only) */
    uint32_t reserved[2];
} gcn_info_t; /* 64 bytes */

#endif
