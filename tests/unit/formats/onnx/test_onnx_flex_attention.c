/* test_onnx_flex_attention.c — ONNX FlexAttention's score_mod / prob_mod graphs (inlined by
 * src/formats/onnx/onnx_ops_attention.c) against a numpy transcription of ONNX Operators,
 * FlexAttention: every case of tests/data/onnx_flex_expected.h (written with its models by
 * tests/unit/formats/onnx/gen_onnx_flex_attention.py) is loaded, built and run through the
 * public API. Beside that, the refusals: a modifier of two inputs, a mask_mod graph. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "formats/onnx/onnx.h"
#include "ir/graph.h"
#include "nnx.h"

#include "onnx_case.h"
#include "../../../data/onnx_flex_expected.h"

#define MODELS NNX_SOURCE_DIR "/tests/data/onnx/flex/"

static void test_case(void **state) { onnx_case_run(*state, MODELS); }

static void test_refusals(void **state)
{
    (void)state;
    onnx_case_refused(MODELS, "flex_two_inputs", NULL, 0, NNX_ERROR_INVALID_ARGUMENT,
                      "score_mod has 2 inputs and 1 outputs (one of each)");
    onnx_case_refused(MODELS, "flex_mask_mod", NULL, 0, NNX_ERROR_NOT_SUPPORTED, "mask_mod");
}

int main(void)
{
    enum { N = sizeof onnx_flex_cases / sizeof onnx_flex_cases[0] };
    struct CMUnitTest tests[N + 1];
    for (size_t i = 0; i < N; i++)
        tests[i] = (struct CMUnitTest){onnx_flex_cases[i].name, test_case, NULL, NULL, (void *)&onnx_flex_cases[i]};
    tests[N] = (struct CMUnitTest)cmocka_unit_test(test_refusals);
    return _cmocka_run_group_tests("onnx_flex_attention", tests, N + 1, NULL, NULL);
}
