// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for ftrace_split_item() in
 * linux/kernel/trace/ftrace_glob.c.
 *
 * The input is one write to set_ftrace_filter: it is cut into items at
 * " \t\n" as apply_items() in ftrace_filter.c does (up to the first NUL,
 * as a C string), and every non-empty item is split.  Checks, per item:
 *  - no crash, no access outside the item (ASan; each item is copied to
 *    a heap buffer of its exact size);
 *  - the result and the fields equal those of reference(), a copy of the
 *    splitting parse_item() did before ftrace_split_item() existed: the
 *    same accept/reject decision for every input;
 *  - negate is a leading '!'; glob starts right after it; glob and cmd
 *    point into the item, are NUL-terminated there and have no ':';
 *    param (the rest, ':'s included) ends where the item ends; cmd NULL
 *    implies param NULL; glob ":" cmd ":" param gives back the item;
 *  - on success: a glob without cmd is not empty; cmd "mod" has a param
 *    (possibly empty: parse_mod() rejects that); any other cmd has a
 *    non-empty glob.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ftrace_glob.h"

static void __attribute__((noreturn))
fail(const char *what, const char *item)
{
	fprintf(stderr, "fuzz_item: %s: item \"%s\"\n", what, item);
	abort();
}

/* parse_item()'s splitting before the refactoring, unchanged */
static int reference(char *item, struct ftrace_item *it)
{
	bool negate = false;
	char *f[3] = {};

	if (*item == '!') {
		negate = true;
		item++;
	}
	f[0] = strsep(&item, ":");
	f[1] = strsep(&item, ":");
	f[2] = item;
	it->negate = negate;
	it->glob = f[0];
	it->cmd = f[1];
	it->param = f[2];
	if (!f[1])
		return *f[0] ? 0 : -EINVAL;
	if (!strcmp(f[1], "mod"))
		return f[2] ? 0 : -EINVAL;
	if (!*f[0])
		return -EINVAL;
	return 0;
}

/* @p is NULL, or a string that starts and ends inside buf[0..len] */
static bool inside(const char *p, const char *buf, size_t len)
{
	return !p || (p >= buf && p <= buf + len &&
		      strnlen(p, buf + len - p + 1) <= (size_t)(buf + len - p));
}

static void check_item(const char *orig, size_t len)
{
	char *a = malloc(len + 1), *b = malloc(len + 1);
	char *join = malloc(len + 3);
	struct ftrace_item x, y;
	int rx, ry;

	if (!a || !b || !join)
		fail("out of memory", orig);
	memcpy(a, orig, len + 1);
	memcpy(b, orig, len + 1);
	rx = ftrace_split_item(a, &x);
	ry = reference(b, &y);
	if (rx != 0 && rx != -EINVAL)
		fail("returned neither 0 nor -EINVAL", orig);
	if (rx != ry)
		fail(rx ? "rejects what parse_item() took" :
			  "takes what parse_item() rejected", orig);
	if (x.negate != y.negate || x.glob - a != y.glob - b ||
	    !x.cmd != !y.cmd || (x.cmd && x.cmd - a != y.cmd - b) ||
	    !x.param != !y.param || (x.param && x.param - a != y.param - b))
		fail("split differs from parse_item()'s", orig);

	if (x.negate != (orig[0] == '!') || x.glob != a + x.negate)
		fail("bad negate or glob start", orig);
	if (!inside(x.glob, a, len) || !inside(x.cmd, a, len) ||
	    !inside(x.param, a, len))
		fail("a field is not a string inside the item", orig);
	if (strchr(x.glob, ':') || (x.cmd && strchr(x.cmd, ':')))
		fail("':' in glob or cmd", orig);
	if ((!x.cmd && x.param) ||
	    (x.param && x.param + strlen(x.param) != a + len))
		fail("param is not the rest of the item", orig);
	snprintf(join, len + 3, "%s%s%s%s%s%s", x.negate ? "!" : "", x.glob,
		 x.cmd ? ":" : "", x.cmd ? x.cmd : "", x.param ? ":" : "",
		 x.param ? x.param : "");
	if (strcmp(join, orig))
		fail("fields do not give back the item", orig);
	if (!rx && ((!x.cmd && !*x.glob) ||
		    (x.cmd && !strcmp(x.cmd, "mod") && !x.param) ||
		    (x.cmd && strcmp(x.cmd, "mod") && !*x.glob)))
		fail("accepted a malformed item", orig);
	free(join);
	free(a);
	free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1), *p, *item;

	if (!buf)
		return -1;
	memcpy(buf, data, size);
	buf[size] = 0;
	p = buf;
	while ((item = strsep(&p, " \t\n")) != NULL) {
		if (!*item)
			continue;
		if (strpbrk(item, " \t\n"))
			fail("whitespace in an item", item);
		check_item(item, strlen(item));
	}
	free(buf);
	return 0;
}
