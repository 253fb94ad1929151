// LR/SC reservations of several harts sharing memory (docs/smp.md): the one place that sees every
// write that can break a reservation.
//
// Each hart keeps its own reservation (Hart: one naturally aligned word, the reservation set). A
// hart's reservation must be broken by a store of ANOTHER hart or of any other initiator to it; the
// registry is what those writers call:
//   - harts: an LR flags the reserved page on every hart of the registry (Hart::kReservedPage), so
//     that their stores to it leave the inline TLB path for Hart::store_slow, which calls write()
//     with the storing hart (its own reservation survives, as the ISA allows);
//   - other initiators (DMA, traffic generators, the debugger's and the loader's writes): the
//     platform's bus observer calls write() with no hart.
// The page flags stay once set (as the code-page flags do): the pages of locks and counters are few,
// and a store there costs a slow-path call, not a wrong answer. With one hart no page is flagged:
// its own stores never break its reservation, and only the bus path is needed.
#pragma once
#include <cstdint>
#include <vector>

namespace vp::iss {

class Hart;

class Reservations {
 public:
  // Registers a hart (in hart order; it unregisters itself on destruction).
  void add(Hart& hart);
  void remove(Hart& hart);
  // `hart` has just made a reservation on the word at `addr` (LR).
  void reserved(Hart& hart, uint32_t addr);
  // [addr, addr + len) was written by `by` (nullptr: an initiator that is not a hart): every other
  // hart's reservation overlapping it is broken.
  void write(const Hart* by, uint32_t addr, uint32_t len);
  // Reservations broken by another writer so far (a statistic).
  uint64_t broken() const { return broken_; }
  unsigned harts() const { return unsigned(harts_.size()); }

 private:
  std::vector<Hart*> harts_;
  uint64_t broken_ = 0;
};

}  // namespace vp::iss
