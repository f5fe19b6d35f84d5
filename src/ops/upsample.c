/* upsample.c — shape inference and the reference kernel of MULTILINEAR_UPSAMPLE (NNEF 1.0.2
 * §4.3.4 multilinear_upsample, NNEF 1.0.2 §4.6.2 roi_resample, decision 21, 22): output extent x * f per axis; each
 * output element is the product-of-1-D-weights blend of its 2^n input neighbours, the border
 * supplying the neighbour one step outside an edge. Weights are exact rationals: integer numerators
 * summed in double, divided once by the common denominator, rounded once more on store. */
#include "ir/dtypes.h"
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"
#include "ops/window.h"

static const char *method_name(nnx_upsample_method m)
{
    switch (m) {
    case NNX_UPSAMPLE_SYMMETRIC: return "symmetric";
    case NNX_UPSAMPLE_ASYMMETRIC: return "asymmetric";
    case NNX_UPSAMPLE_ALIGNED: return "aligned";
    default: return NULL;
    }
}

nnx_status nnx_infer_upsample(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                              nnx_error *err)
{
    const nnx_attr_upsample *a = &args->attrs->upsample;
    const nnx_operand_desc *x = in[0];
    if (!nnx_dtype_is_float(x->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not a floating-point type",
                             nnx_dtype_name(x->dtype));
    if (!method_name(a->method))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "method %d is unknown", (int)a->method);
    if (a->border != NNX_WINDOW_CONSTANT && a->border != NNX_WINDOW_REPLICATE && a->border != NNX_WINDOW_REFLECT &&
        a->border != NNX_WINDOW_REFLECT_EVEN)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "border %d is not constant, replicate, reflect or reflect-even", (int)a->border);
    *out = *x;
    for (uint32_t k = 0; k < x->rank; k++) {
        uint32_t f = a->factor[k], e = x->shape[k];
        if (f < 1)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u: factor 0 (factors must be >= 1)", k);
        if ((uint64_t)e * f > INT32_MAX)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u: output extent %u x %u exceeds 2^31-1", k, e,
                                 f);
        /* 'reflect' mirrors without repeating the edge: a 1-element axis has nothing to mirror
         * (NNEF decision 23) */
        if (a->border == NNX_WINDOW_REFLECT && f > 1 && e == 1)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "axis %u: border 'reflect' needs an extent >= 2 to interpolate (extent 1)", k);
        out->shape[k] = e * f;
    }
    return NNX_OK;
}

/* Mathematical floor division (b > 0). */
static int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && a < 0); }

/* The 1-D sampling position of output i on an axis of input extent x and factor f as
 * j + num / den (0 <= num < den): asymmetric i / f; symmetric (i - (f - 1) / 2) / f =
 * (2i - f + 1) / 2f; aligned i * (x - 1) / (x*f - 1), and j = i, num = 0 when x == 1 or f == 1
 * (NNEF 1.0.2 §4.6.2 roi_resample, decision 21: weight 0 on the missing neighbour). */
static void position(nnx_upsample_method m, int64_t i, int64_t x, int64_t f, int64_t *j, int64_t *num, int64_t *den)
{
    int64_t n;
    switch (m) {
    case NNX_UPSAMPLE_ASYMMETRIC: n = i, *den = f; break;
    case NNX_UPSAMPLE_SYMMETRIC: n = 2 * i - f + 1, *den = 2 * f; break;
    default:
        if (x == 1 || f == 1) {
            *j = f == 1 ? i : 0;
            *num = 0;
            *den = 1;
            return;
        }
        n = i * (x - 1), *den = x * f - 1;
        break;
    }
    *j = floor_div(n, *den);
    *num = n - *j * *den;
}

/* Per axis up to two taps: (j, den - num) and (j + 1, num), integer weights over den; a tap
 * of weight 0 is dropped, so a neighbour that gets no weight is never read. src -1: the tap
 * reads constant 0. */
typedef struct taps {
    uint32_t n;
    int64_t src[2], w[2];
} taps;

/* Sums the integer-weighted neighbours (exact for moderate weights and values) and divides by
 * the product of the denominators once: one rounding in double, one on store. */
nnx_status nnx_ref_multilinear_upsample(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_upsample *a = &args->attrs->upsample;
    const nnx_operand_desc *x = &in[0].desc, *y = &out->desc;
    uint32_t r = x->rank;
    uint64_t xs[NNX_MAX_RANK];
    nnx_strides(x->shape, r, xs);
    if (nnx_shape_elements(y->shape, y->rank) == 0)
        return NNX_OK;
    uint32_t o[NNX_MAX_RANK] = {0};
    size_t oi = 0;
    do {
        taps t[NNX_MAX_RANK];
        uint32_t two[NNX_MAX_RANK], c[NNX_MAX_RANK] = {0};
        double scale = 1.0;
        for (uint32_t k = 0; k < r; k++) {
            int64_t j, num, den, z = x->shape[k];
            position(a->method, o[k], z, a->factor[k], &j, &num, &den);
            t[k].src[0] = nnx_window_source(a->border, j, z);
            t[k].w[0] = den - num; /* > 0: num < den */
            t[k].n = 1;
            if (num != 0) {
                t[k].src[1] = nnx_window_source(a->border, j + 1, z);
                t[k].w[1] = num;
                t[k].n = 2;
            }
            two[k] = t[k].n;
            scale *= (double)den;
        }
        double sum = 0.0;
        do {
            double w = 1.0;
            uint64_t src = 0;
            bool zero = false;
            for (uint32_t k = 0; k < r; k++) {
                zero = zero || t[k].src[c[k]] < 0;
                w *= (double)t[k].w[c[k]];
                src += zero ? 0 : (uint64_t)t[k].src[c[k]] * xs[k];
            }
            if (!zero)
                sum += w * nnx_load_f(x->dtype, in[0].data, (size_t)src);
        } while (nnx_index_next(c, two, r));
        nnx_store_f(y->dtype, out->data, oi++, sum / scale);
    } while (nnx_index_next(o, y->shape, y->rank));
    return NNX_OK;
}
