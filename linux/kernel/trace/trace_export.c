// SPDX-License-Identifier: GPL-2.0
/*
 * Trace exports (linux/trace.h): a driver registers a struct trace_export
 * and gets a copy of each record of the kinds it asks for, as it goes into
 * the ring buffer of any trace array: the function tracer's, trace
 * events' (those kept, after their filters) and trace_marker's.  The
 * System Trace Module's ftrace source (drivers/hwtracing/stm/ftrace.c)
 * sends them to trace hardware this way.
 *
 * Locking:
 *  - export_lock (a mutex) guards the list for register and unregister.
 *  - Writers walk it with preemption off and no lock, anywhere (NMI and
 *    RCU-idle code included), so a removed export is waited out with
 *    ftrace_sync() (every CPU schedules) before unregister returns.
 *  - One static key per kind keeps the writers' cost a NOP while nobody
 *    asks for that kind.
 *  - An export that records into the trace itself (a traced function, an
 *    event) is not called again from inside its own write: per CPU, one
 *    write at a time per context (task, softirq, irq, NMI).
 */
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/trace.h>

#include "ftrace_internal.h"
#include "trace.h"

static DEFINE_MUTEX(export_lock);
static struct trace_export __rcu *exports;

DEFINE_STATIC_KEY_FALSE(trace_function_exports);
DEFINE_STATIC_KEY_FALSE(trace_event_exports);
DEFINE_STATIC_KEY_FALSE(trace_marker_exports);

/* the context levels of this CPU that are in an export's write() */
static DEFINE_PER_CPU(unsigned int, export_busy);

static struct static_key_false *const export_keys[] = {
	&trace_function_exports,	/* TRACE_EXPORT_FUNCTION */
	&trace_event_exports,		/* TRACE_EXPORT_EVENT */
	&trace_marker_exports,		/* TRACE_EXPORT_MARKER */
};

#define TRACE_EXPORT_ALL	(TRACE_EXPORT_FUNCTION | TRACE_EXPORT_EVENT | \
				 TRACE_EXPORT_MARKER)

/* Hand the @size bytes at @entry, a record of kind @flag, to the exports. */
void notrace trace_exports(const void *entry, unsigned int size, int flag)
{
	unsigned int bit = 1U << interrupt_context_level();
	struct trace_export *e;

	preempt_disable_notrace();
	if (this_cpu_read(export_busy) & bit)
		goto out;
	this_cpu_or(export_busy, bit);
	for (e = rcu_dereference_raw_check(exports); e;
	     e = rcu_dereference_raw_check(e->next))
		if (e->flags & flag)
			e->write(e, entry, size);
	this_cpu_and(export_busy, ~bit);
out:
	preempt_enable_notrace();
}

static void export_keys_change(int flags, bool on)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(export_keys); i++) {
		if (!(flags & BIT(i)))
			continue;
		if (on)
			static_branch_inc(export_keys[i]);
		else
			static_branch_dec(export_keys[i]);
	}
}

/**
 * register_ftrace_export - get a copy of the trace
 * @export: its write() and the kinds of records it wants (flags)
 *
 * Returns 0, -EINVAL without write() (mainline: -1), -EBUSY if already
 * registered.
 */
int register_ftrace_export(struct trace_export *export)
{
	struct trace_export *e;
	int ret = 0;

	if (WARN_ON_ONCE(!export->write))
		return -EINVAL;
	mutex_lock(&export_lock);
	for (e = rcu_dereference_protected(exports, lockdep_is_held(&export_lock)); e;
	     e = rcu_dereference_protected(e->next, lockdep_is_held(&export_lock))) {
		if (e == export) {
			ret = -EBUSY;
			goto out;
		}
	}
	export_keys_change(export->flags & TRACE_EXPORT_ALL, true);
	/* the export whole before a writer can reach it */
	rcu_assign_pointer(export->next, rcu_dereference_protected(exports, true));
	rcu_assign_pointer(exports, export);
out:
	mutex_unlock(&export_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_export);

/**
 * unregister_ftrace_export - stop the copy
 * @export: as registered
 *
 * No write() of it runs once this returns.  -EINVAL if it was not
 * registered.
 */
int unregister_ftrace_export(struct trace_export *export)
{
	struct trace_export __rcu **p;
	struct trace_export *e;
	int ret = -EINVAL;

	mutex_lock(&export_lock);
	for (p = &exports; (e = rcu_dereference_protected(*p, lockdep_is_held(&export_lock)));
	     p = &e->next) {
		if (e == export) {
			rcu_assign_pointer(*p, rcu_dereference_protected(e->next, true));
			export_keys_change(export->flags & TRACE_EXPORT_ALL, false);
			ret = 0;
			break;
		}
	}
	mutex_unlock(&export_lock);
	if (!ret)
		ftrace_sync();
	return ret;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_export);
