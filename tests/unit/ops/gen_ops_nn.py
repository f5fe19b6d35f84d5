#!/usr/bin/python3
# gen_ops_nn.py — writes tests/data/ops_nn_expected.h: seeded random inputs and the expected
# outputs of conv, pooling, matmul, gemm, softmax and reductions, computed with numpy as an
# oracle independent of the C kernels (float64 math, rounded once to the output type).
# Run with Debian's python3 and python3-numpy:  /usr/bin/python3 tests/unit/ops/gen_ops_nn.py
import math
import os
import sys
from fractions import Fraction

import numpy as np

SEED = 20240607
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "data", "ops_nn_expected.h")

DTYPES = {  # numpy dtype name -> (nnx enum, storage kind in the header)
    "float32": ("NNX_FLOAT32", "f"), "float16": ("NNX_FLOAT16", "f"), "float64": ("NNX_FLOAT64", "f"),
    "int4": ("NNX_INT4", "i"), "int48": ("NNX_INT48", "i"), "int8": ("NNX_INT8", "i"), "int32": ("NNX_INT32", "i"), "int64": ("NNX_INT64", "i"),
    "uint8": ("NNX_UINT8", "u"), "uint32": ("NNX_UINT32", "u"), "uint64": ("NNX_UINT64", "u"),
    "bool": ("NNX_BOOL", "u"),
}
INT4_MIN, INT4_MAX = -8, 7
NARROW_SIGNED = {"int4": 4, "int48": 48}  # nnx types numpy lacks; held in int64

arrays = []  # C definitions of the data arrays
cases = []   # C initializers of gen_case


# ------------------------------------------------------------------ emitting C

def c_float(v, dtype):
    v = float(v)
    if math.isnan(v):
        return "NAN"
    if math.isinf(v):
        return "INFINITY" if v > 0 else "-INFINITY"
    # float32/float16 values round-trip through 9 significant digits; float64 needs repr.
    return repr(v) if dtype == "float64" else "%.9g" % v


def c_int(v, kind):
    v = int(v)
    if kind == "u":
        return "UINT64_C(%d)" % v
    if v == -2**63:
        return "(-INT64_C(9223372036854775807) - 1)"
    return "INT64_C(%d)" % v


def emit_array(name, values, dtype):
    kind = DTYPES[dtype][1]
    ctype = {"f": "double", "i": "int64_t", "u": "uint64_t"}[kind]
    flat = np.asarray(values).reshape(-1)
    items = [c_float(v, dtype) if kind == "f" else c_int(v, kind) for v in flat]
    lines = [", ".join(items[i:i + 8]) for i in range(0, len(items), 8)]
    arrays.append("static const %s %s[%d] = {\n    %s};" % (ctype, name, max(len(items), 1),
                                                           ",\n    ".join(lines) if lines else "0"))
    return kind


def tensor(prefix, values, dtype):
    """A gen_tensor initializer for values (numpy array of the logical values)."""
    values = np.asarray(values)
    name = "%s_%d" % (prefix, len(arrays))
    kind = emit_array(name, values, dtype)
    shape = list(values.shape)
    members = [".dtype = %s" % DTYPES[dtype][0], ".rank = %d" % len(shape)]
    if shape:
        members.append(".shape = {%s}" % ", ".join(str(d) for d in shape))
    members.append(".%s = %s" % (kind, name))
    return "{%s}" % ", ".join(members)


ABSENT = "{.dtype = NNX_DTYPE_UNDEFINED}"


def add_case(name, op, attrs, inputs, output):
    """inputs: list of (values, dtype) or None for an absent optional input."""
    ins = [ABSENT if t is None else tensor(name, t[0], t[1]) for t in inputs]
    out = tensor(name, output[0], output[1])
    cases.append('    {"%s", NNX_OP_%s, {%s}, %d, {%s}, %s},' % (name, op, attrs, len(inputs), ", ".join(ins), out))


# ------------------------------------------------------------------ inputs

def randf(shape, dtype="float32", scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(dtype)


def randi(shape, dtype):
    if dtype == "int4":
        return rng.integers(INT4_MIN, INT4_MAX + 1, size=shape, dtype=np.int64)
    if dtype == "bool":
        return rng.integers(0, 2, size=shape).astype(bool)
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)


def f64(x):
    return np.asarray(x).astype(np.float64)


# ------------------------------------------------------------------ conv2d oracle

def conv_ref(x, w, b, pads, strides, dil, groups):
    """x [N,C,H,W], w [O,C/groups,KH,KW], in float64: shifted strided slices + einsum."""
    x, w = f64(x), f64(w)
    N, C, H, W = x.shape
    O, I, KH, KW = w.shape
    (pt, pb, pl, pr), (sh, sw), (dh, dw) = pads, strides, dil
    OH = (H + pt + pb - ((KH - 1) * dh + 1)) // sh + 1
    OW = (W + pl + pr - ((KW - 1) * dw + 1)) // sw + 1
    xp = np.pad(x, ((0, 0), (0, 0), (pt, pb), (pl, pr)))
    out = np.zeros((N, O, OH, OW))
    og = O // groups
    for g in range(groups):
        xs, ws = xp[:, g * I:(g + 1) * I], w[g * og:(g + 1) * og]
        for kh in range(KH):
            for kw in range(KW):
                patch = xs[:, :, kh * dh:kh * dh + (OH - 1) * sh + 1:sh, kw * dw:kw * dw + (OW - 1) * sw + 1:sw]
                out[:, g * og:(g + 1) * og] += np.einsum("nihw,oi->nohw", patch, ws[:, :, kh, kw])
    if b is not None:
        out += f64(b)[None, :, None, None]
    return out


FILTER_PERM = {"OIHW": (0, 1, 2, 3), "HWIO": (2, 3, 1, 0), "OHWI": (0, 2, 3, 1), "IHWO": (1, 2, 3, 0)}


def conv_case(name, xshape, wshape, pads=(0, 0, 0, 0), strides=(1, 1), dil=(1, 1), groups=1, bias=True,
              il="NCHW", fl="OIHW", dtype="float32", il_c=None, fl_c=None, absent_bias_slot=False):
    x, w = randf(xshape, dtype), randf(wshape, dtype)
    b = randf((wshape[0],), dtype) if bias else None
    y = conv_ref(x, w, b, pads, strides, dil, groups).astype(dtype)
    if il == "NHWC":
        x, y = x.transpose(0, 2, 3, 1), y.transpose(0, 2, 3, 1)
    w = w.transpose(FILTER_PERM[fl])
    attrs = (".conv = {.pads = {%d, %d, %d, %d}, .strides = {%d, %d}, .dilations = {%d, %d}, .groups = %d, "
             ".input_layout = %s, .filter_layout = %s}" %
             (*pads, *strides, *dil, groups, il_c or "NNX_LAYOUT_" + il, fl_c or "NNX_FILTER_" + fl))
    ins = [(x, dtype), (w, dtype)] + ([(b, dtype)] if bias else [None] if absent_bias_slot else [])
    add_case(name, "CONV", attrs, ins, (y, dtype))


def conv_cases():
    conv_case("conv_default_layouts", (1, 2, 5, 5), (3, 2, 3, 3), bias=False,
              il_c="NNX_LAYOUT_DEFAULT", fl_c="NNX_FILTER_DEFAULT")
    # groups, dilations, asymmetric padding, strides and bias, in every layout combination
    for il in ("NCHW", "NHWC"):
        for fl in ("OIHW", "HWIO", "OHWI", "IHWO"):
            conv_case("conv_%s_%s" % (il.lower(), fl.lower()), (2, 4, 5, 6), (6, 2, 3, 2), pads=(1, 0, 2, 1),
                      strides=(2, 1), dil=(1, 2), groups=2, il=il, fl=fl)
    conv_case("conv_depthwise_nhwc_ihwo", (1, 3, 4, 4), (3, 1, 3, 3), pads=(1, 1, 1, 1), groups=3,
              il="NHWC", fl="IHWO")
    conv_case("conv_depthwise_x2_nchw_ohwi", (1, 3, 5, 5), (6, 1, 2, 2), strides=(2, 2), groups=3,
              bias=False, fl="OHWI", absent_bias_slot=True)
    conv_case("conv_kernel_fills_padded_input", (1, 2, 3, 4), (2, 2, 5, 4), pads=(1, 1, 0, 0), strides=(3, 3))
    conv_case("conv_f16_nchw_hwio", (1, 3, 5, 5), (4, 3, 3, 3), pads=(1, 1, 1, 1), fl="HWIO", dtype="float16")
    conv_case("conv_f64_nhwc_oihw", (1, 2, 4, 4), (2, 2, 2, 2), pads=(0, 1, 1, 0), dil=(2, 1), il="NHWC",
              dtype="float64")


# ------------------------------------------------------------------ pooling oracle

def pool_out(size, k, pb, pe, s, d, rounding):
    calc = Fraction(size - ((k - 1) * d + 1) + pb + pe, s) + 1  # WebNN, as a real number
    return math.floor(calc) if rounding == "floor" else math.ceil(calc)


def lowest(dtype):
    if dtype.startswith("float"):
        return -np.inf
    return INT4_MIN if dtype == "int4" else (0 if dtype == "bool" else np.iinfo(dtype).min)


def pool_ref(x, kind, window, pads, strides, dil, ohw, dtype):
    """x [N,C,H,W]: stacks the strided slices of every window tap, with an in-bounds mask."""
    N, C, H, W = x.shape
    (KH, KW), (pt, pb, pl, pr), (sh, sw), (dh, dw), (OH, OW) = window, pads, strides, dil, ohw
    eh = max(0, (OH - 1) * sh + (KH - 1) * dh + 1 - pt - H)  # room for windows past the end
    ew = max(0, (OW - 1) * sw + (KW - 1) * dw + 1 - pl - W)
    vals = np.pad(x, ((0, 0), (0, 0), (pt, eh), (pl, ew)))
    mask = np.pad(np.ones((H, W), bool), ((pt, eh), (pl, ew)))
    taps, inb = [], []
    for kh in range(KH):
        for kw in range(KW):
            sl = (slice(kh * dh, kh * dh + (OH - 1) * sh + 1, sh), slice(kw * dw, kw * dw + (OW - 1) * sw + 1, sw))
            taps.append(vals[(slice(None), slice(None)) + sl])
            inb.append(mask[sl])
    taps, inb = np.stack(taps), np.stack(inb)[:, None, None]
    if kind == "avg":
        count = inb.sum(axis=0)
        total = np.where(inb, f64(taps), 0.0).sum(axis=0)
        return np.where(count > 0, total / np.maximum(count, 1), 0.0).astype(dtype)
    low = np.array(lowest(dtype), dtype=np.float64 if dtype.startswith("float") else taps.dtype)
    return np.where(inb, taps, low).max(axis=0).astype(dtype if dtype != "int4" else np.int64)


def pool_case(name, kind, xshape, window, pads=(0, 0, 0, 0), strides=(1, 1), dil=(1, 1), rounding="floor",
              layout="NCHW", dtype="float32", output_sizes=None, layout_c=None, rounding_c=None, x=None):
    if x is None:
        x = randf(xshape, dtype) if dtype.startswith("float") else randi(xshape, dtype)
    H, W = x.shape[2:]
    if output_sizes:
        ohw = output_sizes
    else:
        ohw = (pool_out(H, window[0], pads[0], pads[1], strides[0], dil[0], rounding),
               pool_out(W, window[1], pads[2], pads[3], strides[1], dil[1], rounding))
    y = pool_ref(x, kind, window, pads, strides, dil, ohw, dtype)
    if layout == "NHWC":
        x, y = x.transpose(0, 2, 3, 1), y.transpose(0, 2, 3, 1)
    attrs = (".pool = {.window = {%d, %d}, .pads = {%d, %d, %d, %d}, .strides = {%d, %d}, .dilations = {%d, %d}, "
             ".layout = %s, .rounding = %s, .has_output_sizes = %s, .output_sizes = {%d, %d}}" %
             (*window, *pads, *strides, *dil, layout_c or "NNX_LAYOUT_" + layout,
              rounding_c or "NNX_ROUNDING_" + rounding.upper(), "true" if output_sizes else "false",
              *(output_sizes or (0, 0))))
    add_case(name, "AVG_POOL" if kind == "avg" else "MAX_POOL", attrs, [(x, dtype)], (y, dtype))


def pool_cases():
    pool_case("avg_defaults_pad_s2", "avg", (1, 2, 5, 5), (3, 3), pads=(1, 1, 1, 1), strides=(2, 2),
              layout_c="NNX_LAYOUT_DEFAULT", rounding_c="NNX_ROUNDING_DEFAULT")
    pool_case("avg_nhwc_ceil_dilated", "avg", (2, 3, 6, 7), (2, 3), pads=(0, 1, 1, 0), strides=(2, 2),
              dil=(2, 1), rounding="ceil", layout="NHWC")
    pool_case("avg_all_padding_windows", "avg", (1, 1, 2, 2), (1, 1), pads=(2, 2, 2, 2), strides=(2, 2))
    pool_case("avg_ceil_past_end", "avg", (1, 1, 5, 5), (1, 1), strides=(3, 3), rounding="ceil")
    pool_case("avg_global", "avg", (1, 3, 4, 5), (4, 5))
    pool_case("avg_ceil_window_exceeds_input", "avg", (1, 1, 2, 2), (4, 4), strides=(3, 3), rounding="ceil")
    pool_case("avg_output_sizes_ceil", "avg", (1, 2, 5, 5), (2, 2), strides=(2, 2), output_sizes=(3, 3))
    pool_case("avg_f16", "avg", (1, 2, 6, 6), (3, 3), pads=(1, 1, 1, 1), dtype="float16")
    pool_case("max_pad_ceil", "max", (1, 2, 6, 6), (3, 3), pads=(1, 0, 0, 1), strides=(2, 2), rounding="ceil")
    pool_case("max_nhwc_dilated", "max", (1, 3, 7, 7), (2, 2), dil=(2, 3), layout="NHWC")
    pool_case("max_output_sizes_floor", "max", (1, 1, 6, 7), (3, 2), strides=(2, 2), rounding="ceil",
              output_sizes=(2, 3))
    pool_case("max_all_padding_windows", "max", (1, 1, 2, 2), (1, 1), pads=(2, 2, 2, 2), strides=(2, 2))
    xnan = randf((1, 1, 4, 4))
    xnan[0, 0, 1, 2] = np.nan
    pool_case("max_nan_propagates", "max", None, (2, 2), strides=(2, 2), x=xnan)
    pool_case("max_f16_nhwc", "max", (1, 2, 4, 4), (2, 2), strides=(2, 2), layout="NHWC", dtype="float16")
    pool_case("max_int8_padding", "max", (1, 2, 4, 4), (2, 2), pads=(1, 1, 1, 1), strides=(2, 2), dtype="int8")
    pool_case("max_int8_all_padding", "max", (1, 1, 2, 2), (1, 1), pads=(2, 2, 2, 2), strides=(2, 2),
              dtype="int8")
    pool_case("max_uint64_big", "max", (1, 2, 3, 3), (2, 2), dtype="uint64",
              x=np.array([2**63 + 5, 7, 2**64 - 1, 2**63, 1, 2**62, 0, 2**63 - 1, 9] * 2,
                         dtype=np.uint64).reshape(1, 2, 3, 3))
    pool_case("max_int32_nhwc", "max", (2, 2, 3, 4), (2, 2), pads=(0, 1, 0, 1), layout="NHWC", dtype="int32")


# ------------------------------------------------------------------ matmul, gemm, softmax

def matmul_case(name, ashape, bshape, dtype="float32"):
    a, b = randf(ashape, dtype), randf(bshape, dtype)
    add_case(name, "MATMUL", ".none = {0}", [(a, dtype), (b, dtype)], ((f64(a) @ f64(b)).astype(dtype), dtype))


def gemm_case(name, ashape, bshape, cshape=None, alpha=1.0, beta=1.0, ta=False, tb=False, dtype="float32"):
    a, b = randf(ashape, dtype), randf(bshape, dtype)
    at, bt = (f64(a).T if ta else f64(a)), (f64(b).T if tb else f64(b))
    y = alpha * (at @ bt)
    ins = [(a, dtype), (b, dtype)]
    if cshape == "absent":
        ins.append(None)
    elif cshape is not None:
        c = randf(cshape, dtype)
        y = y + beta * f64(c)
        ins.append((c, dtype))
    attrs = ".gemm = {.alpha = %s, .beta = %s, .trans_a = %s, .trans_b = %s}" % (
        c_float(alpha, "float64"), c_float(beta, "float64"), "true" if ta else "false", "true" if tb else "false")
    add_case(name, "GEMM", attrs, ins, (y.astype(dtype), dtype))


def softmax_ref(x, axis):
    x = f64(x)
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def softmax_case(name, x, axis, dtype="float32"):
    add_case(name, "SOFTMAX", ".axis = {%d}" % axis, [(x, dtype)], (softmax_ref(x, axis).astype(dtype), dtype))


def linear_cases():
    matmul_case("matmul_2d", (3, 4), (4, 5))
    matmul_case("matmul_batch_b_broadcast", (2, 3, 4), (4, 5))
    matmul_case("matmul_batch_both_broadcast", (2, 1, 3, 4), (3, 4, 2))
    matmul_case("matmul_batch_rank_mismatch", (1, 2, 3), (4, 1, 3, 2))
    matmul_case("matmul_f16", (2, 3, 4), (2, 4, 3), dtype="float16")
    matmul_case("matmul_f64", (3, 3), (3, 3), dtype="float64")
    gemm_case("gemm_plain", (3, 4), (4, 5))
    gemm_case("gemm_absent_c_slot", (2, 3), (3, 2), cshape="absent", alpha=3.0, beta=float("inf"))
    gemm_case("gemm_ta_c_row", (4, 3), (4, 5), cshape=(5,), alpha=0.5, beta=2.0, ta=True)
    gemm_case("gemm_tb_c_column", (3, 4), (5, 4), cshape=(3, 1), alpha=-1.5, beta=0.25, tb=True)
    gemm_case("gemm_ta_tb_c_scalar", (4, 3), (5, 4), cshape=(), alpha=2.0, beta=-1.0, ta=True, tb=True)
    gemm_case("gemm_c_full", (3, 4), (4, 5), cshape=(3, 5), beta=0.5)
    gemm_case("gemm_f16_c_1xn", (2, 3), (3, 4), cshape=(1, 4), alpha=0.75, beta=1.25, dtype="float16")
    x = randf((3, 4, 5))
    for axis in range(3):
        softmax_case("softmax_axis%d" % axis, x, axis)
    softmax_case("softmax_rank1_large", (randf((7,), scale=3.0) + 1000).astype("float32"), 0)
    softmax_case("softmax_f16", randf((4, 6), "float16"), 1, dtype="float16")


# ------------------------------------------------------------------ reductions

NP_REDUCE = {"SUM": np.sum, "MEAN": np.mean, "MAX": np.max, "MIN": np.min}


def wrap_int(v, dtype):
    """Python integers reduced modulo 2^bits into the type's range (two's complement)."""
    v = np.asarray(v, dtype=object)
    if dtype in NARROW_SIGNED:
        lo, span, out = -2 ** (NARROW_SIGNED[dtype] - 1), 2 ** NARROW_SIGNED[dtype], np.int64
    else:
        info = np.iinfo(dtype)
        lo, span, out = info.min, 2 ** info.bits, dtype
    return np.vectorize(lambda t: (int(t) - lo) % span + lo, otypes=[object])(v).astype(out)


def reduce_case(name, op, x, axes, keep=False, dtype="float32"):
    axes = tuple(axes)
    if dtype.startswith("float"):
        y = NP_REDUCE[op](f64(x), axis=axes, keepdims=keep).astype(dtype)
    elif op == "SUM":  # exact in Python integers, then wrapped to the type
        y = wrap_int(np.sum(np.asarray(x, dtype=object), axis=axes, keepdims=keep), dtype)
    else:
        y = NP_REDUCE[op](x, axis=axes, keepdims=keep)
    mask = sum(1 << a for a in axes)
    attrs = ".reduce = {.axes_mask = 0x%x, .keep_dims = %s}" % (mask, "true" if keep else "false")
    add_case(name, "REDUCE_" + op, attrs, [(x, dtype)], (np.asarray(y), dtype))


def reduce_cases():
    x = randf((2, 3, 4))
    reduce_case("reduce_sum_axis1", "SUM", x, [1])
    reduce_case("reduce_sum_axes02_keep", "SUM", x, [0, 2], keep=True)
    reduce_case("reduce_sum_all_scalar", "SUM", x, [0, 1, 2])
    reduce_case("reduce_sum_empty_mask", "SUM", x, [])
    reduce_case("reduce_mean_axis2_keep", "MEAN", x, [2], keep=True)
    reduce_case("reduce_mean_all_keep", "MEAN", x, [0, 1, 2], keep=True)
    reduce_case("reduce_mean_empty_mask_keep", "MEAN", x, [], keep=True)
    reduce_case("reduce_max_axes01", "MAX", x, [0, 1])
    reduce_case("reduce_min_all", "MIN", x, [0, 1, 2])
    reduce_case("reduce_min_axis0_keep", "MIN", x, [0], keep=True)
    xn = randf((2, 3))
    xn[0, 1] = np.nan
    reduce_case("reduce_max_nan_axis1", "MAX", xn, [1])
    reduce_case("reduce_min_nan_all", "MIN", xn, [0, 1])
    reduce_case("reduce_sum_rank0", "SUM", np.array(1.5, dtype=np.float32), [])
    reduce_case("reduce_sum_f16_axis0", "SUM", randf((5, 3), "float16"), [0], dtype="float16")
    reduce_case("reduce_mean_f16_axis1", "MEAN", randf((3, 5), "float16"), [1], dtype="float16")
    reduce_case("reduce_sum_int32_axis1", "SUM", rng.integers(-1000, 1000, (3, 4)).astype(np.int32), [1],
                dtype="int32")
    reduce_case("reduce_sum_int8_wraps", "SUM", np.array([[100, 100, -3], [-128, -128, 5]], np.int8), [0],
                dtype="int8")
    reduce_case("reduce_sum_uint8_wraps", "SUM", np.array([[200, 100], [55, 1]], np.uint8), [0, 1],
                dtype="uint8")
    reduce_case("reduce_sum_int4_wraps", "SUM", np.array([[7, 7, -8], [3, -8, -8]], np.int64), [1],
                dtype="int4")
    reduce_case("reduce_sum_int48_wraps", "SUM", np.array([[2**47 - 1, 5], [-2**47, -3]], np.int64), [1],
                dtype="int48")
    reduce_case("reduce_sum_uint64_wraps", "SUM", np.array([2**64 - 1, 2**63, 2**63 + 7], np.uint64), [0],
                dtype="uint64")
    big = np.array([[2**63 + 1, 5, 2**64 - 2], [2**63 - 1, 2**63, 0]], np.uint64)
    reduce_case("reduce_max_uint64_axis1", "MAX", big, [1], dtype="uint64")
    reduce_case("reduce_min_uint64_axis0", "MIN", big, [0], dtype="uint64")
    xi8 = randi((3, 4), "int8")
    reduce_case("reduce_max_int8_axis0_keep", "MAX", xi8, [0], keep=True, dtype="int8")
    reduce_case("reduce_min_int8_all", "MIN", xi8, [0, 1], dtype="int8")
    reduce_case("reduce_min_int64_axis1", "MIN", np.array([[-2**63, 5], [3, 2**63 - 1]], np.int64), [1],
                dtype="int64")
    reduce_case("reduce_max_int4_axis1", "MAX", np.array([[-8, -3, -5], [2, 7, -1]], np.int64), [1],
                dtype="int4")
    reduce_case("reduce_max_bool_axis1", "MAX", np.array([[0, 0, 0], [0, 1, 0]], bool), [1], dtype="bool")
    reduce_case("reduce_max_uint32_rank0", "MAX", np.array(4000000000, np.uint32), [], dtype="uint32")


# ------------------------------------------------------------------ main

def main():
    conv_cases()
    pool_cases()
    linear_cases()
    reduce_cases()
    path = sys.argv[1] if len(sys.argv) > 1 else OUT
    with open(path, "w") as f:
        f.write("/* ops_nn_expected.h — GENERATED by tests/unit/ops/gen_ops_nn.py; do not edit.\n"
                " * Made with: /usr/bin/python3 tests/unit/ops/gen_ops_nn.py   (numpy %s, seed %d)\n"
                " * Seeded random inputs and numpy-computed expected outputs (float64 math rounded once to\n"
                " * the output type) for conv, pooling, matmul, gemm, softmax and reductions. */\n"
                % (np.__version__, SEED))
        f.write("#ifndef NNX_TEST_OPS_NN_EXPECTED_H\n#define NNX_TEST_OPS_NN_EXPECTED_H\n\n"
                "#include \"ir/ops.h\"\n\n#include <math.h>\n#include <stdint.h>\n\n")
        f.write("/* A tensor: logical values in f (float types, exact), i (signed) or u (unsigned, bool). */\n"
                "typedef struct gen_tensor {\n    nnx_dtype dtype; /* NNX_DTYPE_UNDEFINED: absent input */\n"
                "    uint32_t rank;\n    uint32_t shape[NNX_MAX_RANK];\n    const double *f;\n"
                "    const int64_t *i;\n    const uint64_t *u;\n} gen_tensor;\n\n"
                "typedef struct gen_case {\n    const char *name;\n    nnx_op op;\n    nnx_attrs attrs;\n"
                "    uint32_t n_in;\n    gen_tensor in[3];\n    gen_tensor out;\n} gen_case;\n\n")
        f.write("\n".join(arrays))
        f.write("\n\nstatic const gen_case gen_cases[] = {\n%s\n};\n\n#endif\n" % "\n".join(cases))


if __name__ == "__main__":
    main()
