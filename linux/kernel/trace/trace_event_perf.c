// SPDX-License-Identifier: GPL-2.0
/*
 * Trace events for perf: "perf record -e sched:sched_switch" opens a
 * PERF_TYPE_TRACEPOINT event whose config is the event's id.  The class's
 * perf probe (include/trace/perf.h) then builds the record in a per-CPU
 * buffer of this file, one per recursion context, and hands it to the perf
 * events on this CPU's list of the call, kept here.
 *
 * Locking: event_mutex (trace_events.c) serializes opening and closing;
 * the perf core adds and removes an event on its CPU with interrupts off,
 * and the probe walks the list under RCU-sched.  The buffers live while
 * any call is open for perf.
 */
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/slab.h>

#include "trace_events_internal.h"

struct perf_trace_page {
	unsigned long	buf[PERF_MAX_TRACE_SIZE / sizeof(unsigned long)];
};

static char __percpu *perf_trace_buf[PERF_NR_CONTEXTS];
static int total_refcount;

static int buffers_get(void)
{
	int i;

	if (total_refcount++)
		return 0;
	for (i = 0; i < PERF_NR_CONTEXTS; i++) {
		perf_trace_buf[i] = (char __percpu *)alloc_percpu(struct perf_trace_page);
		if (!perf_trace_buf[i])
			goto fail;
	}
	return 0;
fail:
	while (i--) {
		free_percpu(perf_trace_buf[i]);
		perf_trace_buf[i] = NULL;
	}
	total_refcount--;
	return -ENOMEM;
}

static void buffers_put(void)
{
	int i;

	if (--total_refcount)
		return;
	/* no probe is still writing in them */
	tracepoint_synchronize_unregister();
	for (i = 0; i < PERF_NR_CONTEXTS; i++) {
		free_percpu(perf_trace_buf[i]);
		perf_trace_buf[i] = NULL;
	}
}

/* @call's probe for perf, registered by its first perf user */
static int call_perf_get(struct trace_event_call *call, struct perf_event *p_event)
{
	struct hlist_head __percpu *list;
	int cpu, ret;

	if (call->perf_refcount++)
		return 0;
	ret = -ENOMEM;
	list = alloc_percpu(struct hlist_head);
	if (!list)
		goto fail;
	for_each_possible_cpu(cpu)
		INIT_HLIST_HEAD(per_cpu_ptr(list, cpu));
	call->perf_events = list;
	ret = buffers_get();
	if (ret)
		goto fail_list;
	ret = call->class->reg(call, TRACE_REG_PERF_REGISTER, NULL);
	if (ret)
		goto fail_buf;
	return 0;
fail_buf:
	buffers_put();
fail_list:
	free_percpu(list);
	call->perf_events = NULL;
fail:
	call->perf_refcount--;
	return ret;
}

static void call_perf_put(struct trace_event_call *call)
{
	if (--call->perf_refcount)
		return;
	call->class->reg(call, TRACE_REG_PERF_UNREGISTER, NULL);
	tracepoint_synchronize_unregister();
	free_percpu(call->perf_events);
	call->perf_events = NULL;
	buffers_put();
}

/*
 * Who may open a tracepoint as a perf event, on top of the perf core's
 * rules (perf_event_paranoid for kernel events and CPU-wide ones), as
 * mainline 6.12 (observed, bench/events-blackbox.md section 12): anyone
 * the core lets count; the raw record only a tracing-privileged user
 * (paranoid -1 or CAP_PERFMON), or anyone on their own task for events
 * that say so (TRACE_EVENT_FL_CAP_ANY).  An inherited child was checked
 * as its parent.
 */
static int perf_trace_perm(struct perf_event *p_event, struct trace_event_call *call)
{
	if (p_event->parent || !(p_event->attr.sample_type & PERF_SAMPLE_RAW))
		return 0;
	if (p_event->attach_state == PERF_ATTACH_TASK &&
	    (call->flags & TRACE_EVENT_FL_CAP_ANY))
		return 0;
	return perf_allow_tracepoint();
}

int perf_trace_init(struct perf_event *p_event)
{
	struct trace_event_call *call;
	int ret;

	mutex_lock(&event_mutex);
	call = trace_event_call_get(p_event->attr.config);
	if (!call) {
		ret = -ENOENT;
		goto out;
	}
	ret = perf_trace_perm(p_event, call);
	if (!ret)
		ret = call_perf_get(call, p_event);
	if (!ret) {
		p_event->tp_event = call;
		ret = call->class->reg(call, TRACE_REG_PERF_OPEN, p_event);
		if (ret) {
			p_event->tp_event = NULL;
			call_perf_put(call);
		}
	}
	if (ret)
		trace_event_put_ref(call);
out:
	mutex_unlock(&event_mutex);
	return ret;
}

void perf_trace_destroy(struct perf_event *p_event)
{
	struct trace_event_call *call = p_event->tp_event;

	mutex_lock(&event_mutex);
	call->class->reg(call, TRACE_REG_PERF_CLOSE, p_event);
	call_perf_put(call);
	trace_event_put_ref(call);
	mutex_unlock(&event_mutex);
}

int perf_trace_add(struct perf_event *p_event, int flags)
{
	struct trace_event_call *call = p_event->tp_event;

	if (!(flags & PERF_EF_START))
		p_event->hw.state = PERF_HES_STOPPED;
	if (!call->class->reg(call, TRACE_REG_PERF_ADD, p_event))
		hlist_add_head_rcu(&p_event->hlist_entry,
				   this_cpu_ptr(call->perf_events));
	return 0;
}

void perf_trace_del(struct perf_event *p_event, int flags)
{
	struct trace_event_call *call = p_event->tp_event;

	if (!call->class->reg(call, TRACE_REG_PERF_DEL, p_event))
		hlist_del_rcu(&p_event->hlist_entry);
}

/* a record of @size bytes for this CPU's context, its regs, its context */
void *perf_trace_buf_alloc(int size, struct pt_regs **regs, int *rctxp)
{
	char *raw;
	int rctx;

	if (WARN_ONCE(size > PERF_MAX_TRACE_SIZE,
		      "perf buffer not large enough, wanted %d, have %d",
		      size, PERF_MAX_TRACE_SIZE))
		return NULL;
	rctx = perf_swevent_get_recursion_context();
	if (rctx < 0)
		return NULL;
	if (regs)
		*regs = this_cpu_ptr(&__perf_regs[rctx]);
	raw = this_cpu_ptr(perf_trace_buf[rctx]);
	/* the u64 the record is padded to: no stale bytes go to user space */
	memset(&raw[size - sizeof(u64)], 0, sizeof(u64));
	*rctxp = rctx;
	return raw;
}
EXPORT_SYMBOL_GPL(perf_trace_buf_alloc);

NOKPROBE_SYMBOL(perf_trace_buf_alloc);

void perf_trace_buf_update(void *record, u16 type)
{
	tracing_generic_entry_update(record, type, tracing_gen_ctx());
}

NOKPROBE_SYMBOL(perf_trace_buf_update);

/*
 * perf's --filter: the language of the events' filter files.  One filter
 * per event, EEXIST for a second as mainline: the probes read it without
 * a lock (an inherited event's too, on other CPUs), so it must stay until
 * the event goes.
 */
int ftrace_profile_set_filter(struct perf_event *event, int event_id,
			      char *filter_str)
{
	struct event_filter *f;
	int ret;

	if (!event->tp_event)
		return -EINVAL;
	mutex_lock(&event_mutex);
	if (event->filter) {
		ret = -EEXIST;
		goto out;
	}
	ret = event_filter_parse(event->tp_event, filter_str, &f);
	if (ret)
		event_filter_free(f);
	else
		event->filter = f;
out:
	mutex_unlock(&event_mutex);
	return ret;
}

void ftrace_profile_free_filter(struct perf_event *event)
{
	event_filter_free(event->filter);
	event->filter = NULL;
}
