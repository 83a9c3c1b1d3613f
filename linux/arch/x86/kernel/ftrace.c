// SPDX-License-Identifier: GPL-2.0
/*
 * x86 code patching for the function tracer.
 *
 * A site holds one of these 5-byte instructions: the compiler's
 * "call __fentry__" until boot (or module load) turns it into a NOP, and
 * then that NOP, "call ftrace_caller", "call ftrace_regs_caller" (some
 * ops wants a full pt_regs there) or a call to a direct trampoline (its
 * only ops is a direct one, see register_ftrace_direct()).  Every change first checks that the
 * site holds what it should; a site that does not is never written.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/memory.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>
#include <asm/nops.h>
#include <asm/sync_core.h>
#include <asm/text-patching.h>

static void site_call(unsigned long ip, void *target, u8 *insn)
{
	memcpy(insn, text_gen_insn(CALL_INSN_OPCODE, (void *)ip, target),
	       MCOUNT_INSN_SIZE);
}

/* Does the site hold @want, the call to @target (0: a NOP)? */
static int site_expect(unsigned long ip, const u8 *want, unsigned long target)
{
	u8 cur[MCOUNT_INSN_SIZE];

	if (copy_from_kernel_nofault(cur, (void *)ip, MCOUNT_INSN_SIZE)) {
		pr_err("cannot read site %pS\n", (void *)ip);
		return -EFAULT;
	}
	if (!memcmp(cur, want, MCOUNT_INSN_SIZE))
		return 0;
	if (target)
		pr_err("site %pS holds %5ph, expected call %ps %5ph\n",
		       (void *)ip, cur, (void *)target, want);
	else
		pr_err("site %pS holds %5ph, expected nop %5ph\n",
		       (void *)ip, cur, want);
	return -EINVAL;
}

/*
 * call __fentry__ -> NOP, on code that cannot run yet: the kernel before
 * SMP comes up, or a module that is still being loaded.
 */
int __init_or_module ftrace_arch_init_site(unsigned long ip)
{
	u8 call[MCOUNT_INSN_SIZE];
	int ret;

	site_call(ip, __fentry__, call);
	ret = site_expect(ip, call, (unsigned long)__fentry__);
	if (ret)
		return ret;
	text_poke_early((void *)ip, x86_nops[MCOUNT_INSN_SIZE], MCOUNT_INSN_SIZE);
	return 0;
}

/*
 * ftrace_arch_init_site() for the kernel's sites at boot: start_kernel()
 * runs alone with irqs off and the text still writable, so a site that
 * holds the call is NOPed in place, as text_poke_early() would, and
 * ftrace_arch_init_boot_done() serializes once for all of them.  Anything
 * else gets the careful path.  __init_or_module: the caller is.
 */
int __init_or_module ftrace_arch_init_boot_site(unsigned long ip)
{
	const u8 *p = (const u8 *)ip;
	s32 rel = (long)__fentry__ - (long)(ip + MCOUNT_INSN_SIZE);

	if (!core_kernel_text(ip) || p[0] != CALL_INSN_OPCODE ||
	    get_unaligned((const s32 *)(p + 1)) != rel)
		return ftrace_arch_init_site(ip);
	memcpy((void *)ip, x86_nops[MCOUNT_INSN_SIZE], MCOUNT_INSN_SIZE);
	return 0;
}

void __init_or_module ftrace_arch_init_boot_done(void)
{
	sync_core();
}

/* the 5 bytes of a site that calls @target, or a NOP if @target is 0 */
static void site_insn(unsigned long ip, unsigned long target, u8 *insn)
{
	if (!target)
		memcpy(insn, x86_nops[MCOUNT_INSN_SIZE], MCOUNT_INSN_SIZE);
	else
		site_call(ip, (void *)target, insn);
}

/*
 * Site from calling @from to calling @to (0: a NOP) on live code:
 * ftrace_caller, ftrace_regs_caller or a direct trampoline.
 * text_poke_queue() batches the changes and applies them with the int3
 * protocol, so other CPUs may run the site meanwhile (the int3 handler
 * emulates the new call).  Caller holds text_mutex, then calls
 * ftrace_arch_update_finish().
 */
int ftrace_arch_update_site(unsigned long ip, unsigned long from,
			    unsigned long to)
{
	u8 old[MCOUNT_INSN_SIZE], new[MCOUNT_INSN_SIZE];
	int ret;

	lockdep_assert_held(&text_mutex);
	site_insn(ip, from, old);
	site_insn(ip, to, new);
	ret = site_expect(ip, old, from);
	if (ret)
		return ret;
	text_poke_queue((void *)ip, new, MCOUNT_INSN_SIZE, NULL);
	return 0;
}

/* The target of the call at the site @ip, or 0 if it holds no call. */
unsigned long ftrace_arch_site_call(unsigned long ip)
{
	u8 cur[MCOUNT_INSN_SIZE];
	s32 rel;

	if (copy_from_kernel_nofault(cur, (void *)ip, MCOUNT_INSN_SIZE) ||
	    cur[0] != CALL_INSN_OPCODE)
		return 0;
	memcpy(&rel, cur + 1, sizeof(rel));
	return ip + MCOUNT_INSN_SIZE + rel;
}

void ftrace_arch_update_finish(void)
{
	lockdep_assert_held(&text_mutex);
	text_poke_finish();
}
