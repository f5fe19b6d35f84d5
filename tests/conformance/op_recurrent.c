/* op_recurrent.c — the WebNN recurrent operators of the conformance runner: gru, gruCell,
 * lstm and lstmCell mapped to nnx_builder_gru / _gru_cell / _lstm / _lstm_cell with their
 * camelCase options (WebNN #api-mlgraphbuilder-gru, -grucell, -lstm, -lstmcell), and the
 * error budget derived from the arithmetic of one time step (not in the wpt table). */
#include <string.h>

#include "op_call.h"

static const char *const DIRECTIONS[] = {"forward", "backward", "both", NULL};
static const char *const ACTIVATIONS[] = {"relu", "sigmoid", "tanh", NULL};

/* ULP budget of one activation, from the wpt table: relu 0, sigmoid 34 (float16: 10), tanh 16. */
static uint64_t activation_ulp(nnx_recurrent_activation a, bool f16)
{
    switch (a) {
    case NNX_RECURRENT_RELU: return 0;
    case NNX_RECURRENT_SIGMOID: return f16 ? 10 : 34;
    default: return 16;
    }
}

/* The activations option (MLRecurrentNetworkActivation names) into buf; *count stays 0 when
 * absent. The enum values follow the names' order, starting at 1. */
static bool parse_activations(op_call *c, nnx_recurrent_activation *buf, uint32_t cap, uint32_t *count)
{
    const cJSON *v = cf_opt(c, "activations");
    *count = 0;
    if (!v)
        return true;
    if (!cJSON_IsArray(v) || (uint32_t)cJSON_GetArraySize(v) > cap)
        return cf_fail(c->err, "%s: activations is not a list of at most %u names", c->entry->name, (unsigned)cap);
    for (const cJSON *item = v->child; item; item = item->next) {
        int k = 0;
        for (; cJSON_IsString(item) && ACTIVATIONS[k] && strcmp(ACTIVATIONS[k], item->valuestring) != 0; k++)
            ;
        if (!cJSON_IsString(item) || !ACTIVATIONS[k])
            return cf_fail(c->err, "%s: unsupported activation", c->entry->name);
        buf[(*count)++] = (nnx_recurrent_activation)(k + 1);
    }
    return true;
}

/* The activation at position i, the spec's default when the list is absent. */
static nnx_recurrent_activation act_at(const nnx_recurrent_activation *list, uint32_t count, uint32_t i,
                                       nnx_recurrent_activation fallback)
{
    return i < count && list[i] != NNX_RECURRENT_DEFAULT ? list[i] : fallback;
}

/* The budget is counted like the wpt table counts gemm (2K + one per further rounding), per
 * output element of one step, with I = inputSize, H = hiddenSize and A(f) the activation's
 * table budget:
 *   a gate's pre-activation is two dot products (2I + 2H) and three additions (the two
 *   biases and the two products): 2I + 2H + 3, then its activation.
 *   gru: z and r: 2(2I + 2H + 3) + 2 A(f); n: 2I + 2H + 3, one more for r's product with the
 *   recurrent term, A(g); h' = z*h + (1 - z)*n: a subtraction, two products, an addition: 4.
 *   Step: 6I + 6H + 14 + 2 A(f) + A(g).
 *   lstm: i, f, o: 3(2I + 2H + 3) + 3 A(f), with peepholes 2 more each (the product with
 *   the cell state and its addition); g: 2I + 2H + 3 + A(g); c' = f*c + i*g: 3;
 *   h' = o * h(c'): A(h) + 1. Step: 8I + 8H + 16 + 3 A(f) + A(g) + A(h) (+ 6 with peepholes).
 * Each step's state feeds the next one, so the budget is steps times the step's (as the
 * table sums the budgets of chained operators). Every gate value of sigmoid or tanh lies in
 * [-1, 1] and the new state is a weighted combination of such values, so the roundings
 * happen at that scale, not at the (possibly much smaller, after cancellation) scale of
 * the output element: the same count is also allowed as an absolute error in units of the
 * output type's spacing at 1 (2^-23 for float32, 2^-10 for float16). */
static void recurrent_tolerance(op_call *c, uint64_t per_step, uint64_t steps)
{
    bool f16 = c->out_count && cf_desc_of(c->outs[0]).dtype == NNX_FLOAT16;
    c->tol.ulp = per_step * steps;
    c->tol.abs = (double)c->tol.ulp * (f16 ? 1.0 / 1024 : 1.0 / 8388608);
}

/* inputSize: the last dimension of input (rank 2 for the cells, 3 for the networks). */
static uint64_t input_size(nnx_operand *input)
{
    nnx_operand_desc d = cf_desc_of(input);
    return d.rank ? d.shape[d.rank - 1] : 0;
}

static uint64_t gru_step_ulp(nnx_operand *input, uint32_t h, const nnx_recurrent_activation *acts, uint32_t n)
{
    bool f16 = cf_desc_of(input).dtype == NNX_FLOAT16;
    uint64_t i = input_size(input);
    return 6 * i + 6ull * h + 14 + 2 * activation_ulp(act_at(acts, n, 0, NNX_RECURRENT_SIGMOID), f16) +
        activation_ulp(act_at(acts, n, 1, NNX_RECURRENT_TANH), f16);
}

static uint64_t lstm_step_ulp(nnx_operand *input, uint32_t h, bool peephole, const nnx_recurrent_activation *acts,
                              uint32_t n)
{
    bool f16 = cf_desc_of(input).dtype == NNX_FLOAT16;
    uint64_t i = input_size(input);
    return 8 * i + 8ull * h + 16 + (peephole ? 6 : 0) +
        3 * activation_ulp(act_at(acts, n, 0, NNX_RECURRENT_SIGMOID), f16) +
        activation_ulp(act_at(acts, n, 1, NNX_RECURRENT_TANH), f16) +
        activation_ulp(act_at(acts, n, 2, NNX_RECURRENT_TANH), f16);
}

/* gru(input, weight, recurrentWeight, steps, hiddenSize, options) -> [output] or, with
 * returnSequence, [output, outputSequence]. resetAfter defaults to true (nnx: reset_before
 * false). */
bool cf_handle_gru(op_call *c)
{
    static const char *const LAYOUTS[] = {"zrn", "rzn", NULL};
    nnx_operand *input, *weight, *recurrent_weight;
    uint32_t steps, hidden;
    bool reset_after = true;
    int direction, layout;
    nnx_recurrent_activation acts[2];
    nnx_gru_options o = {.label = c->label, .activations = acts};
    if (!cf_arg_operand(c, 0, &input) || !cf_arg_operand(c, 1, &weight) || !cf_arg_operand(c, 2, &recurrent_weight) ||
        !cf_arg_u32(c, 3, &steps) || !cf_arg_u32(c, 4, &hidden) || !cf_opt_operand(c, "bias", &o.bias) ||
        !cf_opt_operand(c, "recurrentBias", &o.recurrent_bias) ||
        !cf_opt_operand(c, "initialHiddenState", &o.initial_hidden_state) ||
        !cf_opt_bool(c, "resetAfter", &reset_after) || !cf_opt_bool(c, "returnSequence", &o.return_sequence) ||
        !cf_opt_enum(c, "direction", DIRECTIONS, &direction) || !cf_opt_enum(c, "layout", LAYOUTS, &layout) ||
        !parse_activations(c, acts, 2, &o.activations_count))
        return false;
    o.reset_before = !reset_after;
    o.direction = (nnx_recurrent_direction)direction;
    o.layout = (nnx_gru_layout)layout;
    if (!o.activations_count)
        o.activations = NULL;
    c->out_count = nnx_builder_gru(c->g->builder, input, weight, recurrent_weight, steps, hidden, &o, c->outs);
    recurrent_tolerance(c, gru_step_ulp(input, hidden, acts, o.activations_count), steps);
    return true;
}

/* gruCell(input, weight, recurrentWeight, hiddenState, hiddenSize, options): one step. */
bool cf_handle_gru_cell(op_call *c)
{
    static const char *const LAYOUTS[] = {"zrn", "rzn", NULL};
    nnx_operand *input, *weight, *recurrent_weight, *hidden_state;
    uint32_t hidden;
    bool reset_after = true;
    int layout;
    nnx_recurrent_activation acts[2];
    nnx_gru_cell_options o = {.label = c->label, .activations = acts};
    if (!cf_arg_operand(c, 0, &input) || !cf_arg_operand(c, 1, &weight) || !cf_arg_operand(c, 2, &recurrent_weight) ||
        !cf_arg_operand(c, 3, &hidden_state) || !cf_arg_u32(c, 4, &hidden) || !cf_opt_operand(c, "bias", &o.bias) ||
        !cf_opt_operand(c, "recurrentBias", &o.recurrent_bias) || !cf_opt_bool(c, "resetAfter", &reset_after) ||
        !cf_opt_enum(c, "layout", LAYOUTS, &layout) || !parse_activations(c, acts, 2, &o.activations_count))
        return false;
    o.reset_before = !reset_after;
    o.layout = (nnx_gru_layout)layout;
    if (!o.activations_count)
        o.activations = NULL;
    c->outs[0] = nnx_builder_gru_cell(c->g->builder, input, weight, recurrent_weight, hidden_state, hidden, &o);
    c->out_count = 1;
    recurrent_tolerance(c, gru_step_ulp(input, hidden, acts, o.activations_count), 1);
    return true;
}

/* lstm(input, weight, recurrentWeight, steps, hiddenSize, options) -> [output, cellState]
 * or, with returnSequence, [output, cellState, outputSequence]. */
bool cf_handle_lstm(op_call *c)
{
    static const char *const LAYOUTS[] = {"iofg", "ifgo", NULL};
    nnx_operand *input, *weight, *recurrent_weight;
    uint32_t steps, hidden;
    int direction, layout;
    nnx_recurrent_activation acts[3];
    nnx_lstm_options o = {.label = c->label, .activations = acts};
    if (!cf_arg_operand(c, 0, &input) || !cf_arg_operand(c, 1, &weight) || !cf_arg_operand(c, 2, &recurrent_weight) ||
        !cf_arg_u32(c, 3, &steps) || !cf_arg_u32(c, 4, &hidden) || !cf_opt_operand(c, "bias", &o.bias) ||
        !cf_opt_operand(c, "recurrentBias", &o.recurrent_bias) ||
        !cf_opt_operand(c, "peepholeWeight", &o.peephole_weight) ||
        !cf_opt_operand(c, "initialHiddenState", &o.initial_hidden_state) ||
        !cf_opt_operand(c, "initialCellState", &o.initial_cell_state) ||
        !cf_opt_bool(c, "returnSequence", &o.return_sequence) || !cf_opt_enum(c, "direction", DIRECTIONS, &direction) ||
        !cf_opt_enum(c, "layout", LAYOUTS, &layout) || !parse_activations(c, acts, 3, &o.activations_count))
        return false;
    o.direction = (nnx_recurrent_direction)direction;
    o.layout = (nnx_lstm_layout)layout;
    if (!o.activations_count)
        o.activations = NULL;
    c->out_count = nnx_builder_lstm(c->g->builder, input, weight, recurrent_weight, steps, hidden, &o, c->outs);
    recurrent_tolerance(c, lstm_step_ulp(input, hidden, o.peephole_weight != NULL, acts, o.activations_count), steps);
    return true;
}

/* lstmCell(input, weight, recurrentWeight, hiddenState, cellState, hiddenSize, options) ->
 * [hiddenState, cellState]: one step. */
bool cf_handle_lstm_cell(op_call *c)
{
    static const char *const LAYOUTS[] = {"iofg", "ifgo", NULL};
    nnx_operand *input, *weight, *recurrent_weight, *hidden_state, *cell_state;
    uint32_t hidden;
    int layout;
    nnx_recurrent_activation acts[3];
    nnx_lstm_cell_options o = {.label = c->label, .activations = acts};
    if (!cf_arg_operand(c, 0, &input) || !cf_arg_operand(c, 1, &weight) || !cf_arg_operand(c, 2, &recurrent_weight) ||
        !cf_arg_operand(c, 3, &hidden_state) || !cf_arg_operand(c, 4, &cell_state) || !cf_arg_u32(c, 5, &hidden) ||
        !cf_opt_operand(c, "bias", &o.bias) || !cf_opt_operand(c, "recurrentBias", &o.recurrent_bias) ||
        !cf_opt_operand(c, "peepholeWeight", &o.peephole_weight) || !cf_opt_enum(c, "layout", LAYOUTS, &layout) ||
        !parse_activations(c, acts, 3, &o.activations_count))
        return false;
    o.layout = (nnx_lstm_layout)layout;
    if (!o.activations_count)
        o.activations = NULL;
    c->out_count = nnx_builder_lstm_cell(c->g->builder, input, weight, recurrent_weight, hidden_state, cell_state,
                                         hidden, &o, c->outs);
    recurrent_tolerance(c, lstm_step_ulp(input, hidden, o.peephole_weight != NULL, acts, o.activations_count), 1);
    return true;
}
