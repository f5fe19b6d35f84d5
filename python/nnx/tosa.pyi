"""Type stubs of nnx.tosa (the methods are made in C from one table per operator; see
python/src/tosa_ops.c). Inputs are positional in the TOSA 1.0 spec's argument order,
attributes are keywords with the spec's names."""
from collections.abc import Callable, Sequence
from typing import Any, final, overload

from numpy.typing import ArrayLike, DTypeLike

from .ml import MLGraphBuilder, MLOperand

PROFILES: tuple[str, ...]

# A COND_IF / WHILE_LOOP sub-graph: called with the session to build on and the operands of
# the input list; returns the sub-graph's results.
_SubGraph = Callable[["Session", list[MLOperand]], Sequence[MLOperand]]

@final
class Session:
    def __init__(self, builder: MLGraphBuilder, profiles: Sequence[str] | None = None, level: str = "8k") -> None: ...
    @property
    def builder(self) -> MLGraphBuilder: ...
    @property
    def profiles(self) -> tuple[str, ...]: ...
    @property
    def level(self) -> str: ...
    def argmax(
        self,
        input: MLOperand,
        /,
        *,
        axis: int,
        nan_mode: str = 'PROPAGATE',
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 ARGMAX (spec §2.3.1): The index of the largest value along axis."""
    def avg_pool2d(
        self,
        input: MLOperand,
        input_zp: MLOperand | None = None,
        output_zp: MLOperand | None = None,
        /,
        *,
        kernel: Sequence[int],
        stride: Sequence[int],
        pad: Sequence[int],
        acc_type: DTypeLike | None = None,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 AVG_POOL2D (spec §2.3.2): Average pooling of an NHWC input; pad is [top, bottom, left,
        right].
        """
    def conv2d(
        self,
        input: MLOperand,
        weight: MLOperand,
        bias: MLOperand,
        input_zp: MLOperand | None = None,
        weight_zp: MLOperand | None = None,
        /,
        *,
        pad: Sequence[int],
        stride: Sequence[int],
        dilation: Sequence[int],
        acc_type: DTypeLike | None = None,
        local_bound: bool = False,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 CONV2D (spec §2.3.3): 2D convolution of an NHWC input by [OC,KH,KW,IC] weights; pad is
        [top, bottom, left, right].
        """
    def conv3d(
        self,
        input: MLOperand,
        weight: MLOperand,
        bias: MLOperand,
        input_zp: MLOperand | None = None,
        weight_zp: MLOperand | None = None,
        /,
        *,
        pad: Sequence[int],
        stride: Sequence[int],
        dilation: Sequence[int],
        acc_type: DTypeLike | None = None,
        local_bound: bool = False,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 CONV3D (spec §2.3.4): 3D convolution of an NDHWC input; pad has 6 values, stride and
        dilation 3.
        """
    def depthwise_conv2d(
        self,
        input: MLOperand,
        weight: MLOperand,
        bias: MLOperand,
        input_zp: MLOperand | None = None,
        weight_zp: MLOperand | None = None,
        /,
        *,
        pad: Sequence[int],
        stride: Sequence[int],
        dilation: Sequence[int],
        acc_type: DTypeLike | None = None,
        local_bound: bool = False,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 DEPTHWISE_CONV2D (spec §2.3.5): Depthwise 2D convolution by [KH,KW,C,M] weights."""
    def fft2d(
        self,
        input_real: MLOperand,
        input_imag: MLOperand,
        /,
        *,
        inverse: bool = False,
        local_bound: bool = False,
        label: str | None = None,
    ) -> list[MLOperand]:
        """TOSA 1.0 FFT2D (spec §2.3.6): 2D discrete Fourier transform; returns [output_real, output_imag]."""
    def matmul(
        self,
        A: MLOperand,
        B: MLOperand,
        A_zp: MLOperand | None = None,
        B_zp: MLOperand | None = None,
        /,
        *,
        out_type: DTypeLike | None = None,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 MATMUL (spec §2.3.7): Batched matrix product [N,H,C] x [N,C,W]; out_type picks the result
        type where several fit.
        """
    def max_pool2d(
        self,
        input: MLOperand,
        /,
        *,
        kernel: Sequence[int],
        stride: Sequence[int],
        pad: Sequence[int],
        nan_mode: str = 'PROPAGATE',
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 MAX_POOL2D (spec §2.3.8): Max pooling of an NHWC input."""
    def rfft2d(
        self,
        input_real: MLOperand,
        /,
        *,
        local_bound: bool = False,
        label: str | None = None,
    ) -> list[MLOperand]:
        """TOSA 1.0 RFFT2D (spec §2.3.9): 2D real-input Fourier transform; returns [output_real, output_imag].
        """
    def transpose_conv2d(
        self,
        input: MLOperand,
        weight: MLOperand,
        bias: MLOperand,
        input_zp: MLOperand | None = None,
        weight_zp: MLOperand | None = None,
        /,
        *,
        out_pad: Sequence[int],
        stride: Sequence[int],
        acc_type: DTypeLike | None = None,
        local_bound: bool = False,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 TRANSPOSE_CONV2D (spec §2.3.10): Transposed 2D convolution by [OC,KH,KW,IC] weights;
        out_pad is [top, bottom, left, right].
        """
    def clamp(
        self,
        input: MLOperand,
        /,
        *,
        min_val: float | None = None,
        max_val: float | None = None,
        nan_mode: str = 'PROPAGATE',
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 CLAMP (spec §2.4.1): Clamps to [min_val, max_val] (values of the input's type; absent: the
        type's range).
        """
    def erf(self, input: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 ERF (spec §2.4.2): The error function."""
    def sigmoid(self, input: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 SIGMOID (spec §2.4.3): The logistic sigmoid."""
    def tanh(self, input: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 TANH (spec §2.4.4): The hyperbolic tangent."""
    @overload
    def add(self, input1: MLOperand, input2: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 ADD (spec §2.5.1): Elementwise sum (broadcast: equal ranks, extents equal or 1)."""
    @overload
    def add(
        self, op_name: str, inputs: Sequence[MLOperand], /, n_outputs: int | None = None, **attrs: Any
    ) -> MLOperand | list[MLOperand] | None:
        """The generic form: op_name ('CONV2D' or 'conv2d') with inputs flattened as nnx_tosa_add takes them.
        """
    def arithmetic_right_shift(
        self,
        input1: MLOperand,
        input2: MLOperand,
        /,
        *,
        round: bool = False,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 ARITHMETIC_RIGHT_SHIFT (spec §2.5.2): Arithmetic right shift of input1 by input2, rounding
        when round is true.
        """
    def bitwise_and(self, input1: MLOperand, input2: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 BITWISE_AND (spec §2.5.3): Elementwise bitwise and."""
    def bitwise_or(self, input1: MLOperand, input2: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 BITWISE_OR (spec §2.5.4): Elementwise bitwise or."""
    def bitwise_xor(self, input1: MLOperand, input2: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 BITWISE_XOR (spec §2.5.5): Elementwise bitwise xor."""
    def intdiv(self, input1: MLOperand, input2: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 INTDIV (spec §2.5.6): Integer division rounding toward zero."""
    def logical_and(self, input1: MLOperand, input2: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 LOGICAL_AND (spec §2.5.7): Elementwise logical and."""
    def logical_left_shift(
        self,
        input1: MLOperand,
        input2: MLOperand,
        /,
        *,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 LOGICAL_LEFT_SHIFT (spec §2.5.8): Logical left shift."""
    def logical_right_shift(
        self,
        input1: MLOperand,
        input2: MLOperand,
        /,
        *,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 LOGICAL_RIGHT_SHIFT (spec §2.5.9): Logical right shift."""
    def logical_or(self, input1: MLOperand, input2: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 LOGICAL_OR (spec §2.5.10): Elementwise logical or."""
    def logical_xor(self, input1: MLOperand, input2: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 LOGICAL_XOR (spec §2.5.11): Elementwise logical xor."""
    def maximum(
        self,
        input1: MLOperand,
        input2: MLOperand,
        /,
        *,
        nan_mode: str = 'PROPAGATE',
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 MAXIMUM (spec §2.5.12): Elementwise maximum."""
    def minimum(
        self,
        input1: MLOperand,
        input2: MLOperand,
        /,
        *,
        nan_mode: str = 'PROPAGATE',
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 MINIMUM (spec §2.5.13): Elementwise minimum."""
    def mul(
        self,
        input1: MLOperand,
        input2: MLOperand,
        shift: MLOperand | None = None,
        /,
        *,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 MUL (spec §2.5.14): Elementwise product; for int32, shift (an int8 constant) shifts it
        right with rounding.
        """
    def pow(self, input1: MLOperand, input2: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 POW (spec §2.5.15): input1 raised to input2."""
    def sub(self, input1: MLOperand, input2: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 SUB (spec §2.5.16): Elementwise difference."""
    def table(self, input1: MLOperand, table: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 TABLE (spec §2.5.17): Table lookup (int8: 256 entries; int16: 513, interpolated)."""
    def abs(self, input1: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 ABS (spec §2.6.1): Absolute value."""
    def bitwise_not(self, input1: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 BITWISE_NOT (spec §2.6.2): Bitwise not."""
    def ceil(self, input1: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 CEIL (spec §2.6.3): Rounds up."""
    def clz(self, input1: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 CLZ (spec §2.6.4): Counts the leading zero bits."""
    def cos(self, input1: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 COS (spec §2.6.5): Cosine."""
    def exp(self, input1: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 EXP (spec §2.6.6): Exponential."""
    def floor(self, input1: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 FLOOR (spec §2.6.7): Rounds down."""
    def log(self, input1: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 LOG (spec §2.6.8): Natural logarithm."""
    def logical_not(self, input1: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 LOGICAL_NOT (spec §2.6.9): Logical not."""
    def negate(
        self,
        input1: MLOperand,
        input1_zp: MLOperand | None = None,
        output_zp: MLOperand | None = None,
        /,
        *,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 NEGATE (spec §2.6.10): Negation, with zero points for integers."""
    def reciprocal(self, input1: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 RECIPROCAL (spec §2.6.11): 1 / x."""
    def rsqrt(self, input1: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 RSQRT (spec §2.6.12): 1 / sqrt(x)."""
    def sin(self, input1: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 SIN (spec §2.6.13): Sine."""
    def select(
        self,
        input1: MLOperand,
        input2: MLOperand,
        input3: MLOperand,
        /,
        *,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 SELECT (spec §2.7.1): input2 where the bool input1 is true, else input3."""
    def equal(self, input1: MLOperand, input2: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 EQUAL (spec §2.8.1): Elementwise ==, a bool result."""
    def greater(self, input1: MLOperand, input2: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 GREATER (spec §2.8.2): Elementwise >, a bool result."""
    def greater_equal(
        self,
        input1: MLOperand,
        input2: MLOperand,
        /,
        *,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 GREATER_EQUAL (spec §2.8.3): Elementwise >=, a bool result."""
    def reduce_all(self, input: MLOperand, /, *, axis: int, label: str | None = None) -> MLOperand:
        """TOSA 1.0 REDUCE_ALL (spec §2.9.1): Logical and along axis (kept as extent 1)."""
    def reduce_any(self, input: MLOperand, /, *, axis: int, label: str | None = None) -> MLOperand:
        """TOSA 1.0 REDUCE_ANY (spec §2.9.2): Logical or along axis (kept as extent 1)."""
    def reduce_max(
        self,
        input: MLOperand,
        /,
        *,
        axis: int,
        nan_mode: str = 'PROPAGATE',
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 REDUCE_MAX (spec §2.9.3): Maximum along axis (kept as extent 1)."""
    def reduce_min(
        self,
        input: MLOperand,
        /,
        *,
        axis: int,
        nan_mode: str = 'PROPAGATE',
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 REDUCE_MIN (spec §2.9.4): Minimum along axis (kept as extent 1)."""
    def reduce_product(self, input: MLOperand, /, *, axis: int, label: str | None = None) -> MLOperand:
        """TOSA 1.0 REDUCE_PRODUCT (spec §2.9.5): Product along axis (kept as extent 1)."""
    def reduce_sum(self, input: MLOperand, /, *, axis: int, label: str | None = None) -> MLOperand:
        """TOSA 1.0 REDUCE_SUM (spec §2.9.6): Sum along axis (kept as extent 1)."""
    def concat(self, input1: Sequence[MLOperand], /, *, axis: int, label: str | None = None) -> MLOperand:
        """TOSA 1.0 CONCAT (spec §2.10.1): Concatenates a list of tensors along axis."""
    def pad(
        self,
        input1: MLOperand,
        padding: MLOperand | Sequence[int],
        pad_const: MLOperand | None = None,
        /,
        *,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 PAD (spec §2.10.2): Pads with pad_const; padding has [before, after] per dimension."""
    def reshape(
        self,
        input1: MLOperand,
        shape: MLOperand | Sequence[int],
        /,
        *,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 RESHAPE (spec §2.10.3): Reshapes to shape (a shape_t)."""
    def reverse(self, input1: MLOperand, /, *, axis: int, label: str | None = None) -> MLOperand:
        """TOSA 1.0 REVERSE (spec §2.10.4): Reverses along axis."""
    def slice(
        self,
        input1: MLOperand,
        start: MLOperand | Sequence[int],
        size: MLOperand | Sequence[int],
        /,
        *,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 SLICE (spec §2.10.5): The block of size items from start."""
    def tile(
        self,
        input1: MLOperand,
        multiples: MLOperand | Sequence[int],
        /,
        *,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 TILE (spec §2.10.6): Repeats the input multiples times per dimension."""
    def transpose(self, input1: MLOperand, /, *, perms: Sequence[int], label: str | None = None) -> MLOperand:
        """TOSA 1.0 TRANSPOSE (spec §2.10.7): Permutes the dimensions: output dim i is input perms[i]."""
    def gather(self, values: MLOperand, indices: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 GATHER (spec §2.11.1): Gathers [N,W] indices from [N,K,C] values."""
    def scatter(
        self,
        values_in: MLOperand,
        indices: MLOperand,
        input: MLOperand,
        /,
        *,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 SCATTER (spec §2.11.2): Scatters [N,W,C] input into [N,K,C] values_in."""
    def resize(
        self,
        input: MLOperand,
        scale: MLOperand | Sequence[int],
        offset: MLOperand | Sequence[int],
        border: MLOperand | Sequence[int],
        /,
        *,
        mode: str = 'NEAREST',
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 RESIZE (spec §2.12.1): Resizes an NHWC input; scale has 4 values, offset and border 2."""
    def cast(self, input: MLOperand, /, *, out_type: DTypeLike, label: str | None = None) -> MLOperand:
        """TOSA 1.0 CAST (spec §2.13.1): Converts to out_type (rounding to nearest, ties to even)."""
    def rescale(
        self,
        input: MLOperand,
        multiplier: MLOperand,
        shift: MLOperand,
        input_zp: MLOperand,
        output_zp: MLOperand,
        /,
        *,
        out_type: DTypeLike,
        scale32: bool = False,
        rounding_mode: str = 'SINGLE_ROUND',
        per_channel: bool = False,
        input_unsigned: bool = False,
        output_unsigned: bool = False,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 RESCALE (spec §2.13.2): Integer rescaling: (x - input_zp) * multiplier >> shift +
        output_zp, as out_type.
        """
    def const(
        self,
        *,
        values: ArrayLike,
        out_type: DTypeLike | None = None,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 CONST (spec §2.14.1): A constant holding values (an array; out_type gives a type NumPy
        lacks over raw items of its size).
        """
    def identity(self, input1: MLOperand, /, *, label: str | None = None) -> MLOperand:
        """TOSA 1.0 IDENTITY (spec §2.14.2): The input itself."""
    def custom(
        self,
        input_list: Sequence[MLOperand],
        /,
        *,
        operator_name: str = '',
        domain_name: str = '',
        implementation_attrs: str = '',
        n_outputs: int = 1,
        label: str | None = None,
    ) -> list[MLOperand]:
        """TOSA 1.0 CUSTOM (spec §2.15.1): A custom operator (nnx registers none: NotSupportedError)."""
    def cond_if(
        self,
        condition: MLOperand,
        input_list: Sequence[MLOperand],
        /,
        *,
        then_graph: _SubGraph,
        else_graph: _SubGraph,
        n_outputs: int = 1,
        label: str | None = None,
    ) -> list[MLOperand]:
        """TOSA 1.0 COND_IF (spec §2.16.1): then_graph(session, operands) where the one-element bool condition
        holds, else else_graph; each returns n_outputs operands.
        The callable runs once, while the operator is added, and builds on the session it gets; that
        session and its operands live only during the call. Its exceptions are raised again.
        """
    def while_loop(
        self,
        input_list: Sequence[MLOperand],
        /,
        *,
        cond_graph: _SubGraph,
        body_graph: _SubGraph,
        label: str | None = None,
    ) -> list[MLOperand]:
        """TOSA 1.0 WHILE_LOOP (spec §2.16.2): Runs body_graph(session, operands) while cond_graph(session,
        operands) gives true (one bool); body_graph returns the list's new values, of the same types.
        The callable runs once, while the operator is added, and builds on the session it gets; that
        session and its operands live only during the call. Its exceptions are raised again.
        """
    def variable(
        self,
        *,
        uid: int,
        var_shape: Sequence[int] | None = None,
        type: DTypeLike | None = None,
        initial_value: ArrayLike | None = None,
        values: ArrayLike | None = None,
        label: str | None = None,
    ) -> None:
        """TOSA 1.0 VARIABLE (spec §2.17.1): Declares variable uid: an initial value (initial_value, or
        values), or var_shape and type (zeros).
        """
    def variable_write(self, input1: MLOperand, /, *, uid: int, label: str | None = None) -> None:
        """TOSA 1.0 VARIABLE_WRITE (spec §2.17.2): Writes the variable's next value."""
    def variable_read(
        self,
        *,
        uid: int,
        var_shape: Sequence[int] | None = None,
        type: DTypeLike | None = None,
        label: str | None = None,
    ) -> MLOperand:
        """TOSA 1.0 VARIABLE_READ (spec §2.17.3): The variable's current value (var_shape and type, when given,
        must be its own).
        """
    def const_shape(self, *, values: ArrayLike, label: str | None = None) -> MLOperand:
        """TOSA 1.0 CONST_SHAPE (spec §2.18.1): A shape_t constant of values (ints)."""
