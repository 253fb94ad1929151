#include "models/periph/mmio_device.h"
#include <stdexcept>

namespace vp {

Register& RegisterBank::add(const std::string& name, uint64_t offset, unsigned width) {
    if (width != 1 && width != 2 && width != 4 && width != 8)
        throw std::logic_error("register " + name + ": bad width");
    auto next = regs_.lower_bound(offset);
    if (next != regs_.end() && next->first < offset + width)
        throw std::logic_error("register " + name + " overlaps " + next->second.name());
    if (next != regs_.begin()) {
        auto& prev = std::prev(next)->second;
        if (prev.offset() + prev.width() > offset)
            throw std::logic_error("register " + name + " overlaps " + prev.name());
    }
    return regs_.emplace(offset, Register(name, offset, width)).first->second;
}

const Register* RegisterBank::find(uint64_t offset) const {
    auto it = regs_.upper_bound(offset);
    if (it == regs_.begin()) return nullptr;
    --it;
    return offset - it->first < it->second.width() ? &it->second : nullptr;
}

tlm::tlm_response_status RegisterBank::access(tlm::tlm_generic_payload& p, const RegAccess& a, unsigned* transferred) {
    auto done = [&](tlm::tlm_response_status s, unsigned n) {
        p.set_response_status(s);
        if (transferred) *transferred = n;
        return s;
    };
    const uint64_t off = p.get_address();
    const unsigned len = p.get_data_length();
    if (p.get_byte_enable_ptr()) return done(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE, 0);
    if (p.get_streaming_width() < len) return done(tlm::TLM_BURST_ERROR_RESPONSE, 0);

    Register* r = find(off);
    const bool size_ok = len <= 8 && (len & (len - 1)) == 0 && len != 0;
    if (!r || !size_ok || !(r->sizes_ & (1u << len)) || off % len != 0 || off + len > r->offset_ + r->width_) {
        log_->debug("{} {} bytes at offset 0x{:x}: no such register or wrong size", p.is_write() ? "write" : "read",
                    len, off);
        return done(tlm::TLM_ADDRESS_ERROR_RESPONSE, 0);
    }
    if (p.get_command() == tlm::TLM_IGNORE_COMMAND) return done(tlm::TLM_OK_RESPONSE, 0);

    const unsigned shift = unsigned(off - r->offset_) * 8;
    const uint64_t mask = len == 8 ? ~uint64_t(0) : ((uint64_t(1) << (8 * len)) - 1);
    uint8_t* data = p.get_data_ptr();
    auto side_effect_free_read = [&] {
        const auto& fn = r->peek_ ? r->peek_ : r->read_;
        return fn ? fn(RegAccess{a.at, true}) : 0;
    };

    RegAccess lane = a;  // tells the callbacks which bytes this access covers
    lane.offset = unsigned(off - r->offset_);
    lane.size = len;
    if (p.is_read()) {
        uint64_t v = 0;
        if (a.debug)
            v = side_effect_free_read();
        else if (r->read_)
            v = r->read_(lane);
        v >>= shift;
        for (unsigned i = 0; i < len; ++i) data[i] = uint8_t(v >> (8 * i));
        return done(tlm::TLM_OK_RESPONSE, len);
    }

    if (a.debug && !r->debug_write_) return done(tlm::TLM_OK_RESPONSE, 0);
    if (!r->write_) {
        if (!r->warned_read_only_ && !a.debug)
            VP_WARN(log_, "write to read-only register {} ignored (further ones not reported)", r->name_);
        r->warned_read_only_ = true;
        return done(tlm::TLM_OK_RESPONSE, len);
    }
    uint64_t v = 0;
    for (unsigned i = 0; i < len; ++i) v |= uint64_t(data[i]) << (8 * i);
    if (len < r->width_) v = (side_effect_free_read() & ~(mask << shift)) | (v << shift);
    r->write_(v, lane);
    return done(tlm::TLM_OK_RESPONSE, len);
}

void MmioPort::declare_port(config::Params& p, const std::string& what) {
    using config::Kind;
    p.add(base, "base", Kind::Address, "", "base address of the " + what + " register window");
    p.add(latency, "latency", Kind::Time, "ps", "access latency of a register (device port busy time)");
}

MmioDevice::MmioDevice(sc_core::sc_module_name name, SimContext& ctx, const MmioPort& port, uint64_t size)
    : sc_module(name),
      Component(ctx, std::string(sc_module::name())),
      socket("socket"),
      regs_(log_),
      transactions_(stats_.counter("transactions", "count", "register accesses serviced (including errors)")),
      errors_(stats_.counter("errors", "count", "accesses answered with an error (no register, wrong size)")),
      base_(port.base),
      size_(size),
      latency_(port.latency) {
    socket.register_b_transport(this, &MmioDevice::b_transport);
    socket.register_transport_dbg(this, &MmioDevice::transport_dbg);
}

void MmioDevice::b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) {
    const Tick now = sim_now();
    const Tick arrival = now + to_tick(delay);
    TraceSpan span(ctx_.tracer, trace_id(), p, arrival);
    ++transactions_;
    const Tick start = port_.reserve(arrival, latency_);
    span.start(start);
    span.attr("wait_ps", int64_t(start - arrival));
    const auto status = regs_.access(p, RegAccess{start, false});
    if (status != tlm::TLM_OK_RESPONSE) ++errors_;
    const Tick end = start + latency_;
    span.finish(end, status);
    delay = to_sc_time(end - now);
}

unsigned MmioDevice::transport_dbg(tlm::tlm_generic_payload& p) {
    unsigned n = 0;
    regs_.access(p, RegAccess{sim_now(), true}, &n);
    return n;
}

}  // namespace vp
