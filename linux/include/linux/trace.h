/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TRACE_H
#define _LINUX_TRACE_H

/*
 * The tracer's API for the rest of the kernel, with mainline 6.12's names
 * and signatures: trace exports (a copy of each record to a driver, as
 * drivers/hwtracing/stm/ftrace.c uses) and the instances of
 * /sys/kernel/tracing/instances/ as a module sees them
 * (samples/ftrace/sample-trace-array.c, qla2xxx).  Stubs when tracing is
 * off.  trace_array_set_clr_event() is in linux/trace_events.h.
 * (The osnoise hooks of mainline's header are not here: no osnoise tracer.)
 */
#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/instruction_pointer.h>
#include <linux/string.h>
#include <linux/types.h>

#define TRACE_EXPORT_FUNCTION	BIT(0)	/* the function tracer's records */
#define TRACE_EXPORT_EVENT	BIT(1)	/* trace events' records */
#define TRACE_EXPORT_MARKER	BIT(2)	/* trace_marker writes */

/**
 * struct trace_export - a copy of the trace to somewhere else
 * @next: the tracer's, for its list
 * @write: called with each record of a kind in @flags (its bytes, as in
 *	the ring buffer) after it is written, in the context that wrote it
 *	(any: NMI included), with preemption off; it must not sleep
 * @flags: TRACE_EXPORT_*
 */
struct trace_export {
	struct trace_export __rcu	*next;
	void (*write)(struct trace_export *export, const void *entry,
		      unsigned int size);
	int flags;
};

struct trace_array;

#ifdef CONFIG_TRACING

int register_ftrace_export(struct trace_export *export);
int unregister_ftrace_export(struct trace_export *export);

/**
 * trace_array_puts - a string into an instance, as trace_puts()
 * @tr: the instance (trace_array_get_by_name())
 * @str: the text
 */
#define trace_array_puts(tr, str)					\
	({								\
		const char *_s = (str);					\
									\
		_s ? __trace_array_puts(tr, _THIS_IP_, _s, strlen(_s)) : -1; \
	})
int __trace_array_puts(struct trace_array *tr, unsigned long ip,
		       const char *str, int size);

void trace_printk_init_buffers(void);
__printf(3, 4)
int trace_array_printk(struct trace_array *tr, unsigned long ip,
		       const char *fmt, ...);
int trace_array_init_printk(struct trace_array *tr);
void trace_array_put(struct trace_array *tr);
struct trace_array *trace_array_get_by_name(const char *name, const char *systems);
int trace_array_destroy(struct trace_array *tr);

#else /* CONFIG_TRACING */

static inline int register_ftrace_export(struct trace_export *export)
{
	return -EINVAL;
}

static inline int unregister_ftrace_export(struct trace_export *export)
{
	return 0;
}

static inline void trace_printk_init_buffers(void)
{
}

static inline __printf(3, 4)
int trace_array_printk(struct trace_array *tr, unsigned long ip, const char *fmt, ...)
{
	return 0;
}

static inline int trace_array_init_printk(struct trace_array *tr)
{
	return -EINVAL;
}

static inline void trace_array_put(struct trace_array *tr)
{
}

static inline struct trace_array *trace_array_get_by_name(const char *name,
							  const char *systems)
{
	return NULL;
}

static inline int trace_array_destroy(struct trace_array *tr)
{
	return 0;
}

#endif /* CONFIG_TRACING */

#endif /* _LINUX_TRACE_H */
