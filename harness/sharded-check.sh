#!/bin/bash
# sharded-check.sh BZIMAGE INITRAMFS LOGBASE: "qemu.sh check" as two
# guests at once, one host core each (single-threaded TCG): test.d/ftrace
# in one, every other directory of test.d in the other.  For the debug
# kernel, whose whole run on one core takes longer than a working
# session.  The logs are LOGBASE-ftrace.log and LOGBASE-rest.log (with
# their .result and .notrun); LOGBASE.result sums them.  Passes when both
# guests pass (qemu.sh's rules: every test run, no splat, a result line).
set -uo pipefail
kernel=$1 initrd=$2 base=$3
here=$(cd "$(dirname "$0")" && pwd)
td=$here/../linux/tools/testing/selftests/ftrace/test.d
rest=$(cd "$td" && ls -d -- */ | sed 's|/$||' | grep -vx ftrace | sed 's|^|test.d/|' | paste -sd, -)
echo "  SHARDS  test.d/ftrace | $rest"
GUEST_CMDLINE="${GUEST_CMDLINE:-} harness_tests=test.d/ftrace" \
	"$here/qemu.sh" check "$kernel" "$initrd" "$base-ftrace.log" > "$base-ftrace.out" 2>&1 &
a=$!
GUEST_CMDLINE="${GUEST_CMDLINE:-} harness_tests=$rest" \
	"$here/qemu.sh" check "$kernel" "$initrd" "$base-rest.log" > "$base-rest.out" 2>&1
rb=$?
wait $a
ra=$?
sed 's/^/ftrace: /' "$base-ftrace.out"
sed 's/^/rest:   /' "$base-rest.out"
p=0 f=0
for s in ftrace rest; do
	passed=0 failed=1
	[ -f "$base-$s.result" ] && . "$base-$s.result"
	p=$((p + passed)) f=$((f + failed))
done
printf 'passed=%s\nfailed=%s\n' "$p" "$f" > "$base.result"
echo "sharded: $p passed, $f failed (ftrace rc=$ra, rest rc=$rb)"
[ "$ra" = 0 ] && [ "$rb" = 0 ]
