// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph tracer: function entry and exit, with durations, in
 * any trace array (the top level and instances, each with its own
 * set_ftrace_filter, set_graph_function and pid lists).
 *
 * It is a user of the shadow stack (fgraph.c), which hooks the returns.
 * The entry event is written lazily: a function that returns before
 * calling anything traced becomes one "leaf" event (func();), otherwise
 * its entry is written when its first child is, and its exit is a return
 * event.  So the output needs no look-ahead and events stay in time order
 * per CPU.
 *
 * Locking: init, reset and update (tracer_update()) run under
 * trace_types_lock; fgraph.c calls the callbacks without locks and waits
 * for them before reset frees the user.  The graph lists are the array's,
 * replaced whole by ftrace_filter.c under trace_types_lock and read by the
 * callbacks with preemption off.
 */
#include <linux/err.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "fgraph.h"
#include "ftrace_internal.h"
#include "ring_buffer_write.h"
#include "trace.h"

/* the tracer in one trace array */
struct graph_trace {
	struct fgraph_user	user;
	struct trace_array	*tr;
};

static int max_graph_depth;

static struct trace_array *user_tr(struct fgraph_user *u)
{
	return container_of(u, struct graph_trace, user)->tr;
}

/*
 * What the tracer makes of a call (FGRAPH_* flags), asked only while
 * set_graph_function, set_graph_notrace, max_graph_depth or funcgraph-irqs
 * 0 may say no (graph_trace_update()); otherwise fgraph takes every call.
 */
static unsigned int notrace graph_trace_entry(struct fgraph_user *u,
					      unsigned long func,
					      const struct fgraph_counts *cnt)
{
	struct trace_array *tr = user_tr(u);
	struct ftrace_hash *gfunc;
	unsigned int flags = 0;
	bool irq_off;

	if (cnt->hidden)
		return 0;
	/*
	 * funcgraph-irqs off hides hardirqs (NMIs too), but not the calls
	 * under a set_graph_function root entered in one: as mainline 6.12.
	 */
	irq_off = !(READ_ONCE(tr->trace_flags) & TRACE_ITER_GRAPH_IRQS) &&
		  in_hardirq() && !cnt->irq_roots;
	if (ftrace_hash_has(rcu_dereference_raw(tr->graph_notrace_hash), func))
		return irq_off ? 0 : FGRAPH_HIDE;
	gfunc = rcu_dereference_raw(tr->graph_hash);
	if (ftrace_hash_has(gfunc, func))
		flags |= FGRAPH_ROOT;
	else if (irq_off || (gfunc && gfunc->count && !cnt->roots))
		return 0;
	if (max_graph_depth && cnt->depth >= max_graph_depth)
		return 0;
	return flags | FGRAPH_TAKE;
}

/*
 * A lazily written entry keeps the context it was entered in, and its
 * time, unless an event is already later in the buffer (then it is now).
 */
static void notrace graph_trace_open(struct fgraph_user *u, unsigned long func,
				     unsigned int ctx, unsigned int depth,
				     u64 calltime)
{
	/* once: a snapshot may swap the buffers under us */
	struct trace_buffer *b = READ_ONCE(user_tr(u)->buffer);
	struct graph_ent_entry *e;
	struct rb_cpu *cb;

	/* under tracing_thresh only slow returns show, without entries */
	if (tracing_thresh)
		return;
	e = ring_buffer_reserve_inline(b, sizeof(*e), TRACE_CLOCK_LOCAL, calltime,
				       &cb);
	if (!e)
		return;
	trace_entry_init(&e->ent, TRACE_GRAPH_ENT, ctx);
	e->func = func;
	e->depth = depth;
	ring_buffer_commit_inline(b, cb);
}

static void notrace graph_trace_ret(struct fgraph_user *u,
				    const struct fgraph_ret *ret,
				    unsigned int depth, bool opened)
{
	struct trace_buffer *b = READ_ONCE(user_tr(u)->buffer);
	unsigned long thresh = tracing_thresh;
	struct graph_ret_entry *r;
	struct rb_cpu *cb;
	unsigned int ctx;

	if (thresh && ret->rettime - ret->calltime < thresh)
		return;
	/* fgraph calls us with irqs off: the context had them as saved */
	ctx = trace_ctx_irqs(trace_irqs_status(ret->irqflags));
	/* stamped with its return time, read with the buffers' local clock */
	r = ring_buffer_reserve_inline(b, sizeof(*r), TRACE_CLOCK_LOCAL, ret->rettime,
				       &cb);
	if (!r)
		return;
	trace_entry_init(&r->ent, TRACE_GRAPH_RET, ctx);
	r->func = ret->func;
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	r->retval = ret->retval;
#endif
	r->calltime = ret->calltime;
	r->rettime = ret->rettime;
	r->depth = depth;
	r->leaf = thresh ? -1 : !opened;
	r->overrun = atomic_read(&current->trace_overrun);
	ring_buffer_commit_inline(b, cb);
}

/* ---- output ---------------------------------------------------------- */

/*
 * Duration marks, longest first: match mainline 6.12's function_graph
 * output and Documentation/trace/ftrace.rst ('+' over 10 us ... '$' over 1 s).
 */
static const struct {
	u64	ns;
	char	mark;
} duration_marks[] = {
	{ 1000000000ULL, '$' }, { 100000000ULL, '@' }, { 10000000ULL, '*' },
	{ 1000000ULL, '#' }, { 100000ULL, '!' }, { 10000ULL, '+' },
};

static char duration_mark(u64 ns)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(duration_marks); i++)
		if (ns > duration_marks[i].ns)
			return duration_marks[i].mark;
	return ' ';
}

/* "2.643 us    ": at most 7 digits, padded to the column */
void trace_print_graph_duration(struct seq_buf *s, u64 ns)
{
	unsigned long rem = do_div(ns, 1000);
	char us[24];
	int len;

	len = snprintf(us, sizeof(us), "%llu", ns);
	seq_buf_puts(s, us);
	if (len < 7) {
		char frac[5];

		snprintf(frac, min(sizeof(frac), (size_t)(8 - len)), "%03lu", rem);
		seq_buf_printf(s, ".%s", frac);
		len += strlen(frac) + 1;
	}
	seq_buf_puts(s, " us ");
	for (; len < 8; len++)
		seq_buf_putc(s, ' ');
}

static void print_duration(struct seq_buf *s, unsigned long flags, u64 ns)
{
	if (!(flags & TRACE_ITER_GRAPH_DURATION))
		return;
	seq_buf_putc(s, flags & TRACE_ITER_GRAPH_OVERHEAD ?
		     duration_mark(ns) : ' ');
	seq_buf_putc(s, ' ');
	trace_print_graph_duration(s, ns);
	seq_buf_puts(s, "|  ");
}

/* the optional columns, left to right: option, title, bar under it */
static const struct {
	unsigned long	bit;
	const char	*title;
	const char	*bar;
} graph_columns[] = {
	{ TRACE_ITER_GRAPH_ABSTIME,  "     TIME       ", "      |         " },
	{ TRACE_ITER_GRAPH_CPU,      " CPU",             " |  " },
	{ TRACE_ITER_GRAPH_PROC,     "  TASK/PID       ", "   |    |        " },
	{ TRACE_ITER_GRAPH_DURATION, "  DURATION   ",    "   |   |      " },
};

static void graph_print_header(struct trace_iter *it)
{
	unsigned long flags = it->tr->trace_flags;
	struct seq_buf *s = &it->seq;
	unsigned int i, line;

	for (line = 0; line < 2; line++) {
		seq_buf_putc(s, '#');
		for (i = 0; i < ARRAY_SIZE(graph_columns); i++)
			if (flags & graph_columns[i].bit)
				seq_buf_puts(s, line ? graph_columns[i].bar :
						       graph_columns[i].title);
		seq_buf_puts(s, line ? "               |   |   |   |\n" :
				       "               FUNCTION CALLS\n");
	}
}

static void print_cpu(struct seq_buf *s, int cpu)
{
	seq_buf_printf(s, " %*d) ", nr_cpu_ids > 10 ? 2 : 1, cpu);
}

/* "comm-pid" centred in 14 columns, comm cut to 7 */
static void print_proc(struct seq_buf *s, pid_t pid)
{
	char comm[TASK_COMM_LEN], id[40];
	int len, pad;

	trace_find_cmdline(pid, comm);
	comm[7] = 0;
	len = snprintf(id, sizeof(id), "%s-%d", comm, pid);
	pad = len < 14 ? 14 - len : 0;
	seq_buf_printf(s, "%*s%s%*s", pad / 2, "", id, pad - pad / 2, "");
}

/* the columns before the duration */
static void print_prologue(struct trace_iter *it, int cpu)
{
	unsigned long flags = it->tr->trace_flags;
	struct seq_buf *s = &it->seq;

	if (flags & TRACE_ITER_GRAPH_ABSTIME) {
		u64 t = it->ts;
		unsigned long ns = do_div(t, NSEC_PER_SEC);

		seq_buf_printf(s, "%5lu.%06lu |  ", (unsigned long)t,
			       ns / 1000);
	}
	if (flags & TRACE_ITER_GRAPH_CPU)
		print_cpu(s, cpu);
	if (flags & TRACE_ITER_GRAPH_PROC) {
		print_proc(s, it->ent->pid);
		seq_buf_puts(s, " | ");
	}
}

#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
/*
 * " = -2" for an error code in a long or in an int (zero-extended in
 * %rax), else " = 0x3", or always hex with funcgraph-retval-hex: match
 * mainline 6.12's funcgraph-retval output (bench/binary-abi-blackbox.md).
 */
static void print_retval(struct seq_buf *s, unsigned long flags,
			 const struct graph_ret_entry *r)
{
	unsigned long v = r->retval;

	if (!(flags & TRACE_ITER_GRAPH_RETVAL_HEX)) {
		if (IS_ERR_VALUE(v)) {
			seq_buf_printf(s, " = %ld", (long)v);
			return;
		}
		if (IS_ERR_VALUE((unsigned long)(long)(int)v)) {
			seq_buf_printf(s, " = %d", (int)v);
			return;
		}
	}
	seq_buf_printf(s, " = 0x%lx", v);
}

static bool show_retval(unsigned long flags)
{
	return flags & TRACE_ITER_GRAPH_RETVAL;
}
#else
static void print_retval(struct seq_buf *s, unsigned long flags,
			 const struct graph_ret_entry *r)
{
}

static bool show_retval(unsigned long flags)
{
	return false;
}
#endif

static bool graph_print_line(struct trace_iter *it)
{
	unsigned long flags = it->tr->trace_flags;
	struct trace_entry *ent = it->ent;
	struct seq_buf *s = &it->seq;
	bool dur = flags & TRACE_ITER_GRAPH_DURATION;
	int cpu = it->cpu, depth, i;
	unsigned long func;

	if (ent->type != TRACE_GRAPH_ENT && ent->type != TRACE_GRAPH_RET &&
	    ent->type != TRACE_PRINT)
		return false;
	if (cpu < 0 || cpu >= nr_cpu_ids)
		cpu = 0;

	/* another task on this CPU since its last line */
	if (it->graph_pid[cpu] != ent->pid + 1) {
		if (it->graph_pid[cpu]) {
			seq_buf_puts(s, " ------------------------------------------\n");
			print_cpu(s, cpu);
			print_proc(s, it->graph_pid[cpu] - 1);
			seq_buf_puts(s, " => ");
			print_proc(s, ent->pid);
			seq_buf_puts(s, "\n ------------------------------------------\n\n");
		}
		it->graph_pid[cpu] = ent->pid + 1;
	}

	/*
	 * No "==========>" where an irq comes in: mainline 6.12 prints them
	 * only for functions in .irqentry.text, which on x86-64 holds the
	 * untraced asm stubs alone, so it never does (observed).
	 */
	print_prologue(it, cpu);
	if (ent->type == TRACE_PRINT) {
		/* a trace_marker line shows as a comment, as in mainline */
		const char *text = ((struct print_entry *)ent)->buf;

		seq_buf_printf(s, "%s/* %.*s */\n", dur ? "              |  " : "",
			       print_entry_len(it), text);
		return true;
	}
	if (ent->type == TRACE_GRAPH_ENT) {
		struct graph_ent_entry *e = (struct graph_ent_entry *)ent;

		if (dur)
			seq_buf_puts(s, "              |  ");
		depth = e->depth;
		func = e->func;
	} else {
		struct graph_ret_entry *r = (struct graph_ret_entry *)ent;

		print_duration(s, flags, r->rettime - r->calltime);
		depth = r->depth;
		func = r->func;
		if (r->leaf <= 0) {
			for (i = 0; i < depth; i++)
				seq_buf_puts(s, "  ");
			if (show_retval(flags)) {
				seq_buf_printf(s, "} /* %ps", (void *)func);
				print_retval(s, flags, r);
				seq_buf_puts(s, " */\n");
			} else if (r->leaf < 0 || (flags & TRACE_ITER_GRAPH_TAIL)) {
				seq_buf_printf(s, "} /* %ps */\n", (void *)func);
			} else {
				seq_buf_puts(s, "}\n");
			}
			if (flags & TRACE_ITER_GRAPH_OVERRUN)
				seq_buf_printf(s, " (Overruns: %u)\n", r->overrun);
			return true;
		}
	}
	for (i = 0; i < depth; i++)
		seq_buf_puts(s, "  ");
	if (ent->type == TRACE_GRAPH_ENT) {
		seq_buf_printf(s, "%ps() {\n", (void *)func);
	} else if (show_retval(flags)) {
		seq_buf_printf(s, "%ps(); /*", (void *)func);
		print_retval(s, flags, (struct graph_ret_entry *)ent);
		seq_buf_puts(s, " */\n");
	} else {
		seq_buf_printf(s, "%ps();\n", (void *)func);
	}
	return true;
}

/* ---- the tracer ------------------------------------------------------ */

/* Does a filter of the tracer's in @tr have a say (graph_trace_entry())? */
static bool graph_trace_asks(struct trace_array *tr)
{
	return !ftrace_hash_empty(rcu_dereference_protected(tr->graph_notrace_hash,
				  lockdep_is_held(&trace_types_lock))) ||
	       !ftrace_hash_empty(rcu_dereference_protected(tr->graph_hash,
				  lockdep_is_held(&trace_types_lock))) ||
	       READ_ONCE(max_graph_depth) ||
	       !(tr->trace_flags & TRACE_ITER_GRAPH_IRQS);
}

/*
 * tracer_update(): @tr's options or graph lists changed.  A call that
 * comes before fgraph sees the new ->entry is decided as if it had come
 * before the change.
 */
static void graph_trace_update(struct trace_array *tr)
{
	struct graph_trace *gt = tr->tracer_data;

	WRITE_ONCE(gt->user.entry, graph_trace_asks(tr) ? graph_trace_entry : NULL);
}

static int graph_trace_init(struct trace_array *tr)
{
	struct graph_trace *gt;
	int ret;

	gt = kzalloc(sizeof(*gt), GFP_KERNEL);
	if (!gt)
		return -ENOMEM;
	gt->tr = tr;
	gt->user.filter = tr->filter_ops;
	gt->user.pids = trace_array_pids(tr);
	gt->user.entry = graph_trace_asks(tr) ? graph_trace_entry : NULL;
	gt->user.open = graph_trace_open;
	gt->user.ret = graph_trace_ret;
	ret = fgraph_add_user(&gt->user);
	if (ret) {
		kfree(gt);
		return ret;
	}
	tr->tracer_data = gt;
	return 0;
}

static void graph_trace_reset(struct trace_array *tr)
{
	struct graph_trace *gt = tr->tracer_data;

	fgraph_remove_user(&gt->user);
	tr->tracer_data = NULL;
	kfree(gt);
}

static struct tracer graph_tracer = {
	.name		= "function_graph",
	.instances	= true,
	.init		= graph_trace_init,
	.reset		= graph_trace_reset,
	.print_header	= graph_print_header,
	.print_line	= graph_print_line,
	.update		= graph_trace_update,
	.opts		= TRACE_ITER_GRAPH_OVERRUN | TRACE_ITER_GRAPH_CPU |
			  TRACE_ITER_GRAPH_OVERHEAD | TRACE_ITER_GRAPH_PROC |
			  TRACE_ITER_GRAPH_DURATION | TRACE_ITER_GRAPH_ABSTIME |
			  TRACE_ITER_GRAPH_IRQS | TRACE_ITER_GRAPH_TAIL |
			  TRACE_ITER_SLEEP_TIME | TRACE_ITER_GRAPH_TIME |
			  TRACE_ITER_GRAPH_RETVAL | TRACE_ITER_GRAPH_RETVAL_HEX,
};

static u64 depth_get(struct trace_array *tr, unsigned long key)
{
	return READ_ONCE(max_graph_depth);
}

static int depth_set(struct trace_array *tr, unsigned long key, u64 val)
{
	struct trace_array *t;

	mutex_lock(&trace_types_lock);
	WRITE_ONCE(max_graph_depth, val);
	/* it is every array's */
	list_for_each_entry(t, &trace_arrays, list)
		if (t->current_trace == &graph_tracer)
			graph_trace_update(t);
	mutex_unlock(&trace_types_lock);
	return 0;
}

static const struct trace_num_file depth_file =
	TRACE_NUM_FILE(depth_get, depth_set, INT_MAX);

/* ftrace_graph_max_depth=N, as max_graph_depth */
static __init int set_max_depth_param(char *str)
{
	int depth;

	if (kstrtoint(str, 0, &depth) || depth < 0)
		pr_warn("ftrace_graph_max_depth=%s: not a depth, ignored\n", str);
	else
		max_graph_depth = depth;
	return 1;
}
__setup("ftrace_graph_max_depth=", set_max_depth_param);

static __init int init_graph_trace(void)
{
	return register_tracer(&graph_tracer);
}
core_initcall(init_graph_trace);

static const struct trace_option graph_options[] = {
	{ "funcgraph-overrun",	TRACE_ITER_GRAPH_OVERRUN },
	{ "funcgraph-cpu",	TRACE_ITER_GRAPH_CPU },
	{ "funcgraph-overhead",	TRACE_ITER_GRAPH_OVERHEAD },
	{ "funcgraph-proc",	TRACE_ITER_GRAPH_PROC },
	{ "funcgraph-duration",	TRACE_ITER_GRAPH_DURATION },
	{ "funcgraph-abstime",	TRACE_ITER_GRAPH_ABSTIME },
	{ "funcgraph-irqs",	TRACE_ITER_GRAPH_IRQS },
	{ "funcgraph-tail",	TRACE_ITER_GRAPH_TAIL },
	{ "sleep-time",		TRACE_ITER_SLEEP_TIME },
	{ "graph-time",		TRACE_ITER_GRAPH_TIME },
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	{ "funcgraph-retval",	TRACE_ITER_GRAPH_RETVAL },
	{ "funcgraph-retval-hex", TRACE_ITER_GRAPH_RETVAL_HEX },
#endif
};

static __init int init_graph_tracefs(void)
{
	unsigned int i;

	tracefs_create_file("max_graph_depth", TRACE_MODE_WRITE, NULL, NULL, &depth_file.fops);
	for (i = 0; i < ARRAY_SIZE(graph_options); i++)
		trace_add_option(graph_options[i].name, graph_options[i].bit);
	return 0;
}
device_initcall(init_graph_tracefs);
