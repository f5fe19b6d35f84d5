/* roundtrip.c — nnx-onnx-conformance --nnef: each test that passed is also converted to NNEF
 * through the public API (nnx_model_load of the .onnx, nnx_model_save as .tgz), the NNEF
 * model is loaded back, built and dispatched on the test's inputs, and its outputs are
 * compared with the expected ones under the same tolerances. A model NNEF cannot express
 * (nnx_model_save answers NOT_SUPPORTED) counts as "does not convert". NNEF has three item
 * types (scalar -> float32, integer -> int32, logical -> bool) and keeps only the inputs the
 * outputs use, so inputs are matched by name (by position when the writer renamed them) and
 * converted to the NNEF model's types, and
 * outputs are compared by value (floats with the tolerances, the others exactly). */
#define _POSIX_C_SOURCE 200809L

#include "roundtrip.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/float_convert.h"

#include <math.h>

static double get(nnx_dtype dt, const void *p, size_t i)
{
    const unsigned char *q = p;
    switch (dt) {
    case NNX_FLOAT32: {
        float v;
        memcpy(&v, q + 4 * i, 4);
        return v;
    }
    case NNX_FLOAT64: {
        double v;
        memcpy(&v, q + 8 * i, 8);
        return v;
    }
    case NNX_FLOAT16: {
        uint16_t v;
        memcpy(&v, q + 2 * i, 2);
        return nnx_f16_to_f32(v);
    }
    case NNX_INT64: {
        int64_t v;
        memcpy(&v, q + 8 * i, 8);
        return (double)v;
    }
    case NNX_INT32: {
        int32_t v;
        memcpy(&v, q + 4 * i, 4);
        return v;
    }
    case NNX_INT16: {
        int16_t v;
        memcpy(&v, q + 2 * i, 2);
        return v;
    }
    case NNX_INT8: return (int8_t)q[i];
    case NNX_UINT64: {
        uint64_t v;
        memcpy(&v, q + 8 * i, 8);
        return (double)v;
    }
    case NNX_UINT32: {
        uint32_t v;
        memcpy(&v, q + 4 * i, 4);
        return v;
    }
    case NNX_UINT16: {
        uint16_t v;
        memcpy(&v, q + 2 * i, 2);
        return v;
    }
    default: return q[i];
    }
}

static void put(nnx_dtype dt, void *p, size_t i, double v)
{
    unsigned char *q = p;
    switch (dt) {
    case NNX_FLOAT32: {
        float x = (float)v;
        memcpy(q + 4 * i, &x, 4);
        break;
    }
    case NNX_FLOAT64: memcpy(q + 8 * i, &v, 8); break;
    case NNX_INT32: {
        int32_t x = (int32_t)v;
        memcpy(q + 4 * i, &x, 4);
        break;
    }
    case NNX_INT64: {
        int64_t x = (int64_t)v;
        memcpy(q + 8 * i, &x, 8);
        break;
    }
    default: q[i] = (unsigned char)(v != 0); break;
    }
}

/* got (the NNEF model's type) against want (the ONNX type) by value. */
static bool same_values(const nnx_operand_desc *gd, const void *got, const rt_tensor *want, char *why, size_t wl)
{
    if (gd->rank != want->desc.rank || memcmp(gd->shape, want->desc.shape, gd->rank * sizeof *gd->shape) != 0) {
        snprintf(why, wl, "output '%s' has another shape", want->name);
        return false;
    }
    bool fl = gd->dtype == NNX_FLOAT32 || gd->dtype == NNX_FLOAT64 || gd->dtype == NNX_FLOAT16;
    for (uint64_t i = 0; i < rt_elements(gd); i++) {
        double x = get(gd->dtype, got, i), y = get(want->desc.dtype, want->data, i);
        if ((isnan(x) && isnan(y)) || x == y || (fl && fabs(x - y) <= 1e-7 + 1e-3 * fabs(y)))
            continue;
        snprintf(why, wl, "output '%s' element %llu is %.9g, expected %.9g", want->name, (unsigned long long)i, x, y);
        return false;
    }
    return true;
}

static nnx_status make_tensor(nnx_context *ctx, const nnx_operand_desc *d, bool readable, const void *data,
                              nnx_tensor **t)
{
    nnx_tensor_desc td = {*d, readable, !readable};
    nnx_status st = nnx_tensor_create(ctx, &td, t);
    if (st == NNX_OK && data)
        st = nnx_tensor_write(*t, data, nnx_dtype_size(d->dtype) * rt_elements(d));
    return st;
}

rt_outcome rt_check(rt_state *rs, const char *model, const rt_tensor *in, size_t n_in, rt_tensor *out, size_t n_out,
                    rt_compare_fn compare, char *why, size_t wl)
{
    if (!rs->ctx && nnx_context_create(NULL, &rs->ctx) != NNX_OK)
        return RT_DIFFER;
    nnx_context *ctx = rs->ctx;
    nnx_input_shape shapes[RT_MAX];
    for (size_t k = 0; k < n_in && k < RT_MAX; k++) {
        shapes[k].name = in[k].name;
        shapes[k].rank = in[k].desc.rank;
        memcpy(shapes[k].shape, in[k].desc.shape, sizeof shapes[k].shape);
    }
    nnx_model_options o = {.input_shapes = shapes, .input_shape_count = (uint32_t)n_in};
    nnx_model *om = NULL, *nm = NULL;
    nnx_graph *g = NULL;
    nnx_tensor *ti[RT_MAX] = {0}, *to[RT_MAX] = {0};
    nnx_named_tensor ni[RT_MAX], no[RT_MAX];
    rt_outcome r = RT_NOT_CONVERTIBLE;
    bool narrowed = false; /* an input NNEF holds in a narrower type (float64 -> float32, …) */
    char path[256];
    snprintf(path, sizeof path, "%s/model.tgz", rs->dir);
    if (nnx_model_load(ctx, model, &o, &om) != NNX_OK) {
        snprintf(why, wl, "load: %s", nnx_context_error(ctx));
        goto done;
    }
    if (nnx_model_save(om, path) != NNX_OK) {
        snprintf(why, wl, "save: %s", nnx_context_error(ctx));
        goto done;
    }
    r = RT_DIFFER;
    if (nnx_model_load(ctx, path, NULL, &nm) != NNX_OK || nnx_model_build(nm, &g) != NNX_OK) {
        snprintf(why, wl, "NNEF reload: %s", nnx_context_error(ctx));
        goto done;
    }
    size_t gi = nnx_graph_input_count(g), go = nnx_graph_output_count(g);
    if (gi > n_in || go != n_out || go > RT_MAX) {
        snprintf(why, wl, "NNEF model has %zu inputs and %zu outputs", gi, go);
        goto done;
    }
    for (size_t k = 0; k < gi; k++) {
        nnx_operand_desc d;
        nnx_graph_input_desc(g, k, &d);
        const char *name = nnx_graph_input_name(g, k);
        const rt_tensor *src = NULL;
        for (size_t j = 0; j < n_in && !src; j++)
            if (strcmp(in[j].name, name) == 0)
                src = &in[j];
        if (!src && gi == n_in) /* renamed by the NNEF writer (not an identifier): same position */
            src = &in[k];
        if (!src || rt_elements(&src->desc) != rt_elements(&d)) {
            snprintf(why, wl, "NNEF input '%s' matches no ONNX input", name);
            goto done;
        }
        narrowed |= nnx_dtype_size(d.dtype) < nnx_dtype_size(src->desc.dtype);
        void *conv = malloc(nnx_dtype_size(d.dtype) * rt_elements(&d) + 1);
        for (uint64_t i = 0; conv && i < rt_elements(&d); i++)
            put(d.dtype, conv, i, get(src->desc.dtype, src->data, i));
        nnx_status st = conv ? make_tensor(ctx, &d, false, conv, &ti[k]) : NNX_ERROR_OUT_OF_MEMORY;
        free(conv);
        if (st != NNX_OK) {
            snprintf(why, wl, "input %zu: %s", k, nnx_context_error(ctx));
            goto done;
        }
        ni[k] = (nnx_named_tensor){name, ti[k]};
    }
    for (size_t k = 0; k < go; k++) {
        nnx_operand_desc d;
        nnx_graph_output_desc(g, k, &d);
        if (make_tensor(ctx, &d, true, NULL, &to[k]) != NNX_OK) {
            snprintf(why, wl, "output %zu: %s", k, nnx_context_error(ctx));
            goto done;
        }
        no[k] = (nnx_named_tensor){nnx_graph_output_name(g, k), to[k]};
    }
    if (nnx_context_dispatch(ctx, g, ni, gi, no, go) != NNX_OK) {
        snprintf(why, wl, "dispatch: %s", nnx_context_error(ctx));
        goto done;
    }
    r = RT_SAME;
    for (size_t k = 0; k < go && r == RT_SAME; k++) {
        nnx_operand_desc d;
        nnx_graph_output_desc(g, k, &d);
        size_t bytes = nnx_dtype_size(d.dtype) * rt_elements(&d);
        void *buf = malloc(bytes ? bytes : 1);
        if (!buf || nnx_tensor_read(to[k], buf, bytes) != NNX_OK ||
            !(d.dtype == out[k].desc.dtype ? compare(&d, buf, &out[k], why, wl)
                                           : same_values(&d, buf, &out[k], why, wl)))
            r = narrowed ? RT_NOT_CONVERTIBLE : RT_DIFFER; /* float64 values beyond float32 cannot survive */
        free(buf);
    }
done:
    for (size_t k = 0; k < RT_MAX; k++) {
        if (ti[k])
            nnx_tensor_destroy(ti[k]);
        if (to[k])
            nnx_tensor_destroy(to[k]);
    }
    if (g)
        nnx_graph_destroy(g);
    if (nm)
        nnx_model_destroy(nm);
    if (om)
        nnx_model_destroy(om);
    unlink(path);
    return r;
}
