#!/usr/bin/python3
"""check_tosa_conversion.py — real models exported the way users export them (dynamic batch,
opsets 13 to 17), converted to TOSA flatbuffers by `nnx convert model.onnx model.tosa
--input-shape input=...` (the float32 legalization), checked by `nnx check`, and run by
`nnx run` on the .tosa file: the output must match PyTorch's within 1e-4 of its largest
magnitude. torchvision's squeezenet1_1 (opset 13), resnet18 (opset 14), mobilenet_v3_small
(hard-swish, squeeze-excitation; opset 17) and a 2-layer transformer encoder over float
features (opset 14). Weights are random from a fixed seed.

  /usr/bin/python3 tests/models/check_tosa_conversion.py NNX OUT_DIR

Exit 0 when every model converts and matches, 1 naming the model otherwise, 77 when Debian's
python3-torch is not installed.
"""
import os
import subprocess
import sys

import numpy as np

from torch_models import SEED, TOLERANCE, Encoder, relative_error, seeded, torch, torchvision


def cases():
    """(name, model, opset, sample input)."""
    gen = torch.Generator().manual_seed(SEED)
    image = torch.randn(1, 3, 96, 96, generator=gen)
    yield "squeezenet1_1", seeded(torchvision.models.squeezenet1_1()), 13, image
    yield "resnet18", seeded(torchvision.models.resnet18()), 14, image
    yield "mobilenet_v3_small", seeded(torchvision.models.mobilenet_v3_small()), 17, image
    yield "encoder", seeded(Encoder()), 14, torch.randn(1, 16, 64, generator=gen)


def main():
    nnx, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    failed = 0
    for name, model, opset, x in cases():
        onnx = os.path.join(out, name + ".onnx")
        tosa = os.path.join(out, name + ".tosa")
        # exported with autograd on: the transformer's inference fast path is a fused op
        # ONNX cannot express, taken only under no_grad
        torch.onnx.export(model, (x,), onnx, input_names=["input"], output_names=["output"], opset_version=opset,
                          dynamic_axes={"input": {0: "batch"}, "output": {0: "batch"}})
        with torch.no_grad():
            want = model(x).numpy()
        shape = ",".join(str(d) for d in x.shape)
        steps = [("convert", [nnx, "convert", onnx, tosa, "--input-shape", "input=" + shape]),
                 ("check", [nnx, "check", tosa])]
        xfile = os.path.join(out, name + ".input.npy")
        np.save(xfile, x.numpy())
        run_dir = os.path.join(out, name + ".out")
        steps.append(("run", [nnx, "run", tosa, "--input", "input=" + xfile, "-o", run_dir]))
        ok = True
        for what, cmd in steps:
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode != 0:
                print("FAIL %s: nnx %s exited %d: %s" % (name, what, r.returncode, r.stderr.strip()[-400:]))
                ok = False
                break
        if ok:
            got = np.load(os.path.join(run_dir, "output.npy"))
            err = relative_error(got, want)
            ok = err <= TOLERANCE
            print("%s %s: .tosa output %s, relative error %.2e" % ("PASS" if ok else "FAIL", name, list(got.shape),
                                                                   err))
        failed += not ok
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
