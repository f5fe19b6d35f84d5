#!/usr/bin/python3
"""gen_onnx_flex_attention.py — writes tests/data/onnx/flex/<model>.onnx (ai.onnx.preview
FlexAttention models with score_mod / prob_mod graphs) and tests/data/onnx_flex_expected.h
(each case's inputs and expected outputs) for test_onnx_flex_attention.c. The oracle is a
plain numpy transcription of ONNX Operators, FlexAttention (scores, score_mod, softmax,
prob_mod, the product with V), never nnx.
Run: /usr/bin/python3 tests/unit/formats/onnx/gen_onnx_flex_attention.py
"""
import math
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "data", "onnx"))
sys.dont_write_bytecode = True  # no __pycache__ beside the test data
import onnx_wire as ow  # noqa: E402
import oracle_cases  # noqa: E402

MODELS = os.path.join(ROOT, "tests", "data", "onnx", "flex")
HEADER = os.path.join(ROOT, "tests", "data", "onnx_flex_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/formats/onnx/gen_onnx_flex_attention.py"
F = ow.FLOAT
N = ow.node
PREVIEW = "ai.onnx.preview"

rng = np.random.default_rng(20261128)


def f32(*shape):
    return rng.uniform(-2, 2, shape).astype(np.float32)


def flex_model(inputs, inits, attrs, q_shape, v_shape):
    """A model of one FlexAttention node on Q, K, V (and whatever else inputs name), opset 23
    beside ai.onnx.preview 1."""
    nodes = [N("FlexAttention", ["Q", "K", "V"], ["Y"], attrs, domain=PREVIEW)]
    y_shape = q_shape[:3] + v_shape[3:]
    m = ow.model(nodes, inits, inputs, [("Y", y_shape)], opset=23, producer="gen_onnx_flex_attention.py")
    return m + ow.f_bytes(8, ow.f_bytes(1, PREVIEW) + ow.f_int(2, 1))  # opset_import


def modifier(nodes, inits, name_in, name_out):
    """A modifier graph: one rank-4 input and one output, float32 [B, H, L, S]."""
    dims = ["B", "H", "L", "S"]
    return ow.graph(nodes, inits, [(name_in, dims)], [(name_out, dims)], "mod")


def attention(q, k, v, scale=None, score_mod=None, prob_mod=None):
    """ONNX Operators, FlexAttention in numpy: grouped heads repeated, Q and K each times
    sqrt(scale), softmax over the keys."""
    scale = 1 / math.sqrt(q.shape[3]) if scale is None else scale
    rep = q.shape[1] // k.shape[1]
    k = np.repeat(k, rep, axis=1)
    v = np.repeat(v, rep, axis=1)
    s = (q * np.float32(math.sqrt(scale))) @ np.swapaxes(k * np.float32(math.sqrt(scale)), 2, 3)
    if score_mod:
        s = score_mod(s)
    e = np.exp(s - s.max(axis=3, keepdims=True))
    p = e / e.sum(axis=3, keepdims=True)
    if prob_mod:
        p = prob_mod(p)
    return (p @ v).astype(np.float32)


# ------------------------------------------------------------------ models

REL = f32(3, 3)


def flex_score_bias():
    """score_mod adds a [L, S] bias (an initializer of the modifier graph), broadcast over
    batch and heads."""
    g = modifier([N("Add", ["scores", "rel"], ["scores_out"])], [ow.tensor("rel", REL)], "scores", "scores_out")
    m = flex_model([("Q", [1, 2, 3, 4]), ("K", [1, 2, 3, 4]), ("V", [1, 2, 3, 4])], [],
                   [ow.attr_graph("score_mod", g)], [1, 2, 3, 4], [1, 2, 3, 4])

    def oracle(q, k, v):
        return [attention(q, k, v, score_mod=lambda s: s + REL)]
    return m, oracle


def flex_gqa_both():
    """Grouped heads (2 query heads on 1 key/value head, 5 keys), scale 0.3; score_mod adds
    `bias`, an input of the main graph (a run-time value the inlined graph names), then masks
    the keys after each query's own position + 2 with -inf; prob_mod halves the
    probabilities."""
    keep = np.tril(np.ones((3, 5), bool), 2)
    g_score = modifier([N("Add", ["scores", "bias"], ["biased"]), N("Where", ["keep", "biased", "ninf"], ["masked"])],
                       [ow.tensor("keep", keep, ow.BOOL), ow.tensor("ninf", np.array(-np.inf, np.float32))],
                       "scores", "masked")
    g_prob = modifier([N("Mul", ["probs", "half"], ["probs_out"])], [ow.tensor("half", np.array(0.5, np.float32))],
                      "probs", "probs_out")
    m = flex_model([("Q", [1, 2, 3, 4]), ("K", [1, 1, 5, 4]), ("V", [1, 1, 5, 4]), ("bias", [1, 2, 3, 5])], [],
                   [ow.attr_float("scale", 0.3), ow.attr_graph("score_mod", g_score), ow.attr_graph("prob_mod", g_prob)],
                   [1, 2, 3, 4], [1, 1, 5, 4])

    def oracle(q, k, v, bias):
        def score(s):
            return np.where(keep, s + bias, -np.inf)

        def prob(p):
            return p * np.float32(0.5)
        return [attention(q, k, v, float(np.float32(0.3)), score, prob)]
    return m, oracle


def flex_two_inputs():
    """A score_mod of two inputs (the draft's index form, not ONNX 1.23's): refused."""
    dims = ["B", "H", "L", "S"]
    g = ow.graph([N("Add", ["scores", "q_idx"], ["out"])], [], [("scores", dims), ("q_idx", [])], [("out", dims)],
                 "mod")
    return flex_model([("Q", [1, 1, 2, 2]), ("K", [1, 1, 2, 2]), ("V", [1, 1, 2, 2])], [],
                      [ow.attr_graph("score_mod", g)], [1, 1, 2, 2], [1, 1, 2, 2]), None


def flex_mask_mod():
    """A mask_mod graph (an attribute of drafts, not of ONNX 1.23's FlexAttention): refused."""
    g = ow.graph([N("Identity", ["m"], ["out"])], [], [("m", [], ow.BOOL)], [("out", [], ow.BOOL)], "mod")
    return flex_model([("Q", [1, 1, 2, 2]), ("K", [1, 1, 2, 2]), ("V", [1, 1, 2, 2])], [],
                      [ow.attr_graph("mask_mod", g)], [1, 1, 2, 2], [1, 1, 2, 2]), None


MODELS_BY_NAME = {"flex_score_bias": flex_score_bias, "flex_gqa_both": flex_gqa_both,
                  "flex_two_inputs": flex_two_inputs, "flex_mask_mod": flex_mask_mod}

# (case, model, inputs as (name, numpy array, onnx type), output names)
CASES = [
    ("flex_score_bias", "flex_score_bias", [("Q", f32(1, 2, 3, 4), F), ("K", f32(1, 2, 3, 4), F),
                                            ("V", f32(1, 2, 3, 4), F)], ["Y"]),
    ("flex_gqa_both", "flex_gqa_both", [("Q", f32(1, 2, 3, 4), F), ("K", f32(1, 1, 5, 4), F),
                                        ("V", f32(1, 1, 5, 4), F), ("bias", f32(1, 2, 3, 5), F)], ["Y"]),
]


def main():
    oracle_cases.write(MODELS, MODELS_BY_NAME, CASES, HEADER, COMMAND,
                       "the ONNX FlexAttention modifier cases (test_onnx_flex_attention.c)", "onnx_flex_cases")


if __name__ == "__main__":
    main()
