/* while_loop.c — core while_loop (TOSA WHILE_LOOP, spec §2.14.2): its shape rule and its
 * reference kernel, which runs the frozen condition and body graphs with the sub-graph
 * interpreter (ops/subgraph.c) until the condition is false. A loop that never ends does
 * not return, as the spec's does not. */
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

/* ---------------------------------------------------------------- running */

nnx_status nnx_ref_while_loop(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_subgraph *cond = args->attrs->loop.cond, *body = args->attrs->loop.body;
    uint32_t n = args->n_in;
    const nnx_alloc *a = body->alloc;
    void **state = nnx_mem_calloc(a, (size_t)n + 1, sizeof *state),
         **next = nnx_mem_calloc(a, (size_t)n + 1, sizeof *next);
    nnx_status st = state && next ? NNX_OK : NNX_ERROR_OUT_OF_MEMORY;
    for (uint32_t i = 0; st == NNX_OK && i < n; i++) {
        size_t bytes = 0;
        nnx_desc_bytes(&in[i].desc, &bytes);
        memcpy(out[i].data, in[i].data, bytes);
        state[i] = out[i].data;
        if (!(next[i] = nnx_mem_calloc(a, bytes ? bytes : 1, 1)))
            st = NNX_ERROR_OUT_OF_MEMORY;
    }
    while (st == NNX_OK) {
        unsigned char go = 0;
        void *flag = &go;
        if ((st = nnx_subgraph_run(cond, state, &flag)) != NNX_OK || !go)
            break;
        if ((st = nnx_subgraph_run(body, state, next)) != NNX_OK)
            break;
        for (uint32_t i = 0; i < n; i++) {
            size_t bytes = 0;
            nnx_desc_bytes(&in[i].desc, &bytes);
            memcpy(state[i], next[i], bytes);
        }
    }
    for (uint32_t i = 0; next && i < n; i++)
        nnx_mem_free(a, next[i]);
    nnx_mem_free(a, state);
    nnx_mem_free(a, next);
    return st;
}
