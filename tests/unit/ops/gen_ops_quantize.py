#!/usr/bin/python3
# gen_ops_quantize.py — writes tests/data/ops_quantize_expected.h: seeded inputs and the
# expected outputs of quantize_linear / dequantize_linear (WebNN quantizeLinear /
# dequantizeLinear): per-tensor, per-axis and blockwise scales, every zero-point type, ties
# rounding half to even, saturation (and NaN -> 0), computed with numpy and exact rationals.
# Run with Debian's python3 and python3-numpy:  /usr/bin/python3 tests/unit/ops/gen_ops_quantize.py
import math
import os
import sys
from fractions import Fraction

import numpy as np

from gen_ops_common import Emitter

SEED = 20261122
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "data", "ops_quantize_expected.h")
E = Emitter(np.random.default_rng(SEED))
RANGE = {"int4": (-8, 7), "int8": (-128, 127), "uint8": (0, 255), "int32": (-2**31, 2**31 - 1),
         "uint32": (0, 2**32 - 1)}
ZP_TYPES = list(RANGE)


def block_up(t, shape):
    """t repeated blockwise (np.repeat along each axis) up to shape."""
    for d, n in enumerate(shape):
        t = np.repeat(t, n // t.shape[d], axis=d)
    return t


def quantize(x, scale, zp, zt):
    lo, hi = RANGE[zt]
    q = x.astype(np.float64) / block_up(scale, x.shape).astype(np.float64)
    v = np.rint(q) + block_up(zp, x.shape).astype(np.float64)  # np.rint: half to even
    out = np.where(np.isnan(v), 0, np.clip(np.nan_to_num(v, nan=0.0, posinf=hi, neginf=lo), lo, hi))
    return out.astype(np.int64)


def round_once(fr, dtype):
    """The exact rational fr correctly rounded to dtype (nearest, ties to even): the
    candidates around a first guess, compared exactly."""
    guess = np.asarray(float(fr)).astype(dtype)
    if not np.isfinite(guess):  # beyond the largest finite value (already the right rounding)
        return np.float64(guess)
    cands = [guess, np.nextafter(guess, np.asarray(np.inf, dtype)), np.nextafter(guess, np.asarray(-np.inf, dtype))]
    cands = [c for c in cands if np.isfinite(c)]
    best = min(cands, key=lambda c: (abs(Fraction(float(c)) - fr),
                                     int(np.asarray(c).view("u%d" % np.asarray(c).itemsize)) & 1))
    return np.float64(best)


def dequantize(x, scale, zp, st):
    s = block_up(scale, x.shape).reshape(-1)
    z = block_up(zp, x.shape).reshape(-1)
    flat = [round_once((int(a) - int(b)) * Fraction(float(c)), st) for a, b, c in zip(x.reshape(-1), z, s)]
    return np.array(flat, dtype=np.float64).reshape(x.shape)


def rand_int(shape, t):
    lo, hi = RANGE[t]
    return E.rng.integers(lo, hi, size=shape, dtype=np.int64, endpoint=True)


def rand_scale(shape, ft):
    return E.rng.uniform(0.05, 2.0, size=shape).astype(ft)


def q_case(name, x, ft, scale, zp, zt):
    E.add_case(name, "QUANTIZE_LINEAR", ".none = {0}", [(x, ft), (scale, ft), (zp, zt)],
               (quantize(x, scale, zp, zt), zt))


def dq_case(name, x, xt, scale, st, zp):
    E.add_case(name, "DEQUANTIZE_LINEAR", ".none = {0}", [(x, xt), (scale, st), (zp, xt)],
               (dequantize(x, scale, zp, st), st))


LAYOUTS = [("tensor", (2, 3, 4), (1, 1, 1)), ("axis", (2, 3, 4), (1, 3, 1)), ("block", (4, 6), (2, 3)),
           ("block3", (2, 4, 6), (1, 2, 3)), ("full", (3, 2), (3, 2)), ("scalar", (), ())]


def main():
    np.seterr(over="ignore")  # float16 infinities are wanted in the saturation cases
    for ft in ("float32", "float16"):
        for zt in ZP_TYPES:
            for lay, xs, ss in LAYOUTS:
                scale = rand_scale(ss, ft)
                lo, hi = RANGE[zt]
                zp = E.rng.integers(max(lo, -5), min(hi, 5), size=ss, dtype=np.int64, endpoint=True)
                span = 12.0 if zt == "int4" else 300.0
                x = (E.rng.standard_normal(xs) * span).astype(ft)
                q_case("q_%s_%s_%s" % (ft, zt, lay), x, ft, scale, zp, zt)
                xi = rand_int(xs, zt)
                zpi = rand_int(ss, zt)
                dq_case("dq_%s_%s_%s" % (zt, ft, lay), xi, zt, scale, ft, zpi)
    # ties: x / scale exactly k + 0.5 round to the even neighbour (scale 0.5 and 1)
    ties = np.array([-3.5, -2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5], dtype=np.float32)
    for zt in ("int8", "uint8", "int32"):
        zp = np.array([0 if zt != "uint8" else 10], dtype=np.int64)
        q_case("q_ties_%s" % zt, ties, "float32", np.array([1.0], np.float32), zp, zt)
        q_case("q_ties_half_%s" % zt, ties / 2, "float32", np.array([0.5], np.float32), zp, zt)
    q_case("q_ties_f16", ties.astype(np.float16), "float16", np.array([1.0], np.float16),
           np.array([0], np.int64), "int8")
    # saturation at both ends of every zero-point type, infinities, NaN -> 0
    sat = np.array([-1e30, -5e9, -300.0, -129.0, -9.0, 7.4, 8.6, 128.0, 256.0, 5e9, 1e30,
                    np.inf, -np.inf, np.nan], dtype=np.float32)
    for zt in ZP_TYPES:
        lo, hi = RANGE[zt]
        q_case("q_saturate_%s" % zt, sat, "float32", np.array([1.0], np.float32),
               np.array([min(max(1, lo), hi)], np.int64), zt)
    q_case("q_saturate_f16", sat.astype(np.float16), "float16", np.array([0.25], np.float16),
           np.array([-3], np.int64), "int8")
    # float64 and bfloat16 inputs (nnx extension types)
    x = E.rng.standard_normal((3, 4)) * 50
    q_case("q_float64_int8", x, "float64", np.array([[0.3], [0.7], [1.1]]), np.array([[1], [0], [-1]]), "int8")
    # dequantize extremes: the largest differences, double rounding in float32 and float16
    big = np.array([-2**31, 2**31 - 1, 123456789, -987654321], dtype=np.int64)
    dq_case("dq_int32_extremes", big, "int32", np.array([0.1, 3.3, 1.7, 0.001], np.float32), "float32",
            np.array([2**31 - 1, -2**31, 7, -5], np.int64))
    ubig = np.array([0, 2**32 - 1, 16777217, 33554435], dtype=np.int64)
    dq_case("dq_uint32_extremes", ubig, "uint32", np.array([1.0, 1.0, 1.0, 0.7], np.float32), "float32",
            np.array([2**32 - 1, 0, 0, 0], np.int64))
    dq_case("dq_int32_f16", big, "int32", np.array([1e-5, 1e-5, 1e-4, 1e-6], np.float16), "float16",
            np.array([0, 0, 0, 0], np.int64))
    E.write(OUT, "ops_quantize_expected.h", "gen_ops_quantize.py", np.__version__, SEED,
            "quantize_linear / dequantize_linear cases for tests/unit/ops/test_ops_quantize.c.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
