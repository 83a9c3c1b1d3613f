// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing core: the global ring buffer, the tracer registry and the
 * tracefs files that drive them.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysctl.h>
#include <linux/trace_clock.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"

DEFINE_MUTEX(trace_types_lock);

static LIST_HEAD(tracers);
static struct tracer nop_tracer = { .name = "nop" };
static struct tracer *current_trace = &nop_tracer;

static struct trace_buffer *global_buffer;

/* kernel.ftrace_dump_on_oops and kernel.traceoff_on_warning */
char ftrace_dump_on_oops[MAX_TRACER_SIZE] = "0";
int __disable_trace_on_warning;
int tracepoint_printk;

int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	return proc_dointvec(table, write, buffer, lenp, ppos);
}

/*
 * tracing_on() and tracing_off() are for kernel code that wants to stop
 * the recording right where something interesting happened.  They only
 * gate the writers; the buffer and the tracer stay as they are.
 */
void tracing_on(void)
{
	if (global_buffer)
		ring_buffer_record_on(global_buffer);
}
EXPORT_SYMBOL_GPL(tracing_on);

void tracing_off(void)
{
	if (global_buffer)
		ring_buffer_record_off(global_buffer);
}
EXPORT_SYMBOL_GPL(tracing_off);

int tracing_is_on(void)
{
	return global_buffer && ring_buffer_record_is_on(global_buffer);
}
EXPORT_SYMBOL_GPL(tracing_is_on);

void disable_trace_on_warning(void)
{
	if (__disable_trace_on_warning)
		tracing_off();
}

void ftrace_dump(enum ftrace_dump_mode oops_dump_mode)
{
}
EXPORT_SYMBOL_GPL(ftrace_dump);

int register_tracer(struct tracer *t)
{
	struct tracer *p;

	mutex_lock(&trace_types_lock);
	list_for_each_entry(p, &tracers, list) {
		if (!strcmp(p->name, t->name)) {
			mutex_unlock(&trace_types_lock);
			pr_warn("tracer %s already registered\n", t->name);
			return -EBUSY;
		}
	}
	list_add_tail(&t->list, &tracers);
	mutex_unlock(&trace_types_lock);
	return 0;
}

/* A user write as a NUL-terminated string, at most @max bytes. */
static char *trace_user_string(const char __user *ubuf, size_t cnt,
			       size_t max)
{
	if (cnt > max)
		return ERR_PTR(-EINVAL);
	return memdup_user_nul(ubuf, cnt);
}

/* tracing_on: "0" stops the writers, any other number restarts them */
static ssize_t tracing_on_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	char buf[4];
	int len;

	len = scnprintf(buf, sizeof(buf), "%d\n", tracing_is_on());
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t tracing_on_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val)
		tracing_on();
	else
		tracing_off();
	*ppos += cnt;
	return cnt;
}

static const struct file_operations tracing_on_fops = {
	.read	= tracing_on_read,
	.write	= tracing_on_write,
	.llseek	= default_llseek,
};

/* available_tracers: the registered names, space separated */
static int available_tracers_show(struct seq_file *m, void *v)
{
	struct tracer *t;

	mutex_lock(&trace_types_lock);
	list_for_each_entry(t, &tracers, list)
		seq_printf(m, "%s%s", t->name,
			   list_is_last(&t->list, &tracers) ? "\n" : " ");
	mutex_unlock(&trace_types_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(available_tracers);

static int current_tracer_show(struct seq_file *m, void *v)
{
	mutex_lock(&trace_types_lock);
	seq_printf(m, "%s\n", current_trace->name);
	mutex_unlock(&trace_types_lock);
	return 0;
}

static int current_tracer_open(struct inode *inode, struct file *file)
{
	return single_open(file, current_tracer_show, NULL);
}

/* Switch tracers: the old one stops before the new one starts. */
static int tracing_set_tracer(const char *name)
{
	struct tracer *t, *found = NULL;
	int ret = 0;

	mutex_lock(&trace_types_lock);
	list_for_each_entry(t, &tracers, list) {
		if (!strcmp(t->name, name)) {
			found = t;
			break;
		}
	}
	if (!found) {
		ret = -EINVAL;
		goto out;
	}
	if (found == current_trace)
		goto out;

	if (current_trace->reset)
		current_trace->reset();
	current_trace = &nop_tracer;
	/* a new tracer starts with an empty buffer, as in mainline */
	ring_buffer_reset(global_buffer);
	if (found->init) {
		ret = found->init();
		if (ret)
			goto out;
	}
	current_trace = found;
out:
	mutex_unlock(&trace_types_lock);
	return ret;
}

static ssize_t current_tracer_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	char *buf;
	int ret;

	buf = trace_user_string(ubuf, cnt, MAX_TRACER_SIZE);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = tracing_set_tracer(strim(buf));
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations current_tracer_fops = {
	.open		= current_tracer_open,
	.read		= seq_read,
	.write		= current_tracer_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* per-CPU buffer size at boot, as mainline's 1408 KB */
#define TRACE_BUF_SIZE_DEFAULT	(1408UL << 10)

void __init early_trace_init(void)
{
	global_buffer = ring_buffer_alloc(TRACE_BUF_SIZE_DEFAULT,
					  RB_FL_OVERWRITE);
	if (!global_buffer) {
		pr_err("cannot allocate the ring buffer\n");
		return;
	}
	ring_buffer_set_clock(global_buffer, trace_clock_local);
	register_tracer(&nop_tracer);
}

void __init trace_init(void)
{
}

static __init int tracer_init_tracefs(void)
{
	if (!global_buffer)
		return -ENOMEM;

	tracefs_create_file("tracing_on", 0644, NULL, NULL, &tracing_on_fops);
	tracefs_create_file("available_tracers", 0444, NULL, NULL,
			    &available_tracers_fops);
	tracefs_create_file("current_tracer", 0644, NULL, NULL,
			    &current_tracer_fops);
	return 0;
}
fs_initcall(tracer_init_tracefs);
