"""test_model_api.py — nnx.load / Model.run / save / convert and the tensor-file functions,
against independent oracles: PyTorch's own predictions for the bundled digits model, numpy
for the small ONNX models of tests/data/onnx, numpy.save's bytes for .npy files. Also every
error path of run (TypeError / ValueError listing the inputs) and of load (nnx.Error
subclasses with nnx's message)."""
import pathlib

import numpy as np
import pytest

import nnx

REPO = pathlib.Path(__file__).resolve().parents[2]
DIGITS = REPO / "examples" / "digits"
ONNX = REPO / "tests" / "data" / "onnx"


@pytest.fixture(scope="module")
def digits():
    return nnx.load(DIGITS / "model")


def relu_add_bias():
    """b of relu_add_batch.onnx (y = relu(x) + b), from its numpy expectation."""
    x3 = np.load(ONNX / "x_3x4.npy")
    return (np.load(ONNX / "relu_add_3x4_expected.npy") - np.maximum(x3, 0))[0]


def test_digits_against_pytorch(digits):
    images = np.load(DIGITS / "test_images.npy").astype(np.float32)
    want = np.load(DIGITS / "torch_probabilities.npy")
    labels = np.load(DIGITS / "torch_predictions.npy")
    assert [tuple(i) for i in digits.inputs] == [("input", np.dtype("float32"), (1, 1, 8, 8))]
    assert digits.inputs[0].name == "input" and digits.inputs[0].shape == (1, 1, 8, 8)
    assert digits.outputs[0].shape == (1, 10)
    for i in range(len(images)):
        got = digits.run({"input": images[i : i + 1]})["output"]
        assert got.shape == (1, 10) and got.dtype == np.float32
        np.testing.assert_allclose(got[0], want[i], rtol=1e-4, atol=1e-6)
        assert got[0].argmax() == labels[i]


def test_run_forms_and_layouts(digits):
    x = np.load(DIGITS / "sample.npy")
    ref = digits.run({"input": x})["output"]
    assert ref.argmax() == 7
    np.testing.assert_array_equal(digits.run(x)["output"], ref)
    np.testing.assert_array_equal(digits.run(x, outputs=["output"])["output"], ref)
    # Not C-contiguous (a transposed copy viewed back), and misaligned: both are copied.
    strided = np.asfortranarray(x)
    assert not strided.flags.c_contiguous
    np.testing.assert_array_equal(digits.run(strided)["output"], ref)
    raw = np.zeros(x.nbytes + 1, np.uint8)
    misaligned = np.frombuffer(raw.data, np.float32, x.size, offset=1).reshape(x.shape)
    misaligned[...] = x
    np.testing.assert_array_equal(digits.run(misaligned)["output"], ref)
    # A nested list is converted to the input's dtype.
    np.testing.assert_allclose(digits.run(x.tolist())["output"], ref)
    # Results are fresh arrays the caller owns.
    out = digits.run(x)["output"]
    assert out.flags.c_contiguous and out.flags.writeable and out.flags.owndata


def test_run_errors_name_the_inputs(digits):
    x = np.load(DIGITS / "sample.npy")
    with pytest.raises(TypeError, match=r"input 'input' must be float32, not float64"):
        digits.run(x.astype(np.float64))
    with pytest.raises(ValueError, match=r"input 'input' must be float32\[1,1,8,8\], not float32\[1,1,4,16\]"):
        digits.run(x.reshape(1, 1, 4, 16))
    with pytest.raises(ValueError, match=r"'image' is not an input; the inputs are input: float32\[1,1,8,8\]"):
        digits.run({"image": x})
    with pytest.raises(ValueError, match=r"input 'input' is missing; the inputs are input: float32\[1,1,8,8\]"):
        digits.run({})
    with pytest.raises(ValueError, match=r"2 inputs given, the graph takes 1"):
        digits.run(x, x)
    with pytest.raises(ValueError, match=r"'logits' is not an output; the outputs are output"):
        digits.run(x, outputs=["logits"])
    with pytest.raises(TypeError, match=r"input names must be str"):
        digits.run({1: x})


def test_symbolic_dimensions():
    m = nnx.load(ONNX / "relu_add_batch.onnx")
    assert m.inputs[0].shape == ("batch", 4)
    assert m.outputs[0].shape == ("batch", 4)
    b = relu_add_bias()
    for batch in (1, 3, 5):
        x = np.linspace(-2, 2, batch * 4, dtype=np.float32).reshape(batch, 4)
        np.testing.assert_array_equal(m.run(x)["y"], np.maximum(x, 0) + b)
    with pytest.raises(ValueError, match=r"input 'x' must be float32\[batch,4\], not float32\[2,5\]"):
        m.run(np.zeros((2, 5), np.float32))
    # Bound at load: the model is fixed-shape.
    fixed = nnx.load(ONNX / "relu_add_batch.onnx", input_shapes={"x": [2, 4]})
    assert fixed.inputs[0].shape == (2, 4)
    assert nnx.load(ONNX / "relu_add_batch.onnx", dims={"batch": 3}).inputs[0].shape == (3, 4)


def test_shared_symbol_mismatch_is_reported():
    m = nnx.load(ONNX / "relu_add_pair.onnx")
    x = np.ones((2, 3), np.float32)
    np.testing.assert_array_equal(m.run(x, np.full((2, 1), 0.5, np.float32))["y"], x + 0.5)
    with pytest.raises(nnx.InvalidArgumentError, match="batch"):
        m.run(x, np.ones((3, 1), np.float32))


def test_staged_model_outputs_depend_on_data():
    m = nnx.load(ONNX / "data_shapes" / "nonzero_gather.onnx")
    assert m.staged_reason and "NonZero" in m.staged_reason
    for x in ([1, -2, 3, -4, 5, 0], [-1, -2, -3, -4, 5, 0]):
        x = np.array(x, np.float32)
        out = m.run(x)
        np.testing.assert_array_equal(out["y"], x[x > 0] * 2)
        np.testing.assert_array_equal(out["n"], [np.count_nonzero(x > 0)])
    unbound = nnx.load(ONNX / "data_shapes" / "unbound_nonzero.onnx")
    x = np.array([0.5, -1, 2, 0, 3], np.float32)
    np.testing.assert_array_equal(unbound.run(x)["idx"], np.array(np.nonzero(x > 0), np.int64))


def test_load_errors(tmp_path):
    with pytest.raises(nnx.FileError) as e:
        nnx.load(tmp_path / "absent.onnx")
    assert isinstance(e.value, OSError) and e.value.status == "NNX_ERROR_IO"
    assert "absent.onnx" in str(e.value)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "graph.nnef").write_text("version 1.0;\ngraph g( x ) -> ( y )\n{\n  x = external(shape = [1]);\n  y = relu(x\n}\n")
    with pytest.raises(nnx.ParseError, match=r"graph\.nnef:6:1: error"):
        nnx.load(broken)
    with pytest.raises(nnx.InvalidArgumentError, match="nope"):
        nnx.load(ONNX / "relu_add_batch.onnx", input_shapes={"nope": [1, 4]})
    with pytest.raises(nnx.NotSupportedError):
        nnx.load(ONNX / "unsupported.onnx")
    with pytest.raises(TypeError):
        nnx.load(ONNX / "relu_add_batch.onnx", input_shapes={"x": "14"})
    with pytest.raises(ValueError):
        nnx.load(ONNX / "relu_add_batch.onnx", dims={"batch": 0})


def test_load_limits(tmp_path):
    """A limit broken raises NotSupportedError naming the field; raising it loads the file.
    relu_add_batch.onnx nests 7 deep (model, graph, input, type, tensor type, shape, dimension),
    so max_depth 6 refuses it."""
    model = ONNX / "relu_add_batch.onnx"
    with pytest.raises(nnx.NotSupportedError, match=r"nest more than 6 deep .*nnx_model_options\.max_depth"):
        nnx.load(model, limits={"max_depth": 6})
    x = np.load(ONNX / "x_3x4.npy")
    got = nnx.load(model, limits={"max_depth": 7}).run({"x": x})["y"]
    np.testing.assert_allclose(got, np.load(ONNX / "relu_add_3x4_expected.npy"), rtol=1e-6)
    with pytest.raises(nnx.NotSupportedError, match="max_depth"):
        nnx.convert(model, tmp_path / "out.onnx", limits={"max_depth": 6})
    assert not (tmp_path / "out.onnx").exists()
    with pytest.raises(ValueError, match="unknown limit 'depth'"):
        nnx.load(model, limits={"depth": 5})
    with pytest.raises(ValueError, match=r"limits\['max_names'\] must be an int from 1 to 4294967295"):
        nnx.load(model, limits={"max_names": 2**32})
    with pytest.raises(ValueError, match=r"limits\['max_elements'\]"):
        nnx.load(model, limits={"max_elements": 0})
    with pytest.raises(TypeError):
        nnx.load(model, limits=[("max_depth", 5)])


@pytest.mark.parametrize("ending", ["saved.tgz", "saved_folder", "saved.tosa", "graph.json"])
def test_save_and_convert_round_trip(tmp_path, digits, ending):
    x = np.load(DIGITS / "sample.npy")
    want = digits.run(x)["output"]
    for kind in ("saved", "converted"):
        (tmp_path / kind).mkdir()
    digits.save(tmp_path / "saved" / ending)
    nnx.convert(DIGITS / "model", tmp_path / "converted" / ending)
    for kind in ("saved", "converted"):
        got = nnx.load(tmp_path / kind / ending).run(x)["output"]
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-7)


def test_convert_onnx_with_shapes(tmp_path):
    nnx.convert(ONNX / "relu_add_batch.onnx", tmp_path / "m.tgz", input_shapes={"x": [3, 4]})
    m = nnx.load(tmp_path / "m.tgz")
    x3 = np.load(ONNX / "x_3x4.npy")
    np.testing.assert_array_equal(m.run(x3)[m.outputs[0].name], np.load(ONNX / "relu_add_3x4_expected.npy"))


def test_model_introspection(digits):
    assert "conv" in digits.ops and "softmax" in digits.ops
    count, size = digits.parameters
    assert count == 8 * 9 + 8 + 16 * 8 * 9 + 16 + 640 + 10 and size == 4 * count
    assert digits.staged_reason is None
    assert digits.dot().startswith("digraph")
    assert "Model(" in repr(digits) and "input: float32[1,1,8,8]" in repr(digits)
    assert digits.graph.inputs == digits.inputs


def test_tensor_files(tmp_path):
    a = np.arange(24, dtype=np.int16).reshape(2, 3, 4)
    nnx.save_tensor(tmp_path / "a.npy", a)
    np.save(tmp_path / "numpy.npy", a)
    assert (tmp_path / "a.npy").read_bytes() == (tmp_path / "numpy.npy").read_bytes()
    np.testing.assert_array_equal(nnx.load_tensor(tmp_path / "numpy.npy"), a)
    f = np.linspace(-1, 1, 10, dtype=np.float32)
    nnx.save_tensor(tmp_path / "f.dat", f)
    back = nnx.load_tensor(tmp_path / "f.dat")
    assert back.dtype == np.float32
    np.testing.assert_array_equal(back, f)
    w = nnx.load_tensor(DIGITS / "model" / "conv1" / "weight.dat")
    assert w.shape == (8, 1, 3, 3) and w.dtype == np.float32
    with pytest.raises(nnx.FileError):
        nnx.load_tensor(tmp_path / "absent.npy")
    (tmp_path / "bad.npy").write_bytes(b"not a npy file")
    with pytest.raises(nnx.InvalidModelError):
        nnx.load_tensor(tmp_path / "bad.npy")
    # issue 26: big-endian and Fortran-order .npy come back as numpy's values, .pb too
    np.save(tmp_path / "be.npy", np.asfortranarray(a.astype(">i2")))
    back = nnx.load_tensor(tmp_path / "be.npy")
    assert back.dtype == np.int16
    np.testing.assert_array_equal(back, a)
    onnx = pytest.importorskip("onnx.numpy_helper")
    (tmp_path / "t.pb").write_bytes(onnx.from_array(f, "t").SerializeToString())
    np.testing.assert_array_equal(nnx.load_tensor(tmp_path / "t.pb"), f)


def test_values_at_load():
    """nnx.load(values=...): an If on an input folds at load (ONNX Operators, If), a sequence
    input takes its elements as s[0], s[1], ... (ConcatFromSequence along axis 0)."""
    path = ONNX / "data_shapes" / "if_branch_shapes.onnx"
    x = np.array([-1.5, 2, 4], np.float32)
    assert nnx.load(path).staged_reason  # without c's value the branch is chosen at run time
    then = nnx.load(path, values={"c": np.array([True])})
    assert then.staged_reason is None and [i.name for i in then.inputs] == ["x"]
    np.testing.assert_array_equal(then.run({"x": x})["out"], np.maximum(x, 0))
    other = nnx.load(path, values={"c": np.array([False])})
    np.testing.assert_array_equal(other.run(x)["out"], [x.sum()])
    seq = nnx.load(ONNX / "sequence" / "seq_io.onnx", values={"s": [np.zeros(2, np.float32)] * 3})
    assert [i.name for i in seq.inputs] == ["s[0]", "s[1]", "s[2]"]
    parts = [np.array([1, 2], np.float32), np.array([3, 4], np.float32), np.array([5, 6], np.float32)]
    out = seq.run({"s": parts})  # a list for a sequence input is spread over its elements
    np.testing.assert_array_equal(out["y"], np.concatenate(parts))
    with pytest.raises(nnx.InvalidArgumentError, match="take no input values"):
        nnx.load(DIGITS / "model", values={"input": np.zeros((1, 1, 8, 8), np.float32)})
    with pytest.raises(TypeError, match="values must be a dict"):
        nnx.load(path, values=[1])


def test_types_numpy_lacks_travel_as_storage():
    """bfloat16 is given and returned as its uint16 bits (docs/decisions/python.md PY12)."""
    ctx = nnx.ml.create_context(threads=1)
    b = nnx.ml.MLGraphBuilder(ctx)
    x = b.input("x", "bfloat16", [3])
    assert x.dtype == "bfloat16"
    g = b.build({"f": b.cast(x, "float32"), "twice": x + x})
    bits = np.array([0x3F80, 0xC000, 0x4049], np.uint16)  # 1.0, -2.0, 3.140625
    out = ctx.compute(g, {"x": bits})
    np.testing.assert_array_equal(out["f"], [1.0, -2.0, 3.140625])
    assert out["twice"].dtype == np.uint16
    np.testing.assert_array_equal(out["twice"], [0x4000, 0xC080, 0x40C9])  # 2.0, -4.0, 6.28125
    assert g.inputs[0].dtype == "bfloat16"
    with pytest.raises(TypeError, match="bfloat16, which NumPy lacks: give its raw storage as uint16, not float32"):
        ctx.compute(g, {"x": np.ones(3, np.float32)})


def test_save_refusals_and_force(tmp_path, digits):
    """The saving rules of nnx.h: unknown endings refused with the list of known ones, a full
    folder refused unless force=True, which replaces it whole."""
    with pytest.raises(nnx.NotSupportedError, match=r"\.zip"):
        digits.save(tmp_path / "out.zip")
    target = tmp_path / "model"
    target.mkdir()
    (target / "stray.txt").write_text("old")
    with pytest.raises(nnx.InvalidArgumentError, match="model"):
        digits.save(target)
    with pytest.raises(nnx.InvalidArgumentError):
        nnx.convert(DIGITS / "model", target)
    assert (target / "stray.txt").exists()
    digits.save(target, force=True)
    assert not (target / "stray.txt").exists() and (target / "graph.nnef").exists()
    nnx.convert(DIGITS / "model", target, force=True)
    x = np.load(DIGITS / "sample.npy")
    np.testing.assert_allclose(nnx.load(target).run(x)["output"], digits.run(x)["output"], rtol=1e-6)
