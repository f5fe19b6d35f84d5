/* run.h — what `nnx run` (run.c) and `nnx verify` share with their helpers: input files and
 * generated inputs (run_io.c), output files (run_io.c, save_bundle.c), the per-output summary
 * (summary.c) and values (print_values.c). Every function
 * that can fail prints its message on stderr and returns an exit code of cli.h. */
#ifndef NNX_CLI_RUN_H
#define NNX_CLI_RUN_H

#include "cli.h"

/* A tensor's value in memory: row-major elements of desc.dtype, size bytes (malloc'ed). */
typedef struct run_buffer {
    nnx_operand_desc desc;
    void *data;
    size_t size;
} run_buffer;

void run_buffer_free(run_buffer *b);

/* Prints "the model's inputs:" and one "  NAME: DTYPE[SHAPE]" line per input on stderr. */
void run_print_inputs(const nnx_model *model);

/* The format of an input file by its extension: .dat NNEF, .pb ONNX TensorProto, else .npy. */
nnx_tensor_file_format run_input_format(const char *path);

/* Reads the .npy, .dat or .pb file at path (chosen by extension) for the input called name
 * whose type is want, into out (of type want). The file's shape must equal want's (for .dat,
 * after dropping trailing 1s, as NNEF compares shapes); its values are converted to want's
 * dtype only when every one converts exactly, or, with cast and a float want, rounded to
 * the nearest value want holds. The error for a value that does not convert names its
 * index and value (and suggests --cast where it would help). */
int run_read_input(nnx_context *ctx, const char *name, const char *path, bool cast, const nnx_operand_desc *want,
                   run_buffer *out);
/* run_read_input for an array already in memory (an .npz member; path names it in messages). */
int run_take_array(const char *name, const char *path, const nnx_operand_desc *file, const void *data, bool cast,
                   const nnx_operand_desc *want, run_buffer *out);

/* The type model input i's data must have: the compiled graph's (exact, e.g. the int8 of a
 * TOSA graph whose NNEF text says integer), or the model's for an input g does not read. */
void run_input_type(const nnx_model *m, const nnx_graph *g, size_t i, nnx_operand_desc *want);

/* Fills out (of type want) with reproducible pseudo-random values: floats uniform in
 * [-1, 1) on a grid the dtype represents exactly, integers and bool 0 or 1. The stream
 * depends only on seed and the input's index among the model's inputs. */
int run_random_input(uint64_t seed, size_t index, const nnx_operand_desc *want, run_buffer *out);

/* Writes b as DIR/NAME.EXT, EXT "npy", "dat" (NNEF 1.0.2 scheme) or "npz" (a bundle of
 * the one array NAME), creating DIR if needed.
 * Types a format lacks are widened exactly: for .npy bfloat16 and fp8 to float32, int4 to
 * int8, int48 to int64; for .dat bfloat16 and fp8 to float32. */
int run_write_output(nnx_context *ctx, const char *dir, const char *name, const char *ext, const run_buffer *b);

/* Creates folder dir and its parents where missing (mkdir -p). */
int run_make_dirs(const char *dir);

/* Writes b to path: .dat as an NNEF tensor file, anything else as .npy, types widened as
 * for run_write_output (name is the output's, for messages); .npz as a NumPy bundle holding
 * the one array name. */
int run_write_file(nnx_context *ctx, const char *path, const char *name, const run_buffer *b);

/* *wide is b in a type numpy has: b itself (same data) or, for bfloat16, fp8, int4, int2,
 * int48 and their kin, a new exact widening as run_write_output makes (free it when its
 * data is not b's). */
int run_widen_for_npy(const run_buffer *b, run_buffer *wide);

/* save_bundle.c: writes outputs[i] (named names[i]) as one NumPy .npz bundle at path, as
 * numpy.savez does (types widened as for .npy files). */
int run_save_bundle(nnx_context *ctx, const char *path, const char *const *names, const run_buffer *outputs, size_t n);

/* print_values.c: b's values as numpy.array2string prints them with NumPy's default print
 * options (summarised beyond 1000 elements unless all), then a newline. */
void run_print_values(FILE *out, const run_buffer *b, bool all);

/* run_desc.c: path names a TOSA test (a desc.json, or a folder holding one and no
 * graph.nnef); *desc_path (malloc'ed) is the desc.json. */
bool run_is_desc(const char *path, char **desc_path);
/* Runs the TOSA test described by desc, writing its outputs beside it or into output_dir
 * (when not NULL), loading it with the limits given (only max_* fields set). Returns the exit
 * code: 0 ran (or was rejected as expected). */
int run_desc(const char *desc, const char *output_dir, uint32_t threads, const nnx_model_options *limits);

/* run.c: tensors for every input of the compiled graph g (filled from buffers, indexed like
 * the model's inputs) and every output (readable), named as the graph names them; in and
 * out have room for the graph's counts. Tensors belong to ctx. */
int run_make_tensors(nnx_context *ctx, nnx_graph *g, const nnx_model *m, run_buffer *buffers, nnx_named_tensor *in,
                     nnx_named_tensor *out);

/* bench.c: the profile of g's timed dispatches by operation, one row per operation in order
 * of first use, into ops (room for nnx_graph_profile_count(g) rows); returns the row count.
 * *total is the profiled nanoseconds of every step, *runs the dispatches they add up (>= 1). */
typedef struct run_op_total {
    const char *op;
    uint64_t ns, steps;
} run_op_total;
size_t run_profile_by_op(const nnx_graph *g, run_op_total *ops, uint64_t *total, uint64_t *runs);

/* summary.c: "NAME: float32[1,10] min=... max=... mean=..." and, for a class-score vector,
 * "  top-5: I (V), ..." on out. */
void run_print_summary(FILE *out, const char *name, const run_buffer *b);

/* The figures of an output's summary. Floats: min, max and mean over the values that are
 * not NaN (NaN when all are), nans counts the rest. Integers and bool: exact extremes in
 * imin/imax (signed) or umin/umax (unsigned and bool), min/max/mean as doubles too. */
typedef struct run_stats {
    size_t count, nans;
    bool floating, is_signed;
    double min, max, mean;
    int64_t imin, imax;
    uint64_t umin, umax;
} run_stats;
run_stats run_output_stats(const run_buffer *b);

#define RUN_TOP_K 5
/* The number of classes when d is a class-score vector (shape [C], [1,C] or [1,C,1,1] with
 * C >= 2, not bool), else 0: the outputs whose summary shows the top 5. */
size_t run_class_count(const nnx_operand_desc *d);
/* The largest of the first `classes` values, largest first, the lower index first among
 * equals, NaN never ranked: how many (at most RUN_TOP_K) into index and value. */
size_t run_top_values(const run_buffer *b, size_t classes, size_t index[RUN_TOP_K], double value[RUN_TOP_K]);

/* json_run.c: run_print_summary on stdout, or with --json the output's entry in the
 * document (json_report.h). */
void run_show_output(const char *name, const run_buffer *b);
/* json_run.c: "DESC: rejected as expected: MESSAGE" on stdout, or with --json the
 * document's rejected_as_expected. */
void run_show_rejected(const char *desc, const char *message);

#endif /* NNX_CLI_RUN_H */
