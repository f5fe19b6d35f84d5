/* run_tosa.c — running one TOSA operator through nnx's public TOSA front end (nnx.h:
 * nnx_builder_tosa_begin, nnx_tosa_add): the data inputs become graph inputs bound at
 * dispatch, the other inputs (zero points, shifts, tables, ...) CONST operators and int64
 * rank-1 tensors CONST_SHAPE values, as the spec's compile-time-constant rules want; the
 * graph is built and dispatched on one context shared by the whole run. */
#include "tc_runner.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static nnx_context *ctx;

static void close_context(void) { nnx_context_destroy(ctx); }

static nnx_context *context(void)
{
    if (!ctx) {
        if (nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx) != NNX_OK) {
            fprintf(stderr, "nnx-tosa-compliance: cannot create a context\n");
            exit(2);
        }
        atexit(close_context);
    }
    return ctx;
}

static size_t bytes_of(const tc_tensor *t) { return tc_count(t) * nnx_dtype_size(t->dtype); }

const char *tc_via_file;

/* The bytes of the file at path (malloc'ed; *size), or NULL. */
static unsigned char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    if (f && fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) &&
            fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        }
        *size = (size_t)(n < 0 ? 0 : n);
    }
    if (f)
        fclose(f);
    return buf;
}

/* --via-file: g written as a .tosa file, read back, built and run on the same inputs; false
 * (msg says why) unless every output has the bytes of out[] and the file writes back the
 * same. */
static bool via_file(nnx_graph *g, const nnx_named_tensor *ti, size_t n_ti, const tc_tensor *out, uint32_t n_out,
                     char *msg, size_t msg_size)
{
    static unsigned serial;
    char path[4096], again[4096];
    snprintf(path, sizeof path, "%s/%05u.tosa", tc_via_file, serial);
    snprintf(again, sizeof again, "%s/%05u-again.tosa", tc_via_file, serial++);
    nnx_model *m = NULL;
    nnx_graph *g2 = NULL;
    nnx_named_tensor to[8] = {{0}};
    bool ok = false;
    unsigned char *a = NULL, *b = NULL;
    size_t na = 0, nb = 0;
    if (nnx_graph_save(g, path) != NNX_OK || nnx_model_load(ctx, path, NULL, &m) != NNX_OK ||
        nnx_model_save(m, again) != NNX_OK || nnx_model_build(m, &g2) != NNX_OK) {
        snprintf(msg, msg_size, "via .tosa file: %s", nnx_context_error(ctx));
        goto done;
    }
    a = slurp(path, &na), b = slurp(again, &nb);
    if (!a || !b || na != nb || memcmp(a, b, na) != 0) {
        snprintf(msg, msg_size, "via .tosa file: %s written again differs (%zu and %zu bytes)", path, na, nb);
        goto done;
    }
    for (uint32_t i = 0; i < n_out; i++) {
        nnx_tensor_desc d = {.readable = true};
        nnx_graph_output_desc(g2, i, &d.desc);
        to[i].name = nnx_graph_output_name(g, i);
        if (nnx_tensor_create(ctx, &d, &to[i].tensor) != NNX_OK) {
            snprintf(msg, msg_size, "via .tosa file: %s", nnx_context_error(ctx));
            goto done;
        }
    }
    if (nnx_context_dispatch(ctx, g2, ti, n_ti, to, n_out) != NNX_OK) {
        snprintf(msg, msg_size, "via .tosa file: run: %s", nnx_context_error(ctx));
        goto done;
    }
    ok = true;
    for (uint32_t i = 0; i < n_out && ok; i++) {
        size_t n = bytes_of(&out[i]);
        unsigned char *data = malloc(n ? n : 1);
        ok = data && nnx_tensor_read(to[i].tensor, data, n) == NNX_OK && memcmp(data, out[i].data, n) == 0;
        if (!ok)
            snprintf(msg, msg_size, "via .tosa file: output %u differs from the graph built in C (%s)", i, path);
        free(data);
    }
done:
    for (uint32_t i = 0; i < n_out; i++)
        nnx_tensor_destroy(to[i].tensor);
    nnx_graph_destroy(g2);
    nnx_model_destroy(m);
    free(a);
    free(b);
    if (ok) {
        remove(path);
        remove(again);
    }
    return ok;
}

static nnx_operand *constant(nnx_tosa *s, const tc_tensor *t)
{
    nnx_operand *out = NULL;
    nnx_tosa_attrs a = {0};
    if (t->dtype == NNX_INT64 && t->rank == 1) {
        a.shape_values = t->data;
        a.shape_values_count = t->shape[0];
        nnx_tosa_add(s, NNX_TOSA_CONST_SHAPE, NULL, 0, &a, &out, 1);
    } else {
        a.desc = (nnx_operand_desc){t->dtype, t->rank, {0}};
        memcpy(a.desc.shape, t->shape, sizeof a.desc.shape);
        a.values = t->data;
        a.values_size = bytes_of(t);
        nnx_tosa_add(s, NNX_TOSA_CONST, NULL, 0, &a, &out, 1);
    }
    return out;
}

tc_outcome tc_tosa(nnx_tosa_op op, const nnx_tosa_attrs *attrs, const tc_tensor *const *in, uint32_t n_in,
                   uint32_t n_data, tc_tensor *out, uint32_t n_out, char *msg, size_t msg_size)
{
    enum { MAX = 8 };
    nnx_builder *b = NULL;
    nnx_graph *g = NULL;
    nnx_named_tensor ti[MAX], to[MAX];
    size_t n_ti = 0, n_to = 0;
    tc_outcome r = TC_ERROR;
    msg[0] = 0;
    for (uint32_t i = 0; i < n_out; i++)
        out[i] = (tc_tensor){0};
    if (n_in > MAX || n_out > MAX || nnx_builder_create(context(), &b) != NNX_OK) {
        snprintf(msg, msg_size, "harness: cannot create a builder");
        return TC_ERROR;
    }
    nnx_tosa *s = nnx_builder_tosa_begin(b, NULL);
    nnx_operand *x[MAX], *y[MAX];
    char names[MAX][8];
    for (uint32_t i = 0; i < n_in; i++) {
        if (i < n_data) {
            nnx_operand_desc d = {in[i]->dtype, in[i]->rank, {0}};
            memcpy(d.shape, in[i]->shape, sizeof d.shape);
            snprintf(names[i], sizeof names[i], "x%u", i);
            x[i] = nnx_builder_input(b, names[i], &d);
        } else {
            x[i] = constant(s, in[i]);
        }
    }
    nnx_tosa_add(s, op, x, n_in, attrs, y, n_out);
    /* nnx names no constant as a graph output: CONST is read through IDENTITY (TOSA-C8) */
    if (op == NNX_TOSA_CONST) {
        nnx_operand *c = y[0];
        nnx_tosa_add(s, NNX_TOSA_IDENTITY, &c, 1, NULL, y, 1);
    }
    nnx_named_operand no[MAX];
    static const char *const ONAMES[MAX] = {"y0", "y1", "y2", "y3", "y4", "y5", "y6", "y7"};
    for (uint32_t i = 0; i < n_out; i++)
        no[i] = (nnx_named_operand){ONAMES[i], y[i]};
    nnx_status st = nnx_builder_status(b);
    if (st == NNX_OK)
        st = nnx_builder_build(b, no, n_out, &g);
    if (st != NNX_OK) {
        snprintf(msg, msg_size, "%s", nnx_builder_error(b));
        r = st == NNX_ERROR_NOT_SUPPORTED ? TC_UNSUPPORTED : TC_ERROR;
        goto done;
    }
    for (uint32_t i = 0; i < n_data; i++) {
        nnx_operand_desc d = {in[i]->dtype, in[i]->rank, {0}};
        memcpy(d.shape, in[i]->shape, sizeof d.shape);
        if (nnx_tensor_create(ctx, &(nnx_tensor_desc){d, false, true}, &ti[n_ti].tensor) != NNX_OK)
            goto ctx_error;
        ti[n_ti].name = names[i];
        n_ti++;
        if (nnx_tensor_write(ti[n_ti - 1].tensor, in[i]->data, bytes_of(in[i])) != NNX_OK)
            goto ctx_error;
    }
    for (uint32_t i = 0; i < n_out; i++) {
        nnx_operand_desc d;
        nnx_graph_output_desc(g, i, &d);
        out[i] = tc_tensor_make(d.dtype, d.rank, d.shape);
        if (nnx_tensor_create(ctx, &(nnx_tensor_desc){d, true, false}, &to[n_to].tensor) != NNX_OK)
            goto ctx_error;
        to[n_to].name = ONAMES[i];
        n_to++;
    }
    if (nnx_context_dispatch(ctx, g, ti, n_ti, to, n_to) != NNX_OK)
        goto ctx_error;
    for (uint32_t i = 0; i < n_out; i++)
        if (nnx_tensor_read(to[i].tensor, out[i].data, bytes_of(&out[i])) != NNX_OK)
            goto ctx_error;
    r = TC_OK;
    if (tc_via_file && !via_file(g, ti, n_ti, out, n_out, msg, msg_size))
        r = TC_ERROR;
    goto done;
ctx_error:
    snprintf(msg, msg_size, "run: %s", nnx_context_error(ctx));
    r = TC_ERROR;
done:
    for (size_t i = 0; i < n_ti; i++)
        nnx_tensor_destroy(ti[i].tensor);
    for (size_t i = 0; i < n_to; i++)
        nnx_tensor_destroy(to[i].tensor);
    if (r != TC_OK)
        for (uint32_t i = 0; i < n_out; i++)
            tc_tensor_free(&out[i]);
    nnx_graph_destroy(g);
    nnx_builder_destroy(b);
    return r;
}

bool tc_tosa_checked(const tc_row *row, const char *set, nnx_tosa_op op, const nnx_tosa_attrs *attrs,
                     const tc_tensor *const *in, uint32_t n_in, uint32_t n_data, tc_tensor *out, uint32_t n_out)
{
    char msg[512];
    tc_outcome r = tc_tosa(op, attrs, in, n_in, n_data, out, n_out, msg, sizeof msg);
    if (r == TC_UNSUPPORTED)
        tc_unsupported(row, msg);
    else if (r == TC_ERROR)
        tc_result(row, set, false, "%s", msg); /* a valid graph must build and run */
    return r == TC_OK;
}
