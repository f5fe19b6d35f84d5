/* graph_shapes.c — unbound graphs (graph_shapes.h): the declared signature, the binding of
 * shapes from the tensors given to dispatch (checked against the declared types: dtype,
 * rank, fixed extents, one extent per named dimension), and the cache of compiled graphs,
 * one per input shape set, least recently used first out. A graph in use by a dispatch is
 * never freed under it: eviction retires it until its last dispatch ends. */
#include "api/graph_shapes.h"
#include "api/graph_stages.h"
#include "ir/dtypes.h"

#include <stdio.h>
#include <string.h>

typedef struct shape_entry {
    struct shape_entry *next;
    nnx_graph *graph;
    uint64_t used; /* the cache's tick at the last use */
    uint32_t refs; /* dispatches running on graph */
    bool retired;  /* evicted while in use: freed when refs reaches 0 */
    nnx_operand_desc key[];
} shape_entry;

struct nnx_shape_cache {
    nnx_shape_source src;
    pthread_mutex_t lock; /* guards everything below */
    uint32_t limit, count;
    uint64_t tick;
    bool profiling;
    shape_entry *live, *retired;
    shape_entry *current; /* the most recently used live entry */
    nnx_operand_desc *in_desc, *out_desc;
    char **in_dims, **out_dims; /* NNX_MAX_RANK per tensor */
    uint32_t *max;              /* NNX_MAX_RANK per input: a dimension's maximum extent, 0 = none */
};

/* ---------------------------------------------------------------- creation */

static char **copy_dims(const nnx_alloc *a, const nnx_shape_list *l, bool *ok)
{
    char **d = nnx_mem_calloc(a, (size_t)l->n * NNX_MAX_RANK + 1, sizeof *d);
    *ok = d != NULL;
    for (size_t k = 0; d && l->dims && k < (size_t)l->n * NNX_MAX_RANK; k++)
        if (l->dims[k] && !(d[k] = nnx_mem_strdup(a, l->dims[k])))
            *ok = false;
    return d;
}

static void free_dims(const nnx_alloc *a, char **d, uint32_t n)
{
    for (size_t k = 0; d && k < (size_t)n * NNX_MAX_RANK; k++)
        nnx_mem_free(a, d[k]);
    nnx_mem_free(a, d);
}

static void free_entry(const nnx_alloc *a, shape_entry *e)
{
    nnx_graph_free(e->graph);
    nnx_mem_free(a, e);
}

void nnx_graph_shapes_free(nnx_graph *g)
{
    nnx_shape_cache *c = g->shapes;
    if (!c)
        return;
    const nnx_alloc *a = &g->ctx->alloc;
    for (shape_entry *lists[2] = {c->live, c->retired}, **l = lists; l < lists + 2; l++)
        for (shape_entry *e = *l, *next; e; e = next) {
            next = e->next;
            free_entry(a, e);
        }
    if (c->src.free)
        c->src.free(c->src.user, a);
    free_dims(a, c->in_dims, g->n_inputs);
    free_dims(a, c->out_dims, g->n_outputs);
    nnx_mem_free(a, c->in_desc);
    nnx_mem_free(a, c->out_desc);
    nnx_mem_free(a, c->max);
    pthread_mutex_destroy(&c->lock);
    nnx_mem_free(a, c);
    g->shapes = NULL;
    if (g->input_names)
        for (uint32_t i = 0; i < g->n_inputs; i++)
            nnx_mem_free(a, (char *)g->input_names[i]); /* copies here (graph.c frees the array) */
}

nnx_status nnx_graph_create_unbound(nnx_context *ctx, const nnx_shape_list *inputs, const nnx_shape_list *outputs,
                                    nnx_shape_source src, nnx_graph **out, nnx_error *err)
{
    const nnx_alloc *a = &ctx->alloc;
    *out = NULL;
    nnx_graph *g = nnx_handle_alloc(sizeof *g);
    nnx_shape_cache *c = nnx_mem_calloc(a, 1, sizeof *c);
    if (!g || !c || pthread_mutex_init(&g->lock, NULL) != 0) {
        nnx_handle_free(g);
        nnx_mem_free(a, c);
        if (src.free)
            src.free(src.user, a);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    pthread_mutex_init(&g->state_lock, NULL);
    pthread_mutex_init(&c->lock, NULL);
    g->ctx = ctx;
    nnx_ir_init(&g->ir, a);
    g->shapes = c;
    c->src = src;
    c->limit = NNX_SHAPE_CACHE_DEFAULT;
    g->n_inputs = inputs->n;
    g->n_outputs = outputs->n;
    bool ok1, ok2;
    c->in_dims = copy_dims(a, inputs, &ok1);
    c->out_dims = copy_dims(a, outputs, &ok2);
    c->in_desc = nnx_mem_calloc(a, inputs->n + 1, sizeof *c->in_desc);
    c->out_desc = nnx_mem_calloc(a, outputs->n + 1, sizeof *c->out_desc);
    c->max = nnx_mem_calloc(a, (size_t)inputs->n * NNX_MAX_RANK + 1, sizeof *c->max);
    g->input_names = nnx_mem_calloc(a, inputs->n + 1, sizeof *g->input_names);
    g->output_names = nnx_mem_calloc(a, outputs->n + 1, sizeof *g->output_names);
    bool ok = ok1 && ok2 && c->in_desc && c->out_desc && c->max && g->input_names && g->output_names;
    for (uint32_t i = 0; ok && i < inputs->n; i++) {
        c->in_desc[i] = inputs->descs[i];
        ok = (g->input_names[i] = nnx_mem_strdup(a, inputs->names[i])) != NULL;
    }
    for (uint32_t i = 0; ok && i < outputs->n; i++) {
        c->out_desc[i] = outputs->descs[i];
        ok = (g->output_names[i] = nnx_mem_strdup(a, outputs->names[i])) != NULL;
    }
    if (!ok) {
        nnx_graph_free(g);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    nnx_context_own(ctx, &ctx->graphs, &g->h.link);
    *out = g;
    return NNX_OK;
}

/* ---------------------------------------------------------------- queries */

const char *nnx_graph_shapes_dim(const nnx_graph *g, bool output, size_t i, uint32_t axis)
{
    const nnx_shape_cache *c = g->shapes;
    if (!c || i >= (output ? g->n_outputs : g->n_inputs) || axis >= NNX_MAX_RANK)
        return NULL;
    return (output ? c->out_dims : c->in_dims)[i * NNX_MAX_RANK + axis];
}

void nnx_graph_shapes_desc(const nnx_graph *g, bool output, size_t i, nnx_operand_desc *out)
{
    *out = (output ? g->shapes->out_desc : g->shapes->in_desc)[i];
}

const nnx_graph *nnx_graph_shapes_current(const nnx_graph *g)
{
    if (!g->shapes)
        return g;
    pthread_mutex_lock(&g->shapes->lock);
    const nnx_graph *cur = g->shapes->current ? g->shapes->current->graph : NULL;
    pthread_mutex_unlock(&g->shapes->lock);
    return cur;
}

/* ---------------------------------------------------------------- binding */

/* "[batch=2,3,H=224,224]": a declared type with the extents given, for messages. */
static const char *declared_text(const nnx_shape_cache *c, uint32_t i, char *buf, size_t size)
{
    const nnx_operand_desc *d = &c->in_desc[i];
    size_t n = (size_t)snprintf(buf, size, "%s[", nnx_dtype_name(d->dtype));
    for (uint32_t k = 0; k < d->rank && n < size; k++) {
        const char *s = c->in_dims[(size_t)i * NNX_MAX_RANK + k];
        if (s)
            n += (size_t)snprintf(buf + n, size - n, "%s%s", k ? "," : "", s);
        else
            n += (size_t)snprintf(buf + n, size - n, "%s%u", k ? "," : "", d->shape[k]);
    }
    if (n < size)
        snprintf(buf + n, size - n, "]");
    return buf;
}

/* descs (one per declared input) fit the declared types: dtype, rank, fixed extents, and
 * one extent for each named dimension across all inputs ("?" ones are each their own). */
static nnx_status check_binding(const nnx_graph *g, const nnx_operand_desc *descs, nnx_error *err)
{
    const nnx_shape_cache *c = g->shapes;
    char want[160], got[96];
    for (uint32_t i = 0; i < g->n_inputs; i++) {
        const nnx_operand_desc *d = &descs[i], *w = &c->in_desc[i];
        if (d->dtype != w->dtype || d->rank != w->rank)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input '%s' is %s, the graph expects %s",
                                 g->input_names[i], nnx_desc_format(d, got, sizeof got),
                                 declared_text(c, i, want, sizeof want));
        for (uint32_t k = 0; k < d->rank; k++) {
            const char *s = c->in_dims[(size_t)i * NNX_MAX_RANK + k];
            if (!s && d->shape[k] != w->shape[k])
                return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                     "input '%s' dimension %u is %u, the graph expects %u (%s)", g->input_names[i], k,
                                     d->shape[k], w->shape[k], declared_text(c, i, want, sizeof want));
            /* set from any thread (nnx_graph_set_dim_max) */
            uint32_t max = __atomic_load_n(&c->max[(size_t)i * NNX_MAX_RANK + k], __ATOMIC_RELAXED);
            if (s && max && d->shape[k] > max)
                return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                     "input '%s' dimension %u ('%s') is %u, above its maximum %u", g->input_names[i], k,
                                     s, d->shape[k], max);
            if (!s || strcmp(s, "?") == 0)
                continue;
            for (uint32_t j = 0; j <= i; j++)
                for (uint32_t q = 0; q < (j == i ? k : c->in_desc[j].rank); q++) {
                    const char *t = c->in_dims[(size_t)j * NNX_MAX_RANK + q];
                    if (t && strcmp(s, t) == 0 && descs[j].shape[q] != d->shape[k])
                        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                             "input '%s' dimension %u ('%s') is %u, but input '%s' dimension %u "
                                             "('%s') is %u",
                                             g->input_names[i], k, s, d->shape[k], g->input_names[j], q, t,
                                             descs[j].shape[q]);
                }
        }
    }
    return NNX_OK;
}

static bool same_key(const shape_entry *e, const nnx_operand_desc *descs, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (!nnx_desc_equal(&e->key[i], &descs[i]))
            return false;
    return true;
}

/* Under the lock: the live entry of descs, marked used and taken (refs + 1), or NULL. */
static shape_entry *take_cached(nnx_shape_cache *c, const nnx_operand_desc *descs, uint32_t n)
{
    for (shape_entry *e = c->live; e; e = e->next)
        if (same_key(e, descs, n)) {
            e->used = ++c->tick;
            e->refs++;
            c->current = e;
            return e;
        }
    return NULL;
}

/* Under the lock: drops least recently used entries while more than the limit are cached
 * (entries in use are retired, freed by their last dispatch). */
static void evict(nnx_shape_cache *c, const nnx_alloc *a)
{
    while (c->count > c->limit) {
        shape_entry **oldest = NULL;
        for (shape_entry **p = &c->live; *p; p = &(*p)->next)
            if (!oldest || (*p)->used < (*oldest)->used)
                oldest = p;
        shape_entry *e = *oldest;
        *oldest = e->next;
        c->count--;
        if (c->current == e)
            c->current = NULL;
        if (e->refs) {
            e->retired = true;
            e->next = c->retired;
            c->retired = e;
        } else {
            free_entry(a, e);
        }
    }
}

static void release_entry(nnx_shape_cache *c, const nnx_alloc *a, shape_entry *e)
{
    pthread_mutex_lock(&c->lock);
    if (--e->refs == 0 && e->retired) {
        for (shape_entry **p = &c->retired; *p; p = &(*p)->next)
            if (*p == e) {
                *p = e->next;
                break;
            }
        free_entry(a, e);
    }
    pthread_mutex_unlock(&c->lock);
}

/* The entry for descs (one per declared input), compiled if the cache has none; taken. */
static nnx_status acquire(nnx_graph *g, const nnx_operand_desc *descs, shape_entry **out, nnx_error *err)
{
    nnx_shape_cache *c = g->shapes;
    const nnx_alloc *a = &g->ctx->alloc;
    nnx_status st = check_binding(g, descs, err);
    if (st != NNX_OK)
        return st;
    pthread_mutex_lock(&c->lock);
    *out = take_cached(c, descs, g->n_inputs);
    bool profiling = c->profiling;
    pthread_mutex_unlock(&c->lock);
    if (*out)
        return NNX_OK;
    /* compiled outside the lock: dispatches of cached shapes go on meanwhile */
    nnx_input_shape *shapes = nnx_mem_calloc(a, g->n_inputs + 1, sizeof *shapes);
    shape_entry *e = nnx_mem_calloc(a, 1, sizeof *e + (size_t)g->n_inputs * sizeof *descs);
    if (!shapes || !e) {
        nnx_mem_free(a, shapes);
        nnx_mem_free(a, e);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    for (uint32_t i = 0; i < g->n_inputs; i++) {
        shapes[i].name = g->input_names[i];
        shapes[i].rank = descs[i].rank;
        memcpy(shapes[i].shape, descs[i].shape, sizeof shapes[i].shape);
        e->key[i] = descs[i];
    }
    st = c->src.specialize(c->src.user, g->ctx, shapes, g->n_inputs, &e->graph, err);
    nnx_mem_free(a, shapes);
    if (st == NNX_OK && profiling)
        st = nnx_graph_set_profiling(e->graph, true);
    if (st != NNX_OK) {
        if (e->graph)
            nnx_graph_free(e->graph);
        nnx_mem_free(a, e);
        return st;
    }
    pthread_mutex_lock(&c->lock);
    if ((*out = take_cached(c, descs, g->n_inputs)) != NULL) { /* another dispatch made it first */
        pthread_mutex_unlock(&c->lock);
        free_entry(a, e);
        return NNX_OK;
    }
    e->used = ++c->tick;
    e->refs = 1;
    e->next = c->live;
    c->live = e;
    c->count++;
    c->current = e;
    evict(c, a);
    pthread_mutex_unlock(&c->lock);
    *out = e;
    return NNX_OK;
}

nnx_status nnx_graph_shapes_dispatch(nnx_context *ctx, nnx_graph *g, const nnx_named_tensor *inputs, size_t n_in,
                                     nnx_named_tensor *outputs, size_t n_out, bool make)
{
    const nnx_alloc *a = &ctx->alloc;
    if (n_in != g->n_inputs)
        return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "dispatch: %zu input tensors given, the graph has %u",
                                n_in, g->n_inputs);
    nnx_operand_desc *descs = nnx_mem_calloc(a, n_in + 1, sizeof *descs);
    const nnx_named_tensor **by_input = nnx_mem_calloc(a, n_in + 1, sizeof *by_input);
    if (!descs || !by_input) {
        nnx_mem_free(a, descs);
        nnx_mem_free(a, by_input);
        return nnx_context_fail(ctx, NNX_ERROR_OUT_OF_MEMORY, "dispatch: out of memory");
    }
    nnx_error err = {0};
    nnx_status st = NNX_OK;
    for (size_t k = 0; st == NNX_OK && k < n_in; k++) {
        const nnx_named_tensor *nt = &inputs[k];
        uint32_t i = 0;
        while (i < g->n_inputs && !(nt->name && strcmp(g->input_names[i], nt->name) == 0))
            i++;
        if (i == g->n_inputs)
            st = nnx_error_set(&err, NNX_ERROR_INVALID_ARGUMENT, "the graph has no input named '%s'",
                               nt->name ? nt->name : "(null)");
        else if (by_input[i])
            st = nnx_error_set(&err, NNX_ERROR_INVALID_ARGUMENT, "input '%s' is bound twice", g->input_names[i]);
        else if (!nt->tensor || nt->tensor->ctx != ctx || nt->tensor->h.destroyed)
            st = nnx_error_set(&err, NNX_ERROR_INVALID_ARGUMENT, "input '%s' is not a live tensor of this context",
                               g->input_names[i]);
        else {
            by_input[i] = nt;
            descs[i] = nt->tensor->desc.desc;
        }
    }
    shape_entry *e = NULL;
    if (st == NNX_OK)
        st = acquire(g, descs, &e, &err);
    if (st != NNX_OK) {
        nnx_mem_free(a, descs);
        nnx_mem_free(a, by_input);
        return nnx_context_fail(ctx, st, "dispatch: %s", err.message);
    }
    /* the compiled graph's inputs are those its outputs reach: pass just those */
    nnx_named_tensor *list = nnx_mem_calloc(a, n_in + 1, sizeof *list);
    size_t n_list = 0;
    for (uint32_t j = 0; list && j < e->graph->n_inputs; j++)
        for (uint32_t i = 0; i < g->n_inputs; i++)
            if (strcmp(e->graph->input_names[j], g->input_names[i]) == 0)
                list[n_list++] = *by_input[i];
    st = list ? nnx_graph_dispatch(ctx, e->graph, list, n_list, outputs, n_out, make)
              : nnx_context_fail(ctx, NNX_ERROR_OUT_OF_MEMORY, "dispatch: out of memory");
    release_entry(g->shapes, a, e);
    nnx_mem_free(a, list);
    nnx_mem_free(a, descs);
    nnx_mem_free(a, by_input);
    return st;
}

/* ---------------------------------------------------------------- public calls */

/* bind_shapes on a staged graph, or an unbound one whose shapes give a staged graph (note:
 * the node that stages it). */
static nnx_status staged_refusal(nnx_graph *g, const char *note)
{
    return nnx_context_fail(g->ctx, NNX_ERROR_NOT_SUPPORTED,
                            "bind shapes: the output shapes depend on the input values (%s): nnx_context_run makes "
                            "the output tensors",
                            note);
}

nnx_status nnx_graph_bind_shapes(nnx_graph *g, const nnx_operand_desc *input_descs, size_t input_count,
                                 nnx_operand_desc *output_descs, size_t output_count)
{
    if (!g || (input_count && !input_descs) || (output_count && !output_descs))
        return NNX_ERROR_INVALID_ARGUMENT;
    if (g->h.destroyed)
        return nnx_destroyed(g->ctx, NNX_ERROR_INVALID_STATE, "bind shapes: the graph");
    if (input_count != g->n_inputs || output_count != g->n_outputs)
        return nnx_context_fail(g->ctx, NNX_ERROR_INVALID_ARGUMENT,
                                "bind shapes: %zu input and %zu output descriptors given, the graph has %u and %u",
                                input_count, output_count, g->n_inputs, g->n_outputs);
    nnx_error err = {0};
    if (g->stages)
        return staged_refusal(g, nnx_graph_stages_note(g));
    if (!g->shapes) {
        for (uint32_t i = 0; i < g->n_inputs; i++) {
            const nnx_operand_desc *w = &g->ir.values[g->input_values[i]].desc;
            char want[96], got[96];
            if (!nnx_desc_equal(&input_descs[i], w))
                return nnx_context_fail(g->ctx, NNX_ERROR_INVALID_ARGUMENT,
                                        "bind shapes: input '%s' is %s, the graph expects %s", g->input_names[i],
                                        nnx_desc_format(&input_descs[i], got, sizeof got),
                                        nnx_desc_format(w, want, sizeof want));
        }
        for (uint32_t i = 0; i < g->n_outputs; i++)
            output_descs[i] = g->ir.values[g->output_values[i]].desc;
        return NNX_OK;
    }
    shape_entry *e = NULL;
    nnx_status st = acquire(g, input_descs, &e, &err);
    if (st != NNX_OK)
        return nnx_context_fail(g->ctx, st, "bind shapes: %s", err.message);
    const char *note = nnx_graph_stages_note(e->graph);
    for (uint32_t i = 0; i < g->n_outputs; i++)
        nnx_graph_output_desc(e->graph, i, &output_descs[i]);
    st = note ? staged_refusal(g, note) : NNX_OK;
    release_entry(g->shapes, &g->ctx->alloc, e);
    return st;
}

nnx_status nnx_graph_set_shape_cache_limit(nnx_graph *g, uint32_t limit)
{
    if (!g || limit == 0)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (g->h.destroyed)
        return nnx_destroyed(g->ctx, NNX_ERROR_INVALID_STATE, "the graph");
    nnx_shape_cache *c = g->shapes;
    if (!c)
        return NNX_OK; /* one shape set: nothing to cache */
    pthread_mutex_lock(&c->lock);
    c->limit = limit;
    evict(c, &g->ctx->alloc);
    pthread_mutex_unlock(&c->lock);
    return NNX_OK;
}

/* Profiling of an unbound graph: on every compiled graph, now and later. */
nnx_status nnx_graph_shapes_set_profiling(nnx_graph *g, bool on)
{
    nnx_shape_cache *c = g->shapes;
    nnx_status st = NNX_OK;
    pthread_mutex_lock(&c->lock);
    c->profiling = on;
    for (shape_entry *e = c->live; e && st == NNX_OK; e = e->next)
        st = nnx_graph_set_profiling(e->graph, on);
    pthread_mutex_unlock(&c->lock);
    return st;
}

nnx_status nnx_graph_set_dim_max(nnx_graph *g, const char *name, uint32_t max)
{
    if (!g || !name)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (g->h.destroyed)
        return nnx_destroyed(g->ctx, NNX_ERROR_INVALID_STATE, "the graph");
    nnx_shape_cache *c = g->shapes;
    uint32_t found = 0;
    for (uint32_t i = 0; c && i < g->n_inputs; i++)
        for (uint32_t k = 0; k < NNX_MAX_RANK; k++) {
            const char *s = c->in_dims[(size_t)i * NNX_MAX_RANK + k];
            size_t at = (size_t)i * NNX_MAX_RANK + k;
            if (s && strcmp(s, name) == 0 && strcmp(s, "?") != 0) {
                __atomic_store_n(&c->max[at], max, __ATOMIC_RELAXED);
                found++;
            }
        }
    if (!found)
        return nnx_context_fail(g->ctx, NNX_ERROR_INVALID_ARGUMENT,
                                "set dimension maximum: no input dimension of the graph is named '%s'", name);
    return NNX_OK;
}
