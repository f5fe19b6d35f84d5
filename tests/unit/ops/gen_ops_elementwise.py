#!/usr/bin/python3
# gen_ops_elementwise.py — writes tests/data/ops_elementwise_expected.h: seeded random and edge
# inputs with expected outputs for the element-wise ops, clamp, cast, broadcasting and data
# movement. The oracle is independent of the C kernels: numpy (float32 IEEE arithmetic, float64
# libm functions rounded once), exact rationals (fractions) and Python integers wrapped explicitly.
# Run with Debian's python3 and python3-numpy:  /usr/bin/python3 tests/unit/ops/gen_ops_elementwise.py
import math
import os
from fractions import Fraction

import numpy as np

from gen_ops_typed import (ALL, ENUM, FLOATS, INF, INTS, NAN, CArrays,
                           imax, imin, representable, round_exact, signbit, wrap)

SEED = 20240611
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "data", "ops_elementwise_expected.h")
OUT_DATA = os.path.join(HERE, "..", "..", "data", "ops_elementwise_data.h")
COMMAND = "/usr/bin/python3 tests/unit/ops/gen_ops_elementwise.py"

F32_MAX = float(np.finfo(np.float32).max)
F16_MAX = 65504.0

# Tolerances (ULP of the target type) for functions that are not correctly rounded in IEEE 754:
# exp, log, tanh, sigmoid and pow. The expected value is numpy's float64 result rounded once to
# the target type. An implementation computing in double (like the reference kernels) differs
# from it by a few double ULP at most, which can move the rounded result by at most one target
# ULP when the exact value lies next to a rounding boundary. float16 therefore allows 1 ULP.
# float32 allows 2 ULP so that a float32 kernel whose functions are accurate to ~1 ULP (vector
# libm-style polynomials) still passes; anything worse is a real accuracy bug.
ULP = {"float32": 2, "float16": 1}


def np_round(v, dt):
    """numpy's rounding of a float64 to dt, cross-checked against round_exact."""
    with np.errstate(all="ignore"):
        r = float(np.float64(v).astype(np.float32 if dt == "float32" else np.float16))
    if math.isfinite(v):
        e = round_exact(float(v), dt)
        assert r == e and math.copysign(1, r) == math.copysign(1, e), (v, dt, r, e)
    return r


def same_float(a, b):
    return (math.isnan(a) and math.isnan(b)) or (a == b and signbit(a) == signbit(b))


# ------------------------------------------------------------------ scalar oracles

def ieee_max(a, b):
    """IEEE 754-2019 maximum: NaN propagates; +0 is greater than -0."""
    if math.isnan(a) or math.isnan(b):
        return NAN
    if a == 0 and b == 0:
        return -0.0 if signbit(a) and signbit(b) else 0.0
    return max(a, b)


def ieee_min(a, b):
    """IEEE 754-2019 minimum: NaN propagates; -0 is less than +0."""
    if math.isnan(a) or math.isnan(b):
        return NAN
    if a == 0 and b == 0:
        return -0.0 if signbit(a) or signbit(b) else 0.0
    return min(a, b)


NP_OPS = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide, "pow": np.power}
FRAC_OPS = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
            "div": lambda a, b: a / b}


def binary_float(op, a, b, dt):
    if op == "max":
        return ieee_max(a, b)
    if op == "min":
        return ieee_min(a, b)
    with np.errstate(all="ignore"):
        if op == "pow":  # libm pow in float64 (C99 special cases), rounded once
            return np_round(float(np.power(np.float64(a), np.float64(b))), dt)
        if dt == "float32":  # IEEE float32 arithmetic is correctly rounded
            r = float(NP_OPS[op](np.float32(a), np.float32(b)))
        else:  # exact in float64 for add/sub/mul; div rounds twice, innocuously (53 >= 2*11+2)
            r = np_round(float(NP_OPS[op](np.float64(a), np.float64(b))), dt)
    if math.isfinite(a) and math.isfinite(b) and not (op == "div" and b == 0):
        exact = FRAC_OPS[op](Fraction(a), Fraction(b))
        if exact != 0:  # second oracle: exact rational result rounded once
            assert same_float(r, round_exact(exact, dt)), (op, a, b, dt, r)
    return r


def tdiv(a, b):
    """Integer division truncating toward zero; the documented x / 0 = 0."""
    if b == 0:
        return 0
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def ipow(a, b, dt):
    """a^b exactly, wrapped; a negative exponent gives the truncated reciprocal and 0^-n = 0
    (WebNN decision 6.1-23)."""
    if b >= 0:
        return wrap(pow(a, b, 1 << 64), dt)
    if a == 0:
        return 0
    if a == 1:
        return 1
    if a == -1:
        return -1 if b % 2 else 1
    return 0  # |1 / a^n| < 1 truncates to 0


def binary_int(op, a, b, dt):
    r = {"add": lambda: a + b, "sub": lambda: a - b, "mul": lambda: a * b, "div": lambda: tdiv(a, b),
         "max": lambda: max(a, b), "min": lambda: min(a, b), "pow": lambda: ipow(a, b, dt)}[op]()
    return wrap(r, dt)


def binary(op, a, b, dt):
    return binary_float(op, a, b, dt) if dt in FLOATS else binary_int(op, a, b, dt)


def sigmoid64(x):
    """A numerically stable float64 logistic (a different formula from 1 / (1 + exp(-x)))."""
    if math.isnan(x):
        return NAN
    if x >= 0:
        return float(1.0 / (1.0 + np.exp(-np.float64(x))))
    e = float(np.exp(np.float64(x)))
    return e / (1.0 + e)


def unary_float(op, x, dt):
    with np.errstate(all="ignore"):
        if op == "abs":
            return abs(x)
        if op == "neg":
            return -x
        if op == "relu":  # max(x, +0) with IEEE maximum: relu(-0) = +0, relu(NaN) = NaN
            return ieee_max(x, 0.0)
        f = {"ceil": np.ceil, "floor": np.floor, "exp": np.exp, "log": np.log, "sqrt": np.sqrt,
             "tanh": np.tanh}.get(op)
        r = sigmoid64(x) if op == "sigmoid" else float(f(np.float64(x)))
        return np_round(r, dt)


def unary_int(op, x, dt):
    return wrap({"abs": abs(x), "neg": -x, "relu": max(x, 0)}[op], dt)


def cast_value(v, src, dst):
    """WebNN cast table with nnx's documented choices: float -> int truncates, saturates,
    NaN -> 0; int -> int keeps the low bits; -> float rounds once to nearest even."""
    if src in FLOATS:
        if dst in FLOATS:
            return v if not math.isfinite(v) else round_exact(v, dst)
        if math.isnan(v):
            return 0
        t = imax(dst) if v == INF else imin(dst) if v == -INF else math.trunc(v)
        return min(max(t, imin(dst)), imax(dst))
    return round_exact(v, dst) if dst in FLOATS else wrap(v, dst)


def number_cast(num, dt):
    """WebNN MLNumber cast (ConvertToFloat / ConvertToInt: clamp, round half to even)."""
    kind, v = num
    if dt in FLOATS:
        if kind == "f":  # round_exact keeps the sign of -0.0; +-inf and NaN stay
            return round_exact(v, dt) if math.isfinite(v) else v
        return round_exact(int(v), dt)
    if kind == "f" and math.isnan(v):
        return 0
    x = Fraction(v) if kind == "f" else Fraction(int(v))
    x = min(max(x, Fraction(imin(dt))), Fraction(imax(dt)))
    return round(x)


# ------------------------------------------------------------------ emitting C

C = CArrays(110)  # the C definitions
cases = []        # C initializers of ew_case


def c_number(num):
    if num is None:
        return "{NNX_NUMBER_ABSENT, {0}}"
    kind, v = num
    if kind == "f":
        s = "NAN" if math.isnan(v) else ("INFINITY" if v > 0 else "-INFINITY") if math.isinf(v) else repr(float(v))
        return "{NNX_NUMBER_FLOAT64, {.f64 = %s}}" % s
    if kind == "i":
        return "{NNX_NUMBER_INT64, {.i64 = %s}}" % ("INT64_MIN" if v == -2**63 else "%d" % v)
    return "{NNX_NUMBER_UINT64, {.u64 = %du}}" % v


def add_case(name, op, ins, outs, ulp=0, bitwise=False, to=None, lo=None, hi=None, a=None, b=None, c=None,
             axis=0, count=0, comment=None):
    """ins/outs: lists of (values, dtype, shape). a, b, c: uint32 lists (None = absent)."""
    assert all(name != existing[0] for existing in cases), name
    fields = ['.name = "%s"' % name, ".op = EW_%s" % op.upper(),
              ".n_in = %d" % len(ins), ".in = %s" % C.tensors("ew_tensor", [C.tensor(*t) for t in ins]),
              ".n_out = %d" % len(outs), ".out = %s" % C.tensors("ew_tensor", [C.tensor(*t) for t in outs])]
    if ulp:
        fields.append(".ulp = %d" % ulp)
    if bitwise:
        fields.append(".bitwise = true")
    if to:
        fields.append(".to = %s" % ENUM[to])
    if lo is not None or hi is not None:
        fields += [".lo = %s" % c_number(lo), ".hi = %s" % c_number(hi)]
    for field, lst in (("a", a), ("b", b), ("c", c)):
        if lst is not None:
            fields += [".%s = %s" % (field, C.u32(lst)), ".%s_count = %d" % (field, len(lst))]
    if axis:
        fields.append(".axis = %d" % axis)
    if count:
        fields.append(".count = %d" % count)
    text = "    {" + ", ".join(fields) + "},"
    if comment:
        text = "    /* %s */\n%s" % (comment, text)
    cases.append((name, text))


# ------------------------------------------------------------------ inputs

def rand_floats(n, dt):
    mags = 10.0 ** rng.integers(-3, 4, n)
    return representable(list(rng.standard_normal(n) * mags), dt)


def rand_ints(n, dt, small=False):
    lo, hi = imin(dt), imax(dt)
    if small:
        lo, hi = max(lo, -1000), min(hi, 1000)
    if dt == "uint64" and not small:
        return [int(v) for v in rng.integers(0, 2**64, n, dtype=np.uint64, endpoint=False)]
    if dt == "int64" and not small:
        return [int(v) for v in rng.integers(-2**63, 2**63, n, dtype=np.int64, endpoint=False)]
    return [int(v) for v in rng.integers(lo, hi + 1, n)]


def float_edges(dt):
    big = F32_MAX if dt == "float32" else F16_MAX
    tiny = 2.0 ** -149 if dt == "float32" else 2.0 ** -24
    return [0.0, -0.0, 1.5, -3.0, INF, -INF, NAN, big, tiny]


def float_special_pairs(dt):
    """Rounding, overflow and underflow corner cases (ties to even, results into subnormals)."""
    if dt == "float32":
        u = 2.0 ** -24
        return [(1.0, u), (1.0 + 2 * u, u), (2.0 ** -149, 0.5), (3 * 2.0 ** -149, 0.5), (1.5 * 2.0 ** -126, 0.5),
                (16777216.0, 1.0), (-F32_MAX, F32_MAX), (1e30, 1e10), (1e-30, 1e-30), (7.0, 0.0), (-7.0, 0.0),
                (1.0, 3.0), (2.0 ** -126, -2.0 ** -127), (-5.5, 2.0)]
    u = 2.0 ** -11
    return [(1.0, u), (1.0 + 2 * u, u), (2.0 ** -24, 0.5), (3 * 2.0 ** -24, 0.5), (65504.0, 16.0), (65504.0, 15.0),
            (2048.0, 1.0), (300.0, 300.0), (1e-4, 1e-4), (7.0, 0.0), (-7.0, 0.0), (1.0, 3.0), (-5.5, 2.0),
            (2.0 ** -14, -2.0 ** -15)]


def binary_inputs(dt):
    """Element pairs: an edge-value grid (opposite-signed zero pairs are tested separately),
    corner pairs and seeded random pairs."""
    if dt in FLOATS:
        e = float_edges(dt)
        pairs = [(x, y) for x in e for y in e if not (x == 0 and y == 0 and signbit(x) != signbit(y))]
        pairs += float_special_pairs(dt)
        pairs += list(zip(rand_floats(24, dt), rand_floats(24, dt)))
    else:
        bits, signed = INTS[dt]
        lo, hi = imin(dt), imax(dt)
        e = [0, 1, -1, 2, 3, -7, lo, hi] if signed else [0, 1, 2, 3, 7, hi, hi - 1, 1 << (bits - 1)]
        pairs = [(x, y) for x in e for y in e]
        pairs += [(hi // 2 + 1, hi // 2 + 1), (1 << (bits // 2), 1 << (bits // 2)), (hi, hi // 2 + 1)]
        pairs += list(zip(rand_ints(12, dt), rand_ints(12, dt)))
        pairs += list(zip(rand_ints(12, dt, small=True), [v or 1 for v in rand_ints(12, "int8", small=True)]
                          if signed else [v % 20 for v in rand_ints(12, "uint8")]))
    a, b = zip(*pairs)
    return representable(a, dt), representable(b, dt)


def pow_inputs(dt):
    if dt in FLOATS:
        bases = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, INF, -INF, NAN, 3.75]
        exps = [0.0, 1.0, -1.0, 0.5, 2.0, 3.0, -3.0, INF, -INF, NAN, 2.5]
        pairs = [(x, y) for x in bases for y in exps]
        pairs += list(zip([abs(v) for v in rand_floats(16, dt)], representable(rng.uniform(-4, 4, 16), dt)))
        pairs += [(-8.0, 1.0 / 3.0), (10.0, 38.0 if dt == "float32" else 4.0), (10.0, 39.0 if dt == "float32" else 5.0),
                  (2.0, -149.0 if dt == "float32" else -24.0), (2.0, -150.0 if dt == "float32" else -25.0)]
    else:
        bits, signed = INTS[dt]
        lo, hi = imin(dt), imax(dt)
        if signed:
            bases = [0, 1, -1, 2, -2, 3, lo, hi]
            exps = [0, 1, 2, 3, bits - 1, bits, -1, -3]
            extra = [(-1, hi), (-1, lo), (1, lo), (0, lo), (2, lo), (3, hi), (-3, hi), (5, 13), (-7, 5), (0, 0)]
        else:
            bases = [0, 1, 2, 3, 5, hi, hi - 1, 1 << (bits // 2)]
            exps = [0, 1, 2, 3, bits - 1, bits, hi, 7]
            extra = [(3, hi - 1), (7, 13), (hi, 2)]
        pairs = [(x, y) for x in bases for y in exps] + extra
        pairs += list(zip(rand_ints(6, dt, small=True), [abs(v) % 9 for v in rand_ints(6, "int8")]))
    a, b = zip(*pairs)
    return representable(a, dt), representable(b, dt)


# ------------------------------------------------------------------ element-wise cases

BINARY_OPS = ("add", "sub", "mul", "div", "max", "min")

for dt in ALL:
    a, b = binary_inputs(dt)
    n = len(a)
    for op in BINARY_OPS:
        add_case("%s_%s" % (op, dt), op, [(a, dt, [n]), (b, dt, [n])],
                 [([binary(op, x, y, dt) for x, y in zip(a, b)], dt, [n])])
    pa, pb = pow_inputs(dt)
    add_case("pow_%s" % dt, "pow", [(pa, dt, [len(pa)]), (pb, dt, [len(pb)])],
             [([binary("pow", x, y, dt) for x, y in zip(pa, pb)], dt, [len(pa)])],
             ulp=ULP[dt] if dt in FLOATS else 0)

# Signed zeros: IEEE 754 defines the sign of every zero result of these ops.
for dt in FLOATS:
    za, zb = [0.0, 0.0, -0.0, -0.0], [0.0, -0.0, 0.0, -0.0]
    for op in ("add", "sub", "mul", "div", "max", "min"):
        add_case("%s_%s_signed_zeros" % (op, dt), op, [(za, dt, [4]), (zb, dt, [4])],
                 [([binary(op, x, y, dt) for x, y in zip(za, zb)], dt, [4])])

# abs, neg, relu: float32, float16, int8, int32, int64 (WebNN's list).
for dt in ("float32", "float16", "int8", "int32", "int64"):
    if dt in FLOATS:
        big = F32_MAX if dt == "float32" else F16_MAX
        tiny = 2.0 ** -149 if dt == "float32" else 2.0 ** -24
        xs = [0.0, -0.0, 1.5, -1.5, INF, -INF, NAN, big, -big, tiny, -tiny] + rand_floats(13, dt)
    else:
        lo, hi = imin(dt), imax(dt)
        xs = [0, 1, -1, 5, -5, lo, lo + 1, hi, hi - 1] + rand_ints(7, dt) + rand_ints(8, dt, small=True)
    xs = representable(xs, dt)
    for op in ("abs", "neg", "relu"):
        f = unary_float if dt in FLOATS else unary_int
        add_case("%s_%s" % (op, dt), op, [(xs, dt, [len(xs)])], [([f(op, x, dt) for x in xs], dt, [len(xs)])])

# ceil floor exp log sqrt sigmoid tanh: float32, float16.
UNARY_INPUTS = {
    "ceil": [0.0, -0.0, 0.3, -0.3, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, INF, -INF, NAN, "tiny", "-tiny", "bigfrac",
             "-bigfrac", "max", "-max"],
    "exp": [-INF, -104.0, -87.5, -17.0, -1.0, -0.0, 0.0, 1e-8, 0.5, 1.0, 10.0, 11.0, 88.7, 89.0, INF, NAN, "tiny"],
    "log": [-INF, -1.0, -0.0, 0.0, "tiny", 0.5, 1.0, 2.0, math.e, 1e30, "max", INF, NAN, -4.0],
    "sqrt": [-1.0, -0.0, 0.0, "tiny", 0.25, 2.0, 3.0, 1e30, "max", INF, -INF, NAN, 1e-30],
    "sigmoid": [-INF, -104.0, -90.0, -20.0, -17.3, -1.0, -0.0, 0.0, 1.0, 17.0, 20.0, 100.0, INF, NAN, "tiny"],
    "tanh": [-INF, -20.0, -1.0, -1e-8, -0.0, 0.0, 1e-30, 0.5, 1.0, 9.0, 20.0, INF, NAN, "tiny", "-tiny"],
}
UNARY_INPUTS["floor"] = UNARY_INPUTS["ceil"]
for op in ("ceil", "floor", "exp", "log", "sqrt", "sigmoid", "tanh"):
    for dt in FLOATS:
        named = {"tiny": 2.0 ** -149 if dt == "float32" else 2.0 ** -24,
                 "max": F32_MAX if dt == "float32" else F16_MAX,
                 "bigfrac": 8388607.5 if dt == "float32" else 1023.5}
        xs = [(-named[v[1:]] if v.startswith("-") else named[v]) if isinstance(v, str) else v
              for v in UNARY_INPUTS[op]]
        rnd = rand_floats(15, dt)
        if op in ("log", "sqrt"):
            rnd = [abs(v) for v in rnd]
        if op in ("exp", "sigmoid", "tanh"):
            rnd = representable(rng.uniform(-10, 10, 15), dt)
        xs = representable(xs + rnd, dt)
        exact = op in ("ceil", "floor", "sqrt")  # sqrt is correctly rounded in IEEE 754
        add_case("%s_%s" % (op, dt), op, [(xs, dt, [len(xs)])],
                 [([unary_float(op, x, dt) for x in xs], dt, [len(xs)])], ulp=0 if exact else ULP[dt])


# clamp: bounds are MLNumbers cast to the input type (clamp, round half to even); an absent
# or NaN bound is no bound; semantics min(max(x, lo), hi) with IEEE max/min for floats.
def clamp_case(name, dt, xs, lo, hi, comment=None):
    xs = representable(xs, dt)
    if dt in FLOATS:
        lo_c = -INF if lo is None or (lo[0] == "f" and math.isnan(lo[1])) else number_cast(lo, dt)
        hi_c = INF if hi is None or (hi[0] == "f" and math.isnan(hi[1])) else number_cast(hi, dt)
        ys = [ieee_min(ieee_max(x, lo_c), hi_c) for x in xs]
    else:
        lo_c = imin(dt) if lo is None or (lo[0] == "f" and math.isnan(lo[1])) else number_cast(lo, dt)
        hi_c = imax(dt) if hi is None or (hi[0] == "f" and math.isnan(hi[1])) else number_cast(hi, dt)
        ys = [min(max(x, lo_c), hi_c) for x in xs]
    add_case(name, "clamp", [(xs, dt, [len(xs)])], [(ys, dt, [len(xs)])], lo=lo, hi=hi, comment=comment)


FX = [-INF, -5.0, -1.5, -1.25, -0.5, 0.0, 0.09, 0.1, 0.5, 2.5, 3.0, 16777218.0, 1e30, INF, NAN, 2.0 ** -149]
clamp_case("clamp_float32_both", "float32", FX, ("f", -1.5), ("f", 2.5))
clamp_case("clamp_float32_lo_only", "float32", FX, ("f", 0.1), None)
clamp_case("clamp_float32_hi_only", "float32", FX, None, ("i", 16777217))
clamp_case("clamp_float32_none", "float32", FX, None, None)
clamp_case("clamp_float32_nan_bounds", "float32", FX, ("f", NAN), ("f", NAN))
clamp_case("clamp_float32_wide_bounds", "float32", FX, ("f", -1e39), ("u", 2**64 - 1))
clamp_case("clamp_float32_negzero_lo0", "float32", [-0.0, 0.0, -1.0, 1.0], ("f", 0.0), ("f", 6.0),
           comment="clamp is min(max(x, 0), 6) with IEEE maximum: clamp(-0) = +0, as relu(-0) = +0")
clamp_case("clamp_float16_both", "float16", FX, ("f", -0.1), ("f", 1e5))
IX8 = [-128, -127, -100, -2, -1, 0, 1, 2, 99, 100, 101, 127]
clamp_case("clamp_int8_casted_bounds", "int8", IX8, ("i", -200), ("u", 100))
clamp_case("clamp_int8_minus_half_and_nan", "int8", IX8, ("f", -0.5), ("f", NAN))
clamp_case("clamp_int8_round_half_even", "int8", IX8, ("f", -1.5), ("f", 98.5))
UX8 = [0, 1, 2, 3, 100, 199, 200, 201, 254, 255]
clamp_case("clamp_uint8_saturated_bounds", "uint8", UX8, ("i", -5), ("f", 300.0))
clamp_case("clamp_uint8_half_even", "uint8", UX8, ("f", 2.5), ("f", 200.5))
clamp_case("clamp_uint8_u64_bounds", "uint8", UX8, ("u", 3), ("u", 2**64 - 1))
IX32 = [-2**31, -10, -5, -4, -3, 0, 1, 2, 3, 10, 2**31 - 1]
clamp_case("clamp_int32_half_even", "int32", IX32, ("f", -3.5), ("f", 2.5))
IX64 = [-2**63, -2**63 + 1, -10**18, -1, 0, 1, 9200000000000000000, 9200000000000000001, 2**63 - 1]
clamp_case("clamp_int64_f64_bounds", "int64", IX64, ("f", -1e19), ("f", 9.2e18))
clamp_case("clamp_int64_exact_bounds", "int64", IX64, ("i", -2**63 + 1), ("u", 2**63))
clamp_case("clamp_int64_near_max", "int64", IX64, ("i", -1), ("i", 2**63 - 2))
UX64 = [0, 1, 2, 10**19, 15000000000000000000, 15000000000000000001, 2**64 - 2, 2**64 - 1]
clamp_case("clamp_uint64_negative_lo", "uint64", UX64, ("i", -1), ("u", 2**64 - 2))
clamp_case("clamp_uint64_f64_bounds", "uint64", UX64, ("f", 1.5e19), ("f", 2.0 ** 64))
clamp_case("clamp_uint64_half_even", "uint64", UX64, ("f", 1.5), ("f", 1e19))

# cast between every pair of the eight WebNN data types.
CAST_SOURCES = {
    "float32": [0.0, -0.0, 0.4, -0.4, 0.5, 1.5, 2.5, -1.5, -2.5, -0.9, 127.9, 128.0, -128.9, -129.0, 255.7, 256.0,
                300.0, -1.0, 65504.0, 65519.99, 65520.0, 2147483520.0, 2.0 ** 31, -2.0 ** 31, -2.0 ** 31 - 256,
                4294967040.0, 2.0 ** 32, 2.0 ** 63 - 2.0 ** 39, 2.0 ** 63, -2.0 ** 63, 2.0 ** 64, 1e30, -1e30,
                INF, -INF, NAN, 2.0 ** -149, 2.0 ** -126, 1e-5, 2.0 ** -25, 3 * 2.0 ** -26, 1 + 2.0 ** -11,
                1 + 3 * 2.0 ** -11, 0.1, 1e-8, -1e-8, 16777216.0, 3.4e38],
    "float16": [0.0, -0.0, 0.4, -0.4, 0.5, 1.5, 2.5, -2.5, -0.9, 127.9, 128.0, -129.0, 255.75, 256.0, 300.0, -1.0,
                65504.0, -65504.0, INF, -INF, NAN, 2.0 ** -24, 2.0 ** -14, 0.1, 1000.5, -1000.5, 2049.0],
    "int8": [0, 1, -1, 127, -128, 100, -100, 42],
    "uint8": [0, 1, 127, 128, 200, 255],
    "int32": [0, 1, -1, 127, 128, -129, 255, 256, 65504, 65519, 65520, -65520, 2**31 - 1, -2**31, 16777217,
              16777219, -16777217, 2049, 2051, 123456789, 2**31 - 65],
    "uint32": [0, 1, 255, 256, 2**31, 2**32 - 1, 16777217, 65520, 3000000001, 2**32 - 129],
    "int64": [0, 1, -1, -128, 255, -2**63, 2**63 - 1, 2**53 + 1, 2**60 + 2**36 + 1, -(2**60 + 2**36 + 1),
              2**32 + 5, -2**31 - 1, 16777217, 65519, -65520, 2**63 - 2**39],
    "uint64": [0, 1, 2**64 - 1, 2**63, 2**63 + 2**39 + 1, 2**53 + 1, 255, 256, 2**32 + 7, 65520, 2**64 - 2**39],
}
for src in ALL:
    xs = representable(CAST_SOURCES[src], src)
    for dst in ALL:
        ys = [cast_value(x, src, dst) for x in xs]
        if src in FLOATS and dst in FLOATS:  # second oracle: numpy's own conversion
            with np.errstate(all="ignore"):
                npy = np.array(xs, dtype=np.float64).astype(np.float32 if src == "float32" else np.float16)
                npy = npy.astype(np.float32 if dst == "float32" else np.float16).astype(np.float64)
            assert all(same_float(float(p), q) for p, q in zip(npy, ys)), (src, dst)
        add_case("cast_%s_to_%s" % (src, dst), "cast", [(xs, src, [len(xs)])], [(ys, dst, [len(xs)])], to=dst)

# Broadcasting (bidirectional, numpy rules).
BROADCAST_SHAPES = [([2, 3], [3]), ([3], [2, 3]), ([2, 1, 4], [3, 1]), ([3, 1], [2, 1, 4]), ([], [2, 2]),
                    ([2, 2], []), ([], []), ([1], [2, 3]), ([4, 1, 1, 2], [3, 1]), ([2, 3], [2, 1])]
for sa, sb in BROADCAST_SHAPES:
    for dt in ("float32", "int64", "uint8"):
        for op in (("add",) if (sa, sb) != ([2, 1, 4], [3, 1]) else ("add", "sub", "div", "max")):
            na, nb = int(np.prod(sa, dtype=np.int64)), int(np.prod(sb, dtype=np.int64))
            if dt in FLOATS:
                a, b = rand_floats(na, dt), rand_floats(nb, dt)
            else:
                a, b = rand_ints(na, dt, small=True), rand_ints(nb, dt, small=True)
            ia, ib = np.broadcast_arrays(np.arange(na).reshape(sa), np.arange(nb).reshape(sb))
            ys = [binary(op, a[i], b[j], dt) for i, j in zip(ia.reshape(-1), ib.reshape(-1))]
            name = "%s_%s_%s_%s" % (op, "x".join(map(str, sa)) or "scalar", "x".join(map(str, sb)) or "scalar", dt)
            add_case("bcast_" + name, op, [(a, dt, sa), (b, dt, sb)], [(ys, dt, list(ia.shape))])

# ------------------------------------------------------------------ data movement (bit-exact)

NP_DT = {"float32": np.float32, "int64": np.int64, "uint8": np.uint8}
movement_inputs = {}


def movement_input(dt, shape):
    """One seeded array per (dtype, shape); floats include NaN, -0, +-inf to check the bytes."""
    key = (dt, tuple(shape))
    if key not in movement_inputs:
        n = int(np.prod(shape, dtype=np.int64))
        if dt == "float32":
            v = representable(rng.standard_normal(n) * 100, dt)
            for i, s in zip(rng.permutation(n)[:4], [NAN, -0.0, INF, -INF]):
                v[i] = s
        elif dt == "int64":
            v = [int(x) for x in rng.integers(-2**40, 2**40, n)]
            v[0], v[-1] = -2**63, 2**63 - 1
        else:
            v = [int(x) for x in rng.integers(0, 256, n)]
        movement_inputs[key] = np.array(v, dtype=NP_DT[dt]).reshape(shape)
    return movement_inputs[key]


def vals(arr):
    return [float(v) if arr.dtype.kind == "f" else int(v) for v in arr.reshape(-1)]


for dt in ("float32", "int64", "uint8"):
    for shape, new in (([2, 3, 4], [4, 6]), ([2, 3, 4], [24]), ([24], [2, 3, 2, 2]), ([1], []), ([], [1, 1]),
                       ([2, 3, 4], [2, 3, 4])):
        x = movement_input(dt, shape)
        add_case("reshape_%s_to_%s_%s" % ("x".join(map(str, shape)) or "scalar", "x".join(map(str, new)) or "scalar",
                                          dt), "reshape", [(vals(x), dt, shape)], [(vals(x.reshape(new)), dt, new)],
                 bitwise=True, a=new)
    for shape, perm in (([5], None), ([5], [0]), ([3, 4], None), ([3, 4], [1, 0]), ([2, 3, 4], None),
                        ([2, 3, 4], [1, 2, 0]), ([2, 3, 4], [0, 2, 1]), ([2, 3, 4], [0, 1, 2]),
                        ([2, 3, 1, 4], [3, 1, 0, 2]), ([2, 1, 3, 2, 2], None), ([2, 1, 3, 2, 2], [4, 0, 3, 1, 2])):
        x = movement_input(dt, shape)
        y = np.transpose(x, perm)
        add_case("transpose_%s_%s_%s" % ("x".join(map(str, shape)), "default" if perm is None else
                                         "".join(map(str, perm)), dt), "transpose", [(vals(x), dt, shape)],
                 [(vals(y), dt, list(y.shape))], bitwise=True, a=perm)
    for shapes, axis in (([[1, 3], [2, 3], [3, 3]], 0), ([[2, 1, 2], [2, 3, 2], [2, 2, 2]], 1),
                         ([[2, 2, 1], [2, 2, 3], [2, 2, 2]], 2), ([[3, 2]], 1), ([[4], [1], [2]], 0)):
        xs = [movement_input(dt, s) for s in shapes]
        y = np.concatenate(xs, axis=axis)
        add_case("concat_%d_inputs_axis%d_rank%d_%s" % (len(xs), axis, len(shapes[0]), dt), "concat",
                 [(vals(x), dt, s) for x, s in zip(xs, shapes)], [(vals(y), dt, list(y.shape))], bitwise=True,
                 axis=axis)
    for shape, starts, sizes, strides in (([5, 6], [1, 2], [3, 4], None), ([5, 6], [1, 0], [4, 6], [2, 3]),
                                          ([4, 5, 6], [0, 1, 2], [4, 4, 4], [3, 2, 1]), ([7], [2], [2], [3]),
                                          ([7], [0], [7], [1]), ([2, 3, 4], [1, 2, 3], [1, 1, 1], None)):
        x = movement_input(dt, shape)
        st = strides or [1] * len(shape)
        y = x[tuple(slice(s, s + z, k) for s, z, k in zip(starts, sizes, st))]
        add_case("slice_%s_from_%s%s_%s" % ("x".join(map(str, shape)), "_".join(map(str, starts)),
                                            "" if strides is None else "_by_" + "_".join(map(str, strides)), dt),
                 "slice", [(vals(x), dt, shape)], [(vals(y), dt, list(y.shape))], bitwise=True, a=starts, b=sizes,
                 c=strides)
    for shape, count, axis in (([6, 4], 3, 0), ([2, 6, 3], 2, 1), ([2, 3, 4], 4, 2), ([3, 2], 1, 0)):
        x = movement_input(dt, shape)
        ys = np.split(x, count, axis=axis)
        add_case("split_%s_in_%d_axis%d_%s" % ("x".join(map(str, shape)), count, axis, dt), "split",
                 [(vals(x), dt, shape)], [(vals(y), dt, list(y.shape)) for y in ys], bitwise=True, axis=axis,
                 count=count)
    for shape, sizes, axis in (([6, 2], [1, 2, 3], 0), ([2, 4, 3], [3, 1], 1), ([2, 2, 5], [2, 2, 1], 2)):
        x = movement_input(dt, shape)
        ys = np.split(x, np.cumsum(sizes)[:-1], axis=axis)
        add_case("split_sizes_%s_%s_axis%d_%s" % ("x".join(map(str, shape)), "_".join(map(str, sizes)), axis, dt),
                 "split_sizes", [(vals(x), dt, shape)], [(vals(y), dt, list(y.shape)) for y in ys], bitwise=True,
                 axis=axis, a=sizes)

# ------------------------------------------------------------------ write the header

OPS = ("add", "sub", "mul", "div", "max", "min", "pow", "abs", "neg", "relu", "ceil", "floor", "exp", "log", "sqrt",
       "sigmoid", "tanh", "clamp", "cast", "reshape", "transpose", "concat", "slice", "split", "split_sizes")

HEAD = """/* Regenerate with: %s   (from the repository root)
 * ops_elementwise_expected.h — GENERATED by tests/unit/ops/gen_ops_elementwise.py; do not edit.
 * numpy %s, seed %d. Inputs and expected outputs of the element-wise ops, clamp, cast,
 * broadcasting and data movement, for tests/unit/ops/test_ops_elementwise.c (public API only). */
#ifndef NNX_TEST_OPS_ELEMENTWISE_EXPECTED_H
#define NNX_TEST_OPS_ELEMENTWISE_EXPECTED_H

#include "nnx.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

/* A tensor: data holds the elements row-major in the dtype's storage type (float, raw
 * binary16 bits as uint16_t, or the integer type); rank 0 is a scalar. */
typedef struct ew_tensor {
    nnx_dtype dtype;
    uint32_t rank;
    uint32_t shape[5];
    const void *data;
} ew_tensor;

typedef enum ew_op {
    %s,
    EW_OP_COUNT
} ew_op;

/* One graph: inputs in[0..n_in) feed the op, whose outputs must equal out[0..n_out).
 * Comparison: bitwise: identical bytes; else for floats an expected NaN needs any NaN,
 * ulp 0 needs identical bits (so -0 != +0) and ulp > 0 the same sign and at most ulp
 * representable values apart; integers are always compared exactly. */
typedef struct ew_case {
    const char *name;
    ew_op op;
    uint32_t n_in, n_out;
    const ew_tensor *in;
    const ew_tensor *out;
    uint32_t ulp;
    bool bitwise;
    nnx_dtype to;              /* cast: the target type */
    nnx_number lo, hi;         /* clamp: min_value, max_value (kind ABSENT: not given) */
    const uint32_t *a;         /* reshape: new shape; transpose: permutation (NULL: default); */
    uint32_t a_count;          /* slice: starts; split_sizes: sizes */
    const uint32_t *b;         /* slice: sizes */
    uint32_t b_count;
    const uint32_t *c;         /* slice: strides (NULL: default) */
    uint32_t c_count;
    uint32_t axis;             /* concat, split, split_sizes */
    uint32_t count;            /* split: number of equal parts */
} ew_case;
"""

# The arrays are split between two headers to keep each under the 1,500-line cap: the first
# ones go to ops_elementwise_data.h, which the main header includes after its types, until the
# two headers have about as many lines (the main one also holds the types and ew_cases).
overhead = HEAD.count("\n") + len(OPS) + len(cases) + sum(text.count("\n") for _, text in cases)
half, lines = (sum(a.count("\n") + 1 for a in C.defs) + overhead) // 2, 0
for split, a in enumerate(C.defs):
    lines += a.count("\n") + 1
    if lines > half:
        break
DATA_HEAD = """/* Regenerate with: %s   (from the repository root)
 * ops_elementwise_data.h — GENERATED by tests/unit/ops/gen_ops_elementwise.py; do not edit. The
 * first half of the arrays of ops_elementwise_expected.h, which includes this after its types. */
#ifndef NNX_TEST_OPS_ELEMENTWISE_DATA_H
#define NNX_TEST_OPS_ELEMENTWISE_DATA_H
"""
with open(OUT_DATA, "w") as f:
    f.write(DATA_HEAD % COMMAND)
    f.write("\n" + "\n".join(C.defs[:split]) + "\n\n#endif\n")
with open(OUT, "w") as f:
    f.write(HEAD % (COMMAND, np.__version__, SEED, ",\n    ".join("EW_" + o.upper() for o in OPS)))
    f.write('\n#include "ops_elementwise_data.h" /* the first half of the arrays */\n\n')
    f.write("\n".join(C.defs[split:]) + "\n\n")
    f.write("static const ew_case ew_cases[] = {\n%s\n};\n" % "\n".join(text for _, text in cases))
    f.write("#define EW_CASE_COUNT (sizeof ew_cases / sizeof ew_cases[0])\n\n#endif\n")
print("wrote %s: %d cases, %d bytes" % (os.path.relpath(OUT), len(cases), os.path.getsize(OUT)))
