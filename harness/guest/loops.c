// SPDX-License-Identifier: GPL-2.0
/*
 * loops: the benchmark workloads.  Prints the guest time of one
 * iteration in nanoseconds (CLOCK_MONOTONIC: virtual under -icount).
 *
 *   loops getppid N        N getppid() calls
 *   loops forkexec N       N times fork, exec /bin/true, wait
 *   loops marker N FILE    N one-line writes to FILE (trace_marker)
 *   loops pingpong N       N round trips of a byte between two processes
 *                          over pipes: two context switches each, when
 *                          both run on one CPU (taskset)
 *   loops tsc 1            TSC ticks per nanosecond (instead of a time)
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <x86intrin.h>

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv)
{
	long i, n = argc > 2 ? atol(argv[2]) : 0;
	long long t0, t1;
	int fd = -1;

	if (n <= 0 || (strcmp(argv[1], "marker") == 0 && argc < 4)) {
		fprintf(stderr, "usage: loops getppid|forkexec|pingpong|tsc N | marker N FILE\n");
		return 2;
	}
	if (strcmp(argv[1], "marker") == 0) {
		fd = open(argv[3], O_WRONLY);
		if (fd < 0) {
			perror(argv[3]);
			return 1;
		}
	}
	t0 = now_ns();
	if (strcmp(argv[1], "tsc") == 0) {
		unsigned long long c0 = __rdtsc();

		while (now_ns() - t0 < 10000000)
			;
		printf("%.3f\n", (double)(__rdtsc() - c0) / (now_ns() - t0));
		return 0;
	}
	if (strcmp(argv[1], "getppid") == 0) {
		for (i = 0; i < n; i++)
			syscall(SYS_getppid);	/* never cached by libc */
	} else if (strcmp(argv[1], "forkexec") == 0) {
		for (i = 0; i < n; i++) {
			pid_t pid = fork();

			if (pid == 0) {
				execl("/bin/true", "true", (char *)NULL);
				_exit(127);
			}
			if (pid < 0 || waitpid(pid, NULL, 0) != pid)
				return 1;
		}
	} else if (strcmp(argv[1], "pingpong") == 0) {
		int ab[2], ba[2];
		pid_t pid;
		char c = 0;

		if (pipe(ab) || pipe(ba))
			return 1;
		pid = fork();
		if (pid == 0) {
			close(ab[1]);
			close(ba[0]);
			while (read(ab[0], &c, 1) == 1)
				if (write(ba[1], &c, 1) != 1)
					break;
			_exit(0);
		}
		if (pid < 0)
			return 1;
		close(ab[0]);
		close(ba[1]);
		t0 = now_ns();
		for (i = 0; i < n; i++)
			if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
				return 1;
		t1 = now_ns();
		close(ab[1]);
		waitpid(pid, NULL, 0);
		printf("%.1f\n", (double)(t1 - t0) / n);
		return 0;
	} else if (fd >= 0) {
		for (i = 0; i < n; i++)
			if (write(fd, "bench marker line\n", 18) != 18)
				return 1;
	} else {
		fprintf(stderr, "loops: unknown workload %s\n", argv[1]);
		return 2;
	}
	t1 = now_ns();
	printf("%.1f\n", (double)(t1 - t0) / n);
	return 0;
}
