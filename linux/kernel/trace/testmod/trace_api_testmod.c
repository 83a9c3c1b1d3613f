// SPDX-License-Identifier: GPL-2.0
/*
 * The tracer's API for the rest of the kernel, driven from user space by
 * tools/testing/selftests/ftrace/test.d/inkernel/trace_api.tc:
 *  - trace exports (linux/trace.h): "export" is a mask of
 *    TRACE_EXPORT_FUNCTION (1), _EVENT (2), _MARKER (4); one export per
 *    kind is registered for each bit set and unregistered for each bit
 *    clear.  got_function, got_event and got_marker count the records
 *    each got, last_function... the type of the last one and its size.
 *  - an ftrace_ops on the top level's filter (ftrace_ops_set_global_filter()):
 *    "global" 1 registers it, 0 unregisters; global_hits counts its calls
 *    at trace_api_target(), which "call=N" calls N times;
 *    "global_filter=GLOB" sets the top level's set_ftrace_filter
 *    (ftrace_set_global_filter()).
 *  - an instance: "array=NAME" takes it (trace_array_get_by_name(), with
 *    the sched events only if it is new), and writes one trace_array_printk()
 *    and one trace_array_puts() into it; "release=1" puts it back and
 *    destroys it (destroy_rc: the result); init_rc and top_rc hold
 *    trace_array_init_printk()'s and trace_array_printk(top level)'s.
 */
#include <linux/atomic.h>
#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/trace.h>
#include <linux/trace_events.h>

static DEFINE_MUTEX(api_lock);

/* ---- exports ---- */

static atomic_t got[3];
static int last_type[3], last_size[3];
static struct trace_export exports[3];
static unsigned int export_mask;

static void notrace export_write(struct trace_export *e, const void *entry,
				 unsigned int size)
{
	const struct trace_entry *ent = entry;
	int i = e - exports;

	atomic_inc(&got[i]);
	WRITE_ONCE(last_type[i], ent->type);
	WRITE_ONCE(last_size[i], size);
}

static int export_set(const char *val, const struct kernel_param *kp)
{
	unsigned int mask, i;
	int ret;

	ret = kstrtouint(val, 0, &mask);
	if (ret)
		return ret;
	if (mask & ~7U)
		return -EINVAL;
	mutex_lock(&api_lock);
	for (i = 0; i < 3; i++) {
		bool on = mask & BIT(i), was = export_mask & BIT(i);

		if (on && !was) {
			exports[i].write = export_write;
			exports[i].flags = BIT(i);
			ret = register_ftrace_export(&exports[i]);
		} else if (!on && was) {
			ret = unregister_ftrace_export(&exports[i]);
		}
		if (ret)
			break;
		export_mask ^= (on != was) << i;
	}
	mutex_unlock(&api_lock);
	return ret;
}

static const struct kernel_param_ops export_ops = {
	.set = export_set,
	.get = param_get_uint,
};
module_param_cb(export, &export_ops, &export_mask, 0644);

static int got_get(char *buf, const struct kernel_param *kp)
{
	int i = (long)kp->arg;

	return sysfs_emit(buf, "%d %d %d\n", atomic_read(&got[i]),
			  READ_ONCE(last_type[i]), READ_ONCE(last_size[i]));
}

static const struct kernel_param_ops got_ops = {
	.get = got_get,
};
module_param_cb(got_function, &got_ops, (void *)0L, 0444);
module_param_cb(got_event, &got_ops, (void *)1L, 0444);
module_param_cb(got_marker, &got_ops, (void *)2L, 0444);

/* ---- an ops on the global filter ---- */

static noinline void trace_api_target(int i)
{
	asm volatile("" : : "r"(i) : "memory");
}

static atomic_t global_hits;

static void notrace global_call(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned long t = (unsigned long)trace_api_target;

	/* the site is at the start, after an endbr64 with IBT */
	if (ip >= t && ip < t + 16)
		atomic_inc(&global_hits);
}

static struct ftrace_ops global_ops = {
	.func	= global_call,
	.flags	= FTRACE_OPS_FL_RECURSION,
};

static int global_on;

static int global_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret;

	ret = kstrtobool(val, &on);
	if (ret)
		return ret;
	mutex_lock(&api_lock);
	if (on && !global_on) {
		ftrace_ops_set_global_filter(&global_ops);
		ret = register_ftrace_function(&global_ops);
	} else if (!on && global_on) {
		ret = unregister_ftrace_function(&global_ops);
	}
	if (!ret)
		global_on = on;
	mutex_unlock(&api_lock);
	return ret;
}

static const struct kernel_param_ops global_param_ops = {
	.set = global_set,
	.get = param_get_int,
};
module_param_cb(global, &global_param_ops, &global_on, 0644);
module_param_named(global_hits, global_hits.counter, int, 0444);

static int call_set(const char *val, const struct kernel_param *kp)
{
	unsigned int n, i;
	int ret;

	ret = kstrtouint(val, 0, &n);
	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		trace_api_target(i);
	return 0;
}

static const struct kernel_param_ops call_ops = {
	.set = call_set,
};
module_param_cb(call, &call_ops, NULL, 0200);

static int global_filter_set(const char *val, const struct kernel_param *kp)
{
	char *glob = kstrdup(val, GFP_KERNEL), *g;

	if (!glob)
		return -ENOMEM;
	g = strim(glob);
	ftrace_set_global_filter(g, strlen(g), 1);
	kfree(glob);
	return 0;
}

static const struct kernel_param_ops global_filter_ops = {
	.set = global_filter_set,
};
module_param_cb(global_filter, &global_filter_ops, NULL, 0200);

/* ---- an instance ---- */

static struct trace_array *tr;
static char tr_name[64];
static int init_rc = 1, top_rc = 1, destroy_rc = 1;
module_param(init_rc, int, 0444);
module_param(top_rc, int, 0444);
module_param(destroy_rc, int, 0444);

static int array_set(const char *val, const struct kernel_param *kp)
{
	int ret = 0;

	mutex_lock(&api_lock);
	if (tr) {
		ret = -EBUSY;
		goto out;
	}
	if (strscpy(tr_name, val, sizeof(tr_name)) < 0) {
		ret = -EINVAL;
		goto out;
	}
	strim(tr_name);
	tr = trace_array_get_by_name(tr_name, "sched");
	if (!tr) {
		ret = -ENOMEM;
		goto out;
	}
	init_rc = trace_array_init_printk(tr);
	top_rc = trace_array_printk(NULL, _THIS_IP_, "no array") == -ENOENT &&
		 trace_array_init_printk(NULL) == -ENOENT;
	trace_array_printk(tr, _THIS_IP_, "trace_api_testmod: printk %d\n", 42);
	trace_array_puts(tr, "trace_api_testmod: puts");
out:
	mutex_unlock(&api_lock);
	return ret;
}

static const struct kernel_param_ops array_ops = {
	.set = array_set,
};
module_param_cb(array, &array_ops, NULL, 0200);

static int release_set(const char *val, const struct kernel_param *kp)
{
	mutex_lock(&api_lock);
	if (tr) {
		trace_array_put(tr);
		destroy_rc = trace_array_destroy(tr);
		/* an open file kept it: ours again, to try later */
		if (destroy_rc)
			tr = trace_array_get_by_name(tr_name, NULL);
		else
			tr = NULL;
	}
	mutex_unlock(&api_lock);
	return 0;
}

static const struct kernel_param_ops release_ops = {
	.set = release_set,
};
module_param_cb(release, &release_ops, NULL, 0200);

static void __exit trace_api_testmod_exit(void)
{
	unsigned int i;

	for (i = 0; i < 3; i++)
		if (export_mask & BIT(i))
			unregister_ftrace_export(&exports[i]);
	if (global_on)
		unregister_ftrace_function(&global_ops);
	if (tr) {
		trace_array_put(tr);
		trace_array_destroy(tr);
	}
}
module_exit(trace_api_testmod_exit);

MODULE_DESCRIPTION("the tracer's in-kernel API, driven for the ftrace selftests");
MODULE_LICENSE("GPL");
