// Parameters of the LAPP array (no SystemC): stage count, functional units per stage, local buffers,
// the prefetch ways and the setup costs. The device's scenario parameters (params.cpp) fill it.
#pragma once

#include <cstdint>

namespace vp::lapp {

enum class LocalBufferKind : uint8_t {
    Conventional,  // 4 ways x N words per stage, tag compare over all ways: load latency 2
    Optimized,     // one way per stage bound by SETLO, no tag compare: latency 1 while N <= 64
};

// Shitaoka et al.'s synthesis result: an optimized local buffer of up to 64 words is faster than an
// add/shift ALU, so a load takes one cycle; beyond that it needs two.
constexpr unsigned kOptimizedOneCycleWords = 64;

struct ArrayConfig {
    unsigned stages = 24;  // array stages after the first stage (the control hart)
    // Functional units per stage. A stage's LSU executes one load or store per iteration.
    unsigned alus = 2, muls = 1, fpus = 1, lsus = 1;
    LocalBufferKind local_buffer = LocalBufferKind::Optimized;
    unsigned lb_words = 16;  // local-buffer words per way (N)

    // Prefetch ways (L1 ways 1..3) and their line fetches.
    unsigned line_bytes = 64;      // L1 line, the unit of a prefetch request
    unsigned way_bytes = 8192;     // capacity of one L1 way (L1 size / 4)
    unsigned prefetch_window = 8;  // line requests in flight per way

    // Array setup: capturing the loop body (one instruction per cycle through the first stage's
    // fetch/decode), mapping (per instruction) and configuring the used stages.
    unsigned capture_cycles_per_insn = 1;
    unsigned map_cycles_per_insn = 1;
    unsigned configure_cycles_per_stage = 1;

    unsigned max_body = 128;         // longest loop body (instructions) the capture unit takes
    uint64_t max_trip = 1ull << 26;  // longest trip count the mapper evaluates (longer: normal mode)

    // Load latency in the array, from the buffer kind and size.
    unsigned load_latency() const {
        return local_buffer == LocalBufferKind::Optimized && lb_words <= kOptimizedOneCycleWords ? 1 : 2;
    }
};

}  // namespace vp::lapp
