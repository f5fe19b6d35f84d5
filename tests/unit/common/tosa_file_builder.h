/* tosa_file_builder.h — tests' way to make a `.tosa` file: an nnx_tfile (src/formats/tosa/
 * tosa_file.h) assembled field by field in its arena (one region, blocks of up to 64 tensors
 * and operators), then written with nnx_tfile_write to a path. Data is given in the file's
 * encoding. Every helper fails the test (cmocka) on a bad call. Two sample graphs end it. */
#ifndef TEST_TOSA_FILE_BUILDER_H
#define TEST_TOSA_FILE_BUILDER_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "formats/tosa/tosa_file.h"

#define TFB_CAP 64u

typedef struct tfb {
    nnx_alloc alloc;
    nnx_tfile f;
    nnx_tfile_block *blk; /* the block being filled */
} tfb;

static inline void *tfb_new(tfb *b, size_t n, size_t size)
{
    void *p = nnx_arena_array(&b->f.arena, n ? n : 1, size);
    assert_non_null(p);
    return p;
}

static inline const char *tfb_str(tfb *b, const char *s) { return s ? nnx_arena_strdup(&b->f.arena, s) : NULL; }

/* A file of version 1.0.0 (not draft) with one region "main" and room for 8 blocks. */
static inline void tfb_begin(tfb *b)
{
    memset(b, 0, sizeof *b);
    assert_true(nnx_alloc_init(&b->alloc, NULL));
    nnx_tfile_init(&b->f, &b->alloc);
    b->f.version = (nnx_tfile_version){1, 0, 0, false};
    b->f.n_regions = 1;
    b->f.regions = tfb_new(b, 1, sizeof *b->f.regions);
    b->f.regions[0].name = tfb_str(b, "main");
    b->f.regions[0].blocks = tfb_new(b, 8, sizeof(nnx_tfile_block));
}

static inline void tfb_end(tfb *b) { nnx_tfile_free(&b->f); }

/* Starts block name (the first block should be "main"). */
static inline void tfb_block(tfb *b, const char *name)
{
    nnx_tfile_region *r = &b->f.regions[0];
    assert_true(r->n_blocks < 8);
    b->blk = &r->blocks[r->n_blocks++];
    b->blk->name = tfb_str(b, name);
    b->blk->tensors = tfb_new(b, TFB_CAP, sizeof(nnx_tfile_tensor));
    b->blk->operators = tfb_new(b, TFB_CAP, sizeof(nnx_tfile_operator));
    b->blk->shapes = tfb_new(b, TFB_CAP, sizeof(nnx_tfile_shape));
}

static inline const char **tfb_names(tfb *b, uint32_t n, const char *const *names)
{
    const char **v = tfb_new(b, n, sizeof *v);
    for (uint32_t i = 0; i < n; i++)
        v[i] = tfb_str(b, names[i]);
    return v;
}

static inline void tfb_io(tfb *b, uint32_t n_in, const char *const *in, uint32_t n_out, const char *const *out)
{
    b->blk->n_inputs = n_in, b->blk->inputs = tfb_names(b, n_in, in);
    b->blk->n_outputs = n_out, b->blk->outputs = tfb_names(b, n_out, out);
}

static inline nnx_tfile_ints tfb_ints(tfb *b, uint32_t n, const int32_t *v)
{
    nnx_tfile_ints r = {true, n, tfb_new(b, n, sizeof(int32_t))};
    if (n)
        memcpy(r.v, v, n * sizeof *v);
    return r;
}

static inline nnx_tfile_bytes tfb_bytes(tfb *b, const void *data, size_t size)
{
    nnx_tfile_bytes r = {true, size, NULL};
    if (size) {
        r.data = tfb_new(b, size, 1);
        memcpy(r.data, data, size);
    }
    return r;
}

/* A tensor of file type `type` and shape; data (size bytes, file encoding) or NULL. */
static inline nnx_tfile_tensor *tfb_tensor(tfb *b, const char *name, uint32_t type, uint32_t rank, const int32_t *shape,
                                           const void *data, size_t size)
{
    assert_true(b->blk->n_tensors < TFB_CAP);
    nnx_tfile_tensor *t = &b->blk->tensors[b->blk->n_tensors++];
    t->name = tfb_str(b, name);
    t->type = type;
    t->shape = tfb_ints(b, rank, shape);
    if (data)
        t->data = tfb_bytes(b, data, size);
    return t;
}

/* An operator; attr may be NULL (no attribute table). */
static inline nnx_tfile_operator *tfb_op(tfb *b, uint32_t op, const nnx_tfile_attr *attr, uint32_t n_in,
                                         const char *const *in, uint32_t n_out, const char *const *out)
{
    assert_true(b->blk->n_operators < TFB_CAP);
    nnx_tfile_operator *o = &b->blk->operators[b->blk->n_operators++];
    o->op = op;
    if (attr)
        o->attr = *attr;
    o->n_inputs = n_in, o->inputs = tfb_names(b, n_in, in);
    o->n_outputs = n_out, o->outputs = tfb_names(b, n_out, out);
    return o;
}

/* Writes the file to path. */
static inline void tfb_write(tfb *b, const char *path)
{
    uint8_t *bytes = NULL;
    size_t size = 0;
    nnx_error err = {0};
    if (nnx_tfile_write(&b->f, &b->alloc, &bytes, &size, &err) != NNX_OK)
        fail_msg("write: %s", err.message);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, size, f), size);
    fclose(f);
    nnx_mem_free(&b->alloc, bytes);
}

/* Sample: x int8[1,4] -> RESCALE to int32 by 1.5 (multiplier 3 << 29, shift 30, scale32,
 * SINGLE_ROUND) -> ADD the constant c = [1, 2, 3, 4] -> y; written to path. By apply_scale_32
 * (TOSA 1.0 §2.12.2), x = [-128, -3, 5, 127] gives y = [-191, -2, 11, 195]. */
static inline void tfb_sample_rescale_add(const char *path)
{
    tfb b;
    tfb_begin(&b);
    tfb_block(&b, "main");
    const int32_t s14[] = {1, 4}, s1[] = {1}, mult = 3 << 29, c[] = {1, 2, 3, 4}, zero32 = 0;
    const int8_t shift = 30, zp = 0;
    tfb_tensor(&b, "x", NNX_TFILE_INT8, 2, s14, NULL, 0);
    tfb_tensor(&b, "mult", NNX_TFILE_INT32, 1, s1, &mult, 4);
    tfb_tensor(&b, "shift", NNX_TFILE_INT8, 1, s1, &shift, 1);
    tfb_tensor(&b, "izp", NNX_TFILE_INT8, 1, s1, &zp, 1);
    tfb_tensor(&b, "ozp", NNX_TFILE_INT32, 1, s1, &zero32, 4);
    tfb_tensor(&b, "c", NNX_TFILE_INT32, 2, s14, c, sizeof c);
    tfb_tensor(&b, "r", NNX_TFILE_INT32, 2, s14, NULL, 0);
    tfb_tensor(&b, "y", NNX_TFILE_INT32, 2, s14, NULL, 0);
    tfb_op(&b, NNX_TOSA_CONST, NULL, 0, NULL, 1, (const char *[]){"c"});
    nnx_tfile_attr ra = {.type = NNX_TOSA_RESCALE, .scale32 = true, .rounding_mode = 1};
    tfb_op(&b, NNX_TOSA_RESCALE, &ra, 5, (const char *[]){"x", "mult", "shift", "izp", "ozp"}, 1,
           (const char *[]){"r"});
    tfb_op(&b, NNX_TOSA_ADD, &(nnx_tfile_attr){.type = NNX_TOSA_ADD}, 2, (const char *[]){"r", "c"}, 1,
           (const char *[]){"y"});
    tfb_io(&b, 1, (const char *[]){"x"}, 1, (const char *[]){"y"});
    tfb_write(&b, path);
    tfb_end(&b);
}

/* Sample: a variable `state` (fp32[1], initially 0.5): r = VARIABLE_READ, y = r + x,
 * VARIABLE_WRITE y; written to path. Each run gives y = state + x and leaves state = y. */
static inline void tfb_sample_variable(const char *path)
{
    tfb b;
    tfb_begin(&b);
    tfb_block(&b, "main");
    const int32_t s1[] = {1};
    const float init = 0.5f;
    tfb_tensor(&b, "x", NNX_TFILE_FP32, 1, s1, NULL, 0);
    tfb_tensor(&b, "state", NNX_TFILE_FP32, 1, s1, &init, 4)->variable = true;
    tfb_tensor(&b, "r", NNX_TFILE_FP32, 1, s1, NULL, 0);
    tfb_tensor(&b, "y", NNX_TFILE_FP32, 1, s1, NULL, 0);
    tfb_op(&b, NNX_TOSA_VARIABLE, NULL, 0, NULL, 1, (const char *[]){"state"});
    tfb_op(&b, NNX_TOSA_VARIABLE_READ, NULL, 1, (const char *[]){"state"}, 1, (const char *[]){"r"});
    tfb_op(&b, NNX_TOSA_ADD, NULL, 2, (const char *[]){"r", "x"}, 1, (const char *[]){"y"});
    tfb_op(&b, NNX_TOSA_VARIABLE_WRITE, NULL, 1, (const char *[]){"y"}, 1, (const char *[]){"state"});
    tfb_io(&b, 1, (const char *[]){"x"}, 1, (const char *[]){"y"});
    tfb_write(&b, path);
    tfb_end(&b);
}

#endif
