// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace_glob_match() against the C library's fnmatch(3), which matches
 * as a shell does, on fixed cases and on random patterns.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../linux/kernel/trace/ftrace_glob.h"

static int fails, checks;

static void expect(const char *pat, const char *str, int want)
{
	int got = ftrace_glob_match(pat, str);

	checks++;
	if (got != want) {
		fails++;
		printf("not ok - match(\"%s\", \"%s\") = %d, want %d\n",
		       pat, str, got, want);
	}
}

/* fnmatch treats "[^" like "[!" in glibc; both are what a shell does */
static void versus_fnmatch(const char *pat, const char *str)
{
	expect(pat, str, fnmatch(pat, str, 0) == 0);
}

int main(void)
{
	static const char alpha[] = "ab_*?[]!^-\\";
	static const char *cases[][3] = {
		/* the article's forms */
		{ "sched*", "schedule", "1" }, { "sched*", "xsched", "0" },
		{ "*lock", "spin_lock", "1" }, { "*lock", "spin_lock_irq", "0" },
		{ "*spin*", "raw_spin_lock", "1" }, { "*spin*", "spi", "0" },
		{ "schedule", "schedule", "1" }, { "schedule", "schedule_tail", "0" },
		/* beyond mainline's simple parser */
		{ "sys_*_read", "sys_pread", "0" }, { "vfs_*_read", "vfs_iter_read", "1" },
		{ "do_*_*", "do_sys_open", "1" }, { "do_*_*", "do_fork", "0" },
		{ "?fs_read", "vfs_read", "1" }, { "?fs_read", "fs_read", "0" },
		{ "vfs_[rw]*", "vfs_read", "1" }, { "vfs_[rw]*", "vfs_write", "1" },
		{ "vfs_[rw]*", "vfs_open", "0" }, { "vfs_[!rw]*", "vfs_open", "1" },
		{ "vfs_[^rw]*", "vfs_read", "0" }, { "cpu[0-9]", "cpu7", "1" },
		{ "cpu[0-9]", "cpux", "0" }, { "a\\*b", "a*b", "1" }, { "a\\*b", "axb", "0" },
		{ "[]x]", "]", "1" }, { "[!]x]", "]", "0" }, { "a[b", "a[b", "1" },
		{ "*", "", "1" }, { "", "", "1" }, { "", "a", "0" }, { "**a**", "a", "1" },
		{ "*a*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "0" },
	};
	char pat[16], str[16];
	unsigned int i, j;
	int k;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		expect(cases[i][0], cases[i][1], cases[i][2][0] == '1');
	printf("%s - %u fixed cases\n", fails ? "not ok" : "ok",
	       (unsigned int)(sizeof(cases) / sizeof(cases[0])));

	k = fails;
	srand(1);
	for (i = 0; i < 200000; i++) {
		unsigned int pl = rand() % 8, sl = rand() % 8;

		for (j = 0; j < pl; j++)
			pat[j] = alpha[rand() % (sizeof(alpha) - 1)];
		pat[pl] = 0;
		for (j = 0; j < sl; j++)
			str[j] = "ab_[]!-"[rand() % 7];
		str[sl] = 0;
		/* skip patterns ending in a lone backslash: undefined in both */
		if (pl && pat[pl - 1] == '\\')
			continue;
		versus_fnmatch(pat, str);
	}
	printf("%s - random patterns agree with fnmatch(3)\n",
	       fails > k ? "not ok" : "ok");
	printf("%s - is_pattern\n",
	       ftrace_glob_is_pattern("a*") && !ftrace_glob_is_pattern("vfs_read") &&
	       ftrace_glob_is_pattern("a[b]") ? "ok" : "not ok");
	printf("# %d checks, %d failed\n", checks, fails);
	return fails != 0;
}
