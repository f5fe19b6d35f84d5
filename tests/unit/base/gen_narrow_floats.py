#!/usr/bin/python3
# gen_narrow_floats.py — writes tests/data/narrow_floats/ (one header per format, and the
# case types) and tests/data/narrow_floats_expected.h, which includes them all: every code of
# the 8- and 4-bit float formats nnx stores (OCP OFP8 E4M3 and E5M2, their FNUZ forms, OCP MX E2M1 and
# E8M0) with its value, and encodings of chosen float64 values, saturating and not, plus the
# E8M0 rounding modes and the sub-byte integer casts (round half to even, then wrap). The
# oracle is the format definitions evaluated in float64 (every value and every midpoint of
# these formats is exact there) and a nearest-value search over each format's value list,
# not nnx's bit-level encoder. Read by test_narrow_float_codes.c and test_ops_cast_narrow.c.
# Run with Debian's python3 and python3-numpy:  /usr/bin/python3 tests/unit/base/gen_narrow_floats.py
#
# Specifications: OCP 8-bit Floating Point Specification (OFP8) rev 1.0 §5 (E4M3, E5M2);
# OCP Microscaling Formats (MX) v1.0 §5.3.3 (E2M1) and §5.4.1 (E8M0); ONNX Operators.md Cast
# (the float 8 tables: saturate, [x] rounded before the range check; the FLOAT8E8M0 table and
# round_mode) and ONNX's float4 / int4 / int2 documents (float4: NaN -> 6; int4, int2: round
# to nearest even, then keep the low bits). FNUZ: bias one more than OCP's, every exponent
# field holds numbers, no infinities, no negative zero, the one NaN 0x80.
import math
import os
import struct

import numpy as np

SEED = 20261207
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "data")
COMMAND = "/usr/bin/python3 tests/unit/base/gen_narrow_floats.py"
NAN, INF = math.nan, math.inf


class Fmt:
    """A sign / exponent / mantissa format. kind: 'ocp_e4m3' (S.1111.111 NaN, no inf),
    'ieee' (all-ones exponent: inf or NaN), 'fnuz' (0x80 NaN, no inf, no -0), 'finite'
    (no inf, no NaN). nan_of(sign) is nnx's NaN code for a NaN input (any NaN pattern is a
    NaN; nnx keeps the sign where the format has one and uses the quiet pattern)."""

    def __init__(self, name, ebits, mbits, bias, kind):
        self.name, self.ebits, self.mbits, self.bias, self.kind = name, ebits, mbits, bias, kind
        self.bits = 1 + ebits + mbits
        self.sign = 1 << (ebits + mbits)
        self.codes = 1 << self.bits

    def value(self, code):
        s = -1.0 if code & self.sign else 1.0
        mag = code & (self.sign - 1)
        e, m = mag >> self.mbits, mag & ((1 << self.mbits) - 1)
        ones = (1 << self.ebits) - 1
        if self.kind == "fnuz" and code == self.sign:
            return NAN
        if self.kind == "ocp_e4m3" and mag == self.sign - 1:
            return NAN
        if self.kind == "ieee" and e == ones:
            return s * INF if m == 0 else NAN
        if e == 0:
            return s * math.ldexp(m, 1 - self.bias - self.mbits)
        return s * math.ldexp(1 + math.ldexp(m, -self.mbits), e - self.bias)

    def finite_magnitudes(self):
        """(value, code) of every finite non-negative code, ascending."""
        out = [(self.value(c), c) for c in range(self.sign) if math.isfinite(self.value(c))]
        return sorted(out)

    def nan_of(self, negative):
        if self.kind == "fnuz":
            return self.sign
        if self.kind == "finite":
            return 0x7  # ONNX float4: NaN -> +6
        if self.kind == "ocp_e4m3":
            return (self.sign if negative else 0) | (self.sign - 1)
        return (self.sign if negative else 0) | (self.sign - 2)  # E5M2 quiet pattern S.11111.10

    def overflow_of(self, negative, saturate):
        mags = self.finite_magnitudes()
        top = mags[-1][1]
        s = self.sign if negative else 0
        if saturate or self.kind == "finite":
            return s | top
        if self.kind == "ieee":
            return s | (((1 << self.ebits) - 1) << self.mbits)  # +-inf
        if self.kind == "fnuz":
            return self.sign
        return s | (self.sign - 1)  # OCP E4M3: the NaN S.1111.111

    def encode(self, x, saturate):
        if math.isnan(x):
            return self.nan_of(math.copysign(1.0, x) < 0)
        negative = math.copysign(1.0, x) < 0
        a = abs(x)
        mags = self.finite_magnitudes()
        top_v, top_c = mags[-1]
        # the value past the largest with an unbounded exponent: one more unit in the last place
        e = math.frexp(top_v)[1] - 1
        ulp = math.ldexp(1.0, e - self.mbits)
        cands = mags + [(top_v + ulp, top_c + 1)]
        if a >= cands[-1][0]:
            pick = top_c + 1
        else:
            pick = None
            for (lv, lc), (hv, hc) in zip(cands, cands[1:]):
                if lv <= a < hv:
                    mid = (lv + hv) / 2  # exact: both have few significant bits
                    if a < mid:
                        pick = lc
                    elif a > mid:
                        pick = hc
                    else:
                        pick = lc if lc % 2 == 0 else hc  # ties to the even code
                    break
        if pick == top_c + 1:
            return self.overflow_of(negative, saturate)
        if pick == 0 and (self.kind == "fnuz" or not negative):
            return 0
        return (self.sign if negative else 0) | pick


E4M3 = Fmt("e4m3fn", 4, 3, 7, "ocp_e4m3")
E5M2 = Fmt("e5m2", 5, 2, 15, "ieee")
E4M3FNUZ = Fmt("e4m3fnuz", 4, 3, 8, "fnuz")
E5M2FNUZ = Fmt("e5m2fnuz", 5, 2, 16, "fnuz")
E2M1 = Fmt("e2m1", 2, 1, 1, "finite")
FMTS = (E4M3, E5M2, E4M3FNUZ, E5M2FNUZ, E2M1)


def e8m0_value(code):
    return NAN if code == 0xFF else math.ldexp(1.0, code - 127)


def e8m0_encode(x, mode, saturate):
    """Cast to FLOAT8E8M0: the power of two picked by round_mode from |x|."""
    hi, lo = (0xFE, 0x00) if saturate else (0xFF, 0xFF)
    if math.isnan(x):
        return 0xFF
    a = abs(x)
    if a == 0:
        return lo
    if math.isinf(a):
        return hi
    k = math.frexp(a)[1] - 1  # 2^k <= a < 2^(k+1)
    m = a / math.ldexp(1.0, k) if k > -1000 else math.ldexp(a, -k)
    if mode == "up" and m > 1:
        k += 1
    elif mode == "nearest" and m >= 1.5:
        k += 1
    if k > 127:
        return hi
    if k < -127:
        return lo
    return k + 127


def round_half_even(x):
    f = math.floor(x)
    d = x - f
    if d > 0.5 or (d == 0.5 and f % 2 == 1):
        f += 1
    return int(f)


def wrap(v, bits, signed):
    v %= 1 << bits
    return v - (1 << bits) if signed and v >= 1 << (bits - 1) else v


def subbyte(x):
    """float -> int4, uint4, int2, uint2 (ONNX int4 / int2 documents); NaN and +-inf -> 0."""
    if not math.isfinite(x):
        return (0, 0, 0, 0)
    r = round_half_even(x)
    return (wrap(r, 4, True), wrap(r, 4, False), wrap(r, 2, True), wrap(r, 2, False))


def bits64(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def c_double(v):
    if math.isnan(v):
        return "NAN"
    if math.isinf(v):
        return "INFINITY" if v > 0 else "-INFINITY"
    return float(v).hex()


def probes(f):
    """float64 values that exercise f: every value, every midpoint and its neighbours, the
    overflow boundary, zeros, subnormal ties, specials and seeded random values; both signs."""
    mags = [v for v, _ in f.finite_magnitudes()]
    xs = set()
    for a, b in zip(mags, mags[1:]):
        mid = (a + b) / 2
        xs.update((a, mid, np.nextafter(mid, -INF), np.nextafter(mid, INF)))
    top = mags[-1]
    e = math.frexp(top)[1] - 1
    ulp = math.ldexp(1.0, e - f.mbits)
    for v in (top, top + ulp / 2, np.nextafter(top + ulp / 2, -INF), np.nextafter(top + ulp / 2, INF), top + ulp,
              2 * top, 1e300, mags[1] / 2, mags[1] / 4, mags[1] * 0.75, 5e-324, 0.0):
        xs.add(float(v))
    for v in rng.uniform(-12, 12, 48):
        xs.add(float(2.0**v) * float(rng.uniform(1, 2)))
    out = []
    for v in sorted(xs):
        out += [float(v), -float(v)]
    return out + [INF, -INF, NAN, -NAN]


def e8m0_probes():
    xs = [0.0, -0.0, INF, -INF, NAN, 5e-324, 1e300, -3.0, -0.375, math.ldexp(1.0, -127) * 1.25]
    for k in list(range(-130, -120)) + list(range(-4, 5)) + list(range(124, 130)):
        p = math.ldexp(1.0, k)
        xs += [p, p * 1.5, np.nextafter(p * 1.5, -INF), np.nextafter(p * 1.5, INF), np.nextafter(p, INF),
               np.nextafter(p, -INF)]
    return [float(v) for v in xs]


def subbyte_probes():
    xs = [k / 4 for k in range(-80, 81)] + [7.5, 8.5, -8.5, 15.5, 16.5, -2.5, 1.5, 1e10, -1e10, 2.0**63, -2.0**63,
                                            2.0**64 + 4096, 1e300, -1e300, INF, -INF, NAN, -0.0]
    return [float(v) for v in xs]


def write(name, what, body, includes=("cases.h",)):
    """Writes tests/data/NAME (a header): the generated-by line, WHAT (comment lines), a guard,
    the includes and BODY's lines."""
    guard = "NNX_TESTS_" + name.upper().replace("/", "_").replace(".", "_")
    out = ["/* %s — generated by %s; do not edit." % (os.path.basename(name), COMMAND)]
    out += [" * " + line for line in what]
    out[-1] += " */"
    out += ["#ifndef " + guard, "#define " + guard, ""]
    out += ["#include %s" % (inc if inc.startswith("<") else '"%s"' % inc) for inc in includes]
    out += [""] + body + ["#endif"]
    with open(os.path.join(DATA, name), "w") as fh:
        fh.write("\n".join(out) + "\n")


def value_table(name, values):
    lines = ["/* %s: the value of every code (NAN for NaN codes). */" % name,
             "static const double %s_values[%d] = {" % (name, len(values))]
    for i in range(0, len(values), 8):
        lines.append("    " + ", ".join(values[i:i + 8]) + ",")
    return lines + ["};"]


def main():
    os.makedirs(os.path.join(DATA, "narrow_floats"), exist_ok=True)
    write("narrow_floats/cases.h", ["The case types of the narrow-float tables (one header per format beside it)."], [
        "/* A probe x (its float64 bits) and its code without and with saturation. */",
        "typedef struct narrow_enc_case {",
        "    uint64_t x;",
        "    uint8_t plain, sat;",
        "} narrow_enc_case;",
        "",
        "/* E8M0: mode 0 up, 1 down, 2 nearest (ONNX Cast round_mode). */",
        "typedef struct e8m0_case {",
        "    uint64_t x;",
        "    int mode, saturate;",
        "    uint8_t code;",
        "} e8m0_case;",
        "",
        "/* A probe x and its casts to int4, uint4, int2, uint2. */",
        "typedef struct subbyte_case {",
        "    uint64_t x;",
        "    int64_t int4, uint4, int2, uint2;",
        "} subbyte_case;",
        "",
    ], includes=("<math.h>", "<stddef.h>", "<stdint.h>"))
    for f in FMTS:
        body = value_table(f.name, [c_double(f.value(c)) for c in range(f.codes)])
        body.append("static const narrow_enc_case %s_enc[] = {" % f.name)
        for x in probes(f):
            body.append("    {UINT64_C(0x%016x), 0x%02x, 0x%02x}," % (bits64(x), f.encode(x, False), f.encode(x, True)))
        write("narrow_floats/%s.h" % f.name, [
            "Every code of %s with its value from the format definition, and the encodings of" % f.name,
            "float64 probes, non-saturating and saturating (ONNX Cast's saturate), seed %d." % SEED],
            body + ["};", ""])
    body = value_table("e8m0", [c_double(e8m0_value(c)) for c in range(256)])
    body.append("static const e8m0_case e8m0_enc[] = {")
    for x in e8m0_probes():
        for mi, mode in enumerate(("up", "down", "nearest")):
            for sat in (0, 1):
                body.append("    {UINT64_C(0x%016x), %d, %d, 0x%02x}," % (bits64(x), mi, sat, e8m0_encode(x, mode, sat)))
    write("narrow_floats/e8m0.h", ["Every code of OCP MX E8M0 with its value, and float64 probes encoded under each",
                                   "ONNX Cast round_mode, saturating and not."], body + ["};", ""])
    body = ["static const subbyte_case subbyte_casts[] = {"]
    for x in subbyte_probes():
        body.append("    {UINT64_C(0x%016x), %d, %d, %d, %d}," % ((bits64(x),) + subbyte(x)))
    write("narrow_floats/subbyte.h", ["float64 probes cast to int4, uint4, int2 and uint2 (round half to even, then the",
                                      "low bits; NaN and infinities 0)."], body + ["};", ""])
    write("narrow_floats_expected.h", [
        "The codes of OCP OFP8 E4M3 and E5M2, their FNUZ forms, OCP MX E2M1 and E8M0 with their",
        "values from the format definitions, encodings of float64 probes (non-saturating and",
        "saturating: ONNX Cast's saturate), E8M0 under each round_mode, and float -> int4/uint4/",
        "int2/uint2, one header per format in narrow_floats/, seed %d." % SEED],
        [], includes=["narrow_floats/%s.h" % n for n in [f.name for f in FMTS] + ["e8m0", "subbyte"]])


main()
