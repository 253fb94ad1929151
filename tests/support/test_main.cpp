// Test entry point: libsystemc owns main() and calls sc_main, which runs the Catch session.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <cstdlib>
#include <systemc>

int sc_main(int argc, char** argv) { return Catch::Session().run(argc, argv); }

// Our own main (instead of libsystemc's): stdout belongs to the firmware console and test output,
// so the SystemC banner is switched off before the kernel prints it.
int main(int argc, char** argv) {
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_core::sc_elab_and_sim(argc, argv);
}
