// The busy timeline of shared resources (models/common/timeline.h) against a plain model: every
// reservation takes the first gap at or after its arrival that is long enough, whatever the order
// of the calls; and the search from the back (models/common/sorted_search.h) finds what
// std::partition_point finds.
#include <catch2/catch.hpp>
#include <algorithm>
#include <map>
#include <vector>
#include "models/common/sorted_search.h"
#include "models/common/timeline.h"
#include "tests/support/test_thread.h"

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

// While the kernel's time advances, the intervals that ended before it are pruned and their slots
// reused (the storage is compacted when full): requests at or after the kernel's time land exactly
// where they would with every interval kept.
TEST_CASE("timeline: pruning and compaction change no reservation at or after the kernel's time") {
    uint64_t seed = 7;
    vp::Timeline tl;
    PlainTimeline ref;
    size_t checked = 0;
    vp::test::TestThread t("t");  // (its wait()s advance the kernel's time)
    t.fn = [&] {
        Tick front = 0;
        for (int i = 0; i < 6000; ++i) {
            const uint64_t r = lcg(seed) >> 33;
            const Tick now = vp::sim_now();
            // Reservations with gaps between them (so that many intervals stay apart), mostly at
            // the front, now and then just after the kernel's time (where pruning happens) or
            // anywhere up to the front.
            front = std::max(front, now) + 10 + r % 20;
            const Tick earliest = r % 8 == 0   ? now + (r >> 7) % 64
                                  : r % 8 == 4 ? now + (r >> 7) % (front - now + 1)
                                               : front;
            const Tick d = 1 + (r >> 12) % 9;
            REQUIRE(tl.reserve(earliest, d) == ref.reserve(earliest, d));
            ++checked;
            // The kernel follows the front at a distance: most intervals end before its time.
            if (r % 16 == 0 && front > now + 400)
                sc_core::wait(sc_core::sc_time(double(front - now - 300), sc_core::SC_PS));
        }
    };
    sc_core::sc_start();
    CHECK(checked == 6000);
    CHECK(vp::sim_now() > 0);
    CHECK(tl.busy_until() == ref.busy.rbegin()->second);
}
