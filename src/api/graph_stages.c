/* graph_stages.c — staged graphs (graph_stages.h). A dispatch walks the model's stages:
 * each is compiled for the types (and the small known values) of the values live at its
 * first node and cached under them; between two stages, the node that needs run-time
 * values is computed from them (nnx_ir_stage_ops.eval). Values between stages live in
 * buffers of the dispatch; only the stages' own plans are planned memory. */
#include "api/graph_stages.h"
#include "ir/dtypes.h"

#include <stdio.h>
#include <string.h>

typedef struct stage_entry {
    struct stage_entry *next;
    uint32_t first, end; /* end UINT32_MAX: the last stage (its outputs are the graph's) */
    nnx_graph *graph;    /* NULL: the stage maps no node (cut at first) */
    uint32_t n_out;
    char **out_names;
    bool *out_known;
    uint32_t *in_env; /* per graph input: its index in the key's values */
    uint32_t refs;    /* dispatches using it */
    uint64_t used;
    /* the key: the values live at first */
    uint32_t n_key;
    nnx_stage_value *key; /* data only where known */
} stage_entry;

typedef struct nnx_stage_runner {
    nnx_stage_source src;
    void *source; /* src.ops->open's */
    nnx_ir_model_options options;
    char *path, *params_path, *note;
    nnx_operand_desc *in_desc, *out_desc;
    pthread_mutex_t lock; /* guards the list and the tick */
    stage_entry *list;
    uint32_t count;
    uint64_t tick;
} nnx_stage_runner;

/* ---------------------------------------------------------------- entries */

static void free_entry(const nnx_alloc *a, stage_entry *e)
{
    if (!e)
        return;
    if (e->graph)
        nnx_graph_free(e->graph);
    for (uint32_t i = 0; e->out_names && i < e->n_out; i++)
        nnx_mem_free(a, e->out_names[i]);
    nnx_mem_free(a, e->out_names);
    nnx_mem_free(a, e->out_known);
    nnx_mem_free(a, e->in_env);
    nnx_stage_values_free(a, e->key, e->n_key);
    nnx_mem_free(a, e);
}

static bool same_key(const stage_entry *e, uint32_t first, const nnx_stage_value *env, uint32_t n)
{
    if (e->first != first || e->n_key != n)
        return false;
    for (uint32_t i = 0; i < n; i++) {
        const nnx_stage_value *k = &e->key[i];
        if (k->known != env[i].known || strcmp(k->name, env[i].name) != 0 || !nnx_desc_equal(&k->desc, &env[i].desc))
            return false;
        size_t bytes = 0;
        nnx_desc_bytes(&k->desc, &bytes);
        if (k->known && bytes && memcmp(k->data, env[i].data, bytes) != 0)
            return false;
    }
    return true;
}

/* A copy of env as a key: names and types, the bytes of known values only. */
static nnx_stage_value *copy_key(const nnx_alloc *a, const nnx_stage_value *env, uint32_t n)
{
    nnx_stage_value *k = nnx_mem_calloc(a, n + 1, sizeof *k);
    bool ok = k != NULL;
    for (uint32_t i = 0; ok && i < n; i++) {
        k[i].desc = env[i].desc;
        k[i].known = env[i].known;
        ok = (k[i].name = nnx_mem_strdup(a, env[i].name)) != NULL;
        size_t bytes = 0;
        nnx_desc_bytes(&env[i].desc, &bytes);
        if (ok && env[i].known && (ok = (k[i].data = nnx_mem_alloc_aligned(a, bytes ? bytes : 1)) != NULL))
            memcpy(k[i].data, env[i].data, bytes);
    }
    if (!ok) {
        nnx_stage_values_free(a, k, n);
        return NULL;
    }
    return k;
}

/* The compiled stage that starts at first for env: loaded, cut and compiled (ctx's alloc). */
static nnx_status compile_stage(nnx_context *ctx, const nnx_stage_runner *r, uint32_t first, const nnx_stage_value *env,
                                uint32_t n_env, stage_entry **out, nnx_error *err)
{
    const nnx_alloc *a = &ctx->alloc;
    nnx_ir_model m;
    nnx_ir_model_init(&m, a, "stage");
    *out = NULL;
    nnx_status st = r->src.ops->load(r->source, &r->options, first, env, n_env, &m, err);
    stage_entry *e = st == NNX_OK ? nnx_mem_calloc(a, 1, sizeof *e) : NULL;
    if (st == NNX_OK && !e)
        st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    if (st == NNX_OK) {
        e->first = first;
        e->end = m.stage_end;
        e->n_out = m.n_outputs;
        e->out_names = nnx_mem_calloc(a, m.n_outputs + 1, sizeof *e->out_names);
        e->out_known = nnx_mem_calloc(a, m.n_outputs + 1, sizeof *e->out_known);
        e->key = copy_key(a, env, n_env);
        e->n_key = e->key ? n_env : 0;
        bool ok = e->out_names && e->out_known && e->key;
        for (uint32_t i = 0; ok && i < m.n_outputs; i++) {
            ok = (e->out_names[i] = nnx_mem_strdup(a, m.output_names[i])) != NULL;
            e->out_known[i] = m.output_known && m.output_known[i];
        }
        if (!ok)
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    /* a stage cut at its first node runs nothing: the next node takes env as it is */
    if (st == NNX_OK && e->end != first) {
        st = nnx_graph_create(ctx, &m.ir, m.outputs, m.output_names, m.n_outputs, &e->graph, err);
        if (st == NNX_OK) {
            nnx_context_disown(ctx, &e->graph->h.link); /* the staged graph owns it */
            e->in_env = nnx_mem_calloc(a, e->graph->n_inputs + 1, sizeof *e->in_env);
            for (uint32_t j = 0; e->in_env && j < e->graph->n_inputs; j++) {
                e->in_env[j] = UINT32_MAX;
                for (uint32_t i = 0; i < n_env && e->in_env[j] == UINT32_MAX; i++)
                    if (strcmp(env[i].name, e->graph->input_names[j]) == 0)
                        e->in_env[j] = i;
                if (e->in_env[j] == UINT32_MAX)
                    st = nnx_error_set(err, NNX_ERROR_UNKNOWN, "stage input '%s' has no value",
                                       e->graph->input_names[j]);
            }
            if (!e->in_env)
                st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        }
    }
    nnx_ir_model_free(&m);
    if (st != NNX_OK) {
        free_entry(a, e);
        return st;
    }
    *out = e;
    return NNX_OK;
}

/* Drops least recently used idle entries past the cache's bound. */
static void evict(nnx_stage_runner *r, const nnx_alloc *a)
{
    while (r->count > NNX_STAGE_CACHE_DEFAULT) {
        stage_entry **victim = NULL;
        for (stage_entry **p = &r->list; *p; p = &(*p)->next)
            if (!(*p)->refs && (!victim || (*p)->used < (*victim)->used))
                victim = p;
        if (!victim)
            return; /* all in use: over the bound until they end */
        stage_entry *e = *victim;
        *victim = e->next;
        r->count--;
        free_entry(a, e);
    }
}

/* The entry for (first, env), compiled if no dispatch made it yet; held until released. */
static nnx_status acquire(nnx_context *ctx, nnx_stage_runner *r, uint32_t first, const nnx_stage_value *env,
                          uint32_t n_env, stage_entry **out, nnx_error *err)
{
    pthread_mutex_lock(&r->lock);
    for (stage_entry *e = r->list; e; e = e->next)
        if (same_key(e, first, env, n_env)) {
            e->refs++;
            e->used = ++r->tick;
            pthread_mutex_unlock(&r->lock);
            *out = e;
            return NNX_OK;
        }
    pthread_mutex_unlock(&r->lock);
    /* compiled outside the lock: dispatches of compiled stages go on meanwhile */
    stage_entry *e;
    nnx_status st = compile_stage(ctx, r, first, env, n_env, &e, err);
    if (st != NNX_OK)
        return st;
    pthread_mutex_lock(&r->lock);
    e->refs = 1;
    e->used = ++r->tick;
    e->next = r->list;
    r->list = e;
    r->count++;
    evict(r, &ctx->alloc);
    pthread_mutex_unlock(&r->lock);
    *out = e;
    return NNX_OK;
}

static void release(nnx_stage_runner *r, const nnx_alloc *a, stage_entry *e)
{
    pthread_mutex_lock(&r->lock);
    e->refs--;
    evict(r, a);
    pthread_mutex_unlock(&r->lock);
}

/* ---------------------------------------------------------------- running */

/* Runs entry e on env into *next (its outputs, new buffers). */
static nnx_status run_stage(const nnx_alloc *a, stage_entry *e, const nnx_stage_value *env, nnx_stage_value **next,
                            uint32_t *n_next, nnx_error *err)
{
    nnx_graph *g = e->graph;
    nnx_stage_value *v = nnx_mem_calloc(a, e->n_out + 1, sizeof *v);
    void **in = nnx_mem_calloc(a, g->n_inputs + 1, sizeof *in);
    void **out = nnx_mem_calloc(a, e->n_out + 1, sizeof *out);
    nnx_status st = v && in && out ? NNX_OK : nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t j = 0; st == NNX_OK && j < g->n_inputs; j++)
        in[j] = env[e->in_env[j]].data;
    for (uint32_t i = 0; st == NNX_OK && i < e->n_out; i++) {
        nnx_graph_output_desc(g, i, &v[i].desc);
        v[i].known = e->out_known[i];
        size_t bytes = 0;
        nnx_desc_bytes(&v[i].desc, &bytes);
        v[i].name = nnx_mem_strdup(a, e->out_names[i]);
        v[i].data = nnx_mem_alloc_aligned(a, bytes ? bytes : 1);
        if (!v[i].name || !v[i].data)
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        out[i] = v[i].data;
    }
    if (st == NNX_OK)
        st = nnx_graph_run_buffers(g, in, out, err);
    nnx_mem_free(a, in);
    nnx_mem_free(a, out);
    if (st != NNX_OK) {
        nnx_stage_values_free(a, v, v ? e->n_out : 0);
        return st;
    }
    *next = v;
    *n_next = e->n_out;
    return NNX_OK;
}

/* The graph's outputs from the last stage's values: each into its tensor (made, with make). */
static nnx_status give_outputs(nnx_context *ctx, const nnx_stage_value *v, uint32_t n, nnx_named_tensor *outputs,
                               size_t n_out, bool make, nnx_error *err)
{
    for (size_t k = 0; k < n_out; k++) {
        nnx_named_tensor *nt = &outputs[k];
        uint32_t i = 0;
        while (i < n && !(nt->name && strcmp(v[i].name, nt->name) == 0))
            i++;
        if (i == n)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the graph has no output named '%s'",
                                 nt->name ? nt->name : "(null)");
        if (make) {
            nnx_tensor_desc td = {.desc = v[i].desc, .readable = true, .writable = true};
            if (nnx_tensor_create(ctx, &td, &nt->tensor) != NNX_OK)
                return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "output '%s': %s", v[i].name,
                                     nnx_context_error(ctx));
        }
        nnx_tensor *t = nt->tensor;
        if (!nnx_desc_equal(&t->desc.desc, &v[i].desc)) {
            char want[96], got[96];
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "output '%s' is %s in this run, its tensor %s (its shape depends on the input "
                                 "values: nnx_context_run makes output tensors of the right shape)",
                                 v[i].name, nnx_desc_format(&v[i].desc, want, sizeof want),
                                 nnx_desc_format(&t->desc.desc, got, sizeof got));
        }
        if (t->bytes)
            memcpy(t->data, v[i].data, t->bytes);
    }
    return NNX_OK;
}

nnx_status nnx_graph_stages_dispatch(nnx_context *ctx, nnx_graph *g, const nnx_named_tensor *inputs, size_t n_in,
                                     nnx_named_tensor *outputs, size_t n_out, bool make)
{
    nnx_stage_runner *r = g->stages;
    const nnx_alloc *a = &ctx->alloc;
    nnx_error err = {0};
    nnx_status st = NNX_OK;
    if (n_in != g->n_inputs || n_out != g->n_outputs)
        return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT,
                                "dispatch: %zu input and %zu output tensors given, the graph has %u and %u", n_in,
                                n_out, g->n_inputs, g->n_outputs);
    /* the first stage's values: the inputs, copied (a stage's buffers are the dispatch's) */
    uint32_t n_env = g->n_inputs;
    nnx_stage_value *env = nnx_mem_calloc(a, n_env + 1, sizeof *env);
    if (!env)
        return nnx_context_fail(ctx, NNX_ERROR_OUT_OF_MEMORY, "dispatch: out of memory");
    for (uint32_t i = 0; st == NNX_OK && i < n_env; i++) {
        const nnx_named_tensor *nt = NULL;
        for (size_t k = 0; k < n_in && !nt; k++)
            if (inputs[k].name && strcmp(inputs[k].name, g->input_names[i]) == 0)
                nt = &inputs[k];
        char want[96], got[96];
        if (!nt)
            st = nnx_error_set(&err, NNX_ERROR_INVALID_ARGUMENT, "input '%s' is not given", g->input_names[i]);
        else if (!nt->tensor || nt->tensor->ctx != ctx || nt->tensor->h.destroyed || nt->tensor->constant)
            st = nnx_error_set(&err, NNX_ERROR_INVALID_ARGUMENT, "input '%s' is not a live tensor of this context",
                               g->input_names[i]);
        else if (!nnx_desc_equal(&nt->tensor->desc.desc, &r->in_desc[i]))
            st = nnx_error_set(&err, NNX_ERROR_INVALID_ARGUMENT, "input '%s' is %s, the graph expects %s",
                               g->input_names[i], nnx_desc_format(&nt->tensor->desc.desc, got, sizeof got),
                               nnx_desc_format(&r->in_desc[i], want, sizeof want));
        else {
            env[i].desc = r->in_desc[i];
            env[i].name = nnx_mem_strdup(a, g->input_names[i]);
            env[i].data = nnx_mem_alloc_aligned(a, nt->tensor->bytes ? nt->tensor->bytes : 1);
            if (!env[i].name || !env[i].data)
                st = nnx_error_set(&err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
            else if (nt->tensor->bytes)
                memcpy(env[i].data, nt->tensor->data, nt->tensor->bytes);
        }
    }
    /* stages, each ending before a node computed from values, until the last one */
    uint32_t pos = 0;
    bool done = false;
    while (st == NNX_OK && !done) {
        stage_entry *e = NULL;
        st = acquire(ctx, r, pos, env, n_env, &e, &err);
        if (st != NNX_OK)
            break;
        nnx_stage_value *next = NULL;
        uint32_t n_next = 0;
        if (e->graph) {
            st = run_stage(a, e, env, &next, &n_next, &err);
            if (st == NNX_OK) {
                nnx_stage_values_free(a, env, n_env);
                env = next;
                n_env = n_next;
            }
        }
        done = e->end == UINT32_MAX;
        uint32_t at = e->end;
        release(r, a, e);
        if (st != NNX_OK || done)
            break;
        if (at < pos) {
            st = nnx_error_set(&err, NNX_ERROR_UNKNOWN, "a stage ended before it began");
            break;
        }
        st = r->src.ops->eval(r->source, &r->options, at, env, n_env, a, &next, &n_next, &err);
        if (st == NNX_OK) {
            nnx_stage_values_free(a, env, n_env);
            env = next;
            n_env = n_next;
            pos = at + 1;
        }
    }
    if (st == NNX_OK)
        st = give_outputs(ctx, env, n_env, outputs, n_out, make, &err);
    nnx_stage_values_free(a, env, n_env);
    if (st != NNX_OK && make)
        for (size_t k = 0; k < n_out; k++) {
            nnx_tensor_destroy(outputs[k].tensor);
            outputs[k].tensor = NULL;
        }
    return st == NNX_OK ? NNX_OK : nnx_context_fail(ctx, st, "dispatch: %s", err.message);
}

/* ---------------------------------------------------------------- creation */

void nnx_graph_stages_free(nnx_graph *g)
{
    nnx_stage_runner *r = g->stages;
    if (!r)
        return;
    const nnx_alloc *a = &g->ctx->alloc;
    for (stage_entry *e = r->list, *next; e; e = next) {
        next = e->next;
        free_entry(a, e);
    }
    if (r->source)
        r->src.ops->close(r->source, a);
    nnx_mem_free(a, r->path);
    nnx_mem_free(a, r->params_path);
    nnx_mem_free(a, r->note);
    nnx_mem_free(a, r->in_desc);
    nnx_mem_free(a, r->out_desc);
    pthread_mutex_destroy(&r->lock);
    nnx_mem_free(a, r);
    g->stages = NULL;
    if (g->input_names)
        for (uint32_t i = 0; i < g->n_inputs; i++)
            nnx_mem_free(a, (char *)g->input_names[i]); /* copies here (graph.c frees the array) */
}

nnx_status nnx_graph_create_staged(nnx_context *ctx, const nnx_ir_model *m, const nnx_stage_source *src,
                                   nnx_graph **out, nnx_error *err)
{
    const nnx_alloc *a = &ctx->alloc;
    *out = NULL;
    nnx_graph *g = nnx_handle_alloc(sizeof *g);
    nnx_stage_runner *r = nnx_mem_calloc(a, 1, sizeof *r);
    if (!g || !r || pthread_mutex_init(&g->lock, NULL) != 0) {
        nnx_handle_free(g);
        nnx_mem_free(a, r);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    pthread_mutex_init(&g->state_lock, NULL);
    pthread_mutex_init(&r->lock, NULL);
    g->ctx = ctx;
    nnx_ir_init(&g->ir, a);
    g->stages = r;
    r->src = *src;
    r->options = *src->options; /* the format's stage loads drop shapes and dimension names */
    r->path = nnx_mem_strdup(a, src->path);
    r->params_path = src->options->params_path ? nnx_mem_strdup(a, src->options->params_path) : NULL;
    r->options.params_path = r->params_path;
    r->note = nnx_mem_strdup(a, m->stage_note ? m->stage_note : "");
    g->n_inputs = m->n_inputs;
    g->n_outputs = m->n_outputs;
    r->in_desc = nnx_mem_calloc(a, m->n_inputs + 1, sizeof *r->in_desc);
    r->out_desc = nnx_mem_calloc(a, m->n_outputs + 1, sizeof *r->out_desc);
    g->input_names = nnx_mem_calloc(a, m->n_inputs + 1, sizeof *g->input_names);
    g->output_names = nnx_mem_calloc(a, m->n_outputs + 1, sizeof *g->output_names);
    bool ok = r->path && r->note && (!src->options->params_path || r->params_path) && r->in_desc && r->out_desc &&
        g->input_names && g->output_names;
    for (uint32_t i = 0; ok && i < m->n_inputs; i++) {
        const nnx_value *v = &m->ir.values[m->inputs[i]];
        r->in_desc[i] = v->desc;
        ok = (g->input_names[i] = nnx_mem_strdup(a, v->name)) != NULL;
    }
    for (uint32_t i = 0; ok && i < m->n_outputs; i++) {
        r->out_desc[i] = m->declared_outputs ? m->declared_outputs[i] : (nnx_operand_desc){0};
        ok = (g->output_names[i] = nnx_mem_strdup(a, m->output_names[i])) != NULL;
    }
    if (!ok) {
        nnx_graph_free(g);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    nnx_status st = src->ops->open(r->path, src->options, a, &r->source, err);
    if (st != NNX_OK) {
        nnx_graph_free(g);
        return st;
    }
    nnx_context_own(ctx, &ctx->graphs, &g->h.link);
    *out = g;
    return NNX_OK;
}

/* ---------------------------------------------------------------- queries */

void nnx_graph_stages_desc(const nnx_graph *g, bool output, size_t i, nnx_operand_desc *out)
{
    *out = (output ? g->stages->out_desc : g->stages->in_desc)[i];
}

const char *nnx_graph_stages_note(const nnx_graph *g) { return g && g->stages ? g->stages->note : NULL; }
