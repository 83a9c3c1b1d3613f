// SPDX-License-Identifier: GPL-2.0
/*
 * set_ftrace_filter and set_ftrace_notrace: which functions the function
 * tracers trace, and the function commands (func:traceon, func:traceoff,
 * func:stacktrace, func:snapshot).
 *
 * A write is a list of whitespace-separated items:
 *
 *	name | glob		add the matching functions
 *	!name | !glob		remove them
 *	[glob]:mod:NAME		functions of module NAME (kept until it loads)
 *	glob:mod:!NAME		functions outside module NAME
 *	glob:traceon[:N]	turn tracing on when one is entered (N times)
 *	glob:traceoff[:N]	turn it off
 *	glob:stacktrace[:N]	record the caller's stack
 *	glob:snapshot[:N]	take a snapshot (swap the buffers)
 *	!glob:traceoff		remove a command
 *
 * Each write is applied whole or not at all.
 *
 * Locking: a write takes trace_types_lock (func:snapshot allocates the
 * snapshot) then ftrace_lock, the order of the tracers' init; the hashes
 * and the command table are replaced whole under both and read lock-free
 * by the callbacks, freed after ftrace_sync().  Names are looked up in an
 * index (a hash of every traceable name), so a list of N names costs N
 * lookups, not N scans of every function.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ctype.h>
#include <linux/ftrace.h>
#include <linux/jhash.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <asm/setup.h>

#include "ftrace_glob.h"
#include "ftrace_internal.h"
#include "trace.h"

/* ---- the name index -------------------------------------------------- */

struct name_ent {
	unsigned long		ip;
	struct module		*mod;
	u32			name;	/* offset in names[] */
	u32			next;	/* hash chain, index + 1, 0 ends */
};

struct name_index {
	unsigned long		gen;	/* ftrace_groups_gen it was built for */
	unsigned int		count;
	unsigned int		bits;
	u32			*heads;
	char			*names;
	struct name_ent		*ents;
};

static struct name_index *name_index;

static void name_index_free(struct name_index *ni)
{
	if (!ni)
		return;
	kvfree(ni->heads);
	kvfree(ni->names);
	kvfree(ni->ents);
	kfree(ni);
}

static u32 name_hash(const char *name, unsigned int bits)
{
	return jhash(name, strlen(name), 0) & ((1U << bits) - 1);
}

/* The index of every live record, rebuilt when modules come or go. */
static struct name_index *get_name_index(void)
{
	size_t size = 0, cap = 0, len;
	struct name_index *ni;
	struct rec_iter it = {};
	char sym[KSYM_NAME_LEN];
	unsigned int n = 0, i;
	char *names = NULL;

	lockdep_assert_held(&ftrace_lock);
	if (name_index && name_index->gen == ftrace_groups_gen)
		return name_index;
	name_index_free(name_index);
	name_index = NULL;

	ni = kzalloc(sizeof(*ni), GFP_KERNEL);
	if (!ni)
		return NULL;
	while (ftrace_rec_next(&it))
		n++;
	ni->ents = kvcalloc(max(n, 1U), sizeof(*ni->ents), GFP_KERNEL);
	ni->bits = ilog2(roundup_pow_of_two(max(n, 2U)));
	ni->heads = kvcalloc(1U << ni->bits, sizeof(u32), GFP_KERNEL);
	if (!ni->ents || !ni->heads)
		goto fail;

	it.group = NULL;
	for (i = 0; i < n && ftrace_rec_next(&it); i++) {
		struct name_ent *e = &ni->ents[i];
		u32 h;

		e->ip = rec_iter_rec(&it)->ip;
		e->mod = it.group->mod;
		if (lookup_symbol_name(e->ip, sym))
			snprintf(sym, sizeof(sym), "0x%lx", e->ip);
		len = strlen(sym) + 1;
		if (size + len > cap) {
			char *nn;

			cap = max(cap * 2, (size_t)PAGE_SIZE);
			nn = kvrealloc(names, cap, GFP_KERNEL);
			if (!nn)
				goto fail;
			names = nn;
		}
		memcpy(names + size, sym, len);
		e->name = size;
		size += len;
		h = name_hash(sym, ni->bits);
		e->next = ni->heads[h];
		ni->heads[h] = i + 1;
	}
	ni->count = i;
	ni->names = names;
	ni->gen = ftrace_groups_gen;
	name_index = ni;
	return ni;
fail:
	kvfree(names);
	name_index_free(ni);
	return NULL;
}

/* ---- filter sets ----------------------------------------------------- */

/*
 * The set_ftrace_filter and set_ftrace_notrace of one trace array: @ops
 * holds the two hashes (the top level's is ftrace_global_filter), and the
 * function tracer of that array takes its sites from them.  The list is
 * under ftrace_lock.
 */
struct filter_set {
	struct list_head	list;
	struct ftrace_ops	*ops;
	struct trace_array	*tr;
	bool			no_cmds;	/* func:cmd refused (an ops' own file) */
	bool			no_pending;	/* :mod: of unloaded modules refused */
};

static struct filter_set global_set = {
	.ops	= &ftrace_global_filter,
	.tr	= &global_trace,
};

static LIST_HEAD(filter_sets);

/* ---- function commands ----------------------------------------------- */

enum func_cmd_type { CMD_TRACEON, CMD_TRACEOFF, CMD_STACKTRACE, CMD_SNAPSHOT,
		     CMD_ENABLE_EVENT, CMD_DISABLE_EVENT, CMD_NR };

static const char * const cmd_names[CMD_NR] = {
	[CMD_TRACEON]	= "traceon",
	[CMD_TRACEOFF]	= "traceoff",
	[CMD_STACKTRACE] = "stacktrace",
	[CMD_SNAPSHOT]	= "snapshot",
	[CMD_ENABLE_EVENT] = "enable_event",
	[CMD_DISABLE_EVENT] = "disable_event",
};

static bool cmd_is_event(enum func_cmd_type type)
{
	return type == CMD_ENABLE_EVENT || type == CMD_DISABLE_EVENT;
}

/* the event files enable_event/disable_event switch (trace_events.c) */
static const struct ftrace_event_hooks *event_hooks;

void ftrace_filter_event_hooks(const struct ftrace_event_hooks *hooks)
{
	event_hooks = hooks;
}

struct func_cmd {
	unsigned long		ip;
	enum func_cmd_type	type;
	struct trace_array	*tr;	/* whose set_ftrace_filter has it */
	atomic_long_t		count;	/* -1: unlimited */
	/* enable_event/disable_event: the event, held in soft mode */
	struct trace_event_file	*target;
};

/*
 * sorted by (ip, type); replaced whole under ftrace_lock, read by the
 * callback with preemption disabled, freed after ftrace_sync()
 */
struct cmd_table {
	unsigned int		count;
	struct func_cmd		ent[];
};

static struct cmd_table __rcu *cmd_table;

static void cmd_func(unsigned long ip, unsigned long parent_ip,
		     struct ftrace_ops *op, struct ftrace_regs *fregs);

/* run inside the dispatcher's guard */
static struct ftrace_ops cmd_ops = {
	.func	= cmd_func,
	.flags	= FTRACE_OPS_FL_RECURSION,
};

/* A command acts on the trace array whose set_ftrace_filter took it. */
static void notrace cmd_fire(struct func_cmd *c)
{
	struct trace_buffer *b = READ_ONCE(c->tr->buffer);
	bool on = ring_buffer_record_is_on(b);
	long n;

	/*
	 * A count is spent only when the command does something: traceon
	 * while tracing is off, traceoff and stacktrace while it is on,
	 * snapshot always (as mainline's, it swaps even with tracing off).
	 */
	if (cmd_is_event(c->type)) {
		/* a switch counts only when it changes the event's state */
		bool off = c->type == CMD_DISABLE_EVENT;

		if (!!(READ_ONCE(c->target->flags) & EVENT_FILE_FL_SOFT_DISABLED) == off ||
		    (c->target->flags & EVENT_FILE_FL_FREED))
			return;
	} else if (c->type != CMD_SNAPSHOT && (c->type == CMD_TRACEON ? on : !on)) {
		return;
	}
	n = atomic_long_read(&c->count);
	if (!n)
		return;
	if (n > 0 && atomic_long_cmpxchg(&c->count, n, n - 1) != n)
		return;
	if (c->type == CMD_TRACEON)
		ring_buffer_record_on(b);
	else if (c->type == CMD_TRACEOFF)
		ring_buffer_record_off(b);
	else if (c->type == CMD_SNAPSHOT)
		trace_snapshot_swap(c->tr);
	else if (c->type == CMD_ENABLE_EVENT)
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &c->target->flags);
	else if (c->type == CMD_DISABLE_EVENT)
		set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &c->target->flags);
	else
		trace_func_stack(b, c->ip, tracing_gen_ctx());
}

static void notrace cmd_func(unsigned long ip, unsigned long parent_ip,
			     struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct cmd_table *t = rcu_dereference_raw(cmd_table);
	unsigned int lo = 0, hi;

	if (!t)
		return;
	/* open-coded search: lib/bsearch.c is traceable */
	hi = t->count;
	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;

		if (t->ent[mid].ip < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < t->count && t->ent[lo].ip == ip; lo++)
		cmd_fire(&t->ent[lo]);
}

static int cmd_cmp(const void *a, const void *b)
{
	const struct func_cmd *x = a, *y = b;

	if (x->ip != y->ip)
		return x->ip < y->ip ? -1 : 1;
	if (x->type != y->type)
		return (int)x->type - (int)y->type;
	if (x->tr != y->tr)
		return x->tr < y->tr ? -1 : 1;
	if (x->target != y->target)
		return x->target < y->target ? -1 : 1;
	return 0;
}

/* A working copy of the commands, edited by one write. */
struct cmd_work {
	unsigned int		count, cap;
	struct func_cmd		*ent;
	bool			changed;
};

static int cmd_work_init(struct cmd_work *w)
{
	struct cmd_table *t = rcu_dereference_protected(cmd_table, 1);
	unsigned int i;

	w->count = t ? t->count : 0;
	w->cap = w->count + 16;
	w->changed = false;
	w->ent = kvcalloc(w->cap, sizeof(*w->ent), GFP_KERNEL);
	if (!w->ent)
		return -ENOMEM;
	for (i = 0; i < w->count; i++) {
		w->ent[i].ip = t->ent[i].ip;
		w->ent[i].type = t->ent[i].type;
		w->ent[i].tr = t->ent[i].tr;
		w->ent[i].target = t->ent[i].target;
		atomic_long_set(&w->ent[i].count, atomic_long_read(&t->ent[i].count));
	}
	return 0;
}

/* @tr NULL: @ip's commands of every array (removal only) */
static int cmd_work_set(struct cmd_work *w, struct trace_array *tr,
			unsigned long ip, enum func_cmd_type type, long count,
			bool remove, struct trace_event_file *target)
{
	unsigned int i = 0;

	while (i < w->count) {
		struct func_cmd *c = &w->ent[i];

		if (c->ip != ip || c->type != type || (tr && c->tr != tr) ||
		    (target && c->target != target)) {
			i++;
			continue;
		}
		w->changed = true;
		if (!remove) {
			atomic_long_set(&c->count, count);
			return 0;
		}
		*c = w->ent[--w->count];
		if (tr)
			return 0;
	}
	if (remove)
		return 0;
	if (w->count == w->cap) {
		struct func_cmd *n;

		n = kvrealloc(w->ent, 2 * w->cap * sizeof(*n), GFP_KERNEL);
		if (!n)
			return -ENOMEM;
		w->ent = n;
		w->cap *= 2;
	}
	w->ent[w->count].ip = ip;
	w->ent[w->count].type = type;
	w->ent[w->count].tr = tr;
	w->ent[w->count].target = target;
	atomic_long_set(&w->ent[w->count].count, count);
	w->count++;
	w->changed = true;
	return 0;
}

/* Install the working copy: new table, cmd_ops' hash, (un)register. */
static int cmd_work_commit(struct cmd_work *w)
{
	struct cmd_table *t, *old = rcu_dereference_protected(cmd_table, 1);
	struct ftrace_hash *hash;
	unsigned int i;
	int ret = 0;

	t = kvzalloc(struct_size(t, ent, w->count), GFP_KERNEL);
	hash = ftrace_hash_copy(NULL, w->count);
	if (!t || !hash) {
		kvfree(t);
		ftrace_hash_free(hash);
		return -ENOMEM;
	}
	memcpy(t->ent, w->ent, w->count * sizeof(*t->ent));
	t->count = w->count;
	sort(t->ent, t->count, sizeof(t->ent[0]), cmd_cmp, NULL);
	for (i = 0; i < t->count; i++)
		if (ftrace_hash_add(hash, t->ent[i].ip))
			ret = -ENOMEM;
	if (ret) {
		kvfree(t);
		ftrace_hash_free(hash);
		return ret;
	}
	/* each switch holds its event in soft mode; the old table's let go */
	for (i = 0; i < t->count; i++) {
		if (!t->ent[i].target)
			continue;
		ret = event_hooks->hold(t->ent[i].target);
		if (ret) {
			while (i--)
				if (t->ent[i].target)
					event_hooks->put(t->ent[i].target);
			kvfree(t);
			ftrace_hash_free(hash);
			return ret;
		}
	}
	hash->pinned = true;
	rcu_assign_pointer(cmd_table, t);
	ftrace_ops_set_hashes(&cmd_ops, hash, NULL);
	/* commands fire under any tracer, nop included */
	if (t->count && !(cmd_ops.flags & FTRACE_OPS_FL_ENABLED))
		ret = ftrace_register_locked(&cmd_ops);
	else if (!t->count && (cmd_ops.flags & FTRACE_OPS_FL_ENABLED))
		ftrace_unregister_locked(&cmd_ops);
	ftrace_sync();
	for (i = 0; old && i < old->count; i++)
		if (old->ent[i].target)
			event_hooks->put(old->ent[i].target);
	kvfree(old);
	return ret;
}

/* which file: set_ftrace_filter, set_ftrace_notrace, set_graph_function/notrace */
/* which file: its inode's i_private */
enum { FK_FILTER, FK_NOTRACE, FK_GRAPH, FK_GRAPH_NOTRACE };

/* ---- pending :mod: filters ------------------------------------------- */

struct mod_pending {
	struct list_head	list;
	struct filter_set	*set;
	bool			is_notrace;
	char			*glob;
	char			*module;
};

static LIST_HEAD(mod_pending);

static void mod_pending_free(struct mod_pending *p)
{
	kfree(p->glob);
	kfree(p->module);
	kfree(p);
}

/* ---- parsing --------------------------------------------------------- */

struct filter_work {
	struct filter_set	*set;
	bool			is_notrace;
	int			kind;		/* FK_* */
	struct ftrace_hash	*hash;		/* the new filter */
	struct cmd_work		cmds;
	bool			cmds_used;
	struct list_head	pending_add;	/* new mod_pending entries */
	struct list_head	pending_del;	/* ones "!" took off, until commit */
};

static bool ent_matches(struct name_index *ni, struct name_ent *e,
			const char *glob, const char *module, bool not_module)
{
	if (module) {
		bool in = e->mod && !strcmp(e->mod->name, module);

		if (in == not_module)
			return false;
	}
	return ftrace_glob_match(glob, ni->names + e->name);
}

/*
 * Call @fn on every indexed function matching @glob (and the module
 * condition); a plain name goes through the hash.  Returns the number of
 * matches or a negative error from @fn.
 */
static int match_each(struct name_index *ni, const char *glob,
		      const char *module, bool not_module,
		      int (*fn)(struct name_ent *e, void *data), void *data)
{
	bool exact = !ftrace_glob_is_pattern(glob);
	unsigned int pos = 0, i;
	struct name_ent *e;
	int n = 0, ret;

	for (;;) {
		if (exact) {
			/* walk the name's hash chain */
			i = pos ? ni->ents[pos - 1].next :
				  ni->heads[name_hash(glob, ni->bits)];
			if (!i)
				break;
			pos = i;
			e = &ni->ents[i - 1];
			if (strcmp(ni->names + e->name, glob))
				continue;
		} else {
			if (pos == ni->count)
				break;
			e = &ni->ents[pos++];
		}
		if (!ent_matches(ni, e, glob, module, not_module))
			continue;
		ret = fn(e, data);
		if (ret < 0)
			return ret;
		n++;
	}
	return n;
}

static int add_fn(struct name_ent *e, void *data)
{
	return ftrace_hash_add(data, e->ip);
}

static int remove_fn(struct name_ent *e, void *data)
{
	ftrace_hash_remove(data, e->ip);
	return 0;
}

struct cmd_arg {
	struct cmd_work		*w;
	struct trace_array	*tr;
	enum func_cmd_type	type;
	long			count;
	bool			remove;
	struct trace_event_file	*target;
};

static int cmd_fn(struct name_ent *e, void *data)
{
	struct cmd_arg *a = data;

	return cmd_work_set(a->w, a->tr, e->ip, a->type, a->count, a->remove,
			    a->target);
}

static int parse_mod(struct filter_work *fw, struct name_index *ni,
		     const char *glob, char *module, bool negate)
{
	bool not_module = module[0] == '!';
	struct mod_pending *p, *tmp;
	struct module *mod;
	int n;

	if (not_module)
		module++;
	if (!*module)
		return -EINVAL;
	if (!*glob)
		glob = "*";

	/* loaded: modules cannot come or go while we hold ftrace_lock */
	mod = NULL;
	if (!not_module) {
		struct ftrace_group *g;
		unsigned int i;

		for (i = 0; i < ni->count; i++)
			if (ni->ents[i].mod && !strcmp(ni->ents[i].mod->name, module))
				break;
		if (i < ni->count)
			mod = ni->ents[i].mod;
		g = mod ? ftrace_group_of(mod) : NULL;
		if (!g)
			mod = NULL;
	}
	if (mod || not_module) {
		n = match_each(ni, glob, module, not_module,
			       negate ? remove_fn : add_fn, fw->hash);
		return n < 0 ? n : 0;
	}

	/* not loaded: keep it for when it is (set_ftrace_filter/notrace) */
	if (fw->kind >= FK_GRAPH || fw->set->no_pending)
		return -EINVAL;
	if (negate) {
		list_for_each_entry_safe(p, tmp, &mod_pending, list) {
			if (p->set == fw->set && p->is_notrace == fw->is_notrace &&
			    !strcmp(p->module, module) &&
			    ftrace_glob_match(glob, p->glob))
				list_move_tail(&p->list, &fw->pending_del);
		}
		return 0;
	}
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->set = fw->set;
	p->is_notrace = fw->is_notrace;
	p->glob = kstrdup(glob, GFP_KERNEL);
	p->module = kstrdup(module, GFP_KERNEL);
	if (!p->glob || !p->module) {
		mod_pending_free(p);
		return -ENOMEM;
	}
	list_add_tail(&p->list, &fw->pending_add);
	return 0;
}

static int parse_cmd(struct filter_work *fw, struct name_index *ni,
		     const char *glob, const char *cmd, const char *param,
		     bool negate)
{
	struct cmd_arg a = { .count = -1, .remove = negate, .tr = fw->set->tr };
	int n;

	if (fw->kind != FK_FILTER)
		return -EINVAL;
	for (a.type = 0; a.type < CMD_NR; a.type++)
		if (!strcmp(cmd, cmd_names[a.type]))
			break;
	if (a.type == CMD_NR) {
		pr_warn("unknown function command '%s'\n", cmd);
		return -EINVAL;
	}
	/* enable_event:SYSTEM:EVENT[:COUNT] */
	if (cmd_is_event(a.type)) {
		char *sys = NULL, *event = NULL, *rest = param ? kstrdup(param, GFP_KERNEL) : NULL;
		char *p = rest;

		if (p) {
			sys = strsep(&p, ":");
			event = strsep(&p, ":");
		}
		if (!event_hooks || !sys || !*sys || !event || !*event) {
			kfree(rest);
			return -EINVAL;
		}
		a.target = event_hooks->find(a.tr, sys, event);
		n = p && *p && !negate && (kstrtol(p, 0, &a.count) || a.count <= 0);
		kfree(rest);
		if (!a.target || n)
			return -EINVAL;
		param = NULL;
	}
	if (param && !negate) {
		if (kstrtol(param, 0, &a.count) || a.count <= 0)
			return -EINVAL;
	}
	/* the buffer to swap with exists from the command on, as in mainline */
	if (a.type == CMD_SNAPSHOT && !IS_ENABLED(CONFIG_TRACER_SNAPSHOT))
		return -EINVAL;
	if (a.type == CMD_SNAPSHOT && !negate) {
		n = trace_snapshot_alloc(fw->set->tr);
		if (n)
			return n;
	}
	if (!fw->cmds_used) {
		n = cmd_work_init(&fw->cmds);
		if (n)
			return n;
		fw->cmds_used = true;
	}
	a.w = &fw->cmds;
	n = match_each(ni, glob, NULL, false, cmd_fn, &a);
	if (n < 0)
		return n;
	return n ? 0 : -EINVAL;
}

static int parse_item(struct filter_work *fw, struct name_index *ni, char *item)
{
	struct ftrace_item it;
	int n;

	n = ftrace_split_item(item, &it);
	if (n)
		return n;
	if (!it.cmd) {
		n = match_each(ni, it.glob, NULL, false,
			       it.negate ? remove_fn : add_fn, fw->hash);
		if (n < 0)
			return n;
		return n ? 0 : -EINVAL;
	}
	if (!strcmp(it.cmd, "mod"))
		return parse_mod(fw, ni, it.glob, it.param, it.negate);
	if (fw->set->no_cmds)
		return -EINVAL;
	return parse_cmd(fw, ni, it.glob, it.cmd, it.param, it.negate);
}

/* ---- the files ------------------------------------------------------- */

struct filter_file {
	/* one write at a time: the partial item is the open file's */
	struct mutex		lock;
	struct filter_set	*set;
	bool			is_notrace;
	int			kind;		/* FK_* */
	bool			trunc;		/* ">": replace, not yet done */
	bool			failed;
	size_t			plen;
	char			partial[2 * KSYM_NAME_LEN];
	char			*list;		/* the listing, for readers */
	size_t			list_len;
};

static struct ftrace_hash __rcu **kind_hash(struct filter_set *set, int kind)
{
	switch (kind) {
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	case FK_GRAPH:
		return &set->tr->graph_hash;
	case FK_GRAPH_NOTRACE:
		return &set->tr->graph_notrace_hash;
#endif
	case FK_NOTRACE:
		return &set->ops->notrace_hash;
	default:
		return &set->ops->filter_hash;
	}
}

static struct ftrace_hash __rcu **target_hash(struct filter_set *set, bool is_notrace)
{
	return kind_hash(set, is_notrace ? FK_NOTRACE : FK_FILTER);
}

static void free_pending_list(struct list_head *head)
{
	struct mod_pending *p, *tmp;

	list_for_each_entry_safe(p, tmp, head, list) {
		list_del(&p->list);
		mod_pending_free(p);
	}
}

static bool has_pending(struct filter_set *set, bool is_notrace)
{
	struct mod_pending *p;

	list_for_each_entry(p, &mod_pending, list)
		if (p->set == set && p->is_notrace == is_notrace)
			return true;
	return false;
}

/*
 * Apply the items in @buf (NUL-terminated, whitespace separated) to the
 * filter of @ff as one transaction.  Caller holds ftrace_lock.
 */
static int apply_items(struct filter_file *ff, char *buf)
{
	struct ftrace_hash *cur = rcu_dereference_protected(*kind_hash(ff->set, ff->kind), 1);
	struct filter_work fw = {
		.set = ff->set, .is_notrace = ff->is_notrace, .kind = ff->kind,
	};
	struct mod_pending *p, *tmp;
	struct name_index *ni;
	char *item;
	int ret = 0;

	INIT_LIST_HEAD(&fw.pending_add);
	INIT_LIST_HEAD(&fw.pending_del);
	ni = get_name_index();
	if (!ni)
		return -ENOMEM;
	fw.hash = ftrace_hash_copy(ff->trunc ? NULL : cur, 64);
	if (!fw.hash)
		return -ENOMEM;
	/* ">" replaces this file's pending :mod: entries too, if it succeeds */
	if (ff->trunc && ff->kind <= FK_NOTRACE)
		list_for_each_entry_safe(p, tmp, &mod_pending, list)
			if (p->set == ff->set && p->is_notrace == ff->is_notrace)
				list_move_tail(&p->list, &fw.pending_del);

	while ((item = strsep(&buf, " \t\n\r\v\f")) != NULL) {
		if (!*item)
			continue;
		ret = parse_item(&fw, ni, item);
		if (ret)
			break;
	}
	if (ret)
		goto fail;

	/* one ip-modifying ops per function (livepatch, kprobes) */
	if (ff->kind == FK_FILTER && (ff->set->ops->flags & FTRACE_OPS_FL_ENABLED)) {
		ret = ftrace_exclusive_check(ff->set->ops, fw.hash);
		if (ret)
			goto fail;
	}
	if (fw.cmds_used && fw.cmds.changed) {
		ret = cmd_work_commit(&fw.cmds);
		if (ret)
			goto fail;
	}
	list_splice_tail_init(&fw.pending_add, &mod_pending);
	free_pending_list(&fw.pending_del);
	/* only unloaded modules named: trace none of the loaded ones */
	fw.hash->pinned = !fw.hash->count && has_pending(ff->set, ff->is_notrace) &&
			  ff->kind <= FK_NOTRACE;
	if (ff->kind >= FK_GRAPH) {
		/* read by the graph tracer's entry hook only, not for patching */
		struct ftrace_hash __rcu **slot = kind_hash(ff->set, ff->kind);
		struct ftrace_hash *old = rcu_dereference_protected(*slot, 1);

		fw.hash = ftrace_hash_fit(fw.hash);
		rcu_assign_pointer(*slot, fw.hash);
		tracer_update(ff->set->tr);
		ftrace_sync();
		ftrace_hash_free(old);
	} else if (ff->is_notrace) {
		ftrace_ops_set_hashes(ff->set->ops, NULL, fw.hash);
	} else {
		ftrace_ops_set_hashes(ff->set->ops, fw.hash, NULL);
	}
	ff->trunc = false;
	if (fw.cmds_used)
		kvfree(fw.cmds.ent);
	return 0;
fail:
	/* nothing changed; a truncation that failed also keeps the old list */
	ftrace_hash_free(fw.hash);
	free_pending_list(&fw.pending_add);
	list_splice_tail_init(&fw.pending_del, &mod_pending);
	if (fw.cmds_used)
		kvfree(fw.cmds.ent);
	return ret;
}

static void listing(struct seq_buf *s, void *data)
{
	struct filter_file *ff = data;
	struct ftrace_hash *h = rcu_dereference_protected(*kind_hash(ff->set, ff->kind), 1);
	struct cmd_table *t = rcu_dereference_protected(cmd_table, 1);
	struct rec_iter it = {};
	struct mod_pending *p;
	char sym[KSYM_NAME_LEN];
	unsigned int i;

	if (!h || (!h->count && !h->pinned)) {
		seq_buf_puts(s, ff->is_notrace ? "#### no functions disabled ####\n" :
					      "#### all functions enabled ####\n");
	} else {
		while (ftrace_rec_next(&it)) {
			unsigned long ip = rec_iter_rec(&it)->ip;

			if (!ftrace_hash_contains(h, ip))
				continue;
			if (lookup_symbol_name(ip, sym))
				snprintf(sym, sizeof(sym), "0x%lx", ip);
			seq_buf_puts(s, sym);
			if (it.group->mod)
				seq_buf_printf(s, " [%s]", it.group->mod->name);
			seq_buf_putc(s, '\n');
		}
	}
	list_for_each_entry(p, &mod_pending, list)
		if (p->set == ff->set && p->is_notrace == ff->is_notrace &&
		    ff->kind <= FK_NOTRACE)
			seq_buf_printf(s, "%s:mod:%s\n", p->glob, p->module);
	if (ff->kind != FK_FILTER || !t)
		return;
	for (i = 0; i < t->count; i++) {
		long n = atomic_long_read(&t->ent[i].count);

		if (t->ent[i].tr != ff->set->tr)
			continue;
		if (lookup_symbol_name(t->ent[i].ip, sym))
			snprintf(sym, sizeof(sym), "0x%lx", t->ent[i].ip);
		seq_buf_printf(s, "%s:%s", sym, cmd_names[t->ent[i].type]);
		if (t->ent[i].target)
			seq_buf_printf(s, ":%s:%s",
				       t->ent[i].target->event_call->class->system,
				       trace_event_name(t->ent[i].target->event_call));
		if (n < 0)
			seq_buf_puts(s, ":unlimited\n");
		else
			seq_buf_printf(s, ":count=%ld\n", n);
	}
}

/* @set: NULL for @tr's own */
static int filter_open_set(struct inode *inode, struct file *file,
			   struct trace_array *tr, struct filter_set *set)
{
	struct filter_file *ff;
	int ret;

	ret = trace_array_get(tr);
	if (ret)
		return ret;
	ff = kzalloc(sizeof(*ff), GFP_KERNEL);
	if (!ff) {
		trace_array_put(tr);
		return -ENOMEM;
	}
	mutex_init(&ff->lock);
	ff->set = set ?: tr->filters;
	ff->kind = (long)inode->i_cdev;
	ff->is_notrace = ff->kind == FK_NOTRACE || ff->kind == FK_GRAPH_NOTRACE;
	ff->trunc = (file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC);
	if (file->f_mode & FMODE_READ) {
		ff->list = trace_listing(&ftrace_lock, listing, ff,
					 &ff->list_len, 64 << 10);
		if (!ff->list) {
			kfree(ff);
			trace_array_put(tr);
			return -ENOMEM;
		}
	}
	file->private_data = ff;
	return 0;
}

/* a filter file has its trace array in i_private, its FK_* in i_cdev */
static int filter_open(struct inode *inode, struct file *file)
{
	return filter_open_set(inode, file, inode->i_private, NULL);
}

/* an ops' own file: its filter_set in i_private */
static int ops_filter_open(struct inode *inode, struct file *file)
{
	struct filter_set *set = inode->i_private;

	return filter_open_set(inode, file, set->tr, set);
}

static ssize_t filter_read(struct file *file, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	struct filter_file *ff = file->private_data;

	if (!ff->list)
		return -EINVAL;
	return simple_read_from_buffer(ubuf, cnt, ppos, ff->list, ff->list_len);
}

/*
 * Items may straddle writes (cat writes in chunks): everything after the
 * last whitespace waits in ff->partial for the next write or the close.
 */
static ssize_t filter_write_locked(struct filter_file *ff, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	size_t keep, total;
	char *buf;
	int ret;

	total = ff->plen + cnt;
	buf = kvmalloc(total + 1, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	memcpy(buf, ff->partial, ff->plen);
	if (copy_from_user(buf + ff->plen, ubuf, cnt)) {
		kvfree(buf);
		return -EFAULT;
	}
	buf[total] = 0;
	/*
	 * A NUL ends the item before it and the write: what follows is not
	 * taken, and the count says so (mainline's parser).
	 */
	keep = strlen(buf + ff->plen);
	if (ff->plen + keep < total) {
		cnt = keep + 1;
		total = ff->plen + cnt;
		buf[total - 1] = ' ';
		buf[total] = 0;
	}

	for (keep = 0; keep < total && !isspace(buf[total - keep - 1]); keep++)
		;
	if (keep == total && total < sizeof(ff->partial)) {
		/* no whitespace yet: all of it is one item in the making */
		memcpy(ff->partial, buf, total);
		ff->plen = total;
		kvfree(buf);
		*ppos += cnt;
		return cnt;
	}
	if (keep >= sizeof(ff->partial)) {
		pr_warn_ratelimited("filter item too long\n");
		kvfree(buf);
		ff->failed = true;
		return -EINVAL;
	}
	memcpy(ff->partial, buf + total - keep, keep);
	buf[total - keep] = 0;

	/* trace_types_lock too: func:snapshot allocates the snapshot */
	mutex_lock(&trace_types_lock);
	mutex_lock(&ftrace_lock);
	ret = apply_items(ff, buf);
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&trace_types_lock);
	kvfree(buf);
	if (ret) {
		ff->failed = true;
		return ret;
	}
	ff->plen = keep;
	*ppos += cnt;
	return cnt;
}

static ssize_t filter_write(struct file *file, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct filter_file *ff = file->private_data;
	ssize_t ret;

	if (!cnt)
		return 0;
	if (cnt > (16 << 20))
		return -E2BIG;
	/* two threads writing one fd: the second waits, not overflows */
	if (mutex_lock_interruptible(&ff->lock))
		return -ERESTARTSYS;
	ret = filter_write_locked(ff, ubuf, cnt, ppos);
	mutex_unlock(&ff->lock);
	return ret;
}

static int filter_release(struct inode *inode, struct file *file)
{
	struct filter_file *ff = file->private_data;
	struct trace_array *tr = ff->set->tr;
	int ret = 0;

	if ((file->f_mode & FMODE_WRITE) && !ff->failed &&
	    (ff->plen || ff->trunc)) {
		ff->partial[ff->plen] = 0;
		mutex_lock(&trace_types_lock);
		mutex_lock(&ftrace_lock);
		ret = apply_items(ff, ff->partial);
		mutex_unlock(&ftrace_lock);
		mutex_unlock(&trace_types_lock);
		if (ret)
			pr_warn_ratelimited("ignoring '%s' at close: error %d\n",
					    ff->partial, ret);
	}
	kvfree(ff->list);
	kfree(ff);
	trace_array_put(tr);
	return 0;
}

static const struct file_operations filter_fops = {
	.open		= filter_open,
	.read		= filter_read,
	.write		= filter_write,
	.llseek		= default_llseek,
	.release	= filter_release,
};

static const struct file_operations ops_filter_fops = {
	.open		= ops_filter_open,
	.read		= filter_read,
	.write		= filter_write,
	.llseek		= default_llseek,
	.release	= filter_release,
};

/* ---- modules --------------------------------------------------------- */

/* apply and drop the pending :mod: filters of @set naming @mod */
static void load_mod_set(struct filter_set *set, struct module *mod,
			 struct name_index *ni)
{
	struct ftrace_hash *h[2] = {};
	struct mod_pending *p, *tmp;
	int i;

	list_for_each_entry_safe(p, tmp, &mod_pending, list) {
		i = p->is_notrace;
		if (p->set != set || strcmp(p->module, mod->name))
			continue;
		if (!h[i])
			h[i] = ftrace_hash_copy(rcu_dereference_protected(*target_hash(set, i), 1),
						64);
		if (h[i])
			match_each(ni, p->glob, p->module, false, add_fn, h[i]);
		list_del(&p->list);
		mod_pending_free(p);
	}
	for (i = 0; i < 2; i++)
		if (h[i])
			h[i]->pinned = !h[i]->count && has_pending(set, i);
	if (h[0] || h[1])
		ftrace_ops_set_hashes(set->ops, h[0], h[1]);
}

static void filter_load_mod(struct module *mod)
{
	struct name_index *ni;
	struct filter_set *set;
	struct mod_pending *p;

	lockdep_assert_held(&ftrace_lock);
	list_for_each_entry(p, &mod_pending, list)
		if (!strcmp(p->module, mod->name))
			break;
	if (list_entry_is_head(p, &mod_pending, list))
		return;
	ni = get_name_index();
	if (!ni)
		return;
	list_for_each_entry(set, &filter_sets, list)
		load_mod_set(set, mod, ni);
}

/* forget @mod's functions in the filters of @set */
static void release_mod_set(struct filter_set *set, struct ftrace_group *g)
{
	struct ftrace_hash *h[2] = {};
	unsigned int i, j;

	for (j = 0; j < 2; j++) {
		struct ftrace_hash *cur = rcu_dereference_protected(*target_hash(set, j), 1);
		bool hit = false;

		if (ftrace_hash_empty(cur))
			continue;
		for (i = 0; i < g->count && !hit; i++)
			hit = ftrace_hash_contains(cur, g->recs[i].ip);
		if (!hit)
			continue;
		h[j] = ftrace_hash_copy(cur, 0);
		if (!h[j])
			continue;
		for (i = 0; i < g->count; i++)
			ftrace_hash_remove(h[j], g->recs[i].ip);
		/* a filter of only this module's functions now selects none */
		if (!j && !h[j]->count)
			h[j]->pinned = true;
	}
	if (h[0] || h[1])
		ftrace_ops_set_hashes(set->ops, h[0], h[1]);
}

/* forget @mod's functions in the filters and commands */
static void filter_release_mod(struct module *mod, struct ftrace_group *g)
{
	struct filter_set *set;
	unsigned int i;

	lockdep_assert_held(&ftrace_lock);
	list_for_each_entry(set, &filter_sets, list)
		release_mod_set(set, g);

	if (rcu_access_pointer(cmd_table)) {
		struct cmd_work w;
		bool hit = false;

		if (cmd_work_init(&w))
			return;
		for (i = 0; i < g->count; i++) {
			unsigned long ip = g->recs[i].ip;
			int t;

			for (t = 0; t < CMD_NR; t++) {
				unsigned int before = w.count;

				cmd_work_set(&w, NULL, ip, t, 0, true, NULL);
				hit |= w.count != before;
			}
		}
		if (hit)
			cmd_work_commit(&w);
		kvfree(w.ent);
	}
}

static const struct ftrace_mod_hooks filter_mod_hooks = {
	.load		= filter_load_mod,
	.release	= filter_release_mod,
};

/* ---- boot parameters ------------------------------------------------- */

TRACE_BOOT_STRING(boot_filter, "ftrace_filter=");
TRACE_BOOT_STRING(boot_notrace, "ftrace_notrace=");
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
TRACE_BOOT_STRING(boot_graph, "ftrace_graph_filter=");
TRACE_BOOT_STRING(boot_graph_notrace, "ftrace_graph_notrace=");
#endif

static void __init apply_boot_set(struct filter_set *set, char *list,
				  int kind, const char *param)
{
	bool is_notrace = kind == FK_NOTRACE || kind == FK_GRAPH_NOTRACE;
	struct filter_file *ff;
	char *p;
	int ret;

	if (!*list)
		return;
	ff = kzalloc(sizeof(*ff), GFP_KERNEL);
	if (!ff)
		return;
	ff->set = set;
	ff->is_notrace = is_notrace;
	ff->kind = kind;
	for (p = list; *p; p++)
		if (*p == ',')
			*p = ' ';
	mutex_lock(&trace_types_lock);
	mutex_lock(&ftrace_lock);
	ret = apply_items(ff, list);
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&trace_types_lock);
	kfree(ff);
	if (ret)
		pr_warn("%s=: error %d, ignored\n", param, ret);
}

static void __init apply_boot(char *list, bool is_notrace)
{
	apply_boot_set(&global_set, list, is_notrace ? FK_NOTRACE : FK_FILTER,
		       is_notrace ? "ftrace_notrace" : "ftrace_filter");
}

/*
 * A set_ftrace_filter-like file at the top of tracefs for @ops alone
 * (stack_trace_filter), filled at once from @boot (a comma-separated
 * boot parameter's list, @param its name) if given.  For built-in users,
 * after fs_initcall; func:cmd items are refused, :mod: ones kept.
 */
int __init ftrace_ops_filter_file(const char *name, struct ftrace_ops *ops,
				  char *boot, const char *param)
{
	struct filter_set *set;

	set = kzalloc(sizeof(*set), GFP_KERNEL);
	if (!set)
		return -ENOMEM;
	set->ops = ops;
	set->tr = &global_trace;
	set->no_cmds = true;
	mutex_lock(&ftrace_lock);
	list_add_tail(&set->list, &filter_sets);
	mutex_unlock(&ftrace_lock);
	if (boot)
		apply_boot_set(set, boot, FK_FILTER, param);
	tracefs_create_file(name, TRACE_MODE_WRITE, NULL, set, &ops_filter_fops);
	return 0;
}

/*
 * ftrace_set_filter() and ftrace_set_notrace(): @ops' own hashes, by the
 * items of set_ftrace_filter (globs, !globs, :mod: of loaded modules).
 */
static int ops_set_items(struct ftrace_ops *ops, unsigned char *buf, int len,
			 int reset, bool is_notrace)
{
	struct filter_set set = {
		.ops = ops, .tr = &global_trace, .no_cmds = true, .no_pending = true,
	};
	struct filter_file *ff;
	char *items;
	int ret;

	if (len < 0 || (len && !buf))
		return -EINVAL;
	ff = kzalloc(sizeof(*ff), GFP_KERNEL);
	items = kmemdup_nul(buf ?: (unsigned char *)"", len, GFP_KERNEL);
	ret = -ENOMEM;
	if (ff && items) {
		ff->set = &set;
		ff->is_notrace = is_notrace;
		ff->kind = is_notrace ? FK_NOTRACE : FK_FILTER;
		ff->trunc = reset;
		mutex_lock(&trace_types_lock);
		mutex_lock(&ftrace_lock);
		ret = apply_items(ff, items);
		mutex_unlock(&ftrace_lock);
		mutex_unlock(&trace_types_lock);
	}
	kfree(items);
	kfree(ff);
	return ret;
}

int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf, int len,
		      int reset)
{
	return ops_set_items(ops, buf, len, reset, false);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter);

int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf, int len,
		       int reset)
{
	return ops_set_items(ops, buf, len, reset, true);
}
EXPORT_SYMBOL_GPL(ftrace_set_notrace);

void ftrace_set_global_filter(unsigned char *buf, int len, int reset)
{
	ops_set_items(&ftrace_global_filter, buf, len, reset, false);
}
EXPORT_SYMBOL_GPL(ftrace_set_global_filter);

void ftrace_set_global_notrace(unsigned char *buf, int len, int reset)
{
	ops_set_items(&ftrace_global_filter, buf, len, reset, true);
}
EXPORT_SYMBOL_GPL(ftrace_set_global_notrace);

/* @ops' sites are the top level's set_ftrace_filter/notrace: a registered ops stays as it is */
void ftrace_ops_set_global_filter(struct ftrace_ops *ops)
{
	if (ops->flags & FTRACE_OPS_FL_ENABLED)
		return;
	ops->hash_owner = &ftrace_global_filter;
}
EXPORT_SYMBOL_GPL(ftrace_ops_set_global_filter);

static struct dentry *filter_file(struct trace_array *tr, const char *name,
				  int kind)
{
	struct dentry *d;

	d = tracefs_create_file(name, TRACE_MODE_WRITE, tr->dir, tr, &filter_fops);
	if (!IS_ERR_OR_NULL(d))
		d_inode(d)->i_cdev = (void *)(long)kind;
	return d;
}

/* the filter files of every array */
static void filter_files(struct trace_array *tr)
{
	filter_file(tr, "set_ftrace_filter", FK_FILTER);
	filter_file(tr, "set_ftrace_notrace", FK_NOTRACE);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	filter_file(tr, "set_graph_function", FK_GRAPH);
	filter_file(tr, "set_graph_notrace", FK_GRAPH_NOTRACE);
#endif
}

/* an instance's set_ftrace_filter, set_ftrace_notrace and graph lists */
static int filter_array_create(struct trace_array *tr)
{
	struct filter_set *set;

	set = kzalloc(sizeof(*set), GFP_KERNEL);
	if (!set)
		return -ENOMEM;
	set->ops = kzalloc(sizeof(*set->ops), GFP_KERNEL);
	if (!set->ops) {
		kfree(set);
		return -ENOMEM;
	}
	set->tr = tr;
	mutex_lock(&ftrace_lock);
	list_add_tail(&set->list, &filter_sets);
	mutex_unlock(&ftrace_lock);
	tr->filters = set;
	tr->filter_ops = set->ops;
	filter_files(tr);
	return 0;
}

/* its tracer is stopped and no file of it is open */
static void filter_array_destroy(struct trace_array *tr)
{
	struct filter_set *set = tr->filters;
	struct mod_pending *p, *tmp;
	struct cmd_table *t;
	unsigned int i;

	if (!set)
		return;
	mutex_lock(&ftrace_lock);
	list_del(&set->list);
	list_for_each_entry_safe(p, tmp, &mod_pending, list) {
		if (p->set == set) {
			list_del(&p->list);
			mod_pending_free(p);
		}
	}
	t = rcu_dereference_protected(cmd_table, 1);
	if (t) {
		struct cmd_work w;
		bool hit = false;

		if (!cmd_work_init(&w)) {
			for (i = 0; i < w.count; ) {
				if (w.ent[i].tr == tr) {
					w.ent[i] = w.ent[--w.count];
					hit = true;
				} else {
					i++;
				}
			}
			if (hit)
				cmd_work_commit(&w);
			kvfree(w.ent);
		}
	}
	/* not registered: its hashes are read by no callback */
	ftrace_hash_free(rcu_dereference_protected(set->ops->filter_hash, 1));
	ftrace_hash_free(rcu_dereference_protected(set->ops->notrace_hash, 1));
	ftrace_hash_free(rcu_dereference_protected(tr->graph_hash, 1));
	ftrace_hash_free(rcu_dereference_protected(tr->graph_notrace_hash, 1));
	RCU_INIT_POINTER(tr->graph_hash, NULL);
	RCU_INIT_POINTER(tr->graph_notrace_hash, NULL);
	mutex_unlock(&ftrace_lock);
	tr->filters = NULL;
	tr->filter_ops = NULL;
	kfree(set->ops);
	kfree(set);
}

static struct trace_array_files filter_array_files = {
	.create		= filter_array_create,
	.destroy	= filter_array_destroy,
};

/* the boot lists, in before a boot tracer starts (core_initcall_sync) */
static __init int ftrace_filter_boot(void)
{
	struct trace_array *tr = &global_trace;

	ftrace_set_mod_hooks(&filter_mod_hooks);
	list_add(&global_set.list, &filter_sets);
	tr->filters = &global_set;
	tr->filter_ops = &ftrace_global_filter;
	apply_boot(boot_filter, false);
	apply_boot(boot_notrace, true);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	apply_boot_set(&global_set, boot_graph, FK_GRAPH, "ftrace_graph_filter");
	apply_boot_set(&global_set, boot_graph_notrace, FK_GRAPH_NOTRACE,
		       "ftrace_graph_notrace");
#endif
	return 0;
}
core_initcall(ftrace_filter_boot);

static __init int ftrace_filter_init(void)
{
	filter_files(&global_trace);
	trace_register_array_files(&filter_array_files);
	return 0;
}
fs_initcall(ftrace_filter_init);
