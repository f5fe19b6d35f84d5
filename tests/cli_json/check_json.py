#!/usr/bin/python3
"""check_json.py -- checks `nnx CMD --json` against independent oracles (the text output of
the same command, numpy on the files `nnx run` writes, the onnx package's reading of the
model, the NNEF document's own identifiers, Python's UTF-8 decoder).

Usage: check_json.py NNX CASE ARGS...  (exit 0 pass, 1 fail, 77 skip: numpy/onnx missing)
Cases: check-valid MODEL | check-error MODEL | info-onnx MODEL | run-npy MODEL INPUT DIR |
       bench-profile NNEF_MODEL | utf8 DIR | nonfinite DIR
"""
import json
import math
import os
import re
import subprocess
import sys


def run(nnx, *args, code=0):
    """nnx ARGS: (stdout, stderr) as text; the exit code must be `code`."""
    p = subprocess.run([nnx, *args], capture_output=True)
    assert p.returncode == code, f"nnx {' '.join(args)}: exit {p.returncode}, wanted {code}\n{p.stderr!r}"
    return p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def document(nnx, *args, code=0):
    """The one JSON document nnx ARGS --json prints (strict: no NaN/Infinity literals)."""
    p = subprocess.run([nnx, *args, "--json"], capture_output=True)
    assert p.returncode == code, f"nnx {' '.join(args)} --json: exit {p.returncode}, wanted {code}\n{p.stderr!r}"
    # bytes that are not UTF-8 fail here, and so does anything after the document
    d = json.loads(p.stdout.decode("utf-8"), parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
    assert d["schema"] == 1 and d["nnx_version"] and d["exit_code"] == code, d
    return d, p.stderr.decode("utf-8", "replace")


def check_valid(nnx, model):
    text, _ = run(nnx, "check", model)
    n = int(re.search(r"valid \((\d+) operations, (\d+) inputs, (\d+) outputs\)", text).group(1))
    d, _ = document(nnx, "check", model)
    assert d["valid"] is True and d["error"] is None and d["checked"] == "all", d
    assert d["operations"] == n, (d["operations"], n)
    assert d["format"] == "nnef", d["format"]


def check_error(nnx, model):
    _, err = run(nnx, "check", model, code=1)
    m = re.match(r"(.*):(\d+):(\d+): error: (.*)\n", err)
    d, err_json = document(nnx, "check", model, code=1)
    assert d["valid"] is False and d["operations"] is None, d
    e = d["error"]
    assert (e["file"], e["line"], e["col"], e["message"]) == (m.group(1), int(m.group(2)), int(m.group(3)),
                                                              m.group(4)), (e, err)
    assert e["text"] == err and err_json == err, (e["text"], err)


def info_onnx(nnx, model):
    import onnx
    g = onnx.load(model).graph
    d, _ = document(nnx, "info", model)
    assert d["format"] == "onnx" and d["error"] is None
    init = {t.name for t in g.initializer}
    inputs = [i for i in g.input if i.name not in init]
    assert [t["name"] for t in d["inputs"]] == [i.name for i in inputs], d["inputs"]
    for t, i in zip(d["inputs"], inputs):
        want = [x.dim_param if x.HasField("dim_param") else x.dim_value for x in i.type.tensor_type.shape.dim]
        assert t["shape"] == want, (t, want)
        assert t["dtype"] == onnx.mapping.TENSOR_TYPE_TO_NP_TYPE[i.type.tensor_type.elem_type].name, t
    assert [t["name"] for t in d["outputs"]] == [o.name for o in g.output]
    text, _ = run(nnx, "info", model)
    assert d["operations"] == int(re.search(r"operations: (\d+)", text).group(1))
    assert sum(d["histogram"].values()) == d["operations"]
    for op, count in d["histogram"].items():
        assert re.search(rf"\n  {re.escape(op)} +{count}\n", text), (op, count)


def run_npy(nnx, model, input_npy, out_dir):
    import numpy as np
    d, _ = document(nnx, "run", model, "--input", "input=" + input_npy, "--output-dir", out_dir)
    assert d["error"] is None and len(d["outputs"]) >= 1
    for o in d["outputs"]:
        y = np.load(os.path.join(out_dir, o["name"] + ".npy"))
        assert o["dtype"] == y.dtype.name and o["shape"] == list(y.shape), (o, y.dtype, y.shape)
        assert o["count"] == y.size and o["nan_count"] == int(np.isnan(y).sum())
        assert o["min"] == float(y.min()) and o["max"] == float(y.max()), (o, y.min(), y.max())
        assert math.isclose(o["mean"], float(y.astype(np.float64).mean()), rel_tol=1e-12)
        flat = y.reshape(-1)
        order = sorted(range(flat.size), key=lambda i: (-float(flat[i]), i))[:5]
        assert [t["index"] for t in o["top5"]] == order, (o["top5"], order)
        assert [t["value"] for t in o["top5"]] == [float(flat[i]) for i in order]


def bench_profile(nnx, model):
    args = ("bench", model, "--runs", "3", "--threads", "1", "--quiet")
    d, _ = document(nnx, *args, "--profile")
    assert d["error"] is None and d["runs"] == 3 and d["threads"] == 1 and len(d["reports"]) == 1, d
    r = d["reports"][0]
    assert r["runs"] == 3 and r["min_ms"] <= r["median_ms"] <= r["max_ms"] and r["min_ms"] <= r["mean_ms"], r
    p = r["profile"]
    steps = p["steps"]
    assert p["step_count"] == len(steps) and p["runs"] == 3, p
    assert [s["index"] for s in steps] == list(range(len(steps)))
    # the plan's steps, as the text lists them all in execution order (--profile-all)
    text, _ = run(nnx, *args, "--profile-all")
    listed = re.search(r"\nsteps:\n((?:  .*\n)+)bench: ", text).group(1).splitlines()
    assert int(re.search(r"profile: (\d+) steps", text).group(1)) == len(steps) == len(listed)
    for s, line in zip(steps, listed):
        m = re.match(r" +[0-9.]+ ms +[0-9.]+ %  #(\d+) ([a-z_0-9]+)(?:\+([a-z+]+))?", line)
        assert (int(m.group(1)), m.group(2), m.group(3) or "") == (s["index"], s["op"], s["fused"]), (s, line)
    # the time inside the steps is most of a dispatch, never more (alexnet: compute-bound)
    inside = sum(s["time_ms"] for s in steps)
    assert math.isclose(inside, p["ms_per_dispatch"], rel_tol=1e-6, abs_tol=1e-5), (inside, p)
    assert 0.5 * r["mean_ms"] <= inside <= r["mean_ms"] * 1.001, (inside, r["mean_ms"])
    assert math.isclose(sum(s["share"] for s in steps), 1.0, rel_tol=1e-9)
    # NNEF steps name the tensor they produce: the document's conv results, in order
    source = open(model).read()
    convs = re.findall(r"(\w+) = conv\(", source)
    assert [s["output"] for s in steps if s["op"] == "conv"] == convs, ([s["output"] for s in steps], convs)


def utf8(nnx, out_dir):
    """Tensor names that are not UTF-8 (ONNX strings are bytes to nnx) become U+FFFD, as
    Python's decoder replaces them (Unicode's maximal subparts)."""
    import onnx
    from onnx import TensorProto, helper
    # overlong, surrogate, above U+10FFFF, a lone continuation, a truncated sequence at the end
    raw_in = b"x\xc0\x80a\xed\xa0\x80b\xf4\x90\x80\x80c\x80d\xe2\x82"
    raw_out = b"y\xff\xfe\xf0\x9f\x98\x80"  # invalid bytes, then a valid 4-byte sequence
    hold_in, hold_out = b"Q" * len(raw_in), b"Z" * len(raw_out)
    graph = helper.make_graph([helper.make_node("Relu", [hold_in.decode()], [hold_out.decode()])], "g",
                              [helper.make_tensor_value_info(hold_in.decode(), TensorProto.FLOAT, [1, 4])],
                              [helper.make_tensor_value_info(hold_out.decode(), TensorProto.FLOAT, [1, 4])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    data = model.SerializeToString()
    assert data.count(hold_in) == 2 and data.count(hold_out) == 2
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "bad_names.onnx")
    with open(path, "wb") as f:
        f.write(data.replace(hold_in, raw_in).replace(hold_out, raw_out))
    want_in, want_out = raw_in.decode("utf-8", "replace"), raw_out.decode("utf-8", "replace")
    assert "\ufffd" in want_in and "\U0001f600" in want_out
    d, _ = document(nnx, "info", path)
    assert d["inputs"][0]["name"] == want_in and d["outputs"][0]["name"] == want_out, d
    d, _ = document(nnx, "check", path)
    assert d["valid"] and d["inputs"][0]["name"] == want_in
    d, _ = document(nnx, "run", path, "--random-inputs", "1")
    assert d["outputs"][0]["name"] == want_out and d["outputs"][0]["min"] >= 0, d
    d, _ = document(nnx, "bench", path, "--runs", "1", "--profile")
    assert d["reports"][0]["profile"]["steps"][0]["output"] == want_out, d


def nonfinite(nnx, out_dir):
    """JSON has no NaN or infinity (RFC 8259 §6): they are the strings "nan", "inf", "-inf"."""
    import numpy as np
    from onnx import TensorProto, helper
    graph = helper.make_graph([helper.make_node("Log", ["x"], ["y"])], "g",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4])])
    os.makedirs(out_dir, exist_ok=True)
    path, x_path = os.path.join(out_dir, "log.onnx"), os.path.join(out_dir, "x.npy")
    with open(path, "wb") as f:
        f.write(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]).SerializeToString())
    x = np.array([[0, -1, 1, 2]], np.float32)
    np.save(x_path, x)
    with np.errstate(divide="ignore", invalid="ignore"):
        y = np.log(x).reshape(-1)

    def spelled(v):
        return "nan" if math.isnan(v) else "inf" if v == math.inf else "-inf" if v == -math.inf else v

    d, _ = document(nnx, "run", path, "--input", "x=" + x_path)
    o = d["outputs"][0]
    finite = y[~np.isnan(y)]
    assert o["nan_count"] == int(np.isnan(y).sum()) == 1, o
    assert o["min"] == spelled(float(finite.min())) == "-inf" and o["max"] == spelled(float(finite.max())), o
    assert o["mean"] == spelled(float(finite.astype(np.float64).mean())), o
    order = sorted((i for i in range(y.size) if not math.isnan(y[i])), key=lambda i: (-float(y[i]), i))
    assert o["top5"] == [{"index": i, "value": spelled(float(y[i]))} for i in order], (o["top5"], order)


CASES = {"check-valid": check_valid, "check-error": check_error, "info-onnx": info_onnx, "run-npy": run_npy,
         "bench-profile": bench_profile, "utf8": utf8, "nonfinite": nonfinite}

if __name__ == "__main__":
    try:
        import numpy  # noqa: F401
        import onnx  # noqa: F401
    except ImportError as e:
        print(f"skipped: {e}")
        sys.exit(77)
    CASES[sys.argv[2]](sys.argv[1], *sys.argv[3:])
    print("ok")
