// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for ftrace_glob_match() and ftrace_glob_is_pattern()
 * in linux/kernel/trace/ftrace_glob.c.
 *
 * Input: PATTERN NUL STRING (STRING empty without a NUL; the rest after a
 * second NUL is ignored).  Built with -funsigned-char, as the kernel is.
 *
 * Checks, for every input (no crash, no out-of-bounds read: ASan):
 *  - a pattern without metacharacters (!is_pattern) matches only itself;
 *  - STRING with every metacharacter escaped matches STRING only, and
 *    followed by "*" matches STRING followed by anything;
 *  - "*" PATTERN matches whatever PATTERN matches, with anything before;
 *  - the result equals fnmatch(PATTERN, STRING, 0) == 0 (C locale) unless
 *    PATTERN has one of the three things where they are known to differ:
 *    a trailing lone '\' (undefined in both), "[:", "[=" or "[." in a
 *    bracket (POSIX classes: fnmatch only), or an unterminated bracket
 *    ending in a dangling range "[a-" (fnmatch fails the match, ftrace
 *    takes the '[' literally, as both do for any other unterminated
 *    bracket).  Everything else is compared, beyond glob_test.c's
 *    alphabet: any byte, reversed ranges, '^' and '!' negation, escapes
 *    in brackets.  (Built with -fsigned-char instead, ranges with bytes
 *    >= 0x80 would differ: ftrace compares chars.)
 */
#include <fnmatch.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ftrace_glob.h"

#define MAXLEN	64

static void __attribute__((noreturn))
fail(const char *what, const char *pat, const char *str)
{
	fprintf(stderr, "fuzz_glob: %s: pattern \"%s\" string \"%s\"\n", what,
		pat, str);
	abort();
}

static bool meta(char c)
{
	return c == '*' || c == '?' || c == '[' || c == '\\';
}

/* "[:", "[=" or "[." in a bracket: a POSIX class, fnmatch only */
static bool posix_class(const char *q)
{
	return q[0] == '[' && (q[1] == ':' || q[1] == '=' || q[1] == '.');
}

/*
 * true if fnmatch(3) and ftrace are expected to agree on @p: walks the
 * pattern as ftrace does and refuses what is outside the common part.
 */
static bool comparable(const char *p)
{
	for (; *p; p++) {
		const char *q;
		bool first = true;

		if (*p == '\\') {
			if (!p[1])
				return false;
			p++;
			continue;
		}
		if (*p != '[')
			continue;
		/* a bracket expression: check what is inside it */
		q = p + 1;
		if (*q == '!' || *q == '^')
			q++;
		while (*q && (*q != ']' || first)) {
			first = false;
			if (posix_class(q))
				return false;
			if (*q == '\\' && q[1])
				q++;
			q++;
			if (q[0] == '-' && q[1] && q[1] != ']') {
				q++;
				if (posix_class(q))
					return false;
				if (*q == '\\' && q[1])
					q++;
				q++;
			}
		}
		if (*q == ']')
			p = q;
		else if (q[-1] == '-')
			return false;	/* "[a-" at the end: see above */
		/* else the '[' is literal, and so is what follows */
	}
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char pat[MAXLEN + 1], str[MAXLEN + 1], esc[2 * MAXLEN + 2];
	char any[2 * MAXLEN + 3], longer[MAXLEN + 3];
	const uint8_t *nul = memchr(data, 0, size);
	size_t pl = nul ? (size_t)(nul - data) : size, sl, i, e = 0;
	bool m;

	if (pl > MAXLEN)
		return -1;
	memcpy(pat, data, pl);
	pat[pl] = 0;
	sl = nul ? strnlen((const char *)nul + 1, size - pl - 1) : 0;
	if (sl > MAXLEN)
		return -1;
	if (sl)
		memcpy(str, nul + 1, sl);
	str[sl] = 0;

	m = ftrace_glob_match(pat, str);
	if (!ftrace_glob_is_pattern(pat) && m != !strcmp(pat, str))
		fail("plain name matches another", pat, str);

	for (i = 0; i < sl; i++) {
		if (meta(str[i]))
			esc[e++] = '\\';
		esc[e++] = str[i];
	}
	esc[e] = 0;
	if (!ftrace_glob_match(esc, str))
		fail("escaped string does not match itself", esc, str);
	snprintf(any, sizeof(any), "%s*", esc);
	snprintf(longer, sizeof(longer), "%sx%c", str, 0xa5);
	if (!ftrace_glob_match(any, longer))
		fail("escaped prefix + '*' does not match", any, longer);
	if (sl && ftrace_glob_match(esc, longer))
		fail("escaped string matches a longer one", esc, longer);

	snprintf(any, sizeof(any), "*%s", pat);
	snprintf(longer, sizeof(longer), "x%s", str);
	if (m && !ftrace_glob_match(any, longer))
		fail("'*' + pattern does not match what pattern does", any,
		     longer);

	if (comparable(pat) && m != !fnmatch(pat, str, 0))
		fail(m ? "matches, fnmatch does not" :
			 "does not match, fnmatch does", pat, str);
	return 0;
}
