/* builder_normalization.c — WebNN batchNormalization, instanceNormalization,
 * layerNormalization and cumulativeSum: option defaults (axis 1, epsilon 1e-5 cast to the
 * input's type, layout nchw, layerNormalization's default axes), data types, then the core
 * node, whose inference checks the parameter types and shapes (WebNN `batchNormalization()`,
 * `instanceNormalization()`, `layerNormalization()`). */
#include "api/builder.h"

#include <math.h>

#define LABEL(o) ((o) ? (o)->label : NULL)
#define POISON(b) ((b) ? &(b)->poison : NULL)

/* epsilon (absent: 1e-5) cast to the input's type, as WebNN casts it. */
static double epsilon_of(nnx_number eps, nnx_dtype dt) { return nnx_number_cast(eps.kind ? eps : nnx_f64(1e-5), dt).f; }

/* batchNormalization's axis: absent = 1; else a non-negative integer below the rank (WebNN
 * [EnforceRange] unsigned long, then "axis in [0, rank)"). */
static bool resolve_axis(nnx_op_call *c, nnx_number n, uint32_t rank, uint32_t *axis)
{
    uint64_t v = 1;
    if (n.kind == NNX_NUMBER_FLOAT64) {
        double f = n.value.f64;
        if (!(f >= 0 && f < 4294967296.0 && f == floor(f))) {
            nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis %g is not an unsigned integer", f);
            return false;
        }
        v = (uint64_t)f;
    } else if (n.kind == NNX_NUMBER_INT64) {
        if (n.value.i64 < 0) {
            nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis %lld is not an unsigned integer",
                          (long long)n.value.i64);
            return false;
        }
        v = (uint64_t)n.value.i64;
    } else if (n.kind == NNX_NUMBER_UINT64) {
        v = n.value.u64;
    } else if (n.kind != NNX_NUMBER_ABSENT) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis has an invalid number kind %d", (int)n.kind);
        return false;
    }
    if (v >= rank) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis %llu is out of range for rank %u", (unsigned long long)v,
                      rank);
        return false;
    }
    *axis = (uint32_t)v;
    return true;
}

/* Validates the optional scale and bias operands (WebNN validates every option that exists). */
static bool scale_bias(nnx_op_call *c, const nnx_operand *scale, const nnx_operand *bias)
{
    return (!scale || nnx_call_operand(c, scale, "scale")) && (!bias || nnx_call_operand(c, bias, "bias"));
}

nnx_operand *nnx_builder_batch_normalization(nnx_builder *b, nnx_operand *x, nnx_operand *mean, nnx_operand *variance,
                                             const nnx_batch_normalization_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "batchNormalization", LABEL(o)))
        return POISON(b);
    nnx_batch_normalization_options opts = o ? *o : (nnx_batch_normalization_options){0};
    if (!nnx_call_operand(&c, x, "input") || !nnx_call_operand(&c, mean, "mean") ||
        !nnx_call_operand(&c, variance, "variance") || !scale_bias(&c, opts.scale, opts.bias) ||
        !nnx_call_dtype(&c, x, "input", NNX_SET_FLOAT))
        return &b->poison;
    nnx_attrs attrs = {.norm = {.epsilon = epsilon_of(opts.epsilon, x->desc.dtype)}};
    if (!resolve_axis(&c, opts.axis, x->desc.rank, &attrs.norm.axis))
        return &b->poison;
    const nnx_operand *in[5] = {x, mean, variance, opts.scale, opts.bias};
    return nnx_call_node(&c, NNX_OP_BATCH_NORMALIZATION, in, 5, &attrs, 1, NULL);
}

nnx_operand *nnx_builder_instance_normalization(nnx_builder *b, nnx_operand *x,
                                                const nnx_instance_normalization_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "instanceNormalization", LABEL(o)))
        return POISON(b);
    nnx_instance_normalization_options opts = o ? *o : (nnx_instance_normalization_options){0};
    if (!nnx_call_operand(&c, x, "input") || !scale_bias(&c, opts.scale, opts.bias) ||
        !nnx_call_dtype(&c, x, "input", NNX_SET_FLOAT))
        return &b->poison;
    if ((unsigned)opts.layout > NNX_LAYOUT_NHWC)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "layout %d is not a layout", (int)opts.layout);
    nnx_attrs attrs = {.norm = {.layout = opts.layout ? opts.layout : NNX_LAYOUT_NCHW,
                                .epsilon = epsilon_of(opts.epsilon, x->desc.dtype)}};
    const nnx_operand *in[3] = {x, opts.scale, opts.bias};
    return nnx_call_node(&c, NNX_OP_INSTANCE_NORMALIZATION, in, 3, &attrs, 1, NULL);
}

/* WebNN layerNormalization: absent axes = [1, rank) for rank > 1, else []; given axes must
 * be distinct and below the rank (so there are at most NNX_MAX_RANK of them). */
nnx_operand *nnx_builder_layer_normalization(nnx_builder *b, nnx_operand *x, const nnx_layer_normalization_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "layerNormalization", LABEL(o)))
        return POISON(b);
    nnx_layer_normalization_options opts = o ? *o : (nnx_layer_normalization_options){0};
    if (!nnx_call_operand(&c, x, "input") || !scale_bias(&c, opts.scale, opts.bias) ||
        !nnx_call_dtype(&c, x, "input", NNX_SET_FLOAT))
        return &b->poison;
    uint32_t rank = x->desc.rank, seen = 0;
    nnx_attrs attrs = {.norm = {.epsilon = epsilon_of(opts.epsilon, x->desc.dtype)}};
    nnx_attr_norm *a = &attrs.norm;
    if (!opts.axes)
        for (uint32_t i = 1; i < rank; i++)
            a->axes[a->n_axes++] = i;
    for (uint32_t i = 0; opts.axes && i < opts.axes_count; i++) {
        uint32_t axis = opts.axes[i];
        if (axis >= rank)
            return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", axis, rank);
        if (seen & (1u << axis))
            return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "axis %u is given twice", axis);
        seen |= 1u << axis;
        a->axes[a->n_axes++] = axis;
    }
    const nnx_operand *in[3] = {x, opts.scale, opts.bias};
    return nnx_call_node(&c, NNX_OP_LAYER_NORMALIZATION, in, 3, &attrs, 1, NULL);
}

/* WebNN cumulativeSum: float32, float16, int32, uint32, int64, uint64 (no 8-bit types,
 * webnn#912), widened to nnx's float and 16..64-bit integer types. */
nnx_operand *nnx_builder_cumulative_sum(nnx_builder *b, nnx_operand *x, uint32_t axis,
                                        const nnx_cumulative_sum_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "cumulativeSum", LABEL(o)))
        return POISON(b);
    if (!nnx_call_operand(&c, x, "input") || !nnx_call_dtype(&c, x, "input", NNX_SET_NUMERIC))
        return &b->poison;
    nnx_attrs attrs = {.cumsum = {.axis = axis, .exclusive = o && o->exclusive, .reversed = o && o->reversed}};
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, NNX_OP_CUMULATIVE_SUM, in, 1, &attrs, 1, NULL);
}
