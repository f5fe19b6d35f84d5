/* tosa_conv.c — tosa_conv2d, tosa_conv3d, tosa_depthwise_conv2d, tosa_transpose_conv2d and
 * tosa_matmul (TOSA 1.0 §2.3.3 CONV2D, §2.3.4 CONV3D, §2.3.5 DEPTHWISE_CONV2D, §2.3.10
 * TRANSPOSE_CONV2D, §2.3.7 MATMUL): zero points, accumulator types, NHWC / OHWI / HWIM layouts.
 * Integers are summed exactly in int64 and wrapped to the output width (the spec's overflow is a
 * REQUIRE); floats are summed in double, rounded once to the output type, and the bias is added
 * after that rounding, as the pseudocode's static_cast<out_t>(acc) + bias does. 2-D ops run as 3-D
 * with depth 1. */
#include "ir/elem.h"
#include "ir/shape.h"
#include "ops/table.h"
#include "ops/tosa.h"

/* v wrapped to a two's complement integer of `bits` bits. */
static int64_t wrap_bits(int64_t v, unsigned bits)
{
    if (bits >= 64)
        return v;
    uint64_t u = (uint64_t)v & ((UINT64_C(1) << bits) - 1);
    if (u >> (bits - 1))
        u |= ~UINT64_C(0) << bits;
    int64_t s;
    memcpy(&s, &u, sizeof s);
    return s;
}

/* The output (= bias) type of an input / weight type pair, or UNDEFINED if TOSA has no such
 * pair; *acc_ok says whether acc is one of the pair's accumulator types (UNDEFINED = the
 * first). */
static nnx_dtype conv_types(nnx_dtype in, nnx_dtype w, nnx_dtype acc, bool *acc_ok)
{
    nnx_dtype out = NNX_DTYPE_UNDEFINED, a0 = NNX_DTYPE_UNDEFINED, a1 = NNX_DTYPE_UNDEFINED;
    if (in == NNX_INT8 && (w == NNX_INT8 || w == NNX_INT4))
        out = a0 = NNX_INT32;
    else if (in == NNX_INT16 && w == NNX_INT8)
        out = a0 = NNX_INT48;
    else if (in == w && in == NNX_FLOAT16)
        out = NNX_FLOAT16, a0 = NNX_FLOAT16, a1 = NNX_FLOAT32;
    else if (in == w && in == NNX_FLOAT32)
        out = a0 = NNX_FLOAT32;
    else if (in == w && in == NNX_BFLOAT16)
        out = NNX_BFLOAT16, a0 = NNX_FLOAT32;
    else if (in == w && (in == NNX_FP8E4M3 || in == NNX_FP8E5M2))
        out = a0 = NNX_FLOAT16;
    *acc_ok = acc == NNX_DTYPE_UNDEFINED || acc == a0 || (a1 != NNX_DTYPE_UNDEFINED && acc == a1);
    return out;
}

static nnx_status check_zp(const nnx_operand_desc *d, nnx_dtype dt, const char *what, nnx_error *err)
{
    if (!d)
        return NNX_OK;
    if (d->dtype != dt || nnx_shape_elements(d->shape, d->rank) != 1)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s must be one element of type %s", what,
                             nnx_dtype_name(dt));
    return NNX_OK;
}

/* Geometry of one node as 3-D: x [N, D, H, W, C]; spatial axis k in 0..2 = d, y, x. */
typedef struct conv_geom {
    bool depthwise, transpose;
    uint32_t n, in[3], c, k[3], oc, m, out[3];
    int64_t pad[3]; /* begin pads (transpose: out_pad begin) */
    uint32_t stride[3], dilation[3];
} conv_geom;

static void geom_of(const nnx_op_args *args, const nnx_operand_desc *x, const nnx_operand_desc *w, conv_geom *g)
{
    const nnx_attr_tosa_conv *a = &args->attrs->tosa_conv;
    bool three = args->op == NNX_OP_TOSA_CONV3D;
    memset(g, 0, sizeof *g);
    g->depthwise = args->op == NNX_OP_TOSA_DEPTHWISE_CONV2D;
    g->transpose = args->op == NNX_OP_TOSA_TRANSPOSE_CONV2D;
    g->n = x->shape[0];
    g->c = x->shape[x->rank - 1];
    uint32_t first = three ? 0 : 1; /* 2-D: depth 1 */
    g->in[0] = g->k[0] = g->stride[0] = g->dilation[0] = 1;
    for (uint32_t s = first; s < 3; s++) {
        uint32_t i = s - first; /* index into the attribute lists and the spatial axes */
        g->in[s] = x->shape[1 + i];
        g->k[s] = g->depthwise ? w->shape[i] : w->shape[1 + i];
        g->pad[s] = a->pad[2 * i];
        g->stride[s] = a->stride[i];
        g->dilation[s] = g->transpose ? 1 : a->dilation[i];
    }
    g->oc = g->depthwise ? w->shape[2] * w->shape[3] : w->shape[0];
    g->m = g->depthwise ? w->shape[3] : 1;
}

nnx_status nnx_infer_tosa_conv(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                               nnx_error *err)
{
    const nnx_attr_tosa_conv *a = &args->attrs->tosa_conv;
    const nnx_operand_desc *x = in[0], *w = in[1], *bias = in[2];
    uint32_t rank = args->op == NNX_OP_TOSA_CONV3D ? 5 : 4, ns = rank - 2;
    if (!w || !bias)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "weight and bias are required");
    if (x->rank != rank || w->rank != rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input and weight must have rank %u", rank);
    bool acc_ok;
    nnx_dtype ot = conv_types(x->dtype, w->dtype, a->acc_type, &acc_ok);
    if (ot == NNX_DTYPE_UNDEFINED || !acc_ok)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "input %s, weight %s, accumulator %s is not a TOSA type "
                             "combination",
                             nnx_dtype_name(x->dtype), nnx_dtype_name(w->dtype),
                             a->acc_type ? nnx_dtype_name(a->acc_type) : "(default)");
    nnx_status st = check_zp(args->n_in > 3 ? in[3] : NULL, x->dtype, "input_zp", err);
    if (st == NNX_OK)
        st = check_zp(args->n_in > 4 ? in[4] : NULL, w->dtype, "weight_zp", err);
    if (st != NNX_OK)
        return st;
    conv_geom g;
    geom_of(args, x, w, &g);
    bool dw = g.depthwise;
    if ((dw ? w->shape[2] : w->shape[rank - 1]) != g.c)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "weight channels %u differ from the input's %u",
                             dw ? w->shape[2] : w->shape[rank - 1], g.c);
    if (bias->dtype != ot || bias->rank != 1 || (bias->shape[0] != 1 && bias->shape[0] != g.oc))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "bias must be %s[1] or %s[%u]", nnx_dtype_name(ot),
                             nnx_dtype_name(ot), g.oc);
    *out = *x;
    out->dtype = ot;
    out->shape[rank - 1] = g.oc;
    for (uint32_t i = 0; i < ns; i++) {
        int64_t pb = a->pad[2 * i], pe = a->pad[2 * i + 1], s = a->stride[i], d = a->dilation[i];
        int64_t ext = x->shape[1 + i], k = g.k[3 - ns + i], o;
        if (s < 1 || (!g.transpose && d < 1))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "strides and dilations must be at least 1");
        if (g.transpose) {
            if (pb <= -k || pe <= -k)
                return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "out_pad must be greater than -kernel");
            o = (ext - 1) * s + pb + pe + k;
        } else {
            if (pb < 0 || pe < 0)
                return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "pads must not be negative");
            int64_t num = ext - 1 + pb + pe - (k - 1) * d;
            if (num < 0 || num % s != 0)
                return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                     "spatial axis %u: (%lld - 1 + %lld + %lld - "
                                     "(%lld - 1) * %lld) is not a non-negative multiple of stride %lld",
                                     i, (long long)ext, (long long)pb, (long long)pe, (long long)k, (long long)d,
                                     (long long)s);
            o = num / s + 1;
        }
        if (o < 1 || o > INT32_MAX)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output extent %lld is out of range", (long long)o);
        out->shape[1 + i] = (uint32_t)o;
    }
    return NNX_OK;
}

static int64_t zp_of(const nnx_view *in, uint32_t n_in, uint32_t i)
{
    return i < n_in && in[i].data ? nnx_load_i(in[i].desc.dtype, in[i].data, 0) : 0;
}

/* The operands of one conv node's kernel run. */
typedef struct conv_run {
    conv_geom g;
    const nnx_view *x, *w;
    int64_t izp, wzp;
    bool is_float;
} conv_run;

/* Input position of tap k for output position o along spatial axis s; false when the tap
 * reads padding (conv) or falls between input samples (transpose: y = o - pad - k must be a
 * multiple of the stride inside [0, I * stride)). */
static bool tap(const conv_geom *g, int s, uint32_t o, uint32_t k, int64_t *pos)
{
    if (g->transpose) {
        int64_t v = (int64_t)o - g->pad[s] - k;
        if (v < 0 || v >= (int64_t)g->in[s] * g->stride[s] || v % g->stride[s] != 0)
            return false;
        *pos = v / g->stride[s];
        return true;
    }
    *pos = (int64_t)o * g->stride[s] - g->pad[s] + (int64_t)k * g->dilation[s];
    return *pos >= 0 && *pos < g->in[s];
}

/* The sum over the taps of output (n, o, oc): exact in *iacc (integers, zero points taken
 * off) or in double in *facc. Padding taps are skipped: (zp - zp) * w = 0. */
static void conv_point(const conv_run *r, uint32_t n, const uint32_t o[3], uint32_t oc, int64_t *iacc, double *facc)
{
    const conv_geom *g = &r->g;
    nnx_dtype xt = r->x->desc.dtype, wt = r->w->desc.dtype;
    uint32_t ic_n = g->depthwise ? 1 : g->c;
    for (uint32_t kd = 0; kd < g->k[0]; kd++)
        for (uint32_t ky = 0; ky < g->k[1]; ky++)
            for (uint32_t kx = 0; kx < g->k[2]; kx++) {
                int64_t p[3];
                if (!tap(g, 0, o[0], kd, &p[0]) || !tap(g, 1, o[1], ky, &p[1]) || !tap(g, 2, o[2], kx, &p[2]))
                    continue;
                size_t xbase = ((((size_t)n * g->in[0] + (size_t)p[0]) * g->in[1] + (size_t)p[1]) * g->in[2] +
                                (size_t)p[2]) *
                    g->c;
                size_t kbase = ((size_t)kd * g->k[1] + ky) * g->k[2] + kx;
                for (uint32_t ic = 0; ic < ic_n; ic++) {
                    size_t xi, wi;
                    if (g->depthwise) { /* w [KH, KW, C, M], channel oc = c * M + m */
                        xi = xbase + oc / g->m;
                        wi = kbase * g->oc + oc;
                    } else { /* w [OC, (KD,) KH, KW, IC] */
                        xi = xbase + ic;
                        wi = ((size_t)oc * g->k[0] * g->k[1] * g->k[2] + kbase) * g->c + ic;
                    }
                    if (r->is_float)
                        *facc += nnx_load_f(xt, r->x->data, xi) * nnx_load_f(wt, r->w->data, wi);
                    else
                        *iacc += (nnx_load_i(xt, r->x->data, xi) - r->izp) * (nnx_load_i(wt, r->w->data, wi) - r->wzp);
                }
            }
}

nnx_status nnx_ref_tosa_conv(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_view *bias = &in[2];
    nnx_dtype ot = out->desc.dtype;
    conv_run r = {.x = &in[0],
                  .w = &in[1],
                  .izp = zp_of(in, args->n_in, 3),
                  .wzp = zp_of(in, args->n_in, 4),
                  .is_float = nnx_dtype_is_float(ot)};
    geom_of(args, &in[0].desc, &in[1].desc, &r.g);
    uint32_t first = in[0].desc.rank == 5 ? 0 : 1;
    r.g.out[0] = 1; /* 2-D: depth 1 */
    for (uint32_t s = first; s < 3; s++)
        r.g.out[s] = out->desc.shape[1 + s - first];
    size_t o = 0;
    for (uint32_t n = 0; n < r.g.n; n++)
        for (uint32_t od = 0; od < r.g.out[0]; od++)
            for (uint32_t oy = 0; oy < r.g.out[1]; oy++)
                for (uint32_t ox = 0; ox < r.g.out[2]; ox++)
                    for (uint32_t oc = 0; oc < r.g.oc; oc++, o++) {
                        const uint32_t pos[3] = {od, oy, ox};
                        int64_t iacc = 0;
                        double facc = 0;
                        conv_point(&r, n, pos, oc, &iacc, &facc);
                        size_t bi = bias->desc.shape[0] == 1 ? 0 : oc;
                        if (r.is_float) { /* static_cast<out_t>(acc), then + bias in out_t */
                            unsigned char tmp[8] = {0};
                            nnx_store_f(ot, tmp, 0, facc);
                            nnx_store_f(ot, out->data, o, nnx_load_f(ot, tmp, 0) + nnx_load_f(ot, bias->data, bi));
                        } else {
                            unsigned bits = nnx_dtype_bits(ot);
                            int64_t v = wrap_bits(iacc, bits) + nnx_load_i(ot, bias->data, bi);
                            nnx_store_i(ot, out->data, o, wrap_bits(v, bits));
                        }
                    }
    return NNX_OK;
}

/* ---------------------------------------------------------------- tosa_matmul */

static nnx_dtype matmul_out(nnx_dtype in, nnx_dtype acc)
{
    switch (in) {
    case NNX_INT8: return acc == NNX_DTYPE_UNDEFINED || acc == NNX_INT32 ? NNX_INT32 : NNX_DTYPE_UNDEFINED;
    case NNX_INT16: return acc == NNX_DTYPE_UNDEFINED || acc == NNX_INT48 ? NNX_INT48 : NNX_DTYPE_UNDEFINED;
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

nnx_status nnx_infer_tosa_matmul(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                 nnx_error *err)
{
    const nnx_operand_desc *a = in[0], *b = in[1];
    if (!b)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "B is required");
    if (a->rank != 3 || b->rank != 3 || a->shape[0] != b->shape[0] || a->shape[2] != b->shape[1])
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "A must be [N, H, C] and B [N, C, W]");
    nnx_dtype ot = matmul_out(a->dtype, args->attrs->tosa_matmul.acc_type);
    if (b->dtype != a->dtype || ot == NNX_DTYPE_UNDEFINED)
        return nnx_error_set(
            err, NNX_ERROR_INVALID_ARGUMENT, "A %s, B %s, accumulator %s is not a TOSA type combination",
            nnx_dtype_name(a->dtype), nnx_dtype_name(b->dtype),
            args->attrs->tosa_matmul.acc_type ? nnx_dtype_name(args->attrs->tosa_matmul.acc_type) : "(default)");
    nnx_status st = check_zp(args->n_in > 2 ? in[2] : NULL, a->dtype, "A_zp", err);
    if (st == NNX_OK)
        st = check_zp(args->n_in > 3 ? in[3] : NULL, a->dtype, "B_zp", err);
    if (st != NNX_OK)
        return st;
    *out = *a;
    out->dtype = ot;
    out->shape[2] = b->shape[2];
    return NNX_OK;
}

nnx_status nnx_ref_tosa_matmul(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    nnx_dtype it = in[0].desc.dtype, ot = out->desc.dtype;
    uint32_t N = in[0].desc.shape[0], H = in[0].desc.shape[1], C = in[0].desc.shape[2], W = in[1].desc.shape[2];
    int64_t za = zp_of(in, args->n_in, 2), zb = zp_of(in, args->n_in, 3);
    bool is_float = nnx_dtype_is_float(ot);
    size_t o = 0;
    for (uint32_t n = 0; n < N; n++)
        for (uint32_t h = 0; h < H; h++)
            for (uint32_t w = 0; w < W; w++, o++) {
                int64_t iacc = 0;
                double facc = 0;
                for (uint32_t c = 0; c < C; c++) {
                    size_t ai = ((size_t)n * H + h) * C + c, bi = ((size_t)n * C + c) * W + w;
                    if (is_float)
                        facc += nnx_load_f(it, in[0].data, ai) * nnx_load_f(it, in[1].data, bi);
                    else
                        iacc += (nnx_load_i(it, in[0].data, ai) - za) * (nnx_load_i(it, in[1].data, bi) - zb);
                }
                if (is_float)
                    nnx_store_f(ot, out->data, o, facc);
                else
                    nnx_store_i(ot, out->data, o, wrap_bits(iacc, nnx_dtype_bits(ot)));
            }
    return NNX_OK;
}
