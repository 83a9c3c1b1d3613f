#!/bin/bash
# objtool-check.sh SRCDIR OBJDIR: our objects, built for x86_64_defconfig
# plus the tracer (return thunks, SRSO, call depth tracking, IBT, ORC),
# checked by objtool with the options Kbuild gives it for vmlinux.o
# (scripts/Makefile.lib, objtool-args-y) for that configuration.  Prints
# each warning; fails if there is any.  Minutes, not the hour a whole
# defconfig kernel takes.
set -euo pipefail
src=$1 obj=$2
objs="arch/x86/kernel/ftrace_64.o arch/x86/kernel/ftrace.o kernel/fork.o kernel/exit.o"
# -fstack-usage: the .su files tests/host/objtool reads (the code is the same)
make -s -C "$src" O="$obj" -j"$(nproc)" KCFLAGS=-fstack-usage $objs kernel/trace/ >/dev/null
args=()
on() { grep -q "^CONFIG_$1=y" "$obj/.config"; }
on HAVE_JUMP_LABEL_HACK && args+=(--hacks=jump_label)
on HAVE_NOINSTR_HACK && args+=(--hacks=noinstr)
on MITIGATION_CALL_DEPTH_TRACKING && args+=(--hacks=skylake)
on X86_KERNEL_IBT && args+=(--ibt)
on FINEIBT && args+=(--cfi)
on UNWINDER_ORC && args+=(--orc)
on MITIGATION_RETPOLINE && args+=(--retpoline)
on MITIGATION_RETHUNK && args+=(--rethunk)
on MITIGATION_SLS && args+=(--sls)
on STACK_VALIDATION && args+=(--stackval)
on HAVE_STATIC_CALL_INLINE && args+=(--static-call)
on HAVE_UACCESS_VALIDATION && args+=(--uaccess)
on PREFIX_SYMBOLS &&
	args+=(--prefix="$(sed -n 's/^CONFIG_FUNCTION_PADDING_BYTES=//p' "$obj/.config")")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
for o in $objs $(cd "$obj" && ls kernel/trace/*.o | grep -v built-in); do
	cp "$obj/$o" "$tmp/o.o"
	out=$("$obj/tools/objtool/objtool" "${args[@]}" --link "$tmp/o.o" 2>&1 || true)
	if [ -n "$out" ]; then
		echo "$o: ${out//$tmp\/o.o: /}"
		bad=1
	fi
done
# returns go through the return thunk: no bare ret left in our assembly
if on MITIGATION_RETHUNK; then
	rets=$(objdump -d "$obj/arch/x86/kernel/ftrace_64.o" | grep -cE '\sret\s*$' || true)
	if [ "$rets" != 0 ]; then
		echo "arch/x86/kernel/ftrace_64.o: $rets bare ret instruction(s) under MITIGATION_RETHUNK"
		bad=1
	fi
fi
echo "  OBJTOOL ${args[*]}: $([ $bad = 0 ] && echo clean || echo warnings)"
exit $bad
