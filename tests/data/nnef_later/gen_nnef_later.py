#!/usr/bin/python3
# gen_nnef_later.py — a model as tract writes it (`version 1.0;`, gather of embeddings, gelu, elu
# with alpha, silu; int8 zero_point_linear_quantize in graph.quant), its weights, an input and numpy's
# outputs without and with the quantization, each compound's body in float32 (tools/nnx/CMakeLists.txt).
# Run with Debian's python3 and python3-numpy:  /usr/bin/python3 tests/data/nnef_later/gen_nnef_later.py
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.join(HERE, "model")
sys.path.insert(0, os.path.join(HERE, "..", "nnef_run"))
from gen_nnef_run import dat_bytes, write  # noqa: E402

F = np.float32

GRAPH = """version 1.0;

extension tract_registry tract_core;

# A small token classifier in the style tract writes (gen_nnef_later.py).
graph network(input_ids) -> (output)
{
  input_ids = external<integer>(shape = [1, 6]);
  emb = variable<scalar>(label = "emb", shape = [12, 8]);
  w = variable<scalar>(label = "w", shape = [8, 8]);
  b = variable<scalar>(label = "b", shape = [1, 8]);
  tok = gather(emb, input_ids, axis = 0);
  flat = reshape(tok, shape = [6, 8]);
  h = linear(flat, w, b);
  g = gelu(h);
  e = elu(g, alpha = 0.2);
  s = silu(e);
  output = softmax(s, axes = [1]);
}
"""

QUANT = """"h": zero_point_linear_quantize(zero_point = 3, scale = 0.03125, bits = 8, signed = true, symmetric = false);
"""


def sigmoid(x):
    return (F(1) / (F(1) + np.exp(-x))).astype(F)


def network(ids, emb, w, b, quantize):
    flat = emb[ids].reshape(6, 8)
    h = (flat.astype(np.float64) @ w.T.astype(np.float64)).astype(F) + b
    if quantize:  # s = round(h / scale) + zp, clamped to [-128, 127]; y = (s - zp) * scale
        s = np.floor(h / F(0.03125) + F(0.5)) + F(3)
        h = ((np.clip(s, -128, 127) - F(3)) * F(0.03125)).astype(F)
    g = (h * sigmoid(F(1.702) * h)).astype(F)
    e = np.where(g < 0, F(0.2) * (np.exp(g) - F(1)), g).astype(F)
    s = (e * sigmoid(e)).astype(F)
    m = np.exp(s.astype(np.float64) - s.max(axis=1, keepdims=True))
    return (m / m.sum(axis=1, keepdims=True)).astype(F)


def main():
    rng = np.random.default_rng(20261128)
    emb = rng.standard_normal((12, 8)).astype(F)
    w = (rng.standard_normal((8, 8)) * 0.7).astype(F)
    b = (rng.standard_normal((1, 8)) * 0.3).astype(F)
    ids = np.array([[3, 11, 0, 7, 7, 5]], np.int32)
    os.makedirs(MODEL, exist_ok=True)
    with open(os.path.join(MODEL, "graph.nnef"), "w") as f:
        f.write(GRAPH)
    with open(os.path.join(MODEL, "graph.quant"), "w") as f:
        f.write(QUANT)
    write(os.path.join(MODEL, "emb.dat"), dat_bytes(emb))
    write(os.path.join(MODEL, "w.dat"), dat_bytes(w))
    write(os.path.join(MODEL, "b.dat"), dat_bytes(b))
    np.save(os.path.join(HERE, "input_ids.npy"), ids)
    np.save(os.path.join(HERE, "expected.npy"), network(ids, emb, w, b, False))
    np.save(os.path.join(HERE, "expected_quantized.npy"), network(ids, emb, w, b, True))


if __name__ == "__main__":
    main()
