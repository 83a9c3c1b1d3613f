// SPDX-License-Identifier: GPL-2.0
/*
 * write_race: two threads write to one open file at once, ITERS times
 * (each time a new open), CHUNK bytes a write, WRITES writes each, the
 * bytes all TEXT repeated (default "x": one item that never ends).
 * Prints "opens N writes N errors N".
 *
 *   write_race FILE ITERS CHUNK WRITES [TEXT]
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int fd, writes;
static size_t chunk;
static char *buf;
static pthread_barrier_t start;
static long nwrites, nerrors;
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;

static void *writer(void *arg)
{
	long ok = 0, bad = 0;
	int i;

	pthread_barrier_wait(&start);
	for (i = 0; i < writes; i++) {
		if (write(fd, buf, chunk) < 0)
			bad++;
		else
			ok++;
	}
	pthread_mutex_lock(&count_lock);
	nwrites += ok;
	nerrors += bad;
	pthread_mutex_unlock(&count_lock);
	return arg;
}

int main(int argc, char **argv)
{
	const char *text = argc > 5 ? argv[5] : "x";
	size_t tlen = strlen(text), i;
	pthread_t t[2];
	int iters, n;

	if (argc < 5 || !tlen) {
		fprintf(stderr, "usage: write_race FILE ITERS CHUNK WRITES [TEXT]\n");
		return 2;
	}
	iters = atoi(argv[2]);
	chunk = strtoul(argv[3], NULL, 0);
	writes = atoi(argv[4]);
	buf = malloc(chunk + 1);
	if (!buf)
		return 2;
	for (i = 0; i < chunk; i++)
		buf[i] = text[i % tlen];
	for (n = 0; n < iters; n++) {
		fd = open(argv[1], O_WRONLY);
		if (fd < 0) {
			perror(argv[1]);
			return 2;
		}
		pthread_barrier_init(&start, NULL, 2);
		pthread_create(&t[0], NULL, writer, NULL);
		pthread_create(&t[1], NULL, writer, NULL);
		pthread_join(t[0], NULL);
		pthread_join(t[1], NULL);
		pthread_barrier_destroy(&start);
		close(fd);
	}
	printf("opens %d writes %ld errors %ld\n", iters, nwrites, nerrors);
	return 0;
}
