// SPDX-License-Identifier: GPL-2.0
/*
 * Saved task names: events carry a pid, the output shows "comm-pid".
 *
 * Locking: cmdline_lock (an arch spinlock, so lockdep and the tracer stay
 * out of it) guards the table; writers only trylock it, so they never wait
 * and an NMI never deadlocks on it; readers lock it with preemption off.
 */
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "trace.h"

/* the comm of each task seen by a writer, in a small direct-mapped table */
#define SAVED_CMDLINES	128
static struct {
	pid_t	pid;
	char	comm[TASK_COMM_LEN];
} saved_cmdlines[SAVED_CMDLINES];
static arch_spinlock_t cmdline_lock = __ARCH_SPIN_LOCK_UNLOCKED;
/* what this CPU saved last: trace_save_cmdline() skips it inline */
DEFINE_PER_CPU(pid_t, trace_saved_pid) = -1;
DEFINE_PER_CPU(u64, trace_saved_comm);

void notrace __trace_save_cmdline(struct task_struct *tsk, u64 head)
{
	unsigned int slot = tsk->pid % SAVED_CMDLINES;

	/* options/record-cmd 0: names stay as they are */
	if (!(READ_ONCE(global_trace.trace_flags) & TRACE_ITER_RECORD_CMD))
		return;
	if (!tsk->pid || !arch_spin_trylock(&cmdline_lock))
		return;
	saved_cmdlines[slot].pid = tsk->pid;
	memcpy(saved_cmdlines[slot].comm, tsk->comm, TASK_COMM_LEN);
	arch_spin_unlock(&cmdline_lock);
	__this_cpu_write(trace_saved_pid, tsk->pid);
	__this_cpu_write(trace_saved_comm, head);
}

void trace_find_cmdline(pid_t pid, char comm[TASK_COMM_LEN])
{
	unsigned int slot = pid % SAVED_CMDLINES;

	if (!pid) {
		strscpy(comm, "<idle>", TASK_COMM_LEN);
		return;
	}
	preempt_disable();
	arch_spin_lock(&cmdline_lock);
	if (saved_cmdlines[slot].pid == pid)
		memcpy(comm, saved_cmdlines[slot].comm, TASK_COMM_LEN);
	else
		strscpy(comm, "<...>", TASK_COMM_LEN);
	arch_spin_unlock(&cmdline_lock);
	preempt_enable();
	comm[TASK_COMM_LEN - 1] = 0;
}
