#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Our objects as x86_64_defconfig (every mitigation) builds them pass
# objtool, and our assembly returns through the return thunk
# (harness/objtool-check.sh); the writers that record a stack keep no
# array on the stack they run on.  Needs the prepared tree, as make check
# has.
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
src=${KSRC:-$top/build/src}
obj=${KOBJ_DEFCONFIG:-$top/build/defconfig}
if [ ! -f "$src/kernel/trace/Kconfig" ]; then
	echo "not ok - prepared source tree at $src"
	exit 1
fi
if ! BASE=x86_64_defconfig "$top/harness/mkconfig.sh" "$src" "$obj" \
	"$top/configs/ftrace.config" > "$obj.log" 2>&1; then
	echo "not ok - x86_64_defconfig + configs/ftrace.config"
	sed 's/^/# /' "$obj.log" | tail -5
	exit 1
fi
if "$top/harness/objtool-check.sh" "$src" "$obj" > "$obj.log" 2>&1; then
	echo "ok - objtool clean on our objects in a defconfig build, no bare ret"
else
	echo "not ok - objtool on our objects in a defconfig build"
	sed 's/^/# /' "$obj.log" | tail -20
	exit 1
fi
# The writers that record a stack run in any context, NMIs included: they
# unwind into per-CPU room (trace.c's stack_room_get()), so their frames
# stay small.  gcc's own count: objtool-check.sh builds with -fstack-usage.
su=$obj/kernel/trace/trace.su
if [ ! -f "$su" ]; then
	echo "not ok - no $su from the -fstack-usage build"
	exit 1
fi
big=$(awk -F'\t' '{ n = split($1, p, ":"); f = p[n] }
	f ~ /^(trace_func_stack|trace_dump_stack|trace_buffer_stack)$/ {
		seen++; if ($2 + 0 > 128) printf "%s %s bytes; ", f, $2 }
	END { if (seen != 3) printf "%d of the 3 writers found", seen }' "$su")
if [ -z "$big" ]; then
	echo "ok - the stack writers' frames are under 128 bytes (gcc -fstack-usage)"
else
	echo "not ok - stack writers' frames: $big"
	exit 1
fi
