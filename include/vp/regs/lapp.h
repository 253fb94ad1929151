/* LAPP, the linear FU-array accelerator (docs/lapp.md), as a device: its first stage is an RV32IMF hart
 * the CPU starts on a function of the same program (ENTRY, arguments, stack), which returns to the
 * device (LAPP_RETURN is its return address) when done. Loops in that function with DCPL/SETLO HINTs
 * run on the array (vp/isa/lapp.h). Base and IRQ: memmap.h. Plain C: shared by models/lapp, firmware
 * (drivers/lapp.h) and docs/lapp.md. All registers are 32-bit; accesses must be 32-bit aligned. */
#ifndef VP_REGS_LAPP_H
#define VP_REGS_LAPP_H

#define LAPP_WINDOW_SIZE 0x1000u

#define LAPP_ID     0x000u /* RO: LAPP_ID_VALUE */
#define LAPP_CONFIG 0x004u /* RO: [7:0] stages, [15:8] LB words per way, [16] optimized LBs, [17] array on */
#define LAPP_CTRL   0x008u /* WO: LAPP_CTRL_START, LAPP_CTRL_ABORT */
#define LAPP_STATUS 0x00Cu /* RO: LAPP_STATUS_*; [9:8] mode of the array (LAPP_MODE_*) */
#define LAPP_IRQ_EN 0x010u /* RW: bit 0 raises the IRQ when a run ends (done, error or aborted) */
#define LAPP_IRQ    0x014u /* RW1C: bit 0, a run ended */
#define LAPP_ENTRY  0x018u /* RW: PC the first stage starts at */
#define LAPP_SP     0x01Cu /* RW: its stack pointer (top of a stack the caller provides) */
#define LAPP_GP     0x020u /* RW: its global pointer */

/* a0..a7 at START; ARG0 and ARG1 read back a0 and a1 after a run that returned. */
#define LAPP_ARG0 0x040u /* RW: a0 (the returned a0 after DONE) */
#define LAPP_ARG1 0x044u /* RW: a1 (the returned a1 after DONE) */
#define LAPP_ARG2 0x048u /* RW: a2 */
#define LAPP_ARG3 0x04Cu /* RW: a3 */
#define LAPP_ARG4 0x050u /* RW: a4 */
#define LAPP_ARG5 0x054u /* RW: a5 */
#define LAPP_ARG6 0x058u /* RW: a6 */
#define LAPP_ARG7 0x05Cu /* RW: a7 */
/* fa0..fa7 (bits) at START; FARG0 reads back fa0 after a run that returned. */
#define LAPP_FARG0   0x060u /* RW: fa0 (the returned fa0 after DONE) */
#define LAPP_FARG1   0x064u /* RW: fa1 */
#define LAPP_FARG2   0x068u /* RW: fa2 */
#define LAPP_FARG3   0x06Cu /* RW: fa3 */
#define LAPP_FARG4   0x070u /* RW: fa4 */
#define LAPP_FARG5   0x074u /* RW: fa5 */
#define LAPP_FARG6   0x078u /* RW: fa6 */
#define LAPP_FARG7   0x07Cu /* RW: fa7 */
#define LAPP_ARG(i)  (LAPP_ARG0 + 4u * (i))
#define LAPP_FARG(i) (LAPP_FARG0 + 4u * (i))
#define LAPP_ARGS    8u

/* The run that ended with an error: the trap (mcause), its PC and mtval. */
#define LAPP_ERR_CAUSE 0x080u /* RO: mcause of the exception that ended the run */
#define LAPP_ERR_PC    0x084u /* RO: its pc */
#define LAPP_ERR_TVAL  0x088u /* RO: its mtval */

/* Counters of the last run (START to its end). */
#define LAPP_CYCLES_LO       0x090u /* RO: cycles of the last run */
#define LAPP_CYCLES_HI       0x094u /* RO: upper half */
#define LAPP_INSTRET_LO      0x098u /* RO: instructions retired, on the array included */
#define LAPP_INSTRET_HI      0x09Cu /* RO: upper half */
#define LAPP_ARRAY_CYCLES_LO 0x0A0u /* RO: cycles in array setup and execution */
#define LAPP_ARRAY_CYCLES_HI 0x0A4u /* RO: upper half */
#define LAPP_LOOPS_MAPPED    0x0A8u /* RO: loop entries run on the array */
#define LAPP_LOOPS_REJECTED  0x0ACu /* RO: loops with DCPL the mapper rejected (run in normal mode) */
#define LAPP_ARRAY_ITERS     0x0B0u /* RO: iterations executed on the array */

/* L0 info register of the last mapped loop: 3 bits per stage (bit 2 store buffer, bits 1:0 way),
 * stage s in bits 3s+2..3s of the 128-bit register. */
#define LAPP_L0INFO0     0x0C0u /* RO: bits 31..0 */
#define LAPP_L0INFO1     0x0C4u /* RO: bits 63..32 */
#define LAPP_L0INFO2     0x0C8u /* RO: bits 95..64 */
#define LAPP_L0INFO3     0x0CCu /* RO: bits 127..96 (42 stages in all) */
#define LAPP_L0INFO(i)   (LAPP_L0INFO0 + 4u * (i))
#define LAPP_L0INFO_REGS 4u

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
