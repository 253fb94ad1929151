// Runs test code in an SC_THREAD, so that it may call wait() (the kernel's time advances) or models'
// blocking functions: set `fn`, then sc_core::sc_start().
#pragma once
#include <functional>
#include <systemc>

namespace vp::test {

struct TestThread : sc_core::sc_module {
    std::function<void()> fn;
    explicit TestThread(sc_core::sc_module_name n) : sc_module(n) {
        SC_HAS_PROCESS(TestThread);
        SC_THREAD(run);
    }
    void run() { fn(); }
};

}  // namespace vp::test
