// Parameters of the LAPP device: schema declarations and reading of the validated values.
#include "models/lapp/lapp_device.h"
#include "platform/config/schema.h"

namespace vp {

using config::Kind;

void LappConfig::declare(config::Schema& s) {
    const LappConfig d;
    const lapp::ArrayConfig& a = d.array_cfg;
    s.add("base", Kind::Address, "0x1803_0000", "", "base of the 4 KiB register window (include/vp/regs/lapp.h)");
    s.add("irq", Kind::Int, "16", "", "PLIC interrupt source (VP_IRQ_LAPP)").range(1, 1023);
    s.add("latency", Kind::Time, "10ns", "ps", "access latency of a register");
    s.add("clock", Kind::Freq, "1GHz", "Hz", "clock of the first stage and the array").at_least(1e3);
    s.add("array", Kind::Bool, "true", "",
          "the FU array; false: the first stage alone executes everything (DCPL/SETLO are no-ops), the "
          "baseline of a core without LAPP");
    s.add("stages", Kind::Int, std::to_string(a.stages), "", "array stages after the first stage").range(1, 42);
    s.add("alus", Kind::Int, std::to_string(a.alus), "", "integer ALUs per stage (the loop's branch uses one)")
        .range(1, 16);
    s.add("muls", Kind::Int, std::to_string(a.muls), "", "multipliers per stage").range(0, 16);
    s.add("fpus", Kind::Int, std::to_string(a.fpus), "", "pipelined single-precision FPUs per stage").range(0, 16);
    s.add("lsus", Kind::Int, std::to_string(a.lsus), "", "load/store units per stage").range(1, 16);
    s.add("local_buffer", Kind::Enum, "optimized", "",
          "per-stage local buffers: conventional (4 ways x lb_words, tag compare, load latency 2) or optimized "
          "(the SETLO-bound way only, no tag compare, latency 1 while lb_words <= 64)")
        .one_of({"optimized", "conventional"});
    s.add("lb_words", Kind::Int, std::to_string(a.lb_words), "words", "local-buffer words per way").range(1, 255);
    s.add("prefetch_window", Kind::Int, std::to_string(a.prefetch_window), "", "line reads in flight per prefetch way")
        .range(1, 64);
    s.add("capture_cycles", Kind::Int, std::to_string(a.capture_cycles_per_insn), "cycles",
          "array setup: capturing one loop instruction")
        .range(0, 100);
    s.add("map_cycles", Kind::Int, std::to_string(a.map_cycles_per_insn), "cycles",
          "array setup: mapping one loop instruction")
        .range(0, 100);
    s.add("configure_cycles", Kind::Int, std::to_string(a.configure_cycles_per_stage), "cycles",
          "array setup: configuring one stage")
        .range(0, 100);
    s.add("max_body", Kind::Int, std::to_string(a.max_body), "", "longest loop body (instructions) setup captures")
        .range(2, 4096);
    s.add("max_trip", Kind::Int, std::to_string(a.max_trip), "",
          "longest trip count the mapper evaluates (longer loops run in normal mode)")
        .range(1, 1e12);
    s.add("l1_size", Kind::Size, "32KiB", "bytes", "L1 data cache: 4 ways, way 0 read/write, ways 1..3 prefetch");
    s.add("line", Kind::Size, "64B", "bytes", "L1 line size (a power of two)");
    s.add("l1_hit", Kind::Time, "0ns", "ps", "way-0 hit latency beyond the pipeline's own cycle");
    s.add("icache_size", Kind::Size, "16KiB", "bytes", "first stage's instruction cache (2 ways; 0: none)");
    auto& t = s.map("timing",
                    "first stage: extra cycles on top of CPI 1 (as platform.cpu.timing); the same "
                    "latencies (+1) are the array's functional-unit latencies");
    const iss::TimingConfig tc;
    t.add("mul", Kind::Int, std::to_string(tc.mul), "cycles", "mul, mulh*").range(0, 100);
    t.add("div", Kind::Int, std::to_string(tc.div), "cycles", "div*, rem*").range(0, 1000);
    t.add("fadd", Kind::Int, std::to_string(tc.fadd), "cycles", "fadd.s, fsub.s").range(0, 100);
    t.add("fmul", Kind::Int, std::to_string(tc.fmul), "cycles", "fmul.s").range(0, 100);
    t.add("fma", Kind::Int, std::to_string(tc.fma), "cycles", "fmadd.s family").range(0, 100);
    t.add("fdiv", Kind::Int, std::to_string(tc.fdiv), "cycles", "fdiv.s").range(0, 1000);
    t.add("fsqrt", Kind::Int, std::to_string(tc.fsqrt), "cycles", "fsqrt.s").range(0, 1000);
    t.add("fmisc", Kind::Int, std::to_string(tc.fmisc), "cycles", "fcvt, fcmp, fmin/fmax, fclass, fsgnj, fmv")
        .range(0, 100);
    t.add("load_use", Kind::Int, std::to_string(tc.load_use), "cycles", "next instruction reads a load's result")
        .range(0, 100);
    t.add("taken_branch", Kind::Int, std::to_string(tc.taken_branch), "cycles", "taken conditional branch")
        .range(0, 100);
    t.add("jump", Kind::Int, std::to_string(tc.jump), "cycles", "jal, jalr, trap entry").range(0, 100);
    auto energy = [&](const char* key, double v, const char* help) {
        s.add(key, Kind::Float, std::to_string(v), "pJ", help).at_least(0);
    };
    energy("e_insn", d.e_insn, "first stage in normal mode, per instruction: decode, register file, control");
    energy("e_setup_insn", d.e_setup_insn, "array setup, per loop instruction captured and mapped");
    energy("e_alu", d.e_alu, "array: integer ALU operation");
    energy("e_mul", d.e_mul, "array: integer multiply");
    energy("e_fadd", d.e_fadd, "array: fadd.s/fsub.s");
    energy("e_fmul", d.e_fmul, "array: fmul.s");
    energy("e_fma", d.e_fma, "array: fused multiply-add");
    energy("e_fmisc", d.e_fmisc, "array: other FP operations");
    energy("e_preg", d.e_preg, "array: a word written into a propagation register");
    energy("e_l0", d.e_l0, "array: a word moved between L0 propagation registers");
    energy("e_lb_write", d.e_lb_write, "array: a word written into a local buffer");
    energy("e_lb_read", d.e_lb_read, "array: one local-buffer read (the data path)");
    energy("e_tag_compare", d.e_tag_compare,
           "array: one tag compare (a conventional buffer compares every entry of every way per load)");
    energy("e_sb", d.e_sb, "array: a store-buffer merge or read");
}

LappConfig LappConfig::from_json(const nlohmann::json& j) {
    LappConfig c;
    lapp::ArrayConfig& a = c.array_cfg;
    c.base = j.at("base").get<uint64_t>();
    c.irq = j.at("irq").get<unsigned>();
    c.latency = j.at("latency").get<Tick>();
    c.clock_hz = j.at("clock").get<double>();
    c.array = j.at("array").get<bool>();
    a.stages = j.at("stages").get<unsigned>();
    a.alus = j.at("alus").get<unsigned>();
    a.muls = j.at("muls").get<unsigned>();
    a.fpus = j.at("fpus").get<unsigned>();
    a.lsus = j.at("lsus").get<unsigned>();
    a.local_buffer = j.at("local_buffer").get<std::string>() == "conventional" ? lapp::LocalBufferKind::Conventional
                                                                               : lapp::LocalBufferKind::Optimized;
    a.lb_words = j.at("lb_words").get<unsigned>();
    a.prefetch_window = j.at("prefetch_window").get<unsigned>();
    a.capture_cycles_per_insn = j.at("capture_cycles").get<unsigned>();
    a.map_cycles_per_insn = j.at("map_cycles").get<unsigned>();
    a.configure_cycles_per_stage = j.at("configure_cycles").get<unsigned>();
    a.max_body = j.at("max_body").get<unsigned>();
    a.max_trip = j.at("max_trip").get<uint64_t>();
    c.l1_size = j.at("l1_size").get<uint64_t>();
    c.line = j.at("line").get<unsigned>();
    c.l1_hit = j.at("l1_hit").get<Tick>();
    c.icache_size = j.at("icache_size").get<uint64_t>();
    a.line_bytes = c.line;
    a.way_bytes = unsigned(c.l1_size / 4);
    const auto& t = j.at("timing");
    c.timing.mul = t.at("mul");
    c.timing.div = t.at("div");
    c.timing.fadd = t.at("fadd");
    c.timing.fmul = t.at("fmul");
    c.timing.fma = t.at("fma");
    c.timing.fdiv = t.at("fdiv");
    c.timing.fsqrt = t.at("fsqrt");
    c.timing.fmisc = t.at("fmisc");
    c.timing.load_use = t.at("load_use");
    c.timing.taken_branch = t.at("taken_branch");
    c.timing.jump = t.at("jump");
    c.e_insn = j.at("e_insn");
    c.e_setup_insn = j.at("e_setup_insn");
    c.e_alu = j.at("e_alu");
    c.e_mul = j.at("e_mul");
    c.e_fadd = j.at("e_fadd");
    c.e_fmul = j.at("e_fmul");
    c.e_fma = j.at("e_fma");
    c.e_fmisc = j.at("e_fmisc");
    c.e_preg = j.at("e_preg");
    c.e_l0 = j.at("e_l0");
    c.e_lb_write = j.at("e_lb_write");
    c.e_lb_read = j.at("e_lb_read");
    c.e_tag_compare = j.at("e_tag_compare");
    c.e_sb = j.at("e_sb");
    return c;
}

}  // namespace vp
