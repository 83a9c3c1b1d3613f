// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests for linux/kernel/trace/ftrace_hash.c: membership, copies, and
 * that a published hash is sized to its content (the callback walks one
 * chain per traced call).
 */
#include <stdio.h>
#include <stdlib.h>

#include "../../../linux/kernel/trace/ftrace_hash.h"

int shim_alloc_fail_in;

void *shim_alloc(size_t size)
{
	if (shim_alloc_fail_in > 0 && --shim_alloc_fail_in == 0)
		return NULL;
	return calloc(1, size);
}

static int failed;

static void check(int ok, const char *what)
{
	printf("%s - %s\n", ok ? "ok" : "not ok", what);
	failed |= !ok;
}

/* a plausible function address: 16-byte aligned, in kernel text */
static unsigned long ip_of(unsigned long i)
{
	return 0xffffffff81000000UL + i * 16 * 37;
}

static unsigned int longest_chain(const struct ftrace_hash *h)
{
	unsigned int i, n, max = 0;
	struct ftrace_func_entry *e;

	for (i = 0; i < (1U << h->bits); i++) {
		n = 0;
		hlist_for_each_entry(e, &h->buckets[i], hlist)
			n++;
		if (n > max)
			max = n;
	}
	return max;
}

int main(void)
{
	/* as many as a 6.12 tinyconfig kernel has sites: echo '*' > set_ftrace_filter */
	const unsigned long n = 10574;
	struct ftrace_hash *h, *c;
	unsigned long i, miss = 0;

	/* what a write of '*' builds: a copy sized before the entries come */
	h = ftrace_hash_copy(NULL, 64);
	for (i = 0; i < n; i++)
		ftrace_hash_add(h, ip_of(i));
	ftrace_hash_add(h, ip_of(5));
	check(h->count == n, "10574 distinct entries, a duplicate ignored");
	h->pinned = true;
	h = ftrace_hash_fit(h);
	check(h->bits == 14, "fitted to 2^14 buckets for 10574 entries");
	check(longest_chain(h) <= 8, "longest chain at most 8 after fitting");
	check(h->count == n && h->pinned, "count and pinned kept");
	for (i = 0; i < n; i++)
		miss += !ftrace_hash_contains(h, ip_of(i));
	check(!miss, "every entry still found");
	check(!ftrace_hash_contains(h, ip_of(n)) && !ftrace_hash_contains(h, 1),
	      "others not found");

	/* the copy of a large hash for the next write, and removal */
	c = ftrace_hash_copy(h, 64);
	for (i = 0; i < n; i += 2)
		ftrace_hash_remove(c, ip_of(i));
	c = ftrace_hash_fit(c);
	check(c->count == n / 2 && c->bits == 13, "half removed, refitted to 2^13");
	check(ftrace_hash_contains(c, ip_of(1)) && !ftrace_hash_contains(c, ip_of(0)),
	      "removed ones gone, the rest found");
	ftrace_hash_free(c);

	/* no memory to refit: the hash stays as it was, still correct */
	c = ftrace_hash_copy(NULL, 64);
	ftrace_hash_add(c, ip_of(1));
	shim_alloc_fail_in = 1;
	c = ftrace_hash_fit(c);
	check(c->bits == 6 && ftrace_hash_contains(c, ip_of(1)),
	      "failed refit keeps the hash");
	c = ftrace_hash_fit(c);
	check(c->bits == 2 && c->count == 1 && ftrace_hash_contains(c, ip_of(1)),
	      "one entry: 4 buckets");
	ftrace_hash_free(c);
	check(ftrace_hash_fit(NULL) == NULL && !ftrace_hash_contains(NULL, 1),
	      "NULL hash");
	ftrace_hash_free(h);
	return failed;
}
