#include "models/cpu/gdb/rsp.h"
#include "models/cpu/iss/csr.h"
#include <algorithm>
#include <cstdio>
#include <tuple>

namespace vp::gdb {

namespace {

constexpr uint32_t kMaxMemoryChunk = 0x1000;    // bytes per m reply (hex doubles it)
constexpr uint64_t kAddressSpace = 1ull << 32;  // RV32: nothing lies at or beyond 2^32

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

// A number in hex without leading zeros (thread ids).
std::string hex_num(uint64_t v) {
    char buf[20];
    std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(v));
    return buf;
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

// [a, a + n) lies inside the 32-bit address space (no wrap-around to address 0).
bool in_address_space(uint64_t a, uint64_t n) { return a < kAddressSpace && n <= kAddressSpace - a; }

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
// Framing

RspFramer::Event RspFramer::push(uint8_t c) {
    switch (state_) {
        case State::Idle:
            if (c == 0x03) return Event::Interrupt;
            if (c == '$') {
                state_ = State::Body;
                pkt_.clear();
                sum_ = 0;
                received_ = 0;
                too_long_ = false;
            }
            return Event::None;  // acks and stray bytes
        case State::Body:
        case State::Escape:
            if (c == '#') {
                state_ = State::Sum1;
                return Event::None;
            }
            // Longer than the PacketSize we announced: not a packet gdb sends. The rest is read
            // and dropped up to its end, so host memory stays bounded whatever arrives.
            if (++received_ > kPacketSize) {
                too_long_ = true;
                return Event::None;
            }
            sum_ = uint8_t(sum_ + c);
            if (state_ == State::Escape) {
                pkt_ += char(c ^ 0x20);
                state_ = State::Body;
            } else if (c == '}') {
                state_ = State::Escape;
            } else {
                pkt_ += char(c);
            }
            return Event::None;
        case State::Sum1:
            sum_hi_ = hexval(char(c));
            state_ = State::Sum2;
            return Event::None;
        case State::Sum2: {
            state_ = State::Idle;
            const int lo = hexval(char(c));
            const bool ok = !too_long_ && sum_hi_ >= 0 && lo >= 0 && uint8_t(sum_hi_ << 4 | lo) == sum_;
            return ok ? Event::Packet : Event::BadPacket;
        }
    }
    return Event::None;
}

std::string rsp_frame(const std::string& payload) {
    uint8_t sum = 0;
    for (char c : payload) sum = uint8_t(sum + uint8_t(c));
    char tail[4];
    std::snprintf(tail, sizeof tail, "#%02x", sum);
    return "$" + payload + tail;
}

// ---------------------------------------------------------------------------------------------
// Threads

RspCommands::RspCommands(std::vector<iss::Hart*> harts) : harts_(std::move(harts)) {}

void RspCommands::set_stopped(size_t h) {
    if (h >= harts_.size()) return;
    if (h != stopped_) pc_override_.reset();  // (it belonged to the previous stop's hart)
    stopped_ = g_ = h;
}

bool RspCommands::parse_thread(const std::string& s, int64_t& tid) const {
    if (s == "-1") return tid = kAll, true;
    size_t pos = 0;
    uint64_t v = 0;
    if (!parse_num(s, pos, v) || pos != s.size() || v > harts_.size()) return false;
    tid = int64_t(v);  // 0: any thread
    return true;
}

std::string RspCommands::thread_tag() const { return "thread:" + hex_num(stopped_ + 1) + ";"; }

// ---------------------------------------------------------------------------------------------
// Commands

RspCommands::Result RspCommands::handle(const std::string& pkt) {
    // A watchpoint's pc override is the stopped hart's (see present_watch_before_access).
    std::optional<uint32_t>& pc_override = g_ == stopped_ ? pc_override_ : no_override_;
    if (pkt.empty()) return {};
    const char cmd = pkt[0];
    size_t pos = 1;
    uint64_t a = 0, n = 0;
    switch (cmd) {
        case '?': return last_stop_;
        case 'g': return read_registers();
        case 'G': return write_registers(pkt.substr(1));
        case 'p': {
            if (!parse_num(pkt, pos, n) || n >= kCsrBase + 4096) return "E01";
            uint32_t v;
            if (!read_reg(unsigned(n), v)) return n >= kFpBase && n < kCsrBase + 4096 ? "xxxxxxxx" : "E01";
            if (n == 32 && pc_override) v = *pc_override;
            return hex_le32(v);
        }
        case 'P': {
            uint32_t v;
            if (!parse_num(pkt, pos, n) || n >= kCsrBase + 4096 || !expect(pkt, pos, '=') || !parse_le32(pkt, pos, v))
                return "E01";
            if (n == 32 && pc_override && v == *pc_override) return "OK";  // unchanged (see .h)
            if (!write_reg(unsigned(n), v)) return "E01";
            if (n == 32) pc_override.reset();
            return "OK";
        }
        case 'm':
            if (!parse_num(pkt, pos, a) || !expect(pkt, pos, ',') || !parse_num(pkt, pos, n) || !in_address_space(a, 0))
                return "E01";
            // A short reply is allowed: at most one chunk, and nothing from beyond the end of the address space.
            return read_memory(uint32_t(a), uint32_t(std::min<uint64_t>({n, kMaxMemoryChunk, kAddressSpace - a})));
        case 'M': {
            std::vector<uint8_t> data;
            if (!parse_num(pkt, pos, a) || !expect(pkt, pos, ',') || !parse_num(pkt, pos, n) ||
                !expect(pkt, pos, ':') || n > kPacketSize || !in_address_space(a, n) ||
                !parse_hex_bytes(pkt, pos, n, data))
                return "E01";
            return write_memory(uint32_t(a), data);
        }
        case 'X': {  // binary write; the packet reader already removed the escapes
            if (!parse_num(pkt, pos, a) || !expect(pkt, pos, ',') || !parse_num(pkt, pos, n) ||
                !expect(pkt, pos, ':') || pkt.size() - pos != n || !in_address_space(a, n))
                return "E01";
            return write_memory(uint32_t(a), std::vector<uint8_t>(pkt.begin() + long(pos), pkt.end()));
        }
        case 'c':
        case 's':
        case 'C':
        case 'S': {
            // c [addr], s [addr], C sig[;addr], S sig[;addr]: the signal is ignored (no OS here). The
            // thread is Hc's (the stopped one when Hc names none); the address is its new pc.
            const size_t t = c_ > 0 ? size_t(c_ - 1) : stopped_;
            if (cmd == 'C' || cmd == 'S') {
                parse_num(pkt, pos, n);
                if (expect(pkt, pos, ';') && parse_num(pkt, pos, a)) harts_[t]->set_pc(uint32_t(a));
            } else if (parse_num(pkt, pos, a)) {
                harts_[t]->set_pc(uint32_t(a));
            }
            if (pos > 1 && t == stopped_) pc_override_.reset();
            step_hart_ = t;
            return {(cmd == 'c' || cmd == 'C') ? Action::Continue : Action::Step, ""};
        }
        case 'Z':
        case 'z': return handle_breakpoint(pkt);
        case 'k': return {Action::Kill, ""};  // no reply
        case 'D': return {Action::Detach, "OK"};
        case 'H': {  // Hg<id>: registers and memory; Hc<id>: what 's' and 'c' resume
            int64_t tid = 0;
            if (pkt.size() < 3 || (pkt[1] != 'g' && pkt[1] != 'c') || !parse_thread(pkt.substr(2), tid)) return "E01";
            if (pkt[1] == 'c')
                c_ = tid;
            else if (tid > 0)
                g_ = size_t(tid - 1);  // (0 / -1: any thread will do: the current one stays)
            return "OK";
        }
        case 'T': {  // is thread <id> alive: every hart is, for the whole run
            int64_t tid = 0;
            return parse_thread(pkt.substr(1), tid) && tid > 0 ? "OK" : "E01";
        }
        case 'q': return handle_query(pkt);
        case 'Q': return pkt == "QStartNoAckMode" ? "OK" : "";
        case 'v': return handle_vpacket(pkt);
        default: return "";  // not supported
    }
}

std::string RspCommands::handle_query(const std::string& pkt) {
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
    if (pkt == "qC") return "QC" + hex_num(g_ + 1);
    if (pkt == "qfThreadInfo") {  // all threads in one reply (at most 64 harts: 3 bytes each)
        std::string r = "m";
        for (size_t i = 0; i < harts_.size(); ++i) r += (i ? "," : "") + hex_num(i + 1);
        return r;
    }
    if (pkt == "qsThreadInfo") return "l";
    static const std::string kExtra = "qThreadExtraInfo,";
    if (pkt.rfind(kExtra, 0) == 0) {  // shown by `info threads`: "hart <mhartid>"
        int64_t tid = 0;
        if (!parse_thread(pkt.substr(kExtra.size()), tid) || tid <= 0) return "E01";
        const iss::Hart& t = *harts_[size_t(tid - 1)];
        const std::string text = "hart " + std::to_string(t.config().hartid) + (t.waiting() ? " (wfi)" : "");
        return hex_bytes(text.data(), text.size());
    }
    if (pkt.rfind("qSymbol", 0) == 0) return "OK";
    return "";
}

RspCommands::Result RspCommands::handle_vpacket(const std::string& pkt) {
    if (pkt == "vCont?") return {Action::Reply, "vCont;c;C;s;S"};
    if (pkt.rfind("vCont;", 0) == 0) {
        // vCont;action[:thread];... — every thread resumes (the harts share one simulated time, so a
        // thread without an action runs on too: gdb's scheduler-locking is not honoured, docs/gdb.md).
        // A step for a named thread (or for all) single-steps that hart; otherwise it is a continue.
        size_t pos = 5;
        std::optional<Result> result;
        while (pos < pkt.size() && pkt[pos] == ';') {
            const size_t end = pkt.find(';', pos + 1);
            const std::string act = pkt.substr(pos + 1, end == std::string::npos ? std::string::npos : end - pos - 1);
            pos = end == std::string::npos ? pkt.size() : end;
            const size_t colon = act.find(':');
            std::string tid_text = colon == std::string::npos ? "-1" : act.substr(colon + 1);
            if (tid_text.rfind("p1.", 0) == 0) tid_text.erase(0, 3);  // (multiprocess form, one process)
            int64_t tid = 0;
            if (act.empty() || !parse_thread(tid_text, tid)) return {Action::Reply, "E01"};
            const char c = act[0];
            const bool step = c == 's' || c == 'S';
            if (!step && c != 'c' && c != 'C') return {Action::Reply, "E01"};  // t, r: not supported
            if (result) continue;  // the leftmost action that applies to a thread wins (per thread)
            if (step) {
                step_hart_ = tid > 0 ? size_t(tid - 1) : stopped_;
                result = Result{Action::Step, ""};
            } else if (tid <= 0) {
                result = Result{Action::Continue, ""};
            }
            // (c for one named thread: others may still be stepped by a later action)
        }
        return result ? *result : Result{Action::Continue, ""};
    }
    if (pkt.rfind("vKill", 0) == 0) return {Action::Kill, "OK"};
    return {};  // vMustReplyEmpty and anything else
}

std::string RspCommands::handle_breakpoint(const std::string& pkt) {
    const bool insert = pkt[0] == 'Z';
    if (pkt.size() < 2) return "E01";
    const char type = pkt[1];
    size_t pos = 2;
    uint64_t a = 0, kind = 0;
    if (!expect(pkt, pos, ',') || !parse_num(pkt, pos, a) || !expect(pkt, pos, ',') || !parse_num(pkt, pos, kind) ||
        !in_address_space(a, 0))
        return "E01";
    const uint32_t addr = uint32_t(a);
    switch (type) {
        case '0':  // software breakpoint: the hart's breakpoints leave memory untouched
        case '1':  // hardware breakpoint: a trigger (see add_bp)
            if (insert) return add_bp(addr, type == '1') ? "OK" : "E01";
            remove_bp(addr, type == '1');
            return "OK";
        case '2':
        case '3':
        case '4': {
            // A range reaching past the end of the address space is cut there (gdb's
            // `watch *(long long*)0xfffffffc` asks for 8 bytes at 0xfffffffc).
            if (kind == 0 || kind >= kAddressSpace) return "E01";
            const uint32_t len = uint32_t(std::min<uint64_t>(kind, kAddressSpace - a));
            const iss::WatchKind k = type == '2'   ? iss::WatchKind::Write
                                     : type == '3' ? iss::WatchKind::Read
                                                   : iss::WatchKind::Access;
            auto same = [&](const Watch& w) { return w.addr == addr && w.len == len && w.kind == k; };
            const auto count = std::count_if(watches_.begin(), watches_.end(), same);
            if (insert) {
                if (watches_.size() >= kMaxWatchpoints) return "E01";
                if (count == 0)
                    for (iss::Hart* h : harts_) h->add_watchpoint(addr, len, k);
                watches_.push_back(Watch{addr, len, k});
            } else {
                const auto it = std::find_if(watches_.begin(), watches_.end(), same);
                if (it == watches_.end()) return "E01";
                watches_.erase(it);
                if (count == 1)
                    for (iss::Hart* h : harts_) h->remove_watchpoint(addr, len, k);
            }
            return "OK";
        }
        default: return "";  // unsupported type
    }
}

// Software breakpoints (Z0) live in each hart's debug table; hardware breakpoints (Z1) take a
// trigger of each hart's trigger module, as on silicon: at most Triggers::kCount, fewer when the
// firmware uses triggers itself (on any hart: then the breakpoint is refused on all).
bool RspCommands::add_bp(uint32_t addr, bool hw) {
    if (sw_bps_.size() + hw_bps_.size() >= kMaxBreakpoints) return false;  // (counting repeats)
    auto& set = hw ? hw_bps_ : sw_bps_;
    if (!set.count(addr)) {
        for (size_t i = 0; i < harts_.size(); ++i) {
            if (!hw) {
                harts_[i]->add_breakpoint(addr);
            } else if (!harts_[i]->add_trigger_breakpoint(addr)) {  // no free trigger: undo
                for (size_t j = 0; j < i; ++j) harts_[j]->remove_trigger_breakpoint(addr);
                return false;
            }
        }
    }
    set.insert(addr);
    return true;
}

bool RspCommands::remove_bp(uint32_t addr, bool hw) {
    auto& set = hw ? hw_bps_ : sw_bps_;
    const auto it = set.find(addr);
    if (it == set.end()) return false;
    set.erase(it);
    if (!set.count(addr))
        for (iss::Hart* h : harts_) {
            if (hw)
                h->remove_trigger_breakpoint(addr);
            else
                h->remove_breakpoint(addr);
        }
    return true;
}

bool RspCommands::read_reg(unsigned n, uint32_t& v) {
    iss::Hart& h = cur();
    if (n < kPcReg) return v = h.x(n), true;
    if (n == kPcReg) return v = h.pc(), true;
    if (n < kCsrBase) return (h.config().misa & iss::kMisaF) ? (v = h.f(n - kFpBase), true) : false;
    return n < kCsrBase + 4096 && h.read_csr(uint16_t(n - kCsrBase), v);
}

bool RspCommands::write_reg(unsigned n, uint32_t v) {
    iss::Hart& h = cur();
    if (n < kPcReg) return h.set_x(n, v), true;
    if (n == kPcReg) return h.set_pc(v), true;
    if (n < kCsrBase) return (h.config().misa & iss::kMisaF) ? (h.set_f(n - kFpBase, v), true) : false;
    return n < kCsrBase + 4096 && h.write_csr(uint16_t(n - kCsrBase), v);
}

std::string RspCommands::read_registers() {
    // x0-x31 and pc; gdb fetches the FP registers and CSRs with 'p' (they are not in the g packet).
    std::string s;
    for (unsigned i = 0; i <= kPcReg; ++i) {
        uint32_t v = 0;
        read_reg(i, v);
        if (i == kPcReg && pc_override_ && g_ == stopped_) v = *pc_override_;
        s += hex_le32(v);
    }
    return s;
}

std::string RspCommands::write_registers(const std::string& hex) {
    for (unsigned i = 0; i <= kPcReg && (i + 1) * 8 <= hex.size(); ++i) {
        if (hex.compare(i * 8, 8, "xxxxxxxx") == 0) continue;
        uint32_t v;
        if (!parse_le32(hex, i * 8, v)) return "E01";
        if (i == kPcReg && pc_override_ && g_ == stopped_) {
            if (v == *pc_override_) continue;  // unchanged
            pc_override_.reset();
        }
        write_reg(i, v);
    }
    return "OK";
}

// Memory as the selected thread's hart sees it: virtual addresses while it runs below M with Sv32 on
// (Hart::debug_translate, page by page), physical otherwise.
bool RspCommands::access_memory(bool write, uint32_t addr, uint8_t* data, uint32_t len) {
    iss::Hart& h = cur();
    while (len) {
        const uint32_t part = std::min<uint32_t>(len, 0x1000 - (addr & 0xfff));
        uint32_t pa;
        if (!h.debug_translate(addr, pa) || !(write ? h.debug_write(pa, data, part) : h.debug_read(pa, data, part)))
            return false;
        addr += part;
        data += part;
        len -= part;
    }
    return true;
}

std::string RspCommands::read_memory(uint32_t addr, uint32_t len) {
    std::vector<uint8_t> buf(len);
    if (len && !access_memory(false, addr, buf.data(), len)) {
        // Partial reads: as much as is readable from the start (gdb accepts a short reply).
        uint32_t ok = 0;
        while (ok < len && access_memory(false, addr + ok, &buf[ok], 1)) ++ok;
        if (ok == 0) return "E14";
        buf.resize(ok);
    }
    return hex_bytes(buf.data(), buf.size());
}

std::string RspCommands::write_memory(uint32_t addr, const std::vector<uint8_t>& data) {
    if (data.empty()) return "OK";
    std::vector<uint8_t> copy(data);
    return access_memory(true, addr, copy.data(), uint32_t(copy.size())) ? "OK" : "E14";
}

std::string RspCommands::target_xml() const {
    iss::Hart& h = *harts_.front();  // (the harts are homogeneous: one description for every thread)
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

// gdb's RISC-V port takes watchpoints as triggering before the access (it then steps the accessing
// instruction itself, with the watchpoints removed); the hart stops after the instruction. So gdb is
// shown the accessing instruction's pc; it puts its step breakpoint on the next instruction, where
// the hart really is, and the stub reports that breakpoint without running anything.
void RspCommands::present_watch_before_access() {
    iss::Hart& h = *harts_[stopped_];
    const uint32_t at = h.last_watch_hit().pc;
    iss::DecodedInsn d;
    if (h.decode_at_debug(at, d) && at + d.length() == h.pc()) pc_override_ = at;  // (not after a trap)
}

std::string RspCommands::breakpoint_reply() const {
    const uint32_t pc = harts_[stopped_]->pc();
    return "T05" + thread_tag() + (sw_bps_.count(pc) || !hw_bps_.count(pc) ? "swbreak:;" : "hwbreak:;");
}

std::string RspCommands::stop_reply(iss::StopReason why) const {
    const iss::Hart& h = *harts_[stopped_];
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
                std::snprintf(buf, sizeof buf, "%s:%x;", kind, addr);
                return "T05" + thread_tag() + buf;
            }
            return "T05" + thread_tag();
        }
        case iss::StopReason::Trap: {
            const uint32_t cause = h.last_trap().cause;
            const int sig = cause == iss::kIllegalInsn       ? 4
                            : cause == iss::kBreakpointCause ? 5
                                                             : 11;  // SIGILL/TRAP/SEGV
            std::snprintf(buf, sizeof buf, "T%02x", sig);
            return buf + thread_tag();
        }
        default: return "T05" + thread_tag();
    }
}

void RspCommands::clear() {
    for (iss::Hart* h : harts_) {
        for (uint32_t a : std::set<uint32_t>(sw_bps_.begin(), sw_bps_.end())) h->remove_breakpoint(a);
        for (uint32_t a : std::set<uint32_t>(hw_bps_.begin(), hw_bps_.end())) h->remove_trigger_breakpoint(a);
        std::set<std::tuple<uint32_t, uint32_t, int>> seen;  // (each distinct watchpoint was set once)
        for (const Watch& w : watches_)
            if (seen.insert({w.addr, w.len, int(w.kind)}).second) h->remove_watchpoint(w.addr, w.len, w.kind);
    }
    watches_.clear();
    pc_override_.reset();
}

}  // namespace vp::gdb
