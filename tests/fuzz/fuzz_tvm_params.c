/* fuzz_tvm_params.c — libFuzzer target for TVM .params files: the input is a whole file. It
 * must parse or fail with a documented status and a "fuzz.params: error:" message; what
 * parses is written back with nnx_tvm_params_write and must parse again to the same names,
 * types, shapes and bytes (the device becomes CPU 0). Any crash, sanitizer report, leak or
 * mismatch is a bug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/nnvm/params.h"

static void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static nnx_alloc alloc;
    static const nnx_allocator libc;
    nnx_alloc_init(&alloc, &libc);
    nnx_arena arena;
    nnx_arena_init(&arena, &alloc);
    nnx_tvm_param *p = NULL, *q = NULL;
    uint32_t n = 0, m = 0;
    nnx_error err = {0};
    nnx_status st = nnx_tvm_params_parse(data, size, "fuzz.params", 0, &arena, &p, &n, &err);
    if (st != NNX_OK) {
        check(st == NNX_ERROR_INVALID_MODEL || st == NNX_ERROR_NOT_SUPPORTED || st == NNX_ERROR_OUT_OF_MEMORY);
        check(strncmp(err.message, "fuzz.params: error: ", 20) == 0);
    } else {
        nnx_strbuf out;
        nnx_strbuf_init(&out, &alloc);
        check(nnx_tvm_params_write(p, n, &out, &err) == NNX_OK);
        check(nnx_tvm_params_parse((const uint8_t *)out.data, out.len, "again.params", 0, &arena, &q, &m, &err) ==
              NNX_OK);
        check(m == n);
        for (uint32_t k = 0; k < n; k++) {
            check(strcmp(p[k].name, q[k].name) == 0 && p[k].dtype == q[k].dtype && p[k].rank == q[k].rank);
            check(memcmp(p[k].shape, q[k].shape, p[k].rank * sizeof *p[k].shape) == 0);
            check(p[k].size == q[k].size && memcmp(p[k].data, q[k].data, p[k].size) == 0);
        }
        nnx_strbuf_free(&out);
    }
    nnx_arena_free(&arena);
    return 0;
}
