/* tosa_pool.c — tosa_avg_pool2d (TOSA 1.0 §2.3.2 AVG_POOL2D): NHWC, only in-bounds taps
 * count, integer inputs with zero points and the reciprocal_scale / apply_scale_32 division
 * (bit-exact), float inputs averaged in double and rounded once. */
#include "ir/elem.h"
#include "ir/shape.h"
#include "ops/table.h"
#include "ops/tosa.h"

/* The accumulator type of an input type: acc itself when TOSA allows it (UNDEFINED = the
 * default), else UNDEFINED. */
static nnx_dtype pool_acc(nnx_dtype in, nnx_dtype acc)
{
    switch (in) {
    case NNX_INT8:
    case NNX_INT16: return acc == NNX_DTYPE_UNDEFINED || acc == NNX_INT32 ? NNX_INT32 : NNX_DTYPE_UNDEFINED;
    case NNX_FLOAT16:
        if (acc == NNX_DTYPE_UNDEFINED)
            return NNX_FLOAT16;
        return acc == NNX_FLOAT16 || acc == NNX_FLOAT32 ? acc : NNX_DTYPE_UNDEFINED;
    case NNX_FLOAT32:
    case NNX_BFLOAT16: return acc == NNX_DTYPE_UNDEFINED || acc == NNX_FLOAT32 ? NNX_FLOAT32 : NNX_DTYPE_UNDEFINED;
    case NNX_FP8E4M3:
    case NNX_FP8E5M2: return acc == NNX_DTYPE_UNDEFINED || acc == NNX_FLOAT16 ? NNX_FLOAT16 : NNX_DTYPE_UNDEFINED;
    default: return NNX_DTYPE_UNDEFINED;
    }
}

nnx_status nnx_infer_tosa_avg_pool2d(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                     nnx_error *err)
{
    const nnx_attr_tosa_pool *a = &args->attrs->tosa_pool;
    const nnx_operand_desc *x = in[0];
    if (x->rank != 4)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input must be [N, IH, IW, C]");
    if (pool_acc(x->dtype, a->acc_type) == NNX_DTYPE_UNDEFINED)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "input %s with accumulator %s is not a TOSA type combination", nnx_dtype_name(x->dtype),
                             a->acc_type ? nnx_dtype_name(a->acc_type) : "(default)");
    for (uint32_t i = 1; i < 3 && i < args->n_in; i++)
        if (in[i] && (in[i]->dtype != x->dtype || nnx_shape_elements(in[i]->shape, in[i]->rank) != 1))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s must be one element of type %s",
                                 i == 1 ? "input_zp" : "output_zp", nnx_dtype_name(x->dtype));
    *out = *x;
    for (uint32_t i = 0; i < 2; i++) {
        int64_t k = a->kernel[i], s = a->stride[i], pb = a->pad[2 * i], pe = a->pad[2 * i + 1];
        if (k < 1 || s < 1)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "kernel and stride must be at least 1");
        if (pb >= k || pe >= k)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "pads must be smaller than the kernel");
        int64_t num = (int64_t)x->shape[1 + i] + pb + pe - k;
        if (num < 0 || num % s != 0)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "%s: (%u + %lld + %lld - %lld) is not a non-negative "
                                 "multiple of stride %lld",
                                 i ? "width" : "height", x->shape[1 + i], (long long)pb, (long long)pe, (long long)k,
                                 (long long)s);
        out->shape[1 + i] = (uint32_t)(num / s + 1);
    }
    return NNX_OK;
}

nnx_status nnx_ref_tosa_avg_pool2d(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_tosa_pool *a = &args->attrs->tosa_pool;
    nnx_dtype dt = in[0].desc.dtype;
    const uint32_t *xs = in[0].desc.shape, *ys = out->desc.shape;
    uint32_t N = xs[0], IH = xs[1], IW = xs[2], C = xs[3], OH = ys[1], OW = ys[2];
    bool is_float = nnx_dtype_is_float(dt);
    int64_t izp = args->n_in > 1 && in[1].data ? nnx_load_i(dt, in[1].data, 0) : 0;
    int64_t ozp = args->n_in > 2 && in[2].data ? nnx_load_i(dt, in[2].data, 0) : 0;
    int64_t lo = is_float ? 0 : nnx_dtype_int_min(dt), hi = is_float ? 0 : (int64_t)nnx_dtype_int_max(dt);
    size_t o = 0;
    for (uint32_t n = 0; n < N; n++)
        for (uint32_t oy = 0; oy < OH; oy++)
            for (uint32_t ox = 0; ox < OW; ox++)
                for (uint32_t c = 0; c < C; c++, o++) {
                    int64_t iy = (int64_t)oy * a->stride[0] - a->pad[0], ix = (int64_t)ox * a->stride[1] - a->pad[2];
                    int64_t acc = 0;
                    double facc = 0;
                    uint32_t count = 0;
                    for (uint32_t ky = 0; ky < a->kernel[0]; ky++)
                        for (uint32_t kx = 0; kx < a->kernel[1]; kx++) {
                            int64_t y = iy + ky, x = ix + kx;
                            if (y < 0 || y >= IH || x < 0 || x >= IW)
                                continue;
                            size_t i = (((size_t)n * IH + (size_t)y) * IW + (size_t)x) * C + c;
                            count++;
                            if (is_float)
                                facc += nnx_load_f(dt, in[0].data, i);
                            else
                                acc += nnx_load_i(dt, in[0].data, i) - izp;
                        }
                    if (is_float) { /* pads < kernel: every window has an in-bounds tap */
                        nnx_store_f(dt, out->data, o, count ? facc / count : 0.0);
                        continue;
                    }
                    int32_t m = 0;
                    int s = 0;
                    if (count)
                        nnx_tosa_reciprocal_scale(count, &m, &s);
                    int64_t v = (int64_t)nnx_tosa_apply_scale_32(acc, m, s, false) + ozp;
                    nnx_store_i(dt, out->data, o, v < lo ? lo : v > hi ? hi : v);
                }
    return NNX_OK;
}
