/* Core-local interruptor (SiFive CLINT layout, as QEMU virt). mtime counts at VP_CLINT_TIMEBASE_HZ. */
#ifndef VP_REGS_CLINT_H
#define VP_REGS_CLINT_H

#define CLINT_MSIP(hart)     (0x0000u + 4u * (hart))
#define CLINT_MTIMECMP(hart) (0x4000u + 8u * (hart)) /* 64-bit, low word first */
#define CLINT_MTIME          0xBFF8u                 /* 64-bit */
#define CLINT_SIZE           0x10000u
#define VP_CLINT_TIMEBASE_HZ 10000000u /* 10 MHz, as QEMU virt */

#endif
