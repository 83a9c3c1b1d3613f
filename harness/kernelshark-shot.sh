#!/bin/bash
# kernelshark-shot.sh BUILDDIR OUT.png: open a function_graph trace.dat
# recorded in the guest by Debian's trace-cmd (tools/trace_dat_export.tc,
# exported through the guest's second serial port) in Debian's KernelShark
# under Xvfb, and save a screenshot.  Not part of make check.
set -euo pipefail
b=$1 out=$2
tmp=$(mktemp -d)
if [ ! -s "$b/guest.ttyS1" ]; then
	echo "kernelshark: no guest export in $b/guest.ttyS1: run make guest-check first" >&2
	exit 1
fi
tar -xf "$b/guest.ttyS1" -C "$tmp" ./graph.dat
# as nobody: as root KernelShark opens with a warning over its window
mkdir "$tmp/home"
chmod 755 "$tmp"
chown 65534:65534 "$tmp/home"
chmod 644 "$tmp/graph.dat"
d=:$((90 + RANDOM % 100))
Xvfb "$d" -ac -nolisten tcp -screen 0 1400x900x24 > "$tmp/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2> /dev/null; rm -rf "$tmp"' EXIT
sleep 2
DISPLAY=$d setpriv --reuid=65534 --regid=65534 --clear-groups \
	env HOME="$tmp/home" kernelshark -geometry 1380x880+0+0 "$tmp/graph.dat" > "$tmp/ks.log" 2>&1 &
ks=$!
sleep 20
xwd -display "$d" -root -silent > "$tmp/shot.xwd"
kill $ks 2> /dev/null || true
xwdtopnm "$tmp/shot.xwd" 2> /dev/null | pnmcrop -black 2> /dev/null | pnmtopng > "$out"
echo "  SHOT    $out ($(stat -c %s "$out") bytes)"
