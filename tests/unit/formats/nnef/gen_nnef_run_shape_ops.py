#!/usr/bin/python3
# gen_nnef_run_shape_ops.py — writes tests/data/nnef_run_shape_ops_expected.h: small flat NNEF
# documents exercising argmax_reduce, argmin_reduce, all_reduce, any_reduce, pad (every border
# mode, negative padding), tile, stack and unstack, their seeded inputs and numpy's outputs, plus
# direct core-op cases for dtypes NNEF cannot spell (int64 argmax to int64, uint8 pad). The oracle
# is numpy alone: np.argmax/argmin on views with the reduced axes moved last and flattened
# (NNEF decision 26), np.all/np.any, np.pad ('constant', 'edge', 'reflect', 'symmetric')
# then a crop for negative items, np.tile, np.stack, np.split + squeeze. Run with Debian's python3:
#   /usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_shape_ops.py
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nnef_run_gen import Case, write_header  # noqa: E402  (shared with the other gen_nnef_run_*.py)

SEED = 20241122
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "..", "data", "nnef_run_shape_ops_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_shape_ops.py"

NAN = math.nan
NP_MODE = {"constant": "constant", "replicate": "edge", "reflect": "reflect", "reflect-even": "symmetric"}


# ---------------------------------------------------------------- oracles

def o_arg(fn, x, axes, dtype=np.int32):
    """Index flattened row-major over the reduced axes (NNEF decision 26), reduced axes
    kept as 1. numpy's argmax/argmin return the first occurrence and the first NaN."""
    axes = sorted(axes)
    kept = [i for i in range(x.ndim) if i not in axes]
    moved = np.transpose(x, kept + axes)
    flat = moved.reshape([x.shape[i] for i in kept] + [-1])
    idx = fn(flat, axis=-1)
    return idx.reshape([1 if i in axes else x.shape[i] for i in range(x.ndim)]).astype(dtype)


def o_logical(fn, x, axes):
    return fn(x, axis=tuple(axes), keepdims=True) if axes else x.copy()


def o_pad(x, padding, border, value=0.0):
    """np.pad on the positive items, then a crop for the negative ones (NNEF pads the original
    input on both sides, so reflection reads uncropped values)."""
    pos = [(max(b, 0), max(e, 0)) for b, e in padding]
    kw = {"constant_values": value} if border == "constant" else {}
    y = np.pad(x, pos, mode=NP_MODE[border], **kw)
    sl = tuple(slice(max(-b, 0), y.shape[i] - max(-e, 0)) for i, (b, e) in enumerate(padding))
    return y[sl]


def float_input(shape, lo=-3, hi=3):
    """Small integral values, so ties are common."""
    return rng.integers(lo, hi + 1, shape).astype(np.float32)


def int_input(shape):
    return rng.integers(-50, 50, shape).astype(np.int32)


def bool_input(shape):
    return rng.integers(0, 2, shape) == 1



# ---------------------------------------------------------------- NNEF cases


def cases():
    out = []

    c = Case("argmax_float", "argmax_reduce/argmin_reduce over one, several and no axes; ties, NaN")
    x = float_input((2, 3, 4))
    x[0, 1, 2] = NAN
    x[0, 2, 0] = NAN  # the first NaN in row-major order over axes [1, 2] is at flat index 6
    x[1, 0, 3] = 3.0
    x[1, 2, 3] = 3.0  # tie with an earlier 3
    c.input("x", x, "float32")
    c.op("amax12", "argmax_reduce(x, axes = [1, 2])", o_arg(np.argmax, x, [1, 2]), "int32")
    c.op("amin12", "argmin_reduce(x, axes = [1, 2])", o_arg(np.argmin, x, [1, 2]), "int32")
    c.op("amax0", "argmax_reduce(x, axes = [0])", o_arg(np.argmax, x, [0]), "int32")
    c.op("amin2", "argmin_reduce(x, axes = [2])", o_arg(np.argmin, x, [2]), "int32")
    c.op("amax02", "argmax_reduce(x, axes = [0, 2])", o_arg(np.argmax, x, [0, 2]), "int32")
    c.op("amax_none", "argmax_reduce(x, axes = [])", np.zeros(x.shape, np.int32), "int32")
    out.append(c)

    c = Case("all_any", "all_reduce/any_reduce of logical tensors; [] is the identity")
    x = bool_input((3, 4, 2))
    x[0] = True
    x[1] = False
    c.input("x", x, "bool")
    for name, fn in (("all", np.all), ("any", np.any)):
        c.op("%s1" % name, "%s_reduce(x, axes = [1])" % name, o_logical(fn, x, [1]), "bool")
        c.op("%s12" % name, "%s_reduce(x, axes = [1, 2])" % name, o_logical(fn, x, [1, 2]), "bool")
        c.op("%s_all" % name, "%s_reduce(x, axes = [0, 1, 2])" % name, o_logical(fn, x, [0, 1, 2]), "bool")
        c.op("%s_none" % name, "%s_reduce(x, axes = [])" % name, o_logical(fn, x, []), "bool")
    out.append(c)

    c = Case("pad_borders", "pad with every border mode, reaching the full extent reflect allows")
    x = (np.arange(12, dtype=np.float32) * 1.5 - 4).reshape(3, 4)
    c.input("x", x, "float32")
    specs = [("constant", [(1, 2), (2, 0)], 2.5), ("replicate", [(2, 1), (0, 3)], 0.0),
             ("reflect", [(2, 2), (3, 1)], 0.0), ("reflect-even", [(3, 1), (4, 4)], 0.0)]
    for i, (border, padding, value) in enumerate(specs):
        text = ", ".join("(%d, %d)" % p for p in padding)
        c.op("p%d" % i, "pad(x, padding = [%s], border = '%s', value = %r)" % (text, border, value),
             o_pad(x, padding, border, value), "float32")
    c.op("p_none", "pad(x, padding = [], border = 'constant', value = 0.0)", x, "float32")
    out.append(c)

    c = Case("pad_negative", "negative padding crops; the other side still reflects the original input")
    x = float_input((4, 5), -9, 9)
    c.input("x", x, "float32")
    specs = [("constant", [(-1, 2), (1, -2)], -1.0), ("replicate", [(-2, 1), (-1, -1)], 0.0),
             ("reflect", [(-1, 3), (4, -3)], 0.0), ("reflect-even", [(4, -2), (-4, 5)], 0.0)]
    for i, (border, padding, value) in enumerate(specs):
        text = ", ".join("(%d, %d)" % p for p in padding)
        c.op("n%d" % i, "pad(x, padding = [%s], border = '%s', value = %r)" % (text, border, value),
             o_pad(x, padding, border, value), "float32")
    out.append(c)

    c = Case("tile", "tile of scalar, integer and logical tensors")
    xf = float_input((2, 3))
    xi = int_input((2, 1, 2))
    xb = bool_input((1, 3))
    c.input("xf", xf, "float32")
    c.input("xi", xi, "int32")
    c.input("xb", xb, "bool")
    c.op("tf", "tile(xf, repeats = [2, 3])", np.tile(xf, (2, 3)), "float32")
    c.op("ti", "tile(xi, repeats = [1, 3, 2])", np.tile(xi, (1, 3, 2)), "int32")
    c.op("tb", "tile(xb, repeats = [3, 1])", np.tile(xb, (3, 1)), "bool")
    c.op("t1", "tile(xf, repeats = [1, 1])", xf, "float32")
    out.append(c)

    c = Case("stack", "stack at the front, middle and end; one input")
    a, b, d = float_input((2, 3)), float_input((2, 3)), float_input((2, 3))
    for n, v in (("a", a), ("b", b), ("d", d)):
        c.input(n, v, "float32")
    for axis in (0, 1, 2):
        c.op("s%d" % axis, "stack([a, b, d], axis = %d)" % axis, np.stack([a, b, d], axis=axis), "float32")
    c.op("s_one", "stack([b], axis = 1)", np.stack([b], axis=1), "float32")
    out.append(c)

    c = Case("unstack", "unstack along each axis, and of integer tensors")
    x = float_input((3, 2, 4))
    xi = int_input((2, 3))
    c.input("x", x, "float32")
    c.input("xi", xi, "int32")
    for axis in (0, 1, 2):
        parts = [np.squeeze(p, axis=axis) for p in np.split(x, x.shape[axis], axis=axis)]
        names = ["u%d_%d" % (axis, k) for k in range(len(parts))]
        c.lines.append("[%s] = unstack(x, axis = %d);" % (", ".join(names), axis))
        for n, p in zip(names, parts):
            c.outputs.append((n, "float32", p, 0))
    parts = [np.squeeze(p, axis=1) for p in np.split(xi, 3, axis=1)]
    c.lines.append("[v0, v1, v2] = unstack(xi, axis = 1);")
    for k, p in enumerate(parts):
        c.outputs.append(("v%d" % k, "int32", p, 0))
    out.append(c)
    return out


def core_cases():
    """(name, op, inputs, expected, C attrs initializer) for dtypes NNEF cannot spell: NNEF's
    argmax_reduce, argmin_reduce and pad take tensor<scalar> only."""
    out = []
    x = rng.integers(-3, 4, (2, 3, 4)).astype(np.int64)
    x[0, 0, 0] = -(2 ** 63)
    x[1, 2, 3] = 2 ** 63 - 1
    out.append(("argmax_int64", "reduce_argmax", [x], o_arg(np.argmax, x, [1, 2], np.int64).reshape(2),
                "{.arg_reduce = {.axes_mask = 6, .keep_dims = false, .index_dtype = NNX_INT64}}"))
    out.append(("argmin_int64", "reduce_argmin", [x], o_arg(np.argmin, x, [0], np.int64),
                "{.arg_reduce = {.axes_mask = 1, .keep_dims = true, .index_dtype = NNX_INT64}}"))
    d = np.array([[1.0, NAN, 5.0, NAN], [-0.0, 0.0, -1e300, -1e300]], dtype=np.float64)
    out.append(("argmin_float64", "reduce_argmin", [d], o_arg(np.argmin, d, [1], np.int64).reshape(2),
                "{.arg_reduce = {.axes_mask = 2, .keep_dims = false, .index_dtype = NNX_INT64}}"))
    u = rng.integers(0, 256, (3, 4)).astype(np.uint8)
    out.append(("pad_uint8_const", "pad", [u], o_pad(u, [(1, 2), (-1, 3)], "constant", 200),
                "{.pad = {.begin = {1, -1}, .end = {2, 3}, .mode = NNX_PAD_CONSTANT, .value = {.u = 200}}}"))
    out.append(("pad_uint8_sym", "pad", [u], o_pad(u, [(3, 0), (2, 4)], "reflect-even"),
                "{.pad = {.begin = {3, 2}, .end = {0, 4}, .mode = NNX_PAD_SYMMETRIC}}"))
    i8 = rng.integers(-128, 128, (2, 3)).astype(np.int8)
    out.append(("pad_int8_const", "pad", [i8], o_pad(i8, [(1, 0), (0, 1)], "constant", -5),
                "{.pad = {.begin = {1, 0}, .end = {0, 1}, .mode = NNX_PAD_CONSTANT, .value = {.i = -5}}}"))
    i32 = rng.integers(-2, 3, (3, 5)).astype(np.int32)  # ties
    out.append(("argmax_int32", "reduce_argmax", [i32], o_arg(np.argmax, i32, [1]),
                "{.arg_reduce = {.axes_mask = 2, .keep_dims = true, .index_dtype = NNX_INT32}}"))
    b = rng.integers(0, 2, (2, 3)) == 1
    out.append(("pad_bool_edge", "pad", [b], o_pad(b, [(0, 2), (2, 1)], "replicate"),
                "{.pad = {.begin = {0, 2}, .end = {2, 1}, .mode = NNX_PAD_EDGE}}"))
    out.append(("pad_bool_const", "pad", [b], o_pad(b, [(2, 0), (1, -1)], "constant", True),
                "{.pad = {.begin = {2, 1}, .end = {0, -1}, .mode = NNX_PAD_CONSTANT, .value = {.u = 1}}}"))
    out.append(("tile_uint8", "tile", [u], np.tile(u, (2, 2)), "{.tile = {.repeats = {2, 2}}}"))
    return out


# ---------------------------------------------------------------- C output

HEAD = """/* Regenerate with: %s   (from the repository root)
 * nnef_run_shape_ops_expected.h — GENERATED by tests/unit/formats/nnef/gen_nnef_run_shape_ops.py; do not
 * edit. numpy %s, seed %d. Flat NNEF documents of argmax/argmin/all/any_reduce, pad, tile,
 * stack and unstack with inputs and numpy's outputs, and core-op cases for dtypes NNEF cannot
 * spell (tests/unit/formats/nnef/test_nnef_run_shape_ops.c). */
"""


def main():
    write_header(OUT, HEAD % (COMMAND, np.__version__, SEED), "NNX_TEST_NNEF_RUN_SHAPE_OPS_EXPECTED_H", "nrs", cases(), core_cases())


if __name__ == "__main__":
    main()
