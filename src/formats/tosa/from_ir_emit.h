/* from_ir_emit.h — what the files of the core-IR-to-TOSA converter share: the conversion
 * state (the block being written, each IR value's tensor name and NHWC twin) and the helpers
 * of from_ir_emit.c. from_ir.c drives; from_ir_layout.c writes element-wise ops on twins;
 * from_ir_tosa_ops.c maps TOSA-born core ops back; from_ir_legalize*.c legalize the float
 * ops of other front ends. */
#ifndef NNX_FORMATS_TOSA_FROM_IR_EMIT_H
#define NNX_FORMATS_TOSA_FROM_IR_EMIT_H

#include "base/strmap.h"
#include "formats/tosa/tosa_file.h"
#include "ir/graph.h"

typedef struct nnx_tir {
    const nnx_ir *ir;
    nnx_tfile *f;
    const nnx_alloc *alloc;
    nnx_error *err;
    nnx_tfile_operator *ops;
    uint32_t n_ops, cap_ops;
    nnx_tfile_tensor *tensors;
    uint32_t n_tensors, cap_tensors;
    const char **vname;            /* per IR value: its tensor's name once written, else NULL */
    nnx_strmap *names;             /* every tensor and block name used (and reserved), file-wide */
    uint32_t node;                 /* the node being converted (messages) */
    struct nnx_tir_blocks *blocks; /* the blocks written so far, shared with nested blocks */
    /* Layout propagation (decision TOSA-L11; main block only, else NULL): per IR value, its
     * NHWC twin (a 4-D NCHW value's data as NHWC, written by an NHWC operator or a TRANSPOSE)
     * and whether only the twin is written (pend): nnx_tir_value then writes the NCHW form,
     * one TRANSPOSE, at the first use that needs it. */
    const char **nhwc;
    bool *pend;
    const nnx_ir_renames *renames; /* main block: where changed names are reported (may be NULL) */
} nnx_tir;

/* Fails the conversion of the current node: NNX_ERROR_NOT_SUPPORTED "node N ('label', core
 * op 'x'): <why>"; returns false. */
bool nnx_tir_fail(nnx_tir *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool nnx_tir_oom(nnx_tir *t);
/* A name no tensor or block has yet: base, else base_1, base_2, ... (in the file's arena),
 * taken (reserved) when reserve; NULL (and t failed) when out of memory. */
const char *nnx_tir_unique_name(nnx_tir *t, const char *base, bool reserve);

/* A new tensor of type dt and shape (an unused name made from base); NULL on failure. */
const char *nnx_tir_tensor(nnx_tir *t, const char *base, nnx_dtype dt, uint32_t rank, const uint32_t *shape);
static inline const char *nnx_tir_tensor_d(nnx_tir *t, const char *base, const nnx_operand_desc *d)
{
    return nnx_tir_tensor(t, base, d->dtype, d->rank, d->shape);
}
/* The tensor of IR value v written so far (its producer came first); a value only its NHWC
 * twin holds gets its NCHW form here (a TRANSPOSE, once). */
const char *nnx_tir_value(nnx_tir *t, uint32_t v);
/* IR value v's NHWC twin (its desc into *d), else NULL: nothing is written. */
const char *nnx_tir_twin(nnx_tir *t, uint32_t v, nnx_operand_desc *d);
/* Records y as v's NHWC twin; pending: v's NCHW form is not written (yet). */
void nnx_tir_set_twin(nnx_tir *t, uint32_t v, const char *y, bool pending);
/* A 4-D NCHW desc as NHWC. */
nnx_operand_desc nnx_tir_nhwc_desc(const nnx_operand_desc *d);
/* data (desc d) permuted by perm into a new buffer (caller frees, NULL when out of memory);
 * *od the result's desc. */
void *nnx_tir_permute(nnx_tir *t, const void *data, const nnx_operand_desc *d, const uint32_t *perm,
                      nnx_operand_desc *od);
/* Appends an operator (inputs and outputs copied); its attribute table to fill, or NULL. */
nnx_tfile_operator *nnx_tir_op(nnx_tir *t, uint32_t op, const char *const *in, uint32_t n_in, const char *const *out,
                               uint32_t n_out);
/* One operator with one new output tensor of desc d; the output's name or NULL. attr may be
 * NULL (no attribute fields) and is copied. */
const char *nnx_tir_op1(nnx_tir *t, uint32_t op, const char *const *in, uint32_t n_in, const nnx_tfile_attr *attr,
                        const nnx_operand_desc *d);
/* The tensor of IR value v as an operator's output (a graph output keeps its reserved name);
 * the caller records it in vname once the operator is added. */
const char *nnx_tir_out_tensor(nnx_tir *t, uint32_t v);
/* The same, writing the tensor of IR value v (named for it) as the output. */
bool nnx_tir_op_value(nnx_tir *t, uint32_t op, const char *const *in, uint32_t n_in, const nnx_tfile_attr *attr,
                      uint32_t v);

/* A variable tensor of desc d, its initial value data (nnx layout), declared by a VARIABLE
 * operator naming it among its outputs (TOSA-R6, TOSA-L12); its name. */
const char *nnx_tir_variable(nnx_tir *t, const nnx_operand_desc *d, const void *data);
/* A CONST of desc d and nnx-layout bytes data (encoded as the file's type). */
const char *nnx_tir_const(nnx_tir *t, const nnx_operand_desc *d, const void *data);
/* The same, its tensor named from base (a weight's source name; NULL or "": "const"). */
const char *nnx_tir_const_named(nnx_tir *t, const char *base, const nnx_operand_desc *d, const void *data);
/* A CONST of one value of type dt, shape [1] * rank (a broadcastable scalar). */
const char *nnx_tir_scalar_f(nnx_tir *t, nnx_dtype dt, uint32_t rank, double v);
const char *nnx_tir_scalar_i(nnx_tir *t, nnx_dtype dt, uint32_t rank, int64_t v);
/* A CONST_SHAPE of n values (a SHAPE tensor [n]). */
const char *nnx_tir_shape(nnx_tir *t, const int64_t *v, uint32_t n);
static inline const char *nnx_tir_shape_u(nnx_tir *t, const uint32_t *v, uint32_t n)
{
    int64_t s[2 * NNX_MAX_RANK];
    for (uint32_t i = 0; i < n; i++)
        s[i] = v[i];
    return nnx_tir_shape(t, s, n);
}

/* Data movement on tensor names: RESHAPE to shape, TRANSPOSE by perm; the new name. */
const char *nnx_tir_reshape(nnx_tir *t, const char *x, nnx_dtype dt, uint32_t rank, const uint32_t *shape);
const char *nnx_tir_transpose(nnx_tir *t, const char *x, const nnx_operand_desc *xd, const uint32_t *perm,
                              nnx_operand_desc *out);
/* IR value v's tensor at rank (leading 1s added by a RESHAPE when v's rank is lower): TOSA
 * broadcasts only between equal ranks (TOSA 1.0 §1.11.3). */
const char *nnx_tir_at_rank(nnx_tir *t, uint32_t v, uint32_t rank);
const char *nnx_tir_name_at_rank(nnx_tir *t, const char *x, const nnx_operand_desc *d, uint32_t rank);
/* A binary element-wise operator on two names of descs a, b (ranks equalised), output of
 * type dt; the new name. */
const char *nnx_tir_binary(nnx_tir *t, uint32_t op, const char *a, const nnx_operand_desc *ad, const char *b,
                           const nnx_operand_desc *bd, nnx_dtype dt, nnx_operand_desc *out);
/* MUL of two names (shift 0). */
const char *nnx_tir_mul(nnx_tir *t, const char *a, const nnx_operand_desc *ad, const char *b,
                        const nnx_operand_desc *bd, nnx_operand_desc *out);
/* A CLAMP attribute of fp32 / input-typed bounds. */
bool nnx_tir_clamp_attr(nnx_tir *t, nnx_dtype dt, double lo_f, double hi_f, int64_t lo_i, int64_t hi_i,
                        uint32_t nan_mode, nnx_tfile_attr *a);
/* Zero-point constant of type dt (value 0), shape [1]. */
static inline const char *nnx_tir_zero(nnx_tir *t, nnx_dtype dt) { return nnx_tir_scalar_i(t, dt, 1, 0); }
/* An int32 vector attribute field. */
bool nnx_tir_ints(nnx_tir *t, nnx_tfile_ints *f, const int32_t *v, uint32_t n);

/* The converters: true when node n was written (or failed: check t->err->status).
 * nnx_tir_layout writes element-wise ops and concat on NHWC twins (from_ir_layout.c). */
bool nnx_tir_layout(nnx_tir *t, const nnx_node *n, bool *handled);
bool nnx_tir_tosa_op(nnx_tir *t, const nnx_node *n, bool *handled);
/* The TOSA operator a one-input, attribute-free element-wise core op is (abs, exp, rcp,
 * logical_not, clz, ...); false for any other op (from_ir_tosa_ops.c). */
bool nnx_tir_unary_op(nnx_op op, uint32_t *to);
bool nnx_tir_legalize(nnx_tir *t, const nnx_node *n, bool *handled);
bool nnx_tir_legalize_nn(nnx_tir *t, const nnx_node *n, bool *handled);

#endif
