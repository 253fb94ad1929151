// Loading and validating a scenario file against the schema.
//
// Everything is checked before the simulation starts: YAML syntax, unknown keys (with a suggestion),
// wrong types, out-of-range values, missing files, and `--set` overrides, which go through exactly
// the same checks. The first problem becomes a ScenarioError whose message is one line:
//     scenarios/x.yaml:12: platform.ram.ddr.tRCD: expected a time with a unit (ps, ns, ...), got '13'
// Cross-field checks that need the whole configuration (overlapping address ranges) are done by the
// platform and reported the same way (ScenarioError with the key path).
#pragma once
#include <map>
#include <stdexcept>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>
#include "config/params.h"
#include "config/schema.h"

namespace vp::config {

class ScenarioError : public std::runtime_error {
public:
    ScenarioError(const std::string& source, int line, const std::string& key_path, const std::string& reason);
    const std::string& source() const { return source_; }
    const std::string& key_path() const { return key_path_; }
    const std::string& reason() const { return reason_; }

private:
    std::string source_, key_path_, reason_;
};

struct LoadOptions {
    std::vector<std::string> overrides;            // "key.path=value", in order
    std::map<std::string, std::string> variables;  // ${name} expansions in Path values (e.g. firmware)
    // Path values under this key prefix need not exist (e.g. "load." when --elf replaces the scenario's
    // ELFs, so a scenario whose own firmware is not built can still host another one).
    std::string unchecked_paths;
};

class Scenario {
public:
    static constexpr uint64_t kMaxScenarioBytes = 4u << 20;
    // `source` names the text in messages (a file path or "<default scenario>"); relative paths in the
    // scenario resolve against `base_dir`.
    static Scenario from_text(const std::string& text, const std::string& source, const std::string& base_dir,
                              const Schema& schema, const LoadOptions& opts = {});
    static Scenario from_file(const std::string& path, const Schema& schema, const LoadOptions& opts = {});

    const nlohmann::json& values() const { return values_; }
    const std::string& source() const { return source_; }
    // The line in the source file where `key_path` was written (0 when defaulted or from --set).
    int line_of(const std::string& key_path) const;
    // Whether the scenario file or a --set gave `key_path` (else it holds the default).
    bool given(const std::string& key_path) const { return line_of(key_path) > 0 || from_override_.count(key_path); }
    // Raises a ScenarioError about `key_path`, naming the file/line or the --set that gave it.
    [[noreturn]] void fail(const std::string& key_path, const std::string& reason) const;

    // The validated value at a dotted path ("platform.caches.l2", "traffic.0").
    const nlohmann::json& at(const std::string& key_path) const;
    // The section at `key_path` read into a config struct (config/params.h); a broken range or rule is
    // reported as a ScenarioError on the parameter (file and line when the scenario wrote it).
    template <class C>
    C read(const std::string& key_path, C defaults = C{}) const {
        try {
            return from_json<C>(at(key_path), std::move(defaults));
        } catch (const ParamError& e) {
            fail(key_path + "." + e.key(), e.what());
        }
    }

private:
    std::string source_;
    nlohmann::json values_;
    std::map<std::string, int> lines_;
    std::map<std::string, bool> from_override_;
};

// Every file a configuration loads (its Path values), as {"key.path": "/absolute/path"}: what
// `vp run --dry-run` reports next to the configuration, so that a sweep can hash a run's inputs.
nlohmann::json input_files(const Schema& schema, const nlohmann::json& values);

// Human-readable listing of every parameter (vp describe) and a Markdown table (docs/parameters.md).
std::string describe_text(const Schema& schema);
std::string describe_markdown(const Schema& schema);

}  // namespace vp::config
