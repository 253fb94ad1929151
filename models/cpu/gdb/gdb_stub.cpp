#include "models/cpu/gdb/gdb_stub.h"
#include "models/cpu/iss/csr.h"
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
#include "models/cpu/cpu.h"

namespace vp::gdb {

namespace {

constexpr unsigned kPacketSize = 0x4000;                       // what we tell gdb (qSupported PacketSize)
constexpr uint32_t kMaxMemoryChunk = 0x1000;                   // bytes per m reply (hex doubles it)
constexpr auto kPollInterval = std::chrono::milliseconds(20);  // Ctrl-C latency vs. syscall cost

const char* const kXNames[32] = {"zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "fp", "s1", "a0",
                                 "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
                                 "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
const char* const kFNames[32] = {"ft0", "ft1", "ft2", "ft3", "ft4",  "ft5",  "ft6", "ft7", "fs0",  "fs1", "fa0",
                                 "fa1", "fa2", "fa3", "fa4", "fa5",  "fa6",  "fa7", "fs2", "fs3",  "fs4", "fs5",
                                 "fs6", "fs7", "fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};
// GDB's register numbering for RISC-V (gdb/features/riscv): 0-31 x, 32 pc, 33-64 f0-f31, 65 + n CSR n.
constexpr unsigned kPcReg = 32, kFpBase = 33, kCsrBase = 65;

int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string hex_bytes(const void* data, size_t n) {
    static const char* d = "0123456789abcdef";
    std::string s;
    s.reserve(n * 2);
    const auto* p = static_cast<const uint8_t*>(data);
    for (size_t i = 0; i < n; ++i) {
        s += d[p[i] >> 4];
        s += d[p[i] & 15];
    }
    return s;
}

// A register value as gdb wants it: target (little-endian) byte order.
std::string hex_le32(uint32_t v) {
    const uint8_t b[4] = {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)};
    return hex_bytes(b, 4);
}

bool parse_hex_bytes(const std::string& s, size_t pos, size_t nbytes, std::vector<uint8_t>& out) {
    if (s.size() < pos + 2 * nbytes) return false;
    out.resize(nbytes);
    for (size_t i = 0; i < nbytes; ++i) {
        const int hi = hexval(s[pos + 2 * i]), lo = hexval(s[pos + 2 * i + 1]);
        if (hi < 0 || lo < 0) return false;
        out[i] = uint8_t(hi << 4 | lo);
    }
    return true;
}

bool parse_le32(const std::string& s, size_t pos, uint32_t& v) {
    std::vector<uint8_t> b;
    if (!parse_hex_bytes(s, pos, 4, b)) return false;
    v = uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
    return true;
}

// Parses a hex number at s[pos..], advancing pos; false if there is none.
bool parse_num(const std::string& s, size_t& pos, uint64_t& v) {
    const size_t start = pos;
    v = 0;
    while (pos < s.size() && hexval(s[pos]) >= 0) v = v << 4 | uint64_t(hexval(s[pos++]));
    return pos > start && pos - start <= 16;
}

bool expect(const std::string& s, size_t& pos, char c) {
    if (pos < s.size() && s[pos] == c) {
        ++pos;
        return true;
    }
    return false;
}

// Escapes binary data for a reply ('$', '#', '}' and '*' become '}' + (c ^ 0x20)).
std::string escape_binary(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '$' || c == '#' || c == '}' || c == '*') {
            out += '}';
            out += char(c ^ 0x20);
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Set-up

GdbStub::GdbStub(Cpu& cpu, SimContext& ctx, int port) : cpu_(cpu), ctx_(ctx) {
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
    cpu_.set_debugger([this](iss::StopReason why) { on_stop(why); });
    cpu_.set_debug_poll([this] { poll(); });
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
    std::fprintf(stderr, "vp: gdb connected\n");
    std::fflush(stderr);
}

// ---------------------------------------------------------------------------------------------
// CPU hooks

void GdbStub::on_stop(iss::StopReason why) {
    if (!started_) {  // before the first instruction: wait for gdb
        started_ = true;
        accept_gdb();
        session("T05thread:1;", false);  // gdb asks with '?'
        return;
    }
    if (!attached()) return;
    if (why == iss::StopReason::Watchpoint) present_watch_before_access();
    session(stop_reply(why), true);
}

// gdb's RISC-V port takes watchpoints as triggering before the access (it then steps the accessing
// instruction itself, with the watchpoints removed); the hart stops after the instruction. So gdb is
// shown the accessing instruction's pc; it puts its step breakpoint on the next instruction, where
// the hart really is, and session() reports that breakpoint without running anything.
void GdbStub::present_watch_before_access() {
    iss::Hart& h = cpu_.hart();
    const uint32_t at = h.last_watch_hit().pc;
    iss::DecodedInsn d;
    if (h.decode_at_debug(at, d) && at + d.length() == h.pc()) pc_override_ = at;  // (not after a trap)
}

bool GdbStub::at_breakpoint() const {
    const uint32_t pc = cpu_.hart().pc();
    return pc != reported_bp_pc_ && (sw_bps_.count(pc) || hw_bps_.count(pc));
}

std::string GdbStub::breakpoint_reply() const {
    const uint32_t pc = cpu_.hart().pc();
    return std::string("T05thread:1;") + (sw_bps_.count(pc) || !hw_bps_.count(pc) ? "swbreak:;" : "hwbreak:;");
}

void GdbStub::session(std::string stop, bool send_stop) {
    for (;;) {
        reported_bp_pc_ = stop.find("break:;") != std::string::npos ? cpu_.hart().pc() : kNoPc;
        const Resume r = serve(stop, send_stop);
        pc_override_.reset();
        // Resuming on an instruction with a breakpoint that was not just reported: real hardware
        // would stop there before executing it (gdb relies on that after a watchpoint, above).
        if (r != Resume::Kill && attached() && at_breakpoint()) {
            stop = breakpoint_reply();
            send_stop = true;
            continue;
        }
        resume(r);
        return;
    }
}

void GdbStub::poll() {
    // run() does not stop at a breakpoint on the instruction it starts with (it takes it for the one
    // just reported); a quantum may end right before a breakpoint: report it here.
    if (attached() && (sw_bps_.size() || hw_bps_.size()) && at_breakpoint() &&
        !(cpu_.hart().pc() == resume_pc_ && cpu_.hart().instret() == resume_instret_)) {
        session(breakpoint_reply(), true);
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
        std::fprintf(stderr, "vp: gdb connected\n");
        session("T05thread:1;", false);  // gdb asks with '?'
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
    for (ssize_t i = 0; i < n; ++i) {
        if (buf[i] == 0x03)
            interrupt = true;
        else
            rxbuf_ += buf[i];  // (gdb sends nothing else while the target runs in all-stop mode)
    }
    if (interrupt) session("T02thread:1;", true);
}

void GdbStub::resume(Resume r) {
    reported_bp_pc_ = kNoPc;
    resume_pc_ = cpu_.hart().pc();
    resume_instret_ = cpu_.hart().instret();
    switch (r) {
        case Resume::Continue: cpu_.set_single_step(false); break;
        case Resume::Step: cpu_.set_single_step(true); break;
        case Resume::Kill:
            cpu_.set_single_step(false);
            ctx_.request_stop(kKilledExitCode, "killed by gdb", cpu_.local_time());
            cpu_.hart().request_stop(iss::StopReason::Exit);  // run no further instruction
            if (conn_ >= 0) ::close(conn_);
            conn_ = -1;
            if (listen_fd_ >= 0) ::close(listen_fd_);
            listen_fd_ = -1;
            break;
    }
}

std::string GdbStub::stop_reply(iss::StopReason why) const {
    iss::Hart& h = cpu_.hart();
    char buf[96];
    switch (why) {
        case iss::StopReason::Breakpoint: return breakpoint_reply();
        case iss::StopReason::Watchpoint: {
            const auto& hit = h.last_watch_hit();
            for (const Watch& w : watches_) {
                const bool kind_ok =
                    hit.write ? (int(w.kind) & int(iss::WatchKind::Write)) : (int(w.kind) & int(iss::WatchKind::Read));
                if (!kind_ok || !(hit.addr < uint64_t(w.addr) + w.len && w.addr < uint64_t(hit.addr) + hit.len))
                    continue;
                // gdb matches the address against its watchpoints' ranges: report one inside the range.
                const uint32_t addr = std::max(hit.addr, w.addr);
                const char* kind = w.kind == iss::WatchKind::Write  ? "watch"
                                   : w.kind == iss::WatchKind::Read ? "rwatch"
                                                                    : "awatch";
                std::snprintf(buf, sizeof buf, "T05thread:1;%s:%x;", kind, addr);
                return buf;
            }
            return "T05thread:1;";
        }
        case iss::StopReason::Trap: {
            const uint32_t cause = h.last_trap().cause;
            const int sig = cause == iss::kIllegalInsn       ? 4
                            : cause == iss::kBreakpointCause ? 5
                                                             : 11;  // SIGILL/TRAP/SEGV
            std::snprintf(buf, sizeof buf, "T%02xthread:1;", sig);
            return buf;
        }
        default: return "T05thread:1;";
    }
}

void GdbStub::detach() {
    iss::Hart& h = cpu_.hart();
    for (uint32_t a : sw_bps_) h.remove_breakpoint(a);
    for (uint32_t a : hw_bps_) h.remove_breakpoint(a);
    sw_bps_.clear();
    hw_bps_.clear();
    for (const Watch& w : watches_) h.remove_watchpoint(w.addr, w.len, w.kind);
    watches_.clear();
    cpu_.set_single_step(false);
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
    last_stop_ = stop;
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
        bool resumed = false;
        Resume r = Resume::Continue;
        const std::string reply = handle(pkt, resumed, r);
        if (resumed) return r;
        if (!attached()) return Resume::Continue;  // detached (D)
        if (!put_packet(reply)) {
            detach();
            return Resume::Continue;
        }
        if (pkt == "QStartNoAckMode") no_ack_ = true;  // takes effect after the OK
    }
}

std::string GdbStub::handle(const std::string& pkt, bool& resumed, Resume& r) {
    iss::Hart& h = cpu_.hart();
    if (pkt.empty()) return "";
    const char cmd = pkt[0];
    size_t pos = 1;
    uint64_t a = 0, n = 0;
    switch (cmd) {
        case '?': return last_stop_;
        case 'g': return read_registers();
        case 'G': return write_registers(pkt.substr(1));
        case 'p': {
            if (!parse_num(pkt, pos, n)) return "E01";
            uint32_t v;
            if (!read_reg(unsigned(n), v)) return n >= kFpBase && n < kCsrBase + 4096 ? "xxxxxxxx" : "E01";
            if (n == 32 && pc_override_) v = *pc_override_;
            return hex_le32(v);
        }
        case 'P': {
            uint32_t v;
            if (!parse_num(pkt, pos, n) || !expect(pkt, pos, '=') || !parse_le32(pkt, pos, v)) return "E01";
            if (n == 32 && pc_override_ && v == *pc_override_) return "OK";  // unchanged (see .h)
            if (!write_reg(unsigned(n), v)) return "E01";
            if (n == 32) pc_override_.reset();
            return "OK";
        }
        case 'm':
            if (!parse_num(pkt, pos, a) || !expect(pkt, pos, ',') || !parse_num(pkt, pos, n)) return "E01";
            return read_memory(uint32_t(a), uint32_t(std::min<uint64_t>(n, kMaxMemoryChunk)));
        case 'M': {
            std::vector<uint8_t> data;
            if (!parse_num(pkt, pos, a) || !expect(pkt, pos, ',') || !parse_num(pkt, pos, n) ||
                !expect(pkt, pos, ':') || n > kPacketSize || !parse_hex_bytes(pkt, pos, n, data))
                return "E01";
            return write_memory(uint32_t(a), data);
        }
        case 'X': {  // binary write; the packet reader already removed the escapes
            if (!parse_num(pkt, pos, a) || !expect(pkt, pos, ',') || !parse_num(pkt, pos, n) ||
                !expect(pkt, pos, ':') || pkt.size() - pos != n)
                return "E01";
            return write_memory(uint32_t(a), std::vector<uint8_t>(pkt.begin() + long(pos), pkt.end()));
        }
        case 'c':
        case 's':
        case 'C':
        case 'S': {
            // c [addr], s [addr], C sig[;addr], S sig[;addr]: the signal is ignored (no OS here).
            if (cmd == 'C' || cmd == 'S') {
                parse_num(pkt, pos, n);
                if (expect(pkt, pos, ';') && parse_num(pkt, pos, a)) h.set_pc(uint32_t(a));
            } else if (parse_num(pkt, pos, a)) {
                h.set_pc(uint32_t(a));
            }
            if (pos > 1) pc_override_.reset();
            resumed = true;
            r = (cmd == 'c' || cmd == 'C') ? Resume::Continue : Resume::Step;
            return "";
        }
        case 'Z':
        case 'z': return handle_breakpoint(pkt);
        case 'k':  // no reply
            resumed = true;
            r = Resume::Kill;
            return "";
        case 'D':
            put_packet("OK");
            detach();
            return "";
        case 'H': return "OK";  // one thread
        case 'T': return "OK";  // thread 1 is alive
        case 'q': return handle_query(pkt);
        case 'Q': return pkt == "QStartNoAckMode" ? "OK" : "";
        case 'v': return handle_vpacket(pkt, resumed, r);
        default: return "";  // not supported
    }
}

std::string GdbStub::handle_query(const std::string& pkt) {
    if (pkt.rfind("qSupported", 0) == 0) {
        char buf[160];
        std::snprintf(buf, sizeof buf,
                      "PacketSize=%x;qXfer:features:read+;swbreak+;hwbreak+;QStartNoAckMode+;vContSupported+",
                      kPacketSize);
        return buf;
    }
    static const std::string kXfer = "qXfer:features:read:";
    if (pkt.rfind(kXfer, 0) == 0) {
        const size_t colon = pkt.find(':', kXfer.size());
        if (colon == std::string::npos) return "E00";
        const std::string annex = pkt.substr(kXfer.size(), colon - kXfer.size());
        if (annex != "target.xml") return "E00";
        size_t pos = colon + 1;
        uint64_t off = 0, len = 0;
        if (!parse_num(pkt, pos, off) || !expect(pkt, pos, ',') || !parse_num(pkt, pos, len)) return "E00";
        const std::string xml = target_xml();
        if (off >= xml.size()) return "l";
        const std::string part = xml.substr(off, std::min<uint64_t>(len, kPacketSize / 2));
        return (off + part.size() >= xml.size() ? "l" : "m") + escape_binary(part);
    }
    if (pkt == "qAttached") return "1";  // gdb quits by detaching; the VP then runs to its end
    if (pkt == "qC") return "QC1";
    if (pkt == "qfThreadInfo") return "m1";
    if (pkt == "qsThreadInfo") return "l";
    if (pkt.rfind("qSymbol", 0) == 0) return "OK";
    return "";
}

std::string GdbStub::handle_vpacket(const std::string& pkt, bool& resumed, Resume& r) {
    if (pkt == "vCont?") return "vCont;c;C;s;S";
    if (pkt.rfind("vCont;", 0) == 0) {
        // vCont;action[:thread];... — the first action that applies to our only thread wins.
        size_t pos = 5;
        while (pos < pkt.size() && pkt[pos] == ';') {
            const size_t end = pkt.find(';', pos + 1);
            const std::string act = pkt.substr(pos + 1, end == std::string::npos ? std::string::npos : end - pos - 1);
            pos = end == std::string::npos ? pkt.size() : end;
            const size_t colon = act.find(':');
            const std::string tid = colon == std::string::npos ? "" : act.substr(colon + 1);
            if (!(tid.empty() || tid == "-1" || tid == "1" || tid == "p1.1" || tid == "p1.-1")) continue;
            if (act.empty()) continue;
            const char c = act[0];
            if (c == 'c' || c == 'C') {
                resumed = true;
                r = Resume::Continue;
                return "";
            }
            if (c == 's' || c == 'S') {
                resumed = true;
                r = Resume::Step;
                return "";
            }
            return "E01";  // t, r: not supported
        }
        return "E01";
    }
    if (pkt.rfind("vKill", 0) == 0) {
        put_packet("OK");
        resumed = true;
        r = Resume::Kill;
        return "";
    }
    return "";  // vMustReplyEmpty and anything else
}

std::string GdbStub::handle_breakpoint(const std::string& pkt) {
    const bool insert = pkt[0] == 'Z';
    if (pkt.size() < 2) return "E01";
    const char type = pkt[1];
    size_t pos = 2;
    uint64_t a = 0, kind = 0;
    if (!expect(pkt, pos, ',') || !parse_num(pkt, pos, a) || !expect(pkt, pos, ',') || !parse_num(pkt, pos, kind))
        return "E01";
    iss::Hart& h = cpu_.hart();
    const uint32_t addr = uint32_t(a);
    switch (type) {
        case '0':  // software breakpoint: the hart's breakpoints leave memory untouched
        case '1':  // hardware breakpoint: the same mechanism, any number of them
            if (insert)
                add_bp(addr, type == '1');
            else
                remove_bp(addr, type == '1');
            return "OK";
        case '2':
        case '3':
        case '4': {
            if (kind == 0) return "E01";
            const iss::WatchKind k = type == '2'   ? iss::WatchKind::Write
                                     : type == '3' ? iss::WatchKind::Read
                                                   : iss::WatchKind::Access;
            const uint32_t len = uint32_t(kind);
            auto same = [&](const Watch& w) { return w.addr == addr && w.len == len && w.kind == k; };
            const auto count = std::count_if(watches_.begin(), watches_.end(), same);
            if (insert) {
                if (count == 0) h.add_watchpoint(addr, len, k);
                watches_.push_back(Watch{addr, len, k});
            } else {
                const auto it = std::find_if(watches_.begin(), watches_.end(), same);
                if (it == watches_.end()) return "E01";
                watches_.erase(it);
                if (count == 1) h.remove_watchpoint(addr, len, k);
            }
            return "OK";
        }
        default: return "";  // unsupported type
    }
}

void GdbStub::add_bp(uint32_t addr, bool hw) {
    if (!sw_bps_.count(addr) && !hw_bps_.count(addr)) cpu_.hart().add_breakpoint(addr);
    (hw ? hw_bps_ : sw_bps_).insert(addr);
}

bool GdbStub::remove_bp(uint32_t addr, bool hw) {
    auto& set = hw ? hw_bps_ : sw_bps_;
    const auto it = set.find(addr);
    if (it == set.end()) return false;
    set.erase(it);
    if (!sw_bps_.count(addr) && !hw_bps_.count(addr)) cpu_.hart().remove_breakpoint(addr);
    return true;
}

bool GdbStub::read_reg(unsigned n, uint32_t& v) {
    iss::Hart& h = cpu_.hart();
    if (n < kPcReg) return v = h.x(n), true;
    if (n == kPcReg) return v = h.pc(), true;
    if (n < kCsrBase) return (h.config().misa & iss::kMisaF) ? (v = h.f(n - kFpBase), true) : false;
    return n < kCsrBase + 4096 && h.read_csr(uint16_t(n - kCsrBase), v);
}

bool GdbStub::write_reg(unsigned n, uint32_t v) {
    iss::Hart& h = cpu_.hart();
    if (n < kPcReg) return h.set_x(n, v), true;
    if (n == kPcReg) return h.set_pc(v), true;
    if (n < kCsrBase) return (h.config().misa & iss::kMisaF) ? (h.set_f(n - kFpBase, v), true) : false;
    return n < kCsrBase + 4096 && h.write_csr(uint16_t(n - kCsrBase), v);
}

std::string GdbStub::read_registers() {
    // x0-x31 and pc; gdb fetches the FP registers and CSRs with 'p' (they are not in the g packet).
    std::string s;
    for (unsigned i = 0; i <= kPcReg; ++i) {
        uint32_t v = 0;
        read_reg(i, v);
        if (i == kPcReg && pc_override_) v = *pc_override_;
        s += hex_le32(v);
    }
    return s;
}

std::string GdbStub::write_registers(const std::string& hex) {
    for (unsigned i = 0; i <= kPcReg && (i + 1) * 8 <= hex.size(); ++i) {
        if (hex.compare(i * 8, 8, "xxxxxxxx") == 0) continue;
        uint32_t v;
        if (!parse_le32(hex, i * 8, v)) return "E01";
        if (i == kPcReg && pc_override_) {
            if (v == *pc_override_) continue;  // unchanged
            pc_override_.reset();
        }
        write_reg(i, v);
    }
    return "OK";
}

std::string GdbStub::read_memory(uint32_t addr, uint32_t len) {
    std::vector<uint8_t> buf(len);
    if (len && !cpu_.hart().debug_read(addr, buf.data(), len)) {
        // Partial reads: as much as is readable from the start (gdb accepts a short reply).
        uint32_t ok = 0;
        while (ok < len && cpu_.hart().debug_read(addr + ok, &buf[ok], 1)) ++ok;
        if (ok == 0) return "E14";
        buf.resize(ok);
    }
    return hex_bytes(buf.data(), buf.size());
}

std::string GdbStub::write_memory(uint32_t addr, const std::vector<uint8_t>& data) {
    if (data.empty()) return "OK";
    return cpu_.hart().debug_write(addr, data.data(), uint32_t(data.size())) ? "OK" : "E14";
}

std::string GdbStub::target_xml() const {
    iss::Hart& h = cpu_.hart();
    std::string x =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n<target version=\"1.0\">\n"
        "<architecture>riscv:rv32</architecture>\n<feature name=\"org.gnu.gdb.riscv.cpu\">\n";
    char buf[200];
    for (unsigned i = 0; i < 32; ++i) {
        const char* type = i == 1 ? "code_ptr" : (i == 2 || i == 8) ? "data_ptr" : "int";
        std::snprintf(buf, sizeof buf, "  <reg name=\"%s\" bitsize=\"32\" type=\"%s\" regnum=\"%u\"/>\n", kXNames[i],
                      type, i);
        x += buf;
    }
    x += "  <reg name=\"pc\" bitsize=\"32\" type=\"code_ptr\" regnum=\"32\"/>\n</feature>\n";
    if (h.config().misa & iss::kMisaF) {
        x += "<feature name=\"org.gnu.gdb.riscv.fpu\">\n";
        for (unsigned i = 0; i < 32; ++i) {
            std::snprintf(buf, sizeof buf, "  <reg name=\"%s\" bitsize=\"32\" type=\"ieee_single\" regnum=\"%u\"/>\n",
                          kFNames[i], 33 + i);
            x += buf;
        }
        for (unsigned i = 0; i < iss::csr_count(); ++i) {
            const iss::CsrInfo& c = iss::csr_table()[i];
            if (c.kind != 'F') continue;
            std::snprintf(buf, sizeof buf,
                          "  <reg name=\"%s\" bitsize=\"32\" type=\"int\" regnum=\"%u\" group=\"float\"/>\n", c.name,
                          kCsrBase + c.number);
            x += buf;
        }
        x += "</feature>\n";
    }
    x += "<feature name=\"org.gnu.gdb.riscv.csr\">\n";
    for (unsigned i = 0; i < iss::csr_count(); ++i) {
        const iss::CsrInfo& c = iss::csr_table()[i];
        uint32_t v;
        if (c.kind == 'F' || !h.read_csr(c.number, v)) continue;  // FP CSRs are in the fpu feature
        std::snprintf(buf, sizeof buf, "  <reg name=\"%s\" bitsize=\"32\" type=\"int\" regnum=\"%u\" group=\"csr\"/>\n",
                      c.name, kCsrBase + c.number);
        x += buf;
    }
    x += "</feature>\n</target>\n";
    return x;
}

// ---------------------------------------------------------------------------------------------
// Packet layer

int GdbStub::read_byte() {
    if (!rxbuf_.empty()) {
        const int c = uint8_t(rxbuf_[0]);
        rxbuf_.erase(0, 1);
        return c;
    }
    char buf[4096];
    for (;;) {
        const ssize_t n = ::recv(conn_, buf, sizeof buf, 0);
        if (n > 0) {
            rxbuf_.assign(buf + 1, size_t(n - 1));
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
    uint8_t sum = 0;
    for (char c : data) sum = uint8_t(sum + uint8_t(c));
    char tail[4];
    std::snprintf(tail, sizeof tail, "#%02x", sum);
    const std::string pkt = "$" + data + tail;
    for (int attempt = 0; attempt < 10; ++attempt) {
        if (!send_raw(pkt)) return false;
        if (no_ack_) return true;
        for (;;) {
            const int c = read_byte();
            if (c < 0) return false;
            if (c == '+') return true;
            if (c == '-') break;  // resend
            if (c == '$') {       // gdb did not wait for our ack: keep the packet for get_packet
                rxbuf_.insert(0, 1, '$');
                return true;
            }
            // anything else (a stray Ctrl-C) is dropped
        }
    }
    return false;
}

bool GdbStub::get_packet(std::string& out) {
    for (;;) {
        int c;
        do {  // skip acks and stray bytes up to the start of a packet
            c = read_byte();
            if (c < 0) return false;
        } while (c != '$');
        out.clear();
        uint8_t sum = 0;
        bool escaped = false;
        for (;;) {
            c = read_byte();
            if (c < 0) return false;
            if (c == '#') break;
            sum = uint8_t(sum + uint8_t(c));
            if (escaped) {
                out += char(c ^ 0x20);
                escaped = false;
            } else if (c == '}') {
                escaped = true;
            } else {
                out += char(c);
            }
        }
        const int h1 = read_byte(), h2 = read_byte();
        if (h1 < 0 || h2 < 0) return false;
        const bool ok =
            hexval(char(h1)) >= 0 && hexval(char(h2)) >= 0 && uint8_t(hexval(char(h1)) << 4 | hexval(char(h2))) == sum;
        if (!no_ack_) {
            if (!send_raw(ok ? "+" : "-")) return false;
        }
        if (ok || no_ack_) return true;
    }
}

}  // namespace vp::gdb
