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
	echo 0 > /proc/sys/kernel/stack_tracer_enabled 2>/dev/null
	echo > stack_trace_filter 2>/dev/null
	echo > set_ftrace_filter 2>/dev/null
	echo > set_graph_function 2>/dev/null
	echo 1 > tracing_on
	echo > trace
}
mem_free() { awk '/^MemFree:/ { print $2 }' /proc/meminfo; }
overruns() { cat per_cpu/cpu*/stats | awk '/^overrun:/ { s += $2 } END { print s + 0 }'; }

info cpus "$(nproc)"
info kernel "$(uname -r)"
dmesg | grep -i 'ftrace' | sed -e 's/^\[[ 0-9.]*\] *//' -e 's/^/BENCH-INFO dmesg /'
# The boot's call-site setup seen from outside, the same on every kernel
# (printk.time=1): from the line kmem_cache_init() prints, which comes
# just before ftrace_init() in start_kernel(), to ftrace's last line of it.
dmesg | sed -n -e 's/^\[ *\([0-9]*\.[0-9]*\)\] SLUB: HWalign.*/\1/p' \
	-e 's/^\[ *\([0-9]*\.[0-9]*\)\] ftrace: allocated .*/\1/p' \
	-e 's/^\[ *\([0-9]*\.[0-9]*\)\] ftrace: [0-9]* call sites NOPed.*/\1/p' |
	awk 'NR == 1 { a = $1 } NR == 2 { printf "BENCH-INFO boot_ftrace_us %.0f\n", ($1 - a) * 1e6 }'
info tsc_per_ns "$(loops tsc 1)"

# memory first, before the other measurements have moved pages around
# (neither kernel's MemFree comes back fully after a shrink, so only the
# first growth says what the buffer costs): 16 MB per CPU from the least
if [ -f buffer_size_kb ]; then
	echo 1 > buffer_size_kb
	sleep 1
	sync; echo 3 > /proc/sys/vm/drop_caches
	a=$(mem_free)
	echo 16384 > buffer_size_kb
	sleep 1
	sync; echo 3 > /proc/sys/vm/drop_caches
	b=$(mem_free)
	put buffer_kb_per_cpu_16384 $(((a - b) / $(nproc))) KB
	echo 1408 > buffer_size_kb
fi

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

# functions traced per getppid iteration: events written for two loop
# lengths (so that fork, exec and exit cancel out), and the profiler's hits
reset
echo 8192 > buffer_size_kb
echo function > current_tracer
n=
for c in 1000 2000; do
	echo > trace
	loops getppid $c > /dev/null
	echo 0 > tracing_on
	n="$n $(cat per_cpu/cpu*/stats | awk '/^entries:/ { s += $2 } END { print s }')"
	echo 1 > tracing_on
done
reset
echo 1408 > buffer_size_kb
info calls_per_getppid "$(echo $n | awk '{ printf "%.1f", ($2 - $1) / 1000 }')"
echo 1 > function_profile_enabled
loops getppid 20000 > /dev/null
echo 0 > function_profile_enabled
info profiler_hits_per_getppid "$(cat trace_stat/function* | awk '$2 ~ /^[0-9]+$/ { s += $2 } END { printf "%.1f", s / 20000 }')"
# and per fork/exec iteration (starting the profiler again resets it):
# with one NOP per traced call, the floor of "tracing off"
echo 1 > function_profile_enabled
loops forkexec 20 > /dev/null
echo 0 > function_profile_enabled
info profiler_hits_per_forkexec "$(cat trace_stat/function* | awk '$2 ~ /^[0-9]+$/ { s += $2 } END { printf "%.1f", s / 20 }')"

# 2. per traced call: function, function_graph, profiler, stack tracer; all or one
# function; the function tracer also under large filters: '*' (every
# function, through the filter hash) and 100 names (getppid's body and 99
# others), where each call looks itself up in a hash of that size
grep -v '\[' available_filter_functions | sort -u | grep -vx "$hot" | head -n 99 > /tmp/n100
echo "$hot" >> /tmp/n100
for r in $(seq $R); do
	reset
	echo function > current_tracer
	put fn_all_getppid "$(loops getppid 100000)" ns
	reset
	echo $hot > set_ftrace_filter
	echo function > current_tracer
	put fn_one_getppid "$(loops getppid 1000000)" ns
	reset
	echo '*' > set_ftrace_filter
	echo function > current_tracer
	put fnstar_all_getppid "$(loops getppid 100000)" ns
	reset
	cat /tmp/n100 > set_ftrace_filter
	echo function > current_tracer
	put fn100_one_getppid "$(loops getppid 1000000)" ns
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
	# the stack tracer, every function and getppid's body alone
	if [ -e /proc/sys/kernel/stack_tracer_enabled ]; then
		reset
		echo 1 > /proc/sys/kernel/stack_tracer_enabled
		put stack_all_getppid "$(loops getppid 100000)" ns
		reset
		echo $hot > stack_trace_filter
		echo 1 > /proc/sys/kernel/stack_tracer_enabled
		put stack_one_getppid "$(loops getppid 1000000)" ns
	fi
done
reset

# 2b. in-kernel ops: samples/ftrace/ftrace-ops.ko (each kernel's own
# build) times N calls of a module function with ktime; with no ops, one,
# one with SAVE_REGS, and 2 relevant + 3 irrelevant ops.  persist=1 so
# that busybox insmod does not run the init twice.
ko=$(find /lib/modules -name ftrace-ops.ko | head -1)
if [ -n "$ko" ]; then
	for r in $(seq $R); do
		for v in "none:nr_ops_relevant=0" "one:" "regs:save_regs=1" \
			 "many:nr_ops_relevant=2 nr_ops_irrelevant=3"; do
			dmesg -c > /dev/null
			# shellcheck disable=SC2086
			insmod "$ko" nr_function_calls=1000000 persist=1 ${v#*:} 2>/dev/null
			rmmod ftrace_ops 2>/dev/null
			put "ops_${v%%:*}" "$(dmesg | sed -n 's/.*Attempted 1000000 calls to .* in \([0-9]*\)ns.*/\1/p' |
				awk '{ printf "%.1f", $1 / 1000000 }')" ns
		done
	done
fi

# 2c. trace events: a sched_switch (pipe round trips between two tasks on
# CPU 0, two switches each) and a raw_syscalls:sys_enter (one per getppid)
# recorded, less the same loop with the event off
if [ -e events/sched/sched_switch/enable ]; then
	for r in $(seq $R); do
		reset
		put ev_off_pingpong "$(taskset 1 loops pingpong 50000)" ns
		echo 1 > events/sched/sched_switch/enable
		put ev_switch_pingpong "$(taskset 1 loops pingpong 50000)" ns
		echo 0 > events/sched/sched_switch/enable
		reset
		echo 1 > events/raw_syscalls/sys_enter/enable
		put ev_sysenter_getppid "$(loops getppid 200000)" ns
		echo 0 > events/raw_syscalls/sys_enter/enable
	done
	reset
fi

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

# 3b. the binary reader: the same writer, with trace-cmd's way of reading
# (poll, splice of full pages into a file, the rest by read at the end)
# from CPU 1; events read per second, and lost = written - read - overrun.
# Under -icount the reader on CPU 1 does not get to run while CPU 0
# writes (on both kernels; trace_pipe's reader above neither): so also
# the reader alone, draining a full buffer into a file, timed, as
# trace_pipe_raw (splice) and as trace_pipe (text)
if [ -e per_cpu/cpu0/trace_pipe_raw ]; then
	for r in $(seq $R); do
		reset
		taskset 1 loops marker 200000 trace_marker > /dev/null
		put raw_drain "$(timeit 'taskset 2 rawpipe drain per_cpu/cpu0/trace_pipe_raw /tmp/raw')" us
		put raw_drain_events "$(rawpipe decode /tmp/raw | grep -c 'buf=bench marker line')" events
		rm -f /tmp/raw
		reset
		taskset 1 loops marker 200000 trace_marker > /dev/null
		touch /tmp/stop
		put text_drain "$(timeit 'taskset 2 pipetest read per_cpu/cpu0/trace_pipe /tmp/stop > /tmp/text')" us
		put text_drain_events "$(grep -c 'bench marker line' /tmp/text)" events
		rm -f /tmp/text /tmp/stop
	done
	for r in $(seq $R); do
		reset
		rm -f /tmp/stop /tmp/raw
		taskset 2 rawpipe record per_cpu/cpu0/trace_pipe_raw /tmp/raw /tmp/stop &
		reader=$!
		sleep 1
		o=$(overruns)
		put raw_write_read "$(taskset 1 loops marker 200000 trace_marker)" ns
		touch /tmp/stop
		wait $reader
		n=$(rawpipe decode /tmp/raw | grep -c 'buf=bench marker line')
		put raw_read $n events
		put raw_read_overrun $(($(overruns) - o)) events
		put raw_lost_uncounted $((200000 - n - ($(overruns) - o))) events
		rm -f /tmp/raw /tmp/stop
	done
fi

# 4. live patching: every site, both ways
for r in $(seq $R); do
	reset
	us enable_all 'echo function > current_tracer'
	us disable_all 'echo nop > current_tracer'
done

# 5. writing filters (mainline matches each name against every function)
grep -v '\[' available_filter_functions | sort -u > /tmp/all
head -n 1000 /tmp/all > /tmp/n1000
for r in $(seq $R); do
	reset
	us filter_grep_sched 'grep sched available_filter_functions > set_ftrace_filter'
	reset
	us filter_glob "echo '*sched*' > set_ftrace_filter"
	reset
	t=$(timeit 'cat /tmp/n1000 > set_ftrace_filter')
	put filter_1000_names "$t" us
done
# last, once: every name; skipped where 1000 names already took over 5 s
# (mainline: there it is quadratic, and would take longer than the run)
reset
if [ "$t" -lt 5000000 ]; then
	us filter_all_names 'cat /tmp/all > set_ftrace_filter'
else
	info skipped "filter_all_names: 1000 names took $((t / 1000)) ms"
fi
reset
