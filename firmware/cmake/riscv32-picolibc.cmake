# CMake toolchain file: bare-metal RV32IMAFC (ilp32f) with Debian's riscv64-unknown-elf-gcc and picolibc.
#
# Multilib: gcc picks the library directory from -march/-mabi.  "-march=rv32imafc -mabi=ilp32f" selects
# rv32imafc/ilp32f (check: riscv64-unknown-elf-gcc -march=rv32imafc -mabi=ilp32f -print-multi-directory).
# Spelling the ISA with "_zicsr" would select "." (the rv64 default), so we do not.  gcc 12 still passes
# "-march=rv32imafc_zicsr" to the assembler (F implies Zicsr), so csrr/csrw in inline asm work; fence.i
# (Zifencei) in inline asm needs ".option arch, +zifencei" (see rt/csr.h: VP_FENCE_I), because the
# ".attribute arch" gcc writes at the top of every .s overrides any -Wa,-march.  Hand-written .S files
# have no such attribute, so for them we pass the full ISA to the assembler with -Wa,-march.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv32)
set(CMAKE_CROSSCOMPILING ON)

set(VP_RISCV_PREFIX riscv64-unknown-elf- CACHE STRING "Prefix of the RISC-V cross tools")
find_program(CMAKE_C_COMPILER ${VP_RISCV_PREFIX}gcc REQUIRED)
set(CMAKE_ASM_COMPILER ${CMAKE_C_COMPILER})
find_program(CMAKE_OBJDUMP ${VP_RISCV_PREFIX}objdump)
find_program(CMAKE_OBJCOPY ${VP_RISCV_PREFIX}objcopy)
find_program(CMAKE_SIZE_TOOL ${VP_RISCV_PREFIX}size)
find_program(CMAKE_AR ${VP_RISCV_PREFIX}ar)
find_program(CMAKE_RANLIB ${VP_RISCV_PREFIX}ranlib)

# Compiler checks cannot link a bare-metal executable without our linker script.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(VP_RISCV_ARCH "-march=rv32imafc -mabi=ilp32f" CACHE STRING "ISA / ABI (must name a gcc multilib)")
# Default OS library for picolibc: semihosting (stdio and exit codes through the debugger interface).
# A program may pick another with set_target_properties(<t> PROPERTIES VP_OSLIB ...) - see firmware/CMakeLists.txt.
set(VP_DEFAULT_OSLIB semihost CACHE STRING "picolibc --oslib= default (semihost, dummyhost or empty)")

# -ffp-contract=off: no silent fmadd contraction, so float results are bit-identical to a host reference
# that rounds every operation (spmv's checksum relies on it).
set(_vp_common "${VP_RISCV_ARCH} --specs=picolibc.specs -ffunction-sections -fdata-sections -ffp-contract=off")
set(CMAKE_C_FLAGS_INIT   "${_vp_common} -Wall -Wextra -Wshadow -Wno-unused-parameter")
set(CMAKE_ASM_FLAGS_INIT "${_vp_common} -Wa,-march=rv32imafc_zicsr_zifencei")
set(CMAKE_C_FLAGS_RELEASE_INIT "-O2 -g")
set(CMAKE_C_FLAGS_DEBUG_INIT "-Og -g")
# (CMake passes the C/ASM flags, specs included, to the link step as well.)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -Wl,--gc-sections")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
