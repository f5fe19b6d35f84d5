/* run_io.c — the tensors `nnx run` reads and writes: model inputs from NumPy .npy or NNEF
 * .dat files (converted to the input's type only when every value converts exactly), seeded
 * pseudo-random inputs, and outputs written as .npy or .dat files into a folder. */
#define _POSIX_C_SOURCE 200809L
#include "run.h"

#include "base/file.h"
#include "formats/nnef/tensor_file.h"
#include "formats/npy/npy.h"
#include "ir/elem.h"

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
    if (!nnx_desc_bytes(d, &out->size) || !(out->data = calloc(out->size ? out->size : 1, 1))) {
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
    if (nnx_dtype_kind_of(dt) == NNX_KIND_SINT) {
        int64_t v = nnx_load_i(dt, p, i);
        return (exact_int){v < 0, (uint64_t)v};
    }
    return (exact_int){false, nnx_load_u(dt, p, i)};
}

static bool int_fits(nnx_dtype dt, exact_int v)
{
    return v.negative ? (int64_t)v.bits >= nnx_dtype_int_min(dt) : v.bits <= nnx_dtype_int_max(dt);
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

/* Element i of src (type sd) into dst (type dd); false if its value would change. */
static bool convert_one(nnx_dtype sd, const void *src, nnx_dtype dd, void *dst, size_t i)
{
    bool from_float = nnx_dtype_is_float(sd), to_float = nnx_dtype_is_float(dd);
    double d = 0;
    exact_int v = {false, 0};
    if (from_float)
        d = nnx_load_f(sd, src, i);
    else
        v = load_int(sd, src, i);
    if (to_float) {
        if (!from_float && !int_to_double(v, &d))
            return false;
        nnx_store_f(dd, dst, i, d);
        double back = nnx_load_f(dd, dst, i);
        return back == d || (isnan(back) && isnan(d));
    }
    if (from_float && !double_to_int(d, &v))
        return false;
    if (!int_fits(dd, v))
        return false;
    nnx_store_i(dd, dst, i, (int64_t)v.bits);
    return true;
}

/* Converts count elements; returns count, or the index of the first that does not convert. */
static size_t convert_exact(nnx_dtype sd, const void *src, nnx_dtype dd, void *dst, size_t count)
{
    if (sd == dd) {
        memcpy(dst, src, count * nnx_dtype_size(sd));
        return count;
    }
    for (size_t i = 0; i < count; i++)
        if (!convert_one(sd, src, dd, dst, i))
            return i;
    return count;
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
    if (nnx_dtype_is_float(dt)) {
        fprintf(f, "%.17g", nnx_load_f(dt, p, i));
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
                       const void *values, bool nnef, const nnx_operand_desc *want, run_buffer *out)
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
    size_t bad = convert_exact(dtype, values, want->dtype, out->data, count);
    if (bad == count)
        return NNX_EXIT_OK;
    fprintf(stderr, "%s: error: element %zu (", path, bad);
    print_value(stderr, dtype, values, bad);
    fprintf(stderr, ") of the %s data does not convert exactly to input '%s' of %s\n", cli_dtype_name(dtype), name,
            cli_dtype_name(want->dtype));
    run_buffer_free(out);
    return NNX_EXIT_INVALID_MODEL;
}

static int read_npy(const char *name, const char *path, const nnx_operand_desc *want, run_buffer *out)
{
    nnx_alloc alloc;
    nnx_alloc_init(&alloc, NULL);
    nnx_file_view view;
    nnx_npy_info info;
    nnx_error err = {0};
    nnx_status st = nnx_file_map(path, &alloc, &view, &err);
    if (st == NNX_OK)
        st = nnx_npy_parse(view.data, view.size, path, &info, &err);
    int rc;
    if (st == NNX_OK) {
        rc = take_values(name, path, info.dtype, info.shape, info.rank, info.data, false, want, out);
    } else {
        fprintf(stderr, "%s\n", err.message);
        rc = cli_exit_code(st);
    }
    nnx_file_unmap(&view);
    return rc;
}

static int read_dat(const char *name, const char *path, const nnx_operand_desc *want, run_buffer *out)
{
    nnx_alloc alloc;
    nnx_alloc_init(&alloc, NULL);
    nnx_nnef_tensor_info info;
    nnx_error err = {0};
    void *data = NULL;
    size_t size = 0;
    nnx_status st = nnx_nnef_tensor_load(path, &alloc, NNX_DTYPE_UNDEFINED, &info, &data, &size, &err);
    if (st != NNX_OK) {
        fprintf(stderr, "%s\n", err.message);
        return cli_exit_code(st);
    }
    nnx_dtype natural = nnx_nnef_tensor_natural_dtype(&info);
    int rc = take_values(name, path, natural, info.shape, info.rank, data, true, want, out);
    nnx_mem_free_aligned(&alloc, data);
    return rc;
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

int run_read_input(const char *name, const char *path, const nnx_operand_desc *want, run_buffer *out)
{
    out->data = NULL;
    return has_suffix(path, ".dat") ? read_dat(name, path, want, out) : read_npy(name, path, want, out);
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
 * then exactly representable, so values are uniform on a grid and never round to 1. */
static unsigned significand_bits(nnx_dtype dt)
{
    switch (dt) {
    case NNX_FLOAT64: return 53;
    case NNX_FLOAT32: return 24;
    case NNX_FLOAT16: return 11;
    case NNX_BFLOAT16: return 8;
    case NNX_FP8E4M3: return 4;
    default: return 3; /* fp8e5m2 */
    }
}

int run_random_input(uint64_t seed, size_t index, const nnx_operand_desc *want, run_buffer *out)
{
    int rc = alloc_buffer(want, out);
    if (rc != NNX_EXIT_OK)
        return rc;
    uint64_t state = seed ^ ((uint64_t)index + 1) * 0xD1B54A32D192ED03u;
    size_t count = out->size / nnx_dtype_size(want->dtype);
    bool is_float = nnx_dtype_is_float(want->dtype);
    unsigned p = is_float ? significand_bits(want->dtype) : 1;
    for (size_t i = 0; i < count; i++) {
        uint64_t k = next_random(&state) >> (64 - p);
        if (is_float)
            nnx_store_f(want->dtype, out->data, i, -1.0 + ldexp((double)k, 1 - (int)p));
        else
            nnx_store_i(want->dtype, out->data, i, (int64_t)k);
    }
    return NNX_EXIT_OK;
}

/* ------------------------------------------------------------------ writing outputs */

/* Creates dir and its missing parents (mkdir -p). */
static int make_dirs(const char *dir)
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

/* The type a value is written as: its own, or the exact widening the format needs. */
static nnx_dtype file_dtype(nnx_dtype dt, run_format format)
{
    if (format == RUN_FORMAT_NPY && dt == NNX_INT4)
        return NNX_INT8;
    if (format == RUN_FORMAT_NPY && dt == NNX_INT48)
        return NNX_INT64;
    if (dt == NNX_BFLOAT16 || dt == NNX_FP8E4M3 || dt == NNX_FP8E5M2)
        return NNX_FLOAT32;
    return dt;
}

/* The whole file for b (already of a type the format takes) into *file (malloc'ed). */
static nnx_status encode(run_format format, const run_buffer *b, void **file, size_t *size, nnx_error *err)
{
    const nnx_operand_desc *d = &b->desc;
    nnx_status st = format == RUN_FORMAT_NPY ? nnx_npy_encoded_size(d->dtype, d->shape, d->rank, size, err)
                                             : nnx_nnef_tensor_encoded_size(d->dtype, d->shape, d->rank, NULL, size, err);
    if (st != NNX_OK)
        return st;
    if (!(*file = malloc(*size ? *size : 1)))
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory for a %zu-byte file", *size);
    size_t written = 0;
    if (format == RUN_FORMAT_NPY)
        return nnx_npy_write(d->dtype, d->shape, d->rank, b->data, b->size, *file, *size, &written, err);
    return nnx_nnef_tensor_encode(d->dtype, d->shape, d->rank, b->data, b->size, NULL, *file, *size, &written, err);
}

/* DIR/NAME.EXT with characters outside [A-Za-z0-9_.-] of NAME (and a leading '.') as '_',
 * so an output name can never leave the folder. NULL when out of memory. */
static char *output_path(const char *dir, const char *name, run_format format)
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
    snprintf(path + at, n - (size_t)at, format == RUN_FORMAT_NPY ? ".npy" : ".dat");
    return path;
}

int run_write_output(const char *dir, const char *name, run_format format, const run_buffer *b)
{
    int rc = make_dirs(dir);
    if (rc != NNX_EXIT_OK)
        return rc;
    run_buffer wide = *b;
    nnx_dtype dt = file_dtype(b->desc.dtype, format);
    if (dt != b->desc.dtype) { /* widening is exact: it cannot fail but for memory */
        wide.desc.dtype = dt;
        if ((rc = alloc_buffer(&wide.desc, &wide)) != NNX_EXIT_OK)
            return rc;
        convert_exact(b->desc.dtype, b->data, dt, wide.data, wide.size / nnx_dtype_size(dt));
    }
    void *file = NULL;
    size_t size = 0;
    nnx_error err = {0};
    char *path = output_path(dir, name, format);
    nnx_status st = path ? encode(format, &wide, &file, &size, &err)
                         : nnx_error_set(&err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    if (st == NNX_OK)
        st = nnx_file_write_atomic(path, file, size, &err);
    if (st != NNX_OK)
        fprintf(stderr, "nnx run: cannot write output '%s': %s\n", name, err.message);
    free(file);
    free(path);
    if (wide.data != b->data)
        run_buffer_free(&wide);
    return st == NNX_OK ? NNX_EXIT_OK : cli_exit_code(st);
}
