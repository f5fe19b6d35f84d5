"""gen_load_errors.py — writes into the folder given small models nnx must load right or refuse
clearly (issue 27 §4, ctest nnx_cli_onnx_loaderr_*): external weights (present, missing, a path
escaping the model's folder, a FIFO) run with --random-inputs, input dims out of range (-1, 2^62), a
node with an empty op_type, an int32 MatMul and Gemm, an opset newer than nnx knows, output and
value_info dims out of range, names defined twice (node outputs, an initializer, a graph input),
and ConstantOfShape tensors over the elements limit or too large for a small address space. Exits
77 (skip) when the onnx package is missing.
"""
import os
import sys

try:
    import numpy as np
    from onnx import TensorProto, helper, save
except ImportError:
    sys.exit(77)


def model(nodes, inputs, outputs, inits=(), opset=13, value_info=()):
    g = helper.make_graph(nodes, "g", inputs, outputs, list(inits), value_info=list(value_info))
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = 7
    return m


def external_max(out_dir, name, location):
    """y = Max(x, w), w = [5,5,5,5] stored in `location`: y is all 5 for x in [-1, 1)."""
    w = TensorProto(name="w", data_type=TensorProto.FLOAT, dims=[1, 4])
    for key, value in (("location", location), ("offset", "0"), ("length", "16")):
        entry = w.external_data.add()
        entry.key, entry.value = key, value
    w.data_location = TensorProto.EXTERNAL
    m = model([helper.make_node("Max", ["x", "w"], ["y"])],
              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4])],
              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4])], [w])
    save(m, os.path.join(out_dir, name))


def main(out_dir):
    with open(os.path.join(out_dir, "ext_w.bin"), "wb") as f:
        f.write(np.full(4, 5.0, np.float32).tobytes())
    external_max(out_dir, "ext_valid.onnx", "ext_w.bin")
    external_max(out_dir, "ext_missing.onnx", "no_such_file.bin")
    external_max(out_dir, "ext_escape.onnx", "../../etc/passwd")
    fifo = os.path.join(out_dir, "ext_fifo.bin")
    if os.path.exists(fifo):
        os.remove(fifo)
    os.mkfifo(fifo)
    external_max(out_dir, "ext_fifo.onnx", "ext_fifo.bin")
    for name, dim in (("dim_negative.onnx", -1), ("dim_huge.onnx", 1 << 62)):
        m = model([helper.make_node("Relu", ["x"], ["y"])],
                  [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, dim])],
                  [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
        save(m, os.path.join(out_dir, name))
    m = model([helper.make_node("", ["x"], ["y"], name="N")],
              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4])],
              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4])])
    save(m, os.path.join(out_dir, "empty_op.onnx"))
    m = model([helper.make_node("MatMul", ["a", "b"], ["y"], name="mm")],
              [helper.make_tensor_value_info("a", TensorProto.INT32, [2, 3]),
               helper.make_tensor_value_info("b", TensorProto.INT32, [3, 2])],
              [helper.make_tensor_value_info("y", TensorProto.INT32, [2, 2])])
    save(m, os.path.join(out_dir, "matmul_int32.onnx"))
    m = model([helper.make_node("Gemm", ["a", "b"], ["y"], name="gm")],
              [helper.make_tensor_value_info("a", TensorProto.INT32, [2, 3]),
               helper.make_tensor_value_info("b", TensorProto.INT32, [3, 2])],
              [helper.make_tensor_value_info("y", TensorProto.INT32, [2, 2])])
    save(m, os.path.join(out_dir, "gemm_int32.onnx"))
    x14 = [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4])]
    y14 = [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4])]
    save(model([helper.make_node("Relu", ["x"], ["y"])], x14, y14, opset=99),
         os.path.join(out_dir, "opset99.onnx"))
    # dims out of range where nnx reads them but does not need them: a graph output's and a
    # value_info's (the shapes nnx computes win; the file's must still be extents or names)
    for name, dim in (("out_dim_negative.onnx", -1), ("out_dim_huge.onnx", 1 << 62)):
        save(model([helper.make_node("Relu", ["x"], ["y"])], x14,
                   [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, dim])]),
             os.path.join(out_dir, name))
    for name, dim in (("vi_dim_negative.onnx", -1), ("vi_dim_huge.onnx", 1 << 62)):
        save(model([helper.make_node("Relu", ["x"], ["t"]), helper.make_node("Relu", ["t"], ["y"])], x14, y14,
                   value_info=[helper.make_tensor_value_info("t", TensorProto.FLOAT, [1, dim])]),
             os.path.join(out_dir, name))
    # a name defined twice (ONNX IR, "Graphs": SSA, every name defined once)
    save(model([helper.make_node("Relu", ["x"], ["y"], name="r1"), helper.make_node("Neg", ["x"], ["y"], name="r2")],
               x14, y14), os.path.join(out_dir, "dup_node_output.onnx"))
    w = helper.make_tensor("t", TensorProto.FLOAT, [1, 4], [1.0, 2.0, 3.0, 4.0])
    save(model([helper.make_node("Relu", ["x"], ["t"], name="r1"), helper.make_node("Add", ["t", "x"], ["y"])],
               x14, y14, [w]), os.path.join(out_dir, "dup_initializer.onnx"))
    save(model([helper.make_node("Relu", ["x"], ["x"], name="r1"), helper.make_node("Neg", ["x"], ["y"])],
               x14, y14), os.path.join(out_dir, "dup_graph_input.onnx"))
    # ConstantOfShape from 3 int64s: 60000^3 elements, over the elements limit (exit 3 before
    # anything is allocated), and 16384^2 float32s (1 GiB, within it: out of memory under ulimit -v)
    for name, shape in (("cos_huge.onnx", [60000, 60000, 60000]), ("cos_1gib.onnx", [16384, 16384])):
        s = helper.make_tensor("s", TensorProto.INT64, [len(shape)], shape)
        save(model([helper.make_node("ConstantOfShape", ["s"], ["c"], name="cos"),
                    helper.make_node("ReduceMax", ["c"], ["y"], keepdims=0)], x14,
                   [helper.make_tensor_value_info("y", TensorProto.FLOAT, [])], [s]),
             os.path.join(out_dir, name))


if __name__ == "__main__":
    main(sys.argv[1])
