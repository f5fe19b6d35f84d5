#!/usr/bin/python3
# gen_nnef_run_elementwise.py — writes tests/data/nnef_run_elementwise_expected.h: small flat
# NNEF documents exercising every element-wise primitive nnx runs (rcp, sin, cos, sign, round,
# not, lt/gt/le/ge/eq/ne, and/or, select; NNEF trailing broadcasting; literal operands), their
# seeded inputs and numpy's outputs, plus direct core-op cases for dtypes NNEF cannot express
# (integer sign/comparisons/where, float64 round). The oracle is independent of the C kernels:
# numpy float32 arithmetic (rcp is IEEE division), float64 libm rounded once (sin, cos), exact
# rationals for round. Run with Debian's python3 and python3-numpy:
#   /usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_elementwise.py
import math
import os
import sys
from fractions import Fraction

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nnef_run_gen import Case, write_header  # noqa: E402  (shared with the other gen_nnef_run_*.py)

SEED = 20240730
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "..", "data", "nnef_run_elementwise_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_elementwise.py"

NAN, INF = math.nan, math.inf

# Exact float specials every float input starts with: both zeros, infinities, NaN, round's ties
# and near-ties (0.49999997 is the float below 0.5: floor(x + 0.5) = 0 exactly, 1 if x + 0.5 were
# rounded to float first), large integers, tiny values (rcp of a subnormal overflows to inf).
F32_SPECIALS = [0.0, -0.0, INF, -INF, NAN, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -0.49999997,
                8388607.5, -8388607.5, 16777216.0, 1e-45, -1e-45, 3.0, -7.25, 1e6, 100.0, 1e-3, -1e30]


def f32(values):
    return np.array(values, dtype=np.float32)


def float_input(shape, specials=()):
    n = int(np.prod(shape))
    data = list(specials)[:n]
    data += list(rng.uniform(-6.0, 6.0, n - len(data)).astype(np.float32))
    return f32(data).reshape(shape)


def bool_input(shape):
    return (rng.integers(0, 2, shape) == 1)


def nnef_broadcast(*arrays):
    """NNEF §3.0: missing TRAILING dimensions count as 1; then extents must match or be 1."""
    rank = max(a.ndim for a in arrays)
    return [np.asarray(a).reshape(a.shape + (1,) * (rank - a.ndim)) for a in arrays]


# ---------------------------------------------------------------- oracles

def o_rcp(x):
    with np.errstate(divide="ignore", over="ignore"):
        return np.float32(1.0) / x  # IEEE float32 division: correctly rounded


def o_sign(x):
    return np.sign(x)  # NaN -> NaN, +-0 -> +0


def o_round(x):
    # floor(x + 0.5) exactly (round half up); NaN and infinities are themselves.
    def one(v):
        v = float(v)
        if not math.isfinite(v):
            return v
        return float(math.floor(Fraction(v) + Fraction(1, 2)))
    return np.array([one(v) for v in x.ravel()], dtype=x.dtype).reshape(x.shape)


def o_libm(fn, x):
    with np.errstate(invalid="ignore"):
        return fn(x.astype(np.float64)).astype(np.float32)


COMPARE = {"lt": np.less, "gt": np.greater, "le": np.less_equal, "ge": np.greater_equal, "eq": np.equal,
           "ne": np.not_equal}


def compare(op, x, y):
    a, b = nnef_broadcast(x, y)
    return COMPARE[op](a, b)


# ---------------------------------------------------------------- NNEF cases

# sin and cos are not correctly rounded in libm: the expected value is numpy's float64 result
# rounded once to float32; a kernel computing in double (the reference) lands within a double ULP
# of it, which moves the float rounding by at most 1 float ULP next to a tie. 2 ULP also admits a
# float32 kernel with ~1 ULP polynomial sin/cos; anything worse is an accuracy bug.
SINCOS_ULPS = 2


def cases():
    out = []

    c = Case("unary", "rcp, sign, round exact (incl. 1/+-0 = +-inf, sign(NaN) = NaN, sign(-0) = +0, "
                      "round half up: -2.5 -> -2, 0.49999997 -> 0); sin, cos within 2 ULP")
    x = float_input((4, 10), F32_SPECIALS)
    c.input("x", x, "float32")
    c.op("r", "rcp(x)", o_rcp(x), "float32")
    c.op("s", "sign(x)", o_sign(x), "float32")
    c.op("n", "round(x)", o_round(x), "float32")
    c.op("si", "sin(x)", o_libm(np.sin, x), "float32", SINCOS_ULPS)
    c.op("co", "cos(x)", o_libm(np.cos, x), "float32", SINCOS_ULPS)
    c.op("cp", "copy(x)", x, "float32")
    out.append(c)

    c = Case("unary_random", "round, sign, rcp on seeded random values, incl. exact .5 ties")
    x = np.concatenate([rng.uniform(-50, 50, 40), rng.integers(-40, 40, 24) + 0.5]).astype(np.float32)
    x = x.reshape(2, 4, 8)
    c.input("x", x, "float32")
    c.op("n", "round(x)", o_round(x), "float32")
    c.op("s", "sign(x)", o_sign(x), "float32")
    c.op("r", "rcp(x)", o_rcp(x), "float32")
    out.append(c)

    c = Case("logic", "not, and, or; [2,3] with [2] broadcasts as [2,1] (NNEF trailing); literals")
    a, b, v = bool_input((2, 3)), bool_input((2, 3)), bool_input((2,))
    c.input("a", a, "bool")
    c.input("b", b, "bool")
    c.input("v", v, "bool")
    c.op("na", "not(a)", ~a, "bool")
    c.op("ab", "and(a, b)", a & b, "bool")
    c.op("ob", "or(a, b)", a | b, "bool")
    av, vv = nnef_broadcast(a, v)
    c.op("av", "and(a, v)", av & vv, "bool")
    c.op("vo", "or(v, a)", vv | av, "bool")
    c.op("at", "and(a, true)", a, "bool")
    c.op("of", "or(false, b)", b, "bool")
    c.op("ot", "or(a, true)", np.ones_like(a), "bool")
    out.append(c)

    c = Case("compare", "lt gt le ge eq ne with NaN (false except ne), +-0 equal, infinities")
    x = f32([NAN, NAN, 1.0, 0.0, -0.0, INF, -INF, 2.0, 3.0, -1.0, 5.0, INF])
    y = f32([NAN, 1.0, NAN, -0.0, 0.0, INF, INF, 3.0, 2.0, -1.0, 5.0, -INF])
    x = np.concatenate([x, float_input((12,))]).reshape(4, 6)
    y = np.concatenate([y, float_input((12,))]).reshape(4, 6)
    y[3, :3] = x[3, :3]  # some equal random pairs
    c.input("x", x, "float32")
    c.input("y", y, "float32")
    for op in COMPARE:
        c.op("z_" + op, "%s(x, y)" % op, compare(op, x, y), "bool")
    out.append(c)

    c = Case("compare_broadcast", "[2,3] with [2] (acts as [2,1]); [2,3,4] with [1,3] (acts as [1,3,1])")
    x, v = float_input((2, 3)), float_input((2,))
    x[1, 1] = v[1]
    p, q = float_input((2, 3, 4)), float_input((1, 3))
    p[0, 2, 1] = q[0, 2]
    p[1, 0, 3] = NAN
    for n, arr in (("x", x), ("v", v), ("p", p), ("q", q)):
        c.input(n, arr, "float32")
    c.op("xv", "lt(x, v)", compare("lt", x, v), "bool")
    c.op("vx", "ge(v, x)", compare("ge", v, x), "bool")
    c.op("xe", "eq(x, v)", compare("eq", x, v), "bool")
    c.op("pq", "gt(p, q)", compare("gt", p, q), "bool")
    c.op("qp", "le(q, p)", compare("le", q, p), "bool")
    c.op("pn", "ne(p, q)", compare("ne", p, q), "bool")
    out.append(c)

    c = Case("compare_literal", "comparisons with scalar literals on either side (rank-0 float32 constants)")
    x = float_input((3, 5), [0.5, -1.0, 0.0, -0.0, NAN, 2.0])
    c.input("x", x, "float32")
    c.op("a", "lt(x, 0.5)", x < np.float32(0.5), "bool")
    c.op("b", "ge(x, -1.0)", x >= np.float32(-1.0), "bool")
    c.op("e", "eq(x, 0.0)", x == np.float32(0.0), "bool")
    c.op("n", "ne(x, 0.0)", x != np.float32(0.0), "bool")
    c.op("g", "gt(0.5, x)", np.float32(0.5) > x, "bool")
    c.op("l", "le(2.0, x)", np.float32(2.0) <= x, "bool")
    out.append(c)

    c = Case("select", "select on scalar, integer and logical values; three-way trailing broadcast; literals")
    cond, t, f = bool_input((2, 3)), float_input((2, 3), [NAN, -0.0]), float_input((2, 3))
    cv, fr = bool_input((2,)), float_input((1, 3))
    ti = rng.integers(-1000, 1000, (2, 3)).astype(np.int32)
    fi = rng.integers(-(2 ** 31), 2 ** 31 - 1, (1, 3)).astype(np.int32)
    la, lb = bool_input((2, 3)), bool_input((2, 3))
    for n, arr, dt in (("c", cond, "bool"), ("t", t, "float32"), ("f", f, "float32"), ("cv", cv, "bool"),
                       ("fr", fr, "float32"), ("ti", ti, "int32"), ("fi", fi, "int32"), ("la", la, "bool"),
                       ("lb", lb, "bool")):
        c.input(n, arr, dt)
    c.op("s", "select(c, t, f)", np.where(cond, t, f), "float32")
    bc, bt, bf = nnef_broadcast(cv, t, fr)
    c.op("sb", "select(cv, t, fr)", np.where(bc, bt, bf), "float32")
    c.op("sl", "select(c, t, 0.0)", np.where(cond, t, np.float32(0.0)), "float32")
    bc, bf = nnef_broadcast(cv, fr)
    c.op("sk", "select(cv, -1.5, fr)", np.where(bc, np.float32(-1.5), bf), "float32")
    c.op("si", "select(c, ti, fi)", np.where(cond, ti, fi), "int32")
    c.op("sil", "select(cv, ti, 7)", np.where(nnef_broadcast(cv, ti)[0], ti, np.int32(7)), "int32")
    c.op("sg", "select(c, la, lb)", np.where(cond, la, lb), "bool")
    out.append(c)

    c = Case("composed", "select(lt(x, y), x, y) chains comparison and select (NNEF's min body, Appendix A)")
    x, y = float_input((3, 4), [1.0, NAN, 2.0]), float_input((3, 4), [1.0, 1.0, NAN])
    c.input("x", x, "float32")
    c.input("y", y, "float32")
    c.lines.append("m = lt(x, y);")
    c.op("z", "select(m, x, y)", np.where(x < y, x, y), "float32")
    c.lines += ["nm = not(m);", "rx = round(x);", "ry = rcp(y);"]
    c.op("w", "select(nm, rx, ry)", np.where(~(x < y), o_round(x), o_rcp(y)), "float32")
    out.append(c)
    return out


# ---------------------------------------------------------------- core cases (no NNEF spelling)

def core_cases():
    out = []
    i8 = np.array([-128, -5, -1, 0, 1, 7, 127], dtype=np.int8)
    out.append(("sign_int8", "sign", [i8], np.sign(i8)))
    i64 = np.array([-(2 ** 63), -(2 ** 40), -1, 0, 1, 2 ** 62, 2 ** 63 - 1], dtype=np.int64)
    out.append(("sign_int64", "sign", [i64], np.sign(i64)))
    u8 = np.array([0, 1, 200, 255], dtype=np.uint8)
    out.append(("sign_uint8", "sign", [u8], (u8 != 0).astype(np.uint8)))
    out.append(("round_int32", "round", [np.array([-7, 0, 2 ** 31 - 1], dtype=np.int32)],
                np.array([-7, 0, 2 ** 31 - 1], dtype=np.int32)))
    # 0.49999999999999994 + 0.5 rounds to 1.0 in double: the formula's exact value is 0.
    d = np.array([0.49999999999999994, -0.5, 2.5, -2.5, 4503599627370495.5, -0.0, NAN, -INF], dtype=np.float64)
    out.append(("round_float64", "round", [d], o_round(d)))
    # uint64 above INT64_MAX must order as unsigned; int64 extremes; broadcasting [3,1] x [4].
    u = np.array([[0], [2 ** 63], [2 ** 64 - 1]], dtype=np.uint64)
    v = np.array([1, 2 ** 63 - 1, 2 ** 63, 2 ** 64 - 1], dtype=np.uint64)
    for op, fn in (("less", np.less), ("greater_equal", np.greater_equal), ("equal", np.equal)):
        out.append(("%s_uint64" % op, op, [u, v], fn(u, v)))
    s = np.array([[-(2 ** 63)], [-1], [2 ** 63 - 1]], dtype=np.int64)
    t = np.array([-(2 ** 63), 0, 2 ** 63 - 1], dtype=np.int64)
    for op, fn in (("less_equal", np.less_equal), ("greater", np.greater), ("not_equal", np.not_equal)):
        out.append(("%s_int64" % op, op, [s, t], fn(s, t)))
    b1, b2 = np.array([[False], [True]]), np.array([False, True])
    out.append(("less_bool", "less", [b1, b2], np.less(b1, b2)))
    cond = np.array([[True], [False]])
    a8 = np.array([[-128, 5, 127]], dtype=np.int8)
    z8 = np.array([[1], [-1]], dtype=np.int8)
    out.append(("where_int8", "where", [cond, a8, z8], np.where(cond, a8, z8)))
    d1 = np.array([-0.0, NAN, 1e300], dtype=np.float64)
    d2 = np.array([[0.0], [-1.0]], dtype=np.float64)
    out.append(("where_float64", "where", [np.array([True, False, True]), d1, d2],
                np.where(np.array([True, False, True]), d1, d2)))
    return out


# ---------------------------------------------------------------- C output

HEAD = """/* Regenerate with: %s   (from the repository root)
 * nnef_run_elementwise_expected.h — GENERATED by tests/unit/formats/nnef/gen_nnef_run_elementwise.py; do not
 * edit. numpy %s, seed %d. Flat NNEF documents of the element-wise primitives with inputs and
 * numpy's outputs, and core-op cases for dtypes NNEF cannot spell (tests/unit/formats/nnef/test_nnef_run_elementwise.c). */
"""


def main():
    write_header(OUT, HEAD % (COMMAND, np.__version__, SEED), "NNX_TEST_NNEF_RUN_ELEMENTWISE_EXPECTED_H", "nre", cases(), core_cases())


if __name__ == "__main__":
    main()
