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

/* One call, as a user sees it. */
struct fgraph_call {
	unsigned long		func;
	unsigned int		ctx;		/* tracing_gen_ctx() at entry */
	unsigned int		depth;		/* calls below it this user took */
	unsigned int		roots;		/* its FGRAPH_ROOT calls below */
	unsigned int		hidden;		/* its FGRAPH_HIDE calls below */
	bool			opened;		/* ->open() had it (at return) */
	u64			calltime;	/* at return */
	u64			rettime;
};

/*
 * A user sees the calls that @filter's hashes (set_ftrace_filter and
 * set_ftrace_notrace) let through for tasks that @pids lets through (NULL:
 * the top level's set_ftrace_pid).  Callbacks run with preemption off;
 * ->entry() may run in any context but NMI, ->open() and ->ret() with
 * the recursion guard held.
 */
struct fgraph_user {
	struct ftrace_ops	*filter;
	struct pid_lists	*pids;
	unsigned int		(*entry)(struct fgraph_user *u,
					 const struct fgraph_call *c);
	/* optional: the nearest call below it the user took has a child */
	void			(*open)(struct fgraph_user *u,
					const struct fgraph_call *c);
	void			(*ret)(struct fgraph_user *u,
				       const struct fgraph_call *c);
	/* fgraph.c's */
	int			id;
	unsigned int		gen;
};

/* under trace_types_lock; -ENOSPC past 16 users; no callback runs once remove returns */
int fgraph_add_user(struct fgraph_user *u);
void fgraph_remove_user(struct fgraph_user *u);

#endif /* _KERNEL_TRACE_FGRAPH_H */
