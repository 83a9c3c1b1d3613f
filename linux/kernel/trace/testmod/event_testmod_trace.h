/* SPDX-License-Identifier: GPL-2.0 */
/* The trace events of event_testmod.c: one of each kind of field. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM event_testmod

#if !defined(_EVENT_TESTMOD_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _EVENT_TESTMOD_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(etm_fire,
	    TP_PROTO(int n, const char *who, unsigned long flags),
	    TP_ARGS(n, who, flags),
	    TP_STRUCT__entry(__field(int, n)
			     __field(unsigned long, flags)
			     __array(u8, bytes, 4)
			     __string(who, who)),
	    TP_fast_assign(__entry->n = n;
			   __entry->flags = flags;
			   memcpy(__entry->bytes, "\x01\x02\xab\xff", 4
);
			   __assign_str(who);),

	    TP_printk("n=%d who=%s flags=%s kind=%s bytes=%s arr=%s",
		      __entry->n, __get_str(who),
		      __print_flags(__entry->flags, "|", { 1, "ONE" }, { 2, "TWO" }, { 4, "FOUR" }),
		      __print_symbolic(__entry->n, { 1, "first" }, { 2, "second" }),
		      __print_hex(__entry->bytes, 4),
		      __print_array(__entry->bytes, 4, 1))
);

#endif /* _EVENT_TESTMOD_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE event_testmod_trace
#include <trace/define_trace.h>
