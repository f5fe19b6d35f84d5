/* test_nnvm_common.h — helpers the NNVM tests share: write or copy a file, load an NNVM graph
 * into an IR model, and run a core IR on deterministic or given float32 inputs, keeping the
 * output bytes for comparison. */
#ifndef NNX_TEST_NNVM_COMMON_H
#define NNX_TEST_NNVM_COMMON_H

#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "api/objects.h"
#include "formats/nnvm/nnvm.h"
#include "ir/dtypes.h"

#define MAX_IO 16

/* A scratch folder under the test's working directory (the build tree), the same on every
 * run so that runs do not pile up; what a run writes replaces the last run's files. */
static inline void nnvm_test_dir(char *buf, size_t size, const char *name)
{
    snprintf(buf, size, "nnvm-test-%s", name);
    mkdir(buf, 0777);
}

static inline void nnvm_write_file(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, size, f), size);
    assert_int_equal(fclose(f), 0);
}

/* Copies the file at from to to (small files: test data). */
static inline void nnvm_copy_file(const char *from, const char *to)
{
    static char buf[1 << 20];
    FILE *f = fopen(from, "rb");
    assert_non_null(f);
    size_t n = fread(buf, 1, sizeof buf, f);
    assert_true(n < sizeof buf);
    fclose(f);
    nnvm_write_file(to, buf, n);
}

/* Outputs of one run: bytes per output (malloc'ed), with their descriptors. */
typedef struct nnvm_run {
    size_t n_out;
    nnx_operand_desc desc[MAX_IO];
    void *bytes[MAX_IO];
    size_t size[MAX_IO];
    char *names[MAX_IO];
} nnvm_run;

static inline void nnvm_run_free(nnvm_run *r)
{
    for (size_t k = 0; k < r->n_out; k++) {
        free(r->bytes[k]);
        free(r->names[k]);
    }
    memset(r, 0, sizeof *r);
}

/* Runs graph g (destroyed after); input k (in the graph's input order, looked up by name in
 * `input_names`, else by position) gets given[k] when not NULL, else element i =
 * sin(1 + 7k + 0.37 i). Returns the dispatch status (message in *why). */
static inline nnx_status nnvm_run_graph(nnx_context *ctx, nnx_graph *g, const char *const *input_names,
                                        const float *const *given, nnvm_run *r, char *why, size_t why_size)
{
    memset(r, 0, sizeof *r);
    nnx_status st;
    size_t n_in = nnx_graph_input_count(g), n_out = nnx_graph_output_count(g);
    assert_true(n_in <= MAX_IO && n_out <= MAX_IO);
    nnx_named_tensor ins[MAX_IO], outs[MAX_IO];
    for (size_t k = 0; k < n_in; k++) {
        nnx_operand_desc d;
        nnx_graph_input_desc(g, k, &d);
        ins[k].name = nnx_graph_input_name(g, k);
        size_t pos = k;
        for (size_t j = 0; input_names && input_names[j]; j++)
            if (strcmp(input_names[j], ins[k].name) == 0)
                pos = j;
        uint64_t n;
        assert_true(nnx_desc_elements(&d, &n));
        size_t bytes = (size_t)n * nnx_dtype_size(d.dtype);
        void *data = calloc(bytes ? bytes : 1, 1);
        assert_non_null(data);
        if (given && given[pos])
            memcpy(data, given[pos], bytes);
        else if (d.dtype == NNX_FLOAT32)
            for (size_t i = 0; i < n; i++)
                ((float *)data)[i] = (float)sin(1.0 + 7.0 * (double)pos + 0.37 * (double)i);
        assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = d, .writable = true}, &ins[k].tensor),
                         NNX_OK);
        assert_int_equal(nnx_tensor_write(ins[k].tensor, data, bytes), NNX_OK);
        free(data);
    }
    r->n_out = n_out;
    for (size_t k = 0; k < n_out; k++) {
        nnx_graph_output_desc(g, k, &r->desc[k]);
        outs[k].name = nnx_graph_output_name(g, k);
        r->names[k] = strdup(outs[k].name);
        uint64_t n;
        assert_true(nnx_desc_elements(&r->desc[k], &n));
        r->size[k] = (size_t)n * nnx_dtype_size(r->desc[k].dtype);
        r->bytes[k] = calloc(r->size[k] ? r->size[k] : 1, 1);
        assert_int_equal(
            nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = r->desc[k], .readable = true}, &outs[k].tensor), NNX_OK);
    }
    st = nnx_context_dispatch(ctx, g, ins, n_in, outs, n_out);
    if (st != NNX_OK)
        snprintf(why, why_size, "%s", nnx_context_error(ctx));
    for (size_t k = 0; st == NNX_OK && k < n_out; k++)
        assert_int_equal(nnx_tensor_read(outs[k].tensor, r->bytes[k], r->size[k]), NNX_OK);
    for (size_t k = 0; k < n_in; k++)
        nnx_tensor_destroy(ins[k].tensor);
    for (size_t k = 0; k < n_out; k++)
        nnx_tensor_destroy(outs[k].tensor);
    nnx_graph_destroy(g);
    return st;
}

/* Builds ir (moved) into a graph and runs it as nnvm_run_graph does. */
static inline nnx_status nnvm_run_ir(nnx_context *ctx, nnx_ir *ir, const uint32_t *outputs, const char *const *names,
                                     uint32_t n_out, const char *const *input_names, const float *const *given,
                                     nnvm_run *r, char *why, size_t why_size)
{
    memset(r, 0, sizeof *r);
    nnx_graph *g = NULL;
    nnx_error err = {0};
    nnx_status st = nnx_graph_create(ctx, ir, outputs, names, n_out, &g, &err);
    if (st != NNX_OK) {
        snprintf(why, why_size, "%s", err.message);
        return st;
    }
    return nnvm_run_graph(ctx, g, input_names, given, r, why, why_size);
}

/* libc behind the allocator interface. */
static inline const nnx_alloc *nnvm_libc(void)
{
    static nnx_alloc a;
    static const nnx_allocator none;
    nnx_alloc_init(&a, &none);
    return &a;
}

/* Loads path as NNVM (params: NULL = discovery) into m with a (NULL: libc); returns the
 * status, message in err. */
static inline nnx_status nnvm_load(const char *path, const char *params, bool skip_data, nnx_ir_model *m,
                                   const nnx_alloc *a, nnx_error *err)
{
    nnx_ir_model_init(m, a ? a : nnvm_libc(), "nnvm");
    nnx_ir_model_options o = {.params_path = params, .skip_tensor_data = skip_data};
    memset(err, 0, sizeof *err);
    return nnx_nnvm_load(path, &o, m, err);
}

/* Builds and runs an IR model (moving its IR) with deterministic inputs. */
static inline nnx_status nnvm_run_model(nnx_context *ctx, nnx_ir_model *m, nnvm_run *r, char *why, size_t size)
{
    return nnvm_run_ir(ctx, &m->ir, m->outputs, m->output_names, m->n_outputs, NULL, NULL, r, why, size);
}

#endif
