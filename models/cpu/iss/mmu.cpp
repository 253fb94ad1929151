// Sv32 address translation (RISC-V privileged spec, "Sv32: Page-Based 32-bit Virtual-Memory
// Systems"): a two-level page table of 4-byte entries, 4 KiB pages and 4 MiB megapages, 34-bit
// physical addresses (of which this 32-bit platform has the lower 4 GiB).
//
// What the hardware does here, and the choices the spec leaves open:
// - The walker reads each entry as a load of the page table's physical address: through the PMP
//   (as an S-mode access) and through the data cache model, so a walk costs what its misses cost.
// - A and D are not set by the walker (the spec's Svade behaviour): an access to a page whose A is
//   clear, or a store to a page whose D is clear, is a page fault, and software sets the bit.
// - No ASIDs (satp.ASID reads 0). Translations live in the hart's fast-path TLBs (virtual page ->
//   host memory), which satp writes, sfence.vma, mode changes and mstatus.MPRV/MPP/SUM/MXR changes
//   flush whole.
#include <cstring>

#include "models/cpu/iss/hart.h"
#include "models/cpu/iss/hart_inline.h"

namespace vp::iss {

namespace {
constexpr uint32_t kPteV = 1, kPteR = 2, kPteW = 4, kPteX = 8, kPteU = 16, kPteA = 64, kPteD = 128;
}  // namespace

bool Hart::read_pte(uint32_t addr, uint32_t& pte) {
  if (!pmp_allows(addr, 4, Pmp::kR, kPrivS)) return false;
  if (const FastRegion* r = find_region(addr, 4); r && r->read) {
    std::memcpy(&pte, r->host + (addr - r->base), 4);
    const uint32_t c =
        mem_timing_ ? mem_timing_->data_access(AccessKind::Load, addr, 4, cycle_, r->read_cycles) : r->read_cycles;
    cycle_ += c;
    stall_data_ += c;
    return true;
  }
  uint64_t cycles = 0;
  MemStatus st;
  {
    HostFpGuard guard(*this);
    st = env_.access(AccessKind::Load, addr, &pte, 4, cycles);
  }
  cycle_ += cycles;
  stall_data_ += cycles;
  return st == MemStatus::Ok;
}

bool Hart::translate(uint32_t va, Access access, uint8_t priv, uint32_t& pa, uint32_t& cause) {
  const uint32_t page_fault = access == Access::Exec    ? kInsnPageFault
                              : access == Access::Write ? kStorePageFault
                                                        : kLoadPageFault;
  const uint32_t access_fault = access == Access::Exec    ? kInsnAccessFault
                                : access == Access::Write ? kStoreAccessFault
                                                          : kLoadAccessFault;
  ++page_walks_;
  const uint64_t walk_start = cycle_;
  struct WalkCycles {  // the PTE reads' cycles, however the walk ends
    Hart& h;
    uint64_t start;
    ~WalkCycles() { h.page_walk_cycles_ += h.cycle_ - start; }
  } walk_cycles{*this, walk_start};
  uint64_t table = uint64_t(satp_ & 0x003fffffu) << 12;
  for (int level = 1; level >= 0; --level) {
    const uint32_t vpn = level ? va >> 22 : (va >> 12) & 0x3ff;
    const uint64_t pte_addr = table + 4 * vpn;
    uint32_t pte = 0;
    if (pte_addr >> 32 || !read_pte(uint32_t(pte_addr), pte)) {
      cause = access_fault;
      return false;
    }
    if (!(pte & kPteV) || ((pte & kPteW) && !(pte & kPteR))) break;  // invalid, or a reserved W-only entry
    const uint64_t ppn = pte >> 10;
    if (!(pte & (kPteR | kPteX))) {  // a pointer to the next level
      if (level == 0) break;
      table = ppn << 12;
      continue;
    }
    // A leaf: permissions, user pages, A/D, then the address.
    const bool mxr = mstatus_ & kMstatusMXR;
    const bool allowed = access == Access::Exec    ? (pte & kPteX)
                         : access == Access::Write ? (pte & kPteW) && (pte & kPteR)
                                                   : (pte & kPteR) || (mxr && (pte & kPteX));
    if (!allowed) break;
    if (priv == kPrivU ? !(pte & kPteU) : (pte & kPteU) && (access == Access::Exec || !(mstatus_ & kMstatusSUM))) {
      break;
    }
    if (level == 1 && (ppn & 0x3ff)) break;                                    // a misaligned megapage
    if (!(pte & kPteA) || (access == Access::Write && !(pte & kPteD))) break;  // Svade: software sets A/D
    const uint64_t phys = level ? (ppn >> 10) << 22 | (va & 0x3fffff) : ppn << 12 | (va & 0xfff);
    if (phys >> 32) {  // beyond this platform's 32-bit physical space
      cause = access_fault;
      return false;
    }
    pa = uint32_t(phys);
    return true;
  }
  cause = page_fault;
  ++page_faults_;
  return false;
}

bool Hart::debug_translate(uint32_t va, uint32_t& pa) {
  if (!translating(priv_)) {
    pa = va;
    return true;
  }
  uint64_t table = uint64_t(satp_ & 0x003fffffu) << 12;
  for (int level = 1; level >= 0; --level) {
    const uint32_t vpn = level ? va >> 22 : (va >> 12) & 0x3ff;
    const uint64_t pte_addr = table + 4 * vpn;
    uint32_t pte = 0;
    if (pte_addr >> 32 || !debug_read(uint32_t(pte_addr), &pte, 4)) return false;
    if (!(pte & kPteV) || ((pte & kPteW) && !(pte & kPteR))) return false;
    const uint64_t ppn = pte >> 10;
    if (!(pte & (kPteR | kPteX))) {
      if (level == 0) return false;
      table = ppn << 12;
      continue;
    }
    if (level == 1 && (ppn & 0x3ff)) return false;
    const uint64_t phys = level ? (ppn >> 10) << 22 | (va & 0x3fffff) : ppn << 12 | (va & 0xfff);
    if (phys >> 32) return false;
    pa = uint32_t(phys);
    return true;
  }
  return false;
}

bool Hart::cbo_translate(uint32_t va, uint32_t& pa) {
  uint32_t cause;
  if (translate(va, Access::Read, data_priv(), pa, cause) || translate(va, Access::Write, data_priv(), pa, cause))
    return true;
  take_trap(cause == kStorePageFault || cause == kLoadPageFault ? kStorePageFault : kStoreAccessFault, va);
  return false;
}

}  // namespace vp::iss
