#!/usr/bin/python3
# gen_input_corpus.py — writes the seed corpora of fuzz-npz (corpus/npz/: numpy.savez and
# savez_compressed bundles, one with a big-endian Fortran member) and fuzz-onnx-tensor
# (corpus/onnx_tensor/: TensorProto files with raw_data and with typed fields), small enough
# for the 512-byte inputs the ctest smoke run uses.
# Run with Debian's python3, python3-numpy and python3-onnx:  /usr/bin/python3 tests/fuzz/gen_input_corpus.py
import io
import os
import shutil
import zipfile

import numpy as np
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))


def fresh(name):
    path = os.path.join(HERE, "corpus", name)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def fixed_zip(path, members, deflate):
    # zipfile with a fixed date, so the seeds are the same on every run
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED if deflate else zipfile.ZIP_STORED) as z:
        for name, array in members:
            buf = io.BytesIO()
            np.save(buf, array)
            z.writestr(zipfile.ZipInfo(name + ".npy", (2024, 1, 1, 0, 0, 0)), buf.getvalue(),
                       zipfile.ZIP_DEFLATED if deflate else zipfile.ZIP_STORED)


def npz():
    out = fresh("npz")
    fixed_zip(os.path.join(out, "stored.npz"), [("x", np.arange(3, dtype=np.float32))], False)
    fixed_zip(os.path.join(out, "deflated.npz"),
              [("a", np.zeros((2, 2), np.int64)), ("b", np.array([True, False]))], True)
    fixed_zip(os.path.join(out, "layouts.npz"),
              [("f", np.asfortranarray(np.arange(6, dtype=">i2").reshape(2, 3)))], False)


def onnx_tensor():
    out = fresh("onnx_tensor")
    raw = numpy_helper.from_array(np.arange(6, dtype=np.float32).reshape(2, 3), "raw")
    typed = helper.make_tensor("typed", TensorProto.INT64, [3], [1, -2, 3])
    floats = helper.make_tensor("floats", TensorProto.FLOAT, [2], [0.5, 1.5])
    for t in (raw, typed, floats):
        with open(os.path.join(out, t.name + ".pb"), "wb") as f:
            f.write(t.SerializeToString())


npz()
onnx_tensor()
