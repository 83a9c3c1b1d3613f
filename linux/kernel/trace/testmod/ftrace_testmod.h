/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The test modules' global functions: global so that gcc keeps their
 * names (no .isra clones) and the selftests can filter on them.
 */
#ifndef _FTRACE_TESTMOD_H
#define _FTRACE_TESTMOD_H

/* ftrace_testmod.c */
int ftrace_testmod_leaf(int x);
int ftrace_testmod_outer(int x);

/* ftrace_direct_testmod.c: the target, the counters, the trampolines */
int ftrace_direct_testmod_target(int x);
void ftrace_direct_testmod_hit1(int x);
void ftrace_direct_testmod_hit2(int x);
void ftrace_direct_testmod_tramp1(void);
void ftrace_direct_testmod_tramp2(void);

#endif /* _FTRACE_TESTMOD_H */
