// SPDX-License-Identifier: GPL-2.0
/*
 * The irq-state hooks of <linux/irqflags.h>, for CONFIG_TRACE_IRQFLAGS
 * (which lockdep selects).  This series has no irqsoff tracer and no irq
 * tracepoints, so the hooks only keep lockdep's view of the irq state.
 */
#include <linux/export.h>
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/lockdep.h>

/* the tracing halves of the split hooks the entry code uses: nothing */
void trace_hardirqs_on_prepare(void)
{
}
EXPORT_SYMBOL(trace_hardirqs_on_prepare);
NOKPROBE_SYMBOL(trace_hardirqs_on_prepare);

void trace_hardirqs_off_finish(void)
{
}
EXPORT_SYMBOL(trace_hardirqs_off_finish);
NOKPROBE_SYMBOL(trace_hardirqs_off_finish);

void trace_hardirqs_on(void)
{
	lockdep_hardirqs_on_prepare();
	lockdep_hardirqs_on(CALLER_ADDR0);
}
EXPORT_SYMBOL(trace_hardirqs_on);
NOKPROBE_SYMBOL(trace_hardirqs_on);

void trace_hardirqs_off(void)
{
	lockdep_hardirqs_off(CALLER_ADDR0);
}
EXPORT_SYMBOL(trace_hardirqs_off);
NOKPROBE_SYMBOL(trace_hardirqs_off);
