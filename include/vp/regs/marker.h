/* Trace-marker device: firmware opens and closes named regions that appear as slices in the trace.
 * Write the NUL-terminated name (up to MARKER_NAME_LEN bytes) into NAME, then write any value to
 * BEGIN; END closes the innermost open region. VALUE records a 32-bit user value as an instant event. */
#ifndef VP_REGS_MARKER_H
#define VP_REGS_MARKER_H

#define MARKER_BEGIN    0x00u /* write: open a region named by NAME */
#define MARKER_END      0x04u /* write: close the innermost region */
#define MARKER_VALUE    0x08u /* write: instant event carrying the value */
#define MARKER_DEPTH    0x0Cu /* read: number of open regions */
#define MARKER_NAME     0x100u
#define MARKER_NAME_LEN 64u
#define MARKER_SIZE     0x1000u

#endif
