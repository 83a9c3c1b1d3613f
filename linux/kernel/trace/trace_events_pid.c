// SPDX-License-Identifier: GPL-2.0
/*
 * set_event_pid and set_event_notrace_pid: the tasks whose trace events
 * an array records.  With pids in set_event_pid only their events are
 * recorded, and never those of the pids in set_event_notrace_pid; the
 * files read one pid per line, ascending, as mainline 6.12's.  Opening
 * one without O_APPEND empties it; pids are added by the writes after.
 * With options/event-fork set, a listed task's children join its list
 * when they fork, and every task leaves the lists when it is freed.
 *
 * While a list of an array is set, all of its event files carry
 * EVENT_FILE_FL_PID_FILTER, and the record path asks event_pids_ignore().
 *
 * Locking: event_mutex serializes the writes and the flag changes; the
 * lists are xarrays, read under RCU-sched (the tracepoint's) and changed
 * by the fork and free probes under their own lock.  The free probe runs
 * in softirq (sched_process_free, from an RCU callback), so the xarrays'
 * locks are softirq-safe (XA_FLAGS_LOCK_BH): taken with softirqs off
 * everywhere else.  The struct event_pids of an array lives as long as
 * the array.
 */
#include <linux/ctype.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>
#include <trace/events/sched.h>

#include "trace_events_internal.h"

struct event_pids {
	struct trace_array	*tr;
	struct list_head	list;		/* all_pids, while set */
	struct xarray		xa[2];		/* set_event_pid, _notrace_pid */
};

/* arrays with a list set, for the fork and free probes (RCU) */
static LIST_HEAD(all_pids);
static DEFINE_SPINLOCK(all_pids_lock);
static unsigned int nr_set;

static bool pids_set(struct event_pids *pids)
{
	return pids && (!xa_empty(&pids->xa[0]) || !xa_empty(&pids->xa[1]));
}

bool event_pids_set(struct trace_array *tr)
{
	return pids_set(rcu_dereference_protected(tr->event_pids, 1));
}

bool event_pids_ignore(struct trace_array *tr)
{
	struct event_pids *pids = rcu_dereference_sched(tr->event_pids);
	unsigned long pid = current->pid;

	if (!pids)
		return false;
	if (!xa_empty(&pids->xa[0]) && !xa_load(&pids->xa[0], pid))
		return true;
	return xa_load(&pids->xa[1], pid);
}

/* the children of listed tasks, under options/event-fork */
static void notrace pids_fork(void *data, struct task_struct *parent,
			      struct task_struct *child)
{
	struct event_pids *pids;
	int i;

	rcu_read_lock();
	list_for_each_entry_rcu(pids, &all_pids, list) {
		if (!(pids->tr->trace_flags & TRACE_ITER_EVENT_FORK))
			continue;
		for (i = 0; i < 2; i++)
			if (xa_load(&pids->xa[i], parent->pid))
				xa_store_bh(&pids->xa[i], child->pid, xa_mk_value(1),
					    GFP_ATOMIC);
	}
	rcu_read_unlock();
}

/* from an RCU callback: softirq, or a kthread with softirqs off */
static void notrace pids_free(void *data, struct task_struct *t)
{
	struct event_pids *pids;
	int i;

	rcu_read_lock();
	list_for_each_entry_rcu(pids, &all_pids, list) {
		if (!(pids->tr->trace_flags & TRACE_ITER_EVENT_FORK))
			continue;
		for (i = 0; i < 2; i++)
			xa_erase_bh(&pids->xa[i], t->pid);
	}
	rcu_read_unlock();
}

/* after a change of @pids: the files' flags and the probes */
static void pids_changed(struct event_pids *pids)
{
	struct trace_event_file *file;
	bool set = pids_set(pids), was = !list_empty(&pids->list);

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &pids->tr->events, list) {
		if (set)
			set_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
		else
			clear_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
	}
	if (set == was)
		return;
	spin_lock(&all_pids_lock);
	if (set)
		list_add_rcu(&pids->list, &all_pids);
	else
		list_del_rcu(&pids->list);
	spin_unlock(&all_pids_lock);
	if (!set)
		INIT_LIST_HEAD(&pids->list);
	if (set && !nr_set++) {
		register_trace_sched_process_fork(pids_fork, NULL);
		register_trace_sched_process_free(pids_free, NULL);
	} else if (!set && !--nr_set) {
		unregister_trace_sched_process_fork(pids_fork, NULL);
		unregister_trace_sched_process_free(pids_free, NULL);
	}
	synchronize_rcu();
}

/* i_cdev: 0 for set_event_pid, 1 for set_event_notrace_pid */
static int pid_list(struct file *filp)
{
	return (unsigned long)file_inode(filp)->i_cdev;
}

static void pid_listing(struct seq_buf *s, void *data)
{
	struct xarray *xa = data;
	unsigned long pid;
	void *entry;

	xa_for_each(xa, pid, entry)
		seq_buf_printf(s, "%lu\n", pid);
}

/* a reader gets the list as it was at open, whole */
struct pid_listing {
	char		*text;
	size_t		len;
};

static int pid_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	struct pid_listing *l = NULL;
	struct event_pids *pids;
	int ret;

	ret = trace_array_get(tr);
	if (ret)
		return ret;
	/* the array holds its pids while the file is open */
	pids = rcu_dereference_protected(tr->event_pids, 1);
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		mutex_lock(&event_mutex);
		xa_destroy(&pids->xa[pid_list(filp)]);
		pids_changed(pids);
		mutex_unlock(&event_mutex);
	}
	if (filp->f_mode & FMODE_READ) {
		l = kzalloc(sizeof(*l), GFP_KERNEL);
		if (l)
			l->text = trace_listing(&event_mutex, pid_listing,
						&pids->xa[pid_list(filp)],
						&l->len, PAGE_SIZE);
		if (!l || !l->text) {
			kfree(l);
			trace_array_put(tr);
			return -ENOMEM;
		}
	}
	filp->private_data = l;
	return 0;
}

static int pid_release(struct inode *inode, struct file *filp)
{
	struct pid_listing *l = filp->private_data;

	if (l) {
		kvfree(l->text);
		kfree(l);
	}
	trace_array_put(inode->i_private);
	return 0;
}

static ssize_t pid_read(struct file *filp, char __user *ubuf, size_t cnt,
			loff_t *ppos)
{
	struct pid_listing *l = filp->private_data;

	if (!l)
		return -EINVAL;
	return simple_read_from_buffer(ubuf, cnt, ppos, l->text, l->len);
}

/* as mainline's pid lists: numbers up to 2^30 - 1 */
#define EVENT_PID_LIMIT		(1UL << 30)

/* @tok as a pid: 0, or mainline's errno for what it refuses */
static int pid_parse(const char *tok, unsigned long *pid)
{
	if (kstrtoul(tok, 0, pid))
		return -EINVAL;
	return *pid < EVENT_PID_LIMIT ? 0 : -EPERM;
}

/*
 * pids separated by blanks or NULs, all of the write's bytes, in any base
 * (mainline's: "0x10" is 16); one that is not a pid refuses the write,
 * before anything changes
 */
static ssize_t pid_write(struct file *filp, const char __user *ubuf,
			 size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	struct xarray *xa;
	struct event_pids *pids;
	unsigned long pid;
	char *buf, *p;
	int ret = 0;

	buf = trace_user_string(ubuf, cnt, PAGE_SIZE);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	/* one C string per pid: every separator a NUL */
	for (p = buf; p < buf + cnt; p++)
		if (isspace(*p))
			*p = '\0';
	for (p = buf; !ret && p < buf + cnt; p += strlen(p) + 1)
		if (*p)
			ret = pid_parse(p, &pid);
	if (ret)
		goto out;
	mutex_lock(&event_mutex);
	pids = rcu_dereference_protected(tr->event_pids, 1);
	xa = &pids->xa[pid_list(filp)];
	for (p = buf; !ret && p < buf + cnt; p += strlen(p) + 1)
		if (*p && !pid_parse(p, &pid))
			ret = xa_err(xa_store_bh(xa, pid, xa_mk_value(1),
						 GFP_KERNEL));
	pids_changed(pids);
	mutex_unlock(&event_mutex);
out:
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations pid_fops = {
	.open		= pid_open,
	.read		= pid_read,
	.write		= pid_write,
	.release	= pid_release,
	.llseek		= default_llseek,
};

int event_pids_create(struct trace_array *tr)
{
	struct event_pids *pids = kzalloc(sizeof(*pids), GFP_KERNEL);
	static const char * const names[2] = { "set_event_pid", "set_event_notrace_pid" };
	struct dentry *d;
	int i;

	if (!pids)
		return -ENOMEM;
	pids->tr = tr;
	INIT_LIST_HEAD(&pids->list);
	xa_init_flags(&pids->xa[0], XA_FLAGS_LOCK_BH);
	xa_init_flags(&pids->xa[1], XA_FLAGS_LOCK_BH);
	rcu_assign_pointer(tr->event_pids, pids);
	for (i = 0; i < 2; i++) {
		d = tracefs_create_file(names[i], TRACE_MODE_WRITE, tr->dir, tr, &pid_fops);
		if (!IS_ERR_OR_NULL(d))
			d_inode(d)->i_cdev = (void *)(unsigned long)i;
	}
	return 0;
}

/* at rmdir: no event of @tr records any more */
void event_pids_destroy(struct trace_array *tr)
{
	struct event_pids *pids;

	mutex_lock(&event_mutex);
	pids = rcu_dereference_protected(tr->event_pids, 1);
	if (pids) {
		xa_destroy(&pids->xa[0]);
		xa_destroy(&pids->xa[1]);
		pids_changed(pids);
		RCU_INIT_POINTER(tr->event_pids, NULL);
	}
	mutex_unlock(&event_mutex);
	synchronize_rcu();
	kfree(pids);
}

static __init int event_pids_init(void)
{
	trace_add_option("event-fork", TRACE_ITER_EVENT_FORK);
	return 0;
}
fs_initcall(event_pids_init);
