#!/usr/bin/python3
# gen_nnef_run_roi.py — writes tests/data/nnef_run_roi_expected.h: flat NNEF documents running
# avg_roi_pool, max_roi_pool, roi_resample (symmetric / asymmetric / aligned) and the compounds
# avg_roi_align / max_roi_align on 1, 2 and 3 spatial dimensions, with outputs computed here by
# explicit loops from the formulas of NNEF 1.0.2 §4.6 and the decisions recorded in
# NNEF decision 18–22, independent of src/ops/roi.c:
#   pools: coordinates rounded by floor(v + 0.5); per axis r = end - start, cell i covers
#     [start + i*floor(r/p), start + i*floor(r/p) + ceil(r/p)) clipped to the RoI and the map;
#     avg = mean of the clipped cell, max = its maximum, an empty cell gives 0;
#   roi_resample: position start + (i + 0.5)*r/h - 0.5 (symmetric), start + i*r/h (asymmetric),
#     start + i*(r - 1)/(h - 1) (aligned; h = 1: start), unrounded r; multilinear weights,
#     indices clamped to the map (replicate);
#   roi_align: roi_resample to output_size*sampling_rate (rounded to float32), then
#     avg/max over sampling_rate blocks (the patched chapter-4 bodies, NNEF decision 18).
# Inputs are small integers, so pool sums are exact and a mean is one rounding (exact compare);
# interpolated values are compared within 1 ulp.
# Run with Debian's python3:  /usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_roi.py
import itertools
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nnef_run_gen import Case, write_header  # noqa: E402

SEED = 20241122
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "..", "data", "nnef_run_roi_expected.h")
COMMAND = "/usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_roi.py"


# ---------------------------------------------------------------- oracle

def nnef_round(v):
    """NNEF round: floor(v + 0.5) (half up)."""
    return math.floor(v + 0.5)


def region(rois, index, r, m):
    """Batch item and (starts, ends) of RoI r: all m starts, then all m ends
    (NNEF 1.0.2 §4.6.1, decision 19)."""
    row = [float(v) for v in rois[r]]
    return int(np.asarray(index).ravel()[r]), row[:m], row[m:]


def o_roi_pool(x, rois, index, size, kind):
    """avg_roi_pool / max_roi_pool: x [N, C, s...] -> [K, C, size...]."""
    n_rois, channels, spatial = rois.shape[0], x.shape[1], x.shape[2:]
    m = len(spatial)
    out = np.zeros((n_rois, channels) + tuple(size), np.float64)
    for r in range(n_rois):
        b, starts, ends = region(rois, index, r, m)
        s = [nnef_round(v) for v in starts]
        e = [nnef_round(v) for v in ends]
        for cell in itertools.product(*[range(p) for p in size]):
            ranges = []
            for k in range(m):
                extent = e[k] - s[k]
                c = -((-extent) // size[k])          # ceil(r / p)
                stride = extent // size[k]           # floor(r / p)
                lo = s[k] + cell[k] * stride
                hi = lo + c
                lo, hi = max(lo, s[k], 0), min(hi, e[k], spatial[k])
                ranges.append(range(lo, hi))
            for ch in range(channels):
                vals = [float(x[(b, ch) + pos]) for pos in itertools.product(*ranges)]
                if not vals:
                    v = 0.0
                elif kind == "max":
                    v = max(vals)
                else:
                    v = sum(vals) / len(vals)
                out[(r, ch) + cell] = v
    return out.astype(x.dtype)


def position(method, start, end, i, h):
    """Sampling position of output index i of h on one axis (NNEF 1.0.2 §4.6.2 roi_resample, decision 20)."""
    extent = end - start
    if method == "symmetric":
        return start + (i + 0.5) * (extent / h) - 0.5
    if method == "asymmetric":
        return start + i * (extent / h)
    return start + i * ((extent - 1.0) / (h - 1)) if h > 1 else start


def o_resample(x, rois, index, size, method):
    """roi_resample: multilinear interpolation, replicate border."""
    n_rois, channels, spatial = rois.shape[0], x.shape[1], x.shape[2:]
    m = len(spatial)
    out = np.zeros((n_rois, channels) + tuple(size), np.float64)
    for r in range(n_rois):
        b, starts, ends = region(rois, index, r, m)
        for o in itertools.product(*[range(h) for h in size]):
            taps = []  # per axis: ((index, weight) for the lower and the upper neighbour)
            for k in range(m):
                v = position(method, starts[k], ends[k], o[k], size[k])
                j = math.floor(v)
                u = v - j
                last = spatial[k] - 1
                taps.append(((min(max(j, 0), last), 1.0 - u), (min(max(j + 1, 0), last), u)))
            for ch in range(channels):
                acc = 0.0
                for corner in itertools.product(*taps):
                    w = 1.0
                    for _, wk in corner:
                        w *= wk
                    acc += w * float(x[(b, ch) + tuple(i for i, _ in corner)])
                out[(r, ch) + o] = acc
    return out.astype(x.dtype)


def o_roi_align(x, rois, index, size, rate, method, kind):
    """The patched chapter-4 body: roi_resample to size*rate (float32), then pooling over
    rate-sized blocks with stride rate."""
    big = [s * q for s, q in zip(size, rate)]
    resized = o_resample(x, rois, index, big, method)
    out = np.zeros(resized.shape[:2] + tuple(size), np.float64)
    for pos in itertools.product(*[range(n) for n in out.shape]):
        block = [float(resized[pos[:2] + tuple(o * q + j for o, q, j in zip(pos[2:], rate, js))])
                 for js in itertools.product(*[range(q) for q in rate])]
        out[pos] = max(block) if kind == "max" else sum(block) / len(block)
    return out.astype(np.float32)


# ---------------------------------------------------------------- cases

cases = []


def ints(v):
    return "[%s]" % ", ".join(str(int(i)) for i in v)


def small_ints(shape, lo=-9, hi=10):
    return rng.integers(lo, hi, size=shape).astype(np.float32)


def distinct(shape):
    n = int(np.prod(shape))
    return (rng.permutation(n) - n // 2).astype(np.float32).reshape(shape)


def boxes(rows):
    return np.array(rows, np.float32)


def batch(rows, flat=False):
    a = np.array(rows, np.int32)
    return a if flat else a.reshape(-1, 1)


def roi_case(name, comment, x, rois, index, size, ops):
    """ops: (result name, op text after the three tensors, expected, ulps)."""
    c = Case(name, comment)
    c.input("x", x, "float32")
    c.input("rois", rois, "float32")
    c.input("index", index, "int32")
    for res, op, params, want, ulps in ops:
        c.op(res, "%s(x, rois, index, %s)" % (op, params), want, "float32", ulps)
    cases.append(c)


def pools(x, rois, index, size):
    p = "output_size = %s" % ints(size)
    return [("y_avg", "avg_roi_pool", p, o_roi_pool(x, rois, index, size, "avg"), 0),
            ("y_max", "max_roi_pool", p, o_roi_pool(x, rois, index, size, "max"), 0)]


def resamples(x, rois, index, size, methods=("symmetric", "asymmetric", "aligned")):
    return [("y_" + m, "roi_resample", "output_size = %s, method = '%s'" % (ints(size), m),
             o_resample(x, rois, index, size, m), 1) for m in methods]


def aligns(x, rois, index, size, rate, method="symmetric"):
    p = "output_size = %s, sampling_rate = %s, resize_method = '%s'" % (ints(size), ints(rate), method)
    return [("y_avg", "avg_roi_align", p, o_roi_align(x, rois, index, size, rate, method, "avg"), 1),
            ("y_max", "max_roi_align", p, o_roi_align(x, rois, index, size, rate, method, "max"), 1)]


x2 = small_ints((2, 3, 8, 9))
# (y0, x0, y1, x1): fractional (1.5 -> 2, 2.49 -> 2, 0.5 -> 1, 6.5 -> 7), sizes not divisible
# by 3 x 2, one touching the far border, one crossing the near border, one crossing both.
rois2 = boxes([[1.5, 2.49, 6.5, 8.0],
               [0.0, 0.0, 8.0, 9.0],
               [-2.3, 3.6, 4.4, 11.7],
               [3.0, -1.0, 5.0, 2.0],
               [-3.0, -4.0, 10.5, 12.5]])
index2 = batch([1, 0, 1, 0, 1])
roi_case("pool_2d", "RoI pools 3x2 over RoIs on both batch items: fractional, uneven, crossing the borders",
         x2, rois2, index2, [3, 2], pools(x2, rois2, index2, [3, 2]))
xd = distinct((2, 2, 7, 6))
roisd = boxes([[0.4, 0.6, 6.6, 5.4], [2.5, 1.5, 4.5, 3.5], [1.0, 0.0, 7.0, 6.0]])
indexd = batch([0, 1, 1], flat=True)
roi_case("pool_size1", "output_size [1, 1] pools the whole rounded RoI; batch_index of shape [K]",
         xd, roisd, indexd, [1, 1], pools(xd, roisd, indexd, [1, 1]))
roi_case("pool_larger_out", "output_size 5x4 larger than the RoIs (cells of extent 1 repeat)",
         xd, roisd, indexd, [5, 4], pools(xd, roisd, indexd, [5, 4]))
rois_empty = boxes([[3.0, 3.0, 3.2, 5.0],     # rounds to an empty height: every cell empty
                    [5.0, 4.0, 2.0, 1.0],     # end < start: empty
                    [7.5, 6.5, 9.0, 9.0],     # wholly past the map
                    [-4.0, -3.0, 1.4, 2.0]])  # only cell (1, 1) reaches the map: row 0, cols 0-1
index_empty = batch([0, 1, 0, 1])
roi_case("pool_empty_cells", "empty, inverted and outside RoIs give 0; cells clipped by the map",
         xd, rois_empty, index_empty, [2, 2], pools(xd, rois_empty, index_empty, [2, 2]))
x1 = small_ints((2, 2, 11))
rois1 = boxes([[0.5, 10.5], [2.0, 9.0], [-1.6, 4.4]])
index1 = batch([1, 0, 0])
roi_case("pool_1d", "RoI pools on one spatial dimension (rois [K, 2]), output 3", x1, rois1, index1, [3],
         pools(x1, rois1, index1, [3]))
x3 = small_ints((2, 2, 5, 4, 6))
rois3 = boxes([[0.0, 0.0, 0.0, 5.0, 4.0, 6.0], [1.4, 0.6, 2.5, 4.5, 3.0, 7.5]])
index3 = batch([1, 0])
roi_case("pool_3d", "RoI pools on three spatial dimensions (rois [K, 6]: 3 starts then 3 ends)",
         x3, rois3, index3, [2, 2, 3], pools(x3, rois3, index3, [2, 2, 3]))

xr = small_ints((2, 2, 6, 7))
roisr = boxes([[0.0, 0.0, 6.0, 7.0],
               [1.25, 0.5, 4.75, 5.5],
               [-1.5, 4.0, 3.0, 9.5],
               [2.3, 1.7, 2.9, 6.1]])
indexr = batch([1, 0, 1, 0])
roi_case("resample_2d", "roi_resample 4x3, the three methods, RoIs crossing the borders (replicate)",
         xr, roisr, indexr, [4, 3], resamples(xr, roisr, indexr, [4, 3]))
roi_case("resample_size1", "roi_resample with output_size 1 on one axis (aligned: the start)", xr, roisr,
         indexr, [1, 5], resamples(xr, roisr, indexr, [1, 5]))
roi_case("resample_1d", "roi_resample on one spatial dimension, upsampling 7 from RoIs of ~3", x1, rois1,
         index1, [7], resamples(x1, rois1, index1, [7]))
roi_case("resample_3d", "roi_resample on three spatial dimensions", x3, rois3, index3, [2, 3, 2],
         resamples(x3, rois3, index3, [2, 3, 2], ("symmetric", "aligned")))

roi_case("align_rate1", "avg/max_roi_align with sampling_rate [1, 1] (resample then identity pooling)",
         xr, roisr, indexr, [3, 2], aligns(xr, roisr, indexr, [3, 2], [1, 1]))
roi_case("align_rate2", "avg/max_roi_align with sampling_rate [2, 2], symmetric", xr, roisr, indexr, [2, 3],
         aligns(xr, roisr, indexr, [2, 3], [2, 2]))
roi_case("align_rate21_aligned", "avg/max_roi_align with sampling_rate [2, 1], resize_method aligned",
         xr, roisr, indexr, [2, 2], aligns(xr, roisr, indexr, [2, 2], [2, 1], "aligned"))
roi_case("align_1d", "avg/max_roi_align on one spatial dimension, sampling_rate [2], asymmetric",
         x1, rois1, index1, [3], aligns(x1, rois1, index1, [3], [2], "asymmetric"))

# Core-op cases for types NNEF cannot spell: float64 input and rois, int64 batch_index [K]. The
# coordinates and sizes are dyadic, so every step is exact and float64 compares bit for bit.
xf = rng.integers(-9, 10, size=(2, 2, 4, 5)).astype(np.float64)
roisf = np.array([[0.5, 1.25, 3.5, 4.0], [-1.0, 0.0, 3.0, 6.0]], np.float64)
indexf = np.array([1, 0], np.int64)
core = [("avg_roi_pool_f64", "avg_roi_pool", [xf, roisf, indexf], o_roi_pool(xf, roisf, indexf, [2, 2], "avg"),
         "{.roi = {.n_sizes = 2, .output_size = {2, 2}}}"),
        ("roi_resample_f64", "roi_resample", [xf, roisf, indexf], o_resample(xf, roisf, indexf, [4, 2], "asymmetric"),
         "{.roi = {.n_sizes = 2, .output_size = {4, 2}, .method = NNX_ROI_ASYMMETRIC}}")]

write_header(OUT, "/* nnef_run_roi_expected.h — generated; do not edit. Regenerate with\n *   %s\n"
             " * RoI pooling / roi_resample / roi_align documents and numpy-loop outputs. */\n" % COMMAND,
             "NNX_TEST_NNEF_RUN_ROI_EXPECTED_H", "nrr", cases, core)
