/* fuzz_tosa_flatbuffer.c — libFuzzer target for the .tosa reader: the input is a whole file.
 * It must read or fail with INVALID_ARGUMENT / NOT_SUPPORTED and a "fuzz.tosa: error: "
 * message; what reads is written, read back and must be equal, writing that again must give
 * the same bytes, and it is built through the TOSA front end as the loader does (tosa_replay.h),
 * which must succeed or fail with a message. Any crash, sanitizer report, leak or hang is a bug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api/objects.h"
#include "api/tosa_replay.h"
#include "formats/tosa/tosa_file.h"

/* The loader's replay of f on a builder of a context made once. */
static void replay(const nnx_tfile *f)
{
    static nnx_context *ctx;
    if (!ctx && nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx) != NNX_OK)
        return;
    nnx_builder *b = NULL;
    if (nnx_builder_create(ctx, &b) != NNX_OK)
        return;
    nnx_tosa *t = nnx_tosa_begin(b, NULL);
    nnx_tosa_replayed r;
    nnx_error err = {0};
    if (t && nnx_tosa_replay(t, f, "fuzz.tosa", true, 0, &r, &err) != NNX_OK &&
        strncmp(err.message, "fuzz.tosa: error: ", 18) != 0)
        __builtin_trap();
    nnx_builder_destroy(b);
}

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
    replay(&f);
    nnx_mem_free(&a, out);
    nnx_mem_free(&a, again_out);
    nnx_tfile_free(&again);
    nnx_tfile_free(&f);
    return 0;
}
