"""digits_builder.py — the same digits network written with nnx.ml, WebNN's graph builder:
the trained weights are read from the model's NNEF tensor files (nnx.load_tensor), the graph
is built for the whole test set as one batch, and its predictions are compared with those of
nnx.load on the NNEF model. Run it after installing the package (see digits_load.py)."""
import pathlib

import numpy as np
import numpy.typing as npt

import nnx

DIGITS = pathlib.Path(__file__).resolve().parent.parent / "digits"


def weight(label: str) -> npt.NDArray[np.float32]:
    """A variable of the NNEF model, by its label ('conv1/weight' is conv1/weight.dat)."""
    return nnx.load_tensor(DIGITS / "model" / f"{label}.dat")


def build(ctx: nnx.ml.MLContext, batch: int) -> nnx.ml.MLGraph:
    """input [batch, 1, 8, 8] -> 2 x (conv 3x3 pad 1, relu, max pool 2x2) -> linear -> softmax."""
    b = nnx.ml.MLGraphBuilder(ctx)
    x = b.input("input", "float32", [batch, 1, 8, 8])
    for name in ("conv1", "conv2"):
        w = b.constant(weight(f"{name}/weight"))
        bias = b.constant(weight(f"{name}/bias").reshape(-1))  # NNEF keeps biases as [1, C]
        x = b.relu(b.conv2d(x, w, bias=bias, padding=[1, 1, 1, 1]))
        x = b.max_pool2d(x, window_dimensions=[2, 2], strides=[2, 2])
    flat = b.reshape(x, [batch, 64])
    logits = b.gemm(flat, b.constant(weight("fc/weight")), c=b.constant(weight("fc/bias")), b_transpose=True)
    return b.build({"output": b.softmax(logits, 1)})


def main() -> None:
    images = np.load(DIGITS / "test_images.npy").astype(np.float32)
    labels = np.load(DIGITS / "test_labels.npy")
    ctx = nnx.ml.create_context()
    graph = build(ctx, len(images))
    print(graph)
    probabilities = ctx.compute(graph, {"input": images})["output"]
    predictions = probabilities.argmax(axis=1)
    print(f"test set: {np.count_nonzero(predictions == labels)} of {len(labels)} right")

    model = nnx.load(DIGITS / "model")
    loaded = np.concatenate([model.run(image[np.newaxis])["output"] for image in images])
    print(f"largest difference from nnx.load: {np.abs(probabilities - loaded).max():.2e}")
    sample = np.load(DIGITS / "sample.npy")
    one = ctx.compute(build(ctx, 1), {"input": sample})["output"][0]
    print(f"predicted digit: {one.argmax()}")


if __name__ == "__main__":
    main()
