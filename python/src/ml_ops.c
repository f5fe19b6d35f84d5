/* ml_ops.c — the operation methods of nnx.ml.MLGraphBuilder (placeholder table, filled in
 * by the operation files). */
#include "pynnx.h"

PyMethodDef pynnx_builder_op_methods[] = {
    {NULL, NULL, 0, NULL},
};
