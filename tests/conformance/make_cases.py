#!/usr/bin/python3
"""make_cases.py — writes tests/conformance/cases/*.json: WebNN conformance cases, in the wpt
JSON format the runner reads, for the operations the wpt vectors do not cover (pad, where,
tile, quantizeLinear, dequantizeLinear, gru, gruCell, lstm, lstmCell). The expected outputs
come from the numpy functions below, written from the WebNN spec's algorithm and emulation
sections (https://www.w3.org/TR/webnn/), independently of nnx. Run: /usr/bin/python3 make_cases.py
"""
import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "cases")
RNG = np.random.default_rng(20260128)

NP_TYPES = {
    "float32": np.float32, "float16": np.float16, "int8": np.int8, "uint8": np.uint8,
    "int32": np.int32, "uint32": np.uint32, "int64": np.int64,
}


# ---------------------------------------------------------------- data helpers

def rand_decimals(shape, lo=-1.0, hi=1.0, digits=3):
    """Random decimals: written to the JSON as they are, converted to the operand type
    by the runner exactly as here (nearest float32 / float16)."""
    return np.round(RNG.uniform(lo, hi, size=shape), digits)


def rand_ints(shape, lo, hi):
    return RNG.integers(lo, hi + 1, size=shape)


def operand(data, dtype, constant=False):
    """A graph input entry; data is an array of decimals or integers."""
    arr = np.asarray(data)
    entry = {"data": [to_json_number(v, dtype) for v in arr.reshape(-1)],
             "descriptor": {"shape": list(arr.shape), "dataType": dtype}}
    if constant:
        entry["constant"] = True
    return entry


def to_json_number(v, dtype):
    if dtype.startswith("float"):
        return float(v)
    return int(v)


def value_of(data, dtype):
    """The values the operand really holds (float64 for float types, int64 for integers)."""
    arr = np.asarray(data)
    if dtype.startswith("float"):
        return arr.astype(NP_TYPES[dtype]).astype(np.float64)
    return arr.astype(np.int64)


def expected(values, dtype):
    """An expectedOutputs entry: values rounded once to dtype, written exactly."""
    arr = np.asarray(values)
    if dtype.startswith("float"):
        arr = arr.astype(NP_TYPES[dtype])
    return {"data": [to_json_number(v, dtype) for v in arr.reshape(-1)],
            "descriptor": {"shape": list(arr.shape), "dataType": dtype}}


def case(name, inputs, op, args, outputs, expected_outputs):
    return {"name": name,
            "graph": {"inputs": inputs,
                      "operators": [{"name": op, "arguments": args, "outputs": outputs}],
                      "expectedOutputs": expected_outputs}}


# ---------------------------------------------------------------- data movement (pad, where, tile)

def pad_ref(x, begin, end, mode, value):
    """WebNN pad: output index o on axis d reads input index o - begin[d]; outside the input,
    constant mode writes value, edge mode clamps the index into [0, n), reflection mirrors it
    about the edge element without repeating it (-1 -> 1, n -> n - 2)."""
    out_shape = [b + n + e for b, n, e in zip(begin, x.shape, end)]
    out = np.empty(out_shape, dtype=x.dtype)
    for o in np.ndindex(*out_shape):
        src, inside = [], True
        for d, i in enumerate(o):
            n, j = x.shape[d], i - begin[d]
            if 0 <= j < n:
                src.append(j)
            elif mode == "constant":
                inside = False
                break
            elif mode == "edge":
                src.append(min(max(j, 0), n - 1))
            else:
                src.append(-j if j < 0 else 2 * (n - 1) - j)
        out[o] = x[tuple(src)] if inside else value
    return out


def pad_case(name, shape, dtype, begin, end, options=None, ints=None):
    raw = rand_ints(shape, *ints) if ints else rand_decimals(shape, -10, 10, 2)
    x = value_of(raw, dtype)
    mode = (options or {}).get("mode", "constant")
    fill = (options or {}).get("value", 0)
    fill = float(NP_TYPES[dtype](fill)) if dtype.startswith("float") else int(fill)
    args = [{"input": "padInput"}, {"beginningPadding": begin}, {"endingPadding": end}]
    if options is not None:
        args.append({"options": options})
    return case(name, {"padInput": operand(raw, dtype)}, "pad", args, "padOutput",
                {"padOutput": expected(pad_ref(x, begin, end, mode, fill), dtype)})


def where_case(name, cshape, tshape, fshape, dtype, ints=None):
    cond = rand_ints(cshape, 0, 3) * RNG.integers(1, 86, size=cshape)  # 0 or any non-zero uint8
    raw_t = rand_ints(tshape, *ints) if ints else rand_decimals(tshape, -10, 10, 2)
    raw_f = rand_ints(fshape, *ints) if ints else rand_decimals(fshape, -10, 10, 2)
    # WebNN where: trueValue where condition is non-zero, else falseValue, all broadcast.
    out = np.where(cond != 0, value_of(raw_t, dtype), value_of(raw_f, dtype))
    inputs = {"whereCondition": operand(cond, "uint8"), "whereTrueValue": operand(raw_t, dtype),
              "whereFalseValue": operand(raw_f, dtype, constant=True)}
    args = [{"condition": "whereCondition"}, {"trueValue": "whereTrueValue"}, {"falseValue": "whereFalseValue"}]
    return case(name, inputs, "where", args, "whereOutput", {"whereOutput": expected(out, dtype)})


def tile_ref(x, reps):
    """WebNN tile: output index o reads input index o mod shape on every axis."""
    out_shape = [n * r for n, r in zip(x.shape, reps)]
    out = np.empty(out_shape, dtype=x.dtype)
    for o in np.ndindex(*out_shape):
        out[o] = x[tuple(i % n for i, n in zip(o, x.shape))]
    return out


def tile_case(name, shape, dtype, reps, ints=None):
    raw = rand_ints(shape, *ints) if ints else rand_decimals(shape, -10, 10, 2)
    args = [{"input": "tileInput"}, {"repetitions": reps}]
    return case(name, {"tileInput": operand(raw, dtype)}, "tile", args, "tileOutput",
                {"tileOutput": expected(tile_ref(value_of(raw, dtype), reps), dtype)})


# ---------------------------------------------------------------- quantizeLinear, dequantizeLinear

INT_RANGE = {"int8": (-128, 127), "uint8": (0, 255), "int32": (-2**31, 2**31 - 1), "uint32": (0, 2**32 - 1)}


def blockwise_expand(v, shape):
    """Blockwise broadcast: every element of v repeats shape[d] / v.shape[d] times on axis d."""
    for d, (n, m) in enumerate(zip(v.shape, shape)):
        v = np.repeat(v, m // n, axis=d)
    return v


def quantize_ref(x, scale, zero_point, ftype, ztype):
    """quantizeLinear: clamp(roundEven(input / scale) + zeroPoint) to zeroPoint's type. The
    division is done in the input's type as in the spec's emulation; the generator insists
    that the float64 quotient rounds to the same integer (no quotient near a .5 boundary
    unless the division is exact), so the expected value does not depend on that choice."""
    s = blockwise_expand(scale, x.shape)
    q32 = np.rint((x.astype(NP_TYPES[ftype]) / s.astype(NP_TYPES[ftype])).astype(np.float64))
    q64 = np.rint(x / s)
    assert np.array_equal(q32, q64), "a quotient lies at a rounding boundary"
    lo, hi = INT_RANGE[ztype]
    return np.clip(q64.astype(np.int64) + blockwise_expand(zero_point, x.shape), lo, hi)


def quantize_case(name, shape, sshape, ftype, ztype, xrange, scales=None, data=None):
    """Random inputs whose quotients keep 1e-3 away from .5 boundaries, or the given data
    and scales (exact quotients, ties included)."""
    lo, hi = INT_RANGE[ztype]
    zlo, zhi = (max(lo, -20), min(hi, 20)) if ztype != "uint8" else (100, 140)
    while True:
        raw_x = np.reshape(data, shape) if data is not None else rand_decimals(shape, *xrange, 2)
        raw_s = scales if scales is not None else rand_decimals(sshape, 0.05, 0.5, 3)
        raw_s = np.asarray(raw_s, dtype=np.float64).reshape(sshape)
        x, s = value_of(raw_x, ftype), value_of(raw_s, ftype)
        frac = np.abs(np.abs(x / blockwise_expand(s, shape)) % 1.0 - 0.5)
        if data is not None or frac.min() > 1e-3:
            break
    raw_z = rand_ints(sshape, zlo, zhi)
    inputs = {"quantizeLinearInput": operand(raw_x, ftype), "quantizeLinearScale": operand(raw_s, ftype, True),
              "quantizeLinearZeroPoint": operand(raw_z, ztype, True)}
    args = [{"input": "quantizeLinearInput"}, {"scale": "quantizeLinearScale"},
            {"zeroPoint": "quantizeLinearZeroPoint"}]
    out = quantize_ref(x, s, value_of(raw_z, ztype), ftype, ztype)
    return case(name, inputs, "quantizeLinear", args, "quantizeLinearOutput",
                {"quantizeLinearOutput": expected(out, ztype)})


def dequantize_case(name, shape, sshape, itype, ftype, vrange):
    raw_x = rand_ints(shape, *vrange)
    raw_z = rand_ints(sshape, *vrange)
    raw_s = rand_decimals(sshape, 0.01, 2.0, 3)
    # dequantizeLinear: (input - zeroPoint) * scale, exact in float64, rounded once to scale's type.
    out = (value_of(raw_x, itype) - blockwise_expand(value_of(raw_z, itype), shape)).astype(np.float64) * \
        blockwise_expand(value_of(raw_s, ftype), shape)
    inputs = {"dequantizeLinearInput": operand(raw_x, itype), "dequantizeLinearScale": operand(raw_s, ftype, True),
              "dequantizeLinearZeroPoint": operand(raw_z, itype, True)}
    args = [{"input": "dequantizeLinearInput"}, {"scale": "dequantizeLinearScale"},
            {"zeroPoint": "dequantizeLinearZeroPoint"}]
    return case(name, inputs, "dequantizeLinear", args, "dequantizeLinearOutput",
                {"dequantizeLinearOutput": expected(out, ftype)})


# ---------------------------------------------------------------- recurrent networks

ACT = {"relu": lambda v: np.maximum(v, 0.0), "sigmoid": lambda v: 1.0 / (1.0 + np.exp(-v)), "tanh": np.tanh}


def gru_cell_ref(x, w, rw, h, hidden, bias=None, rbias=None, reset_after=True, layout="zrn",
                 activations=("sigmoid", "tanh")):
    """WebNN gruCell: gate rows of weight/recurrentWeight/bias in layout order (zrn: update,
    reset, new; rzn: reset, update, new);
    z = f(x Wz^T + h Rz^T + bz + rbz), r = f(x Wr^T + h Rr^T + br + rbr),
    resetAfter: n = g(x Wn^T + bn + r * (h Rn^T + rbn)), else n = g(x Wn^T + (r * h) Rn^T + bn + rbn),
    h' = z * h + (1 - z) * n."""
    f, g = ACT[activations[0]], ACT[activations[1]]
    zero = np.zeros(3 * hidden)
    b = bias if bias is not None else zero
    rb = rbias if rbias is not None else zero

    def rows(t, gate):
        k = layout.index(gate)
        return t[k * hidden:(k + 1) * hidden]
    z = f(x @ rows(w, "z").T + h @ rows(rw, "z").T + rows(b, "z") + rows(rb, "z"))
    r = f(x @ rows(w, "r").T + h @ rows(rw, "r").T + rows(b, "r") + rows(rb, "r"))
    if reset_after:
        n = g(x @ rows(w, "n").T + rows(b, "n") + r * (h @ rows(rw, "n").T + rows(rb, "n")))
    else:
        n = g(x @ rows(w, "n").T + (r * h) @ rows(rw, "n").T + rows(b, "n") + rows(rb, "n"))
    return z * h + (1.0 - z) * n


def lstm_cell_ref(x, w, rw, h, c, hidden, bias=None, rbias=None, peephole=None, layout="iofg",
                  activations=("sigmoid", "tanh", "tanh")):
    """WebNN lstmCell: gate rows in layout order (iofg or ifgo); peepholeWeight is ordered
    i, o, f whatever the layout and multiplies the incoming cell state;
    i, f, o = f(x W^T + h R^T + b + rb + p * c), g = g(x Wg^T + h Rg^T + bg + rbg),
    c' = f * c + i * g, h' = o * h(c')."""
    fa, ga, ha = (ACT[a] for a in activations)
    zero = np.zeros(4 * hidden)
    b = bias if bias is not None else zero
    rb = rbias if rbias is not None else zero
    p = peephole if peephole is not None else np.zeros(3 * hidden)

    def rows(t, gate, order=layout):
        k = order.index(gate)
        return t[k * hidden:(k + 1) * hidden]

    def pre(gate):
        return x @ rows(w, gate).T + h @ rows(rw, gate).T + rows(b, gate) + rows(rb, gate)
    i = fa(pre("i") + c * rows(p, "i", "iof"))
    f = fa(pre("f") + c * rows(p, "f", "iof"))
    o = fa(pre("o") + c * rows(p, "o", "iof"))
    g = ga(pre("g"))
    c2 = f * c + i * g
    return o * ha(c2), c2


def run_network(steps, direction, x, init_states, cell):
    """WebNN gru/lstm: direction d of numDirections runs the cell over the steps, in reverse
    time order for "backward" and for the second direction of "both"; the sequence output
    keeps time order for both directions: [steps, numDirections, batch, hidden]."""
    dirs = 2 if direction == "both" else 1
    finals, seq = [], [[None] * dirs for _ in range(steps)]
    for d in range(dirs):
        states = [s[d] for s in init_states]
        backward = direction == "backward" or d == 1
        for step in range(steps):
            t = steps - 1 - step if backward else step
            states = cell(d, x[t], states)
            seq[t][d] = states[0]
        finals.append(states)
    return [np.stack([f[k] for f in finals]) for k in range(len(init_states))], \
        np.stack([np.stack(s) for s in seq])


def recurrent_operands(ftype, dirs, gates, hidden, in_size, batch, steps, extras, cell=False):
    """Random inputs of a gru/lstm (cell=False) or gruCell/lstmCell (cell=True) case."""
    lead = () if cell else (dirs,)
    shapes = {"input": (batch, in_size) if cell else (steps, batch, in_size),
              "weight": lead + (gates * hidden, in_size), "recurrentWeight": lead + (gates * hidden, hidden),
              "bias": lead + (gates * hidden,), "recurrentBias": lead + (gates * hidden,),
              "peepholeWeight": lead + (3 * hidden,), "hiddenState": (batch, hidden), "cellState": (batch, hidden),
              "initialHiddenState": (dirs, batch, hidden), "initialCellState": (dirs, batch, hidden)}
    names = ["input", "weight", "recurrentWeight"] + extras
    raw = {n: rand_decimals(shapes[n], -1.0, 1.0, 3) for n in names}
    return raw, {n: value_of(v, ftype) for n, v in raw.items()}


def gru_case(name, ftype, steps, hidden, in_size, batch, options, cell=False):
    opts = dict(options)
    dirs = 2 if opts.get("direction") == "both" else 1
    extras = [k for k in ("bias", "recurrentBias", "initialHiddenState") if opts.get(k)]
    if cell:
        extras.append("hiddenState")
    raw, val = recurrent_operands(ftype, dirs, 3, hidden, in_size, batch, steps, extras, cell)
    kw = dict(reset_after=opts.get("resetAfter", True), layout=opts.get("layout", "zrn"),
              activations=tuple(opts.get("activations", ("sigmoid", "tanh"))))
    prefix = "gruCell" if cell else "gru"
    inputs = {prefix + n[0].upper() + n[1:]: operand(raw[n], ftype, constant=n not in ("input",))
              for n in raw}
    for k in ("bias", "recurrentBias", "initialHiddenState"):
        if opts.get(k):
            opts[k] = prefix + k[0].upper() + k[1:]
    if cell:
        out = gru_cell_ref(val["input"], val["weight"], val["recurrentWeight"], val["hiddenState"], hidden,
                           val.get("bias"), val.get("recurrentBias"), **kw)
        args = [{"input": "gruCellInput"}, {"weight": "gruCellWeight"}, {"recurrentWeight": "gruCellRecurrentWeight"},
                {"hiddenState": "gruCellHiddenState"}, {"hiddenSize": hidden}]
        if opts:
            args.append({"options": opts})
        return case(name, inputs, "gruCell", args, "gruCellOutput", {"gruCellOutput": expected(out, ftype)})

    def step(d, xt, states):
        return [gru_cell_ref(xt, val["weight"][d], val["recurrentWeight"][d], states[0], hidden,
                             val["bias"][d] if "bias" in val else None,
                             val["recurrentBias"][d] if "recurrentBias" in val else None, **kw)]
    init = [val.get("initialHiddenState", np.zeros((dirs, batch, hidden)))]
    (final,), seq = run_network(steps, opts.get("direction", "forward"), val["input"], init, step)
    args = [{"input": "gruInput"}, {"weight": "gruWeight"}, {"recurrentWeight": "gruRecurrentWeight"},
            {"steps": steps}, {"hiddenSize": hidden}]
    if opts:
        args.append({"options": opts})
    outs = {"gruOutput1": expected(final, ftype)}
    if opts.get("returnSequence"):
        outs["gruOutput2"] = expected(seq, ftype)
    return case(name, inputs, "gru", args, list(outs), outs)


def lstm_case(name, ftype, steps, hidden, in_size, batch, options, cell=False):
    opts = dict(options)
    dirs = 2 if opts.get("direction") == "both" else 1
    keys = ("bias", "recurrentBias", "peepholeWeight", "initialHiddenState", "initialCellState")
    extras = [k for k in keys if opts.get(k)]
    if cell:
        extras += ["hiddenState", "cellState"]
    raw, val = recurrent_operands(ftype, dirs, 4, hidden, in_size, batch, steps, extras, cell)
    kw = dict(layout=opts.get("layout", "iofg"),
              activations=tuple(opts.get("activations", ("sigmoid", "tanh", "tanh"))))
    prefix = "lstmCell" if cell else "lstm"
    inputs = {prefix + n[0].upper() + n[1:]: operand(raw[n], ftype, constant=n not in ("input", "cellState"))
              for n in raw}
    for k in keys:
        if opts.get(k):
            opts[k] = prefix + k[0].upper() + k[1:]
    if cell:
        h, c = lstm_cell_ref(val["input"], val["weight"], val["recurrentWeight"], val["hiddenState"],
                             val["cellState"], hidden, val.get("bias"), val.get("recurrentBias"),
                             val.get("peepholeWeight"), **kw)
        args = [{"input": "lstmCellInput"}, {"weight": "lstmCellWeight"},
                {"recurrentWeight": "lstmCellRecurrentWeight"}, {"hiddenState": "lstmCellHiddenState"},
                {"cellState": "lstmCellCellState"}, {"hiddenSize": hidden}]
        if opts:
            args.append({"options": opts})
        outs = {"lstmCellOutput1": expected(h, ftype), "lstmCellOutput2": expected(c, ftype)}
        return case(name, inputs, "lstmCell", args, list(outs), outs)

    def step(d, xt, states):
        return list(lstm_cell_ref(xt, val["weight"][d], val["recurrentWeight"][d], states[0], states[1], hidden,
                                  *(val[k][d] if k in val else None
                                    for k in ("bias", "recurrentBias", "peepholeWeight")), **kw))
    zeros = np.zeros((dirs, batch, hidden))
    init = [val.get("initialHiddenState", zeros), val.get("initialCellState", zeros)]
    (h, c), seq = run_network(steps, opts.get("direction", "forward"), val["input"], init, step)
    args = [{"input": "lstmInput"}, {"weight": "lstmWeight"}, {"recurrentWeight": "lstmRecurrentWeight"},
            {"steps": steps}, {"hiddenSize": hidden}]
    if opts:
        args.append({"options": opts})
    outs = {"lstmOutput1": expected(h, ftype), "lstmOutput2": expected(c, ftype)}
    if opts.get("returnSequence"):
        outs["lstmOutput3"] = expected(seq, ftype)
    return case(name, inputs, "lstm", args, list(outs), outs)


# ---------------------------------------------------------------- the cases

def all_cases():
    pads = [
        pad_case("pad float32 2D default options", [2, 3], "float32", [1, 2], [2, 1]),
        pad_case("pad float32 3D options.mode='constant' options.value=2.5", [2, 2, 3], "float32",
                 [0, 1, 2], [1, 0, 1], {"mode": "constant", "value": 2.5}),
        pad_case("pad float32 2D options.mode='edge'", [3, 4], "float32", [2, 1], [1, 3], {"mode": "edge"}),
        pad_case("pad float32 3D options.mode='reflection'", [2, 3, 4], "float32", [1, 2, 3], [1, 1, 2],
                 {"mode": "reflection"}),
        pad_case("pad float16 2D options.value=-1.5", [2, 3], "float16", [1, 1], [0, 2], {"value": -1.5}),
        pad_case("pad int32 2D options.mode='constant' options.value=-7", [2, 2], "int32", [1, 0], [1, 2],
                 {"mode": "constant", "value": -7}, ints=(-1000, 1000)),
        pad_case("pad uint8 1D options.mode='reflection'", [5], "uint8", [3], [4], {"mode": "reflection"},
                 ints=(0, 255)),
    ]
    wheres = [
        where_case("where float32 2D same shapes", [2, 3], [2, 3], [2, 3], "float32"),
        where_case("where float32 broadcast condition, trueValue and falseValue", [3, 1], [1, 4], [2, 1, 1],
                   "float32"),
        where_case("where float16 3D", [2, 2, 3], [2, 2, 3], [3], "float16"),
        where_case("where int32 broadcast", [4], [2, 4], [1], "int32", ints=(-2**31, 2**31 - 1)),
        where_case("where uint8 values 2D", [2, 3], [2, 3], [2, 3], "uint8", ints=(0, 255)),
    ]
    tiles = [
        tile_case("tile float32 1D", [3], "float32", [4]),
        tile_case("tile float32 2D", [2, 3], "float32", [3, 2]),
        tile_case("tile float16 3D repetitions of 1", [2, 1, 3], "float16", [1, 3, 1]),
        tile_case("tile int8 2D", [2, 2], "int8", [2, 3], ints=(-128, 127)),
        tile_case("tile uint32 4D", [1, 2, 2, 1], "uint32", [2, 1, 2, 3], ints=(0, 2**32 - 1)),
    ]
    quantizes = [
        quantize_case("quantizeLinear float32 2D per-tensor uint8", [3, 4], [1, 1], "float32", "uint8", (-20, 20)),
        quantize_case("quantizeLinear float32 2D per-axis int8 saturating", [2, 5], [2, 1], "float32", "int8",
                      (-40, 40), scales=[0.1, 0.25]),
        quantize_case("quantizeLinear float32 3D blockwise int32", [2, 4, 6], [1, 2, 3], "float32", "int32",
                      (-100, 100)),
        # x = odd/16 over power-of-two scales: 1/8 makes every quotient a tie (odd/2), 1/16 exact.
        quantize_case("quantizeLinear float32 ties round to even (power-of-two scales)", [2, 6], [2, 2], "float32",
                      "int8", None, scales=[0.125, 0.125, 0.125, 0.0625], data=np.arange(-11, 13, 2) / 16),
        quantize_case("quantizeLinear float16 2D uint8", [2, 4], [2, 1], "float16", "uint8", (-10, 10)),
    ]
    dequantizes = [
        dequantize_case("dequantizeLinear uint8 2D per-tensor float32", [3, 4], [1, 1], "uint8", "float32", (0, 255)),
        dequantize_case("dequantizeLinear int8 2D per-axis float32", [2, 5], [1, 5], "int8", "float32", (-128, 127)),
        dequantize_case("dequantizeLinear int32 3D blockwise float32", [2, 4, 6], [2, 2, 1], "int32", "float32",
                        (-2**24, 2**24)),
        dequantize_case("dequantizeLinear uint32 1D float32", [6], [3], "uint32", "float32", (0, 2**24)),
        dequantize_case("dequantizeLinear int8 2D float16", [2, 4], [2, 2], "int8", "float16", (-128, 127)),
    ]
    gru_cells = [
        gru_case("gruCell float32 default options", "float32", 1, 4, 3, 2, {}, cell=True),
        gru_case("gruCell float32 bias, recurrentBias, resetAfter=false, layout='rzn'", "float32", 1, 3, 2, 2,
                 {"bias": True, "recurrentBias": True, "resetAfter": False, "layout": "rzn"}, cell=True),
        gru_case("gruCell float32 activations=['relu', 'tanh']", "float32", 1, 2, 3, 1,
                 {"bias": True, "activations": ["relu", "tanh"]}, cell=True),
        gru_case("gruCell float16 bias and recurrentBias", "float16", 1, 3, 2, 2,
                 {"bias": True, "recurrentBias": True}, cell=True),
    ]
    grus = [
        gru_case("gru float32 steps=2 default options", "float32", 2, 3, 2, 2, {}),
        gru_case("gru float32 backward, returnSequence, bias, recurrentBias, initialHiddenState", "float32", 3, 2, 3,
                 2, {"bias": True, "recurrentBias": True, "initialHiddenState": True, "returnSequence": True,
                     "direction": "backward"}),
        gru_case("gru float32 both directions, resetAfter=false, layout='rzn', returnSequence", "float32", 2, 3, 2, 1,
                 {"bias": True, "resetAfter": False, "layout": "rzn", "returnSequence": True, "direction": "both"}),
        gru_case("gru float32 activations=['sigmoid', 'relu'] forward", "float32", 2, 2, 2, 2,
                 {"recurrentBias": True, "activations": ["sigmoid", "relu"], "direction": "forward"}),
    ]
    lstm_cells = [
        lstm_case("lstmCell float32 default options", "float32", 1, 3, 2, 2, {}, cell=True),
        lstm_case("lstmCell float32 bias, recurrentBias, peepholeWeight, layout='ifgo'", "float32", 1, 2, 3, 2,
                  {"bias": True, "recurrentBias": True, "peepholeWeight": True, "layout": "ifgo"}, cell=True),
        lstm_case("lstmCell float32 activations=['sigmoid', 'relu', 'tanh']", "float32", 1, 2, 2, 1,
                  {"bias": True, "activations": ["sigmoid", "relu", "tanh"]}, cell=True),
        lstm_case("lstmCell float16 bias and peepholeWeight", "float16", 1, 2, 2, 2,
                  {"bias": True, "peepholeWeight": True}, cell=True),
    ]
    lstms = [
        lstm_case("lstm float32 steps=2 default options", "float32", 2, 2, 3, 2, {}),
        lstm_case("lstm float32 both directions, returnSequence, all optional operands", "float32", 3, 2, 2, 2,
                  {"bias": True, "recurrentBias": True, "peepholeWeight": True, "initialHiddenState": True,
                   "initialCellState": True, "returnSequence": True, "direction": "both"}),
        lstm_case("lstm float32 backward, layout='ifgo', activations=['sigmoid', 'tanh', 'relu']", "float32", 2, 3, 2,
                  1, {"bias": True, "layout": "ifgo", "activations": ["sigmoid", "tanh", "relu"],
                      "direction": "backward", "returnSequence": True}),
    ]
    return {"pad": pads, "where": wheres, "tile": tiles, "quantize_linear": quantizes,
            "dequantize_linear": dequantizes, "gru_cell": gru_cells, "gru": grus, "lstm_cell": lstm_cells,
            "lstm": lstms}


OPERATION = {"pad": "pad", "where": "where", "tile": "tile", "quantize_linear": "quantizeLinear",
             "dequantize_linear": "dequantizeLinear", "gru_cell": "gruCell", "gru": "gru", "lstm_cell": "lstmCell",
             "lstm": "lstm"}


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    for stem, tests in all_cases().items():
        head = {"operation": OPERATION[stem], "generator": "tests/conformance/make_cases.py"}
        text = json.dumps(head)[:-1] + ', "tests": [\n' + ",\n".join(json.dumps(t) for t in tests) + "\n]}\n"
        with open(os.path.join(OUT_DIR, stem + ".json"), "w") as f:
            f.write(text)
        print(f"{stem}.json: {len(tests)} cases")


if __name__ == "__main__":
    main()
