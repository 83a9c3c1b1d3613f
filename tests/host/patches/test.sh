#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# "make patches" on every run (issue 42): the series exports as
# format-patch files against the pristine tarball in harness/series.txt's
# order, every file of linux/ is in some patch, they apply with git am to
# a fresh pristine tree, and checkpatch.pl --strict finds no error.
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
tarball=${TARBALL:-/usr/src/linux-source-6.12.tar.xz}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if ! "$top/harness/mkpatches.sh" "$tarball" "$out/p" > "$out/log" 2>&1; then
	echo "not ok - make patches: $(grep -v '^  CHECK ' "$out/log" | tail -2 | tr '\n' ' ')"
	grep '^  CHECK .* [1-9][0-9]* errors' "$out/log" | sed 's/^/# /' | head -5
	exit 1
fi
n=$(ls "$out"/p/*.patch | wc -l)
if grep -q 'GIT-AM  applies' "$out/log" && grep -q 'CHECKPATCH --strict: 0 errors' "$out/log"; then
	echo "ok - make patches: $n patches, git am applies them to the pristine tree, checkpatch --strict: 0 errors"
else
	echo "not ok - make patches: $(tail -2 "$out/log" | tr '\n' ' ')"
	exit 1
fi
