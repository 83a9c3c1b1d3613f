#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Two profiles side by side: compare.py A B [N]

A and B are run.sh's outputs (profile.py's per-function lists) for the
same mode on two kernels.  Prints the N functions (40 if not given)
whose instructions per iteration differ most, A - B first.
"""
import sys


def read(path):
    per = {}
    with open(path) as f:
        for line in f:
            value, name = line.split(None, 1)
            per[name.strip()] = float(value)
    return per


def main():
    a, b = read(sys.argv[1]), read(sys.argv[2])
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    rows = [(a.get(k, 0.0) - b.get(k, 0.0), k) for k in set(a) | set(b)]
    rows.sort(key=lambda r: -abs(r[0]))
    print(f'{"A - B":>10} {"A":>10} {"B":>10}')
    for d, k in rows[:n]:
        print(f'{d:10.1f} {a.get(k, 0.0):10.1f} {b.get(k, 0.0):10.1f}  {k}')


if __name__ == '__main__':
    main()
