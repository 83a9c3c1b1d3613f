/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KERNEL_TRACE_FTRACE_GLOB_H
#define _KERNEL_TRACE_FTRACE_GLOB_H

#include <linux/types.h>

bool ftrace_glob_match(const char *pat, const char *str);
bool ftrace_glob_is_pattern(const char *pat);

/* one item of a set_ftrace_filter write, split by ftrace_split_item() */
struct ftrace_item {
	bool	negate;		/* leading '!' */
	char	*glob;
	char	*cmd;		/* NULL: plain glob */
	char	*param;		/* NULL: no second ':' */
};

int ftrace_split_item(char *item, struct ftrace_item *it);

#endif /* _KERNEL_TRACE_FTRACE_GLOB_H */
