"""nnx.tosa: TOSA 1.0 graphs built operator by operator on an nnx.ml.MLGraphBuilder.

s = Session(builder, profiles=['PRO-INT'], level='8k') gives one method per TOSA 1.0
operator in snake_case (s.conv2d(x, w, b, x_zp, w_zp, pad=[0, 0, 0, 0], stride=[1, 1],
dilation=[1, 1])): the inputs positionally in the spec's order, tensor lists as lists, the
attributes as keywords with the spec's names. s.add('CONV2D', [...], **attrs) is the generic
form. Each call is checked like the spec's pseudocode; a failure raises nnx's exception
naming the rule (nnx.InvalidArgumentError for an ERROR_IF, nnx.NotSupportedError for a type
the session's profiles leave out). builder.build({...}) makes the graph as usual.
PROFILES lists the profile and extension names."""
from ._nnx import TOSA_PROFILES as PROFILES
from ._nnx import TosaSession as Session

__all__ = ["PROFILES", "Session"]
