/* tosa_lower.c — the reader side of the nnx TOSA extension of NNEF (tosa_nnef.h,
 * docs/TOSA-NNEF.md): a flat graph whose custom operations are all tosa_ fragments is
 * lowered here, whole, into the core operations the fragments name. Shapes come from core
 * inference (NNEF shape propagation stops at custom operations); element types come from
 * the `dtype` arguments: a graph input or variable takes the dtype of the tosa_typed_<item>
 * call that reads it, and its tensor file is decoded into that type. Also handles external,
 * variable, update and copy, the standard operations such documents contain. */
#include "formats/nnef/lower/lower_internal.h"
#include "formats/nnef/files/tensor_file.h"
#include "formats/nnef/lower/tosa_nnef.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/alloc.h"
#include "ir/dtypes.h"

bool nnx_nnef_tosa_document(const nnx_nnef_flat *g)
{
    bool any = false;
    for (uint32_t i = 0; i < g->n_ops; i++)
        if (g->ops[i].custom) {
            if (strncmp(g->ops[i].name, "tosa_", 5) != 0)
                return false;
            any = true;
        }
    return any;
}

static nnx_status bad(lowerer *L, const char *fmt, const char *what)
{
    return nnx_nnef_error_at(L->err, NNX_ERROR_INVALID_MODEL, L->g->filename, L->op->pos, fmt, L->op->name, what);
}

/* The dtype a tosa_typed_ call gives tensor t, or its NNEF type's core dtype. */
static nnx_dtype typed_dtype(lowerer *L, uint32_t t)
{
    for (uint32_t k = 0; k < L->g->n_ops; k++) {
        const nnx_nnef_flat_op *o = &L->g->ops[k];
        if (strncmp(o->name, "tosa_typed_", 11) == 0 && o->n_args >= 2 &&
            o->args[0].value.kind == NNX_NNEF_VALUE_TENSOR && o->args[0].value.u.tensor == t &&
            o->args[1].value.kind == NNX_NNEF_VALUE_STRING)
            return nnx_tosa_nnef_dtype(o->args[1].value.u.string);
    }
    return lw_core_dtype(L->g->tensors[t].dtype);
}

static nnx_status external(lowerer *L)
{
    uint32_t t, id;
    const nnx_nnef_flat_tensor *tensor = lw_result_tensor(L, "output", &t);
    nnx_operand_desc d = lw_tensor_desc(tensor);
    if ((d.dtype = typed_dtype(L, t)) == NNX_DTYPE_UNDEFINED)
        return bad(L, "%s: %s", "the tosa_typed_ call of this input names no nnx dtype");
    nnx_status st = nnx_ir_add_input(L->ir, tensor->name, &d, &id, L->err);
    if (st == NNX_OK)
        L->value_of[t] = id;
    return st;
}

/* A variable decoded into its typed dtype (lw_variable: variables of one label share one
 * constant). */
static nnx_status variable(lowerer *L)
{
    uint32_t t;
    lw_result_tensor(L, "output", &t);
    nnx_dtype dtype = typed_dtype(L, t);
    if (dtype == NNX_DTYPE_UNDEFINED)
        return lw_unsupported(L, "the variable's type or size is not supported");
    return lw_variable(L, dtype);
}

static nnx_status update(lowerer *L)
{
    const nnx_nnef_value *var = lw_arg(L, "variable"), *val = lw_arg(L, "value");
    if (!var || var->kind != NNX_NNEF_VALUE_TENSOR || !val || val->kind != NNX_NNEF_VALUE_TENSOR)
        return lw_unsupported(L, "the updated argument is not a variable");
    uint32_t target = L->value_of[var->u.tensor], value = L->value_of[val->u.tensor];
    nnx_error why = {0};
    nnx_status st = nnx_ir_add_update(L->ir, target, value, &why);
    if (st != NNX_OK)
        return nnx_nnef_error_at(L->err, st, L->g->filename, L->op->pos, "update: %s", why.message);
    uint32_t t;
    lw_result_tensor(L, "result", &t);
    L->value_of[t] = value;
    return NNX_OK;
}

/* copy (an output that is another tensor): a reshape to the same shape. */
static nnx_status copy(lowerer *L)
{
    const nnx_nnef_value *x = lw_arg(L, "x");
    if (!x || x->kind != NNX_NNEF_VALUE_TENSOR || L->value_of[x->u.tensor] == NNX_NONE)
        return lw_unsupported(L, "copy of a non-tensor");
    uint32_t v = L->value_of[x->u.tensor], y, t;
    const nnx_operand_desc *d = &L->ir->values[v].desc;
    nnx_status st = lw_reshape_to(L, v, d->shape, d->rank, &y);
    if (st == NNX_OK && lw_result_tensor(L, L->op->results[0].name, &t))
        L->value_of[t] = y;
    return st;
}

/* ---------------------------------------------------------------- attributes */

static bool logical(lowerer *L, const char *name)
{
    const nnx_nnef_value *v = lw_arg(L, name);
    return v && v->kind == NNX_NNEF_VALUE_LOGICAL && v->u.logical;
}

/* integer[] of exactly n items (n = UINT32_MAX: any count up to max) into u32 / i32. */
static bool list(lowerer *L, const char *name, int64_t *v, uint32_t n, uint32_t max, uint32_t *count)
{
    int32_t got = lw_ints_arg(L, name, v, max);
    if (got < 0 || (n != UINT32_MAX && (uint32_t)got != n))
        return false;
    if (count)
        *count = (uint32_t)got;
    return true;
}

static bool u32_list(lowerer *L, const char *name, uint32_t *out, uint32_t n)
{
    int64_t v[2 * NNX_MAX_RANK];
    if (!list(L, name, v, n, 2 * NNX_MAX_RANK, NULL))
        return false;
    for (uint32_t i = 0; i < n; i++) {
        if (v[i] < 0 || v[i] > UINT32_MAX)
            return false;
        out[i] = (uint32_t)v[i];
    }
    return true;
}

static bool i32_list(lowerer *L, const char *name, int32_t *out, uint32_t n)
{
    int64_t v[2 * NNX_MAX_RANK];
    if (!list(L, name, v, n, 2 * NNX_MAX_RANK, NULL))
        return false;
    for (uint32_t i = 0; i < n; i++) {
        if (v[i] < INT32_MIN || v[i] > INT32_MAX)
            return false;
        out[i] = (int32_t)v[i];
    }
    return true;
}

static bool axes_mask(lowerer *L, uint32_t *mask)
{
    int64_t v[32];
    uint32_t n;
    if (!list(L, "axes", v, UINT32_MAX, 32, &n))
        return false;
    *mask = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (v[i] < 0 || v[i] >= 32)
            return false;
        *mask |= 1u << v[i];
    }
    return true;
}

static nnx_nan_mode nan_mode(lowerer *L)
{
    return strcmp(lw_string_arg(L, "nan_mode"), "ignore") == 0 ? NNX_NAN_IGNORE : NNX_NAN_PROPAGATE;
}

/* An exact scalar string ("%a" or decimal) for a value of dtype dt. */
static bool scalar(lowerer *L, const char *name, nnx_dtype dt, nnx_scalar *out)
{
    const char *s = lw_string_arg(L, name);
    char *end;
    if (!*s)
        return false;
    switch (nnx_dtype_kind_of(dt)) {
    case NNX_KIND_FLOAT: out->f = strtod(s, &end); break;
    case NNX_KIND_SINT: out->i = strtoll(s, &end, 10); break;
    default: out->u = strtoull(s, &end, 10); break;
    }
    return *end == '\0';
}

static bool acc_type(lowerer *L, nnx_dtype *out)
{
    const char *s = lw_string_arg(L, "acc_type");
    *out = strcmp(s, "default") == 0 ? NNX_DTYPE_UNDEFINED : nnx_tosa_nnef_dtype(s);
    return *out != NNX_DTYPE_UNDEFINED || strcmp(s, "default") == 0;
}

static int choice(lowerer *L, const char *name, const char *const *names, int n)
{
    const char *s = lw_string_arg(L, name);
    for (int i = 0; i < n; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

/* The core attributes of the op (kind k) from its arguments; false on a malformed one. */
static bool read_attrs(lowerer *L, nnx_tosa_nnef_attrs k, const nnx_operand_desc *x, nnx_attrs *t)
{
    static const char *const pad_modes[] = {"constant", "edge", "reflect", "symmetric"};
    static const char *const rounds[] = {"single_round", "inexact_round", "double_round"};
    static const char *const casts[] = {"truncate", "nearest_even"};
    int c;
    memset(t, 0, sizeof *t);
    switch (k) {
    case NNX_TN_NONE: return true;
    case NNX_TN_NAN: t->nan.nan_mode = nan_mode(L); return true;
    case NNX_TN_SHIFT: t->shift.round = logical(L, "round"); return true;
    case NNX_TN_CLAMP:
        t->clamp.nan_mode = nan_mode(L);
        return scalar(L, "lo", x->dtype, &t->clamp.lo) && scalar(L, "hi", x->dtype, &t->clamp.hi);
    case NNX_TN_CAST:
        if ((c = choice(L, "rounding", casts, 2)) < 0)
            return false;
        t->cast.rounding = (nnx_cast_rounding)c;
        t->cast.to = nnx_tosa_nnef_dtype(lw_string_arg(L, "dtype"));
        return true;
    case NNX_TN_REDUCE:
        t->reduce.keep_dims = logical(L, "keep_dims"), t->reduce.nan_mode = nan_mode(L);
        return axes_mask(L, &t->reduce.axes_mask);
    case NNX_TN_ARG_REDUCE:
        t->arg_reduce.keep_dims = logical(L, "keep_dims"), t->arg_reduce.nan_mode = nan_mode(L);
        t->arg_reduce.index_dtype = nnx_tosa_nnef_dtype(lw_string_arg(L, "dtype"));
        return axes_mask(L, &t->arg_reduce.axes_mask);
    case NNX_TN_POOL: {
        nnx_attr_pool *p = &t->pool;
        uint32_t os[2];
        p->layout = strcmp(lw_string_arg(L, "layout"), "nhwc") == 0 ? NNX_LAYOUT_NHWC : NNX_LAYOUT_NCHW;
        p->rounding = strcmp(lw_string_arg(L, "rounding"), "ceil") == 0 ? NNX_ROUNDING_CEIL : NNX_ROUNDING_FLOOR;
        p->nan_mode = nan_mode(L);
        if (!u32_list(L, "window", p->window, 2) || !u32_list(L, "padding", p->pads, 4) ||
            !u32_list(L, "stride", p->strides, 2) || !u32_list(L, "dilation", p->dilations, 2) ||
            !u32_list(L, "output_sizes", os, 2))
            return false;
        p->has_output_sizes = os[0] || os[1];
        p->output_sizes[0] = os[0], p->output_sizes[1] = os[1];
        return true;
    }
    case NNX_TN_RESHAPE: {
        int64_t v[NNX_MAX_RANK];
        uint32_t n;
        if (!list(L, "shape", v, UINT32_MAX, NNX_MAX_RANK, &n))
            return false;
        t->reshape.rank = n;
        for (uint32_t i = 0; i < n; i++) {
            if (v[i] < 1 || v[i] > UINT32_MAX)
                return false;
            t->reshape.shape[i] = (uint32_t)v[i];
        }
        return true;
    }
    case NNX_TN_TRANSPOSE: return u32_list(L, "perm", t->transpose.perm, x->rank);
    case NNX_TN_AXIS: {
        int64_t a = lw_int_arg(L, "axis");
        t->axis.axis = (uint32_t)a;
        return a >= 0 && a < NNX_MAX_RANK;
    }
    case NNX_TN_SLICE:
        return u32_list(L, "starts", t->slice.starts, x->rank) && u32_list(L, "sizes", t->slice.sizes, x->rank) &&
            u32_list(L, "strides", t->slice.strides, x->rank);
    case NNX_TN_PAD:
        if ((c = choice(L, "mode", pad_modes, 4)) < 0)
            return false;
        t->pad.mode = (nnx_pad_mode)c;
        return i32_list(L, "begin", t->pad.begin, x->rank) && i32_list(L, "end", t->pad.end, x->rank) &&
            scalar(L, "value", x->dtype, &t->pad.value);
    case NNX_TN_TILE: return u32_list(L, "repeats", t->tile.repeats, x->rank);
    case NNX_TN_REVERSE: return axes_mask(L, &t->reverse.axes_mask);
    case NNX_TN_RESCALE:
        if ((c = choice(L, "rounding_mode", rounds, 3)) < 0)
            return false;
        t->rescale = (nnx_attr_rescale){logical(L, "scale32"), logical(L, "per_channel"), logical(L, "input_unsigned"),
                                        logical(L, "output_unsigned"), (nnx_rescale_rounding)c};
        return true;
    case NNX_TN_TOSA_POOL:
        return u32_list(L, "kernel", t->tosa_pool.kernel, 2) && u32_list(L, "stride", t->tosa_pool.stride, 2) &&
            u32_list(L, "pad", t->tosa_pool.pad, 4) && acc_type(L, &t->tosa_pool.acc_type);
    case NNX_TN_TOSA_CONV:
        return i32_list(L, "pad", t->tosa_conv.pad, 6) && u32_list(L, "stride", t->tosa_conv.stride, 3) &&
            u32_list(L, "dilation", t->tosa_conv.dilation, 3) && acc_type(L, &t->tosa_conv.acc_type);
    case NNX_TN_TOSA_MATMUL: return acc_type(L, &t->tosa_matmul.acc_type);
    case NNX_TN_TOSA_RESIZE:
        t->tosa_resize.mode = strcmp(lw_string_arg(L, "mode"), "bilinear") == 0 ? NNX_TOSA_RESIZE_BILINEAR
                                                                                : NNX_TOSA_RESIZE_NEAREST;
        return i32_list(L, "scale", t->tosa_resize.scale, 4) && i32_list(L, "offset", t->tosa_resize.offset, 2) &&
            i32_list(L, "border", t->tosa_resize.border, 2);
    case NNX_TN_FFT: t->fft.inverse = logical(L, "inverse"); return true;
    }
    return false;
}

/* ---------------------------------------------------------------- operations */

static nnx_status typed(lowerer *L)
{
    const nnx_nnef_value *x = lw_arg(L, "input");
    uint32_t t;
    if (!x || x->kind != NNX_NNEF_VALUE_TENSOR || L->value_of[x->u.tensor] == NNX_NONE ||
        !lw_result_tensor(L, "output", &t))
        return bad(L, "%s: %s", "its input is not a graph input or variable");
    uint32_t v = L->value_of[x->u.tensor];
    if (L->ir->values[v].desc.dtype != nnx_tosa_nnef_dtype(lw_string_arg(L, "dtype")))
        return bad(L, "%s: %s", "dtype differs from the tensor's");
    L->value_of[t] = v;
    return NNX_OK;
}

static nnx_status fragment(lowerer *L)
{
    nnx_op op;
    nnx_tosa_nnef_attrs kind;
    if (!nnx_tosa_nnef_find(L->op->name, &op) || !nnx_tosa_nnef_op(op, &kind))
        return lw_unsupported(L, "it is not a fragment of the nnx TOSA extension (docs/TOSA-NNEF.md)");
    const nnx_nnef_value *in = lw_arg(L, "input");
    /* as many inputs as the operation takes (CONCAT: any number, one per list item) */
    if (!in || in->kind != NNX_NNEF_VALUE_ARRAY || in->count == 0 || in->count < nnx_op_table[op].in_min ||
        in->count > nnx_op_table[op].in_max)
        return bad(L, "%s: %s", "'input' is not a list of as many tensors as the operation takes");
    uint32_t n = in->count, *ids = nnx_mem_alloc(L->ir->alloc, (size_t)n * sizeof *ids);
    if (!ids)
        return nnx_error_set(L->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", L->g->filename);
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; i < n && st == NNX_OK; i++) {
        const nnx_nnef_value *v = &in->u.items[i];
        if (v->kind != NNX_NNEF_VALUE_TENSOR || L->value_of[v->u.tensor] == NNX_NONE)
            st = bad(L, "%s: %s", "an input is not a computed tensor");
        else
            ids[i] = L->value_of[v->u.tensor];
    }
    nnx_attrs attrs;
    uint32_t n_out = L->op->n_results, first;
    if (st == NNX_OK && !read_attrs(L, kind, &L->ir->values[ids[0]].desc, &attrs))
        st = bad(L, "%s: %s", "an attribute is missing or malformed (docs/TOSA-NNEF.md)");
    else if (st == NNX_OK && nnx_op_table[op].n_out && n_out != nnx_op_table[op].n_out)
        st = bad(L, "%s: %s", "the fragment declares another number of results than the operation has");
    if (st == NNX_OK)
        st = lw_node(L, op, ids, n, &attrs, n_out, &first);
    nnx_mem_free(L->ir->alloc, ids);
    if (st != NNX_OK)
        return st;
    nnx_dtype want = nnx_tosa_nnef_dtype(lw_string_arg(L, "dtype"));
    if (L->ir->values[first].desc.dtype != want)
        return bad(L, "%s: %s", "the core operation's result type differs from 'dtype'");
    for (uint32_t r = 0; r < n_out; r++) {
        const nnx_nnef_value *v = &L->op->results[r].value;
        if (v->kind != NNX_NNEF_VALUE_TENSOR)
            return bad(L, "%s: %s", "a result is not a tensor");
        L->value_of[v->u.tensor] = first + r;
    }
    return NNX_OK;
}

nnx_status nnx_nnef_tosa_lower(const nnx_nnef_model *m, nnx_ir *ir, uint32_t *outputs, nnx_error *err)
{
    const nnx_nnef_flat *g = &m->flat;
    lowerer L = {.m = m, .g = g, .ir = ir, .err = err};
    L.value_of = nnx_mem_alloc(ir->alloc, (g->n_tensors + 1) * sizeof *L.value_of);
    if (!L.value_of)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", g->filename);
    for (uint32_t t = 0; t < g->n_tensors; t++)
        L.value_of[t] = NNX_NONE;
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; i < g->n_ops && st == NNX_OK; i++) {
        L.op = &g->ops[i];
        const char *name = L.op->name;
        if (strcmp(name, "external") == 0)
            st = external(&L);
        else if (strcmp(name, "variable") == 0)
            st = variable(&L);
        else if (strcmp(name, "update") == 0)
            st = update(&L);
        else if (strcmp(name, "copy") == 0)
            st = copy(&L);
        else if (strncmp(name, "tosa_typed_", 11) == 0)
            st = typed(&L);
        else if (strncmp(name, "tosa_", 5) == 0)
            st = fragment(&L);
        else
            st = lw_unsupported(&L,
                                "an nnx TOSA document holds only tosa_ fragments, external, variable, update "
                                "and copy (docs/TOSA-NNEF.md)");
    }
    for (uint32_t i = 0; i < g->n_outputs && st == NNX_OK; i++)
        if ((outputs[i] = L.value_of[g->outputs[i]]) == NNX_NONE)
            st = nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: output '%s' is never computed", g->filename,
                               g->tensors[g->outputs[i]].name);
    if (st == NNX_OK)
        st = lw_record_names(&L);
    nnx_mem_free(ir->alloc, L.value_of);
    return st;
}
