// Fuzz target: scenario files and `--set` overrides (config/scenario.*), the parser every user and
// every sweep feeds. The schema is a synthetic one with a parameter of every kind, nested maps and a
// list of maps (the models' own schemas need SystemC, which cannot share a process with libFuzzer's
// main); what is exercised is the scenario machinery itself: YAML, unknown keys, duplicate keys,
// types, units, ranges, enums, paths and directories, lists, overrides and their error messages.
//
// Input: the scenario text, then optionally a NUL byte and `--set` overrides separated by NULs.
// Oracles: a bad scenario may only raise ScenarioError, whose message is one line; an accepted one
// gives the same values when loaded again (no hidden state), and each value has the JSON type its
// kind promises.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "config/scenario.h"
#include "config/schema.h"

using namespace vp::config;

namespace {

const Schema& schema() {
    static const Schema s = [] {
        Schema r;
        r.add("name", Kind::String, "fuzz", "", "run name");
        Schema& p = r.map("platform", "the platform");
        p.add("enabled", Kind::Bool, "true", "", "a switch");
        p.add("count", Kind::Int, "4", "", "an integer").range(0, 1000);
        p.add("ratio", Kind::Float, "0.5", "", "a fraction").range(0, 1);
        p.add("size", Kind::Size, "32KiB", "bytes", "a size").range(1, 1ull << 32);
        p.add("latency", Kind::Time, "10ns", "ps", "a time");
        p.add("clock", Kind::Freq, "1GHz", "Hz", "a frequency").range(1e3, 1e11);
        p.add("bandwidth", Kind::Bandwidth, "12.8GB/s", "B/s", "a bandwidth");
        p.add("base", Kind::Address, "0x8000_0000", "", "an address").range(0, 4294967295.0);
        p.add("policy", Kind::Enum, "lru", "", "a choice").one_of({"lru", "plru", "srrip"});
        p.add("file", Kind::Path, "", "", "an input file");
        p.add("dir", Kind::Dir, "", "", "a directory");
        p.add("tags", Kind::StringList, "", "", "strings");
        Schema& inner = p.map("cache", "a nested section");
        inner.add("ways", Kind::Int, "8", "", "associativity").range(1, 64);
        inner.add("line", Kind::Size, "64B", "bytes", "line size").range(4, 4096);
        Schema& items = r.list("traffic", "a list of sections");
        items.add("kind", Kind::Enum, "", "", "pattern").one_of({"linear", "random"}).mandatory();
        items.add("start", Kind::Address, "0x0", "", "first address");
        items.add("bytes", Kind::Size, "4KiB", "bytes", "length");
        return r;
    }();
    return s;
}

void check_types(const Schema& s, const nlohmann::json& v) {
    if (!v.is_object()) std::abort();
    for (const Param& p : s.params()) {
        auto it = v.find(p.key);
        if (it == v.end() || it->is_null()) continue;
        bool ok = true;
        switch (p.kind) {
            case Kind::Bool: ok = it->is_boolean(); break;
            case Kind::Int: ok = it->is_number_integer(); break;
            case Kind::Size:
            case Kind::Time:
            case Kind::Address: ok = it->is_number_unsigned() || it->is_number_integer(); break;
            case Kind::Float:
            case Kind::Freq:
            case Kind::Bandwidth: ok = it->is_number(); break;
            case Kind::String:
            case Kind::Enum:
            case Kind::Path:
            case Kind::Dir: ok = it->is_string(); break;
            case Kind::StringList: ok = it->is_array(); break;
            case Kind::Map: check_types(*p.children, *it); break;
            case Kind::List:
                ok = it->is_array();
                if (ok)
                    for (const auto& e : *it) check_types(*p.children, e);
                break;
        }
        if (!ok) std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    const size_t nul = input.find('\0');
    const std::string text = input.substr(0, nul);
    LoadOptions opts;
    if (nul != std::string::npos) {
        for (size_t at = nul + 1; at <= input.size();) {
            const size_t end = std::min(input.find('\0', at), input.size());
            opts.overrides.push_back(input.substr(at, end - at));
            at = end + 1;
        }
    }
    std::string first;
    try {
        first = Scenario::from_text(text, "fuzz.yaml", "/nonexistent-fuzz-dir", schema(), opts)
                    .values()
                    .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    } catch (const ScenarioError& e) {
        if (std::string(e.what()).find('\n') != std::string::npos) std::abort();  // one line
        return 0;
    }
    const Scenario again = Scenario::from_text(text, "fuzz.yaml", "/nonexistent-fuzz-dir", schema(), opts);
    if (again.values().dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) != first) std::abort();
    check_types(schema(), again.values());
    return 0;
}
