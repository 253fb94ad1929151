/* C side of the trap runtime: handler registration and the default report-and-exit handler. */
#include <rt/trap.h>
#include <rt/csr.h>
#include <stdio.h>
#include <stdlib.h>

_Static_assert(sizeof(vp_trap_frame_t) == VP_TRAP_FRAME_SIZE, "trap frame layout");
_Static_assert(__builtin_offsetof(vp_trap_frame_t, mepc) == 128, "trap frame layout");
_Static_assert(__builtin_offsetof(vp_trap_frame_t, vector) == 144, "trap frame layout");
_Static_assert(__builtin_offsetof(vp_trap_frame_t, f) == 152, "trap frame layout");

/* Read by trap_entry.S; NULL selects vp_trap_default_handler. */
vp_trap_handler_t volatile vp_trap_handler_ptr;

vp_trap_handler_t vp_trap_install(vp_trap_handler_t handler) {
    vp_trap_handler_t old = vp_trap_handler_ptr;
    vp_trap_handler_ptr = handler;
    vp_csr_write(mtvec, (uint32_t)(uintptr_t)&vp_trap_entry | MTVEC_MODE_DIRECT);
    return old;
}

vp_trap_handler_t vp_trap_install_vectored(vp_trap_handler_t handler) {
    vp_trap_handler_t old = vp_trap_handler_ptr;
    vp_trap_handler_ptr = handler;
    vp_csr_write(mtvec, (uint32_t)(uintptr_t)&vp_trap_vector_table | MTVEC_MODE_VECTORED);
    return old;
}

void vp_trap_default_handler(vp_trap_frame_t *f) {
    uint32_t cause = f->mcause;
    printf("unhandled trap: mcause=0x%08lx mepc=0x%08lx mtval=0x%08lx\n", (unsigned long)cause, (unsigned long)f->mepc,
           (unsigned long)f->mtval);
    exit(128 + (int)(cause & 0x3f));
}
