/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fuzz targets' fake event and an independent reference for the
 * event filter language of linux/kernel/trace/trace_events_filter.c
 * (filter_ref.c); the fake event's records as the kernel lays them out
 * (fuzz_event.c).
 */
#ifndef FUZZ_FILTER_REF_H
#define FUZZ_FILTER_REF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* how the filter compares a field */
enum ref_kind {
	RK_NUM,		/* a number of its size; other than 1, 2, 4, 8: a no-op */
	RK_STK,		/* a number of another filter type (FILTER_STACKTRACE) */
	RK_STATIC,	/* char[N] */
	RK_DYN,		/* __data_loc char[] */
	RK_REL,		/* __rel_loc char[] */
	RK_PTR,		/* char * */
	RK_CPUMASK,	/* __data_loc cpumask_t: a bitmap, or its word as a number */
	RK_COMM,	/* pseudo field: the current task's comm */
	RK_CPU,		/* pseudo field: the CPU (compared unsigned) */
};

struct ref_field {
	const char	*name;
	const char	*type;		/* C type, as the format file shows it */
	int		size;
	int		align;
	bool		is_signed;
	enum ref_kind	kind;
	int		filter_type;	/* given by the event; 0: from the type */
	int		where;		/* RF_COMMON, RF_ARRAY, RF_CALLBACK, RF_PSEUDO */
	int		offset;		/* set by fe_layout() for the event's own */
};

enum { RF_COMMON, RF_ARRAY, RF_CALLBACK, RF_PSEUDO };

/* common fields first, then the event's, then the pseudo fields */
extern struct ref_field ref_fields[];
extern const int ref_nfields;

#define REF_NREC	4
#define REF_NR_CPU_IDS	70	/* filter_shim's nr_cpu_ids */
#define REF_STR_MAX	320
/*
 * The nesting the reference follows (it recurses, about 1 KB of the
 * host's stack a level under ASan): more than a page-long filter can
 * nest (2046), so every filter a write can pass is compared.
 */
#define REF_MAX_DEPTH	2048

/* a record as values: what the filter sees of each field */
struct ref_rec {
	uint64_t	num[32];		/* numbers, sign- or zero-extended */
	char		str[32][REF_STR_MAX];	/* strings, str[i][0..len[i]) */
	int		len[32];		/* what the kernel may read */
	int		vis[32];		/* what the filter compares */
	int		mode[32];		/* how the string is stored */
	int		dpos[32];		/* where its bytes are in the record */
	unsigned int	cpu;
	char		comm[16];
};

struct ref_result {
	int		err;		/* 0 or -errno */
	const char	*msg;		/* the error's message, NULL: none */
	int		pos;		/* its position in the trimmed text */
	const char	*text;		/* the trimmed text (in a static buffer) */
	bool		too_deep;	/* nested past REF_MAX_DEPTH: no verdict */
	unsigned int	match;		/* bit r: record r passes */
};

/* parse and evaluate @str (a C string) on @nrec records */
void ref_filter(const char *str, const struct ref_rec *recs, int nrec,
		struct ref_result *res);
/* what the filter file shows after @res: into @buf */
void ref_filter_text(const struct ref_result *res, char *buf, size_t size);
/* the kernel's blanks (0xa0 too) */
bool ref_isspace(unsigned char c);
/* kstrtoll()/kstrtoull() (@sign: the former); false if not a number */
bool ref_number(const char *t, bool sign, uint64_t *v);
/*
 * lib/bitmap-str.c's bitmap_parselist() as filter_shim/shim.c has it: the
 * reference takes the kernel's cpulist syntax as given, as it does the
 * kallsyms of the shim.
 */
int shim_parselist(const char *buf, unsigned long *bits, unsigned int nbits);

/* ---- fuzz_event.c ------------------------------------------------------- */

struct trace_event_call;

/* the fake event, fields laid out and checked (aborts if they differ) */
struct trace_event_call *fe_call(void);
/* values for record @r from @seed, often numbers and strings of @text */
void fe_gen(struct ref_rec *rec, int r, unsigned int seed, const char *text);
/* the record's bytes (malloc'ed, exactly as long as the record) */
void *fe_record(const struct ref_rec *rec, size_t *len);
/* the task's comm and the CPU of @rec */
void fe_context(const struct ref_rec *rec);
/* abort with @what and the input */
void __attribute__((noreturn)) fe_fail(const char *tag, const char *what,
				       const char *input);

#endif /* FUZZ_FILTER_REF_H */
