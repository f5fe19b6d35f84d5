#!/usr/bin/python3
"""gen_onnx_sequence.py — writes tests/data/onnx/sequence/<model>.onnx (ONNX sequence and
optional models) and tests/data/onnx_sequence_expected.h (each case's inputs and expected
outputs) for test_onnx_sequence.c. The oracle is a plain numpy transcription of ONNX
Operators, SplitToSequence / SequenceAt / SequenceInsert / SequenceErase /
ConcatFromSequence / SequenceMap / Loop / Optional*, never nnx.
Run: /usr/bin/python3 tests/unit/formats/onnx/gen_onnx_sequence.py
"""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "data", "onnx"))
sys.dont_write_bytecode = True  # no __pycache__ beside the test data
import onnx_wire as ow  # noqa: E402
import oracle_cases  # noqa: E402

MODELS = os.path.join(ROOT, "tests", "data", "onnx", "sequence")
HEADER = os.path.join(ROOT, "tests", "data", "onnx_sequence_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/formats/onnx/gen_onnx_sequence.py"
F, I64, B = ow.FLOAT, ow.INT64, ow.BOOL
N = ow.node
PRODUCER = "gen_onnx_sequence.py"


# ------------------------------------------------------------------ sequence types

def tensor_type(shape, elem_type=F):
    """TypeProto with tensor_type (field 1): elem_type, shape."""
    dims = b"".join(ow.f_bytes(1, ow.f_int(1, d)) for d in shape)
    return ow.f_bytes(1, ow.f_int(1, elem_type) + ow.f_bytes(2, dims))


def seq_type(shape, elem_type=F):
    """TypeProto with sequence_type (field 4) of tensors."""
    return ow.f_bytes(4, ow.f_bytes(1, tensor_type(shape, elem_type)))


def vi(name, type_proto):
    return ow.f_bytes(1, name) + ow.f_bytes(2, type_proto)


def graph(nodes, inits, inputs, outputs, name="g"):
    """As ow.graph, with inputs and outputs as ready ValueInfoProtos (vi())."""
    g = b"".join(ow.f_bytes(1, n) for n in nodes) + ow.f_bytes(2, name)
    g += b"".join(ow.f_bytes(5, t) for t in inits)
    g += b"".join(ow.f_bytes(11, i) for i in inputs)
    g += b"".join(ow.f_bytes(12, o) for o in outputs)
    return g


def model(g, opset=17):
    m = ow.f_int(1, 8) + ow.f_bytes(2, PRODUCER)
    return m + ow.f_bytes(7, g) + ow.f_bytes(8, ow.f_bytes(1, "") + ow.f_int(2, opset))


def i64(name, v):
    return ow.tensor(name, np.array(v, np.int64), I64)


# ------------------------------------------------------------------ models

def split_edit_concat():
    """SplitToSequence by sizes [1, 2, 3] along axis 1, SequenceAt 1 negated and inserted at
    1 after SequenceErase -2 (the same part), ConcatFromSequence back along axis 1."""
    nodes = [N("SplitToSequence", ["x", "sizes"], ["s"], [ow.attr_int("axis", 1)]),
             N("SequenceAt", ["s", "one"], ["b"]),
             N("Neg", ["b"], ["nb"]),
             N("SequenceErase", ["s", "minus_two"], ["s2"]),
             N("SequenceInsert", ["s2", "nb", "one"], ["s3"]),
             N("ConcatFromSequence", ["s3"], ["y"], [ow.attr_int("axis", 1)])]
    inits = [i64("sizes", [1, 2, 3]), i64("one", 1), i64("minus_two", -2)]
    g = graph(nodes, inits, [vi("x", tensor_type([2, 6]))], [vi("y", tensor_type([2, 6]))])

    def oracle(x):
        parts = [x[:, :1], x[:, 1:3], x[:, 3:]]
        b = parts[1]
        del parts[-2]
        parts.insert(1, -b)
        return [np.concatenate(parts, axis=1)]
    return model(g), oracle


def map_stack():
    """SplitToSequence into rows (keepdims 0), SequenceMap squaring each with an outer tensor
    added, ConcatFromSequence stacking them along a new last axis."""
    body = graph([N("Mul", ["e", "e"], ["sq"]), N("Add", ["sq", "b"], ["o"])], [],
                 [vi("e", tensor_type([4])), vi("b", tensor_type([4]))], [vi("o", tensor_type([4]))], "body")
    nodes = [N("SplitToSequence", ["x"], ["s"], [ow.attr_int("axis", 0), ow.attr_int("keepdims", 0)]),
             N("SequenceMap", ["s", "bias"], ["m"], [ow.attr_graph("body", body)]),
             N("ConcatFromSequence", ["m"], ["y"], [ow.attr_int("axis", -1), ow.attr_int("new_axis", 1)])]
    g = graph(nodes, [], [vi("x", tensor_type([3, 4])), vi("bias", tensor_type([4]))],
              [vi("y", tensor_type([4, 3]))])

    def oracle(x, bias):
        return [np.stack([r * r + bias for r in x], axis=-1)]
    return model(g), oracle


def loop_seq():
    """A Loop of 3 iterations carrying a sequence (unrolled): iteration i appends x * i; the
    result stacked along a new axis 0."""
    body = graph([N("Identity", ["cond"], ["cond_out"]),
                  N("Cast", ["i"], ["fi"], [ow.attr_int("to", F)]),
                  N("Mul", ["x", "fi"], ["xi"]),
                  N("SequenceInsert", ["seq", "xi"], ["seq_out"])], [],
                 [vi("i", tensor_type([], I64)), vi("cond", tensor_type([], B)), vi("seq", seq_type([3]))],
                 [vi("cond_out", tensor_type([], B)), vi("seq_out", seq_type([3]))], "body")
    nodes = [N("SequenceEmpty", [], ["empty"], [ow.attr_int("dtype", F)]),
             N("Loop", ["M", "", "empty"], ["acc"], [ow.attr_graph("body", body)]),
             N("ConcatFromSequence", ["acc"], ["y"], [ow.attr_int("axis", 0), ow.attr_int("new_axis", 1)])]
    g = graph(nodes, [i64("M", 3)], [vi("x", tensor_type([3]))], [vi("y", tensor_type([3, 3]))])

    def oracle(x):
        return [np.stack([x * np.float32(i) for i in range(3)])]
    return model(g), oracle


def optionals():
    """Optional(x) has an element, an empty input has none: each If's condition is known at
    load, so the chosen branches are inlined (x + 1 from OptionalGetElement, and x - 1)."""
    then1 = graph([N("OptionalGetElement", ["opt"], ["v"]), N("Add", ["v", "one"], ["t1"])], [], [],
                  [vi("t1", tensor_type([3]))], "then1")
    else1 = graph([N("Neg", ["x"], ["e1"])], [], [], [vi("e1", tensor_type([3]))], "else1")
    then2 = graph([N("Relu", ["x"], ["t2"])], [], [], [vi("t2", tensor_type([3]))], "then2")
    else2 = graph([N("Sub", ["x", "one"], ["e2"])], [], [], [vi("e2", tensor_type([3]))], "else2")
    nodes = [N("Optional", ["x"], ["opt"]),
             N("OptionalHasElement", ["opt"], ["h1"]),
             N("OptionalHasElement", [""], ["h0"]),
             N("If", ["h1"], ["y1"], [ow.attr_graph("then_branch", then1), ow.attr_graph("else_branch", else1)]),
             N("If", ["h0"], ["y2"], [ow.attr_graph("then_branch", then2), ow.attr_graph("else_branch", else2)])]
    g = graph(nodes, [ow.tensor("one", np.array([1, 1, 1], np.float32))], [vi("x", tensor_type([3]))],
              [vi("y1", tensor_type([3])), vi("y2", tensor_type([3]))])

    def oracle(x):
        return [x + np.float32(1), x - np.float32(1)]
    return model(g, opset=18), oracle


def seq_io():
    """A sequence graph input and output (flattened: s[0] …, z[0] …) beside a tensor output."""
    nodes = [N("ConcatFromSequence", ["s"], ["y"], [ow.attr_int("axis", 0)]),
             N("Identity", ["s"], ["z"])]
    g = graph(nodes, [], [vi("s", seq_type([2]))], [vi("y", tensor_type([6])), vi("z", seq_type([2]))])
    return model(g), None


def at_runtime_position():
    """SequenceAt at a position that is a graph input: refused (positions are load-time)."""
    nodes = [N("SplitToSequence", ["x"], ["s"]), N("SequenceAt", ["s", "p"], ["y"])]
    g = graph(nodes, [], [vi("x", tensor_type([3, 2])), vi("p", tensor_type([], I64))], [vi("y", tensor_type([1, 2]))])
    return model(g), None


def loop_seq_runtime():
    """A Loop carrying a sequence with a run-time trip count: refused (it would be unrolled)."""
    body = graph([N("Identity", ["cond"], ["cond_out"]), N("SequenceInsert", ["seq", "x"], ["seq_out"])], [],
                 [vi("i", tensor_type([], I64)), vi("cond", tensor_type([], B)), vi("seq", seq_type([3]))],
                 [vi("cond_out", tensor_type([], B)), vi("seq_out", seq_type([3]))], "body")
    nodes = [N("SequenceEmpty", [], ["empty"]),
             N("Loop", ["M", "", "empty"], ["acc"], [ow.attr_graph("body", body)]),
             N("ConcatFromSequence", ["acc"], ["y"], [ow.attr_int("axis", 0)])]
    g = graph(nodes, [], [vi("M", tensor_type([], I64)), vi("x", tensor_type([3]))], [vi("y", tensor_type([3]))])
    return model(g), None


def relu_of_sequence():
    """A sequence fed to an operator that takes tensors: refused naming the input."""
    nodes = [N("SplitToSequence", ["x"], ["s"]), N("Relu", ["s"], ["y"])]
    g = graph(nodes, [], [vi("x", tensor_type([3]))], [vi("y", tensor_type([3]))])
    return model(g), None


MODELS_BY_NAME = {f.__name__: f for f in (split_edit_concat, map_stack, loop_seq, optionals, seq_io,
                                          at_runtime_position, loop_seq_runtime, relu_of_sequence)}

rng = np.random.default_rng(23)


def f32(*shape):
    return rng.uniform(-2, 2, shape).astype(np.float32)


CASES = [
    ("split_edit_concat", "split_edit_concat", [("x", f32(2, 6), F)], ["y"]),
    ("map_stack", "map_stack", [("x", f32(3, 4), F), ("bias", f32(4), F)], ["y"]),
    ("loop_seq", "loop_seq", [("x", f32(3), F)], ["y"]),
    ("optionals", "optionals", [("x", f32(3), F)], ["y1", "y2"]),
]

def main():
    oracle_cases.write(MODELS, MODELS_BY_NAME, CASES, HEADER, COMMAND,
                       "the ONNX sequence / optional cases (test_onnx_sequence.c)", "onnx_seq_cases")


if __name__ == "__main__":
    main()
