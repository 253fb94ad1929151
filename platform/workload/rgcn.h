// Host-side data preparation for the R-GCN workload of Tomita et al. [tomita-gnn-cache]: an N-Triples (gzip) reader
// that turns a knowledge graph into entities, relations and typed edges; the per-vertex access
// counts q_i of eq. (4); the degree-based renumbering (q descending); the renumbered adjacency per
// relation as row-ascending COO; and the priority-base (PB) initial priorities of eq. (5).
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "platform/workload/image.h"

namespace vp::workload {

struct Triple {
    uint32_t s = 0, r = 0, o = 0;  // subject entity, relation (predicate), object entity
};

struct RelationalGraph {
    std::vector<std::string> entities;   // id -> term text exactly as written (<iri>, _:b, "lit"@en)
    std::vector<std::string> relations;  // id -> predicate IRI text (<iri>)
    std::vector<Triple> edges;           // distinct triples, in order of first appearance
    uint64_t duplicates_dropped = 0;     // triples repeated in the file (an RDF graph is a set)
    uint32_t num_entities() const { return uint32_t(entities.size()); }
    uint32_t num_relations() const { return uint32_t(relations.size()); }
    uint64_t num_edges() const { return edges.size(); }
};

// Reads a gzip-compressed N-Triples file (a plain uncompressed file is read too, through zlib's
// transparent mode). Ids are dense and deterministic: entities and relations are numbered in order
// of first appearance, scanning each triple as subject, predicate, object.
// Entities are all subjects and objects: IRIs, blank nodes and, as in the R-GCN benchmark (which
// gives every distinct literal its own node), literals. A literal's identity is its full term text
// (lexical form with escapes as written, plus @lang or ^^<datatype>), so "1" and "1"^^<xsd:int> are
// different entities. Blank lines and '#' comment lines are skipped; a triple repeated verbatim is
// kept once and counted in duplicates_dropped.
// Throws std::runtime_error naming the file and (for malformed input) the 1-based line.
RelationalGraph read_ntriples_gz(const std::string& path);

// Access counts q_i of seed eq. (4), indexed by entity id. With A_r(s, o) = 1 for each triple
// (s, r, o) and E the identity, one R-GCN layer computes sum_r A_r X, sum_r A_r^T X and E X. The
// product M X reads row i of X once per nonzero in column i of M, so
//   q_i = (#nonzeros in column i of all A_r)    = in-degree of i over all relations
//       + (#nonzeros in column i of all A_r^T)  = out-degree of i over all relations
//       + 1                                     (E)
// A self-loop (i, r, i) counts twice (once in A_r, once in A_r^T). sum_i q_i = 2 * |edges| + N.
std::vector<uint64_t> access_counts(const RelationalGraph& g);

// Degree-based renumbering: new_id[old] such that new ids sort vertices by q descending, ties by
// ascending old id (a permutation of 0..N-1).
std::vector<uint32_t> degree_renumbering(const std::vector<uint64_t>& q);

// q permuted into renumbered order: result[new_id[i]] = q[i] (non-increasing).
std::vector<uint64_t> permute(const std::vector<uint64_t>& q, const std::vector<uint32_t>& new_id);

// Coordinate (COO) pattern matrix, all values 1: entries sorted by row, then column, ascending.
struct CooPattern {
    uint32_t n = 0;  // square: n x n
    std::vector<uint32_t> row, col;
    uint64_t nnz() const { return row.size(); }
};

// A_r for every relation r (index = relation id), in renumbered ids: entry (new_id[s], new_id[o])
// for each triple (s, r, o), rows ascending, columns ascending within a row.
std::vector<CooPattern> renumbered_adjacency(const RelationalGraph& g, const std::vector<uint32_t>& new_id);

// PB initial priorities of seed eq. (5) for q in renumbered order (q_sorted non-increasing):
//   p_i = floor((max_p + 1) * sum_{m=i..n} q_m / total),  total = sum of all q
// (= nnz of all A_r, A_r^T and E, Tomita et al.'s total_edges). The suffix sum runs from vertex i to the
// last one, so the most accessed vertex (i = first) gets the highest priority and the least
// accessed ones go towards 0. Taken literally, the first vertex gives (max_p + 1) * total / total =
// max_p + 1, outside the 0..max_p range Tomita et al. state; it is clamped to max_p (every other
// vertex has suffix < total since q_first >= 1, so only the first vertex is affected).
// Throws std::invalid_argument if q_sorted is not non-increasing.
std::vector<uint32_t> pb_priorities(const std::vector<uint64_t>& q_sorted, uint32_t max_p);

// A synthetic relational graph with power-law degrees, for data sets of Tomita et al.'s Table 1 sizes
// that are not in data/ (BGS, AM), and for small test graphs. Chung-Lu style: vertex k of a
// random ranking gets weight (k+1)^(-1/(exponent-1)), so degrees follow a power law with that
// exponent; relations are drawn Zipf-like (weight (r+1)^-relation_skew). Construction:
//   1. every entity gets at least one edge (an entity is a subject or object of some triple, as in
//      an RDF graph): entities without an edge, in random order, get one to a weighted partner, as
//      subject or object with equal chance; the first `relations` edges use relations 0..R-1 in
//      turn, so every relation appears;
//   2. the rest are (subject ~ weight, relation ~ Zipf, object ~ weight) triples.
// No self-loops and no repeated triple; exactly `entities`, `relations` and `edges`. Deterministic
// for a seed (vp::Xoshiro256). Entity names are "<urn:vp:e{id}>", relations "<urn:vp:r{id}>".
// Throws std::invalid_argument naming the field when the counts cannot be met (entities < 2,
// relations < 1, edges < entities or more than a quarter of all possible triples).
struct SyntheticSpec {
    uint32_t entities = 1000;
    uint32_t relations = 10;
    uint64_t edges = 4000;
    uint64_t seed = 1;
    double exponent = 2.1;       // degree power-law exponent, > 1
    double relation_skew = 1.0;  // Zipf exponent of the relation frequencies, >= 0
};
RelationalGraph synthetic_relational_graph(const SyntheticSpec& spec);

// One R-GCN layer's sparse products as the firmware computes them (include/vp/rgcn_data.h):
// matrices A_1, A_1^T, ..., A_R, A_R^T, E in that order; A_r and A_r^T as row-ascending COO with
// values 1/c where c is the number of nonzeros in the entry's row of that matrix (the R-GCN
// normalisation 1/c_{i,r} with c_{i,r} = |N_i^r|); E implicit (value 1).
struct SparseMatrix {
    uint32_t kind = 0;  // RGCN_MAT_ADJ / _TRANSPOSE / _IDENTITY
    uint32_t relation = 0;
    std::vector<uint32_t> row, col;  // empty for E
    std::vector<double> val;
};

struct RgcnLayer {
    uint32_t n = 0, d = 0, relations = 0, max_p = 0;
    uint32_t row_doubles = 0;         // row stride of X and Y in doubles (a multiple of 8: 64 B lines)
    bool sorted = false;              // degree renumbering applied
    bool output_priority = false;     // priority tables (and the FV range) cover Y too
    std::vector<uint32_t> vertex_id;  // layer index -> entity id of the graph
    std::vector<SparseMatrix> mats;
    std::vector<double> x;       // n * row_doubles, padding 0
    std::vector<uint64_t> q;     // eq. (4) per layer index
    std::vector<uint32_t> p;     // eq. (5) per layer index (computed in q-descending order)
    uint64_t total_nnz() const;  // entries of all A_r and A_r^T
};

// sort = true: vertices renumbered by q descending (degree_renumbering), else graph ids as they are.
// X[i][k] is a deterministic value in [-1, 1) of (x_seed, entity id of i, k), so sorted and
// unsorted layers hold the same features, only permuted.
RgcnLayer build_rgcn_layer(const RelationalGraph& g, bool sort, uint32_t d, uint32_t max_p, uint64_t x_seed);

// Y in the firmware's exact operation order, rounding every operation to double (n * row_doubles,
// padding 0). Compiled with -ffp-contract=off.
std::vector<double> rgcn_reference(const RgcnLayer& layer);

// The memory image of a layer as the firmware expects it (include/vp/rgcn_data.h): blobs in order
// rgcn_info, adj, features, output (NaN-poisoned), prio_ac, prio_pb, each 64-byte aligned from
// `base`, and the regions adjacency (rgcn_info + adj), features, output, priority (both tables).
// Throws std::runtime_error when the data does not fit a 32-bit address space.
Image build_rgcn_image(const RgcnLayer& layer, uint64_t base);

}  // namespace vp::workload
