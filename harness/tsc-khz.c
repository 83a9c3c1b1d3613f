// SPDX-License-Identifier: GPL-2.0
/*
 * tsc-khz: the host TSC's rate in kHz.  A TCG guest's TSC is the host's
 * (QEMU reads the host TSC for it), so qemu.sh hands this rate to the
 * guest (tsc_early_khz=): durations the tracers print are then in real
 * nanoseconds, as the sleeps they are checked against.
 */
#include <stdio.h>
#include <time.h>
#include <x86intrin.h>

/* a TSC read and CLOCK_MONOTONIC_RAW at the same moment, give or take */
static void sample(unsigned long long *tsc, double *sec)
{
	for (;;) {
		unsigned long long a = __rdtsc(), b;
		struct timespec t;

		clock_gettime(CLOCK_MONOTONIC_RAW, &t);
		b = __rdtsc();
		/* not preempted in between */
		if (b - a < 100000) {
			*tsc = a + (b - a) / 2;
			*sec = t.tv_sec + t.tv_nsec / 1e9;
			return;
		}
	}
}

int main(void)
{
	unsigned long long c0, c1;
	double t0, t1;

	sample(&c0, &t0);
	do
		sample(&c1, &t1);
	while (t1 - t0 < 0.2);
	printf("%.0f\n", (c1 - c0) / (t1 - t0) / 1000);
	return 0;
}
