#!/bin/bash
# anchor.sh BUILDDIR: mainline's own tracer, from the same Debian source
# and the same config fragment (minus what only our series has), for
# side-by-side measurements.  Observe, don't copy.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
b=$1
src=$b/anchor/src obj=$b/anchor/obj
tarball=/usr/src/linux-source-6.12.tar.xz
if [ ! -f "$src/Makefile" ]; then
	rm -rf "$src"
	mkdir -p "$src"
	tar -C "$src" -xf "$tarball" --strip-components=1
fi
frag=$b/anchor/qemu.config
grep -v 'FTRACE_TEST_MODULE' "$top/configs/qemu.config" > "$frag"
if [ ! -f "$obj/.config" ] || [ "$frag" -nt "$obj/.config" ]; then
	"$top/harness/mkconfig.sh" "$src" "$obj" "$frag"
fi
make -C "$src" O="$obj" -j"$(nproc)" -s bzImage
echo "$obj/arch/x86/boot/bzImage"
