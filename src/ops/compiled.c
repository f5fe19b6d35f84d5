/* compiled.c — COMPILED_FUNCTION, a call of a compiled function nnx does not have (a TVM
 * graph's tvm_op node): inference hands out the output descriptors the graph gave, so such a
 * graph can be read, checked, drawn and written back; the kernel always answers
 * NOT_SUPPORTED, which the runtime reports as "compiled_function 'NAME' failed while
 * running" (the node's label is the function's name). */
#include "ir/dtypes.h"
#include "ops/table.h"

nnx_status nnx_infer_compiled_function(const nnx_op_args *args, const nnx_operand_desc *const *in,
                                       nnx_operand_desc *out, nnx_error *err)
{
    const nnx_attr_compiled *a = &args->attrs->compiled;
    if (!a->function || !a->outputs)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "a compiled function needs a name and output types");
    for (uint32_t o = 0; o < args->n_out; o++) {
        if (!nnx_dtype_valid(a->outputs[o].dtype) || a->outputs[o].rank > NNX_MAX_RANK)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output %u has no valid type", o);
        out[o] = a->outputs[o];
    }
    return NNX_OK;
}

nnx_status nnx_ref_compiled_function(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    return NNX_ERROR_NOT_SUPPORTED;
}
