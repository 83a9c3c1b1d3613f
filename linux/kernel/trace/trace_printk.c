// SPDX-License-Identifier: GPL-2.0
/*
 * trace_printk(), trace_puts() and ftrace_vprintk(): printf debugging into
 * the top-level buffer, recorded as mainline 6.12 records it, in the events
 * of events/ftrace/ that trace-cmd reads:
 *  - a constant format with arguments: bprint, the format's address and
 *    the arguments as vbin_printf() packs them, formatted when read;
 *  - trace_puts() of a constant string: bputs, the string's address;
 *  - anything else: print, the text.
 * The addresses stay good.  Built-in formats live in __trace_printk_fmt,
 * which printk_formats lists for the tools; a module's are copied here
 * when it comes, and its section's pointers moved to the copies, which
 * outlive the module.  options/trace_printk off makes them all no-ops.
 *
 * Locking: a writer formats into the per-CPU buffer of its nesting level
 * (task, softirq, irq, NMI), taken with preemption disabled, then copies
 * the result into a reserved event: no lock, any context.  The buffers
 * are allocated once, when the first format appears, and never freed.
 * The module formats are added under tp_fmt_lock, which printk_formats'
 * reader holds too; they are never removed.
 */
#define pr_fmt(fmt) "trace_printk: " fmt

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>

#include "trace.h"

/* as mainline's TRACE_BUF_SIZE: longer messages are cut */
#define TP_BUF_SIZE	1024

/* one per nesting level: trace_nest_get() */
struct tp_buffers {
	char	buf[TRACE_NEST_LEVELS][TP_BUF_SIZE];
};

static struct tp_buffers __percpu *tp_bufs;
static DEFINE_PER_CPU(int, tp_nest);

static DEFINE_MUTEX(tp_fmt_lock);
static const char **tp_mod_fmts;
static unsigned int tp_nr_fmts, tp_cap_fmts;

/* trace_printk()'s buffers, once: linux/trace.h */
void trace_printk_init_buffers(void)
{
	static DEFINE_MUTEX(alloc_lock);
	struct tp_buffers __percpu *b;

	mutex_lock(&alloc_lock);
	if (tp_bufs)
		goto out;
	b = alloc_percpu(struct tp_buffers);
	if (!b) {
		pr_warn("no memory for the per-CPU buffers: trace_printk() records nothing\n");
		goto out;
	}
	/* the buffers before their pointer: tp_get_buf() */
	smp_store_release(&tp_bufs, b);
	pr_warn("trace_printk() is used: %zu KB per CPU for its buffers; a debugging kernel, not one for production\n",
		sizeof(struct tp_buffers) / 1024);
out:
	mutex_unlock(&alloc_lock);
}

/* This CPU's buffer for the current nesting level; preemption is off. */
static char *tp_get_buf(void)
{
	/* pairs with the release in trace_printk_init_buffers() */
	struct tp_buffers __percpu *b = smp_load_acquire(&tp_bufs);
	int n;

	if (!b)
		return NULL;
	n = trace_nest_get(&tp_nest);
	return n < 0 ? NULL : this_cpu_ptr(b)->buf[n];
}

static void tp_put_buf(void)
{
	trace_nest_put(&tp_nest);
}

/*
 * The buffer of @tr if trace_printk() may write into it; preemption off
 * (trace_writer_buffer()).
 */
static struct trace_buffer *tp_array_buffer(struct trace_array *tr)
{
	if (!(READ_ONCE(tr->trace_flags) & TRACE_ITER_PRINTK))
		return NULL;
	return trace_writer_buffer(tr);
}

static struct trace_buffer *tp_buffer(void)
{
	return tp_array_buffer(&global_trace);
}

int __ftrace_vbprintk(unsigned long ip, const char *fmt, va_list ap)
{
	unsigned int ctx = tracing_gen_ctx();
	struct bprint_entry *e;
	struct trace_buffer *b;
	int len = 0;
	u32 *words;

	if (!fmt)
		return 0;
	preempt_disable_notrace();
	b = tp_buffer();
	words = b ? (u32 *)tp_get_buf() : NULL;
	if (!words)
		goto out;
	len = vbin_printf(words, TP_BUF_SIZE / sizeof(u32), fmt, ap);
	if (len < 0 || len > TP_BUF_SIZE / sizeof(u32)) {
		len = 0;
		goto put;
	}
	e = trace_reserve(b, TRACE_BPRINT, sizeof(*e) + len * sizeof(u32), ctx);
	if (!e) {
		len = 0;
		goto put;
	}
	e->ip = ip;
	e->fmt = fmt;
	memcpy(e->buf, words, len * sizeof(u32));
	trace_commit(b);
put:
	tp_put_buf();
out:
	preempt_enable_notrace();
	return len;
}
EXPORT_SYMBOL_GPL(__ftrace_vbprintk);

int __trace_bprintk(unsigned long ip, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = __ftrace_vbprintk(ip, fmt, ap);
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_bprintk);

/* a print event of @len bytes of @text, as mainline's: no newline added */
static int tp_print(struct trace_buffer *b, unsigned long ip, const char *text, int len,
		    bool newline, unsigned int ctx)
{
	struct print_entry *e;

	e = trace_reserve(b, TRACE_PRINT, sizeof(*e) + len + 2, ctx);
	if (!e)
		return 0;
	e->ip = ip;
	memcpy(e->buf, text, len);
	if (newline && (!len || text[len - 1] != '\n'))
		e->buf[len++] = '\n';
	e->buf[len] = 0;
	trace_commit(b);
	return len;
}

int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list ap)
{
	unsigned int ctx = tracing_gen_ctx();
	struct trace_buffer *b;
	int len = 0;
	char *text;

	if (!fmt)
		return 0;
	preempt_disable_notrace();
	b = tp_buffer();
	text = b ? tp_get_buf() : NULL;
	if (text) {
		len = vscnprintf(text, TP_BUF_SIZE, fmt, ap);
		len = tp_print(b, ip, text, len, false, ctx);
		tp_put_buf();
	}
	preempt_enable_notrace();
	return len;
}
EXPORT_SYMBOL_GPL(__ftrace_vprintk);

int __trace_printk(unsigned long ip, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = __ftrace_vprintk(ip, fmt, ap);
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_printk);

/* @str into @tr as a print event, newline added; its length or 0 */
int __trace_array_puts(struct trace_array *tr, unsigned long ip,
		       const char *str, int size)
{
	unsigned int ctx = tracing_gen_ctx();
	struct trace_buffer *b;
	int ret = 0;

	if (!tr || !str || size < 0)
		return 0;
	size = min_t(int, size, TP_BUF_SIZE);
	preempt_disable_notrace();
	b = tp_array_buffer(tr);
	if (b)
		ret = tp_print(b, ip, str, size, true, ctx);
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_array_puts);

/* trace_puts() of a string that is not a constant: its text, newline added */
int __trace_puts(unsigned long ip, const char *str, int size)
{
	return __trace_array_puts(&global_trace, ip, str, size);
}
EXPORT_SYMBOL_GPL(__trace_puts);

/*
 * trace_printk() into an instance (linux/trace.h): its text as a print
 * event, as mainline 6.12's, which takes no newline of its own and
 * leaves the top level to trace_printk().  0 if the instance's
 * trace_printk option is off or trace_array_init_printk() was not
 * called, -ENOENT without an instance.
 */
int trace_array_printk(struct trace_array *tr, unsigned long ip, const char *fmt, ...)
{
	unsigned int ctx = tracing_gen_ctx();
	struct trace_buffer *b;
	va_list ap;
	int len = 0;
	char *text;

	if (!tr)
		return -ENOENT;
	if (tr == &global_trace || !fmt)
		return 0;
	preempt_disable_notrace();
	b = tp_array_buffer(tr);
	text = b ? tp_get_buf() : NULL;
	if (text) {
		va_start(ap, fmt);
		len = vscnprintf(text, TP_BUF_SIZE, fmt, ap);
		va_end(ap);
		len = tp_print(b, ip, text, len, false, ctx);
		tp_put_buf();
	}
	preempt_enable_notrace();
	return len;
}
EXPORT_SYMBOL_GPL(trace_array_printk);

/* the buffers trace_array_printk() formats in: 0, or -ENOMEM */
int trace_array_init_printk(struct trace_array *tr)
{
	if (!tr)
		return -ENOENT;
	/* the top level is trace_printk()'s (as mainline) */
	if (tr == &global_trace)
		return -EINVAL;
	trace_printk_init_buffers();
	/* pairs with the release in trace_printk_init_buffers() */
	return smp_load_acquire(&tp_bufs) ? 0 : -ENOMEM;
}
EXPORT_SYMBOL_GPL(trace_array_init_printk);

/* trace_puts() of a constant string: its address */
int __trace_bputs(unsigned long ip, const char *str)
{
	unsigned int ctx = tracing_gen_ctx();
	struct bputs_entry *e = NULL;
	struct trace_buffer *b;

	if (!str)
		return 0;
	preempt_disable_notrace();
	b = tp_buffer();
	if (b)
		e = trace_reserve(b, TRACE_BPUTS, sizeof(*e), ctx);
	if (e) {
		e->ip = ip;
		e->str = str;
		trace_commit(b);
	}
	preempt_enable_notrace();
	return !!e;
}
EXPORT_SYMBOL_GPL(__trace_bputs);

/* The copy of @fmt that outlives its module; tp_fmt_lock held. */
static const char *tp_keep_fmt(const char *fmt)
{
	const char **more, *copy;
	unsigned int i;

	for (i = 0; i < tp_nr_fmts; i++)
		if (!strcmp(tp_mod_fmts[i], fmt))
			return tp_mod_fmts[i];
	if (tp_nr_fmts == tp_cap_fmts) {
		more = krealloc_array(tp_mod_fmts, tp_cap_fmts * 2 + 16, sizeof(*more),
				      GFP_KERNEL);
		if (!more)
			return NULL;
		tp_mod_fmts = more;
		tp_cap_fmts = tp_cap_fmts * 2 + 16;
	}
	copy = kstrdup_const(fmt, GFP_KERNEL);
	if (copy)
		tp_mod_fmts[tp_nr_fmts++] = copy;
	return copy;
}

/*
 * A module comes: its formats move to copies of ours, so that its records
 * still name them after it goes.  Without memory the section keeps its
 * own pointers: records then name memory that goes with the module, as
 * they would name nothing printk_formats lists.
 */
static int tp_module_notify(struct notifier_block *nb, unsigned long state, void *data)
{
	struct module *mod = data;
	const char **fmt, *copy;
	unsigned int i;

	if (state != MODULE_STATE_COMING || !mod->num_trace_bprintk_fmt)
		return NOTIFY_OK;
	trace_printk_init_buffers();
	mutex_lock(&tp_fmt_lock);
	for (i = 0; i < mod->num_trace_bprintk_fmt; i++) {
		fmt = &mod->trace_bprintk_fmt_start[i];
		if (!*fmt)
			continue;
		copy = tp_keep_fmt(*fmt);
		if (copy)
			*fmt = copy;
	}
	mutex_unlock(&tp_fmt_lock);
	return NOTIFY_OK;
}

static struct notifier_block tp_module_nb = {
	.notifier_call = tp_module_notify,
};

/* printk_formats' reader: the modules' formats, from @pos */
void trace_printk_fmt_lock(void)
{
	mutex_lock(&tp_fmt_lock);
}

void trace_printk_fmt_unlock(void)
{
	mutex_unlock(&tp_fmt_lock);
}

const char **trace_printk_mod_fmt(loff_t pos)
{
	lockdep_assert_held(&tp_fmt_lock);
	return pos >= 0 && pos < tp_nr_fmts ? &tp_mod_fmts[pos] : NULL;
}

static __init int trace_printk_init(void)
{
	if (__stop___trace_bprintk_fmt - __start___trace_bprintk_fmt > 0)
		trace_printk_init_buffers();
	return register_module_notifier(&tp_module_nb);
}
early_initcall(trace_printk_init);
