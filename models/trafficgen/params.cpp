// Scenario parameters of the traffic generator (schema declaration); values reach the model through
// TrafficGenConfig::from_json, validated and normalised (platform/config).
#include "models/trafficgen/trafficgen.h"
#include "platform/config/schema.h"

namespace vp {

using config::Kind;

void TrafficGenConfig::declare(config::Schema& s) {
    s.add("pattern", Kind::Enum, "sequential", "",
          "sequential (base + k*access_size), strided (base + k*stride), random (aligned, uniform over the "
          "range, seeded), csv (accesses from `file`); offsets wrap modulo range")
        .one_of({"sequential", "strided", "random", "csv"});
    s.add("base", Kind::Address, "0x80000000", "",
          "first address of the region accessed (csv: added to the file's addresses)");
    s.add("range", Kind::Size, "1MiB", "bytes", "size of the region accessed").at_least(1);
    s.add("access_size", Kind::Size, "64B", "bytes", "bytes per access (not for csv)").range(1, 1 << 20);
    s.add("stride", Kind::Size, "64B", "bytes", "distance between consecutive accesses (strided)").at_least(1);
    s.add("count", Kind::Int, "1000", "count", "number of accesses (csv: 0 = every line of the file)").at_least(0);
    s.add("read_fraction", Kind::Float, "1.0", "ratio", "probability that an access is a read (seeded; not for csv)")
        .range(0, 1);
    s.add("window", Kind::Int, "1", "count",
          "max outstanding requests (1: each request waits for the previous response)")
        .range(1, 65536);
    s.add("interval", Kind::Time, "0ns", "ps", "minimum time between two issues").at_least(0);
    s.add("start", Kind::Time, "0ns", "ps", "time of the first issue").at_least(0);
    s.add("seed", Kind::Int, "1", "", "seed of the random pattern and of the read/write choice (same seed, same run)")
        .at_least(0);
    s.add("file", Kind::Path, "", "",
          "CSV of accesses for pattern csv: time|delta, R/W, address, size (docs/trafficgen.md)");
}

}  // namespace vp
