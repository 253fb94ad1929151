// Parameters said once. A model's configuration is a plain struct whose member initialisers are the
// defaults, with one member function that declares every parameter exactly once:
//
//     struct BusConfig {
//         double clock_hz = 1e9;
//         unsigned width_bytes = 8;
//         void params(config::Params& p) {
//             p.add(clock_hz, "clock", Kind::Freq, "Hz", "bus clock").at_least(1e3);
//             p.add(width_bytes, "width", Kind::Size, "bytes", "bytes moved per beat").range(1, 256);
//             p.rule(width_bytes % 2 == 0 || width_bytes == 1, "width", "must be 1 or even");
//         }
//     };
//
// The same function serves three purposes, chosen by the Params it is given:
//   declare<C>(schema)   adds each parameter (key, kind, unit, range, doc, default = the initialiser
//                        formatted as scenario text) to a schema section: validation, `vp describe`
//                        and docs/parameters.md come from there;
//   from_json<C>(json)   reads a validated section into the struct (strict: a declared key missing
//                        from the section is a programming error; null = optional and absent keeps
//                        the default) and then checks the rules;
//   validate(cfg)        checks ranges and rules of a struct built in code (model constructors call it,
//                        so a rule is written once and holds for scenarios and tests alike).
// A failed range or rule throws ParamError naming the parameter, which the platform reports as
// `file:line: section.key: reason` (Scenario::read).
#pragma once
#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include <nlohmann/json.hpp>
#include "config/schema.h"

namespace vp::config {

// A parameter value that breaks a range or a rule. key() is relative to the section being read.
class ParamError : public std::invalid_argument {
public:
    ParamError(std::string key, const std::string& reason) : std::invalid_argument(reason), key_(std::move(key)) {}
    const std::string& key() const { return key_; }

private:
    std::string key_;
};

// Scenario text of a value (the inverse of the quantity parsers): "32KiB", "1.6ns", "100MHz",
// "12.8GB/s", "0x8000_0000", "true", "15". Round-trips exactly through the parser of `kind`.
std::string format_value(Kind kind, double value);
std::string format_value(Kind kind, uint64_t value);

class Params;

// What add() returns: refinements that declare (schema) or enforce (reading, validating).
class Decl {
public:
    Decl& range(double lo, double hi);
    Decl& at_least(double lo) { return range(lo, std::numeric_limits<double>::infinity()); }
    Decl& mandatory();

private:
    friend class Params;
    Decl(Params& owner, Param* declared, std::string key, double value, bool numeric)
        : owner_(owner), declared_(declared), key_(std::move(key)), value_(value), numeric_(numeric) {}
    Params& owner_;
    Param* declared_;  // declaring: the schema entry
    std::string key_;
    double value_;  // reading / validating: the value as a number
    bool numeric_;
};

class Params {
public:
    enum class Mode { Declare, Read, Validate };

    static Params declaring(Schema& s) { return Params(Mode::Declare, &s, nullptr); }
    static Params reading(const nlohmann::json& section) { return Params(Mode::Read, nullptr, &section); }
    static Params validating() { return Params(Mode::Validate, nullptr, nullptr); }
    Mode mode() const { return mode_; }

    // A parameter held in `field` (bool, integer, floating point, std::string, vector<string>).
    template <class T>
    Decl add(T& field, const std::string& key, Kind kind, const std::string& unit, const std::string& help) {
        if (mode_ == Mode::Declare) return declare(key, kind, default_text(kind, field), unit, help);
        if (mode_ == Mode::Read) {
            const nlohmann::json& v = value(key);
            if (!v.is_null()) field = v.get<T>();
        }
        return Decl(*this, nullptr, key, as_number(field), std::is_arithmetic_v<T>);
    }

    // A parameter whose scenario form differs from how the model holds it (a clock kept as a period,
    // cycles kept as a time): explicit default text, and `read` converts the validated value.
    Decl add(const std::string& key, Kind kind, const std::string& default_text, const std::string& unit,
             const std::string& help, const std::function<void(const nlohmann::json&)>& read);

    // A clock: the scenario gives a frequency, the model keeps its period in ps.
    Decl clock(uint64_t& period_ps, const std::string& key, const std::string& help);

    // One of a fixed set of names, held as a C++ value (an enum).
    template <class E>
    Decl choice(E& field, const std::string& key, const std::vector<std::pair<std::string, E>>& names,
                const std::string& help) {
        std::vector<std::string> all;
        std::string current;
        for (auto& [n, e] : names) {
            all.push_back(n);
            if (e == field) current = n;
        }
        if (mode_ == Mode::Declare) {
            Decl d = declare(key, Kind::Enum, current, "", help);
            declared_choices(all);
            return d;
        }
        if (mode_ == Mode::Read) {
            const std::string s = value(key).template get<std::string>();
            bool found = false;
            for (auto& [n, e] : names)
                if (n == s) field = e, found = true;
            if (!found) throw ParamError(key, "unknown value '" + s + "'");
        }
        return Decl(*this, nullptr, key, 0, false);
    }
    // The same for a name kept as a string.
    Decl choice(std::string& field, const std::string& key, const std::vector<std::string>& names,
                const std::string& help);

    // Declares the Enum `selector_key` (declared before in this section) as the preset selector of
    // the section: per choice, the default text of sibling keys (Param::presets). Declaring only.
    void presets(const std::string& selector_key,
                 std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> table);

    // A nested section (`key:` map) declared by the member struct's own params().
    template <class S>
    void section(S& sub, const std::string& key, const std::string& help) {
        if (mode_ == Mode::Declare) {
            Params p = declaring(schema_->map(key, help));
            sub.params(p);
        } else if (mode_ == Mode::Read) {
            Params p = reading(value(key));
            nested(key, [&] { sub.params(p); });
        } else {
            Params p = validating();
            nested(key, [&] { sub.params(p); });
        }
    }

    // A list of maps, each declared by the element struct's params().
    template <class S>
    void list(std::vector<S>& items, const std::string& key, const std::string& help) {
        if (mode_ == Mode::Declare) {
            Params p = declaring(schema_->list(key, help));
            S element{};
            element.params(p);
            return;
        }
        if (mode_ == Mode::Read) {
            items.clear();
            const nlohmann::json& arr = value(key);
            for (size_t i = 0; i < arr.size(); ++i) {
                items.emplace_back();
                Params p = reading(arr[i]);
                nested(key + "." + std::to_string(i), [&] { items.back().params(p); });
            }
            return;
        }
        for (size_t i = 0; i < items.size(); ++i) {
            Params p = validating();
            nested(key + "." + std::to_string(i), [&] { items[i].params(p); });
        }
    }

    // A rule across parameters (or one the schema cannot express), about parameter `key`.
    // Checked when reading and validating; a no-op when declaring.
    void rule(bool ok, const std::string& key, const std::string& reason) const {
        if (mode_ != Mode::Declare && !ok) throw ParamError(key, reason);
    }

private:
    friend class Decl;
    Params(Mode m, Schema* s, const nlohmann::json* j) : mode_(m), schema_(s), json_(j) {}

    Decl declare(const std::string& key, Kind kind, const std::string& default_text, const std::string& unit,
                 const std::string& help);
    void declared_choices(std::vector<std::string> names);
    const nlohmann::json& value(const std::string& key) const;
    // Runs `fn`, prefixing the key of a ParamError it throws with `key.`.
    static void nested(const std::string& key, const std::function<void()>& fn);

    template <class T>
    static std::string default_text(Kind kind, const T& v) {
        if constexpr (std::is_same_v<T, bool>) {
            return v ? "true" : "false";
        } else if constexpr (std::is_integral_v<T>) {
            return format_value(kind, uint64_t(v));
        } else if constexpr (std::is_floating_point_v<T>) {
            return format_value(kind, double(v));
        } else if constexpr (std::is_same_v<T, std::string>) {
            return v;
        } else {
            std::string s = "[";
            for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
            return s + "]";
        }
    }
    template <class T>
    static double as_number(const T& v) {
        if constexpr (std::is_arithmetic_v<T>) return double(v);
        return 0;
    }

    Mode mode_;
    Schema* schema_;
    const nlohmann::json* json_;
    Param* last_ = nullptr;
};

// The three uses of a config struct's params().
template <class C>
void declare(Schema& section, C defaults = C{}) {
    Params p = Params::declaring(section);
    defaults.params(p);
}
template <class C>
C from_json(const nlohmann::json& section, C c = C{}) {
    Params p = Params::reading(section);
    c.params(p);
    return c;
}
template <class C>
void validate(const C& cfg) {
    C copy = cfg;
    Params p = Params::validating();
    copy.params(p);
}

}  // namespace vp::config
