"""onnxruntime_oracle.py — runs ONNX files with ONNX Runtime (npm onnxruntime-node, driven by
tests/onnxruntime/run_onnx.js under node) so the tests can compare what nnx writes with an
implementation that is not nnx. Many models go through one node process: ort_run(runner,
[(model, {name: array}), ...], work_dir) gives, per model, {output name: array} or a string
saying why ONNX Runtime refused or failed it.
"""
import json
import os
import shutil
import subprocess

import numpy as np


def available(runner):
    """None when the runner and its onnxruntime-node are installed, else why not."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not os.path.isdir(os.path.join(os.path.dirname(runner), "node_modules", "onnxruntime-node")):
        return "onnxruntime-node is not installed in %s (scripts/setup-test-tools.sh)" % os.path.dirname(runner)
    return None


def ort_run(runner, jobs, work):
    """Runs each (model, inputs) of jobs; returns one result per job, in order."""
    os.makedirs(work, exist_ok=True)
    manifest = []
    for k, (model, inputs) in enumerate(jobs):
        out = os.path.join(work, "run%d" % k)
        shutil.rmtree(out, ignore_errors=True)
        files = {}
        for i, (name, value) in enumerate(inputs.items()):
            files[name] = os.path.join(work, "run%d.in%d.npy" % (k, i))
            np.save(files[name], np.ascontiguousarray(value))
        manifest.append({"model": os.path.abspath(model), "inputs": files, "out": out})
    path = os.path.join(work, "manifest.json")
    with open(path, "w") as f:
        json.dump(manifest, f)
    r = subprocess.run(["node", runner, path], capture_output=True, text=True)
    if r.returncode != 0:
        return ["node %s exited %d: %s" % (runner, r.returncode, r.stderr.strip()[-400:])] * len(jobs)
    results = []
    for entry in manifest:
        error = os.path.join(entry["out"], "error.txt")
        if os.path.exists(error):
            with open(error) as f:
                results.append("onnxruntime: " + f.read().strip()[-400:])
            continue
        with open(os.path.join(entry["out"], "outputs.json")) as f:
            names = json.load(f)
        results.append({n: np.load(os.path.join(entry["out"], "%d.npy" % k)) for k, n in enumerate(names)})
    return results
