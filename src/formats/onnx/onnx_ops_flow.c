/* onnx_ops_flow.c — sub-graph scopes (onnx_internal.h: a graph attribute mapped into a core
 * graph of its own, its outer values captured as extra inputs, or inlined into the enclosing
 * graph) and ONNX If (ONNX Operators, If) on core cond_if. An If whose condition is a
 * load-time constant is inlined: only the chosen branch is mapped, into the outer graph (so
 * the shape-dependent Ifs of exported models cost nothing), and so is one whose condition is
 * known (computed at load) when a branch cannot be compiled on its own. */
#include "formats/onnx/onnx_build.h"

#include "base/alloc.h"
#include "ops/graph_build.h"
#include "ops/subgraph.h"

#include <stdio.h>

/* ---------------------------------------------------------------- scopes */

nnx_status ox_scope_open(ox *parent, bool inlined, ox_scope *s)
{
    memset(s, 0, sizeof *s);
    if (parent->depth >= OX_MAX_DEPTH)
        return ox_fail(parent, NNX_ERROR_NOT_SUPPORTED, "sub-graphs are nested more than %d deep", OX_MAX_DEPTH);
    if (!inlined)
        nnx_ir_init(&s->ir, parent->ir->alloc);
    s->c = (ox){.m = parent->m,
                .ir = inlined ? parent->ir : &s->ir,
                .path = parent->path,
                .dir = parent->dir,
                .main_graph = parent->main_graph,
                .options = parent->options,
                /* known inputs are the top graph's: an own graph names its values afresh */
                .known = inlined ? parent->known : NULL,
                .n_known = inlined ? parent->n_known : 0,
                .opset = parent->opset,
                .ml_opset = parent->ml_opset,
                .label = parent->label,
                .parent = parent,
                .depth = parent->depth + 1,
                .inlined = inlined,
                .seqs = parent->seqs,
                .strs = parent->strs};
    nnx_strmap_init(&s->c.values, parent->ir->alloc, false);
    return NNX_OK;
}

void ox_scope_close(ox_scope *s)
{
    const nnx_alloc *a = s->c.ir ? s->c.ir->alloc : NULL;
    if (!a)
        return;
    nnx_strmap_free(&s->c.values);
    for (uint32_t v = 0; v < s->c.cache_cap; v++)
        nnx_mem_free_aligned(a, s->c.cache[v]);
    nnx_mem_free(a, s->c.cache);
    nnx_mem_free(a, s->c.cap_outer);
    nnx_mem_free(a, s->c.cap_inner);
    if (!s->c.inlined)
        nnx_ir_free(&s->ir);
    s->c.ir = NULL;
}

nnx_status ox_scope_param(ox_scope *s, const char *name, const nnx_operand_desc *desc, uint32_t *id)
{
    nnx_error e = {0};
    nnx_status st = nnx_ir_add_input(s->c.ir, name && name[0] ? name : "param", desc, id, &e);
    if (st != NNX_OK)
        return ox_fail(&s->c, st, "input '%s': %s", name ? name : "", e.message);
    return ox_define(&s->c, name, *id);
}

nnx_status ox_scope_results(ox_scope *s, const Onnx__GraphProto *g, uint32_t *res)
{
    for (size_t k = 0; k < g->n_output; k++) {
        const char *name = g->output[k]->name ? g->output[k]->name : "";
        if (!ox_lookup(&s->c, name, &res[k]))
            return ox_fail(&s->c, NNX_ERROR_INVALID_ARGUMENT, "output '%s' is not defined", name);
        if (ox_is_seq(res[k]) && !s->c.inlined)
            return ox_fail(&s->c, NNX_ERROR_NOT_SUPPORTED,
                           "output '%s' is a sequence or optional: only a sub-graph inlined at load time (a known "
                           "condition, a known trip count) may return one",
                           name);
    }
    return NNX_OK;
}

nnx_status ox_scope_inline(ox *c, const Onnx__GraphProto *g, const uint32_t *args, uint32_t *res, const char *what)
{
    ox_scope s;
    nnx_status st = ox_scope_open(c, true, &s);
    for (size_t k = 0; st == NNX_OK && args && k < g->n_input; k++)
        st = ox_define(&s.c, g->input[k]->name, args[k]);
    if (st == NNX_OK)
        st = ox_map_graph(&s.c, g);
    if (st == NNX_OK)
        st = ox_scope_results(&s, g, res);
    if (st != NNX_OK && c->nerr.status == NNX_OK)
        ox_fail(c, st, "%s: %s", what, s.c.nerr.message);
    ox_scope_close(&s);
    return st;
}

nnx_status ox_scope_capture_of(ox_scope *s, uint32_t outer, uint32_t *id)
{
    for (uint32_t k = 0; k < s->c.n_cap; k++)
        if (s->c.cap_outer[k] == outer) {
            *id = s->c.cap_inner[k];
            return NNX_OK;
        }
    return ox_add_capture(&s->c, "capture", outer, id);
}

nnx_status ox_scope_freeze(ox_scope *s, const uint32_t *params, uint32_t n_params, const uint32_t *results,
                           uint32_t n_results, const nnx_subgraph **out)
{
    nnx_error e = {0};
    nnx_ir *root = &s->c.m->ir;
    *out = nnx_subgraph_freeze(&root->arena, root->alloc, s->c.ir, params, n_params, results, n_results, &e);
    return *out ? NNX_OK : ox_fail(&s->c, e.status, "%s", e.message);
}

/* ---------------------------------------------------------------- If */

/* Builds branch g into a graph of its own; res[g->n_output] are its results. */
static nnx_status build_branch(ox *c, const Onnx__GraphProto *g, const char *which, ox_scope *s, uint32_t *res)
{
    nnx_status st = ox_scope_open(c, false, s);
    if (st == NNX_OK)
        st = ox_map_graph(&s->c, g);
    if (st == NNX_OK)
        st = ox_scope_results(s, g, res);
    if (st != NNX_OK && c->nerr.status == NNX_OK)
        ox_fail(c, st, "%s: %s", which, s->c.nerr.message);
    return st;
}

/* The sub-graph of a branch: parameters = the node's inputs after the condition (outer[]),
 * each the branch's capture of it (an unused input where the branch names none). */
static nnx_status freeze_branch(ox *c, ox_scope *s, const char *which, const uint32_t *outer, uint32_t n_outer,
                                const uint32_t *res, uint32_t n_res, const nnx_subgraph **out)
{
    uint32_t *params = ox_calloc(c, (size_t)n_outer + 1, sizeof *params);
    if (!params)
        return c->nerr.status;
    nnx_status st = NNX_OK;
    for (uint32_t k = 0; st == NNX_OK && k < n_outer; k++)
        st = ox_scope_capture_of(s, outer[k], &params[k]);
    if (st == NNX_OK)
        st = ox_scope_freeze(s, params, n_outer, res, n_res, out);
    if (st != NNX_OK && c->nerr.status == NNX_OK)
        ox_fail(c, st, "%s: %s", which, s->c.nerr.message);
    nnx_mem_free(c->ir->alloc, params);
    return st;
}

/* ONNX Operators, If: cond (a one-element bool tensor), then_branch and else_branch graphs
 * with no inputs, naming outer values freely; the node's outputs are the chosen branch's. */
nnx_status nnx_onnx_op_if(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    (void)n_in;
    const Onnx__AttributeProto *ta = ox_attr(n, "then_branch"), *ea = ox_attr(n, "else_branch");
    if (!ta || !ta->g || !ea || !ea->g)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the then_branch and else_branch graphs are required");
    const Onnx__GraphProto *g[2] = {ta->g, ea->g};
    static const char *const which[2] = {"then_branch", "else_branch"};
    nnx_operand_desc cd = ox_desc(c, in[0]);
    uint64_t count = 0;
    if (cd.dtype != NNX_BOOL || !nnx_desc_elements(&cd, &count) || count != 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the condition is %s, not a one-element bool",
                       nnx_desc_format(&cd, (char[96]){0}, 96));
    if (g[0]->n_output != n->n_output || g[1]->n_output != n->n_output)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the node has %zu outputs, then_branch %zu, else_branch %zu",
                       n->n_output, g[0]->n_output, g[1]->n_output);
    /* branches returning sequences or optionals (load-time structures) need the condition
     * known at load: the chosen one is inlined */
    bool structures = false;
    for (int b = 0; b < 2; b++)
        for (size_t k = 0; k < g[b]->n_output; k++) {
            const Onnx__TypeProto *t = g[b]->output[k]->type;
            structures |= t &&
                (t->value_case == ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE ||
                 t->value_case == ONNX__TYPE_PROTO__VALUE_OPTIONAL_TYPE);
        }
    if (structures && ox_known(c, in[0]) && c->ir->values[in[0]].kind != NNX_VALUE_CONSTANT) {
        bool t = *(const unsigned char *)ox_known(c, in[0]) != 0;
        return ox_scope_inline(c, g[t ? 0 : 1], NULL, out, which[t ? 0 : 1]);
    }
    if (c->ir->values[in[0]].kind == NNX_VALUE_CONSTANT)
        return ox_scope_inline(c, g[*(const unsigned char *)c->ir->values[in[0]].data ? 0 : 1], NULL, out,
                               which[*(const unsigned char *)c->ir->values[in[0]].data ? 0 : 1]);

    uint32_t n_out = (uint32_t)n->n_output;
    ox_scope s[2];
    memset(s, 0, sizeof s);
    uint32_t *res = ox_calloc(c, 2 * (size_t)n_out + 1, sizeof *res);
    uint32_t *outer = NULL, n_outer = 0;
    nnx_status st = res ? NNX_OK : c->nerr.status;
    bool choose = false; /* the branches differ but the condition is known: inline one */
    for (int b = 0; b < 2 && st == NNX_OK; b++)
        st = build_branch(c, g[b], which[b], &s[b], res + b * n_out);
    /* a branch that cannot be compiled on its own (a node in it needs a run-time value, as
     * Unique in torchvision's scripted batched_nms) is no obstacle when the condition is
     * known: only the chosen branch is mapped, inlined, where the values it needs are known
     * too (a staged model computes such an If from its inputs' values) */
    if (st != NNX_OK && st != NNX_ERROR_OUT_OF_MEMORY && ox_known(c, in[0])) {
        nnx_error_clear(&c->nerr);
        st = NNX_OK;
        choose = true;
    }
    /* branches whose outputs differ: the condition's value must be known to choose one */
    for (uint32_t k = 0; st == NNX_OK && !choose && k < n_out; k++) {
        const nnx_operand_desc *dt = &s[0].ir.values[res[k]].desc, *de = &s[1].ir.values[res[n_out + k]].desc;
        if (nnx_desc_equal(dt, de))
            continue;
        if (ox_known(c, in[0])) {
            choose = true; /* inlined below, once the scopes are closed */
            break;
        }
        char a[96], b[96];
        st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                     "If '%s': output %u is %s in then_branch but %s in else_branch, and the condition is not known "
                     "at load time",
                     c->label, k, nnx_desc_format(dt, a, sizeof a), nnx_desc_format(de, b, sizeof b));
    }
    if (st == NNX_OK && !choose) { /* the node's inputs after the condition: both branches' captures */
        outer = ox_calloc(c, (size_t)s[0].c.n_cap + s[1].c.n_cap + 2, sizeof *outer);
        st = outer ? NNX_OK : c->nerr.status;
        for (int b = 0; b < 2 && st == NNX_OK; b++)
            for (uint32_t k = 0; k < s[b].c.n_cap; k++) {
                bool seen = false;
                for (uint32_t j = 0; j < n_outer && !seen; j++)
                    seen = outer[j] == s[b].c.cap_outer[k];
                if (!seen)
                    outer[n_outer++] = s[b].c.cap_outer[k];
            }
    }
    nnx_attrs a = {.cond_if = {NULL, NULL}};
    for (int b = 0; b < 2 && st == NNX_OK && !choose; b++)
        st = freeze_branch(c, &s[b], which[b], outer, n_outer, res + b * n_out, n_out,
                           b ? &a.cond_if.else_g : &a.cond_if.then_g);
    for (int b = 0; b < 2; b++)
        ox_scope_close(&s[b]);
    if (st == NNX_OK && choose) {
        bool t = *(const unsigned char *)ox_known(c, in[0]) != 0;
        st = ox_scope_inline(c, g[t ? 0 : 1], NULL, out, which[t ? 0 : 1]);
    } else if (st == NNX_OK) {
        uint32_t *node_in = ox_calloc(c, (size_t)n_outer + 2, sizeof *node_in);
        st = node_in ? NNX_OK : c->nerr.status;
        if (st == NNX_OK) {
            node_in[0] = in[0];
            memcpy(node_in + 1, outer, (size_t)n_outer * sizeof *outer);
            uint32_t first;
            st = ox_node(c, NNX_OP_COND_IF, node_in, n_outer + 1, &a, n_out, &first);
            for (uint32_t k = 0; st == NNX_OK && k < n_out; k++)
                out[k] = first + k;
        }
        nnx_mem_free(c->ir->alloc, node_in);
    }
    nnx_mem_free(c->ir->alloc, res);
    nnx_mem_free(c->ir->alloc, outer);
    return st;
}
