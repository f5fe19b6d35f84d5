#!/usr/bin/python3
# gen_tosa_int.py — writes tests/data/tosa_int_expected.h: seeded inputs and the outputs of a
# plain Python transcription of the TOSA 1.0 pseudocode (chapter 2, §4.5.1)
# for the element-wise integer operators: RESCALE, MUL with shift, TABLE, NEGATE,
# ARITHMETIC_RIGHT_SHIFT, LOGICAL_LEFT/RIGHT_SHIFT, BITWISE_*, CLZ, INTDIV, CLAMP and
# MAXIMUM/MINIMUM nan_mode, CAST float -> int (ties to even). Inputs respect every REQUIRE,
# so each expected value is the spec's, not an implementation choice.
# The transcription is Python integers (unbounded), written from the spec, not from the C.
# Run with Debian's python3 and python3-numpy:  /usr/bin/python3 tests/unit/ops/gen_tosa_int.py
import math
import os

import numpy as np

from gen_ops_common import SignedZeroEmitter, add_fp8_dtypes
from gen_tosa_exhaustive import NAN_KEY, fp8_value, to_float_bits

add_fp8_dtypes()
SEED = 20261125
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "data", "tosa_int_expected.h")


E = SignedZeroEmitter(np.random.default_rng(SEED))
R = E.rng
NONE = ".none = {0}"
BITS = {"int8": 8, "int16": 16, "int32": 32, "int48": 48}


def smin(t): return -(1 << (BITS[t] - 1))
def smax(t): return (1 << (BITS[t] - 1)) - 1
def umax(t): return (1 << BITS[t]) - 1


class Require(Exception):
    """A REQUIRE of the pseudocode failed: the generator picks other data."""


def require(c):
    if not c:
        raise Require()


def truncate(v, t):
    """truncate<t> / static_cast to a narrower signless type: the low bits, read signed."""
    m = (1 << BITS[t]) - 1
    v &= m
    return v - (1 << BITS[t]) if v >> (BITS[t] - 1) else v


def as_signed_pattern(u, t):
    """An unsigned value u stored in a signless t tensor, as the signed number nnx reads."""
    return truncate(u, t)


# ------------------------------------------------------------------ §6.4 helpers, verbatim
def apply_scale_32(value, multiplier, shift, double_round=False):
    require(multiplier >= 0)
    require(2 <= shift <= 62)
    require(-(1 << (shift - 1)) <= value < (1 << (shift - 1)))
    rnd = 1 << (shift - 1)
    if double_round:
        if shift > 31 and value >= 0:
            rnd += 1 << 30
        if shift > 31 and value < 0:
            rnd -= 1 << 30
    result = (value * multiplier) + rnd
    result >>= shift  # Python >> floors, as the int64 arithmetic shift
    require(smin("int32") <= result <= smax("int32"))
    return result


def apply_scale_16(value, multiplier, shift):
    require(multiplier >= 0)
    require(2 <= shift <= 62)
    rnd = 1 << (shift - 1)
    result = (value * multiplier) + rnd
    result >>= shift
    require(smin("int32") <= result <= smax("int32"))
    return result


def apply_clip(v, lo, hi):
    return max(lo, min(hi, v))


def count_leading_zeros(a):
    acc = 32
    if a != 0:
        mask = 1 << 31
        acc = 0
        while (mask & a) == 0:
            mask >>= 1
            acc += 1
    return acc


# ------------------------------------------------------------------ operators
def rescale(x, in_t, out_t, mult, shift, izp, ozp, scale32, rounding, per_channel, in_u, out_u, shape):
    out = []
    nc = shape[-1] if per_channel else 1
    for i, v in enumerate(x):
        if in_u:
            value, ext_izp = v & umax(in_t), izp & umax(in_t)
        else:
            value, ext_izp = v, izp
        value = value - ext_izp
        c = i % nc if per_channel else 0
        if scale32:
            result = apply_scale_32(value, mult[c], shift[c], rounding == "DOUBLE_ROUND")
        else:
            result = apply_scale_16(value, mult[c], shift[c])
        if out_u:
            result = result + (ozp & umax(out_t))
            require(smin("int32") <= result <= smax("int32"))
            out.append(as_signed_pattern(apply_clip(result, 0, umax(out_t)), out_t))
        else:
            result = result + ozp
            require(smin("int32") <= result <= smax("int32"))
            out.append(apply_clip(result, smin(out_t), smax(out_t)))
    return out


def mul(a, b, shift, in_t):
    require(0 <= shift <= 63)
    require(in_t == "int32" or shift == 0)
    if in_t == "int32" and shift > 0:
        product = a * b
        rnd = 1 << (shift - 1)
        product = (product + rnd) >> shift
        require(smin("int32") <= product <= smax("int32"))
        return product
    return truncate(a * b, "int32")  # low 32 bits


def arithmetic_right_shift(a, b, rnd, t):
    require(0 <= b <= BITS[t] - 1)
    result = a >> b
    if rnd and b > 0 and ((a >> (b - 1)) & 1) != 0:
        result = result + 1
    return truncate(result, t)


def logical_left_shift(a, b, t):
    require(0 <= b <= BITS[t] - 1)
    return truncate(a << b, t)


def logical_right_shift(a, b, t):
    require(0 <= b <= BITS[t] - 1)
    return truncate((a & 0xFFFFFFFF) >> b if t == "int32" else (a & umax(t)) >> b, t)


def negate(x, izp, ozp, t):
    v = 0 - (x - izp)
    v = v + ozp
    return apply_clip(v, smin(t), smax(t))


def apply_lookup_s(table, value):
    clipped = apply_clip(value, -32768, 32767)
    index = (clipped + 32768) >> 7
    fraction = clipped & 0x7F
    base, nxt = table[index], table[index + 1]
    slope = nxt - base
    require(-32768 <= slope <= 32767)
    return (base << 7) + slope * fraction


def intdiv(a, b):
    require(b != 0)
    q = abs(a) // abs(b)
    q = q if (a < 0) == (b < 0) else -q  # C division truncates toward zero
    require(smin("int32") <= q <= smax("int32"))
    return q


def apply_max_nan(a, b, ignore, is_max):
    if math.isnan(a) or math.isnan(b):
        if not ignore:
            return math.nan
        return b if math.isnan(a) else a
    if is_max:
        return a if a >= b else b
    return a if a < b else b


# ------------------------------------------------------------------ case writers
def rand_int(t, n, lo=None, hi=None):
    lo = smin(t) if lo is None else lo
    hi = smax(t) if hi is None else hi
    return [int(v) for v in R.integers(lo, hi, size=n, endpoint=True)]


def rescale_case(name, in_t, out_t, shape, scale32, rounding="SINGLE_ROUND", per_channel=False, in_u=False,
                 out_u=False, izp=0, ozp=0, scale_log2=None):
    n = int(np.prod(shape))
    if scale_log2 is None:  # the scale 2^e range that keeps int32 inputs inside the REQUIREs
        scale_log2 = (-30, -4) if in_t == "int32" else (-8, 2)
    nc = shape[-1] if per_channel else 1
    for _ in range(1000):
        if in_u:
            x = [as_signed_pattern(u, in_t) for u in R.integers(0, umax(in_t), size=n, endpoint=True)]
        else:
            x = rand_int(in_t, n)
        mult, shift = [], []
        for _c in range(nc):
            e = int(R.integers(scale_log2[0], scale_log2[1], endpoint=True))
            if scale32:
                mult.append(int(R.integers(1 << 30, (1 << 31) - 1, endpoint=True)))
                shift.append(30 - e)
            else:
                mult.append(int(R.integers(1 << 14, (1 << 15) - 1, endpoint=True)))
                shift.append(14 - e)
        try:
            y = rescale(x, in_t, out_t, mult, shift, izp, ozp, scale32, rounding, per_channel, in_u, out_u, shape)
        except Require:
            continue
        attrs = (".rescale = {.scale32 = %s, .per_channel = %s, .input_unsigned = %s, .output_unsigned = %s, "
                 ".rounding = NNX_RESCALE_%s}" % (str(scale32).lower(), str(per_channel).lower(), str(in_u).lower(),
                                                  str(out_u).lower(), rounding))
        E.add_case(name, "TOSA_RESCALE", attrs,
                   [(np.array(x, dtype=np.int64).reshape(shape), in_t),
                    (np.array(mult, dtype=np.int64), "int32" if scale32 else "int16"),
                    (np.array(shift, dtype=np.int64), "int8"),
                    (np.array([izp], dtype=np.int64), in_t), (np.array([ozp], dtype=np.int64), out_t)],
                   (np.array(y, dtype=np.int64).reshape(shape), out_t))
        return
    raise RuntimeError("no valid data for " + name)


def gen_rescale():
    for it in ("int8", "int16", "int32"):
        for ot in ("int8", "int16", "int32"):
            rescale_case("rescale_%s_%s" % (it, ot), it, ot, [2, 5], True)
    rescale_case("rescale_int48_int16", "int48", "int16", [7], False, scale_log2=(-40, -26))
    rescale_case("rescale_int48_int32_s16", "int48", "int32", [2, 3], False, scale_log2=(-20, -14))
    rescale_case("rescale_int16_int8_s16", "int16", "int8", [6], False)
    rescale_case("rescale_int32_int8_double", "int32", "int8", [8], True, "DOUBLE_ROUND", scale_log2=(-30, -26))
    rescale_case("rescale_int32_int16_double", "int32", "int16", [8], True, "DOUBLE_ROUND", scale_log2=(-20, -10))
    rescale_case("rescale_int32_int8_inexact", "int32", "int8", [8], True, "INEXACT_ROUND", scale_log2=(-28, -20))
    rescale_case("rescale_int8_int8_zp", "int8", "int8", [2, 4], True, izp=-17, ozp=23)
    rescale_case("rescale_int8_int8_perch", "int8", "int8", [3, 4], True, per_channel=True, izp=5, ozp=-3)
    rescale_case("rescale_int32_int16_perch", "int32", "int16", [2, 3], True, per_channel=True, scale_log2=(-18, -8))
    rescale_case("rescale_uint8_int8", "int8", "int8", [9], True, in_u=True, izp=-128 + 0, ozp=0)  # izp 0x80 = 128
    rescale_case("rescale_int8_uint8", "int8", "int8", [9], True, out_u=True, izp=0, ozp=-128)  # ozp 0x80 = 128
    rescale_case("rescale_uint16_int16", "int16", "int16", [6], True, in_u=True, izp=-32768)  # zp 32768
    rescale_case("rescale_int16_uint16", "int16", "int16", [6], True, out_u=True, ozp=-32768)
    rescale_case("rescale_uint8_int16", "int8", "int16", [5], True, in_u=True, izp=7, scale_log2=(0, 2))
    rescale_case("rescale_int16_uint8", "int16", "int8", [5], True, out_u=True, ozp=3, scale_log2=(-9, -7))
    # spec-derived vectors (TOSA 1.0 §2.13.2 RESCALE): 100 -> 50, 101 -> 51, -101 -> -50 at 1/2
    E.add_case("rescale_halves", "TOSA_RESCALE", ".rescale = {.scale32 = true}",
               [(np.array([100, 101, -101, -100, 1, -1, 3, -3]), "int32"), (np.array([1 << 30]), "int32"),
                (np.array([31]), "int8"), (np.array([0]), "int32"), (np.array([0]), "int32")],
               (np.array([apply_scale_32(v, 1 << 30, 31) for v in [100, 101, -101, -100, 1, -1, 3, -3]]), "int32"))
    vals = [3, -3, 5, -5, 7, 1, -1, 0]
    E.add_case("rescale_double_round_vectors", "TOSA_RESCALE", ".rescale = {.scale32 = true, .rounding = "
               "NNX_RESCALE_DOUBLE_ROUND}",
               [(np.array(vals), "int32"), (np.array([1 << 30]), "int32"), (np.array([33]), "int8"),
                (np.array([0]), "int32"), (np.array([0]), "int32")],
               (np.array([apply_scale_32(v, 1 << 30, 33, True) for v in vals]), "int32"))


def gen_mul():
    edge = [smin("int32"), smax("int32"), -1, 0, 1, 65535, -65536, 123456789]
    for shift in (0, 1, 15, 31, 62, 63):
        a, b, y = [], [], []
        pairs = [(p, q) for p in edge for q in edge] + [(int(p), int(q)) for p, q in R.integers(-2**31, 2**31, size=(24, 2))]
        for p, q in pairs:
            try:
                y.append(mul(p, q, shift, "int32"))
            except Require:
                continue
            a.append(p)
            b.append(q)
        E.add_case("mul_int32_shift%d" % shift, "TOSA_MUL", NONE, [(np.array(a), "int32"), (np.array(b), "int32"),
                                                                 (np.array([shift]), "int8")], (np.array(y), "int32"))
    # rounding ties: (2k + 1) * 2^(s-1) with shift s round up (half toward +inf)
    a = [1, 3, 5, -1, -3, -5, 6, -6, 7, -7]
    E.add_case("mul_int32_ties", "TOSA_MUL", NONE, [(np.array(a), "int32"), (np.array([1]), "int32"),
                                                  (np.array([1]), "int8")],
               (np.array([mul(v, 1, 1, "int32") for v in a]), "int32"))
    for t in ("int8", "int16"):
        x, w = rand_int(t, 12), rand_int(t, 4)
        xa = np.array(x).reshape(3, 4)
        y = [[mul(xa[i][j], w[j], 0, t) for j in range(4)] for i in range(3)]
        E.add_case("mul_%s_broadcast" % t, "TOSA_MUL", NONE, [(xa, t), (np.array(w).reshape(1, 4), t), None],
                   (np.array(y), "int32"))
    x, w = rand_int("int32", 6), rand_int("int32", 6)
    E.add_case("mul_int32_noshift_input", "TOSA_MUL", NONE, [(np.array(x), "int32"), (np.array(w), "int32")],
               (np.array([mul(p, q, 0, "int32") for p, q in zip(x, w)]), "int32"))


def gen_shifts():
    for t in ("int8", "int16", "int32"):
        b = BITS[t]
        vals = [smin(t), smax(t), -1, 0, 1, -2, 3, -5] + rand_int(t, 8)
        sh = [0, 1, b - 1, b // 2] + [int(v) for v in R.integers(0, b - 1, size=12, endpoint=True)]
        for rnd in (False, True):
            E.add_case("ars_%s_round%d" % (t, rnd), "SHIFT_RIGHT_ARITHMETIC", ".shift = {.round = %s}" % str(rnd).lower(),
                       [(np.array(vals), t), (np.array(sh), t)],
                       (np.array([arithmetic_right_shift(p, q, rnd, t) for p, q in zip(vals, sh)]), t))
        E.add_case("lls_%s" % t, "SHIFT_LEFT", NONE, [(np.array(vals), t), (np.array(sh), t)],
                   (np.array([logical_left_shift(p, q, t) for p, q in zip(vals, sh)]), t))
        E.add_case("lrs_%s" % t, "SHIFT_RIGHT_LOGICAL", NONE, [(np.array(vals), t), (np.array(sh), t)],
                   (np.array([logical_right_shift(p, q, t) for p, q in zip(vals, sh)]), t))
    # ARITHMETIC_RIGHT_SHIFT round ties: x = (2k+1) * 2^(s-1)
    x = [1, 3, -1, -3, 5, -5, 12, -12, 20, -20]
    s = [1, 1, 1, 1, 1, 1, 3, 3, 3, 3]
    E.add_case("ars_int32_ties", "SHIFT_RIGHT_ARITHMETIC", ".shift = {.round = true}",
               [(np.array(x), "int32"), (np.array(s), "int32")],
               (np.array([arithmetic_right_shift(p, q, True, "int32") for p, q in zip(x, s)]), "int32"))


def gen_bitwise():
    for t in ("int8", "int16", "int32"):
        a = np.array(rand_int(t, 12)).reshape(3, 4)
        b = np.array(rand_int(t, 4)).reshape(4)
        for op, f in (("AND", lambda p, q: p & q), ("OR", lambda p, q: p | q), ("XOR", lambda p, q: p ^ q)):
            y = [[truncate(f(int(a[i][j]), int(b[j])), t) for j in range(4)] for i in range(3)]
            E.add_case("bitwise_%s_%s" % (op.lower(), t), "BITWISE_" + op, NONE, [(a, t), (b, t)], (np.array(y), t))
        x = rand_int(t, 8) + [smin(t), smax(t), 0, -1]
        E.add_case("bitwise_not_%s" % t, "BITWISE_NOT", NONE, [(np.array(x), t)],
                   (np.array([truncate(~v, t) for v in x]), t))
    x = [0, 1, -1, smin("int32"), smax("int32"), 2, 3, 255, 256, 65535, 65536] + rand_int("int32", 8)
    E.add_case("clz_int32", "CLZ", NONE, [(np.array(x), "int32")],
               (np.array([count_leading_zeros(v & 0xFFFFFFFF) for v in x]), "int32"))


def gen_negate_table_div():
    for t, zps in (("int8", [(0, 0), (-128, 0), (10, -20), (127, 127), (-128, -128)]), ("int16", [(0, 0)]),
                   ("int32", [(0, 0)])):
        for k, (zi, zo) in enumerate(zps):
            x = [smin(t), smax(t), 0, -1, 1] + rand_int(t, 7)
            if t == "int32":
                x[0] = smin(t) + 1  # NEGATE(INT32_MIN) overflows acc_t: REQUIRE
            E.add_case("negate_%s_%d" % (t, k), "TOSA_NEGATE", NONE,
                       [(np.array(x), t), (np.array([zi]), t), (np.array([zo]), t)],
                       (np.array([negate(v, zi, zo, t) for v in x]), t))
    table8 = rand_int("int8", 256)
    x = list(range(-128, 128, 9)) + [127]
    E.add_case("table_int8", "TOSA_TABLE", NONE, [(np.array(x), "int8"), (np.array(table8), "int8")],
               (np.array([table8[v + 128] for v in x]), "int8"))
    # a smooth table (slopes fit int16) and the identity-like table of the note: lookup(v) = v
    base = np.cumsum(R.integers(-200, 200, size=513)) - 3000
    table16 = [int(v) for v in np.clip(base, -32768, 32767)]
    x = [-32768, 32767, 0, -1, 1, 127, 128, -129] + rand_int("int16", 16)
    E.add_case("table_int16", "TOSA_TABLE", NONE, [(np.array(x), "int16"), (np.array(table16), "int16")],
               (np.array([apply_lookup_s(table16, v) for v in x]), "int32"))
    # the spec's follow-up (TOSA 1.0 §2.5.17 TABLE): RESCALE(i32 -> i16, multiplier 1 << 14,
    # shift 21)
    t16 = [apply_lookup_s(table16, v) for v in x]
    E.add_case("rescale_table_i32_i16", "TOSA_RESCALE", ".rescale = {.scale32 = false}",
               [(np.array(t16), "int32"), (np.array([1 << 14]), "int16"), (np.array([21]), "int8"),
                (np.array([0]), "int32"), (np.array([0]), "int16")],
               (np.array(rescale(t16, "int32", "int16", [1 << 14], [21], 0, 0, False, "SINGLE_ROUND", False, False,
                                 False, [len(t16)])), "int16"))
    ident = [i - 256 for i in range(513)]
    E.add_case("table_int16_identity", "TOSA_TABLE", NONE, [(np.array(x), "int16"), (np.array(ident), "int16")],
               (np.array([apply_lookup_s(ident, v) for v in x]), "int32"))
    a = [7, -7, 7, -7, smin("int32"), smax("int32"), 1, 0] + rand_int("int32", 8)
    b = [2, 2, -2, -2, 1, -1, smin("int32"), 5] + [v or 1 for v in rand_int("int32", 8, -1000, 1000)]
    E.add_case("intdiv_int32", "DIV", NONE, [(np.array(a), "int32"), (np.array(b), "int32")],
               (np.array([intdiv(p, q) for p, q in zip(a, b)]), "int32"))


def gen_float_modes():
    x = np.array([-3.5, -0.5, 0.0, 0.25, 1.5, 2.5, math.nan, math.inf, -math.inf, 7.0], dtype=np.float32)
    for mode in ("PROPAGATE", "IGNORE"):
        y = [apply_clip(v, -1.0, 2.0) if not math.isnan(v) else (math.nan if mode == "PROPAGATE" else -1.0) for v in x]
        E.add_case("clamp_f32_%s" % mode.lower(), "CLAMP",
                   ".clamp = {.lo = {.f = -1.0}, .hi = {.f = 2.0}, .nan_mode = NNX_NAN_%s}" % mode,
                   [(x, "float32")], (np.array(y, dtype=np.float32), "float32"))
        a = np.array([1.0, math.nan, math.nan, -2.0, 0.5, math.inf], dtype=np.float32)
        b = np.array([2.0, 3.0, math.nan, math.nan, -0.5, 1.0], dtype=np.float32)
        for op, is_max in (("MAX", True), ("MIN", False)):
            y = [apply_max_nan(float(p), float(q), mode == "IGNORE", is_max) for p, q in zip(a, b)]
            E.add_case("%s_f32_%s" % (op.lower(), mode.lower()), op, ".nan = {.nan_mode = NNX_NAN_%s}" % mode,
                       [(a, "float32"), (b, "float32")], (np.array(y, dtype=np.float32), "float32"))
    xi = np.array([-128, -5, 0, 7, 127, 100, -100], dtype=np.int64)
    E.add_case("clamp_int8", "CLAMP", ".clamp = {.lo = {.i = -10}, .hi = {.i = 50}}", [(xi, "int8")],
               (np.array([apply_clip(int(v), -10, 50) for v in xi]), "int8"))
    # CAST float -> int: round_to_nearest_int ties to even, then saturate (apply_clip_s<i32_t>)
    f = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 127.5, 128.5, -128.5, -129.5, 1e10, -1e10, 3.49, -3.51,
                  math.inf, -math.inf, 32767.5, 2147483520.0], dtype=np.float32)
    for ot in ("int8", "int16", "int32"):
        y = [apply_clip(apply_clip(round(float(v)) if math.isfinite(v) else (2**40 if v > 0 else -2**40),
                                   smin("int32"), smax("int32")), smin(ot), smax(ot)) for v in f]
        E.add_case("cast_f32_%s" % ot, "CAST", ".cast = {.to = NNX_%s, .rounding = NNX_CAST_NEAREST_EVEN}" % ot.upper(),
                   [(f, "float32")], (np.array(y), ot))
    # int -> int narrowing wraps (the spec's example: i32 0x180 -> i8 -128), widening sign-extends
    v = [0x180, -129, 128, 255, 256, 65535, -32769, 70000]
    for ot in ("int8", "int16"):
        E.add_case("cast_i32_%s" % ot, "CAST", ".cast = {.to = NNX_%s, .rounding = NNX_CAST_NEAREST_EVEN}" % ot.upper(),
                   [(np.array(v), "int32")], (np.array([truncate(u, ot) for u in v]), ot))


def int_to_bf16(v):
    """An integer rounded once to bfloat16 (8 significant bits, ties to even), as a float."""
    a = abs(v)
    shift = max(0, a.bit_length() - 8)
    q, r = divmod(a, 1 << shift)
    half = (1 << shift) >> 1
    if shift and (r > half or (r == half and q & 1)):
        q += 1
    return math.copysign(float(q << shift), v)


def float_value(bits, t):
    """The value of a stored bit pattern of float type t (NAN_KEY: NaN)."""
    if bits == NAN_KEY:
        return math.nan
    if t == "float16":
        return float(np.array([bits], dtype=np.uint16).view(np.float16)[0])
    if t == "bfloat16":
        return float(np.array([bits << 16], dtype=np.uint32).view(np.float32)[0])
    if t == "float32":
        return float(np.array([bits], dtype=np.uint32).view(np.float32)[0])
    return fp8_value(bits, t[3:])


def gen_casts_wide():
    """CAST pairs whose input (int32, fp32) cannot be enumerated: edges, ties, random."""
    f = [0.0, -0.0, 1.0, -1.0, 1 + 2.0**-11, 1 + 3 * 2.0**-11, 1 + 2.0**-8, 1 + 3 * 2.0**-8, 65504.0, 65519.0,
         65520.0, -65520.0, 2.0**-24, 2.0**-25, 3 * 2.0**-26, 2.0**-14 * 1.5, 448.0, 464.0, 465.0, 480.0, -500.0,
         57344.0, 61439.0, 61440.0, 2.0**-9, 2.0**-10, 3 * 2.0**-11, 2.0**-16, 2.0**-17, 1.5 * 2.0**-17, 3.0e38,
         -3.4e38, 1e-40, -1e-45, math.inf, -math.inf, math.nan, 0.1, -0.3, 1.0 / 3]
    f += [float(v) for v in (R.standard_normal(24) * np.exp2(R.integers(-20, 20, size=24))).astype(np.float32)]
    f32 = np.array(f, dtype=np.float32)
    for ot in ("float16", "bfloat16", "fp8e4m3", "fp8e5m2"):
        y = [float_value(to_float_bits(float(v), ot), ot) for v in f32]
        E.add_case("cast_f32_%s" % ot, "CAST", ".cast = {.to = NNX_%s, .rounding = NNX_CAST_NEAREST_EVEN}" % ot.upper(),
                   [(f32, "float32")], (np.array(y), ot))
    v = [0, 1, -1, 2049, 2051, 4097, 65504, 65519, 65520, 70000, 16777217, 16777219, -16777217, 2**31 - 1,
         -2**31, 257, 259, 0x7F7F, 123456789] + rand_int("int32", 12)
    vi = np.array(v, dtype=np.int64)
    outs = {"float16": [float(np.float16(float(u))) for u in v],  # float64 is exact: one rounding
            "float32": [float(np.float32(float(u))) for u in v],
            "bfloat16": [int_to_bf16(u) for u in v],
            "bool": [int(u != 0) for u in v]}
    for ot, y in outs.items():
        E.add_case("cast_i32_%s" % ot, "CAST", ".cast = {.to = NNX_%s, .rounding = NNX_CAST_NEAREST_EVEN}" % ot.upper(),
                   [(vi, "int32")], (np.array(y), ot))
    a = np.array([1.5, -2.0, 3.25, math.inf, 0.0, math.nan], dtype=np.float32)
    b = np.array([2.0, 0.5, -4.0, 0.0, -1.0, 1.0], dtype=np.float32)
    E.add_case("mul_f32", "TOSA_MUL", NONE, [(a, "float32"), (b, "float32")], (a.astype(np.float64) * b, "float32"))
    E.add_case("negate_f32", "TOSA_NEGATE", NONE, [(a, "float32")], (-a.astype(np.float64), "float32"))


def main():
    np.seterr(over="ignore", invalid="ignore")  # inf and NaN results are intended
    gen_rescale()
    gen_casts_wide()
    gen_mul()
    gen_shifts()
    gen_bitwise()
    gen_negate_table_div()
    gen_float_modes()
    E.write(OUT, "tosa_int_expected.h", "gen_tosa_int.py", np.__version__, SEED,
            "TOSA element-wise integer operators: expected values of a transcription of the spec pseudocode.")


if __name__ == "__main__":
    main()
