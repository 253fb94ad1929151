#include "platform/cli/sweep.h"
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <unistd.h>
#include "platform/platform.h"

namespace fs = std::filesystem;

namespace vp::cli {

int exec_sweep(const std::vector<std::string>& args) {
    // Debian's python3 has python3-yaml, -matplotlib and -distributed (scripts/setup.sh); a python3
    // earlier in PATH (pyenv, a venv) may not. VP_PYTHON chooses another one.
    std::string python = "python3";
    if (const char* env = std::getenv("VP_PYTHON"))
        python = env;
    else if (fs::exists("/usr/bin/python3"))
        python = "/usr/bin/python3";
    const char* pythonpath = std::getenv("PYTHONPATH");
    const std::string path = std::string(VP_SWEEP_DIR) + (pythonpath ? ":" + std::string(pythonpath) : "");
    setenv("PYTHONPATH", path.c_str(), 1);

    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    std::vector<std::string> words = {python, "-m", "vpsweep", "--vp", ec ? "vp" : self.string()};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    execvp(python.c_str(), argv.data());
    std::cerr << "vp: error: vp sweep: cannot run " << python << ": " << std::strerror(errno) << "\n";
    return 1;
}

std::string dry_run_json(const config::Scenario& scenario,
                         const std::vector<std::pair<std::string, std::string>>& files) {
    nlohmann::json inputs = config::input_files(Platform::schema(), scenario.values());
    const bool boot =
        std::any_of(files.begin(), files.end(), [](auto& f) { return f.first == "--bios" && !f.second.empty(); });
    if (boot) {  // --bios replaces the scenario's images and its workload (docs/boot.md): they are not read
        nlohmann::json kept = nlohmann::json::object();
        for (auto& [key, value] : inputs.items())
            if (key.rfind("load.", 0) != 0 && key.rfind("workload.", 0) != 0) kept[key] = value;
        inputs = std::move(kept);
    }
    for (const auto& [option, path] : files)
        if (!path.empty()) inputs[option] = fs::absolute(path).string();
    const nlohmann::json out = {{"config", scenario.values()}, {"inputs", inputs}};
    return out.dump(2);
}

}  // namespace vp::cli
