#!/usr/bin/python3
# gen_npy.py — writes the .npy files of tests/data/npy/ with numpy itself (numpy.save and
# numpy.lib.format.write_array for versions 2.0 and 3.0), hand-made variants and broken files
# for the negative tests, and tests/data/npy/npy_cases.h with the values the valid files hold.
# The fuzz seeds in tests/fuzz/corpus/npy/ are copies of the same files.
# Run with Debian's python3 and python3-numpy:  /usr/bin/python3 tests/unit/formats/npy/gen_npy.py
import io
import os
import shutil
import struct

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "..", "data", "npy")
CORPUS = os.path.join(HERE, "..", "..", "..", "fuzz", "corpus", "npy")
rng = np.random.default_rng(20240705)

# numpy dtype -> (nnx enum, C element type, how to print one element)
C_TYPES = {
    "float16": ("NNX_FLOAT16", "uint16_t", None),   # as bits: C has no float16 literal
    "float32": ("NNX_FLOAT32", "float", None),
    "float64": ("NNX_FLOAT64", "double", None),
    "int8": ("NNX_INT8", "int8_t", None),
    "int16": ("NNX_INT16", "int16_t", None),
    "int32": ("NNX_INT32", "int32_t", None),
    "int64": ("NNX_INT64", "int64_t", None),
    "uint8": ("NNX_UINT8", "uint8_t", None),
    "uint16": ("NNX_UINT16", "uint16_t", None),
    "uint32": ("NNX_UINT32", "uint32_t", None),
    "uint64": ("NNX_UINT64", "uint64_t", None),
    "bool": ("NNX_BOOL", "uint8_t", None),
}


def c_literal(dtype, v):
    if dtype == "float16":
        return "0x%04X" % int(np.array(v, np.float16).view(np.uint16))
    if dtype in ("float32", "float64"):
        if np.isinf(v):
            return ("-" if v < 0 else "") + "INFINITY"
        text = ("%.9g" % v) if dtype == "float32" else repr(float(v))
        if not any(c in text for c in ".e"):
            text += ".0"
        return text + ("f" if dtype == "float32" else "")
    if dtype == "bool":
        return "1" if v else "0"
    if dtype == "int64" and v == np.iinfo(np.int64).min:
        return "INT64_MIN"
    suffix = "u" if dtype.startswith("uint") else ""
    if dtype in ("int64", "uint64"):
        suffix = "ull" if suffix else "ll"
    return "%d%s" % (int(v), suffix)


def save_bytes(a, version=None):
    f = io.BytesIO()
    if version is None:
        np.save(f, a, allow_pickle=False)
    else:
        np.lib.format.write_array(f, a, version=version, allow_pickle=False)
    return f.getvalue()


def write(name, data):
    with open(os.path.join(DATA, name), "wb") as f:
        f.write(data)


def v1_file(header_text, data=b"", align=64, version=(1, 0), newline=True):
    """A file around a hand-written header, padded like numpy (spaces, final newline)."""
    field = 2 if version[0] == 1 else 4
    body = header_text.encode("latin1")
    if newline:
        pad = align - (8 + field + len(body) + 1) % align
        body += b" " * (pad % align) + b"\n"
    prefix = b"\x93NUMPY" + bytes(version) + struct.pack("<H" if field == 2 else "<I", len(body))
    return prefix + body + data


# ------------------------------------------------------------------ valid files

valid = []  # (file, numpy array, version, written by numpy.save)


def add_valid(name, a, version=None, raw=None):
    data = raw if raw is not None else save_bytes(a, version)
    write(name, data)
    back = np.load(os.path.join(DATA, name))     # numpy must agree with what the file says
    assert back.dtype == a.dtype and back.shape == a.shape
    assert np.array_equal(back, a, equal_nan=a.dtype.kind == "f"), name
    valid.append((name, a, (version or (1, 0))[0], raw is None and version is None))


def dtype_examples():
    f = rng.standard_normal(6)
    yield "f2", np.array([0.5, -0.0, np.inf, -np.inf, np.nan, 6e-8], np.float16).reshape(2, 3)
    yield "f4", np.array(list(f[:4].astype(np.float32)) + [np.inf, -0.0], np.float32)
    yield "f8", f.reshape(3, 2)
    for t in (np.int8, np.int16, np.int32, np.int64):
        info = np.iinfo(t)
        yield np.dtype(t).str[1:], np.array([info.min, -1, 0, 1, info.max], t)
    for t in (np.uint8, np.uint16, np.uint32, np.uint64):
        yield np.dtype(t).str[1:], np.array([0, 1, 2, np.iinfo(t).max], t).reshape(1, 4)
    yield "b1", np.array([[True, False, True], [False, False, True]])


def make_valid():
    for code, a in dtype_examples():
        add_valid("dtype_%s.npy" % code, a)
    add_valid("scalar.npy", np.array(3.25, np.float32))
    add_valid("rank1.npy", np.arange(7, dtype=np.int32))
    add_valid("rank2.npy", rng.standard_normal((3, 4)).astype(np.float32))
    add_valid("rank3.npy", rng.integers(-100, 100, (2, 3, 4)).astype(np.int16))
    add_valid("rank4.npy", rng.standard_normal((2, 1, 3, 2)).astype(np.float32))
    add_valid("empty.npy", np.zeros((0, 3), np.float32))
    add_valid("wide_empty.npy", np.zeros((123456, 0), np.uint8))    # 6 digits: less growth padding
    add_valid("rank8.npy", np.arange(16, dtype=np.uint16).reshape(1, 2, 1, 2, 1, 2, 1, 2))
    add_valid("version2.npy", np.arange(6, dtype=np.float64).reshape(2, 3), version=(2, 0))
    add_valid("version3.npy", np.arange(-3, 3, dtype=np.int8), version=(3, 0))
    # Hand-made headers numpy.load accepts too.
    i1 = np.array([-128, 0, 127], np.int8)
    add_valid("descr_lt_i1.npy", i1, raw=v1_file("{'descr': '<i1', 'fortran_order': False, 'shape': (3,), }",
                                                 i1.tobytes()))
    f4 = np.array([[1.5, -2.0]], np.float32)
    add_valid("python2_long.npy", f4, raw=v1_file("{'descr': '<f4', 'fortran_order': False, 'shape': (1L, 2L), }",
                                                  f4.tobytes()))
    add_valid("double_quotes.npy", f4, raw=v1_file('{"shape": (1, 2), "descr": "<f4", "fortran_order": False}',
                                                   f4.tobytes(), align=16))
    add_valid("no_padding.npy", f4, raw=v1_file("{'descr':'<f4','fortran_order':False,'shape':(1,2)}",
                                                f4.tobytes(), align=1))


# ------------------------------------------------------------------ files nnx must refuse

F4_DATA = np.arange(6, dtype=np.float32).tobytes()
GOOD = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"


def make_invalid():
    good = save_bytes(np.arange(6, dtype=np.float32).reshape(2, 3))
    write("bad_magic.npy", b"\x93NUMPX" + good[6:])
    write("trunc_magic.npy", good[:4])
    write("trunc_version.npy", good[:7])
    write("trunc_length.npy", good[:9])
    write("trunc_header.npy", good[:40])
    write("trunc_data.npy", good[:-1])
    write("excess_data.npy", good + b"\0")
    write("version4.npy", good[:6] + b"\x04\x00" + good[8:])
    write("version1_1.npy", good[:6] + b"\x01\x01" + good[8:])
    # read since issue 26 (test_layouts): column-major and big-endian items, converted
    write("fortran.npy", save_bytes(np.asfortranarray(np.arange(6, dtype=np.float32).reshape(2, 3))))
    write("big_endian.npy", save_bytes(np.arange(3, dtype=">f4")))
    write("fortran_be_i2.npy", save_bytes(np.asfortranarray(np.arange(-12, 12, dtype=">i2").reshape(2, 3, 4))))
    write("complex.npy", save_bytes(np.zeros(2, np.complex64)))
    write("unicode.npy", save_bytes(np.array(["abc", "d"])))
    write("structured.npy", save_bytes(np.zeros(2, [("a", "<i4"), ("b", "<f4")])))
    write("rank9.npy", save_bytes(np.zeros((1,) * 9, np.float32)))
    write("pipe_f4.npy", v1_file(GOOD.replace("<f4", "|f4"), F4_DATA))
    write("bool_two.npy", save_bytes(np.array([True, False, True]))[:-2] + b"\x02\x01")
    syntax = {
        "no_brace": GOOD[1:],
        "missing_key": "{'descr': '<f4', 'fortran_order': False, }",
        "unknown_key": GOOD.replace("}", "'order': 'C', }"),
        "duplicate_key": GOOD.replace("}", "'descr': '<f4', }"),
        "unterminated": "{'descr': '<f4",
        "backslash": GOOD.replace("<f4", "<f\\4"),
        "shape_int": GOOD.replace("(2, 3)", "(6)"),
        "shape_negative": GOOD.replace("(2, 3)", "(-2, 3)"),
        "shape_leading_zero": GOOD.replace("(2, 3)", "(02, 3)"),
        "shape_list": GOOD.replace("(2, 3)", "[2, 3]"),
        "fortran_lower": GOOD.replace("False", "false"),
        "missing_colon": GOOD.replace("'descr':", "'descr'"),
        "missing_comma": GOOD.replace("'<f4',", "'<f4'"),
        "text_after": GOOD + " x",
        "non_ascii": GOOD.replace("'<f4'", "'<f4'\xe9"),
        "empty_header": "",
        "long_digits": GOOD.replace("(2, 3)", "(99999999999999999999999, 0)"),
        "shape_overflow": GOOD.replace("(2, 3)", "(4294967295, 4294967295, 4294967295)"),
    }
    for name, text in syntax.items():
        write("syntax_%s.npy" % name, v1_file(text, F4_DATA))
    write("syntax_no_newline.npy", v1_file(GOOD + "   ", F4_DATA, newline=False))
    write("syntax_long_v3.npy", v1_file(GOOD.replace("(2, 3)", "(2L, 3)"), F4_DATA, version=(3, 0)))
    write("extent_too_big.npy", v1_file(GOOD.replace("(2, 3)", "(4294967296, 0)")))


# ------------------------------------------------------------------ the C header


def emit_header():
    out = ["/* npy_cases.h — generated by tests/unit/formats/npy/gen_npy.py from the files it wrote with numpy",
           " * (tests/data/npy/): each valid file's dtype, shape, format version, whether numpy.save wrote",
           " * it (so nnx_npy_write must reproduce it byte for byte), and the values it holds. */",
           "#include <math.h>", "#include <stdint.h>", ""]
    rows = []
    for name, a, version, by_save in valid:
        enum, ctype, _ = C_TYPES[str(a.dtype)]
        ident = "values_" + name[:-4]
        flat = a.reshape(-1)
        items = ", ".join(c_literal(str(a.dtype), v) for v in flat) or "0"
        out.append("static const %s %s[] = {%s};" % (ctype, ident, items))
        shape = ", ".join(str(e) for e in a.shape) or "0"
        rows.append('    {"%s", %s, %d, {%s}, %d, %s, %s, %d},' % (
            name, enum, a.ndim, shape, version, "true" if by_save else "false", ident, flat.size))
    out += ["", "static const struct npy_case {", "    const char *file;", "    nnx_dtype dtype;",
            "    uint32_t rank;", "    uint32_t shape[8];", "    int version;", "    bool numpy_save;",
            "    const void *values;", "    size_t count;", "} npy_cases[] = {"] + rows + ["};", ""]
    with open(os.path.join(DATA, "npy_cases.h"), "w") as f:
        f.write("\n".join(out))


def main():
    shutil.rmtree(DATA, ignore_errors=True)
    os.makedirs(DATA)
    make_valid()
    make_invalid()
    emit_header()
    shutil.rmtree(CORPUS, ignore_errors=True)
    os.makedirs(CORPUS)
    for name in sorted(os.listdir(DATA)):
        if name.endswith(".npy"):
            shutil.copy(os.path.join(DATA, name), CORPUS)


main()
