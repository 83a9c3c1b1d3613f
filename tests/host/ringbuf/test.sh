#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build kernel/trace/ring_buffer.c for the host against the shim in this
# directory and run its tests. Prints TAP-like "ok - ..." / "not ok - ..."
# lines and exits non-zero on any failure. Works from any directory.
#
#   tests/host/ringbuf/test.sh [name-filter]
#
# Environment: CC (default gcc), RB_TEST_SANITIZE=0 to build without
# ASan/UBSan, RB_TEST_TIMEOUT (seconds, default 900).

set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../../.." && pwd)
src=$repo/linux/kernel/trace/ring_buffer.c
hdr=$repo/linux/include/linux/ring_buffer.h
CC=${CC:-gcc}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fails=0
passes=0
say() {
	if [ "$1" = 0 ]; then
		echo "ok - $2"
		passes=$((passes + 1))
	else
		echo "not ok - $2"
		fails=$((fails + 1))
	fi
}

# Only the real header is taken from the tree; every other <linux/...> and
# <asm/...> include must resolve to the shim.
mkdir -p "$tmp/inc/linux"
cp "$hdr" "$tmp/inc/linux/ring_buffer.h"

san=""
if [ "${RB_TEST_SANITIZE:-1}" != 0 ] &&
   echo 'int main(void){return 0;}' | $CC -x c -fsanitize=address,undefined -o "$tmp/probe" - 2>/dev/null; then
	san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
fi

# Roughly the kernel's warning set, as errors.
kwarn="-std=gnu11 -Wall -Wextra -Wno-sign-compare -Wno-unused-parameter
       -Wno-missing-field-initializers -Wundef -Wmissing-prototypes
       -Wmissing-declarations -Werror=strict-prototypes -Wvla -Wno-pointer-sign
       -Wshadow -fno-strict-aliasing -Werror"
common="-O2 -g -pthread -I$here/shim -I$tmp/inc $san"

# shellcheck disable=SC2086
$CC $common $kwarn -c "$src" -o "$tmp/ring_buffer.o" 2>"$tmp/build.log"
rc=$?
[ $rc = 0 ] || cat "$tmp/build.log"
say $rc "ring_buffer.c builds on the host with kernel warnings as errors"
# shellcheck disable=SC2086
$CC $common -Wall -Wextra -Wno-unused-parameter -Werror -c "$here/shim/shim.c" -o "$tmp/shim.o" &&
$CC $common -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare -Werror \
	-c "$here/rb_test.c" -o "$tmp/rb_test.o" &&
$CC $common "$tmp/ring_buffer.o" "$tmp/shim.o" "$tmp/rb_test.o" -o "$tmp/rb_test" 2>>"$tmp/build.log"
rc=$?
say $rc "test program builds${san:+ with ASan/UBSan}"

if [ -x "$tmp/rb_test" ]; then
	# The program's own summary line is replaced by the one below, which
	# also covers the build steps. A hang must fail, not block CI.
	to=""
	command -v timeout >/dev/null && to="timeout ${RB_TEST_TIMEOUT:-900}"
	ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0} \
	UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
		$to "$tmp/rb_test" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	grep -E '^(ok|not ok) - ' "$tmp/out"
	grep -E '^#' "$tmp/err"
	if grep -q '^not ok - ' "$tmp/out" || [ $rc != 0 ]; then
		grep -vE '^#' "$tmp/err" | head -40
		fails=$((fails + $(grep -c '^not ok - ' "$tmp/out")))
		if [ $rc != 0 ] && ! grep -q '^not ok - ' "$tmp/out"; then
			say 1 "test program exited with status $rc"
		fi
	fi
	passes=$((passes + $(grep -c '^ok - ' "$tmp/out")))
fi

echo "$passes passed, $fails failed"
[ $fails = 0 ]
