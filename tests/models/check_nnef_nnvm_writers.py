#!/usr/bin/python3
"""check_nnef_nnvm_writers.py — the NNEF and NNVM graph JSON writers on real models that need
the later NNEF standard library, compositions and batched matmul: a transformer encoder with
an nn.Embedding front (int64 tokens, opset 17, dynamic axes; gather, layer normalization,
batched matmul) and a 2-layer LSTM (opset 14), both exported by Debian's PyTorch with seeded
weights. Each is converted by `nnx convert` ONNX -> NNEF and ONNX -> NNVM JSON (+ .params);
every converted file is run by `nnx run` and must match PyTorch's output within 1e-4 of the
largest magnitude. The NNEF document of the encoder uses `gather` of the later library, so
`nnx run --strict-1.0.2` must refuse it naming gather; its NNVM graph must use
batch_matmul.

  /usr/bin/python3 tests/models/check_nnef_nnvm_writers.py NNX OUT_DIR

Exit 0 when every check passes, 1 naming the failure, 77 when python3-torch is missing.
"""
import os
import subprocess
import sys

import numpy as np

from torch_models import SEED, TOLERANCE, relative_error, seeded, torch


class EmbeddingEncoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(50, 32)
        layer = torch.nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True)
        self.enc = torch.nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)

    def forward(self, tokens):
        return self.enc(self.emb(tokens))


class Lstm(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = torch.nn.LSTM(16, 24, 2, batch_first=True)

    def forward(self, x):
        return self.lstm(x)[0]


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def main():
    nnx, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(SEED)
    tokens = torch.randint(0, 50, (2, 7))
    x = torch.randn(2, 5, 16)
    cases = [("encoder", seeded(EmbeddingEncoder()), tokens, "tokens", 17, {"tokens": {0: "b", 1: "s"}}),
             ("lstm", seeded(Lstm()), x, "x", 14, None)]
    failures = []
    for name, model, data, input_name, opset, axes in cases:
        src = os.path.join(out, name + ".onnx")
        with torch.no_grad():
            want = model(data).numpy()
        torch.onnx.export(model, (data,), src, opset_version=opset, input_names=[input_name], output_names=["y"],
                          dynamic_axes=axes)
        feed = os.path.join(out, name + "_in.npy")
        np.save(feed, data.numpy().astype(np.int32) if data.dtype == torch.int64 else data.numpy())
        shape = ",".join(str(d) for d in data.shape)
        for ext in ("nnef", "json"):
            dst = os.path.join(out, name + "." + ext)
            r = run([nnx, "convert", src, dst, "--input-shape", f"{input_name}={shape}", "--force"])
            if r.returncode != 0:
                failures.append(f"{name} -> {ext}: convert failed: {r.stderr.strip()}")
                continue
            res = os.path.join(out, name + "_" + ext)
            r = run([nnx, "run", dst, "--input", f"{input_name}={feed}", "--output-dir", res])
            if r.returncode != 0:
                failures.append(f"{name} -> {ext}: run failed: {r.stderr.strip()}")
                continue
            got = np.load(os.path.join(res, "y.npy"))
            err = relative_error(got, want)
            print(f"{name} -> {ext}: relative error {err:.3g}")
            if not err <= TOLERANCE:
                failures.append(f"{name} -> {ext}: relative error {err:.3g} > {TOLERANCE}")
    graph_json = os.path.join(out, "encoder.json")
    if not os.path.exists(graph_json) or '"batch_matmul"' not in open(graph_json).read():
        failures.append("encoder.json does not use NNVM's batch_matmul")
    enc = os.path.join(out, "encoder.nnef")
    text = open(os.path.join(enc, "graph.nnef")).read() if os.path.isdir(enc) else ""
    if "gather(" not in text:
        failures.append("encoder.nnef does not use the later library's gather")
    r = run([nnx, "run", enc, "--strict-1.0.2", "--random-inputs", "1"])
    if r.returncode == 0 or "gather" not in r.stderr:
        failures.append(f"--strict-1.0.2 did not refuse gather: rc {r.returncode}, {r.stderr.strip()}")
    else:
        print("strict 1.0.2 refuses:", r.stderr.strip().splitlines()[0])
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
