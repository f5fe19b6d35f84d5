/* onnx_ops_rnn.c — ONNX RNN, GRU and LSTM unrolled over the (static) sequence into core
 * matmul and element-wise operations, one direction at a time: the input projection of the
 * whole sequence at once, then per step the recurrent product, the gates (ONNX orders:
 * LSTM i, o, f, c; GRU z, r, h), clip and the activations. sequence_lens shorter than the
 * sequence (which needs masking) is not supported. Also TopK (k rounds of arg max / min). */
#include "formats/onnx/onnx_build.h"

#include <math.h>
#include <stdio.h>

typedef struct act {
    nnx_op op; /* NNX_OP_COUNT: none */
    double alpha, beta;
} act;

static nnx_status read_acts(ox *c, const Onnx__NodeProto *n, uint32_t count, const char *const *defaults, act *out)
{
    const Onnx__AttributeProto *names = ox_attr(n, "activations");
    const Onnx__AttributeProto *al = ox_attr(n, "activation_alpha"), *be = ox_attr(n, "activation_beta");
    if (names && names->n_strings != count && names->n_strings != count / 2)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "activations has %zu names, %u expected", names->n_strings,
                       count);
    size_t ai = 0, bi = 0;
    for (uint32_t i = 0; i < count; i++) {
        char nm[32];
        if (names) {
            const ProtobufCBinaryData *s = &names->strings[i % names->n_strings];
            snprintf(nm, sizeof nm, "%.*s", (int)(s->len < 31 ? s->len : 31), (const char *)s->data);
        } else
            snprintf(nm, sizeof nm, "%s", defaults[i % (count / (count > 3 ? 2 : 1))]);
        act a = {NNX_OP_COUNT, 0, 0};
        double da = 0, db = 0;
        if (strcmp(nm, "Sigmoid") == 0)
            a.op = NNX_OP_SIGMOID;
        else if (strcmp(nm, "Tanh") == 0)
            a.op = NNX_OP_TANH;
        else if (strcmp(nm, "Relu") == 0)
            a.op = NNX_OP_RELU;
        else if (strcmp(nm, "Softsign") == 0)
            a.op = NNX_OP_SOFTSIGN;
        else if (strcmp(nm, "Softplus") == 0)
            a.op = NNX_OP_SOFTPLUS;
        else if (strcmp(nm, "LeakyRelu") == 0)
            a.op = NNX_OP_LEAKY_RELU, da = 0.01;
        else if (strcmp(nm, "Elu") == 0)
            a.op = NNX_OP_ELU, da = 1;
        else if (strcmp(nm, "HardSigmoid") == 0)
            a.op = NNX_OP_HARD_SIGMOID, da = 0.2, db = 0.5;
        else if (strcmp(nm, "Affine") == 0)
            a.op = NNX_OP_LINEAR, da = 1;
        else
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "activation '%s' is not supported", nm);
        bool has_a = a.op == NNX_OP_LEAKY_RELU || a.op == NNX_OP_ELU || a.op == NNX_OP_HARD_SIGMOID ||
            a.op == NNX_OP_LINEAR;
        bool has_b = a.op == NNX_OP_HARD_SIGMOID || a.op == NNX_OP_LINEAR;
        a.alpha = has_a && al && ai < al->n_floats ? al->floats[ai++] : da;
        a.beta = has_b && be && bi < be->n_floats ? be->floats[bi++] : db;
        out[i] = a;
    }
    return NNX_OK;
}

static nnx_status apply(ox *c, const act *a, uint32_t x, double clip, uint32_t *y)
{
    if (clip > 0) {
        nnx_attrs cl = {.clamp = {.lo = {.f = -clip}, .hi = {.f = clip}}};
        CHECK(ox_node(c, NNX_OP_CLAMP, &x, 1, &cl, 1, &x));
    }
    nnx_attrs at = {.activation = {.alpha = a->alpha, .beta = a->beta}};
    return ox_node(c, a->op, &x, 1, &at, 1, y);
}

/* Columns [k*H, (k+1)*H) of a [B, G*H] value. */
static nnx_status gate(ox *c, uint32_t v, uint32_t k, uint32_t H, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, v);
    nnx_attrs a = {.slice = {.starts = {0, k * H}, .sizes = {d.shape[0], H}, .strides = {1, 1}}};
    return ox_node(c, NNX_OP_SLICE, &v, 1, &a, 1, y);
}

/* Item d of axis 0 of a value, with that axis dropped. */
static nnx_status item(ox *c, uint32_t v, uint32_t d, uint32_t *y)
{
    nnx_operand_desc vd = ox_desc(c, v);
    if (vd.rank == 0 || d >= vd.shape[0])
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "a weight or state has no item %u on its first axis", d);
    nnx_attrs a = {.slice = {.starts = {0}}};
    for (uint32_t i = 0; i < vd.rank; i++) {
        a.slice.sizes[i] = vd.shape[i];
        a.slice.strides[i] = 1;
    }
    a.slice.starts[0] = d;
    a.slice.sizes[0] = 1;
    CHECK(ox_node(c, NNX_OP_SLICE, &v, 1, &a, 1, y));
    return reshape(c, *y, vd.rank - 1, vd.shape + 1, y);
}

typedef enum { K_RNN, K_GRU, K_LSTM } rnn_kind;

nnx_status nnx_onnx_op_rnn(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    rnn_kind kind = strcmp(n->op_type, "LSTM") == 0 ? K_LSTM : strcmp(n->op_type, "GRU") == 0 ? K_GRU : K_RNN;
    uint32_t G = kind == K_LSTM ? 4 : kind == K_GRU ? 3 : 1, nacts = kind == K_LSTM ? 3 : kind == K_GRU ? 2 : 1;
    uint32_t X = in[0], W = in[1], R = in[2], B = in_or_none(in, n_in, 3), SL = in_or_none(in, n_in, 4);
    uint32_t H0 = in_or_none(in, n_in, 5), C0 = kind == K_LSTM ? in_or_none(in, n_in, 6) : NNX_NONE;
    uint32_t P = kind == K_LSTM ? in_or_none(in, n_in, 7) : NNX_NONE;
    bool batch_first = ox_attr_i(n, "layout", 0) != 0;
    if (batch_first) {
        uint32_t perm[3] = {1, 0, 2};
        CHECK(transpose(c, X, perm, &X));
    }
    nnx_operand_desc xd = ox_desc(c, X), wd = ox_desc(c, W);
    if (xd.rank != 3 || wd.rank != 3)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "X and W must be 3-D");
    uint32_t S = xd.shape[0], Bn = xd.shape[1], dirs = wd.shape[0];
    int64_t hs = ox_attr_i(n, "hidden_size", wd.shape[1] / G);
    if (hs < 1 || (uint64_t)hs * G != wd.shape[1])
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "hidden_size does not match W");
    uint32_t H = (uint32_t)hs;
    char buf[32];
    const char *dir = ox_attr_s(n, "direction", "forward", buf, sizeof buf);
    bool bidi = strcmp(dir, "bidirectional") == 0, reverse = strcmp(dir, "reverse") == 0;
    if (dirs != (bidi ? 2u : 1u))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "W has %u directions for direction '%s'", dirs, dir);
    if (ox_attr_i(n, "input_forget", 0))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "input_forget 1 is not supported");
    double clip = ox_attr_f(n, "clip", 0);
    bool lbr = ox_attr_i(n, "linear_before_reset", 0) != 0;
    if (SL != NNX_NONE) {
        int64_t lens[4096];
        uint32_t k;
        CHECK(ox_ints(c, SL, "sequence_lens", lens, 4096, &k));
        for (uint32_t i = 0; i < k; i++)
            if (lens[i] != S)
                return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "sequence_lens shorter than the sequence is not supported");
    }
    static const char *const lstm_def[] = {"Sigmoid", "Tanh", "Tanh"}, *const gru_def[] = {"Sigmoid", "Tanh"},
                             *const rnn_def[] = {"Tanh"};
    act acts[6];
    CHECK(read_acts(c, n, nacts * dirs, kind == K_LSTM ? lstm_def : kind == K_GRU ? gru_def : rnn_def, acts));
    nnx_dtype dt = xd.dtype;
    uint32_t ys[2] = {0}, yh[2], yc[2];
    for (uint32_t d = 0; d < dirs; d++) {
        const act *A = acts + d * nacts;
        bool rev = reverse || (bidi && d == 1);
        uint32_t Wd, Rd, Wt, Rt, XW, bias = NNX_NONE, h, cst = NNX_NONE, p = NNX_NONE;
        uint32_t perm[2] = {1, 0};
        CHECK(item(c, W, d, &Wd));
        CHECK(item(c, R, d, &Rd));
        CHECK(transpose(c, Wd, perm, &Wt));
        CHECK(transpose(c, Rd, perm, &Rt));
        uint32_t s2[2] = {S * Bn, xd.shape[2]}, x2, s3[3] = {S, Bn, G * H};
        CHECK(reshape(c, X, 2, s2, &x2));
        CHECK(bin(c, NNX_OP_MATMUL, x2, Wt, &XW));
        uint32_t Rb = NNX_NONE;
        if (B != NNX_NONE) {
            uint32_t Bd, wb, rb;
            CHECK(item(c, B, d, &Bd));
            nnx_attrs a = {.slice = {.starts = {0}, .sizes = {G * H}, .strides = {1}}};
            CHECK(ox_node(c, NNX_OP_SLICE, &Bd, 1, &a, 1, &wb));
            a.slice.starts[0] = G * H;
            CHECK(ox_node(c, NNX_OP_SLICE, &Bd, 1, &a, 1, &rb));
            if (kind == K_GRU && lbr) { /* Rbh stays inside the reset product */
                CHECK(bin(c, NNX_OP_ADD, XW, wb, &XW));
                Rb = rb;
            } else {
                CHECK(bin(c, NNX_OP_ADD, wb, rb, &bias));
                CHECK(bin(c, NNX_OP_ADD, XW, bias, &XW));
            }
        }
        CHECK(reshape(c, XW, 3, s3, &XW));
        if (H0 != NNX_NONE)
            CHECK(item(c, H0, d, &h));
        else {
            nnx_operand_desc hd = {dt, 2, {Bn, H}};
            size_t b;
            nnx_desc_bytes(&hd, &b);
            void *z = ox_calloc(c, b, 1);
            if (!z)
                return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
            nnx_status st = ox_const(c, &hd, z, &h);
            if (st == NNX_OK && kind == K_LSTM && C0 == NNX_NONE)
                st = ox_const(c, &hd, z, &cst);
            nnx_mem_free(c->ir->alloc, z);
            CHECK(st);
        }
        if (C0 != NNX_NONE)
            CHECK(item(c, C0, d, &cst));
        if (P != NNX_NONE)
            CHECK(item(c, P, d, &p));
        uint32_t pi = NNX_NONE, po = NNX_NONE, pf = NNX_NONE;
        if (p != NNX_NONE) {
            nnx_attrs a = {.slice = {.starts = {0}, .sizes = {H}, .strides = {1}}};
            CHECK(ox_node(c, NNX_OP_SLICE, &p, 1, &a, 1, &pi));
            a.slice.starts[0] = H;
            CHECK(ox_node(c, NNX_OP_SLICE, &p, 1, &a, 1, &po));
            a.slice.starts[0] = 2 * H;
            CHECK(ox_node(c, NNX_OP_SLICE, &p, 1, &a, 1, &pf));
        }
        uint32_t *steps = ox_alloc(c, (size_t)S * sizeof *steps);
        if (!steps)
            return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        nnx_status st = NNX_OK;
        for (uint32_t s = 0; s < S && st == NNX_OK; s++) {
            uint32_t t = rev ? S - 1 - s : s, xt, hr, g;
            st = item(c, XW, t, &xt);
            if (st != NNX_OK)
                break;
            if (kind == K_RNN) {
                if ((st = bin(c, NNX_OP_MATMUL, h, Rt, &hr)) || (st = bin(c, NNX_OP_ADD, xt, hr, &g)) ||
                    (st = apply(c, &A[0], g, clip, &h)))
                    break;
            } else if (kind == K_LSTM) {
                uint32_t gi, go, gf, gc, it, ot, ft, ct, t1, t2;
                if ((st = bin(c, NNX_OP_MATMUL, h, Rt, &hr)) || (st = bin(c, NNX_OP_ADD, xt, hr, &g)) ||
                    (st = gate(c, g, 0, H, &gi)) || (st = gate(c, g, 1, H, &go)) || (st = gate(c, g, 2, H, &gf)) ||
                    (st = gate(c, g, 3, H, &gc)))
                    break;
                if (pi != NNX_NONE &&
                    ((st = bin(c, NNX_OP_MUL, cst, pi, &t1)) || (st = bin(c, NNX_OP_ADD, gi, t1, &gi)) ||
                     (st = bin(c, NNX_OP_MUL, cst, pf, &t1)) || (st = bin(c, NNX_OP_ADD, gf, t1, &gf))))
                    break;
                if ((st = apply(c, &A[0], gi, clip, &it)) || (st = apply(c, &A[0], gf, clip, &ft)) ||
                    (st = apply(c, &A[1], gc, clip, &ct)) || (st = bin(c, NNX_OP_MUL, ft, cst, &t1)) ||
                    (st = bin(c, NNX_OP_MUL, it, ct, &t2)) || (st = bin(c, NNX_OP_ADD, t1, t2, &cst)))
                    break;
                if (po != NNX_NONE &&
                    ((st = bin(c, NNX_OP_MUL, cst, po, &t1)) || (st = bin(c, NNX_OP_ADD, go, t1, &go))))
                    break;
                if ((st = apply(c, &A[0], go, clip, &ot)) || (st = apply(c, &A[2], cst, 0, &t1)) ||
                    (st = bin(c, NNX_OP_MUL, ot, t1, &h)))
                    break;
            } else { /* GRU */
                uint32_t R_zr, R_h, xz, xr, xh, hz, hrr, zt, rt, ht, t1, one, a1, a2;
                nnx_operand_desc rd = ox_desc(c, Rt);
                nnx_attrs a = {.slice = {.starts = {0, 0}, .sizes = {rd.shape[0], 2 * H}, .strides = {1, 1}}};
                if ((st = ox_node(c, NNX_OP_SLICE, &Rt, 1, &a, 1, &R_zr)))
                    break;
                a.slice.starts[1] = 2 * H;
                a.slice.sizes[1] = H;
                if ((st = ox_node(c, NNX_OP_SLICE, &Rt, 1, &a, 1, &R_h)) || (st = gate(c, xt, 0, H, &xz)) ||
                    (st = gate(c, xt, 1, H, &xr)) || (st = gate(c, xt, 2, H, &xh)) ||
                    (st = bin(c, NNX_OP_MATMUL, h, R_zr, &hr)) || (st = gate(c, hr, 0, H, &hz)) ||
                    (st = gate(c, hr, 1, H, &hrr)) || (st = bin(c, NNX_OP_ADD, xz, hz, &t1)) ||
                    (st = apply(c, &A[0], t1, clip, &zt)) || (st = bin(c, NNX_OP_ADD, xr, hrr, &t1)) ||
                    (st = apply(c, &A[0], t1, clip, &rt)))
                    break;
                if (lbr) {
                    if ((st = bin(c, NNX_OP_MATMUL, h, R_h, &t1)))
                        break;
                    if (Rb != NNX_NONE) {
                        nnx_attrs s1 = {.slice = {.starts = {2 * H}, .sizes = {H}, .strides = {1}}};
                        uint32_t rbh;
                        if ((st = ox_node(c, NNX_OP_SLICE, &Rb, 1, &s1, 1, &rbh)) ||
                            (st = bin(c, NNX_OP_ADD, t1, rbh, &t1)))
                            break;
                    }
                    if ((st = bin(c, NNX_OP_MUL, rt, t1, &t1)))
                        break;
                } else if ((st = bin(c, NNX_OP_MUL, rt, h, &t1)) || (st = bin(c, NNX_OP_MATMUL, t1, R_h, &t1)))
                    break;
                if ((st = bin(c, NNX_OP_ADD, xh, t1, &t1)) || (st = apply(c, &A[1], t1, clip, &ht)) ||
                    (st = scalar_like(c, zt, 1, &one)) || (st = bin(c, NNX_OP_SUB, one, zt, &a1)) ||
                    (st = bin(c, NNX_OP_MUL, a1, ht, &a1)) || (st = bin(c, NNX_OP_MUL, zt, h, &a2)) ||
                    (st = bin(c, NNX_OP_ADD, a1, a2, &h)))
                    break;
            }
            uint32_t s4[4] = {1, 1, Bn, H};
            st = reshape(c, h, 4, s4, &steps[t]);
        }
        if (st == NNX_OK) {
            if (S == 1)
                ys[d] = steps[0];
            else {
                nnx_attrs a = {.axis = {0}};
                st = ox_node(c, NNX_OP_CONCAT, steps, S, &a, 1, &ys[d]);
            }
        }
        nnx_mem_free(c->ir->alloc, steps);
        CHECK(st);
        yh[d] = h;
        yc[d] = cst;
    }
    uint32_t Y = ys[0], YH, YC = NNX_NONE, s3[3] = {1, Bn, H};
    uint32_t hh[2], cc[2];
    for (uint32_t d = 0; d < dirs; d++) {
        CHECK(reshape(c, yh[d], 3, s3, &hh[d]));
        if (kind == K_LSTM)
            CHECK(reshape(c, yc[d], 3, s3, &cc[d]));
    }
    nnx_attrs a1 = {.axis = {1}}, a0 = {.axis = {0}};
    if (dirs == 2) {
        CHECK(ox_node(c, NNX_OP_CONCAT, ys, 2, &a1, 1, &Y));
        CHECK(ox_node(c, NNX_OP_CONCAT, hh, 2, &a0, 1, &YH));
        if (kind == K_LSTM)
            CHECK(ox_node(c, NNX_OP_CONCAT, cc, 2, &a0, 1, &YC));
    } else {
        YH = hh[0];
        YC = kind == K_LSTM ? cc[0] : NNX_NONE;
    }
    if (batch_first) {
        uint32_t p4[4] = {2, 0, 1, 3}, p3[3] = {1, 0, 2};
        CHECK(transpose(c, Y, p4, &Y));
        CHECK(transpose(c, YH, p3, &YH));
        if (YC != NNX_NONE)
            CHECK(transpose(c, YC, p3, &YC));
    }
    out[0] = Y;
    if (n->n_output > 1)
        out[1] = YH;
    if (n->n_output > 2)
        out[2] = YC;
    return NNX_OK;
}

/* TopK with a known k: k rounds of arg max (largest) or arg min, each value read with
 * gather_elements and then masked with -inf / +inf; ties give the lower index first. */
nnx_status nnx_onnx_op_topk(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    int64_t k;
    uint32_t cnt, axis;
    if (c->opset < 10)
        k = ox_attr_i(n, "k", 0);
    else
        CHECK(ox_ints(c, in[1], "K", &k, 1, &cnt));
    CHECK(axis_of(c, ox_attr_i(n, "axis", -1), d.rank, &axis));
    bool largest = ox_attr_i(n, "largest", 1) != 0;
    if (k < 1 || k > d.shape[axis] || k > 64)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "K = %lld is not supported (1..min(64, axis size))", (long long)k);
    if (!nnx_dtype_is_float(d.dtype))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "TopK of type %s is not supported", nnx_dtype_name(d.dtype));
    uint32_t vals[64], idxs[64], cur = in[0], mask;
    uint32_t ushape[NNX_MAX_RANK];
    memcpy(ushape, d.shape, sizeof ushape);
    ushape[axis] = 1;
    nnx_operand_desc md = {d.dtype, d.rank, {0}};
    memcpy(md.shape, ushape, sizeof ushape);
    CHECK(ox_scalar(c, d.dtype, largest ? -INFINITY : INFINITY, &mask));
    nnx_attrs ex = {.reshape = {.rank = d.rank}};
    memcpy(ex.reshape.shape, ushape, sizeof ushape);
    CHECK(ox_node(c, NNX_OP_EXPAND, &mask, 1, &ex, 1, &mask));
    nnx_attrs ar = {.arg_reduce = {.axes_mask = 1u << axis, .keep_dims = true, .index_dtype = NNX_INT64}};
    nnx_attrs ax = {.axis = {axis}};
    for (int64_t i = 0; i < k; i++) {
        CHECK(ox_node(c, largest ? NNX_OP_REDUCE_ARGMAX : NNX_OP_REDUCE_ARGMIN, &cur, 1, &ar, 1, &idxs[i]));
        uint32_t gi[2] = {in[0], idxs[i]};
        CHECK(ox_node(c, NNX_OP_GATHER_ELEMENTS, gi, 2, &ax, 1, &vals[i]));
        if (i + 1 < k) {
            uint32_t si[3] = {cur, idxs[i], mask};
            CHECK(ox_node(c, NNX_OP_SCATTER_ELEMENTS, si, 3, &ax, 1, &cur));
        }
    }
    if (k == 1) {
        out[0] = vals[0];
        if (n->n_output > 1)
            out[1] = idxs[0];
        return NNX_OK;
    }
    CHECK(ox_node(c, NNX_OP_CONCAT, vals, (uint32_t)k, &ax, 1, &out[0]));
    if (n->n_output > 1)
        CHECK(ox_node(c, NNX_OP_CONCAT, idxs, (uint32_t)k, &ax, 1, &out[1]));
    return NNX_OK;
}
