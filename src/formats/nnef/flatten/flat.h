/* flat.h — a flat NNEF graph: what a document becomes after semantic checks and the
 * expansion of compound fragments (NNEF 1.0.2 chapter 6: "an equivalent flat document").
 * Every operation is a primitive, a compound nnx runs natively, or a custom operation, with
 * all arguments evaluated to literal values or tensor references. Shape propagation, the
 * tensor-data binder, graph.quant, the writer and the lowering to the core IR all read it. */
#ifndef NNX_FORMATS_NNEF_FLAT_H
#define NNX_FORMATS_NNEF_FLAT_H

#include "base/arena.h"
#include "base/error.h"
#include "formats/nnef/syntax/ast.h"

/* A compile-time value: literals, tensor references and (nested) arrays and tuples. */
typedef enum nnx_nnef_value_kind {
    NNX_NNEF_VALUE_NONE = 0, /* no value (an absent optional tensor is never used: NNEF has none) */
    NNX_NNEF_VALUE_INTEGER,
    NNX_NNEF_VALUE_SCALAR,
    NNX_NNEF_VALUE_LOGICAL,
    NNX_NNEF_VALUE_STRING,
    NNX_NNEF_VALUE_TENSOR, /* u.tensor: index into nnx_nnef_flat.tensors */
    NNX_NNEF_VALUE_ARRAY,  /* u.items[0..count) */
    NNX_NNEF_VALUE_TUPLE   /* u.items[0..count), count >= 2 */
} nnx_nnef_value_kind;

typedef struct nnx_nnef_value nnx_nnef_value;
struct nnx_nnef_value {
    nnx_nnef_value_kind kind;
    uint32_t count; /* ARRAY, TUPLE */
    union {
        int64_t integer;
        double scalar;
        bool logical;
        const char *string; /* arena */
        uint32_t tensor;
        nnx_nnef_value *items; /* arena */
    } u;
};

/* A named argument or result of a flat operation. Every formal parameter of the operation
 * appears, in declaration order, with defaults already filled in; results likewise. */
typedef struct nnx_nnef_arg {
    const char *name;
    nnx_nnef_value value;
    bool tensor_param; /* the formal parameter's type contains a tensor (written positionally) */
} nnx_nnef_arg;

/* Item type of a tensor: NNX_NNEF_TYPE_SCALAR, INTEGER, LOGICAL (or STRING for a custom op
 * that declares one). */
typedef struct nnx_nnef_flat_tensor {
    const char *name; /* graph identifier; generated tensors get "t_<n>" names */
    nnx_nnef_type_kind dtype;
    bool has_shape; /* false until shape propagation, or for custom outputs */
    uint32_t rank;
    uint32_t shape[NNX_MAX_RANK];
    uint32_t producer; /* index of the op that produces it */
    /* variables only */
    const char *label; /* NULL for non-variables */
    /* graph.quant: the quantization op bound to this tensor, or NULL */
    const struct nnx_nnef_flat_quant *quant;
} nnx_nnef_flat_tensor;

typedef struct nnx_nnef_flat_quant {
    const char *op;     /* e.g. "linear_quantize" */
    nnx_nnef_arg *args; /* every parameter except the tensor one, defaults filled */
    uint32_t n_args;
    nnx_nnef_pos pos;
} nnx_nnef_flat_quant;

typedef struct nnx_nnef_flat_op {
    const char *name;           /* "conv", "external", "my_custom_op", ... */
    nnx_nnef_type_kind generic; /* the generic type argument, resolved; NONE if not generic */
    nnx_nnef_arg *args;         /* parameters in declaration order */
    uint32_t n_args;
    nnx_nnef_arg *results; /* results in declaration order (TENSOR or ARRAY of TENSOR) */
    uint32_t n_results;
    nnx_nnef_pos pos; /* the invocation in the source document that led here */
    bool custom;      /* declared without a body and not a standard primitive */
    bool extension;   /* custom, and a fragment of the nnx_ops extension nnx reads (nnx_ops.h) */
} nnx_nnef_flat_op;

typedef struct nnx_nnef_flat {
    const nnx_alloc *alloc;
    nnx_arena arena;              /* every string, arg list and value above */
    const char *filename;         /* for diagnostics: "graph.nnef" path */
    const char *name;             /* graph name */
    uint32_t *inputs, n_inputs;   /* tensor indices of the graph parameters (externals) */
    uint32_t *outputs, n_outputs; /* tensor indices of the graph results */
    nnx_nnef_flat_tensor *tensors;
    uint32_t n_tensors, cap_tensors;
    nnx_nnef_flat_op *ops; /* in a valid execution order */
    uint32_t n_ops, cap_ops;
    bool has_custom_ops; /* then shape propagation is skipped (spec chapter 6); nnx_ops
                          * fragments (extension set) do not count */
} nnx_nnef_flat;

void nnx_nnef_flat_init(nnx_nnef_flat *g, const nnx_alloc *alloc, const char *filename);
void nnx_nnef_flat_free(nnx_nnef_flat *g);

/* Appends a tensor / an op (copied; strings must already live in g->arena); returns the
 * index through *index. NNX_ERROR_OUT_OF_MEMORY on failure. */
nnx_status nnx_nnef_flat_add_tensor(nnx_nnef_flat *g, const nnx_nnef_flat_tensor *t, uint32_t *index);
nnx_status nnx_nnef_flat_add_op(nnx_nnef_flat *g, const nnx_nnef_flat_op *op, uint32_t *index);

/* The argument (or result) called name, or NULL. */
const nnx_nnef_value *nnx_nnef_flat_arg(const nnx_nnef_flat_op *op, const char *name);
const nnx_nnef_value *nnx_nnef_flat_result(const nnx_nnef_flat_op *op, const char *name);

#endif
