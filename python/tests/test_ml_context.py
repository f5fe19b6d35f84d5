"""test_ml_context.py — nnx.ml's context, tensors, graphs and the builder's own calls (input,
constant, build, operand arithmetic), their errors and reprs, and the public surface as a
whole: every public callable has a docstring, every exception class its status and
built-in bases (docs/decisions/python.md PY5). Oracles: numpy arithmetic and WebNN's rules
for MLOpSupportLimits and MLTensor usage."""
import inspect

import numpy as np
import pytest

import nnx


@pytest.fixture
def ctx():
    return nnx.ml.create_context(threads=1)


def test_arithmetic_matches_numpy(ctx):
    b = nnx.ml.MLGraphBuilder(ctx)
    x = b.input("x", "float32", [2, 3])
    w = b.constant(np.arange(12, dtype=np.float32).reshape(3, 4) / 7)
    y = (2.0 - x) * x / 4.0 + (-x) ** 2.0
    z = abs(x) @ w
    g = b.build({"y": y, "z": z})
    a = np.array([[-1.5, 0, 2], [3, -4, 0.25]], np.float32)
    out = ctx.compute(g, {"x": a})
    np.testing.assert_allclose(out["y"], (2 - a) * a / 4 + a**2, rtol=1e-6)
    np.testing.assert_allclose(out["z"], np.abs(a) @ (np.arange(12, dtype=np.float32).reshape(3, 4) / 7), rtol=1e-6)
    assert repr(x) == "MLOperand(float32[2,3])" and x.shape == (2, 3) and x.dtype == np.float32
    assert repr(g) == "MLGraph(inputs=[x: float32[2,3]], outputs=[y: float32[2,3], z: float32[2,4]])"
    assert repr(b) == "MLGraphBuilder(built)" and g.context is ctx


def test_constants(ctx):
    b = nnx.ml.MLGraphBuilder(ctx)
    x = b.input("x", np.int32, [3])
    half = b.constant(2.5, dtype="int32")  # WebNN's cast: round half to even
    big = b.constant(np.array([1, 2, 3], np.int32))
    t = b.constant(ctx.create_constant_tensor(np.array([10, 20, 30], np.int32)))
    g = b.build({"y": x + half + big + t})
    np.testing.assert_array_equal(ctx.compute(g, {"x": [1, 1, 1]})["y"], [1 + 2 + 1 + 10, 1 + 2 + 2 + 20, 1 + 2 + 3 + 30])
    with pytest.raises(TypeError, match="must be float32, not int64"):
        nnx.ml.MLGraphBuilder(ctx).constant(np.arange(3), dtype="float32")


def test_tensors_and_dispatch(ctx):
    b = nnx.ml.MLGraphBuilder(ctx)
    x = b.input("x", "float32", [4])
    g = b.build({"y": x * 3.0})
    tin = ctx.create_tensor("float32", [4])
    tout = ctx.create_tensor(np.float32, (4,), writable=False)
    assert repr(tout) == "MLTensor(float32[4], readable=True, writable=False)"
    ctx.write_tensor(tin, np.arange(4, dtype=np.float32))
    ctx.dispatch(g, {"x": tin}, {"y": tout})
    np.testing.assert_array_equal(ctx.read_tensor(tout), [0, 3, 6, 9])
    out = np.empty(4, np.float32)
    assert ctx.read_tensor(tout, out=out) is out
    np.testing.assert_array_equal(out, [0, 3, 6, 9])
    with pytest.raises(nnx.InvalidArgumentError, match="not writable"):
        ctx.write_tensor(tout, np.zeros(4, np.float32))
    with pytest.raises(ValueError, match=r"the data is float32\[5\], the tensor float32\[4\]"):
        ctx.write_tensor(tin, np.zeros(5, np.float32))
    with pytest.raises(TypeError, match="must be float32, not float64"):
        ctx.write_tensor(tin, np.zeros(4))
    with pytest.raises(nnx.InvalidArgumentError):
        ctx.dispatch(g, {"x": tin}, {"wrong": tout})
    tin.destroy()
    assert "destroyed" in repr(tin)
    with pytest.raises(nnx.InvalidStateError, match="destroyed"):
        ctx.read_tensor(tin)
    with pytest.raises(TypeError, match="live MLTensor"):
        ctx.dispatch(g, {"x": tin}, {"y": tout})
    other = nnx.ml.create_context(threads=1)
    with pytest.raises(nnx.InvalidArgumentError, match="another MLContext"):
        other.read_tensor(tout)
    with pytest.raises(nnx.InvalidArgumentError, match="another MLContext"):
        other.compute(g, {"x": np.zeros(4, np.float32)})


def test_builder_errors_are_sticky(ctx):
    b = nnx.ml.MLGraphBuilder(ctx)
    x = b.input("x", "float32", [2, 3])
    w = b.input("w", "float32", [4, 5])
    with pytest.raises(nnx.InvalidArgumentError, match="matmul") as first:
        x @ w
    assert isinstance(first.value, TypeError) and isinstance(first.value, ValueError)
    with pytest.raises(nnx.InvalidArgumentError, match="matmul"):  # the same error again
        b.input("z", "float32", [1])
    assert repr(b) == "MLGraphBuilder(failed)"
    b2 = nnx.ml.MLGraphBuilder(ctx)
    with pytest.raises(nnx.InvalidArgumentError, match="another MLGraphBuilder"):
        b2.input("y", "float32", [2, 3]) + x
    with pytest.raises(TypeError, match="MLOperand"):
        b2.build({"y": 1})
    with pytest.raises(TypeError, match="non-empty dict"):
        b2.build({})
    y = b2.input("v", "float32", [2])
    b2.build({"out": y * 2.0})
    with pytest.raises(nnx.InvalidStateError, match="builds once"):
        b2.build({"out": y})
    with pytest.raises(TypeError, match="not a data type"):
        nnx.ml.MLGraphBuilder(ctx).input("x", object(), [1])
    with pytest.raises(TypeError, match="'float8' is not a data type nnx has"):
        nnx.ml.MLGraphBuilder(ctx).input("x", "float8", [1])
    with pytest.raises(ValueError, match="rank 9"):
        nnx.ml.MLGraphBuilder(ctx).input("x", "float32", [1] * 9)
    with pytest.raises(ValueError, match="dimension 0 is -1"):
        nnx.ml.MLGraphBuilder(ctx).input("x", "float32", [-1])


def test_compute_errors(ctx):
    b = nnx.ml.MLGraphBuilder(ctx)
    g = b.build({"y": b.input("x", "float32", [2]) + 1.0})
    with pytest.raises(ValueError, match=r"input 'x' is missing; the inputs are x: float32\[2\]"):
        ctx.compute(g, {})
    with pytest.raises(TypeError, match="MLGraph"):
        ctx.compute("g", {})
    with pytest.raises(TypeError, match="only keyword argument is outputs"):
        ctx.compute(g, x=np.zeros(2, np.float32))


def test_op_support_limits(ctx):
    limits = ctx.op_support_limits()
    assert limits["preferredInputLayout"] == "nchw"
    assert limits["maxTensorByteLength"] > 0
    assert "float32" in limits["input"]["dataTypes"]
    assert limits["conv2d"]["input"]["rankRange"] == {"min": 4, "max": 4}
    assert "float32" in limits["averagePool2d"]["input"]["dataTypes"]
    assert "int32" not in limits["conv2d"]["filter"]["dataTypes"]


def test_exception_classes():
    bases = {
        nnx.InvalidArgumentError: (TypeError, ValueError),
        nnx.InvalidStateError: (RuntimeError,),
        nnx.OutOfMemoryError: (MemoryError,),
        nnx.NotSupportedError: (NotImplementedError,),
        nnx.OperationError: (RuntimeError,),
        nnx.UnknownError: (RuntimeError,),
        nnx.FileError: (OSError,),
        nnx.ParseError: (ValueError,),
        nnx.InvalidModelError: (ValueError,),
    }
    for cls, builtins in bases.items():
        assert issubclass(cls, nnx.Error) and all(issubclass(cls, b) for b in builtins)
        assert cls.status.startswith("NNX_ERROR_") and cls.__doc__


def public_callables():
    for module in (nnx, nnx.ml, nnx.tosa):
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if callable(obj):
                yield f"{module.__name__}.{name}", obj
            if inspect.isclass(obj) and not issubclass(obj, BaseException):
                for attr, member in vars(obj).items():
                    if not attr.startswith("_"):
                        yield f"{module.__name__}.{name}.{attr}", member


def test_every_public_callable_has_a_docstring():
    missing = [name for name, obj in public_callables() if not (getattr(obj, "__doc__", None) or "").strip()]
    assert not missing, missing
