# cmake --install: vp, its host tools and a firmware SDK under a prefix, with a CMake package
# (docs/firmware.md, "SDK and install"):
#   <prefix>/bin/                        vp, vp-cachesim, vp-rgcn-trace, vp-gcn-sim, spmv_model, sell_info, vec-run
#   <prefix>/share/vp/scenarios|data|tools|firmware
#                                        what an installed vp reads (it finds them next to itself)
#   <prefix>/share/vp/sdk/               include/ (hal, drivers, rt, kernels, vp/regs), runtime/ (crt
#                                        support, vp.ld), hal/, drivers/, kernels/, vector/ (vec.ld,
#                                        vec_crt0.S, the image template), cmake/ (toolchain file,
#                                        VpFirmware.cmake)
#   <prefix>/lib/cmake/vp/               vpConfig.cmake: find_package(vp CONFIG) gives vp::vp,
#                                        VP_TOOLCHAIN_FILE and, in a project configured with that
#                                        toolchain, vp_add_firmware() and vp_add_vec_program()
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(_vp_tools vp vp-cachesim vp-rgcn-trace vp-gcn-sim spmv_model sell_info vec-run)
foreach(t ${_vp_tools})
  if(TARGET ${t})
    install(TARGETS ${t} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()

set(_vp_share ${CMAKE_INSTALL_DATADIR}/vp)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/scenarios/ DESTINATION ${_vp_share}/scenarios)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/data/ DESTINATION ${_vp_share}/data)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/tools/ DESTINATION ${_vp_share}/tools
        PATTERN "*.cpp" EXCLUDE PATTERN "*.h" EXCLUDE PATTERN "CMakeLists.txt" EXCLUDE PATTERN "__pycache__" EXCLUDE)
if(VP_BUILD_FIRMWARE)
  install(DIRECTORY ${VP_FIRMWARE_BIN_DIR}/ DESTINATION ${_vp_share}/firmware
          FILES_MATCHING PATTERN "*.elf" PATTERN "programs.txt")
endif()

# The firmware SDK: sources of the runtime, HAL and drivers (compiled in the user's project, for
# its flags), headers, linker scripts, crt0 and image template of accelerator programs.
set(_vp_sdk ${_vp_share}/sdk)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/firmware/include/ DESTINATION ${_vp_sdk}/include)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/vp DESTINATION ${_vp_sdk}/include)
foreach(d runtime hal drivers kernels vector)
  install(DIRECTORY ${CMAKE_SOURCE_DIR}/firmware/${d} DESTINATION ${_vp_sdk})
endforeach()
install(FILES ${CMAKE_SOURCE_DIR}/firmware/cmake/riscv32-picolibc.cmake ${CMAKE_SOURCE_DIR}/firmware/cmake/VpFirmware.cmake
        DESTINATION ${_vp_sdk}/cmake)

set(_vp_cmake ${CMAKE_INSTALL_LIBDIR}/cmake/vp)
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/vpConfig.cmake.in ${CMAKE_BINARY_DIR}/vpConfig.cmake
                              INSTALL_DESTINATION ${_vp_cmake} PATH_VARS _vp_share CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/vpConfigVersion.cmake VERSION ${PROJECT_VERSION}
                                 COMPATIBILITY SameMinorVersion ARCH_INDEPENDENT)
install(FILES ${CMAKE_BINARY_DIR}/vpConfig.cmake ${CMAKE_BINARY_DIR}/vpConfigVersion.cmake DESTINATION ${_vp_cmake})
