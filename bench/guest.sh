#!/bin/sh
# Runs inside the guest (harness=bench): one "BENCH name microseconds"
# line per measurement.  The same script runs on our kernel and mainline.
cd /sys/kernel/tracing || exit 1
bench() {
	t=$(timeit "$2") || echo "BENCH-ERROR $1"
	echo "BENCH $1 $t"
}
reset() { echo nop > current_tracer; echo > set_ftrace_filter; }

grep -v '\[' available_filter_functions | sort -u > /tmp/all
head -n 1000 /tmp/all > /tmp/n1000
echo "BENCH-INFO functions $(wc -l < available_filter_functions)"

for i in 1; do
	reset
	bench "filter_grep_sched_$i" 'grep sched available_filter_functions > set_ftrace_filter'
	reset
	bench "filter_1000_names_$i" 'cat /tmp/n1000 > set_ftrace_filter'
	reset
	bench "filter_glob_$i" "echo '*sched*' > set_ftrace_filter"
	reset
	bench "enable_all_$i" 'echo function > current_tracer'
	bench "disable_all_$i" 'echo nop > current_tracer'
	# tracing off must cost nothing: a syscall-heavy loop, tracer idle
	bench "idle_loop_$i" 'i=0; while [ $i -lt 2000 ]; do : < /proc/version; i=$((i+1)); done'
done
# last: on mainline this one scans every function for every name
reset
bench "filter_all_names_1" 'cat /tmp/all > set_ftrace_filter'
reset
