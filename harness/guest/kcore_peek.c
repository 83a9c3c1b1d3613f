// SPDX-License-Identifier: GPL-2.0
/*
 * kcore_peek: print the bytes of kernel text, for selftests that check
 * what the tracer really patched.
 *
 *   kcore_peek LEN < addresses     one hex address per line in, and out
 *                                  "ADDR b0 b1 ..." per line
 */
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long long addr;
	unsigned char buf[64];
	Elf64_Phdr *ph;
	Elf64_Ehdr eh;
	int fd, i, len;

	len = argc > 1 ? atoi(argv[1]) : 5;
	if (len < 1 || len > (int)sizeof(buf)) {
		fprintf(stderr, "kcore_peek: bad length\n");
		return 2;
	}
	fd = open("/proc/kcore", O_RDONLY);
	if (fd < 0 || pread(fd, &eh, sizeof(eh), 0) != sizeof(eh)) {
		perror("kcore_peek: /proc/kcore");
		return 2;
	}
	ph = calloc(eh.e_phnum, sizeof(*ph));
	if (!ph || pread(fd, ph, eh.e_phnum * sizeof(*ph), eh.e_phoff) !=
	    (ssize_t)(eh.e_phnum * sizeof(*ph))) {
		fprintf(stderr, "kcore_peek: cannot read program headers\n");
		return 2;
	}
	while (scanf("%llx", &addr) == 1) {
		for (i = 0; i < eh.e_phnum; i++)
			if (ph[i].p_type == PT_LOAD && addr >= ph[i].p_vaddr &&
			    addr + len <= ph[i].p_vaddr + ph[i].p_memsz)
				break;
		if (i == eh.e_phnum ||
		    pread(fd, buf, len, ph[i].p_offset + addr - ph[i].p_vaddr) != len) {
			printf("%llx unreadable\n", addr);
			continue;
		}
		printf("%llx", addr);
		for (i = 0; i < len; i++)
			printf(" %02x", buf[i]);
		putchar('\n');
	}
	return 0;
}
