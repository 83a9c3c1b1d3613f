// SPDX-License-Identifier: GPL-2.0
/*
 * perf_tp: open a tracepoint event for this task with perf_event_open(2),
 * as an unprivileged tool does, and set filters on it.
 *
 *   perf_tp [-r] [-c] [-k] [-f FILE]... ID [FILTER...]
 *
 * -r asks for PERF_SAMPLE_RAW (the record), -c for a per-CPU event (CPU 0,
 * every task) instead of a per-task one, -k sets exclude_kernel (what an
 * unprivileged user may open at perf_event_paranoid 2); each FILTER (or the contents of
 * each -f FILE) goes through PERF_EVENT_IOC_SET_FILTER in turn.  Prints
 * "open: ok" or "open: ERRNO-NAME", then "filter N: ok|ERRNO-NAME" for each,
 * then, when the event opened, "count: N": the events it counted while
 * this program forked and reaped a child 10 times (sched_process_fork: 10).
 * Exit status 0 unless the arguments are wrong.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *ename(int e)
{
	switch (e) {
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case EINVAL: return "EINVAL";
	case EEXIST: return "EEXIST";
	case ENOENT: return "ENOENT";
	case ESRCH: return "ESRCH";
	case ENOMEM: return "ENOMEM";
	case E2BIG: return "E2BIG";
	case EFAULT: return "EFAULT";
	case ENODEV: return "ENODEV";
	case EBUSY: return "EBUSY";
	}
	return strerror(e);
}

static char *slurp(const char *path)
{
	static char buf[65536];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f) {
		perror(path);
		exit(2);
	}
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	return strdup(buf);
}

int main(int argc, char **argv)
{
	struct perf_event_attr attr;
	char *filters[64];
	int nf = 0, raw = 0, percpu = 0, nokernel = 0, fd, i, opt;
	long long count;

	while ((opt = getopt(argc, argv, "rckf:")) != -1) {
		switch (opt) {
		case 'k':
			nokernel = 1;
			break;
		case 'r':
			raw = 1;
			break;
		case 'c':
			percpu = 1;
			break;
		case 'f':
			if (nf < 64)
				filters[nf++] = slurp(optarg);
			break;
		default:
			return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "usage: perf_tp [-r] [-c] [-k] [-f FILE]... ID [FILTER...]\n");
		return 2;
	}
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = strtoull(argv[optind], NULL, 0);
	attr.disabled = 1;
	attr.inherit = !percpu;
	attr.exclude_kernel = nokernel;
	if (raw) {
		attr.sample_type = PERF_SAMPLE_RAW;
		attr.sample_period = 1;
	}
	for (i = optind + 1; i < argc && nf < 64; i++)
		filters[nf++] = argv[i];
	fd = syscall(__NR_perf_event_open, &attr, percpu ? -1 : 0, percpu ? 0 : -1, -1, 0);
	if (fd < 0) {
		printf("open: %s\n", ename(errno));
		return 0;
	}
	printf("open: ok\n");
	for (i = 0; i < nf; i++) {
		if (ioctl(fd, PERF_EVENT_IOC_SET_FILTER, filters[i]))
			printf("filter %d: %s\n", i + 1, ename(errno));
		else
			printf("filter %d: ok\n", i + 1);
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < 10; i++) {
		pid_t p = fork();

		if (!p)
			_exit(0);
		if (p > 0)
			waitpid(p, NULL, 0);
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	if (read(fd, &count, sizeof(count)) != sizeof(count))
		count = -1;
	printf("count: %lld\n", count);
	close(fd);
	return 0;
}
