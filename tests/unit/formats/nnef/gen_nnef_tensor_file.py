#!/usr/bin/python3
# gen_nnef_tensor_file.py — writes tests/data/nnef_dat/nnef_dat_cases.h (NNEF .dat files built
# byte by byte from the §5.2 layout, with the values they must decode to) and the fuzz seeds in
# tests/fuzz/corpus/nnef-tensor/. The oracle is independent of the C code: numpy float64 math
# rounded once by numpy casts, exact Fractions for exponents, Python big ints for bit packing.
# Run with Debian's python3 and python3-numpy:  /usr/bin/python3 tests/unit/formats/nnef/gen_nnef_tensor_file.py
import math
import os
import struct
import warnings
from fractions import Fraction

import numpy as np

warnings.filterwarnings("ignore", "overflow encountered in cast")  # overflow to inf is intended

SEED = 20240615
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "..", "data", "nnef_dat", "nnef_dat_cases.h")
OUT_FILES = os.path.join(HERE, "..", "..", "..", "data", "nnef_dat", "nnef_dat_files.h")
COMMAND = "/usr/bin/python3 tests/unit/formats/nnef/gen_nnef_tensor_file.py"
CORPUS = os.path.join(HERE, "..", "..", "..", "fuzz", "corpus", "nnef-tensor")

# ------------------------------------------------------------------ the file layout (§5.2)


def header(shape, bits, code, params=b"", length=None, count=None, version=(1, 0)):
    """128 bytes at the offsets of NNEF 1.0.2 §5.2, all little-endian."""
    count = math.prod(shape) if count is None else count
    h = bytearray(128)
    h[0:2] = b"\x4e\xef"                                   # magic, offset 0
    h[2], h[3] = version                                    # major, minor, offset 2
    struct.pack_into("<I", h, 4, (count * bits + 7) // 8 if length is None else length)
    struct.pack_into("<I", h, 8, len(shape))                # rank, offset 8
    for i, e in enumerate(shape):
        struct.pack_into("<I", h, 12 + 4 * i, e)            # extents, offset 12
    struct.pack_into("<I", h, 44, bits)                     # bits per item, offset 44
    struct.pack_into("<I", h, 48, code)                     # code word, offset 48
    h[52:52 + len(params)] = params                         # parameters, offset 52
    return bytes(h)


def pack_items(patterns, bits):
    """Decision D2: whole-byte widths are little-endian groups, others an MSB-first stream."""
    if bits % 8 == 0:
        return b"".join(int(p).to_bytes(bits // 8, "little") for p in patterns)
    stream = "".join(format(int(p), "0%db" % bits) for p in patterns)
    stream += "0" * (-len(stream) % 8)
    return bytes(int(stream[i:i + 8], 2) for i in range(0, len(stream), 8))


def f32_params(*values):
    return b"".join(struct.pack("<f", v) for v in values)


# ------------------------------------------------------------------ expected element bits

def bits_of(value, dtype):
    """Storage bits of one element of an nnx dtype, zero-extended to 64 bits."""
    if dtype == "float64":
        return int(np.float64(value).view(np.uint64))
    if dtype == "float32":
        return int(np.float32(value).view(np.uint32))
    if dtype == "float16":
        return int(np.float16(value).view(np.uint16))
    size = {"int8": 8, "uint8": 8, "bool": 8, "int16": 16, "uint16": 16, "int32": 32, "uint32": 32,
            "int64": 64, "uint64": 64}[dtype]
    return int(value) & ((1 << size) - 1)


def round_int_to_precision(v, p):
    """v rounded to nearest even at p significant bits, exactly (for bfloat16 from integers)."""
    a = abs(v)
    if a.bit_length() <= p:
        return v
    drop = a.bit_length() - p
    keep, rest, half = a >> drop, a & ((1 << drop) - 1), 1 << (drop - 1)
    if rest > half or (rest == half and keep & 1):
        keep += 1
    return (keep << drop) * (1 if v >= 0 else -1)


def bf16_bits_of_int(v):
    return int(np.float32(round_int_to_precision(v, 8)).view(np.uint32)) >> 16


# ------------------------------------------------------------------ cases

files = []   # (name, bytes)
cases = []   # (case name, file name, nnx dtype, [expected bits])


def add_file(name, data):
    files.append((name, data))
    return name


def expect(fname, dtype, values, name=None, raw=False):
    cases.append((name or "%s_%s" % (fname, dtype), fname, dtype, values if raw else [bits_of(v, dtype) for v in values]))


def linear_values(codes, bits, lo, hi):
    """§5.2 linear decode q / r * (max - min) + min, in float64 in the formula's order."""
    r = np.float64(float(2 ** bits - 1))
    return [np.float64(float(q)) / r * (np.float64(hi) - np.float64(lo)) + np.float64(lo) for q in codes]


def ceil_log2(x):
    """Smallest integer m with 2^m >= x, exactly."""
    x = Fraction(x)
    m = 0
    while Fraction(2) ** m < x:
        m += 1
    while Fraction(2) ** (m - 1) >= x:
        m -= 1
    return m


def log_values(codes, bits, mx, signed):
    """§5.2 logarithmic decode 2^(q + m - r); decision D3 for the signed layout."""
    mag = bits - 1 if signed else bits
    r, m = 2 ** mag - 1, ceil_log2(float(np.float32(mx)))
    out = []
    for c in codes:
        q = c & r
        e = max(q + m - r, -3000)
        v = math.ldexp(1.0, e)
        out.append(-v if signed and (c >> mag) & 1 else v)
    return out


def random_codes(bits, n):
    top = 2 ** bits - 1
    codes = [0, top] + [int(x) for x in rng.integers(0, top, size=n - 2, dtype=np.uint64, endpoint=True)]
    return codes


def gen_linear():
    for bits, lo, hi in [(1, -1.0, 1.0), (2, 0.0, 1.0), (3, -2.0, 2.5), (5, 3.0, -1.0), (8, -2.0, 2.5),
                         (8, -0.001, 70000.0), (12, -3.0, 0.75), (16, 0.1, 0.2), (24, -1e30, 1e30),
                         (31, -5.0, 5.0), (32, 0.0, 1.0), (53, -1.0, 3.0), (54, -1.0, 3.0), (63, 2.0, 9.0),
                         (64, -7.5, 7.5)]:
        lo32, hi32 = np.float32(lo), np.float32(hi)
        codes = random_codes(bits, 11)
        name = add_file("linear_b%d_%d" % (bits, len(files)),
                        header([11], bits, 0x10, f32_params(lo32, hi32)) + pack_items(codes, bits))
        vals = linear_values(codes, bits, lo32, hi32)
        expect(name, "float32", vals)
        expect(name, "float64", vals)
        expect(name, "float16", vals)
        if bits <= 16:
            expect(name, "uint16", codes, name + "_codes")


def gen_logarithmic():
    for bits, mx, signed in [(1, 1.0, False), (2, 3.0, False), (3, 0.75, False), (4, 1e30, False), (8, 1.0, False),
                             (11, 2.5, False), (16, 1e-40, False), (32, 100.0, False), (64, 4.0, False),
                             (1, 2.0, True), (2, 2.0, True), (4, 1.0, True), (5, 6.0, True), (8, 1000.0, True),
                             (17, 0.3, True), (64, 8.0, True)]:
        mx32 = np.float32(mx)
        lo32 = -mx32 if signed else np.float32(0.0)
        codes = random_codes(bits, 11)
        if bits >= 2:
            codes[2] = 2 ** bits - 2  # near the top magnitude / the sign boundary
        name = add_file("log_b%d_%s_%d" % (bits, "s" if signed else "u", len(files)),
                        header([11], bits, 0x11, f32_params(lo32, mx32)) + pack_items(codes, bits))
        vals = log_values(codes, bits, mx32, signed)
        expect(name, "float32", vals)
        expect(name, "float64", vals)
        expect(name, "float16", vals)


def gen_integers():
    for bits in [1, 2, 3, 5, 7, 8, 9, 12, 13, 16, 17, 24, 31, 32, 33, 48, 57, 63, 64]:
        for signed in (False, True):
            lo, hi = (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if signed else (0, 2 ** bits - 1)
            vals = [lo, hi, 0] + [int(v) for v in rng.integers(lo, hi, size=10, endpoint=True,
                                                                 dtype=np.int64 if signed else np.uint64)]
            pats = [v & ((1 << bits) - 1) for v in vals]
            name = add_file("int_b%d_%s" % (bits, "s" if signed else "u"),
                            header([13], bits, 0x01, struct.pack("<I", 0xDEADBEEF if signed else 0))
                            + pack_items(pats, bits))
            expect(name, "int64" if signed else "uint64", vals)
            natural = [8, 16, 32, 64][(bits > 8) + (bits > 16) + (bits > 32)]
            expect(name, ("int%d" if signed else "uint%d") % natural, vals)


def gen_int_to_float():
    vals = [0, 7, -1, 2 ** 24 + 1, 2 ** 24 + 3, -(2 ** 24 + 1), 2 ** 60 + 2 ** 52 + 1, -(2 ** 63), 2 ** 63 - 1,
            65519, 65520, 2 ** 53 + 1]
    name = add_file("int64_to_float", header([12], 64, 0x01, struct.pack("<I", 1))
                    + pack_items([v & (2 ** 64 - 1) for v in vals], 64))
    # numpy's integer casts may round twice (through double), so round exactly in Python; the
    # rounded integers then convert to float32/float64 exactly, and to float16 exactly or to inf.
    expect(name, "float32", [np.float32(round_int_to_precision(v, 24)) for v in vals])
    expect(name, "float64", [np.float64(round_int_to_precision(v, 53)) for v in vals])
    expect(name, "float16", [np.float16(np.float64(round_int_to_precision(v, 11))) for v in vals])
    expect(name, "bfloat16", [bf16_bits_of_int(v) for v in vals], raw=True)
    uvals = [2 ** 64 - 1, 2 ** 63 + 2 ** 39 + 1, 2 ** 40 + 2 ** 16, 1]
    name = add_file("uint64_to_float", header([4], 64, 0x01) + pack_items(uvals, 64))
    expect(name, "float32", [np.float32(round_int_to_precision(v, 24)) for v in uvals])
    expect(name, "bfloat16", [bf16_bits_of_int(v) for v in uvals], raw=True)


def gen_floats():
    h = np.array([0x0000, 0x8000, 0x7C00, 0xFC00, 0x0001, 0x7BFF, 0x3C00, 0xC500, 0x03FF, 0x7E00], dtype=np.uint16)
    h = np.concatenate([h, rng.integers(0, 0x7C00, size=6, dtype=np.uint16)])
    name = add_file("float16", header([4, 4], 16, 0x00) + h.astype("<u2").tobytes())
    expect(name, "float16", list(h.view(np.float16)))
    expect(name, "float32", list(h.view(np.float16).astype(np.float32)))
    expect(name, "float64", list(h.view(np.float16).astype(np.float64)))
    f = np.array([1 + 2 ** -11, 1 + 3 * 2 ** -11, 65520.0, 65519.99, 2.0 ** -25, 2.0 ** -25 * 1.0000001, -0.0,
                  np.inf, -3.5, 1e-45, 3.4e38], dtype=np.float32)
    f = np.concatenate([f, rng.standard_normal(5).astype(np.float32)])
    name = add_file("float32", header([2, 8], 32, 0x00) + f.astype("<f4").tobytes())
    expect(name, "float32", list(f))
    expect(name, "float64", list(f.astype(np.float64)))
    expect(name, "float16", list(f.astype(np.float16)))
    d = np.array([1 + 2 ** -11 + 2 ** -40, 1 + 2 ** -24 + 2 ** -60, 1e300, -1e-300, 5e-324, -0.0, np.pi,
                  65519.999, 3.4028235677973366e38], dtype=np.float64)
    name = add_file("float64", header([9], 64, 0x00) + d.astype("<f8").tobytes())
    expect(name, "float64", list(d))
    expect(name, "float32", list(d.astype(np.float32)))
    expect(name, "float16", list(d.astype(np.float16)))


def gen_item_types():
    """Later item-type scheme (codes 2..5), read per the compatibility recommendation."""
    b = [int(x) for x in rng.integers(0, 1, size=13, endpoint=True)]
    name = add_file("bool1", header([13], 1, 0x05) + pack_items(b, 1))
    expect(name, "bool", b)
    expect(name, "uint8", b)
    name = add_file("bool8", header([5], 8, 0x05) + bytes([0, 1, 2, 255, 0]))
    expect(name, "bool", [0, 1, 1, 1, 0])
    q = [0, 255, 17, 128]
    name = add_file("quint8", header([4], 8, 0x02) + bytes(q))
    expect(name, "uint8", q)
    qi = [-8, 7, -1, 0, 3]
    name = add_file("qint4", header([5], 4, 0x03) + pack_items([v & 15 for v in qi], 4))
    expect(name, "int8", qi)
    iv = [-32768, 32767, -2, 1000]
    name = add_file("int16", header([2, 2], 16, 0x04) + pack_items([v & 0xFFFF for v in iv], 16))
    expect(name, "int16", iv)
    expect(name, "int32", iv)


# ------------------------------------------------------------------ emitting

C_TYPES = {"float16": "NNX_FLOAT16", "bfloat16": "NNX_BFLOAT16", "float32": "NNX_FLOAT32", "float64": "NNX_FLOAT64",
           "int8": "NNX_INT8", "int16": "NNX_INT16", "int32": "NNX_INT32", "int64": "NNX_INT64", "uint8": "NNX_UINT8",
           "uint16": "NNX_UINT16", "uint32": "NNX_UINT32", "uint64": "NNX_UINT64", "bool": "NNX_BOOL"}


def c_array(decl, items, width=110):
    """decl = {items}; on one line if it fits in width columns, else items joined by ", " on
    lines indented 4 and at most width columns."""
    one = "%s = {%s};" % (decl, ", ".join(items))
    if len(one) <= width:
        return one
    lines, line = [], ""
    for item in items:
        if line and len(line) + 2 + len(item) + 1 > width:
            lines.append(line + ",")
            line = ""
        line = "    " + item if not line else line + ", " + item
    return "%s = {\n%s\n};" % (decl, "\n".join(lines + [line]))


def emit():
    out = ["/* nnef_dat_cases.h — GENERATED by tests/unit/formats/nnef/gen_nnef_tensor_file.py; do not edit.",
           " * Made with: %s   (numpy %s, seed %d)" % (COMMAND, np.__version__, SEED),
           " * NNEF .dat files built byte by byte from the §5.2 layout and the storage bits (zero-extended)",
           " * each must decode to, computed with numpy / exact Fractions independently of nnx. */",
           "#ifndef NNX_TEST_NNEF_DAT_CASES_H", "#define NNX_TEST_NNEF_DAT_CASES_H", "",
           "#include <stddef.h>", "#include <stdint.h>", '#include "nnx.h"', "",
           "typedef struct dat_case {", "    const char *name;", "    const uint8_t *file;", "    size_t file_size;",
           "    nnx_dtype target;", "    size_t count;", "    const uint64_t *expected;", "} dat_case;", ""]
    out += ['#include "nnef_dat_files.h" /* the dat_<file> byte arrays */', ""]
    files_out = ["/* Regenerate with: %s   (from the repository root)" % COMMAND,
                 " * nnef_dat_files.h — GENERATED by tests/unit/formats/nnef/gen_nnef_tensor_file.py; do not edit. The .dat",
                 " * files of nnef_dat_cases.h (which includes this header), byte by byte. */",
                 "#ifndef NNX_TEST_NNEF_DAT_FILES_H", "#define NNX_TEST_NNEF_DAT_FILES_H", "", "#include <stdint.h>", ""]
    for name, data in files:
        files_out.append(c_array("static const uint8_t dat_%s[%d]" % (name, len(data)), ["0x%02X" % x for x in data]))
    files_out += ["", "#endif", ""]
    for i, (cname, fname, dtype, vals) in enumerate(cases):
        out.append(c_array("static const uint64_t expect_%d[%d]" % (i, len(vals)), ["0x%XULL" % v for v in vals]))
    out.append("\nstatic const dat_case dat_cases[] = {")
    for i, (cname, fname, dtype, vals) in enumerate(cases):
        out.append('    {"%s", dat_%s, sizeof dat_%s, %s, %d, expect_%d},' % (cname, fname, fname, C_TYPES[dtype],
                                                                          len(vals), i))
    out += ["};", "", "#endif", ""]
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("\n".join(out))
    with open(OUT_FILES, "w") as f:
        f.write("\n".join(files_out))


def emit_corpus():
    """Seeds: one valid file per code and width family, plus truncated and padded variants."""
    os.makedirs(CORPUS, exist_ok=True)
    pick = ["float16", "float32", "float64", "int_b3_u", "int_b13_s", "int_b8_s", "int_b64_u", "bool1", "bool8",
            "quint8", "qint4", "int16", "int64_to_float"]
    named = dict(files)
    seeds = {n: named[n] for n in pick}
    seeds.update({n: d for n, d in files if n.startswith(("linear_b8_", "linear_b12_", "log_b5_s", "log_b11_u"))})
    seeds["scalar"] = header([], 32, 0x00) + struct.pack("<f", 1.5)
    seeds["rank8"] = header([1] * 8, 8, 0x01, struct.pack("<I", 1)) + b"\x80"
    for n, d in list(seeds.items()):
        if len(d) > 129:
            seeds[n + "-trunc-data"] = d[:-1]
        seeds[n + "-trunc-header"] = d[:100]
        seeds[n + "-trailing"] = d + b"\x00\x01"
    for n, d in sorted(seeds.items()):
        with open(os.path.join(CORPUS, n + ".dat"), "wb") as f:
            f.write(d)


gen_linear()
gen_logarithmic()
gen_integers()
gen_int_to_float()
gen_floats()
gen_item_types()
emit()
emit_corpus()
print("wrote %s (%d files, %d cases) and %s" % (OUT, len(files), len(cases), CORPUS))
