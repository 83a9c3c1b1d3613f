// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer: one event per traced function entry, into the
 * buffer of the trace array it runs in (the top level or an instance).
 *
 * Locking: init and reset run under trace_types_lock.  The callback takes
 * no lock; its state is freed only after unregister_ftrace_function(),
 * which waits until no callback runs.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/trace.h>
#include <linux/trace_recursion.h>
#include <linux/tracefs.h>

#include "ring_buffer_write.h"
#include "trace.h"

/* the tracer in one trace array */
struct func_trace {
	struct ftrace_ops	ops;
	struct trace_array	*tr;
	/* an instance's set_ftrace_pid lists (the top level's gate the dispatch) */
	struct pid_lists	*pids;
	/*
	 * Set once every site is patched: the sites enabled first would
	 * otherwise trace the patching of the rest (text_poke() and
	 * friends), which doubles its time and fills the buffer with it.
	 */
	bool			enabled;
};

/* one function event, inline in the callback */
static __always_inline void trace_function(struct trace_buffer *b, unsigned long ip,
					   unsigned long parent_ip, unsigned int trace_ctx)
{
	struct ftrace_entry *entry;
	struct rb_cpu *cb;

	entry = ring_buffer_reserve_inline(b, sizeof(*entry), NULL, 0, &cb);
	if (!entry)
		return;
	trace_entry_init(&entry->ent, TRACE_FN, trace_ctx);
	entry->ip = ip;
	entry->parent_ip = parent_ip;
	if (static_branch_unlikely(&trace_function_exports))
		trace_exports(entry, sizeof(*entry), TRACE_EXPORT_FUNCTION);
	ring_buffer_commit_inline(b, cb);
}

static void notrace function_trace_call(unsigned long ip,
					unsigned long parent_ip,
					struct ftrace_ops *op,
					struct ftrace_regs *fregs)
{
	struct func_trace *ft = container_of(op, struct func_trace, ops);
	struct trace_array *tr = ft->tr;
	unsigned long flags;
	unsigned int ctx;
	int bit;

	/* called from the trampoline while it is the only ops: see ftrace.h */
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	flags = READ_ONCE(tr->trace_flags);
	/* options/function-trace 0: the tracer stays, its events stop */
	if (!READ_ONCE(ft->enabled) || !(flags & TRACE_ITER_FUNCTION))
		goto out;
	if (ft->pids ? !ftrace_pid_allowed_in(ft->pids) : !ftrace_pid_allowed())
		goto out;
	ctx = trace_ctx_now_dec();
	trace_function(READ_ONCE(tr->buffer), ip, parent_ip, ctx);
	/*
	 * A stack per call: costly, so meant for a narrow filter (on every
	 * function it slows the machine to a crawl).
	 */
	if (flags & TRACE_ITER_FUNC_STACK)
		trace_func_stack(READ_ONCE(tr->buffer), ip, ctx);
out:
	ftrace_test_recursion_unlock(bit);
}

static int function_trace_init(struct trace_array *tr)
{
	struct func_trace *ft;
	int ret;

	ft = kzalloc(sizeof(*ft), GFP_KERNEL);
	if (!ft)
		return -ENOMEM;
	ft->tr = tr;
	ft->ops.func = function_trace_call;
	/* the array's set_ftrace_filter/notrace choose; set_ftrace_pid too at the top */
	if (!tr->name)
		ft->ops.flags = FTRACE_OPS_FL_GLOBAL_FILTER;
	else
		ft->ops.hash_owner = tr->filter_ops;
	ft->pids = trace_array_pids(tr);
	ret = register_ftrace_function(&ft->ops);
	if (ret) {
		kfree(ft);
		return ret;
	}
	WRITE_ONCE(ft->enabled, true);
	tr->tracer_data = ft;
	return 0;
}

static void function_trace_reset(struct trace_array *tr)
{
	struct func_trace *ft = tr->tracer_data;

	WRITE_ONCE(ft->enabled, false);
	unregister_ftrace_function(&ft->ops);
	tr->tracer_data = NULL;
	kfree(ft);
}

static struct tracer function_tracer = {
	.name		= "function",
	.instances	= true,
	.init		= function_trace_init,
	.reset		= function_trace_reset,
	.opts		= TRACE_ITER_FUNC_STACK,
};

static __init int init_function_trace(void)
{
	/* in every array whatever its tracer, as mainline's */
	trace_add_option("func_stack_trace", TRACE_ITER_FUNC_STACK);
	return register_tracer(&function_tracer);
}
core_initcall(init_function_trace);
