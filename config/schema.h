// Typed schema of scenario files: every configurable parameter, its type, default, unit, range and
// meaning, declared once, next to the model that uses it (each model has `static void declare(Schema&)`
// and reads its validated values from JSON). The same declarations drive validation, defaults,
// `vp describe` and docs/parameters.md.
//
// Validated values are normalised into nlohmann::json:
//   Bool -> bool, Int -> int64, Float -> double, Size -> uint64 bytes ("32KiB"), Time -> uint64 ps
//   ("1.6ns"), Freq -> double Hz ("50MHz"), Bandwidth -> double bytes/s ("12.8GB/s", "10Gb/s"),
//   Address -> uint64 ("0x8000_0000"), String/Enum -> string, Path -> absolute path string (the
//   file must exist; relative paths are relative to the scenario file), Dir -> the same for an existing
//   directory, Map -> object, List -> array.
#pragma once
#include <limits>
#include <memory>
#include <string>
#include <deque>
#include <vector>
#include <nlohmann/json.hpp>

namespace vp::config {

enum class Kind {
    Bool,
    Int,
    Float,
    Size,
    Time,
    Freq,
    Bandwidth,
    Address,
    String,
    Enum,
    Path,
    Dir,
    StringList,
    Map,
    List
};

const char* kind_name(Kind k);

class Schema;

struct Param {
    std::string key;
    Kind kind = Kind::String;
    std::string default_text;  // YAML scalar text; empty: no default (optional unless `required`)
    std::string unit;
    std::string help;
    bool required = false;
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    std::vector<std::string> choices;  // Enum
    std::unique_ptr<Schema> children;  // Map: its keys; List: the schema of each element (a map)
    // A Map that may also be written as a list of named instances ([{name: a, ...}, {name: b, ...}]):
    // the validated value is then an array of maps, each with a "name" (a device's instances).
    bool instances = false;
    // An Enum that selects a preset of its section: per choice, the default text of sibling keys
    // (those the scenario does not give take the chosen preset's value, else their own default).
    std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> presets;

    // Chainable refinements.
    Param& range(double lo, double hi) {
        min = lo;
        max = hi;
        return *this;
    }
    Param& at_least(double lo) {
        min = lo;
        return *this;
    }
    Param& one_of(std::vector<std::string> c) {
        choices = std::move(c);
        return *this;
    }
    Param& mandatory() {
        required = true;
        return *this;
    }
};

class Schema {
public:
    // A scalar parameter. `default_text` is parsed like a scenario value ("" = none).
    Param& add(const std::string& key, Kind kind, const std::string& default_text, const std::string& unit,
               const std::string& help);
    // A nested map of parameters (a component's section).
    Schema& map(const std::string& key, const std::string& help);
    // A map that may also be written as a list of named instances (Param::instances).
    Schema& instances(const std::string& key, const std::string& help);
    // A list whose elements are maps following the returned schema.
    Schema& list(const std::string& key, const std::string& help);

    const std::deque<Param>& params() const { return params_; }
    const Param* find(const std::string& key) const;
    // The preset-selecting Enum of this section (Param::presets), or nullptr.
    const Param* preset_selector() const;
    // For tailoring a model's declaration where it is used (e.g. a platform-specific default).
    Param& at(const std::string& key);

private:
    std::deque<Param> params_;  // deque: references returned by add() stay valid
};

}  // namespace vp::config
