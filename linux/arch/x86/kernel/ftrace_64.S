/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Entry points of the function tracer.
 *
 * Every function compiled with -pg -mfentry starts with "call __fentry__".
 * Boot turns those calls into NOPs; enabling tracing on a function turns
 * its NOP into "call ftrace_caller".
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <linux/objtool.h>
#include <asm/nospec-branch.h>
#include <asm/ftrace.h>

	.code64
	.section .text, "ax"

/* Reached only before boot has NOPed the sites: do nothing. */
SYM_FUNC_START(__fentry__)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(__fentry__)
EXPORT_SYMBOL(__fentry__)

/*
 * Called from the first instruction of a traced function F, before its
 * prologue: 0(%rsp) is F+5, 8(%rsp) is F's return address into its
 * caller.  F's argument registers must survive.
 *
 * With frame pointers, two frame records are built so that an unwind from
 * the callback sees ... <- F's caller <- F <- ftrace_caller <- callback: F
 * has not pushed its own frame yet, so one is made for it.  ORC needs no
 * frames (objtool describes every push), and objtool could not follow the
 * second %rbp frame, so they exist only with CONFIG_FRAME_POINTER.
 */
#ifdef CONFIG_FRAME_POINTER
#define FTRACE_FRAMES	(4*8)
#else
#define FTRACE_FRAMES	0
#endif
/* what the entry's 0(%rsp) is once the frames and 8 registers are pushed */
#define FTRACE_ENTRY_SP	(FTRACE_FRAMES + 8*8)

SYM_FUNC_START(ftrace_caller)
	CALL_DEPTH_ACCOUNT

#ifdef CONFIG_FRAME_POINTER
	/* frame for F: return address into F's caller */
	pushq	8(%rsp)
	pushq	%rbp
	movq	%rsp, %rbp
	/* frame for us: return address into F */
	pushq	2*8(%rsp)
	pushq	%rbp
	movq	%rsp, %rbp
#endif

	/* argument and scratch registers F may still need */
	pushq	%rax
	pushq	%rcx
	pushq	%rdx
	pushq	%rsi
	pushq	%rdi
	pushq	%r8
	pushq	%r9
	pushq	%r10

	/* ftrace_dispatch(ip of the call site, &F's return address) */
	movq	FTRACE_ENTRY_SP(%rsp), %rdi
	subq	$MCOUNT_INSN_SIZE, %rdi
	leaq	FTRACE_ENTRY_SP+8(%rsp), %rsi
	call	ftrace_dispatch

	popq	%r10
	popq	%r9
	popq	%r8
	popq	%rdi
	popq	%rsi
	popq	%rdx
	popq	%rcx
	popq	%rax

#ifdef CONFIG_FRAME_POINTER
	popq	%rbp
	addq	$8, %rsp
	popq	%rbp
	addq	$8, %rsp
#endif
	RET
SYM_FUNC_END(ftrace_caller)
/* the fake frame for F is deliberate: objtool, do not flag it */
STACK_FRAME_NON_STANDARD_FP(ftrace_caller)

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * A traced function whose return address the graph tracer swapped
 * returns here.  Keep its return values, let the tracer record the exit
 * (with %rax, the return value) and give back the real return address, and go there with RET (an
 * indirect jmp would need an ENDBR at a return address under IBT); RET,
 * not a bare ret, so the retbleed/SRSO return thunk applies here too.
 */
SYM_CODE_START(return_to_handler)
	UNWIND_HINT_UNDEFINED
	ANNOTATE_NOENDBR
	subq	$3*8, %rsp
	movq	%rax, (%rsp)
	movq	%rdx, 8(%rsp)
	movq	%rax, %rdi
	call	ftrace_return_to_handler
	movq	%rax, 2*8(%rsp)
	movq	8(%rsp), %rdx
	movq	(%rsp), %rax
	addq	$2*8, %rsp
	RET
SYM_CODE_END(return_to_handler)
#endif
