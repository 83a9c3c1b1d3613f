// SPDX-License-Identifier: GPL-2.0
/*
 * A module for the trace_printk selftest: every path of trace_printk()
 * and trace_puts(), in a task and in an irq_work, at load and on each
 * write to /sys/module/trace_printk_testmod/parameters/call.
 *   - a constant string alone: __trace_bputs() (bputs)
 *   - a string in a variable alone: __trace_puts() (print)
 *   - a constant format with arguments: __trace_bprintk() (bprint)
 *   - a format in a variable with arguments: __trace_printk() (print)
 */
#include <linux/init.h>
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

/* not static, not const: the compiler must not see them as constants */
char *tp_testmod_str = "tp_testmod: a string in a variable, trace_puts\n";
char *tp_testmod_fmt = "tp_testmod: %s format in a variable, trace_printk %d\n";

static struct irq_work tp_work;
static int tp_round;

static void tp_emit(const char *where)
{
	trace_printk("tp_testmod: a constant string, trace_bputs\n");
	trace_printk(tp_testmod_str);
	trace_printk("tp_testmod: %s constant format, trace_bprintk %d %llx\n",
		     where, tp_round, 0x1234abcdULL);
	trace_printk(tp_testmod_fmt, where, tp_round);
	trace_puts("tp_testmod: trace_puts, constant\n");
}

static void tp_irq(struct irq_work *work)
{
	tp_emit("irq");
}

static void tp_run(void)
{
	tp_round++;
	tp_emit("task");
	irq_work_queue(&tp_work);
	irq_work_sync(&tp_work);
}

static int tp_call(const char *val, const struct kernel_param *kp)
{
	tp_run();
	return 0;
}

static const struct kernel_param_ops tp_call_ops = {
	.set	= tp_call,
};
module_param_cb(call, &tp_call_ops, NULL, 0200);

static int __init tp_init(void)
{
	init_irq_work(&tp_work, tp_irq);
	tp_run();
	return 0;
}

static void __exit tp_exit(void)
{
	irq_work_sync(&tp_work);
}

module_init(tp_init);
module_exit(tp_exit);
MODULE_DESCRIPTION("trace_printk() from a module, for the ftrace selftests");
MODULE_LICENSE("GPL");
