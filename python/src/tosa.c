/* tosa.c — nnx.tosa (to be written). */
#include "pynnx.h"

int pynnx_tosa_init(PyObject *m)
{
    (void)m;
    return 0;
}
