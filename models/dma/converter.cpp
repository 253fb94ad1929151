#include "models/dma/converter.h"
#include <algorithm>
#include <cstring>
#include "vp/regs/msgdma.h"

namespace vp {

namespace {
uint32_t le_n(const uint8_t* p, unsigned n) {
    uint32_t v = 0;
    for (unsigned i = 0; i < n; ++i) v |= uint32_t(p[i]) << (8 * i);
    return v;
}
}  // namespace

Converter::Converter(const MsgdmaConfig& cfg, ReadMaster& reader, WriteMaster& writer, ElementDma& dma2,
                     StatGroup& stats, std::shared_ptr<spdlog::logger> log)
    : cfg_(cfg),
      reader_(reader),
      writer_(writer),
      dma2_(dma2),
      log_(std::move(log)),
      index_buf_(cfg.burst),
      write_buf_(cfg.burst),
      elements_(stats.counter("elements", "count", "elements gathered or scattered through the converter")),
      index_reads_(stats.counter("index_reads", "count", "index stream bursts read by DMA 1's read master")),
      element_bytes_(stats.counter("element_bytes", "bytes", "payload bytes of gathered/scattered elements")) {}

bool Converter::enabled() const { return ctrl_ & MSGDMA_CONV_CTRL_ENABLE; }

void Converter::declare(RegisterBank& regs) {
    const uint64_t cv = MSGDMA_CONV_OFFSET;
    auto rw = [&](const std::string& n, uint64_t off, uint32_t& field) {
        regs.add(n, cv + off, 4)
            .reads([&field](const RegAccess&) { return uint64_t(field); })
            .writes([&field](uint64_t v, const RegAccess&) { field = uint32_t(v); });
    };
    rw("conv_ctrl", MSGDMA_CONV_CTRL, ctrl_);
    rw("conv_elem_base", MSGDMA_CONV_ELEM_BASE, elem_base_);
    rw("conv_elem_size", MSGDMA_CONV_ELEM_SIZE, elem_size_);
    rw("conv_index_size", MSGDMA_CONV_INDEX_SIZE, index_size_);
    rw("conv_levels", MSGDMA_CONV_LEVELS, levels_);
    rw("conv_src_base", MSGDMA_CONV_SRC_BASE, src_base_);
    for (unsigned k = 0; k < 3; ++k)
        rw("conv_level_base" + std::to_string(k), MSGDMA_CONV_LEVEL_BASE(k), level_base_[k]);
    regs.add("conv_elements", cv + MSGDMA_CONV_ELEMENTS, 4).reads([this](const RegAccess&) {
        return uint64_t(uint32_t(elements_.value));
    });
}

Outcome Converter::run(const Descriptor& d, Tick t0, uint64_t span, const Checkpoint& checkpoint) {
    Outcome r;
    r.end = t0;
    const unsigned isz = index_size_, esz = elem_size_, L = levels_;
    const bool scatter = ctrl_ & MSGDMA_CONV_CTRL_SCATTER;
    if (!(isz == 1 || isz == 2 || isz == 4) || esz == 0 || esz > MSGDMA_CONV_MAX_ELEM || L == 0 ||
        L > MSGDMA_CONV_MAX_LEVELS || d.length % isz != 0) {
        VP_WARN(log_,
                "converter: bad configuration (index size {}, element size {}, levels {}, length {}): "
                "descriptor not executed",
                isz, esz, L, d.length);
        r.error = MSGDMA_ERR_INDEX;
        return r;
    }
    const uint64_t n = d.length / isz;
    const unsigned burst = cfg_.burst;
    const unsigned per_write = scatter ? 1 : std::max(1u, burst / esz);
    dma2_.begin(t0, L);  // DMA 1's masters were given the descriptor at t0 by the engine

    // Index stream: the converter holds `index_lookahead` bursts of indices; `taken` is when it took
    // each one (burst k is read once the first index of burst k - index_lookahead was taken).
    uint64_t idx_burst = ~0ull;
    Tick idx_end = t0;
    std::vector<Tick> taken(size_t(cfg_.index_lookahead) * (burst / isz), 0);
    Tick consume_next = t0;
    uint64_t first_buffered = 0;  // gather: the first element in write_buf_
    unsigned buffered = 0;
    uint8_t element[MSGDMA_CONV_MAX_ELEM];
    uint32_t written = 0;

    auto flush = [&](Tick ready) -> bool {  // gather: write the buffered elements contiguously
        if (buffered == 0) return true;
        const unsigned bytes = buffered * esz;
        const Issued w = writer_.write(d.write + first_buffered * esz, write_buf_.data(), bytes, ready, span);
        r.end = std::max(r.end, w.end);
        buffered = 0;
        if (!w.ok) {
            r.error |= MSGDMA_ERR_WRITE;
            return false;
        }
        written += bytes;
        return true;
    };

    for (uint64_t i = 0; i < n; ++i) {
        // 1. index i from DMA 1's read stream
        const uint64_t off = i * isz;
        if (off / burst != idx_burst) {
            idx_burst = off / burst;
            const uint64_t start = idx_burst * burst;
            const unsigned len = unsigned(std::min<uint64_t>(burst, d.length - start));
            const Issued ri = reader_.read(d.read + start, index_buf_.data(), len, taken[i % taken.size()], span);
            ++index_reads_;
            r.last_read_issue = ri.issue;
            idx_end = ri.end;
            r.end = std::max(r.end, idx_end);
            if (!ri.ok) {
                r.error |= MSGDMA_ERR_INDEX;
                break;
            }
        }
        uint32_t v = le_n(index_buf_.data() + off % burst, isz);
        Tick ready = idx_end + cycles(cfg_.convert_cycles);
        taken[i % taken.size()] = ready;

        // 2. DMA 2: one descriptor per level
        bool failed = false;
        Tick element_done = ready;
        uint64_t target = 0;  // the element's converted address
        for (unsigned l = 0; l < L; ++l) {
            const bool last = l + 1 == L;
            const uint64_t addr = last ? elem_base_ + uint64_t(v) * esz : level_base_[l] + uint64_t(v) * isz;
            uint64_t src = addr;
            if (last) {
                target = addr;
                if (scatter) src = src_base_ + i * esz;
            }
            const Issued e = dma2_.read(l, i, src, element, last ? esz : isz, ready, last, span);
            r.end = std::max(r.end, e.end);
            if (!e.ok) {
                r.error |= last ? MSGDMA_ERR_READ : MSGDMA_ERR_INDEX;
                failed = true;
                break;
            }
            if (last) {
                element_done = e.end;
            } else {
                ready = e.end + cycles(cfg_.convert_cycles);
                dma2_.taken(l, i, ready);  // taken by the next level
                v = le_n(element, isz);
            }
        }
        if (failed) break;

        // 3. DMA 1's write master takes the element from the FIFO
        const Tick c = std::max({element_done, consume_next, writer_.window_free()});
        consume_next = c + beats(esz);
        dma2_.taken(L - 1, i, c);
        if (scatter) {
            const Issued w = writer_.write(target, element, esz, c, span);
            r.end = std::max(r.end, w.end);
            if (!w.ok) {
                r.error |= MSGDMA_ERR_WRITE;
                break;
            }
            written += esz;
        } else {
            if (buffered == 0) first_buffered = i;
            std::memcpy(write_buf_.data() + buffered * esz, element, esz);
            if (++buffered == per_write && !flush(c)) break;
        }
        ++elements_;
        element_bytes_ += esz;
        const Tick safe = std::min({reader_.next_free(), dma2_.next_free(), consume_next, writer_.next_free()});
        if (!checkpoint(safe, r.end)) {
            r.aborted = true;
            buffered = 0;
            break;
        }
    }
    // Elements before a failing one are still written; nothing at or after it is.
    if (!scatter && buffered) {
        if (r.error & MSGDMA_ERR_WRITE)
            buffered = 0;
        else
            flush(consume_next);
    }
    r.actual = written;
    return r;
}

}  // namespace vp
