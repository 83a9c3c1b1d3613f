/* SPDX-License-Identifier: GPL-2.0 */
/* Input for test.sh: a __fentry__ reference that is not a call. */
	.text
	.globl	tail
tail:
	jmp	__fentry__

	.section .note.GNU-stack, "", @progbits
