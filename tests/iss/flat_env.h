// A minimal HartEnv for unit tests and the iss-run harness: one flat RAM, plus a 16550-style UART
// transmit register and a sifive_test finisher at their QEMU virt addresses, so simple firmware
// runs unchanged. Not a platform model.
#pragma once

#include <cstring>
#include <string>
#include <vector>

#include "models/cpu/iss/hart.h"

namespace vp::iss::test {

class FlatEnv : public HartEnv {
public:
    static constexpr uint32_t kUartThr = 0x10000000, kUartLsr = 0x10000005, kFinisher = 0x00100000;
    // CLINT (QEMU virt layout) with mtime = cycles / 100 (10 MHz at a 1 GHz core clock)
    static constexpr uint32_t kClintMsip = 0x02000000, kClintMtimecmp = 0x02004000, kClintMtime = 0x0200bff8;
    static constexpr uint64_t kCyclesPerTick = 100;

    FlatEnv(uint32_t base, uint32_t size) : base_(base), ram_(size, 0) {}

    uint32_t base() const { return base_; }
    uint8_t* host(uint32_t addr) { return ram_.data() + (addr - base_); }
    bool in_ram(uint32_t addr, uint32_t len) const {
        return addr >= base_ && uint64_t(addr - base_) + len <= ram_.size();
    }
    FastRegion fast_region(uint32_t read_cycles = 0, uint32_t write_cycles = 0) {
        FastRegion r;
        r.host = ram_.data();
        r.base = base_;
        r.size = uint32_t(ram_.size());
        r.read_cycles = read_cycles;
        r.write_cycles = write_cycles;
        return r;
    }
    void write32(uint32_t addr, uint32_t v) { std::memcpy(host(addr), &v, 4); }
    uint32_t read32(uint32_t addr) {
        uint32_t v;
        std::memcpy(&v, host(addr), 4);
        return v;
    }

    MemStatus access(AccessKind kind, uint32_t addr, void* data, unsigned len, uint64_t& cycles) override {
        ++slow_accesses;
        cycles += slow_cycles;
        if (in_ram(addr, len)) {
            if (is_write(kind))
                std::memcpy(host(addr), data, len);
            else
                std::memcpy(data, host(addr), len);
            return MemStatus::Ok;
        }
        if (addr >= kUartThr && addr < kUartThr + 8) {
            if (kind == AccessKind::Store && addr == kUartThr) console_write(static_cast<const char*>(data), 1);
            if (kind == AccessKind::Load) std::memset(data, addr == kUartLsr ? 0x60 : 0, len);  // THR empty
            return MemStatus::Ok;
        }
        if (addr >= kClintMsip && addr < kClintMsip + 0xc000 && len == 4) return clint(kind, addr, data);
        if (kind == AccessKind::Store && addr == kFinisher && len == 4) {
            uint32_t v;
            std::memcpy(&v, data, 4);
            if ((v & 0xffff) == 0x5555)
                exit_request(0);
            else if ((v & 0xffff) == 0x3333)
                exit_request(int(v >> 16));
            if (hart) hart->request_stop(StopReason::Exit);
            return MemStatus::Ok;
        }
        return MemStatus::AccessFault;
    }
    bool debug_access(bool write, uint32_t addr, void* data, unsigned len) override {
        if (!in_ram(addr, len)) return false;
        if (write)
            std::memcpy(host(addr), data, len);
        else
            std::memcpy(data, host(addr), len);
        return true;
    }
    void cache_op(CacheOp op, uint32_t addr, uint64_t& cycles) override {
        cache_ops.push_back({op, addr});
        cycles += 10;
    }
    uint64_t read_time() override { return hart ? hart->cycles() / kCyclesPerTick : 0; }
    void console_write(const char* s, size_t n) override {
        console.append(s, n);
        if (echo) fwrite(s, 1, n, stdout);
    }
    size_t console_read(char* s, size_t n) override {
        size_t k = 0;
        while (k < n && input_pos < input.size()) s[k++] = input[input_pos++];
        return k;
    }
    void warning(const std::string& message) override { warnings.push_back(message); }
    // Checkpoints at the multiples of checkpoint_period, as an embedding with a fixed quantum sets them.
    uint64_t checkpoint(uint64_t cycle) override {
        checkpoints.push_back(cycle);
        return (cycle / checkpoint_period + 1) * checkpoint_period;
    }
    void exit_request(int code) override {
        exited = true;
        exit_code = code;
    }
    bool tohost_write(uint32_t value) override {
        if (value & 1) {
            exit_request(int(value >> 1));
            return true;
        }
        return false;
    }

    MemStatus clint(AccessKind kind, uint32_t addr, void* data) {
        uint32_t v = 0;
        if (is_write(kind)) std::memcpy(&v, data, 4);
        const uint64_t mtime = hart ? hart->cycles() / kCyclesPerTick : 0;
        if (addr == kClintMsip) {
            if (is_write(kind) && hart)
                hart->set_irq_pending(3, v & 1);
            else
                v = hart && (hart->mip() & kMSIP) ? 1 : 0;
        } else if (addr == kClintMtimecmp || addr == kClintMtimecmp + 4) {
            const unsigned shift = addr == kClintMtimecmp ? 0 : 32;
            if (is_write(kind)) {
                mtimecmp = (mtimecmp & ~(0xffffffffull << shift)) | uint64_t(v) << shift;
                if (hart)
                    hart->set_timer_deadline(mtimecmp >= ~0ull / kCyclesPerTick ? ~0ull : mtimecmp * kCyclesPerTick);
            } else {
                v = uint32_t(mtimecmp >> shift);
            }
        } else if (addr == kClintMtime || addr == kClintMtime + 4) {
            if (!is_write(kind)) v = uint32_t(mtime >> (addr == kClintMtime ? 0 : 32));
        } else {
            return MemStatus::AccessFault;
        }
        if (!is_write(kind)) std::memcpy(data, &v, 4);
        return MemStatus::Ok;
    }

    uint64_t mtimecmp = ~0ull;
    Hart* hart = nullptr;  // set by the user, for read_time and the finisher
    std::string console, input;
    std::vector<std::string> warnings;
    size_t input_pos = 0;
    bool echo = false;
    bool exited = false;
    int exit_code = -1;
    uint64_t slow_accesses = 0;
    uint64_t slow_cycles = 0;
    uint64_t checkpoint_period = 1;
    std::vector<uint64_t> checkpoints;  // the cycles checkpoint() was called at
    struct CacheOpRecord {
        CacheOp op;
        uint32_t addr;
    };
    std::vector<CacheOpRecord> cache_ops;

private:
    uint32_t base_;
    std::vector<uint8_t> ram_;
};

}  // namespace vp::iss::test
