#include "models/cache/replacement/registry.h"
#include <stdexcept>
#include "models/cache/replacement/access_count.h"
#include "models/cache/replacement/drrip.h"
#include "models/cache/replacement/grasp.h"
#include "models/cache/replacement/lru.h"
#include "models/cache/replacement/plru.h"
#include "models/cache/replacement/priority_base.h"
#include "models/cache/replacement/random.h"
#include "models/cache/replacement/srrip.h"
#include "vp/regs/cache_ctrl.h"

namespace vp::cache {

namespace {
template <class Policy>
std::unique_ptr<ReplacementPolicy> build(unsigned sets, unsigned ways, const PolicyParams& params) {
    return std::make_unique<Policy>(sets, ways, params);
}
constexpr bool kPriorityTable = true;  // installs lines with the priority from the controller's table
}  // namespace

const std::vector<PolicyInfo>& policies() {
    // One line per policy. tests/cache/test_policies.cpp checks this table against the header's
    // CACHECTL_POLICY_* values and against the table in docs/cache_policies.md.
    static const std::vector<PolicyInfo> table{
        {"lru", CACHECTL_POLICY_LRU, false, "least recently used", build<LruPolicy>},
        {"plru", CACHECTL_POLICY_PLRU, false, "tree pseudo-LRU", build<PlruPolicy>},
        {"random", CACHECTL_POLICY_RANDOM, false, "uniformly random victim (seeded)", build<RandomPolicy>},
        {"srrip", CACHECTL_POLICY_SRRIP, false, "static re-reference interval prediction", build<RripPolicy>},
        {"drrip", CACHECTL_POLICY_DRRIP, false, "dynamic RRIP: SRRIP/BRRIP set dueling", build<DrripPolicy>},
        {"ac", CACHECTL_POLICY_AC, kPriorityTable, "remaining access count from the priority table",
         build<AccessCountPolicy>},
        {"pb", CACHECTL_POLICY_PB, kPriorityTable, "table priority, decaying every period per set",
         build<PriorityBasePolicy>},
        {"grasp", CACHECTL_POLICY_GRASP, false, "RRIP protecting a hot address range", build<GraspPolicy>},
    };
    return table;
}

const PolicyInfo* find_policy(const std::string& name) {
    for (const PolicyInfo& p : policies())
        if (name == p.name) return &p;
    return nullptr;
}

const PolicyInfo* find_policy(uint32_t reg_value) {
    for (const PolicyInfo& p : policies())
        if (p.reg_value == reg_value) return &p;
    return nullptr;
}

std::vector<std::string> policy_names() {
    std::vector<std::string> names;
    for (const PolicyInfo& p : policies()) names.push_back(p.name);
    return names;
}

std::unique_ptr<ReplacementPolicy> make_policy(const std::string& name, unsigned sets, unsigned ways,
                                               const PolicyParams& params) {
    const PolicyInfo* p = find_policy(name);
    if (!p) throw std::invalid_argument("unknown replacement policy '" + name + "'");
    return p->make(sets, ways, params);
}

}  // namespace vp::cache
