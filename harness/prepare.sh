#!/bin/bash
# prepare.sh TARBALL SRCDIR STRIPLIST PATCH...
# Fresh source tree: extract Debian's tarball, delete upstream's tracing
# implementation, apply our patches in order.
set -euo pipefail
tarball=$1 src=$2 strip=$3
shift 3

[ -r "$tarball" ] || { echo "prepare: $tarball missing" >&2; exit 1; }
echo "  EXTRACT $tarball"
rm -rf "$src" "$src.tmp"
mkdir -p "$src.tmp"
tar -C "$src.tmp" -xf "$tarball" --strip-components=1

while read -r path; do
	case $path in ''|'#'*) continue ;; esac
	[ -e "$src.tmp/$path" ] || { echo "prepare: strip: $path not in tree" >&2; exit 1; }
	rm -rf "${src:?}.tmp/$path"
done < "$strip"

for p in "$@"; do
	echo "  PATCH   $(basename "$p")"
	patch -s -p1 -d "$src.tmp" --no-backup-if-mismatch < "$p"
done
mv "$src.tmp" "$src"
rm -f "$(dirname "$src")/overlay.manifest"
