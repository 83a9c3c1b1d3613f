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
#
# Each target runs for FUZZ_TIME seconds (default 16, about a minute in
# all) from a fixed seed.  Prints "ok - ..." / "not ok - ..." lines and
# "#" diagnostics (for a crash: the report and the input, base64); exits
# 1 if a target does not build or the fuzzer finds a crash.  Set
# FUZZ_ARTIFACTS=DIR to keep the crashing inputs, CLANG to pick the
# compiler, RECORDMCOUNT_SRC to fuzz another recordmcount.c (it must be
# named so).  A crash is replayed with "FUZZER FILE".
#
# Needs: clang with libFuzzer (clang, libclang-rt-14-dev), gcc, base64,
# readelf.

set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../../.." && pwd)
T=${FUZZ_TIME:-16}
rmsrc=${RECORDMCOUNT_SRC:-$repo/linux/scripts/recordmcount.c}
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

[ $nfail -eq 0 ]
