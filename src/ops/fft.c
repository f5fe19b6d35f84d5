/* fft.c — core fft2d and rfft2d (ops.def; TOSA 1.0 §2.3.6 FFT2D, §2.3.9 RFFT2D): the 2-D
 * discrete Fourier transform of [N, H, W] float32 tensors without scaling, each output
 * element a direct sum over the input computed in double and rounded once. The angle of
 * term (iy, ix) for output (oy, ox) is 2 pi ((iy oy mod H) / H + (ix ox mod W) / W), the
 * index products reduced modulo H and W first as the spec's pseudocode does (so the angle
 * stays below 4 pi and is exact enough for the fp64 reference). Direct sums are O((HW)^2)
 * per image: this is the reference oracle, not a fast FFT. RFFT2D's imaginary part is
 * exactly 0 at (0, 0), (0, W/2), (H/2, 0), (H/2, W/2). */
#include "ops/table.h"
#include "ir/elem.h"

#include <math.h>

static bool power_of_two(uint32_t v) { return v && !(v & (v - 1)); }

/* fft2d: inputs real, imag [N, H, W] of one float type; rfft2d: real only. Outputs (real,
 * imag) [N, H, W] (fft2d) or [N, H, W/2 + 1] (rfft2d). H, W powers of two. */
nnx_status nnx_infer_fft2d(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                           nnx_error *err)
{
    const nnx_operand_desc *x = in[0];
    if (x->rank != 3)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input has rank %u, expected 3 ([N, H, W])", x->rank);
    if (x->dtype != NNX_FLOAT32)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not float32", nnx_dtype_name(x->dtype));
    if (args->op == NNX_OP_FFT2D && !nnx_desc_equal(in[0], in[1]))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the real and imaginary inputs differ in type or shape");
    if (!power_of_two(x->shape[1]) || !power_of_two(x->shape[2]))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "H = %u and W = %u must be powers of two", x->shape[1],
                             x->shape[2]);
    out[0] = *x;
    if (args->op == NNX_OP_RFFT2D)
        out[0].shape[2] = x->shape[2] / 2 + 1;
    out[1] = out[0];
    return NNX_OK;
}

nnx_status nnx_ref_fft2d(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const uint32_t N = in[0].desc.shape[0], H = in[0].desc.shape[1], W = in[0].desc.shape[2];
    const uint32_t OW = out[0].desc.shape[2];
    const bool real_only = args->op == NNX_OP_RFFT2D;
    const double sign = !real_only && args->attrs->fft.inverse ? -1.0 : 1.0;
    const double two_pi = 6.283185307179586476925286766559;
    nnx_dtype dt = in[0].desc.dtype;
    for (uint32_t n = 0; n < N; n++)
        for (uint32_t oy = 0; oy < H; oy++)
            for (uint32_t ox = 0; ox < OW; ox++) {
                double sr = 0, si = 0;
                size_t base = (size_t)n * H * W;
                for (uint32_t iy = 0; iy < H; iy++)
                    for (uint32_t ix = 0; ix < W; ix++) {
                        size_t i = base + (size_t)iy * W + ix;
                        double re = nnx_load_f(dt, in[0].data, i);
                        double im = real_only ? 0.0 : nnx_load_f(dt, in[1].data, i);
                        uint64_t ay = (uint64_t)iy * oy % H, ax = (uint64_t)ix * ox % W;
                        double a = sign * two_pi * ((double)ay / H + (double)ax / W);
                        double c = cos(a), s = sin(a);
                        sr += re * c + im * s;
                        /* RFFT2D skips the imaginary terms where sin(a) is 0 in exact
                         * arithmetic (ay, ax multiples of H/2, W/2), as the spec does. */
                        if (!real_only || (H > 1 && ay % (H / 2) > 0) || (W > 1 && ax % (W / 2) > 0))
                            si += -re * s + im * c;
                    }
                size_t o = ((size_t)n * H + oy) * OW + ox;
                nnx_store_f(out[0].desc.dtype, out[0].data, o, sr);
                nnx_store_f(out[1].desc.dtype, out[1].data, o, si);
            }
    return NNX_OK;
}
