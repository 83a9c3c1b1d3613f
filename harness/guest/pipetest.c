// SPDX-License-Identifier: GPL-2.0
/*
 * pipetest: trace_pipe readers and a numbered trace_marker writer for the
 * selftests.
 *
 *   pipetest write N FILE        N writes "seq=I\n" (I = 0..N-1) to FILE
 *   pipetest read FILE STOP      copy FILE to stdout until STOP exists and
 *                                FILE has nothing more (poll + O_NONBLOCK);
 *                                FILE "-" is stdin, an open file that
 *                                several readers may share
 *   pipetest poll FILE MS        drain FILE, then one poll() of up to MS ms:
 *                                prints "pollin ELAPSED_MS" or "timeout"
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000L + t.tv_nsec / 1000000;
}

static int open_or_die(const char *path, int flags)
{
	int fd = open(path, flags);

	if (fd < 0) {
		perror(path);
		exit(1);
	}
	return fd;
}

/*
 * Read what @fd has now; 0 when it has nothing (EAGAIN), -1 on error or
 * end of file (a trace_pipe never ends).
 */
static int drain(int fd, int out)
{
	char buf[4096];
	int got = 0;
	ssize_t n;

	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n > 0) {
			got = 1;
			if (out >= 0 && write(out, buf, n) != n)
				return -1;
			continue;
		}
		if (n < 0 && errno == EAGAIN)
			return got;
		if (!n)
			fprintf(stderr, "pipetest: unexpected end of file\n");
		return -1;
	}
}

int main(int argc, char **argv)
{
	struct pollfd pfd;
	long i, n, t0;
	char line[32];
	int fd, len;

	if (argc != 4) {
		fprintf(stderr, "usage: pipetest write N FILE | read FILE STOP | poll FILE MS\n");
		return 2;
	}
	if (!strcmp(argv[1], "write")) {
		n = atol(argv[2]);
		fd = open_or_die(argv[3], O_WRONLY);
		for (i = 0; i < n; i++) {
			len = snprintf(line, sizeof(line), "seq=%ld\n", i);
			if (write(fd, line, len) != len) {
				perror("write");
				return 1;
			}
		}
		return 0;
	}
	if (!strcmp(argv[2], "-")) {
		fd = 0;
		if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0) {
			perror("fcntl");
			return 1;
		}
	} else {
		fd = open_or_die(argv[2], O_RDONLY | O_NONBLOCK);
	}
	pfd.fd = fd;
	pfd.events = POLLIN;
	if (!strcmp(argv[1], "read")) {
		for (;;) {
			int got = drain(fd, 1);

			if (got < 0) {
				perror("read");
				return 1;
			}
			/* nothing now, and the writer is done: the buffer is empty */
			if (!got && access(argv[3], F_OK) == 0)
				return 0;
			poll(&pfd, 1, 200);
		}
	}
	if (!strcmp(argv[1], "poll")) {
		if (drain(fd, -1) < 0) {
			perror("read");
			return 1;
		}
		t0 = now_ms();
		if (poll(&pfd, 1, atoi(argv[3])) == 1 && (pfd.revents & POLLIN))
			printf("pollin %ld\n", now_ms() - t0);
		else
			printf("timeout\n");
		return 0;
	}
	fprintf(stderr, "pipetest: unknown mode %s\n", argv[1]);
	return 2;
}
