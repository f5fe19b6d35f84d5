/* onnx_stages.c — the stages of a staged ONNX model (formats/ir_model.h "Staged"): which
 * names a range of nodes reads, a stage's inputs (the values live at its first node) and
 * outputs (those live after its last), and the format's nnx_ir_stage_ops: a stage loaded
 * from the file and cut before the next node that needs a run-time value, and such a node
 * computed from the values of its inputs. */
#include "formats/onnx/onnx_internal.h"

#include "base/file.h"
#include "ir/dtypes.h"

#include <string.h>

/* ---------------------------------------------------------------- names read */

static nnx_status use(nnx_strmap *used, const char *name)
{
    if (!name || !name[0])
        return NNX_OK;
    return nnx_strmap_put(used, name, NULL) ? NNX_OK : NNX_ERROR_OUT_OF_MEMORY;
}

/* Every name node n reads, its sub-graphs' included (an outer name a sub-graph reads or
 * returns is read by n; names a sub-graph defines itself are counted too, harmlessly: a
 * stage then keeps one more value alive). */
static nnx_status node_reads(const Onnx__NodeProto *n, nnx_strmap *used, unsigned depth)
{
    if (depth > OX_MAX_DEPTH)
        return NNX_OK; /* the loader refuses such nesting when it maps the node */
    nnx_status st = NNX_OK;
    for (size_t k = 0; st == NNX_OK && k < n->n_input; k++)
        st = use(used, n->input[k]);
    for (size_t a = 0; st == NNX_OK && a < n->n_attribute; a++) {
        const Onnx__AttributeProto *at = n->attribute[a];
        size_t n_g = (at->g ? 1 : 0) + at->n_graphs;
        for (size_t j = 0; st == NNX_OK && j < n_g; j++) {
            const Onnx__GraphProto *sg = at->g && j == 0 ? at->g : at->graphs[j - (at->g ? 1 : 0)];
            for (size_t i = 0; st == NNX_OK && i < sg->n_node; i++)
                st = node_reads(sg->node[i], used, depth + 1);
            for (size_t i = 0; st == NNX_OK && i < sg->n_output; i++)
                st = use(used, sg->output[i]->name);
        }
    }
    return st;
}

nnx_status ox_names_used(const Onnx__GraphProto *g, size_t from, size_t to, nnx_strmap *used)
{
    nnx_status st = NNX_OK;
    for (size_t i = from; st == NNX_OK && i < to && i < g->n_node; i++)
        st = node_reads(g->node[i], used, 0);
    for (size_t i = 0; st == NNX_OK && to >= g->n_node && i < g->n_output; i++)
        st = use(used, g->output[i]->name);
    return st;
}

/* ---------------------------------------------------------------- a stage's inputs and outputs */

nnx_status ox_stage_inputs(ox *c, const ox_stage *s, const nnx_strmap *used, nnx_onnx_known_input **known,
                           nnx_error *err)
{
    *known = nnx_mem_calloc(c->ir->alloc, s->n_env + 1, sizeof **known);
    if (!*known)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->n_env; i++) {
        const nnx_stage_value *v = &s->env[i];
        uintptr_t one; /* a single node's stage passes every other value through */
        if (!s->single && !nnx_strmap_get(used, v->name, &one))
            continue;
        uint32_t id;
        nnx_error e = {0};
        nnx_status st = nnx_ir_add_input(c->ir, v->name, &v->desc, &id, &e);
        if (st == NNX_OK)
            st = ox_define(c, v->name, id) == NNX_OK ? NNX_OK : NNX_ERROR_OUT_OF_MEMORY;
        if (st != NNX_OK)
            return nnx_error_set(err, st, "%s: error: value '%s': %s", c->path, v->name,
                                 e.message[0] ? e.message : "out of memory");
        if (v->known || s->single)
            (*known)[n++] = (nnx_onnx_known_input){.name = v->name, .desc = v->desc, .data = v->data};
    }
    return NNX_OK;
}

/* A copy of value id's bytes as stage value `name` (the bytes are known: NULL when not). */
static nnx_status copy_value(ox *c, const char *name, uint32_t id, nnx_stage_value *v)
{
    const nnx_alloc *a = c->ir->alloc;
    v->desc = ox_desc(c, id);
    size_t bytes = 0;
    const void *p = nnx_desc_bytes(&v->desc, &bytes) ? ox_known(c, id) : NULL;
    if (!p)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "value '%s' could not be computed from the values of its inputs",
                       name);
    v->name = nnx_mem_strdup(a, name);
    v->data = nnx_mem_alloc_aligned(a, bytes ? bytes : 1);
    if (!v->name || !v->data)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    memcpy(v->data, p, bytes);
    return NNX_OK;
}

/* A value of env passed through keeps its known flag; the node's results are by type. */
static bool env_known(const ox_stage *s, const char *name)
{
    for (uint32_t i = 0; i < s->n_env; i++)
        if (strcmp(s->env[i].name, name) == 0)
            return s->env[i].known;
    return false;
}

/* Whether id's bytes are known at load and small enough to key a stage by. */
static bool small_known(ox *c, uint32_t id)
{
    nnx_operand_desc d = ox_desc(c, id);
    size_t bytes;
    return nnx_desc_bytes(&d, &bytes) && bytes <= NNX_STAGE_KNOWN_BYTES && ox_known(c, id) != NULL;
}

nnx_status ox_stage_outputs(ox *c, const Onnx__GraphProto *g, const ox_stage *s, uint32_t end, nnx_error *err)
{
    nnx_ir_model *m = c->m;
    const nnx_alloc *a = c->ir->alloc;
    nnx_strmap after, seen;
    nnx_strmap_init(&after, a, false);
    nnx_strmap_init(&seen, a, false);
    /* candidates: the stage's inputs, then its nodes' outputs, each once, if read later */
    size_t n_cand = s->n_env;
    for (size_t i = s->first; i < end && i < g->n_node; i++)
        n_cand += g->node[i]->n_output;
    const char **cand = nnx_mem_calloc(a, n_cand + 1, sizeof *cand);
    uint32_t *ids = nnx_mem_calloc(a, n_cand + 1, sizeof *ids);
    nnx_status st = cand && ids && ox_names_used(g, end, g->n_node, &after) == NNX_OK ? NNX_OK
                                                                                      : NNX_ERROR_OUT_OF_MEMORY;
    size_t n = 0;
    for (uint32_t i = 0; st == NNX_OK && i < s->n_env; i++)
        cand[n++] = s->env[i].name;
    for (size_t i = s->first; st == NNX_OK && i < end && i < g->n_node; i++)
        for (size_t k = 0; k < g->node[i]->n_output; k++)
            cand[n++] = g->node[i]->output[k];
    size_t live = 0;
    for (size_t i = 0; st == NNX_OK && i < n; i++) {
        uintptr_t one;
        bool added = false;
        uint32_t id;
        if (!cand[i] || !cand[i][0] || !nnx_strmap_get(&after, cand[i], &one) || !ox_lookup(c, cand[i], &id))
            continue;
        if (!nnx_strmap_put(&seen, cand[i], &added)) {
            st = NNX_ERROR_OUT_OF_MEMORY;
            break;
        }
        if (!added)
            continue;
        if (ox_is_seq(id)) {
            nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                          "%s: error: sequence or optional '%s' is live where the graph is cut before node '%s' "
                          "(a data-dependent shape): not supported",
                          c->path, cand[i], end < g->n_node && g->node[end]->name ? g->node[end]->name : "");
            st = NNX_ERROR_NOT_SUPPORTED;
            break;
        }
        cand[live] = cand[i];
        ids[live++] = id;
    }
    if (st == NNX_ERROR_OUT_OF_MEMORY)
        nnx_error_set(err, st, "out of memory");
    if (st == NNX_OK && s->single) {
        nnx_stage_value *v = nnx_mem_calloc(a, live + 1, sizeof *v);
        st = v ? NNX_OK : NNX_ERROR_OUT_OF_MEMORY;
        uint32_t k = 0;
        for (; st == NNX_OK && k < live; k++) {
            st = copy_value(c, cand[k], ids[k], &v[k]);
            v[k].known = st == NNX_OK && env_known(s, cand[k]);
        }
        if (st != NNX_OK) {
            nnx_stage_values_free(a, v, k);
            nnx_error_set(err, st, "%s: error: node '%s' (%s): %s", c->path, c->label,
                          s->first < g->n_node ? g->node[s->first]->op_type : "", c->nerr.message);
        } else {
            *s->values = v;
            *s->n_values = (uint32_t)live;
        }
    } else if (st == NNX_OK) {
        m->outputs = nnx_arena_array(&c->ir->arena, live + 1, sizeof *m->outputs);
        m->output_names = nnx_arena_array(&c->ir->arena, live + 1, sizeof *m->output_names);
        m->output_known = nnx_arena_array(&c->ir->arena, live + 1, sizeof *m->output_known);
        if (!m->outputs || !m->output_names || !m->output_known)
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        for (size_t k = 0; st == NNX_OK && k < live; k++) {
            m->output_known[m->n_outputs] = small_known(c, ids[k]);
            st = ox_add_output(c, cand[k], ids[k], err);
        }
    }
    nnx_mem_free(a, cand);
    nnx_mem_free(a, ids);
    nnx_strmap_free(&after);
    nnx_strmap_free(&seen);
    return st;
}

/* ---------------------------------------------------------------- the stage operations */

/* A model file decoded once for its stages. */
typedef struct onnx_source {
    ProtobufCAllocator pa;
    Onnx__ModelProto *model;
    char *path, *dir;
} onnx_source;

static void source_close(void *source, const nnx_alloc *alloc)
{
    onnx_source *s = source;
    if (!s)
        return;
    if (s->model)
        onnx__model_proto__free_unpacked(s->model, &s->pa);
    nnx_mem_free(alloc, s->path);
    nnx_mem_free(alloc, s->dir);
    nnx_mem_free(alloc, s);
}

static nnx_status source_open(const char *path, const nnx_ir_model_options *options, const nnx_alloc *alloc,
                              void **source, nnx_error *err)
{
    *source = NULL;
    onnx_source *s = nnx_mem_calloc(alloc, 1, sizeof *s);
    if (!s || !(s->path = nnx_mem_strdup(alloc, path)) || !(s->dir = ox_model_dir(path, alloc))) {
        source_close(s, alloc);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    nnx_file_view v;
    nnx_status st = nnx_file_map(path, alloc, &v, err);
    if (st != NNX_OK) {
        source_close(s, alloc);
        return st;
    }
    s->pa = nnx_onnx_pb_allocator(alloc);
    st = ox_decode(v.data, v.size, path, options->limits.depth, &s->pa, &s->model, err);
    nnx_file_unmap(&v);
    if (st != NNX_OK) {
        source_close(s, alloc);
        return st;
    }
    *source = s;
    return NNX_OK;
}

static nnx_status run_stage(const onnx_source *src, const nnx_ir_model_options *options, ox_stage *s, nnx_ir_model *out,
                            nnx_error *err)
{
    nnx_ir_model_options o = *options;
    o.input_shapes = NULL;
    o.input_shape_count = 0;
    o.dims = NULL;
    o.dim_count = 0;
    o.allow_unbound = false;
    return nnx_onnx_load_model(src->model, src->path, src->dir, &o, NULL, 0, s, NULL, out, err);
}

static nnx_status stage_load(const void *source, const nnx_ir_model_options *options, uint32_t first,
                             const nnx_stage_value *env, uint32_t n_env, nnx_ir_model *out, nnx_error *err)
{
    ox_stage s = {.first = first, .env = env, .n_env = n_env};
    return run_stage(source, options, &s, out, err);
}

static nnx_status stage_eval(const void *source, const nnx_ir_model_options *options, uint32_t at,
                             const nnx_stage_value *env, uint32_t n_env, const nnx_alloc *alloc, nnx_stage_value **out,
                             uint32_t *n_out, nnx_error *err)
{
    nnx_ir_model m;
    nnx_ir_model_init(&m, alloc, "onnx");
    *out = NULL;
    *n_out = 0;
    ox_stage s = {.first = at, .env = env, .n_env = n_env, .single = true, .values = out, .n_values = n_out};
    nnx_status st = run_stage(source, options, &s, &m, err);
    nnx_ir_model_free(&m);
    return st;
}

const nnx_ir_stage_ops nnx_onnx_stages = {source_open, source_close, stage_load, stage_eval};
