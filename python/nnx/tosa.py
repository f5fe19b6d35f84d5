"""nnx.tosa: TOSA 1.0 graphs built operator by operator on an nnx.ml.MLGraphBuilder."""
__all__: list[str] = []
