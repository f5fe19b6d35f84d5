#!/usr/bin/python3
"""gen_onnx_flow.py — writes tests/data/onnx/flow/<model>.onnx (ONNX If, Loop and Scan models)
and tests/data/onnx_flow_expected.h (each case's inputs and expected outputs) for
test_onnx_flow.c. The oracle is a plain numpy transcription of ONNX Operators, If / Loop /
Scan (the loops written out step by step), never nnx.
Run: /usr/bin/python3 tests/unit/formats/onnx/gen_onnx_flow.py
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

MODELS = os.path.join(ROOT, "tests", "data", "onnx", "flow")
HEADER = os.path.join(ROOT, "tests", "data", "onnx_flow_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/formats/onnx/gen_onnx_flow.py"
F, I64, B = ow.FLOAT, ow.INT64, ow.BOOL
N = ow.node


# ------------------------------------------------------------------ models

def if_capture():
    """If on a run-time condition; both branches name outer values (x, y), the else branch
    has an initializer of its own."""
    then_g = ow.graph([N("Add", ["y", "x"], ["t"])], [], [], [("t", [3])], "then")
    else_g = ow.graph([N("Sub", ["y", "k"], ["e"])], [ow.tensor("k", np.array([0.5, 0.5, 0.5], np.float32))], [],
                      [("e", [3])], "else")
    nodes = [N("Mul", ["x", "two"], ["y"]),
             N("If", ["c"], ["out"], [ow.attr_graph("then_branch", then_g), ow.attr_graph("else_branch", else_g)])]
    m = ow.model(nodes, [ow.tensor("two", np.array([2, 2, 2], np.float32))], [("c", [1], B), ("x", [3])],
                 [("out", [3])], opset=13, producer="gen_onnx_flow.py")

    def oracle(c, x):
        y = x * np.float32(2)
        return [y + x] if c[0] else [y - np.float32(0.5)]
    return m, oracle


def if_const():
    """The condition is computed from x's shape (a load-time constant): only the then branch is
    mapped, inlined; the branches' shapes differ ([2,1] and [2,3])."""
    then_g = ow.graph([N("ReduceSum", ["x", "axes"], ["t"], [ow.attr_int("keepdims", 1)])], [], [], [("t", [2, 1])],
                      "then")
    else_g = ow.graph([N("Relu", ["x"], ["e"])], [], [], [("e", [2, 3])], "else")
    nodes = [N("Shape", ["x"], ["s"]), N("Gather", ["s", "zero"], ["d"]), N("Equal", ["d", "two"], ["c"]),
             N("If", ["c"], ["out"], [ow.attr_graph("then_branch", then_g), ow.attr_graph("else_branch", else_g)])]
    inits = [ow.tensor("zero", np.array(0, np.int64), I64), ow.tensor("two", np.array(2, np.int64), I64),
             ow.tensor("axes", np.array([1], np.int64), I64)]
    m = ow.model(nodes, inits, [("x", [2, 3])], [("out", [2, 1])], opset=13, producer="gen_onnx_flow.py")

    def oracle(x):
        return [x.sum(axis=1, keepdims=True)]
    return m, oracle


def if_nested():
    """If in If: the inner one names c2 and x, two scopes out."""
    inner_then = ow.graph([N("Add", ["x", "x"], ["a"])], [], [], [("a", [3])], "inner_then")
    inner_else = ow.graph([N("Mul", ["x", "x"], ["b"])], [], [], [("b", [3])], "inner_else")
    outer_then = ow.graph([N("If", ["c2"], ["r"], [ow.attr_graph("then_branch", inner_then),
                                                  ow.attr_graph("else_branch", inner_else)])], [], [], [("r", [3])],
                          "outer_then")
    outer_else = ow.graph([N("Neg", ["x"], ["n"])], [], [], [("n", [3])], "outer_else")
    nodes = [N("If", ["c1"], ["out"], [ow.attr_graph("then_branch", outer_then),
                                       ow.attr_graph("else_branch", outer_else)])]
    m = ow.model(nodes, [], [("c1", [1], B), ("c2", [1], B), ("x", [3])], [("out", [3])], opset=13,
                 producer="gen_onnx_flow.py")

    def oracle(c1, c2, x):
        if c1[0]:
            return [x + x] if c2[0] else [x * x]
        return [-x]
    return m, oracle


def loop_runtime():
    """Loop with a run-time trip count M, a run-time initial condition and a condition the
    body computes from an outer value (limit); carries s, reads the outer w."""
    body = ow.graph([N("Less", ["i", "limit"], ["cond_out"]),
                     N("Cast", ["i"], ["fi"], [ow.attr_int("to", F)]),
                     N("Mul", ["w", "fi"], ["wi"]),
                     N("Add", ["s", "wi"], ["s_out"])], [],
                    [("i", [], I64), ("cond", [], B), ("s", [3])], [("cond_out", [], B), ("s_out", [3])], "body")
    nodes = [N("Mul", ["x", "half"], ["w"]),
             N("Loop", ["M", "c0", "x"], ["s_final"], [ow.attr_graph("body", body)])]
    m = ow.model(nodes, [ow.tensor("half", np.array([0.5], np.float32))],
                 [("M", [], I64), ("c0", [], B), ("limit", [], I64), ("x", [3])], [("s_final", [3])], opset=13,
                 producer="gen_onnx_flow.py")

    def oracle(M, c0, limit, x):
        w = x * np.float32(0.5)
        s, cond, i = x.copy(), bool(c0), 0
        while i < int(M) and cond:  # ONNX Operators, Loop: "for (i = 0; i < M && cond; ++i)"
            cond = bool(i < int(limit))
            s = (s + w * np.float32(i)).astype(np.float32)
            i += 1
        return [s]
    return m, oracle


def scan9():
    """Scan (opset 9+): a state, two scan inputs (the second along axis 1, reversed), two scan
    outputs (the second along axis 1, reversed)."""
    body = ow.graph([N("Mul", ["xt", "yt"], ["p"]), N("Add", ["s", "p"], ["s_out"]),
                     N("Mul", ["s_out", "two"], ["o1"]), N("Sub", ["xt", "s_out"], ["o2"])],
                    [ow.tensor("two", np.array([2, 2], np.float32))],
                    [("s", [2]), ("xt", [2]), ("yt", [2])], [("s_out", [2]), ("o1", [2]), ("o2", [2])], "body")
    attrs = [ow.attr_graph("body", body), ow.attr_int("num_scan_inputs", 2), ow.attr_ints("scan_input_axes", [0, 1]),
             ow.attr_ints("scan_input_directions", [0, 1]), ow.attr_ints("scan_output_axes", [0, -1]),
             ow.attr_ints("scan_output_directions", [0, 1])]
    nodes = [N("Scan", ["s0", "x", "y"], ["s_final", "o1s", "o2s"], attrs)]
    m = ow.model(nodes, [], [("s0", [2]), ("x", [4, 2]), ("y", [2, 4])],
                 [("s_final", [2]), ("o1s", [4, 2]), ("o2s", [2, 4])], opset=11, producer="gen_onnx_flow.py")

    def oracle(s0, x, y):
        T = 4
        s = s0.copy()
        o1 = np.zeros((T, 2), np.float32)
        o2 = np.zeros((2, T), np.float32)
        for t in range(T):
            xt, yt = x[t], y[:, T - 1 - t]
            s = (s + xt * yt).astype(np.float32)
            o1[t] = s * np.float32(2)
            o2[:, T - 1 - t] = xt - s
        return [s, o1, o2]
    return m, oracle


def scan8():
    """Scan opset 8: batch axis 0 on every input and output, sequence_lens absent, the scan
    input reversed (directions)."""
    body = ow.graph([N("Add", ["s", "xt"], ["s_out"]), N("Mul", ["s_out", "xt"], ["o"])], [],
                    [("s", [2]), ("xt", [2])], [("s_out", [2]), ("o", [2])], "body")
    attrs = [ow.attr_graph("body", body), ow.attr_int("num_scan_inputs", 1), ow.attr_ints("directions", [1])]
    nodes = [N("Scan", ["", "s0", "x"], ["s_final", "os"], attrs)]
    m = ow.model(nodes, [], [("s0", [2, 2]), ("x", [2, 3, 2])], [("s_final", [2, 2]), ("os", [2, 3, 2])], opset=8,
                 producer="gen_onnx_flow.py")

    def oracle(s0, x):
        B, T = x.shape[0], x.shape[1]
        s = s0.copy()
        o = np.zeros_like(x)
        for b in range(B):
            for t in range(T):
                xt = x[b, T - 1 - t]
                s[b] = s[b] + xt
                o[b, t] = s[b] * xt  # outputs stack in iteration order (Scan-8 has no output directions)
        return [s, o]
    return m, oracle


def loop_scan_const():
    """Loop with scan outputs: the trip count is an initializer, cond is absent and the body
    gives its condition back unchanged, so every iteration runs and the stack is [3, 3]."""
    body = ow.graph([N("Identity", ["cond"], ["cond_out"]), N("Add", ["s", "x"], ["s_out"]),
                     N("Cast", ["i"], ["fi"], [ow.attr_int("to", F)]), N("Mul", ["s_out", "fi"], ["scan"])], [],
                    [("i", [], I64), ("cond", [], B), ("s", [3])],
                    [("cond_out", [], B), ("s_out", [3]), ("scan", [3])], "body")
    nodes = [N("Loop", ["M", "", "s0"], ["s_final", "stack"], [ow.attr_graph("body", body)])]
    m = ow.model(nodes, [ow.tensor("M", np.array(3, np.int64), I64)], [("s0", [3]), ("x", [3])],
                 [("s_final", [3]), ("stack", [3, 3])], opset=13, producer="gen_onnx_flow.py")

    def oracle(s0, x):
        s, rows = s0.copy(), []
        for i in range(3):
            s = (s + x).astype(np.float32)
            rows.append(s * np.float32(i))
        return [s, np.stack(rows)]
    return m, oracle


def loop_scan_may_stop():
    """Loop with scan outputs whose body computes its condition: unrolled at load (M known)."""
    body = ow.graph([N("Less", ["i", "two"], ["cond_out"]), N("Identity", ["s"], ["s_out"]),
                     N("Identity", ["s"], ["scan"])], [ow.tensor("two", np.array(2, np.int64), I64)],
                    [("i", [], I64), ("cond", [], B), ("s", [3])],
                    [("cond_out", [], B), ("s_out", [3]), ("scan", [3])], "body")
    nodes = [N("Loop", ["M", "", "x"], ["s_final", "stack"], [ow.attr_graph("body", body)])]
    return ow.model(nodes, [ow.tensor("M", np.array(4, np.int64), I64)], [("x", [3])],
                    [("s_final", [3]), ("stack", [4, 3])], opset=13, producer="gen_onnx_flow.py"), None


def loop_scan_runtime():
    """Loop with scan outputs and a run-time trip count: refused at load."""
    body = ow.graph([N("Identity", ["cond"], ["cond_out"]), N("Identity", ["s"], ["s_out"]),
                     N("Identity", ["s"], ["scan"])], [],
                    [("i", [], I64), ("cond", [], B), ("s", [3])],
                    [("cond_out", [], B), ("s_out", [3]), ("scan", [3])], "body")
    nodes = [N("Loop", ["M", "", "x"], ["s_final", "stack"], [ow.attr_graph("body", body)])]
    return ow.model(nodes, [], [("M", [], I64), ("x", [3])], [("s_final", [3]), ("stack", [2, 3])], opset=13,
                    producer="gen_onnx_flow.py"), None


def if_shapes_differ():
    """Branches of different shapes on a run-time condition: refused at load."""
    then_g = ow.graph([N("Relu", ["x"], ["t"])], [], [], [("t", [3])], "then")
    else_g = ow.graph([N("ReduceSum", ["x"], ["e"], [ow.attr_int("keepdims", 1)])], [], [], [("e", [1])], "else")
    nodes = [N("If", ["c"], ["out"], [ow.attr_graph("then_branch", then_g), ow.attr_graph("else_branch", else_g)])]
    return ow.model(nodes, [], [("c", [1], B), ("x", [3])], [("out", [3])], opset=13,
                    producer="gen_onnx_flow.py"), None


def if_too_deep():
    """If nested 70 deep: refused before anything is built (the limit is 64)."""
    leaf = ow.graph([N("Relu", ["x"], ["r0"])], [], [], [("r0", [3])], "leaf")
    g = leaf
    for d in range(1, 71):
        branches = [ow.attr_graph("then_branch", g), ow.attr_graph("else_branch", leaf)]
        g = ow.graph([N("If", ["c"], ["r%d" % d], branches)], [], [], [("r%d" % d, [3])], "level%d" % d)
    nodes = [N("If", ["c"], ["out"], [ow.attr_graph("then_branch", g), ow.attr_graph("else_branch", leaf)])]
    return ow.model(nodes, [], [("c", [1], B), ("x", [3])], [("out", [3])], opset=13,
                    producer="gen_onnx_flow.py"), None


MODELS_BY_NAME = {"if_capture": if_capture, "if_const": if_const, "if_nested": if_nested,
                  "loop_runtime": loop_runtime, "scan9": scan9, "scan8": scan8, "loop_scan_runtime": loop_scan_runtime,
                  "loop_scan_const": loop_scan_const, "loop_scan_may_stop": loop_scan_may_stop,
                  "if_shapes_differ": if_shapes_differ, "if_too_deep": if_too_deep}

# (case, model, inputs as (name, numpy array, onnx type), output names)
rng = np.random.default_rng(20261128)


def f32(*shape):
    return rng.uniform(-2, 2, shape).astype(np.float32)


X3 = f32(3)
CASES = [
    ("if_capture_true", "if_capture", [("c", np.array([True]), B), ("x", X3, F)], ["out"]),
    ("if_capture_false", "if_capture", [("c", np.array([False]), B), ("x", X3, F)], ["out"]),
    ("if_const", "if_const", [("x", f32(2, 3), F)], ["out"]),
    ("if_nested_tt", "if_nested", [("c1", np.array([True]), B), ("c2", np.array([True]), B), ("x", X3, F)], ["out"]),
    ("if_nested_tf", "if_nested", [("c1", np.array([True]), B), ("c2", np.array([False]), B), ("x", X3, F)], ["out"]),
    ("if_nested_ft", "if_nested", [("c1", np.array([False]), B), ("c2", np.array([True]), B), ("x", X3, F)], ["out"]),
    ("loop_runtime_m5", "loop_runtime",
     [("M", np.array(5, np.int64), I64), ("c0", np.array(True), B), ("limit", np.array(100, np.int64), I64),
      ("x", X3, F)], ["s_final"]),
    ("loop_runtime_limit", "loop_runtime",
     [("M", np.array(9, np.int64), I64), ("c0", np.array(True), B), ("limit", np.array(2, np.int64), I64),
      ("x", X3, F)], ["s_final"]),
    ("loop_runtime_m0", "loop_runtime",
     [("M", np.array(0, np.int64), I64), ("c0", np.array(True), B), ("limit", np.array(100, np.int64), I64),
      ("x", X3, F)], ["s_final"]),
    ("loop_runtime_cond_false", "loop_runtime",
     [("M", np.array(4, np.int64), I64), ("c0", np.array(False), B), ("limit", np.array(100, np.int64), I64),
      ("x", X3, F)], ["s_final"]),
    ("scan9", "scan9", [("s0", f32(2), F), ("x", f32(4, 2), F), ("y", f32(2, 4), F)], ["s_final", "o1s", "o2s"]),
    ("loop_scan_const", "loop_scan_const", [("s0", f32(3), F), ("x", f32(3), F)], ["s_final", "stack"]),
    ("scan8_batch2", "scan8", [("s0", f32(2, 2), F), ("x", f32(2, 3, 2), F)], ["s_final", "os"]),
]

def main():
    oracle_cases.write(MODELS, MODELS_BY_NAME, CASES, HEADER, COMMAND,
                       "the ONNX If / Loop / Scan cases (test_onnx_flow.c)", "onnx_flow_cases")


if __name__ == "__main__":
    main()
