// The sell workload kind (sell_workload.cpp), wired into declare_workloads/make_workload.
#pragma once
#include <memory>
#include <nlohmann/json.hpp>
#include "platform/workload/workload.h"

namespace vp {
void declare_sell_workload(config::Schema& s);
std::unique_ptr<Workload> make_sell_workload(const nlohmann::json& section);
}  // namespace vp
