// Building JSON objects in linear time (stats.json, the energy ledger).
#pragma once
#include <string>
#include <nlohmann/json.hpp>

namespace vp {

// Appends `key: value` to a JSON object whose keys are known to be distinct (taken from a std::map, in
// its order). nlohmann's ordered_json looks each new key up in a vector, so filling an object with
// `obj[key] = value` costs O(n^2): 200,000 firmware-named statistics took minutes to write.
inline void append_distinct(nlohmann::ordered_json& obj, const std::string& key, nlohmann::ordered_json value) {
    if (obj.is_null()) obj = nlohmann::ordered_json::object();
    using Object = nlohmann::ordered_json::object_t;
    obj.get_ref<Object&>().Object::Container::emplace_back(key, std::move(value));
}

}  // namespace vp
