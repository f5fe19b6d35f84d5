/* sema.c — the semantic checker's driver (NNEF 1.0.2 §3.3, chapter 6 step 2): checker state,
 * diagnostics, the name maps, and the order of the checks (declarations, fragment bodies,
 * the graph with its parameter and result lists). The rules themselves live in
 * sema_decl.c, sema_expr.c, sema_invoke.c and sema_idents.c. */
#define NNX_NNEF_SEMA_INTERNAL
#include "formats/nnef/check/sema.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "formats/nnef/flatten/flat.h"

/* ---- diagnostics ------------------------------------------------------------------------- */

nnx_status sema_fail(sema *s, nnx_nnef_pos pos, const char *fmt, ...)
{
    if (s->status != NNX_OK)
        return s->status;
    char msg[NNX_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    s->status = NNX_ERROR_INVALID_MODEL;
    nnx_nnef_error_at(s->err, NNX_ERROR_INVALID_MODEL, s->file, pos, "%s", msg);
    return s->status;
}

nnx_status sema_oom(sema *s)
{
    if (s->status == NNX_OK) {
        s->status = NNX_ERROR_OUT_OF_MEMORY;
        nnx_error_set(s->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory while checking", s->file);
    }
    return s->status;
}

const char *sema_ty(sema *s, int slot, const nnx_nnef_ty *t)
{
    return nnx_nnef_ty_format(t, s->tybuf[slot], sizeof s->tybuf[slot]);
}

/* Types built from expressions can nest without the AST's limit (a = [b]; b2 = [a]; ...),
 * so their height is capped here to keep every recursive walk of a type bounded. */
static nnx_status check_height(sema *s, nnx_nnef_pos pos, uint32_t height)
{
    if (height <= NNX_NNEF_TY_MAX_HEIGHT)
        return NNX_OK;
    return sema_fail(s, pos, "the type of this expression nests arrays and tuples more than %u levels deep",
                     NNX_NNEF_TY_MAX_HEIGHT);
}

nnx_status sema_array_of(sema *s, nnx_nnef_pos pos, const nnx_nnef_ty *item, const nnx_nnef_ty **out)
{
    nnx_status st = check_height(s, pos, item->height + 1);
    if (st != NNX_OK)
        return st;
    *out = nnx_nnef_ty_array(&s->arena, item);
    return *out ? NNX_OK : sema_oom(s);
}

nnx_status sema_tuple_of(sema *s, nnx_nnef_pos pos, const nnx_nnef_ty *const *items, uint32_t n,
                         const nnx_nnef_ty **out)
{
    uint32_t h = 0;
    for (uint32_t i = 0; i < n; i++)
        h = items[i]->height > h ? items[i]->height : h;
    nnx_status st = check_height(s, pos, h + 1);
    if (st != NNX_OK)
        return st;
    *out = nnx_nnef_ty_tuple(&s->arena, items, n);
    return *out ? NNX_OK : sema_oom(s);
}

/* ---- name maps (open addressing, load <= 1/2) ----------------------------------------------- */

static uint32_t hash_name(const char *key)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)key; *p; p++)
        h = (h ^ *p) * 16777619u;
    return h;
}

/* The slot holding key, or the empty slot where it would go. */
static uint32_t slot_of(const sema_map *m, const char *key)
{
    uint32_t mask = m->cap - 1, i = hash_name(key) & mask;
    while (m->keys[i] && strcmp(m->keys[i], key) != 0)
        i = (i + 1) & mask;
    return i;
}

void *sema_map_get(const sema_map *m, const char *key)
{
    if (m->cap == 0)
        return NULL;
    uint32_t i = slot_of(m, key);
    return m->keys[i] ? m->vals[i] : NULL;
}

static bool grow(sema *s, sema_map *m)
{
    if (m->cap >= (1u << 30))
        return false;
    sema_map next = {.cap = m->cap ? m->cap * 2 : 16};
    next.keys = nnx_mem_calloc(s->alloc, next.cap, sizeof *next.keys);
    next.vals = nnx_mem_calloc(s->alloc, next.cap, sizeof *next.vals);
    if (!next.keys || !next.vals) {
        sema_map_free(s, &next);
        return false;
    }
    for (uint32_t i = 0; i < m->cap; i++) {
        if (!m->keys[i])
            continue;
        uint32_t j = slot_of(&next, m->keys[i]);
        next.keys[j] = m->keys[i];
        next.vals[j] = m->vals[i];
    }
    next.count = m->count;
    sema_map_free(s, m);
    *m = next;
    return true;
}

bool sema_map_put(sema *s, sema_map *m, const char *key, void *val, void **existing)
{
    if ((m->count + 1) * 2 > m->cap && !grow(s, m))
        return false;
    uint32_t i = slot_of(m, key);
    if (existing)
        *existing = m->keys[i] ? m->vals[i] : NULL;
    if (!m->keys[i]) {
        m->keys[i] = key;
        m->vals[i] = val;
        m->count++;
    }
    return true;
}

void sema_map_free(sema *s, sema_map *m)
{
    nnx_mem_free(s->alloc, m->keys);
    nnx_mem_free(s->alloc, m->vals);
    memset(m, 0, sizeof *m);
}

/* ---- bodies ------------------------------------------------------------------------------------ */

static nnx_status run_body(sema *s, const nnx_nnef_assignment *body, uint32_t count)
{
    nnx_status st = sema_open_body(s, body, count);
    for (uint32_t i = 0; st == NNX_OK && i < count; i++)
        st = sema_assignment(s, &body[i]);
    return st;
}

/* U1, U5-U7 within one fragment body; parameters and results are in scope with their
 * declared types ('?' standing for the fragment's own type parameter). */
static nnx_status check_fragment_body(sema *s, const nnx_nnef_fragment *f)
{
    const sema_sig *sig = NULL;
    nnx_status st = sema_signature(s, nnx_nnef_registry_find(s->reg, f->name), &sig);
    sema_sym *sym;
    s->frag = f;
    for (uint32_t i = 0; st == NNX_OK && i < f->param_count; i++)
        st = sema_declare(s, f->params[i].name, f->params[i].pos, SEMA_SYM_PARAM, sig->params[i], &sym);
    for (uint32_t i = 0; st == NNX_OK && i < f->result_count; i++)
        st = sema_declare(s, f->results[i].name, f->results[i].pos, SEMA_SYM_RESULT, sig->results[i], &sym);
    if (st == NNX_OK)
        st = run_body(s, f->body, f->body_count);
    for (uint32_t i = 0; st == NNX_OK && i < f->result_count; i++) {
        sym = sema_map_get(&s->scope, f->results[i].name);
        if (!sym->defined)
            st = sema_fail(s, f->results[i].pos,
                           "result '%s' of fragment '%s' is never assigned: each result is assigned exactly once",
                           f->results[i].name, f->name);
    }
    sema_map_free(s, &s->scope);
    return st;
}

/* The graph's parameter and result lists: each name once per list (decision). */
static nnx_status check_ident_list(sema *s, const nnx_nnef_ident *ids, uint32_t n, const char *noun,
                                   bool declare_inputs)
{
    sema_map seen = {0};
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; st == NNX_OK && i < n; i++) {
        void *old = NULL;
        if (!sema_map_put(s, &seen, ids[i].name, (void *)&ids[i], &old)) {
            st = sema_oom(s);
        } else if (old) {
            st = sema_fail(s, ids[i].pos, "graph %s '%s' is listed twice", noun, ids[i].name);
        } else if (declare_inputs) {
            sema_sym *sym;
            st = sema_declare(s, ids[i].name, ids[i].pos, SEMA_SYM_INPUT, NULL, &sym);
        }
    }
    sema_map_free(s, &seen);
    return st;
}

/* U2, U4, U6-U8, U10 in the graph body. */
static nnx_status check_graph(sema *s, const nnx_nnef_graph *g)
{
    s->frag = NULL;
    nnx_status st = check_ident_list(s, g->inputs, g->input_count, "parameter", true);
    if (st == NNX_OK)
        st = check_ident_list(s, g->outputs, g->output_count, "result", false);
    if (st == NNX_OK)
        st = run_body(s, g->body, g->body_count);
    for (uint32_t i = 0; st == NNX_OK && i < g->input_count; i++) {
        const sema_sym *sym = sema_map_get(&s->scope, g->inputs[i].name);
        if (!sym->defined)
            st = sema_fail(s, g->inputs[i].pos, "graph parameter '%s' is never defined: it needs '%s = external(...)'",
                           g->inputs[i].name, g->inputs[i].name);
    }
    for (uint32_t i = 0; st == NNX_OK && i < g->output_count; i++) {
        const sema_sym *sym = sema_map_get(&s->scope, g->outputs[i].name);
        if (!sym || !sym->defined)
            st = sema_fail(s, g->outputs[i].pos, "graph result '%s' is never assigned", g->outputs[i].name);
    }
    sema_map_free(s, &s->scope);
    return st;
}

static nnx_status check_document(sema *s)
{
    const nnx_nnef_document *doc = s->doc;
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; st == NNX_OK && i < doc->fragment_count; i++)
        st = sema_check_declaration(s, &doc->fragments[i]);
    for (uint32_t i = 0; st == NNX_OK && i < doc->fragment_count; i++)
        if (doc->fragments[i].has_body)
            st = check_fragment_body(s, &doc->fragments[i]);
    if (st == NNX_OK && doc->graph)
        st = check_graph(s, doc->graph);
    return st;
}

nnx_status nnx_nnef_check(const nnx_nnef_document *doc, const nnx_nnef_registry *reg, nnx_error *err)
{
    nnx_error scratch = {0};
    if (!err)
        err = &scratch;
    if (!doc || !reg || !reg->stdlib)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "nnx_nnef_check: a document and its registry are required");
    sema s = {
        .doc = doc, .reg = reg, .alloc = &doc->alloc, .err = err, .file = doc->filename ? doc->filename : "<input>"};
    nnx_arena_init(&s.arena, s.alloc);
    s.sigs = nnx_mem_calloc(s.alloc, reg->count ? reg->count : 1, sizeof *s.sigs);
    nnx_status st = s.sigs ? check_document(&s) : sema_oom(&s);
    sema_map_free(&s, &s.scope);
    sema_map_free(&s, &s.labels);
    nnx_mem_free(s.alloc, s.iters);
    nnx_mem_free(s.alloc, s.sigs);
    nnx_arena_free(&s.arena);
    return st;
}
