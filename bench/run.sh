#!/bin/bash
# run.sh: the benchmarks, on our kernel and on mainline's, in one run,
# under QEMU -icount (virtual time: repeatable).  Writes bench/RESULTS.md.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
b=$top/build
make -C "$top" --no-print-directory initramfs >/dev/null
ours=$b/obj/arch/x86/boot/bzImage
mainline=$("$top/bench/anchor.sh" "$b" | tail -1)
# $3: seconds before giving up (what finished is still reported)
run() {
	timeout "$3" qemu-system-x86_64 -M pc -accel tcg,thread=single -cpu max \
		-smp 2,sockets=2,cores=1 -m 512 -no-reboot -display none \
		-icount shift=3 -kernel "$1" -initrd "$b/initramfs.cpio.gz" \
		-append "console=ttyS0 panic=-1 harness=bench" -serial stdio \
		</dev/null > "$2.log" 2>&1 || true
	tr -d '\r' < "$2.log" | grep -a '^BENCH' > "$2" || true
}
echo "  BENCH   ours";     run "$ours" "$b/bench.ours" 1200
echo "  BENCH   mainline"; run "$mainline" "$b/bench.mainline" ${BENCH_MAINLINE_TIMEOUT:-900}
python3 "$top/bench/report.py" "$b/bench.ours" "$b/bench.mainline" \
	"$(dpkg-query -W -f='${Version}' linux-source-6.12)" > "$top/bench/RESULTS.md"
cat "$top/bench/NOTES.md" >> "$top/bench/RESULTS.md"
cat "$top/bench/RESULTS.md"
