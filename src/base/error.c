/* error.c — status names and the first-error-wins message record. */
#include "base/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *nnx_status_string(nnx_status status)
{
    switch (status) {
    case NNX_OK: return "NNX_OK";
    case NNX_ERROR_INVALID_ARGUMENT: return "NNX_ERROR_INVALID_ARGUMENT";
    case NNX_ERROR_INVALID_STATE: return "NNX_ERROR_INVALID_STATE";
    case NNX_ERROR_OUT_OF_MEMORY: return "NNX_ERROR_OUT_OF_MEMORY";
    case NNX_ERROR_NOT_SUPPORTED: return "NNX_ERROR_NOT_SUPPORTED";
    case NNX_ERROR_OPERATION: return "NNX_ERROR_OPERATION";
    case NNX_ERROR_UNKNOWN: return "NNX_ERROR_UNKNOWN";
    case NNX_ERROR_IO: return "NNX_ERROR_IO";
    case NNX_ERROR_PARSE: return "NNX_ERROR_PARSE";
    case NNX_ERROR_INVALID_MODEL: return "NNX_ERROR_INVALID_MODEL";
    }
    return "NNX_UNKNOWN_STATUS";
}

static nnx_status record(nnx_error *err, nnx_status status, const char *fmt, va_list ap)
{
    err->status = status;
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    return status;
}

nnx_status nnx_error_set(nnx_error *err, nnx_status status, const char *fmt, ...)
{
    if (err->status != NNX_OK)
        return err->status;
    va_list ap;
    va_start(ap, fmt);
    record(err, status, fmt, ap);
    va_end(ap);
    return status;
}

nnx_status nnx_error_reset(nnx_error *err, nnx_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    record(err, status, fmt, ap);
    va_end(ap);
    return status;
}

void nnx_error_clear(nnx_error *err)
{
    err->status = NNX_OK;
    err->message[0] = '\0';
}
