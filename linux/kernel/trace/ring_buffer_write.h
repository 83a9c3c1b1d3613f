/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ring buffer's write fast path, for ring_buffer.c and, inline, for
 * the callbacks that write on every traced call (the function and
 * function_graph tracers): a call and a return fewer each way, and the
 * event's length known at compile time.  It is ring_buffer.c's code, in a
 * header only to be inlined; the rules at the top of ring_buffer.c
 * ("Reserving", "Committing", "Timestamps", "Waiting") are its rules, and
 * nothing outside ring_buffer.c may touch these structures but through
 * ring_buffer_reserve_inline() and ring_buffer_commit_inline().
 */
#ifndef _KERNEL_TRACE_RING_BUFFER_WRITE_H
#define _KERNEL_TRACE_RING_BUFFER_WRITE_H

#include <linux/atomic.h>
#include <linux/irq_work.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/ring_buffer.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <asm/local.h>

/*
 * Record layout: mainline's, as events/header_event describes it, so that
 * a stretch of the ring is a stretch of a sub-buffer. A u32 header holds
 * type_len (low 5 bits) and time_delta (27 bits): the nanoseconds since
 * the record before it in the lap, or since the lap's base for the first.
 * type_len 1..28: a payload of type_len * 4 bytes follows; 0: array[0]
 * holds the payload length + 4 and the payload starts at array[1].
 * Payloads are padded to RB_ALIGN with zeros. The other types carry no
 * event: RB_TYPE_PAD (a discarded event, or the rest of a lap) is
 * array[0] + 4 bytes long, or only its header in the last 4 bytes of a
 * lap; RB_TYPE_EXTEND adds array[0] << 27 | time_delta to the time, and
 * RB_TYPE_STAMP sets its low 59 bits to that.
 */
struct ring_buffer_event {
	u32	hdr;
	u32	array[];
};

#define RB_ALIGN		4
#define RB_TYPE_BITS		5
#define RB_TYPE_MASK		((1U << RB_TYPE_BITS) - 1)
#define RB_TYPE_MAX_DATA	28
#define RB_TYPE_PAD		29
#define RB_TYPE_EXTEND		30
#define RB_TYPE_STAMP		31
#define RB_DELTA_BITS		27
#define RB_DELTA_MAX		((1U << RB_DELTA_BITS) - 1)
#define RB_STAMP_MASK		(BIT_ULL(59) - 1)
#define RB_MAX_SMALL		(RB_TYPE_MAX_DATA * RB_ALIGN)
#define RB_TIME_REC		8	/* an extend or a stamp */

/*
 * A data page: mainline's sub-buffer header (its commit word holds the
 * lap's event count here), then RB_DATA_SIZE bytes of records.
 */
struct rb_page {
	u64		base;		/* time of the lap's first record */
	local_t		state;		/* lap tag << RB_STATE_SHIFT | events */
	u8		data[];
};

#define RB_DATA_SIZE		(PAGE_SIZE - offsetof(struct rb_page, data))
/* the header and length word; only the first record of a lap is this big */
#define RB_MAX_PAYLOAD		(RB_DATA_SIZE - 2 * sizeof(u32))
#define RB_STATE_SHIFT		16
#define RB_STATE_COUNT		((1UL << RB_STATE_SHIFT) - 1)
#define RB_MIN_PAGES		2
/* Deeper nesting than any sane context stack: a recursing caller. */
#define RB_MAX_NEST		32
#define RB_RECORD_OFF		BIT(20)

struct rb_waiters {
	struct irq_work		work;
	wait_queue_head_t	waitq;
	raw_spinlock_t		lock;		/* waiters setting want */
	unsigned int		pending;	/* a waiter wants a wake-up */
	unsigned long		want;		/* a CPU's: once commit is there */
	unsigned long		wake_seq;	/* bumped by ring_buffer_wake_waiters() */
};

struct rb_cpu {
	/* Write side: this CPU's writers, or resize and reset with them paused. */
	local_t			tail;
	local_t			committing;
	unsigned long		commit;
	local_t			written;
	local_t			dropped;
	local_t			overrun;
	atomic_t		record_disabled;
	struct rb_page		*tail_page;	/* hint: page of the last lap opened */
	unsigned long		lap_end;	/* its end, stored after it; 0: none */
	/* the time of the last reservation, valid if tail is still last_pos */
	unsigned long		last_pos;
	u64			last_ts;
	/* Ring layout: changed only with writers paused and reader_lock held. */
	unsigned long		nr_pages;
	struct rb_page		**pages;
	struct trace_buffer	*buffer;
	/* Read by every commit, written when somebody waits. */
	struct rb_waiters	waiters;

	/* Shared by readers and overwriting writers. */
	atomic_long_t		head ____cacheline_aligned_in_smp;
	/* Serializes readers, and readers against resize and reset. */
	raw_spinlock_t		reader_lock;
	unsigned long		read;
	unsigned long		last_overrun;
	/* the time before the record at rd_pos, left by the last consumer */
	unsigned long		rd_pos;
	u64			rd_ts;
	struct rb_page		*scratch;	/* copy handed out by peek/consume */
	int			cpu;
};

struct trace_buffer {
	atomic_t		record_disabled;	/* nesting count | RB_RECORD_OFF */
	unsigned int		flags;
	u64			(*clock)(void);
	struct rb_cpu		**buffers;
	struct rb_waiters	waiters;		/* RING_BUFFER_ALL_CPUS waiters */
	/* Serializes resize, reset and overwrite changes. */
	struct mutex		mutex;
	u64			time_start;		/* clock at the last full reset */
};

/* local_try_cmpxchg(), which -Os may leave out of line on the write path */
static __always_inline bool rb_try_cmpxchg(local_t *l, long *old, long new)
{
	return try_cmpxchg_local(&l->a.counter, old, new);
}

/*
 * An event's header (and length word) at @p, @delta from the record
 * before (at most RB_DELTA_MAX): returns where its payload goes. The
 * ring's writer and the sub-buffer's both write them.
 */
static __always_inline u32 *rb_put_event(u32 *p, unsigned int plen, u32 delta)
{
	if (plen > RB_MAX_SMALL) {
		p[0] = delta << RB_TYPE_BITS;
		p[1] = plen + sizeof(u32);
		return p + 2;
	}
	p[0] = plen / RB_ALIGN | delta << RB_TYPE_BITS;
	return p + 1;
}

/* The same for an event of @length bytes, the padding after them zeroed */
static __always_inline u32 *rb_put_event_padded(u32 *p, unsigned int plen,
						unsigned long length, u32 delta)
{
	p = rb_put_event(p, plen, delta);
	/* the padding goes out to readers */
	if (plen != length)
		p[plen / RB_ALIGN - 1] = 0;
	return p;
}

/*
 * The common case (see "Reserving"): a record of @plen payload bytes
 * (@length unaligned, at most RB_MAX_SMALL) right after the last one, at
 * @tail sampled before the time @ts. Its payload, or NULL to go the slow
 * way.
 */
static __always_inline void *rb_reserve_fast(struct rb_cpu *cb, unsigned long length,
					     unsigned int plen, long tail, u64 ts)
{
	unsigned long end = READ_ONCE(cb->lap_end);
	unsigned long next = tail + sizeof(u32) + plen;
	struct rb_page *page;
	u64 last, delta;
	u32 *p;

	if (READ_ONCE(cb->last_pos) != (unsigned long)tail || next > end)
		return NULL;
	/* last_ts was stored before last_pos: see "Timestamps". */
	barrier();
	last = READ_ONCE(cb->last_ts);
	delta = ts - last;
	if (delta > RB_DELTA_MAX || ((ts ^ last) & ~RB_STAMP_MASK))
		return NULL;
	page = READ_ONCE(cb->tail_page);
	if (!rb_try_cmpxchg(&cb->tail, &tail, next))
		return NULL;
	WRITE_ONCE(cb->last_ts, ts);
	barrier();
	WRITE_ONCE(cb->last_pos, next);
	local_inc(&page->state);
	p = (u32 *)&page->data[RB_DATA_SIZE - (end - tail)];
	return rb_put_event_padded(p, plen, length, delta);
}

/* ring_buffer.c: the general reservation loop, and a waiter's wake-up */
struct ring_buffer_event *ring_buffer_reserve_slow(struct rb_cpu *cb, unsigned long length,
						   long tail, u64 ts);
void ring_buffer_wake_pending(struct rb_waiters *w);

/*
 * Close one reservation. The last one open publishes everything reserved
 * so far; returns true if this call published.
 */
static __always_inline bool rb_end_reservation(struct rb_cpu *cb)
{
	long tail;

	for (;;) {
		if (local_read(&cb->committing) != 1) {
			local_dec(&cb->committing);
			return false;
		}
		tail = local_read(&cb->tail);
		/* Release: the events' bytes before the bound that exposes them. */
		smp_store_release(&cb->commit, (unsigned long)tail);
		local_dec(&cb->committing);
		/* Drop the count before looking at tail again; see "Committing". */
		barrier();
		if (likely(local_read(&cb->tail) == tail))
			return true;
		local_inc(&cb->committing);
		/* Hold the count again before sampling tail. */
		barrier();
	}
}

/* wake @w's waiter if it asked; any context (irq_work does the wake-up) */
static __always_inline void rb_wake_pending(struct rb_waiters *w)
{
	if (unlikely(READ_ONCE(w->pending)))
		ring_buffer_wake_pending(w);
}

/*
 * on every publishing commit: inline, as nobody waits most of the time.
 * A CPU's waiter is woken only once its ring holds what it waits for
 * (see "Waiting"): a poller at buffer_percent is not woken by each event.
 */
static __always_inline void rb_wakeups(struct trace_buffer *buffer,
				       struct rb_cpu *cb)
{
	struct rb_waiters *w = &cb->waiters;

	if (unlikely(READ_ONCE(w->pending)) &&
	    (long)(cb->commit - READ_ONCE(w->want)) >= 0)
		ring_buffer_wake_pending(w);
	rb_wake_pending(&buffer->waiters);
}

static __always_inline void *rb_event_payload(struct ring_buffer_event *event)
{
	return &event->array[event->hdr & RB_TYPE_MASK ? 0 : 1];
}

/*
 * Reserve @length bytes of payload; returns the payload, or the event
 * with @want_event, and the CPU's ring in *@cbp for the commit. @clock,
 * if not NULL, was read just before as @now.
 */
static __always_inline void *
__rb_lock_reserve(struct trace_buffer *buffer, unsigned long length, bool want_event,
		  u64 (*clock)(void), u64 now, struct rb_cpu **cbp)
{
	unsigned int plen = length ? ALIGN(length, RB_ALIGN) : RB_ALIGN;
	struct ring_buffer_event *ev;
	struct rb_cpu *cb;
	u64 (*own)(void);
	bool given;
	void *data;
	long tail;
	u64 ts;

	preempt_disable_notrace();
	if (unlikely(atomic_read(&buffer->record_disabled)))
		goto out;
	cb = buffer->buffers[raw_smp_processor_id()];
	/* Acquire: see the ring as resize or reset left it when re-enabling. */
	if (unlikely(atomic_read_acquire(&cb->record_disabled)))
		goto out;
	if (unlikely(length > RB_MAX_PAYLOAD))
		goto out;

	local_inc(&cb->written);
	if (likely(local_inc_return(&cb->committing) <= RB_MAX_NEST)) {
		/* Hold the count before sampling tail. */
		barrier();
		tail = local_read(&cb->tail);
		/*
		 * The clock is read after tail: see "Reserving". A time the
		 * caller read before is as good on the fast path, which
		 * takes it only if no event came in between (none is later).
		 */
		own = READ_ONCE(buffer->clock);
		/* never NULL, so @clock is not either if they match */
		given = clock == own;
		ts = given ? now : own();
		if (plen <= RB_MAX_SMALL) {
			data = rb_reserve_fast(cb, length, plen, tail, ts);
			*cbp = cb;
			/* a small record: its header right before its payload */
			if (likely(data))
				return want_event ? data - sizeof(u32) : data;
		}
		if (given)
			ts = own();
		ev = ring_buffer_reserve_slow(cb, length, tail, ts);
		*cbp = cb;
		if (likely(ev))
			return want_event ? ev : rb_event_payload(ev);
	}
	local_inc(&cb->dropped);
	if (rb_end_reservation(cb))
		rb_wakeups(buffer, cb);
out:
	preempt_enable_notrace();
	return NULL;
}

/*
 * ring_buffer_reserve_payload_at() (@clock NULL: ring_buffer_reserve_payload())
 * inline; commit with ring_buffer_commit_inline(@buffer, *@cbp) or
 * ring_buffer_unlock_commit().
 */
static __always_inline void *ring_buffer_reserve_inline(struct trace_buffer *buffer,
							unsigned long length,
							u64 (*clock)(void), u64 now,
							struct rb_cpu **cbp)
{
	return __rb_lock_reserve(buffer, length, false, clock, now, cbp);
}

/* ring_buffer_unlock_commit() inline, with the ring the reservation gave */
static __always_inline void ring_buffer_commit_inline(struct trace_buffer *buffer,
						      struct rb_cpu *cb)
{
	if (rb_end_reservation(cb))
		rb_wakeups(buffer, cb);
	preempt_enable_notrace();
}

#endif /* _KERNEL_TRACE_RING_BUFFER_WRITE_H */
