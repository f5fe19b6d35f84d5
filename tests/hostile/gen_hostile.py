"""gen_hostile.py — writes the hostile inputs of issue 27 into the folder given as the only
argument (at test time; nothing here is checked in as a large file): protobufs nested
thousands deep, FIFOs where files belong, NNEF documents that expand without bound, a gzip
bomb, graphs of 100k operations / outputs / names, links that leave the model's folder and
small malformed models. run_hostile.py holds what nnx must answer for each.
"""
import json
import os
import shutil
import struct
import sys
import tarfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "data", "onnx"))

import numpy as np  # noqa: E402
from onnx_wire import f_bytes, f_int, model, node, value_info  # noqa: E402

import gen_deep  # noqa: E402  (tests/data/onnx: the 6000-deep type, the 4000-deep If)
import gen_load_errors  # noqa: E402  (tests/data/onnx: external data, dims, empty op_type, MatMul)

NNEF_HEAD = "version 1.0;\nextension KHR_enable_fragment_definitions, KHR_enable_operator_expressions;\n\n"


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def fifo(path):
    if os.path.lexists(path):
        os.remove(path)
    os.mkfifo(path)


def link(target, path):
    if os.path.lexists(path):
        os.remove(path)
    os.symlink(target, path)


def dat_bytes(a):
    """An NNEF 1.0.2 tensor file (§5.2) of float32 data: 128-byte header, then the items."""
    a = np.ascontiguousarray(a, dtype="<f4")
    header = bytearray(128)
    header[0:4] = b"\x4e\xef\x01\x00"
    struct.pack_into("<II", header, 4, a.nbytes, a.ndim)
    for i, e in enumerate(a.shape):
        struct.pack_into("<I", header, 12 + 4 * i, e)
    struct.pack_into("<II", header, 44, 32, 0)
    return bytes(header) + a.tobytes()


def relu_model(opset=13):
    return model([node("Relu", ["x"], ["y"])], [], [("x", [1, 4])], [("y", [1, 4])], opset=opset)


# ---------------------------------------------------------------- NNEF documents

def nnef_doubling(levels):
    """f0 = relu; f_k calls f_{k-1} twice, k = 1..levels: 2^levels operations (3.7 KB for 39)."""
    s = NNEF_HEAD + "fragment f0( x: tensor<scalar> ) -> ( y: tensor<scalar> )\n{\n    y = relu(x);\n}\n"
    for k in range(1, levels + 1):
        s += ("fragment f%d( x: tensor<scalar> ) -> ( y: tensor<scalar> )\n{\n"
              "    a = f%d(x);\n    y = f%d(a);\n}\n" % (k, k - 1, k - 1))
    return s + "graph g( x ) -> ( y )\n{\n    x = external(shape = [1, 4]);\n    y = f%d(x);\n}\n" % levels


def nnef_chain(levels):
    """f0 = relu; f_k calls f_{k-1} once: fragment expansion nested `levels` deep."""
    s = NNEF_HEAD + "fragment f0( x: tensor<scalar> ) -> ( y: tensor<scalar> )\n{\n    y = relu(x);\n}\n"
    for k in range(1, levels + 1):
        s += "fragment f%d( x: tensor<scalar> ) -> ( y: tensor<scalar> )\n{\n    y = f%d(x);\n}\n" % (k, k - 1)
    return s + "graph g( x ) -> ( y )\n{\n    x = external(shape = [1, 4]);\n    y = f%d(x);\n}\n" % levels


def nnef_comprehension(n):
    """A list of n lists of n integers (3.6 billion for 60000) from a document of ~320 bytes;
    its length (n) chooses the slice's end, so the list is needed."""
    return (NNEF_HEAD + "fragment big( x: tensor<scalar>, n: integer ) -> ( y: tensor<scalar> )\n{\n"
            "    rows = [for i in [0] * n yield [i] * n];\n"
            "    y = slice(x, axes = [1], begin = [0], end = [length_of(rows) - n + 1]);\n}\n"
            "graph g( x ) -> ( y )\n{\n    x = external(shape = [1, 4]);\n    y = big(x, n = %d);\n}\n" % n)


NNEF_VARIABLE = """version 1.0;

graph g( x ) -> ( y )
{
    x = external(shape = [1, 4]);
    w = variable(shape = [1, 4], label = '%s');
    y = add(x, w);
}
"""


def nnef_quant_folder(path, entry):
    write(os.path.join(path, "graph.nnef"), NNEF_VARIABLE % "w")
    write(os.path.join(path, "w.dat"), dat_bytes(np.ones((1, 4))))
    write(os.path.join(path, "graph.quant"), '"w": %s;\n' % entry)


# ---------------------------------------------------------------- the archive bomb

def gzip_bomb_tar(path, zero_mib):
    """A .tgz of an NNEF folder whose w.dat header claims a [1, 4] tensor and is followed by
    zero_mib MiB of zeros. The deflate stream repeats one compressed MiB of zeros (each chunk
    ends in a full flush, so the bytes are the same every time): ~1 KB per MiB, written in
    about a second without compressing a gigabyte."""
    graph_nnef = (NNEF_VARIABLE % "w").encode()
    payload_len = 128 + (zero_mib << 20)
    member = tarfile.TarInfo("graph.nnef")
    member.size = len(graph_nnef)
    prefix = member.tobuf(tarfile.USTAR_FORMAT) + graph_nnef + bytes((-len(graph_nnef)) % 512)
    member = tarfile.TarInfo("w.dat")
    member.size = payload_len
    prefix += member.tobuf(tarfile.USTAR_FORMAT) + dat_bytes(np.ones((1, 4)))[:128]
    zero = bytes(1 << 20)
    pad = (-payload_len) % 512
    suffix = bytes(pad) + bytes(1024)  # the member's padding, then tar's two zero blocks

    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = [c.compress(prefix) + c.flush(zlib.Z_FULL_FLUSH)]
    chunk = c.compress(zero) + c.flush(zlib.Z_FULL_FLUSH)
    crc = zlib.crc32(prefix)
    for _ in range(zero_mib):
        crc = zlib.crc32(zero, crc)
    tail = c.compress(suffix) + c.flush(zlib.Z_FINISH)
    crc = zlib.crc32(suffix, crc)
    size = len(prefix) + (zero_mib << 20) + len(suffix)
    with open(path, "wb") as f:
        f.write(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff")  # gzip member header (RFC 1952)
        f.write(body[0])
        for _ in range(zero_mib):
            f.write(chunk)
        f.write(tail)
        f.write(struct.pack("<II", crc & 0xFFFFFFFF, size & 0xFFFFFFFF))


# ---------------------------------------------------------------- 100k-size graphs

def onnx_outputs(n):
    """n Relu nodes on one input, every one a graph output."""
    nodes = b"".join(f_bytes(1, node("Relu", ["x"], ["y%d" % i])) for i in range(n))
    g = nodes + f_bytes(2, "g") + f_bytes(11, value_info("x", [1, 4]))
    g += b"".join(f_bytes(12, value_info("y%d" % i, [1, 4])) for i in range(n))
    return wrap(g)


def onnx_unknown_ops(n):
    """A chain of n nodes whose operators (Unknown0 ... Unknown{n-1}) are all distinct and unknown."""
    nodes = b"".join(f_bytes(1, node("Unknown%d" % i, ["x" if i == 0 else "t%d" % (i - 1)], ["t%d" % i],
                                     domain="hostile.example")) for i in range(n))
    g = nodes + f_bytes(2, "g") + f_bytes(11, value_info("x", [1, 4])) + f_bytes(12, value_info("t%d" % (n - 1), [1, 4]))
    return wrap(g, extra_opset=("hostile.example", 1))


def onnx_chain(n):
    """Relu and Add alternating over x, n nodes (bench/make_chain_onnx.py's graph)."""
    nodes, prev = [], "x"
    for i in range(1, n + 1):
        nodes.append(node("Relu", [prev], ["t%d" % i]) if i % 2 else node("Add", [prev, "x"], ["t%d" % i]))
        prev = "t%d" % i
    return model(nodes, [], [("x", [1, 16])], [(prev, [1, 16])], producer="gen_hostile.py")


def wrap(g, opset=13, extra_opset=None):
    m = f_int(1, 8) + f_bytes(2, "gen_hostile.py") + f_bytes(7, g) + f_bytes(8, f_bytes(1, "") + f_int(2, opset))
    if extra_opset:
        m += f_bytes(8, f_bytes(1, extra_opset[0]) + f_int(2, extra_opset[1]))
    return m


def params_bytes(params):
    """TVM's NDArray-list layout (as tests/unit/formats/nnvm/gen_nnvm.py writes it, joined
    once: that one appends to one bytes object, quadratic in 100k entries)."""
    out = [struct.pack("<QQQ", 0xF7E58D4F05049CB7, 0, len(params))]
    for name in params:
        out.append(struct.pack("<Q", len(name)) + name.encode())
    out.append(struct.pack("<Q", len(params)))
    for a in params.values():
        data = np.ascontiguousarray(a, dtype="<f4").tobytes()
        out.append(struct.pack("<QQiiiBBH", 0xDD5E40F096B4A13F, 0, 1, 0, a.ndim, 2, 32, 1))
        out.append(struct.pack("<%dq" % a.ndim, *a.shape) + struct.pack("<q", len(data)) + data)
    return b"".join(out)


def nnvm_sum(folder, n):
    """An NNVM graph adding n [1] weights to its input one after another; graph.params holds
    the n weights (n names)."""
    nodes = [{"op": "null", "name": "data", "inputs": []}]
    prev, params = [0, 0, 0], {}
    for i in range(n):
        nodes.append({"op": "null", "name": "w%d" % i, "inputs": []})
        nodes.append({"op": "elemwise_add", "name": "s%d" % i, "inputs": [prev, [len(nodes) - 1, 0, 0]]})
        prev = [len(nodes) - 1, 0, 0]
        params["w%d" % i] = np.full(1, 1.0, np.float32)
    doc = {"nodes": nodes, "arg_nodes": [i for i, d in enumerate(nodes) if d["op"] == "null"],
           "heads": [prev], "node_row_ptr": list(range(len(nodes) + 1)),
           "attrs": {"shape": ["list_shape", [[1]] * len(nodes)], "dltype": ["list_str", ["float32"] * len(nodes)]}}
    write(os.path.join(folder, "graph.json"), json.dumps(doc))
    write(os.path.join(folder, "graph.params"), params_bytes(params))


def nnvm_outputs(path, n):
    """An NNVM graph without weights: n inputs, each through relu to an output; the relus are
    named y0 ... y9 over and over, so the output names need n suffixes (y0, y0_1, ...)."""
    nodes = [{"op": "null", "name": "x%d" % i, "inputs": []} for i in range(n)]
    nodes += [{"op": "relu", "name": "y%d" % (i % 10), "inputs": [[i, 0, 0]]} for i in range(n)]
    doc = {"nodes": nodes, "arg_nodes": list(range(n)), "heads": [[n + i, 0, 0] for i in range(n)],
           "node_row_ptr": list(range(2 * n + 1)),
           "attrs": {"shape": ["list_shape", [[1]] * (2 * n)], "dltype": ["list_str", ["float32"] * (2 * n)]}}
    write(path, json.dumps(doc))


def nnvm_relu(folder):
    doc = {"nodes": [{"op": "null", "name": "data", "inputs": []}, {"op": "null", "name": "w", "inputs": []},
                     {"op": "elemwise_add", "name": "y", "inputs": [[0, 0, 0], [1, 0, 0]]}],
           "arg_nodes": [0, 1], "heads": [[2, 0, 0]], "node_row_ptr": [0, 1, 2, 3],
           "attrs": {"shape": ["list_shape", [[1, 4]] * 3], "dltype": ["list_str", ["float32"] * 3]}}
    write(os.path.join(folder, "graph.json"), json.dumps(doc))


def main():
    out = os.path.abspath(sys.argv[1])
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    j = lambda *p: os.path.join(out, *p)  # noqa: E731

    # (1) protobuf nesting
    write(j("deep_type.onnx"), gen_deep.deep_type(6000))
    write(j("deep_if.onnx"), gen_deep.deep_if(4000))

    # (2) FIFOs where a file belongs; (7) external data missing, escaping; dims; empty op; MatMul
    os.makedirs(j("onnx"))
    gen_load_errors.main(j("onnx"))  # ext_*.onnx (ext_fifo.bin a FIFO), dim_*.onnx, empty_op.onnx, ...
    os.makedirs(j("fifo"))
    for name in ("m.onnx", "m.nnef", "x.npy"):
        fifo(j("fifo", name))
    write(j("relu.onnx"), relu_model())
    nnvm_relu(j("nnvm_fifo"))
    fifo(j("nnvm_fifo", "graph.params"))

    # (3) NNEF expansion, elements, archive
    write(j("doubling_39.nnef"), nnef_doubling(39))
    write(j("comprehension_60000.nnef"), nnef_comprehension(60000))
    gzip_bomb_tar(j("bomb.tgz"), 1024)

    # (4) 100k of everything
    write(j("chain_100k.onnx"), onnx_chain(100000))
    write(j("outputs_100k.onnx"), onnx_outputs(100000))
    write(j("unknown_50k.onnx"), onnx_unknown_ops(50000))
    nnvm_sum(j("params_100k"), 100000)
    nnvm_outputs(j("nnvm_outputs_100k.json"), 100000)

    # (5) links: w.dat -> /etc/hostname; w.dat -> a valid file outside the folder; ONNX
    # external data through a link that leaves the folder; a convert whose output has a
    # sub-folder link to a sentinel folder
    for name, target in (("link_etc", "/etc/hostname"), ("link_outside", "../outside_w.dat")):
        write(j(name, "graph.nnef"), NNEF_VARIABLE % "w")
        link(target, j(name, "w.dat"))
    write(j("outside_w.dat"), dat_bytes(np.ones((1, 4))))
    os.makedirs(j("ext_link"))
    write(j("secret", "w.bin"), np.full(4, 5.0, np.float32).tobytes())
    link("../secret/w.bin", j("ext_link", "w.bin"))
    gen_load_errors.external_max(j("ext_link"), "m.onnx", "w.bin")
    write(j("sub_label", "graph.nnef"), NNEF_VARIABLE % "sub/w")
    write(j("sub_label", "sub", "w.dat"), dat_bytes(np.ones((1, 4))))
    os.makedirs(j("sentinel"))
    write(j("sentinel", "keep.txt"), "the hostile suite checks that nothing changes here\n")

    # (6) fragment expansion 1,024 deep
    write(j("chain_1024.nnef"), nnef_chain(1024))

    # (7) graph.quant out of range; opset 99; a value defined twice (ONNX, NNEF)
    for name, entry in (("bits_huge", "linear_quantize(min = -1.0, max = 1.0, bits = 1000000)"),
                        ("bits_negative", "linear_quantize(min = -1.0, max = 1.0, bits = -8)"),
                        ("min_over_max", "linear_quantize(min = 1.0, max = -1.0, bits = 8)")):
        nnef_quant_folder(j("quant_" + name), entry)
    write(j("opset99.onnx"), relu_model(opset=99))
    write(j("defined_twice.onnx"),
          model([node("Relu", ["x"], ["y"]), node("Neg", ["x"], ["y"])], [], [("x", [1, 4])], [("y", [1, 4])]))
    write(j("defined_twice.nnef"), "version 1.0;\n\ngraph g( x ) -> ( y )\n{\n    x = external(shape = [1, 4]);\n"
          "    y = relu(x);\n    y = neg(x);\n}\n")


if __name__ == "__main__":
    main()
