// SPDX-License-Identifier: GPL-2.0
/*
 * The readers of a trace array's buffers: trace and per_cpu/cpuN/trace
 * (non-consuming, with the writers of the CPUs read paused while open),
 * snapshot and per_cpu/cpuN/snapshot (the same over the snapshot buffer;
 * writes go to trace.c), and trace_pipe and per_cpu/cpuN/trace_pipe
 * (consuming, blocking).  Each event's text is trace_output.c's.
 *
 * Locking:
 *  - An open file holds a reference on its array (trace_array_get()), so
 *    the array and its buffers stay while it is open; the tracer it prints
 *    for is read under trace_types_lock at open.
 *  - A non-consuming reader owns its ring-buffer iterators: reads through
 *    one file are serialized by seq_file.
 *  - pipe_open_lock guards every array's @pipe_cpus (one trace_pipe per
 *    CPU); a trace_pipe file's reads are serialized by its own mutex,
 *    which is dropped while it waits for data.  A snapshot swap wakes
 *    the readers asleep on the buffer it took out of use
 *    (ring_buffer_kick_waiters()); they wait again on the new one.
 */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/ring_buffer.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_events_internal.h"

/* per_cpu/cpuN files have N + 1 in i_cdev; 0 means every CPU */
static int inode_key_cpu(struct inode *inode)
{
	return trace_key_cpu((unsigned long)inode->i_cdev);
}

/* ---- trace, per_cpu/cpuN/trace: non-consuming ------------------------ */

/* Oldest event over the iterator's CPUs; false if there is none. */
static bool iter_find_next(struct trace_iter *it)
{
	struct ring_buffer_event *ev, *best = NULL;
	u64 ts, best_ts = 0;
	int cpu, best_cpu = -1;

	for_each_possible_cpu(cpu) {
		if (!it->rbi[cpu])
			continue;
		ev = ring_buffer_iter_peek(it->rbi[cpu], &ts);
		if (ev && (!best || ts < best_ts)) {
			best = ev;
			best_ts = ts;
			best_cpu = cpu;
		}
	}
	it->ent = best ? ring_buffer_event_data(best) : NULL;
	it->ent_len = best ? ring_buffer_event_length(best) : 0;
	it->cpu = best_cpu;
	it->ts = best_ts;
	return best;
}

static void iter_advance(struct trace_iter *it)
{
	if (it->cpu >= 0)
		ring_buffer_iter_advance(it->rbi[it->cpu]);
	iter_find_next(it);
}

static void iter_rewind(struct trace_iter *it)
{
	int cpu;

	for_each_possible_cpu(cpu)
		if (it->rbi[cpu])
			ring_buffer_iter_reset(it->rbi[cpu]);
	iter_find_next(it);
	it->pos = 0;
}

static void *trace_seq_start(struct seq_file *m, loff_t *pos)
{
	struct trace_iter *it = m->private;
	loff_t i;

	if (*pos == 0) {
		iter_rewind(it);
		return SEQ_START_TOKEN;
	}
	if (*pos != it->pos) {
		iter_rewind(it);
		for (i = 1; i < *pos && it->ent; i++)
			iter_advance(it);
		it->pos = *pos;
	}
	return it->ent ? it : NULL;
}

static void *trace_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_iter *it = m->private;

	if (v != SEQ_START_TOKEN)
		iter_advance(it);
	it->pos = ++*pos;
	return it->ent ? it : NULL;
}

static void trace_seq_stop(struct seq_file *m, void *v)
{
}

static int trace_seq_show(struct seq_file *m, void *v)
{
	struct trace_iter *it = m->private;

	seq_buf_init(&it->seq, it->line, sizeof(it->line));
	if (v == SEQ_START_TOKEN) {
		print_header(it);
	} else {
		/* mainline's line when writers overtook the reader here */
		if (ring_buffer_iter_dropped(it->rbi[it->cpu]))
			seq_buf_printf(&it->seq, "CPU:%d [LOST EVENTS]\n", it->cpu);
		print_event(it);
	}
	seq_write(m, it->line, seq_buf_used(&it->seq));
	return 0;
}

static const struct seq_operations trace_seq_ops = {
	.start	= trace_seq_start,
	.next	= trace_seq_next,
	.stop	= trace_seq_stop,
	.show	= trace_seq_show,
};

static void trace_iter_free(struct trace_iter *it)
{
	int cpu;

	for_each_possible_cpu(cpu)
		if (it->rbi[cpu]) {
			ring_buffer_read_finish(it->rbi[cpu]);
			if (it->paused)
				ring_buffer_record_enable_cpu(it->buffer, cpu);
		}
	kfree(it->rbi);
	trace_event_iter_free(it);
}

/*
 * A non-consuming reader of @b, one of @tr's buffers (NULL: none, for an
 * unallocated snapshot); the array's references keep @b.
 */
static int trace_open_iter(struct inode *inode, struct file *file,
			   struct trace_buffer *b, bool snapshot)
{
	struct trace_array *tr = inode->i_private;
	int cpu_file = inode_key_cpu(inode);
	struct trace_iter *it;
	int cpu;

	it = __seq_open_private(file, &trace_seq_ops, sizeof(*it));
	if (!it)
		return -ENOMEM;
	it->tr = tr;
	it->buffer = b;
	it->snapshot = snapshot;
	it->cpu_file = cpu_file;
	it->rbi = kcalloc(nr_cpu_ids, sizeof(*it->rbi), GFP_KERNEL);
	if (!it->rbi)
		goto fail;
	mutex_lock(&trace_types_lock);
	it->tracer = tr->current_trace;
	mutex_unlock(&trace_types_lock);
	/*
	 * options/pause-on-trace: the writers of the CPUs read wait while
	 * the file is open.  Else (the default) they go on, and a reader
	 * overtaken by them says so with a "[LOST EVENTS]" line.
	 */
	it->paused = !snapshot && (tr->trace_flags & TRACE_ITER_PAUSE_ON_TRACE);
	for_each_possible_cpu(cpu) {
		if (!b || (cpu_file != RING_BUFFER_ALL_CPUS && cpu != cpu_file))
			continue;
		if (it->paused)
			ring_buffer_record_disable_cpu(b, cpu);
		it->rbi[cpu] = ring_buffer_read_start(b, cpu, GFP_KERNEL);
		if (!it->rbi[cpu]) {
			if (it->paused)
				ring_buffer_record_enable_cpu(b, cpu);
			trace_iter_free(it);
			goto fail;
		}
	}
	return 0;
fail:
	seq_release_private(inode, file);
	return -ENOMEM;
}

static int trace_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int cpu_file = inode_key_cpu(inode);
	int ret = trace_array_get(inode->i_private);

	if (ret)
		return ret;
	/* "> trace" empties the buffer (of that CPU) */
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		if (cpu_file == RING_BUFFER_ALL_CPUS)
			ring_buffer_reset(READ_ONCE(tr->buffer));
		else
			ring_buffer_reset_cpu(READ_ONCE(tr->buffer), cpu_file);
	}
	if (file->f_mode & FMODE_READ) {
		ret = trace_open_iter(inode, file, READ_ONCE(tr->buffer), false);
		if (ret)
			trace_array_put(inode->i_private);
	}
	return ret;
}

static int trace_release(struct inode *inode, struct file *file)
{
	struct seq_file *m;

	if (file->f_mode & FMODE_READ) {
		m = file->private_data;
		trace_iter_free(m->private);
		seq_release_private(inode, file);
	}
	trace_array_put(inode->i_private);
	return 0;
}

/* writes are accepted and ignored: "echo > trace" only wants O_TRUNC */
static ssize_t trace_write(struct file *filp, const char __user *ubuf,
			   size_t cnt, loff_t *ppos)
{
	return cnt;
}

/* a reader seeks in its text; a writer's position stays 0 */
static loff_t trace_llseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	return file->f_pos = 0;
}

const struct file_operations trace_fops = {
	.open		= trace_open,
	.read		= seq_read,
	.write		= trace_write,
	.llseek		= trace_llseek,
	.release	= trace_release,
};

/* ---- snapshot, per_cpu/cpuN/snapshot: the snapshot buffer's reader ---- */

static int snapshot_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	struct trace_buffer *b = NULL;
	int ret = trace_array_get(inode->i_private);

	if (ret)
		return ret;
	if (file->f_mode & FMODE_READ) {
		mutex_lock(&trace_types_lock);
		if (tr->snapshot_on)
			b = READ_ONCE(tr->snapshot);
		mutex_unlock(&trace_types_lock);
		ret = trace_open_iter(inode, file, b, true);
		if (ret)
			trace_array_put(inode->i_private);
	}
	return ret;
}

const struct file_operations trace_snapshot_fops = {
	.open		= snapshot_open,
	.read		= seq_read,
	.write		= trace_snapshot_write,
	.llseek		= trace_llseek,
	.release	= trace_release,
};

/* ---- trace_pipe: consuming ------------------------------------------- */

/*
 * Consuming readers of one CPU are serialized, as ring_buffer.h requires:
 * the event a consume returns is the ring buffer's per-CPU copy, valid
 * until the next peek or consume of that CPU. A CPU has at most one open
 * trace_pipe, as on mainline 6.12 (observed: a second open of trace_pipe,
 * or of a per_cpu/cpuN/trace_pipe it covers, fails with EBUSY, across
 * processes too; cpu0 and cpu1 may be open together), and the reads
 * through that file, even from several processes, take its mutex.
 */
static DEFINE_MUTEX(pipe_open_lock);

/* the CPUs a trace_pipe reads: the top-level file of an array claims all */
static const struct cpumask *pipe_cpus(int cpu_file)
{
	return cpu_file == RING_BUFFER_ALL_CPUS ? cpu_possible_mask : cpumask_of(cpu_file);
}

static int pipe_claim(struct trace_array *tr, int cpu_file)
{
	int ret = 0;

	mutex_lock(&pipe_open_lock);
	if (cpumask_intersects(tr->pipe_cpus, pipe_cpus(cpu_file)))
		ret = -EBUSY;
	else
		cpumask_or(tr->pipe_cpus, tr->pipe_cpus, pipe_cpus(cpu_file));
	mutex_unlock(&pipe_open_lock);
	return ret;
}

static void pipe_release_claim(struct trace_array *tr, int cpu_file)
{
	mutex_lock(&pipe_open_lock);
	cpumask_andnot(tr->pipe_cpus, tr->pipe_cpus, pipe_cpus(cpu_file));
	mutex_unlock(&pipe_open_lock);
}

struct pipe_iter {
	struct trace_iter	it;
	/* serializes the reads through this file */
	struct mutex		lock;
	/* formatted text not yet copied to the reader */
	size_t			off, len;
};

/*
 * Consume the oldest event over the reader's CPUs into @it; false if there
 * is none. The peeks only pick the CPU: what is printed is exactly what
 * the consume removed, even if a writer overwrote the peeked event since.
 * Caller holds the file's lock (trace_pipe) or is the only dumper.
 */
bool trace_consume_next(struct trace_iter *it, unsigned long *lost)
{
	struct trace_buffer *b = it->tr->buffer;
	struct ring_buffer_event *ev;
	int cpu, best_cpu = -1;
	u64 ts, best_ts = 0;

	for_each_possible_cpu(cpu) {
		if (it->cpu_file != RING_BUFFER_ALL_CPUS && cpu != it->cpu_file)
			continue;
		if (ring_buffer_peek(b, cpu, &ts, NULL) &&
		    (best_cpu < 0 || ts < best_ts)) {
			best_ts = ts;
			best_cpu = cpu;
		}
	}
	if (best_cpu < 0)
		return false;
	ev = ring_buffer_consume(b, best_cpu, &best_ts, lost);
	if (!ev)
		return false;
	it->ent = ring_buffer_event_data(ev);
	it->ent_len = ring_buffer_event_length(ev);
	it->cpu = best_cpu;
	it->ts = best_ts;
	return true;
}

static int trace_pipe_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int ret, cpu_file = inode_key_cpu(inode);
	struct pipe_iter *p;

	ret = trace_array_get(tr);
	if (ret)
		return ret;
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	ret = p ? pipe_claim(tr, cpu_file) : -ENOMEM;
	if (ret) {
		kfree(p);
		trace_array_put(tr);
		return ret;
	}
	mutex_init(&p->lock);
	p->it.tr = tr;
	p->it.cpu_file = cpu_file;
	mutex_lock(&trace_types_lock);
	p->it.tracer = tr->current_trace;
	mutex_unlock(&trace_types_lock);
	file->private_data = p;
	return nonseekable_open(inode, file);
}

static int trace_pipe_release(struct inode *inode, struct file *file)
{
	struct pipe_iter *p = file->private_data;
	struct trace_array *tr = p->it.tr;

	pipe_release_claim(tr, p->it.cpu_file);
	trace_event_iter_free(&p->it);
	kfree(p);
	trace_array_put(tr);
	return 0;
}

static bool pipe_has_data(struct trace_iter *it)
{
	if (it->cpu_file == RING_BUFFER_ALL_CPUS)
		return !ring_buffer_empty(it->tr->buffer);
	return !ring_buffer_empty_cpu(it->tr->buffer, it->cpu_file);
}

/* Format the next event, after a line for what was lost before it. */
static bool pipe_fill(struct pipe_iter *p)
{
	struct trace_iter *it = &p->it;
	unsigned long lost = 0;
	bool ret;

	ret = trace_consume_next(it, &lost);
	if (ret) {
		seq_buf_init(&it->seq, it->line, sizeof(it->line));
		/* mainline's trace_pipe line for overwritten events */
		if (lost)
			seq_buf_printf(&it->seq, "CPU:%d [LOST %lu EVENTS]\n",
				       it->cpu, lost);
		print_event(it);
		p->off = 0;
		p->len = seq_buf_used(&it->seq);
	}
	return ret;
}

/* A reader waits on one buffer; a snapshot swap takes it out of use. */
struct pipe_wait {
	struct trace_array	*tr;
	struct trace_buffer	*b;
};

static bool pipe_swapped(void *data)
{
	struct pipe_wait *w = data;

	return READ_ONCE(w->tr->buffer) != w->b;
}

static ssize_t trace_pipe_read(struct file *file, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct pipe_iter *p = file->private_data;
	struct trace_iter *it = &p->it;
	struct pipe_wait w = { .tr = it->tr };
	ssize_t done = 0;
	int ret;

	if (!cnt)
		return 0;
	mutex_lock(&p->lock);
again:
	while (!p->len && !pipe_has_data(it)) {
		if (file->f_flags & O_NONBLOCK) {
			done = -EAGAIN;
			goto out;
		}
		mutex_unlock(&p->lock);
		w.b = READ_ONCE(it->tr->buffer);
		ret = ring_buffer_wait(w.b, it->cpu_file, 0, pipe_swapped, &w);
		if (ret)
			return ret;
		mutex_lock(&p->lock);
	}

	while (done < cnt) {
		size_t n;

		if (!p->len && !pipe_fill(p))
			break;
		/*
		 * Whole lines only, unless one is longer than the whole read:
		 * readers sharing the file each get complete events.
		 */
		if (done && p->len > cnt - done)
			break;
		n = min_t(size_t, p->len, cnt - done);
		if (copy_to_user(ubuf + done, it->line + p->off, n)) {
			if (!done)
				done = -EFAULT;
			break;
		}
		done += n;
		p->off += n;
		p->len -= n;
	}
	/* the buffer was emptied under us (a reset): 0 reads as end of file */
	if (!done)
		goto again;
out:
	mutex_unlock(&p->lock);
	return done;
}

static __poll_t trace_pipe_poll(struct file *file, struct poll_table_struct *pt)
{
	struct pipe_iter *p = file->private_data;
	struct trace_array *tr = p->it.tr;

	/*
	 * A CPU's file is ready once buffer_percent of its ring is full,
	 * the whole buffer's at the first event (mainline 6.12's poll, as
	 * observed; a blocking read returns at the first event either way).
	 */
	return ring_buffer_poll_wait(READ_ONCE(tr->buffer), p->it.cpu_file,
				     file, pt, READ_ONCE(tr->buffer_percent));
}

const struct file_operations trace_pipe_fops = {
	.open		= trace_pipe_open,
	.read		= trace_pipe_read,
	.poll		= trace_pipe_poll,
	.release	= trace_pipe_release,
};
