// SPDX-License-Identifier: GPL-2.0
/*
 * Event triggers: commands written to events/SYSTEM/EVENT/trigger that act
 * when the event fires, "CMD[:COUNT] [if FILTER]":
 *
 *   traceon, traceoff	turn the array's buffer on or off
 *   snapshot		swap in the snapshot buffer
 *   stacktrace		record the stack, after the event's record
 *   enable_event:SYS:EVENT, disable_event:SYS:EVENT
 *			switch another event (held in soft mode meanwhile)
 *
 * COUNT limits how many times it acts; traceon/traceoff and the event
 * switches count only the times they change something.  A '!' in front
 * takes a trigger off.  One of each kind per event (traceon and traceoff
 * are one kind, the switches one per target), else EEXIST; listing,
 * count display and errors as mainline 6.12's (observed on its black box,
 * bench/events-blackbox.md).
 *
 * Triggers without a filter run before the record is made (they do not
 * need it); with any filter or a stacktrace on the event, all run from the
 * commit, a filtered one only if its filter passes the record, and
 * stacktrace after the commit (EVENT_FILE_FL_TRIGGER_COND).
 *
 * Locking: event_mutex (held by the callers, trace_events.c) serializes
 * attaching and detaching; the record path walks a file's list under
 * RCU-sched; a trigger taken off is freed after a grace period.
 */
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "trace_events_internal.h"

enum trig_type { TRIG_TRACEON, TRIG_TRACEOFF, TRIG_SNAPSHOT, TRIG_STACKTRACE,
		 TRIG_ENABLE, TRIG_DISABLE, TRIG_NR };

static const char * const trig_names[TRIG_NR] = {
	[TRIG_TRACEON]		= "traceon",
	[TRIG_TRACEOFF]		= "traceoff",
	[TRIG_SNAPSHOT]		= "snapshot",
	[TRIG_STACKTRACE]	= "stacktrace",
	[TRIG_ENABLE]		= "enable_event",
	[TRIG_DISABLE]		= "disable_event",
};

struct event_trigger {
	struct list_head		list;		/* file->triggers */
	struct rcu_head			rcu;
	enum trig_type			type;
	atomic_long_t			count;		/* -1: unlimited */
	struct event_filter		*filter;
	char				*filter_str;
	struct trace_event_file		*target;	/* the switches' */
	char				*target_sys;
	char				*target_event;
};

/* traceon and traceoff are one kind, as are the two switches */
static int trig_kind(enum trig_type t)
{
	if (t == TRIG_TRACEOFF)
		return TRIG_TRACEON;
	if (t == TRIG_DISABLE)
		return TRIG_ENABLE;
	return t;
}

void event_trigger_free(struct event_trigger *t)
{
	if (IS_ERR_OR_NULL(t))
		return;
	event_filter_free(t->filter);
	kfree(t->filter_str);
	kfree(t->target_sys);
	kfree(t->target_event);
	kfree(t);
}

static void trigger_free_rcu(struct rcu_head *head)
{
	event_trigger_free(container_of(head, struct event_trigger, rcu));
}

/*
 * "[!]CMD[:ARGS][ if FILTER]"; the caller finds the target the switches
 * name in *@target_sys:*@target_event (pointing into the trigger).
 */
struct event_trigger *event_trigger_parse(struct trace_event_file *file,
					  char *cmd, bool *remove,
					  char **target_sys, char **target_event)
{
	struct event_trigger *t;
	char *rest, *name, *count;
	int ret = -EINVAL;

	*remove = *cmd == '!';
	if (*remove)
		cmd++;
	rest = cmd;
	name = strsep(&rest, " \t");
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return ERR_PTR(-ENOMEM);
	atomic_long_set(&t->count, -1);
	count = name;
	name = strsep(&count, ":");
	for (t->type = 0; t->type < TRIG_NR; t->type++)
		if (!strcmp(name, trig_names[t->type]))
			break;
	if (t->type == TRIG_NR)
		goto err;
	if (t->type == TRIG_ENABLE || t->type == TRIG_DISABLE) {
		char *sys = strsep(&count, ":"), *event = strsep(&count, ":");

		if (!sys || !*sys || !event || !*event)
			goto err;
		t->target_sys = kstrdup(sys, GFP_KERNEL);
		t->target_event = kstrdup(event, GFP_KERNEL);
		if (!t->target_sys || !t->target_event) {
			ret = -ENOMEM;
			goto err;
		}
	}
	if (*remove)
		goto out;
	/* a count; what follows another ':' is ignored, as in mainline */
	count = strsep(&count, ":");
	if (count && *count) {
		long n;

		if (kstrtol(count, 0, &n) || n < 0)
			goto err;
		atomic_long_set(&t->count, n);
	}
	rest = rest ? skip_spaces(rest) : NULL;
	if (rest && *rest) {
		if (strncmp(rest, "if", 2) || (rest[2] && !isspace(rest[2])))
			goto err;
		/* after the blank that ends "if": blanks before it are its own */
		rest += rest[2] ? 3 : 2;
		if (!*skip_spaces(rest))
			goto err;
		ret = event_filter_parse(file->event_call, rest, &t->filter);
		if (ret) {
			event_filter_log_error(file->tr, t->filter);
			goto err;
		}
		t->filter_str = kstrdup(rest, GFP_KERNEL);
		if (!t->filter_str) {
			ret = -ENOMEM;
			goto err;
		}
	}
out:
	/* only for a trigger handed back: they point into it */
	*target_sys = t->target_sys;
	*target_event = t->target_event;
	return t;
err:
	event_trigger_free(t);
	return ERR_PTR(ret);
}

static bool trig_same(const struct event_trigger *a, const struct event_trigger *b)
{
	if (trig_kind(a->type) != trig_kind(b->type))
		return false;
	if (trig_kind(a->type) != TRIG_ENABLE)
		return true;
	return !strcmp(a->target_sys, b->target_sys) &&
	       !strcmp(a->target_event, b->target_event);
}

/* TRIGGER_MODE while there are triggers, COND when some need the record */
static void update_flags(struct trace_event_file *file)
{
	struct event_trigger *t;
	bool cond = false;

	list_for_each_entry(t, &file->triggers, list)
		if (t->filter || t->type == TRIG_STACKTRACE)
			cond = true;
	if (cond)
		set_bit(EVENT_FILE_FL_TRIGGER_COND_BIT, &file->flags);
	else
		clear_bit(EVENT_FILE_FL_TRIGGER_COND_BIT, &file->flags);
	if (list_empty(&file->triggers))
		clear_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
	else
		set_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
}

int event_trigger_attach(struct trace_event_file *file, struct event_trigger *t,
			 struct trace_event_file *target)
{
	struct event_trigger *o;

	list_for_each_entry(o, &file->triggers, list)
		if (trig_same(o, t))
			return -EEXIST;
	t->target = target;
	list_add_rcu(&t->list, &file->triggers);
	update_flags(file);
	return 0;
}

/* 1 and its target in *@target if a trigger of @t's kind was taken off */
int event_trigger_detach(struct trace_event_file *file, struct event_trigger *t,
			 struct trace_event_file **target)
{
	struct event_trigger *o;

	*target = NULL;
	list_for_each_entry(o, &file->triggers, list) {
		if (!trig_same(o, t))
			continue;
		list_del_rcu(&o->list);
		update_flags(file);
		*target = o->target;
		call_rcu(&o->rcu, trigger_free_rcu);
		return 1;
	}
	return 0;
}

unsigned int event_triggers_clear(struct trace_event_file *file,
				  struct trace_event_file **targets,
				  unsigned int max)
{
	struct event_trigger *o, *n;
	unsigned int i = 0;

	list_for_each_entry_safe(o, n, &file->triggers, list) {
		if (i == max)
			break;
		list_del_rcu(&o->list);
		targets[i++] = o->target;
		call_rcu(&o->rcu, trigger_free_rcu);
	}
	update_flags(file);
	return i;
}

/* "traceoff:count=4 if prev_pid == 0", newest first */
void event_triggers_show(struct seq_file *m, struct trace_event_file *file)
{
	struct event_trigger *t;
	long n;

	if (list_empty(&file->triggers)) {
		seq_puts(m, "# Available triggers:\n"
			 "# traceon traceoff snapshot stacktrace enable_event disable_event\n");
		return;
	}
	list_for_each_entry(t, &file->triggers, list) {
		seq_puts(m, trig_names[t->type]);
		if (t->target_sys)
			seq_printf(m, ":%s:%s", t->target_sys, t->target_event);
		n = atomic_long_read(&t->count);
		if (n < 0)
			seq_puts(m, ":unlimited");
		else
			seq_printf(m, ":count=%ld", n);
		if (t->filter_str)
			seq_printf(m, " if %s", t->filter_str);
		seq_putc(m, '\n');
	}
}

/* take one from the count; false if it is spent */
static bool trig_spend(struct event_trigger *t)
{
	long n;

	do {
		n = atomic_long_read(&t->count);
		if (n < 0)
			return true;
		if (!n)
			return false;
	} while (atomic_long_cmpxchg(&t->count, n, n - 1) != n);
	return true;
}

static noinline void notrace trig_fire(struct trace_event_file *file, struct event_trigger *t)
{
	struct trace_buffer *b = READ_ONCE(file->tr->buffer);
	struct trace_event_file *target = t->target;
	bool on = t->type == TRIG_TRACEON || t->type == TRIG_ENABLE;

	switch (t->type) {
	case TRIG_TRACEON:
	case TRIG_TRACEOFF:
		if (ring_buffer_record_is_on(b) == on)
			return;
		if (!trig_spend(t))
			return;
		if (t->type == TRIG_TRACEON)
			ring_buffer_record_on(b);
		else
			ring_buffer_record_off(b);
		return;
	case TRIG_SNAPSHOT:
		if (trig_spend(t))
			trace_snapshot_swap(file->tr);
		return;
	case TRIG_STACKTRACE:
		/* from the event's probe on, as mainline */
		if (trig_spend(t))
			trace_buffer_stack(b, event_commit_fns,
					   tracing_gen_ctx());
		return;
	case TRIG_ENABLE:
	case TRIG_DISABLE:
		if (!(target->flags & EVENT_FILE_FL_SOFT_DISABLED) == on)
			return;
		if (!trig_spend(t))
			return;
		if (t->type == TRIG_ENABLE)
			clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &target->flags);
		else
			set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &target->flags);
		return;
	default:
		return;
	}
}

/*
 * Run @file's triggers: before the record (@rec NULL) those that need
 * none, else each whose filter passes @rec; stacktrace is left for
 * event_triggers_post_call(), after the commit, and said in the result.
 */
enum event_trigger_type event_triggers_call(struct trace_event_file *file,
					    struct trace_buffer *buffer, void *rec,
					    struct ring_buffer_event *event)
{
	enum event_trigger_type tt = ETT_NONE;
	struct event_trigger *t;

	list_for_each_entry_rcu(t, &file->triggers, list, true) {
		if (!rec && t->filter)
			continue;
		if (rec && t->filter && !filter_match_preds(t->filter, rec))
			continue;
		if (t->type == TRIG_STACKTRACE) {
			tt |= ETT_STACKTRACE;
			continue;
		}
		trig_fire(file, t);
	}
	return tt;
}
EXPORT_SYMBOL_GPL(event_triggers_call);

void event_triggers_post_call(struct trace_event_file *file,
			      enum event_trigger_type tt)
{
	struct event_trigger *t;

	list_for_each_entry_rcu(t, &file->triggers, list, true)
		if (t->type == TRIG_STACKTRACE && (tt & ETT_STACKTRACE))
			trig_fire(file, t);
}
EXPORT_SYMBOL_GPL(event_triggers_post_call);
