"""test_torch_models.py — real models exported with Debian's PyTorch the way users export them
(torch.onnx.export with dynamic_axes, opsets 13 to 17; random weights from a fixed seed), loaded
once with nnx.load and run at two input shapes each; nnx's outputs are compared with PyTorch's,
and model.inputs / model.outputs must show the symbolic dimensions by name."""
from __future__ import annotations

import pathlib
import sys

import numpy as np
import pytest

import nnx

pytest.importorskip("torch", reason="python3-torch is not installed")
pytest.importorskip("torchvision", reason="python3-torchvision is not installed")

# The helpers the C-side checks (tests/models/check_dynamic_shapes.py) use: the seed and its
# seeded() weights, the tolerance and relative_error(), and that check's token encoder.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tests" / "models"))
from check_dynamic_shapes import TokenEncoder  # noqa: E402
from torch_models import SEED, TOLERANCE, relative_error, seeded, torch, torchvision  # noqa: E402

# Tolerance: TOLERANCE (1e-4) of the largest |output| PyTorch gives, as the C-side checks use.
# Both sides compute in float32 but sum in other orders (nnx: Winograd 3x3 convolutions,
# blocked GEMM with FMA, its own exp / tanh; PyTorch: its own CPU kernels), so outputs differ
# by a few float32 roundings per layer; through these depths that stays below 1e-6 of the
# largest output (measured: 1e-7 to 4e-7), 250 times under the bound, while a wrong operator,
# layout or shape binding gives errors of order 1. Relative to the largest magnitude rather
# than per element, because logits near zero have no meaningful relative error.


class LstmTagger(torch.nn.Module):
    """A 2-layer bidirectional LSTM over a sequence, tagging every step (batch_first)."""

    def __init__(self):
        super().__init__()
        self.lstm = torch.nn.LSTM(16, 24, num_layers=2, batch_first=True, bidirectional=True)
        self.fc = torch.nn.Linear(48, 5)

    def forward(self, x):
        y, _ = self.lstm(x)
        return self.fc(y)


# The exporter's tracing notes (TracerWarning, shape-inference UserWarnings) are not about nnx.
pytestmark = pytest.mark.filterwarnings("ignore::torch.jit.TracerWarning", "ignore::UserWarning:torch")

IMAGE_AXES = {0: "batch", 2: "height", 3: "width"}
SEQUENCE_AXES = {0: "batch", 1: "sequence"}


def _cases():
    """name -> (model factory, opset, dynamic axes of `input` and of `output`, the two input
    shapes tried, input dtype, the shapes model.inputs and model.outputs must show)."""
    return {
        "resnet18": (lambda: torchvision.models.resnet18(), 13, IMAGE_AXES, {0: "batch"},
                     [(1, 3, 64, 64), (3, 3, 96, 80)], torch.float32,
                     ("batch", 3, "height", "width"), ("batch", 1000)),
        "mobilenet_v3_small": (lambda: torchvision.models.mobilenet_v3_small(), 17, IMAGE_AXES, {0: "batch"},
                               [(2, 3, 96, 96), (1, 3, 128, 112)], torch.float32,
                               ("batch", 3, "height", "width"), ("batch", 1000)),
        # int64 token ids -> embedding -> 2-layer transformer encoder (check_dynamic_shapes.py)
        "token_transformer": (TokenEncoder, 14, SEQUENCE_AXES, SEQUENCE_AXES, [(1, 7), (4, 19)], torch.int64,
                              ("batch", "sequence"), ("batch", "sequence", 64)),
        "lstm_tagger": (LstmTagger, 15, SEQUENCE_AXES, SEQUENCE_AXES, [(1, 5, 16), (3, 11, 16)], torch.float32,
                        ("batch", "sequence", 16), ("batch", "sequence", 5)),
    }


CASES = _cases()


def _sample(shape, dtype, gen):
    if dtype == torch.int64:
        return torch.randint(0, 100, shape, generator=gen)
    return torch.randn(*shape, generator=gen)


@pytest.mark.parametrize("name", sorted(CASES))
def test_exported_model(name, tmp_path):
    factory, opset, in_axes, out_axes, shapes, dtype, want_in, want_out = CASES[name]
    model = seeded(factory())
    gen = torch.Generator().manual_seed(SEED)
    samples = [_sample(s, dtype, gen) for s in shapes]
    path = tmp_path / f"{name}.onnx"
    # Exported with autograd on, as users do: under no_grad the transformer takes its
    # inference fast path, a fused op that ONNX cannot express.
    torch.onnx.export(model, (samples[0],), str(path), input_names=["input"], output_names=["output"],
                      opset_version=opset, dynamic_axes={"input": in_axes, "output": out_axes})

    m = nnx.load(str(path))
    # Loaded without shapes: the symbolic dimensions of dynamic_axes show by name; the
    # outputs' are found by nnx's probes in terms of the inputs' (include/nnx.h, "Symbolic
    # dimensions").
    assert [(i.name, np.dtype(i.dtype), tuple(i.shape)) for i in m.inputs] == \
        [("input", np.dtype(np.int64 if dtype == torch.int64 else np.float32), want_in)]
    assert [(o.name, tuple(o.shape)) for o in m.outputs] == [("output", want_out)]

    # One loaded model, two shapes: each run binds its own shape set; then the first shape
    # again, from the graph kept for it, must give the same values bit for bit.
    first = None
    for k, x in enumerate(samples):
        with torch.no_grad():
            want = model(x).numpy()
        got = m.run({"input": x.numpy()})["output"]
        assert got.dtype == want.dtype and got.shape == want.shape, \
            f"{name} at {tuple(x.shape)}: {got.dtype}{got.shape}, PyTorch {want.dtype}{want.shape}"
        err = relative_error(got, want)
        assert err <= TOLERANCE, f"{name} at {tuple(x.shape)}: relative error {err:.2e} > {TOLERANCE:g}"
        if k == 0:
            first = got
    again = m.run({"input": samples[0].numpy()})["output"]
    np.testing.assert_array_equal(again, first, err_msg=f"{name}: the first shape again gives other values")


def test_wrong_fixed_dimension_is_refused(tmp_path):
    """Symbolic dimensions bind at run time, fixed ones do not: a 4-channel image for
    resnet18's 3 channels is a ValueError naming the input and its symbolic shape."""
    model = seeded(torchvision.models.resnet18())
    path = tmp_path / "resnet18.onnx"
    torch.onnx.export(model, (torch.zeros(1, 3, 32, 32),), str(path), input_names=["input"],
                      output_names=["output"], opset_version=13,
                      dynamic_axes={"input": IMAGE_AXES, "output": {0: "batch"}})
    m = nnx.load(str(path))
    with pytest.raises(ValueError, match=r"input 'input' must be float32\[batch,3,height,width\]"):
        m.run({"input": np.zeros((1, 4, 32, 32), np.float32)})


def test_converted_model_runs_by_either_name(tmp_path):
    """An export whose input is "input:0" saved as NNEF has the input "input_0" (an NNEF
    identifier); the converted model runs by either name and gives PyTorch's output, and
    "fc.weight" stays the variable's label (include/nnx.h, "Names across a save")."""
    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = torch.nn.Linear(8, 4)

        def forward(self, x):
            return torch.relu(self.fc(x))

    net = seeded(Net())
    x = torch.randn(2, 8, generator=torch.Generator().manual_seed(SEED))
    src = tmp_path / "net.onnx"
    torch.onnx.export(net, (x,), str(src), input_names=["input:0"], output_names=["y:0"])
    with torch.no_grad():
        want = net(x).numpy()
    out = tmp_path / "net.nnef"
    nnx.load(str(src)).save(str(out))
    assert "label = 'fc.weight'" in (out / "graph.nnef").read_text()
    m = nnx.load(str(out))
    assert [i.name for i in m.inputs] == ["input_0"]
    assert [o.name for o in m.outputs] == ["y_0"]
    for name in ("input_0", "input:0"):
        got = m.run({name: x.numpy()})["y_0"]
        assert relative_error(got, want) < TOLERANCE, name
    got = m.run({"input:0": x.numpy()}, outputs=["y:0"])  # outputs by the old name too
    assert list(got) == ["y:0"] and relative_error(got["y:0"], want) < TOLERANCE
    with pytest.raises(ValueError, match="not an input"):
        m.run({"input:1": x.numpy()})
