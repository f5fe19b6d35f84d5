/* builder_recurrent.c — WebNN gruCell, gru, lstmCell and lstm (webnn-index-07d09bb.bs method
 * steps): the spec's validation, then its decomposition into core operations (gemm, split,
 * slice, reshape, concat, expand, add, sub, mul and the activations relu / sigmoid / tanh).
 * No core op of its own; the choices where the spec leaves room follow the WebNN
 * `gru()` and `lstm()` steps (WebNN decisions, "Recurrent networks"). */
#include "api/builder.h"

#include <stdio.h>
#include <string.h>

#define LABEL(o) ((o) ? (o)->label : NULL)

/* What one recurrent call works with: the op being added, the input's type and sizes, the
 * resolved options. */
typedef struct rnn {
    nnx_op_call c;
    nnx_dtype dt;
    uint32_t batch, in, h, gates; /* gates: 3 (gru) or 4 (lstm) */
    nnx_op act[3];                /* resolved activations */
    bool reset_before;            /* gru: WebNN resetAfter = false */
    uint32_t layout;              /* nnx_gru_layout / nnx_lstm_layout, default resolved */
    nnx_operand *one;             /* gru: the constant 1 (made on first use) */
} rnn;

/* The weights of one direction, already in the form the steps use. */
typedef struct rnn_dir {
    nnx_operand *w;    /* [gates·h, in] */
    nnx_operand *r;    /* [gates·h, h]; gru reset_before: the z and r rows [2h, h] */
    nnx_operand *rn;   /* gru reset_before: the n rows [h, h] */
    nnx_operand *bx;   /* added to x·Wᵀ: gru bias; lstm bias + recurrentBias (NULL: none) */
    nnx_operand *bh;   /* gru: added to h·Rᵀ (recurrentBias, its z and r part when reset_before) */
    nnx_operand *bhn;  /* gru reset_before: recurrentBias's n part */
    nnx_operand *p[3]; /* lstm peephole, input, output, forget (NULL: none) */
} rnn_dir;

/* ---------------------------------------------------------------- core nodes */

static bool failed(const rnn *r) { return r->c.b->err.status != NNX_OK; }
static nnx_operand *poison(rnn *r) { return &r->c.b->poison; }

/* One single-output node; nothing is added once the builder holds an error. */
static nnx_operand *node(rnn *r, nnx_op op, const nnx_operand *a, const nnx_operand *b, const nnx_operand *c,
                         const nnx_attrs *attrs)
{
    if (failed(r))
        return poison(r);
    const nnx_operand *in[3] = {a, b, c};
    return nnx_call_node(&r->c, op, in, c ? 3 : b ? 2 : 1, attrs, 1, NULL);
}

static nnx_operand *add(rnn *r, nnx_operand *a, nnx_operand *b) { return node(r, NNX_OP_ADD, a, b, NULL, NULL); }
static nnx_operand *sub(rnn *r, nnx_operand *a, nnx_operand *b) { return node(r, NNX_OP_SUB, a, b, NULL, NULL); }
static nnx_operand *mul(rnn *r, nnx_operand *a, nnx_operand *b) { return node(r, NNX_OP_MUL, a, b, NULL, NULL); }
static nnx_operand *act(rnn *r, int k, nnx_operand *x) { return node(r, r->act[k], x, NULL, NULL, NULL); }

/* a·wᵀ + c (c NULL: nothing added), one core gemm computed in double and rounded once. */
static nnx_operand *gemm_t(rnn *r, nnx_operand *a, nnx_operand *w, nnx_operand *c)
{
    nnx_attrs attrs = {.gemm = {.alpha = 1.0, .beta = 1.0, .trans_a = false, .trans_b = true}};
    return node(r, NNX_OP_GEMM, a, w, c, &attrs);
}

static nnx_operand *reshape(rnn *r, nnx_operand *x, uint32_t rank, const uint32_t *shape)
{
    nnx_attrs attrs = {.reshape = {.rank = rank}};
    memcpy(attrs.reshape.shape, shape, rank * sizeof *shape);
    return node(r, NNX_OP_RESHAPE, x, NULL, NULL, &attrs);
}

static nnx_operand *slice(rnn *r, nnx_operand *x, const uint32_t *starts, const uint32_t *sizes)
{
    nnx_attrs attrs = {0};
    for (uint32_t d = 0; d < x->desc.rank; d++) {
        attrs.slice.starts[d] = starts[d];
        attrs.slice.sizes[d] = sizes[d];
        attrs.slice.strides[d] = 1;
    }
    return node(r, NNX_OP_SLICE, x, NULL, NULL, &attrs);
}

/* x cut along axis into parts of the given sizes (count ≤ 4), written to outs. */
static void split(rnn *r, nnx_operand *x, uint32_t axis, const uint32_t *sizes, uint32_t count, nnx_operand **outs)
{
    for (uint32_t i = 0; i < count; i++)
        outs[i] = poison(r);
    if (failed(r))
        return;
    uint32_t *kept = nnx_arena_array(&r->c.b->ir.arena, count, sizeof *kept);
    if (!kept) {
        nnx_call_fail(&r->c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        return;
    }
    memcpy(kept, sizes, count * sizeof *kept);
    nnx_attrs attrs = {.split = {.axis = axis, .sizes = kept}};
    const nnx_operand *in[1] = {x};
    if (nnx_call_node(&r->c, NNX_OP_SPLIT, in, 1, &attrs, count, outs) == poison(r))
        for (uint32_t i = 0; i < count; i++)
            outs[i] = poison(r);
}

/* The gate blocks of a [batch, gates·h] product, in the order of the weights. */
static void split_gates(rnn *r, nnx_operand *x, nnx_operand **outs)
{
    const uint32_t sizes[4] = {r->h, r->h, r->h, r->h};
    split(r, x, x->desc.rank - 1, sizes, r->gates, outs);
}

static nnx_operand *concat(rnn *r, nnx_operand **items, uint32_t count, uint32_t axis)
{
    if (failed(r))
        return poison(r);
    nnx_attrs attrs = {.axis = {axis}};
    return nnx_call_node(&r->c, NNX_OP_CONCAT, (const nnx_operand *const *)items, count, &attrs, 1, NULL);
}

static nnx_operand *scalar(rnn *r, double v)
{
    return failed(r) ? poison(r) : nnx_builder_constant_scalar(r->c.b, r->dt, nnx_f64(v));
}

/* Zeros [batch, h]: the absent initial state (a scalar broadcast by core expand). */
static nnx_operand *zeros(rnn *r)
{
    nnx_attrs attrs = {.reshape = {.rank = 2, .shape = {r->batch, r->h}}};
    return node(r, NNX_OP_EXPAND, scalar(r, 0.0), NULL, NULL, &attrs);
}

/* ---------------------------------------------------------------- validation */

static char *shape_text(const uint64_t *dims, uint32_t rank, char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "[");
    for (uint32_t i = 0; i < rank && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%llu", i ? ", " : "", (unsigned long long)dims[i]);
    if (n < size)
        snprintf(buf + n, size - n, "]");
    return buf;
}

/* "what" must have the input's data type. */
static bool same_type(rnn *r, const nnx_operand *op, const char *what)
{
    if (op->desc.dtype == r->dt)
        return true;
    nnx_call_fail(&r->c, NNX_ERROR_INVALID_ARGUMENT, "%s has data type %s, it must be %s like the input", what,
                  nnx_dtype_name(op->desc.dtype), nnx_dtype_name(r->dt));
    return false;
}

static bool has_rank(rnn *r, const nnx_operand *op, const char *what, uint32_t rank)
{
    if (op->desc.rank == rank)
        return true;
    nnx_call_fail(&r->c, NNX_ERROR_INVALID_ARGUMENT, "%s has rank %u, it must be %u", what, op->desc.rank, rank);
    return false;
}

/* "what" must have exactly the shape dims (64-bit, so 4·hiddenSize cannot wrap). */
static bool has_shape(rnn *r, const nnx_operand *op, const char *what, const uint64_t *dims, uint32_t rank)
{
    bool ok = op->desc.rank == rank;
    for (uint32_t i = 0; ok && i < rank; i++)
        ok = op->desc.shape[i] == dims[i];
    if (ok)
        return true;
    uint64_t got[NNX_MAX_RANK];
    for (uint32_t i = 0; i < op->desc.rank; i++)
        got[i] = op->desc.shape[i];
    char a[128], b[128];
    nnx_call_fail(&r->c, NNX_ERROR_INVALID_ARGUMENT, "%s has shape %s, it must be %s", what,
                  shape_text(got, op->desc.rank, a, sizeof a), shape_text(dims, rank, b, sizeof b));
    return false;
}

/* An optional operand: type and shape when given. */
static bool optional(rnn *r, const nnx_operand *op, const char *what, const uint64_t *dims, uint32_t rank)
{
    return !op || (same_type(r, op, what) && has_shape(r, op, what, dims, rank));
}

/* hiddenSize · 2·gates must be a valid dimension (the spec's h·6 and h·8 rules). */
static bool hidden_fits(rnn *r)
{
    uint64_t n = (uint64_t)r->h * 2 * r->gates;
    if (n >= 1 && n <= NNX_MAX_DIMENSION)
        return true;
    nnx_call_fail(&r->c, NNX_ERROR_INVALID_ARGUMENT, "hiddenSize %u times %u is not a valid dimension", r->h,
                  2 * r->gates);
    return false;
}

/* The activations option: absent → the defaults; else exactly `count` items, each a
 * recurrent activation (NNX_RECURRENT_DEFAULT: the default at its position). */
static bool activations(rnn *r, const nnx_recurrent_activation *list, uint32_t n, uint32_t count)
{
    static const nnx_op ops[4] = {NNX_OP_SIGMOID, NNX_OP_RELU, NNX_OP_SIGMOID, NNX_OP_TANH};
    r->act[0] = NNX_OP_SIGMOID;
    r->act[1] = r->act[2] = NNX_OP_TANH;
    if (!list)
        return true;
    if (n != count) {
        nnx_call_fail(&r->c, NNX_ERROR_INVALID_ARGUMENT, "activations has %u items, it must have %u", n, count);
        return false;
    }
    for (uint32_t i = 0; i < n; i++) {
        if ((unsigned)list[i] > NNX_RECURRENT_TANH) {
            nnx_call_fail(&r->c, NNX_ERROR_INVALID_ARGUMENT, "activations[%u] = %d is not a recurrent activation", i,
                          (int)list[i]);
            return false;
        }
        if (list[i] != NNX_RECURRENT_DEFAULT)
            r->act[i] = ops[list[i]];
    }
    return true;
}

/* layout: 0 = default, 1 and 2 the two orders (both enums); resolved to 1 or 2. */
static bool layout(rnn *r, uint32_t value)
{
    if (value > 2) {
        nnx_call_fail(&r->c, NNX_ERROR_INVALID_ARGUMENT, "layout %u is not a weight layout", value);
        return false;
    }
    r->layout = value ? value : 1;
    return true;
}

/* The checks gru and lstm share (spec steps 2–12 in their order): operands, types, ranks,
 * steps, the weight shapes and hiddenSize. nd = numDirections. */
static bool sequence_prologue(rnn *r, nnx_operand *const *ops, const char *const *names, uint32_t n_ops, uint32_t steps,
                              uint32_t nd, nnx_recurrent_direction direction)
{
    for (uint32_t i = 0; i < n_ops; i++)
        if ((i < 3 || ops[i]) && !nnx_call_operand(&r->c, ops[i], names[i]))
            return false;
    if (!nnx_call_dtype(&r->c, ops[0], "input", NNX_SET_FLOAT))
        return false;
    r->dt = ops[0]->desc.dtype;
    for (uint32_t i = 1; i < 3; i++)
        if (!same_type(r, ops[i], names[i]))
            return false;
    for (uint32_t i = 0; i < 3; i++)
        if (!has_rank(r, ops[i], names[i], 3))
            return false;
    if ((unsigned)direction > NNX_DIRECTION_BOTH) {
        nnx_call_fail(&r->c, NNX_ERROR_INVALID_ARGUMENT, "direction %d is not a direction", (int)direction);
        return false;
    }
    if (steps == 0) {
        nnx_call_fail(&r->c, NNX_ERROR_INVALID_ARGUMENT, "steps is 0, it must be greater than 0");
        return false;
    }
    if (ops[0]->desc.shape[0] != steps) {
        nnx_call_fail(&r->c, NNX_ERROR_INVALID_ARGUMENT, "input's first dimension %u is not steps (%u)",
                      ops[0]->desc.shape[0], steps);
        return false;
    }
    r->batch = ops[0]->desc.shape[1];
    r->in = ops[0]->desc.shape[2];
    const uint64_t kh = (uint64_t)r->gates * r->h;
    const uint64_t w[3] = {nd, kh, r->in}, rw[3] = {nd, kh, r->h};
    return has_shape(r, ops[1], names[1], w, 3) && has_shape(r, ops[2], names[2], rw, 3) && hidden_fits(r);
}

/* The prologue of gruCell and lstmCell (spec steps 2–10): operands, types, ranks 2, the
 * weight and state shapes and hiddenSize. ops: input, weight, recurrentWeight, states…,
 * then optional operands (checked only for being operands here). */
static bool cell_prologue(rnn *r, nnx_operand *const *ops, const char *const *names, uint32_t n_required,
                          uint32_t n_ops)
{
    for (uint32_t i = 0; i < n_ops; i++)
        if ((i < n_required || ops[i]) && !nnx_call_operand(&r->c, ops[i], names[i]))
            return false;
    if (!nnx_call_dtype(&r->c, ops[0], "input", NNX_SET_FLOAT))
        return false;
    r->dt = ops[0]->desc.dtype;
    for (uint32_t i = 1; i < n_required; i++)
        if (!same_type(r, ops[i], names[i]))
            return false;
    for (uint32_t i = 0; i < n_required; i++)
        if (!has_rank(r, ops[i], names[i], 2))
            return false;
    r->batch = ops[0]->desc.shape[0];
    r->in = ops[0]->desc.shape[1];
    const uint64_t kh = (uint64_t)r->gates * r->h;
    const uint64_t w[2] = {kh, r->in}, rw[2] = {kh, r->h}, state[2] = {r->batch, r->h};
    if (!has_shape(r, ops[1], names[1], w, 2) || !has_shape(r, ops[2], names[2], rw, 2))
        return false;
    for (uint32_t i = 3; i < n_required; i++)
        if (!has_shape(r, ops[i], names[i], state, 2))
            return false;
    return hidden_fits(r);
}

/* ---------------------------------------------------------------- gru */

/* gru reset_before splits R and recurrentBias into their z/r rows and their n rows. */
static void gru_weights(rnn *r, rnn_dir *d, nnx_operand *rw, nnx_operand *b, nnx_operand *rb)
{
    d->bx = b;
    if (!r->reset_before) {
        d->r = rw;
        d->bh = rb;
        return;
    }
    const uint32_t sizes[2] = {2 * r->h, r->h};
    nnx_operand *parts[2];
    split(r, rw, 0, sizes, 2, parts);
    d->r = parts[0];
    d->rn = parts[1];
    if (rb) {
        split(r, rb, 0, sizes, 2, parts);
        d->bh = parts[0];
        d->bhn = parts[1];
    }
}

/* One gru step (gruCell's formulas): gx = x·Wᵀ + b [batch, 3h], hp the previous hidden state. */
static nnx_operand *gru_step(rnn *r, const rnn_dir *d, nnx_operand *gx, nnx_operand *hp)
{
    nnx_operand *xs[3], *hs[3];
    split_gates(r, gx, xs);
    uint32_t zi = r->layout == NNX_GRU_LAYOUT_RZN ? 1 : 0, ri = 1 - zi;
    nnx_operand *n;
    if (!r->reset_before) { /* resetAfter: n = act(b_n + x·W_nᵀ + r ⊙ (rb_n + h·R_nᵀ)) */
        split_gates(r, gemm_t(r, hp, d->r, d->bh), hs);
        nnx_operand *z = act(r, 0, add(r, xs[zi], hs[zi]));
        nnx_operand *rg = act(r, 0, add(r, xs[ri], hs[ri]));
        n = act(r, 1, add(r, xs[2], mul(r, rg, hs[2])));
        if (!r->one)
            r->one = scalar(r, 1.0);
        return add(r, mul(r, z, hp), mul(r, sub(r, r->one, z), n));
    }
    /* reset before: n = act(b_n + rb_n + x·W_nᵀ + (r ⊙ h)·R_nᵀ) */
    const uint32_t two[2] = {r->h, r->h};
    split(r, gemm_t(r, hp, d->r, d->bh), 1, two, 2, hs);
    nnx_operand *z = act(r, 0, add(r, xs[zi], hs[zi]));
    nnx_operand *rg = act(r, 0, add(r, xs[ri], hs[ri]));
    n = act(r, 1, add(r, xs[2], gemm_t(r, mul(r, rg, hp), d->rn, d->bhn)));
    if (!r->one)
        r->one = scalar(r, 1.0);
    return add(r, mul(r, z, hp), mul(r, sub(r, r->one, z), n));
}

nnx_operand *nnx_builder_gru_cell(nnx_builder *b, nnx_operand *input, nnx_operand *weight,
                                  nnx_operand *recurrent_weight, nnx_operand *hidden_state, uint32_t hidden_size,
                                  const nnx_gru_cell_options *o)
{
    rnn r = {.gates = 3, .h = hidden_size};
    if (!nnx_call_begin(&r.c, b, "gruCell", LABEL(o)))
        return b ? &b->poison : NULL;
    nnx_gru_cell_options opts = o ? *o : (nnx_gru_cell_options){0};
    nnx_operand *ops[6] = {input, weight, recurrent_weight, hidden_state, opts.bias, opts.recurrent_bias};
    static const char *const names[6] = {"input", "weight", "recurrentWeight", "hiddenState", "bias", "recurrentBias"};
    const uint64_t bias[1] = {3 * (uint64_t)hidden_size};
    if (!cell_prologue(&r, ops, names, 4, 6) || !optional(&r, opts.bias, "bias", bias, 1) ||
        !optional(&r, opts.recurrent_bias, "recurrentBias", bias, 1) ||
        !activations(&r, opts.activations, opts.activations_count, 2) || !layout(&r, (uint32_t)opts.layout))
        return &b->poison;
    r.reset_before = opts.reset_before;
    rnn_dir d = {.w = weight};
    gru_weights(&r, &d, recurrent_weight, opts.bias, opts.recurrent_bias);
    nnx_operand *h = gru_step(&r, &d, gemm_t(&r, input, weight, d.bx), hidden_state);
    return failed(&r) ? poison(&r) : h;
}

/* ---------------------------------------------------------------- lstm */

/* x + c ⊙ p, or x without a peephole. */
static nnx_operand *peephole(rnn *r, nnx_operand *x, nnx_operand *c, nnx_operand *p)
{
    return p ? add(r, x, mul(r, c, p)) : x;
}

/* One lstm step (lstmCell's formulas): gx = x·Wᵀ + b + rb [batch, 4h]; hp, cp the previous
 * states. The output gate's peephole reads the previous cell state (the spec's emulation). */
static void lstm_step(rnn *r, const rnn_dir *d, nnx_operand *gx, nnx_operand *hp, nnx_operand *cp, nnx_operand **h_out,
                      nnx_operand **c_out)
{
    nnx_operand *gs[4];
    split_gates(r, gemm_t(r, hp, d->r, gx), gs);
    bool iofg = r->layout == NNX_LSTM_LAYOUT_IOFG;
    nnx_operand *i = act(r, 0, peephole(r, gs[0], cp, d->p[0]));
    nnx_operand *f = act(r, 0, peephole(r, gs[iofg ? 2 : 1], cp, d->p[2]));
    nnx_operand *g = act(r, 1, gs[iofg ? 3 : 2]);
    nnx_operand *og = act(r, 0, peephole(r, gs[iofg ? 1 : 3], cp, d->p[1]));
    nnx_operand *c = add(r, mul(r, f, cp), mul(r, i, g));
    *c_out = c;
    *h_out = mul(r, og, act(r, 2, c));
}

/* lstm folds recurrentBias into the input product's bias; the peephole is cut in three. */
static void lstm_weights(rnn *r, rnn_dir *d, nnx_operand *rw, nnx_operand *b, nnx_operand *rb, nnx_operand *p)
{
    d->r = rw;
    d->bx = b && rb ? add(r, b, rb) : b ? b : rb;
    if (p) {
        const uint32_t sizes[3] = {r->h, r->h, r->h};
        split(r, p, 0, sizes, 3, d->p);
    }
}

uint32_t nnx_builder_lstm_cell(nnx_builder *b, nnx_operand *input, nnx_operand *weight, nnx_operand *recurrent_weight,
                               nnx_operand *hidden_state, nnx_operand *cell_state, uint32_t hidden_size,
                               const nnx_lstm_cell_options *o, nnx_operand **outputs)
{
    rnn r = {.gates = 4, .h = hidden_size};
    for (uint32_t i = 0; outputs && b && i < 2; i++)
        outputs[i] = &b->poison;
    if (!nnx_call_begin(&r.c, b, "lstmCell", LABEL(o)))
        return 2;
    if (!outputs) {
        nnx_call_fail(&r.c, NNX_ERROR_INVALID_ARGUMENT, "outputs is NULL");
        return 2;
    }
    nnx_lstm_cell_options opts = o ? *o : (nnx_lstm_cell_options){0};
    nnx_operand *ops[8] = {input,      weight,    recurrent_weight,    hidden_state,
                           cell_state, opts.bias, opts.recurrent_bias, opts.peephole_weight};
    static const char *const names[8] = {"input",     "weight", "recurrentWeight", "hiddenState",
                                         "cellState", "bias",   "recurrentBias",   "peepholeWeight"};
    const uint64_t bias[1] = {4 * (uint64_t)hidden_size}, peep[1] = {3 * (uint64_t)hidden_size};
    if (!cell_prologue(&r, ops, names, 5, 8) || !optional(&r, opts.bias, "bias", bias, 1) ||
        !optional(&r, opts.recurrent_bias, "recurrentBias", bias, 1) ||
        !optional(&r, opts.peephole_weight, "peepholeWeight", peep, 1) ||
        !activations(&r, opts.activations, opts.activations_count, 3) || !layout(&r, (uint32_t)opts.layout))
        return 2;
    rnn_dir d = {.w = weight};
    lstm_weights(&r, &d, recurrent_weight, opts.bias, opts.recurrent_bias, opts.peephole_weight);
    nnx_operand *h, *c;
    lstm_step(&r, &d, gemm_t(&r, input, weight, d.bx), hidden_state, cell_state, &h, &c);
    if (!failed(&r)) {
        outputs[0] = h;
        outputs[1] = c;
    }
    return 2;
}

/* ---------------------------------------------------------------- sequences */

/* The options gru and lstm share, as the sequence loop needs them. */
typedef struct seq_opts {
    nnx_operand *input, *w, *rw, *b, *rb, *p, *h0, *c0;
    uint32_t steps, nd;
    bool backward_only, return_sequence, lstm;
} seq_opts;

/* Row block `dir` of a [nd, …] operand without its first axis (NULL stays NULL). */
static nnx_operand *direction_part(rnn *r, nnx_operand *x, uint32_t dir, uint32_t nd)
{
    if (!x)
        return NULL;
    uint32_t rank = x->desc.rank, starts[3] = {dir, 0, 0}, sizes[3];
    memcpy(sizes, x->desc.shape, rank * sizeof *sizes);
    sizes[0] = 1;
    nnx_operand *part = nd == 1 ? x : slice(r, x, starts, sizes);
    return reshape(r, part, rank - 1, x->desc.shape + 1);
}

/* x·Wᵀ + bias for every step at once ([steps·batch, gates·h], sliced per step) when that
 * tensor is a valid size, else per step (all_steps NULL). */
static nnx_operand *input_product(rnn *r, const seq_opts *s, const rnn_dir *d, nnx_operand *all_steps, uint32_t t)
{
    const uint32_t kh = r->gates * r->h;
    if (all_steps) {
        const uint32_t starts[2] = {t * r->batch, 0}, sizes[2] = {r->batch, kh};
        return slice(r, all_steps, starts, sizes);
    }
    const uint32_t starts[3] = {t, 0, 0}, sizes[3] = {1, r->batch, r->in}, flat[2] = {r->batch, r->in};
    return gemm_t(r, reshape(r, slice(r, s->input, starts, sizes), 2, flat), d->w, d->bx);
}

/* One direction over every step; writes the last states as [1, batch, h] and, when asked,
 * the sequence as [steps, 1, batch, h]. */
static void run_direction(rnn *r, const seq_opts *s, uint32_t dir, nnx_operand **h_last, nnx_operand **c_last,
                          nnx_operand **seq)
{
    rnn_dir d = {.w = direction_part(r, s->w, dir, s->nd)};
    nnx_operand *rw = direction_part(r, s->rw, dir, s->nd), *b = direction_part(r, s->b, dir, s->nd);
    nnx_operand *rb = direction_part(r, s->rb, dir, s->nd);
    if (s->lstm)
        lstm_weights(r, &d, rw, b, rb, direction_part(r, s->p, dir, s->nd));
    else
        gru_weights(r, &d, rw, b, rb);
    nnx_operand *h = s->h0 ? direction_part(r, s->h0, dir, s->nd) : zeros(r);
    nnx_operand *c = !s->lstm ? NULL : s->c0 ? direction_part(r, s->c0, dir, s->nd) : zeros(r);

    nnx_operand *all = NULL;
    const uint32_t kh = r->gates * r->h;
    if ((uint64_t)s->steps * r->batch * kh <= NNX_MAX_DIMENSION) {
        const uint32_t flat[2] = {s->steps * r->batch, r->in};
        all = gemm_t(r, reshape(r, s->input, 2, flat), d.w, d.bx);
    }
    nnx_operand **items = NULL;
    if (s->return_sequence && !failed(r) && !(items = nnx_arena_array(&r->c.b->arena, s->steps, sizeof *items)))
        nnx_call_fail(&r->c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    const bool backward = s->backward_only || dir == 1;
    const uint32_t one_state[3] = {1, r->batch, r->h};
    for (uint32_t step = 0; step < s->steps && !failed(r); step++) {
        uint32_t t = backward ? s->steps - 1 - step : step;
        nnx_operand *gx = input_product(r, s, &d, all, t);
        if (s->lstm)
            lstm_step(r, &d, gx, h, c, &h, &c);
        else
            h = gru_step(r, &d, gx, h);
        if (items)
            items[t] = reshape(r, h, 3, one_state); /* the sequence is kept in time order */
    }
    *h_last = reshape(r, h, 3, one_state);
    if (s->lstm)
        *c_last = reshape(r, c, 3, one_state);
    if (items) {
        const uint32_t seq_shape[4] = {s->steps, 1, r->batch, r->h};
        *seq = reshape(r, concat(r, items, s->steps, 0), 4, seq_shape);
    }
}

/* Runs every direction and joins the results: outputs h [nd, batch, h], (lstm) c, and the
 * sequence [steps, nd, batch, h]. */
static void run_sequence(rnn *r, const seq_opts *s, nnx_operand **outputs)
{
    nnx_operand *h[2] = {NULL, NULL}, *c[2] = {NULL, NULL}, *seq[2] = {NULL, NULL};
    for (uint32_t dir = 0; dir < s->nd && !failed(r); dir++)
        run_direction(r, s, dir, &h[dir], &c[dir], &seq[dir]);
    nnx_operand *out[3];
    uint32_t n = 0;
    out[n++] = s->nd == 2 ? concat(r, h, 2, 0) : h[0];
    if (s->lstm)
        out[n++] = s->nd == 2 ? concat(r, c, 2, 0) : c[0];
    if (s->return_sequence)
        out[n++] = s->nd == 2 ? concat(r, seq, 2, 1) : seq[0];
    if (failed(r))
        return;
    for (uint32_t i = 0; i < n; i++)
        outputs[i] = out[i];
}

/* The beginning of gru and lstm: poisoned slots, the builder's state, outputs. */
static bool sequence_begin(rnn *r, nnx_builder *b, const char *name, const char *label, uint32_t count,
                           nnx_operand **outputs)
{
    for (uint32_t i = 0; outputs && b && i < count; i++)
        outputs[i] = &b->poison;
    if (!nnx_call_begin(&r->c, b, name, label))
        return false;
    if (!outputs) {
        nnx_call_fail(&r->c, NNX_ERROR_INVALID_ARGUMENT, "outputs is NULL");
        return false;
    }
    return true;
}

uint32_t nnx_builder_gru(nnx_builder *b, nnx_operand *input, nnx_operand *weight, nnx_operand *recurrent_weight,
                         uint32_t steps, uint32_t hidden_size, const nnx_gru_options *o, nnx_operand **outputs)
{
    nnx_gru_options opts = o ? *o : (nnx_gru_options){0};
    const uint32_t count = opts.return_sequence ? 2 : 1;
    rnn r = {.gates = 3, .h = hidden_size};
    if (!sequence_begin(&r, b, "gru", opts.label, count, outputs))
        return count;
    const uint32_t nd = opts.direction == NNX_DIRECTION_BOTH ? 2 : 1;
    nnx_operand *ops[6] = {input, weight, recurrent_weight, opts.bias, opts.recurrent_bias, opts.initial_hidden_state};
    static const char *const names[6] = {"input", "weight",        "recurrentWeight",
                                         "bias",  "recurrentBias", "initialHiddenState"};
    if (!sequence_prologue(&r, ops, names, 6, steps, nd, opts.direction))
        return count;
    const uint64_t bias[2] = {nd, 3 * (uint64_t)hidden_size}, state[3] = {nd, r.batch, hidden_size};
    if (!optional(&r, opts.bias, "bias", bias, 2) || !optional(&r, opts.recurrent_bias, "recurrentBias", bias, 2) ||
        !optional(&r, opts.initial_hidden_state, "initialHiddenState", state, 3) ||
        !activations(&r, opts.activations, opts.activations_count, 2) || !layout(&r, (uint32_t)opts.layout))
        return count;
    r.reset_before = opts.reset_before;
    seq_opts s = {.input = input,
                  .w = weight,
                  .rw = recurrent_weight,
                  .b = opts.bias,
                  .rb = opts.recurrent_bias,
                  .h0 = opts.initial_hidden_state,
                  .steps = steps,
                  .nd = nd,
                  .backward_only = opts.direction == NNX_DIRECTION_BACKWARD,
                  .return_sequence = opts.return_sequence};
    run_sequence(&r, &s, outputs);
    return count;
}

uint32_t nnx_builder_lstm(nnx_builder *b, nnx_operand *input, nnx_operand *weight, nnx_operand *recurrent_weight,
                          uint32_t steps, uint32_t hidden_size, const nnx_lstm_options *o, nnx_operand **outputs)
{
    nnx_lstm_options opts = o ? *o : (nnx_lstm_options){0};
    const uint32_t count = opts.return_sequence ? 3 : 2;
    rnn r = {.gates = 4, .h = hidden_size};
    if (!sequence_begin(&r, b, "lstm", opts.label, count, outputs))
        return count;
    const uint32_t nd = opts.direction == NNX_DIRECTION_BOTH ? 2 : 1;
    nnx_operand *ops[8] = {input,
                           weight,
                           recurrent_weight,
                           opts.bias,
                           opts.recurrent_bias,
                           opts.peephole_weight,
                           opts.initial_hidden_state,
                           opts.initial_cell_state};
    static const char *const names[8] = {"input",         "weight",         "recurrentWeight",    "bias",
                                         "recurrentBias", "peepholeWeight", "initialHiddenState", "initialCellState"};
    if (!sequence_prologue(&r, ops, names, 8, steps, nd, opts.direction))
        return count;
    const uint64_t bias[2] = {nd, 4 * (uint64_t)hidden_size}, peep[2] = {nd, 3 * (uint64_t)hidden_size};
    const uint64_t state[3] = {nd, r.batch, hidden_size};
    if (!optional(&r, opts.bias, "bias", bias, 2) || !optional(&r, opts.recurrent_bias, "recurrentBias", bias, 2) ||
        !optional(&r, opts.peephole_weight, "peepholeWeight", peep, 2) ||
        !optional(&r, opts.initial_hidden_state, "initialHiddenState", state, 3) ||
        !optional(&r, opts.initial_cell_state, "initialCellState", state, 3) ||
        !activations(&r, opts.activations, opts.activations_count, 3) || !layout(&r, (uint32_t)opts.layout))
        return count;
    seq_opts s = {.input = input,
                  .w = weight,
                  .rw = recurrent_weight,
                  .b = opts.bias,
                  .rb = opts.recurrent_bias,
                  .p = opts.peephole_weight,
                  .h0 = opts.initial_hidden_state,
                  .c0 = opts.initial_cell_state,
                  .steps = steps,
                  .nd = nd,
                  .backward_only = opts.direction == NNX_DIRECTION_BACKWARD,
                  .return_sequence = opts.return_sequence,
                  .lstm = true};
    run_sequence(&r, &s, outputs);
    return count;
}
