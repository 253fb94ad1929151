// Parameters of the traffic generator (config/params.h): one declaration each.
#include "models/trafficgen/trafficgen.h"

namespace vp {

using config::Kind;

void TrafficGenConfig::params(config::Params& p) {
    PatternParams& a = pattern;
    p.choice(a.pattern, "pattern",
             {{"sequential", TrafficPattern::Sequential},
              {"strided", TrafficPattern::Strided},
              {"random", TrafficPattern::Random},
              {"csv", TrafficPattern::Csv}},
             "sequential (base + k*access_size), strided (base + k*stride), random (aligned, uniform over the "
             "range, seeded), csv (accesses from `file`); offsets wrap modulo range");
    p.add(a.base, "base", Kind::Address, "",
          "first address of the region accessed (csv: added to the file's addresses)");
    p.add(a.range, "range", Kind::Size, "bytes", "size of the region accessed").at_least(1);
    p.add(a.access_size, "access_size", Kind::Size, "bytes", "bytes per access (not for csv)").range(1, 1 << 20);
    p.add(a.stride, "stride", Kind::Size, "bytes", "distance between consecutive accesses (strided)").at_least(1);
    p.add(a.count, "count", Kind::Int, "count", "number of accesses (csv: 0 = every line of the file)").at_least(0);
    p.add(a.read_fraction, "read_fraction", Kind::Float, "ratio",
          "probability that an access is a read (seeded; not for csv)")
        .range(0, 1);
    p.add(window, "window", Kind::Int, "count",
          "max outstanding requests (1: each request waits for the previous response)")
        .range(1, 65536);
    p.add(interval, "interval", Kind::Time, "ps", "minimum time between two issues").at_least(0);
    p.add(start, "start", Kind::Time, "ps", "time of the first issue").at_least(0);
    p.add(a.seed, "seed", Kind::Int, "",
          "seed of the random pattern and of the read/write choice (same seed, same run)")
        .at_least(0);
    p.add(a.csv_file, "file", Kind::Path, "",
          "CSV of accesses for pattern csv: time|delta, R/W, address, size (docs/trafficgen.md)");
}

}  // namespace vp
