"""check_print_values.py — `nnx run --print` prints an output as numpy.array2string does with
NumPy's default print options: for arrays of every dtype NumPy and nnx share (float16/32/64,
signed and unsigned integers, bool), small ones, ones that need wrapping, exponent notation,
nan and inf, and ones above the threshold of 1000 elements (summarised with '...', and in
full with --print-all). Each array goes through an ONNX Identity model made here with
python3-onnx; the text after the summary line must equal NumPy's exactly.

usage: check_print_values.py NNX WORKDIR   (exit 77 when python3-onnx is not installed)"""
import os
import subprocess
import sys

import numpy as np

try:
    import onnx
    from onnx import helper, mapping
except ImportError:
    print("skipped: python3-onnx is not installed")
    sys.exit(77)

NNX, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
rng = np.random.default_rng(20261128)

CASES = {
    "float32_2x4": rng.standard_normal((2, 4)).astype(np.float32),
    "float32_exp": np.array([1e-5, 1.0, 123.5, -7], np.float32),
    "float32_large": np.array([1e9, 3.0], np.float32),
    "float32_tiny": np.array([1.234e-7, 5.0e-6], np.float32),
    "float32_nan_inf": np.array([[np.nan, 1.5, -np.inf], [np.inf, -0.0, 2.25]], np.float32),
    "float32_integral": np.array([1.0, 2.0, 30.0, 4.0], np.float32),
    "float32_wrapped": (rng.standard_normal(40) * 100).astype(np.float32),
    "float32_4d": rng.standard_normal((2, 2, 3, 2)).astype(np.float32),
    "float32_summarised_2d": rng.standard_normal((50, 50)).astype(np.float32),
    "float32_summarised_1001": rng.standard_normal(1001).astype(np.float32),
    "float32_scales": (rng.standard_normal(12) * 10.0 ** rng.integers(-3, 3, 12)).astype(np.float32),
    "float32_positional": (rng.standard_normal((4, 6)) * 50).astype(np.float32),
    "float16": rng.standard_normal((3, 5)).astype(np.float16),
    "float16_exp": np.array([6.0e-5, 1.0, 65504.0, -0.5], np.float16),
    "float64_exp": rng.standard_normal(7) * 1e-6,
    "float64": rng.standard_normal((2, 3)),
    "int64_summarised": np.arange(-600, 600, dtype=np.int64),
    "int32_3d": np.arange(60, dtype=np.int32).reshape(3, 4, 5) - 30,
    "int32_summarised_3d": np.arange(1200, dtype=np.int32).reshape(10, 10, 12),
    "int8": np.array([[-128, 5], [127, 0]], np.int8),
    "uint8": np.arange(30, dtype=np.uint8).reshape(5, 6),
    "bool": np.array([[True, False, True], [False, False, True]]),
}
failures = []


def identity_model(path, array):
    t = mapping.NP_TYPE_TO_TENSOR_TYPE[array.dtype]
    x = helper.make_tensor_value_info("x", t, list(array.shape))
    y = helper.make_tensor_value_info("y", t, list(array.shape))
    graph = helper.make_graph([helper.make_node("Identity", ["x"], ["y"])], "identity", [x], [y])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), path)


def printed(model, data, *flags):
    r = subprocess.run([NNX, "run", model, "--input", "x=" + data, *flags], capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr
    lines = r.stdout.splitlines(keepends=True)[1:]  # the summary line first
    return "".join(line for line in lines if not line.startswith("  top-")), r.stderr


for name, array in CASES.items():
    model, data = os.path.join(WORK, name + ".onnx"), os.path.join(WORK, name + ".npy")
    identity_model(model, array)
    np.save(data, array)
    want = np.array2string(array) + "\n"
    got, err = printed(model, data, "--print")
    ok = got == want
    print(("PASS " if ok else "FAIL ") + name)
    if not ok:
        failures.append(name)
        print("nnx printed:\n%s\nnumpy prints:\n%s\n%s" % (got, want, err))
    if array.size > 1000:  # --print-all: numpy without a threshold
        with np.printoptions(threshold=sys.maxsize):
            want = np.array2string(array) + "\n"
        got, err = printed(model, data, "--print-all")
        ok = got == want
        print(("PASS " if ok else "FAIL ") + name + " --print-all")
        if not ok:
            failures.append(name + " --print-all")
            print("nnx printed:\n%s\nnumpy prints:\n%s\n%s" % (got, want, err))

print("%d of %d checks failed" % (len(failures), len(CASES)) if failures else "all passed")
sys.exit(1 if failures else 0)
