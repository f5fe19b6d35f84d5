#!/usr/bin/python3
# gen_ops_pad.py — writes tests/data/ops_pad_expected.h: seeded random inputs and the expected
# outputs of pad (constant, edge, reflect, symmetric; constant values per dtype), tile and
# where (bool condition, three-way broadcast) for every nnx dtype numpy can hold, computed
# with numpy (np.pad, np.tile, np.where) as an oracle independent of the C kernels.
# Run with Debian's python3 and python3-numpy:  /usr/bin/python3 tests/unit/ops/gen_ops_pad.py
import os
import sys

import numpy as np

from gen_ops_common import DTYPES, Emitter

SEED = 20261125
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "data", "ops_pad_expected.h")
E = Emitter(np.random.default_rng(SEED))
ALL = list(DTYPES)
MODES = {"constant": ("NNX_PAD_CONSTANT", "constant"), "edge": ("NNX_PAD_EDGE", "edge"),
         "reflect": ("NNX_PAD_REFLECT", "reflect"), "symmetric": ("NNX_PAD_SYMMETRIC", "symmetric")}


def fill_value(dt):
    """A constant for pad in the attribute's representation of dt's kind, and its value."""
    kind = DTYPES[dt][1]
    if kind == "f":
        return ".f = -1.5", -1.5
    if dt == "bool":
        return ".u = 1", True
    if kind == "u":
        return ".u = 3", 3
    return ".i = -3", -3


def c_list(v):
    return "{%s}" % ", ".join(str(int(x)) for x in v)


def pad_case(name, x, dt, begin, end, mode):
    value_c, value = fill_value(dt)
    enum, np_mode = MODES[mode]
    widths = [(max(b, 0), max(e, 0)) for b, e in zip(begin, end)]
    if mode == "constant":
        y = np.pad(x, widths, mode="constant", constant_values=value)
    else:
        y = np.pad(x, widths, mode=np_mode)
    # negative amounts crop (numpy has no such padding): slice the padded result
    y = y[tuple(slice(-min(b, 0), y.shape[d] + min(e, 0)) for d, (b, e) in enumerate(zip(begin, end)))]
    attrs = ".pad = {.begin = %s, .end = %s, .mode = %s, .value = {%s}}" % (c_list(begin), c_list(end), enum, value_c)
    E.add_case(name, "PAD", attrs, [(x, dt)], (y, dt))


def cases():
    for k, dt in enumerate(ALL):
        x = E.rand((2, 3), dt)
        for mode in MODES:
            pad_case("pad_%s_%s" % (dt, mode), x, dt, (1, 2), (1, 0) if k % 2 else (0, 1), mode)
        reps = (1 + k % 2, 1 + (k + 1) % 3)
        E.add_case("tile_%s" % dt, "TILE", ".tile = {.repeats = %s}" % c_list(reps), [(x, dt)], (np.tile(x, reps), dt))
        cond = E.rand((3, 1), "bool")
        a, b = E.rand((2, 1, 3), dt), E.rand((3,), dt)
        E.add_case("where_%s" % dt, "WHERE", ".none = {0}", [(cond, "bool"), (a, dt), (b, dt)],
                   (np.where(cond, a, b), dt))
    # edges: a scalar, cropping (negative padding), rank 1 reflection at the limit
    x = E.rand((5,), "float32")
    pad_case("pad_crop_negative", x, "float32", (-2,), (1,), "constant")
    pad_case("pad_reflect_limit", x, "float32", (4,), (4,), "reflect")
    pad_case("pad_symmetric_limit", x, "int16", (5,), (5,), "symmetric")
    s = E.rand((), "int32")
    E.add_case("tile_scalar", "TILE", ".tile = {.repeats = {0}}", [(s, "int32")], (s, "int32"))
    cond = np.array(True)
    a, b = E.rand((2, 2), "float32"), E.rand((), "float32")
    E.add_case("where_scalar_condition", "WHERE", ".none = {0}", [(cond, "bool"), (a, "float32"), (b, "float32")],
               (np.where(cond, a, b), "float32"))


def main():
    cases()
    E.write(sys.argv[1] if len(sys.argv) > 1 else OUT, "ops_pad_expected.h", "gen_ops_pad.py", np.__version__, SEED,
            "Seeded random inputs and numpy-computed outputs of pad (four modes), tile and where.")


if __name__ == "__main__":
    main()
