/* load.c — nnx_nnvm_load (nnvm.h): the graph JSON and its .params weights into core IR.
 * Variables (op "null") found in the weights become constants, the others graph inputs;
 * operator nodes go through load_ops*.c; heads become the named outputs. When the graph's
 * attrs carry shapes and types, every entry nnx computes is checked against them. */
#define _DEFAULT_SOURCE
#include "formats/nnvm/load.h"
#include "base/file.h"
#include "base/strbuf.h"
#include "formats/nnvm/nnvm.h"
#include "formats/nnvm/params.h"
#include "ir/dtypes.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* ---------------------------------------------------------------- the weights file */

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcasecmp(s + n - k, suffix) == 0;
}

/* The weights file beside the graph at path: STEM.params when it is there (path without
 * its .json, as nnx_nnvm_save names the weights it writes), else the one *.params file in
 * path's folder; NULL in *found when there is none; an error listing them when there are
 * several and none is STEM.params (docs/decisions/nnvm.md NNVM-7). */
static nnx_status find_params(const char *path, const nnx_alloc *a, char **found, nnx_error *err)
{
    *found = NULL;
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
    char dir[4096];
    if (dir_len >= sizeof dir)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: the path is too long", path);
    memcpy(dir, path, dir_len);
    dir[dir_len] = '\0';
    const char *stem = path + dir_len;
    size_t stem_len = strlen(stem) - (ends_with(stem, ".json") ? 5 : 0);
    DIR *d = opendir(dir_len ? dir : ".");
    if (!d)
        return NNX_OK;
    nnx_strbuf names;
    nnx_strbuf_init(&names, a);
    unsigned count = 0;
    bool own = false; /* first is STEM.params */
    char first[512] = "";
    for (struct dirent *de; (de = readdir(d)) != NULL;) {
        if (!ends_with(de->d_name, ".params") || de->d_name[0] == '.')
            continue;
        bool is_own = strlen(de->d_name) == stem_len + 7 && strncmp(de->d_name, stem, stem_len) == 0;
        if ((count++ == 0 || is_own) && !own) {
            snprintf(first, sizeof first, "%s", de->d_name);
            own = is_own;
        }
        nnx_strbuf_printf(&names, "%s'%s%s'", count > 1 ? ", " : "", dir, de->d_name);
    }
    closedir(d);
    nnx_status st = NNX_OK;
    if (count > 1 && !own) {
        st = nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                           "%s: error: %u .params files beside the graph (%s), none named %.*s.params: give the "
                           "weights with --params FILE",
                           path, count, names.data ? names.data : "", (int)stem_len, stem);
    } else if (count >= 1) {
        size_t len = dir_len + strlen(first) + 1;
        if (!(*found = nnx_mem_alloc(a, len)))
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
        else
            snprintf(*found, len, "%s%s", dir, first);
    }
    nnx_strbuf_free(&names);
    return st;
}

/* ---------------------------------------------------------------- variables */

/* Per node: is it read as a weight operand (conv2d/dense/conv2d_transpose weight or bias,
 * batch_norm's statistics, prelu's alpha) by some later operator node? One pass over the
 * graph (arena; NULL when out of memory). */
static bool *weight_nodes(const nnx_nnvm_graph *g, nnx_arena *arena)
{
    bool *w = nnx_arena_array(arena, g->n_nodes ? g->n_nodes : 1, sizeof *w);
    for (uint32_t i = 0; w && i < g->n_nodes; i++) {
        const nnx_nnvm_node *n = &g->nodes[i];
        bool weighted = strcmp(n->op, "conv2d") == 0 || strcmp(n->op, "dense") == 0 ||
            strcmp(n->op, "conv2d_transpose") == 0 || strcmp(n->op, "batch_norm") == 0 || strcmp(n->op, "prelu") == 0;
        for (uint32_t k = 1; weighted && k < n->n_inputs; k++)
            if (n->inputs[k].node < i)
                w[n->inputs[k].node] = true;
    }
    return w;
}

/* The type of entry e from the graph's attrs (dltype, else dtype), float32 when absent. */
static nnx_status entry_dtype(nnvm_loader *L, uint32_t e, nnx_dtype *dt)
{
    *dt = NNX_FLOAT32;
    if (L->g->dltypes) {
        *dt = nnx_tvm_dtype_from_name(L->g->dltypes[e]);
        if (*dt == NNX_DTYPE_UNDEFINED)
            return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED,
                             "the graph's attrs 'dltype' gives it type '%.40s', which nnx "
                             "does not have",
                             L->g->dltypes[e]);
    } else if (L->g->dtypes) {
        *dt = nnx_nnvm_dtype_from_code(L->g->dtypes[e]);
        if (*dt == NNX_DTYPE_UNDEFINED)
            return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED,
                             "the graph's attrs 'dtype' gives it type code %lld, which "
                             "nnx does not have",
                             (long long)L->g->dtypes[e]);
    }
    return NNX_OK;
}

static nnx_status add_variable(nnvm_loader *L, const nnx_ir_model_options *o, const nnx_tvm_param *params,
                               bool have_params)
{
    const nnx_nnvm_graph *g = L->g;
    const nnx_nnvm_node *n = L->n;
    uint32_t e = g->node_row_ptr[L->node], id;
    const nnx_nnvm_entry_info *graph_shape = g->shapes ? &g->shapes[e] : NULL;
    uintptr_t at;
    if (nnx_strmap_get(&L->params_by_name, n->name, &at)) {
        const nnx_tvm_param *p = &params[at];
        nnx_operand_desc d = {.dtype = p->dtype, .rank = p->rank};
        memcpy(d.shape, p->shape, sizeof d.shape);
        nnx_status st = nnx_ir_add_constant(L->ir, &d, p->data, p->size, &id, L->err);
        if (st != NNX_OK)
            return nnvm_fail(L, st, "weights: %s", L->err->message);
        L->entry_value[e] = id;
        return NNX_OK;
    }
    nnx_operand_desc d = {0};
    nnx_status st = entry_dtype(L, e, &d.dtype);
    if (st != NNX_OK)
        return st;
    const nnx_input_shape *given = NULL;
    for (uint32_t k = 0; o && k < o->input_shape_count; k++)
        if (o->input_shapes[k].name && strcmp(o->input_shapes[k].name, n->name) == 0)
            given = &o->input_shapes[k];
    if (given) {
        if (given->rank > NNX_MAX_RANK)
            return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "the given shape has rank %u", given->rank);
        d.rank = given->rank;
        memcpy(d.shape, given->shape, sizeof d.shape);
        /* The attrs give every entry's shape, checked against what nnx computes: an input of
         * another shape could not pass, so say so here. */
        if (graph_shape &&
            (graph_shape->rank != d.rank || memcmp(graph_shape->shape, d.shape, d.rank * sizeof *d.shape)))
            return nnvm_fail(L, NNX_ERROR_INVALID_ARGUMENT,
                             "the shape given differs from the one the graph's attrs 'shape' give it");
    } else if (graph_shape) {
        d.rank = graph_shape->rank;
        memcpy(d.shape, graph_shape->shape, sizeof d.shape);
    } else {
        return nnvm_fail(L, NNX_ERROR_INVALID_MODEL,
                         "no shape: the graph's attrs have no 'shape' and none was given "
                         "(nnx_model_options.input_shapes; nnx --input-shape)");
    }
    if (!have_params && !g->compiled && L->weight && L->weight[L->node]) {
        /* Zero-filled, so that the structure can be checked and drawn; unless only the structure
         * was asked for, building the graph then fails naming the weight. */
        if (!(o && (o->skip_tensor_data || o->zero_missing_variables)) &&
            (st = nnvm_unrunnable(L,
                                  "the weight has no data: no .params file was given or found beside the "
                                  "graph (give one with --params FILE)")) != NNX_OK)
            return st;
        /* the zeros are sized by the JSON's attrs alone, not by the file's bytes: the elements
         * limit (nnx_model_options.max_elements) applies before they are allocated */
        uint64_t count;
        uint64_t limit = o && o->limits.elements ? o->limits.elements : NNX_MAX_ELEMENTS_DEFAULT;
        if (!nnx_desc_elements(&d, &count) || count > limit) {
            char where[256];
            snprintf(where, sizeof where, "%s: node %u '%.80s'", L->path, L->node, n->name);
            return nnx_limit_error(L->err, NNX_LIMIT_ELEMENTS, where,
                                   "the zero-filled weight would have more than %llu elements",
                                   (unsigned long long)limit);
        }
        size_t bytes;
        if (!nnx_desc_bytes(&d, &bytes))
            return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "its shape is too large");
        void *zeros = nnx_mem_calloc(L->ir->alloc, bytes ? bytes : 1, 1);
        if (!zeros)
            return nnvm_fail(L, NNX_ERROR_OUT_OF_MEMORY, "out of memory for the zero-filled weight (%zu bytes)",
                             bytes ? bytes : 1);
        st = nnx_ir_add_constant(L->ir, &d, zeros, bytes, &id, L->err);
        nnx_mem_free(L->ir->alloc, zeros);
    } else {
        /* Inputs are bound by name: two variables of one name would be one input twice. */
        bool added;
        if (!nnx_strmap_put(&L->input_names, n->name, &added))
            return nnvm_fail(L, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        if (!added)
            return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "another graph input is named '%.80s' too", n->name);
        st = nnx_ir_add_input(L->ir, n->name, &d, &id, L->err);
    }
    if (st != NNX_OK)
        return nnvm_fail(L, st, "%s", L->err->message);
    L->entry_value[e] = id;
    return NNX_OK;
}

/* Compares what nnx computed for node L->node's outputs with the graph's shape and type attrs. */
static nnx_status check_entries(nnvm_loader *L)
{
    const nnx_nnvm_graph *g = L->g;
    for (uint32_t k = 0; k < L->n->n_outputs; k++) {
        uint32_t e = g->node_row_ptr[L->node] + k, v = L->entry_value[e];
        if (v == NNX_NONE)
            continue;
        const nnx_operand_desc *d = &L->ir->values[v].desc;
        char have[128], want[128];
        if (g->shapes) {
            const nnx_nnvm_entry_info *s = &g->shapes[e];
            if (s->rank != d->rank || memcmp(s->shape, d->shape, s->rank * sizeof *s->shape) != 0) {
                nnx_operand_desc w = *d;
                w.rank = s->rank;
                memcpy(w.shape, s->shape, sizeof w.shape);
                return nnvm_fail(L, NNX_ERROR_INVALID_MODEL,
                                 "output %u: nnx computes %s, the graph's attrs 'shape' says %s", k,
                                 nnx_desc_format(d, have, sizeof have), nnx_desc_format(&w, want, sizeof want));
            }
        }
        nnx_dtype dt;
        if ((g->dltypes || g->dtypes) && (entry_dtype(L, e, &dt) != NNX_OK || dt != d->dtype))
            return nnvm_fail(L, L->err->status ? L->err->status : NNX_ERROR_INVALID_MODEL,
                             "output %u: nnx computes type %s, the graph's attrs say %s", k, nnx_dtype_name(d->dtype),
                             nnx_dtype_name(dt) ? nnx_dtype_name(dt) : "?");
    }
    return NNX_OK;
}

/* ---------------------------------------------------------------- outputs */

static nnx_status set_output_names(nnvm_loader *L, nnx_ir_model *m, nnx_strmap *taken_names);

static nnx_status set_outputs(nnvm_loader *L, nnx_ir_model *m)
{
    const nnx_nnvm_graph *g = L->g;
    m->n_outputs = g->n_heads;
    m->outputs = nnx_arena_array(&L->ir->arena, g->n_heads, sizeof *m->outputs);
    m->output_names = nnx_arena_array(&L->ir->arena, g->n_heads, sizeof *m->output_names);
    if (!m->outputs || !m->output_names)
        return nnx_error_set(L->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", L->path);
    nnx_strmap taken; /* the output names so far: uniqueness in constant time per name */
    nnx_strmap_init(&taken, L->ir->alloc, false);
    nnx_status st = set_output_names(L, m, &taken);
    nnx_strmap_free(&taken);
    return st;
}

static nnx_status set_output_names(nnvm_loader *L, nnx_ir_model *m, nnx_strmap *taken_names)
{
    const nnx_nnvm_graph *g = L->g;
    for (uint32_t k = 0; k < g->n_heads; k++) {
        const nnx_nnvm_entry *h = &g->heads[k];
        const nnx_nnvm_node *n = &g->nodes[h->node];
        uint32_t e = g->node_row_ptr[h->node] + h->index, v = L->entry_value[e];
        if (v == NNX_NONE && L->unknown && L->unknown[e]) { /* after an unsupported node: type only */
            if (!m->declared_outputs &&
                !(m->declared_outputs = nnx_arena_array(&L->ir->arena, g->n_heads, sizeof *m->declared_outputs)))
                return nnx_error_set(L->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", L->path);
            L->node = h->node;
            L->n = n;
            nnx_status st = entry_dtype(L, e, &m->declared_outputs[k].dtype);
            if (st != NNX_OK)
                return st;
        } else if (v == NNX_NONE)
            return nnx_error_set(L->err, NNX_ERROR_NOT_SUPPORTED,
                                 "%s: error: key 'heads': entry %u: output %u of node %u '%.80s' (%s) is not computed "
                                 "by nnx",
                                 L->path, k, h->index, h->node, n->name, n->op);
        /* A head is named after its node (a nameless node: "output<k>"); a node with several
         * outputs adds ":index", and a name already taken gets "_k" until it is unique. */
        char name[300];
        if (!n->name[0])
            snprintf(name, sizeof name, "output%u", k);
        else if (n->n_outputs > 1)
            snprintf(name, sizeof name, "%.256s:%u", n->name, h->index);
        else
            snprintf(name, sizeof name, "%.256s", n->name);
        /* each name taken maps to the next suffix to try after it, so a name repeated n times
         * costs n tries in all, not n^2 / 2 */
        size_t base = strlen(name);
        uintptr_t suffix = 1;
        bool repeated = nnx_strmap_get(taken_names, name, &suffix);
        if (repeated) {
            uintptr_t at;
            do
                snprintf(name + base, sizeof name - base, "_%u", (unsigned)suffix++);
            while (nnx_strmap_get(taken_names, name, &at));
        }
        m->outputs[k] = v;
        uintptr_t *slot = NULL;
        if (!(m->output_names[k] = nnx_arena_strdup(&L->ir->arena, name)) ||
            !(slot = nnx_strmap_put(taken_names, m->output_names[k], NULL)))
            return nnx_error_set(L->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", L->path);
        *slot = 1;
        if (repeated) { /* the base name is a key already: put finds its slot, keeps its key */
            name[base] = '\0';
            uintptr_t *base_next = nnx_strmap_put(taken_names, name, NULL);
            if (base_next)
                *base_next = suffix;
        }
    }
    return NNX_OK;
}

/* ---------------------------------------------------------------- the loader */

/* Structure-only: whether node L->node reads an entry computed by a node that was not
 * lowered. */
static bool reads_unknown(const nnvm_loader *L)
{
    for (uint32_t k = 0; L->unknown && k < L->n->n_inputs; k++) {
        const nnx_nnvm_entry *e = &L->n->inputs[k];
        if (L->unknown[L->g->node_row_ptr[e->node] + e->index])
            return true;
    }
    return false;
}

/* Structure-only: node L->node is not lowered; its entries are unknown. When it failed
 * (reason: the message of its NOT_SUPPORTED failure) it is listed. */
static nnx_status not_lowered(nnvm_loader *L, const char *reason)
{
    for (uint32_t k = 0; k < L->n->n_outputs; k++) {
        uint32_t e = L->g->node_row_ptr[L->node] + k;
        L->entry_value[e] = NNX_NONE;
        L->unknown[e] = true;
    }
    if (!reason)
        return NNX_OK;
    /* the message is "PATH: error: node I 'NAME' (OP): WHY": keep WHY */
    char head[64];
    snprintf(head, sizeof head, "(%.40s): ", L->n->op);
    const char *why = strstr(reason, head);
    nnx_ir_unsupported *u = &L->list[L->n_bad];
    u->op = L->n->op;
    u->node = L->n->name;
    u->reason = nnx_arena_strdup(&L->ir->arena, why ? why + strlen(head) : reason);
    L->bad[L->node] = true;
    L->n_bad++;
    return u->reason ? NNX_OK : nnx_error_set(L->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", L->path);
}

nnx_status nnvm_load_text(const char *path, const char *text, size_t size, const nnx_tvm_param *params,
                          uint32_t n_params, bool have_params, const nnx_ir_model_options *o, nnx_ir_model *m,
                          nnx_error *err)
{
    nnx_nnvm_graph g;
    nnx_status st = nnx_nnvm_graph_parse(text, size, path, o ? &o->limits : NULL, &m->ir.arena, &g, err);
    if (st != NNX_OK)
        return st;
    nnvm_loader L = {.path = path, .g = &g, .ir = &m->ir, .err = err};
    L.entry_value = nnx_arena_array(&m->ir.arena, g.n_entries, sizeof *L.entry_value);
    m->op_names = nnx_arena_array(&m->ir.arena, g.n_nodes, sizeof *m->op_names);
    if (!L.entry_value || !m->op_names)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
    for (uint32_t e = 0; e < g.n_entries; e++)
        L.entry_value[e] = NNX_NONE;
    nnx_strmap_init(&L.params_by_name, m->ir.alloc, false);
    nnx_strmap_init(&L.input_names, m->ir.alloc, false);
    if (!nnx_strmap_reserve(&L.params_by_name, n_params))
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
    for (uint32_t k = 0; k < n_params; k++) { /* the .params reader refused repeated names */
        uintptr_t *slot = nnx_strmap_put(&L.params_by_name, params[k].name, NULL);
        if (!slot) {
            nnx_strmap_free(&L.params_by_name);
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
        }
        *slot = k;
    }
    if (!have_params && !g.compiled && !(L.weight = weight_nodes(&g, &m->ir.arena))) {
        nnx_strmap_free(&L.params_by_name);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
    }
    if (o && o->structure_only) {
        L.unknown = nnx_arena_array(&m->ir.arena, g.n_entries ? g.n_entries : 1, sizeof *L.unknown);
        L.bad = nnx_arena_array(&m->ir.arena, g.n_nodes ? g.n_nodes : 1, sizeof *L.bad);
        L.list = nnx_arena_array(&m->ir.arena, g.n_nodes ? g.n_nodes : 1, sizeof *L.list);
        if (!L.unknown || !L.bad || !L.list)
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
    }
    for (uint32_t i = 0; i < g.n_nodes && st == NNX_OK; i++) {
        L.node = i;
        L.n = &g.nodes[i];
        if (strcmp(L.n->op, "null") == 0) {
            st = add_variable(&L, o, params, have_params);
        } else if (reads_unknown(&L)) {
            m->op_names[m->n_ops++] = L.n->op;
            st = not_lowered(&L, NULL);
            continue;
        } else {
            m->op_names[m->n_ops++] = L.n->op;
            st = nnvm_lower_node(&L);
            if (st == NNX_ERROR_NOT_SUPPORTED && L.unknown) { /* listed; the rest is still read */
                st = not_lowered(&L, err->message);
                nnx_error_clear(err);
                continue;
            }
        }
        if (st == NNX_OK)
            st = check_entries(&L);
        /* the source's name (graph.h): a node's first entry is known by the node's name (a
         * param's name is its .params key); the first node of a value names it */
        uint32_t first = g.node_row_ptr[i];
        if (st == NNX_OK && L.n->n_outputs && L.entry_value[first] != NNX_NONE)
            st = nnx_ir_set_name(L.ir, L.entry_value[first], L.n->name, err);
    }
    if (st == NNX_OK)
        st = set_outputs(&L, m);
    if (st == NNX_OK)
        st = nnx_ir_model_collect_inputs(m, err);
    if (st == NNX_OK)
        st = nnvm_dot(&L, m->output_names, &m->dot);
    nnx_strmap_free(&L.params_by_name);
    nnx_strmap_free(&L.input_names);
    m->unrunnable = L.unrunnable;
    if (st == NNX_OK && L.n_bad)
        st = nnx_ir_model_set_unsupported(m, path, L.list, L.n_bad, err);
    return st;
}

static nnx_status load(const char *path, const nnx_ir_model_options *o, nnx_ir_model *m, nnx_file_view *params_file,
                       char **found, nnx_error *err)
{
    const char *params_path = o ? o->params_path : NULL;
    nnx_status st = NNX_OK;
    if (!params_path) {
        if ((st = find_params(path, m->ir.alloc, found, err)) != NNX_OK)
            return st;
        params_path = *found;
    }
    nnx_tvm_param *params = NULL;
    uint32_t n_params = 0;
    nnx_file_view json = {0};
    if ((st = nnx_file_map(path, m->ir.alloc, &json, err)) != NNX_OK)
        return st;
    if (params_path) {
        if ((st = nnx_file_map(params_path, m->ir.alloc, params_file, err)) == NNX_OK)
            st = nnx_tvm_params_parse(params_file->data, params_file->size, params_path, o ? o->limits.names : 0,
                                      &m->ir.arena, &params, &n_params, err);
    }
    if (st == NNX_OK)
        st = nnvm_load_text(path, (const char *)json.data, json.size, params, n_params, params_path != NULL, o, m, err);
    nnx_file_unmap(&json);
    return st;
}

nnx_status nnx_nnvm_load(const char *path, const nnx_ir_model_options *options, nnx_ir_model *out, nnx_error *err)
{
    nnx_file_view params_file = {0};
    char *found = NULL;
    nnx_status st = load(path, options, out, &params_file, &found, err);
    nnx_file_unmap(&params_file);
    nnx_mem_free(out->ir.alloc, found);
    return st;
}
