#!/usr/bin/python3
"""check_dynamic_shapes.py — real models exported the way users export them, with dynamic axes,
shown by `nnx info` with their symbolic dimensions, run by `nnx run` at two shapes each and
compared with PyTorch: a torchvision classifier
(squeezenet1_1, dynamic batch and image size, opset 13) and a token encoder (int64 ids ->
embedding -> 2-layer transformer encoder, dynamic batch and sequence length, opset 14). nnx
binds the symbolic dimensions from each --input file. Weights are random from a fixed seed.

  /usr/bin/python3 tests/models/check_dynamic_shapes.py NNX OUT_DIR

Exit 0 when every output is within 1e-4 of PyTorch's (relative to its largest magnitude), 1
naming the model and shape otherwise, 77 when Debian's python3-torch is not installed.
"""
import os
import subprocess
import sys

import numpy as np

try:
    import torch
    import torchvision
except ImportError:
    print("skipped: python3-torch / python3-torchvision are not installed")
    sys.exit(77)

SEED = 20261128
TOLERANCE = 1e-4


class TokenEncoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Embedding(100, 64)
        layer = torch.nn.TransformerEncoderLayer(d_model=64, nhead=4, dim_feedforward=128, dropout=0.0,
                                                 batch_first=True)
        self.encoder = torch.nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)

    def forward(self, ids):
        return self.encoder(self.embed(ids))


def seeded(model):
    torch.manual_seed(SEED)
    with torch.no_grad():
        for p in model.parameters():
            torch.nn.init.normal_(p, std=0.05)
    return model.eval()


def cases():
    gen = torch.Generator().manual_seed(SEED)
    yield ("squeezenet1_1", seeded(torchvision.models.squeezenet1_1()), 13,
           {0: "batch", 2: "height", 3: "width"},
           [torch.randn(1, 3, 96, 96, generator=gen), torch.randn(3, 3, 128, 112, generator=gen)])
    yield ("token_encoder", seeded(TokenEncoder()), 14, {0: "batch", 1: "sequence"},
           [torch.randint(0, 100, (1, 7), generator=gen), torch.randint(0, 100, (4, 19), generator=gen)])


def main():
    nnx, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    failed = 0
    for name, model, opset, axes, inputs in cases():
        path = os.path.join(out, name + ".onnx")
        # exported with autograd on: the transformer's inference fast path is a fused op
        # ONNX cannot express, taken only under no_grad
        torch.onnx.export(model, (inputs[0],), path, input_names=["input"], output_names=["output"],
                          opset_version=opset, dynamic_axes={"input": axes, "output": {0: "batch"}})
        # loaded without shapes, the symbolic dimensions show by name
        info = subprocess.run([nnx, "info", path], capture_output=True, text=True)
        dims = ["batch" if i == 0 else axes.get(i, str(d)) for i, d in enumerate(inputs[0].shape)]
        want_line = "input                    %-8s [%s]" % (
            "int64" if inputs[0].dtype == torch.int64 else "float32", ",".join(dims))
        if info.returncode != 0 or want_line not in info.stdout:
            print("FAIL %s: nnx info does not show %r:\n%s%s" % (name, want_line, info.stdout, info.stderr))
            failed += 1
        for k, x in enumerate(inputs):
            with torch.no_grad():
                want = model(x).numpy()
            xfile = os.path.join(out, "%s.%d.input.npy" % (name, k))
            np.save(xfile, x.numpy())
            run_dir = os.path.join(out, "%s.%d" % (name, k))
            run = subprocess.run([nnx, "run", path, "--input", "input=" + xfile, "-o", run_dir],
                                 capture_output=True, text=True)
            shape = "x".join(str(d) for d in x.shape)
            if run.returncode != 0:
                print("FAIL %s at %s: nnx run exited %d: %s" % (name, shape, run.returncode, run.stderr.strip()))
                failed += 1
                continue
            got = np.load(os.path.join(run_dir, "output.npy"))
            err = float(np.max(np.abs(got - want)) / max(np.max(np.abs(want)), 1e-30)) if got.shape == want.shape \
                else float("inf")
            ok = err <= TOLERANCE
            failed += not ok
            print("%s %s at %s: output %s, relative error %.2e" % ("PASS" if ok else "FAIL", name, shape,
                                                                   list(got.shape), err))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
