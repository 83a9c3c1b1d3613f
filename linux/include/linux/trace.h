/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TRACE_H
#define _LINUX_TRACE_H

/*
 * The trace_array instance API of upstream's tracer.  Ours has a single
 * global buffer and no instances, so there is nothing to declare; the
 * header exists for arch/x86/kernel/trace.c, which includes it.
 */

#endif /* _LINUX_TRACE_H */
