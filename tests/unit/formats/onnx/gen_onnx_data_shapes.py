#!/usr/bin/python3
"""gen_onnx_data_shapes.py — writes tests/data/onnx/data_shapes/<model>.onnx (ONNX models in
which an output shape depends on run-time values: NonZero, NonMaxSuppression, Unique,
Compress, TopK with an input k (0 too) or a K above 64, an If whose branch holds Unique,
Expand / Reshape / Range on an input shape, If branches of different shapes, Loop scan
outputs over a run-time trip count) and tests/data/onnx_data_shapes_expected.h (each case's
inputs and expected outputs, in their own types) for test_onnx_data_shapes.c, and one .npy
input for the command-line tests. The oracle is a numpy transcription of ONNX Operators
(NonMaxSuppression written out as the spec's greedy selection), never nnx.
Run: /usr/bin/python3 tests/unit/formats/onnx/gen_onnx_data_shapes.py
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

MODELS = os.path.join(ROOT, "tests", "data", "onnx", "data_shapes")
HEADER = os.path.join(ROOT, "tests", "data", "onnx_data_shapes_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/formats/onnx/gen_onnx_data_shapes.py"
F, I64, B = ow.FLOAT, ow.INT64, ow.BOOL
N = ow.node
PRODUCER = "gen_onnx_data_shapes.py"


def i64(*v):
    return np.array(v, np.int64)


# ------------------------------------------------------------------ models

def nonzero_gather():
    """The positive elements of x doubled, and their count (as Shape gives it)."""
    nodes = [N("Greater", ["x", "zero"], ["m"]), N("NonZero", ["m"], ["idx"]),
             N("Reshape", ["idx", "minus1"], ["flat"]), N("Gather", ["x", "flat"], ["g"]),
             N("Mul", ["g", "two"], ["y"]), N("Shape", ["y"], ["n"])]
    inits = [ow.tensor("zero", np.float32(0)), ow.tensor("minus1", i64(-1), I64), ow.tensor("two", np.float32(2))]
    m = ow.model(nodes, inits, [("x", [6])], [("y", ["k"]), ("n", [1], I64)], producer=PRODUCER)

    def oracle(x):
        y = x[x > 0] * np.float32(2)
        return [y, i64(y.size)]
    return m, oracle


def nms_oracle(boxes, scores, max_out, iou_thr, score_thr):
    """ONNX Operators, NonMaxSuppression (center_point_box 0): per batch and class, boxes by
    descending score (ties: lower index first) above score_thr, each kept unless a kept box
    overlaps it with IoU > iou_thr, at most max_out per class."""
    sel = []
    for b in range(boxes.shape[0]):
        for c in range(scores.shape[1]):
            s = scores[b, c]
            order = sorted((i for i in range(s.size) if s[i] > score_thr), key=lambda i: (-s[i], i))
            kept = []
            for i in order:
                if len(kept) == max_out:
                    break
                if all(iou(boxes[b, i], boxes[b, k]) <= iou_thr for k in kept):
                    kept.append(i)
            sel += [[b, c, k] for k in kept]
    return np.array(sel, np.int64).reshape(-1, 3)


def iou(a, b):
    ay0, ay1 = sorted((a[0], a[2]))
    ax0, ax1 = sorted((a[1], a[3]))
    by0, by1 = sorted((b[0], b[2]))
    bx0, bx1 = sorted((b[1], b[3]))
    area_a, area_b = (ay1 - ay0) * (ax1 - ax0), (by1 - by0) * (bx1 - bx0)
    ih = max(0.0, min(ay1, by1) - max(ay0, by0))
    iw = max(0.0, min(ax1, bx1) - max(ax0, bx0))
    inter = ih * iw
    if area_a <= 0 or area_b <= 0:
        return 0.0
    return inter / (area_a + area_b - inter)


def nms_gather():
    """NonMaxSuppression on run-time boxes and scores, then the kept boxes gathered: a
    detector's tail."""
    nodes = [N("NonMaxSuppression", ["boxes", "scores", "max_out", "iou", "thr"], ["sel"]),
             N("Slice", ["sel", "s0", "s1", "ax1"], ["col"]), N("Reshape", ["col", "minus1"], ["which"]),
             N("Squeeze", ["boxes", "ax0"], ["flat"]), N("Gather", ["flat", "which"], ["picked"])]
    inits = [ow.tensor("max_out", i64(3), I64), ow.tensor("iou", np.array([0.5], np.float32)),
             ow.tensor("thr", np.array([0.2], np.float32)), ow.tensor("s0", i64(2), I64),
             ow.tensor("s1", i64(3), I64), ow.tensor("ax1", i64(1), I64), ow.tensor("ax0", i64(0), I64),
             ow.tensor("minus1", i64(-1), I64)]
    m = ow.model(nodes, inits, [("boxes", [1, 6, 4]), ("scores", [1, 1, 6])],
                 [("sel", ["k", 3], I64), ("picked", ["k", 4])], producer=PRODUCER)

    def oracle(boxes, scores):
        sel = nms_oracle(boxes, scores, 3, 0.5, 0.2)
        return [sel, boxes[0][sel[:, 2]]]
    return m, oracle


def unique_all():
    """Unique (sorted) with its four outputs."""
    nodes = [N("Unique", ["x"], ["y", "first", "inverse", "counts"], [ow.attr_int("sorted", 1)])]
    m = ow.model(nodes, [], [("x", [8])], [("y", ["u"]), ("first", ["u"], I64), ("inverse", [8], I64),
                                           ("counts", ["u"], I64)], opset=11, producer=PRODUCER)

    def oracle(x):
        y, first, inverse, counts = np.unique(x, return_index=True, return_inverse=True, return_counts=True)
        return [y, first.astype(np.int64), inverse.astype(np.int64), counts.astype(np.int64)]
    return m, oracle


def compress_sum():
    """The positive elements of x (Compress on a computed condition), and their sum."""
    nodes = [N("Greater", ["x", "zero"], ["m"]), N("Compress", ["x", "m"], ["c"], [ow.attr_int("axis", 0)]),
             N("ReduceSum", ["c"], ["s"], [ow.attr_int("keepdims", 1)])]
    m = ow.model(nodes, [ow.tensor("zero", np.float32(0))], [("x", [6])], [("c", ["k"]), ("s", [1])],
                 producer=PRODUCER)

    def oracle(x):
        c = x[x > 0]
        return [c, np.array([c.sum()], np.float32)]
    return m, oracle


def topk_input_k():
    """TopK whose k is a graph input."""
    nodes = [N("TopK", ["x", "k"], ["v", "i"])]
    m = ow.model(nodes, [], [("x", [8]), ("k", [1], I64)], [("v", ["k"]), ("i", ["k"], I64)], producer=PRODUCER)

    def oracle(x, k):
        i = np.argsort(-x, kind="stable")[: int(k[0])]
        return [x[i], i.astype(np.int64)]
    return m, oracle


def topk_large():
    """TopK with a constant K above 64 (too many rounds to expand) of computed values: a
    stage computes it from the values, ties in the order of the lower index."""
    nodes = [N("Mul", ["x", "two"], ["d"]), N("TopK", ["d", "k"], ["v", "i"])]
    inits = [ow.tensor("two", np.float32(2)), ow.tensor("k", i64(70), I64)]
    m = ow.model(nodes, inits, [("x", [96])], [("v", [70]), ("i", [70], I64)], producer=PRODUCER)

    def oracle(x):
        d = x * np.float32(2)
        i = np.argsort(-d, kind="stable")[:70]
        return [d[i], i.astype(np.int64)]
    return m, oracle


def if_unique():
    """An If on a computed condition whose then_branch holds Unique of an outer computed
    value (as torchvision's scripted batched_nms): the branch cannot be compiled alone, the
    stage computing the If knows the condition and maps the chosen branch only."""
    then_g = ow.graph([N("Unique", ["d"], ["t"], [ow.attr_int("sorted", 1)])], [], [], [("t", ["u"])], "then")
    else_g = ow.graph([N("Neg", ["d"], ["e"])], [], [], [("e", [6])], "else")
    nodes = [N("Mul", ["x", "two"], ["d"]), N("ReduceSum", ["x"], ["s"], [ow.attr_int("keepdims", 0)]),
             N("Greater", ["s", "zero"], ["c"]),
             N("If", ["c"], ["y"], [ow.attr_graph("then_branch", then_g), ow.attr_graph("else_branch", else_g)])]
    inits = [ow.tensor("two", np.float32(2)), ow.tensor("zero", np.float32(0))]
    m = ow.model(nodes, inits, [("x", [6])], [("y", ["u"])], producer=PRODUCER)

    def oracle(x):
        d = x * np.float32(2)
        return [np.unique(d) if x.sum() > 0 else -d]
    return m, oracle


def expand_input_shape():
    """Expand to a shape given as an input, an extent 0 too (torchvision's MultiScaleRoIAlign
    expands its scatter index to the boxes of an FPN level that may have none)."""
    nodes = [N("Expand", ["x", "shape"], ["y"])]
    m = ow.model(nodes, [], [("x", [1, 3]), ("shape", [2], I64)], [("y", ["n", 3])], producer=PRODUCER)

    def oracle(x, shape):
        return [np.broadcast_to(x, tuple(shape)).copy()]
    return m, oracle


def reshape_range():
    """Reshape to a shape given as an input, and Range up to its first extent."""
    nodes = [N("Reshape", ["data", "shape"], ["r"]), N("Gather", ["shape", "zero"], ["n"]),
             N("Range", ["start", "n", "one"], ["steps"])]
    inits = [ow.tensor("zero", np.array(0, np.int64), I64), ow.tensor("start", np.array(0, np.int64), I64),
             ow.tensor("one", np.array(1, np.int64), I64)]
    m = ow.model(nodes, inits, [("data", [12]), ("shape", [2], I64)], [("r", ["a", "b"]), ("steps", ["a"], I64)],
                 producer=PRODUCER)

    def oracle(data, shape):
        return [data.reshape(shape), np.arange(shape[0], dtype=np.int64)]
    return m, oracle


def unbound_nonzero():
    """NonZero on an input of symbolic length: shapes bound at dispatch, then stages."""
    nodes = [N("Greater", ["x", "zero"], ["m"]), N("NonZero", ["m"], ["idx"])]
    m = ow.model(nodes, [ow.tensor("zero", np.float32(0))], [("x", ["n"])], [("idx", [1, "k"], I64)],
                 producer=PRODUCER)

    def oracle(x):
        return [np.array(np.nonzero(x > 0), np.int64)]
    return m, oracle


def if_branch_shapes():
    """If on a run-time condition whose branches give different shapes ([3] and [1])."""
    then_g = ow.graph([N("Relu", ["x"], ["t"])], [], [], [("t", [3])], "then")
    else_g = ow.graph([N("ReduceSum", ["x"], ["e"], [ow.attr_int("keepdims", 1)])], [], [], [("e", [1])], "else")
    nodes = [N("If", ["c"], ["out"], [ow.attr_graph("then_branch", then_g), ow.attr_graph("else_branch", else_g)])]
    m = ow.model(nodes, [], [("c", [1], B), ("x", [3])], [("out", ["k"])], producer=PRODUCER)

    def oracle(c, x):
        return [np.maximum(x, np.float32(0)) if c[0] else np.array([x.sum()], np.float32)]
    return m, oracle


def loop_scan_trips():
    """Loop with a scan output and a run-time trip count M: s <- s + 1, scanning s."""
    body = ow.graph([N("Identity", ["cond"], ["cond_out"]), N("Add", ["s", "one"], ["s_out"]),
                     N("Identity", ["s"], ["scan"])], [ow.tensor("one", np.float32(1))],
                    [("i", [], I64), ("cond", [], B), ("s", [3])],
                    [("cond_out", [], B), ("s_out", [3]), ("scan", [3])], "body")
    nodes = [N("Loop", ["M", "", "x"], ["s_final", "stack"], [ow.attr_graph("body", body)])]
    m = ow.model(nodes, [], [("M", [], I64), ("x", [3])], [("s_final", [3]), ("stack", ["M", 3])],
                 producer=PRODUCER)

    def oracle(M, x):
        steps = [x + np.float32(k) for k in range(int(M))]
        return [x + np.float32(int(M)), np.array(steps, np.float32).reshape(int(M), 3)]
    return m, oracle


MODELS_BY_NAME = {f.__name__: f for f in (nonzero_gather, nms_gather, unique_all, compress_sum, topk_input_k,
                                          topk_large, if_unique, expand_input_shape, reshape_range,
                                          unbound_nonzero, if_branch_shapes, loop_scan_trips)}


def f32(*v):
    return np.array(v, np.float32)


BOXES = np.array([[[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, -0.1, 1, 0.9], [0, 10, 1, 11], [0, 10.1, 1, 11.1],
                   [0, 100, 1, 101]]], np.float32)
CASES = [
    ("nonzero_three", "nonzero_gather", [("x", f32(1, -2, 3, -4, 5, 0), F)], ["y", "n"]),
    ("nonzero_one", "nonzero_gather", [("x", f32(-1, -2, -3, -4, 5, 0), F)], ["y", "n"]),
    ("nonzero_none", "nonzero_gather", [("x", f32(-1, -2, -3, -4, -5, 0), F)], ["y", "n"]),
    ("nms_three", "nms_gather", [("boxes", BOXES, F), ("scores", f32(0.9, 0.75, 0.6, 0.95, 0.5, 0.3).reshape(1, 1, 6),
                                                                     F)], ["sel", "picked"]),
    ("nms_two", "nms_gather", [("boxes", BOXES, F), ("scores", f32(0.9, 0.75, 0.6, 0.1, 0.5, 0.3).reshape(1, 1, 6),
                                                                   F)], ["sel", "picked"]),
    ("nms_none", "nms_gather", [("boxes", BOXES, F), ("scores", f32(0.1, 0.1, 0.1, 0.1, 0.1, 0.1).reshape(1, 1, 6),
                                                                    F)], ["sel", "picked"]),
    ("unique_five", "unique_all", [("x", f32(2, 1, 1, 3, 4, 3, 0, 2), F)], ["y", "first", "inverse", "counts"]),
    ("unique_one", "unique_all", [("x", f32(7, 7, 7, 7, 7, 7, 7, 7), F)], ["y", "first", "inverse", "counts"]),
    ("compress_four", "compress_sum", [("x", f32(1, 2, -3, 4, 5, -6), F)], ["c", "s"]),
    ("compress_two", "compress_sum", [("x", f32(1, -2, -3, -4, 5, -6), F)], ["c", "s"]),
    ("topk_three", "topk_input_k", [("x", f32(5, 1, 7, 3, 8, 2, 6, 4), F), ("k", i64(3), I64)], ["v", "i"]),
    ("topk_six", "topk_input_k", [("x", f32(5, 1, 7, 3, 8, 2, 6, 4), F), ("k", i64(6), I64)], ["v", "i"]),
    ("topk_zero", "topk_input_k", [("x", f32(5, 1, 7, 3, 8, 2, 6, 4), F), ("k", i64(0), I64)], ["v", "i"]),
    ("topk_large_ties", "topk_large", [("x", (np.arange(96) * 37 % 23).astype(np.float32), F)], ["v", "i"]),
    ("topk_large_neg", "topk_large", [("x", -np.linspace(-3, 5, 96, dtype=np.float32) ** 2, F)], ["v", "i"]),
    ("if_unique_then", "if_unique", [("x", f32(3, 1, 3, 2, 1, 5), F)], ["y"]),
    ("if_unique_else", "if_unique", [("x", f32(-3, 1, -3, 2, 1, -5), F)], ["y"]),
    ("expand_two", "expand_input_shape", [("x", f32(1, 2, 3).reshape(1, 3), F), ("shape", i64(2, 3), I64)], ["y"]),
    ("expand_none", "expand_input_shape", [("x", f32(1, 2, 3).reshape(1, 3), F), ("shape", i64(0, 3), I64)], ["y"]),
    ("reshape_3x4", "reshape_range", [("data", np.arange(12, dtype=np.float32), F), ("shape", i64(3, 4), I64)],
     ["r", "steps"]),
    ("reshape_6x2", "reshape_range", [("data", np.arange(12, dtype=np.float32), F), ("shape", i64(6, 2), I64)],
     ["r", "steps"]),
    ("unbound_five", "unbound_nonzero", [("x", f32(1, -1, 2, -2, 3), F)], ["idx"]),
    ("unbound_seven", "unbound_nonzero", [("x", f32(-1, -1, 2, -2, 3, 4, 0), F)], ["idx"]),
    ("if_then", "if_branch_shapes", [("c", np.array([True]), B), ("x", f32(1, -2, 3), F)], ["out"]),
    ("if_else", "if_branch_shapes", [("c", np.array([False]), B), ("x", f32(1, -2, 3), F)], ["out"]),
    ("loop_two", "loop_scan_trips", [("M", np.array(2, np.int64), I64), ("x", f32(1, 2, 3), F)], ["s_final", "stack"]),
    ("loop_four", "loop_scan_trips", [("M", np.array(4, np.int64), I64), ("x", f32(1, 2, 3), F)],
     ["s_final", "stack"]),
]


def main():
    # one input file for the command-line tests (tests/CMakeLists.txt: nnx run of nonzero_gather)
    os.makedirs(MODELS, exist_ok=True)
    np.save(os.path.join(MODELS, "x_three_positive.npy"), f32(1, -2, 3, -4, 5, 0))
    oracle_cases.write(MODELS, MODELS_BY_NAME, CASES, HEADER, COMMAND,
                       "ONNX models whose output shapes depend on run-time values", "DATA_SHAPE_CASES",
                       keep_types=True)


if __name__ == "__main__":
    main()
