# The firmware SDK's CMake functions (docs/firmware.md, "SDK"): used by the in-tree firmware build
# (firmware/CMakeLists.txt) and, installed under <prefix>/share/vp/sdk/cmake, by find_package(vp CONFIG)
# in an out-of-tree firmware project. Needs, set before include():
#   VP_FIRMWARE_SDK_DIR  a directory with include/ (hal, drivers, rt, kernels), runtime/, hal/,
#                        drivers/, kernels/ and vector/ (vec.ld, vec_crt0.S, vec_image.S.in)
#   VP_INCLUDE_DIR       the directory that holds vp/regs/*.h
# and a RISC-V cross compiler (the toolchain file cmake/riscv32-picolibc.cmake).
include_guard(GLOBAL)
if(NOT VP_FIRMWARE_SDK_DIR OR NOT EXISTS "${VP_FIRMWARE_SDK_DIR}/runtime/vp.ld")
  message(FATAL_ERROR "VP_FIRMWARE_SDK_DIR='${VP_FIRMWARE_SDK_DIR}' is not a vp firmware SDK (no runtime/vp.ld)")
endif()
if(NOT EXISTS "${VP_INCLUDE_DIR}/vp/regs/memmap.h")
  message(FATAL_ERROR "VP_INCLUDE_DIR='${VP_INCLUDE_DIR}' does not contain vp/regs/memmap.h")
endif()
if(NOT CMAKE_C_COMPILER_ID STREQUAL "GNU" OR NOT CMAKE_C_COMPILER MATCHES "riscv")
  message(FATAL_ERROR "vp firmware needs the RISC-V cross compiler: configure with "
                      "-DCMAKE_TOOLCHAIN_FILE=<the SDK's cmake/riscv32-picolibc.cmake>")
endif()
if(NOT DEFINED VP_DEFAULT_OSLIB)
  set(VP_DEFAULT_OSLIB semihost CACHE STRING "picolibc --oslib= default (semihost, dummyhost or empty)")
endif()
set(VP_LINKER_SCRIPT "${VP_FIRMWARE_SDK_DIR}/runtime/vp.ld")


# Runtime: trap entry, trap dispatch, boot-info lookup, device table, SMP start-up (rt/smp.h).
add_library(vp_rt STATIC ${VP_FIRMWARE_SDK_DIR}/runtime/trap_entry.S ${VP_FIRMWARE_SDK_DIR}/runtime/trap.c ${VP_FIRMWARE_SDK_DIR}/runtime/bootinfo.c
            ${VP_FIRMWARE_SDK_DIR}/runtime/device.c ${VP_FIRMWARE_SDK_DIR}/runtime/smp.c
            ${VP_FIRMWARE_SDK_DIR}/runtime/smp_start.S)
target_include_directories(vp_rt PUBLIC ${VP_FIRMWARE_SDK_DIR}/include ${VP_INCLUDE_DIR})
# smp.c serves programs without a C library too (firmware/programs/smp): no calls to strlen & co.
set_source_files_properties(${VP_FIRMWARE_SDK_DIR}/runtime/smp.c PROPERTIES COMPILE_OPTIONS
                            "-ffreestanding;-fno-builtin;-fno-tree-loop-distribute-patterns")

# HAL: UART, CLINT, PLIC, finisher, trace marker, interrupts.
add_library(vp_hal STATIC ${VP_FIRMWARE_SDK_DIR}/hal/uart.c ${VP_FIRMWARE_SDK_DIR}/hal/uart_dev.c ${VP_FIRMWARE_SDK_DIR}/hal/finisher.c ${VP_FIRMWARE_SDK_DIR}/hal/finisher_dev.c
            ${VP_FIRMWARE_SDK_DIR}/hal/marker.c ${VP_FIRMWARE_SDK_DIR}/hal/marker_dev.c ${VP_FIRMWARE_SDK_DIR}/hal/vec.c ${VP_FIRMWARE_SDK_DIR}/hal/vec_dev.c)
target_link_libraries(vp_hal PUBLIC vp_rt)

# Device drivers (firmware/drivers): the cascaded mSGDMA, LAPP.
add_library(vp_drivers STATIC ${VP_FIRMWARE_SDK_DIR}/drivers/msgdma.c ${VP_FIRMWARE_SDK_DIR}/drivers/msgdma_dev.c ${VP_FIRMWARE_SDK_DIR}/drivers/lapp.c
            ${VP_FIRMWARE_SDK_DIR}/drivers/lapp_dev.c)
target_link_libraries(vp_drivers PUBLIC vp_hal)

# Kernels LAPP's first stage runs: RV32IMF without C, and no memset/memcpy calls from loop patterns.
add_library(vp_lapp_kernels STATIC ${VP_FIRMWARE_SDK_DIR}/kernels/lapp_kernels.c)
target_include_directories(vp_lapp_kernels PUBLIC ${VP_FIRMWARE_SDK_DIR}/include ${VP_INCLUDE_DIR})
target_compile_options(vp_lapp_kernels PRIVATE -march=rv32imf -fno-tree-loop-distribute-patterns)

# vp_add_program(<name> SOURCES <files...> [CRT0 semihost|hosted|minimal|none|default]
#                [OSLIB semihost|dummyhost|none] [OPTIONS <extra compile options>])
#   CRT0 none: the program provides _start itself and links without crt0 and libc.
function(vp_add_program name)
  cmake_parse_arguments(P "" "CRT0;OSLIB" "SOURCES;OPTIONS" ${ARGN})
  if(NOT P_CRT0)
    set(P_CRT0 semihost)
  endif()
  if(NOT P_OSLIB)
    set(P_OSLIB ${VP_DEFAULT_OSLIB})
  endif()
  add_executable(${name} ${P_SOURCES})
  set_target_properties(${name} PROPERTIES OUTPUT_NAME ${name} SUFFIX ".elf"
                        LINK_DEPENDS ${VP_LINKER_SCRIPT})
  target_compile_options(${name} PRIVATE ${P_OPTIONS})
  target_link_options(${name} PRIVATE -T${VP_LINKER_SCRIPT}
                      -Wl,-Map=$<TARGET_FILE_DIR:${name}>/${name}.map)
  if(P_CRT0 STREQUAL "none")
    target_link_options(${name} PRIVATE -nostartfiles -nostdlib)
    target_include_directories(${name} PRIVATE ${VP_FIRMWARE_SDK_DIR}/include ${VP_INCLUDE_DIR})
  else()
    if(NOT P_CRT0 STREQUAL "default")
      target_link_options(${name} PRIVATE --crt0=${P_CRT0})
    endif()
    if(NOT P_OSLIB STREQUAL "none" AND NOT P_OSLIB STREQUAL "")
      target_link_options(${name} PRIVATE --oslib=${P_OSLIB})
    endif()
    target_link_libraries(${name} PRIVATE vp_drivers vp_hal vp_rt)
  endif()
  if(CMAKE_OBJDUMP)
    add_custom_command(TARGET ${name} POST_BUILD
      COMMAND ${CMAKE_OBJDUMP} -d -t $<TARGET_FILE:${name}> > $<TARGET_FILE_DIR:${name}>/${name}.dis
      VERBATIM)
  endif()
endfunction()

# vp_add_vec_program(<name> SOURCES <files...> [OPTIONS <extra compile options>] [LINK_OPTIONS <...>])
#   A program for the vector accelerator's control hart (a second ISA target: RV32IMF + Zve32f,
#   no C, no A, no libc): <name>_vec.elf linked with vector/vec.ld (code in the ILM, data in the DLM),
#   started by vector/vec_crt0.S, which calls `vec_main`. Sources are assembly (.S, GCC 12 has no
#   RVV intrinsics) or C for scalar code. Also creates the object library <name>_image holding the
#   program as `const vec_image_t <name>_image` (hal/vec.h); link it into a CPU program with
#   target_link_libraries(<cpu program> PRIVATE <name>_image).
set(VP_VEC_ARCH "-march=rv32imf_zve32f -mabi=ilp32f" CACHE STRING "ISA / ABI of vector-accelerator programs")
function(vp_add_vec_program name)
  cmake_parse_arguments(P "" "" "SOURCES;OPTIONS;LINK_OPTIONS" ${ARGN})
  separate_arguments(_arch UNIX_COMMAND "${VP_VEC_ARCH}")
  set(_elf ${name}_vec)
  add_executable(${_elf} ${VP_FIRMWARE_SDK_DIR}/vector/vec_crt0.S ${P_SOURCES})
  set_target_properties(${_elf} PROPERTIES OUTPUT_NAME ${_elf} SUFFIX ".elf"
                        LINK_DEPENDS ${VP_FIRMWARE_SDK_DIR}/vector/vec.ld)
  # The CPU flags (rv32imafc, picolibc specs) come from CMAKE_<LANG>_FLAGS; later -march/-mabi win.
  target_compile_options(${_elf} PRIVATE ${_arch} -ffreestanding -fno-builtin -fno-tree-loop-distribute-patterns
                         -Wa,-march=rv32imf_zve32f
                         ${P_OPTIONS})
  target_include_directories(${_elf} PRIVATE ${VP_FIRMWARE_SDK_DIR}/include ${VP_INCLUDE_DIR})
  target_link_options(${_elf} PRIVATE ${_arch} -nostartfiles -nostdlib
                      -T${VP_FIRMWARE_SDK_DIR}/vector/vec.ld ${P_LINK_OPTIONS})
  set(_dir ${CMAKE_RUNTIME_OUTPUT_DIRECTORY})
  if(NOT _dir)
    set(_dir ${CMAKE_CURRENT_BINARY_DIR})
  endif()
  add_custom_command(TARGET ${_elf} POST_BUILD
    COMMAND ${CMAKE_OBJCOPY} -O binary -j .text $<TARGET_FILE:${_elf}> ${_dir}/${name}.text.bin
    COMMAND ${CMAKE_OBJCOPY} -O binary -j .data -j .bss --set-section-flags .bss=alloc,load,contents
            $<TARGET_FILE:${_elf}> ${_dir}/${name}.data.bin
    COMMAND ${CMAKE_OBJDUMP} -d -t $<TARGET_FILE:${_elf}> > ${_dir}/${_elf}.dis
    BYPRODUCTS ${_dir}/${name}.text.bin ${_dir}/${name}.data.bin
    VERBATIM)
  set(VEC_NAME ${name})
  set(VEC_TEXT_BIN ${_dir}/${name}.text.bin)
  set(VEC_DATA_BIN ${_dir}/${name}.data.bin)
  configure_file(${VP_FIRMWARE_SDK_DIR}/vector/vec_image.S.in ${CMAKE_CURRENT_BINARY_DIR}/${name}_image.S
                 @ONLY)
  add_library(${name}_image OBJECT ${CMAKE_CURRENT_BINARY_DIR}/${name}_image.S)
  set_source_files_properties(${CMAKE_CURRENT_BINARY_DIR}/${name}_image.S PROPERTIES
                              OBJECT_DEPENDS "${VEC_TEXT_BIN};${VEC_DATA_BIN}")
  add_dependencies(${name}_image ${_elf})
endfunction()

# vp_add_firmware(<name> SOURCES <files...> [CRT0 ...] [OSLIB ...] [OPTIONS ...]): a CPU program,
# <name>.elf; the same as vp_add_program (the name the installed SDK documents).
function(vp_add_firmware name)
  vp_add_program(${name} ${ARGN})
endfunction()
