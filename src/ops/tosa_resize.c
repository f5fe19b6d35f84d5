/* tosa_resize.c — tosa_resize (TOSA 1.0 §2.12.1 RESIZE): NHWC, rational scale
 * y_n/y_d, x_n/x_d, offset and border; the integer path (int8 -> int32, int16 -> int48
 * bilinear, both nearest) is the pseudocode in int64 and bit-exact; floats interpolate in
 * double (resize_t precision is bounded by the spec, not fixed) and round once. */
#include "ir/elem.h"
#include "ops/table.h"
#include "ops/tosa.h"

/* The spec's ERROR_IFs on the parameters and the output extent of one axis (0 on error). */
static int64_t resize_extent(int64_t in, int64_t n, int64_t d, int64_t offset, int64_t border, const char *axis,
                             nnx_error *err)
{
    if (n <= 0 || d <= 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s scale terms must be positive", axis), 0;
    if (n > 1 << 11)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s scale numerator %lld exceeds 2048", axis,
                             (long long)n),
               0;
    if (d >= 16 * n)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s downscale below 1/16", axis), 0;
    if (offset < -n || offset >= 16 * n)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s offset %lld is outside [-%lld, 16 * %lld)", axis,
                             (long long)offset, (long long)n, (long long)n),
               0;
    if (border < -16 * n || border >= n)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s border %lld is outside [-16 * %lld, %lld)", axis,
                             (long long)border, (long long)n, (long long)n),
               0;
    int64_t num = (in - 1) * n - offset + border;
    if (num < 0 || num % d != 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "%s: (%lld - 1) * %lld - %lld + %lld is not a non-negative multiple of %lld", axis,
                             (long long)in, (long long)n, (long long)offset, (long long)border, (long long)d),
               0;
    return num / d + 1;
}

nnx_status nnx_infer_tosa_resize(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                 nnx_error *err)
{
    const nnx_attr_tosa_resize *a = &args->attrs->tosa_resize;
    const nnx_operand_desc *x = in[0];
    nnx_dtype dt = x->dtype;
    if (x->rank != 4)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input must be [N, IH, IW, C]");
    if (a->mode != NNX_TOSA_RESIZE_NEAREST && a->mode != NNX_TOSA_RESIZE_BILINEAR)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "mode %d is not a resize mode", (int)a->mode);
    if (dt != NNX_INT8 && dt != NNX_INT16 && dt != NNX_FLOAT16 && dt != NNX_FLOAT32 && dt != NNX_BFLOAT16)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "input type %s is not int8, int16, float16, float32 or "
                             "bfloat16",
                             nnx_dtype_name(dt));
    int64_t oh = resize_extent(x->shape[1], a->scale[0], a->scale[1], a->offset[0], a->border[0], "y", err);
    int64_t ow = oh ? resize_extent(x->shape[2], a->scale[2], a->scale[3], a->offset[1], a->border[1], "x", err) : 0;
    if (!oh || !ow)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (oh >= 16384 || ow >= 16384 || x->shape[1] >= 16384 || x->shape[2] >= 16384)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "extents must be below 16384");
    *out = *x;
    out->shape[1] = (uint32_t)oh;
    out->shape[2] = (uint32_t)ow;
    if (a->mode == NNX_TOSA_RESIZE_BILINEAR && dt == NNX_INT8)
        out->dtype = NNX_INT32;
    else if (a->mode == NNX_TOSA_RESIZE_BILINEAR && dt == NNX_INT16)
        out->dtype = NNX_INT48;
    return NNX_OK;
}

/* idiv_floor: the quotient rounded toward -inf. */
static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return q * b > a ? q - 1 : q;
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

nnx_status nnx_ref_tosa_resize(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_tosa_resize *a = &args->attrs->tosa_resize;
    nnx_dtype it = in[0].desc.dtype, ot = out->desc.dtype;
    const uint32_t *xs = in[0].desc.shape, *ys = out->desc.shape;
    int64_t N = xs[0], IH = xs[1], IW = xs[2], C = xs[3], OH = ys[1], OW = ys[2];
    int64_t yn = a->scale[0], yd = a->scale[1], xn = a->scale[2], xd = a->scale[3];
    bool is_float = nnx_dtype_is_float(it), bilinear = a->mode == NNX_TOSA_RESIZE_BILINEAR;
    size_t o = 0;
    for (int64_t n = 0; n < N; n++)
        for (int64_t oy = 0; oy < OH; oy++)
            for (int64_t ox = 0; ox < OW; ox++) {
                int64_t y = oy * yd + a->offset[0], x = ox * xd + a->offset[1];
                int64_t iy = floor_div(y, yn), ix = floor_div(x, xn);
                int64_t ry = y - iy * yn, rx = x - ix * xn;
                int64_t iy0 = max64(iy, 0), iy1 = min64(iy + 1, IH - 1);
                int64_t ix0 = max64(ix, 0), ix1 = min64(ix + 1, IW - 1);
                size_t r0 = (size_t)((n * IH + iy0) * IW), r1 = (size_t)((n * IH + iy1) * IW);
                for (int64_t c = 0; c < C; c++, o++) {
                    size_t cc = (size_t)c, cn = (size_t)C;
                    size_t i00 = (r0 + (size_t)ix0) * cn + cc, i01 = (r0 + (size_t)ix1) * cn + cc;
                    size_t i10 = (r1 + (size_t)ix0) * cn + cc, i11 = (r1 + (size_t)ix1) * cn + cc;
                    if (!bilinear) { /* half rounds up to the higher index */
                        bool up_y = 2 * ry >= yn, up_x = 2 * rx >= xn;
                        size_t src = up_y ? (up_x ? i11 : i10) : (up_x ? i01 : i00);
                        nnx_copy_elem(nnx_dtype_size(it), out->data, o, in[0].data, src);
                    } else if (is_float) {
                        double dy = (double)ry / (double)yn, dx = (double)rx / (double)xn;
                        double v = nnx_load_f(it, in[0].data, i00) * (1 - dy) * (1 - dx) +
                            nnx_load_f(it, in[0].data, i01) * (1 - dy) * dx +
                            nnx_load_f(it, in[0].data, i10) * dy * (1 - dx) + nnx_load_f(it, in[0].data, i11) * dy * dx;
                        nnx_store_f(ot, out->data, o, v);
                    } else { /* exact: |v| * yn * xn < 2^15 * 2^22 */
                        int64_t v = nnx_load_i(it, in[0].data, i00) * (yn - ry) * (xn - rx) +
                            nnx_load_i(it, in[0].data, i01) * (yn - ry) * rx +
                            nnx_load_i(it, in[0].data, i10) * ry * (xn - rx) +
                            nnx_load_i(it, in[0].data, i11) * ry * rx;
                        nnx_store_i(ot, out->data, o, v);
                    }
                }
            }
    return NNX_OK;
}
