#!/bin/bash
# mkpatches.sh TARBALL OUTDIR
# Export the series as git format-patch files against the pristine 6.12
# source, in the order of harness/series.txt; check that they apply with
# git am on a fresh pristine tree, that the result is the tree we build,
# and run checkpatch.pl --strict on each patch.
set -euo pipefail
tarball=$1 out=$2
top=$(cd "$(dirname "$0")/.." && pwd)
work=$out/tree
git=(git -c user.name="Function Tracer" -c user.email="ftrace@localhost" -c commit.gpgsign=false)

rm -rf "$out" && mkdir -p "$work"
echo "  EXTRACT $tarball"
tar -C "$work" -xf "$tarball" --strip-components=1
cd "$work"
"${git[@]}" init -q
"${git[@]}" add -A -f
"${git[@]}" commit -q -m "Linux 6.12 (Debian linux-source-6.12)"
base=$("${git[@]}" rev-parse HEAD)

subject= body=
commit() {
	[ -n "$subject" ] || return 0
	"${git[@]}" add -A -f
	printf '%s\n\n%b\nSigned-off-by: Function Tracer <ftrace@localhost>\n' \
		"$subject" "$body" | "${git[@]}" commit -q -F -
	subject= body=
}
while IFS= read -r line; do
	case $line in
	''|'#'*) continue ;;
	subject:*) commit; subject=${line#subject: } ;;
	body:*) body="$body${line#body: }\n" ;;
	strip)
		grep -v '^#' "$top/strip.list" | while read -r p; do
			[ -n "$p" ] && "${git[@]}" rm -rq "$p"
		done ;;
	patch:*) patch -s -p1 --no-backup-if-mismatch < "$top/patches/${line#patch: }" ;;
	*)
		[ -e "$top/linux/$line" ] || { echo "mkpatches: linux/$line missing" >&2; exit 1; }
		mkdir -p "$(dirname "$line")"
		cp -a "$top/linux/$line" "$(dirname "$line")/" ;;
	esac
done < "$top/harness/series.txt"
commit

# everything in linux/ must be in some patch
missing=$(cd "$top/linux" && find . -type f | sed 's|^\./||' | while read -r f; do
	cmp -s "$top/linux/$f" "$work/$f" || echo "$f"; done)
[ -z "$missing" ] || { echo "mkpatches: not in the series: $missing" >&2; exit 1; }

"${git[@]}" format-patch -q -o "$out" "$base"
echo "  SERIES  $(ls "$out"/*.patch | wc -l) patches in $out"

# apply on a fresh pristine tree with git am
am=$out/am
mkdir -p "$am" && tar -C "$am" -xf "$tarball" --strip-components=1
(cd "$am" && "${git[@]}" init -q && "${git[@]}" add -A -f &&
	"${git[@]}" commit -q -m pristine && "${git[@]}" am -q "$out"/*.patch)
diff -r -q -x .git "$work" "$am" && echo "  GIT-AM  applies on the pristine tree"
rm -rf "$am"

errors=0
for p in "$out"/*.patch; do
	r=$("$work/scripts/checkpatch.pl" --strict --no-tree --terse --show-types "$p" 2>&1 | tail -1 || true)
	n=$(echo "$r" | sed -n 's/^total: \([0-9]*\) errors.*/\1/p')
	errors=$((errors + ${n:-0}))
	echo "  CHECK   $(basename "$p"): $r"
done
echo "  CHECKPATCH --strict: $errors errors"
[ "$errors" = 0 ]
