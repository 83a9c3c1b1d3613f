// SPDX-License-Identifier: GPL-2.0
/*
 * The out-of-line part of kernel_shim.h: the kernel's string helpers as
 * they behave in the kernel, allocations that can be made to fail, fake
 * kallsyms, and stubs for what trig_fire() calls.
 */
#define _GNU_SOURCE
#include <strings.h>

#include "kernel_shim.h"

struct task_struct shim_task = { .comm = "fuzz" };
int shim_cpu;

void shim_warn(const char *file, int line, const char *cond)
{
	fprintf(stderr, "fuzz_shim: WARN_ON_ONCE(%s) at %s:%d\n", cond, file, line);
	abort();
}

/* ---- ctype -------------------------------------------------------------- */

/* lib/ctype.c: 9-13, ' ' and 0xa0 (no-break space) are blanks */
bool shim_isspace(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0;
}

/* letters include Latin-1's 0xc0-0xff but for 0xd7 and 0xf7 (x and /) */
bool shim_isalnum(unsigned char c)
{
	if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	    (c >= 'A' && c <= 'Z'))
		return true;
	return c >= 0xc0 && c != 0xd7 && c != 0xf7;
}

bool shim_isxdigit(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	       (c >= 'A' && c <= 'F');
}

/* ---- strings ------------------------------------------------------------ */

char *skip_spaces(const char *s)
{
	while (isspace(*s))
		s++;
	return (char *)s;
}

char *strim(char *s)
{
	size_t n = strlen(s);

	while (n && isspace(s[n - 1]))
		n--;
	s[n] = '\0';
	return skip_spaces(s);
}

int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!size)
		return 0;
	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	if (n < 0)
		return 0;
	return (size_t)n < size ? n : (int)size - 1;
}

/*
 * lib/kstrtox.c's rules: base 0 picks 16 for "0x" and a hex digit, 8 for
 * a leading 0, else 10; base 16 skips a "0x"; at least one digit; one
 * '\n' may follow; -ERANGE past 64 bits (decided before trailing junk).
 */
static int shim_strtoull(const char *s, unsigned int base,
			 unsigned long long *res)
{
	unsigned long long v = 0;
	bool over = false;
	int n = 0;

	if (!base) {
		if (s[0] != '0')
			base = 10;
		else if ((s[1] | 0x20) == 'x' && isxdigit(s[2]))
			base = 16;
		else
			base = 8;
	}
	if (base == 16 && s[0] == '0' && (s[1] | 0x20) == 'x')
		s += 2;
	for (;; s++, n++) {
		unsigned int c = (unsigned char)*s, d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			d = (c | 0x20) - 'a' + 10;
		else
			break;
		if (d >= base)
			break;
		if (__builtin_mul_overflow(v, base, &v) ||
		    __builtin_add_overflow(v, d, &v))
			over = true;
	}
	if (over)
		return -ERANGE;
	if (!n)
		return -EINVAL;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = v;
	return 0;
}

int kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	return shim_strtoull(s[0] == '+' ? s + 1 : s, base, res);
}

int kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long v;
	int ret;

	if (s[0] == '-') {
		ret = shim_strtoull(s + 1, base, &v);
		if (ret)
			return ret;
		if (v > (1ULL << 63))
			return -ERANGE;
		*res = (long long)(0 - v);
		return 0;
	}
	ret = kstrtoull(s, base, &v);
	if (ret)
		return ret;
	if (v > (unsigned long long)LLONG_MAX)
		return -ERANGE;
	*res = (long long)v;
	return 0;
}

int kstrtol(const char *s, unsigned int base, long *res)
{
	long long v;
	int ret = kstrtoll(s, base, &v);

	if (!ret)
		*res = v;
	return ret;
}

/*
 * mm/maccess.c's: up to @count bytes with the NUL, the last made a NUL if
 * none came; how many were copied, or -EFAULT (the first page faults).
 */
long strncpy_from_kernel_nofault(char *dst, const void *src, long count)
{
	const char *s = src;
	long n = 0;

	if (count <= 0)
		return 0;
	if ((uintptr_t)src < PAGE_SIZE) {
		dst[0] = '\0';
		return -EFAULT;
	}
	do {
		dst[n] = s[n];
		n++;
	} while (dst[n - 1] && n < count);
	dst[n - 1] = '\0';
	return n;
}

long strncpy_from_user_nofault(char *dst, const void __user *src, long count)
{
	return strncpy_from_kernel_nofault(dst, src, count);
}

/* ---- allocations -------------------------------------------------------- */

unsigned int shim_fail_at;
unsigned int shim_nalloc;
bool shim_failed;

void shim_alloc_reset(unsigned int fail_at)
{
	shim_fail_at = fail_at;
	shim_nalloc = 0;
	shim_failed = false;
}

/* false: this allocation is to fail */
static bool shim_alloc_ok(void)
{
	if (shim_fail_at && ++shim_nalloc == shim_fail_at) {
		shim_failed = true;
		return false;
	}
	return true;
}

void *kmalloc(size_t size, gfp_t gfp)
{
	return shim_alloc_ok() ? malloc(size) : NULL;
}

void *kzalloc(size_t size, gfp_t gfp)
{
	return shim_alloc_ok() ? calloc(1, size) : NULL;
}

void *kvcalloc(size_t n, size_t size, gfp_t gfp)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	return kzalloc(bytes, gfp);
}

void *kvmalloc_array(size_t n, size_t size, gfp_t gfp)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	return kmalloc(bytes, gfp);
}

void *kmemdup_array(const void *src, size_t n, size_t size, gfp_t gfp)
{
	void *p = kvmalloc_array(n, size, gfp);

	if (p)
		memcpy(p, src, n * size);
	return p;
}

char *kmemdup_nul(const char *s, size_t len, gfp_t gfp)
{
	char *p = kmalloc(len + 1, gfp);

	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

char *kstrdup(const char *s, gfp_t gfp)
{
	return s ? kmemdup_nul(s, strlen(s), gfp) : NULL;
}

char *kasprintf(gfp_t gfp, const char *fmt, ...)
{
	va_list ap;
	char *p;
	int n;

	if (!shim_alloc_ok())
		return NULL;
	va_start(ap, fmt);
	n = vasprintf(&p, fmt, ap);
	va_end(ap);
	return n < 0 ? NULL : p;
}

void kfree(const void *p)
{
	free((void *)p);
}

void kvfree(const void *p)
{
	free((void *)p);
}

/* ---- cpumasks ----------------------------------------------------------- */

unsigned int nr_cpu_ids = 70;

unsigned int cpumask_weight(const struct cpumask *m)
{
	unsigned int i, n = 0;

	for (i = 0; i < nr_cpu_ids; i++)
		n += m->bits[i / BITS_PER_LONG] >> (i % BITS_PER_LONG) & 1;
	return n;
}

unsigned int cpumask_first(const struct cpumask *m)
{
	unsigned int i;

	for (i = 0; i < nr_cpu_ids; i++)
		if (m->bits[i / BITS_PER_LONG] >> (i % BITS_PER_LONG) & 1)
			break;
	return i;
}

bool cpumask_test_cpu(int cpu, const struct cpumask *m)
{
	WARN_ON_ONCE(cpu < 0 || (unsigned int)cpu >= nr_cpu_ids);
	return m->bits[cpu / BITS_PER_LONG] >> (cpu % BITS_PER_LONG) & 1;
}

/* a decimal number or 'N' (the last bit) at *@s; false if none or too big */
static bool parselist_num(const char **s, unsigned int last, unsigned int *num)
{
	unsigned long long v = 0;
	const char *p = *s;

	if (*p == 'N') {
		*num = last;
		*s = p + 1;
		return true;
	}
	if (!isdigit(*p))
		return false;
	for (; isdigit(*p); p++) {
		v = v * 10 + (*p - '0');
		if (v > UINT_MAX)
			return false;
	}
	*num = v;
	*s = p;
	return true;
}

static bool parselist_end(char c)
{
	return !c || c == '\n' || c == ',' || isspace(c);
}

/*
 * Regions "A", "A-B", "A-B:USED/GROUP", "all" (case aside) and
 * "all:USED/GROUP", A and B numbers or N, between commas and blanks;
 * each within @nbits (-ERANGE), A <= B, GROUP > 0, USED <= GROUP
 * (-EINVAL).  The text ends at a NUL, or a newline right after a region
 * without USED/GROUP (elsewhere a newline is a blank).
 */
int shim_parselist(const char *buf, unsigned long *bits, unsigned int nbits)
{
	unsigned int last = nbits - 1, a, b, used, group;
	unsigned long long i;
	bool stop;

	memset(bits, 0, BITS_TO_LONGS(nbits) * sizeof(long));
	for (;;) {
		while (*buf == ',' || isspace(*buf))
			buf++;
		if (!*buf || *buf == '\n')
			return 0;
		if (!strncasecmp(buf, "all", 3)) {
			a = 0;
			b = last;
			buf += 3;
		} else {
			if (!parselist_num(&buf, last, &a))
				return -EINVAL;
			b = a;
			if (*buf == '-') {
				buf++;
				if (!parselist_num(&buf, last, &b))
					return -EINVAL;
			} else if (!parselist_end(*buf)) {
				return -EINVAL;
			}
		}
		used = b - a + 1;
		group = used;
		stop = false;
		if (*buf == ':') {
			buf++;
			if (!parselist_num(&buf, last, &used) || *buf++ != '/' ||
			    !parselist_num(&buf, last, &group))
				return -EINVAL;
		} else if (!parselist_end(*buf)) {
			return -EINVAL;
		} else {
			/* a newline right after a region ends the text */
			stop = !*buf || *buf == '\n';
		}
		if (a > b || !group || used > group)
			return -EINVAL;
		if (b >= nbits)
			return -ERANGE;
		for (i = a; i <= b; i += group) {
			unsigned long long j;

			for (j = i; j < i + used && j <= b; j++)
				bits[j / BITS_PER_LONG] |= 1UL << (j % BITS_PER_LONG);
		}
		if (stop)
			return 0;
	}
}

int cpulist_parse(const char *buf, struct cpumask *m)
{
	return shim_parselist(buf, m->bits, nr_cpu_ids);
}

/* ---- kallsyms ----------------------------------------------------------- */

const struct shim_sym shim_syms[] = {
	{ "schedule",		0xffffffff81000000UL, 0x100 },
	{ "vfs_read",		0xffffffff81000100UL, 0x80 },
	{ "vfs_read.cold",	0xffffffff81000180UL, 0x10 },
	{ "do_sys_open",	0xffffffff81000190UL, 0x270 },
	{ "_end_of_text",	0xffffffff81000400UL, 1 },
	{ "x",			0xffffffffa0000000UL, 0x40 },
};
const unsigned int shim_nsyms = ARRAY_SIZE(shim_syms);

unsigned long kallsyms_lookup_name(const char *name)
{
	unsigned int i;

	for (i = 0; i < shim_nsyms; i++)
		if (!strcmp(shim_syms[i].name, name))
			return shim_syms[i].addr;
	return 0;
}

int kallsyms_lookup_size_offset(unsigned long addr, unsigned long *size,
				unsigned long *offset)
{
	unsigned int i;

	for (i = 0; i < shim_nsyms; i++) {
		if (addr - shim_syms[i].addr < shim_syms[i].size) {
			*size = shim_syms[i].size;
			*offset = addr - shim_syms[i].addr;
			return 1;
		}
	}
	return 0;
}

/* ---- seq_file ----------------------------------------------------------- */

static void seq_write_str(struct seq_file *m, const char *s, size_t n)
{
	if (m->count + n >= m->size) {
		m->count = m->size;	/* overflowed: as seq_file, try again larger */
		return;
	}
	memcpy(m->buf + m->count, s, n);
	m->count += n;
	m->buf[m->count] = '\0';
}

void seq_puts(struct seq_file *m, const char *s)
{
	seq_write_str(m, s, strlen(s));
}

void seq_putc(struct seq_file *m, char c)
{
	seq_write_str(m, &c, 1);
}

void seq_printf(struct seq_file *m, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0) {
		m->count = m->size;
		return;
	}
	seq_write_str(m, s, n);
	free(s);
}

/* ---- trace.c, trace_errlog.c, ring_buffer.c ----------------------------- */

unsigned int shim_log_count;
char shim_log_msg[256];
char *shim_log_cmd;
unsigned int shim_log_pos;

void shim_log_reset(void)
{
	free(shim_log_cmd);
	shim_log_cmd = NULL;
	shim_log_count = 0;
}

void trace_log_err(struct trace_array *tr, const char *loc, const char *cmd,
		   const char *msg, unsigned int pos)
{
	shim_log_count++;
	snprintf(shim_log_msg, sizeof(shim_log_msg), "%s: %s", loc, msg);
	free(shim_log_cmd);
	shim_log_cmd = strdup(cmd);
	shim_log_pos = pos;
}

static bool shim_record_on = true;

bool ring_buffer_record_is_on(struct trace_buffer *b)
{
	return shim_record_on;
}

void ring_buffer_record_on(struct trace_buffer *b)
{
	shim_record_on = true;
}

void ring_buffer_record_off(struct trace_buffer *b)
{
	shim_record_on = false;
}

bool trace_snapshot_swap(struct trace_array *tr)
{
	return true;
}

void trace_buffer_stack(struct trace_buffer *b, const void *const *fns,
			unsigned int trace_ctx)
{
}

const void *const event_commit_fns[] = { NULL };
