#!/bin/bash
# summary.sh BUILDDIR: one line over the host tests, the guest selftests,
# the mainline conformance cases and the short stress.
b=$1
hp=$(grep -c '^ok ' "$b/host.log" 2>/dev/null)
hf=$(grep -c '^not ok ' "$b/host.log" 2>/dev/null)
gp=0 gf=1 gu=0
[ -f "$b/guest.result" ] && . "$b/guest.result" && gp=$passed gf=$failed gu=${unsupported:-0}
[ "$(cat "$b/host.rc" 2>/dev/null)" = 0 ] || [ "$hf" -gt 0 ] || hf=$((hf + 1))
[ "$(cat "$b/guest.rc" 2>/dev/null)" = 0 ] || [ "$gf" -gt 0 ] || gf=$((gf + 1))
cp=0 cf=1
[ -f "$b/conformance.result" ] && . "$b/conformance.result" && cp=$passed cf=$failed
sp=0 sf=1
[ -f "$b/stress-short.result" ] && . "$b/stress-short.result" && sp=$passed sf=$failed
# name what failed, so the last lines of a CI log say it
grep -a '^not ok ' "$b/host.log" 2>/dev/null | sed 's/^/  failed: host: /'
# a failed guest test with the last lines of its log (ftracetest -v)
awk '/^\[[0-9]+\].*\[(FAIL|UNRESOLVED)\]\r?$/ { show(); print "  failed: guest: " $0; n = 0; inlog = 1; next }
	inlog && /^  --- / { next }
	inlog && /^  \| / { l[n++ % 8] = $0; next }
	{ show() }
	function show(i) { if (!inlog) return; for (i = (n > 8 ? n - 8 : 0); i < n; i++) print "  " l[i % 8]; inlog = 0 }
	END { show() }' "$b/guest.log" 2>/dev/null
# a guest test that did not run (harness/qemu.sh: not in configs/qemu.unsupported)
sed 's/^/  failed: guest: did not run: /' "$b/guest.notrun" 2>/dev/null
grep -qx 'qemu=[1-9][0-9]*' "$b/conformance.result" 2>/dev/null &&
	echo "  failed: conformance: kernel splat, panic or timeout in the guest (see $b/conformance.log)"
[ -f "$b/conformance.cases" ] && [ -f "$b/conformance.expected" ] &&
	diff "$b/conformance.expected" "$b/conformance.cases" |
	sed -n -e 's/^< /  failed: conformance: expected /p' -e 's/^> /  failed: conformance: got      /p'
grep -a -E 'failures|BUG:|WARNING:|Oops' "$b/stress-short.log" 2>/dev/null |
	grep -v ' 0 failures' | head -5 | sed 's/^/  failed: stress: /'
echo "host: $hp passed, $hf failed; guest: $gp passed, $gf failed, $gu unsupported; mainline selftests: $cp passed, $cf differ from bench/conformance-expected.txt; stress: $sp passed, $sf failed"
echo "$((hp + gp + cp + sp)) passed, $((hf + gf + cf + sf)) failed"
[ $((hf + gf + cf + sf)) -eq 0 ]
