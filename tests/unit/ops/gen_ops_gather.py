#!/usr/bin/python3
# gen_ops_gather.py — writes tests/data/ops_gather_expected.h: seeded random inputs and the
# expected outputs of gather, gather_elements, gather_nd, scatter_elements, scatter_nd,
# expand, reverse and triangular for every nnx dtype numpy can hold, every index type, and
# out-of-range and negative indices, computed with numpy as an oracle independent of the C
# kernels. Index policy (WebNN, WebNN decision 6.1-19): clamp into [-n, n-1], then a
# negative index counts from the end; scatter applies updates in row-major order (the last one
# wins). Run with Debian's python3 and python3-numpy:
#   /usr/bin/python3 tests/unit/ops/gen_ops_gather.py
import os
import sys

import numpy as np

from gen_ops_common import DTYPES, Emitter

SEED = 20250611
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "data", "ops_gather_expected.h")
E = Emitter(np.random.default_rng(SEED))
ALL = list(DTYPES)
INDEX_TYPES = ("int32", "uint32", "int64")
# Out-of-range and negative values each index type can hold (n is the extent indexed).
WILD = {"int32": [-2**31, -7, -1, 2**31 - 1, 5], "uint32": [2**32 - 1, 9, 0, 3],
        "int64": [-2**63, 2**63 - 1, -3, 100]}


def clamp(i, n):
    i = min(max(int(i), -n), n - 1)
    return i + n if i < 0 else i


def rand_indices(shape, n, dtype, wild=True):
    """Indices in [-n, n) (non-negative for uint32) plus, when wild, out-of-range values."""
    lo = 0 if dtype == "uint32" else -n
    idx = E.rng.integers(lo, n, size=shape).astype(np.int64)
    flat = idx.reshape(-1)
    if wild:
        for k, v in enumerate(WILD[dtype][:flat.size]):
            flat[(k * 3) % flat.size] = v
    return flat.reshape(shape).astype(np.uint64 if dtype == "uint32" else np.int64)


# ------------------------------------------------------------------ gather family

def gather_ref(x, idx, axis):
    n = x.shape[axis]
    c = np.vectorize(lambda i: clamp(i, n), otypes=[np.int64])(idx) if idx.size else idx.astype(np.int64)
    return np.take(x, c, axis=axis)


def gather_case(name, xshape, ishape, axis, dt, it, wild=True):
    x = E.rand(xshape, dt)
    idx = rand_indices(ishape, xshape[axis], it, wild)
    E.add_case(name, "GATHER", ".axis = {%d}" % axis, [(x, dt), (idx, it)], (gather_ref(x, idx, axis), dt))


def gather_elements_case(name, xshape, ishape, axis, dt, it):
    x = E.rand(xshape, dt)
    idx = rand_indices(ishape, xshape[axis], it)
    c = np.vectorize(lambda i: clamp(i, xshape[axis]), otypes=[np.int64])(idx)
    y = np.take_along_axis(x, c, axis=axis)
    E.add_case(name, "GATHER_ELEMENTS", ".axis = {%d}" % axis, [(x, dt), (idx, it)], (y, dt))


def nd_coords(idx, xshape):
    k = idx.shape[-1]
    flat = idx.reshape(-1, k)
    return [tuple(clamp(v, xshape[j]) for j, v in enumerate(row)) for row in flat]


def gather_nd_case(name, xshape, ishape, dt, it):
    x = E.rand(xshape, dt)
    k = ishape[-1]
    cols = [rand_indices(ishape[:-1] + (1,), xshape[j], it) for j in range(k)]
    idx = np.concatenate(cols, axis=-1)
    coords = nd_coords(idx, xshape)
    y = np.stack([x[c] for c in coords]).reshape(ishape[:-1] + tuple(xshape[k:]))
    E.add_case(name, "GATHER_ND", ".none = {0}", [(x, dt), (idx, it)], (y, dt))


def scatter_elements_case(name, xshape, ishape, axis, dt, it):
    x, upd = E.rand(xshape, dt), E.rand(ishape, dt)
    idx = rand_indices(ishape, xshape[axis], it)
    y = x.copy()
    for pos in np.ndindex(*ishape):  # row-major: a later duplicate overwrites
        dst = list(pos)
        dst[axis] = clamp(idx[pos], xshape[axis])
        y[tuple(dst)] = upd[pos]
    E.add_case(name, "SCATTER_ELEMENTS", ".axis = {%d}" % axis, [(x, dt), (idx, it), (upd, dt)], (y, dt))


def scatter_nd_case(name, xshape, ishape, dt, it):
    x = E.rand(xshape, dt)
    k = ishape[-1]
    cols = [rand_indices(ishape[:-1] + (1,), xshape[j], it) for j in range(k)]
    idx = np.concatenate(cols, axis=-1)
    upd = E.rand(ishape[:-1] + tuple(xshape[k:]), dt)
    y = x.copy()
    flat_upd = upd.reshape((-1,) + tuple(xshape[k:]))
    for m, c in enumerate(nd_coords(idx, xshape)):
        y[c] = flat_upd[m]
    E.add_case(name, "SCATTER_ND", ".none = {0}", [(x, dt), (idx, it), (upd, dt)], (y, dt))


def gather_cases():
    for k, dt in enumerate(ALL):  # every dtype, the index types in turn
        it = INDEX_TYPES[k % 3]
        gather_case("gather_%s_%s_axis1" % (dt, it), (3, 4, 2), (2, 3), 1, dt, it)
        gather_elements_case("gather_elements_%s_%s_axis0" % (dt, it), (4, 3), (5, 3), 0, dt, it)
        gather_nd_case("gather_nd_%s_%s_k2" % (dt, it), (3, 4, 2), (5, 2), dt, it)
        scatter_elements_case("scatter_elements_%s_%s_axis1" % (dt, it), (3, 4), (3, 6), 1, dt, it)
        scatter_nd_case("scatter_nd_%s_%s_k1" % (dt, it), (4, 3), (6, 1), dt, it)
    for it in INDEX_TYPES:
        gather_case("gather_f32_%s_scalar_index" % it, (5, 3), (), 0, "float32", it, wild=False)
        gather_case("gather_f32_%s_axis_last" % it, (2, 3, 4), (2, 2), 2, "float32", it)
        gather_case("gather_f32_%s_rank1" % it, (6,), (3, 2, 2), 0, "float32", it)
        gather_elements_case("gather_elements_f32_%s_axis2" % it, (2, 3, 4), (2, 3, 7), 2, "float32", it)
        gather_nd_case("gather_nd_f32_%s_full_coords_scalar_slices" % it, (2, 3, 4), (6, 3), "float32", it)
        gather_nd_case("gather_nd_f32_%s_k1_batched" % it, (3, 2, 2), (2, 2, 1), "float32", it)
        scatter_elements_case("scatter_elements_f32_%s_axis0_dups" % it, (3, 2), (8, 2), 0, "float32", it)
        scatter_nd_case("scatter_nd_f32_%s_full_coords" % it, (3, 4), (7, 2), "float32", it)
        scatter_nd_case("scatter_nd_f32_%s_rank1_indices_scalar_update" % it, (2, 3), (2,), "float32", it)
    # Spec examples (webnn index gather examples 1-3 data shapes, literal values)
    x = np.array([[0, 1, 2], [10, 11, 12], [20, 21, 22], [30, 31, 32]], np.float32)
    E.add_case("gather_spec_example_axis0", "GATHER", ".axis = {0}", [(x, "float32"),
               (np.array([3, 1, 1], np.int64), "int64")], (x[[3, 1, 1]], "float32"))
    E.add_case("gather_spec_example_axis1_2d", "GATHER", ".axis = {1}", [(x, "float32"),
               (np.array([[0, 1], [1, 2]], np.uint64), "uint32")], (x[:, [[0, 1], [1, 2]]], "float32"))


# ------------------------------------------------------------------ expand, reverse, triangular

def movement_cases():
    for k, dt in enumerate(ALL):
        x = E.rand((3, 1), dt)
        E.add_case("expand_%s" % dt, "EXPAND", ".reshape = {.rank = 3, .shape = {2, 3, 4}}", [(x, dt)],
                   (np.broadcast_to(x, (2, 3, 4)), dt))
        x = E.rand((2, 3, 4), dt)
        E.add_case("reverse_%s_axes02" % dt, "REVERSE", ".reverse = {.axes_mask = 0x5}", [(x, dt)],
                   (np.flip(x, axis=(0, 2)), dt))
        d = (k % 5) - 2
        upper = k % 2 == 0
        x = E.rand((2, 3, 4), dt)
        y = np.triu(x, d) if upper else np.tril(x, d)
        E.add_case("triangular_%s_%s_d%d" % (dt, "upper" if upper else "lower", d), "TRIANGULAR",
                   ".triangular = {.upper = %s, .diagonal = %d}" % ("true" if upper else "false", d), [(x, dt)], (y, dt))
    x = E.rand((), "float32")
    E.add_case("expand_scalar_to_rank2", "EXPAND", ".reshape = {.rank = 2, .shape = {2, 2}}", [(x, "float32")],
               (np.broadcast_to(x, (2, 2)), "float32"))
    x = E.rand((4,), "int32")
    E.add_case("expand_same_rank_identity", "EXPAND", ".reshape = {.rank = 1, .shape = {4}}", [(x, "int32")],
               (x, "int32"))
    x = E.rand((2, 3), "float32")
    E.add_case("reverse_no_axes_copies", "REVERSE", ".reverse = {.axes_mask = 0x0}", [(x, "float32")], (x, "float32"))
    E.add_case("reverse_all_axes", "REVERSE", ".reverse = {.axes_mask = 0x3}", [(x, "float32")],
               (np.flip(x), "float32"))
    x = E.rand((), "int8")
    E.add_case("reverse_scalar", "REVERSE", ".reverse = {.axes_mask = 0x0}", [(x, "int8")], (x, "int8"))
    m = np.array([[7, 1, 2], [9, 4, 8], [2, 6, 3]], np.float32)  # the spec's examples
    for upper, d in ((True, 0), (True, 1), (True, -1), (False, 0), (False, 1), (False, -1)):
        y = np.triu(m, d) if upper else np.tril(m, d)
        E.add_case("triangular_spec_%s_d%d" % ("upper" if upper else "lower", d), "TRIANGULAR",
                   ".triangular = {.upper = %s, .diagonal = %d}" % ("true" if upper else "false", d),
                   [(m, "float32")], (y, "float32"))
    x = E.rand((3, 5), "float32")
    for d in (2**31 - 1, -2**31):
        for upper in (True, False):
            y = np.triu(x, d) if upper else np.tril(x, d)
            E.add_case("triangular_%s_extreme_d%d" % ("upper" if upper else "lower", d), "TRIANGULAR",
                       ".triangular = {.upper = %s, .diagonal = %s}" % ("true" if upper else "false",
                                                                        "INT32_MIN" if d < 0 else "INT32_MAX"),
                       [(x, "float32")], (y, "float32"))


def main():
    gather_cases()
    movement_cases()
    E.write(sys.argv[1] if len(sys.argv) > 1 else OUT, "ops_gather_expected.h", "gen_ops_gather.py", np.__version__,
            SEED, "Seeded random inputs and numpy-computed outputs of the indexing and movement ops, with\n"
            " * out-of-range and negative indices (clamped, then counted from the end).")


if __name__ == "__main__":
    main()
