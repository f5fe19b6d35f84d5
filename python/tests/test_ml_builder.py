"""test_ml_builder.py — MLGraphBuilder's operation methods against NumPy results written
independently of nnx (a convolution loop, gemm's formula, split points, normalizations, a
GRU step), and the argument contract: options are keyword-only with WebNN's names in
snake_case, an unknown keyword or a wrong argument type is a TypeError, an invalid shape is
nnx.InvalidArgumentError carrying nnx's message, and the builder's first error is sticky."""
import inspect
import math

import numpy as np
import pytest

import nnx
from nnx import ml

RNG = np.random.default_rng(7)


def rand(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


@pytest.fixture()
def b():
    return ml.MLGraphBuilder(ml.create_context(threads=1))


def run(builder, outputs, **feeds):
    """Builds {name: operand} (or one operand, named 'y') and runs it on feeds."""
    named = outputs if isinstance(outputs, dict) else {"y": outputs}
    graph = builder.build(named)
    result = builder.context.compute(graph, feeds)
    return result if isinstance(outputs, dict) else result["y"]


# ------------------------------------------------------------------ element-wise, reductions


def test_unary_and_binary_families(b):
    x, y = rand(2, 3), rand(3)
    xo, yo = b.input("x", "float32", [2, 3]), b.input("y", "float32", [3])
    out = run(
        b,
        {
            "abs": b.abs(xo),
            "exp": b.exp(xo, label="e"),
            "add": b.add(xo, yo),
            "max": b.max(xo, yo),
            "greater": b.greater(xo, yo),
            "not": b.logical_not(b.greater(xo, yo)),
        },
        x=x,
        y=y,
    )
    np.testing.assert_array_equal(out["abs"], np.abs(x))
    np.testing.assert_allclose(out["exp"], np.exp(x), rtol=1e-6)
    np.testing.assert_allclose(out["add"], x + y, rtol=1e-7)
    np.testing.assert_array_equal(out["max"], np.maximum(x, y))
    assert out["greater"].dtype == np.uint8
    np.testing.assert_array_equal(out["greater"], (x > y).astype(np.uint8))
    np.testing.assert_array_equal(out["not"], (x <= y).astype(np.uint8))


def test_activations_with_number_options(b):
    x = np.array([-3.0, -0.5, 0.0, 0.25, 2.0, 7.0], np.float32)
    xo = b.input("x", "float32", [6])
    out = run(
        b,
        {
            "clamp": b.clamp(xo, min_value=-1, max_value=1.5),
            "lower_only": b.clamp(xo, min_value=0.0),
            "leaky": b.leaky_relu(xo, alpha=0.5),
            "hard": b.hard_sigmoid(xo, alpha=0.25, beta=0.5),
            "linear": b.linear(xo, alpha=2, beta=-1),
            "elu": b.elu(xo),
        },
        x=x,
    )
    np.testing.assert_array_equal(out["clamp"], np.clip(x, -1, 1.5))
    np.testing.assert_array_equal(out["lower_only"], np.maximum(x, 0))
    np.testing.assert_array_equal(out["leaky"], np.where(x < 0, 0.5 * x, x))
    np.testing.assert_allclose(out["hard"], np.clip(0.25 * x + 0.5, 0, 1))
    np.testing.assert_allclose(out["linear"], 2 * x - 1)
    np.testing.assert_allclose(out["elu"], np.where(x > 0, x, np.expm1(x)), rtol=1e-6)


def test_clamp_infinite_and_nan_bounds(b):
    x = np.array([-np.inf, -2, 0, 3, np.inf], np.float32)
    xo = b.input("x", "float32", [5])
    out = run(b, {"a": b.clamp(xo, min_value=-math.inf, max_value=1.0), "b": b.clamp(xo, max_value=math.nan)}, x=x)
    np.testing.assert_array_equal(out["a"], np.minimum(x, 1))
    np.testing.assert_array_equal(out["b"], x)  # a NaN bound is no bound


def test_reductions(b):
    x = rand(2, 3, 4)
    xo = b.input("x", "float32", [2, 3, 4])
    out = run(
        b,
        {
            "sum": b.reduce_sum(xo, axes=[1], keep_dimensions=True),
            "mean": b.reduce_mean(xo),
            "max": b.reduce_max(xo, axes=[0, 2]),
            "l2": b.reduce_l2(xo, axes=[2]),
            "none": b.reduce_sum(xo, axes=[]),
        },
        x=x,
    )
    np.testing.assert_allclose(out["sum"], x.sum(axis=1, keepdims=True), rtol=1e-5)
    assert out["mean"].shape == ()
    np.testing.assert_allclose(out["mean"], x.mean(), rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(out["max"], x.max(axis=(0, 2)))
    np.testing.assert_allclose(out["l2"], np.sqrt((x.astype(np.float64) ** 2).sum(axis=2)), rtol=1e-5)
    np.testing.assert_array_equal(out["none"], x)


# ------------------------------------------------------------------ convolution, gemm, pooling


def conv2d_reference(x, w, bias, pad, stride, dilation, groups):
    """Direct NCHW / OIHW convolution loop in float64."""
    n, c, h, wd = x.shape
    o, cg, kh, kw = w.shape
    xp = np.zeros((n, c, h + pad[0] + pad[1], wd + pad[2] + pad[3]))
    xp[:, :, pad[0] : pad[0] + h, pad[2] : pad[2] + wd] = x
    oh = (xp.shape[2] - dilation[0] * (kh - 1) - 1) // stride[0] + 1
    ow = (xp.shape[3] - dilation[1] * (kw - 1) - 1) // stride[1] + 1
    out = np.zeros((n, o, oh, ow))
    per_group = o // groups
    for k in range(o):
        g = k // per_group
        for i in range(oh):
            for j in range(ow):
                for ci in range(cg):
                    for a in range(kh):
                        for bb in range(kw):
                            out[:, k, i, j] += (
                                xp[:, g * cg + ci, i * stride[0] + a * dilation[0], j * stride[1] + bb * dilation[1]]
                                * w[k, ci, a, bb]
                            )
    return out + (0 if bias is None else bias[None, :, None, None])


def test_conv2d_matches_a_numpy_loop(b):
    x, w, bias = rand(1, 4, 7, 6), rand(6, 2, 3, 2), rand(6)
    xo = b.input("x", "float32", x.shape)
    y = b.conv2d(
        xo,
        b.constant(w),
        padding=[1, 2, 0, 1],
        strides=[2, 1],
        dilations=[1, 2],
        groups=2,
        bias=b.constant(bias),
        label="conv",
    )
    want = conv2d_reference(x, w, bias, [1, 2, 0, 1], [2, 1], [1, 2], 2)
    assert y.shape == want.shape
    np.testing.assert_allclose(run(b, y, x=x), want, rtol=1e-5, atol=1e-5)


def test_conv2d_nhwc_and_hwio_layouts(b):
    x, w = rand(1, 5, 5, 3), rand(3, 3, 3, 4)  # NHWC input, HWIO filter
    y = b.conv2d(b.input("x", "float32", x.shape), b.constant(w), input_layout="nhwc", filter_layout="hwio")
    want = conv2d_reference(x.transpose(0, 3, 1, 2), w.transpose(3, 2, 0, 1), None, [0] * 4, [1, 1], [1, 1], 1)
    np.testing.assert_allclose(run(b, y, x=x), want.transpose(0, 2, 3, 1), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(
    "options",
    [{}, {"alpha": 0.5}, {"beta": 2.0, "c": True}, {"a_transpose": True, "b_transpose": True, "c": True, "alpha": -1}],
)
def test_gemm_options(b, options):
    a, bm, c = rand(3, 4), rand(4, 5), rand(5)
    kwargs = dict(options)
    at, bt = kwargs.get("a_transpose", False), kwargs.get("b_transpose", False)
    a_in, b_in = (a.T.copy() if at else a), (bm.T.copy() if bt else bm)
    if kwargs.pop("c", False):
        kwargs["c"] = b.constant(c)
    y = b.gemm(b.input("a", "float32", a_in.shape), b.constant(b_in), **kwargs)
    want = options.get("alpha", 1.0) * (a.astype(np.float64) @ bm)
    if options.get("c"):
        want = want + options.get("beta", 1.0) * c
    np.testing.assert_allclose(run(b, y, a=a_in), want, rtol=1e-5, atol=1e-5)


def test_pooling_family(b):
    x = rand(1, 2, 5, 5)
    xo = b.input("x", "float32", x.shape)
    out = run(
        b,
        {
            "max": b.max_pool2d(xo, window_dimensions=[2, 2], strides=[2, 2]),
            "avg": b.average_pool2d(xo, window_dimensions=[3, 3], strides=[2, 2], rounding_type="floor"),
            "global": b.average_pool2d(xo),
            "ceil": b.max_pool2d(xo, window_dimensions=[2, 2], strides=[2, 2], output_shape_rounding="ceil"),
        },
        x=x,
    )
    want_max = x[:, :, :4, :4].reshape(1, 2, 2, 2, 2, 2).max(axis=(3, 5))
    np.testing.assert_array_equal(out["max"], want_max)
    want_avg = np.array([[x[0, c, i : i + 3, j : j + 3].mean() for i in (0, 2) for j in (0, 2)] for c in range(2)])
    np.testing.assert_allclose(out["avg"].reshape(2, 4), want_avg, rtol=1e-5)
    np.testing.assert_allclose(out["global"], x.mean(axis=(2, 3), keepdims=True), rtol=1e-5)
    assert out["ceil"].shape == (1, 2, 3, 3)


# ------------------------------------------------------------------ shapes and indexing


def test_split_returns_a_list(b):
    x = rand(2, 6)
    xo = b.input("x", "float32", x.shape)
    parts = b.split(xo, [1, 2, 3], axis=1)
    equal = b.split(xo, 3, axis=1)
    assert isinstance(parts, list) and [p.shape for p in parts] == [(2, 1), (2, 2), (2, 3)]
    assert isinstance(equal, list) and len(equal) == 3
    out = run(b, {"p1": parts[1], "e2": equal[2]}, x=x)
    np.testing.assert_array_equal(out["p1"], x[:, 1:3])
    np.testing.assert_array_equal(out["e2"], x[:, 4:6])


def test_data_movement(b):
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    xo = b.input("x", "float32", x.shape)
    out = run(
        b,
        {
            "t": b.transpose(xo, permutation=[2, 0, 1]),
            "r": b.reshape(xo, [4, 6]),
            "c": b.concat([xo, xo], 1),
            "s": b.slice(xo, [0, 1, 0], [2, 2, 4], strides=[1, 1, 2]),
            "p": b.pad(xo, [0, 1, 2], [0, 0, 1], mode="reflection"),
            "k": b.pad(xo, [1, 0, 0], [0, 0, 0], value=-5),
            "tile": b.tile(xo, [1, 2, 1]),
            "e": b.expand(b.reshape(xo, [2, 3, 4, 1]), [2, 3, 4, 2]),
            "rev": b.reverse(xo, axes=[2]),
            "cum": b.cumulative_sum(xo, 2, exclusive=True),
            "tri": b.triangular(b.reshape(xo, [4, 6]), upper=False, diagonal=1),
            "arg": b.arg_max(xo, 2, keep_dimensions=True, output_data_type="int64"),
        },
        x=x,
    )
    np.testing.assert_array_equal(out["t"], x.transpose(2, 0, 1))
    np.testing.assert_array_equal(out["r"], x.reshape(4, 6))
    np.testing.assert_array_equal(out["c"], np.concatenate([x, x], 1))
    np.testing.assert_array_equal(out["s"], x[0:2, 1:3, 0:4:2])
    np.testing.assert_array_equal(out["p"], np.pad(x, [(0, 0), (1, 0), (2, 1)], mode="reflect"))
    np.testing.assert_array_equal(out["k"], np.pad(x, [(1, 0), (0, 0), (0, 0)], constant_values=-5))
    np.testing.assert_array_equal(out["tile"], np.tile(x, (1, 2, 1)))
    np.testing.assert_array_equal(out["e"], np.broadcast_to(x[..., None], (2, 3, 4, 2)))
    np.testing.assert_array_equal(out["rev"], x[:, :, ::-1])
    np.testing.assert_array_equal(out["cum"], np.cumsum(x, axis=2) - x)
    np.testing.assert_array_equal(out["tri"], np.tril(x.reshape(4, 6), 1))
    assert out["arg"].dtype == np.int64
    np.testing.assert_array_equal(out["arg"], np.full((2, 3, 1), 3))


def test_gather_scatter_where(b):
    x = rand(4, 3)
    idx = np.array([3, 0, -1], np.int32)
    xo = b.input("x", "float32", x.shape)
    ind = b.constant(idx)
    cond = np.array([[1], [0], [1], [0]], np.uint8)
    out = run(
        b,
        {
            "g": b.gather(xo, ind),
            "g1": b.gather(xo, b.constant(np.array([2, 0], np.int64)), axis=1),
            "s": b.scatter_nd(xo, b.constant(np.array([[1]], np.int32)), b.constant(np.zeros((1, 3), np.float32))),
            "w": b.where(b.constant(cond), xo, b.constant(np.float32(0).reshape(()))),
        },
        x=x,
    )
    np.testing.assert_array_equal(out["g"], x[[3, 0, 3]])
    np.testing.assert_array_equal(out["g1"], x[:, [2, 0]])
    want = x.copy()
    want[1] = 0
    np.testing.assert_array_equal(out["s"], want)
    np.testing.assert_array_equal(out["w"], np.where(cond != 0, x, 0))


def test_cast_and_quantize(b):
    x = np.array([-2.7, -0.5, 0.5, 1.5, 300.0], np.float32)
    xo = b.input("x", "float32", x.shape)
    scale, zero = b.constant(np.full(5, 0.5, np.float32)), b.constant(np.zeros(5, np.uint8))
    q = b.quantize_linear(xo, scale, zero)
    out = run(b, {"i": b.cast(xo, np.int32), "h": b.cast(xo, "float16"), "q": q,
                  "d": b.dequantize_linear(q, scale, zero)}, x=x)
    np.testing.assert_array_equal(out["i"], np.trunc(x).astype(np.int32))
    assert out["h"].dtype == np.float16
    np.testing.assert_array_equal(out["q"], np.clip(np.round(x / 0.5), 0, 255).astype(np.uint8))
    np.testing.assert_array_equal(out["d"], out["q"] * np.float32(0.5))


# ------------------------------------------------------------------ normalization, recurrent


def test_normalizations(b):
    x, scale, bias = rand(2, 3, 4), rand(4), rand(4)
    xo = b.input("x", "float32", x.shape)
    mean, var = rand(3), np.abs(rand(3)) + 0.5
    out = run(
        b,
        {
            "layer": b.layer_normalization(xo, axes=[2], scale=b.constant(scale), bias=b.constant(bias), epsilon=1e-3),
            "batch": b.batch_normalization(xo, b.constant(mean), b.constant(var), axis=1),
        },
        x=x,
    )
    m, v = x.mean(axis=2, keepdims=True), x.var(axis=2, keepdims=True)
    np.testing.assert_allclose(out["layer"], (x - m) / np.sqrt(v + 1e-3) * scale + bias, rtol=1e-4, atol=1e-5)
    want = (x - mean[None, :, None]) / np.sqrt(var[None, :, None] + 1e-5)
    np.testing.assert_allclose(out["batch"], want, rtol=1e-5, atol=1e-6)


def sigmoid(v):
    return 1 / (1 + np.exp(-v))


def test_gru_cell_matches_numpy(b):
    batch, inp, h = 2, 3, 4
    x, w, r, h0 = rand(batch, inp), rand(3 * h, inp), rand(3 * h, h), rand(batch, h)
    bias, rbias = rand(3 * h), rand(3 * h)
    y = b.gru_cell(
        b.input("x", "float32", x.shape),
        b.constant(w),
        b.constant(r),
        b.constant(h0),
        h,
        bias=b.constant(bias),
        recurrent_bias=b.constant(rbias),
        activations=["sigmoid", "tanh"],
    )
    assert not isinstance(y, list)
    # WebNN gruCell, layout zrn, resetAfter true.
    gx, gh = x @ w.T + bias, h0 @ r.T + rbias
    z = sigmoid(gx[:, :h] + gh[:, :h])
    rr = sigmoid(gx[:, h : 2 * h] + gh[:, h : 2 * h])
    n = np.tanh(gx[:, 2 * h :] + rr * gh[:, 2 * h :])
    np.testing.assert_allclose(run(b, y, x=x), z * h0 + (1 - z) * n, rtol=1e-4, atol=1e-5)


def test_lstm_returns_lists(b):
    steps, batch, inp, h = 3, 1, 2, 3
    xo = b.input("x", "float32", [steps, batch, inp])
    outs = b.lstm(xo, b.constant(rand(1, 4 * h, inp)), b.constant(rand(1, 4 * h, h)), steps, h, return_sequence=True)
    assert [o.shape for o in outs] == [(1, batch, h), (1, batch, h), (steps, 1, batch, h)]
    cell = b.lstm_cell(
        b.input("c", "float32", [batch, inp]),
        b.constant(rand(4 * h, inp)),
        b.constant(rand(4 * h, h)),
        b.constant(np.zeros((batch, h), np.float32)),
        b.constant(np.zeros((batch, h), np.float32)),
        h,
        layout="ifgo",
    )
    assert len(cell) == 2
    grus = b.gru(xo, b.constant(rand(2, 3 * h, inp)), b.constant(rand(2, 3 * h, h)), steps, h, direction="both")
    assert len(grus) == 1 and grus[0].shape == (2, batch, h)


# ------------------------------------------------------------------ the argument contract


def test_unknown_keyword_is_a_type_error(b):
    x = b.input("x", "float32", [1, 1, 3, 3])
    with pytest.raises(TypeError, match="unexpected keyword argument 'paddings'"):
        b.conv2d(x, x, paddings=[1, 1, 1, 1])
    with pytest.raises(TypeError, match="'keepDimensions'"):
        b.reduce_sum(x, keepDimensions=True)  # WebNN's camelCase is not taken
    with pytest.raises(TypeError, match="'alpha'"):
        b.relu(x, alpha=0.1)


def test_options_are_keyword_only_and_positionals_checked(b):
    x = b.input("x", "float32", [2, 3])
    with pytest.raises(TypeError, match="takes 1 positional argument but 2 were given"):
        b.reduce_sum(x, [0])
    with pytest.raises(TypeError, match="missing required argument 'axis'"):
        b.softmax(x)
    assert b.softmax(x, axis=1).shape == (2, 3)  # a positional parameter by name
    assert b.transpose(x, permutation=None, label=None).shape == (3, 2)  # None: not given


def test_wrong_argument_types_are_type_errors(b):
    x = b.input("x", "float32", [2, 3])
    with pytest.raises(TypeError, match="add\\(\\): b must be an MLOperand"):
        b.add(x, np.ones((2, 3), np.float32))
    with pytest.raises(TypeError, match="bias must be an MLOperand"):
        b.conv2d(x, x, bias=[1.0])
    with pytest.raises(TypeError, match="must be an int"):
        b.softmax(x, 1.0)
    with pytest.raises(TypeError, match="padding must be a sequence of ints"):
        b.conv2d(x, x, padding="same")
    with pytest.raises(TypeError, match="keep_dimensions must be a bool"):
        b.reduce_sum(x, keep_dimensions=1)
    with pytest.raises(TypeError, match="alpha must be an int or a float"):
        b.elu(x, alpha="1")
    with pytest.raises(ValueError, match="input_layout must be one of 'nchw', 'nhwc'"):
        b.conv2d(x, x, input_layout="NCHW")
    with pytest.raises(TypeError, match="not a data type"):
        b.cast(x, object())
    with pytest.raises(TypeError, match="label must be a str"):
        b.relu(x, label=3)
    other = ml.MLGraphBuilder(b.context).input("y", "float32", [2, 3])
    with pytest.raises(nnx.InvalidArgumentError, match="another MLGraphBuilder"):
        b.add(x, other)


def test_invalid_shapes_raise_nnx_errors_and_stick(b):
    x = b.input("x", "float32", [2, 3])
    with pytest.raises(nnx.InvalidArgumentError, match="conv2d 'stem': input has rank 2") as first:
        b.conv2d(x, x, label="stem")
    # The builder's first error is sticky: every later call reports it again.
    with pytest.raises(nnx.InvalidArgumentError) as again:
        b.relu(x)
    assert str(again.value) == str(first.value)


OPERATIONS = [m for m in dir(ml.MLGraphBuilder) if not m.startswith("_") and m not in ("input", "constant", "build")]


@pytest.mark.parametrize("method", [m for m in OPERATIONS if m != "context"])
def test_every_operation_has_a_signature_and_a_docstring(method):
    function = getattr(ml.MLGraphBuilder, method)
    assert function.__doc__.startswith("WebNN ")
    parameters = inspect.signature(function).parameters
    assert list(parameters)[0] == "self" and "label" in parameters
    assert parameters["label"].kind is inspect.Parameter.KEYWORD_ONLY
