#!/usr/bin/python3
# gen_nnef_run_compounds.py — writes tests/data/nnef_run_compounds_expected.h: flat NNEF documents
# running the arithmetic primitives and the compound operations of chapter 4 (simplifiers,
# activations, linear, matmul with transposes, normalizations, pooling compounds, moments,
# quantization, copy_n, add_n, multi-axis softmax, separable conv/deconv against explicit-loop
# conv/deconv) and the shape operations on scalar, integer and logical tensors, with numpy's outputs. The oracle follows each
# compound's chapter-4 body (NNEF 1.0.2 §4.9) step by step in float32, independent of nnx; where nnx
# runs a compound natively (sigmoid, tanh, softmax, ...) the outputs are compared within ulps.
# Run with Debian's python3:  /usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_compounds.py
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nnef_run_gen import Case, write_header  # noqa: E402

SEED = 20261122
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "..", "data", "nnef_run_compounds_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_compounds.py"
F = np.float32


def rand(shape, lo=-3.0, hi=3.0):
    return rng.uniform(lo, hi, shape).astype(F)


def chan(v, rank):
    """An NNEF [1, C] tensor as numpy sees it against a rank-`rank` tensor (trailing 1s)."""
    return v.reshape(v.shape + (1,) * (rank - v.ndim))


# ---------------------------------------------------------------- oracles (Appendix A bodies)

def box_norm(x, size):
    """box(x, size, normalize = true) with the defaults: border 'constant' (zeros), automatic
    padding, stride 1: the output has x's shape and divides by the full window volume."""
    pads = []
    for k, f in enumerate(size):
        t = f - 1
        pads.append((t // 2, t - t // 2))
    xp = np.pad(x.astype(np.float64), pads)
    out = np.zeros(x.shape, np.float64)
    for off in np.ndindex(*size):
        sl = tuple(slice(o, o + n) for o, n in zip(off, x.shape))
        out += xp[sl]
    return (out / np.prod(size)).astype(F)


def sum_reduce(x, axes):
    return x.astype(np.float64).sum(axis=tuple(axes), keepdims=True).astype(F)


def nnef_round(x):
    return np.floor(x + F(0.5)).astype(F)


def linear_quantize(x, lo, hi, bits):
    r = F(2 ** bits - 1)
    z = np.clip(x, lo, hi).astype(F)
    q = nnef_round((z - lo) / (hi - lo) * r)
    return (q / r * (hi - lo) + lo).astype(F)


def logarithmic_quantize(x, hi, bits):
    m = np.ceil(np.log(F(hi)) / np.log(F(2.0)))
    r = F(2 ** bits - 1)
    q = nnef_round(np.clip(np.log(np.abs(x)) / np.log(F(2.0)), m - r, m))
    return (np.sign(x) * np.power(F(2.0), q)).astype(F)


def softmax(x, axes):
    m = x.max(axis=tuple(axes), keepdims=True) if axes else x
    e = np.exp(x - m)
    s = e.astype(np.float64).sum(axis=tuple(axes), keepdims=True) if axes else e
    return (e / s).astype(F)


def conv2d(x, w, bias, pads, stride, groups):
    """NNEF conv over NCHW with zero border: out[b][o][i] = sum over the group's channels and
    the window of x[b][c][i*s + j - p] * w[o][c'][j] (NNEF 1.0.2 §4.3.1), explicit loops."""
    n, c, h, wd = x.shape
    o_ch, cg, kh, kw = w.shape
    oh = (h + pads[0][0] + pads[0][1] - kh) // stride[0] + 1
    ow = (wd + pads[1][0] + pads[1][1] - kw) // stride[1] + 1
    y = np.zeros((n, o_ch, oh, ow))
    per_group = o_ch // groups
    for b, o, i, j in np.ndindex(n, o_ch, oh, ow):
        g = o // per_group
        acc = 0.0
        for ci, a, e in np.ndindex(cg, kh, kw):
            hh, ww = i * stride[0] + a - pads[0][0], j * stride[1] + e - pads[1][0]
            if 0 <= hh < h and 0 <= ww < wd:
                acc += x[b, g * cg + ci, hh, ww] * w[o, ci, a, e]
        y[b, o, i, j] = acc + bias[o]
    return y.astype(F)


def deconv2d(x, w, bias, pads, stride, groups, out_hw):
    """NNEF deconv: filter [c, C/G, k...]; out[b][o][i] sums x[b][c][(i + p - j)/s] * w[c][o'][j]
    over the group's input channels and the taps with an exact, in-range division (NNEF §4.3.1,
    NNEF decision 13)."""
    n, c, h, wd = x.shape
    _, og, kh, kw = w.shape
    cg = c // groups
    y = np.zeros((n, og * groups) + tuple(out_hw))
    for b, o, i, j in np.ndindex(*y.shape):
        g, oo = o // og, o % og
        acc = 0.0
        for ci, a, e in np.ndindex(cg, kh, kw):
            qh, qw = i + pads[0][0] - a, j + pads[1][0] - e
            if qh % stride[0] or qw % stride[1]:
                continue
            qh, qw = qh // stride[0], qw // stride[1]
            if 0 <= qh < h and 0 <= qw < wd:
                acc += x[b, g * cg + ci, qh, qw] * w[g * cg + ci, oo, a, e]
        y[b, o, i, j] = acc + bias[o]
    return y.astype(F)


# ---------------------------------------------------------------- documents

def cases():
    out = []

    c = Case("arithmetic", "add sub mul div pow exp log neg abs floor ceil copy; [2,3] with [1,3] and literals")
    x, y, p = rand((2, 3)), rand((1, 3), 0.5, 2.0), rand((2, 3), 0.25, 4.0)
    c.input("x", x, "float32")
    c.input("y", y, "float32")
    c.input("p", p, "float32")
    c.op("a", "add(x, y)", x + y, "float32")
    c.op("s", "sub(x, 1.5)", x - F(1.5), "float32")
    c.op("m", "mul(x, y)", x * y, "float32")
    c.op("d", "div(x, y)", x / y, "float32")
    c.op("w", "pow(p, y)", np.power(p.astype(np.float64), y).astype(F), "float32", 2)
    c.op("e", "exp(x)", np.exp(x.astype(np.float64)).astype(F), "float32", 1)
    c.op("l", "log(p)", np.log(p.astype(np.float64)).astype(F), "float32", 1)
    c.op("n", "neg(x)", -x, "float32")
    c.op("b", "abs(x)", np.abs(x), "float32")
    c.op("fl", "floor(x)", np.floor(x), "float32")
    c.op("ce", "ceil(x)", np.ceil(x), "float32")
    c.op("cp", "copy(x)", x, "float32")
    out.append(c)

    c = Case("simplifiers", "sqr sqrt rsqr rsqrt log2 min max clamp (Appendix A bodies)")
    x, p = rand((2, 4)), rand((2, 4), 0.25, 8.0)
    c.input("x", x, "float32")
    c.input("p", p, "float32")
    pd = p.astype(np.float64)
    c.op("sq", "sqr(x)", x * x, "float32")
    c.op("rt", "sqrt(p)", np.sqrt(pd).astype(F), "float32", 1)
    c.op("rs", "rsqr(p)", np.power(pd, -2.0).astype(F), "float32", 2)
    c.op("rr", "rsqrt(p)", np.power(pd, -0.5).astype(F), "float32", 2)
    c.op("l2", "log2(p)", (np.log(p) / np.log(F(2.0))).astype(F), "float32", 4)
    c.op("mn", "min(x, 0.5)", np.minimum(x, F(0.5)), "float32")
    c.op("mx", "max(x, p)", np.maximum(x, p), "float32")
    c.op("cl", "clamp(x, -1.0, 1.25)", np.clip(x, F(-1.0), F(1.25)), "float32")
    out.append(c)

    c = Case("activations", "sigmoid relu prelu leaky_relu elu tanh softplus on [2,3,2]; prelu alpha [1,3]")
    x, alpha = rand((2, 3, 2), -4.0, 4.0), rand((1, 3), 0.0, 0.5)
    c.input("x", x, "float32")
    c.input("alpha", alpha, "float32")
    xd = x.astype(np.float64)
    c.op("sg", "sigmoid(x)", (1.0 / (1.0 + np.exp(-xd))).astype(F), "float32", 4)
    c.op("re", "relu(x)", np.maximum(x, F(0)), "float32")
    c.op("pr", "prelu(x, alpha)", np.where(x < 0, chan(alpha, 3) * x, x).astype(F), "float32")
    c.op("lr", "leaky_relu(x, alpha = 0.125)", np.where(x < 0, F(0.125) * x, x).astype(F), "float32")
    c.op("el", "elu(x)", np.where(x < 0, np.expm1(xd), xd).astype(F), "float32", 4)
    c.op("th", "tanh(x)", np.tanh(xd).astype(F), "float32", 8)
    # softplus follows its body log(exp(x) + 1.0) in float32 steps: the + 1.0 rounds away most
    # of exp(x)'s bits for negative x, which log1p would keep
    c.op("sp", "softplus(x)", np.log((np.exp(xd).astype(F) + F(1)).astype(np.float64)).astype(F), "float32", 4)
    out.append(c)

    c = Case("softmax", "softmax over the default axis [1], over [1, 2], over [0, 2] and over []")
    x = rand((2, 3, 4), -5.0, 5.0)
    c.input("x", x, "float32")
    c.op("s1", "softmax(x)", softmax(x, [1]), "float32", 8)
    c.op("s12", "softmax(x, axes = [1, 2])", softmax(x, [1, 2]), "float32", 8)
    c.op("s02", "softmax(x, axes = [0, 2])", softmax(x, [0, 2]), "float32", 8)
    c.op("s0", "softmax(x, axes = [])", softmax(x, []), "float32")
    out.append(c)

    c = Case("linear_matmul", "linear with bias [1,4]; matmul rank 2 and rank 3 with every transpose pair")
    i, f, b = rand((2, 3)), rand((4, 3)), rand((1, 4))
    A, B = rand((2, 3, 4)), rand((2, 4, 5))
    At, Bt = np.ascontiguousarray(np.swapaxes(A, 1, 2)), np.ascontiguousarray(np.swapaxes(B, 1, 2))
    for name, arr in (("i", i), ("f", f), ("b", b), ("A", A), ("B", B), ("At", At), ("Bt", Bt)):
        c.input(name, arr, "float32")
    mm = lambda a, b: np.matmul(a.astype(np.float64), b.astype(np.float64)).astype(F)  # noqa: E731
    c.op("lin", "linear(i, f, b)", (mm(i, f.T) + b).astype(F), "float32", 1)
    c.op("m2", "matmul(i, f, transposeB = true)", mm(i, f.T), "float32")
    c.op("m2t", "matmul(f, b, transposeA = true, transposeB = true)", mm(f.T, b.T), "float32")
    c.op("mff", "matmul(A, B)", mm(A, B), "float32")
    c.op("mtf", "matmul(At, B, transposeA = true)", mm(A, B), "float32")
    c.op("mft", "matmul(A, Bt, transposeB = true)", mm(A, B), "float32")
    c.op("mtt", "matmul(At, Bt, transposeA = true, transposeB = true)", mm(A, B), "float32")
    out.append(c)

    c = Case("reductions", "sum_reduce with normalize, mean_reduce, moments over several axes")
    x = rand((2, 3, 4))
    c.input("x", x, "float32")
    mean = (x.astype(np.float64).sum(axis=(0, 2), keepdims=True) / 8).astype(F)
    c.op("sn", "sum_reduce(x, axes = [0, 2], normalize = true)", mean, "float32", 1)
    c.op("mr", "mean_reduce(x, axes = [1])", (x.astype(np.float64).sum(axis=1, keepdims=True) / 3).astype(F),
         "float32", 1)
    out.append(c)
    c = Case("moments", "moments: mean and variance (mean of squared deviations) over [0, 2]")
    c.input("x", x, "float32")
    dev = x - mean
    var = (sum_reduce(dev * dev, [0, 2]).astype(np.float64) / 8).astype(F)
    c.lines.append("mean, var = moments(x, axes = [0, 2]);")
    c.outputs.append(("mean", "float32", mean, 1))
    c.outputs.append(("var", "float32", var, 4))
    out.append(c)

    c = Case("normalizations", "LRN across channels, local mean/variance/contrast, l1, l2, batch normalization")
    x = rand((1, 4, 3, 3))
    mu, var, off, sc = rand((1, 4)), rand((1, 4), 0.5, 2.0), rand((1, 4)), rand((1, 4))
    for name, arr in (("x", x), ("mu", mu), ("var", var), ("off", off), ("sc", sc)):
        c.input(name, arr, "float32")
    sigma = (F(2.0) + F(0.5) * box_norm(x * x, [1, 3, 1, 1])).astype(F)
    c.op("lrn", "local_response_normalization(x, size = [1, 3, 1, 1], alpha = 0.5, beta = 0.75, bias = 2.0)",
         (x / np.power(sigma.astype(np.float64), 0.75)).astype(F), "float32", 4)
    lmn = (x - box_norm(x, [1, 1, 3, 3])).astype(F)
    c.op("lmn", "local_mean_normalization(x, size = [1, 1, 3, 3])", lmn, "float32", 2)

    def lvn(v, bias, eps):
        s = np.sqrt(box_norm(v * v, [1, 1, 3, 3]).astype(np.float64)).astype(F)
        return (v / np.maximum(s + F(bias), F(eps))).astype(F)
    c.op("lvn", "local_variance_normalization(x, size = [1, 1, 3, 3], bias = 0.25, epsilon = 0.5)",
         lvn(x, 0.25, 0.5), "float32", 4)
    c.op("lcn", "local_contrast_normalization(x, size = [1, 1, 3, 3], epsilon = 0.75)", lvn(lmn, 0.0, 0.75),
         "float32", 8)
    s1 = sum_reduce(np.abs(x), [1])
    c.op("l1", "l1_normalization(x, axes = [1], bias = 0.5)", (x / np.maximum(s1 + F(0.5), F(0))).astype(F),
         "float32", 2)
    s2 = np.sqrt(sum_reduce(x * x, [2, 3]).astype(np.float64)).astype(F)
    c.op("l2", "l2_normalization(x, axes = [2, 3], epsilon = 3.0)", (x / np.maximum(s2, F(3.0))).astype(F),
         "float32", 2)
    bn = (chan(off, 4) + chan(sc, 4) * (x - chan(mu, 4)) /
          np.sqrt((chan(var, 4) + F(0.001)).astype(np.float64)).astype(F)).astype(F)
    c.op("bn", "batch_normalization(x, mu, var, off, sc, epsilon = 0.001)", bn, "float32", 4)
    out.append(c)

    c = Case("pool_compounds", "max_pool_with_index (border ignore, stride 2) and rms_pool (constant border)")
    x = rand((1, 2, 4, 5))
    c.input("x", x, "float32")
    c.lines.append("pooled, index = max_pool_with_index(x, size = [1, 1, 2, 2], border = 'ignore', "
                   "stride = [1, 1, 2, 2]);")
    # automatic padding: H 4 -> 2 (no padding), W 5 -> 3: total 1, after = 1 (ignored)
    pooled = np.zeros((1, 2, 2, 3), F)
    index = np.zeros((1, 2, 2, 3), np.int32)
    for ch in range(2):
        for oh in range(2):
            for ow in range(3):
                best, bi = None, 0
                for k, (jh, jw) in enumerate(np.ndindex(2, 2)):
                    h, w = oh * 2 + jh, ow * 2 + jw
                    if w < 5 and (best is None or x[0, ch, h, w] > best):
                        best, bi = x[0, ch, h, w], k
                pooled[0, ch, oh, ow], index[0, ch, oh, ow] = best, bi
    c.outputs.append(("pooled", "float32", pooled, 0))
    c.outputs.append(("index", "int32", index, 0))
    sq = box_norm(x * x, [1, 1, 3, 3])
    c.op("rms", "rms_pool(x, size = [1, 1, 3, 3])", np.sqrt(sq.astype(np.float64)).astype(F), "float32", 2)
    out.append(c)

    c = Case("quantize", "linear_quantize (tensor and literal bounds, 2 and 8 bits) and logarithmic_quantize")
    x = rand((3, 4), -2.0, 2.0)
    lo, hi = np.array([[-1.0]], F), np.array([[1.5]], F)
    c.input("x", x, "float32")
    c.input("lo", lo, "float32")
    c.input("hi", hi, "float32")
    c.op("q8", "linear_quantize(x, lo, hi, bits = 8)", linear_quantize(x, lo, hi, 8), "float32", 1)
    c.op("q2", "linear_quantize(x, -0.5, 0.5, bits = 2)", linear_quantize(x, F(-0.5), F(0.5), 2), "float32", 1)
    c.op("lq", "logarithmic_quantize(x, 2.0, bits = 3)", logarithmic_quantize(x, 2.0, 3), "float32")
    out.append(c)

    c = Case("separable", "separable_conv (depthwise 3x3 stride 2 + pointwise, bias) and separable_deconv "
                          "(pointwise deconv, then depthwise 3x3 deconv stride 2)")
    x = rng.integers(-3, 4, (1, 2, 5, 5)).astype(F)
    plane, point, bias = (rng.integers(-2, 3, s).astype(F) for s in ((2, 1, 3, 3), (3, 2, 1, 1), (1, 3)))
    for name, arr in (("x", x), ("plane", plane), ("point", point), ("bias", bias)):
        c.input(name, arr, "float32")
    dw = conv2d(x, plane, np.zeros(2), [(1, 1), (1, 1)], [2, 2], 2)
    c.op("sc", "separable_conv(x, plane, point, bias, padding = [(1, 1), (1, 1)], stride = [2, 2])",
         conv2d(dw, point, bias[0], [(0, 0), (0, 0)], [1, 1], 1), "float32")
    xd = rng.integers(-3, 4, (1, 3, 2, 2)).astype(F)
    dpoint, dplane = rng.integers(-2, 3, (3, 2, 1, 1)).astype(F), rng.integers(-2, 3, (2, 1, 3, 3)).astype(F)
    dbias = rng.integers(-2, 3, (1, 2)).astype(F)
    for name, arr in (("xd", xd), ("dpoint", dpoint), ("dplane", dplane), ("dbias", dbias)):
        c.input(name, arr, "float32")
    pw = deconv2d(xd, dpoint, np.zeros(2), [(0, 0), (0, 0)], [1, 1], 1, (2, 2))
    c.op("sd", "separable_deconv(xd, dplane, dpoint, dbias, padding = [(1, 1), (1, 1)], stride = [2, 2])",
         deconv2d(pw, dplane, dbias[0], [(1, 1), (1, 1)], [2, 2], 2, (3, 3)), "float32")
    out.append(c)

    c = Case("shape_ops", "squeeze, unsqueeze, transpose (partial axes), split by ratios, concat, slice (negative "
                          "begin, end 0 = extent), reshape (0 and -1 items, axis_start/axis_count), min/max_reduce; "
                          "on scalar, integer and logical tensors")
    x = rand((2, 1, 3))
    k = rng.integers(-9, 10, (2, 3, 4)).astype(np.int32)
    t = rng.integers(0, 2, (3, 2)).astype(bool)
    c.input("x", x, "float32")
    c.input("k", k, "int32")
    c.input("t", t, "bool")
    c.op("sq", "squeeze(x, axes = [1])", x.reshape(2, 3), "float32")
    c.op("us", "unsqueeze(k, axes = [0, 3])", k.reshape(1, 2, 3, 1, 4), "int32")
    c.op("tr", "transpose(k, axes = [1, 0])", np.transpose(k, (1, 0, 2)), "int32")
    c.op("tt", "transpose(t, axes = [1, 0])", t.T, "bool")
    c.lines.append("[s1, s2] = split(k, axis = 2, ratios = [1, 3]);")
    c.outputs.append(("s1", "int32", k[:, :, :1], 0))
    c.outputs.append(("s2", "int32", k[:, :, 1:], 0))
    c.op("cc", "concat([t, t, t], axis = 1)", np.concatenate([t, t, t], axis=1), "bool")
    c.op("sl", "slice(k, axes = [1, 2], begin = [-2, 1], end = [0, 3])", k[:, 1:, 1:3], "int32")
    c.op("r1", "reshape(k, shape = [0, -1])", k.reshape(2, 12), "int32")
    c.op("r2", "reshape(k, shape = [2, 2], axis_start = 2, axis_count = 1)", k.reshape(2, 3, 2, 2), "int32")
    c.op("r3", "reshape(t, shape = [6])", t.reshape(6), "bool")
    c.op("mn", "min_reduce(x, axes = [0, 2])", x.min(axis=(0, 2), keepdims=True), "float32")
    c.op("mx", "max_reduce(x, axes = [2])", x.max(axis=2, keepdims=True), "float32")
    out.append(c)

    c = Case("copy_add_n", "copy_n into two tensors, add_n of three")
    a, b, d = rand((2, 2)), rand((2, 2)), rand((2, 2))
    c.input("a", a, "float32")
    c.input("b", b, "float32")
    c.input("d", d, "float32")
    c.lines.append("[c1, c2] = copy_n(a, times = 2);")
    c.outputs.append(("c1", "float32", a, 0))
    c.outputs.append(("c2", "float32", a, 0))
    c.op("s", "add_n([a, b, d])", (a + (b + (d + F(0)))).astype(F), "float32")
    out.append(c)
    return out


HEAD = """/* Regenerate with: %s   (from the repository root)
 * nnef_run_compounds_expected.h — GENERATED by tests/unit/formats/nnef/gen_nnef_run_compounds.py; do not edit.
 * numpy %s, seed %d. Flat NNEF documents of the arithmetic primitives and chapter-4 compounds with
 * inputs and numpy's outputs (tests/unit/formats/nnef/test_nnef_run_compounds.c). */
"""


def main():
    write_header(OUT, HEAD % (COMMAND, np.__version__, SEED), "NNX_TEST_NNEF_RUN_COMPOUNDS_EXPECTED_H", "nrc",
                 cases(), [])


if __name__ == "__main__":
    main()
