#!/bin/sh
# Runs inside the guest (harness=bench), unchanged on every kernel: ours,
# mainline's, and one built without -pg.  Prints "BENCH name value unit"
# per run of each measurement and "BENCH-INFO key value" facts; the host
# (bench/report.py) takes medians.  Times are guest time: virtual under
# QEMU -icount.
R=${BENCH_RUNS:-3}
T=/sys/kernel/tracing
cd $T || exit 1

info() { echo "BENCH-INFO $*"; }
# one line per run: BENCH name value unit
put() { [ -n "$2" ] && echo "BENCH $1 $2 $3" || echo "BENCH-ERROR $1"; }
us() { put "$1" "$(timeit "$2")" us; }
reset() {
	echo nop > current_tracer
	echo 0 > function_profile_enabled 2>/dev/null
	echo > set_ftrace_filter 2>/dev/null
	echo > set_graph_function 2>/dev/null
	echo 1 > tracing_on
	echo > trace
}
mem_free() { awk '/^MemFree:/ { print $2 }' /proc/meminfo; }
overruns() { cat per_cpu/cpu*/stats | awk '/^overrun:/ { s += $2 } END { print s + 0 }'; }

info cpus "$(nproc)"
info kernel "$(uname -r)"
dmesg | grep -i 'ftrace' | sed 's/^\[[ 0-9.]*\] */BENCH-INFO dmesg /'
info tsc_per_ns "$(loops tsc 1)"

# 1. tracing off (also on the kernel without -pg, which has no tracefs files)
for r in $(seq $R); do
	put off_getppid "$(loops getppid 1000000)" ns
	put off_forkexec "$(loops forkexec 200)" ns
done
[ -f available_filter_functions ] || exit 0
info functions "$(wc -l < available_filter_functions)"
# the syscall's body; kallsyms may name it by either alias
for hot in __x64_sys_getppid __do_sys_getppid none; do
	grep -qx "$hot" available_filter_functions && break
done
info hot "$hot"

# calls traced per getppid iteration (all functions), from the profiler
reset
echo 1 > function_profile_enabled
loops getppid 20000 > /dev/null
echo 0 > function_profile_enabled
info calls_per_getppid "$(cat trace_stat/function* | awk '$2 ~ /^[0-9]+$/ { s += $2 } END { printf "%.1f", s / 20000 }')"

# 2. per traced call: function, function_graph, profiler; all or one function
for r in $(seq $R); do
	reset
	echo function > current_tracer
	put fn_all_getppid "$(loops getppid 100000)" ns
	reset
	echo $hot > set_ftrace_filter
	echo function > current_tracer
	put fn_one_getppid "$(loops getppid 1000000)" ns
	reset
	echo function_graph > current_tracer
	put graph_all_getppid "$(loops getppid 100000)" ns
	reset
	echo $hot > set_ftrace_filter
	echo function_graph > current_tracer
	put graph_one_getppid "$(loops getppid 1000000)" ns
	reset
	echo 1 > function_profile_enabled
	put prof_all_getppid "$(loops getppid 100000)" ns
	reset
	echo $hot > set_ftrace_filter
	echo 1 > function_profile_enabled
	put prof_one_getppid "$(loops getppid 1000000)" ns
done

# 3. the ring buffer alone: trace_marker writes from CPU 0, no tracer
if [ -e trace_marker ]; then
	for r in $(seq $R); do
		reset
		o=$(overruns)
		put marker_write "$(taskset 1 loops marker 200000 trace_marker)" ns
		put marker_overrun $(($(overruns) - o)) events
		reset
		taskset 2 cat trace_pipe > /tmp/read &
		reader=$!
		o=$(overruns)
		put marker_write_read "$(taskset 1 loops marker 200000 trace_marker)" ns
		sleep 2
		kill $reader
		wait $reader 2>/dev/null
		put marker_read $(grep -c 'bench marker line' /tmp/read) events
		put marker_read_overrun $(($(overruns) - o)) events
		rm -f /tmp/read
	done
fi

# 4. memory: what 16 MB per CPU of buffer costs, against the size asked
reset
for r in $(seq $R); do
	echo 1 > buffer_size_kb
	sync; echo 3 > /proc/sys/vm/drop_caches
	a=$(mem_free)
	echo 16384 > buffer_size_kb
	sync; echo 3 > /proc/sys/vm/drop_caches
	b=$(mem_free)
	put buffer_kb_per_cpu_16384 $(((a - b) / $(nproc))) KB
done
echo 1408 > buffer_size_kb

# 5. live patching: every site, both ways
for r in $(seq $R); do
	reset
	us enable_all 'echo function > current_tracer'
	us disable_all 'echo nop > current_tracer'
done

# 6. writing filters (mainline matches each name against every function)
grep -v '\[' available_filter_functions | sort -u > /tmp/all
head -n 1000 /tmp/all > /tmp/n1000
for r in $(seq $R); do
	reset
	us filter_grep_sched 'grep sched available_filter_functions > set_ftrace_filter'
	reset
	us filter_glob "echo '*sched*' > set_ftrace_filter"
	reset
	us filter_1000_names 'cat /tmp/n1000 > set_ftrace_filter'
done
# last, once: every name (on mainline this may not finish in the host's limit)
reset
us filter_all_names 'cat /tmp/all > set_ftrace_filter'
reset
