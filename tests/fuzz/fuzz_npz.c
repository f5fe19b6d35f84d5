/* fuzz_npz.c — libFuzzer target for NumPy .npz bundles: the input is a whole file, read by
 * the zip reader (formats/npy/npz.c) under small limits. It must read or fail with a
 * documented status and a "fuzz.npz: error:" message; every member handed over must be a
 * parsed .npy whose items copy out. Any crash, sanitizer report or leak is a bug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/npy/npz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

static nnx_status member(void *user, const char *name, const nnx_npy_info *info)
{
    size_t *count = user;
    check(name[0] != '\0' && info->rank <= NNX_MAX_RANK);
    uint8_t *items = malloc(info->data_size ? info->data_size : 1);
    nnx_error err = {0};
    check(items && nnx_npy_copy_out(info, items, info->data_size, &err) == NNX_OK);
    free(items);
    ++*count;
    return NNX_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nnx_alloc alloc;
    nnx_alloc_init(&alloc, NULL);
    nnx_error err = {0};
    size_t count = 0;
    nnx_npz_limits limits = {.max_members = 16, .max_bytes = 1u << 20};
    nnx_status st = nnx_npz_read(data, size, "fuzz.npz", &alloc, &limits, member, &count, &err);
    if (st != NNX_OK) {
        check(st == NNX_ERROR_INVALID_MODEL || st == NNX_ERROR_NOT_SUPPORTED || st == NNX_ERROR_OUT_OF_MEMORY);
        check(strncmp(err.message, "fuzz.npz", 8) == 0 && strstr(err.message, "error: ") != NULL);
        return 0;
    }
    check(count > 0 && count <= 16 && err.message[0] == '\0');
    return 0;
}
