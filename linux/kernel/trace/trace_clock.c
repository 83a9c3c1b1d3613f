// SPDX-License-Identifier: GPL-2.0
/*
 * Clocks for trace timestamps.
 *
 * trace_clock_local() is sched_clock(): cheap and monotonic per CPU, but
 * CPUs may drift apart slightly.  It is the buffer's clock, as mainline's
 * default "local" clock.
 */
#include <linux/preempt.h>
#include <linux/sched/clock.h>
#include <linux/trace_clock.h>

u64 notrace trace_clock_local(void)
{
	u64 clock;

	preempt_disable_notrace();
	clock = sched_clock();
	preempt_enable_notrace();

	return clock;
}
