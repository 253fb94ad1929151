// Graph500 Kronecker graph generator (Graph500 specification, "Graph Generation"): SCALE levels of
// recursive quadrant choice with initiator A, B, C, D = 0.57, 0.19, 0.19, 0.05, M = edgefactor * 2^SCALE
// edges, then a random vertex relabelling and a random edge shuffle. Deterministic for a given seed,
// on every host (Xoshiro256 only, no std:: distributions).
//
// What is implemented, exactly (the basic generator; no per-level noise on the initiator):
//   for each edge e in [0, M), for each level l in [0, SCALE):
//     i_bit = U() > A + B
//     j_bit = U() > (i_bit ? C / (C + D) : A / (A + B))
//     src |= i_bit << l;  dst |= j_bit << l
//   with U() uniform in [0, 1) (Xoshiro256::unit). Each level thus picks quadrant (0,0), (0,1),
//   (1,0), (1,1) with probability A, B, C, D. Then every endpoint v becomes perm[v] for a uniformly
//   random permutation perm of [0, N) (Fisher-Yates), and the M edges are put in uniformly random
//   order (Fisher-Yates). One generator seeded with `seed` draws all of this, in that order.
//   The edge order does not influence the CSR matrix (rows are built by counting and their columns
//   sorted); it is there so kronecker_edges() returns the spec's edge list.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "platform/workload/csr.h"

namespace vp::workload {

struct KroneckerOptions {
    uint32_t scale = 16;                  // N = 2^scale vertices, 1..31
    uint32_t edgefactor = 16;             // M = edgefactor * N generated edges
    double a = 0.57, b = 0.19, c = 0.19;  // d = 1 - a - b - c (0.05)
    uint64_t seed = 1;

    // CSR construction. Defaults: the undirected graph as a symmetric pattern matrix, self-loops
    // dropped, duplicates merged (what a graph kernel / the HMC paper's SCALE 20 matrix uses).
    bool symmetric = true;         // store edge (u,v) also as (v,u)
    bool keep_self_loops = false;  // keep (v,v) entries
    bool merge_duplicates = true;  // one entry per (row, col); otherwise repeats stay, adjacent
    enum class Values { One, Uniform };
    // One: every value 1.0f. Uniform: value in [-1, 1) from a hash of (seed, min(r,c), max(r,c)),
    // so a symmetric matrix is numerically symmetric and duplicates of an edge share a value.
    Values values = Values::One;
};

using Edge = std::pair<uint32_t, uint32_t>;  // (source, destination)

// The spec's edge list: exactly M = edgefactor * 2^scale edges, permuted and shuffled, with
// self-loops and duplicates as generated. Throws std::invalid_argument on bad options.
std::vector<Edge> kronecker_edges(const KroneckerOptions& opt);

// N x N CSR matrix from kronecker_edges(opt), built as the options say. Columns ascending within a
// row (non-decreasing if duplicates are kept). Throws std::invalid_argument if nnz would not fit in
// 32 bits.
CsrMatrix kronecker_csr(const KroneckerOptions& opt);

}  // namespace vp::workload
