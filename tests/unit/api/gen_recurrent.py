#!/usr/bin/python3
# gen_recurrent.py — writes tests/data/recurrent_expected.h: seeded inputs and expected outputs
# for WebNN gruCell, gru, lstmCell and lstm (test_builder_recurrent.c). The oracle is the
# spec's formulas evaluated directly in float64 with explicit loops over steps, directions,
# batch rows and hidden units (not the builder's gemm/split decomposition).
# Run with Debian's python3 and python3-numpy:  /usr/bin/python3 tests/unit/api/gen_recurrent.py
import math
import os

import numpy as np

SEED = 20261122
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "data", "recurrent_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/api/gen_recurrent.py"

ACT_CODE = {None: 0, "relu": 1, "sigmoid": 2, "tanh": 3}  # nnx_recurrent_activation
KIND = {"gru_cell": 0, "gru": 1, "lstm_cell": 2, "lstm": 3}
DIRECTION = {"forward": 1, "backward": 2, "both": 3}


def act(name, v):
    if name == "relu":
        return max(0.0, v)
    if name == "sigmoid":
        return 1.0 / (1.0 + math.exp(-v))
    return math.tanh(v)


def dot_row(wrow, vec):
    return sum(float(a) * float(b) for a, b in zip(wrow, vec))


# ------------------------------------------------------------------ GRU (spec gruCell text)
def gru_cell(x, w, r, h, hidden, b, rb, reset_after, layout, acts):
    """x [batch, in], w [3h, in], r [3h, h], h [batch, h]; b, rb [3h] or None."""
    zo, ro = (0, 1) if layout == "zrn" else (1, 0)
    no = 2
    batch = x.shape[0]
    out = np.zeros((batch, hidden))
    for n in range(batch):
        for j in range(hidden):
            def part(gate, vec, mat, bias):
                row = gate * hidden + j
                return dot_row(mat[row], vec) + (float(bias[row]) if bias is not None else 0.0)
            z = act(acts[0], part(zo, x[n], w, b) + part(zo, h[n], r, rb))
            rr_j = act(acts[0], part(ro, x[n], w, b) + part(ro, h[n], r, rb))
            if reset_after:
                nn = act(acts[1], part(no, x[n], w, b) + rr_j * part(no, h[n], r, rb))
            else:
                # (r ⊙ h)·R_nᵀ needs r for every hidden unit k
                rk = []
                for k in range(hidden):
                    row = ro * hidden + k
                    s = dot_row(w[row], x[n]) + dot_row(r[row], h[n])
                    s += (float(b[row]) if b is not None else 0.0) + (float(rb[row]) if rb is not None else 0.0)
                    rk.append(act(acts[0], s) * float(h[n][k]))
                row = no * hidden + j
                s = dot_row(w[row], x[n]) + dot_row(r[row], rk)
                s += (float(b[row]) if b is not None else 0.0) + (float(rb[row]) if rb is not None else 0.0)
                nn = act(acts[1], s)
            out[n][j] = z * float(h[n][j]) + (1.0 - z) * nn
    return out


# ------------------------------------------------------------------ LSTM (spec lstmCell text)
def lstm_cell(x, w, r, h, c, hidden, b, rb, p, layout, acts):
    order = {"iofg": {"i": 0, "o": 1, "f": 2, "g": 3}, "ifgo": {"i": 0, "f": 1, "g": 2, "o": 3}}[layout]
    peep = {"i": 0, "o": 1, "f": 2}
    batch = x.shape[0]
    h_out = np.zeros((batch, hidden))
    c_out = np.zeros((batch, hidden))
    for n in range(batch):
        for j in range(hidden):
            def pre(gate):
                row = order[gate] * hidden + j
                s = dot_row(w[row], x[n]) + dot_row(r[row], h[n])
                s += (float(b[row]) if b is not None else 0.0) + (float(rb[row]) if rb is not None else 0.0)
                if gate in peep and p is not None:
                    s += float(c[n][j]) * float(p[peep[gate] * hidden + j])  # previous cell state
                return s
            i = act(acts[0], pre("i"))
            f = act(acts[0], pre("f"))
            g = act(acts[1], pre("g"))
            o = act(acts[0], pre("o"))
            cc = f * float(c[n][j]) + i * g
            c_out[n][j] = cc
            h_out[n][j] = o * act(acts[2], cc)
    return h_out, c_out


# ------------------------------------------------------------------ sequences
def sequence(kind, x, w, r, hidden, nd, direction, o):
    steps, batch, _ = x.shape
    last_h, last_c = np.zeros((nd, batch, hidden)), np.zeros((nd, batch, hidden))
    seq = np.zeros((steps, nd, batch, hidden))
    for d in range(nd):
        h = o["h0"][d] if o["h0"] is not None else np.zeros((batch, hidden))
        c = o["c0"][d] if o.get("c0") is not None else np.zeros((batch, hidden))
        bd = o["b"][d] if o["b"] is not None else None
        rbd = o["rb"][d] if o["rb"] is not None else None
        backward = direction == "backward" or d == 1
        for step in range(steps):
            t = steps - 1 - step if backward else step
            if kind == "gru":
                h = gru_cell(x[t], w[d], r[d], h, hidden, bd, rbd, o["reset_after"], o["layout"], o["acts"])
            else:
                pd = o["p"][d] if o["p"] is not None else None
                h, c = lstm_cell(x[t], w[d], r[d], h, c, hidden, bd, rbd, pd, o["layout"], o["acts"])
            seq[t][d] = h
        last_h[d], last_c[d] = h, c
    outs = [last_h] + ([last_c] if kind == "lstm" else [])
    if o["return_sequence"]:
        outs.append(seq)
    return outs


# ------------------------------------------------------------------ cases
def rand(shape, dtype, scale=0.5):
    v = rng.uniform(-scale, scale, size=shape)
    return v.astype(np.float16).astype(np.float64) if dtype == "float16" else v.astype(np.float32).astype(np.float64)


def make_case(name, kind, dtype="float32", steps=1, batch=2, insz=3, hidden=4, direction="forward",
              bias=False, rbias=False, peephole=False, h0=False, c0=False, reset_after=True, layout=None,
              acts=None, return_sequence=False):
    lstm = kind.startswith("lstm")
    gates = 4 if lstm else 3
    cell = kind.endswith("cell")
    nd = 2 if direction == "both" else 1
    default_acts = ["sigmoid", "tanh", "tanh"] if lstm else ["sigmoid", "tanh"]
    given_acts = acts  # list with None items (= default at that position) or None (absent)
    eff = [a if a is not None else default_acts[i] for i, a in enumerate(acts)] if acts else default_acts
    layout = layout or ("iofg" if lstm else "zrn")
    if cell:
        x = rand((batch, insz), dtype)
        w = rand((gates * hidden, insz), dtype)
        r = rand((gates * hidden, hidden), dtype)
        b = rand((gates * hidden,), dtype) if bias else None
        rb = rand((gates * hidden,), dtype) if rbias else None
        p = rand((3 * hidden,), dtype) if peephole else None
        h = rand((batch, hidden), dtype)
        c = rand((batch, hidden), dtype) if lstm else None
        if lstm:
            outs = list(lstm_cell(x, w, r, h, c, hidden, b, rb, p, layout, eff))
        else:
            outs = [gru_cell(x, w, r, h, hidden, b, rb, reset_after, layout, eff)]
        h0v, c0v = h, c
    else:
        x = rand((steps, batch, insz), dtype)
        w = rand((nd, gates * hidden, insz), dtype)
        r = rand((nd, gates * hidden, hidden), dtype)
        b = rand((nd, gates * hidden), dtype) if bias else None
        rb = rand((nd, gates * hidden), dtype) if rbias else None
        p = rand((nd, 3 * hidden), dtype) if peephole else None
        h0v = rand((nd, batch, hidden), dtype) if h0 else None
        c0v = rand((nd, batch, hidden), dtype) if c0 else None
        o = {"b": b, "rb": rb, "p": p, "h0": h0v, "c0": c0v, "reset_after": reset_after, "layout": layout,
             "acts": eff, "return_sequence": return_sequence}
        outs = sequence("lstm" if lstm else "gru", x, w, r, hidden, nd, direction, o)
    return dict(name=name, kind=kind, dtype=dtype, steps=steps, batch=batch, insz=insz, hidden=hidden,
                direction=direction, layout=layout, reset_after=reset_after, acts=given_acts,
                return_sequence=return_sequence, x=x, w=w, r=r, b=b, rb=rb, p=p, h0=h0v, c0=c0v, outs=outs)


CASES = [
    make_case("gru_cell_default", "gru_cell"),
    make_case("gru_cell_biases_reset_after", "gru_cell", bias=True, rbias=True),
    make_case("gru_cell_reset_before_rzn", "gru_cell", bias=True, rbias=True, reset_after=False, layout="rzn"),
    make_case("gru_cell_activations", "gru_cell", rbias=True, acts=["relu", "sigmoid"], batch=1, insz=2, hidden=3),
    make_case("gru_cell_float16", "gru_cell", dtype="float16", bias=True, rbias=True),
    make_case("gru_forward_sequence", "gru", steps=3, bias=True, rbias=True, h0=True, return_sequence=True),
    make_case("gru_backward_reset_before", "gru", steps=3, reset_after=False, layout="rzn", return_sequence=True),
    make_case("gru_both", "gru", steps=4, batch=1, bias=True, rbias=True, h0=True, return_sequence=True,
              direction="both", acts=[None, "relu"]),
    make_case("gru_both_one_step", "gru", steps=1, bias=True, direction="both", reset_after=False),
    make_case("gru_forward_float16", "gru", dtype="float16", steps=2, bias=True, h0=True, return_sequence=True),
    make_case("lstm_cell_default", "lstm_cell"),
    make_case("lstm_cell_all", "lstm_cell", bias=True, rbias=True, peephole=True),
    make_case("lstm_cell_ifgo_activations", "lstm_cell", bias=True, peephole=True, layout="ifgo",
              acts=["sigmoid", "relu", None], batch=3, insz=2, hidden=2),
    make_case("lstm_cell_float16", "lstm_cell", dtype="float16", bias=True, rbias=True, peephole=True),
    make_case("lstm_forward_sequence", "lstm", steps=3, bias=True, h0=True, c0=True, return_sequence=True),
    make_case("lstm_backward_ifgo", "lstm", steps=3, rbias=True, peephole=True, layout="ifgo", direction="backward"),
    make_case("lstm_both_all", "lstm", steps=3, batch=2, insz=2, hidden=3, bias=True, rbias=True, peephole=True,
              h0=True, c0=True, direction="both", return_sequence=True, acts=[None, "tanh", "relu"]),
    make_case("lstm_defaults_no_options", "lstm", steps=2, batch=1, insz=4, hidden=2),
    make_case("lstm_forward_float16", "lstm", dtype="float16", steps=2, bias=True, peephole=True,
              return_sequence=True, direction="both"),
]


# ------------------------------------------------------------------ C text
def c_array(name, values):
    flat = [("%.9g" % float(v)) for v in np.asarray(values).reshape(-1)]
    lines = [", ".join(flat[i:i + 8]) for i in range(0, len(flat), 8)]
    return "static const double %s[%d] = {\n    %s};" % (name, len(flat), ",\n    ".join(lines))


def main():
    arrays, rows = [], []
    for k, case in enumerate(CASES):
        def arr(tag, v):
            if v is None:
                return "NULL"
            nm = "rc%d_%s" % (k, tag)
            arrays.append(c_array(nm, v))
            return nm
        fields = {t: arr(t, case[t]) for t in ("x", "w", "r", "b", "rb", "p", "h0", "c0")}
        outs = [arr("out%d" % i, o) for i, o in enumerate(case["outs"])]
        acts = case["acts"]
        act_list = ", ".join(str(ACT_CODE[a]) for a in acts) if acts else "0"
        layout = {"zrn": 1, "rzn": 2, "iofg": 1, "ifgo": 2}[case["layout"]]
        rows.append(
            "    {\"%s\", %d, %s, %d, %d, %d, %d, %d, %d, %s, %s, %d, {%s},\n"
            "     %s, %d, {%s}},"
            % (case["name"], KIND[case["kind"]], "NNX_FLOAT16" if case["dtype"] == "float16" else "NNX_FLOAT32",
               case["steps"], case["batch"], case["insz"], case["hidden"], DIRECTION[case["direction"]], layout,
               "false" if case["reset_after"] else "true", "true" if case["return_sequence"] else "false",
               len(acts) if acts else 0, act_list,
               ", ".join(fields[t] for t in ("x", "w", "r", "b", "rb", "p", "h0", "c0")), len(outs),
               ", ".join(outs)))
    text = [
        "/* recurrent_expected.h — generated by %s; do not edit." % COMMAND,
        " * Inputs (float32 values, or float16-representable for float16 cases) and the outputs of",
        " * WebNN gruCell/gru/lstmCell/lstm computed in float64 by the spec's formulas (seed %d). */"
        % SEED,
        "#ifndef NNX_TESTS_RECURRENT_EXPECTED_H",
        "#define NNX_TESTS_RECURRENT_EXPECTED_H",
        "",
        "#include <stdbool.h>",
        "#include <stddef.h>",
        "#include <stdint.h>",
        "",
        "#include \"nnx.h\"",
        "",
        "/* kind: 0 gruCell, 1 gru, 2 lstmCell, 3 lstm. direction and layout are the nnx enum values;",
        " * acts are nnx_recurrent_activation values (n_acts 0: option absent). Cells take h0/c0 as",
        " * hiddenState/cellState. Outputs in the order the builder returns them. */",
        "typedef struct recurrent_case {",
        "    const char *name;",
        "    int kind;",
        "    nnx_dtype dtype;",
        "    uint32_t steps, batch, input_size, hidden;",
        "    int direction, layout;",
        "    bool reset_before, return_sequence;",
        "    uint32_t n_acts;",
        "    int acts[3];",
        "    const double *x, *w, *r, *b, *rb, *p, *h0, *c0;",
        "    uint32_t n_out;",
        "    const double *out[3];",
        "} recurrent_case;",
        "",
    ]
    text += arrays
    text += ["", "static const recurrent_case recurrent_cases[] = {"] + rows + ["};", "", "#endif", ""]
    with open(OUT, "w") as f:
        f.write("\n".join(text))


if __name__ == "__main__":
    main()
