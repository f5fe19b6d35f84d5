/* tosa_write.c — the writer side of the nnx TOSA extension of NNEF (tosa_nnef.h,
 * docs/TOSA-NNEF.md): each core node of a graph that needs the extension becomes one custom
 * operation `tosa_<core op>(input, <attributes>, dtype)` whose declaration the NNEF writer
 * emits from its first use. Every operation result is a tensor<scalar> (the NNEF item type
 * carries no width; `dtype` names the exact element type), so each fragment is used with one
 * signature. Graph inputs and constants keep their NNEF types; a tosa_typed_<item> call
 * records their exact dtype before the first use. Float values that NNEF literals cannot
 * hold (infinities, NaN) are written as C99 hexadecimal strings, exactly. */
#include "formats/nnef/emit/tosa_write.h"

#include <stdio.h>
#include <string.h>

#include "ir/dtypes.h"

typedef nnx_nnef_lower_arg arg;

static const struct {
    nnx_op op;
    nnx_tosa_nnef_attrs kind;
} table[] = {
    {NNX_OP_ADD, NNX_TN_NONE},
    {NNX_OP_SUB, NNX_TN_NONE},
    {NNX_OP_DIV, NNX_TN_NONE},
    {NNX_OP_POW, NNX_TN_NONE},
    {NNX_OP_ABS, NNX_TN_NONE},
    {NNX_OP_NEG, NNX_TN_NONE},
    {NNX_OP_CEIL, NNX_TN_NONE},
    {NNX_OP_FLOOR, NNX_TN_NONE},
    {NNX_OP_EXP, NNX_TN_NONE},
    {NNX_OP_LOG, NNX_TN_NONE},
    {NNX_OP_SQRT, NNX_TN_NONE},
    {NNX_OP_SIGMOID, NNX_TN_NONE},
    {NNX_OP_TANH, NNX_TN_NONE},
    {NNX_OP_RCP, NNX_TN_NONE},
    {NNX_OP_SIN, NNX_TN_NONE},
    {NNX_OP_COS, NNX_TN_NONE},
    {NNX_OP_ERF, NNX_TN_NONE},
    {NNX_OP_RSQRT, NNX_TN_NONE},
    {NNX_OP_EQUAL, NNX_TN_NONE},
    {NNX_OP_GREATER, NNX_TN_NONE},
    {NNX_OP_GREATER_EQUAL, NNX_TN_NONE},
    {NNX_OP_LOGICAL_NOT, NNX_TN_NONE},
    {NNX_OP_LOGICAL_AND, NNX_TN_NONE},
    {NNX_OP_LOGICAL_OR, NNX_TN_NONE},
    {NNX_OP_LOGICAL_XOR, NNX_TN_NONE},
    {NNX_OP_WHERE, NNX_TN_NONE},
    {NNX_OP_BITWISE_AND, NNX_TN_NONE},
    {NNX_OP_BITWISE_OR, NNX_TN_NONE},
    {NNX_OP_BITWISE_XOR, NNX_TN_NONE},
    {NNX_OP_BITWISE_NOT, NNX_TN_NONE},
    {NNX_OP_CLZ, NNX_TN_NONE},
    {NNX_OP_SHIFT_LEFT, NNX_TN_NONE},
    {NNX_OP_SHIFT_RIGHT_LOGICAL, NNX_TN_NONE},
    {NNX_OP_TOSA_MUL, NNX_TN_NONE},
    {NNX_OP_TOSA_TABLE, NNX_TN_NONE},
    {NNX_OP_TOSA_NEGATE, NNX_TN_NONE},
    {NNX_OP_RFFT2D, NNX_TN_NONE},
    {NNX_OP_MAX, NNX_TN_NAN},
    {NNX_OP_MIN, NNX_TN_NAN},
    {NNX_OP_SHIFT_RIGHT_ARITHMETIC, NNX_TN_SHIFT},
    {NNX_OP_CLAMP, NNX_TN_CLAMP},
    {NNX_OP_CAST, NNX_TN_CAST},
    {NNX_OP_REDUCE_SUM, NNX_TN_REDUCE},
    {NNX_OP_REDUCE_MAX, NNX_TN_REDUCE},
    {NNX_OP_REDUCE_MIN, NNX_TN_REDUCE},
    {NNX_OP_REDUCE_PRODUCT, NNX_TN_REDUCE},
    {NNX_OP_REDUCE_ALL, NNX_TN_REDUCE},
    {NNX_OP_REDUCE_ANY, NNX_TN_REDUCE},
    {NNX_OP_REDUCE_ARGMAX, NNX_TN_ARG_REDUCE},
    {NNX_OP_MAX_POOL, NNX_TN_POOL},
    {NNX_OP_AVG_POOL, NNX_TN_POOL},
    {NNX_OP_RESHAPE, NNX_TN_RESHAPE},
    {NNX_OP_EXPAND, NNX_TN_RESHAPE},
    {NNX_OP_TRANSPOSE, NNX_TN_TRANSPOSE},
    {NNX_OP_CONCAT, NNX_TN_AXIS},
    {NNX_OP_GATHER_ELEMENTS, NNX_TN_AXIS},
    {NNX_OP_SCATTER_ELEMENTS, NNX_TN_AXIS},
    {NNX_OP_SLICE, NNX_TN_SLICE},
    {NNX_OP_PAD, NNX_TN_PAD},
    {NNX_OP_TILE, NNX_TN_TILE},
    {NNX_OP_REVERSE, NNX_TN_REVERSE},
    {NNX_OP_TOSA_RESCALE, NNX_TN_RESCALE},
    {NNX_OP_TOSA_AVG_POOL2D, NNX_TN_TOSA_POOL},
    {NNX_OP_TOSA_CONV2D, NNX_TN_TOSA_CONV},
    {NNX_OP_TOSA_CONV3D, NNX_TN_TOSA_CONV},
    {NNX_OP_TOSA_DEPTHWISE_CONV2D, NNX_TN_TOSA_CONV},
    {NNX_OP_TOSA_TRANSPOSE_CONV2D, NNX_TN_TOSA_CONV},
    {NNX_OP_TOSA_MATMUL, NNX_TN_TOSA_MATMUL},
    {NNX_OP_TOSA_RESIZE, NNX_TN_TOSA_RESIZE},
    {NNX_OP_FFT2D, NNX_TN_FFT},
};

bool nnx_tosa_nnef_op(nnx_op op, nnx_tosa_nnef_attrs *kind)
{
    for (size_t i = 0; i < sizeof table / sizeof *table; i++)
        if (table[i].op == op) {
            *kind = table[i].kind;
            return true;
        }
    return false;
}

/* The fragment of a core op: tosa_<name>, or the name itself when it already starts with
 * tosa_ (core tosa_rescale is fragment tosa_rescale). Core mul is not in the table: its
 * fragment would be tosa_mul, which is core tosa_mul's. */
static void fragment_name(nnx_op op, char *buf, size_t size)
{
    const char *name = nnx_op_table[op].name;
    snprintf(buf, size, "%s%s", strncmp(name, "tosa_", 5) == 0 ? "" : "tosa_", name);
}

bool nnx_tosa_nnef_find(const char *fragment, nnx_op *op)
{
    char buf[64];
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        fragment_name(table[i].op, buf, sizeof buf);
        if (strcmp(buf, fragment) == 0) {
            *op = table[i].op;
            return true;
        }
    }
    return false;
}

nnx_dtype nnx_tosa_nnef_dtype(const char *name)
{
    for (int d = 1; d < NNX_DTYPE_COUNT; d++)
        if (nnx_dtype_name((nnx_dtype)d) && strcmp(nnx_dtype_name((nnx_dtype)d), name) == 0)
            return (nnx_dtype)d;
    return NNX_DTYPE_UNDEFINED;
}

bool nnx_tosa_nnef_wanted(const nnx_ir *ir)
{
    for (uint32_t k = 0; k < ir->n_nodes; k++) {
        const nnx_node *n = &ir->nodes[k];
        switch (n->op) {
        case NNX_OP_BITWISE_AND:
        case NNX_OP_BITWISE_OR:
        case NNX_OP_BITWISE_XOR:
        case NNX_OP_BITWISE_NOT:
        case NNX_OP_CLZ:
        case NNX_OP_SHIFT_LEFT:
        case NNX_OP_SHIFT_RIGHT_LOGICAL:
        case NNX_OP_SHIFT_RIGHT_ARITHMETIC:
        case NNX_OP_TOSA_MUL:
        case NNX_OP_TOSA_TABLE:
        case NNX_OP_TOSA_NEGATE:
        case NNX_OP_TOSA_RESCALE:
        case NNX_OP_TOSA_AVG_POOL2D:
        case NNX_OP_TOSA_CONV2D:
        case NNX_OP_TOSA_CONV3D:
        case NNX_OP_TOSA_DEPTHWISE_CONV2D:
        case NNX_OP_TOSA_TRANSPOSE_CONV2D:
        case NNX_OP_TOSA_MATMUL:
        case NNX_OP_TOSA_RESIZE:
        case NNX_OP_FFT2D:
        case NNX_OP_RFFT2D: return true;
        case NNX_OP_CAST:
            if (n->attrs.cast.rounding == NNX_CAST_NEAREST_EVEN)
                return true;
            break;
        case NNX_OP_MAX:
        case NNX_OP_MIN:
            if (n->attrs.nan.nan_mode == NNX_NAN_IGNORE)
                return true;
            break;
        case NNX_OP_CLAMP:
            if (n->attrs.clamp.nan_mode == NNX_NAN_IGNORE)
                return true;
            break;
        case NNX_OP_REDUCE_MAX:
        case NNX_OP_REDUCE_MIN:
            if (n->attrs.reduce.nan_mode == NNX_NAN_IGNORE)
                return true;
            break;
        case NNX_OP_REDUCE_ARGMAX:
            if (n->attrs.arg_reduce.nan_mode == NNX_NAN_IGNORE)
                return true;
            break;
        case NNX_OP_MAX_POOL:
            if (n->attrs.pool.nan_mode == NNX_NAN_IGNORE)
                return true;
            break;
        default: break;
        }
    }
    return false;
}

/* ---------------------------------------------------------------- values */

static nnx_status ints(nnx_nnef_lower *L, const char *name, const int64_t *v, uint32_t n, arg *a)
{
    a->name = name;
    return nnx_nnef_lower_ints(L, v, n, &a->value);
}

static nnx_status u32s(nnx_nnef_lower *L, const char *name, const uint32_t *v, uint32_t n, arg *a)
{
    int64_t w[2 * NNX_MAX_RANK];
    for (uint32_t i = 0; i < n; i++)
        w[i] = v[i];
    return ints(L, name, w, n, a);
}

static nnx_status i32s(nnx_nnef_lower *L, const char *name, const int32_t *v, uint32_t n, arg *a)
{
    int64_t w[2 * NNX_MAX_RANK];
    for (uint32_t i = 0; i < n; i++)
        w[i] = v[i];
    return ints(L, name, w, n, a);
}

static nnx_status axes(nnx_nnef_lower *L, uint32_t mask, arg *a)
{
    int64_t w[32];
    uint32_t n = 0;
    for (uint32_t i = 0; i < 32; i++)
        if (mask & (1u << i))
            w[n++] = i;
    return ints(L, "axes", w, n, a);
}

/* A scalar of a dtype kind as exact text: "%a" for floats (inf, nan too), decimal for ints. */
static nnx_status scalar(nnx_nnef_lower *L, const char *name, nnx_dtype dt, nnx_scalar v, arg *a)
{
    char buf[64];
    switch (nnx_dtype_kind_of(dt)) {
    case NNX_KIND_FLOAT: snprintf(buf, sizeof buf, "%a", v.f); break;
    case NNX_KIND_SINT: snprintf(buf, sizeof buf, "%lld", (long long)v.i); break;
    default: snprintf(buf, sizeof buf, "%llu", (unsigned long long)v.u); break;
    }
    const char *s = nnx_arena_strdup(&L->g->arena, buf);
    if (!s)
        return nnx_nnef_lower_oom(L);
    *a = (arg){name, nnx_nnef_v_string(s)};
    return NNX_OK;
}

static arg str(const char *name, const char *s) { return (arg){name, nnx_nnef_v_string(s)}; }
static arg lgc(const char *name, bool v) { return (arg){name, nnx_nnef_v_logical(v)}; }
static arg nan_arg(nnx_nan_mode m) { return str("nan_mode", m == NNX_NAN_IGNORE ? "ignore" : "propagate"); }
static const char *dt_name(nnx_dtype dt) { return dt ? nnx_dtype_name(dt) : "default"; }

/* The attribute arguments of node n (kind k) into a[], their count into *n_a. */
static nnx_status attrs(nnx_nnef_lower *L, const nnx_node *n, nnx_tosa_nnef_attrs k, arg *a, uint32_t *n_a)
{
    const nnx_attrs *t = &n->attrs;
    const nnx_operand_desc *x = &L->ir->values[n->in[0]].desc;
    nnx_dtype xdt = x->dtype;
    nnx_status st = NNX_OK;
    uint32_t c = 0;
    static const char *const pad_modes[] = {"constant", "edge", "reflect", "symmetric"};
    static const char *const rounds[] = {"single_round", "inexact_round", "double_round"};
    switch (k) {
    case NNX_TN_NONE: break;
    case NNX_TN_NAN: a[c++] = nan_arg(t->nan.nan_mode); break;
    case NNX_TN_SHIFT: a[c++] = lgc("round", t->shift.round); break;
    case NNX_TN_CLAMP:
        st = scalar(L, "lo", xdt, t->clamp.lo, &a[c++]);
        if (st == NNX_OK)
            st = scalar(L, "hi", xdt, t->clamp.hi, &a[c++]);
        a[c++] = nan_arg(t->clamp.nan_mode);
        break;
    case NNX_TN_CAST:
        /* the fragment has TOSA CAST's rounding only: ONNX Cast's saturate, round_mode and
         * sub-byte wrapping have no spelling in the extension */
        if (t->cast.saturation != NNX_CAST_SATURATION_DEFAULT || t->cast.wrap ||
            t->cast.e8m0_rounding != NNX_E8M0_ROUND_UP)
            return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                       "the nnx TOSA extension's cast has no saturate, round_mode or wrap argument");
        a[c++] = str("rounding", t->cast.rounding == NNX_CAST_NEAREST_EVEN ? "nearest_even" : "truncate");
        break;
    case NNX_TN_REDUCE:
        st = axes(L, t->reduce.axes_mask, &a[c++]);
        a[c++] = lgc("keep_dims", t->reduce.keep_dims);
        a[c++] = nan_arg(t->reduce.nan_mode);
        break;
    case NNX_TN_ARG_REDUCE:
        st = axes(L, t->arg_reduce.axes_mask, &a[c++]);
        a[c++] = lgc("keep_dims", t->arg_reduce.keep_dims);
        a[c++] = nan_arg(t->arg_reduce.nan_mode);
        break;
    case NNX_TN_POOL: {
        const nnx_attr_pool *p = &t->pool;
        uint32_t os[2] = {p->has_output_sizes ? p->output_sizes[0] : 0, p->has_output_sizes ? p->output_sizes[1] : 0};
        if ((st = u32s(L, "window", p->window, 2, &a[c++])) == NNX_OK &&
            (st = u32s(L, "padding", p->pads, 4, &a[c++])) == NNX_OK &&
            (st = u32s(L, "stride", p->strides, 2, &a[c++])) == NNX_OK &&
            (st = u32s(L, "dilation", p->dilations, 2, &a[c++])) == NNX_OK)
            st = u32s(L, "output_sizes", os, 2, &a[c++]);
        a[c++] = str("layout", p->layout == NNX_LAYOUT_NHWC ? "nhwc" : "nchw");
        a[c++] = str("rounding", p->rounding == NNX_ROUNDING_CEIL ? "ceil" : "floor");
        a[c++] = nan_arg(p->nan_mode);
        break;
    }
    case NNX_TN_RESHAPE: st = u32s(L, "shape", t->reshape.shape, t->reshape.rank, &a[c++]); break;
    case NNX_TN_TRANSPOSE: st = u32s(L, "perm", t->transpose.perm, x->rank, &a[c++]); break;
    case NNX_TN_AXIS: a[c++] = (arg){"axis", nnx_nnef_v_int(t->axis.axis)}; break;
    case NNX_TN_SLICE:
        if ((st = u32s(L, "starts", t->slice.starts, x->rank, &a[c++])) == NNX_OK &&
            (st = u32s(L, "sizes", t->slice.sizes, x->rank, &a[c++])) == NNX_OK)
            st = u32s(L, "strides", t->slice.strides, x->rank, &a[c++]);
        break;
    case NNX_TN_PAD:
        if ((st = i32s(L, "begin", t->pad.begin, x->rank, &a[c++])) == NNX_OK &&
            (st = i32s(L, "end", t->pad.end, x->rank, &a[c++])) == NNX_OK)
            st = scalar(L, "value", xdt, t->pad.value, &a[c++]);
        a[c++] = str("mode", t->pad.mode <= NNX_PAD_SYMMETRIC ? pad_modes[t->pad.mode] : "constant");
        break;
    case NNX_TN_TILE: st = u32s(L, "repeats", t->tile.repeats, x->rank, &a[c++]); break;
    case NNX_TN_REVERSE: st = axes(L, t->reverse.axes_mask, &a[c++]); break;
    case NNX_TN_RESCALE: {
        const nnx_attr_rescale *r = &t->rescale;
        a[c++] = lgc("scale32", r->scale32), a[c++] = lgc("per_channel", r->per_channel);
        a[c++] = lgc("input_unsigned", r->input_unsigned), a[c++] = lgc("output_unsigned", r->output_unsigned);
        a[c++] = str("rounding_mode", r->rounding <= NNX_RESCALE_DOUBLE_ROUND ? rounds[r->rounding] : "single_round");
        break;
    }
    case NNX_TN_TOSA_POOL:
        if ((st = u32s(L, "kernel", t->tosa_pool.kernel, 2, &a[c++])) == NNX_OK &&
            (st = u32s(L, "stride", t->tosa_pool.stride, 2, &a[c++])) == NNX_OK)
            st = u32s(L, "pad", t->tosa_pool.pad, 4, &a[c++]);
        a[c++] = str("acc_type", dt_name(t->tosa_pool.acc_type));
        break;
    case NNX_TN_TOSA_CONV:
        if ((st = i32s(L, "pad", t->tosa_conv.pad, 6, &a[c++])) == NNX_OK &&
            (st = u32s(L, "stride", t->tosa_conv.stride, 3, &a[c++])) == NNX_OK)
            st = u32s(L, "dilation", t->tosa_conv.dilation, 3, &a[c++]);
        a[c++] = str("acc_type", dt_name(t->tosa_conv.acc_type));
        break;
    case NNX_TN_TOSA_MATMUL: a[c++] = str("acc_type", dt_name(t->tosa_matmul.acc_type)); break;
    case NNX_TN_TOSA_RESIZE:
        a[c++] = str("mode", t->tosa_resize.mode == NNX_TOSA_RESIZE_BILINEAR ? "bilinear" : "nearest");
        if ((st = i32s(L, "scale", t->tosa_resize.scale, 4, &a[c++])) == NNX_OK &&
            (st = i32s(L, "offset", t->tosa_resize.offset, 2, &a[c++])) == NNX_OK)
            st = i32s(L, "border", t->tosa_resize.border, 2, &a[c++]);
        break;
    case NNX_TN_FFT: a[c++] = lgc("inverse", t->fft.inverse); break;
    }
    *n_a = c;
    return st;
}

/* ---------------------------------------------------------------- tensors */

static const char *item_name(nnx_nnef_type_kind k)
{
    return k == NNX_NNEF_TYPE_INTEGER ? "integer" : k == NNX_NNEF_TYPE_LOGICAL ? "logical" : "scalar";
}

static nnx_status add_op(nnx_nnef_lower *L, const char *name, const arg *a, uint32_t n_a, const uint32_t *results,
                         uint32_t n_r)
{
    nnx_arena *ar = &L->g->arena;
    nnx_nnef_flat_op o = {.name = nnx_arena_strdup(ar, name), .n_args = n_a, .n_results = n_r, .custom = true};
    o.args = nnx_arena_array(ar, n_a, sizeof *o.args);
    o.results = nnx_arena_array(ar, n_r, sizeof *o.results);
    if (!o.name || !o.args || !o.results)
        return nnx_nnef_lower_oom(L);
    for (uint32_t i = 0; i < n_a; i++)
        o.args[i] = (nnx_nnef_arg){a[i].name, a[i].value,
                                   a[i].value.kind == NNX_NNEF_VALUE_TENSOR ||
                                       (a[i].value.kind == NNX_NNEF_VALUE_ARRAY && i == 0)};
    static const char *const rnames[2] = {"output0", "output1"};
    for (uint32_t r = 0; r < n_r; r++)
        o.results[r] = (nnx_nnef_arg){n_r == 1 ? "output" : rnames[r], nnx_nnef_v_tensor(results[r]), true};
    uint32_t index;
    L->g->has_custom_ops = true;
    return nnx_nnef_flat_add_op(L->g, &o, &index) == NNX_OK ? NNX_OK : nnx_nnef_lower_oom(L);
}

/* A tensor<scalar> for an op result shaped like d, named after its graph output if any. */
static nnx_status result_tensor(nnx_nnef_lower *L, uint32_t value, const char *name, uint32_t *t)
{
    nnx_operand_desc d = L->ir->values[value].desc;
    d.dtype = NNX_FLOAT32; /* NNEF item type scalar: the exact type is the `dtype` argument */
    return nnx_nnef_lower_tensor(L, name, &d, t);
}

/* The tensor an operation reads for value v: graph inputs and constants go through one
 * tosa_typed_<item> call each (found again on later uses). */
static nnx_status operand(nnx_nnef_lower *L, uint32_t v, uint32_t *out)
{
    uint32_t t = L->tensor_of[v];
    nnx_value_kind kind = L->ir->values[v].kind;
    if (t == NNX_NONE)
        return nnx_nnef_lower_fail(L, NNX_ERROR_INVALID_ARGUMENT, "value #%u was not written before its use", v);
    if (kind == NNX_VALUE_NODE) {
        *out = t;
        return NNX_OK;
    }
    for (uint32_t k = 0; k < L->g->n_ops; k++) {
        const nnx_nnef_flat_op *o = &L->g->ops[k];
        if (strncmp(o->name, "tosa_typed_", 11) == 0 && o->args[0].value.u.tensor == t) {
            *out = o->results[0].value.u.tensor;
            return NNX_OK;
        }
    }
    char name[32];
    snprintf(name, sizeof name, "tosa_typed_%s", item_name(L->g->tensors[t].dtype));
    nnx_status st = result_tensor(L, v, NULL, out);
    arg a[2] = {{"input", nnx_nnef_v_tensor(t)}, str("dtype", nnx_dtype_name(L->ir->values[v].desc.dtype))};
    return st == NNX_OK ? add_op(L, name, a, 2, out, 1) : st;
}

nnx_status nnx_nnef_tosa_emit(nnx_nnef_lower *L)
{
    const nnx_node *n = L->node;
    nnx_tosa_nnef_attrs kind;
    if (!nnx_tosa_nnef_op(n->op, &kind))
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "the nnx TOSA extension has no fragment for %s",
                                   nnx_op_table[n->op].name);
    uint32_t *in = nnx_arena_array(&L->g->arena, n->n_in ? n->n_in : 1, sizeof *in), n_in = 0;
    if (!in)
        return nnx_nnef_lower_fail(L, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; st == NNX_OK && i < n->n_in; i++) {
        if (n->in[i] == NNX_NONE) {
            for (uint32_t j = i; j < n->n_in; j++)
                if (n->in[j] != NNX_NONE)
                    return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                               "input %u is absent but a later one is given: the tosa_ fragments "
                                               "take their inputs as one list",
                                               i);
            break;
        }
        st = operand(L, n->in[i], &in[n_in++]);
    }
    arg a[20];
    uint32_t n_a = 1, more = 0;
    a[0].name = "input";
    if (st == NNX_OK)
        st = nnx_nnef_lower_tensors(L, in, n_in, &a[0].value);
    if (st == NNX_OK)
        st = attrs(L, n, kind, a + 1, &more);
    n_a += more;
    a[n_a++] = str("dtype", nnx_dtype_name(L->ir->values[n->out[0]].desc.dtype));
    uint32_t r[2];
    for (uint32_t k = 0; st == NNX_OK && k < n->n_out && k < 2; k++) {
        st = result_tensor(L, n->out[k], L->output_name[n->out[k]], &r[k]);
        L->tensor_of[n->out[k]] = r[k];
    }
    char name[64];
    fragment_name(n->op, name, sizeof name);
    return st == NNX_OK ? add_op(L, name, a, n_a, r, n->n_out < 2 ? n->n_out : 2) : st;
}
