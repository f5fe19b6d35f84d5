"""digits_load.py — classify the bundled handwritten digits with nnx.load: the small CNN of
examples/digits (trained with PyTorch, saved as NNEF) on its sample image and its test set.
Run it after `python3 -m pip install --no-build-isolation ./python`:
    python3 examples/python/digits_load.py"""
import pathlib

import numpy as np

import nnx

DIGITS = pathlib.Path(__file__).resolve().parent.parent / "digits"


def main() -> None:
    model = nnx.load(DIGITS / "model")
    print(model)
    sample = np.load(DIGITS / "sample.npy")  # float32 [1, 1, 8, 8], pixels in [0, 1]
    probabilities = model.run({"input": sample})["output"][0]
    print(f"predicted digit: {probabilities.argmax()} (p = {probabilities.max():.3f})")

    images = np.load(DIGITS / "test_images.npy").astype(np.float32)
    labels = np.load(DIGITS / "test_labels.npy")
    predictions = np.array([model.run(image[np.newaxis])["output"][0].argmax() for image in images])
    print(f"test set: {np.count_nonzero(predictions == labels)} of {len(labels)} right")


if __name__ == "__main__":
    main()
