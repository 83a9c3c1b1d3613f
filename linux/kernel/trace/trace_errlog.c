// SPDX-License-Identifier: GPL-2.0
/*
 * error_log: the last parse errors of an array's files, as mainline 6.12
 * logs them (observed):
 *
 *   [    7.216553] event filter parse error: error: Field not found
 *     Command: foo == 1
 *                  ^
 *
 * the caret under the column of the command where the parser stopped.
 * Each array keeps its last TRACE_ERRLOG_MAX; a write that truncates the
 * file (echo > error_log) empties it.
 *
 * Locking: errlog_lock guards every array's list.  Errors are logged from
 * the writes of the files (process context).
 */
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/tracefs.h>

#include "trace.h"

#define TRACE_ERRLOG_MAX	16

struct errlog_entry {
	struct list_head	list;
	char			*text;
};

static DEFINE_MUTEX(errlog_lock);

void trace_log_err(struct trace_array *tr, const char *loc, const char *cmd,
		   const char *msg, unsigned int pos)
{
	struct errlog_entry *e, *old;
	u64 ts = local_clock();
	unsigned long usecs = do_div(ts, NSEC_PER_SEC) / NSEC_PER_USEC;

	e = kmalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return;
	e->text = kasprintf(GFP_KERNEL, "[%5llu.%06lu] %s: error: %s\n  Command: %s\n%*s^\n",
			    ts, usecs, loc, msg, cmd, (int)pos + 11, "");
	if (!e->text) {
		kfree(e);
		return;
	}
	mutex_lock(&errlog_lock);
	list_add_tail(&e->list, &tr->errlog);
	if (++tr->nr_errlog > TRACE_ERRLOG_MAX) {
		old = list_first_entry(&tr->errlog, struct errlog_entry, list);
		list_del(&old->list);
		kfree(old->text);
		kfree(old);
		tr->nr_errlog--;
	}
	mutex_unlock(&errlog_lock);
}

void trace_errlog_clear(struct trace_array *tr)
{
	struct errlog_entry *e, *n;

	mutex_lock(&errlog_lock);
	list_for_each_entry_safe(e, n, &tr->errlog, list) {
		list_del(&e->list);
		kfree(e->text);
		kfree(e);
	}
	tr->nr_errlog = 0;
	mutex_unlock(&errlog_lock);
}

static void errlog_fill(struct seq_buf *s, void *data)
{
	struct trace_array *tr = data;
	struct errlog_entry *e;

	list_for_each_entry(e, &tr->errlog, list)
		seq_buf_puts(s, e->text);
}

static int errlog_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret = trace_array_get(tr);

	if (ret)
		return ret;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC))
		trace_errlog_clear(tr);
	return 0;
}

static ssize_t errlog_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	size_t len;
	char *buf = trace_listing(&errlog_lock, errlog_fill, tr, &len, PAGE_SIZE);
	ssize_t ret;

	if (!buf)
		return -ENOMEM;
	ret = simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
	kvfree(buf);
	return ret;
}

/* what is written is ignored: opening to truncate cleared the log */
static ssize_t errlog_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	*ppos += cnt;
	return cnt;
}

const struct file_operations trace_errlog_fops = {
	.open		= errlog_open,
	.read		= errlog_read,
	.write		= errlog_write,
	.release	= trace_array_release,
	.llseek		= default_llseek,
};
