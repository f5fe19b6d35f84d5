/* onnx_ops_loop.c — ONNX Loop and Scan (ONNX Operators, Loop; Scan) lowered onto core
 * while_loop. The loop's state is (iteration int64, condition bool, trip count int64, the
 * loop-carried values, the body's captured outer values, the scan-output accumulators):
 * the frozen condition graph is `iteration < trip count and condition`, the frozen body is
 * the ONNX body plus the bookkeeping (iteration + 1, the scan inputs' slices gathered at the
 * iteration, each scan output written into its accumulator [trips, ...] with scatter_nd).
 * Accumulators need the trip count at load time and a loop that cannot stop early. */
#include "formats/onnx/onnx_build.h"

#include "base/alloc.h"
#include "ops/graph_build.h"
#include "ops/subgraph.h"

#include <inttypes.h>
#include <stdio.h>

/* What a Loop or Scan node asks of the lowering. */
typedef struct ox_loop {
    const Onnx__GraphProto *body;
    bool is_loop;    /* body inputs (iteration, condition, carried...), outputs (condition, ...) */
    uint32_t m0;     /* outer rank-0 int64 trip count */
    uint32_t cond0;  /* outer rank-0 bool condition */
    bool cond0_true; /* the initial condition is known true */
    int64_t trips;   /* the trip count if known at load time, else -1 */
    uint32_t n_carried;
    const uint32_t *carried;
    uint32_t n_scan_in; /* Scan: inputs sliced per iteration along in_axis (reversed: in_rev) */
    const uint32_t *scan_in, *in_axis;
    const bool *in_rev;
    uint32_t n_scan_out;      /* outputs stacked along out_axis (reversed: out_rev) */
    const uint32_t *out_axis; /* Loop: 0 */
    const bool *out_rev;
    const int64_t *out_axis_attr; /* Scan: the ONNX axes (negative: from the end), else NULL */
} ox_loop;

#define OX_LOOP_LEAD 3 /* iteration, condition, trip count */

/* The index of this iteration along a scanned axis: i, or trips - 1 - i when reversed. */
static nnx_status step_index(ox *c, uint32_t iter, uint32_t trips, bool reverse, uint32_t *idx)
{
    if (!reverse) {
        *idx = iter;
        return NNX_OK;
    }
    uint32_t t;
    CHECK(bin(c, NNX_OP_SUB, trips, iter, &t));
    return bin_scalar(c, NNX_OP_SUB, t, 1, idx);
}

/* The condition graph: state -> iteration < trip count and condition. */
static nnx_status cond_graph(ox *c, const nnx_subgraph *body, const nnx_subgraph **out)
{
    nnx_ir g;
    nnx_ir_init(&g, c->ir->alloc);
    nnx_error e = {0};
    nnx_status st = NNX_OK;
    uint32_t *p = ox_calloc(c, (size_t)body->n_params + 1, sizeof *p);
    if (!p)
        st = c->nerr.status;
    for (uint32_t k = 0; st == NNX_OK && k < body->n_params; k++)
        st = nnx_ir_add_input(&g, "state", &body->values[body->params[k]].desc, &p[k], &e);
    uint32_t less, go, in[2];
    if (st == NNX_OK)
        st = nnx_ir_add_node(&g, NNX_OP_LESS, (in[0] = p[0], in[1] = p[2], in), 2, NULL, 1, "", &less, &e);
    if (st == NNX_OK)
        st = nnx_ir_add_node(&g, NNX_OP_LOGICAL_AND, (in[0] = less, in[1] = p[1], in), 2, NULL, 1, "", &go, &e);
    nnx_ir *root = &c->m->ir;
    if (st == NNX_OK && !(*out = nnx_subgraph_freeze(&root->arena, root->alloc, &g, p, body->n_params, &go, 1, &e)))
        st = e.status;
    if (st != NNX_OK && c->nerr.status == NNX_OK)
        ox_fail(c, st, "the loop condition: %s", e.message);
    nnx_mem_free(c->ir->alloc, p);
    nnx_ir_free(&g);
    return st;
}

/* Builds the body scope: formal inputs, scan slices, the ONNX body, the bookkeeping; then
 * freezes it with params / results in state order. */
static nnx_status build_body(ox *c, const ox_loop *L, ox_scope *s, const nnx_subgraph **body)
{
    const Onnx__GraphProto *b = L->body;
    ox *sc = &s->c;
    uint32_t lead_in = L->is_loop ? 2 : 0, lead_out = L->is_loop ? 1 : 0;
    if (b->n_input != lead_in + L->n_carried + L->n_scan_in)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the body has %zu inputs, the node gives %u", b->n_input,
                       lead_in + L->n_carried + L->n_scan_in);
    if (b->n_output != lead_out + L->n_carried + L->n_scan_out)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the body has %zu outputs, the node needs %u", b->n_output,
                       lead_out + L->n_carried + L->n_scan_out);
    nnx_operand_desc i64 = {NNX_INT64, 0, {0}}, b1 = {NNX_BOOL, 0, {0}};
    uint32_t iter, cond, trips;
    uint32_t *carried_p = ox_calloc(c, (size_t)L->n_carried + 1, sizeof *carried_p);
    uint32_t *res = ox_calloc(c, b->n_output + 1, sizeof *res);
    if (!carried_p || !res) {
        nnx_mem_free(c->ir->alloc, carried_p);
        nnx_mem_free(c->ir->alloc, res);
        return c->nerr.status;
    }
    nnx_status st = ox_scope_param(s, L->is_loop && b->input[0]->name ? b->input[0]->name : "", &i64, &iter);
    if (st == NNX_OK)
        st = ox_scope_param(s, L->is_loop && b->input[1]->name ? b->input[1]->name : "", &b1, &cond);
    if (st == NNX_OK)
        st = ox_scope_param(s, "", &i64, &trips);
    for (uint32_t k = 0; st == NNX_OK && k < L->n_carried; k++) {
        nnx_operand_desc d = ox_desc(c, L->carried[k]);
        st = ox_scope_param(s, b->input[lead_in + k]->name, &d, &carried_p[k]);
    }
    for (uint32_t j = 0; st == NNX_OK && j < L->n_scan_in; j++) {
        uint32_t full, idx, slice;
        nnx_attrs a = {.axis = {.axis = L->in_axis[j]}};
        st = ox_scope_capture_of(s, L->scan_in[j], &full);
        if (st == NNX_OK)
            st = step_index(sc, iter, trips, L->in_rev[j], &idx);
        if (st == NNX_OK)
            st = ox_node(sc, NNX_OP_GATHER, (uint32_t[]){full, idx}, 2, &a, 1, &slice);
        if (st == NNX_OK)
            st = ox_define(sc, b->input[lead_in + L->n_carried + j]->name, slice);
    }
    if (st == NNX_OK)
        st = ox_map_graph(sc, b);
    if (st == NNX_OK)
        st = ox_scope_results(s, b, res);
    /* accumulators hold one row per iteration: the loop must run its whole trip count, so the
     * condition must start true and the body give it back unchanged or as a constant true */
    if (st == NNX_OK && L->is_loop && L->n_scan_out) {
        const nnx_value *v = &sc->ir->values[res[0]];
        bool stays = res[0] == cond || (v->kind == NNX_VALUE_CONSTANT && v->data && *(const unsigned char *)v->data);
        if (!L->cond0_true || !stays)
            st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                         "Loop '%s': scan outputs of a loop that may stop before its trip count are not supported yet",
                         c->label);
    }
    /* the bookkeeping */
    uint32_t n_cap = sc->n_cap, n_state = OX_LOOP_LEAD + L->n_carried + n_cap + L->n_scan_out;
    uint32_t *params = ox_calloc(c, (size_t)n_state + 1, sizeof *params);
    uint32_t *results = ox_calloc(c, (size_t)n_state + 1, sizeof *results);
    if (!params || !results)
        st = c->nerr.status;
    if (st == NNX_OK) {
        params[0] = iter, params[1] = cond, params[2] = trips;
        results[2] = trips;
        st = bin_scalar(sc, NNX_OP_ADD, iter, 1, &results[0]);
    }
    if (st == NNX_OK && L->is_loop) {
        nnx_operand_desc d = ox_desc(sc, res[0]);
        uint64_t n = 0;
        if (d.dtype != NNX_BOOL || !nnx_desc_elements(&d, &n) || n != 1)
            st = ox_fail(sc, NNX_ERROR_INVALID_ARGUMENT, "the condition output is not a one-element bool");
        else
            st = reshape(sc, res[0], 0, NULL, &results[1]);
    } else if (st == NNX_OK) {
        results[1] = cond;
    }
    for (uint32_t k = 0; st == NNX_OK && k < L->n_carried; k++) {
        nnx_operand_desc want = ox_desc(sc, carried_p[k]), got = ox_desc(sc, res[lead_out + k]);
        char a[96], bb[96];
        if (!nnx_desc_equal(&want, &got))
            st = ox_fail(sc, NNX_ERROR_NOT_SUPPORTED,
                         "loop-carried value %u enters as %s but the body gives %s (a state whose type or shape "
                         "changes between iterations)",
                         k, nnx_desc_format(&want, a, sizeof a), nnx_desc_format(&got, bb, sizeof bb));
        params[OX_LOOP_LEAD + k] = carried_p[k];
        results[OX_LOOP_LEAD + k] = res[lead_out + k];
    }
    for (uint32_t k = 0; st == NNX_OK && k < n_cap; k++)
        params[OX_LOOP_LEAD + L->n_carried + k] = results[OX_LOOP_LEAD + L->n_carried + k] = sc->cap_inner[k];
    for (uint32_t k = 0; st == NNX_OK && k < L->n_scan_out; k++) {
        uint32_t v = res[lead_out + L->n_carried + k], acc, idx, at;
        nnx_operand_desc e = ox_desc(sc, v), d = {e.dtype, e.rank + 1, {0}};
        if (L->trips <= 0 || L->trips > UINT32_MAX || e.rank + 1 > NNX_MAX_RANK) {
            st = ox_fail(sc, NNX_ERROR_NOT_SUPPORTED, "scan output %u: %" PRId64 " iterations of %s cannot be stacked",
                         k, L->trips, nnx_desc_format(&e, (char[96]){0}, 96));
            break;
        }
        d.shape[0] = (uint32_t)L->trips;
        memcpy(d.shape + 1, e.shape, e.rank * sizeof *e.shape);
        uint32_t one = 1;
        st = ox_scope_param(s, "", &d, &acc);
        if (st == NNX_OK)
            st = step_index(sc, iter, trips, L->out_rev[k], &idx);
        if (st == NNX_OK)
            st = reshape(sc, idx, 1, &one, &at);
        if (st == NNX_OK)
            st = ox_node(sc, NNX_OP_SCATTER_ND, (uint32_t[]){acc, at, v}, 3, NULL, 1,
                         &results[OX_LOOP_LEAD + L->n_carried + n_cap + k]);
        params[OX_LOOP_LEAD + L->n_carried + n_cap + k] = acc;
    }
    if (st == NNX_OK)
        st = ox_scope_freeze(s, params, n_state, results, n_state, body);
    if (st != NNX_OK && c->nerr.status == NNX_OK)
        ox_fail(c, st, "body: %s", sc->nerr.message);
    nnx_mem_free(c->ir->alloc, params);
    nnx_mem_free(c->ir->alloc, results);
    nnx_mem_free(c->ir->alloc, carried_p);
    nnx_mem_free(c->ir->alloc, res);
    return st;
}

/* Lowers L: out[0..n_carried) the final carried values, then the stacked scan outputs. */
static nnx_status lower(ox *c, const ox_loop *L, uint32_t *out)
{
    if ((uint64_t)L->n_carried + L->n_scan_out > 64)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "more than 64 outputs");
    ox_scope s;
    const nnx_subgraph *body = NULL, *cond = NULL;
    nnx_status st = ox_scope_open(c, false, &s);
    if (st == NNX_OK)
        st = build_body(c, L, &s, &body);
    uint32_t n_cap = s.c.n_cap, n_state = OX_LOOP_LEAD + L->n_carried + n_cap + L->n_scan_out;
    uint32_t *in = st == NNX_OK ? ox_calloc(c, (size_t)n_state + 1, sizeof *in) : NULL;
    if (st == NNX_OK && !in)
        st = c->nerr.status;
    if (st == NNX_OK)
        st = cond_graph(c, body, &cond);
    if (st == NNX_OK)
        st = ox_scalar(c, NNX_INT64, 0, &in[0]);
    if (st == NNX_OK) {
        in[1] = L->cond0, in[2] = L->m0;
        if (L->n_carried)
            memcpy(in + OX_LOOP_LEAD, L->carried, L->n_carried * sizeof *in);
        if (n_cap) /* no captures: no array */
            memcpy(in + OX_LOOP_LEAD + L->n_carried, s.c.cap_outer, n_cap * sizeof *in);
    }
    for (uint32_t k = 0; st == NNX_OK && k < L->n_scan_out; k++) {
        uint32_t p = body->params[OX_LOOP_LEAD + L->n_carried + n_cap + k];
        nnx_operand_desc d = body->values[p].desc;
        size_t bytes = 0;
        void *zeros = nnx_desc_bytes(&d, &bytes) ? ox_calloc(c, bytes ? bytes : 1, 1) : NULL;
        st = zeros ? ox_const(c, &d, zeros, &in[OX_LOOP_LEAD + L->n_carried + n_cap + k]) : c->nerr.status;
        if (!zeros && st == NNX_OK)
            st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "scan output %u is too large", k);
        nnx_mem_free(c->ir->alloc, zeros);
    }
    uint32_t first = NNX_NONE;
    if (st == NNX_OK) {
        nnx_attrs a = {.loop = {cond, body}};
        bool no_fold = c->no_fold;
        c->no_fold = true; /* a loop runs when the graph runs, never while loading */
        st = ox_node(c, NNX_OP_WHILE_LOOP, in, n_state, &a, n_state, &first);
        c->no_fold = no_fold;
    }
    for (uint32_t k = 0; st == NNX_OK && k < L->n_carried; k++)
        out[k] = first + OX_LOOP_LEAD + k;
    for (uint32_t k = 0; st == NNX_OK && k < L->n_scan_out; k++) {
        uint32_t acc = first + OX_LOOP_LEAD + L->n_carried + n_cap + k, axis = L->out_axis[k];
        nnx_operand_desc d = ox_desc(c, acc);
        if (L->out_axis_attr && (st = axis_of(c, L->out_axis_attr[k], d.rank, &axis)) != NNX_OK)
            break;
        if (axis == 0) {
            out[L->n_carried + k] = acc;
            continue;
        }
        uint32_t perm[NNX_MAX_RANK];
        for (uint32_t i = 0; i < d.rank; i++)
            perm[i] = i < axis ? i + 1 : i == axis ? 0 : i;
        st = transpose(c, acc, perm, &out[L->n_carried + k]);
    }
    if (st != NNX_OK && c->nerr.status == NNX_OK)
        ox_fail(c, st, "%s", s.c.nerr.message);
    nnx_mem_free(c->ir->alloc, in);
    ox_scope_close(&s);
    return st;
}

/* x as a rank-0 tensor of dtype dt (a one-element tensor of it), or `def` if x is absent. */
static nnx_status scalar_input(ox *c, uint32_t x, nnx_dtype dt, const char *what, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    uint64_t n = 0;
    if (d.dtype != dt || !nnx_desc_elements(&d, &n) || n != 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s is %s, not a one-element %s", what,
                       nnx_desc_format(&d, (char[96]){0}, 96), nnx_dtype_name(dt));
    return reshape(c, x, 0, NULL, y);
}

/* ONNX Operators, Loop: inputs M (optional trip count), cond (optional), the loop-carried
 * values; body (iteration, condition, carried...) -> (condition, carried..., scan...). The
 * outputs are the final carried values, then each scan output stacked along a new axis 0. */
nnx_status nnx_onnx_op_loop(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    const Onnx__AttributeProto *ba = ox_attr(n, "body");
    if (!ba || !ba->g)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the body graph is required");
    const Onnx__GraphProto *b = ba->g;
    if (n_in < 2)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "Loop takes M and cond (each may be empty)");
    if (ox_is_seq(in[0]) || ox_is_seq(in[1]))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "M and cond must be tensors");
    if (nnx_onnx_loop_needs_unroll(c, n, in, n_in)) /* sequences: load-time structures */
        return nnx_onnx_loop_unrolled(c, n, in, n_in, out);
    for (uint32_t k = 2; k < n_in; k++)
        if (in[k] == NNX_NONE)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "loop-carried input %u is absent", k - 2);
    if (b->n_output < 1 + (size_t)(n_in - 2) || n->n_output > b->n_output - 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the body has %zu outputs for %u loop-carried values",
                       b->n_output, n_in - 2);
    ox_loop L = {.body = b, .is_loop = true, .trips = -1, .n_carried = n_in - 2, .carried = in + 2};
    L.n_scan_out = (uint32_t)(b->n_output - 1 - L.n_carried);
    int64_t big = INT64_MAX;
    nnx_operand_desc i64 = {NNX_INT64, 0, {0}};
    if (in[0] == NNX_NONE)
        CHECK(ox_const(c, &i64, &big, &L.m0));
    else {
        CHECK(scalar_input(c, in[0], NNX_INT64, "M", &L.m0));
        const void *m = ox_known(c, in[0]);
        if (m)
            memcpy(&L.trips, m, sizeof L.trips);
    }
    if (in[1] == NNX_NONE) {
        CHECK(ox_scalar(c, NNX_BOOL, 1, &L.cond0));
        L.cond0_true = true;
    } else {
        CHECK(scalar_input(c, in[1], NNX_BOOL, "cond", &L.cond0));
        const unsigned char *k = ox_known(c, in[1]);
        L.cond0_true = k && *k;
    }
    uint32_t zero[1] = {0};
    bool rev[1] = {false};
    if (L.n_scan_out) {
        if (L.trips < 0)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                           "Loop '%s': scan outputs with a trip count known only at run time are not supported yet",
                           c->label);
    }
    uint32_t *axes = ox_calloc(c, (size_t)L.n_scan_out + 1, sizeof *axes);
    bool *revs = ox_calloc(c, (size_t)L.n_scan_out + 1, sizeof *revs);
    nnx_status st = axes && revs ? NNX_OK : c->nerr.status;
    L.out_axis = axes, L.out_rev = revs;
    L.in_axis = zero, L.in_rev = rev;
    if (st == NNX_OK)
        st = lower(c, &L, out);
    nnx_mem_free(c->ir->alloc, axes);
    nnx_mem_free(c->ir->alloc, revs);
    /* A body that cannot be one static sub-graph (a shape set by the iteration number, as a
     * Slice at i) is unrolled when the trip count and condition are known at load: each
     * pass's iteration number is then a constant. What the failed lowering added is dead. */
    bool cond_known = in[1] == NNX_NONE || ox_known(c, in[1]);
    if (st != NNX_OK && st != NNX_ERROR_OUT_OF_MEMORY && L.trips >= 0 && L.trips <= OX_MAX_SEQUENCE && cond_known) {
        nnx_error_clear(&c->nerr);
        st = nnx_onnx_loop_unrolled(c, n, in, n_in, out);
    }
    return st;
}

/* The per-input attribute list `name` (count entries, default 0), checked to hold count. */
static nnx_status per_input(ox *c, const Onnx__NodeProto *n, const char *name, uint32_t count, int64_t *v)
{
    size_t m = 0;
    const int64_t *a = ox_attr_ints(n, name, &m);
    for (uint32_t k = 0; k < count; k++)
        v[k] = 0;
    if (!a)
        return NNX_OK;
    if (m != count)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s has %zu entries for %u tensors", name, m, count);
    memcpy(v, a, count * sizeof *v);
    return NNX_OK;
}

/* Scan-9 on states in[0..n_states) and scan inputs in[n_states..n_in): the axes and
 * directions of node n (opset 8: every scan input along axis 0, `directions`). */
static nnx_status scan_core(ox *c, const Onnx__NodeProto *n, const Onnx__GraphProto *b, const uint32_t *in,
                            uint32_t n_states, uint32_t n_scan, bool v8, uint32_t *out)
{
    uint32_t n_out_scan = (uint32_t)(n->n_output > n_states ? n->n_output - n_states : 0);
    if (b->n_output != (size_t)n_states + n_out_scan)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the body has %zu outputs, the node %zu", b->n_output,
                       n->n_output);
    size_t cnt = (size_t)n_scan + n_out_scan + 1;
    int64_t *v = ox_calloc(c, 4 * cnt, sizeof *v);
    uint32_t *ax = ox_calloc(c, 2 * cnt, sizeof *ax);
    bool *rev = ox_calloc(c, 2 * cnt, sizeof *rev);
    nnx_status st = v && ax && rev ? NNX_OK : c->nerr.status;
    int64_t *in_axes = v, *in_dirs = v + cnt, *out_axes = v + 2 * cnt, *out_dirs = v + 3 * cnt;
    if (st == NNX_OK)
        st = per_input(c, n, v8 ? "directions" : "scan_input_directions", n_scan, in_dirs);
    if (st == NNX_OK && !v8)
        st = per_input(c, n, "scan_input_axes", n_scan, in_axes);
    if (st == NNX_OK && !v8)
        st = per_input(c, n, "scan_output_directions", n_out_scan, out_dirs);
    if (st == NNX_OK && !v8)
        st = per_input(c, n, "scan_output_axes", n_out_scan, out_axes);
    int64_t trips = -1;
    for (uint32_t j = 0; st == NNX_OK && j < n_scan; j++) {
        nnx_operand_desc d = ox_desc(c, in[n_states + j]);
        st = axis_of(c, in_axes[j], d.rank, &ax[j]);
        rev[j] = in_dirs[j] != 0;
        if (st == NNX_OK && trips >= 0 && d.shape[ax[j]] != (uint64_t)trips)
            st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "scan input %u has %u iterations, scan input 0 %" PRId64, j,
                         d.shape[ax[j]], trips);
        trips = st == NNX_OK ? d.shape[ax[j]] : trips;
    }
    if (st == NNX_OK && trips <= 0)
        st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a Scan of no scan inputs or no iterations is not supported");
    for (uint32_t k = 0; st == NNX_OK && k < n_out_scan; k++) {
        /* the axis counts in the stacked output, one rank above the body's (found after the
         * body is built): negative axes are resolved in lower() through out_axes below */
        ax[cnt + k] = 0;
        rev[cnt + k] = out_dirs[k] != 0;
    }
    uint32_t m0 = NNX_NONE, cond0 = NNX_NONE;
    nnx_operand_desc i64 = {NNX_INT64, 0, {0}};
    if (st == NNX_OK)
        st = ox_const(c, &i64, &trips, &m0);
    if (st == NNX_OK)
        st = ox_scalar(c, NNX_BOOL, 1, &cond0);
    ox_loop L = {.body = b,
                 .m0 = m0,
                 .cond0 = cond0,
                 .cond0_true = true,
                 .trips = trips,
                 .n_carried = n_states,
                 .carried = in,
                 .n_scan_in = n_scan,
                 .scan_in = in + n_states,
                 .in_axis = ax,
                 .in_rev = rev,
                 .n_scan_out = n_out_scan,
                 .out_axis = ax + cnt,
                 .out_rev = rev + cnt,
                 .out_axis_attr = out_axes};
    if (st == NNX_OK)
        st = lower(c, &L, out);
    nnx_mem_free(c->ir->alloc, v);
    nnx_mem_free(c->ir->alloc, ax);
    nnx_mem_free(c->ir->alloc, rev);
    return st;
}

/* Scan-8's batch: x's row b (axis 0 dropped). */
static nnx_status row(ox *c, uint32_t x, uint32_t b, uint32_t *y)
{
    uint32_t idx;
    nnx_attrs a = {.axis = {.axis = 0}};
    CHECK(ox_scalar(c, NNX_INT64, b, &idx));
    return ox_node(c, NNX_OP_GATHER, (uint32_t[]){x, idx}, 2, &a, 1, y);
}

/* ONNX Operators, Scan (opset 9 on; opset 8 with a batch axis 0 and sequence_lens): the
 * body runs once per slice of the scan inputs, carrying the states; the outputs are the
 * final states, then each scan output stacked along its axis. */
nnx_status nnx_onnx_op_scan(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    const Onnx__AttributeProto *ba = ox_attr(n, "body");
    if (!ba || !ba->g)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the body graph is required");
    int64_t m = ox_attr_i(n, "num_scan_inputs", -1);
    bool v8 = c->opset < 9;
    uint32_t lead = v8 ? 1 : 0;
    if (m < 1 || (uint64_t)m + lead > n_in)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "num_scan_inputs %" PRId64 " does not fit %u inputs", m, n_in);
    uint32_t n_scan = (uint32_t)m, n_states = n_in - lead - n_scan;
    if (n->n_output < n_states)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%zu outputs for %u states", n->n_output, n_states);
    for (uint32_t k = lead; k < n_in; k++)
        if (in[k] == NNX_NONE)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "input %u is absent", k);
    if (!v8)
        return scan_core(c, n, ba->g, in, n_states, n_scan, false, out);
    /* opset 8: one Scan-9 per batch row, the rows stacked again */
    nnx_operand_desc d0 = ox_desc(c, in[1]);
    if (d0.rank < 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the inputs have no batch axis");
    uint32_t batch = d0.shape[0], n_out = (uint32_t)n->n_output;
    nnx_operand_desc sd = ox_desc(c, in[1 + n_states]);
    if (in[0] != NNX_NONE) {
        int64_t lens[1024];
        uint32_t nl = 0;
        CHECK(ox_ints(c, in[0], "sequence_lens", lens, 1024, &nl));
        for (uint32_t k = 0; k < nl; k++)
            if (sd.rank < 2 || lens[k] != (int64_t)sd.shape[1])
                return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                               "sequence_lens shorter than the scan inputs' %u steps are not supported",
                               sd.rank < 2 ? 0 : sd.shape[1]);
    }
    if (batch > 4096)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a batch of %u rows is not supported", batch);
    uint32_t *rows = ox_calloc(c, (size_t)(n_in + n_out) * batch + 1, sizeof *rows);
    if (!rows)
        return c->nerr.status;
    uint32_t *row_out = rows + (size_t)n_in * batch;
    nnx_status st = NNX_OK;
    for (uint32_t b = 0; st == NNX_OK && b < batch; b++) {
        uint32_t *ri = rows + (size_t)b * n_in;
        for (uint32_t k = 1; st == NNX_OK && k < n_in; k++) {
            nnx_operand_desc d = ox_desc(c, in[k]);
            if (d.rank < 1 || d.shape[0] != batch)
                st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input %u does not have the batch of %u rows", k, batch);
            else
                st = row(c, in[k], b, &ri[k - 1]);
        }
        if (st == NNX_OK)
            st = scan_core(c, n, ba->g, ri, n_states, n_scan, true, row_out + (size_t)b * n_out);
    }
    for (uint32_t k = 0; st == NNX_OK && k < n_out; k++) {
        uint32_t *parts = rows; /* the inputs' rows are no longer needed */
        int64_t zero = 0;
        for (uint32_t b = 0; st == NNX_OK && b < batch; b++)
            st = unsqueeze(c, row_out[(size_t)b * n_out + k], &zero, 1, &parts[b]);
        nnx_attrs a = {.axis = {.axis = 0}};
        if (st == NNX_OK)
            st = batch == 1 ? (out[k] = parts[0], NNX_OK) : ox_node(c, NNX_OP_CONCAT, parts, batch, &a, 1, &out[k]);
    }
    nnx_mem_free(c->ir->alloc, rows);
    return st;
}
