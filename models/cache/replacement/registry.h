// The one list of replacement policies (registry.cpp): each policy's name (scenario `policy` key,
// vp-cachesim options, docs), its value in the cache controller's POLICY register
// (CACHECTL_POLICY_* in include/vp/regs/cache_ctrl.h), whether it installs lines with a priority read
// from the controller's priority table, and how to build it. Scenario choices, the controller, the
// replay tool and the docs check all read it; adding a policy is one file in this folder and one
// line in registry.cpp (docs/cache_policies.md, "Adding a policy").
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>
#include "models/cache/replacement/policy.h"

namespace vp::cache {

struct PolicyInfo {
    const char* name;
    uint32_t reg_value;   // CACHECTL_POLICY_*
    bool reads_priority;  // a miss in the controller's FV range reads the line's priority table entry
    const char* summary;  // one line for the docs and --help
    std::unique_ptr<ReplacementPolicy> (*make)(unsigned sets, unsigned ways, const PolicyParams& params);
};

// Every policy, in register-value order.
const std::vector<PolicyInfo>& policies();
// The policy of that name or POLICY register value; null if there is none.
const PolicyInfo* find_policy(const std::string& name);
const PolicyInfo* find_policy(uint32_t reg_value);
// The names, in register-value order (scenario choices, vp-cachesim).
std::vector<std::string> policy_names();

// Builds the named policy. Throws std::invalid_argument for an unknown name and for parameters the
// policy cannot work with (zero sets or ways, PLRU with ways not a power of two, ...).
std::unique_ptr<ReplacementPolicy> make_policy(const std::string& name, unsigned sets, unsigned ways,
                                               const PolicyParams& params = {});

}  // namespace vp::cache
