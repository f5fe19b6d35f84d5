/* run_io.c — the tensors `nnx run` reads and writes: model inputs from NumPy .npy, NNEF .dat
 * or ONNX TensorProto .pb files and .npz arrays (converted to the input's type only when
 * every value converts exactly, or with --cast rounding float values), seeded pseudo-random
 * inputs, and outputs written as .npy or .dat files into a folder. */
#define _POSIX_C_SOURCE 200809L
#include "run.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void run_buffer_free(run_buffer *b)
{
    free(b->data);
    b->data = NULL;
}

void run_input_type(const nnx_model *m, const nnx_graph *g, size_t i, nnx_operand_desc *want)
{
    nnx_model_input_desc(m, i, want);
    for (size_t k = 0; k < nnx_graph_input_count(g); k++)
        if (strcmp(nnx_graph_input_name(g, k), nnx_model_input_name(m, i)) == 0)
            nnx_graph_input_desc(g, k, want);
}

void run_print_inputs(const nnx_model *model)
{
    fprintf(stderr, "the model's inputs:\n");
    for (size_t i = 0; i < nnx_model_input_count(model); i++) {
        nnx_operand_desc d;
        nnx_model_input_desc(model, i, &d);
        fprintf(stderr, "  %s: %s", nnx_model_input_name(model, i), cli_dtype_name(d.dtype));
        cli_print_shape(stderr, &d);
        fputc('\n', stderr);
    }
}

/* A zero-filled buffer of type d (at least 1 byte, so an empty tensor is not NULL). */
static int alloc_buffer(const nnx_operand_desc *d, run_buffer *out)
{
    out->desc = *d;
    out->data = NULL;
    if (nnx_operand_desc_bytes(d, &out->size) != NNX_OK || !(out->data = calloc(out->size ? out->size : 1, 1))) {
        fprintf(stderr, "nnx run: out of memory for a %s tensor\n", cli_dtype_name(d->dtype));
        return NNX_EXIT_INVALID_MODEL;
    }
    return NNX_EXIT_OK;
}

/* ------------------------------------------------------------------ exact conversion */

/* An integer of any integer or bool dtype, exactly: value = negative ? (int64_t)bits : bits. */
typedef struct exact_int {
    bool negative;
    uint64_t bits;
} exact_int;

static exact_int load_int(nnx_dtype dt, const void *p, size_t i)
{
    if (nnx_dtype_is_signed_integer(dt)) {
        int64_t v = nnx_element_load_i64(dt, p, i);
        return (exact_int){v < 0, (uint64_t)v};
    }
    return (exact_int){false, nnx_element_load_u64(dt, p, i)};
}

static bool int_fits(nnx_dtype dt, exact_int v)
{
    return v.negative ? (int64_t)v.bits >= nnx_dtype_integer_min(dt) : v.bits <= nnx_dtype_integer_max(dt);
}

/* The integer a double holds exactly, if it is one that 64 bits hold. */
static bool double_to_int(double d, exact_int *v)
{
    if (!isfinite(d) || d != floor(d) || d < -9223372036854775808.0 || d >= 18446744073709551616.0)
        return false;
    *v = d < 0 ? (exact_int){true, (uint64_t)(int64_t)d} : (exact_int){false, (uint64_t)d};
    return true;
}

/* The double an integer is, if it is one exactly. */
static bool int_to_double(exact_int v, double *d)
{
    if (v.negative) {
        *d = (double)(int64_t)v.bits;
        return *d > -9223372036854775808.0 ? (int64_t)*d == (int64_t)v.bits : v.bits == (uint64_t)INT64_MIN;
    }
    *d = (double)v.bits;
    return *d < 18446744073709551616.0 && (uint64_t)*d == v.bits;
}

/* Element i of src (type sd) into dst (type dd); false if its value would change. With
 * round, a float destination takes the nearest value it holds instead (--cast). */
static bool convert_one(nnx_dtype sd, const void *src, nnx_dtype dd, void *dst, size_t i, bool round)
{
    bool from_float = nnx_dtype_is_floating_point(sd), to_float = nnx_dtype_is_floating_point(dd);
    double d = 0;
    exact_int v = {false, 0};
    if (from_float)
        d = nnx_element_load_f64(sd, src, i);
    else
        v = load_int(sd, src, i);
    if (to_float) {
        if (!from_float && !int_to_double(v, &d) && !round)
            return false;
        if (!from_float && round) /* the nearest double, then the nearest dd */
            d = v.negative ? (double)(int64_t)v.bits : (double)v.bits;
        nnx_element_store_f64(dd, dst, i, d);
        double back = nnx_element_load_f64(dd, dst, i);
        return round || back == d || (isnan(back) && isnan(d));
    }
    if (from_float && !double_to_int(d, &v))
        return false;
    if (!int_fits(dd, v))
        return false;
    nnx_element_store_i64(dd, dst, i, (int64_t)v.bits);
    return true;
}

/* Converts count elements; returns count, or the index of the first that does not convert
 * (exactly, or with round to a float type by rounding). */
static size_t convert_values(nnx_dtype sd, const void *src, nnx_dtype dd, void *dst, size_t count, bool round)
{
    if (sd == dd) {
        memcpy(dst, src, count * nnx_dtype_size(sd));
        return count;
    }
    for (size_t i = 0; i < count; i++)
        if (!convert_one(sd, src, dd, dst, i, round))
            return i;
    return count;
}

static size_t convert_exact(nnx_dtype sd, const void *src, nnx_dtype dd, void *dst, size_t count)
{
    return convert_values(sd, src, dd, dst, count, false);
}

/* ------------------------------------------------------------------ reading inputs */

static void print_desc(FILE *f, nnx_dtype dtype, const uint32_t *shape, uint32_t rank)
{
    nnx_operand_desc d = {.dtype = dtype, .rank = rank};
    memcpy(d.shape, shape, rank * sizeof *shape);
    fprintf(f, "%s", cli_dtype_name(dtype));
    cli_print_shape(f, &d);
}

/* Element i exactly: integers in decimal, floats with the digits that identify them. */
static void print_value(FILE *f, nnx_dtype dt, const void *p, size_t i)
{
    if (nnx_dtype_is_floating_point(dt)) {
        fprintf(f, "%.17g", nnx_element_load_f64(dt, p, i));
        return;
    }
    exact_int v = load_int(dt, p, i);
    if (v.negative)
        fprintf(f, "%lld", (long long)(int64_t)v.bits);
    else
        fprintf(f, "%llu", (unsigned long long)v.bits);
}

/* Shapes equal, or (nnef) equal once trailing 1s are dropped from both. */
static bool same_shape(const uint32_t *a, uint32_t ra, const uint32_t *b, uint32_t rb, bool nnef)
{
    while (nnef && ra > 0 && a[ra - 1] == 1)
        ra--;
    while (nnef && rb > 0 && b[rb - 1] == 1)
        rb--;
    return ra == rb && memcmp(a, b, ra * sizeof *a) == 0;
}

/* The file's values (type dtype, its shape) into out of type want, or the reason not. */
static int take_values(const char *name, const char *path, nnx_dtype dtype, const uint32_t *shape, uint32_t rank,
                       const void *values, bool nnef, bool cast, const nnx_operand_desc *want, run_buffer *out)
{
    if (!same_shape(shape, rank, want->shape, want->rank, nnef)) {
        fprintf(stderr, "%s: error: the file holds ", path);
        print_desc(stderr, dtype, shape, rank);
        fprintf(stderr, ", input '%s' is ", name);
        print_desc(stderr, want->dtype, want->shape, want->rank);
        fputc('\n', stderr);
        return NNX_EXIT_INVALID_MODEL;
    }
    int rc = alloc_buffer(want, out);
    if (rc != NNX_EXIT_OK)
        return rc;
    size_t count = out->size / nnx_dtype_size(want->dtype);
    bool round = cast && nnx_dtype_is_floating_point(want->dtype);
    size_t bad = convert_values(dtype, values, want->dtype, out->data, count, round);
    if (bad == count)
        return NNX_EXIT_OK;
    fprintf(stderr, "%s: error: element %zu (", path, bad);
    print_value(stderr, dtype, values, bad);
    /* --cast rounds to float types only: the hint where it would help */
    bool hint = !cast && nnx_dtype_is_floating_point(want->dtype);
    fprintf(stderr, ") of the %s data does not convert exactly to input '%s' of %s%s\n", cli_dtype_name(dtype), name,
            cli_dtype_name(want->dtype), hint ? " (give --cast to round it)" : "");
    run_buffer_free(out);
    return NNX_EXIT_INVALID_MODEL;
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

nnx_tensor_file_format run_input_format(const char *path)
{
    return has_suffix(path, ".dat") ? NNX_TENSOR_FILE_NNEF
        : has_suffix(path, ".pb")   ? NNX_TENSOR_FILE_ONNX
                                    : NNX_TENSOR_FILE_NPY;
}

int run_read_input(nnx_context *ctx, const char *name, const char *path, bool cast, const nnx_operand_desc *want,
                   run_buffer *out)
{
    out->data = NULL;
    nnx_tensor_file_format format = run_input_format(path);
    nnx_operand_desc file;
    void *data = NULL;
    size_t size = 0;
    nnx_status st = nnx_tensor_file_read(ctx, path, format, &file, &data, &size);
    if (st != NNX_OK) {
        fprintf(stderr, "%s\n", nnx_context_error(ctx));
        return cli_exit_code(st);
    }
    int rc = take_values(name, path, file.dtype, file.shape, file.rank, data, format == NNX_TENSOR_FILE_NNEF, cast,
                         want, out);
    nnx_tensor_file_free(ctx, data);
    return rc;
}

int run_take_array(const char *name, const char *path, const nnx_operand_desc *file, const void *data, bool cast,
                   const nnx_operand_desc *want, run_buffer *out)
{
    out->data = NULL;
    return take_values(name, path, file->dtype, file->shape, file->rank, data, false, cast, want, out);
}

/* ------------------------------------------------------------------ random inputs */

/* splitmix64 (Steele, Lea, Flood 2014): a fixed generator, so runs are reproducible. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Significand bits (with the implicit one) of a float dtype: -1 + k * 2^(1-p), k < 2^p, is
 * then exactly representable, so values are uniform on a grid and never round to 1
 * (fp8e8m0, powers of two without sign, holds the magnitudes 1 and 2^-127 of -1 and 0). */
static unsigned significand_bits(nnx_dtype dt)
{
    switch (dt) {
    case NNX_FLOAT64: return 53;
    case NNX_FLOAT32: return 24;
    case NNX_FLOAT16: return 11;
    case NNX_BFLOAT16: return 8;
    case NNX_FP8E4M3:
    case NNX_FP8E4M3FNUZ: return 4;
    case NNX_FP4E2M1: return 2;
    case NNX_FP8E8M0: return 1;
    default: return 3; /* fp8e5m2, fp8e5m2fnuz */
    }
}

int run_random_input(uint64_t seed, size_t index, const nnx_operand_desc *want, run_buffer *out)
{
    int rc = alloc_buffer(want, out);
    if (rc != NNX_EXIT_OK)
        return rc;
    uint64_t state = seed ^ ((uint64_t)index + 1) * 0xD1B54A32D192ED03u;
    size_t count = out->size / nnx_dtype_size(want->dtype);
    bool is_float = nnx_dtype_is_floating_point(want->dtype);
    unsigned p = is_float ? significand_bits(want->dtype) : 1;
    for (size_t i = 0; i < count; i++) {
        uint64_t k = next_random(&state) >> (64 - p);
        if (is_float)
            nnx_element_store_f64(want->dtype, out->data, i, -1.0 + ldexp((double)k, 1 - (int)p));
        else
            nnx_element_store_i64(want->dtype, out->data, i, (int64_t)k);
    }
    return NNX_EXIT_OK;
}

/* ------------------------------------------------------------------ writing outputs */

/* Creates dir and its missing parents (mkdir -p). */
int run_make_dirs(const char *dir)
{
    char *path = strdup(dir);
    if (!path)
        return NNX_EXIT_INVALID_MODEL;
    int rc = NNX_EXIT_OK;
    for (char *p = path + 1; rc == NNX_EXIT_OK; p++) {
        bool end = *p == '\0';
        if (*p != '/' && !end)
            continue;
        *p = '\0';
        struct stat st;
        if (mkdir(path, 0777) != 0 && !(errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode))) {
            fprintf(stderr, "%s: error: cannot create folder: %s\n", path, strerror(errno));
            rc = NNX_EXIT_INVALID_MODEL;
        }
        if (end)
            break;
        *p = '/';
    }
    free(path);
    return rc;
}

/* The type a value is written as: its own, or the exact widening the format needs (every
 * float type but float16/32/64 fits float32: fp8e8m0's 2^-127 as a subnormal). */
static nnx_dtype file_dtype(nnx_dtype dt, nnx_tensor_file_format format)
{
    if (format == NNX_TENSOR_FILE_NPY && (dt == NNX_INT4 || dt == NNX_INT2))
        return NNX_INT8;
    if (format == NNX_TENSOR_FILE_NPY && (dt == NNX_UINT4 || dt == NNX_UINT2))
        return NNX_UINT8;
    if (format == NNX_TENSOR_FILE_NPY && dt == NNX_INT48)
        return NNX_INT64;
    if (nnx_dtype_is_floating_point(dt) && dt != NNX_FLOAT16 && dt != NNX_FLOAT32 && dt != NNX_FLOAT64)
        return NNX_FLOAT32;
    return dt;
}

/* DIR/NAME.EXT with characters outside [A-Za-z0-9_.-] of NAME (and a leading '.') as '_',
 * so an output name can never leave the folder. NULL when out of memory. */
static char *output_path(const char *dir, const char *name, const char *ext)
{
    size_t n = strlen(dir) + strlen(name) + 8;
    char *path = malloc(n);
    if (!path)
        return NULL;
    int at = snprintf(path, n, "%s/", dir);
    for (const char *c = name; *c; c++) {
        bool safe = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_' ||
            *c == '-' || (*c == '.' && c != name);
        path[at++] = safe ? *c : '_';
    }
    snprintf(path + at, n - (size_t)at, ".%s", ext);
    return path;
}

int run_write_file(nnx_context *ctx, const char *path, const char *name, const run_buffer *b)
{
    nnx_tensor_file_format format = NNX_TENSOR_FILE_NPY;
    size_t n = strlen(path);
    if (n > 4 && strcmp(path + n - 4, ".npz") == 0)
        return run_save_bundle(ctx, path, &name, b, 1);
    if (n > 4 && strcmp(path + n - 4, ".dat") == 0)
        format = NNX_TENSOR_FILE_NNEF;
    run_buffer wide = *b;
    nnx_dtype dt = file_dtype(b->desc.dtype, format);
    if (dt != b->desc.dtype) { /* widening is exact: it cannot fail but for memory */
        wide.desc.dtype = dt;
        int rc = alloc_buffer(&wide.desc, &wide);
        if (rc != NNX_EXIT_OK)
            return rc;
        convert_exact(b->desc.dtype, b->data, dt, wide.data, wide.size / nnx_dtype_size(dt));
    }
    nnx_status st = nnx_tensor_file_write(ctx, path, format, &wide.desc, wide.data, wide.size);
    if (st != NNX_OK)
        fprintf(stderr, "nnx run: cannot write output '%s': %s\n", name, nnx_context_error(ctx));
    if (wide.data != b->data)
        run_buffer_free(&wide);
    return st == NNX_OK ? NNX_EXIT_OK : cli_exit_code(st);
}

int run_widen_for_npy(const run_buffer *b, run_buffer *wide)
{
    *wide = *b;
    nnx_dtype dt = file_dtype(b->desc.dtype, NNX_TENSOR_FILE_NPY);
    if (dt == b->desc.dtype)
        return NNX_EXIT_OK;
    wide->desc.dtype = dt;
    int rc = alloc_buffer(&wide->desc, wide);
    if (rc == NNX_EXIT_OK) /* widening is exact: it cannot fail */
        convert_exact(b->desc.dtype, b->data, dt, wide->data, wide->size / nnx_dtype_size(dt));
    return rc;
}

int run_write_output(nnx_context *ctx, const char *dir, const char *name, const char *ext, const run_buffer *b)
{
    int rc = run_make_dirs(dir);
    if (rc != NNX_EXIT_OK)
        return rc;
    char *path = output_path(dir, name, ext);
    if (!path) {
        fprintf(stderr, "nnx run: cannot write output '%s': out of memory\n", name);
        return NNX_EXIT_INVALID_MODEL;
    }
    rc = run_write_file(ctx, path, name, b);
    free(path);
    return rc;
}
