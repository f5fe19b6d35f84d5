/* onnx_ops_tfidf.c — TfIdfVectorizer (ONNX Operators, TfIdfVectorizer, opset 9) on integer
 * input as a run-time composition of core ops: each n-gram length and skip compares shifted
 * windows of the input with the constant pool, counts the matches per pool n-gram, and a
 * one-hot matrix moves the counts to their output indices. */
#include "formats/onnx/onnx_build.h"

#include <stdlib.h>

/* Unrolling bound: at most this many window comparisons (n-gram length x skips x position in
 * the n-gram) are built; beyond it the node is NOT_SUPPORTED. */
#define TFIDF_MAX_WINDOWS 4096u

/* The pool n-grams of length gn: items [start, end) of the pool, (end - start) / gn of them. */
typedef struct {
    const int64_t *items;
    uint32_t count, base; /* base: ordinal of the first in ngram_indexes */
} tfidf_group;

/* counts [B, G] (float32) of the pool n-grams of group g (length gn) in x [B, C], with skip s
 * (consecutive items s + 1 apart); NNX_NONE when no window fits. */
static nnx_status count_skip(ox *c, uint32_t x, const tfidf_group *g, uint32_t gn, uint32_t s, uint32_t *counts)
{
    nnx_operand_desc d = ox_desc(c, x);
    uint32_t B = d.shape[0], C = d.shape[1];
    uint64_t span = (uint64_t)(gn - 1) * (s + 1);
    *counts = NNX_NONE;
    if (span >= C)
        return NNX_OK;
    uint32_t L = (uint32_t)(C - span), match = NNX_NONE;
    double *pool = ox_calloc(c, g->count, sizeof *pool);
    if (!pool)
        return c->nerr.status; /* ox_calloc's reason */
    nnx_status st = NNX_OK;
    for (uint32_t j = 0; j < gn && st == NNX_OK; j++) {
        nnx_attrs a = {.slice = {.starts = {0, (uint32_t)(j * (s + 1))}, .sizes = {B, L}, .strides = {1, 1}}};
        uint32_t w, pc, eq, ws[3] = {B, L, 1};
        for (uint32_t k = 0; k < g->count; k++)
            pool[k] = (double)g->items[(uint64_t)k * gn + j];
        st = ox_node(c, NNX_OP_SLICE, &x, 1, &a, 1, &w);
        if (st == NNX_OK)
            st = reshape(c, w, 3, ws, &w);
        if (st == NNX_OK)
            st = ox_axis_const(c, d.dtype, 3, 2, g->count, pool, &pc);
        if (st == NNX_OK)
            st = bin(c, NNX_OP_EQUAL, w, pc, &eq);
        if (st == NNX_OK)
            st = match == NNX_NONE ? (match = eq, NNX_OK) : bin(c, NNX_OP_LOGICAL_AND, match, eq, &match);
    }
    nnx_mem_free(c->ir->alloc, pool);
    CHECK(st);
    CHECK(cast(c, match, NNX_FLOAT32, &match));
    return reduce(c, NNX_OP_REDUCE_SUM, match, 1u << 1, false, counts);
}

nnx_status nnx_onnx_op_tfidf(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    uint32_t x = in[0];
    nnx_operand_desc d = ox_desc(c, x);
    if (d.dtype != NNX_INT32 && d.dtype != NNX_INT64)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "input of type %s is not supported (int32 or int64 only)",
                       nnx_dtype_name(d.dtype));
    if (d.rank != 1 && d.rank != 2)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the input must be [C] or [B, C]");
    if (ox_attr(n, "pool_strings"))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "pool_strings is not supported (strings have no type here)");
    char mbuf[16];
    const char *mode = ox_attr_s(n, "mode", "", mbuf, sizeof mbuf);
    int m = strcmp(mode, "TF") == 0 ? 0 : strcmp(mode, "IDF") == 0 ? 1 : strcmp(mode, "TFIDF") == 0 ? 2 : -1;
    if (m < 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "mode '%s' must be TF, IDF or TFIDF", mode);
    int64_t lo = ox_attr_i(n, "min_gram_length", 0), hi = ox_attr_i(n, "max_gram_length", 0),
            skip = ox_attr_i(n, "max_skip_count", 0);
    size_t np, nc, ni, nw = 0;
    const int64_t *pool = ox_attr_ints(n, "pool_int64s", &np), *cnt = ox_attr_ints(n, "ngram_counts", &nc),
                  *idx = ox_attr_ints(n, "ngram_indexes", &ni);
    const Onnx__AttributeProto *wa = ox_attr(n, "weights");
    const float *weights = wa ? wa->floats : NULL;
    nw = wa ? wa->n_floats : 0;
    if (lo < 1 || hi < lo || skip < 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT,
                       "min_gram_length %lld, max_gram_length %lld and max_skip_count %lld are out of range",
                       (long long)lo, (long long)hi, (long long)skip);
    if (!pool || !np || !nc || !ni)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "pool_int64s, ngram_counts and ngram_indexes are required");
    uint32_t C = d.shape[d.rank - 1];
    /* skips past the input's length find no windows: bound them by it */
    uint64_t skips = (uint64_t)skip + 1 < C ? (uint64_t)skip + 1 : (C ? C : 1);
    if ((uint64_t)(hi - lo + 1) * skips * (uint64_t)hi > TFIDF_MAX_WINDOWS)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                       "max_gram_length %lld with max_skip_count %lld needs more than %u window comparisons",
                       (long long)hi, (long long)skip, TFIDF_MAX_WINDOWS);
    int64_t n_out = -1;
    for (size_t i = 0; i < ni; i++) {
        if (idx[i] < 0 || idx[i] >= (1 << 24))
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "ngram_indexes[%zu] = %lld is out of range", i,
                           (long long)idx[i]);
        n_out = idx[i] > n_out ? idx[i] : n_out;
    }
    uint32_t O = (uint32_t)n_out + 1, B = d.rank == 2 ? d.shape[0] : 1;
    uint32_t x2s[2] = {B, C}, x2, y = NNX_NONE;
    CHECK(reshape(c, x, 2, x2s, &x2));
    CHECK(cast(c, x2, NNX_INT64, &x2)); /* compared with the int64 pool */
    uint32_t base = 0;
    for (size_t k = 0; k < nc; k++) {
        uint32_t gn = (uint32_t)k + 1;
        int64_t start = cnt[k], end = k + 1 < nc ? cnt[k + 1] : (int64_t)np;
        if (start < 0 || end < start || end > (int64_t)np || (end - start) % gn)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "ngram_counts[%zu] = %lld does not split pool_int64s", k,
                           (long long)start);
        tfidf_group g = {pool + start, (uint32_t)((end - start) / gn), base};
        base += g.count;
        if (base > ni)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT,
                           "ngram_indexes has %zu entries, fewer than the pool's n-grams", ni);
        if (!g.count || gn < lo || gn > hi)
            continue;
        uint32_t sum = NNX_NONE;
        /* unigrams are counted once, whatever the skip */
        for (uint32_t s = 0; s < (gn == 1 ? 1 : skips); s++) {
            uint32_t cs;
            CHECK(count_skip(c, x2, &g, gn, s, &cs));
            if (cs != NNX_NONE)
                CHECK(sum == NNX_NONE ? (sum = cs, NNX_OK) : bin(c, NNX_OP_ADD, sum, cs, &sum));
        }
        if (sum == NNX_NONE)
            continue;
        /* [B, G] x one-hot [G, O] -> [B, O] */
        float *oh = ox_calloc(c, (size_t)g.count * O, sizeof *oh);
        if (!oh)
            return c->nerr.status; /* ox_calloc's reason */
        for (uint32_t i = 0; i < g.count; i++)
            oh[(size_t)i * O + idx[g.base + i]] = 1;
        nnx_operand_desc od = {NNX_FLOAT32, 2, {g.count, O}};
        uint32_t ohc, part;
        nnx_status st = ox_const(c, &od, oh, &ohc);
        nnx_mem_free(c->ir->alloc, oh);
        CHECK(st);
        CHECK(bin(c, NNX_OP_MATMUL, sum, ohc, &part));
        CHECK(y == NNX_NONE ? (y = part, NNX_OK) : bin(c, NNX_OP_ADD, y, part, &y));
    }
    if (y == NNX_NONE) { /* nothing to count: zeros */
        float *z = ox_calloc(c, (size_t)B * O, sizeof *z);
        if (!z)
            return c->nerr.status; /* ox_calloc's reason */
        nnx_operand_desc zd = {NNX_FLOAT32, 2, {B, O}};
        nnx_status st = ox_const(c, &zd, z, &y);
        nnx_mem_free(c->ir->alloc, z);
        CHECK(st);
    }
    if (m > 0) {
        /* IDF: weight where the count is positive; TFIDF: count x weight. The weights are
         * indexed by output index (absent: 1). */
        if (nw && nw != O)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "weights has %zu values for %u outputs", nw, O);
        if (m == 1) {
            uint32_t pos;
            CHECK(bin_scalar(c, NNX_OP_GREATER, y, 0, &pos));
            CHECK(cast(c, pos, NNX_FLOAT32, &y));
        }
        if (nw) {
            double *wv = ox_calloc(c, O, sizeof *wv);
            if (!wv)
                return c->nerr.status; /* ox_calloc's reason */
            for (uint32_t i = 0; i < O; i++)
                wv[i] = weights[i];
            uint32_t wc;
            nnx_status st = ox_axis_const(c, NNX_FLOAT32, 2, 1, O, wv, &wc);
            nnx_mem_free(c->ir->alloc, wv);
            CHECK(st);
            CHECK(bin(c, NNX_OP_MUL, y, wc, &y));
        }
    }
    if (d.rank == 1)
        return reshape(c, y, 1, &O, &out[0]);
    out[0] = y;
    return NNX_OK;
}
