#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Our objects as x86_64_defconfig (every mitigation) builds them pass
# objtool, and our assembly returns through the return thunk
# (harness/objtool-check.sh).  Needs the prepared tree, as make check has.
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
