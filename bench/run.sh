#!/bin/bash
# run.sh: the benchmarks on four kernels built from the same Debian
# source and config fragment: ours, mainline's own ftrace, mainline
# without the function tracer (no -pg), and that built with -fno-ipa-ra
# (what -pg costs besides its NOPs).  One guest script (bench/guest.sh)
# on each, under QEMU -icount shift=0,sleep=off: guest time is virtual
# (one instruction, one nanosecond), so the figures repeat from run to
# run and from host to host.  Writes bench/RESULTS.md.
#
# BENCH_RUNS (3): runs of each measurement, in one boot.
# BENCH_ONLY="ours mainline nopg noipa": which kernels to run (the others'
# figures are taken from the last run's logs in build/).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
b=$top/build
runs=${BENCH_RUNS:-3}
only=${BENCH_ONLY:-ours mainline nopg noipa}
make -C "$top" --no-print-directory kernel initramfs
ours=$b/obj/arch/x86/boot/bzImage
# one kernel build at a time: these only when asked for
case " $only " in *" mainline "*) mainline=$("$top/bench/anchor.sh" "$b" | tail -1)
	# mainline's own modules (ftrace-ops.ko is built against its ftrace_ops)
	"$top/harness/mkinitramfs.sh" "$b/initramfs-anchor.cpio.gz" "$b/anchor/obj-modroot" \
		"$top/linux/tools/testing/selftests/ftrace" ;;
esac
case " $only " in *" nopg "*) nopg=$("$top/bench/anchor.sh" "$b" nopg | tail -1) ;; esac
case " $only " in *" noipa "*) noipa=$("$top/bench/anchor.sh" "$b" noipa | tail -1) ;; esac

# run KERNEL OUT SECONDS [INITRD]: what finished before the limit is still
# reported.  INITRD defaults to ours (build/initramfs.cpio.gz).
# Two vCPUs under -icount fail the TSC sync check, which would leave the
# guest on jiffies (4 ms steps): the TSC runs on virtual time, trust it.
run() {
	local t0=$SECONDS
	echo "  BENCH   $2 (limit $3 s)"
	timeout "$3" qemu-system-x86_64 -M pc -accel tcg,thread=single -cpu max \
		-smp 2,sockets=2,cores=1 -m 512 -no-reboot -display none \
		-icount shift=0,sleep=off -kernel "$1" -initrd "${4:-$b/initramfs.cpio.gz}" \
		-append "console=ttyS0 panic=-1 tsc=reliable clocksource=tsc harness=bench ftrace_init_stats printk.time=1 BENCH_RUNS=$runs" \
		-serial stdio </dev/null > "$b/bench.$2.log" 2>&1 || true
	tr -d '\r' < "$b/bench.$2.log" | grep -a '^BENCH' > "$b/bench.$2" || true
	grep -aq HARNESS-BENCH-DONE "$b/bench.$2.log" ||
		echo "BENCH-INFO unfinished $3" >> "$b/bench.$2"
	echo "BENCH-INFO host_seconds $((SECONDS - t0))" >> "$b/bench.$2"
}
for k in $only; do
	case $k in
	ours) run "$ours" ours "${BENCH_OURS_TIMEOUT:-1800}" ;;
	nopg) run "$nopg" nopg 900 ;;
	noipa) run "$noipa" noipa 900 ;;
	mainline) run "$mainline" mainline "${BENCH_MAINLINE_TIMEOUT:-2400}" \
		"$b/initramfs-anchor.cpio.gz" ;;
	esac
done
python3 "$top/bench/report.py" "$b" \
	"$(dpkg-query -W -f='${Version}' linux-source-6.12)" "$runs" > "$top/bench/RESULTS.md"
cat "$top/bench/NOTES.md" >> "$top/bench/RESULTS.md"
cat "$top/bench/RESULTS.md"
