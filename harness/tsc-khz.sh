#!/bin/bash
# tsc-khz.sh: print the host TSC's rate in kHz (harness/tsc-khz.c, built
# once into $TMPDIR), or 2000000 if it cannot be measured.
src=$(cd "$(dirname "$0")" && pwd)/tsc-khz.c
bin=${TMPDIR:-/tmp}/ftrace-tsc-khz.$(id -u)
if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
	gcc -O2 -o "$bin.$$" "$src" 2> /dev/null && mv "$bin.$$" "$bin"
fi
khz=$("$bin" 2> /dev/null)
[[ "$khz" =~ ^[0-9]+$ ]] && [ "$khz" -gt 100000 ] || khz=2000000
echo "$khz"
