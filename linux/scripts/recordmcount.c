// SPDX-License-Identifier: GPL-2.0
/*
 * recordmcount: record the __fentry__ call sites of an x86-64 object file.
 *
 * Usage: recordmcount [-w] file.o...
 *
 * Kbuild runs this on every object compiled with -pg -mfentry.  For each
 * "call __fentry__" in a text section that the kernel may patch, it adds
 * an 8-byte slot to a new __mcount_loc section plus an R_X86_64_64
 * relocation in .rela__mcount_loc, so that after the final link each
 * slot holds the address of one call site.
 *
 * Design:
 *  - The whole object is read into memory and every header, offset, size
 *    and index is checked before use; on any problem we print one line
 *    and leave the file alone.  The new object is built in memory, written
 *    to a temporary file in the same directory and renamed over the
 *    original, so a failure never leaves a partial file behind.
 *  - The original bytes up to the end of the last section are kept as
 *    they are.  New data (symbol table if it grew, section name table,
 *    __mcount_loc, its relocations and the section header table) is
 *    appended, so existing section indices never change.
 *  - Relocations are made against the section symbol of the call site's
 *    section, or failing that against a local function symbol in it.
 *    Never against a global or weak symbol: a weak definition may be
 *    replaced at link time and the slot would then point at other code.
 *    If neither exists (gas omits unused section symbols), a section
 *    symbol is added at the end of the locals; this renumbers the
 *    globals, so every relocation and group section is fixed up.
 *  - A recorded site must be a "call rel32" (e8).  Any other reference to
 *    __fentry__ from a recorded section (a jump, or the GOT-indirect call
 *    of a PIE build) is an error: the kernel could not patch it.
 *  - Extended section numbering (SHN_XINDEX, SHT_SYMTAB_SHNDX), SHT_REL
 *    and big-endian hosts are refused rather than half supported.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef SHT_LLVM_ADDRSIG
#define SHT_LLVM_ADDRSIG	0x6fff4c03
#endif

#define MCOUNT_SEC	"__mcount_loc"
#define MCOUNT_RELA	".rela" MCOUNT_SEC
#define CALL_REL32	0xe8

struct site {
	unsigned int sec;
	uint64_t off;
};

/* How good the symbol chosen for a section is; higher is better. */
enum sym_rank { SYM_NONE, SYM_LOCAL, SYM_SECTION, SYM_NEW };

struct secinfo {
	unsigned int sym;	/* symbol used to relocate sites in it */
	enum sym_rank rank;
	bool warned;
};

struct obj {
	const char *path;
	unsigned char *buf;
	size_t size;
	Elf64_Ehdr *eh;
	Elf64_Shdr *sh;
	unsigned int shnum;
	const char *shstr;
	size_t shstrsz;
	unsigned int symsec;	/* index of .symtab, 0 if none */
	Elf64_Sym *sym;
	size_t nsym;
	size_t first_global;
	const char *str;
	size_t strsz;
	size_t data_end;	/* end of the last section's contents */
	struct secinfo *si;
	struct site *sites;
	size_t nsites, maxsites;
};

static bool warn_ignored;

static int fail(const struct obj *o, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "recordmcount: %s: ", o->path);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

static bool in_file(const struct obj *o, uint64_t off, uint64_t len)
{
	return off <= o->size && len <= o->size - off;
}

static const char *secname(const struct obj *o, unsigned int i)
{
	return o->shstr + o->sh[i].sh_name;
}

/* A string table is usable if it is non-empty and NUL terminated. */
static const char *strtab(const struct obj *o, uint64_t i, size_t *len)
{
	const Elf64_Shdr *s;

	if (i == SHN_UNDEF || i >= o->shnum)
		return NULL;
	s = &o->sh[i];
	if (s->sh_type != SHT_STRTAB || !s->sh_size ||
	    o->buf[s->sh_offset + s->sh_size - 1])
		return NULL;
	*len = s->sh_size;
	return (const char *)o->buf + s->sh_offset;
}

static int parse(struct obj *o)
{
	Elf64_Ehdr *eh = (Elf64_Ehdr *)o->buf;
	Elf64_Shdr *s;
	unsigned int i;

	if (o->size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG))
		return fail(o, "not an ELF file");
	if (eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_ident[EI_DATA] != ELFDATA2LSB)
		return fail(o, "not a 64-bit little-endian ELF file");
	if (eh->e_ident[EI_VERSION] != EV_CURRENT ||
	    eh->e_version != EV_CURRENT)
		return fail(o, "unsupported ELF version");
	if (eh->e_machine != EM_X86_64)
		return fail(o, "unsupported machine %u", eh->e_machine);
	if (eh->e_type != ET_REL)
		return fail(o, "not a relocatable object (e_type %u)",
			    eh->e_type);
	if (!eh->e_shnum || eh->e_shnum >= SHN_LORESERVE ||
	    eh->e_shstrndx == SHN_XINDEX)
		return fail(o, eh->e_shoff ?
			    "extended section numbering is not supported" :
			    "no section headers");
	if (eh->e_shentsize != sizeof(Elf64_Shdr))
		return fail(o, "bad e_shentsize %u", eh->e_shentsize);
	if (eh->e_shoff % 8 ||
	    !in_file(o, eh->e_shoff, eh->e_shnum * sizeof(Elf64_Shdr)))
		return fail(o, "section header table out of range");

	o->eh = eh;
	o->sh = (Elf64_Shdr *)(o->buf + eh->e_shoff);
	o->shnum = eh->e_shnum;
	o->data_end = sizeof(*eh);
	for (i = 1; i < o->shnum; i++) {
		s = &o->sh[i];
		if (s->sh_type != SHT_NOBITS && s->sh_type != SHT_NULL) {
			if (!in_file(o, s->sh_offset, s->sh_size))
				return fail(o, "section %u out of range", i);
			/* emit() rewrites the header: no section may share it */
			if (s->sh_size && s->sh_offset < sizeof(*eh))
				return fail(o, "section %u overlaps the ELF header",
					    i);
			if (s->sh_offset + s->sh_size > o->data_end)
				o->data_end = s->sh_offset + s->sh_size;
		}
		if (s->sh_type == SHT_SYMTAB) {
			if (o->symsec)
				return fail(o, "more than one symbol table");
			o->symsec = i;
		} else if (s->sh_type == SHT_SYMTAB_SHNDX) {
			return fail(o, "SHT_SYMTAB_SHNDX is not supported");
		} else if (s->sh_type == SHT_REL) {
			return fail(o, "SHT_REL relocations are not supported");
		}
	}

	o->shstr = strtab(o, eh->e_shstrndx, &o->shstrsz);
	if (!o->shstr)
		return fail(o, "bad section name string table");
	for (i = 0; i < o->shnum; i++)
		if (o->sh[i].sh_name >= o->shstrsz)
			return fail(o, "section %u: bad name offset", i);

	if (!o->symsec)
		return 0;
	s = &o->sh[o->symsec];
	o->nsym = s->sh_size / sizeof(Elf64_Sym);
	o->first_global = s->sh_info;
	o->str = strtab(o, s->sh_link, &o->strsz);
	if (s->sh_entsize != sizeof(Elf64_Sym) || s->sh_offset % 8 ||
	    s->sh_size % sizeof(Elf64_Sym) || !o->nsym ||
	    !o->first_global || o->first_global > o->nsym || !o->str)
		return fail(o, "malformed symbol table");
	o->sym = (Elf64_Sym *)(o->buf + s->sh_offset);
	return 0;
}

/*
 * Text sections whose __fentry__ calls the kernel may patch.  Everything
 * else is skipped: .exit.text/.text.exit may be discarded (a reference
 * from __mcount_loc would break the link) and .noinstr.text, .entry.text
 * and friends must never be patched.
 */
static bool recorded_section(const char *name)
{
	static const char * const names[] = {
		".text", ".init.text", ".ref.text", ".sched.text",
		".spinlock.text", ".irqentry.text", ".softirqentry.text",
		".kprobes.text", ".cpuidle.text", NULL
	};
	const char * const *p;

	if (!strncmp(name, ".text.", 6))
		return strcmp(name, ".text.exit") &&
		       strncmp(name, ".text.exit.", 11);
	for (p = names; *p; p++)
		if (!strcmp(name, *p))
			return true;
	return false;
}

static bool is_fentry(const struct obj *o, size_t i)
{
	uint32_t name = o->sym[i].st_name;

	return name < o->strsz && !strcmp(o->str + name, "__fentry__");
}

static int add_site(struct obj *o, unsigned int sec, uint64_t off)
{
	struct site *p;

	if (o->nsites == o->maxsites) {
		o->maxsites = o->maxsites ? 2 * o->maxsites : 64;
		p = realloc(o->sites, o->maxsites * sizeof(*p));
		if (!p)
			return fail(o, "out of memory");
		o->sites = p;
	}
	o->sites[o->nsites].sec = sec;
	o->sites[o->nsites].off = off;
	o->nsites++;
	return 0;
}

/* Validate one relocation section and collect its __fentry__ sites. */
static int scan_rela(struct obj *o, unsigned int ri)
{
	const Elf64_Shdr *rs = &o->sh[ri], *t;
	const char *rname = secname(o, ri), *tname;
	const Elf64_Rela *r;
	size_t j, n;
	bool exec, recorded;

	if (rs->sh_entsize != sizeof(Elf64_Rela) || rs->sh_offset % 8 ||
	    rs->sh_size % sizeof(Elf64_Rela))
		return fail(o, "%s: malformed relocation section", rname);
	if (!o->symsec || rs->sh_link != o->symsec)
		return fail(o, "%s: not linked to the symbol table", rname);
	if (!rs->sh_info || rs->sh_info >= o->shnum)
		return fail(o, "%s: bad target section index", rname);

	t = &o->sh[rs->sh_info];
	tname = secname(o, rs->sh_info);
	exec = t->sh_flags & SHF_EXECINSTR;
	recorded = exec && recorded_section(tname);
	r = (const Elf64_Rela *)(o->buf + rs->sh_offset);
	n = rs->sh_size / sizeof(*r);
	for (j = 0; j < n; j++, r++) {
		uint64_t sym = ELF64_R_SYM(r->r_info);
		uint32_t type = ELF64_R_TYPE(r->r_info);

		if (sym >= o->nsym)
			return fail(o, "%s: entry %zu: bad symbol index",
				    rname, j);
		if (!exec || !is_fentry(o, sym))
			continue;
		if (!recorded) {
			if (warn_ignored && !o->si[rs->sh_info].warned)
				fprintf(stderr,
					"recordmcount: %s: warning: not recording __fentry__ calls in %s\n",
					o->path, tname);
			o->si[rs->sh_info].warned = true;
			continue;
		}
		/*
		 * An absolute reference takes __fentry__'s address (call
		 * depth tracking compares return targets with it): data,
		 * never a call's rel32, so no call site.
		 */
		if (type == R_X86_64_32 || type == R_X86_64_32S || type == R_X86_64_64)
			continue;
		if (type != R_X86_64_PLT32 && type != R_X86_64_PC32)
			return fail(o, "%s+%#llx: unexpected relocation type %u against __fentry__",
				    tname, (unsigned long long)r->r_offset,
				    type);
		if (t->sh_type != SHT_PROGBITS || !r->r_offset ||
		    r->r_offset > t->sh_size || t->sh_size - r->r_offset < 4)
			return fail(o, "%s+%#llx: __fentry__ relocation outside section contents",
				    tname, (unsigned long long)r->r_offset);
		if (o->buf[t->sh_offset + r->r_offset - 1] != CALL_REL32)
			return fail(o, "%s+%#llx: __fentry__ reference is not a call instruction",
				    tname, (unsigned long long)r->r_offset - 1);
		if (add_site(o, rs->sh_info, r->r_offset - 1))
			return -1;
	}
	return 0;
}

static int cmp_site(const void *a, const void *b)
{
	const struct site *x = a, *y = b;

	if (x->sec != y->sec)
		return x->sec < y->sec ? -1 : 1;
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return 0;
}

/* Pick a symbol for each section: its section symbol, else a local. */
static void pick_symbols(struct obj *o)
{
	const Elf64_Sym *s;
	enum sym_rank rank;
	size_t i;

	for (i = 1; i < o->first_global; i++) {
		s = &o->sym[i];
		if (ELF64_ST_BIND(s->st_info) != STB_LOCAL ||
		    s->st_shndx == SHN_UNDEF || s->st_shndx >= o->shnum)
			continue;
		switch (ELF64_ST_TYPE(s->st_info)) {
		case STT_SECTION:
			rank = SYM_SECTION;
			break;
		case STT_FUNC:
		case STT_NOTYPE:
			rank = SYM_LOCAL;
			break;
		default:
			continue;
		}
		if (rank > o->si[s->st_shndx].rank) {
			o->si[s->st_shndx].rank = rank;
			o->si[s->st_shndx].sym = i;
		}
	}
}

static int write_file(const struct obj *o, const void *data, size_t len,
		      mode_t mode)
{
	const char *p = data;
	size_t done = 0;
	ssize_t w;
	char *tmp;
	int fd;

	tmp = malloc(strlen(o->path) + sizeof(".XXXXXX"));
	if (!tmp)
		return fail(o, "out of memory");
	sprintf(tmp, "%s.XXXXXX", o->path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		fail(o, "cannot create temporary file: %s", strerror(errno));
		free(tmp);
		return -1;
	}
	if (fchmod(fd, mode & 07777))
		goto err;
	while (done < len) {
		w = write(fd, p + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			goto err;
		done += w;
	}
	if (close(fd)) {
		fd = -1;
		goto err;
	}
	fd = -1;
	if (rename(tmp, o->path))
		goto err;
	free(tmp);
	return 0;
err:
	fail(o, "cannot write or rename %s: %s", tmp,
	     strerror(errno ? errno : EIO));
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	free(tmp);
	return -1;
}

#define ALIGN8(x)	(((x) + 7) & ~(size_t)7)

/* Build the new object in memory and replace the original with it. */
static int emit(struct obj *o, mode_t mode)
{
	size_t k = 0, n = 0, i, j, fg = o->first_global;
	size_t symoff, stroff, locoff, relaoff, shoff, total, strsz;
	unsigned int shnum = o->shnum;
	Elf64_Shdr *sh, *ns;
	Elf64_Rela *r;
	Elf64_Sym *sym;
	unsigned char *out;
	int ret;

	/* Sort by section then offset, dropping duplicates. */
	qsort(o->sites, o->nsites, sizeof(*o->sites), cmp_site);
	for (i = 0; i < o->nsites; i++) {
		if (n && !cmp_site(&o->sites[n - 1], &o->sites[i]))
			continue;
		o->sites[n++] = o->sites[i];
		/* New section symbols go right after the existing locals. */
		if (o->si[o->sites[i].sec].rank == SYM_NONE) {
			o->si[o->sites[i].sec].rank = SYM_NEW;
			o->si[o->sites[i].sec].sym = fg + k++;
		}
	}
	o->nsites = n;

	/* The two new sections must not need extended numbering. */
	if (shnum + 2 >= SHN_LORESERVE)
		return fail(o, "too many sections");

	strsz = o->shstrsz + sizeof(MCOUNT_RELA);
	symoff = ALIGN8(o->data_end);
	stroff = symoff + (k ? (o->nsym + k) * sizeof(Elf64_Sym) : 0);
	locoff = ALIGN8(stroff + strsz);
	relaoff = locoff + n * 8;
	shoff = relaoff + n * sizeof(Elf64_Rela);
	total = shoff + (shnum + 2) * sizeof(Elf64_Shdr);
	out = calloc(1, total);
	if (!out)
		return fail(o, "out of memory");
	memcpy(out, o->buf, o->data_end);

	sh = (Elf64_Shdr *)(out + shoff);
	memcpy(sh, o->sh, shnum * sizeof(*sh));
	((Elf64_Ehdr *)out)->e_shoff = shoff;
	((Elf64_Ehdr *)out)->e_shnum = shnum + 2;

	if (k) {
		/* Insert k local section symbols at index fg. */
		sym = (Elf64_Sym *)(out + symoff);
		memcpy(sym, o->sym, fg * sizeof(*sym));
		memcpy(sym + fg + k, o->sym + fg, (o->nsym - fg) * sizeof(*sym));
		for (i = 0; i < n; i++) {
			struct secinfo *si = &o->si[o->sites[i].sec];

			if (si->rank != SYM_NEW)
				continue;
			sym[si->sym].st_info = ELF64_ST_INFO(STB_LOCAL,
							     STT_SECTION);
			sym[si->sym].st_shndx = o->sites[i].sec;
		}
		sh[o->symsec].sh_offset = symoff;
		sh[o->symsec].sh_size = (o->nsym + k) * sizeof(*sym);
		sh[o->symsec].sh_info = fg + k;

		/* Every reference to a global symbol moves up by k. */
		for (i = 1; i < shnum; i++) {
			/*
			 * clang's .llvm_addrsig lists symbol indices; like
			 * objcopy, mark it stale (sh_link 0) so that lld
			 * ignores it rather than trusting wrong indices.
			 */
			if (sh[i].sh_type == SHT_LLVM_ADDRSIG)
				sh[i].sh_link = 0;
			if (sh[i].sh_type == SHT_GROUP &&
			    sh[i].sh_link == o->symsec && sh[i].sh_info >= fg)
				sh[i].sh_info += k;
			if (sh[i].sh_type != SHT_RELA)
				continue;
			r = (Elf64_Rela *)(out + sh[i].sh_offset);
			for (j = 0; j < sh[i].sh_size / sizeof(*r); j++)
				if (ELF64_R_SYM(r[j].r_info) >= fg)
					r[j].r_info += (uint64_t)k << 32;
		}
	}

	/* ".rela__mcount_loc" also provides "__mcount_loc" as its tail. */
	memcpy(out + stroff, o->shstr, o->shstrsz);
	memcpy(out + stroff + o->shstrsz, MCOUNT_RELA, sizeof(MCOUNT_RELA));
	sh[o->eh->e_shstrndx].sh_offset = stroff;
	sh[o->eh->e_shstrndx].sh_size = strsz;

	r = (Elf64_Rela *)(out + relaoff);
	for (i = 0; i < n; i++) {
		const struct secinfo *si = &o->si[o->sites[i].sec];
		uint64_t base = si->rank == SYM_NEW ? 0 :
				o->sym[si->sym].st_value;

		r[i].r_offset = i * 8;
		r[i].r_info = ELF64_R_INFO(si->sym, R_X86_64_64);
		r[i].r_addend = (int64_t)(o->sites[i].off - base);
	}

	ns = &sh[shnum];
	ns->sh_name = o->shstrsz + strlen(".rela");
	ns->sh_type = SHT_PROGBITS;
	ns->sh_flags = SHF_ALLOC;
	ns->sh_offset = locoff;
	ns->sh_size = n * 8;
	ns->sh_addralign = 8;
	ns->sh_entsize = 8;
	ns++;
	ns->sh_name = o->shstrsz;
	ns->sh_type = SHT_RELA;
	ns->sh_flags = SHF_INFO_LINK;
	ns->sh_offset = relaoff;
	ns->sh_size = n * sizeof(Elf64_Rela);
	ns->sh_link = o->symsec;
	ns->sh_info = shnum;
	ns->sh_addralign = 8;
	ns->sh_entsize = sizeof(Elf64_Rela);

	ret = write_file(o, out, total, mode);
	free(out);
	return ret;
}

static int process(struct obj *o)
{
	unsigned int i;

	if (parse(o))
		return -1;
	for (i = 1; i < o->shnum; i++)
		if (!strcmp(secname(o, i), MCOUNT_SEC))
			return 0;	/* already done: never record twice */

	o->si = calloc(o->shnum, sizeof(*o->si));
	if (!o->si)
		return fail(o, "out of memory");
	for (i = 1; i < o->shnum; i++)
		if (o->sh[i].sh_type == SHT_RELA && scan_rela(o, i))
			return -1;
	if (!o->nsites)
		return 0;
	pick_symbols(o);
	return 1;
}

static int do_file(const char *path)
{
	struct obj o = { .path = path };
	struct stat st;
	size_t done = 0;
	ssize_t rd;
	int fd, ret = -1;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return fail(&o, "cannot open: %s", strerror(errno));
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		fail(&o, "not a regular file");
		goto out;
	}
	o.size = st.st_size;
	o.buf = malloc(o.size ? o.size : 1);
	if (!o.buf) {
		fail(&o, "out of memory");
		goto out;
	}
	while (done < o.size) {
		rd = read(fd, o.buf + done, o.size - done);
		if (rd < 0 && errno == EINTR)
			continue;
		if (rd <= 0) {
			fail(&o, "read error");
			goto out;
		}
		done += rd;
	}
	ret = process(&o);
	if (ret > 0)
		ret = emit(&o, st.st_mode);
out:
	close(fd);
	free(o.buf);
	free(o.si);
	free(o.sites);
	return ret;
}

int main(int argc, char **argv)
{
	const uint16_t one = 1;
	int c, ret = 0;

	while ((c = getopt(argc, argv, "w")) != -1) {
		if (c != 'w')
			goto usage;
		warn_ignored = true;
	}
	if (optind >= argc)
		goto usage;
	/* We access the object's fields directly, as host integers. */
	if (*(const uint8_t *)&one != 1) {
		fprintf(stderr, "recordmcount: big-endian hosts are not supported\n");
		return 1;
	}
	for (; optind < argc; optind++)
		if (do_file(argv[optind]))
			ret = 1;
	return ret;
usage:
	fprintf(stderr, "usage: recordmcount [-w] file.o...\n");
	return 1;
}
