# Type stubs of nnx.ml (WebNN's API; the classes live in the extension module nnx._nnx).
# The operation methods of MLGraphBuilder follow in the order of include/nnx.h.
import os
from typing import Any, Mapping, Sequence, final

import numpy as np
import numpy.typing as npt

from . import TensorInfo

_DType = str | np.dtype[Any] | type
_Number = int | float

@final
class MLContext:
    def __init__(self, *, threads: int = ...) -> None: ...
    @property
    def threads(self) -> int: ...
    def compute(
        self, graph: MLGraph, /, *inputs: Any, outputs: Sequence[str] | None = ...
    ) -> dict[str, npt.NDArray[Any]]: ...
    def dispatch(self, graph: MLGraph, inputs: Mapping[str, MLTensor], outputs: Mapping[str, MLTensor]) -> None: ...
    def create_tensor(
        self, dtype: _DType, shape: Sequence[int], *, readable: bool = ..., writable: bool = ...
    ) -> MLTensor: ...
    def create_constant_tensor(self, array: npt.ArrayLike, /) -> MLTensor: ...
    def write_tensor(self, tensor: MLTensor, data: npt.ArrayLike, /) -> None: ...
    def read_tensor(self, tensor: MLTensor, out: Any = ...) -> npt.NDArray[Any]: ...
    def op_support_limits(self) -> dict[str, Any]: ...

def create_context(threads: int = ...) -> MLContext: ...

@final
class MLTensor:
    @property
    def dtype(self) -> np.dtype[Any] | str: ...
    @property
    def shape(self) -> tuple[int, ...]: ...
    @property
    def readable(self) -> bool: ...
    @property
    def writable(self) -> bool: ...
    @property
    def constant(self) -> bool: ...
    def destroy(self) -> None: ...

@final
class MLGraph:
    @property
    def inputs(self) -> tuple[TensorInfo, ...]: ...
    @property
    def outputs(self) -> tuple[TensorInfo, ...]: ...
    @property
    def staged_reason(self) -> str | None: ...
    @property
    def planned_bytes(self) -> int: ...
    @property
    def context(self) -> MLContext: ...
    def save(self, path: str | os.PathLike[str], *, force: bool = ...) -> None: ...

@final
class MLOperand:
    @property
    def dtype(self) -> np.dtype[Any] | str: ...
    @property
    def shape(self) -> tuple[int, ...]: ...
    @property
    def builder(self) -> MLGraphBuilder: ...
    def __add__(self, other: MLOperand | _Number) -> MLOperand: ...
    def __radd__(self, other: MLOperand | _Number) -> MLOperand: ...
    def __sub__(self, other: MLOperand | _Number) -> MLOperand: ...
    def __rsub__(self, other: MLOperand | _Number) -> MLOperand: ...
    def __mul__(self, other: MLOperand | _Number) -> MLOperand: ...
    def __rmul__(self, other: MLOperand | _Number) -> MLOperand: ...
    def __truediv__(self, other: MLOperand | _Number) -> MLOperand: ...
    def __rtruediv__(self, other: MLOperand | _Number) -> MLOperand: ...
    def __pow__(self, other: MLOperand | _Number, mod: None = ...) -> MLOperand: ...
    def __rpow__(self, other: MLOperand | _Number, mod: None = ...) -> MLOperand: ...
    def __matmul__(self, other: MLOperand) -> MLOperand: ...
    def __rmatmul__(self, other: MLOperand) -> MLOperand: ...
    def __neg__(self) -> MLOperand: ...
    def __abs__(self) -> MLOperand: ...

@final
class MLGraphBuilder:
    def __init__(self, context: MLContext) -> None: ...
    @property
    def context(self) -> MLContext: ...
    def input(self, name: str, dtype: _DType, shape: Sequence[int]) -> MLOperand: ...
    def constant(self, value: Any, dtype: _DType | None = ...) -> MLOperand: ...
    def build(self, outputs: Mapping[str, MLOperand], /) -> MLGraph: ...
    def add(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def sub(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def mul(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def div(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def max(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def min(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def pow(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def abs(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def neg(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def ceil(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def floor(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def exp(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def log(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def sqrt(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def relu(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def sigmoid(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def tanh(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def round_even(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def sign(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def erf(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def reciprocal(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def sin(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def cos(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def tan(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def identity(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def clamp(
        self,
        input: MLOperand,
        *,
        min_value: _Number | None = ...,
        max_value: _Number | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def cast(self, input: MLOperand, dtype: _DType, *, label: str | None = ...) -> MLOperand: ...
    def matmul(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def gemm(
        self,
        a: MLOperand,
        b: MLOperand,
        *,
        c: MLOperand | None = ...,
        alpha: _Number | None = ...,
        beta: _Number | None = ...,
        a_transpose: bool | None = ...,
        b_transpose: bool | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def conv2d(
        self,
        input: MLOperand,
        filter: MLOperand,
        *,
        padding: Sequence[int] | None = ...,
        strides: Sequence[int] | None = ...,
        dilations: Sequence[int] | None = ...,
        groups: int | None = ...,
        input_layout: str | None = ...,
        filter_layout: str | None = ...,
        bias: MLOperand | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def average_pool2d(
        self,
        input: MLOperand,
        *,
        window_dimensions: Sequence[int] | None = ...,
        padding: Sequence[int] | None = ...,
        strides: Sequence[int] | None = ...,
        dilations: Sequence[int] | None = ...,
        layout: str | None = ...,
        rounding_type: str | None = ...,
        output_sizes: Sequence[int] | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def max_pool2d(
        self,
        input: MLOperand,
        *,
        window_dimensions: Sequence[int] | None = ...,
        padding: Sequence[int] | None = ...,
        strides: Sequence[int] | None = ...,
        dilations: Sequence[int] | None = ...,
        layout: str | None = ...,
        rounding_type: str | None = ...,
        output_sizes: Sequence[int] | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def l2_pool2d(
        self,
        input: MLOperand,
        *,
        window_dimensions: Sequence[int] | None = ...,
        padding: Sequence[int] | None = ...,
        strides: Sequence[int] | None = ...,
        dilations: Sequence[int] | None = ...,
        layout: str | None = ...,
        rounding_type: str | None = ...,
        output_sizes: Sequence[int] | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def conv_transpose2d(
        self,
        input: MLOperand,
        filter: MLOperand,
        *,
        padding: Sequence[int] | None = ...,
        strides: Sequence[int] | None = ...,
        dilations: Sequence[int] | None = ...,
        output_padding: Sequence[int] | None = ...,
        output_sizes: Sequence[int] | None = ...,
        groups: int | None = ...,
        input_layout: str | None = ...,
        filter_layout: str | None = ...,
        bias: MLOperand | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def resample2d(
        self,
        input: MLOperand,
        *,
        mode: str | None = ...,
        scales: Sequence[float] | None = ...,
        sizes: Sequence[int] | None = ...,
        axes: Sequence[int] | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def arg_min(
        self,
        input: MLOperand,
        axis: int,
        *,
        keep_dimensions: bool | None = ...,
        output_data_type: _DType | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def arg_max(
        self,
        input: MLOperand,
        axis: int,
        *,
        keep_dimensions: bool | None = ...,
        output_data_type: _DType | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def softmax(self, input: MLOperand, axis: int, *, label: str | None = ...) -> MLOperand: ...
    def reshape(self, input: MLOperand, new_shape: Sequence[int], *, label: str | None = ...) -> MLOperand: ...
    def transpose(
        self,
        input: MLOperand,
        *,
        permutation: Sequence[int] | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def concat(self, inputs: Sequence[MLOperand], axis: int, *, label: str | None = ...) -> MLOperand: ...
    def slice(
        self,
        input: MLOperand,
        starts: Sequence[int],
        sizes: Sequence[int],
        *,
        strides: Sequence[int] | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def split(
        self,
        input: MLOperand,
        splits: int | Sequence[int],
        *,
        axis: int | None = ...,
        label: str | None = ...,
    ) -> list[MLOperand]: ...
    def pad(
        self,
        input: MLOperand,
        beginning_padding: Sequence[int],
        ending_padding: Sequence[int],
        *,
        mode: str | None = ...,
        value: _Number | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def tile(self, input: MLOperand, repetitions: Sequence[int], *, label: str | None = ...) -> MLOperand: ...
    def reduce_sum(
        self,
        input: MLOperand,
        *,
        axes: Sequence[int] | None = ...,
        keep_dimensions: bool | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def reduce_mean(
        self,
        input: MLOperand,
        *,
        axes: Sequence[int] | None = ...,
        keep_dimensions: bool | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def reduce_max(
        self,
        input: MLOperand,
        *,
        axes: Sequence[int] | None = ...,
        keep_dimensions: bool | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def reduce_min(
        self,
        input: MLOperand,
        *,
        axes: Sequence[int] | None = ...,
        keep_dimensions: bool | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def reduce_l1(
        self,
        input: MLOperand,
        *,
        axes: Sequence[int] | None = ...,
        keep_dimensions: bool | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def reduce_l2(
        self,
        input: MLOperand,
        *,
        axes: Sequence[int] | None = ...,
        keep_dimensions: bool | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def reduce_log_sum(
        self,
        input: MLOperand,
        *,
        axes: Sequence[int] | None = ...,
        keep_dimensions: bool | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def reduce_log_sum_exp(
        self,
        input: MLOperand,
        *,
        axes: Sequence[int] | None = ...,
        keep_dimensions: bool | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def reduce_product(
        self,
        input: MLOperand,
        *,
        axes: Sequence[int] | None = ...,
        keep_dimensions: bool | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def reduce_sum_square(
        self,
        input: MLOperand,
        *,
        axes: Sequence[int] | None = ...,
        keep_dimensions: bool | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def expand(self, input: MLOperand, new_shape: Sequence[int], *, label: str | None = ...) -> MLOperand: ...
    def reverse(self, input: MLOperand, *, axes: Sequence[int] | None = ..., label: str | None = ...) -> MLOperand: ...
    def triangular(
        self,
        input: MLOperand,
        *,
        upper: bool | None = ...,
        diagonal: int | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def cumulative_sum(
        self,
        input: MLOperand,
        axis: int,
        *,
        exclusive: bool | None = ...,
        reversed: bool | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def gather(
        self,
        input: MLOperand,
        indices: MLOperand,
        *,
        axis: int | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def gather_elements(
        self,
        input: MLOperand,
        indices: MLOperand,
        *,
        axis: int | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def gather_nd(self, input: MLOperand, indices: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def scatter_elements(
        self,
        input: MLOperand,
        indices: MLOperand,
        updates: MLOperand,
        *,
        axis: int | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def scatter_nd(
        self,
        input: MLOperand,
        indices: MLOperand,
        updates: MLOperand,
        *,
        label: str | None = ...,
    ) -> MLOperand: ...
    def batch_normalization(
        self,
        input: MLOperand,
        mean: MLOperand,
        variance: MLOperand,
        *,
        scale: MLOperand | None = ...,
        bias: MLOperand | None = ...,
        axis: int | None = ...,
        epsilon: _Number | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def instance_normalization(
        self,
        input: MLOperand,
        *,
        scale: MLOperand | None = ...,
        bias: MLOperand | None = ...,
        epsilon: _Number | None = ...,
        layout: str | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def layer_normalization(
        self,
        input: MLOperand,
        *,
        scale: MLOperand | None = ...,
        bias: MLOperand | None = ...,
        axes: Sequence[int] | None = ...,
        epsilon: _Number | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def equal(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def not_equal(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def greater(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def greater_or_equal(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def lesser(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def lesser_or_equal(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def logical_not(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def logical_and(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def logical_or(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def logical_xor(self, a: MLOperand, b: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def where(
        self,
        condition: MLOperand,
        true_value: MLOperand,
        false_value: MLOperand,
        *,
        label: str | None = ...,
    ) -> MLOperand: ...
    def is_nan(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def is_infinite(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def elu(self, input: MLOperand, *, alpha: _Number | None = ..., label: str | None = ...) -> MLOperand: ...
    def gelu(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def hard_sigmoid(
        self,
        input: MLOperand,
        *,
        alpha: _Number | None = ...,
        beta: _Number | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def hard_swish(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def leaky_relu(self, input: MLOperand, *, alpha: _Number | None = ..., label: str | None = ...) -> MLOperand: ...
    def linear(
        self,
        input: MLOperand,
        *,
        alpha: _Number | None = ...,
        beta: _Number | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def prelu(self, input: MLOperand, slope: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def softplus(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def softsign(self, input: MLOperand, *, label: str | None = ...) -> MLOperand: ...
    def quantize_linear(
        self,
        input: MLOperand,
        scale: MLOperand,
        zero_point: MLOperand,
        *,
        label: str | None = ...,
    ) -> MLOperand: ...
    def dequantize_linear(
        self,
        input: MLOperand,
        scale: MLOperand,
        zero_point: MLOperand,
        *,
        label: str | None = ...,
    ) -> MLOperand: ...
    def gru_cell(
        self,
        input: MLOperand,
        weight: MLOperand,
        recurrent_weight: MLOperand,
        hidden_state: MLOperand,
        hidden_size: int,
        *,
        bias: MLOperand | None = ...,
        recurrent_bias: MLOperand | None = ...,
        reset_after: bool | None = ...,
        layout: str | None = ...,
        activations: Sequence[str] | None = ...,
        label: str | None = ...,
    ) -> MLOperand: ...
    def gru(
        self,
        input: MLOperand,
        weight: MLOperand,
        recurrent_weight: MLOperand,
        steps: int,
        hidden_size: int,
        *,
        bias: MLOperand | None = ...,
        recurrent_bias: MLOperand | None = ...,
        initial_hidden_state: MLOperand | None = ...,
        reset_after: bool | None = ...,
        return_sequence: bool | None = ...,
        direction: str | None = ...,
        layout: str | None = ...,
        activations: Sequence[str] | None = ...,
        label: str | None = ...,
    ) -> list[MLOperand]: ...
    def lstm_cell(
        self,
        input: MLOperand,
        weight: MLOperand,
        recurrent_weight: MLOperand,
        hidden_state: MLOperand,
        cell_state: MLOperand,
        hidden_size: int,
        *,
        bias: MLOperand | None = ...,
        recurrent_bias: MLOperand | None = ...,
        peephole_weight: MLOperand | None = ...,
        layout: str | None = ...,
        activations: Sequence[str] | None = ...,
        label: str | None = ...,
    ) -> list[MLOperand]: ...
    def lstm(
        self,
        input: MLOperand,
        weight: MLOperand,
        recurrent_weight: MLOperand,
        steps: int,
        hidden_size: int,
        *,
        bias: MLOperand | None = ...,
        recurrent_bias: MLOperand | None = ...,
        peephole_weight: MLOperand | None = ...,
        initial_hidden_state: MLOperand | None = ...,
        initial_cell_state: MLOperand | None = ...,
        return_sequence: bool | None = ...,
        direction: str | None = ...,
        layout: str | None = ...,
        activations: Sequence[str] | None = ...,
        label: str | None = ...,
    ) -> list[MLOperand]: ...

GraphBuilder = MLGraphBuilder
