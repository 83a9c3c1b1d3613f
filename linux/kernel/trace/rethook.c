// SPDX-License-Identifier: GPL-2.0
/*
 * Generic return hooks (rethook), with a per-task list as shadow stack.
 *
 * A user (kretprobes) allocates a struct rethook with a handler and a pool
 * of nodes. At the entry of a function it takes a node, and rethook_hook()
 * has the architecture save the real return address and the frame (the
 * stack slot holding it) in the node and put the address of
 * arch_rethook_trampoline() in that slot instead; the node is pushed on the
 * current task's list. When the function returns, it returns into the
 * trampoline, which saves the registers and calls
 * rethook_trampoline_handler() with the frame: the nodes of that frame are
 * taken off the list, each rethook's handler is called, the real return
 * address is written back and returned to the trampoline, which jumps there.
 *
 * Nodes and the pool
 * ------------------
 * The nodes live in an objpool (lib/objpool.c, lock-free, safe in any
 * context) embedded in the struct rethook, whose objects are the nodes
 * themselves; node->rethook is set once when the pool is made. The pool
 * holds one reference per node plus one of its own, and frees its memory and
 * then the struct rethook (its release callback) when the last one goes.
 * A node is either free in the pool or "in flight": taken by
 * rethook_try_get() and, once hooked, on some task's list until its frame
 * returns or the task dies.
 *
 * The per-task list
 * -----------------
 * task->rethooks is a LIFO: newest (innermost) frame first. Only the task
 * itself pushes and pops, from rethook_hook() and the trampoline, with
 * plain stores and no lock. Interrupts and NMIs run on the same task and may
 * push and pop nodes of their own, but they always pop what they pushed
 * before they return, so the interrupted code finds the list as it left
 * it; the stores are ordered (WRITE_ONCE() after the node is complete, and
 * the head written once) so that an NMI walking the list (unwinding) in the
 * middle never follows a pointer that is not set yet. Several nodes can
 * share a frame (two rethooks, e.g. two kretprobes, on one function): the
 * later one then saved the trampoline as "return address", and the real
 * one is in the oldest node of that frame, which ends the frame's run of
 * nodes. Nodes above that run were pushed after the frame's entry, so
 * their frames are gone without having returned (which should not
 * happen): they are released with a warning and no handler call. Other
 * tasks only read a list (rethook_find_ret_addr()) while that task is not
 * running, and rethook_flush_task() empties it once the task is dead.
 *
 * Contexts
 * --------
 * rethook_try_get(), rethook_hook() and rethook_recycle() run from the
 * user's entry handler (a kprobe: preemption disabled, any context including
 * NMI); rethook_try_get() refuses where RCU is not watching, as the
 * lifetime rules below rely on it. The trampoline runs in whatever context
 * the function returns in, NMI included; rethook_trampoline_handler()
 * disables preemption around the handlers, which therefore must not sleep.
 * Nothing on these paths sleeps, allocates or takes a lock.
 * rethook_alloc() and rethook_free() are for process context.
 * rethook_flush_task() runs from the RCU callback that puts a dead task.
 * rethook_recycle() is called from all of these.
 *
 * Stopping and freeing
 * --------------------
 * rethook_stop() clears rh->handler (RCU-published). Everything that uses
 * the rethook on the fast paths does so with preemption disabled, i.e.
 * inside an RCU read-side section, and reads rh->handler first: with NULL,
 * rethook_try_get() hands out nothing and the trampoline calls no handler.
 * Handlers already running when rethook_stop() returns may still finish;
 * a user that frees what they use waits for a grace period first (kprobes
 * calls synchronize_rcu() after rethook_free()).
 *
 * rethook_free() stops the rethook and, after a grace period,
 * objpool_fini() drops the pool's own reference and those of the free
 * nodes. The rest are in flight and keep the pool, and so the struct
 * rethook, alive: the node must be readable when its frame returns. When
 * such a node comes back, rethook_recycle() sees the handler cleared and
 * drops the node's reference instead of pushing the node into the pool.
 * The grace period is what makes push and drop exclusive: a recycle that
 * saw the handler set began before rethook_stop(), so its push completes
 * before objpool_fini() empties the pool; every later one drops. Each node
 * is thus counted once, by objpool_fini() or by its drop.
 *
 * The drop that is not the last only decrements the count, which is fine
 * in NMI. The last one frees vmalloc'ed memory, which cannot be done in
 * NMI nor with preemption disabled in task context, so it goes through
 * call_rcu() (an NMI first hands the node to an irq_work). Nothing reads a
 * node after its last drop: the node left its task's list before it was
 * recycled.
 *
 * Unwinding
 * ---------
 * An unwinder that meets the trampoline's address in a stack slot calls
 * rethook_find_ret_addr() with the slot's address, which is the frame of
 * the node that holds the real address. The trampoline handler writes the
 * real address back into the slot (arch_rethook_fixup_return()) before it
 * unlinks the nodes, so that the slot or the list always gives it, also to
 * a handler or an NMI that unwinds through the trampoline.
 */
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/hardirq.h>
#include <linux/irq_work.h>
#include <linux/kprobes.h>
#include <linux/llist.h>
#include <linux/objpool.h>
#include <linux/panic.h>
#include <linux/preempt.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/rethook.h>
#include <linux/sched.h>
#include <linux/slab.h>

/*
 * Nodes whose last reference was dropped in NMI, waiting for the irq_work
 * to hand them to call_rcu(). They are off every task list, so their llist
 * member is free to use.
 */
static LLIST_HEAD(rethook_reap_list);

/* The last reference of a pool: free the pool, whose release frees @rh. */
static void rethook_free_node_rcu(struct rcu_head *head)
{
	struct rethook_node *node = container_of(head, struct rethook_node, rcu);

	objpool_drop(node, &node->rethook->pool);
}

static void rethook_reap(struct irq_work *work)
{
	struct rethook_node *node, *tmp;
	struct llist_node *list;

	list = llist_del_all(&rethook_reap_list);
	llist_for_each_entry_safe(node, tmp, list, llist)
		call_rcu(&node->rcu, rethook_free_node_rcu);
}

static DEFINE_IRQ_WORK(rethook_reap_work, rethook_reap);

/* Give back the reference of an in-flight node of a stopped rethook. */
static void rethook_drop_node(struct rethook_node *node)
{
	struct rethook *rh = node->rethook;

	/*
	 * Before objpool_fini() the pool's own reference is there, so this
	 * cannot be the last one; after it, only the last node gets false.
	 */
	if (refcount_dec_not_one(&rh->pool.ref))
		return;

	if (in_nmi()) {
		llist_add(&node->llist, &rethook_reap_list);
		irq_work_queue(&rethook_reap_work);
		return;
	}
	call_rcu(&node->rcu, rethook_free_node_rcu);
}

/* objpool callbacks: set up each node once, free the rethook at the end */
static int rethook_init_node(void *obj, void *context)
{
	struct rethook_node *node = obj;

	node->rethook = context;
	return 0;
}

static int rethook_release(struct objpool_head *pool, void *context)
{
	kfree(context);
	return 0;
}

/**
 * rethook_alloc() - Allocate a rethook and its nodes
 * @data: The user's data, passed to @handler (never changed nor cleared)
 * @handler: Called when a hooked function returns
 * @size: The size of a node: struct rethook_node, or the user's structure
 *        that starts with one
 * @num: The number of nodes, i.e. of hooks that can be in flight at once
 *
 * Allocate in process context (GFP_KERNEL).
 *
 * Return: the new rethook, or an ERR_PTR() (-EINVAL, -ENOMEM).
 */
struct rethook *rethook_alloc(void *data, rethook_handler_t handler,
			      int size, int num)
{
	struct rethook *rh;
	int ret;

	if (!handler || num <= 0 || size < (int)sizeof(struct rethook_node))
		return ERR_PTR(-EINVAL);

	rh = kzalloc(sizeof(*rh), GFP_KERNEL);
	if (!rh)
		return ERR_PTR(-ENOMEM);

	/* On failure objpool_init() frees what it allocated, not @rh. */
	ret = objpool_init(&rh->pool, num, size, GFP_KERNEL, rh,
			   rethook_init_node, rethook_release);
	if (ret) {
		kfree(rh);
		return ERR_PTR(ret);
	}

	rh->data = data;
	RCU_INIT_POINTER(rh->handler, handler);
	return rh;
}

/**
 * rethook_stop() - Stop a rethook
 * @rh: The rethook to stop
 *
 * From now on rethook_try_get() returns NULL and the trampoline calls no
 * handler of @rh. Handlers already running may still finish: wait for a
 * grace period (synchronize_rcu()) to be sure none runs. Nodes in flight
 * still come back to the trampoline and are released there.
 */
void rethook_stop(struct rethook *rh)
{
	rcu_assign_pointer(rh->handler, NULL);
}

static void rethook_free_rcu(struct rcu_head *head)
{
	struct rethook *rh = container_of(head, struct rethook, rcu);

	/* May free @rh, if no node is in flight. */
	objpool_fini(&rh->pool);
}

/**
 * rethook_free() - Stop a rethook and free it once its nodes are back
 * @rh: The rethook to free
 *
 * Stop @rh, then, after a grace period, free the pool's free nodes. The
 * memory goes when the last node in flight returns (or its task dies), so
 * functions still running with a hook on their return address return
 * safely. @rh must not be used by the caller after this, and the user must
 * already have made sure that no new rethook_try_get() on @rh can start
 * (kprobes disarms the probe first).
 */
void rethook_free(struct rethook *rh)
{
	if (IS_ERR_OR_NULL(rh))
		return;

	rethook_stop(rh);
	call_rcu(&rh->rcu, rethook_free_rcu);
}

/**
 * rethook_try_get() - Take a free node of a rethook
 * @rh: The rethook
 *
 * Call with preemption disabled and pass the node, in the same section, to
 * rethook_hook() or back to rethook_recycle().
 *
 * Return: a node, or NULL if @rh is stopped, none is free, or RCU is not
 * watching this CPU (the rethook's lifetime depends on RCU).
 */
struct rethook_node *rethook_try_get(struct rethook *rh)
{
	if (unlikely(!rcu_access_pointer(rh->handler)))
		return NULL;

	if (unlikely(!rcu_is_watching()))
		return NULL;

	return objpool_pop(&rh->pool);
}

/**
 * rethook_recycle() - Give a node back
 * @node: A node from rethook_try_get(), not (or no longer) hooked
 *
 * The node goes back to its pool, or, if its rethook was stopped, drops its
 * reference on the pool (freeing it if it was the last). Any context.
 */
void rethook_recycle(struct rethook_node *node)
{
	struct rethook *rh = node->rethook;

	/* The read side that orders us against rethook_free_rcu(). */
	preempt_disable_notrace();
	if (likely(rcu_access_pointer(rh->handler)))
		objpool_push(node, &rh->pool);
	else
		rethook_drop_node(node);
	preempt_enable_notrace();
}

/**
 * rethook_hook() - Hook the return of the current function
 * @node: A node from rethook_try_get()
 * @regs: The registers at the function's entry
 * @mcount: True if @regs come from an mcount/fentry call (ftrace), false
 *          if they come from a breakpoint at the entry
 *
 * Save the return address and the frame in @node, replace the return
 * address with the trampoline and push @node on current's list. Call with
 * preemption disabled, at the entry of the function (the return address
 * must still be where the architecture expects it).
 */
void rethook_hook(struct rethook_node *node, struct pt_regs *regs, bool mcount)
{
	struct llist_head *head = &current->rethooks;

	arch_rethook_prepare(node, regs, mcount);

	/* Complete the node, then publish it: an NMI may walk the list. */
	node->llist.next = head->first;
	barrier();
	WRITE_ONCE(head->first, &node->llist);
}

/**
 * rethook_find_ret_addr() - Find the real return address of a hooked frame
 * @tsk: The task, current or one that is not running
 * @frame: The address of the stack slot that holds the trampoline's address
 * @cur: The cursor: *@cur is NULL at the first call of a walk, and is kept
 *       between the calls of one walk, from the innermost frame outwards
 *
 * The search starts after *@cur, which is set to the node found, so that
 * each call of a walk only looks at the nodes of outer frames. A failed
 * search leaves *@cur alone.
 *
 * Return: the real return address, or 0 if no node of @tsk has @frame.
 */
unsigned long rethook_find_ret_addr(struct task_struct *tsk, unsigned long frame,
				    struct llist_node **cur)
{
	struct rethook_node *rhn;
	struct llist_node *node;
	unsigned long ret;

	if (WARN_ON_ONCE(!cur))
		return 0;

	node = *cur ? READ_ONCE((*cur)->next) : READ_ONCE(tsk->rethooks.first);
	for (; node; node = READ_ONCE(node->next)) {
		rhn = container_of(node, struct rethook_node, llist);
		ret = READ_ONCE(rhn->ret_addr);
		/* A later hook of the same frame saved the trampoline. */
		if (READ_ONCE(rhn->frame) == frame && !is_rethook_trampoline(ret)) {
			*cur = node;
			return ret;
		}
	}
	return 0;
}

/**
 * rethook_trampoline_handler() - Handle the return of hooked functions
 * @regs: The registers at the return, saved by the trampoline
 * @frame: The address of the stack slot that held the return address
 *
 * Called by the architecture's trampoline callback. The nodes of @frame
 * are at the top of current's list (see the top of this file); nodes above
 * them belong to frames that are gone and are released without calling
 * their handler.
 *
 * Return: the real return address.
 */
unsigned long rethook_trampoline_handler(struct pt_regs *regs,
					 unsigned long frame)
{
	struct llist_node *first, *last = NULL, *node, *next;
	unsigned long correct_ret_addr = 0;
	rethook_handler_t handler;
	struct rethook_node *rhn;
	struct rethook *rh;

	preempt_disable_notrace();

	/* The oldest node of this frame holds the real return address. */
	first = current->rethooks.first;
	for (node = first; node; node = node->next) {
		rhn = container_of(node, struct rethook_node, llist);
		if (rhn->frame == frame && !is_rethook_trampoline(rhn->ret_addr)) {
			correct_ret_addr = rhn->ret_addr;
			last = node;
			break;
		}
	}
	/*
	 * No way to recover: the slot holds the trampoline, the real address
	 * is lost, and the shadow stack that should have had it is broken.
	 */
	if (unlikely(!last))
		panic("rethook: no return address for frame %lx of %s/%d\n",
		      frame, current->comm, current->pid);

	/* Handlers see where the function returns to (e.g. to unwind). */
	instruction_pointer_set(regs, correct_ret_addr);
	arch_rethook_fixup_return(regs, correct_ret_addr);
	barrier();

	/* Unlink first..last: the slot now has the real address. */
	WRITE_ONCE(current->rethooks.first, last->next);

	/*
	 * The nodes are ours now. Handlers may hook and return from other
	 * functions, which only use the list above. Read next before the
	 * node is recycled: another CPU may take it at once.
	 */
	for (node = first; ; node = next) {
		next = node->next;
		rhn = container_of(node, struct rethook_node, llist);
		rh = rhn->rethook;
		if (likely(rhn->frame == frame)) {
			handler = rcu_dereference_sched(rh->handler);
			if (handler) {
				/* What get_kretprobe_retaddr() reports */
				rhn->ret_addr = correct_ret_addr;
				handler(rhn, rh->data, correct_ret_addr, regs);
			}
		} else {
			/* Hooked by a frame that never returned. */
			WARN_ON_ONCE(1);
		}
		rethook_recycle(rhn);
		if (node == last)
			break;
	}

	preempt_enable_notrace();

	return correct_ret_addr;
}

/**
 * rethook_flush_task() - Release the nodes of a dead task
 * @tk: The task, dead and no longer running
 *
 * Its hooked functions will never return: their nodes go back without
 * their handlers being called.
 */
void rethook_flush_task(struct task_struct *tk)
{
	struct rethook_node *rhn;
	struct llist_node *node;

	node = __llist_del_all(&tk->rethooks);
	while (node) {
		rhn = container_of(node, struct rethook_node, llist);
		node = node->next;
		rethook_recycle(rhn);
	}
}

/*
 * Not to be probed: the return path (a probe there would run a kprobe in
 * the middle of the trampoline) and what the entry handler of a kretprobe
 * calls (recursion into the probe being handled).
 */
NOKPROBE_SYMBOL(rethook_drop_node);
NOKPROBE_SYMBOL(rethook_try_get);
NOKPROBE_SYMBOL(rethook_recycle);
NOKPROBE_SYMBOL(rethook_hook);
NOKPROBE_SYMBOL(rethook_find_ret_addr);
NOKPROBE_SYMBOL(rethook_trampoline_handler);
NOKPROBE_SYMBOL(rethook_flush_task);
