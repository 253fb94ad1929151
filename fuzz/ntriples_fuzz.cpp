// Fuzz target: the R-GCN data sets' N-Triples reader (platform/workload/rgcn.*: read_ntriples_gz,
// gzip-compressed or plain), whose files are untrusted input. The input's bytes are written to a
// file and read back through the reader (it takes a path, as the workload does). It may only answer
// with a graph or a std::runtime_error whose message names the file; any other exception, a crash or
// undefined behaviour is a bug. Oracle: the graph is well formed (every triple's ids inside the
// entity and relation tables, no triple twice, every table entry used by some triple, terms as
// written: IRIs in <>, blank nodes _:, literals in quotes).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>

#include "platform/workload/rgcn.h"

using namespace vp::workload;

namespace {

// One file per fuzzing process, written for each input and removed once it has been read.
const std::string& input_path() {
    static const std::string path = "/tmp/vp_fuzz_ntriples_" + std::to_string(getpid()) + ".nt.gz";
    return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string& path = input_path();
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return 0;
    if (size) std::fwrite(data, 1, size, f);
    std::fclose(f);
    RelationalGraph g;
    try {
        g = read_ntriples_gz(path);
    } catch (const std::runtime_error& e) {
        std::remove(path.c_str());
        if (std::string(e.what()).rfind(path, 0) != 0) std::abort();  // the message names the file
        return 0;
    }
    std::remove(path.c_str());
    std::set<std::tuple<uint32_t, uint32_t, uint32_t>> seen;
    std::vector<bool> entity_used(g.entities.size()), relation_used(g.relations.size());
    for (const Triple& t : g.edges) {
        if (t.s >= g.num_entities() || t.o >= g.num_entities() || t.r >= g.num_relations()) std::abort();
        if (!seen.insert({t.s, t.r, t.o}).second) std::abort();
        entity_used[t.s] = entity_used[t.o] = relation_used[t.r] = true;
    }
    for (bool u : entity_used)
        if (!u) std::abort();
    for (bool u : relation_used)
        if (!u) std::abort();
    for (const std::string& r : g.relations)
        if (r.size() < 2 || r.front() != '<' || r.back() != '>') std::abort();
    for (const std::string& e : g.entities)
        if (e.empty() || (e[0] != '<' && e.rfind("_:", 0) != 0 && e[0] != '"')) std::abort();
    return 0;
}
