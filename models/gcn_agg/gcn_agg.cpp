#include "models/gcn_agg/gcn_agg.h"
#include <algorithm>
#include <cstring>
#include "vp/regs/gcn_agg.h"

namespace vp {

namespace {
constexpr unsigned kLine = 64;
constexpr JobDevice::Layout kLayout{
    GCN_AGG_CTRL,       GCN_AGG_STATUS,      GCN_AGG_IRQ_EN,      GCN_AGG_IRQ,          GCN_AGG_ERROR,
    GCN_AGG_ERR_ARG,    GCN_AGG_CYCLES_LO,   GCN_AGG_TOTAL_LO,    GCN_AGG_JOBS,         GCN_AGG_CTRL_START,
    GCN_AGG_CTRL_ABORT, GCN_AGG_STATUS_BUSY, GCN_AGG_STATUS_DONE, GCN_AGG_STATUS_ERROR, GCN_AGG_STATUS_ABORTED};
}  // namespace

GcnAgg::GcnAgg(sc_core::sc_module_name name, SimContext& ctx, const GcnAggConfig& cfg)
    : JobDevice(name, ctx, cfg, GCN_AGG_WINDOW_SIZE, cfg.period, kLayout),
      initiator_socket("initiator_socket"),
      cfg_(cfg),
      port_(initiator_socket, ctx, trace_id(), stats_, log_),
      nonzeros_(stats_.counter("nonzeros", "count", "nonzeros multiplied in (one row of X_s each)")),
      macs_(stats_.counter("macs", "count", "lane multiply-adds of the SIMD cores")),
      visits_(stats_.counter("visits", "count", "(destination, tile) visits of the vertex prefetcher")),
      columns_(
          stats_.counter("columns", "count", "(destination, tile) visits that computed (nonzeros, or a first tile)")),
      vertex_lines_(stats_.counter("vertex_lines", "count", "colptr and cursor line reads")),
      edge_lines_(stats_.counter("edge_lines", "count", "rowidx and weight line reads")),
      feature_lines_(stats_.counter("feature_lines", "count", "X_s and Y_s line reads")),
      output_lines_(stats_.counter("output_lines", "count", "Y_s line and cursor writes")),
      vertex_stall_(
          stats_.counter("vertex_window_wait", "ps", "vertex prefetcher: reads waiting for the window or slot")),
      edge_stall_(stats_.counter("edge_window_wait", "ps", "edge prefetcher: reads waiting for the window or slot")),
      feature_stall_(
          stats_.counter("feature_window_wait", "ps", "feature reader: reads waiting for the window or slot")),
      output_stall_(stats_.counter("output_window_wait", "ps", "output writer: writes waiting for the window or slot")),
      core_busy_(stats_.counter("core_busy_cycles", "cycles", "SIMD core cycles computing, summed over the cores")),
      e_mac_(ctx.energy.define(name_, "mac", cfg.e_mac)),
      e_line_(ctx.energy.define(name_, "line", cfg.e_line)) {
    config::validate(cfg);
    add_job_registers(reg_, {{"colptr", GCN_AGG_COLPTR, &Job::colptr},
                             {"rowidx", GCN_AGG_ROWIDX, &Job::rowidx},
                             {"weight", GCN_AGG_WEIGHT, &Job::weight},
                             {"x", GCN_AGG_X, &Job::x},
                             {"y", GCN_AGG_Y, &Job::y},
                             {"cursor", GCN_AGG_CURSOR, &Job::cursor},
                             {"n", GCN_AGG_N, &Job::n},
                             {"nnz", GCN_AGG_NNZ, &Job::nnz},
                             {"width", GCN_AGG_WIDTH, &Job::width},
                             {"d0", GCN_AGG_D0, &Job::d0},
                             {"d1", GCN_AGG_D1, &Job::d1},
                             {"side", GCN_AGG_SIDE, &Job::side}});
    regs_.add("id", GCN_AGG_ID, 4).reads([](const RegAccess&) -> uint64_t { return GCN_AGG_ID_VALUE; });
    regs_.add("config", GCN_AGG_CONFIG, 4).reads([this](const RegAccess&) -> uint64_t {
        return (cfg_.cores & 0xFFu) | (cfg_.lanes & 0xFFFFu) << 8;
    });
    regs_.add("nonzeros", GCN_AGG_NONZEROS, 4).reads([this](const RegAccess&) -> uint64_t {
        return running() ? 0 : last_nonzeros_;
    });
    regs_.add("lines_read", GCN_AGG_LINES_READ, 4).reads([this](const RegAccess&) -> uint64_t {
        return running() ? 0 : last_lines_;
    });
    acc_.resize(cfg.max_width);
    row_.resize(cfg.max_width);
}

std::string GcnAgg::summary() const {
    char buf[160];
    snprintf(buf, sizeof buf, "%llu jobs, %llu nonzeros, %llu busy cycles, %llu feature lines",
             (unsigned long long)jobs_.value, (unsigned long long)nonzeros_.value,
             (unsigned long long)busy_cycles_.value, (unsigned long long)feature_lines_.value);
    return buf;
}

void GcnAgg::latch() { job_ = reg_; }

// Untrusted job registers: every array inside 4 GiB, rows whole lines, the strip inside the graph.
bool GcnAgg::check_job() {
    const Job& j = job_;
    auto bad = [this](uint32_t off) {
        fail(GCN_AGG_ERR_CONFIG, off);
        return false;
    };
    constexpr uint64_t k4G = uint64_t(1) << 32;
    if (j.n == 0) return bad(GCN_AGG_N);
    if (j.width == 0 || j.width % 16 != 0 || j.width > cfg_.max_width) return bad(GCN_AGG_WIDTH);
    if (j.d0 >= j.d1) return bad(GCN_AGG_D0);
    if (j.d1 > j.n) return bad(GCN_AGG_D1);
    if (j.side == 0) return bad(GCN_AGG_SIDE);
    const uint64_t rows = uint64_t(j.n) * j.width * 4;
    if (j.colptr % 4 || j.colptr + 4 * (uint64_t(j.n) + 1) > k4G) return bad(GCN_AGG_COLPTR);
    if (j.rowidx % 4 || j.rowidx + 4 * uint64_t(j.nnz) > k4G) return bad(GCN_AGG_ROWIDX);
    if (j.weight % 4 || j.weight + 4 * uint64_t(j.nnz) > k4G) return bad(GCN_AGG_WEIGHT);
    if (j.x % kLine || j.x + rows > k4G) return bad(GCN_AGG_X);
    if (j.y % kLine || j.y + rows > k4G) return bad(GCN_AGG_Y);
    if (j.side < j.n && (j.cursor % 4 || j.cursor + 4 * uint64_t(j.n) > k4G)) return bad(GCN_AGG_CURSOR);
    return true;
}

bool GcnAgg::line_read(Outstanding& win, Counter& stall, uint64_t addr, uint8_t* data, Tick dep, Tick& done) {
    const Tick issue = win.issue_time(dep);
    bool ok = true;
    done = port_.access(false, addr, data, kLine, issue, trace_id(), 0, ok);
    stall += win.issued(dep, issue, done);
    ++run_lines_;
    ctx_.energy.add(e_line_);
    if (!ok) fail(GCN_AGG_ERR_BUS, uint32_t(addr));
    return ok;
}

bool GcnAgg::word(LineBuf& buf, Outstanding& win, Counter& stall, uint64_t addr, Tick dep, uint32_t& value,
                  Tick& ready) {
    const uint64_t line = addr & ~uint64_t(kLine - 1);
    if (buf.line != line) {
        buf.line = ~uint64_t(0);
        if (!line_read(win, stall, line, buf.data, dep, buf.ready)) return false;
        buf.line = line;
        ++(&win == &vertex_ ? vertex_lines_ : edge_lines_);
    }
    std::memcpy(&value, buf.data + (addr - line), 4);
    ready = std::max(buf.ready, dep);
    return true;
}

bool GcnAgg::write(uint64_t addr, const uint8_t* data, unsigned len, Tick dep, Tick& done) {
    const Tick issue = output_.issue_time(dep);
    bool ok = true;
    done = port_.access(true, addr, const_cast<uint8_t*>(data), len, issue, trace_id(), 0, ok);
    output_stall_ += output_.issued(dep, issue, done);
    ++output_lines_;
    ctx_.energy.add(e_line_);
    if (!ok) fail(GCN_AGG_ERR_BUS, uint32_t(addr));
    return ok;
}

// The gathered cursor bytes of one line go out as one write (only the bytes this strip owns).
bool GcnAgg::flush_cursors(Tick dep) {
    if (cur_line_ == ~uint64_t(0)) return true;
    Tick done;
    const bool ok =
        write(cur_line_ + cur_first_, cur_data_ + cur_first_, cur_end_ - cur_first_, std::max(dep, cur_dep_), done);
    cur_line_ = ~uint64_t(0);
    return ok;
}

Tick GcnAgg::run(Tick t0) {
    run_nonzeros_ = run_lines_ = 0;
    Tick end = t0;
    auto finish = [&] {
        end = std::max({end, vertex_.last_done(), edge_.last_done(), feature_.last_done(), output_.last_done()});
        for (Tick t : core_free_) end = std::max(end, t);
        last_nonzeros_ = uint32_t(run_nonzeros_);
        last_lines_ = uint32_t(run_lines_);
        return end;
    };
    core_free_.assign(cfg_.cores, t0);
    col_start_.assign(cfg_.lookahead, t0);
    for (auto [w, depth] : {std::pair{&vertex_, cfg_.vertex_outstanding},
                            {&edge_, cfg_.edge_outstanding},
                            {&feature_, cfg_.feature_outstanding},
                            {&output_, cfg_.output_outstanding}})
        w->reset(depth, cfg_.period, t0);
    for (LineBuf* b : {&colptr_buf_, &cursor_buf_, &rowidx_buf_, &weight_buf_}) b->line = ~uint64_t(0);
    cur_line_ = ~uint64_t(0);
    if (!check_job()) return finish();

    const Job& j = job_;
    const unsigned w = j.width, lines = w / 16;
    const uint64_t row_bytes = uint64_t(w) * 4;
    const uint64_t per_nonzero = (w + cfg_.lanes - 1) / cfg_.lanes;  // core cycles per nonzero
    const bool one_tile = j.side >= j.n;
    uint64_t colno = 0;
    // Reads one row (w floats) through the feature reader into row_; returns when all of it is in.
    auto read_row = [&](uint64_t addr, Tick dep, Tick& ready) {
        ready = dep;
        for (unsigned l = 0; l < lines; ++l) {
            Tick done;
            if (!line_read(feature_, feature_stall_, addr + l * kLine,
                           reinterpret_cast<uint8_t*>(row_.data()) + l * kLine, dep, done))
                return false;
            ++feature_lines_;
            ready = std::max(ready, done);
        }
        return true;
    };
    for (uint64_t s0 = 0; s0 < j.n; s0 += j.side) {
        const uint64_t s1 = std::min<uint64_t>(j.n, s0 + j.side);
        const bool first = s0 == 0, last = s1 == j.n;
        Tick tile_dep = t0;
        for (uint32_t v = j.d0; v < j.d1; ++v, ++colno) {
            Tick& slot = col_start_[colno % col_start_.size()];
            const Tick dep0 = slot;  // the compute start of the column `lookahead` before this one
            uint32_t k, e;
            Tick rk, re;
            ++visits_;
            if (first) {
                if (!word(colptr_buf_, vertex_, vertex_stall_, j.colptr + 4ull * v, dep0, k, rk)) return finish();
            } else if (!word(cursor_buf_, vertex_, vertex_stall_, j.cursor + 4ull * v, dep0, k, rk)) {
                return finish();
            }
            if (!word(colptr_buf_, vertex_, vertex_stall_, j.colptr + 4ull * (v + 1), dep0, e, re)) return finish();
            if (e > j.nnz || (first && k > e)) {
                fail(GCN_AGG_ERR_COLPTR, v);
                return finish();
            }
            const Tick edep = std::max(rk, re);
            Tick in_ready = edep, known = edep;
            uint64_t count = 0;
            bool have_acc = first;
            if (first) std::fill(acc_.begin(), acc_.begin() + w, 0.0f);
            for (; k < e; ++k) {
                uint32_t u, wbits;
                Tick ru, rw;
                if (!word(rowidx_buf_, edge_, edge_stall_, j.rowidx + 4ull * k, edep, u, ru)) return finish();
                known = ru;
                if (u >= j.n) {
                    fail(GCN_AGG_ERR_ROWIDX, k);
                    return finish();
                }
                if (u >= s1) break;
                if (!have_acc) {  // a later tile adds to the row the earlier ones wrote
                    Tick ry;
                    if (!read_row(j.y + v * row_bytes, ru, ry)) return finish();
                    std::memcpy(acc_.data(), row_.data(), row_bytes);
                    in_ready = std::max(in_ready, ry);
                    have_acc = true;
                }
                if (!word(weight_buf_, edge_, edge_stall_, j.weight + 4ull * k, edep, wbits, rw)) return finish();
                Tick rx;
                if (!read_row(j.x + uint64_t(u) * row_bytes, ru, rx)) return finish();
                in_ready = std::max({in_ready, rx, rw});
                float a;
                std::memcpy(&a, &wbits, 4);
                const float* x = row_.data();
                for (unsigned c = 0; c < w; ++c) acc_[c] = acc_[c] + a * x[c];
                ++count;
            }
            if (count || first) {
                const size_t c = size_t(std::min_element(core_free_.begin(), core_free_.end()) - core_free_.begin());
                const Tick start = std::max(core_free_[c], in_ready);
                const uint64_t busy = count ? count * per_nonzero : 1;
                core_free_[c] = start + cycles(busy);
                core_busy_ += busy;
                slot = start;
                ++columns_;
                nonzeros_ += count;
                run_nonzeros_ += count;
                macs_ += count * w;
                ctx_.energy.add(e_mac_, count * w);
                const uint8_t* out = reinterpret_cast<const uint8_t*>(acc_.data());
                for (unsigned l = 0; l < lines; ++l) {
                    Tick done;
                    if (!write(j.y + v * row_bytes + l * kLine, out + l * kLine, kLine, core_free_[c], done))
                        return finish();
                }
            } else {
                slot = known;
            }
            if (!one_tile && !last) {  // where column v goes on in the next tile
                const uint64_t a = j.cursor + 4ull * v, line = a & ~uint64_t(kLine - 1);
                if (line != cur_line_) {
                    if (!flush_cursors(known)) return finish();
                    cur_line_ = line;
                    cur_first_ = unsigned(a - line);
                    cur_dep_ = known;
                }
                std::memcpy(cur_data_ + (a - line), &k, 4);
                cur_end_ = unsigned(a - line) + 4;
                cur_dep_ = std::max(cur_dep_, known);
            }
            tile_dep = std::max(tile_dep, known);
            // No later access issues before the earliest compute start in the lookahead ring (the starts
            // are not monotone: the next columns wait for older ones), nor before the gathered cursor
            // bytes are ready (written when the line or tile changes). Waiting past it would push an
            // access later than its own timing says, and the result would follow the quantum.
            Tick safe = *std::min_element(col_start_.begin(), col_start_.end());
            if (cur_line_ != ~uint64_t(0)) safe = std::min(safe, cur_dep_);
            if (!checkpoint(safe)) return finish();
        }
        if (!flush_cursors(tile_dep)) return finish();
        cursor_buf_.line = ~uint64_t(0);  // the next tile reads the cursors just written
    }
    return finish();
}

}  // namespace vp
