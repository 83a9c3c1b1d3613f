// SPDX-License-Identifier: GPL-2.0
/* Input for test.sh: nothing in here is traced, so nothing is recorded. */
int data = 42;
void ext(int x);

__attribute__((no_instrument_function)) int notrace_fn(int x)
{
	ext(x);
	return x + data;
}

__attribute__((no_instrument_function)) static void notrace_static(void)
{
	ext(data);
}

void (*ptr)(void) = notrace_static;
