// Per-function profile of a hart (`vp run --profile`, docs/profile.md): instructions, cycles, stall
// cycles by cause, L1/L2 misses and bus bytes per function, and call stacks in the folded format
// that flame-graph tools read.
//
// Mechanism: the hart's per-instruction hook (iss::Hart::set_trace), installed only when profiling,
// so a run without --profile pays nothing. At each instruction the profiler charges what the hart's
// counters (and the caches' and bus's counters) advanced since the previous instruction to the
// previous instruction's PC. While a hart runs its quantum no other SystemC process runs, so those
// deltas are this hart's own doing. Call stacks follow calls and returns: jal/jalr writing ra (or t0,
// the alternate link register) is a call, jalr x0, 0(ra) (or t0) a return. Memory is bounded whatever
// the firmware does: stacks deeper than kMaxDepth are cut there, and at most kMaxStacks distinct
// stacks are kept (further ones are charged to their deepest kept caller).
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>
#include <nlohmann/json.hpp>
#include "models/common/stats.h"
#include "models/cpu/iss/elf_loader.h"
#include "models/cpu/iss/hart.h"

namespace vp {

class HartProfiler {
public:
    // Live counts read at every instruction (any may be empty). Functions, not Counters: the caches
    // publish their statistics only at the end of the run.
    struct Sources {
        std::vector<std::function<uint64_t()>> l1_misses;  // L1I and L1D misses
        std::function<uint64_t()> l2_misses;
        std::vector<const Counter*> bus_bytes;  // bus bytes read and written (live counters)
    };
    static constexpr unsigned kMaxDepth = 256;
    static constexpr size_t kMaxStacks = 1 << 20;

    // `symbols` may be null (functions are then named by address).
    HartProfiler(std::string name, iss::Hart& hart, const iss::ElfImage* symbols, Sources sources);
    HartProfiler(const HartProfiler&) = delete;
    HartProfiler& operator=(const HartProfiler&) = delete;
    ~HartProfiler();

    // Charges the last instruction and removes the hook. Call once the hart has stopped.
    void finish();

    struct Costs {
        uint64_t instructions = 0, cycles = 0, stall_fetch = 0, stall_data = 0, stall_exec = 0, l1_misses = 0,
                 l2_misses = 0, bus_bytes = 0;
        void add(const Costs& o);
    };
    struct FunctionCosts {
        std::string function;
        Costs costs;
    };
    // Per function, most cycles first (ties: by name).
    std::vector<FunctionCosts> functions() const;
    const Costs& total() const { return total_; }
    const std::string& name() const { return name_; }

    nlohmann::ordered_json to_json() const;
    // "function;callee;... cycles" lines (Brendan Gregg's folded stacks), sorted, hart name as the root.
    void write_folded(std::ostream& out) const;
    // A fixed-width table, most cycles first.
    void write_flat(std::ostream& out, size_t max_rows = 50) const;

private:
    static void on_insn(void* user, const iss::Hart& hart, uint32_t pc, const iss::DecodedInsn& d);
    void step(uint32_t pc, const iss::DecodedInsn& d);
    Costs snapshot() const;
    void charge(uint32_t pc, const Costs& now);
    uint32_t function_id(uint32_t pc);
    std::string stack_name(uint32_t node) const;

    std::string name_;
    iss::Hart& hart_;
    const iss::ElfImage* symbols_;
    Sources src_;
    bool attached_ = false, started_ = false;

    Costs last_{}, total_{};
    uint32_t prev_pc_ = 0;
    enum class Flow : uint8_t { None, Call, Return } prev_flow_ = Flow::None;
    std::unordered_map<uint32_t, Costs> per_pc_;

    // Functions: id -> name and [lo, hi) range; lookup by PC on calls only.
    struct Function {
        std::string name;
        uint32_t lo, hi;
    };
    std::vector<Function> functions_;
    std::map<uint32_t, uint32_t> function_by_lo_;  // start -> id

    // Call-stack trie: node 0 is the root (the hart); nodes_[n] = {parent, function, depth}.
    struct Node {
        uint32_t parent, function, depth;
    };
    std::vector<Node> nodes_;
    std::unordered_map<uint64_t, uint32_t> children_;  // (parent << 32 | function) -> node
    std::vector<uint64_t> node_cycles_;
    uint32_t node_ = 0;
    uint64_t truncated_calls_ = 0;
};

}  // namespace vp
