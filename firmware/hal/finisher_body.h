/* The test finisher HAL's code, once for both of its APIs (included by finisher.c and finisher_dev.c):
 * vp_finisher_* on the finisher at VP_FINISHER_BASE (QEMU virt's; existing programs keep their exact
 * code), vp_finisher_dev_* on a vp_finisher_t handle from the boot-info device table. The includer
 * defines FN, DEV0/DEV and BASE. */
void FN(pass)(DEV0) {
    vp_write32(BASE + FINISHER_REG, FINISHER_PASS);
    for (;;) __asm__ volatile("wfi");
}

void FN(fail)(DEV uint16_t code) {
    vp_write32(BASE + FINISHER_REG, FINISHER_FAIL_CODE(code ? code : 1u));
    for (;;) __asm__ volatile("wfi");
}
