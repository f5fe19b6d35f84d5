"""test_examples.py — the Python examples (examples/python/) run and print what PyTorch's own
predictions for the digits test set say they must: the sample is a 7, and as many test
images are right as PyTorch got right."""
import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
DIGITS = REPO / "examples" / "digits"


def torch_right() -> int:
    return int(np.count_nonzero(np.load(DIGITS / "torch_predictions.npy") == np.load(DIGITS / "test_labels.npy")))


def run_example(name: str, cwd: pathlib.Path) -> str:
    done = subprocess.run([sys.executable, str(REPO / "examples" / "python" / name)], cwd=cwd, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("name", ["digits_load.py", "digits_builder.py"])
def test_example(name, tmp_path):
    out = run_example(name, tmp_path)
    assert "predicted digit: 7" in out
    right = re.search(r"test set: (\d+) of 360 right", out)
    assert right and int(right.group(1)) == torch_right(), out
    if name == "digits_builder.py":
        diff = float(re.search(r"largest difference from nnx.load: (\S+)", out).group(1))
        assert diff < 1e-5, out
