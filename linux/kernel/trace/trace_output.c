// SPDX-License-Identifier: GPL-2.0
/*
 * The text of the trace: the header and one line per event, as trace,
 * trace_pipe and snapshot show them.  Each event type's line comes from
 * the printer registered for it below; a tracer may print its own types
 * first (print_line), as function_graph does.
 *
 * Locking: none; the caller owns the iterator and the event under it.
 */
#include <linux/kernel.h>
#include <linux/ring_buffer.h>
#include <linux/seq_buf.h>
#include <linux/trace_events.h>

#include "trace.h"

/* "vfs_read", "vfs_read+0x4/0x130", and " <ffffffff8114226a>" after either */
static void print_sym(struct seq_buf *s, unsigned long flags, unsigned long addr)
{
	if (flags & TRACE_ITER_SYM_OFFSET)
		seq_buf_printf(s, "%pS", (void *)addr);
	else
		seq_buf_printf(s, "%ps", (void *)addr);
	if (flags & TRACE_ITER_SYM_ADDR)
		seq_buf_printf(s, " <%016lx>", addr);
}

/*
 * irqs-off, need-resched, hardirq/softirq, preempt-depth, migrate-disable:
 * matches the five columns of mainline 6.12's trace output under its header
 * legend (observed as "d.h1.", "dNs..", "....." on the black box).
 */
static void print_lat_flags(struct seq_buf *s, struct trace_entry *ent)
{
	unsigned int f = ent->flags;
	char irqs, resched, ctx;
	bool nmi = f & TRACE_FLAG_NMI, hard = f & TRACE_FLAG_HARDIRQ;
	bool soft = f & TRACE_FLAG_SOFTIRQ;

	if ((f & TRACE_FLAG_IRQS_OFF) && (f & TRACE_FLAG_BH_OFF))
		irqs = 'D';
	else if (f & TRACE_FLAG_IRQS_OFF)
		irqs = 'd';
	else if (f & TRACE_FLAG_BH_OFF)
		irqs = 'b';
	else if (f & TRACE_FLAG_IRQS_NOSUPPORT)
		irqs = 'X';
	else
		irqs = '.';

	switch (f & (TRACE_FLAG_NEED_RESCHED | TRACE_FLAG_PREEMPT_RESCHED)) {
	case TRACE_FLAG_NEED_RESCHED | TRACE_FLAG_PREEMPT_RESCHED:
		resched = 'N';
		break;
	case TRACE_FLAG_NEED_RESCHED:
		resched = 'n';
		break;
	case TRACE_FLAG_PREEMPT_RESCHED:
		resched = 'p';
		break;
	default:
		resched = '.';
	}

	if (nmi && hard)
		ctx = 'Z';
	else if (nmi)
		ctx = 'z';
	else if (hard && soft)
		ctx = 'H';
	else if (hard)
		ctx = 'h';
	else if (soft)
		ctx = 's';
	else
		ctx = '.';

	seq_buf_printf(s, "%c%c%c", irqs, resched, ctx);
	if (ent->preempt_count & 0xf)
		seq_buf_printf(s, "%x", ent->preempt_count & 0xf);
	else
		seq_buf_putc(s, '.');
	if (ent->preempt_count & 0xf0)
		seq_buf_printf(s, "%x", ent->preempt_count >> 4);
	else
		seq_buf_putc(s, '.');
}

/*
 * "            bash-1977    [000] ...1.  17284.993652: ", without the
 * flags under options/irq-info 0, nothing under context-info 0 (mainline
 * 6.12's lines under those options, as observed).
 */
static void print_context(struct seq_buf *s, struct trace_entry *ent, int cpu,
			  u64 ts, unsigned long flags)
{
	char comm[TASK_COMM_LEN];
	unsigned long usecs;

	if (!(flags & TRACE_ITER_CONTEXT_INFO))
		return;
	trace_find_cmdline(ent->pid, comm);
	seq_buf_printf(s, "%16s-%-7d [%03d] ", comm, ent->pid, cpu);
	if (flags & TRACE_ITER_IRQ_INFO)
		print_lat_flags(s, ent);
	usecs = do_div(ts, NSEC_PER_SEC) / NSEC_PER_USEC;
	seq_buf_printf(s, " %5llu.%06lu: ", ts, usecs);
}

/* "vfs_read <-ksys_read" */
static void print_fn(struct trace_iter *it, unsigned long flags)
{
	struct ftrace_entry *fe = (struct ftrace_entry *)it->ent;
	struct seq_buf *s = &it->seq;

	print_sym(s, flags, fe->ip);
	if ((flags & TRACE_ITER_PRINT_PARENT) && fe->parent_ip) {
		seq_buf_puts(s, " <-");
		print_sym(s, flags, fe->parent_ip);
	}
	seq_buf_putc(s, '\n');
}

/* "<stack trace>" and a " => caller" line per frame */
static void print_stack(struct trace_iter *it, unsigned long flags)
{
	struct stack_entry *se = (struct stack_entry *)it->ent;
	struct seq_buf *s = &it->seq;
	unsigned int i, n = se->size;

	/* never trust a size beyond what the event holds */
	n = min_t(unsigned int, n, (it->ent_len - sizeof(*se)) / sizeof(se->caller[0]));
	seq_buf_puts(s, "<stack trace>\n");
	for (i = 0; i < n; i++) {
		seq_buf_puts(s, " => ");
		print_sym(s, flags, se->caller[i]);
		seq_buf_putc(s, '\n');
	}
}

/* a trace_marker write: "tracing_mark_write: text" */
static void print_marker(struct trace_iter *it, unsigned long flags)
{
	struct print_entry *e = (struct print_entry *)it->ent;

	print_sym(&it->seq, flags, e->ip);
	seq_buf_printf(&it->seq, ": %.*s\n", print_entry_len(it), e->buf);
}

/* The event types: what follows the context columns for each. */
static void (* const event_printers[])(struct trace_iter *it, unsigned long flags) = {
	[TRACE_FN]	= print_fn,
	[TRACE_STACK]	= print_stack,
	[TRACE_PRINT]	= print_marker,
};

/* One event as the trace file shows it. */
void print_event(struct trace_iter *it)
{
	unsigned int type = it->ent->type;

	if (it->tracer && it->tracer->print_line &&
	    it->tracer->print_line(it))
		return;

	print_context(&it->seq, it->ent, it->cpu, it->ts, it->tr->trace_flags);
	if (type < ARRAY_SIZE(event_printers) && event_printers[type])
		event_printers[type](it, it->tr->trace_flags);
	else
		seq_buf_printf(&it->seq, "<unknown event %u>\n", type);
}

static void get_totals(struct trace_buffer *b, int cpu_file,
		       unsigned long *entries, unsigned long *written)
{
	int cpu;

	*entries = *written = 0;
	for_each_possible_cpu(cpu) {
		if (cpu_file != RING_BUFFER_ALL_CPUS && cpu != cpu_file)
			continue;
		*entries += ring_buffer_entries_cpu(b, cpu);
		*written += ring_buffer_entries_cpu(b, cpu) +
			ring_buffer_overrun_cpu(b, cpu);
	}
}

/*
 * What the snapshot file shows when it holds no event: matches mainline
 * 6.12's text for the snapshot and per_cpu/cpuN/snapshot files.
 */
static void print_snapshot_help(struct trace_iter *it)
{
	struct seq_buf *s = &it->seq;

	seq_buf_printf(s, "#\n# * Snapshot is %s *\n#\n",
		       it->tr->snapshot_on ? "allocated" : "freed");
	seq_buf_puts(s, "# Snapshot commands:\n");
	if (it->cpu_file == RING_BUFFER_ALL_CPUS)
		seq_buf_puts(s, "# echo 0 > snapshot : Clears and frees snapshot buffer\n"
			     "# echo 1 > snapshot : Allocates snapshot buffer, if not already allocated.\n"
			     "#                      Takes a snapshot of the main buffer.\n"
			     "# echo 2 > snapshot : Clears snapshot buffer (but does not allocate or free)\n");
	else
		seq_buf_puts(s, "# echo 0 > snapshot : Invalid for per_cpu snapshot file.\n"
			     "# echo 1 > snapshot : Not supported with this kernel.\n"
			     "#                     Must use main snapshot file to allocate.\n"
			     "# echo 2 > snapshot : Clears this cpu's snapshot buffer (but does not allocate)\n");
	seq_buf_puts(s,
		     "#                      (Doesn't have to be '2' works with any number that\n"
		     "#                       is not a '0' or '1')\n");
}

void print_header(struct trace_iter *it)
{
	struct seq_buf *s = &it->seq;
	unsigned long entries, written;

	seq_buf_printf(s, "# tracer: %s\n#\n", it->tracer->name);
	if (it->snapshot && !it->ent) {
		print_snapshot_help(it);
		return;
	}
	if (it->tracer->print_header) {
		it->tracer->print_header(it);
		return;
	}
	if (!(it->tr->trace_flags & TRACE_ITER_CONTEXT_INFO))
		return;
	get_totals(it->buffer, it->cpu_file, &entries, &written);
	seq_buf_printf(s, "# entries-in-buffer/entries-written: %lu/%lu   #P:%d\n#\n",
		       entries, written, num_online_cpus());
	if (!(it->tr->trace_flags & TRACE_ITER_IRQ_INFO)) {
		seq_buf_puts(s, "#           TASK-PID     CPU#     TIMESTAMP  FUNCTION\n"
			     "#              | |         |         |         |\n");
		return;
	}
	seq_buf_puts(s, "#                                _-----=> irqs-off/BH-disabled\n"
		"#                               / _----=> need-resched\n"
		"#                              | / _---=> hardirq/softirq\n"
		"#                              || / _--=> preempt-depth\n"
		"#                              ||| / _-=> migrate-disable\n"
		"#                              |||| /     delay\n"
		"#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
		"#              | |         |   |||||     |         |\n");
}
