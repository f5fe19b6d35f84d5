#!/usr/bin/python3
# gen_ops_norm.py — writes tests/data/ops_norm_expected.h: seeded random inputs and the
# expected outputs of batch_normalization, instance_normalization, layer_normalization (float
# types, every option: axis, axes in any order, layouts, absent scale/bias, epsilon) and
# cumulative_sum (every numeric type, exclusive, reversed, integer wrap-around), computed with
# numpy in float64 and Python integers, rounded once to the output type.
# Run with Debian's python3 and python3-numpy:  /usr/bin/python3 tests/unit/ops/gen_ops_norm.py
import os
import sys

import numpy as np

from gen_ops_common import Emitter, to_dtype, wrap_int

SEED = 20250612
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "data", "ops_norm_expected.h")
E = Emitter(np.random.default_rng(SEED))
FLOATS = ("float32", "float16", "float64", "bfloat16")


def f64(x):
    return np.asarray(x).astype(np.float64)


def norm_attrs(axis=0, axes=(), layout="NNX_LAYOUT_NCHW", eps=1e-5):
    ax = ", ".join(str(a) for a in axes) or "0"
    return ".norm = {.axis = %d, .n_axes = %d, .axes = {%s}, .layout = %s, .epsilon = %s}" % (
        axis, len(axes), ax, layout, E.c_float(eps, "float64"))


def finish(x, mean, var, scale, bias, eps, dt):
    """scale * (x - mean) / sqrt(var + eps) + bias in float64, scale/bias already broadcast."""
    return to_dtype(scale * (f64(x) - mean) / np.sqrt(var + eps) + bias, dt)


# ------------------------------------------------------------------ batch normalization

def batch_case(name, shape, axis, dt="float32", scale=True, bias=True, eps=1e-5):
    x = E.rand(shape, dt)
    c = shape[axis]
    mean, var = E.rand((c,), dt), to_dtype(np.abs(E.rand((c,), dt)), dt)
    s = E.rand((c,), dt) if scale else None
    b = E.rand((c,), dt) if bias else None
    bshape = [1] * len(shape)
    bshape[axis] = c

    def bc(v, default):
        return default if v is None else f64(v).reshape(bshape)

    y = finish(x, bc(mean, 0), bc(var, 0), bc(s, 1.0), bc(b, 0.0), eps, dt)
    ins = [(x, dt), (mean, dt), (var, dt), None if s is None else (s, dt), None if b is None else (b, dt)]
    E.add_case(name, "BATCH_NORMALIZATION", norm_attrs(axis=axis, eps=eps), ins, (y, dt))


# ------------------------------------------------------------------ instance / layer

def layer_case(name, shape, axes, dt="float32", scale=True, bias=True, eps=1e-5, op="LAYER_NORMALIZATION",
               layout="NNX_LAYOUT_NCHW", par_axes=None):
    """Mean and population variance over axes; scale/bias dimension i = shape[par_axes[i]]."""
    x = E.rand(shape, dt)
    par_axes = list(axes if par_axes is None else par_axes)
    red = tuple(sorted(axes))
    xf = f64(x)
    mean = xf.mean(axis=red, keepdims=True) if red else xf
    var = ((xf - mean) ** 2).mean(axis=red, keepdims=True) if red else np.zeros_like(xf)
    pshape = tuple(shape[a] for a in par_axes)
    s = E.rand(pshape, dt) if scale else None
    b = E.rand(pshape, dt) if bias else None

    def bc(v, default):  # parameter dims in par_axes order -> broadcast against x
        if v is None:
            return default
        order = sorted(range(len(par_axes)), key=lambda i: par_axes[i])
        t = f64(v).transpose(order) if order else f64(v)
        full = [1] * len(shape)
        for a in par_axes:
            full[a] = shape[a]
        return t.reshape(full)

    y = finish(x, mean, var, bc(s, 1.0), bc(b, 0.0), eps, dt)
    ins = [(x, dt), None if s is None else (s, dt), None if b is None else (b, dt)]
    attrs = norm_attrs(axes=axes, eps=eps, layout=layout) if op == "LAYER_NORMALIZATION" else \
        norm_attrs(layout=layout, eps=eps)
    E.add_case(name, op, attrs, ins, (y, dt))


def instance_case(name, shape, nhwc=False, **kw):
    red, c = ((1, 2), 3) if nhwc else ((2, 3), 1)
    layer_case(name, shape, red, op="INSTANCE_NORMALIZATION", par_axes=(c,),
               layout="NNX_LAYOUT_NHWC" if nhwc else "NNX_LAYOUT_NCHW", **kw)


def norm_cases():
    for dt in FLOATS:
        batch_case("batch_norm_%s_nchw" % dt, (2, 3, 2, 2), 1, dt)
        instance_case("instance_norm_%s_nchw" % dt, (2, 3, 2, 3), dt=dt)
        instance_case("instance_norm_%s_nhwc" % dt, (2, 2, 3, 4), nhwc=True, dt=dt)
        layer_case("layer_norm_%s_default_axes" % dt, (2, 3, 4), (1, 2), dt)
    batch_case("batch_norm_axis0_rank1", (5,), 0)
    batch_case("batch_norm_axis_last_nhwc", (1, 2, 2, 3), 3, eps=1e-3)
    batch_case("batch_norm_no_scale", (2, 4), 1, scale=False)
    batch_case("batch_norm_no_bias", (2, 4, 3), 2, bias=False)
    batch_case("batch_norm_neither", (3, 2), 0, scale=False, bias=False, eps=0.5)
    instance_case("instance_norm_no_scale_no_bias", (1, 2, 3, 3), scale=False, bias=False)
    instance_case("instance_norm_bias_only_nhwc", (1, 3, 3, 2), nhwc=True, scale=False, eps=0.01)
    instance_case("instance_norm_1x1_spatial", (2, 3, 1, 1))  # variance 0: bias (scale*0)
    layer_case("layer_norm_axes_unordered", (3, 2, 4), (2, 0))
    layer_case("layer_norm_middle_axis", (2, 5, 3), (1,), eps=1e-2)
    layer_case("layer_norm_all_axes_rank4", (2, 2, 2, 3), (0, 1, 2, 3), bias=False)
    layer_case("layer_norm_empty_axes", (2, 3), (), scale=True, bias=True)
    layer_case("layer_norm_rank1_default_empty", (4,), (), scale=False, bias=False)
    layer_case("layer_norm_scalar", (), (), scale=False, bias=False)
    layer_case("layer_norm_no_scale", (2, 3, 4), (1, 2), scale=False)


# ------------------------------------------------------------------ cumulative sum

def cumsum_ref(x, axis, exclusive, reversed_, dt):
    """Running sums in float64 (floats) or Python integers, shifted by one when exclusive."""
    if reversed_:
        x = np.flip(x, axis)
    is_float = dt.startswith("float") or dt == "bfloat16"
    y = np.cumsum(f64(x) if is_float else np.asarray(x, dtype=object), axis=axis)
    if exclusive:
        y = np.concatenate([np.zeros_like(np.take(y, [0], axis)), np.take(y, range(x.shape[axis] - 1), axis)], axis)
    y = to_dtype(y, dt) if is_float else wrap_int(y, dt)
    return np.flip(y, axis) if reversed_ else y


def cumsum_case(name, shape, axis, dt, exclusive=False, reversed_=False, x=None):
    x = E.rand(shape, dt) if x is None else x
    y = cumsum_ref(x, axis, exclusive, reversed_, dt)
    attrs = ".cumsum = {.axis = %d, .exclusive = %s, .reversed = %s}" % (
        axis, "true" if exclusive else "false", "true" if reversed_ else "false")
    E.add_case(name, "CUMULATIVE_SUM", attrs, [(x, dt)], (y, dt))


def cumsum_cases():
    types = ("float32", "float16", "float64", "bfloat16", "int16", "int32", "int48", "int64", "uint16", "uint32", "uint64",
             "int8", "uint8", "int4")  # 8-bit and int4: the core takes them, the builder does not
    for k, dt in enumerate(types):
        ex, rv = bool(k & 1), bool(k & 2)
        cumsum_case("cumsum_%s_axis1%s%s" % (dt, "_exclusive" if ex else "", "_reversed" if rv else ""),
                    (2, 5, 3), 1, dt, ex, rv)
    x = np.array([1, 2, 3, 4], np.float32)  # the spec's examples
    cumsum_case("cumsum_spec_inclusive", None, 0, "float32", x=x)
    cumsum_case("cumsum_spec_exclusive", None, 0, "float32", exclusive=True, x=x)
    cumsum_case("cumsum_spec_reversed", None, 0, "float32", reversed_=True, x=x)
    cumsum_case("cumsum_spec_exclusive_reversed", None, 0, "float32", True, True, x=x)
    cumsum_case("cumsum_axis0_f32", (4, 3), 0, "float32")
    cumsum_case("cumsum_axis_last_f32_exclusive", (2, 3, 4), 2, "float32", exclusive=True)
    cumsum_case("cumsum_int32_wraps", None, 0, "int32", x=np.array([2**31 - 1, 1, -5, -2**31], np.int32))
    cumsum_case("cumsum_uint32_wraps_reversed", None, 0, "uint32", reversed_=True,
                x=np.array([2**32 - 1, 2, 7], np.uint32))
    cumsum_case("cumsum_uint64_wraps", None, 0, "uint64", x=np.array([2**64 - 1, 2**63, 5], np.uint64))
    cumsum_case("cumsum_int48_wraps", None, 0, "int48", x=np.array([2**47 - 1, 3, -2**47], np.int64))


def main():
    norm_cases()
    cumsum_cases()
    E.write(sys.argv[1] if len(sys.argv) > 1 else OUT, "ops_norm_expected.h", "gen_ops_norm.py", np.__version__, SEED,
            "Seeded random inputs and numpy-computed outputs (float64 rounded once; integers exact,\n"
            " * wrapped) of the normalizations and cumulative_sum.")


if __name__ == "__main__":
    main()
