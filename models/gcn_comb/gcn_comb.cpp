#include "models/gcn_comb/gcn_comb.h"
#include <algorithm>
#include <cstring>
#include "vp/regs/gcn_comb.h"

namespace vp {

namespace {
constexpr unsigned kLine = 64;
constexpr JobDevice::Layout kLayout{
    GCN_COMB_CTRL,       GCN_COMB_STATUS,      GCN_COMB_IRQ_EN,      GCN_COMB_IRQ,          GCN_COMB_ERROR,
    GCN_COMB_ERR_ARG,    GCN_COMB_CYCLES_LO,   GCN_COMB_TOTAL_LO,    GCN_COMB_JOBS,         GCN_COMB_CTRL_START,
    GCN_COMB_CTRL_ABORT, GCN_COMB_STATUS_BUSY, GCN_COMB_STATUS_DONE, GCN_COMB_STATUS_ERROR, GCN_COMB_STATUS_ABORTED};
}  // namespace

GcnComb::GcnComb(sc_core::sc_module_name name, SimContext& ctx, const GcnCombConfig& cfg)
    : JobDevice(name, ctx, cfg, GCN_COMB_WINDOW_SIZE, cfg.period, kLayout),
      initiator_socket("initiator_socket"),
      cfg_(cfg),
      port_(initiator_socket, ctx, trace_id(), stats_, log_),
      tiles_(stats_.counter("tiles", "count", "array tiles (weight loads)")),
      macs_(stats_.counter("macs", "count", "PE multiply-adds")),
      lines_read_(stats_.counter("lines_read", "count", "line reads (or parts of lines): W, X, partial sums")),
      lines_written_(stats_.counter("lines_written", "count", "line writes (or parts of lines) of Z")),
      read_wait_(stats_.counter("read_window_wait", "ps", "reads waiting for the window or the issue slot")),
      write_wait_(stats_.counter("write_window_wait", "ps", "writes waiting for the window or the issue slot")),
      array_cycles_(
          stats_.counter("array_cycles", "cycles", "cycles of weight loads and row streaming (fill/drain included)")),
      e_mac_(ctx.energy.define(name_, "mac", cfg.e_mac)),
      e_line_(ctx.energy.define(name_, "line", cfg.e_line)) {
    config::validate(cfg);
    add_job_registers(reg_, {{"x", GCN_COMB_X, &Job::x},
                             {"w", GCN_COMB_W, &Job::w},
                             {"z", GCN_COMB_Z, &Job::z},
                             {"m", GCN_COMB_M, &Job::m},
                             {"k", GCN_COMB_K, &Job::k},
                             {"n", GCN_COMB_N, &Job::n},
                             {"x_stride", GCN_COMB_X_STRIDE, &Job::xs},
                             {"w_stride", GCN_COMB_W_STRIDE, &Job::ws},
                             {"z_stride", GCN_COMB_Z_STRIDE, &Job::zs},
                             {"flags", GCN_COMB_FLAGS, &Job::flags}});
    regs_.add("id", GCN_COMB_ID, 4).reads([](const RegAccess&) -> uint64_t { return GCN_COMB_ID_VALUE; });
    regs_.add("config", GCN_COMB_CONFIG, 4).reads([this](const RegAccess&) -> uint64_t {
        return (cfg_.rows & 0xFFFFu) | (cfg_.cols & 0xFFFFu) << 16;
    });
    regs_.add("tiles", GCN_COMB_TILES, 4).reads([this](const RegAccess&) -> uint64_t {
        return running() ? 0 : last_tiles_;
    });
    wtile_.resize(size_t(cfg.rows) * cfg.cols);
    xrow_.resize(cfg.rows);
    zrow_.resize(cfg.cols);
}

std::string GcnComb::summary() const {
    char buf[160];
    snprintf(buf, sizeof buf, "%llu jobs, %llu tiles, %llu MACs, %llu busy cycles", (unsigned long long)jobs_.value,
             (unsigned long long)tiles_.value, (unsigned long long)macs_.value, (unsigned long long)busy_cycles_.value);
    return buf;
}

void GcnComb::latch() { job_ = reg_; }

// Untrusted job registers: sizes, strides and alignment; every matrix inside 4 GiB.
bool GcnComb::check_job() {
    const Job& j = job_;
    auto bad = [this](uint32_t off) {
        fail(GCN_COMB_ERR_CONFIG, off);
        return false;
    };
    constexpr uint64_t k4G = uint64_t(1) << 32;
    if (j.m == 0) return bad(GCN_COMB_M);
    if (j.k == 0) return bad(GCN_COMB_K);
    if (j.n == 0) return bad(GCN_COMB_N);
    if (j.flags & ~GCN_COMB_FLAGS_ACCUMULATE) return bad(GCN_COMB_FLAGS);
    if (j.xs % 4 || j.xs < 4ull * j.k) return bad(GCN_COMB_X_STRIDE);
    if (j.ws % 4 || j.ws < 4ull * j.n) return bad(GCN_COMB_W_STRIDE);
    if (j.zs % 4 || j.zs < 4ull * j.n) return bad(GCN_COMB_Z_STRIDE);
    if (j.x % 4 || j.x + uint64_t(j.m - 1) * j.xs + 4ull * j.k > k4G) return bad(GCN_COMB_X);
    if (j.w % 4 || j.w + uint64_t(j.k - 1) * j.ws + 4ull * j.n > k4G) return bad(GCN_COMB_W);
    if (j.z % 4 || j.z + uint64_t(j.m - 1) * j.zs + 4ull * j.n > k4G) return bad(GCN_COMB_Z);
    return true;
}

bool GcnComb::read(uint64_t addr, void* dst, unsigned len, Tick dep, Tick& ready) {
    ready = dep;
    auto* p = static_cast<uint8_t*>(dst);
    while (len) {
        const unsigned part = std::min<unsigned>(len, kLine - unsigned(addr % kLine));
        const Tick issue = reads_win_.issue_time(dep);
        bool ok = true;
        const Tick done = port_.access(false, addr, p, part, issue, trace_id(), 0, ok);
        read_wait_ += reads_win_.issued(dep, issue, done);
        ++lines_read_;
        ctx_.energy.add(e_line_);
        if (!ok) {
            fail(GCN_COMB_ERR_BUS, uint32_t(addr));
            return false;
        }
        ready = std::max(ready, done);
        addr += part;
        p += part;
        len -= part;
    }
    return true;
}

bool GcnComb::write(uint64_t addr, const void* src, unsigned len, Tick dep) {
    auto* p = static_cast<uint8_t*>(const_cast<void*>(src));
    while (len) {
        const unsigned part = std::min<unsigned>(len, kLine - unsigned(addr % kLine));
        const Tick issue = writes_win_.issue_time(dep);
        bool ok = true;
        const Tick done = port_.access(true, addr, p, part, issue, trace_id(), 0, ok);
        write_wait_ += writes_win_.issued(dep, issue, done);
        ++lines_written_;
        ctx_.energy.add(e_line_);
        if (!ok) {
            fail(GCN_COMB_ERR_BUS, uint32_t(addr));
            return false;
        }
        addr += part;
        p += part;
        len -= part;
    }
    return true;
}

Tick GcnComb::run(Tick t0) {
    reads_win_.reset(cfg_.outstanding, cfg_.period, t0);
    writes_win_.reset(cfg_.write_outstanding, cfg_.period, t0);
    entry_.assign(cfg_.lookahead, t0);
    last_tiles_ = 0;
    Tick array_free = t0;  // the array has drained the previous tile
    auto finish = [&] { return std::max({array_free, reads_win_.last_done(), writes_win_.last_done()}); };
    if (!check_job()) return finish();
    const Job& j = job_;
    const unsigned R = cfg_.rows, C = cfg_.cols;
    for (uint32_t n0 = 0; n0 < j.n; n0 += std::min(C, j.n - n0)) {
        const unsigned nc = std::min(C, j.n - n0);
        for (uint32_t k0 = 0; k0 < j.k; k0 += std::min(R, j.k - k0)) {
            const unsigned kc = std::min(R, j.k - k0);
            // Weight load: kc rows of nc weights, read then shifted in (kc cycles).
            Tick w_ready = array_free;
            for (unsigned r = 0; r < kc; ++r) {
                Tick ready;
                if (!read(j.w + uint64_t(k0 + r) * j.ws + 4ull * n0, &wtile_[size_t(r) * C], 4 * nc, array_free, ready))
                    return finish();
                w_ready = std::max(w_ready, ready);
            }
            const Tick loaded = w_ready + cycles(kc);
            Tick prev_entry = loaded - cfg_.period;
            const Tick latency = cycles(kc + nc - 1);
            for (uint32_t i = 0; i < j.m; ++i) {
                Tick& slot = entry_[i % entry_.size()];
                const Tick dep = std::max(array_free, i >= entry_.size() ? slot : array_free);
                Tick xr, zr = dep;
                if (!read(j.x + uint64_t(i) * j.xs + 4ull * k0, xrow_.data(), 4 * kc, dep, xr)) return finish();
                // The first K tile starts from 0.0f, or with ACCUMULATE (Z += X·W, e.g. a layer's feature
                // slices one job each) from Z as the previous job left it, like every later K tile.
                if (k0 == 0 && !(j.flags & GCN_COMB_FLAGS_ACCUMULATE))
                    std::fill(zrow_.begin(), zrow_.begin() + nc, 0.0f);
                else if (!read(j.z + uint64_t(i) * j.zs + 4ull * n0, zrow_.data(), 4 * nc, dep, zr))
                    return finish();
                // The partial sum of column c flows down the array: k ascending, each step rounded.
                for (unsigned c = 0; c < nc; ++c) {
                    float z = zrow_[c];
                    for (unsigned r = 0; r < kc; ++r) z = z + xrow_[r] * wtile_[size_t(r) * C + c];
                    zrow_[c] = z;
                }
                const Tick entry = std::max({prev_entry + cfg_.period, loaded, xr, zr});
                prev_entry = entry;
                slot = entry;
                if (!write(j.z + uint64_t(i) * j.zs + 4ull * n0, zrow_.data(), 4 * nc, entry + latency))
                    return finish();
                // No later read issues before the entry of the row `lookahead` before the next one.
                if (!checkpoint(i + 1 >= entry_.size() ? entry_[(i + 1) % entry_.size()] : array_free)) return finish();
            }
            macs_ += uint64_t(j.m) * kc * nc;
            ctx_.energy.add(e_mac_, uint64_t(j.m) * kc * nc);
            ++tiles_;
            ++last_tiles_;
            const Tick drained = prev_entry + cfg_.period + latency;
            array_cycles_ += (drained - w_ready) / cfg_.period;
            array_free = drained;
        }
    }
    return finish();
}

}  // namespace vp
