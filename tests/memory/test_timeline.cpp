// The busy timeline of shared resources (models/common/timeline.h) against a plain model: every
// reservation takes the first gap at or after its arrival that is long enough, whatever the order
// of the calls; and the search from the back (models/common/sorted_search.h) finds what
// std::partition_point finds.
#include <catch2/catch.hpp>
#include <map>
#include <vector>
#include "models/common/sorted_search.h"
#include "models/common/timeline.h"

using vp::Tick;

namespace {
uint64_t lcg(uint64_t& s) { return s = s * 6364136223846793005ull + 1442695040888963407ull; }

// Reference: the reserved intervals in a map (start -> end), first fit by a linear walk.
struct PlainTimeline {
    std::map<Tick, Tick> busy;
    Tick reserve(Tick earliest, Tick d) {
        if (d == 0) return earliest;
        Tick start = earliest;
        for (auto& [s, e] : busy)
            if (e > start && s < start + d) start = e;
        busy[start] = start + d;
        return start;
    }
};
}  // namespace

TEST_CASE("sorted search: partition_point_from_back finds what std::partition_point finds") {
    uint64_t seed = 7;
    for (int n : {0, 1, 2, 7, 8, 9, 15, 100}) {
        std::vector<Tick> v(static_cast<size_t>(n), 0);
        Tick t = 0;
        for (Tick& x : v) x = t += 1 + lcg(seed) % 5;
        for (Tick key = 0; key <= t + 2; ++key) {
            auto before = [key](Tick x) { return x < key; };
            CHECK(vp::partition_point_from_back(v.begin(), v.end(), before) ==
                  std::partition_point(v.begin(), v.end(), before));
        }
    }
}

TEST_CASE("timeline: reservations out of order land where a first-fit walk puts them") {
    uint64_t seed = 99;
    vp::Timeline tl;
    PlainTimeline ref;
    Tick front = 0;
    for (int i = 0; i < 3000; ++i) {
        // Mostly in time order near the front, sometimes far behind it (an initiator running late).
        const uint64_t r = lcg(seed) >> 33;
        front += r % 7;
        const Tick earliest = r % 10 == 0 ? front - std::min<Tick>(front, r % 400) : front;
        const Tick d = r % 13 == 0 ? 0 : 1 + (r >> 8) % 9;
        REQUIRE(tl.reserve(earliest, d) == ref.reserve(earliest, d));
    }
    Tick total = 0;
    for (auto& [s, e] : ref.busy) total += e - s;
    CHECK(tl.busy_total() == total);
    CHECK(tl.busy_until() == ref.busy.rbegin()->second);
}
