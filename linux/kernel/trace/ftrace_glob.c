// SPDX-License-Identifier: GPL-2.0
/*
 * Shell-style matching of function names against filter patterns.
 *
 * Kept free of kernel headers beyond <linux/types.h> so that
 * tests/host/glob builds it for user space.
 */
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
		lo = hi = *q++;
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
