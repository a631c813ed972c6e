// CRC-32 (the reflected IEEE polynomial 0x104C11DB7, as zlib and PNG use it) by folding: the message
// is a polynomial over GF(2), and the CRC its remainder modulo P. A 128-bit block A followed by n bits
// B has the same remainder as A·x^n + B, and A·x^n mod P can be computed from A's two 64-bit halves
// times the constants x^(n+64) mod P and x^n mod P, with the carry-less multiply. So 64 bytes at a
// time are folded four blocks abreast, then the four into one, then 128 bits into 64 into 32, the
// last step a Barrett reduction by P and floor(x^64 / P). Constants are given bit-reflected and shifted
// by one, as the reflected (least significant bit first) CRC needs them; see Gopal et al., "Fast CRC
// Computation for Generic Polynomials Using PCLMULQDQ Instruction" (Intel, 2009).
#include "CCarrylessCRC32.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

int widgethost_crc32_carryless_available(void) {
    unsigned a = 0, b = 0, c = 0, d = 0;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_PCLMUL) && (c & bit_SSE4_1);
}

// x^(4·128+32) and x^(4·128-32) mod P: four blocks ahead.
static const uint64_t fold4[2] = {0x0154442bd4, 0x01c6e41596};
// x^(128+32) and x^(128-32) mod P: one block ahead.
static const uint64_t fold1[2] = {0x01751997d0, 0x00ccaa009e};
// x^64 mod P: the upper 32 of the last 96 bits.
static const uint64_t fold64[2] = {0x0163cd6124, 0};
// P itself and floor(x^64 / P), for the Barrett reduction.
static const uint64_t barrett[2] = {0x01db710641, 0x01f7011641};

/// `block · x^k mod P` folded onto `next`: low half by the first constant, high half by the second.
__attribute__((target("pclmul,sse4.1")))
static inline __m128i fold(__m128i block, __m128i constants, __m128i next) {
    __m128i low = _mm_clmulepi64_si128(block, constants, 0x00);
    __m128i high = _mm_clmulepi64_si128(block, constants, 0x11);
    return _mm_xor_si128(_mm_xor_si128(low, high), next);
}

__attribute__((target("pclmul,sse4.1")))
uint32_t widgethost_crc32_carryless_fold(uint32_t state, const uint8_t *bytes, size_t length) {
    __m128i a = _mm_loadu_si128((const __m128i *)(bytes + 0));
    __m128i b = _mm_loadu_si128((const __m128i *)(bytes + 16));
    __m128i c = _mm_loadu_si128((const __m128i *)(bytes + 32));
    __m128i d = _mm_loadu_si128((const __m128i *)(bytes + 48));
    a = _mm_xor_si128(a, _mm_cvtsi32_si128((int)state));
    bytes += 64;
    length -= 64;

    __m128i k = _mm_loadu_si128((const __m128i *)fold4);
    while (length >= 64) {
        a = fold(a, k, _mm_loadu_si128((const __m128i *)(bytes + 0)));
        b = fold(b, k, _mm_loadu_si128((const __m128i *)(bytes + 16)));
        c = fold(c, k, _mm_loadu_si128((const __m128i *)(bytes + 32)));
        d = fold(d, k, _mm_loadu_si128((const __m128i *)(bytes + 48)));
        bytes += 64;
        length -= 64;
    }

    k = _mm_loadu_si128((const __m128i *)fold1);
    a = fold(a, k, b);
    a = fold(a, k, c);
    a = fold(a, k, d);
    while (length >= 16) {
        a = fold(a, k, _mm_loadu_si128((const __m128i *)bytes));
        bytes += 16;
        length -= 16;
    }

    // 128 bits to 64: the low half, times the one-block constant's second half, onto the high half.
    const __m128i low32 = _mm_setr_epi32(~0, 0, ~0, 0);
    __m128i t = _mm_clmulepi64_si128(a, k, 0x10);
    a = _mm_xor_si128(_mm_srli_si128(a, 8), t);
    // 64 bits to 32.
    k = _mm_loadl_epi64((const __m128i *)fold64);
    t = _mm_srli_si128(a, 4);
    a = _mm_clmulepi64_si128(_mm_and_si128(a, low32), k, 0x00);
    a = _mm_xor_si128(a, t);
    // Barrett: q = floor(a / P) from floor(x^64 / P), then a - q·P.
    k = _mm_loadu_si128((const __m128i *)barrett);
    t = _mm_clmulepi64_si128(_mm_and_si128(a, low32), k, 0x10);
    t = _mm_clmulepi64_si128(_mm_and_si128(t, low32), k, 0x00);
    a = _mm_xor_si128(a, t);
    return (uint32_t)_mm_extract_epi32(a, 1);
}

#else

int widgethost_crc32_carryless_available(void) { return 0; }

uint32_t widgethost_crc32_carryless_fold(uint32_t state, const uint8_t *bytes, size_t length) {
    (void)bytes;
    (void)length;
    return state;
}

#endif
