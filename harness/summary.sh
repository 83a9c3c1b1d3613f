#!/bin/bash
# summary.sh BUILDDIR: one line over the host tests, the guest selftests,
# the mainline conformance cases and the short stress.
b=$1
hp=$(grep -c '^ok ' "$b/host.log" 2>/dev/null)
hf=$(grep -c '^not ok ' "$b/host.log" 2>/dev/null)
gp=0 gf=1
[ -f "$b/guest.result" ] && . "$b/guest.result" && gp=$passed gf=$failed
[ "$(cat "$b/host.rc" 2>/dev/null)" = 0 ] || [ "$hf" -gt 0 ] || hf=$((hf + 1))
[ "$(cat "$b/guest.rc" 2>/dev/null)" = 0 ] || [ "$gf" -gt 0 ] || gf=$((gf + 1))
cp=0 cf=1
[ -f "$b/conformance.result" ] && . "$b/conformance.result" && cp=$passed cf=$failed
sp=0 sf=1
[ -f "$b/stress-short.result" ] && . "$b/stress-short.result" && sp=$passed sf=$failed
echo "host: $hp passed, $hf failed; guest: $gp passed, $gf failed; mainline selftests: $cp passed, $cf differ from bench/conformance-expected.txt; stress: $sp passed, $sf failed"
echo "$((hp + gp + cp + sp)) passed, $((hf + gf + cf + sf)) failed"
[ $((hf + gf + cf + sf)) -eq 0 ]
