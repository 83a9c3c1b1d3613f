#!/bin/bash
# run.sh [WORKDIR]: run every tests/host/*/test.sh.  Each prints
# "ok - ..." / "not ok - ..." lines; a suite that exits non-zero without
# printing a failure counts as one failure.
here=$(cd "$(dirname "$0")" && pwd)
fails=0
for t in "$here"/*/test.sh; do
	name=$(basename "$(dirname "$t")")
	echo "# host: $name"
	out=$(bash "$t" 2>&1)
	rc=$?
	printf '%s\n' "$out" | grep -E '^(ok|not ok) ' | sed "s/^\(not ok\|ok\) - /\1 - $name: /"
	printf '%s\n' "$out" | grep -E '^#' | head -20
	if [ $rc -ne 0 ]; then
		fails=$((fails + 1))
		printf '%s\n' "$out" | grep -q '^not ok ' || echo "not ok - $name: exited $rc"
	fi
done
[ $fails -eq 0 ]
