// Scenario parameters of the memory models (schema declarations). Values reach the models through
// the from_json functions next to each model, already validated and normalised (platform/config).
#include "models/memory/ddr/ddr_timing.h"
#include "models/memory/fixed_timing.h"
#include "models/memory/hmc/hmc_timing.h"
#include "models/memory/memory.h"
#include "platform/config/schema.h"

namespace vp {

using config::Kind;

void MemoryConfig::declare(config::Schema& s) {
    s.add("size", Kind::Size, "", "bytes", "capacity of the memory (sparse: only touched pages use host memory)")
        .mandatory()
        .at_least(1);
    s.add("dmi", Kind::Bool, "true", "",
          "grant DMI pointers (fast, untimed-per-access path at the typical "
          "latency); false: every access goes through b_transport and is timed");
    s.add("timing", Kind::Enum, "fixed", "",
          "timing model: fixed (latency + bandwidth), ddr (DRAM banks) or hmc (Hybrid Memory Cube: links, vaults)")
        .one_of({"fixed", "ddr", "hmc"});
    FixedTimingConfig::declare(s.map("fixed", "parameters of the fixed timing model (timing: fixed)"));
    DdrConfig::declare(s.map("ddr", "parameters of the DDR timing model (timing: ddr)"));
    HmcConfig::declare(s.map("hmc", "parameters of the Hybrid Memory Cube model (timing: hmc)"));
}

void HmcConfig::declare(config::Schema& s) {
    s.add("vaults", Kind::Int, "32", "count", "vaults (16 or 32), in 4 quadrants").range(16, 32);
    s.add("banks", Kind::Int, "8", "count", "banks per vault (8 or 16); rows of 256 B, closed page").range(8, 16);
    s.add("max_block", Kind::Size, "128B", "bytes",
          "maximum block size: address interleaving unit across vaults and largest packet (32, 64, 128, 256 B)")
        .range(32, 256);
    s.add("links", Kind::Int, "4", "count", "links to the host (1..4); link l serves quadrant l").range(1, 4);
    s.add("lanes", Kind::Int, "16", "count", "lanes per link and direction (16, 8 or 4)").range(4, 16);
    s.add("lane_rate", Kind::Float, "15e9", "bit/s", "signalling rate of a lane (10e9 .. 30e9)").range(10e9, 30e9);
    s.add("tags", Kind::Int, "256", "count", "host controller tags: requests in flight at most").range(1, 2048);
    s.add("host_latency", Kind::Time, "2ns", "ps", "host controller: transaction to packets (once per transaction)")
        .at_least(0);
    s.add("serdes_latency", Kind::Time, "4.6ns", "ps", "SerDes + board, per link crossing (each direction)")
        .at_least(0);
    s.add("xbar_latency", Kind::Time, "1.6ns", "ps", "logic-layer crossbar, link to a vault of its quadrant (each way)")
        .at_least(0);
    s.add("xbar_remote_latency", Kind::Time, "1.6ns", "ps",
          "extra crossbar latency to a vault of another quadrant (each way)")
        .at_least(0);
    s.add("vault_frontend", Kind::Time, "4ns", "ps",
          "vault controller, request side (gem5 HMC static_frontend_latency)")
        .at_least(0);
    s.add("vault_backend", Kind::Time, "4ns", "ps", "vault controller, response side (gem5 HMC static_backend_latency)")
        .at_least(0);
    s.add("tCK", Kind::Time, "0.8ns", "ps", "DRAM clock period (1.25 GHz)").at_least(1);
    s.add("tRCD", Kind::Time, "10.2ns", "ps", "ACT to column command").at_least(0);
    s.add("tCL", Kind::Time, "9.9ns", "ps", "read command to first data").at_least(0);
    s.add("tCWL", Kind::Time, "9.9ns", "ps", "write command to first data (taken equal to tCL)").at_least(0);
    s.add("tRP", Kind::Time, "7.7ns", "ps", "precharge to ACT").at_least(0);
    s.add("tRAS", Kind::Time, "21.6ns", "ps", "ACT to precharge").at_least(0);
    s.add("tWR", Kind::Time, "8ns", "ps", "end of write data to precharge").at_least(0);
    s.add("tRTP", Kind::Time, "4.9ns", "ps", "read command to precharge").at_least(0);
    s.add("tBURST", Kind::Time, "3.2ns", "ps", "TSV time of one burst (8 beats x 32 bits, DDR at tCK)").at_least(1);
    s.add("burst_bytes", Kind::Size, "32B", "bytes", "bytes per TSV burst").range(8, 256);
    s.add("e_link_bit", Kind::Float, "5.0", "pJ/bit", "energy per bit crossing a link, FLIT overhead included (E_off)")
        .at_least(0);
    s.add("e_incube_bit", Kind::Float, "1.78", "pJ/bit",
          "energy per data bit moved between a vault and the logic layer (E_on)")
        .at_least(0);
    s.add("e_dram_bit", Kind::Float, "3.7", "pJ/bit", "DRAM array energy per bit read or written (activation included)")
        .at_least(0);
    s.add("e_activate", Kind::Float, "0", "pJ", "energy per row activation (0: included in e_dram_bit)").at_least(0);
}

void FixedTimingConfig::declare(config::Schema& s) {
    s.add("latency", Kind::Time, "50ns", "ps", "latency added to every access, after its data transfer").at_least(0);
    s.add("bandwidth", Kind::Bandwidth, "12.8GB/s", "bytes/s",
          "data port bandwidth: an access occupies the port for size / bandwidth; 0 = unlimited")
        .at_least(0);
}

void DdrConfig::declare(config::Schema& s) {
    // Organisation.
    s.add("channels", Kind::Int, "1", "count", "independent channels, each with its own data bus (power of two)")
        .range(1, 64);
    s.add("ranks", Kind::Int, "1", "count", "ranks per channel (power of two)").range(1, 16);
    s.add("banks", Kind::Int, "8", "count", "banks per rank (power of two)").range(1, 64);
    s.add("rows", Kind::Int, "65536", "count", "rows per bank (power of two)").range(1, double(1ull << 32));
    s.add("columns", Kind::Int, "1024", "count",
          "columns per row, one column = bus_width bytes (power of two; 1024 x 8 B = 8 KiB rows)")
        .range(2, 1 << 20);
    s.add("bus_width", Kind::Size, "8B", "bytes", "data bus width of a channel (64-bit = 8 B)").range(1, 128);
    s.add("burst_length", Kind::Int, "8", "beats",
          "beats per burst (BL8); a burst moves bus_width * burst_length bytes")
        .range(2, 64);
    s.add("mapping", Kind::String, "RoRaBaChCo", "",
          "address mapping, most significant field first, over the burst offset bits: a permutation of "
          "Ro (row), Ra (rank), Ba (bank), Ch (channel), Co (burst column); e.g. RoRaBaChCo, RoCoRaBaCh");
    s.add("page_policy", Kind::Enum, "open", "",
          "open: leave the row open after an access (row hits possible); closed: auto-precharge after each burst")
        .one_of({"open", "closed"});
    // Timing: command-to-command latencies in clock cycles where datasheets give cycles, times otherwise.
    s.add("tCK", Kind::Time, "1.25ns", "ps", "clock period (DDR3-1600: 1.25 ns; data moves on both edges)").at_least(1);
    s.add("CL", Kind::Int, "11", "cycles", "CAS latency: read command to first data").range(1, 100);
    s.add("CWL", Kind::Int, "8", "cycles", "CAS write latency: write command to first data").range(1, 100);
    s.add("tRCD", Kind::Int, "11", "cycles", "ACT to column command").range(1, 100);
    s.add("tRP", Kind::Int, "11", "cycles", "PRE to ACT, same bank").range(1, 100);
    s.add("tCCD", Kind::Int, "4", "cycles", "column command to column command, same bank").range(1, 100);
    s.add("tRAS", Kind::Time, "35ns", "ps", "ACT to PRE, same bank").at_least(0);
    s.add("tWR", Kind::Time, "15ns", "ps", "write recovery: end of write data to PRE").at_least(0);
    s.add("tRTP", Kind::Time, "7.5ns", "ps", "read command to PRE").at_least(0);
    s.add("tRRD", Kind::Time, "6ns", "ps", "ACT to ACT, different banks of a rank").at_least(0);
    s.add("tFAW", Kind::Time, "30ns", "ps", "four-activate window: at most 4 ACTs per rank in any tFAW; 0 = off")
        .at_least(0);
    s.add("tWTR", Kind::Time, "7.5ns", "ps", "end of write data to read command, same rank").at_least(0);
    s.add("tRFC", Kind::Time, "260ns", "ps", "refresh cycle time: the rank is unavailable for tRFC after REF")
        .at_least(0);
    s.add("tREFI", Kind::Time, "7.8us", "ps", "average refresh interval per rank; 0 = no refresh").at_least(0);
    s.add("controller_latency", Kind::Time, "0ns", "ps",
          "memory controller front-end overhead added to each transaction's arrival")
        .at_least(0);
    // Energy per command (docs/energy.md: Micron TN-41-01 method, MT41J512M8 DDR3-1600 currents, 8 devices).
    s.add("e_activate", Kind::Float, "10935", "pJ", "energy of one ACT (with its PRE), whole rank").at_least(0);
    s.add("e_read", Kind::Float, "7140", "pJ", "energy of one read burst, whole rank (array + I/O, no termination)")
        .at_least(0);
    s.add("e_write", Kind::Float, "5220", "pJ", "energy of one write burst, whole rank").at_least(0);
    s.add("e_refresh", Kind::Float, "614640", "pJ", "energy of one REF command of a rank").at_least(0);
}

}  // namespace vp
