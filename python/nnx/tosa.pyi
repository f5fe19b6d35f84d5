# Type stubs of nnx.tosa.
__all__: list[str]
