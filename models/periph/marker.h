// Trace-marker device (VP only, include/vp/regs/marker.h): firmware names regions of its run.
//   NAME  (0x100..0x13F, 1/2/4-byte accesses): the name buffer, NUL-terminated (64 bytes at most).
//   BEGIN (write, any value): opens a region called NAME at the access time.
//   END   (write, any value): closes the innermost open region; with none open: ignored, warning.
//   VALUE (write): an instant event called NAME (or "value" when NAME is empty) carrying the value.
//   DEPTH (read): number of open regions.
// Regions and instants go to the marker's own trace track (ctx.tracer). Independently of tracing,
// statistics count regions per name: "region.<name>.count" and "region.<name>.ps" (total time inside,
// nested regions included in their parents). One region stack for all initiators.
// The energy ledger (ctx.energy) accumulates the energy counted between BEGIN and END per region name
// (stats.json "energy.regions", docs/energy.md).
// Name bytes outside printable ASCII (and '\\') are written as \xNN. Firmware chooses the names: the
// statistics keep at most kMaxNames distinct ones (in order of first BEGIN); regions of further names
// are counted under kOtherName ("(other)", in the statistics and the energy ledger; the trace keeps
// their own names), with one warning, so stats.json stays bounded whatever the firmware does.
#pragma once
#include <map>
#include <string>
#include <vector>
#include "models/periph/mmio_device.h"
#include "vp/regs/memmap.h"

namespace vp {
struct TraceMarkerConfig : MmioPort {
    TraceMarkerConfig() : MmioPort{VP_MARKER_BASE} {}

    void params(config::Params& p);
};

class TraceMarker : public MmioDevice {
public:
    TraceMarker(sc_core::sc_module_name name, SimContext& ctx, const TraceMarkerConfig& cfg);

    static constexpr size_t kMaxNames = 1000;
    static constexpr const char* kOtherName = "(other)";

    unsigned depth() const { return unsigned(open_.size()); }
    std::string name_buffer() const;
    std::string summary() const override;

private:
    struct Open {
        std::string name;
        Tick begin;
    };
    struct PerName {
        Counter* count;
        Counter* ps;
    };

    void begin(Tick at);
    void end(Tick at);
    PerName& per_name(const std::string& name);
    // The name a region is counted under: its own, or kOtherName past kMaxNames distinct names.
    std::string stat_name(const std::string& name);

    std::vector<uint8_t> name_buf_;
    std::vector<Open> open_;
    std::map<std::string, PerName> per_name_;
    Counter &regions_, &values_, &unmatched_ends_;
    bool folded_ = false;  // a name was folded into kOtherName (warned once)
};

}  // namespace vp
