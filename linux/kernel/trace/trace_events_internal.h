/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace events inside kernel/trace/: what trace_events.c (the registry,
 * the events/ files, enabling, recording) shares with the files it builds
 * on.  They form layers, each calling only those above it in this list:
 *
 *   trace_event_output.c	event types and their text
 *   trace_events_filter.c	fields and the filter language
 *   trace_events_pid.c		set_event_pid, set_event_notrace_pid
 *   trace_events_trigger.c	the trigger commands and what they do
 *   trace_events.c		everything else, and the record path
 *
 * Locking: event_mutex (trace_events.c) serializes every change of the
 * event calls, their per-array files and the files' filters and triggers;
 * it nests inside trace_types_lock.  The record path takes no lock: it
 * reads a file's flags, filter and triggers under RCU-sched (the
 * tracepoint's preempt-disabled section), and whoever replaces one waits
 * for that grace period before freeing the old.
 */
#ifndef _KERNEL_TRACE_TRACE_EVENTS_INTERNAL_H
#define _KERNEL_TRACE_TRACE_EVENTS_INTERNAL_H

#include <linux/trace_events.h>
#include <linux/tracefs.h>

#include "trace.h"

extern struct mutex event_mutex;

/* the linker's bounds of the built-in calls and enum maps */
extern struct trace_event_call *__start_ftrace_events[];
extern struct trace_event_call *__stop_ftrace_events[];
extern struct trace_eval_map *__start_ftrace_eval_maps[];
extern struct trace_eval_map *__stop_ftrace_eval_maps[];

/* trace_events.c, for trace_event_perf.c (the one file above it) */
struct trace_event_call *trace_event_call_get(int id);

/* ---- trace_event_output.c ------------------------------------------- */

/* the registered type of @type, or NULL (RCU-sched or event_mutex) */
struct trace_event *trace_event_find(int type);

/*
 * Print the event under @it of a registered type (a trace event) after its
 * context columns; false if no such type is registered.
 */
bool trace_event_print(struct trace_iter *it);
void trace_event_iter_free(struct trace_iter *it);

/* ---- trace_events_filter.c ------------------------------------------ */

/* A field of an event's record, as its format file lists it. */
struct event_field {
	struct list_head	link;		/* class->fields */
	const char		*type;
	const char		*name;
	int			offset;
	int			size;
	int			len;		/* elements of an array */
	bool			is_signed;
	int			filter_type;	/* FILTER_* */
};

/* the fields every event starts with, common_type first */
extern const struct event_field event_common_fields[];
extern const unsigned int event_nr_common_fields;

/* @call's fields from its class's fields_array, once per class */
int event_fields_init(struct trace_event_call *call);
void event_fields_free(struct trace_event_call *call);
/* the field of @call named @name (common fields included), or NULL */
const struct event_field *event_field_find(struct trace_event_call *call,
					   const char *name);

/*
 * Compile @str, a filter of @call's records: 0 and the filter in *@fp, or
 * mainline's errno and in *@fp (unless out of memory) a filter that
 * filters nothing and shows the error in the filter file.
 */
int event_filter_parse(struct trace_event_call *call, const char *str,
		       struct event_filter **fp);
/* a filter that filters nothing and shows @msg under @str, caret at @pos */
struct event_filter *event_filter_error(const char *str, const char *msg, int pos);
/* the error @f shows, in @tr's error_log */
void event_filter_log_error(struct trace_array *tr, const struct event_filter *f);
/* @f filters records (it compiled) */
bool event_filter_active(const struct event_filter *f);
/* the filter file's text for @f (NULL: none) into @buf */
int event_filter_text(const struct event_filter *f, char *buf, size_t size);
/* free @f after a grace period: a writer may still be evaluating it */
void event_filter_free_rcu(struct event_filter *f);
void event_filter_free(struct event_filter *f);

/* ---- trace_events_pid.c --------------------------------------------- */

/* @tr has a pid list set */
bool event_pids_set(struct trace_array *tr);
/* true: @tr's set_event_pid/notrace_pid rule the current task out */
bool event_pids_ignore(struct trace_array *tr);
/* set_event_pid and set_event_notrace_pid of @tr, and their lists */
int event_pids_create(struct trace_array *tr);
void event_pids_destroy(struct trace_array *tr);

/* ---- trace_events_trigger.c ----------------------------------------- */

/* a parsed trigger command, before it is attached */
struct event_trigger;

/*
 * Parse @cmd for @file's event ("traceoff:5 if prev_pid == 0"), '!' in
 * front in *@remove.  For enable_event/disable_event, *@target_sys and
 * *@target_event name the event it switches (pointing into the trigger;
 * NULL for the other commands): the caller finds it, puts it in soft mode
 * and hands its file to event_trigger_attach().  An ERR_PTR with
 * mainline's errno if it is not a trigger, and the two left as they were.
 */
struct event_trigger *event_trigger_parse(struct trace_event_file *file,
					  char *cmd, bool *remove,
					  char **target_sys, char **target_event);
/* -EEXIST if @file has a trigger of @t's kind already */
int event_trigger_attach(struct trace_event_file *file, struct event_trigger *t,
			 struct trace_event_file *target);
/* take off the trigger of @t's kind: 1 and its target's file, or 0 */
int event_trigger_detach(struct trace_event_file *file, struct event_trigger *t,
			 struct trace_event_file **target);
void event_trigger_free(struct event_trigger *t);
/*
 * Take off up to @max triggers of @file: how many, their targets (or
 * NULL) in @targets.  Each held @file, and its target, in soft mode.
 */
unsigned int event_triggers_clear(struct trace_event_file *file,
				  struct trace_event_file **targets,
				  unsigned int max);
/* the trigger file's text */
void event_triggers_show(struct seq_file *m, struct trace_event_file *file);

#endif /* _KERNEL_TRACE_TRACE_EVENTS_INTERNAL_H */
