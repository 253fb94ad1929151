#include "models/cpu/gdb/gdb_stub.h"
#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>
#include "models/common/context.h"
#include "models/common/exit_code.h"
#include "models/cpu/cpu.h"

namespace vp::gdb {

namespace {

constexpr size_t kMaxPendingBytes = 2 * kPacketSize;           // bytes kept from gdb while the target runs
constexpr auto kPollInterval = std::chrono::milliseconds(20);  // Ctrl-C latency vs. syscall cost

}  // namespace

// ---------------------------------------------------------------------------------------------
// Set-up

namespace {
std::vector<iss::Hart*> harts_of(const std::vector<Cpu*>& cpus) {
    std::vector<iss::Hart*> harts;
    for (Cpu* c : cpus) harts.push_back(&c->hart());
    return harts;
}
}  // namespace

GdbStub::GdbStub(std::vector<Cpu*> cpus, SimContext& ctx, int port)
    : cpus_(std::move(cpus)),
      ctx_(ctx),
      state_(cpus_.size(), HartState{false, kNoPc, kNoPc, 0}),
      cmds_(harts_of(cpus_)) {
    if (port < 0 || port > 65535) throw std::runtime_error("--gdb: port " + std::to_string(port) + " out of range");
    listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listen_fd_ < 0) throw std::runtime_error(std::string("--gdb: socket: ") + std::strerror(errno));
    const int one = 1;
    ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);  // local debugging only
    a.sin_port = htons(uint16_t(port));
    if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(listen_fd_, 1) != 0) {
        const std::string err = std::strerror(errno);
        ::close(listen_fd_);
        throw std::runtime_error("--gdb: cannot listen on 127.0.0.1:" + std::to_string(port) + ": " + err);
    }
    socklen_t len = sizeof a;
    ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&a), &len);
    port_ = ntohs(a.sin_port);
    for (size_t h = 0; h < cpus_.size(); ++h) {
        cpus_[h]->set_debugger([this, h](iss::StopReason why) { on_stop(h, why); });
        cpus_[h]->set_debug_poll([this, h] { poll(h); });
    }
}

GdbStub::~GdbStub() {
    if (conn_ >= 0) ::close(conn_);
    if (listen_fd_ >= 0) ::close(listen_fd_);
}

void GdbStub::accept_gdb() {
    std::fprintf(stderr, "vp: waiting for gdb on port %d\n", port_);
    std::fflush(stderr);
    // Blocking accept (the listening socket may be non-blocking after a detach).
    const int flags = ::fcntl(listen_fd_, F_GETFL);
    ::fcntl(listen_fd_, F_SETFL, flags & ~O_NONBLOCK);
    for (;;) {
        conn_ = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
        if (conn_ >= 0 || errno != EINTR) break;
    }
    if (conn_ < 0) throw std::runtime_error(std::string("--gdb: accept: ") + std::strerror(errno));
    const int one = 1;
    ::setsockopt(conn_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    no_ack_ = false;
    rxbuf_.clear();
    rxpos_ = 0;
    std::fprintf(stderr, "vp: gdb connected\n");
    std::fflush(stderr);
}

// ---------------------------------------------------------------------------------------------
// CPU hooks

void GdbStub::on_stop(size_t h, iss::StopReason why) {
    if (!state_[h].started) {  // before the hart's first instruction
        state_[h].started = true;
        if (started_) {  // another hart's thread started first: gdb is attached already
            // (its run() would not stop at a breakpoint on the first instruction: report it here)
            if (attached() && at_breakpoint(h)) {
                cmds_.set_stopped(h);  // (names hart h in the reply)
                session(h, cmds_.breakpoint_reply(), true);
            }
            return;
        }
        started_ = true;  // wait for gdb: the whole simulation waits with this thread
        accept_gdb();
        cmds_.set_stopped(h);
        session(h, "T05" + std::string("thread:") + std::to_string(h + 1) + ";", false);  // gdb asks with '?'
        return;
    }
    if (!attached()) return;
    cmds_.set_stopped(h);
    if (why == iss::StopReason::Watchpoint) cmds_.present_watch_before_access();
    session(h, cmds_.stop_reply(why), true);
}

bool GdbStub::at_breakpoint(size_t h) const {
    const uint32_t pc = cpus_[h]->hart().pc();
    return pc != state_[h].reported_bp_pc && cmds_.has_breakpoint(pc);
}

void GdbStub::session(size_t h, std::string stop, bool send_stop) {
    cmds_.set_stopped(h);
    for (;;) {
        state_[h].reported_bp_pc = stop.find("break:;") != std::string::npos ? cpus_[h]->hart().pc() : kNoPc;
        const Resume r = serve(stop, send_stop);
        cmds_.clear_pc_override();
        // Resuming on an instruction with a breakpoint that was not just reported: real hardware
        // would stop there before executing it (gdb relies on that after a watchpoint, above).
        if (r != Resume::Kill && attached() && at_breakpoint(h)) {
            stop = cmds_.breakpoint_reply();
            send_stop = true;
            continue;
        }
        resume(h, r);
        return;
    }
}

void GdbStub::poll(size_t h) {
    // run() does not stop at a breakpoint on the instruction it starts with (it takes it for the one
    // just reported); a quantum may end right before a breakpoint: report it here. (A hart that did
    // not stop last time has no resume pc: a breakpoint gdb set where it waits is reported too.)
    const iss::Hart& hart = cpus_[h]->hart();
    if (attached() && cmds_.any_breakpoints() && at_breakpoint(h) &&
        !(hart.pc() == state_[h].resume_pc && hart.instret() == state_[h].resume_instret)) {
        cmds_.set_stopped(h);  // (names hart h in the reply)
        session(h, cmds_.breakpoint_reply(), true);
        return;
    }
    const auto now = std::chrono::steady_clock::now();
    if (now < next_poll_) return;
    next_poll_ = now + kPollInterval;
    if (!attached()) {
        // After a detach, a new gdb may attach: the target stops where it is.
        if (listen_fd_ < 0) return;
        const int c = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
        if (c < 0) return;
        conn_ = c;
        ::fcntl(conn_, F_SETFL, ::fcntl(conn_, F_GETFL) & ~O_NONBLOCK);
        const int one = 1;
        ::setsockopt(conn_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        no_ack_ = false;
        rxbuf_.clear();
        rxpos_ = 0;
        std::fprintf(stderr, "vp: gdb connected\n");
        session(h, "T05thread:" + std::to_string(h + 1) + ";", false);  // gdb asks with '?'
        return;
    }
    char buf[256];
    const ssize_t n = ::recv(conn_, buf, sizeof buf, MSG_DONTWAIT);
    if (n == 0) {  // gdb went away while the target ran
        detach();
        return;
    }
    if (n < 0) return;  // nothing (EAGAIN) or a transient error
    bool interrupt = false;
    rxbuf_.erase(0, rxpos_);
    rxpos_ = 0;
    for (ssize_t i = 0; i < n; ++i) {
        if (buf[i] == 0x03)
            interrupt = true;
        else if (rxbuf_.size() < kMaxPendingBytes)  // bounded: gdb sends nothing else while the target
            rxbuf_ += buf[i];                       // runs (all-stop mode)
    }
    if (interrupt) {
        cmds_.set_stopped(h);
        session(h, "T02" + std::string("thread:") + std::to_string(h + 1) + ";", true);
    }
}

void GdbStub::resume(size_t h, Resume r) {
    for (size_t i = 0; i < cpus_.size(); ++i) {
        HartState& s = state_[i];
        s.reported_bp_pc = kNoPc;
        s.resume_pc = i == h ? cpus_[i]->hart().pc() : kNoPc;
        s.resume_instret = cpus_[i]->hart().instret();
        cpus_[i]->set_single_step(r == Resume::Step && i == cmds_.step_hart());
    }
    switch (r) {
        case Resume::Continue:
        case Resume::Step: break;
        case Resume::Kill:
            ctx_.request_stop(vp::kExitKilled, "killed by gdb", cpus_[h]->local_time());
            for (Cpu* c : cpus_) c->hart().request_stop(iss::StopReason::Exit);  // run no further instruction
            if (conn_ >= 0) ::close(conn_);
            conn_ = -1;
            if (listen_fd_ >= 0) ::close(listen_fd_);
            listen_fd_ = -1;
            break;
    }
}

void GdbStub::detach() {
    cmds_.clear();
    for (Cpu* c : cpus_) c->set_single_step(false);
    if (conn_ >= 0) ::close(conn_);
    conn_ = -1;
    if (listen_fd_ >= 0) ::fcntl(listen_fd_, F_SETFL, ::fcntl(listen_fd_, F_GETFL) | O_NONBLOCK);
    std::fprintf(stderr, "vp: gdb detached\n");
    std::fflush(stderr);
}

void GdbStub::program_exited(int code) {
    if (attached()) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "W%02x", unsigned(code) & 0xff);
        put_packet(buf);
        ::close(conn_);
        conn_ = -1;
    }
    if (listen_fd_ >= 0) ::close(listen_fd_);
    listen_fd_ = -1;
}

// ---------------------------------------------------------------------------------------------
// The command loop

GdbStub::Resume GdbStub::serve(const std::string& stop, bool send_stop) {
    cmds_.set_last_stop(stop);
    if (send_stop && !put_packet(stop)) {
        detach();
        return Resume::Continue;
    }
    std::string pkt;
    for (;;) {
        if (!get_packet(pkt)) {  // connection lost: let the program run on
            detach();
            return Resume::Continue;
        }
        const RspCommands::Result r = cmds_.handle(pkt);
        switch (r.action) {
            case RspCommands::Action::Continue: return Resume::Continue;
            case RspCommands::Action::Step: return Resume::Step;
            case RspCommands::Action::Kill:
                if (!r.reply.empty()) put_packet(r.reply);
                return Resume::Kill;
            case RspCommands::Action::Detach:
                put_packet(r.reply);
                detach();
                return Resume::Continue;
            case RspCommands::Action::Reply: break;
        }
        if (!put_packet(r.reply)) {
            detach();
            return Resume::Continue;
        }
        if (pkt == "QStartNoAckMode") no_ack_ = true;  // takes effect after the OK
    }
}

// ---------------------------------------------------------------------------------------------
// Packet layer

int GdbStub::read_byte() {
    if (rxpos_ < rxbuf_.size()) return uint8_t(rxbuf_[rxpos_++]);
    char buf[4096];
    for (;;) {
        const ssize_t n = ::recv(conn_, buf, sizeof buf, 0);
        if (n > 0) {
            rxbuf_.assign(buf, size_t(n));  // (whole: put_packet may step back one byte)
            rxpos_ = 1;
            return uint8_t(buf[0]);
        }
        if (n < 0 && errno == EINTR) continue;
        return -1;
    }
}

bool GdbStub::send_raw(const std::string& bytes) {
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::send(conn_, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += size_t(n);
    }
    return true;
}

bool GdbStub::put_packet(const std::string& data) {
    if (conn_ < 0) return false;
    const std::string pkt = rsp_frame(data);
    for (int attempt = 0; attempt < 10; ++attempt) {
        if (!send_raw(pkt)) return false;
        if (no_ack_) return true;
        for (;;) {
            const int c = read_byte();
            if (c < 0) return false;
            if (c == '+') return true;
            if (c == '-') break;  // resend
            if (c == '$') {       // gdb did not wait for our ack: keep the packet for get_packet
                --rxpos_;         // (the byte just read is still in the buffer)
                return true;
            }
            // anything else (a stray Ctrl-C) is dropped
        }
    }
    return false;
}

bool GdbStub::get_packet(std::string& out) {
    framer_.reset();
    for (;;) {
        const int c = read_byte();
        if (c < 0) return false;
        const RspFramer::Event e = framer_.push(uint8_t(c));
        if (e != RspFramer::Event::Packet && e != RspFramer::Event::BadPacket) continue;  // (Ctrl-C: stray here)
        const bool ok = e == RspFramer::Event::Packet;
        if (!no_ack_) {
            // '-' asks for a retransmission: what RSP answers to a packet it did not receive intact.
            if (!send_raw(ok ? "+" : "-")) return false;
            if (!ok) continue;
        } else if (framer_.too_long()) {
            // Without acks gdb waits for a reply: an error tells it the command was not executed.
            if (!put_packet("E01")) return false;
            continue;
        }
        out = framer_.packet();  // (without acks a bad checksum is not checked: gdb does the same)
        return true;
    }
}

}  // namespace vp::gdb
