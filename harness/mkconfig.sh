#!/bin/bash
# mkconfig.sh SRCDIR OBJDIR FRAGMENT...
# $BASE (tinyconfig unless set) plus our fragments; fail if a requested
# symbol did not land (a typo or an unmet dependency would otherwise pass
# silently).
set -euo pipefail
src=$1 obj=$2
shift 2
mkdir -p "$obj"
base=${BASE:-tinyconfig}
echo "  CONFIG  $base + $*"
make -s -C "$src" O="$obj" "$base" >/dev/null
"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "$@" >/dev/null
make -s -C "$src" O="$obj" olddefconfig >/dev/null
bad=0
for frag in "$@"; do
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*) want=$line; sym=${line%%=*} ;;
		'# CONFIG_'*' is not set') sym=${line#\# }; sym=${sym%% *}; want=$line ;;
		*) continue ;;
		esac
		got=$(grep -E "^($sym=|# $sym is not set)" "$obj/.config" || true)
		[ "$want" = "$got" ] && continue
		case $got:$want in :'# '* | :*=n) continue ;; esac
		echo "mkconfig: $frag: wanted '$want', got '${got:-unset}'" >&2
		bad=1
	done < "$frag"
done
if [ $bad -ne 0 ]; then rm -f "$obj/.config"; exit 1; fi
