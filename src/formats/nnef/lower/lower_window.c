/* lower_window.c — lowering NNEF's sliding-window operations (NNEF 1.0.2 §4.3): conv and
 * deconv to the core's N-D CONV / DECONV (a PAD first for non-constant borders); box, argmax_pool and sample to the core window ops; max_pool
 * and avg_pool to the 2-D core pools when they fit, else to their chapter-4 definitions. */
#include "formats/nnef/lower/lower_internal.h"
#include "formats/nnef/shapes/shapes.h"
#include "ir/dtypes.h"

#include <string.h>

/* ---------------------------------------------------------------- conv and deconv */

/* stride, dilation and padding of conv / deconv: one item per spatial dimension (NNEF
 * 1.0.2 §4.3), [] stride / dilation = 1s, [] padding = automatic (§4.3; reverse ops
 * NNEF decision 14, with
 * up = the output's extent, which the shape pass took from output_shape or x * s). up and
 * down are the up- and down-scaled tensors: conv input / output, deconv output / input.
 * Items beyond 32 bits are not supported. */
static nnx_status conv_window(lowerer *L, const nnx_nnef_flat_tensor *f, const nnx_nnef_flat_tensor *up,
                              const nnx_nnef_flat_tensor *down, int64_t *pads, uint32_t *strides, uint32_t *dilations)
{
    int64_t s[NNX_MAX_RANK], d[NNX_MAX_RANK];
    uint32_t n = f->rank - 2;
    int32_t ns = lw_ints_arg(L, "stride", s, NNX_MAX_RANK), nd = lw_ints_arg(L, "dilation", d, NNX_MAX_RANK);
    const nnx_nnef_value *p = lw_arg(L, "padding");
    uint32_t np = p && p->kind == NNX_NNEF_VALUE_ARRAY ? p->count : 0;
    if (f->rank < 2 || up->rank != f->rank || down->rank != f->rank || (ns != 0 && ns != (int32_t)n) ||
        (nd != 0 && nd != (int32_t)n) || (np != 0 && np != n))
        return lw_unsupported(L, "window arrays of another length than the %u spatial dimensions", n);
    for (uint32_t k = 0; k < n; k++) {
        int64_t sk = ns ? s[k] : 1, dk = nd ? d[k] : 1, b, e;
        if (np) {
            b = p->u.items[k].u.items[0].u.integer;
            e = p->u.items[k].u.items[1].u.integer;
        } else if (!nnx_nnef_auto_padding(up->shape[2 + k], down->shape[2 + k], f->shape[2 + k], sk, dk, &b, &e)) {
            return lw_unsupported(L, "automatic padding of spatial dimension %u overflows", k);
        }
        if (sk < 1 || sk > INT32_MAX || dk < 1 || dk > INT32_MAX || b < INT32_MIN || b > INT32_MAX || e < INT32_MIN ||
            e > INT32_MAX)
            return lw_unsupported(L, "window parameters of spatial dimension %u beyond 32 bits", k);
        strides[k] = (uint32_t)sk;
        dilations[k] = (uint32_t)dk;
        pads[2 * k] = b;
        pads[2 * k + 1] = e;
    }
    return NNX_OK;
}

/* border as a core pad mode (NNEF 1.0.2 §4.3 border modes; conv and deconv allow all but
 * 'ignore', which the shape pass rejects). */
static bool pad_mode(const char *border, nnx_pad_mode *mode)
{
    static const char *const names[] = {"constant", "replicate", "reflect", "reflect-even"};
    static const nnx_pad_mode modes[] = {NNX_PAD_CONSTANT, NNX_PAD_EDGE, NNX_PAD_REFLECT, NNX_PAD_SYMMETRIC};
    for (int i = 0; i < 4; i++)
        if (strcmp(border, names[i]) == 0) {
            *mode = modes[i];
            return true;
        }
    return false;
}

/* x padded by begin / end on the spatial axes (core PAD, NNEF 1.0.2 §4.3 border modes;
 * reflect reaching past the extent is rejected, NNEF decision 23). */
static nnx_status pad_spatial(lowerer *L, uint32_t x, uint32_t rank, nnx_pad_mode mode, const int64_t *begin,
                              const int64_t *end, uint32_t *out)
{
    nnx_attrs a = {.pad = {.mode = mode}};
    for (uint32_t k = 0; k + 2 < rank; k++) {
        a.pad.begin[2 + k] = (int32_t)begin[k];
        a.pad.end[2 + k] = (int32_t)end[k];
    }
    return lw_node(L, NNX_OP_PAD, &x, 1, &a, 1, out);
}

/* conv / deconv bias as the core's optional [c] input (*id = NNX_NONE for 0): a tensor of
 * channel extent c is reshaped to [c]; one of channel extent 1 and a non-zero literal are
 * broadcast to [c] (reshape to [1], tile c times). §4.3.1: "The channel dimension of bias
 * must equal the batch dimension of filter or must be singular". */
static nnx_status conv_bias(lowerer *L, uint32_t c, uint32_t *id)
{
    const nnx_nnef_value *bv = lw_arg(L, "bias");
    *id = NNX_NONE;
    if (!bv || (bv->kind == NNX_NNEF_VALUE_SCALAR && bv->u.scalar == 0.0) ||
        (bv->kind == NNX_NNEF_VALUE_INTEGER && bv->u.integer == 0))
        return NNX_OK;
    uint32_t one = 1, v;
    nnx_status st = lw_operand(L, bv, NNX_FLOAT32, &v);
    if (st != NNX_OK)
        return st;
    bool full = bv->kind == NNX_NNEF_VALUE_TENSOR && L->g->tensors[bv->u.tensor].rank > 1 &&
        L->g->tensors[bv->u.tensor].shape[1] == c;
    if (full)
        return lw_reshape_to(L, v, &c, 1, id);
    st = lw_reshape_to(L, v, &one, 1, &v);
    nnx_attrs t = {.tile = {.repeats = {c}}};
    return st == NNX_OK ? lw_node(L, NNX_OP_TILE, &v, 1, &t, 1, id) : st;
}

/* The input, filter and result of conv / deconv; false (after reporting) if the input or
 * filter is a literal. */
static bool conv_tensors(lowerer *L, const nnx_nnef_flat_tensor **x, const nnx_nnef_flat_tensor **f,
                         const nnx_nnef_flat_tensor **y, uint32_t in[3], nnx_status *st)
{
    const nnx_nnef_value *xv = lw_arg(L, "input"), *fv = lw_arg(L, "filter");
    uint32_t t;
    *y = lw_result_tensor(L, "output", &t);
    if (!xv || !fv || xv->kind != NNX_NNEF_VALUE_TENSOR || fv->kind != NNX_NNEF_VALUE_TENSOR || !*y) {
        *st = lw_unsupported(L, "input and filter must be tensors");
        return false;
    }
    *x = &L->g->tensors[xv->u.tensor];
    *f = &L->g->tensors[fv->u.tensor];
    in[0] = L->value_of[xv->u.tensor];
    in[1] = L->value_of[fv->u.tensor];
    *st = NNX_OK;
    return true;
}

/* groups: 0 = one per input channel (conv: depthwise, NNEF 1.0.2 §4.3.1 (groups); deconv:
 * NNEF decision 13). */
static bool conv_groups(lowerer *L, const nnx_nnef_flat_tensor *x, uint32_t *g)
{
    int64_t groups = lw_int_arg(L, "groups");
    *g = groups == 0 ? x->shape[1] : (uint32_t)groups;
    return groups >= 0 && groups <= UINT32_MAX;
}

/* conv (NNEF 1.0.2 §4.3.1): border 'constant' puts the padding into the core CONV (zeros outside
 * the input, negative padding included); another border first pads the input with its
 * values (core PAD), then CONV runs without padding. */
nnx_status lw_lower_conv(lowerer *L)
{
    const nnx_nnef_flat_tensor *x, *f, *y;
    uint32_t in[3], out;
    nnx_status st;
    if (!conv_tensors(L, &x, &f, &y, in, &st))
        return st;
    nnx_attrs a = {.conv = {.input_layout = NNX_LAYOUT_NCHW, .filter_layout = NNX_FILTER_OIHW}};
    const char *border = lw_string_arg(L, "border");
    nnx_pad_mode mode;
    if (!pad_mode(border, &mode))
        return lw_unsupported(L, "border '%s'", border);
    if (!conv_groups(L, x, &a.conv.groups))
        return lw_unsupported(L, "groups %lld", (long long)lw_int_arg(L, "groups"));
    st = conv_window(L, f, x, y, a.conv.pads, a.conv.strides, a.conv.dilations);
    if (st == NNX_OK && mode != NNX_PAD_CONSTANT) {
        int64_t begin[NNX_MAX_SPATIAL], end[NNX_MAX_SPATIAL];
        for (uint32_t k = 0; k + 2 < x->rank; k++) {
            begin[k] = a.conv.pads[2 * k];
            end[k] = a.conv.pads[2 * k + 1];
            a.conv.pads[2 * k] = a.conv.pads[2 * k + 1] = 0;
        }
        st = pad_spatial(L, in[0], x->rank, mode, begin, end, &in[0]);
    }
    if (st == NNX_OK)
        st = conv_bias(L, y->shape[1], &in[2]);
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_CONV, in, 3, &a, 1, &out);
    return st == NNX_OK ? lw_bind(L, "output", out) : st;
}

static int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && a < 0); }

/* deconv (NNEF 1.0.2 §4.3.1; NNEF decision 13, 14) onto the core DECONV with the
 * output's spatial extents as explicit output sizes. Border (NNEF decision
 * "conv / deconv border, bias, groups"): "the border parameter always effects the input
 * values" (§4.3), so a tap reading input position
 * q = (i + p - j*d) / s outside [0, x) reads the border's extended input ĩ[q]. 'constant'
 * is the core's zeros; another border pads the input on each spatial axis by as many
 * positions as taps reach outside it (core PAD with that mode) and shifts the padding by
 * that many strides (p' = p + begin*s, q' = q + end*s: the same taps, now in range, and the
 * same computed extent). */
nnx_status lw_lower_deconv(lowerer *L)
{
    const nnx_nnef_flat_tensor *x, *f, *y;
    uint32_t in[3], out;
    nnx_status st;
    if (!conv_tensors(L, &x, &f, &y, in, &st))
        return st;
    nnx_attrs a = {.deconv = {.has_output_sizes = true}};
    nnx_attr_deconv *d = &a.deconv;
    const char *border = lw_string_arg(L, "border");
    nnx_pad_mode mode;
    if (!pad_mode(border, &mode))
        return lw_unsupported(L, "border '%s'", border);
    if (!conv_groups(L, x, &d->groups))
        return lw_unsupported(L, "groups %lld", (long long)lw_int_arg(L, "groups"));
    st = conv_window(L, f, y, x, d->pads, d->strides, d->dilations);
    uint32_t n = x->rank - 2;
    for (uint32_t k = 0; k < n; k++)
        d->output_sizes[k] = y->shape[2 + k];
    if (st == NNX_OK && mode != NNX_PAD_CONSTANT) {
        int64_t begin[NNX_MAX_SPATIAL], end[NNX_MAX_SPATIAL];
        bool any = false;
        for (uint32_t k = 0; k < n; k++) {
            int64_t s = d->strides[k], p = d->pads[2 * k], last = (int64_t)x->shape[2 + k] - 1;
            int64_t lo = -floor_div(-(p - (int64_t)(f->shape[2 + k] - 1) * d->dilations[k]), s); /* ceil */
            int64_t hi = floor_div((int64_t)y->shape[2 + k] - 1 + p, s);
            begin[k] = lo < 0 ? -lo : 0;
            end[k] = hi > last ? hi - last : 0;
            d->pads[2 * k] += begin[k] * s;
            d->pads[2 * k + 1] += end[k] * s;
            any = any || begin[k] || end[k];
        }
        if (any)
            st = pad_spatial(L, in[0], x->rank, mode, begin, end, &in[0]);
    }
    if (st == NNX_OK)
        st = conv_bias(L, y->shape[1], &in[2]);
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_DECONV, in, 3, &a, 1, &out);
    return st == NNX_OK ? lw_bind(L, "output", out) : st;
}

/* ---------------------------------------------------------------- sliding windows */

/* The window attributes of box / argmax_pool / sample / max_pool / avg_pool from x (input
 * tensor) to y (result tensor): one item per dimension (NNEF 1.0.2 §4.3), [] stride / dilation
 * = 1s, [] padding = automatic, resolved per dimension by nnx_nnef_auto_padding. */
nnx_status lw_window_attrs(lowerer *L, const nnx_nnef_flat_tensor *x, const nnx_nnef_flat_tensor *y, nnx_attr_window *w)
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
        if (size[k] < 1 || size[k] > INT32_MAX || s < 1 || s > INT32_MAX || d < 1 || d > INT32_MAX || b < INT32_MIN ||
            b > INT32_MAX || e < INT32_MIN || e > INT32_MAX)
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
 * then sample, avg_pool = box(normalize = true): their chapter-4 bodies (NNEF 1.0.2
 * §4.9.3). */
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
    nnx_status st = lw_window_attrs(L, x, y, &a.window);
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
    nnx_status st = lw_window_attrs(L, x, y, &w);
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
