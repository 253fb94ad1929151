#include "models/lapp/stage_array.h"

#include <algorithm>
#include <cstdio>
#include <deque>

#include "models/lapp/fu.h"

namespace vp::lapp {

ArrayEvents& ArrayEvents::operator+=(const ArrayEvents& o) {
    for (unsigned u = 0; u < kOpClasses; ++u) ops[u] += o.ops[u];
    l0_pushes += o.l0_pushes;
    preg_words += o.preg_words;
    l0_moves += o.l0_moves;
    lb_writes += o.lb_writes;
    lb_reads += o.lb_reads;
    tag_compares += o.tag_compares;
    sb_merges += o.sb_merges;
    sb_reads += o.sb_reads;
    records_written += o.records_written;
    lines_fetched += o.lines_fetched;
    return *this;
}

namespace {

// One iteration in the array: its values travel with it through the propagation registers.
struct Iteration {
    uint64_t n = 0;
    unsigned stage = 0;
    std::vector<uint32_t> val;
    std::vector<uint64_t> ready;  // cycle from which each value can be read (~0: not produced yet)
    StoreBuffer sb;
    uint32_t fflags = 0;
    bool exits = false;
};

std::string hex(uint32_t v) {
    char b[16];
    std::snprintf(b, sizeof b, "0x%08x", v);
    return b;
}

class Run {
public:
    Run(const ArrayConfig& cfg, const Mapping& m, MemoryPort& port, const std::function<bool(uint64_t)>& stop)
        : cfg_(cfg), m_(m), port_(port), stop_(stop) {
        by_stage_.resize(m.depth);
        for (unsigned i = 0; i < m.ops.size(); ++i) by_stage_[m.ops[i].stage].push_back(i);
        for (unsigned s = 0; s < m.depth; ++s) lb_.emplace_back(cfg.local_buffer, cfg.lb_words);
        for (const MappedOp& op : m.ops) {
            if (!m.body[op.insn].load || op.storebuf) continue;
            lb_[op.stage].bind(cfg.local_buffer == LocalBufferKind::Optimized ? op.way : 0);
            chain_ = std::max(chain_, op.stage + 1);
        }
        l0_.resize(chain_);
        carried_words();
        for (unsigned w = 1; w < kWays; ++w)
            if (m.way_used[w]) {
                used_.push_back(w);
                prefill_ = std::max(prefill_, m.first_push[w] - m.prefill_from[w]);
            }
    }

    ArrayResult run(uint64_t start) {
        c_ = start;
        for (unsigned w : used_) ways_[w].start(m_.ways[w], m_.prefill_from[w], cfg_, port_, c_);
        // The ways fetch while the body is captured, mapped and the stages configured.
        c_ += m_.setup_cycles - uint64_t(prefill_);
        tick_ways();
        // Prefill: the elements iteration 0 needs besides its own enter the L0 register one per cycle.
        for (int64_t p = 0; p < prefill_; ++p) {
            L0PropagationRegister in;
            uint64_t ready = c_;
            for (unsigned w : used_) {
                const int64_t e = m_.prefill_from[w] + p;
                if (e < m_.first_push[w]) ready = std::max(ready, fetch(w, e, in.lane[w]));
            }
            stall_until(ready);
            step_l0(&in);
            tick_ways();
            ++c_;
        }
        r_.setup_cycles = m_.setup_cycles;
        execute();
        r_.cycles = c_ - start;
        r_.fflags = fflags_;
        if (have_committed_)
            for (auto [reg, v] : m_.live_out) r_.live_out.push_back({reg, committed_.val[size_t(v)]});
        for (const LocalBuffer& b : lb_) {
            r_.ev.lb_writes += b.writes();
            r_.ev.lb_reads += b.reads();
            r_.ev.tag_compares += b.tag_compares();
        }
        for (unsigned w : used_) r_.ev.lines_fetched += ways_[w].lines_fetched();
        return std::move(r_);
    }

private:
    // Words each stage boundary carries per iteration: every value from the stage that produces it
    // (a loop-carried value: from its self-loop's stage) to the last stage that reads it; the values
    // left in registers after the loop travel to the last stage.
    void carried_words() {
        carried_.assign(m_.depth, 0);
        std::vector<int> birth(m_.values.size(), -1), last(m_.values.size(), -1);
        for (size_t v = 0; v < m_.values.size(); ++v) {
            const Value& val = m_.values[v];
            if (val.kind == Value::Result) birth[v] = int(m_.ops[size_t(val.def)].stage);
            if (val.kind == Value::Phi) birth[v] = int(m_.ops[size_t(m_.values[size_t(val.def)].def)].stage);
        }
        for (const MappedOp& op : m_.ops)
            for (int s = 0; s < 3; ++s)
                if (op.src[s] >= 0) last[size_t(op.src[s])] = std::max(last[size_t(op.src[s])], int(op.stage));
        for (auto [reg, v] : m_.live_out) last[size_t(v)] = int(m_.depth) - 1;
        for (size_t v = 0; v < m_.values.size(); ++v)
            for (int s = std::max(birth[v], 0); birth[v] >= 0 && s < last[v]; ++s) ++carried_[size_t(s)];
    }

    uint64_t fetch(unsigned w, int64_t e, L0Word& lane) {
        bool ok;
        uint32_t word;
        const uint64_t ready = ways_[w].element(e, c_, word, ok);
        lane = L0Word{true, ok, e, m_.ways[w].element_addr(uint64_t(e)), word};
        return ready;
    }

    void stall_until(uint64_t ready) {
        if (ready <= c_) return;
        r_.stall_cycles += ready - c_;
        c_ = ready;
        tick_ways();
    }

    void tick_ways() {
        for (unsigned w : used_) ways_[w].tick(c_);
    }

    // The L0 registers move one stage down; `in` enters the first stage; every local buffer keeps
    // what passes its stage.
    void step_l0(const L0PropagationRegister* in) {
        if (!chain_) return;
        for (unsigned j = chain_ - 1; j > 0; --j) {
            l0_[j] = l0_[j - 1];
            for (const L0Word& w : l0_[j].lane) r_.ev.l0_moves += w.valid;
        }
        l0_[0] = in ? *in : L0PropagationRegister{};
        for (const L0Word& w : l0_[0].lane) r_.ev.l0_pushes += w.valid;
        for (unsigned j = 0; j < chain_; ++j) lb_[j].fill(l0_[j]);
    }

    uint32_t record_start(uint64_t n) const {
        const uint32_t off = uint32_t(m_.store_first_record + n) * m_.store_record;
        return m_.ways[0].down ? m_.ways[0].base - off : m_.ways[0].base + off;
    }

    Iteration make_iteration(uint64_t n) {
        Iteration it;
        if (!pool_.empty()) {
            it = std::move(pool_.back());
            pool_.pop_back();
        }
        it.n = n;
        it.stage = 0;
        it.val.assign(m_.values.size(), 0);
        it.ready.assign(m_.values.size(), ~0ull);
        it.sb.clear();
        it.fflags = 0;
        it.exits = false;
        return it;
    }

    // Removes iterations [idx, end) from the array.
    void squash_from(size_t idx) {
        while (inflight_.size() > idx) {
            pool_.push_back(std::move(inflight_.back()));
            inflight_.pop_back();
            ++r_.squashed;
        }
    }

    bool fault(ArrayResult::End why, std::string what) {
        if (error_end_ == ArrayResult::End::Exit) {
            error_end_ = why;
            r_.error = std::move(what);
        }
        return false;
    }

    // Value `v` as iteration inflight_[idx] sees it in the current cycle; false if not ready.
    bool read(size_t idx, int32_t v, uint32_t& out) {
        const Iteration& it = inflight_[idx];
        const Value& val = m_.values[size_t(v)];
        switch (val.kind) {
            case Value::Invariant: out = val.init; return true;
            case Value::Phi: {
                if (it.n == 0) {
                    out = val.init;
                    return true;
                }
                const Iteration* prev = idx > 0 ? &inflight_[idx - 1] : have_committed_ ? &committed_ : nullptr;
                if (!prev || prev->n + 1 != it.n || prev->ready[size_t(val.def)] > c_) return false;
                out = prev->val[size_t(val.def)];
                return true;
            }
            case Value::Result:
                if (it.ready[size_t(v)] > c_) return false;
                out = it.val[size_t(v)];
                return true;
        }
        return false;
    }

    // Executes one mapped instruction of iteration inflight_[idx]; false on a violation.
    bool execute_op(size_t idx, const MappedOp& op) {
        const BodyInsn& b = m_.body[op.insn];
        Iteration& it = inflight_[idx];
        ++r_.ev.ops[unsigned(b.op_class)];
        uint32_t s[3] = {0, 0, 0};
        for (int k = 0; k < 3; ++k)
            if (op.src[k] >= 0 && !read(idx, op.src[k], s[k]))
                return fault(ArrayResult::End::Violation, "operand not ready at stage " + std::to_string(op.stage) +
                                                              " (" + iss::op_mnemonic(b.d.op) + " at " + hex(b.pc) +
                                                              ")");
        const auto produce = [&](uint32_t value) {
            if (op.dst < 0) return;
            it.val[size_t(op.dst)] = value;
            it.ready[size_t(op.dst)] = c_ + op.latency;
        };
        if (b.branch) {
            if (!fu_branch_taken(b.d.op, s[0], s[1])) it.exits = true;
            return true;
        }
        if (b.store) {
            const uint32_t addr = s[0] + uint32_t(b.d.imm), expect = record_start(it.n) + op.record_offset;
            if (addr != expect)
                return fault(ArrayResult::End::Violation, "store to " + hex(addr) + ", the store stream is at " +
                                                              hex(expect) + " (at " + hex(b.pc) + ")");
            it.sb.merge(op.record_offset, s[1], b.mem_bytes);
            ++r_.ev.sb_merges;
            return true;
        }
        if (b.load) {
            const uint32_t addr = s[0] + uint32_t(b.d.imm);
            uint32_t raw = 0;
            if (op.storebuf) {
                ++r_.ev.sb_reads;
                const uint32_t off = addr - record_start(it.n);
                if (off >= 4 || !it.sb.read(off, b.mem_bytes, raw))
                    return fault(ArrayResult::End::Violation,
                                 "store-buffer load of " + hex(addr) + " missed (at " + hex(b.pc) + ")");
            } else {
                int64_t k = -1;
                unsigned within;
                const LocalBuffer::Result got = m_.ways[op.way].element_of(addr, b.mem_bytes, k, within)
                                                    ? lb_[op.stage].read(op.way, k, addr, b.mem_bytes, raw)
                                                    : LocalBuffer::Result::Miss;
                if (got == LocalBuffer::Result::Poison)
                    return fault(ArrayResult::End::BusError, "element of " + hex(addr) + " could not be fetched");
                if (got != LocalBuffer::Result::Hit)
                    return fault(ArrayResult::End::Violation,
                                 "load of " + hex(addr) + " (element " + std::to_string(k) + " of way " +
                                     std::to_string(op.way) + ") is not in the local buffer of stage " +
                                     std::to_string(op.stage) + " in iteration " + std::to_string(it.n) + " (at " +
                                     hex(b.pc) + ")");
            }
            produce(fu_load_value(b.d.op, raw));
            return true;
        }
        produce(fu_compute(b.d, op.rm, b.pc, s[0], s[1], s[2], it.fflags));
        return true;
    }

    void commit(Iteration& it) {
        if (m_.stores) {
            port_.write_record(record_start(it.n), it.sb.bytes(), it.sb.mask(), m_.store_record, c_);
            ++r_.ev.records_written;
        }
        fflags_ |= it.fflags;
        ++r_.iterations;
        if (it.exits) exited_ = true;
        if (have_committed_) pool_.push_back(std::move(committed_));
        committed_ = std::move(it);
        have_committed_ = true;
    }

    void execute() {
        uint64_t next_n = 0, next_issue = c_;
        bool stop_issue = false;
        // Safety net: the mapper's trip count plus the iterations in flight when the exit resolves.
        const uint64_t max_issue = m_.trip + m_.depth + 2;
        for (;;) {
            if (stop_issue && inflight_.empty()) break;
            // 1. Issue: the next iteration enters the first stage with one element per way.
            L0PropagationRegister in;
            bool issuing = false;
            if (!stop_issue && c_ >= next_issue) {
                if (next_n >= max_issue) {
                    fault(ArrayResult::End::Violation, "the loop did not exit after the mapper's trip count");
                    stop_issue = true;
                } else if (stop_ && stop_(c_)) {
                    interrupted_ = stop_issue = true;
                } else {
                    uint64_t ready = c_;
                    for (unsigned w : used_)
                        ready = std::max(ready, fetch(w, m_.first_push[w] + int64_t(next_n), in.lane[w]));
                    if (ready > c_) {  // the whole array waits for the line
                        stall_until(ready);
                        continue;
                    }
                    issuing = true;
                }
            }
            // 2. L0 registers and local buffers.
            step_l0(issuing ? &in : nullptr);
            // 3. Every iteration moves one stage down; the new one enters stage 0.
            for (Iteration& it : inflight_) r_.ev.preg_words += carried_[it.stage++];
            if (issuing) {
                inflight_.push_back(make_iteration(next_n++));
                next_issue = c_ + m_.ii;
            }
            // 4. Each stage executes its part of the iteration it holds (oldest first).
            for (size_t idx = 0; idx < inflight_.size(); ++idx) {
                Iteration& it = inflight_[idx];
                bool ok = true;
                for (unsigned i : by_stage_[it.stage]) {
                    ok = execute_op(idx, m_.ops[i]);
                    if (!ok) break;
                }
                if (!ok) {  // this iteration and every younger one never complete
                    squash_from(idx);
                    stop_issue = true;
                    break;
                }
                if (it.exits) {  // the branch fell through: younger iterations are squashed
                    squash_from(idx + 1);
                    stop_issue = true;
                    break;
                }
            }
            // 5. The last stage completes its iteration.
            while (!inflight_.empty() && inflight_.front().stage + 1 >= m_.depth) {
                commit(inflight_.front());
                inflight_.pop_front();
            }
            // 6. A line may leave its way once every element in it has entered the L0 register: the
            //    local buffers keep their own copies of what passed them, so how many words they hold
            //    has no bearing on what the way must keep (a way pinning lb_words elements' lines held
            //    all its lines with 128 words and a line-per-element stride, and starved).
            for (unsigned w : used_) ways_[w].release_below(m_.first_push[w] + int64_t(next_n));
            ++c_;
            tick_ways();
        }
        if (exited_) {
            r_.end = ArrayResult::End::Exit;
            r_.error.clear();  // a violation in a squashed (speculative) iteration does not count
        } else if (error_end_ != ArrayResult::End::Exit) {
            r_.end = error_end_;
        } else {
            r_.end = ArrayResult::End::Interrupt;
        }
    }

    const ArrayConfig& cfg_;
    const Mapping& m_;
    MemoryPort& port_;
    const std::function<bool(uint64_t)>& stop_;
    ArrayResult r_;
    uint64_t c_ = 0;
    std::vector<std::vector<unsigned>> by_stage_;
    std::vector<LocalBuffer> lb_;
    std::vector<L0PropagationRegister> l0_;
    unsigned chain_ = 0;
    std::vector<unsigned> carried_;
    std::vector<unsigned> used_;
    int64_t prefill_ = 0;
    PrefetchWay ways_[kWays];
    std::deque<Iteration> inflight_;
    std::vector<Iteration> pool_;
    Iteration committed_;
    bool have_committed_ = false, exited_ = false, interrupted_ = false;
    ArrayResult::End error_end_ = ArrayResult::End::Exit;  // Exit here means "no error"
    uint32_t fflags_ = 0;
};

}  // namespace

ArrayResult StageArray::run(const Mapping& m, MemoryPort& port, uint64_t start,
                            const std::function<bool(uint64_t)>& stop_before_issue) {
    return Run(cfg_, m, port, stop_before_issue).run(start);
}

}  // namespace vp::lapp
