// SPDX-License-Identifier: GPL-2.0
/*
 * per_cpu/cpuN/trace_pipe_raw and per_cpu/cpuN/snapshot_raw: a CPU's
 * events as whole pages in mainline 6.12's binary layout, for trace-cmd
 * and the libraries that read it (ring_buffer_read_subbuf() encodes them,
 * trace_exporter says what each event becomes).
 *
 * Behaviour, as observed on mainline 6.12 (bench/binary-abi-blackbox.md):
 *  - read() hands out one sub-buffer (buffer_subbuf_size_kb) at a time,
 *    partly filled if that is all there is; a read of fewer bytes fills it
 *    only with the events that fit in them, and later reads return the
 *    rest of it before a new one.  A read too small for the next event returns
 *    0.  An empty buffer gives EAGAIN under O_NONBLOCK, else the read
 *    waits for an event.
 *  - splice() moves full sub-buffers only, up to the length asked for; a
 *    length under one, or a file position not on a boundary, is EINVAL
 *    when there is something to read.  With nothing, it waits until
 *    buffer_percent of the ring is full (EAGAIN under SPLICE_F_NONBLOCK or
 *    O_NONBLOCK), then takes what is there once; 0 if still nothing.
 *  - poll() is ready once buffer_percent of the ring is full.
 *  - ioctl(fd, 0) wakes the readers of this open file: a waiting splice
 *    returns, a waiting read goes on waiting.  Other commands: ENOTTY.
 *  - snapshot_raw reads the snapshot buffer the same way.
 *
 * Locking: an open file holds a reference on its array, so both buffers
 * stay while it is open (a snapshot swap may exchange them: each read
 * takes the current one).  @lock serializes the reads of one open file
 * and is dropped while it waits.  The ring buffer serializes readers of a
 * CPU against each other and against trace_pipe.
 */
#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/pipe_fs_i.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/splice.h>
#include <linux/uaccess.h>

#include "ring_buffer_ext.h"
#include "trace.h"

struct raw_reader {
	struct trace_array	*tr;
	int			cpu;
	bool			snapshot;	/* snapshot_raw */
	bool			closed;		/* flushed: waits end */
	unsigned long		wakes;		/* ioctl(fd, 0) calls */
	struct mutex		lock;
	/* the sub-buffer being read by read(), from @off on; none if @off == @size */
	void			*page;
	size_t			size;
	size_t			off;
};

static struct trace_buffer *raw_buffer(struct raw_reader *r)
{
	return r->snapshot ? READ_ONCE(r->tr->snapshot) : READ_ONCE(r->tr->buffer);
}

static int raw_open(struct inode *inode, struct file *file, bool snapshot)
{
	struct trace_array *tr = inode->i_private;
	struct raw_reader *r;
	int ret;

	ret = trace_array_get(tr);
	if (ret)
		return ret;
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r) {
		trace_array_put(tr);
		return -ENOMEM;
	}
	r->tr = tr;
	r->cpu = trace_key_cpu((unsigned long)inode->i_cdev);
	r->snapshot = snapshot;
	mutex_init(&r->lock);
	file->private_data = r;
	return nonseekable_open(inode, file);
}

static int trace_pipe_raw_open(struct inode *inode, struct file *file)
{
	return raw_open(inode, file, false);
}

static int snapshot_raw_open(struct inode *inode, struct file *file)
{
	return raw_open(inode, file, true);
}

static int raw_release(struct inode *inode, struct file *file)
{
	struct raw_reader *r = file->private_data;
	struct trace_array *tr = r->tr;

	kvfree(r->page);
	kfree(r);
	trace_array_put(tr);
	return 0;
}

/* What a waiter watches besides the ring: its buffer, flush and ioctl. */
struct raw_wait {
	struct raw_reader	*r;
	struct trace_buffer	*b;
	unsigned long		wakes;
};

static bool raw_wait_cond(void *data)
{
	struct raw_wait *w = data;

	return raw_buffer(w->r) != w->b || READ_ONCE(w->r->closed) ||
	       READ_ONCE(w->r->wakes) != w->wakes;
}

/*
 * Wait, without @r->lock, for @full percent of the ring (0: an event),
 * a swap, a flush or an ioctl.  Returns 1 if woken by the ioctl or the
 * flush, 0 otherwise, or -ERESTARTSYS.
 */
static int raw_wait(struct raw_reader *r, struct trace_buffer *b, int full)
{
	struct raw_wait w = { .r = r, .b = b, .wakes = READ_ONCE(r->wakes) };
	int ret;

	if (READ_ONCE(r->closed))
		return 1;
	mutex_unlock(&r->lock);
	ret = ring_buffer_wait(b, r->cpu, full, raw_wait_cond, &w);
	mutex_lock(&r->lock);
	if (ret)
		return ret;
	return READ_ONCE(r->closed) || READ_ONCE(r->wakes) != w.wakes;
}

/* A sub-buffer of the array's current size for read(); under @r->lock. */
static int raw_page(struct raw_reader *r)
{
	size_t size = trace_subbuf_size(r->tr);

	if (r->page && r->size == size)
		return 0;
	kvfree(r->page);
	r->page = kvzalloc(size, GFP_KERNEL);
	r->size = r->page ? size : 0;
	r->off = r->size;
	return r->page ? 0 : -ENOMEM;
}

static ssize_t raw_read(struct file *file, char __user *ubuf, size_t cnt,
			loff_t *ppos)
{
	struct raw_reader *r = file->private_data;
	struct trace_buffer *b;
	ssize_t ret;
	size_t n;

	if (!cnt)
		return 0;
	mutex_lock(&r->lock);
	while (r->off >= r->size) {
		ret = raw_page(r);
		if (ret)
			goto out;
		b = raw_buffer(r);
		ret = b ? ring_buffer_read_subbuf(b, r->cpu, r->page, r->size, cnt,
						  false, &trace_exporter) : -EAGAIN;
		if (ret >= 0) {
			r->off = 0;
			break;
		}
		/* no room in @cnt for the next event: mainline's 0 */
		if (ret != -EAGAIN) {
			ret = ret == -ENOSPC ? 0 : ret;
			goto out;
		}
		if (file->f_flags & O_NONBLOCK)
			goto out;
		/* without a snapshot there is nothing to wait on: as empty */
		if (!b) {
			ret = 0;
			goto out;
		}
		ret = raw_wait(r, b, 0);
		if (ret < 0)
			goto out;
		/* an ioctl leaves a read waiting; a flush ends it */
		if (READ_ONCE(r->closed)) {
			ret = 0;
			goto out;
		}
	}
	n = min(cnt, r->size - r->off);
	if (copy_to_user(ubuf, r->page + r->off, n)) {
		ret = -EFAULT;
		goto out;
	}
	r->off += n;
	*ppos += n;
	ret = n;
out:
	mutex_unlock(&r->lock);
	return ret;
}

static void raw_spd_release(struct splice_pipe_desc *spd, unsigned int i)
{
	put_page(spd->pages[i]);
}

/* Full pages into @pipe, as many as @len holds; see the top of the file. */
static ssize_t raw_splice_read(struct file *file, loff_t *ppos,
			       struct pipe_inode_info *pipe, size_t len,
			       unsigned int flags)
{
	struct raw_reader *r = file->private_data;
	struct partial_page partial_def[PIPE_DEF_BUFFERS];
	struct page *pages_def[PIPE_DEF_BUFFERS];
	struct splice_pipe_desc spd = {
		.pages		= pages_def,
		.partial	= partial_def,
		.nr_pages_max	= PIPE_DEF_BUFFERS,
		.ops		= &nosteal_pipe_buf_ops,
		.spd_release	= raw_spd_release,
	};
	size_t size = trace_subbuf_size(r->tr);
	unsigned int order = get_order(size);
	bool woken = false;
	struct trace_buffer *b;
	struct page *page;
	ssize_t ret = 0;
	int got;

	if (splice_grow_spd(pipe, &spd))
		return -ENOMEM;
	mutex_lock(&r->lock);
again:
	b = raw_buffer(r);
	while (b && spd.nr_pages < spd.nr_pages_max &&
	       !ring_buffer_empty_cpu(b, r->cpu)) {
		if (len < size || *ppos & (size - 1)) {
			if (!spd.nr_pages)
				ret = -EINVAL;
			break;
		}
		page = alloc_pages(GFP_KERNEL | __GFP_COMP, order);
		if (!page) {
			ret = -ENOMEM;
			break;
		}
		got = ring_buffer_read_subbuf(b, r->cpu, page_address(page), size,
					      size, true, &trace_exporter);
		if (got < 0) {
			put_page(page);
			break;
		}
		spd.pages[spd.nr_pages] = page;
		spd.partial[spd.nr_pages].offset = 0;
		spd.partial[spd.nr_pages].len = size;
		spd.nr_pages++;
		*ppos += size;
		len -= size;
	}
	if (!spd.nr_pages && !ret && !woken) {
		ret = -EAGAIN;
		if ((file->f_flags & O_NONBLOCK) || (flags & SPLICE_F_NONBLOCK) || !b)
			goto out;
		ret = raw_wait(r, b, READ_ONCE(r->tr->buffer_percent));
		if (ret < 0)
			goto out;
		/* once more for what came; with tracing off nothing will */
		woken = true;
		if (ret || !ring_buffer_record_is_on(b)) {
			ret = 0;
			goto out;
		}
		goto again;
	}
	mutex_unlock(&r->lock);
	if (spd.nr_pages)
		ret = splice_to_pipe(pipe, &spd);
	splice_shrink_spd(&spd);
	return ret;
out:
	mutex_unlock(&r->lock);
	splice_shrink_spd(&spd);
	return ret;
}

static __poll_t raw_poll(struct file *file, struct poll_table_struct *pt)
{
	struct raw_reader *r = file->private_data;
	struct trace_buffer *b = raw_buffer(r);

	if (!b)
		return 0;
	return ring_buffer_poll_wait(b, r->cpu, file, pt,
				     READ_ONCE(r->tr->buffer_percent));
}

/* ioctl(fd, 0): wake this file's waiters (trace-cmd's stop) */
static long raw_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct raw_reader *r = file->private_data;
	struct trace_buffer *b = raw_buffer(r);

	if (cmd)
		return -ENOTTY;
	WRITE_ONCE(r->wakes, r->wakes + 1);
	/* the waiters look at their cond again; only this file's end */
	if (b)
		ring_buffer_kick_waiters(b);
	return 0;
}

/* close() by any holder of the file ends its waits, as mainline's */
static int raw_flush(struct file *file, fl_owner_t id)
{
	struct raw_reader *r = file->private_data;
	struct trace_buffer *b = raw_buffer(r);

	WRITE_ONCE(r->closed, true);
	if (b)
		ring_buffer_kick_waiters(b);
	return 0;
}

/* the two files differ only in the buffer they read */
#define RAW_FOPS(_open) {			\
	.open		= _open,		\
	.read		= raw_read,		\
	.splice_read	= raw_splice_read,	\
	.poll		= raw_poll,		\
	.unlocked_ioctl	= raw_ioctl,		\
	.flush		= raw_flush,		\
	.release	= raw_release,		\
}

const struct file_operations trace_pipe_raw_fops = RAW_FOPS(trace_pipe_raw_open);
const struct file_operations trace_snapshot_raw_fops = RAW_FOPS(snapshot_raw_open);
