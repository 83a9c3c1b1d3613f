// SPDX-License-Identifier: GPL-2.0
/*
 * Saved task names: events carry a pid, the output shows "comm-pid".
 * saved_cmdlines lists the table ("pid comm", as mainline's) and
 * saved_cmdlines_size sizes it.  With options/record-tgid set in any
 * array, writers also keep each pid's tgid, which saved_tgids lists
 * ("pid tgid", as mainline's) and the output shows beside the pid.
 *
 * Locking: cmdline_lock (an arch spinlock, so lockdep and the tracer stay
 * out of it) guards the table pointer and its contents; writers only
 * trylock it, so they never wait and an NMI never deadlocks on it;
 * readers and the resize lock it with preemption off.  A resize swaps in
 * a new, empty table under the lock (mainline's resize empties it too)
 * and frees the old one after: nobody can hold it by then.
 * cmdline_size_lock serialises resizes.
 *
 * The tgid map covers pid_max as it was when record-tgid was first set
 * and is never freed, so writers store into it without a lock; it is
 * published with release after its size.  trace_tgid_record() runs under
 * trace_types_lock.
 */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/threads.h>
#include <linux/tracefs.h>

#include "trace.h"

/* saved_cmdlines_size at boot: mainline 6.12's, as read on the black box */
#define SAVED_CMDLINES_DEFAULT	6552

struct saved_cmdline {
	pid_t	pid;
	char	comm[TASK_COMM_LEN];
};

/* the comm of each task seen by a writer, direct-mapped by pid */
struct cmdline_table {
	unsigned int		num;
	struct saved_cmdline	ent[];
};

static struct cmdline_table *cmdlines;
static arch_spinlock_t cmdline_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static DEFINE_MUTEX(cmdline_size_lock);
/* what this CPU saved last: trace_save_cmdline() skips it inline */
DEFINE_PER_CPU(pid_t, trace_saved_pid) = -1;
DEFINE_PER_CPU(u64, trace_saved_comm);

/* the tgid of each pid up to tgid_map_max, 0: not seen */
static int *tgid_map;
static unsigned int tgid_map_max;
/* arrays with options/record-tgid set */
static atomic_t tgid_users;

static __always_inline void save_tgid(struct task_struct *tsk)
{
	/* acquire: tgid_map_max was set before the map was published */
	int *map = smp_load_acquire(&tgid_map);

	if (map && atomic_read(&tgid_users) && tsk->pid <= tgid_map_max)
		WRITE_ONCE(map[tsk->pid], tsk->tgid);
}

int trace_find_tgid(pid_t pid)
{
	/* acquire: pairs with the release in trace_tgid_record() */
	int *map = smp_load_acquire(&tgid_map);

	if (!map || pid <= 0 || pid > tgid_map_max)
		return 0;
	return READ_ONCE(map[pid]);
}

/* An array sets (@on) or clears record-tgid; the first set allocates the map. */
int trace_tgid_record(bool on)
{
	int *map;
	int cpu;

	if (!on) {
		atomic_dec(&tgid_users);
		return 0;
	}
	if (!tgid_map) {
		map = kvcalloc(pid_max + 1, sizeof(*map), GFP_KERNEL);
		if (!map)
			return -ENOMEM;
		tgid_map_max = pid_max;
		/* release: the size before the map, for lock-free readers */
		smp_store_release(&tgid_map, map);
	}
	atomic_inc(&tgid_users);
	/* the CPUs' "saved already" hints name tasks whose tgid was not */
	for_each_possible_cpu(cpu)
		WRITE_ONCE(per_cpu(trace_saved_pid, cpu), -1);
	return 0;
}

void notrace __trace_save_cmdline(struct task_struct *tsk, u64 head)
{
	struct cmdline_table *t;

	save_tgid(tsk);

	/* options/record-cmd 0: names stay as they are */
	if (!(READ_ONCE(global_trace.trace_flags) & TRACE_ITER_RECORD_CMD))
		return;
	if (!tsk->pid || !arch_spin_trylock(&cmdline_lock))
		return;
	t = cmdlines;
	if (t) {
		struct saved_cmdline *e = &t->ent[tsk->pid % t->num];

		e->pid = tsk->pid;
		memcpy(e->comm, tsk->comm, TASK_COMM_LEN);
	}
	arch_spin_unlock(&cmdline_lock);
	__this_cpu_write(trace_saved_pid, tsk->pid);
	__this_cpu_write(trace_saved_comm, head);
}

void trace_find_cmdline(pid_t pid, char comm[TASK_COMM_LEN])
{
	struct saved_cmdline *e;

	if (!pid) {
		strscpy(comm, "<idle>", TASK_COMM_LEN);
		return;
	}
	strscpy(comm, "<...>", TASK_COMM_LEN);
	preempt_disable();
	arch_spin_lock(&cmdline_lock);
	if (cmdlines) {
		e = &cmdlines->ent[pid % cmdlines->num];
		if (e->pid == pid)
			memcpy(comm, e->comm, TASK_COMM_LEN);
	}
	arch_spin_unlock(&cmdline_lock);
	preempt_enable();
	comm[TASK_COMM_LEN - 1] = 0;
}

static struct cmdline_table *cmdline_table_alloc(unsigned int num)
{
	struct cmdline_table *t = kvzalloc(struct_size(t, ent, num), GFP_KERNEL);

	if (t)
		t->num = num;
	return t;
}

/* Swap in @t, empty; returns the old table for the caller to free. */
static struct cmdline_table *cmdline_table_swap(struct cmdline_table *t)
{
	struct cmdline_table *old;
	int cpu;

	preempt_disable();
	arch_spin_lock(&cmdline_lock);
	old = cmdlines;
	cmdlines = t;
	arch_spin_unlock(&cmdline_lock);
	preempt_enable();
	/* the CPUs' "saved already" hints name tasks the new table lacks */
	for_each_possible_cpu(cpu)
		WRITE_ONCE(per_cpu(trace_saved_pid, cpu), -1);
	return old;
}

/* saved_cmdlines: one "pid comm" line per saved task, in table order */
struct cmdline_listing {
	char	*buf;
	size_t	len;
};

static void fill_cmdlines(struct seq_buf *s, void *data)
{
	unsigned int i;

	preempt_disable();
	arch_spin_lock(&cmdline_lock);
	for (i = 0; cmdlines && i < cmdlines->num; i++)
		if (cmdlines->ent[i].pid)
			seq_buf_printf(s, "%d %.*s\n", cmdlines->ent[i].pid,
				       TASK_COMM_LEN, cmdlines->ent[i].comm);
	arch_spin_unlock(&cmdline_lock);
	preempt_enable();
}

/* saved_cmdlines and saved_tgids: the text @fill writes, made at open */
static int listing_open(struct file *file, void (*fill)(struct seq_buf *s, void *data))
{
	struct cmdline_listing *l = kmalloc(sizeof(*l), GFP_KERNEL);

	if (!l)
		return -ENOMEM;
	l->buf = trace_listing(&cmdline_size_lock, fill, NULL, &l->len, PAGE_SIZE);
	if (!l->buf) {
		kfree(l);
		return -ENOMEM;
	}
	file->private_data = l;
	return 0;
}

static int saved_cmdlines_open(struct inode *inode, struct file *file)
{
	return listing_open(file, fill_cmdlines);
}

static ssize_t listing_read(struct file *file, char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct cmdline_listing *l = file->private_data;

	return simple_read_from_buffer(ubuf, cnt, ppos, l->buf, l->len);
}

static int listing_release(struct inode *inode, struct file *file)
{
	struct cmdline_listing *l = file->private_data;

	kvfree(l->buf);
	kfree(l);
	return 0;
}

static const struct file_operations saved_cmdlines_fops = {
	.open		= saved_cmdlines_open,
	.read		= listing_read,
	.release	= listing_release,
	.llseek		= default_llseek,
};

/* saved_tgids: "pid tgid" for each pid whose tgid was kept, by pid */
static void fill_tgids(struct seq_buf *s, void *data)
{
	/* acquire: pairs with the release in trace_tgid_record() */
	int *map = smp_load_acquire(&tgid_map);
	unsigned int pid;
	int tgid;

	for (pid = 1; map && pid <= tgid_map_max; pid++) {
		tgid = READ_ONCE(map[pid]);
		if (tgid)
			seq_buf_printf(s, "%u %d\n", pid, tgid);
	}
}

static int saved_tgids_open(struct inode *inode, struct file *file)
{
	return listing_open(file, fill_tgids);
}

static const struct file_operations saved_tgids_fops = {
	.open		= saved_tgids_open,
	.read		= listing_read,
	.release	= listing_release,
	.llseek		= default_llseek,
};

/*
 * saved_cmdlines_size: the table's entries.  1 to PID_MAX_DEFAULT, as
 * mainline takes (which rounds the number up to fill its allocation;
 * here it is exact); a new size empties the table, as there.
 */
static u64 cmdline_size_get(struct trace_array *tr, unsigned long key)
{
	u64 num;

	mutex_lock(&cmdline_size_lock);
	num = cmdlines ? cmdlines->num : 0;
	mutex_unlock(&cmdline_size_lock);
	return num;
}

static int cmdline_size_set(struct trace_array *tr, unsigned long key, u64 num)
{
	struct cmdline_table *t;

	if (!num)
		return -EINVAL;
	t = cmdline_table_alloc(num);
	if (!t)
		return -ENOMEM;
	mutex_lock(&cmdline_size_lock);
	t = cmdline_table_swap(t);
	mutex_unlock(&cmdline_size_lock);
	kvfree(t);
	return 0;
}

static const struct trace_num_file cmdline_size_file =
	TRACE_NUM_FILE(cmdline_size_get, cmdline_size_set, PID_MAX_DEFAULT);

/* before a boot tracer starts (core_initcall_sync) */
static __init int trace_cmdline_alloc(void)
{
	struct cmdline_table *t = cmdline_table_alloc(SAVED_CMDLINES_DEFAULT);

	if (!t)
		return -ENOMEM;
	cmdline_table_swap(t);
	return 0;
}
core_initcall(trace_cmdline_alloc);

static __init int trace_cmdline_init(void)
{
	tracefs_create_file("saved_cmdlines", TRACE_MODE_READ, NULL, NULL,
			    &saved_cmdlines_fops);
	tracefs_create_file("saved_cmdlines_size", TRACE_MODE_WRITE, NULL, NULL,
			    &cmdline_size_file.fops);
	tracefs_create_file("saved_tgids", TRACE_MODE_READ, NULL, NULL,
			    &saved_tgids_fops);
	return 0;
}
fs_initcall(trace_cmdline_init);
