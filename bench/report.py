#!/usr/bin/env python3
"""report.py OURS MAINLINE VERSION: median of each measurement, as Markdown."""
import re, statistics, sys

def load(path):
    runs, info = {}, {}
    for line in open(path):
        p = line.split()
        if p[0] == 'BENCH' and len(p) == 3:
            name = re.sub(r'_\d+$', '', p[1])
            runs.setdefault(name, []).append(int(p[2]))
        elif p[0] == 'BENCH-INFO':
            info[p[1]] = p[2]
    return {k: statistics.median(v) for k, v in runs.items()}, info

ours, oi = load(sys.argv[1])
main, mi = load(sys.argv[2])
print('# Benchmarks: our tracer and mainline 6.12 side by side\n')
print(f'linux-source-6.12 {sys.argv[3]}, tinyconfig + configs/qemu.config, '
      'QEMU TCG single-threaded, -icount shift=3 (virtual time), -smp 2; '
      'one run each (virtual time varies little).  Regenerate with `make bench`.\n')
print(f'Traceable functions: ours {oi.get("functions")}, mainline {mi.get("functions")}.\n')
print('| measurement | ours (ms) | mainline (ms) | mainline / ours |')
print('|---|---:|---:|---:|')
for k in ours:
    o = ours[k] / 1000
    if k in main:
        m = main[k] / 1000
        print(f'| {k} | {o:.1f} | {m:.1f} | {m / o:.1f}x |')
    else:
        print(f'| {k} | {o:.1f} | did not finish in the time limit | - |')
