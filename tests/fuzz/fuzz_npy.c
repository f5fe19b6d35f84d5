/* fuzz_npy.c — libFuzzer target for NumPy .npy files: the input is a whole file. It must
 * parse or fail with a documented status and a "fuzz.npy: error:" message; what parses is
 * copied out (little-endian, row-major), written back with nnx_npy_write and must parse
 * again to the same type, shape and bytes.
 * Any crash, sanitizer report, leak or mismatch is a bug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/npy/npy.h"

static void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

static void rewrite(const nnx_npy_info *info)
{
    nnx_error err = {0};
    size_t size = 0, written = 0;
    uint8_t *items = malloc(info->data_size ? info->data_size : 1);
    check(nnx_npy_copy_out(info, items, info->data_size, &err) == NNX_OK);
    check(nnx_npy_encoded_size(info->dtype, info->shape, info->rank, &size, &err) == NNX_OK);
    uint8_t *out = malloc(size);
    check(nnx_npy_write(info->dtype, info->shape, info->rank, items, info->data_size, out, size, &written, &err) ==
          NNX_OK);
    check(written == size && (size - info->data_size) % 64 == 0);
    nnx_npy_info again;
    check(nnx_npy_parse(out, size, "again.npy", &again, &err) == NNX_OK);
    check(again.dtype == info->dtype && again.rank == info->rank && again.data_size == info->data_size);
    check(memcmp(again.shape, info->shape, sizeof info->shape) == 0);
    check(!again.big_endian && !again.fortran_order);
    check(info->data_size == 0 || memcmp(again.data, items, info->data_size) == 0);
    free(out);
    free(items);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nnx_npy_info info;
    nnx_error err = {0};
    nnx_status st = nnx_npy_parse(data, size, "fuzz.npy", &info, &err);
    if (st != NNX_OK) {
        check(st == NNX_ERROR_INVALID_MODEL || st == NNX_ERROR_NOT_SUPPORTED);
        check(strncmp(err.message, "fuzz.npy: error: ", 17) == 0);
        return 0;
    }
    check(err.message[0] == '\0');
    check(info.data_offset + info.data_size == size && info.rank <= NNX_MAX_RANK);
    check((const uint8_t *)info.data == data + info.data_offset);
    rewrite(&info);
    return 0;
}
