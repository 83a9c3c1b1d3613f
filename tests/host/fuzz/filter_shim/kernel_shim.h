/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host stand-ins for what kernel/trace/trace_events_filter.c and
 * trace_events_trigger.c use, so that both build unchanged for the
 * libFuzzer targets fuzz_filter.c and fuzz_trigger.c.
 *
 * Behaviour that the code under test depends on is the kernel's: ctype
 * with the kernel's Latin-1 table (0xa0 is a space, 0xc0-0xff letters),
 * kstrto*() (base 0, one trailing '\n'), strim(), scnprintf(),
 * strncpy_from_kernel_nofault() (and _user_, the same here), cpulist_parse()
 * (bitmap_parselist()'s syntax) on nr_cpu_ids CPUs, the cpumask calls.
 * Allocations can be made to fail: the shim_fail_at-th one from the last
 * shim_alloc_reset() returns NULL.  A WARN_ON_ONCE() that fires is a
 * failure of the fuzz target (abort).  kallsyms knows a few fake
 * functions, the current task's comm and the CPU are set by the target.
 */
#ifndef FUZZ_KERNEL_SHIM_H
#define FUZZ_KERNEL_SHIM_H

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef long long s64;
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef unsigned long long u64;
typedef unsigned int gfp_t;

#define GFP_KERNEL		0U
#define PAGE_SIZE		4096UL
#define TASK_COMM_LEN		16
#define MAX_ERRNO		4095

#define __rcu
#define __user
#define noinline		__attribute__((__noinline__))
#define notrace			__attribute__((__no_instrument_function__))
#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define EXPORT_SYMBOL_GPL(sym)	extern int shim_exported_##sym
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define ALIGN(x, a)		(((x) + (a) - 1) & ~((__typeof__(x))(a) - 1))
#define max(a, b)		({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); \
				   _a > _b ? _a : _b; })
#define min_t(t, a, b)		({ t _a = (a); t _b = (b); _a < _b ? _a : _b; })
#define swap(a, b)		do { __typeof__(a) _t = (a);		\
				     (a) = (b); (b) = _t; } while (0)
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

/* a WARN is a bug the code says cannot happen: stop the fuzzer on it */
void __attribute__((noreturn)) shim_warn(const char *file, int line,
					 const char *cond);
#define WARN_ON_ONCE(cond) ({						\
	bool __c = !!(cond);						\
	if (__c)							\
		shim_warn(__FILE__, __LINE__, #cond);			\
	__c;								\
})

/* ---- errors in pointers ------------------------------------------------- */

static inline void *ERR_PTR(long err)
{
	return (void *)err;
}

static inline long PTR_ERR(const void *p)
{
	return (long)p;
}

static inline bool IS_ERR(const void *p)
{
	return (unsigned long)p >= (unsigned long)-MAX_ERRNO;
}

static inline bool IS_ERR_OR_NULL(const void *p)
{
	return !p || IS_ERR(p);
}

/* ---- ctype: the kernel's table, Latin-1 included ------------------------ */

bool shim_isspace(unsigned char c);
bool shim_isalnum(unsigned char c);
bool shim_isxdigit(unsigned char c);
#define isspace(c)		shim_isspace((unsigned char)(c))
#define isalnum(c)		shim_isalnum((unsigned char)(c))
#define isxdigit(c)		shim_isxdigit((unsigned char)(c))
#define isdigit(c)		((c) >= '0' && (c) <= '9')

/* ---- strings ------------------------------------------------------------ */

/* the length of @prefix if @str starts with it, else 0 */
static inline size_t str_has_prefix(const char *str, const char *prefix)
{
	size_t n = strlen(prefix);

	return strncmp(str, prefix, n) ? 0 : n;
}

char *strim(char *s);
char *skip_spaces(const char *s);
int scnprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int kstrtoll(const char *s, unsigned int base, long long *res);
int kstrtol(const char *s, unsigned int base, long *res);
long strncpy_from_kernel_nofault(char *dst, const void *src, long count);
/* the same on the host: user and kernel memory are one */
long strncpy_from_user_nofault(char *dst, const void __user *src, long count);

/* ---- allocations -------------------------------------------------------- */

extern unsigned int shim_fail_at;	/* 0: never */
extern unsigned int shim_nalloc;	/* since shim_alloc_reset() */
extern bool shim_failed;		/* an allocation was made to fail */
void shim_alloc_reset(unsigned int fail_at);

void *kmalloc(size_t size, gfp_t gfp);
void *kzalloc(size_t size, gfp_t gfp);
void *kvcalloc(size_t n, size_t size, gfp_t gfp);
void *kvmalloc_array(size_t n, size_t size, gfp_t gfp);
void *kmemdup_array(const void *src, size_t n, size_t size, gfp_t gfp);
char *kmemdup_nul(const char *s, size_t len, gfp_t gfp);
char *kstrdup(const char *s, gfp_t gfp);
char *kasprintf(gfp_t gfp, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void kfree(const void *p);
void kvfree(const void *p);

/* ---- lists, RCU, atomics, bits ------------------------------------------ */

struct list_head {
	struct list_head *next, *prev;
};

static inline void INIT_LIST_HEAD(struct list_head *h)
{
	h->next = h;
	h->prev = h;
}

static inline bool list_empty(const struct list_head *h)
{
	return h->next == h;
}

static inline void shim_list_insert(struct list_head *n, struct list_head *prev,
				    struct list_head *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}

static inline void list_add(struct list_head *n, struct list_head *h)
{
	shim_list_insert(n, h, h->next);
}

static inline void list_add_tail(struct list_head *n, struct list_head *h)
{
	shim_list_insert(n, h->prev, h);
}

static inline void list_del(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
	e->next = NULL;
	e->prev = NULL;
}

#define list_add_rcu		list_add
#define list_del_rcu		list_del
#define list_entry(p, type, member)	container_of(p, type, member)
#define list_for_each_entry(pos, head, member)				\
	for (pos = list_entry((head)->next, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_entry(pos->member.next, __typeof__(*pos), member))
#define list_for_each_entry_safe(pos, n, head, member)			\
	for (pos = list_entry((head)->next, __typeof__(*pos), member),	\
	     n = list_entry(pos->member.next, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = n, n = list_entry(n->member.next, __typeof__(*n), member))
#define list_for_each_entry_rcu(pos, head, member, cond)		\
	list_for_each_entry(pos, head, member)

struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
};

/* no readers on the host: the callback runs at once */
static inline void call_rcu(struct rcu_head *head,
			    void (*func)(struct rcu_head *head))
{
	func(head);
}

typedef struct { long counter; } atomic_long_t;

static inline void atomic_long_set(atomic_long_t *v, long i)
{
	v->counter = i;
}

static inline long atomic_long_read(const atomic_long_t *v)
{
	return v->counter;
}

static inline long atomic_long_cmpxchg(atomic_long_t *v, long old, long new)
{
	long cur = v->counter;

	if (cur == old)
		v->counter = new;
	return cur;
}

static inline void set_bit(long nr, unsigned long *addr)
{
	*addr |= 1UL << nr;
}

static inline void clear_bit(long nr, unsigned long *addr)
{
	*addr &= ~(1UL << nr);
}

/* ---- the task, the CPU, cpumasks ---------------------------------------- */

#define BITS_PER_LONG		64
#define BIT(n)			(1UL << (n))
#define BITS_TO_LONGS(n)	(((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)
#define NR_CPUS			128

/* more than a word's CPUS, not a whole number of words (filter_ref.h's) */
extern unsigned int nr_cpu_ids;

struct cpumask {
	unsigned long bits[BITS_TO_LONGS(NR_CPUS)];
};

#define cpumask_bits(m)		((m)->bits)

/* as with CPUMASK_OFFSTACK: room for nr_cpu_ids bits only (ASan sees past) */
static inline unsigned int cpumask_size(void)
{
	return BITS_TO_LONGS(nr_cpu_ids) * sizeof(long);
}

unsigned int cpumask_weight(const struct cpumask *m);
unsigned int cpumask_first(const struct cpumask *m);
/* a CPU past nr_cpu_ids is a WARN (CONFIG_DEBUG_PER_CPU_MAPS's) */
bool cpumask_test_cpu(int cpu, const struct cpumask *m);
int cpulist_parse(const char *buf, struct cpumask *m);
/* lib/bitmap-str.c's bitmap_parselist(), for the fuzz targets too */
int shim_parselist(const char *buf, unsigned long *bits, unsigned int nbits);

struct task_struct {
	char comm[TASK_COMM_LEN];
};

extern struct task_struct shim_task;
extern int shim_cpu;
#define current			(&shim_task)
#define raw_smp_processor_id()	(shim_cpu)

/* ---- kallsyms: a few fake functions ------------------------------------- */

#define KSYM_NAME_LEN		512

struct shim_sym {
	const char	*name;
	unsigned long	addr;
	unsigned long	size;
};

/* in address order, each ending where the next starts or before */
extern const struct shim_sym shim_syms[];
extern const unsigned int shim_nsyms;

unsigned long kallsyms_lookup_name(const char *name);
int kallsyms_lookup_size_offset(unsigned long addr, unsigned long *size,
				unsigned long *offset);

/* ---- seq_file: text into a buffer --------------------------------------- */

struct seq_file {
	char	*buf;
	size_t	size;
	size_t	count;
};

void seq_puts(struct seq_file *m, const char *s);
void seq_putc(struct seq_file *m, char c);
void seq_printf(struct seq_file *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* ---- linux/trace_events.h: what the two files use ----------------------- */

#define MAX_FILTER_STR_VAL	256U

enum {
	FILTER_OTHER = 0,
	FILTER_STATIC_STRING,
	FILTER_DYN_STRING,
	FILTER_RDYN_STRING,
	FILTER_PTR_STRING,
	FILTER_TRACE_FN,
	FILTER_CPUMASK,
	FILTER_COMM,
	FILTER_CPU,
	FILTER_STACKTRACE,
};

struct trace_entry {
	unsigned short	type;
	unsigned char	flags;
	unsigned char	preempt_count;
	int		pid;
};

struct trace_event_call;

#define TRACE_FUNCTION_TYPE	((const char *)~0UL)

/* the members the code reads; not the kernel's layout (no union) */
struct trace_event_fields {
	const char	*type;
	const char	*name;
	int		size;
	int		align;
	bool		is_signed;
	int		filter_type;
	int		len;
	int		(*define_fields)(struct trace_event_call *call);
};

struct trace_event_class {
	struct trace_event_fields *fields_array;
	struct list_head	*(*get_fields)(struct trace_event_call *call);
	struct list_head	fields;
};

struct trace_event_call {
	struct trace_event_class *class;
};

static inline struct list_head *trace_get_fields(struct trace_event_call *call)
{
	if (!call->class->get_fields)
		return &call->class->fields;
	return call->class->get_fields(call);
}

struct event_filter;
struct trace_buffer;
struct trace_iter;
struct trace_event;
struct trace_eval_map;
struct mutex;
struct ring_buffer_event;

struct trace_array {
	struct trace_buffer	*buffer;
};

struct trace_event_file {
	struct trace_event_call	*event_call;
	struct trace_array	*tr;
	struct list_head	triggers;
	unsigned long		flags;
};

enum {
	EVENT_FILE_FL_SOFT_DISABLED_BIT,
	EVENT_FILE_FL_TRIGGER_MODE_BIT,
	EVENT_FILE_FL_TRIGGER_COND_BIT,
};

#define EVENT_FILE_FL_SOFT_DISABLED	(1UL << EVENT_FILE_FL_SOFT_DISABLED_BIT)

enum event_trigger_type {
	ETT_NONE	= 0,
	ETT_STACKTRACE	= 1 << 2,
};

int trace_define_field(struct trace_event_call *call, const char *type,
		       const char *name, int offset, int size, int is_signed,
		       int filter_type);
int trace_event_get_offsets(struct trace_event_call *call);
int filter_match_preds(struct event_filter *filter, void *rec);
enum event_trigger_type event_triggers_call(struct trace_event_file *file,
					    struct trace_buffer *buffer, void *rec,
					    struct ring_buffer_event *event);
void event_triggers_post_call(struct trace_event_file *file,
			      enum event_trigger_type tt);
static inline unsigned int tracing_gen_ctx(void) { return 0; }

/* ---- trace.h, ring_buffer.h: what trig_fire() calls --------------------- */

void trace_log_err(struct trace_array *tr, const char *loc, const char *cmd,
		   const char *msg, unsigned int pos);
bool ring_buffer_record_is_on(struct trace_buffer *b);
void ring_buffer_record_on(struct trace_buffer *b);
void ring_buffer_record_off(struct trace_buffer *b);
bool trace_snapshot_swap(struct trace_array *tr);
void trace_buffer_stack(struct trace_buffer *b, const void *const *fns,
			unsigned int trace_ctx);
extern const void *const event_commit_fns[];

/* what the last trace_log_err() was given (shim_log_count: how many) */
extern unsigned int shim_log_count;
extern char shim_log_msg[256];
extern char *shim_log_cmd;
extern unsigned int shim_log_pos;
void shim_log_reset(void);

#endif /* FUZZ_KERNEL_SHIM_H */
