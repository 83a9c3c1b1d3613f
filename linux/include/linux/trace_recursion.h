/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Recursion guards for function-tracing callbacks, kept in the task's
 * trace_recursion word.
 *
 * A guard is a range of five bits: one per context level (task, softirq,
 * hardirq, NMI) and a transition bit.  A callback may be interrupted and
 * run again at a higher level, but never re-enters itself at its own.
 * An interrupt is entered and left in steps, and the preempt count says
 * "interrupt" only in between: irq_exit_rcu() returns after the hardirq
 * count dropped, so its return is seen at the level of the code it
 * interrupted, whose bit may be held.  One such call at a time gets the
 * transition bit; a second is a real recursion.
 *
 * Who owns which bits of current->trace_recursion:
 *	0-4	the function tracer's dispatcher (kernel/trace/ftrace.c)
 *	5-9	ftrace_test_recursion_trylock(): callbacks that guard
 *		themselves (livepatch, kprobes, the function tracer), called
 *		by the dispatcher with its own bits held or straight from
 *		the trampoline
 *	10-11	the shadow stack's entry and return (kernel/trace/fgraph.c):
 *		held only with irqs off, so only an NMI can come in; one
 *		bit for NMIs, one for every other level
 *	16-	set_ftrace_pid's cached verdict (kernel/trace/ftrace_pid.c)
 *
 * Only the task itself writes its word, and an interrupt restores what it
 * changed before it returns, so plain reads and writes suffice.
 */
#ifndef _LINUX_TRACE_RECURSION_H
#define _LINUX_TRACE_RECURSION_H

#include <linux/bits.h>
#include <linux/compiler.h>
#include <linux/preempt.h>
#include <linux/sched.h>

#ifdef CONFIG_TRACING

#define TRACE_REC_DISPATCH	0
#define TRACE_REC_CALLBACK	5
#define TRACE_REC_TRANSITION	4	/* within a range */
#define TRACE_REC_GRAPH		10	/* + 1 in NMI */

/* Take the bit of this context level in the range at @base: it, or -1. */
static __always_inline int trace_recursion_enter(int base)
{
	unsigned long *word = &current->trace_recursion;
	int bit = base + interrupt_context_level();

	if (*word & BIT(bit)) {
		bit = base + TRACE_REC_TRANSITION;
		if (*word & BIT(bit))
			return -1;
	}
	*word |= BIT(bit);
	barrier();
	return bit;
}

static __always_inline void trace_recursion_exit(int bit)
{
	barrier();
	current->trace_recursion &= ~BIT(bit);
}

/**
 * ftrace_test_recursion_trylock - guard a callback against recursion
 * @ip: the traced function's call site (unused: kept for the 6.12 API)
 * @parent_ip: its caller (unused)
 *
 * Returns the bit taken (>= 0), with preemption disabled until
 * ftrace_test_recursion_unlock(), or -1 if this context level already
 * holds it: the callback must then return without doing anything.
 */
static __always_inline int ftrace_test_recursion_trylock(unsigned long ip,
							 unsigned long parent_ip)
{
	int bit = trace_recursion_enter(TRACE_REC_CALLBACK);

	if (bit >= 0)
		preempt_disable_notrace();
	return bit;
}

static __always_inline void ftrace_test_recursion_unlock(int bit)
{
	preempt_enable_notrace();
	trace_recursion_exit(bit);
}

#endif /* CONFIG_TRACING */

#endif /* _LINUX_TRACE_RECURSION_H */
