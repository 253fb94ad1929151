#include "models/trafficgen/pattern.h"
#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace vp {

namespace {

constexpr unsigned kMaxAccessSize = 1u << 20;

std::string trim(const std::string& s) {
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return s.substr(b, e - b);
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// "123", "123ps", "1.5ns", "2us", "1ms", "1s" -> ps. Returns false on anything else.
bool parse_time(const std::string& s, Tick& out) {
    size_t i = 0;
    while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.')) ++i;
    if (i == 0) return false;
    const std::string num = s.substr(0, i), unit = lower(trim(s.substr(i)));
    double scale;
    if (unit.empty() || unit == "ps")
        scale = 1;
    else if (unit == "ns")
        scale = 1e3;
    else if (unit == "us")
        scale = 1e6;
    else if (unit == "ms")
        scale = 1e9;
    else if (unit == "s")
        scale = 1e12;
    else
        return false;
    if (std::count(num.begin(), num.end(), '.') > 1) return false;
    if (num.find('.') == std::string::npos && scale == 1) {
        try {
            out = std::stoull(num);
        } catch (...) {
            return false;
        }
        return true;
    }
    const double v = std::strtod(num.c_str(), nullptr) * scale;
    if (!(v >= 0) || v > 1.8e19) return false;
    out = static_cast<Tick>(std::llround(v));
    return true;
}

bool parse_u64(const std::string& s, uint64_t& out) {
    if (s.empty() || s[0] == '-' || s[0] == '+') return false;
    std::string t;
    for (char c : s)
        if (c != '_') t += c;  // 0x8000_0000
    try {
        size_t used = 0;
        out = std::stoull(t, &used, 0);
        return used == t.size();
    } catch (...) {
        return false;
    }
}

std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string item;
    while (std::getline(ss, item, ',')) f.push_back(trim(item));
    if (!line.empty() && line.back() == ',') f.push_back("");
    return f;
}

}  // namespace

std::vector<CsvAccess> parse_access_csv(const std::string& text, const std::string& file) {
    std::vector<CsvAccess> out;
    std::istringstream in(text);
    std::string raw;
    int line_no = 0;
    bool delta = false, seen_data = false;
    Tick prev = 0;
    auto fail = [&](const std::string& why) -> void {
        throw std::runtime_error(file + ":" + std::to_string(line_no) + ": " + why);
    };
    while (std::getline(in, raw)) {
        ++line_no;
        std::string line = raw;
        if (auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        line = trim(line);
        if (line.empty()) continue;
        const auto f = split(line);
        if (f.size() != 4)
            fail("expected 4 comma-separated fields (time or delta, R/W, address, size), got " +
                 std::to_string(f.size()));
        if (!seen_data && std::isalpha(static_cast<unsigned char>(f[0][0]))) {  // header
            const std::string h = lower(f[0]);
            if (h == "time")
                delta = false;
            else if (h == "delta")
                delta = true;
            else
                fail("header's first column must be 'time' or 'delta', got '" + f[0] + "'");
            seen_data = true;
            continue;
        }
        seen_data = true;
        CsvAccess a;
        Tick t = 0;
        if (!parse_time(f[0], t)) fail("bad time '" + f[0] + "' (a number of ps, or with a unit: ps ns us ms s)");
        const std::string op = lower(f[1]);
        if (op == "r" || op == "read")
            a.write = false;
        else if (op == "w" || op == "write")
            a.write = true;
        else
            fail("bad operation '" + f[1] + "' (R or W)");
        if (!parse_u64(f[2], a.addr)) fail("bad address '" + f[2] + "' (decimal or 0x hex)");
        uint64_t size = 0;
        if (!parse_u64(f[3], size) || size == 0 || size > kMaxAccessSize)
            fail("bad size '" + f[3] + "' (1 to " + std::to_string(kMaxAccessSize) + " bytes)");
        a.size = unsigned(size);
        if (delta) {
            a.time = prev + t;
        } else {
            if (!out.empty() && t < prev)
                fail("time goes backwards (" + f[0] + " after " + std::to_string(prev) + " ps)");
            a.time = t;
        }
        prev = a.time;
        out.push_back(a);
    }
    return out;
}

std::vector<CsvAccess> load_access_csv(const std::string& path) {
    std::ifstream f(path);
    if (!f) throw std::runtime_error(path + ": cannot open the access file");
    std::stringstream ss;
    ss << f.rdbuf();
    return parse_access_csv(ss.str(), path);
}

AccessPattern::AccessPattern(const PatternParams& p)
    : p_(p), addr_rng_(p.seed), rw_rng_(p.seed ^ 0x5bd1e9955bd1e995ull) {
    if (p.pattern == TrafficPattern::Csv) {
        if (p.csv_file.empty()) throw std::invalid_argument("traffic pattern csv needs a file");
        csv_ = load_access_csv(p.csv_file);
        total_ = p.count ? std::min<uint64_t>(p.count, csv_.size()) : csv_.size();
        for (uint64_t i = 0; i < total_; ++i) max_size_ = std::max(max_size_, csv_[i].size);
        return;
    }
    if (p.access_size == 0 || p.access_size > kMaxAccessSize)
        throw std::invalid_argument("traffic access size must be 1 to " + std::to_string(kMaxAccessSize) + " bytes");
    if (p.range < p.access_size) throw std::invalid_argument("traffic range must be at least the access size");
    if (p.pattern == TrafficPattern::Strided && p.stride == 0)
        throw std::invalid_argument("traffic stride must be > 0");
    if (!(p.read_fraction >= 0 && p.read_fraction <= 1)) throw std::invalid_argument("read_fraction must be in [0, 1]");
    if (p.count == 0) throw std::invalid_argument("traffic count must be > 0 (0 = whole file is for csv only)");
    total_ = p.count;
    max_size_ = p.access_size;
}

bool AccessPattern::next(TrafficAccess& a) {
    if (k_ >= total_) return false;
    const uint64_t k = k_++;
    if (p_.pattern == TrafficPattern::Csv) {
        const CsvAccess& c = csv_[k];
        a = {c.time, c.write, p_.base + c.addr, c.size};
        return true;
    }
    uint64_t offset = 0;
    switch (p_.pattern) {
        case TrafficPattern::Sequential: offset = (k * p_.access_size) % p_.range; break;
        case TrafficPattern::Strided: offset = (k * p_.stride) % p_.range; break;
        default: offset = addr_rng_.below(p_.range / p_.access_size) * p_.access_size; break;
    }
    a.at = 0;
    a.addr = p_.base + offset;
    a.size = p_.access_size;
    a.write = p_.read_fraction < 1.0 && rw_rng_.unit() >= p_.read_fraction;
    return true;
}

}  // namespace vp
