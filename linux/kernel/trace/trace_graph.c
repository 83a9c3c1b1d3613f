// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph tracer: function entry and exit, with durations.
 *
 * On entry the traced function's return address is swapped for
 * return_to_handler and kept on a per-task shadow stack.  The entry event
 * is written lazily: a function that returns before calling anything
 * traced becomes one "leaf" event (func();), otherwise its entry is
 * written when its first child is, and its exit is a return event.  So
 * the output needs no look-ahead and events stay in time order per CPU.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/trace_clock.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "ftrace_internal.h"
#include "trace.h"

#define GRAPH_DEPTH_MAX		64

#define GF_WRITTEN	BIT(0)	/* entry event written */
#define GF_ROOT		BIT(1)	/* a set_graph_function function */
#define GF_NOTRACE	BIT(2)	/* a set_graph_notrace function: not shown */
#define GF_GRAPH	BIT(3)	/* shown by the function_graph tracer */
#define GF_PROF		BIT(4)	/* timed by the profiler */

/*
 * One hooked return.  The tracer and the profiler share the frame; a
 * frame is pushed when either of them wants the call.
 */
struct graph_frame {
	unsigned long		ret;
	unsigned long		func;
	unsigned long		*retp;
	u64			calltime;	/* moved on by time slept */
	u64			child_ns;	/* spent in traced callees */
	unsigned int		flags;
	unsigned int		ctx;		/* context at entry */
	int			depth;		/* GF_GRAPH frames below */
	int			gparent;	/* nearest GF_GRAPH below, or -1 */
	unsigned int		gen;		/* fgraph_gen at entry */
};

/* task->ret_stack points to one of these; task->curr_ret_stack is depth */
struct graph_stack {
	int			roots;		/* GF_ROOT frames on the stack */
	int			skips;		/* GF_NOTRACE frames on the stack */
	int			depth;		/* GF_GRAPH frames on the stack */
	struct graph_frame	frame[GRAPH_DEPTH_MAX];
};

struct graph_ent_entry {
	struct trace_entry	ent;
	unsigned long		func;
	int			depth;
};

struct graph_ret_entry {
	struct trace_entry	ent;
	unsigned long		func;
	u64			calltime;
	u64			rettime;
	int			depth;
	int			leaf;
	unsigned int		overrun;
};

static bool graph_active;
static unsigned int fgraph_users;
/*
 * Bumped whenever the users change: a task that slept through a stop
 * returns through frames of a session that is gone, and those returns
 * must not be recorded (under another tracer, or into a new session).
 */
static unsigned int fgraph_gen;
static int max_graph_depth;
struct ftrace_hash __rcu *graph_hash;
struct ftrace_hash __rcu *graph_notrace_hash;
DEFINE_STATIC_KEY_FALSE(fgraph_sched_key);

static struct graph_stack *stack_of(struct task_struct *t)
{
	return (struct graph_stack *)t->ret_stack;
}

/* ---- shadow stacks --------------------------------------------------- */

static void graph_stack_alloc(struct task_struct *t, gfp_t gfp)
{
	struct graph_stack *s;

	if (t->ret_stack)
		return;
	s = kzalloc(sizeof(*s), gfp);
	if (!s)
		return;
	t->curr_ret_stack = 0;
	/* visible to the task only once initialised */
	smp_store_release(&t->ret_stack, (unsigned long *)s);
}

/* copy_process(): the copied pointers are the parent's, never share them */
void ftrace_graph_fork(struct task_struct *t)
{
	t->ret_stack = NULL;
	t->curr_ret_stack = 0;
	if (READ_ONCE(graph_active))
		graph_stack_alloc(t, GFP_KERNEL);
}

void ftrace_graph_free(struct task_struct *t)
{
	kfree(t->ret_stack);
	t->ret_stack = NULL;
}

/* also when a CPU comes back: its idle task's old frames died with it */
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu)
{
	struct graph_stack *s = stack_of(t);

	if (s) {
		t->curr_ret_stack = 0;
		s->roots = s->skips = s->depth = 0;
		return;
	}
	if (READ_ONCE(graph_active))
		graph_stack_alloc(t, GFP_ATOMIC);
}

/* every existing task gets a stack before the first entry is hooked */
static void graph_stacks_alloc_all(void)
{
	struct task_struct *g, *t;
	int cpu;

	for_each_possible_cpu(cpu)
		graph_stack_alloc(idle_task(cpu), GFP_KERNEL);
	read_lock(&tasklist_lock);
	for_each_process_thread(g, t)
		graph_stack_alloc(t, GFP_ATOMIC);
	read_unlock(&tasklist_lock);
}

/* The unwinder's view: return_to_handler stands for the saved address. */
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp)
{
	struct graph_stack *s = stack_of(task);
	int i;

	if (ret != (unsigned long)return_to_handler || !s)
		return ret;
	for (i = READ_ONCE(task->curr_ret_stack) - 1; i >= 0; i--)
		if (s->frame[i].retp == retp)
			return s->frame[i].ret;
	return ret;
}

void pause_graph_tracing(void)
{
	atomic_inc(&current->tracing_graph_pause);
}

void unpause_graph_tracing(void)
{
	atomic_dec(&current->tracing_graph_pause);
}

/* ---- entry and exit -------------------------------------------------- */

/* a lazily written entry keeps the context it was entered in */
static void notrace write_entry(struct graph_frame *f)
{
	/* once: a snapshot may swap the buffers under us */
	struct trace_buffer *b = READ_ONCE(global_trace.buffer);
	struct graph_ent_entry *e;

	e = trace_reserve(b, TRACE_GRAPH_ENT, sizeof(*e), f->ctx);
	if (!e)
		return;
	e->func = f->func;
	e->depth = f->depth;
	trace_commit(b);
}

/* What the function_graph tracer makes of a call to @ip (GF_* flags). */
static unsigned int notrace graph_wants(struct graph_stack *s,
					unsigned long ip)
{
	struct ftrace_hash *gfunc;
	unsigned int flags = 0;

	if (s->skips || (!(global_trace.trace_flags & TRACE_ITER_GRAPH_IRQS) &&
			 in_hardirq()))
		return 0;
	if (ftrace_hash_contains(rcu_dereference_raw(graph_notrace_hash), ip))
		return GF_NOTRACE;
	gfunc = rcu_dereference_raw(graph_hash);
	if (ftrace_hash_contains(gfunc, ip))
		flags |= GF_ROOT;
	else if (gfunc && gfunc->count && !s->roots)
		return 0;
	if (max_graph_depth && s->depth >= max_graph_depth)
		return 0;
	return flags | GF_GRAPH;
}

static void notrace graph_entry(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op, unsigned long *parent)
{
	struct graph_stack *s = stack_of(current);
	unsigned int users = READ_ONCE(fgraph_users);
	unsigned long irqflags;
	struct graph_frame *f;
	unsigned int flags = 0;
	int idx;

	/* NMIs could interleave with the frame setup below: not traced */
	if (!s || in_nmi() || atomic_read(&current->tracing_graph_pause))
		return;
	if (current->curr_ret_stack >= GRAPH_DEPTH_MAX) {
		atomic_inc(&current->trace_overrun);
		return;
	}
	if (users & FGRAPH_TRACER)
		flags = graph_wants(s, ip);
	if (users & FGRAPH_PROFILER)
		flags |= GF_PROF;
	if (!flags)
		return;

	/*
	 * An irq taken here would trace on this same stack: keep it out
	 * while the parent's entry is flushed and our frame is set up.
	 */
	local_irq_save(irqflags);
	idx = current->curr_ret_stack;
	f = &s->frame[idx];
	f->gparent = -1;
	if (idx) {
		struct graph_frame *below = &s->frame[idx - 1];

		f->gparent = below->flags & GF_GRAPH ? idx - 1 : below->gparent;
	}
	/* the parent has a child now: its entry must come first */
	if ((flags & GF_GRAPH) && f->gparent >= 0 && !tracing_thresh &&
	    !(s->frame[f->gparent].flags & GF_WRITTEN)) {
		s->frame[f->gparent].flags |= GF_WRITTEN;
		write_entry(&s->frame[f->gparent]);
	}
	if (flags & GF_PROF)
		ftrace_profile_hit(ip);

	f->ret = *parent;
	f->func = ip;
	f->retp = parent;
	f->flags = flags;
	f->gen = READ_ONCE(fgraph_gen);
	f->ctx = tracing_gen_ctx_flags(irqflags);
	f->depth = s->depth;
	f->child_ns = 0;
	f->calltime = trace_clock_local();
	if (flags & GF_ROOT)
		s->roots++;
	if (flags & GF_NOTRACE)
		s->skips++;
	if (flags & GF_GRAPH)
		s->depth++;
	barrier();
	current->curr_ret_stack = idx + 1;
	barrier();
	*parent = (unsigned long)return_to_handler;
	local_irq_restore(irqflags);
}

static void notrace graph_write_return(const struct graph_frame *f,
				       u64 calltime, u64 now)
{
	struct trace_buffer *b = READ_ONCE(global_trace.buffer);
	struct graph_ret_entry *r;

	r = trace_reserve(b, TRACE_GRAPH_RET, sizeof(*r), tracing_gen_ctx());
	if (!r)
		return;
	r->func = f->func;
	r->calltime = calltime;
	r->rettime = now;
	r->depth = f->depth;
	/* under tracing_thresh only slow returns show, without entries */
	r->leaf = tracing_thresh ? -1 : !(f->flags & GF_WRITTEN);
	r->overrun = atomic_read(&current->trace_overrun);
	trace_commit(b);
}

/* Called by return_to_handler: record the exit, hand back the address. */
unsigned long notrace ftrace_return_to_handler(void)
{
	struct graph_stack *s = stack_of(current);
	int idx = current->curr_ret_stack - 1;
	unsigned long irqflags;
	struct graph_frame f;
	u64 now, calltime;
	int bit;

	if (WARN_ON_ONCE(!s || idx < 0))
		panic("function_graph: return with an empty shadow stack\n");

	/*
	 * Off the shadow stack before anything is recorded, with irqs out
	 * while the frame is read and popped: an irq's calls then see the
	 * caller on top, as after the return, and cannot write this call's
	 * entry once its return has been taken for a leaf.
	 */
	local_irq_save(irqflags);
	f = s->frame[idx];
	if (f.flags & GF_ROOT)
		s->roots--;
	if (f.flags & GF_NOTRACE)
		s->skips--;
	if (f.flags & GF_GRAPH)
		s->depth--;
	current->curr_ret_stack = idx;
	local_irq_restore(irqflags);

	bit = f.gen == READ_ONCE(fgraph_gen) ? ftrace_recursion_enter() : -1;
	if (bit < 0)
		return f.ret;
	now = trace_clock_local();
	calltime = min(f.calltime, now);
	/* graph-time 0: a function's own time, without its callees' */
	if (idx)
		s->frame[idx - 1].child_ns += now - calltime;
	if (!(global_trace.trace_flags & TRACE_ITER_GRAPH_TIME))
		calltime = min(calltime + f.child_ns, now);
	if ((f.flags & GF_GRAPH) &&
	    (!tracing_thresh || now - calltime >= tracing_thresh))
		graph_write_return(&f, calltime, now);
	if (f.flags & GF_PROF)
		ftrace_profile_time(f.func, now - calltime);
	ftrace_recursion_exit(bit);
	return f.ret;
}

/*
 * sleep-time 0: a task's hooked calls did not run while it was switched
 * out, so their clocks move on by that long.  @next is not running: its
 * frames are ours to change.
 */
void notrace __ftrace_graph_sched_switch(struct task_struct *prev,
					 struct task_struct *next)
{
	struct graph_stack *s = stack_of(next);
	u64 now = trace_clock_local(), slept;
	int i;

	prev->ftrace_timestamp = now;
	if (!s || !next->ftrace_timestamp || (global_trace.trace_flags & TRACE_ITER_SLEEP_TIME))
		return;
	slept = now - min(next->ftrace_timestamp, now);
	for (i = 0; i < next->curr_ret_stack; i++)
		s->frame[i].calltime = min(s->frame[i].calltime + slept, now);
}

static struct ftrace_ops graph_ops = {
	.func	= graph_entry,
	.flags	= FTRACE_OPS_FL_GLOBAL_FILTER,
};

/* The tracer and the profiler share one ops and the shadow stacks. */
int fgraph_start(unsigned int user)
{
	int ret = 0;

	lockdep_assert_held(&trace_types_lock);
	if (!fgraph_users) {
		WRITE_ONCE(graph_active, true);
		graph_stacks_alloc_all();
		ret = register_ftrace_function(&graph_ops);
		if (ret)
			return ret;
		static_branch_enable(&fgraph_sched_key);
	}
	/*
	 * Users only now that every site is patched: the sites enabled
	 * first would otherwise trace the patching of the rest.
	 */
	WRITE_ONCE(fgraph_gen, fgraph_gen + 1);
	WRITE_ONCE(fgraph_users, fgraph_users | user);
	return 0;
}

void fgraph_stop(unsigned int user)
{
	lockdep_assert_held(&trace_types_lock);
	if (!(fgraph_users & user))
		return;
	WRITE_ONCE(fgraph_gen, fgraph_gen + 1);
	WRITE_ONCE(fgraph_users, fgraph_users & ~user);
	if (!fgraph_users) {
		unregister_ftrace_function(&graph_ops);
		static_branch_disable(&fgraph_sched_key);
	}
	/* stacks stay: hooked returns still come back through them */
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

static bool graph_print_line(struct trace_iter *it)
{
	unsigned long flags = it->tr->trace_flags;
	struct trace_entry *ent = it->ent;
	struct seq_buf *s = &it->seq;
	bool irq = ent->flags & TRACE_FLAG_HARDIRQ;
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

	/* an irq came in or left since this CPU's last line */
	if (!(flags & TRACE_ITER_GRAPH_IRQS))
		irq = false;
	if (irq != it->graph_irq[cpu]) {
		print_prologue(it, cpu);
		seq_buf_printf(s, "%s%s%s\n", dur ? "  " : "",
			       irq ? "==========>" : "<==========",
			       dur ? " |" : "");
		it->graph_irq[cpu] = irq;
	}

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
			if (r->leaf < 0 || (flags & TRACE_ITER_GRAPH_TAIL))
				seq_buf_printf(s, "} /* %ps */\n", (void *)func);
			else
				seq_buf_puts(s, "}\n");
			if (flags & TRACE_ITER_GRAPH_OVERRUN)
				seq_buf_printf(s, " (Overruns: %u)\n", r->overrun);
			return true;
		}
	}
	for (i = 0; i < depth; i++)
		seq_buf_puts(s, "  ");
	seq_buf_printf(s, "%ps%s\n", (void *)func,
		       ent->type == TRACE_GRAPH_ENT ? "() {" : "();");
	return true;
}

/* ---- the tracer ------------------------------------------------------ */

static int graph_trace_init(struct trace_array *tr)
{
	return fgraph_start(FGRAPH_TRACER);
}

static void graph_trace_reset(struct trace_array *tr)
{
	fgraph_stop(FGRAPH_TRACER);
}

static struct tracer graph_tracer = {
	.name		= "function_graph",
	.init		= graph_trace_init,
	.reset		= graph_trace_reset,
	.print_header	= graph_print_header,
	.print_line	= graph_print_line,
};

static ssize_t depth_read(struct file *filp, char __user *ubuf, size_t cnt,
			  loff_t *ppos)
{
	char buf[16];
	int len = scnprintf(buf, sizeof(buf), "%d\n", max_graph_depth);

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t depth_write(struct file *filp, const char __user *ubuf,
			   size_t cnt, loff_t *ppos)
{
	int val, ret;

	ret = kstrtoint_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val < 0)
		return -EINVAL;
	WRITE_ONCE(max_graph_depth, val);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations depth_fops = {
	.read	= depth_read,
	.write	= depth_write,
	.llseek	= default_llseek,
};

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
};

static __init int init_graph_tracefs(void)
{
	unsigned int i;

	tracefs_create_file("max_graph_depth", TRACE_MODE_WRITE, NULL, NULL, &depth_fops);
	for (i = 0; i < ARRAY_SIZE(graph_options); i++)
		trace_add_option(graph_options[i].name, graph_options[i].bit);
	return 0;
}
device_initcall(init_graph_tracefs);
