/* cond_if.c — core cond_if (TOSA 1.0 §2.16.1 COND_IF; ONNX Operators, If): its shape rule
 * (both branches take the node's inputs after the condition and give outputs of equal
 * descriptors); its kernels run the chosen branch with the sub-graph interpreter
 * (ops/subgraph_run.c). */
#include "ops/subgraph.h"

#include "base/alloc.h"
#include "ir/dtypes.h"
#include "ops/table.h"

/* Whether branch b takes the node's parameters in[1..n_in). */
static bool takes(const nnx_subgraph *b, const nnx_operand_desc *const *in, uint32_t n_in)
{
    if (b->n_params != n_in - 1)
        return false;
    for (uint32_t i = 1; i < n_in; i++)
        if (!in[i] || !nnx_desc_equal(in[i], &b->values[b->params[i - 1]].desc))
            return false;
    return true;
}

nnx_status nnx_infer_cond_if(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                             nnx_error *err)
{
    const nnx_subgraph *t = args->attrs->cond_if.then_g, *e = args->attrs->cond_if.else_g;
    if (!t || !e)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the then or else graph is missing");
    uint64_t n = 0;
    if (!in[0] || in[0]->dtype != NNX_BOOL || !nnx_desc_elements(in[0], &n) || n != 1)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the condition is not a one-element bool");
    if (!takes(t, in, args->n_in) || !takes(e, in, args->n_in))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "the branches do not take the %u inputs after the condition", args->n_in - 1);
    if (t->n_results != args->n_out || e->n_results != args->n_out)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "the then graph gives %u outputs, the else graph %u, the node has %u", t->n_results,
                             e->n_results, args->n_out);
    for (uint32_t o = 0; o < args->n_out; o++) {
        const nnx_operand_desc *a = &t->values[t->results[o]].desc, *b = &e->values[e->results[o]].desc;
        if (!nnx_desc_equal(a, b)) {
            char sa[128], sb[128];
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "output %u is %s in the then graph but %s in the else graph", o,
                                 nnx_desc_format(a, sa, sizeof sa), nnx_desc_format(b, sb, sizeof sb));
        }
        out[o] = *a;
    }
    return NNX_OK;
}
