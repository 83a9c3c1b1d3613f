#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Kconfig: no configuration has FUNCTION_TRACER=y without DYNAMIC_FTRACE
# (the tracer has no static mode, and such a kernel would not link).
# Needs the prepared tree (make check lays linux/ over build/src first).
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
src=${KSRC:-$top/build/src}
if [ ! -f "$src/kernel/trace/Kconfig" ]; then
	echo "not ok - prepared source tree at $src"
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '# CONFIG_DYNAMIC_FTRACE is not set\n' > "$tmp/static.config"
for base in tinyconfig x86_64_defconfig; do
	obj=$tmp/$base
	mkdir -p "$obj"
	frags="$top/configs/qemu.config"
	[ $base = tinyconfig ] || frags="$top/configs/ftrace.config"
	if ! { make -s -C "$src" O="$obj" $base &&
	       "$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" \
			$frags "$tmp/static.config" &&
	       make -s -C "$src" O="$obj" olddefconfig; } >"$obj.log" 2>&1; then
		echo "not ok - $base: configures"
		sed 's/^/# /' "$obj.log" | tail -5
		exit 1
	fi
	ft=$(grep -c '^CONFIG_FUNCTION_TRACER=y$' "$obj/.config")
	dyn=$(grep -c '^CONFIG_DYNAMIC_FTRACE=y$' "$obj/.config")
	if [ "$ft" = 1 ] && [ "$dyn" = 1 ]; then
		echo "ok - $base + DYNAMIC_FTRACE=n: FUNCTION_TRACER still brings DYNAMIC_FTRACE"
	else
		echo "not ok - $base + DYNAMIC_FTRACE=n: FUNCTION_TRACER=$ft DYNAMIC_FTRACE=$dyn"
		exit 1
	fi
done
