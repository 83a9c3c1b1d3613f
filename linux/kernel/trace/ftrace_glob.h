/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KERNEL_TRACE_FTRACE_GLOB_H
#define _KERNEL_TRACE_FTRACE_GLOB_H

#include <linux/types.h>

bool ftrace_glob_match(const char *pat, const char *str);
bool ftrace_glob_is_pattern(const char *pat);

#endif /* _KERNEL_TRACE_FTRACE_GLOB_H */
