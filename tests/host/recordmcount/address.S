/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Input for test.sh: __fentry__'s address taken, as call depth tracking's
 * callthunks.c compares with it (R_X86_64_32S, R_X86_64_32, R_X86_64_64,
 * one after an 0xe8 byte), beside one real call: only the call is a site.
 */
	.text
	.globl	uses_address
uses_address:
	call	__fentry__
	cmpq	$__fentry__, %rdi
	movl	$__fentry__, %eax
	movabsq	$__fentry__, %rax
	subl	$__fentry__, %eax
	ret
	.data
	.quad	__fentry__

	.section .note.GNU-stack, "", @progbits
