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

Every written file is also run by ONNX Runtime (npm onnxruntime-node through
tests/onnxruntime/run_onnx.js, tests/models/onnxruntime_oracle.py): the PyTorch exports must
match PyTorch, the NNEF-made files nnx's run of the same file on the same seeded inputs.

Last, with the ONNX conformance runner and Debian's libonnx-testdata, every backend node
test model that nnx converts is written as ONNX, checked by the checker, and run by the runner
against the test's data: a test that passes from its source model must pass from the written
one (the optional_* tests excepted: their optional inputs are flattened to tensors when read,
so the written model's inputs are no longer the test data's). ONNX Runtime runs the written
models on the same data and must match the test's expected outputs wherever it runs the source
model to them (nnx's written file must not be what fails).

  /usr/bin/python3 tests/models/check_onnx_writer.py NNX SOURCE_DIR OUT_DIR RUN_ONNX_JS [CONFORMANCE_RUNNER]

Exit 0 when every model passes, 1 naming the model otherwise (also when onnxruntime-node is
not installed: scripts/setup-npm.sh installs it), 77 when Debian's python3-torch or
python3-onnx is not installed.
"""
import os
import shutil
import subprocess
import sys

import numpy as np

from onnxruntime_oracle import available, ort_run
from torch_models import SEED, TOLERANCE, Encoder, Lstm, relative_error, seeded, torch, torchvision

try:
    import onnx
    import onnx.numpy_helper
except ImportError:
    print("skipped: python3-onnx is not installed")
    sys.exit(77)


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
    ort = ort_run(ORT, [(back, {"input": x.numpy()})], os.path.join(out, name + ".ort"))[0]
    if isinstance(ort, str):
        print("FAIL %s: written ONNX: %s" % (name, ort))
        return False
    return (names_ok and
            compare(name, again, first, "written ONNX (%d nodes) vs source, both run by nnx" % n_nodes) and
            compare(name, again, {"output": want}, "written ONNX vs PyTorch") and
            compare(name, ort, {"output": want}, "written ONNX run by ONNX Runtime vs PyTorch"))


ONNX_TYPES = {1: np.float32, 2: np.uint8, 3: np.int8, 5: np.int16, 6: np.int32, 7: np.int64, 9: np.bool_,
              10: np.float16, 11: np.float64, 12: np.uint32, 13: np.uint64, 4: np.uint16}


def seeded_inputs(path):
    """{input name: array} for every input of the ONNX file at path (static shapes), seeded."""
    gen = np.random.default_rng(SEED)
    inputs = {}
    for v in onnx.load(path).graph.input:
        t = v.type.tensor_type
        shape = [d.dim_value for d in t.shape.dim]
        dtype = ONNX_TYPES[t.elem_type]
        if dtype == np.bool_:
            inputs[v.name] = gen.random(shape) < 0.5
        elif np.issubdtype(dtype, np.integer):
            inputs[v.name] = gen.integers(0, 8, shape).astype(dtype)
        else:
            inputs[v.name] = gen.standard_normal(shape).astype(dtype)
    return inputs


def ort_agrees(nnx, out, name, path):
    """ONNX Runtime and nnx run the written file at path on the same seeded inputs."""
    inputs = seeded_inputs(path)
    files = {}
    for k, (n, v) in enumerate(inputs.items()):
        files[n] = os.path.join(out, "%s.seeded%d.npy" % (name, k))
        np.save(files[n], v)
    got = ort_run(ORT, [(path, inputs)], os.path.join(out, name + ".ort"))[0]
    want = nnx_run(nnx, path, files, os.path.join(out, name + ".seeded.out"))
    if isinstance(got, str) or isinstance(want, str):
        print("FAIL %s: %s" % (name, got if isinstance(got, str) else want))
        return False
    return compare(name, got, want, "written ONNX run by ONNX Runtime vs nnx")


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
    return ort_agrees(nnx, out, name, onnx_path) and ok


NODE_TESTS = "/usr/share/libonnx-testdata/data/node"
ORT = None  # tests/onnxruntime/run_onnx.js, from the command line


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
    ort_source, ort_passed, ort_problems = ort_node_tests(written, dst_root, out)
    print("ONNX Runtime: %d of the %d written backend node tests match the test data (%d from their source "
          "models)" % (ort_passed, len(written), ort_source))
    return len(written) - len(after), len(written), problems + ort_problems


def data_sets(test_dir, model):
    """[(inputs {name: array}, expected [array])] of a node test, or None when a value is not
    a tensor (sequences, optionals) or is of a type the runner does not carry (strings)."""
    graph = onnx.load(model).graph
    names = [v.name for v in graph.input if v.name not in {t.name for t in graph.initializer}]
    sets = []
    for d in sorted(os.listdir(test_dir)):
        if not d.startswith("test_data_set_"):
            continue
        inputs, expected = {}, []
        for prefix in ("input_", "output_"):
            files = sorted((f for f in os.listdir(os.path.join(test_dir, d)) if f.startswith(prefix)),
                           key=lambda f: int(f[len(prefix):-3]))
            for k, f in enumerate(files):
                t = onnx.TensorProto()
                with open(os.path.join(test_dir, d, f), "rb") as fp:
                    t.ParseFromString(fp.read())
                if not t.dims and not t.raw_data and t.data_type == 0:
                    return None  # a SequenceProto or OptionalProto, parsed as an empty tensor
                try:
                    a = onnx.numpy_helper.to_array(t)
                except (ValueError, TypeError):  # segmented or untyped (a sequence, an optional)
                    return None
                if a.dtype.kind not in "biuf" or t.data_type == onnx.TensorProto.BFLOAT16:
                    return None
                if prefix == "input_":
                    if k >= len(names):
                        return None
                    inputs[t.name if t.name in names else names[k]] = a
                else:
                    expected.append(a)
        sets.append((inputs, expected))
    return sets


def matches(got, expected):
    """The ONNX backend tests' comparison: same shapes, allclose(rtol 1e-3, atol 1e-7), NaN
    where NaN is expected."""
    if isinstance(got, str) or len(got) != len(expected):
        return False
    for g, e in zip(got.values(), expected):
        if g.shape != e.shape:
            return False
        if e.dtype.kind == "f":
            if not np.allclose(g.astype(np.float64), e.astype(np.float64), rtol=1e-3, atol=1e-7, equal_nan=True):
                return False
        elif not np.array_equal(g, e):
            return False
    return True


def ort_node_tests(written, dst_root, out):
    """ONNX Runtime runs each written node test model and its source on the test's data sets:
    (source tests matching the data, written tests matching it, problems). A test whose source model ONNX Runtime runs
    to the expected outputs must also match from nnx's written model."""
    jobs, owners = [], []
    for t in written:
        sets = data_sets(os.path.join(NODE_TESTS, t), os.path.join(NODE_TESTS, t, "model.onnx"))
        if not sets:
            continue
        for inputs, expected in sets:
            jobs += [(os.path.join(NODE_TESTS, t, "model.onnx"), inputs), (os.path.join(dst_root, t, "model.onnx"), inputs)]
            owners.append((t, expected))
    results = ort_run(ORT, jobs, os.path.join(out, "node-ort"))
    source_ok, written_ok = {}, {}
    for k, (t, expected) in enumerate(owners):
        source_ok[t] = source_ok.get(t, True) and matches(results[2 * k], expected)
        written_ok[t] = written_ok.get(t, True) and matches(results[2 * k + 1], expected)
    errors = {t: r for (t, _), r in zip(owners, results[1::2]) if isinstance(r, str)}
    problems = []
    for t in sorted(written_ok):
        if not source_ok[t] or written_ok[t] or t.startswith("test_optional_"):
            continue
        gap = ORT_GAPS.get(t)
        if gap and gap[0] in errors.get(t, ""):
            print("SKIP node test %s under ONNX Runtime: %s" % (t, gap[1]))
            continue
        problems.append("%s: ONNX Runtime runs its source model to the test data, not nnx's written one: %s" %
                        (t, errors.get(t, "different outputs")))
    return sum(source_ok.values()), sum(written_ok.values()), problems


# Written files that are valid ONNX but that ONNX Runtime 1.30 cannot run: (its error, why).
# nnx reads Mod as its definition (ONNX Operators.md Mod), which ends in a Where of the
# operands' type; ONNX's Where takes every type, ONNX Runtime's CPU kernels not int8/int16.
ORT_GAPS = {t: ("Could not find an implementation for Where(16)", "no Where kernel for its int8/int16 operands")
            for t in ("test_mod_mixed_sign_int8", "test_mod_mixed_sign_int16")}


def main():
    global ORT
    nnx, source, out, ORT = sys.argv[1:5]
    runner = sys.argv[5] if len(sys.argv) > 5 else None
    missing = available(ORT)
    if missing:
        print("FAIL: ONNX Runtime, the oracle of the written files: " + missing)
        sys.exit(1)
    shutil.rmtree(out, ignore_errors=True)  # convert refuses to write into what a run left
    os.makedirs(out)
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
