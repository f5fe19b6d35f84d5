/* from_ir_legalize_nn.c — the float convolutions, pools and matrix products of other front
 * ends as TOSA's NHWC / OHWI operators (decisions TOSA-L4..L6, TOSA-L11): conv as CONV2D or
 * DEPTHWISE_CONV2D, deconv as TRANSPOSE_CONV2D, pools on the input's NHWC form, constant
 * weights permuted at convert time, end pads fitted to TOSA's exact output-size rule, matmul
 * and gemm as rank-3 MATMUL. */
#include "formats/tosa/from_ir_emit.h"
#include "formats/tosa/tosa_data.h"
#include "ir/dtypes.h"

#include <math.h>
#include <string.h>

static const uint32_t to_nhwc[4] = {0, 2, 3, 1}, to_nchw[4] = {0, 3, 1, 2};

static const nnx_operand_desc *vd(nnx_tir *t, uint32_t v) { return &t->ir->values[v].desc; }

/* From each filter layout (DEFAULT, OIHW, HWIO, OHWI, IHWO) to OHWI. */
static const uint32_t ohwi_from[5][4] = {{0, 2, 3, 1}, {0, 2, 3, 1}, {3, 0, 1, 2}, {0, 1, 2, 3}, {3, 1, 2, 0}};

/* Weights permuted by p to OHWI, or depthwise ([C*M, 1, KH, KW] as OIHW) further to
 * [KH, KW, C, M]: a constant is permuted now, a computed one through TRANSPOSE (and RESHAPE). */
static const char *weights(nnx_tir *t, uint32_t v, const uint32_t *p, uint32_t channels, bool dw, nnx_operand_desc *od)
{
    static const uint32_t dw_perm[4] = {2, 3, 0, 1};
    const nnx_value *w = &t->ir->values[v];
    nnx_operand_desc ohwi, cm;
    if (w->kind == NNX_VALUE_CONSTANT) {
        void *a = nnx_tir_permute(t, w->data, &w->desc, p, &ohwi), *b = NULL;
        if (!a)
            return nnx_tir_oom(t), NULL;
        if (dw) { /* [C*M, KH, KW, 1] read as [C, M, KH, KW] */
            cm = (nnx_operand_desc){.dtype = ohwi.dtype,
                                    .rank = 4,
                                    .shape = {channels, ohwi.shape[0] / channels, ohwi.shape[1], ohwi.shape[2]}};
            b = nnx_tir_permute(t, a, &cm, dw_perm, od);
            nnx_mem_free(t->alloc, a);
            if (!b)
                return nnx_tir_oom(t), NULL;
            a = b;
        } else {
            *od = ohwi;
        }
        const char *c = nnx_tir_const(t, od, a);
        nnx_mem_free(t->alloc, a);
        return c;
    }
    const char *x = nnx_tir_transpose(t, nnx_tir_value(t, v), &w->desc, p, &ohwi);
    if (!dw) {
        *od = ohwi;
        return x;
    }
    cm = (nnx_operand_desc){
        .dtype = ohwi.dtype, .rank = 4, .shape = {channels, ohwi.shape[0] / channels, ohwi.shape[1], ohwi.shape[2]}};
    x = nnx_tir_reshape(t, x, cm.dtype, 4, cm.shape);
    return nnx_tir_transpose(t, x, &cm, dw_perm, od);
}

/* The end pad of one spatial axis that makes TOSA's division exact for output extent o:
 * (in + begin + end - span) = (o - 1) * stride, span the dilated kernel. A negative end is
 * a crop of the input (*cut). */
static bool end_pad(nnx_tir *t, uint32_t in, int64_t begin, uint32_t span, uint32_t stride, uint32_t o, int64_t *end,
                    uint32_t *cut)
{
    int64_t e = (int64_t)(o - 1) * stride + span - in - begin;
    *cut = 0;
    if (e < 0) {
        *cut = (uint32_t)-e;
        e = 0;
    }
    *end = e;
    if (begin < 0)
        return nnx_tir_fail(t, "a negative pad has no TOSA form");
    return true;
}

/* x as NHWC (a TRANSPOSE from NCHW), cropped at the end of H / W by cut[]. */
static const char *nhwc_input(nnx_tir *t, uint32_t v, bool nchw, const uint32_t cut[2], nnx_operand_desc *xd)
{
    const char *x = nchw ? nnx_tir_twin(t, v, xd) : NULL;
    if (!x) {
        x = nnx_tir_value(t, v);
        *xd = *vd(t, v);
        if (nchw) { /* the twin of v from now on: other NHWC consumers read it too */
            x = nnx_tir_transpose(t, x, vd(t, v), to_nhwc, xd);
            nnx_tir_set_twin(t, v, x, false);
        }
    }
    if (!cut[0] && !cut[1])
        return x;
    uint32_t start[4] = {0}, size[4] = {xd->shape[0], xd->shape[1] - cut[0], xd->shape[2] - cut[1], xd->shape[3]};
    const char *in[3] = {x, nnx_tir_shape_u(t, start, 4), nnx_tir_shape_u(t, size, 4)};
    xd->shape[1] = size[1];
    xd->shape[2] = size[2];
    return nnx_tir_op1(t, NNX_TOSA_SLICE, in, 3, NULL, xd);
}

/* The NHWC result y (desc yd) written as the node's output; for NCHW, the output's NHWC
 * twin (its NCHW form written at its first NCHW use), or in a sub-graph block TRANSPOSEd
 * back. */
static bool nhwc_output(nnx_tir *t, const nnx_node *n, uint32_t op, const char *const *in, uint32_t n_in,
                        const nnx_tfile_attr *a, bool nchw)
{
    const nnx_operand_desc *o = vd(t, n->out[0]);
    if (!nchw)
        return nnx_tir_op_value(t, op, in, n_in, a, n->out[0]);
    nnx_operand_desc yd = {.dtype = o->dtype, .rank = 4, .shape = {o->shape[0], o->shape[2], o->shape[3], o->shape[1]}};
    const char *y = nnx_tir_op1(t, op, in, n_in, a, &yd);
    if (t->nhwc) { /* the NCHW form only where a consumer needs it (TOSA-L11) */
        nnx_tir_set_twin(t, n->out[0], y, true);
        return y != NULL;
    }
    nnx_tfile_attr ta = {.type = NNX_TOSA_TRANSPOSE};
    int32_t p[4] = {0, 3, 1, 2};
    (void)to_nchw;
    return y && nnx_tir_ints(t, &ta.perms, p, 4) && nnx_tir_op_value(t, NNX_TOSA_TRANSPOSE, &y, 1, &ta, n->out[0]);
}

/* A zero bias [oc] when the node has none. */
static const char *bias_of(nnx_tir *t, const nnx_node *n, nnx_dtype dt, uint32_t oc)
{
    if (n->n_in > 2 && n->in[2] != NNX_NONE)
        return nnx_tir_value(t, n->in[2]);
    nnx_operand_desc bd = {.dtype = dt, .rank = 1, .shape = {oc}};
    size_t bytes;
    nnx_desc_bytes(&bd, &bytes);
    void *z = nnx_mem_calloc(t->alloc, 1, bytes ? bytes : 1);
    if (!z)
        return nnx_tir_oom(t), NULL;
    const char *b = nnx_tir_const(t, &bd, z);
    nnx_mem_free(t->alloc, z);
    return b;
}

static bool conv(nnx_tir *t, const nnx_node *n)
{
    const nnx_attr_conv *c = &n->attrs.conv;
    const nnx_operand_desc *x = vd(t, n->in[0]), *o = vd(t, n->out[0]);
    if (x->rank != 4)
        return nnx_tir_fail(t, "a %u-D conv has no TOSA form here (2-D only)", x->rank - 2);
    if (!nnx_dtype_is_float(x->dtype))
        return nnx_tir_fail(t, "a %s conv has no TOSA form here (float types only)", nnx_dtype_name(x->dtype));
    bool nchw = c->input_layout != NNX_LAYOUT_NHWC;
    uint32_t ch = nchw ? x->shape[1] : x->shape[3], oc = nchw ? o->shape[1] : o->shape[3];
    bool dw = c->groups > 1 && c->groups == ch;
    if (c->groups != 1 && !dw)
        return nnx_tir_fail(t,
                            "a grouped conv (groups %u of %u channels) has no TOSA form (CONV2D takes groups 1, "
                            "DEPTHWISE_CONV2D groups = channels)",
                            c->groups, ch);
    nnx_operand_desc wd;
    const char *w = weights(t, n->in[1], ohwi_from[c->filter_layout <= NNX_FILTER_IHWO ? c->filter_layout : 0], ch, dw,
                            &wd);
    if (!w)
        return false;
    uint32_t kh = dw ? wd.shape[0] : wd.shape[1], kw = dw ? wd.shape[1] : wd.shape[2];
    int64_t end[2];
    uint32_t cut[2];
    for (uint32_t i = 0; i < 2; i++) {
        uint32_t in = x->shape[nchw ? 2 + i : 1 + i], oo = o->shape[nchw ? 2 + i : 1 + i];
        uint32_t span = (i ? kw - 1 : kh - 1) * c->dilations[i] + 1;
        if (!end_pad(t, in, c->pads[2 * i], span, c->strides[i], oo, &end[i], &cut[i]))
            return false;
    }
    nnx_operand_desc xd;
    const char *xn = nhwc_input(t, n->in[0], nchw, cut, &xd);
    const char *bias = bias_of(t, n, x->dtype, oc);
    uint32_t op = dw ? NNX_TOSA_DEPTHWISE_CONV2D : NNX_TOSA_CONV2D;
    nnx_tfile_attr a = {.type = (uint8_t)op, .acc_type = NNX_TFILE_FP32};
    int32_t pad[4] = {(int32_t)c->pads[0], (int32_t)end[0], (int32_t)c->pads[2], (int32_t)end[1]};
    int32_t s[2] = {(int32_t)c->strides[0], (int32_t)c->strides[1]};
    int32_t d[2] = {(int32_t)c->dilations[0], (int32_t)c->dilations[1]};
    if (!nnx_tir_ints(t, &a.pad, pad, 4) || !nnx_tir_ints(t, &a.stride, s, 2) || !nnx_tir_ints(t, &a.dilation, d, 2))
        return false;
    const char *in[5] = {xn, w, bias, nnx_tir_zero(t, x->dtype), nnx_tir_zero(t, wd.dtype)};
    return nhwc_output(t, n, op, in, 5, &a, nchw);
}

/* deconv (2-D, groups 1, dilation 1) as TRANSPOSE_CONV2D: the weights [IC, OC, KH, KW] as
 * [OC, KH, KW, IC]; out_pad = -pads, the bottom / right one grown by the extra output extent
 * (TOSA 1.0 §2.3.10: OH = (IH - 1) * stride + out_pad_top + out_pad_bottom + KH). */
static bool deconv(nnx_tir *t, const nnx_node *n)
{
    static const uint32_t to_ohwi[4] = {1, 2, 3, 0};
    const nnx_attr_deconv *c = &n->attrs.deconv;
    const nnx_operand_desc *x = vd(t, n->in[0]), *o = vd(t, n->out[0]);
    if (x->rank != 4 || c->groups != 1 || c->dilations[0] > 1 || c->dilations[1] > 1 || !nnx_dtype_is_float(x->dtype))
        return nnx_tir_fail(t, "deconv has no TOSA form here (2-D float, groups 1, no dilation only)");
    nnx_operand_desc wd;
    const char *w = weights(t, n->in[1], to_ohwi, 1, false, &wd);
    int32_t op[4];
    for (uint32_t i = 0; i < 2; i++) {
        int64_t top = -c->pads[2 * i], k = wd.shape[1 + i];
        int64_t bottom = (int64_t)o->shape[2 + i] - ((int64_t)x->shape[2 + i] - 1) * c->strides[i] - k - top;
        if (top <= -k || bottom <= -k)
            return nnx_tir_fail(t, "deconv padding of a whole kernel or more has no TOSA form");
        op[2 * i] = (int32_t)top;
        op[2 * i + 1] = (int32_t)bottom;
    }
    const uint32_t no_cut[2] = {0, 0};
    nnx_operand_desc xd;
    const char *xn = nhwc_input(t, n->in[0], true, no_cut, &xd);
    nnx_tfile_attr a = {.type = NNX_TOSA_TRANSPOSE_CONV2D, .acc_type = NNX_TFILE_FP32};
    int32_t s[2] = {(int32_t)c->strides[0], (int32_t)c->strides[1]};
    if (!nnx_tir_ints(t, &a.out_pad, op, 4) || !nnx_tir_ints(t, &a.stride, s, 2))
        return false;
    const char *in[5] = {xn, w, bias_of(t, n, x->dtype, o->shape[1]), nnx_tir_zero(t, x->dtype),
                         nnx_tir_zero(t, wd.dtype)};
    return nhwc_output(t, n, NNX_TOSA_TRANSPOSE_CONV2D, in, 5, &a, true);
}

static bool pool(nnx_tir *t, const nnx_node *n)
{
    const nnx_attr_pool *p = &n->attrs.pool;
    const nnx_operand_desc *x = vd(t, n->in[0]), *o = vd(t, n->out[0]);
    bool mx = n->op == NNX_OP_MAX_POOL;
    if (x->rank != 4)
        return nnx_tir_fail(t, "a pool of rank %u has no TOSA form", x->rank);
    if (p->dilations[0] > 1 || p->dilations[1] > 1)
        return nnx_tir_fail(t, "a dilated %s has no TOSA form", mx ? "max_pool" : "avg_pool");
    if (!mx && !nnx_dtype_is_float(x->dtype))
        return nnx_tir_fail(t, "a %s avg_pool has no TOSA form here", nnx_dtype_name(x->dtype));
    bool nchw = p->layout != NNX_LAYOUT_NHWC;
    int64_t end[2];
    uint32_t cut[2];
    for (uint32_t i = 0; i < 2; i++) {
        uint32_t in = x->shape[nchw ? 2 + i : 1 + i], oo = o->shape[nchw ? 2 + i : 1 + i];
        if (!end_pad(t, in, p->pads[2 * i], p->window[i], p->strides[i], oo, &end[i], &cut[i]))
            return false;
        if (end[i] >= p->window[i] || p->pads[2 * i] >= p->window[i])
            return nnx_tir_fail(t, "a pool whose padding reaches a whole window has no TOSA form");
    }
    nnx_operand_desc xd;
    const char *xn = nhwc_input(t, n->in[0], nchw, cut, &xd);
    uint32_t op = mx ? NNX_TOSA_MAX_POOL2D : NNX_TOSA_AVG_POOL2D;
    nnx_tfile_attr a = {.type = (uint8_t)op};
    if (mx)
        a.nan_mode = p->nan_mode == NNX_NAN_IGNORE ? 2u : 1u;
    else
        a.acc_type = NNX_TFILE_FP32;
    int32_t k[2] = {(int32_t)p->window[0], (int32_t)p->window[1]},
            s[2] = {(int32_t)p->strides[0], (int32_t)p->strides[1]};
    int32_t pad[4] = {(int32_t)p->pads[0], (int32_t)end[0], (int32_t)p->pads[2], (int32_t)end[1]};
    if (!nnx_tir_ints(t, &a.kernel, k, 2) || !nnx_tir_ints(t, &a.stride, s, 2) || !nnx_tir_ints(t, &a.pad, pad, 4))
        return false;
    const char *in[3] = {xn, mx ? NULL : nnx_tir_zero(t, x->dtype), mx ? NULL : nnx_tir_zero(t, x->dtype)};
    return nhwc_output(t, n, op, in, mx ? 1 : 3, &a, nchw);
}

/* One matmul operand [batch..., R, C] as [B, R, C] for the output batch shape bs (rank nb):
 * broadcast batch axes are TILEd first. */
static const char *batch3(nnx_tir *t, const char *x, const nnx_operand_desc *d, const uint32_t *bs, uint32_t nb,
                          uint64_t B)
{
    uint32_t r = d->rank, rows = d->shape[r - 2], cols = d->shape[r - 1];
    uint32_t full[NNX_MAX_RANK], rep[NNX_MAX_RANK];
    bool tile = false;
    for (uint32_t i = 0; i < nb; i++) {
        uint32_t e = i + (r - 2) >= nb ? d->shape[i + (r - 2) - nb] : 1;
        full[i] = e;
        rep[i] = bs[i] / e;
        tile = tile || rep[i] != 1;
    }
    full[nb] = rows;
    full[nb + 1] = cols;
    rep[nb] = rep[nb + 1] = 1;
    if (tile) {
        x = nnx_tir_reshape(t, x, d->dtype, nb + 2, full);
        nnx_operand_desc td = {.dtype = d->dtype, .rank = nb + 2};
        for (uint32_t i = 0; i < nb + 2; i++)
            td.shape[i] = full[i] * rep[i];
        const char *in[2] = {x, nnx_tir_shape_u(t, rep, nb + 2)};
        x = nnx_tir_op1(t, NNX_TOSA_TILE, in, 2, NULL, &td);
    }
    uint32_t s3[3] = {(uint32_t)B, rows, cols};
    return nnx_tir_reshape(t, x, d->dtype, 3, s3);
}

/* MATMUL of a [.., M, K] and b [.., K, N] (ranks >= 2) into a [B, M, N] tensor. */
static const char *matmul3(nnx_tir *t, const char *a, const nnx_operand_desc *ad, const char *b,
                           const nnx_operand_desc *bd, nnx_operand_desc *md)
{
    uint32_t nb = (ad->rank > bd->rank ? ad->rank : bd->rank) - 2, bs[NNX_MAX_RANK];
    uint64_t B = 1;
    bool b_flat = true; /* b has no batch extent above 1: a's batch folds into M */
    for (uint32_t i = 0; i < nb; i++) {
        uint32_t x = i + (ad->rank - 2) >= nb ? ad->shape[i + (ad->rank - 2) - nb] : 1;
        uint32_t y = i + (bd->rank - 2) >= nb ? bd->shape[i + (bd->rank - 2) - nb] : 1;
        bs[i] = x == 1 ? y : x;
        B *= bs[i];
        b_flat = b_flat && y == 1;
    }
    uint32_t M = ad->shape[ad->rank - 2], K = ad->shape[ad->rank - 1], N = bd->shape[bd->rank - 1];
    const char *a3, *b3;
    if (b_flat && B > 1) {
        uint64_t am = 1;
        for (uint32_t i = 0; i + 2 < ad->rank; i++)
            am *= ad->shape[i];
        uint32_t sa[3] = {1, (uint32_t)(am * M), K}, sb[3] = {1, K, N};
        a3 = nnx_tir_reshape(t, a, ad->dtype, 3, sa);
        b3 = nnx_tir_reshape(t, b, bd->dtype, 3, sb);
        *md = (nnx_operand_desc){.dtype = ad->dtype, .rank = 3, .shape = {1, (uint32_t)(am * M), N}};
        if (am != B) /* a broadcast along the batch too: tile it first */
            a3 = NULL;
        if (a3) {
            const char *in[4] = {a3, b3, nnx_tir_zero(t, ad->dtype), nnx_tir_zero(t, bd->dtype)};
            return nnx_tir_op1(t, NNX_TOSA_MATMUL, in, 4, NULL, md);
        }
    }
    a3 = batch3(t, a, ad, bs, nb, B);
    b3 = batch3(t, b, bd, bs, nb, B);
    *md = (nnx_operand_desc){.dtype = ad->dtype, .rank = 3, .shape = {(uint32_t)B, M, N}};
    const char *in[4] = {a3, b3, nnx_tir_zero(t, ad->dtype), nnx_tir_zero(t, bd->dtype)};
    return nnx_tir_op1(t, NNX_TOSA_MATMUL, in, 4, NULL, md);
}

static bool reshape_out(nnx_tir *t, const nnx_node *n, const char *y)
{
    const nnx_operand_desc *o = vd(t, n->out[0]);
    const char *in[2] = {y, nnx_tir_shape_u(t, o->shape, o->rank)};
    return nnx_tir_op_value(t, NNX_TOSA_RESHAPE, in, 2, NULL, n->out[0]);
}

static bool matmul(nnx_tir *t, const nnx_node *n)
{
    nnx_operand_desc ad = *vd(t, n->in[0]), bd = *vd(t, n->in[1]), md;
    if (!nnx_dtype_is_float(ad.dtype))
        return nnx_tir_fail(t, "a %s matmul has no TOSA form here (float types only)", nnx_dtype_name(ad.dtype));
    const char *a = nnx_tir_value(t, n->in[0]), *b = nnx_tir_value(t, n->in[1]);
    if (ad.rank == 1) { /* [K] as [1, K] */
        ad = (nnx_operand_desc){.dtype = ad.dtype, .rank = 2, .shape = {1, ad.shape[0]}};
        a = nnx_tir_reshape(t, a, ad.dtype, 2, ad.shape);
    }
    if (bd.rank == 1) {
        bd = (nnx_operand_desc){.dtype = bd.dtype, .rank = 2, .shape = {bd.shape[0], 1}};
        b = nnx_tir_reshape(t, b, bd.dtype, 2, bd.shape);
    }
    return reshape_out(t, n, matmul3(t, a, &ad, b, &bd, &md));
}

/* alpha * A' B' + beta * C */
static bool gemm(nnx_tir *t, const nnx_node *n)
{
    const nnx_attr_gemm *g = &n->attrs.gemm;
    nnx_operand_desc ad = *vd(t, n->in[0]), bd = *vd(t, n->in[1]), md;
    if (!nnx_dtype_is_float(ad.dtype))
        return nnx_tir_fail(t, "a %s gemm has no TOSA form here (float types only)", nnx_dtype_name(ad.dtype));
    static const uint32_t swap[2] = {1, 0};
    const char *a = nnx_tir_value(t, n->in[0]), *b = nnx_tir_value(t, n->in[1]);
    if (g->trans_a)
        a = nnx_tir_transpose(t, a, vd(t, n->in[0]), swap, &ad);
    if (g->trans_b)
        b = nnx_tir_transpose(t, b, vd(t, n->in[1]), swap, &bd);
    const char *y = matmul3(t, a, &ad, b, &bd, &md);
    nnx_operand_desc yd = {.dtype = ad.dtype, .rank = 2, .shape = {md.shape[1], md.shape[2]}};
    nnx_operand_desc one = {.dtype = ad.dtype, .rank = 2, .shape = {1, 1}};
    bool has_c = n->n_in > 2 && n->in[2] != NNX_NONE && g->beta != 0;
    if (g->alpha != 1 && has_c)
        y = nnx_tir_mul(t, nnx_tir_reshape(t, y, ad.dtype, 2, yd.shape), &yd,
                        nnx_tir_scalar_f(t, ad.dtype, 2, g->alpha), &one, NULL);
    else if (g->alpha != 1) {
        md.shape[0] = 1;
        nnx_operand_desc one3 = {.dtype = ad.dtype, .rank = 3, .shape = {1, 1, 1}};
        y = nnx_tir_mul(t, y, &md, nnx_tir_scalar_f(t, ad.dtype, 3, g->alpha), &one3, NULL);
    }
    if (!has_c)
        return reshape_out(t, n, y);
    if (g->alpha == 1)
        y = nnx_tir_reshape(t, y, ad.dtype, 2, yd.shape);
    const nnx_operand_desc *cd = vd(t, n->in[2]);
    const char *c = nnx_tir_value(t, n->in[2]);
    if (g->beta != 1) {
        nnx_operand_desc cone = *cd;
        for (uint32_t i = 0; i < cone.rank; i++)
            cone.shape[i] = 1;
        c = nnx_tir_mul(t, c, cd, nnx_tir_scalar_f(t, ad.dtype, cd->rank, g->beta), &cone, NULL);
    }
    const char *in[2] = {y, nnx_tir_name_at_rank(t, c, cd, 2)};
    return nnx_tir_op_value(t, NNX_TOSA_ADD, in, 2, NULL, n->out[0]);
}

bool nnx_tir_legalize_nn(nnx_tir *t, const nnx_node *n, bool *handled)
{
    *handled = true;
    switch (n->op) {
    case NNX_OP_CONV: return conv(t, n);
    case NNX_OP_DECONV: return deconv(t, n);
    case NNX_OP_MAX_POOL:
    case NNX_OP_AVG_POOL: return pool(t, n);
    case NNX_OP_MATMUL: return matmul(t, n);
    case NNX_OP_GEMM: return gemm(t, n);
    default: *handled = false; return true;
    }
}
