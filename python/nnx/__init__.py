"""nnx: read, check, convert and run neural-network models (NNEF, ONNX, NNVM graph JSON with
TVM .params, TOSA flatbuffers) on NumPy arrays, and build graphs with WebNN's API (nnx.ml)
or TOSA 1.0 operators (nnx.tosa). The work is done by the C library libnnx through the
extension module nnx._nnx."""
try:
    from . import _nnx
except ImportError as missing:
    import glob as _glob
    import os as _os

    if _glob.glob(_os.path.join(__path__[0], "_nnx*")):
        raise  # the compiled module is there but does not load: say why
    raise ImportError(
        f"nnx's compiled module is missing from {__path__[0]}: this is the source package. Install it "
        "(python3 -m pip install --no-build-isolation ./python) and run Python from outside python/."
    ) from missing
from ._nnx import (
    Error,
    FileError,
    InvalidArgumentError,
    InvalidModelError,
    InvalidStateError,
    Model,
    NotSupportedError,
    OperationError,
    OutOfMemoryError,
    ParseError,
    TensorInfo,
    UnknownError,
    convert,
    load,
    load_tensor,
    save_tensor,
)

__version__ = _nnx.nnx_version

from . import ml  # noqa: E402  (ml and tosa use the names above)
from . import tosa  # noqa: E402

__all__ = [
    "Error",
    "FileError",
    "InvalidArgumentError",
    "InvalidModelError",
    "InvalidStateError",
    "Model",
    "NotSupportedError",
    "OperationError",
    "OutOfMemoryError",
    "ParseError",
    "TensorInfo",
    "UnknownError",
    "__version__",
    "convert",
    "load",
    "load_tensor",
    "ml",
    "save_tensor",
    "tosa",
]
