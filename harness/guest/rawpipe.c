// SPDX-License-Identifier: GPL-2.0
/*
 * rawpipe: per_cpu/cpuN/trace_pipe_raw for the selftests.
 *
 *   rawpipe read FILE COUNT [nb]    one read(COUNT) (nb: O_NONBLOCK); prints
 *                                   "read N" or "error ENAME"
 *   rawpipe reads FILE C1 C2 ...    reads of C1, C2, ... bytes on one open
 *                                   file, O_NONBLOCK; a line each as above
 *   rawpipe splice FILE LEN [nb]    one splice() of LEN bytes into a pipe
 *                                   (nb: SPLICE_F_NONBLOCK); as above
 *   rawpipe readsplice FILE N LEN   read(N), then splice(LEN); a line each
 *   rawpipe wake FILE               ioctl(fd, 0); prints "ioctl R"
 *   rawpipe blockwake FILE          a child blocks in read(); the parent
 *                                   waits 300 ms, calls ioctl(fd, 0) and
 *                                   prints what the child's read returned
 *   rawpipe poll FILE MS            one poll() of up to MS ms: "pollin" or
 *                                   "timeout"
 *   rawpipe dump FILE [splice]      read (or splice) pages with O_NONBLOCK
 *                                   until EAGAIN and decode them (below)
 *   rawpipe decode FILE             decode the pages of a file of pages
 *   rawpipe copy FILE               read pages with O_NONBLOCK until EAGAIN,
 *                                   as they are, to stdout
 *   rawpipe record FILE OUT STOP    trace-cmd's way: poll, then splice
 *                                   full pages into OUT, until STOP exists;
 *                                   then read the rest (O_NONBLOCK)
 *   rawpipe drain FILE OUT          the same without waiting: splice full
 *                                   pages until EAGAIN, then read the rest
 *
 * The decoder checks each sub-buffer (RAWPIPE_SUBBUF bytes, default 4096) against mainline 6.12's
 * layout (events/header_page and events/header_event) and prints:
 *   page TS SIZE [lost N|lost ?]
 *   ev TS TYPE PID LEN [ip=X parent=X | func=X depth=D | ...]
 *   (a funcgraph_exit of 48 bytes has FUNCTION_GRAPH_RETVAL's retval at 16)
 *   ext DELTA | abs TS | pad LEN
 * and "bad ..." on anything it cannot parse (exit 1).  With RAWPIPE_STALE=WORD
 * set, each aligned 32-bit word of an event equal to WORD adds " stale@OFF"
 * to its line: bytes its writer left as the page's last owner had them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* the sub-buffer size: RAWPIPE_SUBBUF in the environment, else 4096 */
static unsigned int SUBBUF = 4096;
#define HDR		16
#define MISSED		(1ULL << 31)
#define STORED		(1ULL << 30)

static int bad;

static void result(const char *what, long r)
{
	if (r < 0)
		printf("error %s\n", strerrorname_np(errno) ?: "?");
	else
		printf("%s %ld\n", what, r);
	fflush(stdout);
}

static int open_or_die(const char *path, int flags)
{
	int fd = open(path, flags);

	if (fd < 0) {
		perror(path);
		exit(2);
	}
	return fd;
}

static uint32_t rd32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static uint64_t rd64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

/* RAWPIPE_STALE=0xWORD: a record's aligned words equal to it are flagged */
static uint32_t stale;
static int have_stale;

/* what the payload's common_type says, for the types the tests look at */
static void print_payload(const unsigned char *d, unsigned int len)
{
	unsigned int type = d[0] | d[1] << 8, o;

	printf(" %u %d %u", type, (int)rd32(d + 4), len);
	for (o = 0; have_stale && o + 4 <= len; o += 4)
		if (rd32(d + o) == stale)
			printf(" stale@%u", o);
	if (type == 1 && len >= 24)
		printf(" ip=%llx parent=%llx", (unsigned long long)rd64(d + 8),
		       (unsigned long long)rd64(d + 16));
	else if (type == 11 && len >= 20)
		printf(" func=%llx depth=%d", (unsigned long long)rd64(d + 8),
		       (int)rd32(d + 16));
	else if (type == 10 && len >= 48)	/* with retval at 16 */
		printf(" func=%llx depth=%d calltime=%llu rettime=%llu retval=%llx",
		       (unsigned long long)rd64(d + 8), (int)rd32(d + 24),
		       (unsigned long long)rd64(d + 32),
		       (unsigned long long)rd64(d + 40),
		       (unsigned long long)rd64(d + 16));
	else if (type == 10 && len >= 40)
		printf(" func=%llx depth=%d calltime=%llu rettime=%llu",
		       (unsigned long long)rd64(d + 8), (int)rd32(d + 16),
		       (unsigned long long)rd64(d + 24),
		       (unsigned long long)rd64(d + 32));
	else if (type == 5 && len > 16)
		printf(" buf=%.*s", (int)strnlen((const char *)d + 16, len - 16) -
		       (d[16 + strnlen((const char *)d + 16, len - 16) - 1] == '\n'),
		       (const char *)d + 16);
	printf("\n");
}

static void decode_page(const unsigned char *p)
{
	uint64_t ts = rd64(p), commit = rd64(p + 8);
	unsigned int size = commit & ~(MISSED | STORED), off = 0, i;
	const unsigned char *d = p + HDR;

	if (size > SUBBUF - HDR || (commit >> 32)) {
		printf("bad commit %llx\n", (unsigned long long)commit);
		bad = 1;
		return;
	}
	printf("page %llu %u", (unsigned long long)ts, size);
	if (commit & STORED) {
		if (size + 8 > SUBBUF - HDR) {
			printf("\nbad stored count past the page\n");
			bad = 1;
			return;
		}
		printf(" lost %llu", (unsigned long long)rd64(d + size));
	} else if (commit & MISSED) {
		printf(" lost ?");
	}
	printf("\n");
	while (off < size) {
		uint32_t h, type_len, delta, len;

		if (size - off < 4)
			goto trunc;
		h = rd32(d + off);
		type_len = h & 31;
		delta = h >> 5;
		if (type_len == 29) {
			if (!delta)
				break;
			if (size - off < 8)
				goto trunc;
			len = rd32(d + off + 4);
			printf("pad %u\n", len + 4);
			off += 4 + len;
			continue;
		}
		if (type_len >= 30) {
			uint64_t v;

			if (size - off < 8)
				goto trunc;
			v = ((uint64_t)rd32(d + off + 4) << 27) + delta;
			if (type_len == 30) {
				ts += v;
				printf("ext %llu\n", (unsigned long long)v);
			} else {
				ts = v;
				printf("abs %llu\n", (unsigned long long)v);
			}
			off += 8;
			continue;
		}
		ts += delta;
		if (type_len) {
			len = type_len * 4;
			if (size - off < 4 + len)
				goto trunc;
			printf("ev %llu", (unsigned long long)ts);
			print_payload(d + off + 4, len);
			off += 4 + len;
		} else {
			if (size - off < 8)
				goto trunc;
			len = rd32(d + off + 4);
			if (len < 4 || len % 4 || size - off < 4 + len)
				goto trunc;
			printf("ev %llu", (unsigned long long)ts);
			print_payload(d + off + 8, len - 4);
			off += 4 + len;
		}
	}
	/* the tail after the data (and the stored count) is zeroed */
	i = size + (commit & STORED ? 8 : 0);
	for (; i < SUBBUF - HDR; i++)
		if (d[i]) {
			printf("bad tail byte at %u\n", HDR + i);
			bad = 1;
			return;
		}
	return;
trunc:
	printf("bad event at %u (size %u)\n", off, size);
	bad = 1;
}

static long do_splice(int fd, size_t len, unsigned int flags, unsigned char *copy)
{
	int p[2];
	long r;

	if (pipe(p) < 0) {
		perror("pipe");
		exit(2);
	}
	fcntl(p[0], F_SETPIPE_SZ, 1 << 20);
	r = splice(fd, NULL, p[1], NULL, len, flags);
	if (r > 0 && copy && read(p[0], copy, r) != r)
		r = -1;
	close(p[0]);
	close(p[1]);
	return r;
}

static int dump(const char *path, int use_splice)
{
	static unsigned char buf[1 << 20];
	int fd = open_or_die(path, O_RDONLY | O_NONBLOCK);
	long n, i;

	for (;;) {
		if (use_splice)
			n = do_splice(fd, 16 * SUBBUF, SPLICE_F_NONBLOCK, buf);
		else
			n = read(fd, buf, SUBBUF);
		if (n < 0 && errno == EAGAIN)
			break;
		if (n <= 0) {
			printf("%s %ld %s\n", use_splice ? "splice" : "read", n,
			       n ? strerrorname_np(errno) : "");
			return 1;
		}
		if (n % SUBBUF) {
			printf("bad chunk of %ld bytes\n", n);
			return 1;
		}
		for (i = 0; i < n; i += SUBBUF)
			decode_page(buf + i);
	}
	return bad;
}

/*
 * Splice full pages of @path into @out_path, waiting in poll() for more
 * until @stop exists (NULL: until there are none), then read the rest.
 */
static int record(const char *path, const char *out_path, const char *stop)
{
	static unsigned char buf[1 << 16];
	int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644), p[2], fd;
	struct pollfd pfd;
	long n;

	fd = open_or_die(path, O_RDONLY | O_NONBLOCK);
	if (out < 0 || pipe(p) < 0) {
		perror(out_path);
		return 2;
	}
	pfd.fd = fd;
	pfd.events = POLLIN;
	do {
		if (stop)
			poll(&pfd, 1, 100);
		while ((n = splice(fd, NULL, p[1], NULL, 16 * SUBBUF,
				   SPLICE_F_NONBLOCK | SPLICE_F_MOVE)) > 0)
			if (splice(p[0], NULL, out, NULL, n, SPLICE_F_MOVE) != n)
				return 1;
	} while (stop && access(stop, F_OK));
	while ((n = read(fd, buf, SUBBUF)) > 0)
		if (write(out, buf, n) != n)
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	static unsigned char buf[1 << 20];
	struct pollfd pfd;
	int fd, i, st;
	pid_t pid;

	if (getenv("RAWPIPE_SUBBUF"))
		SUBBUF = atoi(getenv("RAWPIPE_SUBBUF"));
	if (getenv("RAWPIPE_STALE")) {
		stale = strtoul(getenv("RAWPIPE_STALE"), NULL, 0);
		have_stale = 1;
	}
	if (SUBBUF < 4096 || SUBBUF > (1 << 16)) {
		fprintf(stderr, "rawpipe: RAWPIPE_SUBBUF from 4096 to 65536\n");
		return 2;
	}

	if (argc < 3) {
		fprintf(stderr, "usage: see the comment at the top of rawpipe.c\n");
		return 2;
	}
	if (!strcmp(argv[1], "dump"))
		return dump(argv[2], argc > 3);
	if (!strcmp(argv[1], "drain") && argc == 4)
		return record(argv[2], argv[3], NULL);
	if (!strcmp(argv[1], "record") && argc == 5)
		return record(argv[2], argv[3], argv[4]);
	if (!strcmp(argv[1], "copy")) {
		long n;

		fd = open_or_die(argv[2], O_RDONLY | O_NONBLOCK);
		while ((n = read(fd, buf, SUBBUF)) > 0)
			if (write(1, buf, n) != n)
				return 1;
		return !(n < 0 && errno == EAGAIN);
	}
	if (!strcmp(argv[1], "decode")) {
		fd = open_or_die(argv[2], O_RDONLY);
		while (read(fd, buf, SUBBUF) == SUBBUF)
			decode_page(buf);
		return bad;
	}
	if (!strcmp(argv[1], "read") && argc >= 4) {
		fd = open_or_die(argv[2], O_RDONLY | (argc > 4 ? O_NONBLOCK : 0));
		result("read", read(fd, buf, atoi(argv[3])));
		return 0;
	}
	if (!strcmp(argv[1], "reads")) {
		fd = open_or_die(argv[2], O_RDONLY | O_NONBLOCK);
		for (i = 3; i < argc; i++)
			result("read", read(fd, buf, atoi(argv[i])));
		return 0;
	}
	if (!strcmp(argv[1], "splice") && argc >= 4) {
		fd = open_or_die(argv[2], O_RDONLY);
		result("splice", do_splice(fd, atol(argv[3]),
					   argc > 4 ? SPLICE_F_NONBLOCK : 0, NULL));
		return 0;
	}
	if (!strcmp(argv[1], "readsplice") && argc == 5) {
		fd = open_or_die(argv[2], O_RDONLY | O_NONBLOCK);
		result("read", read(fd, buf, atoi(argv[3])));
		result("splice", do_splice(fd, atol(argv[4]), SPLICE_F_NONBLOCK, NULL));
		return 0;
	}
	if (!strcmp(argv[1], "wake")) {
		fd = open_or_die(argv[2], O_RDONLY);
		result("ioctl", ioctl(fd, 0));
		return 0;
	}
	if (!strcmp(argv[1], "blockwake")) {
		fd = open_or_die(argv[2], O_RDONLY);
		pid = fork();
		if (!pid) {
			long r = read(fd, buf, SUBBUF);

			result("child read", r);
			_exit(0);
		}
		usleep(300000);
		result("ioctl", ioctl(fd, 0));
		for (i = 0; i < 20; i++) {
			if (waitpid(pid, &st, WNOHANG) == pid)
				return 0;
			usleep(100000);
		}
		printf("child still blocked\n");
		kill(pid, 9);
		waitpid(pid, &st, 0);
		return 0;
	}
	if (!strcmp(argv[1], "poll") && argc == 4) {
		fd = open_or_die(argv[2], O_RDONLY | O_NONBLOCK);
		pfd.fd = fd;
		pfd.events = POLLIN;
		if (poll(&pfd, 1, atoi(argv[3])) == 1 && (pfd.revents & POLLIN))
			printf("pollin\n");
		else
			printf("timeout\n");
		return 0;
	}
	fprintf(stderr, "rawpipe: bad arguments\n");
	return 2;
}
