// 16550-compatible UART (QEMU virt layout: byte registers at stride 1, include/vp/regs/uart16550.h).
//
// Transmission is instantaneous: a byte written to THR is emitted at once, so LSR.THRE and LSR.TEMT
// always read 1 and the divisor latch only stores its value. Output goes to stdout (flushed per byte,
// so it interleaves correctly with the VP's own stdout and logs), to a file, or nowhere; a copy of
// everything transmitted is kept in memory (output()). Received bytes come from a string and/or a
// file given in the configuration, all available from time 0 (as if typed before boot); RBR reads
// consume them one by one, LSR.DR tells whether one is waiting.
// Interrupts (one level-sensitive line, to a PLIC source): "received data available" while IER.RDI
// and LSR.DR; "THR empty" while IER.THRI and the THRE condition is pending. THRE becomes pending when
// IER.THRI is set and after each THR write; reading IIR while it reports THRI clears it (16550).
// Only byte accesses are accepted (others: TLM_ADDRESS_ERROR_RESPONSE). See docs/peripherals.md.
#pragma once
#include <cstdio>
#include <deque>
#include <string>
#include "models/common/irq.h"
#include "models/periph/mmio_device.h"
#include "vp/regs/memmap.h"

namespace vp {
struct Uart16550Config : MmioPort {
    Uart16550Config() : MmioPort{VP_UART0_BASE} {}
    std::string output = "stdout";  // "stdout" | "none" | a file path
    std::string input;              // bytes to receive (literal)
    std::string input_file;         // file whose contents are received after `input` ("" = none)
    unsigned irq = VP_IRQ_UART0;    // PLIC source number

    void params(config::Params& p);
};

class Uart16550 : public MmioDevice {
public:
    static constexpr uint64_t kMaxInputBytes = uint64_t(64) << 20;  // console input is typed, not a data set
    Uart16550(sc_core::sc_module_name name, SimContext& ctx, const Uart16550Config& cfg);
    ~Uart16550() override;

    IrqLine& irq() { return irq_; }
    IrqLine* irq_output() override { return &irq_; }
    const std::string& output() const { return output_; }  // everything transmitted so far
    void push_input(const std::string& bytes);             // more bytes to receive (tests, a console)
    void flush();
    uint16_t divisor() const { return uint16_t(dlm_ << 8 | dll_); }
    std::string summary() const override;

private:
    uint8_t iir() const;
    uint8_t lsr() const;
    void transmit(uint8_t c);
    void update_irq();
    bool dlab() const { return lcr_ & 0x80; }

    Uart16550Config cfg_;
    IrqLine irq_;
    std::FILE* out_ = nullptr;  // nullptr: no output
    bool own_out_ = false;
    std::string output_;
    std::deque<uint8_t> rx_;
    uint8_t ier_ = 0, lcr_ = 0, mcr_ = 0, scr_ = 0, dll_ = 0, dlm_ = 0, fcr_ = 0;
    bool thr_pending_ = false;  // THR-empty interrupt condition
    Counter &bytes_tx_, &bytes_rx_;
};

}  // namespace vp
