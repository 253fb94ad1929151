// Parameters of the peripherals (config/params.h): one declaration each.
#include "models/periph/clint.h"
#include "models/periph/finisher.h"
#include "models/periph/marker.h"
#include "models/periph/plic.h"
#include "models/periph/uart16550.h"

namespace vp {

using config::Kind;

void Uart16550Config::params(config::Params& p) {
    declare_port(p, "16550 UART");
    p.add(output, "output", Kind::String, "",
          "where transmitted bytes go: \"stdout\", \"none\", or a file path (relative to the working directory)");
    p.add(input, "input", Kind::String, "", "bytes the UART receives (available from time 0)");
    p.add(input_file, "input_file", Kind::Path, "", "file whose contents the UART receives after `input`");
    p.add(irq, "irq", Kind::Int, "", "PLIC interrupt source of the UART (QEMU virt: 10)").range(1, 1023);
}

void ClintConfig::params(config::Params& p) {
    declare_port(p, "CLINT");
    p.add(harts, "harts", Kind::Int, "", "number of harts (msip/mtimecmp pairs and interrupt lines)").range(1, 4095);
    p.add(timebase_hz, "timebase", Kind::Freq, "Hz", "mtime counting rate (QEMU virt: 10 MHz)").range(1, 1e12);
}

void PlicConfig::params(config::Params& p) {
    declare_port(p, "PLIC");
    p.add(sources, "sources", Kind::Int, "", "number of interrupt source ids, including the reserved id 0")
        .range(2, 1024);
    p.add(contexts, "contexts", Kind::Int, "",
          "number of contexts (hart/privilege-mode targets, QEMU virt's numbering: 2h = hart h M-mode, 2h + 1 = hart h "
          "S-mode; with several harts the default follows platform.cpu.harts)")
        .range(1, 15872);
}

void TestFinisherConfig::params(config::Params& p) { declare_port(p, "test finisher"); }

void TraceMarkerConfig::params(config::Params& p) { declare_port(p, "trace marker"); }

}  // namespace vp
