"""gen_structure_model.py — writes structure.onnx into the folder given: a small model with
named nodes, an operator of a custom domain (com.example Foo) and an attribute value nnx does
not support (LpPool p = 100), for `nnx info`, `nnx dot` and `nnx check --structure` on a
model nnx can describe but not run (ctest nnx_cli_onnx_structure_*); and structure_batch.onnx,
the same idea with a symbolic batch (x[batch,4] -> r1 Relu -> foo com.example Foo -> y, and
r -> neg Neg -> z[batch,4]). Exits 77 (skip) when the onnx package is missing.

  x[1,1,4,4] -> conv1 Conv(w, pads 1) -> c -> relu1 Relu -> r
  r -> foo1 com.example.Foo -> f;  r -> pool1 LpPool(2x2, p 100) -> p;  f, p -> add1 Add -> y
  r -> mp1 MaxPool(2x2, strides 2) -> z[1,2,2,2]
"""
import os
import sys

try:
    import numpy as np
    from onnx import TensorProto, helper, numpy_helper, save
except ImportError:
    sys.exit(77)


def main(out_dir):
    w = numpy_helper.from_array(np.ones((2, 1, 3, 3), np.float32), "w")
    nodes = [
        helper.make_node("Conv", ["x", "w"], ["c"], name="conv1", pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c"], ["r"], name="relu1"),
        helper.make_node("Foo", ["r"], ["f"], name="foo1", domain="com.example"),
        helper.make_node("LpPool", ["r"], ["p"], name="pool1", kernel_shape=[2, 2], p=100),
        helper.make_node("Add", ["f", "p"], ["y"], name="add1"),
        helper.make_node("MaxPool", ["r"], ["z"], name="mp1", kernel_shape=[2, 2], strides=[2, 2]),
    ]
    graph = helper.make_graph(
        nodes, "structure",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1, 4, 4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("z", TensorProto.FLOAT, [1, 2, 2, 2])],
        [w])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17),
                                                    helper.make_opsetid("com.example", 1)])
    model.ir_version = 8
    save(model, os.path.join(out_dir, "structure.onnx"))

    nodes = [
        helper.make_node("Relu", ["x"], ["r"], name="r1"),
        helper.make_node("Foo", ["r"], ["y"], name="foo", domain="com.example"),
        helper.make_node("Neg", ["r"], ["z"], name="neg"),
    ]
    graph = helper.make_graph(
        nodes, "structure_batch",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", 4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("z", TensorProto.FLOAT, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17),
                                                    helper.make_opsetid("com.example", 1)])
    model.ir_version = 8
    save(model, os.path.join(out_dir, "structure_batch.onnx"))


if __name__ == "__main__":
    main(sys.argv[1])
