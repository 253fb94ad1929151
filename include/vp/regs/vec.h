/* Vector accelerator (docs/vector.md): an in-order RV32IMF control hart with a Zve32f subset of RVV 1.0
 * that fetches from its instruction local memory (ILM) and accesses only its data local memory
 * (DLM). The CPU (or a DMA) fills the LMs over the bus, writes the entry PC and up to eight
 * arguments, starts the accelerator and waits for DONE or ERROR (polling STATUS or through the PLIC
 * source VP_IRQ_VEC). Plain C: shared by the model (models/vector), firmware (hal/vec.h) and
 * docs/vector.md.
 *
 * Address map (memmap.h): registers at VP_VEC_BASE (4 KiB window), ILM at VP_VEC_ILM_BASE, DLM at
 * VP_VEC_DLM_BASE. The accelerator sees the LMs at the same addresses as the bus does, so pointers
 * into the LMs mean the same on both sides. Sizes are configurable: read ILM_SIZE / DLM_SIZE.
 *
 * Program protocol:
 *   start:  pc = ENTRY_PC, a0..a7 = ARG0..ARG7, fa0..fa7 = FARG0..FARG7 (IEEE single bits: a program
 *           built with -mabi=ilp32f receives float arguments of vec_main there; START consumes them:
 *           FARG0..7 read 0 afterwards), sp = DLM base + DLM
 *           size, every other register 0,
 *           vtype = vill, vl = 0, mstatus.FS = Initial (FP on), the decode cache is emptied (the
 *           CPU may have loaded a new program into the ILM).
 *   end:    `ecall` ends the program: STATUS.DONE, EXIT_CODE = a0, EXIT_FA0 = fa0 (a float result). Any other exception (illegal
 *           instruction, access fault outside the LMs, misaligned access, ebreak) ends it with
 *           STATUS.ERROR; ERR_CAUSE/ERR_PC/ERR_TVAL hold mcause/mepc/mtval and the VP prints a
 *           fault report. The accelerator hart takes no exception through mtvec.
 *   signals: DOORBELL (CPU -> accelerator) sets bits the program reads in CSR VEC_CSR_DOORBELL;
 *           mip.MSIP is high while any bit is set, so `wfi` with mie.MSIE set sleeps until the CPU
 *           rings. NOTIFY (accelerator -> CPU): a write to CSR VEC_CSR_NOTIFY sets bits in the
 *           NOTIFY register (write 1 to clear), an interrupt when IRQ_ENABLE.NOTIFY is set.
 */
#ifndef VP_REGS_VEC_H
#define VP_REGS_VEC_H

#define VEC_WINDOW_SIZE 0x1000u

/* ---- registers (32-bit, offsets from VP_VEC_BASE) ---------------------------------------------- */
#define VEC_ID         0x00u /* RO: VEC_ID_VALUE */
#define VEC_VLEN       0x04u /* RO: VLEN in bits (VLMAX at SEW 32 and LMUL 8 = VLEN / 4) */
#define VEC_ILM_BASE   0x08u /* RO: ILM address */
#define VEC_ILM_SIZE   0x0Cu /* RO: ILM bytes */
#define VEC_DLM_BASE   0x10u /* RO: DLM address */
#define VEC_DLM_SIZE   0x14u /* RO: DLM bytes */
#define VEC_LANES      0x18u /* RO: [15:0] FP add lanes, [31:16] FP multiply lanes (elements per cycle) */
#define VEC_CTRL       0x20u /* WO: VEC_CTRL_* commands */
#define VEC_STATUS     0x24u /* R: VEC_STATUS_*; write 1 to DONE / ERROR clears it */
#define VEC_IRQ_ENABLE 0x28u /* RW: VEC_IRQ_* */
#define VEC_ENTRY_PC   0x2Cu /* RW: start address (4-byte aligned, inside the ILM) */
#define VEC_EXIT_CODE  0x30u /* RO: a0 at the ending ecall */
#define VEC_ERR_CAUSE  0x34u /* RO: mcause of the exception that ended the program */
#define VEC_ERR_PC     0x38u /* RO: its pc */
#define VEC_ERR_TVAL   0x3Cu /* RO: its mtval (faulting address, instruction bits) */
#define VEC_CYCLES_LO  0x40u /* RO: accelerator cycles of the last run (start to end, vector drain included) */
#define VEC_CYCLES_HI  0x44u /* RO: upper half */
#define VEC_INSTRET_LO 0x48u /* RO: instructions the control hart retired in the last run */
#define VEC_INSTRET_HI 0x4Cu /* RO: upper half */
#define VEC_DOORBELL   0x50u /* RW: write sets bits (OR) the program sees in CSR VEC_CSR_DOORBELL */
#define VEC_NOTIFY     0x54u /* R: bits the program set through CSR VEC_CSR_NOTIFY; write 1 to clear */
#define VEC_EXIT_FA0   0x58u /* RO: fa0 (IEEE single bits) at the ending ecall */
#define VEC_ARG0       0x80u /* RW: copied to a0 at start */
#define VEC_ARG1       0x84u /* RW: a1 */
#define VEC_ARG2       0x88u /* RW: a2 */
#define VEC_ARG3       0x8Cu /* RW: a3 */
#define VEC_ARG4       0x90u /* RW: a4 */
#define VEC_ARG5       0x94u /* RW: a5 */
#define VEC_ARG6       0x98u /* RW: a6 */
#define VEC_ARG7       0x9Cu /* RW: a7 */
#define VEC_ARG(n)     (VEC_ARG0 + 4u * (unsigned)(n))
#define VEC_NUM_ARGS   8u
#define VEC_FARG0      0xA0u /* RW: copied to fa0 at start (IEEE single bits); the start clears FARG0..7 */
#define VEC_FARG1      0xA4u /* RW: fa1 */
#define VEC_FARG2      0xA8u /* RW: fa2 */
#define VEC_FARG3      0xACu /* RW: fa3 */
#define VEC_FARG4      0xB0u /* RW: fa4 */
#define VEC_FARG5      0xB4u /* RW: fa5 */
#define VEC_FARG6      0xB8u /* RW: fa6 */
#define VEC_FARG7      0xBCu /* RW: fa7 */
#define VEC_FARG(n)    (VEC_FARG0 + 4u * (unsigned)(n))
#define VEC_NUM_FARGS  8u

#define VEC_ID_VALUE 0x56454331u /* "VEC1" */

#define VEC_CTRL_START (1u << 0) /* start at ENTRY_PC (ignored while BUSY) */
#define VEC_CTRL_RESET (1u << 1) /* abort a running program; clears STATUS, DOORBELL and NOTIFY */

#define VEC_STATUS_BUSY  (1u << 0) /* a program is running */
#define VEC_STATUS_DONE  (1u << 1) /* the last program ended with ecall (write 1 to clear) */
#define VEC_STATUS_ERROR (1u << 2) /* the last program ended with an exception (write 1 to clear) */

#define VEC_IRQ_DONE   (1u << 1) /* interrupt while STATUS.DONE */
#define VEC_IRQ_ERROR  (1u << 2) /* interrupt while STATUS.ERROR */
#define VEC_IRQ_NOTIFY (1u << 3) /* interrupt while NOTIFY != 0 */

/* ---- CSRs of the accelerator's control hart (custom machine-mode read/write range) ------------ */
#define VEC_CSR_DOORBELL 0x7C0u /* doorbell bits rung by the CPU; csrrc/csrrw clear them */
#define VEC_CSR_NOTIFY   0x7C1u /* a write sets these bits in the NOTIFY register; reads 0 */

/* ---- boot-info entries (bootinfo.h) the platform writes when the accelerator is present ------- */
#define VEC_BOOTINFO_REGS "vec"     /* addr = register base, size = VEC_WINDOW_SIZE */
#define VEC_BOOTINFO_ILM  "vec_ilm" /* addr, size of the ILM */
#define VEC_BOOTINFO_DLM  "vec_dlm" /* addr, size of the DLM */

#endif
