// The translating executor (stage 1): straight-line runs of decoded RV32I/M instructions become
// x86-64 host code (generated with xbyak), entered from the interpreter's loop (exec.cpp) when the
// hart runs with the default timing (no late results, load_use <= 1), without a branch predictor,
// trace hook, breakpoint or entry hook; with or without a cache model (a MemTiming: see below). Everything else, and every
// instruction a block does not cover, the interpreter runs: it stays the reference.
//
// A block is the run of instructions from an entry slot of a decoded page up to and including the
// first branch or jump, or up to the first instruction it does not translate (CSR, system, A, F,
// an extension's, one not decoded yet), within the page. Its cycles are the interpreter's: static
// per instruction (1 + exec_cycles + fetch_cycles, the load-use stall after a load, the taken
// branch / jump penalty) plus the region cycles of each load and store, added as they happen. A
// block checks, as the interpreter does, after each instruction whether the next event is reached
// (then it leaves, and the interpreter's loop handles the event); the interpreter enters it only when
// no result is still on its way (cycle >= busy), so its load-use check would not have fired before
// the first instruction, and the stalls within the block are static//. A load or store the inline TLB path cannot serve (a miss, a page crossing, MMIO,
// a watched or code page, a trap), and a jalr to a misaligned target, leave the block before that
// instruction, with cycle, instret, pc and the stall counters exactly as the interpreter has them
// at its start; the interpreter then runs it. Stores never write code through the inline path (a
// page holding decoded code has no write-TLB entry): they take store_slow, which invalidates the
// decoded page, and with it the blocks (a block is found through its entry slot's kJitEntry flag,
// which re-decoding clears). Flushing the decode cache (fence.i, set_timing, ...) drops every block.
// A block is made at an instruction at the interpreter's HartConfig::translate_after-th visit (exec.cpp).
// A branch's or jal's exit to a target in the block's own page enters the target's block directly when
// the interpreter's loop would (translator.cpp, exit_chain).
// With a cache model (Hart::set_mem_timing, which drops every block) a block times what the
// interpreter's kFetch loop times, at the same points and with the same state: a load or store tests
// the L1's repeat-hit grants inline (RepeatHits::hit: counted there) and calls the MemTiming for any
// other access; an instruction that starts another fetch line (static within the page), and the
// entry when it is reached other than from the interpreter's loop, take the fetch step (a call). Those
// cycles are dynamic, as region cycles are. A fetch step's cycles come before the load-use check and
// may absorb its stall: a block ends before an instruction that has both.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "models/cpu/iss/decode.h"

namespace vp::iss {

class Hart;

// One translated block: `code(hart, entry pc)` runs it and stores the hart's state; it returns
// kLeftBefore when it left before an instruction that the interpreter must now run (without entering
// a block there), kStopped when it passed the periodic checkpoint and the run stops there (as when
// the interpreter's pass_checkpoint() returns false), else kRan (pc_: the next instruction; the
// interpreter's loop checks for an event).
struct TranslatedBlock {
  enum : unsigned { kRan = 0, kLeftBefore = 1, kStopped = 2 };
  const DecodedInsn* slot = nullptr;  // the entry slot (the key)
  unsigned (*code)(Hart*, uint32_t) = nullptr;
};

class Translator {
 public:
  // False when this build has no translator (no xbyak, or not an x86-64 host).
  static bool available();
  explicit Translator(Hart& hart);
  ~Translator();
  Translator(const Translator&) = delete;
  Translator& operator=(const Translator&) = delete;

  // The block whose entry slot is `slot`, or nullptr (dropped since its slot was flagged).
  const TranslatedBlock* find(const DecodedInsn* slot) const {
    for (size_t i = hash(slot);; i = (i + 1) & mask_) {
      const TranslatedBlock& b = table_[i];
      if (b.slot == slot) return &b;
      if (!b.slot) return nullptr;
    }
  }
  // Translates the block starting at `slot` (the instruction at pc, decoded; `page_end`: just past
  // the last slot of its decoded page), decoding the slots after it that are not yet. True (and the
  // slot flagged kJitEntry) if at least its first instruction was translated.
  bool translate(uint32_t pc, DecodedInsn* slot, DecodedInsn* page_end);
  // Forgets every block (the code buffer starts over).
  void reset();

  // Counters (host-side only; not in any statistics output).
  uint64_t blocks_translated() const { return blocks_; }
  uint64_t resets() const { return resets_; }

 private:
  size_t hash(const DecodedInsn* slot) const {
    return size_t((uint64_t(reinterpret_cast<uintptr_t>(slot) >> 4) * 0x9E3779B97F4A7C15ull) >> shift_) & mask_;
  }
  struct Impl;
  Hart& hart_;
  std::unique_ptr<Impl> impl_;
  std::vector<TranslatedBlock> table_;
  size_t mask_ = 0, count_ = 0;
  unsigned shift_ = 0;
  uint64_t blocks_ = 0, resets_ = 0;
};

}  // namespace vp::iss
