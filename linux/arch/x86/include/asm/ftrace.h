/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_FTRACE_H
#define _ASM_X86_FTRACE_H

/*
 * gcc -pg -mfentry puts "call __fentry__" (e8 rel32) before the prologue
 * of every traced function.
 */
#define MCOUNT_ADDR		((unsigned long)(__fentry__))
#define MCOUNT_INSN_SIZE	5

#ifndef __ASSEMBLY__
#ifdef CONFIG_FUNCTION_TRACER
void __fentry__(void);
void ftrace_caller(void);
void ftrace_regs_caller(void);
void ftrace_caller_end(void);
/* the call in each trampoline that ftrace_call_target() repoints */
void ftrace_call(void);
void ftrace_regs_call(void);
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
void return_to_handler(void);
void return_to_handler_lean(void);
unsigned long ftrace_return_to_handler(unsigned long retval);
unsigned long ftrace_return_to_handler_lean(void);
#endif

/*
 * Our trampoline lives in core kernel text, which mark_rodata_ro() has
 * already made read-only; there is nothing more to protect.
 */
static inline void set_ftrace_ops_ro(void) { }
#endif /* !__ASSEMBLY__ */

#endif /* _ASM_X86_FTRACE_H */
