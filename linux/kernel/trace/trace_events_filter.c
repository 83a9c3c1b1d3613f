// SPDX-License-Identifier: GPL-2.0
/*
 * Event fields and the filter language of events/.../filter files.
 *
 * A filter is predicates on the record's fields joined by &&, || and !,
 * with parentheses: "prev_pid == 0 && next_comm ~ \"sh*\"".  Numbers
 * compare with == != < <= > >= and & (any common bit); strings (char
 * arrays, __data_loc strings, char pointers, FIELD.ustring for a user
 * pointer, and the pseudo fields comm and cpu) with ==, != and ~ (a glob
 * of * and ?).  A numeric field named FIELD.function compares as the
 * function its value lies in, given by name or address; CPUS{LIST}
 * compares a CPU, a number or a cpumask field with a set of CPUs.
 * Errors carry mainline 6.12's messages, errno and caret positions
 * (observed on its black box, bench/events-blackbox.md sections 5 and 12).
 *
 * A filter is as long as a write (under a page) and nests as deep:
 * parsing keeps its operators on a stack as big as the text, without
 * recursion, and compiles to predicates that each say which one to test
 * next when they are true and when false, only ever forward.  The record
 * path tests each predicate at most once, in a loop, and allocates
 * nothing.
 *
 * Locking: none here.  Callers (trace_events.c) build and replace filters
 * under event_mutex; the record path evaluates one under RCU-sched and a
 * replaced one is freed after a grace period (event_filter_free_rcu()).
 */
#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "trace_events_internal.h"

/* ---- fields ----------------------------------------------------------- */

#define COMMON(_type, _name, _off, _size, _signed) {			\
	.type = _type, .name = _name, .offset = _off, .size = _size,	\
	.is_signed = _signed, .filter_type = FILTER_OTHER }

/* struct trace_entry, as every format file starts (mainline's) */
const struct event_field event_common_fields[] = {
	COMMON("unsigned short", "common_type", 0, 2, false),
	COMMON("unsigned char", "common_flags", 2, 1, false),
	COMMON("unsigned char", "common_preempt_count", 3, 1, false),
	COMMON("int", "common_pid", 4, 4, true),
};

const unsigned int event_nr_common_fields = ARRAY_SIZE(event_common_fields);

/* what filters may also name: the current task's comm, the CPU */
static const struct event_field pseudo_fields[] = {
	{ .type = "char *", .name = "comm", .size = TASK_COMM_LEN, .filter_type = FILTER_COMM },
	{ .type = "char *", .name = "COMM", .size = TASK_COMM_LEN, .filter_type = FILTER_COMM },
	{ .type = "int", .name = "cpu", .size = 4, .filter_type = FILTER_CPU },
	{ .type = "int", .name = "CPU", .size = 4, .filter_type = FILTER_CPU },
};

/* how a field compares, from its C type when the event did not say */
static int field_filter_type(const char *type, int filter_type)
{
	if (filter_type != FILTER_OTHER)
		return filter_type;
	if (strstr(type, "__data_loc") && strstr(type, "char"))
		return FILTER_DYN_STRING;
	if (strstr(type, "__data_loc") && strstr(type, "cpumask_t"))
		return FILTER_CPUMASK;
	if (strstr(type, "__rel_loc") && strstr(type, "char"))
		return FILTER_RDYN_STRING;
	if (strchr(type, '[') && strstr(type, "char"))
		return FILTER_STATIC_STRING;
	if (!strcmp(type, "char *") || !strcmp(type, "const char *"))
		return FILTER_PTR_STRING;
	return FILTER_OTHER;
}

static int field_add(struct list_head *head, const char *type, const char *name,
		     int offset, int size, int len, bool is_signed, int filter_type)
{
	struct event_field *f = kzalloc(sizeof(*f), GFP_KERNEL);

	if (!f)
		return -ENOMEM;
	f->type = type;
	f->name = name;
	f->offset = offset;
	f->size = size;
	f->len = len;
	f->is_signed = is_signed;
	f->filter_type = field_filter_type(type, filter_type);
	list_add_tail(&f->link, head);
	return 0;
}

/* for events whose fields are added by a define_fields() callback */
int trace_define_field(struct trace_event_call *call, const char *type,
		       const char *name, int offset, int size, int is_signed,
		       int filter_type)
{
	return field_add(trace_get_fields(call), type, name, offset, size, 0,
			 is_signed, filter_type);
}
EXPORT_SYMBOL_GPL(trace_define_field);

/*
 * The fields laid out as the compiler lays out the record struct, after
 * struct trace_entry: each at its alignment (include/trace/ stage 4).
 */
int event_fields_init(struct trace_event_call *call)
{
	struct trace_event_class *class = call->class;
	struct trace_event_fields *f = class->fields_array;
	int offset = sizeof(struct trace_entry), ret = 0;

	if (!f || !list_empty(&class->fields))
		return 0;
	for (; f->type; f++) {
		if (f->type == TRACE_FUNCTION_TYPE) {
			ret = f->define_fields(call);
			if (ret)
				break;
			continue;
		}
		offset = ALIGN(offset, f->align);
		ret = field_add(&class->fields, f->type, f->name, offset, f->size,
				f->len, f->is_signed, f->filter_type);
		if (ret)
			break;
		offset += f->size;
	}
	if (ret)
		event_fields_free(call);
	return ret;
}

void event_fields_free(struct trace_event_call *call)
{
	struct event_field *f, *n;

	if (call->class->get_fields)
		return;
	list_for_each_entry_safe(f, n, &call->class->fields, link) {
		list_del(&f->link);
		kfree(f);
	}
}

/* where @call's fixed fields end (the record before its dynamic data) */
int trace_event_get_offsets(struct trace_event_call *call)
{
	const struct event_field *f;
	int end = sizeof(struct trace_entry);

	list_for_each_entry(f, trace_get_fields(call), link)
		end = max(end, f->offset + f->size);
	return end;
}

const struct event_field *event_field_find(struct trace_event_call *call,
					   const char *name)
{
	const struct event_field *f;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(event_common_fields); i++)
		if (!strcmp(event_common_fields[i].name, name))
			return &event_common_fields[i];
	list_for_each_entry(f, trace_get_fields(call), link)
		if (!strcmp(f->name, name))
			return f;
	for (i = 0; i < ARRAY_SIZE(pseudo_fields); i++)
		if (!strcmp(pseudo_fields[i].name, name))
			return &pseudo_fields[i];
	return NULL;
}

/* ---- compiled filters ------------------------------------------------- */

enum pred_op { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_BAND, OP_GLOB };

/*
 * A predicate, and where evaluation goes after it: to the predicate at
 * @on_true or @on_false, or past the last one, npreds for "passes" and
 * npreds + 1 for "fails".  Both only go forward, so a record is tested
 * at most once per predicate, however the expression nests.
 */
struct filter_pred {
	const struct event_field *field;
	enum pred_op		op;
	bool			is_string;
	bool			function;	/* FIELD.function: [val, val + size) */
	bool			nop;		/* a number of a size it cannot read */
	bool			ustring;	/* FIELD.ustring: a user pointer */
	/* CPUS{LIST} of more than one CPU, or of any for a cpumask field */
	struct cpumask		*mask;
	unsigned int		on_true;
	unsigned int		on_false;
	u64			val;
	u64			size;
	char			*str;
	int			str_len;
};

struct event_filter {
	struct rcu_head		rcu;
	char			*text;		/* what the filter file shows */
	unsigned int		npreds;
	struct filter_pred	*preds;		/* NULL: no program (an error) */
	/* an error: its message and where in @cmd the parser stopped */
	const char		*err_msg;
	char			*cmd;
	int			err_pos;
};

bool event_filter_active(const struct event_filter *f)
{
	return f && f->preds;
}

/* a numeric field of 1, 2, 4 or 8 bytes (the parser made the others nops) */
static u64 field_number(const struct event_field *field, void *rec)
{
	void *p = rec + field->offset;

	if (field->filter_type == FILTER_CPU)
		return raw_smp_processor_id();
	switch (field->size) {
	case 1:
		return field->is_signed ? (u64)(s64)*(s8 *)p : *(u8 *)p;
	case 2:
		return field->is_signed ? (u64)(s64)*(s16 *)p : *(u16 *)p;
	case 4:
		return field->is_signed ? (u64)(s64)*(s32 *)p : *(u32 *)p;
	default:
		return *(u64 *)p;
	}
}

static bool field_size_ok(const struct event_field *field)
{
	return field->filter_type == FILTER_CPU || field->size == 1 ||
	       field->size == 2 || field->size == 4 || field->size == 8;
}

static bool compare_number(const struct filter_pred *pred, u64 v)
{
	bool s = pred->field->is_signed;

	if (pred->function)
		return (v >= pred->val && v < pred->val + pred->size) ==
		       (pred->op == OP_EQ);
	switch (pred->op) {
	case OP_EQ:
		return v == pred->val;
	case OP_NE:
		return v != pred->val;
	case OP_LT:
		return s ? (s64)v < (s64)pred->val : v < pred->val;
	case OP_LE:
		return s ? (s64)v <= (s64)pred->val : v <= pred->val;
	case OP_GT:
		return s ? (s64)v > (s64)pred->val : v > pred->val;
	case OP_GE:
		return s ? (s64)v >= (s64)pred->val : v >= pred->val;
	case OP_BAND:
		return v & pred->val;
	default:
		return false;
	}
}

/* a glob of '*' and '?' against @len bytes of @s, without recursion */
static bool glob_match_len(const char *pat, const char *s, int len)
{
	const char *star = NULL;
	int i = 0, back = 0;

	while (i < len) {
		if (*pat == '*') {
			star = ++pat;
			back = i;
		} else if (*pat && (*pat == '?' || *pat == s[i])) {
			pat++;
			i++;
		} else if (star) {
			pat = star;
			i = ++back;
		} else {
			return false;
		}
	}
	while (*pat == '*')
		pat++;
	return !*pat;
}

/* the string field of @rec, not beyond the record's bytes it names */
static const char *field_string(const struct event_field *field, void *rec,
				int *len, char *buf, bool user)
{
	u32 loc;

	switch (field->filter_type) {
	case FILTER_COMM:
		memcpy(buf, current->comm, TASK_COMM_LEN);
		*len = strnlen(buf, TASK_COMM_LEN);
		return buf;
	case FILTER_STATIC_STRING:
		*len = strnlen(rec + field->offset, field->size);
		return rec + field->offset;
	case FILTER_DYN_STRING:
	case FILTER_RDYN_STRING:
		loc = *(u32 *)(rec + field->offset);
		*len = strnlen(rec + (loc & 0xffff) +
			       (field->filter_type == FILTER_RDYN_STRING ?
				field->offset + 4 : 0), loc >> 16);
		return rec + (loc & 0xffff) +
		       (field->filter_type == FILTER_RDYN_STRING ? field->offset + 4 : 0);
	case FILTER_PTR_STRING:
		if (user)
			*len = strncpy_from_user_nofault(buf, *(const char __user **)
							 (rec + field->offset),
							 MAX_FILTER_STR_VAL);
		else
			*len = strncpy_from_kernel_nofault(buf, *(const char **)
							   (rec + field->offset),
							   MAX_FILTER_STR_VAL);
		if (*len < 0)
			*len = 0;
		else if (*len)
			(*len)--;
		return buf;
	}
	*len = 0;
	return "";
}

/*
 * A cpumask field (a __data_loc bitmap in @rec) against @mask: == the
 * same CPUs, != not, & any in common.
 */
static bool compare_cpumask(const struct filter_pred *pred, void *rec)
{
	const struct event_field *field = pred->field;
	u32 loc = *(u32 *)(rec + field->offset);
	const u8 *bits = rec + (loc & 0xffff);
	unsigned int len = loc >> 16, i, n = BITS_TO_LONGS(nr_cpu_ids);
	bool eq = true, any = false;

	for (i = 0; i < n; i++) {
		unsigned long w = 0, m = cpumask_bits(pred->mask)[i];
		unsigned int at = i * sizeof(w);

		if (at < len)
			memcpy(&w, bits + at, min_t(unsigned int, sizeof(w), len - at));
		if (i == n - 1 && nr_cpu_ids % BITS_PER_LONG)
			w &= BIT(nr_cpu_ids % BITS_PER_LONG) - 1;
		eq &= w == m;
		any |= !!(w & m);
	}
	switch (pred->op) {
	case OP_EQ:
		return eq;
	case OP_NE:
		return !eq;
	default:
		return any;
	}
}

/*
 * A number against CPUS{} of more than one CPU (mainline's): never equal
 * to one, always different, & when among them.
 */
static bool compare_cpus(const struct filter_pred *pred, u64 v)
{
	switch (pred->op) {
	case OP_EQ:
		return false;
	case OP_NE:
		return true;
	default:
		return v < nr_cpu_ids && cpumask_test_cpu(v, pred->mask);
	}
}

static bool pred_match(const struct filter_pred *pred, void *rec)
{
	char buf[MAX_FILTER_STR_VAL];
	const char *s;
	bool eq;
	int len;

	/* mainline's: such a predicate is false, and != true */
	if (pred->nop)
		return pred->op == OP_NE;
	/* mask is a cpumask field's, or more than one CPU for a number */
	if (pred->mask) {
		if (pred->field->filter_type == FILTER_CPUMASK)
			return compare_cpumask(pred, rec);
		return compare_cpus(pred, field_number(pred->field, rec));
	}
	if (!pred->is_string)
		return compare_number(pred, field_number(pred->field, rec));
	s = field_string(pred->field, rec, &len, buf, pred->ustring);
	if (pred->op == OP_GLOB)
		return glob_match_len(pred->str, s, len);
	eq = len == pred->str_len && !memcmp(s, pred->str, len);
	return pred->op == OP_EQ ? eq : !eq;
}

/* 1 if @rec passes @filter */
int filter_match_preds(struct event_filter *filter, void *rec)
{
	const struct filter_pred *preds;
	unsigned int i = 0, n;

	if (!filter || !filter->preds)
		return 1;
	preds = filter->preds;
	n = filter->npreds;
	while (i < n)
		i = pred_match(&preds[i], rec) ? preds[i].on_true : preds[i].on_false;
	return i == n;
}
EXPORT_SYMBOL_GPL(filter_match_preds);

/* ---- the parser ------------------------------------------------------- */

/*
 * Without recursion: operators wait on a stack until what binds tighter
 * is reduced (operator precedence), '!' binding tightest, then "&&",
 * then "||", all but '!' from the left.  A reduction makes a node of the
 * expression's tree; a node is made after its operands, so walking the
 * nodes backwards visits every parent before its children.
 */
enum { STK_PAREN, STK_OR, STK_AND, STK_NOT };

struct filter_node {
	int			left, right;	/* -1: a predicate */
	unsigned int		first;		/* its first predicate */
	u8			op;		/* STK_AND, STK_OR */
	bool			negate;
	/* where evaluation goes when the node is true, false */
	unsigned int		on_true;
	unsigned int		on_false;
};

struct parser {
	struct trace_event_call	*call;
	char			*s;		/* the parser's own copy */
	int			pos;
	struct event_filter	*f;
	unsigned int		max_preds;	/* room in f->preds */
	struct filter_node	*nodes;		/* 2 * max_preds */
	unsigned int		nnodes;
	int			*vals;		/* operands: nodes */
	unsigned int		nvals;
	u8			*ops;		/* STK_*, strlen(s) */
	unsigned int		nops;
	const char		*err;
	int			err_pos;
	int			err_no;
};

/* the first error: @msg NULL for those mainline gives no message */
static int fail(struct parser *p, const char *msg, int pos, int err)
{
	if (!p->err_no) {
		p->err = msg;
		p->err_pos = pos;
		p->err_no = err;
	}
	return err;
}

static void skip_blanks(struct parser *p)
{
	while (isspace(p->s[p->pos]))
		p->pos++;
}

static const struct {
	const char	*name;
	enum pred_op	op;
} pred_ops[] = {
	{ "==", OP_EQ }, { "!=", OP_NE }, { "<=", OP_LE }, { ">=", OP_GE },
	{ "<", OP_LT }, { ">", OP_GT }, { "&", OP_BAND }, { "~", OP_GLOB },
};

/* as mainline 6.12's: longer numbers are refused as too long */
#define FILTER_NUM_MAX	24

static bool is_string_type(const struct event_field *field)
{
	switch (field->filter_type) {
	case FILTER_STATIC_STRING:
	case FILTER_DYN_STRING:
	case FILTER_RDYN_STRING:
	case FILTER_PTR_STRING:
	case FILTER_COMM:
		return true;
	default:
		return false;
	}
}

/*
 * The text from @start to @end as a C string: @p's copy is cut at @end,
 * which the caller gives back with text_mend() and the returned byte.
 */
static char text_cut(struct parser *p, int end)
{
	char c = p->s[end];

	p->s[end] = '\0';
	return c;
}

static void text_mend(struct parser *p, int end, char c)
{
	p->s[end] = c;
}

/* where the name (letters, digits, '_') at @start of @p's text ends */
static int name_end(struct parser *p, int start)
{
	int i = start;

	while (isalnum(p->s[i]) || p->s[i] == '_')
		i++;
	return i;
}

/* where the number (letters and digits: "0x1f") at @start ends */
static int number_end(struct parser *p, int start)
{
	int i = start;

	while (isalnum(p->s[i]))
		i++;
	return i;
}

/*
 * CPUS{LIST} at @vpos (a cpulist: "0-3,8"), for a CPU, a number or a
 * cpumask field, with ==, != or &; *@end after the '}'.  One CPU is that
 * number to a scalar field ('&' then is '=='), as mainline's.
 */
static int parse_cpus(struct parser *p, struct filter_pred *pred, int vpos, int *end)
{
	const struct event_field *field = pred->field;
	int open = vpos + strlen("CPUS"), close;
	char *list;
	int ret;

	if (field->filter_type != FILTER_CPU && field->filter_type != FILTER_OTHER &&
	    field->filter_type != FILTER_CPUMASK)
		return fail(p, "Illegal operation for field type", vpos + 1, -EINVAL);
	if (pred->op != OP_EQ && pred->op != OP_NE && pred->op != OP_BAND)
		return fail(p, "Illegal operation for field type", vpos + 1, -EINVAL);
	if (p->s[open] != '{')
		return fail(p, "Missing '{'", open + 2, -EINVAL);
	for (close = open + 1; p->s[close] && p->s[close] != '}'; close++)
		;
	if (p->s[close] != '}')
		return fail(p, "Missing '}'", close + 1, -EINVAL);
	if (close == open + 1)
		return fail(p, "Invalid cpulist", close + 1, -EINVAL);
	list = kmemdup_nul(p->s + open + 1, close - open - 1, GFP_KERNEL);
	pred->mask = kzalloc(cpumask_size(), GFP_KERNEL);
	if (!list || !pred->mask) {
		kfree(list);
		return fail(p, "Out of memory", vpos, -ENOMEM);
	}
	ret = cpulist_parse(list, pred->mask);
	kfree(list);
	if (ret)
		return fail(p, "Invalid cpulist", close + 1, -EINVAL);
	*end = close + 1;
	if (field->filter_type == FILTER_CPUMASK)
		return 0;
	pred->nop = !field_size_ok(field);
	if (cpumask_weight(pred->mask) > 1) {
		/* mainline's: against a number it cannot read, false whatever the op */
		if (pred->nop)
			pred->op = OP_EQ;
		return 0;
	}
	/* one CPU: a number */
	pred->val = cpumask_first(pred->mask);
	kfree(pred->mask);
	pred->mask = NULL;
	if (pred->op == OP_BAND)
		pred->op = OP_EQ;
	return 0;
}

/*
 * FIELD[.ustring][.function] OP VALUE into the next predicate.  The checks come in
 * mainline 6.12's order, with its messages and carets (observed on its
 * black box, bench/events-blackbox.md section 12): a value is a quoted
 * string, a number (an optional '-', then letters and digits: "0x10"),
 * or for FIELD.function a function's name or address.
 */
static int parse_pred_into(struct parser *p, struct filter_pred *pred)
{
	const struct event_field *field;
	int start, end, opos, vpos, i, ret;
	unsigned long size, off;
	const char *c;
	char cut;

	start = p->pos;
	end = name_end(p, start);
	/* not a field at all: mainline's bare EPERM ("Error: (0)") */
	if (start == end)
		return fail(p, NULL, 0, -EPERM);
	cut = text_cut(p, end);
	field = event_field_find(p->call, p->s + start);
	text_mend(p, end, cut);
	if (!field)
		return fail(p, "Field not found", end + 1, -EINVAL);
	pred->field = field;
	p->pos = end;
	if (str_has_prefix(p->s + p->pos, ".ustring")) {
		pred->ustring = true;
		p->pos += strlen(".ustring");
	}
	if (str_has_prefix(p->s + p->pos, ".function")) {
		pred->function = true;
		p->pos += strlen(".function");
	}

	skip_blanks(p);
	opos = p->pos;
	for (i = 0; i < ARRAY_SIZE(pred_ops); i++)
		if (str_has_prefix(p->s + opos, pred_ops[i].name))
			break;
	if (i == ARRAY_SIZE(pred_ops))
		return fail(p, "Invalid operator", opos + 1, -EINVAL);
	pred->op = pred_ops[i].op;
	p->pos = opos + strlen(pred_ops[i].name);

	skip_blanks(p);
	vpos = p->pos;
	c = p->s + vpos;
	if (pred->function) {
		char tok[FILTER_NUM_MAX];

		if (field->size != sizeof(long))
			return fail(p, "Illegal operation for field type", vpos + 1, -EINVAL);
		if (pred->op != OP_EQ && pred->op != OP_NE)
			return fail(p, "Invalid operator", vpos + 1, -EINVAL);
		if (isdigit(*c)) {
			end = number_end(p, vpos);
			if (end - vpos >= FILTER_NUM_MAX)
				return fail(p, "Operand too long", end + 1, -EINVAL);
			memcpy(tok, c, end - vpos);
			tok[end - vpos] = '\0';
			if (kstrtoull(tok, 0, &pred->val))
				return fail(p, "Invalid value (did you forget quotes)?",
					    end + 1, -EINVAL);
		} else {
			for (end = vpos; p->s[end] && !isspace(p->s[end]); end++)
				;
			cut = text_cut(p, end);
			pred->val = kallsyms_lookup_name(c);
			text_mend(p, end, cut);
			if (!pred->val)
				return fail(p, "Function not found", end + 1, -EINVAL);
		}
		if (!kallsyms_lookup_size_offset(pred->val, &size, &off))
			return fail(p, "Function not found", end + 1, -EINVAL);
		pred->val -= off;
		pred->size = size;
	} else if (str_has_prefix(c, "CPUS")) {
		ret = parse_cpus(p, pred, vpos, &end);
		if (ret)
			return ret;
	} else if (*c == '"' || *c == '\'') {
		const char *close;

		if (pred->op != OP_EQ && pred->op != OP_NE && pred->op != OP_GLOB)
			return fail(p, "Illegal operation for field type", vpos + 1, -EINVAL);
		if (!is_string_type(field))
			return fail(p, "Expecting numeric field", vpos + 1, -EINVAL);
		/* check_balance() saw every quote closed */
		close = strchr(c + 1, *c);
		if (WARN_ON_ONCE(!close))
			return fail(p, "Missing matching quote", vpos, -EINVAL);
		end = close - p->s;
		if (end - vpos - 1 >= MAX_FILTER_STR_VAL)
			return fail(p, "Operand too long", end + 1, -EINVAL);
		pred->str_len = end - vpos - 1;
		pred->str = kmemdup_nul(c + 1, pred->str_len, GFP_KERNEL);
		if (!pred->str)
			return fail(p, "Out of memory", vpos, -ENOMEM);
		pred->is_string = true;
		end++;
	} else if (isdigit(*c) || *c == '-') {
		char tok[FILTER_NUM_MAX];

		if (is_string_type(field))
			return fail(p, "Expecting string field", vpos + 1, -EINVAL);
		if (pred->op == OP_GLOB)
			return fail(p, "Illegal operation for field type", vpos + 1, -EINVAL);
		end = number_end(p, vpos + (*c == '-'));
		if (end - vpos >= FILTER_NUM_MAX)
			return fail(p, "Operand too long", end + 1, -EINVAL);
		memcpy(tok, c, end - vpos);
		tok[end - vpos] = '\0';
		if (field->is_signed)
			ret = kstrtoll(tok, 0, (s64 *)&pred->val);
		else
			ret = kstrtoull(tok, 0, &pred->val);
		if (ret)
			return fail(p, "Illegal integer value", vpos + 1, -EINVAL);
		pred->nop = !field_size_ok(field);
	} else {
		return fail(p, "Invalid value (did you forget quotes)?", vpos + 1, -EINVAL);
	}
	p->pos = end;
	/* cannot happen: a predicate's operator is one check_balance() counted */
	if (WARN_ON_ONCE(p->f->npreds >= p->max_preds))
		return fail(p, "Too many terms", start, -EINVAL);
	return 0;
}

static int parse_pred(struct parser *p)
{
	struct filter_pred pred = {};
	int ret = parse_pred_into(p, &pred);

	if (ret) {
		kfree(pred.str);
		kfree(pred.mask);
		return ret;
	}
	p->f->preds[p->f->npreds++] = pred;
	return 0;
}

/* the predicate just parsed, as a node on the operand stack */
static void push_pred(struct parser *p)
{
	struct filter_node *n = &p->nodes[p->nnodes];

	n->left = -1;
	n->right = -1;
	n->first = p->f->npreds - 1;
	n->negate = false;
	p->vals[p->nvals++] = p->nnodes++;
}

/* apply the operator on top of the stack to the operands under it */
static void reduce(struct parser *p)
{
	u8 op = p->ops[--p->nops];
	struct filter_node *n;

	if (op == STK_NOT) {
		p->nodes[p->vals[p->nvals - 1]].negate ^= true;
		return;
	}
	n = &p->nodes[p->nnodes];
	n->op = op;
	n->right = p->vals[--p->nvals];
	n->left = p->vals[p->nvals - 1];
	n->first = p->nodes[n->left].first;
	n->negate = false;
	p->vals[p->nvals - 1] = p->nnodes++;
}

/* reduce what binds at least as tightly as @op */
static void reduce_to(struct parser *p, u8 op)
{
	while (p->nops && p->ops[p->nops - 1] != STK_PAREN &&
	       p->ops[p->nops - 1] >= op)
		reduce(p);
}

/*
 * EXPR := TERM { ("&&" | "||") TERM }, TERM := '!' TERM | '(' EXPR ')' |
 * FIELD OP VALUE, '!' not followed by '=' or '~'.  Errors as mainline's:
 * the end where a term should be is "No filter found" before the first
 * predicate, "Meaningless filter expression" after; after a term, what
 * is not "&&", "||", ')' or the end is "Too many terms in predicate
 * expression" (EPERM); where a term should be, what cannot start one is
 * a bare EPERM.
 */
static int parse_expr(struct parser *p)
{
	bool operand = true;	/* a term comes next */
	int ret;

	for (;;) {
		const char *c;

		skip_blanks(p);
		c = p->s + p->pos;
		if (operand) {
			if (!*c)
				return fail(p, p->f->npreds ? "Meaningless filter expression" :
					    "No filter found", p->pos, -EINVAL);
			if (*c == '!' && c[1] != '=' && c[1] != '~') {
				p->ops[p->nops++] = STK_NOT;
				p->pos++;
			} else if (*c == '(') {
				p->ops[p->nops++] = STK_PAREN;
				p->pos++;
			} else {
				ret = parse_pred(p);
				if (ret)
					return ret;
				push_pred(p);
				reduce_to(p, STK_NOT);
				operand = false;
			}
			continue;
		}
		if (!*c)
			break;
		if (c[0] == '&' && c[1] == '&') {
			reduce_to(p, STK_AND);
			p->ops[p->nops++] = STK_AND;
		} else if (c[0] == '|' && c[1] == '|') {
			reduce_to(p, STK_OR);
			p->ops[p->nops++] = STK_OR;
		} else if (*c == ')') {
			reduce_to(p, STK_OR);
			/* check_balance() matched every ')' */
			if (WARN_ON_ONCE(!p->nops))
				return fail(p, "Too few '('", p->pos, -EPERM);
			p->nops--;	/* the '(' */
			p->pos++;
			reduce_to(p, STK_NOT);
			continue;
		} else {
			return fail(p, "Too many terms in predicate expression", p->pos, -EPERM);
		}
		p->pos += 2;
		operand = true;
	}
	reduce_to(p, STK_OR);
	/* check_balance() matched every '(' */
	if (WARN_ON_ONCE(p->nops))
		return fail(p, "Too many '('", p->pos, -ENOENT);
	return 0;
}

/*
 * Where each predicate goes next, from the root down: a node is true or
 * false as a whole; the left of an && goes on to the right's first
 * predicate if true, the left of an || if false.
 */
static void link_preds(struct parser *p)
{
	struct filter_node *root = &p->nodes[p->nnodes - 1];
	int i;

	root->on_true = p->f->npreds;
	root->on_false = p->f->npreds + 1;
	for (i = p->nnodes - 1; i >= 0; i--) {
		struct filter_node *x = &p->nodes[i];
		unsigned int t = x->on_true, f = x->on_false;
		struct filter_node *l, *r;

		if (x->negate)
			swap(t, f);
		if (x->left < 0) {
			p->f->preds[x->first].on_true = t;
			p->f->preds[x->first].on_false = f;
			continue;
		}
		l = &p->nodes[x->left];
		r = &p->nodes[x->right];
		r->on_true = t;
		r->on_false = f;
		l->on_true = x->op == STK_AND ? r->first : t;
		l->on_false = x->op == STK_AND ? f : r->first;
	}
}

/*
 * Quotes and parentheses first, with mainline's messages and codes passed
 * back as its errno: the first ')' without its '(' is -1 (EPERM), a quote
 * not closed -3 (ESRCH), then the last '(' without its ')' -2 (ENOENT).
 * Counts in *@nops the runs of operator characters outside quotes: a
 * predicate's operator is one, apart from the next predicate's by at
 * least its value and the next field name.  A text of nothing but
 * blanks and parentheses is a bare EINVAL, as mainline's.
 */
static int check_balance(struct parser *p, unsigned int *nops)
{
	int open = 0, i, level;
	bool in_op = false, term = false;
	char quote = 0;
	int qpos = 0;

	*nops = 0;
	for (i = 0; p->s[i]; i++) {
		char c = p->s[i];

		if (quote) {
			if (c == quote)
				quote = 0;
			continue;
		}
		if (c == '"' || c == '\'') {
			quote = c;
			qpos = i;
		} else if (c == '(') {
			open++;
		} else if (c == ')') {
			if (!open--)
				return fail(p, "Too few '('", i, -EPERM);
		}
		if (!isspace(c) && c != '(' && c != ')')
			term = true;
		if (strchr("=<>&~", c)) {
			*nops += !in_op;
			in_op = true;
		} else {
			in_op = false;
		}
	}
	if (quote)
		return fail(p, "Missing matching quote", qpos, -ESRCH);
	if (open) {
		/* from the end: the first '(' that nothing after it closes */
		for (level = 0, i--; i >= 0; i--) {
			char c = p->s[i];

			if (quote) {
				if (c == quote)
					quote = 0;
			} else if (c == '"' || c == '\'') {
				quote = c;
			} else if (c == ')') {
				level++;
			} else if (c == '(' && !level--) {
				break;
			}
		}
		return fail(p, "Too many '('", max(i, 0), -ENOENT);
	}
	if (!term)
		return fail(p, NULL, 0, -EINVAL);
	return 0;
}

static void filter_free_preds(struct event_filter *f)
{
	unsigned int i;

	if (f->preds)
		for (i = 0; i < f->npreds; i++) {
			kfree(f->preds[i].str);
			kfree(f->preds[i].mask);
		}
	kvfree(f->preds);
	f->preds = NULL;
}

/* the predicates in an array of their number, not of the bound's */
static int filter_shrink(struct event_filter *f)
{
	struct filter_pred *preds;

	preds = kmemdup_array(f->preds, f->npreds, sizeof(*preds), GFP_KERNEL);
	if (!preds)
		return -ENOMEM;
	kvfree(f->preds);
	f->preds = preds;
	return 0;
}

void event_filter_free(struct event_filter *f)
{
	if (!f)
		return;
	filter_free_preds(f);
	kfree(f->text);
	kfree(f->cmd);
	kfree(f);
}

static void filter_free_rcu(struct rcu_head *head)
{
	event_filter_free(container_of(head, struct event_filter, rcu));
}

void event_filter_free_rcu(struct event_filter *f)
{
	call_rcu(&f->rcu, filter_free_rcu);
}

/*
 * A filter that filters nothing and shows @str with a caret under @pos
 * and @msg: "prev_pid ==\n           ^\nparse_error: Invalid value ...\n"
 * (mainline's filter file after a bad write; the caret at most at the end);
 * without @msg (an error mainline gives no message), "STR\nError: (0)\n".
 */
struct event_filter *event_filter_error(const char *str, const char *msg, int pos)
{
	struct event_filter *f = kzalloc(sizeof(*f), GFP_KERNEL);
	int len = strlen(str);

	if (!f)
		return NULL;
	f->err_msg = msg;
	f->err_pos = pos;
	f->cmd = kstrdup(str, GFP_KERNEL);
	if (pos > len)
		pos = len;
	if (!msg || !*msg)
		f->text = kasprintf(GFP_KERNEL, "%s\nError: (0)\n\n", str);
	else
		f->text = kasprintf(GFP_KERNEL, "%s\n%*s^\nparse_error: %s\n\n",
				    str, pos, "", msg);
	if (!f->text || !f->cmd) {
		event_filter_free(f);
		return NULL;
	}
	return f;
}

/* the error of @f (from event_filter_parse()) in @tr's error_log */
void event_filter_log_error(struct trace_array *tr, const struct event_filter *f)
{
	if (!f || f->preds || !f->cmd)
		return;
	/* mainline's "Error" under the start for the errors it says nothing of */
	trace_log_err(tr, "event filter parse error", f->cmd,
		      f->err_msg && *f->err_msg ? f->err_msg : "Error",
		      f->err_msg && *f->err_msg ? f->err_pos : 0);
}

int event_filter_parse(struct trace_event_call *call, const char *str,
		       struct event_filter **fp)
{
	struct parser p = { .call = call };
	struct event_filter *f;
	unsigned int nops;
	char *text;
	int ret;

	*fp = NULL;
	text = kstrdup(str, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	/* blanks before it stay, and count for the caret (mainline's) */
	p.s = text;
	for (ret = strlen(text); ret && isspace(text[ret - 1]); ret--)
		text[ret - 1] = '\0';
	if (!*skip_spaces(p.s)) {
		*fp = event_filter_error("", "", 0);
		kfree(text);
		return -EINVAL;
	}
	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f) {
		kfree(text);
		return -ENOMEM;
	}
	p.f = f;
	ret = check_balance(&p, &nops);
	if (!ret) {
		/* as many predicates as operators at most, each a node, and ops */
		p.max_preds = nops;
		f->preds = kvcalloc(nops, sizeof(*f->preds), GFP_KERNEL);
		p.nodes = kvmalloc_array(2 * nops, sizeof(*p.nodes), GFP_KERNEL);
		p.vals = kvmalloc_array(nops, sizeof(*p.vals), GFP_KERNEL);
		p.ops = kmalloc(strlen(p.s), GFP_KERNEL);
		if (!f->preds || !p.nodes || !p.vals || !p.ops)
			ret = fail(&p, "Out of memory", 0, -ENOMEM);
	}
	if (!ret)
		ret = parse_expr(&p);
	if (!ret)
		link_preds(&p);
	kvfree(p.nodes);
	kvfree(p.vals);
	kfree(p.ops);
	if (!ret)
		ret = filter_shrink(f);
	if (ret) {
		event_filter_free(f);
		if (ret != -ENOMEM)
			*fp = event_filter_error(p.s, p.err, p.err_pos);
		kfree(text);
		return ret;
	}
	/* the text as written, less the blanks after it */
	f->text = kasprintf(GFP_KERNEL, "%s\n", p.s);
	kfree(text);
	if (!f->text) {
		event_filter_free(f);
		return -ENOMEM;
	}
	*fp = f;
	return 0;
}

/* the filter file's text: "none" without a filter */
int event_filter_text(const struct event_filter *f, char *buf, size_t size)
{
	return scnprintf(buf, size, "%s", f ? f->text : "none\n");
}
