# gen_ops_typed.py — what gen_ops_elementwise.py and gen_ops_webnn_ext.py share: the eight
# WebNN data types, exact rounding to float32/float16 and integer wrapping, and emitting C
# arrays of elements in their storage type (float, binary16 bits, the integer type) with the
# tensor tables that tests/unit/ops/ops_compare.h runs. Not a script: imported by the generators,
# run with Debian's /usr/bin/python3 + numpy.
import math
from fractions import Fraction

import numpy as np

FLOATS = ("float32", "float16")
INTS = {"int8": (8, True), "uint8": (8, False), "int32": (32, True), "uint32": (32, False),
        "int64": (64, True), "uint64": (64, False)}
ALL = ("float32", "float16", "int8", "uint8", "int32", "uint32", "int64", "uint64")
ENUM = {d: "NNX_" + d.upper() for d in ALL}
CTYPE = {"float32": "float", "float16": "uint16_t", "int8": "int8_t", "uint8": "uint8_t",
         "int32": "int32_t", "uint32": "uint32_t", "int64": "int64_t", "uint64": "uint64_t"}
FMT = {"float32": (24, -126, 127), "float16": (11, -14, 15)}  # precision, emin, emax
NAN, INF = math.nan, math.inf


def imin(dt):
    bits, signed = INTS[dt]
    return -(1 << (bits - 1)) if signed else 0


def imax(dt):
    bits, signed = INTS[dt]
    return (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1


def wrap(v, dt):
    """Two's complement wraparound of the Python int v to dt's width."""
    bits, signed = INTS[dt]
    v &= (1 << bits) - 1
    if signed and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


def signbit(v):
    return math.copysign(1.0, v) < 0


def round_exact(x, dt):
    """The value of dt nearest to the exact number x (int, Fraction or float), ties to even,
    +-inf past the largest finite value (IEEE rounding with unbounded exponent, then the
    overflow check); an underflow to zero keeps x's sign; non-finite floats and zeros pass
    through (keeping their sign). Python float result."""
    if isinstance(x, float) and (x == 0 or not math.isfinite(x)):
        return x
    p, emin, emax = FMT[dt]
    x = Fraction(x)
    if x == 0:
        return 0.0
    sign = -1.0 if x < 0 else 1.0
    a = abs(x)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    while Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    quantum = Fraction(2) ** (max(e, emin) - p + 1)
    v = round(a / quantum) * quantum  # Fraction.__round__ rounds half to even
    if v >= Fraction(2) ** (emax + 1):
        return sign * INF
    return sign * float(v)


def representable(values, dt):
    """values rounded to dt (how inputs are stored); ints must already fit."""
    if dt in FLOATS:
        with np.errstate(all="ignore"):
            return [float(np.float64(v).astype(np.float32 if dt == "float32" else np.float16)) for v in values]
    out = [int(v) for v in values]
    assert all(imin(dt) <= v <= imax(dt) for v in out), (dt, values)
    return out


def c_elem(v, dt):
    if dt == "float32":
        if math.isnan(v):
            return "NAN"
        if math.isinf(v):
            return "INFINITY" if v > 0 else "-INFINITY"
        if v == 0:
            return "-0.0f" if signbit(v) else "0.0f"
        s = repr(np.float32(v))
        assert float(np.float32(s)) == v
        return s + "f"
    if dt == "float16":
        return "0x%04x" % int(np.float16(v).view(np.uint16))
    v = int(v)
    if dt == "int64" and v == -2**63:
        return "INT64_MIN"
    if dt == "uint64" and v > 2**63 - 1:
        return "%du" % v
    return "%d" % v


def c_array(decl, items, width, brace_in_width=True):
    """decl = {items}; on one line if it fits in width columns, else items joined by ", " on
    lines indented 4 and at most width columns (a longer item alone); the closing "};" goes on
    a line of its own where it would pass width, unless brace_in_width is false."""
    one = "%s = {%s};" % (decl, ", ".join(items))
    if len(one) <= width:
        return one
    lines, line = [], ""
    for item in items:
        if line and len(line) + 2 + len(item) + 1 > width:
            lines.append(line + ",")
            line = ""
        line = "    " + item if not line else line + ", " + item
    if brace_in_width and len(line) + 2 > width:
        lines.append(line)
        line = ""
    return "%s = {\n%s};" % (decl, "\n".join(lines + [line]))


class CArrays:
    """The C definitions of a generated header in order (defs): element arrays, one per
    distinct (dtype, elements), tensor tables and uint32 lists, named by a running counter;
    lines at most width columns (c_array)."""

    def __init__(self, width, brace_in_width=True):
        self.width, self.brace_in_width = width, brace_in_width
        self.defs = []
        self.data_names = {}  # (dtype, bit-exact key) -> array name
        self.counter = 0

    def fresh(self, prefix):
        self.counter += 1
        return "%s_%d" % (prefix, self.counter)

    def array(self, decl, items):
        self.defs.append(c_array(decl, items, self.width, self.brace_in_width))

    @staticmethod
    def key_of(v, dt):
        if dt in FLOATS:
            return "nan" if math.isnan(v) else repr(float(v)) + ("-" if signbit(v) else "")
        return int(v)

    def data(self, values, dt):
        """The name of an array holding values in dt's storage type."""
        key = (dt, tuple(self.key_of(v, dt) for v in values))
        if key in self.data_names:
            return self.data_names[key]
        name = self.fresh("d")
        items = [c_elem(v, dt) for v in values]
        self.array("static const %s %s[%d]" % (CTYPE[dt], name, len(items)), items)
        self.data_names[key] = name
        return name

    def tensor(self, values, dt, shape):
        """The C initializer of a tensor {dtype, rank, shape, data}."""
        assert len(values) == int(np.prod(shape, dtype=np.int64)), (len(values), shape)
        return "{%s, %d, {%s}, %s}" % (ENUM[dt], len(shape), ", ".join(str(s) for s in shape) or "0",
                                       self.data(values, dt))

    def tensors(self, ctype, inits, name=None):
        """A table of ctype holding the tensor initializers inits; its name (fresh if None)."""
        name = name or self.fresh("t")
        self.array("static const %s %s[%d]" % (ctype, name, len(inits)), inits)
        return name

    def u32(self, values):
        name = self.fresh("l")
        self.defs.append("static const uint32_t %s[%d] = {%s};" % (name, max(len(values), 1),
                                                                   ", ".join(str(v) for v in values) or "0"))
        return name
