#!/usr/bin/python3
# make_models.py — writes the benchmark models to a folder (default bench/models/, not in
# git): resnet50, mobilenet_v2 and squeezenet1_1 from torchvision (1x3x224x224), a 4-layer
# transformer encoder (d_model 256, 4 heads, ffn 1024, sequence 128) and a 2-layer LSTM
# (input 256, hidden 512, 64 steps), each with random weights from a fixed seed, exported to
# ONNX (<name>.onnx), with its input (<name>.input.npy), PyTorch's output
# (<name>.output.npy) and the module itself (<name>.pt) for bench/torch_bench.py.
# Run with Debian's python3, python3-torch and python3-torchvision:
#   /usr/bin/python3 bench/make_models.py [OUT_DIR]
import os
import sys

import numpy as np
import torch
import torchvision

SEED = 20261125


class Encoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        layer = torch.nn.TransformerEncoderLayer(d_model=256, nhead=4, dim_feedforward=1024, dropout=0.0,
                                                 batch_first=True)
        self.encoder = torch.nn.TransformerEncoder(layer, num_layers=4, enable_nested_tensor=False)

    def forward(self, x):
        return self.encoder(x)


class Lstm(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = torch.nn.LSTM(input_size=256, hidden_size=512, num_layers=2)

    def forward(self, x):
        return self.lstm(x)[0]


def models():
    yield "resnet50", torchvision.models.resnet50(), (1, 3, 224, 224)
    yield "mobilenet_v2", torchvision.models.mobilenet_v2(), (1, 3, 224, 224)
    yield "squeezenet1_1", torchvision.models.squeezenet1_1(), (1, 3, 224, 224)
    yield "transformer", Encoder(), (1, 128, 256)
    yield "lstm", Lstm(), (64, 1, 256)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "models")
    os.makedirs(out, exist_ok=True)
    for name, model, shape in models():
        torch.manual_seed(SEED)
        with torch.no_grad():
            for p in model.parameters():  # torchvision initialises some layers deterministically; re-draw all
                torch.nn.init.normal_(p, std=0.05)
            for b in model.buffers():
                if b.dtype.is_floating_point:
                    b.copy_(torch.rand_like(b) * 0.5 + 0.75 if b.ndim == 1 else b)
        model.eval()
        x = torch.randn(*shape, generator=torch.Generator().manual_seed(SEED))
        with torch.no_grad():
            y = model(x)
        path = os.path.join(out, name)
        # Exported with autograd on: the transformer's inference fast path (a fused op that
        # ONNX cannot express) is only taken under no_grad.
        torch.onnx.export(model, (x,), path + ".onnx", input_names=["input"], output_names=["output"],
                          opset_version=14, do_constant_folding=True)
        np.save(path + ".input.npy", x.numpy())
        np.save(path + ".output.npy", y.numpy())
        torch.save(model, path + ".pt")
        print("%s: %s -> %s" % (name, list(shape), list(y.shape)))


if __name__ == "__main__":
    main()
