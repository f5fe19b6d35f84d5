"""gen_deep.py — ONNX models whose protobuf messages nest far deeper than any real model
(issue 27: they overflowed the stack inside protobuf-c), written at test time into the
folder given as the only argument: deep_type.onnx, a graph input whose type is a sequence of
a sequence of ... 6000 levels (12,000 nested messages, 42 KB), and deep_if.onnx, If nodes
nested 4000 deep through their then_branch (12,000 nested messages); and if_100.onnx, If
nodes nested 100 deep (about 300 nested messages: past the default limit, within a raised one).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from onnx_wire import BOOL, FLOAT, f_bytes, f_int, graph, value_info, node, attr_graph  # noqa: E402


def wrap_model(g, opset=13):
    """A ModelProto around GraphProto bytes g (ir_version 8, the default domain at opset)."""
    return f_int(1, 8) + f_bytes(2, "gen_deep.py") + f_bytes(7, g) + f_bytes(8, f_bytes(1, "") + f_int(2, opset))


def deep_type(levels):
    t = f_bytes(1, f_int(1, FLOAT))  # TypeProto.tensor_type: Tensor.elem_type
    for _ in range(levels):
        t = f_bytes(4, f_bytes(1, t))  # TypeProto.sequence_type: Sequence.elem_type
    x = f_bytes(1, "x") + f_bytes(2, t)  # ValueInfoProto name, type
    y = value_info("y", [1])
    g = f_bytes(1, node("Identity", ["z"], ["y"])) + f_bytes(2, "g")
    g += f_bytes(11, x) + f_bytes(11, value_info("z", [1])) + f_bytes(12, y)
    return wrap_model(g)


def deep_if(levels):
    leaf = graph([node("Identity", ["x"], ["y"])], [], [], [("y", [1])], name="leaf")
    g = leaf
    for k in range(levels):
        n = node("If", ["c"], ["y"], [attr_graph("then_branch", g), attr_graph("else_branch", leaf)])
        g = graph([n], [], [], [("y", [1])], name="level")
    top = graph([node("If", ["c"], ["y"], [attr_graph("then_branch", g), attr_graph("else_branch", leaf)])], [],
                [("c", [], BOOL), ("x", [1])], [("y", [1])])
    return wrap_model(top)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, data in (("deep_type.onnx", deep_type(6000)), ("deep_if.onnx", deep_if(4000)),
                       ("if_100.onnx", deep_if(100))):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
