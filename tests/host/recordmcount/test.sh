#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Host tests for linux/scripts/recordmcount.c.
#
# Builds recordmcount, runs it on small objects compiled with -pg -mfentry
# and checks the result with binutils (objdump/readelf/od), never with
# recordmcount itself.  Prints one "ok - ..." / "not ok - ..." line per
# check, with "#" diagnostics after failures; exits 1 if any check failed.
#
# Needs: gcc, binutils (ld, objdump, readelf, objcopy), cmp, dd, od.
# Set FUZZ_ITERS to change the number of mutated objects (default 300) and
# RECORDMCOUNT_SRC to test another copy of recordmcount.c.

set -u

here=$(cd "$(dirname "$0")" && pwd)
src=${RECORDMCOUNT_SRC:-$here/../../../linux/scripts/recordmcount.c}
W=$(mktemp -d "${TMPDIR:-/tmp}/recordmcount-test.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT
trap 'exit 130' INT TERM
RM=$W/recordmcount

# The kernel is built with -fno-pie (a PIE build calls __fentry__ through
# the GOT) and without unwind tables, which is when gas emits the fewest
# section symbols.  LCF is the same for objects linked into a test program.
CF="-O2 -pg -mfentry -fno-pie"
LCF="$CF -fno-asynchronous-unwind-tables"
KCF="$LCF -mcmodel=kernel"

ntest=0
nfail=0
: >"$W/diag"

report() {	# report STATUS DESCRIPTION; diagnostics come from $W/diag
	ntest=$((ntest + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok - $2"
	else
		nfail=$((nfail + 1))
		echo "not ok - $2"
		sed -e 's/^/# /' -e 60q "$W/diag"
	fi
	: >"$W/diag"
}

check() {	# check DESCRIPTION COMMAND...
	desc=$1
	shift
	"$@" >"$W/diag" 2>&1
	report $? "$desc"
}

# Awk helper: hex string (with or without 0x) to number.
HEX='function hex(s,  i, c, v) {
	v = 0; s = tolower(s); sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1))
		if (!c)
			break
		v = v * 16 + c - 1
	}
	return v
}'

# "section offset" of every call to __fentry__ that objdump -dr shows,
# or "BAD ..." if the relocated instruction does not start with e8.
fentry_sites() {
	objdump -dr "$1" | awk -F'\t' "$HEX"'
	/^Disassembly of section / {
		sec = $0
		sub(/^Disassembly of section /, "", sec)
		sub(/:$/, "", sec)
		split("", op)
		next
	}
	/R_X86_64_[A-Z0-9_]+\t__fentry__([-+]|$)/ {
		s = $0
		sub(/^[ \t]*/, "", s)
		split(s, f, ":")
		at = hex(f[1]) - 1
		if (op[at] == "e8")
			print sec, at
		else
			print "BAD", sec, at, "opcode", op[at]
		next
	}
	$1 ~ /^ *[0-9a-f]+:$/ && NF >= 2 {
		a = $1
		sub(/^ */, "", a)
		sub(/:$/, "", a)
		split($2, b, " ")
		op[hex(a)] = b[1]
	}'
}

# Only sections the kernel records (independent of recordmcount.c).
recorded_only() {
	awk 'function rec(s) {
		if (s == ".text.exit" || s ~ /^\.text\.exit\./)
			return 0
		if (s ~ /^\.text(\..*)?$/)
			return 1
		return s ~ /^\.(init|ref|sched|spinlock|irqentry|softirqentry|kprobes|cpuidle)\.text$/
	}
	$1 == "BAD" || rec($1)'
}

# "section offset symtype" for each relocation in .rela__mcount_loc,
# decoded from readelf's section, symbol and relocation tables.  Prints
# "BAD ..." for a relocation that is not R_X86_64_64 against a local
# symbol at the next 8-byte slot.
mcount_sites() {
	{
		readelf -SW "$1" | sed -n 's/^ *\[ *\([0-9]*\)\] /S \1 /p'
		readelf -sW "$1" | awk '$1 ~ /^[0-9]+:$/ { print "Y", $0 }'
		readelf -rW "$1" | awk '
		/^Relocation section/ {
			in_mc = index($0, "'"'"'.rela__mcount_loc'"'"'") > 0
			next
		}
		in_mc && / R_X86_64_/ { print "R", $0 }'
	} | awk "$HEX"'
	$1 == "S" { name[$2] = $3; next }
	$1 == "Y" {
		n = $2; sub(/:$/, "", n)
		val[n] = hex($3); type[n] = $5; bind[n] = $6; ndx[n] = $8
		next
	}
	$1 == "R" {
		sym = hex(substr($3, 1, 8))
		add = hex($NF)
		if ($(NF - 1) == "-")
			add = -add
		if ($4 != "R_X86_64_64" || hex($2) != 8 * nr ||
		    bind[sym] != "LOCAL" || !(ndx[sym] in name))
			print "BAD", $0, "bind", bind[sym]
		else
			print name[ndx[sym]], val[sym] + add, type[sym]
		nr++
	}'
}

# readelf -SW as "index name type address offset size es [flags] lk inf al";
# the flags column may be empty, so fields after it are counted from the end.
sections() {
	readelf -SW "$1" | sed -n 's/^ *\[ *\([0-9]*\)\] /\1 /p'
}

# shdr_field FILE NAME AWK-FIELD: e.g. '$5' (offset) or '$(NF - 1)' (info).
shdr_field() {
	sections "$1" | awk -v n="$2" '$2 == n { print '"$3"' }'
}

# readelf -rW without the symbol index and the __mcount_loc relocations.
other_relocs() {
	readelf -rW "$1" | awk '
	/^Relocation section/ { skip = index($0, "__mcount_loc") > 0 }
	!skip && NF { $2 = ""; print }'
}

# Sorted addresses of all calls to __fentry__ in linked program $1, except
# in .exit.text and .noinstr.text ("BAD addr" if the opcode is not e8).
binary_sites() {
	objdump -d "$1" | awk -F'\t' '
	/^Disassembly of section / { sec = $0 }
	$3 ~ /^call/ && $3 ~ /<__fentry__>$/ &&
	    sec !~ /\.(exit|noinstr)\.text:$/ {
		a = $1
		sub(/^ */, "", a)
		sub(/:$/, "", a)
		split($2, b, " ")
		print (b[1] == "e8" ? a : "BAD " a)
	}' | sort
}

# Sorted 8-byte little-endian values in __mcount_loc of linked program $1.
binary_mcount() {
	objcopy -O binary --only-section=__mcount_loc "$1" "$1.mcount" &&
		od -An -v -tx8 "$1.mcount" | tr -s ' ' '\n' | sed '/^$/d' |
		awk "$HEX"'{ printf "%x\n", hex($1) }' | sort
}

# Checks that .symtab lists all locals first and sh_info is the first
# global, the invariant the symbol insertion must keep.
symtab_ok() {
	inf=$(shdr_field "$1" .symtab '$(NF - 1)')
	readelf -sW "$1" | awk -v inf="$inf" '
	$1 ~ /^[0-9]+:$/ {
		n = $1; sub(/:$/, "", n)
		if (($5 == "LOCAL") != (n + 0 < inf + 0)) {
			print "symbol", n, "binding", $5, "sh_info", inf
			bad = 1
		}
	}
	END { exit bad }'
}

#
# Build.
#
gcc -O2 -Wall -Wextra -Wmissing-prototypes -Wstrict-prototypes \
	-o "$RM" "$src" >"$W/diag" 2>&1 && ! [ -s "$W/diag" ]
report $? "recordmcount builds without warnings"
if ! [ -x "$RM" ]; then
	echo "# cannot continue without recordmcount"
	exit 1
fi

#
# Crafted object in several build flavours.
#
# clang (if installed) adds .llvm_addrsig, which must be marked stale.
have_clang=false
command -v clang >/dev/null && command -v ld.lld >/dev/null && have_clang=true
flavours="default fsections kernel fsections-kernel cet"
$have_clang && flavours="$flavours clang"
for flavour in $flavours; do
	cc=gcc
	case $flavour in
	default)		flags="$CF" ;;
	fsections)		flags="$CF -ffunction-sections" ;;
	kernel)			flags="$KCF" ;;
	fsections-kernel)	flags="$KCF -ffunction-sections" ;;
	cet)			flags="$KCF -ffunction-sections -fcf-protection=branch" ;;
	clang)			flags="$KCF -ffunction-sections"; cc=clang ;;
	esac
	d=$W/$flavour
	mkdir "$d"
	o=$d/traced.o
	if ! $cc $flags -c -o "$o" "$here/traced.c" >"$W/diag" 2>&1; then
		report 1 "$flavour: compile traced.c"
		continue
	fi
	cp "$o" "$d/orig.o"
	chmod 640 "$o"

	"$RM" "$o" >"$d/out" 2>&1
	rc=$?
	cp "$d/out" "$W/diag"
	[ $rc -eq 0 ] && ! [ -s "$d/out" ]
	report $? "$flavour: exits 0 and is silent without -w"

	check "$flavour: file mode preserved" \
		test "$(stat -c %a "$o")" = 640
	check "$flavour: no temporary file left behind" \
		test "$(ls "$d" | wc -l)" -eq 3

	fentry_sites "$d/orig.o" >"$d/all"
	recorded_only <"$d/all" >"$d/expected"
	mcount_sites "$o" >"$d/actual"
	cut -d' ' -f1,2 "$d/actual" >"$d/actual2"
	check "$flavour: __mcount_loc lists exactly the recorded call sites, in order" \
		diff "$d/expected" "$d/actual2"
	check "$flavour: all relocations are R_X86_64_64 against local symbols" \
		sh -c '! grep BAD "$1"' - "$d/actual"
	check "$flavour: 11 sites, including .init.text and .sched.text" \
		sh -c 'test $(wc -l <"$1") -eq 11 &&
		       test $(grep -c "^\.init\.text " "$1") -eq 3 &&
		       grep -q "^\.sched\.text " "$1"' - "$d/expected"
	check "$flavour: .exit.text/.text.exit/.noinstr.text/.entry.text have calls, none recorded" \
		sh -c 'for s in .exit.text .text.exit .noinstr.text .entry.text; do
			grep -q "^$s " "$1" || exit 1
			! grep -q "^$s " "$2" || exit 1
		done' - "$d/all" "$d/actual"

	n=$(wc -l <"$d/expected")
	mc=$(sections "$o")
	check "$flavour: __mcount_loc is PROGBITS, A, align 8, 8 bytes per site" \
		sh -c 'echo "$1" | awk -v n="$2" '\''$2 == "__mcount_loc" {
			f = 1
			exit !($3 == "PROGBITS" && $(NF - 3) == "A" && $NF == 8 &&
			       $6 == sprintf("%06x", 8 * n))
		} END { if (!f) exit 1 }'\''' - "$mc" "$n"
	check "$flavour: .rela__mcount_loc is RELA, I, links .symtab and __mcount_loc" \
		sh -c 'echo "$1" | awk '\''
		$2 == ".symtab" { sym = $1 }
		$2 == "__mcount_loc" { mc = $1 }
		$2 == ".rela__mcount_loc" {
			r = $0; t = $3; es = $7
			fl = $(NF - 3); l = $(NF - 2); i = $(NF - 1)
		}
		END {
			if (r == "" || t != "RELA" || fl != "I" || es != 18 ||
			    l != sym || i != mc) { print r; exit 1 }
		}'\''' - "$mc"
	off=$(shdr_field "$o" __mcount_loc '$5')
	dd if="$o" bs=1 skip=$((0x$off)) count=$((8 * n)) 2>/dev/null |
		od -An -v -tx1 | tr -d ' \n' >"$d/contents"
	check "$flavour: __mcount_loc contents are zero" \
		sh -c '! grep -q "[^0]" "$1" && test $(wc -c <"$1") -eq $((16 * $2))' \
		- "$d/contents" "$n"
	check "$flavour: .symtab locals first, sh_info = first global" \
		symtab_ok "$o"
	other_relocs "$d/orig.o" >"$d/rel.orig"
	other_relocs "$o" >"$d/rel.new"
	check "$flavour: existing relocations still name the same symbols" \
		diff "$d/rel.orig" "$d/rel.new"
	objdump -dr "$d/orig.o" | sed 1,2d >"$d/dis.orig"
	objdump -dr "$o" | sed 1,2d >"$d/dis.new"
	check "$flavour: code and its relocations unchanged (objdump -dr)" \
		diff "$d/dis.orig" "$d/dis.new"

	cp "$o" "$d/once.o"
	"$RM" "$o" >"$W/diag" 2>&1
	rc=$?
	[ $rc -eq 0 ] && cmp "$o" "$d/once.o" >>"$W/diag" 2>&1
	report $? "$flavour: second run exits 0 and leaves the file identical"

	cp "$d/orig.o" "$d/w.o"
	"$RM" -w "$d/w.o" >/dev/null 2>"$d/warn"
	rc=$?
	cp "$d/warn" "$W/diag"
	[ $rc -eq 0 ] &&
		[ "$(grep -c 'warning.*\.exit\.text' "$d/warn")" -eq 1 ] &&
		[ "$(grep -c 'warning.*\.text\.exit' "$d/warn")" -eq 1 ] &&
		[ "$(grep -c 'warning.*\.noinstr\.text' "$d/warn")" -eq 1 ] &&
		[ "$(grep -c 'warning.*\.entry\.text' "$d/warn")" -eq 1 ] &&
		[ "$(wc -l <"$d/warn")" -eq 4 ] && cmp -s "$o" "$d/w.o"
	report $? "$flavour: -w warns once per ignored section, same output"

	if [ $flavour = clang ]; then
		check "$flavour: .llvm_addrsig present, marked stale (sh_link 0)" \
			sh -c 'test "$(echo "$1" | awk '\''$2 == ".llvm_addrsig" {
				print $(NF - 2) }'\'')" = 0' - "$mc"
	fi
done

# The paths the symbol choice can take must all have been exercised.
check "symbol choice: section symbol, local function and added section symbol all used" \
	sh -c 'grep -q " SECTION$" "$1/default/actual" &&
	       grep -q " FUNC$" "$1/fsections-kernel/actual" &&
	       n0=$(readelf -sW "$1/fsections-kernel/orig.o" | grep -c "SECTION") &&
	       n1=$(readelf -sW "$1/fsections-kernel/traced.o" | grep -c "SECTION") &&
	       test "$n1" -gt "$n0"' - "$W"

#
# Sites at non-zero offsets: local symbol with st_value != 0, weak-only
# and global-only sections (assembler input, no section symbols).
#
d=$W/offsets
mkdir "$d"
gcc -c -o "$d/offsets.o" "$here/offsets.S" >"$W/diag" 2>&1 &&
	cp "$d/offsets.o" "$d/orig.o" && "$RM" "$d/offsets.o" >>"$W/diag" 2>&1 &&
	fentry_sites "$d/orig.o" | recorded_only >"$d/expected" &&
	mcount_sites "$d/offsets.o" >"$d/actual" &&
	cut -d' ' -f1,2 "$d/actual" | diff "$d/expected" - >>"$W/diag" 2>&1 &&
	printf '%s\n' ".text.asm_local 16" ".text.asm_local 27" \
		".text.asm_weak 8" ".text.asm_global 4" ".text.asm_comdat 0" |
		diff - "$d/expected" >>"$W/diag" 2>&1
report $? "offsets: sites at non-zero offsets recorded exactly"
cp "$d/actual" "$W/diag"
grep -q '^\.text\.asm_local 16 FUNC$' "$d/actual" &&
	grep -q '^\.text\.asm_local 27 FUNC$' "$d/actual" &&
	grep -q '^\.text\.asm_weak 8 SECTION$' "$d/actual" &&
	grep -q '^\.text\.asm_global 4 SECTION$' "$d/actual" &&
	grep -q '^\.text\.asm_comdat 0 SECTION$' "$d/actual" &&
	! readelf -sW "$d/orig.o" | grep -q SECTION
report $? "offsets: local symbol used for .text.asm_local, section symbols added for the rest"
check "offsets: .symtab locals first, sh_info = first global" \
	symtab_ok "$d/offsets.o"
readelf -gW "$d/orig.o" >"$d/group.orig"
readelf -gW "$d/offsets.o" >"$d/group.new"
grep -q '\[asm_comdat\]' "$d/group.orig" &&
	diff "$d/group.orig" "$d/group.new" >"$W/diag"
report $? "offsets: COMDAT group keeps its signature symbol"

#
# Relocations need not be sorted: reverse .rela.text of the default object
# and the sites must still come out in address order.
#
d=$W/shuffle
mkdir "$d"
cp "$W/default/orig.o" "$d/rev.o"
roff=$((0x$(shdr_field "$d/rev.o" .rela.text '$5')))
rsize=$((0x$(shdr_field "$d/rev.o" .rela.text '$6')))
i=$((rsize / 24))
: >"$d/rela"
while [ $i -gt 0 ]; do
	i=$((i - 1))
	dd if="$d/rev.o" bs=1 skip=$((roff + 24 * i)) count=24 \
		2>/dev/null >>"$d/rela"
done
dd if="$d/rela" of="$d/rev.o" bs=1 seek=$roff conv=notrunc 2>/dev/null
readelf -rW "$d/rev.o" | awk '/^Relocation section .\.rela\.text. / { p = 1; next }
	p && / R_X86_64_/ { print $1 } p && !NF { exit }' >"$W/diag"
sort "$W/diag" | cmp -s - "$W/diag"
[ $? -ne 0 ] && [ "$(wc -l <"$W/diag")" -ge 4 ]
report $? "shuffle: .rela.text reversed (test setup)"
"$RM" "$d/rev.o" >"$W/diag" 2>&1 &&
	fentry_sites "$W/default/orig.o" | recorded_only >"$d/expected" &&
	mcount_sites "$d/rev.o" | cut -d' ' -f1,2 >"$d/actual" &&
	diff "$d/expected" "$d/actual" >"$W/diag" 2>&1
report $? "shuffle: sites recorded in section then address order"

#
# Objects with nothing to record are left alone.
#
d=$W/none
mkdir "$d"
gcc $CF -c -o "$d/notrace.o" "$here/notrace.c" &&
	gcc -O2 -c -o "$d/nopg.o" "$here/traced.c" &&
	gcc $KCF -ffunction-sections -c -o "$d/only-exit.o" -x c - <<'EOF'
void ext(int x);
__attribute__((section(".exit.text"))) void exit_fn(int x) { ext(x); }
EOF
report $? "compile objects without recordable sites"
for f in notrace nopg only-exit; do
	cp "$d/$f.o" "$d/$f.orig"
	"$RM" "$d/$f.o" >"$W/diag" 2>&1
	rc=$?
	[ $rc -eq 0 ] && ! [ -s "$W/diag" ] &&
		cmp "$d/$f.o" "$d/$f.orig" >>"$W/diag" 2>&1
	report $? "no sites ($f.o): exit 0, silent, byte-identical"
done
fentry_sites "$d/only-exit.o" >"$W/diag"
grep -q '^\.exit\.text ' "$W/diag"
report $? "only-exit.o does call __fentry__ (from .exit.text)"

#
# Link a static program, with a weak function overridden by a strong one,
# and check every __mcount_loc entry against the final binary.
#
prog_test() {	# prog_test LABEL CC LD
	d=$W/$1
	mkdir "$d"
	$2 -c -o "$d/entry.o" "$here/entry.S" &&
		$2 $LCF -ffunction-sections -c -o "$d/prog1.o" "$here/prog1.c" &&
		$2 $CF -c -o "$d/prog2.o" "$here/prog2.c"
	report $? "$1: compile with $2"
	"$RM" "$d/prog1.o" "$d/prog2.o" >"$W/diag" 2>&1
	report $? "$1: recordmcount on two objects in one run"
	$3 -o "$d/prog" "$d/entry.o" "$d/prog1.o" "$d/prog2.o" >"$W/diag" 2>&1
	report $? "$1: links with $3"
	"$d/prog" >"$W/diag" 2>&1
	report $? "$1: runs and exits 0"

	binary_mcount "$d/prog" >"$d/values" 2>"$W/diag"
	report $? "$1: extract __mcount_loc"
	binary_sites "$d/prog" >"$d/sites"
	check "$1: 8 traced functions outside .exit.text (incl. both weak_fn copies)" \
		test "$(wc -l <"$d/sites")" -eq 8
	check "$1: __mcount_loc values = addresses of e8 calls to __fentry__" \
		diff "$d/sites" "$d/values"
	# The weak copy stays in the binary (and is counted above), unnamed.
	nm "$d/prog" | grep ' weak_fn$' >"$W/diag"
	grep -q '^[0-9a-f]* T weak_fn$' "$W/diag"
	report $? "$1: strong weak_fn overrides the weak one"
}
prog_test prog gcc ld
if $have_clang; then
	prog_test clang-prog clang ld.lld
else
	echo "ok - clang-prog # SKIP clang or ld.lld not installed"
fi

#
# Many sections: 600 static/weak/global functions, one section each,
# linked and checked like prog.
#
d=$W/many
mkdir "$d"
awk 'BEGIN {
	n = 600
	print "int sink;"
	for (i = 0; i < n; i++) {
		if (i % 3 == 0)
			a = "static __attribute__((noinline))"
		else if (i % 3 == 1)
			a = "__attribute__((weak, noinline))"
		else
			a = "__attribute__((noinline))"
		printf "%s int f%d(int x) { sink += x; return x + %d; }\n", a, i, i
	}
	print "int prog_main(void)\n{\n\tint s = 0;"
	for (i = 0; i < n; i++)
		printf "\ts += f%d(%d);\n", i, i
	print "\treturn s == 1;\n}"
}' >"$d/many.c"
gcc $LCF -ffunction-sections -c -o "$d/many.o" "$d/many.c" \
	>"$W/diag" 2>&1 &&
	"$RM" "$d/many.o" >>"$W/diag" 2>&1 &&
	ld -o "$d/many" "$W/prog/entry.o" "$d/many.o" >>"$W/diag" 2>&1 &&
	"$d/many" >>"$W/diag" 2>&1
report $? "many: 600 function sections recorded, linked and run"
binary_mcount "$d/many" >"$d/values"
binary_sites "$d/many" >"$d/sites"
test "$(wc -l <"$d/sites")" -eq 601 && diff "$d/sites" "$d/values" >"$W/diag"
report $? "many: 601 __mcount_loc values = addresses of e8 calls to __fentry__"

#
# __fentry__'s address taken (absolute relocations, as callthunks.c's
# under call depth tracking), one after an 0xe8 byte too: not a site.
#
d=$W/address
mkdir "$d"
gcc $KCF -c -o "$d/address.o" "$here/address.S" >"$W/diag" 2>&1 &&
	gcc $KCF -c -o "$d/badtype.o" "$here/badtype.S" >>"$W/diag" 2>&1 &&
	"$RM" "$d/address.o" "$d/badtype.o" >>"$W/diag" 2>&1 &&
	mcount_sites "$d/address.o" >"$d/actual" &&
	printf '%s\n' ".text 0 SECTION" | diff - "$d/actual" >>"$W/diag" 2>&1 &&
	! readelf -SW "$d/badtype.o" | grep -q __mcount_loc
report $? "address: __fentry__'s address taken (R_X86_64_32S, _32, _64) is no site; the call beside it is"

#
# Errors: non-zero exit, one message naming the file, file untouched.
#
d=$W/bad
mkdir "$d"
gcc $KCF -c -o "$d/good.o" "$here/traced.c"
gcc $KCF -c -o "$d/notcall.src" "$here/notcall.S"
gcc -O2 -pg -mfentry -fpie -c -o "$d/pie.src" "$here/traced.c"
size=$(wc -c <"$d/good.o")
shoff=$(readelf -hW "$d/good.o" | awk '/Start of section headers/ { print $5 }')
symidx=$(readelf -SW "$d/good.o" | sed -n 's/^ *\[ *\([0-9]*\)\] \.symtab .*/\1/p')

patch() {	# patch FILE OFFSET OCTAL-ESCAPES
	printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

mkbad() {	# mkbad NAME: create $d/NAME.o, set $want to a message regex
	f=$d/$1.o
	cp "$d/good.o" "$f"
	case $1 in
	truncated)	head -c 200 "$d/good.o" >"$f"; want="out of range" ;;
	truncated-shdrs) head -c $((size - 10)) "$d/good.o" >"$f"
			want="out of range" ;;
	tiny)		head -c 10 "$d/good.o" >"$f"; want="not an ELF" ;;
	empty)		: >"$f"; want="not an ELF" ;;
	text)		echo "this is not an object file" >"$f"; want="not an ELF" ;;
	elf32)		patch "$f" 4 '\001'; want="64-bit" ;;
	big-endian)	patch "$f" 5 '\002'; want="little-endian" ;;
	aarch64)	patch "$f" 18 '\267\000'; want="machine 183" ;;
	i386)		patch "$f" 18 '\003\000'; want="machine 3" ;;
	exec)		patch "$f" 16 '\002\000'; want="relocatable" ;;
	shoff)		patch "$f" 40 '\000\000\000\000\000\001\000\000'
			want="header table out of range" ;;
	shoff-wrap)	patch "$f" 40 '\370\377\377\377\377\377\377\377'
			want="header table out of range" ;;
	shnum0)		patch "$f" 60 '\000\000'; want="extended section numbering" ;;
	shstrndx)	patch "$f" 62 '\360\000'; want="name string table" ;;
	sh_offset)	patch "$f" $((shoff + 64 * symidx + 24)) \
				'\377\377\377\377\000\000\000\000'
			want="section $symidx out of range" ;;
	notcall)	cp "$d/notcall.src" "$f"; want="not a call instruction" ;;
	pie)		cp "$d/pie.src" "$f"; want="relocation type 41 " ;;
	esac
}

for b in truncated truncated-shdrs tiny empty text elf32 big-endian aarch64 \
	 i386 exec shoff shoff-wrap shnum0 shstrndx sh_offset notcall pie; do
	mkbad $b
	cp "$f" "$d/$b.orig"
	"$RM" "$f" >"$d/err" 2>&1
	rc=$?
	{ echo "exit status $rc, want \"$want\""; cat "$d/err"; } >"$W/diag"
	[ $rc -ne 0 ] && [ $rc -lt 128 ] && [ "$(wc -l <"$d/err")" -eq 1 ] &&
		grep -q "^recordmcount: $f: .*$want" "$d/err" &&
		cmp -s "$f" "$d/$b.orig"
	report $? "bad input ($b): fails with one line naming the file (\"$want\"), untouched"
done
check "bad input: no temporary files left behind" \
	sh -c 'test -z "$(ls "$1" | grep -v "\.\(o\|orig\|src\)$" | grep -v "^err$")"' - "$d"

cp "$d/good.o" "$d/good2.o"
"$RM" "$d/text.o" "$d/good2.o" "$d/missing.o" >"$d/err" 2>&1
rc=$?
cp "$d/err" "$W/diag"
[ $rc -ne 0 ] && readelf -SW "$d/good2.o" | grep -q __mcount_loc &&
	grep -q "missing.o" "$d/err"
report $? "a bad file fails the run but the other files are still processed"

#
# Fuzz: randomly mutated objects must never crash recordmcount and must
# stay untouched whenever it reports an error.  Uses a sanitizer build
# when the toolchain supports one.
#
FZ=$W/recordmcount-san
if gcc -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
	-o "$FZ" "$src" >/dev/null 2>&1; then
	san="ASan/UBSan build"
else
	FZ=$RM
	san="plain build"
fi
d=$W/fuzz
mkdir "$d"
gcc $KCF -ffunction-sections -c -o "$d/seed.o" "$here/traced.c"
seedsize=$(wc -c <"$d/seed.o")
seedshoff=$(readelf -hW "$d/seed.o" | awk '/Start of section headers/ { print $5 }')
iters=${FUZZ_ITERS:-300}
# One line per iteration: "offset octal-byte" pairs, biased towards the
# ELF and section headers.
awk -v n="$iters" -v size="$seedsize" -v shoff="$seedshoff" 'BEGIN {
	srand(12345)
	for (i = 0; i < n; i++) {
		line = ""
		k = 1 + int(rand() * 4)
		for (j = 0; j < k; j++) {
			r = rand()
			if (r < 0.3)
				off = int(rand() * 64)
			else if (r < 0.8)
				off = shoff + int(rand() * (size - shoff))
			else
				off = int(rand() * size)
			line = line sprintf(" %d %o", off, int(rand() * 256))
		}
		print line
	}
}' >"$d/plan"
: >"$W/diag"
i=0
fuzzbad=0
while read -r line; do
	i=$((i + 1))
	f=$d/m.o
	cp "$d/seed.o" "$f"
	set -- $line
	while [ $# -ge 2 ]; do
		patch "$f" "$1" "\\$2"
		shift 2
	done
	cp "$f" "$d/m.orig"
	ASAN_OPTIONS=exitcode=99 UBSAN_OPTIONS=exitcode=98 \
		"$FZ" "$f" >"$d/err" 2>&1
	rc=$?
	if [ $rc -gt 1 ] || grep -q "Sanitizer\|runtime error" "$d/err" ||
	   { [ $rc -ne 0 ] && ! cmp -s "$f" "$d/m.orig"; }; then
		fuzzbad=$((fuzzbad + 1))
		{ echo "iteration $i (patches:$line) exit $rc"
		  head -5 "$d/err"; } >>"$W/diag"
	fi
done <"$d/plan"
[ "$i" -eq "$iters" ] && [ $fuzzbad -eq 0 ]
report $? "fuzz: $iters mutated objects ($san): no crash, untouched on error"

echo "# $ntest checks, $nfail failed"
[ $nfail -eq 0 ]
