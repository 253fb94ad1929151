/* semihost_sandbox: what a hostile program tries with semihosting files (issue #17), through
 * picolibc's stdio (libsemihost). It writes and reads back a file inside the sandbox, then tries to
 * escape: "..", absolute paths, remove and rename outside. One line per attempt; the exit code is
 * the number of escapes that succeeded (0 on the VP: the sandbox holds).
 *   argv-free: the VP's sandbox is the run's output directory (platform.cpu.semihosting_dir). */
#include <stdio.h>
#include <string.h>

static int escapes;

/* A raw semihosting call (picolibc's libsemihost has no rename): op in a0, block in a1. */
static long semihost(long op, const void *block) {
    register long a0 __asm__("a0") = op;
    register const void *a1 __asm__("a1") = block;
    __asm__ volatile(
        ".option push\n.option norvc\n.balign 16\n"
        "slli x0, x0, 0x1f\nebreak\nsrai x0, x0, 7\n.option pop"
        : "+r"(a0)
        : "r"(a1)
        : "memory");
    return a0;
}

static int sh_rename(const char *from, const char *to) {
    const unsigned long block[4] = {(unsigned long)from, strlen(from), (unsigned long)to, strlen(to)};
    return semihost(0x0f, block) == 0 ? 0 : -1; /* SYS_RENAME */
}

static void expect_refused(const char *what, int ok) {
    printf("semihost_sandbox: %s %s\n", what, ok ? "SUCCEEDED (escape)" : "refused");
    if (ok) ++escapes;
}

int main(void) {
    /* Inside the sandbox: create, write, read back, rename, remove. */
    int inside = 0;
    FILE *f = fopen("sandbox_probe.txt", "w");
    if (f) {
        fputs("inside the sandbox\n", f);
        fclose(f);
        char line[64] = "";
        f = fopen("sandbox_probe.txt", "r");
        if (f && fgets(line, sizeof line, f) && strcmp(line, "inside the sandbox\n") == 0) inside = 1;
        if (f) fclose(f);
        if (inside && sh_rename("sandbox_probe.txt", "sandbox_kept.txt") != 0) inside = 0;
    }
    printf("semihost_sandbox: inside %s\n", inside ? "ok" : "refused");

    /* Escapes. */
    f = fopen("../../../../../../../../etc/passwd", "r");
    expect_refused("read ../../../../../../../../etc/passwd", f != NULL);
    if (f) fclose(f);
    f = fopen("/etc/passwd", "r");
    expect_refused("read /etc/passwd", f != NULL);
    if (f) fclose(f);
    f = fopen("../semihost_escape.txt", "w");
    expect_refused("create ../semihost_escape.txt", f != NULL);
    if (f) fclose(f);
    f = fopen("sub/../../semihost_escape.txt", "a");
    expect_refused("append sub/../../semihost_escape.txt", f != NULL);
    if (f) fclose(f);
    expect_refused("remove ../semihost_victim.txt", remove("../semihost_victim.txt") == 0);
    expect_refused("rename sandbox_kept.txt to ../semihost_moved.txt",
                   sh_rename("sandbox_kept.txt", "../semihost_moved.txt") == 0);
    expect_refused("rename ../semihost_victim.txt to stolen.txt",
                   sh_rename("../semihost_victim.txt", "stolen.txt") == 0);
    printf("semihost_sandbox: %d escapes\n", escapes);
    return escapes;
}
