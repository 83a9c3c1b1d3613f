#!/bin/bash
# summary.sh BUILDDIR: one line over host tests, guest selftests and the
# mainline conformance cases.
b=$1
hp=$(grep -c '^ok ' "$b/host.log" 2>/dev/null)
hf=$(grep -c '^not ok ' "$b/host.log" 2>/dev/null)
gp=0 gf=1
[ -f "$b/guest.result" ] && . "$b/guest.result" && gp=$passed gf=$failed
[ "$(cat "$b/host.rc" 2>/dev/null)" = 0 ] || [ "$hf" -gt 0 ] || hf=$((hf + 1))
[ "$(cat "$b/guest.rc" 2>/dev/null)" = 0 ] || [ "$gf" -gt 0 ] || gf=$((gf + 1))
cp=0 cf=1
[ -f "$b/conformance.result" ] && . "$b/conformance.result" && cp=$passed cf=$failed
echo "host: $hp passed, $hf failed; guest: $gp passed, $gf failed; mainline selftests: $cp passed, $cf differ from bench/conformance-expected.txt"
echo "$((hp + gp + cp)) passed, $((hf + gf + cf)) failed"
[ $((hf + gf + cf)) -eq 0 ]
