#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh EXPORT: the host's half of the guest selftest
# tools/trace_dat_export.tc, run by "make check" after the guest (so not
# named test.sh: tests/host/run.sh runs those before it).  EXPORT is the
# tar the guest wrote to its second serial port: two trace.dat files
# (function, function_graph) and the guest's "trace-cmd report -N" of
# each, raw pages of per_cpu/cpu0/
# trace_pipe_raw and the format files.  The host's trace-cmd must report
# the trace.dat byte for byte as the guest did, and libtraceevent must
# decode every raw event as what the guest wrote (rawdecode.c).
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export_tar=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
say() {
	if [ "$1" = 0 ]; then echo "ok - tracedat: $2"; else echo "not ok - tracedat: $2"; fails=$((fails + 1)); fi
}

mkdir "$tmp/x"
tar -xf "$export_tar" -C "$tmp/x" 2> "$tmp/tar.err"
say $? "the guest's export unpacks ($export_tar)"
[ -s "$tmp/x/trace.dat" ] || { say 1 "the export has a trace.dat"; exit 1; }

for dat in trace:report graph:graph; do
	f=${dat%:*} r=${dat#*:}
	trace-cmd report -N -i "$tmp/x/$f.dat" > "$tmp/host-$r.txt" 2> "$tmp/report.err"
	say $? "the host's trace-cmd reads the guest's $f.dat"
	cmp -s "$tmp/x/$r.txt" "$tmp/host-$r.txt"
	rc=$?
	[ $rc = 0 ] || diff "$tmp/x/$r.txt" "$tmp/host-$r.txt" | head -10 | sed 's/^/# /'
	say $rc "the host's report of $f.dat is the guest's, byte for byte ($(grep -c ': ' "$tmp/host-$r.txt") lines)"
done

gcc -O2 -Wall -Werror -o "$tmp/rawdecode" "$here/rawdecode.c" -ltraceevent 2> "$tmp/cc.err"
rc=$?
[ $rc = 0 ] || sed 's/^/# /' "$tmp/cc.err" | head -10
say $rc "rawdecode builds against libtraceevent"
if [ $rc = 0 ]; then
	"$tmp/rawdecode" "$tmp/x" > "$tmp/decode.out"
	rc=$?
	grep '^#' "$tmp/decode.out"
	grep -E '^(ok|not ok) - ' "$tmp/decode.out" | sed 's/^\(not ok\|ok\) - /\1 - tracedat: libtraceevent: /'
	[ $rc = 0 ] || grep -q '^not ok' "$tmp/decode.out" || say 1 "rawdecode exited $rc"
	fails=$((fails + $(grep -c '^not ok' "$tmp/decode.out")))
fi
[ $fails = 0 ]
