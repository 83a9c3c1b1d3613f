/* SPDX-License-Identifier: GPL-2.0 */
/* Input for test.sh: minimal runtime for the -nostdlib test program. */
	.text
	.globl	__fentry__
	.type	__fentry__, @function
__fentry__:
	ret
	.size	__fentry__, . - __fentry__

	.globl	_start
	.type	_start, @function
_start:
	call	prog_main
	movl	%eax, %edi
	movl	$60, %eax		/* exit(prog_main()) */
	syscall
	hlt
	.size	_start, . - _start

	.section .note.GNU-stack, "", @progbits
