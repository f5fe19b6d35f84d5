/* writer.c — the flat graph.nnef document (NNEF 1.0.2 §3.2.1 flat syntax), graph.quant
 * (§5.3) and whole containers with .dat files (§5.1, §5.2). Identifier renaming, custom-op
 * declarations and the generic-argument rule are described in writer.h. */
#include "formats/nnef/emit/writer.h"
#include "base/strmap.h"

#include <stdio.h>
#include <string.h>

#include "ir/dtypes.h"

/* Per-call state: the graph, the output, the tensors' written names (arena). */
typedef struct writer {
    const nnx_nnef_flat *g;
    nnx_strbuf *out;
    nnx_error *err;
    nnx_arena arena;
    const char **names; /* per tensor */
    const char *graph_name;
} writer;

/* A custom op's declaration as first written, to compare later invocations against. */
typedef struct decl {
    const char *op;
    char *text;
} decl;

static nnx_status w_oom(writer *w)
{
    return nnx_error_set(w->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory writing the graph",
                         w->g->filename ? w->g->filename : "graph.nnef");
}

static nnx_status w_put_to(writer *w, nnx_strbuf *t, const char *s)
{
    return nnx_strbuf_puts(t, s) ? NNX_OK : w_oom(w);
}

static nnx_status w_put(writer *w, const char *s) { return w_put_to(w, w->out, s); }

static void op_what(const nnx_nnef_flat_op *op, uint32_t k, const char *arg, char *buf, size_t size)
{
    if (arg)
        snprintf(buf, size, "op #%u '%s', argument '%s'", k, op->name ? op->name : "", arg);
    else
        snprintf(buf, size, "op #%u '%s'", k, op->name ? op->name : "");
}

static const char *type_name(nnx_nnef_type_kind t)
{
    switch (t) {
    case NNX_NNEF_TYPE_INTEGER: return "integer";
    case NNX_NNEF_TYPE_SCALAR: return "scalar";
    case NNX_NNEF_TYPE_LOGICAL: return "logical";
    case NNX_NNEF_TYPE_STRING: return "string";
    default: return NULL;
    }
}

/* ------------------------------------------------------------------ names */

/* Adds s to the set of names taken unless it is there; returns whether it was added. The set
 * has room for every tensor's name (nnx_strmap_reserve), and each tensor adds at most one,
 * so adding never allocates. */
static bool set_add(nnx_strmap *set, const char *s)
{
    bool added = false;
    nnx_strmap_put(set, s, &added);
    return added;
}

/* The renaming rule of writer.h (nnx_nnef_sanitize_identifier); no name at all -> t_<index>. */
static char *sanitize(nnx_arena *arena, const char *name, uint32_t index)
{
    char generated[24];
    if (!name || !name[0])
        snprintf(generated, sizeof generated, "t_%u", index), name = generated;
    return nnx_nnef_sanitize_identifier(arena, name);
}

/* base, then base_1, base_2, ... until one is free; adds it to the set. */
static const char *unique_name(writer *w, nnx_strmap *set, const char *base)
{
    if (set_add(set, base))
        return base;
    size_t n = strlen(base) + 24;
    for (uint64_t k = 1;; k++) {
        char *cand = nnx_arena_alloc(&w->arena, n);
        if (!cand)
            return NULL;
        snprintf(cand, n, "%s_%llu", base, (unsigned long long)k);
        if (set_add(set, cand))
            return cand;
    }
}

static nnx_status assign_names(writer *w)
{
    const nnx_nnef_flat *g = w->g;
    nnx_strmap set;
    nnx_strmap_init(&set, g->alloc, false);
    w->names = nnx_arena_array(&w->arena, (size_t)g->n_tensors + 1, sizeof(char *));
    bool ok = w->names && nnx_strmap_reserve(&set, g->n_tensors);
    for (uint32_t i = 0; ok && i < g->n_tensors; i++)
        if (nnx_nnef_is_identifier(g->tensors[i].name) && set_add(&set, g->tensors[i].name))
            w->names[i] = g->tensors[i].name;
    for (uint32_t i = 0; ok && i < g->n_tensors; i++) {
        if (w->names[i])
            continue;
        char *base = sanitize(&w->arena, g->tensors[i].name, i);
        ok = base && (w->names[i] = unique_name(w, &set, base));
    }
    nnx_strmap_free(&set);
    if (!ok)
        return w_oom(w);
    w->graph_name = g->name && g->name[0] ? sanitize(&w->arena, g->name, 0) : "G";
    return w->graph_name ? NNX_OK : w_oom(w);
}

static nnx_status writer_begin(writer *w, const nnx_nnef_flat *g, nnx_strbuf *out, nnx_error *err)
{
    *w = (writer){.g = g, .out = out, .err = err};
    nnx_arena_init(&w->arena, g->alloc);
    return assign_names(w);
}

/* ------------------------------------------------------------------ values and results */

static nnx_status w_value(writer *w, const nnx_nnef_value *v, const char *what)
{
    return nnx_nnef_write_value(w->out, v, w->names, w->g->n_tensors, what, w->err);
}

/* A result is a tensor or an array of tensors (§3.3.2 lvalues). */
static bool is_result(const nnx_nnef_value *v)
{
    if (v->kind == NNX_NNEF_VALUE_TENSOR)
        return true;
    if (v->kind != NNX_NNEF_VALUE_ARRAY || (v->count && !v->u.items))
        return false;
    for (uint32_t i = 0; i < v->count; i++)
        if (v->u.items[i].kind != NNX_NNEF_VALUE_TENSOR)
            return false;
    return true;
}

static nnx_status write_lvalue(writer *w, const nnx_nnef_flat_op *op, uint32_t k)
{
    char what[160];
    op_what(op, k, NULL, what, sizeof what);
    if (op->n_results == 0)
        return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: no results", what);
    nnx_status st = op->n_results > 1 ? w_put(w, "(") : NNX_OK;
    for (uint32_t i = 0; st == NNX_OK && i < op->n_results; i++) {
        op_what(op, k, op->results[i].name, what, sizeof what);
        if (!is_result(&op->results[i].value))
            return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT,
                                 "%s: a result must be a tensor or an array of tensors", what);
        if (i)
            st = w_put(w, ", ");
        if (st == NNX_OK)
            st = w_value(w, &op->results[i].value, what);
    }
    return st == NNX_OK && op->n_results > 1 ? w_put(w, ")") : st;
}

/* Tensor parameters positionally while no attribute came before; the rest named. */
static nnx_status write_args(writer *w, const nnx_nnef_flat_op *op, uint32_t k)
{
    char what[160];
    bool named = false;
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; st == NNX_OK && i < op->n_args; i++) {
        const nnx_nnef_arg *a = &op->args[i];
        op_what(op, k, a->name ? a->name : "", what, sizeof what);
        named = named || !a->tensor_param;
        if (named && !nnx_nnef_is_identifier(a->name))
            return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: not a valid parameter name", what);
        if (i)
            st = w_put(w, ", ");
        if (st == NNX_OK && named && (st = w_put(w, a->name)) == NNX_OK)
            st = w_put(w, " = ");
        if (st == NNX_OK)
            st = w_value(w, &a->value, what);
    }
    return st;
}

/* `<T>` only where the type is not recoverable otherwise (writer.h). */
static const char *generic_suffix(const nnx_nnef_flat_op *op)
{
    static const char *const defaulted[] = {"external", "constant", "variable"};
    if (op->generic != NNX_NNEF_TYPE_NONE && !op->custom && strcmp(op->name, "cast") == 0)
        return type_name(op->generic); /* the target type is only in <T> (the library after 1.0.2) */
    if (op->generic == NNX_NNEF_TYPE_NONE || op->custom || op->generic == NNX_NNEF_TYPE_SCALAR)
        return NULL;
    for (size_t i = 0; i < sizeof defaulted / sizeof defaulted[0]; i++)
        if (strcmp(op->name, defaulted[i]) == 0)
            return type_name(op->generic);
    return NULL;
}

static nnx_status write_op(writer *w, uint32_t k)
{
    const nnx_nnef_flat_op *op = &w->g->ops[k];
    char what[160];
    op_what(op, k, NULL, what, sizeof what);
    if (!nnx_nnef_is_identifier(op->name))
        return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: not a valid operation name", what);
    if (op->n_args == 0)
        return nnx_error_set(w->err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: an NNEF invocation needs at least one argument (§3.2.1 <argument-list>)", what);
    const char *gen = generic_suffix(op);
    nnx_status st = w_put(w, "    ");
    if (st == NNX_OK)
        st = write_lvalue(w, op, k);
    if (st == NNX_OK)
        st = w_put(w, " = ");
    if (st == NNX_OK)
        st = w_put(w, op->name);
    if (st == NNX_OK && gen && (st = w_put(w, "<")) == NNX_OK && (st = w_put(w, gen)) == NNX_OK)
        st = w_put(w, ">");
    if (st == NNX_OK)
        st = w_put(w, "(");
    if (st == NNX_OK)
        st = write_args(w, op, k);
    return st == NNX_OK ? w_put(w, ");\n") : st;
}

/* ------------------------------------------------------------------ custom-op declarations */

static nnx_status put_type(writer *w, nnx_strbuf *t, const nnx_nnef_value *v, bool tensor, const char *what,
                           uint32_t depth);

/* T[] from the first item; every other item must have the same type. */
static nnx_status put_array_type(writer *w, nnx_strbuf *t, const nnx_nnef_value *v, bool tensor, const char *what,
                                 uint32_t depth)
{
    if (v->count == 0 || !v->u.items)
        return nnx_error_set(w->err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: the item type of an empty array cannot be declared for a custom operation", what);
    size_t start = t->len;
    nnx_status st = put_type(w, t, &v->u.items[0], tensor, what, depth + 1);
    nnx_strbuf other;
    nnx_strbuf_init(&other, t->alloc);
    for (uint32_t i = 1; st == NNX_OK && i < v->count; i++) {
        other.len = 0;
        st = put_type(w, &other, &v->u.items[i], tensor, what, depth + 1);
        if (st == NNX_OK && (other.len != t->len - start || memcmp(other.data, t->data + start, other.len) != 0))
            st = nnx_error_set(w->err, NNX_ERROR_NOT_SUPPORTED, "%s: array items of different types", what);
    }
    nnx_strbuf_free(&other);
    return st == NNX_OK ? w_put_to(w, t, "[]") : st;
}

static nnx_status put_tuple_type(writer *w, nnx_strbuf *t, const nnx_nnef_value *v, bool tensor, const char *what,
                                 uint32_t depth)
{
    if (v->count < 2 || !v->u.items)
        return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: tuple of %u items (at least 2)", what, v->count);
    nnx_status st = w_put_to(w, t, "(");
    for (uint32_t i = 0; st == NNX_OK && i < v->count; i++) {
        if (i)
            st = w_put_to(w, t, ", ");
        if (st == NNX_OK)
            st = put_type(w, t, &v->u.items[i], tensor, what, depth + 1);
    }
    return st == NNX_OK ? w_put_to(w, t, ")") : st;
}

/* The declared type of a parameter from its value (writer.h, custom ops). */
static nnx_status put_type(writer *w, nnx_strbuf *t, const nnx_nnef_value *v, bool tensor, const char *what,
                           uint32_t depth)
{
    const char *prim = NULL;
    if (depth >= NNX_NNEF_WRITE_MAX_DEPTH)
        return nnx_error_set(w->err, NNX_ERROR_NOT_SUPPORTED, "%s: value nested deeper than %u", what,
                             NNX_NNEF_WRITE_MAX_DEPTH);
    switch (v->kind) {
    case NNX_NNEF_VALUE_INTEGER: prim = "integer"; break;
    case NNX_NNEF_VALUE_SCALAR: prim = "scalar"; break;
    case NNX_NNEF_VALUE_LOGICAL: prim = "logical"; break;
    case NNX_NNEF_VALUE_STRING: prim = "string"; break;
    case NNX_NNEF_VALUE_TENSOR:
        if (v->u.tensor >= w->g->n_tensors)
            return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: tensor index %u out of range (%u tensors)",
                                 what, v->u.tensor, w->g->n_tensors);
        prim = type_name(w->g->tensors[v->u.tensor].dtype);
        tensor = true;
        break;
    case NNX_NNEF_VALUE_ARRAY: return put_array_type(w, t, v, tensor, what, depth);
    case NNX_NNEF_VALUE_TUPLE: return put_tuple_type(w, t, v, tensor, what, depth);
    default: return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: no value", what);
    }
    nnx_status st = tensor ? w_put_to(w, t, "tensor<") : NNX_OK;
    if (st == NNX_OK && prim)
        st = w_put_to(w, t, prim);
    return st == NNX_OK && tensor ? w_put_to(w, t, ">") : st;
}

static nnx_status put_params(writer *w, nnx_strbuf *t, const nnx_nnef_flat_op *op, uint32_t k, bool results)
{
    const nnx_nnef_arg *list = results ? op->results : op->args;
    uint32_t n = results ? op->n_results : op->n_args;
    char what[160];
    nnx_status st = w_put_to(w, t, "( ");
    for (uint32_t i = 0; st == NNX_OK && i < n; i++) {
        op_what(op, k, list[i].name ? list[i].name : "", what, sizeof what);
        if (!nnx_nnef_is_identifier(list[i].name))
            return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: not a valid parameter name", what);
        if (i)
            st = w_put_to(w, t, ", ");
        if (st == NNX_OK && (st = w_put_to(w, t, list[i].name)) == NNX_OK && (st = w_put_to(w, t, ": ")) == NNX_OK)
            st = put_type(w, t, &list[i].value, results || list[i].tensor_param, what, 0);
    }
    return st == NNX_OK ? w_put_to(w, t, " )") : st;
}

/* "fragment NAME( params ) -> ( results );\n" for op k into t. */
static nnx_status declaration(writer *w, uint32_t k, nnx_strbuf *t)
{
    const nnx_nnef_flat_op *op = &w->g->ops[k];
    char what[160];
    op_what(op, k, NULL, what, sizeof what);
    if (!nnx_nnef_is_identifier(op->name))
        return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: not a valid operation name", what);
    nnx_status st = w_put_to(w, t, "fragment ");
    if (st == NNX_OK && (st = w_put_to(w, t, op->name)) == NNX_OK)
        st = put_params(w, t, op, k, false);
    if (st == NNX_OK && (st = w_put_to(w, t, " -> ")) == NNX_OK)
        st = put_params(w, t, op, k, true);
    return st == NNX_OK ? w_put_to(w, t, ";\n") : st;
}

typedef struct decl_list {
    decl *items;
    uint32_t n, cap;
} decl_list;

/* Records op k's declaration, or checks it against the one recorded for the same name. */
static nnx_status add_decl(writer *w, decl_list *d, uint32_t k, nnx_strbuf *t)
{
    const char *name = w->g->ops[k].name;
    char what[160];
    for (uint32_t i = 0; i < d->n; i++) {
        if (strcmp(d->items[i].op, name) != 0)
            continue;
        if (strcmp(d->items[i].text, t->data) == 0)
            return NNX_OK;
        op_what(&w->g->ops[k], k, NULL, what, sizeof what);
        return nnx_error_set(w->err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: custom operation used with other types than at its first use; nnx declares "
                             "custom operations with concrete types",
                             what);
    }
    char *text = nnx_arena_strdup(&w->arena, t->data);
    if (!text || !nnx_mem_reserve(w->g->alloc, (void **)&d->items, &d->cap, d->n + 1, sizeof(decl)))
        return w_oom(w);
    d->items[d->n++] = (decl){name, text};
    return NNX_OK;
}

static nnx_status collect_decls(writer *w, decl_list *d)
{
    nnx_strbuf t;
    nnx_strbuf_init(&t, w->g->alloc);
    nnx_status st = NNX_OK;
    for (uint32_t k = 0; st == NNX_OK && k < w->g->n_ops; k++) {
        if (!w->g->ops[k].custom)
            continue;
        t.len = 0;
        st = declaration(w, k, &t);
        if (st == NNX_OK)
            st = add_decl(w, d, k, &t);
    }
    nnx_strbuf_free(&t);
    return st;
}

/* ------------------------------------------------------------------ the document */

static nnx_status write_preamble(writer *w, const decl_list *d)
{
    nnx_status st = w_put(w, "version 1.0;\n");
    bool ext = false; /* an nnx_ops fragment: the extension is named (docs/NNEF-EXTENSIONS.md) */
    for (uint32_t k = 0; k < w->g->n_ops; k++)
        ext |= w->g->ops[k].extension;
    if (st == NNX_OK && d->n)
        st = w_put(w,
                   ext ? "extension KHR_enable_fragment_definitions, nnx_ops;\n"
                       : "extension KHR_enable_fragment_definitions;\n");
    if (st == NNX_OK)
        st = w_put(w, "\n");
    for (uint32_t i = 0; st == NNX_OK && i < d->n; i++)
        st = w_put(w, d->items[i].text);
    return st == NNX_OK && d->n ? w_put(w, "\n") : st;
}

static nnx_status write_ids(writer *w, const uint32_t *ids, uint32_t n, const char *noun)
{
    if (n == 0)
        return nnx_error_set(w->err, NNX_ERROR_NOT_SUPPORTED,
                             "graph '%s' has no %s; NNEF needs at least one (§3.2.1 <identifier-list>)", w->graph_name,
                             noun);
    nnx_status st = w_put(w, "( ");
    for (uint32_t i = 0; st == NNX_OK && i < n; i++) {
        if (ids[i] >= w->g->n_tensors)
            return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "graph %s #%u: tensor index %u out of range", noun,
                                 i, ids[i]);
        if (i)
            st = w_put(w, ", ");
        if (st == NNX_OK)
            st = w_put(w, w->names[ids[i]]);
    }
    return st == NNX_OK ? w_put(w, " )") : st;
}

static nnx_status write_graph(writer *w)
{
    nnx_status st = w_put(w, "graph ");
    if (st == NNX_OK && (st = w_put(w, w->graph_name)) == NNX_OK)
        st = write_ids(w, w->g->inputs, w->g->n_inputs, "inputs");
    if (st == NNX_OK && (st = w_put(w, " -> ")) == NNX_OK)
        st = write_ids(w, w->g->outputs, w->g->n_outputs, "outputs");
    if (st == NNX_OK)
        st = w_put(w, "\n{\n");
    for (uint32_t k = 0; st == NNX_OK && k < w->g->n_ops; k++)
        st = write_op(w, k);
    return st == NNX_OK ? w_put(w, "}\n") : st;
}

/* On failure the output goes back to its length before the call. */
static nnx_status writer_end(writer *w, size_t mark, nnx_status st)
{
    nnx_arena_free(&w->arena);
    if (st != NNX_OK && w->out->data) {
        w->out->len = mark;
        w->out->data[mark] = '\0';
    }
    return st;
}

nnx_status nnx_nnef_write_text(const nnx_nnef_flat *g, nnx_strbuf *out, nnx_error *err)
{
    writer w;
    decl_list d = {NULL, 0, 0};
    size_t mark = out->len;
    nnx_status st = writer_begin(&w, g, out, err);
    if (st == NNX_OK)
        st = collect_decls(&w, &d);
    if (st == NNX_OK)
        st = write_preamble(&w, &d);
    if (st == NNX_OK)
        st = write_graph(&w);
    nnx_mem_free(g->alloc, d.items);
    return writer_end(&w, mark, st);
}

/* ------------------------------------------------------------------ graph.quant */

static bool has_tensor(const nnx_nnef_value *v)
{
    if (v->kind == NNX_NNEF_VALUE_TENSOR)
        return true;
    if ((v->kind == NNX_NNEF_VALUE_ARRAY || v->kind == NNX_NNEF_VALUE_TUPLE) && v->u.items)
        for (uint32_t i = 0; i < v->count; i++)
            if (has_tensor(&v->u.items[i]))
                return true;
    return false;
}

/* `"name": op(arg = value, ...);` — every argument named, compile-time values only (§5.3). */
static nnx_status write_quant_line(writer *w, uint32_t t, const nnx_nnef_flat_quant *q)
{
    char what[160];
    snprintf(what, sizeof what, "graph.quant entry of tensor '%s'", w->names[t]);
    if (!nnx_nnef_is_identifier(q->op))
        return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: not a valid operation name", what);
    nnx_status st = w_put(w, "\"");
    if (st == NNX_OK && (st = w_put(w, w->names[t])) == NNX_OK && (st = w_put(w, "\": ")) == NNX_OK &&
        (st = w_put(w, q->op)) == NNX_OK)
        st = w_put(w, "(");
    for (uint32_t i = 0; st == NNX_OK && i < q->n_args; i++) {
        const nnx_nnef_arg *a = &q->args[i];
        snprintf(what, sizeof what, "graph.quant entry of tensor '%s', argument '%s'", w->names[t],
                 a->name ? a->name : "");
        if (!nnx_nnef_is_identifier(a->name) || has_tensor(&a->value))
            return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: %s", what,
                                 has_tensor(&a->value) ? "a compile-time value is required, not a tensor (§5.3)"
                                                       : "not a valid parameter name");
        if (i)
            st = w_put(w, ", ");
        if (st == NNX_OK && (st = w_put(w, a->name)) == NNX_OK && (st = w_put(w, " = ")) == NNX_OK)
            st = w_value(w, &a->value, what);
    }
    return st == NNX_OK ? w_put(w, ");\n") : st;
}

nnx_status nnx_nnef_write_quant(const nnx_nnef_flat *g, nnx_strbuf *out, nnx_error *err)
{
    writer w;
    size_t mark = out->len;
    nnx_status st = writer_begin(&w, g, out, err);
    for (uint32_t t = 0; st == NNX_OK && t < g->n_tensors; t++)
        if (g->tensors[t].quant)
            st = write_quant_line(&w, t, g->tensors[t].quant);
    return writer_end(&w, mark, st);
}

/* ------------------------------------------------------------------ containers */

/* The item type a variable's data must have unless it holds quantization codes. */
static bool dtype_fits(nnx_nnef_type_kind t, nnx_dtype dt)
{
    nnx_dtype_kind k = nnx_dtype_kind_of(dt);
    switch (t) {
    case NNX_NNEF_TYPE_SCALAR: return k == NNX_KIND_FLOAT;
    case NNX_NNEF_TYPE_INTEGER: return k == NNX_KIND_SINT || k == NNX_KIND_UINT;
    case NNX_NNEF_TYPE_LOGICAL: return k == NNX_KIND_BOOL;
    default: return false;
    }
}

static nnx_status check_variable(const nnx_nnef_flat *g, const nnx_nnef_variable_data *v, uint32_t i, nnx_error *err)
{
    if (v->tensor >= g->n_tensors || !g->tensors[v->tensor].label)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "variable data #%u: tensor %u is not a variable", i,
                             v->tensor);
    const nnx_nnef_flat_tensor *t = &g->tensors[v->tensor];
    if (!t->has_shape)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "variable '%s': shape unknown", t->label);
    if ((!v->encode || !v->encode->quantize) && !dtype_fits(t->dtype, v->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "variable '%s': %s data for a tensor<%s>", t->label,
                             nnx_dtype_name(v->dtype) ? nnx_dtype_name(v->dtype) : "invalid",
                             type_name(t->dtype) ? type_name(t->dtype) : "");
    return NNX_OK;
}

/* Encodes one variable and hands the bytes to the container writer. */
static nnx_status add_variable(const nnx_nnef_flat *g, const nnx_nnef_variable_data *v, uint32_t i,
                               nnx_nnef_container_writer *cw, const nnx_alloc *a, nnx_error *err)
{
    char rel[NNX_NNEF_PATH_MAX + 1];
    size_t size, written;
    nnx_status st = check_variable(g, v, i, err);
    const nnx_nnef_flat_tensor *t = st == NNX_OK ? &g->tensors[v->tensor] : NULL;
    if (st == NNX_OK)
        st = nnx_nnef_label_path(t->label, rel, sizeof rel, err);
    if (st == NNX_OK)
        st = nnx_nnef_tensor_encoded_size(v->dtype, t->shape, t->rank, v->encode, &size, err);
    if (st != NNX_OK)
        return st;
    void *buf = nnx_mem_alloc(a, size ? size : 1);
    if (!buf)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", rel);
    st = nnx_nnef_tensor_encode(v->dtype, t->shape, t->rank, v->data, v->size, v->encode, buf, size, &written, err);
    if (st != NNX_OK) {
        nnx_mem_free(a, buf);
        return st;
    }
    return nnx_nnef_container_writer_add_owned(cw, rel, buf, written, err);
}

/* Moves a text's bytes into the container writer as relpath. */
static nnx_status add_text(nnx_nnef_container_writer *cw, const char *relpath, nnx_strbuf *t, nnx_error *err)
{
    char *data = t->data;
    size_t len = t->len;
    *t = (nnx_strbuf){.alloc = t->alloc};
    return nnx_nnef_container_writer_add_owned(cw, relpath, data, len, err);
}

static nnx_status fill_container(const nnx_nnef_flat *g, const nnx_nnef_variable_data *vars, uint32_t n_vars,
                                 nnx_nnef_container_writer *cw, const nnx_alloc *a, nnx_error *err)
{
    nnx_strbuf text;
    nnx_strbuf_init(&text, a);
    nnx_status st = nnx_nnef_write_text(g, &text, err);
    if (st == NNX_OK)
        st = add_text(cw, "graph.nnef", &text, err);
    if (st == NNX_OK)
        st = nnx_nnef_write_quant(g, &text, err);
    if (st == NNX_OK && text.len)
        st = add_text(cw, "graph.quant", &text, err);
    nnx_strbuf_free(&text);
    for (uint32_t i = 0; st == NNX_OK && i < n_vars; i++)
        st = add_variable(g, &vars[i], i, cw, a, err);
    return st;
}

nnx_status nnx_nnef_save(const nnx_nnef_flat *g, const nnx_nnef_variable_data *vars, uint32_t n_vars, const char *path,
                         nnx_nnef_container_format format, const nnx_alloc *alloc, nnx_error *err)
{
    nnx_alloc libc;
    if (!alloc && nnx_alloc_init(&libc, NULL))
        alloc = &libc;
    nnx_nnef_container_writer *cw;
    nnx_status st = nnx_nnef_container_writer_create(alloc, &cw, err);
    if (st != NNX_OK)
        return st;
    st = fill_container(g, vars, n_vars, cw, alloc, err);
    if (st == NNX_OK)
        st = nnx_nnef_container_writer_write(cw, path, format, err);
    nnx_nnef_container_writer_destroy(cw);
    return st;
}
