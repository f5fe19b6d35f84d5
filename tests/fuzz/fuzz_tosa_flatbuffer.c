/* fuzz_tosa_flatbuffer.c — libFuzzer target for the .tosa flatbuffer reader: the input is a
 * whole file. It must read or fail with INVALID_ARGUMENT / NOT_SUPPORTED and a
 * "fuzz.tosa: error: " message; what reads is written, read back and must be equal
 * (nnx_tfile_equal), and writing that again must give the same bytes. Any crash, sanitizer
 * report, leak, hang or mismatch is a bug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/tosa/tosa_file.h"

static void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nnx_alloc a;
    nnx_alloc_init(&a, NULL);
    nnx_tfile f;
    nnx_tfile_init(&f, &a);
    nnx_error err = {0};
    nnx_status st = nnx_tfile_read(&f, data, size, "fuzz.tosa", &err);
    if (st != NNX_OK) {
        check(st == NNX_ERROR_INVALID_ARGUMENT || st == NNX_ERROR_NOT_SUPPORTED);
        check(strncmp(err.message, "fuzz.tosa: error: ", 18) == 0);
        check(f.n_regions == 0);
        nnx_tfile_free(&f);
        return 0;
    }
    uint8_t *out = NULL, *again_out = NULL;
    size_t n = 0, again_n = 0;
    check(nnx_tfile_write(&f, &a, &out, &n, &err) == NNX_OK);
    nnx_tfile again;
    nnx_tfile_init(&again, &a);
    check(nnx_tfile_read(&again, out, n, "again.tosa", &err) == NNX_OK);
    char where[256];
    check(nnx_tfile_equal(&f, &again, where, sizeof where));
    check(nnx_tfile_write(&again, &a, &again_out, &again_n, &err) == NNX_OK);
    check(again_n == n && memcmp(out, again_out, n) == 0);
    nnx_mem_free(&a, out);
    nnx_mem_free(&a, again_out);
    nnx_tfile_free(&again);
    nnx_tfile_free(&f);
    return 0;
}
