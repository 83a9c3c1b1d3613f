// SPDX-License-Identifier: GPL-2.0
/*
 * set_ftrace_pid and set_ftrace_notrace_pid: trace only some tasks.
 *
 * The lists hold pid numbers, as mainline's do: without
 * options/function-fork a number stays listed after its task exits (and
 * applies to a task that reuses it); with it, a listed task's children are
 * added once copy_process() has given them their pid, and a task is
 * removed from do_exit(), while it still holds its number, so a reused
 * number never inherits an entry.  A list emptied by exits is still set:
 * it reads empty and traces nothing, as on mainline; a write that names
 * no pid unsets it ("no pid"), unless the file was opened to append and
 * the list holds pids: blanks then add nothing.
 *
 * The pids live in xarrays.  Each task caches its verdict in the upper
 * bits of its trace_recursion word, tagged with a generation that every
 * write of the lists bumps, so the per-call check is a compare of one
 * word; a task looks itself up again only after a change.  Only the task
 * itself writes its word, so no atomics are needed.  Fork and exit change
 * only the verdict of the task added or removed, so they bump nothing: a
 * new task's word (0) is always stale, and an exiting one keeps its verdict.
 *
 * Each trace array has its two lists (struct pid_lists); the top level's
 * gate the tracers that share set_ftrace_filter, in the dispatch, with the
 * cached verdict above; an instance's gate its function tracer, looked up
 * on each call while a list is set (an instance is for a narrower look).
 *
 * Locking: pid_lock serializes writes of the lists, the list of all pid
 * lists, and the fork and exit hooks (the fork hook must not add a child to
 * a list a write is replacing).  Lookups are lockless (RCU: the callers
 * run with preemption disabled).
 */
#include <linux/ctype.h>
#include <linux/ftrace.h>
#include <linux/jump_label.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>

#include "ftrace_internal.h"
#include "trace.h"

/* trace_recursion: the recursion guards' bits, then these */
#define PID_TRACED	BIT(16)
#define PID_NOTRACED	BIT(17)
#define PID_GEN_SHIFT	18
#define PID_KEEP	(BIT(16) - 1)

struct pid_lists {
	struct list_head	list;		/* all_pid_lists */
	struct trace_array	*tr;
	struct xarray		xa[2];		/* set_ftrace_pid, set_ftrace_notrace_pid */
	/* set by a write that names pids, until a write names none */
	bool			set[2];
};

static struct pid_lists global_pids = {
	.tr	= &global_trace,
	.xa	= { XARRAY_INIT(global_pids.xa[0], 0), XARRAY_INIT(global_pids.xa[1], 0) },
};

static LIST_HEAD(all_pid_lists);
static DEFINE_MUTEX(pid_lock);
/* lists that are set, over every array: the fork and exit hooks' fast path */
static unsigned int lists_set;
/* starts at 1: a new task's word (0) is always stale */
static unsigned long pid_gen = 1;
/* the top level has a list set: ftrace_pid_allowed() looks */
DEFINE_STATIC_KEY_FALSE(ftrace_pids_key);

/* after a write of @pl's list @notrace_list, under pid_lock */
static void pid_changed(struct pid_lists *pl, bool notrace_list)
{
	bool set = !xa_empty(&pl->xa[notrace_list]);

	if (set != pl->set[notrace_list])
		WRITE_ONCE(lists_set, lists_set + (set ? 1 : -1));
	WRITE_ONCE(pl->set[notrace_list], set);
	/* the top level's: every task looks itself up again */
	if (pl == &global_pids) {
		unsigned long gen = (pid_gen + 1) & (ULONG_MAX >> PID_GEN_SHIFT);

		/* never 0, the generation of a new task's word */
		WRITE_ONCE(pid_gen, gen ?: 1);
		/* the lists and the generation are in place before the key */
		if (pl->set[0] || pl->set[1])
			static_branch_enable(&ftrace_pids_key);
		else
			static_branch_disable(&ftrace_pids_key);
	}
}

/* ftrace_pid_allowed() while the key is on */
bool notrace __ftrace_pid_allowed(void)
{
	struct pid_lists *pl = &global_pids;
	unsigned long w = current->trace_recursion;
	unsigned long gen = READ_ONCE(pid_gen);

	if (!READ_ONCE(pl->set[0]) && !READ_ONCE(pl->set[1]))
		return true;
	if ((w >> PID_GEN_SHIFT) != gen) {
		w &= PID_KEEP;
		w |= gen << PID_GEN_SHIFT;
		if (!READ_ONCE(pl->set[0]) || xa_load(&pl->xa[0], current->pid))
			w |= PID_TRACED;
		if (READ_ONCE(pl->set[1]) && xa_load(&pl->xa[1], current->pid))
			w |= PID_NOTRACED;
		current->trace_recursion = w;
	}
	return (w & PID_TRACED) && !(w & PID_NOTRACED);
}

/* May the current task be traced in the instance of @pl? */
bool notrace ftrace_pid_allowed_in(struct pid_lists *pl)
{
	pid_t pid = current->pid;

	if (READ_ONCE(pl->set[0]) && !xa_load(&pl->xa[0], pid))
		return false;
	return !READ_ONCE(pl->set[1]) || !xa_load(&pl->xa[1], pid);
}

#ifndef CONFIG_FUNCTION_GRAPH_TRACER	/* else fgraph.c's */
/*
 * copy_process() calls this early for every new task, whose word is a
 * copy of its parent's: no recursion bits, no verdict (it has no pid yet).
 */
void ftrace_graph_init_task(struct task_struct *t)
{
	t->trace_recursion = 0;
}

void ftrace_graph_exit_task(struct task_struct *t)
{
}
#endif

static bool pid_follow(struct pid_lists *pl)
{
	return (pl->tr->trace_flags & TRACE_ITER_FUNCTION_FORK) &&
	       (pl->set[0] || pl->set[1]);
}

/* copy_process(), @child has its pid and has not run: it joins its parent's lists */
void ftrace_pid_fork(struct task_struct *parent, struct task_struct *child)
{
	struct pid_lists *pl;
	int i;

	if (!READ_ONCE(lists_set))
		return;
	mutex_lock(&pid_lock);
	list_for_each_entry(pl, &all_pid_lists, list) {
		if (!pid_follow(pl))
			continue;
		/* no memory: the child is left out, neither listed nor traced */
		for (i = 0; i < 2; i++)
			if (pl->set[i] && xa_load(&pl->xa[i], parent->pid))
				xa_store(&pl->xa[i], child->pid, xa_mk_value(1),
					 GFP_KERNEL);
	}
	mutex_unlock(&pid_lock);
}

/* do_exit(): leave the lists while @t still holds its pid */
void ftrace_pid_exit(struct task_struct *t)
{
	struct pid_lists *pl;
	int i;

	if (!READ_ONCE(lists_set))
		return;
	mutex_lock(&pid_lock);
	list_for_each_entry(pl, &all_pid_lists, list)
		if (pid_follow(pl))
			for (i = 0; i < 2; i++)
				if (xa_load(&pl->xa[i], t->pid))
					xa_erase(&pl->xa[i], t->pid);
	mutex_unlock(&pid_lock);
}

struct pid_file {
	struct pid_lists *pl;
	bool		is_notrace;
	bool		trunc;		/* ">": replace on the first write */
	bool		failed;		/* a bad write: the close changes nothing */
	char		*list;
	size_t		len;
};

static void pid_listing(struct seq_buf *s, void *data)
{
	struct pid_file *pf = data;
	unsigned long idx;
	void *entry;

	if (!pf->pl->set[pf->is_notrace]) {
		seq_buf_puts(s, "no pid\n");
		return;
	}
	xa_for_each(&pf->pl->xa[pf->is_notrace], idx, entry)
		seq_buf_printf(s, "%lu\n", idx);
}

/* a pid file has its trace array in i_private, 1 in i_cdev for notrace */
static int pid_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	struct pid_file *pf;
	int ret;

	ret = trace_array_get(tr);
	if (ret)
		return ret;
	pf = kzalloc(sizeof(*pf), GFP_KERNEL);
	if (!pf) {
		trace_array_put(tr);
		return -ENOMEM;
	}
	pf->pl = tr->pids;
	pf->is_notrace = (long)inode->i_cdev;
	pf->trunc = (file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC);
	if (file->f_mode & FMODE_READ) {
		pf->list = trace_listing(&pid_lock, pid_listing, pf, &pf->len,
					 PAGE_SIZE);
		if (!pf->list) {
			kfree(pf);
			trace_array_put(tr);
			return -ENOMEM;
		}
	}
	file->private_data = pf;
	return 0;
}

static ssize_t pid_read(struct file *file, char __user *ubuf, size_t cnt,
			loff_t *ppos)
{
	struct pid_file *pf = file->private_data;

	return simple_read_from_buffer(ubuf, cnt, ppos, pf->list, pf->len);
}

/*
 * A write is a list of pids (or "-1": clear); all must name live tasks
 * or nothing changes.  (Mainline 6.12 takes any number below 2^30 and
 * refuses "-1"; ours keeps what earlier kernels and trace-cmd expect.)
 */
static ssize_t pid_write(struct file *file, const char __user *ubuf,
			 size_t cnt, loff_t *ppos)
{
	struct pid_file *pf = file->private_data;
	struct xarray *xa = &pf->pl->xa[pf->is_notrace];
	unsigned int n = 0, i;
	char *buf, *p, *tok;
	bool clear = false;
	pid_t *pids;
	int ret = 0;

	if (cnt > PAGE_SIZE)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	/* a pid and a blank at least for each: any number of them */
	pids = kmalloc_array(cnt / 2 + 1, sizeof(*pids), GFP_KERNEL);
	if (!pids) {
		ret = -ENOMEM;
		goto out;
	}
	/* a NUL separates pids too, as mainline's parser has it */
	for (i = 0; i < cnt; i++)
		if (!buf[i])
			buf[i] = ' ';
	p = buf;
	while ((tok = strsep(&p, " \t\n")) != NULL) {
		struct pid *pid;
		int v;

		if (!*tok)
			continue;
		/* any base, as mainline's: "0x10" is 16 */
		if (kstrtoint(tok, 0, &v) || v < -1) {
			ret = -EINVAL;
			goto out;
		}
		if (v == -1) {
			clear = true;
			continue;
		}
		/* the writer's namespace; stored as the kernel sees it */
		rcu_read_lock();
		pid = find_vpid(v);
		pids[n] = pid && pid_task(pid, PIDTYPE_PID) ? pid_nr(pid) : 0;
		rcu_read_unlock();
		if (!pids[n]) {
			ret = -EINVAL;
			goto out;
		}
		n++;
	}

	mutex_lock(&pid_lock);
	/*
	 * Blanks alone add nothing: trace-cmd writes "PID " and then " " to
	 * one open file, and mainline 6.12 keeps PID (observed).
	 */
	if (pf->trunc || clear)
		xa_destroy(xa);
	pf->trunc = false;
	for (i = 0; i < n; i++) {
		ret = xa_err(xa_store(xa, pids[i], xa_mk_value(1), GFP_KERNEL));
		if (ret)
			break;
	}
	pid_changed(pf->pl, pf->is_notrace);
	mutex_unlock(&pid_lock);
out:
	kfree(pids);
	kfree(buf);
	if (ret) {
		pf->failed = true;
		return ret;
	}
	*ppos += cnt;
	return cnt;
}

static int pid_release(struct inode *inode, struct file *file)
{
	struct pid_file *pf = file->private_data;

	if (pf->trunc && !pf->failed) {
		/* "> set_ftrace_pid" with nothing written: clear */
		mutex_lock(&pid_lock);
		xa_destroy(&pf->pl->xa[pf->is_notrace]);
		pid_changed(pf->pl, pf->is_notrace);
		mutex_unlock(&pid_lock);
	}
	kvfree(pf->list);
	kfree(pf);
	trace_array_put(inode->i_private);
	return 0;
}

static const struct file_operations pid_fops = {
	.open		= pid_open,
	.read		= pid_read,
	.write		= pid_write,
	.llseek		= default_llseek,
	.release	= pid_release,
};

static void pid_files(struct trace_array *tr)
{
	struct dentry *d;
	int i;

	for (i = 0; i < 2; i++) {
		d = tracefs_create_file(i ? "set_ftrace_notrace_pid" : "set_ftrace_pid",
					TRACE_MODE_WRITE, tr->dir, tr, &pid_fops);
		if (!IS_ERR_OR_NULL(d))
			d_inode(d)->i_cdev = (void *)(long)i;
	}
}

static int pid_array_create(struct trace_array *tr)
{
	struct pid_lists *pl = kzalloc(sizeof(*pl), GFP_KERNEL);

	if (!pl)
		return -ENOMEM;
	pl->tr = tr;
	xa_init(&pl->xa[0]);
	xa_init(&pl->xa[1]);
	mutex_lock(&pid_lock);
	list_add_tail(&pl->list, &all_pid_lists);
	mutex_unlock(&pid_lock);
	tr->pids = pl;
	pid_files(tr);
	return 0;
}

/* its tracer is stopped: no callback reads the lists */
static void pid_array_destroy(struct trace_array *tr)
{
	struct pid_lists *pl = tr->pids;
	int i;

	if (!pl)
		return;
	mutex_lock(&pid_lock);
	list_del(&pl->list);
	for (i = 0; i < 2; i++) {
		xa_destroy(&pl->xa[i]);
		pid_changed(pl, i);
	}
	mutex_unlock(&pid_lock);
	tr->pids = NULL;
	kfree(pl);
}

static struct trace_array_files pid_array_files = {
	.create		= pid_array_create,
	.destroy	= pid_array_destroy,
};

static __init int ftrace_pid_init(void)
{
	list_add(&global_pids.list, &all_pid_lists);
	global_trace.pids = &global_pids;
	pid_files(&global_trace);
	trace_add_option("function-fork", TRACE_ITER_FUNCTION_FORK);
	trace_register_array_files(&pid_array_files);
	return 0;
}
device_initcall(ftrace_pid_init);
