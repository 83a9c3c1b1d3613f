#!/bin/bash
# overlay.sh OURS SRCDIR MANIFEST
# Copy our files over the tree.  A file is copied only when its content
# differs, so its mtime (and Kbuild's idea of what changed) moves only
# then.  Files dropped from OURS since the last run are removed again.
set -euo pipefail
ours=$1 src=$2 manifest=$3
new=$(mktemp)
trap 'rm -f "$new"' EXIT

(cd "$ours" && find . -type f ! -name '*~' | sed 's|^\./||' | sort) > "$new"
while read -r f; do
	if ! cmp -s "$ours/$f" "$src/$f"; then
		mkdir -p "$src/$(dirname "$f")"
		cp "$ours/$f" "$src/$f"
		[ -x "$ours/$f" ] && chmod +x "$src/$f"
	fi
done < "$new"
if [ -f "$manifest" ]; then
	comm -23 "$manifest" "$new" | while read -r f; do
		rm -f "$src/$f"
	done
fi
cp "$new" "$manifest"
