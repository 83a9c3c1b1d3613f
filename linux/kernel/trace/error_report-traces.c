// SPDX-License-Identifier: GPL-2.0
/*
 * The error_report tracepoints (KFENCE, KASAN and others report through
 * them): defined here, with kernel/trace/, as in mainline.
 */
#define CREATE_TRACE_POINTS
#include <trace/events/error_report.h>

EXPORT_TRACEPOINT_SYMBOL_GPL(error_report_end);
