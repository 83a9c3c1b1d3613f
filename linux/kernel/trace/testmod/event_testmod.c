// SPDX-License-Identifier: GPL-2.0
/*
 * A module with trace events, for the selftests (events/module_events.tc):
 * writing N to /sys/module/event_testmod/parameters/fire fires etm_fire N
 * times, with n = 1..N, who = "etm" and flags = n | 8.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>

#define CREATE_TRACE_POINTS
#include "event_testmod_trace.h"

static int fire_set(const char *val, const struct kernel_param *kp)
{
	int i, n, ret = kstrtoint(val, 0, &n);

	if (ret)
		return ret;
	for (i = 1; i <= n; i++)
		trace_etm_fire(i, "etm", i | 8);
	return 0;
}

static const struct kernel_param_ops fire_ops = {
	.set	= fire_set,
};
module_param_cb(fire, &fire_ops, NULL, 0200);

MODULE_DESCRIPTION("Trace events in a module, for the ftrace selftests");
MODULE_LICENSE("GPL");
