/* onnx_write_flow.c — the ONNX writer's control flow: cond_if as If (branches take no inputs,
 * so each reads the node's inputs by their outer names), while_loop as Loop (the condition
 * sub-graph written before the Loop for the first test and again at the end of the body).
 * Sub-graph constants are main-graph initializers, which sub-graphs may read (ONNX IR,
 * "Names Within a Graph"). */
#include "formats/onnx/onnx_write.h"
#include "ops/subgraph.h"

#include <stdio.h>
#include <string.h>

typedef struct node_list {
    Onnx__NodeProto **nodes;
    uint32_t n_nodes, cap_nodes;
} node_list;

/* Starts a new node list for a sub-graph, keeping the current one in *saved. */
static void begin_list(nnx_onnx_writer *W, node_list *saved)
{
    *saved = (node_list){W->nodes, W->n_nodes, W->cap_nodes};
    W->nodes = NULL;
    W->n_nodes = W->cap_nodes = 0;
}

/* Ends the sub-graph's list: its nodes (in the arena) into *nodes / *n; the saved list back. */
static bool end_list(nnx_onnx_writer *W, const node_list *saved, Onnx__NodeProto ***nodes, size_t *n)
{
    *n = W->n_nodes;
    *nodes = W->n_nodes ? nnx_arena_memdup(&W->arena, W->nodes, W->n_nodes * sizeof *W->nodes) : NULL;
    nnx_mem_free(W->alloc, W->nodes);
    W->nodes = saved->nodes;
    W->n_nodes = saved->n_nodes;
    W->cap_nodes = saved->cap_nodes;
    return (*nodes || !*n) || nnx_onnx_w_oom(W);
}

/* Writes g's nodes into the current list, its parameters named param[k]; the names of its
 * results into res[]. */
static bool walk(nnx_onnx_writer *W, const nnx_subgraph *g, const char *const *param, const char **res)
{
    nnx_ir view = {
        .alloc = W->alloc, .values = g->values, .n_values = g->n_values, .nodes = g->nodes, .n_nodes = g->n_nodes};
    const nnx_ir *outer_ir = W->ir;
    const char **outer_names = W->vname;
    const nnx_node *outer_cur = W->cur;
    const char **vn = nnx_mem_calloc(W->alloc, g->n_values ? g->n_values : 1, sizeof *vn);
    if (!vn)
        return nnx_onnx_w_oom(W);
    W->ir = &view;
    W->vname = vn;
    for (uint32_t i = 0; i < g->n_params; i++)
        vn[g->params[i]] = param[i];
    bool ok = true;
    for (uint32_t i = 0; i < g->n_nodes && ok; i++) {
        W->cur = &g->nodes[i];
        ok = nnx_onnx_w_op(W, W->cur);
    }
    W->cur = outer_cur;
    for (uint32_t k = 0; k < g->n_results && ok; k++)
        ok = (res[k] = nnx_onnx_w_in(W, g->results[k])) != NULL;
    W->ir = outer_ir;
    W->vname = outer_names;
    nnx_mem_free(W->alloc, vn);
    return ok;
}

/* Identity(from) -> a fresh name from hint, declared as a graph output of type d. */
static Onnx__ValueInfoProto *graph_output(nnx_onnx_writer *W, const char *from, const char *hint,
                                          const nnx_operand_desc *d)
{
    const char *o = nnx_onnx_w_fresh(W, hint);
    if (!o || !nnx_onnx_w_node(W, "Identity", &from, 1, &o, 1))
        return NULL;
    return nnx_onnx_w_value_info(W, o, d, "sub-graph output");
}

/* x reshaped to a scalar (Loop's condition is a rank-0 bool). */
static const char *to_scalar(nnx_onnx_writer *W, const char *x, const char *hint)
{
    const int64_t none = 0;
    const char *in[2] = {x, nnx_onnx_w_i64s(W, "scalar_shape", &none, 0)}, *out = nnx_onnx_w_fresh(W, hint);
    return nnx_onnx_w_node(W, "Reshape", in, 2, &out, 1) ? out : NULL;
}

static Onnx__GraphProto *new_graph(nnx_onnx_writer *W, const char *hint)
{
    Onnx__GraphProto *g = nnx_arena_alloc(&W->arena, sizeof *g);
    const char *name = nnx_onnx_w_fresh(W, hint);
    if (!g || !name) {
        nnx_onnx_w_oom(W);
        return NULL;
    }
    onnx__graph_proto__init(g);
    g->name = (char *)name;
    return g;
}

/* A branch of If: no inputs, g's parameters read as the node's inputs after the condition. */
static Onnx__GraphProto *branch(nnx_onnx_writer *W, const nnx_node *n, const nnx_subgraph *g, const char *hint)
{
    nnx_arena *A = &W->arena;
    const char **param = nnx_arena_array(A, g->n_params + 1, sizeof *param);
    const char **res = nnx_arena_array(A, g->n_results + 1, sizeof *res);
    Onnx__ValueInfoProto **outs = nnx_arena_array(A, g->n_results + 1, sizeof *outs);
    Onnx__GraphProto *gp = new_graph(W, hint);
    if (!param || !res || !outs || !gp)
        return (nnx_onnx_w_oom(W), NULL);
    for (uint32_t k = 0; k < g->n_params; k++)
        if (!(param[k] = nnx_onnx_w_in(W, n->in[1 + k])))
            return NULL;
    node_list saved;
    begin_list(W, &saved);
    bool ok = walk(W, g, param, res);
    char buf[160];
    for (uint32_t k = 0; k < g->n_results && ok; k++) {
        snprintf(buf, sizeof buf, "%.120s_out%u", gp->name, k);
        ok = (outs[k] = graph_output(W, res[k], buf, &g->values[g->results[k]].desc)) != NULL;
    }
    if (!end_list(W, &saved, &gp->node, &gp->n_node) || !ok)
        return NULL;
    gp->n_output = g->n_results;
    gp->output = outs;
    return gp;
}

/* A scalar graph input of type dt named from hint. */
static Onnx__ValueInfoProto *scalar_input(nnx_onnx_writer *W, const char *hint, nnx_dtype dt, const char **name)
{
    nnx_operand_desc d = {.dtype = dt, .rank = 0};
    *name = nnx_onnx_w_fresh(W, hint);
    return *name ? nnx_onnx_w_value_info(W, *name, &d, "sub-graph input") : NULL;
}

/* Loop's body: (iteration, condition, state...) -> (cond(body(state)), body(state)...). */
static Onnx__GraphProto *loop_body(nnx_onnx_writer *W, const nnx_subgraph *cond, const nnx_subgraph *body)
{
    nnx_arena *A = &W->arena;
    uint32_t ns = body->n_params;
    const char **state = nnx_arena_array(A, ns + 1, sizeof *state);
    const char **next = nnx_arena_array(A, body->n_results + 1, sizeof *next);
    const char *c_res[1] = {NULL}, *iter, *c_in;
    Onnx__ValueInfoProto **ins = nnx_arena_array(A, ns + 2, sizeof *ins);
    Onnx__ValueInfoProto **outs = nnx_arena_array(A, body->n_results + 1, sizeof *outs);
    Onnx__GraphProto *gp = new_graph(W, "body");
    if (!state || !next || !ins || !outs || !gp)
        return (nnx_onnx_w_oom(W), NULL);
    if (!(ins[0] = scalar_input(W, "iteration", NNX_INT64, &iter)) ||
        !(ins[1] = scalar_input(W, "condition", NNX_BOOL, &c_in)))
        return NULL;
    for (uint32_t k = 0; k < ns; k++) {
        if (!(state[k] = nnx_onnx_w_fresh(W, "state")) ||
            !(ins[2 + k] = nnx_onnx_w_value_info(W, state[k], &body->values[body->params[k]].desc, "state")))
            return NULL;
    }
    node_list saved;
    begin_list(W, &saved);
    bool ok = walk(W, body, state, next) && walk(W, cond, next, c_res);
    const char *c_out = ok ? to_scalar(W, c_res[0], "condition_next") : NULL;
    nnx_operand_desc bd = {.dtype = NNX_BOOL, .rank = 0};
    ok = c_out && (outs[0] = nnx_onnx_w_value_info(W, c_out, &bd, "condition")) != NULL;
    for (uint32_t k = 0; k < body->n_results && ok; k++)
        ok = (outs[1 + k] = graph_output(W, next[k], "state_next", &body->values[body->results[k]].desc)) != NULL;
    if (!end_list(W, &saved, &gp->node, &gp->n_node) || !ok)
        return NULL;
    gp->n_input = ns + 2;
    gp->input = ins;
    gp->n_output = body->n_results + 1;
    gp->output = outs;
    return gp;
}

bool nnx_onnx_w_flow(nnx_onnx_writer *W, const nnx_node *n, const char *op_type)
{
    nnx_arena *A = &W->arena;
    const char **out = nnx_arena_array(A, n->n_out + 1, sizeof *out);
    const char **in = nnx_arena_array(A, n->n_in + 2, sizeof *in);
    if (!out || !in)
        return nnx_onnx_w_oom(W);
    if (n->op == NNX_OP_COND_IF) {
        Onnx__GraphProto *then_g = branch(W, n, n->attrs.cond_if.then_g, "then_branch");
        Onnx__GraphProto *else_g = then_g ? branch(W, n, n->attrs.cond_if.else_g, "else_branch") : NULL;
        if (!else_g)
            return false;
        in[0] = nnx_onnx_w_in(W, n->in[0]);
        for (uint32_t k = 0; k < n->n_out; k++)
            out[k] = nnx_onnx_w_out(W, n->out[k]);
        Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, in, 1, out, n->n_out);
        return o && nnx_onnx_w_attr_g(W, o, "then_branch", then_g) && nnx_onnx_w_attr_g(W, o, "else_branch", else_g);
    }
    /* while_loop: the first test written out before the Loop, on the initial state */
    const nnx_subgraph *cond = n->attrs.loop.cond, *body = n->attrs.loop.body;
    for (uint32_t k = 0; k < n->n_in; k++)
        if (!(in[2 + k] = nnx_onnx_w_in(W, n->in[k])))
            return false;
    const char *c0[1] = {NULL};
    if (!walk(W, cond, in + 2, c0) || !(in[1] = to_scalar(W, c0[0], "condition")))
        return false;
    in[0] = ""; /* no trip count: the condition alone ends the loop */
    Onnx__GraphProto *bg = loop_body(W, cond, body);
    if (!bg)
        return false;
    for (uint32_t k = 0; k < n->n_out; k++)
        out[k] = nnx_onnx_w_out(W, n->out[k]);
    Onnx__NodeProto *o = nnx_onnx_w_node(W, op_type, in, n->n_in + 2, out, n->n_out);
    return o && nnx_onnx_w_attr_g(W, o, "body", bg);
}
