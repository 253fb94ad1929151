/* CSR access helpers and machine-mode CSR bit definitions (RISC-V privileged spec). */
#ifndef FW_RT_CSR_H
#define FW_RT_CSR_H
#include <stdint.h>

#define VP_STR_(x) #x
#define VP_STR(x)  VP_STR_(x)

/* csr may be a name (mstatus) or a number (0x340). */
#define vp_csr_read(csr)                                                \
    ({                                                                  \
        uint32_t v_;                                                    \
        __asm__ volatile("csrr %0, " VP_STR(csr) : "=r"(v_)::"memory"); \
        v_;                                                             \
    })
#define vp_csr_write(csr, val)  __asm__ volatile("csrw " VP_STR(csr) ", %0" ::"rK"((uint32_t)(val)) : "memory")
#define vp_csr_set(csr, bits)   __asm__ volatile("csrs " VP_STR(csr) ", %0" ::"rK"((uint32_t)(bits)) : "memory")
#define vp_csr_clear(csr, bits) __asm__ volatile("csrc " VP_STR(csr) ", %0" ::"rK"((uint32_t)(bits)) : "memory")
#define vp_csr_swap(csr, val)                                                                            \
    ({                                                                                                   \
        uint32_t v_;                                                                                     \
        __asm__ volatile("csrrw %0, " VP_STR(csr) ", %1" : "=r"(v_) : "rK"((uint32_t)(val)) : "memory"); \
        v_;                                                                                              \
    })
#define vp_csr_read_set(csr, bits)                                                                        \
    ({                                                                                                    \
        uint32_t v_;                                                                                      \
        __asm__ volatile("csrrs %0, " VP_STR(csr) ", %1" : "=r"(v_) : "rK"((uint32_t)(bits)) : "memory"); \
        v_;                                                                                               \
    })
#define vp_csr_read_clear(csr, bits)                                                                      \
    ({                                                                                                    \
        uint32_t v_;                                                                                      \
        __asm__ volatile("csrrc %0, " VP_STR(csr) ", %1" : "=r"(v_) : "rK"((uint32_t)(bits)) : "memory"); \
        v_;                                                                                               \
    })

/* Zifencei: gcc's ".attribute arch" does not list it, so enable it locally. */
#define VP_FENCE_I() __asm__ volatile(".option push\n.option arch, +zifencei\nfence.i\n.option pop" ::: "memory")
#define VP_FENCE()   __asm__ volatile("fence" ::: "memory")
#define VP_WFI()     __asm__ volatile("wfi" ::: "memory")

/* 64-bit counters on RV32: read high, low, high again until stable. */
#define VP_DEFINE_CSR64_READER(fn, lo, hi) \
    static inline uint64_t fn(void) {      \
        uint32_t h1, l, h2;                \
        do {                               \
            h1 = vp_csr_read(hi);          \
            l = vp_csr_read(lo);           \
            h2 = vp_csr_read(hi);          \
        } while (h1 != h2);                \
        return ((uint64_t)h1 << 32) | l;   \
    }
VP_DEFINE_CSR64_READER(vp_rdcycle64, cycle, cycleh)
VP_DEFINE_CSR64_READER(vp_rdinstret64, instret, instreth)
VP_DEFINE_CSR64_READER(vp_rdmcycle64, mcycle, mcycleh)
VP_DEFINE_CSR64_READER(vp_rdminstret64, minstret, minstreth)

/* mstatus */
#define MSTATUS_MIE        (1u << 3)
#define MSTATUS_MPIE       (1u << 7)
#define MSTATUS_MPP        (3u << 11)
#define MSTATUS_FS         (3u << 13)
#define MSTATUS_FS_INITIAL (1u << 13)
#define MSTATUS_FS_DIRTY   (3u << 13)

/* mie / mip */
#define MIP_MSIP (1u << 3)
#define MIP_MTIP (1u << 7)
#define MIP_MEIP (1u << 11)
#define MIE_MSIE MIP_MSIP
#define MIE_MTIE MIP_MTIP
#define MIE_MEIE MIP_MEIP

/* mtvec */
#define MTVEC_MODE_DIRECT   0u
#define MTVEC_MODE_VECTORED 1u

/* mcause */
#define MCAUSE_INTERRUPT       (1u << 31)
#define CAUSE_MISALIGNED_FETCH 0u
#define CAUSE_FETCH_ACCESS     1u
#define CAUSE_ILLEGAL_INSN     2u
#define CAUSE_BREAKPOINT       3u
#define CAUSE_MISALIGNED_LOAD  4u
#define CAUSE_LOAD_ACCESS      5u
#define CAUSE_MISALIGNED_STORE 6u
#define CAUSE_STORE_ACCESS     7u
#define CAUSE_ECALL_U          8u
#define CAUSE_ECALL_S          9u
#define CAUSE_ECALL_M          11u
#define IRQ_M_SOFT             3u
#define IRQ_M_TIMER            7u
#define IRQ_M_EXT              11u

/* misa: MXL in bits 31:30, extension letters in bits 25:0 */
#define MISA_EXT(letter) (1u << ((letter) - 'A'))

/* fcsr */
#define FFLAG_NX 0x01u
#define FFLAG_UF 0x02u
#define FFLAG_OF 0x04u
#define FFLAG_DZ 0x08u
#define FFLAG_NV 0x10u
#define FRM_RNE  0u
#define FRM_RTZ  1u
#define FRM_RDN  2u
#define FRM_RUP  3u
#define FRM_RMM  4u
#define FRM_DYN  7u

#endif
