// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU lockless ring buffer for the tracer.
 *
 * The structures, the record layout and the write fast path (reserve and
 * commit) are in ring_buffer_write.h, to be inlined by the function and
 * function_graph tracers; the rules below cover them.
 *
 * Positions
 * ---------
 * Each CPU owns a ring of nr_pages data pages. Writers and readers address it
 * with byte positions that only grow: a position names lap pos / RB_DATA_SIZE
 * (one filling of one page) at offset pos % RB_DATA_SIZE, and lap L lives in
 * slot L % nr_pages. Positions never repeat, so no cmpxchg below can suffer
 * from ABA. Three positions describe a CPU, head <= commit <= tail:
 *
 *   tail    end of the reserved space; only this CPU's writers touch it.
 *   commit  everything below it is complete; set by the outermost writer.
 *   head    oldest unread byte; moved by readers when they consume and by
 *           writers when they overwrite, always with a full cmpxchg.
 *
 * Reserving
 * ---------
 * A writer samples tail, then the clock, then moves tail over the new event
 * with a local cmpxchg (only this CPU's interrupts and NMIs compete). An
 * interrupt that reserves in between makes the cmpxchg fail and the writer
 * retries with a new timestamp, so events are laid out in timestamp order
 * for a per-CPU monotonic clock. An event that does not fit in the rest of a
 * page starts the next lap and leaves a padding record behind.
 *
 * The first event of lap L reuses the slot of lap L - nr_pages (the victim).
 * Before moving tail, the writer makes sure head is past the victim: in
 * overwrite mode it counts the victim's unread events as overrun and moves
 * head to the next lap with a cmpxchg that also settles the race with a
 * reader consuming from that page; otherwise the event is dropped. If the
 * victim is not yet below commit, a writer interrupted in it still holds a
 * reservation (nested writers went once round the ring) and the event is
 * dropped in either mode. Moving head early is harmless when the cmpxchg of
 * tail then fails: head only goes forward and the events were counted. A
 * writer interrupted while counting may find the victim reused by nested
 * writers; its count is then wrong, but its head cmpxchg fails and it
 * counts again from the new head. Reservations nested deeper than
 * RB_MAX_NEST (a recursing caller) are dropped, bounding the recursion.
 *
 * The fast path is the first try of that loop for an event that goes
 * after the last reservation in the lap the last opener published
 * (tail_page, then lap_end, after its page's count is restarted), with no
 * stamp, extend or new lap to write: tail is last_pos, the time at most
 * RB_DELTA_MAX after last_ts and the event ends by lap_end. A writer
 * interrupting an opener before it published finds tail past the old
 * lap_end. Anything else goes the slow way, which starts from the same
 * tail and time. As the lap's count was restarted before lap_end moved,
 * the fast path adds to it with a plain local increment.
 *
 * Committing
 * ----------
 * committing counts the reservations open on the CPU. A commit that leaves
 * others open only drops the count. The last one publishes commit = tail
 * (release: the events' bytes come first), drops the count and looks at tail
 * again: an interrupt that reserved after we sampled tail saw the count held
 * and left publishing to us, so we take the count back and republish. As
 * interrupts nest strictly, only one context publishes at a time and commit
 * never goes back. Readers only look below commit, so they never see a
 * reserved but uncommitted event: events reserved while another reservation
 * is open become visible with the last commit. Commits do not name their
 * event, so nested reservations may be committed in any order.
 *
 * Timestamps
 * ----------
 * Records carry mainline's deltas (see "Record layout"): each from the one
 * before it in the lap, the first of a lap 0 from the base its writer
 * stores in the page. A writer finds the time of the record before its own
 * in last_ts, which the last reservation stored before last_pos, its end:
 * if last_pos is the tail the writer reserves after, last_ts belongs to
 * it. A writer that interrupted another between its cmpxchg of tail and
 * those two stores finds last_pos behind tail and writes a stamp of its
 * full time before its event; so does one whose clock went back. A delta
 * past 27 bits takes a time extend. A time whose bits above 59 differ
 * from the last one's cannot be said by a stamp and opens a new lap. A
 * stamp or an extend is reserved with its event, so commit never splits
 * them, and neither ever ends a lap.
 *
 * Reading
 * -------
 * Readers never take pages out of the ring. They copy the event at head into
 * a private buffer, then check that the page was not reused meanwhile. A
 * writer stores into a slot only once head is past the victim: moved there
 * by its own full cmpxchg, or already moved by a reader's consuming cmpxchg
 * that the writer read (its stores depend on that read, which orders them
 * after it; and that reader had finished with the victim). So if head still
 * has the value the copy started from after the copy (the consuming cmpxchg
 * of head from h to h + size succeeds, or head reread after smp_rmb() is
 * unchanged), nothing the copy read can come from the new lap. head is read
 * with acquire and commit with acquire after it, so a reader never sees head
 * past commit, and the release on commit makes the bytes below it visible.
 * Padding, discarded records and times are skipped the same way. A reader
 * needs the time before head: a lap's base at its start, else the one the
 * last consumer left with the position it moved head to (readers hold
 * reader_lock; writers only move head to lap starts), else the sum over the
 * lap so far. The copy goes out as the first record of a page of its own,
 * whose base is the event's time. Consuming costs one copy per event; in
 * exchange there is no reader page to swap, and a reader never makes a
 * writer wait: at worst an overwriting writer counts the victim again
 * because an event was consumed under it.
 *
 * The iterator walks from head up to the commit seen when it was started,
 * with the same copy and check. Events overwritten (or consumed) under it
 * make it jump to the new head and set its dropped flag; the first such
 * jump after a (re)start also extends its end to the commit of then, and
 * later ones do not, so a reader whose reading is itself traced ends. It
 * never stops recording; callers that want a stable view disable
 * recording on the CPU.
 *
 * Sub-buffers
 * -----------
 * trace_pipe_raw hands out pages in mainline's binary layout, which the
 * ring's records already have: ring_buffer_read_subbuf() copies the
 * records from head into a page of the reader's in runs, as they are (a
 * whole lap into an empty page with copy_page()), leaving the padding that
 * ends a lap behind. Where the page's time before a run differs from the
 * ring's (a new lap, or after a rewritten event), the run's first delta
 * says the difference, or a stamp goes first. Events of the types an
 * exporter names (the tracer's compact function_graph records) end a run
 * and go through its callback, which writes mainline's records for them.
 * All that went in is consumed with one cmpxchg of head from the value it
 * started at. The argument of "Reading" covers the whole batch: if head
 * did not move, no slot read was reused; if it did, the page is rebuilt
 * from the new head and the events overwritten meanwhile count as
 * overrun, which the page reports as lost. Asked for a full page only, it
 * consumes nothing unless the next event did not fit. Writers never wait
 * for it, and trace and trace_pipe read beside it as beside any consumer.
 *
 * Accounting
 * ----------
 * written counts reservations attempted while recording was enabled; dropped
 * those refused; overrun committed events removed by writers before anyone
 * read them; read events consumed. With entries the events between head and
 * commit, written == entries + overrun + dropped + read whenever the CPU is
 * quiet. A victim's unread events come from the count kept in its page (lap
 * tag and count in one word, so nested writers and the start of a new lap
 * cannot lose updates) or, if a reader already started that page, from
 * walking it from head. Lost events given to readers are overrun deltas: the
 * total is exact, but one racing an overwrite may show up a read late.
 * ring_buffer_discard_commit() turns its record into padding and takes it
 * back out of written and of its page's count.
 *
 * Waiting
 * -------
 * Writers may be in NMI, so they only clear a waiter's pending flag and queue
 * irq_work, which does the wake_up(). A writer publishes commit, then reads
 * pending; a waiter sets pending, then reads commit: without a full barrier
 * on both sides each could miss the other's store. The write path stays free
 * of barriers; the waiter pays instead, with an IPI to the CPUs it waits on
 * after setting pending (rb_arm()). The interrupt orders that CPU's program:
 * a commit published before it is seen by the waiter's check after the IPI
 * returns, a writer that publishes after it sees pending and wakes the
 * waiter. The waiter arms before each check that would put it to sleep, so
 * an event that arrives after the check always wakes it. A waiter on one
 * CPU's ring also says from which commit position on it is to be woken
 * (want, the lowest of its waiters', stored before pending): one waiting for
 * buffer_percent of the ring is not woken by each event before. Readers
 * only move head on, so the mark is never later than what the waiter
 * checks for; the waiter checks again when woken. A resize changes what
 * the mark stands for: it wakes the CPU's waiters, which arm again (the
 * lowest mark is kept, so a mark made for a larger ring gives way).

 * Resize and reset pause the CPU's writers (record_disabled, then
 * synchronize_rcu() as writers run with preemption disabled) and hold the
 * reader lock. Positions are kept: reset moves head to tail, and resize
 * redistributes the pages over the new slots, keeping the newest laps and
 * counting the events it has to discard as overrun.
 */

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/export.h>
#include <linux/irq_work.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/poll.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/ring_buffer.h>
#include <linux/sched/clock.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/topology.h>
#include <linux/unaligned.h>
#include <linux/wait.h>
#include <asm/local.h>

#include "ring_buffer_ext.h"

#include "ring_buffer_write.h"

struct ring_buffer_iter {
	struct rb_cpu		*cb;
	unsigned long		pos;		/* next record to look at */
	unsigned long		end;		/* commit when (re)started */
	unsigned int		size;		/* ring size of the cached event, 0: none */
	unsigned int		dropped;
	bool			extended;	/* end moved on since the rewind */
	bool			ts_valid;	/* ts is the time before pos */
	u64			ts;		/* of the cached event, or before pos */
	struct rb_page		*copy;		/* private copy of the current event */
};

static __always_inline unsigned long rb_lap(unsigned long pos)
{
	return pos / RB_DATA_SIZE;
}

static __always_inline unsigned long rb_off(unsigned long pos)
{
	return pos % RB_DATA_SIZE;
}

static __always_inline unsigned long rb_lap_start(unsigned long lap)
{
	return lap * RB_DATA_SIZE;
}

static __always_inline struct rb_page *rb_slot(struct rb_cpu *cb, unsigned long lap)
{
	return cb->pages[lap % cb->nr_pages];
}

static __always_inline unsigned long rb_tag(unsigned long lap)
{
	return lap & (ULONG_MAX >> RB_STATE_SHIFT);
}

static __always_inline unsigned long rb_state_tag(struct rb_page *page)
{
	return (unsigned long)local_read(&page->state) >> RB_STATE_SHIFT;
}

static __always_inline struct ring_buffer_event *rb_event_at(struct rb_page *page,
							     unsigned long pos)
{
	return (struct ring_buffer_event *)&page->data[rb_off(pos)];
}

/* An event's record: header, length word if any, payload. */
static __always_inline unsigned int rb_event_size(const struct ring_buffer_event *ev)
{
	u32 type = ev->hdr & RB_TYPE_MASK;

	return type ? sizeof(u32) + type * RB_ALIGN : sizeof(u32) + ev->array[0];
}

static u64 notrace rb_clock_local(void)
{
	return local_clock();
}

/* Page of @lap, which has been opened. The hint avoids a division. */
static __always_inline struct rb_page *rb_tail_page(struct rb_cpu *cb, unsigned long lap)
{
	struct rb_page *page = READ_ONCE(cb->tail_page);

	/* Only the page holding @lap carries its tag. */
	if (likely(page && rb_state_tag(page) == rb_tag(lap)))
		return page;
	return rb_slot(cb, lap);
}

/* Count one more event of @lap on @page; the first one restarts the count. */
static __always_inline void rb_page_account(struct rb_page *page, unsigned long lap)
{
	long old = local_read(&page->state);
	long new;

	do {
		if ((unsigned long)old >> RB_STATE_SHIFT == rb_tag(lap))
			new = old + 1;
		else
			new = (long)(rb_tag(lap) << RB_STATE_SHIFT | 1);
	} while (!rb_try_cmpxchg(&page->state, &old, new));
}

enum { RB_REC_EVENT, RB_REC_TIME, RB_REC_BAD, RB_REC_NONE };

/* A record of the ring, decoded in place. */
struct rb_rec {
	const void	*rec;		/* the record, in the ring */
	const void	*data;		/* its payload */
	unsigned int	len;		/* payload bytes */
	unsigned int	size;		/* ring bytes */
};

/*
 * Decode the record at @off of @page, the time before it in @ts, which
 * becomes the time after it: RB_REC_EVENT, RB_REC_TIME for the records
 * that carry no event, RB_REC_BAD. Any of it may be torn by a writer
 * reusing the page: the caller decides whether what it read is valid, we
 * only make sure that garbage cannot send it out of the page. Inline for
 * the sub-buffer fill loop, which walks a page.
 */
static __always_inline int rb_decode_at(struct rb_page *page, unsigned int off, u64 *ts,
					struct rb_rec *r)
{
	const u32 *p = (const u32 *)&page->data[off];
	unsigned int room = RB_DATA_SIZE - off;
	u32 hdr = READ_ONCE(p[0]);
	u32 type = hdr & RB_TYPE_MASK;
	u64 delta = hdr >> RB_TYPE_BITS;
	u32 a;

	r->rec = p;
	if (likely(type && type <= RB_TYPE_MAX_DATA)) {
		r->len = type * RB_ALIGN;
		r->size = sizeof(u32) + r->len;
		r->data = p + 1;
		if (unlikely(r->size > room))
			return RB_REC_BAD;
		*ts += delta;
		return RB_REC_EVENT;
	}
	if (room < 2 * sizeof(u32)) {
		r->size = room;
		return type == RB_TYPE_PAD ? RB_REC_TIME : RB_REC_BAD;
	}
	a = READ_ONCE(p[1]);
	switch (type) {
	case 0:
		if (a < 2 * sizeof(u32) || a % RB_ALIGN || a > room - sizeof(u32))
			return RB_REC_BAD;
		r->size = sizeof(u32) + a;
		r->len = a - sizeof(u32);
		r->data = p + 2;
		*ts += delta;
		return RB_REC_EVENT;
	case RB_TYPE_PAD:
		if (a < sizeof(u32) || a % RB_ALIGN || a > room - sizeof(u32))
			return RB_REC_BAD;
		r->size = sizeof(u32) + a;
		*ts += delta;
		return RB_REC_TIME;
	case RB_TYPE_EXTEND:
		r->size = RB_TIME_REC;
		*ts += (u64)a << RB_DELTA_BITS | delta;
		return RB_REC_TIME;
	default:
		r->size = RB_TIME_REC;
		*ts = (*ts & ~RB_STAMP_MASK) | ((u64)a << RB_DELTA_BITS | delta);
		return RB_REC_TIME;
	}
}

/*
 * Events of the complete lap @lap from position @pos to its end. A writer
 * interrupted here may find the page reused by nested writers: the count is
 * then garbage, but so is the head value it came with, and the caller's
 * cmpxchg of head fails.
 */
static notrace unsigned long rb_events_from(struct rb_cpu *cb, unsigned long lap,
					    unsigned long pos)
{
	struct rb_page *page = rb_slot(cb, lap);
	unsigned long off = rb_off(pos);
	unsigned long n = 0;
	struct rb_rec r;
	u64 ts = 0;
	int ret;

	if (!off && rb_state_tag(page) == rb_tag(lap))
		return local_read(&page->state) & RB_STATE_COUNT;

	for (; off < RB_DATA_SIZE; off += r.size) {
		ret = rb_decode_at(page, off, &ts, &r);
		if (ret == RB_REC_BAD)
			break;
		n += ret == RB_REC_EVENT;
	}
	return n;
}

/*
 * Make the slot of @lap free for writing: head must be past the lap that
 * last used it. Returns false if the event must be dropped.
 */
static notrace bool rb_make_room(struct rb_cpu *cb, unsigned long lap)
{
	unsigned long victim, end, lost;
	long head;

	if (lap < cb->nr_pages)
		return true;
	victim = lap - cb->nr_pages;
	end = rb_lap_start(victim + 1);

	/* An interrupted writer still has a reservation in the victim. */
	if (READ_ONCE(cb->commit) < end)
		return false;

	head = atomic_long_read(&cb->head);
	while ((unsigned long)head < end) {
		if (!(READ_ONCE(cb->buffer->flags) & RB_FL_OVERWRITE))
			return false;
		lost = rb_events_from(cb, victim, head);
		/* Full barrier: orders the head move before our stores to the slot. */
		if (atomic_long_try_cmpxchg(&cb->head, &head, end)) {
			local_add(lost, &cb->overrun);
			break;
		}
	}
	return true;
}

/* The bytes of an event record with @plen bytes of (aligned) payload */
static __always_inline unsigned int rb_event_len(unsigned int plen)
{
	return plen + (plen > RB_MAX_SMALL ? 2 : 1) * sizeof(u32);
}

/* An extend or a stamp of @t, and the header of what follows */
static __always_inline u32 *rb_put_time(u32 *p, u32 type, u64 t)
{
	p[0] = type | (u32)(t & RB_DELTA_MAX) << RB_TYPE_BITS;
	p[1] = t >> RB_DELTA_BITS;
	return p + 2;
}

/* The reservation from @tail sampled before the time @ts; see "Reserving". */
noinline struct ring_buffer_event *
ring_buffer_reserve_slow(struct rb_cpu *cb, unsigned long length, long tail, u64 ts)
{
	typeof(cb->buffer->clock) clock = READ_ONCE(cb->buffer->clock);
	unsigned int plen = length ? ALIGN(length, RB_ALIGN) : RB_ALIGN;
	unsigned int esize = rb_event_len(plen);
	unsigned long start, size, lap, off;
	struct ring_buffer_event *ev;
	struct rb_page *page;
	u32 time_type, *p;
	u64 last, delta;
	bool known;

	for (;;) {
		start = tail;
		off = rb_off(tail);
		size = esize;
		time_type = 0;
		delta = 0;
		if (off) {
			/* last_ts was stored before last_pos: see "Timestamps". */
			known = READ_ONCE(cb->last_pos) == (unsigned long)tail;
			barrier();
			last = READ_ONCE(cb->last_ts);
			delta = ts - last;
			if (unlikely(!known || ts < last))
				time_type = RB_TYPE_STAMP;
			else if (unlikely(delta > RB_DELTA_MAX))
				time_type = RB_TYPE_EXTEND;
			if (time_type)
				size += RB_TIME_REC;
			/* bits a stamp cannot set: a new lap, with a full base */
			if (off + size > RB_DATA_SIZE || unlikely((ts ^ last) & ~RB_STAMP_MASK))
				start += RB_DATA_SIZE - off;
		}
		if (!rb_off(start)) {
			size = esize;
			time_type = 0;
			delta = 0;
			if (!rb_make_room(cb, rb_lap(start)))
				return NULL;
		}
		if (rb_try_cmpxchg(&cb->tail, &tail, start + size))
			break;
		/* The clock is read after tail: see "Reserving". */
		ts = clock();
	}

	lap = rb_lap(start);
	if (start != (unsigned long)tail) {
		/* The rest of the previous lap is padding. */
		ev = rb_event_at(rb_tail_page(cb, rb_lap(tail)), tail);
		WRITE_ONCE(ev->hdr, RB_TYPE_PAD);
		if (start - tail > sizeof(u32))
			WRITE_ONCE(ev->array[0], start - tail - sizeof(u32));
	}
	if (!rb_off(start)) {
		page = rb_slot(cb, lap);
		WRITE_ONCE(page->base, ts);
		/* the count first: the fast path only adds to it */
		rb_page_account(page, lap);
		WRITE_ONCE(cb->tail_page, page);
		barrier();
		WRITE_ONCE(cb->lap_end, rb_lap_start(lap + 1));
	} else {
		page = rb_tail_page(cb, lap);
		rb_page_account(page, lap);
	}
	/* For the writers after us, and those interrupting us: "Timestamps". */
	WRITE_ONCE(cb->last_ts, ts);
	barrier();
	WRITE_ONCE(cb->last_pos, start + size);

	p = (u32 *)rb_event_at(page, start);
	if (time_type) {
		p = rb_put_time(p, time_type, time_type == RB_TYPE_STAMP ? ts : delta);
		delta = 0;
	}
	ev = (struct ring_buffer_event *)p;
	rb_put_event_padded(p, plen, length, delta);
	return ev;
}

noinline notrace void ring_buffer_wake_pending(struct rb_waiters *w)
{
	WRITE_ONCE(w->pending, 0);
	irq_work_queue(&w->work);
}

struct ring_buffer_event *ring_buffer_lock_reserve(struct trace_buffer *buffer,
						   unsigned long length)
{
	struct rb_cpu *cb;

	return __rb_lock_reserve(buffer, length, true, NULL, 0, &cb);
}
EXPORT_SYMBOL_GPL(ring_buffer_lock_reserve);

/* ring_buffer_lock_reserve() and ring_buffer_event_data() in one call */
void *notrace ring_buffer_reserve_payload(struct trace_buffer *buffer,
					  unsigned long length)
{
	struct rb_cpu *cb;

	return __rb_lock_reserve(buffer, length, false, NULL, 0, &cb);
}

void *notrace ring_buffer_reserve_payload_at(struct trace_buffer *buffer,
					     unsigned long length,
					     u64 (*clock)(void), u64 now)
{
	struct rb_cpu *cb;

	return __rb_lock_reserve(buffer, length, false, clock, now, &cb);
}

int ring_buffer_unlock_commit(struct trace_buffer *buffer)
{
	ring_buffer_commit_inline(buffer, buffer->buffers[raw_smp_processor_id()]);
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_unlock_commit);

void ring_buffer_discard_commit(struct trace_buffer *buffer, struct ring_buffer_event *event)
{
	struct rb_cpu *cb = buffer->buffers[raw_smp_processor_id()];
	struct rb_page *page = (struct rb_page *)((unsigned long)event & PAGE_MASK);
	u32 hdr = event->hdr;

	/*
	 * Readers skip it like padding; it keeps its delta, which the times of
	 * the records after it add to, and no longer counts anywhere.
	 */
	event->array[0] = rb_event_size(event) - sizeof(u32);
	WRITE_ONCE(event->hdr, (hdr & ~RB_TYPE_MASK) | RB_TYPE_PAD);
	local_dec(&page->state);
	local_dec(&cb->written);
	ring_buffer_unlock_commit(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_discard_commit);

int ring_buffer_write(struct trace_buffer *buffer, unsigned long length, void *data)
{
	struct ring_buffer_event *ev;

	ev = ring_buffer_lock_reserve(buffer, length);
	if (!ev)
		return -EBUSY;
	memcpy(ring_buffer_event_data(ev), data, length);
	return ring_buffer_unlock_commit(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_write);

void *ring_buffer_event_data(struct ring_buffer_event *event)
{
	return rb_event_payload(event);
}
EXPORT_SYMBOL_GPL(ring_buffer_event_data);

unsigned int ring_buffer_event_length(struct ring_buffer_event *event)
{
	u32 type = event->hdr & RB_TYPE_MASK;

	return type ? type * RB_ALIGN : event->array[0] - sizeof(u32);
}
EXPORT_SYMBOL_GPL(ring_buffer_event_length);

u64 ring_buffer_event_time_stamp(struct trace_buffer *buffer,
				 struct ring_buffer_event *event)
{
	struct rb_page *page = (struct rb_page *)((unsigned long)event & PAGE_MASK);
	struct rb_cpu *cb = buffer->buffers[raw_smp_processor_id()];
	unsigned long end = READ_ONCE(cb->last_pos) - 1;
	u8 *last = &rb_slot(cb, rb_lap(end))->data[rb_off(end)];

	/* the first record of a lap, or a reader's copy: rb_copy_out() */
	if ((u8 *)event == page->data)
		return READ_ONCE(page->base) + (event->hdr >> RB_TYPE_BITS);
	/* the last reservation on this CPU has its time at hand */
	if ((u8 *)event + rb_event_size(event) == last + 1)
		return READ_ONCE(cb->last_ts);
	/* one of an outer context, with nested ones after it: about now */
	return ring_buffer_time_stamp(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_event_time_stamp);

/*
 * Readers may run in NMI or in an oops for a crash dump, where the lock may
 * be held by the context that crashed: never spin on it there.
 */
static bool rb_lock_reader(struct rb_cpu *cb, unsigned long *flags)
{
	if (likely(!in_nmi() && !oops_in_progress)) {
		raw_spin_lock_irqsave(&cb->reader_lock, *flags);
		return true;
	}
	return raw_spin_trylock_irqsave(&cb->reader_lock, *flags);
}

/*
 * The time before the record at @pos: the lap's base at its start, else
 * what the consumer that moved head there left, else the sum over the lap
 * so far. Holds reader_lock; torn like any read of the ring.
 */
static u64 rb_ts_at(struct rb_cpu *cb, unsigned long pos)
{
	struct rb_page *page = rb_slot(cb, rb_lap(pos));
	unsigned int off, end = rb_off(pos);
	u64 ts = READ_ONCE(page->base);
	struct rb_rec r;

	if (!end)
		return ts;
	if (pos == cb->rd_pos)
		return cb->rd_ts;
	for (off = 0; off < end; off += r.size)
		if (rb_decode_at(page, off, &ts, &r) == RB_REC_BAD)
			break;
	return ts;
}

/*
 * What readers hand out: a copy of the event at @r, at @ts, as the first
 * record of a page-aligned @copy (kmalloc() aligns a page to a page) whose
 * base is @ts, so that ring_buffer_event_time_stamp() finds its time.
 */
static struct ring_buffer_event *rb_copy_out(struct rb_page *copy, const struct rb_rec *r,
					     u64 ts)
{
	struct ring_buffer_event *ev = (struct ring_buffer_event *)copy->data;

	memcpy(ev, r->rec, r->size);
	ev->hdr &= RB_TYPE_MASK;
	copy->base = ts;
	return ev;
}

/* head moved to @pos, the time before it @ts. Holds reader_lock. */
static void rb_set_rd(struct rb_cpu *cb, unsigned long pos, u64 ts)
{
	cb->rd_pos = pos;
	cb->rd_ts = ts;
}

/*
 * From *@pos, the time before it in *@ts, to the next event before @end:
 * RB_REC_EVENT with *@pos at it and *@ts its time, RB_REC_NONE with both
 * at @end, or RB_REC_BAD. As rb_decode_at().
 */
static int rb_next_event(struct rb_cpu *cb, unsigned long *pos, unsigned long end, u64 *ts,
			 struct rb_rec *r)
{
	struct rb_page *page;
	int ret;

	while (*pos < end) {
		page = rb_slot(cb, rb_lap(*pos));
		if (!rb_off(*pos))
			*ts = READ_ONCE(page->base);
		ret = rb_decode_at(page, rb_off(*pos), ts, r);
		if (ret != RB_REC_TIME)
			return ret;
		*pos += r->size;
	}
	return RB_REC_NONE;
}

/*
 * Where a reader may look: @head, then commit (returned). Both acquire, so
 * a reader never sees head past commit, and the release on commit makes
 * the bytes below it visible; see "Reading".
 */
static __always_inline unsigned long rb_read_bounds(struct rb_cpu *cb, long *head)
{
	*head = atomic_long_read_acquire(&cb->head);
	/* Acquire after head: commit is at least what the head move relied on. */
	return smp_load_acquire(&cb->commit);
}

/* Oldest unread event of @cb, copied to cb->scratch. Holds reader_lock. */
static struct ring_buffer_event *rb_read_head(struct rb_cpu *cb, bool consume, u64 *ts,
					      unsigned long *lost_events)
{
	struct ring_buffer_event *ev = NULL;
	unsigned long overrun, commit, pos;
	struct rb_rec r;
	long head;
	u64 t;
	int ret;

	for (;;) {
		commit = rb_read_bounds(cb, &head);
		if ((unsigned long)head >= commit)
			return NULL;
		pos = head;
		t = rb_ts_at(cb, pos);
		ret = rb_next_event(cb, &pos, commit, &t, &r);
		if (ret == RB_REC_EVENT)
			ev = rb_copy_out(cb->scratch, &r, t);
		/* Finish the copy before checking that head did not move. */
		smp_rmb();
		if (ret == RB_REC_NONE) {
			/* nothing but padding and times: step over them */
			if (atomic_long_try_cmpxchg(&cb->head, &head, pos))
				rb_set_rd(cb, pos, t);
			continue;
		}
		if (ret == RB_REC_BAD) {
			if (atomic_long_read(&cb->head) != head)
				continue;
			WARN_ON_ONCE(1);
			return NULL;
		}
		if (!consume) {
			if (atomic_long_read(&cb->head) == head)
				break;
		} else if (atomic_long_try_cmpxchg(&cb->head, &head, pos + r.size)) {
			rb_set_rd(cb, pos + r.size, t);
			WRITE_ONCE(cb->read, cb->read + 1);
			break;
		}
	}

	overrun = local_read(&cb->overrun);
	if (lost_events)
		*lost_events = overrun - cb->last_overrun;
	if (consume)
		cb->last_overrun = overrun;
	if (ts)
		*ts = t;
	return ev;
}

/* Move head over padding and times; true if an event remains. */
static bool rb_skip_padding(struct rb_cpu *cb)
{
	unsigned long commit, pos;
	struct rb_rec r;
	long head;
	u64 ts;

	for (;;) {
		commit = rb_read_bounds(cb, &head);
		if ((unsigned long)head >= commit)
			return false;
		pos = head;
		ts = rb_ts_at(cb, pos);
		/* Torn or not, something is there: leave it to the reader. */
		if (rb_next_event(cb, &pos, commit, &ts, &r) != RB_REC_NONE)
			return true;
		/* Fails if the page was reused meanwhile: look again. */
		if (atomic_long_try_cmpxchg(&cb->head, &head, pos)) {
			rb_set_rd(cb, pos, ts);
			return false;
		}
	}
}

static bool rb_has_event(struct rb_cpu *cb)
{
	unsigned long flags, commit;
	long head;
	bool ret;

	commit = rb_read_bounds(cb, &head);
	if ((unsigned long)head >= commit)
		return false;
	if (!rb_lock_reader(cb, &flags))
		return true;
	ret = rb_skip_padding(cb);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ret;
}

static struct rb_cpu *rb_get_cpu(struct trace_buffer *buffer, int cpu)
{
	if ((unsigned int)cpu >= nr_cpu_ids || !cpu_possible(cpu))
		return NULL;
	return buffer->buffers[cpu];
}

static struct ring_buffer_event *rb_read(struct trace_buffer *buffer, int cpu, bool consume,
					 u64 *ts, unsigned long *lost_events)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);
	struct ring_buffer_event *ev;
	unsigned long flags;

	if (lost_events)
		*lost_events = 0;
	if (!cb || !rb_lock_reader(cb, &flags))
		return NULL;
	ev = rb_read_head(cb, consume, ts, lost_events);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ev;
}

struct ring_buffer_event *ring_buffer_peek(struct trace_buffer *buffer, int cpu,
					   u64 *ts, unsigned long *lost_events)
{
	return rb_read(buffer, cpu, false, ts, lost_events);
}
EXPORT_SYMBOL_GPL(ring_buffer_peek);

struct ring_buffer_event *ring_buffer_consume(struct trace_buffer *buffer, int cpu,
					      u64 *ts, unsigned long *lost_events)
{
	return rb_read(buffer, cpu, true, ts, lost_events);
}
EXPORT_SYMBOL_GPL(ring_buffer_consume);

/*
 * Sub-buffers in mainline 6.12's layout, as events/header_page describes
 * it: a 16-byte header (u64 time stamp, u64 commit: data bytes, bit 31
 * events lost before this page, bit 30 their count stored as a u64 after
 * the data), then records as in the ring (see "Record layout").
 */
#define RB_SUB_HDR		16
#define RB_SUB_MISSED		BIT(31)
#define RB_SUB_STORED		BIT(30)

/*
 * Room for an event of @plen payload bytes at time @ts in the sub-buffer
 * at @page, filled to *@used, its last event at *@last: writes the header
 * words (and a time extend) and returns where the payload goes, NULL if it
 * does not fit in @room.
 */
static __always_inline u32 *rb_sub_reserve(void *page, unsigned int *used, u64 *last,
					   unsigned int room, unsigned int plen, u64 ts)
{
	u64 delta = *used && ts > *last ? ts - *last : 0;
	unsigned int ext = delta > RB_DELTA_MAX ? RB_TIME_REC : 0;
	unsigned int len = rb_event_len(plen);
	u32 *p;

	if (*used + ext + len > room)
		return NULL;
	if (!*used) {
		*(u64 *)page = ts;
		*last = ts;
	}
	p = page + RB_SUB_HDR + *used;
	if (ext) {
		p = rb_put_time(p, RB_TYPE_EXTEND, delta);
		delta = 0;
	}
	p = rb_put_event(p, plen, delta);
	*used += ext + len;
	*last = max(*last, ts);
	return p;
}

/* @len bytes of payload to @p, zero up to @plen */
static __always_inline void rb_sub_copy(u32 *p, const void *data, unsigned int len,
					unsigned int plen)
{
	/* the alignment bytes are zero: the last word first, then the copy */
	if (plen != len)
		p[plen / 4 - 1] = 0;
	memcpy(p, data, len);
}

bool notrace ring_buffer_subbuf_add(struct ring_buffer_subbuf *sb, const void *data,
				    unsigned int len, u64 ts)
{
	unsigned int plen = ALIGN(len, 4);
	u32 *p = rb_sub_reserve(sb->page, &sb->used, &sb->last_ts, sb->room, plen, ts);

	if (!p)
		return false;
	rb_sub_copy(p, data, len, plen);
	return true;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_add);

/*
 * A run of ring records whose first has header @hdr, the ring's time
 * before it @ts, into @sb filled to @used at time @last: whether a stamp
 * must go first (else the first record's delta is rewritten to say the
 * difference), and the bytes the records may take.
 */
static __always_inline unsigned int rb_sub_run(struct ring_buffer_subbuf *sb, unsigned int used,
					       u64 last, u64 ts, u32 hdr, bool *stamp)
{
	u32 type = hdr & RB_TYPE_MASK;
	u64 delta = ts - last + (hdr >> RB_TYPE_BITS);
	unsigned int need = used;

	*stamp = used && last != ts && type != RB_TYPE_STAMP &&
		 (ts < last || delta > RB_DELTA_MAX || type == RB_TYPE_EXTEND);
	if (*stamp)
		need += RB_TIME_REC;
	return sb->room > need ? sb->room - need : 0;
}

/*
 * The ring's records [@from, @to) of @page, as they are: the ring's time
 * before them @from_ts and after them @to_ts, the first's header @hdr and
 * @stamp as rb_sub_run() said, which also said that they fit. A whole lap
 * into an empty page-aligned sub-buffer goes with copy_page().
 */
static __always_inline void rb_sub_flush(struct ring_buffer_subbuf *sb, unsigned int *used,
					 u64 *last, struct rb_page *page, unsigned int from,
					 unsigned int to, u64 from_ts, u64 to_ts, u32 hdr,
					 bool stamp)
{
	void *dst = sb->page + RB_SUB_HDR;
	unsigned int at = *used;

	if (from == to)
		return;
	if (!at) {
		if (!from && PAGE_ALIGNED(sb->page))
			copy_page(sb->page, page);
		else
			memcpy(dst, &page->data[from], to - from);
		/* the page's stamp is its first event's, as mainline's */
		if ((hdr & RB_TYPE_MASK) < RB_TYPE_EXTEND) {
			from_ts += hdr >> RB_TYPE_BITS;
			hdr &= RB_TYPE_MASK;
		}
		*(u64 *)sb->page = from_ts;
		/* as read when the run started, torn or not */
		*(u32 *)dst = hdr;
	} else {
		if (stamp) {
			rb_put_time(dst + at, RB_TYPE_STAMP, from_ts);
			at += RB_TIME_REC;
		} else if ((hdr & RB_TYPE_MASK) != RB_TYPE_STAMP) {
			hdr = (hdr & RB_TYPE_MASK) |
			      (u32)(from_ts - *last + (hdr >> RB_TYPE_BITS)) << RB_TYPE_BITS;
		}
		memcpy(dst + at, &page->data[from], to - from);
		*(u32 *)(dst + at) = hdr;
	}
	*used = at + to - from;
	*last = to_ts;
}

/* The header words of a filled sub-buffer, and its lost count. */
static void rb_subbuf_finish(struct ring_buffer_subbuf *sb, unsigned long lost)
{
	u64 commit = sb->used;

	if (lost) {
		commit |= RB_SUB_MISSED;
		if (sb->used + sizeof(u64) <= sb->size) {
			memcpy(sb->page + RB_SUB_HDR + sb->used, &(u64){ lost }, sizeof(u64));
			sb->used += sizeof(u64);
			commit |= RB_SUB_STORED;
		}
	}
	((u64 *)sb->page)[1] = commit;
	memset(sb->page + RB_SUB_HDR + sb->used, 0, sb->size - sb->used);
}

/*
 * Most records: from @off of @data, the small events that go as they are
 * (their types not in @types) and end by @stop. Returns where they end;
 * adds their deltas to *@ts and their number to *@n. Out of line, so that
 * the loop has the registers to itself.
 */
static noinline unsigned int rb_scan_small(const u8 *data, unsigned int off, unsigned int stop,
					   u64 types, u64 *ts, unsigned long *n)
{
	unsigned long k = 0;
	unsigned int size;
	u32 hdr, type;
	u64 t = *ts;
	u16 etype;

	while (off < stop) {
		hdr = READ_ONCE(*(const u32 *)&data[off]);
		type = hdr & RB_TYPE_MASK;
		size = sizeof(u32) + type * RB_ALIGN;
		/* a small event (8 bytes or more) that ends by @stop */
		if (unlikely(type - 1 >= RB_TYPE_MAX_DATA || off + size > stop))
			break;
		etype = READ_ONCE(*(const u16 *)&data[off + sizeof(u32)]);
		if (unlikely(types & BIT_ULL(etype & 63)) && etype < 64)
			break;
		t += hdr >> RB_TYPE_BITS;
		off += size;
		k++;
	}
	*ts = t;
	*n += k;
	return off;
}

/*
 * Fill @sb from head, as far as commit or the first event that does not
 * fit; consume what went in. Holds reader_lock. See "Sub-buffers". The
 * records go in runs, copied as they are; an event whose type @export
 * names ends a run and goes through it. The fill state lives in locals
 * (registers) and goes to @sb around an @export call.
 */
static int rb_fill_subbuf(struct rb_cpu *cb, struct ring_buffer_subbuf *sb, bool full,
			  const struct ring_buffer_exporter *export)
{
	u64 types = export ? export->types : 0;
	unsigned long commit, pos, overrun, lap, n, run_n;
	unsigned int off, end, run, used, limit;
	u64 ts, prev = 0, run_ts, last;
	struct rb_page *page;
	bool stopped, stamp;
	struct rb_rec r;
	u32 hdr;
	long head;
	int ret;
	u16 type;

again:
	commit = rb_read_bounds(cb, &head);
	used = 0;
	last = 0;
	n = 0;
	stopped = false;
	pos = head;
	ts = pos < commit ? rb_ts_at(cb, pos) : 0;
	while (pos < commit && !stopped) {
		lap = rb_lap(pos);
		page = rb_slot(cb, lap);
		off = rb_off(pos);
		if (!off)
			ts = READ_ONCE(page->base);
		end = min(commit - rb_lap_start(lap), RB_DATA_SIZE);
		run = off;
		run_ts = ts;
		run_n = 0;
		stamp = false;
		prev = ts;
		hdr = READ_ONCE(*(u32 *)&page->data[off]);
		/*
		 * A page starts at an event, its time in the page's stamp, as
		 * mainline's: a time record before it stays behind (its event
		 * follows it, below commit).
		 */
		if (!used && (hdr & RB_TYPE_MASK) >= RB_TYPE_EXTEND) {
			if (unlikely(rb_decode_at(page, off, &ts, &r) == RB_REC_BAD ||
				     off + r.size >= end))
				goto torn;
			off += r.size;
			run = off;
			run_ts = ts;
			prev = ts;
			hdr = READ_ONCE(*(u32 *)&page->data[off]);
		}
		limit = rb_sub_run(sb, used, last, ts, hdr, &stamp);
		while (off < end) {
			off = rb_scan_small(page->data, off, min(end, run + limit), types, &ts,
					    &run_n);
			if (off >= end)
				break;
			prev = ts;
			ret = rb_decode_at(page, off, &ts, &r);
			if (unlikely(ret == RB_REC_BAD))
				goto torn;
			if (ret == RB_REC_TIME && off + r.size == RB_DATA_SIZE) {
				/* the padding that ends the lap stays behind */
				rb_sub_flush(sb, &used, &last, page, run, off, run_ts, prev, hdr,
					     stamp);
				n += run_n;
				run_n = 0;
				off = RB_DATA_SIZE;
				run = off;
				break;
			}
			if (ret == RB_REC_EVENT) {
				type = *(const u16 *)r.data;
				if (unlikely(type < 64 && (types & BIT_ULL(type)))) {
					rb_sub_flush(sb, &used, &last, page, run, off, run_ts, prev,
						     hdr, stamp);
					n += run_n;
					run_n = 0;
					run = off;
					/* all of an event's records fit, or none is kept */
					sb->used = used;
					sb->last_ts = last;
					if (!export->fn(sb, r.data, r.len, ts)) {
						ts = prev;
						stopped = true;
						break;
					}
					used = sb->used;
					last = sb->last_ts;
					n++;
					off += r.size;
					run = off;
					run_ts = ts;
					if (off < end) {
						hdr = READ_ONCE(*(u32 *)&page->data[off]);
						limit = rb_sub_run(sb, used, last, ts, hdr, &stamp);
					}
					continue;
				}
			}
			if (off + r.size - run > limit) {
				ts = prev;
				stopped = true;
				break;
			}
			run_n += ret == RB_REC_EVENT;
			off += r.size;
		}
		rb_sub_flush(sb, &used, &last, page, run, off, run_ts, ts, hdr, stamp);
		n += run_n;
		pos = rb_lap_start(lap) + off;
	}
done:
	sb->used = used;
	sb->last_ts = last;
	if (!n && pos != head) {
		/* padding only, or an event that does not fit after it */
		if (!atomic_long_try_cmpxchg(&cb->head, &head, pos))
			goto again;
		rb_set_rd(cb, pos, ts);
	}
	if (!n)
		return stopped ? -ENOSPC : -EAGAIN;
	if (full && !stopped)
		return -EAGAIN;
	/* Full barrier: what we read came from before any reuse. */
	if (!atomic_long_try_cmpxchg(&cb->head, &head, pos))
		goto again;
	rb_set_rd(cb, pos, ts);
	WRITE_ONCE(cb->read, cb->read + n);
	overrun = local_read(&cb->overrun);
	rb_subbuf_finish(sb, overrun - cb->last_overrun);
	cb->last_overrun = overrun;
	return RB_SUB_HDR + sb->used;

torn:
	/* the torn read before the head check, as in rb_read_head() */
	smp_rmb();
	if (atomic_long_read(&cb->head) != head)
		goto again;
	/* a record below commit that cannot be: hand out what came before it */
	WARN_ON_ONCE(1);
	rb_sub_flush(sb, &used, &last, page, run, off, run_ts, prev, hdr, stamp);
	n += run_n;
	ts = prev;
	pos = rb_lap_start(lap) + off;
	goto done;
}

int ring_buffer_read_subbuf(struct trace_buffer *buffer, int cpu, void *page,
			    size_t page_size, size_t count, bool full,
			    const struct ring_buffer_exporter *export)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);
	struct ring_buffer_subbuf sb = { .page = page };
	unsigned long flags;
	int ret;

	if (!cb)
		return -ENODEV;
	if (page_size < PAGE_SIZE || page_size > INT_MAX)
		return -EINVAL;
	sb.size = page_size - RB_SUB_HDR;
	/* no room at all: still -EAGAIN when empty, as mainline's read */
	count = min(count, page_size);
	sb.room = count > RB_SUB_HDR ? count - RB_SUB_HDR : 0;
	if (!rb_lock_reader(cb, &flags))
		return -EAGAIN;
	ret = rb_fill_subbuf(cb, &sb, full, export);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_subbuf);

static void rb_iter_rewind(struct ring_buffer_iter *iter)
{
	long head;

	iter->end = rb_read_bounds(iter->cb, &head);
	iter->pos = head;
	iter->size = 0;
	iter->dropped = 0;
	iter->extended = false;
	iter->ts_valid = false;
}

struct ring_buffer_iter *ring_buffer_read_start(struct trace_buffer *buffer, int cpu,
						gfp_t flags)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);
	struct ring_buffer_iter *iter;

	if (!cb)
		return NULL;
	iter = kzalloc(sizeof(*iter), flags);
	if (!iter)
		return NULL;
	iter->copy = kmalloc(PAGE_SIZE, flags);
	if (!iter->copy) {
		kfree(iter);
		return NULL;
	}
	iter->cb = cb;
	rb_iter_rewind(iter);
	return iter;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_start);

void ring_buffer_read_finish(struct ring_buffer_iter *iter)
{
	if (!iter)
		return;
	kfree(iter->copy);
	kfree(iter);
}
EXPORT_SYMBOL_GPL(ring_buffer_read_finish);

void ring_buffer_iter_reset(struct ring_buffer_iter *iter)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&iter->cb->reader_lock, flags);
	rb_iter_rewind(iter);
	raw_spin_unlock_irqrestore(&iter->cb->reader_lock, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_reset);

struct ring_buffer_event *ring_buffer_iter_peek(struct ring_buffer_iter *iter, u64 *ts)
{
	struct rb_cpu *cb = iter->cb;
	unsigned long flags, head, pos;
	struct rb_rec r;
	u64 t;
	int ret;

	if (iter->size)
		goto out;

	if (!rb_lock_reader(cb, &flags))
		return NULL;
	for (;;) {
		head = atomic_long_read_acquire(&cb->head);
		if (head > iter->pos) {
			iter->pos = head;
			iter->dropped = 1;
			iter->ts_valid = false;
			/*
			 * Overtaken: go on to what is there now, once per
			 * rewind, so that a reader whose own reading is traced
			 * still comes to an end.
			 */
			if (!iter->extended) {
				iter->extended = true;
				/* acquire after head, as in rb_read_head() */
				iter->end = max(iter->end, smp_load_acquire(&cb->commit));
			}
		}
		if (iter->pos >= iter->end)
			break;
		pos = iter->pos;
		t = iter->ts_valid ? iter->ts : rb_ts_at(cb, pos);
		ret = rb_next_event(cb, &pos, iter->end, &t, &r);
		if (ret == RB_REC_EVENT)
			rb_copy_out(iter->copy, &r, t);
		/* Finish the copy before checking that its page was not reused. */
		smp_rmb();
		if ((unsigned long)atomic_long_read(&cb->head) > iter->pos)
			continue;
		if (WARN_ON_ONCE(ret == RB_REC_BAD)) {
			iter->pos = iter->end;
			break;
		}
		iter->pos = pos;
		iter->ts = t;
		iter->ts_valid = true;
		if (ret == RB_REC_EVENT)
			iter->size = r.size;
		break;
	}
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	if (!iter->size)
		return NULL;
out:
	if (ts)
		*ts = iter->ts;
	return (struct ring_buffer_event *)iter->copy->data;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_peek);

void ring_buffer_iter_advance(struct ring_buffer_iter *iter)
{
	if (!iter->size && !ring_buffer_iter_peek(iter, NULL))
		return;
	iter->pos += iter->size;
	iter->size = 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_advance);

bool ring_buffer_iter_empty(struct ring_buffer_iter *iter)
{
	return !ring_buffer_iter_peek(iter, NULL);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_empty);

bool ring_buffer_iter_dropped(struct ring_buffer_iter *iter)
{
	bool dropped = iter->dropped;

	iter->dropped = 0;
	return dropped;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_dropped);

static struct rb_page *rb_alloc_page(int cpu)
{
	struct rb_page *bpage;
	struct page *page;

	/*
	 * Zeroed: readers of trace_pipe_raw get records as they lie here,
	 * with any bytes their writers skip (struct holes, a marker cut
	 * short), so the page's last owner's must not be there (mainline
	 * zeroes its pages too).
	 */
	page = alloc_pages_node(cpu_to_node(cpu),
				GFP_KERNEL | __GFP_RETRY_MAYFAIL | __GFP_ZERO, 0);
	if (!page)
		return NULL;
	bpage = page_address(page);
	bpage->base = 0;
	local_set(&bpage->state, 0);
	return bpage;
}

static void rb_free_page(struct rb_page *bpage)
{
	free_page((unsigned long)bpage);
}

/* Pages per CPU for @size bytes; no rounding overflow near ULONG_MAX. */
static unsigned long rb_size_to_pages(unsigned long size)
{
	return max_t(unsigned long, size / PAGE_SIZE + !!(size % PAGE_SIZE), RB_MIN_PAGES);
}

static void rb_wake_work(struct irq_work *work)
{
	struct rb_waiters *w = container_of(work, struct rb_waiters, work);

	wake_up_all(&w->waitq);
}

static void rb_init_waiters(struct rb_waiters *w)
{
	init_irq_work(&w->work, rb_wake_work);
	init_waitqueue_head(&w->waitq);
	raw_spin_lock_init(&w->lock);
}

static void rb_free_cpu(struct rb_cpu *cb)
{
	unsigned long i;

	if (!cb)
		return;
	irq_work_sync(&cb->waiters.work);
	if (cb->pages) {
		for (i = 0; i < cb->nr_pages; i++)
			if (cb->pages[i])
				rb_free_page(cb->pages[i]);
		kfree(cb->pages);
	}
	kfree(cb->scratch);
	kfree(cb);
}

static struct rb_cpu *rb_alloc_cpu(struct trace_buffer *buffer, int cpu, unsigned long nr)
{
	int node = cpu_to_node(cpu);
	struct rb_cpu *cb;
	unsigned long i;

	cb = kzalloc_node(sizeof(*cb), GFP_KERNEL, node);
	if (!cb)
		return NULL;
	cb->buffer = buffer;
	cb->cpu = cpu;
	raw_spin_lock_init(&cb->reader_lock);
	rb_init_waiters(&cb->waiters);

	cb->scratch = kzalloc_node(PAGE_SIZE, GFP_KERNEL, node);
	cb->pages = kcalloc_node(nr, sizeof(*cb->pages), GFP_KERNEL, node);
	if (!cb->scratch || !cb->pages)
		goto fail;
	cb->nr_pages = nr;
	for (i = 0; i < nr; i++) {
		cb->pages[i] = rb_alloc_page(cpu);
		if (!cb->pages[i])
			goto fail;
	}
	return cb;
fail:
	rb_free_cpu(cb);
	return NULL;
}

struct trace_buffer *ring_buffer_alloc(unsigned long size, unsigned int flags)
{
	unsigned long nr = rb_size_to_pages(size);
	struct trace_buffer *buffer;
	int cpu;

	BUILD_BUG_ON(RB_DATA_SIZE % RB_ALIGN);
	/* a lap copies as a whole page into a sub-buffer */
	BUILD_BUG_ON(offsetof(struct rb_page, data) != RB_SUB_HDR);
	BUILD_BUG_ON(RB_DATA_SIZE / (2 * sizeof(u32)) > RB_STATE_COUNT);

	buffer = kzalloc(sizeof(*buffer), GFP_KERNEL);
	if (!buffer)
		return NULL;
	buffer->flags = flags;
	buffer->clock = rb_clock_local;
	mutex_init(&buffer->mutex);
	rb_init_waiters(&buffer->waiters);

	buffer->buffers = kcalloc(nr_cpu_ids, sizeof(*buffer->buffers), GFP_KERNEL);
	if (!buffer->buffers)
		goto fail;
	for_each_possible_cpu(cpu) {
		buffer->buffers[cpu] = rb_alloc_cpu(buffer, cpu, nr);
		if (!buffer->buffers[cpu])
			goto fail;
	}
	return buffer;
fail:
	ring_buffer_free(buffer);
	return NULL;
}
EXPORT_SYMBOL_GPL(ring_buffer_alloc);

void ring_buffer_free(struct trace_buffer *buffer)
{
	int cpu;

	if (!buffer)
		return;
	if (buffer->buffers) {
		for_each_possible_cpu(cpu)
			rb_free_cpu(buffer->buffers[cpu]);
		kfree(buffer->buffers);
	}
	irq_work_sync(&buffer->waiters.work);
	mutex_destroy(&buffer->mutex);
	kfree(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_free);

/* Stop new writers on @cb; the caller waits for current ones. */
static void rb_pause(struct rb_cpu *cb)
{
	atomic_inc(&cb->record_disabled);
}

static void rb_unpause(struct rb_cpu *cb)
{
	/* Ring changes before the enable; pairs with the acquire in reserve. */
	smp_mb__before_atomic();
	atomic_dec(&cb->record_disabled);
}

/*
 * Move the pages of @cb to a table of @nr slots. Writers are paused and
 * reader_lock is held. @pool has the fresh pages first and room for the
 * old ones; returns how many pages of @pool are left over for freeing.
 */
static unsigned long rb_redistribute(struct rb_cpu *cb, struct rb_page **pages,
				     unsigned long nr, struct rb_page **pool,
				     unsigned long npool)
{
	unsigned long tail = local_read(&cb->tail);
	unsigned long head = atomic_long_read(&cb->head);
	unsigned long opened = DIV_ROUND_UP(tail, RB_DATA_SIZE);
	unsigned long first, lap, lost = 0, i;

	WARN_ON_ONCE(READ_ONCE(cb->commit) != tail || local_read(&cb->committing));

	/* Keep the unread laps and the partly written tail lap... */
	first = min(rb_lap(head), rb_lap(tail));
	/* ...but only the newest @nr of them. */
	if (opened - first > nr) {
		for (lap = first; lap < opened - nr; lap++)
			lost += rb_events_from(cb, lap, max(head, rb_lap_start(lap)));
		first = opened - nr;
		if (head < rb_lap_start(first))
			atomic_long_set(&cb->head, rb_lap_start(first));
		local_add(lost, &cb->overrun);
	}

	for (lap = first; lap < opened; lap++) {
		pages[lap % nr] = cb->pages[lap % cb->nr_pages];
		cb->pages[lap % cb->nr_pages] = NULL;
	}
	for (i = 0; i < cb->nr_pages; i++)
		if (cb->pages[i])
			pool[npool++] = cb->pages[i];
	for (i = 0; i < nr; i++)
		if (!pages[i])
			pages[i] = pool[--npool];
	return npool;
}

static int rb_resize_cpu(struct rb_cpu *cb, unsigned long nr)
{
	unsigned long old_nr = cb->nr_pages, extra, npool, i;
	struct rb_page **pages, **pool, **old;
	unsigned long flags;
	int node = cpu_to_node(cb->cpu);

	if (nr == old_nr)
		return 0;
	extra = nr > old_nr ? nr - old_nr : 0;
	pages = kcalloc_node(nr, sizeof(*pages), GFP_KERNEL, node);
	pool = kcalloc(max(nr, old_nr), sizeof(*pool), GFP_KERNEL);
	if (!pages || !pool)
		goto nomem;
	for (npool = 0; npool < extra; npool++) {
		pool[npool] = rb_alloc_page(cb->cpu);
		if (!pool[npool])
			goto nomem;
	}

	rb_pause(cb);
	synchronize_rcu();
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	npool = rb_redistribute(cb, pages, nr, pool, npool);
	old = cb->pages;
	cb->pages = pages;
	cb->nr_pages = nr;
	cb->tail_page = NULL;
	cb->lap_end = 0;
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	rb_unpause(cb);
	/* the waiters' mark was for the old size: they arm again */
	wake_up_all(&cb->waiters.waitq);

	for (i = 0; i < npool; i++)
		rb_free_page(pool[i]);
	kfree(pool);
	kfree(old);
	return 0;

nomem:
	if (pool)
		for (i = 0; i < extra && pool[i]; i++)
			rb_free_page(pool[i]);
	kfree(pool);
	kfree(pages);
	return -ENOMEM;
}

/*
 * Pages the resize of the CPUs in @cpu to @nr pages each must allocate,
 * or ULONG_MAX if the sum overflows.
 */
static unsigned long rb_pages_needed(struct trace_buffer *buffer, int cpu,
				     unsigned long nr)
{
	unsigned long need = 0, more;
	int c;

	for_each_possible_cpu(c) {
		if (cpu != RING_BUFFER_ALL_CPUS && c != cpu)
			continue;
		more = nr > buffer->buffers[c]->nr_pages ? nr - buffer->buffers[c]->nr_pages : 0;
		if (check_add_overflow(need, more, &need))
			return ULONG_MAX;
	}
	return need;
}

int ring_buffer_resize(struct trace_buffer *buffer, unsigned long size, int cpu)
{
	unsigned long nr = rb_size_to_pages(size);
	unsigned long *old_nr;
	int c, ret = 0;

	if (cpu != RING_BUFFER_ALL_CPUS && !rb_get_cpu(buffer, cpu))
		return -EINVAL;
	old_nr = kcalloc(nr_cpu_ids, sizeof(*old_nr), GFP_KERNEL);
	if (!old_nr)
		return -ENOMEM;

	mutex_lock(&buffer->mutex);
	/* Refuse what available memory cannot hold before allocating any. */
	if (rb_pages_needed(buffer, cpu, nr) > (unsigned long)si_mem_available()) {
		ret = -ENOMEM;
		goto out;
	}
	for_each_possible_cpu(c) {
		if (cpu != RING_BUFFER_ALL_CPUS && c != cpu)
			continue;
		old_nr[c] = buffer->buffers[c]->nr_pages;
		ret = rb_resize_cpu(buffer->buffers[c], nr);
		if (ret)
			break;
	}
	/* All or nothing: give the CPUs already done their old size back. */
	if (ret)
		for_each_possible_cpu(c)
			if (old_nr[c])
				rb_resize_cpu(buffer->buffers[c], old_nr[c]);
out:
	mutex_unlock(&buffer->mutex);
	kfree(old_nr);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_resize);

unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);

	return cb ? cb->nr_pages * PAGE_SIZE : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_size);

unsigned long ring_buffer_max_event_size(struct trace_buffer *buffer)
{
	return RB_MAX_PAYLOAD;
}
EXPORT_SYMBOL_GPL(ring_buffer_max_event_size);

void ring_buffer_set_clock(struct trace_buffer *buffer, u64 (*clock)(void))
{
	WRITE_ONCE(buffer->clock, clock ?: rb_clock_local);
}
EXPORT_SYMBOL_GPL(ring_buffer_set_clock);

u64 ring_buffer_time_stamp(struct trace_buffer *buffer)
{
	typeof(buffer->clock) clock = READ_ONCE(buffer->clock);
	u64 ts;

	preempt_disable_notrace();
	ts = clock();
	preempt_enable_notrace();
	return ts;
}
EXPORT_SYMBOL_GPL(ring_buffer_time_stamp);

void ring_buffer_change_overwrite(struct trace_buffer *buffer, int val)
{
	mutex_lock(&buffer->mutex);
	if (val)
		WRITE_ONCE(buffer->flags, buffer->flags | RB_FL_OVERWRITE);
	else
		WRITE_ONCE(buffer->flags, buffer->flags & ~RB_FL_OVERWRITE);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_change_overwrite);

/* Writers paused, reader_lock held. Positions go on from tail. */
static void rb_reset_locked(struct rb_cpu *cb)
{
	atomic_long_set(&cb->head, local_read(&cb->tail));
	local_set(&cb->written, 0);
	local_set(&cb->dropped, 0);
	local_set(&cb->overrun, 0);
	WRITE_ONCE(cb->read, 0);
	cb->last_overrun = 0;
}

static void rb_reset_paused(struct rb_cpu *cb)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	rb_reset_locked(cb);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
}

void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);

	if (!cb)
		return;
	mutex_lock(&buffer->mutex);
	rb_pause(cb);
	synchronize_rcu();
	rb_reset_paused(cb);
	rb_unpause(cb);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_cpu);

void ring_buffer_reset(struct trace_buffer *buffer)
{
	int cpu;

	mutex_lock(&buffer->mutex);
	for_each_possible_cpu(cpu)
		rb_pause(buffer->buffers[cpu]);
	synchronize_rcu();
	for_each_possible_cpu(cpu) {
		rb_reset_paused(buffer->buffers[cpu]);
		rb_unpause(buffer->buffers[cpu]);
	}
	WRITE_ONCE(buffer->time_start, ring_buffer_time_stamp(buffer));
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset);

u64 ring_buffer_time_start(struct trace_buffer *buffer)
{
	return READ_ONCE(buffer->time_start);
}

bool ring_buffer_empty_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);

	return !cb || !rb_has_event(cb);
}
EXPORT_SYMBOL_GPL(ring_buffer_empty_cpu);

bool ring_buffer_empty(struct trace_buffer *buffer)
{
	int cpu;

	for_each_possible_cpu(cpu)
		if (!ring_buffer_empty_cpu(buffer, cpu))
			return false;
	return true;
}
EXPORT_SYMBOL_GPL(ring_buffer_empty);

unsigned long ring_buffer_entries_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);
	long n;

	if (!cb)
		return 0;
	n = local_read(&cb->written) - local_read(&cb->dropped) -
	    local_read(&cb->overrun) - (long)READ_ONCE(cb->read);
	return n > 0 ? n : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_entries_cpu);

unsigned long ring_buffer_entries(struct trace_buffer *buffer)
{
	unsigned long n = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		n += ring_buffer_entries_cpu(buffer, cpu);
	return n;
}
EXPORT_SYMBOL_GPL(ring_buffer_entries);

u64 ring_buffer_oldest_event_ts(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);
	unsigned long flags, pos, commit;
	struct rb_rec r;
	u64 ts = 0, t;
	long head;
	int ret;

	/* in place, not in the scratch copy that peek and consume hand out */
	if (!cb || !rb_lock_reader(cb, &flags))
		return 0;
	do {
		commit = rb_read_bounds(cb, &head);
		if ((unsigned long)head >= commit)
			break;
		pos = head;
		t = rb_ts_at(cb, pos);
		ret = rb_next_event(cb, &pos, commit, &t, &r);
		/* the reads before the check that head did not move */
		smp_rmb();
		ts = ret == RB_REC_EVENT ? t : 0;
	} while (atomic_long_read(&cb->head) != head);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ts;
}
EXPORT_SYMBOL_GPL(ring_buffer_oldest_event_ts);

unsigned long ring_buffer_bytes_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);
	unsigned long commit;
	long head;

	if (!cb)
		return 0;
	commit = rb_read_bounds(cb, &head);
	return commit - head;
}
EXPORT_SYMBOL_GPL(ring_buffer_bytes_cpu);

unsigned long ring_buffer_overrun_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);

	return cb ? local_read(&cb->overrun) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_overrun_cpu);

unsigned long ring_buffer_overruns(struct trace_buffer *buffer)
{
	unsigned long n = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		n += ring_buffer_overrun_cpu(buffer, cpu);
	return n;
}
EXPORT_SYMBOL_GPL(ring_buffer_overruns);

unsigned long ring_buffer_dropped_events_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);

	return cb ? local_read(&cb->dropped) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_dropped_events_cpu);

unsigned long ring_buffer_read_events_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);

	return cb ? READ_ONCE(cb->read) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_events_cpu);

unsigned long ring_buffer_written_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);

	return cb ? local_read(&cb->written) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_written_cpu);

void ring_buffer_record_disable(struct trace_buffer *buffer)
{
	atomic_inc(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable);

void ring_buffer_record_enable(struct trace_buffer *buffer)
{
	atomic_dec(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable);

void ring_buffer_record_off(struct trace_buffer *buffer)
{
	atomic_or(RB_RECORD_OFF, &buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_off);

void ring_buffer_record_on(struct trace_buffer *buffer)
{
	atomic_andnot(RB_RECORD_OFF, &buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_on);

bool ring_buffer_record_is_on(struct trace_buffer *buffer)
{
	return !atomic_read(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_is_on);

bool ring_buffer_record_is_set_on(struct trace_buffer *buffer)
{
	return !(atomic_read(&buffer->record_disabled) & RB_RECORD_OFF);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_is_set_on);

void ring_buffer_record_disable_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);

	if (cb)
		atomic_inc(&cb->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable_cpu);

void ring_buffer_record_enable_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_get_cpu(buffer, cpu);

	if (cb)
		atomic_dec(&cb->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable_cpu);

static struct rb_waiters *rb_get_waiters(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb;

	if (cpu == RING_BUFFER_ALL_CPUS)
		return &buffer->waiters;
	cb = rb_get_cpu(buffer, cpu);
	return cb ? &cb->waiters : NULL;
}

static bool rb_cpu_ready(struct rb_cpu *cb, int full)
{
	unsigned long commit;
	long head;

	if (!rb_has_event(cb))
		return false;
	commit = rb_read_bounds(cb, &head);
	if (full <= 0)
		return true;
	/* One lap is always being refilled, so a full ring holds nr_pages - 1. */
	return (commit - head) * 100 >=
	       (unsigned long)min(full, 100) * (cb->nr_pages - 1) * RB_DATA_SIZE;
}

static bool rb_ready(struct trace_buffer *buffer, int cpu, int full)
{
	int c;

	if (cpu != RING_BUFFER_ALL_CPUS)
		return rb_cpu_ready(buffer->buffers[cpu], full);
	/* @full is for one CPU's reader, as in mainline: here any event */
	for_each_possible_cpu(c)
		if (rb_cpu_ready(buffer->buffers[c], 0))
			return true;
	return false;
}

static void rb_barrier_ipi(void *unused)
{
}

/*
 * Set @w->pending where the writers of @cpu (every CPU for
 * RING_BUFFER_ALL_CPUS) are sure to see it; see "Waiting". An offline CPU
 * has no writers to order.
 */
static void rb_arm(struct rb_waiters *w, int cpu, unsigned long want)
{
	unsigned long flags;

	/* the lowest mark of the waiters, unless a writer took the last */
	raw_spin_lock_irqsave(&w->lock, flags);
	if (!READ_ONCE(w->pending) || (long)(want - w->want) < 0)
		WRITE_ONCE(w->want, want);
	WRITE_ONCE(w->pending, 1);
	raw_spin_unlock_irqrestore(&w->lock, flags);
	if (cpu == RING_BUFFER_ALL_CPUS)
		on_each_cpu(rb_barrier_ipi, NULL, 1);
	else
		smp_call_function_single(cpu, rb_barrier_ipi, NULL, 1);
}

/*
 * The commit position of @cpu's ring from which it is @full percent full
 * (rb_cpu_ready()); 0, any, for every CPU's waiters and for any event.
 */
static unsigned long rb_want(struct trace_buffer *buffer, int cpu, int full)
{
	struct rb_cpu *cb;
	long head;

	if (cpu == RING_BUFFER_ALL_CPUS || full <= 0)
		return 0;
	cb = buffer->buffers[cpu];
	rb_read_bounds(cb, &head);
	return head + DIV_ROUND_UP((unsigned long)min(full, 100) * (cb->nr_pages - 1) *
				   RB_DATA_SIZE, 100);
}

static bool rb_wait_done(struct trace_buffer *buffer, int cpu, struct rb_waiters *w,
			 int full, ring_buffer_cond_fn cond, void *data,
			 unsigned long seq)
{
	return READ_ONCE(w->wake_seq) != seq || rb_ready(buffer, cpu, full) ||
	       (cond && cond(data));
}

int ring_buffer_wait(struct trace_buffer *buffer, int cpu, int full,
		     ring_buffer_cond_fn cond, void *data)
{
	struct rb_waiters *w = rb_get_waiters(buffer, cpu);
	DEFINE_WAIT(wait);
	unsigned long seq;
	int ret = 0;

	if (!w)
		return -ENODEV;
	seq = READ_ONCE(w->wake_seq);
	if (rb_wait_done(buffer, cpu, w, full, cond, data, seq))
		return 0;
	for (;;) {
		rb_arm(w, cpu, rb_want(buffer, cpu, full));
		/* a wake-up before we are queued comes after the data we check */
		prepare_to_wait(&w->waitq, &wait, TASK_INTERRUPTIBLE);
		if (rb_wait_done(buffer, cpu, w, full, cond, data, seq))
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(&w->waitq, &wait);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_wait);

__poll_t ring_buffer_poll_wait(struct trace_buffer *buffer, int cpu,
			       struct file *filp, struct poll_table_struct *poll_table,
			       int full)
{
	struct rb_waiters *w = rb_get_waiters(buffer, cpu);

	if (!w)
		return EPOLLERR;
	poll_wait(filp, &w->waitq, poll_table);
	if (!rb_ready(buffer, cpu, full)) {
		rb_arm(w, cpu, rb_want(buffer, cpu, full));
		if (!rb_ready(buffer, cpu, full))
			return 0;
	}
	return EPOLLIN | EPOLLRDNORM;
}
EXPORT_SYMBOL_GPL(ring_buffer_poll_wait);

static void rb_wake_all(struct rb_waiters *w)
{
	WRITE_ONCE(w->wake_seq, w->wake_seq + 1);
	wake_up_all(&w->waitq);
}

void ring_buffer_wake_waiters(struct trace_buffer *buffer, int cpu)
{
	struct rb_waiters *w = rb_get_waiters(buffer, cpu);
	int c;

	if (!w)
		return;
	rb_wake_all(w);
	if (cpu == RING_BUFFER_ALL_CPUS)
		for_each_possible_cpu(c)
			rb_wake_all(&buffer->buffers[c]->waiters);
}
EXPORT_SYMBOL_GPL(ring_buffer_wake_waiters);

void notrace ring_buffer_kick_waiters(struct trace_buffer *buffer)
{
	int c;

	/* the caller's change before the flags: see ring_buffer_ext.h */
	smp_mb();
	rb_wake_pending(&buffer->waiters);
	for_each_possible_cpu(c)
		rb_wake_pending(&buffer->buffers[c]->waiters);
}
