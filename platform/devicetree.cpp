#include "platform/devicetree.h"
#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <stdexcept>
#include <libfdt.h>
#include "vp/regs/cache_ctrl.h"
#include "vp/regs/clint.h"
#include "vp/regs/msgdma.h"

namespace vp {

namespace {

// A small device tree: nodes with properties, phandles by label. Rendered as DTS and as a DTB.
struct Cell {
    uint32_t value = 0;
    std::string ref;  // a label: the cell is that node's phandle
};
struct Prop {
    std::string name;
    enum { Empty, Strings, Cells } kind = Empty;
    std::vector<std::string> strings;
    std::vector<Cell> cells;
};
struct Node {
    std::string name, label;
    std::vector<Prop> props;
    std::vector<Node> children;

    Node& empty(const std::string& n) {
        props.push_back({n, Prop::Empty, {}, {}});
        return *this;
    }
    Node& str(const std::string& n, std::vector<std::string> v) {
        props.push_back({n, Prop::Strings, std::move(v), {}});
        return *this;
    }
    Node& cells(const std::string& n, std::vector<Cell> v) {
        props.push_back({n, Prop::Cells, {}, std::move(v)});
        return *this;
    }
    Node& u32(const std::string& n, uint32_t v) { return cells(n, {{v, ""}}); }
    Node& add(Node n) {
        children.push_back(std::move(n));
        return children.back();
    }
};

std::string hexs(uint64_t v) {
    char b[24];
    snprintf(b, sizeof b, "%llx", (unsigned long long)v);
    return b;
}

Node node(const std::string& name, const std::string& label = "") {
    Node n;
    n.name = name;
    n.label = label;
    return n;
}

// A label from an instance name (labels are C identifiers; instance names are too).
std::string label_of(const std::string& instance) { return instance; }

Node build_tree(const DeviceTreeInput& in) {
    Node root = node("");
    root.u32("#address-cells", 1).u32("#size-cells", 1);
    root.str("compatible", {std::string(kVendorPrefix) + ",riscv-vp"}).str("model", {"vp RISC-V virtual platform"});

    // Instances in address order of their first window; memories.
    std::vector<MapEntry> map = in.map;
    std::sort(map.begin(), map.end(), [](const MapEntry& a, const MapEntry& b) { return a.base < b.base; });
    std::map<std::string, std::vector<MapEntry>> windows;  // instance -> its windows
    std::vector<std::string> order;
    bool has_plic = false;
    std::string uart_path;
    for (const MapEntry& e : map) {
        if (e.type.empty()) continue;
        if (!windows.count(e.instance)) order.push_back(e.instance);
        windows[e.instance].push_back(e);
        has_plic |= e.type == "plic";
    }

    Node chosen = node("chosen");
    Node cpus = node("cpus");
    cpus.u32("#address-cells", 1).u32("#size-cells", 0).u32("timebase-frequency", VP_CLINT_TIMEBASE_HZ);
    // One node per hart (labels cpu0, cpu1, ...: their interrupt controllers are cpuN_intc).
    for (unsigned h = 0; in.cpu && h < in.harts; ++h) {
        const uint32_t id = in.hartid + h;
        Node cpu = node("cpu@" + hexs(id), "cpu" + std::to_string(h));
        cpu.str("device_type", {"cpu"}).u32("reg", id).str("status", {"okay"}).str("compatible", {"riscv"});
        cpu.str("riscv,isa", {"rv32imafc_zicsr_zifencei"}).str("riscv,isa-base", {"rv32i"});
        cpu.str("riscv,isa-extensions", {"i", "m", "a", "f", "c", "zicsr", "zifencei"});
        cpu.u32("clock-frequency", uint32_t(in.cpu_hz));
        cpu.u32("riscv,cbom-block-size", VP_CBO_BLOCK_SIZE);
        // S-mode with Sv32 (OpenSBI disables a cpu node without mmu-type before it hands the tree on).
        cpu.str("mmu-type", {"riscv,sv32"});
        Node intc = node("interrupt-controller", "cpu" + std::to_string(h) + "_intc");
        intc.u32("#address-cells", 0).u32("#interrupt-cells", 1).empty("interrupt-controller");
        intc.str("compatible", {"riscv,cpu-intc"});
        cpu.add(std::move(intc));
        cpus.add(std::move(cpu));
    }
    std::vector<Node> memories;
    Node soc = node("soc");
    soc.u32("#address-cells", 1).u32("#size-cells", 1).str("compatible", {"simple-bus"}).empty("ranges");
    for (const MapEntry& e : map) {
        if (!e.type.empty() || e.key == kBootRomKey) continue;  // (QEMU virt's tree has no mask ROM either)
        if (e.key == "platform.ram") {
            Node mem = node("memory@" + hexs(e.base));
            mem.str("device_type", {"memory"}).cells("reg", {{uint32_t(e.base), ""}, {uint32_t(e.size), ""}});
            memories.push_back(std::move(mem));
        } else if (e.key.rfind("platform.memories.", 0) == 0) {  // scratchpads: on-chip SRAM
            Node sram = node("sram@" + hexs(e.base), label_of(e.name));
            sram.str("compatible", {"mmio-sram"}).cells("reg", {{uint32_t(e.base), ""}, {uint32_t(e.size), ""}});
            sram.u32("#address-cells", 1).u32("#size-cells", 1);
            sram.cells("ranges", {{0, ""}, {uint32_t(e.base), ""}, {uint32_t(e.size), ""}});
            soc.add(std::move(sram));
        } else {  // cache controllers
            Node c = node("cache-controller@" + hexs(e.base));
            c.str("compatible", {std::string(kVendorPrefix) + ",cache-ctrl"});
            c.cells("reg", {{uint32_t(e.base), ""}, {uint32_t(e.size), ""}});
            c.str("vp,name", {e.name});
            soc.add(std::move(c));
        }
    }
    auto irq = [&](Node& n, const MapEntry& e) {
        if (!has_plic || !e.irq) return;
        n.u32("interrupts", e.irq).cells("interrupt-parent", {{0, "plic"}});
    };
    auto reg1 = [](Node& n, const MapEntry& e) { n.cells("reg", {{uint32_t(e.base), ""}, {uint32_t(e.size), ""}}); };
    for (const std::string& name : order) {
        const std::vector<MapEntry>& w = windows[name];
        const MapEntry& e = w.front();
        const std::string& t = e.type;
        Node n;
        if (t == "uart") {
            n = node("serial@" + hexs(e.base), label_of(name));
            n.str("compatible", {"ns16550a"}).u32("clock-frequency", 3686400).u32("reg-io-width", 1);
            reg1(n, e);
            irq(n, e);
            if (uart_path.empty()) uart_path = "/soc/serial@" + hexs(e.base);
        } else if (t == "clint") {
            n = node("clint@" + hexs(e.base), label_of(name));
            n.str("compatible", {"sifive,clint0", "riscv,clint0"});
            reg1(n, e);
            std::vector<Cell> ie;  // per hart: machine software (3) and timer (7) interrupts
            for (unsigned h = 0; in.cpu && h < in.harts; ++h) {
                const std::string intc = "cpu" + std::to_string(h) + "_intc";
                ie.insert(ie.end(), {{0, intc}, {3, ""}, {0, intc}, {7, ""}});
            }
            if (!ie.empty()) n.cells("interrupts-extended", ie);
        } else if (t == "plic") {
            n = node("plic@" + hexs(e.base), "plic");
            n.str("compatible", {"sifive,plic-1.0.0", "riscv,plic0"});
            reg1(n, e);
            n.u32("#address-cells", 0).u32("#interrupt-cells", 1).empty("interrupt-controller");
            n.u32("riscv,ndev", in.plic_ndev);
            // Context 2h: hart h's machine external interrupt (11); 2h + 1, where the PLIC has it: its
            // supervisor external interrupt (9), as QEMU virt lists them (the platform wires both).
            std::vector<Cell> ie;
            for (unsigned h = 0; in.cpu && h < in.harts; ++h) {
                const std::string intc = "cpu" + std::to_string(h) + "_intc";
                ie.insert(ie.end(), {{0, intc}, {11, ""}});
                if (2 * h + 1 < in.plic_contexts) ie.insert(ie.end(), {{0, intc}, {9, ""}});
            }
            if (!ie.empty()) n.cells("interrupts-extended", ie);
        } else if (t == "finisher") {
            n = node("test@" + hexs(e.base), label_of(name));
            n.str("compatible", {"sifive,test1", "sifive,test0", "syscon"});
            reg1(n, e);
            Node off = node("poweroff");
            off.str("compatible", {"syscon-poweroff"}).cells("regmap", {{0, label_of(name)}});
            off.u32("offset", 0).u32("value", 0x5555);
            Node reboot = node("reboot");
            reboot.str("compatible", {"syscon-reboot"}).cells("regmap", {{0, label_of(name)}});
            reboot.u32("offset", 0).u32("value", 0x7777);
            root.add(std::move(off));
            root.add(std::move(reboot));
        } else if (t == "dma") {
            // Linux drivers/dma/altera-msgdma.c: compatible "altr,socfpga-msgdma", regions by name
            // "csr", "desc" and (optional) "resp"; one channel (#dma-cells = <1>, cell 0).
            n = node("dma-controller@" + hexs(e.base), label_of(name));
            n.str("compatible", {"altr,socfpga-msgdma"});
            n.cells("reg", {{uint32_t(e.base + MSGDMA_CSR_OFFSET), ""},
                            {0x20, ""},
                            {uint32_t(e.base + MSGDMA_DESC_OFFSET), ""},
                            {0x20, ""},
                            {uint32_t(e.base + MSGDMA_RESPONSE_OFFSET), ""},
                            {0x8, ""}});
            n.str("reg-names", {"csr", "desc", "resp"});
            n.u32("#dma-cells", 1);
            irq(n, e);
            n.cells("vp,window", {{uint32_t(e.base), ""}, {uint32_t(e.size), ""}});
        } else {
            // The platform's own devices: compatible "vp,<type>", every window in reg.
            static const std::map<std::string, std::string> generic = {
                {"marker", "trace-marker"}, {"hmc_ctrl", "hmc-ctrl"}, {"vec", "vec-accel"},
                {"lapp", "lapp"},           {"gcn_agg", "gcn-agg"},   {"gcn_comb", "gcn-comb"}};
            const auto it = generic.find(t);
            const std::string what = it == generic.end() ? t : it->second;
            n = node(what + "@" + hexs(e.base), label_of(name));
            n.str("compatible", {std::string(kVendorPrefix) + "," + what});
            std::vector<Cell> reg;
            std::vector<std::string> names;
            for (const MapEntry& x : w) {
                reg.push_back({uint32_t(x.base), ""});
                reg.push_back({uint32_t(x.size), ""});
                const size_t dot = x.name.rfind('.');
                names.push_back(dot == std::string::npos ? "regs" : x.name.substr(dot + 1));
            }
            n.cells("reg", reg);
            if (w.size() > 1) n.str("reg-names", names);
            irq(n, e);
        }
        n.str("vp,name", {name});
        soc.add(std::move(n));
    }
    auto first_reg = [](const Node& n) {
        for (const Prop& p : n.props)
            if (p.name == "reg" && !p.cells.empty()) return p.cells[0].value;
        return uint32_t(0);
    };
    std::stable_sort(soc.children.begin(), soc.children.end(),
                     [&](const Node& a, const Node& b) { return first_reg(a) < first_reg(b); });
    if (in.initrd_end > in.initrd_start) {
        chosen.u32("linux,initrd-end", uint32_t(in.initrd_end));  // (QEMU virt's order)
        chosen.u32("linux,initrd-start", uint32_t(in.initrd_start));
    }
    if (!in.bootargs.empty()) chosen.str("bootargs", {in.bootargs});
    if (!uart_path.empty()) chosen.str("stdout-path", {uart_path});
    root.add(std::move(chosen));
    root.add(std::move(cpus));
    for (Node& m : memories) root.add(std::move(m));
    root.add(std::move(soc));
    return root;
}

void collect_labels(const Node& n, std::map<std::string, uint32_t>& phandles) {
    if (!n.label.empty() && !phandles.count(n.label)) phandles.emplace(n.label, uint32_t(phandles.size() + 1));
    for (const Node& c : n.children) collect_labels(c, phandles);
}

// Only nodes some property refers to get a label and a phandle.
void collect_refs(const Node& n, std::map<std::string, bool>& refs) {
    for (const Prop& p : n.props)
        for (const Cell& c : p.cells)
            if (!c.ref.empty()) refs[c.ref] = true;
    for (const Node& c : n.children) collect_refs(c, refs);
}

void write_dts(const Node& n, const std::map<std::string, bool>& refs, int depth, std::ostringstream& out) {
    const std::string ind(size_t(depth) * 4, ' ');
    out << ind;
    if (!n.label.empty() && refs.count(n.label)) out << n.label << ": ";
    out << (n.name.empty() ? "/" : n.name) << " {\n";
    for (const Prop& p : n.props) {
        out << ind << "    " << p.name;
        if (p.kind == Prop::Strings) {
            out << " = ";
            for (size_t i = 0; i < p.strings.size(); ++i) out << (i ? ", " : "") << '"' << p.strings[i] << '"';
        } else if (p.kind == Prop::Cells) {
            out << " = <";
            for (size_t i = 0; i < p.cells.size(); ++i) {
                out << (i ? " " : "");
                if (!p.cells[i].ref.empty())
                    out << "&" << p.cells[i].ref;
                else
                    out << "0x" << hexs(p.cells[i].value);
            }
            out << ">";
        }
        out << ";\n";
    }
    for (const Node& c : n.children) {
        out << "\n";
        write_dts(c, refs, depth + 1, out);
    }
    out << ind << "};\n";
}

void check(int rc, const char* what) {
    if (rc < 0) throw std::runtime_error(std::string("device tree blob: ") + what + ": " + fdt_strerror(rc));
}

void write_fdt(void* fdt, const Node& n, const std::map<std::string, bool>& refs,
               const std::map<std::string, uint32_t>& phandles) {
    check(fdt_begin_node(fdt, n.name.c_str()), "begin node");
    for (const Prop& p : n.props) {
        if (p.kind == Prop::Empty) {
            check(fdt_property(fdt, p.name.c_str(), nullptr, 0), "property");
        } else if (p.kind == Prop::Strings) {
            std::string buf;
            for (const std::string& s : p.strings) buf.append(s).push_back('\0');
            check(fdt_property(fdt, p.name.c_str(), buf.data(), int(buf.size())), "property");
        } else {
            std::vector<fdt32_t> cells;
            for (const Cell& c : p.cells) cells.push_back(cpu_to_fdt32(c.ref.empty() ? c.value : phandles.at(c.ref)));
            check(fdt_property(fdt, p.name.c_str(), cells.data(), int(cells.size() * 4)), "property");
        }
    }
    if (!n.label.empty() && refs.count(n.label))
        check(fdt_property_u32(fdt, "phandle", phandles.at(n.label)), "phandle");
    for (const Node& c : n.children) write_fdt(fdt, c, refs, phandles);
    check(fdt_end_node(fdt), "end node");
}

}  // namespace

std::string device_tree_source(const DeviceTreeInput& in) {
    const Node root = build_tree(in);
    std::map<std::string, bool> refs;
    collect_refs(root, refs);
    std::ostringstream out;
    out << "// The vp platform's device tree (vp describe --dts; docs/devicetree.md).\n/dts-v1/;\n\n";
    write_dts(root, refs, 0, out);
    return out.str();
}

std::vector<uint8_t> device_tree_blob(const DeviceTreeInput& in) {
    const Node root = build_tree(in);
    std::map<std::string, bool> refs;
    collect_refs(root, refs);
    std::map<std::string, uint32_t> phandles;
    collect_labels(root, phandles);
    std::vector<uint8_t> buf(64 * 1024);
    void* fdt = buf.data();
    check(fdt_create(fdt, int(buf.size())), "create");
    check(fdt_finish_reservemap(fdt), "reserve map");
    write_fdt(fdt, root, refs, phandles);
    check(fdt_finish(fdt), "finish");
    buf.resize(fdt_totalsize(fdt));
    return buf;
}

}  // namespace vp
