#!/usr/bin/python3
# torch_bench.py MODEL.pt INPUT.npy THREADS RUNS [WARMUP_MS] — times PyTorch (Debian's
# python3-torch) on one benchmark model made by make_models.py: warm-up runs for WARMUP_MS
# milliseconds (at least one, as `nnx bench --warmup`), then RUNS timed runs with
# THREADS intra-op threads; prints each run's time (the line `times: T1 T2 ...`, as
# `nnx bench --times`) and ends with the line `bench: median X ms, min Y ms`, the same
# line `nnx bench` prints, for bench/compare.
import statistics
import sys
import time

import os

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import __main__  # noqa: E402
from make_models import Encoder, Lstm  # noqa: E402

# make_models.py pickled these modules from its __main__; unpickling looks them up there.
__main__.Encoder, __main__.Lstm = Encoder, Lstm


def main():
    model_path, input_path, threads, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    warmup = float(sys.argv[5]) * 1e-3 if len(sys.argv) > 5 else 0.0
    torch.set_num_threads(threads)
    torch.set_num_interop_threads(1)
    model = torch.load(model_path)
    model.eval()
    x = torch.from_numpy(np.load(input_path))
    times = []
    with torch.inference_mode():
        warm_until = time.perf_counter() + warmup
        model(x)
        while time.perf_counter() < warm_until:
            model(x)
        for _ in range(runs):
            t0 = time.perf_counter()
            model(x)
            times.append((time.perf_counter() - t0) * 1e3)
    print("times: " + " ".join("%.3f" % t for t in times))
    print("bench: median %.3f ms, min %.3f ms" % (statistics.median(times), min(times)))


if __name__ == "__main__":
    main()
