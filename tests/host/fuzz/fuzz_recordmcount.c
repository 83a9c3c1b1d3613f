// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for linux/scripts/recordmcount.c.
 *
 * recordmcount.c is included whole, with main() renamed and its stderr
 * redirected to a memory stream, so that do_file() runs in process on
 * each input written to a file of its own.  recordmcount never calls
 * exit(): every error is one message and a non-zero return (were it to
 * exit, libFuzzer would report "fuzz target exited", a failure).
 *
 * For every input:
 *  - no sanitizer report, no leak (ASan/UBSan/LSan, checked by libFuzzer);
 *  - no temporary file is left next to the object, its mode is kept;
 *  - on error: exactly one error line (after any warnings: -w is used
 *    if bit 3 of the size is set), all lines "recordmcount: FILE: ...",
 *    and the file is byte-identical;
 *  - on success: only warnings, and the file is either untouched or an
 *    object that check_output() accepts (an independent ELF parser, which
 *    trusts nothing recordmcount computed), and a second run leaves it
 *    untouched, silently.
 * A failed check prints what broke and aborts, so libFuzzer keeps the
 * input as a crash.
 */
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static FILE *rm_stderr;

#undef stderr
#define stderr rm_stderr
#define main recordmcount_main
#include "recordmcount.c"
#undef main
#undef stderr

static char dir[PATH_MAX], path[PATH_MAX + 16];

static void __attribute__((noreturn, format(printf, 1, 2)))
die(const char *fmt, ...)
{
	va_list ap;

	fputs("fuzz_recordmcount: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* ---- an ELF reader for the checks, independent of recordmcount ---- */

struct elf {
	const uint8_t *b;
	size_t n;
	Elf64_Ehdr eh;
	unsigned int shnum;
	unsigned int symsec;
	Elf64_Shdr sh[SHN_LORESERVE];
};

static struct elf in_elf, out_elf;

static bool range_ok(const struct elf *e, uint64_t off, uint64_t len)
{
	return off <= e->n && len <= e->n - off;
}

/* Headers only; false if anything the checks read is out of the file. */
static bool elf_read(struct elf *e, const uint8_t *b, size_t n)
{
	unsigned int i;

	e->b = b;
	e->n = n;
	e->symsec = 0;
	if (n < sizeof(e->eh))
		return false;
	memcpy(&e->eh, b, sizeof(e->eh));
	e->shnum = e->eh.e_shnum;
	if (memcmp(e->eh.e_ident, ELFMAG, SELFMAG) ||
	    e->eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    e->eh.e_ident[EI_DATA] != ELFDATA2LSB ||
	    e->eh.e_type != ET_REL || e->eh.e_machine != EM_X86_64 ||
	    e->eh.e_shentsize != sizeof(Elf64_Shdr) || !e->shnum ||
	    e->shnum >= SHN_LORESERVE || e->eh.e_shstrndx >= e->shnum ||
	    !range_ok(e, e->eh.e_shoff, e->shnum * sizeof(Elf64_Shdr)))
		return false;
	memcpy(e->sh, b + e->eh.e_shoff, e->shnum * sizeof(Elf64_Shdr));
	for (i = 1; i < e->shnum; i++) {
		if (e->sh[i].sh_type != SHT_NOBITS &&
		    e->sh[i].sh_type != SHT_NULL &&
		    !range_ok(e, e->sh[i].sh_offset, e->sh[i].sh_size))
			return false;
		if (e->sh[i].sh_type == SHT_SYMTAB) {
			if (e->symsec)
				return false;
			e->symsec = i;
		}
	}
	return true;
}

/* NUL-terminated string at @off of string table @sec, or NULL */
static const char *elf_str(const struct elf *e, unsigned int sec,
			   uint64_t off)
{
	const Elf64_Shdr *s;

	if (!sec || sec >= e->shnum)
		return NULL;
	s = &e->sh[sec];
	if (s->sh_type != SHT_STRTAB || off >= s->sh_size ||
	    e->b[s->sh_offset + s->sh_size - 1])
		return NULL;
	return (const char *)e->b + s->sh_offset + off;
}

static const char *sec_name(const struct elf *e, unsigned int i)
{
	return elf_str(e, e->eh.e_shstrndx, e->sh[i].sh_name);
}

static size_t nsyms(const struct elf *e)
{
	return e->symsec ? e->sh[e->symsec].sh_size / sizeof(Elf64_Sym) : 0;
}

static Elf64_Sym sym_at(const struct elf *e, size_t i)
{
	Elf64_Sym s;

	memcpy(&s, e->b + e->sh[e->symsec].sh_offset + i * sizeof(s),
	       sizeof(s));
	return s;
}

static Elf64_Rela rela_at(const struct elf *e, unsigned int sec, size_t i)
{
	Elf64_Rela r;

	memcpy(&r, e->b + e->sh[sec].sh_offset + i * sizeof(r), sizeof(r));
	return r;
}

static bool overlap(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
	return alen && blen && a < b + blen && b < a + alen;
}

static bool has_data(const Elf64_Shdr *s)
{
	return s->sh_type != SHT_NOBITS && s->sh_type != SHT_NULL &&
	       s->sh_size;
}

/* The kernel's rule (kernel/trace + scripts/Makefile), written anew. */
static bool recorded_name(const char *n)
{
	static const char * const sec[] = {
		".text", ".init.text", ".ref.text", ".sched.text",
		".spinlock.text", ".irqentry.text", ".softirqentry.text",
		".kprobes.text", ".cpuidle.text",
	};
	size_t i;

	if (!strncmp(n, ".text.", 6))
		return strcmp(n, ".text.exit") && strncmp(n, ".text.exit.", 11);
	for (i = 0; i < sizeof(sec) / sizeof(sec[0]); i++)
		if (!strcmp(n, sec[i]))
			return true;
	return false;
}

struct loc {
	uint64_t sec, off;
};

static int cmp_loc(const void *a, const void *b)
{
	const struct loc *x = a, *y = b;

	if (x->sec != y->sec)
		return x->sec < y->sec ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/*
 * The sites recordmcount should record in the accepted input @e: every
 * __fentry__ relocation but an absolute one (an address taken) in a
 * recorded executable section, minus one (the e8 opcode).  Sorted, without duplicates.  Returns the count.
 */
static size_t expected_sites(const struct elf *e, struct loc **out)
{
	struct loc *v = NULL;
	size_t n = 0, cap = 0, j, k;
	unsigned int i;

	for (i = 1; i < e->shnum; i++) {
		const Elf64_Shdr *rs = &e->sh[i];
		const char *tn;

		if (rs->sh_type != SHT_RELA || !rs->sh_info ||
		    rs->sh_info >= e->shnum ||
		    !(e->sh[rs->sh_info].sh_flags & SHF_EXECINSTR))
			continue;
		tn = sec_name(e, rs->sh_info);
		if (!tn || !recorded_name(tn))
			continue;
		for (j = 0; j < rs->sh_size / sizeof(Elf64_Rela); j++) {
			Elf64_Rela r = rela_at(e, i, j);
			uint64_t si = ELF64_R_SYM(r.r_info);
			const char *sn;

			if (si >= nsyms(e))
				die("accepted a relocation against symbol %llu of %zu",
				    (unsigned long long)si, nsyms(e));
			sn = elf_str(e, e->sh[e->symsec].sh_link,
				     sym_at(e, si).st_name);
			if (!sn || strcmp(sn, "__fentry__"))
				continue;
			/* taking __fentry__'s address is no call site */
			if (ELF64_R_TYPE(r.r_info) == R_X86_64_32 ||
			    ELF64_R_TYPE(r.r_info) == R_X86_64_32S ||
			    ELF64_R_TYPE(r.r_info) == R_X86_64_64)
				continue;
			if (n == cap) {
				cap = cap ? 2 * cap : 64;
				v = realloc(v, cap * sizeof(*v));
				if (!v)
					die("out of memory");
			}
			v[n].sec = rs->sh_info;
			v[n].off = r.r_offset - 1;
			n++;
		}
	}
	if (n)
		qsort(v, n, sizeof(*v), cmp_loc);
	for (j = k = 0; j < n; j++)
		if (!k || cmp_loc(&v[k - 1], &v[j]))
			v[k++] = v[j];
	*out = v;
	return k;
}

/* Section @s of @o overlaps neither the headers nor another section. */
static void not_overlapping(const struct elf *o, unsigned int s)
{
	const Elf64_Shdr *a = &o->sh[s];
	unsigned int t;

	if (overlap(a->sh_offset, a->sh_size, 0, sizeof(Elf64_Ehdr)) ||
	    overlap(a->sh_offset, a->sh_size, o->eh.e_shoff,
		    o->shnum * sizeof(Elf64_Shdr)))
		die("section %u overlaps the headers", s);
	for (t = 1; t < o->shnum; t++)
		if (t != s && has_data(&o->sh[t]) &&
		    overlap(a->sh_offset, a->sh_size, o->sh[t].sh_offset,
			    o->sh[t].sh_size))
			die("section %u overlaps section %u", s, t);
}

/* @o is what recordmcount made of the accepted input @i. */
static void check_output(const struct elf *i, const struct elf *o)
{
	unsigned int n0 = i->shnum, mc = n0, rl = n0 + 1, s, t;
	const Elf64_Shdr *ms = &o->sh[mc], *rs = &o->sh[rl], *ss, *os;
	size_t nsite, nexp, j, nsym, osym, fg, k;
	uint8_t eh_in[64], eh_out[64];
	struct loc *exp, prev = { 0, 0 };
	bool reloc_overlap = false;
	const char *shstr;

	/* header: only e_shoff and e_shnum may change */
	if (o->shnum != n0 + 2)
		die("output has %u sections, input %u", o->shnum, n0);
	memcpy(eh_in, i->b, 64);
	memcpy(eh_out, o->b, 64);
	memset(eh_in + 40, 0, 8);
	memset(eh_out + 40, 0, 8);
	memset(eh_in + 60, 0, 2);
	memset(eh_out + 60, 0, 2);
	if (memcmp(eh_in, eh_out, 64))
		die("ELF header changed beyond e_shoff/e_shnum");
	if (o->eh.e_shoff % 8)
		die("e_shoff %#llx not aligned",
		    (unsigned long long)o->eh.e_shoff);
	if (o->symsec != i->symsec || !i->symsec)
		die("symbol table moved from section %u to %u",
		    i->symsec, o->symsec);

	/* section names */
	shstr = elf_str(o, o->eh.e_shstrndx, 0);
	if (!shstr)
		die("bad section name table");
	for (s = 0; s < o->shnum; s++)
		if (!sec_name(o, s))
			die("section %u: bad name", s);
	if (o->sh[o->eh.e_shstrndx].sh_size !=
	    i->sh[i->eh.e_shstrndx].sh_size + sizeof(".rela__mcount_loc") ||
	    memcmp(shstr, elf_str(i, i->eh.e_shstrndx, 0),
		   i->sh[i->eh.e_shstrndx].sh_size))
		die("section names not kept");
	if (strcmp(sec_name(o, mc), "__mcount_loc") ||
	    strcmp(sec_name(o, rl), ".rela__mcount_loc"))
		die("new sections are named %s and %s", sec_name(o, mc),
		    sec_name(o, rl));
	for (s = 1; s < n0; s++)
		if (!strcmp(sec_name(o, s), "__mcount_loc"))
			die("a second __mcount_loc, section %u", s);

	/* the new sections */
	nsite = ms->sh_size / 8;
	if (ms->sh_type != SHT_PROGBITS || ms->sh_flags != SHF_ALLOC ||
	    ms->sh_addralign != 8 || ms->sh_entsize != 8 ||
	    ms->sh_size % 8 || !nsite || ms->sh_offset % 8 ||
	    ms->sh_link || ms->sh_info)
		die("bad __mcount_loc header");
	for (j = 0; j < ms->sh_size; j++)
		if (o->b[ms->sh_offset + j])
			die("__mcount_loc byte %zu is not zero", j);
	if (rs->sh_type != SHT_RELA || rs->sh_flags != SHF_INFO_LINK ||
	    rs->sh_link != o->symsec || rs->sh_info != mc ||
	    rs->sh_entsize != sizeof(Elf64_Rela) || rs->sh_addralign != 8 ||
	    rs->sh_offset % 8 || rs->sh_size != nsite * sizeof(Elf64_Rela))
		die("bad .rela__mcount_loc header");

	if (overlap(o->eh.e_shoff, o->shnum * sizeof(Elf64_Shdr), 0, 64))
		die("section header table overlaps the ELF header");

	/* symbol table: k section symbols inserted after the locals */
	ss = &o->sh[o->symsec];
	os = &i->sh[i->symsec];
	nsym = nsyms(o);
	osym = nsyms(i);
	fg = os->sh_info;
	if (ss->sh_entsize != sizeof(Elf64_Sym) || ss->sh_size % 24 ||
	    ss->sh_offset % 8 || nsym < osym || !fg || fg > osym ||
	    ss->sh_info != fg + (nsym - osym) || ss->sh_link != os->sh_link)
		die("bad symbol table header");
	k = nsym - osym;
	for (j = 0; j < nsym; j++) {
		Elf64_Sym a = sym_at(o, j), b;

		if (j >= fg && j < fg + k) {
			if (a.st_info != ELF64_ST_INFO(STB_LOCAL, STT_SECTION) ||
			    a.st_name || a.st_value || a.st_size || a.st_other ||
			    !a.st_shndx || a.st_shndx >= n0)
				die("added symbol %zu is not a section symbol", j);
			continue;
		}
		b = sym_at(i, j < fg ? j : j - k);
		if (memcmp(&a, &b, sizeof(a)))
			die("symbol %zu changed", j);
	}
	if (!k && (ss->sh_offset != os->sh_offset || ss->sh_size != os->sh_size))
		die("symbol table moved, but no symbol was added");

	/* what was added or moved overlaps nothing else */
	not_overlapping(o, mc);
	not_overlapping(o, rl);
	not_overlapping(o, o->eh.e_shstrndx);
	if (k)
		not_overlapping(o, o->symsec);

	/* relocations of __mcount_loc: local symbols, e8 call sites */
	nexp = expected_sites(i, &exp);
	if (nexp != nsite)
		die("%zu sites recorded, %zu expected", nsite, nexp);
	for (j = 0; j < nsite; j++) {
		Elf64_Rela r = rela_at(o, rl, j);
		uint64_t si = ELF64_R_SYM(r.r_info), at;
		const Elf64_Shdr *ts;
		Elf64_Sym y;

		if (r.r_offset != 8 * j ||
		    ELF64_R_TYPE(r.r_info) != R_X86_64_64)
			die("__mcount_loc relocation %zu: offset %#llx type %u",
			    j, (unsigned long long)r.r_offset,
			    (unsigned int)ELF64_R_TYPE(r.r_info));
		if (!si || si >= ss->sh_info)
			die("relocation %zu: symbol %llu is not a local", j,
			    (unsigned long long)si);
		y = sym_at(o, si);
		if (ELF64_ST_BIND(y.st_info) != STB_LOCAL ||
		    (ELF64_ST_TYPE(y.st_info) != STT_SECTION &&
		     ELF64_ST_TYPE(y.st_info) != STT_FUNC &&
		     ELF64_ST_TYPE(y.st_info) != STT_NOTYPE) ||
		    !y.st_shndx || y.st_shndx >= n0)
			die("relocation %zu: bad symbol %llu", j,
			    (unsigned long long)si);
		ts = &o->sh[y.st_shndx];
		at = y.st_value + (uint64_t)r.r_addend;
		if (ts->sh_type != SHT_PROGBITS ||
		    !(ts->sh_flags & SHF_EXECINSTR) ||
		    !recorded_name(sec_name(o, y.st_shndx)) ||
		    at >= ts->sh_size || ts->sh_size - at < 5 ||
		    o->b[ts->sh_offset + at] != 0xe8)
			die("relocation %zu: %s+%#llx is not a recorded call",
			    j, sec_name(o, y.st_shndx),
			    (unsigned long long)at);
		if (exp[j].sec != y.st_shndx || exp[j].off != at)
			die("relocation %zu: %s+%#llx, expected section %llu+%#llx",
			    j, sec_name(o, y.st_shndx),
			    (unsigned long long)at,
			    (unsigned long long)exp[j].sec,
			    (unsigned long long)exp[j].off);
		if (j && (prev.sec > y.st_shndx ||
			  (prev.sec == y.st_shndx && prev.off >= at)))
			die("relocation %zu out of order", j);
		prev.sec = y.st_shndx;
		prev.off = at;
	}
	free(exp);

	/*
	 * Old sections: headers kept (but for what renumbering changes),
	 * contents kept unless in place relocations were renumbered.
	 */
	for (s = 1; s < n0 && k; s++)
		for (t = 1; t < s; t++)
			if (i->sh[s].sh_type == SHT_RELA &&
			    i->sh[t].sh_type == SHT_RELA &&
			    overlap(i->sh[s].sh_offset, i->sh[s].sh_size,
				    i->sh[t].sh_offset, i->sh[t].sh_size))
				reloc_overlap = true;
	for (s = 0; s < n0; s++) {
		Elf64_Shdr a = o->sh[s], b = i->sh[s];
		bool touched = false;

		if (s == o->eh.e_shstrndx) {
			a.sh_offset = b.sh_offset;
			a.sh_size = b.sh_size;
		}
		if (s == o->symsec && k) {
			a.sh_offset = b.sh_offset;
			a.sh_size = b.sh_size;
			a.sh_info = b.sh_info;
		}
		if (k && b.sh_type == SHT_LLVM_ADDRSIG) {
			if (a.sh_link)
				die("section %u: .llvm_addrsig not marked stale", s);
			a.sh_link = b.sh_link;
		}
		if (k && b.sh_type == SHT_GROUP && b.sh_link == i->symsec) {
			if (a.sh_info != (Elf64_Word)(b.sh_info < fg ?
						      b.sh_info : b.sh_info + k))
				die("section %u: group signature not renumbered", s);
			a.sh_info = b.sh_info;
		}
		if (memcmp(&a, &b, sizeof(a)))
			die("section %u: header changed", s);
		if (!s || !has_data(&b) || s == o->eh.e_shstrndx ||
		    (s == o->symsec && k))
			continue;
		for (t = 1; t < n0 && k; t++)
			if (i->sh[t].sh_type == SHT_RELA &&
			    overlap(b.sh_offset, b.sh_size, i->sh[t].sh_offset,
				    i->sh[t].sh_size))
				touched = true;
		if (b.sh_type == SHT_RELA && k && !reloc_overlap) {
			for (j = 0; j < b.sh_size / sizeof(Elf64_Rela); j++) {
				Elf64_Rela x = rela_at(i, s, j);
				Elf64_Rela y = rela_at(o, s, j);
				uint64_t xs = ELF64_R_SYM(x.r_info);

				if (xs >= fg)
					xs += k;
				if (x.r_offset != y.r_offset ||
				    x.r_addend != y.r_addend ||
				    ELF64_R_SYM(y.r_info) != xs ||
				    ELF64_R_TYPE(y.r_info) !=
				    ELF64_R_TYPE(x.r_info))
					die("section %u: relocation %zu not renumbered",
					    s, j);
			}
		} else if (!touched &&
			   memcmp(i->b + b.sh_offset, o->b + a.sh_offset,
				  b.sh_size)) {
			die("section %u (%s): contents changed", s,
			    sec_name(o, s));
		}
	}
}

/* ---- the driver ------------------------------------------------------ */

static void cleanup(void)
{
	unlink(path);
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	const char *t = getenv("TMPDIR");

	snprintf(dir, sizeof(dir), "%s/rmfuzz.XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(dir))
		die("mkdtemp %s: %s", dir, strerror(errno));
	snprintf(path, sizeof(path), "%s/obj.o", dir);
	atexit(cleanup);
	return 0;
}

static void put_file(const uint8_t *data, size_t size)
{
	size_t done = 0;
	ssize_t w;
	int fd;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0640);
	if (fd < 0 || fchmod(fd, 0640))
		die("create %s: %s", path, strerror(errno));
	while (done < size) {
		w = write(fd, data + done, size - done);
		if (w <= 0)
			die("write %s: %s", path, strerror(errno));
		done += w;
	}
	close(fd);
}

static uint8_t *get_file(size_t *size)
{
	struct stat st;
	uint8_t *b;
	size_t done = 0;
	ssize_t r;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st))
		die("open %s: %s", path, strerror(errno));
	if ((st.st_mode & 07777) != 0640)
		die("file mode is now %o", (unsigned int)(st.st_mode & 07777));
	b = malloc(st.st_size + 1);
	if (!b)
		die("out of memory");
	while (done < (size_t)st.st_size) {
		r = read(fd, b + done, st.st_size - done);
		if (r <= 0)
			die("read %s", path);
		done += r;
	}
	close(fd);
	*size = done;
	return b;
}

static void check_dir(void)
{
	struct dirent *d;
	DIR *dp = opendir(dir);
	int n = 0;

	if (!dp)
		die("opendir %s", dir);
	while ((d = readdir(dp)))
		if (strcmp(d->d_name, ".") && strcmp(d->d_name, ".."))
			n++;
	closedir(dp);
	if (n != 1)
		die("%d files next to the object (temporary file left?)", n - 1);
}

#define WARNING	"warning: not recording __fentry__ calls in "

/*
 * Run do_file() on path, with -w if @warn, and check its messages: one
 * error line on failure, none on success, and with -w any number of
 * warnings before.  Section names are printed as they are: a line that
 * does not start with "recordmcount: FILE: " continues the one before (a
 * name with a '\n'), and with -w an error about a section named like a
 * warning passes for one.
 */
static int run(bool warn)
{
	char *msg = NULL, *p, *nl, prefix[PATH_MAX + 64];
	size_t msglen = 0, plen;
	int ret, lines = 0, errors = 0;
	bool last_error = false;

	rm_stderr = open_memstream(&msg, &msglen);
	if (!rm_stderr)
		die("open_memstream");
	warn_ignored = warn;
	ret = do_file(path);
	fclose(rm_stderr);
	rm_stderr = NULL;

	plen = snprintf(prefix, sizeof(prefix), "recordmcount: %s: ", path);
	if (*msg && strncmp(msg, prefix, plen))
		die("bad message \"%.80s\"", msg);
	for (p = msg; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		if (!nl)
			die("message without newline \"%.80s\"", p);
		if (strncmp(p, prefix, plen))
			continue;
		lines++;
		last_error = strncmp(p + plen, WARNING, strlen(WARNING));
		errors += last_error;
	}
	if (!warn ? lines != !!ret :
	    ret ? !lines || errors > 1 || (errors && !last_error) : errors)
		die("returned %d after %d messages (%d not warnings), -w %d:\n%s",
		    ret, lines, errors, warn, msg);
	free(msg);
	return ret;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *out, *again;
	size_t n, n2;
	int ret;

	put_file(data, size);
	ret = run((size >> 3) & 1);
	check_dir();
	out = get_file(&n);
	if (ret) {
		if (n != size || memcmp(out, data, n))
			die("rejected, but the file changed");
		free(out);
		return 0;
	}
	if (n == size && !memcmp(out, data, n)) {
		free(out);
		return 0;
	}
	if (!elf_read(&in_elf, data, size))
		die("accepted input that is not a sane ELF object");
	if (!elf_read(&out_elf, out, n))
		die("output is not a sane ELF object");
	check_output(&in_elf, &out_elf);

	/* a second run must see __mcount_loc and leave the file alone */
	if (run(false))
		die("second run failed");
	check_dir();
	again = get_file(&n2);
	if (n2 != n || memcmp(again, out, n))
		die("second run changed the file");
	free(again);
	free(out);
	return 0;
}
