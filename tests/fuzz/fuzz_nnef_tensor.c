/* fuzz_nnef_tensor.c — libFuzzer target for NNEF .dat files: the input is a whole file. It is
 * parsed, decoded into every dtype (output bounded by the input's own size), and, when the
 * items are plain, re-encoded: the writer must reproduce the item bytes exactly. Any crash,
 * sanitizer report, leak, unexpected status or round-trip mismatch is a bug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/nnef/files/tensor_file.h"
#include "ir/dtypes.h"

#define MAX_OUT ((size_t)1 << 22)

static void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

/* Decoding may only fail as documented in tensor_file.h. */
static void decode_to(const nnx_nnef_tensor_info *info, const uint8_t *data, nnx_dtype t)
{
    size_t tsize = nnx_dtype_size(t), bytes = (size_t)info->volume * (tsize ? tsize : 1);
    if (info->volume > MAX_OUT || bytes > MAX_OUT)
        return;
    uint8_t *dst = malloc(bytes ? bytes : 1);
    nnx_error err = {0};
    nnx_status st = nnx_nnef_tensor_decode(info, data, t, dst, bytes, &err);
    bool float_items = info->kind == NNX_NNEF_ITEM_FLOAT;
    if (!tsize)
        check(st == NNX_ERROR_INVALID_ARGUMENT);
    else if (nnx_dtype_is_float(t))
        check(st == NNX_OK);
    else if (float_items)
        check(st == NNX_ERROR_INVALID_ARGUMENT);
    else
        check(st == NNX_OK || st == NNX_ERROR_INVALID_MODEL);
    check((st == NNX_OK) == (err.message[0] == '\0'));
    if (tsize && bytes) { /* a wrong destination size is always refused */
        nnx_error_clear(&err);
        check(nnx_nnef_tensor_decode(info, data, t, dst, bytes - 1, &err) == NNX_ERROR_INVALID_ARGUMENT);
    }
    free(dst);
}

/* Plain and quantized items re-encoded from their natural decoding (or their codes) must give
 * the same item bytes; padding bits are only compared when they were zero. */
static void reencode(const nnx_nnef_tensor_info *info, const uint8_t *data)
{
    if (info->kind == NNX_NNEF_ITEM_BOOL || (info->warnings & NNX_NNEF_WARN_PADDING))
        return;
    bool codes = info->kind == NNX_NNEF_ITEM_LINEAR || info->kind == NNX_NNEF_ITEM_LOGARITHMIC;
    nnx_dtype t = codes ? NNX_UINT64 : nnx_nnef_tensor_natural_dtype(info);
    size_t bytes = (size_t)info->volume * nnx_dtype_size(t);
    if (info->volume > MAX_OUT || bytes > MAX_OUT)
        return;
    uint8_t *vals = malloc(bytes), *file = malloc(NNX_NNEF_HEADER_SIZE + (size_t)info->data_length);
    nnx_error err = {0};
    check(nnx_nnef_tensor_decode(info, data, t, vals, bytes, &err) == NNX_OK);
    nnx_nnef_encode_options o = {.bits = info->bits};
    if (codes) {
        o.quantize = info->kind;
        o.min = info->min;
        o.max = info->max;
    } else if (info->code == NNX_NNEF_CODE_INT) {
        o.scheme = NNX_NNEF_SCHEME_ITEM_TYPES;
    }
    if (info->kind == NNX_NNEF_ITEM_FLOAT)
        o.bits = 0;
    size_t written = 0;
    check(nnx_nnef_tensor_encode(t, info->shape, info->rank, vals, bytes, &o, file,
                                 NNX_NNEF_HEADER_SIZE + (size_t)info->data_length, &written, &err) == NNX_OK);
    check(written == NNX_NNEF_HEADER_SIZE + (size_t)info->data_length);
    check(memcmp(file + NNX_NNEF_HEADER_SIZE, data + NNX_NNEF_HEADER_SIZE, info->data_length) == 0);
    nnx_nnef_tensor_info again;
    check(nnx_nnef_tensor_parse(file, written, NULL, &again, &err) == NNX_OK);
    check(again.volume == info->volume && again.bits == info->bits && again.kind == info->kind);
    free(vals);
    free(file);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nnx_nnef_tensor_info info;
    nnx_error err = {0};
    nnx_status st = nnx_nnef_tensor_parse(data, size, "fuzz.dat", &info, &err);
    if (st != NNX_OK) {
        check(st == NNX_ERROR_INVALID_MODEL && strncmp(err.message, "fuzz.dat: error: ", 17) == 0);
        check(strstr(err.message, "(offset ") != NULL);
        return 0;
    }
    check(size >= NNX_NNEF_HEADER_SIZE + (size_t)info.data_length);
    check(nnx_dtype_valid(nnx_nnef_tensor_natural_dtype(&info)));
    for (int t = 0; t <= NNX_DTYPE_COUNT; t++)
        decode_to(&info, data, (nnx_dtype)t);
    reencode(&info, data);
    return 0;
}
