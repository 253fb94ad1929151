#include "models/profile/profiler.h"
#include <algorithm>
#include <cstdio>

namespace vp {

namespace {
constexpr unsigned kRa = 1, kT0 = 5;  // link registers (RISC-V psABI: ra, alternate t0)
// (the decoder turns rd = x0 into iss::kSinkReg)
bool is_link(unsigned r) { return r == kRa || r == kT0; }
}  // namespace

void HartProfiler::Costs::add(const Costs& o) {
    instructions += o.instructions;
    cycles += o.cycles;
    stall_fetch += o.stall_fetch;
    stall_data += o.stall_data;
    stall_exec += o.stall_exec;
    l1_misses += o.l1_misses;
    l2_misses += o.l2_misses;
    bus_bytes += o.bus_bytes;
}

HartProfiler::HartProfiler(std::string name, iss::Hart& hart, const iss::ElfImage* symbols, Sources sources)
    : name_(std::move(name)), hart_(hart), symbols_(symbols), src_(std::move(sources)) {
    nodes_.push_back({0, 0, 0});
    node_cycles_.push_back(0);
    functions_.push_back({name_, 0, 0});  // id 0: the root's name
    last_ = snapshot();  // what happens before the first instruction's hook (its fetch) is charged to it
    hart_.set_trace(&HartProfiler::on_insn, this);
    attached_ = true;
}

HartProfiler::~HartProfiler() {
    if (attached_) hart_.set_trace(nullptr, nullptr);
}

HartProfiler::Costs HartProfiler::snapshot() const {
    const iss::HartStats s = hart_.stats();
    Costs c;
    c.cycles = s.cycles;
    c.stall_fetch = s.stall_fetch;
    c.stall_data = s.stall_data;
    c.stall_exec = s.stall_exec;
    for (const auto& m : src_.l1_misses) c.l1_misses += m();
    if (src_.l2_misses) c.l2_misses = src_.l2_misses();
    for (const Counter* b : src_.bus_bytes) c.bus_bytes += b->value;
    return c;
}

void HartProfiler::on_insn(void* user, const iss::Hart&, uint32_t pc, const iss::DecodedInsn& d) {
    static_cast<HartProfiler*>(user)->step(pc, d);
}

// What the counters advanced since the previous instruction is its cost.
void HartProfiler::charge(uint32_t pc, const Costs& now) {
    Costs delta;
    delta.instructions = 1;
    delta.cycles = now.cycles - last_.cycles;
    delta.stall_fetch = now.stall_fetch - last_.stall_fetch;
    delta.stall_data = now.stall_data - last_.stall_data;
    delta.stall_exec = now.stall_exec - last_.stall_exec;
    delta.l1_misses = now.l1_misses - last_.l1_misses;
    delta.l2_misses = now.l2_misses - last_.l2_misses;
    delta.bus_bytes = now.bus_bytes - last_.bus_bytes;
    per_pc_[pc].add(delta);
    total_.add(delta);
    node_cycles_[node_] += delta.cycles;
    last_ = now;
}

uint32_t HartProfiler::function_id(uint32_t pc) {
    const iss::ElfSymbol* s = symbols_ ? symbols_->symbol_at(pc) : nullptr;
    const uint32_t lo = s ? s->addr : pc;
    auto it = function_by_lo_.find(lo);
    if (it != function_by_lo_.end()) return it->second;
    char buf[16];
    snprintf(buf, sizeof buf, "0x%08x", pc);
    functions_.push_back({s ? s->name : std::string(buf), lo, s ? s->addr + s->size : pc + 1});
    const uint32_t id = uint32_t(functions_.size() - 1);
    function_by_lo_.emplace(lo, id);
    return id;
}

void HartProfiler::step(uint32_t pc, const iss::DecodedInsn& d) {
    const Costs now = snapshot();
    if (started_) charge(prev_pc_, now);
    started_ = true;
    // Follow the previous instruction's control transfer into the stack.
    auto child = [&](uint32_t parent, uint32_t fn) {
        const uint64_t key = uint64_t(parent) << 32 | fn;
        auto it = children_.find(key);
        if (it != children_.end()) return it->second;
        if (nodes_.size() >= kMaxStacks || nodes_[parent].depth >= kMaxDepth) {
            ++truncated_calls_;
            return parent;
        }
        nodes_.push_back({parent, fn, nodes_[parent].depth + 1});
        node_cycles_.push_back(0);
        const uint32_t id = uint32_t(nodes_.size() - 1);
        children_.emplace(key, id);
        return id;
    };
    if (node_ == 0) {
        node_ = child(0, function_id(pc));
    } else if (prev_flow_ == Flow::Call) {
        node_ = child(node_, function_id(pc));
    } else if (prev_flow_ == Flow::Return) {
        // Back in the caller; returning from the outermost frame starts a new one where we landed.
        node_ = nodes_[node_].depth > 1 ? nodes_[node_].parent : child(0, function_id(pc));
    }
    prev_pc_ = pc;
    prev_flow_ = Flow::None;
    if ((d.op == iss::Op::JAL || d.op == iss::Op::JALR) && is_link(d.rd)) {
        prev_flow_ = Flow::Call;
    } else if (d.op == iss::Op::JALR && (d.rd == 0 || d.rd == iss::kSinkReg) && is_link(d.rs1) && d.imm == 0) {
        prev_flow_ = Flow::Return;
    }
}

void HartProfiler::finish() {
    if (!attached_) return;
    hart_.set_trace(nullptr, nullptr);
    attached_ = false;
    if (started_) charge(prev_pc_, snapshot());
}

std::vector<HartProfiler::FunctionCosts> HartProfiler::functions() const {
    std::map<std::string, Costs> by_name;
    std::unordered_map<uint32_t, std::string> name_of;  // pc -> function (one symbol lookup per pc)
    for (auto& [pc, c] : per_pc_) {
        const iss::ElfSymbol* s = symbols_ ? symbols_->symbol_at(pc) : nullptr;
        std::string n;
        if (s) {
            n = s->name;
        } else {
            char buf[16];
            snprintf(buf, sizeof buf, "0x%08x", pc);
            n = buf;
        }
        by_name[n].add(c);
    }
    std::vector<FunctionCosts> out;
    for (auto& [n, c] : by_name) out.push_back({n, c});
    std::stable_sort(out.begin(), out.end(),
                     [](const FunctionCosts& a, const FunctionCosts& b) { return a.costs.cycles > b.costs.cycles; });
    return out;
}

static nlohmann::ordered_json costs_json(const HartProfiler::Costs& c, const std::string& function = {}) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    if (!function.empty()) j["function"] = function;
    j.update(nlohmann::ordered_json{{"instructions", c.instructions},
                                    {"cycles", c.cycles},
                                    {"stall_fetch", c.stall_fetch},
                                    {"stall_data", c.stall_data},
                                    {"stall_exec", c.stall_exec},
                                    {"l1_misses", c.l1_misses},
                                    {"l2_misses", c.l2_misses},
                                    {"bus_bytes", c.bus_bytes}});
    return j;
}

nlohmann::ordered_json HartProfiler::to_json() const {
    nlohmann::ordered_json j;
    j["name"] = name_;
    j["total"] = costs_json(total_);
    j["functions"] = nlohmann::ordered_json::array();
    for (const FunctionCosts& f : functions()) {
        j["functions"].push_back(costs_json(f.costs, f.function));
    }
    j["stacks"] = nodes_.size() - 1;
    j["truncated_calls"] = truncated_calls_;
    return j;
}

std::string HartProfiler::stack_name(uint32_t node) const {
    std::vector<uint32_t> chain;
    for (uint32_t n = node; n != 0; n = nodes_[n].parent) chain.push_back(nodes_[n].function);
    std::string s = name_;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) s += ";" + functions_[*it].name;
    return s;
}

void HartProfiler::write_folded(std::ostream& out) const {
    std::vector<std::pair<std::string, uint64_t>> lines;
    for (uint32_t n = 1; n < nodes_.size(); ++n)
        if (node_cycles_[n]) lines.emplace_back(stack_name(n), node_cycles_[n]);
    std::sort(lines.begin(), lines.end());
    for (auto& [s, c] : lines) out << s << ' ' << c << '\n';
}

void HartProfiler::write_flat(std::ostream& out, size_t max_rows) const {
    char buf[512];
    snprintf(buf, sizeof buf, "%s: %llu instructions, %llu cycles\n", name_.c_str(),
             (unsigned long long)total_.instructions, (unsigned long long)total_.cycles);
    out << buf;
    snprintf(buf, sizeof buf, "%6s %14s %14s %12s %12s %12s %10s %10s %12s  %s\n", "cyc%", "cycles", "instructions",
             "stall_fetch", "stall_data", "stall_exec", "l1_miss", "l2_miss", "bus_bytes", "function");
    out << buf;
    size_t rows = 0;
    for (const FunctionCosts& f : functions()) {
        if (rows++ == max_rows) break;
        const Costs& c = f.costs;
        snprintf(buf, sizeof buf, "%6.2f %14llu %14llu %12llu %12llu %12llu %10llu %10llu %12llu  %s\n",
                 total_.cycles ? 100.0 * double(c.cycles) / double(total_.cycles) : 0.0, (unsigned long long)c.cycles,
                 (unsigned long long)c.instructions, (unsigned long long)c.stall_fetch,
                 (unsigned long long)c.stall_data, (unsigned long long)c.stall_exec, (unsigned long long)c.l1_misses,
                 (unsigned long long)c.l2_misses, (unsigned long long)c.bus_bytes, f.function.c_str());
        out << buf;
    }
}

}  // namespace vp
