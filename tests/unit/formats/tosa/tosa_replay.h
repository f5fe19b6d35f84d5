/* tosa_replay.h — what the nnx_tfile_from_ir run tests share: a TOSA graph in memory
 * (nnx_tfile) built by the TOSA model loader's replay (api/tosa_replay.h); running a graph
 * on named byte buffers, deterministic input data, and a graph saved with nnx_tosa_save_ir
 * and read back (equal to the in-memory conversion). */
#ifndef TEST_TOSA_REPLAY_H
#define TEST_TOSA_REPLAY_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/objects.h"
#include "api/tosa_replay.h"
#include "formats/tosa/tosa_file.h"
#include "formats/tosa/tosa_from_ir.h"
#include "nnx.h"

#include <unistd.h>

/* g written by nnx_tfile_from_ir into f (initialised); the status, err its message. */
static inline nnx_status convert_graph(const nnx_graph *g, nnx_tfile *f, nnx_error *err)
{
    return nnx_tfile_from_ir(&g->ir, g->input_values, g->input_names, g->n_inputs, g->output_values,
                             (const char *const *)g->output_names, g->n_outputs, f, err);
}

/* The same, failing the test on an error. */
static inline void convert_ok(const nnx_graph *g, nnx_tfile *f)
{
    nnx_error err = {0};
    if (convert_graph(g, f, &err) != NNX_OK)
        fail_msg("%s", err.message);
}

/* The graph of f's main block built on a new builder of ctx by the loader's own replay
 * (api/tosa_replay.h: nnx_tosa_add operator by operator, declared output types checked). */
static inline nnx_graph *replay(nnx_context *ctx, const nnx_tfile *f)
{
    nnx_builder *bl;
    assert_int_equal(nnx_builder_create(ctx, &bl), NNX_OK);
    nnx_tosa *t = nnx_tosa_begin(bl, NULL);
    nnx_tosa_replayed r;
    nnx_error err = {0};
    if (nnx_tosa_replay(t, f, "replay", false, 0, &r, &err) != NNX_OK)
        fail_msg("%s", err.message);
    assert_string_equal(r.main_block, "main");
    nnx_named_operand *outs = calloc(r.n_outputs + 1, sizeof *outs);
    for (uint32_t i = 0; i < r.n_outputs; i++)
        outs[i] = (nnx_named_operand){r.output_names[i], r.outputs[i]};
    nnx_graph *g = NULL;
    if (nnx_builder_build(bl, outs, r.n_outputs, &g) != NNX_OK)
        fail_msg("replay: build: %s", nnx_builder_error(bl));
    free(outs);
    return g;
}

/* Deterministic values for an input of desc d (floats in [-2, 2), integers small, bool 0/1). */
static inline void *replay_input(const nnx_operand_desc *d, uint32_t seed, size_t *size)
{
    size_t n = 1;
    for (uint32_t i = 0; i < d->rank; i++)
        n *= d->shape[i];
    *size = n * nnx_dtype_size(d->dtype);
    uint8_t *p = malloc(*size ? *size : 1);
    uint32_t s = seed * 2654435761u + 12345u;
    for (size_t i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        uint32_t r = (s >> 8) & 0xFFFF;
        switch (d->dtype) {
        case NNX_FLOAT32: ((float *)p)[i] = (float)r / 16384.0f - 2.0f; break;
        case NNX_INT8: ((int8_t *)p)[i] = (int8_t)(r & 0xFF); break;
        case NNX_INT32: ((int32_t *)p)[i] = (int32_t)(r & 0x3FF) - 512; break;
        case NNX_BOOL: p[i] = (uint8_t)(r & 1); break;
        default: fail_msg("replay_input: %s", nnx_dtype_name(d->dtype));
        }
    }
    return p;
}

/* Runs g on inputs made by replay_input (seeded by input name) and returns its outputs (by
 * name, malloc'd; sizes into sizes[]). */
static inline void **replay_run(nnx_context *ctx, nnx_graph *g, size_t *sizes)
{
    size_t ni = nnx_graph_input_count(g), no = nnx_graph_output_count(g);
    nnx_named_tensor *ti = calloc(ni + 1, sizeof *ti), *to = calloc(no + 1, sizeof *to);
    void **res = calloc(no + 1, sizeof *res);
    for (size_t i = 0; i < ni; i++) {
        nnx_operand_desc d;
        nnx_graph_input_desc(g, i, &d);
        const char *name = nnx_graph_input_name(g, i);
        uint32_t seed = 0;
        for (const char *c = name; *c; c++)
            seed = seed * 31 + (uint8_t)*c;
        size_t size;
        void *data = replay_input(&d, seed, &size);
        assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){d, false, true}, &ti[i].tensor), NNX_OK);
        assert_int_equal(nnx_tensor_write(ti[i].tensor, data, size), NNX_OK);
        free(data);
        ti[i].name = name;
    }
    for (size_t i = 0; i < no; i++) {
        nnx_operand_desc d;
        nnx_graph_output_desc(g, i, &d);
        assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){d, true, false}, &to[i].tensor), NNX_OK);
        to[i].name = nnx_graph_output_name(g, i);
        sizes[i] = nnx_dtype_size(d.dtype);
        for (uint32_t k = 0; k < d.rank; k++)
            sizes[i] *= d.shape[k];
    }
    if (nnx_context_dispatch(ctx, g, ti, ni, to, no) != NNX_OK)
        fail_msg("dispatch: %s", nnx_context_error(ctx));
    for (size_t i = 0; i < no; i++) {
        res[i] = malloc(sizes[i] ? sizes[i] : 1);
        assert_int_equal(nnx_tensor_read(to[i].tensor, res[i], sizes[i]), NNX_OK);
        nnx_tensor_destroy(to[i].tensor);
    }
    for (size_t i = 0; i < ni; i++)
        nnx_tensor_destroy(ti[i].tensor);
    free(ti);
    free(to);
    return res;
}

/* Runs a and b (same outputs in the same order) and compares: bit for bit when tol < 0,
 * else float32 outputs within |x - y| <= tol * max(1, |x|) (NaN matching NaN). */
static inline void replay_compare(nnx_context *ctx, nnx_graph *a, nnx_graph *b, double tol)
{
    size_t no = nnx_graph_output_count(a);
    assert_int_equal(nnx_graph_output_count(b), no);
    size_t *sa = calloc(no + 1, sizeof *sa), *sb = calloc(no + 1, sizeof *sb);
    void **ra = replay_run(ctx, a, sa), **rb = replay_run(ctx, b, sb);
    for (size_t i = 0; i < no; i++) {
        const char *name = nnx_graph_output_name(a, i);
        assert_string_equal(name, nnx_graph_output_name(b, i));
        assert_int_equal(sa[i], sb[i]);
        nnx_operand_desc d;
        nnx_graph_output_desc(a, i, &d);
        if (tol < 0 || d.dtype != NNX_FLOAT32) {
            if (memcmp(ra[i], rb[i], sa[i]))
                fail_msg("output '%s' (%s) differs", name, nnx_dtype_name(d.dtype));
        } else {
            const float *x = ra[i], *y = rb[i];
            for (size_t k = 0; k < sa[i] / 4; k++) {
                if (isnan(x[k]) && isnan(y[k]))
                    continue;
                double e = fabs((double)x[k] - y[k]), lim = tol * fmax(1.0, fabs((double)x[k]));
                if (!(e <= lim))
                    fail_msg("output '%s' element %zu: %.9g vs %.9g", name, k, x[k], y[k]);
            }
        }
        free(ra[i]);
        free(rb[i]);
    }
    free(ra);
    free(rb);
    free(sa);
    free(sb);
}

/* ir (its inputs and outputs under their names) saved with nnx_tosa_save_ir into a
 * temporary folder and read into *back, which must equal f (the in-memory conversion). */
static inline void read_back_ir(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names,
                                uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                                uint32_t n_outputs, const nnx_tfile *f, nnx_tfile *back, const nnx_alloc *alloc)
{
    char dir[] = "/tmp/nnx-tosa-from-ir-XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/g.tosa", dir);
    nnx_error err = {0};
    if (nnx_tosa_save_ir(ir, inputs, input_names, n_inputs, outputs, output_names, n_outputs, path, NULL, alloc,
                         &err) != NNX_OK)
        fail_msg("save: %s", err.message);
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    fseek(fp, 0, SEEK_END);
    long size = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    uint8_t *data = malloc((size_t)size);
    assert_int_equal(fread(data, 1, (size_t)size, fp), (size_t)size);
    fclose(fp);
    remove(path);
    rmdir(dir);
    nnx_tfile_init(back, alloc);
    if (nnx_tfile_read(back, data, (size_t)size, "g.tosa", &err) != NNX_OK)
        fail_msg("read: %s", err.message);
    free(data);
    char where[256];
    if (!nnx_tfile_equal(f, back, where, sizeof where))
        fail_msg("read back differs at %s", where);
}

/* The same for a built graph's IR. */
static inline void read_back(const struct nnx_graph *g, const nnx_tfile *f, nnx_tfile *back, const nnx_alloc *alloc)
{
    read_back_ir(&g->ir, g->input_values, g->input_names, g->n_inputs, g->output_values,
                 (const char *const *)g->output_names, g->n_outputs, f, back, alloc);
}

#endif
