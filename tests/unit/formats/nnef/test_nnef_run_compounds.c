/* test_nnef_run_compounds.c — the arithmetic primitives and the compound operations of NNEF
 * chapter 4 (simplifiers, activations, linear, batched matmul with transposes, reductions with
 * normalize, moments, normalizations, pooling compounds, quantization, copy_n, add_n, softmax
 * over several axes, separable conv/deconv) and the shape operations on scalar, integer and
 * logical tensors run end to end against numpy (tests/data/nnef_run_compounds_expected.h,
 * regenerate with tests/unit/formats/nnef/gen_nnef_run_compounds.py). */
#define _POSIX_C_SOURCE 200809L
#include "nnef_run_harness.h"

#include "../../../data/nnef_run_compounds_expected.h"

int main(void)
{
    return nnef_run_main("nnef_run_compounds", nrc_cases, sizeof nrc_cases / sizeof *nrc_cases, NULL, 0, NULL, 0);
}
