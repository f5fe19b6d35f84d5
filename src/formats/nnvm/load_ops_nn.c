/* load_ops_nn.c — NNVM operators onto core operations: the operator table's entry
 * (nnvm_lower_node), element-wise operators (unary, binary, broadcast_*, the __*_scalar__
 * forms), activations, clip, cast, identities (dropout, copy, …) and the NN layers (conv2d,
 * conv2d_transpose, dense, matmul, batch_matmul, pooling, batch_norm, softmax). Data movement, reductions
 * and the rest are in load_ops_movement.c. Layouts: NNVM's default NCHW / OIHW; others are
 * NOT_SUPPORTED except NHWC inputs of the pools. */
#include "formats/nnvm/load.h"
#include "formats/nnvm/params.h"
#include "ir/dtypes.h"
#include "ops/graph_build.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A list attribute of exactly 2 non-negative items (a bare integer counts for both). */
static nnx_status pair(nnvm_loader *L, const char *key, uint32_t dflt, bool required, uint32_t out[2])
{
    int64_t v[2];
    uint32_t n = 0;
    bool given;
    nnx_status st = nnvm_ints(L, key, v, 2, &n, &given);
    if (st != NNX_OK)
        return st;
    if (!given) {
        if (required)
            return nnvm_bad_attr(L, key, "missing");
        out[0] = out[1] = dflt;
        return NNX_OK;
    }
    if (n == 1)
        v[1] = v[0];
    else if (n != 2)
        return nnvm_bad_attr(L, key, "%u items, it needs 2", n);
    for (int k = 0; k < 2; k++) {
        if (v[k] < 0 || v[k] > UINT32_MAX)
            return nnvm_bad_attr(L, key, "item %d (%lld) is out of range", k, (long long)v[k]);
        out[k] = (uint32_t)v[k];
    }
    return NNX_OK;
}

/* padding: (h, w) on both sides, or TVM's 4-item (top, left, bottom, right); into
 * [top, bottom, left, right]. */
static nnx_status padding4(nnvm_loader *L, uint32_t pads[4])
{
    int64_t v[4];
    uint32_t n = 0;
    bool given;
    nnx_status st = nnvm_ints(L, "padding", v, 4, &n, &given);
    if (st != NNX_OK)
        return st;
    memset(pads, 0, 4 * sizeof *pads);
    if (!given)
        return NNX_OK;
    for (uint32_t k = 0; k < n; k++)
        if (v[k] < 0 || v[k] > UINT32_MAX / 2)
            return nnvm_bad_attr(L, "padding", "item %u (%lld) is out of range", k, (long long)v[k]);
    if (n == 1)
        pads[0] = pads[1] = pads[2] = pads[3] = (uint32_t)v[0];
    else if (n == 2)
        pads[0] = pads[1] = (uint32_t)v[0], pads[2] = pads[3] = (uint32_t)v[1];
    else if (n == 4)
        pads[0] = (uint32_t)v[0], pads[2] = (uint32_t)v[1], pads[1] = (uint32_t)v[2], pads[3] = (uint32_t)v[3];
    else
        return nnvm_bad_attr(L, "padding", "%u items (it takes 2, or 4 as top, left, bottom, right)", n);
    return NNX_OK;
}

/* A layout attribute: absent, empty or `want`. */
static nnx_status layout(nnvm_loader *L, const char *key, const char *want)
{
    const char *v = nnx_nnvm_attr(L->n, key);
    if (v && strcmp(v, want) != 0 && v[0])
        return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "key '%s': layout '%.20s' (nnx reads %s)", key, v, want);
    return NNX_OK;
}

/* ---------------------------------------------------------------- element-wise */

typedef struct named_op {
    const char *name;
    nnx_op op;
} named_op;

static const named_op kUnary[] = {
    {"relu", NNX_OP_RELU},
    {"sigmoid", NNX_OP_SIGMOID},
    {"tanh", NNX_OP_TANH},
    {"exp", NNX_OP_EXP},
    {"log", NNX_OP_LOG},
    {"sqrt", NNX_OP_SQRT},
    {"negative", NNX_OP_NEG},
    {"abs", NNX_OP_ABS},
    {"floor", NNX_OP_FLOOR},
    {"ceil", NNX_OP_CEIL},
    {"logical_not", NNX_OP_LOGICAL_NOT},
};

static const named_op kBinary[] = {
    {"elemwise_add", NNX_OP_ADD},      {"elemwise_sub", NNX_OP_SUB},  {"elemwise_mul", NNX_OP_MUL},
    {"elemwise_div", NNX_OP_DIV},      {"elemwise_pow", NNX_OP_POW},  {"broadcast_add", NNX_OP_ADD},
    {"broadcast_sub", NNX_OP_SUB},     {"broadcast_mul", NNX_OP_MUL}, {"broadcast_div", NNX_OP_DIV},
    {"broadcast_pow", NNX_OP_POW},     {"broadcast_max", NNX_OP_MAX}, {"broadcast_min", NNX_OP_MIN},
    {"maximum", NNX_OP_MAX},           {"minimum", NNX_OP_MIN},       {"logical_and", NNX_OP_LOGICAL_AND},
    {"logical_or", NNX_OP_LOGICAL_OR},
};

/* NNVM's comparisons give 1/0 in the operands' type (not a mask type): compare, then cast. */
static const named_op kCompare[] = {
    {"greater", NNX_OP_GREATER},
    {"less", NNX_OP_LESS},
    {"broadcast_greater", NNX_OP_GREATER},
    {"broadcast_less", NNX_OP_LESS},
    {"broadcast_equal", NNX_OP_EQUAL},
    {"broadcast_not_equal", NNX_OP_NOT_EQUAL},
    {"broadcast_greater_equal", NNX_OP_GREATER_EQUAL},
    {"broadcast_less_equal", NNX_OP_LESS_EQUAL},
};

/* x OP scalar, or scalar OP x for the reversed forms. */
static const struct {
    const char *name;
    nnx_op op;
    bool reversed;
} kScalar[] = {
    {"__add_scalar__", NNX_OP_ADD, false}, {"__sub_scalar__", NNX_OP_SUB, false}, {"__rsub_scalar__", NNX_OP_SUB, true},
    {"__mul_scalar__", NNX_OP_MUL, false}, {"__div_scalar__", NNX_OP_DIV, false}, {"__rdiv_scalar__", NNX_OP_DIV, true},
    {"__pow_scalar__", NNX_OP_POW, false}, {"__rpow_scalar__", NNX_OP_POW, true},
};

static nnx_op find(const named_op *t, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0)
            return t[i].op;
    return NNX_OP_COUNT;
}
#define FIND(t, name) find(t, sizeof t / sizeof *t, name)

static nnx_status one_out(nnvm_loader *L, nnx_op op, const uint32_t *in, uint32_t n_in, const nnx_attrs *a)
{
    uint32_t out;
    nnx_status st = nnvm_add(L, op, in, n_in, a, 1, &out);
    if (st == NNX_OK)
        nnvm_set_out(L, 0, out);
    return st;
}

static nnx_status lower_scalar(nnvm_loader *L, nnx_op op, bool reversed)
{
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    double s;
    uint32_t x = nnvm_in(L, 0), c;
    if (st == NNX_OK && !nnx_nnvm_attr(L->n, "scalar"))
        st = nnvm_bad_attr(L, "scalar", "missing");
    if (st == NNX_OK)
        st = nnvm_float(L, "scalar", 0, &s);
    if (st == NNX_OK)
        st = nnvm_scalar(L, nnvm_desc(L, x)->dtype, s, &c);
    if (st != NNX_OK)
        return st;
    uint32_t in[2] = {reversed ? c : x, reversed ? x : c};
    return one_out(L, op, in, 2, NULL);
}

static nnx_status lower_compare(nnvm_loader *L, nnx_op op)
{
    nnx_status st = nnvm_need_inputs(L, 2, 2);
    uint32_t mask;
    if (st == NNX_OK)
        st = nnvm_add(L, op, (uint32_t[]){nnvm_in(L, 0), nnvm_in(L, 1)}, 2, NULL, 1, &mask);
    if (st != NNX_OK)
        return st;
    nnx_attrs a = {.cast = {.to = nnvm_desc(L, nnvm_in(L, 0))->dtype}};
    return one_out(L, NNX_OP_CAST, &mask, 1, &a);
}

static nnx_status lower_clip(nnvm_loader *L)
{
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    double lo, hi;
    for (int k = 0; k < 2 && st == NNX_OK; k++)
        if (!nnx_nnvm_attr(L->n, k ? "a_max" : "a_min"))
            st = nnvm_bad_attr(L, k ? "a_max" : "a_min", "missing");
    if (st == NNX_OK)
        st = nnvm_float(L, "a_min", 0, &lo);
    if (st == NNX_OK)
        st = nnvm_float(L, "a_max", 0, &hi);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0);
    nnx_dtype dt = nnvm_desc(L, x)->dtype;
    nnx_attrs a = {0};
    switch (nnx_dtype_kind_of(dt)) {
    case NNX_KIND_FLOAT:
        /* The bounds as the input's type holds them (the core clamps with bounds already cast). */
        a.clamp.lo.f = dt == NNX_FLOAT32 ? (double)(float)lo : lo;
        a.clamp.hi.f = dt == NNX_FLOAT32 ? (double)(float)hi : hi;
        break;
    case NNX_KIND_SINT: a.clamp.lo.i = (int64_t)ceil(lo), a.clamp.hi.i = (int64_t)floor(hi); break;
    case NNX_KIND_UINT:
        a.clamp.lo.u = lo < 0 ? 0 : (uint64_t)ceil(lo), a.clamp.hi.u = hi < 0 ? 0 : (uint64_t)floor(hi);
        break;
    default: return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "clip of %s", nnx_dtype_name(dt));
    }
    if (lo > hi)
        return nnvm_bad_attr(L, "a_min", "a_min %g is above a_max %g", lo, hi);
    return one_out(L, NNX_OP_CLAMP, &x, 1, &a);
}

static nnx_status lower_leaky_relu(nnvm_loader *L)
{
    double alpha;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = nnvm_float(L, "alpha", 0.25, &alpha);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0);
    nnx_attrs a = {.activation = {.alpha = nnvm_desc(L, x)->dtype == NNX_FLOAT32 ? (double)(float)alpha : alpha}};
    return one_out(L, NNX_OP_LEAKY_RELU, &x, 1, &a);
}

/* prelu(data, alpha [C]) along axis (default 1): alpha reshaped to [C, 1, …] for broadcasting. */
static nnx_status lower_prelu(nnvm_loader *L)
{
    int64_t axis;
    nnx_status st = nnvm_need_inputs(L, 2, 2);
    if (st == NNX_OK)
        st = nnvm_int(L, "axis", 1, &axis);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0), alpha = nnvm_in(L, 1), ax = 0;
    const nnx_operand_desc *xd = nnvm_desc(L, x), *ad = nnvm_desc(L, alpha);
    if ((st = nnvm_axis(L, "axis", axis, xd->rank, &ax)) != NNX_OK)
        return st;
    if (ad->rank != 1 || ad->shape[0] != xd->shape[ax])
        return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "alpha must be 1-D with the %u items of axis %u", xd->shape[ax],
                         ax);
    uint32_t shape[NNX_MAX_RANK], slope = alpha;
    uint32_t rank = xd->rank - ax;
    for (uint32_t k = 0; k < rank; k++)
        shape[k] = k ? 1 : ad->shape[0];
    if (rank > 1 && (st = nnvm_reshape(L, alpha, rank, shape, &slope)) != NNX_OK)
        return st;
    return one_out(L, NNX_OP_PRELU, (uint32_t[]){x, slope}, 2, NULL);
}

static nnx_status lower_cast(nnvm_loader *L)
{
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    const char *v = nnx_nnvm_attr(L->n, "dtype");
    if (st != NNX_OK)
        return st;
    if (!v)
        return nnvm_bad_attr(L, "dtype", "missing");
    int64_t code;
    nnx_attrs a = {
        .cast = {.to = nnx_nnvm_parse_int(v, &code) ? nnx_nnvm_dtype_from_code(code) : nnx_tvm_dtype_from_name(v)}};
    if (a.cast.to == NNX_DTYPE_UNDEFINED)
        return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "key 'dtype': '%.40s' is not a type nnx has", v);
    uint32_t x = nnvm_in(L, 0);
    if (a.cast.to == NNX_BOOL && L->ir->values[x].kind == NNX_VALUE_NODE) {
        /* Back to a mask: a comparison's 0/1 (cast from bool) is the comparison's mask, and
         * max / min of a mask's 0/1 as uint8 is any / all of the mask (the forms the writer
         * uses for comparisons and logical reductions). */
        const nnx_node *p = &L->ir->nodes[L->ir->values[x].producer];
        if (p->op == NNX_OP_CAST && nnvm_desc(L, p->in[0])->dtype == NNX_BOOL) {
            nnvm_set_out(L, 0, p->in[0]);
            return NNX_OK;
        }
        if ((p->op == NNX_OP_REDUCE_MAX || p->op == NNX_OP_REDUCE_MIN) &&
            L->ir->values[p->in[0]].kind == NNX_VALUE_NODE) {
            const nnx_node *q = &L->ir->nodes[L->ir->values[p->in[0]].producer];
            if (q->op == NNX_OP_CAST && nnvm_desc(L, q->in[0])->dtype == NNX_BOOL) {
                nnx_attrs r = {
                    .reduce = {.axes_mask = p->attrs.reduce.axes_mask, .keep_dims = p->attrs.reduce.keep_dims}};
                return one_out(L, p->op == NNX_OP_REDUCE_MAX ? NNX_OP_REDUCE_ANY : NNX_OP_REDUCE_ALL, &q->in[0], 1, &r);
            }
        }
    }
    return one_out(L, NNX_OP_CAST, &x, 1, &a);
}

/* ---------------------------------------------------------------- NN layers */

static nnx_status use_bias(nnvm_loader *L, bool *bias)
{
    nnx_status st = nnvm_bool(L, "use_bias", true, bias);
    if (st == NNX_OK)
        st = nnvm_need_inputs(L, *bias ? 3 : 2, *bias ? 3 : 2);
    return st;
}

/* conv2d and conv2d_transpose: the window attributes, checked against the weight. */
static nnx_status conv_common(nnvm_loader *L, uint32_t x, uint32_t w, bool transposed, uint32_t pads[4],
                              uint32_t strides[2], uint32_t dil[2], uint32_t *groups)
{
    const nnx_operand_desc *xd = nnvm_desc(L, x), *wd = nnvm_desc(L, w);
    int64_t g, channels;
    uint32_t kernel[2];
    bool has_kernel = nnx_nnvm_attr(L->n, "kernel_size") != NULL;
    nnx_status st = layout(L, "layout", "NCHW");
    if (st == NNX_OK)
        st = layout(L, "out_layout", "NCHW");
    if (st == NNX_OK &&
        !(nnx_nnvm_attr(L->n, "kernel_layout") && transposed &&
          strcmp(nnx_nnvm_attr(L->n, "kernel_layout"), "IOHW") == 0))
        st = layout(L, "kernel_layout", "OIHW");
    if (st == NNX_OK)
        st = pair(L, "strides", 1, false, strides);
    if (st == NNX_OK)
        st = pair(L, "dilation", 1, false, dil);
    if (st == NNX_OK)
        st = padding4(L, pads);
    if (st == NNX_OK)
        st = nnvm_int(L, "groups", 1, &g);
    if (st == NNX_OK && has_kernel)
        st = pair(L, "kernel_size", 1, true, kernel);
    if (st == NNX_OK)
        st = nnvm_int(L, "channels", -1, &channels);
    if (st != NNX_OK)
        return st;
    if (xd->rank != 4 || wd->rank != 4)
        return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "data and weight must be 4-D (data is %u-D, weight %u-D)",
                         xd->rank, wd->rank);
    if (g < 1 || g > UINT32_MAX)
        return nnvm_bad_attr(L, "groups", "%lld is not a group count", (long long)g);
    *groups = (uint32_t)g;
    if (has_kernel && (kernel[0] != wd->shape[2] || kernel[1] != wd->shape[3]))
        return nnvm_bad_attr(L, "kernel_size", "(%u, %u) differs from the weight's [%u, %u]", kernel[0], kernel[1],
                             wd->shape[2], wd->shape[3]);
    uint64_t out_channels = transposed ? (uint64_t)wd->shape[1] * *groups : wd->shape[0];
    if (channels >= 0 && (uint64_t)channels != out_channels)
        return nnvm_bad_attr(L, "channels", "%lld, the weight gives %llu output channels", (long long)channels,
                             (unsigned long long)out_channels);
    return NNX_OK;
}

static nnx_status lower_conv2d(nnvm_loader *L)
{
    bool bias;
    nnx_status st = use_bias(L, &bias);
    if (st != NNX_OK)
        return st;
    uint32_t in[3] = {nnvm_in(L, 0), nnvm_in(L, 1), bias ? nnvm_in(L, 2) : NNX_NONE}, pads[4];
    nnx_attrs a = {.conv = {.input_layout = NNX_LAYOUT_NCHW, .filter_layout = NNX_FILTER_OIHW}};
    if ((st = conv_common(L, in[0], in[1], false, pads, a.conv.strides, a.conv.dilations, &a.conv.groups)) != NNX_OK)
        return st;
    for (int k = 0; k < 4; k++)
        a.conv.pads[k] = pads[k];
    return one_out(L, NNX_OP_CONV, in, bias ? 3 : 2, &a);
}

static nnx_status lower_conv2d_transpose(nnvm_loader *L)
{
    bool bias;
    nnx_status st = use_bias(L, &bias);
    if (st != NNX_OK)
        return st;
    uint32_t in[3] = {nnvm_in(L, 0), nnvm_in(L, 1), bias ? nnvm_in(L, 2) : NNX_NONE}, pads[4], extra[2];
    nnx_attrs a = {0};
    nnx_attr_deconv *d = &a.deconv;
    if ((st = conv_common(L, in[0], in[1], true, pads, d->strides, d->dilations, &d->groups)) != NNX_OK)
        return st;
    if ((st = pair(L, "output_padding", 0, false, extra)) != NNX_OK)
        return st;
    const nnx_operand_desc *xd = nnvm_desc(L, in[0]), *wd = nnvm_desc(L, in[1]);
    for (int k = 0; k < 4; k++)
        d->pads[k] = pads[k];
    for (int k = 0; k < 2; k++) {
        if (extra[k] == 0)
            continue;
        if (extra[k] >= d->strides[k] && extra[k] >= d->dilations[k])
            return nnvm_bad_attr(L, "output_padding", "item %d (%u) must be below the stride or the dilation", k,
                                 extra[k]);
        int64_t computed = ((int64_t)xd->shape[2 + k] - 1) * d->strides[k] +
            ((int64_t)wd->shape[2 + k] - 1) * d->dilations[k] + 1 - pads[2 * k] - pads[2 * k + 1];
        if (computed < 1 || computed + extra[k] > UINT32_MAX)
            return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "the output extent of spatial axis %d is out of range", k);
        d->has_output_sizes = true;
        d->output_sizes[k] = (uint32_t)(computed + extra[k]);
    }
    if (d->has_output_sizes)
        for (int k = 0; k < 2; k++)
            if (!extra[k])
                d->output_sizes[k] = (uint32_t)(((int64_t)xd->shape[2 + k] - 1) * d->strides[k] +
                                                ((int64_t)wd->shape[2 + k] - 1) * d->dilations[k] + 1 - pads[2 * k] -
                                                pads[2 * k + 1]);
    return one_out(L, NNX_OP_DECONV, in, bias ? 3 : 2, &a);
}

/* dense: y = x W^T + b over the last axis of x (leading axes flattened and restored). */
static nnx_status lower_dense(nnvm_loader *L)
{
    bool bias;
    int64_t units;
    nnx_status st = use_bias(L, &bias);
    if (st == NNX_OK)
        st = nnvm_int(L, "units", -1, &units);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0), w = nnvm_in(L, 1), out;
    const nnx_operand_desc *xd = nnvm_desc(L, x), *wd = nnvm_desc(L, w);
    if (wd->rank != 2 || xd->rank < 1 || xd->shape[xd->rank - 1] != wd->shape[1])
        return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "the weight must be [units, %u]",
                         xd->rank ? xd->shape[xd->rank - 1] : 0);
    if (units >= 0 && (uint64_t)units != wd->shape[0])
        return nnvm_bad_attr(L, "units", "%lld, the weight has %u rows", (long long)units, wd->shape[0]);
    uint32_t x2 = x, rank = xd->rank, shape[NNX_MAX_RANK];
    memcpy(shape, xd->shape, sizeof shape);
    if (rank != 2) {
        uint64_t rows = 1;
        for (uint32_t k = 0; k + 1 < rank; k++)
            rows *= shape[k];
        if (rows > UINT32_MAX)
            return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "the input has too many rows");
        if ((st = nnvm_reshape(L, x, 2, (uint32_t[]){(uint32_t)rows, shape[rank - 1]}, &x2)) != NNX_OK)
            return st;
    }
    nnx_attrs a = {.gemm = {.alpha = 1, .beta = 1, .trans_b = true}};
    uint32_t in[3] = {x2, w, bias ? nnvm_in(L, 2) : NNX_NONE};
    if ((st = nnvm_add(L, NNX_OP_GEMM, in, bias ? 3 : 2, &a, 1, &out)) != NNX_OK)
        return st;
    if (rank != 2) {
        shape[rank - 1] = wd->shape[0];
        if ((st = nnvm_reshape(L, out, rank, shape, &out)) != NNX_OK)
            return st;
    }
    nnvm_set_out(L, 0, out);
    return NNX_OK;
}

/* matmul of two matrices (transpose_a, transpose_b) -> gemm. */
static nnx_status lower_matmul(nnvm_loader *L)
{
    bool ta, tb;
    nnx_status st = nnvm_need_inputs(L, 2, 2);
    if (st == NNX_OK)
        st = nnvm_bool(L, "transpose_a", false, &ta);
    if (st == NNX_OK)
        st = nnvm_bool(L, "transpose_b", false, &tb);
    if (st != NNX_OK)
        return st;
    uint32_t in[2] = {nnvm_in(L, 0), nnvm_in(L, 1)};
    if (nnvm_desc(L, in[0])->rank != 2 || nnvm_desc(L, in[1])->rank != 2)
        return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "matmul of operands other than matrices");
    nnx_attrs a = {.gemm = {.alpha = 1, .beta = 1, .trans_a = ta, .trans_b = tb}};
    return one_out(L, NNX_OP_GEMM, in, 2, &a);
}

/* batch_matmul(x [b, M, K], y [b, N, K]) = x · yᵀ per batch -> [b, M, N] (TVM topi
 * batch_matmul; NNVM decision 18): core matmul of x and y with its last two axes swapped. A
 * batch extent 1 on one side broadcasts, as topi's. */
static nnx_status lower_batch_matmul(nnvm_loader *L)
{
    nnx_status st = nnvm_need_inputs(L, 2, 2);
    if (st != NNX_OK)
        return st;
    uint32_t in[2] = {nnvm_in(L, 0), nnvm_in(L, 1)};
    const nnx_operand_desc *x = nnvm_desc(L, in[0]), *y = nnvm_desc(L, in[1]);
    if (x->rank != 3 || y->rank != 3 || x->shape[2] != y->shape[2])
        return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "batch_matmul takes x [b, M, K] and y [b, N, K]");
    nnx_attrs t = {.transpose = {.perm = {0, 2, 1}}};
    if ((st = nnvm_add(L, NNX_OP_TRANSPOSE, &in[1], 1, &t, 1, &in[1])) != NNX_OK)
        return st;
    return one_out(L, NNX_OP_MATMUL, in, 2, NULL);
}

static nnx_status pool_layout(nnvm_loader *L, nnx_input_layout *out)
{
    const char *v;
    static const char *const layouts[] = {"NCHW", "NHWC", NULL};
    nnx_status st = nnvm_word(L, "layout", "NCHW", layouts, &v);
    *out = strcmp(v, "NHWC") == 0 ? NNX_LAYOUT_NHWC : NNX_LAYOUT_NCHW;
    return st;
}

static nnx_status lower_pool(nnvm_loader *L, nnx_op op)
{
    bool ceil_mode, include_pad = false;
    nnx_attrs a = {0};
    nnx_attr_pool *p = &a.pool;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = pair(L, "pool_size", 1, true, p->window);
    if (st == NNX_OK)
        st = pair(L, "strides", 1, false, p->strides);
    if (st == NNX_OK)
        st = padding4(L, p->pads);
    if (st == NNX_OK)
        st = pool_layout(L, &p->layout);
    if (st == NNX_OK)
        st = nnvm_bool(L, "ceil_mode", false, &ceil_mode);
    if (st == NNX_OK && op == NNX_OP_AVG_POOL)
        st = nnvm_bool(L, "count_include_pad", false, &include_pad);
    if (st != NNX_OK)
        return st;
    p->dilations[0] = p->dilations[1] = 1;
    p->rounding = ceil_mode ? NNX_ROUNDING_CEIL : NNX_ROUNDING_FLOOR;
    uint32_t x = nnvm_in(L, 0);
    bool padded = p->pads[0] || p->pads[1] || p->pads[2] || p->pads[3];
    if (include_pad && padded) {
        /* Counting the padding = averaging over an input padded with zeros. */
        if (ceil_mode)
            return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "count_include_pad with ceil_mode");
        const nnx_operand_desc *xd = nnvm_desc(L, x);
        if (xd->rank != 4)
            return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "the input must be 4-D");
        nnx_attrs pa = {.pad = {.mode = NNX_PAD_CONSTANT}};
        uint32_t h = p->layout == NNX_LAYOUT_NHWC ? 1 : 2;
        for (uint32_t k = 0; k < 2; k++)
            pa.pad.begin[h + k] = (int32_t)p->pads[2 * k], pa.pad.end[h + k] = (int32_t)p->pads[2 * k + 1];
        if ((st = nnvm_add(L, NNX_OP_PAD, &x, 1, &pa, 1, &x)) != NNX_OK)
            return st;
        memset(p->pads, 0, sizeof p->pads);
    }
    return one_out(L, op, &x, 1, &a);
}

static nnx_status lower_global_pool(nnvm_loader *L, nnx_op op)
{
    nnx_input_layout lay;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = pool_layout(L, &lay);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0);
    if (nnvm_desc(L, x)->rank != 4)
        return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "the input must be 4-D");
    nnx_attrs a = {.reduce = {.axes_mask = lay == NNX_LAYOUT_NHWC ? 0x6u : 0xcu, .keep_dims = true}};
    return one_out(L, op, &x, 1, &a);
}

/* batch_norm(data, gamma, beta, moving_mean, moving_var): inference form; outputs 1 and 2
 * are the moving statistics as given. */
static nnx_status lower_batch_norm(nnvm_loader *L)
{
    int64_t axis;
    double eps;
    bool center, scale;
    nnx_status st = nnvm_need_inputs(L, 5, 5);
    if (st == NNX_OK)
        st = nnvm_int(L, "axis", 1, &axis);
    if (st == NNX_OK)
        st = nnvm_float(L, "epsilon", 1e-5, &eps);
    if (st == NNX_OK)
        st = nnvm_bool(L, "center", true, &center);
    if (st == NNX_OK)
        st = nnvm_bool(L, "scale", true, &scale);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0);
    nnx_attrs a = {0};
    if ((st = nnvm_axis(L, "axis", axis, nnvm_desc(L, x)->rank, &a.norm.axis)) != NNX_OK)
        return st;
    a.norm.epsilon = nnvm_desc(L, x)->dtype == NNX_FLOAT32 ? (double)(float)eps : eps;
    uint32_t in[5] = {x, nnvm_in(L, 3), nnvm_in(L, 4), scale ? nnvm_in(L, 1) : NNX_NONE,
                      center ? nnvm_in(L, 2) : NNX_NONE};
    uint32_t n_in = center ? 5 : scale ? 4 : 3;
    if ((st = one_out(L, NNX_OP_BATCH_NORMALIZATION, in, n_in, &a)) != NNX_OK)
        return st;
    nnvm_set_out(L, 1, in[1]);
    nnvm_set_out(L, 2, in[2]);
    return NNX_OK;
}

static nnx_status lower_softmax(nnvm_loader *L, bool log_of)
{
    int64_t axis;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = nnvm_int(L, "axis", -1, &axis);
    uint32_t x = nnvm_in(L, 0), out;
    nnx_attrs a = {0};
    if (st == NNX_OK)
        st = nnvm_axis(L, "axis", axis, nnvm_desc(L, x)->rank, &a.axis.axis);
    if (st == NNX_OK)
        st = nnvm_add(L, NNX_OP_SOFTMAX, &x, 1, &a, 1, &out);
    if (st == NNX_OK && log_of)
        st = nnvm_add(L, NNX_OP_LOG, &out, 1, NULL, 1, &out);
    if (st == NNX_OK)
        nnvm_set_out(L, 0, out);
    return st;
}

static nnx_status lower_sum_n(nnvm_loader *L)
{
    nnx_status st = nnvm_need_inputs(L, 1, UINT32_MAX);
    uint32_t acc = nnvm_in(L, 0);
    for (uint32_t k = 1; st == NNX_OK && k < L->n->n_inputs; k++)
        st = nnvm_add(L, NNX_OP_ADD, (uint32_t[]){acc, nnvm_in(L, k)}, 2, NULL, 1, &acc);
    if (st == NNX_OK)
        nnvm_set_out(L, 0, acc);
    return st;
}

/* ---------------------------------------------------------------- dispatch */

nnx_status nnvm_lower_node(nnvm_loader *L)
{
    const char *op = L->n->op;
    nnx_op core;
    nnx_status st;
    if ((core = FIND(kUnary, op)) != NNX_OP_COUNT) {
        if ((st = nnvm_need_inputs(L, 1, 1)) != NNX_OK)
            return st;
        return one_out(L, core, (uint32_t[]){nnvm_in(L, 0)}, 1, NULL);
    }
    if ((core = FIND(kBinary, op)) != NNX_OP_COUNT) {
        if ((st = nnvm_need_inputs(L, 2, 2)) != NNX_OK)
            return st;
        return one_out(L, core, (uint32_t[]){nnvm_in(L, 0), nnvm_in(L, 1)}, 2, NULL);
    }
    if ((core = FIND(kCompare, op)) != NNX_OP_COUNT)
        return lower_compare(L, core);
    for (size_t k = 0; k < sizeof kScalar / sizeof *kScalar; k++)
        if (strcmp(kScalar[k].name, op) == 0)
            return lower_scalar(L, kScalar[k].op, kScalar[k].reversed);
    if (strcmp(op, "dropout") == 0 || strcmp(op, "copy") == 0 || strcmp(op, "identity") == 0 ||
        strcmp(op, "block_grad") == 0 || strcmp(op, "stop_gradient") == 0) {
        /* Inference: the input itself (dropout's mask output is not computed). */
        if ((st = nnvm_need_inputs(L, 1, 1)) != NNX_OK)
            return st;
        nnvm_set_out(L, 0, nnvm_in(L, 0));
        return NNX_OK;
    }
    if (strcmp(op, "clip") == 0)
        return lower_clip(L);
    if (strcmp(op, "leaky_relu") == 0)
        return lower_leaky_relu(L);
    if (strcmp(op, "prelu") == 0)
        return lower_prelu(L);
    if (strcmp(op, "cast") == 0)
        return lower_cast(L);
    if (strcmp(op, "conv2d") == 0)
        return lower_conv2d(L);
    if (strcmp(op, "conv2d_transpose") == 0)
        return lower_conv2d_transpose(L);
    if (strcmp(op, "dense") == 0)
        return lower_dense(L);
    if (strcmp(op, "matmul") == 0)
        return lower_matmul(L);
    if (strcmp(op, "batch_matmul") == 0)
        return lower_batch_matmul(L);
    if (strcmp(op, "max_pool2d") == 0)
        return lower_pool(L, NNX_OP_MAX_POOL);
    if (strcmp(op, "avg_pool2d") == 0)
        return lower_pool(L, NNX_OP_AVG_POOL);
    if (strcmp(op, "global_max_pool2d") == 0)
        return lower_global_pool(L, NNX_OP_REDUCE_MAX);
    if (strcmp(op, "global_avg_pool2d") == 0)
        return lower_global_pool(L, NNX_OP_REDUCE_MEAN);
    if (strcmp(op, "batch_norm") == 0)
        return lower_batch_norm(L);
    if (strcmp(op, "softmax") == 0)
        return lower_softmax(L, false);
    if (strcmp(op, "log_softmax") == 0)
        return lower_softmax(L, true);
    if (strcmp(op, "elemwise_sum") == 0 || strcmp(op, "add_n") == 0)
        return lower_sum_n(L);
    if (nnvm_lower_movement(L, &st))
        return st;
    return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "nnx has no mapping for the NNVM operator '%.60s'", op);
}
