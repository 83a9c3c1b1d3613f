/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU lockless ring buffer used by the tracer.
 *
 * Writers run in any context (task, softirq, irq, NMI) on their own CPU and
 * never take a lock; readers run in process context and serialize per CPU.
 * The design is described at the top of kernel/trace/ring_buffer.c.
 */
#ifndef _LINUX_RING_BUFFER_H
#define _LINUX_RING_BUFFER_H

#include <linux/bits.h>
#include <linux/types.h>
/* what includers (trace_events.h, and syscalls.h through it) expect */
#include <linux/mm.h>
#include <linux/poll.h>
#include <linux/seq_file.h>

/* A set of per-CPU rings; opaque. */
struct trace_buffer;
/* One record; use the ring_buffer_event_*() helpers to look inside. */
struct ring_buffer_event;
/* Non-consuming iterator over one CPU. */
struct ring_buffer_iter;

#define RING_BUFFER_ALL_CPUS	(-1)

/* When full, overwrite the oldest events instead of dropping new ones. */
#define RB_FL_OVERWRITE		BIT(0)

/**
 * ring_buffer_alloc - allocate a buffer with a ring for every possible CPU
 * @size: bytes per CPU, rounded up to whole pages (at least two)
 * @flags: RB_FL_* flags
 *
 * The clock defaults to local_clock(). Returns NULL on failure.
 */
struct trace_buffer *ring_buffer_alloc(unsigned long size, unsigned int flags);

/**
 * ring_buffer_free - free a buffer; no writer or reader may still use it
 * @buffer: the buffer
 */
void ring_buffer_free(struct trace_buffer *buffer);

/**
 * ring_buffer_resize - change the per-CPU size, keeping the newest events
 * @buffer: the buffer
 * @size: new size in bytes, rounded up to whole pages (at least two)
 * @cpu: the CPU or RING_BUFFER_ALL_CPUS
 *
 * Recording on the CPU is paused while the pages are redistributed. Events
 * that no longer fit are counted as overrun. May sleep. Returns 0, -EINVAL
 * or -ENOMEM; with RING_BUFFER_ALL_CPUS, CPUs handled before a failure keep
 * their new size.
 */
int ring_buffer_resize(struct trace_buffer *buffer, unsigned long size, int cpu);

/**
 * ring_buffer_size - bytes of pages in a CPU's ring
 * @buffer: the buffer
 * @cpu: the CPU (not RING_BUFFER_ALL_CPUS); 0 is returned for an invalid one
 */
unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu);

/**
 * ring_buffer_max_event_size - largest payload a single event can carry
 * @buffer: the buffer
 */
unsigned long ring_buffer_max_event_size(struct trace_buffer *buffer);

/**
 * ring_buffer_set_clock - set the timestamp source
 * @buffer: the buffer
 * @clock: notrace, NMI-safe function returning nanoseconds; NULL restores
 *	the default
 *
 * Reset the buffer afterwards if timestamps of both clocks must not mix.
 */
void ring_buffer_set_clock(struct trace_buffer *buffer, u64 (*clock)(void));

/**
 * ring_buffer_time_stamp - read the buffer's clock now
 * @buffer: the buffer
 */
u64 ring_buffer_time_stamp(struct trace_buffer *buffer);

/**
 * ring_buffer_change_overwrite - switch between overwrite and drop on full
 * @buffer: the buffer
 * @val: non-zero for overwrite mode
 */
void ring_buffer_change_overwrite(struct trace_buffer *buffer, int val);

/**
 * ring_buffer_lock_reserve - reserve room for an event on this CPU
 * @buffer: the buffer
 * @length: payload bytes
 *
 * Disables preemption (notrace) until ring_buffer_unlock_commit(), which
 * must follow on the same CPU, in the same context. Callable from any
 * context, including NMI, and may nest inside an open reservation. Returns
 * NULL if recording is off or disabled, or if the event was dropped.
 */
struct ring_buffer_event *ring_buffer_lock_reserve(struct trace_buffer *buffer,
						   unsigned long length);

/**
 * ring_buffer_unlock_commit - finish the last reservation made on this CPU
 * @buffer: the buffer
 *
 * Events become visible to readers when every reservation open on the CPU
 * has been committed. Re-enables preemption. Returns 0.
 */
int ring_buffer_unlock_commit(struct trace_buffer *buffer);

/**
 * ring_buffer_discard_commit - drop the last reservation instead of committing it
 * @buffer: the buffer
 * @event: the event returned by the matching ring_buffer_lock_reserve()
 *
 * For filters that decide after filling the event. Readers never see it and
 * it is not counted as written. Re-enables preemption like a commit.
 */
void ring_buffer_discard_commit(struct trace_buffer *buffer,
				struct ring_buffer_event *event);

/**
 * ring_buffer_write - reserve, copy @data and commit in one go
 * @buffer: the buffer
 * @length: payload bytes
 * @data: payload
 *
 * Returns 0 or -EBUSY if the event was not written.
 */
int ring_buffer_write(struct trace_buffer *buffer, unsigned long length, void *data);

/**
 * ring_buffer_event_data - payload of an event
 * @event: reserved event or event returned by a read function
 */
void *ring_buffer_event_data(struct ring_buffer_event *event);

/**
 * ring_buffer_event_length - payload length given at reservation, rounded
 *	up to 4 bytes (at least 4) as mainline's; the bytes past it are zero
 * @event: reserved event or event returned by a read function
 */
unsigned int ring_buffer_event_length(struct ring_buffer_event *event);

/**
 * ring_buffer_event_time_stamp - timestamp of an event
 * @buffer: the buffer
 * @event: the last event reserved on this CPU (not yet committed), or an
 *	event returned by a read function
 *
 * For an outer context's reservation with nested ones after it: the clock
 * now.
 */
u64 ring_buffer_event_time_stamp(struct trace_buffer *buffer,
				 struct ring_buffer_event *event);

/**
 * ring_buffer_peek - return the oldest unread event of a CPU, keep it
 * @buffer: the buffer
 * @cpu: the CPU
 * @ts: if not NULL, gets the event's timestamp
 * @lost_events: if not NULL, gets the events overwritten since the last
 *	ring_buffer_consume() on this CPU
 *
 * The event is a private copy, valid until the next read call on this CPU;
 * callers reading the same CPU concurrently must serialize. Any context but
 * NMI; in NMI (crash dumps) NULL is returned if the CPU's reader lock is busy.
 */
struct ring_buffer_event *ring_buffer_peek(struct trace_buffer *buffer, int cpu,
					   u64 *ts, unsigned long *lost_events);

/**
 * ring_buffer_consume - return the oldest unread event of a CPU, remove it
 * @buffer: the buffer
 * @cpu: the CPU
 * @ts: if not NULL, gets the event's timestamp
 * @lost_events: if not NULL, gets the events overwritten since the previous
 *	consume on this CPU
 *
 * Same lifetime rules as ring_buffer_peek(). Safe against writers on @cpu.
 */
struct ring_buffer_event *ring_buffer_consume(struct trace_buffer *buffer, int cpu,
					      u64 *ts, unsigned long *lost_events);

/**
 * ring_buffer_read_start - start a non-consuming iterator on a CPU
 * @buffer: the buffer
 * @cpu: the CPU
 * @flags: allocation flags
 *
 * The iterator covers the events committed when it was started. It does not
 * stop recording: if writers overwrite events under it, it skips to the
 * oldest remaining event and ring_buffer_iter_dropped() says so. It never
 * returns torn data. Disable recording on the CPU for a complete view.
 */
struct ring_buffer_iter *ring_buffer_read_start(struct trace_buffer *buffer, int cpu,
						gfp_t flags);

/**
 * ring_buffer_read_finish - free an iterator
 * @iter: the iterator
 */
void ring_buffer_read_finish(struct ring_buffer_iter *iter);

/**
 * ring_buffer_iter_peek - current event of an iterator
 * @iter: the iterator
 * @ts: if not NULL, gets the event's timestamp
 *
 * Returns a private copy valid until the iterator moves, or NULL at the end.
 */
struct ring_buffer_event *ring_buffer_iter_peek(struct ring_buffer_iter *iter, u64 *ts);

/**
 * ring_buffer_iter_advance - move an iterator to the next event
 * @iter: the iterator
 */
void ring_buffer_iter_advance(struct ring_buffer_iter *iter);

/**
 * ring_buffer_iter_empty - true if the iterator has no more events
 * @iter: the iterator
 */
bool ring_buffer_iter_empty(struct ring_buffer_iter *iter);

/**
 * ring_buffer_iter_dropped - true if events were skipped since the last call
 * @iter: the iterator
 */
bool ring_buffer_iter_dropped(struct ring_buffer_iter *iter);

/**
 * ring_buffer_iter_reset - restart an iterator at the oldest event
 * @iter: the iterator
 *
 * Also extends its range to the events committed by now.
 */
void ring_buffer_iter_reset(struct ring_buffer_iter *iter);

/**
 * ring_buffer_reset_cpu - discard a CPU's events and zero its counters
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * May sleep.
 */
void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu);

/**
 * ring_buffer_reset - ring_buffer_reset_cpu() for every CPU
 * @buffer: the buffer
 */
void ring_buffer_reset(struct trace_buffer *buffer);

/**
 * ring_buffer_empty_cpu - true if a CPU has no unread committed event
 * @buffer: the buffer
 * @cpu: the CPU
 */
bool ring_buffer_empty_cpu(struct trace_buffer *buffer, int cpu);

/**
 * ring_buffer_empty - true if no CPU has an unread committed event
 * @buffer: the buffer
 */
bool ring_buffer_empty(struct trace_buffer *buffer);

/**
 * ring_buffer_entries_cpu - unread events of a CPU
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Exact when the CPU is quiet: written == entries + overrun + dropped + read.
 */
unsigned long ring_buffer_entries_cpu(struct trace_buffer *buffer, int cpu);

/**
 * ring_buffer_entries - unread events of all CPUs
 * @buffer: the buffer
 */
unsigned long ring_buffer_entries(struct trace_buffer *buffer);

/**
 * ring_buffer_oldest_event_ts - the time of a CPU's oldest unread event
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * 0 if it has none. Safe beside a reader: it copies nothing out.
 */
u64 ring_buffer_oldest_event_ts(struct trace_buffer *buffer, int cpu);

/**
 * ring_buffer_bytes_cpu - bytes of the ring holding unread events of a CPU
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Record headers and the padding at the end of pages included.
 */
unsigned long ring_buffer_bytes_cpu(struct trace_buffer *buffer, int cpu);

/**
 * ring_buffer_overrun_cpu - events overwritten before being read
 * @buffer: the buffer
 * @cpu: the CPU
 */
unsigned long ring_buffer_overrun_cpu(struct trace_buffer *buffer, int cpu);

/**
 * ring_buffer_overruns - events overwritten before being read, all CPUs
 * @buffer: the buffer
 */
unsigned long ring_buffer_overruns(struct trace_buffer *buffer);

/**
 * ring_buffer_dropped_events_cpu - events not written for lack of room
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Counts writes refused by a full ring in non-overwrite mode and, in any
 * mode, writes that would have overwritten a reservation still open (nested
 * writers filling the whole ring) or nested deeper than the buffer allows.
 */
unsigned long ring_buffer_dropped_events_cpu(struct trace_buffer *buffer, int cpu);

/**
 * ring_buffer_read_events_cpu - events removed by ring_buffer_consume()
 * @buffer: the buffer
 * @cpu: the CPU
 */
unsigned long ring_buffer_read_events_cpu(struct trace_buffer *buffer, int cpu);

/**
 * ring_buffer_written_cpu - events a writer tried to record
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Counts reservations attempted while recording was on and enabled.
 */
unsigned long ring_buffer_written_cpu(struct trace_buffer *buffer, int cpu);

/**
 * ring_buffer_record_disable - stop writes; nests with ring_buffer_record_enable()
 * @buffer: the buffer
 *
 * Writers already inside a reservation finish; use synchronize_rcu() to wait
 * for them.
 */
void ring_buffer_record_disable(struct trace_buffer *buffer);

/**
 * ring_buffer_record_enable - undo one ring_buffer_record_disable()
 * @buffer: the buffer
 */
void ring_buffer_record_enable(struct trace_buffer *buffer);

/**
 * ring_buffer_record_off - turn recording off (the tracing_on switch)
 * @buffer: the buffer
 *
 * Writes fail silently and are not counted.
 */
void ring_buffer_record_off(struct trace_buffer *buffer);

/**
 * ring_buffer_record_on - turn recording back on
 * @buffer: the buffer
 */
void ring_buffer_record_on(struct trace_buffer *buffer);

/**
 * ring_buffer_record_is_on - true if writes are accepted (on, not disabled)
 * @buffer: the buffer
 */
bool ring_buffer_record_is_on(struct trace_buffer *buffer);

/**
 * ring_buffer_record_is_set_on - true unless ring_buffer_record_off() is in force
 * @buffer: the buffer
 */
bool ring_buffer_record_is_set_on(struct trace_buffer *buffer);

/**
 * ring_buffer_record_disable_cpu - stop writes on one CPU; nests
 * @buffer: the buffer
 * @cpu: the CPU
 */
void ring_buffer_record_disable_cpu(struct trace_buffer *buffer, int cpu);

/**
 * ring_buffer_record_enable_cpu - undo one ring_buffer_record_disable_cpu()
 * @buffer: the buffer
 * @cpu: the CPU
 */
void ring_buffer_record_enable_cpu(struct trace_buffer *buffer, int cpu);

/* Extra wake-up condition for ring_buffer_wait(); must not sleep. */
typedef bool (*ring_buffer_cond_fn)(void *data);

/**
 * ring_buffer_wait - sleep until a CPU (or any CPU) has data to read
 * @buffer: the buffer
 * @cpu: the CPU or RING_BUFFER_ALL_CPUS
 * @full: 0 to wake on any event, else the percentage of the ring that must
 *	be filled (per CPU)
 * @cond: optional extra condition, evaluated on every wake-up
 * @data: argument for @cond
 *
 * Writers wake waiters through irq_work; before it sleeps, the waiter orders
 * itself against them with an IPI to the CPUs it waits on, so process context
 * with interrupts enabled only. Returns 0 when the condition holds
 * or ring_buffer_wake_waiters() was called, -ERESTARTSYS on a signal,
 * -ENODEV for an invalid CPU.
 */
int ring_buffer_wait(struct trace_buffer *buffer, int cpu, int full,
		     ring_buffer_cond_fn cond, void *data);

/**
 * ring_buffer_poll_wait - poll support for a CPU (or any CPU)
 * @buffer: the buffer
 * @cpu: the CPU or RING_BUFFER_ALL_CPUS
 * @filp: the file being polled
 * @poll_table: the poll table
 * @full: as for ring_buffer_wait()
 *
 * Returns EPOLLIN | EPOLLRDNORM when there is data, EPOLLERR for an invalid
 * CPU. Finding none sends an IPI, as ring_buffer_wait() does.
 */
__poll_t ring_buffer_poll_wait(struct trace_buffer *buffer, int cpu,
			       struct file *filp, struct poll_table_struct *poll_table,
			       int full);

/**
 * ring_buffer_wake_waiters - wake everybody in ring_buffer_wait() or poll
 * @buffer: the buffer
 * @cpu: the CPU or RING_BUFFER_ALL_CPUS (wakes the per-CPU waiters too)
 */
void ring_buffer_wake_waiters(struct trace_buffer *buffer, int cpu);

#endif /* _LINUX_RING_BUFFER_H */
