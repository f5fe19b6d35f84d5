#!/usr/bin/python3
# gen_tosa_exhaustive.py — writes tests/data/tosa_exhaustive_expected.h: digests of TOSA
# operators over their whole input domain, computed by a Python transcription of the spec
# (TOSA 1.0 §2.13.1 CAST, §2.5.17 TABLE; §1.9 number formats, OCP OFP8 for fp8) independent of
# the C code:
#   * CAST for every TOSA pair whose input has at most 2^16 values (all bool, int8, int16,
#     fp16, bf16, fp8 inputs): round to nearest even + saturate for float -> int, wrap for
#     int -> int, round to nearest even for -> float (fp8: OCP non-saturating);
#   * RESCALE over all int8 / int16 inputs for a set of scales, zero points, rounding modes
#     and signedness (the transcription of gen_tosa_int.py);
#   * TABLE int16 over all 65536 inputs with the spec's erf table (erf_reference +
#     generate_lookup_table) and with a random table; TABLE int8 over all 256 inputs.
# A digest is FNV-1a 64 over one uint64 key per element (see key_* below); the C test
# computes the same over the kernel's output. Run: /usr/bin/python3 tests/unit/ops/gen_tosa_exhaustive.py
import bisect
import math
import os
from fractions import Fraction

import numpy as np

SEED = 20261126
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "data", "tosa_exhaustive_expected.h")
RNG = np.random.default_rng(SEED)
NAN_KEY = 2**64 - 1  # a NaN output, whatever its payload
SKIP = None          # an unpredictable output (float NaN -> int): not digested


def fnv1a(keys):
    h = 0xCBF29CE484222325
    for k in keys:
        if k is SKIP:
            continue
        for i in range(8):
            h ^= (k >> (8 * i)) & 0xFF
            h = (h * 0x100000001B3) & (2**64 - 1)
    return h


# ------------------------------------------------------------------ decoding (exact)
def fp8_value(code, fmt):
    s = -1.0 if code & 0x80 else 1.0
    if fmt == "e4m3":
        e, m = (code >> 3) & 0xF, code & 7
        if e == 0xF and m == 7:
            return math.nan
        return s * (m / 8 * 2.0**-6 if e == 0 else (1 + m / 8) * 2.0**(e - 7))
    e, m = (code >> 2) & 0x1F, code & 3
    if e == 0x1F:
        return s * math.inf if m == 0 else math.nan
    return s * (m / 4 * 2.0**-14 if e == 0 else (1 + m / 4) * 2.0**(e - 15))


def domain(t):
    """All values of a type with at most 2^16 of them, as Python numbers."""
    if t == "bool":
        return [0, 1]
    if t == "int8":
        return list(range(-128, 128))
    if t == "int16":
        return list(range(-32768, 32768))
    if t == "float16":
        return [float(v) for v in np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)]
    if t == "bfloat16":
        return [float(v) for v in (np.arange(65536, dtype=np.uint32) << 16).view(np.float32)]
    if t in ("fp8e4m3", "fp8e5m2"):
        return [fp8_value(c, t[3:]) for c in range(256)]
    raise ValueError(t)


# ------------------------------------------------------------------ encoding (RNE)
def nearest(x, values):
    """The (value, code) of `values` (ascending, finite, codes consecutive) nearest to |x|,
    ties to the even code."""
    a = Fraction(abs(x))
    i = bisect.bisect_left([v for v, _ in values], abs(x))
    best = None
    for v, c in values[max(0, i - 1):i + 1] if i < len(values) else values[-1:]:
        d = abs(Fraction(v) - a)
        if best is None or d < best[0] or (d == best[0] and c % 2 == 0):
            best = (d, v, c)
    return best[1], best[2]


def fp8_codes(fmt):
    """Positive finite values with their codes, plus the first value beyond the maximum
    (as if the exponent were unbounded) standing for overflow."""
    vals = []
    for c in range(128):
        v = fp8_value(c, fmt)
        if not math.isnan(v) and not math.isinf(v):
            vals.append((v, c))
    nxt = 480.0 if fmt == "e4m3" else 65536.0
    vals.append((nxt, vals[-1][1] + 1))
    return vals


FP8 = {"fp8e4m3": fp8_codes("e4m3"), "fp8e5m2": fp8_codes("e5m2")}


def to_fp8(x, t):
    if math.isnan(x):
        return NAN_KEY
    neg = math.copysign(1.0, x) < 0
    table = FP8[t]
    if math.isinf(x):
        code = 0x7F if t == "fp8e4m3" else 0x7C
    else:
        v, code = nearest(x, table)
        if code == table[-1][1]:  # rounded past the maximum: overflow
            code = 0x7F if t == "fp8e4m3" else 0x7C
    if t == "fp8e4m3" and code == 0x7F:
        return NAN_KEY
    return code | (0x80 if neg else 0)


def to_float_bits(x, t):
    """x (exactly representable in float64) rounded to t, as the stored bit pattern."""
    if math.isnan(x):
        return NAN_KEY
    if t == "float32":
        return int(np.array([x], dtype=np.float32).view(np.uint32)[0])
    if t == "float16":
        with np.errstate(over="ignore"):  # overflow to inf is the intended result
            return int(np.array([x], dtype=np.float16).view(np.uint16)[0])  # numpy rounds to nearest even
    if t == "bfloat16":
        bits = int(np.array([x], dtype=np.float32).view(np.uint32)[0])  # exact for our inputs
        if (bits & 0x7F800000) == 0x7F800000:
            return bits >> 16
        return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF
    return to_fp8(x, t)


INT_RANGE = {"int8": (-128, 127), "int16": (-32768, 32767), "int32": (-2**31, 2**31 - 1)}
FLOATS = ("float16", "bfloat16", "float32", "fp8e4m3", "fp8e5m2")


def cast_key(v, src, dst):
    if dst == "bool":
        return int(v != 0)
    if dst in FLOATS:
        return to_float_bits(float(v), dst)
    lo, hi = INT_RANGE[dst]
    if src in FLOATS:
        if math.isnan(v):
            return SKIP
        r = (2**40 if v > 0 else -2**40) if math.isinf(v) else round(v)  # Python round: half to even
        r = max(INT_RANGE["int32"][0], min(INT_RANGE["int32"][1], r))  # apply_clip_s<i32_t>
        return max(lo, min(hi, r)) % 2**64
    bits = 8 if dst == "int8" else 16 if dst == "int16" else 32
    w = v & ((1 << bits) - 1)  # truncate (narrowing) or sign_extend (widening)
    return (w - (1 << bits) if w >> (bits - 1) else w) % 2**64


# TOSA CAST pairs (TOSA 1.0 §6, Appendix B) whose input domain is small enough to enumerate.
PAIRS = [("bool", "int8"), ("bool", "int16"), ("bool", "int32"),
         ("int8", "bool"), ("int8", "int16"), ("int8", "int32"), ("int8", "float16"), ("int8", "bfloat16"),
         ("int8", "float32"),
         ("int16", "bool"), ("int16", "int8"), ("int16", "int32"), ("int16", "float16"), ("int16", "bfloat16"),
         ("int16", "float32"),
         ("float16", "int8"), ("float16", "int16"), ("float16", "int32"), ("float16", "float32"),
         ("float16", "fp8e4m3"), ("float16", "fp8e5m2"),
         ("bfloat16", "int8"), ("bfloat16", "int16"), ("bfloat16", "int32"), ("bfloat16", "float32"),
         ("bfloat16", "fp8e4m3"), ("bfloat16", "fp8e5m2"),
         ("fp8e4m3", "float16"), ("fp8e4m3", "bfloat16"), ("fp8e4m3", "float32"),
         ("fp8e5m2", "float16"), ("fp8e5m2", "bfloat16"), ("fp8e5m2", "float32")]


# ------------------------------------------------------------------ TABLE
def round_to_nearest_int(f):
    return round(f)  # ties to even (TOSA decision 10.2-31)


def erf_reference(x):
    v = x / 64.0
    v = math.erf(v)
    return round_to_nearest_int(32768.0 * v)


def generate_lookup_table(reference):
    return [max(-32768, min(32767, reference(i))) for i in range(-256, 257)]


def apply_lookup_s(table, value):
    clipped = max(-32768, min(32767, value))
    index = (clipped + 32768) >> 7
    fraction = clipped & 0x7F
    base, nxt = table[index], table[index + 1]
    slope = nxt - base
    assert -32768 <= slope <= 32767
    return (base << 7) + slope * fraction


def c_array(name, ctype, values, per=16):
    rows = [", ".join(str(v) for v in values[i:i + per]) for i in range(0, len(values), per)]
    return "static const %s %s[%d] = {\n    %s};\n" % (ctype, name, len(values), ",\n    ".join(rows))


# (in, out, scale32, rounding, input_unsigned, output_unsigned, multiplier, shift, izp, ozp);
# unsigned zero points are written as the signless pattern (-128 = 0x80 = 128).
RESCALES = [("int8", "int8", True, "SINGLE_ROUND", False, False, 1395864371, 31, -3, 5),
            ("int8", "int8", True, "DOUBLE_ROUND", False, False, 1431655765, 33, 17, -20),
            ("int8", "int16", True, "SINGLE_ROUND", False, False, 1518500250, 22, 0, 0),
            ("int8", "int32", False, "SINGLE_ROUND", False, False, 23170, 10, 9, 0),
            ("int16", "int8", True, "SINGLE_ROUND", False, False, 1686629713, 37, 0, 7),
            ("int16", "int8", True, "DOUBLE_ROUND", False, False, 1825361101, 38, 0, -1),
            ("int16", "int8", True, "INEXACT_ROUND", False, False, 1825361101, 38, 0, -1),
            ("int16", "int16", False, "SINGLE_ROUND", False, False, 21845, 15, 0, 0),
            ("int16", "int32", True, "SINGLE_ROUND", False, False, 1073741824, 20, 0, 0),
            ("int8", "int8", True, "SINGLE_ROUND", True, False, 1073741824, 31, -128, 0),    # u8 -> i8
            ("int8", "int8", True, "SINGLE_ROUND", False, True, 1288490189, 30, 0, -128),    # i8 -> u8
            ("int16", "int16", True, "SINGLE_ROUND", True, False, 1073741824, 30, -32768, 0),  # u16 -> i16
            ("int16", "int16", True, "SINGLE_ROUND", False, True, 1073741824, 30, 0, -32768),  # i16 -> u16
            ("int8", "int16", True, "DOUBLE_ROUND", True, False, 1932735283, 32, 100, 0),    # u8 -> i16
            ("int16", "int8", True, "SINGLE_ROUND", False, True, 1073741824, 39, 0, 77)]     # i16 -> u8


def rescale_digests():
    from gen_tosa_int import rescale  # the same spec transcription as the per-case header
    out = ["\ntypedef struct tosa_rescale_digest {\n    nnx_dtype from, to;\n    bool scale32;\n"
           "    int rounding; /* nnx_rescale_rounding */\n    bool input_unsigned, output_unsigned;\n"
           "    int32_t multiplier, shift, input_zp, output_zp;\n    uint64_t digest;\n} tosa_rescale_digest;\n\n"
           "static const tosa_rescale_digest tosa_rescale_digests[] = {\n"]
    for it, ot, s32, rnd, iu, ou, m, sh, izp, ozp in RESCALES:
        x = domain(it)
        y = rescale(x, it, ot, [m], [sh], izp, ozp, s32, rnd, False, iu, ou, [len(x)])
        h = fnv1a(v % 2**64 for v in y)
        out.append("    {NNX_%s, NNX_%s, %s, %d, %s, %s, %d, %d, %d, %d, UINT64_C(0x%016x)},\n"
                   % (it.upper(), ot.upper(), str(s32).lower(), ["SINGLE_ROUND", "INEXACT_ROUND", "DOUBLE_ROUND"].index(rnd),
                      str(iu).lower(), str(ou).lower(), m, sh, izp, ozp, h))
    out.append("};\n")
    return "".join(out)


def main():
    lines = []
    lines.append("/* tosa_exhaustive_expected.h — GENERATED by tests/unit/ops/gen_tosa_exhaustive.py; do not edit.\n"
                 " * Made with: /usr/bin/python3 tests/unit/ops/gen_tosa_exhaustive.py   (numpy %s, seed %d)\n"
                 " * FNV-1a 64 digests of CAST and TABLE over their whole input domains (key rules in the\n"
                 " * generator: integers as int64 bits, floats as their stored bit pattern, NaN as\n"
                 " * UINT64_MAX, float NaN -> int skipped). */\n" % (np.__version__, SEED))
    lines.append("#ifndef NNX_TEST_TOSA_EXHAUSTIVE_EXPECTED_H\n#define NNX_TEST_TOSA_EXHAUSTIVE_EXPECTED_H\n\n"
                 "#include \"nnx.h\"\n\n#include <stdbool.h>\n#include <stdint.h>\n\n")
    lines.append("typedef struct tosa_cast_digest {\n    nnx_dtype from, to;\n    uint64_t digest;\n} tosa_cast_digest;\n\n")
    lines.append("static const tosa_cast_digest tosa_cast_digests[] = {\n")
    for src, dst in PAIRS:
        dom = domain(src)
        h = fnv1a(cast_key(v, src, dst) for v in dom)
        lines.append("    {NNX_%s, NNX_%s, UINT64_C(0x%016x)},\n" % (src.upper(), dst.upper(), h))
    lines.append("};\n\n")
    erf_table = generate_lookup_table(erf_reference)
    rand_table = [int(v) for v in np.clip(np.cumsum(RNG.integers(-250, 251, size=513)), -32768, 32767)]
    table8 = [int(v) for v in RNG.integers(-128, 128, size=256)]
    lines.append("/* The spec's ERF table (erf_reference, generate_lookup_table; TOSA 1.0 §1.12.5). */\n")
    lines.append(c_array("tosa_erf_table", "int16_t", erf_table))
    lines.append(c_array("tosa_rand_table16", "int16_t", rand_table))
    lines.append(c_array("tosa_rand_table8", "int8_t", table8))
    for name, tab in (("erf", erf_table), ("rand", rand_table)):
        h = fnv1a(apply_lookup_s(tab, v) % 2**64 for v in range(-32768, 32768))
        lines.append("static const uint64_t tosa_table16_%s_digest = UINT64_C(0x%016x);\n" % (name, h))
    h = fnv1a(table8[v + 128] % 2**64 for v in range(-128, 128))
    lines.append("static const uint64_t tosa_table8_digest = UINT64_C(0x%016x);\n" % h)
    # a few spot values of the erf TABLE output, for readable failures
    spots = [-32768, -1, 0, 1, 100, 12345, 32767]
    lines.append("static const int32_t tosa_erf_spot_in[] = {%s};\n" % ", ".join(str(v) for v in spots))
    lines.append("static const int32_t tosa_erf_spot_out[] = {%s};\n" % ", ".join(str(apply_lookup_s(erf_table, v))
                                                                             for v in spots))
    lines.append(rescale_digests())
    lines.append("\n#endif\n")
    with open(OUT, "w") as f:
        f.write("".join(lines))


if __name__ == "__main__":
    main()
