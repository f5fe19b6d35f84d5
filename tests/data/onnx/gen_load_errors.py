"""gen_load_errors.py — writes into the folder given small models nnx must load right or refuse
clearly (issue 27 §4, ctest nnx_cli_onnx_loaderr_*): external weights (present, missing, a path
escaping the model's folder, a FIFO) run with --random-inputs, input dims out of range (-1, 2^62), a
node with an empty op_type, and an int32 MatMul. Exits 77 (skip) when the onnx package is missing.
"""
import os
import sys

try:
    import numpy as np
    from onnx import TensorProto, helper, save
except ImportError:
    sys.exit(77)


def model(nodes, inputs, outputs, inits=()):
    g = helper.make_graph(nodes, "g", inputs, outputs, list(inits))
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
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


if __name__ == "__main__":
    main(sys.argv[1])
