// SPDX-License-Identifier: GPL-2.0
/*
 * The function profiler: calls per function on each CPU and, with the
 * function_graph return hook, the time spent in them.
 *
 * Each CPU has its own table, sized for every site when profiling starts,
 * so the traced path never allocates.  It is only written by its own CPU
 * with irqs off (NMIs are not profiled), so it needs no lock; entries are
 * only ever appended, and a full table counts a drop.  Readers copy the
 * entries out and sort the copy.
 */
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/sort.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "fgraph.h"
#include "ftrace_internal.h"
#include "trace.h"

/* room for functions of modules loaded while profiling */
#define PROF_SLACK	512

struct prof_entry {
	unsigned long	ip;
	unsigned long	hits;
	u64		time;
	u64		time_sq;
	u32		next;		/* index + 1 of the next in the bucket */
};

struct prof_table {
	unsigned int		size;
	unsigned int		used;
	unsigned int		bits;
	unsigned long		drops;
	u32			*buckets;	/* index + 1, 0 ends */
	struct prof_entry	*end;		/* &ent[size] */
	struct prof_entry	ent[];
};

static DEFINE_PER_CPU(struct prof_table *, prof_tables);
static bool profile_enabled;	/* the file's value, under trace_types_lock */
/*
 * What profile_call() reads.  fgraph asks its users only once every site
 * is patched, and the tables are there before and after.
 */
static bool profile_active;

/* inline: on every call and return profiled */
static __always_inline struct prof_entry *prof_lookup(struct prof_table *t,
						      unsigned long ip, bool add)
{
	u32 b = hash_long(ip, t->bits), i;
	struct prof_entry *e;

	for (i = t->buckets[b]; i; i = e->next) {
		e = &t->ent[i - 1];
		if (e->ip == ip)
			return e;
	}
	if (!add)
		return NULL;
	if (t->used >= t->size) {
		t->drops++;
		return NULL;
	}
	e = &t->ent[t->used];
	e->ip = ip;
	e->next = t->buckets[b];
	/* readers see an entry only once it is filled in */
	smp_store_release(&t->used, t->used + 1);
	t->buckets[b] = t->used;
	return e;
}

/* A call of @ip, with irqs off: its entry in @t, NULL if not counted. */
static __always_inline struct prof_entry *prof_hit(struct prof_table *t,
						   unsigned long ip)
{
	struct prof_entry *e = prof_lookup(t, ip, true);

	if (e)
		e->hits++;
	return e;
}

/* The return of a call, with irqs off: @ns more in @e. */
static __always_inline void prof_time(struct prof_entry *e, u64 ns)
{
	e->time += ns;
	e->time_sq += ns * ns;
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER

/* A call (irqs are off): counted, and its return hooked to time it. */
static unsigned int notrace profile_entry(struct fgraph_user *u,
					  unsigned long func,
					  const struct fgraph_counts *cnt)
{
	/* the tables are written with irqs off: NMIs would race them */
	if (in_nmi())
		return 0;
	prof_hit(this_cpu_read(prof_tables), func);
	return FGRAPH_TAKE;
}

/*
 * A return (irqs are off), timed as sleep-time and graph-time say.  A
 * call counted on another CPU is timed here only if this CPU counted
 * the function too.
 */
static void notrace profile_ret(struct fgraph_user *u, const struct fgraph_ret *r,
				unsigned int depth, bool opened)
{
	struct prof_entry *e;

	e = prof_lookup(this_cpu_read(prof_tables), r->func, false);
	if (e)
		prof_time(e, r->rettime - r->calltime);
}

/* The same alone, on fgraph's lean path (never in NMI): the entry is the cookie. */
static unsigned long notrace profile_take(struct fgraph_user *u,
					  unsigned long func)
{
	return (unsigned long)prof_hit(this_cpu_read(prof_tables), func);
}

static void notrace profile_took(struct fgraph_user *u, unsigned long cookie,
				 u64 calltime, u64 rettime)
{
	struct prof_table *t = this_cpu_read(prof_tables);
	struct prof_entry *e = (struct prof_entry *)cookie;

	/*
	 * Counted on another CPU: the task moved since the call.  That
	 * CPU's table stays while we are a user, and an entry's ip is set
	 * before it is published.
	 */
	if (unlikely(e < t->ent || e >= t->end))
		e = prof_lookup(t, e->ip, false);
	if (e)
		prof_time(e, rettime - calltime);
}

/* set_ftrace_filter and set_ftrace_pid choose, as for the top level's tracers */
static struct fgraph_user profile_user = {
	.filter	= &ftrace_global_filter,
	.entry	= profile_entry,
	.ret	= profile_ret,
	.take	= profile_take,
	.took	= profile_took,
};

static int profile_register(void)
{
	return fgraph_add_user(&profile_user);
}

static void profile_unregister(void)
{
	fgraph_remove_user(&profile_user);
}

#else /* !CONFIG_FUNCTION_GRAPH_TRACER: hits only */

static void notrace profile_call(unsigned long ip, unsigned long parent_ip,
				 struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned long flags;

	/* counting starts once every site is patched, not during it */
	if (in_nmi() || !READ_ONCE(profile_active))
		return;
	local_irq_save(flags);
	prof_hit(this_cpu_read(prof_tables), ip);
	local_irq_restore(flags);
}

/* the non-graph profiler: run inside the dispatcher's guard */
static struct ftrace_ops profile_ops = {
	.func	= profile_call,
	.flags	= FTRACE_OPS_FL_GLOBAL_FILTER | FTRACE_OPS_FL_RECURSION,
};

static int profile_register(void)
{
	return register_ftrace_function(&profile_ops);
}

static void profile_unregister(void)
{
	unregister_ftrace_function(&profile_ops);
}

#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

static struct prof_table *prof_table_alloc(unsigned int n)
{
	unsigned int bits = order_base_2(n);
	struct prof_table *t;

	t = vzalloc(struct_size(t, ent, n) + sizeof(u32) * (1UL << bits));
	if (!t)
		return NULL;
	t->size = n;
	t->bits = bits;
	t->end = &t->ent[n];
	t->buckets = (u32 *)t->end;
	return t;
}

/* Fresh tables for every CPU: starting again resets the numbers. */
static int profile_start(void)
{
	unsigned int n = ftrace_nr_sites() + PROF_SLACK;
	struct prof_table *t;
	int cpu, ret;

	for_each_possible_cpu(cpu) {
		t = prof_table_alloc(n);
		if (!t)
			return -ENOMEM;
		vfree(per_cpu(prof_tables, cpu));
		per_cpu(prof_tables, cpu) = t;
	}
	/* counting starts once every site is patched, not during it */
	ret = profile_register();
	if (!ret)
		WRITE_ONCE(profile_active, true);
	return ret;
}

static void profile_stop(void)
{
	WRITE_ONCE(profile_active, false);
	profile_unregister();
	/* nobody is left in the irqs-off updates: tables may be replaced */
	ftrace_sync();
}

static u64 enabled_get(struct trace_array *tr, unsigned long key)
{
	return READ_ONCE(profile_enabled);
}

static int enabled_set(struct trace_array *tr, unsigned long key, u64 val)
{
	int ret = 0;

	mutex_lock(&trace_types_lock);
	if (!!val != profile_enabled) {
		if (val)
			ret = profile_start();
		else
			profile_stop();
		if (!ret)
			WRITE_ONCE(profile_enabled, !!val);
	}
	mutex_unlock(&trace_types_lock);
	return ret;
}

static const struct trace_num_file enabled_file =
	TRACE_NUM_FILE(enabled_get, enabled_set, 0);

static u64 drops_get(struct trace_array *tr, unsigned long key)
{
	unsigned long drops = 0;
	int cpu;

	mutex_lock(&trace_types_lock);
	for_each_possible_cpu(cpu)
		if (per_cpu(prof_tables, cpu))
			drops += READ_ONCE(per_cpu(prof_tables, cpu)->drops);
	mutex_unlock(&trace_types_lock);
	return drops;
}

static const struct trace_num_file drops_file =
	TRACE_NUM_FILE(drops_get, NULL, 0);

/* ---- trace_stat/functionN -------------------------------------------- */

struct prof_snap {
	unsigned int		n;
	struct prof_entry	ent[];
};

/* largest first: by time where there is one, else by hits */
static int prof_cmp(const void *a, const void *b)
{
	const struct prof_entry *x = a, *y = b;

	if (IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) && x->time != y->time)
		return x->time < y->time ? 1 : -1;
	if (x->hits != y->hits)
		return x->hits < y->hits ? 1 : -1;
	return 0;
}

static void *stat_start(struct seq_file *m, loff_t *pos)
{
	struct prof_snap *snap = m->private;

	if (*pos == 0)
		return SEQ_START_TOKEN;
	return *pos <= snap->n ? &snap->ent[*pos - 1] : NULL;
}

static void *stat_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return stat_start(m, pos);
}

static void stat_stop(struct seq_file *m, void *v)
{
}

static int stat_show(struct seq_file *m, void *v)
{
	struct prof_entry *e = v;
	char name[KSYM_NAME_LEN];

	if (v == SEQ_START_TOKEN) {
		if (IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER))
			seq_puts(m, "  Function                               Hit    Time            Avg             s^2\n"
				    "  --------                               ---    ----            ---             ---\n");
		else
			seq_puts(m, "  Function                               Hit\n"
				    "  --------                               ---\n");
		return 0;
	}
	if (!kallsyms_lookup(e->ip, NULL, NULL, NULL, name))
		snprintf(name, sizeof(name), "0x%lx", e->ip);
	seq_printf(m, "  %-30.30s  %10lu", name, e->hits);
	if (IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER)) {
		u64 n = e->hits, var = 0, denom = n * (n - 1) * 1000;
		char buf[128];
		struct seq_buf s;

		/*
		 * The sample variance, in us^2, under mainline 6.12's "s^2" column
		 * of trace_stat/functionN: s^2 = (n sum(x^2) - sum(x)^2) / (n (n - 1))
		 */
		if (denom && n * e->time_sq > e->time * e->time)
			var = div64_u64(n * e->time_sq - e->time * e->time, denom);
		seq_buf_init(&s, buf, sizeof(buf));
		seq_buf_puts(&s, "    ");
		trace_print_graph_duration(&s, e->time);
		seq_buf_puts(&s, "    ");
		trace_print_graph_duration(&s, div64_u64(e->time, n));
		seq_buf_puts(&s, "    ");
		trace_print_graph_duration(&s, var);
		seq_write(m, buf, seq_buf_used(&s));
	}
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations stat_seq_ops = {
	.start	= stat_start,
	.next	= stat_next,
	.stop	= stat_stop,
	.show	= stat_show,
};

static int stat_open(struct inode *inode, struct file *file)
{
	int cpu = (long)inode->i_private;
	struct prof_snap *snap = NULL;
	struct prof_table *t;
	unsigned int i, used;
	int ret;

	mutex_lock(&trace_types_lock);
	t = per_cpu(prof_tables, cpu);
	/* pairs with the release in prof_lookup(): entries filled in */
	used = t ? smp_load_acquire(&t->used) : 0;
	snap = vmalloc(struct_size(snap, ent, used));
	if (snap) {
		snap->n = 0;
		for (i = 0; i < used; i++) {
			struct prof_entry e = t->ent[i];

			/* only functions hit (and timed here, if timing) */
			if (e.hits)
				snap->ent[snap->n++] = e;
		}
	}
	mutex_unlock(&trace_types_lock);
	if (!snap)
		return -ENOMEM;
	sort(snap->ent, snap->n, sizeof(snap->ent[0]), prof_cmp, NULL);
	ret = seq_open(file, &stat_seq_ops);
	if (ret) {
		vfree(snap);
		return ret;
	}
	((struct seq_file *)file->private_data)->private = snap;
	return 0;
}

static int stat_release(struct inode *inode, struct file *file)
{
	vfree(((struct seq_file *)file->private_data)->private);
	return seq_release(inode, file);
}

static const struct file_operations stat_fops = {
	.open		= stat_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= stat_release,
};

static __init int init_function_profiler(void)
{
	struct dentry *dir;
	char name[24];
	int cpu;

	tracefs_create_file("function_profile_enabled", TRACE_MODE_WRITE, NULL, NULL,
			    &enabled_file.fops);
	tracefs_create_file("function_profile_drops", TRACE_MODE_READ, NULL, NULL,
			    &drops_file.fops);
	dir = tracefs_create_dir("trace_stat", NULL);
	if (IS_ERR_OR_NULL(dir))
		return 0;
	for_each_possible_cpu(cpu) {
		snprintf(name, sizeof(name), "function%d", cpu);
		tracefs_create_file(name, TRACE_MODE_READ, dir, (void *)(long)cpu,
				    &stat_fops);
	}
	return 0;
}
device_initcall(init_function_profiler);
