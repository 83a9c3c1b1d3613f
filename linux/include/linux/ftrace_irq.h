/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FTRACE_IRQ_H
#define _LINUX_FTRACE_IRQ_H

/*
 * nmi_enter()/nmi_exit() hooks.  Our tracer needs no NMI notification:
 * the ring buffer handles NMI nesting by itself.
 */
static inline void ftrace_nmi_enter(void) { }
static inline void ftrace_nmi_exit(void) { }

#endif /* _LINUX_FTRACE_IRQ_H */
