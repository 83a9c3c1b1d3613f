/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a function-tracing callback is handed besides ip and parent_ip:
 * the registers the trampoline saved, as a struct pt_regs on its stack.
 *
 * ftrace_caller saves what a traced function may still need at entry
 * (the argument registers, %rax, %r10 and %rbp), its stack pointer (at
 * the return address) and its instruction pointer, and leaves cs at 0;
 * ftrace_regs_caller, used at sites some ops with FTRACE_OPS_FL_SAVE_REGS
 * wants, saves all of pt_regs.  Both resume at the saved instruction
 * pointer, which a callback may change (livepatch, kprobes).
 *
 * The 6.12 accessor API: callers use these, never the layout.
 */
#ifndef _LINUX_FTRACE_REGS_H
#define _LINUX_FTRACE_REGS_H

#include <linux/ptrace.h>

struct ftrace_regs {
	/* opaque: use the accessors */
};

struct __arch_ftrace_regs {
	struct pt_regs		regs;
};

#define arch_ftrace_regs(fregs)	((struct __arch_ftrace_regs *)(fregs))
#define ftrace_regs_size()	sizeof(struct __arch_ftrace_regs)

/* the full pt_regs, or NULL if the site went through ftrace_caller */
static __always_inline struct pt_regs *
arch_ftrace_get_regs(struct ftrace_regs *fregs)
{
	return arch_ftrace_regs(fregs)->regs.cs ?
	       &arch_ftrace_regs(fregs)->regs : NULL;
}

static __always_inline struct pt_regs *ftrace_regs_pt(struct ftrace_regs *fregs)
{
	return &arch_ftrace_regs(fregs)->regs;
}

static __always_inline unsigned long
ftrace_regs_get_instruction_pointer(struct ftrace_regs *fregs)
{
	return instruction_pointer(ftrace_regs_pt(fregs));
}

/* where the trampoline returns to: livepatch's redirect */
static __always_inline void
ftrace_regs_set_instruction_pointer(struct ftrace_regs *fregs, unsigned long ip)
{
	ftrace_regs_pt(fregs)->ip = ip;
}

static __always_inline unsigned long
ftrace_regs_get_argument(struct ftrace_regs *fregs, unsigned int n)
{
	return regs_get_kernel_argument(ftrace_regs_pt(fregs), n);
}

/* at the traced function's return address */
static __always_inline unsigned long
ftrace_regs_get_stack_pointer(struct ftrace_regs *fregs)
{
	return kernel_stack_pointer(ftrace_regs_pt(fregs));
}

static __always_inline unsigned long
ftrace_regs_get_frame_pointer(struct ftrace_regs *fregs)
{
	return frame_pointer(ftrace_regs_pt(fregs));
}

static __always_inline unsigned long
ftrace_regs_get_return_value(struct ftrace_regs *fregs)
{
	return regs_return_value(ftrace_regs_pt(fregs));
}

static __always_inline void
ftrace_regs_set_return_value(struct ftrace_regs *fregs, unsigned long ret)
{
	regs_set_return_value(ftrace_regs_pt(fregs), ret);
}

#define ftrace_override_function_with_return(fregs) \
	override_function_with_return(ftrace_regs_pt(fregs))
#define ftrace_regs_query_register_offset(name) \
	regs_query_register_offset(name)

/*
 * Have ftrace_regs_caller call @addr as the site would have, instead of
 * returning to the function (a direct ops sharing its function).
 */
static __always_inline void
arch_ftrace_set_direct_caller(struct ftrace_regs *fregs, unsigned long addr)
{
	ftrace_regs_pt(fregs)->orig_ax = addr;
}

/* ftrace_caller's pt_regs is partial, but it has the arguments */
static __always_inline bool ftrace_regs_has_args(struct ftrace_regs *fregs)
{
	return true;
}

#endif /* _LINUX_FTRACE_REGS_H */
