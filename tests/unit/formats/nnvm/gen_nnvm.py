#!/usr/bin/python3
"""gen_nnvm.py — writes the NNVM test data under tests/data/nnvm/ with numpy as the oracle.

  ops/<case>/graph.json (+ graph.params): one small graph per NNVM operator mapping, its
      expected outputs computed here in float64 -> tests/data/nnvm/ops_expected.h
  vgg_like/: a spec-example-like network (conv1_1 ... with string attributes as the spec
      shows them, the old "attr" spelling, 2-item entries, no node_row_ptr)
  tvm_compiled/: a TVM-runtime-style graph (tvm_op nodes, attrs dltype/storage_id/shape/
      device_index, a __nop reshape) with its params
  no_params/: a conv graph without a weights file; two_params/: a graph with two .params
  tests/fuzz/corpus/nnvm_json/, tests/fuzz/corpus/tvm_params/: compact seeds (<= 512 bytes,
      the fuzz tests' -max_len) for fuzz-nnvm-json and fuzz-tvm-params
(tests/data/nnvm/cli/bad_entry.json, a malformed graph for the CLI tests, is written by hand.)

The .params files use TVM's NDArray-list layout (src/formats/nnvm/params.h):
  u64 0xF7E58D4F05049CB7, u64 0, u64 n, n x (u64 len, name bytes), u64 n,
  n x (u64 0xDD5E40F096B4A13F, u64 0, i32 device_type=1, i32 device_id=0, i32 ndim,
       u8 code, u8 bits, u16 lanes=1, i64 shape[ndim], i64 nbytes, data little-endian)
Run: /usr/bin/python3 tests/unit/formats/nnvm/gen_nnvm.py (from the repository root)."""
import json
import os
import struct

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "data", "nnvm")
CODES = {np.float32: (2, 32), np.float64: (2, 64), np.int32: (0, 32), np.int64: (0, 64), np.uint8: (1, 8),
         np.int8: (0, 8)}


def params_bytes(params):
    out = struct.pack("<QQQ", 0xF7E58D4F05049CB7, 0, len(params))
    for name in params:
        b = name.encode()
        out += struct.pack("<Q", len(b)) + b
    out += struct.pack("<Q", len(params))
    for name, a in params.items():
        a = np.ascontiguousarray(a)
        code, bits = CODES[a.dtype.type]
        out += struct.pack("<QQiii", 0xDD5E40F096B4A13F, 0, 1, 0, a.ndim)
        out += struct.pack("<BBH", code, bits, 1)
        out += struct.pack("<%dq" % a.ndim, *a.shape)
        data = a.astype(a.dtype.newbyteorder("<")).tobytes()
        out += struct.pack("<q", len(data)) + data
    return out


def dlname(a):
    # numpy computes in float64; the graphs' floats are float32
    return {np.float32: "float32", np.int32: "int32", np.int64: "int64", np.uint8: "uint8",
            np.bool_: "bool", np.float64: "float32"}[np.asarray(a).dtype.type]


class Graph:
    """Builds an NNVM graph while evaluating it with numpy (so every entry's shape is known)."""

    def __init__(self):
        self.nodes, self.values, self.params, self.inputs = [], [], {}, {}

    def var(self, name, value, weight):
        self.nodes.append({"op": "null", "name": name, "inputs": []})
        self.values.append([np.asarray(value)])
        (self.params if weight else self.inputs)[name] = np.asarray(value)
        return (len(self.nodes) - 1, 0)

    def op(self, op, name, inputs, attrs, fn, **kw):
        node = {"op": op, "name": name, "inputs": [[i, k, 0] for i, k in inputs]}
        if attrs:
            node["attrs"] = {k: str(v) for k, v in attrs.items()}
        self.nodes.append(node)
        outs = fn(*[self.values[i][k] for i, k in inputs])
        self.values.append(list(outs) if isinstance(outs, tuple) else [outs])
        return (len(self.nodes) - 1, 0)

    def document(self, heads, shapes=True, row_ptr=True):
        rows = [0]
        for v in self.values:
            rows.append(rows[-1] + len(v))
        doc = {"nodes": self.nodes,
               "arg_nodes": [i for i, n in enumerate(self.nodes) if n["op"] == "null"],
               "heads": [[i, k, 0] for i, k in heads]}
        if row_ptr:
            doc["node_row_ptr"] = rows
        if shapes:
            flat = [x for v in self.values for x in v]
            doc["attrs"] = {"shape": ["list_shape", [list(np.shape(x)) for x in flat]],
                            "dltype": ["list_str", [dlname(x) for x in flat]]}
        return doc


def write_graph(folder, doc, params):
    os.makedirs(folder, exist_ok=True)
    for f in os.listdir(folder):
        os.remove(os.path.join(folder, f))
    with open(os.path.join(folder, "graph.json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    if params:
        with open(os.path.join(folder, "graph.params"), "wb") as f:
            f.write(params_bytes(params))


rng = np.random.default_rng(7)


def rnd(*shape):
    return rng.uniform(-1, 1, shape).astype(np.float32)


def f64(x):
    return np.asarray(x, np.float64)


# ------------------------------------------------------------------ numpy references

def conv2d(x, w, b=None, strides=(1, 1), pads=(0, 0, 0, 0), dil=(1, 1), groups=1):
    """pads = (top, bottom, left, right)."""
    x, w = f64(x), f64(w)
    n, c, h, wd = x.shape
    o, cg, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[1]), (pads[2], pads[3])))
    oh = (h + pads[0] + pads[1] - (kh - 1) * dil[0] - 1) // strides[0] + 1
    ow = (wd + pads[2] + pads[3] - (kw - 1) * dil[1] - 1) // strides[1] + 1
    y = np.zeros((n, o, oh, ow))
    og = o // groups
    for g in range(groups):
        for i in range(kh):
            for j in range(kw):
                patch = xp[:, g * cg:(g + 1) * cg, i * dil[0]:i * dil[0] + strides[0] * (oh - 1) + 1:strides[0],
                           j * dil[1]:j * dil[1] + strides[1] * (ow - 1) + 1:strides[1]]
                y[:, g * og:(g + 1) * og] += np.einsum("nchw,oc->nohw", patch, w[g * og:(g + 1) * og, :, i, j])
    if b is not None:
        y += f64(b)[None, :, None, None]
    return y


def conv2d_transpose(x, w, b=None, strides=(1, 1), pad=(0, 0), out_pad=(0, 0)):
    x, w = f64(x), f64(w)
    n, c, h, wd = x.shape
    _, o, kh, kw = w.shape
    full = np.zeros((n, o, (h - 1) * strides[0] + kh, (wd - 1) * strides[1] + kw))
    for i in range(h):
        for j in range(wd):
            full[:, :, i * strides[0]:i * strides[0] + kh, j * strides[1]:j * strides[1] + kw] += \
                np.einsum("nc,cokl->nokl", x[:, :, i, j], w)
    # output_padding extends the end of the output: its rows hold whatever taps land there
    oh, ow = full.shape[2] - 2 * pad[0] + out_pad[0], full.shape[3] - 2 * pad[1] + out_pad[1]
    full = np.pad(full, ((0, 0), (0, 0), (0, out_pad[0]), (0, out_pad[1])))
    y = full[:, :, pad[0]:pad[0] + oh, pad[1]:pad[1] + ow]
    if b is not None:
        y = y + f64(b)[None, :, None, None]
    return y


def pool(x, kind, size, strides, pads=(0, 0, 0, 0), ceil=False, include_pad=False):
    x = f64(x)
    n, c, h, w = x.shape

    def out(ext, k, s, a, b):
        num = ext + a + b - k
        return (-(-num // s) if ceil else num // s) + 1
    oh, ow = out(h, size[0], strides[0], pads[0], pads[1]), out(w, size[1], strides[1], pads[2], pads[3])
    y = np.zeros((n, c, oh, ow))
    for i in range(oh):
        for j in range(ow):
            h0, w0 = i * strides[0] - pads[0], j * strides[1] - pads[2]
            hs, ws = slice(max(h0, 0), min(h0 + size[0], h)), slice(max(w0, 0), min(w0 + size[1], w))
            win = x[:, :, hs, ws]
            if kind == "max":
                y[:, :, i, j] = win.max(axis=(2, 3))
            else:
                count = size[0] * size[1] if include_pad else win.shape[2] * win.shape[3]
                y[:, :, i, j] = win.sum(axis=(2, 3)) / count
    return y


def softmax(x, axis=-1):
    x = f64(x)
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


# ------------------------------------------------------------------ single-operator cases

CASES = []


def case(name, build):
    g = Graph()
    heads = build(g)
    heads = heads if isinstance(heads, list) else [heads]
    write_graph(os.path.join(ROOT, "ops", name), g.document(heads), g.params)
    inputs = list(g.inputs.items())
    outs = [g.values[i][k] for i, k in heads]
    CASES.append((name, inputs, outs))


def unary(name, fn, attrs=None, x=None):
    op = name.split("_nearest")[0]  # "resize_nearest" is a second case of resize

    def build(g):
        v = g.var("x", rnd(2, 3, 4) if x is None else x, False)
        return g.op(op, "y", [v], attrs, fn)
    case(name, build)


def binary(op, fn, sa=(2, 3, 4), sb=(2, 3, 4)):
    def build(g):
        a, b = g.var("a", rnd(*sa), False), g.var("b", rnd(*sb) + (2 if op.endswith("div") else 0), False)
        return g.op(op, "y", [a, b], None, fn)
    case(op, build)


def main():
    pos = np.abs(rnd(2, 3, 4)) + 0.1
    unary("relu", lambda x: np.maximum(f64(x), 0))
    unary("sigmoid", lambda x: 1 / (1 + np.exp(-f64(x))))
    unary("tanh", lambda x: np.tanh(f64(x)))
    unary("exp", lambda x: np.exp(f64(x)))
    unary("log", lambda x: np.log(f64(x)), x=pos)
    unary("sqrt", lambda x: np.sqrt(f64(x)), x=pos)
    unary("negative", lambda x: -f64(x))
    unary("abs", lambda x: np.abs(f64(x)))
    unary("floor", lambda x: np.floor(f64(x)), x=rnd(2, 3, 4) * 3)
    unary("leaky_relu", lambda x: np.where(f64(x) > 0, f64(x), 0.1 * f64(x)), {"alpha": "0.1"})
    unary("clip", lambda x: np.clip(f64(x), -0.5, 0.25), {"a_min": "-0.5", "a_max": "0.25"})
    unary("dropout", lambda x: (f64(x), np.ones_like(x)), {"rate": "0.5"})
    unary("__mul_scalar__", lambda x: f64(x) * np.float32(2.5), {"scalar": "2.5"})
    unary("__rsub_scalar__", lambda x: 1 - f64(x), {"scalar": "1"})
    unary("__rdiv_scalar__", lambda x: 2 / f64(x), {"scalar": "2"}, x=pos)
    unary("softmax", lambda x: softmax(x, 1), {"axis": "1"})
    unary("log_softmax", lambda x: np.log(softmax(x)), None)
    unary("flatten", lambda x: f64(x).reshape(2, 12))
    unary("reshape", lambda x: f64(x).reshape(2, 4, 3), {"shape": "(0, -1, 3)"})
    unary("transpose", lambda x: f64(x).transpose(2, 0, 1), {"axes": "(2, 0, 1)"})
    unary("expand_dims", lambda x: f64(x)[:, None, None], {"axis": "1", "num_newaxis": "2"})
    unary("squeeze", lambda x: f64(x).reshape(3, 4), {"axis": "(0,)"}, x=rnd(1, 3, 4))
    unary("sum", lambda x: f64(x).sum(axis=(0, 2), keepdims=True), {"axis": "(0, 2)", "keepdims": "True"})
    unary("mean", lambda x: f64(x).mean(axis=1), {"axis": "[1]"})
    unary("max", lambda x: f64(x).max(axis=(0, 2)), {"axis": "(1,)", "exclude": "True"})
    unary("argmax", lambda x: np.argmax(x, axis=2).astype(np.int32), {"axis": "2"})
    unary("strided_slice", lambda x: f64(x)[0:2, 1:3, 0:4:2], {"begin": "(0, 1, 0)", "end": "(2, 3, 4)",
                                                                "stride": "(1, 1, 2)"})
    unary("pad", lambda x: np.pad(f64(x), ((0, 0), (1, 0), (2, 1)), constant_values=0.5),
          {"pad_width": "((0, 0), (1, 0), (2, 1))", "pad_value": "0.5"})
    unary("broadcast_to", lambda x: np.broadcast_to(f64(x), (2, 3, 4)), {"shape": "(2, 3, 4)"}, x=rnd(3, 1))
    unary("tile", lambda x: np.tile(f64(x), (1, 2, 1)), {"reps": "(1, 2, 1)"})
    unary("reverse", lambda x: f64(x)[:, ::-1], {"axis": "1"})
    unary("cast", lambda x: np.asarray(x, np.float32).astype(np.int32), {"dtype": "int32"}, x=rnd(2, 3) * 5)
    unary("split", lambda x: tuple(np.split(f64(x), [1, 3], axis=2)), {"indices_or_sections": "(1, 3)", "axis": "2"})
    unary("global_avg_pool2d", lambda x: f64(x).mean(axis=(2, 3), keepdims=True), None, x=rnd(1, 2, 3, 4))
    unary("global_max_pool2d", lambda x: f64(x).max(axis=(2, 3), keepdims=True), None, x=rnd(1, 2, 3, 4))
    unary("max_pool2d", lambda x: pool(x, "max", (3, 3), (2, 2), (1, 1, 1, 1)),
          {"pool_size": "(3, 3)", "strides": "(2, 2)", "padding": "(1, 1)"}, x=rnd(1, 2, 6, 7))
    unary("avg_pool2d", lambda x: pool(x, "avg", (2, 2), (2, 2), (1, 0, 1, 0), ceil=True),
          {"pool_size": "[2, 2]", "strides": "[2, 2]", "padding": "[1, 1, 0, 0]", "ceil_mode": "True"},
          x=rnd(1, 2, 5, 6))
    unary("upsampling", lambda x: f64(x).repeat(2, axis=2).repeat(2, axis=3), {"scale": "2"}, x=rnd(1, 2, 2, 3))
    binary("elemwise_add", lambda a, b: f64(a) + f64(b))
    binary("elemwise_sub", lambda a, b: f64(a) - f64(b))
    binary("elemwise_mul", lambda a, b: f64(a) * f64(b))
    binary("elemwise_div", lambda a, b: f64(a) / f64(b))
    binary("broadcast_add", lambda a, b: f64(a) + f64(b), sb=(3, 1))
    binary("broadcast_max", lambda a, b: np.maximum(f64(a), f64(b)), sb=(4,))
    binary("broadcast_greater", lambda a, b: f64(np.asarray(a) > np.asarray(b)))

    def concat(g):
        a, b = g.var("a", rnd(2, 1, 3), False), g.var("b", rnd(2, 2, 3), False)
        return g.op("concatenate", "y", [a, b], {"axis": "1"}, lambda a, b: np.concatenate([f64(a), f64(b)], 1))
    case("concatenate", concat)

    def avg_include(g):
        x = g.var("x", rnd(1, 2, 4, 4), False)
        return g.op("avg_pool2d", "y", [x], {"pool_size": "(3, 3)", "padding": "(1, 1)", "count_include_pad": "1"},
                    lambda x: pool(x, "avg", (3, 3), (1, 1), (1, 1, 1, 1), include_pad=True))
    case("avg_pool2d_include_pad", avg_include)

    def conv(g):
        x, w, b = g.var("data", rnd(1, 4, 5, 6), False), g.var("w", rnd(6, 2, 3, 3), True), g.var("b", rnd(6), True)
        return g.op("conv2d", "conv1_1", [x, w, b],
                    {"channels": "6", "kernel_size": "[3, 3]", "padding": "(1, 2)", "strides": "(1, 2)",
                     "dilation": "(1, 1)", "groups": "2", "layout": "NCHW", "use_bias": "True"},
                    lambda x, w, b: conv2d(x, w, b, (1, 2), (1, 1, 2, 2), (1, 1), 2))
    case("conv2d", conv)

    def conv_dil(g):
        x, w = g.var("data", rnd(1, 2, 7, 7), False), g.var("w", rnd(3, 2, 3, 3), True)
        return g.op("conv2d", "c", [x, w], {"channels": "3", "kernel_size": "(3, 3)", "dilation": "(2, 2)",
                                           "padding": "[1, 0, 2, 1]", "use_bias": "False"},
                    lambda x, w: conv2d(x, w, None, (1, 1), (1, 2, 0, 1), (2, 2)))
    case("conv2d_dilated", conv_dil)

    def deconv(g):
        x, w, b = g.var("data", rnd(1, 3, 3, 4), False), g.var("w", rnd(3, 2, 3, 3), True), g.var("b", rnd(2), True)
        return g.op("conv2d_transpose", "up", [x, w, b],
                    {"channels": "2", "kernel_size": "(3, 3)", "strides": "(2, 2)", "padding": "(1, 1)",
                     "output_padding": "(1, 1)"},
                    lambda x, w, b: conv2d_transpose(x, w, b, (2, 2), (1, 1), (1, 1)))
    case("conv2d_transpose", deconv)

    def dense(g):
        x, w, b = g.var("x", rnd(2, 5), False), g.var("w", rnd(4, 5), True), g.var("b", rnd(4), True)
        return g.op("dense", "fc", [x, w, b], {"units": "4"}, lambda x, w, b: f64(x) @ f64(w).T + f64(b))
    case("dense", dense)

    def dense3(g):
        x, w = g.var("x", rnd(2, 3, 5), False), g.var("w", rnd(4, 5), True)
        return g.op("dense", "fc", [x, w], {"units": "4", "use_bias": "False"}, lambda x, w: f64(x) @ f64(w).T)
    case("dense_3d", dense3)

    def matmul(g):
        a, b = g.var("a", rnd(4, 3), False), g.var("b", rnd(5, 4), False)
        return g.op("matmul", "mm", [a, b], {"transpose_a": "True", "transpose_b": "True"},
                    lambda a, b: f64(a).T @ f64(b).T)
    case("matmul", matmul)

    def bn(g):
        x = g.var("x", rnd(2, 3, 2, 2), False)
        gamma, beta = g.var("gamma", rnd(3), True), g.var("beta", rnd(3), True)
        mean, var = g.var("mean", rnd(3), True), g.var("var", np.abs(rnd(3)) + 0.5, True)
        return g.op("batch_norm", "bn", [x, gamma, beta, mean, var], {"epsilon": "0.001"},
                    lambda x, ga, be, m, v: ((f64(x) - f64(m)[:, None, None]) / np.sqrt(f64(v)[:, None, None] + np.float32(0.001)) *
                                             f64(ga)[:, None, None] + f64(be)[:, None, None], f64(m), f64(v)))
    case("batch_norm", bn)

    def prelu(g):
        x, a = g.var("x", rnd(1, 3, 2, 2), False), g.var("alpha", rnd(3), True)
        return g.op("prelu", "p", [x, a], None, lambda x, a: np.where(f64(x) >= 0, f64(x), f64(x) * f64(a)[:, None, None]))
    case("prelu", prelu)

    def take(g):
        x, i = g.var("x", rnd(4, 3), False), g.var("idx", np.array([3, 0, 2], np.int32), True)
        return g.op("take", "t", [x, i], {"axis": "0"}, lambda x, i: f64(x)[i])
    case("take", take)

    def where(g):
        c, a, b = g.var("c", rnd(2, 3), False), g.var("a", rnd(2, 3), False), g.var("b", rnd(2, 3), False)
        return g.op("where", "w", [c, a, b], None, lambda c, a, b: np.where(f64(c) != 0, f64(a), f64(b)))
    case("where", where)

    def sum_n(g):
        a, b, c = g.var("a", rnd(2, 2), False), g.var("b", rnd(2, 2), False), g.var("c", rnd(2, 2), False)
        return g.op("elemwise_sum", "s", [a, b, c], {"num_args": "3"}, lambda a, b, c: f64(a) + f64(b) + f64(c))
    case("elemwise_sum", sum_n)

    def ones_like(g):
        x = g.var("x", rnd(2, 2), False)
        return g.op("ones_like", "o", [x], None, lambda x: np.ones((2, 2)))
    case("ones_like", ones_like)

    def lrn(x, size=3, alpha=0.5, beta=0.75, bias=2.0):
        x = f64(x)
        sq = np.pad(x * x, ((0, 0), (size // 2, size - 1 - size // 2), (0, 0), (0, 0)))
        s = sum(sq[:, k:k + x.shape[1]] for k in range(size))
        return x / (bias + alpha / size * s) ** beta
    unary("lrn", lrn, {"size": "3", "alpha": "0.5", "beta": "0.75", "bias": "2"}, x=rnd(1, 5, 2, 2))
    unary("l2_normalize", lambda x: f64(x) / np.sqrt(np.maximum((f64(x) ** 2).sum(axis=1, keepdims=True), 1e-6)),
          {"eps": "1e-6", "axis": "(1,)"})

    def bilinear(x, oh, ow):
        x = f64(x)
        n, c, h, w = x.shape

        def coords(o, i):
            v = np.clip((np.arange(o) + 0.5) * i / o - 0.5, 0, i - 1)
            lo = np.floor(v).astype(int)
            return lo, np.minimum(lo + 1, i - 1), v - lo
        y0, y1, fy = coords(oh, h)
        x0, x1, fx = coords(ow, w)
        top = x[:, :, y0][:, :, :, x0] * (1 - fx) + x[:, :, y0][:, :, :, x1] * fx
        bot = x[:, :, y1][:, :, :, x0] * (1 - fx) + x[:, :, y1][:, :, :, x1] * fx
        return top * (1 - fy)[:, None] + bot * fy[:, None]
    unary("resize", lambda x: bilinear(x, 3, 5), {"size": "(3, 5)", "method": "BILINEAR"}, x=rnd(1, 2, 2, 3))
    unary("resize_nearest", lambda x: f64(x).repeat(2, axis=2).repeat(2, axis=3),
          {"size": "(4, 4)", "method": "NEAREST_NEIGHBOR"}, x=rnd(1, 1, 2, 2))

    def like(op, attrs, fn, sa, sb):
        def build(g):
            a, b = g.var("a", rnd(*sa), False), g.var("b", rnd(*sb), False)
            return g.op(op, "y", [a, b], attrs, fn)
        case(op, build)
    like("reshape_like", None, lambda a, b: f64(a).reshape(b.shape), (2, 6), (3, 4))
    like("slice_like", {"axes": "(1,)"}, lambda a, b: f64(a)[:, :3], (3, 4), (2, 3))

    write_header()
    write_networks()
    write_seeds()


def c_floats(name, a):
    flat = np.asarray(a, np.float64).ravel()
    body = ", ".join("%.9g" % v for v in flat) if flat.size else "0"
    return "static const double %s[] = {%s};\n" % (name, body)


def write_header():
    lines = ["/* ops_expected.h — generated by tests/unit/formats/nnvm/gen_nnvm.py (numpy, float64): the inputs and\n"
             " * expected outputs of each graph in tests/data/nnvm/ops/. Do not edit. */\n",
             "typedef struct nnvm_op_case {\n    const char *name;\n    uint32_t n_in, n_out;\n"
             "    const char *in_names[4];\n    const double *in[4];\n    const double *out[4];\n"
             "    uint32_t out_len[4];\n} nnvm_op_case;\n\n"]
    rows = []
    for ci, (name, inputs, outs) in enumerate(CASES):
        for k, (_, v) in enumerate(inputs):
            lines.append(c_floats("c%d_in%d" % (ci, k), v))
        for k, v in enumerate(outs):
            lines.append(c_floats("c%d_out%d" % (ci, k), v))
        rows.append('    {"%s", %d, %d, {%s}, {%s}, {%s}, {%s}},\n' % (
            name, len(inputs), len(outs), ", ".join('"%s"' % n for n, _ in inputs) or "NULL",
            ", ".join("c%d_in%d" % (ci, k) for k in range(len(inputs))) or "NULL",
            ", ".join("c%d_out%d" % (ci, k) for k in range(len(outs))),
            ", ".join(str(np.size(v)) for v in outs)))
    lines.append("\nstatic const nnvm_op_case kOpCases[] = {\n" + "".join(rows) + "};\n")
    with open(os.path.join(ROOT, "ops_expected.h"), "w") as f:
        f.write("".join(lines))


def write_networks():
    # The spec's example style: nodes[0] = data, conv1_1 with data, weight, bias and its
    # attributes as strings; old "attr" spelling, 2-item entries, no node_row_ptr.
    g = Graph()
    x = g.var("data", rnd(1, 3, 8, 8), False)
    names = [("conv1_1", 3, 4), ("conv1_2", 4, 4), ("conv2_1", 4, 8)]
    for i, (name, cin, cout) in enumerate(names):
        w, b = g.var(name + "_weight", rnd(cout, cin, 3, 3) * 0.5, True), g.var(name + "_bias", rnd(cout), True)
        x = g.op("conv2d", name, [x, w, b],
                 {"channels": str(cout), "padding": "(1, 1)", "layout": "NCHW", "kernel_size": "[3, 3]",
                  "groups": "1", "strides": "(1, 1)", "use_bias": "True", "dilation": "(1, 1)"},
                 lambda x, w, b: conv2d(x, w, b, pads=(1, 1, 1, 1)))
        x = g.op("relu", name.replace("conv", "relu"), [x], None, lambda x: np.maximum(f64(x), 0))
        if i == 1:
            x = g.op("max_pool2d", "pool1", [x], {"pool_size": "(2, 2)", "strides": "(2, 2)"},
                     lambda x: pool(x, "max", (2, 2), (2, 2)))
    x = g.op("flatten", "flatten0", [x], None, lambda x: f64(x).reshape(1, -1))
    w, b = g.var("fc_weight", rnd(10, 128) * 0.2, True), g.var("fc_bias", rnd(10), True)
    x = g.op("dense", "fc", [x, w, b], {"units": "10", "use_bias": "1"}, lambda x, w, b: f64(x) @ f64(w).T + f64(b))
    x = g.op("softmax", "prob", [x], None, lambda x: softmax(x))
    doc = g.document([x], shapes=True, row_ptr=False)
    for n in doc["nodes"]:
        if "attrs" in n:
            n["attr"] = n.pop("attrs")
        n["inputs"] = [e[:2] for e in n["inputs"]]
    write_graph(os.path.join(ROOT, "vgg_like"), doc, g.params)
    with open(os.path.join(ROOT, "vgg_like_expected.h"), "w") as f:
        f.write("/* vgg_like_expected.h — generated by tests/unit/formats/nnvm/gen_nnvm.py: input and output of\n"
                " * tests/data/nnvm/vgg_like. Do not edit. */\n")
        f.write(c_floats("vgg_in", g.inputs["data"]))
        f.write(c_floats("vgg_out", g.values[x[0]][0]))

    # No weights file: the conv weight has no data.
    write_graph(os.path.join(ROOT, "no_params"), doc, None)
    # Two weights files beside one graph.
    write_graph(os.path.join(ROOT, "two_params"), doc, g.params)
    with open(os.path.join(ROOT, "two_params", "other.params"), "wb") as f:
        f.write(params_bytes(g.params))

    # TVM-runtime style: compiled functions, a __nop reshape, every graph attribute TVM keeps.
    nodes = [{"op": "null", "name": "data", "inputs": []},
             {"op": "null", "name": "p0", "inputs": []},
             {"op": "null", "name": "p1", "inputs": []},
             {"op": "tvm_op", "name": "fused_nn_conv2d_add_nn_relu", "inputs": [[0, 0, 0], [1, 0, 0], [2, 0, 0]],
              "attrs": {"func_name": "fused_nn_conv2d_add_nn_relu", "num_inputs": "3", "num_outputs": "1",
                        "flatten_data": "0"}},
             {"op": "tvm_op", "name": "reshape_nop", "inputs": [[3, 0, 0]],
              "attrs": {"func_name": "__nop", "num_inputs": "1", "num_outputs": "1", "flatten_data": "0"}},
             {"op": "tvm_op", "name": "fused_nn_softmax", "inputs": [[4, 0, 0]],
              "attrs": {"func_name": "fused_nn_softmax", "num_inputs": "1", "num_outputs": "1",
                        "flatten_data": "0"}}]
    shapes = [[1, 3, 4, 4], [2, 3, 3, 3], [1, 2, 1, 1], [1, 2, 4, 4], [1, 32], [1, 32]]
    doc = {"nodes": nodes, "arg_nodes": [0, 1, 2], "heads": [[5, 0, 0]], "node_row_ptr": list(range(7)),
           "attrs": {"dltype": ["list_str", ["float32"] * 6], "storage_id": ["list_int", [0, 1, 2, 3, 3, 4]],
                     "shape": ["list_shape", shapes], "device_index": ["list_int", [1] * 6]}}
    write_graph(os.path.join(ROOT, "tvm_compiled"), doc, {"p0": rnd(2, 3, 3, 3), "p1": rnd(1, 2, 1, 1)})


def write_seeds():
    fuzz = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "fuzz", "corpus")
    jdir, pdir = os.path.join(fuzz, "nnvm_json"), os.path.join(fuzz, "tvm_params")
    for d in (jdir, pdir):
        os.makedirs(d, exist_ok=True)
        for f in os.listdir(d):
            os.remove(os.path.join(d, f))
    x = {"op": "null", "name": "x", "inputs": []}
    shapes = lambda *s: {"shape": ["list_shape", [list(t) for t in s]]}

    def one(op, attrs, shape_in=(1, 2, 4, 4), shape_out=None, n_in=1, extra=None):
        node = {"op": op, "name": "y", "inputs": [[0, 0, 0]] * n_in}
        if attrs:
            node["attrs"] = attrs
        doc = {"nodes": [x, node], "arg_nodes": [0], "heads": [[1, 0, 0]], "attrs": shapes(shape_in)}
        doc["attrs"]["shape"][1].append(list(shape_out or shape_in))
        if extra:
            doc.update(extra)
        return doc
    seeds = {
        "relu": one("relu", None),
        "add": one("broadcast_add", None, n_in=2),
        "pool": one("max_pool2d", {"pool_size": "(2, 2)", "strides": "(2, 2)"}, shape_out=(1, 2, 2, 2)),
        "avg": one("avg_pool2d", {"pool_size": "[3, 3]", "padding": "(1, 1)", "count_include_pad": "True"}),
        "softmax": one("softmax", {"axis": "1"}),
        "reshape": one("reshape", {"shape": "(0, -1)"}, shape_out=(1, 32)),
        "transpose": one("transpose", {"axes": "(0, 2, 3, 1)"}, shape_out=(1, 4, 4, 2)),
        "split": one("split", {"indices_or_sections": "2", "axis": "1"}, shape_out=(1, 1, 4, 4)),
        "pad": one("pad", {"pad_width": "((0, 0), (0, 0), (1, 1), (1, 1))"}, shape_out=(1, 2, 6, 6)),
        "slice": one("strided_slice", {"begin": "(0, 0, 1)", "end": "(1, 2, 3)"}, shape_out=(1, 2, 2, 4)),
        "scalar": one("__rdiv_scalar__", {"scalar": "1.5"}),
        "clip": one("clip", {"a_min": "-1", "a_max": "1"}),
        "upsampling": one("upsampling", {"scale": "2"}, shape_out=(1, 2, 8, 8)),
        "sum": one("sum", {"axis": "(2, 3)", "keepdims": "True"}, shape_out=(1, 2, 1, 1)),
        "nameless": one("relu", None) | {"nodes": [x, {"op": "relu", "name": "", "inputs": [[0, 0, 0]]}]},
        "old": {"nodes": [x, {"op": "relu", "name": "y", "inputs": [[0, 0]], "attr": {}}], "arg_nodes": [0],
                "heads": [[1, 0]], "attrs": {"shape": ["list_shape", [[3], [3]]],
                                             "dltype": ["list_str", ["float32", "float32"]]}},
        "tvm": {"nodes": [x, {"op": "tvm_op", "name": "f", "inputs": [[0, 0, 0]],
                              "attrs": {"func_name": "f", "num_inputs": "1", "num_outputs": "2",
                                        "flatten_data": "0"}}],
                "arg_nodes": [0], "heads": [[1, 1, 0]], "node_row_ptr": [0, 1, 3],
                "attrs": {"shape": ["list_shape", [[2], [2], [1]]], "dltype": ["list_str", ["float32"] * 3],
                          "storage_id": ["list_int", [0, 1, 2]], "device_index": ["list_int", [1, 1, 1]]}},
    }
    for name, doc in seeds.items():
        text = json.dumps(doc, separators=(",", ":"))
        assert len(text) <= 512, name
        with open(os.path.join(jdir, name + ".json"), "w") as f:
            f.write(text)
    pseeds = {
        "float32": {"w": rnd(2, 3)},
        "mixed": {"a": np.arange(3, dtype=np.int64), "b": np.array([1, 0], np.uint8), "": np.zeros((0,), np.float32)},
        "scalar": {"s": np.array(2.5, np.float32)},
        "empty": {},
    }
    for name, params in pseeds.items():
        data = params_bytes(params)
        assert len(data) <= 512, name
        with open(os.path.join(pdir, name + ".params"), "wb") as f:
            f.write(data)
    with open(os.path.join(pdir, "truncated.params"), "wb") as f:
        f.write(params_bytes(pseeds["float32"])[:-5])


if __name__ == "__main__":
    main()
