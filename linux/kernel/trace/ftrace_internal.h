/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the dynamic ftrace core and the tracefs front ends. */
#ifndef _KERNEL_TRACE_FTRACE_INTERNAL_H
#define _KERNEL_TRACE_FTRACE_INTERNAL_H

#include <linux/ftrace.h>
#include <linux/list.h>
#include <linux/mutex.h>

struct module;
struct seq_file;

/* One call site: 16 bytes. */
struct dyn_ftrace {
	unsigned long		ip;
	unsigned long		flags;
};

#define REC_ENABLED	BIT(0)	/* holds "call ftrace_caller" */
#define REC_FREED	BIT(1)	/* its (init) text is gone */

/* The sites of the kernel or of one module, sorted by address. */
struct ftrace_group {
	struct list_head	list;
	struct module		*mod;
	unsigned int		count;
	struct dyn_ftrace	recs[];
};

struct ftrace_func_entry {
	struct hlist_node	hlist;
	unsigned long		ip;
};

/* A set of site addresses. */
struct ftrace_hash {
	unsigned long		count;
	unsigned int		bits;
	struct hlist_head	buckets[];
};

extern struct mutex ftrace_lock;

struct ftrace_hash *ftrace_hash_alloc(unsigned int bits);
struct ftrace_hash *ftrace_hash_copy(const struct ftrace_hash *src,
				     unsigned long extra);
void ftrace_hash_free(struct ftrace_hash *hash);
bool ftrace_hash_contains(const struct ftrace_hash *hash, unsigned long ip);
int ftrace_hash_add(struct ftrace_hash *hash, unsigned long ip);
void ftrace_hash_remove(struct ftrace_hash *hash, unsigned long ip);

void ftrace_ops_set_hashes(struct ftrace_ops *ops, struct ftrace_hash *filter,
			   struct ftrace_hash *skip);
struct dyn_ftrace *ftrace_lookup_rec(unsigned long ip);
void ftrace_print_rec(struct seq_file *m, struct module *mod, unsigned long ip);
void ftrace_sync(void);
bool ftrace_is_disabled(void);

#endif /* _KERNEL_TRACE_FTRACE_INTERNAL_H */
