#!/usr/bin/python3
# gen_nnef_run.py — writes the tiny NNEF model and the data the `nnx run` tests use
# (tools/nnx/CMakeLists.txt): model/ (graph.nnef: input [1, 8] -> matmul with an [8, 10]
# variable -> add a [1, 10] bias -> softmax; weights.dat, bias.dat), the input as .npy and
# .dat, inputs nnx must refuse, the output numpy computes (expected.npy), and expected.cmake
# with the output's top-5 indices for the tests' regular expressions.
# Run with Debian's python3 and python3-numpy:  /usr/bin/python3 tests/data/nnef_run/gen_nnef_run.py
import os
import struct

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.join(HERE, "model")

GRAPH = """version 1.0;

# A tiny classifier for the `nnx run` tests, written by gen_nnef_run.py.
graph tiny_classifier( input ) -> ( output )
{
    input = external<scalar>(shape = [1, 8]);
    weights = variable<scalar>(shape = [8, 10], label = 'weights');
    bias = variable<scalar>(shape = [1, 10], label = 'bias');
    logits = matmul(input, weights);
    scores = add(logits, bias);
    output = softmax(scores, axes = [1]);
}
"""


def dat_bytes(a):
    """An NNEF 1.0.2 tensor file (§5.2) of float32 data: 128-byte header, then the items."""
    a = np.ascontiguousarray(a, dtype="<f4")
    header = bytearray(128)
    header[0:4] = b"\x4e\xef\x01\x00"                       # magic, version 1.0
    struct.pack_into("<II", header, 4, a.nbytes, a.ndim)    # data length, rank
    for i, e in enumerate(a.shape):
        struct.pack_into("<I", header, 12 + 4 * i, e)       # extents
    struct.pack_into("<II", header, 44, 32, 0)              # 32 bits per item, code 0: float
    return bytes(header) + a.tobytes()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def well_separated(p):
    """The six largest probabilities differ by a clear margin, so the top-5 order is stable."""
    top = np.sort(p)[::-1][:6]
    return np.all(top[:-1] - top[1:] > 1e-3)


def main():
    rng = np.random.default_rng(20240706)
    while True:
        x = rng.uniform(-1, 1, (1, 8)).astype(np.float32)
        w = rng.standard_normal((8, 10)).astype(np.float32)
        b = rng.standard_normal((1, 10)).astype(np.float32)
        scores = x.astype(np.float64) @ w.astype(np.float64) + b
        p = np.exp(scores - scores.max()) / np.exp(scores - scores.max()).sum()
        if well_separated(p[0]):
            break
    os.makedirs(MODEL, exist_ok=True)
    with open(os.path.join(MODEL, "graph.nnef"), "w") as f:
        f.write(GRAPH)
    write(os.path.join(MODEL, "weights.dat"), dat_bytes(w))
    write(os.path.join(MODEL, "bias.dat"), dat_bytes(b))
    np.save(os.path.join(HERE, "input.npy"), x)
    write(os.path.join(HERE, "input.dat"), dat_bytes(x))
    np.save(os.path.join(HERE, "input_float64.npy"), x.astype(np.float64))        # converts exactly
    np.save(os.path.join(HERE, "input_inexact.npy"), np.full((1, 8), 0.1))        # float64 0.1: does not
    np.save(os.path.join(HERE, "input_float16.npy"), x.astype(np.float16))         # widens exactly
    np.save(os.path.join(HERE, "input_int8.npy"), np.arange(-4, 4, dtype=np.int8).reshape(1, 8))
    np.save(os.path.join(HERE, "input_int_inexact.npy"), np.full((1, 8), 2**24 + 1, np.int64))
    np.save(os.path.join(HERE, "input_wrong_shape.npy"), x[:, :7])
    np.save(os.path.join(HERE, "expected.npy"), p.astype(np.float32))
    top5 = [int(i) for i in np.argsort(-p[0], kind="stable")[:5]]
    with open(os.path.join(HERE, "expected.cmake"), "w") as f:
        f.write("# Written by gen_nnef_run.py: the indices of the 5 largest outputs, largest first.\n")
        f.write("set(nnef_run_top5 %s)\n" % " ".join(str(i) for i in top5))


main()
