/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host shim for kernel/trace/trace.h, copied next to the real
 * trace_events_internal.h so that its #include "trace.h" finds this one.
 */
#include "kernel_shim.h"
