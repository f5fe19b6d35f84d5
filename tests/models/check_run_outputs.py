"""check_run_outputs.py — what `nnx run` does with outputs and what `nnx verify` checks, on a
PyTorch export with two outputs (logits, probs) and intermediate tensors named by the
exporter (/fc/Gemm_output_0, ...):
  --save out.npz     numpy.load reads it (stored members, one per output, by name) and its
                     arrays equal the --output-dir .npy files; -o X.npz and -o DIR dispatch;
  --compare REF.npz  passes on PyTorch's own outputs (saved by numpy), fails with exit 1
                     naming the output on a perturbed reference, on one missing an output,
                     and notes an array that is no output;
  output paths       a missing folder, a file where a folder goes and a folder where a file
                     goes are usage errors (exit 2) found before the model is even read;
  nnx verify         the export against its NNEF, NNVM and TOSA conversions (nnx convert)
                     passes, with --bisect comparing the intermediate tensors they name alike;
                     two NNEF models that differ in one node fail, and --bisect names it.

usage: check_run_outputs.py NNX WORKDIR   (exit 77 when torch is not installed)"""
import os
import shutil
import subprocess
import sys
import zipfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from torch_models import seeded, torch  # noqa: E402

NNX, WORK = sys.argv[1], sys.argv[2]
shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
failures = []


def check(ok, what, detail=""):
    print(("PASS " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)
        if detail:
            print(detail)
    return ok


def nnx(*args):
    return subprocess.run([NNX, *map(str, args)], capture_output=True, text=True)


def at(name):
    return os.path.join(WORK, name)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(8, 16)
        self.head = torch.nn.Linear(16, 5)

    def forward(self, x):
        logits = self.head(torch.relu(self.fc(x)))
        return logits, torch.softmax(logits, dim=1)


net = seeded(Net())
x = np.random.default_rng(7).standard_normal((2, 8)).astype(np.float32)
with torch.no_grad():
    logits, probs = (t.numpy() for t in net(torch.from_numpy(x)))
model = at("net.onnx")
torch.onnx.export(net, torch.from_numpy(x), model, input_names=["x"], output_names=["logits", "probs"], opset_version=13)
np.save(at("x.npy"), x)
np.savez(at("ref.npz"), logits=logits, probs=probs)

# --save and --output-dir (and -o for each) write the same values; numpy reads the bundle
r = nnx("run", model, "--input", "x=" + at("x.npy"), "--save", at("out.npz"), "--output-dir", at("out"))
check(r.returncode == 0, "run --save --output-dir", r.stderr)
with np.load(at("out.npz")) as z:
    check(sorted(z.files) == ["logits", "probs"], "the bundle holds one array per output, by name: %s" % z.files)
    for name in ("logits", "probs"):
        check(np.array_equal(z[name], np.load(at("out/%s.npy" % name))), "%s: the bundle's array equals %s.npy" % (name, name))
    check(np.max(np.abs(z["probs"] - probs)) < 1e-5, "probs: the saved values are PyTorch's")
infos = zipfile.ZipFile(at("out.npz")).infolist()
check([i.filename for i in infos] == ["logits.npy", "probs.npy"] and all(i.compress_type == zipfile.ZIP_STORED for i in infos),
      "members are stored NAME.npy, as numpy.savez writes them")
r = nnx("run", model, "--input", "x=" + at("x.npy"), "-o", at("o.npz"))
check(r.returncode == 0 and open(at("o.npz"), "rb").read() == open(at("out.npz"), "rb").read(), "-o X.npz is --save X.npz")
r = nnx("run", model, "--input", "x=" + at("x.npy"), "-o", at("o_dir"))
check(r.returncode == 0 and os.path.exists(at("o_dir/probs.npy")), "-o DIR is --output-dir DIR")
r = nnx("run", model, "--input", "x=" + at("x.npy"), "--output-dir", at("npz_dir"), "-T", "npz")
check(r.returncode == 0, "--output-dir DIR -T npz", r.stderr)
for name in ("logits", "probs"):
    with np.load(at("npz_dir/%s.npz" % name)) as z:
        check(z.files == [name] and np.array_equal(z[name], np.load(at("out/%s.npy" % name))),
              "-T npz: %s.npz holds the one array %s, equal to %s.npy" % (name, name, name))

# --compare
r = nnx("run", model, "--input", "x=" + at("x.npy"), "--compare", at("ref.npz"))
check(r.returncode == 0 and "\nlogits: max abs err " in r.stdout and r.stdout.count(": ok\n") == 2,
      "--compare passes on PyTorch's outputs", r.stdout + r.stderr)
bad = probs.copy()
bad[1, 3] += 0.01
np.savez(at("ref_bad.npz"), logits=logits, probs=bad, extra=np.zeros(3))
r = nnx("run", model, "--input", "x=" + at("x.npy"), "--compare", at("ref_bad.npz"))
check(r.returncode == 1 and "probs: max abs err 0.01" in r.stdout and "MISMATCH (1 of 10 values" in r.stdout
      and "first at [1,3]" in r.stdout and "logits: max abs err" in r.stdout and "array 'extra' is not an output" in r.stdout,
      "--compare fails (exit 1) on a perturbed reference, naming the output and the element", r.stdout + r.stderr)
r = nnx("run", model, "--input", "x=" + at("x.npy"), "--compare", at("ref_bad.npz"), "--atol", "0.02")
check(r.returncode == 0, "--atol widens the tolerance", r.stdout + r.stderr)
np.savez(at("ref_missing.npz"), logits=logits)
r = nnx("run", model, "--input", "x=" + at("x.npy"), "--compare", at("ref_missing.npz"))
check(r.returncode == 1 and "probs: MISMATCH" in r.stdout and "has no array for this output" in r.stdout,
      "--compare: an output the reference lacks is a mismatch", r.stdout + r.stderr)
np.savez(at("ref_shape.npz"), logits=logits[:1], probs=probs)
r = nnx("run", model, "--input", "x=" + at("x.npy"), "--compare", at("ref_shape.npz"))
check(r.returncode == 1 and "logits: MISMATCH: got is float32[2,5], reference is float32[1,5]" in r.stdout,
      "--compare: a shape mismatch is a mismatch", r.stdout + r.stderr)

# output paths are checked before the model is read: exit 2 even for a model that is not there
os.makedirs(at("folder.npz"))
for what, args, message in [
        ("--save into a missing folder", ["--save", at("no/such/dir/x.npz")], "no such folder"),
        ("--save onto a folder", ["--save", at("folder.npz")], "is a folder, not a file"),
        ("-o DIR onto a file", ["-o", at("x.npy")], "exists and is not a folder"),
        ("--output-dir under a file", ["--output-dir", at("x.npy") + "/sub"], "not in a folder")]:
    r = nnx("run", at("no-such-model.onnx"), *args)
    check(r.returncode == 2 and message in r.stderr and "no-such-model" not in r.stderr, what + ": exit 2 before loading",
          r.stderr)

# verify: the export against its conversions, tensor by tensor with --bisect
for form in ("net.nnef", "net.json", "net.tosa"):
    r = nnx("convert", model, at(form))
    if not check(r.returncode == 0, "convert to " + form, r.stderr):
        continue
    r = nnx("verify", model, at(form), "--bisect")
    agree = [line for line in r.stdout.splitlines() if line.startswith("bisect: all ")]
    check(r.returncode == 0 and "verify: the outputs match" in r.stdout and r.stdout.count(": ok\n") == 2 and agree,
          "verify %s %s --bisect passes" % (os.path.basename(model), form), r.stdout + r.stderr)
    print("  " + (agree[0] if agree else ""))
r = nnx("verify", model, at("net.nnef"), "--bisect")
n = int(r.stdout.split("bisect: all ")[1].split()[0]) if "bisect: all " in r.stdout else 0
check(n >= 2, "the NNEF conversion names %d intermediate tensors as the export does (e.g. /fc/Gemm_output_0)" % n)

# two NNEF models that differ in one node: verify fails and --bisect names the node
graph = """version 1.0;
graph G( x ) -> ( y )
{
    x = external<scalar>(shape = [2, 3]);
    a = relu(x);
    b = mul(a, 2.0);
    c = add(b, 1.0);
    y = tanh(c);
}
"""
open(at("a.nnef"), "w").write(graph)
open(at("b.nnef"), "w").write(graph.replace("b = mul(a, 2.0);", "b = mul(a, 3.0);"))
r = nnx("verify", at("a.nnef"), at("b.nnef"))
check(r.returncode == 1 and "y: max abs err" in r.stdout and "MISMATCH" in r.stdout, "verify fails on models that differ",
      r.stdout + r.stderr)
r = nnx("verify", at("a.nnef"), at("b.nnef"), "--bisect", "--random-inputs", "3")
check(r.returncode == 1 and "bisect: the first tensor that differs is 'b', computed by mul" in r.stdout
      and "the 1 tensor compared before it agrees" in r.stdout, "verify --bisect names the node that differs", r.stdout + r.stderr)
r = nnx("verify", at("a.nnef"), at("b.nnef"), "--rtol", "1")
check(r.returncode == 0, "verify passes within a tolerance that covers the difference", r.stdout + r.stderr)

print("%d checks failed" % len(failures) if failures else "all passed")
sys.exit(1 if failures else 0)
