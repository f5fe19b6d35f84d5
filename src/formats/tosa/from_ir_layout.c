/* from_ir_layout.c — layout propagation (decision TOSA-L11): a 4-D NCHW value an NHWC
 * operator wrote (a conv or pool) is held as its NHWC twin, and the element-wise ops and
 * channel concats that read it are written on the twin too; only the NCHW form of a value
 * a consumer needs is written (one TRANSPOSE, by nnx_tir_value). */
#include "formats/tosa/from_ir_emit.h"
#include "ir/dtypes.h"

/* On the twin: unary ops as they are, binary ops whose other operand has a twin or is a
 * constant (permuted at convert time: [1, C, 1, 1] -> [1, 1, 1, C], lower ranks padded with
 * leading 1s first), concat on axis 1 as CONCAT on axis 3. The operators are the same as on
 * NCHW, so the results are the same numbers. relu and the other activations,
 * batch_normalization and the mean-style reductions take the twin in from_ir_legalize.c. */

static const uint32_t to_nhwc[4] = {0, 2, 3, 1};

static uint32_t nan_mode(nnx_nan_mode m) { return m == NNX_NAN_IGNORE ? 2u : 1u; }

/* v can be read as NHWC: it has a twin, or is a constant of rank <= 4. */
static bool nhwc_able(nnx_tir *t, uint32_t v)
{
    if (v == NNX_NONE)
        return false;
    const nnx_value *x = &t->ir->values[v];
    return t->nhwc[v] || (x->kind == NNX_VALUE_CONSTANT && x->desc.rank <= 4 && x->data);
}

/* v as NHWC (nhwc_able): its twin, else the constant permuted now; *d its desc. */
static const char *nhwc_operand(nnx_tir *t, uint32_t v, nnx_operand_desc *d)
{
    const char *x = nnx_tir_twin(t, v, d);
    if (x)
        return x;
    const nnx_value *c = &t->ir->values[v];
    nnx_operand_desc c4 = {.dtype = c->desc.dtype, .rank = 4};
    uint32_t lead = 4 - c->desc.rank;
    for (uint32_t i = 0; i < 4; i++)
        c4.shape[i] = i < lead ? 1 : c->desc.shape[i - lead];
    void *p = nnx_tir_permute(t, c->data, &c4, to_nhwc, d);
    if (!p)
        return nnx_tir_oom(t), NULL;
    x = nnx_tir_const(t, d, p);
    nnx_mem_free(t->alloc, p);
    return x;
}

/* The element-wise TOSA operator of a one-input core op that reads a twin: the 1:1 map of
 * from_ir_tosa_ops.c, and clamp (its bounds from the core attributes). */
static bool unary_op(nnx_op op, uint32_t *to)
{
    if (op == NNX_OP_CLAMP) {
        *to = NNX_TOSA_CLAMP;
        return true;
    }
    return nnx_tir_unary_op(op, to);
}

static bool binary_op(nnx_tir *t, const nnx_node *n, uint32_t *to)
{
    switch (n->op) {
    case NNX_OP_ADD: *to = NNX_TOSA_ADD; return true;
    case NNX_OP_SUB: *to = NNX_TOSA_SUB; return true;
    case NNX_OP_POW: *to = NNX_TOSA_POW; return true;
    case NNX_OP_MAX: *to = NNX_TOSA_MAXIMUM; return true;
    case NNX_OP_MIN: *to = NNX_TOSA_MINIMUM; return true;
    case NNX_OP_MUL: { /* as from_ir_tosa_ops.c's mul_op writes it (others fail there) */
        nnx_dtype dt = t->ir->values[n->in[0]].desc.dtype;
        *to = NNX_TOSA_MUL;
        return nnx_dtype_is_float(dt) || dt == NNX_INT32;
    }
    default: return false;
    }
}

/* The node's one output written as NHWC by op on in[]: the NCHW form waits for a use. */
static bool out_nhwc(nnx_tir *t, const nnx_node *n, uint32_t op, const char *const *in, uint32_t n_in,
                     const nnx_tfile_attr *a)
{
    nnx_operand_desc od = nnx_tir_nhwc_desc(&t->ir->values[n->out[0]].desc);
    const char *y = nnx_tir_op1(t, op, in, n_in, a, &od);
    nnx_tir_set_twin(t, n->out[0], y, true);
    return y != NULL;
}

bool nnx_tir_layout(nnx_tir *t, const nnx_node *n, bool *handled)
{
    *handled = false;
    if (!t->nhwc || n->n_out != 1 || !n->n_in || t->ir->values[n->out[0]].desc.rank != 4)
        return true;
    uint32_t op;
    nnx_operand_desc d;
    if (unary_op(n->op, &op)) {
        const char *x = nnx_tir_twin(t, n->in[0], &d);
        if (!x)
            return true;
        *handled = true;
        nnx_tfile_attr a = {0}, *ap = NULL;
        if (op == NNX_TOSA_CLAMP) {
            const nnx_attr_clamp *c = &n->attrs.clamp;
            if (!nnx_tir_clamp_attr(t, d.dtype, c->lo.f, c->hi.f, c->lo.i, c->hi.i, nan_mode(c->nan_mode), &a))
                return false;
            ap = &a;
        }
        return out_nhwc(t, n, op, &x, 1, ap);
    }
    if (binary_op(t, n, &op) && n->n_in >= 2) {
        if (!nhwc_able(t, n->in[0]) || !nhwc_able(t, n->in[1]) || !(t->nhwc[n->in[0]] || t->nhwc[n->in[1]]))
            return true;
        *handled = true;
        nnx_operand_desc bd;
        const char *in[3] = {nhwc_operand(t, n->in[0], &d), nhwc_operand(t, n->in[1], &bd), NULL};
        if (op == NNX_TOSA_MUL) {
            in[2] = nnx_tir_zero(t, NNX_INT8);
            return out_nhwc(t, n, op, in, 3, NULL);
        }
        nnx_tfile_attr a = {0};
        if (op == NNX_TOSA_MAXIMUM || op == NNX_TOSA_MINIMUM) {
            a.type = (uint8_t)op;
            a.nan_mode = nan_mode(n->attrs.nan.nan_mode);
        }
        return out_nhwc(t, n, op, in, 2, a.type ? &a : NULL);
    }
    if (n->op == NNX_OP_CONCAT && n->attrs.axis.axis == 1) {
        bool any = false;
        for (uint32_t i = 0; i < n->n_in; i++) {
            if (!nhwc_able(t, n->in[i]) || t->ir->values[n->in[i]].desc.rank != 4)
                return true;
            any = any || t->nhwc[n->in[i]];
        }
        if (!any)
            return true;
        *handled = true;
        const char **in = nnx_arena_array(&t->f->arena, n->n_in, sizeof *in);
        if (!in)
            return nnx_tir_oom(t);
        for (uint32_t i = 0; i < n->n_in; i++)
            in[i] = nhwc_operand(t, n->in[i], &d);
        nnx_tfile_attr a = {.type = NNX_TOSA_CONCAT, .axis = 3};
        return out_nhwc(t, n, NNX_TOSA_CONCAT, in, n->n_in, &a);
    }
    return true;
}
