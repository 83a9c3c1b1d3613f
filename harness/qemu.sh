#!/bin/bash
# qemu.sh run|check|conformance|stress BZIMAGE INITRAMFS [LOG]
# Boot the test kernel on two emulated CPUs.  In check mode the guest's
# HARNESS-RESULT line is the only way to pass: a panic (panic=-1 reboots,
# -no-reboot then exits), a hang (timeout) or a missing line fails.
# Single-threaded TCG: with one host thread per vCPU, a vCPU can keep
# running a translation of code that another vCPU has since rewritten,
# which breaks the int3 protocol of live code patching (an emulator
# artifact; real CPUs and KVM honour the serialising IPIs).
# Two sockets, not two cores: SeaBIOS lists only socket CPUs in its MP
# table, and tinyconfig has no ACPI to find the others.
set -uo pipefail
mode=$1 kernel=$2 initrd=$3 log=${4:-/dev/null}
timeout=${QEMU_TIMEOUT:-1500}
qemu=(qemu-system-x86_64 -M pc -accel tcg,thread=single -cpu max -smp 2,sockets=2,cores=1 -m 512 -no-reboot
      -display none -kernel "$kernel" -initrd "$initrd")
# TCG often fails TSC calibration, leaving sched_clock (and so every
# duration the tracers print) at jiffy resolution: give the TSC a rate.
# The guest's TSC is the host's, so the host's rate: with any other,
# durations would be off real time (a host at 1.9 GHz given 2 GHz reads
# 5% short) and tests that compare them with sleeps would fail.
append="console=ttyS0 panic=-1 oops=panic harness_cpus=2 tsc_early_khz=$("$(dirname "$0")"/tsc-khz.sh) ${GUEST_CMDLINE:-}"

if [ "$mode" = run ]; then
	exec "${qemu[@]}" -serial mon:stdio -append "$append harness=run"
fi

# check boots with filters for the boot parameter test, and gives the
# guest a second serial port into a file for what the host decodes after
# (tools/trace_dat_export.tc, tests/host/tracedat/check.sh)
boot="ftrace_filter=vfs_read,vfs_write ftrace_notrace=vfs_write"
export=()
if [ "$mode" = check ] && [ "$log" != /dev/null ]; then
	rm -f "${log%.log}.ttyS1" "${log%.log}.notrun"
	export=(-serial "file:${log%.log}.ttyS1")
else
	boot=
fi
echo "  QEMU    $kernel (-smp 2, timeout ${timeout}s)"
timeout --foreground -k 10 "$timeout" "${qemu[@]}" -serial stdio "${export[@]}" \
	-append "$append $boot harness=$mode" </dev/null 2>&1 | stdbuf -oL tr -d '\r' | tee "$log" |
	grep --line-buffered -E '^\[[0-9]+\]|^(Kernel panic|BUG:|WARNING:|harness:|STRESS)|HARNESS-RESULT'
qrc=${PIPESTATUS[0]}
res=$(grep -a '^HARNESS-RESULT' "$log" | tail -1)
out=${log%.log}.result
if [ -z "$res" ]; then
	[ "$qrc" = 124 ] && why="timed out after ${timeout}s" || why="no result (exit $qrc)"
	echo "qemu: guest $why; see $log" >&2
	echo "passed=0 failed=1" > "$out"
	exit 1
fi
echo "${res#HARNESS-RESULT }" | tr ' ' '\n' > "$out"
# every test must run: one the guest reports UNSUPPORTED, UNTESTED or XFAIL
# fails the run unless this kernel's list names it (HARNESS_UNSUPPORTED,
# configs/qemu.unsupported by default), and so does every .tc file the
# guest was to run (total=) that gave no result; LOG's .notrun names them
if [ "$mode" = check ]; then
	notrun=${log%.log}.notrun
	grep -a '^HARNESS-NOTRUN ' "$log" | cut -d' ' -f2- |
		awk -v list="${HARNESS_UNSUPPORTED:-$(dirname "$0")/../configs/qemu.unsupported}" '
		BEGIN { while ((getline l < list) > 0) if (split(l, f) && f[1] !~ /^#/) ok[f[1]] = 1 }
		!($1 in ok)' > "$notrun"
	val() { sed -n "s/^$1=\([0-9]\{1,\}\)$/\1/p" "$out" | grep . || echo 0; }
	ran=$(($(val passed) + $(val failed))) n=$(grep -a -c '^HARNESS-NOTRUN ' "$log") total=$(val total)
	[ "$total" -gt 0 ] && [ $((ran + n)) = "$total" ] ||
		echo "tests to run: $total, ran: $ran, did not run: $n" >> "$notrun"
	if [ -s "$notrun" ]; then
		sed 's/^/qemu: did not run: /' "$notrun" >&2
		sed -i "s/^failed=\([0-9]*\)$/echo \"failed=\$((\1 + $(wc -l < "$notrun")))\"/e" "$out"
	fi
fi
# a splat fails the run even when every test passed
splat=$(grep -a -m1 -E 'BUG:|WARNING:|Oops|KASAN|lockdep is turned off|DEBUG_LOCKS_WARN_ON|kmemleak: [0-9]+ new suspected|INFO: (possible|task .* blocked)|rcu_.* (self-detected|detected) stall' "$log" || true)
if [ -n "$splat" ]; then
	echo "qemu: kernel splat: $splat (see $log)" >&2
	sed -i 's/^failed=\([0-9]*\)$/echo "failed=$((\1 + 1))"/e' "$out"
	exit 1
fi
# mainline's cases are judged against bench/conformance-expected.txt
# (bench/conformance.sh): here only the run itself
[ "$mode" = conformance ] && exit 0
grep -q '^failed=0$' "$out" && grep -q '^rc=0$' "$out"
