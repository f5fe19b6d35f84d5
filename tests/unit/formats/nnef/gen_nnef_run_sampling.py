#!/usr/bin/python3
# gen_nnef_run_sampling.py — writes tests/data/nnef_run_sampling_expected.h: flat NNEF documents
# running debox, desample, multilinear_upsample and the compounds nearest_upsample,
# nearest_downsample and area_downsample, with numpy-computed outputs. The oracles follow
# NNEF 1.0.2 §4.3 / §4.3.2–§4.3.4 with explicit loops, in forms independent of
# src/ops/window_reverse.c and src/ops/upsample.c: debox and desample SCATTER every (extended) input
# element to the outputs i = q*s + j*d - p (the kernels gather), multilinear_upsample applies one
# exact-rational 1-D weight matrix per axis. As a second check the factor-2 symmetric / asymmetric
# oracles are asserted equal to a depthwise deconv with the filters printed in NNEF §4.3.4 (linear
# up-sampling).
# Run with Debian's python3:  /usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_sampling.py
import itertools
import os
import sys
from fractions import Fraction

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nnef_run_gen import Case, write_header  # noqa: E402

SEED = 20241207
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "..", "data", "nnef_run_sampling_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_sampling.py"


# ---------------------------------------------------------------- shared (NNEF §4.3)

def source(border, i, z):
    """Input index for extended position i, or None (ignore) / 'zero' (constant)."""
    if 0 <= i < z:
        return i
    if border == "ignore":
        return None
    if border == "constant":
        return "zero"
    if border == "replicate":
        return 0 if i < 0 else z - 1
    if border == "reflect":
        j = -i if i < 0 else 2 * z - i - 2
    else:  # reflect-even
        j = -i - 1 if i < 0 else 2 * z - i - 1
    assert 0 <= j < z, "reflection past the extent"
    return j


def resolve_reverse(shape, size, padding, stride, dilation, output_shape):
    """Per-dimension (p, q), s, d and the up-scaled extents X. [] padding: automatic padding
    with X = output_shape or x * s (NNEF decision 14)."""
    r = len(shape)
    stride = stride or [1] * r
    dilation = dilation or [1] * r
    pads, out = [], []
    for k in range(r):
        fd = (size[k] - 1) * dilation[k] + 1
        x, s = shape[k], stride[k]
        if padding:
            p, q = padding[k]
        else:
            up = output_shape[k] if output_shape else x * s
            t = max((x - 1) * s + fd - up, 0)
            p, q = t // 2, t - t // 2
        X = output_shape[k] if output_shape else (x - 1) * s + fd - p - q
        # a given output_shape must down-scale to the input (§3.0)
        assert (p + X + q - fd) // s + 1 == x and p + X + q >= fd
        pads.append((p, q))
        out.append(X)
    return pads, stride, dilation, out


# ---------------------------------------------------------------- debox / desample (§3.2)

def o_debox(x, size, border="constant", padding=None, stride=None, dilation=None, output_shape=None,
            normalize=False):
    """out[i] = sum_j x~[(i + p - j*d) / s] over exact divisions, computed by scattering each
    extended input position q through every window position j to i = q*s + j*d - p."""
    pads, s, d, X = resolve_reverse(x.shape, size, padding, stride, dilation, output_shape)
    total = np.zeros(X, np.float64)
    count = np.zeros(X, np.int64)
    ranges = []
    for k in range(x.ndim):
        fd = (size[k] - 1) * d[k] + 1
        ranges.append(range((pads[k][0] - fd) // s[k] - 1, (X[k] + pads[k][0]) // s[k] + 2))
    for qv in itertools.product(*ranges):
        for j in itertools.product(*[range(f) for f in size]):
            i = tuple(qv[k] * s[k] + j[k] * d[k] - pads[k][0] for k in range(x.ndim))
            if not all(0 <= i[k] < X[k] for k in range(x.ndim)):
                continue  # q reaches no output through j: never read, so the border need not map it
            src = [source(border, qv[k], x.shape[k]) for k in range(x.ndim)]
            if any(m is None for m in src):
                continue
            total[i] += 0.0 if any(m == "zero" for m in src) else float(x[tuple(src)])
            count[i] += 1
    if normalize:
        if border == "ignore":
            total = np.where(count > 0, total / np.maximum(count, 1), 0.0)
        else:
            total = total / int(np.prod(size))
    return total.astype(np.float32)


def o_desample(x, index, size, padding=None, stride=None, dilation=None, output_shape=None):
    """Each input x[o] goes to i = o*s + j*d - p with j = index[o] unravelled row-major over
    size; collisions add up; positions outside the output are dropped (border constant)."""
    pads, s, d, X = resolve_reverse(x.shape, size, padding, stride, dilation, output_shape)
    total = np.zeros(X, np.float64)
    hits = np.zeros(X, np.int64)
    for o in itertools.product(*[range(n) for n in x.shape]):
        j = np.unravel_index(int(index[o]), size)
        i = tuple(o[k] * s[k] + int(j[k]) * d[k] - pads[k][0] for k in range(x.ndim))
        if all(0 <= i[k] < X[k] for k in range(x.ndim)):
            total[i] += float(x[o])
            hits[i] += 1
    o_desample.max_hits = int(hits.max())
    return total.astype(np.float32)


# ---------------------------------------------------------------- multilinear_upsample (§3.2)

def frac_floor(v):
    # floor for Fraction (negative too): frac = v - floor(v), NNEF 1.0.2 §4.6.2 roi_resample, decision 22
    j = v.numerator // v.denominator
    return j, v - j


def weights_1d(x, f, method, border):
    """(x*f, x) matrix W with out = W @ in along one axis: taps (j, 1 - u) and (j + 1, u)."""
    W = [[Fraction(0)] * x for _ in range(x * f)]
    for i in range(x * f):
        if method == "asymmetric":
            j, u = frac_floor(Fraction(i, f))
        elif method == "symmetric":
            j, u = frac_floor((Fraction(i) - Fraction(f - 1, 2)) / f)
        else:  # aligned: g = (x*f - 1) / (x - 1); extent 1 has weight 0 on the missing neighbour
            # (NNEF 1.0.2 §4.6.2 roi_resample, decision 21)
            if x == 1:
                j, u = 0, Fraction(0)
            else:
                j, u = frac_floor(Fraction(i) / Fraction(x * f - 1, x - 1))
        for idx, w in ((j, 1 - u), (j + 1, u)):
            if w == 0:
                continue
            m = source(border, idx, x)
            if m == "zero":
                continue
            W[i][m] += w
    return W


def o_upsample(x, factor, method, border, first_axis=2):
    """Applies the exact 1-D weight matrix of each interpolated axis in turn (the product of
    the 1-D weights is separable) in rational arithmetic, then rounds to float64 once."""
    y = np.vectorize(lambda v: Fraction(float(v)), otypes=[object])(x)
    for a, f in enumerate(factor):
        axis = first_axis + a
        W = np.array(weights_1d(x.shape[axis], f, method, border), dtype=object)
        y = np.moveaxis(np.tensordot(W, np.moveaxis(y, axis, 0), axes=(1, 0)), 0, axis)
    return np.vectorize(float, otypes=[np.float64])(y)


def deconv_depthwise(x, filt, stride, padding, out_spatial):
    """NNEF §4.3.1 deconv per channel (groups = channels, border constant):
    out[i] = sum_j x~[(i + p - j) / s] * filter[j] over exact divisions."""
    n, c = x.shape[:2]
    out = np.zeros((n, c) + tuple(out_spatial), np.float64)
    for b, ch in itertools.product(range(n), range(c)):
        for i in itertools.product(*[range(e) for e in out_spatial]):
            total = 0.0
            for j in itertools.product(*[range(e) for e in filt.shape]):
                num = [i[k] + padding[k][0] - j[k] for k in range(len(i))]
                if any(v % stride != 0 for v in num):
                    continue
                q = [v // stride for v in num]
                if all(0 <= q[k] < x.shape[2 + k] for k in range(len(q))):
                    total += x[(b, ch) + tuple(q)] * filt[j]
            out[(b, ch) + i] = total
    return out


def check_golden():
    """Factor-2 filters printed in NNEF §4.3.4 against the constant-border oracle. The symmetric
    filter matches with padding (1, 1) as printed; the asymmetric filter [0.5, 1.0, 0.5] matches
    with padding (1, 0) per dimension: the printed (0, 1) gives out[0] = in[0] / 2 (the same
    result shifted by one sample), which contradicts j = floor(i / f)."""
    sym1 = np.array([0.25, 0.75, 0.75, 0.25])
    asym1 = np.array([0.5, 1.0, 0.5])
    for shape in [(2, 3, 5), (1, 2, 4, 3)]:
        x = rng.integers(-8, 9, size=shape).astype(np.float64)
        m = len(shape) - 2
        out = [2 * e for e in shape[2:]]
        sym = sym1 if m == 1 else np.outer(sym1, sym1)
        asym = asym1 if m == 1 else np.outer(asym1, asym1)
        if m == 2:
            assert sym.ravel()[:6].tolist() == [0.0625, 0.1875, 0.1875, 0.0625, 0.1875, 0.5625]
            assert asym.ravel().tolist() == [0.25, 0.5, 0.25, 0.5, 1.0, 0.5, 0.25, 0.5, 0.25]
        got = deconv_depthwise(x, sym, 2, [(1, 1)] * m, out)
        assert np.array_equal(got, o_upsample(x, [2] * m, "symmetric", "constant")), "symmetric golden"
        got = deconv_depthwise(x, asym, 2, [(1, 0)] * m, out)
        assert np.array_equal(got, o_upsample(x, [2] * m, "asymmetric", "constant")), "asymmetric golden"
        printed = deconv_depthwise(x, asym, 2, [(0, 1)] * m, out)
        assert not np.array_equal(printed, got)


# ---------------------------------------------------------------- documents

def ints(v):
    return "[%s]" % ", ".join(str(i) for i in v)


def params(size, border, padding, stride, dilation, output_shape):
    text = "size = %s, border = '%s'" % (ints(size), border)
    if padding:
        text += ", padding = [%s]" % ", ".join("(%d, %d)" % pq for pq in padding)
    if stride:
        text += ", stride = %s" % ints(stride)
    if dilation:
        text += ", dilation = %s" % ints(dilation)
    if output_shape:
        text += ", output_shape = %s" % ints(output_shape)
    return text


def small_ints(shape, lo=-9, hi=10):
    return rng.integers(lo, hi, size=shape).astype(np.float32)


def halves(shape):
    """Dyadic inputs (multiples of 1/2) so factor-2 interpolation is exact."""
    return (rng.integers(-16, 17, size=shape) / 2.0).astype(np.float32)


cases = []


def debox_case(name, comment, x, size, border="constant", padding=None, stride=None, dilation=None, output_shape=None,
               normalize=False):
    c = Case(name, comment)
    c.input("x", x, "float32")
    text = "debox(x, %s%s)" % (params(size, border, padding, stride, dilation, output_shape),
                               ", normalize = true" if normalize else "")
    c.op("y", text, o_debox(x, size, border, padding, stride, dilation, output_shape, normalize), "float32")
    cases.append(c)


def desample_case(name, comment, x, size, padding=None, stride=None, dilation=None, output_shape=None):
    index = rng.integers(0, int(np.prod(size)), size=x.shape).astype(np.int32)
    c = Case(name, comment)
    c.input("x", x, "float32")
    c.input("index", index, "int32")
    c.op("y", "desample(x, index, %s)" % params(size, "constant", padding, stride, dilation, output_shape),
         o_desample(x, index, size, padding, stride, dilation, output_shape), "float32")
    cases.append(c)


def upsample_case(name, comment, x, factor, method, border, defaults=False):
    """Exact compare: the oracle rounds the exact rational to float64 then float32, as the
    kernel's single division of an exact integer-weighted sum does."""
    c = Case(name, comment)
    c.input("x", x, "float32")
    want = o_upsample(x, factor, method, border)
    text = "multilinear_upsample(x, factor = %s, method = '%s', border = '%s')" % (ints(factor), method, border)
    if defaults:
        text = "multilinear_upsample(x, factor = %s)" % ints(factor)
    c.op("y", text, want.astype(np.float32), "float32")
    cases.append(c)


def compound_case(name, comment, x, op, factor, want):
    c = Case(name, comment)
    c.input("x", x, "float32")
    c.op("y", "%s(x, factor = %s)" % (op, ints(factor)), want.astype(np.float32), "float32")
    cases.append(c)


BORDERS = ["ignore", "constant", "replicate", "reflect", "reflect-even"]

# debox: every border, reading one step outside the input on each side (padding 0 / 1 < f_d - 1)
for b in BORDERS:
    n = b.replace("-", "_")
    debox_case("debox_%s" % n, "debox 3x2 stride 2, border %s, padding (0,0),(1,0): reads outside both edges" % b,
               small_ints((1, 2, 4, 3)), [1, 1, 3, 2], b, [(0, 0), (0, 0), (0, 0), (1, 0)], [1, 1, 2, 2])
    debox_case("debox_norm_%s" % n, "debox normalize, border %s, stride 2, dilation 2 (ignore: terms taken)" % b,
               small_ints((2, 5, 4)), [1, 2, 2], b, [(0, 0), (0, 1), (1, 1)], [1, 1, 2], [1, 2, 2], None, True)

debox_case("debox_auto", "debox automatic padding, stride 2 (X = x * s, §7 #14)", small_ints((1, 2, 3, 4)),
           [1, 1, 3, 2], "constant", None, [1, 1, 2, 2])
debox_case("debox_auto_output_shape", "debox automatic padding with output_shape (X given, ceil(X / s) = x)",
           small_ints((1, 2, 3, 4)), [1, 1, 3, 3], "replicate", None, [1, 1, 2, 3], None, [1, 2, 5, 11])
debox_case("debox_output_shape", "debox explicit padding, output_shape beyond the computed extent",
           small_ints((1, 1, 4, 3)), [1, 1, 2, 3], "reflect-even", [(0, 0), (0, 0), (1, 0), (0, 1)], [1, 1, 2, 2],
           None, [1, 1, 8, 6])
debox_case("debox_negative_padding", "debox with negative padding (extends the output)", small_ints((1, 1, 4, 3)),
           [1, 1, 2, 2], "constant", [(0, 0), (0, 0), (-1, 0), (0, -2)], [1, 1, 2, 1])
debox_case("debox_channels", "debox over the channel dimension, dilation 2, stride 3, replicate",
           small_ints((2, 3, 2)), [1, 2, 2], "replicate", [(0, 0), (1, 1), (0, 0)], [1, 3, 1], [1, 2, 1])
debox_case("debox_rank1_reflect", "debox rank 1, stride 3 size 4 dilation 1, reflect", small_ints((5,)), [4],
           "reflect", [(1, 0)], [3])
debox_case("debox_norm_output_shape", "debox normalize with output_shape and auto padding, constant",
           small_ints((1, 2, 3)), [1, 2, 3], "constant", None, [1, 1, 2], None, [1, 2, 6], True)

# desample: border constant only; random window positions, so several inputs often collide
desample_case("desample_collide", "desample 3x3 stride 1 padding 1: overlapping windows sum their values",
              small_ints((1, 2, 4, 4)), [1, 1, 3, 3], [(0, 0), (0, 0), (1, 1), (1, 1)])
assert o_desample.max_hits >= 2, "desample_collide has no collision"
desample_case("desample_stride", "desample 2x2 stride 2 (max-unpool layout), dilation 1",
              small_ints((2, 3, 3, 2)), [1, 1, 2, 2], [(0, 0), (0, 0), (0, 0), (0, 0)], [1, 1, 2, 2])
desample_case("desample_dilation", "desample 3x2 stride 2 dilation 2 padding (2,1),(1,0)",
              small_ints((1, 2, 3, 3)), [1, 1, 3, 2], [(0, 0), (0, 0), (2, 1), (1, 0)], [1, 1, 2, 2], [1, 1, 2, 2])
desample_case("desample_auto", "desample automatic padding, stride 2 (X = x * s)", small_ints((1, 1, 3, 4)),
              [1, 1, 3, 3], None, [1, 1, 2, 2])
desample_case("desample_output_shape", "desample output_shape with auto padding, values past X dropped",
              small_ints((1, 2, 3, 3)), [1, 1, 2, 3], None, [1, 1, 2, 2], None, [1, 2, 6, 5])
desample_case("desample_negative_padding", "desample with negative padding and channel windows",
              small_ints((1, 4, 3)), [1, 2, 2], [(0, 0), (0, 1), (-1, 1)], [1, 2, 1])

# multilinear_upsample: 3 methods x 4 borders, 2-D spatial factors [2, 3]
METHODS = ["symmetric", "asymmetric", "aligned"]
UP_BORDERS = ["constant", "replicate", "reflect", "reflect-even"]
for m in METHODS:
    for b in UP_BORDERS:
        upsample_case("upsample_%s_%s" % (m, b.replace("-", "_")),
                      "multilinear_upsample %s border %s, factor [2, 3]" % (m, b), small_ints((1, 2, 3, 4)), [2, 3],
                      m, b)
    upsample_case("upsample_%s_1d_f2" % m, "multilinear_upsample %s 1-D factor 2, constant, dyadic" % m,
                  halves((2, 3, 5)), [2], m, "constant")
    upsample_case("upsample_%s_1d_f3" % m, "multilinear_upsample %s 1-D factor 3, replicate" % m,
                  small_ints((1, 2, 4)), [3], m, "replicate")
    upsample_case("upsample_%s_2d_f2" % m, "multilinear_upsample %s 2-D factor [2, 2] reflect-even" % m,
                  halves((1, 1, 3, 3)), [2, 2], m, "reflect-even")
for b in ["constant", "replicate", "reflect-even"]:
    upsample_case("upsample_aligned_extent1_%s" % b.replace("-", "_"),
                  "multilinear_upsample aligned with an extent-1 axis (§7 #21: copies), border %s" % b,
                  small_ints((1, 2, 1, 3)), [3, 2], "aligned", b)
upsample_case("upsample_symmetric_golden", "symmetric factor 2 constant = deconv with [0.25, 0.75, 0.75, 0.25] "
              "outer product, padding (1,1) (asserted by the generator)", halves((1, 2, 3, 4)), [2, 2], "symmetric",
              "constant")
upsample_case("upsample_asymmetric_golden", "asymmetric factor 2 constant = deconv with [0.5, 1.0, 0.5] outer "
              "product, padding (1,0) (asserted by the generator)", halves((1, 2, 4, 3)), [2, 2], "asymmetric",
              "constant")
upsample_case("upsample_default", "multilinear_upsample defaults (symmetric, replicate), factor 4, rank 3",
              halves((1, 1, 3)), [4], "symmetric", "replicate", defaults=True)

# chapter-4 compounds: nearest_upsample = debox, the down-samplers = box
xu = small_ints((1, 2, 2, 3))
compound_case("nearest_upsample", "nearest_upsample factor [2, 3] (debox): each value repeated", xu,
              "nearest_upsample", [2, 3], np.repeat(np.repeat(xu, 2, axis=2), 3, axis=3))
xu1 = small_ints((2, 1, 3))
compound_case("nearest_upsample_1d", "nearest_upsample 1-D factor 3", xu1, "nearest_upsample", [3],
              np.repeat(xu1, 3, axis=2))
xd = small_ints((1, 2, 4, 6))
compound_case("nearest_downsample", "nearest_downsample factor [2, 3] (box size 1, stride f)", xd,
              "nearest_downsample", [2, 3], xd[:, :, ::2, ::3])
compound_case("area_downsample", "area_downsample factor [2, 3] (box normalize): block means", xd,
              "area_downsample", [2, 3], xd.astype(np.float64).reshape(1, 2, 2, 2, 2, 3).mean(axis=(3, 5)))
xd1 = small_ints((1, 3, 8))
compound_case("area_downsample_1d", "area_downsample 1-D factor 4", xd1, "area_downsample", [4],
              xd1.astype(np.float64).reshape(1, 3, 2, 4).mean(axis=3))

check_golden()

# Core-op case NNEF cannot spell: multilinear_upsample of float64 over the channel axis too.
x64 = (rng.integers(-8, 9, size=(1, 2, 3)) / 4.0)
want64 = o_upsample(x64, [2, 2], "asymmetric", "replicate", first_axis=1)
core = [("upsample_float64_channels", "multilinear_upsample", [x64], want64,
         "{.upsample = {.factor = {1, 2, 2}, .method = NNX_UPSAMPLE_ASYMMETRIC, .border = NNX_WINDOW_REPLICATE}}")]

write_header(OUT, "/* nnef_run_sampling_expected.h — generated; do not edit. Regenerate with\n *   %s\n"
             " * debox / desample / multilinear_upsample / nearest_upsample / nearest_downsample /\n"
             " * area_downsample documents and numpy-loop outputs. */\n" % COMMAND,
             "NNX_TEST_NNEF_RUN_SAMPLING_EXPECTED_H", "nrs", cases, core, per_row=24)
