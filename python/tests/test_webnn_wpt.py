"""test_webnn_wpt.py — runs every WebNN conformance case (the web-platform-tests vectors in
$NNX_TESTDATA/webnn/conformance/*.json, and the repository's own tests/conformance/cases/*.json)
through the Python builder, nnx.ml.MLGraphBuilder, one pytest case per vector.

The JSON names an operator in camelCase with its positional arguments and an options
dictionary; each maps generically onto the builder method of the same name in snake_case,
the options becoming keyword arguments. The error budget of each case is computed exactly as
the C runner does (tests/conformance/op_table.c, op_recurrent.c, compare.c): per-operator ULP
(or absolute) budgets from the wpt tolerance table, summed over the operators of a graph, and
ULP distances in sign-magnitude order with +0 == -0, float16 compared as 16-bit patterns.

The suite is meant to agree with the C runner, nnx-webnn-conformance: a case the C runner
fails or skips is a strict xfail here, so that a case passing in one and not the other turns
the suite red. C_RUNNER_NOT_PASSING records the C runner's result on the data (every case
passes); set NNX_WEBNN_CONFORMANCE to a runner binary to take its results live instead."""
import functools
import json
import math
import os
import pathlib
import re
import subprocess

import numpy as np
import pytest

from conftest import REPO
from conftest import testdata_dir as shared_testdata_dir

ml = pytest.importorskip("nnx.ml")

WPT_SUBDIR = pathlib.Path("webnn") / "conformance"
OWN_CASES = REPO / "tests" / "conformance" / "cases"

# Cases the C runner does not pass on this data: {case name: reason}. Empty: it passes all
# 1519 (1477 wpt + 42 own cases).
C_RUNNER_NOT_PASSING: dict[str, str] = {}


# ------------------------------------------------------------------ collection


def case_files() -> list[tuple[str, pathlib.Path]]:
    """(id prefix, path) of every case file: the wpt folder, then the repository's cases."""
    files = []
    wpt = shared_testdata_dir() / WPT_SUBDIR
    if wpt.is_dir():
        files += [("wpt/" + p.stem, p) for p in sorted(wpt.glob("*.json"))]
    if OWN_CASES.is_dir():
        files += [("own/" + p.stem, p) for p in sorted(OWN_CASES.glob("*.json"))]
    return files


@functools.lru_cache(maxsize=None)
def load_tests(path: pathlib.Path) -> list:
    with open(path, encoding="utf-8") as f:
        return json.load(f)["tests"]


def collect():
    params = []
    for prefix, path in case_files():
        for index, test in enumerate(load_tests(path)):
            name = test.get("name", f"{path} test #{index}")
            params.append(pytest.param(path, index, name, id=f"{prefix}:{name}"))
    if not params:  # no data: one case that the testdata fixture skips
        params.append(pytest.param(None, 0, "", id="no-data"))
    return params


# ------------------------------------------------------------------ the C runner's results


@functools.lru_cache(maxsize=None)
def c_runner_not_passing() -> dict[str, str]:
    """{case name: reason} of the cases the C runner fails or skips."""
    runner = os.environ.get("NNX_WEBNN_CONFORMANCE")
    if not runner:
        return C_RUNNER_NOT_PASSING
    paths = sorted({str(path.parent) for _, path in case_files()})
    out = subprocess.run([runner, "-v", *paths], capture_output=True, text=True, check=False).stdout
    passed, failed, skipped_ops = set(), {}, set()
    for line in out.splitlines():
        if line.startswith("PASS "):
            passed.add(line[5:])
        elif line.startswith("FAIL "):
            name, _, reason = line[5:].partition(": ")
            failed[name] = "the C runner fails it: " + reason
        elif line.startswith("SKIP "):
            skipped_ops.add(line[5:].partition(":")[0])
    result = dict(failed)
    for _, path in case_files():
        for test in load_tests(path):
            name = test.get("name", "")
            ops = [op.get("name") for op in test["graph"]["operators"]]
            skipped = next((op for op in ops if op in skipped_ops), None)
            if name not in passed and name not in failed and skipped:
                result[name] = f"the C runner skips {skipped} (not implemented there)"
    return result


# ------------------------------------------------------------------ names and values

SPECIAL = {"Infinity": math.inf, "-Infinity": -math.inf, "NaN": math.nan}
# camelCase -> snake_case; "isNaN" is the one name whose capitals are not word starts.
IRREGULAR = {"isNaN": "is_nan"}


def snake(name: str) -> str:
    if name in IRREGULAR:
        return IRREGULAR[name]
    return re.sub(r"(?<=[a-z0-9])([A-Z])|(?<=[A-Z])([A-Z])(?=[a-z])", r"_\1\2", name).lower()


def literal(value, env: dict):
    """A JSON argument as a Python value: a name bound in env is its MLOperand, the JavaScript
    specials are floats, a decimal string (a BigInt literal) is an int, lists recurse."""
    if isinstance(value, str):
        if value in env:
            return env[value]
        if value in SPECIAL:
            return SPECIAL[value]
        if re.fullmatch(r"-?[0-9]+", value):
            return int(value)
        return value
    if isinstance(value, list):
        return [literal(v, env) for v in value]
    return value


def element(value, floating: bool):
    if isinstance(value, str):
        if value in SPECIAL:
            return SPECIAL[value]
        return float(value) if floating else int(value)
    return float(value) if floating else value


def to_array(data, descriptor: dict) -> np.ndarray:
    """A case's data as an array of its descriptor: float16 rounded once from the decimal
    (through float64, as Float16Array does), a single value filling every element."""
    dtype = np.dtype(descriptor["dataType"])
    shape = tuple(descriptor["shape"])
    floating = dtype.kind == "f"
    count = math.prod(shape)
    values = [element(v, floating) for v in data] if isinstance(data, list) else [element(data, floating)] * count
    if len(values) != count:
        raise ValueError(f"data has {len(values)} values, the shape has {count} elements")
    if floating:
        return np.array(values, dtype=np.float64).astype(dtype).reshape(shape)
    return np.array(values, dtype=dtype).reshape(shape)


# ------------------------------------------------------------------ tolerances (op_table.c)

# Element-wise budgets (ULP float32, ULP float16, absolute float32, absolute float16) of the
# operators whose budget depends only on the output type (the wpt table).
LOG_LIKE = (0, 0, 1.0 / 1024, 1.0 / 512)
FIXED = {
    "add": (1, 1), "sub": (1, 1), "mul": (1, 1), "div": (2, 2), "max": (0, 0), "min": (0, 0), "pow": (32, 2),
    "abs": (0, 0), "neg": (0, 0), "ceil": (0, 0), "floor": (0, 0), "exp": (32, 1), "sqrt": (1, 1),
    "relu": (0, 0), "sigmoid": (34, 10), "tanh": (16, 16), "log": LOG_LIKE, "equal": (0, 0),
    "notEqual": (0, 0), "greater": (0, 0), "greaterOrEqual": (0, 0), "lesser": (0, 0), "lesserOrEqual": (0, 0),
    "logicalAnd": (0, 0), "logicalOr": (0, 0), "logicalXor": (0, 0), "logicalNot": (0, 0), "isNaN": (0, 0),
    "isInfinite": (0, 0), "roundEven": (0, 0), "sign": (0, 0), "identity": (0, 0), "reciprocal": (2, 2),
    "sin": LOG_LIKE, "cos": LOG_LIKE, "tan": LOG_LIKE, "erf": LOG_LIKE, "elu": (18, 18), "gelu": (18, 18),
    "hardSigmoid": (2, 2), "hardSwish": (4, 4), "leakyRelu": (1, 2), "linear": (2, 2), "prelu": (1, 1),
    "softplus": (18, 18), "softsign": (3, 3),
}
# Reductions: factor * N + offset ULP, N = the number of elements reduced into one output.
REDUCE = {
    "reduceSum": (1, 0), "reduceMean": (1, 2), "reduceMax": (0, 0), "reduceMin": (0, 0), "reduceL1": (1, 0),
    "reduceL2": (2, 1), "reduceLogSum": (1, 18), "reduceLogSumExp": (2, 18), "reduceProduct": (1, 0),
    "reduceSumSquare": (2, 0),
}
FILTER_HW = {None: (2, 3), "oihw": (2, 3), "hwio": (0, 1), "ohwi": (1, 2), "ihwo": (1, 2)}
T_FILTER_HW = {None: (2, 3), "iohw": (2, 3), "hwoi": (0, 1), "ohwi": (1, 2)}


def spatial(shape, layout):
    """The H and W extents of a 4-D activation in layout."""
    return (shape[1], shape[2]) if layout == "nhwc" else (shape[2], shape[3])


def conv_ulp(inp, flt, options, hw_of) -> int:
    """kH * kW * (inputChannels / groups) * 2 ULP: one rounding per product and per sum."""
    if len(inp.shape) != 4 or len(flt.shape) != 4:
        return 0
    channels = inp.shape[3 if options.get("inputLayout") == "nhwc" else 1]
    groups = options.get("groups") or 1
    h, w = hw_of[options.get("filterLayout")]
    return flt.shape[h] * flt.shape[w] * (channels // groups) * 2


def window_elements(inp, options) -> int:
    window = options.get("windowDimensions")
    if window is not None and len(window) == 2:
        return window[0] * window[1]
    if len(inp.shape) == 4:
        h, w = spatial(inp.shape, options.get("layout"))
        return h * w
    return 0


def not_one(value) -> bool:
    return value is not None and value != 1


def activation_ulp(name, f16: bool) -> int:
    """relu 0, sigmoid 34 (float16: 10), tanh 16."""
    return {"relu": 0, "sigmoid": 10 if f16 else 34}.get(name, 16)


def recurrent_budget(inp, hidden: int, options: dict, outs: list, lstm: bool, steps: int) -> tuple[int, float]:
    """op_recurrent.c: the ULP count of one time step (I = input size, H = hidden size), times
    the steps, also allowed as an absolute error in units of the output type's spacing at 1.
    A gate's pre-activation is 2I + 2H + 3 roundings; gru: three gates, r's product and the
    state update (4): 6I + 6H + 14 + 2 A(f) + A(g); lstm: four gates, the cell (3) and the
    hidden state (1), 2 more per peephole gate: 8I + 8H + 16 (+ 6) + 3 A(f) + A(g) + A(h)."""
    f16 = inp.dtype == np.float16
    i = inp.shape[-1] if inp.shape else 0
    acts = options.get("activations") or []

    def act(k, fallback):
        return activation_ulp(acts[k] if k < len(acts) else fallback, f16)

    if lstm:
        step = 8 * i + 8 * hidden + 16 + (6 if options.get("peepholeWeight") is not None else 0)
        step += 3 * act(0, "sigmoid") + act(1, "tanh") + act(2, "tanh")
    else:
        step = 6 * i + 6 * hidden + 14 + 2 * act(0, "sigmoid") + act(1, "tanh")
    ulp = step * steps
    return ulp, ulp * (1.0 / 1024 if outs[0].dtype == np.float16 else 1.0 / 8388608)


def budget(name: str, args: list, options: dict, outs: list) -> tuple[int, float]:
    """The (ULP, absolute) budget of one operator, given its arguments (operands as MLOperand)
    and results, as op_table.c computes it."""
    if name in FIXED:
        row = FIXED[name]
        f16 = outs[0].dtype == np.float16
        ulp = row[1] if f16 else row[0]
        absolute = (row[3] if f16 else row[2]) if len(row) == 4 else 0.0
        return ulp, absolute
    if name in REDUCE:
        factor, offset = REDUCE[name]
        shape, axes = args[0].shape, options.get("axes")
        n = 1
        for axis in axes if axes is not None else range(len(shape)):
            n *= shape[axis] if axis < len(shape) else 1
        return factor * n + offset, 0.0
    if name == "matmul":  # 2K: K products and K sums
        return (2 * args[0].shape[-1] if args[0].shape else 0), 0.0
    if name == "gemm":  # 2K, +1 each for alpha != 1, C, beta != 1
        a = args[0]
        k = a.shape[0 if options.get("aTranspose") else 1] if len(a.shape) == 2 else 0
        c_given = options.get("c") is not None
        return 2 * k + not_one(options.get("alpha")) + c_given + not_one(options.get("beta")), 0.0
    if name == "conv2d":
        return conv_ulp(args[0], args[1], options, FILTER_HW), 0.0
    if name == "convTranspose2d":
        return conv_ulp(args[0], args[1], options, T_FILTER_HW), 0.0
    if name == "averagePool2d":  # a rounding per summed element, the count and the division
        return window_elements(args[0], options) + 2, 0.0
    if name == "l2Pool2d":  # as reduceL2: 2N + 1
        return 2 * window_elements(args[0], options) + 1, 0.0
    if name == "resample2d":  # linear: three interpolations and the coordinates, 12
        return (12 if options.get("mode") == "linear" else 0), 0.0
    if name == "softmax":  # per axis element an exp, a subtraction, a sum term; +3
        shape, axis = args[0].shape, args[1]
        return (3 * shape[axis] + 3 if axis < len(shape) else 3), 0.0
    if name == "cumulativeSum":  # a running sum of up to shape[axis] terms
        shape, axis = args[0].shape, args[1]
        return (shape[axis] if axis < len(shape) else 0), 0.0
    if name == "batchNormalization":
        return 6, 0.0
    if name == "instanceNormalization":  # 4N + 8, N = H * W
        shape = args[0].shape
        n = math.prod(spatial(shape, options.get("layout"))) if len(shape) == 4 else 0
        return 4 * n + 8, 0.0
    if name == "layerNormalization":  # 4N + 8, N = the elements normalized together
        shape, axes = args[0].shape, options.get("axes")
        n = 1
        for axis in axes if axes is not None else range(1, len(shape)):
            n *= shape[axis] if axis < len(shape) else 1
        return 4 * n + 8, 0.0
    if name == "dequantizeLinear":  # the product rounds; a 32-bit difference may round too
        return (2 if args[0].dtype in (np.int32, np.uint32) else 1), 0.0
    if name in ("gru", "gruCell", "lstm", "lstmCell"):
        steps = args[3] if name in ("gru", "lstm") else 1
        hidden = args[5] if name == "lstmCell" else args[4]
        return recurrent_budget(args[0], hidden, options, outs, name.startswith("lstm"), steps)
    # clamp, cast, argMin/argMax, maxPool2d, data movement, gather/scatter, quantizeLinear,
    # pad, where, tile: exact.
    return 0, 0.0


# ------------------------------------------------------------------ comparison (compare.c)


def float_failures(actual: np.ndarray, expected: np.ndarray, ulp: int, absolute: float) -> np.ndarray:
    """A mask of the elements outside the budget, by compare.c's float_within."""
    bits = np.uint32 if actual.dtype == np.float32 else np.uint16
    sign, inf = (0x80000000, 0x7F800000) if bits is np.uint32 else (0x8000, 0x7C00)
    a = actual.view(bits).astype(np.int64).ravel()
    e = expected.view(bits).astype(np.int64).ravel()
    mag_a, mag_e = a & ~sign, e & ~sign
    nan_a, nan_e = mag_a > inf, mag_e > inf
    ordered_a = np.where(a & sign, -mag_a, mag_a)
    ordered_e = np.where(e & sign, -mag_e, mag_e)
    ok = np.abs(ordered_a - ordered_e) <= ulp
    if absolute > 0:
        with np.errstate(all="ignore"):
            m = np.where(mag_e + 1 >= inf, mag_e - 1, mag_e)
            value = lambda b: b.astype(bits).view(actual.dtype).astype(np.float64)  # noqa: E731
            spacing = value(m + 1) - value(m)
            near = np.abs(actual.ravel().astype(np.float64) - expected.ravel().astype(np.float64))
            ok |= (mag_e != inf) & (near <= absolute + ulp * spacing)
    ok = np.where(nan_e, nan_a, ok & ~nan_a)
    return ~ok


def check_output(name: str, actual: np.ndarray, expected: np.ndarray, ulp: int, absolute: float):
    if actual.dtype in (np.float32, np.float16):
        bad = float_failures(actual, expected, ulp, absolute)
    else:
        bad = actual.ravel() != expected.ravel()
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        tol = f"{absolute:g} absolute + {ulp} ULP" if absolute > 0 else f"{ulp} ULP"
        pytest.fail(
            f"output '{name}' index {i}: expected {expected.ravel()[i]!r}, actual {actual.ravel()[i]!r}, "
            f"tolerance {tol} ({int(bad.sum())} of {bad.size} elements differ)"
        )


# ------------------------------------------------------------------ one case


def add_operator(builder, op: dict, env: dict) -> tuple[int, float]:
    """Calls the builder method of one operator, binds its outputs, returns its budget."""
    name = op["name"]
    args, options = [], {}
    for argument in op["arguments"]:
        ((key, value),) = argument.items()
        if key == "options":
            options = {k: literal(v, env) for k, v in value.items()}
        else:
            args.append(literal(value, env))
    result = getattr(builder, snake(name))(*args, **{snake(k): v for k, v in options.items()})
    outs = result if isinstance(result, list) else [result]
    names = op["outputs"] if isinstance(op["outputs"], list) else [op["outputs"]]
    assert len(names) == len(outs), f"{name}: {len(names)} output names for {len(outs)} results"
    for out_name, operand in zip(names, outs):
        assert out_name not in env, f"operand name '{out_name}' is defined twice"
        env[out_name] = operand
    return budget(name, args, options, outs)


def run_case(context, test: dict):
    graph = test["graph"]
    builder = ml.MLGraphBuilder(context)
    env, feeds = {}, {}
    for name, item in graph["inputs"].items():
        array = to_array(item["data"], item["descriptor"])
        if item.get("constant"):
            env[name] = builder.constant(array)
        else:
            desc = item["descriptor"]
            env[name] = builder.input(name, desc["dataType"], desc["shape"])
            feeds[name] = array
    ulp, absolute = 0, 0.0
    for op in graph["operators"]:
        op_ulp, op_abs = add_operator(builder, op, env)
        ulp, absolute = ulp + op_ulp, absolute + op_abs
    expected = graph["expectedOutputs"]
    missing = [name for name in expected if name not in env]
    assert not missing, f"expected outputs {missing} are produced by no operator"
    compiled = builder.build({name: env[name] for name in expected})
    results = context.compute(compiled, {info.name: feeds[info.name] for info in compiled.inputs})
    for name, item in expected.items():
        want = to_array(item["data"], item["descriptor"])
        got = results[name]
        assert (got.dtype, got.shape) == (want.dtype, want.shape), (
            f"output '{name}' is {got.dtype}{list(got.shape)}, expected {want.dtype}{list(want.shape)}"
        )
        check_output(name, got, want, ulp, absolute)


@pytest.fixture(scope="module")
def context():
    return ml.create_context()


@pytest.mark.parametrize("path,index,name", collect())
def test_webnn_case(context, request, path, index, name):
    if path is None or not path.is_relative_to(REPO):
        request.getfixturevalue("testdata")  # skips when the shared test data is missing
    if path is None:
        pytest.skip(f"no conformance cases in {shared_testdata_dir() / WPT_SUBDIR} or {OWN_CASES}")
    reason = c_runner_not_passing().get(name)
    if reason:
        request.applymarker(pytest.mark.xfail(reason=reason, strict=True))
    run_case(context, load_tests(path)[index])
