/* fuse.c — epilogues fused into the fast kernel that produces their input (runtime/plan.h):
 * a float32 convolution or matmul whose only reader adds a value that already exists (a
 * residual connection; for a matmul also one row broadcast over its rows: the bias of a
 * linear layer) adds it itself; a float32 convolution, matmul or addition (after that
 * residual, if any), or TOSA conv2d, depthwise_conv2d or matmul (no residual: their bias is
 * the epilogue's row), whose only reader is relu, a clamp, or a max and/or min with scalar
 * constants (how ONNX writes relu6; either order when lo <= hi), applies
 * that clamp to each result as it stores it, and the activation steps are skipped; their
 * outputs share the producer's bytes (memplan.c). Every fused form computes
 * min(max(y, lo), hi) with IEEE maximum / minimum exactly as the separate kernels do (NaN
 * included), so fusing changes no result — but for which payload survives when a residual
 * and the sum it is added to are both NaN. Graph outputs are never absorbed. */
#include "runtime/plan.h"

#include <math.h>
#include <string.h>

/* The single live reader step of value v, or UINT32_MAX (none, several, or a graph output). */
static uint32_t only_reader(const uint32_t *readers, const uint32_t *n_readers, uint32_t v)
{
    return n_readers[v] == 1 ? readers[v] : UINT32_MAX;
}

/* A float32 scalar constant's value, or false. */
static bool scalar_constant(const nnx_ir *ir, uint32_t v, double *out)
{
    const nnx_value *val = &ir->values[v];
    if (val->kind != NNX_VALUE_CONSTANT || val->desc.dtype != NNX_FLOAT32)
        return false;
    for (uint32_t i = 0; i < val->desc.rank; i++)
        if (val->desc.shape[i] != 1)
            return false;
    float f;
    memcpy(&f, val->data, sizeof f);
    *out = f;
    return true;
}

/* The other input of a binary node than `from`, if it is a float32 scalar constant. */
static bool binary_scalar(const nnx_ir *ir, const nnx_node *n, uint32_t from, double *c)
{
    if (n->n_in != 2 || (n->in[0] == from) == (n->in[1] == from))
        return false;
    return scalar_constant(ir, n->in[0] == from ? n->in[1] : n->in[0], c);
}

static bool producer_fusable(const nnx_plan *plan, uint32_t k)
{
    const nnx_node *n = &plan->ir->nodes[plan->order[k]];
    return plan->fast[k] && n->n_out == 1 &&
        (n->op == NNX_OP_CONV || n->op == NNX_OP_MATMUL || n->op == NNX_OP_ADD || n->op == NNX_OP_TOSA_CONV2D ||
         n->op == NNX_OP_TOSA_DEPTHWISE_CONV2D || n->op == NNX_OP_TOSA_MATMUL);
}

static bool same_shape(const nnx_ir *ir, uint32_t a, uint32_t b)
{
    const nnx_operand_desc *x = &ir->values[a].desc, *y = &ir->values[b].desc;
    return x->dtype == y->dtype && x->rank == y->rank && memcmp(x->shape, y->shape, x->rank * sizeof *x->shape) == 0;
}

/* Whether value `row` is one row of v broadcast over the others: float32, every extent 1
 * but the last, which is v's last. */
static bool row_of(const nnx_ir *ir, uint32_t row, uint32_t v)
{
    const nnx_operand_desc *x = &ir->values[row].desc, *y = &ir->values[v].desc;
    if (x->dtype != NNX_FLOAT32 || x->rank == 0 || x->rank > y->rank || x->shape[x->rank - 1] != y->shape[y->rank - 1])
        return false;
    for (uint32_t i = 0; i + 1 < x->rank; i++)
        if (x->shape[i] != 1)
            return false;
    return true;
}

/* A float32 add of step k's output v (its only reader, step r) and a value that exists
 * before step k, of v's shape (or, for a matmul, one row of it): k adds it in its epilogue.
 * Returns the add's output, or NNX_NONE. */
static uint32_t absorb_residual(nnx_plan *plan, uint32_t k, uint32_t v, uint32_t r, nnx_activation *act)
{
    const nnx_ir *ir = plan->ir;
    const nnx_node *a = &ir->nodes[plan->order[r]];
    if (a->op != NNX_OP_ADD || a->n_in != 2 || (a->in[0] == v) == (a->in[1] == v))
        return NNX_NONE;
    uint32_t other = a->in[0] == v ? a->in[1] : a->in[0];
    /* the plan runs nodes in IR order, so `other` exists before step k when its producer
     * comes earlier in the IR (inputs and constants always do) */
    bool before = ir->values[other].kind != NNX_VALUE_NODE || ir->values[other].producer < plan->order[k];
    bool row = ir->nodes[plan->order[k]].op == NNX_OP_MATMUL && !same_shape(ir, other, v) && row_of(ir, other, v);
    if ((!same_shape(ir, other, v) && !row) || !same_shape(ir, a->out[0], v) || !before)
        return NNX_NONE;
    act->residual = other;
    act->residual_row = row;
    plan->skip[r] = true;
    plan->alias[a->out[0]] = v;
    return a->out[0];
}

/* An activation reading value `in` (of producer output v's shape) as its only reader: its
 * clamp in *act, its steps skipped and their outputs aliased to v. */
static void absorb_activation(nnx_plan *plan, const uint32_t *readers, const uint32_t *n_readers, uint32_t v,
                              uint32_t in, nnx_activation *act)
{
    const nnx_ir *ir = plan->ir;
    uint32_t r = only_reader(readers, n_readers, in);
    if (r == UINT32_MAX || plan->skip[r])
        return;
    const nnx_node *a = &ir->nodes[plan->order[r]];
    if (!same_shape(ir, a->out[0], v))
        return;
    nnx_activation got = *act;
    got.on = true;
    got.lo = -INFINITY;
    got.hi = INFINITY;
    double c;
    if (a->op == NNX_OP_RELU && a->n_in == 1) {
        got.lo = 0.0;
    } else if (a->op == NNX_OP_CLAMP && a->attrs.clamp.nan_mode == NNX_NAN_PROPAGATE) {
        got.lo = a->attrs.clamp.lo.f;
        got.hi = a->attrs.clamp.hi.f;
    } else if ((a->op == NNX_OP_MAX || a->op == NNX_OP_MIN) && a->attrs.nan.nan_mode == NNX_NAN_PROPAGATE &&
               binary_scalar(ir, a, in, &c)) {
        /* max(., lo) [then min(., hi)], or min(., hi) [then max(., lo)]: the same clamp when
         * lo <= hi (and for a single one of them) */
        bool max_first = a->op == NNX_OP_MAX;
        got.nan_default = true;
        *(max_first ? &got.lo : &got.hi) = c;
        uint32_t out = a->out[0], r2 = only_reader(readers, n_readers, out);
        const nnx_node *b = r2 == UINT32_MAX ? NULL : &ir->nodes[plan->order[r2]];
        double c2;
        if (b && b->op == (max_first ? NNX_OP_MIN : NNX_OP_MAX) && b->attrs.nan.nan_mode == NNX_NAN_PROPAGATE &&
            binary_scalar(ir, b, out, &c2) && same_shape(ir, b->out[0], v) && (max_first ? c <= c2 : c2 <= c)) {
            *(max_first ? &got.hi : &got.lo) = c2;
            plan->skip[r2] = true;
            plan->alias[b->out[0]] = v;
        }
    } else {
        return;
    }
    *act = got;
    plan->skip[r] = true;
    plan->alias[a->out[0]] = v;
}

void nnx_plan_fuse(nnx_plan *plan, const uint32_t *outputs, uint32_t n_outputs, uint32_t *readers, uint32_t *n_readers)
{
    const nnx_ir *ir = plan->ir;
    memset(n_readers, 0, ir->n_values * sizeof *n_readers);
    for (uint32_t k = 0; k < plan->n_order; k++) {
        const nnx_node *n = &ir->nodes[plan->order[k]];
        plan->act[k].residual = NNX_NONE;
        for (uint32_t i = 0; i < n->n_in; i++)
            if (n->in[i] != NNX_NONE) {
                readers[n->in[i]] = k;
                n_readers[n->in[i]]++;
            }
    }
    for (uint32_t i = 0; i < n_outputs; i++)
        n_readers[outputs[i]] += 2; /* never absorbed, never absorbing */
    for (uint32_t u = 0; u < ir->n_updates; u++)
        n_readers[ir->updates[u].value] += 2;
    for (uint32_t k = 0; k < plan->n_order; k++) {
        if (!producer_fusable(plan, k))
            continue;
        const nnx_node *n = &ir->nodes[plan->order[k]];
        uint32_t v = n->out[0], r = only_reader(readers, n_readers, v), last = v;
        if (ir->values[v].desc.dtype != NNX_FLOAT32 || r == UINT32_MAX || plan->skip[r])
            continue;
        nnx_activation act = {false, false, -INFINITY, INFINITY, NNX_NONE, false};
        if (n->op == NNX_OP_CONV || n->op == NNX_OP_MATMUL) {
            uint32_t sum = absorb_residual(plan, k, v, r, &act);
            last = sum == NNX_NONE ? v : sum;
        }
        absorb_activation(plan, readers, n_readers, v, last, &act);
        plan->act[k] = act;
    }
}
