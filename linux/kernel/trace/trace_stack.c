// SPDX-License-Identifier: GPL-2.0
/*
 * The stack tracer: the deepest kernel stack seen at the entry of a traced
 * function, and the calls that made it.  /proc/sys/kernel/stack_tracer_enabled
 * (or the "stacktrace" boot parameter) hooks the functions that
 * stack_trace_filter lets through (all by default; set_ftrace_filter's
 * syntax, "stacktrace_filter=" at boot).  stack_max_size is the deepest
 * use seen, in bytes (writing sets it: 0 starts over); stack_trace lists
 * that stack's return addresses, newest first, each with the stack in
 * use above the slot holding it (Depth) and what its function added
 * (Size).  The first line is the traced function itself, at the return
 * address of its __fentry__ call, so its depth is the maximum.
 *
 * Only task stacks are measured: a call on an irq or exception stack is
 * not compared with them.  Never in NMI.
 *
 * Locking: max_lock (an arch spinlock, irqs off) guards the saved stack
 * and max_size against the callback on other CPUs and the readers; the
 * callback only takes it once a call is deeper than max_size, reread
 * under the lock.  stack_busy (per CPU, irqs off) turns away the calls
 * the callback itself makes while it holds the lock (the unwinder is
 * traced code), which would deadlock on it.  stack_mutex
 * serializes enabling, disabling and the files' writes.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/sched/task_stack.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/sysctl.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>
#include <asm/setup.h>
#include <asm/unwind.h>

#include "ftrace_internal.h"
#include "trace.h"

#define STACK_MAX_ENTRIES	64

int stack_tracer_enabled;

static arch_spinlock_t max_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static unsigned long max_size;
static unsigned int nr_entries;
static unsigned long entry_ip[STACK_MAX_ENTRIES];
static unsigned long entry_depth[STACK_MAX_ENTRIES];
static DEFINE_MUTEX(stack_mutex);
static DEFINE_PER_CPU(int, stack_busy);
static bool registered;

/* Bytes of @task's stack in use above @p; 0 if @p is not on it. */
static unsigned long stack_use(unsigned long p)
{
	unsigned long bottom = (unsigned long)task_stack_page(current);

	if (p < bottom || p >= bottom + THREAD_SIZE)
		return 0;
	return bottom + THREAD_SIZE - p;
}

/*
 * Save the stack of the call whose return slot is @parent, as seen from
 * here: the frames of the tracer itself, below @parent, are left out.
 * max_lock held.
 */
static void save_stack(unsigned long ip, unsigned long *parent, unsigned long use)
{
	struct unwind_state state;
	unsigned long *slot, depth;
	unsigned int n = 0;

	entry_ip[n] = ip + MCOUNT_INSN_SIZE;
	entry_depth[n++] = use;
	for (unwind_start(&state, current, NULL, NULL);
	     !unwind_done(&state) && n < STACK_MAX_ENTRIES;
	     unwind_next_frame(&state)) {
		slot = unwind_get_return_address_ptr(&state);
		if (!slot || slot < parent)
			continue;
		depth = stack_use((unsigned long)slot);
		if (!depth)
			break;
		entry_ip[n] = unwind_get_return_address(&state);
		/* the entry code's frame ends the walk with no caller */
		if (!entry_ip[n])
			break;
		entry_depth[n++] = depth;
	}
	nr_entries = n;
}

static void notrace stack_trace_call(unsigned long ip, unsigned long parent_ip,
				     struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned long *parent = (unsigned long *)ftrace_regs_get_stack_pointer(fregs);
	unsigned long flags, use;

	if (in_nmi())
		return;
	/* the slot __fentry__'s return address went to, below *parent */
	use = stack_use((unsigned long)(parent - 1));
	if (use <= READ_ONCE(max_size))
		return;
	local_irq_save(flags);
	/* the unwinder is traced code: its calls come back here */
	if (__this_cpu_inc_return(stack_busy) == 1) {
		arch_spin_lock(&max_lock);
		if (use > max_size) {
			max_size = use;
			save_stack(ip, parent, use);
		}
		arch_spin_unlock(&max_lock);
	}
	__this_cpu_dec(stack_busy);
	local_irq_restore(flags);
}

static struct ftrace_ops stack_ops = {
	.func	= stack_trace_call,
};

/* stack_mutex held */
static int stack_tracer_set(bool on)
{
	int ret = 0;

	if (on == registered)
		return 0;
	if (on)
		ret = register_ftrace_function(&stack_ops);
	else
		ret = unregister_ftrace_function(&stack_ops);
	if (!ret)
		registered = on;
	return ret;
}

/* kernel.stack_tracer_enabled: any non-zero value enables, as mainline's */
int stack_trace_sysctl(const struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos)
{
	int old, ret;

	mutex_lock(&stack_mutex);
	old = stack_tracer_enabled;
	ret = proc_dointvec(table, write, buffer, lenp, ppos);
	if (!ret && write && !!stack_tracer_enabled != !!old) {
		ret = stack_tracer_set(stack_tracer_enabled);
		if (ret)
			stack_tracer_enabled = old;
	}
	mutex_unlock(&stack_mutex);
	return ret;
}

/* ---- the files ------------------------------------------------------- */

static ssize_t max_size_read(struct file *file, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	char buf[24];
	int len;

	len = snprintf(buf, sizeof(buf), "%lu\n", READ_ONCE(max_size));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t max_size_write(struct file *file, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	unsigned long val, flags;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	local_irq_save(flags);
	arch_spin_lock(&max_lock);
	max_size = val;
	arch_spin_unlock(&max_lock);
	local_irq_restore(flags);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations max_size_fops = {
	.read		= max_size_read,
	.write		= max_size_write,
	.llseek		= default_llseek,
};

/*
 * "        Depth    Size   Location    (30 entries)", then
 * "  0)     2264      64   set_pfnblock_flags_mask+0x9/0x65" per entry:
 * matches mainline 6.12's stack_trace (black box), as does the note
 * printed while the tracer is off.
 */
static int stack_trace_show(struct seq_file *m, void *v)
{
	/* a copy taken under the lock, printed outside it: 1 kB, not on the stack */
	struct {
		unsigned long	ip[STACK_MAX_ENTRIES];
		unsigned long	depth[STACK_MAX_ENTRIES];
	} *snap;
	unsigned long *ip, *depth, flags;
	unsigned int i, n;

	snap = kmalloc(sizeof(*snap), GFP_KERNEL);
	if (!snap)
		return -ENOMEM;
	ip = snap->ip;
	depth = snap->depth;
	local_irq_save(flags);
	arch_spin_lock(&max_lock);
	n = nr_entries;
	memcpy(ip, entry_ip, n * sizeof(ip[0]));
	memcpy(depth, entry_depth, n * sizeof(depth[0]));
	arch_spin_unlock(&max_lock);
	local_irq_restore(flags);

	seq_printf(m, "        Depth    Size   Location    (%u entries)\n", n);
	seq_puts(m, "        -----    ----   --------\n");
	/* off and reset: mainline prints this note before the entries */
	if (!READ_ONCE(stack_tracer_enabled) && !READ_ONCE(max_size))
		seq_puts(m, "#\n#  Stack tracer disabled\n#\n"
			 "# To enable the stack tracer, either add 'stacktrace' to the\n"
			 "# kernel command line\n"
			 "# or 'echo 1 > /proc/sys/kernel/stack_tracer_enabled'\n#\n");
	for (i = 0; i < n; i++)
		seq_printf(m, "%3u) %8lu   %5lu   %pS\n", i, depth[i],
			   i + 1 < n ? depth[i] - depth[i + 1] : depth[i],
			   (void *)ip[i]);
	kfree(snap);
	return 0;
}

static int stack_trace_open(struct inode *inode, struct file *file)
{
	return single_open(file, stack_trace_show, NULL);
}

static const struct file_operations stack_trace_fops = {
	.open		= stack_trace_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* ---- boot ------------------------------------------------------------ */

static bool boot_enable __initdata;
static char boot_filter[COMMAND_LINE_SIZE] __initdata;

/* "stacktrace" and "stacktrace_filter=": __setup() matches by prefix */
static __init int set_stacktrace(char *str)
{
	if (!strncmp(str, "_filter=", 8)) {
		strscpy(boot_filter, str + 8, sizeof(boot_filter));
		return 1;
	}
	if (*str)
		return 0;
	boot_enable = true;
	return 1;
}
__setup("stacktrace", set_stacktrace);

static __init int init_stack_trace(void)
{
	int ret;

	tracefs_create_file("stack_max_size", TRACE_MODE_WRITE, NULL, NULL,
			    &max_size_fops);
	tracefs_create_file("stack_trace", TRACE_MODE_READ, NULL, NULL,
			    &stack_trace_fops);
	ftrace_ops_filter_file("stack_trace_filter", &stack_ops, boot_filter,
			       "stacktrace_filter");
	if (boot_enable) {
		mutex_lock(&stack_mutex);
		ret = stack_tracer_set(true);
		if (!ret)
			stack_tracer_enabled = 1;
		mutex_unlock(&stack_mutex);
		if (ret)
			pr_warn("stacktrace: error %d, not enabled\n", ret);
	}
	return 0;
}
device_initcall(init_stack_trace);
