// GDB remote serial protocol (RSP) stub for the CPU model: `vp run --gdb PORT` lets gdb-multiarch
// debug the firmware over TCP (127.0.0.1 only).
//
// Threading: everything runs in the CPUs' SC_THREADs. A CPU calls the stub (1) before its first
// instruction, (2) whenever its hart stops at a breakpoint, watchpoint or after a single step and
// (3) at quantum boundaries while it runs (a non-blocking poll for gdb's Ctrl-C). While the stub
// talks to gdb, the whole simulation is halted (the CPU thread does not yield to the kernel): with
// several harts this is gdb's all-stop mode, one gdb thread per hart (rsp.h). See docs/gdb.md.
#pragma once
#include <chrono>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>
#include "models/cpu/gdb/rsp.h"
#include "models/cpu/iss/hart.h"

namespace vp {
class Cpu;
class SimContext;

namespace gdb {

class GdbStub {
public:
    // Listens on 127.0.0.1:port (0 = any free port; see port()) and installs the hooks of every CPU
    // (hart h = gdb thread h + 1). Throws std::runtime_error if the port cannot be bound. gdb is
    // accepted when the simulation starts (before the first instruction), with "vp: waiting for gdb
    // on port N" on stderr.
    GdbStub(std::vector<Cpu*> cpus, SimContext& ctx, int port);
    ~GdbStub();
    GdbStub(const GdbStub&) = delete;
    GdbStub& operator=(const GdbStub&) = delete;

    int port() const { return port_; }
    bool attached() const { return conn_ >= 0; }
    // The run ended (program exit, finisher, limit): tells gdb (W<code>) and closes the connection.
    void program_exited(int code);

private:
    enum class Resume { Continue, Step, Kill };

    void on_stop(size_t h, iss::StopReason why);                     // CPU h's debugger hook
    void session(size_t h, std::string stop_reply, bool send_stop);  // hart h stopped: serve gdb until it resumes
    bool at_breakpoint(size_t h) const;  // hart h is on a breakpoint that was not just reported
    void poll(size_t h);                 // CPU h's quantum-boundary hook
    void accept_gdb();
    // The command loop; returns when the target resumes. send_stop: the target was running and gdb
    // waits for the stop reply (false on a new connection: gdb asks with '?').
    Resume serve(const std::string& stop_reply, bool send_stop = true);
    void resume(size_t h, Resume r);  // hart h stopped; gdb resumes the target
    void detach();                    // drop breakpoints/watchpoints, close the connection, let the CPU run freely

    // ---- packets ----
    bool get_packet(std::string& out);  // blocking; false when the connection is gone
    bool put_packet(const std::string& data);
    bool send_raw(const std::string& bytes);
    int read_byte();  // blocking; -1 on EOF/error

    // Per hart: where it was resumed (and its instret then; kNoPc for a hart that did not stop) and
    // the breakpoint just reported on it.
    struct HartState {
        bool started = false;  // its thread has called the stub before its first instruction
        uint32_t reported_bp_pc;
        uint32_t resume_pc;
        uint64_t resume_instret = 0;
    };

    std::vector<Cpu*> cpus_;
    SimContext& ctx_;
    int listen_fd_ = -1;
    int conn_ = -1;
    int port_ = 0;
    bool no_ack_ = false;
    bool started_ = false;  // the first stop (before the first instruction) has been served
    bool interrupted_ = false;
    static constexpr uint32_t kNoPc = 1;  // (odd: never an instruction address)
    std::vector<HartState> state_;
    std::string rxbuf_;  // bytes received but not parsed yet: rxbuf_[rxpos_..]
    size_t rxpos_ = 0;
    std::chrono::steady_clock::time_point next_poll_{};
    RspFramer framer_;
    RspCommands cmds_;  // the commands and gdb's breakpoint/watchpoint tables
};

}  // namespace gdb
}  // namespace vp
