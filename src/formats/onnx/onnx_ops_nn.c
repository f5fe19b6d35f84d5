/* onnx_ops_nn.c — ONNX neural-network operators on core IR: MatMul and Gemm, Conv and
 * ConvTranspose (auto_pad, output_padding, output_shape), pooling and LpPool (ceil_mode,
 * count_include_pad, N-D through NNEF windows), the normalizations and quantization, and
 * Col2Im (a grouped transposed convolution with a one-hot filter). */
#include "formats/onnx/onnx_build.h"

#include <math.h>
#include <stdio.h>

/* ---------------------------------------------------------------- matrix products */

nnx_status nnx_onnx_op_matmul(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    uint32_t a = in[0], b = in[1];
    nnx_operand_desc ad = ox_desc(c, a), bd = ox_desc(c, b);
    if (ad.rank == 0 || bd.rank == 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "operands must have rank >= 1");
    /* ONNX MatMul also takes int32, int64, uint32 and uint64 (opset 9 on); nnx's matmul is
     * float only: a valid model nnx cannot run, not an invalid one */
    nnx_dtype_kind kind = nnx_dtype_kind_of(ad.dtype);
    if (ad.dtype == bd.dtype && (kind == NNX_KIND_SINT || kind == NNX_KIND_UINT))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                       "MatMul of %s is not supported (nnx multiplies floating-point "
                       "matrices only)",
                       nnx_dtype_name(ad.dtype));
    if (ad.rank == 1) {
        uint32_t s[2] = {1, ad.shape[0]};
        CHECK(reshape(c, a, 2, s, &a));
    }
    if (bd.rank == 1) {
        uint32_t s[2] = {bd.shape[0], 1};
        CHECK(reshape(c, b, 2, s, &b));
    }
    uint32_t y;
    CHECK(bin(c, NNX_OP_MATMUL, a, b, &y));
    if (ad.rank == 1 || bd.rank == 1) {
        nnx_operand_desc yd = ox_desc(c, y);
        uint32_t s[NNX_MAX_RANK], r = 0;
        for (uint32_t i = 0; i + 2 < yd.rank; i++)
            s[r++] = yd.shape[i];
        if (ad.rank != 1)
            s[r++] = yd.shape[yd.rank - 2];
        if (bd.rank != 1)
            s[r++] = yd.shape[yd.rank - 1];
        return reshape(c, y, r, s, &out[0]);
    }
    out[0] = y;
    return NNX_OK;
}

nnx_status nnx_onnx_op_gemm(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_attrs a = {.gemm = {.alpha = ox_attr_f(n, "alpha", 1.0f),
                            .beta = ox_attr_f(n, "beta", 1.0f),
                            .trans_a = ox_attr_i(n, "transA", 0) != 0,
                            .trans_b = ox_attr_i(n, "transB", 0) != 0}};
    /* ONNX Gemm also takes int32, int64, uint32 and uint64 (opset 9 on); nnx's gemm, like its
     * matmul, is float only: a valid model nnx cannot run (exit 3), not an invalid one */
    nnx_operand_desc ad = ox_desc(c, in[0]);
    nnx_dtype_kind kind = nnx_dtype_kind_of(ad.dtype);
    if (kind == NNX_KIND_SINT || kind == NNX_KIND_UINT)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                       "Gemm of %s is not supported (nnx multiplies floating-point "
                       "matrices only)",
                       nnx_dtype_name(ad.dtype));
    uint32_t cc = in_or_none(in, n_in, 2);
    uint32_t ins[3] = {in[0], in[1], cc};
    return ox_node(c, NNX_OP_GEMM, ins, cc == NNX_NONE ? 2 : 3, &a, 1, &out[0]);
}

/* ---------------------------------------------------------------- convolution and pooling */

typedef struct spatial {
    uint32_t n; /* spatial axes */
    int64_t k[NNX_MAX_SPATIAL], s[NNX_MAX_SPATIAL], d[NNX_MAX_SPATIAL];
    int64_t pb[NNX_MAX_SPATIAL], pe[NNX_MAX_SPATIAL];
} spatial;

/* Reads kernel_shape (or the given kernel), strides, dilations, pads and auto_pad. */
static nnx_status read_spatial(ox *c, const Onnx__NodeProto *n, const nnx_operand_desc *x, const uint32_t *kernel,
                               bool transposed, spatial *sp)
{
    if (x->rank < 3)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input must have rank >= 3");
    sp->n = x->rank - 2;
    size_t nk, ns, nd, np;
    const int64_t *k = ox_attr_ints(n, "kernel_shape", &nk), *s = ox_attr_ints(n, "strides", &ns),
                  *d = ox_attr_ints(n, "dilations", &nd), *p = ox_attr_ints(n, "pads", &np);
    if ((k && nk != sp->n) || (s && ns != sp->n) || (d && nd != sp->n) || (p && np != 2 * sp->n))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "kernel_shape, strides, dilations or pads have the wrong length");
    for (uint32_t i = 0; i < sp->n; i++) {
        sp->k[i] = k ? k[i] : kernel ? kernel[i] : 0;
        sp->s[i] = s ? s[i] : 1;
        sp->d[i] = d ? d[i] : 1;
        sp->pb[i] = p ? p[i] : 0;
        sp->pe[i] = p ? p[i + sp->n] : 0;
        /* bounded so that extent arithmetic stays far from int64 overflow */
        if (sp->k[i] < 1 || sp->k[i] > 65536 || sp->s[i] < 1 || sp->s[i] > 65536 || sp->d[i] < 1 || sp->d[i] > 65536 ||
            sp->pb[i] < 0 || sp->pe[i] < 0 || sp->pb[i] > (1 << 24) || sp->pe[i] > (1 << 24))
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                           "kernel, stride or dilation beyond 65536, or padding beyond 2^24, is not supported");
    }
    char buf[32];
    const char *ap = ox_attr_s(n, "auto_pad", "NOTSET", buf, sizeof buf);
    if (strcmp(ap, "NOTSET") == 0)
        return NNX_OK;
    bool upper = strcmp(ap, "SAME_UPPER") == 0, lower = strcmp(ap, "SAME_LOWER") == 0;
    if (!upper && !lower && strcmp(ap, "VALID") != 0)
        return unsupported(c, "auto_pad '%s' is not supported", ap);
    for (uint32_t i = 0; i < sp->n; i++) {
        sp->pb[i] = sp->pe[i] = 0;
        if (!upper && !lower)
            continue;
        int64_t in = x->shape[2 + i], kd = (sp->k[i] - 1) * sp->d[i] + 1, total;
        if (transposed)
            continue; /* ConvTranspose pads from the output shape, below */
        int64_t o = (in + sp->s[i] - 1) / sp->s[i];
        total = (o - 1) * sp->s[i] + kd - in;
        if (total < 0)
            total = 0;
        /* SAME_UPPER puts the odd pixel at the end, SAME_LOWER at the beginning */
        sp->pb[i] = upper ? total / 2 : total - total / 2;
        sp->pe[i] = total - sp->pb[i];
    }
    return NNX_OK;
}

nnx_status nnx_onnx_op_conv(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc x = ox_desc(c, in[0]), w = ox_desc(c, in[1]);
    if (w.rank != x.rank)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "W must have the input's rank");
    spatial sp;
    CHECK(read_spatial(c, n, &x, w.shape + 2, false, &sp));
    nnx_attrs a = {.conv = {.groups = (uint32_t)ox_attr_i(n, "group", 1),
                            .input_layout = NNX_LAYOUT_NCHW,
                            .filter_layout = NNX_FILTER_OIHW}};
    for (uint32_t i = 0; i < sp.n; i++) {
        if (sp.k[i] != w.shape[2 + i])
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "kernel_shape differs from W's shape");
        a.conv.pads[2 * i] = sp.pb[i];
        a.conv.pads[2 * i + 1] = sp.pe[i];
        a.conv.strides[i] = (uint32_t)sp.s[i];
        a.conv.dilations[i] = (uint32_t)sp.d[i];
    }
    uint32_t b = in_or_none(in, n_in, 2);
    uint32_t ins[3] = {in[0], in[1], b};
    return ox_node(c, NNX_OP_CONV, ins, b == NNX_NONE ? 2 : 3, &a, 1, &out[0]);
}

nnx_status nnx_onnx_op_conv_transpose(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc x = ox_desc(c, in[0]), w = ox_desc(c, in[1]);
    if (w.rank != x.rank)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "W must have the input's rank");
    spatial sp;
    CHECK(read_spatial(c, n, &x, w.shape + 2, true, &sp));
    size_t nop, nos;
    const int64_t *op = ox_attr_ints(n, "output_padding", &nop), *os = ox_attr_ints(n, "output_shape", &nos);
    if ((op && nop != sp.n) || (os && nos != sp.n && nos != sp.n + 2))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "output_padding or output_shape has the wrong length");
    char buf[32];
    const char *ap = ox_attr_s(n, "auto_pad", "NOTSET", buf, sizeof buf);
    bool same = strncmp(ap, "SAME", 4) == 0, upper = strcmp(ap, "SAME_UPPER") == 0;
    nnx_attrs a = {.deconv = {.groups = (uint32_t)ox_attr_i(n, "group", 1)}};
    for (uint32_t i = 0; i < sp.n; i++) {
        int64_t in_sz = x.shape[2 + i], kd = (sp.k[i] - 1) * sp.d[i] + 1, adj = op ? op[i] : 0;
        if (adj < 0 || adj > (1 << 24) ||
            (os && (os[nos == sp.n ? i : i + 2] < 0 || os[nos == sp.n ? i : i + 2] > UINT32_MAX)))
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "output_padding or output_shape out of range");
        int64_t full = sp.s[i] * (in_sz - 1) + adj + kd; /* output extent without padding */
        int64_t want = -1;
        if (os)
            want = os[nos == sp.n ? i : i + 2];
        else if (same)
            want = in_sz * sp.s[i];
        if (want >= 0) {
            int64_t total = full - want;
            if (total >= 0) {
                /* the ONNX spec: SAME_UPPER puts the odd pixel at the end, others at the start */
                sp.pb[i] = upper ? total / 2 : total - total / 2;
                sp.pe[i] = total - sp.pb[i];
            } else {
                sp.pb[i] = sp.pe[i] = 0;
                adj += -total;
            }
        }
        a.deconv.pads[2 * i] = sp.pb[i];
        a.deconv.pads[2 * i + 1] = sp.pe[i];
        a.deconv.strides[i] = (uint32_t)sp.s[i];
        a.deconv.dilations[i] = (uint32_t)sp.d[i];
        int64_t computed = sp.s[i] * (in_sz - 1) + kd - sp.pb[i] - sp.pe[i];
        if (want >= 0 && want - computed != 0) {
            a.deconv.has_output_sizes = true;
            adj = want - computed;
        }
        if (adj) {
            a.deconv.has_output_sizes = true;
            if (computed + adj < 1 || computed + adj > UINT32_MAX)
                return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "output extent out of range");
        }
        a.deconv.output_sizes[i] = (uint32_t)(computed + adj);
    }
    if (a.deconv.has_output_sizes)
        for (uint32_t i = 0; i < sp.n; i++)
            if (!a.deconv.output_sizes[i])
                a.deconv.output_sizes[i] = 1;
    uint32_t b = in_or_none(in, n_in, 2);
    uint32_t ins[3] = {in[0], in[1], b};
    return ox_node(c, NNX_OP_DECONV, ins, b == NNX_NONE ? 2 : 3, &a, 1, &out[0]);
}

/* Output extent of a pooling window. With ceil_mode a last window that would start in the
 * end padding is dropped (the ONNX reference's pooling output shape, as PyTorch). */
static int64_t pool_out(int64_t in, int64_t pb, int64_t pe, int64_t kd, int64_t s, bool ceil_mode)
{
    int64_t span = in + pb + pe - kd;
    if (span < 0)
        return 0;
    int64_t o = (ceil_mode ? (span + s - 1) / s : span / s) + 1;
    if (ceil_mode && o > 1 && (o - 1) * s >= in + pb)
        o--;
    return o;
}

/* The end padding with which floor rounding gives o windows of extent kd (the windows' starts
 * are those of ceil_mode; padding counts nowhere, so only the output length changes); -1 when
 * none does. */
static int64_t floor_end_pad(int64_t in, int64_t pb, int64_t kd, int64_t s, int64_t o)
{
    int64_t pe = (o - 1) * s + kd - in - pb;
    if (pe < 0)
        pe = 0;
    return pool_out(in, pb, pe, kd, s, false) == o ? pe : -1;
}

/* MaxPool's Indices (2-D): the flat NCHW offset (storage_order 1: NCWH) of each maximum, from
 * argmax_pool's index within the window: h = oh*s - pad + (i / kw)*d, w likewise. */
static nnx_status pool_indices(ox *c, const nnx_operand_desc *x, const spatial *sp, uint32_t idx, bool col_major,
                               uint32_t *y)
{
    uint32_t H = x->shape[2], W = x->shape[3], OH, OW, i64, kh, kw, t, hh, ww, base, k;
    nnx_operand_desc id = ox_desc(c, idx);
    OH = id.shape[2], OW = id.shape[3];
    CHECK(cast(c, idx, NNX_INT64, &i64));
    CHECK(ox_scalar(c, NNX_INT64, (double)sp->k[1], &k));
    CHECK(bin(c, NNX_OP_DIV, i64, k, &kh));
    CHECK(bin(c, NNX_OP_MUL, kh, k, &t));
    CHECK(bin(c, NNX_OP_SUB, i64, t, &kw));
    CHECK(ox_scalar(c, NNX_INT64, (double)sp->d[0], &k));
    CHECK(bin(c, NNX_OP_MUL, kh, k, &kh));
    CHECK(ox_scalar(c, NNX_INT64, (double)sp->d[1], &k));
    CHECK(bin(c, NNX_OP_MUL, kw, k, &kw));
    CHECK(ox_iota(c, NNX_INT64, 4, 2, OH, -(double)sp->pb[0], (double)sp->s[0], &t));
    CHECK(bin(c, NNX_OP_ADD, kh, t, &hh));
    CHECK(ox_iota(c, NNX_INT64, 4, 3, OW, -(double)sp->pb[1], (double)sp->s[1], &t));
    CHECK(bin(c, NNX_OP_ADD, kw, t, &ww));
    if (col_major) { /* storage_order 1: w * H + h */
        CHECK(ox_scalar(c, NNX_INT64, (double)H, &k));
        CHECK(bin(c, NNX_OP_MUL, ww, k, &ww));
    } else {
        CHECK(ox_scalar(c, NNX_INT64, (double)W, &k));
        CHECK(bin(c, NNX_OP_MUL, hh, k, &hh));
    }
    CHECK(bin(c, NNX_OP_ADD, hh, ww, &hh));
    /* (n * C + c) * H * W */
    nnx_operand_desc bd = {NNX_INT64, 4, {x->shape[0], x->shape[1], 1, 1}};
    uint64_t nc = (uint64_t)x->shape[0] * x->shape[1];
    int64_t *v = ox_alloc(c, (size_t)nc * sizeof *v);
    if (!v)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint64_t i = 0; i < nc; i++)
        v[i] = (int64_t)(i * H * W);
    nnx_status st = ox_const(c, &bd, v, &base);
    nnx_mem_free(c->ir->alloc, v);
    CHECK(st);
    return bin(c, NNX_OP_ADD, hh, base, y);
}

/* LpPool: (sum of |x|^p over the window, padding counting 0)^(1/p), a box sum over
 * window a (border constant 0, not normalized). */
static nnx_status lp_pool(ox *c, const Onnx__NodeProto *n, uint32_t x, const nnx_attrs *a, uint32_t *y)
{
    int64_t p = ox_attr_i(n, "p", 2);
    if (p < 1 || p > 64)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "p = %lld (1 to 64)", (long long)p);
    uint32_t t, e, sum;
    CHECK(un(c, NNX_OP_ABS, x, &t));
    if (p > 1) {
        CHECK(scalar_like(c, t, (double)p, &e));
        CHECK(bin(c, NNX_OP_POW, t, e, &t));
    }
    CHECK(ox_node(c, NNX_OP_BOX, &t, 1, a, 1, &sum));
    if (p == 1) {
        *y = sum;
        return NNX_OK;
    }
    CHECK(scalar_like(c, sum, 1.0 / (double)p, &e));
    return bin(c, NNX_OP_POW, sum, e, y);
}

/* AveragePool with count_include_pad where ceil_mode reaches past the end padding: the window
 * sum over the padded input divided by the taps inside the input and its given pads only (the
 * extension ceil_mode adds counts nowhere, as in the ONNX reference); the count is a product
 * of per-axis counts, known at load time. a: the window attributes with the extended pads. */
static nnx_status avg_pool_counting_pads(ox *c, uint32_t x, const spatial *sp, nnx_attrs *a, uint32_t *y)
{
    nnx_operand_desc xd = ox_desc(c, x);
    uint32_t sum, div = NNX_NONE;
    a->window.normalize = false;
    CHECK(ox_node(c, NNX_OP_BOX, &x, 1, a, 1, &sum));
    nnx_operand_desc sd = ox_desc(c, sum);
    for (uint32_t i = 0; i < sp->n; i++) {
        uint32_t ax = 2 + i, o = sd.shape[ax], f;
        double *cnt = ox_calloc(c, o, sizeof *cnt);
        if (!cnt)
            return c->nerr.status;
        for (uint32_t j = 0; j < o; j++)
            for (int64_t k = 0; k < sp->k[i]; k++) {
                int64_t at = (int64_t)j * sp->s[i] - sp->pb[i] + k * sp->d[i];
                cnt[j] += at >= -sp->pb[i] && at < (int64_t)xd.shape[ax] + sp->pe[i];
            }
        nnx_status st = ox_axis_const(c, NNX_FLOAT64, xd.rank, ax, o, cnt, &f);
        nnx_mem_free(c->ir->alloc, cnt);
        CHECK(st);
        if (div == NNX_NONE)
            div = f;
        else
            CHECK(bin(c, NNX_OP_MUL, div, f, &div));
    }
    CHECK(cast(c, div, xd.dtype, &div));
    return bin(c, NNX_OP_DIV, sum, div, y);
}

nnx_status nnx_onnx_op_pool(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc x = ox_desc(c, in[0]);
    bool avg = strcmp(n->op_type, "AveragePool") == 0, lp = strcmp(n->op_type, "LpPool") == 0;
    bool want_idx = n->n_output > 1 && n->output[1] && n->output[1][0];
    spatial sp;
    CHECK(read_spatial(c, n, &x, NULL, false, &sp));
    bool ceil_mode = ox_attr_i(n, "ceil_mode", 0) != 0, include_pad = avg && ox_attr_i(n, "count_include_pad", 0);
    if (want_idx && sp.n != 2)
        return unsupported(c, "%s: the Indices output is supported for 2-D pooling only", n->op_type);
    if (!include_pad && sp.n == 2 && !want_idx && !lp) {
        /* ceil_mode as floor rounding over the end padding that gives its output length */
        nnx_attrs a = {.pool = {.layout = NNX_LAYOUT_NCHW, .rounding = NNX_ROUNDING_FLOOR}};
        for (uint32_t i = 0; i < 2; i++) {
            int64_t kd = (sp.k[i] - 1) * sp.d[i] + 1, pe = sp.pe[i], in_i = x.shape[2 + i];
            if (ceil_mode)
                pe = floor_end_pad(in_i, sp.pb[i], kd, sp.s[i], pool_out(in_i, sp.pb[i], pe, kd, sp.s[i], true));
            if (pe < 0 || pe > UINT32_MAX)
                return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "ceil_mode pooling of axis %u", 2 + i);
            a.pool.window[i] = (uint32_t)sp.k[i];
            a.pool.strides[i] = (uint32_t)sp.s[i];
            a.pool.dilations[i] = (uint32_t)sp.d[i];
            a.pool.pads[2 * i] = (uint32_t)sp.pb[i];
            a.pool.pads[2 * i + 1] = (uint32_t)pe;
        }
        return ox_node(c, avg ? NNX_OP_AVG_POOL : NNX_OP_MAX_POOL, &in[0], 1, &a, 1, &out[0]);
    }
    /* N-D, counting the padding, or LpPool: NNEF-style windows over every axis */
    nnx_attrs a = {.window = {.border = include_pad || lp ? NNX_WINDOW_CONSTANT : NNX_WINDOW_IGNORE, .normalize = !lp}};
    for (uint32_t i = 0; i < x.rank; i++)
        a.window.size[i] = a.window.stride[i] = a.window.dilation[i] = 1;
    bool extended = false; /* ceil_mode padded past the given end padding */
    for (uint32_t i = 0; i < sp.n; i++) {
        uint32_t ax = 2 + i;
        int64_t kd = (sp.k[i] - 1) * sp.d[i] + 1, o = pool_out(x.shape[ax], sp.pb[i], sp.pe[i], kd, sp.s[i], ceil_mode);
        int64_t pe = ceil_mode ? floor_end_pad(x.shape[ax], sp.pb[i], kd, sp.s[i], o) : sp.pe[i];
        if (pe < 0 || pe > INT32_MAX)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "ceil_mode pooling of axis %u", ax);
        extended |= pe > sp.pe[i];
        a.window.size[ax] = (int32_t)sp.k[i];
        a.window.stride[ax] = (int32_t)sp.s[i];
        a.window.dilation[ax] = (int32_t)sp.d[i];
        a.window.pad_begin[ax] = (int32_t)sp.pb[i];
        a.window.pad_end[ax] = (int32_t)pe;
    }
    if (avg && include_pad && extended)
        return avg_pool_counting_pads(c, in[0], &sp, &a, &out[0]);
    if (avg)
        return ox_node(c, NNX_OP_BOX, &in[0], 1, &a, 1, &out[0]);
    if (lp)
        return lp_pool(c, n, in[0], &a, &out[0]);
    uint32_t idx;
    a.window.normalize = false;
    CHECK(ox_node(c, NNX_OP_ARGMAX_POOL, &in[0], 1, &a, 1, &idx));
    uint32_t si[2] = {in[0], idx};
    CHECK(ox_node(c, NNX_OP_SAMPLE, si, 2, &a, 1, &out[0]));
    return want_idx ? pool_indices(c, &x, &sp, idx, ox_attr_i(n, "storage_order", 0) != 0, &out[1]) : NNX_OK;
}

nnx_status nnx_onnx_op_global_pool(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc x = ox_desc(c, in[0]);
    if (x.rank < 3)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input must have rank >= 3");
    uint32_t mask = (uint32_t)((UINT64_C(1) << x.rank) - 1) & ~3u;
    return reduce(c, strcmp(n->op_type, "GlobalMaxPool") == 0 ? NNX_OP_REDUCE_MAX : NNX_OP_REDUCE_MEAN, in[0], mask,
                  true, &out[0]);
}

/* ---------------------------------------------------------------- normalization */

nnx_status nnx_onnx_op_batch_norm(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    if (ox_attr_i(n, "training_mode", 0) != 0)
        return nnx_onnx_op_batch_norm_training(c, n, in, n_in, out);
    if (n->n_output > 1 && c->opset >= 9)
        return unsupported(c, "%s: the running statistics outputs need training_mode 1", "BatchNormalization");
    nnx_attrs a = {.norm = {.axis = 1, .epsilon = ox_attr_f(n, "epsilon", 1e-5f)}};
    uint32_t ins[5] = {in[0], in[3], in[4], in[1], in[2]};
    return ox_node(c, NNX_OP_BATCH_NORMALIZATION, ins, 5, &a, 1, &out[0]);
}

nnx_status nnx_onnx_op_instance_norm(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc x = ox_desc(c, in[0]);
    if (x.rank < 3)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input must have rank >= 3");
    uint64_t sp = 1;
    for (uint32_t i = 2; i < x.rank; i++)
        sp *= x.shape[i];
    uint32_t s4[4] = {x.shape[0], x.shape[1], (uint32_t)sp, 1}, v, y;
    CHECK(reshape(c, in[0], 4, s4, &v));
    nnx_attrs a = {.norm = {.layout = NNX_LAYOUT_NCHW, .epsilon = ox_attr_f(n, "epsilon", 1e-5f)}};
    uint32_t ins[3] = {v, in[1], in[2]};
    CHECK(ox_node(c, NNX_OP_INSTANCE_NORMALIZATION, ins, 3, &a, 1, &y));
    return reshape(c, y, x.rank, x.shape, &out[0]);
}

nnx_status nnx_onnx_op_layer_norm(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc x = ox_desc(c, in[0]);
    uint32_t axis;
    CHECK(axis_of(c, ox_attr_i(n, "axis", -1), x.rank, &axis));
    double eps = ox_attr_f(n, "epsilon", 1e-5f);
    nnx_attrs a = {.norm = {.n_axes = x.rank - axis, .epsilon = eps}};
    uint32_t mask = 0;
    for (uint32_t i = axis; i < x.rank; i++) {
        a.norm.axes[i - axis] = i;
        mask |= 1u << i;
    }
    uint32_t scale = in_or_none(in, n_in, 1), bias = in_or_none(in, n_in, 2);
    /* scale and bias may broadcast in ONNX; core wants x's normalized shape */
    nnx_attrs e = {.reshape = {.rank = x.rank - axis}};
    for (uint32_t i = axis; i < x.rank; i++)
        e.reshape.shape[i - axis] = x.shape[i];
    nnx_operand_desc want = {x.dtype, e.reshape.rank, {0}};
    memcpy(want.shape, e.reshape.shape, sizeof want.shape);
    if (scale != NNX_NONE) {
        nnx_operand_desc sd = ox_desc(c, scale);
        if (sd.rank != want.rank || memcmp(sd.shape, want.shape, sizeof sd.shape) != 0)
            CHECK(ox_node(c, NNX_OP_EXPAND, &scale, 1, &e, 1, &scale));
    }
    if (bias != NNX_NONE) {
        nnx_operand_desc bd = ox_desc(c, bias);
        if (bd.rank != want.rank || memcmp(bd.shape, want.shape, sizeof bd.shape) != 0)
            CHECK(ox_node(c, NNX_OP_EXPAND, &bias, 1, &e, 1, &bias));
    }
    uint32_t ins[3] = {in[0], scale, bias};
    CHECK(ox_node(c, NNX_OP_LAYER_NORMALIZATION, ins, bias == NNX_NONE ? 2 : 3, &a, 1, &out[0]));
    bool want_mean = n->n_output > 1 && n->output[1][0], want_inv = n->n_output > 2 && n->output[2][0];
    if (want_mean || want_inv) {
        uint32_t mean, dx, var, ep, inv;
        CHECK(reduce(c, NNX_OP_REDUCE_MEAN, in[0], mask, true, &mean));
        CHECK(bin(c, NNX_OP_SUB, in[0], mean, &dx));
        CHECK(bin(c, NNX_OP_MUL, dx, dx, &dx));
        CHECK(reduce(c, NNX_OP_REDUCE_MEAN, dx, mask, true, &var));
        CHECK(scalar_like(c, var, eps, &ep));
        CHECK(bin(c, NNX_OP_ADD, var, ep, &var));
        CHECK(un(c, NNX_OP_SQRT, var, &inv));
        CHECK(un(c, NNX_OP_RCP, inv, &inv));
        if (want_mean)
            out[1] = mean;
        if (want_inv)
            out[2] = inv;
    }
    return NNX_OK;
}

/* MeanVarianceNormalization: (x - mean) / sqrt(var + 1e-9) over axes (default 0, 2, 3). */
nnx_status nnx_onnx_op_mvn(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc x = ox_desc(c, in[0]);
    size_t na;
    const int64_t *axes = ox_attr_ints(n, "axes", &na);
    static const int64_t def[3] = {0, 2, 3};
    if (!axes)
        axes = def, na = 3;
    uint32_t mask = 0;
    for (size_t i = 0; i < na; i++) {
        uint32_t a;
        CHECK(axis_of(c, axes[i], x.rank, &a));
        mask |= 1u << a;
    }
    uint32_t mean, dx, sq, var, ep, sd;
    CHECK(reduce(c, NNX_OP_REDUCE_MEAN, in[0], mask, true, &mean));
    CHECK(bin(c, NNX_OP_SUB, in[0], mean, &dx));
    CHECK(bin(c, NNX_OP_MUL, dx, dx, &sq));
    CHECK(reduce(c, NNX_OP_REDUCE_MEAN, sq, mask, true, &var));
    CHECK(scalar_like(c, var, 1e-9, &ep));
    CHECK(bin(c, NNX_OP_ADD, var, ep, &var));
    CHECK(un(c, NNX_OP_SQRT, var, &sd));
    return bin(c, NNX_OP_DIV, dx, sd, &out[0]);
}

/* LRN: x / (bias + alpha / size * sum of squares over a channel window) ^ beta. */
nnx_status nnx_onnx_op_lrn(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc x = ox_desc(c, in[0]);
    int64_t size = ox_attr_i(n, "size", 0);
    if (x.rank < 3 || size < 1 || size > INT32_MAX)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "needs rank >= 3 and size >= 1");
    double alpha = ox_attr_f(n, "alpha", 1e-4f), beta = ox_attr_f(n, "beta", 0.75f), bias = ox_attr_f(n, "bias", 1.0f);
    nnx_attrs a = {.window = {.border = NNX_WINDOW_CONSTANT}};
    for (uint32_t i = 0; i < x.rank; i++)
        a.window.size[i] = a.window.stride[i] = a.window.dilation[i] = 1;
    a.window.size[1] = (int32_t)size;
    a.window.pad_begin[1] = (int32_t)((size - 1) / 2);
    a.window.pad_end[1] = (int32_t)(size - 1 - (size - 1) / 2);
    uint32_t sq, sum, k, t, b, p;
    CHECK(bin(c, NNX_OP_MUL, in[0], in[0], &sq));
    CHECK(ox_node(c, NNX_OP_BOX, &sq, 1, &a, 1, &sum));
    CHECK(scalar_like(c, sum, alpha / size, &k));
    CHECK(bin(c, NNX_OP_MUL, sum, k, &t));
    CHECK(scalar_like(c, t, bias, &b));
    CHECK(bin(c, NNX_OP_ADD, t, b, &t));
    CHECK(scalar_like(c, t, beta, &p));
    CHECK(bin(c, NNX_OP_POW, t, p, &t));
    return bin(c, NNX_OP_DIV, in[0], t, &out[0]);
}

/* ---------------------------------------------------------------- quantization */

/* A blocked scale / zero point (x's rank, ceil(x.shape[axis] / block) along axis, x's shape
 * elsewhere) repeated block times along axis and cut to x's extent (ONNX Operators,
 * QuantizeLinear "blocked quantization"): then an element-wise operand of x's shape. */
static nnx_status blocked_param(ox *c, uint32_t p, const nnx_operand_desc *x, uint32_t axis, int64_t block, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, p);
    if (d.rank != x->rank || axis >= x->rank || block < 1 || block > x->shape[axis] ||
        d.shape[axis] != (x->shape[axis] + (uint64_t)block - 1) / (uint64_t)block)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "block_size %lld: the scale needs %u blocks along axis %u",
                       (long long)block, block >= 1 ? (uint32_t)((x->shape[axis] + block - 1) / block) : 0, axis);
    for (uint32_t i = 0; i < x->rank; i++)
        if (i != axis && d.shape[i] != x->shape[i])
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "a blocked scale differs from x's shape on axis %u", i);
    if (x->rank + 1 > NNX_MAX_RANK)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "blocked scales of rank %u", x->rank);
    uint32_t s[NNX_MAX_RANK], k = 0, rep;
    for (uint32_t i = 0; i < x->rank; i++) {
        s[k++] = d.shape[i];
        if (i == axis)
            s[k++] = 1;
    }
    nnx_attrs ex = {.reshape = {.rank = x->rank + 1}};
    memcpy(ex.reshape.shape, s, (x->rank + 1) * sizeof *s);
    ex.reshape.shape[axis + 1] = (uint32_t)block;
    CHECK(reshape(c, p, x->rank + 1, s, &rep));
    CHECK(ox_node(c, NNX_OP_EXPAND, &rep, 1, &ex, 1, &rep));
    memcpy(s, x->shape, x->rank * sizeof *s);
    s[axis] = d.shape[axis] * (uint32_t)block;
    CHECK(reshape(c, rep, x->rank, s, &rep));
    if (s[axis] == x->shape[axis]) {
        *y = rep;
        return NNX_OK;
    }
    nnx_attrs sl = {.slice = {.starts = {0}}};
    for (uint32_t i = 0; i < x->rank; i++)
        sl.slice.sizes[i] = x->shape[i], sl.slice.strides[i] = 1;
    return ox_node(c, NNX_OP_SLICE, &rep, 1, &sl, 1, y);
}

/* Scale / zero point (scalar, 1-D along axis, or blocked along axis when block > 0) reshaped
 * to x's rank. */
static nnx_status qparam(ox *c, uint32_t p, const nnx_operand_desc *x, uint32_t axis, int64_t block, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, p);
    if (block > 0)
        return blocked_param(c, p, x, axis, block, y);
    uint32_t s[NNX_MAX_RANK];
    for (uint32_t i = 0; i < x->rank; i++)
        s[i] = 1;
    if (d.rank == 1 && d.shape[0] != 1) {
        if (axis >= x->rank)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis out of range");
        s[axis] = d.shape[0];
    } else if (d.rank > 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "a scale of rank %u needs block_size", d.rank);
    return reshape(c, p, x->rank, s, y);
}

/* QuantizeLinear to a float type (float 8, float4e2m1): y = saturate(x / scale + zero_point)
 * with the quotient and sum in x's precision, then ONNX Cast's conversion with the node's
 * `saturate` (Operators.md, QuantizeLinear: "the quantization formula remains the same";
 * ONNX decision ONNX-T7). */
static nnx_status quantize_to_float(ox *c, const Onnx__NodeProto *n, uint32_t x, uint32_t scale, uint32_t zp,
                                    uint32_t *y)
{
    nnx_dtype xt = ox_desc(c, x).dtype;
    uint32_t s, q, z;
    CHECK(cast(c, scale, xt, &s));
    CHECK(bin(c, NNX_OP_DIV, x, s, &q));
    CHECK(cast(c, zp, xt, &z));
    CHECK(bin(c, NNX_OP_ADD, q, z, &q));
    return ox_onnx_cast(c, n, q, ox_desc(c, zp).dtype, y);
}

/* DequantizeLinear computed in float64: (x - zero_point) * scale is exact there for every
 * input type (at most 32 integer or 4 significand bits times a float32 scale), then rounded
 * once to `to`. For float inputs, which core dequantize_linear does not take, and for an
 * output_dtype other than the scale's (ONNX decision ONNX-T8). */
static nnx_status dequantize_in_double(ox *c, uint32_t x, uint32_t scale, uint32_t zp, nnx_dtype to, uint32_t *y)
{
    uint32_t v, z, s;
    CHECK(cast(c, x, NNX_FLOAT64, &v));
    CHECK(cast(c, zp, NNX_FLOAT64, &z));
    CHECK(bin(c, NNX_OP_SUB, v, z, &v));
    CHECK(cast(c, scale, NNX_FLOAT64, &s));
    CHECK(bin(c, NNX_OP_MUL, v, s, &v));
    return cast(c, v, to, y);
}

nnx_status nnx_onnx_op_quant(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc x = ox_desc(c, in[0]);
    bool q = strcmp(n->op_type, "QuantizeLinear") == 0;
    uint32_t axis = 1;
    nnx_operand_desc sd0 = ox_desc(c, in[1]);
    /* block_size (opset 21): 0 = per tensor or per axis; blocked scales have x's rank */
    int64_t block = ox_attr_i(n, "block_size", 0);
    if (block < 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "block_size %lld", (long long)block);
    if ((sd0.rank == 1 && sd0.shape[0] != 1) || block > 0)
        CHECK(axis_of(c, ox_attr_i(n, "axis", 1), x.rank, &axis));
    uint32_t scale, zp = in_or_none(in, n_in, 2);
    CHECK(qparam(c, in[1], &x, axis, block, &scale));
    /* output_dtype (QuantizeLinear 21, DequantizeLinear 23): the result's type; 0 = the
     * zero point's (uint8 without one), the scale's */
    int64_t code = ox_attr_i(n, "output_dtype", 0);
    nnx_dtype out_t = code ? nnx_onnx_dtype((int32_t)code) : NNX_DTYPE_UNDEFINED;
    if (code && out_t == NNX_DTYPE_UNDEFINED) {
        char buf[32];
        snprintf(buf, sizeof buf, "%lld", (long long)code);
        return unsupported(c, "output_dtype %s is not a data type nnx has", buf);
    }
    if (!q && x.dtype == NNX_FP8E8M0) /* a scale type, not a quantized one: it has no 0 */
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input of type fp8e8m0 is not a quantized type");
    if (zp == NNX_NONE) {
        nnx_operand_desc sd = ox_desc(c, scale);
        sd.dtype = !q ? x.dtype : out_t ? out_t : NNX_UINT8;
        size_t b;
        nnx_desc_bytes(&sd, &b);
        uint8_t *z = ox_calloc(c, b ? b : 1, 1); /* zero bytes are 0 in every zero-point type */
        if (!z)
            return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        nnx_status st = ox_const(c, &sd, z, &zp);
        nnx_mem_free(c->ir->alloc, z);
        CHECK(st);
    } else
        CHECK(qparam(c, zp, &x, axis, block, &zp));
    nnx_dtype zt = ox_desc(c, zp).dtype, st = ox_desc(c, scale).dtype;
    if (q && out_t && out_t != zt)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "output_dtype %s differs from the zero point's type %s",
                       nnx_dtype_name(out_t), nnx_dtype_name(zt));
    if (q && nnx_dtype_is_float(zt))
        return quantize_to_float(c, n, in[0], scale, zp, &out[0]);
    if (q && nnx_dtype_is_float(x.dtype))
        return nnx_onnx_quantize(c, in[0], scale, zp, &out[0]);
    if (!q && (nnx_dtype_is_float(x.dtype) || (out_t && out_t != st)))
        return dequantize_in_double(c, in[0], scale, zp, out_t ? out_t : st, &out[0]);
    uint32_t ins[3] = {in[0], scale, zp};
    return ox_node(c, q ? NNX_OP_QUANTIZE_LINEAR : NNX_OP_DEQUANTIZE_LINEAR, ins, 3, NULL, 1, &out[0]);
}

/* ONNX quantization: saturate(round_even(x / scale) + zero_point) with the quotient in x's
 * precision, as the ONNX reference and onnxruntime compute it (core quantize_linear divides
 * in double, WebNN's rule, which differs when x / scale lands next to a half). */
nnx_status nnx_onnx_quantize(ox *c, uint32_t x, uint32_t scale, uint32_t zp, uint32_t *y)
{
    nnx_dtype xt = ox_desc(c, x).dtype, zt = ox_desc(c, zp).dtype;
    if (nnx_dtype_kind_of(zt) != NNX_KIND_SINT && nnx_dtype_kind_of(zt) != NNX_KIND_UINT)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "zero point of type %s", nnx_dtype_name(zt));
    uint32_t s, q, z;
    CHECK(cast(c, scale, xt, &s));
    CHECK(bin(c, NNX_OP_DIV, x, s, &q));
    CHECK(un(c, NNX_OP_ROUND_EVEN, q, &q));
    CHECK(cast(c, zp, xt, &z));
    CHECK(bin(c, NNX_OP_ADD, q, z, &q));
    nnx_attrs cl = {.clamp = {.lo = {.f = (double)nnx_dtype_int_min(zt)}, .hi = {.f = (double)nnx_dtype_int_max(zt)}}};
    if (nnx_dtype_kind_of(zt) == NNX_KIND_UINT)
        cl.clamp.lo.f = 0;
    CHECK(ox_node(c, NNX_OP_CLAMP, &q, 1, &cl, 1, &q));
    return cast(c, q, zt, y);
}

/* ---------------------------------------------------------------- Col2Im */

/* Col2Im (opset 18): columns [N, C * K, L] (K = the block's size, L its positions) summed
 * back into images [N, C, image_shape]: a grouped transposed convolution (C groups) of the
 * columns laid out on the positions' grid with a constant one-hot filter, filter row k
 * putting block element k at its offset. */
nnx_status nnx_onnx_op_col2im(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    (void)n_in;
    nnx_operand_desc x = ox_desc(c, in[0]);
    int64_t img[NNX_MAX_SPATIAL], blk[NNX_MAX_SPATIAL];
    uint32_t r, rb;
    CHECK(ox_ints(c, in[1], "image_shape", img, NNX_MAX_SPATIAL, &r));
    CHECK(ox_ints(c, in[2], "block_shape", blk, NNX_MAX_SPATIAL, &rb));
    size_t nd, np, ns;
    const int64_t *dil = ox_attr_ints(n, "dilations", &nd), *pads = ox_attr_ints(n, "pads", &np),
                  *str = ox_attr_ints(n, "strides", &ns);
    if (rb != r || r < 1 || x.rank != 3 || (dil && nd != r) || (pads && np != 2 * r) || (str && ns != r))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "image_shape, block_shape and the attributes disagree");
    uint64_t K = 1, L = 1;
    nnx_attrs a = {.deconv = {.has_output_sizes = true}};
    uint32_t grid[NNX_MAX_RANK] = {x.shape[0], x.shape[1]};
    for (uint32_t i = 0; i < r; i++) {
        int64_t d = dil ? dil[i] : 1, s = str ? str[i] : 1, pb = pads ? pads[i] : 0, pe = pads ? pads[i + r] : 0;
        if (img[i] < 1 || img[i] > 65536 || blk[i] < 1 || blk[i] > 256 || d < 1 || d > 256 || s < 1 || s > 256 ||
            pb < 0 || pe < 0 || pb > 65536 || pe > 65536)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "spatial axis %u's sizes are out of range", i);
        int64_t span = img[i] + pb + pe - d * (blk[i] - 1) - 1;
        if (span < 0)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the block does not fit spatial axis %u", i);
        grid[2 + i] = (uint32_t)(span / s + 1);
        K *= (uint64_t)blk[i];
        L *= grid[2 + i];
        a.deconv.pads[2 * i] = pb, a.deconv.pads[2 * i + 1] = pe;
        a.deconv.strides[i] = (uint32_t)s, a.deconv.dilations[i] = (uint32_t)d;
        a.deconv.output_sizes[i] = (uint32_t)img[i];
    }
    if (L != x.shape[2] || x.shape[1] % K)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "columns of [%u, %u] do not hold blocks of %llu at %llu places",
                       x.shape[1], x.shape[2], (unsigned long long)K, (unsigned long long)L);
    uint32_t C = (uint32_t)(x.shape[1] / K);
    if ((uint64_t)C * K * K > (1u << 24))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the block is too large");
    a.deconv.groups = C;
    /* filter [C * K, 1, block...]: row c * K + k is one at block element k */
    nnx_operand_desc fd = {NNX_FLOAT64, r + 2, {(uint32_t)(C * K), 1}};
    for (uint32_t i = 0; i < r; i++)
        fd.shape[2 + i] = (uint32_t)blk[i];
    double *f = ox_calloc(c, (size_t)(C * K * K), sizeof *f);
    if (!f)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint64_t row = 0; row < C * K; row++)
        f[row * K + row % K] = 1;
    uint32_t filt, cols;
    nnx_status st = ox_const(c, &fd, f, &filt);
    nnx_mem_free(c->ir->alloc, f);
    CHECK(st);
    CHECK(cast(c, filt, x.dtype, &filt));
    CHECK(reshape(c, in[0], r + 2, grid, &cols));
    uint32_t ins[2] = {cols, filt};
    return ox_node(c, NNX_OP_DECONV, ins, 2, &a, 1, &out[0]);
}
