// SPDX-License-Identifier: GPL-2.0
/*
 * fault_write: one write(2) of LEN bytes to FILE from a buffer whose first
 * GOOD bytes (default 0) are mapped, filled with 'x', and the rest not,
 * so that the kernel's copy faults after GOOD bytes.  Prints "write N" or
 * "error ENAME".
 *
 *   fault_write FILE LEN [GOOD]
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long pg = sysconf(_SC_PAGESIZE);
	size_t len, good;
	char *map, *buf;
	ssize_t n;
	int fd;

	if (argc < 3) {
		fprintf(stderr, "usage: fault_write FILE LEN [GOOD]\n");
		return 2;
	}
	len = strtoul(argv[2], NULL, 0);
	good = argc > 3 ? strtoul(argv[3], NULL, 0) : 0;
	if (good > (size_t)pg)
		return 2;
	/* a page, then a hole where the next one was */
	map = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED || munmap(map + pg, pg))
		return 2;
	buf = map + pg - good;
	memset(buf, 'x', good);
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 2;
	}
	n = write(fd, buf, len);
	if (n < 0)
		printf("error %s\n", errno == EFAULT ? "EFAULT" : strerror(errno));
	else
		printf("write %zd\n", n);
	return 0;
}
