/* builder_tosa_flow.c — TOSA 1.0 control flow, variables and CUSTOM (spec §2.13–2.15):
 *  - COND_IF (§2.16.1) is core cond_if, each branch built on a builder of its own and frozen,
 *    only the chosen one running; while the session has variables (which a branch may read
 *    or write), both branches are built into the same session instead and each output and
 *    variable is where(cond, then, else): the spec's result for TOSA's pure operators.
 *  - WHILE_LOOP builds its condition and body on builders of their own and freezes them
 *    into core while_loop's attributes (src/ops/while_loop.c runs them).
 *  - VARIABLE is a core constant holding the persistent value; VARIABLE_WRITE records the
 *    IR update that replaces it after each run (the last write wins) and VARIABLE_READ sees
 *    the current value in graph order (the constant until a write).
 *  - CUSTOM: nnx registers no custom operators (implementation-defined): NOT_SUPPORTED. */
#include "api/tosa_front.h"
#include "ops/while_loop.h"

#include <stdio.h>
#include <string.h>

static bool lists(nnx_tosa_call *k, uint32_t n_in, uint32_t n_out)
{
    char text[96];
    uint32_t max = k->t->level->max_tensor_list_size;
    snprintf(text, sizeof text, "tensor_list_shape(input_list) <= MAX_TENSOR_LIST_SIZE = %u", max);
    if (!nnx_tosa_level_check(k, n_in <= max, text))
        return false;
    snprintf(text, sizeof text, "tensor_list_shape(output_list) <= MAX_TENSOR_LIST_SIZE = %u", max);
    return nnx_tosa_level_check(k, n_out <= max, text);
}

static bool nesting(nnx_tosa_call *k)
{
    char text[64];
    snprintf(text, sizeof text, "tosa_nesting_depth >= MAX_NESTING (%u at %s)", k->t->level->max_nesting,
             k->t->level->name);
    return nnx_tosa_error_if(k, k->t->depth >= k->t->level->max_nesting, text);
}

static nnx_operand *operand_of(nnx_tosa_call *k, uint32_t value)
{
    nnx_builder *b = k->t->b;
    nnx_operand *op = nnx_arena_alloc(&b->arena, sizeof *op);
    if (!op) {
        nnx_tosa_fail(k, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    *op = (nnx_operand){.builder = b, .value = value, .desc = b->ir.values[value].desc};
    return op;
}

/* ---------------------------------------------------------------- variables */

static nnx_tosa_variable *find(nnx_tosa *t, int32_t uid)
{
    for (uint32_t i = 0; i < t->n_vars; i++)
        if (t->vars[i].uid == uid)
            return &t->vars[i];
    return NULL;
}

/* Makes `value` the variable's current value and the one its update stores. */
static bool assign(nnx_tosa_call *k, nnx_tosa_variable *v, uint32_t value)
{
    nnx_ir *ir = &k->t->b->ir;
    v->current = value;
    if (v->update != NNX_NONE) {
        ir->updates[v->update].value = value;
        return true;
    }
    nnx_error why = {0};
    if (nnx_ir_add_update(ir, v->constant, value, &why) != NNX_OK)
        return nnx_tosa_fail(k, why.status, "%s", why.message);
    v->update = ir->n_updates - 1;
    return true;
}

static bool variable(nnx_tosa_call *k)
{
    const nnx_tosa_attrs *a = k->a;
    nnx_tosa *t = k->t;
    size_t bytes;
    if (!nnx_tosa_check_rank(k, a->desc.rank, "var_shape") ||
        !nnx_tosa_require(k, !find(t, a->uid), "!var_tensor.seen (a uid is declared once)") ||
        !nnx_tosa_error_if(k, t->depth > 0,
                           "VARIABLE inside a COND_IF / WHILE_LOOP sub-graph (nnx declares variables "
                           "at the top level)"))
        return false;
    nnx_error why = {0};
    if (nnx_check_desc(&a->desc, &why) != NNX_OK || !nnx_desc_bytes(&a->desc, &bytes))
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "var_shape: %s", why.message);
    const void *init = a->values;
    if (!init) {
        void *zeros = nnx_arena_alloc(&t->b->arena, bytes ? bytes : 1);
        if (!zeros)
            return nnx_tosa_fail(k, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        memset(zeros, 0, bytes);
        init = zeros;
    } else if (!nnx_tosa_error_if(k, a->values_size != bytes, "initial_value's size != var_shape's")) {
        return false;
    }
    nnx_operand *c = nnx_tosa_constant(k, &a->desc, init, bytes);
    if (!c)
        return false;
    if (t->n_vars == t->cap_vars) {
        uint32_t cap = t->cap_vars ? 2 * t->cap_vars : 8;
        nnx_tosa_variable *grown = nnx_arena_array(&t->b->arena, cap, sizeof *grown);
        if (!grown)
            return nnx_tosa_fail(k, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        if (t->n_vars)
            memcpy(grown, t->vars, t->n_vars * sizeof *grown);
        t->vars = grown;
        t->cap_vars = cap;
    }
    t->vars[t->n_vars++] = (nnx_tosa_variable){a->uid, a->desc, c->value, c->value, NNX_NONE};
    return true;
}

static nnx_tosa_variable *declared(nnx_tosa_call *k)
{
    nnx_tosa_variable *v = find(k->t, k->a->uid);
    if (!v)
        nnx_tosa_require(k, false, "variable_tensor != NULL (no VARIABLE declares this uid)");
    return v;
}

static bool variable_write(nnx_tosa_call *k)
{
    nnx_tosa_variable *v = declared(k);
    if (!v || !nnx_tosa_check_rank(k, nnx_tosa_desc(k, 0)->rank, "shape") ||
        !nnx_tosa_require(k, nnx_desc_equal(&v->desc, nnx_tosa_desc(k, 0)),
                          "variable_tensor.shape == shape && is_same<variable_tensor.type,in_t>()"))
        return false;
    return assign(k, v, k->in[0]->value);
}

static bool variable_read(nnx_tosa_call *k)
{
    nnx_tosa_variable *v = declared(k);
    if (!v)
        return false;
    if (k->a->desc.dtype != NNX_DTYPE_UNDEFINED &&
        !nnx_tosa_require(k, nnx_desc_equal(&v->desc, &k->a->desc),
                          "variable_tensor.shape == shape && is_same<variable_tensor.type,out_t>()"))
        return false;
    nnx_operand *cur = operand_of(k, v->current);
    if (!cur)
        return false;
    /* a node, so that the result can be a graph output even when it is the constant */
    nnx_operand *r = nnx_tosa_reshape(k, cur, v->desc.shape, v->desc.rank);
    if (!r)
        return false;
    k->out[0] = r;
    return true;
}

/* ---------------------------------------------------------------- COND_IF */

typedef struct var_state {
    uint32_t current, update, update_value;
} var_state;

static void save(const nnx_tosa *t, var_state *s)
{
    for (uint32_t i = 0; i < t->n_vars; i++) {
        const nnx_tosa_variable *v = &t->vars[i];
        s[i] = (var_state){v->current, v->update, v->update != NNX_NONE ? t->b->ir.updates[v->update].value : 0};
    }
}

static void restore(nnx_tosa *t, const var_state *s, uint32_t n_vars, uint32_t n_updates)
{
    for (uint32_t i = 0; i < n_vars; i++) {
        nnx_tosa_variable *v = &t->vars[i];
        v->current = s[i].current;
        v->update = s[i].update;
        if (v->update != NNX_NONE)
            t->b->ir.updates[v->update].value = s[i].update_value;
    }
    t->b->ir.n_updates = n_updates;
}

/* Runs sub-graph fn one nesting level deeper; its n_out results into out, each checked. */
static bool run_graph(nnx_tosa_call *k, nnx_tosa_graph_fn fn, const char *name, nnx_operand *const *in, uint32_t n_in,
                      nnx_operand **out, uint32_t n_out)
{
    nnx_builder *b = k->t->b;
    for (uint32_t i = 0; i < n_out; i++)
        out[i] = &b->poison;
    k->t->depth++;
    bool ok = fn(k->t, k->a->user, in, n_in, out, n_out);
    k->t->depth--;
    if (b->err.status != NNX_OK)
        return false;
    if (!ok)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "%s failed", name);
    for (uint32_t i = 0; i < n_out; i++) {
        char what[48];
        snprintf(what, sizeof what, "%s output %u", name, i);
        if (!nnx_call_operand(&k->c, out[i], what))
            return false;
    }
    return true;
}

static nnx_operand *select(nnx_tosa_call *k, const nnx_operand *cond, const nnx_operand *a, const nnx_operand *b)
{
    const nnx_operand *in[3] = {cond, a, b};
    return nnx_tosa_node(k, NNX_OP_WHERE, in, 3, NULL);
}

static bool merge_vars(nnx_tosa_call *k, const nnx_operand *cond, const var_state *before, const uint32_t *then_cur,
                       uint32_t n_vars)
{
    for (uint32_t i = 0; i < n_vars; i++) {
        nnx_tosa_variable *v = &k->t->vars[i];
        uint32_t else_cur = v->current;
        if (then_cur[i] == before[i].current && else_cur == before[i].current)
            continue;
        nnx_operand *a = operand_of(k, then_cur[i]), *b = operand_of(k, else_cur);
        nnx_operand *m = a && b ? select(k, cond, a, b) : NULL;
        if (!m || !assign(k, v, m->value))
            return false;
    }
    return true;
}

static bool sub_graph(nnx_tosa_call *k, nnx_tosa_graph_fn fn, const char *name, nnx_operand *const *in, uint32_t n_in,
                      uint32_t n_res, nnx_subgraph **out);

/* COND_IF on core cond_if: each branch on a builder of its own, frozen like WHILE_LOOP's
 * sub-graphs; only the chosen one runs. */
static bool cond_if_core(nnx_tosa_call *k, uint32_t n_in, uint32_t n_out)
{
    nnx_subgraph *then_g, *else_g;
    if (!sub_graph(k, k->a->graph1, "then_graph", k->in + 1, n_in, n_out, &then_g) ||
        !sub_graph(k, k->a->graph2, "else_graph", k->in + 1, n_in, n_out, &else_g))
        return false;
    for (uint32_t i = 0; i < n_out; i++)
        if (!nnx_tosa_error_if(
                k, !nnx_desc_equal(&then_g->values[then_g->results[i]].desc, &else_g->values[else_g->results[i]].desc),
                "tensor_list_shape(output_list) != tosa_output_shape(then_graph) / (else_graph): the branches' "
                "outputs differ"))
            return false;
    uint32_t scalar[1];
    nnx_operand *cond = nnx_tosa_reshape(k, k->in[0], scalar, 0);
    const nnx_operand **in = nnx_arena_array(&k->t->b->arena, (size_t)n_in + 2, sizeof *in);
    if (!cond || !in)
        return cond ? nnx_tosa_fail(k, NNX_ERROR_OUT_OF_MEMORY, "out of memory") : false;
    in[0] = cond;
    for (uint32_t i = 0; i < n_in; i++)
        in[i + 1] = k->in[i + 1];
    nnx_attrs a = {.cond_if = {then_g, else_g}};
    return nnx_tosa_node_n(k, NNX_OP_COND_IF, in, n_in + 1, &a, n_out, k->out);
}

static bool cond_if(nnx_tosa_call *k)
{
    nnx_tosa *t = k->t;
    uint32_t n_in = k->n_in - 1, n_out = k->n_out;
    if (!lists(k, n_in, n_out) || !nesting(k) ||
        !nnx_tosa_error_if(k, nnx_tosa_elements(k, 0) != 1, "tensor_size(shape) != 1 (the condition)") ||
        !nnx_tosa_error_if(k, !k->a->graph1 || !k->a->graph2, "then_graph or else_graph is absent"))
        return false;
    if (t->n_vars == 0) /* no variable a branch could read or write: the core conditional */
        return cond_if_core(k, n_in, n_out);
    size_t n = (size_t)t->n_vars + 1;
    var_state *before = nnx_arena_array(&t->b->arena, n, sizeof *before);
    uint32_t *then_cur = nnx_arena_array(&t->b->arena, n, sizeof *then_cur);
    nnx_operand **tout = nnx_arena_array(&t->b->arena, (size_t)n_out + 1, sizeof *tout);
    nnx_operand **eout = nnx_arena_array(&t->b->arena, (size_t)n_out + 1, sizeof *eout);
    if (!before || !then_cur || !tout || !eout)
        return nnx_tosa_fail(k, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    uint32_t n_vars = t->n_vars, n_updates = t->b->ir.n_updates;
    save(t, before);
    if (!run_graph(k, k->a->graph1, "then_graph", k->in + 1, n_in, tout, n_out))
        return false;
    for (uint32_t i = 0; i < n_vars; i++)
        then_cur[i] = t->vars[i].current;
    restore(t, before, n_vars, n_updates);
    if (!run_graph(k, k->a->graph2, "else_graph", k->in + 1, n_in, eout, n_out))
        return false;
    for (uint32_t i = 0; i < n_out; i++)
        if (!nnx_tosa_error_if(k, !nnx_desc_equal(&tout[i]->desc, &eout[i]->desc),
                               "tensor_list_shape(output_list) != tosa_output_shape(then_graph) / (else_graph): the "
                               "branches' outputs differ"))
            return false;
    uint32_t scalar[1];
    nnx_operand *cond = nnx_tosa_reshape(k, k->in[0], scalar, 0);
    if (!cond || !merge_vars(k, cond, before, then_cur, n_vars))
        return false;
    for (uint32_t i = 0; i < n_out; i++)
        if (!(k->out[i] = select(k, cond, tout[i], eout[i])))
            return false;
    return true;
}

/* ---------------------------------------------------------------- WHILE_LOOP, CUSTOM */

/* A WHILE_LOOP sub-graph: fn builds it on a builder of its own (one nesting level deeper,
 * the session's level and profiles) from parameters typed as the input list; the result is
 * frozen into the top-level builder's graph (src/ops/while_loop.h). */
static bool sub_graph(nnx_tosa_call *k, nnx_tosa_graph_fn fn, const char *name, nnx_operand *const *in, uint32_t n_in,
                      uint32_t n_res, nnx_subgraph **out)
{
    nnx_tosa *t = k->t;
    nnx_builder *sb = NULL;
    if (nnx_builder_create(t->b->ctx, &sb) != NNX_OK)
        return nnx_tosa_fail(k, NNX_ERROR_OUT_OF_MEMORY, "%s: out of memory", name);
    nnx_tosa *st = nnx_tosa_begin(sb, NULL);
    uint32_t *pid = nnx_arena_array(&sb->arena, (size_t)n_in + 1, sizeof *pid);
    uint32_t *rid = nnx_arena_array(&sb->arena, (size_t)n_res + 1, sizeof *rid);
    nnx_operand **par = nnx_arena_array(&sb->arena, (size_t)n_in + 1, sizeof *par);
    nnx_operand **res = nnx_arena_array(&sb->arena, (size_t)n_res + 1, sizeof *res);
    bool ok = st && pid && rid && par && res;
    if (ok) {
        st->profiles = t->profiles, st->level = t->level, st->depth = t->depth + 1, st->root = t->root;
        st->usage = t->usage;
        for (uint32_t i = 0; i < n_in && ok; i++) {
            char pname[24];
            snprintf(pname, sizeof pname, "p%u", i);
            par[i] = nnx_builder_input(sb, pname, &in[i]->desc);
            ok = par[i] != &sb->poison;
            pid[i] = par[i]->value;
        }
        for (uint32_t r = 0; r < n_res; r++)
            res[r] = &sb->poison;
        ok = ok && fn(st, k->a->user, par, n_in, res, n_res) && sb->err.status == NNX_OK;
    }
    if (!ok) {
        const char *m = sb->err.message;
        bool nested = sb->err.status != NNX_OK &&
            (strncmp(m, "TOSA COND_IF: ", 14) == 0 || strncmp(m, "TOSA WHILE_LOOP: ", 17) == 0);
        if (nested && t->b->err.status == NNX_OK)
            t->b->err = sb->err; /* named once, by the innermost control-flow operator */
        else if (!nested)
            nnx_tosa_fail(k, sb->err.status != NNX_OK ? sb->err.status : NNX_ERROR_INVALID_ARGUMENT, "%s: %s", name,
                          sb->err.status != NNX_OK ? m : "the sub-graph failed");
        nnx_builder_destroy(sb);
        return false;
    }
    for (uint32_t r = 0; r < n_res; r++) {
        if (!res[r] || res[r]->builder != sb || res[r]->value == NNX_NONE) {
            nnx_builder_destroy(sb);
            return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "%s: output %u is not an operand of the sub-graph",
                                 name, r);
        }
        rid[r] = res[r]->value;
    }
    nnx_error why = {0};
    *out = nnx_subgraph_freeze(&t->root->ir.arena, t->root->ir.alloc, &sb->ir, pid, n_in, rid, n_res, &why);
    nnx_builder_destroy(sb);
    return *out ? true : nnx_tosa_fail(k, why.status, "%s: %s", name, why.message);
}

static bool while_loop(nnx_tosa_call *k)
{
    if (!lists(k, k->n_in, k->n_out) || !nesting(k) ||
        !nnx_tosa_error_if(k, k->n_in != k->n_out, "tensor_list_shape(input_list) != tensor_list_shape(output_list)") ||
        !nnx_tosa_error_if(k, !k->a->graph1 || !k->a->graph2, "cond_graph or body_graph is absent"))
        return false;
    nnx_subgraph *cond, *body;
    if (!sub_graph(k, k->a->graph1, "cond_graph", k->in, k->n_in, 1, &cond) ||
        !sub_graph(k, k->a->graph2, "body_graph", k->in, k->n_in, k->n_in, &body))
        return false;
    const nnx_operand_desc *c = &cond->values[cond->results[0]].desc;
    uint64_t n = 0;
    nnx_desc_elements(c, &n);
    if (!nnx_tosa_error_if(k, n != 1, "tensor_size(tosa_output_shape(cond_graph)) != 1") ||
        !nnx_tosa_error_if(k, c->dtype != NNX_BOOL, "tosa_output_type(cond_graph) != bool_t"))
        return false;
    for (uint32_t i = 0; i < k->n_in; i++)
        if (!nnx_tosa_error_if(k, !nnx_desc_equal(&body->values[body->results[i]].desc, nnx_tosa_desc(k, i)),
                               "tensor_list_shape(input_list) != tosa_output_shape(body_graph)"))
            return false;
    nnx_attrs a = {.loop = {cond, body}};
    return nnx_tosa_node_n(k, NNX_OP_WHILE_LOOP, (const nnx_operand *const *)k->in, k->n_in, &a, k->n_out, k->out);
}

static bool custom(nnx_tosa_call *k)
{
    const char *op = k->a->operator_name ? k->a->operator_name : "", *dom = k->a->domain_name ? k->a->domain_name : "";
    if (!lists(k, k->n_in, k->n_out))
        return false;
    return nnx_tosa_fail(
        k, NNX_ERROR_NOT_SUPPORTED,
        "no custom operator '%.64s' of domain '%.64s' is registered (CUSTOM is implementation-defined)", op, dom);
}

bool nnx_tosa_flow(nnx_tosa_call *k)
{
    switch (k->op) {
    case NNX_TOSA_COND_IF: return cond_if(k);
    case NNX_TOSA_WHILE_LOOP: return while_loop(k);
    case NNX_TOSA_VARIABLE: return variable(k);
    case NNX_TOSA_VARIABLE_WRITE: return variable_write(k);
    case NNX_TOSA_VARIABLE_READ: return variable_read(k);
    case NNX_TOSA_CUSTOM: return custom(k);
    default: return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "not a control-flow or variable operator");
    }
}
