#!/bin/sh
# Runs inside the guest (harness=stress): STRESS_ITERS rounds of switching
# tracers, filters, pid filters, function commands, snapshots and the
# profiler, trace events (all of them at times, with filters and
# triggers), with a fork/exec load on both CPUs, timers, a module loaded and
# unloaded in a loop, trace/trace_pipe/trace_pipe_raw readers, and an instance made,
# traced in (filter, commands, snapshots, a trace_pipe reader) and removed
# in a loop.  Then, from what a trace_pipe reader
# actually got, checks that every event written was read once or reported
# lost in-band (or refused, as dropped), and that nothing leaked:
# unreclaimable slab did not grow, or,
# on the debug kernel, kmemleak finds nothing.  The host fails the run on a
# console splat (harness/qemu.sh) or a hang (its timeout).
# Prints "STRESS ..." lines and "STRESS-FAIL why" for each failure.
N=${STRESS_ITERS:-2000}
cd /sys/kernel/tracing || exit 1
fails=0
bad() { echo "STRESS-FAIL $*"; fails=$((fails + 1)); }
w() { echo "$2" > "$1" || bad "round $i: '$2' > $1 failed"; }
wa() { echo "$2" >> "$1" || bad "round $i: '$2' >> $1 failed"; }
sunreclaim() { awk '/^SUnreclaim:/ { print $2 }' /proc/meminfo; }
ko=$(find /lib/modules -name ftrace_testmod.ko | head -1)

quiesce() {
	w current_tracer nop
	w function_profile_enabled 0
	w set_ftrace_filter ''
	w set_ftrace_notrace ''
	w set_graph_function ''
	w set_ftrace_pid ''
	w snapshot 0
	w events/enable 0
	w tracing_on 1
}

# every path once, so that caches built on first use are in the baseline
i=warmup
for t in function function_graph; do
	w current_tracer $t
	w set_ftrace_filter 'vfs_*'
	w function_profile_enabled 1
	w function_profile_enabled 0
	quiesce
done
echo 3 > /proc/sys/vm/drop_caches 2>/dev/null
slab0=$(sunreclaim)
# the debug kernel's leak detector, from here on
kml=/sys/kernel/debug/kmemleak
mount -t debugfs nodev /sys/kernel/debug 2>/dev/null
[ -e $kml ] && echo clear > $kml

# the load
pids=
for cpu in 1 2; do
	taskset $cpu sh -c 'while :; do /bin/true; usleep 5000; done' &
	pids="$pids $!"
done
( while :; do usleep 2000; done ) &
pids="$pids $!"
if [ -n "$ko" ]; then
	( while :; do insmod "$ko" 2>/dev/null; rmmod ftrace_testmod 2>/dev/null; done ) &
	pids="$pids $!"
fi
( while :; do cat trace > /dev/null; sleep 1; done ) &
pids="$pids $!"
( while :; do cat trace_pipe > /dev/null; done ) &
pids="$pids $!"
# trace_pipe_raw readers, as trace-cmd reads (splice) and by read(); a
# page that does not decode is written down
rawbad=/tmp/stress-raw
: > $rawbad
( while :; do
	rawpipe dump per_cpu/cpu1/trace_pipe_raw > /tmp/rawdump 2>&1 ||
		grep -m1 '^bad' /tmp/rawdump >> $rawbad
	usleep 20000
  done ) &
pids="$pids $!"
( while :; do
	rm -f /tmp/rawstop
	rawpipe record per_cpu/cpu0/trace_pipe_raw /tmp/rawrec /tmp/rawstop &
	r=$!
	usleep 200000
	touch /tmp/rawstop
	wait $r
	rawpipe decode /tmp/rawrec > /tmp/rawdec 2>&1 || grep -m1 '^bad' /tmp/rawdec >> $rawbad
  done ) &
pids="$pids $!"
# an instance's life, over and over; a step that fails is written down
ifail=/tmp/stress-instances
: > $ifail
( cd instances
  k=0
  while :; do
	k=$((k + 1))
	mkdir s || { echo "mkdir $k" >> $ifail; sleep 1; continue; }
	echo 'vfs_* *sched*' > s/set_ftrace_filter || echo "filter $k" >> $ifail
	echo 'vfs_read:snapshot:2 schedule:traceoff:5' >> s/set_ftrace_filter ||
		echo "commands $k" >> $ifail
	# every third life runs function_graph beside the top level's tracers
	t=function
	[ $((k % 3)) = 0 ] && t=function_graph
	[ $t = function_graph ] && { echo 'vfs_*' > s/set_graph_function || echo "graph list $k" >> $ifail; }
	echo $t > s/current_tracer || echo "tracer $t $k" >> $ifail
	echo 1 > s/events/sched/enable || echo "events $k" >> $ifail
	echo 'common_pid != 1' > s/events/sched/sched_switch/filter || echo "event filter $k" >> $ifail
	cat s/trace_pipe > /dev/null &
	r=$!
	usleep 20000
	echo 1 > s/snapshot || echo "snapshot $k" >> $ifail
	cat s/snapshot s/trace > /dev/null
	rawpipe dump s/per_cpu/cpu0/trace_pipe_raw splice > /dev/null || echo "raw $k" >> $ifail
	kill $r
	wait $r 2>/dev/null
	[ $((k % 2)) = 0 ] && { echo nop > s/current_tracer || echo "nop $k" >> $ifail; }
	rmdir s || echo "rmdir $k" >> $ifail
	echo $k > $ifail.n
  done ) &
pids="$pids $!"

# Most rounds trace a few hundred functions, so that a round is quick;
# every 50th traces all of them (patching every site both ways).
i=0
while [ $i -lt "$N" ]; do
	[ $((i % 50)) = 0 ] && quiesce
	case $((i % 10)) in
	0) w current_tracer function ;;
	1) w set_ftrace_filter 'vfs_* *sched*'; wa set_ftrace_filter '!vfs_read'
	   w events/sched/enable 1; w events/irq/enable 1 ;;
	2) w current_tracer function_graph ;;
	3) w set_ftrace_pid $$; wa set_ftrace_pid $(( $(echo $pids | cut -d' ' -f1) ))
	   w events/sched/sched_switch/filter 'prev_pid != 0 && next_comm ~ "*sh*"'
	   wa events/sched/sched_process_exec/trigger 'stacktrace:5 if pid > 1'
	   wa events/sched/sched_process_fork/trigger 'enable_event:irq:softirq_entry:3' ;;
	4) wa set_ftrace_filter 'schedule:traceoff:3'; wa set_ftrace_filter 'vfs_write:stacktrace:2'
	   wa set_ftrace_filter 'vfs_read:snapshot:4'; w snapshot 1
	   w tracing_on 1 ;;
	5) w function_profile_enabled 1; w set_graph_function 'vfs_*'
	   # every trace event of the kernel, under the load
	   w events/enable 1 ;;
	6) w set_ftrace_notrace '*lock*'; wa set_ftrace_filter ':mod:ftrace_testmod' ;;
	7) w current_tracer function; w options/func_stack_trace 1; w options/func_stack_trace 0 ;;
	8) w set_ftrace_pid ''; w function_profile_enabled 0; wa set_ftrace_filter '!schedule:traceoff'
	   w events/enable 0; w events/sched/sched_switch/filter 0
	   wa events/sched/sched_process_exec/trigger '!stacktrace'
	   wa events/sched/sched_process_fork/trigger '!enable_event:irq:softirq_entry'
	   w set_graph_function ''; w snapshot 2; w snapshot 0 ;;
	9) w current_tracer nop
	   # resizing needs tracing off
	   w tracing_on 0
	   w buffer_size_kb $((64 + (i * 37) % 1024))
	   w tracing_on 1 ;;
	esac
	[ $((i % 100)) = 0 ] && echo "STRESS round $i of $N"
	i=$((i + 1))
done

i=end
kill $pids 2>/dev/null
wait 2>/dev/null
# what the killed loops were running when they died
killall cat true insmod rawpipe 2>/dev/null
sleep 1
rmmod ftrace_testmod 2>/dev/null
if [ -d instances/s ]; then
	echo nop > instances/s/current_tracer
	rmdir instances/s || bad "the last instance would not go"
fi
[ -s $ifail ] && bad "instances: $(wc -l < $ifail) steps failed: $(head -5 $ifail | tr '\n' ' ')"
[ -s $rawbad ] && bad "trace_pipe_raw: $(wc -l < $rawbad) pages did not decode: $(head -2 $rawbad | tr '\n' ' ')"
echo "STRESS instances: $(cat $ifail.n 2>/dev/null || echo 0) made and removed, $(ls instances | wc -l) left"
[ "$(cat $ifail.n 2>/dev/null || echo 0)" -gt 0 ] || bad "no instance was made and removed"
quiesce

# accounting.  The stats' "entries" is written - dropped - overrun - read
# by definition, so summing the counters proves nothing.  Instead a reader
# copies trace_pipe to a file while the function tracer writes; tracing
# stops, the reader empties the buffer and is killed.  Then, per CPU, from
# the lines user space actually got: the event lines (those with the
# "[00N]" CPU column; a stack trace's " => " lines are not counted) equal
# "read events", so every consumed event reached the reader exactly once;
# the "CPU:N [LOST n EVENTS]" lines add up to "overrun", so every
# overwritten event was reported in-band; and nothing is left behind.
# (That every reservation was read, lost or refused needs the ring's count
# of reservations, which mainline's stats do not show: the host ringbuf
# tests check it through ring_buffer_written_cpu().)
acct=/tmp/stress-acct
w buffer_size_kb 64
w current_tracer function
w trace ''
cat trace_pipe > $acct &
reader=$!
for n in 1 2 3 4 5 6 7 8 9 10; do cat /proc/version > /dev/null; done
w tracing_on 0
n=0
while [ "$(cat per_cpu/cpu*/stats | awk '$1 == "entries:" { s += $2 } END { print s + 0 }')" != 0 ] &&
      [ $n -lt 60 ]; do
	sleep 1
	n=$((n + 1))
done
sleep 1
kill $reader
wait $reader 2>/dev/null
# "CPU events lost" per CPU seen, "bad LINE" per unexpected line
awk '/^CPU:[0-9]+ \[LOST [0-9]+ EVENTS\]$/ { split($0, f, /[: ]/); lost[f[2] + 0] += f[4]; seen[f[2] + 0] = 1; next }
     / => / && !/\[[0-9][0-9][0-9]\] / { next }
     match($0, /-[0-9]+ +\[[0-9][0-9][0-9]\] /) {
	c = substr($0, RSTART, RLENGTH); sub(/.*\[/, "", c); c += 0
	ev[c]++; seen[c] = 1; next }
     { print "bad " $0 }
     END { for (c in seen) print c, ev[c] + 0, lost[c] + 0 }' $acct > $acct.sum
o=$(grep -c '^bad ' $acct.sum)
[ "$o" = 0 ] || { grep '^bad ' $acct.sum | head -3; bad "trace_pipe: $o lines neither events nor LOST lines"; }
for s in per_cpu/cpu*/stats; do
	cpu=${s#per_cpu/cpu}; cpu=${cpu%/stats}
	e=$(sed -n 's/^entries: //p' $s)
	o=$(sed -n 's/^overrun: //p' $s)
	r=$(sed -n 's/^read events: //p' $s)
	d=$(sed -n 's/^dropped events: //p' $s)
	lines=$(awk -v c=$cpu '$1 == c { print $2 }' $acct.sum)
	lost=$(awk -v c=$cpu '$1 == c { print $3 }' $acct.sum)
	lines=${lines:-0} lost=${lost:-0}
	echo "STRESS cpu$cpu: dropped $d; trace_pipe gave $lines events (read events $r) and $lost lost (overrun $o); entries $e"
	[ "$lines" -eq "$r" ] || bad "cpu$cpu: $lines event lines read, read events says $r"
	[ "$lost" -eq "$o" ] || bad "cpu$cpu: trace_pipe reported $lost lost, overrun says $o"
	[ "$e" -eq 0 ] || bad "cpu$cpu: $e entries left after the drain"
done
rm -f $acct $acct.sum
quiesce
w buffer_size_kb 1408

# no leak: unreclaimable slab back where it was (a little slack for the
# per-CPU caches of the load's tasks)
echo 3 > /proc/sys/vm/drop_caches 2>/dev/null
sleep 2
slab1=$(sunreclaim)
echo "STRESS SUnreclaim before $slab0 kB, after $slab1 kB"
# the debug kernel's KASAN quarantine holds freed objects: kmemleak decides there
if [ ! -e $kml ]; then
	[ $((slab1 - slab0)) -lt 512 ] || bad "SUnreclaim grew from $slab0 to $slab1 kB"
fi
if [ -e $kml ]; then
	# two scans: an object is reported once it stayed unreferenced
	echo scan > $kml
	sleep 5
	echo scan > $kml
	n=$(grep -c '^unreferenced object' $kml || true)
	echo "STRESS kmemleak: $n unreferenced objects"
	[ "$n" = 0 ] || { head -60 $kml; bad "kmemleak found $n leaks"; }
fi
echo "STRESS done: $N rounds, $fails failures"
[ $fails -eq 0 ]
