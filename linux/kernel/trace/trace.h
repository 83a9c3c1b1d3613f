/* SPDX-License-Identifier: GPL-2.0 */
/* Internal interface of the tracing core, kernel/trace/ only. */
#ifndef _KERNEL_TRACE_TRACE_H
#define _KERNEL_TRACE_TRACE_H

#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/jump_label.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/seq_buf.h>
#include <linux/string.h>
#include <linux/trace.h>
#include <linux/trace_events.h>
#include <linux/types.h>
#include <asm/setup.h>

#include "ring_buffer_ext.h"

struct dentry;
struct task_struct;

/* tracefs file modes: mainline's, root only (the mount itself is 0700) */
#define TRACE_MODE_WRITE	0640
#define TRACE_MODE_READ		0440

/*
 * Event types, every event starting with struct trace_entry: mainline
 * 6.12's IDs, as events/ftrace/NAME/format says.
 */
enum trace_type {
	TRACE_FN = 1,
	TRACE_STACK = 4,
	TRACE_PRINT = 5,
	TRACE_BPRINT = 6,
	TRACE_GRAPH_RET = 10,
	TRACE_GRAPH_ENT = 11,
	TRACE_USER_STACK = 12,
	TRACE_BPUTS = 14,
	TRACE_RAW_DATA = 18,
	TRACE_TYPE_MAX
};

struct stack_entry {
	struct trace_entry	ent;
	unsigned int		size;
	unsigned int		pad;		/* written: the raw reader gets it */
	unsigned long		caller[];
};

struct ftrace_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	unsigned long		parent_ip;
};

/* function_graph: a call opened (it has a child) */
struct graph_ent_entry {
	struct trace_entry	ent;
	unsigned long		func;
	int			depth;
};

/*
 * function_graph: a return, mainline's funcgraph_exit fields first;
 * @leaf: the call had no child and was not opened (one event for both)
 */
struct graph_ret_entry {
	struct trace_entry	ent;
	unsigned long		func;
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	unsigned long		retval;
#endif
	int			depth;
	unsigned int		overrun;
	u64			calltime;
	u64			rettime;
	int			leaf;
};

/* a trace_marker_raw write: a user-chosen @id and the bytes after it */
struct raw_data_entry {
	struct trace_entry	ent;
	unsigned int		id;
	char			buf[];
};

/* trace_printk() of a constant format: its address and vbin_printf()'s words */
struct bprint_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	const char		*fmt;
	u32			buf[];
};

/* trace_puts() of a constant string: its address */
struct bputs_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	const char		*str;
};

/* a trace_marker write: @buf is NUL-terminated and ends in '\n' */
struct print_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	char			buf[];
};

/* trace_flags: the options/ files */
#define TRACE_ITER_PRINT_PARENT		BIT(0)
#define TRACE_ITER_SYM_OFFSET		BIT(1)
#define TRACE_ITER_FUNC_STACK		BIT(2)
#define TRACE_ITER_SLEEP_TIME		BIT(3)
#define TRACE_ITER_GRAPH_TIME		BIT(4)
#define TRACE_ITER_FUNCTION_FORK	BIT(5)
#define TRACE_ITER_GRAPH_TAIL		BIT(6)
#define TRACE_ITER_GRAPH_CPU		BIT(7)
#define TRACE_ITER_GRAPH_OVERHEAD	BIT(8)
#define TRACE_ITER_GRAPH_PROC		BIT(9)
#define TRACE_ITER_GRAPH_DURATION	BIT(10)
#define TRACE_ITER_GRAPH_ABSTIME	BIT(11)
#define TRACE_ITER_GRAPH_IRQS		BIT(12)
#define TRACE_ITER_GRAPH_OVERRUN	BIT(13)
#define TRACE_ITER_FUNCTION		BIT(14)
#define TRACE_ITER_STOP_ON_FREE		BIT(15)
#define TRACE_ITER_CONTEXT_INFO		BIT(16)
#define TRACE_ITER_IRQ_INFO		BIT(17)
#define TRACE_ITER_SYM_ADDR		BIT(18)
#define TRACE_ITER_MARKERS		BIT(19)
#define TRACE_ITER_OVERWRITE		BIT(20)
#define TRACE_ITER_PAUSE_ON_TRACE	BIT(21)
#define TRACE_ITER_RECORD_CMD		BIT(22)	/* the top level's alone */
#define TRACE_ITER_TEST_NOP_ACCEPT	BIT(23)
#define TRACE_ITER_TEST_NOP_REFUSE	BIT(24)
#define TRACE_ITER_RECORD_TGID		BIT(25)
#define TRACE_ITER_GRAPH_RETVAL		BIT(26)
#define TRACE_ITER_GRAPH_RETVAL_HEX	BIT(27)
#define TRACE_ITER_PRINTK		BIT(28)
#define TRACE_ITER_EVENT_FORK		BIT(29)
#define TRACE_ITER_STACKTRACE		BIT(30)

/* as mainline 6.12's options at boot and in a new instance */
#define TRACE_ITER_DEFAULT	(TRACE_ITER_PRINT_PARENT | TRACE_ITER_FUNCTION | \
				 TRACE_ITER_SLEEP_TIME | \
				 TRACE_ITER_GRAPH_TIME | TRACE_ITER_GRAPH_CPU | \
				 TRACE_ITER_GRAPH_OVERHEAD | \
				 TRACE_ITER_GRAPH_DURATION | TRACE_ITER_GRAPH_IRQS | \
				 TRACE_ITER_CONTEXT_INFO | TRACE_ITER_IRQ_INFO | \
				 TRACE_ITER_MARKERS | TRACE_ITER_OVERWRITE | \
				 TRACE_ITER_PRINTK | \
				 TRACE_ITER_RECORD_CMD)

/*
 * A boot parameter kept as text for an initcall to apply: declares
 * @var and the __setup() handler of @param ("name=") that fills it.
 */
#define TRACE_BOOT_STRING(var, param)				\
	static char var[COMMAND_LINE_SIZE] __initdata;		\
	static int __init var##_setup(char *str)		\
	{							\
		strscpy(var, str, sizeof(var));			\
		return 1;					\
	}							\
	__setup(param, var##_setup)

struct tracer;
struct filter_set;
struct ftrace_hash;
struct ftrace_ops;
struct pid_lists;

/* an option: its name and bit of trace_flags, its options/ file's */
struct trace_option {
	const char	*name;
	unsigned long	bit;
};

/*
 * One trace: a buffer and what records into it and reads it.  The top
 * level is global_trace; each instances/NAME directory is another.  Its
 * files have the array in i_private (a per_cpu/cpuN file has N + 1 in
 * i_cdev).  The list, the tracer and @ref are under trace_types_lock.
 */
struct trace_array {
	struct list_head	list;
	const char		*name;		/* NULL: the top level */
	/* the event systems it has, NULL: all (trace_array_get_by_name()) */
	const char		*system_names;
	struct trace_buffer	*buffer;	/* live: load once per event */
	/*
	 * The snapshot: a second buffer that takes the live one's place on
	 * a swap.  @snapshot_on says whether users see it allocated; the
	 * memory may outlive that until no file of the array is open.
	 */
	struct trace_buffer	*snapshot;
	bool			snapshot_on;
	arch_spinlock_t		swap_lock;	/* @buffer and @snapshot */
	struct tracer		*current_trace;
	void			*tracer_data;	/* the tracer's, while current */
	unsigned long		trace_flags;	/* the options/ files */
	cpumask_var_t		tracing_cpumask;
	cpumask_var_t		pipe_cpus;	/* read by an open trace_pipe */
	int			ref;		/* open files: rmdir waits */
	unsigned int		buffer_percent;	/* buffer_percent, 0-100 */
	unsigned int		subbuf_order;	/* trace_pipe_raw's pages: PAGE_SIZE << it */
	unsigned int		clock_id;	/* trace_clocks[], both buffers' */
	/* set_ftrace_filter/notrace (ftrace_filter.c) and their hashes */
	struct filter_set	*filters;
	struct ftrace_ops	*filter_ops;
	/* set_graph_function/notrace (ftrace_filter.c), read by trace_graph.c */
	struct ftrace_hash __rcu *graph_hash;
	struct ftrace_hash __rcu *graph_notrace_hash;
	/* set_ftrace_pid/notrace_pid (ftrace_pid.c) */
	struct pid_lists	*pids;
	struct dentry		*dir;		/* NULL: the tracefs root */
	struct dentry		*options;
	struct mutex		opts_lock;	/* @opts */
	struct trace_option	opts[BITS_PER_LONG];
	/* trace events (trace_events.c), under event_mutex */
	struct list_head	events;		/* struct trace_event_file */
	struct list_head	event_systems;	/* struct trace_subsystem_dir */
	struct eventfs_inode	*event_dir;	/* events/ */
	struct event_pids __rcu	*event_pids;	/* set_event_pid, _notrace_pid */
	/* error_log (trace_errlog.c), under its lock */
	struct list_head	errlog;
	unsigned int		nr_errlog;
};

/* the size of the pages trace_pipe_raw hands out */
static inline size_t trace_subbuf_size(const struct trace_array *tr)
{
	return PAGE_SIZE << READ_ONCE(tr->subbuf_order);
}

/* buffer_percent of a new array, as mainline's */
#define TRACE_BUFFER_PERCENT_DEFAULT	50

extern struct trace_array global_trace;
/* every array, the top level first; under trace_types_lock */
extern struct list_head trace_arrays;

/*
 * A tracefs file of one unsigned number.  A read prints get()'s value;
 * a write parses a decimal number, refuses one above @max (0: no limit)
 * with EINVAL, and hands it to set() (NULL: read-only).  Both get the
 * file's array (its i_private, NULL for a global file, held open) and its
 * key (i_cdev: an option's bit, or a per-CPU file's CPU + 1, see
 * trace_key_cpu()).  Declare one with TRACE_NUM_FILE().
 */
struct trace_num_file {
	const struct file_operations fops;
	u64			(*get)(struct trace_array *tr, unsigned long key);
	int			(*set)(struct trace_array *tr, unsigned long key,
				       u64 val);
	u64			max;
};

int trace_num_open(struct inode *inode, struct file *file);
int trace_num_release(struct inode *inode, struct file *file);
ssize_t trace_num_read(struct file *filp, char __user *ubuf, size_t cnt,
		       loff_t *ppos);
ssize_t trace_num_write(struct file *filp, const char __user *ubuf,
			size_t cnt, loff_t *ppos);

#define TRACE_NUM_FILE(_get, _set, _max) {		\
	.fops = {					\
		.open		= trace_num_open,	\
		.release	= trace_num_release,	\
		.read		= trace_num_read,	\
		.write		= trace_num_write,	\
		.llseek		= default_llseek,	\
	},						\
	.get = (_get), .set = (_set), .max = (_max),	\
}

/* a per_cpu/cpuN file's key: N, or RING_BUFFER_ALL_CPUS outside per_cpu/ */
static inline int trace_key_cpu(unsigned long key)
{
	return key ? key - 1 : RING_BUFFER_ALL_CPUS;
}

/* a reference for an open file of @tr; -ENODEV once it is removed */
int trace_array_get(struct trace_array *tr);
void trace_array_put(struct trace_array *tr);
/* open and release of a file whose i_private is its array: they hold it */
int trace_array_open(struct inode *inode, struct file *file);
int trace_array_release(struct inode *inode, struct file *file);

/*
 * Files that other parts add to every instance: create() after the
 * array's own (under trace_types_lock), destroy() at rmdir once its
 * tracer is stopped and no file of it is open.
 */
struct trace_array_files {
	int			(*create)(struct trace_array *tr);
	void			(*destroy)(struct trace_array *tr);
	struct list_head	list;
};

void trace_register_array_files(struct trace_array_files *f);

/*
 * An event's context word (tracing_gen_ctx()) in two steps, for callers
 * that take the context now and may need the word later: the flags that
 * preempt_count() does not hold, and the migrate-disable count.
 */
static __always_inline unsigned int trace_ctx_flags(unsigned int irqs_status)
{
	unsigned int flags = irqs_status;

	if (tif_need_resched())
		flags |= TRACE_FLAG_NEED_RESCHED;
	if (test_preempt_need_resched())
		flags |= TRACE_FLAG_PREEMPT_RESCHED;
#ifdef CONFIG_PREEMPT_RT	/* its softirq count is not in preempt_count() */
	if (in_serving_softirq())
		flags |= TRACE_FLAG_SOFTIRQ;
	if (softirq_count() >> (SOFTIRQ_SHIFT + 1))
		flags |= TRACE_FLAG_BH_OFF;
#endif
	return flags;
}

static __always_inline unsigned int trace_ctx_migrate(void)
{
#ifdef CONFIG_SMP
	return current->migration_disabled;
#else
	return 0;
#endif
}

/*
 * The context word of an event, from what tracing_gen_ctx() reads:
 * context flags << 16 | migrate-disable << 4 | preempt depth.
 * @flags is trace_ctx_flags(), @pc preempt_count(), @migrate
 * trace_ctx_migrate(), all taken in the event's context.
 */
static __always_inline unsigned int
trace_ctx_of(unsigned int flags, unsigned int pc, unsigned int migrate)
{
	/* most events come from a task with bottom halves on: one test */
	if (unlikely(pc & (NMI_MASK | HARDIRQ_MASK | SOFTIRQ_MASK))) {
		if (pc & NMI_MASK)
			flags |= TRACE_FLAG_NMI;
		if (pc & HARDIRQ_MASK)
			flags |= TRACE_FLAG_HARDIRQ;
#ifndef CONFIG_PREEMPT_RT	/* else in @flags: trace_ctx_flags() */
		if (pc & SOFTIRQ_OFFSET)
			flags |= TRACE_FLAG_SOFTIRQ;
		if ((pc & SOFTIRQ_MASK) >> (SOFTIRQ_SHIFT + 1))
			flags |= TRACE_FLAG_BH_OFF;
#endif
	}
	return (flags << 16) | (min_t(unsigned int, migrate, 0xf) << 4) |
		min_t(unsigned int, pc & 0xff, 0xf);
}

/*
 * The "local" trace clock, trace_clock_local(), without its preempt guard:
 * for the buffers' writers and the shadow stack, which run with preemption
 * (or irqs) off already.
 */
#define TRACE_CLOCK_LOCAL	sched_clock_noinstr

/* trace_clock.c's clocks; the member order is <asm/trace_clock.h>'s */
struct trace_clock_type {
	u64		(*func)(void);
	const char	*name;
	int		in_ns;		/* else printed as a plain count */
};

extern const struct trace_clock_type trace_clocks[];
extern const unsigned int trace_clocks_nr;

/* the irq part of the context word, from saved irq flags */
static __always_inline unsigned int trace_irqs_status(unsigned long irqflags)
{
	return irqs_disabled_flags(irqflags) ? TRACE_FLAG_IRQS_OFF : 0;
}

/* tracing_gen_ctx_irq_test(): the context word now, but for the irq part */
static __always_inline unsigned int trace_ctx_irqs(unsigned int irqs_status)
{
	return trace_ctx_of(trace_ctx_flags(irqs_status), preempt_count(),
			    trace_ctx_migrate());
}

/* tracing_gen_ctx() inline, for the tracers' per-call paths */
static __always_inline unsigned int trace_ctx_now(void)
{
	unsigned long irqflags;

	local_save_flags(irqflags);
	return trace_ctx_irqs(trace_irqs_status(irqflags));
}

/*
 * The same in a callback that disabled preemption itself: the depth of the
 * traced code, as mainline's tracing_gen_ctx_dec().
 */
static __always_inline unsigned int trace_ctx_now_dec(void)
{
	unsigned int ctx = trace_ctx_now();

	if (IS_ENABLED(CONFIG_PREEMPT_COUNT) && (ctx & 0xf))
		ctx--;
	return ctx;
}

/*
 * Per-CPU room with a level for each context that can nest on a CPU (a
 * task, a softirq, an irq and an NMI), as trace_printk(), the stack
 * writers and filtered events keep: the next level of this CPU's count
 * @used, or -1 when all are in use.  Preemption off until
 * trace_nest_put().
 */
#define TRACE_NEST_LEVELS	4

static __always_inline int trace_nest_get(int __percpu *used)
{
	int level = this_cpu_inc_return(*used) - 1;

	if (unlikely(level >= TRACE_NEST_LEVELS)) {
		this_cpu_dec(*used);
		return -1;
	}
	/* the level is ours before its room is written */
	barrier();
	return level;
}

static __always_inline void trace_nest_put(int __percpu *used)
{
	/* done with the room before the level is given back */
	barrier();
	this_cpu_dec(*used);
}

/* set_ftrace_pid/set_ftrace_notrace_pid verdict for current */
DECLARE_STATIC_KEY_FALSE(ftrace_pids_key);
bool __ftrace_pid_allowed(void);

static __always_inline bool ftrace_pid_allowed(void)
{
	if (!static_branch_unlikely(&ftrace_pids_key))
		return true;
	return __ftrace_pid_allowed();
}

/* the same in an instance, whose lists are @pl */
bool ftrace_pid_allowed_in(struct pid_lists *pl);

/*
 * The pid lists a tracer of @tr checks itself.  NULL at the top level,
 * whose set_ftrace_pid the core checks once per call for every ops
 * (FTRACE_OPS_FL_GLOBAL_FILTER) and every graph user.
 */
static inline struct pid_lists *trace_array_pids(struct trace_array *tr)
{
	return tr->name ? tr->pids : NULL;
}

extern unsigned long tracing_thresh;	/* ns; 0: off */

void trace_find_cmdline(pid_t pid, char comm[TASK_COMM_LEN]);

/* function_graph's duration column, also the profiler's */
void trace_print_graph_duration(struct seq_buf *s, u64 ns);

/* A reader's position and the event under it. */
struct trace_iter {
	struct trace_array		*tr;
	struct trace_buffer		*buffer;	/* what it reads */
	bool				snapshot;	/* a snapshot file */
	bool				paused;		/* its writers, while open */
	struct tracer			*tracer;
	int				cpu_file;	/* or RING_BUFFER_ALL_CPUS */
	struct ring_buffer_iter		**rbi;		/* per CPU, non-consuming */
	struct trace_entry		*ent;
	unsigned int			ent_len;
	int				cpu;
	u64				ts;
	loff_t				pos;
	bool				dump;		/* ftrace_dump()'s lines */
	struct trace_iterator		*ev_iter;	/* trace events' printing */
	struct seq_buf			seq;
	char				line[2 * PAGE_SIZE];	/* a 4 KB marker fits */
	pid_t				graph_pid[NR_CPUS];	/* last pid + 1 */
};

struct trace_array *trace_array_find_unlocked(const char *name, size_t len);

/* the oldest event of @it's CPUs, taken out of its buffer (trace_pipe) */
bool trace_consume_next(struct trace_iter *it, unsigned long *lost);

/*
 * The text of the trace_marker event under @it, without its newline:
 * never read beyond what the event holds.
 */
static inline int print_entry_len(struct trace_iter *it)
{
	struct print_entry *e = (struct print_entry *)it->ent;
	int n = strnlen(e->buf, it->ent_len - sizeof(*e));

	return n && e->buf[n - 1] == '\n' ? n - 1 : n;
}

/*
 * A tracer is selected by writing its name to a current_tracer.  init()
 * starts it on that trace array and reset() stops it, both under
 * trace_types_lock.  Only tracers with @instances run in instances/.  The
 * print hooks are optional: print_line() returns true if it printed the
 * event.
 */
struct tracer {
	const char		*name;
	bool			instances;
	int			(*init)(struct trace_array *tr);
	void			(*reset)(struct trace_array *tr);
	void			(*print_header)(struct trace_iter *it);
	bool			(*print_line)(struct trace_iter *it);
	/* its options: trace_options lists them only while it is current */
	unsigned long		opts;
	/*
	 * Optional: the array's options or graph lists changed while it is
	 * current (tracer_update(), under trace_types_lock).
	 */
	void			(*update)(struct trace_array *tr);
	struct list_head	list;
};

extern struct mutex trace_types_lock;

/* @tr's options or graph lists changed: tell its tracer (trace_types_lock held) */
static inline void tracer_update(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	if (tr->current_trace->update)
		tr->current_trace->update(tr);
}

int register_tracer(struct tracer *t);
/* an options/ file in every trace array, now and later */
void trace_add_option(const char *name, unsigned long bit);

/*
 * The buffer a writer with no file of @tr open writes into: read with
 * preemption off, kept off until the commit.  A snapshot swaps the
 * buffers, and the one swapped out may be freed once every CPU has
 * scheduled (ftrace_sync()): a writer preempted between this read and its
 * reserve would write into freed memory.  (Open files hold the array, and
 * its buffers with it.)
 */
static __always_inline struct trace_buffer *trace_writer_buffer(struct trace_array *tr)
{
	lockdep_assert_preemption_disabled();
	return READ_ONCE(tr->buffer);
}

void *trace_reserve(struct trace_buffer *b, unsigned short type,
		    unsigned int len, unsigned int trace_ctx);

/*
 * Trace exports (trace_export.c, linux/trace.h): a writer of a kind of
 * record hands it to trace_exports() before its commit while the key of
 * that kind is on.
 */
DECLARE_STATIC_KEY_FALSE(trace_function_exports);
DECLARE_STATIC_KEY_FALSE(trace_event_exports);
DECLARE_STATIC_KEY_FALSE(trace_marker_exports);
void trace_exports(const void *entry, unsigned int size, int flag);
static inline void trace_commit(struct trace_buffer *b)
{
	ring_buffer_unlock_commit(b);
}

void trace_func_stack(struct trace_buffer *b, unsigned long ip,
		      unsigned int trace_ctx);
/* the stack into @b from the frame after those in the functions @fns */
void trace_buffer_stack(struct trace_buffer *b, const void *const *fns,
			unsigned int trace_ctx);
/* the functions an event's record goes through on its way to the ring */
extern const void *const event_commit_fns[];

char *trace_listing(struct mutex *lock, void (*fill)(struct seq_buf *s, void *data),
		    void *data, size_t *len, size_t cap);

/* a read-only tracefs file of the NUL-terminated text in its i_private */
extern const struct file_operations trace_text_fops;

/* a user write as a NUL-terminated string of at most @max bytes, or an ERR_PTR */
char *trace_user_string(const char __user *ubuf, size_t cnt, size_t max);

/* empty both buffers of @tr (caller holds trace_types_lock) */
void trace_array_reset(struct trace_array *tr);

/*
 * What set_ftrace_filter's enable_event/disable_event commands need of
 * the trace events (trace_events.c registers them): find() the file of
 * @tr's event (NULL: none), hold() it in soft mode and put() it back.
 */
struct trace_event_file;
struct ftrace_event_hooks {
	struct trace_event_file	*(*find)(struct trace_array *tr, const char *sys,
					 const char *event);
	int			(*hold)(struct trace_event_file *file);
	void			(*put)(struct trace_event_file *file);
};

#ifdef CONFIG_DYNAMIC_FTRACE
void ftrace_filter_event_hooks(const struct ftrace_event_hooks *hooks);
#else
static inline void ftrace_filter_event_hooks(const struct ftrace_event_hooks *hooks) { }
#endif

/* trace_errlog.c: error_log, an entry per parse error ("loc: error: msg") */
void trace_log_err(struct trace_array *tr, const char *loc, const char *cmd,
		   const char *msg, unsigned int pos);
void trace_errlog_clear(struct trace_array *tr);
extern const struct file_operations trace_errlog_fops;

/* trace_output.c */
void print_event(struct trace_iter *it);
/* events/header_page (i_private: the array, held open), header_event */
extern const struct file_operations trace_header_page_fops;
extern const char trace_header_event[];
/* events/ftrace/NAME/{format,id} of the tracers' types (i_private: type) */
extern const struct file_operations trace_type_format_fops;
extern const struct file_operations trace_type_id_fops;
const char *trace_type_name(unsigned long type);
bool trace_type_has_id(unsigned long type);
void print_header(struct trace_iter *it);
extern const struct ring_buffer_exporter trace_exporter;
extern const struct file_operations trace_printk_formats_fops;
/* trace_printk.c: the modules' formats, under their lock */
void trace_printk_fmt_lock(void);
void trace_printk_fmt_unlock(void);
const char **trace_printk_mod_fmt(loff_t pos);
/* the linker's bounds of the constant strings events may point to */
extern const char *__start___trace_bprintk_fmt[];
extern const char *__stop___trace_bprintk_fmt[];
extern const char *__start___tracepoint_str[];
extern const char *__stop___tracepoint_str[];

/* trace_cmdline.c */
DECLARE_PER_CPU(pid_t, trace_saved_pid);
DECLARE_PER_CPU(u64, trace_saved_comm);
void __trace_save_cmdline(struct task_struct *tsk, u64 head);
int trace_find_tgid(pid_t pid);
int trace_tgid_record(bool on);

/* Keep @tsk's comm for the output, unless this CPU just did (writers) */
static __always_inline void trace_save_cmdline(struct task_struct *tsk)
{
	u64 head;

	/* the first 8 bytes of comm tell an exec() apart cheaply */
	memcpy(&head, tsk->comm, sizeof(head));
	if (__this_cpu_read(trace_saved_pid) != tsk->pid ||
	    __this_cpu_read(trace_saved_comm) != head)
		__trace_save_cmdline(tsk, head);
}

/*
 * The common header of an event just reserved, from @trace_ctx, with the
 * comm kept.  The per-call paths of the function and function_graph
 * tracers reserve inline (ring_buffer_write.h) and call this; the rest
 * use trace_reserve().
 */
static __always_inline void trace_entry_init(struct trace_entry *ent, unsigned short type,
					     unsigned int trace_ctx)
{
	ent->type = type;
	ent->flags = trace_ctx >> 16;
	ent->preempt_count = trace_ctx & 0xff;
	ent->pid = current->pid;
	trace_save_cmdline(current);
}

int trace_snapshot_alloc(struct trace_array *tr);
bool trace_snapshot_swap(struct trace_array *tr);
ssize_t trace_snapshot_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos);

/* trace_readers.c: trace, snapshot and trace_pipe (top and per CPU) */
extern const struct file_operations trace_fops;
extern const struct file_operations trace_snapshot_fops;
extern const struct file_operations trace_pipe_fops;

/* trace_raw.c: per_cpu/cpuN/trace_pipe_raw and snapshot_raw */
extern const struct file_operations trace_pipe_raw_fops;
extern const struct file_operations trace_snapshot_raw_fops;

#endif /* _KERNEL_TRACE_TRACE_H */
