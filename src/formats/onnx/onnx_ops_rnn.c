/* onnx_ops_rnn.c — ONNX RNN, GRU and LSTM (ONNX Operators, RNN / GRU / LSTM) unrolled over the
 * (static) sequence into core matmul and element-wise operations, one direction at a time:
 * the input projection of the whole sequence with its biases at once, then per step the
 * recurrent product, the gates (ONNX orders: LSTM i, o, f, c; GRU z, r, h), clip and the
 * activations (onnx_rnn_acts.c). Batch rows shorter than the sequence (sequence_lens) are
 * masked step by step. */
#include "formats/onnx/onnx_build.h"

#include <math.h>

typedef enum { K_RNN, K_GRU, K_LSTM } rnn_kind;

/* The node: its inputs (X, initial_h, initial_c already sequence-major), sizes, attributes. */
typedef struct rnn_node {
    rnn_kind kind;
    uint32_t X, W, R, B, SL, H0, C0, P;
    uint32_t G, per; /* gates, activation functions per direction */
    uint32_t S, Bn, H, dirs;
    bool reverse, bidi, batch_first, lbr, input_forget;
    double clip;
    ox_act acts[6];
} rnn_node;

/* One direction's weights and settings, as the step functions use them. */
typedef struct cell {
    const rnn_node *u;
    const ox_act *A;     /* f, g, h of this direction */
    uint32_t Rt;         /* R^T [H, G*H]; GRU: only the z and r columns [H, 2H] */
    uint32_t Rh;         /* GRU: Rh^T [H, H] */
    uint32_t rbh;        /* GRU with linear_before_reset: Rbh [H], or NNX_NONE */
    uint32_t pi, po, pf; /* LSTM peepholes [H], or NNX_NONE */
} cell;

/* Columns [start, start + size) of a 2-D value. */
static nnx_status cols(ox *c, uint32_t v, uint32_t start, uint32_t size, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, v);
    nnx_attrs a = {.slice = {.starts = {0, start}, .sizes = {d.shape[0], size}, .strides = {1, 1}}};
    return ox_node(c, NNX_OP_SLICE, &v, 1, &a, 1, y);
}

/* Items [start, start + size) of a 1-D value. */
static nnx_status range(ox *c, uint32_t v, uint32_t start, uint32_t size, uint32_t *y)
{
    nnx_attrs a = {.slice = {.starts = {start}, .sizes = {size}, .strides = {1}}};
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

static nnx_status act(ox *c, const cell *k, uint32_t i, uint32_t x, uint32_t *y)
{
    return nnx_onnx_rnn_act_apply(c, &k->A[i], x, k->u->clip, y);
}

/* ---------------------------------------------------------------- one step of each kind
 * xt [Bn, G*H] holds Xt*(W^T) with the biases outside the recurrent terms; h (and cs) the
 * state before the step. */

/* Ht = f(Xt*(Wi^T) + Ht-1*(Ri^T) + Wbi + Rbi). */
static nnx_status rnn_step(ox *c, const cell *k, uint32_t xt, uint32_t h, uint32_t *h_out)
{
    uint32_t g;
    CHECK(bin(c, NNX_OP_MATMUL, h, k->Rt, &g));
    CHECK(bin(c, NNX_OP_ADD, xt, g, &g));
    return act(c, k, 0, g, h_out);
}

/* zt = f(Xt*(Wz^T) + Ht-1*(Rz^T) + Wbz + Rbz), rt likewise with r; ht = g(Xt*(Wh^T) + (rt (.)
 * (Ht-1*(Rh^T) + Rbh)) + Wbh) with linear_before_reset, else g(Xt*(Wh^T) + (rt (.) Ht-1)*(Rh^T)
 * + Rbh + Wbh); Ht = (1 - zt) (.) ht + zt (.) Ht-1. */
static nnx_status gru_step(ox *c, const cell *k, uint32_t xt, uint32_t h, uint32_t *h_out)
{
    uint32_t H = k->u->H, hzr, x, t, zt, rt, ht, one, a, b;
    CHECK(bin(c, NNX_OP_MATMUL, h, k->Rt, &hzr));
    CHECK(cols(c, xt, 0, H, &x));
    CHECK(cols(c, hzr, 0, H, &t));
    CHECK(bin(c, NNX_OP_ADD, x, t, &t));
    CHECK(act(c, k, 0, t, &zt));
    CHECK(cols(c, xt, H, H, &x));
    CHECK(cols(c, hzr, H, H, &t));
    CHECK(bin(c, NNX_OP_ADD, x, t, &t));
    CHECK(act(c, k, 0, t, &rt));
    if (k->u->lbr) {
        CHECK(bin(c, NNX_OP_MATMUL, h, k->Rh, &t));
        if (k->rbh != NNX_NONE)
            CHECK(bin(c, NNX_OP_ADD, t, k->rbh, &t));
        CHECK(bin(c, NNX_OP_MUL, rt, t, &t));
    } else {
        CHECK(bin(c, NNX_OP_MUL, rt, h, &t));
        CHECK(bin(c, NNX_OP_MATMUL, t, k->Rh, &t));
    }
    CHECK(cols(c, xt, 2 * H, H, &x));
    CHECK(bin(c, NNX_OP_ADD, x, t, &t));
    CHECK(act(c, k, 1, t, &ht));
    CHECK(scalar_like(c, zt, 1, &one));
    CHECK(bin(c, NNX_OP_SUB, one, zt, &a));
    CHECK(bin(c, NNX_OP_MUL, a, ht, &a));
    CHECK(bin(c, NNX_OP_MUL, zt, h, &b));
    return bin(c, NNX_OP_ADD, a, b, h_out);
}

/* it = f(Xt*(Wi^T) + Ht-1*(Ri^T) + Pi (.) Ct-1 + Wbi + Rbi); ft likewise with Pf, or 1 - it
 * with input_forget (the two gates coupled); ct = g(Xt*(Wc^T) + Ht-1*(Rc^T) + Wbc + Rbc);
 * Ct = ft (.) Ct-1 + it (.) ct; ot = f(Xt*(Wo^T) + Ht-1*(Ro^T) + Po (.) Ct + Wbo + Rbo);
 * Ht = ot (.) h(Ct). Clip bounds the gates' inputs, not h's. */
static nnx_status lstm_step(ox *c, const cell *k, uint32_t xt, uint32_t h, uint32_t cs, uint32_t *h_out,
                            uint32_t *c_out)
{
    uint32_t H = k->u->H, g, gi, go, gf, gc, it, ft, ct, ot, t1, t2;
    CHECK(bin(c, NNX_OP_MATMUL, h, k->Rt, &g));
    CHECK(bin(c, NNX_OP_ADD, xt, g, &g));
    CHECK(cols(c, g, 0, H, &gi));
    CHECK(cols(c, g, H, H, &go));
    CHECK(cols(c, g, 2 * H, H, &gf));
    CHECK(cols(c, g, 3 * H, H, &gc));
    if (k->pi != NNX_NONE) {
        CHECK(bin(c, NNX_OP_MUL, cs, k->pi, &t1));
        CHECK(bin(c, NNX_OP_ADD, gi, t1, &gi));
    }
    CHECK(act(c, k, 0, gi, &it));
    if (k->u->input_forget) {
        CHECK(scalar_like(c, it, 1, &t1));
        CHECK(bin(c, NNX_OP_SUB, t1, it, &ft));
    } else {
        if (k->pf != NNX_NONE) {
            CHECK(bin(c, NNX_OP_MUL, cs, k->pf, &t1));
            CHECK(bin(c, NNX_OP_ADD, gf, t1, &gf));
        }
        CHECK(act(c, k, 0, gf, &ft));
    }
    CHECK(act(c, k, 1, gc, &ct));
    CHECK(bin(c, NNX_OP_MUL, ft, cs, &t1));
    CHECK(bin(c, NNX_OP_MUL, it, ct, &t2));
    CHECK(bin(c, NNX_OP_ADD, t1, t2, c_out));
    if (k->po != NNX_NONE) {
        CHECK(bin(c, NNX_OP_MUL, *c_out, k->po, &t1));
        CHECK(bin(c, NNX_OP_ADD, go, t1, &go));
    }
    CHECK(act(c, k, 0, go, &ot));
    CHECK(nnx_onnx_rnn_act_apply(c, &k->A[2], *c_out, 0, &t1));
    return bin(c, NNX_OP_MUL, ot, t1, h_out);
}

/* ---------------------------------------------------------------- one direction */

/* Direction d's cell and its input terms XW [S, Bn, G*H]: X*(W^T) plus Wb + Rb, except that
 * with GRU linear_before_reset Rbh stays out (it belongs inside the reset product) while Rbz
 * and Rbr join Wb. */
static nnx_status direction_cell(ox *c, const rnn_node *u, uint32_t d, cell *k, uint32_t *xw)
{
    uint32_t H = u->H, GH = u->G * u->H, Wd, Rd, Wt, Rt, x2, perm[2] = {1, 0};
    *k = (cell){u, u->acts + d * u->per, NNX_NONE, NNX_NONE, NNX_NONE, NNX_NONE, NNX_NONE, NNX_NONE};
    CHECK(item(c, u->W, d, &Wd));
    CHECK(item(c, u->R, d, &Rd));
    CHECK(transpose(c, Wd, perm, &Wt));
    CHECK(transpose(c, Rd, perm, &Rt));
    uint32_t s2[2] = {u->S * u->Bn, ox_desc(c, u->X).shape[2]}, s3[3] = {u->S, u->Bn, GH};
    CHECK(reshape(c, u->X, 2, s2, &x2));
    CHECK(bin(c, NNX_OP_MATMUL, x2, Wt, xw));
    if (u->B != NNX_NONE) {
        uint32_t Bd, wb, rb, bias;
        CHECK(item(c, u->B, d, &Bd));
        CHECK(range(c, Bd, 0, GH, &wb));
        CHECK(range(c, Bd, GH, GH, &rb));
        if (u->kind == K_GRU && u->lbr) {
            uint32_t parts[2], rzr;
            nnx_attrs a0 = {.axis = {0}};
            CHECK(range(c, wb, 0, 2 * H, &parts[0]));
            CHECK(range(c, rb, 0, 2 * H, &rzr));
            CHECK(bin(c, NNX_OP_ADD, parts[0], rzr, &parts[0]));
            CHECK(range(c, wb, 2 * H, H, &parts[1]));
            CHECK(ox_node(c, NNX_OP_CONCAT, parts, 2, &a0, 1, &bias));
            CHECK(range(c, rb, 2 * H, H, &k->rbh));
        } else
            CHECK(bin(c, NNX_OP_ADD, wb, rb, &bias));
        CHECK(bin(c, NNX_OP_ADD, *xw, bias, xw));
    }
    CHECK(reshape(c, *xw, 3, s3, xw));
    if (u->kind == K_GRU) {
        CHECK(cols(c, Rt, 0, 2 * H, &k->Rt));
        CHECK(cols(c, Rt, 2 * H, H, &k->Rh));
    } else
        k->Rt = Rt;
    if (u->kind == K_LSTM && u->P != NNX_NONE) {
        uint32_t p;
        CHECK(item(c, u->P, d, &p));
        CHECK(range(c, p, 0, H, &k->pi));
        CHECK(range(c, p, H, H, &k->po));
        CHECK(range(c, p, 2 * H, H, &k->pf));
    }
    return NNX_OK;
}

/* Direction d of initial_h / initial_c ([Bn, H]), zeros when the input is absent. */
static nnx_status initial_state(ox *c, const rnn_node *u, uint32_t v, uint32_t d, uint32_t *y)
{
    nnx_operand_desc hd = {ox_desc(c, u->X).dtype, 2, {u->Bn, u->H}};
    if (v != NNX_NONE) {
        CHECK(item(c, v, d, y));
        nnx_operand_desc yd = ox_desc(c, *y);
        if (yd.rank != 2 || yd.shape[0] != u->Bn || yd.shape[1] != u->H)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "initial_h and initial_c must be [%u, %u, %u]", u->dirs,
                           u->Bn, u->H);
        return NNX_OK;
    }
    size_t b;
    nnx_desc_bytes(&hd, &b);
    void *z = ox_calloc(c, b, 1);
    if (!z)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    nnx_status st = ox_const(c, &hd, z, y);
    nnx_mem_free(c->ir->alloc, z);
    return st;
}

/* Unrolls direction d: Y [S, 1, Bn, H] (steps: scratch for S values), the last Ht and Ct.
 * masks[t] ([Bn, 1], NULL: no masking) selects the rows that take step t; the others keep
 * their state and output 0. */
static nnx_status run_direction(ox *c, const rnn_node *u, uint32_t d, const uint32_t *masks, uint32_t *steps,
                                uint32_t *y, uint32_t *yh, uint32_t *yc)
{
    cell k;
    uint32_t xw, h, cs = NNX_NONE, zero = NNX_NONE;
    CHECK(direction_cell(c, u, d, &k, &xw));
    CHECK(initial_state(c, u, u->H0, d, &h));
    if (u->kind == K_LSTM)
        CHECK(initial_state(c, u, u->C0, d, &cs));
    if (masks)
        CHECK(scalar_like(c, h, 0, &zero));
    bool rev = u->reverse || (u->bidi && d == 1);
    for (uint32_t s = 0; s < u->S; s++) {
        uint32_t t = rev ? u->S - 1 - s : s, xt, hn, cn = NNX_NONE, yt;
        CHECK(item(c, xw, t, &xt));
        if (u->kind == K_RNN)
            CHECK(rnn_step(c, &k, xt, h, &hn));
        else if (u->kind == K_GRU)
            CHECK(gru_step(c, &k, xt, h, &hn));
        else
            CHECK(lstm_step(c, &k, xt, h, cs, &hn, &cn));
        if (masks) {
            uint32_t w[3] = {masks[t], hn, zero};
            CHECK(ox_node(c, NNX_OP_WHERE, w, 3, NULL, 1, &yt));
            w[2] = h;
            CHECK(ox_node(c, NNX_OP_WHERE, w, 3, NULL, 1, &h));
            if (cn != NNX_NONE) {
                w[1] = cn;
                w[2] = cs;
                CHECK(ox_node(c, NNX_OP_WHERE, w, 3, NULL, 1, &cs));
            }
        } else {
            yt = h = hn;
            cs = cn;
        }
        uint32_t s4[4] = {1, 1, u->Bn, u->H};
        CHECK(reshape(c, yt, 4, s4, &steps[t]));
    }
    nnx_attrs a0 = {.axis = {0}};
    if (u->S == 1)
        *y = steps[0];
    else
        CHECK(ox_node(c, NNX_OP_CONCAT, steps, u->S, &a0, 1, y));
    *yh = h;
    *yc = cs;
    return NNX_OK;
}

/* ---------------------------------------------------------------- the node */

/* sequence_lens: row b takes part in step t when t < sequence_lens[b]; past its length a row
 * keeps its last state (Y_h, Y_c) and its Y is 0, and a reverse direction starts at the
 * row's last valid step, which masking the steps t >= length gives, as the initial state is
 * kept until then. Lengths known at load time must lie in [0, S]; when all are S, no mask.
 * *masked: masks[S] ([Bn, 1] bool) were made. */
static nnx_status step_masks(ox *c, const rnn_node *u, uint32_t *masks, bool *masked)
{
    *masked = false;
    if (u->SL == NNX_NONE)
        return NNX_OK;
    nnx_operand_desc d = ox_desc(c, u->SL);
    if (d.rank != 1 || d.shape[0] != u->Bn || nnx_dtype_is_float(d.dtype) || d.dtype == NNX_BOOL)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "sequence_lens must be %u integers", u->Bn);
    if (ox_known(c, u->SL)) {
        int64_t *lens = ox_alloc(c, (size_t)u->Bn * sizeof *lens);
        if (!lens)
            return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        uint32_t n = 0;
        bool full = true;
        nnx_status st = ox_ints(c, u->SL, "sequence_lens", lens, u->Bn, &n);
        for (uint32_t i = 0; st == NNX_OK && i < n; i++) {
            if (lens[i] < 0 || lens[i] > u->S)
                st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "sequence_lens[%u] = %lld is outside [0, %u]", i,
                             (long long)lens[i], u->S);
            full = full && lens[i] == u->S;
        }
        nnx_mem_free(c->ir->alloc, lens);
        CHECK(st);
        if (full)
            return NNX_OK;
    }
    uint32_t s2[2] = {u->Bn, 1};
    for (uint32_t t = 0; t < u->S; t++) {
        uint32_t ts;
        CHECK(ox_scalar(c, d.dtype, t, &ts));
        CHECK(bin(c, NNX_OP_LESS, ts, u->SL, &masks[t]));
        CHECK(reshape(c, masks[t], 2, s2, &masks[t]));
    }
    *masked = true;
    return NNX_OK;
}

/* Reads the node's inputs and attributes into u; X, initial_h and initial_c made
 * sequence-major when layout is 1. */
static nnx_status read_node(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, rnn_node *u)
{
    memset(u, 0, sizeof *u);
    u->kind = strcmp(n->op_type, "LSTM") == 0 ? K_LSTM : strcmp(n->op_type, "GRU") == 0 ? K_GRU : K_RNN;
    u->G = u->kind == K_LSTM ? 4 : u->kind == K_GRU ? 3 : 1;
    u->per = u->kind == K_LSTM ? 3 : u->kind == K_GRU ? 2 : 1;
    u->X = in[0], u->W = in[1], u->R = in[2], u->B = in_or_none(in, n_in, 3), u->SL = in_or_none(in, n_in, 4);
    u->H0 = in_or_none(in, n_in, 5);
    u->C0 = u->kind == K_LSTM ? in_or_none(in, n_in, 6) : NNX_NONE;
    u->P = u->kind == K_LSTM ? in_or_none(in, n_in, 7) : NNX_NONE;
    u->batch_first = ox_attr_i(n, "layout", 0) != 0;
    if (u->batch_first) { /* [Bn, S, I] -> [S, Bn, I]; [Bn, D, H] -> [D, Bn, H] */
        uint32_t perm[3] = {1, 0, 2}, *vs[3] = {&u->X, &u->H0, &u->C0};
        for (int i = 0; i < 3; i++)
            if (*vs[i] != NNX_NONE) {
                if (ox_desc(c, *vs[i]).rank != 3)
                    return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "X, initial_h and initial_c must be 3-D");
                CHECK(transpose(c, *vs[i], perm, vs[i]));
            }
    }
    nnx_operand_desc xd = ox_desc(c, u->X), wd = ox_desc(c, u->W);
    if (xd.rank != 3 || wd.rank != 3)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "X and W must be 3-D");
    u->S = xd.shape[0], u->Bn = xd.shape[1], u->dirs = wd.shape[0];
    int64_t hs = ox_attr_i(n, "hidden_size", wd.shape[1] / u->G);
    if (hs < 1 || (uint64_t)hs * u->G != wd.shape[1])
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "hidden_size does not match W");
    u->H = (uint32_t)hs;
    char buf[32];
    const char *dir = ox_attr_s(n, "direction", "forward", buf, sizeof buf);
    u->bidi = strcmp(dir, "bidirectional") == 0, u->reverse = strcmp(dir, "reverse") == 0;
    if (!u->bidi && !u->reverse && strcmp(dir, "forward") != 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "direction '%s' is not forward, reverse or bidirectional", dir);
    if (u->dirs != (u->bidi ? 2u : 1u))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "W has %u directions for direction '%s'", u->dirs, dir);
    u->clip = ox_attr_f(n, "clip", 0);
    u->lbr = u->kind == K_GRU && ox_attr_i(n, "linear_before_reset", 0) != 0;
    u->input_forget = u->kind == K_LSTM && ox_attr_i(n, "input_forget", 0) != 0;
    static const char *const lstm_def[] = {"Sigmoid", "Tanh", "Tanh"}, *const gru_def[] = {"Sigmoid", "Tanh"},
                             *const rnn_def[] = {"Tanh"};
    const char *const *defs = u->kind == K_LSTM ? lstm_def : u->kind == K_GRU ? gru_def : rnn_def;
    return nnx_onnx_rnn_acts(c, n, u->per, u->dirs, defs, u->acts);
}

/* Y [S, D, Bn, H], Y_h and Y_c [D, Bn, H] from the directions' results (batch-major for
 * layout 1). */
static nnx_status outputs(ox *c, const Onnx__NodeProto *n, const rnn_node *u, uint32_t *ys, const uint32_t *yh,
                          const uint32_t *yc, uint32_t *out)
{
    uint32_t Y = ys[0], YH, YC = NNX_NONE, s3[3] = {1, u->Bn, u->H}, hh[2], cc[2];
    for (uint32_t d = 0; d < u->dirs; d++) {
        CHECK(reshape(c, yh[d], 3, s3, &hh[d]));
        if (u->kind == K_LSTM)
            CHECK(reshape(c, yc[d], 3, s3, &cc[d]));
    }
    nnx_attrs a1 = {.axis = {1}}, a0 = {.axis = {0}};
    if (u->dirs == 2) {
        CHECK(ox_node(c, NNX_OP_CONCAT, ys, 2, &a1, 1, &Y));
        CHECK(ox_node(c, NNX_OP_CONCAT, hh, 2, &a0, 1, &YH));
        if (u->kind == K_LSTM)
            CHECK(ox_node(c, NNX_OP_CONCAT, cc, 2, &a0, 1, &YC));
    } else {
        YH = hh[0];
        YC = u->kind == K_LSTM ? cc[0] : NNX_NONE;
    }
    if (u->batch_first) {
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

nnx_status nnx_onnx_op_rnn(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    rnn_node u;
    CHECK(read_node(c, n, in, n_in, &u));
    uint32_t *scratch = ox_alloc(c, (size_t)2 * u.S * sizeof *scratch); /* masks, then steps */
    if (!scratch)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    uint32_t ys[2] = {0}, yh[2] = {0}, yc[2] = {0};
    bool masked;
    nnx_status st = step_masks(c, &u, scratch, &masked);
    for (uint32_t d = 0; st == NNX_OK && d < u.dirs; d++)
        st = run_direction(c, &u, d, masked ? scratch : NULL, scratch + u.S, &ys[d], &yh[d], &yc[d]);
    nnx_mem_free(c->ir->alloc, scratch);
    CHECK(st);
    return outputs(c, n, &u, ys, yh, yc, out);
}
