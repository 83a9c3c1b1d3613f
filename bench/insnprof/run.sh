#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# run.sh KERNEL-DIR INITRD MODE OUT: boot the kernel built in KERNEL-DIR
# under -icount with the insnprof plugin, run the guest test that sets up
# MODE (off, fn_all, fn_one, graph_all, graph_one, prof_all, prof_one) and
# loops getppid 100000 times between two syncs (off_forkexec: fork/exec
# 200 times, tracing off), and print the profile.
# PROF_TEST: another guest test; PROF_SKIP=N: ignore the first N syncs.
set -e
here=$(dirname "$0")
so=${INSNPROF_SO:-/tmp/insnprof.so}
[ -f "$so" ] || gcc -O2 -shared -fPIC -fvisibility=hidden -o "$so" "$here/insnprof.c"
trig=$(nm "$1/vmlinux" | awk '$3 == "ksys_sync" { print $1 }')
rm -f "$4.raw"
timeout 1800 qemu-system-x86_64 -M pc -accel tcg,thread=single -cpu max \
	-smp 2,sockets=2,cores=1 -m 512 -no-reboot -display none \
	-icount shift=0,sleep=off -plugin "$so,trigger=$trig,out=$4.raw,skip=${PROF_SKIP:-0}" \
	-kernel "$1/arch/x86/boot/bzImage" -initrd "$2" \
	-append "console=ttyS0 panic=-1 tsc=reliable clocksource=tsc harness_cpus=2 harness=check harness_tests=${PROF_TEST:-test.d/zprobe/prof.tc} prof_mode=$3" \
	-serial stdio </dev/null 2>&1 | tr -d '\r' | grep -a "PROBE\|HARNESS-RESULT" || true
iters=100000
[ "$3" = off_forkexec ] && iters=200
"$here/profile.py" "$1/vmlinux" "$4.raw" $iters > "$4"
head -40 "$4"
