// Parameters of the LAPP device (config/params.h): one declaration each.
#include "config/params.h"
#include "models/cpu/cpu.h"
#include "models/lapp/lapp_device.h"

namespace vp {

using config::Kind;

void LappConfig::params(config::Params& p) {
    lapp::ArrayConfig& a = array_cfg;
    declare_port(p, "LAPP's 4 KiB (include/vp/regs/lapp.h)");
    p.add(irq, "irq", Kind::Int, "", "PLIC interrupt source (VP_IRQ_LAPP): a run ended").range(1, 1023);
    p.add(clock_hz, "clock", Kind::Freq, "Hz", "clock of the first stage and the array").range(1e3, 1e12);
    p.add(array, "array", Kind::Bool, "",
          "the FU array; false: the first stage alone executes everything (DCPL/SETLO are no-ops), the baseline "
          "of a core without LAPP");
    p.add(a.stages, "stages", Kind::Int, "", "array stages after the first stage").range(1, 42);
    p.add(a.alus, "alus", Kind::Int, "", "integer ALUs per stage (the loop's branch uses one)").range(1, 16);
    p.add(a.muls, "muls", Kind::Int, "", "multipliers per stage").range(0, 16);
    p.add(a.fpus, "fpus", Kind::Int, "", "pipelined single-precision FPUs per stage").range(0, 16);
    p.add(a.lsus, "lsus", Kind::Int, "", "load/store units per stage").range(1, 16);
    p.choice(a.local_buffer, "local_buffer",
             {{"optimized", lapp::LocalBufferKind::Optimized}, {"conventional", lapp::LocalBufferKind::Conventional}},
             "per-stage local buffers: conventional (4 ways x lb_words, tag compare, load latency 2) or optimized "
             "(the SETLO-bound way only, no tag compare, latency 1 while lb_words <= 64)");
    p.add(a.lb_words, "lb_words", Kind::Int, "words", "local-buffer words per way").range(1, 255);
    p.add(a.prefetch_window, "prefetch_window", Kind::Int, "", "line reads in flight per prefetch way").range(1, 64);
    p.add(a.capture_cycles_per_insn, "capture_cycles", Kind::Int, "cycles",
          "array setup: capturing one loop instruction")
        .range(0, 100);
    p.add(a.map_cycles_per_insn, "map_cycles", Kind::Int, "cycles", "array setup: mapping one loop instruction")
        .range(0, 100);
    p.add(a.configure_cycles_per_stage, "configure_cycles", Kind::Int, "cycles", "array setup: configuring one stage")
        .range(0, 100);
    p.add(a.max_body, "max_body", Kind::Int, "", "longest loop body (instructions) setup captures").range(2, 4096);
    p.add(a.max_trip, "max_trip", Kind::Int, "", "longest trip count the mapper evaluates (longer loops: normal mode)")
        .range(1, 1e12);
    p.add(l1_size, "l1_size", Kind::Size, "bytes", "L1 data cache: 4 ways, way 0 read/write, ways 1..3 prefetch");
    p.add(line, "line", Kind::Size, "bytes", "L1 line size (a power of two)").range(16, 4096);
    p.rule((line & (line - 1)) == 0, "line", "must be a power of two");
    p.rule(l1_size >= 4ull * line && l1_size % (4ull * line) == 0, "l1_size", "must be a multiple of 4 lines");
    p.add(l1_hit, "l1_hit", Kind::Time, "ps", "way-0 hit latency beyond the pipeline's own cycle");
    p.add(icache_size, "icache_size", Kind::Size, "bytes", "first stage's instruction cache (2 ways; 0: none)");
    p.rule(icache_size == 0 || icache_size % (2ull * line) == 0, "icache_size", "must be 0 or a multiple of 2 lines");
    HartTimingParams t{timing};
    p.section(t, "timing",
              "first stage: extra cycles on top of CPI 1 (as platform.cpu.timing); the same latencies (+1) are the "
              "array's functional-unit latencies");
    auto energy = [&](double& field, const char* key, const char* help) {
        p.add(field, key, Kind::Float, "pJ", help).at_least(0);
    };
    energy(e_insn, "e_insn", "first stage in normal mode, per instruction: decode, register file, control");
    energy(e_setup_insn, "e_setup_insn", "array setup, per loop instruction captured and mapped");
    energy(e_alu, "e_alu", "array: integer ALU operation");
    energy(e_mul, "e_mul", "array: integer multiply");
    energy(e_fadd, "e_fadd", "array: fadd.s/fsub.s");
    energy(e_fmul, "e_fmul", "array: fmul.s");
    energy(e_fma, "e_fma", "array: fused multiply-add");
    energy(e_fmisc, "e_fmisc", "array: other FP operations");
    energy(e_preg, "e_preg", "array: a word written into a propagation register");
    energy(e_l0, "e_l0", "array: a word moved between L0 propagation registers");
    energy(e_lb_write, "e_lb_write", "array: a word written into a local buffer");
    energy(e_lb_read, "e_lb_read", "array: one local-buffer read (the data path)");
    energy(e_tag_compare, "e_tag_compare",
           "array: one tag compare (a conventional buffer compares every entry of every way per load)");
    energy(e_sb, "e_sb", "array: a store-buffer merge or read");
}

}  // namespace vp
