// Host-side data preparation for the R-GCN workload of seed paper 000: an N-Triples (gzip) reader
// that turns a knowledge graph into entities, relations and typed edges; the per-vertex access
// counts q_i of eq. (4); the degree-based renumbering (q descending); the renumbered adjacency per
// relation as row-ascending COO; and the priority-base (PB) initial priorities of eq. (5).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

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
// (= nnz of all A_r, A_r^T and E, the seed's total_edges). The suffix sum runs from vertex i to the
// last one, so the most accessed vertex (i = first) gets the highest priority and the least
// accessed ones go towards 0. Taken literally, the first vertex gives (max_p + 1) * total / total =
// max_p + 1, outside the 0..max_p range the seed states; it is clamped to max_p (every other
// vertex has suffix < total since q_first >= 1, so only the first vertex is affected).
// Throws std::invalid_argument if q_sorted is not non-increasing.
std::vector<uint32_t> pb_priorities(const std::vector<uint64_t>& q_sorted, uint32_t max_p);

}  // namespace vp::workload
