// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for event_trigger_parse() in
 * linux/kernel/trace/trace_events_trigger.c ("[!]CMD[:ARGS][:COUNT]
 * [if FILTER]"), built for the host with the real trace_events_filter.c
 * for its filters, on fuzz_event.c's fake event.
 *
 * Input: byte 0 selects an allocation to fail (as fuzz_filter.c), byte 1
 * seeds the records' values, the rest is the command (up to a NUL, at
 * most PAGE_SIZE bytes), trimmed as the trigger file's write does; an
 * empty one is not parsed.
 *
 * Checks, besides no crash and no ASan, UBSan or leak report:
 *  - *remove is a leading '!'; an error is an ERR_PTR of a negative
 *    errno: -EINVAL, or the filter's -EPERM, -ENOENT, -ESRCH, or -ENOMEM
 *    (only with an allocation made to fail, which never gives a trigger);
 *  - the result equals a reference parse written from the syntax (the
 *    trigger names, ':' fields, a count kstrtol() takes and not negative,
 *    what follows another ':' ignored, with '!' only CMD[:ARGS] looked at,
 *    "if" and a blank before the filter, the filter as filter_ref.c
 *    judges it): accepted or rejected alike, the same errno; the filter
 *    is shown as written after the blank that ends "if";
 *  - *target_sys and *target_event are set only for enable_event and
 *    disable_event, to their non-empty SYS and EVENT, in the trigger's
 *    own memory; left alone otherwise;
 *  - a trigger attached shows as "NAME[:SYS:EVENT]:count=N|:unlimited
 *    [if FILTER]", sets the file's trigger flags (COND with a filter or
 *    for stacktrace), asks for a stack trace in event_triggers_call()
 *    only when it is a stacktrace whose filter passes the record (and,
 *    before the record, has none); enable_event/disable_event switch
 *    their event unless COUNT is 0; the same command again is refused
 *    (-EEXIST), and so is the other of its kind (traceon and traceoff,
 *    enable_event and disable_event of one event), not a switch of
 *    another event; taken off (detached, or cleared), the flags are clear;
 *    an event without triggers lists the commands;
 *  - every trigger is freed: event_trigger_free(), or detached (freed
 *    after the grace period, at once on the host).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_events_internal.h"
#include "filter_ref.h"

#define HDR		2
#define TEXT_MAX	4096	/* PAGE_SIZE */

static const char *const names[] = {
	"traceon", "traceoff", "snapshot", "stacktrace", "enable_event",
	"disable_event",
};

enum {
	T_TRACEON, T_TRACEOFF, T_SNAPSHOT, T_STACKTRACE, T_ENABLE, T_DISABLE,
	T_NR
};

/* what the reference makes of a command */
struct tref {
	int			err;
	bool			remove;
	int			type;
	const char		*sys, *event;	/* into its own copy */
	long			count;		/* -1: none */
	const char		*filter;	/* as shown; NULL: none */
	struct ref_result	fres;
};

static struct ref_rec recs[REF_NREC];
static const char *input;

static void __attribute__((noreturn)) fail(const char *what)
{
	fe_fail("fuzz_trigger", what, input);
}

static void tref_parse(const char *cmd, struct tref *t)
{
	static char c[TEXT_MAX + 1];
	char *seg[8], *p, *rest, *e;
	int nseg = 0, cseg;
	uint64_t v;
	size_t h;

	memset(t, 0, sizeof(*t));
	t->count = -1;
	t->err = -EINVAL;
	strcpy(c, cmd);
	t->remove = c[0] == '!';
	p = c + t->remove;
	h = strcspn(p, " \t");
	rest = p[h] ? p + h + 1 : NULL;
	p[h] = '\0';
	/* the ':' fields of the command word, up to 8 looked at */
	for (;;) {
		e = strchr(p, ':');
		if (nseg < 8)
			seg[nseg++] = p;
		if (!e)
			break;
		*e = '\0';
		p = e + 1;
	}
	for (t->type = 0; t->type < T_NR; t->type++)
		if (!strcmp(seg[0], names[t->type]))
			break;
	if (t->type == T_NR)
		return;
	cseg = 1;
	if (t->type == T_ENABLE || t->type == T_DISABLE) {
		if (nseg < 3 || !*seg[1] || !*seg[2])
			return;
		t->sys = seg[1];
		t->event = seg[2];
		cseg = 3;
	}
	if (t->remove) {
		t->err = 0;
		return;
	}
	if (nseg > cseg && *seg[cseg]) {
		if (!ref_number(seg[cseg], true, &v) || (int64_t)v < 0)
			return;
		t->count = v;
	}
	if (rest) {
		while (ref_isspace(*rest))
			rest++;
		if (*rest) {
			if (strncmp(rest, "if", 2) ||
			    (rest[2] && !ref_isspace(rest[2])))
				return;
			/* the filter as written after the blank that ends "if" */
			t->filter = rest + (rest[2] ? 3 : 2);
			ref_filter(t->filter, recs, REF_NREC, &t->fres);
			if (!*t->fres.text)
				return;
			if (t->fres.err || t->fres.too_deep) {
				t->err = t->fres.err;
				return;
			}
		}
	}
	t->err = 0;
}

/* what the trigger file shows for @t's trigger */
static void tref_show(const struct tref *t, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s", names[t->type]);

	if (t->sys)
		n += snprintf(buf + n, size - n, ":%s:%s", t->sys, t->event);
	if (t->count < 0)
		n += snprintf(buf + n, size - n, ":unlimited");
	else
		n += snprintf(buf + n, size - n, ":count=%ld", t->count);
	if (t->filter)
		n += snprintf(buf + n, size - n, " if %s", t->filter);
	snprintf(buf + n, size - n, "\n");
}

static bool inside(const char *p, const char *buf, size_t len)
{
	return p >= buf && p <= buf + len;
}

/*
 * Attach @trig (parsed from @cmd), show it, run it on the records, take
 * it off (with event_triggers_clear() if @clear).
 */
static void exercise(struct event_trigger *trig, const struct tref *t,
		     struct trace_event_call *call, void *const *rec,
		     const char *cmd, bool clear)
{
	static char want[3 * TEXT_MAX], got[3 * TEXT_MAX], again[TEXT_MAX + 32];
	static const char none[] = "# Available triggers:\n"
		"# traceon traceoff snapshot stacktrace enable_event disable_event\n";
	struct trace_event_file target = { .event_call = call };
	struct trace_event_file file = { .event_call = call };
	struct trace_event_file *tgt = NULL, *tgts[2];
	struct trace_array tr = {};
	struct seq_file m = { .buf = got, .size = sizeof(got) };
	struct event_trigger *dup;
	enum event_trigger_type tt;
	bool cond = t->filter || t->type == T_STACKTRACE;
	bool sw = t->type == T_ENABLE || t->type == T_DISABLE, rm;
	char *s, *e;
	int r;

	file.tr = &tr;
	INIT_LIST_HEAD(&file.triggers);
	INIT_LIST_HEAD(&target.triggers);
	/* the switch has something to switch: enable a disabled event */
	if (t->type == T_ENABLE)
		target.flags = EVENT_FILE_FL_SOFT_DISABLED;
	got[0] = '\0';
	event_triggers_show(&m, &file);
	if (strcmp(got, none))
		fail("an event without triggers does not list the commands");
	if (event_trigger_attach(&file, trig, sw ? &target : NULL))
		fail("cannot attach a trigger to an event without any");
	if (!(file.flags & (1UL << EVENT_FILE_FL_TRIGGER_MODE_BIT)) ||
	    !(file.flags & (1UL << EVENT_FILE_FL_TRIGGER_COND_BIT)) != !cond)
		fail("the file's trigger flags are wrong");
	m.count = 0;
	got[0] = '\0';
	event_triggers_show(&m, &file);
	tref_show(t, want, sizeof(want));
	if (strcmp(got, want)) {
		fprintf(stderr, "fuzz_trigger: shows \"%.1000s\", reference \"%.1000s\"\n",
			got, want);
		fail("the trigger shows otherwise than written");
	}

	/* the same command again is one of a kind already there */
	strcpy(again, cmd);
	dup = event_trigger_parse(&file, again, &rm, &s, &e);
	if (IS_ERR_OR_NULL(dup))
		fail("the same command parses differently the second time");
	if (event_trigger_attach(&file, dup, sw ? &target : NULL) != -EEXIST)
		fail("a second trigger of a kind attached");
	event_trigger_free(dup);
	/* so is the other of its kind: traceon/traceoff, a switch's target */
	if (t->type == T_TRACEON || t->type == T_TRACEOFF || sw) {
		if (sw)
			snprintf(again, sizeof(again), "%s:%s:%s",
				 names[t->type == T_ENABLE ? T_DISABLE : T_ENABLE],
				 t->sys, t->event);
		else
			snprintf(again, sizeof(again), "%s", names[t->type ^ 1]);
		dup = event_trigger_parse(&file, again, &rm, &s, &e);
		if (IS_ERR_OR_NULL(dup))
			fail("the other trigger of the kind does not parse");
		if (event_trigger_attach(&file, dup, sw ? &target : NULL) != -EEXIST)
			fail("both triggers of a kind attached");
		event_trigger_free(dup);
	}
	/* a switch of another event is another kind */
	if (sw) {
		struct trace_event_file other = { .event_call = call };

		snprintf(again, sizeof(again), "%s:%s:%s_", names[t->type],
			 t->sys, t->event);
		dup = event_trigger_parse(&file, again, &rm, &s, &e);
		if (IS_ERR_OR_NULL(dup) ||
		    event_trigger_attach(&file, dup, &other))
			fail("a switch of another event does not attach");
		if (event_trigger_detach(&file, dup, &tgt) != 1 || tgt != &other)
			fail("a switch of another event does not come off");
	}

	tt = event_triggers_call(&file, NULL, NULL, NULL);
	if (!!(tt & ETT_STACKTRACE) != (t->type == T_STACKTRACE && !t->filter))
		fail("wrong stack trace request before the record");
	event_triggers_post_call(&file, tt);
	if (sw && !t->filter &&
	    !!(target.flags & EVENT_FILE_FL_SOFT_DISABLED) !=
	    (t->count ? t->type == T_DISABLE : t->type == T_ENABLE))
		fail("the switch did not switch its event (or did past its count)");
	for (r = 0; r < REF_NREC; r++) {
		bool pass = !t->filter || t->fres.too_deep || (t->fres.match >> r & 1);

		fe_context(&recs[r]);
		tt = event_triggers_call(&file, NULL, rec[r], NULL);
		if (!!(tt & ETT_STACKTRACE) != (t->type == T_STACKTRACE && pass) &&
		    !(t->fres.too_deep && t->filter))
			fail("wrong stack trace request after the record");
		event_triggers_post_call(&file, tt);
	}
	if (clear) {
		if (event_triggers_clear(&file, tgts, 2) != 1 ||
		    tgts[0] != (sw ? &target : NULL))
			fail("clearing took off other than the trigger");
	} else if (event_trigger_detach(&file, trig, &tgt) != 1 ||
		   tgt != (sw ? &target : NULL)) {
		fail("cannot take off the trigger just attached");
	}
	if (file.flags || !list_empty(&file.triggers))
		fail("the file's trigger flags stay set");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char sentinel[] = "unset";
	struct trace_event_call *call = fe_call();
	struct trace_event_file file = { .event_call = call };
	struct trace_array tr = {};
	char *tsys = (char *)sentinel, *tevent = (char *)sentinel;
	struct event_trigger *trig;
	unsigned int fail_at = 0;
	bool remove = false, failed;
	char *buf, *copy, *cmd;
	void *rec[REF_NREC];
	struct tref t;
	size_t n, len;
	long err;
	int r;

	if (size < HDR)
		return -1;
	n = strnlen((const char *)data + HDR, size - HDR);
	if (n > TEXT_MAX)
		n = TEXT_MAX;
	buf = malloc(n + 1);
	copy = malloc(n + 1);
	if (!buf || !copy)
		abort();
	memcpy(buf, data + HDR, n);
	buf[n] = '\0';
	/* the trigger file's write: trimmed, nothing to do if empty */
	cmd = strim(buf);
	strcpy(copy, cmd);
	input = copy;
	if (!*cmd)
		goto out;
	if (data[0] >= 0xe0)
		fail_at = data[0] - 0xdf;
	for (r = 0; r < REF_NREC; r++) {
		fe_gen(&recs[r], r, data[1] + 256 * r, cmd);
		rec[r] = fe_record(&recs[r], &len);
	}
	tref_parse(cmd, &t);

	file.tr = &tr;
	INIT_LIST_HEAD(&file.triggers);
	shim_alloc_reset(fail_at);
	trig = event_trigger_parse(&file, cmd, &remove, &tsys, &tevent);
	failed = shim_failed;
	shim_alloc_reset(0);
	shim_log_reset();

	if (!trig)
		fail("returned NULL");
	if (remove != (copy[0] == '!'))
		fail("*remove is not a leading '!'");
	err = IS_ERR(trig) ? PTR_ERR(trig) : 0;
	if (err && err != -EINVAL && err != -EPERM && err != -ENOENT &&
	    err != -ESRCH && err != -ENOMEM)
		fail("an error that is no errno of a trigger or filter");
	if (err == -ENOMEM && !failed)
		fail("-ENOMEM without an allocation failing");
	if (!err && failed)
		fail("a trigger although an allocation failed");
	/* an allocation failing is -ENOMEM, or the filter's error anyway */
	if (err != -ENOMEM && err != t.err && !(t.fres.too_deep && t.filter)) {
		fprintf(stderr, "fuzz_trigger: kernel %ld, reference %d\n", err, t.err);
		fail(err ? "rejects what the reference takes" :
		     t.err ? "takes what the reference rejects" :
		     "another errno than the reference's");
	}
	if (!err && (t.type == T_ENABLE || t.type == T_DISABLE)) {
		if (tsys == sentinel || tevent == sentinel || !*tsys || !*tevent ||
		    strcmp(tsys, t.sys) || strcmp(tevent, t.event))
			fail("target_sys/target_event are not SYS and EVENT");
		if (inside(tsys, buf, n) || inside(tevent, buf, n))
			fail("target_sys/target_event point into the command");
	} else if (!err && (tsys || tevent)) {
		/* a trigger handed back says it switches no event */
		fail("target_sys/target_event not NULL for another trigger");
	} else if (err && (tsys != sentinel || tevent != sentinel)) {
		/* nothing handed back: they would point into freed memory */
		fail("target_sys/target_event set for an error");
	}
	if (!err && !remove)
		exercise(trig, &t, call, rec, copy, data[1] & 1);
	else
		event_trigger_free(trig);
	for (r = 0; r < REF_NREC; r++)
		free(rec[r]);
out:
	free(buf);
	free(copy);
	return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fe_call();
	return 0;
}
