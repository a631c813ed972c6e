#ifndef CCARRYLESSCRC32_H
#define CCARRYLESSCRC32_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor multiplies without carries (PCLMULQDQ with SSE4.1). `CRC32` asks once and
/// keeps the answer.
int widgethost_crc32_carryless_available(void);

/// Folds `length` bytes (a multiple of 16, at least 64) into `state`, the CRC-32 register as the
/// byte-at-a-time loop keeps it (already complemented), and returns the new register. Only call it
/// when `widgethost_crc32_carryless_available()` said yes.
uint32_t widgethost_crc32_carryless_fold(uint32_t state, const uint8_t *bytes, size_t length);

#endif
