"""check_names.py — names survive conversion: a PyTorch-exported ONNX model whose input is
"input:0" and whose Linear layers give initializers "fc.weight", ... is converted by
`nnx convert` to NNEF, NNVM graph JSON, ONNX and TOSA. Each result keeps the weight names
(NNEF variable labels, .params keys, ONNX initializers, TOSA tensors), `nnx run RESULT
--input input:0=x.npy` works and matches PyTorch, --tensor-map lists what changed
(input:0 -> input_0 for NNEF only) and stderr says so. A model whose two inputs sanitise
to the same NNEF name is refused by the old name with both candidates listed.

usage: check_names.py NNX WORKDIR   (exit 77 when torch is not installed)"""
import json
import os
import shutil
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from torch_models import TOLERANCE, relative_error, seeded, torch  # noqa: E402

WEIGHTS = ["fc.weight", "fc.bias", "head.weight", "head.bias"]
failures = []


def check(ok, what):
    print(("PASS " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)
    return ok


def nnx(*args):
    return subprocess.run([NNX, *args], capture_output=True, text=True)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(8, 6)
        self.head = torch.nn.Linear(6, 3)

    def forward(self, x):
        return self.head(torch.relu(self.fc(x)))


class Pair(torch.nn.Module):
    def forward(self, a, b):
        return a * 2 + b


def export(model, inputs, names, path):
    torch.onnx.export(model, inputs, path, input_names=names, output_names=["logits"], do_constant_folding=False)


def weights_kept(fmt, out):
    """The weight names as the target holds them."""
    if fmt == "NNEF":
        text = open(os.path.join(out, "graph.nnef")).read()
        return all(f"label = '{w}'" in text and os.path.exists(os.path.join(out, w + ".dat")) for w in WEIGHTS)
    if fmt == "NNVM":
        graph = json.load(open(out))
        nodes = {n["name"] for n in graph["nodes"] if n["op"] == "null"}
        params = open(out[: -len(".json")] + ".params", "rb").read()
        return all(w in nodes and w.encode() in params for w in WEIGHTS)
    if fmt == "ONNX":
        import onnx

        model = onnx.load(out)
        onnx.checker.check_model(model, full_check=True)
        return set(WEIGHTS) <= {i.name for i in model.graph.initializer}
    data = open(out, "rb").read()  # TOSA: the flatbuffer's tensor names are plain strings
    return all(w.encode() in data for w in WEIGHTS)


def run_output(model, feeds, outdir):
    shutil.rmtree(outdir, ignore_errors=True)
    args = ["run", model, "--output-dir", outdir]
    for name, path in feeds:
        args += ["--input", f"{name}={path}"]
    r = nnx(*args)
    if r.returncode != 0:
        return None, r.stderr.strip()
    return np.load(os.path.join(outdir, "logits.npy")), ""


def main():
    os.makedirs(WORK, exist_ok=True)
    net = seeded(Net())
    x = torch.randn(2, 8, generator=torch.Generator().manual_seed(7))
    src = os.path.join(WORK, "net.onnx")
    export(net, (x,), ["input:0"], src)
    xpath = os.path.join(WORK, "x.npy")
    np.save(xpath, x.numpy())
    with torch.no_grad():
        want = net(x).numpy()
    source, why = run_output(src, [("input:0", xpath)], os.path.join(WORK, "source-out"))
    check(source is not None and relative_error(source, want) < TOLERANCE, f"source ONNX run vs PyTorch {why}")

    for fmt, name in [("NNEF", "net.nnef"), ("NNVM", "net.json"), ("ONNX", "net.back.onnx"), ("TOSA", "net.tosa")]:
        out = os.path.join(WORK, name)
        mapfile = os.path.join(WORK, name + ".map.json")
        shutil.rmtree(out, ignore_errors=True)
        r = nnx("convert", src, out, "--tensor-map", mapfile)
        if not check(r.returncode == 0, f"{fmt}: nnx convert ({r.stderr.strip()})"):
            continue
        renames = json.load(open(mapfile))
        check(weights_kept(fmt, out), f"{fmt}: weight names {', '.join(WEIGHTS)} kept")
        check(not set(WEIGHTS) & set(renames), f"{fmt}: no weight renamed in the tensor map {renames}")
        if fmt == "NNEF":
            check(renames.get("input:0") == "input_0", f"{fmt}: tensor map has input:0 -> input_0: {renames}")
            check("1 input/output name changed for NNEF (input:0 -> input_0)" in r.stderr,
                  f"{fmt}: stderr says the input was renamed: {r.stderr.strip()!r}")
        else:
            check("input:0" not in renames and not r.stderr.strip(),
                  f"{fmt}: input:0 kept, nothing said: {renames} {r.stderr.strip()!r}")
        for given in ["input:0"] + (["input_0"] if fmt == "NNEF" else []):
            got, why = run_output(out, [(given, xpath)], os.path.join(WORK, name + ".out"))
            ok = got is not None and relative_error(got, want) < TOLERANCE
            check(ok, f"{fmt}: nnx run --input {given}=x.npy vs PyTorch {why}")
            if got is not None and source is not None:
                check(relative_error(got, source) < TOLERANCE, f"{fmt}: run by {given} vs the source ONNX run")

    # two inputs that NNEF names a_b and a_b_1: the old names are ambiguous, the new ones work
    pair = os.path.join(WORK, "pair.onnx")
    a, b = torch.ones(2, 3), torch.full((2, 3), 5.0)
    export(Pair(), (a, b), ["a:b", "a.b"], pair)
    np.save(os.path.join(WORK, "a.npy"), a.numpy())
    np.save(os.path.join(WORK, "b.npy"), b.numpy())
    out = os.path.join(WORK, "pair.nnef")
    shutil.rmtree(out, ignore_errors=True)
    r = nnx("convert", pair, out)
    check(r.returncode == 0 and "2 input/output names changed for NNEF (a:b -> a_b, a.b -> a_b_1)" in r.stderr,
          f"pair: converted, both renames said: {r.stderr.strip()!r}")
    got, why = run_output(out, [("a:b", os.path.join(WORK, "a.npy")), ("a_b_1", os.path.join(WORK, "b.npy"))],
                          os.path.join(WORK, "pair.out"))
    check(got is None and "'a_b', 'a_b_1'" in why, f"pair: --input a:b is ambiguous, both listed: {why!r}")
    got, why = run_output(out, [("a_b", os.path.join(WORK, "a.npy")), ("a_b_1", os.path.join(WORK, "b.npy"))],
                          os.path.join(WORK, "pair.out"))
    check(got is not None and np.array_equal(got, a.numpy() * 2 + b.numpy()), f"pair: run by the NNEF names {why}")

    if failures:
        print("failed: " + "; ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    NNX, WORK = sys.argv[1], sys.argv[2]
    sys.exit(main())
