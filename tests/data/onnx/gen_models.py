#!/usr/bin/env python3
"""gen_models.py — writes the small ONNX models of the ONNX CLI tests and the fuzz seed
corpus, encoding the protobuf wire format by hand (onnx_wire.py, beside it), with numpy
only for the expected outputs. Run from anywhere: files go beside this script, seeds
to tests/fuzz/corpus/onnx/.

  relu_add.onnx   x[1,4] -> Relu -> Add(b) -> y, b an initializer
  relu_add_batch.onnx  the same with x[batch,4] -> y[batch,4], batch symbolic
  relu_add_pair.onnx  Relu(x[batch,seq]) + z[batch,1] -> y[batch,seq]: a symbol two inputs share
  probe_*.onnx  output shapes in input dimensions (test_shape_probe, nnx info): probe_concat
  (Concat and Pad of [batch,seq]), probe_flatten (Reshape of [batch,seq,4]), probe_conv (a
  stride-2 Conv of [N,1,H,W]), probe_unknown (an input dimension with no name), probe_fixed
  (a Reshape to a fixed shape, which one batch size fits), probe_classifier (Conv, global
  pooling, Gemm of [batch,3,8,8]); outputs declared with exporter-style names (unk__N)
  conv_pool.onnx  x[1,1,4,4] -> Conv(w[2,1,3,3], bias, pads 1) -> Relu -> MaxPool 2x2 -> y
  unsupported.onnx  two operators nnx lacks (and one it has), for the all-at-once error
  gather_out_of_range.onnx  x[3,4] -> Gather(axis 1, indices [1, 4]) -> picked: index 4 is refused
  random_uniform.onnx, random_normal_like.onnx, bernoulli.onnx, dropout_training.onnx  one
  random operator each, for test_onnx_random
  x_1x4.npy, x_1x1x4x4.npy, x_3x4.npy  inputs; relu_add_expected.npy and
  relu_add_3x4_expected.npy the numpy results
"""
import os
import sys

import numpy as np

sys.dont_write_bytecode = True  # no __pycache__ beside the test data
from onnx_wire import BOOL, INT64, attr_float, attr_int, attr_ints, model, node, tensor  # noqa: E402

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

    probe_models()
    external_data_model()
    # an opset newer than nnx knows (refused unless --newer-opsets)
    write("relu_opset99.onnx", model([node("Relu", ["x"], ["y"])], [], [("x", [1, 4])], [("y", [1, 4])], opset=99),
          seed=False)

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

    # Gather with an index past the axis (4 of extent 4): `nnx run` fails naming it, as ONNX
    # Runtime does (docs/decisions/onnx.md, "indices out of range"); x_3x4.npy is its input
    write("gather_out_of_range.onnx", model(
        [node("Gather", ["x", "i"], ["picked"], [attr_int("axis", 1)])],
        [tensor("i", np.array([1, 4], dtype=np.int64), INT64)], [("x", [3, 4])], [("picked", [3, 2])]), seed=False)


def probe_models():
    i64 = 7  # INT64
    write("probe_concat.onnx", model(
        [node("Concat", ["x", "y"], ["cat"], [attr_int("axis", 1)]),
         node("Pad", ["x", "pads"], ["padded"])],
        [tensor("pads", np.array([0, 0, 0, 1]), i64)],
        [("x", ["batch", "seq"]), ("y", ["batch", "seq"])],
        [("cat", ["batch", "unk__1"]), ("padded", ["batch", "unk__2"])]), seed=False)
    write("probe_flatten.onnx", model(
        [node("Reshape", ["x", "rows"], ["flat"]), node("Reshape", ["x", "all"], ["line"])],
        [tensor("rows", np.array([0, -1]), i64), tensor("all", np.array([-1]), i64)],
        [("x", ["batch", "seq", 4])], [("flat", ["batch", "unk__3"]), ("line", ["unk__4"])]), seed=False)
    w = np.full((2, 1, 3, 3), 0.125, dtype=np.float32)
    write("probe_conv.onnx", model(
        [node("Conv", ["x", "w"], ["y"], [attr_ints("strides", [2, 2]), attr_ints("pads", [1, 1, 1, 1])])],
        [tensor("w", w)], [("x", ["N", 1, "H", "W"])], [("y", ["N", 2, "oh", "ow"])]), seed=False)
    write("probe_unknown.onnx", model(
        [node("Relu", ["x"], ["y"]), node("Concat", ["x", "x"], ["z"], [attr_int("axis", 0)])],
        [], [("x", [None, 4])], [("y", [None, 4]), ("z", ["unk__5", 4])]), seed=False)
    write("probe_fixed.onnx", model(
        [node("Reshape", ["x", "shape"], ["y"])], [tensor("shape", np.array([2, 6]), i64)],
        [("x", ["batch", 6])], [("y", ["rows", "cols"])]), seed=False)
    rng = np.random.default_rng(30)
    write("probe_classifier.onnx", model(
        [node("Conv", ["x", "w"], ["c"], [attr_ints("pads", [1, 1, 1, 1])]), node("Relu", ["c"], ["r"]),
         node("GlobalAveragePool", ["r"], ["g"]), node("Flatten", ["g"], ["f"]),
         node("Gemm", ["f", "fc", "fb"], ["y"], [attr_int("transB", 1)])],
        [tensor("w", rng.standard_normal((4, 3, 3, 3))), tensor("fc", rng.standard_normal((10, 4))),
         tensor("fb", rng.standard_normal(10))],
        [("x", ["batch", 3, 8, 8])], [("y", ["unk__0", 10])]), seed=False)


def external_data_model():
    """y = x + b, b (4 floats) in the external file `b.bin` beside the model (ONNX IR,
    "External Tensor Data"); the CLI tests copy it into folders where b.bin is a symbolic
    link that stays inside (read) or leads out (refused)."""
    from onnx_wire import f_bytes, f_int, FLOAT
    t = f_int(1, 4) + f_int(2, FLOAT) + f_bytes(8, "b")  # dims, data_type, name
    t += f_bytes(13, f_bytes(1, "location") + f_bytes(2, "b.bin")) + f_int(14, 1)  # external_data, EXTERNAL
    write("external_b.onnx", model([node("Add", ["x", "b"], ["y"])], [t], [("x", [1, 4])], [("y", [1, 4])]),
          seed=False)
    np.arange(4, dtype=np.float32).tofile(os.path.join(HERE, "external_b_values.bin"))


if __name__ == "__main__":
    main()
