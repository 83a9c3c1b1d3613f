// SPDX-License-Identifier: GPL-2.0
/*
 * What the block layer's trace events need from the tracer: the rwbs
 * string (include/trace/events/block.h, bcachefs, and the users of
 * blk_fill_rwbs() in drivers).  blktrace itself (BLK_DEV_IO_TRACE, the
 * relay channel and the "blk" tracer) is not built yet: Kconfig does not
 * offer it, so blktrace_api.h gives its stubs.
 *
 * Locking: none; a pure function of its argument.
 */
#include <linux/array_size.h>
#include <linux/blk_types.h>
#include <linux/blktrace_api.h>
#include <linux/export.h>

/*
 * The operation's letters, then the flags' in this order: the rwbs field
 * of mainline 6.12's block_* events and blkparse's RWBS column ("FWFS",
 * "RA", "DE", "N"...).  At most 7 characters and the NUL: RWBS_LEN.
 */
static const struct {
	blk_opf_t flag;
	char c;
} rwbs_flags[] = {
	{ REQ_FUA, 'F' },
	{ REQ_RAHEAD, 'A' },
	{ REQ_SYNC, 'S' },
	{ REQ_META, 'M' },
};

static const char *rwbs_op(blk_opf_t opf)
{
	switch (opf & REQ_OP_MASK) {
	case REQ_OP_READ:
		return "R";
	case REQ_OP_WRITE:
		return "W";
	case REQ_OP_FLUSH:
		return "F";
	case REQ_OP_DISCARD:
		return "D";
	case REQ_OP_SECURE_ERASE:
		return "DE";
	default:
		return "N";
	}
}

/**
 * blk_fill_rwbs - the letters of a block operation and its flags
 * @rwbs: room for RWBS_LEN characters
 * @opf: the request's operation and flags
 */
void blk_fill_rwbs(char *rwbs, blk_opf_t opf)
{
	const char *op = rwbs_op(opf);
	unsigned int i;

	if (opf & REQ_PREFLUSH)
		*rwbs++ = 'F';
	while (*op)
		*rwbs++ = *op++;
	for (i = 0; i < ARRAY_SIZE(rwbs_flags); i++)
		if (opf & rwbs_flags[i].flag)
			*rwbs++ = rwbs_flags[i].c;
	*rwbs = '\0';
}
EXPORT_SYMBOL_GPL(blk_fill_rwbs);
