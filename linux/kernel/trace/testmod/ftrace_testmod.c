// SPDX-License-Identifier: GPL-2.0
/*
 * A module for the ftrace selftests: traceable functions that run when
 * the module loads and whenever a number is written to
 * /sys/module/ftrace_testmod/parameters/call; writing 1 to
 * .../parameters/oops dereferences NULL, for the crash-dump test
 * (tests/host/crashdump: an oops, not a panic, calls the die notifier);
 * a write to .../parameters/dump_stack calls trace_dump_stack().
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "ftrace_testmod.h"

static int calls;

noinline int ftrace_testmod_leaf(int x)
{
	calls++;
	return x + 1;
}

noinline int ftrace_testmod_outer(int x)
{
	return ftrace_testmod_leaf(x) * 2;
}

/* the write handler itself, so the module's own call chain is traced */
static int ftrace_testmod_call(const char *val, const struct kernel_param *kp)
{
	int n, ret;

	ret = kstrtoint(val, 0, &n);
	if (ret)
		return ret;
	while (n-- > 0)
		ftrace_testmod_outer(n);
	return 0;
}

static const struct kernel_param_ops call_ops = {
	.set	= ftrace_testmod_call,
	.get	= param_get_int,
};
module_param_cb(call, &call_ops, &calls, 0644);
MODULE_PARM_DESC(call, "write N to call ftrace_testmod_outer() N times");

static int ftrace_testmod_do_oops(const char *val, const struct kernel_param *kp)
{
	int *p = NULL;
	bool on;
	int ret;

	ret = kstrtobool(val, &on);
	if (ret || !on)
		return ret;
	/* a NULL dereference the compiler can neither prove nor drop */
	OPTIMIZER_HIDE_VAR(p);
	return READ_ONCE(*p);
}

static const struct kernel_param_ops oops_ops = {
	.set	= ftrace_testmod_do_oops,
};
module_param_cb(oops, &oops_ops, NULL, 0200);
MODULE_PARM_DESC(oops, "write 1 to oops (a NULL dereference)");

/* trace_dump_stack() from a function of its own, the first frame */
static noinline int ftrace_testmod_dump_stack(const char *val, const struct kernel_param *kp)
{
	trace_dump_stack(0);
	return 0;
}

static const struct kernel_param_ops dump_stack_ops = {
	.set	= ftrace_testmod_dump_stack,
};
module_param_cb(dump_stack, &dump_stack_ops, NULL, 0200);
MODULE_PARM_DESC(dump_stack, "write anything to record the stack with trace_dump_stack()");

static int __init ftrace_testmod_init(void)
{
	ftrace_testmod_outer(0);
	return 0;
}
module_init(ftrace_testmod_init);

static void __exit ftrace_testmod_exit(void)
{
}
module_exit(ftrace_testmod_exit);

MODULE_DESCRIPTION("Traceable functions for the ftrace selftests");
MODULE_LICENSE("GPL");
