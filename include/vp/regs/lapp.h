/* LAPP, the linear FU-array accelerator (seed 002), as a device: its first stage is an RV32IMF hart
 * the CPU starts on a function of the same program (ENTRY, arguments, stack), which returns to the
 * device (LAPP_RETURN is its return address) when done. Loops in that function with DCPL/SETLO HINTs
 * run on the array (vp/isa/lapp.h). Base and IRQ: memmap.h. Plain C: shared by models/lapp, firmware
 * (drivers/lapp.h) and docs/lapp.md. All registers are 32-bit; accesses must be 32-bit aligned. */
#ifndef VP_REGS_LAPP_H
#define VP_REGS_LAPP_H

#define LAPP_WINDOW_SIZE 0x1000u

#define LAPP_ID 0x000u /* RO: LAPP_ID_VALUE */
#define LAPP_CONFIG \
    0x004u                               /* RO: [7:0] stages, [15:8] local-buffer words per way, [16] optimized local
                               buffers, [17] array enabled (0: the first stage alone) */
#define LAPP_CTRL    0x008u              /* WO: LAPP_CTRL_START, LAPP_CTRL_ABORT */
#define LAPP_STATUS  0x00Cu              /* RO: LAPP_STATUS_* ; [9:8] mode of the array (LAPP_MODE_*) */
#define LAPP_IRQ_EN  0x010u              /* bit 0: raise the IRQ when a run ends (done, error or aborted) */
#define LAPP_IRQ     0x014u              /* bit 0: a run ended; write 1 to clear */
#define LAPP_ENTRY   0x018u              /* PC the first stage starts at */
#define LAPP_SP      0x01Cu              /* its stack pointer (top of a stack the caller provides) */
#define LAPP_GP      0x020u              /* its global pointer */
#define LAPP_ARG(i)  (0x040u + 4u * (i)) /* a0..a7 at START; a0, a1 read back the return value */
#define LAPP_FARG(i) (0x060u + 4u * (i)) /* fa0..fa7 (bits) at START; fa0 reads back the FP return */
#define LAPP_ARGS    8u

/* The run that ended with an error: the trap (mcause), its PC and mtval. */
#define LAPP_ERR_CAUSE 0x080u
#define LAPP_ERR_PC    0x084u
#define LAPP_ERR_TVAL  0x088u

/* Counters of the last run (START to its end). */
#define LAPP_CYCLES_LO       0x090u
#define LAPP_CYCLES_HI       0x094u
#define LAPP_INSTRET_LO      0x098u /* instructions retired, on the array included */
#define LAPP_INSTRET_HI      0x09Cu
#define LAPP_ARRAY_CYCLES_LO 0x0A0u /* cycles in array setup and execution */
#define LAPP_ARRAY_CYCLES_HI 0x0A4u
#define LAPP_LOOPS_MAPPED    0x0A8u /* loops (entries) run on the array */
#define LAPP_LOOPS_REJECTED  0x0ACu /* loops with DCPL the mapper rejected (they ran in normal mode) */
#define LAPP_ARRAY_ITERS     0x0B0u /* iterations executed on the array */

/* L0 info register of the last mapped loop: 3 bits per stage (bit 2 store buffer, bits 1:0 way). */
#define LAPP_L0INFO(i)   (0x0C0u + 4u * (i))
#define LAPP_L0INFO_REGS 4u /* up to 42 stages */

/* The return address a started function gets in ra: fetching from it ends the run (DONE). */
#define LAPP_RETURN 0x800u

#define LAPP_ID_VALUE 0x4C415050u /* "LAPP" */

#define LAPP_CONFIG_STAGES(c)   ((c)&0xFFu)
#define LAPP_CONFIG_LB_WORDS(c) (((c) >> 8) & 0xFFu)
#define LAPP_CONFIG_OPTIMIZED   (1u << 16)
#define LAPP_CONFIG_ARRAY       (1u << 17)

#define LAPP_CTRL_START (1u << 0) /* reset the first stage's registers and start at ENTRY (ignored while busy) */
#define LAPP_CTRL_ABORT (1u << 1) /* stop a running function (status ABORTED) */

#define LAPP_STATUS_BUSY    (1u << 0)
#define LAPP_STATUS_DONE    (1u << 1) /* the function returned */
#define LAPP_STATUS_ERROR   (1u << 2) /* it trapped (LAPP_ERR_*): the first stage has no trap handler */
#define LAPP_STATUS_ABORTED (1u << 3)
#define LAPP_STATUS_MODE(s) (((s) >> 8) & 3u)
#define LAPP_MODE_NORMAL    0u
#define LAPP_MODE_SETUP     1u
#define LAPP_MODE_ARRAY     2u

#endif
