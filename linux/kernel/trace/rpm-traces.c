// SPDX-License-Identifier: GPL-2.0
/*
 * The runtime PM tracepoints: defined here, with kernel/trace/, as in
 * mainline; exported for the drivers that are modules.
 */
#include <linux/module.h>

#define CREATE_TRACE_POINTS
#include <trace/events/rpm.h>

EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_return_int);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_suspend);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_resume);
