// SPDX-License-Identifier: GPL-2.0
/* Input for test.sh: strong override of prog1.c's weak weak_fn. */
extern int counter;

static __attribute__((noinline)) int helper2(int x)
{
	counter ^= x;
	return x;
}

int weak_fn(int x)
{
	return helper2(x) + 100;
}
