# nnef_run_gen.py — shared by gen_nnef_run_elementwise.py and gen_nnef_run_shape_ops.py: the NNEF
# case builder (Case), C spellings of numpy arrays, and the writer of a data-only header whose
# tables use the types of tests/unit/formats/nnef/nnef_run_harness.h (nnef_run_tensor, nnef_run_case,
# nnef_run_core_case). It draws no random numbers: the generators own their seeded rng.
import struct

import numpy as np

# NNEF item types and the core dtypes they load as (nnx.h: scalar -> float32, integer -> int32,
# logical -> bool).
NNEF_TYPE = {"float32": "scalar", "int32": "integer", "bool": "logical"}
ENUM = {"float32": "NNX_FLOAT32", "float64": "NNX_FLOAT64", "int8": "NNX_INT8", "uint8": "NNX_UINT8",
        "int32": "NNX_INT32", "int64": "NNX_INT64", "uint64": "NNX_UINT64", "bool": "NNX_BOOL"}
CTYPE = {"float32": "uint32_t", "float64": "uint64_t", "int8": "int8_t", "uint8": "uint8_t", "int32": "int32_t",
         "int64": "int64_t", "uint64": "uint64_t", "bool": "uint8_t"}


class Case:
    def __init__(self, name, comment):
        self.name, self.comment = name, comment
        self.inputs, self.outputs, self.lines = [], [], []

    def input(self, name, arr, dtype):
        self.inputs.append((name, dtype, np.asarray(arr)))
        shape = ", ".join(str(d) for d in np.asarray(arr).shape)
        self.lines.append("%s = external<%s>(shape = [%s]);" % (name, NNEF_TYPE[dtype], shape))

    def op(self, name, text, arr, dtype, ulps=0):
        self.lines.append("%s = %s;" % (name, text))
        self.outputs.append((name, dtype, np.asarray(arr), ulps))

    def doc(self):
        ins = ", ".join(n for n, _, _ in self.inputs)
        outs = ", ".join(n for n, _, _, _ in self.outputs)
        body = "".join("    %s\n" % l for l in self.lines)
        return "version 1.0;\n\ngraph %s( %s ) -> ( %s )\n{\n%s}\n" % (self.name, ins, outs, body)


# ---------------------------------------------------------------- C output

def dtype_name(arr, declared=None):
    if declared:
        return declared
    return "bool" if arr.dtype == np.bool_ else str(arr.dtype)


def c_items(arr, dt):
    flat = np.asarray(arr).ravel()
    if dt == "float32":
        return ["0x%08xu" % struct.unpack("<I", struct.pack("<f", float(v)))[0] for v in flat.astype(np.float32)]
    if dt == "float64":
        return ["0x%016xull" % struct.unpack("<Q", struct.pack("<d", float(v)))[0] for v in flat]
    if dt == "bool":
        return [str(int(bool(v))) for v in flat]
    if dt == "uint64":
        return ["%dull" % int(v) for v in flat]
    if dt == "int64":
        return ["INT64_MIN" if int(v) == -(2 ** 63) else "%dll" % int(v) for v in flat]
    if dt == "int32":
        return ["INT32_MIN" if int(v) == -(2 ** 31) else str(int(v)) for v in flat]
    return [str(int(v)) for v in flat]


class Writer:
    def __init__(self, prefix, per_row=8):
        self.prefix, self.lines, self.n, self.per_row = prefix, [], 0, per_row

    def array(self, arr, dt):
        self.n += 1
        name = "%s_d%d" % (self.prefix, self.n)
        items = c_items(arr, dt)
        k = self.per_row
        rows = [", ".join(items[i:i + k]) for i in range(0, len(items), k)] or ["0"]
        self.lines.append("static const %s %s[] = {\n    %s,\n};" % (CTYPE[dt], name, ",\n    ".join(rows)))
        return name

    def tensor(self, name, arr, dt, ulps=0):
        data = self.array(arr, dt)
        shape = list(np.asarray(arr).shape)
        return '{"%s", %s, %d, {%s}, %s, %d}' % (name, ENUM[dt], len(shape), ", ".join(map(str, shape)) or "0",
                                                  data, ulps)


def c_string(text):
    return "\n".join('    "%s\\n"' % line.replace('"', '\\"') for line in text.rstrip("\n").split("\n"))


def write_header(path, comment, guard, prefix, nnef_cases, core_cases, per_row=8):
    """Writes path: comment (the finished leading C comment, 'Regenerate with' first), then
    <prefix>_cases[] from nnef_cases (Case) and <prefix>_core_cases[] (absent if empty) from core_cases, tuples
    (name, op, inputs, expected[, attrs]) where attrs is a C initializer of nnx_attrs
    ({.none = {0}} if absent). The header holds only data: nnef_run_harness.h goes before it."""
    p = prefix
    w = Writer(p, per_row)  # per_row: array items per line (a longer table stays under 1500 lines)
    nnef_rows, core_rows = [], []
    for c in nnef_cases:
        ins = [w.tensor(n, a, dt) for n, dt, a in c.inputs]
        outs = [w.tensor(n, a, dt, u) for n, dt, a, u in c.outputs]
        w.lines.append("static const nnef_run_tensor %s_%s_in[] = {\n    %s,\n};" % (p, c.name, ",\n    ".join(ins)))
        w.lines.append("static const nnef_run_tensor %s_%s_out[] = {\n    %s,\n};" % (p, c.name, ",\n    ".join(outs)))
        w.lines.append("/* %s */\nstatic const char %s_%s_doc[] =\n%s;" % (c.comment, p, c.name, c_string(c.doc())))
        nnef_rows.append('    {"%s", %s_%s_doc, %d, %s_%s_in, %d, %s_%s_out},' %
                         (c.name, p, c.name, len(c.inputs), p, c.name, len(c.outputs), p, c.name))
    for name, op, ins, expect, *rest in core_cases:
        attrs = rest[0] if rest else "{.none = {0}}"
        ts = [w.tensor("in%d" % i, a, dtype_name(a)) for i, a in enumerate(ins)]
        out = w.tensor("out", expect, dtype_name(expect))
        w.lines.append("static const nnef_run_tensor %s_core_%s[] = {\n    %s,\n    %s,\n};" %
                       (p, name, ",\n    ".join(ts), out))
        core_rows.append('    {"%s", "%s", %d, %s_core_%s, %s},' % (name, op, len(ins), p, name, attrs))

    head = ("%s\n#ifndef %s\n#define %s\n\n/* Data only: the types come from tests/unit/formats/nnef/nnef_run_harness.h, included "
            "first. */\n" % (comment.rstrip("\n"), guard, guard))
    body = "\n".join(w.lines)
    tail = "\nstatic const nnef_run_case %s_cases[] = {\n%s\n};\n" % (p, "\n".join(nnef_rows))
    if core_rows:  # (no array at all when there are none: C has no empty initializer lists)
        tail += "\nstatic const nnef_run_core_case %s_core_cases[] = {\n%s\n};\n" % (p, "\n".join(core_rows))
    tail += "\n#endif\n"
    with open(path, "w") as f:
        f.write(head + "\n" + body + "\n" + tail)
