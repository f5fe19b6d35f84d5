/* fuzz_builder.c — libFuzzer target: the input bytes drive a sequence of builder calls
 * (inputs, constants, every operation with fuzzed shapes and options), then build and, when
 * the graph is valid, dispatch it. Any crash, sanitizer report or leak is a bug: invalid
 * combinations must come back as statuses. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nnx.h"

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static uint8_t take(reader *r)
{
    if (!r->n)
        return 0;
    r->n--;
    return *r->p++;
}

static uint32_t small(reader *r, uint32_t lo, uint32_t hi) { return lo + take(r) % (hi - lo + 1); }

static const nnx_dtype dtypes[] = {NNX_FLOAT32, NNX_FLOAT16, NNX_INT32,  NNX_UINT8,
                                   NNX_INT8,    NNX_INT64,   NNX_UINT64, NNX_UINT32};

static nnx_operand_desc any_desc(reader *r)
{
    nnx_operand_desc d = {dtypes[take(r) % 8], small(r, 0, 4), {0}};
    for (uint32_t i = 0; i < d.rank; i++)
        d.shape[i] = small(r, 1, 4);
    return d;
}

static size_t desc_bytes(const nnx_operand_desc *d)
{
    size_t n = nnx_dtype_size(d->dtype);
    for (uint32_t i = 0; i < d->rank; i++)
        n *= d->shape[i];
    return n;
}

/* A list option: absent (NULL), or count items in [lo, hi]. */
static const uint32_t *list(reader *r, uint32_t *buf, uint32_t *count, uint32_t lo, uint32_t hi)
{
    if (take(r) % 3 == 0)
        return NULL;
    *count = small(r, 0, 5);
    for (uint32_t i = 0; i < *count; i++)
        buf[i] = small(r, lo, hi);
    return buf;
}

static nnx_operand *apply(nnx_builder *b, reader *r, nnx_operand **pool, uint32_t n)
{
    nnx_operand *x = pool[take(r) % n], *y = pool[take(r) % n];
    uint32_t l1[8], l2[8], l3[8], l4[8], c1 = 0, c2 = 0, c3 = 0, c4 = 0;
    switch (take(r) % 24) {
    case 0: return nnx_builder_add(b, x, y, NULL);
    case 1: return nnx_builder_sub(b, x, y, NULL);
    case 2: return nnx_builder_mul(b, x, y, NULL);
    case 3: return nnx_builder_div(b, x, y, NULL);
    case 4: return nnx_builder_max(b, x, y, NULL);
    case 5: return nnx_builder_pow(b, x, y, NULL);
    case 6: return nnx_builder_abs(b, x, NULL);
    case 7: return nnx_builder_exp(b, x, NULL);
    case 8: return nnx_builder_relu(b, x, NULL);
    case 9:
        return nnx_builder_clamp(
            b, x, &(nnx_clamp_options){.min_value = nnx_f64((int8_t)take(r)), .max_value = nnx_i64((int8_t)take(r))});
    case 10: return nnx_builder_cast(b, x, dtypes[take(r) % 8], NULL);
    case 11: return nnx_builder_matmul(b, x, y, NULL);
    case 12:
        return nnx_builder_gemm(b, x, y,
                                &(nnx_gemm_options){.a_transpose = take(r) & 1,
                                                    .b_transpose = take(r) & 1,
                                                    .c = take(r) & 1 ? pool[take(r) % n] : NULL});
    case 13: {
        nnx_conv2d_options o = {
            .groups = small(r, 0, 3), .input_layout = small(r, 0, 2), .filter_layout = small(r, 0, 4)};
        o.padding = list(r, l1, &c1, 0, 3), o.padding_count = c1;
        o.strides = list(r, l2, &c2, 0, 3), o.strides_count = c2;
        o.dilations = list(r, l3, &c3, 0, 3), o.dilations_count = c3;
        if (take(r) & 1)
            o.bias = pool[take(r) % n];
        return nnx_builder_conv2d(b, x, y, &o);
    }
    case 14:
    case 15: {
        nnx_pool2d_options o = {.layout = small(r, 0, 2), .output_shape_rounding = small(r, 0, 2)};
        o.window_dimensions = list(r, l1, &c1, 0, 4), o.window_dimensions_count = c1;
        o.padding = list(r, l2, &c2, 0, 3), o.padding_count = c2;
        o.strides = list(r, l3, &c3, 0, 3), o.strides_count = c3;
        o.output_sizes = list(r, l4, &c4, 0, 4), o.output_sizes_count = c4;
        return take(r) & 1 ? nnx_builder_average_pool2d(b, x, &o) : nnx_builder_max_pool2d(b, x, &o);
    }
    case 16: return nnx_builder_softmax(b, x, small(r, 0, 4), NULL);
    case 17: {
        const uint32_t *s = list(r, l1, &c1, 0, 6);
        return nnx_builder_reshape(b, x, s, s ? c1 : 0, NULL);
    }
    case 18: {
        nnx_transpose_options o = {0};
        o.permutation = list(r, l1, &c1, 0, 4);
        o.permutation_count = c1;
        return nnx_builder_transpose(b, x, &o);
    }
    case 19: {
        nnx_operand *in[3] = {x, y, pool[take(r) % n]};
        return nnx_builder_concat(b, in, small(r, 0, 3), small(r, 0, 4), NULL);
    }
    case 20: {
        const uint32_t *st = list(r, l1, &c1, 0, 4), *sz = list(r, l2, &c2, 0, 4);
        nnx_slice_options o = {0};
        o.strides = list(r, l3, &c3, 0, 3), o.strides_count = c3;
        return nnx_builder_slice(b, x, st, c1, sz, c2, &o);
    }
    case 21: {
        nnx_operand *outs[5];
        nnx_split_options o = {.axis = small(r, 0, 4)};
        if (take(r) & 1)
            return nnx_builder_split(b, x, small(r, 1, 5), &o, outs) ? outs[0] : x;
        const uint32_t *s = list(r, l1, &c1, 0, 4);
        return s && c1 ? (nnx_builder_split_sizes(b, x, s, c1, &o, outs), outs[0]) : x;
    }
    case 22: {
        nnx_reduce_options o = {.keep_dimensions = take(r) & 1};
        o.axes = list(r, l1, &c1, 0, 4);
        o.axes_count = c1;
        return take(r) & 1 ? nnx_builder_reduce_sum(b, x, &o) : nnx_builder_reduce_max(b, x, &o);
    }
    default: return nnx_builder_reduce_mean(b, x, NULL);
    }
}

static void run(nnx_context *ctx, nnx_graph *g)
{
    size_t ni = nnx_graph_input_count(g);
    nnx_named_tensor in[16], out[1];
    nnx_operand_desc d;
    for (size_t i = 0; i < ni && i < 16; i++) {
        nnx_graph_input_desc(g, i, &d);
        in[i].name = nnx_graph_input_name(g, i);
        if (nnx_tensor_create(ctx, &(nnx_tensor_desc){d, false, true}, &in[i].tensor) != NNX_OK)
            return;
    }
    nnx_graph_output_desc(g, 0, &d);
    out[0].name = nnx_graph_output_name(g, 0);
    if (nnx_tensor_create(ctx, &(nnx_tensor_desc){d, true, false}, &out[0].tensor) != NNX_OK)
        return;
    nnx_context_dispatch(ctx, g, in, ni, out, 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    nnx_context *ctx;
    nnx_builder *b;
    if (nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx) != NNX_OK)
        return 0;
    nnx_builder_create(ctx, &b);
    nnx_operand *pool[16];
    uint32_t n = 0;
    char name[8] = "in0";
    uint8_t bytes[4096];
    for (uint32_t k = small(&r, 1, 3); k-- > 0;) {
        nnx_operand_desc d = any_desc(&r);
        name[2] = (char)('0' + n);
        pool[n++] = nnx_builder_input(b, name, &d);
    }
    nnx_operand_desc cd = any_desc(&r);
    size_t cb = desc_bytes(&cd);
    for (size_t i = 0; i < cb && i < sizeof bytes; i++)
        bytes[i] = take(&r);
    pool[n++] = nnx_builder_constant(b, &cd, bytes, cb);
    while (r.n && n < 16) {
        nnx_operand *op = apply(b, &r, pool, n);
        pool[n++] = op;
    }
    nnx_graph *g = NULL;
    if (nnx_builder_build(b, &(nnx_named_operand){"out", pool[n - 1]}, 1, &g) == NNX_OK)
        run(ctx, g);
    nnx_context_destroy(ctx); /* frees builder, graph and tensors */
    return 0;
}
