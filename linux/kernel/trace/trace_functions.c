// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer: one event per traced function entry.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/tracefs.h>

#include "trace.h"

/*
 * Set once every site is patched: the sites enabled first would otherwise
 * trace the patching of the rest (text_poke() and friends), which doubles
 * its time and fills the buffer with it.
 */
static bool function_enabled;

static void notrace function_trace_call(unsigned long ip,
					unsigned long parent_ip,
					struct ftrace_ops *op,
					unsigned long *parent)
{
	unsigned int ctx;

	/* options/function-trace 0: the tracer stays, its events stop */
	if (!READ_ONCE(function_enabled) || !(trace_flags & TRACE_ITER_FUNCTION))
		return;
	ctx = tracing_gen_ctx();
	trace_function(ip, parent_ip, ctx);
	/*
	 * A stack per call: costly, so meant for a narrow filter (on every
	 * function it slows the machine to a crawl).
	 */
	if (trace_flags & TRACE_ITER_FUNC_STACK)
		trace_func_stack(ip, ctx);
}

static struct ftrace_ops trace_ops = {
	.func	= function_trace_call,
	.flags	= FTRACE_OPS_FL_GLOBAL_FILTER,
};

/* the option exists only while this is the tracer; its value stays */
static struct dentry *stack_option;

static int function_trace_init(void)
{
	int ret;

	stack_option = trace_create_option("func_stack_trace",
					   TRACE_ITER_FUNC_STACK);
	ret = register_ftrace_function(&trace_ops);
	if (ret) {
		trace_remove_option(stack_option);
		stack_option = NULL;
		return ret;
	}
	WRITE_ONCE(function_enabled, true);
	return 0;
}

static void function_trace_reset(void)
{
	WRITE_ONCE(function_enabled, false);
	unregister_ftrace_function(&trace_ops);
	trace_remove_option(stack_option);
	stack_option = NULL;
}

static struct tracer function_tracer = {
	.name	= "function",
	.init	= function_trace_init,
	.reset	= function_trace_reset,
};

static __init int init_function_trace(void)
{
	return register_tracer(&function_tracer);
}
core_initcall(init_function_trace);
