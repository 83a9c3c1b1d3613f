// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer: one event per traced function entry.
 */
#include <linux/ftrace.h>
#include <linux/init.h>

#include "trace.h"

static void notrace function_trace_call(unsigned long ip,
					unsigned long parent_ip,
					struct ftrace_ops *op,
					unsigned long *parent)
{
	trace_function(ip, parent_ip, tracing_gen_ctx());
}

static struct ftrace_ops trace_ops = {
	.func	= function_trace_call,
	.flags	= FTRACE_OPS_FL_GLOBAL_FILTER,
};

static int function_trace_init(void)
{
	return register_ftrace_function(&trace_ops);
}

static void function_trace_reset(void)
{
	unregister_ftrace_function(&trace_ops);
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
