/* model_quant.c — binding graph.quant (NNEF 1.0.2 §5.3) to a loaded model (model.h):
 * each entry names an exported tensor and a quantization operation whose first (tensor)
 * parameter is implicit; every other parameter is a named compile-time value or takes its
 * default. Unknown tensors, unknown operations, duplicate entries, an explicit tensor
 * argument and identifiers in values are errors. */
#include "formats/nnef/flatten/eval.h"
#include "formats/nnef/model.h"
#include "formats/nnef/syntax/parser.h"

#include <stdio.h>
#include <string.h>

static int32_t find_tensor(const nnx_nnef_flat *g, const char *name)
{
    for (uint32_t t = 0; t < g->n_tensors; t++)
        if (strcmp(g->tensors[t].name, name) == 0)
            return (int32_t)t;
    return -1;
}

#define quant_fail(err, file, pos, ...) nnx_nnef_error_at(err, NNX_ERROR_INVALID_MODEL, file, pos, __VA_ARGS__)

/* The value of parameter i: the entry's named argument, else the declared default. */
static nnx_status param_value(nnef_flattener *f, const nnx_nnef_quant_entry *e, const nnx_nnef_param *p,
                              nnx_nnef_value *out)
{
    nnef_frame empty = {0};
    for (uint32_t k = 0; k < e->arg_count; k++)
        if (strcmp(e->args[k].name, p->name) == 0)
            return nnef_eval(f, &empty, e->args[k].value, out);
    if (!p->default_value)
        return nnx_nnef_error_at(f->err, NNX_ERROR_INVALID_MODEL, f->g->filename, e->op_pos,
                                 "'%s' needs a value for parameter '%s'", e->op, p->name);
    return nnef_eval(f, &empty, p->default_value, out);
}

static nnx_status check_arg_names(nnef_flattener *f, const nnx_nnef_quant_entry *e, const nnx_nnef_fragment *frag)
{
    for (uint32_t k = 0; k < e->arg_count; k++) {
        uint32_t i = 0;
        while (i < frag->param_count && strcmp(frag->params[i].name, e->args[k].name) != 0)
            i++;
        if (i == frag->param_count)
            return quant_fail(f->err, f->g->filename, e->args[k].pos, "'%s' has no parameter '%s'", e->op,
                              e->args[k].name);
        if (i == 0)
            return quant_fail(f->err, f->g->filename, e->args[k].pos,
                              "'%s': the tensor argument '%s' is implicit in graph.quant", e->op, e->args[k].name);
        for (uint32_t j = 0; j < k; j++)
            if (strcmp(e->args[j].name, e->args[k].name) == 0)
                return quant_fail(f->err, f->g->filename, e->args[k].pos, "'%s': argument '%s' is given twice", e->op,
                                  e->args[k].name);
    }
    return NNX_OK;
}

/* Where argument NAME of entry E was written: its own position, else (a default) the
 * operation's. */
static nnx_nnef_pos arg_pos(const nnx_nnef_quant_entry *e, const char *name)
{
    for (uint32_t k = 0; k < e->arg_count; k++)
        if (strcmp(e->args[k].name, name) == 0)
            return e->args[k].pos;
    return e->op_pos;
}

static const nnx_nnef_value *arg_value(const nnx_nnef_flat_quant *q, const char *name)
{
    for (uint32_t i = 0; i < q->n_args; i++)
        if (strcmp(q->args[i].name, name) == 0)
            return &q->args[i].value;
    return NULL;
}

static bool number_of(const nnx_nnef_value *v, double *out)
{
    if (v && v->kind == NNX_NNEF_VALUE_SCALAR)
        *out = v->u.scalar;
    else if (v && v->kind == NNX_NNEF_VALUE_INTEGER)
        *out = (double)v->u.integer;
    else
        return false;
    return true;
}

/* The quantization fragments of NNEF 1.0.2 §4.9.5 (and those of the later library) count
 * levels as 2^bits: bits must be a positive integer, and nnx caps it at 32 (decision N63);
 * a range [min, max] must not be reversed. */
static nnx_status check_values(nnef_flattener *f, const nnx_nnef_quant_entry *e, const nnx_nnef_flat_quant *q)
{
    const nnx_nnef_value *bits = arg_value(q, "bits");
    if (bits && bits->kind == NNX_NNEF_VALUE_INTEGER && (bits->u.integer < 1 || bits->u.integer > 32))
        return quant_fail(f->err, f->g->filename, arg_pos(e, "bits"),
                          "'%s' of '%s': bits = %lld; must be a positive integer (nnx supports 1..32)", e->op,
                          e->tensor, (long long)bits->u.integer);
    double lo, hi;
    if (number_of(arg_value(q, "min"), &lo) && number_of(arg_value(q, "max"), &hi) && !(lo <= hi))
        return quant_fail(f->err, f->g->filename, arg_pos(e, "min"), "'%s' of '%s': min = %g is greater than max = %g",
                          e->op, e->tensor, lo, hi);
    return NNX_OK;
}

static nnx_status bind_entry(nnef_flattener *f, nnx_nnef_model *m, const nnx_nnef_quant_entry *e)
{
    int32_t t = find_tensor(&m->flat, e->tensor);
    if (t < 0)
        return quant_fail(f->err, f->g->filename, e->pos, "no tensor named '%s' in the graph", e->tensor);
    if (m->flat.tensors[t].quant)
        return quant_fail(f->err, f->g->filename, e->pos, "tensor '%s' is quantized twice", e->tensor);
    const nnx_nnef_entry *op = nnx_nnef_registry_find(&m->reg, e->op);
    if (!op && nnx_nnef_registry_later_feature(&m->reg, e->op, NULL))
        return quant_fail(f->err, f->g->filename, e->op_pos,
                          "'%s' is an operation of the standard library after NNEF 1.0.2 (as NNEF-Tools and tract "
                          "write it); strict 1.0.2 mode rejects it",
                          e->op);
    if (!op)
        return quant_fail(f->err, f->g->filename, e->op_pos, "unknown operation '%s'", e->op);
    const nnx_nnef_fragment *frag = op->fragment;
    if (frag->param_count == 0 || frag->params[0].type->kind != NNX_NNEF_TYPE_TENSOR)
        return quant_fail(f->err, f->g->filename, e->op_pos, "'%s' does not take a tensor to quantize", e->op);
    nnx_status st = check_arg_names(f, e, frag);
    if (st != NNX_OK)
        return st;
    nnx_nnef_flat_quant *q = nnx_arena_alloc(&m->flat.arena, sizeof *q);
    nnx_nnef_arg *args = nnx_arena_array(&m->flat.arena, frag->param_count, sizeof *args);
    if (!q || !args)
        return nnef_oom(f);
    *q = (nnx_nnef_flat_quant){.op = frag->name, .args = args, .n_args = frag->param_count - 1, .pos = e->pos};
    for (uint32_t i = 1; i < frag->param_count && st == NNX_OK; i++) {
        args[i - 1] = (nnx_nnef_arg){frag->params[i].name, {0}, false};
        st = param_value(f, e, &frag->params[i], &args[i - 1].value);
    }
    if (st == NNX_OK)
        st = check_values(f, e, q);
    if (st == NNX_OK)
        m->flat.tensors[t].quant = q;
    return st;
}

nnx_status nnx_nnef_bind_quant(nnx_nnef_model *m, nnx_error *err)
{
    if (!nnx_nnef_container_has(m->container, "graph.quant"))
        return NNX_OK;
    const void *text;
    size_t size;
    nnx_status st = nnx_nnef_container_get(m->container, "graph.quant", &text, &size, err);
    if (st != NNX_OK)
        return st;
    size_t n = strlen(m->graph_path) + 8;
    char *file = nnx_arena_alloc(&m->flat.arena, n);
    if (!file)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", m->graph_path);
    snprintf(file, n, "%s", m->graph_path);
    char *slash = strrchr(file, '/');
    snprintf(slash ? slash + 1 : file, n - (size_t)(slash ? slash + 1 - file : 0), "graph.quant");
    if ((st = nnx_nnef_parse_quant_ex(text, size, file, m->limits.depth, m->alloc, &m->quant, err)) != NNX_OK)
        return st;
    /* Values are evaluated like any compile-time expression, reported against graph.quant. */
    const char *graph_file = m->flat.filename;
    m->flat.filename = file;
    nnef_flattener f = {.reg = &m->reg, .g = &m->flat, .err = err};
    f.opts = (nnx_nnef_flatten_options){.max_depth = m->limits.depth,
                                        .max_operations = m->limits.operations,
                                        .max_elements = m->limits.elements,
                                        .max_names = m->limits.names};
    nnef_flattener_limits(&f);
    for (uint32_t i = 0; i < m->quant->entry_count && st == NNX_OK; i++)
        st = bind_entry(&f, m, &m->quant->entries[i]);
    m->flat.filename = graph_file;
    return st;
}
