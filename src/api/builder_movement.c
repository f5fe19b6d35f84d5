/* builder_movement.c — WebNN reshape, transpose, concat, slice, split, expand, reverse,
 * triangular, pad and tile: list lengths and the WebNN limits (tensor counts up to 8192;
 * every extent a valid dimension, > 0, where core IR also allows empty tensors), then the
 * core node (whose inference checks the shapes and output extents). */
#include "api/builder.h"
#include "api/validate.h"

#include <string.h>

#define LABEL(o) ((o) ? (o)->label : NULL)
#define POISON(b) ((b) ? &(b)->poison : NULL)
#define NNX_MAX_TENSOR_COUNT 8192 /* WebNN "valid tensor count" */

static bool one_input(nnx_op_call *c, nnx_builder *b, const char *name, const char *label, nnx_operand *x)
{
    return nnx_call_begin(c, b, name, label) && nnx_call_operand(c, x, "input");
}

/* reshape and expand: x to a new shape of rank entries (the core node checks the sizes). */
static nnx_operand *to_shape(nnx_builder *b, nnx_op op, const char *name, nnx_operand *x, const uint32_t *shape,
                             uint32_t rank, const nnx_operator_options *o)
{
    nnx_op_call c;
    if (!one_input(&c, b, name, LABEL(o), x))
        return POISON(b);
    if (rank > NNX_MAX_RANK)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "new shape has rank %u, the maximum is %d", rank,
                             NNX_MAX_RANK);
    if (rank && !shape)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "new shape is NULL");
    for (uint32_t i = 0; op == NNX_OP_RESHAPE && i < rank; i++)
        if (shape[i] == 0) /* WebNN: a valid dimension (expand's output check says so itself) */
            return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "new shape dimension %u is 0", i);
    nnx_attrs attrs = {.reshape = {.rank = rank}};
    if (rank)
        memcpy(attrs.reshape.shape, shape, rank * sizeof *shape);
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, op, in, 1, &attrs, 1, NULL);
}

nnx_operand *nnx_builder_reshape(nnx_builder *b, nnx_operand *x, const uint32_t *shape, uint32_t rank,
                                 const nnx_operator_options *o)
{
    return to_shape(b, NNX_OP_RESHAPE, "reshape", x, shape, rank, o);
}

nnx_operand *nnx_builder_transpose(nnx_builder *b, nnx_operand *x, const nnx_transpose_options *o)
{
    nnx_op_call c;
    if (!one_input(&c, b, "transpose", LABEL(o), x))
        return POISON(b);
    uint32_t rank = x->desc.rank;
    nnx_attrs attrs = {0};
    if (o && o->permutation) {
        if (!nnx_call_list_length(&c, o->permutation, o->permutation_count, rank, "permutation"))
            return &b->poison;
        memcpy(attrs.transpose.perm, o->permutation, rank * sizeof(uint32_t));
    } else {
        for (uint32_t i = 0; i < rank; i++)
            attrs.transpose.perm[i] = rank - 1 - i;
    }
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, NNX_OP_TRANSPOSE, in, 1, &attrs, 1, NULL);
}

nnx_operand *nnx_builder_concat(nnx_builder *b, nnx_operand *const *inputs, uint32_t count, uint32_t axis,
                                const nnx_operator_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "concat", LABEL(o)))
        return POISON(b);
    if (count == 0 || count > NNX_MAX_TENSOR_COUNT || !inputs)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "%u inputs given, it takes 1 to %d", count,
                             NNX_MAX_TENSOR_COUNT);
    for (uint32_t i = 0; i < count; i++)
        if (!nnx_call_operand(&c, inputs[i], "an input"))
            return &b->poison;
    nnx_attrs attrs = {.axis = {axis}};
    return nnx_call_node(&c, NNX_OP_CONCAT, (const nnx_operand *const *)inputs, count, &attrs, 1, NULL);
}

nnx_operand *nnx_builder_slice(nnx_builder *b, nnx_operand *x, const uint32_t *starts, uint32_t starts_count,
                               const uint32_t *sizes, uint32_t sizes_count, const nnx_slice_options *o)
{
    nnx_op_call c;
    if (!one_input(&c, b, "slice", LABEL(o), x))
        return POISON(b);
    uint32_t rank = x->desc.rank;
    if (!starts || !sizes)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "starts or sizes is NULL");
    const uint32_t *strides = o ? o->strides : NULL;
    if (!nnx_call_list_length(&c, starts, starts_count, rank, "starts") ||
        !nnx_call_list_length(&c, sizes, sizes_count, rank, "sizes") ||
        !nnx_call_list_length(&c, strides, o ? o->strides_count : 0, rank, "strides"))
        return &b->poison;
    nnx_attrs attrs = {0};
    for (uint32_t d = 0; d < rank; d++) {
        if (sizes[d] == 0) /* WebNN: a valid dimension */
            return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "size on axis %u is 0", d);
        attrs.slice.starts[d] = starts[d];
        attrs.slice.sizes[d] = sizes[d];
        attrs.slice.strides[d] = strides ? strides[d] : 1;
    }
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, NNX_OP_SLICE, in, 1, &attrs, 1, NULL);
}

static uint32_t split_fail(nnx_builder *b, uint32_t count, nnx_operand **outputs)
{
    for (uint32_t i = 0; outputs && b && i < count; i++)
        outputs[i] = &b->poison;
    return count;
}

static uint32_t split(nnx_op_call *c, nnx_operand *x, uint32_t *sizes, uint32_t count, uint32_t axis,
                      nnx_operand **outputs)
{
    for (uint32_t k = 0; k < count; k++)
        if (sizes[k] == 0) { /* WebNN: a valid dimension */
            nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "split %u has size 0", k);
            return split_fail(c->b, count, outputs);
        }
    nnx_attrs attrs = {.split = {.axis = axis, .sizes = sizes}};
    const nnx_operand *in[1] = {x};
    if (nnx_call_node(c, NNX_OP_SPLIT, in, 1, &attrs, count, outputs) == &c->b->poison)
        return split_fail(c->b, count, outputs);
    return count;
}

/* Shared prologue of both split forms; NULL sizes buffer (allocated) on failure. */
static uint32_t *split_begin(nnx_op_call *c, nnx_builder *b, nnx_operand *x, uint32_t count, const nnx_split_options *o,
                             nnx_operand **outputs)
{
    if (!one_input(c, b, "split", LABEL(o), x))
        return NULL;
    if (!outputs) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "outputs is NULL");
        return NULL;
    }
    if (count == 0 || count > NNX_MAX_TENSOR_COUNT) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%u splits requested, it takes 1 to %d", count,
                      NNX_MAX_TENSOR_COUNT);
        return NULL;
    }
    uint32_t axis = o ? o->axis : 0;
    if (axis >= x->desc.rank) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", axis, x->desc.rank);
        return NULL;
    }
    uint32_t *sizes = nnx_arena_array(&b->ir.arena, count, sizeof *sizes);
    if (!sizes)
        nnx_call_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    return sizes;
}

uint32_t nnx_builder_split(nnx_builder *b, nnx_operand *x, uint32_t count, const nnx_split_options *o,
                           nnx_operand **outputs)
{
    nnx_op_call c;
    uint32_t *sizes = split_begin(&c, b, x, count, o, outputs);
    if (!sizes)
        return split_fail(b, count, outputs);
    uint32_t axis = o ? o->axis : 0, dim = x->desc.shape[axis];
    if (dim % count != 0) {
        nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "axis %u of size %u does not split into %u equal parts", axis,
                      dim, count);
        return split_fail(b, count, outputs);
    }
    for (uint32_t i = 0; i < count; i++)
        sizes[i] = dim / count;
    return split(&c, x, sizes, count, axis, outputs);
}

uint32_t nnx_builder_split_sizes(nnx_builder *b, nnx_operand *x, const uint32_t *sizes_in, uint32_t count,
                                 const nnx_split_options *o, nnx_operand **outputs)
{
    nnx_op_call c;
    if (!sizes_in && b && nnx_call_begin(&c, b, "split", LABEL(o))) {
        nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "sizes is NULL");
        return split_fail(b, count, outputs);
    }
    uint32_t *sizes = split_begin(&c, b, x, count, o, outputs);
    if (!sizes)
        return split_fail(b, count, outputs);
    memcpy(sizes, sizes_in, count * sizeof *sizes);
    return split(&c, x, sizes, count, o ? o->axis : 0, outputs);
}

nnx_operand *nnx_builder_expand(nnx_builder *b, nnx_operand *x, const uint32_t *shape, uint32_t rank,
                                const nnx_operator_options *o)
{
    return to_shape(b, NNX_OP_EXPAND, "expand", x, shape, rank, o);
}

/* WebNN reverse: axes absent = every axis; an axis out of range or given twice is a
 * TypeError (spec defect WebNN `reverse()` steps, decision 6.1-9: the steps "return failure" on an undefined
 * `axes`). */
nnx_operand *nnx_builder_reverse(nnx_builder *b, nnx_operand *x, const nnx_reverse_options *o)
{
    nnx_op_call c;
    if (!one_input(&c, b, "reverse", LABEL(o), x))
        return POISON(b);
    uint32_t rank = x->desc.rank, mask = 0;
    if (!o || !o->axes)
        mask = rank ? (uint32_t)((1ull << rank) - 1) : 0;
    for (uint32_t i = 0; o && o->axes && i < o->axes_count; i++) {
        uint32_t a = o->axes[i];
        if (a >= rank)
            return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", a, rank);
        if (mask & (1u << a))
            return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "axis %u is given twice", a);
        mask |= 1u << a;
    }
    nnx_attrs attrs = {.reverse = {mask}};
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, NNX_OP_REVERSE, in, 1, &attrs, 1, NULL);
}

nnx_operand *nnx_builder_triangular(nnx_builder *b, nnx_operand *x, const nnx_triangular_options *o)
{
    nnx_op_call c;
    if (!one_input(&c, b, "triangular", LABEL(o), x))
        return POISON(b);
    nnx_attrs attrs = {.triangular = {.upper = !(o && o->lower), .diagonal = o ? o->diagonal : 0}};
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, NNX_OP_TRIANGULAR, in, 1, &attrs, 1, NULL);
}

/* A per-axis list that must be given with exactly `rank` items (NULL allowed for rank 0). */
static bool axis_list(nnx_op_call *c, const uint32_t *list, uint32_t count, uint32_t rank, const char *what)
{
    if (!list && rank)
        return nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s is NULL", what), false;
    return nnx_call_list_length(c, list, count, rank, what);
}

/* WebNN pad: amounts above 2^31-1 cannot give a valid extent; the reflection bound
 * (amount < extent) and the output extents are checked by the core PAD node. */
nnx_operand *nnx_builder_pad(nnx_builder *b, nnx_operand *x, const uint32_t *begin, uint32_t begin_count,
                             const uint32_t *end, uint32_t end_count, const nnx_pad_options *o)
{
    nnx_op_call c;
    if (!one_input(&c, b, "pad", LABEL(o), x))
        return POISON(b);
    uint32_t rank = x->desc.rank;
    if (!axis_list(&c, begin, begin_count, rank, "beginningPadding") ||
        !axis_list(&c, end, end_count, rank, "endingPadding"))
        return &b->poison;
    nnx_padding_mode mode = o ? o->mode : NNX_PADDING_CONSTANT;
    nnx_attrs attrs = {.pad = {.mode = mode == NNX_PADDING_EDGE     ? NNX_PAD_EDGE
                                   : mode == NNX_PADDING_REFLECTION ? NNX_PAD_REFLECT
                                                                    : NNX_PAD_CONSTANT}};
    if (mode != NNX_PADDING_CONSTANT && mode != NNX_PADDING_EDGE && mode != NNX_PADDING_REFLECTION)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "padding mode %d is not a padding mode", (int)mode);
    for (uint32_t d = 0; d < rank; d++) {
        if (begin[d] > INT32_MAX || end[d] > INT32_MAX)
            return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "axis %u: padding %u, %u exceeds 2^31-1", d, begin[d],
                                 end[d]);
        attrs.pad.begin[d] = (int32_t)begin[d];
        attrs.pad.end[d] = (int32_t)end[d];
    }
    attrs.pad.value = nnx_number_cast(o && o->value.kind ? o->value : nnx_f64(0), x->desc.dtype);
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, NNX_OP_PAD, in, 1, &attrs, 1, NULL);
}

/* WebNN tile: the output extents are overflow-checked (WebNN `tile()` steps,
 * spec defect 6.1-14). */
nnx_operand *nnx_builder_tile(nnx_builder *b, nnx_operand *x, const uint32_t *repetitions, uint32_t count,
                              const nnx_operator_options *o)
{
    nnx_op_call c;
    if (!one_input(&c, b, "tile", LABEL(o), x))
        return POISON(b);
    uint32_t rank = x->desc.rank;
    if (!axis_list(&c, repetitions, count, rank, "repetitions"))
        return &b->poison;
    nnx_attrs attrs = {0};
    if (rank)
        memcpy(attrs.tile.repeats, repetitions, rank * sizeof *repetitions);
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, NNX_OP_TILE, in, 1, &attrs, 1, NULL);
}
