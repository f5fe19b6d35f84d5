/* graph_json.c — reading an NNVM graph JSON document (graph.h) with libcjson and checking every
 * rule of NNVM's `LoadJSON` (nnvm/src/pass/saveload_json.cc) and TVM's graph executor loader
 * (NNVM decisions): required keys, entry arity (2 or 3 items), ids in range and in
 * topological order, arg_nodes being variables, node_row_ptr consistent with the operators' output
 * counts, and the typed graph attributes ([type, value]) with one item per entry. Unknown keys are
 * errors (as NNVM's JSONObjectReadHelper), except top-level "metadata", which TVM also skips. */
#include "formats/nnvm/graph.h"
#include "formats/json_depth.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct reader {
    const char *path;
    nnx_arena *arena;
    nnx_error *err;
    nnx_nnvm_graph *g;
    uint32_t max_names; /* limits.names: nodes the document may have */
    char where[200];    /* "node 3 'conv1': key 'inputs'" */
} reader;

static nnx_status fail(reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static nnx_status fail(reader *r, const char *fmt, ...)
{
    char msg[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return nnx_error_set(r->err, NNX_ERROR_INVALID_MODEL, "%s: error: %s: %s", r->path, r->where, msg);
}

static nnx_status oom(reader *r)
{
    return nnx_error_set(r->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", r->path);
}

static void where_key(reader *r, const char *key) { snprintf(r->where, sizeof r->where, "key '%s'", key); }

static void where_node(reader *r, uint32_t i, const char *name, const char *key)
{
    if (name)
        snprintf(r->where, sizeof r->where, "node %u '%.80s': key '%s'", i, name, key);
    else
        snprintf(r->where, sizeof r->where, "node %u: key '%s'", i, key);
}

/* A JSON number that is an integer in [lo, hi]. */
static bool json_int(const cJSON *v, double lo, double hi, int64_t *out)
{
    if (!cJSON_IsNumber(v))
        return false;
    double d = v->valuedouble;
    if (!(d >= lo && d <= hi) || d != floor(d))
        return false;
    *out = (int64_t)d;
    return true;
}

static nnx_status read_u32_list(reader *r, const cJSON *v, uint32_t **items, uint32_t *count)
{
    if (!cJSON_IsArray(v))
        return fail(r, "not a list");
    int n = cJSON_GetArraySize(v);
    *items = nnx_arena_array(r->arena, n ? (size_t)n : 1, sizeof **items);
    if (!*items)
        return oom(r);
    *count = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, v)
    {
        int64_t x;
        if (!json_int(it, 0, UINT32_MAX - 1.0, &x))
            return fail(r, "item %u is not an integer from 0 to %u", *count, UINT32_MAX - 1);
        (*items)[(*count)++] = (uint32_t)x;
    }
    return NNX_OK;
}

/* An entry [node_id, index] or [node_id, index, version]. */
static nnx_status read_entry(reader *r, const cJSON *v, uint32_t k, nnx_nnvm_entry *e)
{
    int n = cJSON_IsArray(v) ? cJSON_GetArraySize(v) : -1;
    if (n != 2 && n != 3)
        return fail(r, "entry %u is not a list of 2 or 3 integers [node_id, index, version]", k);
    int64_t x[3] = {0, 0, 0};
    for (int i = 0; i < n; i++)
        if (!json_int(cJSON_GetArrayItem(v, i), 0, UINT32_MAX - 1.0, &x[i]))
            return fail(r, "entry %u: item %d is not an integer from 0 to %u", k, i, UINT32_MAX - 1);
    if (x[0] >= r->g->n_nodes)
        return fail(r, "entry %u names node %lld, the graph has %u nodes", k, (long long)x[0], r->g->n_nodes);
    *e = (nnx_nnvm_entry){(uint32_t)x[0], (uint32_t)x[1], (uint32_t)x[2]};
    return NNX_OK;
}

static nnx_status read_entries(reader *r, const cJSON *v, nnx_nnvm_entry **items, uint32_t *count)
{
    if (!cJSON_IsArray(v))
        return fail(r, "not a list of entries");
    int n = cJSON_GetArraySize(v);
    *items = nnx_arena_array(r->arena, n ? (size_t)n : 1, sizeof **items);
    if (!*items)
        return oom(r);
    *count = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, v)
    {
        nnx_status st = read_entry(r, it, *count, &(*items)[*count]);
        if (st != NNX_OK)
            return st;
        (*count)++;
    }
    return NNX_OK;
}

/* Merges an attribute dictionary (`attrs`, `attr` or `param`) into the node's. */
static nnx_status read_node_attrs(reader *r, const cJSON *v, nnx_nnvm_node *n)
{
    if (!cJSON_IsObject(v))
        return fail(r, "not a dictionary of strings");
    int extra = cJSON_GetArraySize(v);
    nnx_nnvm_kv *kv = nnx_arena_array(r->arena, (size_t)n->n_attrs + (size_t)extra + 1, sizeof *kv);
    if (!kv)
        return oom(r);
    if (n->n_attrs)
        memcpy(kv, n->attrs, n->n_attrs * sizeof *kv);
    const cJSON *it;
    cJSON_ArrayForEach(it, v)
    {
        if (!cJSON_IsString(it))
            return fail(r, "the value of '%.60s' is not a string (NNVM writes every attribute as text)", it->string);
        char *key = nnx_arena_strdup(r->arena, it->string), *val = nnx_arena_strdup(r->arena, it->valuestring);
        if (!key || !val)
            return oom(r);
        uint32_t j;
        for (j = 0; j < n->n_attrs && strcmp(kv[j].key, key) != 0; j++)
            ;
        kv[j] = (nnx_nnvm_kv){key, val};
        if (j == n->n_attrs)
            n->n_attrs++;
    }
    n->attrs = kv;
    return NNX_OK;
}

static nnx_status read_node(reader *r, const cJSON *v, uint32_t i)
{
    nnx_nnvm_node *n = &r->g->nodes[i];
    where_node(r, i, NULL, "nodes");
    if (!cJSON_IsObject(v))
        return fail(r, "not a dictionary");
    const cJSON *op = cJSON_GetObjectItemCaseSensitive(v, "op"), *name = cJSON_GetObjectItemCaseSensitive(v, "name");
    where_node(r, i, NULL, "name");
    if (!name)
        return fail(r, "missing (every node has op, name and inputs)");
    if (!cJSON_IsString(name))
        return fail(r, "not a string");
    if (!(n->name = nnx_arena_strdup(r->arena, name->valuestring)))
        return oom(r);
    where_node(r, i, n->name, "op");
    if (!op)
        return fail(r, "missing (every node has op, name and inputs)");
    if (!cJSON_IsString(op) || !op->valuestring[0])
        return fail(r, "not an operator name");
    if (!(n->op = nnx_arena_strdup(r->arena, op->valuestring)))
        return oom(r);
    bool has_inputs = false;
    const cJSON *it;
    cJSON_ArrayForEach(it, v)
    {
        const char *key = it->string;
        where_node(r, i, n->name, key);
        for (const cJSON *p = v->child; p != it; p = p->next)
            if (strcmp(p->string, key) == 0)
                return fail(r, "given twice");
        nnx_status st = NNX_OK;
        if (strcmp(key, "op") == 0 || strcmp(key, "name") == 0) {
            continue;
        } else if (strcmp(key, "inputs") == 0) {
            has_inputs = true;
            st = read_entries(r, it, &n->inputs, &n->n_inputs);
            for (uint32_t k = 0; st == NNX_OK && k < n->n_inputs; k++)
                if (n->inputs[k].node >= i)
                    st = fail(r,
                              "entry %u reads node %u, which does not come before this node (nodes must be in "
                              "topological order)",
                              k, n->inputs[k].node);
        } else if (strcmp(key, "attrs") == 0 || strcmp(key, "attr") == 0 || strcmp(key, "param") == 0) {
            st = read_node_attrs(r, it, n);
        } else if (strcmp(key, "control_deps") == 0) {
            uint32_t *deps, n_deps;
            st = read_u32_list(r, it, &deps, &n_deps);
            for (uint32_t k = 0; st == NNX_OK && k < n_deps; k++)
                if (deps[k] >= r->g->n_nodes)
                    st = fail(r, "item %u names node %u, the graph has %u nodes", k, deps[k], r->g->n_nodes);
        } else if (strcmp(key, "subgraphs") == 0) {
            if (!cJSON_IsArray(it))
                st = fail(r, "not a list");
            else if (cJSON_GetArraySize(it) > 0)
                st = nnx_error_set(r->err, NNX_ERROR_NOT_SUPPORTED, "%s: error: %s: nested subgraphs are not supported",
                                   r->path, r->where);
        } else if (strcmp(key, "backward_source_id") == 0) {
            int64_t x;
            if (!json_int(it, -1, UINT32_MAX - 1.0, &x))
                st = fail(r, "not a node id");
        } else {
            st = fail(r, "unknown key (a node has op, name, inputs, attrs/attr/param, control_deps, subgraphs)");
        }
        if (st != NNX_OK)
            return st;
    }
    where_node(r, i, n->name, "inputs");
    if (!has_inputs)
        return fail(r, "missing (every node has op, name and inputs)");
    if (strcmp(n->op, "null") == 0 && n->n_inputs)
        return fail(r, "a variable (op \"null\") has no inputs");
    return NNX_OK;
}

static nnx_status read_nodes(reader *r, const cJSON *v)
{
    if (!cJSON_IsArray(v))
        return fail(r, "not a list of nodes");
    int n = cJSON_GetArraySize(v);
    if (n <= 0 || n > 1 << 24)
        return fail(r, "%d nodes (a graph has 1 to %d)", n, 1 << 24);
    r->g->n_nodes = (uint32_t)n;
    if (!(r->g->nodes = nnx_arena_array(r->arena, (size_t)n, sizeof *r->g->nodes)))
        return oom(r);
    uint32_t i = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, v)
    {
        nnx_status st = read_node(r, it, i++);
        if (st != NNX_OK)
            return st;
    }
    return NNX_OK;
}

/* node_row_ptr: read (and checked against the operators' known output counts) or computed. */
static nnx_status row_ptr(reader *r, const cJSON *v)
{
    nnx_nnvm_graph *g = r->g;
    uint32_t count = 0;
    if (v) {
        where_key(r, "node_row_ptr");
        nnx_status st = read_u32_list(r, v, &g->node_row_ptr, &count);
        if (st != NNX_OK)
            return st;
        if (count != g->n_nodes + 1)
            return fail(r, "%u items, the graph has %u nodes (it needs nodes + 1)", count, g->n_nodes);
        if (g->node_row_ptr[0] != 0)
            return fail(r, "item 0 is %u, not 0", g->node_row_ptr[0]);
    } else if (!(g->node_row_ptr = nnx_arena_array(r->arena, g->n_nodes + 1, sizeof *g->node_row_ptr))) {
        return oom(r);
    }
    for (uint32_t i = 0; i < g->n_nodes; i++) {
        nnx_nnvm_node *n = &g->nodes[i];
        uint32_t want = nnx_nnvm_op_outputs(n, i, r->path, r->err);
        if (!want)
            return r->err->status;
        if (v) {
            if (g->node_row_ptr[i + 1] <= g->node_row_ptr[i])
                return fail(r, "item %u (%u) is not above item %u (%u): every node has an output", i + 1,
                            g->node_row_ptr[i + 1], i, g->node_row_ptr[i]);
            uint32_t have = g->node_row_ptr[i + 1] - g->node_row_ptr[i];
            if (have != want)
                return fail(r, "gives node %u '%.80s' (%s) %u outputs, the operator has %u", i, n->name, n->op, have,
                            want);
        } else {
            if (want > UINT32_MAX - 1 - g->node_row_ptr[i])
                return fail(r, "too many entries");
            g->node_row_ptr[i + 1] = g->node_row_ptr[i] + want;
        }
        n->n_outputs = want;
    }
    g->n_entries = g->node_row_ptr[g->n_nodes];
    return NNX_OK;
}

/* attrs: {"key": [type, value], …}; the per-entry lists must have one item per entry. */
static nnx_status read_graph_attrs(reader *r, const cJSON *v)
{
    nnx_nnvm_graph *g = r->g;
    where_key(r, "attrs");
    if (!cJSON_IsObject(v))
        return fail(r, "not a dictionary");
    const cJSON *it;
    cJSON_ArrayForEach(it, v)
    {
        snprintf(r->where, sizeof r->where, "key 'attrs': '%.80s'", it->string);
        const cJSON *type = cJSON_GetArrayItem(it, 0), *val = cJSON_GetArrayItem(it, 1);
        if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) != 2 || !cJSON_IsString(type))
            return fail(r, "not a [type, value] pair");
        const char *t = type->valuestring;
        bool per_entry = false;
        if (strcmp(t, "list_shape") == 0 || strcmp(t, "list_int") == 0 || strcmp(t, "list_str") == 0) {
            if (!cJSON_IsArray(val))
                return fail(r, "the value of a %s is not a list", t);
            per_entry = strcmp(it->string, "shape") == 0 || strcmp(it->string, "dltype") == 0 ||
                strcmp(it->string, "dtype") == 0 || strcmp(it->string, "storage_id") == 0 ||
                strcmp(it->string, "device_index") == 0;
            if (per_entry && (uint32_t)cJSON_GetArraySize(val) != g->n_entries)
                return fail(r, "%d items, the graph has %u entries (node_row_ptr's last item)", cJSON_GetArraySize(val),
                            g->n_entries);
        } else if (strcmp(t, "str") == 0) {
            if (!cJSON_IsString(val))
                return fail(r, "the value of a str is not a string");
        } else if (strcmp(t, "size_t") == 0) {
            int64_t x;
            if (!json_int(val, 0, 9007199254740992.0, &x))
                return fail(r, "the value of a size_t is not a non-negative integer");
        } else {
            return fail(r, "unknown type '%.40s' (str, list_int, list_str, list_shape, size_t)", t);
        }
        const char *expect = strcmp(it->string, "shape") == 0 ? "list_shape"
            : strcmp(it->string, "dltype") == 0               ? "list_str"
            : per_entry                                       ? "list_int"
                                                              : NULL;
        if (expect && strcmp(t, expect) != 0)
            return fail(r, "its type is %s, not %s", t, expect);
        uint32_t k = 0;
        const cJSON *x;
        if (strcmp(it->string, "shape") == 0) {
            if (!(g->shapes = nnx_arena_array(r->arena, g->n_entries + 1, sizeof *g->shapes)))
                return oom(r);
            cJSON_ArrayForEach(x, val)
            {
                nnx_nnvm_entry_info *s = &g->shapes[k];
                if (!cJSON_IsArray(x))
                    return fail(r, "item %u is not a shape", k);
                if (cJSON_GetArraySize(x) > NNX_MAX_RANK)
                    return nnx_error_set(r->err, NNX_ERROR_NOT_SUPPORTED,
                                         "%s: error: %s: item %u has rank %d (nnx takes up to %d)", r->path, r->where,
                                         k, cJSON_GetArraySize(x), NNX_MAX_RANK);
                const cJSON *d;
                cJSON_ArrayForEach(d, x)
                {
                    int64_t e;
                    if (!json_int(d, 0, UINT32_MAX, &e))
                        return fail(r, "item %u: extent %u is not an integer from 0 to %u", k, s->rank, UINT32_MAX);
                    s->shape[s->rank++] = (uint32_t)e;
                }
                k++;
            }
        } else if (strcmp(it->string, "dltype") == 0) {
            if (!(g->dltypes = nnx_arena_array(r->arena, g->n_entries + 1, sizeof *g->dltypes)))
                return oom(r);
            cJSON_ArrayForEach(x, val)
            {
                if (!cJSON_IsString(x) || !(g->dltypes[k] = nnx_arena_strdup(r->arena, x->valuestring)))
                    return cJSON_IsString(x) ? oom(r) : fail(r, "item %u is not a string", k);
                k++;
            }
        } else if (per_entry) {
            int64_t **dst = strcmp(it->string, "dtype") == 0 ? &g->dtypes
                : strcmp(it->string, "storage_id") == 0      ? &g->storage_ids
                                                             : &g->device_index;
            if (!(*dst = nnx_arena_array(r->arena, g->n_entries + 1, sizeof **dst)))
                return oom(r);
            cJSON_ArrayForEach(x, val)
            {
                if (!json_int(x, -2147483648.0, 2147483647.0, &(*dst)[k]))
                    return fail(r, "item %u is not an integer", k);
                k++;
            }
        }
    }
    return NNX_OK;
}

static nnx_status read_graph(reader *r, const cJSON *root)
{
    nnx_nnvm_graph *g = r->g;
    where_key(r, "(document)");
    if (!cJSON_IsObject(root))
        return fail(r, "the document is not a JSON dictionary");
    const cJSON *nodes = NULL, *args = NULL, *heads = NULL, *rows = NULL, *attrs = NULL, *it;
    cJSON_ArrayForEach(it, root)
    {
        const cJSON **slot = strcmp(it->string, "nodes") == 0                     ? &nodes
            : strcmp(it->string, "arg_nodes") == 0                                ? &args
            : strcmp(it->string, "heads") == 0                                    ? &heads
            : strcmp(it->string, "node_row_ptr") == 0                             ? &rows
            : strcmp(it->string, "attrs") == 0 || strcmp(it->string, "attr") == 0 ? &attrs
                                                                                  : NULL;
        where_key(r, it->string);
        if (strcmp(it->string, "metadata") == 0)
            continue;
        if (!slot)
            return fail(r, "unknown key (a graph has nodes, arg_nodes, heads, node_row_ptr, attrs)");
        if (*slot)
            return fail(r, "given twice");
        *slot = it;
    }
    static const char *required[] = {"nodes", "arg_nodes", "heads"};
    const cJSON *given[] = {nodes, args, heads};
    for (int k = 0; k < 3; k++) {
        where_key(r, required[k]);
        if (!given[k])
            return fail(r, "missing (a graph needs nodes, arg_nodes and heads)");
    }
    where_key(r, "nodes");
    /* every node is a name: counted before any is read (nnx_model_options.max_names) */
    int n_nodes = cJSON_IsArray(nodes) ? cJSON_GetArraySize(nodes) : 0;
    if (n_nodes > 0 && (uint32_t)n_nodes > r->max_names)
        return nnx_limit_error(r->err, NNX_LIMIT_NAMES, r->path, "the graph has %d nodes, more than %u names", n_nodes,
                               r->max_names);
    nnx_status st = read_nodes(r, nodes);
    if (st == NNX_OK)
        st = row_ptr(r, rows);
    if (st != NNX_OK)
        return st;
    for (uint32_t i = 0; i < g->n_nodes; i++) {
        nnx_nnvm_node *n = &g->nodes[i];
        where_node(r, i, n->name, "inputs");
        for (uint32_t k = 0; k < n->n_inputs; k++) {
            const nnx_nnvm_entry *e = &n->inputs[k];
            if (e->index >= g->nodes[e->node].n_outputs)
                return fail(r, "entry %u reads output %u of node %u '%.80s', which has %u", k, e->index, e->node,
                            g->nodes[e->node].name, g->nodes[e->node].n_outputs);
        }
        g->compiled |= strcmp(n->op, "tvm_op") == 0;
    }
    where_key(r, "arg_nodes");
    if ((st = read_u32_list(r, args, &g->arg_nodes, &g->n_arg_nodes)) != NNX_OK)
        return st;
    for (uint32_t k = 0; k < g->n_arg_nodes; k++) {
        if (g->arg_nodes[k] >= g->n_nodes)
            return fail(r, "item %u names node %u, the graph has %u nodes", k, g->arg_nodes[k], g->n_nodes);
        if (strcmp(g->nodes[g->arg_nodes[k]].op, "null") != 0)
            return fail(r, "item %u names node %u '%.80s', an operator (%s), not a variable", k, g->arg_nodes[k],
                        g->nodes[g->arg_nodes[k]].name, g->nodes[g->arg_nodes[k]].op);
    }
    where_key(r, "heads");
    if ((st = read_entries(r, heads, &g->heads, &g->n_heads)) != NNX_OK)
        return st;
    if (!g->n_heads)
        return fail(r, "the graph has no outputs");
    for (uint32_t k = 0; k < g->n_heads; k++)
        if (g->heads[k].index >= g->nodes[g->heads[k].node].n_outputs)
            return fail(r, "entry %u reads output %u of node %u '%.80s', which has %u", k, g->heads[k].index,
                        g->heads[k].node, g->nodes[g->heads[k].node].name, g->nodes[g->heads[k].node].n_outputs);
    if (attrs && (st = read_graph_attrs(r, attrs)) != NNX_OK)
        return st;
    return NNX_OK;
}

nnx_status nnx_nnvm_graph_parse(const char *text, size_t size, const char *path, const nnx_load_limits *limits,
                                nnx_arena *arena, nnx_nnvm_graph *out, nnx_error *err)
{
    memset(out, 0, sizeof *out);
    nnx_load_limits lim = nnx_load_limits_filled(limits);
    nnx_status st = nnx_json_check_depth(text, size, path, lim.depth, err);
    if (st != NNX_OK)
        return st;
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, size, &end, false);
    if (!root) {
        /* cJSON reports where it stopped: turn that into a line and column. */
        size_t at = end && end >= text && end <= text + size ? (size_t)(end - text) : 0;
        if (!end) {
            const char *e = cJSON_GetErrorPtr();
            at = e && e >= text && e <= text + size ? (size_t)(e - text) : 0;
        }
        unsigned line = 1, col = 1;
        for (size_t i = 0; i < at; i++, col++)
            if (text[i] == '\n')
                line++, col = 0;
        return nnx_error_set(err, NNX_ERROR_PARSE, "%s:%u:%u: error: not valid JSON", path, line, col);
    }
    for (const char *p = end; p && p < text + size; p++)
        if (*p != ' ' && *p != '\n' && *p != '\t' && *p != '\r' && *p != '\0') {
            cJSON_Delete(root);
            return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: text after the JSON document", path);
        }
    reader r = {.path = path, .arena = arena, .err = err, .g = out, .max_names = lim.names};
    st = read_graph(&r, root);
    cJSON_Delete(root);
    return st;
}

const char *nnx_nnvm_attr(const nnx_nnvm_node *n, const char *key)
{
    for (uint32_t i = 0; i < n->n_attrs; i++)
        if (strcmp(n->attrs[i].key, key) == 0)
            return n->attrs[i].value;
    return NULL;
}

uint32_t nnx_nnvm_op_outputs(const nnx_nnvm_node *n, uint32_t node_index, const char *path, nnx_error *err)
{
    const char *v;
    int64_t items[NNX_MAX_RANK * 8];
    uint32_t count;
    if (strcmp(n->op, "batch_norm") == 0)
        return 3;
    if (strcmp(n->op, "dropout") == 0)
        return 2;
    if (strcmp(n->op, "split") == 0) {
        v = nnx_nnvm_attr(n, "indices_or_sections");
        if (!v || !nnx_nnvm_parse_ints(v, items, sizeof items / sizeof *items, &count, NULL) ||
            (v[strspn(v, " ")] != '(' && v[strspn(v, " ")] != '[' && (items[0] < 1 || items[0] > 1 << 20))) {
            nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: node %u '%.80s': key 'indices_or_sections': %s",
                          path, node_index, n->name, v ? "not a section count or a list of indices" : "missing");
            return 0;
        }
        bool list = v[strspn(v, " ")] == '(' || v[strspn(v, " ")] == '[';
        return list ? count + 1 : (uint32_t)items[0];
    }
    v = nnx_nnvm_attr(n, "num_outputs");
    if (strcmp(n->op, "tvm_op") == 0 || v) {
        if (!v || !nnx_nnvm_parse_ints(v, items, 1, &count, NULL) || count != 1 || items[0] < 1 || items[0] > 1 << 20) {
            nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: node %u '%.80s': key 'num_outputs': %s", path,
                          node_index, n->name, v ? "not a positive integer" : "missing (a tvm_op needs it)");
            return 0;
        }
        return (uint32_t)items[0];
    }
    return 1;
}
