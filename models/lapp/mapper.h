// The mapper of array setup: turns a captured loop body into a configuration of the stage array.
//
//  1. dataflow graph: every definition of a register in one iteration is a value; a register read
//     before it is written is a loop-carried value (its previous iteration's last definition) if
//     the body writes it, else a loop invariant read from the first stage's registers at setup;
//  2. affine analysis: induction variables (a self-updating register, r = r + invariant) and the
//     values computed from them are affine in the iteration n; load and store addresses and the
//     exit branch's operands must be, so the mapper can compute the trip count and every address;
//  3. streams: each load is bound to a prefetch way (SETLO with optimized buffers, the address with
//     conventional ones) and must find its element in the way's local-buffer window in every
//     iteration; stores must form the store stream declared for way 0; no load may read what an
//     earlier iteration stored (the ways are read-only copies);
//  4. schedule: ASAP over the stages respecting latencies and the functional units per stage; a
//     loop-carried value is only available from the stage of its defining instruction on (the
//     self-loop of Shitaoka et al.), which bounds the initiation interval by that instruction's latency.
// A loop that fails any rule is rejected with the reason; it then runs in normal mode.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/lapp/array_config.h"
#include "models/lapp/loop_capture.h"
#include "models/lapp/stream.h"

namespace vp::lapp {

struct LoadBinding {  // from a SETLO
    bool set = false;
    uint8_t way = 0;
    bool storebuf = false;
};

// The first stage's state the mapper reads at setup.
struct SetupState {
    uint32_t x[32] = {};
    uint32_t f[32] = {};
    bool fs_on = false;  // mstatus.FS != Off
    unsigned frm = 0;
};

enum class Reject : uint8_t {
    None,
    NoLoop,         // the DCPL is not followed by a loop
    Body,           // an instruction the array cannot execute (call, inner branch, divide, CSR...)
    FpOff,          // FP instructions with mstatus.FS = Off (normal mode raises the exception)
    RoundingMode,   // an invalid rounding mode (normal mode raises the exception)
    ExitCondition,  // the backward branch compares data, not induction variables
    TripCount,      // no exit within ArrayConfig::max_trip iterations
    AddressNotAffine,
    TooManyLoads,   // more loads than SETLO can name
    SetloMissing,   // optimized buffers: a load without its SETLO
    SetloMismatch,  // the SETLO's way does not hold the load's data
    NoStream,       // conventional buffers: no prefetch way holds the load's data
    StreamStride,   // the load's step is not a whole number of the way's elements
    Window,         // the load's element leaves (or is not yet in) the local-buffer window
    StreamCount,    // the DCPL's count is shorter than the loop
    StoreBuffer,    // a load of bytes stored earlier in its iteration it cannot get whole
    StoreStream,    // the stores do not form the way-0 store stream
    Alias,          // a load may read what an earlier iteration stored
    Recurrence,     // a loop-carried value through more than one instruction (no self-loop)
    Stages,         // more stages than the array has
    Runtime,        // the array stopped on a window violation before (the mapping was wrong)
    Count
};
const char* reject_name(Reject r);

// A value of the dataflow graph.
struct Value {
    enum Kind : uint8_t { Invariant, Phi, Result } kind = Invariant;
    uint8_t reg = kNoReg;  // Invariant, Phi: the register
    uint32_t init = 0;     // Invariant: its value; Phi: its value before iteration 0
    int32_t def = -1;      // Result: the op (index into Mapping::ops); Phi: the value of its last definition
};

// One instruction placed on a stage.
struct MappedOp {
    unsigned insn = 0;   // index into the body
    unsigned stage = 0;  // 0-based array stage
    unsigned latency = 1;
    int32_t src[3] = {-1, -1, -1};  // value ids
    int32_t dst = -1;               // value id
    unsigned rm = 0;                // resolved rounding mode (FP)
    // loads
    uint8_t way = 0;             // the prefetch way (local-buffer loads)
    bool storebuf = false;       // reads the iteration's store buffer
    int32_t load_index = -1;     // program-order index among the loads
    uint32_t record_offset = 0;  // stores: byte offset in the store record
};

struct Mapping {
    bool ok = false;
    Reject reason = Reject::None;
    std::string detail;

    std::vector<BodyInsn> body;
    std::vector<Value> values;
    std::vector<MappedOp> ops;                          // program order
    std::vector<std::pair<uint8_t, int32_t>> live_out;  // register, value of its last definition

    uint64_t trip = 0;          // iterations (exit branch evaluated on the affine operands)
    unsigned depth = 0;         // stages used
    unsigned ii = 1;            // initiation interval (cycles between iterations)
    unsigned setup_cycles = 0;  // capture + mapping + configuration + local-buffer prefill
    unsigned loads = 0, stores = 0;
    unsigned unit_ops[4] = {};  // ops per Unit
    bool dirties_fs = false;

    StreamDesc ways[4];
    bool way_used[4] = {};
    int64_t first_push[4] = {};       // element pushed with iteration 0 (the newest it needs)
    int64_t prefill_from[4] = {};     // oldest element iteration 0 needs
    unsigned way_words[4] = {};       // local-buffer words the way needs (window span)
    unsigned words_needed = 0;        // max over ways
    uint32_t store_record = 0;        // bytes per iteration written by the last stage
    uint64_t store_first_record = 0;  // record of the store stream iteration 0 writes
    std::vector<uint8_t> l0_info;     // per stage: bit 3 valid, bit 2 store buffer, bits 1:0 way
};

struct MapInput {
    const std::vector<BodyInsn>* body = nullptr;
    const ArrayConfig* cfg = nullptr;
    StreamDesc ways[4];
    LoadBinding bindings[16];
    SetupState state;
};

Mapping map_loop(const MapInput& in);

// L0 info register: stages x (1 + log2 ways) bits (Shitaoka et al.'s formula).
unsigned l0_info_bits(unsigned stages);

}  // namespace vp::lapp
