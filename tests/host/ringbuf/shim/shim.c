// SPDX-License-Identifier: GPL-2.0
/* Host shim runtime: emulated CPUs, RCU, pages, time. */
#define _GNU_SOURCE
#include "kernel_shim.h"

#include <linux/membarrier.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

unsigned int nr_cpu_ids = 4;
__thread int shim_cpu;
__thread struct shim_preempt shim_preempt;
int shim_warnings;
int shim_page_fail_in;
long shim_pages_live;
long shim_irq_work_runs;
long shim_wakeups;
long shim_sleep_timeouts;
long shim_mem_available = 1L << 30;
__thread struct wait_queue_entry *shim_cur_wait;

void shim_warn(const char *file, int line, const char *cond)
{
	__atomic_add_fetch(&shim_warnings, 1, __ATOMIC_SEQ_CST);
	fprintf(stderr, "WARNING: %s:%d: %s\n", file, line, cond);
}

#define SHIM_MAX_THREADS 64
static struct shim_preempt *shim_threads[SHIM_MAX_THREADS];

void shim_thread_register(void)
{
	int i;

	for (i = 0; i < SHIM_MAX_THREADS; i++) {
		struct shim_preempt *expected = NULL;

		if (__atomic_compare_exchange_n(&shim_threads[i], &expected,
						&shim_preempt, false,
						__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
			return;
	}
	fprintf(stderr, "shim: too many threads\n");
	abort();
}

void shim_thread_unregister(void)
{
	int i;

	for (i = 0; i < SHIM_MAX_THREADS; i++)
		if (__atomic_load_n(&shim_threads[i], __ATOMIC_SEQ_CST) == &shim_preempt)
			__atomic_store_n(&shim_threads[i], NULL, __ATOMIC_SEQ_CST);
}

/*
 * A grace period: every registered thread has been outside a
 * preemption-disabled section (where writers run) at some point after the
 * call: seen with a zero count, or seen leaving a section since.
 */
void synchronize_rcu(void)
{
	unsigned long snap[SHIM_MAX_THREADS];
	int i;

	smp_mb();
	for (i = 0; i < SHIM_MAX_THREADS; i++) {
		struct shim_preempt *p = __atomic_load_n(&shim_threads[i], __ATOMIC_SEQ_CST);

		snap[i] = p ? __atomic_load_n(&p->exits, __ATOMIC_SEQ_CST) : 0;
	}
	for (i = 0; i < SHIM_MAX_THREADS; i++) {
		for (;;) {
			struct shim_preempt *p = __atomic_load_n(&shim_threads[i],
								 __ATOMIC_SEQ_CST);

			if (!p || p == &shim_preempt ||
			    !__atomic_load_n(&p->count, __ATOMIC_SEQ_CST) ||
			    __atomic_load_n(&p->exits, __ATOMIC_SEQ_CST) != snap[i])
				break;
			sched_yield();
		}
	}
	smp_mb();
}

u64 shim_clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

void shim_sleep_jiffy(void)
{
	struct timespec ts = { 0, 1000000000L / HZ };

	nanosleep(&ts, NULL);
}

struct page *shim_alloc_page(unsigned int gfp)
{
	void *p;

	if (shim_page_fail_in > 0 && --shim_page_fail_in == 0)
		return NULL;
	p = aligned_alloc(PAGE_SIZE, PAGE_SIZE);
	if (p) {
		/* Stale garbage, as a recycled kernel page would have. */
		memset(p, gfp & __GFP_ZERO ? 0 : 0xa5, PAGE_SIZE);
		__atomic_add_fetch(&shim_pages_live, 1, __ATOMIC_SEQ_CST);
	}
	return p;
}

void free_page(unsigned long addr)
{
	if (addr)
		__atomic_sub_fetch(&shim_pages_live, 1, __ATOMIC_SEQ_CST);
	free((void *)addr);
}

void *shim_alloc(size_t size, bool zero)
{
	/*
	 * Generous alignment: structures may contain cacheline-aligned
	 * members; a power of two up to a page is aligned to its size, as
	 * kmalloc() guarantees.
	 */
	size_t align = size >= 64 && size <= PAGE_SIZE && !(size & (size - 1)) ? size : 64;
	void *p = aligned_alloc(align, ALIGN(size ? size : 1, align));

	/* kmalloc() memory is not zeroed: make reliance on that visible. */
	if (p)
		memset(p, zero ? 0 : 0x5a, size);
	return p;
}

void schedule(void)
{
	struct wait_queue_entry *w = shim_cur_wait;
	int ms;

	if (!w)
		return;
	for (ms = 0; ms < SHIM_SLEEP_LIMIT_MS * 10; ms++) {
		if (__atomic_load_n(&w->wq->seq, __ATOMIC_SEQ_CST) != w->seq)
			return;
		usleep(100);
	}
	__atomic_add_fetch(&shim_sleep_timeouts, 1, __ATOMIC_SEQ_CST);
}

void shim_ipi_barrier(void)
{
	static int registered;

	/* every thread of the process executes a full barrier */
	if (!registered)
		registered = syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED,
				     0, 0) == 0 ? 1 : -1;
	if (registered < 0 ||
	    syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0)
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
}
