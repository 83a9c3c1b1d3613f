// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests for kernel/trace/ring_buffer.c, built against the shim.
 *
 * Every payload is self-checking: stream id, sequence number, length and a
 * checksum over the whole payload, with a length that is a pure function of
 * (stream, seq), so a torn, truncated or misplaced event is always caught.
 */
#define _GNU_SOURCE
#include "kernel_shim.h"
#include <linux/ring_buffer.h>
#include "../../../linux/kernel/trace/ring_buffer_ext.h"

#include <sched.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Reporting */

static int checks_failed;

#define CHECK(cond, fmt, ...) do {						\
	if (!(cond)) {								\
		checks_failed++;						\
		if (checks_failed < 50)						\
			fprintf(stderr, "#   %s:%d: %s: " fmt "\n", __func__,	\
				__LINE__, #cond, ##__VA_ARGS__);		\
	}									\
} while (0)

/* ------------------------------------------------------------------ */
/* Payloads */

struct pl_hdr {
	u64 seq;
	u32 stream;
	u32 len;
	u64 ts;		/* expected timestamp, 0 if not checked */
	u32 csum;
	u32 pad;
};

#define PL_MIN	((unsigned int)sizeof(struct pl_hdr))

static u32 mix32(u64 x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return (u32)x;
}

/* Length of payload (stream, seq): PL_MIN .. PL_MIN + spread - 1, not aligned. */
static unsigned int pl_len(u32 stream, u64 seq, unsigned int spread)
{
	return PL_MIN + mix32(seq * 131 + stream) % spread;
}

static u32 pl_sum(const u8 *p, unsigned int len)
{
	u32 h = 2166136261U;
	unsigned int i;

	for (i = 0; i < len; i++)
		if (i < offsetof(struct pl_hdr, csum) || i >= offsetof(struct pl_hdr, pad))
			h = (h ^ p[i]) * 16777619U;
	return h;
}

static void pl_fill(void *buf, u32 stream, u64 seq, unsigned int len, u64 ts)
{
	struct pl_hdr h = { .seq = seq, .stream = stream, .len = len, .ts = ts };
	u8 *p = buf;
	unsigned int i;

	for (i = PL_MIN; i < len; i++)
		p[i] = (u8)(seq * 7 + i * 13 + stream);
	memcpy(p, &h, PL_MIN);
	h.csum = pl_sum(p, len);
	memcpy(p, &h, PL_MIN);
}

/* Fill slowly, in pieces, so that interrupts land in the middle. */
static void pl_fill_slow(void *buf, u32 stream, u64 seq, unsigned int len)
{
	volatile u8 *p = buf;
	u8 tmp[4096];
	unsigned int i;

	pl_fill(tmp, stream, seq, len, 0);
	for (i = 0; i < len; i++) {
		p[i] = tmp[len - 1 - i];
		__asm__ __volatile__("" : : : "memory");
	}
	for (i = 0; i < len; i++)
		p[i] = tmp[i];
}

/*
 * Check an event; returns false (and counts a failure) if it is damaged.
 * The ring hands out the length rounded up to 4 bytes, as mainline's,
 * and the bytes after the payload must be zero.
 */
static bool pl_check(struct ring_buffer_event *ev, struct pl_hdr *out, unsigned int spread)
{
	unsigned int rlen = ring_buffer_event_length(ev);
	u8 *p = ring_buffer_event_data(ev);
	struct pl_hdr h;
	unsigned int i, len;

	if (rlen < PL_MIN) {
		CHECK(0, "short event %u", rlen);
		return false;
	}
	memcpy(&h, p, PL_MIN);
	len = h.len;
	if (ALIGN(len, 4) != rlen || h.csum != pl_sum(p, len) ||
	    (spread && len != pl_len(h.stream, h.seq, spread))) {
		CHECK(0, "bad payload: len %u hdr.len %u seq %llu stream %u", rlen, h.len,
		      (unsigned long long)h.seq, h.stream);
		return false;
	}
	for (i = PL_MIN; i < rlen; i++) {
		if (p[i] != (i < len ? (u8)(h.seq * 7 + i * 13 + h.stream) : 0)) {
			CHECK(0, "bad fill at %u of %u seq %llu", i, len, (unsigned long long)h.seq);
			return false;
		}
	}
	if (out)
		*out = h;
	return true;
}

/* Write one event with reserve/commit. */
static bool put(struct trace_buffer *b, u32 stream, u64 seq, unsigned int len)
{
	struct ring_buffer_event *ev = ring_buffer_lock_reserve(b, len);

	if (!ev)
		return false;
	pl_fill(ring_buffer_event_data(ev), stream, seq, len, 0);
	ring_buffer_unlock_commit(b);
	return true;
}

static void set_cpu(int cpu)
{
	shim_cpu = cpu;
}

/* written == entries + overrun + dropped + read, for a quiet CPU */
static bool invariant(struct trace_buffer *b, int cpu)
{
	unsigned long w = ring_buffer_written_cpu(b, cpu);
	unsigned long e = ring_buffer_entries_cpu(b, cpu);
	unsigned long o = ring_buffer_overrun_cpu(b, cpu);
	unsigned long d = ring_buffer_dropped_events_cpu(b, cpu);
	unsigned long r = ring_buffer_read_events_cpu(b, cpu);

	CHECK(w == e + o + d + r, "cpu %d: written %lu entries %lu overrun %lu dropped %lu read %lu",
	      cpu, w, e, o, d, r);
	return w == e + o + d + r;
}

/*
 * Consume everything on @cpu, checking order and, with @exact_lost, that
 * each lost count is the gap in seq. @prev is the seq consumed last before
 * (-1: none since the start or a reset, so seqs start at 0; -2: unknown).
 */
struct drain {
	unsigned long n;
	unsigned long lost;
	u64 first, last;
	unsigned long gap_mismatch;
};

static struct drain drain_cpu_from(struct trace_buffer *b, int cpu, unsigned int spread,
				   bool exact_lost, long long prev)
{
	struct drain d = { 0 };
	struct ring_buffer_event *ev;
	unsigned long lost;
	u64 ts, last_ts = 0;
	struct pl_hdr h;

	while ((ev = ring_buffer_consume(b, cpu, &ts, &lost))) {
		if (!pl_check(ev, &h, spread))
			continue;
		CHECK(ts >= last_ts, "time went back");
		CHECK(ring_buffer_event_time_stamp(b, ev) == ts, "event_time_stamp");
		last_ts = ts;
		if (d.n == 0) {
			d.first = h.seq;
			if (exact_lost && prev >= -1)
				CHECK(lost == h.seq - prev - 1, "first lost %lu seq %llu prev %lld",
				      lost, (unsigned long long)h.seq, prev);
		} else {
			CHECK(h.seq > d.last, "order: %llu after %llu",
			      (unsigned long long)h.seq, (unsigned long long)d.last);
			if (h.seq - d.last - 1 != lost) {
				d.gap_mismatch++;
				if (exact_lost)
					CHECK(0, "gap %llu but lost %lu",
					      (unsigned long long)(h.seq - d.last - 1), lost);
			}
		}
		d.last = h.seq;
		d.lost += lost;
		d.n++;
	}
	return d;
}

static struct drain drain_cpu(struct trace_buffer *b, int cpu, unsigned int spread,
			      bool exact_lost)
{
	return drain_cpu_from(b, cpu, spread, exact_lost, -2);
}

/* ------------------------------------------------------------------ */
/* Tests */

static void test_basic(void)
{
	struct trace_buffer *b = ring_buffer_alloc(256 * 1024, RB_FL_OVERWRITE);
	struct ring_buffer_event *ev;
	unsigned long lost;
	u64 ts, ts2, stamps[1000];
	struct pl_hdr h;
	u8 buf[256];
	int i;

	set_cpu(0);
	CHECK(b, "alloc");
	CHECK(ring_buffer_size(b, 0) == 64 * PAGE_SIZE, "size %lu", ring_buffer_size(b, 0));
	CHECK(ring_buffer_size(b, 99) == 0, "bad cpu size");
	CHECK(ring_buffer_empty(b), "new buffer empty");
	CHECK(!ring_buffer_peek(b, 0, NULL, NULL), "peek on empty");

	for (i = 0; i < 1000; i++) {
		unsigned int len = pl_len(0, i, 100);

		if (i % 3 == 0) {
			pl_fill(buf, 0, i, len, 0);
			CHECK(ring_buffer_write(b, len, buf) == 0, "write");
			stamps[i] = 0;
		} else {
			ev = ring_buffer_lock_reserve(b, len);
			CHECK(ev, "reserve");
			if (!ev)
				continue;
			CHECK(ring_buffer_event_length(ev) == ALIGN(len, 4), "length");
			CHECK(((unsigned long)ring_buffer_event_data(ev) & 3) == 0, "aligned");
			stamps[i] = ring_buffer_event_time_stamp(b, ev);
			pl_fill(ring_buffer_event_data(ev), 0, i, len, 0);
			ring_buffer_unlock_commit(b);
		}
	}
	CHECK(shim_preempt_count == 0, "preempt count balanced");
	CHECK(ring_buffer_entries_cpu(b, 0) == 1000, "entries %lu", ring_buffer_entries_cpu(b, 0));
	CHECK(ring_buffer_entries(b) == 1000, "entries all");
	CHECK(ring_buffer_written_cpu(b, 0) == 1000, "written");
	CHECK(ring_buffer_overrun_cpu(b, 0) == 0, "no overrun");
	CHECK(!ring_buffer_empty_cpu(b, 0) && ring_buffer_empty_cpu(b, 1), "empty_cpu");

	ev = ring_buffer_peek(b, 0, &ts, &lost);
	CHECK(ev && pl_check(ev, &h, 100) && h.seq == 0 && lost == 0, "peek first");
	ev = ring_buffer_peek(b, 0, &ts2, NULL);
	CHECK(ev && pl_check(ev, &h, 100) && h.seq == 0 && ts == ts2, "peek again");
	CHECK(ring_buffer_entries_cpu(b, 0) == 1000, "peek keeps");

	for (i = 0; i < 1000; i++) {
		ev = ring_buffer_consume(b, 0, &ts, &lost);
		CHECK(ev, "consume %d", i);
		if (!ev)
			break;
		CHECK(pl_check(ev, &h, 100) && h.seq == (u64)i, "order %d", i);
		CHECK(lost == 0, "lost");
		CHECK(!stamps[i] || stamps[i] == ts, "reserve-time stamp == read stamp");
	}
	CHECK(!ring_buffer_consume(b, 0, NULL, NULL), "drained");
	CHECK(ring_buffer_empty_cpu(b, 0), "empty");
	CHECK(ring_buffer_read_events_cpu(b, 0) == 1000, "read count");
	CHECK(ring_buffer_entries_cpu(b, 0) == 0, "entries 0");
	invariant(b, 0);

	/* Zero-length, maximum and oversized events. */
	ev = ring_buffer_lock_reserve(b, 0);
	CHECK(ev && ring_buffer_event_length(ev) == 4, "zero length takes a word, as mainline's");
	if (ev)
		ring_buffer_unlock_commit(b);
	{
		unsigned long max = ring_buffer_max_event_size(b);
		static u8 big[8192];

		CHECK(max >= 4000 && max < PAGE_SIZE, "max %lu", max);
		memset(big, 0x3c, sizeof(big));
		CHECK(ring_buffer_write(b, max, big) == 0, "max event");
		CHECK(ring_buffer_write(b, max + 1, big) == -EBUSY, "oversized refused");
		CHECK(ring_buffer_written_cpu(b, 0) == 1002, "oversized not counted");
		ev = ring_buffer_consume(b, 0, NULL, NULL);
		CHECK(ev && ring_buffer_event_length(ev) == 4 &&
		      !*(u32 *)ring_buffer_event_data(ev), "read zero length");
		ev = ring_buffer_consume(b, 0, NULL, NULL);
		CHECK(ev && ring_buffer_event_length(ev) == max &&
		      !memcmp(ring_buffer_event_data(ev), big, max), "read max event");
	}
	CHECK(ring_buffer_peek(b, -1, NULL, NULL) == NULL && ring_buffer_peek(b, 4, NULL, NULL) == NULL,
	      "bad cpu");
	CHECK(shim_preempt_count == 0, "preempt count balanced");
	ring_buffer_free(b);
}

static void test_overwrite(void)
{
	struct trace_buffer *b = ring_buffer_alloc(4 * PAGE_SIZE, RB_FL_OVERWRITE);
	const unsigned long n = 100000;
	unsigned long entries, overrun, i;
	struct drain d;

	set_cpu(0);
	for (i = 0; i < n; i++)
		CHECK(put(b, 0, i, pl_len(0, i, 200)), "write %lu", i);
	entries = ring_buffer_entries_cpu(b, 0);
	overrun = ring_buffer_overrun_cpu(b, 0);
	CHECK(ring_buffer_written_cpu(b, 0) == n, "written");
	CHECK(ring_buffer_dropped_events_cpu(b, 0) == 0, "no drops in overwrite mode");
	CHECK(entries + overrun == n, "entries %lu + overrun %lu != %lu", entries, overrun, n);
	/* At least three of the four pages hold data (avg event ~ 140 bytes). */
	CHECK(entries > 3 * 4000 / 240 && entries < 4 * 4096 / 32, "entries %lu", entries);
	invariant(b, 0);

	d = drain_cpu_from(b, 0, 200, true, -1);
	CHECK(d.n == entries, "read %lu of %lu", d.n, entries);
	CHECK(d.last == n - 1, "newest kept: %llu", (unsigned long long)d.last);
	CHECK(d.last - d.first + 1 == d.n, "contiguous tail");
	CHECK(d.lost == overrun, "lost %lu overrun %lu", d.lost, overrun);
	invariant(b, 0);

	/* Keep going after a drain, with a partially consumed head page. */
	for (i = n; i < n + 50; i++)
		put(b, 0, i, pl_len(0, i, 200));
	{
		struct ring_buffer_event *ev = ring_buffer_consume(b, 0, NULL, NULL);
		struct pl_hdr h;

		CHECK(ev && pl_check(ev, &h, 200) && h.seq == n, "resume");
	}
	for (i = n + 50; i < 2 * n; i++)
		put(b, 0, i, pl_len(0, i, 200));
	invariant(b, 0);
	d = drain_cpu_from(b, 0, 200, true, n);
	CHECK(d.last == 2 * n - 1 && d.last - d.first + 1 == d.n, "tail after resume");
	invariant(b, 0);
	ring_buffer_free(b);
}

static void test_discard(void)
{
	struct trace_buffer *b = ring_buffer_alloc(3 * PAGE_SIZE, RB_FL_OVERWRITE);
	struct ring_buffer_event *a, *e2;
	unsigned long i, seq = 0;
	struct drain d;

	set_cpu(1);
	a = ring_buffer_lock_reserve(b, 64);
	CHECK(a, "reserve");
	ring_buffer_discard_commit(b, a);
	CHECK(ring_buffer_empty_cpu(b, 1) && !ring_buffer_peek(b, 1, NULL, NULL), "invisible");
	CHECK(ring_buffer_written_cpu(b, 1) == 0 && ring_buffer_entries_cpu(b, 1) == 0,
	      "not counted");

	/* Discard the inner of a nested pair, keep the outer. */
	a = ring_buffer_lock_reserve(b, pl_len(0, 0, 80));
	e2 = ring_buffer_lock_reserve(b, 100);
	ring_buffer_discard_commit(b, e2);
	CHECK(!ring_buffer_peek(b, 1, NULL, NULL), "outer still open");
	pl_fill(ring_buffer_event_data(a), 0, 0, pl_len(0, 0, 80), 0);
	ring_buffer_unlock_commit(b);
	seq = 1;
	d = drain_cpu_from(b, 1, 80, true, -1);
	CHECK(d.n == 1 && d.first == 0, "outer kept");

	/* Every third event discarded while overwriting: counts stay exact. */
	for (i = 0; i < 50000; i++) {
		if (i % 3 == 1) {
			a = ring_buffer_lock_reserve(b, 10 + i % 200);
			if (a)
				ring_buffer_discard_commit(b, a);
		} else if (put(b, 0, seq, pl_len(0, seq, 80))) {
			seq++;
		}
	}
	CHECK(ring_buffer_overrun_cpu(b, 1) > 0, "overwrote");
	CHECK(shim_preempt_count == 0, "preempt balanced");
	invariant(b, 1);
	d = drain_cpu_from(b, 1, 80, true, 0);
	CHECK(d.last == seq - 1 && d.n == d.last - d.first + 1, "kept events contiguous");
	invariant(b, 1);
	ring_buffer_free(b);
}

static void test_no_overwrite(void)
{
	struct trace_buffer *b = ring_buffer_alloc(4 * PAGE_SIZE, 0);
	unsigned long ok = 0, i, first_fail = 0;
	struct drain d;

	set_cpu(1);
	for (i = 0; i < 10000; i++) {
		if (put(b, 0, ok, pl_len(0, ok, 200)))
			ok++;
		else if (!first_fail)
			first_fail = i;
	}
	CHECK(first_fail > 0 && ok == first_fail, "fills then refuses: ok %lu", ok);
	CHECK(ring_buffer_written_cpu(b, 1) == 10000, "written");
	CHECK(ring_buffer_dropped_events_cpu(b, 1) == 10000 - ok, "dropped");
	CHECK(ring_buffer_overrun_cpu(b, 1) == 0, "no overrun");
	CHECK(ring_buffer_entries_cpu(b, 1) == ok, "entries");
	invariant(b, 1);

	d = drain_cpu(b, 1, 200, true);
	CHECK(d.n == ok && d.first == 0 && d.last == ok - 1, "oldest kept");
	/* Room again once read. */
	for (i = 0; i < 10; i++)
		CHECK(put(b, 0, ok + i, pl_len(0, ok + i, 200)), "write after drain");
	d = drain_cpu(b, 1, 200, true);
	CHECK(d.n == 10 && d.first == ok, "read after drain");
	invariant(b, 1);

	/* Switching to overwrite mode at run time. */
	for (i = 0; i < 1000; i++)
		put(b, 0, i, pl_len(0, i, 200));
	CHECK(ring_buffer_overrun_cpu(b, 1) == 0, "still dropping");
	ring_buffer_change_overwrite(b, 1);
	for (i = 1000; i < 2000; i++)
		CHECK(put(b, 0, i, pl_len(0, i, 200)), "overwrite now");
	CHECK(ring_buffer_overrun_cpu(b, 1) > 0, "overruns now");
	invariant(b, 1);
	d = drain_cpu(b, 1, 200, false);
	CHECK(d.last == 1999, "newest kept");
	ring_buffer_free(b);
}

/* Explicit nesting, as an interrupt would do between reserve and commit. */
static void test_nested_explicit(void)
{
	struct trace_buffer *b = ring_buffer_alloc(4 * PAGE_SIZE, RB_FL_OVERWRITE);
	struct ring_buffer_event *a, *e2, *c;
	unsigned long i, k;
	struct drain d;

	set_cpu(2);
	/* A { B { C } } with commits in "wrong" order: fill A last. */
	a = ring_buffer_lock_reserve(b, pl_len(0, 0, 50));
	e2 = ring_buffer_lock_reserve(b, pl_len(0, 1, 50));
	c = ring_buffer_lock_reserve(b, pl_len(0, 2, 50));
	CHECK(a && e2 && c, "nested reserve");
	pl_fill(ring_buffer_event_data(c), 0, 2, pl_len(0, 2, 50), 0);
	ring_buffer_unlock_commit(b);
	CHECK(!ring_buffer_peek(b, 2, NULL, NULL), "nothing visible with A and B open");
	pl_fill(ring_buffer_event_data(a), 0, 0, pl_len(0, 0, 50), 0);
	ring_buffer_unlock_commit(b);
	CHECK(!ring_buffer_peek(b, 2, NULL, NULL), "nothing visible with one open");
	CHECK(ring_buffer_entries_cpu(b, 2) == 3, "counted as entries");
	pl_fill(ring_buffer_event_data(e2), 0, 1, pl_len(0, 1, 50), 0);
	ring_buffer_unlock_commit(b);
	d = drain_cpu(b, 2, 50, true);
	CHECK(d.n == 3 && d.first == 0 && d.last == 2, "all three, in reservation order");

	/* Outer event open across many nested page crossings. */
	for (k = 0; k < 200; k++) {
		u64 base = 1000 * (k + 1);
		unsigned int alen = pl_len(0, base, 400);

		a = ring_buffer_lock_reserve(b, alen);
		CHECK(a, "outer");
		for (i = 1; i <= 20 + k % 7; i++)
			CHECK(put(b, 0, base + i, pl_len(0, base + i, 400)), "inner");
		pl_fill(ring_buffer_event_data(a), 0, base, alen, 0);
		ring_buffer_unlock_commit(b);
		d = drain_cpu(b, 2, 400, false);
		CHECK(d.first == base && d.last == base + 20 + k % 7 && d.n == d.last - d.first + 1,
		      "outer then inner, k=%lu first %llu n %lu", k, (unsigned long long)d.first, d.n);
	}
	invariant(b, 2);

	/* Nested writers going round the whole ring while the outer is open. */
	a = ring_buffer_lock_reserve(b, 100);
	CHECK(a, "outer");
	memset(ring_buffer_event_data(a), 0, 100);
	k = 0;
	for (i = 0; i < 1000; i++)
		if (put(b, 0, k, pl_len(0, k + i, 300)))
			k++;
	CHECK(k < 1000 && ring_buffer_dropped_events_cpu(b, 2) == 1000 - k,
	      "ring full of open reservation: dropped %lu", ring_buffer_dropped_events_cpu(b, 2));
	pl_fill(ring_buffer_event_data(a), 0, 5000, 100, 0);
	ring_buffer_unlock_commit(b);
	invariant(b, 2);
	{
		struct ring_buffer_event *ev = ring_buffer_consume(b, 2, NULL, NULL);
		struct pl_hdr h;

		CHECK(ev && pl_check(ev, &h, 0) && h.seq == 5000, "outer intact");
	}
	d = drain_cpu(b, 2, 0, false);
	CHECK(d.n == k && d.first == 0 && d.last == k - 1, "inner kept before drops: n %lu k %lu "
	      "first %llu last %llu", d.n, k, (unsigned long long)d.first,
	      (unsigned long long)d.last);
	invariant(b, 2);

	/* Reservation depth limit (32): 40 nested attempts, the deepest dropped. */
	k = 0;
	for (i = 0; i < 40; i++) {
		a = ring_buffer_lock_reserve(b, 32);
		if (a) {
			pl_fill(ring_buffer_event_data(a), 0, i, 32, 0);
			k++;
		}
	}
	CHECK(k == 32, "depth limit: %lu", k);
	for (i = 0; i < k; i++)
		ring_buffer_unlock_commit(b);
	CHECK(ring_buffer_entries_cpu(b, 2) == 32, "depth limit: %lu", ring_buffer_entries_cpu(b, 2));
	d = drain_cpu(b, 2, 0, false);
	CHECK(d.n == 32 && d.first == 0 && d.last == 31, "nested 32 deep");
	CHECK(shim_preempt_count == 0, "preempt balanced %d", shim_preempt_count);
	invariant(b, 2);
	ring_buffer_free(b);
}

/* ------------------------------------------------------------------ */
/* Signal-driven nesting: SIGUSR1 plays an irq, SIGUSR2 an NMI (nests in itself). */

#define NSTREAMS 8
static struct trace_buffer *sig_b;
static u64 sig_seq[NSTREAMS];
static volatile int sig_depth2;
static volatile int sig_usr1_in;
static unsigned long sig_events;
static unsigned int sig_spread = 300;

/* Write one event (or a nested pair); raise @nest_sig while it is open. */
static void sig_write(u32 stream, int pairs, int nest_sig)
{
	u64 s1 = sig_seq[stream]++;
	unsigned int l1 = pl_len(stream, s1, sig_spread);
	struct ring_buffer_event *e1 = ring_buffer_lock_reserve(sig_b, l1);

	if (nest_sig)
		raise(nest_sig);
	if (pairs && e1) {
		/* A nested pair committed in reverse order of filling. */
		u64 s2 = sig_seq[stream]++;
		unsigned int l2 = pl_len(stream, s2, sig_spread);
		struct ring_buffer_event *e2 = ring_buffer_lock_reserve(sig_b, l2);

		if (nest_sig == SIGUSR2)
			raise(SIGUSR2);
		pl_fill_slow(ring_buffer_event_data(e1), stream, s1, l1);
		ring_buffer_unlock_commit(sig_b);
		if (e2) {
			pl_fill_slow(ring_buffer_event_data(e2), stream, s2, l2);
			ring_buffer_unlock_commit(sig_b);
		}
		__atomic_add_fetch(&sig_events, 1, __ATOMIC_RELAXED);
		return;
	}
	if (e1) {
		pl_fill_slow(ring_buffer_event_data(e1), stream, s1, l1);
		ring_buffer_unlock_commit(sig_b);
	}
	__atomic_add_fetch(&sig_events, 1, __ATOMIC_RELAXED);
}

static void on_usr1(int sig)
{
	int save = errno;

	(void)sig;
	sig_usr1_in = 1;
	sig_write(1, sig_seq[1] % 3 == 0, sig_seq[1] % 4 == 1 ? SIGUSR2 : 0);
	sig_usr1_in = 0;
	errno = save;
}

static void on_usr2(int sig)
{
	int save = errno;
	int depth = ++sig_depth2;

	(void)sig;
	if (depth < NSTREAMS - 2)
		sig_write(1 + depth, sig_seq[1 + depth] % 2,
			  depth < 4 && sig_seq[1 + depth] % 3 == 0 ? SIGUSR2 : 0);
	--sig_depth2;
	errno = save;
}

struct sig_writer {
	pthread_t thread;
	unsigned long n;
	volatile int done;
	volatile int started;
};

static void *sig_writer_fn(void *arg)
{
	struct sig_writer *w = arg;
	unsigned long i;
	sigset_t set;

	shim_thread_register();
	set_cpu(0);
	w->started = 1;
	for (i = 0; i < w->n; i++) {
		u64 s = sig_seq[0]++;
		unsigned int len = pl_len(0, s, sig_spread);
		struct ring_buffer_event *ev = ring_buffer_lock_reserve(sig_b, len);

		if (!ev)
			continue;
		if (s % 50 == 0)
			raise(SIGUSR1);
		if (s % 70 == 0)
			raise(SIGUSR2);
		pl_fill_slow(ring_buffer_event_data(ev), 0, s, len);
		ring_buffer_unlock_commit(sig_b);
	}
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	w->done = 1;
	shim_thread_unregister();
	return NULL;
}

static void install_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_usr1;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGUSR1, &sa, NULL);
	sa.sa_handler = on_usr2;
	sa.sa_flags = SA_RESTART | SA_NODEFER;
	sigaction(SIGUSR2, &sa, NULL);
}

/* Fire signals at the writer until it is done. */
static unsigned long pelt(struct sig_writer *w)
{
	unsigned long sent = 0;
	struct timespec ts = { 0, 2000 };

	while (!w->started)
		sched_yield();
	while (!w->done) {
		pthread_kill(w->thread, (sent % 3) ? SIGUSR2 : SIGUSR1);
		if (sent % 4 == 0)
			pthread_kill(w->thread, SIGUSR2);
		sent++;
		nanosleep(&ts, NULL);
	}
	return sent;
}

/* Read a quiet CPU: every event intact, each stream in order and complete. */
static unsigned long check_streams(struct trace_buffer *b, int cpu, unsigned int spread,
				   bool complete)
{
	u64 next[NSTREAMS] = { 0 };
	struct ring_buffer_event *ev;
	unsigned long n = 0;
	u64 ts, last_ts = 0;
	struct pl_hdr h;

	while ((ev = ring_buffer_consume(b, cpu, &ts, NULL))) {
		if (!pl_check(ev, &h, spread))
			continue;
		CHECK(h.stream < NSTREAMS, "stream");
		if (h.stream >= NSTREAMS)
			continue;
		CHECK(ts >= last_ts, "timestamps not monotonic in buffer order");
		last_ts = ts;
		if (complete)
			CHECK(h.seq == next[h.stream], "stream %u: seq %llu expected %llu",
			      h.stream, (unsigned long long)h.seq,
			      (unsigned long long)next[h.stream]);
		else
			CHECK(h.seq >= next[h.stream], "stream %u order", h.stream);
		next[h.stream] = h.seq + 1;
		n++;
	}
	if (complete) {
		int s;

		for (s = 0; s < NSTREAMS; s++)
			CHECK(next[s] == sig_seq[s], "stream %d: read %llu of %llu", s,
			      (unsigned long long)next[s], (unsigned long long)sig_seq[s]);
	}
	return n;
}

static void test_signal_nesting(void)
{
	struct sig_writer w = { .n = 150000 };
	unsigned long sent, n, total = 0;
	int s;

	memset(sig_seq, 0, sizeof(sig_seq));
	sig_b = ring_buffer_alloc(64 << 20, 0);	/* never fills */
	install_signals();
	pthread_create(&w.thread, NULL, sig_writer_fn, &w);
	sent = pelt(&w);
	pthread_join(w.thread, NULL);
	for (s = 0; s < NSTREAMS; s++)
		total += sig_seq[s];
	CHECK(sig_seq[1] > 100 && sig_seq[3] > 0, "handlers ran and nested: irq %llu nmi2 %llu",
	      (unsigned long long)sig_seq[1], (unsigned long long)sig_seq[3]);
	CHECK(ring_buffer_written_cpu(sig_b, 0) == total, "written %lu total %lu",
	      ring_buffer_written_cpu(sig_b, 0), total);
	CHECK(ring_buffer_dropped_events_cpu(sig_b, 0) == 0, "no drops");
	invariant(sig_b, 0);
	n = check_streams(sig_b, 0, sig_spread, true);
	CHECK(n == total, "read %lu of %lu", n, total);
	fprintf(stderr, "#   signal nesting: %lu signals, %lu events (irq %llu, nmi %llu/%llu/%llu)\n",
		sent, total, (unsigned long long)sig_seq[1], (unsigned long long)sig_seq[2],
		(unsigned long long)sig_seq[3], (unsigned long long)sig_seq[4]);
	ring_buffer_free(sig_b);
	sig_b = NULL;
}

/* ------------------------------------------------------------------ */
/* Concurrent consumer on another thread, writer on emulated CPU 0. */

struct reader_stats {
	struct trace_buffer *b;
	volatile int *stop;
	unsigned int spread;
	unsigned long n, lost, gaps, mismatch, peeks, iter_events, iter_drops;
	bool use_iter;
};

static void *consumer_fn(void *arg)
{
	struct reader_stats *r = arg;
	u64 last[NSTREAMS], ts, last_ts = 0;
	bool have[NSTREAMS] = { false };
	struct ring_buffer_event *ev;
	unsigned long lost;
	struct pl_hdr h;
	int idle = 0;

	set_cpu(3);
	for (;;) {
		if (r->n % 7 == 3) {
			ev = ring_buffer_peek(r->b, 0, &ts, NULL);
			if (ev) {
				pl_check(ev, NULL, r->spread);
				r->peeks++;
			}
		}
		if (r->use_iter && r->n % 5000 == 1) {
			struct ring_buffer_iter *it = ring_buffer_read_start(r->b, 0, GFP_KERNEL);
			bool ihave[NSTREAMS] = { false };
			u64 ilast[NSTREAMS];
			int k;

			for (k = 0; it && k < 200 && (ev = ring_buffer_iter_peek(it, &ts)); k++) {
				if (pl_check(ev, &h, r->spread) && h.stream < NSTREAMS) {
					CHECK(!ihave[h.stream] || h.seq > ilast[h.stream], "iter order");
					ilast[h.stream] = h.seq;
					ihave[h.stream] = true;
					r->iter_events++;
				}
				ring_buffer_iter_advance(it);
				if (ring_buffer_iter_dropped(it))
					r->iter_drops++;
			}
			ring_buffer_read_finish(it);
		}
		ev = ring_buffer_consume(r->b, 0, &ts, &lost);
		if (!ev) {
			if (*r->stop && ++idle > 2)
				break;
			sched_yield();
			continue;
		}
		idle = 0;
		r->lost += lost;
		r->n++;
		if (!pl_check(ev, &h, r->spread) || h.stream >= NSTREAMS) {
			CHECK(0, "bad event");
			continue;
		}
		CHECK(ts >= last_ts, "ts order");
		last_ts = ts;
		if (have[h.stream]) {
			CHECK(h.seq > last[h.stream], "order %llu after %llu",
			      (unsigned long long)h.seq, (unsigned long long)last[h.stream]);
			r->gaps += h.seq - last[h.stream] - 1;
			if (h.seq - last[h.stream] - 1 != lost)
				r->mismatch++;
		} else {
			r->gaps += h.seq;
		}
		last[h.stream] = h.seq;
		have[h.stream] = true;
	}
	return NULL;
}

struct plain_writer {
	struct trace_buffer *b;
	unsigned long n;
	unsigned int spread;
	int cpu;
	u32 stream;
	volatile int done;
	unsigned long ok;
};

static void *plain_writer_fn(void *arg)
{
	struct plain_writer *w = arg;
	unsigned long i;

	shim_thread_register();
	set_cpu(w->cpu);
	for (i = 0; i < w->n; i++)
		if (put(w->b, w->stream, w->ok, pl_len(w->stream, w->ok, w->spread)))
			w->ok++;
	w->done = 1;
	shim_thread_unregister();
	return NULL;
}

static void run_concurrent(unsigned long flags, unsigned long pages, unsigned long n,
			   bool use_iter)
{
	struct trace_buffer *b = ring_buffer_alloc(pages * PAGE_SIZE, flags);
	struct plain_writer w = { .b = b, .n = n, .spread = 120, .cpu = 0 };
	struct reader_stats r = { .b = b, .stop = &w.done, .spread = 120, .use_iter = use_iter };
	pthread_t wt, rt;
	unsigned long o, d;

	pthread_create(&rt, NULL, consumer_fn, &r);
	pthread_create(&wt, NULL, plain_writer_fn, &w);
	pthread_join(wt, NULL);
	pthread_join(rt, NULL);
	/* Drain what the reader may have left (it stops after a few idle polls). */
	o = ring_buffer_overrun_cpu(b, 0);
	d = ring_buffer_dropped_events_cpu(b, 0);
	CHECK(ring_buffer_entries_cpu(b, 0) == 0, "left %lu", ring_buffer_entries_cpu(b, 0));
	CHECK(ring_buffer_written_cpu(b, 0) == n, "written");
	CHECK(r.n + o + d == n, "read %lu + overrun %lu + dropped %lu != %lu", r.n, o, d, n);
	CHECK(r.n == ring_buffer_read_events_cpu(b, 0), "read counter");
	CHECK(w.ok + d == n, "ok %lu dropped %lu", w.ok, d);
	CHECK(r.gaps == o, "gaps %lu overrun %lu", r.gaps, o);
	CHECK(r.lost == o, "lost reported %lu overrun %lu", r.lost, o);
	invariant(b, 0);
	fprintf(stderr, "#   %s %lu pages: read %lu, overrun %lu, dropped %lu, lost-attribution "
		"mismatches %lu, peeks %lu, iter events %lu (drops seen %lu)\n",
		flags ? "overwrite" : "no-overwrite", pages, r.n, o, d, r.mismatch, r.peeks,
		r.iter_events, r.iter_drops);
	ring_buffer_free(b);
}

static void test_concurrent_consumer(void)
{
	run_concurrent(RB_FL_OVERWRITE, 8, 2000000, false);
	run_concurrent(RB_FL_OVERWRITE, 2, 1000000, true);
	run_concurrent(0, 4, 1000000, true);
}

/* Concurrent consumer while signals nest into the writer, tiny ring. */
static void test_concurrent_signals(void)
{
	struct sig_writer w = { .n = 200000 };
	struct reader_stats r = { .stop = &w.done, .spread = 200, .use_iter = true };
	unsigned long total = 0, o, d;
	pthread_t rt;
	int s;

	memset(sig_seq, 0, sizeof(sig_seq));
	sig_spread = 200;
	sig_b = ring_buffer_alloc(3 * PAGE_SIZE, RB_FL_OVERWRITE);
	r.b = sig_b;
	install_signals();
	/* The consumer checks order per stream only through stream 0 ordering. */
	pthread_create(&w.thread, NULL, sig_writer_fn, &w);
	pthread_create(&rt, NULL, consumer_fn, &r);
	pelt(&w);
	pthread_join(w.thread, NULL);
	pthread_join(rt, NULL);
	for (s = 0; s < NSTREAMS; s++)
		total += sig_seq[s];
	o = ring_buffer_overrun_cpu(sig_b, 0);
	d = ring_buffer_dropped_events_cpu(sig_b, 0);
	CHECK(ring_buffer_written_cpu(sig_b, 0) == total, "written");
	CHECK(ring_buffer_entries_cpu(sig_b, 0) == 0, "drained");
	CHECK(r.n + o + d == total, "read %lu + overrun %lu + dropped %lu != %lu", r.n, o, d, total);
	CHECK(r.lost == o, "lost %lu overrun %lu", r.lost, o);
	invariant(sig_b, 0);
	fprintf(stderr, "#   signals + consumer: %lu events, read %lu, overrun %lu, dropped %lu\n",
		total, r.n, o, d);
	ring_buffer_free(sig_b);
	sig_b = NULL;
	sig_spread = 300;
}

/* consumer_fn checks a single increasing seq: make streams share one space. */
static void test_iterator(void)
{
	struct trace_buffer *b = ring_buffer_alloc(32 * PAGE_SIZE, RB_FL_OVERWRITE);
	struct ring_buffer_iter *it;
	struct ring_buffer_event *ev;
	unsigned long i, n;
	struct pl_hdr h;
	u64 ts, prev_ts;

	set_cpu(1);
	for (i = 0; i < 1000; i++)
		put(b, 0, i, pl_len(0, i, 100));
	it = ring_buffer_read_start(b, 1, GFP_KERNEL);
	CHECK(it, "start");
	/* Written after the start: not part of this iteration. */
	for (i = 1000; i < 1010; i++)
		put(b, 0, i, pl_len(0, i, 100));
	n = 0;
	prev_ts = 0;
	while (!ring_buffer_iter_empty(it)) {
		ev = ring_buffer_iter_peek(it, &ts);
		CHECK(ev == ring_buffer_iter_peek(it, NULL), "peek is stable");
		if (ev && pl_check(ev, &h, 100)) {
			CHECK(h.seq == n, "iter seq %llu at %lu", (unsigned long long)h.seq, n);
			CHECK(ts >= prev_ts && ring_buffer_event_time_stamp(b, ev) == ts, "iter ts");
			prev_ts = ts;
		}
		ring_buffer_iter_advance(it);
		n++;
	}
	CHECK(n == 1000, "iterated %lu", n);
	CHECK(!ring_buffer_iter_dropped(it), "nothing dropped");
	CHECK(ring_buffer_entries_cpu(b, 1) == 1010, "not consumed");

	/* Reset extends the range; consumed events are skipped. */
	for (i = 0; i < 100; i++)
		ring_buffer_consume(b, 1, NULL, NULL);
	ring_buffer_iter_reset(it);
	ev = ring_buffer_iter_peek(it, NULL);
	CHECK(ev && pl_check(ev, &h, 100) && h.seq == 100, "reset starts at head");
	for (n = 0; ring_buffer_iter_peek(it, NULL); n++)
		ring_buffer_iter_advance(it);
	CHECK(n == 910, "after reset %lu", n);

	/*
	 * Overwritten under the iterator: skips to the new head, flags it,
	 * never returns junk, and goes on to the commit of then.
	 */
	ring_buffer_iter_reset(it);
	ring_buffer_iter_advance(it);
	for (i = 1010; i < 20000; i++)
		put(b, 0, i, pl_len(0, i, 100));
	ev = ring_buffer_iter_peek(it, NULL);
	CHECK(ev && pl_check(ev, &h, 100) && h.seq > 1010, "overtaken: on from the new head");
	CHECK(ring_buffer_iter_dropped(it), "dropped reported");
	for (n = 0; (ev = ring_buffer_iter_peek(it, NULL)); n++) {
		CHECK(pl_check(ev, &h, 100), "overtaken: intact");
		ring_buffer_iter_advance(it);
	}
	CHECK(h.seq == 19999 && n == ring_buffer_entries_cpu(b, 1), "overtaken: to the newest (%lu)", n);

	/* Overtaken again before the next rewind: no second extension. */
	ring_buffer_iter_reset(it);
	ring_buffer_iter_advance(it);
	for (i = 20000; i < 40000; i++)
		put(b, 0, i, pl_len(0, i, 100));
	ev = ring_buffer_iter_peek(it, NULL);
	CHECK(ev && pl_check(ev, &h, 100) && h.seq > 20000, "overtaken once more: extended");
	ring_buffer_iter_advance(it);
	for (i = 40000; i < 60000; i++)
		put(b, 0, i, pl_len(0, i, 100));
	CHECK(!ring_buffer_iter_peek(it, NULL), "overtaken twice: ends at the first extension");
	CHECK(ring_buffer_iter_dropped(it), "overtaken twice: dropped");
	ring_buffer_read_finish(it);

	it = ring_buffer_read_start(b, 1, GFP_KERNEL);
	ev = ring_buffer_iter_peek(it, NULL);
	CHECK(ev && pl_check(ev, &h, 100), "fresh iterator");
	for (i = 60000; i < 60000 + 300; i++)	/* overwrites the oldest few pages */
		put(b, 0, i, pl_len(0, i, 100));
	n = 0;
	{
		u64 last = h.seq;
		bool dropped = false;

		ring_buffer_iter_advance(it);
		while ((ev = ring_buffer_iter_peek(it, NULL))) {
			dropped |= ring_buffer_iter_dropped(it);
			if (pl_check(ev, &h, 100)) {
				CHECK(h.seq > last, "order");
				if (h.seq != last + 1)
					CHECK(dropped, "gap without dropped flag");
				last = h.seq;
			}
			ring_buffer_iter_advance(it);
			n++;
		}
		/* the jump extends the end to the commit of then */
		CHECK(dropped && last == 60299, "skipped to head, ended at the new commit: %llu",
		      (unsigned long long)last);
	}
	ring_buffer_read_finish(it);
	CHECK(ring_buffer_read_start(b, 7, GFP_KERNEL) == NULL, "bad cpu");
	invariant(b, 1);
	ring_buffer_free(b);
}

/* Iterators walking a 2-page ring that a writer on CPU 0 overwrites non-stop. */
static void test_iterator_concurrent(void)
{
	struct trace_buffer *b = ring_buffer_alloc(2 * PAGE_SIZE, RB_FL_OVERWRITE);
	struct plain_writer w = { .b = b, .n = 1500000, .spread = 300, .cpu = 0 };
	unsigned long iters = 0, events = 0, drops = 0;
	pthread_t wt;

	set_cpu(1);
	pthread_create(&wt, NULL, plain_writer_fn, &w);
	while (!w.done) {
		struct ring_buffer_iter *it = ring_buffer_read_start(b, 0, GFP_KERNEL);
		struct ring_buffer_event *ev;
		bool have = false;
		u64 last = 0;
		struct pl_hdr h;

		while ((ev = ring_buffer_iter_peek(it, NULL))) {
			if (pl_check(ev, &h, 300)) {
				CHECK(!have || h.seq > last, "iter order");
				last = h.seq;
				have = true;
			}
			events++;
			ring_buffer_iter_advance(it);
		}
		drops += ring_buffer_iter_dropped(it);
		ring_buffer_read_finish(it);
		iters++;
	}
	pthread_join(wt, NULL);
	CHECK(iters > 100 && events > 1000, "iterations %lu events %lu", iters, events);
	invariant(b, 0);
	fprintf(stderr, "#   %lu iterations over a live ring: %lu events, %lu with skips\n",
		iters, events, drops);
	ring_buffer_free(b);
}

static void test_resize(void)
{
	struct trace_buffer *b = ring_buffer_alloc(8 * PAGE_SIZE, RB_FL_OVERWRITE);
	struct ring_buffer_iter *it;
	struct ring_buffer_event *ev;
	unsigned long i, n, e0, seq = 0;
	long pages0 = shim_pages_live;
	struct pl_hdr h;
	struct drain d;

	set_cpu(0);
	for (; seq < 150; seq++)
		put(b, 0, seq, pl_len(0, seq, 100));
	ring_buffer_consume(b, 0, NULL, NULL);	/* head mid-page */
	e0 = ring_buffer_entries_cpu(b, 0);
	CHECK(ring_buffer_overrun_cpu(b, 0) == 0 && e0 == 149, "fits");

	/* Grow: everything kept, writes go on. */
	CHECK(ring_buffer_resize(b, 100 * PAGE_SIZE - 1, 0) == 0, "grow");
	CHECK(ring_buffer_size(b, 0) == 100 * PAGE_SIZE && ring_buffer_size(b, 1) == 8 * PAGE_SIZE,
	      "sizes");
	CHECK(shim_pages_live == pages0 + 92, "pages %ld", shim_pages_live - pages0);
	CHECK(ring_buffer_entries_cpu(b, 0) == e0, "kept");
	it = ring_buffer_read_start(b, 0, GFP_KERNEL);
	for (n = 0; (ev = ring_buffer_iter_peek(it, NULL)); n++) {
		CHECK(pl_check(ev, &h, 100) && h.seq == n + 1, "kept in order");
		ring_buffer_iter_advance(it);
	}
	ring_buffer_read_finish(it);
	CHECK(n == e0, "kept all: %lu", n);
	for (; seq < 3000; seq++)
		CHECK(put(b, 0, seq, pl_len(0, seq, 100)), "write after grow");
	CHECK(ring_buffer_overrun_cpu(b, 0) == 0, "bigger ring holds all");
	invariant(b, 0);

	/* Shrink: newest kept, discarded counted as overrun and reported lost. */
	CHECK(ring_buffer_resize(b, 3 * PAGE_SIZE, 0) == 0, "shrink");
	CHECK(shim_pages_live == pages0 - 5, "pages freed");
	CHECK(ring_buffer_overrun_cpu(b, 0) > 0, "discarded counted");
	invariant(b, 0);
	for (; seq < 3100; seq++)
		put(b, 0, seq, pl_len(0, seq, 100));
	invariant(b, 0);
	d = drain_cpu_from(b, 0, 100, true, 0);
	CHECK(d.last == seq - 1 && d.n == d.last - d.first + 1, "newest contiguous");
	CHECK(d.lost == ring_buffer_overrun_cpu(b, 0), "lost == overrun");
	invariant(b, 0);

	/* All CPUs, the minimum, no-op, errors. */
	CHECK(ring_buffer_resize(b, 0, RING_BUFFER_ALL_CPUS) == 0, "all");
	for (i = 0; i < nr_cpu_ids; i++)
		CHECK(ring_buffer_size(b, i) == 2 * PAGE_SIZE, "min size");
	CHECK(ring_buffer_resize(b, 2 * PAGE_SIZE, 1) == 0, "no-op");
	CHECK(ring_buffer_resize(b, PAGE_SIZE, 9) == -EINVAL, "bad cpu");
	for (; seq < 3200; seq++)
		put(b, 0, seq, pl_len(0, seq, 100));
	shim_page_fail_in = 3;
	CHECK(ring_buffer_resize(b, 10 * PAGE_SIZE, 0) == -ENOMEM, "ENOMEM");
	shim_page_fail_in = 0;
	CHECK(ring_buffer_size(b, 0) == 2 * PAGE_SIZE, "unchanged after failure");
	d = drain_cpu_from(b, 0, 100, true, 3099);
	CHECK(d.last == seq - 1, "data intact after failed resize");
	invariant(b, 0);
	ring_buffer_free(b);
	CHECK(shim_pages_live == pages0 - 8 * (long)nr_cpu_ids, "all pages freed: %ld",
	      shim_pages_live - pages0);
}

/* Resize and reset while a writer runs: writers are paused properly. */
static void test_resize_reset_live(void)
{
	struct trace_buffer *b = ring_buffer_alloc(4 * PAGE_SIZE, RB_FL_OVERWRITE);
	struct plain_writer w = { .b = b, .n = 1000000, .spread = 200, .cpu = 0 };
	unsigned long k = 0;
	pthread_t wt;
	struct drain dr;

	pthread_create(&wt, NULL, plain_writer_fn, &w);
	while (!w.done) {
		unsigned long sz = (2 + k % 13) * PAGE_SIZE;

		CHECK(ring_buffer_resize(b, sz, 0) == 0, "resize");
		if (k % 5 == 4)
			ring_buffer_reset_cpu(b, 0);
		if (k % 3 == 0)
			ring_buffer_consume(b, 0, NULL, NULL);
		k++;
		usleep(100);
	}
	pthread_join(wt, NULL);
	invariant(b, 0);
	set_cpu(0);
	put(b, 0, w.ok, pl_len(0, w.ok, 200));
	dr = drain_cpu(b, 0, 200, false);
	CHECK(dr.last == w.ok, "newest survives: %llu of %lu",
	      (unsigned long long)dr.last, w.ok);
	invariant(b, 0);
	fprintf(stderr, "#   %lu resizes/resets during %lu writes (%lu while enabled)\n", k,
		w.n, w.ok);
	ring_buffer_free(b);
}

static void test_reset(void)
{
	struct trace_buffer *b = ring_buffer_alloc(4 * PAGE_SIZE, RB_FL_OVERWRITE);
	struct ring_buffer_iter *it;
	struct drain d;
	int cpu;
	unsigned long i;

	for (cpu = 0; cpu < 4; cpu++) {
		set_cpu(cpu);
		for (i = 0; i < 500; i++)
			put(b, 0, i, pl_len(0, i, 150));
	}
	set_cpu(0);
	ring_buffer_consume(b, 2, NULL, NULL);
	it = ring_buffer_read_start(b, 2, GFP_KERNEL);
	ring_buffer_reset_cpu(b, 2);
	CHECK(ring_buffer_empty_cpu(b, 2) && ring_buffer_entries_cpu(b, 2) == 0, "cpu 2 empty");
	CHECK(ring_buffer_written_cpu(b, 2) == 0 && ring_buffer_overrun_cpu(b, 2) == 0 &&
	      ring_buffer_read_events_cpu(b, 2) == 0, "counters zeroed");
	CHECK(!ring_buffer_iter_peek(it, NULL), "iterator sees the reset");
	ring_buffer_read_finish(it);
	CHECK(!ring_buffer_empty_cpu(b, 1), "cpu 1 untouched");
	set_cpu(2);
	for (i = 0; i < 1000; i++)
		put(b, 0, i, pl_len(0, i, 150));
	d = drain_cpu_from(b, 2, 150, true, -1);
	CHECK(d.last == 999 && d.n == d.last - d.first + 1, "after reset");
	CHECK(d.lost == ring_buffer_overrun_cpu(b, 2), "lost counted from reset");
	invariant(b, 2);

	ring_buffer_reset(b);
	CHECK(ring_buffer_empty(b) && ring_buffer_entries(b) == 0 && ring_buffer_overruns(b) == 0,
	      "all empty");
	for (cpu = 0; cpu < 4; cpu++) {
		set_cpu(cpu);
		put(b, 0, 42, pl_len(0, 42, 150));
		invariant(b, cpu);
		d = drain_cpu(b, cpu, 150, false);
		CHECK(d.n == 1 && d.first == 42, "usable after reset");
	}
	ring_buffer_free(b);
}

/* Ping-pong between CPUs 0 and 1: merged by timestamp, seq must be 0,1,2,... */
struct pingpong {
	struct trace_buffer *b;
	int cpu;
	unsigned long n;
	volatile unsigned long *turn;
};

static void *pingpong_fn(void *arg)
{
	struct pingpong *p = arg;
	unsigned long k;

	shim_thread_register();
	set_cpu(p->cpu);
	for (k = p->cpu; k < p->n; k += 2) {
		while (__atomic_load_n(p->turn, __ATOMIC_ACQUIRE) != k)
			sched_yield();
		put(p->b, p->cpu, k, pl_len(p->cpu, k, 64));
		__atomic_store_n(p->turn, k + 1, __ATOMIC_RELEASE);
	}
	shim_thread_unregister();
	return NULL;
}

/* Merge-read all CPUs by timestamp; checks global ts order and per-CPU order. */
static unsigned long merge_read(struct trace_buffer *b, int ncpu, u64 *seqs, unsigned long max)
{
	u64 next[4] = { 0 };
	unsigned long n = 0;
	u64 last_ts = 0;

	for (;;) {
		struct ring_buffer_event *ev;
		int cpu, best = -1;
		u64 ts, best_ts = 0;
		struct pl_hdr h;

		for (cpu = 0; cpu < ncpu; cpu++) {
			if (ring_buffer_peek(b, cpu, &ts, NULL) && (best < 0 || ts < best_ts)) {
				best = cpu;
				best_ts = ts;
			}
		}
		if (best < 0)
			break;
		ev = ring_buffer_consume(b, best, &ts, NULL);
		CHECK(ev && ts == best_ts, "consume matches peek");
		CHECK(ts >= last_ts, "merged order");
		last_ts = ts;
		if (ev && pl_check(ev, &h, 0)) {
			CHECK(h.stream == (u32)best, "event on the cpu that wrote it");
			if (!seqs)
				CHECK(h.seq == next[best], "cpu %d order", best);
			next[best] = h.seq + 1;
			if (seqs && n < max)
				seqs[n] = h.seq;
		}
		n++;
	}
	return n;
}

static void test_multi_cpu(void)
{
	struct trace_buffer *b = ring_buffer_alloc(256 * PAGE_SIZE, RB_FL_OVERWRITE);
	volatile unsigned long turn = 0;
	struct pingpong p0 = { b, 0, 20000, &turn }, p1 = { b, 1, 20000, &turn };
	static u64 seqs[40000];
	struct plain_writer w[4];
	pthread_t t0, t1, t[4];
	unsigned long n, i, bad = 0;
	int c;

	pthread_create(&t0, NULL, pingpong_fn, &p0);
	pthread_create(&t1, NULL, pingpong_fn, &p1);
	pthread_join(t0, NULL);
	pthread_join(t1, NULL);
	CHECK(ring_buffer_entries_cpu(b, 0) == 10000 && ring_buffer_entries_cpu(b, 1) == 10000,
	      "both cpus");
	n = merge_read(b, 2, seqs, 40000);
	CHECK(n == 20000, "merged %lu", n);
	for (i = 0; i < n && i < 40000; i++)
		if (seqs[i] != i)
			bad++;
	CHECK(bad == 0, "global causal order broken at %lu places", bad);

	/* Free-running writers on four CPUs, merged afterwards. */
	for (c = 0; c < 4; c++) {
		w[c] = (struct plain_writer){ .b = b, .n = 8000, .spread = 64, .cpu = c,
					      .stream = c };
		pthread_create(&t[c], NULL, plain_writer_fn, &w[c]);
	}
	for (c = 0; c < 4; c++)
		pthread_join(t[c], NULL);
	for (c = 0; c < 4; c++) {
		CHECK(ring_buffer_entries_cpu(b, c) == 8000, "cpu %d entries", c);
		invariant(b, c);
	}
	n = merge_read(b, 4, NULL, 0);
	CHECK(n == 32000, "merged all: %lu", n);
	ring_buffer_free(b);
}

static void test_record_switches(void)
{
	struct trace_buffer *b = ring_buffer_alloc(4 * PAGE_SIZE, RB_FL_OVERWRITE);

	set_cpu(0);
	CHECK(ring_buffer_record_is_on(b) && ring_buffer_record_is_set_on(b), "on");
	ring_buffer_record_off(b);
	CHECK(!ring_buffer_record_is_on(b) && !ring_buffer_record_is_set_on(b), "off");
	CHECK(!put(b, 0, 0, 40), "off: refused");
	CHECK(ring_buffer_written_cpu(b, 0) == 0, "off: not counted");
	ring_buffer_record_on(b);
	CHECK(put(b, 0, 0, 40), "on again");

	ring_buffer_record_disable(b);
	ring_buffer_record_disable(b);
	ring_buffer_record_enable(b);
	CHECK(!ring_buffer_record_is_on(b) && ring_buffer_record_is_set_on(b), "disabled");
	CHECK(!put(b, 0, 1, 40), "disabled: refused");
	ring_buffer_record_off(b);
	ring_buffer_record_enable(b);
	CHECK(!ring_buffer_record_is_on(b), "still off");
	ring_buffer_record_on(b);
	CHECK(ring_buffer_record_is_on(b) && put(b, 0, 1, 40), "enabled");

	ring_buffer_record_disable_cpu(b, 0);
	CHECK(!put(b, 0, 2, 40), "cpu 0 disabled");
	set_cpu(1);
	CHECK(put(b, 0, 0, 40), "cpu 1 fine");
	ring_buffer_record_enable_cpu(b, 0);
	set_cpu(0);
	CHECK(put(b, 0, 2, 40), "cpu 0 again");
	CHECK(ring_buffer_written_cpu(b, 0) == 3 && ring_buffer_entries_cpu(b, 0) == 3, "counts");
	CHECK(shim_preempt_count == 0, "preempt balanced");
	invariant(b, 0);
	ring_buffer_free(b);
}

/* Scripted clock: deltas, jumps past 32 bits, going back, huge values. */
static u64 clock_script[4000];
static unsigned int clock_pos;
static u64 script_clock(void)
{
	return clock_script[clock_pos];
}

static void test_timestamps(void)
{
	struct trace_buffer *b = ring_buffer_alloc(4 * PAGE_SIZE, 0);
	struct ring_buffer_event *ev;
	u64 t = 1000, ts;
	unsigned int i, n = 0;
	struct pl_hdr h;

	set_cpu(3);
	for (i = 0; i < 4000; i++) {
		switch (i % 10) {
		case 3:
			t += 1ULL << 32;
			break;
		case 5:
			t += 0xffffffffULL;
			break;
		case 7:
			t -= 12345;
			break;
		case 9:
			/*
			 * Past 40 bits; twice per 2000 a jump no stamp
			 * can say (59 bits), which costs a new lap.
			 */
			if (i % 2000 == 9)
				t = 0xfffffff000000000ULL + i;
			else if (i % 2000 == 1009)
				t = 1000 + i;
			else
				t += 1ULL << 40;
			break;
		default:
			t += i;
		}
		clock_script[i] = t;
	}
	ring_buffer_set_clock(b, script_clock);
	for (clock_pos = 0; clock_pos < 4000; clock_pos++) {
		unsigned int len = pl_len(0, clock_pos, 40);

		ev = ring_buffer_lock_reserve(b, len);
		if (!ev)
			break;
		CHECK(ring_buffer_event_time_stamp(b, ev) == clock_script[clock_pos],
		      "reserve ts %u", clock_pos);
		pl_fill(ring_buffer_event_data(ev), 0, clock_pos, len, clock_script[clock_pos]);
		ring_buffer_unlock_commit(b);
		n++;
	}
	CHECK(n > 100, "wrote %u", n);
	for (i = 0; (ev = ring_buffer_consume(b, 3, &ts, NULL)); i++) {
		CHECK(pl_check(ev, &h, 40) && h.seq == i, "seq");
		CHECK(ts == h.ts, "ts %u: %llx vs %llx", i, (unsigned long long)ts,
		      (unsigned long long)h.ts);
	}
	CHECK(i == n, "read all %u", i);
	clock_pos = 17;
	CHECK(ring_buffer_time_stamp(b) == clock_script[17], "time_stamp uses clock");
	ring_buffer_set_clock(b, NULL);
	ts = ring_buffer_time_stamp(b);
	CHECK(ts != clock_script[17] && ts > 0, "default clock back");
	ring_buffer_free(b);
}

static u64 slow_clock_base;
static u64 slow_clock(void)
{
	/* 1 ms per call: deltas on one page exceed 32 bits after 4 s. */
	return slow_clock_base += 1000000000ULL / 7;
}

static void test_long_gaps(void)
{
	struct trace_buffer *b = ring_buffer_alloc(4 * PAGE_SIZE, RB_FL_OVERWRITE);
	struct ring_buffer_event *ev;
	unsigned int i;
	u64 ts, prev = 0;

	set_cpu(0);
	ring_buffer_set_clock(b, slow_clock);
	for (i = 0; i < 60; i++)
		put(b, 0, i, 24);
	for (i = 0; (ev = ring_buffer_consume(b, 0, &ts, NULL)); i++) {
		CHECK(ts == prev + 1000000000ULL / 7 || i == 0, "gap %u", i);
		prev = ts;
	}
	CHECK(i == 60, "all %u", i);
	ring_buffer_free(b);
}

/*
 * ring_buffer_reserve_payload_at(): the caller's time is the event's when
 * it comes from the buffer's clock and nothing was reserved since; else
 * the buffer reads its clock (here a later value), so times stay in
 * order.
 */
static void test_reserve_at(void)
{
	struct trace_buffer *b = ring_buffer_alloc(4 * PAGE_SIZE, RB_FL_OVERWRITE);
	u64 want[6], ts;
	unsigned int i;
	void *p;

	set_cpu(0);
	ring_buffer_set_clock(b, script_clock);
	clock_pos = 0;
	clock_script[0] = 5000;
	/* an ordinary event, then one at a time given by the caller */
	p = ring_buffer_reserve_payload(b, 16);
	CHECK(p != NULL, "first");
	ring_buffer_unlock_commit(b);
	want[0] = 5000;
	p = ring_buffer_reserve_payload_at(b, 16, script_clock, 5007);
	CHECK(p != NULL, "given");
	ring_buffer_unlock_commit(b);
	want[1] = 5007;
	/* not the buffer's clock: its own time */
	clock_script[0] = 5020;
	p = ring_buffer_reserve_payload_at(b, 16, slow_clock, 5010);
	CHECK(p != NULL, "other clock");
	ring_buffer_unlock_commit(b);
	want[2] = 5020;
	/* older than the last event (one came in between): its own time */
	clock_script[0] = 5030;
	p = ring_buffer_reserve_payload_at(b, 16, script_clock, 5015);
	CHECK(p != NULL, "stale");
	ring_buffer_unlock_commit(b);
	want[3] = 5030;
	/* past 27 bits from the last: the slow path, with an extend */
	clock_script[0] = 5030 + (1ULL << 28);
	p = ring_buffer_reserve_payload_at(b, 16, script_clock, 5030 + (1ULL << 28));
	CHECK(p != NULL, "extend");
	ring_buffer_unlock_commit(b);
	want[4] = 5030 + (1ULL << 28);
	p = ring_buffer_reserve_payload_at(b, 16, script_clock, want[4] + 1);
	CHECK(p != NULL, "after extend");
	ring_buffer_unlock_commit(b);
	want[5] = want[4] + 1;
	for (i = 0; ring_buffer_consume(b, 0, &ts, NULL); i++)
		CHECK(i < 6 && ts == want[i], "event %u: ts %llu want %llu", i,
		      (unsigned long long)ts, (unsigned long long)want[i < 6 ? i : 0]);
	CHECK(i == 6, "read %u of 6", i);
	ring_buffer_free(b);
}

/* Sizes that overflow or that memory cannot hold fail before allocating. */
static void test_resize_refused(void)
{
	struct trace_buffer *b = ring_buffer_alloc(8 * PAGE_SIZE, RB_FL_OVERWRITE);
	long pages0 = shim_pages_live, avail = shim_mem_available;
	int cpu;

	set_cpu(0);
	put(b, 0, 0, 40);
	/* what a write of 18014398509481983 to buffer_size_kb asks for */
	CHECK(ring_buffer_resize(b, 18014398509481983UL << 10, RING_BUFFER_ALL_CPUS) == -ENOMEM,
	      "near ULONG_MAX refused");
	CHECK(ring_buffer_resize(b, ~0UL, 1) == -ENOMEM, "ULONG_MAX refused on one cpu");
	shim_mem_available = 100;
	CHECK(ring_buffer_resize(b, 40 * PAGE_SIZE, RING_BUFFER_ALL_CPUS) == -ENOMEM,
	      "4 x 32 more pages, 100 available: refused");
	for_each_possible_cpu(cpu)
		CHECK(ring_buffer_size(b, cpu) == 8 * PAGE_SIZE, "cpu %d size kept", cpu);
	CHECK(ring_buffer_resize(b, 20 * PAGE_SIZE, RING_BUFFER_ALL_CPUS) == 0,
	      "4 x 12 more pages fit in 100");
	shim_mem_available = avail;
	for_each_possible_cpu(cpu)
		CHECK(ring_buffer_size(b, cpu) == 20 * PAGE_SIZE, "cpu %d size", cpu);
	CHECK(shim_pages_live == pages0 + 4 * 12, "pages %ld", shim_pages_live - pages0);
	CHECK(ring_buffer_entries_cpu(b, 0) == 1, "event kept");

	/* A CPU failing half way gives the others their old size back. */
	shim_page_fail_in = 30;
	CHECK(ring_buffer_resize(b, 40 * PAGE_SIZE, RING_BUFFER_ALL_CPUS) == -ENOMEM,
	      "page allocation failure");
	shim_page_fail_in = 0;
	for_each_possible_cpu(cpu)
		CHECK(ring_buffer_size(b, cpu) == 20 * PAGE_SIZE, "cpu %d size after failure", cpu);
	CHECK(shim_pages_live == pages0 + 4 * 12, "pages after failure %ld",
	      shim_pages_live - pages0);
	ring_buffer_free(b);
}

struct waiter {
	struct trace_buffer *b;
	int cpu, full, ret;
	volatile int done;
	ring_buffer_cond_fn cond;
};

static void *waiter_fn(void *arg)
{
	struct waiter *w = arg;

	w->ret = ring_buffer_wait(w->b, w->cpu, w->full, w->cond, NULL);
	w->done = 1;
	return NULL;
}

static bool cond_true(void *data)
{
	(void)data;
	return true;
}

static void msleep(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static bool wait_done(volatile int *done, int ms)
{
	while (!*done && ms-- > 0)
		msleep(1);
	return *done;
}

static void test_wait(void)
{
	struct trace_buffer *b = ring_buffer_alloc(8 * PAGE_SIZE, RB_FL_OVERWRITE);
	struct waiter w = { .b = b, .cpu = RING_BUFFER_ALL_CPUS };
	long works;
	pthread_t t;
	int i;

	CHECK(ring_buffer_poll_wait(b, 0, NULL, NULL, 0) == 0, "poll empty");
	CHECK(ring_buffer_poll_wait(b, 11, NULL, NULL, 0) == EPOLLERR, "poll bad cpu");
	CHECK(ring_buffer_wait(b, 11, 0, NULL, NULL) == -ENODEV, "wait bad cpu");

	pthread_create(&t, NULL, waiter_fn, &w);
	msleep(30);
	CHECK(!w.done, "waits while empty");
	works = shim_irq_work_runs;
	set_cpu(2);
	put(b, 0, 0, 40);
	CHECK(wait_done(&w.done, 2000) && w.ret == 0, "woken by a write on cpu 2");
	CHECK(shim_irq_work_runs > works, "through irq_work");
	pthread_join(t, NULL);
	CHECK(ring_buffer_poll_wait(b, 2, NULL, NULL, 0) == (EPOLLIN | EPOLLRDNORM), "poll data");
	CHECK(ring_buffer_poll_wait(b, RING_BUFFER_ALL_CPUS, NULL, NULL, 0) ==
	      (EPOLLIN | EPOLLRDNORM), "poll all");
	CHECK(ring_buffer_poll_wait(b, 1, NULL, NULL, 0) == 0, "poll other cpu");

	/* full: half the ring. */
	w = (struct waiter){ .b = b, .cpu = 2, .full = 50 };
	pthread_create(&t, NULL, waiter_fn, &w);
	msleep(20);
	CHECK(!w.done, "not half full yet");
	for (i = 1; i < 60 && !w.done; i++) {
		put(b, 0, i, 400);
		msleep(2);
	}
	CHECK(wait_done(&w.done, 2000), "woken when half full");
	CHECK(i > 30, "not before: %d", i);
	pthread_join(t, NULL);

	/* Explicit wake and extra condition. */
	w = (struct waiter){ .b = b, .cpu = 1 };
	pthread_create(&t, NULL, waiter_fn, &w);
	msleep(20);
	CHECK(!w.done, "cpu 1 waits");
	ring_buffer_wake_waiters(b, RING_BUFFER_ALL_CPUS);
	CHECK(wait_done(&w.done, 2000) && w.ret == 0, "wake_waiters");
	pthread_join(t, NULL);
	w = (struct waiter){ .b = b, .cpu = 1, .cond = cond_true };
	pthread_create(&t, NULL, waiter_fn, &w);
	CHECK(wait_done(&w.done, 2000), "cond");
	pthread_join(t, NULL);
	ring_buffer_free(b);
}

struct wake_count {
	struct trace_buffer *b;
	volatile long got;
	long n;
};

static void *wake_count_reader(void *arg)
{
	struct wake_count *p = arg;

	shim_thread_register();
	while (p->got < p->n) {
		if (ring_buffer_wait(p->b, 1, 0, NULL, NULL))
			break;
		while (ring_buffer_consume(p->b, 1, NULL, NULL))
			p->got++;
	}
	shim_thread_unregister();
	return NULL;
}

/*
 * One event at a time, each written once the reader has gone back to
 * sleep: every single event must wake it, without any timeout to hide a
 * missed wake-up (a sleep that runs out is counted by the shim).
 */
static void test_wait_every_event(void)
{
	struct wake_count p = { .b = ring_buffer_alloc(8 * PAGE_SIZE, RB_FL_OVERWRITE), .n = 3000 };
	long timeouts = shim_sleep_timeouts;
	pthread_t t;
	long i;

	pthread_create(&t, NULL, wake_count_reader, &p);
	set_cpu(1);
	for (i = 0; i < p.n; i++) {
		put(p.b, 0, i, 40);
		while (p.got <= i && shim_sleep_timeouts == timeouts)
			sched_yield();
		if (shim_sleep_timeouts != timeouts)
			break;
	}
	pthread_join(t, NULL);
	CHECK(shim_sleep_timeouts == timeouts, "a waiter missed a wake-up (%ld)",
	      shim_sleep_timeouts - timeouts);
	CHECK(p.got == p.n, "read %ld of %ld", p.got, p.n);
	CHECK(ring_buffer_poll_wait(p.b, 1, NULL, NULL, 0) == 0, "poll empty after");
	put(p.b, 0, 0, 40);
	CHECK(ring_buffer_poll_wait(p.b, 1, NULL, NULL, 0) == (EPOLLIN | EPOLLRDNORM),
	      "poll sees a single event");
	ring_buffer_free(p.b);
	set_cpu(0);
}

/* Random single-threaded operations, checking exact lost counts throughout. */
static void test_random_ops(void)
{
	u64 rng = 88172645463325252ULL;
	int round;

	set_cpu(1);
	for (round = 0; round < 6; round++) {
		unsigned int flags = round % 2 ? 0 : RB_FL_OVERWRITE;
		struct trace_buffer *b = ring_buffer_alloc((2 + round) * PAGE_SIZE, flags);
		u64 seq = 0, last = 0;
		bool have = false;
		int op;

		for (op = 0; op < 60000; op++) {
			unsigned int r;

			rng ^= rng << 13;
			rng ^= rng >> 7;
			rng ^= rng << 17;
			r = rng % 1000;
			if (r < 700) {
				if (put(b, 0, seq, pl_len(0, seq, 1 + rng % 900)))
					seq++;
				else
					CHECK(!(flags & RB_FL_OVERWRITE), "overwrite never fails");
			} else if (r < 950) {
				struct ring_buffer_event *ev;
				unsigned long lost, before = ring_buffer_entries_cpu(b, 1);
				struct pl_hdr h;

				ev = ring_buffer_consume(b, 1, NULL, &lost);
				CHECK(!!ev == !!before, "consume vs entries %lu", before);
				if (ev && pl_check(ev, &h, 0)) {
					if (have)
						CHECK(h.seq - last - 1 == lost,
						      "lost %lu gap %llu", lost,
						      (unsigned long long)(h.seq - last - 1));
					last = h.seq;
					have = true;
				}
			} else if (r < 970) {
				struct ring_buffer_iter *it = ring_buffer_read_start(b, 1, GFP_KERNEL);
				struct ring_buffer_event *ev;
				unsigned long k = 0;
				u64 prev = 0;
				struct pl_hdr h;

				while ((ev = ring_buffer_iter_peek(it, NULL))) {
					if (pl_check(ev, &h, 0)) {
						CHECK(!k || h.seq == prev + 1, "iter contiguous");
						prev = h.seq;
					}
					k++;
					ring_buffer_iter_advance(it);
				}
				CHECK(k == ring_buffer_entries_cpu(b, 1), "iter count %lu", k);
				ring_buffer_read_finish(it);
			} else if (r < 990) {
				CHECK(ring_buffer_resize(b, (2 + rng % 9) * PAGE_SIZE, 1) == 0,
				      "resize");
			} else if (r < 995) {
				ring_buffer_reset_cpu(b, 1);
				have = false;
			} else {
				CHECK(ring_buffer_peek(b, 1, NULL, NULL) ||
				      !ring_buffer_entries_cpu(b, 1), "peek");
			}
			if (!invariant(b, 1))
				break;
		}
		ring_buffer_free(b);
	}
}

static void test_alloc_failure(void)
{
	long pages0 = shim_pages_live;
	int i;

	for (i = 1; i < 12; i += 3) {
		shim_page_fail_in = i;
		CHECK(ring_buffer_alloc(3 * PAGE_SIZE, 0) == NULL, "fails at page %d", i);
		CHECK(shim_pages_live == pages0, "no page leak");
	}
	shim_page_fail_in = 0;
}


/* ------------------------------------------------------------------ */
/* Sub-buffers in mainline's layout (trace_pipe_raw) */

/*
 * A decoder written from mainline's events/header_page and header_event
 * (not from our encoder): a 16-byte page header, events with type_len:5
 * and time_delta:27, 29 padding, 30 time extend, 31 absolute stamp.
 */
struct sub_ev {
	u64 ts;
	const u8 *data;
	unsigned int len;
};

struct sub_page {
	u64 stamp;
	unsigned int used;		/* commit without the flags */
	bool missed, stored;
	u64 lost;
	unsigned int n;
	struct sub_ev ev[4096];
};

static bool sub_decode_size(const u8 *page, struct sub_page *sp, unsigned long size)
{
	u64 commit, ts;
	unsigned int off = 0, i;
	const u8 *d = page + 16;
	u32 h, tl, delta, w;

	memcpy(&sp->stamp, page, 8);
	memcpy(&commit, page + 8, 8);
	sp->missed = commit & (1ULL << 31);
	sp->stored = commit & (1ULL << 30);
	sp->used = commit & ~(3ULL << 30);
	sp->n = 0;
	if (commit >> 32 || sp->used > size - 16) {
		CHECK(0, "commit %llx", (unsigned long long)commit);
		return false;
	}
	ts = sp->stamp;
	while (off < sp->used) {
		CHECK(sp->used - off >= 4, "truncated header at %u", off);
		memcpy(&h, d + off, 4);
		tl = h & 31;
		delta = h >> 5;
		/* as libtraceevent's kbuffer reads them */
		if (tl == 29) {
			memcpy(&w, d + off + 4, 4);
			ts += delta;
			off += 4 + w;
			continue;
		}
		if (tl >= 30) {
			memcpy(&w, d + off + 4, 4);
			if (tl == 30)
				ts += ((u64)w << 27) + delta;
			else
				ts = (ts & ~((1ULL << 59) - 1)) | ((u64)w << 27) | delta;
			off += 8;
			continue;
		}
		ts += delta;
		if (tl) {
			sp->ev[sp->n].len = tl * 4;
			sp->ev[sp->n].data = d + off + 4;
			off += 4 + tl * 4;
		} else {
			memcpy(&w, d + off + 4, 4);
			if (w < 4 || w % 4) {
				CHECK(0, "length word %u", w);
				return false;
			}
			sp->ev[sp->n].len = w - 4;
			sp->ev[sp->n].data = d + off + 8;
			off += 4 + w;
		}
		if (off > sp->used) {
			CHECK(0, "event past commit: %u > %u", off, sp->used);
			return false;
		}
		sp->ev[sp->n++].ts = ts;
	}
	i = sp->used;
	if (sp->stored) {
		CHECK(sp->missed, "count stored without the missed flag");
		memcpy(&sp->lost, d + i, 8);
		i += 8;
	}
	for (; i < size - 16; i++)
		if (d[i]) {
			CHECK(0, "tail byte %u not zero", 16 + i);
			return false;
		}
	return true;
}

static bool sub_decode(const u8 *page, struct sub_page *sp)
{
	return sub_decode_size(page, sp, PAGE_SIZE);
}

/* A payload from a sub-buffer: padded to 4 bytes, so check by its own length. */
static bool sub_check(const struct sub_ev *e, struct pl_hdr *out, unsigned int spread)
{
	struct pl_hdr h;
	unsigned int i;

	if (e->len < PL_MIN) {
		CHECK(0, "short event %u", e->len);
		return false;
	}
	memcpy(&h, e->data, PL_MIN);
	if (h.len > e->len || e->len - h.len > 3 || h.csum != pl_sum(e->data, h.len) ||
	    (spread && h.len != pl_len(h.stream, h.seq, spread))) {
		CHECK(0, "bad payload: len %u hdr.len %u seq %llu", e->len, h.len,
		      (unsigned long long)h.seq);
		return false;
	}
	for (i = PL_MIN; i < h.len; i++)
		if (e->data[i] != (u8)(h.seq * 7 + i * 13 + h.stream)) {
			CHECK(0, "bad fill at %u", i);
			return false;
		}
	for (; i < e->len; i++)
		CHECK(e->data[i] == 0, "alignment padding not zero");
	*out = h;
	return true;
}

static void test_subbuf_encoding(void)
{
	struct trace_buffer *b = ring_buffer_alloc(64 * PAGE_SIZE, 0);
	static struct sub_page sp;
	static u8 page[PAGE_SIZE];
	unsigned int i, n = 0, pages = 0, events = 0;
	struct pl_hdr h;
	u64 t = 5000;
	int ret;

	set_cpu(2);
	/* gaps under 2^27, up to 2^27 exactly, and of 2^32 and 2^40 */
	for (i = 0; i < 3000; i++) {
		switch (i % 11) {
		case 2:
			t += (1ULL << 27) - 1;
			break;
		case 4:
			t += 1ULL << 27;
			break;
		case 6:
			t += 1ULL << 32;
			break;
		case 8:
			t += 1ULL << 40;
			break;
		default:
			t += i % 5;	/* equal stamps too */
		}
		clock_script[i] = t;
	}
	ring_buffer_set_clock(b, script_clock);
	/* payloads up to 300 bytes: both the type_len and the length-word forms */
	for (clock_pos = 0; clock_pos < 3000; clock_pos++) {
		unsigned int len = pl_len(0, clock_pos, 300);
		struct ring_buffer_event *ev = ring_buffer_lock_reserve(b, len);

		if (!ev)
			break;
		pl_fill(ring_buffer_event_data(ev), 0, clock_pos, len, clock_script[clock_pos]);
		ring_buffer_unlock_commit(b);
		n++;
	}
	CHECK(n > 500, "wrote %u", n);
	while ((ret = ring_buffer_read_subbuf(b, 2, page, PAGE_SIZE, PAGE_SIZE, false, NULL)) > 0) {
		CHECK(sub_decode(page, &sp), "page %u", pages);
		CHECK(ret == 16 + sp.used, "returned %d, used %u", ret, sp.used);
		CHECK(!sp.missed, "lost events in a quiet ring");
		CHECK(sp.n > 0 && sp.stamp == sp.ev[0].ts, "page stamp is the first event's");
		for (i = 0; i < sp.n; i++) {
			if (!sub_check(&sp.ev[i], &h, 300))
				break;
			CHECK(h.seq == events, "seq %llu, expected %u", (unsigned long long)h.seq,
			      events);
			CHECK(sp.ev[i].ts == h.ts, "ts of %u: %llx vs %llx", events,
			      (unsigned long long)sp.ev[i].ts, (unsigned long long)h.ts);
			events++;
		}
		pages++;
	}
	CHECK(ret == -EAGAIN, "empty: %d", ret);
	CHECK(events == n, "read %u of %u", events, n);
	CHECK(ring_buffer_read_events_cpu(b, 2) == n, "read counter");
	invariant(b, 2);
	ring_buffer_set_clock(b, NULL);
	ring_buffer_free(b);
}

/* -ENOSPC, -EAGAIN, full pages only, and a time that goes back */
static void test_subbuf_limits(void)
{
	struct trace_buffer *b = ring_buffer_alloc(16 * PAGE_SIZE, RB_FL_OVERWRITE);
	static struct sub_page sp;
	static u8 page[PAGE_SIZE];
	unsigned int i;
	struct pl_hdr h;
	int ret;

	set_cpu(1);
	CHECK(ring_buffer_read_subbuf(b, 1, page, PAGE_SIZE, 0, false, NULL) == -EAGAIN, "empty, no room");
	CHECK(ring_buffer_read_subbuf(b, 1, page, PAGE_SIZE, PAGE_SIZE, false, NULL) == -EAGAIN, "empty");
	CHECK(ring_buffer_read_subbuf(b, 7, page, PAGE_SIZE, PAGE_SIZE, false, NULL) == -ENODEV, "no cpu");
	put(b, 0, 0, 40);
	/* header 16 + event 4 + 40 */
	CHECK(ring_buffer_read_subbuf(b, 1, page, PAGE_SIZE, 16, false, NULL) == -ENOSPC, "no room");
	CHECK(ring_buffer_read_subbuf(b, 1, page, PAGE_SIZE, 59, false, NULL) == -ENOSPC, "59 bytes");
	CHECK(ring_buffer_read_subbuf(b, 1, page, PAGE_SIZE, PAGE_SIZE, true, NULL) == -EAGAIN, "not full");
	CHECK(ring_buffer_entries_cpu(b, 1) == 1, "nothing consumed");
	ret = ring_buffer_read_subbuf(b, 1, page, PAGE_SIZE, 60, false, NULL);
	CHECK(ret == 60, "exact fit: %d", ret);
	CHECK(sub_decode(page, &sp) && sp.n == 1 && sub_check(&sp.ev[0], &h, 0) && h.seq == 0,
	      "the event");

	/* full: only once the next event would not fit */
	for (i = 0; i < 90; i++)
		put(b, 0, i, 40);
	CHECK(ring_buffer_read_subbuf(b, 1, page, PAGE_SIZE, PAGE_SIZE, true, NULL) == -EAGAIN, "90 x 44");
	for (; i < 93; i++)
		put(b, 0, i, 40);
	ret = ring_buffer_read_subbuf(b, 1, page, PAGE_SIZE, PAGE_SIZE, true, NULL);
	CHECK(ret == 16 + 92 * 44, "full page: %d", ret);
	CHECK(sub_decode(page, &sp) && sp.n == 92, "92 events");
	CHECK(ring_buffer_entries_cpu(b, 1) == 1, "one left");

	/* a clock that goes back: the ring stamps the time it had, and so does the page */
	ring_buffer_reset_cpu(b, 1);
	clock_script[0] = 1000;
	clock_script[1] = 900;
	clock_script[2] = 1100;
	ring_buffer_set_clock(b, script_clock);
	for (clock_pos = 0; clock_pos < 3; clock_pos++)
		put(b, 0, clock_pos, 40);
	ring_buffer_read_subbuf(b, 1, page, PAGE_SIZE, PAGE_SIZE, false, NULL);
	CHECK(sub_decode(page, &sp) && sp.n == 3, "3 events");
	CHECK(sp.ev[0].ts == 1000 && sp.ev[1].ts == 900 && sp.ev[2].ts == 1100,
	      "stamps %llu %llu %llu", (unsigned long long)sp.ev[0].ts,
	      (unsigned long long)sp.ev[1].ts, (unsigned long long)sp.ev[2].ts);
	ring_buffer_set_clock(b, NULL);
	ring_buffer_free(b);
}

/* the stats' oldest event ts and bytes; the oldest leaves a consumer's copy alone */
static void test_oldest_and_bytes(void)
{
	struct trace_buffer *b = ring_buffer_alloc(4 * PAGE_SIZE, RB_FL_OVERWRITE);
	struct ring_buffer_event *ev;
	unsigned long bytes;
	struct pl_hdr h;
	u64 ts;

	set_cpu(1);
	CHECK(ring_buffer_oldest_event_ts(b, 1) == 0, "empty");
	CHECK(ring_buffer_bytes_cpu(b, 1) == 0, "empty bytes");
	clock_script[0] = 111;
	clock_script[1] = 222;
	ring_buffer_set_clock(b, script_clock);
	for (clock_pos = 0; clock_pos < 2; clock_pos++)
		put(b, 0, clock_pos, 40);
	bytes = ring_buffer_bytes_cpu(b, 1);
	CHECK(bytes >= 2 * 40, "bytes %lu", bytes);
	CHECK(ring_buffer_oldest_event_ts(b, 1) == 111, "oldest");
	ev = ring_buffer_consume(b, 1, &ts, NULL);
	CHECK(ring_buffer_oldest_event_ts(b, 1) == 222, "oldest after a consume");
	CHECK(ev && pl_check(ev, &h, 0) && h.seq == 0, "the consumer's copy is intact");
	CHECK(ring_buffer_bytes_cpu(b, 1) < bytes, "bytes after a consume");
	ring_buffer_consume(b, 1, &ts, NULL);
	CHECK(ring_buffer_oldest_event_ts(b, 1) == 0 && ring_buffer_bytes_cpu(b, 1) == 0,
	      "drained");
	ring_buffer_set_clock(b, NULL);
	ring_buffer_free(b);
}

/* Discarded records keep their deltas: the times after them stay exact, in every reader. */
static void test_discard_times(void)
{
	struct trace_buffer *b = ring_buffer_alloc(8 * PAGE_SIZE, 0);
	static struct sub_page sp;
	static u8 page[PAGE_SIZE];
	struct ring_buffer_iter *it;
	struct ring_buffer_event *ev;
	unsigned int i, k, n = 0;
	u64 t = 5000, ts;
	struct pl_hdr h;

	set_cpu(2);
	for (i = 0; i < 300; i++) {
		/* every fifth a delta past 27 bits: a time extend */
		t += i % 5 == 0 ? (1ULL << 28) + i : 777 * i;
		clock_script[i] = t;
	}
	ring_buffer_set_clock(b, script_clock);
	for (clock_pos = 0; clock_pos < 300; clock_pos++) {
		unsigned int len = pl_len(0, n, 40);

		ev = ring_buffer_lock_reserve(b, clock_pos % 3 == 1 ? 20 : len);
		if (!ev)
			break;
		if (clock_pos % 3 == 1) {
			ring_buffer_discard_commit(b, ev);
			continue;
		}
		pl_fill(ring_buffer_event_data(ev), 0, n++, len, clock_script[clock_pos]);
		ring_buffer_unlock_commit(b);
	}
	CHECK(n == 200, "wrote %u", n);
	it = ring_buffer_read_start(b, 2, GFP_KERNEL);
	for (i = 0; it && (ev = ring_buffer_iter_peek(it, &ts)); i++) {
		CHECK(pl_check(ev, &h, 40) && h.seq == i && h.ts == ts, "iterator %u", i);
		ring_buffer_iter_advance(it);
	}
	CHECK(i == n, "iterated %u", i);
	ring_buffer_read_finish(it);
	/* up to an event with one before it in the lap and none discarded between */
	for (i = 0; i < 8; i++) {
		ev = ring_buffer_consume(b, 2, &ts, NULL);
		CHECK(ev && pl_check(ev, &h, 40) && h.seq == i && h.ts == ts, "consume %u", i);
		CHECK(ev && ring_buffer_event_time_stamp(b, ev) == ts, "copy's stamp %u", i);
	}
	while (ring_buffer_read_subbuf(b, 2, page, PAGE_SIZE, PAGE_SIZE, false, NULL) > 0) {
		CHECK(sub_decode(page, &sp), "decode");
		CHECK(i != 8 || (sp.n && sp.stamp == sp.ev[0].ts),
		      "a page from the middle of a lap: its stamp is its first event's");
		for (k = 0; k < sp.n; k++, i++)
			CHECK(sub_check(&sp.ev[k], &h, 40) && h.seq == i && h.ts == sp.ev[k].ts,
			      "page event %u", i);
	}
	CHECK(i == n, "read %u", i);
	ring_buffer_set_clock(b, NULL);
	ring_buffer_free(b);
}

/* A page that would start with a time extend starts at its event, as mainline's. */
static void test_subbuf_first_extend(void)
{
	struct trace_buffer *b = ring_buffer_alloc(8 * PAGE_SIZE, 0);
	static struct sub_page sp;
	static u8 page[PAGE_SIZE];
	struct ring_buffer_event *ev;
	struct pl_hdr h;
	u32 hdr;

	set_cpu(1);
	clock_script[0] = 1000;
	clock_script[1] = 1000 + (1ULL << 30);	/* past 27 bits: an extend */
	ring_buffer_set_clock(b, script_clock);
	for (clock_pos = 0; clock_pos < 2; clock_pos++) {
		ev = ring_buffer_lock_reserve(b, pl_len(0, clock_pos, 40));
		if (!ev)
			break;
		pl_fill(ring_buffer_event_data(ev), 0, clock_pos, pl_len(0, clock_pos, 40),
			clock_script[clock_pos]);
		ring_buffer_unlock_commit(b);
	}
	CHECK(ring_buffer_consume(b, 1, NULL, NULL), "consume the first");
	CHECK(ring_buffer_read_subbuf(b, 1, page, PAGE_SIZE, PAGE_SIZE, false, NULL) > 0, "read");
	memcpy(&hdr, page + 16, 4);
	CHECK((hdr & 31) != 30 && !(hdr >> 5), "first record %08x: an event with delta 0", hdr);
	CHECK(sub_decode(page, &sp) && sp.n == 1 && sub_check(&sp.ev[0], &h, 40) && h.seq == 1,
	      "the second event");
	CHECK(sp.stamp == clock_script[1] && sp.ev[0].ts == clock_script[1],
	      "stamp %llu, event %llu", (unsigned long long)sp.stamp,
	      (unsigned long long)sp.ev[0].ts);
	invariant(b, 1);
	ring_buffer_set_clock(b, NULL);
	ring_buffer_free(b);
}

/* 16 KB sub-buffers, read whole and read short */
static void test_subbuf_big(void)
{
	struct trace_buffer *b = ring_buffer_alloc(32 * PAGE_SIZE, 0);
	static struct sub_page sp;
	static u8 page[4 * PAGE_SIZE];
	unsigned int i, next = 0;
	struct pl_hdr h;
	int ret;

	set_cpu(0);
	CHECK(ring_buffer_read_subbuf(b, 0, page, 100, 100, false, NULL) == -EINVAL, "under a page");
	for (i = 0; i < 1000; i++)
		put(b, 0, i, 40);
	ret = ring_buffer_read_subbuf(b, 0, page, sizeof(page), sizeof(page), true, NULL);
	CHECK(ret == 16 + 372 * 44, "a full 16 KB page, exactly: %d", ret);
	CHECK(sub_decode_size(page, &sp, sizeof(page)) && sp.n == 372, "372 events: %u", sp.n);
	for (i = 0; i < sp.n; i++)
		CHECK(sub_check(&sp.ev[i], &h, 0) && h.seq == next++, "order");
	/* a read of 4096 bytes of a 16 KB sub-buffer: what fits in them */
	ret = ring_buffer_read_subbuf(b, 0, page, sizeof(page), 4096, false, NULL);
	CHECK(ret == 16 + 92 * 44, "short read: %d", ret);
	CHECK(sub_decode_size(page, &sp, sizeof(page)) && sp.n == 92, "92 events: %u", sp.n);
	for (i = 0; i < sp.n; i++)
		CHECK(sub_check(&sp.ev[i], &h, 0) && h.seq == next++, "order");
	ring_buffer_free(b);
}

/* An export that doubles each event, as a function_graph leaf is. */
static bool export_twice(struct ring_buffer_subbuf *sb, const void *data,
			 unsigned int len, u64 ts)
{
	return ring_buffer_subbuf_add(sb, data, len, ts - 10) &&
	       ring_buffer_subbuf_add(sb, data, len, ts);
}

/*
 * The exporter sees the events whose payload starts with a u16 below 64
 * with its bit set (here the low bits of seq): @types all ones, then one.
 */
static void subbuf_export(u64 types, unsigned int want_pairs)
{
	const struct ring_buffer_exporter twice = { .fn = export_twice, .types = types };
	struct trace_buffer *b = ring_buffer_alloc(16 * PAGE_SIZE, 0);
	static struct sub_page sp;
	static u8 page[PAGE_SIZE];
	unsigned int i, total = 0, pairs = 0;
	struct pl_hdr h, h2;
	bool exported;

	set_cpu(0);
	for (i = 0; i < 200; i++)
		put(b, 0, i, 60);
	while (ring_buffer_read_subbuf(b, 0, page, PAGE_SIZE, PAGE_SIZE, false, &twice) > 0) {
		CHECK(sub_decode(page, &sp), "decode");
		for (i = 0; i < sp.n; i++, total++) {
			CHECK(sub_check(&sp.ev[i], &h, 0) && h.seq == total, "event %u", total);
			exported = h.seq < 64 && (types & (1ULL << h.seq));
			if (!exported)
				continue;
			i++;
			CHECK(i < sp.n && sub_check(&sp.ev[i], &h2, 0) && h2.seq == h.seq,
			      "pair %u split or single", total);
			pairs++;
		}
	}
	CHECK(total == 200 && pairs == want_pairs, "read %u, %u pairs", total, pairs);
	ring_buffer_free(b);
}

static void test_subbuf_export(void)
{
	subbuf_export(~0ULL, 64);
	subbuf_export(1ULL << 37, 1);
}

/*
 * Pages reused after laps of 0xff payloads: the ring's padding bytes after
 * each payload are stale, and must not reach a sub-buffer (the copy goes
 * in whole words and then clears them).
 */
static void test_subbuf_stale_padding(void)
{
	struct trace_buffer *b = ring_buffer_alloc(4 * PAGE_SIZE, RB_FL_OVERWRITE);
	static struct sub_page sp;
	static u8 page[PAGE_SIZE];
	struct ring_buffer_event *ev;
	unsigned int i, n = 0, got = 0;
	struct pl_hdr h;

	set_cpu(3);
	for (i = 0; i < 500; i++) {
		ev = ring_buffer_lock_reserve(b, 64);
		CHECK(ev, "reserve");
		if (!ev)
			break;
		memset(ring_buffer_event_data(ev), 0xff, 64);
		ring_buffer_unlock_commit(b);
	}
	ring_buffer_reset_cpu(b, 3);
	/* every length modulo 8, spread over the stale bytes */
	for (i = 0; i < 150; i++)
		n += put(b, 0, i, PL_MIN + 1 + i % 23);
	while (ring_buffer_read_subbuf(b, 3, page, PAGE_SIZE, PAGE_SIZE, false, NULL) > 0) {
		CHECK(sub_decode(page, &sp), "decode");
		for (i = 0; i < sp.n; i++) {
			CHECK(sub_check(&sp.ev[i], &h, 0) && h.seq == got, "event %u", got);
			got++;
		}
	}
	CHECK(n == 150 && got == n, "read %u of %u", got, n);
	ring_buffer_free(b);
}

/* Small ring, overwrite: the first page read reports the overrun exactly. */
static void test_subbuf_lost(void)
{
	struct trace_buffer *b = ring_buffer_alloc(3 * PAGE_SIZE, RB_FL_OVERWRITE);
	static struct sub_page sp;
	static u8 page[PAGE_SIZE];
	unsigned long over;
	struct pl_hdr h;
	bool first = true;
	u64 next = 0;
	unsigned int i;

	set_cpu(0);
	for (i = 0; i < 2000; i++)
		put(b, 0, i, 40);
	over = ring_buffer_overrun_cpu(b, 0);
	CHECK(over > 1000, "overrun %lu", over);
	while (ring_buffer_read_subbuf(b, 0, page, PAGE_SIZE, PAGE_SIZE, false, NULL) > 0) {
		CHECK(sub_decode(page, &sp), "decode");
		if (first) {
			CHECK(sp.missed && sp.stored && sp.lost == over, "lost %llu, overrun %lu",
			      (unsigned long long)sp.lost, over);
			CHECK(sub_check(&sp.ev[0], &h, 0) && h.seq == over, "first seq");
			next = over;
		} else {
			CHECK(!sp.missed, "lost reported twice");
		}
		for (i = 0; i < sp.n; i++)
			CHECK(sub_check(&sp.ev[i], &h, 0) && h.seq == next++, "order");
		first = false;
	}
	CHECK(next == 2000, "read to %llu", (unsigned long long)next);

	/*
	 * A page with no room left for the count (four events of 8 + 1012
	 * bytes fill its 4080): flagged, not stored. A short read does not
	 * count: the count goes in the page, as mainline's.
	 */
	ring_buffer_reset_cpu(b, 0);
	for (i = 0; i < 100; i++)
		put(b, 0, i, 1012);
	ring_buffer_read_subbuf(b, 0, page, PAGE_SIZE, PAGE_SIZE, false, NULL);
	CHECK(sub_decode(page, &sp) && sp.n == 4 && sp.used == 4080 && sp.missed && !sp.stored,
	      "n %u used %u missed %d stored %d", sp.n, sp.used, sp.missed, sp.stored);
	ring_buffer_reset_cpu(b, 0);
	for (i = 0; i < 2000; i++)
		put(b, 0, i, 40);
	ring_buffer_read_subbuf(b, 0, page, PAGE_SIZE, 16 + 5 * 44 + 4, false, NULL);
	CHECK(sub_decode(page, &sp) && sp.n == 5 && sp.missed && sp.stored,
	      "n %u missed %d stored %d", sp.n, sp.missed, sp.stored);
	ring_buffer_free(b);
}

/* A writer against a sub-buffer reader (with consumes between): exact counts. */
struct subbuf_reader {
	struct trace_buffer *b;
	volatile int *stop;
	unsigned long n, lost, gaps, pages, consumed, unstored;
	bool full;
};

static void *subbuf_reader_fn(void *arg)
{
	struct subbuf_reader *r = arg;
	static struct sub_page sp;
	static u8 page[PAGE_SIZE];
	struct ring_buffer_event *ev;
	unsigned long lost;
	bool have = false;
	struct pl_hdr h;
	int idle = 0, ret;
	u64 last = 0, ts;
	unsigned int i;

	set_cpu(3);
	for (;;) {
		ret = ring_buffer_read_subbuf(r->b, 0, page, PAGE_SIZE, PAGE_SIZE, r->full && !*r->stop, NULL);
		if (ret > 0) {
			idle = 0;
			r->pages++;
			if (!sub_decode(page, &sp))
				continue;
			if (sp.missed && sp.stored)
				r->lost += sp.lost;
			else if (sp.missed)
				r->unstored++;
			for (i = 0; i < sp.n; i++) {
				if (!sub_check(&sp.ev[i], &h, 120))
					continue;
				CHECK(!have || h.seq > last, "order");
				r->gaps += have ? h.seq - last - 1 : h.seq;
				last = h.seq;
				have = true;
				r->n++;
			}
		} else if (r->pages % 3 == 1 && (ev = ring_buffer_consume(r->b, 0, &ts, &lost))) {
			/* trace_pipe beside trace_pipe_raw */
			idle = 0;
			r->lost += lost;
			if (pl_check(ev, &h, 120)) {
				CHECK(!have || h.seq > last, "order after consume");
				r->gaps += have ? h.seq - last - 1 : h.seq;
				last = h.seq;
				have = true;
				r->consumed++;
				r->n++;
			}
		} else {
			if (*r->stop && ++idle > 2)
				break;
			sched_yield();
		}
	}
	return NULL;
}

static void test_subbuf_concurrent(void)
{
	int full;

	for (full = 0; full < 2; full++) {
		struct trace_buffer *b = ring_buffer_alloc(4 * PAGE_SIZE, RB_FL_OVERWRITE);
		struct plain_writer w = { .b = b, .n = 1000000, .spread = 120, .cpu = 0 };
		struct subbuf_reader r = { .b = b, .stop = &w.done, .full = full };
		pthread_t wt, rt;
		unsigned long o;

		pthread_create(&rt, NULL, subbuf_reader_fn, &r);
		pthread_create(&wt, NULL, plain_writer_fn, &w);
		pthread_join(wt, NULL);
		pthread_join(rt, NULL);
		o = ring_buffer_overrun_cpu(b, 0);
		CHECK(ring_buffer_entries_cpu(b, 0) == 0, "left %lu", ring_buffer_entries_cpu(b, 0));
		CHECK(r.n + o == w.n, "read %lu + overrun %lu != %lu", r.n, o, w.n);
		CHECK(r.gaps == o, "gaps %lu, overrun %lu", r.gaps, o);
		/* only a page too full for the count leaves some unreported */
		CHECK(r.lost == o || (r.unstored && r.lost < o),
		      "lost reported %lu, overrun %lu, %lu pages without the count",
		      r.lost, o, r.unstored);
		CHECK(r.n == ring_buffer_read_events_cpu(b, 0), "read counter");
		invariant(b, 0);
		fprintf(stderr, "#   %s: %lu pages, %lu events (%lu consumed singly), "
			"overrun %lu, lost reported %lu (%lu pages without the count)\n",
			full ? "full pages" : "any pages", r.pages, r.n, r.consumed, o, r.lost,
			r.unstored);
		ring_buffer_free(b);
	}
}
/* ------------------------------------------------------------------ */

struct test {
	const char *name;
	void (*fn)(void);
};

static const struct test tests[] = {
	{ "single cpu write/read order and payload integrity", test_basic },
	{ "overwrite: entries + overruns == written, newest contiguous tail kept", test_overwrite },
	{ "non-overwrite: drops counted, oldest kept, room after reading", test_no_overwrite },
	{ "discard_commit hides events and keeps the counts exact", test_discard },
	{ "discarded records keep the times after them exact in every reader", test_discard_times },
	{ "a sub-buffer starts at an event, a time extend before it left behind", test_subbuf_first_extend },
	{ "explicit nesting with out-of-order commits and ring wrap inside a reservation",
	  test_nested_explicit },
	{ "signal-driven nesting (irq + self-nesting nmi) with out-of-order commits",
	  test_signal_nesting },
	{ "concurrent consumer vs writer on cpu 0: no torn payload, exact accounting",
	  test_concurrent_consumer },
	{ "concurrent consumer vs writer interrupted by signals, 3-page ring",
	  test_concurrent_signals },
	{ "iterator reads without consuming, snapshot end, skips overwritten", test_iterator },
	{ "iterators over a ring being overwritten never see torn events",
	  test_iterator_concurrent },
	{ "resize grow/shrink keeps newest data, counts discarded, errors", test_resize },
	{ "reset one cpu and all cpus", test_reset },
	{ "resize and reset while a writer runs", test_resize_reset_live },
	{ "multi-cpu merge by timestamp keeps global order", test_multi_cpu },
	{ "record on/off/disable/enable, per-cpu disable", test_record_switches },
	{ "timestamps exact across 32-bit jumps, backwards and huge clocks", test_timestamps },
	{ "timestamps with multi-second gaps on one page", test_long_gaps },
	{ "reserve at a given time: taken only from the buffer's clock and in order",
	  test_reserve_at },
	{ "wait/poll/wake through irq_work", test_wait },
	{ "every single event wakes a sleeping reader (no timeout hides a miss)",
	  test_wait_every_event },
	{ "resize: overflowing or too large sizes refused before allocating, all or nothing",
	  test_resize_refused },
	{ "random operations keep the invariant and exact lost counts", test_random_ops },
	{ "allocation failure frees everything", test_alloc_failure },
	{ "sub-buffers: mainline's layout, payloads and stamps exact, time extends",
	  test_subbuf_encoding },
	{ "sub-buffers: no room, empty, full pages only, a clock going back", test_subbuf_limits },
	{ "sub-buffers of 16 KB", test_subbuf_big },
	{ "oldest event ts and unread bytes", test_oldest_and_bytes },
	{ "sub-buffers: the exporter gets the events of its types, two records stay on one page",
	  test_subbuf_export },
	{ "sub-buffers: stale bytes in the ring's padding never reach a page",
	  test_subbuf_stale_padding },
	{ "sub-buffers: lost events flagged and counted on the next page", test_subbuf_lost },
	{ "sub-buffers vs a writer, with consumes between: exact accounting",
	  test_subbuf_concurrent },
};

int main(int argc, char **argv)
{
	unsigned int i, passed = 0, failed = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	shim_thread_register();
	printf("1..%zu\n", sizeof(tests) / sizeof(tests[0]));
	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		int before = checks_failed, warn = shim_warnings;

		if (argc > 1 && !strstr(tests[i].name, argv[1]))
			continue;
		tests[i].fn();
		CHECK(shim_warnings == warn, "kernel WARN_ON fired");
		CHECK(shim_preempt_count == 0, "preempt count %d", shim_preempt_count);
		if (checks_failed == before) {
			printf("ok - %s\n", tests[i].name);
			passed++;
		} else {
			printf("not ok - %s\n", tests[i].name);
			failed++;
		}
	}
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
