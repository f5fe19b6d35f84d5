/* save_ops.c — core operations as NNVM operators, the inverse of load_ops*.c: each core node
 * becomes the NNVM node(s) that the loader maps back onto the same core operation with the
 * same attributes, so a graph written and read again computes bit for bit what it did.
 * What NNVM cannot express (other layouts, negative padding, NNEF/WebNN-only operations,
 * modes NNVM lacks) is NOT_SUPPORTED naming the core op. Batched matmul becomes
 * batch_matmul with reshapes (NNVM-18), layer normalization its formula (NNVM-19). Numbers are written with 17
 * significant digits, which read back to the same double. */
#include "formats/nnvm/save.h"
#include "ir/dtypes.h"

#include <stdio.h>
#include <string.h>

/* The name of the NNVM node for core node n: the graph output it produces, else the source's
 * name of its first output (graph.h), else its label, else its op's name. */
static const char *hint_for(const nnvm_writer *W, const nnx_node *n, const char *op)
{
    for (uint32_t k = 0; k < W->n_outputs; k++)
        for (uint32_t o = 0; o < n->n_out; o++)
            if (W->outputs[k] == n->out[o] && W->output_names && W->output_names[k])
                return W->output_names[k];
    const char *source = n->n_out ? W->ir->values[n->out[0]].name : NULL;
    return source && source[0] ? source : n->label[0] ? n->label : op;
}

/* One NNVM node for n with n's inputs (NNX_NONE ones skipped) and outputs. */
static uint32_t simple(nnvm_writer *W, const nnx_node *n, const char *op)
{
    uint32_t node = nnvm_w_node(W, op, hint_for(W, n, op), n->n_out);
    if (node == NNX_NONE)
        return NNX_NONE;
    for (uint32_t k = 0; k < n->n_in; k++)
        if (n->in[k] != NNX_NONE && nnvm_w_input(W, node, n->in[k]) != NNX_OK)
            return NNX_NONE;
    for (uint32_t o = 0; o < n->n_out; o++) {
        W->nodes[node].out[o] = W->ir->values[n->out[o]].desc;
        nnvm_w_set(W, n->out[o], node, o);
    }
    return node;
}

#define SIMPLE(op) (simple(W, n, op) == NNX_NONE ? W->err->status : NNX_OK)

static const nnx_operand_desc *in_desc(const nnvm_writer *W, const nnx_node *n, uint32_t k)
{
    return &W->ir->values[n->in[k]].desc;
}

nnx_status nnvm_w_list_u32(nnvm_writer *W, uint32_t node, const char *key, const uint32_t *v, uint32_t count)
{
    int64_t items[NNX_MAX_RANK];
    for (uint32_t k = 0; k < count; k++)
        items[k] = v[k];
    return nnvm_w_attr_list(W, node, key, items, count);
}

/* [top, bottom, left, right] as NNVM padding: (h, w) when symmetric, else TVM's (top, left,
 * bottom, right). */
nnx_status nnvm_w_padding(nnvm_writer *W, uint32_t node, const int64_t p[4])
{
    for (int k = 0; k < 4; k++)
        if (p[k] < 0)
            return nnvm_w_unsupported(W, "negative padding");
    if (p[0] == p[1] && p[2] == p[3])
        return nnvm_w_attr_list(W, node, "padding", (int64_t[]){p[0], p[2]}, 2);
    return nnvm_w_attr_list(W, node, "padding", (int64_t[]){p[0], p[2], p[1], p[3]}, 4);
}

static nnx_status write_conv(nnvm_writer *W, const nnx_node *n, bool transposed)
{
    const nnx_operand_desc *x = in_desc(W, n, 0), *w = in_desc(W, n, 1);
    const uint32_t *strides = transposed ? n->attrs.deconv.strides : n->attrs.conv.strides;
    const uint32_t *dil = transposed ? n->attrs.deconv.dilations : n->attrs.conv.dilations;
    const int64_t *pads = transposed ? n->attrs.deconv.pads : n->attrs.conv.pads;
    uint32_t groups = transposed ? n->attrs.deconv.groups : n->attrs.conv.groups;
    if (x->rank != 4)
        return nnvm_w_unsupported(W, "NNVM convolutions are 2-D (the input is %u-D)", x->rank);
    if (!transposed &&
        ((n->attrs.conv.input_layout != NNX_LAYOUT_NCHW && n->attrs.conv.input_layout != NNX_LAYOUT_DEFAULT) ||
         (n->attrs.conv.filter_layout != NNX_FILTER_OIHW && n->attrs.conv.filter_layout != NNX_FILTER_DEFAULT)))
        return nnvm_w_unsupported(W, "layouts other than NCHW input and OIHW filter");
    bool bias = n->n_in > 2 && n->in[2] != NNX_NONE;
    uint32_t node = simple(W, n, transposed ? "conv2d_transpose" : "conv2d");
    if (node == NNX_NONE)
        return W->err->status;
    nnx_status st = nnvm_w_padding(W, node, pads);
    uint32_t channels = transposed ? w->shape[1] * groups : w->shape[0];
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "channels", "%u", channels);
    if (st == NNX_OK)
        st = nnvm_w_list_u32(W, node, "kernel_size", &w->shape[2], 2);
    if (st == NNX_OK)
        st = nnvm_w_list_u32(W, node, "strides", strides, 2);
    if (st == NNX_OK)
        st = nnvm_w_list_u32(W, node, "dilation", dil, 2);
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "groups", "%u", groups);
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "layout", "NCHW");
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "kernel_layout", "OIHW");
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "use_bias", bias ? "True" : "False");
    if (st == NNX_OK && transposed) {
        const nnx_attr_deconv *d = &n->attrs.deconv;
        int64_t extra[2] = {0, 0};
        for (int k = 0; d->has_output_sizes && k < 2; k++) {
            int64_t computed = ((int64_t)x->shape[2 + k] - 1) * d->strides[k] +
                ((int64_t)w->shape[2 + k] - 1) * d->dilations[k] + 1 - d->pads[2 * k] - d->pads[2 * k + 1];
            extra[k] = (int64_t)d->output_sizes[k] - computed;
        }
        st = nnvm_w_attr_list(W, node, "output_padding", extra, 2);
    }
    return st;
}

static nnx_status write_gemm(nnvm_writer *W, const nnx_node *n)
{
    const nnx_attr_gemm *g = &n->attrs.gemm;
    bool has_c = n->n_in > 2 && n->in[2] != NNX_NONE;
    if (g->alpha != 1.0 || (has_c && g->beta != 1.0))
        return nnvm_w_unsupported(W, "alpha %g and beta %g (NNVM's dense and matmul scale by 1)", g->alpha, g->beta);
    if (!g->trans_a && g->trans_b && (!has_c || in_desc(W, n, 2)->rank == 1)) {
        uint32_t node = simple(W, n, "dense");
        if (node == NNX_NONE)
            return W->err->status;
        nnx_status st = nnvm_w_attr(W, node, "units", "%u", in_desc(W, n, 1)->shape[0]);
        return st == NNX_OK ? nnvm_w_attr(W, node, "use_bias", has_c ? "True" : "False") : st;
    }
    if (has_c)
        return nnvm_w_unsupported(W, "a bias term with these transposes or of rank 2");
    uint32_t node = simple(W, n, "matmul");
    if (node == NNX_NONE)
        return W->err->status;
    nnx_status st = nnvm_w_attr(W, node, "transpose_a", g->trans_a ? "True" : "False");
    return st == NNX_OK ? nnvm_w_attr(W, node, "transpose_b", g->trans_b ? "True" : "False") : st;
}

static nnx_status axes_attr(nnvm_writer *W, uint32_t node, const char *key, uint32_t mask, uint32_t rank);

nnx_status nnvm_w_step(nnvm_writer *W, const nnx_node *n, const char *op, nnvm_wentry *e, const nnx_operand_desc *d,
                       uint32_t value)
{
    /* only the node giving the IR value takes the graph output's name (NNVM-14) */
    uint32_t node = nnvm_w_node(W, op, value != NNX_NONE ? hint_for(W, n, op) : n->label[0] ? n->label : op, 1);
    if (node == NNX_NONE)
        return W->err->status;
    nnx_status st = e->node == NNX_NONE ? nnvm_w_input(W, node, e->v) : nnvm_w_input_entry(W, node, e->node, 0);
    if (st != NNX_OK)
        return st;
    W->nodes[node].out[0] = *d;
    e->node = node;
    e->d = *d;
    if (value != NNX_NONE)
        nnvm_w_set(W, value, node, 0);
    return NNX_OK;
}

/* reshape(e) to d's shape (nothing when e already has it and is no IR output). */
static nnx_status mm_reshape(nnvm_writer *W, const nnx_node *n, nnvm_wentry *e, const nnx_operand_desc *d,
                             uint32_t value)
{
    if (value == NNX_NONE && e->d.rank == d->rank && memcmp(e->d.shape, d->shape, d->rank * sizeof *d->shape) == 0)
        return NNX_OK;
    uint32_t shape[NNX_MAX_RANK];
    memcpy(shape, d->shape, sizeof shape);
    nnx_status st = nnvm_w_step(W, n, "reshape", e, d, value);
    return st == NNX_OK ? nnvm_w_list_u32(W, e->node, "shape", shape, d->rank) : st;
}

/* Decision NNVM-18: core matmul as NNVM's forms. Both operands matrices: matmul. A 2-D right
 * operand: the left one's leading axes folded into rows (reshape), matmul, reshape back.
 * Otherwise TVM's batch_matmul (x [b, M, K], y [b, N, K] -> x · yᵀ): each operand
 * broadcast_to the result's batch axes when they differ, reshaped to 3-D, the right one
 * transposed to [b, N, K], and the [b, M, N] result reshaped to the output. */
static nnx_status write_matmul(nnvm_writer *W, const nnx_node *n)
{
    const nnx_operand_desc *a = in_desc(W, n, 0), *b = in_desc(W, n, 1), *o = &W->ir->values[n->out[0]].desc;
    if (a->rank < 2 || b->rank < 2)
        return nnvm_w_unsupported(W, "a %u-D operand (NNVM's matmul and batch_matmul take matrices)",
                                  a->rank < 2 ? a->rank : b->rank);
    if (a->rank == 2 && b->rank == 2)
        return SIMPLE("matmul");
    uint32_t r = o->rank, M = o->shape[r - 2], N = o->shape[r - 1], K = a->shape[a->rank - 1];
    uint64_t batch = 1;
    for (uint32_t k = 0; k + 2 < r; k++)
        batch *= o->shape[k];
    nnvm_wentry ea = {n->in[0], NNX_NONE, *a}, eb = {n->in[1], NNX_NONE, *b};
    nnx_status st;
    if (b->rank == 2) {
        if (batch * M > UINT32_MAX)
            return nnvm_w_unsupported(W, "more than 2^32 - 1 rows");
        nnx_operand_desc a2 = {a->dtype, 2, {(uint32_t)(batch * M), K}}, o2 = {o->dtype, 2, {(uint32_t)(batch * M), N}};
        if ((st = mm_reshape(W, n, &ea, &a2, NNX_NONE)) != NNX_OK)
            return st;
        uint32_t node = nnvm_w_node(W, "matmul", n->label[0] ? n->label : "matmul", 1);
        if (node == NNX_NONE)
            return W->err->status;
        if ((st = nnvm_w_input_entry(W, node, ea.node, 0)) != NNX_OK ||
            (st = nnvm_w_input(W, node, n->in[1])) != NNX_OK)
            return st;
        W->nodes[node].out[0] = o2;
        nnvm_wentry eo = {NNX_NONE, node, o2};
        return mm_reshape(W, n, &eo, o, n->out[0]);
    }
    if (batch > UINT32_MAX)
        return nnvm_w_unsupported(W, "a batch of more than 2^32 - 1 matrices");
    nnvm_wentry *ops[2] = {&ea, &eb};
    for (int i = 0; i < 2; i++) {
        nnvm_wentry *e = ops[i];
        nnx_operand_desc full = *o, flat = {e->d.dtype, 3, {(uint32_t)batch, 0, 0}};
        full.dtype = e->d.dtype;
        full.shape[r - 2] = e->d.shape[e->d.rank - 2];
        full.shape[r - 1] = e->d.shape[e->d.rank - 1];
        flat.shape[1] = full.shape[r - 2];
        flat.shape[2] = full.shape[r - 1];
        bool same = e->d.rank == r && memcmp(e->d.shape, full.shape, r * sizeof *full.shape) == 0;
        if (!same) {
            uint32_t shape[NNX_MAX_RANK];
            memcpy(shape, full.shape, sizeof shape);
            if ((st = nnvm_w_step(W, n, "broadcast_to", e, &full, NNX_NONE)) != NNX_OK ||
                (st = nnvm_w_list_u32(W, e->node, "shape", shape, r)) != NNX_OK)
                return st;
        }
        if ((st = mm_reshape(W, n, e, &flat, NNX_NONE)) != NNX_OK)
            return st;
    }
    nnx_operand_desc bt = {b->dtype, 3, {(uint32_t)batch, N, K}};
    if ((st = nnvm_w_step(W, n, "transpose", &eb, &bt, NNX_NONE)) != NNX_OK ||
        (st = nnvm_w_list_u32(W, eb.node, "axes", (const uint32_t[]){0, 2, 1}, 3)) != NNX_OK)
        return st;
    uint32_t node = nnvm_w_node(W, "batch_matmul",
                                r == 3            ? hint_for(W, n, "batch_matmul")
                                    : n->label[0] ? n->label
                                                  : "batch_matmul",
                                1);
    if (node == NNX_NONE)
        return W->err->status;
    if ((st = ea.node == NNX_NONE ? nnvm_w_input(W, node, ea.v) : nnvm_w_input_entry(W, node, ea.node, 0)) != NNX_OK ||
        (st = nnvm_w_input_entry(W, node, eb.node, 0)) != NNX_OK)
        return st;
    nnx_operand_desc o3 = {o->dtype, 3, {(uint32_t)batch, M, N}};
    W->nodes[node].out[0] = o3;
    nnvm_wentry eo = {NNX_NONE, node, o3};
    if (r == 3) {
        nnvm_w_set(W, n->out[0], node, 0);
        return NNX_OK;
    }
    return mm_reshape(W, n, &eo, o, n->out[0]);
}

nnx_status nnvm_w_binary(nnvm_writer *W, const nnx_node *n, const char *op, nnvm_wentry *a, const nnvm_wentry *b,
                         const nnx_operand_desc *d, uint32_t value)
{
    nnx_status st = nnvm_w_step(W, n, op, a, d, value);
    if (st != NNX_OK)
        return st;
    return b->node == NNX_NONE ? nnvm_w_input(W, a->node, b->v) : nnvm_w_input_entry(W, a->node, b->node, 0);
}

/* Decision NNVM-19: layer_normalization (NNVM has no operator for it) as NNVM operators with
 * its formula: m = mean(x, axes, keepdims), d = x − m, v = mean(d·d), (d / sqrt(v + epsilon))
 * · scale + bias, scale and bias reshaped to broadcast along the axes (float32 rounding of
 * each step, a few ulps from the core's once-rounded double). */
static nnx_status write_layer_norm(nnvm_writer *W, const nnx_node *n)
{
    const nnx_attr_norm *a = &n->attrs.norm;
    const nnx_operand_desc *x = in_desc(W, n, 0);
    if (!nnx_dtype_is_float(x->dtype))
        return nnvm_w_unsupported(W, "a %s layer normalization", nnx_dtype_name(x->dtype));
    uint32_t mask = 0;
    for (uint32_t k = 0; k < a->n_axes; k++) {
        if (k && a->axes[k] <= a->axes[k - 1])
            return nnvm_w_unsupported(W, "axes not in increasing order");
        mask |= 1u << a->axes[k];
    }
    nnx_operand_desc kd = *x, bd = *x;
    for (uint32_t k = 0; k < x->rank; k++) {
        kd.shape[k] = mask >> k & 1 ? 1 : x->shape[k];
        bd.shape[k] = mask >> k & 1 ? x->shape[k] : 1;
    }
    bool scale = n->n_in > 1 && n->in[1] != NNX_NONE, bias = n->n_in > 2 && n->in[2] != NNX_NONE;
    uint32_t out = n->out[0];
    nnvm_wentry e_x = {n->in[0], NNX_NONE, *x}, m = e_x, v;
    nnx_status st = nnvm_w_step(W, n, "mean", &m, &kd, NNX_NONE);
    if (st == NNX_OK && (st = axes_attr(W, m.node, "axis", mask, x->rank)) == NNX_OK)
        st = nnvm_w_attr(W, m.node, "keepdims", "True");
    nnvm_wentry d = e_x;
    if (st == NNX_OK)
        st = nnvm_w_binary(W, n, "broadcast_sub", &d, &m, x, NNX_NONE);
    v = d;
    if (st == NNX_OK)
        st = nnvm_w_binary(W, n, "broadcast_mul", &v, &d, x, NNX_NONE);
    if (st == NNX_OK && (st = nnvm_w_step(W, n, "mean", &v, &kd, NNX_NONE)) == NNX_OK &&
        (st = axes_attr(W, v.node, "axis", mask, x->rank)) == NNX_OK)
        st = nnvm_w_attr(W, v.node, "keepdims", "True");
    if (st == NNX_OK && (st = nnvm_w_step(W, n, "__add_scalar__", &v, &kd, NNX_NONE)) == NNX_OK)
        st = nnvm_w_attr(W, v.node, "scalar", "%.17g", a->epsilon);
    if (st == NNX_OK)
        st = nnvm_w_step(W, n, "sqrt", &v, &kd, NNX_NONE);
    if (st == NNX_OK)
        st = nnvm_w_binary(W, n, "broadcast_div", &d, &v, x, scale || bias ? NNX_NONE : out);
    for (int i = 0; i < 2 && st == NNX_OK; i++) {
        if (!(i ? bias : scale))
            continue;
        const nnx_operand_desc *pd = in_desc(W, n, 1 + i);
        nnvm_wentry p = {n->in[1 + i], NNX_NONE, *pd};
        nnx_operand_desc r = bd;
        r.dtype = pd->dtype;
        if ((st = mm_reshape(W, n, &p, &r, NNX_NONE)) == NNX_OK)
            st = nnvm_w_binary(W, n, i ? "broadcast_add" : "broadcast_mul", &d, &p, x, i || !bias ? out : NNX_NONE);
    }
    return st;
}

static nnx_status write_pool(nnvm_writer *W, const nnx_node *n, const char *op)
{
    const nnx_attr_pool *p = &n->attrs.pool;
    if (p->dilations[0] > 1 || p->dilations[1] > 1)
        return nnvm_w_unsupported(W, "dilated pooling");
    if (p->has_output_sizes)
        return nnvm_w_unsupported(W, "explicit output sizes");
    if (p->nan_mode != NNX_NAN_PROPAGATE)
        return nnvm_w_unsupported(W, "NaN mode 'ignore'");
    uint32_t node = simple(W, n, op);
    if (node == NNX_NONE)
        return W->err->status;
    int64_t pads[4] = {p->pads[0], p->pads[1], p->pads[2], p->pads[3]};
    nnx_status st = nnvm_w_padding(W, node, pads);
    if (st == NNX_OK)
        st = nnvm_w_list_u32(W, node, "pool_size", p->window, 2);
    if (st == NNX_OK)
        st = nnvm_w_list_u32(W, node, "strides", p->strides, 2);
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "layout", p->layout == NNX_LAYOUT_NHWC ? "NHWC" : "NCHW");
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "ceil_mode", p->rounding == NNX_ROUNDING_CEIL ? "True" : "False");
    if (st == NNX_OK && n->op == NNX_OP_AVG_POOL)
        st = nnvm_w_attr(W, node, "count_include_pad", "False");
    return st;
}

static nnx_status axes_attr(nnvm_writer *W, uint32_t node, const char *key, uint32_t mask, uint32_t rank)
{
    int64_t axes[NNX_MAX_RANK];
    uint32_t n = 0;
    for (uint32_t k = 0; k < rank; k++)
        if (mask >> k & 1)
            axes[n++] = k;
    return nnvm_w_attr_list(W, node, key, axes, n);
}

static nnx_status write_reduce(nnvm_writer *W, const nnx_node *n, const char *op)
{
    const nnx_attr_reduce *r = &n->attrs.reduce;
    uint32_t rank = in_desc(W, n, 0)->rank;
    if ((n->op == NNX_OP_REDUCE_MAX || n->op == NNX_OP_REDUCE_MIN) && r->nan_mode != NNX_NAN_PROPAGATE)
        return nnvm_w_unsupported(W, "NaN mode 'ignore'");
    if (!r->axes_mask) /* no axis reduced: the identity (NNVM's empty axis list means all) */
        return SIMPLE("copy");
    bool arg = n->op == NNX_OP_REDUCE_ARGMAX || n->op == NNX_OP_REDUCE_ARGMIN;
    if (arg && (n->attrs.arg_reduce.index_dtype != NNX_INT32 || (r->axes_mask & (r->axes_mask - 1))))
        return nnvm_w_unsupported(W, "NNVM's argmax/argmin take one axis and give int32 indices");
    uint32_t node = simple(W, n, op);
    if (node == NNX_NONE)
        return W->err->status;
    nnx_status st = axes_attr(W, node, "axis", r->axes_mask, rank);
    return st == NNX_OK ? nnvm_w_attr(W, node, "keepdims", r->keep_dims ? "True" : "False") : st;
}

/* all / any over bool: NNVM has no logical reductions, but min / max of the 0/1 values as
 * uint8, cast back to bool, are exactly them. */
static nnx_status write_logical_reduce(nnvm_writer *W, const nnx_node *n, const char *op)
{
    const nnx_attr_reduce *r = &n->attrs.reduce;
    const nnx_operand_desc *x = in_desc(W, n, 0), *y = &W->ir->values[n->out[0]].desc;
    if (!r->axes_mask)
        return SIMPLE("copy");
    if (x->dtype != NNX_BOOL)
        return nnvm_w_unsupported(W, "logical reduction of %s", nnx_dtype_name(x->dtype));
    uint32_t to8 = nnvm_w_node(W, "cast", n->label[0] ? n->label : "cast", 1);
    nnx_status st = to8 == NNX_NONE ? W->err->status : nnvm_w_input(W, to8, n->in[0]);
    if (st == NNX_OK)
        st = nnvm_w_attr(W, to8, "dtype", "uint8");
    if (st != NNX_OK)
        return st;
    W->nodes[to8].out[0] = *x;
    W->nodes[to8].out[0].dtype = NNX_UINT8;
    uint32_t red = nnvm_w_node(W, op, n->label[0] ? n->label : op, 1);
    if (red == NNX_NONE || (st = nnvm_w_input_entry(W, red, to8, 0)) != NNX_OK ||
        (st = axes_attr(W, red, "axis", r->axes_mask, x->rank)) != NNX_OK ||
        (st = nnvm_w_attr(W, red, "keepdims", r->keep_dims ? "True" : "False")) != NNX_OK)
        return red == NNX_NONE ? W->err->status : st;
    W->nodes[red].out[0] = *y;
    W->nodes[red].out[0].dtype = NNX_UINT8;
    uint32_t back = nnvm_w_node(W, "cast", hint_for(W, n, "cast"), 1);
    if (back == NNX_NONE || (st = nnvm_w_input_entry(W, back, red, 0)) != NNX_OK)
        return back == NNX_NONE ? W->err->status : st;
    W->nodes[back].out[0] = *y;
    nnvm_w_set(W, n->out[0], back, 0);
    return nnvm_w_attr(W, back, "dtype", "bool");
}

/* batch_norm takes gamma and beta always: an absent scale or bias becomes a variable of ones
 * or zeros that scale=False / center=False tell the reader to ignore. */
static nnx_status write_batch_norm(nnvm_writer *W, const nnx_node *n)
{
    const nnx_attr_norm *a = &n->attrs.norm;
    const nnx_operand_desc *mean = in_desc(W, n, 1);
    bool scale = n->n_in > 3 && n->in[3] != NNX_NONE, center = n->n_in > 4 && n->in[4] != NNX_NONE;
    uint32_t node, dummy = NNX_NONE;
    nnx_status st = NNX_OK;
    if (!scale || !center) {
        size_t bytes;
        nnx_desc_bytes(mean, &bytes);
        uint8_t *zeros = nnx_arena_alloc(&W->arena, bytes ? bytes : 1);
        if (!zeros)
            return nnx_error_set(W->err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        st = nnvm_w_const(W, mean, zeros, bytes, &dummy);
    }
    if (st != NNX_OK || (node = nnvm_w_node(W, "batch_norm", hint_for(W, n, "batch_norm"), 3)) == NNX_NONE)
        return st != NNX_OK ? st : W->err->status;
    st = nnvm_w_input(W, node, n->in[0]);
    if (st == NNX_OK)
        st = scale ? nnvm_w_input(W, node, n->in[3]) : nnvm_w_input_entry(W, node, dummy, 0);
    if (st == NNX_OK)
        st = center ? nnvm_w_input(W, node, n->in[4]) : nnvm_w_input_entry(W, node, dummy, 0);
    if (st == NNX_OK)
        st = nnvm_w_input(W, node, n->in[1]);
    if (st == NNX_OK)
        st = nnvm_w_input(W, node, n->in[2]);
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "axis", "%u", a->axis);
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "epsilon", "%.17g", a->epsilon);
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "scale", scale ? "True" : "False");
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "center", center ? "True" : "False");
    W->nodes[node].out[0] = W->ir->values[n->out[0]].desc;
    W->nodes[node].out[1] = *mean;
    W->nodes[node].out[2] = *in_desc(W, n, 2);
    nnvm_w_set(W, n->out[0], node, 0);
    return st;
}

static nnx_status write_scalar(nnvm_writer *W, uint32_t node, const char *key, nnx_dtype dt, nnx_scalar s)
{
    switch (nnx_dtype_kind_of(dt)) {
    case NNX_KIND_FLOAT: return nnvm_w_attr(W, node, key, "%.17g", s.f);
    case NNX_KIND_SINT: return nnvm_w_attr(W, node, key, "%lld", (long long)s.i);
    default: return nnvm_w_attr(W, node, key, "%llu", (unsigned long long)s.u);
    }
}

static nnx_status write_pad(nnvm_writer *W, const nnx_node *n)
{
    const nnx_attr_pad *p = &n->attrs.pad;
    const nnx_operand_desc *x = in_desc(W, n, 0);
    if (p->mode != NNX_PAD_CONSTANT)
        return nnvm_w_unsupported(W, "NNVM pads with a constant only");
    char buf[512];
    size_t len = 0;
    len += (size_t)snprintf(buf, sizeof buf, "(");
    for (uint32_t k = 0; k < x->rank; k++) {
        if (p->begin[k] < 0 || p->end[k] < 0)
            return nnvm_w_unsupported(W, "negative padding");
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s(%d, %d)", k ? ", " : "", p->begin[k], p->end[k]);
    }
    snprintf(buf + len, sizeof buf - len, x->rank == 1 ? ",)" : ")");
    uint32_t node = simple(W, n, "pad");
    if (node == NNX_NONE)
        return W->err->status;
    nnx_status st = nnvm_w_attr(W, node, "pad_width", "%s", buf);
    return st == NNX_OK ? write_scalar(W, node, "pad_value", x->dtype, p->value) : st;
}

static nnx_status write_split(nnvm_writer *W, const nnx_node *n)
{
    int64_t cuts[64];
    if (n->n_out > 65)
        return nnvm_w_unsupported(W, "more than 65 parts");
    int64_t at = 0;
    for (uint32_t k = 0; k + 1 < n->n_out; k++)
        cuts[k] = at += n->attrs.split.sizes[k];
    uint32_t node = simple(W, n, "split");
    if (node == NNX_NONE)
        return W->err->status;
    nnx_status st = nnvm_w_attr_list(W, node, "indices_or_sections", cuts, n->n_out - 1);
    return st == NNX_OK ? nnvm_w_attr(W, node, "axis", "%u", n->attrs.split.axis) : st;
}

static nnx_status write_slice(nnvm_writer *W, const nnx_node *n)
{
    const nnx_attr_slice *s = &n->attrs.slice;
    uint32_t rank = in_desc(W, n, 0)->rank;
    int64_t b[NNX_MAX_RANK], e[NNX_MAX_RANK], st_[NNX_MAX_RANK];
    for (uint32_t k = 0; k < rank; k++) {
        b[k] = s->starts[k];
        st_[k] = s->strides[k] ? s->strides[k] : 1;
        e[k] = b[k] + s->sizes[k]; /* the core's size is the window before striding */
    }
    uint32_t node = simple(W, n, "strided_slice");
    if (node == NNX_NONE)
        return W->err->status;
    nnx_status st = nnvm_w_attr_list(W, node, "begin", b, rank);
    if (st == NNX_OK)
        st = nnvm_w_attr_list(W, node, "end", e, rank);
    return st == NNX_OK ? nnvm_w_attr_list(W, node, "stride", st_, rank) : st;
}

/* reverse over several axes: one reverse node per axis (each exact). */
static nnx_status write_reverse(nnvm_writer *W, const nnx_node *n)
{
    uint32_t mask = n->attrs.reverse.axes_mask, rank = in_desc(W, n, 0)->rank;
    if (!mask)
        return SIMPLE("copy");
    uint32_t src_node = NNX_NONE, src_index = 0;
    for (uint32_t k = 0; k < rank; k++) {
        if (!(mask >> k & 1))
            continue;
        bool last = !(mask >> (k + 1));
        uint32_t node = nnvm_w_node(W, "reverse", hint_for(W, n, "reverse"), 1);
        nnx_status st = node == NNX_NONE ? W->err->status
            : src_node == NNX_NONE       ? nnvm_w_input(W, node, n->in[0])
                                         : nnvm_w_input_entry(W, node, src_node, src_index);
        if (st == NNX_OK)
            st = nnvm_w_attr(W, node, "axis", "%u", k);
        if (st != NNX_OK)
            return st;
        W->nodes[node].out[0] = W->ir->values[n->out[0]].desc;
        src_node = node, src_index = 0;
        if (last)
            nnvm_w_set(W, n->out[0], node, 0);
    }
    return NNX_OK;
}

static nnx_status write_upsampling(nnvm_writer *W, const nnx_node *n, bool bilinear)
{
    const nnx_operand_desc *x = in_desc(W, n, 0), *y = &W->ir->values[n->out[0]].desc;
    uint32_t scale = x->rank == 4 && x->shape[2] ? y->shape[2] / x->shape[2] : 0;
    bool ok = x->rank == 4 && scale >= 1 && y->shape[2] == x->shape[2] * scale && y->shape[3] == x->shape[3] * scale;
    if (bilinear) {
        const nnx_attr_upsample *u = &n->attrs.upsample;
        ok = ok && u->factor[0] == 1 && u->factor[1] == 1 && u->factor[2] == scale && u->factor[3] == scale &&
            u->method == NNX_UPSAMPLE_ALIGNED && u->border == NNX_WINDOW_REPLICATE;
    } else {
        const nnx_attr_resample *r = &n->attrs.resample;
        ok = ok && r->mode == NNX_RESAMPLE_NEAREST && r->axes[0] == 2 && r->axes[1] == 3;
    }
    if (!ok)
        return nnvm_w_unsupported(W,
                                  "NNVM upsampling scales H and W of NCHW by one integer (nearest, or bilinear "
                                  "with aligned corners)");
    uint32_t node = simple(W, n, "upsampling");
    if (node == NNX_NONE)
        return W->err->status;
    nnx_status st = nnvm_w_attr(W, node, "scale", "%u", scale);
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "layout", "NCHW");
    return st == NNX_OK ? nnvm_w_attr(W, node, "method", bilinear ? "BILINEAR" : "NEAREST_NEIGHBOR") : st;
}

static nnx_status write_prelu(nnvm_writer *W, const nnx_node *n)
{
    const nnx_operand_desc *x = in_desc(W, n, 0), *s = in_desc(W, n, 1);
    bool ok = s->rank >= 1 && s->rank <= x->rank && s->shape[0] == x->shape[x->rank - s->rank];
    for (uint32_t k = 1; ok && k < s->rank; k++)
        ok = s->shape[k] == 1;
    if (!ok)
        return nnvm_w_unsupported(W, "NNVM's prelu takes one slope per channel of one axis");
    uint32_t axis = x->rank - s->rank, alpha = NNX_NONE;
    nnx_status st = NNX_OK;
    if (s->rank > 1) { /* alpha [C, 1, …] -> [C] */
        alpha = nnvm_w_node(W, "reshape", "alpha", 1);
        if (alpha == NNX_NONE || (st = nnvm_w_input(W, alpha, n->in[1])) != NNX_OK ||
            (st = nnvm_w_attr(W, alpha, "shape", "(%u,)", s->shape[0])) != NNX_OK)
            return alpha == NNX_NONE ? W->err->status : st;
        W->nodes[alpha].out[0] = (nnx_operand_desc){.dtype = s->dtype, .rank = 1, .shape = {s->shape[0]}};
    }
    uint32_t node = nnvm_w_node(W, "prelu", hint_for(W, n, "prelu"), 1);
    if (node == NNX_NONE)
        return W->err->status;
    st = nnvm_w_input(W, node, n->in[0]);
    if (st == NNX_OK)
        st = alpha == NNX_NONE ? nnvm_w_input(W, node, n->in[1]) : nnvm_w_input_entry(W, node, alpha, 0);
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "axis", "%u", axis);
    W->nodes[node].out[0] = W->ir->values[n->out[0]].desc;
    nnvm_w_set(W, n->out[0], node, 0);
    return st;
}

/* A comparison: NNVM's gives 1/0 in the operands' type, so a cast to bool follows. */
static nnx_status write_compare(nnvm_writer *W, const nnx_node *n, const char *op)
{
    uint32_t cmp = nnvm_w_node(W, op, n->label[0] ? n->label : op, 1);
    nnx_status st = cmp == NNX_NONE ? W->err->status : nnvm_w_input(W, cmp, n->in[0]);
    if (st == NNX_OK)
        st = nnvm_w_input(W, cmp, n->in[1]);
    if (st != NNX_OK)
        return st;
    W->nodes[cmp].out[0] = W->ir->values[n->out[0]].desc;
    W->nodes[cmp].out[0].dtype = in_desc(W, n, 0)->dtype;
    if (!nnx_tvm_dtype_name(W->nodes[cmp].out[0].dtype))
        return nnvm_w_unsupported(W, "TVM has no data type %s", nnx_dtype_name(W->nodes[cmp].out[0].dtype));
    uint32_t cast = nnvm_w_node(W, "cast", hint_for(W, n, "cast"), 1);
    if (cast == NNX_NONE || (st = nnvm_w_input_entry(W, cast, cmp, 0)) != NNX_OK)
        return cast == NNX_NONE ? W->err->status : st;
    W->nodes[cast].out[0] = W->ir->values[n->out[0]].desc;
    nnvm_w_set(W, n->out[0], cast, 0);
    return nnvm_w_attr(W, cast, "dtype", "bool");
}

static const struct {
    nnx_op op;
    const char *name;
} kSimple[] = {
    {NNX_OP_RELU, "relu"},
    {NNX_OP_SIGMOID, "sigmoid"},
    {NNX_OP_TANH, "tanh"},
    {NNX_OP_EXP, "exp"},
    {NNX_OP_LOG, "log"},
    {NNX_OP_SQRT, "sqrt"},
    {NNX_OP_NEG, "negative"},
    {NNX_OP_ABS, "abs"},
    {NNX_OP_FLOOR, "floor"},
    {NNX_OP_CEIL, "ceil"},
    {NNX_OP_LOGICAL_NOT, "logical_not"},
    {NNX_OP_ADD, "broadcast_add"},
    {NNX_OP_SUB, "broadcast_sub"},
    {NNX_OP_MUL, "broadcast_mul"},
    {NNX_OP_DIV, "broadcast_div"},
    {NNX_OP_POW, "broadcast_pow"},
    {NNX_OP_LOGICAL_AND, "logical_and"},
    {NNX_OP_LOGICAL_OR, "logical_or"},
    {NNX_OP_WHERE, "where"},
};

nnx_status nnvm_w_core_node(nnvm_writer *W, const nnx_node *n)
{
    for (size_t k = 0; k < sizeof kSimple / sizeof *kSimple; k++)
        if (kSimple[k].op == n->op)
            return SIMPLE(kSimple[k].name);
    const nnx_operand_desc *x = n->n_in ? in_desc(W, n, 0) : NULL;
    uint32_t node;
    nnx_status st;
    switch (n->op) {
    case NNX_OP_GREATER: return write_compare(W, n, "broadcast_greater");
    case NNX_OP_LESS: return write_compare(W, n, "broadcast_less");
    case NNX_OP_GREATER_EQUAL: return write_compare(W, n, "broadcast_greater_equal");
    case NNX_OP_LESS_EQUAL: return write_compare(W, n, "broadcast_less_equal");
    case NNX_OP_EQUAL: return write_compare(W, n, "broadcast_equal");
    case NNX_OP_NOT_EQUAL: return write_compare(W, n, "broadcast_not_equal");
    case NNX_OP_MAX:
    case NNX_OP_MIN:
        if (n->attrs.nan.nan_mode != NNX_NAN_PROPAGATE)
            return nnvm_w_unsupported(W, "NaN mode 'ignore'");
        return SIMPLE(n->op == NNX_OP_MAX ? "broadcast_max" : "broadcast_min");
    case NNX_OP_CLAMP:
        if (n->attrs.clamp.nan_mode != NNX_NAN_PROPAGATE)
            return nnvm_w_unsupported(W, "NaN mode 'ignore'");
        if ((node = simple(W, n, "clip")) == NNX_NONE)
            return W->err->status;
        st = write_scalar(W, node, "a_min", x->dtype, n->attrs.clamp.lo);
        return st == NNX_OK ? write_scalar(W, node, "a_max", x->dtype, n->attrs.clamp.hi) : st;
    case NNX_OP_CAST:
        if (n->attrs.cast.saturation != NNX_CAST_SATURATION_DEFAULT || n->attrs.cast.wrap ||
            n->attrs.cast.e8m0_rounding != NNX_E8M0_ROUND_UP)
            return nnvm_w_unsupported(W, "cast to %s with ONNX's saturate, round_mode or wrapping",
                                      nnx_dtype_name(n->attrs.cast.to));
        if (n->attrs.cast.rounding != NNX_CAST_TRUNCATE || !nnx_tvm_dtype_name(n->attrs.cast.to))
            return nnvm_w_unsupported(W, "cast to %s%s", nnx_dtype_name(n->attrs.cast.to),
                                      n->attrs.cast.rounding != NNX_CAST_TRUNCATE ? " rounding to nearest" : "");
        if ((node = simple(W, n, "cast")) == NNX_NONE)
            return W->err->status;
        return nnvm_w_attr(W, node, "dtype", "%s", nnx_tvm_dtype_name(n->attrs.cast.to));
    case NNX_OP_LEAKY_RELU:
        if ((node = simple(W, n, "leaky_relu")) == NNX_NONE)
            return W->err->status;
        return nnvm_w_attr(W, node, "alpha", "%.17g", n->attrs.activation.alpha);
    case NNX_OP_PRELU: return write_prelu(W, n);
    case NNX_OP_GEMM: return write_gemm(W, n);
    case NNX_OP_MATMUL: return write_matmul(W, n);
    case NNX_OP_CONV: return write_conv(W, n, false);
    case NNX_OP_DECONV: return write_conv(W, n, true);
    case NNX_OP_AVG_POOL: return write_pool(W, n, "avg_pool2d");
    case NNX_OP_MAX_POOL: return write_pool(W, n, "max_pool2d");
    case NNX_OP_SOFTMAX:
        if ((node = simple(W, n, "softmax")) == NNX_NONE)
            return W->err->status;
        return nnvm_w_attr(W, node, "axis", "%u", n->attrs.axis.axis);
    case NNX_OP_RESHAPE:
        if ((node = simple(W, n, "reshape")) == NNX_NONE)
            return W->err->status;
        return nnvm_w_list_u32(W, node, "shape", n->attrs.reshape.shape, n->attrs.reshape.rank);
    case NNX_OP_TRANSPOSE:
        if ((node = simple(W, n, "transpose")) == NNX_NONE)
            return W->err->status;
        return nnvm_w_list_u32(W, node, "axes", n->attrs.transpose.perm, x->rank);
    case NNX_OP_CONCAT:
        if ((node = simple(W, n, "concatenate")) == NNX_NONE)
            return W->err->status;
        return nnvm_w_attr(W, node, "axis", "%u", n->attrs.axis.axis);
    case NNX_OP_SLICE: return write_slice(W, n);
    case NNX_OP_SPLIT: return write_split(W, n);
    case NNX_OP_PAD: return write_pad(W, n);
    case NNX_OP_TILE:
        if ((node = simple(W, n, "tile")) == NNX_NONE)
            return W->err->status;
        return nnvm_w_list_u32(W, node, "reps", n->attrs.tile.repeats, x->rank);
    case NNX_OP_EXPAND:
        if ((node = simple(W, n, "broadcast_to")) == NNX_NONE)
            return W->err->status;
        return nnvm_w_list_u32(W, node, "shape", n->attrs.reshape.shape, n->attrs.reshape.rank);
    case NNX_OP_REVERSE: return write_reverse(W, n);
    case NNX_OP_GATHER:
        if ((node = simple(W, n, "take")) == NNX_NONE)
            return W->err->status;
        return nnvm_w_attr(W, node, "axis", "%u", n->attrs.axis.axis);
    case NNX_OP_REDUCE_SUM: return write_reduce(W, n, "sum");
    case NNX_OP_REDUCE_MEAN: return write_reduce(W, n, "mean");
    case NNX_OP_REDUCE_MAX: return write_reduce(W, n, "max");
    case NNX_OP_REDUCE_MIN: return write_reduce(W, n, "min");
    case NNX_OP_REDUCE_PRODUCT: return write_reduce(W, n, "prod");
    case NNX_OP_REDUCE_ARGMAX: return write_reduce(W, n, "argmax");
    case NNX_OP_REDUCE_ARGMIN: return write_reduce(W, n, "argmin");
    case NNX_OP_REDUCE_ALL: return write_logical_reduce(W, n, "min");
    case NNX_OP_REDUCE_ANY: return write_logical_reduce(W, n, "max");
    case NNX_OP_BATCH_NORMALIZATION: return write_batch_norm(W, n);
    case NNX_OP_LAYER_NORMALIZATION: return write_layer_norm(W, n);
    case NNX_OP_MULTILINEAR_UPSAMPLE: return write_upsampling(W, n, true);
    case NNX_OP_RESAMPLE: return write_upsampling(W, n, false);
    case NNX_OP_COMPILED_FUNCTION:
        if ((node = nnvm_w_node(W, "tvm_op", n->attrs.compiled.function, n->n_out)) == NNX_NONE)
            return W->err->status;
        for (uint32_t k = 0; k < n->n_in; k++)
            if ((st = nnvm_w_input(W, node, n->in[k])) != NNX_OK)
                return st;
        for (uint32_t o = 0; o < n->n_out; o++) {
            W->nodes[node].out[o] = W->ir->values[n->out[o]].desc;
            nnvm_w_set(W, n->out[o], node, o);
        }
        st = nnvm_w_attr(W, node, "func_name", "%s", n->attrs.compiled.function);
        if (st == NNX_OK)
            st = nnvm_w_attr(W, node, "num_inputs", "%u", n->n_in);
        if (st == NNX_OK)
            st = nnvm_w_attr(W, node, "num_outputs", "%u", n->n_out);
        if (st == NNX_OK)
            st = nnvm_w_attr(W, node, "flatten_data", "%u", n->attrs.compiled.flatten_data ? 1u : 0u);
        return st;
    case NNX_OP_RCP: /* 1 / x */
        if ((node = simple(W, n, "__rdiv_scalar__")) == NNX_NONE)
            return W->err->status;
        return nnvm_w_attr(W, node, "scalar", "1");
    default: {
        bool handled;
        st = nnvm_w_tosa_node(W, n, &handled);
        return handled ? st : nnvm_w_unsupported(W, "NNVM has no operator with its meaning");
    }
    }
}
