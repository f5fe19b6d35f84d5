/* fuzz_nnef_parser.c — libFuzzer target for the NNEF text front end: the input bytes are
 * parsed as a graph document (flat, lenient and strict), as a fragment library (stdlib
 * mode) and as a graph.quant file, once more with an allocator that fails the Nth
 * allocation. Every tree that comes back is walked in full. Crashes, sanitizer reports,
 * leaks or a message not of the form "FILE:LINE:COL: error: ..." are bugs. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/nnef/syntax/parser.h"

static void check(int ok)
{
    if (!ok)
        abort();
}

/* Touches every expression; the tree height bound keeps the recursion shallow. */
static bool walk(const nnx_nnef_expr *e, void *user)
{
    uint32_t *budget = user;
    check(e->kind > NNX_NNEF_EXPR_NONE && e->kind <= NNX_NNEF_EXPR_INVOCATION);
    check(e->height >= 1 && e->height <= NNX_NNEF_DEFAULT_MAX_DEPTH);
    check(e->pos.line >= 1 && e->pos.col >= 1);
    if (e->kind == NNX_NNEF_EXPR_STRING)
        check(strlen(e->u.string.chars) == e->u.string.length);
    (*budget)++;
    return nnx_nnef_expr_for_each_child(e, walk, user);
}

static void walk_body(const nnx_nnef_assignment *body, uint32_t n, uint32_t *budget)
{
    for (uint32_t i = 0; i < n; i++) {
        walk(body[i].lvalue, budget);
        walk(body[i].rvalue, budget);
    }
}

static void walk_document(const nnx_nnef_document *doc)
{
    uint32_t budget = 0;
    char type[128];
    for (uint32_t i = 0; i < doc->fragment_count; i++) {
        const nnx_nnef_fragment *f = &doc->fragments[i];
        check(f->param_count >= 1 && f->result_count >= 1);
        for (uint32_t k = 0; k < f->param_count; k++) {
            nnx_nnef_type_format(f->params[k].type, type, sizeof type);
            if (f->params[k].default_value)
                walk(f->params[k].default_value, &budget);
        }
        for (uint32_t k = 0; k < f->result_count; k++)
            nnx_nnef_type_format(f->results[k].type, type, sizeof type);
        check(!f->has_body || f->body_count >= 1);
        walk_body(f->body, f->body_count, &budget);
    }
    if (doc->graph) {
        check(doc->graph->input_count >= 1 && doc->graph->output_count >= 1 && doc->graph->body_count >= 1);
        walk_body(doc->graph->body, doc->graph->body_count, &budget);
    }
}

static void check_message(nnx_status st, const nnx_error *err, const char *file)
{
    if (st == NNX_OK)
        return;
    /* nesting past the depth limit is the load limit's error (parser.h), not a syntax error */
    check(st == NNX_ERROR_PARSE || st == NNX_ERROR_OUT_OF_MEMORY || st == NNX_ERROR_NOT_SUPPORTED);
    size_t n = strlen(file);
    check(strncmp(err->message, file, n) == 0 && err->message[n] == ':');
    if (st == NNX_ERROR_PARSE)
        check(strstr(err->message, ": error: expected ") != NULL);
    if (st == NNX_ERROR_NOT_SUPPORTED)
        check(strstr(err->message, "levels deep (the limit; raise it with nnx_model_options.max_depth") != NULL);
}

typedef struct failing {
    long calls, fail_at;
} failing;

static void *f_alloc(void *user, size_t size)
{
    failing *f = user;
    return ++f->calls == f->fail_at ? NULL : malloc(size);
}

static void *f_realloc(void *user, void *p, size_t size)
{
    failing *f = user;
    return ++f->calls == f->fail_at ? NULL : realloc(p, size);
}

static void f_free(void *user, void *p)
{
    (void)user;
    free(p);
}

static void parse_all(const char *text, size_t len, const nnx_alloc *alloc)
{
    static const uint32_t flag_sets[] = {0, NNX_NNEF_PARSE_STDLIB, NNX_NNEF_PARSE_LENIENT_EXTENSIONS,
                                         NNX_NNEF_PARSE_STRICT_EXTENSIONS};
    for (size_t i = 0; i < sizeof flag_sets / sizeof flag_sets[0]; i++) {
        nnx_error err = {0};
        nnx_nnef_document *doc = NULL;
        nnx_nnef_parse_options opts = {.flags = flag_sets[i]};
        nnx_status st = nnx_nnef_parse_ex(text, len, "fuzz.nnef", &opts, alloc, &doc, &err);
        check((st == NNX_OK) == (doc != NULL));
        check_message(st, &err, "fuzz.nnef");
        if (doc)
            walk_document(doc);
        nnx_nnef_document_free(doc);
    }
    nnx_error err = {0};
    nnx_nnef_quant *q = NULL;
    nnx_status st = nnx_nnef_parse_quant(text, len, "fuzz.quant", alloc, &q, &err);
    check((st == NNX_OK) == (q != NULL));
    check_message(st, &err, "fuzz.quant");
    for (uint32_t i = 0; q && i < q->entry_count; i++) {
        uint32_t budget = 0;
        for (uint32_t k = 0; k < q->entries[i].arg_count; k++)
            walk(q->entries[i].args[k].value, &budget);
    }
    nnx_nnef_quant_free(q);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Exactly size bytes, with no NUL after them: the parser must not read past len. */
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    parse_all(text, size, NULL);
    /* Allocation failure somewhere in the run, chosen by the input's length and first byte. */
    failing f = {0, 1 + (long)((size + (size ? data[0] : 0)) % 64)};
    nnx_allocator hook = {f_alloc, f_realloc, f_free, &f};
    nnx_alloc a;
    if (nnx_alloc_init(&a, &hook))
        parse_all(text, size, &a);
    free(text);
    return 0;
}
