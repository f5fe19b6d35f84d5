#!/usr/bin/python3
# gen_tosa_nn.py — writes tests/data/tosa_nn_expected.h: seeded inputs and the outputs of a
# plain Python transcription of the TOSA 1.0 pseudocode (chapter 2)
# for AVG_POOL2D (integer with zero points and reciprocal_scale, float), CONV2D, CONV3D,
# DEPTHWISE_CONV2D, TRANSPOSE_CONV2D and MATMUL with zero points (int8, int16 x int8 -> int48,
# int8 x int4, float), RESIZE (integer and float, nearest and bilinear), and the nan_mode of
# ARGMAX, REDUCE_MAX / REDUCE_MIN and MAX_POOL2D. Integers are Python ints (exact); every
# REQUIRE is respected by the data. Written from the spec, not from the C kernels.
# Run with Debian's python3 and python3-numpy:  /usr/bin/python3 tests/unit/ops/gen_tosa_nn.py
import math
import os

import numpy as np

from gen_ops_common import SignedZeroEmitter, add_fp8_dtypes, to_bf16
from gen_tosa_exhaustive import fp8_value

add_fp8_dtypes()
SEED = 20261127
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "data", "tosa_nn_expected.h")


E = SignedZeroEmitter(np.random.default_rng(SEED))
R = E.rng
RANGE = {"int4": (-7, 7), "int8": (-128, 127), "int16": (-32768, 32767), "int32": (-2**31, 2**31 - 1),
         "int48": (-2**47, 2**47 - 1)}


def ints(t, shape, lo=None, hi=None):
    lo = RANGE[t][0] if lo is None else lo
    hi = RANGE[t][1] if hi is None else hi
    return R.integers(lo, hi, size=shape, endpoint=True).astype(np.int64)


def wrap(v, t):
    bits = {"int32": 32, "int48": 48}[t]
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def apply_scale_32(value, multiplier, shift, double_round=False):
    assert multiplier >= 0 and 2 <= shift <= 62
    assert -(1 << (shift - 1)) <= value < (1 << (shift - 1))
    rnd = 1 << (shift - 1)
    result = (value * multiplier + rnd) >> shift
    assert RANGE["int32"][0] <= result <= RANGE["int32"][1]
    return result


def count_leading_zeros(a):
    acc = 32
    if a != 0:
        mask = 1 << 31
        acc = 0
        while (mask & a) == 0:
            mask >>= 1
            acc += 1
    return acc


def reciprocal_scale(value):
    assert value > 0
    k = 32 - count_leading_zeros(value - 1)
    numerator = ((1 << 30) + 1) << k
    return numerator // value, 30 + k


def c_list(v):
    return "{%s}" % ", ".join(str(int(x)) for x in v)


# ------------------------------------------------------------------ AVG_POOL2D
def avg_pool2d(x, kernel, stride, pad, izp, ozp, t):
    N, IH, IW, C = x.shape
    OH = (IH + pad[0] + pad[1] - kernel[0]) // stride[0] + 1
    OW = (IW + pad[2] + pad[3] - kernel[1]) // stride[1] + 1
    is_float = t.startswith("float")
    out = np.zeros((N, OH, OW, C), dtype=np.float64 if is_float else np.int64)
    for n in range(N):
        for oy in range(OH):
            for ox in range(OW):
                for c in range(C):
                    acc, count = 0, 0
                    iy, ix = oy * stride[0] - pad[0], ox * stride[1] - pad[2]
                    for ky in range(kernel[0]):
                        for kx in range(kernel[1]):
                            y, xx = iy + ky, ix + kx
                            if 0 <= y < IH and 0 <= xx < IW:
                                count += 1
                                acc += (float(x[n, y, xx, c]) if is_float else int(x[n, y, xx, c]) - izp)
                    if is_float:
                        out[n, oy, ox, c] = acc / count
                    else:
                        m, s = reciprocal_scale(count)
                        acc = apply_scale_32(acc, m, s, False) + ozp
                        out[n, oy, ox, c] = max(RANGE[t][0], min(RANGE[t][1], acc))
    return out


def gen_avg_pool():
    for t, izp, ozp, kernel, stride, pad, shape in (
            ("int8", 0, 0, (2, 2), (2, 2), (0, 0, 0, 0), (1, 4, 4, 2)),
            ("int8", -7, 12, (3, 3), (1, 1), (1, 1, 1, 1), (2, 4, 5, 3)),
            ("int8", 100, -100, (3, 2), (2, 1), (2, 0, 1, 1), (1, 5, 4, 2)),
            ("int16", 0, 0, (3, 3), (2, 2), (1, 1, 1, 1), (1, 5, 5, 2)),
            ("int16", 0, 0, (4, 1), (1, 1), (3, 0, 0, 0), (1, 6, 2, 1)),
            ("int8", -128, 127, (8, 8), (1, 1), (7, 7, 7, 7), (1, 9, 9, 1)),  # counts 1..64, zp extremes
            ("int16", 0, 0, (5, 7), (3, 2), (4, 3, 6, 5), (1, 7, 8, 1))):
        x = ints(t, shape)
        y = avg_pool2d(x, kernel, stride, pad, izp, ozp, t)
        attrs = ".tosa_pool = {.kernel = %s, .stride = %s, .pad = %s, .acc_type = NNX_INT32}" % (
            c_list(kernel), c_list(stride), c_list(pad))
        E.add_case("avg_pool_%s_k%d%d_p%d" % (t, kernel[0], kernel[1], sum(pad)), "TOSA_AVG_POOL2D", attrs,
                   [(x, t), (np.array([izp]), t), (np.array([ozp]), t)], (y, t))
    for t, acc in (("float32", "FLOAT32"), ("float16", "FLOAT32"), ("float16", "FLOAT16")):
        x = R.standard_normal((1, 5, 5, 2)).astype(t)
        y = avg_pool2d(x, (3, 3), (2, 2), (1, 1, 1, 1), 0, 0, t).astype(t)
        E.add_case("avg_pool_%s_acc_%s" % (t, acc.lower()), "TOSA_AVG_POOL2D",
                   ".tosa_pool = {.kernel = {3, 3}, .stride = {2, 2}, .pad = {1, 1, 1, 1}, .acc_type = NNX_%s}" % acc,
                   [(x, t), None, None], (y, t))


# ------------------------------------------------------------------ convolutions
def conv(x, w, bias, izp, wzp, pad, stride, dilation, out_t, kind):
    """kind: conv2d, conv3d, depthwise, transpose. Spatial positions as lists."""
    is_float = out_t.startswith("float") or out_t == "bfloat16"
    if kind == "conv3d":
        N, ID, IH, IW, IC = x.shape
        OC, KD, KH, KW, _ = w.shape
    else:
        N, IH, IW, IC = x.shape
        ID, KD = 1, 1
        if kind == "depthwise":
            KH, KW, _, M = w.shape
            OC = IC * M
        else:
            OC, KH, KW, _ = w.shape
    if kind == "conv3d":
        pd0, pd1, pt, pb, pl, pr = pad
        sd, sy, sx = stride
        dd, dy, dx = dilation
    else:
        pd0 = pd1 = 0
        pt, pb, pl, pr = pad
        sd = dd = 1
        sy, sx = stride
        dy, dx = dilation if kind != "transpose" else (1, 1)
    if kind == "transpose":
        OD = 1
        OH = (IH - 1) * sy + pt + pb + KH
        OW = (IW - 1) * sx + pl + pr + KW
    else:
        OD = (ID - 1 + pd0 + pd1 - (KD - 1) * dd) // sd + 1
        OH = (IH - 1 + pt + pb - (KH - 1) * dy) // sy + 1
        OW = (IW - 1 + pl + pr - (KW - 1) * dx) // sx + 1
    out = np.zeros((N, OD, OH, OW, OC), dtype=np.float64 if is_float else np.int64)
    xs = x if kind == "conv3d" else x.reshape(N, 1, IH, IW, IC)
    BC = len(bias)
    for n in range(N):
        for od in range(OD):
            for oy in range(OH):
                for ox in range(OW):
                    for oc in range(OC):
                        acc = 0
                        for kd in range(KD):
                            for ky in range(KH):
                                for kx in range(KW):
                                    if kind == "transpose":
                                        y, xx = oy - pt - ky, ox - pl - kx
                                        ok = 0 <= y < IH * sy and 0 <= xx < IW * sx and y % sy == 0 and xx % sx == 0
                                        d, y, xx = 0, (y // sy if ok else 0), (xx // sx if ok else 0)
                                    else:
                                        d = od * sd - pd0 + kd * dd
                                        y = oy * sy - pt + ky * dy
                                        xx = ox * sx - pl + kx * dx
                                        ok = 0 <= d < ID and 0 <= y < IH and 0 <= xx < IW
                                    if not ok:
                                        continue
                                    chans = [oc // M] if kind == "depthwise" else range(IC)
                                    for ic in chans:
                                        if kind == "depthwise":
                                            wv = w[ky, kx, ic, oc % M]
                                        elif kind == "conv3d":
                                            wv = w[oc, kd, ky, kx, ic]
                                        else:
                                            wv = w[oc, ky, kx, ic]
                                        xv = xs[n, d, y, xx, ic]
                                        if is_float:
                                            acc += float(xv) * float(wv)
                                        else:
                                            acc += (int(xv) - izp) * (int(wv) - wzp)
                        b = bias[0 if BC == 1 else oc]
                        if out_t == "bfloat16":  # static_cast<out_t>(acc), then + bias in out_t
                            out[n, od, oy, ox, oc] = to_bf16(np.array([to_bf16(np.array([acc]))[0] + float(b)]))[0]
                        elif is_float:
                            out[n, od, oy, ox, oc] = float(np.asarray(np.asarray(acc).astype(out_t) + b).astype(out_t))
                        else:
                            out[n, od, oy, ox, oc] = wrap(wrap(acc, out_t) + int(b), out_t)
    return out if kind == "conv3d" else out.reshape(N, OH, OW, OC)


def conv_case(name, op, kind, in_t, w_t, out_t, xshape, wshape, pad, stride, dilation, izp=0, wzp=0, bc=None,
              acc=None):
    x = ints(in_t, xshape) if not in_t.startswith("float") else R.standard_normal(xshape).astype(in_t)
    w = ints(w_t, wshape) if not w_t.startswith("float") else R.standard_normal(wshape).astype(w_t)
    oc = wshape[2] * wshape[3] if kind == "depthwise" else wshape[0]
    bc = oc if bc is None else bc
    if out_t.startswith("float"):
        bias = R.standard_normal(bc).astype(out_t)
    else:
        bias = ints(out_t, (bc,), -1000, 1000)
    y = conv(x, w, bias, izp, wzp, pad, stride, dilation, out_t, kind)
    pads = list(pad) + [0] * (6 - len(pad))
    attrs = ".tosa_conv = {.pad = %s, .stride = %s, .dilation = %s, .acc_type = NNX_%s}" % (
        c_list(pads), c_list(stride), c_list(dilation), (acc or out_t).upper())
    E.add_case(name, op, attrs, [(x, in_t), (w, w_t), (bias, out_t), (np.array([izp]), in_t),
                                 (np.array([wzp]), w_t)], (y.astype(out_t) if out_t.startswith("float") else y, out_t))


def gen_conv():
    conv_case("conv2d_i8", "TOSA_CONV2D", "conv2d", "int8", "int8", "int32", (1, 5, 5, 3), (4, 3, 3, 3),
              (1, 1, 1, 1), (1, 1), (1, 1), izp=-5, wzp=3)
    conv_case("conv2d_i8_stride_dil", "TOSA_CONV2D", "conv2d", "int8", "int8", "int32", (2, 7, 6, 2), (3, 2, 3, 2),
              (1, 1, 2, 0), (2, 1), (2, 2), izp=17, wzp=-9, bc=1)
    conv_case("conv2d_i16_i8", "TOSA_CONV2D", "conv2d", "int16", "int8", "int48", (1, 4, 4, 2), (2, 3, 3, 2),
              (1, 1, 1, 1), (1, 1), (1, 1))
    conv_case("conv2d_i8_i4", "TOSA_CONV2D", "conv2d", "int8", "int4", "int32", (1, 4, 5, 3), (2, 2, 2, 3),
              (0, 0, 0, 0), (1, 1), (1, 1), izp=-128)
    conv_case("conv2d_f32", "TOSA_CONV2D", "conv2d", "float32", "float32", "float32", (1, 4, 4, 2), (2, 3, 3, 2),
              (1, 1, 1, 1), (1, 1), (1, 1))
    conv_case("conv2d_f16_acc32", "TOSA_CONV2D", "conv2d", "float16", "float16", "float16", (1, 4, 4, 2),
              (2, 3, 3, 2), (1, 1, 1, 1), (1, 1), (1, 1), acc="float32")
    conv_case("conv3d_i8", "TOSA_CONV3D", "conv3d", "int8", "int8", "int32", (1, 3, 4, 4, 2), (2, 2, 3, 3, 2),
              (1, 0, 1, 1, 0, 1), (1, 1, 2), (1, 1, 1), izp=4, wzp=-2)
    conv_case("conv3d_i16", "TOSA_CONV3D", "conv3d", "int16", "int8", "int48", (1, 3, 3, 3, 1), (2, 2, 2, 2, 1),
              (0, 1, 0, 1, 0, 1), (2, 1, 2), (1, 1, 1))
    conv_case("depthwise_i8", "TOSA_DEPTHWISE_CONV2D", "depthwise", "int8", "int8", "int32", (1, 5, 5, 2),
              (3, 3, 2, 3), (1, 1, 1, 1), (2, 2), (1, 1), izp=9, wzp=-4)
    conv_case("depthwise_i16_dil", "TOSA_DEPTHWISE_CONV2D", "depthwise", "int16", "int8", "int48", (1, 6, 5, 3),
              (2, 2, 3, 1), (0, 0, 1, 0), (1, 1), (2, 2), bc=1)
    conv_case("transpose_i8", "TOSA_TRANSPOSE_CONV2D", "transpose", "int8", "int8", "int32", (1, 3, 3, 2),
              (3, 3, 3, 2), (0, 0, 0, 0), (2, 2), (1, 1), izp=-3, wzp=5)
    conv_case("transpose_i8_negpad", "TOSA_TRANSPOSE_CONV2D", "transpose", "int8", "int8", "int32", (1, 3, 4, 2),
              (2, 3, 2, 2), (-1, -2, 1, -1), (2, 3), (1, 1), izp=7)
    conv_case("transpose_i16", "TOSA_TRANSPOSE_CONV2D", "transpose", "int16", "int8", "int48", (1, 2, 3, 1),
              (2, 2, 2, 1), (1, 0, 0, 1), (1, 2), (1, 1))
    conv_case("transpose_f32", "TOSA_TRANSPOSE_CONV2D", "transpose", "float32", "float32", "float32", (1, 3, 3, 2),
              (2, 3, 3, 2), (0, 0, 0, 0), (2, 2), (1, 1))


def fp8_rand(t, shape):
    """Random finite fp8 values (by code), as float64."""
    codes = [c for c in range(256) if math.isfinite(fp8_value(c, t[3:]))]
    return np.array([fp8_value(int(c), t[3:]) for c in R.choice(codes, size=int(np.prod(shape)))]).reshape(shape)


def gen_low_precision():
    """fp8 -> fp16 MATMUL / CONV2D / AVG_POOL2D (fp8 out) and bf16 CONV2D (fp32 acc)."""
    for t in ("fp8e4m3", "fp8e5m2"):
        a, b = fp8_rand(t, (1, 2, 6)), fp8_rand(t, (1, 6, 3))
        y = np.einsum("nhc,ncw->nhw", a, b)
        E.add_case("matmul_%s" % t, "TOSA_MATMUL", ".tosa_matmul = {.acc_type = NNX_FLOAT16}", [(a, t), (b, t)],
                   (y, "float16"))
        x = fp8_rand(t, (1, 4, 4, 1))
        y = avg_pool2d(x.astype(np.float64), (2, 2), (2, 2), (0, 0, 0, 0), 0, 0, "float64")
        E.add_case("avg_pool_%s" % t, "TOSA_AVG_POOL2D", ".tosa_pool = {.kernel = {2, 2}, .stride = {2, 2}, "
                   ".acc_type = NNX_FLOAT16}", [(x, t)], (y, t))
    x, w = fp8_rand("fp8e4m3", (1, 3, 3, 2)), fp8_rand("fp8e4m3", (2, 2, 2, 2))
    bias = R.standard_normal(2).astype(np.float16)
    y = conv(x, w, bias, 0, 0, (0, 0, 0, 0), (1, 1), (1, 1), "float16", "conv2d")
    E.add_case("conv2d_fp8e4m3", "TOSA_CONV2D", ".tosa_conv = {.stride = {1, 1}, .dilation = {1, 1}, "
               ".acc_type = NNX_FLOAT16}", [(x, "fp8e4m3"), (w, "fp8e4m3"), (bias, "float16")], (y, "float16"))
    x, w = to_bf16(R.standard_normal((1, 3, 3, 2))), to_bf16(R.standard_normal((2, 2, 2, 2)))
    bias = to_bf16(R.standard_normal(2))
    y = conv(x, w, bias, 0, 0, (0, 0, 0, 0), (1, 1), (1, 1), "bfloat16", "conv2d")
    E.add_case("conv2d_bf16", "TOSA_CONV2D", ".tosa_conv = {.stride = {1, 1}, .dilation = {1, 1}, "
               ".acc_type = NNX_FLOAT32}", [(x, "bfloat16"), (w, "bfloat16"), (bias, "bfloat16")],
               (y, "bfloat16"))


def gen_matmul():
    for t, ot, za, zb in (("int8", "int32", -3, 8), ("int8", "int32", 0, 0), ("int16", "int48", 0, 0)):
        a, b = ints(t, (2, 3, 5)), ints(t, (2, 5, 4))
        y = np.zeros((2, 3, 4), dtype=np.int64)
        for n in range(2):
            for h in range(3):
                for w in range(4):
                    y[n, h, w] = wrap(sum((int(a[n, h, c]) - za) * (int(b[n, c, w]) - zb) for c in range(5)), ot)
        E.add_case("matmul_%s_zp%d" % (t, za != 0), "TOSA_MATMUL", ".tosa_matmul = {.acc_type = NNX_%s}" % ot.upper(),
                   [(a, t), (b, t), (np.array([za]), t), (np.array([zb]), t)], (y, ot))
    a, b = R.standard_normal((1, 3, 4)).astype(np.float16), R.standard_normal((1, 4, 2)).astype(np.float16)
    y = np.einsum("nhc,ncw->nhw", a.astype(np.float64), b.astype(np.float64)).astype(np.float32)
    E.add_case("matmul_f16_f32", "TOSA_MATMUL", ".tosa_matmul = {.acc_type = NNX_FLOAT32}", [(a, "float16"),
                                                                                              (b, "float16")],
               (y, "float32"))


# ------------------------------------------------------------------ RESIZE
def idiv_floor(a, b):
    rval = abs(a) // abs(b)
    rval = rval if (a >= 0) == (b > 0) else -rval  # C's truncating division
    if rval * b > a:
        rval -= 1
    return rval


def resize(x, scale, offset, border, mode, out_t):
    N, IH, IW, C = x.shape
    yn, yd, xn, xd = scale
    OH = ((IH - 1) * yn - offset[0] + border[0]) // yd + 1
    OW = ((IW - 1) * xn - offset[1] + border[1]) // xd + 1
    is_float = out_t.startswith("float")
    out = np.zeros((N, OH, OW, C), dtype=np.float64 if is_float else np.int64)
    for n in range(N):
        for oy in range(OH):
            for ox in range(OW):
                y, xx = oy * yd + offset[0], ox * xd + offset[1]
                iy, ix = idiv_floor(y, yn), idiv_floor(xx, xn)
                ry, rx = y - iy * yn, xx - ix * xn
                if is_float:
                    dy, dx = ry / yn, rx / xn
                    uy = ux = 1.0
                else:
                    dy, dx, uy, ux = ry, rx, yn, xn
                iy0, iy1 = max(iy, 0), min(iy + 1, IH - 1)
                ix0, ix1 = max(ix, 0), min(ix + 1, IW - 1)
                for c in range(C):
                    if mode == "BILINEAR":
                        v00, v01 = x[n, iy0, ix0, c], x[n, iy0, ix1, c]
                        v10, v11 = x[n, iy1, ix0, c], x[n, iy1, ix1, c]
                        conv_ = float if is_float else int
                        acc = conv_(v00) * (uy - dy) * (ux - dx) + conv_(v01) * (uy - dy) * dx
                        acc += conv_(v10) * dy * (ux - dx) + conv_(v11) * dy * dx
                        out[n, oy, ox, c] = acc
                    else:
                        if is_float:
                            ry_, rx_ = (iy1 if dy >= 0.5 else iy0), (ix1 if dx >= 0.5 else ix0)
                        else:
                            ry_, rx_ = (iy1 if 2 * dy >= yn else iy0), (ix1 if 2 * dx >= xn else ix0)
                        out[n, oy, ox, c] = x[n, ry_, rx_, c]
    return out


def gen_resize():
    setups = [((4, 2, 4, 2), (-1, -1), (1, 1), (1, 3, 3, 2)),     # 2x, half-pixel centres (the spec's example)
              ((3, 1, 5, 2), (0, 0), (0, 0), (1, 2, 3, 1)),      # integer and fractional upscale
              ((2, 3, 3, 4), (0, 1), (0, -3), (1, 4, 5, 1)),     # downscale
              ((5, 4, 7, 3), (-2, 3), (2, -3), (1, 5, 4, 2)),    # odd ratios, offsets and borders
              ((2046, 1023, 2048, 512), (1023, 0), (0, 0), (1, 2, 2, 1))]  # numerators near 2^11
    for k, (scale, offset, border, shape) in enumerate(setups):
        for t in ("int8", "int16"):
            x = ints(t, shape)
            for mode in ("NEAREST", "BILINEAR"):
                ot = t if mode == "NEAREST" else ("int32" if t == "int8" else "int48")
                try:
                    y = resize(x, scale, offset, border, mode, ot)
                except ZeroDivisionError:
                    continue
                # require the exact output-size division (ERROR_IF)
                assert ((shape[1] - 1) * scale[0] - offset[0] + border[0]) % scale[1] == 0
                assert ((shape[2] - 1) * scale[2] - offset[1] + border[1]) % scale[3] == 0
                E.add_case("resize_%d_%s_%s" % (k, t, mode.lower()), "TOSA_RESIZE",
                           ".tosa_resize = {.mode = NNX_TOSA_RESIZE_%s, .scale = %s, .offset = %s, .border = %s}"
                           % (mode, c_list(scale), c_list(offset), c_list(border)), [(x, t)], (y, ot))
    x = R.standard_normal((1, 3, 3, 2)).astype(np.float32)
    for mode in ("NEAREST", "BILINEAR"):
        y = resize(x, (4, 2, 4, 2), (-1, -1), (1, 1), mode, "float32").astype(np.float32)
        E.add_case("resize_f32_%s" % mode.lower(), "TOSA_RESIZE",
                   ".tosa_resize = {.mode = NNX_TOSA_RESIZE_%s, .scale = {4, 2, 4, 2}, .offset = {-1, -1}, "
                   ".border = {1, 1}}" % mode, [(x, "float32")], (y, "float32"))


# ------------------------------------------------------------------ nan_mode
def apply_max_s(a, b, ignore):
    if math.isnan(a) or math.isnan(b):
        if not ignore:
            return math.nan
        return b if math.isnan(a) else a
    return a if a >= b else b


def apply_min_s(a, b, ignore):
    if math.isnan(a) or math.isnan(b):
        if not ignore:
            return math.nan
        return b if math.isnan(a) else a
    return a if a < b else b


def gen_nan_modes():
    nan = math.nan
    x = np.array([[1.0, nan, 3.0, -2.0], [nan, nan, nan, nan], [-1.0, -5.0, nan, -5.0], [2.0, 7.0, 7.0, 0.5]],
                 dtype=np.float32)
    for mode in ("PROPAGATE", "IGNORE"):
        ig = mode == "IGNORE"
        # ARGMAX over axis 1 (verbatim: max_value starts at NaN under IGNORE, else minimum)
        idx = []
        for row in x:
            max_value, max_index = (nan if ig else -math.inf), 0
            for i, v in enumerate(row):
                result = apply_max_s(float(v), max_value, ig)
                if not (result == max_value or (math.isnan(result) and math.isnan(max_value))):
                    max_value, max_index = result, i
            idx.append(max_index)
        E.add_case("argmax_f32_%s" % mode.lower(), "REDUCE_ARGMAX",
                   ".arg_reduce = {.axes_mask = 2, .keep_dims = false, .index_dtype = NNX_INT32, "
                   ".nan_mode = NNX_NAN_%s}" % mode, [(x, "float32")], (np.array(idx), "int32"))
        for op, f, init in (("MAX", apply_max_s, -math.inf), ("MIN", apply_min_s, math.inf)):
            y = []
            for row in x:
                acc = nan if ig else init
                for v in row:
                    acc = f(acc, float(v), ig)
                y.append([acc])
            E.add_case("reduce_%s_f32_%s" % (op.lower(), mode.lower()), "REDUCE_" + op,
                       ".reduce = {.axes_mask = 2, .keep_dims = true, .nan_mode = NNX_NAN_%s}" % mode,
                       [(x, "float32")], (np.array(y, dtype=np.float32), "float32"))
        # MAX_POOL2D 2x2 stride 1, NHWC [1, 4, 4, 1] -> [1, 3, 3, 1]
        img = x.reshape(1, 4, 4, 1)
        y = np.zeros((1, 3, 3, 1), dtype=np.float32)
        for oy in range(3):
            for ox in range(3):
                acc = nan if ig else -math.inf
                for ky in range(2):
                    for kx in range(2):
                        acc = apply_max_s(acc, float(img[0, oy + ky, ox + kx, 0]), ig)
                y[0, oy, ox, 0] = acc
        E.add_case("max_pool_f32_%s" % mode.lower(), "MAX_POOL",
                   ".pool = {.window = {2, 2}, .strides = {1, 1}, .dilations = {1, 1}, .layout = NNX_LAYOUT_NHWC, "
                   ".nan_mode = NNX_NAN_%s}" % mode, [(img, "float32")], (y, "float32"))
    xi = ints("int8", (3, 5))
    E.add_case("argmax_i8", "REDUCE_ARGMAX", ".arg_reduce = {.axes_mask = 2, .index_dtype = NNX_INT32}",
               [(xi, "int8")], (np.array([int(np.argmax(r)) for r in xi]), "int32"))


def main():
    np.seterr(over="ignore")  # fp8 products may overflow float16: inf is the intended result
    gen_avg_pool()
    gen_conv()
    gen_matmul()
    gen_low_precision()
    gen_resize()
    gen_nan_modes()
    E.write(OUT, "tosa_nn_expected.h", "gen_tosa_nn.py", np.__version__, SEED,
            "TOSA pooling, convolutions, MATMUL, RESIZE and nan_mode: a transcription of the spec pseudocode.")


if __name__ == "__main__":
    main()
