#!/usr/bin/python3
# gen_nnef_run_window.py — writes tests/data/nnef_run_window_expected.h: flat NNEF documents
# running box, argmax_pool, sample, max_pool and avg_pool over windows on any dimension, every
# border mode, explicit, negative and automatic padding, stride and dilation, with numpy-computed
# outputs. The oracle walks every window with explicit loops and maps indices by the formulas of
# NNEF 1.0.2 §4.3 (independent of src/ops/window.c). Inputs are small integers, so sums are exact
# and a normalized sum is one division rounded once to float32 on both sides (exact compare).
# Run with Debian's python3:  /usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_window.py
import itertools
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nnef_run_gen import Case, write_header  # noqa: E402

SEED = 20241201
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "..", "data", "nnef_run_window_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_window.py"


# -------------------------------------------------------- oracle (NNEF §4.3, §4.3.2, §4.3.3)

def resolve(shape, size, padding, stride, dilation):
    """Per-dimension (p, q), s, d and output extent; [] padding = automatic padding."""
    r = len(shape)
    stride = stride or [1] * r
    dilation = dilation or [1] * r
    pads, out = [], []
    for k in range(r):
        fd = (size[k] - 1) * dilation[k] + 1
        if padding:
            p, q = padding[k]
        else:
            x = -(-shape[k] // stride[k])
            t = max((x - 1) * stride[k] + fd - shape[k], 0)
            p, q = t // 2, t - t // 2
        pads.append((p, q))
        out.append((p + shape[k] + q - fd) // stride[k] + 1)
    return pads, stride, dilation, out


def source(border, i, z):
    """Input index for position i, or None (ignore) / 'zero' (constant)."""
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
    assert 0 <= j < z
    return j


def windows(x, size, border, padding, stride, dilation):
    """Yields (output index, list of values or None per window position, row-major)."""
    pads, s, d, out = resolve(x.shape, size, padding, stride, dilation)
    for o in itertools.product(*[range(n) for n in out]):
        vals = []
        for j in itertools.product(*[range(f) for f in size]):
            idx = []
            for k in range(x.ndim):
                m = source(border, o[k] * s[k] + j[k] * d[k] - pads[k][0], x.shape[k])
                idx.append(m)
            if any(m is None for m in idx):
                vals.append(None)
            elif any(m == "zero" for m in idx):
                vals.append(0.0)
            else:
                vals.append(float(x[tuple(idx)]))
        yield o, vals, out


def o_box(x, size, border="constant", padding=None, stride=None, dilation=None, normalize=False):
    res = None
    for o, vals, out in windows(x, size, border, padding, stride, dilation):
        if res is None:
            res = np.zeros(out, np.float64)
        got = [v for v in vals if v is not None]
        total = sum(got)
        if normalize:
            div = len(got) if border == "ignore" else int(np.prod(size))
            total = total / div if div else 0.0
        res[o] = total
    return res.astype(np.float32)


def o_argmax(x, size, border="constant", padding=None, stride=None, dilation=None):
    res = None
    for o, vals, out in windows(x, size, border, padding, stride, dilation):
        if res is None:
            res = np.zeros(out, np.int32)
        best, bi = None, 0
        for n, v in enumerate(vals):
            if v is not None and (best is None or v > best):
                best, bi = v, n
        res[o] = bi
    return res


def o_sample(x, index, size, border="constant", padding=None, stride=None, dilation=None):
    res = None
    for o, vals, out in windows(x, size, border, padding, stride, dilation):
        if res is None:
            res = np.zeros(out, np.float32)
        v = vals[int(index[o])]
        res[o] = 0.0 if v is None else v
    return res


# ---------------------------------------------------------------- documents

def ints(v):
    return "[%s]" % ", ".join(str(i) for i in v)


def params(size, border, padding, stride, dilation):
    text = "size = %s, border = '%s'" % (ints(size), border)
    if padding:
        text += ", padding = [%s]" % ", ".join("(%d, %d)" % pq for pq in padding)
    if stride:
        text += ", stride = %s" % ints(stride)
    if dilation:
        text += ", dilation = %s" % ints(dilation)
    return text


def small_ints(shape, lo=-9, hi=10):
    return rng.integers(lo, hi, size=shape).astype(np.float32)


def distinct(shape):
    """A permutation of -n/2.. so argmax has no ties; negative values let constant 0 win."""
    n = int(np.prod(shape))
    return (rng.permutation(n) - n // 2).astype(np.float32).reshape(shape)


cases = []


def box_case(name, comment, x, size, border="constant", padding=None, stride=None, dilation=None, normalize=False):
    c = Case(name, comment)
    c.input("x", x, "float32")
    text = "box(x, %s%s)" % (params(size, border, padding, stride, dilation), ", normalize = true" if normalize else "")
    c.op("y", text, o_box(x, size, border, padding, stride, dilation, normalize), "float32")
    cases.append(c)


def argmax_case(name, comment, x, size, border="constant", padding=None, stride=None, dilation=None):
    c = Case(name, comment)
    c.input("x", x, "float32")
    c.op("i", "argmax_pool(x, %s)" % params(size, border, padding, stride, dilation),
         o_argmax(x, size, border, padding, stride, dilation), "int32")
    cases.append(c)


def sample_case(name, comment, x, size, border="constant", padding=None, stride=None, dilation=None):
    _, _, _, out = resolve(x.shape, size, padding, stride, dilation)
    index = rng.integers(0, int(np.prod(size)), size=out).astype(np.int32)
    c = Case(name, comment)
    c.input("x", x, "float32")
    c.input("index", index, "int32")
    c.op("y", "sample(x, index, %s)" % params(size, border, padding, stride, dilation),
         o_sample(x, index, size, border, padding, stride, dilation), "float32")
    cases.append(c)


def pool_case(name, comment, op, x, size, border="constant", padding=None, stride=None, dilation=None):
    """max_pool = argmax_pool then sample; avg_pool = box(normalize = true) (chapter 4)."""
    c = Case(name, comment)
    c.input("x", x, "float32")
    if op == "max_pool":
        idx = o_argmax(x, size, border, padding, stride, dilation)
        want = o_sample(x, idx, size, border, padding, stride, dilation)
    else:
        want = o_box(x, size, border, padding, stride, dilation, True)
    c.op("y", "%s(x, %s)" % (op, params(size, border, padding, stride, dilation)), want, "float32")
    cases.append(c)


BORDERS = ["ignore", "constant", "replicate", "reflect", "reflect-even"]

for b in BORDERS:
    n = b.replace("-", "_")
    box_case("box_%s" % n, "box 3x3 border %s, explicit padding 1" % b, small_ints((1, 2, 5, 4)), [1, 1, 3, 3], b,
             [(0, 0), (0, 0), (1, 1), (1, 1)])
    box_case("box_norm_%s" % n, "box 2x3 normalize, border %s, stride 2, dilation 2" % b, small_ints((2, 7, 6)),
             [1, 2, 3], b, [(0, 0), (1, 0), (2, 2)], [1, 2, 2], [1, 2, 2])
    argmax_case("argmax_%s" % n, "argmax_pool 3x2 border %s, padding (1, 1)" % b, distinct((1, 2, 5, 5)),
                [1, 1, 3, 2], b, [(0, 0), (0, 0), (1, 1), (1, 0)])
    sample_case("sample_%s" % n, "sample 2x3 border %s, stride 2" % b, small_ints((1, 3, 6, 5)), [1, 1, 2, 3], b,
                [(0, 0), (0, 0), (1, 1), (1, 1)], [1, 1, 2, 2])
    pool_case("max_pool_%s" % n, "max_pool 3x3 stride 2 border %s" % b, "max_pool", distinct((1, 2, 5, 6)),
              [1, 1, 3, 3], b, [(0, 0), (0, 0), (1, 1), (1, 1)], [1, 1, 2, 2])
    pool_case("avg_pool_%s" % n, "avg_pool 3x3 border %s (ignore: in-bounds count)" % b, "avg_pool",
              small_ints((1, 2, 4, 5)), [1, 1, 3, 3], b, [(0, 0), (0, 0), (1, 1), (1, 1)])

box_case("box_auto", "box with automatic padding, stride 2 (x = ceil(X / s))", small_ints((1, 2, 7, 6)),
         [1, 1, 3, 2], "constant", None, [1, 1, 2, 2])
box_case("box_auto_dilated", "box with automatic padding and dilation 2, border reflect", small_ints((1, 1, 8, 7)),
         [1, 1, 3, 2], "reflect", None, None, [1, 1, 2, 2])
box_case("box_channels", "box over the channel dimension (LRN-like size [1, 3, 1, 1]), normalize",
         small_ints((2, 5, 2, 3)), [1, 3, 1, 1], "constant", None, None, None, True)
box_case("box_batch", "box over batch and channel, border replicate, auto padding", small_ints((3, 4, 2)),
         [2, 3, 1], "replicate")
box_case("box_negative_padding", "box with negative padding (crops before the window)", small_ints((1, 1, 7, 6)),
         [1, 1, 2, 2], "constant", [(0, 0), (0, 0), (-1, 1), (-2, 0)])
box_case("box_ignore_norm_auto", "box ignore normalize with automatic padding (divides by in-bounds count)",
         small_ints((1, 2, 5, 5)), [1, 1, 3, 3], "ignore", None, None, None, True)
box_case("box_rank1", "box rank 1, stride 2, dilation 2, reflect-even", small_ints((9,)), [3], "reflect-even",
         [(2, 2)], [2], [2])
argmax_case("argmax_auto_channels", "argmax_pool over channels and width, automatic padding, stride 2",
            distinct((1, 4, 3, 5)), [1, 2, 1, 3], "ignore", None, [1, 2, 1, 2])
argmax_case("argmax_ties", "argmax_pool with ties (the first position wins)",
            rng.integers(0, 2, size=(1, 1, 4, 4)).astype(np.float32), [1, 1, 2, 2], "constant")
argmax_case("argmax_dilated", "argmax_pool dilation 2, border replicate, auto padding", distinct((1, 2, 6, 6)),
            [1, 1, 2, 2], "replicate", None, None, [1, 1, 2, 2])
pool_case("max_pool_channels", "max_pool over channels (falls back to argmax_pool + sample)", "max_pool",
          distinct((1, 6, 3, 3)), [1, 3, 1, 1], "ignore", [(0, 0), (1, 1), (0, 0), (0, 0)])
pool_case("max_pool_rank3", "max_pool on rank 3, auto padding, dilation 2", "max_pool", distinct((2, 3, 9)),
          [1, 1, 3], "constant", None, None, [1, 1, 2])
pool_case("avg_pool_rank3_ignore", "avg_pool on rank 3 ignore, stride 2 (in-bounds count)", "avg_pool",
          small_ints((2, 3, 8)), [1, 1, 3], "ignore", [(0, 0), (0, 0), (1, 1)], [1, 1, 2])
pool_case("max_pool_2d_core", "max_pool that fits the 2-D core pool (ignore, padding 1)", "max_pool",
          distinct((1, 2, 5, 5)), [1, 1, 3, 3], "ignore", [(0, 0), (0, 0), (1, 1), (1, 1)])

# Core-op case for a dtype NNEF cannot spell: argmax_pool of int8 (constant border: 0 competes).
xi8 = rng.integers(-5, 3, size=(1, 2, 4, 3)).astype(np.int8)
core = [("argmax_pool_int8", "argmax_pool", [xi8],
         o_argmax(xi8.astype(np.float32), [1, 1, 3, 2], "constant", [(0, 0), (0, 0), (1, 1), (1, 0)]),
         "{.window = {.size = {1, 1, 3, 2}, .stride = {1, 1, 1, 1}, .dilation = {1, 1, 1, 1}, "
         ".pad_begin = {0, 0, 1, 1}, .pad_end = {0, 0, 1, 0}, .border = NNX_WINDOW_CONSTANT}}")]

write_header(OUT, "/* nnef_run_window_expected.h — generated; do not edit. Regenerate with\n *   %s\n"
             " * box / argmax_pool / sample / max_pool / avg_pool documents and numpy-loop outputs. */\n" % COMMAND,
             "NNX_TEST_NNEF_RUN_WINDOW_EXPECTED_H", "nrw", cases, core)
