// Host-side data of the GCN aggregation workload (docs/gcn.md, layout include/vp/gcn_data.h):
// synthetic graphs (power-law stand-ins for Cora, Citeseer and Pokec with their vertex and edge
// counts; Graph500 Kronecker graphs through kronecker.h), the normalised adjacency Â in CSC, the
// features, the reference result in the firmware's operation order, and the memory image.
// SystemC-free (library vp_workload_data): the platform workload and the host emulator share it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "platform/workload/image.h"
#include "platform/workload/kronecker.h"
#include "vp/gcn_data.h"

namespace vp::workload {

// A power-law graph with exact counts (Chung-Lu style, as synthetic_relational_graph in rgcn.h):
// vertex k of a random ranking gets weight (k+1)^(-1/(exponent-1)); edges join weighted endpoints.
//   1. `isolated` random vertices get no edge at all; every other vertex gets at least one, to a
//      weighted partner (undirected), or as the source or the target with equal chance (directed);
//   2. the remaining edges: both endpoints by weight (directed: sources by one ranking's weights,
//      targets by an independent ranking's, so in- and out-degrees are both heavy-tailed).
// No self-loops, no repeated edge; exactly `vertices` and `edges` (undirected: vertex pairs, stored
// as both arcs; directed: arcs). With max_degree > 0 the exponent is chosen (bisection) so that the
// top vertex's expected degree (undirected: degree; directed: in-degree) is max_degree.
// Deterministic for a seed. Throws std::invalid_argument naming the field when the counts cannot be met.
struct PowerLawSpec {
    uint32_t vertices = 1000;
    uint64_t edges = 4000;
    bool directed = false;
    double exponent = 2.5;    // > 1; ignored when max_degree > 0
    uint32_t max_degree = 0;  // target for the largest expected degree; 0: use exponent
    uint32_t isolated = 0;    // vertices without edges
    uint64_t seed = 1;
};

// Presets: faithful-size stand-ins for data sets that are not in data/ (data/README.md).
//   cora      2,708 vertices,     5,278 undirected edges (10,556 arcs), max degree 168
//   citeseer  3,327 vertices,     4,552 undirected edges ( 9,104 arcs), max degree  99, 48 isolated
//   pokec     1,632,803 vertices, 30,622,564 directed arcs (SNAP soc-Pokec), max in-degree 10,000 (an
//             assumption of ours: the generator needs a tail, the data set's is not at hand)
// (Cora and Citeseer as in the Planetoid versions used by GCN papers.) `scale_down` divides the
// vertex, edge, isolated and max-degree counts (Pokec-like graphs that fit a platform run).
// Throws std::invalid_argument for an unknown name.
PowerLawSpec preset_graph(const std::string& name, uint32_t scale_down = 1, uint64_t seed = 1);

// Arcs (source, target) of the graph, sorted by (source, target); undirected edges as both arcs.
// `exponent_used` (optional) receives the exponent actually used.
std::vector<Edge> powerlaw_arcs(const PowerLawSpec& spec, double* exponent_used = nullptr);
// Arcs of a Graph500 Kronecker graph (kronecker_csr: symmetric, no self-loops, merged duplicates).
std::vector<Edge> kronecker_arcs(const KroneckerOptions& opt);

// A directed graph with planted communities and power-law degrees, built straight into Â's CSC
// (community_graph below): a degree-corrected stochastic block model whose blocks have LFR-like
// power-law sizes (Lancichinetti, Fortunato, Radicchi 2008). The stand-in for Pokec (`pokec_sbm`):
//   - community sizes s ~ s^-community_exponent in [min_community, max_community], drawn until they
//     cover every vertex (the last one takes the rest; one below min_community joins its predecessor);
//   - in-degrees: a power-law sequence over a random ranking, d_k ~ (k+1)^(-1/(exponent-1)) rounded
//     cumulatively so that they sum to exactly `edges`; the exponent is calibrated so that the top
//     vertex gets `max_degree` (the largest in-degree is max_degree, up to rounding);
//   - the sources of v's in-arcs: with probability 1 - mixing from v's community, else from all
//     vertices, each weighted by a second, independent power-law ranking (Chung-Lu out-degrees); no
//     self-loop, no repeat (a community that runs out of new sources hands the draw to all vertices);
//   - vertex numbers: community by community (community_order) or a random permutation.
// Column by column: host memory is the CSC plus O(vertices) words, no list of arcs. Deterministic
// for a seed. Throws std::invalid_argument naming the field when the counts cannot be met.
struct CommunitySpec {
    uint32_t vertices = 1000;
    uint64_t edges = 10000;  // arcs
    uint32_t max_degree = 100;
    double mixing = 0.2;
    double community_exponent = 1.5;
    uint32_t min_community = 32;
    uint32_t max_community = 4096;
    bool community_order = false;
    uint64_t seed = 1;
};
struct CommunityStats {
    uint32_t communities = 0;
    uint64_t intra_arcs = 0;          // arcs whose source is in the target's community
    double exponent = 0;              // the in-degree exponent used
    std::vector<uint32_t> community;  // community of each vertex
};
// The Pokec stand-in's spec: 1,632,803 vertices, 30,622,564 arcs, `scale_down` dividing both (and
// the top in-degree, keeping the full-size exponent) as preset_graph does.
CommunitySpec pokec_community_spec(uint32_t scale_down = 1, uint64_t seed = 1);

// Â = normalised adjacency with self-loops, CSC: column v holds the sources u of the arcs u -> v and
// v itself, rows ascending; weight(u, v) = 1 / sqrt(d(u) d(v)) (double, rounded to float) with d the
// column length (in-degree + 1; for undirected graphs the degree + 1: Kipf and Welling's
// D^-1/2 (A + I) D^-1/2).
struct GcnGraph {
    uint32_t n = 0;
    uint64_t arcs = 0;             // without the self-loops
    std::vector<uint32_t> colptr;  // n + 1
    std::vector<uint32_t> rowidx;  // nnz
    std::vector<float> weight;     // nnz
    uint64_t nnz() const { return rowidx.size(); }
};
// Throws std::invalid_argument when an arc names a vertex >= n or nnz does not fit 32 bits.
GcnGraph build_gcn_graph(uint32_t n, const std::vector<Edge>& arcs);

// The community graph of `spec` as Â (see CommunitySpec); `stats` (optional) receives what was planted.
GcnGraph community_graph(const CommunitySpec& spec, CommunityStats* stats = nullptr);

// Degree statistics of a graph's columns without the self-loop (in-degrees).
struct DegreeStats {
    uint32_t max = 0, isolated = 0;
    double mean = 0;
};
DegreeStats degree_stats(const GcnGraph& g);

// X[v][k] (row-major, n x f): a float in [-1, 1) with 24 random bits, a pure function of (seed, v, k).
std::vector<float> gcn_features(uint32_t n, uint32_t f, uint64_t seed);

// Y = Â X (row-major n x f) in the firmware's order: per column, nonzeros in storage order, y = y + w*x
// from 0.0f, every operation rounded to float. Compiled with -ffp-contract=off.
std::vector<float> gcn_reference(const GcnGraph& g, const std::vector<float>& x, uint32_t f);

// W (row-major f x out_f) of the combination: as gcn_features, from its own seed stream.
std::vector<float> gcn_weights(uint32_t f, uint32_t out_f, uint64_t seed);
// Z = Y W (row-major n x out_f) in the firmware's and the combination engine's order: k ascending from
// 0.0f, every operation rounded to float.
std::vector<float> gcn_combine_reference(const std::vector<float>& y, const std::vector<float>& w, uint32_t n,
                                         uint32_t f, uint32_t out_f);

// Row-major n x f <-> the sliced layout of include/vp/gcn_data.h (B_F = slices).
std::vector<float> to_sliced(const std::vector<float>& rowmajor, uint32_t n, uint32_t f, uint32_t slices);
std::vector<float> from_sliced(const std::vector<float>& sliced, uint32_t n, uint32_t f, uint32_t slices);

// One run of the firmware: kernel and parameters (include/vp/gcn_data.h).
struct GcnRun {
    uint32_t kernel = 0;  // GCN_KERNEL_*
    uint32_t slices = 1;  // B_F
    uint32_t tiles = 1;   // B_V
    bool fine = true;     // ATM: fine morphing
    uint32_t out_f = 0;   // the combination Z = Y·W: columns of W (0: aggregation only)
};
// B_F and B_V the kernel really uses (baseline: 1, 1; VT: 1, tiles; FS: slices, 1; ...).
GcnRun effective_run(const GcnRun& r);
// Checks f, slices and tiles for the layout: "" when valid, else why not (naming the field).
std::string check_run(uint32_t f, const GcnRun& r);

// The header of a run's image (offsets of colptr, rowidx and weight in the "graph" blob, unit, ...).
// Throws std::invalid_argument for a bad run (check_run).
gcn_info_t gcn_header(const GcnGraph& g, uint32_t f, const GcnRun& run);

// The memory image: blobs gcn_info, graph, features (X sliced for the run's B_F), output
// (NaN-poisoned), cursor, and with run.out_f > 0 weights (w, row-major f x out_f) and combined
// (NaN-poisoned), each 64-byte aligned from `base` (image.h's ImageBuilder); regions graph
// (gcn_info + graph), features, output, cursor. x: row-major n x f; with with_data = false, x may be
// empty and only the addresses are laid out (blobs without contents: the host emulator's view).
// Throws std::invalid_argument for a bad run and std::runtime_error when it does not fit below 4 GiB.
Image build_gcn_image(const GcnGraph& g, const std::vector<float>& x, uint32_t f, const GcnRun& run, uint64_t base,
                      bool with_data = true, const std::vector<float>& w = {});

}  // namespace vp::workload
