#include "config/scenario.h"
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <yaml-cpp/yaml.h>
#include "config/quantity.h"

namespace fs = std::filesystem;

namespace vp::config {

namespace {
// The message is one line whatever the user typed (a --set or a key with a newline or an escape
// sequence in it): control characters are shown as \n, \t or \xNN.
std::string one_line(const std::string& s) {
    std::string out;
    for (const unsigned char c : s) {
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c < 0x20 || c == 0x7f) {
            static const char* hex = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += char(c);
        }
    }
    return out;
}
}  // namespace

ScenarioError::ScenarioError(const std::string& source, int line, const std::string& key_path,
                             const std::string& reason)
    : std::runtime_error(one_line(source + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " +
                                  (key_path.empty() ? std::string() : key_path + ": ") + reason)),
      source_(source),
      key_path_(key_path),
      reason_(reason) {}

namespace {

size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min(
                {prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (std::tolower(a[i - 1]) != std::tolower(b[j - 1]))});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::string join(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

// Every output is JSON, whose strings must be UTF-8: reject other text where it enters.
bool valid_utf8(const std::string& s) {
    for (size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        if (n == 0 || i + n > s.size()) return false;
        for (size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) >> 6) != 0x2) return false;
        i += n;
    }
    return true;
}

// Walks the YAML tree against the schema, producing normalised JSON.
class Validator {
public:
    Validator(const std::string& source, const std::string& base_dir, const LoadOptions& opts,
              std::map<std::string, int>& lines, const std::map<std::string, bool>& overridden)
        : source_(source), base_dir_(base_dir), opts_(opts), lines_(lines), overridden_(overridden) {}

    // `instance`: an element of a list of named instances (Param::instances): it has a mandatory
    // `name` besides the section's keys, and `enabled` defaults to true (listing it instantiates it).
    nlohmann::json map(const YAML::Node& node, const Schema& schema, const std::string& path, bool instance = false) {
        nlohmann::json out = nlohmann::json::object();
        if (node && !node.IsNull() && !node.IsMap()) fail(node, path, "expected a map of keys");
        if (instance) {
            const YAML::Node name = node && node.IsMap() ? node["name"] : YAML::Node();
            if (!name || name.IsNull())
                fail(node, join(path, "name"), "missing required string (the instance's name, e.g. dma0)");
            lines_[join(path, "name")] = name.Mark().line + 1;
            if (!name.IsScalar()) fail(name, join(path, "name"), "expected a string");
            const std::string text = name.as<std::string>();
            bool ok = !text.empty() && text.size() < 24 && (std::isalpha((unsigned char)text[0]) || text[0] == '_');
            for (const char c : text) ok &= std::isalnum((unsigned char)c) || c == '_';
            if (!ok)
                fail(name, join(path, "name"),
                     "'" + text + "': an instance name is a letter or _ then letters, digits or _ (at most 23)");
            out["name"] = text;
        }
        if (node && node.IsMap()) {
            std::map<std::string, int> seen;  // key -> line (YAML maps must not repeat a key)
            for (auto it = node.begin(); it != node.end(); ++it) {
                if (!it->first.IsScalar()) fail(it->first, path, "keys must be plain names");
                const std::string key = it->first.as<std::string>();
                if (!schema.find(key) && !(instance && key == "name"))
                    fail(it->first, join(path, key), unknown_key_reason(key, schema));
                const int line = it->first.Mark().line + 1;
                if (auto [at, fresh] = seen.emplace(key, line); !fresh)
                    fail(it->first, join(path, key),
                         "key given twice (first on line " + std::to_string(at->second) + ")");
            }
        }
        // A preset selector (Param::presets): the chosen preset's values are the defaults of its keys.
        const std::vector<std::pair<std::string, std::string>>* preset = nullptr;
        if (const Param* sel = schema.preset_selector()) {
            YAML::Node given = node && node.IsMap() ? node[sel->key] : YAML::Node();
            const std::string choice =
                given && given.IsScalar() ? given.as<std::string>() : sel->default_text;  // (validated below)
            for (auto& [name, keys] : sel->presets)
                if (name == choice) preset = &keys;
        }
        for (auto& p : schema.params()) {
            const std::string kpath = join(path, p.key);
            YAML::Node child = node && node.IsMap() ? node[p.key] : YAML::Node();
            if (child) lines_[kpath] = child.Mark().line + 1;
            std::string default_text = p.default_text;
            if (preset)
                for (auto& [key, text] : *preset)
                    if (key == p.key) default_text = text;
            if (p.kind == Kind::Map && p.instances && child && child.IsSequence()) {
                if (child.size() == 0)
                    fail(child, kpath, "an empty list of instances (write `enabled: false` for none)");
                nlohmann::json arr = nlohmann::json::array();
                for (size_t i = 0; i < child.size(); ++i)
                    arr.push_back(map(child[i], *p.children, kpath + "." + std::to_string(i), true));
                out[p.key] = std::move(arr);
            } else if (p.kind == Kind::Map) {
                out[p.key] = map(child, *p.children, kpath);
            } else if (instance && p.key == "enabled" && !child) {
                out[p.key] = true;
            } else if (p.kind == Kind::List) {
                nlohmann::json arr = nlohmann::json::array();
                if (child && !child.IsNull()) {
                    if (!child.IsSequence()) fail(child, kpath, "expected a list");
                    for (size_t i = 0; i < child.size(); ++i)
                        arr.push_back(map(child[i], *p.children, kpath + "." + std::to_string(i)));
                }
                out[p.key] = std::move(arr);
            } else if (child && !child.IsNull()) {
                out[p.key] = scalar(child, p, kpath);
            } else if (!default_text.empty()) {
                out[p.key] = scalar(YAML::Load(default_text), p, kpath);
            } else if (p.required) {
                fail(node, kpath, "missing required " + std::string(kind_name(p.kind)) + " (" + p.help + ")");
            } else {
                out[p.key] = nullptr;
            }
        }
        return out;
    }

private:
    std::string unknown_key_reason(const std::string& key, const Schema& schema) {
        std::string best;
        size_t best_d = 3;
        for (auto& p : schema.params()) {
            size_t d = edit_distance(key, p.key);
            if (d < best_d) {
                best_d = d;
                best = p.key;
            }
        }
        std::string reason = "unknown key '" + key + "'";
        if (!best.empty()) return reason + " (did you mean '" + best + "'?)";
        std::string keys;
        for (auto& p : schema.params()) keys += (keys.empty() ? "" : ", ") + p.key;
        return reason + " (known keys: " + keys + ")";
    }

    nlohmann::json scalar(const YAML::Node& n, const Param& p, const std::string& path) {
        if (p.kind == Kind::StringList) {
            nlohmann::json arr = nlohmann::json::array();
            if (n.IsScalar()) {
                arr.push_back(n.as<std::string>());
                return arr;
            }
            if (!n.IsSequence()) fail(n, path, "expected a list of strings");
            for (auto e : n) {
                if (!e.IsScalar()) fail(e, path, "expected a list of strings");
                arr.push_back(e.as<std::string>());
            }
            return arr;
        }
        if (!n.IsScalar())
            fail(n, path, std::string("expected a ") + kind_name(p.kind) + ", got a " + (n.IsMap() ? "map" : "list"));
        const std::string text = n.as<std::string>();
        if (!valid_utf8(text)) fail(n, path, "not valid UTF-8 text");
        try {
            switch (p.kind) {
                case Kind::Bool: {
                    bool b;
                    if (!YAML::convert<bool>::decode(n, b))
                        throw std::invalid_argument("expected true or false, got '" + text + "'");
                    return b;
                }
                case Kind::Int: {
                    auto v = parse_int(text);
                    check_range(p, double(v), text);
                    return v;
                }
                case Kind::Float: {
                    auto v = parse_float(text);
                    check_range(p, v, text);
                    return v;
                }
                case Kind::Size: {
                    auto v = parse_size(text);
                    check_range(p, double(v), text);
                    return v;
                }
                case Kind::Time: {
                    auto v = parse_time_ps(text);
                    check_range(p, double(v), text);
                    return v;
                }
                case Kind::Freq: {
                    auto v = parse_freq_hz(text);
                    check_range(p, v, text);
                    return v;
                }
                case Kind::Bandwidth: {
                    auto v = parse_bandwidth(text);
                    check_range(p, v, text);
                    return v;
                }
                case Kind::Address: {
                    auto v = parse_address(text);
                    check_range(p, double(v), text);
                    return v;
                }
                case Kind::String: return text;
                case Kind::Enum: {
                    if (std::find(p.choices.begin(), p.choices.end(), text) == p.choices.end()) {
                        std::string c;
                        for (auto& s : p.choices) c += (c.empty() ? "" : ", ") + s;
                        throw std::invalid_argument("expected one of " + c + ", got '" + text + "'");
                    }
                    return text;
                }
                case Kind::Path: return resolve_path(text, path);
                case Kind::Dir: return resolve_path(text, path, true);
                default: break;
            }
        } catch (const std::invalid_argument& e) {
            fail(n, path, e.what());
        }
        fail(n, path, "unsupported parameter kind");
    }

    void check_range(const Param& p, double v, const std::string& text) {
        if (v < p.min || v > p.max) {
            std::ostringstream s;
            s << "value '" << text << "' out of range";
            if (p.min != -std::numeric_limits<double>::infinity() && p.max != std::numeric_limits<double>::infinity())
                s << " [" << bound(p, p.min) << ", " << bound(p, p.max) << "]";
            else if (p.min != -std::numeric_limits<double>::infinity())
                s << " (minimum " << bound(p, p.min) << ")";
            else
                s << " (maximum " << bound(p, p.max) << ")";
            throw std::invalid_argument(s.str());
        }
    }

    static std::string bound(const Param& p, double v) {
        switch (p.kind) {
            case Kind::Size: return format_size(uint64_t(v));
            case Kind::Time: return format_time(uint64_t(v));
            case Kind::Freq: return format_freq(v);
            case Kind::Bandwidth: return format_bandwidth(v);
            default: {
                std::ostringstream s;
                s << v;
                return s.str();
            }
        }
    }

    std::string resolve_path(std::string text, const std::string& key, bool directory = false) {
        // ${var} expansion (e.g. ${firmware} = the directory of the built firmware).
        size_t pos;
        while ((pos = text.find("${")) != std::string::npos) {
            size_t end = text.find('}', pos);
            if (end == std::string::npos) throw std::invalid_argument("unterminated ${ in '" + text + "'");
            const std::string var = text.substr(pos + 2, end - pos - 2);
            auto it = opts_.variables.find(var);
            if (it == opts_.variables.end()) throw std::invalid_argument("unknown variable ${" + var + "}");
            text.replace(pos, end - pos + 1, it->second);
        }
        fs::path p(text);
        if (p.is_relative()) p = fs::path(base_dir_) / p;
        std::error_code ec;
        const bool must_exist = opts_.unchecked_paths.empty() || key.rfind(opts_.unchecked_paths, 0) != 0;
        if (must_exist && !fs::exists(p, ec)) throw std::invalid_argument("file not found: '" + p.string() + "'");
        if (directory) {
            if (must_exist && !fs::is_directory(p, ec))
                throw std::invalid_argument("not a directory: '" + p.string() + "'");
            return fs::weakly_canonical(p, ec).string();
        }
        // Only regular files: a directory reads as nothing, a FIFO or a device (/dev/zero) never ends.
        if (must_exist && !fs::is_regular_file(p, ec))
            throw std::invalid_argument("not a regular file: '" + p.string() + "'");
        return fs::weakly_canonical(p, ec).string();
    }

    [[noreturn]] void fail(const YAML::Node& n, const std::string& path, const std::string& reason) {
        if (overridden_.count(path)) throw ScenarioError("--set " + path, 0, "", reason);
        const int line = n.IsDefined() && n.Mark().line >= 0 ? n.Mark().line + 1 : 0;
        throw ScenarioError(source_, line, path, reason);
    }

    const std::string& source_;
    const std::string& base_dir_;
    const LoadOptions& opts_;
    std::map<std::string, int>& lines_;
    const std::map<std::string, bool>& overridden_;
};

// Applies "a.b.c=value" to the YAML tree, checking the key path against the schema first.
void apply_override(YAML::Node& root, const Schema& schema, const std::string& spec,
                    std::map<std::string, bool>& marks) {
    const size_t eq = spec.find('=');
    if (eq == std::string::npos || eq == 0) throw ScenarioError("--set " + spec, 0, "", "expected key.path=value");
    const std::string path = spec.substr(0, eq);
    const std::string value = spec.substr(eq + 1);
    std::vector<std::string> keys;
    std::stringstream ss(path);
    for (std::string k; std::getline(ss, k, '.');) keys.push_back(k);

    const Schema* s = &schema;
    YAML::Node node = root;
    std::string walked;
    for (size_t i = 0; i < keys.size(); ++i) {
        const std::string& k = keys[i];
        walked = join(walked, k);
        const Param* p = s ? s->find(k) : nullptr;
        if (!p) throw ScenarioError("--set " + path, 0, "", "unknown key '" + walked + "'");
        const bool last = i + 1 == keys.size();
        if (p->kind == Kind::List || (p->kind == Kind::Map && p->instances && node[k].IsSequence())) {
            if (last)
                throw ScenarioError("--set " + path, 0, "",
                                    "'" + walked + "' is a list; set an element's key, e.g. " + walked + ".0.<key>");
            size_t idx;
            try {
                idx = std::stoul(keys[++i]);
            } catch (...) {
                throw ScenarioError("--set " + path, 0, "", "expected a list index after '" + walked + "'");
            }
            YAML::Node list = node[k];
            if (!list.IsSequence() || idx >= list.size())
                throw ScenarioError("--set " + path, 0, "", "'" + walked + "' has no element " + std::to_string(idx));
            walked += "." + keys[i];
            node.reset(list[idx]);
            s = p->children.get();
            if (i + 1 == keys.size())
                throw ScenarioError("--set " + path, 0, "", "set a key of the element, e.g. " + walked + ".<key>");
            continue;
        }
        if (last) {
            if (p->kind == Kind::Map)
                throw ScenarioError("--set " + path, 0, "", "'" + walked + "' is a section, not a value");
            try {
                node[k] = YAML::Load(value.empty() ? "\"\"" : value);
            } catch (const YAML::Exception& e) {
                throw ScenarioError("--set " + path, 0, "", "cannot read the value: " + e.msg);
            }
            marks[walked] = true;
            return;
        }
        if (p->kind != Kind::Map)
            throw ScenarioError("--set " + path, 0, "", "'" + walked + "' is a value, not a section");
        if (!node[k] || node[k].IsNull()) node[k] = YAML::Node(YAML::NodeType::Map);
        YAML::Node next = node[k];
        node.reset(next);
        s = p->children.get();
    }
}

}  // namespace

Scenario Scenario::from_text(const std::string& text, const std::string& source, const std::string& base_dir,
                             const Schema& schema, const LoadOptions& opts) {
    Scenario sc;
    sc.source_ = source;
    YAML::Node root;
    try {
        root = YAML::Load(text);
    } catch (const YAML::ParserException& e) {
        throw ScenarioError(source, e.mark.line + 1, "", "YAML syntax error: " + e.msg);
    }
    if (!root || root.IsNull()) root = YAML::Node(YAML::NodeType::Map);
    if (!root.IsMap()) throw ScenarioError(source, 1, "", "a scenario must be a map of sections");
    try {
        for (auto& spec : opts.overrides) apply_override(root, schema, spec, sc.from_override_);
        Validator v(sc.source_, base_dir, opts, sc.lines_, sc.from_override_);
        sc.values_ = v.map(root, schema, "");
    } catch (const YAML::Exception& e) {  // a conversion the validator did not foresee
        throw ScenarioError(source, e.mark.line + 1, "", "YAML: " + e.msg);
    }
    return sc;
}

Scenario Scenario::from_file(const std::string& path, const Schema& schema, const LoadOptions& opts) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw ScenarioError(path, 0, "", "cannot open scenario file: no such file");
    if (!fs::is_regular_file(path, ec)) throw ScenarioError(path, 0, "", "not a regular file");
    if (fs::file_size(path, ec) > kMaxScenarioBytes)
        throw ScenarioError(path, 0, "",
                            "larger than " + std::to_string(kMaxScenarioBytes >> 20) +
                                " MiB: not a scenario (data sets go in files the scenario names)");
    std::ifstream in(path);
    if (!in) throw ScenarioError(path, 0, "", "cannot open scenario file");
    std::stringstream buf;
    buf << in.rdbuf();
    const std::string dir = fs::absolute(fs::path(path)).parent_path().string();
    return from_text(buf.str(), path, dir, schema, opts);
}

int Scenario::line_of(const std::string& key_path) const {
    auto it = lines_.find(key_path);
    return it == lines_.end() ? 0 : it->second;
}

const nlohmann::json& Scenario::at(const std::string& key_path) const {
    const nlohmann::json* j = &values_;
    size_t pos = 0;
    while (pos <= key_path.size()) {
        const size_t dot = std::min(key_path.find('.', pos), key_path.size());
        const std::string part = key_path.substr(pos, dot - pos);
        if (j->is_array())
            j = &j->at(std::stoul(part));
        else
            j = &j->at(part);
        pos = dot + 1;
    }
    return *j;
}

void Scenario::fail(const std::string& key_path, const std::string& reason) const {
    if (from_override_.count(key_path)) throw ScenarioError("--set " + key_path, 0, "", reason);
    throw ScenarioError(source_, line_of(key_path), key_path, reason);
}

namespace {

void input_files_into(const Schema& s, const nlohmann::json& values, const std::string& path, nlohmann::json& out) {
    if (!values.is_object()) return;
    for (auto& p : s.params()) {
        auto it = values.find(p.key);
        if (it == values.end()) continue;
        const std::string kpath = join(path, p.key);
        if (p.kind == Kind::Path && it->is_string()) {
            out[kpath] = *it;
        } else if (p.kind == Kind::Map && !it->is_array()) {
            input_files_into(*p.children, *it, kpath, out);
        } else if ((p.kind == Kind::List || p.kind == Kind::Map) && it->is_array()) {
            for (size_t i = 0; i < it->size(); ++i)
                input_files_into(*p.children, (*it)[i], kpath + "." + std::to_string(i), out);
        }
    }
}

void describe_into(const Schema& s, const std::string& path, std::ostringstream& out, bool markdown) {
    for (auto& p : s.params()) {
        const std::string kpath = join(path, p.key);
        if (p.kind == Kind::Map) {
            const std::string more = p.instances ? " (or a list of named instances: [{name: ..., ...}, ...])" : "";
            if (markdown)
                out << "| **" << kpath << "** | section | | | " << p.help << more << " |\n";
            else
                out << kpath << "\n    " << p.help << more << "\n";
            describe_into(*p.children, kpath, out, markdown);
            continue;
        }
        if (p.kind == Kind::List) {
            if (markdown)
                out << "| **" << kpath << "[]** | list | | | " << p.help << " |\n";
            else
                out << kpath << "[]   (list)\n    " << p.help << "\n";
            describe_into(*p.children, kpath + "[]", out, markdown);
            continue;
        }
        std::string type = kind_name(p.kind);
        if (p.kind == Kind::Enum) {
            type += " {";
            for (size_t i = 0; i < p.choices.size(); ++i) type += (i ? "|" : "") + p.choices[i];
            type += "}";
        }
        const std::string def = p.default_text.empty() ? (p.required ? "(required)" : "(none)") : p.default_text;
        std::string presets_text, presets_md;  // the presets' values beside the default
        if (const Param* sel = s.preset_selector())
            for (auto& [name, keys] : sel->presets)
                for (auto& [key, text] : keys)
                    if (key == p.key) {
                        presets_text += " (" + sel->key + " " + name + ": " + text + ")";
                        presets_md += " (" + name + ": `" + text + "`)";
                    }
        if (markdown) {
            out << "| `" << kpath << "` | " << type << " | `" << def << "`" << presets_md << " | " << p.unit << " | "
                << p.help << " |\n";
        } else {
            out << kpath << "  " << type << "  default " << def << presets_text;
            if (!p.unit.empty()) out << "  [" << p.unit << "]";
            out << "\n    " << p.help << "\n";
        }
    }
}

}  // namespace

nlohmann::json input_files(const Schema& schema, const nlohmann::json& values) {
    nlohmann::json out = nlohmann::json::object();
    input_files_into(schema, values, "", out);
    return out;
}

std::string describe_text(const Schema& schema) {
    std::ostringstream out;
    describe_into(schema, "", out, false);
    return out.str();
}

std::string describe_markdown(const Schema& schema) {
    std::ostringstream out;
    out << "| parameter | type | default | unit | meaning |\n|---|---|---|---|---|\n";
    describe_into(schema, "", out, true);
    return out.str();
}

}  // namespace vp::config
