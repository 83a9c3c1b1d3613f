#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host fuzzing with libFuzzer (clang -fsanitize=fuzzer,address,undefined):
#
#   recordmcount  linux/scripts/recordmcount.c on mutated objects, seeded
#                 with the objects of tests/host/recordmcount (see
#                 fuzz_recordmcount.c for what is checked per input)
#   glob          ftrace_glob_match()/ftrace_glob_is_pattern() against
#                 fnmatch(3) and each other (fuzz_glob.c)
#   item          ftrace_split_item(), the filter item parser, against a
#                 copy of the code it replaced (fuzz_item.c)
#   filter        the event filter language of trace_events_filter.c
#                 against a recursive-descent reference (fuzz_filter.c,
#                 filter_ref.c): errors, carets, errno, verdicts on records
#   trigger       event_trigger_parse() of trace_events_trigger.c, with
#                 the real filter parser behind "if" (fuzz_trigger.c)
#
# filter and trigger build the kernel files unchanged: copied into a
# directory of their own with the real trace_events_internal.h, whose
# #include "trace.h" then finds filter_shim/trace.h; every <linux/...>
# header is filter_shim/'s.
#
# The targets share about a minute: each runs for FUZZ_TIME seconds
# (default 60 / the number of targets, 12 s) from a fixed seed.  Prints
# "ok - ..." / "not ok - ..." lines and "#" diagnostics (for a crash: the
# report and the input, base64); exits 1 if a target does not build or
# the fuzzer finds a crash.  Set FUZZ_ARTIFACTS=DIR to keep the crashing
# inputs, CLANG to pick the compiler, RECORDMCOUNT_SRC to fuzz another
# recordmcount.c (it must be named so), FILTER_SRC or TRIGGER_SRC another
# trace_events_filter.c or trace_events_trigger.c.  A crash is replayed
# with "FUZZER FILE".
#
# Needs: clang with libFuzzer (clang, libclang-rt-14-dev), gcc, base64,
# readelf.

set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../../.." && pwd)
ntargets=5	# recordmcount glob item filter trigger
T=${FUZZ_TIME:-$((60 / ntargets))}
rmsrc=${RECORDMCOUNT_SRC:-$repo/linux/scripts/recordmcount.c}
trace=$repo/linux/kernel/trace
filtersrc=${FILTER_SRC:-$trace/trace_events_filter.c}
triggersrc=${TRIGGER_SRC:-$trace/trace_events_trigger.c}
W=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-test.XXXXXX") || exit 1
shm=
trap 'rm -rf "$W" ${shm:+"$shm"}' EXIT
trap 'exit 130' INT TERM

# recordmcount writes a file per input: keep it off the disk if we can
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
	shm=$(mktemp -d /dev/shm/fuzz-test.XXXXXX) || shm=
fi
RMTMP=${shm:-$W}

nfail=0
report() {	# report STATUS DESCRIPTION [DIAG-FILE]
	if [ "$1" -eq 0 ]; then
		echo "ok - $2"
	else
		nfail=$((nfail + 1))
		echo "not ok - $2"
		[ -n "${3-}" ] && sed -e 's/^/# /' -e 60q "$3"
	fi
}

#
# The compiler.
#
CLANG=${CLANG:-}
if [ -z "$CLANG" ]; then
	for c in clang clang-14; do
		command -v $c >/dev/null && CLANG=$c && break
	done
fi
SAN="-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"
CFLAGS="-g -O1 $SAN -Wall -Wextra -Werror"
printf '#include <stddef.h>\n#include <stdint.h>\n%s\n' \
	'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return 0; }' \
	>"$W/probe.c"
if [ -z "$CLANG" ] ||
   ! $CLANG $SAN -o "$W/probe" "$W/probe.c" >"$W/diag" 2>&1; then
	[ -z "$CLANG" ] && echo "clang: not found" >"$W/diag"
	report 1 "clang with libFuzzer is available" "$W/diag"
	exit 1
fi
report 0 "clang with libFuzzer is available"

build() {	# build NAME CLANG-ARGS...
	name=$1
	shift
	mkdir -p "$W/$name"
	$CLANG $CFLAGS -o "$W/$name/fuzzer" "$@" >"$W/diag" 2>&1
	report $? "$name: fuzz target builds without warnings" "$W/diag"
	[ -x "$W/$name/fuzzer" ]
}

fuzz() {	# fuzz NAME LIBFUZZER-ARGS... (corpus dirs last)
	name=$1
	dir=$W/$name
	shift
	mkdir -p "$dir/corpus" "$dir/crashes"
	TMPDIR=$RMTMP ASAN_OPTIONS=quarantine_size_mb=64 \
		UBSAN_OPTIONS=print_stacktrace=1 \
		"$dir/fuzzer" -seed=1 -max_total_time="$T" -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$dir/crashes/" "$@" >"$dir/log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$dir/log")
	ncorp=$(ls "$dir/corpus" | wc -l)
	crashes=$(ls "$dir/crashes")
	if [ $rc -eq 0 ] && [ -z "$crashes" ] && [ -n "$execs" ]; then
		report 0 "$name: no crash in ${T}s ($execs executions)"
		echo "# $name: $rate exec/s, corpus $ncorp inputs"
		return
	fi
	{
		echo "fuzzer exit status $rc after ${execs:-?} executions"
		grep -a -E '^fuzz_|^==[0-9]+==ERROR|runtime error|^SUMMARY|^ +#[0-9] ' \
			"$dir/log" | head -30
		for c in $crashes; do
			echo "crashing input $dir/crashes/$c" \
			     "($(wc -c <"$dir/crashes/$c") bytes), base64:"
			head -c 6000 "$dir/crashes/$c" | base64 -w 76
			if [ "$name" = recordmcount ]; then
				echo "readelf -SW:"
				readelf -SW "$dir/crashes/$c" 2>&1 | head -40
			fi
		done
		if [ -n "$crashes" ] && [ -n "${FUZZ_ARTIFACTS:-}" ] &&
		   mkdir -p "$FUZZ_ARTIFACTS"; then
			cp "$dir/crashes/"* "$FUZZ_ARTIFACTS/" &&
				echo "copied to $FUZZ_ARTIFACTS"
		fi
	} >"$W/diag" 2>&1
	sed -i -e 1000q "$W/diag"
	nfail=$((nfail + 1))
	echo "not ok - $name: no crash in ${T}s"
	sed 's/^/# /' "$W/diag"
}

#
# recordmcount: seeds are the suite's sources compiled as the kernel
# compiles them, by gcc (and clang: .llvm_addrsig), with and without
# -ffunction-sections, plus objects recordmcount already processed.
#
if build recordmcount -I"$(dirname "$rmsrc")" "$here/fuzz_recordmcount.c"; then
	seeds=$W/recordmcount/seeds
	mkdir -p "$seeds"
	CF="-O2 -pg -mfentry -fno-pie -fno-asynchronous-unwind-tables -c"
	: >"$W/diag"
	ok=0
	for f in "$repo"/tests/host/recordmcount/*.[cS]; do
		b=$(basename "$f")
		gcc $CF -o "$seeds/$b.o" "$f" &&
			gcc $CF -ffunction-sections -mcmodel=kernel \
				-o "$seeds/$b.fs.o" "$f" &&
			$CLANG $CF -ffunction-sections \
				-o "$seeds/$b.clang.o" "$f" || ok=1
	done >>"$W/diag" 2>&1
	if gcc -O2 -o "$W/recordmcount/rm" "$rmsrc" \
		>>"$W/diag" 2>&1; then
		for f in "$seeds"/traced.c*.o "$seeds"/offsets.S.o; do
			cp "$f" "${f%.o}.done.o" &&
				"$W/recordmcount/rm" "${f%.o}.done.o"
		done >>"$W/diag" 2>&1
	fi
	[ $ok -eq 0 ] && [ "$(ls "$seeds" | wc -l)" -ge 10 ]
	report $? "recordmcount: seed corpus of $(ls "$seeds" | wc -l) objects" \
		"$W/diag"
	fuzz recordmcount -max_len=16384 \
		"$W/recordmcount/corpus" "$seeds"
fi

#
# glob: PATTERN NUL STRING.
#
if build glob -funsigned-char -I"$repo/tests/host/glob/shim" \
	-I"$repo/linux/kernel/trace" "$here/fuzz_glob.c" \
	"$repo/linux/kernel/trace/ftrace_glob.c"; then
	seeds=$W/glob/seeds
	mkdir -p "$seeds"
	i=0
	for c in 'sched*|schedule' '*lock|spin_lock' 'vfs_[rw]*|vfs_read' \
		 'vfs_[!rw]*|vfs_open' 'vfs_[^rw]*|vfs_read' 'cpu[0-9]|cpu7' \
		 'a\*b|a*b' '[]x]|]' '[!]x]|]' 'a[b|a[b' '**a**|a' \
		 '*a*a*b|aaaaaaaa' '[a-\]]|]' '?fs_read|vfs_read' '[z-a]|q'; do
		i=$((i + 1))
		printf '%s\0%s' "${c%%|*}" "${c#*|}" >"$seeds/$i"
	done
	printf '"%s"\n' '*' '?' '[' ']' '[!' '[^' '-' '\\' '\x00' \
		'\xff' >"$W/glob/dict"
	fuzz glob -max_len=130 -dict="$W/glob/dict" \
		"$W/glob/corpus" "$seeds"
fi

#
# item: one set_ftrace_filter write, split at whitespace into items.
#
if build item -I"$repo/tests/host/glob/shim" -I"$repo/linux/kernel/trace" \
	"$here/fuzz_item.c" "$repo/linux/kernel/trace/ftrace_glob.c"; then
	seeds=$W/item/seeds
	mkdir -p "$seeds"
	i=0
	for c in 'vfs_read' '!vfs_*' 'sched*:traceon' 'schedule:traceoff:5' \
		 '!*lock:stacktrace' '*:mod:ext4' ':mod:!ext4' '!:mod:x' \
		 'a:mod' 'a::' ':' '!' 'a:b:c:d' $'x y\tz'; do
		i=$((i + 1))
		printf '%s\n' "$c" >"$seeds/$i"
	done
	printf '"%s"\n' ':' '!' 'mod' ':mod:' 'traceon' 'stacktrace' ' ' \
		'\x09' '\x0a' >"$W/item/dict"
	fuzz item -max_len=256 -dict="$W/item/dict" \
		"$W/item/corpus" "$seeds"
fi

#
# filter and trigger: the kernel files in a directory of their own.
#
ksrc=$W/kernel
mkdir -p "$ksrc"
cp "$filtersrc" "$ksrc/trace_events_filter.c" &&
	cp "$triggersrc" "$ksrc/trace_events_trigger.c" &&
	cp "$trace/trace_events_internal.h" "$here/filter_shim/trace.h" "$ksrc/"
# the kernel's C (gnu11, unsigned char, its warnings off); misaligned
# loads are not checked: fine on x86, where a record's fields are only
# 4-byte aligned in the ring (the kernel's UBSAN_ALIGNMENT is off too)
KFLAGS="-std=gnu11 -funsigned-char -fno-strict-aliasing -Wno-sign-compare
	-Wno-unused-parameter -Wno-missing-field-initializers
	-fno-sanitize=alignment -I$here/filter_shim -I$ksrc"
# what both link, compiled once
FCOMMON=
: >"$W/diag"
for f in "$here/fuzz_event.c" "$here/filter_ref.c" "$here/filter_shim/shim.c" \
	 "$ksrc/trace_events_filter.c"; do
	o=$ksrc/$(basename "$f" .c).o
	# shellcheck disable=SC2086
	$CLANG $CFLAGS $KFLAGS -c -o "$o" "$f" >>"$W/diag" 2>&1 &&
		FCOMMON="$FCOMMON $o"
done
[ "$(echo $FCOMMON | wc -w)" -eq 4 ] && [ ! -s "$W/diag" ]
report $? "filter, trigger: trace_events_filter.c and the shared harness build without warnings" \
	"$W/diag"

rep() {	# rep STRING N: STRING N times
	local i r=
	for ((i = 0; i < $2; i++)); do r+=$1; done
	printf '%s' "$r"
}

join() {	# join TERM N SEP: N copies of TERM, SEP between them
	local i r=$1
	for ((i = 1; i < $2; i++)); do r+=$3$1; done
	printf '%s' "$r"
}

nseed=0
seed() {	# seed DIR TEXT BYTE...: a file of the BYTEs (numbers) and TEXT
	local dir=$1 text=$2 hdr
	shift 2
	nseed=$((nseed + 1))
	printf -v hdr '\\x%02x' "$@"
	# shellcheck disable=SC2059
	printf "$hdr%s" "$text" >"$dir/$nseed"
}

#
# filter: a byte choosing an allocation to fail, four bytes seeding the
# records, the filter.  Seeds: test.d's events/filter_*.tc and mainline's
# filter/ and trigger/ tests on the fake event's fields, every field and
# operator, the errors, and filters as long and deep as a page allows.
#
# shellcheck disable=SC2086
if build filter $KFLAGS "$here/fuzz_filter.c" $FCOMMON; then
	seeds=$W/filter/seeds
	mkdir -p "$seeds"
	fseed() {	# fseed FILTER [BYTE-0]
		local i=$((nseed + 1))
		seed "$seeds" "$1" "${2:-0}" $((i % 256)) $((i * 7 % 256)) \
			$((i * 13 % 256)) $((i * 31 % 256))
	}
	for c in 'prev_pid == 1' 'common_pid ==' 'foo == 1' \
		 'common_pid == abc' 'name > 3' '(common_pid == 1' \
		 'common_pid == 1 &&' 'common_pid == 1 ||' 'common_pid = 1' \
		 'name == "sh' 'name == sh' 'name ~ sh*' 'common_pid == 1)' \
		 '' '   common_pid   ==   3   ' 'dname ~ "*true"' \
		 'dname == "/bin/echo" || common_pid < 0' \
		 'comm != "true" && !(dname ~ "*echo")' \
		 'ip.function == schedule' 'ip.function == 0xffffffff81000010' \
		 'ip.function != vfs_read' 'ip.function == vfs_read.cold' \
		 'ip.function < schedule' 'ip.function == nosuch' \
		 '(ip.function == schedule )' '(ip.function == schedule)' \
		 's64.function == 0x1g' 'pname.function != x' \
		 'cpu.function == x' 's32.functionx == 1' 'ip.function ==' \
		 "ip.function == $(rep 9 30)" "ip.function == $(rep x 600)" \
		 "s32 == $(rep 0 23)1" "name == \"$(rep n 256)\"" \
		 'cpu & CPUS{0-3}' 'CPU == CPUS{1}' 'cpu != CPUS{0,2-3}' \
		 'mask == CPUS{1,3}' 'mask & CPUS{0-69:2/8}' 'mask != CPUS{N}' \
		 's32 & CPUS{0,2}' 'u8 == CPUS{all}' 'odd3 & CPUS{1}' \
		 'cpu < CPUS{1}' 'name == CPUS{1}' 'stk == CPUS{1}' \
		 'cpu & CPUS{}' 'cpu & CPUS{70}' 'cpu & CPUS[1]' 'cpu & CPUS{1' \
		 'mask == 0' 'mask ~ "x"' 'stk > 5' 'stk == "x"' \
		 'pname.ustring == "sh"' 'pname.ustring.function == x' \
		 's64.ustring < 0' \
		 'common_pid=0' 'common_pid==b' 'common_pid == s32' 'a' \
		 'u32 >= 0 && s32 >= 0' 'u32 >= 0 || s32 >= 0' \
		 's8 < -1' 'u8 >= 200' 's16 & 0x8000' 'u16 <= 65535' \
		 's32 > -2147483648' 'u32 != 0xffffffff' \
		 's64 < -9223372036854775808' 'u64 > 18446744073709551615' \
		 'u64 == 18446744073709551616' 's64 == -9223372036854775809' \
		 'odd3 == 0' 'odd5 != 0' 'odd16 > 0' 'odd3.function == x' \
		 'cb & 1' 'cpu == 0' 'CPU < 2' 'cpu > -1' 'COMM ~ "fu?z"' \
		 "comm == 'fuzz'" 'tag == "abc"' 'mask == ""' 'pname ~ "*"' \
		 'rname != "x"' 'name ~ "[a]*\"' 'name > "a"' 'comm & "x"' \
		 'cpu == "1"' 's32 == 0x' 's32 == 08' \
		 's32 == +5' 's32 == -+5' \
		 'cpu < 0 && common_pid >= 0 || cpu >= 0' \
		 'cpu >= 0 || cpu < 0 && common_pid < 0' \
		 '(cpu >= 0 || cpu < 0) && common_pid < 0' \
		 '!cpu < 0 && !(common_pid < 0 || cpu < 0)' \
		 '!(s32 == 1) && !(!(u8 == 0) || !s16 != 0)' '!= 1' '! = 1' \
		 '(!)' '()' '((s32 == 1) (u8 == 2))' 's32 == 1 s32' \
		 's32 &&& 1' 's32 <> 1' 's32 !== 1' 'name.function == "x"' \
		 'name.fun == 1' '.function == 1' "$(rep a 300) == 1" \
		 "s32 == $(rep 0 300)1" "s32 == 0$(rep 0 254)" \
		 $'\xe9t\xe9 == 1' $'\xa0s32 == 1\xa0' $'s32\x0b==\x0c1'; do
		fseed "$c"
	done
	# every field with every kind of value
	for f in common_type common_flags common_preempt_count common_pid \
		 s8 u8 s16 u16 s32 u32 s64 u64 ip odd3 odd5 odd16 name dname \
		 rname pname mask stk cb tag tail3 comm COMM cpu CPU; do
		for v in ' < 2' ' & CPUS{0-3}' ' ~ "a*"' '.function == schedule'; do
			fseed "$f$v"
		done
	done
	for b in 'common_pid == 1' 'common_pid == 1 || common_pid == 2' \
		 'common_pid == 1 && common_pid == 2' \
		 '!(common_pid == 1 || common_pid == 2)'; do
		for t in '&&' '||' '&& !' '|| !' '&& !! ' '|| !! '; do
			fseed "$b $t"
		done
	done
	fseed "$(join "$(rep '!' 30)cpu>=0" 101 '&&')"
	fseed "$(join "$(rep '!' 31)cpu>=0" 101 '||')"
	fseed "$(join "$(rep '!' 31)cpu>=0" 100 '||')||cpu>=0"
	fseed "$(rep '(' 1500)cpu>=0$(rep ')' 1500)"
	fseed "$(rep '!(' 1000)cpu>=0$(rep ')' 1000)"
	fseed "$(rep '!' 2000)cpu>=0"
	fseed "$(rep 'cpu>=0&&(' 400)cpu<0$(rep ')' 400)"
	fseed "$(join 'cpu<0' 399 '||')||cpu>=0"
	fseed "$(join 's32>=0' 500 '&&')&&cpu<0"
	fseed "$(join 'name ~ "*a*"' 250 ' || ')"
	fseed "$(rep '(' 2040)s8<0$(rep ')' 2040)"
	fseed "$(rep '(' 1500)s8<0$(rep ')' 1499)"
	fseed "$(rep '(' 1500)s8<0$(rep ')' 1501)"
	# the first allocations failing, on good filters and bad ones
	for b in 224 225 226 227 228 229 230 231 232; do
		fseed 's32 == 1 && name ~ "a*"' $b
		fseed 'common_pid ==' $b
	done
	fseed 'name == "abc" || (s8 < 0 && ip.function == schedule)' 236
	fseed '(s32 == 1' 225
	[ "$(ls "$seeds" | wc -l)" -ge 100 ]
	report $? "filter: seed corpus of $(ls "$seeds" | wc -l) filters"
	for d in s8 u8 s16 u16 s32 u32 s64 u64 ip odd3 odd5 odd16 name dname \
		 rname pname mask cb tag comm COMM cpu CPU common_pid \
		 common_type common_flags common_preempt_count .function \
		 schedule vfs_read '==' '!=' '<' '<=' '>' '>=' '&' '~' '&&' \
		 '||' '!' '(' ')' '\"' "'" '*' '?' ' ' '0' '1' '-1' '0x' '-' \
		 '0xffffffff81000000' '18446744073709551615' '\xa0' '\xe9' \
		 stk tail3 .ustring CPUS '{' '}' ',' N all ':' '/'; do
		printf '"%s"\n' "$d"
	done >"$W/filter/dict"
	fuzz filter -max_len=4101 -dict="$W/filter/dict" \
		"$W/filter/corpus" "$seeds"
fi

#
# trigger: a byte choosing an allocation to fail, one seeding the
# records, the command.  Seeds: test.d's events/triggers.tc and
# mainline's trigger/ tests on the fake event, and malformed commands.
#
# shellcheck disable=SC2086
if build trigger $KFLAGS "$here/fuzz_trigger.c" $FCOMMON \
	"$ksrc/trace_events_trigger.c"; then
	seeds=$W/trigger/seeds
	mkdir -p "$seeds"
	for c in 'traceon' 'traceoff' 'traceoff:5' 'snapshot' 'snapshot:1' \
		 'stacktrace' 'stacktrace:3 if s32 > 0' \
		 'snapshot if common_pid == 0' \
		 'enable_event:sched:sched_switch' \
		 'disable_event:sched:sched_switch:2 if comm == "sh"' \
		 'enable_event:nogroup:noevent' 'disable_event+1' \
		 'snapshot+1' 'stacktrace:foo' '!traceon' '!traceoff:5' \
		 '!enable_event:a:b' '!disable_event:a' '!traceon:bad if junk' \
		 'traceoff if a' 'traceoff if common_pid=0' \
		 'traceoff if common_pid==b' 'traceoff if common_pid == s32' \
		 'traceoff if u32 >= 0 && s32 >= 0' \
		 'traceoff if u32 >= 0 || s32 >= 0' 'traceon:-1' 'traceon:-0' \
		 'traceon:0x10' 'traceon:010' 'traceon:5:junk' \
		 'traceon:9223372036854775808' 'traceon if' 'traceon ifx' \
		 'traceon  if  cpu == 0  ' $'traceon\tif cpu==0' \
		 $'traceon:5\n if s8<0' $'traceon\nif s8<0' 'enable_event::x' \
		 'enable_event:a:' 'enable_event:a:b:c:d' 'hist:keys=pid' \
		 'traceon:count=4' 'traceon if ((s32' 'stacktrace if "a' \
		 'traceon if a)' '!' ':' 'traceon:' 'traceon::' \
		 "stacktrace if $(rep '!' 40)(s8 < 0)"; do
		seed "$seeds" "$c" 0 $((nseed * 37 % 256))
	done
	for b in 224 225 226 227 228 229 230; do
		seed "$seeds" 'enable_event:a:b:3 if s8 < 0' $b 1
		seed "$seeds" 'traceon if s8 <' $b 2
	done
	for d in traceon traceoff snapshot stacktrace enable_event \
		 disable_event sched sched_switch ':' '!' ' if ' ' ' '\x09' \
		 '\x0a' '0x' '-' 'comm' 's32' '==' '&&' '||' '(' ')' '\"'; do
		printf '"%s"\n' "$d"
	done >"$W/trigger/dict"
	fuzz trigger -max_len=4098 -dict="$W/trigger/dict" \
		"$W/trigger/corpus" "$seeds"
fi

[ $nfail -eq 0 ]
