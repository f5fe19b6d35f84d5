/* builder_resample.c — WebNN resample2d (WebNN §8.9.41): the method steps in order (each
 * TypeError -> NNX_ERROR_INVALID_ARGUMENT), then core resample with the output extents
 * resolved from sizes or scales. */
#include "api/limits.h"

#include <math.h>

#define LABEL(o) ((o) ? (o)->label : NULL)
#define POISON(b) ((b) ? &(b)->poison : NULL)

static bool resample_lists(nnx_op_call *c, const nnx_resample2d_options *o, uint32_t rank, uint32_t axes[2])
{
    if (o->scales && o->scales_count != 2) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "scales has %u items, it must have 2", o->scales_count);
        return false;
    }
    for (uint32_t i = 0; o->scales && i < 2; i++)
        if (!(o->scales[i] > 0)) {
            nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "scales[%u] %g is not greater than 0", i,
                          (double)o->scales[i]);
            return false;
        }
    uint32_t sizes[2];
    if (!nnx_call_list_u32(c, "sizes", o->sizes, o->sizes_count, 2, 1, true, sizes) ||
        !nnx_call_list_u32(c, "axes", o->axes, o->axes_count, 2, 0, false, axes))
        return false;
    if (!o->axes) {
        axes[0] = 2;
        axes[1] = 3;
    }
    for (int i = 0; i < 2; i++)
        if (axes[i] >= rank) {
            nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", axes[i], rank);
            return false;
        }
    if (axes[0] == axes[1]) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis %u is given twice", axes[0]);
        return false;
    }
    return true;
}

nnx_operand *nnx_builder_resample2d(nnx_builder *b, nnx_operand *x, const nnx_resample2d_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "resample2d", LABEL(o)))
        return POISON(b);
    nnx_resample2d_options opts = o ? *o : (nnx_resample2d_options){0};
    if (!nnx_call_operand(&c, x, "input") || !nnx_call_dtype(&c, x, "input", NNX_SET_RESAMPLE))
        return &b->poison;
    if (x->desc.rank != 4)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "input has rank %u, expected 4", x->desc.rank);
    if ((unsigned)opts.mode > NNX_INTERPOLATION_LINEAR)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "mode %d is not an interpolation mode", (int)opts.mode);
    nnx_attrs attrs = {
        .resample = {.mode = opts.mode == NNX_INTERPOLATION_LINEAR ? NNX_RESAMPLE_LINEAR : NNX_RESAMPLE_NEAREST}};
    nnx_attr_resample *a = &attrs.resample;
    if (!resample_lists(&c, &opts, x->desc.rank, a->axes))
        return &b->poison;
    for (int i = 0; i < 2; i++) {
        /* WebNN: sizes[i], else floor(extent * scales[i]) (a double product, as in the spec's
         * JavaScript numbers); it must be a valid dimension. */
        double size = opts.sizes ? opts.sizes[i]
                                 : floor((double)x->desc.shape[a->axes[i]] * (opts.scales ? opts.scales[i] : 1.0));
        if (!(size >= 1 && size <= NNX_MAX_DIMENSION))
            return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT,
                                 "output size %g of axis %u is not a valid dimension (1..%u)", size, a->axes[i],
                                 NNX_MAX_DIMENSION);
        a->sizes[i] = (uint32_t)size;
    }
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, NNX_OP_RESAMPLE, in, 1, &attrs, 1, NULL);
}
