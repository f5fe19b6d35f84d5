/* sema.c — the semantic checker's driver (NNEF 1.0.2 §3.3, chapter 6 step 2): the order of
 * the checks (declarations, fragment bodies, the graph with its parameter and result lists).
 * The rules live in sema_decl.c, sema_expr.c, sema_invoke.c and sema_idents.c; what they
 * share (diagnostics, types, name maps) in sema_helpers.c. */
#define NNX_NNEF_SEMA_INTERNAL
#include "formats/nnef/check/sema.h"

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
    return nnx_nnef_check_ex(doc, reg, 0, err);
}

nnx_status nnx_nnef_check_ex(const nnx_nnef_document *doc, const nnx_nnef_registry *reg, uint32_t max_depth,
                             nnx_error *err)
{
    nnx_error scratch = {0};
    if (!err)
        err = &scratch;
    if (!doc || !reg || !reg->stdlib)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "nnx_nnef_check: a document and its registry are required");
    sema s = {
        .doc = doc, .reg = reg, .alloc = &doc->alloc, .err = err, .file = doc->filename ? doc->filename : "<input>"};
    s.max_height = max_depth && max_depth < NNX_NNEF_TY_MAX_HEIGHT ? max_depth : NNX_NNEF_TY_MAX_HEIGHT;
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
