/* SPDX-License-Identifier: GPL-2.0 */
/* Sets of call site addresses: see ftrace_hash.c. */
#ifndef _KERNEL_TRACE_FTRACE_HASH_H
#define _KERNEL_TRACE_FTRACE_HASH_H

#include <linux/types.h>

struct ftrace_func_entry {
	struct hlist_node	hlist;
	unsigned long		ip;
};

/*
 * A set of site addresses.  As a filter, an empty set means "every
 * function" unless pinned: a filter whose functions all went away (or
 * wait for a module to load) selects nothing.
 */
#define FTRACE_HASH_MIN_BITS	2
#define FTRACE_HASH_MAX_BITS	16

struct ftrace_hash {
	unsigned long		count;
	unsigned int		bits;
	bool			pinned;
	struct hlist_head	buckets[];
};

struct ftrace_hash *ftrace_hash_alloc(unsigned int bits);
/* a copy sized for @extra more entries; NULL @src copies as empty */
struct ftrace_hash *ftrace_hash_copy(const struct ftrace_hash *src,
				     unsigned long extra);
void ftrace_hash_free(struct ftrace_hash *hash);
struct ftrace_hash *ftrace_hash_fit(struct ftrace_hash *hash);
bool ftrace_hash_contains(const struct ftrace_hash *hash, unsigned long ip);
/* no hash at all holds no entry either */
static inline bool ftrace_hash_empty(const struct ftrace_hash *hash)
{
	return !hash || !hash->count;
}

/* ftrace_hash_contains(), the empty case inline: callbacks mostly ask empty sets */
static inline bool ftrace_hash_has(const struct ftrace_hash *hash,
				   unsigned long ip)
{
	return !ftrace_hash_empty(hash) && ftrace_hash_contains(hash, ip);
}

int ftrace_hash_add(struct ftrace_hash *hash, unsigned long ip);
void ftrace_hash_remove(struct ftrace_hash *hash, unsigned long ip);

#endif /* _KERNEL_TRACE_FTRACE_HASH_H */
