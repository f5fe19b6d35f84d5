"""onnx_pb.py — a small reader of the protobuf wire format for the ONNX backend test data,
so that the tests need no `onnx` package: TensorProto (onnx.proto) as NumPy arrays, the
SequenceProto / OptionalProto of onnx-data.proto, and the graph inputs and outputs of a
ModelProto with their kinds (tensor, sequence, optional) and initializer names."""
from __future__ import annotations

import dataclasses

import numpy as np

# TensorProto.DataType (onnx.proto) -> NumPy dtype. BFLOAT16 has no NumPy type: it is read
# as its uint16 bits (the conformance runner does the same). STRING (8) is handled apart.
DTYPES = {
    1: np.float32, 2: np.uint8, 3: np.int8, 4: np.uint16, 5: np.int16, 6: np.int32, 7: np.int64,
    9: np.bool_, 10: np.float16, 11: np.float64, 12: np.uint32, 13: np.uint64, 16: np.uint16,
}
STRING, BFLOAT16 = 8, 16


class WireError(ValueError):
    """The bytes are not a valid protobuf message of the expected kind."""


def _varint(buf: bytes, pos: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if pos >= len(buf) or shift >= 64:
            raise WireError("truncated varint")
        b = buf[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        if not b & 0x80:
            return value, pos
        shift += 7


def fields(buf: bytes):
    """Yields (field number, wire type, value) for each field of a message: an int for
    varints (wire 0), bytes for fixed64 / fixed32 (1, 5) and length-delimited fields (2)."""
    pos = 0
    while pos < len(buf):
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(buf, pos)
        elif wire in (1, 5):
            n = 8 if wire == 1 else 4
            if pos + n > len(buf):
                raise WireError("truncated fixed field")
            value, pos = buf[pos:pos + n], pos + n
        elif wire == 2:
            n, pos = _varint(buf, pos)
            if pos + n > len(buf):
                raise WireError("truncated length-delimited field")
            value, pos = buf[pos:pos + n], pos + n
        else:
            raise WireError(f"wire type {wire} (groups are not used by onnx.proto)")
        yield number, wire, value


def _signed64(v: int) -> int:
    return v - (1 << 64) if v >= 1 << 63 else v


def _varints(wire: int, value) -> list[int]:
    """A repeated varint field's values: packed (wire 2) or one unpacked element (wire 0)."""
    if wire == 0:
        return [value]
    out, pos = [], 0
    while pos < len(value):
        v, pos = _varint(value, pos)
        out.append(v)
    return out


@dataclasses.dataclass
class Tensor:
    """A decoded TensorProto: array is None for a STRING tensor, whose values are strings
    (bytes, row-major) of the given shape."""
    name: str
    data_type: int
    shape: tuple[int, ...]
    array: np.ndarray | None
    strings: list[bytes] | None = None


def parse_tensor(buf: bytes) -> Tensor:
    """A serialized TensorProto. Data comes from raw_data (little-endian) when present, else
    from the typed field onnx.proto names for the type: float_data (4), int32_data (5: every
    type of 32 bits or less that is not float, float16 / bfloat16 as their bits), string_data
    (6), int64_data (7), double_data (10), uint64_data (11: uint32, uint64)."""
    dims, data_type, name, raw = [], 0, "", None
    floats, doubles, int32s, int64s, uint64s, strings = [], [], [], [], [], []
    for number, wire, value in fields(buf):
        if number == 1:
            dims += [_signed64(v) for v in _varints(wire, value)]
        elif number == 2 and wire == 0:
            data_type = value
        elif number == 4:
            floats.append(value)  # packed bytes, or one unpacked fixed32
        elif number == 5:
            int32s += _varints(wire, value)
        elif number == 6 and wire == 2:
            strings.append(bytes(value))
        elif number == 7:
            int64s += _varints(wire, value)
        elif number == 8 and wire == 2:
            name = value.decode("utf-8")
        elif number == 9 and wire == 2:
            raw = bytes(value)
        elif number == 10:
            doubles.append(value)  # packed bytes, or one unpacked fixed64
        elif number == 11:
            uint64s += _varints(wire, value)
        elif number == 14 and wire == 0 and value == 1:
            raise WireError(f"tensor '{name}': external data is not read by this reader")
    shape = tuple(dims)
    count = int(np.prod(shape, dtype=np.int64)) if shape else 1
    if data_type == STRING:
        if len(strings) != count:
            raise WireError(f"tensor '{name}': {len(strings)} strings for shape {shape}")
        return Tensor(name, data_type, shape, None, strings)
    if data_type not in DTYPES:
        raise WireError(f"tensor '{name}': data type {data_type} is not read by this reader")
    dtype = np.dtype(DTYPES[data_type]).newbyteorder("<")
    if raw is not None:
        array = np.frombuffer(raw, dtype=dtype)
    elif data_type == 1:
        array = np.frombuffer(b"".join(floats), dtype="<f4")
    elif data_type == 11:
        array = np.frombuffer(b"".join(doubles), dtype="<f8")
    elif data_type == 7:
        array = np.array([_signed64(v) for v in int64s], dtype=np.int64)
    elif data_type in (12, 13):
        array = np.array(uint64s, dtype=np.uint64).astype(dtype)
    else:
        # int32_data holds each value as an int32 varint (negative ones sign-extended to 64
        # bits); 16-bit floats as their bit patterns.
        bits = np.array([_signed64(v) for v in int32s], dtype=np.int64)
        if data_type in (10, 16):
            array = bits.astype(np.uint16).view(dtype)
        else:
            array = bits.astype(dtype)
    if array.size != count:
        raise WireError(f"tensor '{name}': {array.size} values for shape {shape}")
    return Tensor(name, data_type, shape, array.astype(dtype.newbyteorder("=")).reshape(shape))


@dataclasses.dataclass
class Sequence:
    """A SequenceProto of tensors (onnx-data.proto: tensor_values, field 3)."""
    name: str
    tensors: list[Tensor]


@dataclasses.dataclass
class Optional:
    """An OptionalProto (onnx-data.proto): value is a Tensor, a Sequence or None (absent)."""
    name: str
    value: Tensor | Sequence | None


def parse_sequence(buf: bytes) -> Sequence:
    name, tensors = "", []
    for number, wire, value in fields(buf):
        if number == 1 and wire == 2:
            name = value.decode("utf-8")
        elif number == 3 and wire == 2:
            tensors.append(parse_tensor(value))
        elif number in (4, 5, 6, 7):
            raise WireError(f"sequence '{name}': a sequence of non-tensors")
    return Sequence(name, tensors)


def parse_optional(buf: bytes) -> Optional:
    name, value_ = "", None
    for number, wire, value in fields(buf):
        if number == 1 and wire == 2:
            name = value.decode("utf-8")
        elif number == 3 and wire == 2:
            value_ = parse_tensor(value)
        elif number == 5 and wire == 2:
            value_ = parse_sequence(value)
        elif number in (4, 6, 7):
            raise WireError(f"optional '{name}': neither a tensor nor a sequence")
    return Optional(name, value_)


TENSOR, SEQUENCE, OPTIONAL = "tensor", "sequence", "optional"


@dataclasses.dataclass
class GraphValue:
    """A graph input or output (ValueInfoProto): its name and kind (TypeProto's value:
    tensor_type 1, sequence_type 4, optional_type 9; anything else read as a tensor)."""
    name: str
    kind: str


def _value_info(buf: bytes) -> GraphValue:
    name, kind = "", TENSOR
    for number, wire, value in fields(buf):
        if number == 1 and wire == 2:
            name = value.decode("utf-8")
        elif number == 2 and wire == 2:
            for t_number, _, _ in fields(value):
                kind = {4: SEQUENCE, 9: OPTIONAL}.get(t_number, kind)
    return GraphValue(name, kind)


def graph_values(model: bytes) -> tuple[list[GraphValue], list[GraphValue]]:
    """The main graph's inputs that have no initializer (what input_K.pb feeds, in order) and
    its outputs. ModelProto.graph is field 7; GraphProto.initializer 5, input 11, output 12."""
    graph = None
    for number, wire, value in fields(model):
        if number == 7 and wire == 2:
            graph = value
    if graph is None:
        raise WireError("not an ONNX model: no graph")
    inputs, outputs, initialized = [], [], set()
    for number, wire, value in fields(graph):
        if number == 5 and wire == 2:
            initialized.add(parse_tensor_name(value))
        elif number == 11 and wire == 2:
            inputs.append(_value_info(value))
        elif number == 12 and wire == 2:
            outputs.append(_value_info(value))
    return [v for v in inputs if v.name not in initialized], outputs


def parse_tensor_name(buf: bytes) -> str:
    """A TensorProto's name (field 8) without decoding its data."""
    for number, wire, value in fields(buf):
        if number == 8 and wire == 2:
            return value.decode("utf-8")
    return ""


def read_value(path, kind: str):
    """The value in a test data file (input_K.pb / output_K.pb) of the given kind."""
    with open(path, "rb") as f:
        buf = f.read()
    return {TENSOR: parse_tensor, SEQUENCE: parse_sequence, OPTIONAL: parse_optional}[kind](buf)
