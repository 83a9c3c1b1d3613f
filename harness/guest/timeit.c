// SPDX-License-Identifier: GPL-2.0
/*
 * timeit: run "sh -c CMD" and print its wall time in microseconds, from
 * CLOCK_MONOTONIC (virtual time under QEMU -icount, so repeatable).
 */
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct timespec a, b;
	int status;
	pid_t pid;

	if (argc != 2) {
		fprintf(stderr, "usage: timeit 'shell command'\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	pid = fork();
	if (!pid) {
		execl("/bin/sh", "sh", "-c", argv[1], (char *)NULL);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%lld\n", (long long)(b.tv_sec - a.tv_sec) * 1000000 +
	       (b.tv_nsec - a.tv_nsec) / 1000);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
