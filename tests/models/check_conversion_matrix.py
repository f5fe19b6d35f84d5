#!/usr/bin/python3
"""check_conversion_matrix.py — every format to every format on real models. Five models are
exported by Debian's PyTorch with a dynamic batch (a CNN, a MobileNet-style depthwise block,
a 2-layer LSTM, a transformer encoder over token embeddings, a CNN with int8
QuantizeLinear/DequantizeLinear pairs); each
source is converted by `nnx convert` to ONNX, NNEF, NNVM JSON and TOSA, and each of those
again to all four, and every file made is run by `nnx run` on the source's inputs and
compared with PyTorch's output; every ONNX file made is also run by ONNX Runtime
(tests/onnxruntime/run_onnx.js), which must agree with PyTorch too. What happens on each path must be what EXPECTED says: "ok"
(outputs within the model's tolerance), or a failure whose message holds the given text (the
reason a path is impossible, as docs/CLI.md's conversion matrix states it).

  /usr/bin/python3 tests/models/check_conversion_matrix.py NNX RUN_ONNX_JS OUT_DIR

Prints one line per path and the matrix; exit 0 when every path is as expected, 1 naming
those that are not, 77 when Debian's python3-torch or python3-onnx is not installed.
"""
import os
import re
import shutil
import subprocess
import sys

import numpy as np

from onnxruntime_oracle import available, ort_run

try:
    import onnx
    import onnx.helper
except ImportError:
    print("skipped: python3-onnx is not installed")
    sys.exit(77)
from torch_models import SEED, Lstm, relative_error, seeded, torch, torchvision

ORT = None  # tests/onnxruntime/run_onnx.js, from the command line
FORMATS = {"onnx": ".onnx", "nnef": ".nnef", "nnvm": ".json", "tosa": ".tosa"}


class Depthwise(torch.nn.Module):
    """The MobileNet block: a depthwise 3x3 convolution (2 channels per input channel) between
    pointwise ones, ReLU6, an average pool with padding, a linear head."""

    def __init__(self):
        super().__init__()
        self.expand = torch.nn.Conv2d(3, 8, 1)
        self.depthwise = torch.nn.Conv2d(8, 16, 3, stride=2, padding=1, groups=8)
        self.project = torch.nn.Conv2d(16, 8, 1)
        self.pool = torch.nn.AvgPool2d(3, stride=2, padding=1, count_include_pad=False)
        self.fc = torch.nn.Linear(8 * 4 * 4, 10)

    def forward(self, x):
        x = torch.nn.functional.relu6(self.depthwise(torch.nn.functional.relu6(self.expand(x))))
        return self.fc(torch.flatten(self.pool(self.project(x)), 1))


class Encoder(torch.nn.Module):
    """Token embeddings (a Gather of int64 ids) and two transformer encoder layers."""

    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Embedding(100, 32)
        layer = torch.nn.TransformerEncoderLayer(d_model=32, nhead=4, dim_feedforward=64, dropout=0.0,
                                                 batch_first=True)
        self.encoder = torch.nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)
        self.head = torch.nn.Linear(32, 8)

    def forward(self, tokens):
        return self.head(self.encoder(self.embed(tokens)))


class QdqCnn(torch.nn.Module):
    """A CNN whose activations and weights pass through int8 fake quantization, which
    torch.onnx exports as QuantizeLinear/DequantizeLinear pairs (the QDQ form)."""

    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.conv2 = torch.nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.fc = torch.nn.Linear(16, 10)

    @staticmethod
    def q(t, scale):
        return torch.fake_quantize_per_tensor_affine(t, scale, 0, -128, 127)

    def forward(self, x):
        x = self.q(x, 0.02)
        x = torch.relu(torch.nn.functional.conv2d(x, self.q(self.conv1.weight, 0.002), self.conv1.bias, padding=1))
        x = self.q(x, 0.01)
        x = torch.relu(torch.nn.functional.conv2d(x, self.q(self.conv2.weight, 0.002), self.conv2.bias, stride=2,
                                                  padding=1))
        x = self.q(x, 0.01)
        return self.fc(x.mean(dim=(2, 3)))


def models():
    """(name, module, input name, sample input, opset, tolerance)."""
    gen = torch.Generator().manual_seed(SEED)
    yield "cnn", seeded(torchvision.models.resnet18(num_classes=10)), "image", torch.randn(1, 3, 64, 64,
                                                                                           generator=gen), 13, 1e-4
    yield "depthwise", seeded(Depthwise()), "x", torch.randn(1, 3, 16, 16, generator=gen), 15, 1e-4
    yield "lstm", seeded(Lstm()), "x", torch.randn(1, 12, 16, generator=gen), 14, 1e-4
    yield "encoder", seeded(Encoder()), "tokens", torch.randint(0, 100, (1, 10), generator=gen), 17, 1e-4
    # a float difference before a quantize step may move a value by one step (1 / 100 here)
    yield "qdq", seeded(QdqCnn()), "x", torch.randn(1, 3, 16, 16, generator=gen), 13, 2e-2


# Every path not listed must give outputs within tolerance; a listed one must fail with
# its text in the message (why it is impossible).
NNEF_INT8 = "NNEF's cast<T> converts scalar (float32), integer (int32) and logical (bool) only"
TOSA_INT64 = "graph input 'tokens' is int64, which TOSA 1.0 has no type for"
EXPECTED = {
    ("encoder", "onnx>tosa"): TOSA_INT64,
    ("encoder", "onnx>onnx>tosa"): TOSA_INT64,
    ("encoder", "onnx>nnvm>tosa"): TOSA_INT64,
    ("qdq", "onnx>nnef"): NNEF_INT8,
    ("qdq", "onnx>onnx>nnef"): NNEF_INT8,
    ("qdq", "onnx>nnvm"): "NNVM cannot express core op 'round_even'",
    ("qdq", "onnx>onnx>nnvm"): "NNVM cannot express core op 'round_even'",
    ("qdq", "onnx>tosa>nnvm"): "NNVM cannot express core op 'cast': cast to int32 rounding to nearest",
}


def declared_dtype(path):
    """The numpy type of the first input of the ONNX file at path."""
    elem = onnx.load(path, load_external_data=False).graph.input[0].type.tensor_type.elem_type
    return onnx.helper.tensor_dtype_to_np_dtype(elem) if hasattr(onnx.helper, "tensor_dtype_to_np_dtype") \
        else onnx.mapping.TENSOR_TYPE_TO_NP_TYPE[elem]


def nnx_out(cmd):
    """None when cmd succeeds, else its exit code and the reason in its last line of stderr
    (what follows "error: ", without node numbers and labels, which differ between paths)."""
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode == 0:
        return None
    last = (r.stderr.strip().splitlines() or [""])[-1].split("error: ")[-1]
    last = re.sub(r" \((node #\d+|label '[^']*')\)|^node \d+ \([^)]*\): ", "", last)
    return "exit %d: %s" % (r.returncode, last)


def main():
    global ORT
    nnx, ORT, out = sys.argv[1:4]
    missing = available(ORT)
    if missing:
        print("FAIL: ONNX Runtime, the oracle of the ONNX files made: " + missing)
        return 1
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    bad, table = [], []
    for name, model, input_name, x, opset, tol in models():
        src = os.path.join(out, name + ".onnx")
        torch.onnx.export(model, (x,), src, input_names=[input_name], output_names=["output"], opset_version=opset,
                          dynamic_axes={input_name: {0: "batch"}, "output": {0: "batch"}})
        with torch.no_grad():
            want = model(x).numpy()
        xfile = os.path.join(out, name + ".input.npy")
        np.save(xfile, x.numpy())
        shape = ["--input-shape", "%s=%s" % (input_name, ",".join(str(d) for d in x.shape))]
        made = {"onnx": src}
        results = {}
        paths = [("onnx", t) for t in FORMATS] + [("onnx", m, t) for m in FORMATS for t in FORMATS]
        for path in paths:
            key = ">".join(path)
            parent = made.get(">".join(path[:-1]))
            if parent is None:  # its first step failed, as EXPECTED says or reported there
                results[key] = "not made"
                continue
            dst = os.path.join(out, "%s.%s%s" % (name, "_".join(path[1:]), FORMATS[path[-1]]))
            why = nnx_out([nnx, "convert", parent, dst] + (shape if len(path) == 2 else []))
            if why:
                results[key] = "convert " + why
                continue
            made[key] = dst
            run_dir = dst + ".out"
            why = nnx_out([nnx, "run", dst, "--input", "%s=%s" % (input_name, xfile), "-o", run_dir])
            if why:
                results[key] = "run " + why
                continue
            got = [np.load(os.path.join(run_dir, f)) for f in sorted(os.listdir(run_dir)) if f.endswith(".npy")]
            err = relative_error(got[0].astype(np.float64), want.astype(np.float64)) if len(got) == 1 else float("inf")
            results[key] = "ok" if err <= tol else "wrong: relative error %.2e > %.0e" % (err, tol)
            results[key + " error"] = err
        # every ONNX file made is also run by ONNX Runtime, which must agree with PyTorch
        onnx_made = [k for k in made if k != "onnx" and k.endswith("onnx")]
        # (fed as the file declares its input: an NNEF integer is int32, so tokens made so are)
        ort = ort_run(ORT, [(made[k], {input_name: x.numpy().astype(declared_dtype(made[k]))}) for k in onnx_made],
                      os.path.join(out, name + ".ort"))
        for k, r in zip(onnx_made, ort):
            err = relative_error(r["output"].astype(np.float64), want.astype(np.float64)) if isinstance(r, dict) else None
            fine = err is not None and err <= tol
            print("%s %s %s under ONNX Runtime: %s" % ("PASS" if fine else "FAIL", name, k,
                                                       "relative error %.2e" % err if err is not None else r))
            if not fine:
                bad.append("%s %s under ONNX Runtime" % (name, k))
        for path in paths:
            key = ">".join(path)
            got, expect = results[key], EXPECTED.get((name, key), "ok")
            if got == "not made":
                print("SKIP %s %s: %s was not made" % (name, key, ">".join(path[:-1])))
                table.append((name, key, got))
                continue
            fine = got == "ok" if expect == "ok" else expect in got
            detail = "relative error %.2e" % results[key + " error"] if got == "ok" else got
            print("%s %s %s: %s" % ("PASS" if fine else "FAIL", name, key, detail))
            if not fine:
                bad.append("%s %s (expected %s)" % (name, key, expect))
            table.append((name, key, got if got == "ok" else got.split(": ", 1)[-1]))
    print("\nmatrix (model: path -> result)")
    for name, key, cell in table:
        print("  %-8s %-18s %s" % (name, key, cell))
    if bad:
        print("failed: " + "; ".join(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
