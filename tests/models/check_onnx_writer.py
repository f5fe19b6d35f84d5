#!/usr/bin/python3
"""check_onnx_writer.py — the ONNX writer on real models: each is exported by Debian's PyTorch,
written back as ONNX by `nnx convert model.onnx back.onnx --input-shape input=...`, checked
with python3-onnx's `onnx.checker.check_model(..., full_check=True)` (schemas and strict
shape inference at the written opset 17), and run again by `nnx run`: its output must match
the source's run by nnx, and PyTorch's, within 1e-4 of the largest magnitude, and its
initializers keep the source's names. Models:
torchvision's resnet18 (opset 14) and mobilenet_v3_small (opset 17), a 2-layer LSTM (as nnx
lowers ONNX's LSTM) and a 2-layer transformer encoder over float features (opset 14); then
the digits CNN in NNEF (examples/digits/model) and three NNEF test models
(tests/data/nnef/: add_n, chapter4_examples, foobar; random inputs of a fixed seed) converted
NNEF -> ONNX -> NNEF, each form run and compared with the NNEF source's output.

Last, with the ONNX conformance runner and Debian's libonnx-testdata, every backend node
test model that nnx converts is written as ONNX, checked by the checker, and run by the runner
against the test's data: a test that passes from its source model must pass from the written
one (the optional_* tests excepted: their optional inputs are flattened to tensors when read,
so the written model's inputs are no longer the test data's).

  /usr/bin/python3 tests/models/check_onnx_writer.py NNX SOURCE_DIR OUT_DIR [CONFORMANCE_RUNNER]

Exit 0 when every model passes, 1 naming the model otherwise, 77 when Debian's python3-torch
or python3-onnx is not installed.
"""
import os
import subprocess
import sys

import numpy as np

from torch_models import SEED, TOLERANCE, relative_error, seeded, torch, torchvision

try:
    import onnx
except ImportError:
    print("skipped: python3-onnx is not installed")
    sys.exit(77)


class Encoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        layer = torch.nn.TransformerEncoderLayer(d_model=64, nhead=4, dim_feedforward=128, dropout=0.0,
                                                 batch_first=True)
        self.encoder = torch.nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)

    def forward(self, x):
        return self.encoder(x)


class Lstm(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = torch.nn.LSTM(input_size=16, hidden_size=32, num_layers=2, batch_first=True)
        self.head = torch.nn.Linear(32, 4)

    def forward(self, x):
        y, _ = self.lstm(x)
        return self.head(y)


def cases():
    """(name, model, opset, sample input)."""
    gen = torch.Generator().manual_seed(SEED)
    image = torch.randn(1, 3, 96, 96, generator=gen)
    yield "resnet18", seeded(torchvision.models.resnet18()), 14, image
    yield "mobilenet_v3_small", seeded(torchvision.models.mobilenet_v3_small()), 17, image
    yield "lstm", seeded(Lstm()), 14, torch.randn(1, 12, 16, generator=gen)
    yield "encoder", seeded(Encoder()), 14, torch.randn(1, 16, 64, generator=gen)


def nnx_run(nnx, model, inputs, out_dir):
    """The outputs of `nnx run` as {name: array}, or a string saying why it failed."""
    cmd = [nnx, "run", model, "-o", out_dir]
    if inputs is None:  # the same random values for every form of a model
        cmd += ["--random-inputs", "7"]
    for name, path in (inputs or {}).items():
        cmd += ["--input", name + "=" + path]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return "nnx run exited %d: %s" % (r.returncode, r.stderr.strip()[-400:])
    return {f[:-4]: np.load(os.path.join(out_dir, f)) for f in sorted(os.listdir(out_dir)) if f.endswith(".npy")}


def write_and_check(nnx, src, dst, extra):
    """nnx convert src dst, then the ONNX checker on dst: None, or why it failed."""
    r = subprocess.run([nnx, "convert", src, dst] + extra, capture_output=True, text=True)
    if r.returncode != 0:
        return "nnx convert exited %d: %s" % (r.returncode, r.stderr.strip()[-400:])
    if dst.endswith(".onnx"):
        try:
            model = onnx.load(dst)
            onnx.checker.check_model(model, full_check=True)
        except Exception as e:  # the checker's ValidationError and shape inference errors
            return "onnx.checker: %s" % str(e).strip()[-400:]
        if model.opset_import[0].version != 17:
            return "written at opset %d, not 17" % model.opset_import[0].version
    return None


def compare(name, got, want, what):
    """PASS/FAIL line for two {output: array} sets; True when all match."""
    ok = set(got) == set(want)
    worst = float("inf") if not ok else 0.0
    for k in want if ok else []:
        worst = max(worst, relative_error(got[k].astype(np.float64), want[k].astype(np.float64)))
    ok = ok and worst <= TOLERANCE
    print("%s %s: %s, relative error %.2e" % ("PASS" if ok else "FAIL", name, what, worst))
    return ok


def torch_case(nnx, out, name, model, opset, x):
    src = os.path.join(out, name + ".onnx")
    back = os.path.join(out, name + ".nnx.onnx")
    # exported with autograd on: the transformer's inference fast path is a fused op ONNX
    # cannot express, taken only under no_grad
    torch.onnx.export(model, (x,), src, input_names=["input"], output_names=["output"], opset_version=opset,
                      dynamic_axes={"input": {0: "batch"}, "output": {0: "batch"}})
    with torch.no_grad():
        want = model(x).numpy()
    xfile = os.path.join(out, name + ".input.npy")
    np.save(xfile, x.numpy())
    why = write_and_check(nnx, src, back, ["--input-shape", "input=" + ",".join(str(d) for d in x.shape)])
    if why:
        print("FAIL %s: %s" % (name, why))
        return False
    first = nnx_run(nnx, src, {"input": xfile}, os.path.join(out, name + ".out"))
    again = nnx_run(nnx, back, {"input": xfile}, os.path.join(out, name + ".nnx.out"))
    for r in (first, again):
        if isinstance(r, str):
            print("FAIL %s: %s" % (name, r))
            return False
    written = onnx.load(back).graph
    n_nodes = len(written.node)
    # weight names survive (nnx keeps initializer names), except where nnx's lowering makes
    # new weights out of them (the LSTM's per-gate slices)
    source_names = {t.name for t in onnx.load(src).graph.initializer}
    kept = len(source_names & {t.name for t in written.initializer})
    names_ok = kept == len(source_names) or name == "lstm"
    print("%s %s: %d of %d initializer names kept" % ("PASS" if names_ok else "FAIL", name, kept, len(source_names)))
    return (names_ok and
            compare(name, again, first, "written ONNX (%d nodes) vs source, both run by nnx" % n_nodes) and
            compare(name, again, {"output": want}, "written ONNX vs PyTorch"))


def nnef_case(nnx, out, name, model, inputs, back=True):
    """NNEF -> ONNX -> NNEF (-> ONNX only when not back), each run on inputs and compared with
    the source's outputs."""
    onnx_path = os.path.join(out, name + ".onnx")
    nnef_path = os.path.join(out, name + ".back.nnef")
    steps = ((model, onnx_path), (onnx_path, nnef_path)) if back else ((model, onnx_path),)
    for src, dst in steps:
        why = write_and_check(nnx, src, dst, [])
        if why:
            print("FAIL %s: %s -> %s: %s" % (name, os.path.basename(src), os.path.basename(dst), why))
            return False
    want = nnx_run(nnx, model, inputs, os.path.join(out, name + ".out"))
    ok = not isinstance(want, str)
    forms = ((onnx_path, "NNEF -> ONNX"), (nnef_path, "NNEF -> ONNX -> NNEF"))
    for path, what in forms if back else forms[:1]:
        got = nnx_run(nnx, path, inputs, os.path.join(out, os.path.basename(path) + ".out"))
        if isinstance(got, str) or isinstance(want, str):
            print("FAIL %s: %s: %s" % (name, what, got if isinstance(got, str) else want))
            return False
        ok = compare(name, got, want, what + " vs the NNEF source") and ok
    return ok


NODE_TESTS = "/usr/share/libonnx-testdata/data/node"


def failing(runner, root):
    """The tests under root that the conformance runner fails."""
    r = subprocess.run([runner, root], capture_output=True, text=True)
    return {line.split()[1].split(":")[0].split("/")[-1] for line in r.stdout.splitlines() + r.stderr.splitlines()
            if line.startswith("FAIL ")}


def node_tests(nnx, runner, out):
    """Backend node tests written as ONNX and run again: (passed, written, why-not list)."""
    src_root, dst_root = os.path.join(out, "node-source"), os.path.join(out, "node-written")
    written, problems = [], []
    for t in sorted(os.listdir(NODE_TESTS)):
        model = os.path.join(NODE_TESTS, t, "model.onnx")
        if not os.path.exists(model):
            continue
        dst = os.path.join(dst_root, t)
        os.makedirs(dst, exist_ok=True)
        r = subprocess.run([nnx, "convert", model, os.path.join(dst, "model.onnx")], capture_output=True, text=True)
        if r.returncode != 0:  # not loaded (unsupported, symbolic shapes) or no ONNX form: not counted
            subprocess.run(["rm", "-rf", dst])
            continue
        why = write_and_check(nnx, model, os.path.join(dst, "model.onnx"), [])
        if why:
            problems.append("%s: %s" % (t, why))
        for d in os.listdir(os.path.join(NODE_TESTS, t)):
            if d.startswith("test_data_set_") and not os.path.exists(os.path.join(dst, d)):
                os.symlink(os.path.join(NODE_TESTS, t, d), os.path.join(dst, d))
        link = os.path.join(src_root, t)
        os.makedirs(src_root, exist_ok=True)
        if not os.path.exists(link):
            os.symlink(os.path.join(NODE_TESTS, t), link)
        written.append(t)
    before, after = failing(runner, src_root), failing(runner, dst_root)
    for t in sorted(after - before):
        if not t.startswith("test_optional_"):
            problems.append("%s: passes from its source model, fails from the written one" % t)
    return len(written) - len(after), len(written), problems


def main():
    nnx, source, out = sys.argv[1], sys.argv[2], sys.argv[3]
    runner = sys.argv[4] if len(sys.argv) > 4 else None
    os.makedirs(out, exist_ok=True)
    failed = []
    for name, model, opset, x in cases():
        if not torch_case(nnx, out, name, model, opset, x):
            failed.append(name)
    digits = os.path.join(source, "examples", "digits")
    if not nnef_case(nnx, out, "digits", os.path.join(digits, "model"),
                     {"input": os.path.join(digits, "sample.npy")}):
        failed.append("digits")
    # NNEF test models that run (random inputs): element-wise, reductions (any_reduce), ...
    # chapter4_examples goes one way: its any_reduce is written with Casts around ReduceMax
    # (which takes no bool), and NNEF has no cast to bring back.
    for name in ("add_n", "chapter4_examples", "foobar"):
        if not nnef_case(nnx, out, name, os.path.join(source, "tests", "data", "nnef", name + ".nnef"), None,
                         back=name != "chapter4_examples"):
            failed.append(name)
    if runner and os.path.isdir(NODE_TESTS):
        passed, written, problems = node_tests(nnx, runner, out)
        for p in problems:
            print("FAIL node test %s" % p)
        print("%s backend node tests: %d written by nnx, checked, and %d of them pass when run again" %
              ("FAIL" if problems else "PASS", written, passed))
        if problems:
            failed.append("node tests")
    if failed:
        print("failed: " + ", ".join(failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
