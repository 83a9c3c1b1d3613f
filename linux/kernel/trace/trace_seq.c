// SPDX-License-Identifier: GPL-2.0
/*
 * struct trace_seq (<linux/trace_seq.h>): the page of text that trace
 * events' output functions and the rest of the kernel's print helpers
 * fill, over a seq_buf.
 *
 * Each write is all or nothing: one that does not fit leaves the text as
 * it was and marks the sequence full, after which every write is refused,
 * so a caller sees a line cut only where it stopped asking.
 *
 * Locking: none; a trace_seq belongs to its one user.
 */
#include <linux/export.h>
#include <linux/seq_file.h>
#include <linux/trace_seq.h>
#include <linux/uaccess.h>

/* a sequence that was never initialised is set up on first use */
static void ts_prepare(struct trace_seq *s)
{
	if (unlikely(!s->seq.size))
		trace_seq_init(s);
}

/* the write that just ended: undone if it overflowed */
static bool ts_end(struct trace_seq *s, unsigned int len)
{
	if (!seq_buf_has_overflowed(&s->seq))
		return true;
	s->seq.len = len;
	s->full = 1;
	return false;
}

/*
 * Run @op, a write to @ts->seq, all or nothing; true if it went in.  @op
 * names the sequence as the caller does (@ts is evaluated once here).
 */
#define TS_WRITE(ts, op) ({				\
	struct trace_seq *__ts = (ts);			\
	bool __ok = false;				\
	unsigned int __len;				\
							\
	ts_prepare(__ts);				\
	if (!__ts->full) {				\
		__len = __ts->seq.len;			\
		op;					\
		__ok = ts_end(__ts, __len);		\
	}						\
	__ok;						\
})

void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args)
{
	TS_WRITE(s, seq_buf_vprintf(&s->seq, fmt, args));
}
EXPORT_SYMBOL_GPL(trace_seq_vprintf);

void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trace_seq_vprintf(s, fmt, ap);
	va_end(ap);
}
EXPORT_SYMBOL_GPL(trace_seq_printf);

void trace_seq_bprintf(struct trace_seq *s, const char *fmt, const u32 *binary)
{
	TS_WRITE(s, seq_buf_bprintf(&s->seq, fmt, binary));
}
EXPORT_SYMBOL_GPL(trace_seq_bprintf);

void trace_seq_puts(struct trace_seq *s, const char *str)
{
	TS_WRITE(s, seq_buf_puts(&s->seq, str));
}
EXPORT_SYMBOL_GPL(trace_seq_puts);

void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
	TS_WRITE(s, seq_buf_putc(&s->seq, c));
}
EXPORT_SYMBOL_GPL(trace_seq_putc);

void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len)
{
	TS_WRITE(s, seq_buf_putmem(&s->seq, mem, len));
}
EXPORT_SYMBOL_GPL(trace_seq_putmem);

void trace_seq_putmem_hex(struct trace_seq *s, const void *mem, unsigned int len)
{
	TS_WRITE(s, seq_buf_putmem_hex(&s->seq, mem, len));
}
EXPORT_SYMBOL_GPL(trace_seq_putmem_hex);

/* the path as d_path() gives it, with newlines escaped */
int trace_seq_path(struct trace_seq *s, const struct path *path)
{
	return TS_WRITE(s, seq_buf_path(&s->seq, path, "\n"));
}
EXPORT_SYMBOL_GPL(trace_seq_path);

/* a bitmask as "%*pb" prints it */
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp,
		       int nmaskbits)
{
	TS_WRITE(s, seq_buf_printf(&s->seq, "%*pb", nmaskbits, maskp));
}
EXPORT_SYMBOL_GPL(trace_seq_bitmask);

int trace_seq_hex_dump(struct trace_seq *s, const char *prefix_str,
		       int prefix_type, int rowsize, int groupsize,
		       const void *buf, size_t len, bool ascii)
{
	return TS_WRITE(s, seq_buf_hex_dump(&s->seq, prefix_str, prefix_type,
					    rowsize, groupsize, buf, len, ascii));
}
EXPORT_SYMBOL_GPL(trace_seq_hex_dump);

/*
 * @len bytes for the caller to fill, at the end of the text: NULL (and
 * the sequence full) if they do not fit.
 */
char *trace_seq_acquire(struct trace_seq *s, unsigned int len)
{
	char *p;

	ts_prepare(s);
	if (s->full || seq_buf_buffer_left(&s->seq) < len) {
		s->full = 1;
		return NULL;
	}
	p = s->buffer + s->seq.len;
	s->seq.len += len;
	return p;
}
EXPORT_SYMBOL_GPL(trace_seq_acquire);

/* the text not yet read into @m; 0 once all of it went, else -1 */
int trace_print_seq(struct seq_file *m, struct trace_seq *s)
{
	int ret;

	ts_prepare(s);
	ret = seq_buf_print_seq(m, &s->seq);
	if (!ret)
		trace_seq_init(s);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_print_seq);

/*
 * Copy up to @cnt bytes of the text not yet read to user space: the
 * count copied, -EBUSY if all of it was read, -EFAULT.
 */
int trace_seq_to_user(struct trace_seq *s, char __user *ubuf, int cnt)
{
	int ret;

	ts_prepare(s);
	ret = seq_buf_to_user(&s->seq, ubuf, s->readpos, cnt);
	if (ret > 0)
		s->readpos += ret;
	return ret;
}
EXPORT_SYMBOL_GPL(trace_seq_to_user);
