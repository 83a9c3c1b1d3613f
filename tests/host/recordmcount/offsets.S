/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Input for test.sh: call sites at non-zero offsets in sections that gas
 * gives no section symbol (nothing else refers to them), so recordmcount
 * must use a local symbol (with addend = site - st_value) or add one.
 */
	.section .text.asm_local, "ax", @progbits
	.skip	16, 0x90
	.type	asm_local, @function
asm_local:				/* chosen: local, st_value 16 */
	call	__fentry__
	ret
	.skip	5, 0x90
asm_local2:				/* local NOTYPE, st_value 27 */
	call	__fentry__
	ret

	.section .text.asm_weak, "ax", @progbits
	.skip	8, 0x90
	.weak	asm_weak
	.type	asm_weak, @function
asm_weak:				/* weak only: needs a new symbol */
	call	__fentry__
	ret

	.section .text.asm_global, "ax", @progbits
	.skip	3, 0x90
	.globl	asm_global
	.type	asm_global, @function
asm_global:
	nop
	call	__fentry__
	ret

	/* A COMDAT group: its signature is a global symbol index. */
	.section .text.asm_comdat, "axG", @progbits, asm_comdat, comdat
	.weak	asm_comdat
	.type	asm_comdat, @function
asm_comdat:
	call	__fentry__
	ret

	.section .note.GNU-stack, "", @progbits
