// SPDX-License-Identifier: GPL-2.0
/*
 * Sets of call site addresses: the filter and notrace hashes of the ops,
 * set_graph_function and set_graph_notrace.
 *
 * A hash is built privately, then published whole with rcu_assign_pointer()
 * and never changed again; the callback path reads it locklessly and the
 * writer frees the old one once no callback can see it (ftrace_sync()).
 * So nothing here locks: the functions that change a hash are for hashes
 * not yet published. Kept free of other kernel internals so that
 * tests/host/hash builds it for user space.
 */
#include <linux/errno.h>
#include <linux/hash.h>
#include <linux/list.h>
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/overflow.h>
#include <linux/slab.h>

#include "ftrace_hash.h"

/* Buckets for @n entries: about one entry per bucket. */
static unsigned int hash_bits_for(unsigned long n)
{
	return clamp_t(unsigned int, order_base_2(n), FTRACE_HASH_MIN_BITS,
		       FTRACE_HASH_MAX_BITS);
}

struct ftrace_hash *ftrace_hash_alloc(unsigned int bits)
{
	struct ftrace_hash *hash;

	hash = kvzalloc(struct_size(hash, buckets, 1U << bits), GFP_KERNEL);
	if (hash)
		hash->bits = bits;
	return hash;
}

void ftrace_hash_free(struct ftrace_hash *hash)
{
	struct ftrace_func_entry *e;
	struct hlist_node *tmp;
	unsigned int i;

	if (!hash)
		return;
	for (i = 0; i < (1U << hash->bits); i++)
		hlist_for_each_entry_safe(e, tmp, &hash->buckets[i], hlist)
			kfree(e);
	kvfree(hash);
}

/*
 * @hash with as many buckets as entries, for publishing: a write sizes its
 * hash before it knows what it will hold, and the callback walks one chain
 * per traced call. Moves the entries; keeps @hash if no memory.
 */
struct ftrace_hash *ftrace_hash_fit(struct ftrace_hash *hash)
{
	struct ftrace_func_entry *e;
	struct ftrace_hash *fit;
	struct hlist_node *tmp;
	unsigned int bits, i;

	if (!hash)
		return NULL;
	bits = hash_bits_for(hash->count);
	if (bits == hash->bits)
		return hash;
	fit = ftrace_hash_alloc(bits);
	if (!fit)
		return hash;
	fit->count = hash->count;
	fit->pinned = hash->pinned;
	for (i = 0; i < (1U << hash->bits); i++) {
		hlist_for_each_entry_safe(e, tmp, &hash->buckets[i], hlist) {
			hlist_del(&e->hlist);
			hlist_add_head(&e->hlist, &fit->buckets[hash_long(e->ip, bits)]);
		}
	}
	kvfree(hash);
	return fit;
}

bool notrace ftrace_hash_contains(const struct ftrace_hash *hash,
				  unsigned long ip)
{
	struct ftrace_func_entry *e;

	if (ftrace_hash_empty(hash))
		return false;
	hlist_for_each_entry(e, &hash->buckets[hash_long(ip, hash->bits)], hlist)
		if (e->ip == ip)
			return true;
	return false;
}

int ftrace_hash_add(struct ftrace_hash *hash, unsigned long ip)
{
	struct ftrace_func_entry *e;

	if (ftrace_hash_contains(hash, ip))
		return 0;
	e = kmalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;
	e->ip = ip;
	hlist_add_head(&e->hlist, &hash->buckets[hash_long(ip, hash->bits)]);
	hash->count++;
	return 0;
}

void ftrace_hash_remove(struct ftrace_hash *hash, unsigned long ip)
{
	struct ftrace_func_entry *e;
	struct hlist_node *tmp;

	hlist_for_each_entry_safe(e, tmp,
				  &hash->buckets[hash_long(ip, hash->bits)], hlist) {
		if (e->ip == ip) {
			hlist_del(&e->hlist);
			kfree(e);
			hash->count--;
			return;
		}
	}
}

/* a copy sized for @extra more entries; NULL @src copies as empty */
struct ftrace_hash *ftrace_hash_copy(const struct ftrace_hash *src,
				     unsigned long extra)
{
	unsigned long n = (src ? src->count : 0) + extra;
	unsigned int bits = hash_bits_for(n);
	struct ftrace_func_entry *e;
	struct ftrace_hash *hash;
	unsigned int i;

	hash = ftrace_hash_alloc(bits);
	if (!hash || !src)
		return hash;
	hash->pinned = src->pinned;
	for (i = 0; i < (1U << src->bits); i++) {
		hlist_for_each_entry(e, &src->buckets[i], hlist) {
			if (ftrace_hash_add(hash, e->ip)) {
				ftrace_hash_free(hash);
				return NULL;
			}
		}
	}
	return hash;
}
