#!/usr/bin/env python3
"""report.py BUILDDIR VERSION RUNS: bench/RESULTS.md from build/bench.*.

Each build/bench.KERNEL holds the guest's "BENCH name value unit" and
"BENCH-INFO key value" lines (bench/guest.sh) for KERNEL in ours,
mainline, nopg (mainline built without the function tracer) and noipa
(nopg built with -fno-ipa-ra)."""
import os
import re
import statistics
import sys

B, VERSION, RUNS = sys.argv[1], sys.argv[2], sys.argv[3]


def load(kernel):
    runs, info = {}, {}
    path = os.path.join(B, 'bench.' + kernel)
    if not os.path.exists(path):
        return runs, info
    for line in open(path, errors='replace'):
        p = line.split()
        if len(p) >= 3 and p[0] == 'BENCH':
            try:
                runs.setdefault(p[1], []).append(float(p[2]))
            except ValueError:
                pass
        elif len(p) >= 2 and p[0] == 'BENCH-INFO':
            info.setdefault(p[1], []).append(' '.join(p[2:]))
    return runs, info


K = {k: load(k) for k in ('ours', 'mainline', 'nopg', 'noipa')}


def med(kernel, name):
    v = K[kernel][0].get(name)
    return statistics.median(v) if v else None


def spread(kernel, name):
    """(max - min) / median over the runs, in percent"""
    v = K[kernel][0].get(name)
    if not v or len(v) < 2 or not statistics.median(v):
        return ''
    return f' ±{(max(v) - min(v)) / 2 / statistics.median(v) * 100:.1f}%'


def info(kernel, key):
    v = K[kernel][1].get(key)
    return v[0] if v else None


def fmt(x, digits=1):
    return '-' if x is None else f'{x:,.{digits}f}'


def cell(kernel, name, scale=1.0, digits=1):
    m = med(kernel, name)
    if m is None:
        return 'not reached' if K[kernel][0] else 'not run'
    return fmt(m * scale, digits) + spread(kernel, name)


def ratio(a, b, digits=2):
    return '-' if a is None or b is None or not b else f'{a / b:.{digits}f}'


out = []
w = out.append
w('# Benchmarks: our tracer and mainline 6.12 side by side\n')
w(f'linux-source-6.12 {VERSION}, tinyconfig + configs/qemu.config for all '
  'four kernels: **ours**, **mainline** (6.12 with its own ftrace), '
  '**no -pg** (mainline without CONFIG_FUNCTION_TRACER) and **no IPA-RA** '
  '(no -pg built with `-fno-ipa-ra`).  QEMU TCG, '
  '`-icount shift=0,sleep=off` (guest time is virtual: one instruction '
  f'is one nanosecond), `-smp 2`.  Each figure is the median of {RUNS} runs '
  'in one boot, ± half the spread (max - min) as a share of the median.  '
  'Regenerate: `make bench` (`BENCH_RUNS=N`, `BENCH_ONLY="ours"` to rerun '
  'one kernel).  The guest script is `bench/guest.sh`; the workloads are '
  '`harness/guest/loops.c` and `harness/guest/timeit.c`.\n')
for k in ('ours', 'mainline', 'nopg', 'noipa'):
    if info(k, 'unfinished'):
        w(f'*{k}: the run did not finish within the host limit '
          f'({info(k, "unfinished")} s); later rows are missing.*\n')
w(f'Traceable functions: ours {info("ours", "functions")}, '
  f'mainline {info("mainline", "functions")}.  Functions traced per getppid '
  f'iteration, from the profiler\'s hits: ours '
  f'{info("ours", "profiler_hits_per_getppid")}, mainline '
  f'{info("mainline", "profiler_hits_per_getppid")}; from the events in the '
  f'buffer after 2000 iterations less those after 1000: ours '
  f'{info("ours", "calls_per_getppid")}, mainline '
  f'{info("mainline", "calls_per_getppid")}.\n')

w('## Tracing off\n')
w('`loops getppid 1000000` and `loops forkexec 200` (fork, exec '
  '/bin/true, wait), with current_tracer nop.  ns per iteration.\n')
w('What -pg costs with no tracer at all, its floor, has two parts.  gcc '
  'turns IPA-RA off wherever -pg is on (`-fipa-ra` does not bring it back): '
  'a caller saves the registers a callee would have left alone.  '
  '**no IPA-RA** is no -pg built with `-fno-ipa-ra`: that part alone.  The '
  'NOPs cost one instruction (one ns) per traced call, the calls per '
  'iteration counted on ours (events per getppid iteration; the '
  'profiler\'s hits per fork/exec iteration, `loops forkexec 20`).  NOPs '
  'only: no -pg\'s time plus the NOPs; -pg floor: no IPA-RA\'s time plus '
  'the NOPs; both over no -pg\'s time.\n')
w('| workload | no -pg | no IPA-RA | mainline | ours | ours / no -pg '
  '| mainline / no -pg | no IPA-RA / no -pg | NOPs only | -pg floor |')
w('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for n, c in (('off_getppid', 'calls_per_getppid'),
             ('off_forkexec', 'profiler_hits_per_forkexec')):
    try:
        calls = float(info('ours', c))
    except (TypeError, ValueError):
        calls = None
    base, noipa = med('nopg', n), med('noipa', n)
    nops = '-' if calls is None or not base else f'{1 + calls / base:.3f}'
    floor = ('-' if calls is None or not base or noipa is None
             else f'{(noipa + calls) / base:.3f}')
    w(f'| {n} | {cell("nopg", n)} | {cell("noipa", n)} | {cell("mainline", n)} '
      f'| {cell("ours", n)} | {ratio(med("ours", n), base, 3)} '
      f'| {ratio(med("mainline", n), base, 3)} | {ratio(noipa, base, 3)} '
      f'| {nops} | {floor} |')
w('')

w('## Cost per traced call\n')
w('A getppid loop with a tracer on, less the same loop with tracing off '
  '(same kernel), per traced call: every function (`*_all`: divided by the '
  'profiler\'s hits per iteration) or only the body of getppid (`*_one`, '
  'one call per iteration; `set_ftrace_filter`).  `fn` is the function '
  'tracer, `graph` function_graph, `prof` function_profile_enabled under '
  'nop, `stack` the stack tracer (`stack_tracer_enabled`, `stack_trace_filter`).  '
  '`fnstar` is the function tracer under `echo \'*\' > set_ftrace_filter`, '
  '`fn100` under a filter of 100 names (getppid\'s body among them): the '
  'cost of the filter hash lookup.  ns per call.\n')
w('| tracer | mainline ns/iter | ours ns/iter | mainline ns/call | ours ns/call | ours / mainline |')
w('|---|---:|---:|---:|---:|---:|')
for n in ('fn_all', 'fn_one', 'fnstar_all', 'fn100_one', 'graph_all', 'graph_one',
          'prof_all', 'prof_one', 'stack_all', 'stack_one'):
    name = n + '_getppid'
    per = {}
    for k in ('ours', 'mainline'):
        on, off = med(k, name), med(k, 'off_getppid')
        calls = 1.0
        if n.endswith('_all'):
            try:
                calls = float(info(k, 'profiler_hits_per_getppid'))
            except (TypeError, ValueError):
                calls = None
        per[k] = None if on is None or off is None or not calls else (on - off) / calls
    w(f'| {n} | {cell("mainline", name)} | {cell("ours", name)} '
      f'| {fmt(per["mainline"])} | {fmt(per["ours"])} '
      f'| {ratio(per["ours"], per["mainline"])} |')
w('')

w('## Trace events\n')
w('The cost of one recorded trace event, in the same kernel with the '
  'event off and on: `sched_switch` from a loop of pipe round trips '
  'between two tasks on CPU 0 (two switches per trip), `sys_enter` '
  '(raw_syscalls) from the getppid loop (one per call).  ns per event.\n')
w('| event | mainline ns/iter | ours ns/iter | mainline ns/event | ours ns/event | ours / mainline |')
w('|---|---:|---:|---:|---:|---:|')
for n, off, per_iter in (('ev_switch_pingpong', 'ev_off_pingpong', 2.0),
                         ('ev_sysenter_getppid', 'off_getppid', 1.0)):
    per = {}
    for k in ('ours', 'mainline'):
        on, base = med(k, n), med(k, off)
        per[k] = None if on is None or base is None else (on - base) / per_iter
    w(f'| {n} | {cell("mainline", n)} | {cell("ours", n)} '
      f'| {fmt(per["mainline"])} | {fmt(per["ours"])} '
      f'| {ratio(per["ours"], per["mainline"])} |')
w('')

w('## In-kernel ops: samples/ftrace/ftrace-ops.ko\n')
w('The sample times 1,000,000 calls of one of its functions with ktime '
  '(`nr_function_calls=1000000 persist=1`), each kernel with its own build '
  'of the module: `none` with no ops registered (the call alone), `one` one '
  'ops, `regs` one with `save_regs=1` (FTRACE_OPS_FL_SAVE_REGS), `many` '
  '`nr_ops_relevant=2 nr_ops_irrelevant=3`.  ns per call, and per call '
  'less `none`.\n')
w('| ops | mainline ns/call | ours ns/call | mainline less none | ours less none | ours / mainline |')
w('|---|---:|---:|---:|---:|---:|')
for n in ('none', 'one', 'regs', 'many'):
    name = 'ops_' + n
    per = {}
    for k in ('ours', 'mainline'):
        on, off = med(k, name), med(k, 'ops_none')
        per[k] = None if on is None or off is None else on - off
    w(f'| {n} | {cell("mainline", name)} | {cell("ours", name)} '
      f'| {fmt(per["mainline"])} | {fmt(per["ours"])} '
      f'| {ratio(per["ours"], per["mainline"]) if n != "none" else "-"} |')
w('')

w('## Writing filters, live patching\n')
w('One shell command each, timed by `timeit` (fork+exec of `sh -c` '
  'included).  ms.\n')
cmds = {
    'filter_grep_sched': 'grep sched available_filter_functions > set_ftrace_filter',
    'filter_glob': "echo '*sched*' > set_ftrace_filter",
    'filter_1000_names': 'cat /tmp/n1000 > set_ftrace_filter (1000 names)',
    'filter_all_names': 'cat /tmp/all > set_ftrace_filter (every name; once)',
    'enable_all': 'echo function > current_tracer (no filter: every site)',
    'disable_all': 'echo nop > current_tracer',
}
w('| measurement | command | mainline ms | ours ms | mainline / ours |')
w('|---|---|---:|---:|---:|')
for n, c in cmds.items():
    w(f'| {n} | `{c}` | {cell("mainline", n, 1e-3)} | {cell("ours", n, 1e-3)} '
      f'| {ratio(med("mainline", n), med("ours", n))}x |')
w('')


def sites_bytes(k):
    for line in K[k][1].get('dmesg', []):
        m = re.search(r'(\d+) call sites NOPed(?: in (\d+) cycles)?, (\d+) KB', line)
        if m:
            return int(m[1]), m[2] and int(m[2]), int(m[3]) * 1024 / int(m[1])
        m = re.search(r'allocating (\d+) entries in (\d+) pages', line)
        if m:
            return int(m[1]), None, int(m[2]) * 4096 / int(m[1])
    return None, None, None


for k in ('ours', 'mainline'):
    for v in K[k][1].get('skipped', []):
        w(f'*{k}: skipped {v}.*\n')

w('## Boot, memory\n')
w('| figure | mainline | ours |')
w('|---|---:|---:|')
so, co, bo = sites_bytes('ours')
sm, _, bm = sites_bytes('mainline')
w(f'| recorded sites | {sm} | {so} |')
w(f'| bytes per site (records, from the boot log) | {fmt(bm)} | {fmt(bo)} |')
try:
    tsc = float(info('ours', 'tsc_per_ns'))
    w(f'| boot NOP conversion, ns per site (ours: its own count of cycles) | not reported '
      f'| {fmt(co / tsc / so)} |')
except (TypeError, ValueError, ZeroDivisionError):
    pass


def boot_per_site(k, sites):
    try:
        return float(info(k, 'boot_ftrace_us')) * 1000 / sites
    except (TypeError, ValueError, ZeroDivisionError):
        return None


w(f'| boot call-site setup, ns per site (printk times: kmem_cache_init() to ftrace\'s '
  f'line) | {fmt(boot_per_site("mainline", sm))} | {fmt(boot_per_site("ours", so))} |')
n = 'buffer_kb_per_cpu_16384'
mm, mo = med('mainline', n), med('ours', n)
w(f'| MemFree drop per CPU for buffer_size_kb 1 -> 16384, KB | {cell("mainline", n, 1, 0)} '
  f'| {cell("ours", n, 1, 0)} |')
w(f'| per-CPU buffer overhead over the 16384 KB asked | '
  f'{fmt(None if mm is None else (mm / 16384 - 1) * 100)}% '
  f'| {fmt(None if mo is None else (mo / 16384 - 1) * 100)}% |')
w('')

w('## Ring buffer alone\n')
w('`taskset 1 loops marker 200000 trace_marker`: one 18-byte line per '
  'write(2) from CPU 0, no tracer; alone (the buffer wraps: overruns), '
  'then with `taskset 2 cat trace_pipe` reading on CPU 1.  Lost = written '
  '- read - counted as overrun: it must be 0.\n')
w('| figure | mainline | ours | ours / mainline |')
w('|---|---:|---:|---:|')
for n, what in (('marker_write', 'ns per event, no reader'),
                ('marker_write_read', 'ns per event, reader on CPU 1')):
    w(f'| {what} | {cell("mainline", n)} | {cell("ours", n)} '
      f'| {ratio(med("ours", n), med("mainline", n))} |')
    mo_, mm_ = med('ours', n), med('mainline', n)
    w(f'| events per second, {what.split(", ")[1]} | '
      f'{fmt(None if not mm_ else 1e9 / mm_, 0)} | {fmt(None if not mo_ else 1e9 / mo_, 0)} | |')
for n, what in (('marker_overrun', 'overruns, no reader'),
                ('marker_read', 'events read by the reader'),
                ('marker_read_overrun', 'overruns, with the reader')):
    w(f'| {what} | {cell("mainline", n, 1, 0)} | {cell("ours", n, 1, 0)} | |')
lost = {}
for k in ('ours', 'mainline'):
    r, o = med(k, 'marker_read'), med(k, 'marker_read_overrun')
    lost[k] = None if r is None or o is None else 200000 - r - o
w(f'| lost (neither read nor counted) | {fmt(lost["mainline"], 0)} | {fmt(lost["ours"], 0)} | |')
w('')

w('## The binary reader (trace_pipe_raw)\n')
w('The same writer on CPU 0, read from CPU 1 the way `trace-cmd record` '
  'reads: `rawpipe record` polls `per_cpu/cpu0/trace_pipe_raw`, splices full '
  'sub-buffers into a file, and reads the partial last one at the end.  The '
  'file is decoded afterwards; events read per second are over the '
  'writer\'s run.  Lost = written - read - counted as overrun: it must be 0.\n')
w('| figure | mainline | ours | ours / mainline |')
w('|---|---:|---:|---:|')
n = 'raw_write_read'
w(f'| ns per event, splicing reader on CPU 1 | {cell("mainline", n)} | {cell("ours", n)} '
  f'| {ratio(med("ours", n), med("mainline", n))} |')
rate = {}
for k in ('ours', 'mainline'):
    t, r = med(k, n), med(k, 'raw_read')
    rate[k] = None if not t or r is None else r / (t * 200000 / 1e9)
w(f'| events read per second | {fmt(rate["mainline"], 0)} | {fmt(rate["ours"], 0)} '
  f'| {ratio(rate["ours"], rate["mainline"])} |')
for n, what in (('raw_read', 'events read'),
                ('raw_read_overrun', 'overruns'),
                ('raw_lost_uncounted', 'lost (neither read nor counted)')):
    w(f'| {what} | {cell("mainline", n, 1, 0)} | {cell("ours", n, 1, 0)} | |')
w('')
w('Under `-icount` the reader on CPU 1 does not run while CPU 0 writes, on '
  'either kernel (it reads what the ring holds at the end, as the '
  '`trace_pipe` reader above), so the rows above measure the writer.  The '
  'reader\'s own speed: the ring filled by the same writer, then drained '
  'from CPU 1 into a file, timed: `rawpipe drain` (splice of full '
  'sub-buffers, then read of the last) and, for comparison, `trace_pipe` '
  'read as text.\n')
w('| figure | mainline | ours | ours / mainline |')
w('|---|---:|---:|---:|')
for n, what in (('raw_drain', 'trace_pipe_raw'), ('text_drain', 'trace_pipe')):
    ev = {}
    for k in ('ours', 'mainline'):
        t, e = med(k, n), med(k, n + '_events')
        ev[k] = None if not t or e is None else e / (t / 1e6)
    w(f'| {what}: events drained | {cell("mainline", n + "_events", 1, 0)} '
      f'| {cell("ours", n + "_events", 1, 0)} | |')
    w(f'| {what}: us to drain | {cell("mainline", n)} | {cell("ours", n)} '
      f'| {ratio(med("ours", n), med("mainline", n))} |')
    w(f'| {what}: events per second | {fmt(ev["mainline"], 0)} | {fmt(ev["ours"], 0)} '
      f'| {ratio(ev["ours"], ev["mainline"])} |')
w('')
print('\n'.join(out))
