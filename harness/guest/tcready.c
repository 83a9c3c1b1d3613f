// SPDX-License-Identifier: GPL-2.0
/*
 * tcready CMD [ARGS...]: as the command of "trace-cmd record", wait until
 * trace-cmd's recorders (the other children of our parent) are in their
 * loop, then exec CMD.
 *
 * trace-cmd 3.1.6 forks a recorder per CPU and runs the command at once;
 * a recorder told to stop before it reached its loop exits without
 * reading, and its CPU's events are lost (seen under strace on mainline
 * 6.12 as on ours, with a short command on a slow guest).  A recorder in
 * its loop sleeps in select() or nanosleep().  After 30 s CMD runs anyway.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* read /proc/@pid/@name into @buf; 0 on success */
static int proc_read(const char *pid, const char *name, char *buf, size_t len)
{
	char path[64];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%s/%s", pid, name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = 0;
	return 0;
}

#define MAX_RECORDERS	64

/* our siblings: the recorders, all forked before the command */
static int find_recorders(char pids[][16])
{
	char buf[512], *p;
	struct dirent *d;
	int n = 0, ppid;
	DIR *dir;

	dir = opendir("/proc");
	if (!dir)
		return 0;
	while (n < MAX_RECORDERS && (d = readdir(dir))) {
		int pid = atoi(d->d_name);

		if (pid <= 0 || pid == getpid() ||
		    proc_read(d->d_name, "stat", buf, sizeof(buf)))
			continue;
		/* "pid (comm) state ppid ...": comm may hold anything */
		p = strrchr(buf, ')');
		if (p && sscanf(p + 1, " %*c %d", &ppid) == 1 && ppid == getppid())
			snprintf(pids[n++], 16, "%d", pid);
	}
	closedir(dir);
	return n;
}

/*
 * Is each asleep in its loop?  One read a recorder a check: the reads
 * are traced too (vfs_read), and must not keep the recorders busy.
 */
static int recorders_ready(char pids[][16], int n)
{
	char buf[128];
	int i;

	for (i = 0; i < n; i++) {
		/* gone: not waited for */
		if (proc_read(pids[i], "wchan", buf, sizeof(buf)))
			continue;
		if (!strstr(buf, "select") && !strstr(buf, "poll") &&
		    !strstr(buf, "nanosleep"))
			return 0;
	}
	return 1;
}

int main(int argc, char **argv)
{
	struct timespec tick = { .tv_nsec = 50 * 1000 * 1000 };
	char pids[MAX_RECORDERS][16];
	int i, n;

	if (argc < 2) {
		fprintf(stderr, "usage: tcready CMD [ARGS...]\n");
		return 2;
	}
	n = find_recorders(pids);
	for (i = 0; i < 600 && !recorders_ready(pids, n); i++)
		nanosleep(&tick, NULL);
	if (i == 600)
		fprintf(stderr, "tcready: recorders not ready after 30 s\n");
	execvp(argv[1], argv + 1);
	perror(argv[1]);
	return 127;
}
