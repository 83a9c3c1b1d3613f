#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh BZIMAGE INITRAMFS LOG: crash-time tracing, end to end.  Boots
# the test kernel with the function tracer started at boot on vfs_read
# (ftrace=function ftrace_filter=vfs_read) and ftrace_dump_on_oops; the
# guest (harness/init, harness=crash) reads a file, writes a marker and
# crashes with sysrq-c.  The panic must print the trace that led to it,
# in mainline 6.12's dump format, before the guest goes down.  Run by
# "make check" after the guest (so not named test.sh).
# The same boot sets the other boot parameters of the tracer; the guest
# writes what they set into a marker, which the dump shows, and a bad
# value of each kind must be reported on the console and ignored.
set -u
kernel=$1 initrd=$2 log=$3
fails=0
say() {
	if [ "$1" = 0 ]; then echo "ok - crashdump: $2"; else echo "not ok - crashdump: $2"; fails=$((fails + 1)); fi
}

# boot LOG ARGS...: the test kernel with these parameters, console in LOG
boot() {
	local out=$1

	shift
	timeout --foreground -k 10 "${QEMU_TIMEOUT:-600}" \
		qemu-system-x86_64 -M pc -accel tcg,thread=single -cpu max \
		-smp 2,sockets=2,cores=1 -m 512 -no-reboot -display none -serial stdio \
		-kernel "$kernel" -initrd "$initrd" \
		-append "console=ttyS0 panic=-1 tsc_early_khz=$("$(dirname "$0")"/../../../harness/tsc-khz.sh) ftrace=function ftrace_filter=vfs_read $* harness=crash" \
		</dev/null 2>&1 | tr -d '\r' > "$out"
}

# dump_after REGEX LOG: the lines of the first dump after a line matching REGEX
dump_after() {
	awk -v start="$1" '$0 ~ start { p = 1 }
		p && /^Dumping ftrace buffer:$/ { d = 1; next }
		d && /^---------------------------------$/ { r++; if (r == 2) exit; next }
		d && r == 1 { print }' "$2"
}

params="trace_buf_size=512k trace_clock=mono trace_options=record-tgid,nosuchopt,funcgraph-proc traceoff_on_warning"
params="$params ftrace_graph_filter=vfs_read ftrace_graph_notrace=vfs_write ftrace_graph_max_depth=3"
params="$params trace_instance=bootinst alloc_snapshot stacktrace stacktrace_filter=vfs_read"
params="$params ftrace_notrace=nosuch_fn_xyz trace_event=sched:sched_process_exec"
boot "$log" ftrace_dump_on_oops $params

grep -q 'ftrace: tracer function started at boot' "$log"
say $? "ftrace=function started the function tracer during boot"
# as mainline's, before the fs initcalls (inet_init is one), not after
t=$(grep -n -m1 'ftrace: tracer function started at boot' "$log" | cut -d: -f1)
i=$(grep -n -m1 'NET: Registered PF_INET protocol family' "$log" | cut -d: -f1)
[ -n "$t" ] && [ -n "$i" ] && [ "$t" -lt "$i" ]
say $? "the boot tracer started before the fs initcalls (console lines ${t:-?} < ${i:-?})"
grep -q '^sysrq: Trigger a crash' "$log"
say $? "the guest reached the crash (sysrq-c)"
# the dump: after the panic line, mainline's header, the lines, the rule
dump=$(dump_after 'Kernel panic - not syncing: sysrq triggered crash' "$log")
[ -n "$dump" ]
say $? "the panic printed 'Dumping ftrace buffer:' and the lines between two rules"
n=$(printf '%s\n' "$dump" | grep -cE '^ *[^ ]+-[0-9]+ +[0-9]+[.dDbXnNphHsSzZ0-9]{5} +[0-9]+us : vfs_read <-ksys_read$')
[ "$n" -ge 1 ]
say $? "vfs_read lines in mainline's dump format ($n)"
bad=$(printf '%s\n' "$dump" | grep -vE '^ *[^ ]+-[0-9]+ +[0-9]+[.dDbXnNphHsSzZ0-9]{5} +[0-9]+us : (vfs_read <-ksys_read|tracing_mark_write: (crash-marker|boot-params: .*)|sched_process_exec: filename=/[^ ]* pid=[0-9]+ old_pid=[0-9]+)$' | head -3)
[ -z "$bad" ]
say $? "nothing but vfs_read, exec events and the marker in the dump${bad:+: $bad}"
# trace_event=: the exec of /init, a trace event, printed by the dump
printf '%s\n' "$dump" | grep -qE '^ *[^ ]+-1 +[0-9]+[.dDbXnNphHsSzZ0-9]{5} +[0-9]+us : sched_process_exec: filename=/init pid=1 old_pid=1$'
say $? "trace_event= recorded init's exec, and the dump printed the event"
# (the last of init's: a cat on the other CPU may still be reading)
last=$(printf '%s\n' "$dump" | grep -E '^ *init-1 ' | tail -1)
case $last in *'tracing_mark_write: crash-marker') r=0 ;; *) r=1 ;; esac
say $r "the marker written just before the crash is init's last line"
# time order: the microseconds never go back
printf '%s\n' "$dump" | sed -E 's/.* ([0-9]+)us : .*/\1/' | sort -c -n 2>/dev/null
say $? "the lines are in time order"
want='boot-params: kb=512 clock=[mono] tgid=1 gp=1 woff=1 g=vfs_read gn=vfs_write d=3 inst=bootinst ipid=1 snap=1 st=1 stf=vfs_read ev=sched:sched_process_exec'
printf '%s\n' "$dump" | grep -qF "tracing_mark_write: $want"
say $? "the boot parameters took effect: $(printf '%s\n' "$dump" | grep -o 'boot-params: .*')"
grep -q 'trace_options=: no option nosuchopt, ignored' "$log"
say $? "a bad trace_options= name is reported and ignored"
grep -q 'ftrace_notrace=: error -22, ignored' "$log"
say $? "a bad ftrace_notrace= name is reported and ignored"

# The oops path: an oops in init (ftrace_testmod's oops parameter) calls
# the die notifier, which dumps the oopsing CPU's events alone
# (ftrace_dump_on_oops=orig_cpu) and stops tracing; the panic that follows
# ("Attempted to kill init!") dumps again and finds nothing left.
olog=${log%.log}-oops.log
boot "$olog" ftrace_dump_on_oops=orig_cpu harness_crash=oops
grep -q 'BUG: kernel NULL pointer dereference' "$olog"
say $? "oops: the module's NULL dereference oopsed"
cpu=$(sed -n 's/^CPU: \([0-9]*\) UID: .* Comm: init .*/\1/p' "$olog" | head -1)
odump=$(dump_after '^Oops: ' "$olog")
n=$(printf '%s\n' "$odump" | grep -cE '^ *[^ ]+-[0-9]+ +[0-9]+[.dDbXnNphHsSzZ0-9]{5} +[0-9]+us : vfs_read <-ksys_read$')
[ -n "$cpu" ] && [ "$n" -ge 1 ]
say $? "oops: the die notifier dumped vfs_read lines ($n) before the oops report ended"
other=$(printf '%s\n' "$odump" | awk -v c="$cpu" '$2 + 0 != c || $2 !~ /^[0-9]/' | grep -c . || true)
[ -n "$cpu" ] && [ "$other" = 0 ]
say $? "oops: orig_cpu dumped CPU ${cpu:-?}'s events alone ($other from others)"
sed -n '/Kernel panic - not syncing: Attempted to kill init/,$p' "$olog" |
	grep -A1 '^Dumping ftrace buffer:$' | grep -qx '   (ftrace buffer empty)'
say $? "oops: the panic after it found the buffer empty"

[ $fails -eq 0 ]
