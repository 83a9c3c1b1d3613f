// SPDX-License-Identifier: GPL-2.0
/*
 * Input for test.sh: one function of every kind recordmcount must handle.
 * Compiled with -pg -mfentry, with and without -ffunction-sections.
 */
#define __noinline	__attribute__((noinline))
#define __notrace	__attribute__((no_instrument_function))

int counter;
void ext(int x);

static __noinline int helper(int x)
{
	counter += x;
	return x * 2;
}

/* Static, unreferenced: its own section has no section symbol. */
static __attribute__((used)) __noinline int lonely(int x)
{
	ext(x);
	return x + 7;
}

int global_fn(int x)
{
	return helper(x) + 1;
}

__attribute__((weak)) int weak_fn(int x)
{
	ext(x);
	return x + 3;
}

__attribute__((weak)) int weak_fn2(int x)
{
	ext(x + 1);
	return x;
}

__attribute__((cold)) __noinline void cold_fn(int x)
{
	ext(x);
	ext(x);
}

__attribute__((hot)) __noinline void hot_fn(int x)
{
	ext(x * 5);
}

__attribute__((section(".init.text"))) int init_fn(int x)
{
	ext(x);
	return helper(x);
}

static __attribute__((section(".init.text"))) __noinline int init_static(int x)
{
	ext(x);
	return x;
}

__attribute__((section(".init.text"))) int init_fn2(int x)
{
	return init_static(x) + 4;
}

__attribute__((section(".sched.text"))) void sched_fn(int x)
{
	ext(x);
}

__attribute__((section(".exit.text"))) void exit_fn(int x)
{
	ext(x);
}

__attribute__((section(".exit.text"))) void exit_fn2(int x)
{
	ext(x + 2);
}

/* GCC's name for exit-only code; the kernel discards it like .exit.text. */
__attribute__((section(".text.exit"))) void text_exit_fn(int x)
{
	ext(x);
}

__attribute__((section(".noinstr.text"))) void noinstr_fn(int x)
{
	ext(x);
}

__attribute__((section(".entry.text"))) void entry_fn(int x)
{
	ext(x);
}

__notrace int notrace_fn(int x)
{
	ext(x);
	return x;
}
