"""onnx_wire.py — a hand encoder of the ONNX protobuf wire format (field numbers and enum
values from onnx.proto: ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto,
ValueInfoProto), so the test generators build models with numpy only. Shared by
gen_models.py (beside it), tests/unit/formats/onnx/gen_onnx_recurrent.py and
gen_onnx_flow.py (which builds sub-graphs: graph(), attr_graph()).
"""
import struct

import numpy as np

# TensorProto.DataType
FLOAT = 1
INT32 = 6
INT64 = 7
BOOL = 9
_NUMPY = {FLOAT: np.float32, INT32: np.int32, INT64: np.int64, BOOL: np.bool_}

# AttributeProto.AttributeType
_A_FLOAT, _A_INT, _A_STRING, _A_GRAPH, _A_FLOATS, _A_INTS, _A_STRINGS = 1, 2, 3, 5, 6, 7, 8


def varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def key(field, wire):
    return varint((field << 3) | wire)


def f_int(field, v):
    return key(field, 0) + varint(v & 0xFFFFFFFFFFFFFFFF)


def f_bytes(field, b):
    if isinstance(b, str):
        b = b.encode()
    return key(field, 2) + varint(len(b)) + b


def f_float(field, v):
    return key(field, 5) + struct.pack("<f", v)


def tensor(name, arr, elem_type=FLOAT):
    """A TensorProto with raw_data (little-endian, as onnx.proto requires)."""
    arr = np.asarray(arr, dtype=_NUMPY[elem_type])
    t = b"".join(f_int(1, d) for d in arr.shape)  # dims
    t += f_int(2, elem_type) + f_bytes(8, name) + f_bytes(9, arr.astype(arr.dtype.newbyteorder("<")).tobytes())
    return t


def value_info(name, shape, elem_type=FLOAT):
    # Dimension.dim_value, or dim_param for a name (a symbolic dimension), or neither for
    # None (an unknown dimension)
    dims = b"".join(f_bytes(1, b"" if d is None else f_bytes(2, d) if isinstance(d, str) else f_int(1, d))
                    for d in shape)
    tensor_type = f_int(1, elem_type) + f_bytes(2, dims)  # elem_type, shape
    return f_bytes(1, name) + f_bytes(2, f_bytes(1, tensor_type))  # name, type.tensor_type


def attr_int(name, v):
    return f_bytes(1, name) + f_int(20, _A_INT) + f_int(3, v)  # type, i


def attr_float(name, v):
    return f_bytes(1, name) + f_int(20, _A_FLOAT) + f_float(2, v)  # type, f


def attr_string(name, s):
    return f_bytes(1, name) + f_int(20, _A_STRING) + f_bytes(4, s)  # type, s


def attr_ints(name, vals):
    return f_bytes(1, name) + f_int(20, _A_INTS) + b"".join(f_int(8, v) for v in vals)  # type, ints


def attr_floats(name, vals):
    return f_bytes(1, name) + f_int(20, _A_FLOATS) + b"".join(f_float(7, v) for v in vals)  # type, floats


def attr_strings(name, vals):
    return f_bytes(1, name) + f_int(20, _A_STRINGS) + b"".join(f_bytes(9, s) for s in vals)  # type, strings


def attr_graph(name, g):
    return f_bytes(1, name) + f_int(20, _A_GRAPH) + f_bytes(6, g)  # type, g


def node(op, inputs, outputs, attrs=(), domain=None):
    n = b"".join(f_bytes(1, i) for i in inputs) + b"".join(f_bytes(2, o) for o in outputs)
    n += f_bytes(4, op)
    if domain:
        n += f_bytes(7, domain)
    n += b"".join(f_bytes(5, a) for a in attrs)
    return n


def graph(nodes, inits, inputs, outputs, name="g"):
    """A GraphProto (a model's graph, or a sub-graph for attr_graph); inputs and outputs as
    model() takes them."""
    g = b"".join(f_bytes(1, n) for n in nodes) + f_bytes(2, name)
    g += b"".join(f_bytes(5, t) for t in inits)
    g += b"".join(f_bytes(11, value_info(*i)) for i in inputs)
    g += b"".join(f_bytes(12, value_info(*o)) for o in outputs)
    return g


def model(nodes, inits, inputs, outputs, opset=13, producer="gen_models.py"):
    """inputs, outputs: (name, shape) or (name, shape, elem_type) tuples."""
    g = graph(nodes, inits, inputs, outputs)
    m = f_int(1, 8) + f_bytes(2, producer)  # ir_version, producer_name
    m += f_bytes(7, g) + f_bytes(8, f_bytes(1, "") + f_int(2, opset))  # graph, opset_import
    return m
