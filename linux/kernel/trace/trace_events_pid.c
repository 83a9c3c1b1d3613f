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
 * by the fork and free probes under their own lock.  The struct event_pids
 * of an array lives as long as the array.
 */
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
				xa_store(&pids->xa[i], child->pid, xa_mk_value(1),
					 GFP_ATOMIC);
	}
	rcu_read_unlock();
}

static void notrace pids_free(void *data, struct task_struct *t)
{
	struct event_pids *pids;
	int i;

	rcu_read_lock();
	list_for_each_entry_rcu(pids, &all_pids, list) {
		if (!(pids->tr->trace_flags & TRACE_ITER_EVENT_FORK))
			continue;
		for (i = 0; i < 2; i++)
			xa_erase(&pids->xa[i], t->pid);
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

static int pid_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	struct event_pids *pids;
	int ret;

	ret = trace_array_get(tr);
	if (ret)
		return ret;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		mutex_lock(&event_mutex);
		pids = rcu_dereference_protected(tr->event_pids, 1);
		xa_destroy(&pids->xa[pid_list(filp)]);
		pids_changed(pids);
		mutex_unlock(&event_mutex);
	}
	return 0;
}

static int pid_release(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return 0;
}

static ssize_t pid_read(struct file *filp, char __user *ubuf, size_t cnt,
			loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	struct event_pids *pids;
	unsigned long pid;
	struct seq_buf s;
	ssize_t ret;
	void *entry;
	char *buf;

	buf = kvmalloc(PAGE_SIZE * 4, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	seq_buf_init(&s, buf, PAGE_SIZE * 4);
	mutex_lock(&event_mutex);
	pids = rcu_dereference_protected(tr->event_pids, 1);
	xa_for_each(&pids->xa[pid_list(filp)], pid, entry)
		seq_buf_printf(&s, "%lu\n", pid);
	mutex_unlock(&event_mutex);
	ret = simple_read_from_buffer(ubuf, cnt, ppos, buf, seq_buf_used(&s));
	kvfree(buf);
	return ret;
}

/* pids separated by blanks; one that is not a number refuses the write */
static ssize_t pid_write(struct file *filp, const char __user *ubuf,
			 size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	struct event_pids *pids;
	char *buf, *p, *tok;
	unsigned int pid;
	int ret = 0;

	buf = trace_user_string(ubuf, cnt, PAGE_SIZE);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	for (p = buf; !ret && (tok = strsep(&p, " \t\n")); )
		if (*tok && (kstrtouint(tok, 10, &pid) || pid > PID_MAX_LIMIT))
			ret = -EINVAL;
	mutex_lock(&event_mutex);
	pids = rcu_dereference_protected(tr->event_pids, 1);
	for (p = buf; !ret && p < buf + cnt; p += strlen(p) + 1) {
		if (*p && !kstrtouint(p, 10, &pid))
			ret = xa_err(xa_store(&pids->xa[pid_list(filp)], pid,
					      xa_mk_value(1), GFP_KERNEL));
	}
	pids_changed(pids);
	mutex_unlock(&event_mutex);
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
	xa_init(&pids->xa[0]);
	xa_init(&pids->xa[1]);
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
