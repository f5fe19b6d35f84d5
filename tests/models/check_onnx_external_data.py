#!/usr/bin/python3
"""check_onnx_external_data.py — an ONNX model beyond protobuf's 2 GiB through nnx: the source
(made here with python3-onnx: y = x + Gather(W, idx), W a float32 weight of 2.16 GB kept in
external data, idx an input so that nothing folds W away) is converted by `nnx convert big.onnx out.onnx`, which must write the weight to
out.onnx.data (ONNX's ExternalData.md) since no protobuf message holds it; the written model
must pass python3-onnx's checker (by path, as models with external data are checked), and
`nnx run` and ONNX Runtime (tests/onnxruntime/run_onnx.js) must both compute numpy's y from
it, which reads W at its first, middle and last elements.

  /usr/bin/python3 tests/models/check_onnx_external_data.py NNX RUN_ONNX_JS OUT_DIR

Exit 0 on success, 1 naming the failed step, 77 when python3-onnx is not installed.
"""
import os
import shutil
import subprocess
import sys

import numpy as np

from onnxruntime_oracle import available, ort_run

try:
    import onnx
    from onnx import TensorProto, helper
except ImportError:
    print("skipped: python3-onnx is not installed")
    sys.exit(77)

N = 540_000_000  # float32 elements: 2.16e9 bytes, above 2^31 - 1
INDICES = np.array([0, 1, 12345, N // 2, N - 2, N - 1], dtype=np.int64)


def weight(lo, hi):
    """W[lo:hi]: each element's index modulo 1009, scaled, so offsets show in the values."""
    return ((np.arange(lo, hi, dtype=np.int64) % 1009) * 0.25 - 100).astype(np.float32)


def make_source(out):
    """big.onnx with W in big.bin, written in chunks (never whole in memory)."""
    with open(os.path.join(out, "big.bin"), "wb") as f:
        for lo in range(0, N, 1 << 26):
            weight(lo, min(N, lo + (1 << 26))).tofile(f)
    w = TensorProto(name="W", data_type=TensorProto.FLOAT, dims=[N], data_location=TensorProto.EXTERNAL)
    for k, v in (("location", "big.bin"), ("offset", "0"), ("length", str(N * 4))):
        w.external_data.add(key=k, value=v)
    graph = helper.make_graph(
        [helper.make_node("Gather", ["W", "idx"], ["picked"]), helper.make_node("Add", ["x", "picked"], ["y"])],
        "big", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [len(INDICES)]),
                helper.make_tensor_value_info("idx", TensorProto.INT64, [len(INDICES)])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [len(INDICES)])], initializer=[w])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    with open(os.path.join(out, "big.onnx"), "wb") as f:
        f.write(model.SerializeToString())


def main():
    nnx, runner, out = sys.argv[1:4]
    missing = available(runner)
    if missing:
        print("FAIL: ONNX Runtime: " + missing)
        return 1
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    make_source(out)
    x = np.linspace(-1, 1, len(INDICES), dtype=np.float32)
    want = x + np.concatenate([weight(int(i), int(i) + 1) for i in INDICES])
    np.save(os.path.join(out, "x.npy"), x)
    np.save(os.path.join(out, "idx.npy"), INDICES)
    src, dst = os.path.join(out, "big.onnx"), os.path.join(out, "out.onnx")
    r = subprocess.run([nnx, "convert", src, dst], capture_output=True, text=True)
    if r.returncode != 0:
        print("FAIL nnx convert: exit %d: %s" % (r.returncode, r.stderr.strip()[-400:]))
        return 1
    data = dst + ".data"
    if not os.path.exists(data) or os.path.getsize(data) < N * 4:
        print("FAIL: %s is missing or short" % data)
        return 1
    if os.path.getsize(dst) > 1 << 20:
        print("FAIL: %s holds %d bytes: the weight was not moved out" % (dst, os.path.getsize(dst)))
        return 1
    print("PASS nnx convert: %s (%d bytes) + %s (%d bytes)" % (dst, os.path.getsize(dst), data, os.path.getsize(data)))
    try:
        onnx.checker.check_model(dst)
    except Exception as e:
        print("FAIL onnx.checker: %s" % str(e).strip()[-400:])
        return 1
    print("PASS onnx.checker.check_model(path)")
    r = subprocess.run([nnx, "run", dst, "--input", "x=" + os.path.join(out, "x.npy"),
                        "--input", "idx=" + os.path.join(out, "idx.npy"), "-o", os.path.join(out, "nnx")],
                       capture_output=True, text=True)
    if r.returncode != 0:
        print("FAIL nnx run: exit %d: %s" % (r.returncode, r.stderr.strip()[-400:]))
        return 1
    got = np.load(os.path.join(out, "nnx", "y.npy"))
    ort = ort_run(runner, [(dst, {"x": x, "idx": INDICES})], os.path.join(out, "ort"))[0]
    ok = True
    for who, y in (("nnx run", got), ("ONNX Runtime", None if isinstance(ort, str) else ort.get("y"))):
        if y is None or not np.array_equal(y, want):
            print("FAIL %s on the written model: %s, want %s" % (who, ort if y is None else y, want))
            ok = False
        else:
            print("PASS %s on the written model: y = numpy's y exactly" % who)
    shutil.rmtree(out, ignore_errors=True)  # 4.3 GB
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
