// Scenario validation: one test per class of error, each giving one line with file, line, key path.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include "config/scenario.h"

using namespace vp::config;

namespace {

Schema make_schema() {
    Schema s;
    s.add("name", Kind::String, "unnamed", "", "scenario name");
    auto& p = s.map("platform", "the hardware");
    p.add("quantum", Kind::Time, "1us", "ps", "time quantum");
    auto& ram = p.map("ram", "main memory");
    ram.add("base", Kind::Address, "0x80000000", "", "base address");
    ram.add("size", Kind::Size, "128MiB", "bytes", "size").range(1, 1ull << 40);
    ram.add("timing", Kind::Enum, "ddr", "", "timing model").one_of({"ddr", "fixed"});
    ram.add("clock", Kind::Freq, "800MHz", "Hz", "clock");
    ram.add("dmi", Kind::Bool, "true", "", "allow DMI");
    auto& gens = s.list("traffic", "generators");
    gens.add("count", Kind::Int, "10", "", "requests").range(1, 1e9);
    gens.add("csv", Kind::Path, "", "", "access file");
    s.add("elf", Kind::Path, "", "", "firmware");
    return s;
}

std::string error_of(const std::string& yaml, std::vector<std::string> overrides = {}) {
    try {
        LoadOptions o;
        o.overrides = std::move(overrides);
        Scenario::from_text(yaml, "s.yaml", ".", make_schema(), o);
    } catch (const ScenarioError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("defaults fill in and values are normalised") {
    auto sc = Scenario::from_text("platform:\n  ram:\n    size: 1GiB\n", "s.yaml", ".", make_schema());
    auto& v = sc.values();
    REQUIRE(v["name"] == "unnamed");
    REQUIRE(v["platform"]["quantum"].get<uint64_t>() == 1000000);
    REQUIRE(v["platform"]["ram"]["size"].get<uint64_t>() == 1ull << 30);
    REQUIRE(v["platform"]["ram"]["base"].get<uint64_t>() == 0x80000000ull);
    REQUIRE(v["platform"]["ram"]["clock"].get<double>() == Approx(800e6));
    REQUIRE(v["platform"]["ram"]["dmi"].get<bool>());
    REQUIRE(v["traffic"].is_array());
    REQUIRE(v["elf"].is_null());
}

TEST_CASE("YAML syntax errors name the file and line") {
    REQUIRE_THAT(error_of("platform:\n  ram: [1, 2\n"), Catch::StartsWith("s.yaml:") && Catch::Contains("YAML syntax"));
}

TEST_CASE("unknown keys are named with their path and a suggestion") {
    const auto e = error_of("platform:\n  ram:\n    szie: 4KiB\n");
    REQUIRE(e == "s.yaml:3: platform.ram.szie: unknown key 'szie' (did you mean 'size'?)");
}

TEST_CASE("wrong types are reported with the expected form") {
    REQUIRE_THAT(error_of("platform:\n  quantum: 13\n"),
                 Catch::StartsWith("s.yaml:2: platform.quantum: expected a time with a unit"));
    REQUIRE_THAT(error_of("platform:\n  ram:\n    dmi: maybe\n"),
                 Catch::StartsWith("s.yaml:3: platform.ram.dmi: expected true or false"));
    REQUIRE_THAT(error_of("platform: 5\n"), Catch::StartsWith("s.yaml:1: platform: expected a map"));
    REQUIRE_THAT(error_of("platform:\n  ram:\n    timing: sram\n"), Catch::Contains("expected one of ddr, fixed"));
}

TEST_CASE("out-of-range values are reported with the range") {
    REQUIRE_THAT(error_of("traffic:\n  - count: 0\n"),
                 Catch::StartsWith("s.yaml:2: traffic.0.count: value '0' out of range [1, 1e+09]"));
    REQUIRE_THAT(error_of("platform:\n  ram:\n    size: 0B\n"),
                 Catch::Contains("platform.ram.size: value '0B' out of range"));
}

TEST_CASE("missing files are reported with the resolved path") {
    REQUIRE_THAT(error_of("elf: does/not/exist.elf\n"),
                 Catch::StartsWith("s.yaml:1: elf: file not found") && Catch::Contains("does/not/exist.elf"));
}

TEST_CASE("overrides from the command line go through the same validation") {
    LoadOptions o;
    o.overrides = {"platform.ram.size=2GiB", "traffic.0.count=7"};
    auto sc = Scenario::from_text("traffic:\n  - count: 3\n", "s.yaml", ".", make_schema(), o);
    REQUIRE(sc.values()["platform"]["ram"]["size"].get<uint64_t>() == 2ull << 30);
    REQUIRE(sc.values()["traffic"][0]["count"] == 7);
    REQUIRE(error_of("", {"platform.ram.sise=1"}) == "--set platform.ram.sise: unknown key 'platform.ram.sise'");
    REQUIRE(error_of("", {"platform.quantum=fast"}) ==
            "--set platform.quantum: expected a time like '1.6ns', got 'fast'");
    REQUIRE_THAT(error_of("", {"traffic.3.count=1"}), Catch::Contains("has no element 3"));
    REQUIRE_THAT(error_of("", {"platform"}), Catch::Contains("expected key.path=value"));
}

TEST_CASE("a scenario file on disk resolves relative paths against its directory") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "vp_test_scenario";
    fs::create_directories(dir);
    std::ofstream(dir / "fw.elf") << "x";
    std::ofstream(dir / "s.yaml") << "name: t\nelf: fw.elf\n";
    auto sc = Scenario::from_file((dir / "s.yaml").string(), make_schema());
    REQUIRE(sc.values()["elf"] == fs::weakly_canonical(dir / "fw.elf").string());
    REQUIRE(sc.line_of("elf") == 2);
    REQUIRE_THROWS_WITH(Scenario::from_file((dir / "missing.yaml").string(), make_schema()),
                        Catch::Contains("cannot open scenario file"));
}

TEST_CASE("error messages are one line whatever the input holds (found by the scenario fuzz target)") {
    // A --set without '=' was echoed with its newline; a key with an escape character likewise.
    const auto e = error_of("", {"pt: 3\n"});
    CHECK_THAT(e, Catch::Contains("pt: 3\\n"));
    CHECK(e.find('\n') == std::string::npos);
    const auto k = error_of("platform:\n  \"r\\x1bam\": 1\n");
    CHECK_FALSE(k.empty());
    CHECK(k.find('\x1b') == std::string::npos);
    CHECK_THAT(k, Catch::Contains("\\x1b"));
}

// ---- a map that may be written as a list of named instances (Schema::instances) ----

namespace {

Schema instance_schema() {
    Schema s;
    auto& p = s.map("platform", "the hardware");
    auto& dma = p.instances("dma", "a DMA");
    dma.add("enabled", Kind::Bool, "false", "", "instantiate it");
    dma.add("base", Kind::Address, "0x1000", "", "base address");
    dma.add("irq", Kind::Int, "11", "", "PLIC source").range(1, 63);
    return s;
}

std::string instance_error(const std::string& yaml, std::vector<std::string> overrides = {}) {
    try {
        LoadOptions o;
        o.overrides = std::move(overrides);
        Scenario::from_text(yaml, "s.yaml", ".", instance_schema(), o);
    } catch (const ScenarioError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a device section stays a map, or becomes a list of named instances") {
    auto one = Scenario::from_text("platform:\n  dma:\n    base: 0x2000\n", "s.yaml", ".", instance_schema());
    REQUIRE(one.values()["platform"]["dma"].is_object());
    REQUIRE_FALSE(one.values()["platform"]["dma"].contains("name"));
    REQUIRE_FALSE(one.values()["platform"]["dma"]["enabled"].get<bool>());  // the section's default

    auto two = Scenario::from_text("platform:\n  dma:\n    - name: a\n    - name: b\n      irq: 12\n", "s.yaml", ".",
                                   instance_schema(), LoadOptions{{"platform.dma.0.base=0x3000"}, {}, ""});
    const auto& v = two.values()["platform"]["dma"];
    REQUIRE(v.is_array());
    REQUIRE(v.size() == 2);
    REQUIRE(v[0]["name"] == "a");
    REQUIRE(v[0]["enabled"].get<bool>());  // listing an instance instantiates it
    REQUIRE(v[0]["base"].get<uint64_t>() == 0x3000);
    REQUIRE(v[1]["irq"].get<int64_t>() == 12);
    REQUIRE(two.line_of("platform.dma.1.irq") == 5);
    REQUIRE(two.given("platform.dma.1.irq"));
    REQUIRE(two.given("platform.dma.0.base"));  // by --set
    REQUIRE_FALSE(two.given("platform.dma.1.base"));
    REQUIRE(two.at("platform.dma.1.irq").get<int>() == 12);
}

TEST_CASE("instance lists: errors name the element's key") {
    REQUIRE_THAT(instance_error("platform:\n  dma:\n    - name: a\n    - irq: 3\n"),
                 Catch::StartsWith("s.yaml:4: platform.dma.1.name: missing required"));
    REQUIRE_THAT(instance_error("platform:\n  dma:\n    - name: 1a\n"),
                 Catch::StartsWith("s.yaml:3: platform.dma.0.name: '1a': an instance name is"));
    REQUIRE_THAT(instance_error("platform:\n  dma:\n    - name: a\n      irq: 99\n"),
                 Catch::StartsWith("s.yaml:4: platform.dma.0.irq: value '99' out of range"));
    REQUIRE_THAT(instance_error("platform:\n  dma:\n    - name: a\n      iqr: 9\n"),
                 Catch::Contains("platform.dma.0.iqr: unknown key 'iqr' (did you mean 'irq'?)"));
    REQUIRE_THAT(instance_error("platform:\n  dma: []\n"),
                 Catch::StartsWith("s.yaml:2: platform.dma: an empty list of instances"));
    REQUIRE_THAT(instance_error("platform:\n  dma:\n    - name: a\n", {"platform.dma.1.irq=5"}),
                 Catch::Contains("'platform.dma' has no element 1"));
}

TEST_CASE("a preset selector gives its keys the preset's defaults; keys given override them") {
    Schema s;
    auto& t = s.map("timing", "core timing");
    t.add("profile", Kind::Enum, "default", "", "preset").one_of({"default", "fast"});
    t.add("mul", Kind::Int, "2", "cycles", "mul");
    t.add("div", Kind::Int, "32", "cycles", "div");
    t.at("profile").presets = {{"fast", {{"mul", "0"}, {"div", "8"}}}};
    auto at = [&](const std::string& yaml, std::vector<std::string> overrides = {}) {
        LoadOptions o;
        o.overrides = std::move(overrides);
        return Scenario::from_text(yaml, "s.yaml", ".", s, o).values().at("timing");
    };
    CHECK(at("{}").at("mul") == 2);  // no profile: the keys' own defaults
    CHECK(at("timing: {profile: fast}").at("mul") == 0);
    CHECK(at("timing: {profile: fast}").at("div") == 8);
    CHECK(at("timing: {profile: fast, div: 12}").at("div") == 12);  // given beside it: wins
    CHECK(at("{}", {"timing.profile=fast"}).at("div") == 8);        // selected by --set
    CHECK(at("timing: {profile: fast}", {"timing.mul=5"}).at("mul") == 5);
    CHECK(describe_text(s).find("default 2 (profile fast: 0)") != std::string::npos);
}
