# Build Debian's linux-source-6.12 with our function tracer in place of
# upstream's, boot it under QEMU, run the selftests.
#
#   make run     build, boot, shell in /sys/kernel/tracing
#   make check   build, host tests, boot, ftracetest; last line "N passed, N failed"
#
# Everything generated lives under build/ (git-ignored).

SHELL      := /bin/bash
TOP        := $(abspath .)
B          := $(TOP)/build
SRC        := $(B)/src
OBJ        := $(B)/obj
TARBALL    := /usr/src/linux-source-6.12.tar.xz
CONFIGS    := configs/qemu.config
JOBS       ?= $(shell nproc)
KMAKE       = $(MAKE) -C $(SRC) O=$(OBJ) -j$(JOBS) -s KBUILD_BUILD_USER=ftrace \
	      KBUILD_BUILD_HOST=qemu

DEBS := linux-source-6.12 qemu-system-x86 busybox-static gcc make binutils \
	bc flex bison libelf-dev libssl-dev cpio xz-utils kmod python3 \
	libc6-dev file linux-perf trace-cmd clang libclang-rt-14-dev \
	libtraceevent-dev

.PHONY: all deps kernel initramfs run check host-check guest-check clean distclean bench conformance defconfig-kernel objtool-check nograph-kernel debug-kernel debug-check debug-stress patches stress kernelshark-shot
all: kernel

# Install whatever is missing; a no-op on a machine that has it all.
deps: $(B)/.deps
$(B)/.deps:
	@mkdir -p $(B)
	@missing=$$(for p in $(DEBS); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
		grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "  APT     $$missing"; \
		SUDO=$$( [ $$(id -u) = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq \
			--no-install-recommends $$missing >/dev/null || exit 1; \
	fi
	@touch $@

# Extract, strip upstream's tracer, apply patches.  Redone from scratch
# only when the tarball, the strip list or a patch changes.
PATCHES := $(sort $(wildcard patches/*.patch))
$(B)/.prepared: $(B)/.deps strip.list $(PATCHES) harness/prepare.sh
	@harness/prepare.sh $(TARBALL) $(SRC) strip.list $(PATCHES)
	@rm -f $(OBJ)/.config
	@touch $@

# Lay linux/ over the tree; copies only files whose content changed, so
# Kbuild rebuilds only what they affect.
.PHONY: overlay
overlay: $(B)/.prepared
	@harness/overlay.sh linux $(SRC) $(B)/overlay.manifest

$(OBJ)/.config: $(B)/.prepared $(CONFIGS) harness/mkconfig.sh $(shell find linux -name "Kconfig*") | overlay
	@harness/mkconfig.sh $(SRC) $(OBJ) $(CONFIGS)

kernel: overlay $(OBJ)/.config
	@echo "  KERNEL  linux-source-6.12 $$(dpkg-query -W -f='$${Version}' linux-source-6.12)"
	@$(KMAKE) bzImage modules
	@rm -rf $(B)/modroot
	@$(KMAKE) INSTALL_MOD_PATH=$(B)/modroot INSTALL_MOD_STRIP=1 \
		modules_install >/dev/null
	@echo "  BUILT   $(OBJ)/arch/x86/boot/bzImage"

initramfs: kernel
	@harness/mkinitramfs.sh $(B)/initramfs.cpio.gz $(B)/modroot \
		linux/tools/testing/selftests/ftrace

run: initramfs
	@harness/qemu.sh run $(OBJ)/arch/x86/boot/bzImage $(B)/initramfs.cpio.gz

host-check: overlay
	@tests/host/run.sh $(B)/host

guest-check: initramfs
	@harness/qemu.sh check $(OBJ)/arch/x86/boot/bzImage \
		$(B)/initramfs.cpio.gz $(B)/guest.log; rc=$$?; \
		tests/host/tracedat/check.sh $(B)/guest.ttyS1 && exit $$rc

# Host tests (on the prepared tree: the Kconfig check reads it), then the
# kernel and the guest (our selftests, then the host's half of the
# trace.dat export, a boot that crashes on purpose for ftrace_dump_on_oops, mainline's against bench/conformance-expected.txt, a
# short stress); one summary line over all.
# A kernel that fails to build or boot counts as a failure.
check: overlay
	@rm -f $(B)/host.log $(B)/guest.result $(B)/host.rc $(B)/guest.rc
	@tests/host/run.sh $(B)/host | tee $(B)/host.log; \
		echo $${PIPESTATUS[0]} > $(B)/host.rc
	@rm -f $(B)/conformance.result $(B)/stress-short.result
	@if $(MAKE) --no-print-directory initramfs; then \
		harness/qemu.sh check $(OBJ)/arch/x86/boot/bzImage \
			$(B)/initramfs.cpio.gz $(B)/guest.log; echo $$? > $(B)/guest.rc; \
		tests/host/tracedat/check.sh $(B)/guest.ttyS1 | tee -a $(B)/host.log; \
		tests/host/crashdump/check.sh $(OBJ)/arch/x86/boot/bzImage \
			$(B)/initramfs.cpio.gz $(B)/crash.log | tee -a $(B)/host.log; \
		bench/conformance.sh $(TARBALL) $(B) $(OBJ)/arch/x86/boot/bzImage || true; \
		GUEST_CMDLINE="STRESS_ITERS=$(CHECK_STRESS_ITERS)" QEMU_TIMEOUT=1200 \
			harness/qemu.sh stress $(OBJ)/arch/x86/boot/bzImage \
			$(B)/initramfs.cpio.gz $(B)/stress-short.log || true; \
	else echo "check: kernel build failed"; echo 1 > $(B)/guest.rc; fi
	@harness/summary.sh $(B)

# Tracers, filters, pid filters, commands and the profiler switched under
# load on both CPUs (harness/stress.sh); a splat, a hang, an event neither
# read nor counted, or slab growth fails it.  make check runs a short form.
STRESS_ITERS ?= 2000
CHECK_STRESS_ITERS ?= 100
stress: initramfs
	@GUEST_CMDLINE="STRESS_ITERS=$(STRESS_ITERS)" QEMU_TIMEOUT=$${QEMU_TIMEOUT:-5400} \
		harness/qemu.sh stress $(OBJ)/arch/x86/boot/bzImage \
		$(B)/initramfs.cpio.gz $(B)/stress.log

clean:
	@[ ! -d $(OBJ) ] || $(KMAKE) clean

bench:
	@bench/run.sh

# Build tests: x86_64_defconfig plus the tracer, and the QEMU kernel
# without the graph tracer (each in its own build directory).
defconfig-kernel: overlay
	@BASE=x86_64_defconfig harness/mkconfig.sh $(SRC) $(B)/defconfig configs/ftrace.config
	@$(MAKE) -C $(SRC) O=$(B)/defconfig -j$(JOBS) -s bzImage modules
	@echo "  BUILT   $(B)/defconfig/arch/x86/boot/bzImage"

# objtool on our objects as a defconfig kernel (every mitigation) builds
# them: return thunks, ORC, IBT; minutes instead of a whole kernel
objtool-check: overlay
	@BASE=x86_64_defconfig harness/mkconfig.sh $(SRC) $(B)/defconfig configs/ftrace.config
	@harness/objtool-check.sh $(SRC) $(B)/defconfig

nograph-kernel: overlay
	@grep -v FUNCTION_GRAPH_ configs/qemu.config > $(B)/qemu-nograph.config
	@harness/mkconfig.sh $(SRC) $(B)/nograph $(B)/qemu-nograph.config configs/nograph.config
	@$(MAKE) -C $(SRC) O=$(B)/nograph -j$(JOBS) -s bzImage
	@echo "  BUILT   $(B)/nograph/arch/x86/boot/bzImage"

# The QEMU kernel with lockdep, atomic-sleep, list and object debugging,
# KASAN, KFENCE and kmemleak (configs/debug.config), running our whole
# selftest suite, or the stress; a splat fails the run, and so does a test
# that does not run unless configs/debug.unsupported names it.
DBG := $(B)/debug
# no5lvl: with 5-level paging (TCG's -cpu max has LA57), KASAN reports a
# "wild-memory-access" when an interrupt lands in identify_cpu() while the
# boot CPU's feature bits are being rebuilt (its shadow bounds follow
# LA57): upstream's, before tracing starts, and it turns lockdep off
DEBUG_CMDLINE := no5lvl
$(DBG)/.config: $(B)/.prepared configs/qemu.config configs/debug.config harness/mkconfig.sh $(shell find linux -name "Kconfig*") | overlay
	@harness/mkconfig.sh $(SRC) $(DBG) configs/qemu.config configs/debug.config

debug-kernel: overlay $(DBG)/.config
	@$(MAKE) -C $(SRC) O=$(DBG) -j$(JOBS) -s bzImage modules
	@rm -rf $(DBG)-modroot
	@$(MAKE) -C $(SRC) O=$(DBG) -s INSTALL_MOD_PATH=$(DBG)-modroot \
		INSTALL_MOD_STRIP=1 modules_install >/dev/null
	@echo "  BUILT   $(DBG)/arch/x86/boot/bzImage"

debug-check: debug-kernel
	@harness/mkinitramfs.sh $(B)/initramfs-debug.cpio.gz $(DBG)-modroot \
		linux/tools/testing/selftests/ftrace
	@QEMU_TIMEOUT=$${QEMU_TIMEOUT:-14400} HARNESS_UNSUPPORTED=configs/debug.unsupported \
		GUEST_CMDLINE="$(DEBUG_CMDLINE) $${GUEST_CMDLINE:-}" harness/sharded-check.sh \
		$(DBG)/arch/x86/boot/bzImage $(B)/initramfs-debug.cpio.gz $(B)/debug

debug-stress: debug-kernel
	@harness/mkinitramfs.sh $(B)/initramfs-debug.cpio.gz $(DBG)-modroot \
		linux/tools/testing/selftests/ftrace
	@GUEST_CMDLINE="$(DEBUG_CMDLINE) STRESS_ITERS=$(STRESS_ITERS)" QEMU_TIMEOUT=$${QEMU_TIMEOUT:-7200} \
		harness/qemu.sh stress $(DBG)/arch/x86/boot/bzImage \
		$(B)/initramfs-debug.cpio.gz $(B)/debug-stress.log

# KernelShark (Debian's, under Xvfb) on a function_graph trace.dat the
# guest recorded with trace-cmd: the screenshot in the documentation
KS_DEBS := kernelshark xvfb xauth x11-apps netpbm
kernelshark-shot:
	@missing=$$(for p in $(KS_DEBS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
		grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then SUDO=$$( [ $$(id -u) = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get \
		install -y -qq --no-install-recommends $$missing > /dev/null || exit 1; fi
	@[ -s $(B)/guest.ttyS1 ] || $(MAKE) --no-print-directory initramfs
	@[ -s $(B)/guest.ttyS1 ] || GUEST_CMDLINE="harness_tests=test.d/tools/trace_dat_export.tc" \
		harness/qemu.sh check $(OBJ)/arch/x86/boot/bzImage $(B)/initramfs.cpio.gz $(B)/guest.log
	@harness/kernelshark-shot.sh $(B) linux/Documentation/trace/function-tracer/kernelshark.png

# the series as git format-patch files against the pristine source
patches: $(B)/.deps
	@harness/mkpatches.sh $(TARBALL) $(B)/patches

# mainline's own ftrace selftests against our kernel: bench/CONFORMANCE.md
conformance: initramfs
	@bench/conformance.sh $(TARBALL) $(B) $(OBJ)/arch/x86/boot/bzImage report

distclean:
	rm -rf $(B)
