#!/usr/bin/python3
"""train.py - train the bundled digits model and export it to NNEF 1.0.2.

Run with Debian's own Python (apt-get install python3-torch python3-sklearn):

    /usr/bin/python3 examples/digits/train.py

It trains a small CNN on the 8x8 handwritten digits that ship with scikit-learn
(sklearn.datasets.load_digits, 1797 images), on the CPU, deterministically, and writes
next to itself:

    model/graph.nnef               the network as a flat NNEF 1.0.2 document
    model/<label>.dat              its weights as NNEF tensor files (float32)
    sample.npy                     the first test image, float32 [1, 1, 8, 8]
    test_images.npy                the test split, float32 [N, 1, 8, 8], pixels in [0, 1]
    test_labels.npy                its labels, int64 [N]
    torch_predictions.npy          PyTorch's predicted digit for each, int64 [N]
    torch_probabilities.npy        PyTorch's softmax output for each, float32 [N, 10]

Only numpy and struct write the files; no NNEF package is needed. Before it finishes the
script reads the files back and runs the exported graph with a plain numpy forward pass,
so a wrong export (layout, flattening order, header) fails here rather than in nnx.
"""
import os
import struct
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL_DIR = os.path.join(HERE, "model")

SEED = 0
EPOCHS = 60
BATCH = 32
LEARNING_RATE = 3e-3


class DigitsNet(torch.nn.Module):
    """conv 1->8 3x3, relu, maxpool 2 -> conv 8->16 3x3, relu, maxpool 2 -> linear 64->10."""

    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(1, 8, kernel_size=3, padding=1)
        self.conv2 = torch.nn.Conv2d(8, 16, kernel_size=3, padding=1)
        self.fc = torch.nn.Linear(16 * 2 * 2, 10)

    def logits(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), kernel_size=2, stride=2)  # [N, 8, 4, 4]
        x = F.max_pool2d(F.relu(self.conv2(x)), kernel_size=2, stride=2)  # [N, 16, 2, 2]
        x = torch.flatten(x, 1)  # [N, 64] in C, H, W order
        return self.fc(x)

    def forward(self, x):
        return F.softmax(self.logits(x), dim=1)


# ------------------------------------------------------------------------- data, training

def load_data():
    digits = load_digits()
    x = (digits.images.astype(np.float32) / 16.0).reshape(-1, 1, 8, 8)  # pixels 0..16 -> [0, 1]
    y = digits.target.astype(np.int64)
    return train_test_split(x, y, test_size=0.2, random_state=SEED, stratify=y)


def train(x_train, y_train):
    torch.manual_seed(SEED)
    model = DigitsNet()
    optimizer = torch.optim.Adam(model.parameters(), lr=LEARNING_RATE)
    xs = torch.from_numpy(x_train)
    ys = torch.from_numpy(y_train)
    order_rng = torch.Generator().manual_seed(SEED)
    model.train()
    for epoch in range(EPOCHS):
        order = torch.randperm(len(xs), generator=order_rng)
        total = 0.0
        for start in range(0, len(xs), BATCH):
            idx = order[start:start + BATCH]
            optimizer.zero_grad()
            loss = F.cross_entropy(model.logits(xs[idx]), ys[idx])
            loss.backward()
            optimizer.step()
            total += loss.item() * len(idx)
        if epoch % 10 == 9 or epoch == EPOCHS - 1:
            print(f"epoch {epoch + 1:3d}: training loss {total / len(xs):.4f}")
    model.eval()
    return model


# ------------------------------------------------------------------------- NNEF export

GRAPH = """\
version 1.0;

# digits: a small CNN for the 8x8 handwritten digits of scikit-learn (load_digits),
# trained with PyTorch by examples/digits/train.py. input: [N, 1, 8, 8], pixels in [0, 1];
# output: [N, 10], the probability of each digit 0..9.
graph digits( input ) -> ( output )
{{
    input = external(shape = [1, 1, 8, 8]);
    w1 = variable(shape = [8, 1, 3, 3], label = 'conv1/weight');
    b1 = variable(shape = [1, 8], label = 'conv1/bias');
    w2 = variable(shape = [16, 8, 3, 3], label = 'conv2/weight');
    b2 = variable(shape = [1, 16], label = 'conv2/bias');
    w3 = variable(shape = [10, 64], label = 'fc/weight');
    b3 = variable(shape = [1, 10], label = 'fc/bias');
    c1 = conv(input, w1, b1, border = 'constant', padding = [(1, 1), (1, 1)], stride = [1, 1], dilation = [1, 1], groups = 1);
    r1 = relu(c1);
    p1 = max_pool(r1, size = [1, 1, 2, 2], border = 'ignore', padding = {pool_padding}, stride = [1, 1, 2, 2], dilation = [1, 1, 1, 1]);
    c2 = conv(p1, w2, b2, border = 'constant', padding = [(1, 1), (1, 1)], stride = [1, 1], dilation = [1, 1], groups = 1);
    r2 = relu(c2);
    p2 = max_pool(r2, size = [1, 1, 2, 2], border = 'ignore', padding = {pool_padding}, stride = [1, 1, 2, 2], dilation = [1, 1, 1, 1]);
    f = reshape(p2, shape = [-1, 64]);
    logits = linear(f, w3, b3);
    output = softmax(logits, axes = [1]);
}}
""".format(pool_padding="[(0, 0), (0, 0), (0, 0), (0, 0)]")

# NNEF 1.0.2 tensor file (spec section 5.2): 128-byte little-endian header, then the data.
NNEF_MAGIC = b"\x4e\xef"
NNEF_VERSION = (1, 0)
NNEF_CODE_FLOAT = 0x00  # Khronos vendor 0, algorithm 0: uncompressed IEEE float


def nnef_tensor_bytes(array):
    data = np.ascontiguousarray(array, dtype="<f4")
    if data.ndim > 8:
        raise ValueError("NNEF tensors have rank <= 8")
    extents = list(data.shape) + [0] * (8 - data.ndim)
    header = struct.pack("<2s2BII8III", NNEF_MAGIC, *NNEF_VERSION, data.nbytes, data.ndim,
                         *extents, 32, NNEF_CODE_FLOAT)
    header += bytes(128 - len(header))  # quantization parameters and reserved bytes: zero
    assert len(header) == 128
    return header + data.tobytes()


def read_nnef_tensor(path):
    with open(path, "rb") as f:
        blob = f.read()
    magic, major, minor, length, rank = struct.unpack_from("<2s2BII", blob, 0)
    extents = struct.unpack_from("<8I", blob, 12)
    bits, code = struct.unpack_from("<II", blob, 44)
    assert (magic, major, minor, bits, code) == (NNEF_MAGIC, 1, 0, 32, 0), path
    assert len(blob) == 128 + length, path
    return np.frombuffer(blob, dtype="<f4", offset=128).reshape(extents[:rank])


def export_nnef(model):
    """graph.nnef plus one .dat per variable, named by its label. Returns {label: array}."""
    tensors = {
        "conv1/weight": model.conv1.weight,                    # [O, I, H, W], as NNEF conv
        "conv1/bias": model.conv1.bias.reshape(1, -1),         # NNEF biases are [1, C]
        "conv2/weight": model.conv2.weight,
        "conv2/bias": model.conv2.bias.reshape(1, -1),
        "fc/weight": model.fc.weight,                          # [out, in]: linear uses B^T
        "fc/bias": model.fc.bias.reshape(1, -1),
    }
    tensors = {k: v.detach().numpy().astype(np.float32) for k, v in tensors.items()}
    os.makedirs(MODEL_DIR, exist_ok=True)
    with open(os.path.join(MODEL_DIR, "graph.nnef"), "w", encoding="ascii", newline="\n") as f:
        f.write(GRAPH)
    for label, array in tensors.items():
        path = os.path.join(MODEL_DIR, label + ".dat")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(nnef_tensor_bytes(array))
    return tensors


# ------------------------------------------------------------------------- export check

def numpy_forward(x, t):
    """The exported graph, op by op as NNEF defines it, in float64 numpy."""

    def conv_pad1(x, w, b):
        n, c, h, wd = x.shape
        xp = np.zeros((n, c, h + 2, wd + 2))
        xp[:, :, 1:-1, 1:-1] = x
        out = np.zeros((n, w.shape[0], h, wd))
        for dy in range(3):
            for dx in range(3):
                out += np.einsum("nchw,oc->nohw", xp[:, :, dy:dy + h, dx:dx + wd], w[:, :, dy, dx])
        return out + b.reshape(1, -1, 1, 1)

    def max_pool2(x):
        n, c, h, w = x.shape
        return x.reshape(n, c, h // 2, 2, w // 2, 2).max(axis=(3, 5))

    t = {k: v.astype(np.float64) for k, v in t.items()}
    x = x.astype(np.float64)
    x = max_pool2(np.maximum(conv_pad1(x, t["conv1/weight"], t["conv1/bias"]), 0))
    x = max_pool2(np.maximum(conv_pad1(x, t["conv2/weight"], t["conv2/bias"]), 0))
    x = x.reshape(-1, 64)
    logits = x @ t["fc/weight"].T + t["fc/bias"]
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


# ------------------------------------------------------------------------- main

def main():
    started = time.monotonic()
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    torch.manual_seed(SEED)

    x_train, x_test, y_train, y_test = load_data()
    print(f"digits: {len(x_train)} training and {len(x_test)} test images, seed {SEED}")
    model = train(x_train, y_train)

    with torch.no_grad():
        probabilities = model(torch.from_numpy(x_test)).numpy().astype(np.float32)
    predictions = probabilities.argmax(axis=1).astype(np.int64)
    correct = int((predictions == y_test).sum())
    accuracy = correct / len(y_test)

    tensors = export_nnef(model)
    np.save(os.path.join(HERE, "sample.npy"), np.ascontiguousarray(x_test[:1], dtype="<f4"))
    np.save(os.path.join(HERE, "test_images.npy"), np.ascontiguousarray(x_test, dtype="<f4"))
    np.save(os.path.join(HERE, "test_labels.npy"), np.ascontiguousarray(y_test, dtype="<i8"))
    np.save(os.path.join(HERE, "torch_predictions.npy"), np.ascontiguousarray(predictions, dtype="<i8"))
    np.save(os.path.join(HERE, "torch_probabilities.npy"), np.ascontiguousarray(probabilities, dtype="<f4"))

    # Read the weights back from the .dat files and run the graph in numpy.
    reread = {label: read_nnef_tensor(os.path.join(MODEL_DIR, label + ".dat")) for label in tensors}
    for label, array in tensors.items():
        assert np.array_equal(reread[label], array), label
    reference = numpy_forward(x_test, reread)
    worst = float(np.abs(reference - probabilities).max())
    if worst > 1e-5 or not np.array_equal(reference.argmax(axis=1), predictions):
        sys.exit(f"export check failed: numpy forward differs from PyTorch by {worst:.3g}")

    print(f"export check: numpy forward of the NNEF graph matches PyTorch (max |diff| {worst:.2g})")
    print(f"sample.npy: test image 0, label {y_test[0]}, PyTorch predicts {predictions[0]} "
          f"({probabilities[0, predictions[0]]:.4f})")
    print(f"test accuracy: {accuracy * 100:.2f}% ({correct}/{len(y_test)})")
    print(f"done in {time.monotonic() - started:.1f} s")
    if accuracy < 0.97:
        sys.exit("test accuracy below 97%")


if __name__ == "__main__":
    main()
