// Recorded access streams for trace-driven cache studies (docs/cache.md, "Replay").
//
// A full platform run can record every access that reaches the L1 data cache (and every I-cache line
// fetch) once; tools/cachesim then replays the stream through cache-only configurations (other sizes,
// policies, periods) in a fraction of the time. The file also carries what the priority-aware
// policies need from memory: named snapshots of data blobs (the priority tables) and the address
// regions used for statistics.
//
// File layout (little-endian):
//   8 bytes  magic "VPACCLOG"
//   u32      version (1)
//   u32      header length H
//   H bytes  JSON header: {"regions":[{"name","lo","hi"}...], "blobs":[{"name","addr","size"}...],
//                          "scenario": "...", ...}
//   for each blob in header order: its `size` bytes
//   records to the end of the file, 8 bytes each: u32 addr, u8 kind (AccessLog::Kind), u8 size, u16 0
#pragma once
#include <sys/stat.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace vp::cache {

struct AccessRecord {
    uint32_t addr;
    uint8_t kind;  // AccessLog::Kind
    uint8_t size;
    uint16_t reserved;
};
static_assert(sizeof(AccessRecord) == 8, "AccessRecord is 8 bytes on disk");

struct AccessLog {
    enum Kind : uint8_t { Load = 0, Store = 1, FetchLine = 2 };
    static constexpr char kMagic[9] = "VPACCLOG";
    static constexpr uint32_t kVersion = 1;
};

// Appends records through a buffer. Throws std::runtime_error naming the file on I/O errors. With
// several paths every output gets the same bytes, buffer by buffer (one emulated stream feeding several
// replays through pipes without a `tee` copying it once more; a slow reader slows the writer, as a pipe does).
class AccessLogWriter {
public:
    AccessLogWriter(const std::string& path, const std::string& json_header,
                    const std::vector<std::vector<uint8_t>>& blobs)
        : AccessLogWriter(std::vector<std::string>{path}, json_header, blobs) {}
    AccessLogWriter(const std::vector<std::string>& paths, const std::string& json_header,
                    const std::vector<std::vector<uint8_t>>& blobs) {
        if (paths.empty()) throw std::runtime_error("access log: no output");
        for (const std::string& path : paths) {
            std::FILE* f = std::fopen(path.c_str(), "wb");
            if (!f) {
                close_all();
                throw std::runtime_error("cannot write access log '" + path + "'");
            }
            outs_.push_back(Out{path, f});
        }
        const uint32_t version = AccessLog::kVersion, len = uint32_t(json_header.size());
        put(AccessLog::kMagic, 8);
        put(&version, 4);
        put(&len, 4);
        put(json_header.data(), len);
        for (const auto& b : blobs) put(b.data(), b.size());
        buf_.reserve(kBuf);
    }
    ~AccessLogWriter() {
        try {
            close();
        } catch (...) {}
        close_all();
    }
    AccessLogWriter(const AccessLogWriter&) = delete;
    AccessLogWriter& operator=(const AccessLogWriter&) = delete;

    void add(uint32_t addr, AccessLog::Kind kind, unsigned size) {
        buf_.push_back(AccessRecord{addr, kind, uint8_t(size), 0});
        ++count_;
        if (buf_.size() == kBuf) flush();
    }
    uint64_t records() const { return count_; }
    void close() {
        if (outs_.empty() || !outs_[0].f) return;
        flush();
        std::string failed;
        for (Out& o : outs_) {
            if (std::fclose(o.f) != 0 && failed.empty()) failed = o.path;
            o.f = nullptr;
        }
        if (!failed.empty()) throw std::runtime_error("cannot write access log '" + failed + "'");
    }

private:
    static constexpr size_t kBuf = 1 << 16;
    struct Out {
        std::string path;
        std::FILE* f;
    };
    void put(const void* p, size_t n) {
        for (const Out& o : outs_)
            if (n && std::fwrite(p, 1, n, o.f) != n)
                throw std::runtime_error("cannot write access log '" + o.path + "'");
    }
    void flush() {
        put(buf_.data(), buf_.size() * sizeof(AccessRecord));
        buf_.clear();
    }
    void close_all() {
        for (Out& o : outs_)
            if (o.f) std::fclose(o.f), o.f = nullptr;
    }
    std::vector<Out> outs_;
    std::vector<AccessRecord> buf_;
    uint64_t count_ = 0;
};

// Reads the header and blobs at open; records() streams the rest. The log is a regular file, or a
// stream (a pipe, a FIFO, "-" = standard input): then it can be read once, in order, and lengths from
// the header are bounded by what actually arrives (read in chunks), not by the file's size.
class AccessLogReader {
public:
    explicit AccessLogReader(const std::string& path)
        : path_(path), f_(path == "-" ? stdin : std::fopen(path.c_str(), "rb")), owned_(path != "-") {
        if (!f_) throw std::runtime_error("cannot read access log '" + path + "'");
        struct stat st;
        if (::fstat(fileno(f_), &st) != 0) fail("cannot stat");
        if (S_ISDIR(st.st_mode)) fail("is a directory");
        streaming_ = !S_ISREG(st.st_mode);
        size_ = uint64_t(st.st_size);
        char magic[8];
        uint32_t version = 0, len = 0;
        get(magic, 8);
        if (std::memcmp(magic, AccessLog::kMagic, 8) != 0) fail("not an access log (bad magic)");
        get(&version, 4);
        if (version != AccessLog::kVersion) fail("unsupported version " + std::to_string(version));
        get(&len, 4);
        const std::vector<uint8_t> h = read_exact(len);
        header_.assign(h.begin(), h.end());
    }
    ~AccessLogReader() {
        if (f_ && owned_) std::fclose(f_);
    }
    AccessLogReader(const AccessLogReader&) = delete;
    AccessLogReader& operator=(const AccessLogReader&) = delete;

    const std::string& header() const { return header_; }
    // True for a pipe, FIFO or standard input: one pass only.
    bool streaming() const { return streaming_; }
    // Reads the next blob (call once per header blob, in order, before the records).
    std::vector<uint8_t> blob(uint64_t size) { return read_exact(size); }
    // Fills `out` with up to `max` records; returns how many (0 at the end).
    size_t records(std::vector<AccessRecord>& out, size_t max = 1 << 16) {
        out.resize(max);
        const size_t n = std::fread(out.data(), sizeof(AccessRecord), max, f_);
        out.resize(n);
        if (n < max && std::ferror(f_)) fail("read error");
        return n;
    }

private:
    void get(void* p, size_t n) {
        if (n && std::fread(p, 1, n, f_) != n) fail(streaming_ ? "truncated stream" : "truncated file");
    }
    // n bytes: never more memory than the input holds (a length from the file is untrusted). A regular
    // file is checked against its size first; a stream grows the buffer a chunk at a time as data arrives.
    std::vector<uint8_t> read_exact(uint64_t n) {
        std::vector<uint8_t> b;
        if (!streaming_) {
            const long pos = std::ftell(f_);
            if (pos < 0 || n > size_ - uint64_t(pos)) fail("truncated file");
            b.resize(n);
            get(b.data(), n);
            return b;
        }
        constexpr uint64_t kChunk = 1 << 20;
        while (b.size() < n) {
            const size_t at = b.size(), step = size_t(std::min<uint64_t>(kChunk, n - at));
            b.resize(at + step);
            get(b.data() + at, step);
        }
        return b;
    }
    [[noreturn]] void fail(const std::string& why) { throw std::runtime_error("access log '" + path_ + "': " + why); }
    std::string path_;
    std::FILE* f_;
    bool owned_ = true;
    bool streaming_ = false;
    uint64_t size_ = 0;
    std::string header_;
};

}  // namespace vp::cache
