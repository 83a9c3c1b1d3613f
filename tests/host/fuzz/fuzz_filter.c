// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the event filter language of
 * linux/kernel/trace/trace_events_filter.c, built for the host as it is
 * (test.sh copies it, with the real trace_events_internal.h, next to
 * filter_shim/trace.h): event_filter_parse(), filter_match_preds(),
 * event_filter_text(), event_filter_active(), event_filter_log_error(),
 * event_filter_free(), on the fake event of fuzz_event.c (numbers of 1, 2,
 * 4, 8 bytes signed and not, of 3, 5 and 16 bytes, one of 3 bytes ending
 * the record, char[16], __data_loc and __rel_loc strings, a char *, a
 * cpumask, a field of another filter type, fields from a define_fields()
 * callback, the pseudo fields comm, COMM, cpu, CPU; FIELD.function,
 * FIELD.ustring, CPUS{}).
 *
 * Input: byte 0 selects an allocation to fail (0xe0..0xff: the 1st to the
 * 32nd; else none), bytes 1-4 seed the values of four records, the rest
 * is the filter (up to a NUL, at most PAGE_SIZE bytes, as the filter
 * file's write takes it).
 *
 * Checks, besides no crash and no ASan, UBSan or leak report (every
 * filter, good or bad, freed with event_filter_free(), or with
 * event_filter_free_rcu() when byte 2 is odd):
 *  - the result equals that of filter_ref.c, a recursive-descent
 *    reference written from the grammar: accepted or rejected alike, the
 *    same errno, and the filter file's text the same (for an error the
 *    message and the caret's column); an error is logged with the same
 *    message, text and position.  (The reference recurses: it gives no
 *    verdict past REF_MAX_DEPTH, deeper than a page-long filter nests.)
 *  - a filter that compiled is active, logs no error and gives each of
 *    the four records the reference's verdict; a bad one is inactive and
 *    passes all;
 *  - the text parsed is not written to;
 *  - with an allocation made to fail: -ENOMEM and no filter, or the
 *    reference's error (its filter possibly missing); never success.
 * Evaluation must end: its jumps only go forward (-timeout catches a loop).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_events_internal.h"
#include "filter_ref.h"

#define HDR		5
#define TEXT_MAX	4096	/* PAGE_SIZE */
#define OUT_MAX		(2 * TEXT_MAX + 256)

static struct ref_rec recs[REF_NREC];
static char want[OUT_MAX], got[OUT_MAX];

static const char *input;

static void __attribute__((noreturn)) fail(const char *what)
{
	fe_fail("fuzz_filter", what, input);
}

static bool known_errno(int ret)
{
	return ret == 0 || ret == -EINVAL || ret == -EPERM || ret == -ENOENT ||
	       ret == -ESRCH || ret == -ENOMEM;
}

/* a bad filter: its text, its log entry; it filters nothing */
static void check_error(struct event_filter *f, const struct ref_result *ref,
			void *const *rec)
{
	struct trace_array tr = {};
	char msg[300];
	int r;

	if (event_filter_active(f))
		fail("a bad filter is active");
	for (r = 0; r < REF_NREC; r++)
		if (filter_match_preds(f, rec[r]) != 1)
			fail("a bad filter filters records out");
	ref_filter_text(ref, want, sizeof(want));
	if (event_filter_text(f, got, sizeof(got)) != (int)strlen(want) ||
	    strcmp(got, want)) {
		fprintf(stderr, "fuzz_filter: kernel's text:\n%.2000s\n"
			"fuzz_filter: reference's:\n%.2000s\n", got, want);
		fail("the error differs from the reference's");
	}
	shim_log_reset();
	event_filter_log_error(&tr, f);
	/* mainline's "Error" at 0 for the errors it gives no message */
	snprintf(msg, sizeof(msg), "event filter parse error: %s",
		 ref->msg ? ref->msg : "Error");
	if (shim_log_count != 1 || strcmp(shim_log_msg, msg) ||
	    strcmp(shim_log_cmd, ref->text) ||
	    shim_log_pos != (unsigned int)(ref->msg ? ref->pos : 0))
		fail("the error logged differs from the reference's");
	shim_log_reset();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct trace_event_call *call = fe_call();
	unsigned int fail_at = 0, failed;
	struct event_filter *f = (void *)1;
	struct ref_result ref;
	void *rec[REF_NREC];
	size_t n, len;
	char *text, *copy;
	int ret, r;

	if (size < HDR)
		return -1;
	n = strnlen((const char *)data + HDR, size - HDR);
	if (n > TEXT_MAX)
		n = TEXT_MAX;
	text = malloc(n + 1);
	copy = malloc(n + 1);
	if (!text || !copy)
		abort();
	memcpy(text, data + HDR, n);
	text[n] = '\0';
	memcpy(copy, text, n + 1);
	input = copy;
	if (data[0] >= 0xe0)
		fail_at = data[0] - 0xdf;

	for (r = 0; r < REF_NREC; r++) {
		fe_gen(&recs[r], r, data[1 + r], text);
		rec[r] = fe_record(&recs[r], &len);
	}
	ref_filter(text, recs, REF_NREC, &ref);

	shim_alloc_reset(fail_at);
	ret = event_filter_parse(call, text, &f);
	failed = shim_failed;
	shim_alloc_reset(0);

	if (memcmp(text, copy, n + 1))
		fail("event_filter_parse() wrote to the text");
	if (!known_errno(ret))
		fail("returned an errno mainline's parser does not");
	if (f == (void *)1)
		fail("*fp not set");
	if (ret == -ENOMEM) {
		if (!failed)
			fail("-ENOMEM without an allocation failing");
		if (f)
			fail("a filter with -ENOMEM");
	} else if (failed && !ret) {
		fail("compiled although an allocation failed");
	} else if (!ref.too_deep && ret != ref.err) {
		fprintf(stderr, "fuzz_filter: kernel %d, reference %d (%s at %d)\n",
			ret, ref.err, ref.err ? ref.msg : "ok", ref.pos);
		fail(ret ? "rejects what the reference accepts" :
			   ref.err ? "accepts what the reference rejects" :
			   "another errno than the reference's");
	} else if (ret && !f && !failed) {
		fail("no filter to show the error");
	} else if (ret && f && !ref.too_deep) {
		check_error(f, &ref, rec);
	} else if (!ret) {
		if (!event_filter_active(f))
			fail("a filter that compiled is not active");
		shim_log_reset();
		event_filter_log_error(NULL, f);
		if (shim_log_count)
			fail("a filter that compiled was logged as an error");
		if (!ref.too_deep) {
			ref_filter_text(&ref, want, sizeof(want));
			event_filter_text(f, got, sizeof(got));
			if (strcmp(got, want))
				fail("the filter's text is not the trimmed input");
		}
		for (r = 0; r < REF_NREC; r++) {
			bool pass;

			fe_context(&recs[r]);
			pass = filter_match_preds(f, rec[r]);
			if (!ref.too_deep && pass != (bool)(ref.match >> r & 1)) {
				fprintf(stderr, "fuzz_filter: record %d: kernel %s, reference %s\n",
					r, pass ? "passes" : "fails",
					pass ? "fails" : "passes");
				fail("a verdict differs from the reference's");
			}
		}
	}
	/* as a replaced filter is, after a grace period, now and then */
	if (f && (data[2] & 1))
		event_filter_free_rcu(f);
	else
		event_filter_free(f);
	for (r = 0; r < REF_NREC; r++)
		free(rec[r]);
	free(text);
	free(copy);
	return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fe_call();
	if (event_filter_text(NULL, got, sizeof(got)) != 5 || strcmp(got, "none\n"))
		fe_fail("fuzz_filter", "no filter does not show \"none\"", "");
	if (filter_match_preds(NULL, got) != 1)
		fe_fail("fuzz_filter", "no filter filters records out", "");
	return 0;
}
