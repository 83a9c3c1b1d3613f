// SPDX-License-Identifier: GPL-2.0
/*
 * nobody: run a command as uid and gid 65534 with no supplementary
 * groups, for the permission tests (busybox has no su without passwd).
 */
#include <grp.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: nobody CMD [ARG...]\n");
		return 2;
	}
	if (setgroups(0, NULL) || setgid(65534) || setuid(65534)) {
		perror("nobody");
		return 1;
	}
	execvp(argv[1], argv + 1);
	perror(argv[1]);
	return 127;
}
