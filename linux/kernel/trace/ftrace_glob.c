// SPDX-License-Identifier: GPL-2.0
/*
 * Shell-style matching of function names against filter patterns.
 *
 * Kept free of kernel headers beyond <linux/types.h>, <linux/errno.h> and
 * <linux/string.h> (which user space has too) so that tests/host/glob and
 * tests/host/fuzz build it for user space.
 */
#include <linux/errno.h>
#include <linux/string.h>

#include "ftrace_glob.h"

/*
 * Match one bracket expression at @p against @c.  Returns the pattern
 * position after the closing ']' and sets *@hit, or NULL if @p does not
 * start a complete expression (then '[' is an ordinary character).
 */
static const char *match_bracket(const char *p, char c, bool *hit)
{
	bool neg = false, found = false, first = true;
	const char *q = p + 1;

	if (*q == '!' || *q == '^') {
		neg = true;
		q++;
	}
	/* a ']' right after '[' or '[!' is a member, not the end */
	while (*q && (*q != ']' || first)) {
		char lo, hi;

		first = false;
		if (*q == '\\' && q[1])
			q++;
		lo = *q++;
		hi = lo;
		if (q[0] == '-' && q[1] && q[1] != ']') {
			q++;
			if (*q == '\\' && q[1])
				q++;
			hi = *q++;
		}
		if (c >= lo && c <= hi)
			found = true;
	}
	if (*q != ']')
		return NULL;
	*hit = found != neg;
	return q + 1;
}

/*
 * "*" matches any run (also empty), "?" any one character, "[...]" one
 * of a set or range ("[!...]" or "[^...]" negates), "\x" a literal x.
 * Greedy with one backtrack point: linear in practice, no recursion.
 */
bool ftrace_glob_match(const char *pat, const char *str)
{
	const char *star_p = NULL, *star_s = NULL;

	while (*str) {
		const char *next;
		bool hit;

		switch (*pat) {
		case '*':
			star_p = ++pat;
			star_s = str;
			continue;
		case '?':
			pat++;
			str++;
			continue;
		case '[':
			next = match_bracket(pat, *str, &hit);
			if (next) {
				if (!hit)
					goto backtrack;
				pat = next;
				str++;
				continue;
			}
			break;
		case '\\':
			if (pat[1])
				pat++;
			break;
		}
		if (*pat == *str) {
			pat++;
			str++;
			continue;
		}
backtrack:
		if (!star_p)
			return false;
		pat = star_p;
		str = ++star_s;
	}
	while (*pat == '*')
		pat++;
	return !*pat;
}

/* true if @pat has a metacharacter, i.e. is not a plain function name */
bool ftrace_glob_is_pattern(const char *pat)
{
	for (; *pat; pat++)
		if (*pat == '*' || *pat == '?' || *pat == '[' || *pat == '\\')
			return true;
	return false;
}

/*
 * Split one filter item, "[!]glob[:cmd[:param]]", in place: the ':'s
 * become NULs and @it points into @item (@cmd and @param NULL if absent;
 * @param keeps any further ':').  "glob:mod:NAME" is cmd "mod", param
 * NAME, and may have an empty glob; anything else needs a glob.
 */
int ftrace_split_item(char *item, struct ftrace_item *it)
{
	it->negate = *item == '!';
	if (it->negate)
		item++;
	it->glob = strsep(&item, ":");
	it->cmd = strsep(&item, ":");
	it->param = item;
	if (it->cmd && !strcmp(it->cmd, "mod"))
		return it->param ? 0 : -EINVAL;
	return *it->glob ? 0 : -EINVAL;
}
