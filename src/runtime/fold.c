/* fold.c — constant folding at plan time (runtime/plan.h): a live step whose inputs are all
 * constants (or results folded before it) runs once, when the graph is built, with the
 * reference kernel, and the run reads its result like a constant: weight transposes,
 * reshapes and slices that front ends emit cost nothing per dispatch. Only steps whose run-
 * time kernel would give the very same bytes are folded (no fast kernel, or one that
 * matches the reference exactly), so folding never changes a result; constants that an
 * update rewrites between runs (NNEF variables) are not constant for this, nor are loops
 * and compiled functions. A step whose kernel fails is left to fail at run time. */
#include "runtime/plan.h"
#include "runtime/select.h"
#include "ir/dtypes.h"
#include "ops/table.h"

#include <string.h>

/* The step's inputs are all fixed: constants nothing updates, or folded values. */
static bool inputs_fixed(const nnx_plan *plan, const nnx_node *n)
{
    const nnx_ir *ir = plan->ir;
    for (uint32_t i = 0; i < n->n_in; i++) {
        uint32_t v = n->in[i];
        if (v == NNX_NONE)
            continue;
        if (!nnx_ir_fixed_constant(ir, v) && !plan->folded[v])
            return false;
    }
    return n->n_in > 0;
}

/* Runs step k now into freshly allocated result buffers; false (nothing kept) if it fails. */
static bool fold_step(nnx_plan *plan, uint32_t k, nnx_view *in, nnx_view *out)
{
    const nnx_ir *ir = plan->ir;
    const nnx_node *n = &ir->nodes[plan->order[k]];
    for (uint32_t i = 0; i < n->n_in; i++) {
        uint32_t v = n->in[i];
        in[i] = v == NNX_NONE ? (nnx_view){{0}, NULL}
                              : (nnx_view){ir->values[v].desc, plan->folded[v] ? plan->folded[v] : ir->values[v].data};
    }
    bool ok = true;
    for (uint32_t o = 0; o < n->n_out && ok; o++) {
        size_t bytes;
        out[o].desc = ir->values[n->out[o]].desc;
        ok = nnx_desc_bytes(&out[o].desc, &bytes) &&
            (out[o].data = nnx_mem_alloc_aligned(ir->alloc, bytes ? bytes : 1));
    }
    if (ok)
        ok = nnx_node_kernel(n, in, out) == NNX_OK;
    for (uint32_t o = 0; o < n->n_out; o++) {
        if (ok)
            plan->folded[n->out[o]] = out[o].data;
        else
            nnx_mem_free_aligned(ir->alloc, out[o].data);
        out[o].data = NULL;
    }
    return ok;
}

nnx_status nnx_plan_fold(nnx_plan *plan, nnx_error *err)
{
    const nnx_ir *ir = plan->ir;
    nnx_view *in = nnx_mem_calloc(ir->alloc, plan->max_in, sizeof *in);
    nnx_view *out = nnx_mem_calloc(ir->alloc, plan->max_out, sizeof *out);
    if (!in || !out) {
        nnx_mem_free(ir->alloc, in);
        nnx_mem_free(ir->alloc, out);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory folding constants");
    }
    for (uint32_t k = 0; k < plan->n_order; k++) {
        const nnx_node *n = &ir->nodes[plan->order[k]];
        if (n->op == NNX_OP_WHILE_LOOP || n->op == NNX_OP_COMPILED_FUNCTION || !inputs_fixed(plan, n) ||
            (plan->fast[k] && !nnx_kernel_exact(n->op)))
            continue;
        if (fold_step(plan, k, in, out)) {
            plan->skip[k] = true;
            plan->fast[k] = NULL;
            for (uint32_t o = 0; o < n->n_out; o++)
                plan->needs_buffer[n->out[o]] = false;
        }
    }
    nnx_mem_free(ir->alloc, in);
    nnx_mem_free(ir->alloc, out);
    return NNX_OK;
}
