// SPDX-License-Identifier: GPL-2.0
/*
 * Input for test.sh: linked with prog2.c, which overrides weak_fn, and
 * entry.S, which provides _start and __fentry__.
 */
#define __noinline	__attribute__((noinline))

int counter;

static __noinline int helper(int x)
{
	counter += x;
	return x * 2;
}

int global_fn(int x)
{
	return helper(x) + 1;
}

/* Overridden by the strong definition in prog2.c. */
__attribute__((weak)) __noinline int weak_fn(int x)
{
	counter += 3;
	return x + 3;
}

/* Not overridden. */
__attribute__((weak)) __noinline int weak_kept(int x)
{
	counter -= x;
	return x;
}

__attribute__((section(".init.text"))) __noinline int init_fn(int x)
{
	return helper(x) + weak_kept(x);
}

__attribute__((section(".exit.text"))) __noinline void exit_fn(int x)
{
	counter = x;
}

__attribute__((no_instrument_function)) int notrace_fn(int x)
{
	return x - 1;
}

int prog_main(void)
{
	return global_fn(1) + weak_fn(2) + init_fn(3) + notrace_fn(4) > 0 ?
	       0 : 1;
}
