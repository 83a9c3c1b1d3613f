// SPDX-License-Identifier: GPL-2.0
/*
 * Event types and their text: register_trace_event() hands out the type
 * numbers of trace events (beyond the tracers' own, trace.h), and the
 * helpers that TRACE_EVENT()'s output functions call print a record after
 * the context columns the trace files print themselves.
 *
 * The helpers' output matches mainline 6.12's trace lines (observed on its
 * black box: "sched_switch: prev_comm=sh prev_pid=64 ...", flags and
 * symbols as "A|B|0x10", arrays as "{0x1,0x2}").
 *
 * Locking: type_lock (a mutex) serializes registrations; printers look a
 * type up and call its functions under event_sem held for read, which an
 * unregistration (a module going away) takes for write, so no printer is
 * inside a module's output function when its text goes.
 */
#include <linux/export.h>
#include <linux/idr.h>
#include <linux/rwsem.h>
#include <linux/slab.h>
#include <linux/trace_seq.h>
#include <linux/xarray.h>

#include "trace_events_internal.h"

/*
 * The first number given to a trace event: the tracers' types and
 * mainline's other internal ones (trace.h's enum ends below it) stay free.
 */
#define EVENT_FIRST_TYPE	20

static DEFINE_MUTEX(type_lock);
static DECLARE_RWSEM(event_sem);
static DEFINE_XARRAY_ALLOC(event_types);

struct trace_event *trace_event_find(int type)
{
	return xa_load(&event_types, type);
}

/*
 * Give @event a type number (kept if it has one already registered):
 * the number, or 0 if none is left or it is taken by another.
 */
int register_trace_event(struct trace_event *event)
{
	u32 id;
	int ret;

	if (WARN_ON(!event || !event->funcs))
		return 0;
	mutex_lock(&type_lock);
	if (event->type) {
		ret = xa_insert(&event_types, event->type, event, GFP_KERNEL);
		id = ret ? 0 : event->type;
	} else {
		ret = xa_alloc(&event_types, &id, event,
			       XA_LIMIT(EVENT_FIRST_TYPE, TRACE_EVENT_TYPE_MAX),
			       GFP_KERNEL);
		if (ret)
			id = 0;
		event->type = id;
	}
	mutex_unlock(&type_lock);
	return id;
}
EXPORT_SYMBOL_GPL(register_trace_event);

int unregister_trace_event(struct trace_event *event)
{
	down_write(&event_sem);
	mutex_lock(&type_lock);
	if (event->type && xa_load(&event_types, event->type) == event)
		xa_erase(&event_types, event->type);
	event->type = 0;
	mutex_unlock(&type_lock);
	up_write(&event_sem);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_trace_event);

/* the iterator ftrace_dump() prints through: one dumper at a time */
static struct trace_iterator dump_iter;

/*
 * The upstream iterator the output functions take; the reader's own is
 * made on the first event that needs it (they may sleep, the dump not).
 */
static struct trace_iterator *event_iter(struct trace_iter *it)
{
	if (it->dump)
		return &dump_iter;
	if (!it->ev_iter)
		it->ev_iter = kvzalloc(sizeof(*it->ev_iter), GFP_KERNEL);
	return it->ev_iter;
}

void trace_event_iter_free(struct trace_iter *it)
{
	kvfree(it->ev_iter);
	it->ev_iter = NULL;
}

bool trace_event_print(struct trace_iter *it)
{
	struct trace_iterator *iter;
	struct trace_event *ev;
	bool found = false;

	if (it->dump) {
		if (!down_read_trylock(&event_sem))
			return false;
	} else {
		down_read(&event_sem);
	}
	ev = trace_event_find(it->ent->type);
	iter = ev ? event_iter(it) : NULL;
	if (iter && ev->funcs->trace) {
		iter->tr = it->tr;
		iter->ent = it->ent;
		iter->ent_size = it->ent_len;
		iter->cpu = it->cpu;
		iter->ts = it->ts;
		trace_seq_init(&iter->seq);
		trace_seq_init(&iter->tmp_seq);
		ev->funcs->trace(iter, 0, ev);
		seq_buf_putmem(&it->seq, iter->seq.buffer, trace_seq_used(&iter->seq));
		found = true;
	}
	up_read(&event_sem);
	return found;
}

enum print_line_t trace_handle_return(struct trace_seq *s)
{
	return trace_seq_has_overflowed(s) ? TRACE_TYPE_PARTIAL_LINE :
					     TRACE_TYPE_HANDLED;
}
EXPORT_SYMBOL_GPL(trace_handle_return);

/* "name: " before the fields; UNHANDLED if the record is not @event's */
int trace_raw_output_prep(struct trace_iterator *iter, struct trace_event *event)
{
	struct trace_event_call *call = container_of(event, struct trace_event_call, event);

	if (WARN_ON_ONCE(iter->ent->type != event->type))
		return TRACE_TYPE_UNHANDLED;
	trace_seq_init(&iter->tmp_seq);
	trace_seq_printf(&iter->seq, "%s: ", trace_event_name(call));
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL(trace_raw_output_prep);

void trace_event_printf(struct trace_iterator *iter, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trace_seq_vprintf(&iter->seq, fmt, ap);
	va_end(ap);
}
EXPORT_SYMBOL(trace_event_printf);

/* DEFINE_EVENT_PRINT()'s output: the event's own name and format */
int trace_output_call(struct trace_iterator *iter, char *name, char *fmt, ...)
{
	va_list ap;

	trace_seq_printf(&iter->seq, "%s: ", name);
	va_start(ap, fmt);
	trace_seq_vprintf(&iter->seq, fmt, ap);
	va_end(ap);
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL_GPL(trace_output_call);

/*
 * The helpers below append a NUL-terminated string to @p, the iterator's
 * scratch sequence, and return where it starts, for the "%s" of the
 * event's format.
 */

/* __print_flags(): the names of the masks set in @flags, the rest in hex */
const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array)
{
	const char *start = trace_seq_buffer_ptr(p);
	bool first = true;
	unsigned int i;

	for (i = 0; flag_array[i].name && flags; i++) {
		unsigned long mask = flag_array[i].mask;

		if ((flags & mask) != mask)
			continue;
		flags &= ~mask;
		if (!first && delim)
			trace_seq_puts(p, delim);
		first = false;
		trace_seq_puts(p, flag_array[i].name);
	}
	if (flags) {
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_printf(p, "0x%lx", flags);
	}
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL(trace_print_flags_seq);

/* __print_symbolic(): the name of @val, or @val in hex */
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array)
{
	const char *start = trace_seq_buffer_ptr(p);
	unsigned int i;

	for (i = 0; symbol_array[i].name; i++) {
		if (symbol_array[i].mask == val) {
			trace_seq_puts(p, symbol_array[i].name);
			break;
		}
	}
	if (!symbol_array[i].name)
		trace_seq_printf(p, "0x%lx", val);
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL(trace_print_symbols_seq);

#if BITS_PER_LONG == 32
const char *trace_print_flags_seq_u64(struct trace_seq *p, const char *delim,
				      unsigned long long flags,
				      const struct trace_print_flags_u64 *flag_array)
{
	const char *start = trace_seq_buffer_ptr(p);
	bool first = true;
	unsigned int i;

	for (i = 0; flag_array[i].name && flags; i++) {
		unsigned long long mask = flag_array[i].mask;

		if ((flags & mask) != mask)
			continue;
		flags &= ~mask;
		if (!first && delim)
			trace_seq_puts(p, delim);
		first = false;
		trace_seq_puts(p, flag_array[i].name);
	}
	if (flags) {
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_printf(p, "0x%llx", flags);
	}
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL(trace_print_flags_seq_u64);

const char *trace_print_symbols_seq_u64(struct trace_seq *p, unsigned long long val,
					const struct trace_print_flags_u64 *symbol_array)
{
	const char *start = trace_seq_buffer_ptr(p);
	unsigned int i;

	for (i = 0; symbol_array[i].name; i++) {
		if (symbol_array[i].mask == val) {
			trace_seq_puts(p, symbol_array[i].name);
			break;
		}
	}
	if (!symbol_array[i].name)
		trace_seq_printf(p, "0x%llx", val);
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL(trace_print_symbols_seq_u64);
#endif

/* __get_bitmask(): as "%*pb" */
const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size)
{
	const char *start = trace_seq_buffer_ptr(p);

	trace_seq_bitmask(p, bitmask_ptr, bitmask_size * 8);
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL_GPL(trace_print_bitmask_seq);

/* __print_hex() ("00 ff"), __print_hex_str() ("00ff") */
const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf,
				int buf_len, bool concatenate)
{
	const char *start = trace_seq_buffer_ptr(p);
	int i;

	for (i = 0; i < buf_len; i++)
		trace_seq_printf(p, "%s%2.2x", concatenate || !i ? "" : " ", buf[i]);
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL(trace_print_hex_seq);

/* __print_array(): "{0x1,0x2}" */
const char *trace_print_array_seq(struct trace_seq *p, const void *buf, int count,
				  size_t el_size)
{
	const char *start = trace_seq_buffer_ptr(p);
	const char *sep = "";
	int i;

	trace_seq_putc(p, '{');
	for (i = 0; i < count; i++, buf += el_size, sep = ",") {
		switch (el_size) {
		case 1:
			trace_seq_printf(p, "%s0x%x", sep, *(const u8 *)buf);
			break;
		case 2:
			trace_seq_printf(p, "%s0x%x", sep, *(const u16 *)buf);
			break;
		case 4:
			trace_seq_printf(p, "%s0x%x", sep, *(const u32 *)buf);
			break;
		case 8:
			trace_seq_printf(p, "%s0x%llx", sep, *(const u64 *)buf);
			break;
		default:
			trace_seq_printf(p, "BAD SIZE:%zu 0x%x", el_size, *(const u8 *)buf);
		}
	}
	trace_seq_putc(p, '}');
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL(trace_print_array_seq);

/* __print_hex_dump(): on lines of its own, after a newline */
const char *trace_print_hex_dump_seq(struct trace_seq *p, const char *prefix_str,
				     int prefix_type, int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii)
{
	const char *start = trace_seq_buffer_ptr(p);

	trace_seq_putc(p, '\n');
	trace_seq_hex_dump(p, prefix_str, prefix_type, rowsize, groupsize,
			   buf, len, ascii);
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL(trace_print_hex_dump_seq);
