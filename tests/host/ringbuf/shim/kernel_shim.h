/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal user-space stand-ins for the kernel APIs that
 * kernel/trace/ring_buffer.c uses, so that it builds and runs unchanged on
 * the host.
 *
 * CPUs are emulated: every thread has a "current CPU" (shim_cpu) that the
 * test sets. A signal handler runs on the CPU of the thread it interrupts,
 * which is how tests emulate irqs and NMIs nesting into a writer.
 * local_t and atomics are C11/GCC atomics (async-signal-safe, lock-free).
 * preempt_disable_notrace() bumps a per-thread count that synchronize_rcu()
 * waits on, so pausing writers works as in the kernel for registered threads.
 */
#ifndef SHIM_KERNEL_SHIM_H
#define SHIM_KERNEL_SHIM_H

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int64_t s64;
typedef unsigned int gfp_t;
typedef unsigned int __poll_t;

/* Compiler bits */
#undef __always_inline
#define __always_inline		inline __attribute__((__always_inline__))
#define notrace			__attribute__((__no_instrument_function__))
#define noinline		__attribute__((__noinline__))
#define __aligned(x)		__attribute__((__aligned__(x)))
#define ____cacheline_aligned_in_smp	__aligned(64)
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define barrier()		__asm__ __volatile__("" : : : "memory")
#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)	do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)
#define BUILD_BUG_ON(cond)	_Static_assert(!(cond), "BUILD_BUG_ON: " #cond)
#define EXPORT_SYMBOL_GPL(sym)	extern int shim_exported_##sym

/* Arithmetic helpers */
#define BIT(n)			(1UL << (n))
#define BIT_ULL(n)		(1ULL << (n))
#define U32_MAX			((u32)~0U)
#define ALIGN(x, a)		(((x) + ((__typeof__(x))(a) - 1)) & ~((__typeof__(x))(a) - 1))
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define min(a, b)		({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
#define max(a, b)		({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define max_t(t, a, b)		max((t)(a), (t)(b))
#define min_t(t, a, b)		min((t)(a), (t)(b))
#define lower_32_bits(n)	((u32)((n) & 0xffffffffU))
#define upper_32_bits(n)	((u32)(((u64)(n)) >> 32))
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define put_unaligned(val, ptr)	\
	memcpy((ptr), &(__typeof__(*(ptr))){ (val) }, sizeof(*(ptr)))

/* Warnings are counted so that tests can require none. */
extern int shim_warnings;
void shim_warn(const char *file, int line, const char *cond);
#define WARN_ON_ONCE(cond) ({						\
	int __c = !!(cond);						\
	if (__c)							\
		shim_warn(__FILE__, __LINE__, #cond);			\
	__c;								\
})

/* Barriers */
#define smp_mb()		__atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_rmb()		__atomic_thread_fence(__ATOMIC_ACQUIRE)
#define smp_wmb()		__atomic_thread_fence(__ATOMIC_RELEASE)
#define smp_mb__before_atomic()	smp_mb()
#define smp_load_acquire(p)	__atomic_load_n((p), __ATOMIC_ACQUIRE)
#define smp_store_release(p, v)	__atomic_store_n((p), (v), __ATOMIC_RELEASE)

/* atomic_t, atomic_long_t, local_t */
typedef struct { int counter; } atomic_t;
typedef struct { long counter; } atomic_long_t;
/* the kernel's layout: ring_buffer.c reaches l->a.counter */
typedef struct { atomic_long_t a; } local_t;

#define SHIM_RD(v)		__atomic_load_n(&(v)->counter, __ATOMIC_SEQ_CST)
#define SHIM_SET(v, i)		__atomic_store_n(&(v)->counter, (i), __ATOMIC_SEQ_CST)
#define SHIM_ADD(v, i)		__atomic_add_fetch(&(v)->counter, (i), __ATOMIC_SEQ_CST)
#define SHIM_TRY_CMPXCHG(v, o, n) \
	__atomic_compare_exchange_n(&(v)->counter, (o), (n), false, \
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)

static inline int atomic_read(const atomic_t *v) { return SHIM_RD(v); }
static inline int atomic_read_acquire(const atomic_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_ACQUIRE);
}
static inline void atomic_set(atomic_t *v, int i) { SHIM_SET(v, i); }
static inline void atomic_inc(atomic_t *v) { SHIM_ADD(v, 1); }
static inline void atomic_dec(atomic_t *v) { SHIM_ADD(v, -1); }
static inline void atomic_or(int i, atomic_t *v)
{
	__atomic_or_fetch(&v->counter, i, __ATOMIC_SEQ_CST);
}
static inline void atomic_andnot(int i, atomic_t *v)
{
	__atomic_and_fetch(&v->counter, ~i, __ATOMIC_SEQ_CST);
}

static inline long atomic_long_read(const atomic_long_t *v) { return SHIM_RD(v); }
static inline long atomic_long_read_acquire(const atomic_long_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_ACQUIRE);
}
static inline void atomic_long_set(atomic_long_t *v, long i) { SHIM_SET(v, i); }
static inline bool atomic_long_try_cmpxchg(atomic_long_t *v, long *old, long new)
{
	return SHIM_TRY_CMPXCHG(v, old, new);
}

#define try_cmpxchg_local(p, o, n) \
	__atomic_compare_exchange_n((p), (o), (n), false, \
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)

static inline long local_read(const local_t *l) { return SHIM_RD(&l->a); }
static inline void local_set(local_t *l, long i) { SHIM_SET(&l->a, i); }
static inline void local_inc(local_t *l) { SHIM_ADD(&l->a, 1); }
static inline void local_dec(local_t *l) { SHIM_ADD(&l->a, -1); }
static inline void local_add(long i, local_t *l) { SHIM_ADD(&l->a, i); }
static inline long local_inc_return(local_t *l) { return SHIM_ADD(&l->a, 1); }
static inline bool local_try_cmpxchg(local_t *l, long *old, long new)
{
	return SHIM_TRY_CMPXCHG(&l->a, old, new);
}

/* CPUs and preemption */
extern unsigned int nr_cpu_ids;
extern __thread int shim_cpu;
struct shim_preempt {
	int count;		/* preemption-disable depth */
	unsigned long exits;	/* times count dropped to zero */
};
extern __thread struct shim_preempt shim_preempt;
#define shim_preempt_count	(shim_preempt.count)
#define raw_smp_processor_id()	(shim_cpu)
#define cpu_possible(cpu)	((unsigned int)(cpu) < nr_cpu_ids)
#define cpu_to_node(cpu)	((void)(cpu), 0)
#define for_each_possible_cpu(cpu) \
	for ((cpu) = 0; (cpu) < (int)nr_cpu_ids; (cpu)++)
#define in_nmi()		0
#define oops_in_progress	0
#define preempt_disable_notrace() \
	__atomic_add_fetch(&shim_preempt.count, 1, __ATOMIC_SEQ_CST)
#define preempt_enable_notrace() do {						\
	if (!__atomic_sub_fetch(&shim_preempt.count, 1, __ATOMIC_SEQ_CST))	\
		__atomic_add_fetch(&shim_preempt.exits, 1, __ATOMIC_SEQ_CST);	\
} while (0)

/* Threads that may write must register so that synchronize_rcu() sees them. */
void shim_thread_register(void);
void shim_thread_unregister(void);
void synchronize_rcu(void);

/* Time */
u64 shim_clock_ns(void);
static inline u64 local_clock(void) { return shim_clock_ns(); }
#define HZ			1000
void shim_sleep_jiffy(void);

/* Memory. Pages can be made to fail for error-path tests. */
#define PAGE_SIZE		4096UL
#define PAGE_MASK		(~(PAGE_SIZE - 1))
#define PAGE_ALIGNED(p)		(((unsigned long)(p) & (PAGE_SIZE - 1)) == 0)
static inline void copy_page(void *to, void *from) { memcpy(to, from, PAGE_SIZE); }
#define GFP_KERNEL		0x1U
#define __GFP_RETRY_MAYFAIL	0x2U
#define __GFP_ZERO		0x4U
struct page;
extern int shim_page_fail_in;	/* >0: that many-th next page allocation fails */
extern long shim_pages_live;
/* without __GFP_ZERO, a page full of 0xa5, as a recycled one would be */
struct page *shim_alloc_page(unsigned int gfp);
#define alloc_pages_node(node, gfp, order) \
	((void)(node), (void)(order), shim_alloc_page(gfp))
#define page_address(page)	((void *)(page))
void free_page(unsigned long addr);

void *shim_alloc(size_t size, bool zero);
#define kzalloc(size, gfp)		((void)(gfp), shim_alloc(size, true))
#define kzalloc_node(size, gfp, node)	((void)(node), kzalloc(size, gfp))
#define kmalloc(size, gfp)		((void)(gfp), shim_alloc(size, false))
#define kmalloc_node(size, gfp, node)	((void)(node), kmalloc(size, gfp))
#define kcalloc(n, size, gfp)		kzalloc((size_t)(n) * (size), gfp)
#define kcalloc_node(n, size, gfp, node) kzalloc_node((size_t)(n) * (size), gfp, node)
#define kfree(p)			free(p)

/* Locks (readers only; never taken in signal handlers) */
typedef struct { pthread_mutex_t m; } raw_spinlock_t;
#define raw_spin_lock_init(l)	pthread_mutex_init(&(l)->m, NULL)
#define raw_spin_lock_irqsave(l, flags) \
	do { (flags) = 0; pthread_mutex_lock(&(l)->m); } while (0)
#define raw_spin_trylock_irqsave(l, flags) \
	((flags) = 0, pthread_mutex_trylock(&(l)->m) == 0)
#define raw_spin_unlock_irqrestore(l, flags) \
	do { (void)(flags); pthread_mutex_unlock(&(l)->m); } while (0)
struct mutex { pthread_mutex_t m; };
#define mutex_init(l)		pthread_mutex_init(&(l)->m, NULL)
#define mutex_destroy(l)	pthread_mutex_destroy(&(l)->m)
#define mutex_lock(l)		pthread_mutex_lock(&(l)->m)
#define mutex_unlock(l)		pthread_mutex_unlock(&(l)->m)

/* irq_work runs its function right away; wake-ups are counted, waiters poll. */
struct irq_work { void (*func)(struct irq_work *work); };
extern long shim_irq_work_runs;
extern long shim_wakeups;
static inline void init_irq_work(struct irq_work *w, void (*func)(struct irq_work *))
{
	w->func = func;
}
static inline bool irq_work_queue(struct irq_work *w)
{
	__atomic_add_fetch(&shim_irq_work_runs, 1, __ATOMIC_SEQ_CST);
	w->func(w);
	return true;
}
static inline void irq_work_sync(struct irq_work *w) { (void)w; }

/*
 * Wait queues: wake_up_all() bumps a sequence (async-signal-safe: writers
 * run in signal handlers); schedule() returns when the sequence moved since
 * prepare_to_wait(). A wake-up that never comes would hang a kernel: here
 * schedule() gives up after SHIM_SLEEP_LIMIT_MS and counts it, so tests can
 * require that none was missed.
 */
typedef struct { unsigned long seq; } wait_queue_head_t;
struct wait_queue_entry { wait_queue_head_t *wq; unsigned long seq; };
extern long shim_sleep_timeouts;
extern __thread struct wait_queue_entry *shim_cur_wait;
#define SHIM_SLEEP_LIMIT_MS	20000
#define TASK_INTERRUPTIBLE	1
#define init_waitqueue_head(wq)	((wq)->seq = 0)
#define wake_up_all(wq) do {						\
	__atomic_add_fetch(&(wq)->seq, 1, __ATOMIC_SEQ_CST);		\
	__atomic_add_fetch(&shim_wakeups, 1, __ATOMIC_SEQ_CST);		\
} while (0)
#define DEFINE_WAIT(name)	struct wait_queue_entry name = { NULL, 0 }
static inline void prepare_to_wait(wait_queue_head_t *wq, struct wait_queue_entry *w,
				   int state)
{
	(void)state;
	w->wq = wq;
	w->seq = __atomic_load_n(&wq->seq, __ATOMIC_SEQ_CST);
	shim_cur_wait = w;
}
static inline void finish_wait(wait_queue_head_t *wq, struct wait_queue_entry *w)
{
	(void)wq;
	(void)w;
	shim_cur_wait = NULL;
}
void schedule(void);
#define ERESTARTSYS		512
#define current			NULL
#define signal_pending(task)	((void)(task), 0)

/* An IPI orders the target CPU's program: membarrier() does that to threads. */
void shim_ipi_barrier(void);
#define on_each_cpu(fn, info, wait) \
	((void)(wait), shim_ipi_barrier(), (fn)(info))
static inline int smp_call_function_single(int cpu, void (*fn)(void *), void *info, int wait)
{
	(void)cpu;
	(void)wait;
	shim_ipi_barrier();
	fn(info);
	return 0;
}

/* Memory a resize may take, in pages; tests may lower it. */
extern long shim_mem_available;
#define si_mem_available()	(shim_mem_available)
#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)

struct file;
struct poll_table_struct;
#define poll_wait(filp, wq, pt)	((void)(filp), (void)(wq), (void)(pt))
#define EPOLLIN			((__poll_t)0x001)
#define EPOLLERR		((__poll_t)0x008)
#define EPOLLRDNORM		((__poll_t)0x040)

#endif /* SHIM_KERNEL_SHIM_H */
