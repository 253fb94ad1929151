/* Start of every vector-accelerator program (vp_add_vec_program). The accelerator starts here with
 * a0..a7 = the ARG registers and sp = end of the DLM (include/vp/regs/vec.h). vec_main(a0..a7) is
 * an ordinary function; its return value (a0) becomes EXIT_CODE through the final ecall.
 * Offset 8 (VEC_IMAGE_FUNC_OFFSET) jumps straight to vec_main, so a CPU that has the vector
 * extension itself can call the same code as a function (QEMU differential tests). */
    .section .text.vec_start, "ax"
    .globl _start
_start:
    jal ra, 1f          /* offset 0 */
    ecall               /* offset 4: vec_main returned; a0 = exit code */
1:  j vec_main          /* offset 8 */
