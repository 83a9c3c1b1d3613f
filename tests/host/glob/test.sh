#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Host tests for linux/kernel/trace/ftrace_glob.c.
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! gcc -O2 -Wall -Werror -fsanitize=address,undefined -fno-sanitize-recover=all -I"$here/shim" \
	-o "$tmp/glob_test" "$here/glob_test.c" \
	"$here/../../../linux/kernel/trace/ftrace_glob.c" 2>"$tmp/cc.log"; then
	echo "not ok - builds on the host"
	sed 's/^/# /' "$tmp/cc.log"
	exit 1
fi
echo "ok - builds on the host"
"$tmp/glob_test"
