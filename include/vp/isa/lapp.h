/* LAPP control instructions (DCPL and "L0 set"/SETLO, docs/lapp.md) as RISC-V HINT encodings.
 *
 * Both write x0 in the HINT space the RISC-V unprivileged spec designates for custom use
 * (chapter "HINT Instructions": OR and ORI with rd = x0), so a core without LAPP executes them as
 * no-ops and the same binary runs unchanged on the CPU, on QEMU and on LAPP. One definition shared
 * by the model (models/lapp), firmware (the inline-asm helpers at the end) and docs/lapp.md.
 *
 *   DCPL   or  x0, rs1, rs2    rs1 = base address, rs2 = descriptor (LAPP_DESC below)
 *   SETLO  ori x0, x0, imm12   binds one load of the next loop to one way (LAPP_SETLO_IMM below)
 *
 * DCPL programs one way of LAPP's L1 for the loop that follows it:
 *   way 1..3  a read-only prefetch way: element k is the 4-byte word at base + k*stride
 *             (base - k*stride when descending); stride 0 means 4, a stream of consecutive words.
 *   way 0     the store stream: the array's last stage writes iteration n's merged store buffer at
 *             base + n*record (base - n*record when descending), record = stride (0: the bytes the
 *             loop stores per iteration). Store addresses need no computation in the array.
 *   count     elements (ways 1..3) or iterations (way 0) covered; 0 = unbounded.
 * The loop LAPP maps is the one closed by the first backward branch after the DCPL whose target
 * lies after the DCPL (docs/lapp.md "Loop capture"). */
#ifndef VP_ISA_LAPP_H
#define VP_ISA_LAPP_H

/* ---- encodings -------------------------------------------------------------------------------- */
/* DCPL: OP (0110011), funct3 110 (OR), funct7 0, rd x0; rs1 and rs2 free. */
#define LAPP_DCPL_MASK  0xFE007FFFu
#define LAPP_DCPL_MATCH 0x00006033u
/* SETLO: OP-IMM (0010011), funct3 110 (ORI), rd x0, rs1 x0; imm12 free. */
#define LAPP_SETLO_MASK  0x000FFFFFu
#define LAPP_SETLO_MATCH 0x00006013u

/* ---- DCPL descriptor (the value of rs2) --------------------------------------------------------- */
#define LAPP_DESC_WAY_MASK     0x3u   /* [1:0] way 0..3 */
#define LAPP_DESC_DOWN         0x4u   /* [2] descending addresses */
#define LAPP_DESC_RESERVED     0x8u   /* [3] must be 0 */
#define LAPP_DESC_STRIDE_SHIFT 4      /* [15:4] stride / record in bytes (0: 4 for ways 1..3, */
#define LAPP_DESC_STRIDE_MASK  0xFFFu /*        derived from the stores for way 0) */
#define LAPP_DESC_COUNT_SHIFT  16     /* [31:16] elements / iterations, 0 = unbounded */
#define LAPP_DESC_COUNT_MASK   0xFFFFu
#define LAPP_WAYS              4u
#define LAPP_STORE_WAY         0u

/* count > 0xFFFF does not fit: it becomes 0 (unbounded), which covers any loop.
 * A stride (record) > 0xFFF does not fit bits [15:4] either and is never truncated: a constant one is a
 * compile-time error in C (gcc/clang), a run-time one sets the reserved bit [3] instead, so LAPP ignores
 * the DCPL with a warning (the stride is too large) and the loop runs correctly in normal mode. */
#define LAPP_DESC_STRIDE_MAX LAPP_DESC_STRIDE_MASK
#define LAPP_DESC(way, down, stride, count)                                                                            \
    (LAPP_DESC_STRIDE_CHECK_(stride) |                                                                                 \
     (((unsigned)(count) > LAPP_DESC_COUNT_MASK ? 0u : (unsigned)(count)) << LAPP_DESC_COUNT_SHIFT) |                  \
     ((unsigned)(stride) > LAPP_DESC_STRIDE_MAX ? LAPP_DESC_RESERVED : (unsigned)(stride) << LAPP_DESC_STRIDE_SHIFT) | \
     ((down) ? LAPP_DESC_DOWN : 0u) | ((unsigned)(way)&LAPP_DESC_WAY_MASK))

/* 0u, or a compile-time error when `stride` is an integer constant expression above the maximum
 * (C with GNU extensions only: C++ and other compilers get the run-time marking above). */
#if !defined(__cplusplus) && defined(__GNUC__)
#define LAPP_IS_ICE_(x) (sizeof(int) == sizeof(*(8 ? ((void *)((long)(x)*0l)) : (int *)8)))
#define LAPP_DESC_STRIDE_CHECK_(stride)                                                                       \
    (0u * (unsigned)sizeof(struct {                                                                           \
         _Static_assert(                                                                                      \
             !__builtin_choose_expr(LAPP_IS_ICE_(stride), (unsigned long)(stride) > LAPP_DESC_STRIDE_MAX, 0), \
             "LAPP_DESC: stride/record above 0xFFF does not fit the descriptor");                             \
         int lapp_desc_ok_;                                                                                   \
     }))
#else
#define LAPP_DESC_STRIDE_CHECK_(stride) 0u
#endif

/* ---- SETLO immediate ----------------------------------------------------------------------------- */
#define LAPP_SETLO_LOAD_MASK 0xFu /* [3:0] the load's index in the loop body, program order (0 = first) */
#define LAPP_SETLO_WAY_SHIFT 4    /* [5:4] way 1..3 its local buffer keeps */
#define LAPP_SETLO_WAY_MASK  0x3u
#define LAPP_SETLO_STOREBUF  0x40u  /* [6] the load reads the store buffer (a store of its own iteration) */
#define LAPP_SETLO_RESERVED  0xF80u /* [11:7] must be 0 */
#define LAPP_SETLO_MAX_LOADS 16u

#define LAPP_SETLO_IMM(load, way, storebuf)        \
    ((((unsigned)(load)) & LAPP_SETLO_LOAD_MASK) | \
     ((((unsigned)(way)) & LAPP_SETLO_WAY_MASK) << LAPP_SETLO_WAY_SHIFT) | ((storebuf) ? LAPP_SETLO_STOREBUF : 0u))

/* ---- firmware helpers ---------------------------------------------------------------------------- */
#if defined(__riscv) && !defined(__ASSEMBLER__)
/* The "memory" clobber keeps the compiler from moving the loop's loads and stores above the DCPL. */
static inline void lapp_dcpl(const volatile void *base, unsigned desc) {
    __asm__ volatile("or x0, %0, %1" ::"r"(base), "r"(desc) : "memory");
}
/* A stream of consecutive words (way 1..3), or the store stream (way 0), ascending. */
#define LAPP_DCPL_STREAM(way, base, count) lapp_dcpl((base), LAPP_DESC((way), 0, 0, (count)))
/* load: program-order index of the load in the loop, way: 1..3, storebuf: 0/1 (constants). */
#define LAPP_SETLO(load, way, storebuf) \
    __asm__ volatile("ori x0, x0, %0" ::"i"(LAPP_SETLO_IMM((load), (way), (storebuf))))
#endif

#endif
