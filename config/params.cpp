#include "config/params.h"
#include <cmath>
#include <cstdio>
#include "config/quantity.h"

namespace vp::config {

namespace {

// The shortest "%.Ng" text of v that reads back as exactly v, with a plain exponent ("15e9").
std::string shortest(double v) {
    char buf[40];
    for (int digits = 1; digits <= 17; ++digits) {
        snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    std::string out;
    for (const char* c = buf; *c; ++c) {
        if (*c == 'e') {
            out += 'e';
            if (c[1] == '+') ++c;
            if (c[1] == '-') out += *++c;
            while (c[1] == '0' && c[2]) ++c;
        } else {
            out += *c;
        }
    }
    return out;
}

// v (at least 1) with the fewest decimals that read back as exactly v ("1.6", "50").
std::string decimal(double v) {
    char buf[64];
    for (int d = 0; d <= 9; ++d) {
        snprintf(buf, sizeof buf, "%.*f", d, v);
        if (std::strtod(buf, nullptr) == v) return buf;
    }
    return shortest(v);
}

// `v` in the largest of `units` (factor, name; largest first) in which it is at least 1 and whose
// text `parse` reads back as v; the last unit always works.
template <class Parse>
std::string in_units(double v, const std::vector<std::pair<double, const char*>>& units, Parse parse) {
    for (auto& [f, name] : units) {
        if (v != 0 && v < f) continue;
        const std::string text = decimal(v / f) + name;
        try {
            if (double(parse(text)) == v) return text;
        } catch (const std::invalid_argument&) {}
    }
    return shortest(v / units.back().first) + units.back().second;
}

}  // namespace

std::string format_value(Kind kind, uint64_t v) {
    switch (kind) {
        case Kind::Size: {
            static const std::pair<uint64_t, const char*> units[] = {
                {1ull << 40, "TiB"}, {1ull << 30, "GiB"}, {1ull << 20, "MiB"}, {1ull << 10, "KiB"}};
            for (auto& [f, n] : units)
                if (v && v % f == 0) return std::to_string(v / f) + n;
            return std::to_string(v) + "B";
        }
        case Kind::Time:
            return in_units(double(v), {{1e12, "s"}, {1e9, "ms"}, {1e6, "us"}, {1e3, "ns"}, {1, "ps"}}, parse_time_ps);
        case Kind::Address: {
            if (v == 0) return "0";
            char hex[20];
            snprintf(hex, sizeof hex, "%llX", (unsigned long long)v);
            std::string digits(hex), out;
            digits.insert(0, (4 - digits.size() % 4) % 4, '0');
            // Groups of four digits from the right: 0x8000_0000.
            for (size_t i = 0; i < digits.size(); ++i) {
                if (i && (digits.size() - i) % 4 == 0) out += '_';
                out += digits[i];
            }
            return "0x" + out;
        }
        case Kind::Bool: return v ? "true" : "false";
        case Kind::Int: return std::to_string(v);
        default: return format_value(kind, double(v));
    }
}

std::string format_value(Kind kind, double v) {
    switch (kind) {
        case Kind::Freq: return in_units(v, {{1e9, "GHz"}, {1e6, "MHz"}, {1e3, "kHz"}, {1, "Hz"}}, parse_freq_hz);
        case Kind::Bandwidth:
            return in_units(v, {{1e12, "TB/s"}, {1e9, "GB/s"}, {1e6, "MB/s"}, {1e3, "kB/s"}, {1, "B/s"}},
                            parse_bandwidth);
        case Kind::Int:
        case Kind::Size:
        case Kind::Time:
        case Kind::Address:
        case Kind::Bool:
            if (v >= 0 && v == std::floor(v) && v < 1.8e19) return format_value(kind, uint64_t(v));
            return shortest(v);
        default:
            if (v == std::floor(v) && std::fabs(v) < 1e7) return decimal(v);
            return shortest(v);
    }
}

Decl& Decl::range(double lo, double hi) {
    if (declared_) {
        declared_->range(lo, hi);
    } else if (numeric_ && owner_.mode() != Params::Mode::Declare && !(value_ >= lo && value_ <= hi)) {
        std::string reason = "must be ";
        if (std::isinf(hi))
            reason += ">= " + shortest(lo);
        else
            reason += "in " + shortest(lo) + ".." + shortest(hi);
        throw ParamError(key_, reason + ", got " + shortest(value_));
    }
    return *this;
}

Decl& Decl::mandatory() {
    if (declared_) {
        declared_->mandatory();
        declared_->default_text.clear();  // required: the struct's initialiser is no default
    }
    return *this;
}

Decl Params::declare(const std::string& key, Kind kind, const std::string& default_text, const std::string& unit,
                     const std::string& help) {
    last_ = &schema_->add(key, kind, default_text, unit, help);
    return Decl(*this, last_, key, 0, false);
}

void Params::declared_choices(std::vector<std::string> names) { last_->one_of(std::move(names)); }

void Params::presets(const std::string& selector_key,
                     std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> table) {
    if (mode_ != Mode::Declare) return;
    Param& sel = schema_->at(selector_key);
    if (sel.kind != Kind::Enum) throw std::logic_error("schema: preset selector '" + selector_key + "' is no enum");
    for (auto& [choice, keys] : table)
        for (auto& [key, text] : keys)
            if (!schema_->find(key))
                throw std::logic_error("schema: preset '" + choice + "' sets unknown key '" + key + "'");
    sel.presets = std::move(table);
}

const nlohmann::json& Params::value(const std::string& key) const {
    auto it = json_->find(key);
    if (it == json_->end()) throw std::logic_error("parameter '" + key + "' missing from a validated section");
    return *it;
}

void Params::nested(const std::string& key, const std::function<void()>& fn) {
    try {
        fn();
    } catch (const ParamError& e) {
        throw ParamError(key + "." + e.key(), e.what());
    }
}

Decl Params::add(const std::string& key, Kind kind, const std::string& default_text, const std::string& unit,
                 const std::string& help, const std::function<void(const nlohmann::json&)>& read) {
    if (mode_ == Mode::Declare) return declare(key, kind, default_text, unit, help);
    if (mode_ == Mode::Read) {
        const nlohmann::json& v = value(key);
        if (!v.is_null()) read(v);
    }
    return Decl(*this, nullptr, key, 0, false);
}

Decl Params::clock(uint64_t& period_ps, const std::string& key, const std::string& help) {
    if (mode_ == Mode::Declare) {
        const std::string def = period_ps ? format_value(Kind::Freq, 1e12 / double(period_ps)) : "";
        return declare(key, Kind::Freq, def, "Hz", help);
    }
    if (mode_ == Mode::Read) {
        const double hz = value(key).get<double>();
        const double ps = std::round(1e12 / hz);
        if (!(ps >= 1 && ps < 1.8e19))
            throw ParamError(key, "clock period " + shortest(1e12 / hz) + " ps is outside 1 ps .. 200 days");
        period_ps = uint64_t(ps);
    }
    rule(period_ps > 0, key, "must be a clock of at most 1 THz");
    return Decl(*this, nullptr, key, 0, false);
}

Decl Params::choice(std::string& field, const std::string& key, const std::vector<std::string>& names,
                    const std::string& help) {
    if (mode_ == Mode::Declare) {
        Decl d = declare(key, Kind::Enum, field, "", help);
        declared_choices(names);
        return d;
    }
    if (mode_ == Mode::Read) field = value(key).get<std::string>();
    bool known = false;
    for (auto& n : names) known |= n == field;
    rule(known, key, "unknown value '" + field + "'");
    return Decl(*this, nullptr, key, 0, false);
}

}  // namespace vp::config
