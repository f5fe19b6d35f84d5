/* while_loop.c — core while_loop (TOSA WHILE_LOOP, spec §2.14.2): its shape rule. Its
 * kernels run the frozen condition and body graphs with the sub-graph interpreter
 * (ops/subgraph_run.c) until the condition is false; a loop that never ends does not
 * return, as the spec's does not. */
#include "ops/subgraph.h"

#include <string.h>

#include "base/alloc.h"
#include "ir/dtypes.h"
#include "ops/table.h"

nnx_status nnx_infer_while_loop(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                nnx_error *err)
{
    const nnx_attr_loop *a = &args->attrs->loop;
    if (!a->cond || !a->body)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the condition or body graph is missing");
    if (args->n_out != args->n_in || a->body->n_params != args->n_in || a->body->n_results != args->n_in ||
        a->cond->n_params != args->n_in || a->cond->n_results != 1)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the sub-graphs do not take and give the %u-tensor state",
                             args->n_in);
    for (uint32_t i = 0; i < args->n_in; i++) {
        if (!nnx_desc_equal(in[i], &a->body->values[a->body->params[i]].desc) ||
            !nnx_desc_equal(in[i], &a->body->values[a->body->results[i]].desc) ||
            !nnx_desc_equal(in[i], &a->cond->values[a->cond->params[i]].desc))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "state tensor %u differs from the sub-graphs' type",
                                 i);
        out[i] = *in[i];
    }
    const nnx_operand_desc *c = &a->cond->values[a->cond->results[0]].desc;
    uint64_t n = 0;
    if (c->dtype != NNX_BOOL || !nnx_desc_elements(c, &n) || n != 1)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the condition is not a one-element bool");
    return NNX_OK;
}
