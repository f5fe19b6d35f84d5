/* lower.c — NNEF flat graph to core IR (see lower.h). One handler per NNEF operation; each
 * reads the op's evaluated arguments and adds core nodes with the same meaning:
 *  - element-wise ops map one to one (NNEF 1.0.2 §4.2): unary (incl. rcp, sin, cos, sign,
 *    round, not), binary, comparisons lt/gt/le/ge/eq/ne, and/or, select -> where;
 *  - operands of lower rank get trailing 1s (NNEF broadcasts trailing singletons, §3.0, the
 *    core numpy-style leading ones, so equal ranks make both agree);
 *  - a literal in a tensor position becomes a rank-0 constant of the operand's type
 *    (comparisons compare tensor<scalar>, so their literals are float32);
 *  - conv and deconv map to the core's N-D conv / deconv (a non-constant border pads the
 *    input with core pad first, lower_window.c); max_pool and avg_pool map to the 2-D core pools when they fit (rank 4, no padding or border
 *    'ignore', windows only over H and W), otherwise to their chapter-4 bodies:
 *    max_pool = argmax_pool + sample, avg_pool = box(normalize = true);
 *  - box, argmax_pool (int32 index within the window, row-major over size), sample ->
 *    the core window ops over every dimension, automatic padding resolved per dimension;
 *  - argmax_reduce/argmin_reduce -> reduce_argmax/argmin with int32 indices (flattened
 *    row-major over the axes, NNEF decision 26), all_reduce/any_reduce -> reduce_all/any;
 *  - pad -> pad (border 'constant' with its value, 'replicate' = edge, 'reflect',
 *    'reflect-even' = symmetric; negative padding crops; a reflection past the extent is
 *    rejected, NNEF decision 23); tile -> tile;
 *  - stack = a reshape inserting the axis per input, then concat; unstack = split into
 *    extent-1 parts, then a reshape dropping the axis from each;
 *  - avg_roi_pool, max_roi_pool, roi_resample -> the core RoI ops (lower_roi.c); the
 *    roi_align compounds expand to roi_resample + pooling (stdlib_text.c, NNEF 1.0.2
 *    §4.6.2, decision 18);
 *  - matmul of rank 2 -> gemm, batched -> matmul (transposed operands via transpose);
 *    softmax over one axis -> softmax, over any other set -> its chapter-4 body;
 *  - variable -> a constant shared by every variable of its label; update records the new
 *    value for after the run (nnx_ir_add_update);
 *  - with NNX_MODEL_APPLY_QUANTIZATION, graph.quant's ops follow the tensors they name
 *    (lower_quant.c);
 *  - shapes come from NNEF shape propagation and are checked against core inference.
 * What the core cannot express (custom operations, argument combinations the NNEF
 * decisions exclude under "What the flat graph keeps") is NNX_ERROR_NOT_SUPPORTED ("nnx
 * cannot run 'op' yet: reason"). The sliding-window handlers are in lower_window.c; debox,
 * desample, multilinear_upsample and the native down-samplers in lower_sampling.c. */
#include "formats/nnef/lower/lower_internal.h"
#include "formats/nnef/shapes/shapes.h"
#include "formats/nnef/lower/tosa_nnef.h"
#include "formats/nnef/syntax/nnx_ops.h"
#include "ir/dtypes.h"
#include "ops/graph_build.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* ---------------------------------------------------------------- tensor-introducing */

static nnx_status lower_external(lowerer *L)
{
    uint32_t t, id;
    const nnx_nnef_flat_tensor *tensor = lw_result_tensor(L, "output", &t);
    nnx_operand_desc d = lw_tensor_desc(tensor);
    nnx_status st = nnx_ir_add_input(L->ir, tensor->name, &d, &id, L->err);
    if (st == NNX_OK)
        L->value_of[t] = id;
    return st;
}

/* One item of a constant's value list, stored as dtype. */
static bool store_item(const nnx_nnef_value *v, nnx_dtype dt, unsigned char *dst)
{
    switch (dt) {
    case NNX_FLOAT32: {
        float f = v->kind == NNX_NNEF_VALUE_SCALAR ? (float)v->u.scalar : (float)v->u.integer;
        memcpy(dst, &f, 4);
        return v->kind == NNX_NNEF_VALUE_SCALAR || v->kind == NNX_NNEF_VALUE_INTEGER;
    }
    case NNX_INT32: {
        int32_t i = (int32_t)v->u.integer;
        memcpy(dst, &i, 4);
        return v->kind == NNX_NNEF_VALUE_INTEGER;
    }
    default: *dst = v->u.logical; return v->kind == NNX_NNEF_VALUE_LOGICAL;
    }
}

static nnx_status lower_constant(lowerer *L)
{
    uint32_t t;
    const nnx_nnef_flat_tensor *tensor = lw_result_tensor(L, "output", &t);
    const nnx_nnef_value *value = lw_arg(L, "value");
    nnx_operand_desc d = lw_tensor_desc(tensor);
    uint64_t n;
    size_t bytes, esize = nnx_dtype_size(d.dtype);
    if (!nnx_desc_elements(&d, &n) || !nnx_desc_bytes(&d, &bytes) || !value || value->kind != NNX_NNEF_VALUE_ARRAY ||
        (value->count != 1 && value->count != n))
        return lw_unsupported(L, "a constant whose value list does not fit its shape");
    unsigned char *data = nnx_mem_alloc_aligned(L->ir->alloc, bytes ? bytes : 1);
    if (!data) /* the biggest allocation a small document can ask for: say which and how big */
        return nnx_nnef_error_at(L->err, NNX_ERROR_OUT_OF_MEMORY, L->g->filename, L->op->pos,
                                 "out of memory for constant '%s' (%zu bytes)", tensor->name, bytes);
    bool ok = true;
    for (uint64_t i = 0; i < n && ok; i++)
        ok = store_item(&value->u.items[value->count == 1 ? 0 : i], d.dtype, data + i * esize);
    uint32_t id;
    nnx_status st = ok ? lw_constant(L, &d, data, bytes, &id) : lw_unsupported(L, "a constant item of another type");
    if (st == NNX_OK)
        L->value_of[t] = id;
    nnx_mem_free_aligned(L->ir->alloc, data);
    return st;
}

/* ---------------------------------------------------------------- element-wise */

typedef struct op_map {
    const char *name;
    nnx_op op;
} op_map;

/* tan … atanh: the library after 1.0.2 (NNEF-Tools, tract). */
static const op_map unary_ops[] = {
    {"neg", NNX_OP_NEG},     {"exp", NNX_OP_EXP},   {"log", NNX_OP_LOG},     {"abs", NNX_OP_ABS},
    {"floor", NNX_OP_FLOOR}, {"ceil", NNX_OP_CEIL}, {"relu", NNX_OP_RELU},   {"sigmoid", NNX_OP_SIGMOID},
    {"tanh", NNX_OP_TANH},   {"sqrt", NNX_OP_SQRT}, {"rcp", NNX_OP_RCP},     {"sin", NNX_OP_SIN},
    {"cos", NNX_OP_COS},     {"sign", NNX_OP_SIGN}, {"round", NNX_OP_ROUND}, {"not", NNX_OP_LOGICAL_NOT},
    {"tan", NNX_OP_TAN},     {"sinh", NNX_OP_SINH}, {"cosh", NNX_OP_COSH},   {"asin", NNX_OP_ASIN},
    {"acos", NNX_OP_ACOS},   {"atan", NNX_OP_ATAN}, {"asinh", NNX_OP_ASINH}, {"acosh", NNX_OP_ACOSH},
    {"atanh", NNX_OP_ATANH},
};
static const op_map binary_ops[] = {
    {"add", NNX_OP_ADD}, {"sub", NNX_OP_SUB},         {"mul", NNX_OP_MUL},
    {"div", NNX_OP_DIV}, {"pow", NNX_OP_POW},         {"min", NNX_OP_MIN},
    {"max", NNX_OP_MAX}, {"and", NNX_OP_LOGICAL_AND}, {"or", NNX_OP_LOGICAL_OR},
};
/* T, T -> tensor<logical>, "scalar tensors only" (NNEF 1.0.2 §4.2.2). */
static const op_map compare_ops[] = {
    {"lt", NNX_OP_LESS},          {"gt", NNX_OP_GREATER}, {"le", NNX_OP_LESS_EQUAL},
    {"ge", NNX_OP_GREATER_EQUAL}, {"eq", NNX_OP_EQUAL},   {"ne", NNX_OP_NOT_EQUAL},
};

static nnx_op find_op(const op_map *map, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(map[i].name, name) == 0)
            return map[i].op;
    return NNX_OP_COUNT;
}

static nnx_status lower_unary(lowerer *L, nnx_op op)
{
    uint32_t x, y;
    nnx_status st = lw_operand(L, &L->op->args[0].value, lw_result_dtype(L), &x);
    if (st == NNX_OK)
        st = lw_node(L, op, &x, 1, NULL, 1, &y);
    return st == NNX_OK ? lw_bind(L, L->op->results[0].name, y) : st;
}

/* Operands (and literals) of dtype dt, broadcast to the result's rank. */
static nnx_status lower_binary(lowerer *L, nnx_op op, nnx_dtype dt)
{
    uint32_t in[2], y, rank = lw_result_rank(L);
    nnx_status st = lw_broadcast_operand(L, &L->op->args[0].value, dt, rank, &in[0]);
    if (st == NNX_OK)
        st = lw_broadcast_operand(L, &L->op->args[1].value, dt, rank, &in[1]);
    if (st == NNX_OK)
        st = lw_node(L, op, in, 2, NULL, 1, &y);
    return st == NNX_OK ? lw_bind(L, L->op->results[0].name, y) : st;
}

/* select(condition, true_value, false_value) (NNEF 1.0.2 §4.2.3): three-way broadcast,
 * each operand padded with trailing 1s to the result rank. */
static nnx_status lower_select(lowerer *L)
{
    uint32_t in[3], y, rank = lw_result_rank(L);
    nnx_dtype dt = lw_result_dtype(L);
    nnx_status st = lw_broadcast_operand(L, lw_arg(L, "condition"), NNX_BOOL, rank, &in[0]);
    if (st == NNX_OK)
        st = lw_broadcast_operand(L, lw_arg(L, "true_value"), dt, rank, &in[1]);
    if (st == NNX_OK)
        st = lw_broadcast_operand(L, lw_arg(L, "false_value"), dt, rank, &in[2]);
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_WHERE, in, 3, NULL, 1, &y);
    return st == NNX_OK ? lw_bind(L, "output", y) : st;
}

/* clamp(x, a, b) = max(min(x, b), a) (Appendix A), with NNEF broadcasting. */
static nnx_status lower_clamp(lowerer *L)
{
    uint32_t x = NNX_NONE, a = NNX_NONE, b = NNX_NONE, t = NNX_NONE, y = NNX_NONE, rank = lw_result_rank(L);
    nnx_dtype dt = lw_result_dtype(L);
    nnx_status st = lw_broadcast_operand(L, lw_arg(L, "x"), dt, rank, &x);
    if (st == NNX_OK)
        st = lw_broadcast_operand(L, lw_arg(L, "a"), dt, rank, &a);
    if (st == NNX_OK)
        st = lw_broadcast_operand(L, lw_arg(L, "b"), dt, rank, &b);
    uint32_t in1[2] = {x, b};
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_MIN, in1, 2, NULL, 1, &t);
    uint32_t in2[2] = {t, a};
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_MAX, in2, 2, NULL, 1, &y);
    return st == NNX_OK ? lw_bind(L, "y", y) : st;
}

/* cast<T>(input) (the library after 1.0.2): core cast (scalar -> integer truncates toward zero,
 * numbers -> logical are non-zero, logical -> numbers 0/1); the same type is a copy. */
static nnx_status lower_cast(lowerer *L)
{
    const nnx_nnef_value *in = lw_arg(L, "input");
    nnx_dtype to = lw_result_dtype(L), from = NNX_FLOAT32;
    if (in && in->kind == NNX_NNEF_VALUE_TENSOR)
        from = lw_core_dtype(L->g->tensors[in->u.tensor].dtype);
    else if (in && in->kind == NNX_NNEF_VALUE_INTEGER)
        from = NNX_INT32;
    else if (in && in->kind == NNX_NNEF_VALUE_LOGICAL)
        from = NNX_BOOL;
    uint32_t t, x, y;
    const nnx_nnef_flat_tensor *out = lw_result_tensor(L, "output", &t);
    nnx_attrs a = {.cast = {.to = to}};
    nnx_status st = lw_operand(L, in, from, &x);
    if (st == NNX_OK && from == to)
        st = lw_reshape_to(L, x, out->shape, out->rank, &y);
    else if (st == NNX_OK)
        st = lw_node(L, NNX_OP_CAST, &x, 1, &a, 1, &y);
    return st == NNX_OK ? lw_bind(L, "output", y) : st;
}

/* ---------------------------------------------------------------- shape operations */

/* gather(input, indices, axis) (the library after 1.0.2) -> core gather, int32 indices. Indices
 * outside the extent are not an error at run time: the core clamps them (decision 52). */
static nnx_status lower_gather(lowerer *L)
{
    uint32_t t, in[2], y;
    const nnx_nnef_flat_tensor *out = lw_result_tensor(L, "output", &t);
    nnx_attrs a = {.axis = {(uint32_t)lw_int_arg(L, "axis")}};
    nnx_status st = lw_operand(L, lw_arg(L, "input"), lw_core_dtype(out->dtype), &in[0]);
    if (st == NNX_OK)
        st = lw_operand(L, lw_arg(L, "indices"), NNX_INT32, &in[1]);
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_GATHER, in, 2, &a, 1, &y);
    return st == NNX_OK ? lw_bind(L, "output", y) : st;
}

/* reshape, squeeze, unsqueeze, copy: the same elements in the shape NNEF computed. */
static nnx_status lower_reshape(lowerer *L)
{
    uint32_t t, x, y;
    const nnx_nnef_flat_tensor *out = lw_result_tensor(L, L->op->results[0].name, &t);
    nnx_status st = lw_operand(L, &L->op->args[0].value, lw_core_dtype(out->dtype), &x);
    if (st == NNX_OK)
        st = lw_reshape_to(L, x, out->shape, out->rank, &y);
    return st == NNX_OK ? lw_bind(L, L->op->results[0].name, y) : st;
}

static nnx_status lower_transpose(lowerer *L)
{
    uint32_t t, x, y;
    const nnx_nnef_flat_tensor *out = lw_result_tensor(L, "output", &t);
    int64_t axes[NNX_MAX_RANK];
    int32_t n = lw_ints_arg(L, "axes", axes, NNX_MAX_RANK);
    nnx_attrs a = {0};
    for (uint32_t i = 0; i < out->rank; i++)
        a.transpose.perm[i] = (int32_t)i < n ? (uint32_t)axes[i] : i;
    nnx_status st = lw_operand(L, lw_arg(L, "input"), lw_core_dtype(out->dtype), &x);
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_TRANSPOSE, &x, 1, &a, 1, &y);
    return st == NNX_OK ? lw_bind(L, "output", y) : st;
}

static nnx_status lower_concat(lowerer *L)
{
    const nnx_nnef_value *values = lw_arg(L, "values");
    uint32_t n = values->count, ins[64], y;
    if (n > 64)
        return lw_unsupported(L, "more than 64 inputs");
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; i < n && st == NNX_OK; i++)
        st = lw_operand(L, &values->u.items[i], lw_result_dtype(L), &ins[i]);
    nnx_attrs a = {.axis = {(uint32_t)lw_int_arg(L, "axis")}};
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_CONCAT, ins, n, &a, 1, &y);
    return st == NNX_OK ? lw_bind(L, "value", y) : st;
}

static nnx_status lower_split(lowerer *L)
{
    const nnx_nnef_value *outs = nnx_nnef_flat_result(L->op, "values");
    uint32_t n = outs->count, x, first, axis = (uint32_t)lw_int_arg(L, "axis");
    uint32_t *sizes = nnx_arena_array(&L->ir->arena, n ? n : 1, sizeof *sizes);
    if (!sizes)
        return nnx_error_set(L->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", L->g->filename);
    for (uint32_t i = 0; i < n; i++)
        sizes[i] = L->g->tensors[outs->u.items[i].u.tensor].shape[axis];
    nnx_attrs a = {.split = {.axis = axis, .sizes = sizes}};
    nnx_status st = lw_operand(L, lw_arg(L, "value"), lw_core_dtype(L->g->tensors[outs->u.items[0].u.tensor].dtype),
                               &x);
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_SPLIT, &x, 1, &a, n, &first);
    for (uint32_t i = 0; i < n && st == NNX_OK; i++) {
        uint32_t t = outs->u.items[i].u.tensor;
        L->value_of[t] = first + i;
    }
    return st;
}

/* slice: begin in (-x, x], negative counts from the end; sizes are the output extents. */
static nnx_status lower_slice(lowerer *L)
{
    uint32_t t, x, y;
    const nnx_nnef_flat_tensor *out = lw_result_tensor(L, "output", &t);
    const nnx_nnef_value *in = lw_arg(L, "input");
    const nnx_nnef_flat_tensor *src = &L->g->tensors[in->u.tensor];
    int64_t axes[NNX_MAX_RANK], begin[NNX_MAX_RANK];
    int32_t n = lw_ints_arg(L, "axes", axes, NNX_MAX_RANK);
    if (n < 0 || lw_ints_arg(L, "begin", begin, NNX_MAX_RANK) != n)
        return lw_unsupported(L, "malformed slice arguments");
    nnx_attrs a = {0};
    for (uint32_t d = 0; d < out->rank; d++) {
        a.slice.sizes[d] = out->shape[d];
        a.slice.strides[d] = 1;
    }
    for (int32_t i = 0; i < n; i++) {
        int64_t b = begin[i] < 0 ? begin[i] + src->shape[axes[i]] : begin[i];
        a.slice.starts[axes[i]] = (uint32_t)b;
    }
    nnx_status st = lw_operand(L, in, lw_core_dtype(out->dtype), &x);
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_SLICE, &x, 1, &a, 1, &y);
    return st == NNX_OK ? lw_bind(L, "output", y) : st;
}

/* ---------------------------------------------------------------- reductions, matmul, softmax */

static nnx_status lower_reduce(lowerer *L, nnx_op op)
{
    int64_t axes[NNX_MAX_RANK];
    int32_t n = lw_ints_arg(L, "axes", axes, NNX_MAX_RANK);
    nnx_attrs a = {.reduce = {.keep_dims = true}};
    for (int32_t i = 0; i < n; i++)
        a.reduce.axes_mask |= 1u << axes[i];
    if (op == NNX_OP_REDUCE_SUM && lw_arg(L, "normalize") && lw_arg(L, "normalize")->u.logical)
        op = NNX_OP_REDUCE_MEAN;
    uint32_t x, y;
    nnx_status st = lw_operand(L, lw_arg(L, "input"), lw_result_dtype(L), &x);
    if (st == NNX_OK)
        st = lw_node(L, op, &x, 1, &a, 1, &y);
    return st == NNX_OK ? lw_bind(L, "output", y) : st;
}

/* argmax_reduce / argmin_reduce return tensor<integer>: int32 indices. */
static nnx_status lower_arg_reduce(lowerer *L, nnx_op op)
{
    int64_t axes[NNX_MAX_RANK];
    int32_t n = lw_ints_arg(L, "axes", axes, NNX_MAX_RANK);
    nnx_attrs a = {.arg_reduce = {.keep_dims = true, .index_dtype = NNX_INT32}};
    for (int32_t i = 0; i < n; i++)
        a.arg_reduce.axes_mask |= 1u << axes[i];
    const nnx_nnef_value *in = lw_arg(L, "input");
    if (!in || in->kind != NNX_NNEF_VALUE_TENSOR)
        return lw_unsupported(L, "a literal input");
    uint32_t x, y;
    nnx_status st = lw_operand(L, in, lw_core_dtype(L->g->tensors[in->u.tensor].dtype), &x);
    if (st == NNX_OK)
        st = lw_node(L, op, &x, 1, &a, 1, &y);
    return st == NNX_OK ? lw_bind(L, "output", y) : st;
}

/* ---------------------------------------------------------------- pad, tile, stack, unstack */

/* The core constant of pad's `value: scalar` for a tensor of dtype dt: an integer tensor
 * needs an integral value, a logical one 0.0 (false) or 1.0 (true). */
static bool pad_value(double v, nnx_dtype dt, nnx_scalar *out)
{
    if (dt == NNX_FLOAT32) {
        out->f = v;
        return true;
    }
    if (dt == NNX_BOOL) {
        out->u = v != 0.0;
        return v == 0.0 || v == 1.0;
    }
    out->i = (int64_t)(v >= -2147483648.0 && v <= 2147483647.0 ? v : 0);
    return v >= -2147483648.0 && v <= 2147483647.0 && (double)out->i == v;
}

static nnx_status lower_pad(lowerer *L)
{
    uint32_t t, x, y;
    const nnx_nnef_flat_tensor *out = lw_result_tensor(L, "output", &t);
    nnx_dtype dt = lw_core_dtype(out->dtype);
    const nnx_nnef_value *p = lw_arg(L, "padding"), *value = lw_arg(L, "value");
    const char *border = lw_string_arg(L, "border");
    nnx_attrs a = {.pad = {.mode = NNX_PAD_CONSTANT}};
    if (strcmp(border, "replicate") == 0)
        a.pad.mode = NNX_PAD_EDGE;
    else if (strcmp(border, "reflect") == 0)
        a.pad.mode = NNX_PAD_REFLECT;
    else if (strcmp(border, "reflect-even") == 0)
        a.pad.mode = NNX_PAD_SYMMETRIC;
    else if (strcmp(border, "constant") != 0)
        return lw_unsupported(L, "border '%s'", border);
    double v = value && value->kind == NNX_NNEF_VALUE_SCALAR ? value->u.scalar
        : value && value->kind == NNX_NNEF_VALUE_INTEGER     ? (double)value->u.integer
                                                             : 0.0;
    if (a.pad.mode == NNX_PAD_CONSTANT && !pad_value(v, dt, &a.pad.value))
        return lw_unsupported(L, "value %g cannot pad a %s tensor", v, nnx_dtype_name(dt));
    /* One (begin, end) pair per dimension, or [] for none (NNEF 1.0.2 §4.5.1, §4.5.5, decision 27, checked by
     * shapes). */
    for (uint32_t i = 0; p && i < p->count && i < out->rank; i++) {
        int64_t b = p->u.items[i].u.items[0].u.integer, e = p->u.items[i].u.items[1].u.integer;
        if (b < INT32_MIN || b > INT32_MAX || e < INT32_MIN || e > INT32_MAX)
            return lw_unsupported(L, "padding beyond 32 bits");
        a.pad.begin[i] = (int32_t)b;
        a.pad.end[i] = (int32_t)e;
    }
    nnx_status st = lw_operand(L, lw_arg(L, "input"), dt, &x);
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_PAD, &x, 1, &a, 1, &y);
    return st == NNX_OK ? lw_bind(L, "output", y) : st;
}

static nnx_status lower_tile(lowerer *L)
{
    uint32_t t, x, y;
    const nnx_nnef_flat_tensor *out = lw_result_tensor(L, "output", &t);
    int64_t r[NNX_MAX_RANK];
    int32_t n = lw_ints_arg(L, "repeats", r, NNX_MAX_RANK);
    if (n != (int32_t)out->rank)
        return lw_unsupported(L, "repeats of another length than the rank");
    nnx_attrs a = {0};
    for (int32_t i = 0; i < n; i++) {
        if (r[i] < 1 || r[i] > UINT32_MAX)
            return lw_unsupported(L, "repeat count %lld", (long long)r[i]);
        a.tile.repeats[i] = (uint32_t)r[i];
    }
    nnx_status st = lw_operand(L, lw_arg(L, "input"), lw_core_dtype(out->dtype), &x);
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_TILE, &x, 1, &a, 1, &y);
    return st == NNX_OK ? lw_bind(L, "output", y) : st;
}

/* stack(values, axis): each input gets an extent-1 axis at `axis`, then concat. */
static nnx_status lower_stack(lowerer *L)
{
    const nnx_nnef_value *values = lw_arg(L, "values");
    uint32_t t, ins[64], y, axis = (uint32_t)lw_int_arg(L, "axis");
    const nnx_nnef_flat_tensor *out = lw_result_tensor(L, "value", &t);
    uint32_t n = values ? values->count : 0;
    if (n == 0 || n > 64)
        return lw_unsupported(L, "%u inputs (1 to 64 run)", n);
    uint32_t shape[NNX_MAX_RANK];
    memcpy(shape, out->shape, out->rank * sizeof *shape);
    shape[axis] = 1;
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; i < n && st == NNX_OK; i++) {
        st = lw_operand(L, &values->u.items[i], lw_core_dtype(out->dtype), &ins[i]);
        if (st == NNX_OK)
            st = lw_reshape_to(L, ins[i], shape, out->rank, &ins[i]);
    }
    nnx_attrs a = {.axis = {axis}};
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_CONCAT, ins, n, &a, 1, &y);
    return st == NNX_OK ? lw_bind(L, "value", y) : st;
}

/* unstack(value, axis): split into extent-1 parts, then drop the axis from each. */
static nnx_status lower_unstack(lowerer *L)
{
    const nnx_nnef_value *outs = nnx_nnef_flat_result(L->op, "values");
    const nnx_nnef_value *in = lw_arg(L, "value");
    if (!outs || outs->count == 0 || !in || in->kind != NNX_NNEF_VALUE_TENSOR)
        return lw_unsupported(L, "malformed unstack arguments");
    const nnx_nnef_flat_tensor *src = &L->g->tensors[in->u.tensor];
    uint32_t n = outs->count, x, first, axis = (uint32_t)lw_int_arg(L, "axis");
    uint32_t *sizes = nnx_arena_array(&L->ir->arena, n, sizeof *sizes);
    if (!sizes)
        return nnx_error_set(L->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", L->g->filename);
    for (uint32_t i = 0; i < n; i++)
        sizes[i] = 1;
    nnx_attrs a = {.split = {.axis = axis, .sizes = sizes}};
    nnx_status st = lw_operand(L, in, lw_core_dtype(src->dtype), &x);
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_SPLIT, &x, 1, &a, n, &first);
    for (uint32_t i = 0; i < n && st == NNX_OK; i++) {
        const nnx_nnef_flat_tensor *o = &L->g->tensors[outs->u.items[i].u.tensor];
        uint32_t y;
        st = lw_reshape_to(L, first + i, o->shape, o->rank, &y);
        if (st == NNX_OK)
            L->value_of[outs->u.items[i].u.tensor] = y;
    }
    return st;
}

static nnx_status lower_matmul(lowerer *L)
{
    uint32_t in[2], y;
    bool ta = lw_arg(L, "transposeA")->u.logical, tb = lw_arg(L, "transposeB")->u.logical;
    nnx_status st = lw_operand(L, lw_arg(L, "A"), NNX_FLOAT32, &in[0]);
    if (st == NNX_OK)
        st = lw_operand(L, lw_arg(L, "B"), NNX_FLOAT32, &in[1]);
    if (st != NNX_OK)
        return st;
    if (lw_result_rank(L) == 2) {
        nnx_attrs a = {.gemm = {.alpha = 1.0, .beta = 1.0, .trans_a = ta, .trans_b = tb}};
        st = lw_node(L, NNX_OP_GEMM, in, 2, &a, 1, &y);
    } else {
        /* batched: transposed operands swap their last two axes first */
        uint32_t rank = lw_result_rank(L);
        nnx_attrs swap = {.transpose = {{0}}};
        for (uint32_t k = 0; k < rank; k++)
            swap.transpose.perm[k] = k;
        swap.transpose.perm[rank - 2] = rank - 1;
        swap.transpose.perm[rank - 1] = rank - 2;
        if (ta)
            st = lw_node(L, NNX_OP_TRANSPOSE, &in[0], 1, &swap, 1, &in[0]);
        if (st == NNX_OK && tb)
            st = lw_node(L, NNX_OP_TRANSPOSE, &in[1], 1, &swap, 1, &in[1]);
        if (st == NNX_OK)
            st = lw_node(L, NNX_OP_MATMUL, in, 2, NULL, 1, &y);
    }
    return st == NNX_OK ? lw_bind(L, "C", y) : st;
}

/* softmax over one axis is the core op; over any other axis set, its chapter-4 body:
 * e = exp(x - max_reduce(x, axes)); y = e / sum_reduce(e, axes). */
static nnx_status lower_softmax(lowerer *L)
{
    int64_t axes[NNX_MAX_RANK];
    int32_t n = lw_ints_arg(L, "axes", axes, NNX_MAX_RANK);
    uint32_t x, y;
    nnx_status st = lw_operand(L, lw_arg(L, "x"), NNX_FLOAT32, &x);
    if (st == NNX_OK && n == 1) {
        nnx_attrs a = {.axis = {(uint32_t)axes[0]}};
        st = lw_node(L, NNX_OP_SOFTMAX, &x, 1, &a, 1, &y);
    } else if (st == NNX_OK) {
        nnx_attrs r = {.reduce = {.axes_mask = 0, .keep_dims = true}};
        for (int32_t k = 0; k < n; k++)
            r.reduce.axes_mask |= 1u << axes[k];
        uint32_t m = NNX_NONE, e = NNX_NONE, s = NNX_NONE, d[2];
        st = lw_node(L, NNX_OP_REDUCE_MAX, &x, 1, &r, 1, &m);
        d[0] = x, d[1] = m;
        if (st == NNX_OK)
            st = lw_node(L, NNX_OP_SUB, d, 2, NULL, 1, &d[0]);
        if (st == NNX_OK)
            st = lw_node(L, NNX_OP_EXP, &d[0], 1, NULL, 1, &e);
        if (st == NNX_OK)
            st = lw_node(L, NNX_OP_REDUCE_SUM, &e, 1, &r, 1, &s);
        d[0] = e, d[1] = s;
        if (st == NNX_OK)
            st = lw_node(L, NNX_OP_DIV, d, 2, NULL, 1, &y);
    }
    return st == NNX_OK ? lw_bind(L, "y", y) : st;
}

/* update(variable, value): the new value is recorded for after the run (nnx_ir_add_update)
 * and is also the result ("result gives the new value", NNEF 1.0.2 §4.8). */
static nnx_status lower_update(lowerer *L)
{
    const nnx_nnef_value *var = lw_arg(L, "variable"), *val = lw_arg(L, "value");
    if (!var || var->kind != NNX_NNEF_VALUE_TENSOR)
        return lw_unsupported(L, "the updated argument is not a variable");
    uint32_t target = L->value_of[var->u.tensor], value;
    nnx_error why = {0};
    nnx_status st = lw_operand(L, val, lw_core_dtype(L->g->tensors[var->u.tensor].dtype), &value);
    if (st == NNX_OK && (st = nnx_ir_add_update(L->ir, target, value, &why)) != NNX_OK)
        return nnx_nnef_error_at(L->err, st, L->g->filename, L->op->pos, "update: %s", why.message);
    return st == NNX_OK ? lw_bind(L, "result", value) : st;
}

/* ---------------------------------------------------------------- driver */

/* A logical attribute of an nnx_ fragment (absent or not logical: false). */
static bool ext_flag(lowerer *L, const char *name)
{
    const nnx_nnef_value *v = lw_arg(L, name);
    return v && v->kind == NNX_NNEF_VALUE_LOGICAL && v->u.logical;
}

/* An nnx_ops fragment (nnx_ops.h, docs/NNEF-EXTENSIONS.md) -> the core op it names, with the
 * attributes its arguments spell. The input's type is the one its NNEF tensor declares. */
static nnx_status lower_ext(lowerer *L)
{
    const nnx_nnef_ext_op *e = nnx_nnef_ext_find(L->op->name);
    const nnx_nnef_value *in = lw_arg(L, "input");
    if (!e || !in || in->kind != NNX_NNEF_VALUE_TENSOR)
        return lw_unsupported(L, "an nnx_ops fragment without a tensor 'input'");
    nnx_attrs a = {0};
    int64_t axes[NNX_MAX_RANK];
    int32_t n;
    switch (e->op) {
    case NNX_OP_REVERSE:
    case NNX_OP_REDUCE_PRODUCT:
    case NNX_OP_REDUCE_LOG_SUM_EXP:
        if ((n = lw_ints_arg(L, "axes", axes, NNX_MAX_RANK)) < 0)
            return lw_unsupported(L, "'axes' is not an integer list");
        for (int32_t i = 0; i < n; i++) {
            if (axes[i] < 0 || axes[i] >= NNX_MAX_RANK)
                return lw_unsupported(L, "axis %lld is out of range", (long long)axes[i]);
            if (e->op == NNX_OP_REVERSE)
                a.reverse.axes_mask |= 1u << axes[i];
            else
                a.reduce.axes_mask |= 1u << axes[i];
        }
        if (e->op != NNX_OP_REVERSE)
            a.reduce.keep_dims = true; /* NNEF reductions keep the axes */
        break;
    case NNX_OP_CUMULATIVE_SUM:
    case NNX_OP_CUMULATIVE_PRODUCT:
        a.cumsum = (nnx_attr_cumsum){(uint32_t)lw_int_arg(L, "axis"), ext_flag(L, "exclusive"), ext_flag(L, "reverse")};
        break;
    case NNX_OP_TRIANGULAR: {
        int64_t d = lw_int_arg(L, "diagonal");
        if (d < INT32_MIN || d > INT32_MAX)
            return lw_unsupported(L, "diagonal %lld is outside the int32 range", (long long)d);
        a.triangular = (nnx_attr_triangular){ext_flag(L, "upper"), (int32_t)d};
        break;
    }
    case NNX_OP_GATHER_ELEMENTS:
    case NNX_OP_SCATTER_ELEMENTS: a.axis.axis = (uint32_t)lw_int_arg(L, "axis"); break;
    case NNX_OP_RESAMPLE:
    case NNX_OP_L2_POOL: {
        int64_t v[4], sizes[2];
        if (lw_ints_arg(L, "axes", axes, NNX_MAX_RANK) != 2 || lw_ints_arg(L, "sizes", sizes, 2) != 2)
            return lw_unsupported(L, "'axes' and 'sizes' must have 2 items");
        const char *s = lw_string_arg(L, e->op == NNX_OP_RESAMPLE ? "mode" : "rounding");
        if (e->op == NNX_OP_RESAMPLE) {
            a.resample = (nnx_attr_resample){s && strcmp(s, "linear") == 0 ? NNX_RESAMPLE_LINEAR : NNX_RESAMPLE_NEAREST,
                                             {(uint32_t)axes[0], (uint32_t)axes[1]},
                                             {(uint32_t)sizes[0], (uint32_t)sizes[1]}};
            break;
        }
        nnx_attr_pool *p = &a.pool;
        bool nhwc = axes[0] == 1;
        p->layout = nhwc ? NNX_LAYOUT_NHWC : NNX_LAYOUT_NCHW;
        p->rounding = s && strcmp(s, "ceil") == 0 ? NNX_ROUNDING_CEIL : NNX_ROUNDING_FLOOR;
        p->has_output_sizes = true;
        p->output_sizes[0] = (uint32_t)sizes[0], p->output_sizes[1] = (uint32_t)sizes[1];
        const char *keys[4] = {"window", "padding", "stride", "dilation"};
        uint32_t *dst[4] = {p->window, p->pads, p->strides, p->dilations};
        for (int k = 0; k < 4; k++) {
            uint32_t want = k == 1 ? 4 : 2;
            if (lw_ints_arg(L, keys[k], v, want) != (int32_t)want)
                return lw_unsupported(L, "'%s' must have %u items", keys[k], want);
            for (uint32_t i = 0; i < want; i++) {
                if (v[i] < 0 || v[i] > UINT32_MAX)
                    return lw_unsupported(L, "'%s' item %lld is out of range", keys[k], (long long)v[i]);
                dst[k][i] = (uint32_t)v[i];
            }
        }
        break;
    }
    default: break;
    }
    /* the inputs in the core op's order: input[, indices[, updates]] */
    nnx_dtype dt = lw_core_dtype(L->g->tensors[in->u.tensor].dtype);
    bool indexed = e->op == NNX_OP_GATHER_ELEMENTS || e->op == NNX_OP_GATHER_ND || e->op == NNX_OP_SCATTER_ELEMENTS ||
        e->op == NNX_OP_SCATTER_ND;
    bool scatter = e->op == NNX_OP_SCATTER_ELEMENTS || e->op == NNX_OP_SCATTER_ND;
    uint32_t x[3], y;
    nnx_status st = lw_operand(L, in, dt, &x[0]);
    if (st == NNX_OK && indexed)
        st = lw_operand(L, lw_arg(L, "indices"), NNX_INT32, &x[1]);
    if (st == NNX_OK && scatter)
        st = lw_operand(L, lw_arg(L, "updates"), dt, &x[2]);
    if (st == NNX_OK)
        st = lw_node(L, e->op, x, 1 + indexed + scatter, &a, 1, &y);
    return st == NNX_OK ? lw_bind(L, "output", y) : st;
}

static nnx_status lower_op(lowerer *L)
{
    const char *name = L->op->name;
    nnx_op op;
    if (L->op->extension)
        return lower_ext(L);
    if (strcmp(name, "external") == 0)
        return lower_external(L);
    if (strcmp(name, "variable") == 0)
        return lw_variable(L, NNX_DTYPE_UNDEFINED);
    if (strcmp(name, "constant") == 0)
        return lower_constant(L);
    if (strcmp(name, "update") == 0)
        return lower_update(L);
    if ((op = find_op(unary_ops, sizeof unary_ops / sizeof *unary_ops, name)) != NNX_OP_COUNT)
        return lower_unary(L, op);
    if ((op = find_op(binary_ops, sizeof binary_ops / sizeof *binary_ops, name)) != NNX_OP_COUNT)
        return lower_binary(L, op, lw_result_dtype(L));
    if ((op = find_op(compare_ops, sizeof compare_ops / sizeof *compare_ops, name)) != NNX_OP_COUNT)
        return lower_binary(L, op, NNX_FLOAT32);
    if (strcmp(name, "select") == 0)
        return lower_select(L);
    if (strcmp(name, "cast") == 0)
        return lower_cast(L);
    if (strcmp(name, "gather") == 0)
        return lower_gather(L);
    if (strcmp(name, "clamp") == 0)
        return lower_clamp(L);
    if (strcmp(name, "conv") == 0)
        return lw_lower_conv(L);
    if (strcmp(name, "deconv") == 0)
        return lw_lower_deconv(L);
    if (strcmp(name, "max_pool") == 0)
        return lw_lower_pool(L, NNX_OP_MAX_POOL);
    if (strcmp(name, "avg_pool") == 0)
        return lw_lower_pool(L, NNX_OP_AVG_POOL);
    if (strcmp(name, "box") == 0)
        return lw_lower_window(L, NNX_OP_BOX);
    if (strcmp(name, "argmax_pool") == 0)
        return lw_lower_window(L, NNX_OP_ARGMAX_POOL);
    if (strcmp(name, "sample") == 0)
        return lw_lower_window(L, NNX_OP_SAMPLE);
    if (strcmp(name, "debox") == 0)
        return lw_lower_reverse_window(L, NNX_OP_DEBOX);
    if (strcmp(name, "desample") == 0)
        return lw_lower_reverse_window(L, NNX_OP_DESAMPLE);
    if (strcmp(name, "multilinear_upsample") == 0)
        return lw_lower_upsample(L);
    if (strcmp(name, "nearest_downsample") == 0)
        return lw_lower_downsample(L, false);
    if (strcmp(name, "area_downsample") == 0)
        return lw_lower_downsample(L, true);
    if (strcmp(name, "avg_roi_pool") == 0)
        return lw_lower_roi(L, NNX_OP_AVG_ROI_POOL);
    if (strcmp(name, "max_roi_pool") == 0)
        return lw_lower_roi(L, NNX_OP_MAX_ROI_POOL);
    if (strcmp(name, "roi_resample") == 0)
        return lw_lower_roi(L, NNX_OP_ROI_RESAMPLE);
    if (strcmp(name, "reshape") == 0 || strcmp(name, "squeeze") == 0 || strcmp(name, "unsqueeze") == 0 ||
        strcmp(name, "copy") == 0)
        return lower_reshape(L);
    if (strcmp(name, "transpose") == 0)
        return lower_transpose(L);
    if (strcmp(name, "concat") == 0)
        return lower_concat(L);
    if (strcmp(name, "split") == 0)
        return lower_split(L);
    if (strcmp(name, "slice") == 0)
        return lower_slice(L);
    if (strcmp(name, "sum_reduce") == 0)
        return lower_reduce(L, NNX_OP_REDUCE_SUM);
    if (strcmp(name, "mean_reduce") == 0)
        return lower_reduce(L, NNX_OP_REDUCE_MEAN);
    if (strcmp(name, "max_reduce") == 0)
        return lower_reduce(L, NNX_OP_REDUCE_MAX);
    if (strcmp(name, "min_reduce") == 0)
        return lower_reduce(L, NNX_OP_REDUCE_MIN);
    if (strcmp(name, "argmax_reduce") == 0)
        return lower_arg_reduce(L, NNX_OP_REDUCE_ARGMAX);
    if (strcmp(name, "argmin_reduce") == 0)
        return lower_arg_reduce(L, NNX_OP_REDUCE_ARGMIN);
    if (strcmp(name, "all_reduce") == 0)
        return lower_reduce(L, NNX_OP_REDUCE_ALL);
    if (strcmp(name, "any_reduce") == 0)
        return lower_reduce(L, NNX_OP_REDUCE_ANY);
    if (strcmp(name, "pad") == 0)
        return lower_pad(L);
    if (strcmp(name, "tile") == 0)
        return lower_tile(L);
    if (strcmp(name, "stack") == 0)
        return lower_stack(L);
    if (strcmp(name, "unstack") == 0)
        return lower_unstack(L);
    if (strcmp(name, "matmul") == 0)
        return lower_matmul(L);
    if (strcmp(name, "softmax") == 0)
        return lower_softmax(L);
    return lw_unsupported(L, "it has no core operation");
}

nnx_status lw_record_names(lowerer *L)
{
    nnx_status st = NNX_OK;
    for (uint32_t t = 0; t < L->g->n_tensors && st == NNX_OK; t++)
        if (L->value_of[t] != NNX_NONE)
            st = nnx_ir_set_name(L->ir, L->value_of[t],
                                 L->g->tensors[t].label ? L->g->tensors[t].label : L->g->tensors[t].name, L->err);
    return st;
}

nnx_status nnx_nnef_lower(const nnx_nnef_model *m, nnx_ir *ir, uint32_t *outputs, nnx_error *err)
{
    const nnx_nnef_flat *g = &m->flat;
    if (nnx_nnef_tosa_document(g)) /* the nnx TOSA extension (tosa_lower.c, docs/TOSA-NNEF.md) */
        return nnx_nnef_tosa_lower(m, ir, outputs, err);
    if (g->has_custom_ops) {
        /* an nnx_ops fragment read as custom: strict 1.0.2 mode, or no `nnx_ops` extension line */
        for (uint32_t i = 0; i < g->n_ops; i++)
            if (g->ops[i].custom && !g->ops[i].extension && nnx_nnef_ext_find(g->ops[i].name))
                return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                                     "%s: error: the graph uses custom operations, which nnx cannot run: '%s' is a "
                                     "fragment of nnx's nnx_ops extension, read only when the document lists "
                                     "nnx_ops and not in strict 1.0.2 mode",
                                     g->filename, g->ops[i].name);
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: the graph uses custom operations, which nnx cannot run", g->filename);
    }
    lowerer L = {.m = m, .g = g, .ir = ir, .err = err};
    L.value_of = nnx_mem_alloc(ir->alloc, (g->n_tensors + 1) * sizeof *L.value_of);
    if (!L.value_of)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", g->filename);
    for (uint32_t t = 0; t < g->n_tensors; t++)
        L.value_of[t] = NNX_NONE;
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; i < g->n_ops && st == NNX_OK; i++) {
        L.op = &g->ops[i];
        st = lower_op(&L);
        if (st == NNX_OK && m->apply_quantization)
            st = lw_apply_quant(&L);
    }
    for (uint32_t i = 0; i < g->n_outputs && st == NNX_OK; i++)
        outputs[i] = L.value_of[g->outputs[i]];
    if (st == NNX_OK)
        st = lw_record_names(&L);
    nnx_mem_free(ir->alloc, L.value_of);
    return st;
}
