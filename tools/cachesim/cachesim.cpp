// Trace-driven cache replay (cachesim.h).
#include "tools/cachesim/cachesim.h"
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>
#include <unordered_map>

namespace vp::cachesim {

const Blob* Log::blob(const std::string& name) const {
    for (const auto& b : blobs)
        if (b.name == name) return &b;
    return nullptr;
}

const cache::Region* Log::region(const std::string& name) const {
    for (const auto& r : regions)
        if (r.name == name) return &r;
    return nullptr;
}

// An unsigned integer of the untrusted header (get<uint64_t> would cast a float or a negative number,
// undefined for values out of range).
static uint64_t header_u64(const nlohmann::json& j, const char* key, const std::string& path) {
    const nlohmann::json& v = j.at(key);
    if (!v.is_number_unsigned())
        throw std::runtime_error("access log '" + path + "': bad JSON header: '" + key +
                                 "' is not an unsigned integer");
    return v.get<uint64_t>();
}

Log load_log(const std::string& path, bool with_records) {
    Log log;
    log.path = path;
    const auto reader = std::make_shared<cache::AccessLogReader>(path);
    cache::AccessLogReader& rd = *reader;
    try {
        log.header = nlohmann::json::parse(rd.header());
        for (const auto& r : log.header.value("regions", nlohmann::json::array()))
            log.regions.push_back(
                {r.at("name").get<std::string>(), header_u64(r, "lo", path), header_u64(r, "hi", path)});
        size_t i = 0;
        for (const auto& b : log.header.value("blobs", nlohmann::json::array()))
            log.blobs.push_back({b.at("name").get<std::string>(), header_u64(b, "addr", path), {}});
        for (const auto& b : log.header.value("blobs", nlohmann::json::array()))
            log.blobs[i++].data = rd.blob(header_u64(b, "size", path));
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error("access log '" + path + "': bad JSON header: " + e.what());
    }
    log.records_loaded = with_records;
    if (!with_records) {
        if (rd.streaming()) log.stream = reader;  // (positioned at the records: a stream is read once)
        return log;
    }
    std::vector<cache::AccessRecord> chunk;
    while (rd.records(chunk)) log.records.insert(log.records.end(), chunk.begin(), chunk.end());
    return log;
}

uint64_t LevelResult::total_read_misses() const {
    uint64_t t = 0;
    for (uint64_t v : read_misses) t += v;
    return t;
}

uint64_t parse_size(const std::string& text) {
    size_t pos = 0;
    unsigned long long v = 0;
    try {
        v = std::stoull(text, &pos, 0);
    } catch (const std::exception&) {
        throw std::invalid_argument("'" + text + "' is not a size (e.g. 32KiB, 1MiB, 4096)");
    }
    std::string unit = text.substr(pos);
    uint64_t mul = 1;
    if (unit.empty() || unit == "B")
        mul = 1;
    else if (unit == "K" || unit == "KiB" || unit == "k")
        mul = 1ull << 10;
    else if (unit == "M" || unit == "MiB")
        mul = 1ull << 20;
    else if (unit == "G" || unit == "GiB")
        mul = 1ull << 30;
    else
        throw std::invalid_argument("'" + text + "': unknown size unit '" + unit + "' (B, KiB, MiB, GiB)");
    return uint64_t(v) * mul;
}

cache::RegionStats LevelResult::total() const {
    cache::RegionStats t;
    for (const auto& s : stats) t += s;
    return t;
}

void validate(const Config& cfg) {
    auto check = [](const LevelConfig& l, const char* name, bool opt_ok) {
        if (!l.present) return;
        try {
            l.geo.validate();
        } catch (const std::exception& e) {
            throw std::invalid_argument(std::string(name) + ": " + e.what());
        }
        if (l.policy == "opt") {
            if (!opt_ok) throw std::invalid_argument(std::string(name) + ": policy opt is only available for the L2");
            return;
        }
        if (!cache::find_policy(l.policy))
            throw std::invalid_argument(std::string(name) + ": unknown policy '" + l.policy + "'");
    };
    check(cfg.l1i, "l1i", false);
    check(cfg.l1d, "l1d", false);
    check(cfg.l2, "l2", true);
}

cache::Region fv_range(const Log& log, const std::string& spec) {
    cache::Region out{spec, 0, 0};
    size_t at = 0;
    while (at <= spec.size() && !spec.empty()) {
        const size_t plus = spec.find('+', at);
        const std::string name = spec.substr(at, plus == std::string::npos ? std::string::npos : plus - at);
        const cache::Region* r = log.region(name);
        if (!r) throw std::runtime_error("access log '" + log.path + "' has no region '" + name + "' (fv region)");
        if (out.hi == out.lo) {
            out.lo = r->lo;
            out.hi = r->hi;
        } else if (r->lo == out.hi) {
            out.hi = r->hi;
        } else {
            throw std::runtime_error("fv region '" + spec + "': '" + name +
                                     "' does not follow the previous region directly");
        }
        if (plus == std::string::npos) break;
        at = plus + 1;
    }
    return out;
}

namespace {

// One cache level driven the way the TLM model drives its CacheArray.
class Level {
public:
    Level(const Log& log, const Config& cfg, const LevelConfig& lc, const std::string& name)
        : cfg_(lc), name_(name), arr_(lc.geo, lc.policy, lc.params) {
        std::vector<cache::Region> regions = log.regions;
        arr_.set_regions(regions);
        read_misses_.assign(regions.size() + 1, 0);
        line_ = lc.geo.line;
        if (arr_.policy_info().reads_priority) {
            const cache::Region fvr = fv_range(log, cfg.fv_region);
            const cache::Region* fv = fvr.hi > fvr.lo ? &fvr : nullptr;
            if (fv) {
                const std::string tname = "prio_" + lc.policy;  // the workload's table for this policy
                table_ = log.blob(tname);
                if (!table_)
                    throw std::runtime_error("access log '" + log.path + "' carries no blob '" + tname +
                                             "' (needed by " + name + " policy " + lc.policy + ")");
                fv_lo_ = fv->lo;
                fv_hi_ = fv->hi;
                if ((fv_hi_ - fv_lo_) / line_ * 4 > table_->data.size())
                    throw std::runtime_error("access log '" + log.path + "': blob '" + tname + "' has " +
                                             std::to_string(table_->data.size()) + " bytes, fewer than one word per " +
                                             std::to_string(line_) + "-byte line of region '" + cfg.fv_region + "'");
            }
        }
    }

    // Cache::access: every line the access spans. Requests below go to `below` (may be null).
    void access(uint64_t addr, unsigned len, bool write, std::vector<Request>* below, bool prio_below) {
        const uint64_t first = arr_.line_addr(addr), last = arr_.line_addr(addr + (len ? len : 1) - 1);
        for (uint64_t l = first;; l += line_) {
            const bool full = addr <= l && addr + len >= l + line_;
            const bool offset0 = (l >= addr ? 0 : addr - l) < 4;
            const uint64_t a = l == first ? addr : l;
            if (!arr_.access(a, write, offset0)) {
                if (!write) ++read_misses_[arr_.region_of(a)];
                const uint32_t prio = initial_priority(l, below, prio_below);
                const cache::Eviction ev = arr_.fill(a, write, offset0, prio);
                if (below) {
                    if (ev.dirty) below->push_back(Request{uint32_t(ev.addr), uint16_t(line_), 1, 0});
                    if (!full) below->push_back(Request{uint32_t(l), uint16_t(line_), 0, 0});
                }
            }
            if (l == last) break;
        }
    }

    LevelResult result(const Log& log) const {
        LevelResult r;
        r.name = name_;
        r.cfg = cfg_;
        for (const auto& reg : log.regions) r.region_names.push_back(reg.name);
        r.region_names.push_back("other");
        r.stats = arr_.stats();
        r.read_misses = read_misses_;
        return r;
    }

private:
    uint32_t initial_priority(uint64_t line, std::vector<Request>* below, bool prio_below) {
        if (!table_ || line < fv_lo_ || line >= fv_hi_) return cfg_.default_priority;
        const uint64_t k = (line - fv_lo_) / line_;
        ++arr_.stats_for(line).priority_fetches;
        if (below && prio_below) below->push_back(Request{uint32_t(table_->addr + 4 * k), 4, 0, 0});
        uint32_t v;
        std::memcpy(&v, table_->data.data() + 4 * k, 4);
        return v;
    }

    LevelConfig cfg_;
    std::string name_;
    cache::CacheArray arr_;
    unsigned line_ = 64;
    const Blob* table_ = nullptr;
    uint64_t fv_lo_ = 0, fv_hi_ = 0;
    std::vector<uint64_t> read_misses_;
};

size_t region_index(const std::vector<cache::Region>& regions, uint64_t addr) {
    for (size_t i = 0; i < regions.size(); ++i)
        if (addr >= regions[i].lo && addr < regions[i].hi) return i;
    return regions.size();
}

// Belady's OPT (MIN) for the L2: on a miss in a full set, evict the line whose next use is farthest
// in the future (never used again = infinitely far; ties: lowest way). Every missing line is
// installed (no bypass), as in the other policies, so this is the lowest miss count any
// replacement policy of this geometry can reach on this request stream.
LevelResult run_opt(const Log& log, const LevelConfig& lc, const std::vector<Request>& stream) {
    const unsigned line = lc.geo.line, ways = lc.geo.ways, sets = lc.geo.sets();
    // Expand requests into line accesses.
    struct Acc {
        uint64_t line;
        bool write;
    };
    std::vector<Acc> acc;
    acc.reserve(stream.size());
    for (const Request& r : stream) {
        const uint64_t first = r.addr & ~uint64_t(line - 1),
                       last = (uint64_t(r.addr) + (r.len ? r.len : 1) - 1) & ~uint64_t(line - 1);
        for (uint64_t l = first; l <= last; l += line) acc.push_back({l, r.write != 0});
    }
    constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();
    std::vector<uint64_t> next(acc.size());
    {
        std::unordered_map<uint64_t, uint64_t> seen;
        seen.reserve(acc.size() / 4 + 16);
        for (size_t i = acc.size(); i-- > 0;) {
            auto it = seen.find(acc[i].line);
            next[i] = it == seen.end() ? kNever : it->second;
            seen[acc[i].line] = i;
        }
    }
    struct Way {
        uint64_t line = kNever;
        uint64_t next = 0;
        bool dirty = false;
    };
    std::vector<Way> w(size_t(sets) * ways);
    LevelResult res;
    res.name = "l2";
    res.cfg = lc;
    for (const auto& reg : log.regions) res.region_names.push_back(reg.name);
    res.region_names.push_back("other");
    res.stats.assign(res.region_names.size(), {});
    res.read_misses.assign(res.region_names.size(), 0);
    const unsigned shift = unsigned(__builtin_ctz(line));
    for (size_t i = 0; i < acc.size(); ++i) {
        const uint64_t l = acc[i].line;
        const unsigned set = unsigned((l >> shift) % sets);
        Way* s = &w[size_t(set) * ways];
        const size_t ri = region_index(log.regions, l);
        cache::RegionStats& st = res.stats[ri];
        ++st.accesses;
        unsigned hit = ways;
        for (unsigned k = 0; k < ways; ++k)
            if (s[k].line == l) {
                hit = k;
                break;
            }
        if (hit < ways) {
            ++st.hits;
            s[hit].next = next[i];
            s[hit].dirty |= acc[i].write;
            continue;
        }
        ++st.misses;
        if (!acc[i].write) ++res.read_misses[ri];
        unsigned v = ways;
        for (unsigned k = 0; k < ways; ++k)
            if (s[k].line == kNever) {
                v = k;
                break;
            }
        if (v == ways) {
            v = 0;
            for (unsigned k = 1; k < ways; ++k)
                if (s[k].next > s[v].next) v = k;
            cache::RegionStats& vs = res.stats[region_index(log.regions, s[v].line)];
            ++vs.evictions;
            if (s[v].dirty) ++vs.writebacks;
        }
        s[v] = Way{l, next[i], acc[i].write};
    }
    return res;
}

}  // namespace

namespace {

// The L1s: each record to its level (fetches to the L1I, loads and stores to the L1D, or straight below
// without one); what they send below is appended to `below`.
class Front {
public:
    Front(const Log& log, const Config& cfg) : log_(log), cfg_(cfg) {
        if (cfg.l1i.present) l1i_ = std::make_unique<Level>(log, cfg, cfg.l1i, "l1i");
        if (cfg.l1d.present) l1d_ = std::make_unique<Level>(log, cfg, cfg.l1d, "l1d");
    }
    void feed(const std::vector<cache::AccessRecord>& chunk, std::vector<Request>& below) {
        const bool prio_below = cfg_.priority_reads;
        for (const cache::AccessRecord& r : chunk) {
            if (r.addr < cfg_.cacheable_lo || r.addr >= cfg_.cacheable_hi) continue;
            switch (r.kind) {
                case cache::AccessLog::FetchLine:
                    if (l1i_) l1i_->access(r.addr, r.size, false, &below, prio_below);
                    break;
                case cache::AccessLog::Load:
                case cache::AccessLog::Store:
                    if (l1d_)
                        l1d_->access(r.addr, r.size, r.kind == cache::AccessLog::Store, &below, prio_below);
                    else
                        below.push_back(
                            Request{r.addr, uint16_t(r.size), uint8_t(r.kind == cache::AccessLog::Store), 0});
                    break;
                default:
                    throw std::runtime_error("access log '" + log_.path + "': record of unknown kind " +
                                             std::to_string(r.kind));
            }
        }
    }
    std::vector<LevelResult> results() const {
        std::vector<LevelResult> out;
        if (l1i_) out.push_back(l1i_->result(log_));
        if (l1d_) out.push_back(l1d_->result(log_));
        return out;
    }

private:
    const Log& log_;
    const Config& cfg_;
    std::unique_ptr<Level> l1i_, l1d_;
};

}  // namespace

std::vector<LevelResult> run_l1(const Log& log, const Config& cfg, std::vector<Request>& l2_stream) {
    validate(cfg);
    l2_stream.clear();
    Front front(log, cfg);
    log.for_each_chunk([&](const std::vector<cache::AccessRecord>& chunk) { front.feed(chunk, l2_stream); });
    return front.results();
}

OnePassResult run_one_pass(const Log& log, const Config& cfg, const std::vector<LevelConfig>& l2s) {
    validate(cfg);
    std::vector<std::unique_ptr<Level>> l2;
    for (const LevelConfig& lc : l2s) {
        Config one = cfg;
        one.l2 = lc;
        validate(one);
        if (lc.policy == "opt") throw std::invalid_argument("l2: policy opt needs the whole request stream (run_l2)");
        l2.push_back(std::make_unique<Level>(log, cfg, lc, "l2"));
    }
    OnePassResult res;
    Front front(log, cfg);
    std::vector<Request> below;
    log.for_each_chunk([&](const std::vector<cache::AccessRecord>& chunk) {
        below.clear();
        front.feed(chunk, below);
        res.l2_requests += below.size();
        for (auto& level : l2)
            for (const Request& r : below) level->access(r.addr, r.len, r.write != 0, nullptr, false);
    });
    res.l1 = front.results();
    for (const auto& level : l2) res.l2.push_back(level->result(log));
    return res;
}

LevelResult run_l2(const Log& log, const Config& cfg, const std::vector<Request>& l2_stream) {
    validate(cfg);
    if (cfg.l2.policy == "opt") return run_opt(log, cfg.l2, l2_stream);
    Level l2(log, cfg, cfg.l2, "l2");
    for (const Request& r : l2_stream) l2.access(r.addr, r.len, r.write != 0, nullptr, false);
    return l2.result(log);
}

Result simulate(const Log& log, const Config& cfg) {
    Result res;
    std::vector<Request> stream;
    res.levels = run_l1(log, cfg, stream);
    if (cfg.l2.present) res.levels.push_back(run_l2(log, cfg, stream));
    return res;
}

nlohmann::json to_json(const LevelResult& r) {
    auto stats = [](const cache::RegionStats& s, uint64_t read_misses) {
        nlohmann::json j{{"read_misses", read_misses}};
        for (const cache::RegionStatField& f : cache::kRegionStatFields) j[f.name] = s.*f.count;
        return j;
    };
    nlohmann::json j;
    j["size"] = r.cfg.geo.size;
    j["ways"] = r.cfg.geo.ways;
    j["line"] = r.cfg.geo.line;
    j["policy"] = r.cfg.policy;
    if (r.cfg.policy == "pb") j["period"] = r.cfg.params.pb_period, j["max_p"] = r.cfg.params.pb_max_priority;
    if (r.cfg.policy == "grasp") j["hot"] = {r.cfg.params.hot_start, r.cfg.params.hot_end};
    j["total"] = stats(r.total(), r.total_read_misses());
    for (size_t i = 0; i < r.region_names.size(); ++i)
        j["regions"][r.region_names[i]] = stats(r.stats[i], i < r.read_misses.size() ? r.read_misses[i] : 0);
    return j;
}

}  // namespace vp::cachesim
