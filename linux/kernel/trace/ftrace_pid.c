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
 * no pid unsets it ("no pid").
 *
 * The pids live in xarrays.  Each task caches its verdict in the upper
 * bits of its trace_recursion word, tagged with a generation that every
 * write of the lists bumps, so the per-call check is a compare of one
 * word; a task looks itself up again only after a change.  Only the task
 * itself writes its word, so no atomics are needed.  Fork and exit change
 * only the verdict of the task added or removed, so they bump nothing: a
 * new task's word (0) is always stale, and an exiting one keeps its verdict.
 *
 * Locking: pid_lock serializes writes of the lists and the fork hook (which
 * must not add a child to a list a write is replacing); the exit hook only
 * erases, under the xarray's own lock.  Lookups are lockless (RCU: the
 * callers run with preemption disabled).
 */
#include <linux/ctype.h>
#include <linux/ftrace.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>

#include "ftrace_internal.h"
#include "trace.h"

/* trace_recursion: bits 0-4 recursion (ftrace.c), then these */
#define PID_TRACED	BIT(8)
#define PID_NOTRACED	BIT(9)
#define PID_GEN_SHIFT	10
#define PID_KEEP	(BIT(8) - 1)

static DEFINE_XARRAY(trace_pids);
static DEFINE_XARRAY(notrace_pids);
static DEFINE_MUTEX(pid_lock);
/* set by a write that names pids, until a write names none */
static bool pids_set, notrace_pids_set;
/* starts at 1: a new task's word (0) is always stale */
static unsigned long pid_gen = 1;

static struct xarray *pid_xa(bool notrace_list)
{
	return notrace_list ? &notrace_pids : &trace_pids;
}

static bool *pid_set(bool notrace_list)
{
	return notrace_list ? &notrace_pids_set : &pids_set;
}

/* after a write, under pid_lock: every task looks itself up again */
static void pid_changed(bool notrace_list)
{
	unsigned long gen = (pid_gen + 1) & (ULONG_MAX >> PID_GEN_SHIFT);

	WRITE_ONCE(*pid_set(notrace_list), !xa_empty(pid_xa(notrace_list)));
	/* never 0, the generation of a new task's word */
	WRITE_ONCE(pid_gen, gen ?: 1);
}

/* May the current task be traced by the global-filter tracers? */
bool notrace ftrace_pid_allowed(void)
{
	unsigned long w = current->trace_recursion;
	unsigned long gen = READ_ONCE(pid_gen);

	if (!READ_ONCE(pids_set) && !READ_ONCE(notrace_pids_set))
		return true;
	if ((w >> PID_GEN_SHIFT) != gen) {
		w &= PID_KEEP;
		w |= gen << PID_GEN_SHIFT;
		if (!READ_ONCE(pids_set) || xa_load(&trace_pids, current->pid))
			w |= PID_TRACED;
		if (READ_ONCE(notrace_pids_set) && xa_load(&notrace_pids, current->pid))
			w |= PID_NOTRACED;
		current->trace_recursion = w;
	}
	return (w & PID_TRACED) && !(w & PID_NOTRACED);
}

/*
 * copy_process() calls this early for every new task, whose word is a
 * copy of its parent's: no recursion bits, no verdict (it has no pid yet).
 */
void ftrace_graph_init_task(struct task_struct *t)
{
	t->trace_recursion = 0;
	if (IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER))
		ftrace_graph_fork(t);
}

void ftrace_graph_exit_task(struct task_struct *t)
{
	if (IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER))
		ftrace_graph_free(t);
}

static bool pid_follow(void)
{
	return (global_trace.trace_flags & TRACE_ITER_FUNCTION_FORK) &&
	       (READ_ONCE(pids_set) || READ_ONCE(notrace_pids_set));
}

/* copy_process(), @child has its pid and has not run: it joins its parent's lists */
void ftrace_pid_fork(struct task_struct *parent, struct task_struct *child)
{
	int i;

	if (!pid_follow())
		return;
	mutex_lock(&pid_lock);
	for (i = 0; i < 2; i++) {
		/* no memory: the child is left out, neither listed nor traced */
		if (*pid_set(i) && xa_load(pid_xa(i), parent->pid))
			xa_store(pid_xa(i), child->pid, xa_mk_value(1), GFP_KERNEL);
	}
	mutex_unlock(&pid_lock);
}

/* do_exit(): leave the lists while @t still holds its pid */
void ftrace_pid_exit(struct task_struct *t)
{
	int i;

	if (!pid_follow())
		return;
	for (i = 0; i < 2; i++)
		if (xa_load(pid_xa(i), t->pid))
			xa_erase(pid_xa(i), t->pid);
}

struct pid_file {
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

	if (!*pid_set(pf->is_notrace)) {
		seq_buf_puts(s, "no pid\n");
		return;
	}
	xa_for_each(pid_xa(pf->is_notrace), idx, entry)
		seq_buf_printf(s, "%lu\n", idx);
}

static int pid_open(struct inode *inode, struct file *file)
{
	struct pid_file *pf;

	pf = kzalloc(sizeof(*pf), GFP_KERNEL);
	if (!pf)
		return -ENOMEM;
	pf->is_notrace = (long)inode->i_private;
	pf->trunc = (file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC);
	if (file->f_mode & FMODE_READ) {
		pf->list = trace_listing(&pid_lock, pid_listing, pf, &pf->len,
					 PAGE_SIZE);
		if (!pf->list) {
			kfree(pf);
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
 * or nothing changes.
 */
static ssize_t pid_write(struct file *file, const char __user *ubuf,
			 size_t cnt, loff_t *ppos)
{
	struct pid_file *pf = file->private_data;
	struct xarray *xa = pid_xa(pf->is_notrace);
	pid_t pids[64];
	unsigned int n = 0, i;
	char *buf, *p, *tok;
	bool clear = false;
	int ret = 0;

	if (cnt > PAGE_SIZE)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	p = buf;
	while ((tok = strsep(&p, " \t\n")) != NULL) {
		struct pid *pid;
		int v;

		if (!*tok)
			continue;
		if (kstrtoint(tok, 10, &v) || v < -1 || n == ARRAY_SIZE(pids)) {
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
	if (pf->trunc || clear || !n)
		xa_destroy(xa);
	pf->trunc = false;
	for (i = 0; i < n; i++) {
		ret = xa_err(xa_store(xa, pids[i], xa_mk_value(1), GFP_KERNEL));
		if (ret)
			break;
	}
	pid_changed(pf->is_notrace);
	mutex_unlock(&pid_lock);
out:
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
		xa_destroy(pid_xa(pf->is_notrace));
		pid_changed(pf->is_notrace);
		mutex_unlock(&pid_lock);
	}
	kvfree(pf->list);
	kfree(pf);
	return 0;
}

static const struct file_operations pid_fops = {
	.open		= pid_open,
	.read		= pid_read,
	.write		= pid_write,
	.llseek		= default_llseek,
	.release	= pid_release,
};

static __init int ftrace_pid_init(void)
{
	tracefs_create_file("set_ftrace_pid", TRACE_MODE_WRITE, NULL, (void *)0L, &pid_fops);
	tracefs_create_file("set_ftrace_notrace_pid", TRACE_MODE_WRITE, NULL, (void *)1L,
			    &pid_fops);
	/* the pid lists are the top level's: so is the option */
	trace_create_option(&global_trace, "function-fork", TRACE_ITER_FUNCTION_FORK);
	return 0;
}
device_initcall(ftrace_pid_init);
