/* SPDX-License-Identifier: GPL-2.0 */
/* Internal interface of the tracing core, kernel/trace/ only. */
#ifndef _KERNEL_TRACE_TRACE_H
#define _KERNEL_TRACE_TRACE_H

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/types.h>

/*
 * A tracer is selected by writing its name to current_tracer.  init()
 * starts it and reset() stops it, both under trace_types_lock.
 */
struct tracer {
	const char		*name;
	int			(*init)(void);
	void			(*reset)(void);
	struct list_head	list;
};

extern struct mutex trace_types_lock;

int register_tracer(struct tracer *t);

#endif /* _KERNEL_TRACE_TRACE_H */
