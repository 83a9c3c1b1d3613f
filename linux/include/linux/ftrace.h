/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function tracer: what traced code, the module loader, the arch
 * patching code and the tracers need from each other.
 */
#ifndef _LINUX_FTRACE_H
#define _LINUX_FTRACE_H

/*
 * Much of the kernel gets these through <linux/ftrace.h>, as it always
 * has; keep them here so that includers build unchanged.
 */
#include <linux/bitops.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/kallsyms.h>
#include <linux/ktime.h>
#include <linux/linkage.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/trace_clock.h>
#include <linux/types.h>
#include <linux/ftrace_regs.h>
#include <linux/trace_recursion.h>
#include <asm/ftrace.h>

struct ctl_table;
struct ftrace_ops;
struct ftrace_regs;
struct module;
struct task_struct;

/* the registers a callback was handed: a full pt_regs, or NULL */
static __always_inline struct pt_regs *ftrace_get_regs(struct ftrace_regs *fregs)
{
	return fregs ? arch_ftrace_get_regs(fregs) : NULL;
}

/* Callers' addresses, for the irq/preempt annotations of other code. */
#define ftrace_return_address0		__builtin_return_address(0)
#ifdef CONFIG_FRAME_POINTER
# define ftrace_return_address(n)	__builtin_return_address(n)
#else
# define ftrace_return_address(n)	({ (void)(n); 0UL; })
#endif
#define CALLER_ADDR0 ((unsigned long)ftrace_return_address0)
#define CALLER_ADDR1 ((unsigned long)ftrace_return_address(1))
#define CALLER_ADDR2 ((unsigned long)ftrace_return_address(2))
#define CALLER_ADDR3 ((unsigned long)ftrace_return_address(3))

int in_lock_functions(unsigned long addr);

/* The first caller outside the spinlock code. */
static __always_inline unsigned long get_lock_parent_ip(void)
{
	unsigned long addr = CALLER_ADDR0;

	if (!in_lock_functions(addr))
		return addr;
	addr = CALLER_ADDR1;
	if (!in_lock_functions(addr))
		return addr;
	return CALLER_ADDR2;
}

/* No preemptoff tracer: the scheduler's hooks for it are empty. */
static inline void trace_preempt_on(unsigned long a0, unsigned long a1) { }
static inline void trace_preempt_off(unsigned long a0, unsigned long a1) { }

#ifdef CONFIG_TRACING
void early_trace_init(void);
void trace_init(void);

/* sysctl kernel.ftrace_dump_on_oops, kernel.traceoff_on_warning */
#define MAX_TRACER_SIZE		100
extern char ftrace_dump_on_oops[MAX_TRACER_SIZE];
extern int __disable_trace_on_warning;
void disable_trace_on_warning(void);

#ifdef CONFIG_STACK_TRACER
/* sysctl kernel.stack_tracer_enabled (kernel/trace/trace_stack.c) */
extern int stack_tracer_enabled;
int stack_trace_sysctl(const struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos);
#endif

/* sysctl kernel.tracepoint_printk: we have no tracepoint output to print */
extern int tracepoint_printk;
int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos);
#else
static inline void early_trace_init(void) { }
static inline void trace_init(void) { }
static inline void disable_trace_on_warning(void) { }
#endif

#ifdef CONFIG_FUNCTION_TRACER

struct ftrace_ops;
struct ftrace_hash;

/*
 * A tracer callback, called on entry of every function its ops selects.
 * @ip: address of the traced function's call site (its first insn)
 * @parent_ip: the address the traced function will return to
 * @op: the ops it was registered with
 * @fregs: the registers at the call (see <linux/ftrace_regs.h>); the
 *	traced function's return address is at ftrace_regs_get_stack_pointer()
 */
typedef void (*ftrace_func_t)(unsigned long ip, unsigned long parent_ip,
			      struct ftrace_ops *op, struct ftrace_regs *fregs);

/*
 * ops->flags: 6.12's names and bit numbers for what in-kernel users set
 * (see Documentation/trace/function-tracer/inkernel-api.rst), then our own.
 *
 * As in mainline, a callback whose ops has neither FTRACE_OPS_FL_RECURSION
 * nor FTRACE_OPS_FL_RCU may be called straight from the trampoline, with
 * preemption enabled and no recursion guard: it takes its own with
 * ftrace_test_recursion_trylock().  This happens while it is the only
 * registered ops.  With FTRACE_OPS_FL_GLOBAL_FILTER it also checks
 * set_ftrace_pid itself (ftrace_pid_allowed()).
 */
#define FTRACE_OPS_FL_ENABLED		BIT(0)	/* on the list */
#define FTRACE_OPS_FL_DYNAMIC		BIT(1)	/* accepted: every ops is waited for */
#define FTRACE_OPS_FL_SAVE_REGS		BIT(2)	/* wants a full pt_regs */
#define FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED BIT(3)
/* the dispatcher calls it, inside its recursion guard: see below */
#define FTRACE_OPS_FL_RECURSION		BIT(4)
#define FTRACE_OPS_FL_IPMODIFY		BIT(12)	/* may change the ip: one per function */
#define FTRACE_OPS_FL_RCU		BIT(14)	/* call only where RCU is watching */
#define FTRACE_OPS_FL_PERMANENT		BIT(16)	/* ftrace_enabled cannot go 0 */
#define FTRACE_OPS_FL_DIRECT		BIT(17)	/* register_ftrace_direct()'s */
/* x86-64 always passes the arguments: nothing to ask for */
#define FTRACE_OPS_FL_SAVE_ARGS		0
#define FTRACE_OPS_FL_GLOBAL_FILTER	BIT(28)	/* set_ftrace_filter/notrace decide */
/* ->wants() chooses the sites; the callback runs for every site and filters */
#define FTRACE_OPS_FL_SUBOPS		BIT(29)

/*
 * What ftrace may ask a direct ops' ops_func (BPF) before an ip-modifying
 * ops shares its function.  This series never asks: it refuses the
 * sharing with -EBUSY.
 */
enum ftrace_ops_cmd {
	FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF,
	FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER,
	FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER,
};

typedef int (*ftrace_ops_func_t)(struct ftrace_ops *op, enum ftrace_ops_cmd cmd);

/*
 * An ops is traced where its filter hash says (empty means everywhere)
 * unless its notrace hash says not.  Hashes are replaced, never edited,
 * under ftrace_lock; the callback path reads them with preemption
 * disabled, and old ones are freed only after ftrace_sync().
 */
struct ftrace_ops {
	ftrace_func_t			func;
	struct ftrace_ops __rcu		*next;
	unsigned long			flags;
	void				*private;
	/* whose hashes choose the sites: NULL its own (see GLOBAL_FILTER) */
	struct ftrace_ops		*hash_owner;
	struct ftrace_hash __rcu	*filter_hash;
	struct ftrace_hash __rcu	*notrace_hash;
	/* FTRACE_OPS_FL_SUBOPS: does it want the site at ip (ftrace_lock held) */
	bool				(*wants)(struct ftrace_ops *op, unsigned long ip);
	/* 0: no ops has a trampoline of its own (the ORC unwinder asks) */
	unsigned long			trampoline;
	/* FTRACE_OPS_FL_DIRECT: the trampoline its sites call */
	unsigned long			direct_call;
	/* asked before a direct ops shares a function: never here */
	ftrace_ops_func_t		ops_func;
};

/* /proc/sys/kernel/ftrace_enabled */
extern int ftrace_enabled;

int register_ftrace_function(struct ftrace_ops *ops);
int unregister_ftrace_function(struct ftrace_ops *ops);

/*
 * Called from the trampolines (arch/x86/kernel/ftrace_64.S) for every
 * ops; @op is function_trace_op, which only a callback called in its
 * place uses.
 */
void ftrace_dispatch(unsigned long ip, unsigned long parent_ip,
		     struct ftrace_ops *op, struct ftrace_regs *fregs);

/* copy_process() and free_task(): per-task tracer state */
void ftrace_graph_init_task(struct task_struct *t);
void ftrace_graph_exit_task(struct task_struct *t);
/* set_ftrace_pid: copy_process() once @child has its pid, and do_exit() */
void ftrace_pid_fork(struct task_struct *parent, struct task_struct *child);
void ftrace_pid_exit(struct task_struct *t);

static inline int __ftrace_enabled_save(void) { return 0; }
static inline void __ftrace_enabled_restore(int enabled) { }

#else /* !CONFIG_FUNCTION_TRACER */

static inline void ftrace_graph_init_task(struct task_struct *t) { }
static inline void ftrace_graph_exit_task(struct task_struct *t) { }
static inline void ftrace_pid_fork(struct task_struct *parent,
				   struct task_struct *child) { }
static inline void ftrace_pid_exit(struct task_struct *t) { }
static inline int __ftrace_enabled_save(void) { return 0; }
static inline void __ftrace_enabled_restore(int enabled) { }

#endif /* CONFIG_FUNCTION_TRACER */

/* where recordmcount lists an object's call sites */
#define FTRACE_CALLSITE_SECTION	"__mcount_loc"

#ifdef CONFIG_DYNAMIC_FTRACE

void ftrace_init(void);
void ftrace_module_init(struct module *mod);
void ftrace_module_enable(struct module *mod);
void ftrace_release_mod(struct module *mod);
void ftrace_free_mem(struct module *mod, void *start, void *end);
void ftrace_free_init_mem(void);

/* the call site address if @ip is a traceable function's entry, else 0 */
unsigned long ftrace_location(unsigned long ip);
int ftrace_text_reserved(const void *start, const void *end);

/* arch code patching, see arch/x86/kernel/ftrace.c */
int ftrace_arch_init_site(unsigned long ip);
/* the same for the kernel's sites at boot, then _done() once after them */
int ftrace_arch_init_boot_site(unsigned long ip);
void ftrace_arch_init_boot_done(void);
/* from calling @from to calling @to; 0 is a NOP */
int ftrace_arch_update_site(unsigned long ip, unsigned long from,
			    unsigned long to);
unsigned long ftrace_arch_site_call(unsigned long ip);
void ftrace_arch_update_finish(void);

/*
 * An ops' own filter and notrace hashes, for in-kernel users: by site (or
 * function) address, or by set_ftrace_filter's glob syntax (@buf of @len
 * bytes, func:cmd and unloaded modules refused).  @reset empties first.
 * They may be changed while the ops is registered, and survive
 * unregistering; ftrace_free_filter() drops both (the ops unregistered).
 */
int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip, int remove,
			 int reset);
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset);
int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf, int len,
		      int reset);
int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf, int len,
		       int reset);
void ftrace_free_filter(struct ftrace_ops *ops);
/*
 * The top level's set_ftrace_filter/notrace, from the kernel; and an ops
 * (not yet registered) whose sites they choose instead of its own hashes,
 * as pstore's function recorder has it (set_ftrace_pid does not apply).
 */
void ftrace_set_global_filter(unsigned char *buf, int len, int reset);
void ftrace_set_global_notrace(unsigned char *buf, int len, int reset);
void ftrace_ops_set_global_filter(struct ftrace_ops *ops);

/*
 * Direct calls (BPF trampolines): the functions in @ops' filter call
 * @addr instead of a tracer, directly from their site while no other ops
 * wants them, else through ftrace_regs_caller, which calls @addr as the
 * site would have.  @addr is entered with the traced function's return
 * address above the site's, and returns to the function.
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
unsigned long ftrace_find_rec_direct(unsigned long ip);
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr);
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     bool free_filters);
int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr);
int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr);
void ftrace_stub_direct_tramp(void);
#else
static inline unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	return 0;
}

static inline int register_ftrace_direct(struct ftrace_ops *ops,
					 unsigned long addr)
{
	return -ENOTSUPP;
}

static inline int unregister_ftrace_direct(struct ftrace_ops *ops,
					   unsigned long addr, bool free_filters)
{
	return -ENOTSUPP;
}

static inline int modify_ftrace_direct(struct ftrace_ops *ops,
				       unsigned long addr)
{
	return -ENOTSUPP;
}

static inline int modify_ftrace_direct_nolock(struct ftrace_ops *ops,
					      unsigned long addr)
{
	return -ENOTSUPP;
}
#endif

#else /* !CONFIG_DYNAMIC_FTRACE */

static inline void ftrace_init(void) { }
static inline void ftrace_module_init(struct module *mod) { }
static inline void ftrace_module_enable(struct module *mod) { }
static inline void ftrace_release_mod(struct module *mod) { }
static inline void ftrace_free_mem(struct module *mod, void *start, void *end) { }
static inline void ftrace_free_init_mem(void) { }
static inline unsigned long ftrace_location(unsigned long ip) { return 0; }
static inline int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
				       int remove, int reset)
{
	return -ENODEV;
}

static inline int ftrace_set_filter_ips(struct ftrace_ops *ops,
					unsigned long *ips, unsigned int cnt,
					int remove, int reset)
{
	return -ENODEV;
}

static inline int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf,
				    int len, int reset)
{
	return -ENODEV;
}

static inline int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf,
				     int len, int reset)
{
	return -ENODEV;
}

static inline void ftrace_free_filter(struct ftrace_ops *ops) { }
static inline void ftrace_set_global_filter(unsigned char *buf, int len, int reset) { }
static inline void ftrace_set_global_notrace(unsigned char *buf, int len, int reset) { }
static inline void ftrace_ops_set_global_filter(struct ftrace_ops *ops) { }
static inline int ftrace_text_reserved(const void *start, const void *end)
{
	return 0;
}

#endif /* CONFIG_DYNAMIC_FTRACE */

/* Our only trampolines are in core kernel text; no ops has its own. */
static inline bool is_ftrace_trampoline(unsigned long addr) { return false; }
static inline struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr)
{
	return NULL;
}

static inline int ftrace_mod_get_kallsym(unsigned int symnum,
					 unsigned long *value, char *type,
					 char *name, char *module_name,
					 int *exported)
{
	return -ERANGE;
}

static inline int
ftrace_mod_address_lookup(unsigned long addr, unsigned long *size,
			  unsigned long *off, char **modname,
			  const unsigned char **modbuildid, char *sym)
{
	return 0;
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER

/* for functions the graph tracer's return hook itself relies on */
#define __notrace_funcgraph		notrace

void ftrace_graph_init_idle_task(struct task_struct *t, int cpu);
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp);
void pause_graph_tracing(void);
void unpause_graph_tracing(void);

DECLARE_STATIC_KEY_FALSE(fgraph_sched_key);
void __ftrace_graph_sched_switch(struct task_struct *prev,
				 struct task_struct *next);

/* From __schedule(): lets the graph tracer leave out time scheduled out. */
static __always_inline void ftrace_graph_sched_switch(struct task_struct *prev,
						      struct task_struct *next)
{
	if (static_branch_unlikely(&fgraph_sched_key))
		__ftrace_graph_sched_switch(prev, next);
}

#else /* !CONFIG_FUNCTION_GRAPH_TRACER */

#define __notrace_funcgraph

static inline void ftrace_graph_init_idle_task(struct task_struct *t, int cpu) { }
static inline unsigned long
ftrace_graph_ret_addr(struct task_struct *task, int *idx, unsigned long ret,
		      unsigned long *retp)
{
	return ret;
}

static inline void pause_graph_tracing(void) { }
static inline void unpause_graph_tracing(void) { }
static inline void ftrace_graph_sched_switch(struct task_struct *prev,
					     struct task_struct *next) { }

#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

#endif /* _LINUX_FTRACE_H */
