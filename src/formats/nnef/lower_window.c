/* lower_window.c — lowering NNEF's sliding-window operations (nnef.md §3.0): conv to the
 * core's 2-D NCHW convolution; box, argmax_pool and sample to the core window ops; max_pool
 * and avg_pool to the 2-D core pools when they fit, else to their chapter-4 definitions. */
#include "formats/nnef/lower_internal.h"
#include "formats/nnef/shapes.h"
#include "ir/dtypes.h"

#include <string.h>

/* ---------------------------------------------------------------- sliding windows */

/* padding of the spatial dims (from index first), explicit or automatic (§4.3), as
 * [beginH, endH, beginW, endW]; false when a value does not fit the core (negative). */
static bool window_pads(lowerer *L, const uint32_t *in, const uint32_t *out, const int64_t *size, const int64_t *stride,
                        const int64_t *dilation, uint32_t first, uint32_t pads[4])
{
    const nnx_nnef_value *p = lw_arg(L, "padding");
    for (uint32_t k = 0; k < 2; k++) {
        int64_t b, e;
        if (p && p->count) {
            const nnx_nnef_value *pair = &p->u.items[first + k];
            b = pair->u.items[0].u.integer;
            e = pair->u.items[1].u.integer;
        } else if (!nnx_nnef_auto_padding(in[2 + k], out[2 + k], size[k], stride[k], dilation[k], &b, &e)) {
            return false;
        }
        if (b < 0 || e < 0 || b > UINT32_MAX || e > UINT32_MAX)
            return false;
        pads[2 * k] = (uint32_t)b;
        pads[2 * k + 1] = (uint32_t)e;
    }
    return true;
}

/* stride / dilation of the spatial dims: the last two items, or 1s for []. */
static bool window_steps(lowerer *L, const char *name, uint32_t expect, int64_t out[2])
{
    int64_t v[NNX_MAX_RANK];
    int32_t n = lw_ints_arg(L, name, v, NNX_MAX_RANK);
    out[0] = out[1] = 1;
    if (n == 0)
        return true;
    if (n != (int32_t)expect)
        return false;
    for (uint32_t i = 0; i + 2 < expect; i++)
        if (v[i] != 1)
            return false;
    out[0] = v[expect - 2];
    out[1] = v[expect - 1];
    return out[0] > 0 && out[1] > 0 && out[0] <= UINT32_MAX && out[1] <= UINT32_MAX;
}

nnx_status lw_lower_conv(lowerer *L)
{
    const nnx_nnef_value *xv = lw_arg(L, "input"), *fv = lw_arg(L, "filter"), *bv = lw_arg(L, "bias");
    if (xv->kind != NNX_NNEF_VALUE_TENSOR || fv->kind != NNX_NNEF_VALUE_TENSOR)
        return lw_unsupported(L, "input and filter must be tensors");
    const nnx_nnef_flat_tensor *x = &L->g->tensors[xv->u.tensor], *f = &L->g->tensors[fv->u.tensor];
    uint32_t t;
    const nnx_nnef_flat_tensor *y = lw_result_tensor(L, "output", &t);
    if (x->rank != 4)
        return lw_unsupported(L, "only 2-D convolution (rank-4 input) runs so far");
    if (strcmp(lw_string_arg(L, "border"), "constant") != 0)
        return lw_unsupported(L, "border '%s' (only 'constant' runs so far)", lw_string_arg(L, "border"));
    int64_t stride[2], dilation[2], size[2] = {f->shape[2], f->shape[3]};
    nnx_attrs a = {.conv = {.input_layout = NNX_LAYOUT_NCHW, .filter_layout = NNX_FILTER_OIHW}};
    if (!window_steps(L, "stride", 2, stride) || !window_steps(L, "dilation", 2, dilation))
        return lw_unsupported(L, "this stride or dilation");
    /* spatial-only arrays: window_steps wants rank-2 arrays; conv's have one item per spatial dim */
    if (!window_pads(L, x->shape, y->shape, size, stride, dilation, 0, a.conv.pads))
        return lw_unsupported(L, "negative padding");
    int64_t groups = lw_int_arg(L, "groups");
    a.conv.groups = groups == 0 ? x->shape[1] : (uint32_t)groups;
    for (int k = 0; k < 2; k++) {
        a.conv.strides[k] = (uint32_t)stride[k];
        a.conv.dilations[k] = (uint32_t)dilation[k];
    }
    uint32_t in[3] = {L->value_of[xv->u.tensor], L->value_of[fv->u.tensor], NNX_NONE}, out;
    nnx_status st = NNX_OK;
    bool zero_bias = (bv->kind == NNX_NNEF_VALUE_SCALAR && bv->u.scalar == 0.0) ||
                     (bv->kind == NNX_NNEF_VALUE_INTEGER && bv->u.integer == 0);
    if (!zero_bias && bv->kind != NNX_NNEF_VALUE_TENSOR)
        return lw_unsupported(L, "a non-zero literal bias");
    if (bv->kind == NNX_NNEF_VALUE_TENSOR) { /* [1, C] (or [C]) -> [C] */
        uint32_t c = y->shape[1];
        st = lw_operand(L, bv, NNX_FLOAT32, &in[2]);
        if (st == NNX_OK)
            st = lw_reshape_to(L, in[2], &c, 1, &in[2]);
    }
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_CONV, in, 3, &a, 1, &out);
    return st == NNX_OK ? lw_bind(L, "output", out) : st;
}

/* The window attributes of box / argmax_pool / sample / max_pool / avg_pool from x (input
 * tensor) to y (result tensor): one item per dimension (nnef.md §3.0), [] stride / dilation
 * = 1s, [] padding = automatic, resolved per dimension by nnx_nnef_auto_padding. */
static nnx_status window_attrs(lowerer *L, const nnx_nnef_flat_tensor *x, const nnx_nnef_flat_tensor *y,
                               nnx_attr_window *w)
{
    static const char *const borders[] = {"ignore", "constant", "replicate", "reflect", "reflect-even"};
    int64_t size[NNX_MAX_RANK], stride[NNX_MAX_RANK], dilation[NNX_MAX_RANK];
    uint32_t r = x->rank;
    const char *border = lw_string_arg(L, "border");
    memset(w, 0, sizeof *w);
    w->border = (nnx_window_border)5;
    for (uint32_t i = 0; i < 5; i++)
        if (strcmp(border, borders[i]) == 0)
            w->border = (nnx_window_border)i;
    if ((uint32_t)w->border == 5)
        return lw_unsupported(L, "border '%s'", border);
    int32_t ns = lw_ints_arg(L, "size", size, NNX_MAX_RANK), nt = lw_ints_arg(L, "stride", stride, NNX_MAX_RANK),
            nd = lw_ints_arg(L, "dilation", dilation, NNX_MAX_RANK);
    const nnx_nnef_value *p = lw_arg(L, "padding");
    uint32_t np = p && p->kind == NNX_NNEF_VALUE_ARRAY ? p->count : 0;
    if (ns != (int32_t)r || (nt != 0 && nt != (int32_t)r) || (nd != 0 && nd != (int32_t)r) || (np != 0 && np != r) ||
        y->rank != r)
        return lw_unsupported(L, "window arrays of another length than the rank %u", r);
    for (uint32_t k = 0; k < r; k++) {
        int64_t s = nt ? stride[k] : 1, d = nd ? dilation[k] : 1, b, e;
        if (np) {
            b = p->u.items[k].u.items[0].u.integer;
            e = p->u.items[k].u.items[1].u.integer;
        } else if (!nnx_nnef_auto_padding(x->shape[k], y->shape[k], size[k], s, d, &b, &e)) {
            return lw_unsupported(L, "automatic padding of dimension %u overflows", k);
        }
        if (size[k] < 1 || size[k] > INT32_MAX || s < 1 || s > INT32_MAX || d < 1 || d > INT32_MAX ||
            b < INT32_MIN || b > INT32_MAX || e < INT32_MIN || e > INT32_MAX)
            return lw_unsupported(L, "window parameters of dimension %u beyond 32 bits", k);
        w->size[k] = (int32_t)size[k];
        w->stride[k] = (int32_t)s;
        w->dilation[k] = (int32_t)d;
        w->pad_begin[k] = (int32_t)b;
        w->pad_end[k] = (int32_t)e;
    }
    return NNX_OK;
}

/* box(normalize), argmax_pool (int32 index) and sample(input, index); max_pool = argmax_pool
 * then sample, avg_pool = box(normalize = true): their chapter-4 bodies (nnef.md §3.1
 * compound pooling). */
nnx_status lw_lower_window(lowerer *L, nnx_op op)
{
    const nnx_nnef_value *xv = lw_arg(L, "input");
    bool is_max = strcmp(L->op->name, "max_pool") == 0, is_avg = strcmp(L->op->name, "avg_pool") == 0;
    uint32_t t;
    const nnx_nnef_flat_tensor *y = lw_result_tensor(L, op == NNX_OP_ARGMAX_POOL ? "index" : "output", &t);
    if (!xv || xv->kind != NNX_NNEF_VALUE_TENSOR || !y)
        return lw_unsupported(L, "a literal input");
    const nnx_nnef_flat_tensor *x = &L->g->tensors[xv->u.tensor];
    nnx_attrs a;
    nnx_status st = window_attrs(L, x, y, &a.window);
    a.window.normalize = is_avg || (lw_arg(L, "normalize") && lw_arg(L, "normalize")->u.logical);
    uint32_t in[2], out;
    if (st == NNX_OK)
        st = lw_operand(L, xv, lw_core_dtype(x->dtype), &in[0]);
    if (st != NNX_OK)
        return st;
    if (is_max) {
        st = lw_node(L, NNX_OP_ARGMAX_POOL, in, 1, &a, 1, &in[1]);
    } else if (op == NNX_OP_SAMPLE) {
        const nnx_nnef_value *iv = lw_arg(L, "index");
        if (!iv || iv->kind != NNX_NNEF_VALUE_TENSOR)
            return lw_unsupported(L, "a literal index");
        st = lw_operand(L, iv, NNX_INT32, &in[1]);
    }
    if (st == NNX_OK)
        st = lw_node(L, is_max ? NNX_OP_SAMPLE : op, in, op == NNX_OP_SAMPLE || is_max ? 2 : 1, &a, 1, &out);
    return st == NNX_OK ? lw_bind(L, op == NNX_OP_ARGMAX_POOL ? "index" : "output", out) : st;
}

/* max_pool / avg_pool: the core's 2-D NCHW pools when they fit (rank 4, window, stride and
 * dilation 1 over N and C, no padding of N and C, padding >= 0, and no padding or border
 * 'ignore', whose semantics the core pools have); otherwise the chapter-4 bodies via
 * lower_window. */
nnx_status lw_lower_pool(lowerer *L, nnx_op op)
{
    const nnx_nnef_value *xv = lw_arg(L, "input");
    uint32_t t;
    const nnx_nnef_flat_tensor *y = lw_result_tensor(L, "output", &t);
    nnx_op general = op == NNX_OP_AVG_POOL ? NNX_OP_BOX : NNX_OP_SAMPLE;
    if (!xv || xv->kind != NNX_NNEF_VALUE_TENSOR || !y || L->g->tensors[xv->u.tensor].rank != 4)
        return lw_lower_window(L, general);
    const nnx_nnef_flat_tensor *x = &L->g->tensors[xv->u.tensor];
    nnx_attr_window w;
    nnx_status st = window_attrs(L, x, y, &w);
    if (st != NNX_OK)
        return st;
    bool fits = true, padded = false;
    for (uint32_t k = 0; k < 4; k++) {
        bool spatial = k >= 2;
        if (!spatial && (w.size[k] != 1 || w.stride[k] != 1 || w.dilation[k] != 1 || w.pad_begin[k] || w.pad_end[k]))
            fits = false;
        if (w.pad_begin[k] < 0 || w.pad_end[k] < 0)
            fits = false;
        padded = padded || w.pad_begin[k] || w.pad_end[k];
    }
    if (!fits || (padded && w.border != NNX_WINDOW_IGNORE))
        return lw_lower_window(L, general);
    nnx_attrs a = {.pool = {.layout = NNX_LAYOUT_NCHW, .rounding = NNX_ROUNDING_FLOOR}};
    for (int k = 0; k < 2; k++) {
        a.pool.window[k] = (uint32_t)w.size[2 + k];
        a.pool.strides[k] = (uint32_t)w.stride[2 + k];
        a.pool.dilations[k] = (uint32_t)w.dilation[2 + k];
        a.pool.pads[2 * k] = (uint32_t)w.pad_begin[2 + k];
        a.pool.pads[2 * k + 1] = (uint32_t)w.pad_end[2 + k];
    }
    uint32_t in = L->value_of[xv->u.tensor], out;
    st = lw_node(L, op, &in, 1, &a, 1, &out);
    return st == NNX_OK ? lw_bind(L, "output", out) : st;
}

