#include "platform/workload/rgcn.h"
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>
#include <zlib.h>

namespace vp::workload {

namespace {

// Reads a gzip (or plain) file line by line, streaming: memory holds one chunk and one line, never
// the decompressed whole (a 1.4 MB gzip bomb decompressed to 2.9 GB before). A line longer than
// kMaxLine is an error naming it (no N-Triples line of a real data set comes near).
class GzipLines {
public:
    static constexpr size_t kMaxLine = size_t(1) << 20;

    explicit GzipLines(const std::string& path) : path_(path), f_(gzopen(path.c_str(), "rb")) {
        if (!f_) throw std::runtime_error(path + ": cannot open N-Triples file");
        gzbuffer(f_, 1 << 17);
    }
    ~GzipLines() {
        if (f_) gzclose(f_);
    }
    GzipLines(const GzipLines&) = delete;
    GzipLines& operator=(const GzipLines&) = delete;

    // The next line (without '\n') into `line`; false at the end of the file.
    bool next(std::string& line, uint64_t lineno) {
        line.clear();
        for (;;) {
            if (pos_ == len_) {
                if (eof_) return !line.empty();
                fill();
                if (pos_ == len_) continue;
            }
            const char* start = buf_ + pos_;
            const void* nl = std::memchr(start, '\n', len_ - pos_);
            const size_t take = nl ? size_t(static_cast<const char*>(nl) - start) : len_ - pos_;
            if (line.size() + take > kMaxLine)
                throw std::runtime_error(path_ + ":" + std::to_string(lineno) + ": line longer than " +
                                         std::to_string(kMaxLine >> 20) + " MiB (not N-Triples)");
            line.append(start, take);
            pos_ += take + (nl ? 1 : 0);
            if (nl) return true;
        }
    }

private:
    void fill() {
        const int n = gzread(f_, buf_, sizeof buf_);
        if (n < 0) {
            int err = 0;
            throw std::runtime_error(path_ + ": gzip read error: " + gzerror(f_, &err));
        }
        pos_ = 0;
        len_ = size_t(n);
        if (n == 0) eof_ = true;
    }

    std::string path_;
    gzFile f_;
    char buf_[1 << 16];
    size_t pos_ = 0, len_ = 0;
    bool eof_ = false;
};

bool is_ws(char c) { return c == ' ' || c == '\t'; }

struct TripleKeyHash {
    size_t operator()(const Triple& t) const {
        uint64_t h = t.s;
        h = h * 0x9E3779B97F4A7C15ull ^ t.r;
        h = h * 0x9E3779B97F4A7C15ull ^ t.o;
        return size_t(h ^ (h >> 29));
    }
};
struct TripleKeyEq {
    bool operator()(const Triple& a, const Triple& b) const { return a.s == b.s && a.r == b.r && a.o == b.o; }
};

// One line's parser: each term is returned as its exact text.
class LineParser {
public:
    LineParser(const std::string& line, const std::string& where) : l_(line), where_(where) {}

    // kinds: 'I' IRI, 'B' blank node, 'L' literal.
    std::string term(const char* allowed, const char* role) {
        skip_ws();
        if (p_ >= l_.size()) fail(std::string("missing ") + role);
        size_t start = p_;
        char c = l_[p_];
        char kind = c == '<' ? 'I' : c == '"' ? 'L' : (c == '_' && p_ + 1 < l_.size() && l_[p_ + 1] == ':') ? 'B' : 0;
        if (!kind || !std::strchr(allowed, kind))
            fail(std::string("bad ") + role + " at column " + std::to_string(p_ + 1));
        if (kind == 'I') {
            iri();
        } else if (kind == 'B') {
            p_ += 2;
            while (p_ < l_.size() && !is_ws(l_[p_])) ++p_;
            // A label cannot end in '.': "_:b." is the label b followed by the terminating dot.
            if (l_[p_ - 1] == '.') --p_;
            if (p_ == start + 2) fail(std::string("empty blank node label in ") + role);
        } else {
            ++p_;
            for (;;) {
                if (p_ >= l_.size()) fail("unterminated literal");
                if (l_[p_] == '\\') {
                    p_ += 2;
                    continue;
                }
                if (l_[p_] == '"') {
                    ++p_;
                    break;
                }
                ++p_;
            }
            if (p_ < l_.size() && l_[p_] == '@') {
                size_t t = ++p_;
                while (p_ < l_.size() && (std::isalnum(static_cast<unsigned char>(l_[p_])) || l_[p_] == '-')) ++p_;
                if (p_ == t) fail("empty language tag");
            } else if (l_.compare(p_, 2, "^^") == 0) {
                p_ += 2;
                if (p_ >= l_.size() || l_[p_] != '<') fail("datatype must be an IRI");
                iri();
            }
        }
        return l_.substr(start, p_ - start);
    }

    void end() {
        skip_ws();
        if (p_ >= l_.size() || l_[p_] != '.') fail("expected '.' after the object");
        ++p_;
        skip_ws();
        if (p_ < l_.size() && l_[p_] != '#') fail("unexpected text after '.'");
    }

private:
    void iri() {
        size_t close = l_.find('>', p_);
        if (close == std::string::npos) fail("unterminated IRI");
        for (size_t k = p_ + 1; k < close; ++k)
            if (is_ws(l_[k])) fail("space inside IRI");
        p_ = close + 1;
    }
    void skip_ws() {
        while (p_ < l_.size() && is_ws(l_[p_])) ++p_;
    }
    [[noreturn]] void fail(const std::string& why) const { throw std::runtime_error(where_ + ": " + why); }

    const std::string& l_;
    const std::string& where_;
    size_t p_ = 0;
};

uint32_t intern(std::unordered_map<std::string, uint32_t>& ids, std::vector<std::string>& names, std::string&& s) {
    auto it = ids.find(s);
    if (it != ids.end()) return it->second;
    uint32_t id = uint32_t(names.size());
    ids.emplace(s, id);
    names.push_back(std::move(s));
    return id;
}

}  // namespace

RelationalGraph read_ntriples_gz(const std::string& path) {
    GzipLines in(path);
    RelationalGraph g;
    std::unordered_map<std::string, uint32_t> entity_ids, relation_ids;
    std::unordered_set<Triple, TripleKeyHash, TripleKeyEq> seen;
    std::string line;
    uint64_t lineno = 0;
    while (in.next(line, lineno + 1)) {
        ++lineno;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        const std::string where = path + ":" + std::to_string(lineno);
        LineParser p(line, where);
        std::string s = p.term("IB", "subject");
        std::string r = p.term("I", "predicate");
        std::string o = p.term("IBL", "object");
        p.end();
        Triple t;
        t.s = intern(entity_ids, g.entities, std::move(s));
        t.r = intern(relation_ids, g.relations, std::move(r));
        t.o = intern(entity_ids, g.entities, std::move(o));
        if (seen.insert(t).second)
            g.edges.push_back(t);
        else
            ++g.duplicates_dropped;
    }
    return g;
}

std::vector<uint64_t> access_counts(const RelationalGraph& g) {
    std::vector<uint64_t> q(g.num_entities(), 1);  // E
    for (const Triple& t : g.edges) {
        ++q[t.o];  // column o of A_r
        ++q[t.s];  // column s of A_r^T
    }
    return q;
}

std::vector<uint32_t> degree_renumbering(const std::vector<uint64_t>& q) {
    std::vector<uint32_t> order(q.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return q[a] > q[b]; });
    std::vector<uint32_t> new_id(q.size());
    for (uint32_t k = 0; k < order.size(); ++k) new_id[order[k]] = k;
    return new_id;
}

std::vector<uint64_t> permute(const std::vector<uint64_t>& q, const std::vector<uint32_t>& new_id) {
    if (q.size() != new_id.size()) throw std::invalid_argument("permute: size mismatch");
    std::vector<uint64_t> out(q.size());
    for (size_t i = 0; i < q.size(); ++i) out.at(new_id[i]) = q[i];
    return out;
}

std::vector<CooPattern> renumbered_adjacency(const RelationalGraph& g, const std::vector<uint32_t>& new_id) {
    if (new_id.size() != g.entities.size()) throw std::invalid_argument("renumbered_adjacency: size mismatch");
    std::vector<std::vector<std::pair<uint32_t, uint32_t>>> per(g.num_relations());
    for (const Triple& t : g.edges) per.at(t.r).emplace_back(new_id[t.s], new_id[t.o]);
    std::vector<CooPattern> out(per.size());
    for (size_t r = 0; r < per.size(); ++r) {
        std::sort(per[r].begin(), per[r].end());
        out[r].n = g.num_entities();
        out[r].row.reserve(per[r].size());
        out[r].col.reserve(per[r].size());
        for (const auto& [row, col] : per[r]) {
            out[r].row.push_back(row);
            out[r].col.push_back(col);
        }
    }
    return out;
}

std::vector<uint32_t> pb_priorities(const std::vector<uint64_t>& q_sorted, uint32_t max_p) {
    for (size_t i = 1; i < q_sorted.size(); ++i)
        if (q_sorted[i] > q_sorted[i - 1]) throw std::invalid_argument("pb_priorities: q must be non-increasing");
    uint64_t total = 0;
    for (uint64_t v : q_sorted) total += v;
    std::vector<uint32_t> p(q_sorted.size(), 0);
    if (total == 0) return p;
    const uint64_t scale = uint64_t(max_p) + 1;
    if (total > UINT64_MAX / scale) throw std::invalid_argument("pb_priorities: (max_p + 1) * total overflows 64 bits");
    uint64_t suffix = 0;
    for (size_t i = q_sorted.size(); i-- > 0;) {
        suffix += q_sorted[i];
        uint64_t v = scale * suffix / total;
        p[i] = v > max_p ? max_p : uint32_t(v);
    }
    return p;
}

}  // namespace vp::workload
