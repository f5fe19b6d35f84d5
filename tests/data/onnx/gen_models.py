#!/usr/bin/env python3
"""gen_models.py — writes the small ONNX models of the ONNX CLI tests and the fuzz seed
corpus, encoding the protobuf wire format by hand (onnx_wire.py, beside it), with numpy
only for the expected outputs. Run from anywhere: files go beside this script, seeds
to tests/fuzz/corpus/onnx/.

  relu_add.onnx   x[1,4] -> Relu -> Add(b) -> y, b an initializer
  relu_add_batch.onnx  the same with x[batch,4] -> y[batch,4], batch symbolic
  relu_add_pair.onnx  Relu(x[batch,seq]) + z[batch,1] -> y[batch,seq]: a symbol two inputs share
  conv_pool.onnx  x[1,1,4,4] -> Conv(w[2,1,3,3], bias, pads 1) -> Relu -> MaxPool 2x2 -> y
  unsupported.onnx  two operators nnx lacks (and one it has), for the all-at-once error
  random_uniform.onnx, random_normal_like.onnx, bernoulli.onnx, dropout_training.onnx  one
  random operator each, for test_onnx_random
  x_1x4.npy, x_1x1x4x4.npy, x_3x4.npy  inputs; relu_add_expected.npy and
  relu_add_3x4_expected.npy the numpy results
"""
import os
import sys

import numpy as np

sys.dont_write_bytecode = True  # no __pycache__ beside the test data
from onnx_wire import BOOL, attr_float, attr_ints, model, node, tensor  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "fuzz", "corpus", "onnx")


def write(name, data, seed=True):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)
    if seed:
        os.makedirs(CORPUS, exist_ok=True)
        with open(os.path.join(CORPUS, name), "wb") as f:
            f.write(data)


def npy(name, arr):
    np.save(os.path.join(HERE, name), np.asarray(arr, dtype=np.float32))


def main():
    b = np.array([[0.5, -1.0, 2.0, 0.25]], dtype=np.float32)
    write("relu_add.onnx", model(
        [node("Relu", ["x"], ["r"]), node("Add", ["r", "b"], ["y"])],
        [tensor("b", b)], [("x", [1, 4])], [("y", [1, 4])]))
    x = np.array([[-2.0, 3.0, -0.5, 1.5]], dtype=np.float32)
    npy("x_1x4.npy", x)
    npy("relu_add_expected.npy", np.maximum(x, 0) + b)
    write("relu_add_batch.onnx", model(
        [node("Relu", ["x"], ["r"]), node("Add", ["r", "b"], ["y"])],
        [tensor("b", b)], [("x", ["batch", 4])], [("y", ["batch", 4])]))
    x3 = np.array([[-2.0, 3.0, -0.5, 1.5], [1.0, -1.0, 0.0, 4.0], [0.5, 0.25, -8.0, 2.0]], dtype=np.float32)
    npy("x_3x4.npy", x3)
    npy("relu_add_3x4_expected.npy", np.maximum(x3, 0) + b)

    write("relu_add_pair.onnx", model(
        [node("Relu", ["x"], ["r"]), node("Add", ["r", "z"], ["y"])],
        [], [("x", ["batch", "seq"]), ("z", ["batch", 1])], [("y", ["batch", "seq"])]))

    # random operators (test_onnx_random checks the statistics of their draws)
    write("random_uniform.onnx", model(
        [node("RandomUniform", [], ["y"], [attr_ints("shape", [200, 100]), attr_float("low", -2.0),
                                            attr_float("high", 3.0)])],
        [], [], [("y", [200, 100])], opset=22), seed=False)
    write("random_normal_like.onnx", model(
        [node("RandomNormalLike", ["x"], ["y"], [attr_float("mean", 1.0), attr_float("scale", 2.0),
                                                 attr_float("seed", 7.0)])],
        [], [("x", [200, 100])], [("y", [200, 100])], opset=22), seed=False)
    write("bernoulli.onnx", model(
        [node("Bernoulli", ["p"], ["y"])], [], [("p", [4, 5000])], [("y", [4, 5000])], opset=22), seed=False)
    write("dropout_training.onnx", model(
        [node("Dropout", ["x", "ratio", "training"], ["y", "mask"])],
        [tensor("ratio", np.array(0.25, dtype=np.float32)), tensor("training", np.array(True), BOOL)],
        [("x", [100, 100])], [("y", [100, 100]), ("mask", [100, 100], BOOL)], opset=22), seed=False)

    rng = np.random.default_rng(8)
    w = rng.standard_normal((2, 1, 3, 3)).astype(np.float32)
    bias = np.array([0.1, -0.2], dtype=np.float32)
    write("conv_pool.onnx", model(
        [node("Conv", ["x", "w", "bias"], ["c"], [attr_ints("pads", [1, 1, 1, 1])]),
         node("Relu", ["c"], ["r"]),
         node("MaxPool", ["r"], ["y"], [attr_ints("kernel_shape", [2, 2]), attr_ints("strides", [2, 2])])],
        [tensor("w", w), tensor("bias", bias)], [("x", [1, 1, 4, 4])], [("y", [1, 2, 2, 2])]))
    npy("x_1x1x4x4.npy", rng.standard_normal((1, 1, 4, 4)))

    write("unsupported.onnx", model(
        [node("ImageDecoder", ["x"], ["a"]), node("Relu", ["a"], ["b"]), node("StringSplit", ["b"], ["y"]),
         node("ImageDecoder", ["y"], ["z"])],
        [], [("x", [1, 4])], [("z", [1, 4])]))


if __name__ == "__main__":
    main()
