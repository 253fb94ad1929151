#include "models/lapp/local_buffer.h"

#include <cstring>

namespace vp::lapp {

namespace {
uint32_t extract(const L0Word& e, uint32_t addr, unsigned len) {
    const uint32_t v = e.word >> (8 * (addr - e.addr));
    return len >= 4 ? v : v & ((1u << (8 * len)) - 1);
}
}  // namespace

LocalBuffer::LocalBuffer(LocalBufferKind kind, unsigned words) : kind_(kind), words_(words ? words : 1) {
    entries_.assign(kind == LocalBufferKind::Conventional ? kWays * words_ : words_, L0Word{});
}

void LocalBuffer::bind(int way) { way_ = way; }

void LocalBuffer::clear() {
    for (L0Word& e : entries_) e = L0Word{};
    for (unsigned& n : next_) n = 0;
}

void LocalBuffer::fill(const L0PropagationRegister& l0) {
    if (way_ < 0) return;  // no load in this stage: the buffer is power-gated
    if (kind_ == LocalBufferKind::Conventional) {
        for (unsigned w = 0; w < kWays; ++w) {
            if (!l0.lane[w].valid) continue;
            entries_[w * words_ + next_[w]] = l0.lane[w];
            next_[w] = (next_[w] + 1) % words_;
            ++writes_;
        }
        return;
    }
    const L0Word& in = l0.lane[unsigned(way_)];
    if (!in.valid) return;
    entries_[size_t(uint64_t(in.element) % words_)] = in;
    ++writes_;
}

LocalBuffer::Result LocalBuffer::read(unsigned way, int64_t element, uint32_t addr, unsigned len, uint32_t& value) {
    ++reads_;
    if (kind_ == LocalBufferKind::Conventional) {
        // The hardware compares the address with every tag of every way; the newest match wins.
        const L0Word* hit = nullptr;
        for (const L0Word& e : entries_) {
            ++tag_compares_;
            if (e.valid && e.addr <= addr && uint64_t(addr) + len <= uint64_t(e.addr) + 4 &&
                (!hit || e.element > hit->element))
                hit = &e;
        }
        (void)way;
        (void)element;
        if (!hit) return Result::Miss;
        if (!hit->ok) return Result::Poison;
        value = extract(*hit, addr, len);
        return Result::Hit;
    }
    if (int(way) != way_ || element < 0) return Result::Miss;
    const L0Word& e = entries_[size_t(uint64_t(element) % words_)];
    // Shadow tag: the hardware has none; a mismatch means the mapping broke the window rule.
    if (!e.valid || e.element != element || addr < e.addr || uint64_t(addr) + len > uint64_t(e.addr) + 4)
        return Result::Miss;
    if (!e.ok) return Result::Poison;
    value = extract(e, addr, len);
    return Result::Hit;
}

void StoreBuffer::merge(unsigned off, uint32_t data, unsigned len) {
    for (unsigned i = 0; i < len && off + i < 4; ++i) {
        bytes_[off + i] = uint8_t(data >> (8 * i));
        mask_ |= uint8_t(1u << (off + i));
    }
}

bool StoreBuffer::read(unsigned off, unsigned len, uint32_t& value) const {
    value = 0;
    for (unsigned i = 0; i < len; ++i) {
        if (off + i >= 4 || !(mask_ & (1u << (off + i)))) return false;
        value |= uint32_t(bytes_[off + i]) << (8 * i);
    }
    return true;
}

uint32_t L0InfoRegister::word(unsigned i) const {
    uint32_t w = 0;
    for (unsigned s = 0; s < stages_.size(); ++s) {
        const uint32_t field = (stages_[s] & 8) ? (stages_[s] & 7) : 0;
        for (unsigned b = 0; b < 3; ++b) {
            const unsigned bit = 3 * s + b;
            if (bit / 32 == i && ((field >> b) & 1)) w |= 1u << (bit % 32);
        }
    }
    return w;
}

}  // namespace vp::lapp
