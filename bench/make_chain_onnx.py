# make_chain_onnx.py — writes an ONNX model (opset 13) that is a chain of N operations, Relu
# and Add alternating over a [1, 16] float input, for bench-scale to load, compile and run.
# Usage: /usr/bin/python3 bench/make_chain_onnx.py N OUT.onnx
import sys

import onnx
from onnx import TensorProto, helper


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    nodes, prev = [], "x"
    for i in range(1, n + 1):
        name = "t%d" % i
        if i % 2:
            nodes.append(helper.make_node("Relu", [prev], [name]))
        else:
            nodes.append(helper.make_node("Add", [prev, "x"], [name]))
        prev = name
    graph = helper.make_graph(
        nodes,
        "chain",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 16])],
        [helper.make_tensor_value_info(prev, TensorProto.FLOAT, [1, 16])],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.save(model, out)


if __name__ == "__main__":
    main()
