/* deconv.c — shape inference and reference kernel of DECONV, NNEF deconv (NNEF 1.0.2 §4.3.1;
 * NNEF decision 13): N-D transposed convolution, x [N, c, x...], filter [c, C/G, k...],
 * bias [C] → [N, C, X...] with out[i] = Σ_j x[(i + p − j·d)/s]·filter[j] over exact divisions
 * landing in the input; X = (x − 1)·s + (k − 1)·d + 1 − p − q, or a given size up to s − 1 larger.
 * Double sums, rounded once on store. */
#include "base/checked.h"
#include "ir/dtypes.h"
#include "ops/table.h"
#include "ops/conv.h"
#include "ir/elem.h"
#include "ir/shape.h"

/* Input float; filter and bias of its type; filter rank = input rank >= 2; bias rank 1. */
static nnx_status check_types(const nnx_operand_desc *x, const nnx_operand_desc *f, const nnx_operand_desc *b,
                              nnx_error *err)
{
    if (!nnx_dtype_is_float(x->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not a floating-point type",
                             nnx_dtype_name(x->dtype));
    if (f->dtype != x->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "filter type %s != input type %s",
                             nnx_dtype_name(f->dtype), nnx_dtype_name(x->dtype));
    if (b && b->dtype != x->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "bias type %s != input type %s", nnx_dtype_name(b->dtype),
                             nnx_dtype_name(x->dtype));
    if (x->rank < 2)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input has rank %u, expected at least 2", x->rank);
    if (f->rank != x->rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "filter has rank %u, expected %u", f->rank, x->rank);
    if (b && b->rank != 1)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "bias has rank %u, expected 1", b->rank);
    return NNX_OK;
}

/* NNEF decision 13: filter dim 0 = input channels c; G divides c; output channels C =
 * filter dim 1 * G; bias [C]. */
static nnx_status check_channels(const nnx_operand_desc *x, const nnx_operand_desc *f, const nnx_operand_desc *b,
                                 uint32_t groups, uint32_t *out_c, nnx_error *err)
{
    uint32_t c = x->shape[1];
    uint64_t total;
    if (groups == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "groups is 0, must be at least 1");
    if (f->shape[0] != c)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "filter dimension 0 (%u) != input channels %u",
                             f->shape[0], c);
    if (c % groups != 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input channels %u are not divisible by groups %u", c,
                             groups);
    if (!nnx_mul_u64(f->shape[1], groups, &total) || total > UINT32_MAX)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output channels %u x %u groups exceed %u", f->shape[1],
                             groups, UINT32_MAX);
    if (b && b->shape[0] != total)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "bias shape [%u] != [output channels %llu]", b->shape[0],
                             (unsigned long long)total);
    *out_c = (uint32_t)total;
    return NNX_OK;
}

/* Up-scaled extent of one spatial axis: (x - 1) * s + (k - 1) * d + 1 - pb - pe, which must
 * be at least 1; or the given size, which must down-scale back to x (computed <= size <=
 * computed + s - 1). Both products are below 2^64; above 2^62 they are rejected, so the
 * signed sum is exact. */
static nnx_status deconv_out_size(const char *what, uint32_t x, uint32_t k, int64_t pb, int64_t pe, uint32_t s,
                                  uint32_t d, const uint32_t *given, uint32_t *out, nnx_error *err)
{
    if (k == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "kernel %s is 0", what);
    if (x == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input %s is 0", what);
    uint64_t a = (uint64_t)(x - 1) * s, b = (uint64_t)(k - 1) * d + 1;
    if (a > (UINT64_C(1) << 62) || b > (UINT64_C(1) << 62))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output %s exceeds the largest dimension %u", what,
                             UINT32_MAX);
    int64_t size = (int64_t)(a + b) - pb - pe;
    if (size < 1 || size > (int64_t)UINT32_MAX)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "output %s %lld = (input %u - 1) * stride %u + (kernel %u - 1) * dilation %u + 1 - "
                             "padding %lld - %lld is outside 1..%u",
                             what, (long long)size, x, s, k, d, (long long)pb, (long long)pe, UINT32_MAX);
    if (given && (*given < size || *given > size + (int64_t)s - 1))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "output size %u of %s is outside [%lld, %lld] (the computed extent plus 0..stride-1)",
                             *given, what, (long long)size, (long long)size + s - 1);
    *out = given ? *given : (uint32_t)size;
    return NNX_OK;
}

nnx_status nnx_infer_deconv(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                            nnx_error *err)
{
    const nnx_attr_deconv *a = &args->attrs->deconv;
    const nnx_operand_desc *x = in[0], *f = in[1], *b = args->n_in > 2 ? in[2] : NULL;
    nnx_status st = check_types(x, f, b, err);
    if (st != NNX_OK)
        return st;
    uint32_t r = x->rank, n = r - 2, out_c = 0, sizes[NNX_MAX_SPATIAL];
    if (nnx_conv_check_steps(n, a->strides, a->dilations, err) != NNX_OK ||
        nnx_conv_check_pads(n, a->pads, err) != NNX_OK)
        return err->status;
    st = check_channels(x, f, b, a->groups, &out_c, err);
    for (uint32_t k = 0; st == NNX_OK && k < n; k++) {
        char buf[24];
        st = deconv_out_size(nnx_conv_axis_name(k, n, buf), x->shape[2 + k], f->shape[2 + k], a->pads[2 * k],
                             a->pads[2 * k + 1], a->strides[k], a->dilations[k],
                             a->has_output_sizes ? &a->output_sizes[k] : NULL, &sizes[k], err);
    }
    if (st != NNX_OK)
        return st;
    if (x->shape[0] == 0 || out_c == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "output shape has a 0 dimension (batches %u, output channels %u)", x->shape[0], out_c);
    out->dtype = x->dtype;
    out->rank = r;
    out->shape[0] = x->shape[0];
    out->shape[1] = out_c;
    for (uint32_t k = 0; k < n; k++)
        out->shape[2 + k] = sizes[k];
    return NNX_OK;
}

typedef struct deconv_geom {
    uint32_t n; /* spatial axes */
    const nnx_attr_deconv *a;
    const nnx_view *in;
    uint64_t xs[NNX_MAX_RANK], fs[NNX_MAX_RANK], ys[NNX_MAX_RANK];
} deconv_geom;

/* Adds to *acc the taps of spatial axes k.. for output position i: tap j of axis k reads
 * input position (i + p - j * d) / s when that division is exact and lands in the input.
 * xi and fi are the element offsets of the axes before k. Row-major tap order. */
static void tap_sum(const deconv_geom *g, uint32_t k, const uint32_t *i, size_t xi, size_t fi, double *acc)
{
    nnx_dtype dt = g->in[0].desc.dtype;
    if (k == g->n) {
        *acc += nnx_load_f(dt, g->in[0].data, xi) * nnx_load_f(dt, g->in[1].data, fi);
        return;
    }
    uint32_t ax = 2 + k, s = g->a->strides[k];
    int64_t x = g->in[0].desc.shape[ax], top = (int64_t)i[k] + g->a->pads[2 * k];
    for (uint32_t j = 0; j < g->in[1].desc.shape[ax]; j++) {
        int64_t t = top - (int64_t)j * g->a->dilations[k];
        if (t < 0 || t % s != 0 || t / s >= x)
            continue;
        tap_sum(g, k + 1, i, xi + (uint64_t)(t / s) * g->xs[ax], fi + j * g->fs[ax], acc);
    }
}

nnx_status nnx_ref_deconv(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_deconv *a = &args->attrs->deconv;
    const void *bias = args->n_in > 2 ? in[2].data : NULL;
    nnx_dtype dt = out->desc.dtype;
    deconv_geom g = {.n = out->desc.rank - 2, .a = a, .in = in};
    nnx_strides(in[0].desc.shape, in[0].desc.rank, g.xs);
    nnx_strides(in[1].desc.shape, in[1].desc.rank, g.fs);
    nnx_strides(out->desc.shape, out->desc.rank, g.ys);
    if (nnx_shape_elements(out->desc.shape, out->desc.rank) == 0)
        return NNX_OK;
    uint32_t in_per_group = in[0].desc.shape[1] / a->groups, out_per_group = in[1].desc.shape[1];
    for (uint32_t n = 0; n < out->desc.shape[0]; n++)
        for (uint32_t o = 0; o < out->desc.shape[1]; o++) {
            uint32_t group = o / out_per_group, i[NNX_MAX_SPATIAL] = {0};
            do {
                double acc = 0;
                for (uint32_t c = group * in_per_group; c < (group + 1) * in_per_group; c++)
                    tap_sum(&g, 0, i, n * g.xs[0] + c * g.xs[1], c * g.fs[0] + (o % out_per_group) * g.fs[1], &acc);
                if (bias)
                    acc += nnx_load_f(dt, bias, o);
                size_t yi = n * g.ys[0] + o * g.ys[1];
                for (uint32_t k = 0; k < g.n; k++)
                    yi += i[k] * g.ys[2 + k];
                nnx_store_f(dt, out->data, yi, acc);
            } while (nnx_index_next(i, out->desc.shape + 2, g.n));
        }
    return NNX_OK;
}
