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
 * Wake @buffer's waiters from any context, NMI included (through
 * irq_work), so that they look again at what their cond() watches: for a
 * change that brings no event to @buffer, as a snapshot swap leaves the
 * old live buffer.  A full barrier orders the caller's change before the
 * waiters' flags are read; a waiter sets its flag and, with a full
 * barrier (prepare_to_wait()), then calls cond(), so it sees the change
 * or is woken.
 */
void ring_buffer_kick_waiters(struct trace_buffer *buffer);

#endif /* _KERNEL_TRACE_RING_BUFFER_EXT_H */
