/* SPDX-License-Identifier: GPL-2.0 */
/* The shadow stack's users: see fgraph.c. */
#ifndef _KERNEL_TRACE_FGRAPH_H
#define _KERNEL_TRACE_FGRAPH_H

#include <linux/types.h>

struct ftrace_ops;
struct pid_lists;

/* what a user makes of a call, from ->entry() */
#define FGRAPH_TAKE	BIT(0)	/* call ->ret() when it returns */
#define FGRAPH_ROOT	BIT(1)	/* counted in ->roots while on the stack */
#define FGRAPH_HIDE	BIT(2)	/* counted in ->hidden while on the stack */

/* A user's counts on a task's shadow stack, of the calls below */
struct fgraph_counts {
	u8			depth;		/* it took */
	u8			roots;		/* it counted FGRAPH_ROOT */
	u8			hidden;		/* it counted FGRAPH_HIDE */
	u8			irq_roots;	/* of roots, those in hardirq */
	unsigned int		gen;		/* fgraph.c's */
};

/* A call that returned, as ->ret() sees it */
struct fgraph_ret {
	unsigned long		func;
	unsigned long		retval;		/* %rax as it returned */
	u64			calltime;
	u64			rettime;
	unsigned long		irqflags;	/* at the return, before fgraph's irqs off */
};

/*
 * A user sees the calls that @filter's hashes (set_ftrace_filter and
 * set_ftrace_notrace) let through for tasks that @pids lets through (NULL:
 * the top level's set_ftrace_pid).  Callbacks run in any context, NMI
 * included, with irqs off and fgraph's recursion guard held: a traced
 * function they call is not hooked.  @ctx is tracing_gen_ctx() at the call's entry;
 * @depth counts the calls below it that the user took.
 */
struct fgraph_user {
	struct ftrace_ops	*filter;
	struct pid_lists	*pids;
	/*
	 * NULL: take every call but those under one the user hid (while
	 * it has no filter of its own, a call it saves per call).  The
	 * user may change it at any time, with WRITE_ONCE().
	 */
	unsigned int		(*entry)(struct fgraph_user *u, unsigned long func,
					 const struct fgraph_counts *cnt);
	/*
	 * optional: the nearest call below one it took has a child;
	 * @calltime is the call's, as the sleep-time option made it
	 */
	void			(*open)(struct fgraph_user *u, unsigned long func,
					unsigned int ctx, unsigned int depth,
					u64 calltime);
	/* @opened: ->open() had it */
	void			(*ret)(struct fgraph_user *u,
				       const struct fgraph_ret *r,
				       unsigned int depth, bool opened);
	/*
	 * Optional, for a user that needs no counts, no ->open(), no
	 * calls in NMI and no @pids: while it is the only user and the
	 * sites are its own, fgraph.c's lean path asks ->take() instead
	 * of ->entry() and hands what it returned back to ->took() at the
	 * return (0: leave the call).  @calltime is as the graph-time and
	 * sleep-time options make it, as for ->ret().
	 */
	unsigned long		(*take)(struct fgraph_user *u, unsigned long func);
	void			(*took)(struct fgraph_user *u, unsigned long cookie,
					u64 calltime, u64 rettime);
	/* fgraph.c's */
	int			id;
	unsigned int		gen;
};

/* under trace_types_lock; -ENOSPC past 16 users; no callback runs once remove returns */
int fgraph_add_user(struct fgraph_user *u);
void fgraph_remove_user(struct fgraph_user *u);

#endif /* _KERNEL_TRACE_FGRAPH_H */
