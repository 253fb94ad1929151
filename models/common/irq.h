// A level-sensitive interrupt wire between two models (device -> PLIC, CLINT/PLIC -> hart).
// Plain C++ rather than sc_signal: a decoupled initiator reads the level at its own local time
// without a delta cycle, and setting the same level twice costs nothing.
#pragma once
#include <functional>

namespace vp {

class IrqLine {
public:
    void set(bool level) {
        if (level == level_) return;
        level_ = level;
        if (on_change_) on_change_(level);
    }
    bool level() const { return level_; }
    void on_change(std::function<void(bool)> fn) { on_change_ = std::move(fn); }

private:
    bool level_ = false;
    std::function<void(bool)> on_change_;
};

}  // namespace vp
