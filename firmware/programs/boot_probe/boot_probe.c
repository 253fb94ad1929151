/* What the boot flow gave the firmware, printed on the 16550 (the same on QEMU virt and on the VP):
 * a0..a2, the reset ROM's first words, OpenSBI's fw_dynamic_info behind a2, the device tree's /chosen
 * (bootargs, linux,initrd-start/-end, stdout-path) and the first bytes of the kernel and the initrd
 * found through them, and whether a semihosting call traps (QEMU's default: it does). Ends with the test finisher's pass (0x5555). docs/boot.md. */
#include <stdint.h>
#include <vp/regs/finisher.h>
#include <vp/regs/memmap.h>
#include <vp/regs/uart16550.h>

static void putc_(char c) {
    volatile uint8_t *uart = (volatile uint8_t *)VP_UART0_BASE;
    while (!(uart[UART_LSR] & UART_LSR_THRE)) {}
    uart[UART_THR] = (uint8_t)c;
}
static void puts_(const char *s) {
    while (*s) putc_(*s++);
}
static void hex_(uint32_t v) {
    puts_("0x");
    for (int i = 28; i >= 0; i -= 4) putc_("0123456789abcdef"[(v >> i) & 15]);
}
static void field(const char *name, uint32_t v) {
    puts_(name);
    puts_("=");
    hex_(v);
    puts_("\n");
}
static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static int streq(const char *a, const char *b) {
    while (*a && *a == *b) ++a, ++b;
    return *a == *b;
}

static uint32_t initrd_start, initrd_end;
int semihosting_traps(void);

/* Walks the structure block; prints the properties of /chosen that a kernel reads. */
static void chosen(const uint8_t *fdt) {
    if (be32(fdt) != 0xd00dfeedu) {
        puts_("dtb: bad magic\n");
        return;
    }
    const uint8_t *p = fdt + be32(fdt + 8);
    const char *strings = (const char *)fdt + be32(fdt + 12);
    int depth = 0, in_chosen = 0;
    for (;;) {
        const uint32_t tok = be32(p);
        p += 4;
        if (tok == 1) { /* BEGIN_NODE */
            const char *name = (const char *)p;
            ++depth;
            if (depth == 2 && streq(name, "chosen")) in_chosen = 1;
            while (*p) ++p;
            p = (const uint8_t *)(((uintptr_t)p + 4) & ~(uintptr_t)3);
        } else if (tok == 2) { /* END_NODE */
            if (depth == 2) in_chosen = 0;
            --depth;
        } else if (tok == 3) { /* PROP */
            const uint32_t len = be32(p), nameoff = be32(p + 4);
            const uint8_t *val = p + 8;
            const char *name = strings + nameoff;
            if (in_chosen && (streq(name, "bootargs") || streq(name, "stdout-path"))) {
                puts_("chosen ");
                puts_(name);
                puts_("=\"");
                puts_((const char *)val);
                puts_("\"\n");
            } else if (in_chosen && (streq(name, "linux,initrd-start") || streq(name, "linux,initrd-end"))) {
                const uint32_t v = be32(val + len - 4); /* one cell or the low one of two */
                puts_("chosen ");
                field(name, v);
                if (name[13] == 's')
                    initrd_start = v;
                else
                    initrd_end = v;
            }
            p = val + ((len + 3) & ~3u);
        } else if (tok == 4) { /* NOP */
        } else {
            break; /* END */
        }
    }
}

void probe_main(uint32_t a0, uint32_t a1, uint32_t a2) {
    field("a0", a0);
    field("a1", a1);
    field("a2", a2);
    if (!a2) { /* started without the reset ROM (vp run --elf, QEMU -bios none): nothing more to see */
        puts_("boot_probe: no fw_dynamic_info\n");
        *(volatile uint32_t *)VP_FINISHER_BASE = FINISHER_PASS;
        for (;;) {}
    }
    const volatile uint32_t *rom = (const volatile uint32_t *)0x1000;
    for (int i = 0; i < 6; ++i) field("rom", rom[i]);
    const volatile uint32_t *info = (const volatile uint32_t *)a2;
    static const char *const names[] = {"magic", "version", "next_addr", "next_mode", "options", "boot_hart"};
    for (int i = 0; i < 6; ++i) field(names[i], info[i]);
    if (info[2]) field("kernel[0]", *(const volatile uint32_t *)info[2]);
    chosen((const uint8_t *)a1);
    if (initrd_end > initrd_start) field("initrd[0]", *(const volatile uint32_t *)initrd_start);
    puts_(semihosting_traps() ? "semihosting: off (ebreak traps)\n" : "semihosting: on\n");
    puts_("boot_probe: done\n");
    *(volatile uint32_t *)VP_FINISHER_BASE = FINISHER_PASS;
    for (;;) {}
}
