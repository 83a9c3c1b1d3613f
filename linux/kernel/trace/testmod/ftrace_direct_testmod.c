// SPDX-License-Identifier: GPL-2.0
/*
 * Direct calls for the ftrace selftests: two trampolines of our own that
 * count the calls of ftrace_direct_testmod_target() and note its
 * argument.  /sys/module/ftrace_direct_testmod/parameters/:
 *	call	write N: call the target N times
 *	direct	write 1 or 2: have the target call trampoline 1 or 2
 *		(register_ftrace_direct(), then modify_ftrace_direct()),
 *		0: unregister_ftrace_direct(); reads what was written last
 *	hits1, hits2, last_arg: what the trampolines saw
 * Builds against mainline too (with ftrace_testmod.h, as an external
 * module of bench/anchor.sh's tree): it behaves the same there.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <asm/asm.h>
#include <asm/nospec-branch.h>

#include "ftrace_testmod.h"

static unsigned int hits1, hits2;
static int last_arg;
module_param(hits1, uint, 0444);
module_param(hits2, uint, 0444);
module_param(last_arg, int, 0444);

/* its result is kept (call_set()), so that gcc cannot drop the call */
noinline int ftrace_direct_testmod_target(int x)
{
	return x * 3;
}

/* called by the trampolines with the target's first argument */
void ftrace_direct_testmod_hit1(int x)
{
	hits1++;
	last_arg = x;
}

void ftrace_direct_testmod_hit2(int x)
{
	hits2++;
	last_arg = x;
}

/*
 * Entered from the target's first instruction as "call tramp": keep the
 * argument registers, call the counter, return into the target.
 */
#define DIRECT_TRAMP(n)							\
	asm(".pushsection .text, \"ax\", @progbits\n"			\
	    ".type ftrace_direct_testmod_tramp" #n ", @function\n"	\
	    ".globl ftrace_direct_testmod_tramp" #n "\n"		\
	    "ftrace_direct_testmod_tramp" #n ":\n"			\
	    ASM_ENDBR							\
	    "	pushq %rbp\n"						\
	    "	movq %rsp, %rbp\n"					\
	    CALL_DEPTH_ACCOUNT						\
	    "	pushq %rdi\n"						\
	    "	call ftrace_direct_testmod_hit" #n "\n"			\
	    "	popq %rdi\n"						\
	    "	leave\n"						\
	    ASM_RET							\
	    ".size ftrace_direct_testmod_tramp" #n ", .-ftrace_direct_testmod_tramp" #n "\n" \
	    ".popsection\n")

DIRECT_TRAMP(1);
DIRECT_TRAMP(2);

static struct ftrace_ops direct_ops;
static int direct;

static unsigned long direct_tramp(int n)
{
	return n == 1 ? (unsigned long)ftrace_direct_testmod_tramp1 :
	       n == 2 ? (unsigned long)ftrace_direct_testmod_tramp2 : 0;
}

static int direct_set(const char *val, const struct kernel_param *kp)
{
	int n, ret;

	ret = kstrtoint(val, 0, &n);
	if (ret)
		return ret;
	if (n < 0 || n > 2)
		return -EINVAL;
	if (!n)
		/* the filter stays for the next registration, as BPF does */
		ret = direct ? unregister_ftrace_direct(&direct_ops,
							direct_tramp(direct), false) : 0;
	else if (direct)
		ret = modify_ftrace_direct(&direct_ops, direct_tramp(n));
	else
		ret = ftrace_set_filter_ip(&direct_ops,
					   (unsigned long)ftrace_direct_testmod_target,
					   0, 0) ?:
		      register_ftrace_direct(&direct_ops, direct_tramp(n));
	if (!ret)
		direct = n;
	return ret;
}

static const struct kernel_param_ops direct_param_ops = {
	.set	= direct_set,
	.get	= param_get_int,
};
module_param_cb(direct, &direct_param_ops, &direct, 0644);
MODULE_PARM_DESC(direct, "1 or 2: the target calls trampoline 1 or 2; 0: nothing");

static int sum;

static int call_set(const char *val, const struct kernel_param *kp)
{
	int n, ret;

	ret = kstrtoint(val, 0, &n);
	if (ret)
		return ret;
	while (n-- > 0)
		WRITE_ONCE(sum, sum + ftrace_direct_testmod_target(n));
	return 0;
}

static const struct kernel_param_ops call_ops = {
	.set	= call_set,
	.get	= param_get_int,
};

static int calls;
module_param_cb(call, &call_ops, &calls, 0644);
MODULE_PARM_DESC(call, "write N to call ftrace_direct_testmod_target() N times");

static void __exit ftrace_direct_testmod_exit(void)
{
	if (direct)
		unregister_ftrace_direct(&direct_ops, direct_tramp(direct), true);
	else
		ftrace_free_filter(&direct_ops);
}

static int __init ftrace_direct_testmod_init(void)
{
	return 0;
}

module_init(ftrace_direct_testmod_init);
module_exit(ftrace_direct_testmod_exit);
MODULE_DESCRIPTION("direct calls for the ftrace selftests");
MODULE_LICENSE("GPL");
