/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the dynamic ftrace core and the tracefs front ends. */
#ifndef _KERNEL_TRACE_FTRACE_INTERNAL_H
#define _KERNEL_TRACE_FTRACE_INTERNAL_H

#include <linux/ftrace.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/trace_recursion.h>

#include "ftrace_hash.h"

struct module;
struct seq_file;

/* The dispatcher's recursion guard: see <linux/trace_recursion.h>. */
static __always_inline int ftrace_recursion_enter(void)
{
	return trace_recursion_enter(TRACE_REC_DISPATCH);
}

static __always_inline void ftrace_recursion_exit(int bit)
{
	trace_recursion_exit(bit);
}

/*
 * Hold this context level, transition bits included, of the dispatcher
 * and of the callbacks the trampoline calls directly, while calling code
 * that may be traced but must not be: its callbacks return at once. An
 * interrupt meanwhile has its own level and restores what it changed.
 * fgraph's bits are not held here: its entry and return hold them around
 * all they call, with irqs off (fgraph.c).
 */
static __always_inline unsigned long ftrace_recursion_hold(void)
{
	unsigned long old = current->trace_recursion;
	int level = interrupt_context_level();

	current->trace_recursion = old |
		BIT(TRACE_REC_DISPATCH + level) |
		BIT(TRACE_REC_DISPATCH + TRACE_REC_TRANSITION) |
		BIT(TRACE_REC_CALLBACK + level) |
		BIT(TRACE_REC_CALLBACK + TRACE_REC_TRANSITION);
	barrier();
	return old;
}

static __always_inline void ftrace_recursion_release(unsigned long old)
{
	barrier();
	current->trace_recursion = old;
}

/* One call site: 16 bytes. */
struct dyn_ftrace {
	unsigned long		ip;
	unsigned long		flags;
};

#define REC_ENABLED	BIT(0)	/* holds a call to a trampoline */
#define REC_FREED	BIT(1)	/* its (init) text is gone */
#define REC_REGS	BIT(2)	/* that is ftrace_regs_caller */
#define REC_TOUCHED	BIT(3)	/* was ever enabled (touched_functions) */
#define REC_MODIFIED	BIT(4)	/* an IPMODIFY or direct ops ever had it ("M") */
#define REC_DIRECT	BIT(5)	/* it calls its only ops' direct trampoline */

/* The sites of the kernel or of one module, sorted by address. */
struct ftrace_group {
	struct list_head	list;
	struct module		*mod;
	unsigned int		count;
	/* may be patched: the kernel's from boot, a module's once it is ready */
	bool			live;
	struct dyn_ftrace	recs[];
};

/* A cursor over the live records, for listings; under ftrace_lock. */
struct rec_iter {
	struct ftrace_group	*group;
	unsigned int		idx;
	unsigned long		gen;
	loff_t			pos;
	unsigned long		need;	/* REC_ENABLED, REC_TOUCHED: only those */
};

static inline struct dyn_ftrace *rec_iter_rec(struct rec_iter *it)
{
	return &it->group->recs[it->idx];
}

bool ftrace_rec_next(struct rec_iter *it);
struct ftrace_group *ftrace_group_of(struct module *mod);
extern unsigned long ftrace_groups_gen;
extern struct ftrace_ops ftrace_global_filter;

/* a set_ftrace_filter-like file for @ops alone, e.g. stack_trace_filter */
int ftrace_ops_filter_file(const char *name, struct ftrace_ops *ops,
			   char *boot, const char *param);
/* the only ops, once every enabled site is one it wants (ftrace.c) */
extern struct ftrace_ops *ftrace_sole_ops;

/*
 * Do @h's hashes (filter, notrace) want the function at @ip?  Lock-free,
 * with preemption disabled or under ftrace_lock.
 */
static __always_inline bool ftrace_hashes_want(struct ftrace_ops *h,
					       unsigned long ip)
{
	struct ftrace_hash *filter = rcu_dereference_raw(h->filter_hash);
	struct ftrace_hash *skip = rcu_dereference_raw(h->notrace_hash);

	/* an empty filter means every function, unless it is pinned */
	if (filter && (filter->count || filter->pinned) &&
	    !ftrace_hash_contains(filter, ip))
		return false;
	return !ftrace_hash_has(skip, ip);
}

/*
 * What the filters do when a module's sites go live (load) or away
 * (release), called by ftrace.c under ftrace_lock: set by ftrace_filter.c,
 * so that ftrace.c, which it calls, does not call it back by name.
 */
struct ftrace_mod_hooks {
	void	(*load)(struct module *mod);
	void	(*release)(struct module *mod, struct ftrace_group *g);
};

void ftrace_set_mod_hooks(const struct ftrace_mod_hooks *hooks);

extern struct mutex ftrace_lock;

/* the call sites recordmcount listed, from the linker script */
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];

void ftrace_ops_set_hashes(struct ftrace_ops *ops, struct ftrace_hash *filter,
			   struct ftrace_hash *skip);
struct dyn_ftrace *ftrace_lookup_rec(unsigned long ip);
unsigned long ftrace_nr_sites(void);
void ftrace_print_rec(struct seq_file *m, struct module *mod, unsigned long ip);
void ftrace_sync(void);
int ftrace_register_locked(struct ftrace_ops *ops);
int ftrace_exclusive_check(struct ftrace_ops *ops, struct ftrace_hash *filter);
int ftrace_unregister_locked(struct ftrace_ops *ops);
void ftrace_update_locked(void);

#endif /* _KERNEL_TRACE_FTRACE_INTERNAL_H */
