#!/usr/bin/python3
# gen_ops_spatial.py — writes tests/data/ops_spatial_expected.h: seeded random inputs and the expected
# outputs of resample (WebNN resample2d: nearest / linear, any two axes, float and 8-bit types)
# and l2_pool (WebNN l2Pool2d), computed with numpy and exact Python fractions from the spec's
# formulas, independently of the C kernels. Run: /usr/bin/python3 tests/unit/ops/gen_ops_spatial.py
import math
import os
import sys
from fractions import Fraction

import numpy as np

from gen_ops_common import Emitter, to_dtype

SEED = 20261122
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "data", "ops_spatial_expected.h")
E = Emitter(np.random.default_rng(SEED))


# ------------------------------------------------------------------ resample oracle

def coordinate(o, n_in, n_out):
    """WebNN: scale = out / in; c = clamp((o + 0.5) / scale - 0.5, 0, in - 1), exactly."""
    c = (Fraction(2 * o + 1, 2) * n_in) / n_out - Fraction(1, 2)
    return min(max(c, Fraction(0)), Fraction(n_in - 1))


def round_half_away(v):
    return int(math.floor(abs(v) + Fraction(1, 2))) * (1 if v >= 0 else -1)


def resample_ref(x, mode, axes, sizes, dtype):
    a0, a1 = axes
    out_shape = list(x.shape)
    out_shape[a0], out_shape[a1] = sizes
    xv = np.asarray(x, dtype=object) if not dtype.startswith("float") and dtype != "bfloat16" else np.asarray(x)
    y = np.empty(out_shape, dtype=object)
    for idx in np.ndindex(*out_shape):
        cy = coordinate(idx[a0], x.shape[a0], sizes[0])
        cx = coordinate(idx[a1], x.shape[a1], sizes[1])

        def at(iy, ix):
            src = list(idx)
            src[a0], src[a1] = iy, ix
            v = xv[tuple(src)]
            return Fraction(int(v)) if not isinstance(v, (float, np.floating)) else Fraction(float(v))

        if mode == "NEAREST":
            src = list(idx)
            src[a0], src[a1] = math.ceil(cy - Fraction(1, 2)), math.ceil(cx - Fraction(1, 2))
            y[idx] = x[tuple(src)]
            continue
        y0, y1, x0, x1 = math.floor(cy), math.ceil(cy), math.floor(cx), math.ceil(cx)
        ty, tx = cy - y0, cx - x0
        vy0 = at(y0, x0) * (1 - tx) + at(y0, x1) * tx
        vy1 = at(y1, x0) * (1 - tx) + at(y1, x1) * tx
        v = vy0 * (1 - ty) + vy1 * ty
        y[idx] = float(v) if dtype.startswith("float") or dtype == "bfloat16" else round_half_away(v)
    if mode == "NEAREST":
        return y.astype(x.dtype)
    return to_dtype(y.astype(np.float64), dtype) if dtype.startswith("float") or dtype == "bfloat16" else \
        y.astype(dtype)


def resample_case(name, shape, mode, axes, sizes, dtype="float32", x=None):
    if x is None:
        x = E.rand(shape, dtype, 4.0)
    y = resample_ref(x, mode, axes, sizes, dtype)
    attrs = ".resample = {.mode = NNX_RESAMPLE_%s, .axes = {%d, %d}, .sizes = {%d, %d}}" % (mode, *axes, *sizes)
    E.add_case(name, "RESAMPLE", attrs, [(x, dtype)], (y, dtype))


def resample_cases():
    # The spec's example: 4x4 -> 8x8 linear (its first row is 0 0.25 0.75 1.25 1.75 2.25 2.75 3).
    ex = np.array([[0, 1, 2, 3], [0, 1, 2, 3], [12, 13, 14, 15], [12, 13, 14, 15]], np.float32).reshape(1, 1, 4, 4)
    resample_case("resample_linear_spec_example", None, "LINEAR", (2, 3), (8, 8), x=ex)
    resample_case("resample_nearest_up_f32", (1, 2, 3, 4), "NEAREST", (2, 3), (6, 8))
    resample_case("resample_nearest_fractional_f32", (2, 1, 5, 7), "NEAREST", (2, 3), (3, 4))
    # Halving puts every coordinate at k + 0.5: ceil(c - 0.5) takes the lower neighbour.
    resample_case("resample_nearest_ties_f32", (1, 1, 4, 6), "NEAREST", (2, 3), (2, 3))
    resample_case("resample_nearest_uint8", (1, 2, 4, 3), "NEAREST", (2, 3), (7, 5), "uint8")
    resample_case("resample_nearest_int8_nhwc_axes", (1, 3, 4, 2), "NEAREST", (1, 2), (5, 2), "int8")
    resample_case("resample_nearest_int32_axes01", (3, 2, 2, 1), "NEAREST", (0, 1), (5, 3), "int32")
    resample_case("resample_nearest_axes_reversed", (1, 2, 3, 4), "NEAREST", (3, 2), (6, 5))
    resample_case("resample_linear_up_f32", (1, 2, 3, 3), "LINEAR", (2, 3), (7, 5))
    resample_case("resample_linear_down_f32", (1, 1, 7, 9), "LINEAR", (2, 3), (3, 4))
    resample_case("resample_linear_f16", (1, 2, 3, 4), "LINEAR", (2, 3), (5, 6), "float16")
    resample_case("resample_linear_f64", (2, 1, 4, 3), "LINEAR", (2, 3), (6, 7), "float64")
    resample_case("resample_linear_bf16", (1, 1, 3, 3), "LINEAR", (2, 3), (4, 6), "bfloat16")
    resample_case("resample_linear_uint8", (1, 2, 3, 4), "LINEAR", (2, 3), (7, 9), "uint8")
    resample_case("resample_linear_int8", (1, 1, 4, 4), "LINEAR", (2, 3), (8, 6), "int8")
    # Halving samples the midpoints: -1.5 -> -2, 1.5 -> 2, -0.5 -> -1 (half away from zero).
    tie = np.array([-1, -2, 1, 2, 3, -4], np.int8).reshape(1, 1, 1, 6)
    resample_case("resample_linear_int8_ties", None, "LINEAR", (2, 3), (1, 3), "int8", x=tie)
    resample_case("resample_linear_nhwc_axes_reversed", (1, 3, 4, 2), "LINEAR", (2, 1), (3, 7))
    resample_case("resample_linear_identity_size", (1, 2, 3, 4), "LINEAR", (2, 3), (3, 4))
    resample_case("resample_linear_extent1", (1, 1, 1, 3), "LINEAR", (2, 3), (4, 5))


# ------------------------------------------------------------------ l2 pool oracle

def pool_out(size, k, pb, pe, s, d, rounding):
    calc = Fraction(size - ((k - 1) * d + 1) + pb + pe, s) + 1
    return math.floor(calc) if rounding == "FLOOR" else math.ceil(calc)


def l2_ref(x, window, pads, strides, dil, ohw):
    """sqrt of the sum of squares of the in-bounds taps, one window at a time in float64."""
    N, C, H, W = x.shape
    y = np.zeros((N, C) + tuple(ohw))
    for n, c, oh, ow in np.ndindex(N, C, *ohw):
        total = 0.0
        for kh in range(window[0]):
            ih = oh * strides[0] - pads[0] + kh * dil[0]
            for kw in range(window[1]):
                iw = ow * strides[1] - pads[2] + kw * dil[1]
                if 0 <= ih < H and 0 <= iw < W:
                    total += float(x[n, c, ih, iw]) ** 2
        y[n, c, oh, ow] = math.sqrt(total)
    return y


def l2_case(name, xshape, window, pads=(0, 0, 0, 0), strides=(1, 1), dil=(1, 1), rounding="FLOOR", layout="NCHW",
            dtype="float32", output_sizes=None):
    x = E.rand(xshape, dtype, 2.0)
    H, W = xshape[2:]
    ohw = output_sizes or (pool_out(H, window[0], pads[0], pads[1], strides[0], dil[0], rounding),
                           pool_out(W, window[1], pads[2], pads[3], strides[1], dil[1], rounding))
    y = to_dtype(l2_ref(x, window, pads, strides, dil, ohw), dtype)
    if layout == "NHWC":
        x, y = x.transpose(0, 2, 3, 1), y.transpose(0, 2, 3, 1)
    attrs = (".pool = {.window = {%d, %d}, .pads = {%d, %d, %d, %d}, .strides = {%d, %d}, .dilations = {%d, %d}, "
             ".layout = NNX_LAYOUT_%s, .rounding = NNX_ROUNDING_%s, .has_output_sizes = %s, .output_sizes = {%d, %d}}"
             % (*window, *pads, *strides, *dil, layout, rounding, "true" if output_sizes else "false",
                *(output_sizes or (0, 0))))
    E.add_case(name, "L2_POOL", attrs, [(x, dtype)], (y, dtype))


def l2_cases():
    l2_case("l2_basic_f32", (1, 2, 4, 4), (2, 2))
    l2_case("l2_global_f32", (2, 3, 3, 5), (3, 5))
    l2_case("l2_pad_stride_dilation", (1, 2, 7, 6), (3, 2), pads=(1, 2, 0, 1), strides=(2, 1), dil=(1, 2))
    l2_case("l2_nhwc", (1, 3, 5, 5), (2, 3), strides=(2, 2), layout="NHWC")
    l2_case("l2_ceil", (1, 1, 6, 6), (3, 3), strides=(2, 2), rounding="CEIL")
    l2_case("l2_output_sizes_ceil", (1, 1, 6, 7), (3, 2), strides=(2, 2), output_sizes=(3, 4))
    l2_case("l2_all_padding_window", (1, 1, 2, 2), (1, 1), pads=(2, 2, 2, 2), strides=(2, 2))
    l2_case("l2_f16", (1, 2, 4, 4), (2, 2), strides=(2, 2), dtype="float16")
    l2_case("l2_f64", (1, 1, 5, 5), (3, 3), pads=(1, 1, 1, 1), dtype="float64")


def main():
    resample_cases()
    l2_cases()
    E.write(OUT, "ops_spatial_expected.h", "gen_ops_spatial.py", np.__version__, SEED,
            "resample and l2_pool cases for tests/unit/ops/test_ops_spatial.c (gen_case_runner.h).")
    print("wrote %s: %d cases" % (OUT, len(E.cases)))


if __name__ == "__main__":
    sys.exit(main())
