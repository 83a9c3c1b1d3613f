// SPDX-License-Identifier: GPL-2.0
/*
 * The fake event of the filter and trigger fuzz targets: the fields of
 * filter_ref.c's ref_fields[] given to trace_events_filter.c as an
 * event's fields_array (and two by a define_fields() callback), and its
 * records, made from values (struct ref_rec) as the kernel writes them:
 * struct trace_entry, the fields at their alignment, the bytes of the
 * __data_loc and __rel_loc strings, the cpumask's bitmap and the char *'s
 * string after the fixed part (the last record has none, some others
 * neither: the fixed part, and its last field, ends them).  Values favour
 * the numbers, strings and CPU lists the filter names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_events_internal.h"
#include "filter_ref.h"

#define FE_MAXF		32

static struct trace_event_fields fe_array[FE_MAXF];
static struct trace_event_class fe_class = { .fields_array = fe_array };
static struct trace_event_call fe_event = { .class = &fe_class };
static int fe_fixed;		/* where the fixed part of a record ends */

void fe_fail(const char *tag, const char *what, const char *input)
{
	fprintf(stderr, "%s: %s: input \"%.600s\"%s\n", tag, what, input,
		strlen(input) > 600 ? "..." : "");
	abort();
}

static int fe_callback(struct trace_event_call *call)
{
	int i, ret;

	for (i = 0; i < ref_nfields; i++) {
		const struct ref_field *f = &ref_fields[i];

		if (f->where != RF_CALLBACK)
			continue;
		ret = trace_define_field(call, f->type, f->name, f->offset, f->size,
					 f->is_signed, f->filter_type);
		if (ret)
			return ret;
	}
	return 0;
}

/* the filter types the kernel file should take from the C types */
static int fe_filter_type(const struct ref_field *f)
{
	switch (f->kind) {
	case RK_STATIC:
		return FILTER_STATIC_STRING;
	case RK_DYN:
		return FILTER_DYN_STRING;
	case RK_REL:
		return FILTER_RDYN_STRING;
	case RK_PTR:
		return FILTER_PTR_STRING;
	case RK_CPUMASK:
		return FILTER_CPUMASK;
	case RK_STK:
		return FILTER_STACKTRACE;
	case RK_COMM:
		return FILTER_COMM;
	case RK_CPU:
		return FILTER_CPU;
	default:
		return FILTER_OTHER;
	}
}

struct trace_event_call *fe_call(void)
{
	static bool done;
	int i, n = 0, off = sizeof(struct trace_entry);

	if (done)
		return &fe_event;
	INIT_LIST_HEAD(&fe_class.fields);
	/* the layout, as a C compiler lays out the record's struct */
	for (i = 0; i < ref_nfields; i++) {
		struct ref_field *f = &ref_fields[i];

		if (f->where != RF_ARRAY && f->where != RF_CALLBACK)
			continue;
		off = (off + f->align - 1) / f->align * f->align;
		f->offset = off;
		off += f->size;
		if (f->where == RF_ARRAY) {
			fe_array[n].type = f->type;
			fe_array[n].name = f->name;
			fe_array[n].size = f->size;
			fe_array[n].align = f->align;
			fe_array[n].is_signed = f->is_signed;
			fe_array[n].filter_type = f->filter_type;
			n++;
		}
	}
	fe_fixed = off;
	fe_array[n].type = TRACE_FUNCTION_TYPE;
	fe_array[n].define_fields = fe_callback;
	if (event_fields_init(&fe_event))
		fe_fail("fuzz_event", "event_fields_init() failed", "");
	if (trace_event_get_offsets(&fe_event) != fe_fixed)
		fe_fail("fuzz_event", "trace_event_get_offsets() differs", "");
	for (i = 0; i < ref_nfields; i++) {
		const struct ref_field *f = &ref_fields[i];
		const struct event_field *k = event_field_find(&fe_event, f->name);

		if (!k || strcmp(k->name, f->name) ||
		    k->filter_type != fe_filter_type(f) ||
		    (f->where != RF_PSEUDO &&
		     (k->offset != f->offset || k->size != f->size ||
		      k->is_signed != f->is_signed)))
			fe_fail("fuzz_event", "a field differs from the kernel's",
				f->name);
	}
	if (nr_cpu_ids != REF_NR_CPU_IDS)
		fe_fail("fuzz_event", "nr_cpu_ids is not the reference's", "");
	if (event_field_find(&fe_event, "nosuch") ||
	    event_field_find(&fe_event, ""))
		fe_fail("fuzz_event", "found a field that is not there", "nosuch");
	done = true;
	return &fe_event;
}

/* ---- records ------------------------------------------------------------ */

static uint64_t fe_state;

static uint64_t fe_rand(void)
{
	uint64_t z = (fe_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static const uint64_t fe_pool[] = {
	0, 1, 2, 3, 7, 8, 15, 16, 42, 100, 127, 128, 255, 256, 1000, 4096,
	32767, 32768, 65535, 65536, 0x7fffffff, 0x80000000, 0xffffffff,
	0x100000000ULL, 0x7fffffffffffffffULL, 0x8000000000000000ULL,
	~0ULL, ~1ULL, -128LL, -129LL, -32768LL, -2147483648LL,
	0xffffffff81000000ULL, 0xffffffff81000100ULL, 0xffffffff8100017fULL,
	0xffffffff81000180ULL, 0xffffffff810003ffULL, 0xffffffffa000003fULL,
};

static const char *const fe_strings[] = {
	"", "a", "b", "sh", "bash", "abc", "abd", "hello", "fuzz",
	"kworker/0:1", "swapper/1", "x*y", "?", "*", "a b", "AbC",
	"0123456789abcdef", "sched_switch",
};

/* numbers and strings the filter names, to compare equal now and then */
static uint64_t fe_nums[64];
static int fe_nnums;
static char fe_strs[8][REF_STR_MAX];
static int fe_nstrs;
static unsigned long fe_masks[4][2];
static int fe_nmasks;

static void fe_scan(const char *text)
{
	const char *p;

	fe_nnums = 0;
	fe_nstrs = 0;
	fe_nmasks = 0;
	for (p = text; fe_nmasks < 4 && (p = strstr(p, "CPUS{")); p++) {
		char list[64];
		size_t n = strcspn(p + 5, "}");

		if (n < sizeof(list) && p[5 + n]) {
			memcpy(list, p + 5, n);
			list[n] = '\0';
			if (!shim_parselist(list, fe_masks[fe_nmasks], REF_NR_CPU_IDS))
				fe_nmasks++;
		}
	}
	for (p = text; *p && fe_nnums < 60; p++) {
		char tok[40];
		int n = 0;
		uint64_t v;

		if (*p == '"' || *p == '\'') {
			const char *e = strchr(p + 1, *p);

			if (!e)
				break;
			if (fe_nstrs < 8 && e - p - 1 < REF_STR_MAX)
				snprintf(fe_strs[fe_nstrs++], REF_STR_MAX, "%.*s",
					 (int)(e - p - 1), p + 1);
			p = e;
			continue;
		}
		if (!(*p >= '0' && *p <= '9') || (p > text && p[-1] >= '0' && p[-1] <= '9'))
			continue;
		if (p > text && p[-1] == '-')
			tok[n++] = '-';
		while (n < 39 && p[0] && strchr("0123456789abcdefABCDEFxX", p[0]))
			tok[n++] = *p++;
		tok[n] = '\0';
		p--;
		if (ref_number(tok, tok[0] == '-', &v)) {
			fe_nums[fe_nnums++] = v;
			fe_nums[fe_nnums++] = v + 1;
			fe_nums[fe_nnums++] = v - 1;
		}
	}
}

static uint64_t fe_number(void)
{
	uint64_t r = fe_rand();

	switch (r % 8) {
	case 0:
	case 1:
	case 2:
		if (fe_nnums)
			return fe_nums[(r >> 8) % fe_nnums];
		/* fall through */
	case 3:
	case 4:
	case 5:
		return fe_pool[(r >> 8) % (sizeof(fe_pool) / sizeof(fe_pool[0]))];
	case 6:
		return (r >> 8) % 512;
	default:
		return fe_rand();
	}
}

/* a string for @f of at most @max bytes into s; its length */
static int fe_string(char *s, int max)
{
	uint64_t r = fe_rand();
	const char *src;
	int n, i;

	switch (r % 6) {
	case 0:
	case 1:
		if (fe_nstrs) {
			/* the filter's literal, its '*' and '?' filled in */
			src = fe_strs[(r >> 8) % fe_nstrs];
			for (n = 0; *src && n < max; src++) {
				if (*src == '*' && (fe_rand() & 1)) {
					for (i = fe_rand() % 4; i > 0 && n < max; i--)
						s[n++] = "ab*x"[fe_rand() % 4];
				} else if (*src == '?' && (fe_rand() & 1)) {
					s[n++] = "a?b"[fe_rand() % 3];
				} else if (*src != '*') {
					s[n++] = *src;
				}
			}
			return n;
		}
		/* fall through */
	case 2:
	case 3:
		src = fe_strings[(r >> 8) % (sizeof(fe_strings) / sizeof(fe_strings[0]))];
		n = strlen(src) < (size_t)max ? (int)strlen(src) : max;
		memcpy(s, src, n);
		return n;
	case 4:
		n = (r >> 8) % (max + 1);
		for (i = 0; i < n; i++)
			s[i] = "ab*?x "[fe_rand() % 6];
		return n;
	default:
		n = (r >> 8) % (max + 1);
		for (i = 0; i < n; i++)
			s[i] = 1 + fe_rand() % 255;
		return n;
	}
}

/* a cpumask's bytes: a list of the filter's or a few CPUs, now and then more */
static int fe_cpumask(char *s)
{
	unsigned long w[2] = { 0, 0 };
	int n, i;

	if (fe_nmasks && (fe_rand() & 1)) {
		memcpy(w, fe_masks[fe_rand() % fe_nmasks], sizeof(w));
	} else {
		for (i = fe_rand() % 4; i > 0; i--) {
			n = fe_rand() % 3 ? fe_rand() % 4 : fe_rand() % 128;
			w[n / 64] |= 1UL << (n % 64);
		}
	}
	if (fe_rand() % 4 == 0)
		w[1] |= ~0UL << (REF_NR_CPU_IDS - 64);
	n = fe_rand() % 4;
	n = n == 0 ? (int)(fe_rand() % 17) : n == 1 ? 8 : n == 2 ? 9 : 16;
	for (i = 0; i < n; i++)
		s[i] = w[i / 8] >> (i % 8 * 8);
	return n;
}

void fe_gen(struct ref_rec *rec, int r, unsigned int seed, const char *text)
{
	size_t pos = fe_fixed;
	bool bare;
	int i;

	if (!r)
		fe_scan(text);
	fe_state = seed * 0x100000001b3ULL + r;
	memset(rec, 0, sizeof(*rec));
	/* nothing after the fixed part (it ends the record): the last one */
	bare = r == REF_NREC - 1 || fe_rand() % 8 == 0;
	for (i = 0; i < ref_nfields; i++) {
		const struct ref_field *f = &ref_fields[i];
		uint64_t v = fe_number();

		switch (f->kind) {
		case RK_NUM:
		case RK_STK:
			if (f->size < 8) {
				v &= (1ULL << (8 * f->size)) - 1;
				if (f->is_signed && (v >> (8 * f->size - 1)))
					v |= ~0ULL << (8 * f->size);
			}
			rec->num[i] = v;
			break;
		case RK_STATIC:
			/* filled up, or ended by NULs */
			rec->len[i] = fe_string(rec->str[i], f->size);
			rec->vis[i] = rec->len[i];
			break;
		case RK_DYN:
		case RK_REL:
			/* 0: NUL counted, 1: no NUL, 2: NUL and junk counted */
			rec->vis[i] = bare ? 0 : fe_string(rec->str[i], REF_STR_MAX - 8);
			rec->mode[i] = bare ? 1 : fe_rand() % 3;
			rec->len[i] = rec->vis[i] + (rec->mode[i] == 0 ? 1 :
				      rec->mode[i] == 1 ? 0 : 1 + fe_rand() % 5);
			break;
		case RK_PTR:
			/* 0: a string, 1: NULL, 2: an unreadable address */
			rec->mode[i] = bare ? 1 : fe_rand() % 8 == 0 ? 1 + fe_rand() % 2 : 0;
			rec->len[i] = rec->mode[i] ? 0 : fe_string(rec->str[i], REF_STR_MAX - 1);
			rec->vis[i] = rec->len[i] < 255 ? rec->len[i] : 255;
			break;
		case RK_CPUMASK:
			rec->len[i] = bare ? 0 : fe_cpumask(rec->str[i]);
			break;
		default:
			break;
		}
		/* a string is up to its first NUL */
		if (f->kind != RK_NUM && f->kind != RK_STK)
			rec->vis[i] = strnlen(rec->str[i], rec->vis[i]);
		/* where the bytes after the fixed part go, and the field's word */
		if (f->kind == RK_DYN || f->kind == RK_REL || f->kind == RK_CPUMASK) {
			rec->dpos[i] = pos;
			rec->num[i] = (uint64_t)rec->len[i] << 16 |
				      (f->kind == RK_REL ? pos - f->offset - 4 : pos);
			pos += rec->len[i];
		} else if (f->kind == RK_PTR && !rec->mode[i]) {
			rec->dpos[i] = pos;
			pos += rec->len[i] + 1;
		}
	}
	rec->cpu = fe_number() % 4096;
	if (fe_rand() & 1)
		rec->cpu %= 4;
	i = fe_string(rec->comm, 15);
	rec->comm[i] = '\0';
}

static void fe_put(uint8_t *p, uint64_t v, int size)
{
	int i;

	for (i = 0; i < size; i++)
		p[i] = v >> (8 * (i & 7));
}

void *fe_record(const struct ref_rec *rec, size_t *len)
{
	size_t size = fe_fixed, pos;
	uint8_t *p;
	int i;

	for (i = 0; i < ref_nfields; i++) {
		if (ref_fields[i].kind == RK_DYN || ref_fields[i].kind == RK_REL ||
		    ref_fields[i].kind == RK_CPUMASK)
			size += rec->len[i];
		if (ref_fields[i].kind == RK_PTR && !rec->mode[i])
			size += rec->len[i] + 1;
	}
	p = malloc(size);
	if (!p)
		abort();
	for (pos = 0; pos < size; pos++)
		p[pos] = 0xa5 ^ pos;
	for (i = 0; i < ref_nfields; i++) {
		const struct ref_field *f = &ref_fields[i];
		uint8_t *at = p + f->offset;
		uintptr_t ptr;

		switch (f->kind) {
		case RK_NUM:
		case RK_STK:
			fe_put(at, rec->num[i], f->size);
			break;
		case RK_STATIC:
			/* the string, NULs after it */
			memset(at, 0, f->size);
			memcpy(at, rec->str[i], rec->len[i]);
			break;
		case RK_DYN:
		case RK_REL:
		case RK_CPUMASK:
			memcpy(p + rec->dpos[i], rec->str[i], rec->len[i]);
			if (f->kind != RK_CPUMASK && rec->mode[i] != 1)
				p[rec->dpos[i] + rec->vis[i]] = '\0';
			fe_put(at, rec->num[i], 4);
			break;
		case RK_PTR:
			if (!rec->mode[i]) {
				memcpy(p + rec->dpos[i], rec->str[i], rec->len[i]);
				p[rec->dpos[i] + rec->len[i]] = '\0';
			}
			ptr = rec->mode[i] == 0 ? (uintptr_t)(p + rec->dpos[i]) :
			      rec->mode[i] == 1 ? 0 : 17;
			memcpy(at, &ptr, sizeof(ptr));
			break;
		default:
			break;
		}
	}
	*len = size;
	return p;
}

void fe_context(const struct ref_rec *rec)
{
	shim_cpu = rec->cpu;
	memset(shim_task.comm, 0, sizeof(shim_task.comm));
	memcpy(shim_task.comm, rec->comm, strnlen(rec->comm, 15));
}
