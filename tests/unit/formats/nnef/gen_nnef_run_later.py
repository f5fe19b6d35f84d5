#!/usr/bin/python3
# gen_nnef_run_later.py — writes tests/data/nnef_run_later_expected.h: `version 1.0;` documents using
# the standard library after NNEF 1.0.2 (NNEF-Tools, tract) with numpy's outputs: compounds follow
# their bodies in float32 (sigmoid within ulps), libm functions are float64 rounded once.
# Run with Debian's python3:  /usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_later.py
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nnef_run_gen import Case, write_header  # noqa: E402

SEED = 20261128
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "..", "data", "nnef_run_later_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_later.py"
F = np.float32


def rand(shape, lo=-3.0, hi=3.0):
    return rng.uniform(lo, hi, shape).astype(F)


def nnef_round(x):
    return np.floor(x + F(0.5)).astype(F)


def sigmoid(x):
    return (F(1) / (F(1) + np.exp(-x.astype(np.float64)))).astype(F)


def elu(x, alpha):
    return np.where(x < 0, F(alpha) * (np.exp(x) - F(1)), x).astype(F)


def min_max_q(x, lo, hi, bits, signed, symmetric):
    r = F(2 ** bits - 1 - (1 if signed and symmetric else 0))
    z = np.clip(x, lo, hi).astype(F)
    p = F((2 ** (bits - 1) - (1 if symmetric else 0)) if signed else 0)
    q = (nnef_round((z - F(lo)) / (F(hi) - F(lo)) * r) - p).astype(F)
    return ((q + p) / r * (F(hi) - F(lo)) + F(lo)).astype(F)


def zero_point_q(x, zp, scale, bits, signed, symmetric):
    zp = np.asarray(zp).astype(F)
    r = F(2 ** (bits - 1) - 1 if signed else 2 ** bits - 1)
    lo = (-r if symmetric else -r - F(1)) if signed else F(0)
    s = (nnef_round((x / F(scale)).astype(F)) + zp).astype(F)
    q = np.clip(s, lo, r).astype(F)
    return ((q - zp) * F(scale)).astype(F)


def cases():
    out = []

    c = Case("trig", "tan sinh cosh asin acos atan asinh acosh atanh (libm, rounded once)")
    x = rand([2, 4], -1.2, 1.2)
    u = rand([2, 4], -0.99, 0.99)
    v = rand([2, 4], 1.0, 4.0)
    c.input("x", x, "float32")
    c.input("u", u, "float32")
    c.input("v", v, "float32")
    xd, ud, vd = x.astype(np.float64), u.astype(np.float64), v.astype(np.float64)
    for name, fn, arg, argd in [("tan", np.tan, "x", xd), ("sinh", np.sinh, "x", xd), ("cosh", np.cosh, "x", xd),
                                ("asin", np.arcsin, "u", ud), ("acos", np.arccos, "u", ud),
                                ("atan", np.arctan, "x", xd), ("asinh", np.arcsinh, "x", xd),
                                ("acosh", np.arccosh, "v", vd), ("atanh", np.arctanh, "u", ud)]:
        c.op("o_" + name, "%s(%s)" % (name, arg), fn(argd).astype(F), "float32", 1)
    out.append(c)

    c = Case("trig_domain", "IEEE results outside the domains: asin(2) acosh(0.5) atanh(1) atanh(-1) are NaN/inf")
    w = np.array([2.0, 0.5, 1.0, -1.0], F)
    c.input("w", w, "float32")
    with np.errstate(all="ignore"):
        c.op("a", "asin(w)", np.arcsin(w.astype(np.float64)).astype(F), "float32")
        c.op("b", "acosh(w)", np.arccosh(w.astype(np.float64)).astype(F), "float32")
        c.op("t", "atanh(w)", np.arctanh(w.astype(np.float64)).astype(F), "float32")
    out.append(c)

    c = Case("activations", "elu with and without alpha, selu (defaults and given), gelu, silu, softabs")
    x = rand([2, 3, 2])
    c.input("x", x, "float32")
    c.op("e1", "elu(x)", elu(x, 1.0), "float32", 4)
    c.op("e2", "elu(x, alpha = 0.25)", elu(x, 0.25), "float32", 4)
    c.op("s1", "selu(x)", (F(1.05070102) * elu(x, 1.67326319)).astype(F), "float32", 4)
    c.op("s2", "selu(x, alpha = 2.0, lambda = 0.5)", (F(0.5) * elu(x, 2.0)).astype(F), "float32", 4)
    c.op("g", "gelu(x)", (x * sigmoid((F(1.702) * x).astype(F))).astype(F), "float32", 4)
    c.op("si", "silu(x)", (x * sigmoid(x)).astype(F), "float32", 4)
    c.op("sa", "softabs(x, epsilon = 0.01)", np.sqrt((x * x + F(0.01)).astype(F)).astype(F), "float32")
    out.append(c)

    c = Case("gather", "gather of embeddings (axis 0, indices [2,3]), along axis 1, and of integers")
    table = rand([5, 4])
    ids = np.array([[4, 0, 2], [1, 1, 3]], np.int32)
    m = rand([2, 5, 3])
    cols = np.array([3, 0], np.int32)
    n = rng.integers(-50, 50, [3, 2]).astype(np.int32)
    c.input("table", table, "float32")
    c.input("ids", ids, "int32")
    c.input("m", m, "float32")
    c.input("n", n, "int32")
    c.op("emb", "gather(table, ids)", table[ids], "float32")
    c.lines.append("cols = constant<integer>(shape = [2], value = [3, 0]);")
    c.op("sel", "gather(m, cols, axis = 1)", np.take(m, cols, axis=1), "float32")
    c.lines.append("two = constant<integer>(shape = [2], value = [2, 0]);")
    c.op("rows", "gather(n, two, axis = 0)", n[[2, 0]], "int32")
    out.append(c)

    c = Case("cast", "cast between scalar, integer and logical (toward zero; non-zero is true; 0/1)")
    x = np.array([-2.75, -0.5, 0.0, 0.25, 1.5, 7.999], F)
    i = np.array([-3, 0, 5, 16777217, -1, 2], np.int32)
    b = np.array([True, False, True, True, False, False])
    c.input("x", x, "float32")
    c.input("i", i, "int32")
    c.input("b", b, "bool")
    c.op("xi", "cast<integer>(x)", np.trunc(x).astype(np.int32), "int32")
    c.op("xb", "cast<logical>(x)", x != 0, "bool")
    c.op("ix", "cast<scalar>(i)", i.astype(F), "float32")
    c.op("ib", "cast<logical>(i)", i != 0, "bool")
    c.op("bx", "cast<scalar>(b)", b.astype(F), "float32")
    c.op("bi", "cast<integer>(b)", b.astype(np.int32), "int32")
    c.op("xx", "cast<scalar>(x)", x, "float32")
    out.append(c)

    c = Case("quantize", "min_max_linear_quantize (signed/symmetric combinations) and zero_point_linear_quantize")
    x = rand([2, 6], -1.5, 1.5)
    c.input("x", x, "float32")
    c.op("mu", "min_max_linear_quantize(x, -1.0, 1.0, bits = 4, signed = false, symmetric = false)",
         min_max_q(x, -1.0, 1.0, 4, False, False), "float32", 1)
    c.op("ms", "min_max_linear_quantize(x, -1.0, 1.0, bits = 8, signed = true, symmetric = false)",
         min_max_q(x, -1.0, 1.0, 8, True, False), "float32", 1)
    c.op("mss", "min_max_linear_quantize(x, -1.0, 1.0, bits = 8, signed = true, symmetric = true)",
         min_max_q(x, -1.0, 1.0, 8, True, True), "float32", 1)
    c.op("za", "zero_point_linear_quantize(x, -128, 0.0039, bits = 8, signed = true, symmetric = false)",
         zero_point_q(x, -128, 0.0039, 8, True, False), "float32")
    c.op("zs", "zero_point_linear_quantize(x, 0, 0.02, bits = 8, signed = true, symmetric = true)",
         zero_point_q(x, 0, 0.02, 8, True, True), "float32")
    c.op("zu", "zero_point_linear_quantize(x, 128, 0.01, bits = 8, signed = false, symmetric = false)",
         zero_point_q(x, 128, 0.01, 8, False, False), "float32")
    out.append(c)
    return out


HEAD = """/* Regenerate with: %s   (from the repository root)
 * nnef_run_later_expected.h — GENERATED by tests/unit/formats/nnef/gen_nnef_run_later.py; do not edit.
 * numpy %s, seed %d. `version 1.0;` documents using the standard library after NNEF 1.0.2 with
 * inputs and numpy's outputs (tests/unit/formats/nnef/test_nnef_run_later.c). */
"""


def main():
    write_header(OUT, HEAD % (COMMAND, np.__version__, SEED), "NNX_TEST_NNEF_RUN_LATER_EXPECTED_H", "nrl",
                 cases(), [])


if __name__ == "__main__":
    main()
