/* SPDX-License-Identifier: GPL-2.0 */
/* Host shim for kernel/trace/ftrace_hash.c: the few kernel APIs it uses. */
#ifndef SHIM_HASH_TYPES_H
#define SHIM_HASH_TYPES_H
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define notrace
#define GFP_KERNEL	0

struct hlist_node { struct hlist_node *next, **pprev; };
struct hlist_head { struct hlist_node *first; };

extern int shim_alloc_fail_in;	/* >0: that many-th next allocation fails */
void *shim_alloc(size_t size);
#define kmalloc(size, gfp)	((void)(gfp), shim_alloc(size))
#define kvzalloc(size, gfp)	((void)(gfp), shim_alloc(size))
#define kfree(p)		free(p)
#define kvfree(p)		free(p)

#define struct_size(p, member, n) \
	(sizeof(*(p)) + (size_t)(n) * sizeof((p)->member[0]))
#define clamp_t(type, val, lo, hi) ({					\
	type __v = (val), __lo = (lo), __hi = (hi);			\
	__v < __lo ? __lo : __v > __hi ? __hi : __v; })

static inline unsigned int order_base_2(unsigned long n)
{
	return n > 1 ? 64 - __builtin_clzl(n - 1) : 0;
}

/* the kernel's hash_64(): multiply by the golden ratio, keep the top bits */
static inline uint32_t hash_long(unsigned long val, unsigned int bits)
{
	return bits ? (uint32_t)((val * 0x61C8864680B583EBull) >> (64 - bits)) : 0;
}

#define hlist_entry(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define hlist_entry_safe(ptr, type, member) \
	({ __typeof__(ptr) ____ptr = (ptr); \
	   ____ptr ? hlist_entry(____ptr, type, member) : NULL; })
#define hlist_for_each_entry(pos, head, member) \
	for (pos = hlist_entry_safe((head)->first, __typeof__(*(pos)), member); pos; \
	     pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))
#define hlist_for_each_entry_safe(pos, n, head, member) \
	for (pos = hlist_entry_safe((head)->first, __typeof__(*pos), member); \
	     pos && ({ n = pos->member.next; 1; }); \
	     pos = hlist_entry_safe(n, __typeof__(*pos), member))

static inline void hlist_add_head(struct hlist_node *n, struct hlist_head *h)
{
	n->next = h->first;
	if (h->first)
		h->first->pprev = &n->next;
	h->first = n;
	n->pprev = &h->first;
}

static inline void hlist_del(struct hlist_node *n)
{
	*n->pprev = n->next;
	if (n->next)
		n->next->pprev = n->pprev;
}
#endif
