#include "config/schema.h"
#include <stdexcept>

namespace vp::config {

const char* kind_name(Kind k) {
    switch (k) {
        case Kind::Bool: return "bool";
        case Kind::Int: return "int";
        case Kind::Float: return "float";
        case Kind::Size: return "size";
        case Kind::Time: return "time";
        case Kind::Freq: return "frequency";
        case Kind::Bandwidth: return "bandwidth";
        case Kind::Address: return "address";
        case Kind::String: return "string";
        case Kind::Enum: return "enum";
        case Kind::Path: return "path";
        case Kind::Dir: return "directory";
        case Kind::StringList: return "list of strings";
        case Kind::Map: return "map";
        case Kind::List: return "list";
    }
    return "?";
}

Param& Schema::add(const std::string& key, Kind kind, const std::string& default_text, const std::string& unit,
                   const std::string& help) {
    if (find(key)) throw std::logic_error("schema: parameter '" + key + "' declared twice");
    Param p;
    p.key = key;
    p.kind = kind;
    p.default_text = default_text;
    p.unit = unit;
    p.help = help;
    params_.push_back(std::move(p));
    return params_.back();
}

Schema& Schema::map(const std::string& key, const std::string& help) {
    if (const Param* existing = find(key)) {
        if (existing->kind == Kind::Map) return *existing->children;
        throw std::logic_error("schema: '" + key + "' declared twice");
    }
    Param& p = add(key, Kind::Map, "", "", help);
    p.children = std::make_unique<Schema>();
    return *p.children;
}

Schema& Schema::instances(const std::string& key, const std::string& help) {
    Schema& s = map(key, help);
    at(key).instances = true;
    return s;
}

Schema& Schema::list(const std::string& key, const std::string& help) {
    Param& p = add(key, Kind::List, "", "", help);
    p.children = std::make_unique<Schema>();
    return *p.children;
}

const Param* Schema::find(const std::string& key) const {
    for (auto& p : params_)
        if (p.key == key) return &p;
    return nullptr;
}

const Param* Schema::preset_selector() const {
    for (auto& p : params_)
        if (!p.presets.empty()) return &p;
    return nullptr;
}

Param& Schema::at(const std::string& key) {
    for (auto& p : params_)
        if (p.key == key) return p;
    throw std::logic_error("schema: no parameter '" + key + "'");
}

}  // namespace vp::config
