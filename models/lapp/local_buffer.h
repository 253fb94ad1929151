// The per-stage data path of the array's load/store units:
//   * L0 propagation register: one word per way, handed down one stage per cycle; the first stage's
//     is filled from the L1 ways, one element per way with every iteration;
//   * local buffer: keeps the last N words that passed the stage's L0 register, either
//       conventional — all 4 ways, each entry tagged with its address; a load computes its full
//                      address and compares it with every tag (latency 2), or
//       optimized    — only the way the L0 info register binds to the stage (from SETLO), indexed by
//                      the low bits of the element number; no tags in the hardware (latency 1 while
//                      N <= 64). The model keeps a shadow tag per entry so that a load whose element is
//                      not (or no longer) there is a detected mapping error, never a wrong value;
//   * store buffer: the bytes one iteration stored so far, merged, travelling with the iteration to
//     the last stage, which writes them at the auto-incremented address of the store stream.
#pragma once

#include <cstdint>
#include <vector>

#include "models/lapp/array_config.h"
#include "models/lapp/stream.h"

namespace vp::lapp {

constexpr unsigned kWays = 4;

struct L0Word {
    bool valid = false;
    bool ok = false;  // false: the element could not be fetched (poison; only speculative iterations)
    int64_t element = 0;
    uint32_t addr = 0;  // the element's address (the tag)
    uint32_t word = 0;
};

struct L0PropagationRegister {
    L0Word lane[kWays];
};

class LocalBuffer {
public:
    LocalBuffer(LocalBufferKind kind, unsigned words);
    // Optimized buffers keep one way (from the L0 info register); -1: the stage has no load (gated).
    void bind(int way);
    int bound_way() const { return way_; }
    bool gated() const { return way_ < 0; }

    // The words passing the stage this cycle are written into the buffer.
    void fill(const L0PropagationRegister& l0);

    // Reads `len` bytes at `addr` of element `element` of `way` (what the mapper bound the load to).
    // Conventional: tag compare against every entry of every way. Optimized: the entry the element
    // number indexes in the bound way. Poison: the element is there but could not be fetched.
    enum class Result : uint8_t { Hit, Miss, Poison };
    Result read(unsigned way, int64_t element, uint32_t addr, unsigned len, uint32_t& value);

    uint64_t reads() const { return reads_; }
    uint64_t writes() const { return writes_; }
    uint64_t tag_compares() const { return tag_compares_; }
    void clear();

private:
    LocalBufferKind kind_;
    unsigned words_;
    int way_ = -1;
    std::vector<L0Word> entries_;  // [way][words] (conventional) or [words] (optimized)
    unsigned next_[kWays] = {};    // conventional: next entry to replace per way (FIFO)
    uint64_t reads_ = 0, writes_ = 0, tag_compares_ = 0;
};

class StoreBuffer {
public:
    void clear() { mask_ = 0; }
    // Merges a store of `len` bytes at record offset `off`.
    void merge(unsigned off, uint32_t data, unsigned len);
    // Reads `len` bytes at `off`; false unless every byte was stored.
    bool read(unsigned off, unsigned len, uint32_t& value) const;
    uint8_t mask() const { return mask_; }
    const uint8_t* bytes() const { return bytes_; }

private:
    uint8_t bytes_[4] = {};
    uint8_t mask_ = 0;
};

// The L0 info register: per stage, 1 + log2(ways) bits (the way its local buffer keeps and whether
// its load reads the store buffer). Filled from the SETLO bindings when a loop is mapped.
class L0InfoRegister {
public:
    void load(const std::vector<uint8_t>& per_stage) { stages_ = per_stage; }
    unsigned bits() const { return unsigned(stages_.size()) * 3; }
    // Packed as the hardware holds it: stage s in bits [3s+2 : 3s] (bit 2 store buffer, 1:0 way);
    // word i of the packed register.
    uint32_t word(unsigned i) const;
    const std::vector<uint8_t>& stages() const { return stages_; }

private:
    std::vector<uint8_t> stages_;  // bit 3 valid (the model's), bit 2 store buffer, bits 1:0 way
};

}  // namespace vp::lapp
