/* onnx_write_ops.c — the ONNX writer's operator table: each core op (ir/ops.def) and the
 * opset 17 operators of ONNX Operators.md it becomes, with the attributes and the int64
 * operand tensors (shapes, axes, pads) those take. A core op with no row, or a row whose
 * attributes ONNX cannot express, is refused with NOT_SUPPORTED naming it. */
#include "formats/onnx/onnx_write.h"
#include "ir/dtypes.h"
#include "ir/elem.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef nnx_onnx_writer W_t;
typedef bool (*write_fn)(W_t *W, const nnx_node *n, const char *op_type);

static const char *in_name(W_t *W, const nnx_node *n, uint32_t k)
{
    return k < n->n_in && n->in[k] != NNX_NONE ? nnx_onnx_w_in(W, n->in[k]) : "";
}

static const nnx_operand_desc *in_desc(W_t *W, const nnx_node *n, uint32_t k) { return &W->ir->values[n->in[k]].desc; }

static const nnx_operand_desc *out_desc(W_t *W, const nnx_node *n) { return &W->ir->values[n->out[0]].desc; }

/* A fresh intermediate name for a node written as several ONNX nodes. */
static const char *tmp(W_t *W, const nnx_node *n, const char *what)
{
    char hint[160];
    snprintf(hint, sizeof hint, "%.120s_%s", n->label[0] ? n->label : "t", what);
    return nnx_onnx_w_fresh(W, hint);
}

/* op_type(inputs as they are) -> the output: element-wise ops, MatMul, Where, ... */
static Onnx__NodeProto *plain(W_t *W, const nnx_node *n, const char *op_type)
{
    const char **in = nnx_arena_array(&W->arena, n->n_in ? n->n_in : 1, sizeof *in);
    if (!in)
        return (nnx_onnx_w_oom(W), NULL);
    for (uint32_t k = 0; k < n->n_in; k++)
        in[k] = in_name(W, n, k);
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    return nnx_onnx_w_node(W, op_type, in, n->n_in, &out, 1);
}

static bool w_plain(W_t *W, const nnx_node *n, const char *op_type) { return plain(W, n, op_type) != NULL; }

static bool only_bool(W_t *W, const nnx_node *n)
{
    if (in_desc(W, n, 0)->dtype != NNX_BOOL)
        return nnx_onnx_w_refuse(W, "ONNX's logical operators take bool only, not %s",
                                 nnx_dtype_name(in_desc(W, n, 0)->dtype));
    return true;
}

static bool w_logical(W_t *W, const nnx_node *n, const char *op_type)
{
    return only_bool(W, n) && w_plain(W, n, op_type);
}

/* max, min: Max, Min propagate NaN as IEEE maximum does; nan_mode IGNORE has no form. */
static bool w_minmax(W_t *W, const nnx_node *n, const char *op_type)
{
    if (n->attrs.nan.nan_mode != NNX_NAN_PROPAGATE)
        return nnx_onnx_w_refuse(W, "NaN-ignoring %s (TOSA's) is not ONNX's %s", nnx_op_table[n->op].name, op_type);
    return w_plain(W, n, op_type);
}

/* pow: Pow-15's base type T is int32, int64 or a float type (Operators.md Pow). */
static bool w_pow(W_t *W, const nnx_node *n, const char *op_type)
{
    nnx_dtype dt = in_desc(W, n, 0)->dtype;
    if (!nnx_dtype_is_float(dt) && dt != NNX_INT32 && dt != NNX_INT64)
        return nnx_onnx_w_refuse(W, "Pow takes int32, int64 or float bases, not %s", nnx_dtype_name(dt));
    return w_plain(W, n, op_type);
}

/* not_equal: Not(Equal(a, b)) (NaN != NaN is true in both). */
static bool w_not_equal(W_t *W, const nnx_node *n, const char *op_type)
{
    (void)op_type;
    const char *in[2] = {in_name(W, n, 0), in_name(W, n, 1)};
    const char *eq = tmp(W, n, "eq"), *out = nnx_onnx_w_out(W, n->out[0]);
    return nnx_onnx_w_node(W, "Equal", in, 2, &eq, 1) && nnx_onnx_w_node(W, "Not", &eq, 1, &out, 1);
}

/* Unary op_type then its reciprocal: rsqrt = Reciprocal(Sqrt(x)). */
static bool w_rsqrt(W_t *W, const nnx_node *n, const char *op_type)
{
    (void)op_type;
    const char *x = in_name(W, n, 0), *s = tmp(W, n, "sqrt"), *out = nnx_onnx_w_out(W, n->out[0]);
    return nnx_onnx_w_node(W, "Sqrt", &x, 1, &s, 1) && nnx_onnx_w_node(W, "Reciprocal", &s, 1, &out, 1);
}

/* round (NNEF: floor(x + 0.5), half up): Floor(Add(x, 0.5)); integers are the identity. */
static bool w_round(W_t *W, const nnx_node *n, const char *op_type)
{
    (void)op_type;
    nnx_dtype dt = in_desc(W, n, 0)->dtype;
    const char *x = in_name(W, n, 0), *out = nnx_onnx_w_out(W, n->out[0]);
    if (!nnx_dtype_is_float(dt))
        return nnx_onnx_w_node(W, "Identity", &x, 1, &out, 1);
    const char *add[2] = {x, nnx_onnx_w_scalar(W, "half", dt, 0.5, 0)}, *s = tmp(W, n, "plus_half");
    return nnx_onnx_w_node(W, "Add", add, 2, &s, 1) && nnx_onnx_w_node(W, "Floor", &s, 1, &out, 1);
}

/* Activations with alpha (and beta): Elu, LeakyRelu, HardSigmoid; the float attributes
 * round alpha to float32, as ONNX's attributes are. */
static bool w_alpha(W_t *W, const nnx_node *n, const char *op_type)
{
    Onnx__NodeProto *o = plain(W, n, op_type);
    if (!o || !nnx_onnx_w_attr_f(W, o, "alpha", (float)n->attrs.activation.alpha))
        return false;
    return n->op != NNX_OP_HARD_SIGMOID || nnx_onnx_w_attr_f(W, o, "beta", (float)n->attrs.activation.beta);
}

/* gelu: opset 17 has no Gelu (it came in 20): x * 0.5 * (1 + Erf(x / sqrt 2)). */
static bool w_gelu(W_t *W, const nnx_node *n, const char *op_type)
{
    (void)op_type;
    nnx_dtype dt = in_desc(W, n, 0)->dtype;
    const char *x = in_name(W, n, 0), *out = nnx_onnx_w_out(W, n->out[0]);
    const char *a[2] = {x, nnx_onnx_w_scalar(W, "inv_sqrt2", dt, 0.70710678118654752440, 0)};
    const char *d = tmp(W, n, "scaled"), *e = tmp(W, n, "erf"), *p = tmp(W, n, "erf1"), *h = tmp(W, n, "half_x");
    const char *b[2] = {e, nnx_onnx_w_scalar(W, "one", dt, 1, 0)};
    const char *c[2] = {x, nnx_onnx_w_scalar(W, "half", dt, 0.5, 0)};
    const char *f[2] = {h, p};
    return nnx_onnx_w_node(W, "Mul", a, 2, &d, 1) && nnx_onnx_w_node(W, "Erf", &d, 1, &e, 1) &&
        nnx_onnx_w_node(W, "Add", b, 2, &p, 1) && nnx_onnx_w_node(W, "Mul", c, 2, &h, 1) &&
        nnx_onnx_w_node(W, "Mul", f, 2, &out, 1);
}

/* linear: alpha x + beta as Mul and Add. */
static bool w_linear(W_t *W, const nnx_node *n, const char *op_type)
{
    (void)op_type;
    nnx_dtype dt = in_desc(W, n, 0)->dtype;
    const char *m[2] = {in_name(W, n, 0), nnx_onnx_w_scalar(W, "alpha", dt, n->attrs.activation.alpha, 0)};
    const char *t = tmp(W, n, "scaled"), *out = nnx_onnx_w_out(W, n->out[0]);
    const char *a[2] = {t, nnx_onnx_w_scalar(W, "beta", dt, n->attrs.activation.beta, 0)};
    return nnx_onnx_w_node(W, "Mul", m, 2, &t, 1) && nnx_onnx_w_node(W, "Add", a, 2, &out, 1);
}

/* prelu: PRelu broadcasts the slope to x only (unidirectional). */
static bool w_prelu(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_operand_desc *x = in_desc(W, n, 0), *y = out_desc(W, n);
    if (x->rank != y->rank || memcmp(x->shape, y->shape, x->rank * sizeof x->shape[0]) != 0)
        return nnx_onnx_w_refuse(W, "PRelu broadcasts the slope to x only, and here x is broadcast too");
    return w_plain(W, n, op_type);
}

/* clamp: Clip(x, lo, hi) with bounds of x's type (Clip-13). */
static bool w_clamp(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_clamp *a = &n->attrs.clamp;
    nnx_dtype dt = in_desc(W, n, 0)->dtype;
    if (a->nan_mode != NNX_NAN_PROPAGATE)
        return nnx_onnx_w_refuse(W, "a clamp that maps NaN to its lower bound (TOSA CLAMP) is not ONNX's Clip");
    if (dt == NNX_BOOL)
        return nnx_onnx_w_refuse(W, "Clip does not take bool");
    bool f = nnx_dtype_is_float(dt);
    const char *in[3] = {in_name(W, n, 0), nnx_onnx_w_scalar(W, "min", dt, a->lo.f, a->lo.i),
                         nnx_onnx_w_scalar(W, "max", dt, a->hi.f, a->hi.i)};
    if (!f && nnx_dtype_kind_of(dt) == NNX_KIND_UINT) {
        in[1] = nnx_onnx_w_scalar(W, "min", dt, 0, (int64_t)a->lo.u);
        in[2] = nnx_onnx_w_scalar(W, "max", dt, 0, (int64_t)a->hi.u);
    }
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    return nnx_onnx_w_node(W, op_type, in, 3, &out, 1) != NULL;
}

/* cast: Cast(to). Float to integer truncates toward zero in both (in range); TOSA's
 * rounding to nearest even is Round (half to even, Operators.md Round) then Cast; ONNX's
 * own float 8 saturation modes have no opset 17 form. */
static bool w_cast(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_cast *a = &n->attrs.cast;
    int32_t to = nnx_onnx_w_elem_type(a->to);
    if (!to)
        return nnx_onnx_w_refuse(W, "ONNX opset %d has no type %s", NNX_ONNX_WRITE_OPSET, nnx_dtype_name(a->to));
    if (a->wrap)
        return nnx_onnx_w_refuse(W, "a cast that wraps out-of-range floats is not ONNX's Cast");
    if (a->rounding == NNX_CAST_NEAREST_EVEN && nnx_dtype_is_float(in_desc(W, n, 0)->dtype) &&
        !nnx_dtype_is_float(a->to)) {
        const char *x = in_name(W, n, 0), *r = tmp(W, n, "round"), *out = nnx_onnx_w_out(W, n->out[0]);
        Onnx__NodeProto *o = x && r && out && nnx_onnx_w_node(W, "Round", &x, 1, &r, 1)
            ? nnx_onnx_w_node(W, op_type, &r, 1, &out, 1)
            : NULL;
        return o && nnx_onnx_w_attr_i(W, o, "to", to);
    }
    Onnx__NodeProto *o = plain(W, n, op_type);
    return o && nnx_onnx_w_attr_i(W, o, "to", to);
}

/* gemm: Gemm (rank 2, as core gemm is) with alpha, beta, transA, transB. */
static bool w_gemm(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_gemm *a = &n->attrs.gemm;
    Onnx__NodeProto *o = plain(W, n, op_type);
    return o && nnx_onnx_w_attr_f(W, o, "alpha", (float)a->alpha) && nnx_onnx_w_attr_f(W, o, "beta", (float)a->beta) &&
        nnx_onnx_w_attr_i(W, o, "transA", a->trans_a) && nnx_onnx_w_attr_i(W, o, "transB", a->trans_b);
}

static bool ints_u32(W_t *W, Onnx__NodeProto *o, const char *name, const uint32_t *v, uint32_t k)
{
    int64_t t[NNX_MAX_RANK * 2];
    for (uint32_t i = 0; i < k; i++)
        t[i] = v[i];
    return nnx_onnx_w_attr_ints(W, o, name, t, k);
}

/* ONNX pads: all begins, then all ends (Operators.md Conv "pads"); core: begin, end per axis. */
static bool pads_attr(W_t *W, Onnx__NodeProto *o, const int64_t *pairs, uint32_t k)
{
    int64_t t[NNX_MAX_RANK * 2];
    for (uint32_t i = 0; i < k; i++) {
        t[i] = pairs[2 * i];
        t[k + i] = pairs[2 * i + 1];
    }
    return nnx_onnx_w_attr_ints(W, o, "pads", t, 2 * k);
}

/* The node producing v when it is a core op of kind op, else NULL. */
static const nnx_node *producer(W_t *W, uint32_t v, nnx_op op)
{
    const nnx_value *x = &W->ir->values[v];
    if (x->kind != NNX_VALUE_NODE || W->ir->nodes[x->producer].op != op)
        return NULL;
    return &W->ir->nodes[x->producer];
}

/* v = Cast(x8) with x8 int8 or uint8 (ConvInteger's T1 / T2): x8's id, else NNX_NONE. */
static uint32_t widened_8bit(W_t *W, uint32_t v)
{
    const nnx_node *c = producer(W, v, NNX_OP_CAST);
    if (!c)
        return NNX_NONE;
    nnx_dtype dt = W->ir->values[c->in[0]].desc.dtype;
    return dt == NNX_INT8 || dt == NNX_UINT8 ? c->in[0] : NNX_NONE;
}

/* An int32 conv operand as ConvInteger takes it: v = Cast(x8), or Sub(Cast(x8), Cast(z8))
 * with z8 of x8's type and of zp_max elements or one, rank <= 1 (Operators.md ConvInteger:
 * x_zero_point is a scalar, w_zero_point a scalar or one per output channel). */
static bool integer_operand(W_t *W, uint32_t v, uint32_t zp_max, uint32_t *x8, uint32_t *z8)
{
    *z8 = NNX_NONE;
    if ((*x8 = widened_8bit(W, v)) != NNX_NONE)
        return true;
    const nnx_node *s = producer(W, v, NNX_OP_SUB);
    if (!s || (*x8 = widened_8bit(W, s->in[0])) == NNX_NONE || (*z8 = widened_8bit(W, s->in[1])) == NNX_NONE)
        return false;
    const nnx_operand_desc *x = &W->ir->values[*x8].desc, *z = &W->ir->values[*z8].desc;
    uint64_t zn = 0, xn = 0, vn = 0;
    return x->dtype == z->dtype && z->rank <= 1 && nnx_desc_elements(z, &zn) && (zn == 1 || zn == zp_max) &&
        nnx_desc_elements(x, &xn) && nnx_desc_elements(&W->ir->values[v].desc, &vn) && xn == vn;
}

/* A conv of 8-bit tensors widened (minus their zero points), as the ONNX reader reads
 * ConvInteger and QLinearConv (exactly, in float64): written as ConvInteger, whose int32 sum
 * is exact below 2^31 (a kernel of fewer than 66,000 taps), then a Cast to the conv's type,
 * since ONNX Runtime has no float64 Conv. False (nothing written) for any other conv. */
static bool w_conv_integer(W_t *W, const nnx_node *n, Onnx__NodeProto **o)
{
    uint32_t x8, xz, w8, wz, m = in_desc(W, n, 1)->shape[0];
    nnx_dtype dt = out_desc(W, n)->dtype;
    if ((dt != NNX_INT32 && dt != NNX_FLOAT64) || !integer_operand(W, n->in[0], 1, &x8, &xz) ||
        !integer_operand(W, n->in[1], m, &w8, &wz) || (n->n_in > 2 && n->in[2] != NNX_NONE))
        return false;
    const char *in[4] = {nnx_onnx_w_in(W, x8), nnx_onnx_w_in(W, w8), xz != NNX_NONE ? nnx_onnx_w_in(W, xz) : "",
                         wz != NNX_NONE ? nnx_onnx_w_in(W, wz) : ""};
    const char *out = nnx_onnx_w_out(W, n->out[0]), *sum = dt == NNX_INT32 ? out : tmp(W, n, "int32");
    uint32_t k = wz != NNX_NONE ? 4 : xz != NNX_NONE ? 3 : 2;
    for (uint32_t i = 0; i < k; i++)
        if (!in[i])
            return false;
    if (!out || !sum || !(*o = nnx_onnx_w_node(W, "ConvInteger", in, k, &sum, 1)))
        return false;
    if (dt == NNX_INT32)
        return true;
    Onnx__NodeProto *c = nnx_onnx_w_node(W, "Cast", &sum, 1, &out, 1);
    return c && nnx_onnx_w_attr_i(W, c, "to", nnx_onnx_w_elem_type(dt));
}

/* conv: Conv, channel-first input and oihw filter only (ONNX has no other layouts); ONNX
 * pads cannot be negative. Integer convs: w_conv_integer. */
static bool w_conv(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_conv *a = &n->attrs.conv;
    uint32_t k = in_desc(W, n, 0)->rank - 2;
    if ((a->input_layout != NNX_LAYOUT_NCHW && a->input_layout != NNX_LAYOUT_DEFAULT) ||
        (a->filter_layout != NNX_FILTER_OIHW && a->filter_layout != NNX_FILTER_DEFAULT))
        return nnx_onnx_w_refuse(W, "Conv takes channel-first inputs and oihw filters only");
    for (uint32_t i = 0; i < 2 * k; i++)
        if (a->pads[i] < 0)
            return nnx_onnx_w_refuse(W, "a negative padding (ONNX pads are >= 0)");
    const nnx_operand_desc *f = in_desc(W, n, 1);
    Onnx__NodeProto *o = NULL;
    if (!w_conv_integer(W, n, &o) && !W->err->status) {
        if (!nnx_dtype_is_float(f->dtype))
            return nnx_onnx_w_refuse(W, "ONNX's Conv takes float types only, not %s", nnx_dtype_name(f->dtype));
        o = plain(W, n, op_type);
    }
    return o && ints_u32(W, o, "kernel_shape", f->shape + 2, k) && ints_u32(W, o, "strides", a->strides, k) &&
        ints_u32(W, o, "dilations", a->dilations, k) && pads_attr(W, o, a->pads, k) &&
        nnx_onnx_w_attr_i(W, o, "group", a->groups);
}

/* deconv: ConvTranspose; the filter [c, C/groups, k...] is ONNX's (C x M/group x k);
 * given output sizes become output_padding = size - computed size. */
static bool w_deconv(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_deconv *a = &n->attrs.deconv;
    const nnx_operand_desc *x = in_desc(W, n, 0), *f = in_desc(W, n, 1), *y = out_desc(W, n);
    uint32_t k = x->rank - 2;
    int64_t opad[NNX_MAX_RANK];
    for (uint32_t i = 0; i < 2 * k; i++)
        if (a->pads[i] < 0)
            return nnx_onnx_w_refuse(W, "a negative padding (ONNX pads are >= 0)");
    for (uint32_t i = 0; i < k; i++) {
        int64_t computed = ((int64_t)x->shape[2 + i] - 1) * a->strides[i] +
            ((int64_t)f->shape[2 + i] - 1) * a->dilations[i] + 1 - a->pads[2 * i] - a->pads[2 * i + 1];
        opad[i] = (int64_t)y->shape[2 + i] - computed;
        if (opad[i] < 0 || (opad[i] >= (int64_t)a->strides[i] && opad[i] >= (int64_t)a->dilations[i]))
            return nnx_onnx_w_refuse(W, "output size %u of spatial axis %u is out of ConvTranspose's reach",
                                     y->shape[2 + i], i);
    }
    Onnx__NodeProto *o = plain(W, n, op_type);
    return o && ints_u32(W, o, "kernel_shape", f->shape + 2, k) && ints_u32(W, o, "strides", a->strides, k) &&
        ints_u32(W, o, "dilations", a->dilations, k) && pads_attr(W, o, a->pads, k) &&
        nnx_onnx_w_attr_ints(W, o, "output_padding", opad, k) && nnx_onnx_w_attr_i(W, o, "group", a->groups);
}

/* avg_pool, max_pool, l2_pool: AveragePool (count_include_pad 0: core divides by the
 * in-bounds count), MaxPool, LpPool (p 2); nhwc (TOSA's pools) between Transposes. Dilations on MaxPool only and
 * ceil_mode not on LpPool at opset 17. */
static bool w_pool(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_pool *a = &n->attrs.pool;
    bool nhwc = a->layout == NNX_LAYOUT_NHWC;
    uint32_t sp = nhwc ? 1 : 2; /* the first spatial axis */
    if (n->op == NNX_OP_MAX_POOL && a->nan_mode != NNX_NAN_PROPAGATE)
        return nnx_onnx_w_refuse(W, "NaN-ignoring max pooling (TOSA MAX_POOL2D) is not ONNX's MaxPool");
    bool dil = a->dilations[0] != 1 || a->dilations[1] != 1;
    if (dil && n->op != NNX_OP_MAX_POOL)
        return nnx_onnx_w_refuse(W, "%s has no dilations at opset %d", op_type, NNX_ONNX_WRITE_OPSET);
    const nnx_operand_desc *x = in_desc(W, n, 0), *y = out_desc(W, n);
    /* the output size each rounding gives; given sizes must be one of them */
    bool ceil_mode = a->rounding == NNX_ROUNDING_CEIL;
    for (uint32_t i = 0; i < 2; i++) {
        int64_t span = (int64_t)x->shape[sp + i] + a->pads[2 * i] + a->pads[2 * i + 1] -
            ((int64_t)a->window[i] - 1) * a->dilations[i] - 1;
        int64_t fl = span / a->strides[i] + 1, ce = (span + a->strides[i] - 1) / a->strides[i] + 1;
        if (y->shape[sp + i] == fl)
            ceil_mode = ceil_mode && y->shape[sp + i] == ce;
        else if (y->shape[sp + i] == ce)
            ceil_mode = true;
        else
            return nnx_onnx_w_refuse(W, "output size %u is neither rounding's", y->shape[sp + i]);
    }
    if (ceil_mode && n->op == NNX_OP_L2_POOL)
        return nnx_onnx_w_refuse(W, "LpPool has no ceil_mode at opset %d", NNX_ONNX_WRITE_OPSET);
    int64_t pads[4] = {a->pads[0], a->pads[1], a->pads[2], a->pads[3]};
    Onnx__NodeProto *o = NULL;
    const char *yn = NULL; /* NHWC (TOSA's pools): the pool between Transposes */
    if (!nhwc)
        o = plain(W, n, op_type);
    else {
        const char *xn = nnx_onnx_w_transpose(W, in_name(W, n, 0), nnx_onnx_to_nchw, tmp(W, n, "nchw"));
        if (xn && (yn = tmp(W, n, "pool")))
            o = nnx_onnx_w_node(W, op_type, &xn, 1, &yn, 1);
    }
    if (!o || !ints_u32(W, o, "kernel_shape", a->window, 2) || !ints_u32(W, o, "strides", a->strides, 2) ||
        !pads_attr(W, o, pads, 2))
        return false;
    if (dil && !ints_u32(W, o, "dilations", a->dilations, 2))
        return false;
    if (n->op == NNX_OP_L2_POOL ? !nnx_onnx_w_attr_i(W, o, "p", 2)
                                : !nnx_onnx_w_attr_i(W, o, "ceil_mode", ceil_mode) ||
                !(n->op != NNX_OP_AVG_POOL || nnx_onnx_w_attr_i(W, o, "count_include_pad", 0)))
        return false;
    return !nhwc || nnx_onnx_w_transpose(W, yn, nnx_onnx_to_nhwc, nnx_onnx_w_out(W, n->out[0]));
}

/* box (NNEF's window sum; what N-D and count_include_pad average pools become when read):
 * a window of 1 on the batch and channel axes is an AveragePool over the others, counting
 * the padding (border constant) or not (ignore) as the divisor. normalize divides by the
 * volume (constant) or the in-bounds count (ignore); without it the sum is the constant
 * border's average times the volume. Other borders, dilations (none at opset 17) and
 * negative padding are refused. */
static bool w_box(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_window *a = &n->attrs.window;
    const nnx_operand_desc *x = in_desc(W, n, 0);
    uint32_t r = x->rank, k = r - 2;
    bool constant = a->border == NNX_WINDOW_CONSTANT;
    if (r < 3 || (!constant && a->border != NNX_WINDOW_IGNORE) || (!constant && !a->normalize))
        return nnx_onnx_w_refuse(W, "only a constant or ignore border (normalized) over spatial axes is an %s",
                                 op_type);
    for (uint32_t i = 0; i < r; i++) {
        bool outer = i < 2;
        if ((outer && (a->size[i] != 1 || a->stride[i] != 1 || a->pad_begin[i] || a->pad_end[i])) ||
            a->dilation[i] != 1 || a->pad_begin[i] < 0 || a->pad_end[i] < 0)
            return nnx_onnx_w_refuse(W,
                                     "a window over the batch or channel axis, a dilation or a negative pad "
                                     "has no %s form",
                                     op_type);
    }
    int64_t ks[NNX_MAX_RANK], st[NNX_MAX_RANK], pads[2 * NNX_MAX_RANK];
    double volume = 1;
    for (uint32_t i = 0; i < k; i++) {
        ks[i] = a->size[2 + i];
        st[i] = a->stride[2 + i];
        pads[i] = a->pad_begin[2 + i];
        pads[k + i] = a->pad_end[2 + i];
        volume *= ks[i];
    }
    const char *x_name = in_name(W, n, 0), *out = nnx_onnx_w_out(W, n->out[0]);
    const char *avg = a->normalize ? out : tmp(W, n, "average");
    Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, &x_name, 1, &avg, 1);
    if (!o || !nnx_onnx_w_attr_ints(W, o, "kernel_shape", ks, k) || !nnx_onnx_w_attr_ints(W, o, "strides", st, k) ||
        !nnx_onnx_w_attr_ints(W, o, "pads", pads, 2 * k) || !nnx_onnx_w_attr_i(W, o, "count_include_pad", constant))
        return false;
    if (a->normalize)
        return true;
    const char *m[2] = {avg, nnx_onnx_w_scalar(W, "volume", x->dtype, volume, 0)};
    return nnx_onnx_w_node(W, "Mul", m, 2, &out, 1) != NULL;
}

static bool w_axis(W_t *W, const nnx_node *n, const char *op_type)
{
    Onnx__NodeProto *o = plain(W, n, op_type);
    return o && nnx_onnx_w_attr_i(W, o, "axis", n->attrs.axis.axis);
}

/* reshape, expand: Reshape / Expand with the output's shape as an int64 tensor (Reshape
 * allowzero 0 is fine: no extent is written as 0 unless it is 0, and then with allowzero
 * it would be kept; a 0 extent is written with allowzero 1). */
static bool w_shape_input(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_reshape *a = &n->attrs.reshape;
    int64_t s[NNX_MAX_RANK];
    bool zero = false;
    for (uint32_t i = 0; i < a->rank; i++)
        zero = zero || (s[i] = a->shape[i]) == 0;
    const char *in[2] = {in_name(W, n, 0), nnx_onnx_w_i64s(W, "shape", s, a->rank)};
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, in, 2, &out, 1);
    return o && (!zero || n->op != NNX_OP_RESHAPE || nnx_onnx_w_attr_i(W, o, "allowzero", 1));
}

static bool w_transpose(W_t *W, const nnx_node *n, const char *op_type)
{
    Onnx__NodeProto *o = plain(W, n, op_type);
    return o && ints_u32(W, o, "perm", n->attrs.transpose.perm, in_desc(W, n, 0)->rank);
}

/* slice: Slice(starts, ends, axes, steps); the end is one past the last element taken. */
static bool w_slice(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_slice *a = &n->attrs.slice;
    uint32_t r = in_desc(W, n, 0)->rank;
    int64_t st[NNX_MAX_RANK], en[NNX_MAX_RANK], ax[NNX_MAX_RANK], sp[NNX_MAX_RANK];
    for (uint32_t i = 0; i < r; i++) {
        st[i] = a->starts[i];
        sp[i] = a->strides[i] ? a->strides[i] : 1;
        en[i] = st[i] + a->sizes[i]; /* sizes is the span read, steps within it */
        ax[i] = i;
    }
    const char *in[5] = {in_name(W, n, 0), nnx_onnx_w_i64s(W, "starts", st, r), nnx_onnx_w_i64s(W, "ends", en, r),
                         nnx_onnx_w_i64s(W, "axes", ax, r), nnx_onnx_w_i64s(W, "steps", sp, r)};
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    return nnx_onnx_w_node(W, op_type, in, 5, &out, 1) != NULL;
}

/* reverse: Slice with step -1 from the last element past the first (Operators.md Slice:
 * an end below -dim is clamped to -1 for negative steps). */
static bool w_reverse(W_t *W, const nnx_node *n, const char *op_type)
{
    uint32_t r = in_desc(W, n, 0)->rank, k = 0;
    int64_t st[NNX_MAX_RANK], en[NNX_MAX_RANK], ax[NNX_MAX_RANK], sp[NNX_MAX_RANK];
    for (uint32_t i = 0; i < r; i++)
        if (n->attrs.reverse.axes_mask >> i & 1) {
            st[k] = -1, en[k] = INT64_MIN, ax[k] = i, sp[k] = -1;
            k++;
        }
    const char *x = in_name(W, n, 0), *out = nnx_onnx_w_out(W, n->out[0]);
    if (!k)
        return nnx_onnx_w_node(W, "Identity", &x, 1, &out, 1) != NULL;
    const char *in[5] = {x, nnx_onnx_w_i64s(W, "starts", st, k), nnx_onnx_w_i64s(W, "ends", en, k),
                         nnx_onnx_w_i64s(W, "axes", ax, k), nnx_onnx_w_i64s(W, "steps", sp, k)};
    return nnx_onnx_w_node(W, op_type, in, 5, &out, 1) != NULL;
}

/* split: Split(x, split sizes) with one output per size (Split-13). */
static bool w_split(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_split *a = &n->attrs.split;
    int64_t *sz = nnx_arena_array(&W->arena, n->n_out ? n->n_out : 1, sizeof *sz);
    const char **out = nnx_arena_array(&W->arena, n->n_out ? n->n_out : 1, sizeof *out);
    if (!sz || !out)
        return nnx_onnx_w_oom(W);
    for (uint32_t i = 0; i < n->n_out; i++) {
        sz[i] = a->sizes[i];
        out[i] = nnx_onnx_w_out(W, n->out[i]);
    }
    const char *in[2] = {in_name(W, n, 0), nnx_onnx_w_i64s(W, "split", sz, n->n_out)};
    Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, in, 2, out, n->n_out);
    return o && nnx_onnx_w_attr_i(W, o, "axis", a->axis);
}

/* pad: Pad(x, pads, constant_value) in mode constant, edge or reflect (ONNX pads may be
 * negative, which crops); SYMMETRIC (mirror with the edge) has no mode at opset 17. */
static bool w_pad(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_pad *a = &n->attrs.pad;
    const nnx_operand_desc *x = in_desc(W, n, 0);
    static const char *const modes[] = {"constant", "edge", "reflect", NULL};
    if (!modes[a->mode])
        return nnx_onnx_w_refuse(W, "symmetric padding (mirroring the edge too) has no Pad mode");
    int64_t p[2 * NNX_MAX_RANK];
    for (uint32_t i = 0; i < x->rank; i++)
        p[i] = a->begin[i], p[x->rank + i] = a->end[i];
    const char *in[3] = {in_name(W, n, 0), nnx_onnx_w_i64s(W, "pads", p, 2 * x->rank), ""};
    uint32_t n_in = 2;
    if (a->mode == NNX_PAD_CONSTANT) {
        nnx_dtype dt = x->dtype;
        int64_t iv = nnx_dtype_kind_of(dt) == NNX_KIND_UINT || dt == NNX_BOOL ? (int64_t)a->value.u : a->value.i;
        in[2] = nnx_onnx_w_scalar(W, "pad_value", dt, a->value.f, iv);
        n_in = 3;
    }
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, in, n_in, &out, 1);
    return o && nnx_onnx_w_attr_s(W, o, "mode", modes[a->mode]);
}

static bool w_tile(W_t *W, const nnx_node *n, const char *op_type)
{
    uint32_t r = in_desc(W, n, 0)->rank;
    int64_t rep[NNX_MAX_RANK];
    for (uint32_t i = 0; i < r; i++)
        rep[i] = n->attrs.tile.repeats[i];
    const char *in[2] = {in_name(W, n, 0), nnx_onnx_w_i64s(W, "repeats", rep, r)};
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    return nnx_onnx_w_node(W, op_type, in, 2, &out, 1) != NULL;
}

static uint32_t mask_axes(uint32_t mask, uint32_t rank, int64_t *axes)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < rank; i++)
        if (mask >> i & 1)
            axes[k++] = i;
    return k;
}

/* Reductions: ReduceSum takes its axes as an input since opset 13, the others as the axes
 * attribute until opset 18. An empty axis set reduces nothing in core IR but everything in
 * ONNX, so it is written as Identity (ReduceSum) or refused. */
static bool w_reduce(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_reduce *a = &n->attrs.reduce;
    const nnx_operand_desc *x = in_desc(W, n, 0);
    int64_t axes[NNX_MAX_RANK];
    uint32_t k = mask_axes(a->axes_mask, x->rank, axes);
    if ((n->op == NNX_OP_REDUCE_MAX || n->op == NNX_OP_REDUCE_MIN) && a->nan_mode != NNX_NAN_PROPAGATE)
        return nnx_onnx_w_refuse(W, "NaN-ignoring reductions (TOSA's) are not ONNX's %s", op_type);
    if (!k)
        return nnx_onnx_w_refuse(W, "it reduces no axis, which %s takes as every axis", op_type);
    const char *in[2] = {in_name(W, n, 0), NULL};
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    Onnx__NodeProto *o;
    if (n->op == NNX_OP_REDUCE_SUM) {
        in[1] = nnx_onnx_w_i64s(W, "axes", axes, k);
        o = nnx_onnx_w_node(W, op_type, in, 2, &out, 1);
    } else {
        o = nnx_onnx_w_node(W, op_type, in, 1, &out, 1);
        if (o && !nnx_onnx_w_attr_ints(W, o, "axes", axes, k))
            return false;
    }
    return o && nnx_onnx_w_attr_i(W, o, "keepdims", a->keep_dims);
}

/* reduce_all / reduce_any: ReduceMin / ReduceMax take no bool, so the bools are cast to
 * uint8, reduced, and cast back. */
static bool w_reduce_logical(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_reduce *a = &n->attrs.reduce;
    int64_t axes[NNX_MAX_RANK];
    uint32_t k = mask_axes(a->axes_mask, in_desc(W, n, 0)->rank, axes);
    if (!k)
        return nnx_onnx_w_refuse(W, "it reduces no axis, which %s takes as every axis", op_type);
    const char *x = in_name(W, n, 0), *u = tmp(W, n, "u8"), *r = tmp(W, n, "reduced");
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    Onnx__NodeProto *c1 = nnx_onnx_w_node(W, "Cast", &x, 1, &u, 1);
    if (!c1 || !nnx_onnx_w_attr_i(W, c1, "to", ONNX__TENSOR_PROTO__DATA_TYPE__UINT8))
        return false;
    Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, &u, 1, &r, 1);
    if (!o || !nnx_onnx_w_attr_ints(W, o, "axes", axes, k) || !nnx_onnx_w_attr_i(W, o, "keepdims", a->keep_dims))
        return false;
    Onnx__NodeProto *c2 = nnx_onnx_w_node(W, "Cast", &r, 1, &out, 1);
    return c2 && nnx_onnx_w_attr_i(W, c2, "to", ONNX__TENSOR_PROTO__DATA_TYPE__BOOL);
}

/* reduce_argmax / argmin: ArgMax / ArgMin over one axis (int64 result, then Cast to the
 * index type if it is another). */
static bool w_arg(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_arg_reduce *a = &n->attrs.arg_reduce;
    int64_t axes[NNX_MAX_RANK];
    uint32_t k = mask_axes(a->axes_mask, in_desc(W, n, 0)->rank, axes);
    if (k != 1)
        return nnx_onnx_w_refuse(W, "%s takes one axis, not %u", op_type, k);
    if (a->nan_mode != NNX_NAN_PROPAGATE)
        return nnx_onnx_w_refuse(W, "NaN-ignoring %s (TOSA ARGMAX) is not ONNX's", nnx_op_table[n->op].name);
    int32_t to = nnx_onnx_w_elem_type(a->index_dtype);
    const char *x = in_name(W, n, 0), *out = nnx_onnx_w_out(W, n->out[0]);
    const char *idx = a->index_dtype == NNX_INT64 ? out : tmp(W, n, "index");
    Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, &x, 1, &idx, 1);
    if (!o || !nnx_onnx_w_attr_i(W, o, "axis", axes[0]) || !nnx_onnx_w_attr_i(W, o, "keepdims", a->keep_dims))
        return false;
    if (a->index_dtype == NNX_INT64)
        return true;
    Onnx__NodeProto *c = nnx_onnx_w_node(W, "Cast", &idx, 1, &out, 1);
    return c && nnx_onnx_w_attr_i(W, c, "to", to);
}

static bool w_triangular(W_t *W, const nnx_node *n, const char *op_type)
{
    /* Trilu's k and CumSum's axis are rank-0 int64 tensors (Operators.md) */
    const char *in[2] = {in_name(W, n, 0), nnx_onnx_w_scalar(W, "k", NNX_INT64, 0, n->attrs.triangular.diagonal)};
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, in, 2, &out, 1);
    return o && nnx_onnx_w_attr_i(W, o, "upper", n->attrs.triangular.upper);
}

static bool w_cumsum(W_t *W, const nnx_node *n, const char *op_type)
{
    const char *in[2] = {in_name(W, n, 0), nnx_onnx_w_scalar(W, "axis", NNX_INT64, 0, n->attrs.cumsum.axis)};
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, in, 2, &out, 1);
    return o && nnx_onnx_w_attr_i(W, o, "exclusive", n->attrs.cumsum.exclusive) &&
        nnx_onnx_w_attr_i(W, o, "reverse", n->attrs.cumsum.reversed);
}

/* gather family: Gather (core clamps indices, ONNX says out of range is an error; in range
 * they agree), GatherElements, GatherND, ScatterElements, ScatterND. */
static bool w_indices(W_t *W, const nnx_node *n, const char *op_type)
{
    nnx_dtype it = in_desc(W, n, 1)->dtype;
    if (it != NNX_INT32 && it != NNX_INT64)
        return nnx_onnx_w_refuse(W, "%s takes int32 or int64 indices, not %s", op_type, nnx_dtype_name(it));
    if ((n->op == NNX_OP_GATHER_ND || n->op == NNX_OP_SCATTER_ND) && it != NNX_INT64)
        return nnx_onnx_w_refuse(W, "%s takes int64 indices only", op_type);
    Onnx__NodeProto *o = plain(W, n, op_type);
    if (!o)
        return false;
    if (n->op == NNX_OP_GATHER_ND || n->op == NNX_OP_SCATTER_ND)
        return true;
    return nnx_onnx_w_attr_i(W, o, "axis", n->attrs.axis.axis);
}

/* A constant of shape [c] filled with v (a missing scale or bias). */
static const char *filled(W_t *W, const char *hint, nnx_dtype dt, const uint32_t *shape, uint32_t rank, double v)
{
    nnx_operand_desc d = {.dtype = dt, .rank = rank};
    memcpy(d.shape, shape, rank * sizeof *shape);
    size_t bytes;
    uint64_t count;
    if (!nnx_desc_bytes(&d, &bytes) || !nnx_desc_elements(&d, &count)) {
        nnx_onnx_w_refuse(W, "a constant too large");
        return NULL;
    }
    void *p = nnx_arena_alloc(&W->arena, bytes ? bytes : 1);
    if (!p) {
        nnx_onnx_w_oom(W);
        return NULL;
    }
    for (uint64_t i = 0; i < count; i++)
        nnx_store_f(dt, p, i, v);
    return nnx_onnx_w_init(W, hint, &d, p);
}

/* batch_normalization(x, mean, variance, [scale], [bias]) along axis 1:
 * BatchNormalization(x, scale, bias, mean, var) in inference mode; absent scale / bias are
 * ones / zeros. */
static bool w_batch_norm(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_norm *a = &n->attrs.norm;
    const nnx_operand_desc *x = in_desc(W, n, 0), *m = in_desc(W, n, 1);
    if (a->axis != 1 || x->rank < 2)
        return nnx_onnx_w_refuse(W, "BatchNormalization normalizes along axis 1 only, not %u", a->axis);
    const char *in[5] = {
        in_name(W, n, 0),
        n->n_in > 3 && n->in[3] != NNX_NONE ? in_name(W, n, 3) : filled(W, "scale", x->dtype, m->shape, 1, 1),
        n->n_in > 4 && n->in[4] != NNX_NONE ? in_name(W, n, 4) : filled(W, "bias", x->dtype, m->shape, 1, 0),
        in_name(W, n, 1), in_name(W, n, 2)};
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, in, 5, &out, 1);
    return o && nnx_onnx_w_attr_f(W, o, "epsilon", (float)a->epsilon);
}

/* instance_normalization: InstanceNormalization, nchw, scale and bias (ones / zeros). */
static bool w_instance_norm(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_norm *a = &n->attrs.norm;
    const nnx_operand_desc *x = in_desc(W, n, 0);
    if (a->layout == NNX_LAYOUT_NHWC)
        return nnx_onnx_w_refuse(W, "InstanceNormalization takes channel-first inputs only");
    const char *in[3] = {
        in_name(W, n, 0),
        n->n_in > 1 && n->in[1] != NNX_NONE ? in_name(W, n, 1) : filled(W, "scale", x->dtype, x->shape + 1, 1, 1),
        n->n_in > 2 && n->in[2] != NNX_NONE ? in_name(W, n, 2) : filled(W, "bias", x->dtype, x->shape + 1, 1, 0)};
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, in, 3, &out, 1);
    return o && nnx_onnx_w_attr_f(W, o, "epsilon", (float)a->epsilon);
}

/* layer_normalization over axes k..rank-1 in order: LayerNormalization (opset 17) with
 * axis k; its scale (ones when absent) has the normalized shape. Other axis sets have no
 * one-operator form. */
static bool w_layer_norm(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_norm *a = &n->attrs.norm;
    const nnx_operand_desc *x = in_desc(W, n, 0);
    uint32_t k = x->rank - a->n_axes;
    for (uint32_t i = 0; i < a->n_axes; i++)
        if (a->axes[i] != k + i)
            return nnx_onnx_w_refuse(W, "LayerNormalization normalizes the last axes in order only");
    if (!a->n_axes)
        return nnx_onnx_w_refuse(W, "it normalizes no axis");
    const char *in[3] = {in_name(W, n, 0),
                         n->n_in > 1 && n->in[1] != NNX_NONE ? in_name(W, n, 1)
                                                             : filled(W, "scale", x->dtype, x->shape + k, a->n_axes, 1),
                         in_name(W, n, 2)};
    uint32_t n_in = in[2][0] ? 3 : 2;
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, in, n_in, &out, 1);
    return o && nnx_onnx_w_attr_i(W, o, "axis", k) && nnx_onnx_w_attr_f(W, o, "epsilon", (float)a->epsilon);
}

/* resample: Resize to the output's sizes, half_pixel coordinates (WebNN resample2d's
 * mapping; core clamps the coordinate into the input, as Resize's linear mode does at the
 * edges), nearest rounding half down (core takes ceil(c - 0.5)). */
static bool w_resample(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_operand_desc *y = out_desc(W, n);
    int64_t sizes[NNX_MAX_RANK];
    for (uint32_t i = 0; i < y->rank; i++)
        sizes[i] = y->shape[i];
    const char *in[4] = {in_name(W, n, 0), "", "", nnx_onnx_w_i64s(W, "sizes", sizes, y->rank)};
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, in, 4, &out, 1);
    bool nearest = n->attrs.resample.mode == NNX_RESAMPLE_NEAREST;
    return o && nnx_onnx_w_attr_s(W, o, "mode", nearest ? "nearest" : "linear") &&
        nnx_onnx_w_attr_s(W, o, "coordinate_transformation_mode", "half_pixel") &&
        (!nearest || nnx_onnx_w_attr_s(W, o, "nearest_mode", "round_prefer_floor"));
}

/* quantize_linear / dequantize_linear: core IR's scale and zero point have x's rank (blocks);
 * QuantizeLinear / DequantizeLinear-13 take one scale (all extents 1) or one per index of a
 * single axis (that extent x's, the others 1), so the two are reshaped to [] or [C] and
 * the axis is given; other blocks are refused. Types: float32 scales, int8 / uint8 zero
 * points (int32 too when dequantizing), as Operators.md lists them at opset 13. */
static bool w_quantize(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_operand_desc *x = in_desc(W, n, 0), *sc = in_desc(W, n, 1), *zp = in_desc(W, n, 2);
    bool q = n->op == NNX_OP_QUANTIZE_LINEAR;
    if (sc->dtype != NNX_FLOAT32 || (q && x->dtype != NNX_FLOAT32) ||
        (zp->dtype != NNX_INT8 && zp->dtype != NNX_UINT8 && (q || zp->dtype != NNX_INT32)))
        return nnx_onnx_w_refuse(W, "%s takes float32 scales and int8 or uint8 zero points at opset %d", op_type,
                                 NNX_ONNX_WRITE_OPSET);
    int64_t axis = -1;
    for (uint32_t i = 0; i < sc->rank; i++) {
        if (sc->shape[i] == 1)
            continue;
        if (sc->shape[i] != x->shape[i] || axis >= 0)
            return nnx_onnx_w_refuse(W, "a blockwise scale (%s takes one per tensor or per axis at opset %d)", op_type,
                                     NNX_ONNX_WRITE_OPSET);
        axis = i;
    }
    int64_t c = axis >= 0 ? x->shape[axis] : 0;
    const char *shape = nnx_onnx_w_i64s(W, "qshape", &c, axis >= 0 ? 1 : 0);
    const char *s_in[2] = {in_name(W, n, 1), shape}, *z_in[2] = {in_name(W, n, 2), shape};
    const char *s1 = tmp(W, n, "scale"), *z1 = tmp(W, n, "zero_point");
    if (!nnx_onnx_w_node(W, "Reshape", s_in, 2, &s1, 1) || !nnx_onnx_w_node(W, "Reshape", z_in, 2, &z1, 1))
        return false;
    const char *in[3] = {in_name(W, n, 0), s1, z1}, *out = nnx_onnx_w_out(W, n->out[0]);
    Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, in, 3, &out, 1);
    return o && (axis < 0 || nnx_onnx_w_attr_i(W, o, "axis", axis));
}

/* The table: a core op without a row has no ONNX form at opset 17. */
typedef struct op_row {
    const char *op_type;
    write_fn fn;
} op_row;

static const op_row rows[NNX_OP_COUNT] = {
    [NNX_OP_ADD] = {"Add", w_plain},
    [NNX_OP_SUB] = {"Sub", w_plain},
    [NNX_OP_MUL] = {"Mul", w_plain},
    [NNX_OP_DIV] = {"Div", w_plain},
    [NNX_OP_MAX] = {"Max", w_minmax},
    [NNX_OP_MIN] = {"Min", w_minmax},
    [NNX_OP_POW] = {"Pow", w_pow},
    [NNX_OP_ABS] = {"Abs", w_plain},
    [NNX_OP_NEG] = {"Neg", w_plain},
    [NNX_OP_CEIL] = {"Ceil", w_plain},
    [NNX_OP_FLOOR] = {"Floor", w_plain},
    [NNX_OP_EXP] = {"Exp", w_plain},
    [NNX_OP_LOG] = {"Log", w_plain},
    [NNX_OP_SQRT] = {"Sqrt", w_plain},
    [NNX_OP_RELU] = {"Relu", w_plain},
    [NNX_OP_SIGMOID] = {"Sigmoid", w_plain},
    [NNX_OP_TANH] = {"Tanh", w_plain},
    [NNX_OP_RCP] = {"Reciprocal", w_plain},
    [NNX_OP_SIN] = {"Sin", w_plain},
    [NNX_OP_COS] = {"Cos", w_plain},
    [NNX_OP_SIGN] = {"Sign", w_plain},
    [NNX_OP_ROUND] = {"Floor", w_round},
    [NNX_OP_ROUND_EVEN] = {"Round", w_plain},
    [NNX_OP_ERF] = {"Erf", w_plain},
    [NNX_OP_TAN] = {"Tan", w_plain},
    [NNX_OP_IS_NAN] = {"IsNaN", w_plain},
    [NNX_OP_IS_INF] = {"IsInf", w_plain},
    [NNX_OP_ELU] = {"Elu", w_alpha},
    [NNX_OP_GELU] = {"Erf", w_gelu},
    [NNX_OP_HARD_SIGMOID] = {"HardSigmoid", w_alpha},
    [NNX_OP_HARD_SWISH] = {"HardSwish", w_plain},
    [NNX_OP_LEAKY_RELU] = {"LeakyRelu", w_alpha},
    [NNX_OP_LINEAR] = {"Mul", w_linear},
    [NNX_OP_SOFTPLUS] = {"Softplus", w_plain},
    [NNX_OP_SOFTSIGN] = {"Softsign", w_plain},
    [NNX_OP_PRELU] = {"PRelu", w_prelu},
    [NNX_OP_LESS] = {"Less", w_plain},
    [NNX_OP_LESS_EQUAL] = {"LessOrEqual", w_plain},
    [NNX_OP_GREATER] = {"Greater", w_plain},
    [NNX_OP_GREATER_EQUAL] = {"GreaterOrEqual", w_plain},
    [NNX_OP_EQUAL] = {"Equal", w_plain},
    [NNX_OP_NOT_EQUAL] = {"Not", w_not_equal},
    [NNX_OP_LOGICAL_NOT] = {"Not", w_logical},
    [NNX_OP_LOGICAL_AND] = {"And", w_logical},
    [NNX_OP_LOGICAL_OR] = {"Or", w_logical},
    [NNX_OP_LOGICAL_XOR] = {"Xor", w_logical},
    [NNX_OP_WHERE] = {"Where", w_plain},
    [NNX_OP_CLAMP] = {"Clip", w_clamp},
    [NNX_OP_CAST] = {"Cast", w_cast},
    [NNX_OP_MATMUL] = {"MatMul", w_plain},
    [NNX_OP_GEMM] = {"Gemm", w_gemm},
    [NNX_OP_CONV] = {"Conv", w_conv},
    [NNX_OP_DECONV] = {"ConvTranspose", w_deconv},
    [NNX_OP_AVG_POOL] = {"AveragePool", w_pool},
    [NNX_OP_MAX_POOL] = {"MaxPool", w_pool},
    [NNX_OP_L2_POOL] = {"LpPool", w_pool},
    [NNX_OP_BOX] = {"AveragePool", w_box},
    [NNX_OP_SOFTMAX] = {"Softmax", w_axis},
    [NNX_OP_RESHAPE] = {"Reshape", w_shape_input},
    [NNX_OP_TRANSPOSE] = {"Transpose", w_transpose},
    [NNX_OP_CONCAT] = {"Concat", w_axis},
    [NNX_OP_SLICE] = {"Slice", w_slice},
    [NNX_OP_SPLIT] = {"Split", w_split},
    [NNX_OP_PAD] = {"Pad", w_pad},
    [NNX_OP_TILE] = {"Tile", w_tile},
    [NNX_OP_REDUCE_SUM] = {"ReduceSum", w_reduce},
    [NNX_OP_REDUCE_MEAN] = {"ReduceMean", w_reduce},
    [NNX_OP_REDUCE_MAX] = {"ReduceMax", w_reduce},
    [NNX_OP_REDUCE_MIN] = {"ReduceMin", w_reduce},
    [NNX_OP_REDUCE_ARGMAX] = {"ArgMax", w_arg},
    [NNX_OP_REDUCE_ARGMIN] = {"ArgMin", w_arg},
    [NNX_OP_REDUCE_ALL] = {"ReduceMin", w_reduce_logical},
    [NNX_OP_REDUCE_ANY] = {"ReduceMax", w_reduce_logical},
    [NNX_OP_REDUCE_L1] = {"ReduceL1", w_reduce},
    [NNX_OP_REDUCE_L2] = {"ReduceL2", w_reduce},
    [NNX_OP_REDUCE_LOG_SUM] = {"ReduceLogSum", w_reduce},
    [NNX_OP_REDUCE_LOG_SUM_EXP] = {"ReduceLogSumExp", w_reduce},
    [NNX_OP_REDUCE_PRODUCT] = {"ReduceProd", w_reduce},
    [NNX_OP_REDUCE_SUM_SQUARE] = {"ReduceSumSquare", w_reduce},
    [NNX_OP_RESAMPLE] = {"Resize", w_resample},
    [NNX_OP_EXPAND] = {"Expand", w_shape_input},
    [NNX_OP_REVERSE] = {"Slice", w_reverse},
    [NNX_OP_TRIANGULAR] = {"Trilu", w_triangular},
    [NNX_OP_CUMULATIVE_SUM] = {"CumSum", w_cumsum},
    [NNX_OP_GATHER] = {"Gather", w_indices},
    [NNX_OP_GATHER_ELEMENTS] = {"GatherElements", w_indices},
    [NNX_OP_GATHER_ND] = {"GatherND", w_indices},
    [NNX_OP_SCATTER_ELEMENTS] = {"ScatterElements", w_indices},
    [NNX_OP_SCATTER_ND] = {"ScatterND", w_indices},
    [NNX_OP_QUANTIZE_LINEAR] = {"QuantizeLinear", w_quantize},
    [NNX_OP_DEQUANTIZE_LINEAR] = {"DequantizeLinear", w_quantize},
    [NNX_OP_BATCH_NORMALIZATION] = {"BatchNormalization", w_batch_norm},
    [NNX_OP_INSTANCE_NORMALIZATION] = {"InstanceNormalization", w_instance_norm},
    [NNX_OP_LAYER_NORMALIZATION] = {"LayerNormalization", w_layer_norm},
    [NNX_OP_RSQRT] = {"Reciprocal", w_rsqrt},
    [NNX_OP_TOSA_MUL] = {"Mul", nnx_onnx_w_tosa_plain},
    [NNX_OP_TOSA_NEGATE] = {"Neg", nnx_onnx_w_tosa_plain},
    [NNX_OP_TOSA_MATMUL] = {"MatMul", nnx_onnx_w_tosa_plain},
    [NNX_OP_TOSA_CONV2D] = {"Conv", nnx_onnx_w_tosa_conv},
    [NNX_OP_TOSA_DEPTHWISE_CONV2D] = {"Conv", nnx_onnx_w_tosa_conv},
    [NNX_OP_TOSA_AVG_POOL2D] = {"AveragePool", nnx_onnx_w_tosa_avg_pool},
    [NNX_OP_COND_IF] = {"If", nnx_onnx_w_flow},
    [NNX_OP_WHILE_LOOP] = {"Loop", nnx_onnx_w_flow},
};

bool nnx_onnx_w_op(nnx_onnx_writer *W, const nnx_node *n)
{
    const op_row *r = &rows[n->op];
    if (!r->fn)
        return nnx_onnx_w_refuse(W, "opset %d has no operator for it", NNX_ONNX_WRITE_OPSET);
    for (uint32_t k = 0; k < n->n_in; k++)
        if (n->in[k] != NNX_NONE && !nnx_onnx_w_elem_type(W->ir->values[n->in[k]].desc.dtype))
            return nnx_onnx_w_refuse(W, "input %u is %s, which ONNX opset %d has no type for", k,
                                     nnx_dtype_name(W->ir->values[n->in[k]].desc.dtype), NNX_ONNX_WRITE_OPSET);
    for (uint32_t k = 0; k < n->n_out; k++)
        if (!nnx_onnx_w_elem_type(W->ir->values[n->out[k]].desc.dtype))
            return nnx_onnx_w_refuse(W, "output %u is %s, which ONNX opset %d has no type for", k,
                                     nnx_dtype_name(W->ir->values[n->out[k]].desc.dtype), NNX_ONNX_WRITE_OPSET);
    if (r->fn(W, n, r->op_type))
        return true;
    return W->err->status == NNX_OK ? nnx_onnx_w_oom(W) : false; /* a helper that failed set the error */
}
