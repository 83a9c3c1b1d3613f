#!/bin/bash
# summary.sh BUILDDIR: one line over host tests and guest selftests.
b=$1
hp=$(grep -c '^ok ' "$b/host.log" 2>/dev/null)
hf=$(grep -c '^not ok ' "$b/host.log" 2>/dev/null)
gp=0 gf=1
[ -f "$b/guest.result" ] && . "$b/guest.result" && gp=$passed gf=$failed
[ "$(cat "$b/host.rc" 2>/dev/null)" = 0 ] || [ "$hf" -gt 0 ] || hf=$((hf + 1))
[ "$(cat "$b/guest.rc" 2>/dev/null)" = 0 ] || [ "$gf" -gt 0 ] || gf=$((gf + 1))
echo "host: $hp passed, $hf failed; guest: $gp passed, $gf failed"
echo "$((hp + gp)) passed, $((hf + gf)) failed"
[ $((hf + gf)) -eq 0 ]
