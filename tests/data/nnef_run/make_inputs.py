#!/usr/bin/python3
# make_inputs.py OUT — writes the classifier's input (input.npy beside this script) in the
# other forms `nnx run` reads, for the CLI tests: an .npz bundle (by the model's input name,
# by a wrong name, truncated), an ONNX TensorProto .pb, a big-endian Fortran-order
# .npy, a float64 .npy whose values float32 does not hold (for --cast), and a bundle for
# relu_add_pair.onnx with numpy's result for it.
# Run with Debian's python3 and python3-numpy (python3-onnx for the .pb).
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
x = np.load(os.path.join(HERE, "input.npy"))
np.savez(os.path.join(out, "input.npz"), input=x)
np.savez_compressed(os.path.join(out, "input_deflated.npz"), input=x)
np.savez(os.path.join(out, "wrong_name.npz"), image=x)
# for relu_add_pair.onnx (inputs x [batch,seq], z [batch,1]): shapes bound from the bundle
z = np.full((1, 1), -0.25, np.float32)
np.savez(os.path.join(out, "pair.npz"), z=z, x=x)
np.save(os.path.join(out, "pair_expected.npy"), np.maximum(x, 0) + z)  # Relu(x) + z
with open(os.path.join(out, "input.npz"), "rb") as f:
    whole = f.read()
with open(os.path.join(out, "truncated.npz"), "wb") as f:
    f.write(whole[: len(whole) // 2])
np.save(os.path.join(out, "input_be_fortran.npy"), np.asfortranarray(x.astype(">f4")))
np.save(os.path.join(out, "input_lossy.npy"), x.astype(np.float64) + 1e-12)
from onnx import numpy_helper  # noqa: E402  (after numpy's files: they need no onnx)

with open(os.path.join(out, "input.pb"), "wb") as f:
    f.write(numpy_helper.from_array(x, "input").SerializeToString())
