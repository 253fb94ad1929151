// The GDB remote serial protocol without sockets or SystemC: packet framing (RspFramer) and the
// command set served on one hart (RspCommands). GdbStub (gdb_stub.h) moves the bytes and runs the
// session; the fuzz target fuzz/rsp_fuzz.cpp drives these two directly. Everything that arrives
// is untrusted: lengths, addresses and register numbers are checked here (docs/reliability.md).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>
#include "models/cpu/iss/hart.h"

namespace vp::gdb {

constexpr unsigned kPacketSize = 0x4000;  // what we tell gdb (qSupported PacketSize): payload bytes

// Bytes in, packets out. Bytes outside a packet ('+'/'-' acks, Ctrl-C, noise) are reported or
// skipped; a packet longer than kPacketSize is read to its end and dropped (memory stays bounded).
class RspFramer {
public:
    enum class Event {
        None,       // more bytes needed
        Interrupt,  // 0x03 outside a packet
        Packet,     // a packet with a good checksum: packet()
        BadPacket,  // a packet with a bad checksum, or too long (packet() holds what was kept)
    };
    Event push(uint8_t c);
    const std::string& packet() const { return pkt_; }  // escapes removed
    bool too_long() const { return too_long_; }
    void reset() { state_ = State::Idle; }

private:
    enum class State { Idle, Body, Escape, Sum1, Sum2 } state_ = State::Idle;
    std::string pkt_;
    uint8_t sum_ = 0;
    int sum_hi_ = 0;
    size_t received_ = 0;  // payload bytes as sent (escapes included)
    bool too_long_ = false;
};

// "$payload#xx"
std::string rsp_frame(const std::string& payload);

// The stub's commands on the platform's harts, one gdb thread per hart: thread id h + 1 is hart h
// (cpu<h>; gdb's ids start at 1). Registers and memory go to gdb's selected thread (Hg, or the thread
// that stopped); a step steps the thread vCont or Hc names. Breakpoints and watchpoints are gdb's,
// which apply to every thread: each is set on every hart. Holds them (counted: gdb may insert the
// same one twice) and the pc shown to gdb after a watchpoint.
class RspCommands {
public:
    enum class Action {
        Reply,     // send `reply` (possibly empty: "not supported")
        Continue,  // resume; no reply now (the stop reply comes when the target stops)
        Step,
        Kill,    // end the simulation; send `reply` first if not empty (vKill)
        Detach,  // send `reply`, then drop breakpoints and close the connection
    };
    struct Result {
        Action action = Action::Reply;
        std::string reply;
        Result() = default;
        Result(const char* r) : reply(r) {}  // (implicit: most commands just reply)
        Result(std::string r) : reply(std::move(r)) {}
        Result(Action a, std::string r) : action(a), reply(std::move(r)) {}
    };
    static constexpr size_t kMaxBreakpoints = 1024;  // Z0/Z1 inserts (bounds memory and decode time)
    static constexpr size_t kMaxWatchpoints = 64;    // Z2-Z4 inserts (each costs a page-flag refresh)

    explicit RspCommands(std::vector<iss::Hart*> harts);  // harts 0..N-1 (N >= 1)
    explicit RspCommands(iss::Hart& hart) : RspCommands(std::vector<iss::Hart*>{&hart}) {}
    Result handle(const std::string& pkt);

    size_t threads() const { return harts_.size(); }
    // Hart h stopped: it becomes gdb's current thread and the one the stop replies name.
    void set_stopped(size_t h);
    size_t stopped() const { return stopped_; }
    // After Action::Step: the hart to single-step (the others run on; see docs/gdb.md).
    size_t step_hart() const { return step_hart_; }

    // Stop replies for the stopped hart: at a breakpoint (sw/hw), a watchpoint, a trap.
    std::string stop_reply(iss::StopReason why) const;
    std::string breakpoint_reply() const;
    bool has_breakpoint(uint32_t pc) const { return sw_bps_.count(pc) || hw_bps_.count(pc); }
    bool any_breakpoints() const { return !sw_bps_.empty() || !hw_bps_.empty(); }
    // gdb's RISC-V port takes watchpoints as triggering before the access; see gdb_stub.cpp.
    void present_watch_before_access();
    void clear_pc_override() { pc_override_.reset(); }
    void set_last_stop(const std::string& s) { last_stop_ = s; }
    // Removes every breakpoint and watchpoint from the harts (detach).
    void clear();

private:
    struct Watch {
        uint32_t addr, len;
        iss::WatchKind kind;
    };
    std::string handle_query(const std::string& pkt);
    Result handle_vpacket(const std::string& pkt);
    std::string handle_breakpoint(const std::string& pkt);
    bool add_bp(uint32_t addr, bool hw);  // false when the table is full
    bool remove_bp(uint32_t addr, bool hw);
    // GDB's register numbering (rsp.cpp): x, pc, f, CSRs.
    bool read_reg(unsigned n, uint32_t& v);
    bool write_reg(unsigned n, uint32_t v);
    std::string read_registers();
    std::string write_registers(const std::string& hex);
    std::string read_memory(uint32_t addr, uint32_t len);
    std::string write_memory(uint32_t addr, const std::vector<uint8_t>& data);
    bool access_memory(bool write, uint32_t addr, uint8_t* data, uint32_t len);
    std::string target_xml() const;
    iss::Hart& cur() const { return *harts_[g_]; }  // gdb's selected thread
    // A thread id of a packet ("1".."N"; "0" any, "-1" all: -1 returned as kAll, 0 as kAny); false if
    // it is no thread of ours.
    static constexpr int64_t kAny = 0, kAll = -1;
    bool parse_thread(const std::string& s, int64_t& tid) const;
    std::string thread_tag() const;  // "thread:<id>;" of the stopped hart

    std::vector<iss::Hart*> harts_;
    size_t g_ = 0;          // Hg: registers and memory
    size_t stopped_ = 0;    // the hart of the last stop
    int64_t c_ = kAny;      // Hc: the thread 's' steps (kAny/kAll: the current one)
    size_t step_hart_ = 0;  // the result of the last step command
    std::multiset<uint32_t> sw_bps_, hw_bps_;
    std::vector<Watch> watches_;
    std::optional<uint32_t> pc_override_;  // the stopped hart's pc shown to gdb after a watchpoint
    std::optional<uint32_t> no_override_;  // (always empty: the other harts' pc are shown as they are)
    std::string last_stop_ = "S05";
};

}  // namespace vp::gdb
