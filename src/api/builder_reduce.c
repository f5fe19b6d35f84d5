/* builder_reduce.c — the ten WebNN reductions (reduceSum, reduceMean, reduceMax, reduceMin,
 * reduceL1, reduceL2, reduceLogSum, reduceLogSumExp, reduceProduct, reduceSumSquare; WebNN
 * §8.9.39): their data types, the "calculate reduction output sizes" axis rules (in range, no
 * duplicates; absent = all axes, given and empty = none), then the core reduce_* op of the same
 * meaning; and argMin/argMax (WebNN §8.9.5), core reduce_argmin/reduce_argmax over one axis. */
#include "api/builder.h"

static nnx_operand *reduce(nnx_builder *b, nnx_op op, const char *name, nnx_dtype_set allowed, nnx_operand *x,
                           const nnx_reduce_options *o)
{
    nnx_op_call c;
    nnx_reduce_options opts = o ? *o : (nnx_reduce_options){0};
    if (!nnx_call_begin(&c, b, name, opts.label))
        return b ? &b->poison : NULL;
    if (!nnx_call_operand(&c, x, "input") || !nnx_call_dtype(&c, x, "input", allowed))
        return &b->poison;
    uint32_t rank = x->desc.rank, mask = 0;
    if (!opts.axes)
        mask = rank ? (uint32_t)((1ull << rank) - 1) : 0;
    for (uint32_t i = 0; opts.axes && i < opts.axes_count; i++) {
        uint32_t a = opts.axes[i];
        if (a >= rank)
            return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", a, rank);
        if (mask & (1u << a))
            return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "axis %u is given twice", a);
        mask |= 1u << a;
    }
    nnx_attrs attrs = {.reduce = {.axes_mask = mask, .keep_dims = opts.keep_dimensions}};
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, op, in, 1, &attrs, 1, NULL);
}

nnx_operand *nnx_builder_reduce_sum(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o)
{
    return reduce(b, NNX_OP_REDUCE_SUM, "reduceSum", NNX_SET_NUMERIC, x, o);
}
nnx_operand *nnx_builder_reduce_mean(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o)
{
    return reduce(b, NNX_OP_REDUCE_MEAN, "reduceMean", NNX_SET_FLOAT, x, o);
}
nnx_operand *nnx_builder_reduce_max(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o)
{
    return reduce(b, NNX_OP_REDUCE_MAX, "reduceMax", NNX_SET_ANY, x, o);
}
nnx_operand *nnx_builder_reduce_min(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o)
{
    return reduce(b, NNX_OP_REDUCE_MIN, "reduceMin", NNX_SET_ANY, x, o);
}
nnx_operand *nnx_builder_reduce_l1(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o)
{
    return reduce(b, NNX_OP_REDUCE_L1, "reduceL1", NNX_SET_NUMERIC, x, o);
}
nnx_operand *nnx_builder_reduce_l2(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o)
{
    return reduce(b, NNX_OP_REDUCE_L2, "reduceL2", NNX_SET_FLOAT, x, o);
}
nnx_operand *nnx_builder_reduce_log_sum(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o)
{
    return reduce(b, NNX_OP_REDUCE_LOG_SUM, "reduceLogSum", NNX_SET_FLOAT, x, o);
}
nnx_operand *nnx_builder_reduce_log_sum_exp(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o)
{
    return reduce(b, NNX_OP_REDUCE_LOG_SUM_EXP, "reduceLogSumExp", NNX_SET_FLOAT, x, o);
}
nnx_operand *nnx_builder_reduce_product(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o)
{
    return reduce(b, NNX_OP_REDUCE_PRODUCT, "reduceProduct", NNX_SET_NUMERIC, x, o);
}
nnx_operand *nnx_builder_reduce_sum_square(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o)
{
    return reduce(b, NNX_OP_REDUCE_SUM_SQUARE, "reduceSumSquare", NNX_SET_NUMERIC, x, o);
}

/* ------------------------------------------------------------------ argMin / argMax */

static nnx_operand *arg_min_max(nnx_builder *b, nnx_op op, const char *name, nnx_operand *x, uint32_t axis,
                                const nnx_arg_min_max_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, name, o ? o->label : NULL))
        return b ? &b->poison : NULL;
    nnx_arg_min_max_options opts = o ? *o : (nnx_arg_min_max_options){0};
    if (!nnx_call_operand(&c, x, "input"))
        return &b->poison;
    if (axis >= x->desc.rank)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", axis, x->desc.rank);
    nnx_dtype dt = opts.output_data_type ? opts.output_data_type : NNX_INT32;
    if (dt != NNX_INT32 && dt != NNX_INT64) {
        if ((unsigned)dt < NNX_DTYPE_COUNT)
            return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "output data type %s is not int32 or int64",
                                 nnx_dtype_name(dt));
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "output data type %d is not int32 or int64", (int)dt);
    }
    /* The spec compares the extent with the type's maximum; extents are valid dimensions
     * (< 2^31), so this only matters for inputs of other front ends. */
    if (dt == NNX_INT32 && x->desc.shape[axis] > (uint32_t)INT32_MAX)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "input dimension %u (%u) exceeds the int32 maximum", axis,
                             x->desc.shape[axis]);
    nnx_attrs attrs = {
        .arg_reduce = {.axes_mask = UINT32_C(1) << axis, .keep_dims = opts.keep_dimensions, .index_dtype = dt}};
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, op, in, 1, &attrs, 1, NULL);
}

nnx_operand *nnx_builder_arg_min(nnx_builder *b, nnx_operand *x, uint32_t axis, const nnx_arg_min_max_options *o)
{
    return arg_min_max(b, NNX_OP_REDUCE_ARGMIN, "argMin", x, axis, o);
}

nnx_operand *nnx_builder_arg_max(nnx_builder *b, nnx_operand *x, uint32_t axis, const nnx_arg_min_max_options *o)
{
    return arg_min_max(b, NNX_OP_REDUCE_ARGMAX, "argMax", x, axis, o);
}
