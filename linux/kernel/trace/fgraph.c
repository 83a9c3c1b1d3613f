// SPDX-License-Identifier: GPL-2.0
/*
 * The shadow stack: hooking traced functions' returns for the graph
 * users, the function_graph tracer of each trace array that runs it and
 * the function profiler.
 *
 * On each call the graph ops sees, every user whose filter and pid lists
 * let the call through is asked what it makes of it (struct fgraph_user).
 * If any takes it or counts it, the return address is swapped for
 * return_to_handler and kept on the task's shadow stack with each user's
 * answer; the return calls back the users that took the call.  A user
 * that takes a call is first told (->open()) of its nearest caller it
 * took, if not yet told: function_graph writes an entry only once it has
 * a child, so a leaf is one event.  Each user has its own depth and
 * counts on the stack, so each trace array sees its own call tree.
 *
 * Up to FGRAPH_USERS users, each a bit in the frames.  A frame also
 * carries the generation it was pushed in: a user added later never gets
 * the return of a call it was not asked about (a task may sleep through
 * any number of users coming and going with hooked returns pending).
 *
 * With one user, and the graph ops alone in the dispatch (ftrace.c's
 * ftrace_sole_ops), every call the entry sees is through a site that user
 * wants: fgraph_exact says so, and the user's filter is not looked up
 * again.  Adding or removing a user clears it first; it is set again once
 * the sites are the remaining user's.  The graph ops is then called
 * straight from the trampoline (ftrace.c), so the entry takes its own
 * recursion guard: fgraph's bits of the task's recursion word, taken
 * with irqs off on entry and on return, which is cheaper than the
 * callbacks' guard (graph_guard_enter()).
 *
 * The lean path: while that one user has ->take() and ->took() (the
 * profiler), fgraph_lean names it and graph_ops calls graph_entry_lean()
 * instead.  The user keeps no counts, opens nothing and is not asked in
 * NMI, so the guard is a single bit and a frame holds just the call and
 * the user's cookie.  Such a frame returns through return_to_handler_lean
 * to its own pop, ftrace_return_to_handler_lean(), whatever the users are
 * by then.  fgraph_lean is cleared and set with fgraph_exact.
 *
 * Locking: users are added and removed under trace_types_lock and, for
 * the table the site updates read, ftrace_lock.  Entry and return take no
 * lock: they read the table with preemption off, and a removed user is
 * waited for with ftrace_sync() before it may be freed.  A task's stack is
 * changed only by the task itself, with irqs off around the push and the
 * pop, or while it is not running (fork, idle setup, sched switch).
 *
 * NMIs (and the #DB and #MC handlers that run as NMIs) trace on the stack
 * of the task they interrupt, nested like irqs, and may land anywhere in a
 * push or a pop.  Each leaves the stack's top, the frames below it and the
 * counts as it found them, apart from frames' opened bits, so the task's
 * code holds to four rules:
 *  - the top moves up before the frame above the old top is filled in, and
 *    down only after the frame is read: a nested call never writes a frame
 *    the task is using;
 *  - a frame's users word is published last on a push and taken (set to 0)
 *    first on a pop, so a frame above the top always has none: a nested
 *    call attaches itself only to complete frames;
 *  - opened bits are claimed with a local cmpxchg on the users word, so a
 *    call is opened once, and a pop sees every open that happened;
 *  - the counts move right beside the users word, leaving a window of a
 *    few instructions in which an NMI's calls print a level off.
 */
#include <linux/bitops.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/trace_clock.h>
#include <linux/trace_recursion.h>
#include <asm/local64.h>

#include "fgraph.h"
#include "ftrace_internal.h"
#include "trace.h"

#define FGRAPH_DEPTH_MAX	64
#define FGRAPH_USERS		16

/* One hooked return; the bit masks have one bit per user. */
struct graph_frame {
	unsigned long		ret;
	unsigned long		func;		/* not in lean frames */
	unsigned long		*retp;
	u64			calltime;	/* moved on by time slept */
	local64_t		child_ns;	/* spent in hooked callees */
	unsigned int		gen;		/* fgraph_gen at entry */
	u8			lean_id;	/* a lean frame's user */
	union {
		struct {	/* context at entry: trace_ctx_of() */
			unsigned int	pc;
			u8		cflags;
			u8		migrate;
		};
		unsigned long	cookie;		/* the lean path's: from ->take() */
	};
	union {
		struct {
			u16	taken;		/* called back on return */
			u16	roots;		/* FGRAPH_ROOT */
			u16	hidden;		/* FGRAPH_HIDE */
			u16	opened;		/* told of its entry */
		};
		u64		users;		/* all four, set at once */
	};
};

/* an index into the stack is a shift */
static_assert(sizeof(struct graph_frame) == 64);

/*
 * task->ret_stack points to one of these; task->curr_ret_stack is depth.
 * A user's counts are for the user of generation @cnt.gen in its slot:
 * the first call a new user sees starts them again, and the frames pushed
 * for the slot's earlier users no longer count when popped.
 */
struct graph_stack {
	struct fgraph_counts	cnt[FGRAPH_USERS];
	struct graph_frame	frame[FGRAPH_DEPTH_MAX];
};

static bool graph_active;
static struct fgraph_user *fgraph_users[FGRAPH_USERS];
static unsigned long fgraph_mask;	/* users the entry asks */
static unsigned int fgraph_gen;
static bool fgraph_exact;		/* one user; the sites are its own */
static struct fgraph_user *fgraph_lean;	/* that user, if it has ->take() */
DEFINE_STATIC_KEY_FALSE(fgraph_sched_key);

static struct graph_stack *stack_of(struct task_struct *t)
{
	return (struct graph_stack *)t->ret_stack;
}

/* ---- shadow stacks --------------------------------------------------- */

static void graph_stack_alloc(struct task_struct *t, gfp_t gfp)
{
	struct graph_stack *s;

	if (t->ret_stack)
		return;
	s = kzalloc(sizeof(*s), gfp);
	if (!s)
		return;
	t->curr_ret_stack = 0;
	/* visible to the task only once initialised */
	smp_store_release(&t->ret_stack, (unsigned long *)s);
}

/*
 * copy_process(), early: the new task's recursion word (ftrace.c) is a
 * copy of its parent's, and so are its stack pointers: never share them.
 */
void ftrace_graph_init_task(struct task_struct *t)
{
	t->trace_recursion = 0;
	t->ret_stack = NULL;
	t->curr_ret_stack = 0;
	if (READ_ONCE(graph_active))
		graph_stack_alloc(t, GFP_KERNEL);
}

void ftrace_graph_exit_task(struct task_struct *t)
{
	kfree(t->ret_stack);
	t->ret_stack = NULL;
}

/* also when a CPU comes back: its idle task's old frames died with it */
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu)
{
	struct graph_stack *s = stack_of(t);

	if (s) {
		t->curr_ret_stack = 0;
		/* frames above the top have no users: see NMIs above */
		memset(s, 0, sizeof(*s));
		return;
	}
	if (READ_ONCE(graph_active))
		graph_stack_alloc(t, GFP_ATOMIC);
}

/* every existing task gets a stack before the first entry is hooked */
static void graph_stacks_alloc_all(void)
{
	struct task_struct *g, *t;
	int cpu;

	for_each_possible_cpu(cpu)
		graph_stack_alloc(idle_task(cpu), GFP_KERNEL);
	read_lock(&tasklist_lock);
	for_each_process_thread(g, t)
		graph_stack_alloc(t, GFP_ATOMIC);
	read_unlock(&tasklist_lock);
}

static __always_inline bool is_graph_handler(unsigned long addr)
{
	return addr == (unsigned long)return_to_handler ||
	       addr == (unsigned long)return_to_handler_lean;
}

/*
 * The unwinder's view: return_to_handler(_lean) stands for the saved
 * address.  A traced function that tail-calls another (sibling calls are
 * on without frame pointers) has the callee hook the same slot again:
 * the callee's frame saved the handler, the caller's frame below it the
 * real address.
 */
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp)
{
	struct graph_stack *s = stack_of(task);
	unsigned long saved;
	int i;

	if (!is_graph_handler(ret) || !s)
		return ret;
	for (i = READ_ONCE(task->curr_ret_stack) - 1; i >= 0; i--) {
		if (READ_ONCE(s->frame[i].retp) != retp)
			continue;
		saved = READ_ONCE(s->frame[i].ret);
		if (!is_graph_handler(saved))
			return saved;
	}
	return ret;
}

void pause_graph_tracing(void)
{
	atomic_inc(&current->tracing_graph_pause);
}

void unpause_graph_tracing(void)
{
	atomic_dec(&current->tracing_graph_pause);
}

/* ---- entry and return ------------------------------------------------ */

/*
 * The lowest user in *@mask, taken off it: cheaper than
 * for_each_set_bit(), and these loops run on every traced call.
 */
static __always_inline int next_user(unsigned long *mask)
{
	int id = __ffs(*mask);

	*mask &= *mask - 1;
	return id;
}

/* Was generation @a before @b?  (Generations wrap.) */
static __always_inline bool gen_before(unsigned int a, unsigned int b)
{
	return (int)(a - b) < 0;
}

/*
 * fgraph's recursion guard (<linux/trace_recursion.h>), taken with irqs
 * off: only an NMI can come in while it is held, so it needs a bit for
 * NMIs and one for the rest, not the context level of the callbacks'
 * guard.  Code the users call that is traced is not traced then.
 */
static __always_inline bool graph_guard_take(int bit)
{
	if (current->trace_recursion & BIT(bit))
		return false;
	current->trace_recursion |= BIT(bit);
	barrier();
	return true;
}

/*
 * The bit taken, as a mask (0: held already).  It is a constant on each
 * side of the branch, and the exit flips it off with one xor: cheaper
 * than a shift.
 */
static __always_inline unsigned long graph_guard_enter(void)
{
	if (unlikely(in_nmi()))
		return graph_guard_take(TRACE_REC_GRAPH + 1) ? BIT(TRACE_REC_GRAPH + 1) : 0;
	return graph_guard_take(TRACE_REC_GRAPH) ? BIT(TRACE_REC_GRAPH) : 0;
}

/* @held: what graph_guard_enter() or graph_guard_take() set */
static __always_inline void graph_guard_exit(unsigned long held)
{
	barrier();
	current->trace_recursion ^= held;
}

/* the first call user @u sees on this stack */
static void notrace stack_user_reset(struct fgraph_counts *cnt,
				     struct fgraph_user *u)
{
	cnt->depth = 0;
	cnt->roots = 0;
	cnt->hidden = 0;
	cnt->irq_roots = 0;
	cnt->gen = u->gen;
}

/* Does @u see this call of @ip by current?  @exact: fgraph_exact held. */
static __always_inline bool user_sees(struct fgraph_user *u, unsigned long ip,
				      bool exact)
{
	if (!exact && u->filter && !ftrace_hashes_want(u->filter, ip))
		return false;
	if (u->pids)
		return ftrace_pid_allowed_in(u->pids);
	return ftrace_pid_allowed();
}

/* A frame's users word: taken, roots, hidden and opened bits of slot 0 */
#define WB_TAKE		BIT_ULL(0)
#define WB_ROOT		BIT_ULL(16)
#define WB_HIDE		BIT_ULL(32)
#define WB_OPEN		BIT_ULL(48)
static const u64 want_bits[8] = {
	0, WB_TAKE, WB_ROOT, WB_TAKE | WB_ROOT,
	WB_HIDE, WB_TAKE | WB_HIDE, WB_ROOT | WB_HIDE, WB_TAKE | WB_ROOT | WB_HIDE,
};

static_assert(FGRAPH_TAKE == 1 && FGRAPH_ROOT == 2 && FGRAPH_HIDE == 4);
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__);

/* @u takes the call at @idx: tell it of its nearest call below first */
static __always_inline void open_caller(struct graph_stack *s, int idx,
					int id, struct fgraph_user *u)
{
	struct graph_frame *f;
	u64 old;

	while (--idx >= 0 && !(READ_ONCE(s->frame[idx].taken) & BIT(id)))
		;
	/* not if it was taken by an earlier user of the slot */
	if (idx < 0 || gen_before(s->frame[idx].gen, u->gen))
		return;
	f = &s->frame[idx];
	/* once, though an NMI may open it between our read and our write */
	old = READ_ONCE(f->users);
	do {
		if (old & (WB_OPEN << id))
			return;
	} while (!try_cmpxchg_local(&f->users, &old, old | (WB_OPEN << id)));
	/* it is the user's topmost frame */
	u->open(u, f->func, trace_ctx_of(f->cflags, f->pc, f->migrate),
		s->cnt[id].depth - 1, f->calltime);
}

/*
 * Count a pushed frame's @users bits in the users' counts (the pop
 * uncounts them in place); @one >= 0: the bits are that user's alone.
 */
static __always_inline void counts_push(struct graph_stack *s, u64 users,
					int one)
{
	unsigned long mask = (u16)users;

	if (one >= 0)
		s->cnt[one].depth += mask >> one;	/* taken: 1, else 0 */
	else
		while (mask)
			s->cnt[next_user(&mask)].depth++;
	if (likely(!(users >> 16)))
		return;
	mask = (u16)(users >> 16);
	while (mask) {
		struct fgraph_counts *cnt = &s->cnt[next_user(&mask)];

		cnt->roots++;
		cnt->irq_roots += !!in_hardirq();
	}
	mask = (u16)(users >> 32);
	while (mask)
		s->cnt[next_user(&mask)].hidden++;
}

/*
 * Ask user @u (slot @id) about the call at frame @idx; @exact: fgraph_exact
 * held.  Returns the frame's taken, roots and hidden bits for the user.
 */
static __always_inline u64 user_entry(struct graph_stack *s, int idx, int id,
				      struct fgraph_user *u, unsigned long ip,
				      bool exact)
{
	struct fgraph_counts *cnt = &s->cnt[id];
	unsigned int (*entry)(struct fgraph_user *u, unsigned long func,
			      const struct fgraph_counts *cnt);
	unsigned int want;

	if (!u || !user_sees(u, ip, exact))
		return 0;
	if (unlikely(cnt->gen != u->gen))
		stack_user_reset(cnt, u);
	/* no ->entry(): every call, but those under one it hid */
	entry = READ_ONCE(u->entry);
	if (entry)
		want = entry(u, ip, cnt);
	else
		want = cnt->hidden ? 0 : FGRAPH_TAKE;
	/* counted once the frame is pushed */
	if ((want & FGRAPH_TAKE) && u->open)
		open_caller(s, idx, id, u);
	return want_bits[want & 7] << id;
}

static void notrace graph_entry(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned long *parent = (unsigned long *)ftrace_regs_get_stack_pointer(fregs);
	struct graph_stack *s = stack_of(current);
	unsigned long mask, irqflags, held;
	struct fgraph_user *u;
	struct graph_frame *f;
	unsigned int gen;
	bool exact, ctx;
	int id, idx, one;
	u64 users;

	if (!s || atomic_read(&current->tracing_graph_pause))
		return;
	if (current->curr_ret_stack >= FGRAPH_DEPTH_MAX) {
		atomic_inc(&current->trace_overrun);
		return;
	}
	mask = READ_ONCE(fgraph_mask);
	exact = READ_ONCE(fgraph_exact) && READ_ONCE(ftrace_sole_ops) == op;
	/* a user in the mask was added in this generation or before */
	smp_rmb();
	gen = READ_ONCE(fgraph_gen);

	/*
	 * An irq taken here would trace on this same stack: keep it out
	 * while the users decide, the callers are opened and our frame is
	 * set up.  That also makes our guard cheap, which we need as the
	 * trampoline may call us straight (see the top).
	 */
	local_irq_save(irqflags);
	held = graph_guard_enter();
	if (!held)
		goto out_irq;
	idx = current->curr_ret_stack;
	if (likely(exact && mask)) {
		/* the one user, without the loop */
		id = __ffs(mask);
		u = READ_ONCE(fgraph_users[id]);
		users = user_entry(s, idx, id, u, ip, true);
		/*
		 * The context word is for ->open(), and for the pop of a
		 * root: a user with neither never reads it.
		 */
		ctx = (u && u->open) || (users >> 16);
		one = id;
	} else {
		one = -1;
		users = 0;
		while (mask) {
			id = next_user(&mask);
			users |= user_entry(s, idx, id,
					    READ_ONCE(fgraph_users[id]), ip,
					    false);
		}
		ctx = true;
	}
	if (!users)
		goto out;

	/* the frame is ours before it is written: NMIs above */
	f = &s->frame[idx];
	WRITE_ONCE(current->curr_ret_stack, idx + 1);
	barrier();
	f->ret = *parent;
	f->func = ip;
	f->retp = parent;
	if (ctx) {
		f->pc = preempt_count();
		f->cflags = trace_ctx_flags(trace_irqs_status(irqflags));
		f->migrate = min(trace_ctx_migrate(), 0xfU);
	}
	f->gen = gen;
	local64_set(&f->child_ns, 0);
	f->calltime = TRACE_CLOCK_LOCAL();
	counts_push(s, users, one);
	barrier();
	WRITE_ONCE(f->users, users);	/* none opened yet */
	barrier();
	*parent = (unsigned long)return_to_handler;
out:
	graph_guard_exit(held);
out_irq:
	local_irq_restore(irqflags);
}

/*
 * graph_ops' entry while fgraph_lean's user may be alone (see the top):
 * that user's ->take(), and a frame with its cookie.  The frame is set
 * up as graph_entry() sets up its own (see NMIs at the top), except the
 * users word, which stays 0: no user opens a lean frame or counts it.
 */
static void notrace graph_entry_lean(unsigned long ip, unsigned long parent_ip,
				     struct ftrace_ops *op,
				     struct ftrace_regs *fregs)
{
	struct fgraph_user *u = READ_ONCE(fgraph_lean);
	struct graph_stack *s = stack_of(current);
	unsigned long *parent, irqflags, cookie;
	struct graph_frame *f;
	int idx;

	/* not yet, or no longer, alone */
	if (unlikely(!u || READ_ONCE(ftrace_sole_ops) != op)) {
		graph_entry(ip, parent_ip, op, fregs);
		return;
	}
	if (!s || atomic_read(&current->tracing_graph_pause) || in_nmi())
		return;
	idx = current->curr_ret_stack;
	if (idx >= FGRAPH_DEPTH_MAX) {
		atomic_inc(&current->trace_overrun);
		return;
	}
	/* a lean user has no pid lists of its own: lean_user() */
	if (!ftrace_pid_allowed())
		return;

	/* no NMI is asked: the guard's bit is the task's */
	local_irq_save(irqflags);
	if (!graph_guard_take(TRACE_REC_GRAPH))
		goto out;
	cookie = u->take(u, ip);
	if (cookie) {
		parent = (unsigned long *)ftrace_regs_get_stack_pointer(fregs);
		f = &s->frame[idx];
		WRITE_ONCE(current->curr_ret_stack, idx + 1);
		barrier();
		f->ret = *parent;
		f->retp = parent;
		/* later users do not get its return */
		f->gen = u->gen;
		f->lean_id = u->id;
		f->cookie = cookie;
		local64_set(&f->child_ns, 0);
		f->calltime = TRACE_CLOCK_LOCAL();
		barrier();
		*parent = (unsigned long)return_to_handler_lean;
	}
	graph_guard_exit(BIT(TRACE_REC_GRAPH));
out:
	local_irq_restore(irqflags);
}

/* Frames popped for user @id: pushed for the user its counts are for? */
static __always_inline bool counts_hold(struct graph_stack *s, int id,
					unsigned int gen)
{
	return !gen_before(gen, s->cnt[id].gen);
}

/* user @id's ->ret(), unless it was added since the call (not asked then) */
static __always_inline void ret_to_user(struct graph_stack *s, int id,
					const struct fgraph_ret *r,
					unsigned int gen, unsigned int opened)
{
	/* the user's generation with it: fgraph_add_user() */
	struct fgraph_user *u = smp_load_acquire(&fgraph_users[id]);

	if (u && !gen_before(gen, u->gen))
		u->ret(u, r, s->cnt[id].depth, opened & BIT(id));
}

/*
 * ->ret() of each user in @taken.  @r is filled where it is declared: a
 * plain declaration would be zeroed first (INIT_STACK_ALL_ZERO), on every
 * return.
 */
static __always_inline void ret_to_users(struct graph_stack *s,
					 unsigned long taken,
					 unsigned int opened, unsigned int gen,
					 unsigned long func, unsigned long retval,
					 u64 calltime, u64 now,
					 unsigned long irqflags)
{
	const struct fgraph_ret r = {
		.func		= func,
		.retval		= retval,
		.calltime	= calltime,
		.rettime	= now,
		.irqflags	= irqflags,
	};
	unsigned long mask = taken & READ_ONCE(fgraph_mask);

	/* one user: without the loop, as graph_entry() */
	if (likely(mask && !(mask & (mask - 1)))) {
		ret_to_user(s, __ffs(mask), &r, gen, opened);
		return;
	}
	while (mask)
		ret_to_user(s, next_user(&mask), &r, gen, opened);
}

/*
 * The call's start as the users see it, now that it returns: moved on
 * to now if the clock went back, and with graph-time 0 a function's own
 * time, without its callees' (calls on the stack when it is switched off
 * count what they saw of it).
 */
static __always_inline u64 graph_calltime(struct graph_stack *s, int idx,
					  u64 calltime, u64 child_ns, u64 now)
{
	calltime = min(calltime, now);
	if (global_trace.trace_flags & TRACE_ITER_GRAPH_TIME)
		return calltime;
	if (idx)
		local64_add(now - calltime, &s->frame[idx - 1].child_ns);
	return min(calltime + child_ns, now);
}

/*
 * Called by return_to_handler with the function's return value: call back
 * the takers, hand back the address.
 */
unsigned long notrace ftrace_return_to_handler(unsigned long retval)
{
	struct graph_stack *s = stack_of(current);
	int idx = current->curr_ret_stack - 1;
	unsigned int taken, opened, gen;
	unsigned long irqflags, mask, ret, func, held;
	u64 now, calltime, child_ns, users;
	struct graph_frame *f;
	int id;

	if (WARN_ON_ONCE(!s || idx < 0))
		panic("function_graph: return with an empty shadow stack\n");

	/*
	 * Off the shadow stack before anything is recorded, with irqs out
	 * while the frame is read and popped: an irq's calls then see the
	 * caller on top, as after the return, and cannot open this call
	 * once its return has been taken for a leaf.  They stay out while
	 * the users are called, as on entry, for our guard.
	 */
	local_irq_save(irqflags);
	/*
	 * The return's time first, while little is live across the call
	 * (sched_clock is notrace).  A frame pushed for its counts alone,
	 * which no user took, does not use it.
	 */
	now = TRACE_CLOCK_LOCAL();
	f = &s->frame[idx];
	/* no NMI opens the call once its bits are taken: NMIs above */
	users = READ_ONCE(f->users);
	while (!try_cmpxchg_local(&f->users, &users, 0))
		;
	ret = f->ret;
	func = f->func;
	calltime = f->calltime;
	gen = f->gen;
	taken = (u16)users;
	opened = (u16)(users >> 48);
	mask = taken;
	if (likely(!(mask & (mask - 1)))) {	/* one taker, or none */
		if (mask) {
			id = __ffs(mask);
			s->cnt[id].depth -= counts_hold(s, id, gen);
		}
	} else {
		while (mask) {
			id = next_user(&mask);
			s->cnt[id].depth -= counts_hold(s, id, gen);
		}
	}
	if (unlikely((users >> 16) & 0xffffffffULL)) {
		bool irq = f->pc & HARDIRQ_MASK;

		mask = (u16)(users >> 16);
		while (mask) {
			id = next_user(&mask);
			if (!counts_hold(s, id, gen))
				continue;
			s->cnt[id].roots--;
			s->cnt[id].irq_roots -= irq;
		}
		mask = (u16)(users >> 32);
		while (mask) {
			id = next_user(&mask);
			s->cnt[id].hidden -= counts_hold(s, id, gen);
		}
	}
	/* read last: an NMI's calls returning add to it until the pop */
	child_ns = local64_read(&f->child_ns);
	WRITE_ONCE(f->retp, NULL);	/* the unwinder's */
	barrier();
	WRITE_ONCE(current->curr_ret_stack, idx);

	/* the users are called with irqs still off, under our guard */
	if (!taken)
		goto out;
	held = graph_guard_enter();
	if (!held)
		goto out;
	calltime = graph_calltime(s, idx, calltime, child_ns, now);
	ret_to_users(s, taken, opened, gen, func, retval, calltime, now,
		     irqflags);
	graph_guard_exit(held);
out:
	local_irq_restore(irqflags);
	return ret;
}

/*
 * Called by return_to_handler_lean for a frame graph_entry_lean() pushed:
 * ->took() of its user, if still there.  The same rules as the return
 * above, with the pop after the clock read (nothing is hooked under the
 * guard, so the guard is free unless a caller is broken).
 */
unsigned long notrace ftrace_return_to_handler_lean(void)
{
	struct graph_stack *s = stack_of(current);
	int idx = current->curr_ret_stack - 1;
	unsigned long irqflags, ret, cookie;
	u64 now = 0, calltime, child_ns;
	struct fgraph_user *u;
	struct graph_frame *f;
	unsigned int gen;
	bool guarded;

	if (WARN_ON_ONCE(idx < 0))
		panic("function_graph: return with an empty shadow stack\n");

	local_irq_save(irqflags);
	/* pushed outside NMI, so popped outside it */
	guarded = graph_guard_take(TRACE_REC_GRAPH);
	if (likely(guarded))
		now = TRACE_CLOCK_LOCAL();
	f = &s->frame[idx];
	ret = f->ret;
	cookie = f->cookie;
	calltime = f->calltime;
	gen = f->gen;
	/* the user's generation with it: fgraph_add_user() */
	u = smp_load_acquire(&fgraph_users[f->lean_id]);
	child_ns = local64_read(&f->child_ns);
	WRITE_ONCE(f->retp, NULL);	/* the unwinder's */
	barrier();
	WRITE_ONCE(current->curr_ret_stack, idx);
	if (unlikely(!guarded))
		goto out;

	calltime = graph_calltime(s, idx, calltime, child_ns, now);
	/* the user that pushed it, unless it has gone since */
	if (u && !gen_before(gen, u->gen))
		u->took(u, cookie, calltime, now);
	graph_guard_exit(BIT(TRACE_REC_GRAPH));
out:
	local_irq_restore(irqflags);
	return ret;
}

/*
 * sleep-time 0: a task's hooked calls did not run while it was switched
 * out, so their clocks move on by that long.  @next is not running: its
 * frames are ours to change.
 */
void notrace __ftrace_graph_sched_switch(struct task_struct *prev,
					 struct task_struct *next)
{
	struct graph_stack *s = stack_of(next);
	u64 now = TRACE_CLOCK_LOCAL(), slept;
	int i;

	prev->ftrace_timestamp = now;
	if (!s || !next->ftrace_timestamp ||
	    (global_trace.trace_flags & TRACE_ITER_SLEEP_TIME))
		return;
	slept = now - min(next->ftrace_timestamp, now);
	for (i = 0; i < next->curr_ret_stack; i++)
		s->frame[i].calltime = min(s->frame[i].calltime + slept, now);
}

/* ---- users ----------------------------------------------------------- */

/* The sites: those any user's filter wants; under ftrace_lock. */
static bool graph_wants(struct ftrace_ops *op, unsigned long ip)
{
	int id;

	for (id = 0; id < FGRAPH_USERS; id++) {
		struct fgraph_user *u = fgraph_users[id];

		if (u && (!u->filter || ftrace_hashes_want(u->filter, ip)))
			return true;
	}
	return false;
}

/* each user filters for itself: the dispatch calls it for every site */
static struct ftrace_ops graph_ops = {
	.func	= graph_entry,
	.flags	= FTRACE_OPS_FL_SUBOPS,
	.wants	= graph_wants,
};

/* The only user in @mask, if it may take the lean path: see the top */
static struct fgraph_user *lean_user(unsigned long mask)
{
	struct fgraph_user *u;

	if (hweight_long(mask) != 1)
		return NULL;
	u = fgraph_users[__ffs(mask)];
	return u->take && !u->pids ? u : NULL;
}

/*
 * Under ftrace_lock, before the sites change: the entry graph_ops is to
 * have once the users are @mask (the trampoline may be patched to call
 * it straight).  Either entry works for any users: graph_entry_lean()
 * hands over to graph_entry() until fgraph_lean is set.
 */
static void graph_entry_for(unsigned long mask)
{
	WRITE_ONCE(graph_ops.func, lean_user(mask) ? graph_entry_lean : graph_entry);
}

/* Once the sites are those of the users in fgraph_mask; ftrace_lock held. */
static void graph_exact_set(void)
{
	if (hweight_long(fgraph_mask) != 1)
		return;
	WRITE_ONCE(fgraph_exact, true);
	WRITE_ONCE(fgraph_lean, lean_user(fgraph_mask));
}

int fgraph_add_user(struct fgraph_user *u)
{
	int id, ret = 0;

	lockdep_assert_held(&trace_types_lock);
	for (id = 0; id < FGRAPH_USERS && fgraph_users[id]; id++)
		;
	if (id == FGRAPH_USERS)
		return -ENOSPC;
	if (!READ_ONCE(graph_active)) {
		WRITE_ONCE(graph_active, true);
		graph_stacks_alloc_all();
	}
	mutex_lock(&ftrace_lock);
	/* before the sites change: see "one user" above */
	WRITE_ONCE(fgraph_exact, false);
	WRITE_ONCE(fgraph_lean, NULL);
	u->id = id;
	/*
	 * A generation of its own before the user can be found in the slot:
	 * a return that finds it there then never hands it a frame pushed
	 * for the slot's earlier user, or for its own earlier registration
	 * (a lean frame's cookie may point into memory freed since).
	 */
	u->gen = fgraph_gen + 1;
	WRITE_ONCE(fgraph_gen, u->gen);
	smp_store_release(&fgraph_users[id], u);
	graph_entry_for(fgraph_mask | BIT(id));
	/* the sites it wants are patched before it is asked about any */
	if (graph_ops.flags & FTRACE_OPS_FL_ENABLED)
		ftrace_update_locked();
	else
		ret = ftrace_register_locked(&graph_ops);
	if (ret) {
		fgraph_users[id] = NULL;
		mutex_unlock(&ftrace_lock);
		return ret;
	}
	/*
	 * Asked only now that every site is patched: the sites patched
	 * first would otherwise trace the patching of the rest.  An entry
	 * that sees the bit sees the generation: graph_entry()'s rmb.
	 */
	smp_wmb();
	WRITE_ONCE(fgraph_mask, fgraph_mask | BIT(id));
	graph_exact_set();
	mutex_unlock(&ftrace_lock);
	static_branch_enable(&fgraph_sched_key);
	return 0;
}

void fgraph_remove_user(struct fgraph_user *u)
{
	lockdep_assert_held(&trace_types_lock);
	if (WARN_ON_ONCE(fgraph_users[u->id] != u))
		return;
	mutex_lock(&ftrace_lock);
	WRITE_ONCE(fgraph_exact, false);
	WRITE_ONCE(fgraph_lean, NULL);
	WRITE_ONCE(fgraph_mask, fgraph_mask & ~BIT(u->id));
	WRITE_ONCE(fgraph_users[u->id], NULL);
	graph_entry_for(fgraph_mask);
	if (!fgraph_mask)
		ftrace_unregister_locked(&graph_ops);
	else
		ftrace_update_locked();
	mutex_unlock(&ftrace_lock);
	if (!fgraph_mask)
		static_branch_disable(&fgraph_sched_key);
	/* stacks stay: hooked returns still come back through them */
	ftrace_sync();
	/* no call from a site only the removed user wanted is still on its way */
	mutex_lock(&ftrace_lock);
	graph_exact_set();
	mutex_unlock(&ftrace_lock);
}
