// Perfetto's native trace format (protobuf Trace / TracePacket / TrackEvent), `trace.pftrace`: what
// ui.perfetto.dev and trace_processor read natively, ~10x smaller and faster to write than the JSON.
//
// The wire format is written here directly (varints, length-delimited fields); the field numbers are
// the constants protoc generates from third_party/perfetto/perfetto_trace_subset.proto, a trimmed
// copy of Perfetto's own .proto files, so the writer cannot disagree with the specification it cites.
// No message objects are built: one transaction costs a few hundred nanoseconds.
//
// Layout (docs/trace.md): one packet sequence. A track per component lane (the JSON's threads: a
// pipelining component spreads overlapping transactions over lanes because slices on one track must
// nest), grouped under a track per component. A transaction is a SLICE_BEGIN at its issue time and a
// SLICE_END at its end on its lane's track; the begin carries the debug annotations (id, initiator,
// address, length, wait, status, PC, function, model attributes). Parent->child links are flows (the
// parent id is not repeated as an annotation):
// the child's begin terminates flow `child id`, the parent's begin (recorded after its children,
// since a parent completes last) lists its children's ids. Event names, annotation names and strings
// (function, initiator) are interned. Timestamps are ns (Perfetto's unit), rounded down from ps.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>
#include "models/trace/tracer.h"
#include "perfetto_trace_subset.pb.h"

namespace vp {
namespace {

namespace pb = perfetto::protos;

// Protobuf wire format: enough of it to write messages field by field. A growable buffer written
// through a pointer (one capacity check per field, not per byte).
class Writer {
public:
    void clear() { n_ = 0; }
    void truncate(size_t n) { n_ = std::min(n_, n); }
    const char* data() const { return b_.data(); }
    size_t size() const { return n_; }

    static unsigned varint_size(uint64_t v) {
        unsigned n = 1;
        while (v >= 0x80) {
            v >>= 7;
            ++n;
        }
        return n;
    }
    void varint(uint64_t v) {
        need(10);
        put_varint(v);
    }
    void key(int field, int wire_type) { varint(uint64_t(field) << 3 | unsigned(wire_type)); }
    void uint(int field, uint64_t v) {
        need(20);
        put_varint(uint64_t(field) << 3);
        put_varint(v);
    }
    void sint64(int field, int64_t v) { uint(field, uint64_t(v)); }  // int64: two's complement varint
    void fixed64(int field, uint64_t v) {
        need(18);
        put_varint(uint64_t(field) << 3 | 1);
        for (int i = 0; i < 8; ++i) b_[n_++] = char(uint8_t(v >> (8 * i)));
    }
    void bytes(int field, const char* data, size_t len) {
        key(field, 2);
        varint(len);
        need(len);
        std::memcpy(&b_[n_], data, len);
        n_ += len;
    }
    void bytes(int field, const std::string& str) { bytes(field, str.data(), str.size()); }
    void message(int field, const Writer& inner) { bytes(field, inner.data(), inner.size()); }
    void append(const Writer& other) {
        need(other.n_);
        std::memcpy(&b_[n_], other.data(), other.n_);
        n_ += other.n_;
    }
    // A nested message of two varint fields {f1: v1, f2: v2} written in place (a DebugAnnotation
    // {name_iid, value}): its length is known without building it.
    void pair_message(int field, int f1, uint64_t v1, int f2, uint64_t v2) {
        const unsigned len =
            varint_size(uint64_t(f1) << 3) + varint_size(v1) + varint_size(uint64_t(f2) << 3) + varint_size(v2);
        need(40);
        put_varint(uint64_t(field) << 3 | 2);
        put_varint(len);
        put_varint(uint64_t(f1) << 3);
        put_varint(v1);
        put_varint(uint64_t(f2) << 3);
        put_varint(v2);
    }

private:
    void need(size_t k) {
        if (n_ + k > b_.size()) b_.resize(std::max<size_t>(2 * b_.size(), n_ + k + 256));
    }
    void put_varint(uint64_t v) {
        while (v >= 0x80) {
            b_[n_++] = char(uint8_t(v) | 0x80);
            v >>= 7;
        }
        b_[n_++] = char(v);
    }
    std::string b_;
    size_t n_ = 0;
};

constexpr uint32_t kSequence = 1;

const char* cmd_name(tlm::tlm_command c) {
    switch (c) {
        case tlm::TLM_READ_COMMAND: return "R";
        case tlm::TLM_WRITE_COMMAND: return "W";
        default: return "ignore";
    }
}

const char* status_name(tlm::tlm_response_status s) {
    switch (s) {
        case tlm::TLM_OK_RESPONSE: return "ok";
        case tlm::TLM_ADDRESS_ERROR_RESPONSE: return "address_error";
        case tlm::TLM_GENERIC_ERROR_RESPONSE: return "generic_error";
        case tlm::TLM_COMMAND_ERROR_RESPONSE: return "command_error";
        case tlm::TLM_BURST_ERROR_RESPONSE: return "burst_error";
        case tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE: return "byte_enable_error";
        default: return "incomplete";
    }
}

class PerfettoProtoSink : public TraceSink {
public:
    PerfettoProtoSink(const std::string& path, const Tracer& tracer) : tracer_(tracer) {
        f_ = std::fopen(path.c_str(), "wb");
        if (!f_) throw std::runtime_error("cannot write trace file '" + path + "'");
        std::setvbuf(f_, nullptr, _IOFBF, 1 << 20);
    }
    ~PerfettoProtoSink() override { close(); }
    // Committed bytes (a staged event's packets are in out_ but not yet counted as written).
    uint64_t bytes_written() const override { return staged_ ? staged_bytes_ : bytes_; }
    // Packets are self-contained: closing adds nothing.
    uint64_t size_if_closed() const override { return bytes_; }
    void commit() override {
        staged_ = false;
        if (out_.size() >= (1u << 20)) flush();
    }

    // Each event is staged: its packets (track descriptors and interned data it needs first included)
    // go into out_, and close() cuts them off again unless commit() came first.
    void transaction(const TraceRecord& r) override {
        stage();
        const unsigned lane = place(r.component, r.issue, r.end);
        const uint64_t track = track_for(r.component, lane);
        // Names and strings this record needs, interned before the packet that refers to them.
        interned_.clear();
        const uint64_t name = event_name(cmd_name(r.cmd));

        ev_.clear();
        ev_.uint(pb::TrackEvent::kTypeFieldNumber, pb::TrackEvent::TYPE_SLICE_BEGIN);
        ev_.uint(pb::TrackEvent::kTrackUuidFieldNumber, track);
        ev_.uint(pb::TrackEvent::kNameIidFieldNumber, name);
        annotate_uint("id", r.id);
        annotate_string("from", component_string(r.initiator));
        annotate_uint("addr", r.addr);
        annotate_uint("len", r.len);
        if (r.start != r.issue) annotate_uint("wait_ps", r.start - r.issue);
        if (r.status != tlm::TLM_OK_RESPONSE) annotate_string("status", string_iid(status_name(r.status)));
        if (r.has_pc) {
            annotate_uint("pc", r.pc);
            const uint64_t fn = function_iid(r.pc);
            if (fn) annotate_string("function", fn);
        }
        for (unsigned i = 0; i < r.n_attrs; ++i) annotate_int(r.attrs[i].key, r.attrs[i].value);
        // Flows: this record's children were recorded before it (a parent completes last).
        auto first = first_child_.find(r.id);
        if (first != first_child_.end()) {
            ev_.fixed64(pb::TrackEvent::kFlowIdsFieldNumber, first->second);
            first_child_.erase(first);
            auto more = more_children_.find(r.id);
            if (more != more_children_.end()) {
                for (uint64_t child : more->second) ev_.fixed64(pb::TrackEvent::kFlowIdsFieldNumber, child);
                more_children_.erase(more);
            }
        }
        if (r.parent) {
            ev_.fixed64(pb::TrackEvent::kTerminatingFlowIdsFieldNumber, r.id);
            if (!first_child_.emplace(r.parent, r.id).second) more_children_[r.parent].push_back(r.id);
        }
        packet(r.issue, ev_, true);

        ev_.clear();
        ev_.uint(pb::TrackEvent::kTypeFieldNumber, pb::TrackEvent::TYPE_SLICE_END);
        ev_.uint(pb::TrackEvent::kTrackUuidFieldNumber, track);
        interned_.clear();
        packet(r.end, ev_, false);
    }

    void region(uint16_t track_id, const std::string& region_name, Tick begin, Tick end) override {
        stage();
        const uint64_t track = track_for(track_id, place(track_id, begin, end));
        interned_.clear();
        const uint64_t name = event_name(region_name);
        ev_.clear();
        ev_.uint(pb::TrackEvent::kTypeFieldNumber, pb::TrackEvent::TYPE_SLICE_BEGIN);
        ev_.uint(pb::TrackEvent::kTrackUuidFieldNumber, track);
        ev_.uint(pb::TrackEvent::kNameIidFieldNumber, name);
        ev_.bytes(pb::TrackEvent::kCategoriesFieldNumber, std::string("region"));
        packet(begin, ev_, true);
        ev_.clear();
        ev_.uint(pb::TrackEvent::kTypeFieldNumber, pb::TrackEvent::TYPE_SLICE_END);
        ev_.uint(pb::TrackEvent::kTrackUuidFieldNumber, track);
        interned_.clear();
        packet(end, ev_, false);
    }

    void instant(uint16_t track_id, const std::string& marker_name, int64_t value, Tick at) override {
        stage();
        const uint64_t track = track_for(track_id, 0);
        interned_.clear();
        const uint64_t name = event_name(marker_name);
        ev_.clear();
        ev_.uint(pb::TrackEvent::kTypeFieldNumber, pb::TrackEvent::TYPE_INSTANT);
        ev_.uint(pb::TrackEvent::kTrackUuidFieldNumber, track);
        ev_.uint(pb::TrackEvent::kNameIidFieldNumber, name);
        annotate_int("value", value);
        packet(at, ev_, true);
    }

    void close() override {
        if (!f_) return;
        if (staged_) {  // drop the staged event (the tracer closes instead of committing it)
            out_.truncate(staged_out_);
            bytes_ = staged_bytes_;
            staged_ = false;
        }
        flush();
        std::fclose(f_);
        f_ = nullptr;
    }

private:
    void stage() {
        // (The tracer commits or closes after every event; were an event left staged, it stays: the
        // interning tables already refer to its interned data.)
        staged_ = true;
        staged_out_ = out_.size();
        staged_bytes_ = bytes_;
    }

    // One TracePacket: timestamp, sequence, the event, and interned data first used by it. A slice's
    // end refers to nothing interned and is not flagged as needing incremental state.
    void packet(Tick at, const Writer& event, bool uses_interning) {
        pkt_.clear();
        pkt_.uint(pb::TracePacket::kTimestampFieldNumber, at / 1000);
        pkt_.uint(pb::TracePacket::kTrustedPacketSequenceIdFieldNumber, kSequence);
        if (first_) {
            pkt_.uint(pb::TracePacket::kSequenceFlagsFieldNumber, pb::TracePacket::SEQ_INCREMENTAL_STATE_CLEARED);
            pkt_.uint(pb::TracePacket::kFirstPacketOnSequenceFieldNumber, 1);
            first_ = false;
        } else if (uses_interning) {
            pkt_.uint(pb::TracePacket::kSequenceFlagsFieldNumber, pb::TracePacket::SEQ_NEEDS_INCREMENTAL_STATE);
        }
        if (interned_.size()) pkt_.message(pb::TracePacket::kInternedDataFieldNumber, interned_);
        pkt_.key(pb::TracePacket::kTrackEventFieldNumber, 2);
        pkt_.varint(event.size());
        emit(pkt_, &event);
    }

    // Trace.packet = head (+ tail): the packet's bytes go straight into the output buffer.
    void emit(const Writer& head, const Writer* tail = nullptr) {
        const size_t len = head.size() + (tail ? tail->size() : 0);
        out_.key(pb::Trace::kPacketFieldNumber, 2);
        out_.varint(len);
        out_.append(head);
        if (tail) out_.append(*tail);
        bytes_ +=
            Writer::varint_size(uint64_t(pb::Trace::kPacketFieldNumber) << 3 | 2) + Writer::varint_size(len) + len;
    }

    void flush() {
        if (f_ && out_.size()) std::fwrite(out_.data(), 1, out_.size(), f_);
        out_.clear();
    }

    // The lane's track (and its component's), described the first time it is used. Track uuids are
    // numbered in order of first use: small numbers, short varints.
    uint64_t track_for(uint16_t comp, unsigned lane) {
        if (comp < lane_tracks_.size() && lane < lane_tracks_[comp].size() && lane_tracks_[comp][lane])
            return lane_tracks_[comp][lane];
        const uint64_t uuid = describe_track(comp, lane);
        if (comp >= lane_tracks_.size()) lane_tracks_.resize(comp + 1);
        if (lane >= lane_tracks_[comp].size()) lane_tracks_[comp].resize(lane + 1, 0);
        lane_tracks_[comp][lane] = uuid;
        return uuid;
    }
    uint64_t describe_track(uint16_t comp, unsigned lane) {
        const uint64_t key = uint64_t(comp) << 32 | lane;
        auto it = tracks_.find(key);
        if (it != tracks_.end()) return it->second;
        const std::string& name = tracer_.component_name(comp);
        const uint64_t parent_key = uint64_t(comp) << 32 | 0xFFFFFFFFu;
        auto parent = tracks_.find(parent_key);
        if (parent == tracks_.end()) {
            parent = tracks_.emplace(parent_key, tracks_.size() + 1).first;
            Writer d;
            d.uint(pb::TrackDescriptor::kUuidFieldNumber, parent->second);
            d.bytes(pb::TrackDescriptor::kNameFieldNumber, name);
            d.uint(pb::TrackDescriptor::kSiblingOrderRankFieldNumber, comp);
            d.uint(pb::TrackDescriptor::kChildOrderingFieldNumber, pb::TrackDescriptor::EXPLICIT);
            descriptor(d);
        }
        const uint64_t uuid = tracks_.size() + 1;
        tracks_.emplace(key, uuid);
        Writer d;
        d.uint(pb::TrackDescriptor::kUuidFieldNumber, uuid);
        d.uint(pb::TrackDescriptor::kParentUuidFieldNumber, parent->second);
        d.bytes(pb::TrackDescriptor::kNameFieldNumber, lane ? name + " #" + std::to_string(lane + 1) : name);
        d.uint(pb::TrackDescriptor::kSiblingOrderRankFieldNumber, lane);
        descriptor(d);
        return uuid;
    }

    void descriptor(const Writer& d) {
        Writer p;
        p.uint(pb::TracePacket::kTrustedPacketSequenceIdFieldNumber, kSequence);
        if (first_) {
            p.uint(pb::TracePacket::kSequenceFlagsFieldNumber, pb::TracePacket::SEQ_INCREMENTAL_STATE_CLEARED);
            p.uint(pb::TracePacket::kFirstPacketOnSequenceFieldNumber, 1);
            first_ = false;
        }
        p.message(pb::TracePacket::kTrackDescriptorFieldNumber, d);
        emit(p);
    }

    // First lane of the component whose slices all ended at or before `begin` (as the JSON sink).
    unsigned place(uint16_t comp, Tick begin, Tick end) {
        if (comp >= lanes_.size()) lanes_.resize(comp + 1);
        auto& lanes = lanes_[comp];
        for (unsigned l = 0; l < lanes.size(); ++l) {
            if (lanes[l] <= begin) {
                lanes[l] = end;
                return l;
            }
        }
        lanes.push_back(end);
        return unsigned(lanes.size() - 1);
    }

    // ---- interning: a new entry goes into the InternedData of the packet that first uses it ----
    uint64_t event_name(const std::string& s) {
        return intern(event_names_, s, pb::InternedData::kEventNamesFieldNumber);
    }
    uint64_t annotation_name(const char* s) {
        // Keys are string literals, a few dozen at most: a linear scan by pointer beats hashing; the
        // same text at another address is found by intern() (same iid).
        for (const auto& [ptr, iid] : annotation_by_ptr_)
            if (ptr == s) return iid;
        const uint64_t iid = intern(annotation_names_, s, pb::InternedData::kDebugAnnotationNamesFieldNumber);
        annotation_by_ptr_.emplace_back(s, iid);
        return iid;
    }
    uint64_t string_iid(const std::string& s) {
        return intern(strings_, s, pb::InternedData::kDebugAnnotationStringValuesFieldNumber);
    }
    uint64_t intern(std::unordered_map<std::string, uint64_t>& table, const std::string& s, int interned_field) {
        auto it = table.find(s);
        if (it != table.end()) return it->second;
        const uint64_t iid = table.size() + 1;
        table.emplace(s, iid);
        Writer e;  // EventName, DebugAnnotationName and InternedString share {iid = 1, name/str = 2}
        e.uint(pb::EventName::kIidFieldNumber, iid);
        e.bytes(pb::EventName::kNameFieldNumber, s);
        interned_.message(interned_field, e);
        return iid;
    }
    uint64_t component_string(uint16_t comp) {
        if (comp >= component_strings_.size()) component_strings_.resize(comp + 1, 0);
        if (!component_strings_[comp]) component_strings_[comp] = string_iid(tracer_.component_name(comp));
        return component_strings_[comp];
    }
    // The function of a PC as an interned string (0: no symbol), one symbol lookup per PC.
    uint64_t function_iid(uint32_t pc) {
        auto it = functions_.find(pc);
        if (it == functions_.end()) {
            const std::string fn = tracer_.symbolize(pc);
            it = functions_.emplace(pc, fn.empty() ? 0 : string_iid(fn)).first;
        }
        return it->second;
    }

    void annotate_uint(const char* key, uint64_t v) {
        ev_.pair_message(pb::TrackEvent::kDebugAnnotationsFieldNumber, pb::DebugAnnotation::kNameIidFieldNumber,
                         annotation_name(key), pb::DebugAnnotation::kUintValueFieldNumber, v);
    }
    void annotate_int(const char* key, int64_t v) {
        ev_.pair_message(pb::TrackEvent::kDebugAnnotationsFieldNumber, pb::DebugAnnotation::kNameIidFieldNumber,
                         annotation_name(key), pb::DebugAnnotation::kIntValueFieldNumber, uint64_t(v));
    }
    void annotate_string(const char* key, uint64_t iid) {
        ev_.pair_message(pb::TrackEvent::kDebugAnnotationsFieldNumber, pb::DebugAnnotation::kNameIidFieldNumber,
                         annotation_name(key), pb::DebugAnnotation::kStringValueIidFieldNumber, iid);
    }

    const Tracer& tracer_;
    FILE* f_ = nullptr;
    uint64_t bytes_ = 0;  // with a staged event's packets
    bool first_ = true;
    bool staged_ = false;
    size_t staged_out_ = 0;      // out_'s size before the staged event
    uint64_t staged_bytes_ = 0;  // bytes_ before it
    Writer ev_, pkt_, out_, interned_;
    std::vector<std::vector<Tick>> lanes_;            // per component: when each lane is free again
    std::vector<std::vector<uint64_t>> lane_tracks_;  // [component][lane] -> uuid (0: not yet)
    std::unordered_map<uint64_t, uint64_t> tracks_;   // (component << 32 | lane) -> uuid; lane ~0: the component
    // Children recorded before their parent: most parents have one (the bus span's memory span).
    std::unordered_map<uint64_t, uint64_t> first_child_;
    std::unordered_map<uint64_t, std::vector<uint64_t>> more_children_;
    std::unordered_map<std::string, uint64_t> event_names_, annotation_names_, strings_;
    std::vector<std::pair<const char*, uint64_t>> annotation_by_ptr_;
    std::unordered_map<uint32_t, uint64_t> functions_;
    std::vector<uint64_t> component_strings_;
};

}  // namespace

std::unique_ptr<TraceSink> make_perfetto_proto_sink(const std::string& path, const Tracer& tracer) {
    return std::make_unique<PerfettoProtoSink>(path, tracer);
}

}  // namespace vp
