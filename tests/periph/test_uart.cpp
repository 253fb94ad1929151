#include <cstdio>
#include <fstream>
#include <sstream>
#include "harness.h"
#include "models/periph/uart16550.h"
#include "vp/regs/memmap.h"
#include "vp/regs/uart16550.h"

using namespace vp;
using namespace vp::test;

namespace {
constexpr uint64_t U = VP_UART0_BASE;

Uart16550Config quiet(std::string input = "") {
    Uart16550Config c;
    c.output = "none";
    c.input = std::move(input);
    return c;
}
}  // namespace

TEST_CASE("uart transmits THR bytes and keeps LSR THRE and TEMT set", "[uart]") {
    Bench b;
    Uart16550 uart("uart0", b.ctx, quiet());
    b.attach(uart, U);
    uint8_t lsr = 0;
    b.run([&](ScriptedInitiator& cpu) {
        lsr = cpu.read8(U + UART_LSR);
        for (char c : std::string("Hi\n")) cpu.write8(U + UART_THR, uint8_t(c));
    });
    CHECK(lsr == (UART_LSR_THRE | UART_LSR_TEMT));
    CHECK(uart.output() == "Hi\n");
    CHECK(b.counter("uart0", "bytes_tx") == 3);
    CHECK(b.counter("uart0", "transactions") == 4);
    // Exactly one trace record per counted transaction.
    CHECK(b.records_of(uart.trace_id()).size() == 4);
}

TEST_CASE("uart access timing: latency after the bus, contention on the port", "[uart]") {
    Bench b;
    Uart16550Config c = quiet();
    c.latency = 20 * kNs;
    Uart16550 uart("uart0", b.ctx, c);
    b.attach(uart, U);
    std::vector<Tick> ends;
    b.run([&](ScriptedInitiator& cpu) {
        cpu.decoupled = true;  // two back-to-back accesses issued at the same local time
        cpu.read8(U + UART_LSR);
        ends.push_back(cpu.last_end);
        cpu.local = 0;
        cpu.read8(U + UART_SCR);
        ends.push_back(cpu.last_end);
    });
    auto recs = b.records_of(uart.trace_id());
    REQUIRE(recs.size() == 2);
    CHECK(recs[0].issue == kBusRead);
    CHECK(recs[0].start == kBusRead);
    CHECK(recs[0].end == kBusRead + 20 * kNs);
    // The second access reaches the device 1 ns later (bus request channel) and waits for the port.
    CHECK(recs[1].issue == 2 * kBusRead);
    CHECK(recs[1].start == recs[0].end);
    CHECK(recs[1].end == recs[0].end + 20 * kNs);
    CHECK(ends[0] == recs[0].end + 1 * kNs);  // plus the bus response beat
}

TEST_CASE("uart output goes to a file and is flushed", "[uart]") {
    Bench b(false);
    const std::string path = "uart_output_test.txt";
    Uart16550Config c = quiet();
    c.output = path;
    Uart16550 uart("uart0", b.ctx, c);
    b.attach(uart, U);
    b.run([&](ScriptedInitiator& cpu) {
        for (char ch : std::string("file line\nno newline")) cpu.write8(U + UART_THR, uint8_t(ch));
    });
    uart.flush();
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    CHECK(ss.str() == "file line\nno newline");
    std::remove(path.c_str());
}

TEST_CASE("uart DLAB switches offsets 0 and 1 to the divisor latch", "[uart]") {
    Bench b;
    Uart16550 uart("uart0", b.ctx, quiet());
    b.attach(uart, U);
    uint8_t dll = 0, dlm = 0, ier = 0, scr = 0, lcr = 0;
    b.run([&](ScriptedInitiator& cpu) {
        cpu.write8(U + UART_IER, 0x00);
        cpu.write8(U + UART_LCR, UART_LCR_DLAB | 0x03);
        cpu.write8(U + UART_DLL, 0x12);  // divisor latch, not THR
        cpu.write8(U + UART_DLM, 0x34);  // not IER
        dll = cpu.read8(U + UART_DLL);
        dlm = cpu.read8(U + UART_DLM);
        cpu.write8(U + UART_LCR, 0x03);
        ier = cpu.read8(U + UART_IER);
        lcr = cpu.read8(U + UART_LCR);
        cpu.write8(U + UART_THR, 'x');
        cpu.write8(U + UART_SCR, 0xA5);
        scr = cpu.read8(U + UART_SCR);
    });
    CHECK(dll == 0x12);
    CHECK(dlm == 0x34);
    CHECK(uart.divisor() == 0x3412);
    CHECK(ier == 0);
    CHECK(lcr == 0x03);
    CHECK(scr == 0xA5);
    CHECK(uart.output() == "x");
}

TEST_CASE("uart THR-empty interrupt follows IER and IIR reads", "[uart]") {
    Bench b;
    Uart16550 uart("uart0", b.ctx, quiet());
    b.attach(uart, U);
    std::vector<bool> line;
    std::vector<uint8_t> iir;
    b.run([&](ScriptedInitiator& cpu) {
        cpu.write8(U + UART_FCR, UART_FCR_FIFO_EN);
        line.push_back(uart.irq().level());  // 0: IER = 0
        cpu.write8(U + UART_IER, UART_IER_THRI);
        line.push_back(uart.irq().level());                     // 1: THR empty
        iir.push_back(uint8_t(cpu.dbg_read(U + UART_IIR, 1)));  // debug read: no side effect
        line.push_back(uart.irq().level());                     // 2: still pending
        iir.push_back(cpu.read8(U + UART_IIR));                 // reports THRI and clears it
        line.push_back(uart.irq().level());                     // 3: cleared
        iir.push_back(cpu.read8(U + UART_IIR));                 // nothing pending
        cpu.write8(U + UART_THR, 'a');                          // byte sent at once: THR empty again
        line.push_back(uart.irq().level());                     // 4
        cpu.write8(U + UART_IER, 0);
        line.push_back(uart.irq().level());  // 5: masked
    });
    CHECK(line == std::vector<bool>{false, true, true, false, true, false});
    CHECK(iir == std::vector<uint8_t>{UART_IIR_FIFO | UART_IIR_THRI, UART_IIR_FIFO | UART_IIR_THRI,
                                      UART_IIR_FIFO | UART_IIR_NO_INT});
}

TEST_CASE("uart receives configured input: LSR DR, RBR, RDA interrupt", "[uart]") {
    Bench b;
    Uart16550 uart("uart0", b.ctx, quiet("ok"));
    b.attach(uart, U);
    std::vector<uint8_t> got;
    std::vector<bool> line;
    uint8_t peek = 0, iir_rda = 0, lsr_after = 0;
    b.run([&](ScriptedInitiator& cpu) {
        CHECK((cpu.read8(U + UART_LSR) & UART_LSR_DR) != 0);
        line.push_back(uart.irq().level());  // IER = 0: no interrupt
        cpu.write8(U + UART_IER, UART_IER_RDI | UART_IER_THRI);
        line.push_back(uart.irq().level());
        iir_rda = cpu.read8(U + UART_IIR);              // RDA has priority over THRI
        peek = uint8_t(cpu.dbg_read(U + UART_RBR, 1));  // debug read does not consume
        got.push_back(cpu.read8(U + UART_RBR));
        got.push_back(cpu.read8(U + UART_RBR));
        lsr_after = cpu.read8(U + UART_LSR);
        line.push_back(uart.irq().level());  // THRI still pending (IIR read reported RDA, not THRI)
        CHECK(cpu.read8(U + UART_IIR) == UART_IIR_THRI);
        line.push_back(uart.irq().level());
        CHECK(cpu.read8(U + UART_RBR) == 0);  // empty: reads 0
    });
    CHECK(iir_rda == UART_IIR_RDI);
    CHECK(peek == 'o');
    CHECK(got == std::vector<uint8_t>{'o', 'k'});
    CHECK((lsr_after & UART_LSR_DR) == 0);
    CHECK(line == std::vector<bool>{false, true, true, false});
    CHECK(b.counter("uart0", "bytes_rx") == 2);
}

TEST_CASE("uart input file is received after the input string", "[uart]") {
    const std::string path = "uart_input_test.txt";
    { std::ofstream(path) << "CD"; }
    Bench b(false);
    Uart16550Config c = quiet("AB");
    c.input_file = path;
    Uart16550 uart("uart0", b.ctx, c);
    b.attach(uart, U);
    std::string got;
    b.run([&](ScriptedInitiator& cpu) {
        while (cpu.read8(U + UART_LSR) & UART_LSR_DR) got.push_back(char(cpu.read8(U + UART_RBR)));
    });
    CHECK(got == "ABCD");
    std::remove(path.c_str());
}

TEST_CASE("uart rejects wide accesses and ignores writes to LSR", "[uart]") {
    Bench b;
    Uart16550 uart("uart0", b.ctx, quiet());
    b.attach(uart, U);
    tlm::tlm_response_status wide_read = tlm::TLM_OK_RESPONSE, wide_write = tlm::TLM_OK_RESPONSE;
    uint8_t lsr = 0;
    b.run([&](ScriptedInitiator& cpu) {
        cpu.read(U + UART_RBR, 4, &wide_read);
        wide_write = cpu.write(U + UART_THR, 0x41414141, 4, false);
        cpu.write8(U + UART_LSR, 0);  // ignored (warning)
        lsr = cpu.read8(U + UART_LSR);
    });
    CHECK(wide_read == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(wide_write == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(uart.output().empty());
    CHECK(lsr == (UART_LSR_THRE | UART_LSR_TEMT));
    CHECK(b.counter("uart0", "errors") == 2);
    CHECK(b.counter("uart0", "transactions") == 4);
    auto recs = b.records_of(uart.trace_id());
    REQUIRE(recs.size() == 4);
    CHECK(recs[0].status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST_CASE("uart debug writes store registers but never transmit", "[uart]") {
    Bench b;
    Uart16550 uart("uart0", b.ctx, quiet());
    b.attach(uart, U);
    b.run([&](ScriptedInitiator& cpu) {
        uint8_t v = 0x5A;
        CHECK(cpu.dbg(tlm::TLM_WRITE_COMMAND, U + UART_SCR, &v, 1) == 1);
        CHECK(cpu.read8(U + UART_SCR) == 0x5A);
        v = 'z';
        CHECK(cpu.dbg(tlm::TLM_WRITE_COMMAND, U + UART_THR, &v, 1) == 0);
    });
    CHECK(uart.output().empty());
    CHECK(b.counter("uart0", "transactions") == 1);  // debug accesses are not transactions
}
