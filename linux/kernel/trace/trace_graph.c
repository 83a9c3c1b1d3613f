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

struct graph_frame {
	unsigned long		ret;
	unsigned long		func;
	unsigned long		*retp;
	u64			calltime;
	unsigned long		flags;
};

/* task->ret_stack points to one of these; task->curr_ret_stack is depth */
struct graph_stack {
	int			roots;		/* GF_ROOT frames on the stack */
	int			skips;		/* GF_NOTRACE frames on the stack */
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
};

static bool graph_active;
static int max_graph_depth;
struct ftrace_hash __rcu *graph_hash;
struct ftrace_hash __rcu *graph_notrace_hash;

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

void ftrace_graph_init_idle_task(struct task_struct *t, int cpu)
{
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

static void notrace write_entry(struct graph_frame *f, int depth,
				unsigned int ctx)
{
	struct graph_ent_entry *e;

	e = trace_reserve(TRACE_GRAPH_ENT, sizeof(*e), ctx);
	if (!e)
		return;
	e->func = f->func;
	e->depth = depth;
	trace_commit();
}

static void notrace graph_entry(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op, unsigned long *parent)
{
	struct graph_stack *s = stack_of(current);
	unsigned long flags = 0, irqflags;
	struct ftrace_hash *gfunc;
	struct graph_frame *f;
	int idx;

	/* NMIs could interleave with the frame setup below: not traced */
	if (!s || in_nmi() || atomic_read(&current->tracing_graph_pause))
		return;
	idx = current->curr_ret_stack;
	if (idx >= GRAPH_DEPTH_MAX) {
		atomic_inc(&current->trace_overrun);
		return;
	}
	if (s->skips)
		return;
	if (ftrace_hash_contains(rcu_dereference_raw(graph_notrace_hash), ip))
		flags |= GF_NOTRACE;
	gfunc = rcu_dereference_raw(graph_hash);
	if (ftrace_hash_contains(gfunc, ip))
		flags |= GF_ROOT;
	else if (gfunc && gfunc->count && !s->roots)
		return;
	if (max_graph_depth && idx >= max_graph_depth)
		return;

	/*
	 * An irq taken here would trace on this same stack: keep it out
	 * while the parent's entry is flushed and our frame is set up.
	 */
	local_irq_save(irqflags);
	idx = current->curr_ret_stack;
	/* the parent has a child now: its entry must come first */
	if (idx && !(s->frame[idx - 1].flags & (GF_WRITTEN | GF_NOTRACE))) {
		s->frame[idx - 1].flags |= GF_WRITTEN;
		write_entry(&s->frame[idx - 1], idx - 1, tracing_gen_ctx());
	}

	f = &s->frame[idx];
	f->ret = *parent;
	f->func = ip;
	f->retp = parent;
	f->flags = flags;
	f->calltime = trace_clock_local();
	if (flags & GF_ROOT)
		s->roots++;
	if (flags & GF_NOTRACE)
		s->skips++;
	barrier();
	current->curr_ret_stack = idx + 1;
	barrier();
	*parent = (unsigned long)return_to_handler;
	local_irq_restore(irqflags);
}

/* Called by return_to_handler: record the exit, hand back the address. */
unsigned long notrace ftrace_return_to_handler(unsigned long fp)
{
	struct graph_stack *s = stack_of(current);
	int idx = current->curr_ret_stack - 1;
	struct graph_ret_entry *r;
	struct graph_frame *f;
	unsigned long ret;
	int bit;

	if (WARN_ON_ONCE(!s || idx < 0))
		panic("function_graph: return with an empty shadow stack\n");
	f = &s->frame[idx];
	ret = f->ret;

	bit = ftrace_recursion_enter();
	if (bit >= 0) {
		if (!(f->flags & GF_NOTRACE)) {
			r = trace_reserve(TRACE_GRAPH_RET, sizeof(*r),
					  tracing_gen_ctx());
			if (r) {
				r->func = f->func;
				r->calltime = f->calltime;
				r->rettime = trace_clock_local();
				r->depth = idx;
				r->leaf = !(f->flags & GF_WRITTEN);
				trace_commit();
			}
		}
		ftrace_recursion_exit(bit);
	}
	if (f->flags & GF_ROOT)
		s->roots--;
	if (f->flags & GF_NOTRACE)
		s->skips--;
	barrier();
	current->curr_ret_stack = idx;
	return ret;
}

static struct ftrace_ops graph_ops = {
	.func	= graph_entry,
	.flags	= FTRACE_OPS_FL_GLOBAL_FILTER,
};

/* ---- output ---------------------------------------------------------- */

/* mainline's duration markers, longest first */
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

/* "  2.643 us    |  ": mark, at most 7 digits, padded to the column */
static void print_duration(struct seq_buf *s, u64 ns)
{
	unsigned long rem = do_div(ns, 1000);
	char us[24];
	int len;

	len = snprintf(us, sizeof(us), "%llu", ns);
	seq_buf_printf(s, "%c %s", duration_mark(ns * 1000 + rem), us);
	if (len < 7) {
		char frac[5];

		snprintf(frac, min(sizeof(frac), (size_t)(8 - len)), "%03lu", rem);
		seq_buf_printf(s, ".%s", frac);
		len += strlen(frac) + 1;
	}
	seq_buf_puts(s, " us ");
	for (; len < 8; len++)
		seq_buf_putc(s, ' ');
	seq_buf_puts(s, "|  ");
}

static void graph_print_header(struct trace_iter *it)
{
	seq_buf_puts(&it->seq,
		"# CPU  DURATION                  FUNCTION CALLS\n"
		"# |     |   |                     |   |   |   |\n");
}

static bool graph_print_line(struct trace_iter *it)
{
	struct trace_entry *ent = it->ent;
	struct seq_buf *s = &it->seq;
	bool irq = ent->flags & TRACE_FLAG_HARDIRQ;
	int cpu = it->cpu, depth, i;
	unsigned long func;

	if (ent->type != TRACE_GRAPH_ENT && ent->type != TRACE_GRAPH_RET)
		return false;
	if (cpu < 0 || cpu >= NR_CPUS)
		cpu = 0;

	/* an irq came in or left since this CPU's last line */
	if (irq != it->graph_irq[cpu]) {
		seq_buf_printf(s, " %d)   %s |\n", cpu,
			       irq ? "==========>" : "<==========");
		it->graph_irq[cpu] = irq;
	}

	seq_buf_printf(s, " %d) ", cpu);
	if (ent->type == TRACE_GRAPH_ENT) {
		struct graph_ent_entry *e = (struct graph_ent_entry *)ent;

		seq_buf_puts(s, "              |  ");
		depth = e->depth;
		func = e->func;
	} else {
		struct graph_ret_entry *r = (struct graph_ret_entry *)ent;

		print_duration(s, r->rettime - r->calltime);
		depth = r->depth;
		func = r->func;
		if (!r->leaf) {
			for (i = 0; i < depth; i++)
				seq_buf_puts(s, "  ");
			if (trace_flags & TRACE_ITER_GRAPH_TAIL)
				seq_buf_printf(s, "} /* %ps */\n", (void *)func);
			else
				seq_buf_puts(s, "}\n");
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

static int graph_trace_init(void)
{
	int ret;

	WRITE_ONCE(graph_active, true);
	graph_stacks_alloc_all();
	ret = register_ftrace_function(&graph_ops);
	if (ret)
		WRITE_ONCE(graph_active, false);
	return ret;
}

static void graph_trace_reset(void)
{
	unregister_ftrace_function(&graph_ops);
	/* stacks stay: hooked returns still come back through them */
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

static __init int init_graph_tracefs(void)
{
	tracefs_create_file("max_graph_depth", 0644, NULL, NULL, &depth_fops);
	trace_create_option("funcgraph-tail", TRACE_ITER_GRAPH_TAIL);
	return 0;
}
device_initcall(init_graph_tracefs);
