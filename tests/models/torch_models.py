"""torch_models.py — what the checks of exported models share: Debian's torch and torchvision
(a check exits 77, skipped, when python3-torch is not installed), the seed of the random
weights, the tolerance, seeded(), the relative error of an output, and the small models more than one
check exports (Lstm: 2 LSTM layers over [batch, time, 16] features and a linear head;
Encoder: 2 transformer encoder layers over [batch, time, 64] features)."""
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


def seeded(model):
    """model with weights drawn from N(0, 0.05) under SEED, in eval mode."""
    torch.manual_seed(SEED)
    with torch.no_grad():
        for p in model.parameters():
            torch.nn.init.normal_(p, std=0.05)
    return model.eval()


def relative_error(got, want):
    """max |got - want| / max |want|; inf when the shapes differ."""
    if got.shape != want.shape:
        return float("inf")
    return float(np.max(np.abs(got - want)) / max(np.max(np.abs(want)), 1e-30))


class Lstm(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = torch.nn.LSTM(input_size=16, hidden_size=32, num_layers=2, batch_first=True)
        self.head = torch.nn.Linear(32, 4)

    def forward(self, x):
        y, _ = self.lstm(x)
        return self.head(y)


class Encoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        layer = torch.nn.TransformerEncoderLayer(d_model=64, nhead=4, dim_feedforward=128, dropout=0.0,
                                                 batch_first=True)
        self.encoder = torch.nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)

    def forward(self, x):
        return self.encoder(x)
