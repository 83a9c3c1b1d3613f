// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace_dump(): trace arrays printed to the console, for the trace that
 * led to a crash.  The die (oops) and panic notifiers call it when
 * kernel.ftrace_dump_on_oops (or the boot parameter of that name) asks,
 * sysrq-z calls it for the top level, and so may any kernel code.  The
 * events are consumed as trace_pipe would, in its order, and recording
 * stops for good in each array dumped, as in mainline.
 *
 * kernel.ftrace_dump_on_oops, as mainline 6.12 documents it: "0" (off),
 * "1" (the top level, every CPU), "2" or "orig_cpu" (the top level, the
 * CPU that crashed), then instances by name, each optionally "=2" or
 * "=orig_cpu"; "foo,bar=2" dumps instances only.  The string is parsed
 * when a dump runs, so the sysctl takes any text, as mainline's does.
 *
 * Locking: a dump may run in the context that crashed, with any lock
 * held, or in NMI.  It takes none that can wait: one dump runs at a time
 * (dump_running, a second caller returns at once), its iterator and line
 * buffer are static, the ring buffer's reader lock is only tried while an
 * oops is in progress or in NMI (rb_lock_reader()), and instances are
 * found by walking the arrays without trace_types_lock, which a crash
 * must accept (trace_array_find_unlocked()).
 */
#include <linux/init.h>
#include <linux/kdebug.h>
#include <linux/kernel.h>
#include <linux/notifier.h>
#include <linux/nmi.h>
#include <linux/panic_notifier.h>
#include <linux/ring_buffer.h>
#include <linux/seq_buf.h>
#include <linux/smp.h>
#include <linux/string.h>

#include "trace.h"

char ftrace_dump_on_oops[MAX_TRACER_SIZE] = "0";

static struct trace_iter dump_iter;
static atomic_t dump_running;

/* mainline 6.12's separator and empty-buffer lines (black box) */
#define DUMP_RULE	"---------------------------------\n"

/* @it's text, a console record per line */
static void dump_lines(struct seq_buf *s)
{
	char *p = s->buffer, *end = s->buffer + seq_buf_used(s), *nl;

	while (p < end) {
		nl = memchr(p, '\n', end - p);
		if (!nl)
			nl = end;
		pr_emerg("%.*s\n", (int)(nl - p), p);
		p = nl + 1;
	}
}

static void dump_array(struct trace_array *tr, enum ftrace_dump_mode mode)
{
	struct trace_iter *it = &dump_iter;
	unsigned long lost, n = 0;

	memset(it, 0, offsetof(struct trace_iter, seq));
	memset(it->graph_pid, 0, sizeof(it->graph_pid));
	it->tr = tr;
	it->buffer = READ_ONCE(tr->buffer);
	it->tracer = READ_ONCE(tr->current_trace);
	it->cpu_file = mode == DUMP_ORIG ? raw_smp_processor_id() :
					   RING_BUFFER_ALL_CPUS;
	it->dump = true;
	ring_buffer_record_off(it->buffer);

	if (tr->name)
		pr_emerg("Dumping ftrace instance %s buffer:\n", tr->name);
	else
		pr_emerg("Dumping ftrace buffer:\n");
	while (trace_consume_next(it, &lost)) {
		if (!n++)
			pr_emerg(DUMP_RULE);
		seq_buf_init(&it->seq, it->line, sizeof(it->line));
		if (lost)
			seq_buf_printf(&it->seq, "CPU:%d [LOST %lu EVENTS]\n",
				       it->cpu, lost);
		print_event(it);
		dump_lines(&it->seq);
		touch_nmi_watchdog();
	}
	if (n)
		pr_emerg(DUMP_RULE);
	else
		pr_emerg("   (ftrace buffer empty)\n");
}

/* "2" and "orig_cpu": the crashing CPU only */
static enum ftrace_dump_mode dump_mode_of(const char *s, size_t len)
{
	if ((len == 1 && *s == '2') || (len == 8 && !strncmp(s, "orig_cpu", 8)))
		return DUMP_ORIG;
	return DUMP_ALL;
}

/* Dump what kernel.ftrace_dump_on_oops names; see the top of the file. */
static void dump_param(void)
{
	const char *p = ftrace_dump_on_oops, *end, *eq;
	struct trace_array *tr;
	size_t len;
	bool first = true;

	for (; *p; p = *end ? end + 1 : end, first = false) {
		end = strchrnul(p, ',');
		len = end - p;
		if (first && len == 1 && *p == '0')
			continue;
		if (first && ((len == 1 && *p == '1') ||
			      dump_mode_of(p, len) == DUMP_ORIG)) {
			dump_array(&global_trace, dump_mode_of(p, len));
			continue;
		}
		eq = memchr(p, '=', len);
		tr = trace_array_find_unlocked(p, eq ? eq - p : len);
		if (tr)
			dump_array(tr, eq ? dump_mode_of(eq + 1, end - eq - 1) :
					    DUMP_ALL);
	}
}

void ftrace_dump(enum ftrace_dump_mode mode)
{
	unsigned long flags;

	if (mode == DUMP_NONE)
		return;
	if (atomic_inc_return(&dump_running) != 1)
		goto out;
	local_irq_save(flags);
	if (mode == DUMP_PARAM)
		dump_param();
	else
		dump_array(&global_trace, mode);
	local_irq_restore(flags);
out:
	atomic_dec(&dump_running);
}
EXPORT_SYMBOL_GPL(ftrace_dump);

static bool dump_on_oops(void)
{
	return ftrace_dump_on_oops[0] && strcmp(ftrace_dump_on_oops, "0");
}

static int dump_on_die(struct notifier_block *nb, unsigned long val, void *data)
{
	if (val == DIE_OOPS && dump_on_oops())
		ftrace_dump(DUMP_PARAM);
	return NOTIFY_OK;
}

static int dump_on_panic(struct notifier_block *nb, unsigned long val, void *data)
{
	if (dump_on_oops())
		ftrace_dump(DUMP_PARAM);
	return NOTIFY_OK;
}

static struct notifier_block dump_die_nb = {
	.notifier_call	= dump_on_die,
	.priority	= 200,
};

static struct notifier_block dump_panic_nb = {
	.notifier_call	= dump_on_panic,
	.priority	= 150,
};

static __init int init_trace_dump(void)
{
	register_die_notifier(&dump_die_nb);
	atomic_notifier_chain_register(&panic_notifier_list, &dump_panic_nb);
	return 0;
}
core_initcall(init_trace_dump);

/*
 * "ftrace_dump_on_oops" alone is "1"; "=foo=2" and ",foo,bar=orig_cpu"
 * (after "1") as in kernel-parameters.txt.
 */
static __init int set_dump_on_oops(char *str)
{
	if (*str == '=')
		strscpy(ftrace_dump_on_oops, str + 1, sizeof(ftrace_dump_on_oops));
	else if (*str == ',' || !*str)
		snprintf(ftrace_dump_on_oops, sizeof(ftrace_dump_on_oops), "1%s", str);
	else
		return 0;
	return 1;
}
__setup("ftrace_dump_on_oops", set_dump_on_oops);
