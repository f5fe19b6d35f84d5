"""nnx.ml: WebNN's graph-builder API (W3C Web Neural Network API) in Python, on nnx's CPU
backend. ctx = create_context(); b = MLGraphBuilder(ctx); operations are builder methods
named in snake_case with their options as keyword arguments; g = b.build({...});
ctx.compute(g, {...}) returns NumPy arrays."""
from ._nnx import MLContext, MLGraph, MLGraphBuilder, MLOperand, MLTensor, create_context

GraphBuilder = MLGraphBuilder

__all__ = ["GraphBuilder", "MLContext", "MLGraph", "MLGraphBuilder", "MLOperand", "MLTensor", "create_context"]
