/* onnx_ops_tree_ensemble.c — TreeEnsemble (ONNX-ML Operators, TreeEnsemble, ai.onnx.ml opset
 * 5) as a run-time composition of core ops: every tree walks from its root one level per
 * step (the tree depth is unrolled): the current node's feature and threshold are gathered,
 * compared by the node's mode, and `where` picks the true or false child; a leaf loops to
 * itself. The leaves reached give their weights to their targets, summed over the trees. */
#include "formats/onnx/onnx_build.h"

#include <math.h>

/* Unrolling bound: trees deeper than this are NOT_SUPPORTED (each level is ~10 nodes). */
#define TREE_MAX_DEPTH 512u
/* At most this many nodes + leaves. */
#define TREE_MAX_STATES (1u << 24)

enum { MODE_LEQ, MODE_LT, MODE_GTE, MODE_GT, MODE_EQ, MODE_NEQ, MODE_MEMBER, MODE_COUNT };

/* A tensor attribute as doubles (allocated; caller frees): NULL and *count = 0 if absent. */
static nnx_status attr_values(ox *c, const Onnx__NodeProto *n, const char *name, double **v, uint32_t *count)
{
    *v = NULL;
    *count = 0;
    const Onnx__AttributeProto *a = ox_attr(n, name);
    if (!a)
        return NNX_OK;
    if (!a->t)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "attribute %s must be a tensor", name);
    nnx_operand_desc d;
    void *data = NULL;
    nnx_error e = {0};
    nnx_status st = nnx_onnx_tensor_decode(a->t, NULL, c->ir->alloc, &d, &data, &e);
    if (st != NNX_OK)
        return ox_fail(c, st, "attribute %s: %s", name, e.message);
    uint64_t k;
    nnx_desc_elements(&d, &k);
    double *out = k <= TREE_MAX_STATES ? ox_calloc(c, k, sizeof *out) : NULL;
    if (!out) {
        nnx_mem_free_aligned(c->ir->alloc, data);
        return k > TREE_MAX_STATES ? ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "attribute %s is too large", name)
                                   : c->nerr.status;
    }
    for (uint64_t i = 0; i < k && st == NNX_OK; i++) {
        switch (d.dtype) {
        case NNX_FLOAT32: out[i] = ((const float *)data)[i]; break;
        case NNX_FLOAT64: out[i] = ((const double *)data)[i]; break;
        case NNX_UINT8: out[i] = ((const uint8_t *)data)[i]; break;
        case NNX_INT32: out[i] = ((const int32_t *)data)[i]; break;
        case NNX_INT64: out[i] = (double)((const int64_t *)data)[i]; break;
        default:
            st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "attribute %s of type %s is not supported", name,
                         nnx_dtype_name(d.dtype));
        }
    }
    nnx_mem_free_aligned(c->ir->alloc, data);
    if (st != NNX_OK) {
        nnx_mem_free(c->ir->alloc, out);
        return st;
    }
    *v = out;
    *count = (uint32_t)k;
    return NNX_OK;
}

/* The parsed ensemble: N nodes, then L leaves, as S = N + L states. */
typedef struct {
    uint32_t N, L, S, T, targets, F, depth, K; /* K: largest membership set */
    double *splits, *modes, *weights, *members;
    uint32_t n_members;
    int64_t *feat, *next_t, *next_f, *missing, *state_mode, *roots;
    double *split_s, *member_s, *leaf_w; /* per state: threshold, set [S, K], weight row [S, targets] */
    bool has_missing, used[MODE_COUNT];
} tree_model;

static void model_free(ox *c, tree_model *t)
{
    void *p[] = {t->splits,  t->modes,      t->weights, t->members, t->feat,     t->next_t, t->next_f,
                 t->missing, t->state_mode, t->roots,   t->split_s, t->member_s, t->leaf_w};
    for (size_t i = 0; i < sizeof p / sizeof p[0]; i++)
        nnx_mem_free(c->ir->alloc, p[i]);
}

/* An ints attribute of exactly `want` values (want 0: any count, returned in *got). */
static nnx_status node_ints(ox *c, const Onnx__NodeProto *n, const char *name, uint32_t want, bool required,
                            const int64_t **v, size_t *got)
{
    *v = ox_attr_ints(n, name, got);
    if (!*v && !required) {
        *got = 0;
        return NNX_OK;
    }
    if (!*v)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "attribute %s is required", name);
    if (want && *got != want)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "attribute %s must hold %u values", name, want);
    return NNX_OK;
}

/* Reads and checks the attributes into states, and finds the depth (cycles are refused). */
static nnx_status parse(ox *c, const Onnx__NodeProto *n, tree_model *t)
{
    const int64_t *fid, *tn, *fn, *tl, *fl, *mv, *tgt, *roots;
    size_t nn, k, nl, nr;
    uint32_t cnt;
    CHECK(node_ints(c, n, "nodes_featureids", 0, true, &fid, &nn));
    if (nn == 0 || nn >= TREE_MAX_STATES)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "nodes_featureids holds %zu nodes", nn);
    t->N = (uint32_t)nn;
    CHECK(node_ints(c, n, "nodes_truenodeids", t->N, true, &tn, &k));
    CHECK(node_ints(c, n, "nodes_falsenodeids", t->N, true, &fn, &k));
    CHECK(node_ints(c, n, "nodes_trueleafs", t->N, true, &tl, &k));
    CHECK(node_ints(c, n, "nodes_falseleafs", t->N, true, &fl, &k));
    CHECK(node_ints(c, n, "nodes_missing_value_tracks_true", t->N, false, &mv, &k));
    CHECK(node_ints(c, n, "leaf_targetids", 0, true, &tgt, &nl));
    CHECK(node_ints(c, n, "tree_roots", 0, true, &roots, &nr));
    CHECK(attr_values(c, n, "nodes_splits", &t->splits, &cnt));
    if (cnt != t->N)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "nodes_splits must hold %u values", t->N);
    CHECK(attr_values(c, n, "nodes_modes", &t->modes, &cnt));
    if (cnt != t->N)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "nodes_modes must hold %u values", t->N);
    CHECK(attr_values(c, n, "leaf_weights", &t->weights, &cnt));
    if (cnt != nl || nl == 0 || nl >= TREE_MAX_STATES - t->N || nr == 0 || nr > TREE_MAX_STATES)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "leaf_weights and leaf_targetids must hold one value per leaf");
    CHECK(attr_values(c, n, "membership_values", &t->members, &t->n_members));
    int64_t nt = ox_attr_i(n, "n_targets", 0);
    if (nt < 1 || nt > (1 << 20))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "n_targets %lld is out of range", (long long)nt);
    t->targets = (uint32_t)nt;
    t->L = (uint32_t)nl;
    t->S = t->N + t->L;
    t->T = (uint32_t)nr;
    /* membership sets: one per MEMBER node in node order, each ended by a NaN */
    uint32_t sets = 0, run = 0;
    for (uint32_t i = 0; i < t->n_members; i++) {
        if (isnan(t->members[i])) {
            sets++;
            run = 0;
        } else if (++run > t->K)
            t->K = run;
    }
    if (run)
        sets++;
    uint32_t n_member_nodes = 0;
    for (uint32_t i = 0; i < t->N; i++) {
        double m = t->modes[i];
        if (!(m >= 0 && m < MODE_COUNT) || m != (int)m)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "nodes_modes[%u] = %g is not a mode", i, m);
        n_member_nodes += m == MODE_MEMBER;
    }
    if (n_member_nodes != sets && n_member_nodes)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "membership_values holds %u sets for %u BRANCH_MEMBER nodes",
                       sets, n_member_nodes);
    if (!t->K)
        t->K = 1;
    uint64_t scratch = (uint64_t)t->S * (t->K > t->targets ? t->K : t->targets);
    if (scratch > NNX_ONNX_LOAD_BYTES / 8)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the ensemble is too large");
    t->feat = ox_calloc(c, t->S, 8), t->next_t = ox_calloc(c, t->S, 8), t->next_f = ox_calloc(c, t->S, 8);
    t->missing = ox_calloc(c, t->S, 8), t->state_mode = ox_calloc(c, t->S, 8), t->roots = ox_calloc(c, t->T, 8);
    t->split_s = ox_calloc(c, t->S, 8), t->member_s = ox_calloc(c, (size_t)t->S * t->K, 8);
    t->leaf_w = ox_calloc(c, (size_t)t->S * t->targets, 8);
    if (!t->feat || !t->next_t || !t->next_f || !t->missing || !t->state_mode || !t->roots || !t->split_s ||
        !t->member_s || !t->leaf_w)
        return c->nerr.status; /* ox_calloc's reason */
    uint32_t set_at = 0;
    for (uint32_t i = 0; i < t->N; i++) {
        if (fid[i] < 0 || fid[i] >= t->F)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "nodes_featureids[%u] = %lld is not a feature of X", i,
                           (long long)fid[i]);
        int64_t tt = tn[i], ff = fn[i], lim_t = tl[i] ? t->L : t->N, lim_f = fl[i] ? t->L : t->N;
        if (tt < 0 || tt >= lim_t || ff < 0 || ff >= lim_f)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "node %u has a child out of range", i);
        t->feat[i] = fid[i];
        t->next_t[i] = tl[i] ? t->N + tt : tt;
        t->next_f[i] = fl[i] ? t->N + ff : ff;
        t->missing[i] = mv ? mv[i] != 0 : 0;
        t->has_missing |= t->missing[i] != 0;
        t->state_mode[i] = (int64_t)t->modes[i];
        t->used[t->state_mode[i]] = true;
        t->split_s[i] = t->splits[i];
        for (uint32_t j = 0; j < t->K; j++)
            t->member_s[(size_t)i * t->K + j] = NAN; /* never equal */
        if (t->state_mode[i] == MODE_MEMBER) {
            for (uint32_t j = 0; set_at < t->n_members && !isnan(t->members[set_at]); j++)
                t->member_s[(size_t)i * t->K + j] = t->members[set_at++];
            set_at++;
        }
    }
    for (uint32_t l = 0; l < t->L; l++) {
        uint32_t s = t->N + l;
        t->next_t[s] = t->next_f[s] = s;
        t->state_mode[s] = MODE_LEQ;
        for (uint32_t j = 0; j < t->K; j++)
            t->member_s[(size_t)s * t->K + j] = NAN;
        if (tgt[l] < 0 || tgt[l] >= t->targets)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "leaf_targetids[%u] = %lld is not a target", l,
                           (long long)tgt[l]);
        t->leaf_w[(size_t)s * t->targets + tgt[l]] = t->weights[l];
    }
    /* depth: levels of nodes reached from the roots; a level past N means a cycle */
    bool *cur = ox_calloc(c, t->N, 1), *nxt = ox_calloc(c, t->N, 1);
    nnx_status st = cur && nxt ? NNX_OK : c->nerr.status;
    for (uint32_t r = 0; r < t->T && st == NNX_OK; r++) {
        if (roots[r] < 0 || roots[r] >= t->N)
            st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "tree_roots[%u] = %lld is not a node", r, (long long)roots[r]);
        else
            cur[roots[r]] = true, t->roots[r] = roots[r];
    }
    for (bool any = true; st == NNX_OK && any;) {
        any = false;
        memset(nxt, 0, t->N);
        for (uint32_t i = 0; i < t->N; i++) {
            if (!cur[i])
                continue;
            any = true;
            if (t->next_t[i] < t->N)
                nxt[t->next_t[i]] = true;
            if (t->next_f[i] < t->N)
                nxt[t->next_f[i]] = true;
        }
        if (any && ++t->depth > t->N)
            st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the trees have a cycle");
        else if (any && t->depth > TREE_MAX_DEPTH)
            st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "trees deeper than %u levels are not supported", TREE_MAX_DEPTH);
        bool *sw = cur;
        cur = nxt, nxt = sw;
    }
    nnx_mem_free(c->ir->alloc, cur);
    nnx_mem_free(c->ir->alloc, nxt);
    return st;
}

static nnx_status gather0(ox *c, uint32_t table, uint32_t pos, uint32_t *y)
{
    nnx_attrs a = {.axis = {0}};
    uint32_t gi[2] = {table, pos};
    return ox_node(c, NNX_OP_GATHER, gi, 2, &a, 1, y);
}

/* A constant table [rows] (cols 0) or [rows, cols]: int64 as given, else doubles in dt. */
static nnx_status table(ox *c, nnx_dtype dt, uint32_t rows, uint32_t cols, const void *v, uint32_t *id)
{
    nnx_operand_desc d = {dt == NNX_INT64 ? NNX_INT64 : NNX_FLOAT64, cols ? 2 : 1, {rows, cols}};
    uint32_t k;
    CHECK(ox_const(c, &d, v, &k));
    return cast(c, k, dt, id);
}

/* The branch condition [B, T] of the nodes at pos for feature values xv. */
static nnx_status condition(ox *c, const tree_model *t, uint32_t xv, uint32_t pos, const uint32_t *k, uint32_t *cond)
{
    static const nnx_op cmp[MODE_MEMBER] = {NNX_OP_LESS_EQUAL, NNX_OP_LESS,  NNX_OP_GREATER_EQUAL,
                                            NNX_OP_GREATER,    NNX_OP_EQUAL, NNX_OP_NOT_EQUAL};
    uint32_t n_used = 0, sp = NNX_NONE, mode = NNX_NONE, r = NNX_NONE;
    for (int m = 0; m < MODE_COUNT; m++)
        n_used += t->used[m];
    if (n_used > 1)
        CHECK(gather0(c, k[4], pos, &mode));
    for (int m = 0; m < MODE_COUNT; m++) {
        if (!t->used[m])
            continue;
        uint32_t cm;
        if (m == MODE_MEMBER) { /* x equals one of the node's set */
            nnx_operand_desc d = ox_desc(c, xv);
            uint32_t s3[3] = {d.shape[0], d.shape[1], 1}, x3, g;
            CHECK(reshape(c, xv, 3, s3, &x3));
            CHECK(gather0(c, k[5], pos, &g));
            CHECK(bin(c, NNX_OP_EQUAL, g, x3, &cm));
            CHECK(reduce(c, NNX_OP_REDUCE_ANY, cm, 1u << 2, false, &cm));
        } else {
            if (sp == NNX_NONE)
                CHECK(gather0(c, k[1], pos, &sp));
            CHECK(bin(c, cmp[m], xv, sp, &cm));
        }
        if (n_used > 1) {
            uint32_t is_m;
            CHECK(ox_scalar(c, NNX_INT64, m, &is_m));
            CHECK(bin(c, NNX_OP_EQUAL, mode, is_m, &is_m));
            CHECK(bin(c, NNX_OP_LOGICAL_AND, is_m, cm, &cm));
        }
        if (r == NNX_NONE)
            r = cm;
        else
            CHECK(bin(c, NNX_OP_LOGICAL_OR, r, cm, &r));
    }
    if (t->has_missing) { /* a missing (NaN) value goes the true way where the node says so */
        uint32_t nan, mt, one;
        CHECK(un(c, NNX_OP_IS_NAN, xv, &nan));
        CHECK(gather0(c, k[6], pos, &mt));
        CHECK(ox_scalar(c, NNX_INT64, 1, &one));
        CHECK(bin(c, NNX_OP_EQUAL, mt, one, &mt));
        CHECK(bin(c, NNX_OP_LOGICAL_AND, nan, mt, &nan));
        CHECK(bin(c, NNX_OP_LOGICAL_OR, r, nan, &r));
    }
    *cond = r;
    return NNX_OK;
}

static nnx_status build(ox *c, const Onnx__NodeProto *n, const tree_model *t, uint32_t x, uint32_t *y)
{
    nnx_operand_desc xd = ox_desc(c, x);
    nnx_dtype dt = xd.dtype;
    uint32_t B = xd.shape[0];
    /* k: feature, split, true, false, mode, member set, missing, leaf weights */
    uint32_t k[8];
    CHECK(table(c, NNX_INT64, t->S, 0, t->feat, &k[0]));
    CHECK(table(c, dt, t->S, 0, t->split_s, &k[1]));
    CHECK(table(c, NNX_INT64, t->S, 0, t->next_t, &k[2]));
    CHECK(table(c, NNX_INT64, t->S, 0, t->next_f, &k[3]));
    CHECK(table(c, NNX_INT64, t->S, 0, t->state_mode, &k[4]));
    CHECK(table(c, dt, t->S, t->K, t->member_s, &k[5]));
    CHECK(table(c, NNX_INT64, t->S, 0, t->missing, &k[6]));
    CHECK(table(c, dt, t->S, t->targets, t->leaf_w, &k[7]));
    if ((uint64_t)B * t->T > TREE_MAX_STATES)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "%u rows x %u trees are too many", B, t->T);
    int64_t *p0 = ox_calloc(c, (size_t)B * t->T, 8);
    if (!p0)
        return c->nerr.status; /* ox_calloc's reason */
    for (uint32_t b = 0; b < B; b++)
        memcpy(p0 + (size_t)b * t->T, t->roots, (size_t)t->T * 8);
    uint32_t pos;
    nnx_status st = table(c, NNX_INT64, B, t->T, p0, &pos);
    nnx_mem_free(c->ir->alloc, p0);
    CHECK(st);
    for (uint32_t level = 0; level < t->depth; level++) {
        uint32_t f, xv, cond, w[3];
        CHECK(gather0(c, k[0], pos, &f));
        nnx_attrs a = {.axis = {1}};
        uint32_t gi[2] = {x, f};
        CHECK(ox_node(c, NNX_OP_GATHER_ELEMENTS, gi, 2, &a, 1, &xv));
        CHECK(condition(c, t, xv, pos, k, &cond));
        w[0] = cond;
        CHECK(gather0(c, k[2], pos, &w[1]));
        CHECK(gather0(c, k[3], pos, &w[2]));
        CHECK(ox_node(c, NNX_OP_WHERE, w, 3, NULL, 1, &pos));
    }
    uint32_t g, sum;
    CHECK(gather0(c, k[7], pos, &g)); /* [B, T, targets] */
    CHECK(reduce(c, NNX_OP_REDUCE_SUM, g, 1u << 1, false, &sum));
    int64_t agg = ox_attr_i(n, "aggregate_function", 1);
    if (agg == 0) /* AVERAGE */
        CHECK(bin_scalar(c, NNX_OP_DIV, sum, t->T, &sum));
    else if (agg != 1)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "aggregate_function %lld is not supported (AVERAGE 0, SUM 1)",
                       (long long)agg);
    int64_t post = ox_attr_i(n, "post_transform", 0);
    if (post == 1) {
        nnx_attrs a = {.axis = {1}};
        return ox_node(c, NNX_OP_SOFTMAX, &sum, 1, &a, 1, y);
    }
    if (post == 2)
        return un(c, NNX_OP_SIGMOID, sum, y);
    if (post != 0)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                       "post_transform %lld is not supported (NONE 0, SOFTMAX 1, LOGISTIC 2)", (long long)post);
    *y = sum;
    return NNX_OK;
}

nnx_status nnx_onnx_op_tree_ensemble(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    if (c->ml_opset < 5)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "TreeEnsemble needs ai.onnx.ml opset 5 (the model imports %lld)",
                       (long long)c->ml_opset);
    nnx_operand_desc xd = ox_desc(c, in[0]);
    if (xd.rank != 2)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "X must be [N, F]");
    if (xd.dtype != NNX_FLOAT32 && xd.dtype != NNX_FLOAT64 && xd.dtype != NNX_FLOAT16)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "X of type %s is not supported", nnx_dtype_name(xd.dtype));
    tree_model t = {.F = xd.shape[1]};
    nnx_status st = parse(c, n, &t);
    if (st == NNX_OK)
        st = build(c, n, &t, in[0], &out[0]);
    model_free(c, &t);
    return st;
}
