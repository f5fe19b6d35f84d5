/* compare.c — comparing tensors with a tolerance: `nnx run --compare REF.npz` (every output
 * against the array of its name in a NumPy bundle) and the per-tensor comparison `nnx verify`
 * shares. Floats pass when |got - want| <= atol + rtol * |want| (numpy.allclose's rule, NaN
 * equal to NaN at the same position, an infinity equal only to itself); integers and bool
 * must be equal. */
#define _POSIX_C_SOURCE 200809L
#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Element i of b as a double (integers beyond 2^53 rounded: only used for floats and for
 * the error figures). */
static double value_at(const run_buffer *b, size_t i) { return nnx_element_load_f64(b->desc.dtype, b->data, i); }

/* Integers and bool compared exactly, in 64 bits. */
static bool int_equal(const run_buffer *a, const run_buffer *b, size_t i)
{
    bool sa = nnx_dtype_is_signed_integer(a->desc.dtype), sb = nnx_dtype_is_signed_integer(b->desc.dtype);
    if (sa && sb)
        return nnx_element_load_i64(a->desc.dtype, a->data, i) == nnx_element_load_i64(b->desc.dtype, b->data, i);
    if (!sa && !sb)
        return nnx_element_load_u64(a->desc.dtype, a->data, i) == nnx_element_load_u64(b->desc.dtype, b->data, i);
    const run_buffer *s = sa ? a : b, *u = sa ? b : a;
    int64_t x = nnx_element_load_i64(s->desc.dtype, s->data, i);
    return x >= 0 && (uint64_t)x == nnx_element_load_u64(u->desc.dtype, u->data, i);
}

static size_t count_of(const run_buffer *b)
{
    size_t e = nnx_dtype_size(b->desc.dtype);
    return e ? b->size / e : 0;
}

static bool same_shape(const nnx_operand_desc *a, const nnx_operand_desc *b)
{
    return a->rank == b->rank && memcmp(a->shape, b->shape, a->rank * sizeof *a->shape) == 0;
}

static bool kind_matches(nnx_dtype a, nnx_dtype b)
{
    return nnx_dtype_is_floating_point(a) == nnx_dtype_is_floating_point(b) && (a == NNX_BOOL) == (b == NNX_BOOL);
}

void compare_tensors(const run_buffer *got, const run_buffer *want, const compare_tolerance *tol, bool same_dtype,
                     compare_result *r)
{
    memset(r, 0, sizeof *r);
    r->first_bad = SIZE_MAX;
    if (!same_shape(&got->desc, &want->desc)) {
        r->problem = COMPARE_SHAPE;
        return;
    }
    if (same_dtype ? got->desc.dtype != want->desc.dtype : !kind_matches(got->desc.dtype, want->desc.dtype)) {
        r->problem = COMPARE_DTYPE;
        return;
    }
    bool floats = nnx_dtype_is_floating_point(got->desc.dtype);
    size_t n = count_of(got);
    r->count = n;
    for (size_t i = 0; i < n; i++) {
        double g = value_at(got, i), w = value_at(want, i);
        bool ok;
        if (!floats) {
            ok = int_equal(got, want, i);
        } else if (isnan(g) || isnan(w)) {
            ok = isnan(g) && isnan(w);
        } else if (isinf(g) || isinf(w)) {
            ok = g == w;
        } else {
            double abs_err = fabs(g - w);
            ok = abs_err <= tol->atol + tol->rtol * fabs(w);
        }
        if (!isnan(g) && !isnan(w) && !(isinf(g) && g == w)) {
            double abs_err = fabs(g - w), rel = w != 0 ? abs_err / fabs(w) : abs_err == 0 ? 0 : INFINITY;
            if (isnan(abs_err)) /* inf against a finite value */
                abs_err = rel = INFINITY;
            r->max_abs = abs_err > r->max_abs ? abs_err : r->max_abs;
            r->max_rel = rel > r->max_rel ? rel : r->max_rel;
        } else if (isnan(g) != isnan(w)) {
            r->max_abs = r->max_rel = NAN;
            r->nan_mismatch = true;
        }
        if (!ok && r->bad++ == 0)
            r->first_bad = i;
    }
    if (r->nan_mismatch)
        r->max_abs = r->max_rel = NAN;
}

/* The multi-index of flat index i in d, as "[i,j,k]". */
static void print_index(FILE *out, const nnx_operand_desc *d, size_t i)
{
    uint32_t pos[NNX_MAX_RANK];
    for (uint32_t k = d->rank; k-- > 0;) {
        pos[k] = d->shape[k] ? (uint32_t)(i % d->shape[k]) : 0;
        i = d->shape[k] ? i / d->shape[k] : 0;
    }
    fputc('[', out);
    for (uint32_t k = 0; k < d->rank; k++)
        fprintf(out, "%s%u", k ? "," : "", pos[k]);
    fputc(']', out);
}

static void print_type(FILE *out, const nnx_operand_desc *d)
{
    fprintf(out, "%s", cli_dtype_name(d->dtype));
    cli_print_shape(out, d);
}

static void print_element(FILE *out, const run_buffer *b, size_t i)
{
    nnx_dtype dt = b->desc.dtype;
    if (nnx_dtype_is_floating_point(dt))
        fprintf(out, "%.9g", nnx_element_load_f64(dt, b->data, i));
    else if (nnx_dtype_is_signed_integer(dt))
        fprintf(out, "%lld", (long long)nnx_element_load_i64(dt, b->data, i));
    else
        fprintf(out, "%llu", (unsigned long long)nnx_element_load_u64(dt, b->data, i));
}

bool compare_report(FILE *out, const char *name, const run_buffer *got, const run_buffer *want,
                    const compare_tolerance *tol, bool same_dtype, const char *got_word, const char *want_word)
{
    compare_result r;
    compare_tensors(got, want, tol, same_dtype, &r);
    fprintf(out, "%s: ", name);
    if (r.problem != COMPARE_OK) {
        fprintf(out, "MISMATCH: %s is ", got_word);
        print_type(out, &got->desc);
        fprintf(out, ", %s is ", want_word);
        print_type(out, &want->desc);
        fputc('\n', out);
        return false;
    }
    fprintf(out, "max abs err %.3g, max rel err %.3g: ", r.max_abs, r.max_rel);
    if (r.bad == 0) {
        fprintf(out, "ok\n");
        return true;
    }
    fprintf(out, "MISMATCH (%zu of %zu values beyond rtol %g, atol %g; first at ", r.bad, r.count, tol->rtol,
            tol->atol);
    print_index(out, &got->desc, r.first_bad);
    fprintf(out, ": %s ", got_word);
    print_element(out, got, r.first_bad);
    fprintf(out, ", %s ", want_word);
    print_element(out, want, r.first_bad);
    fprintf(out, ")\n");
    return false;
}

/* ------------------------------------------------------------------ run --compare */

/* The arrays of the reference bundle, copied. */
typedef struct ref_arrays {
    char **names;
    run_buffer *arrays;
    size_t count, room;
} ref_arrays;

static nnx_status take_ref(void *user, const char *name, const nnx_operand_desc *desc, const void *data, size_t size)
{
    ref_arrays *r = user;
    if (r->count == r->room) {
        size_t room = r->room ? 2 * r->room : 16;
        char **names = realloc(r->names, room * sizeof *names);
        if (names)
            r->names = names;
        run_buffer *arrays = names ? realloc(r->arrays, room * sizeof *arrays) : NULL;
        if (!arrays)
            return NNX_ERROR_OUT_OF_MEMORY;
        r->arrays = arrays;
        r->room = room;
    }
    run_buffer *b = &r->arrays[r->count];
    *b = (run_buffer){.desc = *desc, .size = size};
    char *copy = strdup(name);
    if (!copy || !(b->data = malloc(size ? size : 1))) {
        free(copy);
        return NNX_ERROR_OUT_OF_MEMORY;
    }
    memcpy(b->data, data, size);
    r->names[r->count++] = copy;
    return NNX_OK;
}

static void ref_free(ref_arrays *r)
{
    for (size_t i = 0; i < r->count; i++) {
        free(r->names[i]);
        run_buffer_free(&r->arrays[i]);
    }
    free(r->names);
    free(r->arrays);
}

int run_compare_outputs(nnx_context *ctx, nnx_graph *g, const char *ref_path, const run_buffer *outputs,
                        const compare_tolerance *tol)
{
    ref_arrays ref = {0};
    nnx_status st = nnx_tensor_bundle_read(ctx, ref_path, NULL, take_ref, &ref);
    if (st != NNX_OK) {
        fprintf(stderr, "%s\n", st == NNX_ERROR_OUT_OF_MEMORY ? "nnx run: out of memory" : nnx_context_error(ctx));
        ref_free(&ref);
        return cli_exit_code(st);
    }
    size_t n = nnx_graph_output_count(g);
    size_t *ref_of = malloc((n + 1) * sizeof *ref_of); /* per output: its array, or SIZE_MAX */
    bool *used = calloc(ref.count + 1, sizeof *used);
    if (!ref_of || !used) {
        fprintf(stderr, "nnx run: out of memory\n");
        free(ref_of);
        free(used);
        ref_free(&ref);
        return NNX_EXIT_INVALID_MODEL;
    }
    size_t matched = 0;
    for (size_t i = 0; i < n; i++)
        ref_of[i] = SIZE_MAX;
    /* by name: the output's own, or the name it had before a conversion (nnx_graph_find_output) */
    for (size_t k = 0; k < ref.count; k++) {
        size_t i;
        if (nnx_graph_find_output(g, ref.names[k], &i) == NNX_OK && i < n && ref_of[i] == SIZE_MAX) {
            ref_of[i] = k;
            used[k] = true;
            matched++;
        }
    }
    if (matched == 0 && ref.count == n) { /* no name in common: numpy.savez's arr_0, arr_1, ... */
        printf("%s: no array is named as an output: comparing by position\n", ref_path);
        for (size_t i = 0; i < n; i++) {
            ref_of[i] = i;
            used[i] = true;
        }
    }
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        const char *name = nnx_graph_output_name(g, i);
        if (ref_of[i] == SIZE_MAX) {
            printf("%s: MISMATCH: %s has no array for this output\n", name, ref_path);
            ok = false;
            continue;
        }
        ok &= compare_report(stdout, name, &outputs[i], &ref.arrays[ref_of[i]], tol, true, "got", "reference");
    }
    for (size_t k = 0; k < ref.count; k++)
        if (!used[k])
            printf("note: %s: array '%s' is not an output of the model; not compared\n", ref_path, ref.names[k]);
    free(ref_of);
    free(used);
    ref_free(&ref);
    return ok ? NNX_EXIT_OK : NNX_EXIT_INVALID_MODEL;
}
