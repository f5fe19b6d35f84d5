/* tc_runner.h — what the files of nnx-tosa-compliance share: tensors of any dtype, running
 * one TOSA operator through nnx's public TOSA front end (nnx_tosa_add), and the result
 * registry keyed by a row of the TOSA Supported Data Types table (operator, type tuple,
 * RESIZE mode) that counts checks and writes docs/TOSA.md. */
#ifndef NNX_TC_RUNNER_H
#define NNX_TC_RUNNER_H

#include "nnx.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct tc_tensor {
    nnx_dtype dtype;
    uint32_t rank;
    uint32_t shape[NNX_MAX_RANK];
    void *data; /* owned (calloc), NULL for an absent input */
} tc_tensor;

/* A zeroed tensor (aborts the program on allocation failure: a test harness). */
tc_tensor tc_tensor_make(nnx_dtype dt, uint32_t rank, const uint32_t *shape);
/* A 1-D tensor of n elements. */
tc_tensor tc_tensor_1d(nnx_dtype dt, size_t n);
void tc_tensor_free(tc_tensor *t);
size_t tc_count(const tc_tensor *t);
double tc_get_f(const tc_tensor *t, size_t i);    /* float types; integers converted */
int64_t tc_get_i(const tc_tensor *t, size_t i);   /* integers (sign-extended) and bool */
void tc_set_f(tc_tensor *t, size_t i, double v);  /* rounds once to a float dtype */
void tc_set_i(tc_tensor *t, size_t i, int64_t v); /* wraps into an integer dtype */

/* One row of the Supported Data Types table: the types of the operator's type columns
 * (unused columns 0) and, for integer RESIZE rows, the mode (0 = any). */
typedef struct tc_row {
    nnx_tosa_op op;
    nnx_dtype t[4];
    int mode;
} tc_row;

/* Runs one TOSA operator through the public front end (run_tosa.c): in[0..n_data) are
 * graph inputs, the rest constants (int64 rank-1 tensors: CONST_SHAPE values); out[0..n_out)
 * receive the results. TC_UNSUPPORTED: the front end answered NNX_ERROR_NOT_SUPPORTED;
 * TC_ERROR: any other build or run failure (msg says which). */
typedef enum tc_outcome { TC_OK, TC_UNSUPPORTED, TC_ERROR } tc_outcome;
tc_outcome tc_tosa(nnx_tosa_op op, const nnx_tosa_attrs *attrs, const tc_tensor *const *in, uint32_t n_in,
                   uint32_t n_data, tc_tensor *out, uint32_t n_out, char *msg, size_t msg_size);
/* --via-file DIR (main.c): every graph tc_tosa builds is also written as DIR/NNN.tosa
 * (nnx_graph_save), read back as a model, built and run; its outputs must be the bytes the
 * graph built in C gives, and writing the read model again must give the file's bytes. */
extern const char *tc_via_file;
/* tc_tosa, reporting a refusal: NOT_SUPPORTED marks the row not implemented, any other
 * failure is a failed check of set (the runner only builds valid graphs). */
bool tc_tosa_checked(const tc_row *row, const char *set, nnx_tosa_op op, const nnx_tosa_attrs *attrs,
                     const tc_tensor *const *in, uint32_t n_in, uint32_t n_data, tc_tensor *out, uint32_t n_out);
/* A rank-1 int64 tensor of shape_t values, and a 1-element tensor of dt holding v. */
tc_tensor tc_shape_values(const int64_t *v, uint32_t n);
tc_tensor tc_scalar(nnx_dtype dt, double v);

/* ---- results ---- */

extern bool tc_verbose;

/* Records one check of a row: set names the data set ("S=3", "exhaustive", ...), detail
 * the failure (printed as one line "FAIL OP types set: detail"). */
void tc_result(const tc_row *row, const char *set, bool pass, const char *detail_fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Marks a row as tried but not runnable (inference refused it): "not implemented". */
void tc_unsupported(const tc_row *row, const char *why);

/* The rows of op in the spec's Supported Data Types table (at most max), in table order. */
size_t tc_type_rows(nnx_tosa_op op, tc_row *rows, size_t max);

const char *tc_op_name(nnx_tosa_op op);
const char *tc_dtype_name(nnx_dtype dt); /* TOSA spelling: fp16, bf16, i8, i48, bool, ... */
/* "fp16/fp16/fp16/fp32" */
void tc_row_types(const tc_row *row, char *buf, size_t size);

/* Prints the counts (rows not covered, then the final "tosa: N passed, N failed") and
 * writes the markdown table to md_path when non-NULL. Returns the number of failed checks. */
int tc_report(const char *md_path);

/* ---- the suites ---- */
void tc_suite_fp_elementwise(void); /* fp_elementwise.c */
void tc_suite_fp_exact(void);       /* fp_exact.c: comparisons, select, clamp, pools, reductions, movement */
void tc_suite_fp_dot(void);         /* fp_dot.c */
void tc_suite_fp_bound(void);       /* fp_bound.c: reduce_product, resize */
void tc_suite_fp_cast(void);        /* fp_cast.c */
void tc_suite_int(void);            /* int_ops.c */
void tc_suite_int_dot(void);        /* int_dot.c: integer convolutions, MATMUL, AVG_POOL2D, REDUCE_SUM */
void tc_suite_int_resize(void);     /* int_resize.c */
void tc_suite_gather(void);         /* gather.c: GATHER, SCATTER, CONST */
void tc_suite_fft(void);            /* fp_fft.c: FFT2D, RFFT2D */
void tc_suite_flow(void);           /* flow.c: COND_IF, WHILE_LOOP, VARIABLE* */

/* A deterministic stream of test values (set_data of a chosen set), in [-1, 1]. */
double tc_rand(uint32_t set, uint32_t i);

#endif
