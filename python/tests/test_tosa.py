"""test_tosa.py — nnx.tosa.Session: operators checked against NumPy written from the TOSA 1.0
pseudocode (ADD's broadcast §2.5.1, RESCALE's apply_scale_32 §2.13.2 / §1.8, CONV2D with zero
points §2.3.3, CLAMP, REDUCE_SUM, TRANSPOSE, RESHAPE with CONST_SHAPE, RFFT2D, COND_IF and
WHILE_LOOP with Python sub-graphs, variables), the ERROR_IF and profile failures, keyword
errors, the generic add(), and a graph saved as .tosa and loaded back with nnx.load."""
import numpy as np
import pytest

import nnx
from nnx import tosa


@pytest.fixture
def ctx():
    return nnx.ml.create_context(threads=1)


def session(ctx, **kwargs):
    b = nnx.ml.MLGraphBuilder(ctx)
    return b, tosa.Session(b, **kwargs)


def run(ctx, b, outputs, inputs):
    g = b.build(outputs)
    return g, ctx.compute(g, inputs)


# ---------------------------------------------------------------- references from the spec

def apply_scale_32(value, multiplier, shift):
    """§1.8 apply_scale_32 with SINGLE_ROUND, in int64 like the pseudocode."""
    value = value.astype(np.int64)
    rnd = np.int64(1) << (np.int64(shift) - 1)
    return (value * np.int64(multiplier) + rnd) >> np.int64(shift)


def conv2d_ref(x, w, bias, x_zp, w_zp, pad, stride, dilation):
    """§2.3.3 CONV2D: NHWC input, [OC,KH,KW,IC] weights, padded taps skipped, int32 acc."""
    n, ih, iw, ic = x.shape
    oc, kh, kw, _ = w.shape
    oh = (ih - 1 + pad[0] + pad[1] - (kh - 1) * dilation[0]) // stride[0] + 1
    ow = (iw - 1 + pad[2] + pad[3] - (kw - 1) * dilation[1]) // stride[1] + 1
    out = np.zeros((n, oh, ow, oc), np.int64)
    for b_ in range(n):
        for oy in range(oh):
            for ox in range(ow):
                for c in range(oc):
                    acc = np.int64(bias[c])
                    for ky in range(kh):
                        for kx in range(kw):
                            y = oy * stride[0] - pad[0] + ky * dilation[0]
                            xx = ox * stride[1] - pad[2] + kx * dilation[1]
                            if 0 <= y < ih and 0 <= xx < iw:
                                v = x[b_, y, xx, :].astype(np.int64) - x_zp
                                wt = w[c, ky, kx, :].astype(np.int64) - w_zp
                                acc += np.sum(v * wt)
                    out[b_, oy, ox, c] = acc
    return out.astype(np.int32)


# ---------------------------------------------------------------- operators

def test_add_broadcasts_equal_ranks(ctx):
    b, s = session(ctx)
    x = b.input("x", "float32", [2, 3])
    y = b.input("y", "float32", [1, 3])
    xi = b.input("xi", "int32", [2, 1])
    yi = b.input("yi", "int32", [1, 3])
    xv = np.arange(6, dtype=np.float32).reshape(2, 3)
    yv = np.array([[10, 20, 30]], np.float32)
    xiv = np.array([[1], [2]], np.int32)
    yiv = np.array([[2**31 - 2, 5, -7]], np.int32)
    _, r = run(ctx, b, {"z": s.add(x, y), "zi": s.add(xi, yi)}, {"x": xv, "y": yv, "xi": xiv, "yi": yiv})
    np.testing.assert_array_equal(r["z"], xv + yv)
    # apply_add_s (§1.8) REQUIREs no int32 overflow: 2**31-2 + 1 is the largest sum here
    np.testing.assert_array_equal(r["zi"][0], [2**31 - 1, 6, -6])
    np.testing.assert_array_equal(r["zi"][1, 1:], [7, -5])


def test_rescale_int8_rounds_like_apply_scale_32(ctx):
    b, s = session(ctx)
    x = b.input("x", "int8", [16])
    mult, shift, in_zp, out_zp = 1518500250, 33, 5, -3  # ~0.17678 in Q31 with shift 33
    m = s.const(values=np.array([mult], np.int32))
    sh = s.const(values=np.array([shift], np.int8))
    izp = s.const(values=np.array([in_zp], np.int8))
    ozp = s.const(values=np.array([out_zp], np.int8))
    y = s.rescale(x, m, sh, izp, ozp, out_type="int8", scale32=True, rounding_mode="SINGLE_ROUND")
    xv = np.array([-128, -100, -33, -1, 0, 1, 2, 3, 4, 5, 6, 50, 99, 100, 126, 127], np.int8)
    _, r = run(ctx, b, {"y": y}, {"x": xv})
    want = apply_scale_32(xv.astype(np.int64) - in_zp, mult, shift) + out_zp
    want = np.clip(want, -128, 127).astype(np.int8)
    np.testing.assert_array_equal(r["y"], want)
    assert r["y"].dtype == np.int8


def test_rescale_int8_halves_round_up(ctx):
    # multiplier 1 << 30, shift 31: exactly x / 2, halves rounding toward +infinity (§1.8)
    b, s = session(ctx)
    x = b.input("x", "int8", [6])
    y = s.rescale(x, s.const(values=np.array([1 << 30], np.int32)), s.const(values=np.array([31], np.int8)),
                  s.const(values=np.array([0], np.int8)), s.const(values=np.array([0], np.int8)),
                  out_type=np.int8, scale32=True)
    _, r = run(ctx, b, {"y": y}, {"x": np.array([-3, -1, 1, 3, 5, -128], np.int8)})
    np.testing.assert_array_equal(r["y"], [-1, 0, 1, 2, 3, -64])


def test_conv2d_int8_with_zero_points_matches_a_loop(ctx):
    rng = np.random.default_rng(7)
    xv = rng.integers(-128, 128, (1, 6, 5, 3), dtype=np.int8)
    wv = rng.integers(-128, 128, (4, 3, 2, 3), dtype=np.int8)
    bv = rng.integers(-1000, 1000, (4,), dtype=np.int32)
    pad, stride, dilation = [1, 0, 1, 2], [2, 1], [1, 2]
    b, s = session(ctx)
    x = b.input("x", "int8", list(xv.shape))
    y = s.conv2d(x, s.const(values=wv), s.const(values=bv), s.const(values=np.array([-7], np.int8)),
                 s.const(values=np.array([3], np.int8)), pad=pad, stride=stride, dilation=dilation,
                 acc_type="int32")
    _, r = run(ctx, b, {"y": y}, {"x": xv})
    assert r["y"].dtype == np.int32
    np.testing.assert_array_equal(r["y"], conv2d_ref(xv, wv, bv, -7, 3, pad, stride, dilation))


def test_clamp_float_and_int(ctx):
    b, s = session(ctx)
    x = b.input("x", "float32", [5])
    xi = b.input("xi", "int8", [5])
    xv = np.array([-3.5, -1.0, 0.25, 2.0, 9.0], np.float32)
    xiv = np.array([-128, -5, 0, 5, 127], np.int8)
    _, r = run(ctx, b, {"y": s.clamp(x, min_val=-1.5, max_val=2.0), "yi": s.clamp(xi, min_val=-4, max_val=100)},
               {"x": xv, "xi": xiv})
    np.testing.assert_array_equal(r["y"], np.minimum(np.maximum(xv, -1.5), 2.0))
    np.testing.assert_array_equal(r["yi"], [-4, -4, 0, 5, 100])


def test_reduce_sum_keeps_the_axis(ctx):
    b, s = session(ctx)
    x = b.input("x", "int32", [2, 3, 4])
    xv = np.arange(24, dtype=np.int32).reshape(2, 3, 4) - 10
    _, r = run(ctx, b, {"y": s.reduce_sum(x, axis=1)}, {"x": xv})
    assert r["y"].shape == (2, 1, 4)
    np.testing.assert_array_equal(r["y"], xv.sum(axis=1, keepdims=True))


def test_transpose(ctx):
    b, s = session(ctx)
    x = b.input("x", "float32", [2, 3, 4])
    xv = np.random.default_rng(1).standard_normal((2, 3, 4)).astype(np.float32)
    _, r = run(ctx, b, {"y": s.transpose(x, perms=[2, 0, 1])}, {"x": xv})
    np.testing.assert_array_equal(r["y"], np.transpose(xv, (2, 0, 1)))


def test_const_shape_reshape_and_list_shortcut(ctx):
    b, s = session(ctx)
    x = b.input("x", "int16", [2, 6])
    shape = s.const_shape(values=[3, 4])
    assert shape.dtype == np.int64 and shape.shape == (2,)
    xv = np.arange(12, dtype=np.int16).reshape(2, 6)
    _, r = run(ctx, b, {"y": s.reshape(x, shape), "z": s.reshape(x, [4, 3])}, {"x": xv})
    np.testing.assert_array_equal(r["y"], xv.reshape(3, 4))
    np.testing.assert_array_equal(r["z"], xv.reshape(4, 3))


def test_slice_pad_and_concat(ctx):
    b, s = session(ctx)
    x = b.input("x", "int32", [3, 4])
    xv = np.arange(12, dtype=np.int32).reshape(3, 4)
    sl = s.slice(x, [1, 1], [2, 2])
    padded = s.pad(sl, [1, 0, 0, 2], s.const(values=np.array([-1], np.int32)))
    cat = s.concat([x, x], axis=0)
    _, r = run(ctx, b, {"p": padded, "c": cat}, {"x": xv})
    np.testing.assert_array_equal(r["p"], np.pad(xv[1:3, 1:3], ((1, 0), (0, 2)), constant_values=-1))
    np.testing.assert_array_equal(r["c"], np.concatenate([xv, xv], axis=0))


def test_rfft2d_returns_real_and_imaginary_parts(ctx):
    b, s = session(ctx)
    x = b.input("x", "float32", [1, 4, 8])
    xv = np.random.default_rng(3).standard_normal((1, 4, 8)).astype(np.float32)
    parts = s.rfft2d(x)
    assert isinstance(parts, list) and len(parts) == 2
    _, r = run(ctx, b, {"re": parts[0], "im": parts[1]}, {"x": xv})
    want = np.fft.rfft2(xv.astype(np.float64))  # §2.3.9: e^{-i a}, as numpy
    np.testing.assert_allclose(r["re"], want.real, atol=1e-4)
    np.testing.assert_allclose(r["im"], want.imag, atol=1e-4)


def test_generic_add_matches_the_methods(ctx):
    b, s = session(ctx)
    x = b.input("x", "float32", [2, 2])
    y = b.input("y", "float32", [2, 2])
    via_generic = s.add("MAXIMUM", [x, y], nan_mode="IGNORE")
    via_snake = s.add("sub", [x, y])
    parts = s.add("RFFT2D", [s.reshape(x, [1, 2, 2])])
    assert isinstance(parts, list) and len(parts) == 2
    xv = np.array([[1, 5], [3, np.nan]], np.float32)
    yv = np.array([[2, 4], [3, 7]], np.float32)
    _, r = run(ctx, b, {"m": via_generic, "d": via_snake}, {"x": xv, "y": yv})
    np.testing.assert_array_equal(r["m"], [[2, 5], [3, 7]])
    np.testing.assert_array_equal(r["d"], xv - yv)


# ---------------------------------------------------------------- control flow and variables

def test_cond_if_runs_the_python_branch_the_condition_picks(ctx):
    b, s = session(ctx)
    c = b.input("c", "bool", [1])
    x = b.input("x", "int32", [3])
    y = b.input("y", "int32", [3])
    calls = []

    def then_graph(sub, ops):
        calls.append("then")
        assert isinstance(sub, tosa.Session) and len(ops) == 2
        return [sub.add(ops[0], ops[1])]

    def else_graph(sub, ops):
        calls.append("else")
        return [sub.mul(ops[0], ops[1], sub.const(values=np.array([0], np.int8)))]

    out = s.cond_if(c, [x, y], then_graph=then_graph, else_graph=else_graph)
    assert calls == ["then", "else"] and isinstance(out, list) and len(out) == 1
    g = b.build({"z": out[0]})
    xv, yv = np.array([1, -2, 3], np.int32), np.array([10, 20, -30], np.int32)
    for cv, want in ((True, xv + yv), (False, xv * yv)):
        r = ctx.compute(g, {"c": np.array([cv]), "x": xv, "y": yv})
        np.testing.assert_array_equal(r["z"], want)


def test_while_loop_counts(ctx):
    b, s = session(ctx)
    i0 = b.input("i", "int32", [1])
    a0 = b.input("a", "int32", [1])

    def cond_graph(sub, ops):
        return [sub.greater(sub.const(values=np.array([5], np.int32)), ops[0])]

    def body_graph(sub, ops):
        one = sub.const(values=np.array([1], np.int32))
        two = sub.const(values=np.array([2], np.int32))
        return [sub.add(ops[0], one), sub.mul(ops[1], two, sub.const(values=np.array([0], np.int8)))]

    i, a = s.while_loop([i0, a0], cond_graph=cond_graph, body_graph=body_graph)
    g = b.build({"i_out": i, "a_out": a})
    for start in (0, 3, 9):
        r = ctx.compute(g, {"i": np.array([start], np.int32), "a": np.array([1], np.int32)})
        n = max(0, 5 - start)  # iterations while i < 5
        assert r["i_out"][0] == start + n
        assert r["a_out"][0] == 2**n


def test_callback_exception_is_raised_again(ctx):
    b, s = session(ctx)
    c = b.input("c", "bool", [1])
    x = b.input("x", "float32", [2])

    class Boom(Exception):
        pass

    def bad(sub, ops):
        raise Boom("from the branch")

    with pytest.raises(Boom, match="from the branch"):
        s.cond_if(c, [x], then_graph=bad, else_graph=lambda sub, ops: ops)
    # the operator failed: the builder's error is sticky
    with pytest.raises(nnx.Error):
        s.abs(x)


def test_callback_result_must_match_the_output_count(ctx):
    b, s = session(ctx)
    c = b.input("c", "bool", [1])
    x = b.input("x", "float32", [2])
    with pytest.raises(ValueError, match="returned 2 operands"):
        s.cond_if(c, [x], then_graph=lambda sub, ops: [ops[0], ops[0]], else_graph=lambda sub, ops: ops)


def test_sub_graph_operands_do_not_outlive_the_callback(ctx):
    b, s = session(ctx)
    c = b.input("c", "bool", [1])
    x = b.input("x", "float32", [2])
    kept = {}

    def keep(sub, ops):
        kept["sub"], kept["op"] = sub, ops[0]
        with pytest.raises(nnx.InvalidStateError, match="building a COND_IF"):
            s.abs(x)  # the outer session waits for the sub-graph
        return [sub.abs(ops[0])]

    (y,) = s.cond_if(c, [x], then_graph=keep, else_graph=lambda sub, ops: [sub.negate(ops[0])])
    with pytest.raises(nnx.InvalidStateError, match="gone"):
        kept["op"].shape
    with pytest.raises(nnx.InvalidStateError, match="finished"):
        kept["sub"].abs(kept["op"])
    with pytest.raises(nnx.InvalidStateError, match="gone"):
        s.abs(kept["op"])
    g = b.build({"y": y})
    r = ctx.compute(g, {"c": np.array([False]), "x": np.array([1.5, -2], np.float32)})
    np.testing.assert_array_equal(r["y"], [-1.5, 2])


def test_variable_persists_across_runs(ctx):
    b, s = session(ctx)
    assert s.variable(uid=7, initial_value=np.array([1, 2], np.float32)) is None
    now = s.variable_read(uid=7)
    s.variable_write(s.add(now, s.const(values=np.array([10, 100], np.float32))), uid=7)
    g = b.build({"v": s.identity(now)})
    first = ctx.compute(g, {})["v"]
    second = ctx.compute(g, {})["v"]
    np.testing.assert_array_equal(first, [1, 2])
    np.testing.assert_array_equal(second, [11, 102])


# ---------------------------------------------------------------- failures

def test_error_if_raises_invalid_argument_with_the_rule(ctx):
    b, s = session(ctx)
    x = b.input("x", "float32", [2, 3])
    with pytest.raises(nnx.InvalidArgumentError, match=r"TOSA CLAMP 'lo_hi': ERROR_IF\(max_val < min_val\)"):
        s.clamp(x, min_val=1.0, max_val=0.0, label="lo_hi")
    # sticky: the builder keeps its first error
    with pytest.raises(nnx.InvalidArgumentError, match="max_val < min_val"):
        s.abs(x)


def test_rescale_error_if_names_the_rule(ctx):
    b, s = session(ctx)
    x = b.input("x", "int16", [4])
    zp = s.const(values=np.array([3], np.int16))  # an int16 input takes zero point 0 (signed)
    with pytest.raises(nnx.InvalidArgumentError, match="TOSA RESCALE.*ERROR_IF"):
        s.rescale(x, s.const(values=np.array([1 << 30], np.int32)), s.const(values=np.array([31], np.int8)), zp,
                  s.const(values=np.array([0], np.int8)), out_type="int8", scale32=True)


def test_transpose_error_if_on_a_repeated_axis(ctx):
    b, s = session(ctx)
    x = b.input("x", "float32", [2, 3])
    with pytest.raises(nnx.InvalidArgumentError, match="TOSA TRANSPOSE.*ERROR_IF"):
        s.transpose(x, perms=[0, 0])


def test_profile_refusal_names_the_missing_profile(ctx):
    b, s = session(ctx, profiles=["PRO-FP"])
    assert s.profiles == ("PRO-FP",)
    x = b.input("x", "int8", [2])
    with pytest.raises(nnx.NotSupportedError, match="in_out_t = int8.*need PRO-INT"):
        s.clamp(x, min_val=-1, max_val=1)


def test_float_op_in_a_pro_fp_session_works(ctx):
    b, s = session(ctx, profiles=["PRO-FP"], level="none")
    assert s.level == "none"
    x = b.input("x", "float32", [2])
    _, r = run(ctx, b, {"y": s.exp(x)}, {"x": np.array([0, 1], np.float32)})
    np.testing.assert_allclose(r["y"], np.exp([0, 1]), rtol=1e-6)


def test_keyword_errors_are_type_errors_naming_the_keyword(ctx):
    b, s = session(ctx)
    x = b.input("x", "float32", [2, 3])
    with pytest.raises(TypeError, match=r"'axs' \(its keywords: axis, nan_mode, label\)"):
        s.argmax(x, axs=0)
    with pytest.raises(TypeError, match="'axis'"):
        s.add(x, x, axis=0)  # a real keyword, not one of ADD's
    with pytest.raises(TypeError, match="missing required keyword argument 'axis'"):
        s.reduce_sum(x)
    with pytest.raises(ValueError, match="nan_mode"):
        s.argmax(x, axis=0, nan_mode="SOMETIMES")
    with pytest.raises(TypeError, match="takes at most 2 inputs"):
        s.add(x, x, x)
    with pytest.raises(ValueError, match="not a TOSA 1.0 operator"):
        s.add("NOPE", [x])
    # none of these reached nnx: the builder is still usable
    _, r = run(ctx, b, {"y": s.argmax(x, axis=1)}, {"x": np.array([[1, 3, 2], [9, 0, 1]], np.float32)})
    np.testing.assert_array_equal(r["y"], [1, 0])


def test_session_arguments(ctx):
    b = nnx.ml.MLGraphBuilder(ctx)
    with pytest.raises(ValueError, match="PRO-FAST"):
        tosa.Session(b, profiles=["PRO-FAST"])
    with pytest.raises(ValueError, match="level"):
        tosa.Session(b, level="16k")
    assert set(tosa.PROFILES) >= {"PRO-INT", "PRO-FP", "EXT-INT16", "EXT-CONTROLFLOW"}
    assert tosa.Session(b).profiles == tosa.PROFILES
    # an extension without its profile (§1.6) fails the builder
    with pytest.raises(nnx.InvalidArgumentError, match="EXT-INT16"):
        tosa.Session(nnx.ml.MLGraphBuilder(ctx), profiles=["PRO-FP", "EXT-INT16"])


def test_session_keeps_its_builder_alive(ctx):
    def make():
        b = nnx.ml.MLGraphBuilder(ctx)
        return tosa.Session(b), b.input("x", "float32", [3])

    s, x = make()
    y = s.negate(x)
    g = s.builder.build({"y": y})
    np.testing.assert_array_equal(ctx.compute(g, {"x": np.array([1, -2, 0], np.float32)})["y"], [-1, 2, 0])


def test_every_operator_has_a_documented_method():
    names = [n for n in dir(tosa.Session) if not n.startswith("_")]
    for op in ("argmax", "avg_pool2d", "conv2d", "conv3d", "fft2d", "rescale", "const", "const_shape", "cond_if",
               "while_loop", "variable", "variable_read", "variable_write", "custom", "transpose_conv2d"):
        assert op in names
        doc = getattr(tosa.Session, op).__doc__
        assert doc.startswith(op + "(") and "TOSA 1.0" in doc and "§2." in doc
    assert len([n for n in names if n not in ("builder", "profiles", "level")]) == 75


def test_custom_is_not_supported(ctx):
    b, s = session(ctx)
    x = b.input("x", "float32", [2])
    with pytest.raises(nnx.NotSupportedError, match="custom operator 'mine'"):
        s.custom([x], operator_name="mine", domain_name="here")


# ---------------------------------------------------------------- files

def test_saved_tosa_file_loads_and_gives_the_same_results(ctx, tmp_path):
    rng = np.random.default_rng(11)
    xv = rng.integers(-128, 128, (1, 5, 5, 2), dtype=np.int8)
    wv = rng.integers(-128, 128, (3, 3, 3, 2), dtype=np.int8)
    bv = rng.integers(-500, 500, (3,), dtype=np.int32)
    b, s = session(ctx)
    x = b.input("x", "int8", [1, 5, 5, 2])
    acc = s.conv2d(x, s.const(values=wv), s.const(values=bv), s.const(values=np.array([0], np.int8)),
                   s.const(values=np.array([0], np.int8)), pad=[1, 1, 1, 1], stride=[1, 1], dilation=[1, 1])
    y = s.rescale(acc, s.const(values=np.array([1 << 30], np.int32)), s.const(values=np.array([40], np.int8)),
                  s.const(values=np.array([0], np.int32)), s.const(values=np.array([0], np.int8)), out_type="int8",
                  scale32=True)
    z = s.clamp(y, min_val=-100, max_val=100)
    g, r = run(ctx, b, {"z": z}, {"x": xv})
    path = tmp_path / "x.tosa"
    g.save(str(path))
    model = nnx.load(str(path))
    again = model.run({model.inputs[0].name: xv})
    assert len(again) == 1
    got = next(iter(again.values()))
    np.testing.assert_array_equal(got, r["z"])
    want = conv2d_ref(xv, wv, bv, 0, 0, [1, 1, 1, 1], [1, 1], [1, 1])
    want = np.clip(np.clip(apply_scale_32(want, 1 << 30, 40), -128, 127), -100, 100)
    np.testing.assert_array_equal(got, want)


def test_stubs_list_every_method():
    import ast
    import pathlib

    stub = pathlib.Path(tosa.__file__).with_suffix(".pyi")
    tree = ast.parse(stub.read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Session")
    in_stub = {f.name for f in cls.body if isinstance(f, ast.FunctionDef)}
    methods = {n for n in dir(tosa.Session) if not n.startswith("_")}
    assert methods <= in_stub


def test_pools_and_matmul_float(ctx):
    rng = np.random.default_rng(5)
    xv = rng.standard_normal((1, 4, 5, 2)).astype(np.float32)
    av = rng.standard_normal((2, 3, 4)).astype(np.float32)
    bv = rng.standard_normal((2, 4, 5)).astype(np.float32)
    b, s = session(ctx)
    x = b.input("x", "float32", [1, 4, 5, 2])
    a = b.input("a", "float32", [2, 3, 4])
    bb = b.input("b", "float32", [2, 4, 5])
    avg = s.avg_pool2d(x, kernel=[2, 2], stride=[2, 2], pad=[0, 0, 0, 1], acc_type="float32")
    mx = s.max_pool2d(x, kernel=[3, 2], stride=[1, 1], pad=[1, 1, 0, 0])
    _, r = run(ctx, b, {"avg": avg, "mx": mx, "mm": s.matmul(a, bb)}, {"x": xv, "a": av, "b": bv})
    # §2.3.2: the mean of the taps inside the input (padding is not counted)
    want_avg = np.zeros((1, 2, 3, 2), np.float32)
    for oy in range(2):
        for ox in range(3):
            win = xv[0, 2 * oy:2 * oy + 2, max(0, 2 * ox):min(5, 2 * ox + 2), :]
            want_avg[0, oy, ox] = win.mean(axis=(0, 1))
    np.testing.assert_allclose(r["avg"], want_avg, rtol=1e-5, atol=1e-6)
    padded = np.pad(xv, ((0, 0), (1, 1), (0, 0), (0, 0)), constant_values=-np.inf)
    want_mx = np.stack([np.stack([padded[0, y:y + 3, xx:xx + 2].max(axis=(0, 1)) for xx in range(4)])
                        for y in range(4)])[None]
    np.testing.assert_array_equal(r["mx"], want_mx)
    np.testing.assert_allclose(r["mm"], av @ bv, rtol=1e-5, atol=1e-5)


def test_cast_rounds_half_to_even_and_select(ctx):
    b, s = session(ctx)
    x = b.input("x", "float32", [6])
    xv = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.6], np.float32)
    q = s.cast(x, out_type="int8")
    pick = s.select(s.greater(x, s.const(values=np.zeros(6, np.float32))), x, s.negate(x))
    _, r = run(ctx, b, {"q": q, "abs": pick}, {"x": xv})
    np.testing.assert_array_equal(r["q"], [-2, -2, 0, 0, 2, 3])
    assert r["q"].dtype == np.int8
    np.testing.assert_array_equal(r["abs"], np.abs(xv))


def test_nesting_follows_the_level(ctx):
    def nest(s, c, x, depth):
        if depth == 0:
            return [s.abs(x)]

        def branch(sub, ops):
            return nest(sub, ops[0], ops[1], depth - 1)

        return s.cond_if(c, [c, x], then_graph=branch, else_graph=lambda sub, ops: [ops[1]])

    for level, depth, ok in (("8k", 6, True), ("8k", 7, False), ("none", 7, True)):
        b, s = session(ctx, level=level)
        c = b.input("c", "bool", [1])
        x = b.input("x", "float32", [2])
        if ok:
            (y,) = nest(s, c, x, depth)
            g = b.build({"y": y})
            r = ctx.compute(g, {"c": np.array([True]), "x": np.array([-1, 2], np.float32)})
            np.testing.assert_array_equal(r["y"], [1, 2])
        else:
            with pytest.raises(nnx.InvalidArgumentError, match=r"ERROR_IF\(tosa_nesting_depth >= MAX_NESTING"):
                nest(s, c, x, depth)


def test_variable_from_var_shape_and_type_starts_at_zero(ctx):
    b, s = session(ctx)
    with pytest.raises(TypeError, match="var_shape and type"):
        s.variable(uid=2, var_shape=[3])
    s.variable(uid=1, var_shape=[3], type="float32")
    now = s.variable_read(uid=1, var_shape=[3], type=np.float32)
    s.variable_write(s.add(now, s.const(values=np.ones(3, np.float32))), uid=1)
    g = b.build({"v": s.identity(now)})
    runs = [ctx.compute(g, {})["v"] for _ in range(3)]
    np.testing.assert_array_equal(runs, [[0, 0, 0], [1, 1, 1], [2, 2, 2]])


def test_value_errors_before_nnx(ctx):
    b, s = session(ctx)
    x = b.input("x", "float32", [2, 2])
    with pytest.raises(TypeError, match="out_type is bfloat16 but the values are int8"):
        s.const(values=np.zeros(2, np.int8), out_type="bfloat16")
    with pytest.raises(ValueError, match="kernel takes 2 values"):
        s.max_pool2d(s.reshape(x, [1, 2, 2, 1]), kernel=[2], stride=[1, 1], pad=[0, 0, 0, 0])
    with pytest.raises(TypeError, match="'bogus'"):
        s.add("ADD", [x, x], bogus=1)
    with pytest.raises(TypeError, match="tensor list"):
        s.concat(x, axis=0)
    with pytest.raises(TypeError, match="then_graph must be a callable"):
        s.cond_if(x, [x], then_graph=1, else_graph=lambda t, o: o)
    # the builder took none of them
    _, r = run(ctx, b, {"y": s.add("ADD", [x, x])}, {"x": np.ones((2, 2), np.float32)})
    np.testing.assert_array_equal(r["y"], np.full((2, 2), 2, np.float32))


# ---------------------------------------------------------------- the other elementwise operators

def _i32(v):
    return np.asarray(v, np.int32)


FLOAT_UNARY = {
    "abs": np.abs, "ceil": np.ceil, "floor": np.floor, "exp": np.exp, "log": np.log, "negate": np.negative,
    "reciprocal": np.reciprocal, "rsqrt": lambda v: 1 / np.sqrt(v), "sin": np.sin, "cos": np.cos, "tanh": np.tanh,
    "sigmoid": lambda v: 1 / (1 + np.exp(-v)), "identity": lambda v: v,
    "erf": np.vectorize(__import__("math").erf),
}


@pytest.mark.parametrize("name", sorted(FLOAT_UNARY))
def test_float_unary(ctx, name):
    b, s = session(ctx)
    x = b.input("x", "float32", [7])
    xv = np.array([0.1, 0.5, 1.0, 1.5, 2.25, 3.0, 7.5], np.float32)
    _, r = run(ctx, b, {"y": getattr(s, name)(x)}, {"x": xv})
    np.testing.assert_allclose(r["y"], FLOAT_UNARY[name](xv.astype(np.float64)), rtol=2e-6, atol=1e-6)


def _clz(v):
    return np.array([32 - int(x & 0xFFFFFFFF).bit_length() for x in v.astype(np.int64)], np.int32)


INT_BINARY = {
    "bitwise_and": np.bitwise_and, "bitwise_or": np.bitwise_or, "bitwise_xor": np.bitwise_xor,
    "intdiv": lambda a, b: (np.trunc(a.astype(np.float64) / b)).astype(np.int32),  # toward zero (§2.5.6)
    "logical_left_shift": lambda a, b: (a.astype(np.int64) << b).astype(np.uint32).view(np.int32),
    "logical_right_shift": lambda a, b: (a.view(np.uint32) >> b.astype(np.uint32)).view(np.int32),
    "arithmetic_right_shift": lambda a, b: a >> b,
    "maximum": np.maximum, "minimum": np.minimum, "sub": np.subtract,
    "equal": np.equal, "greater": np.greater, "greater_equal": np.greater_equal,
}


@pytest.mark.parametrize("name", sorted(INT_BINARY))
def test_int32_binary(ctx, name):
    b, s = session(ctx)
    x = b.input("x", "int32", [6])
    y = b.input("y", "int32", [6])
    xv = _i32([-7, -1, 0, 5, 1 << 30, -(1 << 31)])
    yv = _i32([2, 3, 1, 31, 4, 7])  # shift counts 0..31, divisors non-zero
    _, r = run(ctx, b, {"z": getattr(s, name)(x, y)}, {"x": xv, "y": yv})
    np.testing.assert_array_equal(r["z"], INT_BINARY[name](xv, yv))


def test_int32_unary_mul_and_shift_rounding(ctx):
    b, s = session(ctx)
    x = b.input("x", "int32", [5])
    xv = _i32([0, 1, -1, 255, 1 << 20])
    shift = s.const(values=np.array([4], np.int8))
    outs = {"clz": s.clz(x), "not": s.bitwise_not(x), "abs": s.abs(x),
            "mul": s.mul(x, s.const(values=_i32([3] * 5)), shift),
            "ars": s.arithmetic_right_shift(x, s.const(values=_i32([1] * 5)), round=True)}
    _, r = run(ctx, b, outs, {"x": xv})
    np.testing.assert_array_equal(r["clz"], _clz(xv))
    np.testing.assert_array_equal(r["not"], ~xv)
    np.testing.assert_array_equal(r["abs"], np.abs(xv))
    # §2.5.14: (a * b + (1 << (shift - 1))) >> shift in int64
    np.testing.assert_array_equal(r["mul"], (xv.astype(np.int64) * 3 + 8) >> 4)
    # §2.5.2: round adds the last bit shifted out
    np.testing.assert_array_equal(r["ars"], (xv >> 1) + (xv & 1))


def test_bool_operators_and_reductions(ctx):
    b, s = session(ctx)
    p = b.input("p", "bool", [2, 3])
    q = b.input("q", "bool", [2, 3])
    pv = np.array([[True, False, True], [True, True, True]])
    qv = np.array([[False, False, True], [True, False, True]])
    outs = {"and": s.logical_and(p, q), "or": s.logical_or(p, q), "xor": s.logical_xor(p, q),
            "not": s.logical_not(p), "all": s.reduce_all(p, axis=1), "any": s.reduce_any(q, axis=0)}
    _, r = run(ctx, b, outs, {"p": pv, "q": qv})
    np.testing.assert_array_equal(r["and"], pv & qv)
    np.testing.assert_array_equal(r["or"], pv | qv)
    np.testing.assert_array_equal(r["xor"], pv ^ qv)
    np.testing.assert_array_equal(r["not"], ~pv)
    np.testing.assert_array_equal(r["all"], pv.all(axis=1, keepdims=True))
    np.testing.assert_array_equal(r["any"], qv.any(axis=0, keepdims=True))


def test_reductions_argmax_reverse_tile(ctx):
    b, s = session(ctx)
    x = b.input("x", "float32", [2, 3])
    xv = np.array([[1.5, -2, 4], [0.5, 3, -1]], np.float32)
    outs = {"max": s.reduce_max(x, axis=0), "min": s.reduce_min(x, axis=1), "prod": s.reduce_product(x, axis=1),
            "arg": s.argmax(x, axis=0), "rev": s.reverse(x, axis=1), "tile": s.tile(x, [2, 1]),
            "pow": s.pow(s.abs(x), s.const(values=np.full((2, 3), 2, np.float32)))}
    _, r = run(ctx, b, outs, {"x": xv})
    np.testing.assert_array_equal(r["max"], xv.max(axis=0, keepdims=True))
    np.testing.assert_array_equal(r["min"], xv.min(axis=1, keepdims=True))
    np.testing.assert_allclose(r["prod"], xv.prod(axis=1, keepdims=True))
    np.testing.assert_array_equal(r["arg"], xv.argmax(axis=0))
    np.testing.assert_array_equal(r["rev"], xv[:, ::-1])
    np.testing.assert_array_equal(r["tile"], np.tile(xv, (2, 1)))
    np.testing.assert_allclose(r["pow"], np.abs(xv) ** 2, rtol=1e-6)


def test_gather_scatter_and_table(ctx):
    b, s = session(ctx)
    vals = b.input("v", "float32", [2, 4, 3])
    x8 = b.input("x8", "int8", [5])
    vv = np.arange(24, dtype=np.float32).reshape(2, 4, 3)
    idx = s.const(values=np.array([[3, 0], [1, 1]], np.int32))
    g = s.gather(vals, idx)
    sc = s.scatter(vals, s.const(values=np.array([[2], [0]], np.int32)),
                   s.const(values=np.full((2, 1, 3), -1, np.float32)))
    table = np.arange(256, dtype=np.int16).astype(np.int8)[::-1].copy()  # table[i] = int8(255 - i)
    t = s.table(x8, s.const(values=table))
    x8v = np.array([-128, -1, 0, 1, 127], np.int8)
    _, r = run(ctx, b, {"g": g, "s": sc, "t": t}, {"v": vv, "x8": x8v})
    np.testing.assert_array_equal(r["g"], np.stack([vv[0, [3, 0]], vv[1, [1, 1]]]))
    want = vv.copy()
    want[0, 2] = -1
    want[1, 0] = -1
    np.testing.assert_array_equal(r["s"], want)
    np.testing.assert_array_equal(r["t"], table[x8v.astype(np.int64) + 128])  # §2.5.17: int8 index + 128


def test_fft2d_forward_matches_numpy(ctx):
    b, s = session(ctx)
    re = b.input("re", "float32", [1, 4, 4])
    im = b.input("im", "float32", [1, 4, 4])
    rng = np.random.default_rng(9)
    rv, iv = rng.standard_normal((2, 1, 4, 4)).astype(np.float32)
    out_re, out_im = s.fft2d(re, im)
    _, r = run(ctx, b, {"re_o": out_re, "im_o": out_im}, {"re": rv, "im": iv})
    want = np.fft.fft2(rv.astype(np.float64) + 1j * iv)  # §2.3.6: e^{-i a} forward, as numpy
    np.testing.assert_allclose(r["re_o"], want.real, atol=1e-4)
    np.testing.assert_allclose(r["im_o"], want.imag, atol=1e-4)


def test_generic_add_takes_cond_if_flattened(ctx):
    b, s = session(ctx)
    c = b.input("c", "bool", [1])
    x = b.input("x", "float32", [2])
    (y,) = s.add("COND_IF", [c, x], n_outputs=1, then_graph=lambda t, o: [t.abs(o[0])],
                 else_graph=lambda t, o: [t.negate(o[0])])
    assert s.add("VARIABLE", [], uid=3, var_shape=[2], type="float32") is None
    g = b.build({"y": y})
    for cv, want in ((True, [1, 2]), (False, [1, -2])):
        r = ctx.compute(g, {"c": np.array([cv]), "x": np.array([-1, 2], np.float32)})
        np.testing.assert_array_equal(r["y"], want)


# ---------------------------------------------------------------- the other tensor operators

def test_depthwise_and_transpose_conv2d_int8(ctx):
    rng = np.random.default_rng(21)
    xv = rng.integers(-128, 128, (1, 4, 5, 2), dtype=np.int8)
    dw = rng.integers(-128, 128, (3, 2, 2, 2), dtype=np.int8)  # [KH,KW,C,M]
    tw = rng.integers(-128, 128, (3, 2, 3, 2), dtype=np.int8)  # [OC,KH,KW,IC]
    db = rng.integers(-100, 100, (4,), dtype=np.int32)
    tb = rng.integers(-100, 100, (3,), dtype=np.int32)
    x_zp, w_zp = 4, -2
    b, s = session(ctx)
    x = b.input("x", "int8", [1, 4, 5, 2])
    zp = s.const(values=np.array([x_zp], np.int8))
    wzp = s.const(values=np.array([w_zp], np.int8))
    d = s.depthwise_conv2d(x, s.const(values=dw), s.const(values=db), zp, wzp, pad=[1, 1, 0, 1], stride=[1, 2],
                           dilation=[1, 1])
    t = s.transpose_conv2d(x, s.const(values=tw), s.const(values=tb), zp, wzp, out_pad=[0, 1, 1, 0], stride=[2, 1])
    _, r = run(ctx, b, {"d": d, "t": t}, {"x": xv})
    xs, dws, tws = xv.astype(np.int64) - x_zp, dw.astype(np.int64) - w_zp, tw.astype(np.int64) - w_zp
    # §2.3.5
    oh, ow = (4 - 1 + 2 - 2) // 1 + 1, (5 - 1 + 1 - 1) // 2 + 1
    want = np.zeros((1, oh, ow, 4), np.int64)
    for oy in range(oh):
        for ox in range(ow):
            for c in range(2):
                for m in range(2):
                    acc = 0
                    for ky in range(3):
                        for kx in range(2):
                            y, xx = oy - 1 + ky, ox * 2 + kx
                            if 0 <= y < 4 and 0 <= xx < 5:
                                acc += xs[0, y, xx, c] * dws[ky, kx, c, m]
                    want[0, oy, ox, c * 2 + m] = acc + db[c * 2 + m]
    np.testing.assert_array_equal(r["d"], want)
    # §2.3.10: OH = (IH - 1) * stride_y + pads + KH
    oh, ow = 3 * 2 + 1 + 2, 4 * 1 + 1 + 3
    want = np.zeros((1, oh, ow, 3), np.int64)
    for oy in range(oh):
        for ox in range(ow):
            for oc in range(3):
                acc = 0
                for ky in range(2):
                    for kx in range(3):
                        y, xx = oy - 0 - ky, ox - 1 - kx
                        if 0 <= y < 4 * 2 and 0 <= xx < 5 and y % 2 == 0:
                            acc += np.sum(xs[0, y // 2, xx, :] * tws[oc, ky, kx, :])
                want[0, oy, ox, oc] = acc + tb[oc]
    np.testing.assert_array_equal(r["t"], want)


def test_matmul_and_negate_int8_with_zero_points(ctx):
    rng = np.random.default_rng(4)
    av = rng.integers(-128, 128, (1, 3, 4), dtype=np.int8)
    bv = rng.integers(-128, 128, (1, 4, 2), dtype=np.int8)
    b, s = session(ctx)
    a = b.input("a", "int8", [1, 3, 4])
    bb = b.input("b", "int8", [1, 4, 2])
    mm = s.matmul(a, bb, s.const(values=np.array([-5], np.int8)), s.const(values=np.array([9], np.int8)))
    neg = s.negate(a, s.const(values=np.array([10], np.int8)), s.const(values=np.array([-20], np.int8)))
    _, r = run(ctx, b, {"mm": mm, "neg": neg}, {"a": av, "b": bv})
    assert r["mm"].dtype == np.int32
    np.testing.assert_array_equal(r["mm"], (av.astype(np.int64) + 5) @ (bv.astype(np.int64) - 9))
    # §2.6.10: output_zp - (x - input1_zp), clipped to int8
    np.testing.assert_array_equal(r["neg"], np.clip(-20 - (av.astype(np.int64) - 10), -128, 127))


def resize_ref(x, scale, offset, border, mode):
    """§2.12.1 for a float input."""
    sy_n, sy_d, sx_n, sx_d = scale
    n, ih, iw, c = x.shape
    oh = ((ih - 1) * sy_n - offset[0] + border[0]) // sy_d + 1
    ow = ((iw - 1) * sx_n - offset[1] + border[1]) // sx_d + 1
    out = np.zeros((n, oh, ow, c), np.float64)
    for oy in range(oh):
        for ox in range(ow):
            y, xx = oy * sy_d + offset[0], ox * sx_d + offset[1]
            iy, ix = y // sy_n, xx // sx_n
            dy, dx = (y - iy * sy_n) / sy_n, (xx - ix * sx_n) / sx_n
            iy0, iy1, ix0, ix1 = max(iy, 0), min(iy + 1, ih - 1), max(ix, 0), min(ix + 1, iw - 1)
            if mode == "BILINEAR":
                out[:, oy, ox] = (x[:, iy0, ix0] * (1 - dy) * (1 - dx) + x[:, iy0, ix1] * (1 - dy) * dx
                                  + x[:, iy1, ix0] * dy * (1 - dx) + x[:, iy1, ix1] * dy * dx)
            else:
                out[:, oy, ox] = x[:, iy1 if dy >= 0.5 else iy0, ix1 if dx >= 0.5 else ix0]
    return out


@pytest.mark.parametrize("mode", ["NEAREST", "BILINEAR"])
def test_resize_float(ctx, mode):
    xv = np.random.default_rng(2).standard_normal((1, 3, 4, 2)).astype(np.float32)
    scale, offset, border = [4, 2, 6, 4], [-1, 2], [1, 0]  # x2 in y, x1.5 in x, shifted
    b, s = session(ctx)
    x = b.input("x", "float32", [1, 3, 4, 2])
    _, r = run(ctx, b, {"y": s.resize(x, scale, offset, border, mode=mode)}, {"x": xv})
    want = resize_ref(xv.astype(np.float64), scale, offset, border, mode)
    assert r["y"].shape == want.shape
    np.testing.assert_allclose(r["y"], want, rtol=1e-5, atol=1e-6)


def test_conv3d_float(ctx):
    rng = np.random.default_rng(8)
    xv = rng.standard_normal((1, 3, 4, 4, 2)).astype(np.float32)
    wv = rng.standard_normal((2, 2, 3, 3, 2)).astype(np.float32)  # [OC,KD,KH,KW,IC]
    bv = np.array([0.5, -1], np.float32)
    b, s = session(ctx)
    x = b.input("x", "float32", [1, 3, 4, 4, 2])
    y = s.conv3d(x, s.const(values=wv), s.const(values=bv), pad=[0, 1, 1, 1, 0, 0], stride=[1, 1, 1],
                 dilation=[1, 1, 1], acc_type="float32")
    _, r = run(ctx, b, {"y": y}, {"x": xv})
    xp = np.pad(xv.astype(np.float64), ((0, 0), (0, 1), (1, 1), (0, 0), (0, 0)))
    od, oh, ow = 3, 4, 2
    want = np.zeros((1, od, oh, ow, 2))
    for d in range(od):
        for yy in range(oh):
            for xx in range(ow):
                win = xp[0, d:d + 2, yy:yy + 3, xx:xx + 3, :]
                want[0, d, yy, xx] = np.tensordot(wv, win, axes=([1, 2, 3, 4], [0, 1, 2, 3])) + bv
    np.testing.assert_allclose(r["y"], want, rtol=1e-4, atol=1e-4)


def test_operands_of_a_finished_callback_are_refused(ctx):
    """A WHILE_LOOP body builds on a builder nnx frees when the callback returns: operands made
    there through the session or through its builder's own methods must not reach freed
    memory afterwards (each use raises nnx.InvalidStateError)."""
    b, s = session(ctx)
    i0 = b.input("i", "int32", [1])
    kept = []

    def cond_graph(sub, ops):
        return [sub.greater(sub.const(values=np.array([3], np.int32)), ops[0])]

    def body_graph(sub, ops):
        one = sub.builder.constant(np.array([1], np.int32))  # made through the builder itself
        kept.extend([one, sub.const(values=np.array([1], np.int32)), sub.builder])
        return [sub.add(ops[0], one)]

    (i,) = s.while_loop([i0], cond_graph=cond_graph, body_graph=body_graph)
    through_builder, through_session, sub_builder = kept
    for operand in (through_builder, through_session):
        with pytest.raises(nnx.InvalidStateError, match="gone"):
            operand.shape
        with pytest.raises(nnx.InvalidStateError, match="gone"):
            s.add(i, operand)
        assert repr(operand) == "MLOperand(gone)"
    with pytest.raises(nnx.InvalidStateError, match="gone"):
        -through_builder
    with pytest.raises(nnx.InvalidStateError, match="builder is gone"):
        sub_builder.constant(np.array([1], np.int32))
    assert repr(sub_builder) == "MLGraphBuilder(gone)"
    g = b.build({"i_out": i})
    assert ctx.compute(g, {"i": np.array([0], np.int32)})["i_out"][0] == 3
