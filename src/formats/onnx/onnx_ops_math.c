/* onnx_ops_math.c — ONNX operators that core IR has no single operation for, composed from
 * core ones: Atan / Asin / Acos (argument halving and a Taylor series, accurate to about 1e-9
 * before float rounding), Det of 1x1 to 3x3 matrices (cofactor expansion), Einsum of one or
 * two operands (diagonals, sums, one batched matmul, transposes), DFT (products with constant
 * cosine and sine matrices), the window generators (constants of a known size),
 * BatchNormalization in training mode, Mod and BitShift. */
#include "formats/onnx/onnx_build.h"
#include "ir/dtypes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define PI 3.14159265358979323846

static nnx_status addk(ox *c, uint32_t x, double k, uint32_t *y)
{
    uint32_t s;
    CHECK(scalar_like(c, x, k, &s));
    return bin(c, NNX_OP_ADD, x, s, y);
}

static nnx_status mulk(ox *c, uint32_t x, double k, uint32_t *y)
{
    uint32_t s;
    CHECK(scalar_like(c, x, k, &s));
    return bin(c, NNX_OP_MUL, x, s, y);
}

/* atan x = 2 atan(x / (1 + sqrt(1 + x^2))), three times (|x| < tan(pi/16) < 0.2), then
 * the series x - x^3/3 + ... - x^11/11, times 8. */
static nnx_status atan_of(ox *c, uint32_t x, uint32_t *y)
{
    uint32_t v = x, t;
    for (int i = 0; i < 3; i++) {
        CHECK(bin(c, NNX_OP_MUL, v, v, &t));
        CHECK(addk(c, t, 1, &t));
        CHECK(un(c, NNX_OP_SQRT, t, &t));
        CHECK(addk(c, t, 1, &t));
        CHECK(bin(c, NNX_OP_DIV, v, t, &v));
    }
    uint32_t v2, acc;
    CHECK(bin(c, NNX_OP_MUL, v, v, &v2));
    /* Horner in v^2: v (1 - v2/3 + v2^2/5 - ...) */
    CHECK(scalar_like(c, v, -1.0 / 11, &acc));
    for (int k = 4; k >= 0; k--) {
        CHECK(bin(c, NNX_OP_MUL, acc, v2, &acc));
        CHECK(addk(c, acc, (k % 2 ? -1.0 : 1.0) / (2 * k + 1), &acc));
    }
    CHECK(bin(c, NNX_OP_MUL, acc, v, &acc));
    return mulk(c, acc, 8, y);
}

nnx_status nnx_onnx_op_atan_family(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    uint32_t x = in[0], t, one, r;
    if (!nnx_dtype_is_float(ox_desc(c, x).dtype))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input must be floating-point");
    if (strcmp(n->op_type, "Atan") == 0)
        return atan_of(c, x, &out[0]);
    /* asin x = atan(x / sqrt(1 - x^2)); acos x = pi/2 - asin x */
    CHECK(bin(c, NNX_OP_MUL, x, x, &t));
    CHECK(scalar_like(c, x, 1, &one));
    CHECK(bin(c, NNX_OP_SUB, one, t, &t));
    CHECK(un(c, NNX_OP_SQRT, t, &t));
    CHECK(bin(c, NNX_OP_DIV, x, t, &t));
    CHECK(atan_of(c, t, &r));
    if (strcmp(n->op_type, "Asin") == 0) {
        out[0] = r;
        return NNX_OK;
    }
    CHECK(un(c, NNX_OP_NEG, r, &r));
    return addk(c, r, PI / 2, &out[0]);
}

/* ---------------------------------------------------------------- Det */

/* Element (i, j) of the trailing [n, n] matrices of x, shape [...]. */
static nnx_status elem(ox *c, uint32_t x, uint32_t i, uint32_t j, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    nnx_attrs a = {.slice = {.starts = {0}}};
    for (uint32_t k = 0; k < d.rank; k++) {
        a.slice.sizes[k] = d.shape[k];
        a.slice.strides[k] = 1;
    }
    a.slice.starts[d.rank - 2] = i, a.slice.sizes[d.rank - 2] = 1;
    a.slice.starts[d.rank - 1] = j, a.slice.sizes[d.rank - 1] = 1;
    CHECK(ox_node(c, NNX_OP_SLICE, &x, 1, &a, 1, y));
    return reshape(c, *y, d.rank - 2, d.shape, y);
}

nnx_status nnx_onnx_op_det(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    if (d.rank < 2 || d.shape[d.rank - 1] != d.shape[d.rank - 2])
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input must be [..., n, n]");
    uint32_t N = d.shape[d.rank - 1], e[3][3];
    if (N > 3)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "Det of %ux%u matrices is not supported (at most 3x3)", N, N);
    for (uint32_t i = 0; i < N; i++)
        for (uint32_t j = 0; j < N; j++)
            CHECK(elem(c, in[0], i, j, &e[i][j]));
    if (N == 1) {
        out[0] = e[0][0];
        return NNX_OK;
    }
    uint32_t a, b;
    if (N == 2) {
        CHECK(bin(c, NNX_OP_MUL, e[0][0], e[1][1], &a));
        CHECK(bin(c, NNX_OP_MUL, e[0][1], e[1][0], &b));
        return bin(c, NNX_OP_SUB, a, b, &out[0]);
    }
    uint32_t acc = NNX_NONE;
    for (uint32_t j = 0; j < 3; j++) {
        uint32_t j1 = (j + 1) % 3, j2 = (j + 2) % 3, m, t;
        CHECK(bin(c, NNX_OP_MUL, e[1][j1], e[2][j2], &a));
        CHECK(bin(c, NNX_OP_MUL, e[1][j2], e[2][j1], &b));
        CHECK(bin(c, NNX_OP_SUB, a, b, &m));
        CHECK(bin(c, NNX_OP_MUL, e[0][j], m, &t));
        if (acc == NNX_NONE)
            acc = t;
        else
            CHECK(bin(c, NNX_OP_ADD, acc, t, &acc));
    }
    out[0] = acc;
    return NNX_OK;
}

/* ---------------------------------------------------------------- Einsum */

typedef struct term {
    uint32_t v;
    char s[NNX_MAX_RANK + 1]; /* one letter per axis */
} term;

/* Parses "ab...c": letters, with "..." standing for the axes of rank - letters. */
static nnx_status parse_term(ox *c, const char *p, size_t len, uint32_t rank, char *out)
{
    size_t letters = 0;
    bool ell = false;
    for (size_t i = 0; i < len; i++)
        if ((p[i] >= 'a' && p[i] <= 'z') || (p[i] >= 'A' && p[i] <= 'Z'))
            letters++;
        else if (p[i] == '.')
            ell = true;
        else if (p[i] != ' ')
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "bad character '%c' in the equation", p[i]);
    if (letters > rank || (!ell && letters != rank))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "an equation term does not match rank %u", rank);
    size_t k = 0;
    bool done_ell = false;
    for (size_t i = 0; i < len; i++) {
        if (p[i] == '.') {
            if (!done_ell)
                for (size_t e = 0; e < rank - letters; e++)
                    out[k++] = (char)('0' + (rank - letters - e)); /* ellipsis axes: '1'.. aligned right */
            done_ell = true;
        } else if (p[i] != ' ')
            out[k++] = p[i];
    }
    out[k] = 0;
    return NNX_OK;
}

/* Takes the diagonal of repeated letters, and sums letters that `keep` lacks. */
static nnx_status einsum_reduce(ox *c, term *t, const char *keep)
{
    for (;;) { /* diagonals */
        size_t r = strlen(t->s);
        int a = -1, b = -1;
        for (size_t i = 0; i < r && a < 0; i++)
            for (size_t j = i + 1; j < r; j++)
                if (t->s[i] == t->s[j]) {
                    a = (int)i, b = (int)j;
                    break;
                }
        if (a < 0)
            break;
        nnx_operand_desc d = ox_desc(c, t->v);
        uint32_t perm[NNX_MAX_RANK], k = 0, m = d.shape[a];
        char ns[NNX_MAX_RANK + 1];
        for (uint32_t i = 0; i < r; i++)
            if ((int)i != a && (int)i != b)
                ns[k] = t->s[i], perm[k++] = i;
        perm[k] = (uint32_t)a, perm[k + 1] = (uint32_t)b;
        ns[k] = t->s[a], ns[k + 1] = 0;
        uint32_t v, shape[NNX_MAX_RANK];
        CHECK(transpose(c, t->v, perm, &v));
        for (uint32_t i = 0; i < k; i++)
            shape[i] = d.shape[perm[i]];
        shape[k] = m * m;
        CHECK(reshape(c, v, k + 1, shape, &v));
        nnx_attrs sa = {.slice = {.starts = {0}}};
        for (uint32_t i = 0; i <= k; i++)
            sa.slice.sizes[i] = shape[i], sa.slice.strides[i] = 1;
        sa.slice.strides[k] = m + 1;
        CHECK(ox_node(c, NNX_OP_SLICE, &v, 1, &sa, 1, &t->v));
        memcpy(t->s, ns, sizeof ns);
    }
    size_t r = strlen(t->s);
    uint32_t mask = 0, k = 0;
    char ns[NNX_MAX_RANK + 1];
    for (size_t i = 0; i < r; i++)
        if (!strchr(keep, t->s[i]))
            mask |= 1u << i;
        else
            ns[k++] = t->s[i];
    ns[k] = 0;
    if (mask) {
        CHECK(reduce(c, NNX_OP_REDUCE_SUM, t->v, mask, false, &t->v));
        memcpy(t->s, ns, sizeof ns);
    }
    return NNX_OK;
}

static int pos(const char *s, char ch)
{
    const char *p = strchr(s, ch);
    return p ? (int)(p - s) : -1;
}

nnx_status nnx_onnx_op_einsum(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    char eq[256];
    ox_attr_s(n, "equation", "", eq, sizeof eq);
    if (n_in < 1 || n_in > 2)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "Einsum of %u operands is not supported (1 or 2)", n_in);
    char *arrow = strstr(eq, "->");
    size_t lhs_len = arrow ? (size_t)(arrow - eq) : strlen(eq);
    term t[2];
    const char *p = eq;
    for (uint32_t k = 0; k < n_in; k++) {
        const char *e = memchr(p, ',', lhs_len - (size_t)(p - eq));
        size_t len = e ? (size_t)(e - p) : lhs_len - (size_t)(p - eq);
        if (k + 1 < n_in && !e)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the equation has fewer terms than inputs");
        t[k].v = in[k];
        CHECK(parse_term(c, p, len, ox_desc(c, in[k]).rank, t[k].s));
        p = e ? e + 1 : p + len;
    }
    char outs[NNX_MAX_RANK + 1];
    { /* the output term: given (ellipsis axes as in the operands) or implicit */
        size_t k = 0;
        char all[2 * NNX_MAX_RANK + 1] = "";
        for (uint32_t i = 0; i < n_in; i++)
            strcat(all, t[i].s);
        if (arrow) {
            const char *q = arrow + 2;
            bool ell_done = false;
            for (; *q; q++) {
                if (*q == '.') {
                    if (!ell_done)
                        for (char d = '9'; d >= '1'; d--)
                            if (strchr(all, d) && k < NNX_MAX_RANK)
                                outs[k++] = d;
                    ell_done = true;
                } else if (*q != ' ' && k < NNX_MAX_RANK)
                    outs[k++] = *q;
            }
        } else {
            for (char d = '9'; d >= '1'; d--)
                if (strchr(all, d) && k < NNX_MAX_RANK)
                    outs[k++] = d;
            for (char ch = 'A'; ch <= 'z'; ch++)
                if (((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) && strchr(all, ch) &&
                    strchr(all, ch) == strrchr(all, ch) && k < NNX_MAX_RANK)
                    outs[k++] = ch;
        }
        outs[k] = 0;
    }
    /* reduce each operand to the letters the output or the other operand needs */
    for (uint32_t k = 0; k < n_in; k++) {
        char keep[2 * NNX_MAX_RANK + 2];
        snprintf(keep, sizeof keep, "%s%s", outs, n_in == 2 ? t[1 - k].s : "");
        CHECK(einsum_reduce(c, &t[k], keep));
    }
    uint32_t y;
    char ys[NNX_MAX_RANK + 1];
    if (n_in == 1) {
        y = t[0].v;
        memcpy(ys, t[0].s, sizeof ys);
    } else {
        /* batch (both, output), contracted (both, not output), left / right only */
        char bt[NNX_MAX_RANK + 1] = "", kt[NNX_MAX_RANK + 1] = "", lt[NNX_MAX_RANK + 1] = "", rt[NNX_MAX_RANK + 1] = "";
        for (const char *q = t[0].s; *q; q++) {
            char s1[2] = {*q, 0};
            strcat(pos(t[1].s, *q) >= 0 ? (pos(outs, *q) >= 0 ? bt : kt) : lt, s1);
        }
        for (const char *q = t[1].s; *q; q++)
            if (pos(t[0].s, *q) < 0) {
                char s1[2] = {*q, 0};
                strcat(rt, s1);
            }
        nnx_operand_desc ad = ox_desc(c, t[0].v), bd = ox_desc(c, t[1].v);
        uint32_t pa[NNX_MAX_RANK], pb[NNX_MAX_RANK], na = 0, nb = 0;
        uint64_t B = 1, L = 1, K = 1, R = 1;
        uint32_t yshape[NNX_MAX_RANK], ny = 0;
        for (const char *q = bt; *q; q++) {
            pa[na++] = (uint32_t)pos(t[0].s, *q), pb[nb++] = (uint32_t)pos(t[1].s, *q);
            B *= ad.shape[pos(t[0].s, *q)];
            yshape[ny++] = ad.shape[pos(t[0].s, *q)];
        }
        for (const char *q = lt; *q; q++) {
            pa[na++] = (uint32_t)pos(t[0].s, *q);
            L *= ad.shape[pos(t[0].s, *q)];
            yshape[ny++] = ad.shape[pos(t[0].s, *q)];
        }
        for (const char *q = kt; *q; q++) {
            pa[na++] = (uint32_t)pos(t[0].s, *q), pb[nb++] = (uint32_t)pos(t[1].s, *q);
            K *= ad.shape[pos(t[0].s, *q)];
            if (ad.shape[pos(t[0].s, *q)] != bd.shape[pos(t[1].s, *q)])
                return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "sizes of '%c' differ", *q);
        }
        for (const char *q = rt; *q; q++) {
            pb[nb++] = (uint32_t)pos(t[1].s, *q);
            R *= bd.shape[pos(t[1].s, *q)];
            yshape[ny++] = bd.shape[pos(t[1].s, *q)];
        }
        uint32_t a, b, s3a[3] = {(uint32_t)B, (uint32_t)L, (uint32_t)K},
                       s3b[3] = {(uint32_t)B, (uint32_t)K, (uint32_t)R};
        CHECK(transpose(c, t[0].v, pa, &a));
        CHECK(transpose(c, t[1].v, pb, &b));
        CHECK(reshape(c, a, 3, s3a, &a));
        CHECK(reshape(c, b, 3, s3b, &b));
        CHECK(bin(c, NNX_OP_MATMUL, a, b, &y));
        if (ny)
            CHECK(reshape(c, y, ny, yshape, &y));
        else {
            uint32_t none = 0;
            CHECK(reshape(c, y, 0, &none, &y));
        }
        snprintf(ys, sizeof ys, "%s%s%s", bt, lt, rt);
    }
    /* transpose to the output order */
    size_t r = strlen(ys);
    if (r != strlen(outs))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the output term does not match the operands");
    uint32_t perm[NNX_MAX_RANK];
    bool ident = true;
    for (size_t i = 0; i < r; i++) {
        int q = pos(ys, outs[i]);
        if (q < 0)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "output letter '%c' is in no operand", outs[i]);
        perm[i] = (uint32_t)q;
        ident &= perm[i] == i;
    }
    if (ident) {
        out[0] = y;
        return NNX_OK;
    }
    return transpose(c, y, perm, &out[0]);
}

/* ---------------------------------------------------------------- DFT */

/* DFT (opset 17): input [..., n, 1 | 2] (real, or real and imaginary), along `axis`
 * (1..rank-2); a known dft_length pads or truncates; onesided keeps n/2 + 1 frequencies;
 * inverse conjugates and divides by the length. Output [..., m, 2]. */
nnx_status nnx_onnx_op_dft(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    if (d.rank < 3 || (d.shape[d.rank - 1] != 1 && d.shape[d.rank - 1] != 2) || !nnx_dtype_is_float(d.dtype))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input must be float [..., n, 1 or 2]");
    /* the signal axis: an attribute (default 1) before opset 20, then the optional input 2
     * (default -2); either way in [-r, -2] or [0, r - 2] of the input's rank r (the last axis
     * holds the real and imaginary parts) */
    int64_t ax = c->opset < 20 ? ox_attr_i(n, "axis", 1) : -2;
    uint32_t axis, got;
    if (c->opset >= 20 && in_or_none(in, n_in, 2) != NNX_NONE)
        CHECK(ox_ints(c, in[2], "axis", &ax, 1, &got));
    CHECK(axis_of(c, ax, d.rank, &axis));
    if (axis >= d.rank - 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis %lld is the real/imaginary axis", (long long)ax);
    bool inverse = ox_attr_i(n, "inverse", 0) != 0, onesided = ox_attr_i(n, "onesided", 0) != 0;
    int64_t L = -1;
    if (in_or_none(in, n_in, 1) != NNX_NONE) {
        uint32_t k;
        CHECK(ox_ints(c, in[1], "dft_length", &L, 1, &k));
        if (L < 1 || L > 65536)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "dft_length %lld", (long long)L);
    }
    return nnx_onnx_dft(c, in[0], axis, L, inverse, onesided, &out[0]);
}

nnx_status nnx_onnx_dft(ox *c, uint32_t x, uint32_t axis, int64_t length, bool inverse, bool onesided, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    uint32_t N = length > 0 ? (uint32_t)length : d.shape[axis];
    /* inverse with onesided (IRFFT): the input holds the N / 2 + 1 values of a one-sided
     * spectrum (N: dft_length, else 2 (n - 1)) and the output is the real signal of N */
    bool irfft = inverse && onesided;
    if (irfft && length <= 0)
        N = d.shape[axis] > 1 ? 2 * (d.shape[axis] - 1) : 1;
    uint32_t n0 = d.shape[axis], half = N / 2 + 1;
    uint32_t used = irfft ? (n0 < half ? n0 : half) : n0 < N ? n0 : N, M = irfft ? N : onesided ? N / 2 + 1 : N;
    if ((uint64_t)used * M > (1u << 24))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the DFT is too large");
    /* real and imaginary parts [..., n] with the axis moved last */
    uint32_t parts[2] = {NNX_NONE, NNX_NONE}, r = d.rank - 1;
    uint32_t perm[NNX_MAX_RANK], k = 0, inv[NNX_MAX_RANK];
    for (uint32_t i = 0; i < r; i++)
        if (i != axis)
            perm[k++] = i;
    perm[k] = axis;
    for (uint32_t i = 0; i < r; i++)
        inv[perm[i]] = i;
    for (uint32_t p = 0; p < d.shape[d.rank - 1]; p++) {
        nnx_attrs a = {.slice = {.starts = {0}}};
        for (uint32_t i = 0; i < d.rank; i++)
            a.slice.sizes[i] = d.shape[i], a.slice.strides[i] = 1;
        a.slice.starts[d.rank - 1] = p, a.slice.sizes[d.rank - 1] = 1;
        a.slice.sizes[axis] = used;
        uint32_t v;
        CHECK(ox_node(c, NNX_OP_SLICE, &x, 1, &a, 1, &v));
        nnx_operand_desc vd = ox_desc(c, v);
        CHECK(reshape(c, v, r, vd.shape, &v));
        CHECK(transpose(c, v, perm, &parts[p]));
    }
    /* cos and sin matrices [used, M] */
    double *cm = ox_alloc(c, (size_t)used * M * 2 * sizeof *cm);
    if (!cm)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    double *sm = cm + (size_t)used * M, scale = inverse ? 1.0 / N : 1.0;
    for (uint32_t j = 0; j < used; j++) {
        /* IRFFT: every value but X_0 and the Nyquist one stands for itself and its conjugate */
        double w = irfft && j != 0 && 2 * j != N ? 2 : 1;
        for (uint32_t f = 0; f < M; f++) {
            double ang = 2 * PI * (double)(((uint64_t)j * f) % N) / N;
            cm[(size_t)j * M + f] = cos(ang) * scale * w;
            sm[(size_t)j * M + f] = (inverse ? sin(ang) : -sin(ang)) * scale * w;
        }
    }
    nnx_operand_desc md = {d.dtype == NNX_FLOAT64 ? NNX_FLOAT64 : NNX_FLOAT32, 2, {used, M}};
    size_t es = nnx_dtype_size(md.dtype);
    void *buf = ox_alloc(c, (size_t)used * M * es);
    uint32_t C = NNX_NONE, S = NNX_NONE;
    nnx_status st = buf ? NNX_OK : ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (int m = 0; m < 2 && st == NNX_OK; m++) {
        const double *src = m ? sm : cm;
        for (size_t i = 0; i < (size_t)used * M; i++) {
            if (es == 8)
                memcpy((char *)buf + 8 * i, &src[i], 8);
            else {
                float f = (float)src[i];
                memcpy((char *)buf + 4 * i, &f, 4);
            }
        }
        st = ox_const(c, &md, buf, m ? &S : &C);
    }
    nnx_mem_free(c->ir->alloc, buf);
    nnx_mem_free(c->ir->alloc, cm);
    CHECK(st);
    if (md.dtype != d.dtype) {
        CHECK(cast(c, C, d.dtype, &C));
        CHECK(cast(c, S, d.dtype, &S));
    }
    /* (xr + i xi)(C + i S) */
    uint32_t re, im, t;
    CHECK(bin(c, NNX_OP_MATMUL, parts[0], C, &re));
    CHECK(bin(c, NNX_OP_MATMUL, parts[0], S, &im));
    if (parts[1] != NNX_NONE) {
        CHECK(bin(c, NNX_OP_MATMUL, parts[1], S, &t));
        CHECK(bin(c, NNX_OP_SUB, re, t, &re));
        CHECK(bin(c, NNX_OP_MATMUL, parts[1], C, &t));
        CHECK(bin(c, NNX_OP_ADD, im, t, &im));
    }
    uint32_t pieces[2];
    int64_t last = r;
    CHECK(transpose(c, re, inv, &re));
    if (irfft) /* the real part alone */
        return unsqueeze(c, re, &last, 1, y);
    CHECK(transpose(c, im, inv, &im));
    CHECK(unsqueeze(c, re, &last, 1, &pieces[0]));
    CHECK(unsqueeze(c, im, &last, 1, &pieces[1]));
    nnx_attrs ca = {.axis = {r}};
    return ox_node(c, NNX_OP_CONCAT, pieces, 2, &ca, 1, y);
}

/* ---------------------------------------------------------------- BatchNormalization (training) */

/* training_mode 1: the batch's mean and population variance over every axis but 1 normalize
 * x; running_mean = mean * momentum + current * (1 - momentum), likewise the variance. */
nnx_status nnx_onnx_op_batch_norm_training(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                           uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    if (d.rank < 2)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input must have rank >= 2");
    double eps = ox_attr_f(n, "epsilon", 1e-5f), mom = ox_attr_f(n, "momentum", 0.9f);
    uint32_t mask = (uint32_t)((UINT64_C(1) << d.rank) - 1) & ~2u;
    uint32_t mean, dx, var, sd, y, s[NNX_MAX_RANK], sc, bi, m1, v1;
    CHECK(reduce(c, NNX_OP_REDUCE_MEAN, in[0], mask, true, &mean));
    CHECK(bin(c, NNX_OP_SUB, in[0], mean, &dx));
    CHECK(bin(c, NNX_OP_MUL, dx, dx, &var));
    CHECK(reduce(c, NNX_OP_REDUCE_MEAN, var, mask, true, &var));
    CHECK(addk(c, var, eps, &sd));
    CHECK(un(c, NNX_OP_SQRT, sd, &sd));
    CHECK(bin(c, NNX_OP_DIV, dx, sd, &y));
    for (uint32_t i = 0; i < d.rank; i++)
        s[i] = i == 1 ? d.shape[1] : 1;
    CHECK(reshape(c, in[1], d.rank, s, &sc));
    CHECK(reshape(c, in[2], d.rank, s, &bi));
    CHECK(bin(c, NNX_OP_MUL, y, sc, &y));
    CHECK(bin(c, NNX_OP_ADD, y, bi, &out[0]));
    uint32_t c1[1] = {d.shape[1]};
    CHECK(reshape(c, mean, 1, c1, &m1));
    CHECK(reshape(c, var, 1, c1, &v1));
    if (n->n_output > 1) {
        uint32_t a, b;
        CHECK(mulk(c, in[3], mom, &a));
        CHECK(mulk(c, m1, 1 - mom, &b));
        CHECK(bin(c, NNX_OP_ADD, a, b, &out[1]));
    }
    if (n->n_output > 2) {
        uint32_t a, b;
        CHECK(mulk(c, in[4], mom, &a));
        CHECK(mulk(c, v1, 1 - mom, &b));
        CHECK(bin(c, NNX_OP_ADD, a, b, &out[2]));
    }
    return NNX_OK;
}

/* ---------------------------------------------------------------- Mod, BitShift */

static nnx_status where(ox *c, uint32_t cond, uint32_t a, uint32_t b, uint32_t *y)
{
    uint32_t in[3] = {cond, a, b};
    return ox_node(c, NNX_OP_WHERE, in, 3, NULL, 1, y);
}

/* fmod 1: x - trunc(x / y) * y (the sign of x; floats through trunc = sign * floor(|q|)).
 * fmod 0 (integers): the truncated remainder plus y when it is non-zero and its sign differs
 * from y's (Python's %). */
nnx_status nnx_onnx_op_mod(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    uint32_t x = in[0], yv = in[1], q, t, r, zero;
    nnx_dtype dt = ox_desc(c, x).dtype;
    bool fmod = ox_attr_i(n, "fmod", 0) != 0, is_float = nnx_dtype_is_float(dt);
    if (is_float && !fmod)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "fmod must be 1 for floating-point types");
    CHECK(bin(c, NNX_OP_DIV, x, yv, &q));
    if (is_float) {
        uint32_t a, s;
        CHECK(ox_node(c, NNX_OP_ABS, &q, 1, NULL, 1, &a));
        CHECK(ox_node(c, NNX_OP_FLOOR, &a, 1, NULL, 1, &a));
        CHECK(ox_node(c, NNX_OP_SIGN, &q, 1, NULL, 1, &s));
        CHECK(bin(c, NNX_OP_MUL, a, s, &q));
    }
    CHECK(bin(c, NNX_OP_MUL, q, yv, &t));
    CHECK(bin(c, NNX_OP_SUB, x, t, &r));
    if (fmod || nnx_dtype_kind_of(dt) == NNX_KIND_UINT) {
        out[0] = r;
        return NNX_OK;
    }
    uint32_t nz, rneg, yneg, diff, fix, shifted;
    CHECK(ox_scalar(c, dt, 0, &zero));
    CHECK(bin(c, NNX_OP_NOT_EQUAL, r, zero, &nz));
    CHECK(bin(c, NNX_OP_LESS, r, zero, &rneg));
    CHECK(bin(c, NNX_OP_LESS, yv, zero, &yneg));
    CHECK(bin(c, NNX_OP_LOGICAL_XOR, rneg, yneg, &diff));
    CHECK(bin(c, NNX_OP_LOGICAL_AND, nz, diff, &fix));
    CHECK(bin(c, NNX_OP_ADD, r, yv, &shifted));
    return where(c, fix, shifted, r, &out[0]);
}

/* BitShift on unsigned integers: x * 2^s (LEFT, wrapping) or x / 2^s (RIGHT); shifts of the
 * width or more give 0. */
nnx_status nnx_onnx_op_bitshift(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_dtype dt = ox_desc(c, in[0]).dtype;
    if (nnx_dtype_kind_of(dt) != NNX_KIND_UINT)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "BitShift takes unsigned integers");
    char buf[16];
    bool left = strcmp(ox_attr_s(n, "direction", "", buf, sizeof buf), "LEFT") == 0;
    uint32_t two, p, r, big, width, zero;
    CHECK(ox_scalar(c, dt, 2, &two));
    CHECK(bin(c, NNX_OP_POW, two, in[1], &p));
    CHECK(bin(c, left ? NNX_OP_MUL : NNX_OP_DIV, in[0], p, &r));
    CHECK(ox_scalar(c, dt, nnx_dtype_bits(dt), &width));
    CHECK(ox_scalar(c, dt, 0, &zero));
    CHECK(bin(c, NNX_OP_GREATER_EQUAL, in[1], width, &big));
    return where(c, big, zero, r, &out[0]);
}

/* ---------------------------------------------------------------- window generators */

/* HannWindow, HammingWindow, BlackmanWindow (opset 17): a constant of the known size. */
nnx_status nnx_onnx_op_window(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    int64_t size;
    uint32_t k;
    CHECK(ox_ints(c, in[0], "size", &size, 1, &k));
    if (k != 1 || size < 1 || size > (1 << 24))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "window size %lld is not supported", (long long)size);
    nnx_dtype dt = NNX_FLOAT32;
    const Onnx__AttributeProto *oa = ox_attr(n, "output_datatype");
    if (oa)
        dt = nnx_onnx_dtype((int32_t)oa->i);
    if (dt != NNX_FLOAT32 && dt != NNX_FLOAT64)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "output_datatype %lld is not supported",
                       oa ? (long long)oa->i : 0LL);
    bool periodic = ox_attr_i(n, "periodic", 1) != 0;
    double N = periodic ? (double)size : (double)size - 1, pi = 3.14159265358979323846;
    double *v = ox_alloc(c, (size_t)size * sizeof *v);
    if (!v)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (int64_t i = 0; i < size; i++) {
        double t = N > 0 ? 2 * pi * i / N : 0;
        if (n->op_type[1] == 'a' && n->op_type[2] == 'n') /* Hann */
            v[i] = 0.5 - 0.5 * cos(t);
        else if (n->op_type[1] == 'a') /* Hamming: alpha 25/46 */
            v[i] = 25.0 / 46 - (1 - 25.0 / 46) * cos(t);
        else /* Blackman */
            v[i] = 0.42 - 0.5 * cos(t) + 0.08 * cos(2 * t);
    }
    nnx_status st = ox_axis_const(c, dt, 1, 0, (uint32_t)size, v, &out[0]);
    nnx_mem_free(c->ir->alloc, v);
    return st;
}
