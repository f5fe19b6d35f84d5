/* concat_in_place.c — a concatenation whose inputs are contiguous runs of its output (every
 * axis before the concatenated one of extent 1: channels of one image) is made by its
 * inputs' producers writing there: each input — with every value sharing its bytes (a fused
 * activation's output, a view) — is re-homed into the concat's bytes at its run's offset,
 * and the concat step is skipped. Only inputs that own whole buffers of the run's arena
 * qualify (not graph inputs, outputs or updated values, constants, folded values, or views
 * into other bytes), each once, at offsets that are multiples of 64 bytes (as the kernels'
 * buffers are). The memory plan then places the concat's bytes when its first input is made
 * (memplan.c). */
#include "runtime/plan.h"
#include "ir/dtypes.h"

/* Whether the run's caller reads v (a graph output, or a value an update writes back). */
static bool pinned(const nnx_plan *plan, const uint32_t *outputs, uint32_t n_outputs, uint32_t v)
{
    for (uint32_t i = 0; i < n_outputs; i++)
        if (outputs[i] == v)
            return true;
    for (uint32_t u = 0; u < plan->ir->n_updates; u++)
        if (plan->ir->updates[u].value == v)
            return true;
    return false;
}

typedef struct outs {
    const uint32_t *v;
    uint32_t n;
} outs;

/* The bytes of value v's whole buffer, or 0 when v does not own one in the arena. */
static uint64_t owned_bytes(const nnx_plan *plan, outs o, uint32_t v)
{
    size_t bytes;
    if (!plan->needs_buffer[v] || plan->folded[v] || pinned(plan, o.v, o.n, v) || plan->alias[v] != NNX_NONE ||
        !nnx_desc_bytes(&plan->ir->values[v].desc, &bytes))
        return 0;
    return bytes;
}

/* Input k's home (the value owning its bytes) when it can be written in place, else NNX_NONE. */
static uint32_t home_of(const nnx_plan *plan, outs o, uint32_t u)
{
    uint32_t home = plan->alias[u] == NNX_NONE ? u : plan->alias[u];
    size_t bytes;
    if (pinned(plan, o.v, o.n, u) || (plan->alias[u] != NNX_NONE && plan->alias_offset[u] != 0) ||
        !nnx_desc_bytes(&plan->ir->values[u].desc, &bytes) || owned_bytes(plan, o, home) != bytes)
        return NNX_NONE;
    return home;
}

/* Whether concat n's inputs are contiguous runs of its output, and each can be homed there. */
static bool suits(const nnx_plan *plan, outs o, const nnx_node *n, uint32_t *homes)
{
    const nnx_ir *ir = plan->ir;
    const nnx_operand_desc *y = &ir->values[n->out[0]].desc;
    uint32_t axis = n->attrs.axis.axis;
    for (uint32_t i = 0; i < axis; i++)
        if (y->shape[i] != 1)
            return false;
    if (owned_bytes(plan, o, n->out[0]) == 0)
        return false;
    uint64_t at = 0;
    for (uint32_t k = 0; k < n->n_in; k++) {
        size_t bytes;
        homes[k] = home_of(plan, o, n->in[k]);
        if (homes[k] == NNX_NONE || at % 64 != 0 || !nnx_desc_bytes(&ir->values[n->in[k]].desc, &bytes))
            return false;
        for (uint32_t j = 0; j < k; j++)
            if (homes[j] == homes[k])
                return false; /* one value in two places */
        at += bytes;
    }
    return true;
}

void nnx_plan_concat_in_place(nnx_plan *plan, const uint32_t *outputs, uint32_t n_outputs)
{
    const nnx_ir *ir = plan->ir;
    outs o = {outputs, n_outputs};
    uint32_t homes[64];
    for (uint32_t k = 0; k < plan->n_order; k++) {
        const nnx_node *n = nnx_plan_step_node(plan, k);
        if (plan->skip[k] || n->op != NNX_OP_CONCAT || n->n_out != 1 || n->n_in > 64 || !suits(plan, o, n, homes))
            continue;
        uint32_t v = n->out[0];
        uint64_t at = 0;
        for (uint32_t i = 0; i < n->n_in; i++) {
            for (uint32_t w = 0; w < ir->n_values; w++)
                if (w != homes[i] && plan->alias[w] == homes[i]) {
                    plan->alias[w] = v;
                    plan->alias_offset[w] += at;
                }
            plan->alias[homes[i]] = v;
            plan->alias_offset[homes[i]] = at;
            size_t bytes;
            nnx_desc_bytes(&ir->values[n->in[i]].desc, &bytes);
            at += bytes;
        }
        plan->skip[k] = true;
    }
}
