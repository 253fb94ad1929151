// The initramfs's /init for the Linux boot check (docs/linux.md): a static rv32 program on the
// kernel's own nolibc (tools/include/nolibc of the same linux-source tree; no C library). It
// prints a line, mounts /proc and copies /proc/cpuinfo to the console, prints its last line and
// powers the machine off. Each line starts with "vp-linux-init:" so a test can find them; the
// last one, "vp-linux-init: done", is what tests wait for.
//
// Built by scripts/linux/build.sh:
//   riscv64-unknown-elf-gcc -march=rv32imac -mabi=ilp32 -static -nostdlib -ffreestanding
//     -I<linux>/tools/include/nolibc -I<uapi headers> init.c -lgcc

// Linux 6.1's nolibc compiles every wrapper it has, and a few of them name system calls that rv32
// does not have (rv32 Linux has only the 64-bit-time and 64-bit-offset calls: no gettimeofday,
// lseek, poll/ppoll or select/pselect6 with 32-bit time, newfstatat/stat, wait4). This init calls none of them. Give those names the number -1 so nolibc
// compiles; should one ever be called, the kernel answers -ENOSYS for a negative number.
#include <asm/unistd.h>
#ifndef __NR_gettimeofday
#define __NR_gettimeofday (-1)
#endif
#ifndef __NR_lseek
#define __NR_lseek (-1)
#endif
#if !defined(__NR_ppoll) && !defined(__NR_poll)
#define __NR_ppoll (-1)
#endif
#if !defined(__NR_select) && !defined(__NR_pselect6) && !defined(__NR__newselect)
#define __NR_pselect6 (-1)
#endif
#if !defined(__NR_newfstatat) && !defined(__NR_stat)
#define __NR_newfstatat (-1)
#endif
#ifndef __NR_wait4
#define __NR_wait4 (-1)
#endif
#include "nolibc.h"

#define TAG "vp-linux-init: "

static void copy_file_to_stdout(const char *path) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        printf(TAG "cannot open %s (errno %d)\n", path, errno);
        return;
    }
    char buf[512];
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0) {
            printf(TAG "read %s failed (errno %d)\n", path, errno);
            break;
        }
        if (n == 0) break;
        for (ssize_t off = 0; off < n;) {
            ssize_t w = write(1, buf + off, n - off);
            if (w <= 0) break;
            off += w;
        }
    }
    close(fd);
}

int main(void) {
    printf(TAG "hello from user space, pid %d\n", getpid());

    if (mount("proc", "/proc", "proc", 0, NULL) < 0) {
        printf(TAG "mount /proc failed (errno %d)\n", errno);
    } else {
        printf(TAG "/proc/cpuinfo:\n");
        copy_file_to_stdout("/proc/cpuinfo");
    }

    printf(TAG "done\n");
    reboot(LINUX_REBOOT_CMD_POWER_OFF);

    // Only reached if the power-off failed; returning makes the kernel panic, which says so.
    printf(TAG "power-off failed (errno %d)\n", errno);
    return 1;
}
