/* Firmware runtime: everything a program normally needs. */
#ifndef FW_RT_RUNTIME_H
#define FW_RT_RUNTIME_H
#include <rt/csr.h>
#include <rt/trap.h>
#include <rt/bootinfo.h>
#include <stdint.h>

/* HTIF mailbox, defined by the linker script (runtime/vp.ld) in section .tohost. */
extern volatile uint64_t tohost;
extern volatile uint64_t fromhost;

/* Linker-script symbols describing the memory layout. */
extern char __heap_start[], __heap_end[], __loader_start[], __loader_end[], __stack[], __stack_limit[];

#endif
