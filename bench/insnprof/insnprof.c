// SPDX-License-Identifier: GPL-2.0
/*
 * insnprof: a QEMU TCG plugin that counts the guest kernel instructions
 * executed per translation block between two calls of a trigger address
 * (bench/insnprof/run.sh uses ksys_sync: the guest runs "sync; loop;
 * sync"), after the first skip=N calls.  It writes "vaddr insns executions" per block; profile.py
 * folds them into functions.  For finding where a traced call's
 * instructions go under -icount, where instructions are time.
 *
 * Built against QEMU's plugin API version 1 (QEMU 7.2, Debian 12); the
 * few declarations needed are below, so no QEMU headers are needed.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct {
	const char *target_name;
	struct { int min, cur; } version;
	bool system_emulation;
	union { struct { int smp_vcpus, max_vcpus; } system; };
} qemu_info_t;

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
		void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
		void (*cb)(unsigned int, void *), int flags, void *udata);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
		int op, void *ptr, uint64_t imm);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

struct block {
	uint64_t vaddr;
	uint64_t insns;
	uint64_t count;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct block **blocks;
static size_t nblocks, cap;
static uint64_t trigger;
static int hits, skip;
static const char *out = "insnprof.out";

static void dump(void)
{
	FILE *f = fopen(out, "w");
	size_t i;

	if (!f)
		return;
	for (i = 0; i < nblocks; i++)
		if (blocks[i]->count)
			fprintf(f, "%" PRIx64 " %" PRIu64 " %" PRIu64 "\n",
				blocks[i]->vaddr, blocks[i]->insns,
				blocks[i]->count);
	fclose(f);
}

static void on_trigger(unsigned int vcpu, void *udata)
{
	size_t i;

	pthread_mutex_lock(&lock);
	if (skip) {
		skip--;
	} else if (++hits == 1) {
		for (i = 0; i < nblocks; i++)
			blocks[i]->count = 0;
	} else if (hits == 2) {
		dump();
	}
	pthread_mutex_unlock(&lock);
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t va = qemu_plugin_tb_vaddr(tb);
	struct block *b;

	if (va == trigger)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_trigger, 0, NULL);
	if (va < 0xffffffff80000000ull)
		return;
	b = calloc(1, sizeof(*b));
	if (!b)
		return;
	b->vaddr = va;
	b->insns = qemu_plugin_tb_n_insns(tb);
	pthread_mutex_lock(&lock);
	if (nblocks == cap) {
		cap = cap ? 2 * cap : 65536;
		blocks = realloc(blocks, cap * sizeof(*blocks));
	}
	blocks[nblocks++] = b;
	pthread_mutex_unlock(&lock);
	qemu_plugin_register_vcpu_tb_exec_inline(tb, 0, &b->count, 1);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "trigger=", 8))
			trigger = strtoull(argv[i] + 8, NULL, 16);
		else if (!strncmp(argv[i], "out=", 4))
			out = argv[i] + 4;
		else if (!strncmp(argv[i], "skip=", 5))
			skip = atoi(argv[i] + 5);
	}
	if (!trigger)
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	return 0;
}
