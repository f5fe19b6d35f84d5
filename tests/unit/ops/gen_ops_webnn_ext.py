#!/usr/bin/python3
# gen_ops_webnn_ext.py — writes tests/data/ops_webnn_ext_expected.h: seeded random and edge
# inputs with expected outputs for WebNN's comparisons, logical ops, isNaN/isInfinite,
# roundEven/sign/erf/reciprocal/sin/cos/tan/identity, activations and the reductions L1, L2,
# LogSum, LogSumExp, Product, SumSquare. The oracle is independent of the C kernels: exact
# rationals (fractions) rounded once, Python's math library (math.erf for erf: numpy has none)
# in float64 rounded once, and Python integers wrapped explicitly.
# Run with Debian's python3 and python3-numpy:  /usr/bin/python3 tests/unit/ops/gen_ops_webnn_ext.py
import math
import os
from fractions import Fraction

import numpy as np

from gen_ops_typed import (ALL, FLOATS, INF, NAN, CArrays, imax,
                           imin, representable, round_exact, signbit, wrap)

SEED = 20261122
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "data", "ops_webnn_ext_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/ops/gen_ops_webnn_ext.py"

# Functions that are not correctly rounded (libm in float64, then one rounding): a kernel
# computing in double may land one target ULP away next to a rounding boundary; float32 also
# allows a vector-libm-accurate kernel (see gen_ops_elementwise.py).
ULP = {"float32": 2, "float16": 1}


def rand_floats(n, dt, scale=1.0):
    mags = 10.0 ** rng.integers(-2, 2, n)
    return representable(list(rng.standard_normal(n) * mags * scale), dt)


def rand_ints(n, dt, lo=None, hi=None):
    lo = imin(dt) if lo is None else max(lo, imin(dt))
    hi = imax(dt) if hi is None else min(hi, imax(dt))
    return [int(lo + int(v) % (hi - lo + 1)) for v in rng.integers(0, 2**62, n)]


def float_edges(dt):
    big = 3.4028234663852886e38 if dt == "float32" else 65504.0
    tiny = 2.0 ** -149 if dt == "float32" else 2.0 ** -24
    return representable([0.0, -0.0, 0.5, -0.5, 1.5, -2.5, 3.0, INF, -INF, NAN, big, -big, tiny, -tiny], dt)


# ------------------------------------------------------------------ emitting C

C, cases = CArrays(118, brace_in_width=False), []  # the C definitions, the wx_case initializers


def c_number(v):
    if v is None:
        return "{NNX_NUMBER_ABSENT, {0}}"
    return "{NNX_NUMBER_FLOAT64, {.f64 = %r}}" % float(v)


def add_case(name, op, ins, out, ulp=0, alpha=None, beta=None, axes=None, keep=False):
    """ins: list of (values, dtype, shape); out: (values, dtype, shape); axes None = absent."""
    assert all(name != c[0] for c in cases), name
    t = C.fresh("t")
    C.tensors("wx_tensor", [C.tensor(*x) for x in ins], t)
    fields = ['.name = "%s"' % name, ".op = WX_%s" % op.upper(), ".n_in = %d" % len(ins), ".in = %s" % t,
              ".out = %s" % C.tensor(*out)]
    if ulp:
        fields.append(".ulp = %d" % ulp)
    if alpha is not None or beta is not None:
        fields += [".alpha = %s" % c_number(alpha), ".beta = %s" % c_number(beta)]
    if axes is not None:
        fields += [".axes = %s" % C.u32(axes), ".axes_count = %d" % len(axes)]
    if keep:
        fields.append(".keep = true")
    cases.append((name, "    {" + ", ".join(fields) + "},"))


# ------------------------------------------------------------------ comparisons, logical

def cmp_inputs(dt):
    if dt in FLOATS:
        e = [v for i, v in enumerate(float_edges(dt)[:10]) if i not in (3, 4)]  # 0, -0, 0.5, -2.5, 3, inf, -inf, NaN
        pairs = [(x, y) for x in e for y in e]
        pairs += list(zip(rand_floats(8, dt), rand_floats(8, dt)))
    else:
        lo, hi = imin(dt), imax(dt)
        e = [lo, -1 if lo else 2, 0, 1, hi - 1, hi]
        pairs = [(x, y) for x in e for y in e] + list(zip(rand_ints(6, dt), rand_ints(6, dt)))
    a, b = zip(*pairs)
    return representable(a, dt), representable(b, dt)


CMP = {"equal": lambda x, y: x == y, "not_equal": lambda x, y: not (x == y), "greater": lambda x, y: x > y,
       "greater_or_equal": lambda x, y: x >= y, "lesser": lambda x, y: x < y,
       "lesser_or_equal": lambda x, y: x <= y}  # Python floats follow IEEE: NaN compares false
for dt in ALL:
    a, b = cmp_inputs(dt)
    n = len(a)
    for op, f in CMP.items():
        add_case("%s_%s" % (op, dt), op, [(a, dt, [n]), (b, dt, [n])], ([int(f(x, y)) for x, y in zip(a, b)], "uint8", [n]))
# broadcasting: [2, 3] against [3] and a scalar against [2, 2]
for op in ("greater", "equal"):
    a, b = rand_ints(6, "int32", -3, 3), rand_ints(3, "int32", -3, 3)
    add_case("%s_bcast_2x3_3_int32" % op, op, [(a, "int32", [2, 3]), (b, "int32", [3])],
             ([int(CMP[op](a[i], b[i % 3])) for i in range(6)], "uint8", [2, 3]))
    s, m = rand_floats(1, "float32"), rand_floats(4, "float32")
    add_case("%s_bcast_scalar_2x2_float32" % op, op, [(s, "float32", []), (m, "float32", [2, 2])],
             ([int(CMP[op](s[0], y)) for y in m], "uint8", [2, 2]))

LX = [0, 1, 2, 255, 0, 7, 128, 1]
LY = [0, 0, 1, 255, 3, 0, 0, 1]
add_case("logical_not_uint8", "logical_not", [(LX, "uint8", [8])], ([int(not x) for x in LX], "uint8", [8]))
for op, f in (("logical_and", lambda x, y: x and y), ("logical_or", lambda x, y: x or y),
              ("logical_xor", lambda x, y: bool(x) != bool(y))):
    add_case("%s_uint8" % op, op, [(LX, "uint8", [8]), (LY, "uint8", [8])],
             ([int(bool(f(x, y))) for x, y in zip(LX, LY)], "uint8", [8]))
    add_case("%s_bcast_uint8" % op, op, [(LX, "uint8", [2, 4]), ([0, 5, 1, 0], "uint8", [4])],
             ([int(bool(f(LX[i], [0, 5, 1, 0][i % 4]))) for i in range(8)], "uint8", [2, 4]))

for dt in FLOATS:
    xs = float_edges(dt) + rand_floats(6, dt)
    n = len(xs)
    add_case("is_nan_%s" % dt, "is_nan", [(xs, dt, [n])], ([int(math.isnan(x)) for x in xs], "uint8", [n]))
    add_case("is_infinite_%s" % dt, "is_infinite", [(xs, dt, [n])], ([int(math.isinf(x)) for x in xs], "uint8", [n]))

# ------------------------------------------------------------------ unary


def round_even(x):
    if not math.isfinite(x):
        return x
    return math.copysign(float(round(Fraction(x))), x)  # Fraction round: half to even


def sign_f(x):
    return x if math.isnan(x) else 1.0 if x > 0 else -1.0 if x < 0 else 0.0


def libm(f):
    def g(x):
        try:
            return f(x)
        except (ValueError, OverflowError):
            return NAN
    return g


for dt in FLOATS:
    xs = float_edges(dt) + representable([0.4, -0.4, 0.6, 2.5, 3.5, -3.5, 4.5, 1e5, 2.0 ** 23 + 1, -7.5], dt)
    xs += rand_floats(8, dt, 10.0)
    n = len(xs)
    add_case("round_even_%s" % dt, "round_even", [(xs, dt, [n])], ([round_even(x) for x in xs], dt, [n]))
    add_case("sign_%s" % dt, "sign", [(xs, dt, [n])], ([sign_f(x) for x in xs], dt, [n]))
    add_case("identity_%s" % dt, "identity", [(xs, dt, [n])], (xs, dt, [n]))
    rc = [NAN if math.isnan(x) else math.copysign(INF, x) if x == 0 else
          math.copysign(0.0, x) if math.isinf(x) else round_exact(Fraction(1) / Fraction(x), dt) for x in xs]
    add_case("reciprocal_%s" % dt, "reciprocal", [(xs, dt, [n])], (rc, dt, [n]))
    ts = representable([-INF, -6.0, -3.0, -1.0, -0.5, -0.0, 0.0, 1e-6, 0.5, 1.0, 1.5, 2.0, 3.0, 6.0, 100.0,
                        INF, NAN], dt) + rand_floats(8, dt)
    m = len(ts)
    for op, f in (("erf", math.erf), ("sin", math.sin), ("cos", math.cos), ("tan", math.tan)):
        add_case("%s_%s" % (op, dt), op, [(ts, dt, [m])],
                 ([round_exact(libm(f)(x), dt) for x in ts], dt, [m]), ulp=ULP[dt])
for dt in ("int8", "int32", "int64"):
    xs = [imin(dt), imin(dt) + 1, -5, -1, 0, 1, 9, imax(dt)] + rand_ints(6, dt)
    add_case("sign_%s" % dt, "sign", [(xs, dt, [len(xs)])], ([(x > 0) - (x < 0) for x in xs], dt, [len(xs)]))
for dt in ("uint8", "int32", "uint64"):
    xs = rand_ints(6, dt)
    add_case("identity_%s_2x3" % dt, "identity", [(xs, dt, [2, 3])], (xs, dt, [2, 3]))

# ------------------------------------------------------------------ activations


def cast_opt(v, dt):
    return round_exact(float(v), dt)


def exact_or(x, f, dt, ieee):
    """f(Fraction(x)) rounded once; a zero result takes its sign from ieee(x), the formula in
    IEEE double arithmetic (as the kernels compute it); non-finite x gives ieee(x)."""
    if math.isnan(x):
        return NAN
    if not math.isfinite(x):
        return ieee(x)
    r = f(Fraction(x))
    return ieee(x) if r == 0 else round_exact(r, dt)


ACT_X = [-INF, -100.0, -20.0, -5.0, -3.0, -2.5, -1.0, -0.5, -1e-3, -0.0, 0.0, 1e-3, 0.5, 1.0, 2.5, 3.0, 5.0,
         20.0, 100.0, INF, NAN]
for dt in FLOATS:
    xs = representable(ACT_X, dt) + rand_floats(10, dt, 3.0)
    n = len(xs)
    for alpha in (None, 0.3):
        al = cast_opt(1.0 if alpha is None else alpha, dt)
        ys = [NAN if math.isnan(x) else x if x > 0 else round_exact(al * libm(math.expm1)(x), dt) for x in xs]
        add_case("elu_%s_%s" % (dt, "default" if alpha is None else "alpha"), "elu", [(xs, dt, [n])], (ys, dt, [n]),
                 ulp=ULP[dt], alpha=alpha)
    gel = [NAN if math.isnan(x) else x if x == INF else -0.0 if x == -INF else
           round_exact(0.5 * x * math.erfc(-x / math.sqrt(2.0)), dt) for x in xs]
    add_case("gelu_%s" % dt, "gelu", [(xs, dt, [n])], (gel, dt, [n]), ulp=ULP[dt])
    sp = [NAN if math.isnan(x) else x if x == INF else
          round_exact(x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x)), dt) for x in xs]
    add_case("softplus_%s" % dt, "softplus", [(xs, dt, [n])], (sp, dt, [n]), ulp=ULP[dt])
    ss = [exact_or(x, lambda v: v / (1 + abs(v)), dt, lambda v: math.copysign(1.0, v) if math.isinf(v) else
                   v / (1 + abs(v))) for x in xs]
    add_case("softsign_%s" % dt, "softsign", [(xs, dt, [n])], (ss, dt, [n]), ulp=1)
    hs = [exact_or(x, lambda v: v * min(max(v + 3, 0), 6) / 6, dt, lambda v: v if v == INF else -0.0 if v == -INF
                   else v * min(max(v + 3, 0.0), 6.0) / 6) for x in xs]
    add_case("hard_swish_%s" % dt, "hard_swish", [(xs, dt, [n])], (hs, dt, [n]), ulp=1)
    for alpha, beta in ((None, None), (0.125, -0.25), (-1.0, 0.5)):
        a = Fraction(cast_opt(0.2 if alpha is None else alpha, dt))
        b = Fraction(cast_opt(0.5 if beta is None else beta, dt))
        hsig = [NAN if math.isnan(x) else round_exact(min(max(a * Fraction(x) + b, 0), 1), dt) if math.isfinite(x) else
                (1.0 if (a > 0) == (x > 0) else 0.0) for x in xs]
        add_case("hard_sigmoid_%s_%s" % (dt, "default" if alpha is None else "a%g" % alpha), "hard_sigmoid",
                 [(xs, dt, [n])], (hsig, dt, [n]), ulp=1, alpha=alpha, beta=beta)
    for alpha in (None, 0.2, -3.0):
        a = Fraction(cast_opt(0.01 if alpha is None else alpha, dt))
        lr = [exact_or(x, lambda v: v if v >= 0 else a * v, dt, lambda v: v if v >= 0 else float(a) * v) for x in xs]
        add_case("leaky_relu_%s_%s" % (dt, "default" if alpha is None else "a%g" % alpha), "leaky_relu",
                 [(xs, dt, [n])], (lr, dt, [n]), ulp=1, alpha=alpha)
    for alpha, beta in ((None, None), (0.1, 3.5), (-2.0, -0.0)):
        af, bf = cast_opt(1.0 if alpha is None else alpha, dt), cast_opt(0.0 if beta is None else beta, dt)
        a, b = Fraction(af), Fraction(bf)
        fin = [x for x in xs if math.isfinite(x)]
        add_case("linear_%s_%s" % (dt, "default" if alpha is None else "a%g" % alpha), "linear",
                 [(fin, dt, [len(fin)])],
                 ([exact_or(x, lambda v: a * v + b, dt, lambda v: af * v + bf) for x in fin], dt, [len(fin)]),
                 ulp=1, alpha=alpha, beta=beta)
    # prelu: x [2, 3, 4] with slope [4] and slope [3, 1]
    x = rand_floats(24, dt) + []
    x[0], x[1], x[2] = NAN, -INF, -0.0
    x = representable(x, dt)
    for sshape in ([4], [3, 1]):
        sl = rand_floats(int(np.prod(sshape)), dt)
        ib = np.broadcast_to(np.arange(len(sl)).reshape(sshape), [2, 3, 4]).reshape(-1)
        ys = [NAN if math.isnan(v) else v if v >= 0 else
              (round_exact(Fraction(sl[j]) * Fraction(v), dt) if math.isfinite(v) else sl[j] * v)
              for v, j in zip(x, ib)]
        add_case("prelu_%s_slope_%s" % (dt, "x".join(map(str, sshape))), "prelu",
                 [(x, dt, [2, 3, 4]), (sl, dt, sshape)], (ys, dt, [2, 3, 4]), ulp=1)
for dt in ("int8", "int32", "int64"):
    x = [imin(dt), -100, -3, -1, 0, 1, 7, imax(dt)] + rand_ints(4, dt, -1000, 1000)
    sl = [3, -2, 0]
    ys = [v if v >= 0 else wrap(v * sl[i % 3], dt) for i, v in enumerate(x)]
    add_case("prelu_%s" % dt, "prelu", [(x, dt, [4, 3]), (sl, dt, [3])], (ys, dt, [4, 3]))

# ------------------------------------------------------------------ reductions


def reduce_np(vals, shape, axes, keep, f):
    """Applies f (a list of the reduced elements -> value) over axes (None: all)."""
    arr = np.array(vals, dtype=object).reshape(shape)
    r = len(shape)
    ax = list(range(r)) if axes is None else axes
    kept = [i for i in range(r) if i not in ax]
    moved = np.transpose(arr, kept + ax).reshape([shape[i] for i in kept] + [-1]) if r else arr.reshape([1])
    outs = [f(list(row)) for row in moved.reshape(-1, moved.shape[-1] if r else 1)]
    oshape = [1 if i in ax else shape[i] for i in range(r)] if keep else [shape[i] for i in kept]
    return outs, oshape


def fsum_exact(vals):
    return sum((Fraction(v) for v in vals), Fraction(0))


def r_float(op, vals, dt):
    if any(math.isnan(v) for v in vals):
        return NAN
    if op == "reduce_log_sum_exp":
        m = max(vals)
        if math.isinf(m):
            return m
        return round_exact(m + math.log(math.fsum(math.exp(v - m) for v in vals)), dt)
    if any(math.isinf(v) for v in vals):
        return None  # not generated
    if op == "reduce_l1":
        return round_exact(sum(abs(Fraction(v)) for v in vals), dt)
    if op == "reduce_sum_square":
        return round_exact(sum(Fraction(v) ** 2 for v in vals), dt)
    if op == "reduce_l2":
        return round_exact(math.sqrt(float(sum(Fraction(v) ** 2 for v in vals))), dt)
    if op == "reduce_product":
        p = Fraction(1)
        for v in vals:
            p *= Fraction(v)
        if p == 0:  # IEEE: the sign of a zero product is the xor of the signs
            return -0.0 if sum(signbit(v) for v in vals) % 2 else 0.0
        return round_exact(p, dt)
    s = fsum_exact(vals)  # reduce_log_sum
    return NAN if s < 0 else -INF if s == 0 else round_exact(math.log(s), dt)


def r_int(op, vals, dt):
    if op == "reduce_l1":
        return wrap(sum(abs(v) for v in vals), dt)
    if op == "reduce_sum_square":
        return wrap(sum(v * v for v in vals), dt)
    p = 1
    for v in vals:
        p *= v
    return wrap(p, dt)


RED_SHAPES = [([2, 3, 4], None, False), ([2, 3, 4], [1], False), ([2, 3, 4], [0, 2], True), ([2, 3, 4], [], False),
              ([5], [0], True), ([], None, False)]
REDS = ("reduce_l1", "reduce_l2", "reduce_log_sum", "reduce_log_sum_exp", "reduce_product", "reduce_sum_square")
for op in REDS:
    for dt in FLOATS:
        for shape, axes, keep in RED_SHAPES:
            n = int(np.prod(shape, dtype=np.int64))
            if op == "reduce_log_sum":
                vals = representable([abs(v) for v in rand_floats(n, dt)], dt)
            elif op == "reduce_product":
                vals = representable(list(rng.uniform(0.5, 1.5, n) * rng.choice([-1, 1], n)), dt)
            else:
                vals = rand_floats(n, dt)
            ys, oshape = reduce_np(vals, shape, axes, keep, lambda v: r_float(op, v, dt))
            name = "%s_%s_%s_axes_%s%s" % (op, dt, "x".join(map(str, shape)) or "scalar",
                                           "all" if axes is None else "_".join(map(str, axes)) or "none",
                                           "_keep" if keep else "")
            add_case(name, op, [(vals, dt, shape)], (ys, dt, oshape), ulp=ULP[dt], axes=axes, keep=keep)
    specials = {"reduce_log_sum_exp": [[1000.0 if dt == "float32" else 60000.0, 0.0], [-INF, -INF], [INF, 1.0],
                                       [NAN, 1.0], [-INF, 2.0]],
                "reduce_log_sum": [[0.0, 0.0], [-1.0, 0.5], [NAN, 1.0]],
                "reduce_l2": [[3.0, 4.0], [NAN, 1.0]], "reduce_l1": [[-0.0, -0.0], [NAN, 1.0]],
                "reduce_product": [[-0.0, 1.0], [NAN, 2.0]], "reduce_sum_square": [[-0.0, 0.0], [NAN, 1.0]]}[op]
    for dt in FLOATS:
        rows = [representable(r, dt) for r in specials]
        vals = [v for r in rows for v in r]
        ys = [r_float(op, r, dt) for r in rows]
        add_case("%s_%s_special" % (op, dt), op, [(vals, dt, [len(rows), 2])], (ys, dt, [len(rows)]), ulp=ULP[dt],
                 axes=[1])
    if op in ("reduce_l1", "reduce_product", "reduce_sum_square"):
        for dt in ("int32", "uint32", "int64", "uint64"):
            vals = rand_ints(12, dt) if op != "reduce_product" else rand_ints(12, dt, -9, 9)
            vals[0] = imin(dt)
            for axes in (None, [1]):
                ys, oshape = reduce_np(vals, [3, 4], axes, False, lambda v: r_int(op, v, dt))
                add_case("%s_%s_axes_%s" % (op, dt, "all" if axes is None else "1"), op, [(vals, dt, [3, 4])],
                         (ys, dt, oshape), axes=axes)

# ------------------------------------------------------------------ write the header

OPS = tuple(CMP) + ("logical_not", "logical_and", "logical_or", "logical_xor", "is_nan", "is_infinite",
                    "round_even", "sign", "erf", "reciprocal", "sin", "cos", "tan", "identity", "elu", "gelu",
                    "hard_sigmoid", "hard_swish", "leaky_relu", "linear", "prelu", "softplus", "softsign") + REDS

HEAD = """/* Regenerate with: %s   (from the repository root)
 * ops_webnn_ext_expected.h — GENERATED by tests/unit/ops/gen_ops_webnn_ext.py; do not edit.
 * numpy %s, seed %d. Inputs and expected outputs of WebNN's comparisons, logical ops,
 * isNaN/isInfinite, more unary ops, activations and reductions, for
 * tests/unit/ops/test_ops_webnn_ext.c (public API only). */
#ifndef NNX_TEST_OPS_WEBNN_EXT_EXPECTED_H
#define NNX_TEST_OPS_WEBNN_EXT_EXPECTED_H

#include "nnx.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

/* A tensor: data holds the elements row-major (float, raw binary16 bits as uint16_t, or the
 * integer type); rank 0 is a scalar. */
typedef struct wx_tensor {
    nnx_dtype dtype;
    uint32_t rank;
    uint32_t shape[5];
    const void *data;
} wx_tensor;

typedef enum wx_op {
    %s,
    WX_OP_COUNT
} wx_op;

/* One graph: inputs in[0..n_in) feed the op, whose output must equal out: for floats an
 * expected NaN needs any NaN, ulp 0 identical bits, ulp > 0 the same sign and at most ulp
 * representable values apart; integers exactly. */
typedef struct wx_case {
    const char *name;
    wx_op op;
    uint32_t n_in;
    const wx_tensor *in;
    wx_tensor out;
    uint32_t ulp;
    nnx_number alpha, beta;   /* activations (kind ABSENT: not given) */
    const uint32_t *axes;     /* reductions: NULL = absent */
    uint32_t axes_count;
    bool keep;
} wx_case;
"""
with open(OUT, "w") as f:
    f.write(HEAD % (COMMAND, np.__version__, SEED, ",\n    ".join("WX_" + o.upper() for o in OPS)))
    f.write("\n" + "\n".join(C.defs) + "\n\n")
    f.write("static const wx_case wx_cases[] = {\n%s\n};\n" % "\n".join(t for _, t in cases))
    f.write("#define WX_CASE_COUNT (sizeof wx_cases / sizeof wx_cases[0])\n\n#endif\n")
print("wrote %s: %d cases, %d lines" % (os.path.relpath(OUT), len(cases), sum(1 for _ in open(OUT))))
