/* fuse_norm.c — the layer normalization over the last axis that exporters write out as
 * reduce_mean, sub, pow(., 2), reduce_mean, add(eps), sqrt, div [, mul(gamma)] [, add(beta)],
 * found at plan time and run as one step: the sub's step runs a layer_normalization node made
 * here (not the first reduce_mean's: see below) and the rest are skipped. Result within
 * 2^-20 * (|gamma| (|x - mean| + |mean|) / sigma + |beta|) of the separate steps. */
#include "cpu/features.h"
#include "ir/dtypes.h"
#include "runtime/plan.h"

#include <string.h>

/* What matches: reduce_mean over exactly the last axis with keep-dims (twice); 2 and eps
 * float32 scalar constants (or folded values); gamma and beta fixed float32 values of
 * D = x.shape[-1] elements along the last axis (the chain may end before either); every
 * intermediate read only by the next node (d by the pow and the div), none a graph output
 * or updated; all float32; no step already folded or absorbed; not under
 * NNX_CPU_LEVEL=reference (fusing changes bytes, within the tolerance above: the fused step
 * rounds a few times in float, cpu/norm_fast.c; the separate steps about eight times, the
 * |mean| term being their rounding of the mean to float before the subtraction).
 *
 * Where it runs: the sub (d = x - m) is the chain's first node whose output has x's shape,
 * and the memory plan gives d bytes that are free from the sub's step on while x is still
 * live (a step's outputs never share its inputs' bytes). The chain's last value is aliased
 * to d, so the kernel run at the sub's step writes the final result there and memplan.c
 * needs no change; run at the first reduce_mean, it would have no such buffer (its output
 * is one value per line). The step runs plan->step_node (inputs x, gamma, beta; output the
 * last value) with nnx_fast_layer_normalization; the other steps' values need no buffer. */

/* The node a fused chain's step runs, with room for its value lists. */
typedef struct fused_node {
    nnx_node node;
    uint32_t in[3], out[1];
} fused_node;

/* The steps of one match, in chain order (NNX_NONE: the optional mul / add is absent). */
enum { MEAN1, SUB, POW, MEAN2, ADD_EPS, SQRT, DIV, MUL, ADD_BETA, CHAIN };

typedef struct matcher {
    nnx_plan *plan;
    const uint32_t *first_reader, *n_readers;
} matcher;

static const nnx_node *node_at(const matcher *m, uint32_t k) { return &m->plan->ir->nodes[m->plan->order[k]]; }

/* The only reader step of v (not a graph output), or NNX_NONE. */
static uint32_t only_reader(const matcher *m, uint32_t v)
{
    return m->n_readers[v] == 1 ? m->first_reader[v] : NNX_NONE;
}

static bool same_shape(const nnx_ir *ir, uint32_t a, uint32_t b)
{
    const nnx_operand_desc *x = &ir->values[a].desc, *y = &ir->values[b].desc;
    return x->dtype == y->dtype && x->rank == y->rank && memcmp(x->shape, y->shape, x->rank * sizeof *x->shape) == 0;
}

/* The bytes of a float32 value fixed when the graph is built (a constant nothing updates, or
 * a folded result), else NULL. */
static const float *fixed_f32(const nnx_plan *plan, uint32_t v)
{
    const nnx_ir *ir = plan->ir;
    if (v == NNX_NONE || ir->values[v].desc.dtype != NNX_FLOAT32)
        return NULL;
    if (plan->folded[v])
        return plan->folded[v];
    return nnx_ir_fixed_constant(ir, v) ? ir->values[v].data : NULL;
}

static uint64_t elements(const nnx_operand_desc *d)
{
    uint64_t n = 1;
    for (uint32_t i = 0; i < d->rank; i++)
        n *= d->shape[i];
    return n;
}

/* A fixed float32 scalar (one element, any rank) in *f. */
static bool fixed_scalar(const nnx_plan *plan, uint32_t v, float *f)
{
    const float *p = fixed_f32(plan, v);
    if (!p || elements(&plan->ir->values[v].desc) != 1)
        return false;
    *f = *p;
    return true;
}

/* A fixed float32 value laid along x's last axis: D elements, all its axes but the last of
 * size 1 (a scalar when D is 1). */
static bool fixed_row(const nnx_plan *plan, uint32_t v, uint32_t D)
{
    if (!fixed_f32(plan, v))
        return false;
    const nnx_operand_desc *d = &plan->ir->values[v].desc;
    return elements(d) == D && (d->rank == 0 ? D == 1 : d->shape[d->rank - 1] == D);
}

/* A live, unskipped step running a float32 node of op with one output. */
static bool is_step(const matcher *m, uint32_t k, nnx_op op)
{
    if (k == NNX_NONE || m->plan->skip[k])
        return false;
    const nnx_node *n = node_at(m, k);
    return n->op == op && n->n_out == 1 && m->plan->ir->values[n->out[0]].desc.dtype == NNX_FLOAT32;
}

/* reduce_mean of `from` over exactly its last axis, keeping it. */
static bool mean_last(const matcher *m, uint32_t k, uint32_t from)
{
    if (!is_step(m, k, NNX_OP_REDUCE_MEAN))
        return false;
    const nnx_node *n = node_at(m, k);
    const nnx_operand_desc *x = &m->plan->ir->values[from].desc;
    return n->n_in == 1 && n->in[0] == from && x->rank >= 1 && x->dtype == NNX_FLOAT32 &&
        n->attrs.reduce.axes_mask == 1u << (x->rank - 1) && n->attrs.reduce.keep_dims;
}

/* A binary step of op reading `from` and one other value (either side when commutative);
 * that value in *other. */
static bool binary_with(const matcher *m, uint32_t k, nnx_op op, uint32_t from, bool commutative, uint32_t *other)
{
    if (!is_step(m, k, op))
        return false;
    const nnx_node *n = node_at(m, k);
    if (n->n_in != 2 || (n->in[0] == from) == (n->in[1] == from) || (!commutative && n->in[0] != from))
        return false;
    *other = n->in[0] == from ? n->in[1] : n->in[0];
    return true;
}

static uint32_t out_of(const matcher *m, uint32_t k) { return node_at(m, k)->out[0]; }

/* The chain whose first reduce_mean is step k0: its steps in c, its gamma / beta (or
 * NNX_NONE) and epsilon. */
static bool match(const matcher *m, uint32_t k0, uint32_t *c, uint32_t *gamma, uint32_t *beta, float *eps)
{
    const nnx_ir *ir = m->plan->ir;
    if (!is_step(m, k0, NNX_OP_REDUCE_MEAN))
        return false;
    uint32_t x = node_at(m, k0)->in[0], other, s;
    float two;
    c[MEAN1] = k0;
    if (!mean_last(m, k0, x))
        return false;
    uint32_t mean = out_of(m, k0);
    c[SUB] = only_reader(m, mean);
    if (!binary_with(m, c[SUB], NNX_OP_SUB, x, false, &other) || other != mean)
        return false;
    uint32_t d = out_of(m, c[SUB]);
    /* d: read by the pow (its first reader) and the div, nothing else */
    c[POW] = m->n_readers[d] == 2 ? m->first_reader[d] : NNX_NONE;
    if (!same_shape(ir, d, x) || !binary_with(m, c[POW], NNX_OP_POW, d, false, &other) ||
        !fixed_scalar(m->plan, other, &two) || two != 2.0f || !same_shape(ir, out_of(m, c[POW]), x))
        return false;
    c[MEAN2] = only_reader(m, out_of(m, c[POW]));
    if (!mean_last(m, c[MEAN2], out_of(m, c[POW])) || !same_shape(ir, out_of(m, c[MEAN2]), mean))
        return false;
    c[ADD_EPS] = only_reader(m, out_of(m, c[MEAN2]));
    if (!binary_with(m, c[ADD_EPS], NNX_OP_ADD, out_of(m, c[MEAN2]), true, &other) ||
        !fixed_scalar(m->plan, other, eps) || !same_shape(ir, out_of(m, c[ADD_EPS]), mean))
        return false;
    c[SQRT] = only_reader(m, out_of(m, c[ADD_EPS]));
    if (!is_step(m, c[SQRT], NNX_OP_SQRT) || node_at(m, c[SQRT])->n_in != 1 ||
        !same_shape(ir, out_of(m, c[SQRT]), mean))
        return false;
    s = out_of(m, c[SQRT]);
    c[DIV] = only_reader(m, s);
    if (!binary_with(m, c[DIV], NNX_OP_DIV, d, false, &other) || other != s || !same_shape(ir, out_of(m, c[DIV]), x))
        return false;
    /* the optional scale, then the optional shift */
    uint32_t D = ir->values[x].desc.shape[ir->values[x].desc.rank - 1], last = out_of(m, c[DIV]);
    c[MUL] = c[ADD_BETA] = NNX_NONE;
    *gamma = *beta = NNX_NONE;
    uint32_t r = only_reader(m, last);
    if (binary_with(m, r, NNX_OP_MUL, last, true, &other) && fixed_row(m->plan, other, D) &&
        same_shape(ir, out_of(m, r), x)) {
        c[MUL] = r;
        *gamma = other;
        last = out_of(m, r);
        r = only_reader(m, last);
    }
    if (binary_with(m, r, NNX_OP_ADD, last, true, &other) && fixed_row(m->plan, other, D) &&
        same_shape(ir, out_of(m, r), x)) {
        c[ADD_BETA] = r;
        *beta = other;
    }
    return true;
}

/* Makes step c[SUB] run the whole chain; false (nothing changed) when out of memory. */
static bool fuse(nnx_plan *plan, const matcher *m, const uint32_t *c, uint32_t gamma, uint32_t beta, float eps)
{
    const nnx_ir *ir = plan->ir;
    if (!plan->step_node && !(plan->step_node = nnx_mem_calloc(ir->alloc, plan->n_order + 1, sizeof *plan->step_node)))
        return false;
    fused_node *f = nnx_mem_calloc(ir->alloc, 1, sizeof *f);
    if (!f)
        return false;
    const nnx_node *first = node_at(m, c[MEAN1]);
    uint32_t x = first->in[0], d = out_of(m, c[SUB]),
             last_step = c[ADD_BETA] != NNX_NONE ? c[ADD_BETA]
        : c[MUL] != NNX_NONE                     ? c[MUL]
                                                 : c[DIV];
    uint32_t out = out_of(m, last_step), rank = ir->values[x].desc.rank;
    f->in[0] = x;
    f->in[1] = gamma;
    f->in[2] = beta;
    f->out[0] = out;
    f->node = (nnx_node){
        .op = NNX_OP_LAYER_NORMALIZATION, .n_in = 3, .n_out = 1, .in = f->in, .out = f->out, .label = first->label};
    f->node.attrs.norm = (nnx_attr_norm){.n_axes = 1, .axes = {rank - 1}, .epsilon = eps};
    plan->step_node[c[SUB]] = &f->node;
    plan->fast[c[SUB]] = nnx_fast_layer_normalization;
    if (plan->max_in < 3)
        plan->max_in = 3;
    for (uint32_t i = 0; i < CHAIN; i++) {
        if (c[i] == NNX_NONE || i == SUB)
            continue;
        plan->skip[c[i]] = true;
        plan->fast[c[i]] = NULL;
        uint32_t v = out_of(m, c[i]);
        if (v != out)
            plan->needs_buffer[v] = false; /* never written nor read */
    }
    plan->alias[out] = d;
    return true;
}

void nnx_plan_fuse_norm(nnx_plan *plan, const uint32_t *outputs, uint32_t n_outputs, uint32_t *readers,
                        uint32_t *n_readers)
{
    const nnx_ir *ir = plan->ir;
    if (nnx_cpu_level_get() == NNX_CPU_REFERENCE)
        return;
    memset(n_readers, 0, ir->n_values * sizeof *n_readers);
    for (uint32_t k = plan->n_order; k-- > 0;) { /* backwards: readers[v] is v's first reader */
        const nnx_node *n = &ir->nodes[plan->order[k]];
        for (uint32_t i = 0; i < n->n_in; i++)
            if (n->in[i] != NNX_NONE) {
                readers[n->in[i]] = k;
                n_readers[n->in[i]]++;
            }
    }
    for (uint32_t i = 0; i < n_outputs; i++)
        n_readers[outputs[i]] += 2; /* never an intermediate */
    for (uint32_t u = 0; u < ir->n_updates; u++)
        n_readers[ir->updates[u].value] += 2;
    matcher m = {plan, readers, n_readers};
    for (uint32_t k = 0; k < plan->n_order; k++) {
        uint32_t c[CHAIN], gamma, beta;
        float eps;
        if (match(&m, k, c, &gamma, &beta, &eps) && !fuse(plan, &m, c, gamma, beta, eps))
            return;
    }
}
