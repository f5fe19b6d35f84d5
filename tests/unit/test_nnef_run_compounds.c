/* test_nnef_run_compounds.c — the arithmetic primitives and the compound operations of NNEF
 * chapter 4 (simplifiers, activations, linear, batched matmul with transposes, reductions with
 * normalize, moments, normalizations, pooling compounds, quantization, copy_n, add_n, softmax
 * over several axes, separable conv/deconv) and the shape operations on scalar, integer and
 * logical tensors run end to end against numpy (tests/data/nnef_run_compounds_expected.h,
 * regenerate with tests/unit/gen_nnef_run_compounds.py). */
#define _POSIX_C_SOURCE 200809L
#include "nnef_run_harness.h"

#include "../data/nnef_run_compounds_expected.h"

int main(void)
{
    enum { N_NNEF = sizeof nrc_cases / sizeof *nrc_cases };
    struct CMUnitTest tests[N_NNEF];
    for (size_t i = 0; i < N_NNEF; i++)
        tests[i] = (struct CMUnitTest){nrc_cases[i].name, test_nnef_case, NULL, NULL, (void *)&nrc_cases[i]};
    return _cmocka_run_group_tests("nnef_run_compounds", tests, N_NNEF, NULL, NULL);
}
