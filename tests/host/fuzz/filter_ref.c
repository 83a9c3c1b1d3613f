// SPDX-License-Identifier: GPL-2.0
/*
 * An independent reference for the event filter language of
 * linux/kernel/trace/trace_events_filter.c, written from its grammar:
 *
 *   EXPR := AND { "||" AND }	AND := TERM { "&&" TERM }
 *   TERM := '!' TERM  (a '!' not followed by '=' or '~')  |  '(' EXPR ')'
 *	   | FIELD[.ustring][.function] OP VALUE
 *
 * as a plain recursive descent that evaluates while it parses: every
 * rule returns a bit mask, bit r for record r.  The rules of a predicate
 * and the errors (message, errno, where the caret goes) are those the
 * kernel file documents as mainline 6.12's:
 *
 *  - the kernel's blanks (isspace(): 0xa0 too) after the text are cut,
 *    those before it stay (the filter file shows them, carets count
 *    them); nothing but blanks: -EINVAL, "Error: (0)" for an empty text;
 *  - first, quotes ('...' or "...", no escapes) and parentheses outside
 *    them: the first ')' without its '(' -EPERM "Too few '('" under it;
 *    a quote left open -ESRCH "Missing matching quote" under it; a '('
 *    left open -ENOENT "Too many '('" under the last such; nothing but
 *    blanks and parentheses -EINVAL, "Error: (0)";
 *  - then the parse: the end where a term should be "No filter found"
 *    before any predicate, "Meaningless filter expression" after one
 *    (-EINVAL); after a term anything but "&&", "||", ')' (closing a '(')
 *    or the end -EPERM "Too many terms in predicate expression"; a term
 *    that does not start with a FIELD (letters, Latin-1's too, digits,
 *    '_') -EPERM, "Error: (0)"; the rest -EINVAL: FIELD unknown "Field
 *    not found" one past its end; OP is the first of == != <= >= < > & ~
 *    the text starts with, else "Invalid operator" one past where it
 *    should be; VALUE, with carets one past where it starts unless said:
 *     - for FIELD.function: only on a field of 8 bytes ("Illegal
 *	 operation for field type"), == or != ("Invalid operator"); with a
 *	 digit first, letters and digits, kstrtoull()'s number ("Operand
 *	 too long" from 24 characters, "Invalid value (did you forget
 *	 quotes)?" one past their end), else up to a blank, a function's
 *	 name ("Function not found" one past it); the address must be in a
 *	 function ("Function not found");
 *     - CPUS{LIST}: on a number, the CPU or a cpumask field ("Illegal
 *	 operation for field type"), with == != & (the same), a '{' ("Missing
 *	 '{'" two past CPUS), a '}' ("Missing '}'" one past the end), a
 *	 cpulist between ("Invalid cpulist" one past the '}');
 *     - a quoted string: == != ~ only ("Illegal operation for field
 *	 type"), on a string field ("Expecting numeric field"), shorter than
 *	 256 ("Operand too long" one past the closing quote);
 *     - a number: a digit or '-' first, then letters and digits, on a
 *	 field that is no string ("Expecting string field"), not with ~
 *	 ("Illegal operation ..."), shorter than 24 ("Operand too long" one
 *	 past its end), as kstrtoll() takes it on a signed field,
 *	 kstrtoull() on another ("Illegal integer value");
 *     - anything else "Invalid value (did you forget quotes)?".
 *
 * Evaluation: numbers compare as their field's signedness (the pseudo
 * field cpu unsigned), & is "any common bit"; a numeric field of another
 * size than 1, 2, 4, 8 (or cpu) makes the predicate false, != true,
 * whatever the value; FIELD.function is "the value lies in that
 * function", != its negation (a char * holds no function's address);
 * CPUS{} as ref_cpus_pred() says; strings compare whole (== !=) or as a
 * glob of '*' and '?' (~), against the field's string up to its first
 * NUL or its length (a char * at most 255 bytes, unreadable ones empty;
 * .ustring reads the same memory on the host).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "filter_ref.h"

#define MEANINGLESS	"Meaningless filter expression"
#define NO_FILTER	"No filter found"
#define TOO_MANY	"Too many terms in predicate expression"
#define NOT_FOUND	"Field not found"
#define BAD_OP		"Invalid operator"
#define BAD_FIELD_OP	"Illegal operation for field type"
#define BAD_VALUE	"Invalid value (did you forget quotes)?"
#define BAD_INT		"Illegal integer value"
#define TOO_LONG	"Operand too long"
#define WANT_NUMBER	"Expecting numeric field"
#define WANT_STRING	"Expecting string field"
#define NO_FUNCTION	"Function not found"

#define NUM_MAX		24	/* a number's characters, and more */
#define BITS_TO_LONGS_REF	2	/* REF_NR_CPU_IDS bits */

enum { R_EQ, R_NE, R_LT, R_LE, R_GT, R_GE, R_AND, R_GLOB };

/* as fuzz_event.c lays them out; the layout is checked against the kernel's */
struct ref_field ref_fields[] = {
	{ "common_type", "unsigned short", 2, 2, false, RK_NUM, 0, RF_COMMON, 0 },
	{ "common_flags", "unsigned char", 1, 1, false, RK_NUM, 0, RF_COMMON, 2 },
	{ "common_preempt_count", "unsigned char", 1, 1, false, RK_NUM, 0,
	  RF_COMMON, 3 },
	{ "common_pid", "int", 4, 4, true, RK_NUM, 0, RF_COMMON, 4 },
	{ "s8", "s8", 1, 1, true, RK_NUM, 0, RF_ARRAY, 0 },
	{ "u8", "unsigned char", 1, 1, false, RK_NUM, 0, RF_ARRAY, 0 },
	{ "s16", "short", 2, 2, true, RK_NUM, 0, RF_ARRAY, 0 },
	{ "u16", "u16", 2, 2, false, RK_NUM, 0, RF_ARRAY, 0 },
	{ "s32", "int", 4, 4, true, RK_NUM, 0, RF_ARRAY, 0 },
	{ "u32", "unsigned int", 4, 4, false, RK_NUM, 0, RF_ARRAY, 0 },
	{ "s64", "long", 8, 8, true, RK_NUM, 0, RF_ARRAY, 0 },
	{ "u64", "u64", 8, 8, false, RK_NUM, 0, RF_ARRAY, 0 },
	{ "ip", "unsigned long", 8, 8, false, RK_NUM, 0, RF_ARRAY, 0 },
	{ "odd3", "u24", 3, 1, false, RK_NUM, 0, RF_ARRAY, 0 },
	{ "odd5", "s40", 5, 1, true, RK_NUM, 0, RF_ARRAY, 0 },
	{ "odd16", "s128", 16, 8, true, RK_NUM, 0, RF_ARRAY, 0 },
	{ "name", "char[16]", 16, 1, false, RK_STATIC, 0, RF_ARRAY, 0 },
	{ "dname", "__data_loc char[]", 4, 4, false, RK_DYN, 0, RF_ARRAY, 0 },
	{ "rname", "__rel_loc char[]", 4, 4, false, RK_REL, 0, RF_ARRAY, 0 },
	{ "pname", "const char *", 8, 8, false, RK_PTR, 0, RF_ARRAY, 0 },
	{ "mask", "__data_loc cpumask_t", 4, 4, false, RK_CPUMASK, 0, RF_ARRAY, 0 },
	/* filter types given by the event (FILTER_STACKTRACE, _STATIC_STRING) */
	{ "stk", "unsigned long", 8, 8, false, RK_STK, 9, RF_ARRAY, 0 },
	{ "cb", "int", 4, 4, true, RK_NUM, 0, RF_CALLBACK, 0 },
	{ "tag", "u8[8]", 8, 1, false, RK_STATIC, 1, RF_CALLBACK, 0 },
	/* last: a record without dynamic data ends with it */
	{ "tail3", "u24", 3, 8, false, RK_NUM, 0, RF_CALLBACK, 0 },
	{ "comm", "char *", 16, 1, false, RK_COMM, 0, RF_PSEUDO, 0 },
	{ "COMM", "char *", 16, 1, false, RK_COMM, 0, RF_PSEUDO, 0 },
	{ "cpu", "int", 4, 4, false, RK_CPU, 0, RF_PSEUDO, 0 },
	{ "CPU", "int", 4, 4, false, RK_CPU, 0, RF_PSEUDO, 0 },
};
const int ref_nfields = sizeof(ref_fields) / sizeof(ref_fields[0]);

struct ref {
	const char		*s;	/* trimmed */
	int			pos;
	int			depth;
	int			npreds;	/* parsed so far */
	const struct ref_rec	*recs;
	int			nrec;
	unsigned int		all;	/* every record's bit */
	struct ref_result	*res;
};

bool ref_isspace(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' ||
	       c == '\r' || c == 0xa0;
}

/* a letter of ASCII or Latin-1 (not 0xd7, 0xf7) or a digit: isalnum() */
static bool ref_namechar(unsigned char c)
{
	if (c >= 0xc0)
		return c != 0xd7 && c != 0xf7;
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

static int ref_digit(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

bool ref_number(const char *t, bool sign, uint64_t *v)
{
	bool neg = sign && t[0] == '-';
	const unsigned char *p = (const unsigned char *)t + neg;
	uint64_t acc = 0;
	int base = 10, n = 0;

	if (!neg && *p == '+')
		p++;
	if (p[0] == '0') {
		base = 8;
		if ((p[1] == 'x' || p[1] == 'X') && ref_digit(p[2]) < 16) {
			base = 16;
			p += 2;
		}
	}
	for (; ref_digit(*p) < base; p++, n++) {
		if (acc > (UINT64_MAX - ref_digit(*p)) / base)
			return false;
		acc = acc * base + ref_digit(*p);
	}
	if (!n)
		return false;
	p += *p == '\n';
	if (*p)
		return false;
	if (neg) {
		if (acc > (uint64_t)1 << 63)
			return false;
		acc = -acc;
	} else if (sign && acc > INT64_MAX) {
		return false;
	}
	*v = acc;
	return true;
}

static bool ref_fail(struct ref *r, const char *msg, int pos, int err)
{
	r->res->err = err;
	r->res->msg = msg;
	r->res->pos = pos;
	return false;
}

static void ref_blanks(struct ref *r)
{
	while (ref_isspace(r->s[r->pos]))
		r->pos++;
}

/* the fake functions of filter_shim/shim.c, by name and by address */
struct ref_sym {
	const char	*name;
	uint64_t	addr, size;
};

static const struct ref_sym ref_syms[] = {
	{ "schedule", 0xffffffff81000000ULL, 0x100 },
	{ "vfs_read", 0xffffffff81000100ULL, 0x80 },
	{ "vfs_read.cold", 0xffffffff81000180ULL, 0x10 },
	{ "do_sys_open", 0xffffffff81000190ULL, 0x270 },
	{ "_end_of_text", 0xffffffff81000400ULL, 1 },
	{ "x", 0xffffffffa0000000ULL, 0x40 },
};

static const struct ref_sym *ref_sym_at(uint64_t addr)
{
	size_t i;

	for (i = 0; i < sizeof(ref_syms) / sizeof(ref_syms[0]); i++)
		if (addr >= ref_syms[i].addr &&
		    addr < ref_syms[i].addr + ref_syms[i].size)
			return &ref_syms[i];
	return NULL;
}

static uint64_t ref_sym_named(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(ref_syms) / sizeof(ref_syms[0]); i++)
		if (!strcmp(ref_syms[i].name, name))
			return ref_syms[i].addr;
	return 0;
}

/* does @pat (only '*' and '?' special) match all of s[0..len)? */
static bool ref_glob(const char *pat, int plen, const char *s, int len)
{
	bool a[REF_STR_MAX + 1], b[REF_STR_MAX + 1];
	bool *cur = a, *next = b, *t;
	int i, j;

	for (j = 0; j <= len; j++)
		cur[j] = j == 0;
	for (i = 0; i < plen; i++) {
		bool any = false;

		for (j = 0; j <= len; j++) {
			if (pat[i] == '*') {
				any = any || cur[j];
				next[j] = any;
			} else {
				next[j] = j > 0 && cur[j - 1] &&
					  (pat[i] == '?' || pat[i] == s[j - 1]);
			}
		}
		t = cur;
		cur = next;
		next = t;
	}
	return cur[len];
}

/* the string the filter compares for field @f of @rec */
static const char *ref_string(const struct ref_rec *rec, int f, int *len)
{
	switch (ref_fields[f].kind) {
	case RK_COMM:
		*len = strnlen(rec->comm, sizeof(rec->comm));
		return rec->comm;
	default:
		*len = rec->vis[f];
		return rec->str[f];
	}
}

static unsigned int ref_string_pred(struct ref *r, int f, int op,
				    const char *lit, int n)
{
	unsigned int m = 0;
	int i, len;

	for (i = 0; i < r->nrec; i++) {
		const char *s = ref_string(&r->recs[i], f, &len);
		bool v;

		if (op == R_GLOB)
			v = ref_glob(lit, n, s, len);
		else
			v = (len == n && !memcmp(s, lit, n)) == (op == R_EQ);
		m |= (unsigned int)v << i;
	}
	return m;
}

/*
 * Field @f of @rec as a number: a char[8] (only FIELD.function reads one)
 * its bytes, zeros after the string; a char * its pointer, which is no
 * function's address.
 */
static uint64_t ref_raw(const struct ref_rec *rec, int f)
{
	uint64_t x = 0;
	int i;

	switch (ref_fields[f].kind) {
	case RK_CPU:
		return rec->cpu;
	case RK_PTR:
		return 0;
	case RK_STATIC:
		for (i = 0; i < rec->len[f] && i < 8; i++)
			x |= (uint64_t)(unsigned char)rec->str[f][i] << (8 * i);
		return x;
	default:
		return rec->num[f];
	}
}

static unsigned int ref_number_pred(struct ref *r, int f, int op, uint64_t val,
				    bool function, uint64_t fsize)
{
	const struct ref_field *fd = &ref_fields[f];
	bool sized = fd->kind == RK_CPU || fd->size == 1 || fd->size == 2 ||
		     fd->size == 4 || fd->size == 8;
	unsigned int m = 0;
	int i;

	for (i = 0; i < r->nrec; i++) {
		uint64_t x = ref_raw(&r->recs[i], f);
		int64_t sx = (int64_t)x, sv = (int64_t)val;
		bool s = fd->is_signed, v;

		if (!sized)
			v = op == R_NE;
		else if (function)
			v = (x >= val && x - val < fsize) == (op == R_EQ);
		else if (op == R_EQ)
			v = x == val;
		else if (op == R_NE)
			v = x != val;
		else if (op == R_LT)
			v = s ? sx < sv : x < val;
		else if (op == R_LE)
			v = s ? sx <= sv : x <= val;
		else if (op == R_GT)
			v = s ? sx > sv : x > val;
		else if (op == R_GE)
			v = s ? sx >= sv : x >= val;
		else
			v = (x & val) != 0;
		m |= (unsigned int)v << i;
	}
	return m;
}

/* is a number of field @f (a scalar) among the CPUs of @mask? */
static bool ref_cpu_in(const unsigned long *mask, uint64_t v)
{
	return v < REF_NR_CPU_IDS && (mask[v / 64] >> (v % 64) & 1);
}

/* the CPUs of @rec's cpumask field @f: its bytes, those past its CPUs off */
static void ref_rec_mask(const struct ref_rec *rec, int f, unsigned long *w)
{
	int i;

	w[0] = w[1] = 0;
	for (i = 0; i < rec->len[f] && i < 16; i++)
		w[i / 8] |= (unsigned long)(unsigned char)rec->str[f][i] << (i % 8 * 8);
	w[1] &= (1UL << (REF_NR_CPU_IDS - 64)) - 1;
}

/*
 * FIELD OP CPUS{LIST}: a cpumask field against the CPUs (== the same, !=
 * not, & any in common); a number against more than one CPU (== never,
 * != always, & when among them; false whatever the op on a number of an
 * odd size: mainline's no-op, which has no "!=" form there); a
 * number against one CPU (or none: nr_cpu_ids) as against that number,
 * & as ==.
 */
static unsigned int ref_cpus_pred(struct ref *r, int f, int op,
				  const unsigned long *mask)
{
	const struct ref_field *fd = &ref_fields[f];
	bool sized = fd->kind == RK_CPU || fd->size == 1 || fd->size == 2 ||
		     fd->size == 4 || fd->size == 8;
	unsigned int m = 0, first, weight = 0;
	unsigned long w[2];
	int i;
	bool v;

	for (i = REF_NR_CPU_IDS - 1, first = REF_NR_CPU_IDS; i >= 0; i--)
		if (ref_cpu_in(mask, i)) {
			weight++;
			first = i;
		}
	if (fd->kind != RK_CPUMASK && weight <= 1)
		return ref_number_pred(r, f, op == R_AND ? R_EQ : op, first, false, 0);
	for (i = 0; i < r->nrec; i++) {
		if (fd->kind == RK_CPUMASK) {
			ref_rec_mask(&r->recs[i], f, w);
			v = op == R_AND ? (w[0] & mask[0]) || (w[1] & mask[1]) :
			    (w[0] == mask[0] && w[1] == mask[1]) == (op == R_EQ);
		} else if (!sized) {
			v = false;
		} else if (op != R_AND) {
			v = op == R_NE;
		} else {
			v = ref_cpu_in(mask, ref_raw(&r->recs[i], f));
		}
		m |= (unsigned int)v << i;
	}
	return m;
}

/* a run of letters (Latin-1 too) and digits from @i, and '_' if @under */
static int ref_run(const char *s, int i, bool under)
{
	while (ref_namechar(s[i]) || (under && s[i] == '_'))
		i++;
	return i;
}

/* FIELD[.ustring][.function] OP VALUE (not inlined: off the recursion) */
static __attribute__((noinline)) bool ref_pred(struct ref *r, unsigned int *m)
{
	const char *s = r->s;
	int start = r->pos, end, opos, vpos, f, op, n;
	bool function = false, isstr, sign;
	static char name[8192], tok[8192];	/* not reentered: no recursion here */
	const struct ref_field *fd;
	const struct ref_sym *sym;
	uint64_t val;

	end = ref_run(s, start, true);
	if (end == start)
		return ref_fail(r, NULL, 0, -EPERM);
	memcpy(name, s + start, end - start);
	name[end - start] = '\0';
	for (f = 0; f < ref_nfields; f++)
		if (!strcmp(ref_fields[f].name, name))
			break;
	if (f == ref_nfields)
		return ref_fail(r, NOT_FOUND, end + 1, -EINVAL);
	fd = &ref_fields[f];
	isstr = fd->kind == RK_STATIC || fd->kind == RK_DYN || fd->kind == RK_REL ||
		fd->kind == RK_PTR || fd->kind == RK_COMM;
	r->pos = end;
	/* .ustring (a char * of user memory: the same on the host) */
	if (!strncmp(s + r->pos, ".ustring", 8))
		r->pos += 8;
	if (!strncmp(s + r->pos, ".function", 9)) {
		function = true;
		r->pos += 9;
	}

	/* the operator: its first characters, whatever follows them */
	ref_blanks(r);
	opos = r->pos;
	op = -1;
	n = 2;
	if (s[opos + 1] == '=' && strchr("=!<>", s[opos]) && s[opos])
		op = s[opos] == '=' ? R_EQ : s[opos] == '!' ? R_NE :
		     s[opos] == '<' ? R_LE : R_GE;
	else if (s[opos] && strchr("<>&~", s[opos]))
		op = s[opos] == '<' ? R_LT : s[opos] == '>' ? R_GT :
		     s[opos] == '&' ? R_AND : R_GLOB, n = 1;
	if (op < 0)
		return ref_fail(r, BAD_OP, opos + 1, -EINVAL);
	r->pos = opos + n;

	ref_blanks(r);
	vpos = r->pos;
	if (function) {
		/* a function by address (digits first) or name, on a long */
		if (fd->size != 8)
			return ref_fail(r, BAD_FIELD_OP, vpos + 1, -EINVAL);
		if (op != R_EQ && op != R_NE)
			return ref_fail(r, BAD_OP, vpos + 1, -EINVAL);
		if (s[vpos] >= '0' && s[vpos] <= '9') {
			end = ref_run(s, vpos, false);
			if (end - vpos >= NUM_MAX)
				return ref_fail(r, TOO_LONG, end + 1, -EINVAL);
			memcpy(tok, s + vpos, end - vpos);
			tok[end - vpos] = '\0';
			if (!ref_number(tok, false, &val))
				return ref_fail(r, BAD_VALUE, end + 1, -EINVAL);
		} else {
			for (end = vpos; s[end] && !ref_isspace(s[end]); end++)
				;
			memcpy(tok, s + vpos, end - vpos);
			tok[end - vpos] = '\0';
			val = ref_sym_named(tok);
			if (!val)
				return ref_fail(r, NO_FUNCTION, end + 1, -EINVAL);
		}
		sym = ref_sym_at(val);
		if (!sym)
			return ref_fail(r, NO_FUNCTION, end + 1, -EINVAL);
		*m = ref_number_pred(r, f, op, sym->addr, true, sym->size);
		r->pos = end;
		return true;
	}
	if (!strncmp(s + vpos, "CPUS", 4)) {
		unsigned long mask[BITS_TO_LONGS_REF];
		int open = vpos + 4;
		static char list[8192];

		if (fd->kind != RK_NUM && fd->kind != RK_CPU && fd->kind != RK_CPUMASK)
			return ref_fail(r, BAD_FIELD_OP, vpos + 1, -EINVAL);
		if (op != R_EQ && op != R_NE && op != R_AND)
			return ref_fail(r, BAD_FIELD_OP, vpos + 1, -EINVAL);
		if (s[open] != '{')
			return ref_fail(r, "Missing '{'", open + 2, -EINVAL);
		end = open + 1 + strcspn(s + open + 1, "}");
		if (!s[end])
			return ref_fail(r, "Missing '}'", end + 1, -EINVAL);
		memcpy(list, s + open + 1, end - open - 1);
		list[end - open - 1] = '\0';
		if (end == open + 1 || shim_parselist(list, mask, REF_NR_CPU_IDS))
			return ref_fail(r, "Invalid cpulist", end + 1, -EINVAL);
		*m = ref_cpus_pred(r, f, op, mask);
		r->pos = end + 1;
		return true;
	}
	if (s[vpos] == '\'' || s[vpos] == '"') {
		const char *close;

		if (op != R_EQ && op != R_NE && op != R_GLOB)
			return ref_fail(r, BAD_FIELD_OP, vpos + 1, -EINVAL);
		if (!isstr)
			return ref_fail(r, WANT_NUMBER, vpos + 1, -EINVAL);
		/* the balance pass saw it closed */
		close = strchr(s + vpos + 1, s[vpos]);
		end = close - s;
		if (end - vpos - 1 >= 256)
			return ref_fail(r, TOO_LONG, end + 1, -EINVAL);
		*m = ref_string_pred(r, f, op, s + vpos + 1, end - vpos - 1);
		r->pos = end + 1;
		return true;
	}
	if ((s[vpos] >= '0' && s[vpos] <= '9') || s[vpos] == '-') {
		if (isstr)
			return ref_fail(r, WANT_STRING, vpos + 1, -EINVAL);
		if (op == R_GLOB)
			return ref_fail(r, BAD_FIELD_OP, vpos + 1, -EINVAL);
		end = ref_run(s, vpos + (s[vpos] == '-'), false);
		if (end - vpos >= NUM_MAX)
			return ref_fail(r, TOO_LONG, end + 1, -EINVAL);
		memcpy(tok, s + vpos, end - vpos);
		tok[end - vpos] = '\0';
		/* kstrtoll() for a signed field, kstrtoull() for the others */
		sign = fd->is_signed;
		if (!ref_number(tok, sign, &val))
			return ref_fail(r, BAD_INT, vpos + 1, -EINVAL);
		*m = ref_number_pred(r, f, op, val, false, 0);
		r->pos = end;
		return true;
	}
	return ref_fail(r, BAD_VALUE, vpos + 1, -EINVAL);
}

static bool ref_or(struct ref *r, unsigned int *m);

/* after a term: "&&", "||", ')' or the end; else this */
static bool ref_too_many(struct ref *r)
{
	return ref_fail(r, TOO_MANY, r->pos, -EPERM);
}

static bool ref_term(struct ref *r, unsigned int *m)
{
	unsigned int neg = 0;

	/* '!' TERM, as a loop: a '!' flips what the term after it gives */
	for (;;) {
		ref_blanks(r);
		if (r->s[r->pos] != '!' || r->s[r->pos + 1] == '=' ||
		    r->s[r->pos + 1] == '~')
			break;
		neg ^= r->all;
		r->pos++;
	}
	if (!r->s[r->pos])
		return ref_fail(r, r->npreds ? MEANINGLESS : NO_FILTER, r->pos,
				-EINVAL);
	if (r->s[r->pos] == '(') {
		if (++r->depth > REF_MAX_DEPTH) {
			r->res->too_deep = true;
			return false;
		}
		r->pos++;
		if (!ref_or(r, m))
			return false;
		ref_blanks(r);
		if (r->s[r->pos] != ')')
			return ref_too_many(r);
		r->pos++;
		r->depth--;
	} else if (ref_pred(r, m)) {
		r->npreds++;
	} else {
		return false;
	}
	*m ^= neg;
	return true;
}

static bool ref_and(struct ref *r, unsigned int *m)
{
	unsigned int b;

	if (!ref_term(r, m))
		return false;
	for (;;) {
		ref_blanks(r);
		if (strncmp(r->s + r->pos, "&&", 2))
			return true;
		r->pos += 2;
		if (!ref_term(r, &b))
			return false;
		*m &= b;
	}
}

static bool ref_or(struct ref *r, unsigned int *m)
{
	unsigned int b;

	if (!ref_and(r, m))
		return false;
	for (;;) {
		ref_blanks(r);
		if (strncmp(r->s + r->pos, "||", 2))
			return true;
		r->pos += 2;
		if (!ref_and(r, &b))
			return false;
		*m |= b;
	}
}

/* quotes and parentheses; false with the error if unbalanced */
static bool ref_balance(struct ref *r)
{
	static int open[8192];
	int nopen = 0, i, qpos = -1;
	bool term = false;
	char quote = 0;

	for (i = 0; r->s[i]; i++) {
		char c = r->s[i];

		if (quote) {
			if (c == quote)
				quote = 0;
			continue;
		}
		if (c == '\'' || c == '"') {
			quote = c;
			qpos = i;
		} else if (c == '(') {
			open[nopen++] = i;
		} else if (c == ')') {
			if (!nopen)
				return ref_fail(r, "Too few '('", i, -EPERM);
			nopen--;
		}
		if (!ref_isspace(c) && c != '(' && c != ')')
			term = true;
	}
	if (quote)
		return ref_fail(r, "Missing matching quote", qpos, -ESRCH);
	if (nopen)
		return ref_fail(r, "Too many '('", open[nopen - 1], -ENOENT);
	if (!term)
		return ref_fail(r, NULL, 0, -EINVAL);
	return true;
}

void ref_filter(const char *str, const struct ref_rec *recs, int nrec,
		struct ref_result *res)
{
	static char text[8192];
	struct ref r = {
		.recs = recs, .nrec = nrec, .all = (1U << nrec) - 1, .res = res,
	};
	size_t b = 0, e = strlen(str);
	unsigned int m = 0;

	memset(res, 0, sizeof(*res));
	/* blanks after it go, those before it stay and count for the caret */
	while (e > b && ref_isspace(str[e - 1]))
		e--;
	if (e - b >= sizeof(text))
		e = b + sizeof(text) - 1;	/* callers pass at most a page */
	memcpy(text, str + b, e - b);
	text[e - b] = '\0';
	res->text = text;
	r.s = text;
	/* nothing but blanks: an error of nothing ("Error: (0)" alone) */
	if (!text[strspn(text, " \t\n\v\f\r\xa0")]) {
		text[0] = '\0';
		ref_fail(&r, NULL, 0, -EINVAL);
		return;
	}
	if (!ref_balance(&r) || !ref_or(&r, &m))
		return;
	ref_blanks(&r);
	if (r.s[r.pos]) {
		ref_too_many(&r);
		return;
	}
	res->match = m;
}

void ref_filter_text(const struct ref_result *res, char *buf, size_t size)
{
	int len = strlen(res->text);

	if (!res->err)
		snprintf(buf, size, "%s\n", res->text);
	else if (!res->msg)
		snprintf(buf, size, "%s\nError: (0)\n\n", res->text);
	else
		snprintf(buf, size, "%s\n%*s^\nparse_error: %s\n\n", res->text,
			 res->pos < len ? res->pos : len, "", res->msg);
}
