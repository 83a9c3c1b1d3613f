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
#include <asm/ptrace-abi.h>
#include <asm/segment.h>
#include <asm/asm.h>
#include <asm/unwind_hints.h>
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
 * The call at ftrace_call (ftrace_regs_call) goes to ftrace_dispatch, or
 * straight to the callback of the only ops while it needs no help of the
 * dispatcher (kernel/trace/ftrace.c says when), with function_trace_op as
 * its ops argument.
 *
 * The callbacks get a struct pt_regs on our stack (<linux/ftrace_regs.h>):
 * ip is F+5, sp points at F's return address, as at F's first
 * instruction.  On the way out, whatever ip a callback left there is
 * where we return to: F+5 unless livepatch or a kprobe redirected it.
 *
 * With frame pointers, two frame records are built so that an unwind from
 * the callback sees ... <- F's caller <- F <- ftrace_caller <- callback: F
 * has not pushed its own frame yet, so one is made for it.  ORC needs no
 * frames (objtool describes every push), and objtool could not follow the
 * second %rbp frame, so they exist only with CONFIG_FRAME_POINTER.
 *
 * \added: bytes pushed before the frames (ftrace_regs_caller's flags).
 */
#ifdef CONFIG_FRAME_POINTER
#define FTRACE_FRAMES	(4*8)
#else
#define FTRACE_FRAMES	0
#endif

/* where F+5 is, once the frames and pt_regs are on the stack */
#define FTRACE_RET(added)	(FRAME_SIZE + FTRACE_FRAMES + (added))

.macro ftrace_save_args added
#ifdef CONFIG_FRAME_POINTER
	/* frame for F: return address into F's caller */
	pushq	\added+8(%rsp)
	pushq	%rbp
	movq	%rsp, %rbp
	/* frame for us: return address into F */
	pushq	\added+2*8(%rsp)
	pushq	%rbp
	movq	%rsp, %rbp
#endif
	subq	$FRAME_SIZE, %rsp
	/* argument and scratch registers F may still need */
	movq	%rax, RAX(%rsp)
	movq	%rcx, RCX(%rsp)
	movq	%rdx, RDX(%rsp)
	movq	%rsi, RSI(%rsp)
	movq	%rdi, RDI(%rsp)
	movq	%r8, R8(%rsp)
	movq	%r9, R9(%rsp)
	movq	%r10, R10(%rsp)
	/* F's %rbp: under our frames if we built them */
#ifdef CONFIG_FRAME_POINTER
	movq	FRAME_SIZE+2*8(%rsp), %rdx
	movq	%rdx, RBP(%rsp)
#else
	movq	%rbp, RBP(%rsp)
#endif
	/* func(site, F's return address, function_trace_op, regs) */
	movq	FTRACE_RET(\added)(%rsp), %rdi
	movq	%rdi, RIP(%rsp)
	subq	$MCOUNT_INSN_SIZE, %rdi
	movq	FTRACE_RET(\added)+8(%rsp), %rsi
	leaq	FTRACE_RET(\added)+8(%rsp), %rdx
	movq	%rdx, RSP(%rsp)
	movq	function_trace_op(%rip), %rdx
	movq	%rsp, %rcx
.endm

/* the registers ftrace_save_args saved; %rsp still at pt_regs */
.macro ftrace_restore_regs
	movq	R10(%rsp), %r10
	movq	R9(%rsp), %r9
	movq	R8(%rsp), %r8
	movq	RDI(%rsp), %rdi
	movq	RSI(%rsp), %rsi
	movq	RDX(%rsp), %rdx
	movq	RCX(%rsp), %rcx
	movq	RAX(%rsp), %rax
#ifndef CONFIG_FRAME_POINTER
	/* the same value: it tells objtool (ORC) that %rbp is back */
	movq	RBP(%rsp), %rbp
#endif
.endm

/* drop pt_regs and the frames: lea, so the flags stay as they are */
.macro ftrace_drop_frames
	leaq	FRAME_SIZE(%rsp), %rsp
#ifdef CONFIG_FRAME_POINTER
	popq	%rbp
	leaq	8(%rsp), %rsp
	popq	%rbp
	leaq	8(%rsp), %rsp
#endif
.endm

.macro ftrace_restore_args added
	/* go where the callbacks left ip */
	movq	RIP(%rsp), %rax
	movq	%rax, FTRACE_RET(\added)(%rsp)
	ftrace_restore_regs
	ftrace_drop_frames
.endm

SYM_FUNC_START(ftrace_caller)
	CALL_DEPTH_ACCOUNT
	ftrace_save_args 0
	/* no full pt_regs: arch_ftrace_get_regs() says NULL */
	movq	$0, CS(%rsp)
	/* ftrace_dispatch, or the only ops' callback: see ftrace_call_direct() */
SYM_INNER_LABEL(ftrace_call, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR	/* only patched, never called */
	call	ftrace_dispatch
	ftrace_restore_args 0
	RET
SYM_FUNC_END(ftrace_caller)
/* the fake frame for F is deliberate: objtool, do not flag it */
STACK_FRAME_NON_STANDARD_FP(ftrace_caller)
_ASM_NOKPROBE(ftrace_caller)

/*
 * The same with all of pt_regs, for sites an FTRACE_OPS_FL_SAVE_REGS ops
 * wants (kprobes): flags first, as the caller had them, and every
 * register a callback may read or change comes back from pt_regs.
 */
SYM_FUNC_START(ftrace_regs_caller)
	pushfq
	CALL_DEPTH_ACCOUNT
	ftrace_save_args 8
	movq	%rbx, RBX(%rsp)
	movq	%r11, R11(%rsp)
	movq	%r12, R12(%rsp)
	movq	%r13, R13(%rsp)
	movq	%r14, R14(%rsp)
	movq	%r15, R15(%rsp)
	movq	FTRACE_RET(0)(%rsp), %rcx
	movq	%rcx, EFLAGS(%rsp)
	movq	$__KERNEL_CS, CS(%rsp)
	movq	$__KERNEL_DS, SS(%rsp)
	movq	$0, ORIG_RAX(%rsp)
	movq	%rsp, %rcx
SYM_INNER_LABEL(ftrace_regs_call, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR	/* only patched, never called */
	call	ftrace_dispatch
	movq	R15(%rsp), %r15
	movq	R14(%rsp), %r14
	movq	R13(%rsp), %r13
	movq	R12(%rsp), %r12
	movq	R11(%rsp), %r11
	movq	RBX(%rsp), %rbx
	/* a direct ops asked for its trampoline: see below */
	movq	ORIG_RAX(%rsp), %rax
	testq	%rax, %rax
	jnz	.Lftrace_direct
	movq	EFLAGS(%rsp), %rax
	movq	%rax, FTRACE_RET(0)(%rsp)
	ftrace_restore_args 8
	popfq
	RET

	/*
	 * Call the direct trampoline as the site would have: its address
	 * where the flags were, so that once every register and the flags
	 * are back, RET goes there with F+5
	 * as its return address and F's above it.  RET, with its return
	 * thunk: the jump is not to where a call came from, but the thunk
	 * only needs the address on the stack.
	 */
.Lftrace_direct:
	movq	%rax, FTRACE_RET(0)(%rsp)
	ftrace_restore_regs
	pushq	EFLAGS(%rsp)
	popfq
	ftrace_drop_frames
	/* a call of the trampoline: it starts as a function does */
	UNWIND_HINT_FUNC
	RET
SYM_FUNC_END(ftrace_regs_caller)
STACK_FRAME_NON_STANDARD_FP(ftrace_regs_caller)
_ASM_NOKPROBE(ftrace_regs_caller)

/* A direct trampoline that does nothing, for users to start from (BPF). */
SYM_FUNC_START(ftrace_stub_direct_tramp)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(ftrace_stub_direct_tramp)

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * A traced function whose return address the graph tracer swapped
 * returns here.  Keep its return values, let the tracer record the exit
 * (with %rax, the return value) and give back the real return address, and go there with RET (an
 * indirect jmp would need an ENDBR at a return address under IBT); RET,
 * not a bare ret, so the retbleed/SRSO return thunk applies here too.
 * The graph tracer's lean frames (kernel/trace/fgraph.c) return through
 * return_to_handler_lean, to their own pop.
 */
.macro graph_return_stub name, handler
SYM_CODE_START(\name)
	UNWIND_HINT_UNDEFINED
	ANNOTATE_NOENDBR
	subq	$3*8, %rsp
	movq	%rax, (%rsp)
	movq	%rdx, 8(%rsp)
	movq	%rax, %rdi
	call	\handler
	movq	%rax, 2*8(%rsp)
	movq	8(%rsp), %rdx
	movq	(%rsp), %rax
	addq	$2*8, %rsp
	RET
SYM_CODE_END(\name)
.endm

graph_return_stub return_to_handler, ftrace_return_to_handler
graph_return_stub return_to_handler_lean, ftrace_return_to_handler_lean
#endif
