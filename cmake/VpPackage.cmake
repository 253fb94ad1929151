# A Debian package of the install (cmake/VpInstall.cmake) via CPack's DEB generator (README.md,
# "Installing, and your own firmware"):
#   cmake --build build && (cd build && cpack -G DEB)      # -> build/vp_<version>_<arch>.deb
#   sudo apt install ./build/vp_<version>_<arch>.deb        # vp, tools, scenarios, data, SDK under /usr
#   vp run                                                  # the default scenario
# Depends: the shared libraries of vp and the tools (dpkg-shlibdeps: libsystemc, libyaml-cpp, libfmt,
# libspdlog, libprotobuf, libfdt, zlib, libstdc++, libc) and what the Python tools need at run time
# (vp report: python3-matplotlib; vp sweep: python3-yaml). Recommends: the firmware toolchain the SDK
# builds with (gcc/binutils for riscv64-unknown-elf, picolibc, cmake): vp runs the shipped, prebuilt
# firmware without it, so it is not a hard dependency, but apt installs Recommends by default, so
# `find_package(vp CONFIG)` works after a plain `apt install`. Suggests: gdb-multiarch (vp run --gdb),
# python3-distributed (vp sweep --engine dask). vp is relocatable (it finds share/vp next to its bin/),
# so the package's tree runs from anywhere: tests/install/test_deb.py builds the package, checks its
# control fields and file list, extracts it (dpkg-deb -x) and runs the default scenario from there.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME vp)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "vp")
set(CPACK_PACKAGE_CONTACT "vp maintainers <maintainers@users.noreply.a-seed-a8330790.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "SystemC/TLM-2.0 virtual platform of a RISC-V SoC, with a firmware SDK")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "A SystemC/TLM-2.0 virtual platform of a RISC-V SoC (CPU ISS, caches, DDR3/HMC, DMA, vector\n\
accelerator, LAPP) for sparse and graph workloads: vp, its host tools, the shipped scenarios, data\n\
sets and firmware, and a firmware SDK with a CMake package (find_package(vp CONFIG)).")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # vp_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION electronics)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3, python3-matplotlib, python3-yaml")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
    "gcc-riscv64-unknown-elf, binutils-riscv64-unknown-elf, picolibc-riscv64-unknown-elf, cmake, ninja-build | make")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "gdb-multiarch, python3-distributed")
set(CPACK_STRIP_FILES ON)
include(CPack)
