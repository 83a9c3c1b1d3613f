/* SPDX-License-Identifier: GPL-2.0 */
/* Host shim: everything lives in kernel_shim.h. */
#include "kernel_shim.h"
