// SPDX-License-Identifier: GPL-2.0
/*
 * Trace events: the kernel's TRACE_EVENT() tracepoints, recorded into the
 * trace arrays' buffers.
 *
 * An event call (struct trace_event_call, built by include/trace/) is one
 * tracepoint with its record layout and print format.  The built-in calls
 * come from the _ftrace_events section, a module's with the module.  Each
 * trace array has a struct trace_event_file per call, under
 * events/SYSTEM/EVENT/ (eventfs: the files are made when looked up), and
 * enabling it registers the class's probe on the tracepoint with the file
 * as its data; the probe reserves, fills and commits a record through
 * trace_event_buffer_reserve() and trace_event_buffer_commit() below.
 *
 * A file is ENABLED while its probe is registered.  Triggers need the
 * probe without recording: they hold the file in soft mode (SOFT_MODE,
 * counted in sm_ref), registered but SOFT_DISABLED unless it was enabled
 * before or an enable_event trigger turned it on.  Writing its enable file
 * in soft mode only flips SOFT_DISABLED; leaving soft mode unregisters it
 * if it is soft disabled.  The files then read as mainline 6.12's do
 * (observed): "0", "1", "0*" or "1*", and a system's or the top level's
 * enable "0", "1" or "X" over its events' ENABLED.
 *
 * Locking: event_mutex (nested in trace_types_lock) guards the list of
 * calls, every array's files and systems, and every change of a file's
 * flags, filter and triggers.  The record path reads them with preemption
 * disabled (the tracepoint's), so a filter or trigger taken off a file is
 * freed after a sched-RCU grace period, and a file after its probe is
 * unregistered and tracepoint_synchronize_unregister() has passed.
 * A filtered event is built in a per-CPU scratch record (one per context
 * that can nest on a CPU, each owned from reserve to commit with the
 * tracepoint's preemption off) and copied into the ring only if it passes.
 * A file is also held by each open file and by its eventfs directory
 * (released when the directory goes), so a module's files outlive the
 * module while open; they are marked FREED and refuse every operation.
 */
#include <linux/ctype.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>

#include "trace_events_internal.h"

/* every change of the calls and of the arrays' event files (see above) */
DEFINE_MUTEX(event_mutex);

static LIST_HEAD(event_calls);

/* A system's directory in one array: events/SYSTEM/. */
struct trace_subsystem_dir {
	struct list_head	list;		/* tr->event_systems */
	const char		*name;		/* the calls' class->system */
	struct trace_array	*tr;
	struct eventfs_inode	*ei;
	int			nr_events;
};

/* ---- enabling -------------------------------------------------------- */

static int file_register(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;
	int ret;

	ret = call->class->reg(call, TRACE_REG_REGISTER, file);
	if (ret) {
		pr_warn("event %s: cannot register its probe (%d)\n",
			trace_event_name(call), ret);
		return ret;
	}
	set_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags);
	set_bit(EVENT_FILE_FL_WAS_ENABLED_BIT, &file->flags);
	return 0;
}

static void file_unregister(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;

	call->class->reg(call, TRACE_REG_UNREGISTER, file);
	clear_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags);
	clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
}

/* the enable file or set_event: @on records the event or stops it */
static int event_set_enabled(struct trace_event_file *file, bool on)
{
	lockdep_assert_held(&event_mutex);
	if (file->flags & EVENT_FILE_FL_SOFT_MODE) {
		if (on)
			clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
		else
			set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
		return 0;
	}
	if (on == !!(file->flags & EVENT_FILE_FL_ENABLED))
		return 0;
	if (on)
		return file_register(file);
	file_unregister(file);
	return 0;
}

/*
 * A trigger on @file (or an enable_event trigger's target) holds it in
 * soft mode: registered, and soft disabled if it was not recording.
 */
static int trace_event_soft_mode(struct trace_event_file *file, bool hold)
{
	int ret;

	lockdep_assert_held(&event_mutex);
	if (hold) {
		if (atomic_inc_return(&file->sm_ref) > 1)
			return 0;
		set_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
		if (file->flags & EVENT_FILE_FL_ENABLED)
			return 0;
		set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
		ret = file_register(file);
		if (ret) {
			atomic_dec(&file->sm_ref);
			clear_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
			clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
		}
		return ret;
	}
	if (WARN_ON_ONCE(atomic_read(&file->sm_ref) <= 0) ||
	    !atomic_dec_and_test(&file->sm_ref))
		return 0;
	clear_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
	if (file->flags & EVENT_FILE_FL_SOFT_DISABLED)
		file_unregister(file);
	return 0;
}

/* "0", "1", "0*" or "1*" */
static int file_enable_state(struct trace_event_file *file, char *buf)
{
	unsigned long flags = READ_ONCE(file->flags);
	bool on = (flags & EVENT_FILE_FL_ENABLED) &&
		  !(flags & EVENT_FILE_FL_SOFT_DISABLED);

	return sprintf(buf, "%d%s\n", on,
		       flags & (EVENT_FILE_FL_SOFT_MODE | EVENT_FILE_FL_SOFT_DISABLED) ?
		       "*" : "");
}

static const char *file_system(struct trace_event_file *file)
{
	return file->event_call->class->system;
}

/* events of @tr matching @sys and @event (NULL: any), on or off */
static int set_events(struct trace_array *tr, const char *sys, const char *event,
		      bool on)
{
	struct trace_event_file *file;
	int ret = -EINVAL, err;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &tr->events, list) {
		struct trace_event_call *call = file->event_call;

		if (file->flags & EVENT_FILE_FL_FREED ||
		    call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)
			continue;
		if (sys && strcmp(sys, file_system(file)))
			continue;
		if (event && strcmp(event, trace_event_name(call)))
			continue;
		err = event_set_enabled(file, on);
		if (err)
			return err;
		ret = 0;
	}
	return ret;
}

/*
 * One set_event item: "[!][SYSTEM:][EVENT]", where an empty or "*" part
 * matches all, and a word alone names an event or a system (mainline's).
 */
static int set_event_item(struct trace_array *tr, char *item, bool on)
{
	char *sys = NULL, *event = item, *colon;
	int ret;

	if (*item == '!') {
		on = false;
		event = ++item;
	}
	colon = strchr(item, ':');
	if (colon) {
		*colon = '\0';
		sys = item;
		event = colon + 1;
	}
	if (sys && (!*sys || !strcmp(sys, "*")))
		sys = NULL;
	if (!*event || !strcmp(event, "*"))
		event = NULL;
	if (!colon && event) {
		/* a word alone: an event of any system, else a system */
		ret = set_events(tr, NULL, event, on);
		if (ret == -EINVAL)
			ret = set_events(tr, event, NULL, on);
		return ret;
	}
	return set_events(tr, sys, event, on);
}

/* every event of @tr off, soft-mode ones soft disabled */
static void clear_events(struct trace_array *tr)
{
	lockdep_assert_held(&event_mutex);
	set_events(tr, NULL, NULL, false);
}

/* ---- the record path -------------------------------------------------- */

bool trace_event_ignore_this_pid(struct trace_event_file *trace_file)
{
	return event_pids_ignore(trace_file->tr);
}
EXPORT_SYMBOL_GPL(trace_event_ignore_this_pid);

/*
 * A probe's check before it builds a record: run the triggers that need
 * no record, then say whether the event is off for now (soft disabled, or
 * the task ruled out by set_event_pid).
 */
bool __trace_trigger_soft_disabled(struct trace_event_file *file)
{
	unsigned long flags = file->flags;

	if (flags & EVENT_FILE_FL_TRIGGER_MODE)
		event_triggers_call(file, NULL, NULL, NULL);
	if (flags & EVENT_FILE_FL_SOFT_DISABLED)
		return true;
	if (flags & EVENT_FILE_FL_PID_FILTER)
		return trace_event_ignore_this_pid(file);
	return false;
}
EXPORT_SYMBOL_GPL(__trace_trigger_soft_disabled);

/*
 * A filtered event is built here and copied into the ring only if its
 * filter passes, as mainline's buffered events: one the filter drops then
 * takes no room in the ring (as padding it overwrote older events) and
 * wakes no reader.  A level for each context that can nest on a CPU; a
 * bigger record, or a fifth level, is reserved in the ring and discarded
 * there (trace_nest_get()).  The commit of a record in scratch is out of
 * line, so that the path of unfiltered events is as before.
 */
#define EVENT_SCRATCH_SIZE	512

struct event_scratch {
	unsigned int	len[TRACE_NEST_LEVELS];
	u64		rec[TRACE_NEST_LEVELS][EVENT_SCRATCH_SIZE / sizeof(u64)];
};

static DEFINE_PER_CPU(struct event_scratch, event_scratch);
static DEFINE_PER_CPU(int, event_scratch_used);	/* levels in use */

/* a scratch record for @len bytes, or NULL */
static void *event_scratch_get(unsigned long len)
{
	struct event_scratch *sc = this_cpu_ptr(&event_scratch);
	int d;

	if (len > EVENT_SCRATCH_SIZE)
		return NULL;
	/* a nested event takes the next level */
	d = trace_nest_get(&event_scratch_used);
	if (d < 0)
		return NULL;
	sc->len[d] = len;
	return sc->rec[d];
}

/* the filter's verdict on @fbuffer's record (and soft disable's) */
static __always_inline bool event_keep(struct trace_event_buffer *fbuffer,
				       unsigned long flags)
{
	struct trace_event_file *file = fbuffer->trace_file;

	return !(flags & EVENT_FILE_FL_SOFT_DISABLED) &&
	       (!(flags & EVENT_FILE_FL_FILTERED) ||
		filter_match_preds(rcu_dereference_raw(file->filter), fbuffer->entry));
}

/* the triggers that look at the record, before it is kept or dropped */
static __always_inline enum event_trigger_type
event_triggers_first(struct trace_event_buffer *fbuffer, unsigned long flags)
{
	if (!(flags & EVENT_FILE_FL_TRIGGER_COND))
		return ETT_NONE;
	/* ->event is NULL for a record in scratch */
	return event_triggers_call(fbuffer->trace_file, fbuffer->buffer,
				   fbuffer->entry, fbuffer->event);
}

/* once the record is in the ring (@written) or dropped */
static __always_inline void event_commit_done(struct trace_event_buffer *fbuffer,
					      bool written,
					      enum event_trigger_type tt)
{
	struct trace_event_file *file = fbuffer->trace_file;

	/* options/stacktrace: the stack after each event */
	if (written && unlikely(file->tr->trace_flags & TRACE_ITER_STACKTRACE))
		trace_buffer_stack(fbuffer->buffer, event_commit_fns,
				   fbuffer->trace_ctx);
	if (tt)
		event_triggers_post_call(file, tt);
}

/* trace_event_buffer_commit() of a record in scratch: into the ring if kept */
static noinline void event_scratch_commit(struct trace_event_buffer *fbuffer)
{
	struct event_scratch *sc = this_cpu_ptr(&event_scratch);
	unsigned long flags = fbuffer->trace_file->flags;
	enum event_trigger_type tt = event_triggers_first(fbuffer, flags);
	int d = this_cpu_read(event_scratch_used) - 1;
	bool written = false;

	if (event_keep(fbuffer, flags)) {
		if (static_branch_unlikely(&trace_event_exports))
			trace_exports(sc->rec[d], sc->len[d], TRACE_EXPORT_EVENT);
		written = !ring_buffer_write(fbuffer->buffer, sc->len[d], sc->rec[d]);
	}
	trace_nest_put(&event_scratch_used);
	event_commit_done(fbuffer, written, tt);
}

void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len)
{
	struct trace_event_call *call = trace_file->event_call;
	struct trace_entry *ent;
	unsigned int ctx;

	if ((trace_file->flags & EVENT_FILE_FL_PID_FILTER) &&
	    trace_event_ignore_this_pid(trace_file))
		return NULL;
	/* the context of the tracepoint's caller: less its preempt guard */
	ctx = tracing_gen_ctx_dec();
	fbuffer->trace_file = trace_file;
	fbuffer->trace_ctx = ctx;
	fbuffer->regs = NULL;
	fbuffer->buffer = trace_writer_buffer(trace_file->tr);
	if (unlikely(trace_file->flags & EVENT_FILE_FL_FILTERED)) {
		ent = event_scratch_get(len);
		/* in scratch: no ring event */
		if (ent) {
			fbuffer->event = NULL;
			goto fill;
		}
	}
	fbuffer->event = ring_buffer_lock_reserve(fbuffer->buffer, len);
	if (!fbuffer->event)
		return NULL;
	ent = ring_buffer_event_data(fbuffer->event);
fill:
	ent->type = call->event.type;
	ent->flags = ctx >> 16;
	ent->preempt_count = ctx & 0xff;
	ent->pid = current->pid;
	trace_save_cmdline(current);
	fbuffer->entry = ent;
	return ent;
}
EXPORT_SYMBOL_GPL(trace_event_buffer_reserve);

void trace_event_buffer_commit(struct trace_event_buffer *fbuffer)
{
	unsigned long flags = fbuffer->trace_file->flags;
	enum event_trigger_type tt;
	bool written;

	if (unlikely(!fbuffer->event)) {
		event_scratch_commit(fbuffer);
		return;
	}
	tt = event_triggers_first(fbuffer, flags);
	written = event_keep(fbuffer, flags);
	if (written) {
		if (static_branch_unlikely(&trace_event_exports))
			trace_exports(fbuffer->entry,
				      ring_buffer_event_length(fbuffer->event),
				      TRACE_EXPORT_EVENT);
		ring_buffer_unlock_commit(fbuffer->buffer);
	} else {
		ring_buffer_discard_commit(fbuffer->buffer, fbuffer->event);
	}
	event_commit_done(fbuffer, written, tt);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_commit);

/*
 * Where an event's stack trace starts (options/stacktrace, the stacktrace
 * trigger): after these, at the probe, whichever of them gcc turned into
 * tail calls.  Mainline 6.12 shows "=> trace_event_raw_event_<event>" first.
 */
const void *const event_commit_fns[] = {
	trace_event_buffer_commit,
	event_scratch_commit,
	event_triggers_post_call,
	NULL
};

/* the class's probe on its tracepoint, with the file as its data */
int trace_event_reg(struct trace_event_call *call, enum trace_reg type, void *data)
{
	struct trace_event_file *file = data;

	WARN_ON(!(call->flags & TRACE_EVENT_FL_TRACEPOINT));
	switch (type) {
	case TRACE_REG_REGISTER:
		return tracepoint_probe_register(call->tp, call->class->probe, file);
	case TRACE_REG_UNREGISTER:
		tracepoint_probe_unregister(call->tp, call->class->probe, file);
		return 0;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		return tracepoint_probe_register(call->tp, call->class->perf_probe, call);
	case TRACE_REG_PERF_UNREGISTER:
		tracepoint_probe_unregister(call->tp, call->class->perf_probe, call);
		return 0;
	case TRACE_REG_PERF_OPEN:
	case TRACE_REG_PERF_CLOSE:
	case TRACE_REG_PERF_ADD:
	case TRACE_REG_PERF_DEL:
		return 0;
#endif
	}
	return 0;
}
EXPORT_SYMBOL_GPL(trace_event_reg);

/* a call's type number, for its records and its id file */
int trace_event_raw_init(struct trace_event_call *call)
{
	return register_trace_event(&call->event) ? 0 : -ENODEV;
}
EXPORT_SYMBOL_GPL(trace_event_raw_init);

/* ---- file references ------------------------------------------------- */

static void file_get(struct trace_event_file *file)
{
	refcount_inc(&file->ref);
}

/* the last user frees it: no lock, the file is off every list by then */
static void file_put(struct trace_event_file *file)
{
	if (!refcount_dec_and_test(&file->ref))
		return;
	event_filter_free(rcu_dereference_protected(file->filter, 1));
	kfree(file);
}

/*
 * An open events/ file of an event: holds the file and its array; refused
 * once the event is gone (a module's, unloaded).
 */
static int event_file_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = inode->i_private;
	int ret;

	ret = trace_array_get(file->tr);
	if (ret)
		return ret;
	mutex_lock(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED) {
		ret = -ENODEV;
	} else {
		file_get(file);
		filp->private_data = file;
	}
	mutex_unlock(&event_mutex);
	if (ret)
		trace_array_put(file->tr);
	return ret;
}

static int event_file_release(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = inode->i_private;
	struct trace_array *tr = file->tr;

	file_put(file);
	trace_array_put(tr);
	return 0;
}

/* "0" or "1" (and a newline), else -EINVAL, as mainline's enable files */
static int parse_bool01(const char __user *ubuf, size_t cnt, bool *on)
{
	char buf[8] = {};
	char *s;

	if (!cnt || cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	s = strim(buf);
	if (strcmp(s, "0") && strcmp(s, "1"))
		return -EINVAL;
	*on = *s == '1';
	return 0;
}

/* ---- events/SYSTEM/EVENT/enable --------------------------------------- */

static ssize_t event_enable_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	char buf[8];
	int len;

	if (file->flags & EVENT_FILE_FL_FREED)
		return -ENODEV;
	len = file_enable_state(file, buf);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t event_enable_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	bool on;
	int ret;

	ret = parse_bool01(ubuf, cnt, &on);
	if (ret)
		return ret;
	mutex_lock(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED)
		ret = -ENODEV;
	else
		ret = event_set_enabled(file, on);
	mutex_unlock(&event_mutex);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations event_enable_fops = {
	.open		= event_file_open,
	.read		= event_enable_read,
	.write		= event_enable_write,
	.release	= event_file_release,
	.llseek		= default_llseek,
};

/* ---- events/SYSTEM/EVENT/id and format --------------------------------- */

static ssize_t event_id_read(struct file *filp, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	char buf[16];
	int len;

	if (file->flags & EVENT_FILE_FL_FREED)
		return -ENODEV;
	len = sprintf(buf, "%d\n", file->event_call->event.type);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations event_id_fops = {
	.open		= event_file_open,
	.read		= event_id_read,
	.release	= event_file_release,
	.llseek		= default_llseek,
};

/*
 * One field line of a format file.  An array's type holds its length
 * ("char[16]") and prints after the name, a __data_loc one's stays whole:
 * "\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;" (mainline
 * 6.12's events/sched/sched_switch/format, observed).
 */
static void format_field(struct seq_file *m, const struct event_field *f)
{
	const char *bracket = strchr(f->type, '[');

	if (bracket && !strncmp(f->type, "__data_loc", 10))
		bracket = NULL;
	if (bracket && !strncmp(f->type, "__rel_loc", 9))
		bracket = NULL;
	if (!bracket)
		seq_printf(m, "\tfield:%s %s;", f->type, f->name);
	else if (f->len)
		seq_printf(m, "\tfield:%.*s %s[%d];", (int)(bracket - f->type),
			   f->type, f->name, f->len);
	else
		seq_printf(m, "\tfield:%.*s %s[];", (int)(bracket - f->type),
			   f->type, f->name);
	seq_printf(m, "\toffset:%d;\tsize:%d;\tsigned:%d;\n",
		   f->offset, f->size, f->is_signed);
}

static int event_format_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file = m->private;
	struct trace_event_call *call = file->event_call;
	const struct event_field *f;
	unsigned int i;

	if (file->flags & EVENT_FILE_FL_FREED)
		return -ENODEV;
	seq_printf(m, "name: %s\nID: %d\nformat:\n", trace_event_name(call),
		   call->event.type);
	for (i = 0; i < event_nr_common_fields; i++)
		format_field(m, &event_common_fields[i]);
	seq_putc(m, '\n');
	list_for_each_entry(f, trace_get_fields(call), link)
		format_field(m, f);
	seq_printf(m, "\nprint fmt: %s\n", call->print_fmt);
	return 0;
}

/* an event's file read through @show (single_open(), m->private the file) */
static int event_single_open(struct inode *inode, struct file *filp,
			     int (*show)(struct seq_file *, void *))
{
	int ret = event_file_open(inode, filp);

	if (ret)
		return ret;
	/* the seq_file takes private_data (seq_open() warns if it is set) */
	filp->private_data = NULL;
	ret = single_open(filp, show, inode->i_private);
	if (ret)
		event_file_release(inode, filp);
	return ret;
}

static int event_single_release(struct inode *inode, struct file *filp)
{
	single_release(inode, filp);
	return event_file_release(inode, filp);
}

static int event_format_open(struct inode *inode, struct file *filp)
{
	return event_single_open(inode, filp, event_format_show);
}

static const struct file_operations event_format_fops = {
	.open		= event_format_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= event_single_release,
};

/* ---- events/SYSTEM/EVENT/filter and events/SYSTEM/filter --------------- */

/* a filter's text, a trigger command: less than a page, as mainline */
#define FILTER_MAX	(PAGE_SIZE - 1)

/* replace @file's filter by @f (NULL: none); the old one after a grace period */
static void file_set_filter(struct trace_event_file *file, struct event_filter *f)
{
	struct event_filter *old = rcu_dereference_protected(file->filter,
							     lockdep_is_held(&event_mutex));

	if (f && event_filter_active(f)) {
		rcu_assign_pointer(file->filter, f);
		set_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags);
	} else {
		clear_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags);
		rcu_assign_pointer(file->filter, f);
	}
	if (old)
		event_filter_free_rcu(old);
}

static ssize_t event_filter_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	char *buf;
	ssize_t ret;
	int len;

	buf = kmalloc(FILTER_MAX + 256, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	mutex_lock(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED)
		len = -ENODEV;
	else
		len = event_filter_text(rcu_dereference_protected(file->filter, 1),
					buf, FILTER_MAX + 256);
	mutex_unlock(&event_mutex);
	ret = len < 0 ? len : simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
	kfree(buf);
	return ret;
}

static ssize_t event_filter_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	struct event_filter *f = NULL;
	char *buf;
	int ret;

	buf = trace_user_string(ubuf, cnt, FILTER_MAX);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED) {
		ret = -ENODEV;
	} else if (!strcmp(strim(buf), "0")) {
		file_set_filter(file, NULL);
		ret = 0;
	} else {
		ret = event_filter_parse(file->event_call, buf, &f);
		if (ret)
			event_filter_log_error(file->tr, f);
		/* a bad filter is kept for its message and filters nothing */
		file_set_filter(file, f);
	}
	mutex_unlock(&event_mutex);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations event_filter_fops = {
	.open		= event_file_open,
	.read		= event_filter_read,
	.write		= event_filter_write,
	.release	= event_file_release,
	.llseek		= default_llseek,
};

/* ---- events/SYSTEM/EVENT/trigger --------------------------------------- */

static int event_trigger_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file = m->private;

	mutex_lock(&event_mutex);
	if (!(file->flags & EVENT_FILE_FL_FREED))
		event_triggers_show(m, file);
	mutex_unlock(&event_mutex);
	return 0;
}

static int event_trigger_open(struct inode *inode, struct file *filp)
{
	return event_single_open(inode, filp, event_trigger_show);
}

/* the file of @tr's event @sys:@event, or NULL */
static struct trace_event_file *find_file(struct trace_array *tr,
					  const char *sys, const char *event)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &tr->events, list) {
		if (file->flags & EVENT_FILE_FL_FREED)
			continue;
		if (!strcmp(sys, file_system(file)) &&
		    !strcmp(event, trace_event_name(file->event_call)))
			return file;
	}
	return NULL;
}

/*
 * An enable_event/disable_event trigger holds its target: in soft mode,
 * and its module loaded (as mainline: rmmod refuses while it is there).
 */
static int trigger_target_get(struct trace_event_file *target)
{
	int ret;

	if (!trace_event_try_get_ref(target->event_call))
		return -EBUSY;
	ret = trace_event_soft_mode(target, true);
	if (ret)
		trace_event_put_ref(target->event_call);
	return ret;
}

static void trigger_target_put(struct trace_event_file *target)
{
	trace_event_soft_mode(target, false);
	trace_event_put_ref(target->event_call);
}

/* a trigger command: add one, or take one off with '!' */
static int trigger_command(struct trace_event_file *file, char *cmd)
{
	struct trace_event_file *target = NULL;
	char *tsys = NULL, *tevent = NULL;
	struct event_trigger *t;
	bool remove;
	int ret;

	t = event_trigger_parse(file, cmd, &remove, &tsys, &tevent);
	if (IS_ERR(t))
		return PTR_ERR(t);
	if (remove) {
		/* taking off a trigger that is not there is no error */
		if (event_trigger_detach(file, t, &target)) {
			if (target)
				trigger_target_put(target);
			trace_event_soft_mode(file, false);
		}
		event_trigger_free(t);
		return 0;
	}
	if (tsys) {
		target = find_file(file->tr, tsys, tevent);
		if (!target) {
			event_trigger_free(t);
			return -EINVAL;
		}
	}
	ret = trace_event_soft_mode(file, true);
	if (ret)
		goto out_free;
	if (target) {
		ret = trigger_target_get(target);
		if (ret)
			goto out_soft;
	}
	ret = event_trigger_attach(file, t, target);
	if (!ret)
		return 0;
	if (target)
		trigger_target_put(target);
out_soft:
	trace_event_soft_mode(file, false);
out_free:
	event_trigger_free(t);
	return ret;
}

/* every trigger of @file off, and the soft modes they held */
static void clear_triggers(struct trace_event_file *file)
{
	struct trace_event_file *targets[16];
	unsigned int n, i;

	do {
		n = event_triggers_clear(file, targets, ARRAY_SIZE(targets));
		for (i = 0; i < n; i++) {
			if (targets[i])
				trigger_target_put(targets[i]);
			trace_event_soft_mode(file, false);
		}
	} while (n == ARRAY_SIZE(targets));
}

static ssize_t event_trigger_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct seq_file *m = filp->private_data;
	struct trace_event_file *file = m->private;
	char *buf, *cmd;
	int ret;

	buf = trace_user_string(ubuf, cnt, FILTER_MAX);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	cmd = strim(buf);
	/* the buffer a snapshot trigger swaps in, made outside event_mutex */
	if (!strncmp(cmd, "snapshot", 8) && IS_ENABLED(CONFIG_TRACER_SNAPSHOT)) {
		mutex_lock(&trace_types_lock);
		ret = trace_snapshot_alloc(file->tr);
		mutex_unlock(&trace_types_lock);
		if (ret) {
			kfree(buf);
			return ret;
		}
	}
	mutex_lock(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED)
		ret = -ENODEV;
	else if (!*cmd)
		ret = -EINVAL;	/* no command: mainline's */
	else
		ret = trigger_command(file, cmd);
	mutex_unlock(&event_mutex);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations event_trigger_fops = {
	.open		= event_trigger_open,
	.read		= seq_read,
	.write		= event_trigger_write,
	.llseek		= seq_lseek,
	.release	= event_single_release,
};

/* ---- events/SYSTEM/{enable,filter}, events/enable --------------------- */

/*
 * "0", "1" or "X" over @tr's events (@sys NULL: all): X when some are
 * enabled and some not.
 */
static char enabled_state(struct trace_array *tr, const char *sys)
{
	struct trace_event_file *file;
	int seen = 0;

	list_for_each_entry(file, &tr->events, list) {
		if (file->flags & EVENT_FILE_FL_FREED ||
		    file->event_call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)
			continue;
		if (sys && strcmp(sys, file_system(file)))
			continue;
		seen |= file->flags & EVENT_FILE_FL_ENABLED ? 2 : 1;
		if (seen == 3)
			return 'X';
	}
	return seen == 2 ? '1' : '0';
}

/* i_private: the system's directory, or for events/enable the array */
static int system_open(struct inode *inode, struct file *filp)
{
	struct trace_subsystem_dir *dir = inode->i_private;

	return trace_array_get(dir->tr);
}

static int system_release(struct inode *inode, struct file *filp)
{
	struct trace_subsystem_dir *dir = inode->i_private;

	trace_array_put(dir->tr);
	return 0;
}

/* "0", "1" or "X" over @tr's events of @sys (NULL: all) */
static ssize_t enable_read(struct trace_array *tr, const char *sys,
			   char __user *ubuf, size_t cnt, loff_t *ppos)
{
	char buf[2];

	mutex_lock(&event_mutex);
	buf[0] = enabled_state(tr, sys);
	mutex_unlock(&event_mutex);
	buf[1] = '\n';
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, 2);
}

/* all of @tr's events of @sys (NULL: all) on or off */
static ssize_t enable_write(struct trace_array *tr, const char *sys,
			    const char __user *ubuf, size_t cnt, loff_t *ppos)
{
	bool on;
	int ret;

	ret = parse_bool01(ubuf, cnt, &on);
	if (ret)
		return ret;
	mutex_lock(&event_mutex);
	ret = set_events(tr, sys, NULL, on);
	mutex_unlock(&event_mutex);
	/* none there that can be enabled: nothing to do */
	if (ret && ret != -EINVAL)
		return ret;
	*ppos += cnt;
	return cnt;
}

static ssize_t system_enable_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = file_inode(filp)->i_private;

	return enable_read(dir->tr, dir->name, ubuf, cnt, ppos);
}

static ssize_t system_enable_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = file_inode(filp)->i_private;

	return enable_write(dir->tr, dir->name, ubuf, cnt, ppos);
}

static const struct file_operations system_enable_fops = {
	.open		= system_open,
	.read		= system_enable_read,
	.write		= system_enable_write,
	.release	= system_release,
	.llseek		= default_llseek,
};

/* a system's filter file reads as this, whatever was written (mainline's) */
static const char system_filter_text[] =
	"### global filter ###\n"
	"# Use this to set filters for multiple events.\n"
	"# Only events with the given fields will be affected.\n"
	"# If no events are modified, an error message will be displayed here\n";

static ssize_t system_filter_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	return simple_read_from_buffer(ubuf, cnt, ppos, system_filter_text,
				       sizeof(system_filter_text) - 1);
}

/*
 * The filter on every event of the system; an event without its fields
 * gets none and says so in its own filter file.
 */
static ssize_t system_filter_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = file_inode(filp)->i_private;
	struct trace_event_file *file;
	struct event_filter *f;
	bool clear;
	char *buf;
	int ret = 0;

	buf = trace_user_string(ubuf, cnt, FILTER_MAX);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	clear = !strcmp(strim(buf), "0");
	mutex_lock(&event_mutex);
	list_for_each_entry(file, &dir->tr->events, list) {
		if (file->flags & EVENT_FILE_FL_FREED ||
		    strcmp(dir->name, file_system(file)))
			continue;
		if (clear) {
			file_set_filter(file, NULL);
			continue;
		}
		f = NULL;
		ret = event_filter_parse(file->event_call, buf, &f);
		if (ret && ret != -ENOMEM) {
			event_filter_free(f);
			f = event_filter_error(strim(buf),
					       "Couldn't find or set field in one of a subsystem's events",
					       0);
			event_filter_log_error(dir->tr, f);
		}
		file_set_filter(file, f);
		ret = 0;
	}
	mutex_unlock(&event_mutex);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations system_filter_fops = {
	.open		= system_open,
	.read		= system_filter_read,
	.write		= system_filter_write,
	.release	= system_release,
	.llseek		= default_llseek,
};

static ssize_t top_enable_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	return enable_read(file_inode(filp)->i_private, NULL, ubuf, cnt, ppos);
}

static ssize_t top_enable_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	return enable_write(file_inode(filp)->i_private, NULL, ubuf, cnt, ppos);
}

static const struct file_operations top_enable_fops = {
	.open		= trace_array_open,
	.read		= top_enable_read,
	.write		= top_enable_write,
	.release	= trace_array_release,
	.llseek		= default_llseek,
};

/* ---- set_event and available_events ----------------------------------- */

/*
 * Both list "system:event" lines in the calls' order: every event, or the
 * enabled ones of the file's array (soft mode included, as mainline's);
 * m->private is the array, NULL for available_events.
 */
static void *event_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_array *tr = m->private;
	struct list_head *head = tr ? &tr->events : &event_calls;
	struct list_head *l = v;

	(*pos)++;
	for (l = l->next; l != head; l = l->next) {
		struct trace_event_file *file;

		if (!tr) {
			struct trace_event_call *call =
				list_entry(l, struct trace_event_call, list);

			if (!(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE))
				return l;
			continue;
		}
		file = list_entry(l, struct trace_event_file, list);
		if ((file->flags & EVENT_FILE_FL_ENABLED) &&
		    !(file->flags & EVENT_FILE_FL_FREED))
			return l;
	}
	return NULL;
}

static void *event_seq_start(struct seq_file *m, loff_t *pos)
{
	struct trace_array *tr = m->private;
	void *v = tr ? &tr->events : &event_calls;
	loff_t i;

	mutex_lock(&event_mutex);
	for (i = 0; v && i <= *pos; ) {
		loff_t p = i;

		v = event_seq_next(m, v, &p);
		i = p;
	}
	return v;
}

static void event_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int event_seq_show(struct seq_file *m, void *v)
{
	struct trace_event_call *call;

	if (m->private)
		call = list_entry(v, struct trace_event_file, list)->event_call;
	else
		call = list_entry(v, struct trace_event_call, list);
	seq_printf(m, "%s:%s\n", call->class->system, trace_event_name(call));
	return 0;
}

static const struct seq_operations event_seq_ops = {
	.start	= event_seq_start,
	.next	= event_seq_next,
	.stop	= event_seq_stop,
	.show	= event_seq_show,
};

static int available_events_open(struct inode *inode, struct file *filp)
{
	return seq_open(filp, &event_seq_ops);
}

static const struct file_operations available_events_fops = {
	.open		= available_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/* a write without O_APPEND first turns every event off, as mainline's */
static int set_event_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = trace_array_get(tr);
	if (ret)
		return ret;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		mutex_lock(&event_mutex);
		clear_events(tr);
		mutex_unlock(&event_mutex);
	}
	ret = seq_open(filp, &event_seq_ops);
	if (ret) {
		trace_array_put(tr);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = tr;
	return 0;
}

static int set_event_release(struct inode *inode, struct file *filp)
{
	seq_release(inode, filp);
	trace_array_put(inode->i_private);
	return 0;
}

/* items separated by blanks; the first that fails stops the write */
static ssize_t set_event_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	char *buf, *p, *item;
	int ret = 0;

	buf = trace_user_string(ubuf, cnt, PAGE_SIZE);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	/* a NUL ends the write: what follows it is not taken (mainline's) */
	cnt = min(cnt, strlen(buf) + 1);
	mutex_lock(&event_mutex);
	for (p = buf; (item = strsep(&p, " \t\n")); ) {
		if (!*item)
			continue;
		ret = set_event_item(tr, item, true);
		if (ret)
			break;
	}
	mutex_unlock(&event_mutex);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations set_event_fops = {
	.open		= set_event_open,
	.read		= seq_read,
	.write		= set_event_write,
	.llseek		= seq_lseek,
	.release	= set_event_release,
};

/* ---- eventfs: the directories --------------------------------------- */

static int event_entry(const char *name, umode_t *mode, void **data,
		       const struct file_operations **fops)
{
	struct trace_event_file *file = *data;
	struct trace_event_call *call = file->event_call;

	if (!strcmp(name, "enable")) {
		*mode = TRACE_MODE_WRITE;
		*fops = &event_enable_fops;
	} else if (!strcmp(name, "filter")) {
		*mode = TRACE_MODE_WRITE;
		*fops = &event_filter_fops;
	} else if (!strcmp(name, "format")) {
		*mode = TRACE_MODE_READ;
		*fops = &event_format_fops;
	} else if (!strcmp(name, "id")) {
		*mode = TRACE_MODE_READ;
		*fops = &event_id_fops;
	} else if (!strcmp(name, "trigger")) {
		*mode = TRACE_MODE_WRITE;
		*fops = &event_trigger_fops;
	} else {
		return 0;
	}
	return !(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE) ||
	       !strcmp(name, "format") || !strcmp(name, "id");
}

/*
 * The directory held the file: dropped when eventfs lets it go, which may
 * be inside eventfs_remove_dir() under event_mutex.
 */
static void event_entry_release(const char *name, void *data)
{
	file_put(data);
}

static const struct eventfs_entry event_entries[] = {
	{ .name = "enable", .callback = event_entry, .release = event_entry_release },
	{ .name = "filter", .callback = event_entry },
	{ .name = "format", .callback = event_entry },
	{ .name = "id", .callback = event_entry },
	{ .name = "trigger", .callback = event_entry },
};

static int system_entry(const char *name, umode_t *mode, void **data,
			const struct file_operations **fops)
{
	*mode = TRACE_MODE_WRITE;
	if (!strcmp(name, "enable"))
		*fops = &system_enable_fops;
	else if (!strcmp(name, "filter"))
		*fops = &system_filter_fops;
	else
		return 0;
	return 1;
}

static const struct eventfs_entry system_entries[] = {
	{ .name = "enable", .callback = system_entry },
	{ .name = "filter", .callback = system_entry },
};

static int top_entry(const char *name, umode_t *mode, void **data,
		     const struct file_operations **fops)
{
	*mode = TRACE_MODE_READ;
	if (!strcmp(name, "enable")) {
		*mode = TRACE_MODE_WRITE;
		*fops = &top_enable_fops;
	} else if (!strcmp(name, "header_page")) {
		*fops = &trace_header_page_fops;
	} else if (!strcmp(name, "header_event")) {
		*fops = &trace_text_fops;
		*data = (void *)trace_header_event;
	} else {
		return 0;
	}
	return 1;
}

static const struct eventfs_entry top_entries[] = {
	{ .name = "enable", .callback = top_entry },
	{ .name = "header_page", .callback = top_entry },
	{ .name = "header_event", .callback = top_entry },
};

/* events/ftrace/NAME/{format,id}: the tracers' own records (trace_output.c) */
static int internal_entry(const char *name, umode_t *mode, void **data,
			  const struct file_operations **fops)
{
	*mode = TRACE_MODE_READ;
	if (!strcmp(name, "format"))
		*fops = &trace_type_format_fops;
	else if (!strcmp(name, "id") && trace_type_has_id((unsigned long)*data))
		*fops = &trace_type_id_fops;
	else
		return 0;
	return 1;
}

static const struct eventfs_entry internal_entries[] = {
	{ .name = "format", .callback = internal_entry },
	{ .name = "id", .callback = internal_entry },
};

static void internal_dirs(struct trace_array *tr)
{
	struct eventfs_inode *ftrace;
	const char *name;
	unsigned long type;

	ftrace = eventfs_create_dir("ftrace", tr->event_dir, NULL, 0, NULL);
	if (IS_ERR(ftrace))
		return;
	for (type = 0; type < TRACE_TYPE_MAX; type++) {
		name = trace_type_name(type);
		if (name)
			eventfs_create_dir(name, ftrace, internal_entries,
					   ARRAY_SIZE(internal_entries), (void *)type);
	}
}

static struct trace_subsystem_dir *system_dir(struct trace_array *tr,
					      const char *name)
{
	struct trace_subsystem_dir *dir;

	list_for_each_entry(dir, &tr->event_systems, list)
		if (!strcmp(dir->name, name))
			return dir;
	dir = kzalloc(sizeof(*dir), GFP_KERNEL);
	if (!dir)
		return NULL;
	dir->name = name;
	dir->tr = tr;
	dir->ei = eventfs_create_dir(name, tr->event_dir, system_entries,
				     ARRAY_SIZE(system_entries), dir);
	if (IS_ERR(dir->ei)) {
		kfree(dir);
		return NULL;
	}
	list_add_tail(&dir->list, &tr->event_systems);
	return dir;
}

static void system_dir_put(struct trace_subsystem_dir *dir)
{
	if (--dir->nr_events)
		return;
	list_del(&dir->list);
	eventfs_remove_dir(dir->ei);
	kfree(dir);
}

/*
 * Whether @tr has @call's system: an instance made by a module for some
 * systems only (trace_array_get_by_name()) names them, separated by
 * commas or blanks, as mainline 6.12's.
 */
static bool array_has_system(struct trace_array *tr, const char *sys)
{
	const char *p = tr->system_names;
	size_t len = strlen(sys);

	if (!p)
		return true;
	while (*p) {
		size_t n;

		p += strspn(p, ", \t\n");
		n = strcspn(p, ", \t\n");
		if (n == len && !strncmp(p, sys, n))
			return true;
		p += n;
	}
	return false;
}

/* @call's file in @tr, with its directory (none if @tr leaves its system out) */
static int file_create(struct trace_array *tr, struct trace_event_call *call)
{
	struct trace_subsystem_dir *dir;
	struct trace_event_file *file;

	if (!array_has_system(tr, call->class->system))
		return 0;
	file = kzalloc(sizeof(*file), GFP_KERNEL);
	if (!file)
		return -ENOMEM;
	dir = system_dir(tr, call->class->system);
	if (!dir) {
		kfree(file);
		return -ENOMEM;
	}
	file->event_call = call;
	file->tr = tr;
	file->system = dir;
	INIT_LIST_HEAD(&file->triggers);
	refcount_set(&file->ref, 1);
	if (event_pids_set(tr))
		file->flags |= EVENT_FILE_FL_PID_FILTER;
	/* the directory's reference, dropped by event_entry_release() */
	file_get(file);
	file->ei = eventfs_create_dir(trace_event_name(call), dir->ei, event_entries,
				      ARRAY_SIZE(event_entries), file);
	if (IS_ERR(file->ei)) {
		file->ei = NULL;
		refcount_set(&file->ref, 1);
	}
	dir->nr_events++;
	list_add_tail(&file->list, &tr->events);
	return 0;
}

/*
 * Take @file out of its array: it records nothing once this returns (the
 * caller waits for the tracepoints), and goes when its last user does.
 */
static void file_remove(struct trace_event_file *file)
{
	clear_triggers(file);
	while (file->flags & EVENT_FILE_FL_SOFT_MODE)
		trace_event_soft_mode(file, false);
	if (file->flags & EVENT_FILE_FL_ENABLED)
		file_unregister(file);
	set_bit(EVENT_FILE_FL_FREED_BIT, &file->flags);
	list_del(&file->list);
	if (file->ei)
		eventfs_remove_dir(file->ei);
	system_dir_put(file->system);
	file_put(file);
}

/* ---- enum values in print formats ------------------------------------ */

/* print formats this file made (the compiled-in ones are static arrays) */
struct fmt_copy {
	struct list_head		list;
	struct trace_event_call		*call;
	char				*fmt;
};

static LIST_HEAD(fmt_copies);

static bool is_ident(char c)
{
	return isalnum(c) || c == '_';
}

/*
 * TRACE_DEFINE_ENUM() and TRACE_DEFINE_SIZEOF(): the names in @call's print
 * arguments (never inside its quoted strings) replaced by their values, so
 * tools that parse the format need no kernel headers: "{ 0, \"HI\" }" in
 * softirq_entry's, as mainline 6.12's format files show them.
 */
static void eval_apply(struct trace_event_call *call, const struct trace_eval_map *map)
{
	size_t nlen = strlen(map->eval_string), olen = strlen(call->print_fmt);
	char val[24], *out, *o;
	const char *p;
	struct fmt_copy *c;
	bool quoted = false;
	int vlen, hits = 0;

	if (strcmp(map->system, call->class->system) || !strstr(call->print_fmt, map->eval_string))
		return;
	vlen = snprintf(val, sizeof(val), "%lu", map->eval_value);
	out = kmalloc(olen + 1 + (olen / max_t(size_t, nlen, 1) + 1) * vlen, GFP_KERNEL);
	if (!out)
		return;
	for (p = call->print_fmt, o = out; *p; ) {
		if (*p == '"' && (p == call->print_fmt || p[-1] != '\\'))
			quoted = !quoted;
		if (!quoted && !strncmp(p, map->eval_string, nlen) && !is_ident(p[nlen]) &&
		    (p == call->print_fmt || !is_ident(p[-1]))) {
			memcpy(o, val, vlen);
			o += vlen;
			p += nlen;
			hits++;
			continue;
		}
		*o++ = *p++;
	}
	*o = '\0';
	if (!hits || o - out <= olen) {
		if (hits)
			memcpy(call->print_fmt, out, o - out + 1);
		kfree(out);
		return;
	}
	list_for_each_entry(c, &fmt_copies, list) {
		if (c->call == call) {
			kfree(c->fmt);
			c->fmt = out;
			call->print_fmt = out;
			return;
		}
	}
	c = kmalloc(sizeof(*c), GFP_KERNEL);
	if (!c) {
		kfree(out);
		return;
	}
	c->call = call;
	c->fmt = out;
	list_add(&c->list, &fmt_copies);
	call->print_fmt = out;
}

/*
 * The maps are init data: the kernel's are applied to its own calls at
 * boot, a module's to its calls as it comes (its init data is still
 * there), as with mainline without TRACE_EVAL_MAP_FILE.
 */
static void eval_apply_all(struct trace_event_call *call, struct module *mod)
{
	struct trace_eval_map **m = __start_ftrace_eval_maps, **end = __stop_ftrace_eval_maps;

	if (mod) {
		m = mod->trace_evals;
		end = m + mod->num_trace_evals;
	}
	for (; m && m < end; m++)
		if (*m)
			eval_apply(call, *m);
}

static void eval_forget(struct trace_event_call *call)
{
	struct fmt_copy *c;

	list_for_each_entry(c, &fmt_copies, list) {
		if (c->call == call) {
			list_del(&c->list);
			kfree(c->fmt);
			kfree(c);
			return;
		}
	}
}

/* ---- the calls -------------------------------------------------------- */

/* a new call: its type, fields and files in every array */
static int call_add(struct trace_event_call *call)
{
	struct trace_array *tr;
	int ret;

	lockdep_assert_held(&event_mutex);
	if (!call->class || !call->class->system || !trace_event_name(call))
		return -EINVAL;
	if (call->class->raw_init) {
		ret = call->class->raw_init(call);
		if (ret) {
			pr_warn("event %s: cannot register its type\n",
				trace_event_name(call));
			return ret;
		}
	}
	ret = event_fields_init(call);
	if (ret) {
		unregister_trace_event(&call->event);
		return ret;
	}
	eval_apply_all(call, call->module);
	list_add_tail(&call->list, &event_calls);
	list_for_each_entry(tr, &trace_arrays, list)
		if (tr->event_dir)
			file_create(tr, call);
	return 0;
}

static void call_remove(struct trace_event_call *call)
{
	struct trace_event_call *other;
	struct trace_event_file *file, *n;
	struct trace_array *tr;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(tr, &trace_arrays, list)
		list_for_each_entry_safe(file, n, &tr->events, list)
			if (file->event_call == call)
				file_remove(file);
	list_del(&call->list);
	unregister_trace_event(&call->event);
	eval_forget(call);
	/* the class's fields go with its last call */
	list_for_each_entry(other, &event_calls, list)
		if (other->class == call->class)
			return;
	event_fields_free(call);
}

/* ---- the arrays ------------------------------------------------------- */

/* events/, set_event, available_events (the top level's) and the pid files */
static int events_create(struct trace_array *tr)
{
	struct trace_event_call *call;
	struct dentry *d;

	INIT_LIST_HEAD(&tr->events);
	INIT_LIST_HEAD(&tr->event_systems);
	d = tracefs_create_file("set_event", TRACE_MODE_WRITE, tr->dir, tr,
				&set_event_fops);
	if (IS_ERR(d))
		return PTR_ERR(d);
	if (!tr->name)
		tracefs_create_file("available_events", TRACE_MODE_READ, NULL,
				    NULL, &available_events_fops);
	event_pids_create(tr);
	mutex_lock(&event_mutex);
	tr->event_dir = eventfs_create_events_dir("events", tr->dir, top_entries,
						  ARRAY_SIZE(top_entries), tr);
	if (IS_ERR(tr->event_dir)) {
		tr->event_dir = NULL;
		mutex_unlock(&event_mutex);
		return -ENOMEM;
	}
	if (array_has_system(tr, "ftrace"))
		internal_dirs(tr);
	list_for_each_entry(call, &event_calls, list)
		file_create(tr, call);
	mutex_unlock(&event_mutex);
	return 0;
}

static void events_destroy(struct trace_array *tr)
{
	struct trace_event_file *file, *n;

	mutex_lock(&event_mutex);
	list_for_each_entry(file, &tr->events, list)
		clear_triggers(file);
	list_for_each_entry_safe(file, n, &tr->events, list)
		file_remove(file);
	if (tr->event_dir)
		eventfs_remove_events_dir(tr->event_dir);
	tr->event_dir = NULL;
	mutex_unlock(&event_mutex);
	/* no probe of the array's files runs after this */
	tracepoint_synchronize_unregister();
	event_pids_destroy(tr);
}

static struct trace_array_files events_files = {
	.create		= events_create,
	.destroy	= events_destroy,
};

/* ---- modules ---------------------------------------------------------- */

static void module_events_add(struct module *mod)
{
	unsigned int i;

	for (i = 0; i < mod->num_trace_events; i++) {
		mod->trace_events[i]->module = mod;
		call_add(mod->trace_events[i]);
	}
}

/*
 * A module's events go with it.  Its records stay in the buffers, printed
 * by its functions and typed by numbers another module may take: the
 * buffers are emptied if any of its events recorded (mainline's rule).
 */
static void module_events_remove(struct module *mod)
{
	struct trace_event_call *call, *n;
	struct trace_event_file *file;
	struct trace_array *tr;
	bool used = false;

	list_for_each_entry_safe(call, n, &event_calls, list) {
		if (call->module != mod)
			continue;
		list_for_each_entry(tr, &trace_arrays, list)
			list_for_each_entry(file, &tr->events, list)
				if (file->event_call == call &&
				    (file->flags & EVENT_FILE_FL_WAS_ENABLED))
					used = true;
		call_remove(call);
	}
	if (!used)
		return;
	tracepoint_synchronize_unregister();
	list_for_each_entry(tr, &trace_arrays, list)
		trace_array_reset(tr);
}

static int events_module_notify(struct notifier_block *nb, unsigned long val,
				void *data)
{
	struct module *mod = data;

	if (val != MODULE_STATE_COMING && val != MODULE_STATE_GOING)
		return NOTIFY_OK;
	mutex_lock(&trace_types_lock);
	mutex_lock(&event_mutex);
	if (val == MODULE_STATE_COMING)
		module_events_add(mod);
	else
		module_events_remove(mod);
	mutex_unlock(&event_mutex);
	mutex_unlock(&trace_types_lock);
	return NOTIFY_OK;
}

static struct notifier_block events_module_nb = {
	.notifier_call	= events_module_notify,
	/* after the tracepoints' own notifier has set the module's up */
	.priority	= 1,
};

/* ---- in-kernel interface --------------------------------------------- */

/* the call of type @id, held (its module), for perf; under event_mutex */
struct trace_event_call *trace_event_call_get(int id)
{
	struct trace_event_call *call;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(call, &event_calls, list)
		if (call->event.type == id)
			return trace_event_try_get_ref(call) ? call : NULL;
	return NULL;
}

int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable)
{
	int ret;

	if (!tr)
		return -ENOENT;
	mutex_lock(&event_mutex);
	ret = set_events(tr, system, event, enable);
	mutex_unlock(&event_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_set_clr_event);

int trace_set_clr_event(const char *system, const char *event, int set)
{
	return trace_array_set_clr_event(&global_trace, system, event, set);
}
EXPORT_SYMBOL_GPL(trace_set_clr_event);

/* an item as set_event takes it, for boot parameters and in-kernel users */
int ftrace_set_clr_event(struct trace_array *tr, char *buf, int set)
{
	int ret;

	mutex_lock(&event_mutex);
	ret = set_event_item(tr, buf, set);
	mutex_unlock(&event_mutex);
	return ret;
}

/* set_ftrace_filter's enable_event/disable_event commands */
static struct trace_event_file *cmd_find(struct trace_array *tr, const char *sys,
					 const char *event)
{
	struct trace_event_file *file;

	mutex_lock(&event_mutex);
	file = find_file(tr, sys, event);
	mutex_unlock(&event_mutex);
	return file;
}

static int cmd_hold(struct trace_event_file *file)
{
	int ret = -ENODEV;

	mutex_lock(&event_mutex);
	if (!(file->flags & EVENT_FILE_FL_FREED)) {
		ret = trace_event_soft_mode(file, true);
		if (!ret)
			file_get(file);
	}
	mutex_unlock(&event_mutex);
	return ret;
}

static void cmd_put(struct trace_event_file *file)
{
	mutex_lock(&event_mutex);
	if (!(file->flags & EVENT_FILE_FL_FREED))
		trace_event_soft_mode(file, false);
	mutex_unlock(&event_mutex);
	file_put(file);
}

static const struct ftrace_event_hooks cmd_hooks = {
	.find	= cmd_find,
	.hold	= cmd_hold,
	.put	= cmd_put,
};

/* trace_event=a,b,...: events enabled once the files exist */
TRACE_BOOT_STRING(boot_events, "trace_event=");

/* ---- set-up ----------------------------------------------------------- */

/* the built-in calls, early: before anything could enable them */
static __init int trace_events_early(void)
{
	struct trace_event_call **p;

	mutex_lock(&event_mutex);
	for (p = __start_ftrace_events; p < __stop_ftrace_events; p++)
		call_add(*p);
	mutex_unlock(&event_mutex);
	return 0;
}
early_initcall(trace_events_early);

static __init int trace_events_init(void)
{
	char *p = boot_events, *item;

	mutex_lock(&trace_types_lock);
	events_create(&global_trace);
	mutex_unlock(&trace_types_lock);
	trace_register_array_files(&events_files);
	register_module_notifier(&events_module_nb);
	ftrace_filter_event_hooks(&cmd_hooks);
	trace_add_option("stacktrace", TRACE_ITER_STACKTRACE);
	while ((item = strsep(&p, ","))) {
		if (*item && ftrace_set_clr_event(&global_trace, item, 1))
			pr_warn("trace_event: no event '%s'\n", item);
	}
	return 0;
}
fs_initcall(trace_events_init);
