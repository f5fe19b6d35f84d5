#!/usr/bin/python3
"""check_dynamic_shapes.py — real models exported the way users export them, with dynamic axes,
shown by `nnx info` with their symbolic dimensions (outputs in the inputs' dimensions), run
by `nnx run` at two shapes each and compared with PyTorch: a torchvision classifier
(squeezenet1_1, dynamic batch and image size, opset 13), a token encoder (int64 ids ->
embedding -> 2-layer transformer encoder, dynamic batch and sequence length, opset 14),
torchvision's LR-ASPP segmenter (dynamic batch and image size, opset 17), a 2-layer GRU
classifier (dynamic batch and sequence length, opset 14) and a scripted residual recurrence
(torch.jit.script: a Python `for` over a run-time step count becomes ONNX Loop, an `if` on
the data becomes If; dynamic batch, opset 15). nnx binds the symbolic dimensions from each
--input file. Weights are random from a fixed seed.

  /usr/bin/python3 tests/models/check_dynamic_shapes.py NNX OUT_DIR

Exit 0 when every output is within 1e-4 of PyTorch's (relative to its largest magnitude), 1
naming the model and shape otherwise, 77 when Debian's python3-torch is not installed.
"""
import os
import subprocess
import sys

import numpy as np

from torch_models import SEED, TOLERANCE, relative_error, seeded, torch, torchvision


class TokenEncoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Embedding(100, 64)
        layer = torch.nn.TransformerEncoderLayer(d_model=64, nhead=4, dim_feedforward=128, dropout=0.0,
                                                 batch_first=True)
        self.encoder = torch.nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)

    def forward(self, ids):
        return self.encoder(self.embed(ids))


class Recurrence(torch.nn.Module):
    """h <- tanh(W h + b) + h, `steps` times (a run-time input: ONNX Loop), then doubled or
    shifted by the sign of its sum (ONNX If on a run-time condition)."""

    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)

    def forward(self, x, steps: int):
        h = x
        for _ in range(steps):
            h = torch.tanh(self.lin(h)) + h
        if h.sum() > 0:
            h = h * 2
        else:
            h = h - 1
        return h


class Segmenter(torch.nn.Module):
    """torchvision's LR-ASPP segmenter returns a dict; its "out" is the logits map."""

    def __init__(self):
        super().__init__()
        self.net = torchvision.models.segmentation.lraspp_mobilenet_v3_large(weights=None, weights_backbone=None)

    def forward(self, x):
        return self.net(x)["out"]


class GruClassifier(torch.nn.Module):
    """A 2-layer GRU over a sequence, classified from its last step."""

    def __init__(self):
        super().__init__()
        self.gru = torch.nn.GRU(16, 32, num_layers=2, batch_first=True)
        self.fc = torch.nn.Linear(32, 4)

    def forward(self, x):
        y, _ = self.gru(x)
        return self.fc(y[:, -1])



def cases():
    """(name, model, opset, dynamic axes of the first input, input names, samples: tuples of
    the model's arguments, one per shape tried)."""
    gen = torch.Generator().manual_seed(SEED)
    yield ("squeezenet1_1", seeded(torchvision.models.squeezenet1_1()), 13,
           {0: "batch", 2: "height", 3: "width"}, ["input"],
           [(torch.randn(1, 3, 96, 96, generator=gen),), (torch.randn(3, 3, 128, 112, generator=gen),)])
    yield ("token_encoder", seeded(TokenEncoder()), 14, {0: "batch", 1: "sequence"}, ["input"],
           [(torch.randint(0, 100, (1, 7), generator=gen),), (torch.randint(0, 100, (4, 19), generator=gen),)])
    yield ("lraspp_segmenter", seeded(Segmenter()), 17, {0: "batch", 2: "height", 3: "width"}, ["input"],
           [(torch.randn(1, 3, 128, 128, generator=gen),), (torch.randn(2, 3, 160, 96, generator=gen),)])
    yield ("gru_classifier", seeded(GruClassifier()), 14, {0: "batch", 1: "sequence"}, ["input"],
           [(torch.randn(1, 5, 16, generator=gen),), (torch.randn(3, 11, 16, generator=gen),)])
    yield ("loop_if", torch.jit.script(seeded(Recurrence())), 15, {0: "batch"}, ["input", "steps"],
           [(torch.randn(3, 8, generator=gen), 4), (torch.randn(5, 8, generator=gen), 2),
            (-torch.ones(2, 8), 1)])


# What `nnx info` shows for each output, in the input dimensions (probed: engine decision E30).
# The segmenter's file declares [batch,Resizeoutput_dim_1,...]; its probes find the rest.
OUTPUT_SHAPES = {"squeezenet1_1": "batch,1000", "token_encoder": "batch,sequence,64",
                 "lraspp_segmenter": "batch,21,height,width", "gru_classifier": "batch,4", "loop_if": "batch,8"}


def as_array(v):
    return v.numpy() if isinstance(v, torch.Tensor) else np.array(v, dtype=np.int64)


def main():
    nnx, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    failed = 0
    for name, model, opset, axes, names, samples in cases():
        path = os.path.join(out, name + ".onnx")
        # exported with autograd on: the transformer's inference fast path is a fused op
        # ONNX cannot express, taken only under no_grad
        torch.onnx.export(model, samples[0], path, input_names=names, output_names=["output"],
                          opset_version=opset, dynamic_axes={names[0]: axes, "output": {0: "batch"}})
        # loaded without shapes, the symbolic dimensions show by name
        info = subprocess.run([nnx, "info", path], capture_output=True, text=True)
        first = samples[0][0]
        dims = ["batch" if i == 0 else axes.get(i, str(d)) for i, d in enumerate(first.shape)]
        want_line = "input                    %-8s [%s]" % (
            "int64" if first.dtype == torch.int64 else "float32", ",".join(dims))
        want_out = "output                   float32  [%s]" % OUTPUT_SHAPES[name]
        for line in (want_line, want_out):
            if info.returncode != 0 or line not in info.stdout:
                print("FAIL %s: nnx info does not show %r:\n%s%s" % (name, line, info.stdout, info.stderr))
                failed += 1
        for k, sample in enumerate(samples):
            with torch.no_grad():
                want = model(*sample).numpy()
            args = [nnx, "run", path]
            for arg_name, value in zip(names, sample):
                vfile = os.path.join(out, "%s.%d.%s.npy" % (name, k, arg_name))
                np.save(vfile, as_array(value))
                args += ["--input", "%s=%s" % (arg_name, vfile)]
            run_dir = os.path.join(out, "%s.%d" % (name, k))
            run = subprocess.run(args + ["-o", run_dir], capture_output=True, text=True)
            shape = "x".join(str(d) for d in sample[0].shape)
            if len(sample) > 1:
                shape += " (%s)" % ", ".join("%s=%s" % (n_, v) for n_, v in zip(names[1:], sample[1:]))
            if run.returncode != 0:
                print("FAIL %s at %s: nnx run exited %d: %s" % (name, shape, run.returncode, run.stderr.strip()))
                failed += 1
                continue
            got = np.load(os.path.join(run_dir, "output.npy"))
            err = relative_error(got, want)
            ok = err <= TOLERANCE
            failed += not ok
            print("%s %s at %s: output %s, relative error %.2e" % ("PASS" if ok else "FAIL", name, shape,
                                                                   list(got.shape), err))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
