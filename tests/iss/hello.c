// Semihosting smoke test: stdio, float formatting, a host file round trip, argv-less main, exit code.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile float scale = 1.5f;

int main(void) {
    printf("hello from rv32\n");
    float acc = 0;
    for (int i = 1; i <= 10; ++i) acc += scale * (float)i;
    printf("sum=%.3f\n", (double)acc);
    FILE* f = fopen("iss_hello_tmp.txt", "w");
    if (!f) {
        printf("fopen failed\n");
        return 1;
    }
    fputs("file-content-42\n", f);
    fclose(f);
    char buf[64] = {0};
    f = fopen("iss_hello_tmp.txt", "r");
    if (!f || !fgets(buf, sizeof buf, f)) {
        printf("read back failed\n");
        return 1;
    }
    fclose(f);
    remove("iss_hello_tmp.txt");
    printf("read back: %s", buf);
    fprintf(stderr, "to stderr\n");
    return 7;
}
