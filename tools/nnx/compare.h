/* compare.h — comparing tensors with a tolerance, shared by `nnx run --compare` (compare.c)
 * and `nnx verify` (verify.c): the rule, the per-tensor figures and the one-line report
 * "NAME: max abs err X, max rel err Y: ok|MISMATCH ...". */
#ifndef NNX_CLI_COMPARE_H
#define NNX_CLI_COMPARE_H

#include "run.h"

/* Defaults of --rtol and --atol (docs/CLI.md, "Comparing outputs"). */
#define COMPARE_RTOL 1e-4
#define COMPARE_ATOL 1e-5

typedef struct compare_tolerance {
    double rtol, atol;
} compare_tolerance;

typedef enum compare_problem {
    COMPARE_OK = 0,    /* the values were compared */
    COMPARE_SHAPE = 1, /* shapes differ: nothing compared */
    COMPARE_DTYPE = 2  /* data types differ (or, when not asked for the same, are of different kinds) */
} compare_problem;

typedef struct compare_result {
    compare_problem problem;
    size_t count, bad, first_bad; /* values, values beyond the tolerance, the first of them */
    double max_abs, max_rel;      /* over the pairs where neither is NaN (NaN when only one is) */
    bool nan_mismatch;            /* a NaN faces a number somewhere */
} compare_result;

/* Compares got with want (the reference): floats pass when |got - want| <= atol + rtol *
 * |want| (numpy.allclose; NaN equals NaN, an infinity only itself), integers and bool when
 * equal. same_dtype: the dtypes must be equal; otherwise of one kind (both float, both
 * integer, both bool), compared by value. */
void compare_tensors(const run_buffer *got, const run_buffer *want, const compare_tolerance *tol, bool same_dtype,
                     compare_result *r);

/* Prints "NAME: max abs err X, max rel err Y: ok" or "...: MISMATCH (...)" (or a shape or
 * type mismatch, naming both) on out; got_word / want_word name the two sides in it. true
 * when they match. */
bool compare_report(FILE *out, const char *name, const run_buffer *got, const run_buffer *want,
                    const compare_tolerance *tol, bool same_dtype, const char *got_word, const char *want_word);

/* `nnx run --compare REF`: every output of g (outputs[i] holds output i) against the array
 * of REF named as it is (or by its name from before a conversion; by position when no array
 * is named as an output and the counts agree). An output REF lacks is a mismatch; an array
 * that is no output is noted. Exit code: 0 all match, 1 a mismatch or a bad REF. */
int run_compare_outputs(nnx_context *ctx, nnx_graph *g, const char *ref_path, const run_buffer *outputs,
                        const compare_tolerance *tol);

#endif /* NNX_CLI_COMPARE_H */
