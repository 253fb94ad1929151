#include "platform/loader.h"
#include <cstddef>
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <vector>
#include "models/common/debug_transfer.h"
#include "vp/regs/bootinfo.h"
#include "vp/regs/memmap.h"

namespace vp {

Loader::Loader(sc_core::sc_module_name name) : sc_module(name), socket("socket") {}

static std::string hex(uint64_t v) {
    char b[24];
    snprintf(b, sizeof b, "0x%llx", (unsigned long long)v);
    return b;
}

void Loader::claim(uint64_t addr, uint64_t len, const std::string& what) {
    if (len == 0) return;
    if (addr + len < addr)
        throw std::runtime_error("cannot load " + what + ": " + hex(addr) + " + " + hex(len) +
                                 " wraps around the address space");
    for (const Placed& p : placed_)
        if (addr < p.hi && p.lo < addr + len)
            throw std::runtime_error("cannot load " + what + " at [" + hex(addr) + ", " + hex(addr + len) +
                                     "): it overlaps " + p.what + " at [" + hex(p.lo) + ", " + hex(p.hi) + ")");
    placed_.push_back({addr, addr + len, what});
}

void Loader::write(uint64_t addr, const void* data, size_t len, const std::string& what) {
    claim(addr, len, what);
    overwrite(addr, data, len, what);
}

void Loader::overwrite(uint64_t addr, const void* data, size_t len, const std::string& what) {
    // Large blobs go in chunks: a target may clip a debug access at its own end.
    const auto* bytes = static_cast<const uint8_t*>(data);
    size_t done = 0;
    while (done < len) {
        const size_t chunk = std::min<size_t>(len - done, 1 << 20);
        const unsigned n =
            debug_transfer(socket, true, addr + done, const_cast<uint8_t*>(bytes + done), unsigned(chunk));
        if (n != chunk)
            throw std::runtime_error("cannot load " + what + ": no memory at " + hex(addr + done + n) + " (" +
                                     std::to_string(len) + " bytes at " + hex(addr) + ")");
        done += chunk;
    }
}

void Loader::write_from(uint64_t addr, std::istream& in, uint64_t len, const std::string& what) {
    claim(addr, len, what);  // (before reading: a misplaced data set costs no I/O)
    std::vector<char> chunk(size_t(std::min<uint64_t>(len, 1 << 20)));
    for (uint64_t done = 0; done < len;) {
        const size_t n = size_t(std::min<uint64_t>(len - done, chunk.size()));
        if (!in.read(chunk.data(), std::streamsize(n)))
            throw ReadError("cannot read " + what + " (" + std::to_string(len) + " bytes: it ends after " +
                            std::to_string(done + uint64_t(in.gcount())) + ")");
        overwrite(addr + done, chunk.data(), n, what);
        done += n;
    }
}

void Loader::read(uint64_t addr, void* data, size_t len, const std::string& what) {
    auto* bytes = static_cast<uint8_t*>(data);
    size_t done = 0;
    while (done < len) {
        const size_t chunk = std::min<size_t>(len - done, 1 << 20);
        if (debug_transfer(socket, false, addr + done, bytes + done, unsigned(chunk)) != chunk)
            throw std::runtime_error("cannot read " + what + ": no memory at " + hex(addr + done));
        done += chunk;
    }
}

void Loader::load_elf(const iss::ElfImage& elf, const std::string& path) {
    for (auto& seg : elf.segments()) {
        if (!seg.data.empty()) write(seg.paddr, seg.data.data(), seg.data.size(), path);
        if (seg.memsz > seg.data.size()) {
            // Memories start zeroed and nothing else may overlap the segment (claim), so the zero
            // part needs no writing: only a check that memory backs it, at both ends.
            const uint64_t lo = uint64_t(seg.paddr) + seg.data.size(), len = seg.memsz - seg.data.size();
            const std::string what = path + " (.bss, " + std::to_string(len) + " bytes)";
            claim(lo, len, what);
            uint8_t probe;
            if (seg.data.empty()) read(lo, &probe, 1, what);  // else the data write checked the start
            read(lo + len - 1, &probe, 1, what);
        }
    }
}

void Loader::add_bootinfo(const std::string& name, uint32_t addr, uint32_t size) {
    if (name.size() >= VP_BOOTINFO_NAMELEN)
        throw std::runtime_error("boot-info name '" + name + "' longer than " +
                                 std::to_string(VP_BOOTINFO_NAMELEN - 1));
    if (entries_.size() >= VP_BOOTINFO_MAX)
        throw std::runtime_error("more than " + std::to_string(VP_BOOTINFO_MAX) + " boot-info entries");
    entries_.push_back({name, addr, size});
}

void Loader::add_bootinfo_device(const std::string& name, const std::string& type, uint32_t base, uint32_t size,
                                 uint32_t irq, uint32_t index) {
    if (name.size() >= VP_BOOTINFO_NAMELEN || type.size() >= VP_BOOTINFO_DEV_TYPELEN)
        throw std::runtime_error("boot-info device name '" + name + "' or type '" + type + "' too long");
    if (devices_.size() >= VP_BOOTINFO_DEV_MAX)
        throw std::runtime_error("more than " + std::to_string(VP_BOOTINFO_DEV_MAX) + " device instances");
    vp_bootinfo_dev_t d;
    std::memset(&d, 0, sizeof d);
    std::strncpy(d.name, name.c_str(), VP_BOOTINFO_NAMELEN - 1);
    std::strncpy(d.type, type.c_str(), VP_BOOTINFO_DEV_TYPELEN - 1);
    d.base = base;
    d.size = size;
    d.irq = irq;
    d.index = index;
    devices_.push_back(d);
}

// One block, written in one debug transfer: the entries, and the device table VP_BOOTINFO_DEV_OFFSET
// bytes after them.
void Loader::write_bootinfo() {
    static_assert(sizeof(vp_bootinfo_t) <= VP_BOOTINFO_DEV_OFFSET, "entries overlap the device table");
    static_assert(VP_BOOTINFO_DEV_OFFSET + sizeof(vp_bootinfo_devs_t) <= 4096, "boot-info block above 4 KiB");
    struct {
        vp_bootinfo_t info;
        uint8_t pad[VP_BOOTINFO_DEV_OFFSET - sizeof(vp_bootinfo_t)];
        vp_bootinfo_devs_t devs;
    } block;
    static_assert(offsetof(decltype(block), devs) == VP_BOOTINFO_DEV_OFFSET, "device table offset");
    std::memset(&block, 0, sizeof block);
    vp_bootinfo_t& info = block.info;
    block.devs.magic = VP_BOOTINFO_DEV_MAGIC;
    block.devs.count = uint32_t(devices_.size());
    for (size_t i = 0; i < devices_.size(); ++i) block.devs.dev[i] = devices_[i];
    info.magic = VP_BOOTINFO_MAGIC;
    info.version = VP_BOOTINFO_VERSION;
    info.count = uint32_t(entries_.size());
    for (size_t i = 0; i < entries_.size(); ++i) {
        std::strncpy(info.entry[i].name, entries_[i].name.c_str(), VP_BOOTINFO_NAMELEN - 1);
        info.entry[i].addr = entries_[i].addr;
        info.entry[i].size = entries_[i].size;
    }
    write(VP_BOOTINFO_ADDR, &block, sizeof block, "boot-info block");
}

}  // namespace vp
