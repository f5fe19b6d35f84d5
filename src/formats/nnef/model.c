/* model.c — loading an NNEF model: the stages of NNEF 1.0.2 chapter 6 in order (parse,
 * semantic checks, expansion, argument validity and shapes, tensor data), then graph.quant.
 * A missing tensor file is allowed (structure-only check, NNEF chapter 6); a present one
 * must match its variable (stage 4: shapes compared after dropping trailing 1s,
 * NNEF decision 36–43). */
#include "formats/nnef/model.h"
#include "formats/nnef/flatten/flatten.h"
#include "formats/nnef/syntax/parser.h"
#include "formats/nnef/check/sema.h"
#include "formats/nnef/shapes/shapes.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

void nnx_nnef_model_free(nnx_nnef_model *m)
{
    if (!m)
        return;
    const nnx_alloc *a = m->alloc;
    nnx_mem_free(a, m->bindings);
    nnx_nnef_flat_free(&m->flat);
    nnx_nnef_registry_free(&m->reg);
    nnx_nnef_quant_free(m->quant);
    nnx_nnef_document_free(m->doc);
    nnx_nnef_container_close(m->container);
    nnx_mem_free(a, m->graph_path);
    nnx_mem_free(a, m);
}

static nnx_status oom(nnx_error *err, const char *path)
{
    return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
}

/* "PATH" for a lone graph file, else "PATH/graph.nnef": what diagnostics call the document. */
static nnx_status graph_path(nnx_nnef_model *m, const char *path, nnx_error *err)
{
    bool lone = nnx_nnef_container_kind_of(m->container) == NNX_NNEF_CONTAINER_GRAPH_FILE;
    size_t n = strlen(path) + sizeof "/graph.nnef";
    if (!(m->graph_path = nnx_mem_alloc(m->alloc, n)))
        return oom(err, path);
    snprintf(m->graph_path, n, lone ? "%s" : "%s/graph.nnef", path);
    return NNX_OK;
}

static nnx_status parse_document(nnx_nnef_model *m, const nnx_nnef_load_options *o, nnx_error *err)
{
    const void *text;
    size_t size;
    nnx_status st = nnx_nnef_container_get(m->container, "graph.nnef", &text, &size, err);
    if (st != NNX_OK)
        return st;
    nnx_nnef_parse_options po = {.flags = o->lenient_extensions ? NNX_NNEF_PARSE_LENIENT_EXTENSIONS : 0,
                                 .max_depth = m->limits.depth};
    return nnx_nnef_parse_ex(text, size, m->graph_path, &po, m->alloc, &m->doc, err);
}

static nnx_status apply_input_shapes(nnx_nnef_model *m, const nnx_nnef_load_options *o, nnx_error *err)
{
    for (uint32_t i = 0; i < o->input_shape_count; i++) {
        const nnx_input_shape *s = &o->input_shapes[i];
        nnx_status st = nnx_nnef_set_input_shape(&m->flat, s->name ? s->name : "", s->shape, s->rank, err);
        if (st != NNX_OK)
            return st;
    }
    return NNX_OK;
}

static uint32_t trimmed_rank(const uint32_t *shape, uint32_t rank)
{
    while (rank > 0 && shape[rank - 1] == 1)
        rank--;
    return rank;
}

static bool same_trimmed(const uint32_t *a, uint32_t ra, const uint32_t *b, uint32_t rb)
{
    ra = trimmed_rank(a, ra);
    rb = trimmed_rank(b, rb);
    return ra == rb && memcmp(a, b, ra * sizeof *a) == 0;
}

static void format_shape(const uint32_t *s, uint32_t rank, char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "[");
    for (uint32_t i = 0; i < rank && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, i ? ",%u" : "%u", s[i]);
    if (n < size)
        snprintf(buf + n, size - n, "]");
}

/* The variable's op: where stage-4 errors point. */
static nnx_nnef_pos variable_pos(const nnx_nnef_model *m, uint32_t tensor)
{
    return m->flat.ops[m->flat.tensors[tensor].producer].pos;
}

/* What messages call a tensor file: "MODEL.tgz:w.dat" inside an archive, "MODEL/w.dat" in a
 * folder or beside a lone graph file (decision 62), so the file can be found from the message.
 * Allocated in the flat graph's arena: the parsed header quotes it for the model's life. */
static nnx_status shown_name(nnx_nnef_model *m, const char *relpath, const char **out, nnx_error *err)
{
    nnx_nnef_container_kind kind = nnx_nnef_container_kind_of(m->container);
    const char *slash = strrchr(m->graph_path, '/'); /* "PATH/graph.nnef" unless lone */
    size_t dir = slash ? (size_t)(slash - m->graph_path) : 0;
    if (dir == 0 && kind == NNX_NNEF_CONTAINER_GRAPH_FILE) {
        *out = relpath;
        return NNX_OK;
    }
    size_t rel = strlen(relpath);
    if (rel > SIZE_MAX - dir - 2)
        return oom(err, m->graph_path);
    char *name = nnx_arena_alloc(&m->flat.arena, dir + rel + 2);
    if (!name)
        return oom(err, m->graph_path);
    bool archive = kind == NNX_NNEF_CONTAINER_TAR || kind == NNX_NNEF_CONTAINER_TGZ;
    snprintf(name, dir + rel + 2, "%.*s%c%s", (int)dir, m->graph_path, archive ? ':' : '/', relpath);
    *out = name;
    return NNX_OK;
}

static nnx_status bind_variable(nnx_nnef_model *m, uint32_t t, nnx_error *err)
{
    const nnx_nnef_flat_tensor *tensor = &m->flat.tensors[t];
    nnx_nnef_binding *b = &m->bindings[t];
    nnx_status st = nnx_nnef_container_find_variable(m->container, tensor->label, &b->relpath, err);
    if (st != NNX_OK || !b->relpath)
        return st; /* absent: allowed for a structure-only check */
    if ((st = nnx_nnef_container_get(m->container, b->relpath, &b->bytes, &b->size, err)) != NNX_OK)
        return st;
    const char *name = b->relpath;
    if ((st = shown_name(m, b->relpath, &name, err)) != NNX_OK)
        return st;
    if ((st = nnx_nnef_tensor_parse(b->bytes, b->size, name, &b->info, err)) != NNX_OK)
        return st;
    b->present = true;
    if (!tensor->has_shape || same_trimmed(b->info.shape, b->info.rank, tensor->shape, tensor->rank))
        return NNX_OK;
    char file_shape[112], graph_shape[112];
    format_shape(b->info.shape, b->info.rank, file_shape, sizeof file_shape);
    format_shape(tensor->shape, tensor->rank, graph_shape, sizeof graph_shape);
    return nnx_nnef_error_at(err, NNX_ERROR_INVALID_MODEL, m->graph_path, variable_pos(m, t),
                             "variable '%s': tensor file '%s' has shape %s, the graph declares %s", tensor->label,
                             b->relpath, file_shape, graph_shape);
}

static nnx_status bind_tensor_data(nnx_nnef_model *m, nnx_error *err)
{
    for (uint32_t t = 0; t < m->flat.n_tensors; t++) {
        if (!m->flat.tensors[t].label)
            continue;
        nnx_status st = bind_variable(m, t, err);
        if (st != NNX_OK)
            return st;
    }
    return NNX_OK;
}

/* A tensor nnx makes itself when the model is built, not read from the file's bytes: a
 * `constant` (its value list broadcast to its shape) and, with zero_missing_variables, a
 * variable without a tensor file. Its shape is known now, so one with more elements than
 * max_elements is refused at load, before the build would allocate it (NNEF decision 66). */
static nnx_status check_materialised(nnx_nnef_model *m, nnx_error *err)
{
    for (uint32_t i = 0; i < m->flat.n_ops; i++) {
        const nnx_nnef_flat_op *op = &m->flat.ops[i];
        bool constant = strcmp(op->name, "constant") == 0, variable = strcmp(op->name, "variable") == 0;
        if ((!constant && !variable) || op->n_results != 1 || op->results[0].value.kind != NNX_NNEF_VALUE_TENSOR)
            continue;
        uint32_t t = op->results[0].value.u.tensor;
        const nnx_nnef_flat_tensor *tensor = &m->flat.tensors[t];
        if (!tensor->has_shape || (variable && (!m->zero_missing_variables || m->bindings[t].present)))
            continue;
        uint64_t n = 1;
        bool over = false;
        for (uint32_t k = 0; k < tensor->rank && !over; k++)
            over = __builtin_mul_overflow(n, (uint64_t)tensor->shape[k], &n);
        if (!over && n <= m->limits.elements)
            continue;
        char where[NNX_ERROR_MESSAGE_MAX / 2];
        snprintf(where, sizeof where, "%s:%u:%u", m->graph_path, op->pos.line, op->pos.col);
        return nnx_limit_error(err, NNX_LIMIT_ELEMENTS, where, "%s '%s' would be made with more than %llu elements",
                               constant ? "constant" : "variable (zero-filled)", tensor->name,
                               (unsigned long long)m->limits.elements);
    }
    return NNX_OK;
}

static nnx_status load(nnx_nnef_model *m, const char *path, const nnx_nnef_load_options *o, nnx_error *err)
{
    nnx_nnef_container_options co = {.max_bytes = o->limits.archive_bytes, .max_ratio = o->limits.archive_ratio};
    nnx_status st = nnx_nnef_container_open(path, &co, m->alloc, &m->container, err);
    if (st == NNX_OK)
        st = graph_path(m, path, err);
    if (st == NNX_OK)
        st = parse_document(m, o, err);
    if (st == NNX_OK)
        st = nnx_nnef_registry_init_ex(&m->reg, m->doc, o->strict_1_0_2, m->alloc, err);
    if (st == NNX_OK)
        st = nnx_nnef_check_ex(m->doc, &m->reg, m->limits.depth, err);
    if (st != NNX_OK)
        return st;
    nnx_nnef_flat_init(&m->flat, m->alloc, m->graph_path);
    nnx_nnef_flatten_options fo = {.expand_all = o->expand_all,
                                   .max_depth = m->limits.depth,
                                   .max_operations = m->limits.operations,
                                   .max_elements = m->limits.elements,
                                   .max_names = m->limits.names};
    st = nnx_nnef_flatten(m->doc, &m->reg, &fo, &m->flat, err);
    if (st == NNX_OK)
        st = apply_input_shapes(m, o, err);
    if (st == NNX_OK)
        st = nnx_nnef_infer_shapes(&m->flat, err);
    if (st == NNX_OK && !(m->bindings = nnx_mem_calloc(m->alloc, m->flat.n_tensors + 1, sizeof *m->bindings)))
        st = oom(err, path);
    if (st == NNX_OK && !o->skip_tensor_data)
        st = bind_tensor_data(m, err);
    if (st == NNX_OK)
        st = check_materialised(m, err);
    if (st == NNX_OK)
        st = nnx_nnef_bind_quant(m, err);
    return st;
}

nnx_status nnx_nnef_model_load(const char *path, const nnx_nnef_load_options *options, const nnx_alloc *alloc,
                               nnx_nnef_model **out, nnx_error *err)
{
    *out = NULL;
    nnx_nnef_load_options o = {0};
    if (options)
        o = *options;
    nnx_nnef_model *m = nnx_mem_calloc(alloc, 1, sizeof *m);
    if (!m)
        return oom(err, path);
    m->alloc = alloc;
    m->zero_missing_variables = o.zero_missing_variables;
    m->apply_quantization = o.apply_quantization;
    m->limits = nnx_load_limits_filled(&o.limits); /* a field left 0 takes its default */
    nnx_status st = load(m, path, &o, err);
    if (st != NNX_OK) {
        nnx_nnef_model_free(m);
        return st;
    }
    *out = m;
    return NNX_OK;
}
