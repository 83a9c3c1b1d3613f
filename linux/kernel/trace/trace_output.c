// SPDX-License-Identifier: GPL-2.0
/*
 * The text of the trace: the header and one line per event, as trace,
 * trace_pipe and snapshot show them; and the registry of event types,
 * each with its line's printer (a tracer may print its own types first,
 * print_line, as function_graph does), its fields and the format file
 * tools read them by (events/ftrace/NAME/format).
 *
 * Locking: none; the caller owns the iterator and the event under it.
 */
#include <linux/fs.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/ring_buffer.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include <linux/tracefs.h>

#include "ring_buffer_ext.h"
#include "trace.h"
#include "trace_events_internal.h"

/* "vfs_read", "vfs_read+0x4/0x130", and " <ffffffff8114226a>" after either */
static void print_sym(struct seq_buf *s, unsigned long flags, unsigned long addr)
{
	char name[KSYM_NAME_LEN];

	/*
	 * The name alone, a module's without "[module]"; with sym-offset
	 * "name+off/size [module]": mainline 6.12's lines (observed).
	 */
	if (flags & TRACE_ITER_SYM_OFFSET)
		seq_buf_printf(s, "%pS", (void *)addr);
	else if (kallsyms_lookup(addr, NULL, NULL, NULL, name) && *name)
		seq_buf_puts(s, name);
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
			  u64 ts, const struct trace_array *tr)
{
	unsigned long flags = tr->trace_flags;
	char comm[TASK_COMM_LEN];
	unsigned long usecs;

	if (!(flags & TRACE_ITER_CONTEXT_INFO))
		return;
	trace_find_cmdline(ent->pid, comm);
	seq_buf_printf(s, "%16s-%-7d ", comm, ent->pid);
	/* options/record-tgid: "(   tgid) ", dashes for one not kept */
	if (flags & TRACE_ITER_RECORD_TGID) {
		int tgid = trace_find_tgid(ent->pid);

		if (tgid)
			seq_buf_printf(s, "(%7d) ", tgid);
		else
			seq_buf_puts(s, "(-------) ");
	}
	seq_buf_printf(s, "[%03d] ", cpu);
	if (flags & TRACE_ITER_IRQ_INFO)
		print_lat_flags(s, ent);
	/* a clock that counts, not in ns: the plain number (mainline's) */
	if (!trace_clocks[READ_ONCE(tr->clock_id)].in_ns) {
		seq_buf_printf(s, " %12llu: ", ts);
		return;
	}
	usecs = do_div(ts, NSEC_PER_SEC) / NSEC_PER_USEC;
	seq_buf_printf(s, " %5llu.%06lu: ", ts, usecs);
}

/*
 * "      sh-64        1..... 1044065us : ", the time in us since the buffer
 * was emptied: matches the lines of mainline 6.12's ftrace_dump() (observed
 * on the black box, bench/binary-abi-blackbox.md).
 */
static void print_dump_context(struct trace_iter *it)
{
	struct trace_entry *ent = it->ent;
	char comm[TASK_COMM_LEN];
	u64 t0 = ring_buffer_time_start(it->tr->buffer), t = it->ts;

	trace_find_cmdline(ent->pid, comm);
	seq_buf_printf(&it->seq, "%8.8s-%-7d %3d", comm, ent->pid, it->cpu);
	print_lat_flags(&it->seq, ent);
	t = t > t0 ? t - t0 : 0;
	do_div(t, NSEC_PER_USEC);
	seq_buf_printf(&it->seq, " %4lluus : ", t);
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

/* trace_printk() of a constant format: "caller: text", formatted now */
static void print_bprint(struct trace_iter *it, unsigned long flags)
{
	struct bprint_entry *e = (struct bprint_entry *)it->ent;

	print_sym(&it->seq, flags, e->ip);
	seq_buf_puts(&it->seq, ": ");
	seq_buf_bprintf(&it->seq, e->fmt, e->buf);
}

/* trace_puts() of a constant string: "caller: string" */
static void print_bputs(struct trace_iter *it, unsigned long flags)
{
	struct bputs_entry *e = (struct bputs_entry *)it->ent;

	print_sym(&it->seq, flags, e->ip);
	seq_buf_puts(&it->seq, ": ");
	seq_buf_puts(&it->seq, e->str);
}

/* "# 1 buf: 68 65 6c 6c 6f": the id, then the bytes written after it */
static void print_raw_data(struct trace_iter *it, unsigned long flags)
{
	struct raw_data_entry *e = (struct raw_data_entry *)it->ent;
	unsigned int i, n = it->ent_len > sizeof(*e) ? it->ent_len - sizeof(*e) : 0;

	seq_buf_printf(&it->seq, "# %x buf:", e->id);
	for (i = 0; i < n; i++)
		seq_buf_printf(&it->seq, " %02x", (unsigned char)e->buf[i]);
	seq_buf_putc(&it->seq, '\n');
}

/* ---- the event types ------------------------------------------------- */

/* A field of an event as its format file lists it. */
struct trace_field {
	const char	*type;
	const char	*name;
	unsigned int	offset;
	unsigned int	size;
	bool		is_signed;
};

/*
 * One event type: its line after the context columns (NULL: the tracer
 * prints it, as function_graph does its own), and what its
 * events/ftrace/NAME/format says of the records tools read.
 */
struct trace_event_type {
	const char		*name;
	bool			id_file;	/* events/ftrace/NAME/id too */
	void			(*print)(struct trace_iter *it, unsigned long flags);
	const struct trace_field *fields;	/* up to one without a name */
	const char		*print_fmt;
};

#define FIELD(_type, _name, _off, _size, _signed) \
	{ .type = _type, .name = _name, .offset = _off, .size = _size, .is_signed = _signed }

/* The stacks' print fmt: eight callers, in mainline's three pieces. */
#define STACK_FMT "\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" " \
	"\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\", " \
	"(void *)REC->caller[0], (void *)REC->caller[1], (void *)REC->caller[2], " \
	"(void *)REC->caller[3], (void *)REC->caller[4], (void *)REC->caller[5], " \
	"(void *)REC->caller[6], (void *)REC->caller[7]"

#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
#define GRAPH_EXIT_FMT "\"<-- %ps (%d) (start: %llx  end: %llx) over: %d retval: %lx\", " \
	"(void *)REC->func, REC->depth, REC->calltime, REC->rettime, REC->depth, REC->retval"
#define GRAPH_RETVAL_LEN	8
#else
#define GRAPH_EXIT_FMT "\"<-- %ps (%d) (start: %llx  end: %llx) over: %d\", " \
	"(void *)REC->func, REC->depth, REC->calltime, REC->rettime, REC->depth"
#define GRAPH_RETVAL_LEN	0
#endif

/*
 * Fields, print fmts, IDs and which have an id file: mainline 6.12's
 * events/ftrace/ files as read on the black box (bench/binary-abi-blackbox.md).
 */
static const struct trace_event_type event_types[TRACE_TYPE_MAX] = {
	[TRACE_FN] = {
		.name = "function", .id_file = true, .print = print_fn,
		.fields = (const struct trace_field[]) {
			FIELD("unsigned long", "ip", 8, 8, false),
			FIELD("unsigned long", "parent_ip", 16, 8, false),
			{ }
		},
		.print_fmt = "\" %ps <-- %ps\", (void *)REC->ip, (void *)REC->parent_ip",
	},
	[TRACE_STACK] = {
		.name = "kernel_stack", .print = print_stack,
		.fields = (const struct trace_field[]) {
			FIELD("int", "size", 8, 4, true),
			FIELD("unsigned long", "caller[8]", 16, 64, false),
			{ }
		},
		.print_fmt = STACK_FMT,
	},
	[TRACE_PRINT] = {
		.name = "print", .id_file = true, .print = print_marker,
		.fields = (const struct trace_field[]) {
			FIELD("unsigned long", "ip", 8, 8, false),
			FIELD("char", "buf[]", 16, 0, false),
			{ }
		},
		.print_fmt = "\"%ps: %s\", (void *)REC->ip, REC->buf",
	},
	[TRACE_BPRINT] = {
		.name = "bprint", .print = print_bprint,
		.fields = (const struct trace_field[]) {
			FIELD("unsigned long", "ip", 8, 8, false),
			FIELD("const char *", "fmt", 16, 8, false),
			FIELD("u32", "buf[]", 24, 0, false),
			{ }
		},
		.print_fmt = "\"%ps: %s\", (void *)REC->ip, REC->fmt",
	},
	[TRACE_GRAPH_RET] = {
		.name = "funcgraph_exit",
		.fields = (const struct trace_field[]) {
			FIELD("unsigned long", "func", 8, 8, false),
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
			FIELD("unsigned long", "retval", 16, 8, false),
#endif
			FIELD("int", "depth", 16 + GRAPH_RETVAL_LEN, 4, true),
			FIELD("unsigned int", "overrun", 20 + GRAPH_RETVAL_LEN, 4, false),
			FIELD("unsigned long long", "calltime", 24 + GRAPH_RETVAL_LEN, 8, false),
			FIELD("unsigned long long", "rettime", 32 + GRAPH_RETVAL_LEN, 8, false),
			{ }
		},
		.print_fmt = GRAPH_EXIT_FMT,
	},
	[TRACE_GRAPH_ENT] = {
		.name = "funcgraph_entry",
		.fields = (const struct trace_field[]) {
			FIELD("unsigned long", "func", 8, 8, false),
			FIELD("int", "depth", 16, 4, true),
			{ }
		},
		.print_fmt = "\"--> %ps (%d)\", (void *)REC->func, REC->depth",
	},
	[TRACE_USER_STACK] = {
		.name = "user_stack",
		.fields = (const struct trace_field[]) {
			FIELD("unsigned int", "tgid", 8, 4, false),
			FIELD("unsigned long", "caller[8]", 16, 64, false),
			{ }
		},
		.print_fmt = STACK_FMT,
	},
	[TRACE_RAW_DATA] = {
		.name = "raw_data", .print = print_raw_data,
		.fields = (const struct trace_field[]) {
			FIELD("unsigned int", "id", 8, 4, false),
			FIELD("char", "buf[]", 12, 0, false),
			{ }
		},
		.print_fmt = "\"id:%04x %08x\", REC->id, (int)REC->buf[0]",
	},
	[TRACE_BPUTS] = {
		.name = "bputs", .print = print_bputs,
		.fields = (const struct trace_field[]) {
			FIELD("unsigned long", "ip", 8, 8, false),
			FIELD("const char *", "str", 16, 8, false),
			{ }
		},
		.print_fmt = "\"%ps: %s\", (void *)REC->ip, REC->str",
	},
};

/* The records written here are laid out as their formats say. */
static_assert(offsetof(struct ftrace_entry, ip) == 8 &&
	      offsetof(struct ftrace_entry, parent_ip) == 16);
static_assert(offsetof(struct stack_entry, size) == 8 &&
	      offsetof(struct stack_entry, caller) == 16);
static_assert(offsetof(struct print_entry, ip) == 8 &&
	      offsetof(struct print_entry, buf) == 16);
static_assert(offsetof(struct raw_data_entry, id) == 8 &&
	      offsetof(struct raw_data_entry, buf) == 12);
static_assert(offsetof(struct graph_ent_entry, func) == 8 &&
	      offsetof(struct graph_ent_entry, depth) == 16);
static_assert(offsetof(struct graph_ret_entry, depth) == 16 + GRAPH_RETVAL_LEN &&
	      offsetof(struct graph_ret_entry, overrun) == 20 + GRAPH_RETVAL_LEN &&
	      offsetof(struct graph_ret_entry, calltime) == 24 + GRAPH_RETVAL_LEN &&
	      offsetof(struct graph_ret_entry, rettime) == 32 + GRAPH_RETVAL_LEN);
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
static_assert(offsetof(struct graph_ret_entry, retval) == 16);
#endif

/*
 * Bytes of a record that its format describes: to the end of the last
 * field, or all of them when the last field takes the rest (size 0).
 */
static unsigned int format_len(unsigned int type, unsigned int len)
{
	const struct trace_field *f = type < ARRAY_SIZE(event_types) ?
				      event_types[type].fields : NULL;
	unsigned int end = sizeof(struct trace_entry);

	for (; f && f->name; f++) {
		if (!f->size)
			return len;
		end = max(end, f->offset + f->size);
	}
	return f ? min(end, len) : len;
}

/*
 * An event as trace_pipe_raw hands it out: as mainline records it. The
 * function_graph records are cut to what their formats describe (here
 * they carry padding and the leaf flag), and a leaf (one record here)
 * becomes mainline's entry and exit, the entry at the time the call began.
 */
static bool export_graph(struct ring_buffer_subbuf *sb, const void *data,
			 unsigned int len, u64 ts)
{
	const struct graph_ret_entry *r = data;
	struct graph_ent_entry e;
	unsigned int type = r->ent.type;
	u64 dur;

	if (type == TRACE_GRAPH_RET && len >= sizeof(*r) && r->leaf == 1) {
		/* no stale stack bytes in the padding that goes out */
		memset(&e, 0, sizeof(e));
		e.ent = r->ent;
		e.ent.type = TRACE_GRAPH_ENT;
		e.func = r->func;
		e.depth = r->depth;
		dur = r->rettime - r->calltime;
		if (!ring_buffer_subbuf_add(sb, &e, format_len(TRACE_GRAPH_ENT, sizeof(e)),
					    ts > dur ? ts - dur : 0))
			return false;
	}
	return ring_buffer_subbuf_add(sb, data, format_len(type, len), ts);
}

/* the other records go out as they are */
const struct ring_buffer_exporter trace_exporter = {
	.fn	= export_graph,
	.types	= BIT_ULL(TRACE_GRAPH_ENT) | BIT_ULL(TRACE_GRAPH_RET),
};

/* One event as the trace file shows it. */
void print_event(struct trace_iter *it)
{
	unsigned int type = it->ent->type;

	if (it->tracer && it->tracer->print_line &&
	    it->tracer->print_line(it))
		return;

	if (it->dump)
		print_dump_context(it);
	else
		print_context(&it->seq, it->ent, it->cpu, it->ts, it->tr);
	if (type < ARRAY_SIZE(event_types) && event_types[type].print)
		event_types[type].print(it, it->tr->trace_flags);
	else if (!trace_event_print(it))
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
	unsigned int pad;
	bool tgid;

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
	/* record-tgid widens the task column by the "(   tgid) " of the lines */
	tgid = it->tr->trace_flags & TRACE_ITER_RECORD_TGID;
	if (!(it->tr->trace_flags & TRACE_ITER_IRQ_INFO)) {
		seq_buf_printf(s, "#           TASK-PID    %s CPU#     TIMESTAMP  FUNCTION\n"
			       "#              | |      %s   |         |         |\n",
			       tgid ? "   TGID   " : "", tgid ? "     |    " : "");
		return;
	}
	pad = tgid ? 10 : 0;
	seq_buf_printf(s, "#%*s_-----=> irqs-off/BH-disabled\n"
		       "#%*s/ _----=> need-resched\n"
		       "#%*s| / _---=> hardirq/softirq\n"
		       "#%*s|| / _--=> preempt-depth\n"
		       "#%*s||| / _-=> migrate-disable\n"
		       "#%*s|||| /     delay\n",
		       32 + pad, "", 31 + pad, "", 30 + pad, "", 30 + pad, "",
		       30 + pad, "", 30 + pad, "");
	seq_buf_printf(s, "#           TASK-PID  %s CPU#  |||||  TIMESTAMP  FUNCTION\n"
		       "#              | |    %s   |   |||||     |         |\n",
		       tgid ? "     TGID   " : "  ", tgid ? "       |    " : "  ");
}

/* ---- events/: header_page, header_event, ftrace/NAME/{format,id} ----- */

/*
 * The sub-buffer trace_pipe_raw hands out and the record header in it:
 * matches mainline 6.12's events/header_page (its data size follows
 * buffer_subbuf_size_kb) and events/header_event.
 */
static ssize_t header_page_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	char buf[256];
	int len;

	len = scnprintf(buf, sizeof(buf),
			"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
			"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
			"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
			"\tfield: char data;\toffset:16;\tsize:%zu;\tsigned:0;\n",
			trace_subbuf_size(tr) - 16);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* an open file holds the array: rmdir waits */
const struct file_operations trace_header_page_fops = {
	.open		= trace_array_open,
	.read		= header_page_read,
	.release	= trace_array_release,
	.llseek		= default_llseek,
};

const char trace_header_event[] =
	"# compressed entry header\n"
	"\ttype_len    :    5 bits\n"
	"\ttime_delta  :   27 bits\n"
	"\tarray       :   32 bits\n"
	"\n"
	"\tpadding     : type == 29\n"
	"\ttime_extend : type == 30\n"
	"\ttime_stamp : type == 31\n"
	"\tdata max type_len  == 28\n";

static const struct trace_field common_fields[] = {
	FIELD("unsigned short", "common_type", 0, 2, false),
	FIELD("unsigned char", "common_flags", 2, 1, false),
	FIELD("unsigned char", "common_preempt_count", 3, 1, false),
	FIELD("int", "common_pid", 4, 4, true),
	{ }
};

static void print_fields(struct seq_buf *s, const struct trace_field *f)
{
	for (; f->type; f++)
		seq_buf_printf(s, "\tfield:%s %s;\toffset:%u;\tsize:%u;\tsigned:%d;\n",
			       f->type, f->name, f->offset, f->size, f->is_signed);
}

/* the format file of event type @type: "name:", "ID:", fields, print fmt */
static void fill_format(struct seq_buf *s, unsigned long type)
{
	const struct trace_event_type *t = &event_types[type];

	seq_buf_printf(s, "name: %s\nID: %lu\nformat:\n", t->name, type);
	print_fields(s, common_fields);
	seq_buf_putc(s, '\n');
	print_fields(s, t->fields);
	seq_buf_printf(s, "\nprint fmt: %s\n", t->print_fmt);
}

/* the longest format file, kernel_stack's, is about 900 bytes */
#define FORMAT_MAX	2048

/* i_private: the event type */
static ssize_t format_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	unsigned long type = (unsigned long)file_inode(filp)->i_private;
	struct seq_buf s;
	ssize_t ret;
	char *buf;

	buf = kmalloc(FORMAT_MAX, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	seq_buf_init(&s, buf, FORMAT_MAX);
	fill_format(&s, type);
	if (WARN_ON_ONCE(seq_buf_has_overflowed(&s)))
		ret = -EIO;
	else
		ret = simple_read_from_buffer(ubuf, cnt, ppos, buf, seq_buf_used(&s));
	kfree(buf);
	return ret;
}

const struct file_operations trace_type_format_fops = {
	.read		= format_read,
	.llseek		= default_llseek,
};

static ssize_t id_read(struct file *filp, char __user *ubuf, size_t cnt,
		       loff_t *ppos)
{
	char buf[16];
	int len;

	len = scnprintf(buf, sizeof(buf), "%lu\n",
			(unsigned long)file_inode(filp)->i_private);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

const struct file_operations trace_type_id_fops = {
	.read		= id_read,
	.llseek		= default_llseek,
};

/* the name of the tracers' type @type under events/ftrace/, or NULL */
const char *trace_type_name(unsigned long type)
{
	return type < ARRAY_SIZE(event_types) ? event_types[type].name : NULL;
}

bool trace_type_has_id(unsigned long type)
{
	return type < ARRAY_SIZE(event_types) && event_types[type].id_file;
}

/* ---- printk_formats -------------------------------------------------- */

/*
 * The address of each format a bprint record or a tracepoint_string()
 * may carry (built in, then the modules' copies: trace_printk.c), so
 * tools print the string from the address: lines as mainline 6.12's,
 * '0xffffffff81698ebc : "End context switch"', with newlines, tabs,
 * quotes and backslashes escaped.
 */
static const char **pf_at(loff_t pos)
{
	long nb = __stop___trace_bprintk_fmt - __start___trace_bprintk_fmt;
	long nt = __stop___tracepoint_str - __start___tracepoint_str;

	if (pos < nb)
		return &__start___trace_bprintk_fmt[pos];
	if (pos < nb + nt)
		return &__start___tracepoint_str[pos - nb];
	return trace_printk_mod_fmt(pos - nb - nt);
}

/* the modules' trace_printk() formats come last, under their lock */
static void *pf_start(struct seq_file *m, loff_t *pos)
{
	trace_printk_fmt_lock();
	return pf_at(*pos);
}

static void *pf_next(struct seq_file *m, void *v, loff_t *pos)
{
	return pf_at(++*pos);
}

static void pf_stop(struct seq_file *m, void *v)
{
	trace_printk_fmt_unlock();
}

static int pf_show(struct seq_file *m, void *v)
{
	const char *fmt = *(const char **)v, *p;

	if (!fmt)
		return 0;
	seq_printf(m, "0x%lx : \"", (unsigned long)fmt);
	for (p = fmt; *p; p++) {
		switch (*p) {
		case '\n':
			seq_puts(m, "\\n");
			break;
		case '\t':
			seq_puts(m, "\\t");
			break;
		case '\\':
			seq_puts(m, "\\\\");
			break;
		case '"':
			seq_puts(m, "\\\"");
			break;
		default:
			seq_putc(m, *p);
		}
	}
	seq_puts(m, "\"\n");
	return 0;
}

static const struct seq_operations pf_seq_ops = {
	.start	= pf_start,
	.next	= pf_next,
	.stop	= pf_stop,
	.show	= pf_show,
};

static int pf_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &pf_seq_ops);
}

const struct file_operations trace_printk_formats_fops = {
	.open		= pf_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};
