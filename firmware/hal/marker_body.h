/* The trace-marker HAL's code, once for both of its APIs (included by marker.c and marker_dev.c):
 * vp_marker_* on the marker at VP_MARKER_BASE (existing programs keep their exact code), vp_marker_dev_*
 * on a vp_marker_t handle from the boot-info device table. The includer defines FN, DEV0/DEV and
 * MARKER(reg). */
void FN(begin)(DEV const char *name) {
    uint32_t i = 0;
    for (; i + 1 < MARKER_NAME_LEN && name[i]; i++) vp_write8(MARKER(MARKER_NAME) + i, (uint8_t)name[i]);
    vp_write8(MARKER(MARKER_NAME) + i, 0);
    vp_write32(MARKER(MARKER_BEGIN), 1u);
}

void FN(end)(DEV0) { vp_write32(MARKER(MARKER_END), 1u); }
void FN(value)(DEV uint32_t value) { vp_write32(MARKER(MARKER_VALUE), value); }
uint32_t FN(depth)(DEV0) { return vp_read32(MARKER(MARKER_DEPTH)); }
