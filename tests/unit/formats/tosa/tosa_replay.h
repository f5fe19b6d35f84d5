/* tosa_replay.h — what the nnx_tfile_from_ir run tests share: a TOSA graph in memory
 * (nnx_tfile) replayed operator by operator through nnx_tosa_add as the TOSA model loader
 * does, each output tensor's type declared (only the types the tests write: float32,
 * int8/16/32, bool, shapes); running a graph on named byte buffers, deterministic input
 * data, and a graph saved with nnx_tosa_save_ir and read back (equal to the in-memory
 * conversion). */
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
#include "formats/tosa/tosa_file.h"
#include "formats/tosa/tosa_from_ir.h"
#include "nnx.h"

#include <unistd.h>

static inline nnx_dtype replay_dtype(uint32_t t)
{
    switch (t) {
    case NNX_TFILE_BOOL: return NNX_BOOL;
    case NNX_TFILE_INT8: return NNX_INT8;
    case NNX_TFILE_INT16: return NNX_INT16;
    case NNX_TFILE_INT32: return NNX_INT32;
    case NNX_TFILE_FP32: return NNX_FLOAT32;
    case NNX_TFILE_FP16: return NNX_FLOAT16;
    case NNX_TFILE_SHAPE: return NNX_INT64;
    default: fail_msg("replay: file type %u is not read here", t); return NNX_DTYPE_UNDEFINED;
    }
}

static inline const nnx_tfile_tensor *replay_tensor(const nnx_tfile_block *b, const char *name)
{
    for (uint32_t i = 0; i < b->n_tensors; i++)
        if (!strcmp(b->tensors[i].name, name))
            return &b->tensors[i];
    fail_msg("replay: no tensor '%s'", name);
    return NULL;
}

static inline nnx_operand_desc replay_desc(const nnx_tfile_tensor *x)
{
    nnx_operand_desc d = {replay_dtype(x->type), x->shape.count, {0}};
    for (uint32_t i = 0; i < x->shape.count; i++)
        d.shape[i] = (uint32_t)x->shape.v[i];
    return d;
}

static inline nnx_number replay_value(const nnx_tfile_bytes *v, nnx_dtype dt)
{
    switch (dt) {
    case NNX_FLOAT32: {
        float f;
        memcpy(&f, v->data, 4);
        return nnx_f64(f);
    }
    case NNX_INT8: return nnx_i64((int8_t)v->data[0]);
    case NNX_INT16: {
        int16_t i;
        memcpy(&i, v->data, 2);
        return nnx_i64(i);
    }
    case NNX_INT32: {
        int32_t i;
        memcpy(&i, v->data, 4);
        return nnx_i64(i);
    }
    default: fail_msg("replay: clamp of %s", nnx_dtype_name(dt)); return nnx_i64(0);
    }
}

static inline bool replay_block(nnx_tosa *t, const nnx_tfile *f, const nnx_tfile_block *b, nnx_operand *const *in,
                                nnx_operand **out);

/* COND_IF / WHILE_LOOP: the blocks the operator names, replayed as its sub-graphs. */
typedef struct replay_sub {
    const nnx_tfile *f;
    const char *names[2];
} replay_sub;

static inline bool replay_sub_graph(nnx_tosa *t, const replay_sub *s, int which, nnx_operand *const *in,
                                    nnx_operand **out)
{
    const nnx_tfile_block *b = nnx_tfile_find_block(&s->f->regions[0], s->names[which]);
    assert_non_null(b);
    return replay_block(t, s->f, b, in, out);
}
static inline bool replay_first(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n_in, nnx_operand **out,
                                uint32_t n_out)
{
    (void)n_in, (void)n_out;
    return replay_sub_graph(t, user, 0, in, out);
}
static inline bool replay_second(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n_in, nnx_operand **out,
                                 uint32_t n_out)
{
    (void)n_in, (void)n_out;
    return replay_sub_graph(t, user, 1, in, out);
}

/* Block b replayed into session t: its inputs are in[], its outputs written to out[]. */
static inline bool replay_block(nnx_tosa *t, const nnx_tfile *f, const nnx_tfile_block *b, nnx_operand *const *in_ops,
                                nnx_operand **out_ops)
{
    nnx_builder *bl = nnx_tosa_builder(t);
    uint32_t cap = b->n_tensors + b->n_inputs + 1;
    const char **names = calloc(cap, sizeof *names);
    nnx_operand **ops = calloc(cap, sizeof *ops);
    uint32_t n = 0;
    for (uint32_t i = 0; i < b->n_inputs; i++) {
        names[n] = b->inputs[i];
        ops[n++] = in_ops[i];
    }
    for (uint32_t k = 0; k < b->n_operators; k++) {
        const nnx_tfile_operator *o = &b->operators[k];
        const nnx_tfile_attr *fa = &o->attr;
        nnx_operand *in[16], *out[8] = {NULL};
        assert_true(o->n_inputs <= 16 && o->n_outputs <= 8);
        for (uint32_t i = 0; i < o->n_inputs; i++) {
            uint32_t j = 0;
            while (j < n && strcmp(names[j], o->inputs[i]))
                j++;
            if (j == n)
                fail_msg("replay: operator %u reads '%s' before it is written", k, o->inputs[i]);
            in[i] = ops[j];
        }
        const nnx_tfile_tensor *y = replay_tensor(b, o->outputs[0]);
        nnx_tosa_attrs a = {.axis = fa->axis,
                            .nan_mode = (nnx_tosa_nan_mode)fa->nan_mode,
                            .acc_type = fa->acc_type ? replay_dtype(fa->acc_type) : NNX_DTYPE_UNDEFINED,
                            .local_bound = fa->local_bound,
                            .inverse = fa->inverse,
                            .round = fa->round,
                            .scale32 = fa->scale32,
                            .per_channel = fa->per_channel,
                            .input_unsigned = fa->input_unsigned,
                            .output_unsigned = fa->output_unsigned,
                            .rounding_mode = (nnx_tosa_rounding)fa->rounding_mode,
                            .mode = (nnx_tosa_mode)fa->mode,
                            .perms = fa->perms.v,
                            .perms_count = fa->perms.count};
        for (uint32_t i = 0; i < 2 && i < fa->kernel.count; i++)
            a.kernel[i] = fa->kernel.v[i];
        for (uint32_t i = 0; i < 3 && i < fa->stride.count; i++)
            a.stride[i] = fa->stride.v[i];
        for (uint32_t i = 0; i < 3 && i < fa->dilation.count; i++)
            a.dilation[i] = fa->dilation.v[i];
        for (uint32_t i = 0; i < 6 && i < fa->pad.count; i++)
            a.pad[i] = fa->pad.v[i];
        for (uint32_t i = 0; i < 4 && i < fa->out_pad.count; i++)
            a.out_pad[i] = fa->out_pad.v[i];
        if (o->op == NNX_TOSA_CAST || o->op == NNX_TOSA_RESCALE || o->op == NNX_TOSA_MATMUL)
            a.out_type = replay_dtype(y->type);
        if (o->op == NNX_TOSA_CLAMP) {
            nnx_dtype dt = replay_dtype(replay_tensor(b, o->inputs[0])->type);
            a.min_val = replay_value(&fa->min_val, dt);
            a.max_val = replay_value(&fa->max_val, dt);
        }
        int64_t shape_values[64];
        replay_sub sub = {f, {fa->graph1, fa->graph2}};
        if (o->op == NNX_TOSA_CONST) {
            a.desc = replay_desc(y);
            a.values = y->data.data;
            a.values_size = y->data.size;
        } else if (o->op == NNX_TOSA_CONST_SHAPE) {
            uint32_t count = y->shape.count ? (uint32_t)y->shape.v[0] : 0;
            assert_true(count <= 64);
            if (count)
                memcpy(shape_values, y->data.data, count * sizeof(int64_t));
            a.shape_values = shape_values;
            a.shape_values_count = count;
        } else if (o->op == NNX_TOSA_COND_IF || o->op == NNX_TOSA_WHILE_LOOP) {
            a.graph1 = replay_first;
            a.graph2 = replay_second;
            a.user = &sub;
        }
        /* every output tensor's type and shape is what the operator must give */
        nnx_operand_desc declared[8];
        for (uint32_t i = 0; i < o->n_outputs; i++) {
            declared[i] = replay_desc(replay_tensor(b, o->outputs[i]));
            if (declared[i].dtype == NNX_INT64 && declared[i].rank == 1 && declared[i].shape[0] == 0)
                declared[i].rank = 0; /* the empty shape: nnx's rank-0 int64 (decision TOSA-F7) */
        }
        a.output_descs = declared;
        if (nnx_tosa_add(t, (nnx_tosa_op)o->op, in, o->n_inputs, &a, out, o->n_outputs) != o->n_outputs)
            fail_msg("replay: operator %u (%s): %s", k, nnx_tosa_op_name((nnx_tosa_op)o->op), nnx_builder_error(bl));
        for (uint32_t i = 0; i < o->n_outputs; i++) {
            names[n] = o->outputs[i];
            ops[n++] = out[i];
        }
    }
    for (uint32_t i = 0; i < b->n_outputs; i++) {
        uint32_t j = 0;
        while (j < n && strcmp(names[j], b->outputs[i]))
            j++;
        assert_true(j < n);
        out_ops[i] = ops[j];
    }
    free(names);
    free(ops);
    return true;
}

/* The graph of f's main block built on a new builder of ctx. */
static inline nnx_graph *replay(nnx_context *ctx, const nnx_tfile *f)
{
    const nnx_tfile_block *b = &f->regions[0].blocks[0];
    assert_string_equal(b->name, "main");
    nnx_builder *bl;
    assert_int_equal(nnx_builder_create(ctx, &bl), NNX_OK);
    nnx_tosa *t = nnx_tosa_begin(bl, NULL);
    nnx_operand **in = calloc(b->n_inputs + 1, sizeof *in), **out = calloc(b->n_outputs + 1, sizeof *out);
    for (uint32_t i = 0; i < b->n_inputs; i++) {
        nnx_operand_desc d = replay_desc(replay_tensor(b, b->inputs[i]));
        in[i] = nnx_builder_input(bl, b->inputs[i], &d);
    }
    replay_block(t, f, b, in, out);
    nnx_named_operand *outs = calloc(b->n_outputs + 1, sizeof *outs);
    for (uint32_t i = 0; i < b->n_outputs; i++)
        outs[i] = (nnx_named_operand){b->outputs[i], out[i]};
    nnx_graph *g = NULL;
    if (nnx_builder_build(bl, outs, b->n_outputs, &g) != NNX_OK)
        fail_msg("replay: build: %s", nnx_builder_error(bl));
    free(in);
    free(out);
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
