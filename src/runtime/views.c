/* views.c — the layout pass: steps that move no data become views of their input. A reshape,
 * a transpose that moves only axes of extent 1 (the order of the other axes kept: an ONNX
 * [seq, 1, d] <-> [1, seq, d] swap, a head split of one head) and a slice that is one
 * contiguous run starting at a multiple of 64 bytes (an LSTM's gates) give the very bytes
 * they read, so their output is aliased to the input's bytes (plus the run's offset) and
 * the step is skipped: no copy and no buffer. Only inputs that live in the run's arena are
 * viewed (not graph inputs, constants or folded values, whose bytes are elsewhere); the
 * memory plan keeps the viewed bytes until the view's last reader. Transposes that move
 * data stay steps. */
#include "runtime/plan.h"
#include "ir/dtypes.h"

/* The transpose's permutation keeps every axis of extent > 1 in its order. */
static bool moves_only_units(const nnx_ir *ir, const nnx_node *n)
{
    const nnx_operand_desc *x = &ir->values[n->in[0]].desc;
    int64_t last = -1;
    for (uint32_t i = 0; i < x->rank; i++) {
        uint32_t from = n->attrs.transpose.perm[i];
        if (x->shape[from] == 1)
            continue;
        if ((int64_t)from < last)
            return false;
        last = from;
    }
    return true;
}

/* The slice is one contiguous run of its input: its byte offset in *offset. Row-major: the
 * axes before some axis a keep one index each, axis a a stride-1 range, the axes after it
 * their whole extent. */
static bool contiguous_slice(const nnx_ir *ir, const nnx_node *n, uint64_t *offset)
{
    const nnx_attr_slice *s = &n->attrs.slice;
    const nnx_operand_desc *x = &ir->values[n->in[0]].desc, *y = &ir->values[n->out[0]].desc;
    uint32_t a = 0;
    while (a < y->rank && y->shape[a] == 1)
        a++;
    if (a < y->rank && s->strides[a] != 1)
        return false;
    for (uint32_t i = a + 1; i < y->rank; i++)
        if (s->starts[i] != 0 || y->shape[i] != x->shape[i])
            return false;
    uint64_t stride = nnx_dtype_size(x->dtype), at = 0;
    for (uint32_t i = x->rank; i-- > 0;) {
        at += (uint64_t)s->starts[i] * stride;
        stride *= x->shape[i];
    }
    *offset = at;
    return true;
}

void nnx_plan_views(nnx_plan *plan)
{
    const nnx_ir *ir = plan->ir;
    for (uint32_t k = 0; k < plan->n_order; k++) {
        const nnx_node *n = &ir->nodes[plan->order[k]];
        if (plan->skip[k] || nnx_plan_step_node(plan, k) != n || n->n_in < 1 || n->n_out != 1)
            continue;
        uint32_t u = n->in[0], v = n->out[0];
        uint64_t offset = 0;
        bool view = n->op == NNX_OP_RESHAPE || (n->op == NNX_OP_TRANSPOSE && moves_only_units(ir, n)) ||
            (n->op == NNX_OP_SLICE && contiguous_slice(ir, n, &offset) && offset % 64 == 0);
        if (!view || !plan->needs_buffer[u] || plan->folded[u] || !plan->needs_buffer[v] || plan->folded[v] ||
            plan->alias[v] != NNX_NONE)
            continue;
        uint32_t home = plan->alias[u] == NNX_NONE ? u : plan->alias[u];
        plan->alias[v] = home;
        plan->alias_offset[v] = plan->alias_offset[u] + offset;
        plan->skip[k] = true;
    }
}
