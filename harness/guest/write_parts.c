// SPDX-License-Identifier: GPL-2.0
/*
 * write_parts: open FILE for writing (O_TRUNC, as the shell's ">"; -a:
 * O_APPEND, as ">>") and give each PART to one write(2) on that open
 * file, then close it.  A PART takes the escapes \n, \t, \\, \0 and \xHH
 * (so that a NUL can be in the middle of one write); "@PATH" is the
 * content of PATH instead, in one write.  No PART: open and close only.
 * Prints one word a write, separated by blanks: "ok" when it wrote all
 * its bytes, "short:N" when it wrote only N, the errno's name (EINVAL,
 * ...) when it failed; "none" when there was no PART, "open:ENAME" when
 * the open failed.  Exits 0 when every write wrote all its bytes, 1
 * otherwise.
 *
 *   write_parts [-a] FILE [PART...]
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *ename(int e)
{
	static char other[16];

	switch (e) {
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case ESRCH: return "ESRCH";
	case EINTR: return "EINTR";
	case EIO: return "EIO";
	case ENXIO: return "ENXIO";
	case E2BIG: return "E2BIG";
	case EBADF: return "EBADF";
	case EAGAIN: return "EAGAIN";
	case ENOMEM: return "ENOMEM";
	case EACCES: return "EACCES";
	case EFAULT: return "EFAULT";
	case EBUSY: return "EBUSY";
	case EEXIST: return "EEXIST";
	case ENODEV: return "ENODEV";
	case ENOTDIR: return "ENOTDIR";
	case EISDIR: return "EISDIR";
	case EINVAL: return "EINVAL";
	case ENFILE: return "ENFILE";
	case EMFILE: return "EMFILE";
	case ENOSPC: return "ENOSPC";
	case ESPIPE: return "ESPIPE";
	case EROFS: return "EROFS";
	case EPIPE: return "EPIPE";
	case EDOM: return "EDOM";
	case ERANGE: return "ERANGE";
	case EDEADLK: return "EDEADLK";
	case ENAMETOOLONG: return "ENAMETOOLONG";
	case ENOSYS: return "ENOSYS";
	case ENOTEMPTY: return "ENOTEMPTY";
	case ELOOP: return "ELOOP";
	case ENODATA: return "ENODATA";
	case EOVERFLOW: return "EOVERFLOW";
	case EILSEQ: return "EILSEQ";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case ETIMEDOUT: return "ETIMEDOUT";
	case EALREADY: return "EALREADY";
	case ECANCELED: return "ECANCELED";
	}
	snprintf(other, sizeof(other), "E%d", e);
	return other;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* decode the escapes of @s into a new buffer; its length in @len */
static char *unescape(const char *s, size_t *len)
{
	char *out = malloc(strlen(s) + 1);
	size_t n = 0;

	if (!out)
		exit(2);
	while (*s) {
		if (*s != '\\' || !s[1]) {
			out[n++] = *s++;
			continue;
		}
		s++;
		switch (*s) {
		case 'n':
			out[n++] = '\n';
			break;
		case 't':
			out[n++] = '\t';
			break;
		case '0':
			out[n++] = '\0';
			break;
		case 'x':
			if (hexval(s[1]) >= 0 && hexval(s[2]) >= 0) {
				out[n++] = hexval(s[1]) * 16 + hexval(s[2]);
				s += 2;
				break;
			}
			out[n++] = 'x';
			break;
		default:
			out[n++] = *s;
			break;
		}
		s++;
	}
	*len = n;
	return out;
}

/* the content of @path, in @len */
static char *slurp(const char *path, size_t *len)
{
	struct stat st;
	char *buf;
	ssize_t r;
	size_t n = 0;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st)) {
		perror(path);
		exit(2);
	}
	buf = malloc(st.st_size + 1);
	if (!buf)
		exit(2);
	while (n < (size_t)st.st_size) {
		r = read(fd, buf + n, st.st_size - n);
		if (r <= 0)
			break;
		n += r;
	}
	close(fd);
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	int flags = O_WRONLY | O_TRUNC;
	int i = 1, fd, ok = 1;
	const char *sep = "";

	if (argc > 1 && !strcmp(argv[1], "-a")) {
		flags = O_WRONLY | O_APPEND;
		i++;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: write_parts [-a] FILE [PART...]\n");
		return 2;
	}
	fd = open(argv[i], flags);
	if (fd < 0) {
		printf("open:%s\n", ename(errno));
		return 1;
	}
	for (i++; i < argc; i++) {
		size_t len;
		char *buf;
		ssize_t r;

		if (argv[i][0] == '@')
			buf = slurp(argv[i] + 1, &len);
		else
			buf = unescape(argv[i], &len);
		r = write(fd, buf, len);
		if (r < 0) {
			printf("%s%s", sep, ename(errno));
			ok = 0;
		} else {
			if ((size_t)r == len) {
				printf("%sok", sep);
			} else {
				printf("%sshort:%zd", sep, r);
				ok = 0;
			}
		}
		sep = " ";
		free(buf);
	}
	printf("%s\n", *sep ? "" : "none");
	close(fd);
	return !ok;
}
