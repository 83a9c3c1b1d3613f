// SPDX-License-Identifier: GPL-2.0
/*
 * The power tracepoints (cpuidle, cpufreq, suspend, PM QoS): defined here,
 * with kernel/trace/, as in mainline; those modules use are exported.
 */
#include <linux/module.h>

#define CREATE_TRACE_POINTS
#include <trace/events/power.h>

EXPORT_TRACEPOINT_SYMBOL_GPL(suspend_resume);
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_frequency);
EXPORT_TRACEPOINT_SYMBOL_GPL(powernv_throttle);
EXPORT_TRACEPOINT_SYMBOL_GPL(device_pm_callback_start);
EXPORT_TRACEPOINT_SYMBOL_GPL(device_pm_callback_end);
