// SPDX-License-Identifier: GPL-2.0
/*
 * Clocks for trace timestamps: the trace_clock file's choices.
 *
 * local is sched_clock(): cheap and monotonic per CPU, though CPUs may
 * drift apart slightly; it is every buffer's clock until trace_clock says
 * otherwise.  global is monotonic across CPUs: a lock-free maximum over
 * the last value handed out, so any context may read it, NMIs included.
 * counter counts; uptime is jiffies in clock_t units; x86-tsc is cycles.
 *
 * A buffer's clock runs inside the writer's reservation, which retries
 * when an event nests in it: a clock that called traced code would nest
 * an event in every retry.  So each one here reaches no traced function
 * (local_clock_noinstr(), inline arithmetic, rdtsc), except mono,
 * mono_raw, boot and tai: the NMI-safe timekeeping reads call the
 * clocksource's read(), which may be traced (hpet, acpi_pm).  Those hold
 * the tracer's recursion bit of the caller's context level while they
 * read, so what they call is not traced.
 *
 * Locking: none; each clock is safe in any context.
 */
#include <linux/atomic.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/preempt.h>
#include <linux/sched/clock.h>
#include <linux/timekeeping.h>
#include <linux/trace_clock.h>
#ifdef CONFIG_X86_TSC
#include <asm/msr.h>
#endif

#include "ftrace_internal.h"
#include "trace.h"

u64 notrace trace_clock_local(void)
{
	u64 clock;

	preempt_disable_notrace();
	clock = sched_clock();
	preempt_enable_notrace();

	return clock;
}
EXPORT_SYMBOL_GPL(trace_clock_local);

/* local_clock(), whose own body is traced, without the tracing */
static __always_inline u64 clock_noinstr(void)
{
	u64 now;

	preempt_disable_notrace();
	now = local_clock_noinstr();
	preempt_enable_notrace();
	return now;
}

/* perf's clock */
u64 notrace trace_clock(void)
{
	return clock_noinstr();
}
EXPORT_SYMBOL_GPL(trace_clock);

/* jiffies since boot in USER_HZ units, as jiffies_64_to_clock_t() (traced) */
u64 notrace trace_clock_jiffies(void)
{
	u64 j = get_jiffies_64() - INITIAL_JIFFIES;

	return div_u64(j * USER_HZ, HZ);
}
EXPORT_SYMBOL_GPL(trace_clock_jiffies);

static atomic64_t trace_clock_last;

u64 notrace trace_clock_global(void)
{
	s64 last = atomic64_read(&trace_clock_last);
	s64 now = clock_noinstr();

	/* never behind what any CPU was given: take the larger */
	do {
		if (now <= last)
			return last;
	} while (!atomic64_try_cmpxchg(&trace_clock_last, &last, now));
	return now;
}
EXPORT_SYMBOL_GPL(trace_clock_global);

static atomic64_t trace_counter;

u64 notrace trace_clock_counter(void)
{
	return atomic64_inc_return(&trace_counter);
}

#ifdef CONFIG_X86_TSC
/* the arch's trace_clock_x86_tsc() is in a traced object: rdtsc here */
static u64 notrace trace_clock_tsc(void)
{
	return rdtsc_ordered();
}
#endif

/* a timekeeping read whose clocksource may be traced: see the top */
static __always_inline u64 clock_untraced(u64 (*read)(void))
{
	unsigned long held = ftrace_recursion_hold();
	u64 now = read();

	ftrace_recursion_release(held);
	return now;
}

static u64 notrace trace_clock_mono(void)
{
	return clock_untraced(ktime_get_mono_fast_ns);
}

static u64 notrace trace_clock_mono_raw(void)
{
	return clock_untraced(ktime_get_raw_fast_ns);
}

static u64 notrace trace_clock_boot(void)
{
	return clock_untraced(ktime_get_boot_fast_ns);
}

static u64 notrace trace_clock_tai(void)
{
	return clock_untraced(ktime_get_tai_fast_ns);
}

/* trace_clock's choices in mainline 6.12's order; the first is the default */
const struct trace_clock_type trace_clocks[] = {
	{ TRACE_CLOCK_LOCAL,		"local",	1 },
	{ trace_clock_global,		"global",	1 },
	{ trace_clock_counter,		"counter",	0 },
	{ trace_clock_jiffies,		"uptime",	0 },
	{ trace_clock,			"perf",		1 },
	{ trace_clock_mono,		"mono",		1 },
	{ trace_clock_mono_raw,		"mono_raw",	1 },
	{ trace_clock_boot,		"boot",		1 },
	{ trace_clock_tai,		"tai",		1 },
#ifdef CONFIG_X86_TSC
	{ trace_clock_tsc,		"x86-tsc",	0 },
#endif
};

const unsigned int trace_clocks_nr = ARRAY_SIZE(trace_clocks);
