/* Host shim for kernel/trace/ftrace_glob.c */
#pragma once
#include <stdbool.h>
#include <stddef.h>
