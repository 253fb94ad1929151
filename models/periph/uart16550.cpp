#include "models/periph/uart16550.h"
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include "vp/regs/uart16550.h"

namespace vp {

Uart16550::Uart16550(sc_core::sc_module_name name, SimContext& ctx, const Uart16550Config& cfg)
    : MmioDevice(name, ctx, cfg, UART_SIZE),
      cfg_(cfg),
      bytes_tx_(stats_.counter("bytes_tx", "bytes", "bytes transmitted (written to THR)")),
      bytes_rx_(stats_.counter("bytes_rx", "bytes", "bytes received (read from RBR)")) {
    if (cfg.output == "stdout") {
        out_ = stdout;
    } else if (cfg.output != "none" && !cfg.output.empty()) {
        out_ = std::fopen(cfg.output.c_str(), "wb");
        if (!out_) throw std::runtime_error(name_ + ": cannot open output file '" + cfg.output + "'");
        own_out_ = true;
    }
    push_input(cfg.input);
    if (!cfg.input_file.empty()) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(cfg.input_file, ec))
            throw config::ParamError("input_file", "'" + cfg.input_file + "' is not a regular file");
        if (std::filesystem::file_size(cfg.input_file, ec) > kMaxInputBytes)
            throw config::ParamError("input_file", "'" + cfg.input_file + "' is larger than " +
                                                       std::to_string(kMaxInputBytes >> 20) + " MiB of console input");
        std::ifstream in(cfg.input_file, std::ios::binary);
        if (!in) throw config::ParamError("input_file", "cannot read '" + cfg.input_file + "'");
        push_input(std::string(std::istreambuf_iterator<char>(in), {}));
    }

    // Offset 0: RBR (read) / THR (write), or DLL when LCR.DLAB = 1. Reading RBR consumes a byte.
    regs_.add("RBR_THR_DLL", UART_RBR, 1)
        .reads([this](const RegAccess&) -> uint64_t {
            if (dlab()) return dll_;
            if (rx_.empty()) return 0;
            const uint8_t c = rx_.front();
            rx_.pop_front();
            ++bytes_rx_;
            update_irq();
            return c;
        })
        .peeks([this](const RegAccess&) -> uint64_t { return dlab()        ? dll_
                                                             : rx_.empty() ? 0
                                                                           : rx_.front(); })
        .writes([this](uint64_t v, const RegAccess&) {
            if (dlab())
                dll_ = uint8_t(v);
            else
                transmit(uint8_t(v));
        })
        .no_debug_write();
    regs_.add("IER_DLM", UART_IER, 1)
        .reads([this](const RegAccess&) -> uint64_t { return dlab() ? dlm_ : ier_; })
        .writes([this](uint64_t v, const RegAccess&) {
            if (dlab()) {
                dlm_ = uint8_t(v);
                return;
            }
            const uint8_t old = ier_;
            ier_ = uint8_t(v & 0x0F);
            // The transmitter is always empty: enabling THRI raises the THR-empty condition.
            if ((ier_ & UART_IER_THRI) && !(old & UART_IER_THRI)) thr_pending_ = true;
            update_irq();
        });
    // IIR (read) / FCR (write). Reading IIR while it reports THRI clears that condition.
    regs_.add("IIR_FCR", UART_IIR, 1)
        .reads([this](const RegAccess&) -> uint64_t {
            const uint8_t v = iir();
            if ((v & 0x0F) == UART_IIR_THRI) {
                thr_pending_ = false;
                update_irq();
            }
            return v;
        })
        .peeks([this](const RegAccess&) -> uint64_t { return iir(); })
        .writes([this](uint64_t v, const RegAccess&) {
            // Clearing the FIFOs has nothing to drop: transmission is instantaneous and the configured
            // input is a host-side stream that the receiver has not taken in yet.
            fcr_ = uint8_t(v & UART_FCR_FIFO_EN);
        });
    regs_.add("LCR", UART_LCR, 1)
        .reads([this](const RegAccess&) -> uint64_t { return lcr_; })
        .writes([this](uint64_t v, const RegAccess&) { lcr_ = uint8_t(v); });
    regs_.add("MCR", UART_MCR, 1)
        .reads([this](const RegAccess&) -> uint64_t { return mcr_; })
        .writes([this](uint64_t v, const RegAccess&) {
            mcr_ = uint8_t(v & 0x1F);
            if (mcr_ & UART_MCR_LOOP) VP_WARN(log_, "MCR loopback mode is not modelled");
        });
    regs_.add("LSR", UART_LSR, 1).reads([this](const RegAccess&) -> uint64_t { return lsr(); });  // writes ignored
    regs_.add("MSR", UART_MSR, 1).reads([](const RegAccess&) -> uint64_t {
        return UART_MSR_DCD | UART_MSR_DSR | UART_MSR_CTS;  // a connected terminal, as QEMU
    });
    regs_.add("SCR", UART_SCR, 1)
        .reads([this](const RegAccess&) -> uint64_t { return scr_; })
        .writes([this](uint64_t v, const RegAccess&) { scr_ = uint8_t(v); });
}

Uart16550::~Uart16550() {
    flush();
    if (own_out_) std::fclose(out_);
}

void Uart16550::push_input(const std::string& bytes) {
    rx_.insert(rx_.end(), bytes.begin(), bytes.end());
    update_irq();
}

void Uart16550::flush() {
    if (out_) std::fflush(out_);
}

uint8_t Uart16550::lsr() const { return UART_LSR_THRE | UART_LSR_TEMT | (rx_.empty() ? 0 : UART_LSR_DR); }

uint8_t Uart16550::iir() const {
    const uint8_t fifo = (fcr_ & UART_FCR_FIFO_EN) ? UART_IIR_FIFO : 0;
    if ((ier_ & UART_IER_RDI) && !rx_.empty()) return fifo | UART_IIR_RDI;
    if ((ier_ & UART_IER_THRI) && thr_pending_) return fifo | UART_IIR_THRI;
    return fifo | UART_IIR_NO_INT;
}

void Uart16550::transmit(uint8_t c) {
    output_.push_back(char(c));
    ++bytes_tx_;
    if (out_) {
        std::fputc(c, out_);
        // stdout: every byte, so console text and the VP's own output/logs appear in order.
        if (out_ == stdout || c == '\n') std::fflush(out_);
    }
    // Writing THR clears the THR-empty condition; the byte leaves at once, so it is set again.
    thr_pending_ = true;
    update_irq();
}

std::string Uart16550::summary() const {
    return std::to_string(bytes_tx_.value) + " bytes sent, " + std::to_string(bytes_rx_.value) + " received";
}

void Uart16550::update_irq() { irq_.set((iir() & UART_IIR_NO_INT) == 0); }

}  // namespace vp
