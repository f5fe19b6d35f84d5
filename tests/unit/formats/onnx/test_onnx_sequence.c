/* test_onnx_sequence.c — ONNX sequences and optionals (src/formats/onnx/onnx_sequence.c,
 * onnx_ops_sequence.c, onnx_ops_sequence_flow.c) against a numpy transcription of ONNX
 * Operators: every case of tests/data/onnx_sequence_expected.h (written with its models by
 * tests/unit/formats/onnx/gen_onnx_sequence.py) is loaded, built and run through the public
 * API. Beside that, the flattening of a sequence graph input and output (names s[0] …, the
 * length given as a known input) and the refusals (a sequence input without its length, a
 * run-time position, a Loop carrying a sequence with a run-time trip count, a sequence fed to
 * an operator that takes tensors). */
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
#include "../../../data/onnx_sequence_expected.h"

#define MODELS NNX_SOURCE_DIR "/tests/data/onnx/sequence/"

static void test_case(void **state) { onnx_case_run(*state, MODELS); }

/* Loads model `name` with the known inputs given; the status, err filled. */
static nnx_status load(const char *name, const nnx_onnx_known_input *known, uint32_t n_known, nnx_alloc *a,
                       nnx_ir_model *m, nnx_error *err)
{
    char path[512];
    snprintf(path, sizeof path, MODELS "%s.onnx", name);
    assert_true(nnx_alloc_init(a, NULL));
    nnx_ir_model_init(m, a, "onnx");
    memset(err, 0, sizeof *err);
    return nnx_onnx_load_ex(path, NULL, known, n_known, m, err);
}

static void test_flattened_io(void **state)
{
    (void)state;
    nnx_alloc a;
    nnx_ir_model m;
    nnx_error err;
    nnx_onnx_known_input len3 = {.name = "s", .kind = NNX_ONNX_KNOWN_SEQUENCE, .length = 3};
    nnx_status st = load("seq_io", &len3, 1, &a, &m, &err);
    if (st != NNX_OK)
        fail_msg("seq_io: %s", err.message);
    assert_int_equal(m.n_inputs, 3);
    static const char *const in_names[] = {"s[0]", "s[1]", "s[2]"};
    for (uint32_t i = 0; i < 3; i++) {
        const nnx_value *v = &m.ir.values[m.inputs[i]];
        assert_string_equal(v->name, in_names[i]);
        assert_int_equal(v->desc.rank, 1);
        assert_int_equal(v->desc.shape[0], 2);
    }
    static const char *const out_names[] = {"y", "z[0]", "z[1]", "z[2]"};
    assert_int_equal(m.n_outputs, 4);
    for (uint32_t i = 0; i < 4; i++)
        assert_string_equal(m.output_names[i], out_names[i]);
    assert_int_equal(m.ir.values[m.outputs[0]].desc.shape[0], 6); /* the three [2] concatenated */
    nnx_ir_model_free(&m);
}

static void test_refusals(void **state)
{
    (void)state;
    onnx_case_refused(MODELS, "seq_io", NULL, 0, NNX_ERROR_NOT_SUPPORTED,
                      "graph input 's' is a sequence: give its length");
    onnx_case_refused(MODELS, "at_runtime_position", NULL, 0, NNX_ERROR_NOT_SUPPORTED,
                      "position must be known when the model is loaded");
    onnx_case_refused(MODELS, "loop_seq_runtime", NULL, 0, NNX_ERROR_NOT_SUPPORTED,
                      "its trip count must be known at load");
    onnx_case_refused(MODELS, "relu_of_sequence", NULL, 0, NNX_ERROR_NOT_SUPPORTED,
                      "input 0 's' is a sequence or optional, which Relu does not take");
}

int main(void)
{
    enum { N = sizeof onnx_seq_cases / sizeof onnx_seq_cases[0] };
    struct CMUnitTest tests[N + 2];
    for (size_t i = 0; i < N; i++)
        tests[i] = (struct CMUnitTest){onnx_seq_cases[i].name, test_case, NULL, NULL, (void *)&onnx_seq_cases[i]};
    tests[N] = (struct CMUnitTest)cmocka_unit_test(test_flattened_io);
    tests[N + 1] = (struct CMUnitTest)cmocka_unit_test(test_refusals);
    return _cmocka_run_group_tests("onnx_sequence", tests, N + 2, NULL, NULL);
}
