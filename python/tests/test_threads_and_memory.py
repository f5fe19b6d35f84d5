"""test_threads_and_memory.py — the extension as a good citizen: the GIL is released while a
graph runs (another Python thread keeps running meanwhile, and two threads dispatching one
graph overlap in time and get the results of sequential runs), tensors in use by a dispatch
cannot be touched, and 10,000 create/run/drop cycles leak neither Python objects
(tracemalloc) nor native memory (the process's resident set)."""
import gc
import threading
import time
import tracemalloc

import numpy as np
import pytest
import nnx

N = 768  # a [N, N] @ [N, N] product: long enough (tens of ms) to watch threads meet


def matmul_graph(ctx):
    b = nnx.ml.MLGraphBuilder(ctx)
    a = b.input("a", "float32", [N, N])
    w = b.constant(np.eye(N, dtype=np.float32) * 2)
    y = a @ w
    for _ in range(3):
        y = y @ w
    return b.build({"y": y})


def test_gil_is_released_while_running():
    ctx = nnx.ml.create_context(threads=1)
    g = matmul_graph(ctx)
    x = np.ones((N, N), np.float32)
    span = {}

    def run():
        span["start"] = time.perf_counter()
        span["y"] = ctx.compute(g, {"a": x})["y"]
        span["end"] = time.perf_counter()

    ticks = []
    t = threading.Thread(target=run)
    t.start()
    while t.is_alive():
        ticks.append(time.perf_counter())
    t.join()
    np.testing.assert_array_equal(span["y"], np.full((N, N), 16, np.float32))
    inside = [v for v in ticks if span["start"] < v < span["end"]]
    # With the GIL held for the whole run this thread could not tick in between at all
    # (Python switches threads only when the running one releases the GIL).
    assert span["end"] - span["start"] > 0.005
    assert len(inside) > 100, (len(inside), span["end"] - span["start"])


def test_two_threads_dispatch_one_graph():
    ctx = nnx.ml.create_context(threads=1)
    g = matmul_graph(ctx)
    inputs = [np.full((N, N), k + 1, np.float32) for k in range(2)]
    want = [v @ (np.eye(N, dtype=np.float32) * 16) for v in inputs]
    spans, results, barrier = [None, None], [None, None], threading.Barrier(2)

    def run(k):
        barrier.wait()
        t0 = time.perf_counter()
        for _ in range(3):
            results[k] = ctx.compute(g, {"a": inputs[k]})["y"]
        spans[k] = (t0, time.perf_counter())

    threads = [threading.Thread(target=run, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in range(2):
        np.testing.assert_array_equal(results[k], want[k])
    (a0, a1), (b0, b1) = spans
    assert a0 < b1 and b0 < a1, spans  # the runs overlapped


def test_tensors_used_by_a_dispatch_are_guarded():
    ctx = nnx.ml.create_context(threads=1)
    g = matmul_graph(ctx)
    a = ctx.create_tensor("float32", [N, N])
    y = ctx.create_tensor("float32", [N, N])
    ctx.write_tensor(a, np.ones((N, N), np.float32))
    errors = []

    def poke():
        while t.is_alive():
            try:
                ctx.write_tensor(y, np.zeros((N, N), np.float32))
            except nnx.InvalidStateError as e:
                errors.append(str(e))
                return

    t = threading.Thread(target=lambda: [ctx.dispatch(g, {"a": a}, {"y": y}) for _ in range(5)])
    t.start()
    poke()
    t.join()
    assert errors and "in use by a dispatch" in errors[0]
    np.testing.assert_array_equal(ctx.read_tensor(y), np.full((N, N), 16, np.float32))


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def cycle(x, ctx=None):
    """One create/build/run/drop cycle of everything nnx.ml makes (on ctx, or on a new
    context: a context frees what it owns when it dies, so a leak of a graph or tensor
    shows only on a context that lives on)."""
    ctx = ctx or nnx.ml.create_context(threads=1)
    b = nnx.ml.MLGraphBuilder(ctx)
    a = b.input("a", "float32", [4, 4])
    g = b.build({"y": a * 2.0 + b.constant(np.ones((4, 4), np.float32))})
    np.testing.assert_array_equal(ctx.compute(g, {"a": x})["y"], x * 2 + 1)
    t = ctx.create_tensor("float32", [4, 4])
    ctx.write_tensor(t, x)
    np.testing.assert_array_equal(ctx.read_tensor(t), x)
    t.destroy()


@pytest.mark.parametrize("shared_context", [False, True])
def test_no_leak_over_10000_cycles(shared_context):
    x = np.arange(16, dtype=np.float32).reshape(4, 4) - 8
    ctx = nnx.ml.create_context(threads=1) if shared_context else None
    for _ in range(300):  # warm up allocator pools and caches
        cycle(x, ctx)
    gc.collect()
    tracemalloc.start()
    before_py = tracemalloc.get_traced_memory()[0]
    before_rss = rss_bytes()
    for _ in range(10_000):
        cycle(x, ctx)
    gc.collect()
    after_py = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    after_rss = rss_bytes()
    # A leak of one small object per cycle would be 10,000 objects: hundreds of KiB.
    assert after_py - before_py < 64 * 1024, after_py - before_py
    # A context, builder, graph and tensor per cycle are several KiB of native memory each:
    # leaking them would grow the resident set by tens of MiB.
    print("resident set growth", after_rss - before_rss)
    assert after_rss - before_rss < 3 * 1024 * 1024, after_rss - before_rss


def test_no_leak_loading_models():
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples" / "digits" / "model"
    x = np.load(path.parent / "sample.npy")
    for _ in range(50):
        nnx.load(path, threads=1).run(x)
    gc.collect()
    before = rss_bytes()
    for _ in range(1000):
        assert nnx.load(path, threads=1).run(x)["output"].argmax() == 7
    gc.collect()
    assert rss_bytes() - before < 4 * 1024 * 1024
