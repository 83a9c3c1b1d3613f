/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What ring_buffer.c offers the tracer beyond <linux/ring_buffer.h>, the
 * API the rest of the kernel shares with mainline.
 */
#ifndef _KERNEL_TRACE_RING_BUFFER_EXT_H
#define _KERNEL_TRACE_RING_BUFFER_EXT_H

#include <linux/ring_buffer.h>

/*
 * ring_buffer_lock_reserve() and ring_buffer_event_data() in one call:
 * the payload of a new reservation, NULL if none was made.  Commit it
 * with ring_buffer_unlock_commit().
 */
void *ring_buffer_reserve_payload(struct trace_buffer *buffer,
				  unsigned long length);

/*
 * The same for an event of time @now, just read from @clock: the event
 * gets it unless @clock is not the buffer's or another event was
 * reserved on this CPU since (the buffer then reads its clock itself).
 */
void *ring_buffer_reserve_payload_at(struct trace_buffer *buffer,
				     unsigned long length,
				     u64 (*clock)(void), u64 now);

/*
 * Wake @buffer's waiters from any context, NMI included (through
 * irq_work), so that they look again at what their cond() watches: for a
 * change that brings no event to @buffer, as a snapshot swap leaves the
 * old live buffer.  A full barrier orders the caller's change before the
 * waiters' flags are read; a waiter sets its flag and, with a full
 * barrier (prepare_to_wait()), then calls cond(), so it sees the change
 * or is woken.
 */
void ring_buffer_kick_waiters(struct trace_buffer *buffer);

/* The clock when @buffer was last emptied whole (0: never) */
u64 ring_buffer_time_start(struct trace_buffer *buffer);

/*
 * A sub-buffer in mainline's layout (trace_pipe_raw): a page of @size
 * bytes of events after its header, of which @room may be filled.
 */
struct ring_buffer_subbuf {
	void		*page;
	unsigned int	size;
	unsigned int	room;
	unsigned int	used;		/* bytes of events so far */
	u64		last_ts;
};

/*
 * Append an event: @len bytes of payload at time @ts. False if it does
 * not fit. A time before the last event's is written as the last's.
 */
bool ring_buffer_subbuf_add(struct ring_buffer_subbuf *sb, const void *data,
			    unsigned int len, u64 ts);

/*
 * How one event of the ring goes into a sub-buffer: with one or more
 * ring_buffer_subbuf_add() calls, false if they do not all fit. The
 * payload may be torn by a writer; the caller discards the sub-buffer then.
 */
typedef bool (*ring_buffer_export_fn)(struct ring_buffer_subbuf *sb,
				      const void *data, unsigned int len, u64 ts);

/*
 * The events that go through @fn: those whose payload starts with a u16
 * below 64 whose bit is set in @types (a tracer's record types). The
 * others go in as they are, copied in runs without a call.
 */
struct ring_buffer_exporter {
	ring_buffer_export_fn	fn;
	u64			types;
};

/*
 * Fill @page, a sub-buffer of @page_size bytes (a power of two pages), of
 * which the first @count will be read, with the oldest events of @cpu
 * through @export (NULL: all as they are), and consume them. Returns the
 * bytes used (header, events and the lost count), -EAGAIN if there is
 * nothing (with @full: not enough to fill it), -ENOSPC if the next event
 * does not fit in @count. With events lost since the last read the page
 * says so, with their count if it has room for it.
 */
int ring_buffer_read_subbuf(struct trace_buffer *buffer, int cpu, void *page,
			    size_t page_size, size_t count, bool full,
			    const struct ring_buffer_exporter *export);

#endif /* _KERNEL_TRACE_RING_BUFFER_EXT_H */
