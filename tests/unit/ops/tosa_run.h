/* tosa_run.h — a helper for the TOSA kernel tests: adds one node to a fresh core IR (so
 * shape inference must accept it), runs its reference kernel and returns the output buffer,
 * plus the FNV-1a 64 digest the Python generators use. Included by test_tosa_*.c. */
#ifndef NNX_TESTS_TOSA_RUN_H
#define NNX_TESTS_TOSA_RUN_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/alloc.h"
#include "ops/graph_build.h"
#include "ir/elem.h"
#include "ir/shape.h"
#include "ops/table.h"

#include <stdlib.h>
#include <string.h>

/* Runs op on inputs (desc, data; a NULL desc = absent optional input). Returns a malloc'd
 * output the caller frees, and its descriptor in *out_desc. Fails the test when inference
 * or the kernel fails. */
static void *tosa_run(nnx_op op, const nnx_attrs *attrs, uint32_t n_in, const nnx_operand_desc *const *descs,
                      const void *const *data, nnx_operand_desc *out_desc)
{
    nnx_alloc alloc;
    assert_true(nnx_alloc_init(&alloc, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &alloc);
    nnx_error err = {0};
    uint32_t ids[8], out;
    for (uint32_t i = 0; i < n_in; i++) {
        ids[i] = NNX_NONE;
        if (descs[i]) {
            char name[16];
            snprintf(name, sizeof name, "in%u", i);
            assert_int_equal(nnx_ir_add_input(&ir, name, descs[i], &ids[i], &err), NNX_OK);
        }
    }
    if (nnx_ir_add_node(&ir, op, ids, n_in, attrs, 1, "t", &out, &err) != NNX_OK)
        fail_msg("%s: inference failed: %s", nnx_op_table[op].name, err.message);
    *out_desc = ir.values[out].desc;
    size_t bytes;
    assert_true(nnx_desc_bytes(out_desc, &bytes));
    void *y = malloc(bytes ? bytes : 1);
    assert_non_null(y);
    nnx_view in[8], ov = {*out_desc, y};
    for (uint32_t i = 0; i < n_in; i++)
        in[i] = (nnx_view){descs[i] ? *descs[i] : (nnx_operand_desc){0}, (void *)data[i]};
    assert_int_equal(nnx_node_kernel(&ir.nodes[ir.n_nodes - 1], in, &ov), NNX_OK);
    nnx_ir_free(&ir);
    return y;
}

/* Whether inference rejects op on these input descriptors (nothing runs). */
static bool tosa_infer_fails(nnx_op op, const nnx_attrs *attrs, uint32_t n_in, const nnx_operand_desc *const *descs)
{
    nnx_alloc alloc;
    assert_true(nnx_alloc_init(&alloc, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &alloc);
    nnx_error err = {0};
    uint32_t ids[8], out;
    for (uint32_t i = 0; i < n_in; i++) {
        ids[i] = NNX_NONE;
        if (descs[i]) {
            char name[16];
            snprintf(name, sizeof name, "in%u", i);
            assert_int_equal(nnx_ir_add_input(&ir, name, descs[i], &ids[i], &err), NNX_OK);
        }
    }
    nnx_status st = nnx_ir_add_node(&ir, op, ids, n_in, attrs, 1, "t", &out, &err);
    nnx_ir_free(&ir);
    return st == NNX_ERROR_INVALID_ARGUMENT;
}

typedef struct tosa_digest {
    uint64_t h;
} tosa_digest;

static inline void tosa_digest_init(tosa_digest *d) { d->h = UINT64_C(0xCBF29CE484222325); }

static inline void tosa_digest_add(tosa_digest *d, uint64_t key)
{
    for (int i = 0; i < 8; i++) {
        d->h ^= (key >> (8 * i)) & 0xFF;
        d->h *= UINT64_C(0x100000001B3);
    }
}

#endif
