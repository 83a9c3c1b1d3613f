#!/bin/bash
# mkinitramfs.sh OUT MODROOT FTRACETEST_DIR [MAINLINE_FTRACETEST_DIR]
# BusyBox initramfs: static busybox, our /init, kernel modules and the
# ftracetest suite at /ftracetest (mainline's, unchanged, at /mainline).
set -euo pipefail
out=$1 modroot=$2 tests=$3 mainline=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
bb=/bin/busybox
file -L "$bb" 2>/dev/null | grep -q 'statically linked' || bb=/usr/bin/busybox
[ -x "$bb" ] || { echo "mkinitramfs: busybox-static not installed" >&2; exit 1; }

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
# mktemp's 0700 would become the guest's /: no one but root could run anything
chmod 755 "$root"
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,root,etc,lib}
cp "$bb" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"
cp "$here/init" "$root/init"
chmod +x "$root/init"
[ -d "$modroot/lib/modules" ] && cp -a "$modroot/lib/modules" "$root/lib/"
cp -a "$tests" "$root/ftracetest"
[ -z "$mainline" ] || cp -a "$mainline" "$root/mainline"
mkdir -p "$root/bench"
cp "$here/../bench/guest.sh" "$root/bench/"
cp "$here/stress.sh" "$root/stress.sh"
# static helpers for the selftests and benchmarks
for c in "$here"/guest/*.c; do
	gcc -static -O2 -Wall -o "$root/bin/$(basename "$c" .c)" "$c"
done
# real ftrace clients from Debian, with the shared libraries they load
for tool in /usr/bin/perf /usr/bin/trace-cmd; do
	[ -x "$tool" ] || continue
	cp "$tool" "$root/usr/bin/"
	ldd "$tool" | awk '/=> \// { print $3 } /^\t\/lib/ { print $1 }' |
	while read -r lib; do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
done
echo 'export PS1="[guest \w]# "' > "$root/etc/profile"
# names for the loopback: trace-cmd listen looks its clients up
printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost\n' > "$root/etc/hosts"
echo 'hosts: files' > "$root/etc/nsswitch.conf"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) | gzip -1 > "$out.tmp"
mv "$out.tmp" "$out"
echo "  INITRD  $out"
