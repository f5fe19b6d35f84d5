#!/usr/bin/python3
# gen_nnef_run_conv.py — writes tests/data/nnef_run_conv_expected.h: NNEF conv / deconv documents
# (1-4 spatial dims, every border, explicit/negative/automatic padding, stride, dilation, groups,
# bias, output_shape) with outputs from explicit loops over NNEF 1.0.2 §4.3, §4.3.1 and
# NNEF decision 13, 14, not the C code; small integers, so exact.
# Run: /usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_conv.py
import itertools
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nnef_run_gen import Case, write_header  # noqa: E402

try:
    import torch
    import torch.nn.functional as F
except ImportError:  # the oracle below does not need it
    torch = None

SEED = 20241122
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "..", "data", "nnef_run_conv_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_conv.py"
CROSS_CHECKED = []


# ---------------------------------------------------------------- oracle (NNEF §4.3, §4.3.1)

def source(border, i, z):
    """Input index for extended-input position i (§3.0 border modes), or None for constant 0."""
    if 0 <= i < z:
        return i
    if border == "constant":
        return None
    if border == "replicate":
        return 0 if i < 0 else z - 1
    if border == "reflect":
        j = -i if i < 0 else 2 * z - i - 2
    else:  # reflect-even
        j = -i - 1 if i < 0 else 2 * z - i - 1
    assert 0 <= j < z, "reflection past the extent (rejected, §7 #23)"
    return j


def extended(x, b, ch, pos, border):
    """ĩ[b][ch][pos...] of x under border."""
    idx = []
    for k, p in enumerate(pos):
        m = source(border, p, x.shape[2 + k])
        if m is None:
            return 0.0
        idx.append(m)
    return float(x[(b, ch) + tuple(idx)])


def fd(k, d):
    return (k - 1) * d + 1


def auto_pad(up, down, k, s, d):
    """NNEF §4.3 automatic padding, NNEF decision 14 for reverse ops:
    t = max((x-1)s + f_d - X, 0)."""
    t = max((down - 1) * s + fd(k, d) - up, 0)
    return t // 2, t - t // 2


def o_conv(x, f, bias, border, padding, stride, dilation, groups):
    n = x.ndim - 2
    stride = stride or [1] * n
    dilation = dilation or [1] * n
    C = x.shape[1]
    G = groups or C
    O, cg = f.shape[0], f.shape[1]
    assert O % G == 0 and cg * G == C
    ksz = f.shape[2:]
    pads, out = [], []
    for k in range(n):
        X = x.shape[2 + k]
        if padding:
            p, q = padding[k]
        else:
            xo = -(-X // stride[k])
            p, q = auto_pad(X, xo, ksz[k], stride[k], dilation[k])
        pads.append((p, q))
        out.append((p + X + q - fd(ksz[k], dilation[k])) // stride[k] + 1)
    y = np.zeros([x.shape[0], O] + out, dtype=np.float64)
    for b in range(x.shape[0]):
        for o in range(O):
            g = o // (O // G)
            for i in itertools.product(*[range(e) for e in out]):
                acc = 0.0
                for c in range(cg):
                    ch = g * cg + c
                    for j in itertools.product(*[range(e) for e in ksz]):
                        pos = [i[k] * stride[k] + j[k] * dilation[k] - pads[k][0] for k in range(n)]
                        acc += extended(x, b, ch, pos, border) * float(f[(o, c) + j])
                y[(b, o) + i] = acc + bias_at(bias, o)
    return y.astype(np.float32), pads


def o_deconv(x, f, bias, border, padding, stride, dilation, output_shape, groups):
    n = x.ndim - 2
    stride = stride or [1] * n
    dilation = dilation or [1] * n
    c = x.shape[1]
    G = groups or c
    assert f.shape[0] == c and c % G == 0
    Cg = f.shape[1]
    C = Cg * G
    ksz = f.shape[2:]
    pads, out = [], []
    for k in range(n):
        xk, s, d = x.shape[2 + k], stride[k], dilation[k]
        if output_shape:
            X = output_shape[2 + k]
        elif padding:
            X = (xk - 1) * s + fd(ksz[k], d) - sum(padding[k])
        else:
            X = xk * s
        p, q = padding[k] if padding else auto_pad(X, xk, ksz[k], s, d)
        assert (p + X + q - fd(ksz[k], d)) // s + 1 == xk, "output_shape must down-scale to the input"
        pads.append((p, q))
        out.append(X)
    cin = c // G
    y = np.zeros([x.shape[0], C] + out, dtype=np.float64)
    for b in range(x.shape[0]):
        for o in range(C):
            g = o // Cg
            for i in itertools.product(*[range(e) for e in out]):
                acc = 0.0
                for ch in range(g * cin, (g + 1) * cin):
                    for j in itertools.product(*[range(e) for e in ksz]):
                        t = [i[k] + pads[k][0] - j[k] * dilation[k] for k in range(n)]
                        if any(t[k] % stride[k] for k in range(n)):
                            continue
                        q = [t[k] // stride[k] for k in range(n)]
                        acc += extended(x, b, ch, q, border) * float(f[(ch, o % Cg) + j])
                y[(b, o) + i] = acc + bias_at(bias, o)
    return y.astype(np.float32), pads


def bias_at(bias, o):
    if bias is None:
        return 0.0
    if np.isscalar(bias):
        return float(bias)
    flat = np.asarray(bias).reshape(-1)
    return float(flat[o if flat.size > 1 else 0])


# ---------------------------------------------------------------- torch cross-check (optional)

def torch_conv(x, f, bias, pads, stride, dilation, groups):
    n = x.ndim - 2
    t = torch.from_numpy(x.astype(np.float64))
    flat = []
    for p, q in reversed(pads):
        flat += [p, q]
    t = F.pad(t, flat)  # constant 0; negative items crop
    fn = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}[n]
    y = fn(t, torch.from_numpy(f.astype(np.float64)), None, stride or 1, 0, dilation or 1, groups or x.shape[1])
    y = y.numpy()
    return y + np.array([bias_at(bias, o) for o in range(y.shape[1])]).reshape([1, -1] + [1] * n)


def torch_deconv(x, f, bias, pads, stride, dilation, out, groups):
    n = x.ndim - 2
    fn = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}[n]
    full = fn(torch.from_numpy(x.astype(np.float64)), torch.from_numpy(f.astype(np.float64)), None, stride or 1, 0,
              0, groups or x.shape[1], dilation or 1).numpy()
    # NNEF out[i] = full[i + p] (zero where outside the full extent)
    y = np.zeros(list(full.shape[:2]) + out)
    for i in itertools.product(*[range(e) for e in out]):
        src = [i[k] + pads[k][0] for k in range(n)]
        if all(0 <= src[k] < full.shape[2 + k] for k in range(n)):
            y[(slice(None), slice(None)) + i] = full[(slice(None), slice(None)) + tuple(src)]
    return y + np.array([bias_at(bias, o) for o in range(y.shape[1])]).reshape([1, -1] + [1] * n)


def cross_check(name, want, got):
    if not np.array_equal(want.astype(np.float64), got):
        raise SystemExit("%s: the loop oracle and torch disagree:\n%s\n%s" % (name, want, got))
    CROSS_CHECKED.append(name)


# ---------------------------------------------------------------- documents

def ints(v):
    return "[%s]" % ", ".join(str(i) for i in v)


def params(border, padding, stride, dilation, groups, output_shape=None):
    text = "border = '%s'" % border
    if padding is not None:
        text += ", padding = [%s]" % ", ".join("(%d, %d)" % pq for pq in padding)
    if stride:
        text += ", stride = %s" % ints(stride)
    if dilation:
        text += ", dilation = %s" % ints(dilation)
    if output_shape:
        text += ", output_shape = %s" % ints(output_shape)
    return text + ", groups = %d" % groups


def small_ints(shape, lo=-4, hi=5):
    return rng.integers(lo, hi, size=shape).astype(np.float32)


cases = []


def add_op(c, op, out, x, f, bias, border="constant", padding=None, stride=None, dilation=None, groups=1,
           output_shape=None):
    """Appends `out = op(x, f, bias, ...)` to case c (whose inputs are x, f and, for an array
    bias, b); bias: None (default 0.0), a Python float (literal), or an array."""
    btext = "b" if isinstance(bias, np.ndarray) else "%r" % float(bias if bias is not None else 0.0)
    if op == "conv":
        want, pads = o_conv(x, f, bias, border, padding, stride, dilation, groups)
    else:
        want, pads = o_deconv(x, f, bias, border, padding, stride, dilation, output_shape, groups)
    text = "%s(x, f, %s, %s)" % (op, btext, params(border, padding, stride, dilation, groups, output_shape))
    c.op(out, text, want, "float32")
    if torch is not None and border == "constant" and 1 <= x.ndim - 2 <= 3:
        if op == "conv":
            got = torch_conv(x, f, bias, pads, stride, dilation, groups)
        else:
            got = torch_deconv(x, f, bias, pads, stride, dilation, list(want.shape[2:]), groups)
        cross_check("%s.%s" % (c.name, out), want, got)


def new_case(name, comment, x, f, bias=None):
    c = Case(name, comment)
    c.input("x", x, "float32")
    c.input("f", f, "float32")
    if isinstance(bias, np.ndarray):
        c.input("b", bias, "float32")
    cases.append(c)
    return c


def add_case(op, name, comment, x, f, bias, *args, **kwargs):
    add_op(new_case(name, comment, x, f, bias), op, "y", x, f, bias, *args, **kwargs)


BORDERS = ["constant", "replicate", "reflect", "reflect-even"]

# conv, 1-D
add_case("conv", "conv1d", "conv 1-D, padding (1, 1)", small_ints((2, 3, 9)), small_ints((4, 3, 3)), None,
         padding=[(1, 1)])
add_case("conv", "conv1d_stride_dilation_auto", "conv 1-D stride 2, dilation 2, automatic padding, bias [1, 3]",
         small_ints((1, 2, 11)), small_ints((3, 2, 3)), small_ints((1, 3)), stride=[2], dilation=[2])
add_case("conv", "conv1d_reflect_even_negative", "conv 1-D reflect-even, padding (2, -1), stride 3",
         small_ints((1, 2, 10)), small_ints((2, 2, 3)), None, "reflect-even", [(2, -1)], [3])

# conv, 2-D: every border with positive, negative and automatic padding (one document each)
for b in BORDERS:
    n = b.replace("-", "_")
    x, f = small_ints((1, 1, 5, 6)), small_ints((2, 1, 3, 3))
    c = new_case("conv2d_%s" % n, "conv 2-D border %s: padding (1, 2), (2, 1); negative padding; automatic "
                 "padding with stride 2; dilation 2 with stride (1, 2)" % b, x, f)
    add_op(c, "conv", "y", x, f, None, b, [(1, 2), (2, 1)])
    add_op(c, "conv", "y_negative", x, f, None, b, [(-1, 1), (1, -2)])
    add_op(c, "conv", "y_auto", x, f, None, b, None, [2, 2])
    add_op(c, "conv", "y_dilated", x, f, None, b, [(2, 2), (1, 3)], [1, 2], [2, 2])

# conv, groups and bias
add_case("conv", "conv2d_groups2_bias", "conv 2-D groups 2, bias [1, 6]", small_ints((1, 4, 5, 5)),
         small_ints((6, 2, 3, 3)), small_ints((1, 6)), padding=[(1, 1), (1, 1)], groups=2)
add_case("conv", "conv2d_depthwise", "conv 2-D groups 0 (depthwise), replicate, auto padding",
         small_ints((1, 3, 5, 6)), small_ints((3, 1, 3, 3)), None, "replicate", groups=0)
add_case("conv", "conv2d_multiplier_scalar_bias", "conv 2-D groups 0 with channel multiplier 3, literal bias 0.5",
         small_ints((1, 2, 5, 5)), small_ints((6, 1, 2, 2)), 0.5, padding=[(0, 1), (1, 0)], groups=0)
x, f, b = small_ints((1, 2, 4, 4)), small_ints((3, 2, 3, 3)), small_ints((1, 1))
c = new_case("conv2d_bias_singular", "conv 2-D bias of channel extent 1 ([1, 1], broadcast); literal bias 0.0 with "
             "automatic padding, stride 1", x, f, b)
add_op(c, "conv", "y", x, f, b, padding=[(0, 0), (0, 0)])
add_op(c, "conv", "y_zero_auto", x, f, 0.0)

# conv, 3-D and 4-D
add_case("conv", "conv3d_replicate", "conv 3-D replicate, padding (1,0),(0,1),(1,1), stride (1,2,1), dilation (2,1,1)",
         small_ints((1, 2, 3, 4, 3)), small_ints((2, 2, 2, 3, 2)), small_ints((1, 2)), "replicate",
         [(1, 0), (0, 1), (1, 1)], [1, 2, 1], [2, 1, 1])
add_case("conv", "conv3d_reflect_even_groups_auto", "conv 3-D reflect-even, automatic padding, stride 2, groups 2",
         small_ints((1, 4, 3, 4, 4)), small_ints((4, 2, 2, 2, 3)), None, "reflect-even", None, [2, 2, 2], None, 2)
add_case("conv", "conv3d_constant_negative", "conv 3-D constant, negative padding",
         small_ints((2, 1, 4, 3, 3)), small_ints((1, 1, 2, 2, 2)), None, "constant", [(-1, 0), (0, -1), (1, -1)])
add_case("conv", "conv4d_reflect", "conv 4-D (rank 6) reflect, padding 1", small_ints((1, 1, 3, 3, 2, 3)),
         small_ints((1, 1, 2, 2, 2, 2)), None, "reflect", [(1, 0), (0, 1), (1, 1), (1, 0)])

# deconv
add_case("deconv", "deconv1d_stride2", "deconv 1-D stride 2, padding (1, 1)", small_ints((1, 2, 5)),
         small_ints((2, 3, 4)), None, padding=[(1, 1)], stride=[2])
add_case("deconv", "deconv2d_stride_dilation_bias", "deconv 2-D stride 2, dilation 2, padding (1,2),(2,0), bias [1,3]",
         small_ints((1, 2, 3, 3)), small_ints((2, 3, 3, 2)), small_ints((1, 3)), padding=[(1, 2), (2, 0)],
         stride=[2, 2], dilation=[2, 2])
add_case("deconv", "deconv2d_groups2", "deconv 2-D groups 2: filter [4, 3, 3, 3], 6 output channels",
         small_ints((1, 4, 3, 3)), small_ints((4, 3, 3, 3)), None, padding=[(0, 0), (1, 1)], stride=[1, 2], groups=2)
add_case("deconv", "deconv2d_depthwise", "deconv 2-D groups 0 (one per input channel), stride 2",
         small_ints((1, 3, 3, 4)), small_ints((3, 1, 3, 3)), None, padding=[(1, 1), (1, 1)], stride=[2, 2], groups=0)
add_case("deconv", "deconv2d_multiplier", "deconv 2-D groups 0 with filter [2, 2, ...]: 4 output channels",
         small_ints((1, 2, 3, 3)), small_ints((2, 2, 2, 3)), 0.5, padding=[(0, 0), (0, 0)], groups=0)
add_case("deconv", "deconv2d_output_shape", "deconv 2-D stride 2, padding 1, output_shape 1 larger than computed",
         small_ints((1, 2, 3, 4)), small_ints((2, 1, 3, 3)), None, padding=[(1, 1), (1, 1)], stride=[2, 2],
         output_shape=[1, 1, 6, 8])
add_case("deconv", "deconv2d_output_shape_stride3", "deconv 2-D stride 3, output_shape 2 and 1 larger than computed",
         small_ints((1, 1, 3, 2)), small_ints((1, 2, 2, 3)), None, padding=[(0, 0), (1, 0)], stride=[3, 3],
         output_shape=[1, 2, 9, 7])
add_case("deconv", "deconv2d_auto", "deconv 2-D automatic padding, stride 2 (X = x * s)", small_ints((1, 2, 4, 3)),
         small_ints((2, 2, 3, 4)), None, stride=[2, 2])
add_case("deconv", "deconv2d_auto_output_shape", "deconv 2-D automatic padding with output_shape (X = 2x - 1)",
         small_ints((1, 2, 4, 3)), small_ints((2, 1, 3, 3)), None, stride=[2, 2], output_shape=[1, 1, 7, 5])
add_case("deconv", "deconv2d_negative", "deconv 2-D negative padding (-1, 1), (0, -2)", small_ints((1, 1, 3, 4)),
         small_ints((1, 2, 2, 3)), None, padding=[(-1, 1), (0, -2)], stride=[2, 1])
add_case("deconv", "deconv3d", "deconv 3-D stride (2,1,2), padding (0,1),(1,0),(1,1), bias [1, 2]",
         small_ints((1, 2, 2, 3, 2)), small_ints((2, 2, 2, 2, 3)), small_ints((1, 2)), padding=[(0, 1), (1, 0), (1, 1)],
         stride=[2, 1, 2])
# deconv, every border but constant: taps reading outside the input read ĩ (one document per rank)
x1, f1, x2, f2 = small_ints((1, 1, 5)), small_ints((1, 2, 3)), small_ints((1, 1, 3, 4)), small_ints((1, 1, 3, 3))
c1 = new_case("deconv1d_borders", "deconv 1-D borders replicate / reflect / reflect-even, stride 2, dilation 2, "
              "padding (3, 1)", x1, f1)
c2 = new_case("deconv2d_borders", "deconv 2-D borders replicate / reflect / reflect-even, stride 2, padding 0", x2, f2)
for b in BORDERS[1:]:
    n = b.replace("-", "_")
    add_op(c1, "deconv", "y_%s" % n, x1, f1, None, b, [(3, 1)], [2], [2])
    add_op(c2, "deconv", "y_%s" % n, x2, f2, None, b, [(0, 0), (0, 0)], [2, 2])
add_case("deconv", "deconv2d_replicate_auto", "deconv 2-D border replicate, automatic padding, stride 2",
         small_ints((1, 1, 3, 3)), small_ints((1, 2, 4, 3)), None, "replicate", None, [2, 2])

# Core cases the NNEF front end does not produce: float64, computed deconv extents.
x64 = small_ints((1, 2, 3, 4)).astype(np.float64)
f64 = small_ints((2, 2, 2, 3)).astype(np.float64)
dc, _ = o_deconv(x64, f64, None, "constant", [(1, 0), (0, 2)], [2, 1], [1, 2], None, 1)
xc = small_ints((1, 2, 5, 4, 3)).astype(np.float64)
fc = small_ints((4, 1, 2, 3, 2)).astype(np.float64)
cc, _ = o_conv(xc, fc, None, "constant", [(1, -1), (2, 0), (0, 1)], [2, 1, 1], [1, 1, 2], 2)
core = [
    ("deconv_float64_computed", "deconv", [x64, f64], dc.astype(np.float64),
     "{.deconv = {.pads = {1, 0, 0, 2}, .strides = {2, 1}, .dilations = {1, 2}, .groups = 1}}"),
    ("conv3d_float64_groups", "conv", [xc, fc], cc.astype(np.float64),
     "{.conv = {.pads = {1, -1, 2, 0, 0, 1}, .strides = {2, 1, 1}, .dilations = {1, 1, 2}, .groups = 2}}"),
]

write_header(OUT, "/* nnef_run_conv_expected.h — generated; do not edit. Regenerate with\n *   %s\n"
             " * conv / deconv documents and numpy-loop outputs (cross-checked with PyTorch when it imports). */\n"
             % COMMAND,
             "NNX_TEST_NNEF_RUN_CONV_EXPECTED_H", "nrc", cases, core)
print("%d NNEF cases, %d core cases; %d cross-checked with torch" % (len(cases), len(core), len(CROSS_CHECKED)))
