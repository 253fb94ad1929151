#!/usr/bin/env bash
# Builds the Linux boot set for QEMU `virt` rv32 (and the vp, which boots it unchanged) from a clean
# checkout: OpenSBI (third_party/opensbi) fw_jump/fw_dynamic, Debian's linux-source-6.1 with
# firmware/linux/rv32_virt.config, the nolibc init (firmware/linux/init.c) and its initramfs; then
# boots the set on QEMU when qemu-system-riscv32 is there. docs/linux.md explains each step.
#
#   scripts/linux/build.sh [--build DIR] [--out DIR] [--images DIR] [--jobs N] [--no-boot]
#
#   --build DIR   work directory (default: build-linux); the kernel source and objects stay there, so
#                 a second run only rebuilds what changed (it takes seconds when nothing did)
#   --out DIR     where the results are copied (default: out): opensbi/fw_{jump,dynamic}.{bin,elf},
#                 Image, vmlinux, System.map, initramfs.cpio, linux.config, build-info.txt
#   --images DIR  also write the compressed set that the repository keeps for CI (images/linux-rv32):
#                 fw_jump.bin, fw_dynamic.bin, Image.xz, initramfs.cpio.gz; their sha256 are printed (and kept in
#                 OUT/images.sha256) for that directory's README.md
#   --jobs N      make -j (default 2)
#   --no-boot     skip the QEMU boot check
#
# Environment: LINUX_DEB_VERSION (default below; the Debian version of linux-source-6.1 to fetch),
# LINUX_SOURCE_DEB (a linux-source-6.1 .deb already on disk, instead of apt-get download).
# Needs scripts/linux/setup.sh's packages (it runs it).
set -euo pipefail

REPO=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$REPO/build-linux
OUT=$REPO/out
IMAGES=
JOBS=2
BOOT=1
while [ $# -gt 0 ]; do
  case "$1" in
    --build) BUILD=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --images) IMAGES=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --no-boot) BOOT=0; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "build.sh: unknown argument '$1' (--help lists them)" >&2; exit 2 ;;
  esac
done
mkdir -p "$BUILD" "$OUT"
BUILD=$(cd "$BUILD" && pwd)
OUT=$(cd "$OUT" && pwd)
if [ -n "$IMAGES" ]; then mkdir -p "$IMAGES"; IMAGES=$(cd "$IMAGES" && pwd); fi

# The kernel source this configuration was made and checked with; the images in images/linux-rv32
# were built from it. Debian's archive keeps only the newest upload of a package: when this one is
# gone, the build takes the newest and says so (then update images/linux-rv32/README.md).
LINUX_DEB_VERSION=${LINUX_DEB_VERSION-6.1.192-3}
CROSS=riscv64-unknown-elf-
# The kernel is linked with the linux-gnu target's GNU ld (same binutils 2.40): the elf target's ld
# cannot make the shared object that the vDSO is (scripts/linux/setup.sh).
KLD=riscv64-linux-gnu-ld
# A fixed build stamp, so that the kernel's version string (and the image) does not depend on when
# and where it was built.
export KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 2026"
export KBUILD_BUILD_USER=vp KBUILD_BUILD_HOST=vp-linux KBUILD_BUILD_VERSION=1
export SOURCE_DATE_EPOCH=1767225600

step() { printf '\n== %s\n' "$*"; }
t_start=$(date +%s)

step "packages (scripts/linux/setup.sh)"
"$REPO/scripts/linux/setup.sh"

# ---------------------------------------------------------------------------------------- OpenSBI
step "OpenSBI $(sed -n 's/^- Release tag: `\(.*\)`, commit `\([0-9a-f]*\)`.*/\1 (\2)/p' "$REPO/third_party/opensbi/README.vp.md")"
# FW_JUMP_ADDR: where QEMU 7.2 virt loads an rv32 kernel (first 4 MiB-aligned address after the
# firmware); FW_JUMP_FDT_ADDR: where fw_jump copies the device tree for the kernel (generic default).
make -s -C "$REPO/third_party/opensbi" O="$BUILD/opensbi" CROSS_COMPILE=$CROSS -j"$JOBS" \
  PLATFORM=generic PLATFORM_RISCV_XLEN=32 FW_JUMP_ADDR=0x80400000 FW_JUMP_FDT_ADDR=0x82200000
SBI=$BUILD/opensbi/platform/generic/firmware
mkdir -p "$OUT/opensbi"
for f in fw_jump.bin fw_jump.elf fw_dynamic.bin fw_dynamic.elf; do cp "$SBI/$f" "$OUT/opensbi/$f"; done

# ----------------------------------------------------------------------------------- kernel source
step "Linux source (Debian linux-source-6.1)"
DEB_DIR=$BUILD/deb
mkdir -p "$DEB_DIR"
if [ -n "${LINUX_SOURCE_DEB:-}" ]; then
  DEB=$LINUX_SOURCE_DEB
else
  DEB=$(ls "$DEB_DIR"/linux-source-6.1_"${LINUX_DEB_VERSION:-*}"_all.deb 2>/dev/null | tail -n1 || true)
  if [ -z "$DEB" ]; then
    (cd "$DEB_DIR" && { apt-get download "linux-source-6.1${LINUX_DEB_VERSION:+=$LINUX_DEB_VERSION}" ||
      { [ -n "$LINUX_DEB_VERSION" ] &&
        echo "build.sh: linux-source-6.1 $LINUX_DEB_VERSION is no longer in the archive; taking the newest" >&2 &&
        apt-get download linux-source-6.1; }; })
    DEB=$(ls -t "$DEB_DIR"/linux-source-6.1_*_all.deb | head -n1)
  fi
fi
DEB_VERSION=$(dpkg-deb -f "$DEB" Version)
SRC_ROOT=$BUILD/src-$DEB_VERSION
SRC=$SRC_ROOT/linux-source-6.1
if [ ! -f "$SRC/.vp-extracted" ]; then
  rm -rf "$SRC_ROOT"
  mkdir -p "$SRC_ROOT/deb"
  dpkg-deb -x "$DEB" "$SRC_ROOT/deb"
  tar -xJf "$SRC_ROOT/deb/usr/src/linux-source-6.1.tar.xz" -C "$SRC_ROOT"
  rm -rf "$SRC_ROOT/deb"
  touch "$SRC/.vp-extracted"
fi
KVER=$(make -s -C "$SRC" kernelversion)
echo "linux-source-6.1 $DEB_VERSION (kernel $KVER) in $SRC"

# ---------------------------------------------------------------------------------- kernel config
step "kernel configuration: tinyconfig + firmware/linux/rv32_virt.config"
KB=$BUILD/kbuild-$DEB_VERSION
mkdir -p "$KB"
KMAKE=(make -C "$SRC" O="$KB" ARCH=riscv CROSS_COMPILE=$CROSS LD=$KLD)
FRAGMENT=$REPO/firmware/linux/rv32_virt.config
[ -f "$KB/.config" ] && cp -p "$KB/.config" "$KB/.config.prev"
"${KMAKE[@]}" -s tinyconfig >/dev/null
(cd "$SRC" && ./scripts/kconfig/merge_config.sh -m -O "$KB" "$KB/.config" "$FRAGMENT" >/dev/null)
"${KMAKE[@]}" -s olddefconfig >/dev/null
# Unchanged configuration: keep the old file (and its time stamp), so make rebuilds nothing.
if [ -f "$KB/.config.prev" ] && cmp -s "$KB/.config" "$KB/.config.prev"; then mv "$KB/.config.prev" "$KB/.config"; fi
rm -f "$KB/.config.prev"
# Every option the fragment names must have the value it asks for (Kconfig drops what it cannot
# satisfy without failing, so check before the long build).
bad=0
while IFS= read -r line; do
  if [[ $line =~ ^(CONFIG_[A-Za-z0-9_]+)=(.*)$ ]]; then
    grep -qxF "$line" "$KB/.config" || { echo "build.sh: $FRAGMENT: ${BASH_REMATCH[1]} wanted ${BASH_REMATCH[2]}, .config has: $(grep -E "^(# )?${BASH_REMATCH[1]}[= ]" "$KB/.config" || echo nothing)" >&2; bad=1; }
  elif [[ $line =~ ^#\ (CONFIG_[A-Za-z0-9_]+)\ is\ not\ set$ ]]; then
    if grep -qE "^${BASH_REMATCH[1]}=" "$KB/.config"; then echo "build.sh: $FRAGMENT: ${BASH_REMATCH[1]} wanted off, .config has it on" >&2; bad=1; fi
  fi
done <"$FRAGMENT"
[ $bad -eq 0 ] || exit 1
echo "configuration checked: every option of the fragment is as asked"

# ---------------------------------------------------------------------------------- kernel build
step "kernel build (make -j$JOBS Image; the first build takes a long time)"
t_k=$(date +%s)
"${KMAKE[@]}" -j"$JOBS" Image
"${KMAKE[@]}" -s -j"$JOBS" headers  # the UAPI headers nolibc includes, into $KB/usr/include
echo "kernel build: $(( $(date +%s) - t_k )) s"
cp "$KB/arch/riscv/boot/Image" "$OUT/Image"
cp "$KB/vmlinux" "$OUT/vmlinux"
cp "$KB/System.map" "$OUT/System.map"
cp "$KB/.config" "$OUT/linux.config"

# ----------------------------------------------------------------------------- init + initramfs
step "init (firmware/linux/init.c on nolibc) and initramfs"
IB=$BUILD/initramfs
mkdir -p "$IB"
${CROSS}gcc -march=rv32imac -mabi=ilp32 -Os -static -nostdlib -ffreestanding -fno-stack-protector \
  -fno-asynchronous-unwind-tables -fno-ident -Wall -Wextra -Werror \
  -isystem "$SRC/tools/include/nolibc" -isystem "$KB/usr/include" \
  "$REPO/firmware/linux/init.c" -lgcc -Wl,--build-id=none -s -o "$IB/init"
touch -d "@$SOURCE_DATE_EPOCH" "$IB/init"  # gen_init_cpio records the file's own mtime
sed "s#@INIT@#$IB/init#" "$REPO/firmware/linux/initramfs.list" >"$IB/initramfs.list"
"$KB/usr/gen_init_cpio" -t "$SOURCE_DATE_EPOCH" "$IB/initramfs.list" >"$IB/initramfs.cpio"
cp "$IB/initramfs.cpio" "$OUT/initramfs.cpio"

# ------------------------------------------------------------------------------------ provenance
SBI_COMMIT=$(sed -n 's/^- Release tag: `\(.*\)`, commit `\([0-9a-f]*\)`.*/\1 \2/p' "$REPO/third_party/opensbi/README.vp.md")
{
  echo "linux-source-6.1 (Debian) $DEB_VERSION, kernel $KVER"
  echo "opensbi $SBI_COMMIT (third_party/opensbi)"
  echo "kernel config: tinyconfig + firmware/linux/rv32_virt.config (full: linux.config)"
  echo "compiler: $(${CROSS}gcc --version | head -n1); kernel linker: $($KLD --version | head -n1)"
  (cd "$OUT" && sha256sum opensbi/fw_jump.bin opensbi/fw_dynamic.bin Image initramfs.cpio)
} >"$OUT/build-info.txt"

if [ -n "$IMAGES" ]; then
  step "compressed images for the repository: $IMAGES"
  cp "$OUT/opensbi/fw_jump.bin" "$IMAGES/fw_jump.bin"
  cp "$OUT/opensbi/fw_dynamic.bin" "$IMAGES/fw_dynamic.bin"
  xz -9e --check=crc32 -T1 -c "$OUT/System.map" >"$IMAGES/System.map.xz"
  xz -9e --check=crc32 -T1 -c "$OUT/Image" >"$IMAGES/Image.xz"
  gzip -9 -n -c "$OUT/initramfs.cpio" >"$IMAGES/initramfs.cpio.gz"
  # Their sums go into $IMAGES/README.md (the test reads them there); a copy in $OUT.
  (cd "$IMAGES" && sha256sum fw_jump.bin fw_dynamic.bin System.map.xz Image.xz initramfs.cpio.gz) | tee "$OUT/images.sha256"
fi

# ------------------------------------------------------------------------------- boot on QEMU
if [ $BOOT -eq 1 ] && command -v qemu-system-riscv32 >/dev/null; then
  step "boot check on QEMU virt rv32 (log: $OUT/qemu-boot.log)"
  t_q=$(date +%s)
  rc=0
  timeout 300 qemu-system-riscv32 -M virt -smp 1 -m 256M -nographic -no-reboot \
    -bios "$OUT/opensbi/fw_jump.bin" -kernel "$OUT/Image" -initrd "$OUT/initramfs.cpio" \
    -append "console=ttyS0 earlycon" </dev/null >"$OUT/qemu-boot.log" 2>&1 || rc=$?
  if [ $rc -ne 0 ] || ! grep -q '^vp-linux-init: done' "$OUT/qemu-boot.log"; then
    tail -n 30 "$OUT/qemu-boot.log" >&2
    echo "build.sh: QEMU boot check failed (exit $rc; see $OUT/qemu-boot.log)" >&2
    exit 1
  fi
  echo "QEMU booted to 'vp-linux-init: done' and powered off in $(( $(date +%s) - t_q )) s"
fi

step "done in $(( $(date +%s) - t_start )) s; results in $OUT"
(cd "$OUT" && ls -l opensbi/fw_jump.bin opensbi/fw_jump.elf opensbi/fw_dynamic.bin opensbi/fw_dynamic.elf \
  Image vmlinux System.map initramfs.cpio linux.config build-info.txt | awk '{printf "  %-28s %10d bytes\n", $NF, $5}')
echo "  build directory: $BUILD (kernel objects: $KB)"
[ -z "$IMAGES" ] || echo "  compressed set: $IMAGES"
