// Parameters of the memory models (config/params.h): one declaration each.
#include "models/memory/memory.h"

namespace vp {

using config::Kind;

void MemoryConfig::params(config::Params& p) {
    p.add(size, "size", Kind::Size, "bytes", "capacity of the memory (sparse: only touched pages use host memory)")
        .mandatory()
        .at_least(1);
    p.add(dmi, "dmi", Kind::Bool, "",
          "grant DMI pointers (fast, untimed-per-access path at the typical latency); false: every access goes "
          "through b_transport and is timed");
    p.add(ports, "ports", Kind::Int, "",
          "its ports on a crossbar bus (topology: crossbar): each initiator gets one, in the order they first "
          "reach the memory, and initiators on different ports do not queue in the fabric (e.g. the command "
          "ports of the Cyclone V hard memory controller's multi-port front end: up to 6); the memory still "
          "serves them as its timing model says")
        .range(1, 16);
    p.choice(timing, "timing", {"fixed", "ddr", "hmc"},
             "timing model: fixed (latency + bandwidth), ddr (DRAM banks) or hmc (Hybrid Memory Cube: links, vaults)");
    p.section(fixed, "fixed", "parameters of the fixed timing model (timing: fixed)");
    p.section(ddr, "ddr", "parameters of the DDR timing model (timing: ddr)");
    p.section(hmc, "hmc", "parameters of the Hybrid Memory Cube model (timing: hmc)");
}

void FixedTimingConfig::params(config::Params& p) {
    p.add(latency, "latency", Kind::Time, "ps", "latency added to every access, after its data transfer");
    p.add(bandwidth, "bandwidth", Kind::Bandwidth, "bytes/s",
          "data port bandwidth: an access occupies the port for size / bandwidth; 0 = unlimited")
        .at_least(0);
}

void HmcConfig::params(config::Params& p) {
    p.add(vaults, "vaults", Kind::Int, "count", "vaults (16 or 32), in 4 quadrants").range(16, 32);
    p.add(banks, "banks", Kind::Int, "count", "banks per vault (8 or 16); rows of 256 B, closed page").range(8, 16);
    p.add(max_block, "max_block", Kind::Size, "bytes",
          "maximum block size: address interleaving unit across vaults and largest packet (32, 64, 128, 256 B)")
        .range(32, 256);
    p.add(links, "links", Kind::Int, "count", "links to the host (1..4); link l serves quadrant l").range(1, 4);
    p.add(lanes, "lanes", Kind::Int, "count", "lanes per link and direction (16, 8 or 4)").range(4, 16);
    p.add(lane_rate, "lane_rate", Kind::Float, "bit/s", "signalling rate of a lane (10e9 .. 30e9)").range(10e9, 30e9);
    p.add(tags, "tags", Kind::Int, "count", "host controller tags: requests in flight at most").range(1, 2048);
    auto time = [&](Tick& field, const char* key, const char* help, double lo = 0) {
        p.add(field, key, Kind::Time, "ps", help).at_least(lo);
    };
    time(host_latency, "host_latency", "host controller: transaction to packets (once per transaction)");
    time(serdes_latency, "serdes_latency", "SerDes + board, per link crossing (each direction)");
    time(xbar_latency, "xbar_latency", "logic-layer crossbar, link to a vault of its quadrant (each way)");
    time(xbar_remote_latency, "xbar_remote_latency",
         "extra crossbar latency to a vault of another quadrant (each way)");
    time(vault_frontend, "vault_frontend", "vault controller, request side (gem5 HMC static_frontend_latency)");
    time(vault_backend, "vault_backend", "vault controller, response side (gem5 HMC static_backend_latency)");
    time(tCK, "tCK", "DRAM clock period (1.25 GHz)", 1);
    time(tRCD, "tRCD", "ACT to column command");
    time(tCL, "tCL", "read command to first data");
    time(tCWL, "tCWL", "write command to first data (taken equal to tCL)");
    time(tRP, "tRP", "precharge to ACT");
    time(tRAS, "tRAS", "ACT to precharge");
    time(tWR, "tWR", "end of write data to precharge");
    time(tRTP, "tRTP", "read command to precharge");
    time(tBURST, "tBURST", "TSV time of one burst (8 beats x 32 bits, DDR at tCK)", 1);
    p.add(burst_bytes, "burst_bytes", Kind::Size, "bytes", "bytes per TSV burst").range(8, 256);
    p.add(e_link_bit, "e_link_bit", Kind::Float, "pJ/bit",
          "energy per bit crossing a link, FLIT overhead included (E_off)")
        .at_least(0);
    p.add(e_incube_bit, "e_incube_bit", Kind::Float, "pJ/bit",
          "energy per data bit moved between a vault and the logic layer (E_on)")
        .at_least(0);
    p.add(e_dram_bit, "e_dram_bit", Kind::Float, "pJ/bit",
          "DRAM array energy per bit read or written (activation included)")
        .at_least(0);
    p.add(e_activate, "e_activate", Kind::Float, "pJ", "energy per row activation (0: included in e_dram_bit)")
        .at_least(0);
    if (p.mode() != config::Params::Mode::Declare) validate();
}

void DdrConfig::params(config::Params& p) {
    // Organisation.
    p.add(channels, "channels", Kind::Int, "count", "independent channels, each with its own data bus (power of two)")
        .range(1, 64);
    p.add(ranks, "ranks", Kind::Int, "count", "ranks per channel (power of two)").range(1, 16);
    p.add(banks, "banks", Kind::Int, "count", "banks per rank (power of two)").range(1, 64);
    p.add(rows, "rows", Kind::Int, "count", "rows per bank (power of two)").range(1, double(1ull << 32));
    p.add(columns, "columns", Kind::Int, "count",
          "columns per row, one column = bus_width bytes (power of two; 1024 x 8 B = 8 KiB rows)")
        .range(2, 1 << 20);
    p.add(bus_width, "bus_width", Kind::Size, "bytes", "data bus width of a channel (64-bit = 8 B)").range(1, 128);
    p.add(burst_length, "burst_length", Kind::Int, "beats",
          "beats per burst (BL8); a burst moves bus_width * burst_length bytes")
        .range(2, 64);
    p.add(mapping, "mapping", Kind::String, "",
          "address mapping, most significant field first, over the burst offset bits: a permutation of "
          "Ro (row), Ra (rank), Ba (bank), Ch (channel), Co (burst column); e.g. RoRaBaChCo, RoCoRaBaCh");
    p.choice(page_policy, "page_policy", {{"open", PagePolicy::Open}, {"closed", PagePolicy::Closed}},
             "open: leave the row open after an access (row hits possible); closed: auto-precharge after each burst");
    // Timing: command-to-command latencies in clock cycles where datasheets give cycles, times otherwise.
    p.add(tCK, "tCK", Kind::Time, "ps", "clock period (DDR3-1600: 1.25 ns; data moves on both edges)").at_least(1);
    // Cycle counts are kept as times (cycles x tCK, tCK read first).
    auto cycles = [&](Tick& field, const char* key, const char* help) {
        const Tick clk = tCK ? tCK : 1;
        p.add(key, Kind::Int, std::to_string(field / clk), "cycles", help, [&field, this](const nlohmann::json& v) {
             field = tCK * v.get<uint64_t>();
         }).range(1, 100);
    };
    cycles(tCL, "CL", "CAS latency: read command to first data");
    cycles(tCWL, "CWL", "CAS write latency: write command to first data");
    cycles(tRCD, "tRCD", "ACT to column command");
    cycles(tRP, "tRP", "PRE to ACT, same bank");
    cycles(tCCD, "tCCD", "column command to column command, same bank");
    auto time = [&](Tick& field, const char* key, const char* help) {
        p.add(field, key, Kind::Time, "ps", help).at_least(0);
    };
    time(tRAS, "tRAS", "ACT to PRE, same bank");
    time(tWR, "tWR", "write recovery: end of write data to PRE");
    time(tRTP, "tRTP", "read command to PRE");
    time(tRRD, "tRRD", "ACT to ACT, different banks of a rank");
    time(tFAW, "tFAW", "four-activate window: at most 4 ACTs per rank in any tFAW; 0 = off");
    time(tWTR, "tWTR", "end of write data to read command, same rank");
    time(tRFC, "tRFC", "refresh cycle time: the rank is unavailable for tRFC after REF");
    time(tREFI, "tREFI", "average refresh interval per rank; 0 = no refresh");
    time(controller_latency, "controller_latency",
         "memory controller front-end overhead added to each transaction's arrival");
    // Energy per command (docs/energy.md: Micron TN-41-01 method, MT41J512M8 DDR3-1600 currents, 8 devices).
    auto energy = [&](double& field, const char* key, const char* help) {
        p.add(field, key, Kind::Float, "pJ", help).at_least(0);
    };
    energy(e_activate, "e_activate", "energy of one ACT (with its PRE), whole rank");
    energy(e_read, "e_read", "energy of one read burst, whole rank (array + I/O, no termination)");
    energy(e_write, "e_write", "energy of one write burst, whole rank");
    energy(e_refresh, "e_refresh", "energy of one REF command of a rank");
    if (p.mode() != config::Params::Mode::Declare) validate();
}

}  // namespace vp
