/* error.h — a status plus a fixed-size message, the error record every object keeps.
 * Fixed storage so an out-of-memory error can always be reported without allocating.
 * The first error wins: nnx_error_set on an error that is already set keeps the old one. */
#ifndef NNX_BASE_ERROR_H
#define NNX_BASE_ERROR_H

#include "nnx.h"

#define NNX_ERROR_MESSAGE_MAX 512

typedef struct nnx_error {
    nnx_status status;
    char message[NNX_ERROR_MESSAGE_MAX];
} nnx_error;

/* Records status and a printf-style message unless an error is already recorded; returns
 * the recorded status (so callers can `return nnx_error_set(...)`). */
nnx_status nnx_error_set(nnx_error *err, nnx_status status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Like nnx_error_set but replaces any earlier error. */
nnx_status nnx_error_reset(nnx_error *err, nnx_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void nnx_error_clear(nnx_error *err);

#endif
