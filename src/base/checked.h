/* checked.h — overflow-checked size arithmetic. Every size derived from a file or an API
 * argument goes through these: a result that would wrap returns false instead. */
#ifndef NNX_BASE_CHECKED_H
#define NNX_BASE_CHECKED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

static inline bool nnx_mul_size(size_t a, size_t b, size_t *out) { return !__builtin_mul_overflow(a, b, out); }
static inline bool nnx_add_size(size_t a, size_t b, size_t *out) { return !__builtin_add_overflow(a, b, out); }
/* v rounded up to a multiple of to (> 0); the caller knows it does not overflow. */
static inline size_t nnx_round_up(size_t v, size_t to) { return (v + to - 1) / to * to; }
static inline bool nnx_mul_u64(uint64_t a, uint64_t b, uint64_t *out) { return !__builtin_mul_overflow(a, b, out); }
static inline bool nnx_add_u64(uint64_t a, uint64_t b, uint64_t *out) { return !__builtin_add_overflow(a, b, out); }

#endif
