/* SPDX-License-Identifier: GPL-2.0 */
/* Host shim: ring_buffer.h includes this for its kernel includers. */
#pragma once
