#!/usr/bin/python3
"""gen_onnx_recurrent.py — writes tests/data/onnx/recurrent/<case>.onnx (one RNN, GRU or LSTM
node each) and tests/data/onnx_recurrent_expected.h (their runtime inputs and expected
outputs) for test_onnx_recurrent.c. The oracle evaluates ONNX Operators, RNN / GRU / LSTM in
float64, one batch row and direction at a time over the row's own sequence_lens steps.
Run: /usr/bin/python3 tests/unit/formats/onnx/gen_onnx_recurrent.py
"""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "data", "onnx"))
sys.dont_write_bytecode = True  # no __pycache__ beside the test data
import onnx_wire as ow  # noqa: E402

MODELS = os.path.join(ROOT, "tests", "data", "onnx", "recurrent")
HEADER = os.path.join(ROOT, "tests", "data", "onnx_recurrent_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/formats/onnx/gen_onnx_recurrent.py"
SEED = 20260514
OPSET = 14  # layout (batch-major X, Y, Y_h, Y_c, initial_h, initial_c) exists from RNN-14

GATES = {"RNN": 1, "GRU": 3, "LSTM": 4}
DEFAULT_ACTS = {"RNN": ["Tanh"], "GRU": ["Sigmoid", "Tanh"], "LSTM": ["Sigmoid", "Tanh", "Tanh"]}


# ------------------------------------------------------------------ activation functions
# ONNX Operators, RNN, "Activation functions", with the defaults of the like-named ONNX
# operators (LeakyRelu 0.01, ThresholdedRelu 1, Elu 1, HardSigmoid 0.2 / 0.5, Affine 1 / 0,
# ScaledTanh 1 / 1). Cases give ScaledTanh its alpha and beta explicitly.
def _sigmoid(x, a, b):
    return 1.0 / (1.0 + np.exp(-x))


ACTS = {  # name: (function, default alpha or None if it takes none, default beta or None)
    "Relu": (lambda x, a, b: np.maximum(x, 0.0), None, None),
    "Tanh": (lambda x, a, b: np.tanh(x), None, None),
    "Sigmoid": (_sigmoid, None, None),
    "Affine": (lambda x, a, b: a * x + b, 1.0, 0.0),
    "LeakyRelu": (lambda x, a, b: np.where(x >= 0, x, a * x), 0.01, None),
    "ThresholdedRelu": (lambda x, a, b: np.where(x >= a, x, 0.0), 1.0, None),
    "ScaledTanh": (lambda x, a, b: a * np.tanh(b * x), 1.0, 1.0),
    "HardSigmoid": (lambda x, a, b: np.minimum(np.maximum(a * x + b, 0.0), 1.0), 0.2, 0.5),
    "Elu": (lambda x, a, b: np.where(x >= 0, x, a * (np.exp(x) - 1.0)), 1.0, None),
    "Softsign": (lambda x, a, b: x / (1.0 + np.abs(x)), None, None),
    "Softplus": (lambda x, a, b: np.log(1.0 + np.exp(x)), None, None),
}


def bind_activations(names, alphas, betas):
    """activation_alpha / activation_beta are "consumed in the order of activation functions":
    each value goes to the next function of the list that takes that parameter. Cases keep
    to lists where this also equals the reading "one value per listed function"."""
    alphas, betas = list(alphas or []), list(betas or [])
    bound = []
    for name in names:
        fn, da, db = ACTS[name]
        a = alphas.pop(0) if da is not None and alphas else da
        b = betas.pop(0) if db is not None and betas else db
        bound.append(lambda x, fn=fn, a=a, b=b: fn(x, a, b))
    assert not alphas and not betas, "unused activation_alpha / activation_beta values"
    return bound


# ------------------------------------------------------------------ the formulas
def run_reference(c, X, W, R, B, lens, h0, c0, P):
    """Y [S, D, N, H], Y_h [D, N, H], Y_c [D, N, H] (layout 0 shapes), float64."""
    op, H, D = c["op"], c["hidden"], c["dirs"]
    S, N = X.shape[0], X.shape[1]
    names = c["acts"] or DEFAULT_ACTS[op] * D
    acts = bind_activations(names, c["alpha"], c["beta"])
    per = len(DEFAULT_ACTS[op])
    clip = c["clip"]

    def clipped(v):  # "clip ... applied to the input of activations" (the gate pre-activations)
        if not clip:
            return v
        c["clipped"] = c.get("clipped", 0) + int(np.sum(np.abs(v) > clip))
        return np.clip(v, -clip, clip)

    Y = np.zeros((S, D, N, H))
    Yh = np.zeros((D, N, H))
    Yc = np.zeros((D, N, H))
    for d in range(D):
        reverse = c["direction"] == "reverse" or (c["direction"] == "bidirectional" and d == 1)
        f, g, h_act = (acts[d * per:(d + 1) * per] + [None, None])[:3]
        G = GATES[op]
        Wd = [W[d][k * H:(k + 1) * H] for k in range(G)]
        Rd = [R[d][k * H:(k + 1) * H] for k in range(G)]
        Wb = [B[d][k * H:(k + 1) * H] for k in range(G)]
        Rb = [B[d][(G + k) * H:(G + k + 1) * H] for k in range(G)]
        for n in range(N):
            L = int(lens[n])
            h, cell = h0[d][n].copy(), c0[d][n].copy()
            for t in (range(L - 1, -1, -1) if reverse else range(L)):
                x = X[t][n]
                if op == "RNN":  # Ht = f(Xt*(Wi^T) + Ht-1*(Ri^T) + Wbi + Rbi)
                    h = f(clipped(Wd[0] @ x + Rd[0] @ h + Wb[0] + Rb[0]))
                elif op == "GRU":  # gates z, r, h
                    z = f(clipped(Wd[0] @ x + Rd[0] @ h + Wb[0] + Rb[0]))
                    r = f(clipped(Wd[1] @ x + Rd[1] @ h + Wb[1] + Rb[1]))
                    if c["lbr"]:
                        hh = g(clipped(Wd[2] @ x + r * (Rd[2] @ h + Rb[2]) + Wb[2]))
                    else:
                        hh = g(clipped(Wd[2] @ x + Rd[2] @ (r * h) + Rb[2] + Wb[2]))
                    h = (1.0 - z) * hh + z * h
                else:  # LSTM: gates i, o, f, c; peepholes P = [Pi, Po, Pf]
                    Pi, Po, Pf = P[d][0:H], P[d][H:2 * H], P[d][2 * H:3 * H]
                    i = f(clipped(Wd[0] @ x + Rd[0] @ h + Pi * cell + Wb[0] + Rb[0]))
                    if c["input_forget"]:  # input and forget gates coupled: f = 1 - i
                        fg = 1.0 - i
                    else:
                        fg = f(clipped(Wd[2] @ x + Rd[2] @ h + Pf * cell + Wb[2] + Rb[2]))
                    ct = g(clipped(Wd[3] @ x + Rd[3] @ h + Wb[3] + Rb[3]))
                    cell = fg * cell + i * ct
                    o = f(clipped(Wd[1] @ x + Rd[1] @ h + Po * cell + Wb[1] + Rb[1]))
                    h = o * h_act(cell)
                Y[t, d, n] = h
            Yh[d, n], Yc[d, n] = h, cell
    return Y, Yh, Yc


# ------------------------------------------------------------------ cases
def case(name, op, **kw):
    c = {"name": name, "op": op, "steps": 3, "batch": 2, "input": 3, "hidden": 4, "direction": "forward",
         "acts": None, "alpha": None, "beta": None, "clip": 0.0, "lbr": 0, "input_forget": 0, "layout": 0,
         "bias": True, "lens": None, "lens_known": False, "h0": False, "c0": False, "peep": False,
         "outputs": ["Y", "Y_h", "Y_c"] if op == "LSTM" else ["Y", "Y_h"], "weights_in": False}
    for k in kw:
        assert k in c, k
    c.update(kw)
    c["dirs"] = 2 if c["direction"] == "bidirectional" else 1
    return c


CASES = [
    # RNN
    case("rnn_forward_defaults", "RNN", bias=False),
    case("rnn_reverse_relu_h0", "RNN", direction="reverse", acts=["Relu"], h0=True),
    case("rnn_bidirectional_default_acts", "RNN", direction="bidirectional", h0=True),
    case("rnn_bidirectional_leakyrelu_thresholdedrelu", "RNN", direction="bidirectional",
         acts=["LeakyRelu", "ThresholdedRelu"], alpha=[0.2, 0.15]),
    case("rnn_clip_lens_input", "RNN", batch=3, clip=0.3, lens=[3, 1, 2], h0=True),
    case("rnn_layout1_bidirectional_h0_lens", "RNN", direction="bidirectional", layout=1, h0=True,
         acts=["Tanh", "Relu"], lens=[2, 3], lens_known=True),
    # GRU
    case("gru_forward", "GRU"),
    case("gru_forward_lbr", "GRU", lbr=1),
    case("gru_reverse_lbr_h0", "GRU", direction="reverse", lbr=1, h0=True),
    case("gru_bidirectional_lbr_lens_input", "GRU", direction="bidirectional", lbr=1, batch=3, lens=[3, 2, 1],
         h0=True),
    case("gru_bidirectional_lens_known", "GRU", direction="bidirectional", lens=[1, 3], lens_known=True),
    case("gru_hardsigmoid_softsign_clip", "GRU", acts=["HardSigmoid", "Softsign"], alpha=[0.3], beta=[0.6],
         clip=0.7),
    case("gru_bidirectional_lbr_elu_softplus", "GRU", direction="bidirectional", lbr=1,
         acts=["Elu", "Softplus", "Sigmoid", "Softsign"], outputs=["", "Y_h"]),
    case("gru_layout1_lbr_h0_lens", "GRU", layout=1, lbr=1, h0=True, lens=[3, 2], steps=4),
    case("gru_lbr_weights_as_inputs", "GRU", lbr=1, weights_in=True, h0=True),
    # LSTM
    case("lstm_forward", "LSTM"),
    case("lstm_reverse_peepholes_h0_c0", "LSTM", direction="reverse", peep=True, h0=True, c0=True),
    case("lstm_bidirectional_peepholes_lens_input", "LSTM", direction="bidirectional", peep=True, h0=True,
         c0=True, batch=3, lens=[2, 3, 1]),
    case("lstm_input_forget_peepholes", "LSTM", input_forget=1, peep=True, c0=True),
    case("lstm_hardsigmoid_scaledtanh_affine", "LSTM", acts=["HardSigmoid", "ScaledTanh", "Affine"],
         alpha=[0.25, 1.5, 0.8], beta=[0.55, 0.7, 0.1]),
    case("lstm_h0_without_c0", "LSTM", h0=True, outputs=["Y", "Y_h", "Y_c"]),
    case("lstm_clip_bidirectional", "LSTM", direction="bidirectional", clip=0.4, peep=True),
    case("lstm_layout1_bidirectional_h0_c0_lens", "LSTM", direction="bidirectional", layout=1, h0=True,
         c0=True, peep=True, lens=[3, 1], lens_known=True, outputs=["", "", "Y_c"]),
]


# ------------------------------------------------------------------ model and data
def f32(rng, shape, scale=0.6):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def build(c, rng):
    op, S, N, I, H, D = c["op"], c["steps"], c["batch"], c["input"], c["hidden"], c["dirs"]
    G = GATES[op]
    W, R = f32(rng, (D, G * H, I)), f32(rng, (D, G * H, H))
    B = f32(rng, (D, 2 * G * H)) if c["bias"] else np.zeros((D, 2 * G * H), np.float32)
    P = f32(rng, (D, 3 * H)) if c["peep"] else np.zeros((D, 3 * H), np.float32)
    X = f32(rng, (S, N, I), 1.0)  # layout 0 order
    h0 = f32(rng, (D, N, H)) if c["h0"] else np.zeros((D, N, H), np.float32)
    c0 = f32(rng, (D, N, H)) if c["c0"] else np.zeros((D, N, H), np.float32)
    lens = np.array(c["lens"] if c["lens"] else [S] * N, np.int32)
    Y, Yh, Yc = run_reference(c, *(v.astype(np.float64) for v in (X, W, R, B)), lens,
                              *(v.astype(np.float64) for v in (h0, c0, P)))
    assert not c["clip"] or c.get("clipped"), "the clip must bite, or the case tests nothing"
    batch_major = c["layout"] == 1

    def io(v):  # [D or S, N, ...] -> [N, D or S, ...] for layout 1
        return np.swapaxes(v, 0, 1) if batch_major else v

    runtime, inits = [], []  # (onnx name, array, elem type)
    runtime.append(("X", io(X), ow.FLOAT))
    weights = [("W", W), ("R", R)] + ([("B", B)] if c["bias"] else [])
    (runtime if c["weights_in"] else inits).extend((n, a, ow.FLOAT) for n, a in weights)
    if c["lens"]:
        (inits if c["lens_known"] else runtime).append(("sequence_lens", lens, ow.INT32))
    if c["h0"]:
        runtime.append(("initial_h", io(h0), ow.FLOAT))
    if c["c0"]:
        runtime.append(("initial_c", io(c0), ow.FLOAT))
    if c["peep"]:
        inits.append(("P", P, ow.FLOAT))

    present = {n for n, _, _ in runtime + inits}
    order = ["X", "W", "R", "B", "sequence_lens", "initial_h"] + (["initial_c", "P"] if op == "LSTM" else [])
    node_in = [n if n in present else "" for n in order]
    while node_in[-1] == "":
        node_in.pop()
    attrs = [ow.attr_int("hidden_size", H), ow.attr_string("direction", c["direction"])]
    if c["acts"]:
        attrs.append(ow.attr_strings("activations", c["acts"]))
    if c["alpha"]:
        attrs.append(ow.attr_floats("activation_alpha", c["alpha"]))
    if c["beta"]:
        attrs.append(ow.attr_floats("activation_beta", c["beta"]))
    if c["clip"]:
        attrs.append(ow.attr_float("clip", c["clip"]))
    if c["layout"]:
        attrs.append(ow.attr_int("layout", 1))
    if op == "GRU":
        attrs.append(ow.attr_int("linear_before_reset", c["lbr"]))
    if op == "LSTM" and c["input_forget"]:
        attrs.append(ow.attr_int("input_forget", 1))
    values = {"Y": np.transpose(Y, (2, 0, 1, 3)) if batch_major else Y, "Y_h": io(Yh), "Y_c": io(Yc)}
    outs = [(n, values[n]) for n in c["outputs"] if n]
    data = ow.model([ow.node(op, node_in, c["outputs"], attrs)],
                    [ow.tensor(n, a, t) for n, a, t in inits],
                    [(n, a.shape, t) for n, a, t in runtime], [(n, v.shape) for n, v in outs],
                    opset=OPSET, producer="gen_onnx_recurrent.py")
    return data, runtime, outs


# ------------------------------------------------------------------ C text
def c_array(ctype, name, values, fmt):
    flat = [fmt % v for v in np.asarray(values).reshape(-1).tolist()]
    lines = [", ".join(flat[i:i + 6]) for i in range(0, len(flat), 6)]
    return "static const %s %s[%d] = {\n    %s};" % (ctype, name, len(flat), ",\n    ".join(lines))


def tensor_row(name, arr, array_name, dtype):
    shape = ", ".join(str(d) for d in arr.shape)
    return '    {"%s", %s, %d, {%s}, %s},' % (name, dtype, arr.ndim, shape, array_name)


def main():
    rng = np.random.default_rng(SEED)
    os.makedirs(MODELS, exist_ok=True)
    arrays, rows = [], []
    for k, c in enumerate(CASES):
        data, runtime, outs = build(c, rng)
        with open(os.path.join(MODELS, c["name"] + ".onnx"), "wb") as f:
            f.write(data)
        in_rows, out_rows = [], []
        for n, a, t in runtime:
            nm = "orc%d_%s" % (k, n)
            if t == ow.INT32:
                arrays.append(c_array("int32_t", nm, a, "%d"))
                in_rows.append(tensor_row(n, a, "NULL, " + nm, "NNX_INT32"))
            else:
                arrays.append(c_array("float", nm, a, "%.9g"))
                in_rows.append(tensor_row(n, a, "%s, NULL" % nm, "NNX_FLOAT32"))
        for n, v in outs:
            nm = "orc%d_%s" % (k, n)
            arrays.append(c_array("double", nm, v, "%.12g"))
            out_rows.append(tensor_row(n, v, nm, "NNX_FLOAT32"))
        arrays.append("static const onnx_rnn_input orc%d_in[] = {\n%s\n};" % (k, "\n".join(in_rows)))
        arrays.append("static const onnx_rnn_output orc%d_out[] = {\n%s\n};" % (k, "\n".join(out_rows)))
        rows.append('    {"%s", %d, orc%d_in, %d, orc%d_out},' % (c["name"], len(in_rows), k, len(out_rows), k))
    text = [
        "/* onnx_recurrent_expected.h — generated by %s; do not edit." % COMMAND,
        " * For each model tests/data/onnx/recurrent/<name>.onnx (one RNN, GRU or LSTM node): its",
        " * runtime inputs and its outputs computed in float64 by the formulas of ONNX Operators,",
        " * RNN / GRU / LSTM (seed %d). */" % SEED,
        "#ifndef NNX_TESTS_ONNX_RECURRENT_EXPECTED_H",
        "#define NNX_TESTS_ONNX_RECURRENT_EXPECTED_H",
        "",
        "#include <stdint.h>",
        "",
        "#include \"nnx.h\"",
        "",
        "/* A graph input: float32 values in f32, or int32 values (sequence_lens) in i32. */",
        "typedef struct onnx_rnn_input {",
        "    const char *name;",
        "    nnx_dtype dtype;",
        "    uint32_t rank;",
        "    uint32_t shape[4];",
        "    const float *f32;",
        "    const int32_t *i32;",
        "} onnx_rnn_input;",
        "",
        "/* A graph output (float32 in the model) and its float64 expected values. */",
        "typedef struct onnx_rnn_output {",
        "    const char *name;",
        "    nnx_dtype dtype;",
        "    uint32_t rank;",
        "    uint32_t shape[4];",
        "    const double *want;",
        "} onnx_rnn_output;",
        "",
        "typedef struct onnx_rnn_case {",
        "    const char *name; /* the model's file stem */",
        "    uint32_t n_in;",
        "    const onnx_rnn_input *in;",
        "    uint32_t n_out;",
        "    const onnx_rnn_output *out;",
        "} onnx_rnn_case;",
        "",
    ]
    text += arrays
    text += ["", "static const onnx_rnn_case onnx_rnn_cases[] = {"] + rows + ["};", "", "#endif", ""]
    with open(HEADER, "w") as f:
        f.write("\n".join(text))


if __name__ == "__main__":
    main()
