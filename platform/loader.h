// The loader: a TLM initiator on the bus that places ELF images and data blobs in memory with
// transport_dbg (untimed, as a JTAG loader or a debugger would), and writes the boot-info block
// (include/vp/regs/bootinfo.h) that tells firmware where its data is.
#pragma once
#include <cstdint>
#include <functional>
#include <istream>
#include <stdexcept>
#include <string>
#include <vector>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include "models/cpu/iss/elf_loader.h"
#include "vp/regs/bootinfo.h"

namespace vp {

class Loader : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<Loader> socket;

    explicit Loader(sc_core::sc_module_name name);

    // Runs `fn` once the platform is elaborated (socket bindings complete) and before any process
    // runs: the place to load images. Exceptions propagate out of the first sc_start().
    void when_elaborated(std::function<void()> fn) { when_elaborated_ = std::move(fn); }

    // Writes/reads `len` bytes at bus address `addr`; throws std::runtime_error naming the address
    // when part of the range is not backed by a target that accepts debug accesses.
    void write(uint64_t addr, const void* data, size_t len, const std::string& what);
    // Writes over memory without placing anything: no overlap check (what running software would
    // write into an image placed before, e.g. a host-side test standing in for the firmware).
    void overwrite(uint64_t addr, const void* data, size_t len, const std::string& what);
    void read(uint64_t addr, void* data, size_t len, const std::string& what);
    // write() of `len` bytes read from `in`, in chunks through one small buffer (a data set of
    // hundreds of MB needs no copy of itself in host memory). Places the whole range first; throws
    // std::runtime_error as write() does, and ReadError when `in` ends or fails before `len` bytes.
    struct ReadError : std::runtime_error {
        using std::runtime_error::runtime_error;
    };
    void write_from(uint64_t addr, std::istream& in, uint64_t len, const std::string& what);

    // Places every PT_LOAD segment of `elf` at its physical address.
    void load_elf(const iss::ElfImage& elf, const std::string& path);

    // Boot-info entries, written as one block at VP_BOOTINFO_ADDR by write_bootinfo().
    void add_bootinfo(const std::string& name, uint32_t addr, uint32_t size);
    // A device instance for the block's device table (VP_BOOTINFO_DEV_OFFSET).
    void add_bootinfo_device(const std::string& name, const std::string& type, uint32_t base, uint32_t size,
                             uint32_t irq, uint32_t index);
    void write_bootinfo();
    size_t bootinfo_entries() const { return entries_.size(); }
    // The entry called `name`: false if there is none.
    bool find_bootinfo(const std::string& name, uint32_t& addr, uint32_t& size) const {
        for (const Entry& e : entries_)
            if (e.name == name) {
                addr = e.addr;
                size = e.size;
                return true;
            }
        return false;
    }

private:
    void end_of_elaboration() override {
        if (when_elaborated_) when_elaborated_();
    }

    // Records that [addr, addr + len) holds `what`; throws when it overlaps something placed before.
    void claim(uint64_t addr, uint64_t len, const std::string& what);

    std::function<void()> when_elaborated_;
    struct Placed {
        uint64_t lo, hi;
        std::string what;
    };
    std::vector<Placed> placed_;
    struct Entry {
        std::string name;
        uint32_t addr, size;
    };
    std::vector<Entry> entries_;
    std::vector<vp_bootinfo_dev_t> devices_;
};

}  // namespace vp
