#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Fold insnprof's blocks into functions: profile.py VMLINUX OUT ITERATIONS [FUNC]

Prints guest instructions per iteration for each function, most first;
with FUNC, FUNC's blocks instead (address, instructions, runs per
iteration), to read beside objdump -d.
"""
import bisect
import subprocess
import sys


def main():
    vmlinux, out, iters = sys.argv[1], sys.argv[2], int(sys.argv[3])
    syms = []
    nm = subprocess.run(['nm', '-n', vmlinux], capture_output=True,
                        text=True, check=True).stdout
    for line in nm.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in 'tTwW':
            syms.append((int(parts[0], 16), parts[2]))
    addrs = [a for a, _ in syms]
    func = sys.argv[4] if len(sys.argv) > 4 else None
    per = {}
    total = 0
    with open(out) as f:
        for line in f:
            va, n, c = line.split()
            i = bisect.bisect_right(addrs, int(va, 16)) - 1
            name = syms[i][1] if i >= 0 else '?'
            if func and name == func:
                print(f'{va} {n:>3} {int(c) / iters:8.2f}')
            per[name] = per.get(name, 0) + int(n) * int(c)
            total += int(n) * int(c)
    if func:
        return
    print(f'{total / iters:10.1f}  total per iteration')
    for name, v in sorted(per.items(), key=lambda kv: -kv[1]):
        if v / iters < 0.5:
            break
        print(f'{v / iters:10.1f}  {name}')


main()
