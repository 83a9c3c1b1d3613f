#!/bin/bash
# anchor.sh BUILDDIR [nopg|noipa]: mainline's own tracer, from the same Debian
# source and the same config fragment (minus what only our series has),
# for side-by-side measurements; with "nopg", the same kernel without the
# function tracer, so without -pg: the baseline for "tracing off costs
# nothing"; with "noipa", that kernel built with -fno-ipa-ra as well: gcc
# turns IPA-RA off wherever -pg is on (-fipa-ra does not bring it back),
# so this is what -pg costs besides its NOPs.  Observe, don't copy.
# Prints the bzImage path last; the kernel's own modules (the samples) go
# to BUILDDIR/anchor/VARIANT-modroot.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
b=$(cd "$1" && pwd) variant=${2:-obj}
src=$b/anchor/src obj=$b/anchor/$variant
tarball=/usr/src/linux-source-6.12.tar.xz
if [ ! -f "$src/Makefile" ]; then
	rm -rf "$src"
	mkdir -p "$src"
	tar -C "$src" -xf "$tarball" --strip-components=1
fi
frag=$b/anchor/$variant.config
kcflags=
[ "$variant" = noipa ] && kcflags=-fno-ipa-ra
if [ "$variant" = nopg ] || [ "$variant" = noipa ]; then
	# and what needs the function tracer: livepatch, kprobes on ftrace,
	# the ftrace-ops sample
	grep -Ev 'FTRACE_TEST_MODULE|FUNCTION_|DYNAMIC_FTRACE|STACK_TRACER|LIVEPATCH|KPROBES_ON_FTRACE|SAMPLE_FTRACE_OPS' \
		"$top/configs/qemu.config"
	echo '# CONFIG_FUNCTION_TRACER is not set'
else
	grep -v 'FTRACE_TEST_MODULE' "$top/configs/qemu.config"
fi > "$frag.new"
cmp -s "$frag.new" "$frag" && rm "$frag.new" || mv "$frag.new" "$frag"
if [ ! -f "$obj/.config" ] || [ "$frag" -nt "$obj/.config" ]; then
	"$top/harness/mkconfig.sh" "$src" "$obj" "$frag"
fi
echo "  KERNEL  mainline ($variant)"
make -C "$src" O="$obj" -j"$(nproc)" -s KCFLAGS="$kcflags" bzImage modules
# its modules (the samples: livepatch, kprobes, ftrace-ops), for an
# initramfs of its own: ours are built against our struct ftrace_ops
rm -rf "$obj-modroot"
make -C "$src" O="$obj" -s INSTALL_MOD_PATH="$obj-modroot" INSTALL_MOD_STRIP=1 \
	modules_install >/dev/null
echo "$obj/arch/x86/boot/bzImage"
