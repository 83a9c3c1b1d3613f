// SPDX-License-Identifier: GPL-2.0
/*
 * rawdecode DIR: decode the guest's per_cpu/cpu0/trace_pipe_raw pages in
 * DIR/cpu0.raw with libtraceevent, from the guest's own header_page and
 * format files, and check every event against what the guest wrote
 * (tools/trace_dat_export.tc): print events "seq=0\n" .. "seq=299\n",
 * then raw_data ids 1 ("a") and 2 ("bb"), function events of vfs_read
 * (any number, kernel addresses), nothing else, nothing lost, times in
 * order. Prints "ok - ..." / "not ok - ..." lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <traceevent/event-parse.h>
#include <traceevent/kbuffer.h>

static int failed;

static void result(int ok, const char *what)
{
	printf("%s - %s\n", ok ? "ok" : "not ok", what);
	failed |= !ok;
}

static char *slurp(const char *dir, const char *name, size_t *len)
{
	char path[4096];
	char *buf = NULL;
	size_t cap = 0, n = 0, r;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return NULL;
	}
	do {
		if (n == cap) {
			cap = cap ? cap * 2 : 65536;
			buf = realloc(buf, cap + 1);
		}
		r = fread(buf + n, 1, cap - n, f);
		n += r;
	} while (r);
	fclose(f);
	buf[n] = 0;
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	const char *formats[] = { "print.format", "raw_data.format", "function.format" };
	struct tep_handle *tep = tep_alloc();
	unsigned long long ts, last_ts = 0, ip;
	unsigned int seq = 0, raws = 0, fns = 0, other = 0, bad = 0, back = 0;
	unsigned int missed = 0, pages = 0;
	char *hp, *raw, *f, want[32];
	size_t hp_len, raw_len, len, off;
	struct tep_format_field *field;
	struct kbuffer *kbuf;
	struct tep_event *ev;
	struct tep_record rec;
	int subbuf, i, n;
	void *data;

	if (argc != 2) {
		fprintf(stderr, "usage: rawdecode DIR\n");
		return 2;
	}
	hp = slurp(argv[1], "header_page", &hp_len);
	raw = slurp(argv[1], "cpu0.raw", &raw_len);
	if (!tep || !hp || !raw)
		return 2;
	tep_set_long_size(tep, 8);
	result(!tep_parse_header_page(tep, hp, hp_len, 8), "libtraceevent parses header_page");
	for (i = 0; i < 3; i++) {
		f = slurp(argv[1], formats[i], &len);
		result(f && tep_parse_event(tep, f, len, "ftrace") == 0, formats[i]);
		free(f);
	}
	/* the sub-buffer size header_page gives: data offset + data size */
	subbuf = 4096;
	kbuf = kbuffer_alloc(KBUFFER_LSIZE_8, KBUFFER_ENDIAN_SAME_AS_HOST);
	for (off = 0; off + subbuf <= raw_len; off += subbuf) {
		pages++;
		if (kbuffer_load_subbuffer(kbuf, raw + off) < 0) {
			bad++;
			continue;
		}
		missed += kbuffer_missed_events(kbuf) != 0;
		for (data = kbuffer_read_event(kbuf, &ts); data;
		     data = kbuffer_next_event(kbuf, &ts)) {
			memset(&rec, 0, sizeof(rec));
			rec.ts = ts;
			rec.data = data;
			rec.size = kbuffer_event_size(kbuf);
			back += ts < last_ts;
			last_ts = ts;
			ev = tep_find_event(tep, tep_data_type(tep, &rec));
			if (!ev) {
				other++;
				continue;
			}
			if (!strcmp(ev->name, "print")) {
				field = tep_find_field(ev, "buf");
				snprintf(want, sizeof(want), "seq=%u\n", seq);
				if (raws || fns || !field ||
				    strcmp((char *)data + field->offset, want))
					bad++;
				seq++;
			} else if (!strcmp(ev->name, "raw_data")) {
				unsigned long long id;

				field = tep_find_field(ev, "id");
				raws++;
				/* the bytes, then zeros to the record's end (mainline pads more) */
				n = rec.size - 12;
				if (!field || tep_read_number_field(field, data, &id) ||
				    id != raws || seq != 300 || fns || n < (int)raws ||
				    memcmp((char *)data + 12, raws == 1 ? "a" : "bb", raws))
					bad++;
				for (i = raws; i < n; i++)
					bad += ((char *)data)[12 + i] != 0;
			} else if (!strcmp(ev->name, "function")) {
				field = tep_find_field(ev, "ip");
				fns++;
				if (!field || tep_read_number_field(field, data, &ip) ||
				    ip < 0xffffffff80000000ULL || raws != 2)
					bad++;
			} else {
				other++;
			}
		}
	}
	printf("# %u pages: %u markers, %u raw markers, %u function events, %u other, "
	       "%u bad, %u pages with lost events, %u times back\n",
	       pages, seq, raws, fns, other, bad, missed, back);
	result(pages > 0 && raw_len % subbuf == 0, "whole sub-buffers");
	result(seq == 300 && raws == 2 && fns > 0 && !other && !bad,
	       "every event decoded by libtraceevent is the one the guest wrote, in order");
	result(!missed && !back, "nothing lost, times in order");
	kbuffer_free(kbuf);
	tep_free(tep);
	return failed;
}
