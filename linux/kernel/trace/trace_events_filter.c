// SPDX-License-Identifier: GPL-2.0
/*
 * Event fields and the filter language of events/.../filter files.
 *
 * A filter is predicates on the record's fields joined by &&, || and !,
 * with parentheses: "prev_pid == 0 && next_comm ~ \"sh*\"".  Numbers
 * compare with == != < <= > >= and & (any common bit); strings (char
 * arrays, __data_loc strings, char pointers, and the pseudo fields comm
 * and cpu) with ==, != and ~ (a glob of * and ?).  A numeric field named
 * FIELD.function compares as the function its value lies in, given by
 * name or address.  Errors carry mainline 6.12's messages, errno and
 * caret positions (observed on its black box, bench/events-blackbox.md).
 *
 * A filter compiles to a postfix program over a stack of bits, at most
 * FILTER_MAX_DEPTH deep, so the record path neither recurses nor
 * allocates.
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

struct filter_pred {
	const struct event_field *field;
	enum pred_op		op;
	bool			is_string;
	bool			function;	/* FIELD.function: [val, val + size) */
	u64			val;
	u64			size;
	char			*str;
	int			str_len;
};

/* the program: a predicate pushes its bit, the others combine the top */
enum { PROG_PRED, PROG_AND, PROG_OR, PROG_NOT };

struct filter_insn {
	u8			op;
	u16			pred;
};

#define FILTER_MAX_DEPTH	64
#define FILTER_MAX_PREDS	256

struct event_filter {
	struct rcu_head		rcu;
	char			*text;		/* what the filter file shows */
	unsigned int		ninsns;
	unsigned int		npreds;
	struct filter_insn	*insns;		/* NULL: no program (an error) */
	struct filter_pred	*preds;
	/* an error: its message and where in @cmd the parser stopped */
	const char		*err_msg;
	char			*cmd;
	int			err_pos;
};

bool event_filter_active(const struct event_filter *f)
{
	return f && f->insns;
}

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
				int *len, char *buf)
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
		*len = strncpy_from_kernel_nofault(buf, *(const char **)(rec + field->offset),
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

static bool pred_match(const struct filter_pred *pred, void *rec)
{
	char buf[MAX_FILTER_STR_VAL];
	const char *s;
	bool eq;
	int len;

	if (!pred->is_string)
		return compare_number(pred, field_number(pred->field, rec));
	s = field_string(pred->field, rec, &len, buf);
	if (pred->op == OP_GLOB)
		return glob_match_len(pred->str, s, len);
	eq = len == pred->str_len && !memcmp(s, pred->str, len);
	return pred->op == OP_EQ ? eq : !eq;
}

/* 1 if @rec passes @filter */
int filter_match_preds(struct event_filter *filter, void *rec)
{
	const struct filter_insn *in;
	u64 stack = 0;
	unsigned int i;
	u64 b;

	if (!filter || !filter->insns)
		return 1;
	for (i = 0, in = filter->insns; i < filter->ninsns; i++, in++) {
		switch (in->op) {
		case PROG_PRED:
			stack = stack << 1 | pred_match(&filter->preds[in->pred], rec);
			break;
		case PROG_NOT:
			stack ^= 1;
			break;
		case PROG_AND:
			b = stack & 1;
			stack >>= 1;
			stack &= ~1ULL | b;
			break;
		case PROG_OR:
			b = stack & 1;
			stack >>= 1;
			stack |= b;
			break;
		}
	}
	return stack & 1;
}
EXPORT_SYMBOL_GPL(filter_match_preds);

/* ---- the parser ------------------------------------------------------- */

struct parser {
	struct trace_event_call	*call;
	const char		*s;
	int			pos;
	struct event_filter	*f;
	int			depth;		/* of the program's stack */
	int			max_depth;
	const char		*err;
	int			err_pos;
	int			err_no;
};

static int fail(struct parser *p, const char *msg, int pos, int err)
{
	if (!p->err) {
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

static int emit(struct parser *p, u8 op, u16 pred)
{
	struct event_filter *f = p->f;

	if (op == PROG_PRED && ++p->depth > FILTER_MAX_DEPTH)
		return fail(p, "Too many terms", p->pos, -EINVAL);
	if (op == PROG_AND || op == PROG_OR)
		p->depth--;
	f->insns[f->ninsns].op = op;
	f->insns[f->ninsns].pred = pred;
	f->ninsns++;
	return 0;
}

static const struct {
	const char	*name;
	enum pred_op	op;
} pred_ops[] = {
	{ "==", OP_EQ }, { "!=", OP_NE }, { "<=", OP_LE }, { ">=", OP_GE },
	{ "<", OP_LT }, { ">", OP_GT }, { "&", OP_BAND }, { "~", OP_GLOB },
};

static bool is_field_char(char c)
{
	return isalnum(c) || c == '_' || c == '.';
}

/* FIELD OP VALUE */
static int parse_pred(struct parser *p)
{
	struct filter_pred *pred = &p->f->preds[p->f->npreds];
	const struct event_field *field;
	int start, end, opos, vpos, i;
	char name[MAX_FILTER_STR_VAL];
	char *dot, c;

	skip_blanks(p);
	start = p->pos;
	while (is_field_char(p->s[p->pos]))
		p->pos++;
	end = p->pos;
	if (start == end)
		return fail(p, "Meaningless filter expression", p->pos, -EINVAL);
	if (p->f->npreds >= FILTER_MAX_PREDS)
		return fail(p, "Too many terms", start, -EINVAL);
	snprintf(name, sizeof(name), "%.*s", end - start, p->s + start);
	dot = strchr(name, '.');
	if (dot) {
		if (strcmp(dot, ".function"))
			return fail(p, "Field not found", end + 1, -EINVAL);
		*dot = '\0';
		pred->function = true;
	}
	field = event_field_find(p->call, name);
	if (!field)
		return fail(p, "Field not found", end + 1, -EINVAL);
	pred->field = field;

	skip_blanks(p);
	opos = p->pos;
	for (i = 0; i < ARRAY_SIZE(pred_ops); i++)
		if (!strncmp(p->s + opos, pred_ops[i].name, strlen(pred_ops[i].name)))
			break;
	/* a known operator, not followed by more operator characters */
	if (i == ARRAY_SIZE(pred_ops))
		return fail(p, "Invalid operator", opos + 1, -EINVAL);
	c = p->s[opos + strlen(pred_ops[i].name)];
	if (c && strchr("=!<>&~", c))
		return fail(p, "Invalid operator", opos + 1, -EINVAL);
	pred->op = pred_ops[i].op;
	p->pos = opos + strlen(pred_ops[i].name);

	skip_blanks(p);
	vpos = p->pos;
	if (p->s[vpos] == '"' || p->s[vpos] == '\'') {
		char q = p->s[vpos];
		const char *close = strchr(p->s + vpos + 1, q);

		if (field->filter_type == FILTER_OTHER || field->filter_type == FILTER_CPU)
			return fail(p, "Expecting numeric field", vpos + 1, -EINVAL);
		if (pred->op != OP_EQ && pred->op != OP_NE && pred->op != OP_GLOB)
			return fail(p, "Invalid operator", opos + 1, -EINVAL);
		pred->str_len = close - (p->s + vpos + 1);
		pred->str = kmemdup_nul(p->s + vpos + 1, pred->str_len, GFP_KERNEL);
		if (!pred->str)
			return fail(p, "Out of memory", vpos, -ENOMEM);
		pred->is_string = true;
		p->pos = close - p->s + 1;
	} else {
		char tok[MAX_FILTER_STR_VAL];
		int n = 0;
		unsigned long size, off;
		int ret;

		while (p->s[p->pos] && !isspace(p->s[p->pos]) &&
		       !strchr("()&|", p->s[p->pos]) && n < sizeof(tok) - 1)
			tok[n++] = p->s[p->pos++];
		tok[n] = '\0';
		if (!n)
			return fail(p, "Invalid value (did you forget quotes)?", vpos + 1, -EINVAL);
		if (field->filter_type != FILTER_OTHER && field->filter_type != FILTER_CPU)
			return fail(p, isdigit(tok[0]) || tok[0] == '-' ?
				    "Expecting string field" :
				    "Invalid value (did you forget quotes)?", vpos + 1, -EINVAL);
		if (pred->op == OP_GLOB)
			return fail(p, "Invalid operator", opos + 1, -EINVAL);
		if (tok[0] == '-')
			ret = kstrtoll(tok, 0, (s64 *)&pred->val);
		else
			ret = kstrtoull(tok, 0, &pred->val);
		if (pred->function) {
			if (pred->op != OP_EQ && pred->op != OP_NE)
				return fail(p, "Invalid operator", opos + 1, -EINVAL);
			if (ret)
				pred->val = kallsyms_lookup_name(tok);
			if (!pred->val ||
			    !kallsyms_lookup_size_offset(pred->val, &size, &off))
				return fail(p, "Function not found", vpos + 1, -EINVAL);
			pred->val -= off;
			pred->size = size;
			ret = 0;
		}
		if (ret)
			return fail(p, "Invalid value (did you forget quotes)?", vpos + 1, -EINVAL);
	}
	return emit(p, PROG_PRED, p->f->npreds++);
}

static int parse_or(struct parser *p);

/* '!' UNARY | '(' OR ')' | PRED */
static int parse_unary(struct parser *p)
{
	int ret;

	skip_blanks(p);
	if (p->s[p->pos] == '!' && p->s[p->pos + 1] != '=') {
		p->pos++;
		ret = parse_unary(p);
		return ret ? ret : emit(p, PROG_NOT, 0);
	}
	if (p->s[p->pos] == '(') {
		p->pos++;
		ret = parse_or(p);
		if (ret)
			return ret;
		skip_blanks(p);
		if (p->s[p->pos] != ')')
			return fail(p, "Meaningless filter expression", p->pos, -EINVAL);
		p->pos++;
		return 0;
	}
	if (!p->s[p->pos] || p->s[p->pos] == ')')
		return fail(p, "Meaningless filter expression", p->pos, -EINVAL);
	return parse_pred(p);
}

static int parse_and(struct parser *p)
{
	int ret = parse_unary(p);

	while (!ret) {
		skip_blanks(p);
		if (strncmp(p->s + p->pos, "&&", 2))
			break;
		p->pos += 2;
		ret = parse_unary(p);
		if (!ret)
			ret = emit(p, PROG_AND, 0);
	}
	return ret;
}

static int parse_or(struct parser *p)
{
	int ret = parse_and(p);

	while (!ret) {
		skip_blanks(p);
		if (strncmp(p->s + p->pos, "||", 2))
			break;
		p->pos += 2;
		ret = parse_and(p);
		if (!ret)
			ret = emit(p, PROG_OR, 0);
	}
	return ret;
}

/*
 * Quotes and parentheses first, with mainline's codes passed back as its
 * errno: an unmatched ')' -1 (EPERM), '(' -2 (ENOENT), quote -3 (ESRCH).
 */
static int check_balance(struct parser *p)
{
	int open = 0, first_open = -1, i;
	char quote = 0;
	int qpos = 0;

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
			if (!open++)
				first_open = i;
		} else if (c == ')') {
			if (!open--)
				return fail(p, "Too many ')'", i, -EPERM);
		}
	}
	if (quote)
		return fail(p, "Missing matching quote", qpos, -ESRCH);
	if (open)
		return fail(p, "Too many '('", first_open, -ENOENT);
	return 0;
}

static void filter_free_preds(struct event_filter *f)
{
	unsigned int i;

	if (f->preds)
		for (i = 0; i < f->npreds; i++)
			kfree(f->preds[i].str);
	kfree(f->preds);
	kfree(f->insns);
	f->preds = NULL;
	f->insns = NULL;
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
 * (mainline's filter file after a bad write; the caret at most at the end).
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
	if (!len)
		f->text = kasprintf(GFP_KERNEL, "\nError: (0)\n\n");
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
	if (f && f->err_msg && f->cmd && *f->cmd)
		trace_log_err(tr, "event filter parse error", f->cmd, f->err_msg,
			      f->err_pos);
}

int event_filter_parse(struct trace_event_call *call, const char *str,
		       struct event_filter **fp)
{
	struct parser p = { .call = call };
	struct event_filter *f;
	char *text;
	int n, ret;

	*fp = NULL;
	text = kstrdup(str, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	p.s = strim(text);
	if (!*p.s) {
		*fp = event_filter_error("", "", 0);
		kfree(text);
		return -EINVAL;
	}
	f = kzalloc(sizeof(*f), GFP_KERNEL);
	/* a term per operator at most, and as many combinations */
	n = 1;
	for (ret = 0; p.s[ret]; ret++)
		n += !!strchr("=!<>&|~(", p.s[ret]);
	n = min(n, FILTER_MAX_PREDS * 2 + 2);
	if (f) {
		f->preds = kcalloc(min(n, FILTER_MAX_PREDS), sizeof(*f->preds), GFP_KERNEL);
		f->insns = kcalloc(2 * n, sizeof(*f->insns), GFP_KERNEL);
	}
	if (!f || !f->preds || !f->insns) {
		if (f)
			filter_free_preds(f);
		kfree(f);
		kfree(text);
		return -ENOMEM;
	}
	p.f = f;
	ret = check_balance(&p);
	if (!ret)
		ret = parse_or(&p);
	if (!ret) {
		skip_blanks(&p);
		if (p.s[p.pos])
			ret = fail(&p, "Meaningless filter expression", p.pos, -EINVAL);
	}
	if (ret) {
		event_filter_free(f);
		*fp = event_filter_error(p.s, p.err, p.err_pos);
		kfree(text);
		return p.err_no;
	}
	/* the text as written, less the blanks around it */
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
