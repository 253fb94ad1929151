// vp: the virtual platform's command line.
//   vp run [SCENARIO] [--set key.path=value ...] [--out DIR] [--log-level L] [--elf X] [--gdb PORT] [--trace]
//   vp run --bios FW [--kernel IMAGE [--initrd FILE] [--append ARGS]] [SCENARIO]   boot as QEMU virt (docs/boot.md)
//   vp describe [--markdown]      every configurable parameter with default, unit and meaning
//   vp describe --map|--dts [SCENARIO] [--set ...]   the resolved memory map / the device tree source
//   vp list                       the scenarios shipped in scenarios/
//   vp sweep SPEC.yaml [...]      a design-space sweep (tools/sweep, docs/sweeps.md)
//   vp report OUT_DIR [B] [-o F]  one HTML page of a run (or two compared): tools/report/vp_report.py
// Exit codes: the firmware's / run's exit code; 2 for bad input (scenario, options, files).
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <unistd.h>
#include <CLI/CLI.hpp>
#include <systemc>
#include "platform/cli/sweep.h"
#include "platform/output_dir.h"
#include "platform/platform.h"
#include "platform/watchdog.h"
#include "models/common/exit_code.h"

namespace fs = std::filesystem;

namespace vp {
extern const char* const kDefaultScenario;
}

namespace {

// An installed vp (cmake --install: <prefix>/bin/vp) finds its scenarios, firmware, data sets and
// tools under <prefix>/share/vp; a vp in the build tree uses the source and build directories it was
// built from. Environment variables (VP_SCENARIO_DIR, VP_FIRMWARE_DIR, VP_DATA_DIR, VP_TOOLS_DIR)
// override both.
const fs::path& install_share() {
    static const fs::path dir = [] {
        std::error_code ec;
        const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
        if (ec) return fs::path();
        const fs::path share = exe.parent_path().parent_path() / "share" / "vp";
        return fs::is_directory(share / "scenarios", ec) ? share : fs::path();
    }();
    return dir;
}

std::string located(const char* env, const char* installed, const char* built) {
    if (const char* e = std::getenv(env)) return e;
    if (!install_share().empty()) return (install_share() / installed).string();
    return built;
}

fs::path scenario_dir() { return located("VP_SCENARIO_DIR", "scenarios", VP_SCENARIO_DIR); }

// "default" or "spmv" names a shipped scenario; anything with a slash or .yaml is a file.
std::string resolve_scenario(const std::string& arg) {
    if (arg.find('/') == std::string::npos && arg.find(".yaml") == std::string::npos) {
        fs::path p = scenario_dir() / (arg + ".yaml");
        if (fs::exists(p)) return p.string();
    }
    return arg;
}

vp::config::LoadOptions load_options(const std::vector<std::string>& sets) {
    vp::config::LoadOptions o;
    o.overrides = sets;
    o.variables["firmware"] = located("VP_FIRMWARE_DIR", "firmware", VP_FIRMWARE_DIR);
    o.variables["data"] = located("VP_DATA_DIR", "data", VP_DATA_DIR);
    o.variables["scenarios"] = scenario_dir().string();
    return o;
}

// SIGINT/SIGTERM end the simulation cleanly (stats of what ran are written, exit 128 + signal); while
// the platform is built the watchdog ends the process (g_signal; no outputs, exit 128 + signal). A
// second one kills at once (the default action is restored by the first).
std::atomic<vp::SimContext*> g_running{nullptr};
std::atomic<int> g_signal{0};

extern "C" void on_stop_signal(int sig) {
    std::signal(sig, SIG_DFL);
    g_signal.store(sig);
    if (vp::SimContext* ctx = g_running.load())
        ctx->interrupt(128 + sig, sig == SIGINT ? "interrupted (SIGINT)" : "terminated (SIGTERM)");
}

int cmd_list() {
    std::vector<fs::path> files;
    std::error_code ec;
    for (auto& e : fs::directory_iterator(scenario_dir(), ec))
        if (e.path().extension() == ".yaml") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (auto& f : files) {
        std::string desc;
        try {
            auto sc = vp::config::Scenario::from_file(f.string(), vp::Platform::schema(), load_options({}));
            desc = sc.values().at("description").get<std::string>();
        } catch (const std::exception& e) {
            desc = std::string("(invalid: ") + e.what() + ")";
        }
        std::cout << f.stem().string()
                  << std::string(f.stem().string().size() < 22 ? 22 - f.stem().string().size() : 1, ' ') << desc
                  << "\n";
    }
    return 0;
}

// `vp report` is Python (matplotlib): Debian's interpreter, which has python3-matplotlib, unless
// VP_PYTHON names another; VP_TOOLS_DIR overrides where tools/report is. VP_EXE tells it this vp.
int cmd_report(const std::vector<std::string>& dirs, const std::string& out) {
    const std::string script = located("VP_TOOLS_DIR", "tools", VP_TOOLS_DIR) + "/report/vp_report.py";
    std::string python = "python3";
    if (const char* p = std::getenv("VP_PYTHON"))
        python = p;
    else if (fs::exists("/usr/bin/python3"))
        python = "/usr/bin/python3";
    std::vector<std::string> args{python, script};
    args.insert(args.end(), dirs.begin(), dirs.end());
    // The comparison page shows configuration values in their schema units (vp describe --markdown).
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) setenv("VP_EXE", self.c_str(), 1);
    if (!out.empty()) args.insert(args.end(), {"-o", out});
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::cout.flush();
    execvp(argv[0], argv.data());
    std::cerr << "vp: error: cannot run " << python << " " << script << ": " << std::strerror(errno) << "\n";
    return 1;
}

// `vp describe --map | --dts [SCENARIO] [--set ...]`: the platform is assembled as for a run (every
// check of the map applies: overlaps, IRQ clashes, names) and described; nothing runs.
int cmd_describe_platform(const std::string& scenario_arg, std::vector<std::string> sets, bool dts) {
    sets.push_back("trace.enabled=false");  // assembling writes nothing
    try {
        auto opts = load_options(sets);
        const vp::config::Scenario scenario =
            scenario_arg.empty()
                ? vp::config::Scenario::from_text(vp::kDefaultScenario, "<default scenario>", scenario_dir().string(),
                                                  vp::Platform::schema(), opts)
                : vp::config::Scenario::from_file(resolve_scenario(scenario_arg), vp::Platform::schema(), opts);
        sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
        sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
        vp::RunOptions ro;
        ro.quiet = true;
        vp::Platform platform(scenario, ro);
        if (dts) {
            std::cout << platform.device_tree();
            return 0;
        }
        std::printf("%-20s %-10s %-12s %-12s %-4s %s\n", "name", "type", "base", "size", "irq", "key");
        for (const vp::MapEntry& e : platform.memory_map())
            std::printf("%-20s %-10s 0x%08llx   0x%08llx   %-4s %s\n", e.name.c_str(),
                        e.type.empty() ? "-" : e.type.c_str(), (unsigned long long)e.base, (unsigned long long)e.size,
                        e.irq ? std::to_string(e.irq).c_str() : "-", e.key.c_str());
        return 0;
    } catch (const vp::config::ScenarioError& e) {
        std::cerr << "vp: error: " << e.what() << "\n";
        return vp::kExitBadInput;
    } catch (const std::exception& e) {
        std::cerr << "vp: error: " << e.what() << "\n";
        return vp::kExitInternal;
    }
}

}  // namespace

int sc_main(int argc, char** argv) {
    CLI::App app{"vp: SystemC/TLM-2.0 virtual platform for irregular-memory workloads"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("vp ") + VP_VERSION);

    std::string scenario_arg, out_dir, log_level = "warn";
    std::vector<std::string> sets;
    bool quiet = false;
    auto* run = app.add_subcommand("run", "run a scenario (the embedded default when none is given)");
    run->add_option("scenario", scenario_arg, "scenario file, or the name of one in scenarios/");
    run->add_option("--set", sets, "override a parameter: key.path=value (repeatable)");
    run->add_option("--out", out_dir, "output directory (default: out/<scenario name>)");
    run->add_option("--log-level", log_level, "trace, debug, info, warn, error, off")
        ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}));
    run->add_flag("--quiet", quiet, "no end-of-run summary and no progress line");
    bool profile = false;
    run->add_flag("--profile", profile,
                  "per-function profile of every hart: profile.txt, profile.json, profile.folded (docs/profile.md)");
    bool trace = false;
    run->add_flag("--trace", trace,
                  "record the per-transaction trace (= --set trace.enabled=true; bounded by trace.max_bytes)");
    std::string elf;
    run->add_option("--elf", elf, "run this firmware ELF on the scenario's platform (no result check)");
    std::string bios, kernel, initrd, append;  // booting as QEMU virt (platform/boot.h, docs/boot.md)
    run->add_option("--bios", bios,
                    "boot as QEMU virt: this M-mode firmware (ELF or raw binary, e.g. OpenSBI fw_dynamic.bin) at "
                    "the RAM base, started by the reset ROM at 0x1000 with a0 = hartid, a1 = the DTB, a2 = "
                    "fw_dynamic_info; replaces the scenario's images and workload (docs/boot.md)");
    run->add_option("--kernel", kernel,
                    "with --bios: the kernel (ELF, or raw such as Linux's Image at the next 4 MiB boundary after "
                    "the firmware); fw_dynamic_info.next_addr");
    run->add_option("--initrd", initrd,
                    "with --kernel: an initramfs at kernel + min(RAM/2, 128 MiB); /chosen linux,initrd-start/-end");
    run->add_option("--append", append, "with --kernel: the kernel command line (/chosen bootargs)");
    int gdb_port = -1;  // GDB stub (docs/gdb.md)
    run->add_option("--gdb", gdb_port,
                    "wait for gdb (target remote :PORT) on 127.0.0.1:PORT before the first instruction; "
                    "0 = any free port (printed)")
        ->check(CLI::Range(0, 65535));
    bool dry_run = false;
    run->add_flag("--dry-run", dry_run, "print the resolved configuration and the files it loads (JSON); do not run");

    bool markdown = false, show_map = false, show_dts = false;
    auto* describe = app.add_subcommand(
        "describe", "print every configurable parameter, or a scenario's memory map (--map) or device tree (--dts)");
    describe->add_flag("--markdown", markdown, "as a Markdown table (docs/parameters.md)");
    describe->add_flag("--map", show_map, "the resolved memory map of SCENARIO: name, base, size, IRQ");
    describe->add_flag("--dts", show_dts, "the device tree source of SCENARIO (dtc compiles it; docs/devicetree.md)");
    describe->add_option("scenario", scenario_arg, "with --map or --dts: scenario file or name (default: the default)");
    describe->add_option("--set", sets, "with --map or --dts: override a parameter (repeatable)");
    auto* list = app.add_subcommand("list", "list the scenarios shipped in scenarios/");
    auto* sweep = app.add_subcommand("sweep", "run a design-space sweep (vp sweep SPEC.yaml; vp sweep --help)");
    sweep->prefix_command()->set_help_flag();  // every argument, --help included, goes to tools/sweep
    std::vector<std::string> report_dirs;
    std::string report_out;
    auto* report = app.add_subcommand("report", "one self-contained HTML page of a run's outputs (docs/report.md)");
    report->add_option("dirs", report_dirs, "a run's output directory, or two to compare (A B)")
        ->required()
        ->expected(1, 2);
    report->add_option("-o,--output", report_out, "HTML file (default: OUT_DIR/report.html, A/compare.html)");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);
        return rc == 0 ? 0 : 2;
    }

    if (*describe && (show_map || show_dts)) return cmd_describe_platform(scenario_arg, sets, show_dts);
    if (*describe) {
        if (!scenario_arg.empty() || !sets.empty()) {
            std::cerr << "vp: error: describe: a scenario or --set needs --map or --dts\n";
            return vp::kExitBadInput;
        }
        std::cout << (markdown ? vp::config::describe_markdown(vp::Platform::schema())
                               : vp::config::describe_text(vp::Platform::schema()));
        return 0;
    }
    if (*list) return cmd_list();
    if (*sweep) return vp::cli::exec_sweep(sweep->remaining());
    if (*report) return cmd_report(report_dirs, report_out);

    // run
    if (trace) sets.push_back("trace.enabled=true");
    std::unique_ptr<vp::config::Scenario> scenario;
    try {
        auto opts = load_options(sets);
        if (!elf.empty() || !bios.empty())
            opts.unchecked_paths = "load.";  // --elf/--bios replace the scenario's images
        if (scenario_arg.empty())
            scenario = std::make_unique<vp::config::Scenario>(vp::config::Scenario::from_text(
                vp::kDefaultScenario, "<default scenario>", scenario_dir().string(), vp::Platform::schema(), opts));
        else
            scenario = std::make_unique<vp::config::Scenario>(
                vp::config::Scenario::from_file(resolve_scenario(scenario_arg), vp::Platform::schema(), opts));
    } catch (const vp::config::ScenarioError& e) {
        std::cerr << "vp: error: " << e.what() << "\n";
        return vp::kExitBadInput;
    }

    // The name becomes a directory (out/<name>): one rule for it (platform/output_dir.h).
    try {
        const auto& name = scenario->values().at("name").get<std::string>();
        if (!vp::OutputDir::valid_name(name)) scenario->fail("name", "'" + name + "': " + vp::OutputDir::kNameRule);
    } catch (const vp::config::ScenarioError& e) {
        std::cerr << "vp: error: " << e.what() << "\n";
        return vp::kExitBadInput;
    }

    vp::RunOptions ro;
    ro.quiet = quiet;
    ro.gdb_port = gdb_port;
    ro.profile = profile;
    // Options that need one another (as QEMU's -initrd and -append need -kernel), then the files.
    const char* const misuse[] = {
        !bios.empty() && !elf.empty() ? "--bios and --elf exclude each other (--bios boots as QEMU virt)" : nullptr,
        !kernel.empty() && bios.empty() ? "--kernel needs --bios (the M-mode firmware that starts it)" : nullptr,
        !initrd.empty() && kernel.empty() ? "--initrd needs --kernel" : nullptr,
        !append.empty() && kernel.empty() ? "--append needs --kernel" : nullptr,
    };
    for (const char* why : misuse)
        if (why) {
            std::cerr << "vp: error: " << why << "\n";
            return vp::kExitBadInput;
        }
    const std::vector<std::pair<std::string, std::string>> files = {
        {"--elf", elf}, {"--bios", bios}, {"--kernel", kernel}, {"--initrd", initrd}};
    for (const auto& [option, path] : files) {
        std::error_code ec;
        if (!path.empty() && !fs::is_regular_file(path, ec)) {
            std::cerr << "vp: error: " << option << " " << path << ": "
                      << (fs::exists(path, ec) ? "not a regular file" : "file not found") << "\n";
            return vp::kExitBadInput;
        }
    }
    ro.elf = elf;
    ro.bios = bios;
    ro.kernel = kernel;
    ro.initrd = initrd;
    ro.append = append;
    if (dry_run) {
        std::cout << vp::cli::dry_run_json(*scenario, files) << "\n";
        return 0;
    }
    std::unique_ptr<vp::OutputDir> out;
    try {
        out = std::make_unique<vp::OutputDir>(
            out_dir.empty() ? "out/" + scenario->values().at("name").get<std::string>() : out_dir);
    } catch (const std::exception& e) {
        std::cerr << "vp: error: " << e.what() << "\n";
        return vp::kExitBadInput;
    }
    ro.out_dir = out->staging_path();
    ro.published_dir = out->final_path();
    // The host limits hold from here, while the platform is built and its workload generated (nothing
    // polls for a stop then: a limit removes the staging directory and ends the process, exit 3), and
    // during the simulation (the platform attaches the watchdog: a limit stops the run, outputs written).
    // With a debugger the wall clock says nothing about the run: no host-time limit (docs/gdb.md).
    const auto& limits = scenario->values().at("limits");
    vp::HostWatchdog watchdog(gdb_port >= 0 ? 0.0 : limits.at("max_host_seconds").get<double>(),
                              vp::HostWatchdog::memory_limit(limits.at("max_host_memory").get<uint64_t>()));
    watchdog.set_abort([&out](const std::string& why, int code) {
        out->discard();  // nothing ran: the previous outputs stay as they were
        std::fprintf(stderr, "vp: %s (exit code %d)\n", why.c_str(), code);
    });
    watchdog.watch_signal(&g_signal);
    ro.watchdog = &watchdog;
    std::signal(SIGINT, on_stop_signal);
    std::signal(SIGTERM, on_stop_signal);
    std::signal(SIGPIPE, SIG_IGN);  // `vp run | head`: the console may go away, the outputs must not
    try {
        sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
        sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
        vp::Platform platform(*scenario, ro);
        platform.context().set_log_level(spdlog::level::from_str(log_level));
        g_running = &platform.context();
        const vp::RunResult r = platform.run();
        platform.write_outputs(r);
        if (const std::string refused = out->publish(); !refused.empty()) {
            // --out gained a file that is not vp's during the run
            g_running = nullptr;
            std::cerr << "vp: error: " << refused << "\n";
            return vp::kExitBadInput;
        }
        for (auto& w : out->warnings()) std::cerr << "vp: warning: " << w << "\n";
        g_running = nullptr;
        platform.print_summary(r);
        return r.exit_code;
    } catch (const vp::config::ScenarioError& e) {
        g_running = nullptr;
        watchdog.disarm();
        out->discard();  // nothing ran: the previous outputs stay as they were
        std::cerr << "vp: error: " << e.what() << "\n";
        return vp::kExitBadInput;
    } catch (const vp::LimitError& e) {  // refused before it ran (a data set too large for the limits)
        g_running = nullptr;
        watchdog.disarm();
        out->discard();
        std::cerr << "vp: " << e.what() << " (exit code " << int(vp::kExitLimit) << ")\n";
        return vp::kExitLimit;
    } catch (const std::exception& e) {
        g_running = nullptr;
        watchdog.disarm();
        std::cerr << "vp: error: " << e.what() << "\n";
        return vp::kExitInternal;
    }
}

// Our own main (instead of libsystemc's): stdout belongs to the firmware console and test output,
// so the SystemC banner is switched off before the kernel prints it.
int main(int argc, char** argv) {
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_core::sc_elab_and_sim(argc, argv);
}
