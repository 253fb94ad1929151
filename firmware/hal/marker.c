#include <hal/marker.h>
#include <hal/mmio.h>
#include <vp/regs/marker.h>
#include <vp/regs/memmap.h>

#define MARKER(reg) (VP_MARKER_BASE + (reg))

void vp_marker_begin(const char *name) {
    uint32_t i = 0;
    for (; i + 1 < MARKER_NAME_LEN && name[i]; i++) vp_write8(MARKER(MARKER_NAME) + i, (uint8_t)name[i]);
    vp_write8(MARKER(MARKER_NAME) + i, 0);
    vp_write32(MARKER(MARKER_BEGIN), 1u);
}

void vp_marker_end(void) { vp_write32(MARKER(MARKER_END), 1u); }
void vp_marker_value(uint32_t value) { vp_write32(MARKER(MARKER_VALUE), value); }
uint32_t vp_marker_depth(void) { return vp_read32(MARKER(MARKER_DEPTH)); }
