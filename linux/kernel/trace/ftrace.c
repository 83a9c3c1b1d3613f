// SPDX-License-Identifier: GPL-2.0
/*
 * Dynamic function tracing: the call sites, the ops that want them, and
 * the dispatch from the trampoline to the ops.
 *
 * recordmcount lists every "call __fentry__" in __mcount_loc.  Boot (or
 * module load) turns each into a NOP and keeps a record of it.  A site is
 * patched into "call ftrace_caller" exactly while some registered ops
 * wants it, as its filter and notrace hashes say.
 *
 * While one ops is registered and the sites are what it wants,
 * ftrace_sole_ops names it and the dispatch calls it without a filter
 * lookup: every site it is entered from is one the ops wants.  Any site
 * update clears it first (the patching then orders that store before the
 * first call through a site patched for another ops) and sets it again
 * once done.  A hash that shrinks is in place a moment before its sites
 * are NOPed, and a task preempted in the trampoline may come to the
 * dispatch after an update: either way one call the filter no longer
 * wants may be traced, as with a sole ops on mainline.
 *
 * A sole ops that needs nothing of the dispatcher (no
 * FTRACE_OPS_FL_RECURSION, FTRACE_OPS_FL_RCU or direct trampoline; see
 * <linux/ftrace.h>) is called straight from the trampoline: its call
 * (ftrace_call, or ftrace_regs_call for an FTRACE_OPS_FL_SAVE_REGS ops)
 * is patched to the callback, which gets function_trace_op as its ops.
 * A trampoline loads function_trace_op, then calls; so that no call
 * pairs one ops' callback with another ops, function_trace_op changes
 * only while both calls go to the dispatch (which ignores it), and after
 * a ftrace_sync() since they last went elsewhere.  Every site update
 * points the calls back at the dispatch first, in a patch batch of its
 * own.  A preemptible kernel keeps the dispatch: a callback entered with
 * preemption enabled could still run after ftrace_sync() (that would take
 * tasks RCU).
 *
 * In-kernel users (livepatch, kprobes, modules) register ops of their
 * own.  A site some ops with FTRACE_OPS_FL_SAVE_REGS wants calls
 * ftrace_regs_caller, which saves all of pt_regs; the others call
 * ftrace_caller.  Both resume where the callbacks left the ip.  A site
 * whose only ops is a direct one (register_ftrace_direct()) calls that
 * ops' trampoline itself.  One FTRACE_OPS_FL_IPMODIFY or direct ops at
 * most has a function (a second gets -EBUSY, at register or at a filter
 * change), and while an ops with FTRACE_OPS_FL_PERMANENT is registered
 * ftrace_enabled stays 1.
 *
 * Locking: ftrace_lock serialises every change to the ops list, the
 * hashes and the site states.  The callback path takes no lock: it walks
 * the ops list and reads hashes with preemption disabled, and writers
 * wait for it with ftrace_sync() before freeing anything it may see.  A
 * registered ops' ->func may change under it (fgraph.c switches its
 * entry, with WRITE_ONCE()): it reads it once, with READ_ONCE().
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/bsearch.h>
#include <linux/hash.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/memory.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/sysctl.h>
#include <linux/timex.h>
#include <linux/tracefs.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>
#include <asm/sections.h>

#include "ftrace_internal.h"
#include "trace.h"

/* the ops list, the records and the patching of the sites: see above */
DEFINE_MUTEX(ftrace_lock);

/* set on the first inconsistency; nothing is patched afterwards */
static bool ftrace_disabled;
int ftrace_enabled = 1;

static struct ftrace_ops __rcu *ftrace_ops_list;
struct ftrace_ops *ftrace_sole_ops;
/* the ops argument of a callback the trampolines call: see above */
struct ftrace_ops *function_trace_op;
/* function_trace_op may have been loaded for a callback since the last sync */
static bool ftrace_call_stale;

/* kernel group first, then modules in load order; RCU for lookups */
static LIST_HEAD(ftrace_groups);
/* bumped on every group added or removed, so listings can resume safely */
unsigned long ftrace_groups_gen;

/* the hashes of set_ftrace_filter/set_ftrace_notrace, see ftrace_filter.c */
struct ftrace_ops ftrace_global_filter;

/* ---- call site records ----------------------------------------------- */

static int rec_cmp(const void *a, const void *b)
{
	const struct dyn_ftrace *x = a, *y = b;

	if (x->ip < y->ip)
		return -1;
	return x->ip > y->ip;
}

static void ftrace_bug(unsigned long ip, int err)
{
	ftrace_disabled = true;
	/* kprobes on ftrace stop using it, and leave their ops alone */
	kprobe_ftrace_kill();
	pr_err("disabling the function tracer: site %pS error %d\n",
	       (void *)ip, err);
	WARN_ON_ONCE(1);
}

/* The end of the ascending run of @r from @i, at most @n. */
static unsigned int __init_or_module rec_run(const struct dyn_ftrace *r,
					     unsigned int i, unsigned int n)
{
	while (++i < n && r[i - 1].ip <= r[i].ip)
		;
	return i;
}

/*
 * Sort @n records with @tmp as room for as many; returns where they are.
 * The list is a few hundred ascending runs (one per output section an
 * object's sites went to, in link order): merging neighbouring runs, pass
 * after pass, takes some log2(runs) passes where sort() would take about
 * log2(n) steps per record.
 */
static struct dyn_ftrace *__init_or_module rec_sort(struct dyn_ftrace *r,
						    struct dyn_ftrace *tmp,
						    unsigned int n)
{
	unsigned int i, mid, end, a, b, out, runs;

	do {
		for (i = 0, out = 0, runs = 0; i < n; i = end, runs++) {
			mid = rec_run(r, i, n);
			end = mid < n ? rec_run(r, mid, n) : n;
			for (a = i, b = mid; a < mid || b < end;)
				tmp[out++] = b == end || (a < mid && r[a].ip <= r[b].ip) ?
					     r[a++] : r[b++];
		}
		swap(r, tmp);
	} while (runs > 1);
	return r;
}

/*
 * Records of @count sites listed at @locs, sorted, every site verified and
 * NOPed.  The code must not be running yet.
 */
static struct ftrace_group *__init_or_module
ftrace_group_create(struct module *mod, const unsigned long *locs,
		    unsigned int count)
{
	struct dyn_ftrace *tmp, *sorted;
	struct ftrace_group *g;
	unsigned int i, n = 0;
	int ret;

	g = kvzalloc(struct_size(g, recs, count), GFP_KERNEL);
	if (!g)
		return NULL;
	g->mod = mod;
	for (i = 0; i < count; i++)
		if (locs[i])
			g->recs[n++].ip = locs[i];
	tmp = kvmalloc_array(n, sizeof(*tmp), GFP_KERNEL);
	if (tmp) {
		sorted = rec_sort(g->recs, tmp, n);
		if (sorted != g->recs)
			memcpy(g->recs, sorted, n * sizeof(*tmp));
		kvfree(tmp);
	} else {
		sort(g->recs, n, sizeof(g->recs[0]), rec_cmp, NULL);
	}
	g->count = n;

	for (i = 0; i < n; i++) {
		/* the kernel's at boot in a row, serialized once at the end */
		ret = mod ? ftrace_arch_init_site(g->recs[i].ip) :
			    ftrace_arch_init_boot_site(g->recs[i].ip);
		if (ret) {
			ftrace_bug(g->recs[i].ip, ret);
			/* the rest still call __fentry__, which just returns */
			g->count = i;
			break;
		}
	}
	if (!mod)
		ftrace_arch_init_boot_done();
	return g;
}

struct ftrace_group *ftrace_group_of(struct module *mod)
{
	struct ftrace_group *g;

	list_for_each_entry(g, &ftrace_groups, list)
		if (g->mod == mod)
			return g;
	return NULL;
}

static struct dyn_ftrace *group_lookup(struct ftrace_group *g,
				       unsigned long ip)
{
	struct dyn_ftrace key = { .ip = ip };

	if (!g->count || ip < g->recs[0].ip || ip > g->recs[g->count - 1].ip)
		return NULL;
	return bsearch(&key, g->recs, g->count, sizeof(key), rec_cmp);
}

/* How many sites the kernel and its modules have now. */
unsigned long ftrace_nr_sites(void)
{
	struct ftrace_group *g;
	unsigned long n = 0;

	mutex_lock(&ftrace_lock);
	list_for_each_entry(g, &ftrace_groups, list)
		n += g->count;
	mutex_unlock(&ftrace_lock);
	return n;
}

/* the record of the site at @ip, or NULL; caller holds ftrace_lock */
struct dyn_ftrace *ftrace_lookup_rec(unsigned long ip)
{
	struct ftrace_group *g;
	struct dyn_ftrace *rec;

	list_for_each_entry(g, &ftrace_groups, list) {
		rec = group_lookup(g, ip);
		if (rec)
			return rec->flags & REC_FREED ? NULL : rec;
	}
	return NULL;
}

/* @g's first record at or above @ip, or NULL */
static struct dyn_ftrace *group_first_from(struct ftrace_group *g,
					   unsigned long ip)
{
	unsigned int lo = 0, hi = g->count;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (g->recs[mid].ip < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < g->count ? &g->recs[lo] : NULL;
}

/* the first live site in [@start, @end], or 0 */
static unsigned long site_in(unsigned long start, unsigned long end)
{
	struct ftrace_group *g;
	struct dyn_ftrace *rec;

	list_for_each_entry_rcu(g, &ftrace_groups, list) {
		rec = group_first_from(g, start);
		for (; rec && rec < g->recs + g->count && rec->ip <= end; rec++)
			if (!(rec->flags & REC_FREED))
				return rec->ip;
	}
	return 0;
}

/*
 * The site of the function at @ip: @ip may be the site, inside its
 * instruction, or the function's first byte (the site follows an endbr64
 * under IBT).  0 if there is none.  kprobes and livepatch ask this.
 */
unsigned long ftrace_location(unsigned long ip)
{
	unsigned long size, offset, ret;

	rcu_read_lock();
	ret = site_in(ip < MCOUNT_INSN_SIZE ? 0 : ip - (MCOUNT_INSN_SIZE - 1), ip);
	if (!ret && kallsyms_lookup_size_offset(ip, &size, &offset) &&
	    !offset && size)
		ret = site_in(ip, ip + size - 1);
	rcu_read_unlock();
	return ret;
}

int ftrace_text_reserved(const void *start, const void *end)
{
	unsigned long s = (unsigned long)start, e = (unsigned long)end;
	struct ftrace_group *g;
	unsigned int i;
	int ret = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(g, &ftrace_groups, list) {
		for (i = 0; i < g->count && !ret; i++) {
			unsigned long ip = g->recs[i].ip;

			if (!(g->recs[i].flags & REC_FREED) &&
			    ip <= e && ip + MCOUNT_INSN_SIZE > s)
				ret = 1;
		}
	}
	rcu_read_unlock();
	return ret;
}

/*
 * Step @it to the next live record (the first if it->group is NULL).
 * Caller holds ftrace_lock.
 */
bool ftrace_rec_next(struct rec_iter *it)
{
	struct ftrace_group *g = it->group;
	unsigned int i = it->idx + 1;

	if (!g) {
		g = list_first_entry_or_null(&ftrace_groups, struct ftrace_group,
					     list);
		i = 0;
	}
	for (; g; g = list_is_last(&g->list, &ftrace_groups) ? NULL :
			list_next_entry(g, list), i = 0) {
		if (!g->live)
			continue;
		for (; i < g->count; i++) {
			unsigned long f = g->recs[i].flags;

			if (f & REC_FREED)
				continue;
			if (it->need && !(f & it->need))
				continue;
			it->group = g;
			it->idx = i;
			return true;
		}
	}
	it->group = NULL;
	return false;
}

/* ---- ops and site states --------------------------------------------- */

static __always_inline bool ops_wants(struct ftrace_ops *op, unsigned long ip)
{
	return ftrace_hashes_want(op->flags & FTRACE_OPS_FL_GLOBAL_FILTER ?
				  &ftrace_global_filter : op->hash_owner ?: op, ip);
}

/* Does @op want the site at @ip patched?  ftrace_lock held. */
static bool site_wanted(struct ftrace_ops *op, unsigned long ip)
{
	return op->flags & FTRACE_OPS_FL_SUBOPS ? op->wants(op, ip) :
						  ops_wants(op, ip);
}

/* What the site of @rec calls now: 0 for a NOP. */
static unsigned long rec_target(struct dyn_ftrace *rec)
{
	if (!(rec->flags & REC_ENABLED))
		return 0;
	/* a direct trampoline's address is in the call itself */
	if (rec->flags & REC_DIRECT)
		return ftrace_arch_site_call(rec->ip);
	return rec->flags & REC_REGS ? (unsigned long)ftrace_regs_caller :
				       (unsigned long)ftrace_caller;
}

/*
 * What the site of @rec should call for the ops that want it now, with
 * its REC_* flags in *@flags: nothing, the direct trampoline of its only
 * ops, ftrace_regs_caller if one wants all registers (a direct ops
 * sharing the site does), else ftrace_caller.
 */
static unsigned long rec_wanted_target(struct dyn_ftrace *rec,
				       unsigned long *flags)
{
	struct ftrace_ops *op, *direct = NULL;
	unsigned int count = 0;
	bool regs = false;

	for (op = rcu_dereference_protected(ftrace_ops_list, 1);
	     op && ftrace_enabled; op = rcu_dereference_protected(op->next, 1)) {
		if (!site_wanted(op, rec->ip))
			continue;
		count++;
		if (op->flags & FTRACE_OPS_FL_SAVE_REGS)
			regs = true;
		if (op->flags & FTRACE_OPS_FL_DIRECT)
			direct = op;
		if (op->flags & (FTRACE_OPS_FL_IPMODIFY | FTRACE_OPS_FL_DIRECT))
			*flags |= REC_MODIFIED;
	}
	*flags &= ~(REC_ENABLED | REC_REGS | REC_DIRECT);
	if (!count)
		return 0;
	*flags |= REC_ENABLED | REC_TOUCHED;
	if (count == 1 && direct) {
		*flags |= REC_DIRECT;
		return READ_ONCE(direct->direct_call);
	}
	if (!regs)
		return (unsigned long)ftrace_caller;
	*flags |= REC_REGS;
	return (unsigned long)ftrace_regs_caller;
}

/* Point the trampoline's call at @call to @to, in a patch batch of its own. */
static int ftrace_call_set(void (*call)(void), unsigned long to)
{
	unsigned long from = ftrace_arch_site_call((unsigned long)call);
	int ret;

	lockdep_assert_held(&text_mutex);
	if (from == to)
		return 0;
	ret = ftrace_arch_update_site((unsigned long)call, from, to);
	ftrace_arch_update_finish();
	if (!ret && from != (unsigned long)ftrace_dispatch)
		ftrace_call_stale = true;
	return ret;
}

/* Both trampolines to the dispatch; caller holds text_mutex. */
static int ftrace_call_reset(void)
{
	return ftrace_call_set(ftrace_call, (unsigned long)ftrace_dispatch) ?:
	       ftrace_call_set(ftrace_regs_call, (unsigned long)ftrace_dispatch);
}

/* May the trampolines call @op's callback themselves?  See the top. */
static bool ftrace_call_direct_ok(struct ftrace_ops *op)
{
	return !IS_ENABLED(CONFIG_PREEMPTION) && op && !rcu_access_pointer(op->next) &&
	       !(op->flags & (FTRACE_OPS_FL_RECURSION | FTRACE_OPS_FL_RCU |
			      FTRACE_OPS_FL_DIRECT));
}

/*
 * Once the sites are what @op (the only ops, or NULL) wants: let the
 * trampoline its sites call go straight to its callback if it may.
 */
static void ftrace_call_direct(struct ftrace_ops *op)
{
	void (*call)(void);
	int ret;

	if (!ftrace_call_direct_ok(op))
		return;
	if (function_trace_op != op) {
		if (ftrace_call_stale)
			ftrace_sync();
		ftrace_call_stale = false;
		/* text_poke's sync IPIs publish it before the call changes */
		WRITE_ONCE(function_trace_op, op);
	}
	call = op->flags & FTRACE_OPS_FL_SAVE_REGS ? ftrace_regs_call : ftrace_call;
	mutex_lock(&text_mutex);
	ret = ftrace_call_set(call, (unsigned long)op->func);
	mutex_unlock(&text_mutex);
	if (ret)
		ftrace_bug((unsigned long)call, ret);
}

/* Bring @g's sites (all groups if NULL) in line with the ops list. */
static void ftrace_update_sites(struct ftrace_group *only)
{
	struct ftrace_group *g;
	struct ftrace_ops *op;
	unsigned int i;
	int ret;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_disabled)
		return;

	WRITE_ONCE(ftrace_sole_ops, NULL);
	mutex_lock(&text_mutex);
	ret = ftrace_call_reset();
	if (ret) {
		ftrace_bug((unsigned long)ftrace_call, ret);
		goto out;
	}
	list_for_each_entry(g, &ftrace_groups, list) {
		if ((only && g != only) || !g->live)
			continue;
		for (i = 0; i < g->count; i++) {
			struct dyn_ftrace *rec = &g->recs[i];
			unsigned long flags = rec->flags, from, to;

			if (flags & REC_FREED)
				continue;
			to = rec_wanted_target(rec, &flags);
			from = rec_target(rec);
			if (to != from) {
				ret = ftrace_arch_update_site(rec->ip, from, to);
				if (ret) {
					ftrace_bug(rec->ip, ret);
					goto out;
				}
			}
			rec->flags = flags;
		}
	}
out:
	ftrace_arch_update_finish();
	mutex_unlock(&text_mutex);
	op = rcu_dereference_protected(ftrace_ops_list, 1);
	if (op && !rcu_access_pointer(op->next) && !ftrace_disabled) {
		WRITE_ONCE(ftrace_sole_ops, op);
		ftrace_call_direct(op);
	}
}

/* A SUBOPS ops' ->wants() changed its mind; caller holds ftrace_lock. */
void ftrace_update_locked(void)
{
	ftrace_update_sites(NULL);
}

static bool permanent_ops(void)
{
	struct ftrace_ops *op;

	for (op = rcu_dereference_protected(ftrace_ops_list, 1); op;
	     op = rcu_dereference_protected(op->next, 1))
		if (op->flags & FTRACE_OPS_FL_PERMANENT)
			return true;
	return false;
}

/*
 * /proc/sys/kernel/ftrace_enabled: 0 puts every site back to a NOP while
 * the ops stay registered; 1 patches back what they want.
 */
static int ftrace_enabled_handler(const struct ctl_table *table, int write,
				  void *buffer, size_t *lenp, loff_t *ppos)
{
	int ret, was;

	mutex_lock(&ftrace_lock);
	was = ftrace_enabled;
	ret = proc_dointvec_minmax(table, write, buffer, lenp, ppos);
	/* livepatch's ops must stay: FTRACE_OPS_FL_PERMANENT */
	if (!ret && write && was && !ftrace_enabled && permanent_ops()) {
		ftrace_enabled = was;
		ret = -EBUSY;
	}
	if (!ret && write && ftrace_enabled != was) {
		ftrace_update_sites(NULL);
		if (!ftrace_enabled)
			ftrace_sync();
	}
	mutex_unlock(&ftrace_lock);
	return ret;
}

static struct ctl_table ftrace_sysctls[] = {
	{
		.procname	= "ftrace_enabled",
		.data		= &ftrace_enabled,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= ftrace_enabled_handler,
		.extra1		= SYSCTL_ZERO,
		.extra2		= SYSCTL_ONE,
	},
};

static __init int ftrace_sysctl_init(void)
{
	register_sysctl_init("kernel", ftrace_sysctls);
	return 0;
}
late_initcall(ftrace_sysctl_init);

static void ftrace_sync_fn(struct work_struct *work)
{
}

/*
 * Wait until no CPU can still be in a callback that saw what we just
 * unpublished.  Callbacks run with preemption disabled, possibly where
 * RCU is not watching (idle), so make every CPU schedule.
 */
void ftrace_sync(void)
{
	schedule_on_each_cpu(ftrace_sync_fn);
}

/* What besides its hashes keeps @op from being called here. */
static __always_inline bool ops_may_run(struct ftrace_ops *op,
					struct ftrace_regs *fregs)
{
	unsigned long f = op->flags;

	/* set_ftrace_pid gates the ops that share the global filter */
	if ((f & FTRACE_OPS_FL_GLOBAL_FILTER) && !ftrace_pid_allowed())
		return false;
	if (likely(!(f & (FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_RCU))))
		return true;
	/* entered through ftrace_caller while its site is being repatched */
	if ((f & FTRACE_OPS_FL_SAVE_REGS) && !ftrace_get_regs(fregs))
		return false;
	return !(f & FTRACE_OPS_FL_RCU) || rcu_is_watching();
}

/*
 * Entered from the trampolines for every enabled site.  Lock-free: the
 * ops list and the hashes are only ever replaced, and freed after
 * ftrace_sync().  @parent_ip was read once, before any callback: a graph
 * ops swaps the return address for return_to_handler.
 */
void notrace ftrace_dispatch(unsigned long ip, unsigned long parent_ip,
			     struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	int bit;

	bit = ftrace_recursion_enter();
	if (bit < 0)
		return;
	preempt_disable_notrace();
	op = READ_ONCE(ftrace_sole_ops);
	if (op) {
		if (ops_may_run(op, fregs))
			READ_ONCE(op->func)(ip, parent_ip, op, fregs);
		goto out;
	}
	for (op = rcu_dereference_raw(ftrace_ops_list); op;
	     op = rcu_dereference_raw(op->next)) {
		/* a SUBOPS callback filters for itself */
		if (!(op->flags & FTRACE_OPS_FL_SUBOPS) && !ops_wants(op, ip))
			continue;
		if (ops_may_run(op, fregs))
			READ_ONCE(op->func)(ip, parent_ip, op, fregs);
	}
out:
	preempt_enable_notrace();
	ftrace_recursion_exit(bit);
}

NOKPROBE_SYMBOL(ftrace_dispatch);

/* the ops that must have a function alone */
#define FTRACE_OPS_EXCLUSIVE	(FTRACE_OPS_FL_IPMODIFY | FTRACE_OPS_FL_DIRECT)

/*
 * May @ops have @filter as its sites?  A function has at most one ops
 * that modifies the ip or calls a direct trampoline (mainline lets a
 * direct ops with an ops_func share with an ip-modifying one; we do
 * not): -EBUSY if another registered one has one of them, -EINVAL for
 * an empty filter (every function).  Caller holds ftrace_lock.
 */
int ftrace_exclusive_check(struct ftrace_ops *ops, struct ftrace_hash *filter)
{
	struct ftrace_func_entry *e;
	struct ftrace_ops *op;
	unsigned int b;

	lockdep_assert_held(&ftrace_lock);
	if (!(ops->flags & FTRACE_OPS_EXCLUSIVE))
		return 0;
	if (ftrace_hash_empty(filter))
		return -EINVAL;
	for (op = rcu_dereference_protected(ftrace_ops_list, 1); op;
	     op = rcu_dereference_protected(op->next, 1)) {
		if (op == ops || !(op->flags & FTRACE_OPS_EXCLUSIVE))
			continue;
		for (b = 0; b < (1U << filter->bits); b++)
			hlist_for_each_entry(e, &filter->buckets[b], hlist)
				if (ops_wants(op, e->ip))
					return -EBUSY;
	}
	return 0;
}

/* Add @ops to the list and patch what it wants; caller holds ftrace_lock. */
int ftrace_register_locked(struct ftrace_ops *ops)
{
	int ret;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_disabled)
		return -ENODEV;
	if (WARN_ON_ONCE(ops->flags & FTRACE_OPS_FL_ENABLED))
		return -EBUSY;
	/* it could not be kept: ftrace_enabled is 0 */
	if ((ops->flags & FTRACE_OPS_FL_PERMANENT) && !ftrace_enabled)
		return -EBUSY;
	ret = ftrace_exclusive_check(ops, rcu_dereference_protected(ops->filter_hash, 1));
	if (ret)
		return ret;
	ops->flags |= FTRACE_OPS_FL_ENABLED;
	RCU_INIT_POINTER(ops->next, rcu_dereference_protected(ftrace_ops_list, 1));
	rcu_assign_pointer(ftrace_ops_list, ops);
	ftrace_update_sites(NULL);
	return 0;
}

/*
 * Unlink @ops and unpatch what only it wanted; caller holds ftrace_lock
 * and must ftrace_sync() before @ops or its data go away.
 */
int ftrace_unregister_locked(struct ftrace_ops *ops)
{
	struct ftrace_ops __rcu **p;

	lockdep_assert_held(&ftrace_lock);
	if (!(ops->flags & FTRACE_OPS_FL_ENABLED))
		return -ENODEV;
	for (p = &ftrace_ops_list; rcu_dereference_protected(*p, 1) != ops;
	     p = &rcu_dereference_protected(*p, 1)->next)
		;
	rcu_assign_pointer(*p, rcu_dereference_protected(ops->next, 1));
	ops->flags &= ~FTRACE_OPS_FL_ENABLED;
	ftrace_update_sites(NULL);
	return 0;
}

int register_ftrace_function(struct ftrace_ops *ops)
{
	int ret;

	mutex_lock(&ftrace_lock);
	ret = ftrace_register_locked(ops);
	mutex_unlock(&ftrace_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_function);

/* No callback of @ops runs once this returns. */
int unregister_ftrace_function(struct ftrace_ops *ops)
{
	int ret;

	mutex_lock(&ftrace_lock);
	ret = ftrace_unregister_locked(ops);
	mutex_unlock(&ftrace_lock);
	if (!ret)
		ftrace_sync();
	return ret;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_function);

/*
 * Install new hashes on @ops (NULL leaves one as it is), repatch, and
 * free the old ones once no callback can see them.  Caller holds
 * ftrace_lock.
 */
void ftrace_ops_set_hashes(struct ftrace_ops *ops, struct ftrace_hash *filter,
			   struct ftrace_hash *skip)
{
	struct ftrace_hash *old_filter = NULL, *old_notrace = NULL;

	lockdep_assert_held(&ftrace_lock);
	/* callers of a registered IPMODIFY ops' filter ran the check */
	WARN_ON_ONCE(filter && (ops->flags & FTRACE_OPS_FL_ENABLED) &&
		     ftrace_exclusive_check(ops, filter));
	filter = ftrace_hash_fit(filter);
	skip = ftrace_hash_fit(skip);
	if (filter) {
		old_filter = rcu_dereference_protected(ops->filter_hash, 1);
		rcu_assign_pointer(ops->filter_hash, filter);
	}
	if (skip) {
		old_notrace = rcu_dereference_protected(ops->notrace_hash, 1);
		rcu_assign_pointer(ops->notrace_hash, skip);
	}
	if (rcu_access_pointer(ftrace_ops_list)) {
		ftrace_update_sites(NULL);
		ftrace_sync();
	}
	ftrace_hash_free(old_filter);
	ftrace_hash_free(old_notrace);
}

/* ---- the in-kernel filter API ---------------------------------------- */

static int set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, bool remove, bool reset)
{
	struct ftrace_hash *cur, *h;
	unsigned int i;
	int ret = 0;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_disabled)
		return -ENODEV;
	cur = rcu_dereference_protected(ops->filter_hash, 1);
	h = ftrace_hash_copy(reset ? NULL : cur, remove ? 0 : cnt);
	if (!h)
		return -ENOMEM;
	for (i = 0; i < cnt && !ret; i++) {
		unsigned long ip = ftrace_location(ips[i]);

		if (!ip)
			ret = -EINVAL;
		else if (!remove)
			ret = ftrace_hash_add(h, ip);
		else if (!ftrace_hash_contains(h, ip))
			ret = -ENOENT;
		else
			ftrace_hash_remove(h, ip);
	}
	if (!ret && (ops->flags & FTRACE_OPS_FL_ENABLED))
		ret = ftrace_exclusive_check(ops, h);
	if (ret) {
		ftrace_hash_free(h);
		return ret;
	}
	ftrace_ops_set_hashes(ops, h, NULL);
	return 0;
}

/*
 * Add (or with @remove, take out) the function at each of @ips to @ops'
 * filter: a site, or a function's address (ftrace_location() maps it).
 * -EINVAL if one is no traceable function, -ENOENT if one to remove is
 * not there, -EBUSY if @ops modifies the ip and another such ops has one
 * of them; nothing changes then.
 */
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset)
{
	int ret;

	mutex_lock(&ftrace_lock);
	ret = set_filter_ips(ops, ips, cnt, remove, reset);
	mutex_unlock(&ftrace_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ips);

int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip, int remove,
			 int reset)
{
	return ftrace_set_filter_ips(ops, &ip, 1, remove, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ip);

/* Drop @ops' filter and notrace hashes; @ops must not be registered. */
void ftrace_free_filter(struct ftrace_ops *ops)
{
	struct ftrace_hash *filter, *skip;

	mutex_lock(&ftrace_lock);
	if (WARN_ON_ONCE(ops->flags & FTRACE_OPS_FL_ENABLED)) {
		mutex_unlock(&ftrace_lock);
		return;
	}
	filter = rcu_dereference_protected(ops->filter_hash, 1);
	skip = rcu_dereference_protected(ops->notrace_hash, 1);
	RCU_INIT_POINTER(ops->filter_hash, NULL);
	RCU_INIT_POINTER(ops->notrace_hash, NULL);
	mutex_unlock(&ftrace_lock);
	/* unregistering waited for the callbacks that could see them */
	ftrace_hash_free(filter);
	ftrace_hash_free(skip);
}
EXPORT_SYMBOL_GPL(ftrace_free_filter);

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* ---- direct calls ----------------------------------------------------- */

/* A direct ops' callback, where its function is shared: call its tramp. */
static void notrace direct_call_func(unsigned long ip, unsigned long parent_ip,
				     struct ftrace_ops *op,
				     struct ftrace_regs *fregs)
{
	arch_ftrace_set_direct_caller(fregs, READ_ONCE(op->direct_call));
}

/* The direct trampoline the function at @ip calls, or 0. */
unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	struct ftrace_ops *op;
	unsigned long addr = 0;

	preempt_disable_notrace();
	for (op = rcu_dereference_raw(ftrace_ops_list); op && !addr;
	     op = rcu_dereference_raw(op->next))
		if ((op->flags & FTRACE_OPS_FL_DIRECT) && ops_wants(op, ip))
			addr = READ_ONCE(op->direct_call);
	preempt_enable_notrace();
	return addr;
}

/*
 * Have the functions in @ops' filter (set first, not empty) call @addr.
 * -EBUSY if one already has a direct or ip-modifying ops.
 */
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	struct ftrace_hash *filter;
	int ret = -EINVAL;

	mutex_lock(&ftrace_lock);
	filter = rcu_dereference_protected(ops->filter_hash, 1);
	if (!addr || ftrace_hash_empty(filter))
		goto out;
	ret = -EBUSY;
	if (ops->flags & FTRACE_OPS_FL_ENABLED)
		goto out;
	ops->func = direct_call_func;
	ops->direct_call = addr;
	/* shared, its sites go through ftrace_regs_caller, which calls addr */
	ops->flags |= FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_SAVE_REGS;
	ret = ftrace_register_locked(ops);
	if (ret) {
		ops->flags &= ~(FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_SAVE_REGS);
		ops->direct_call = 0;
	}
out:
	mutex_unlock(&ftrace_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_direct);

/* Undo register_ftrace_direct(); @free_filters drops @ops' filter too. */
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     bool free_filters)
{
	int ret;

	if (!(ops->flags & FTRACE_OPS_FL_DIRECT))
		return -EINVAL;
	ret = unregister_ftrace_function(ops);
	ops->flags &= ~(FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_SAVE_REGS);
	ops->direct_call = 0;
	if (free_filters)
		ftrace_free_filter(ops);
	return ret;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_direct);

/*
 * Move @ops' functions to the trampoline @addr: a site calling the old
 * one directly is repatched to call @addr (text_poke's int3 protocol:
 * each call runs the old or the new), a shared one picks @addr up at its
 * next call.  The caller frees the old trampoline only once no task can
 * be in it.
 */
int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	int ret = -EINVAL;

	mutex_lock(&ftrace_lock);
	if ((ops->flags & FTRACE_OPS_FL_DIRECT) && addr) {
		WRITE_ONCE(ops->direct_call, addr);
		if (ops->flags & FTRACE_OPS_FL_ENABLED)
			ftrace_update_sites(NULL);
		ret = 0;
	}
	mutex_unlock(&ftrace_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct);

/*
 * Mainline's is for callers inside an ops_func callback, which hold its
 * direct-call lock; we call no ops_func, so nobody holds ours here.
 */
int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr)
{
	return modify_ftrace_direct(ops, addr);
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct_nolock);
#endif /* CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS */

/* ---- boot and modules ------------------------------------------------ */

/* "ftrace_init_stats": say how long boot took to NOP the sites (make bench) */
static bool ftrace_init_stats __initdata;

static int __init set_ftrace_init_stats(char *str)
{
	ftrace_init_stats = true;
	return 0;
}
early_param("ftrace_init_stats", set_ftrace_init_stats);

void __init ftrace_init(void)
{
	unsigned int count = __stop_mcount_loc - __start_mcount_loc;
	cycles_t t0 = get_cycles();
	struct ftrace_group *g;

	if (!count) {
		pr_info("no call sites recorded\n");
		return;
	}
	g = ftrace_group_create(NULL, __start_mcount_loc, count);
	if (!g) {
		ftrace_disabled = true;
		pr_err("cannot allocate records for %u sites\n", count);
		return;
	}
	g->live = true;
	list_add_rcu(&g->list, &ftrace_groups);
	/* no clock runs this early: cycles are all there is */
	if (ftrace_init_stats)
		pr_info("%u call sites NOPed in %llu cycles, %zu KB of records\n",
			g->count, (unsigned long long)(get_cycles() - t0),
			struct_size(g, recs, g->count) >> 10);
	else
		pr_info("%u call sites NOPed, %zu KB of records\n", g->count,
			struct_size(g, recs, g->count) >> 10);
}

/* forget sites in [start, end): that text is about to be freed */
static void ftrace_drop_range(struct ftrace_group *g, unsigned long start,
			      unsigned long end)
{
	unsigned int i;

	for (i = 0; i < g->count; i++)
		if (g->recs[i].ip >= start && g->recs[i].ip < end)
			g->recs[i].flags = REC_FREED;
}

void __ref ftrace_free_init_mem(void)
{
	struct ftrace_group *g;

	mutex_lock(&ftrace_lock);
	g = ftrace_group_of(NULL);
	if (g)
		ftrace_drop_range(g, (unsigned long)__init_begin,
				  (unsigned long)__init_end);
	mutex_unlock(&ftrace_lock);
}

#ifdef CONFIG_MODULES
/*
 * Before the module runs: NOP its sites and keep records of them. They are
 * neither patched nor listed (nor matched by filters) until the module is
 * ready: its text is still being set up.
 */
void ftrace_module_init(struct module *mod)
{
	struct ftrace_group *g;

	if (ftrace_disabled || !mod->num_ftrace_callsites)
		return;
	g = ftrace_group_create(mod, mod->ftrace_callsites,
				mod->num_ftrace_callsites);
	if (!g) {
		pr_warn("%s: no memory for records, not traceable\n", mod->name);
		return;
	}
	mutex_lock(&ftrace_lock);
	list_add_tail_rcu(&g->list, &ftrace_groups);
	ftrace_groups_gen++;
	mutex_unlock(&ftrace_lock);
}

/* set_ftrace_filter's part in a module's life (ftrace_filter.c's) */
static const struct ftrace_mod_hooks *mod_hooks;

/* Once, before modules load; the hooks run under ftrace_lock. */
void ftrace_set_mod_hooks(const struct ftrace_mod_hooks *hooks)
{
	mutex_lock(&ftrace_lock);
	mod_hooks = hooks;
	mutex_unlock(&ftrace_lock);
}

/* Its text is final now: enable the sites current ops want. */
void ftrace_module_enable(struct module *mod)
{
	struct ftrace_group *g;

	mutex_lock(&ftrace_lock);
	g = ftrace_group_of(mod);
	if (g) {
		g->live = true;
		/* listings and the name index see it from now on */
		ftrace_groups_gen++;
		/* :mod: filters written before the module came */
		if (mod_hooks)
			mod_hooks->load(mod);
		if (rcu_access_pointer(ftrace_ops_list))
			ftrace_update_sites(g);
	}
	mutex_unlock(&ftrace_lock);
}

void ftrace_release_mod(struct module *mod)
{
	struct ftrace_group *g;

	mutex_lock(&ftrace_lock);
	g = ftrace_group_of(mod);
	if (g) {
		if (mod_hooks)
			mod_hooks->release(mod, g);
		list_del_rcu(&g->list);
		ftrace_groups_gen++;
	}
	mutex_unlock(&ftrace_lock);
	if (g) {
		synchronize_rcu();
		kvfree(g);
	}
}

void ftrace_free_mem(struct module *mod, void *start, void *end)
{
	struct ftrace_group *g;

	mutex_lock(&ftrace_lock);
	g = ftrace_group_of(mod);
	if (g)
		ftrace_drop_range(g, (unsigned long)start, (unsigned long)end);
	mutex_unlock(&ftrace_lock);
}
#endif /* CONFIG_MODULES */

/* ---- tracefs listings ------------------------------------------------ */

static void *rec_seq_start(struct seq_file *m, loff_t *pos)
{
	struct rec_iter *it = m->private;
	loff_t i;

	mutex_lock(&ftrace_lock);
	/* resume where the last read stopped, unless the groups changed */
	if (it->group && *pos == it->pos && it->gen == ftrace_groups_gen)
		return it;
	it->group = NULL;
	it->gen = ftrace_groups_gen;
	for (i = 0; i <= *pos; i++)
		if (!ftrace_rec_next(it))
			return NULL;
	it->pos = *pos;
	return it;
}

static void *rec_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct rec_iter *it = m->private;

	it->pos = ++*pos;
	return ftrace_rec_next(it) ? it : NULL;
}

static void rec_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&ftrace_lock);
}

/*
 * enabled_functions, touched_functions: after the name, how many ops
 * have the site and its flags, as mainline 6.12 prints them ("R" regs,
 * "I" an ip-modifying ops, "D" a direct one, "M" one of these ever had
 * it; no call ops "O" here), then what the site ends up in: a direct
 * trampoline, the ops' callback when it is the only one, else the
 * dispatcher's walk of the list.
 */
static void rec_show_users(struct seq_file *m, struct dyn_ftrace *rec)
{
	struct ftrace_ops *op, *only = NULL;
	bool ipmodify = false, direct = false;
	unsigned long direct_addr = 0;
	int count = 0;

	for (op = rcu_dereference_protected(ftrace_ops_list, 1);
	     op && (rec->flags & REC_ENABLED);
	     op = rcu_dereference_protected(op->next, 1)) {
		if (!site_wanted(op, rec->ip))
			continue;
		count++;
		only = op;
		if (op->flags & FTRACE_OPS_FL_IPMODIFY)
			ipmodify = true;
		if (op->flags & FTRACE_OPS_FL_DIRECT) {
			direct = true;
			direct_addr = READ_ONCE(op->direct_call);
		}
	}
	seq_printf(m, " (%d)%s%s%s  %s", count,
		   rec->flags & REC_REGS ? " R" : "  ", ipmodify ? " I" : "  ",
		   direct ? " D" : "  ", rec->flags & REC_MODIFIED ? " M " : "   ");
	if (rec->flags & REC_DIRECT)
		seq_printf(m, " ->%pS", (void *)ftrace_arch_site_call(rec->ip));
	else if (count)
		seq_printf(m, " ->%pS",
			   count == 1 ? (void *)only->func : (void *)ftrace_dispatch);
	/* mainline's second line for a direct ops */
	if (direct)
		seq_printf(m, "\n\tdirect-->%pS", (void *)direct_addr);
}

static int rec_seq_show(struct seq_file *m, void *v)
{
	struct rec_iter *it = v;
	struct dyn_ftrace *rec = rec_iter_rec(it);

	ftrace_print_rec(m, it->group->mod, rec->ip);
	if (it->need)
		rec_show_users(m, rec);
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations rec_seq_ops = {
	.start	= rec_seq_start,
	.next	= rec_seq_next,
	.stop	= rec_seq_stop,
	.show	= rec_seq_show,
};

/* "name" or "name [module]", as available_filter_functions lists it */
void ftrace_print_rec(struct seq_file *m, struct module *mod, unsigned long ip)
{
	char sym[KSYM_NAME_LEN];

	if (lookup_symbol_name(ip, sym))
		seq_printf(m, "%pS", (void *)ip);
	else
		seq_puts(m, sym);
	if (mod)
		seq_printf(m, " [%s]", mod->name);
}

static int rec_open(struct inode *inode, struct file *file, unsigned long need)
{
	struct rec_iter *it;

	it = __seq_open_private(file, &rec_seq_ops, sizeof(*it));
	if (!it)
		return -ENOMEM;
	it->need = need;
	return 0;
}

static int avail_open(struct inode *inode, struct file *file)
{
	return rec_open(inode, file, 0);
}

static int enabled_open(struct inode *inode, struct file *file)
{
	return rec_open(inode, file, REC_ENABLED);
}

static int touched_open(struct inode *inode, struct file *file)
{
	return rec_open(inode, file, REC_TOUCHED);
}

static const struct file_operations avail_fops = {
	.open		= avail_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

static const struct file_operations enabled_fops = {
	.open		= enabled_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

static const struct file_operations touched_fops = {
	.open		= touched_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

static __init int ftrace_init_tracefs(void)
{
	tracefs_create_file("available_filter_functions", TRACE_MODE_READ, NULL, NULL,
			    &avail_fops);
	tracefs_create_file("enabled_functions", TRACE_MODE_READ, NULL, NULL,
			    &enabled_fops);
	tracefs_create_file("touched_functions", TRACE_MODE_READ, NULL, NULL,
			    &touched_fops);
	return 0;
}
fs_initcall(ftrace_init_tracefs);
