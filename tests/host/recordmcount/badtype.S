/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Input for test.sh: an e8 byte followed by an absolute __fentry__: its
 * address, not a call (no site).
 */
	.text
	.globl	odd
odd:
	.byte	0xe8
	.long	__fentry__

	.section .note.GNU-stack, "", @progbits
