"""gen_deep_corpus.py — writes the deep and large seed inputs of the fuzz targets (issue 27 §5)
into OUT/<target>/: an ONNX model whose If branches nest 6000 graphs deep and a valid one of
about 800 KB, NNEF documents with 5000 nested parentheses and 40 fragments each calling the
one before twice (2^39 operations once expanded; for the archive target, which expands them,
12 for now, also as a .tgz), and NNVM JSON nested 6000 arrays deep. Made at test time (ctest
fixture fuzz-seeds), never checked in. Standard library only: the protobuf bytes are written
by hand (ONNX IR, onnx.proto field numbers)."""
import gzip
import io
import os
import struct
import sys
import tarfile


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def field(number, payload):
    """A length-delimited field (wire type 2)."""
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def field_int(number, value):
    return varint(number << 3) + varint(value)


def model(graph):
    """ModelProto: ir_version 7, opset_import {version 13}, graph."""
    return field_int(1, 7) + field(8, field_int(2, 13)) + field(7, graph)


def value_info(name, count):
    """ValueInfoProto: a float tensor of shape [count]."""
    tensor = field_int(1, 1) + field(2, field(1, field_int(1, count)))
    return field(1, name.encode()) + field(2, field(1, tensor))


def onnx_deep(levels):
    """If nodes nested `levels` graphs deep: graph -> node -> attribute -> graph ..."""
    g = field(1, field(1, b"x") + field(2, b"y") + field(4, b"Identity")) + field(2, b"g0")
    for k in range(levels):
        attr = field(1, b"then_branch") + field_int(20, 5) + field(6, g)
        node = field(1, b"c") + field(2, b"y") + field(4, b"If") + field(5, attr)
        g = field(1, node) + field(2, ("g%d" % (k + 1)).encode())
    return model(g)


def onnx_large(count):
    """y = Add(x, w) with w a float initializer of `count` values in raw_data: a valid model
    near the fuzzers' 1 MB input size."""
    raw = struct.pack("<%df" % count, *[float(i % 7) for i in range(count)])
    w = field_int(1, count) + field_int(2, 1) + field(8, b"w") + field(9, raw)
    node = field(1, b"x") + field(1, b"w") + field(2, b"y") + field(4, b"Add")
    graph = field(1, node) + field(2, b"g") + field(5, w)
    graph += field(11, value_info("x", count)) + field(12, value_info("y", count))
    return model(graph)


def nnef_parens(levels):
    return ("version 1.0;\nextension KHR_enable_operator_expressions;\ngraph G( x ) -> ( y )\n{\n"
            "    x = external<scalar>(shape = [1]);\n    y = "
            + "(" * levels + "x" + ")" * levels + ";\n}\n").encode()


def nnef_doubling(levels):
    """Fragment f_k calls f_(k-1) twice: 2^levels operations once expanded."""
    lines = ["version 1.0;", "extension KHR_enable_fragment_definitions;", "",
             "fragment f0( x: tensor<scalar> ) -> ( y: tensor<scalar> ) { y = neg(x); }"]
    for k in range(1, levels + 1):
        lines.append("fragment f%d( x: tensor<scalar> ) -> ( y: tensor<scalar> ) "
                     "{ a = f%d(x); y = f%d(a); }" % (k, k - 1, k - 1))
    lines += ["", "graph G( x ) -> ( y )", "{", "    x = external<scalar>(shape = [1]);",
              "    y = f%d(x);" % levels, "}", ""]
    return "\n".join(lines).encode()


def tgz(doc):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as t:
        info = tarfile.TarInfo("graph.nnef")
        info.size = len(doc)
        t.addfile(info, io.BytesIO(doc))
    return gzip.compress(buf.getvalue(), mtime=0)


def nnvm_deep(levels):
    return ('{"nodes": ' + "[" * levels + "]" * levels + ', "arg_nodes": [], "heads": []}').encode()


def main(out):
    seeds = {
        "onnx": {"deep_if_6000.onnx": onnx_deep(6000), "large_add.onnx": onnx_large(200000)},
        "nnef-parser": {"deep_parens.nnef": nnef_parens(5000), "doubling_40.nnef": nnef_doubling(40)},
        # expanded: 2^12 operations, within what the target allows; the 2^39 document joins
        # once fragment expansion counts operations (max_operations) on the way
        "nnef-archive": {"deep_parens.nnef": nnef_parens(5000), "doubling_12.nnef": nnef_doubling(12),
                         "doubling_12.tgz": tgz(nnef_doubling(12))},
        "nnvm-json": {"deep_6000.json": nnvm_deep(6000)},
    }
    for target, files in seeds.items():
        d = os.path.join(out, target)
        os.makedirs(d, exist_ok=True)
        for name, data in files.items():
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    main(sys.argv[1])
