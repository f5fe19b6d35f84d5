/* ml_ops_recurrent.c — WebNN's recurrent operations on MLGraphBuilder: gru, gruCell, lstm
 * and lstmCell (WebNN "gru", "gruCell", "lstm", "lstmCell" sections). reset_after (WebNN
 * resetAfter, default true) is nnx's reset_before negated; activations is a list of
 * MLRecurrentNetworkActivation names. gru, lstm and lstm_cell return lists. */
#include "ml_ops.h"

#define OPTS(c) PYNNX_ML_OPTIONS(c)
#define U32 PYNNX_ARG_U32
#define OPERAND PYNNX_ARG_OPERAND

static const char *const DIRECTIONS[] = {"forward", "backward", "both", NULL};
static const char *const GRU_LAYOUTS[] = {"zrn", "rzn", NULL};
static const char *const LSTM_LAYOUTS[] = {"iofg", "ifgo", NULL};

static const pynnx_option GRU_CELL_OPTIONS[] = {
    PYNNX_OPT("bias", nnx_gru_cell_options, bias, PYNNX_OPT_OPERAND),
    PYNNX_OPT("recurrent_bias", nnx_gru_cell_options, recurrent_bias, PYNNX_OPT_OPERAND),
    PYNNX_OPT("reset_after", nnx_gru_cell_options, reset_before, PYNNX_OPT_NOT),
    PYNNX_OPT_CHOICE("layout", nnx_gru_cell_options, layout, GRU_LAYOUTS, NNX_GRU_LAYOUT_ZRN),
    PYNNX_OPT_LIST("activations", nnx_gru_cell_options, activations, PYNNX_OPT_ACTIVATIONS),
    {NULL},
};
static uint32_t call_gru_cell(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_gru_cell(c->b, c->x[0], c->x[1], c->x[2], c->x[3], c->u[4], OPTS(c));
    return 1;
}
static const pynnx_ml_op GRU_CELL = {.name = "gru_cell",
                                     .params = {"input", "weight", "recurrent_weight", "hidden_state", "hidden_size"},
                                     .kinds = {OPERAND, OPERAND, OPERAND, OPERAND, U32},
                                     .call = call_gru_cell,
                                     .options = GRU_CELL_OPTIONS};
PYNNX_ML_DEFINE(gru_cell, GRU_CELL)

static const pynnx_option GRU_OPTIONS[] = {
    PYNNX_OPT("bias", nnx_gru_options, bias, PYNNX_OPT_OPERAND),
    PYNNX_OPT("recurrent_bias", nnx_gru_options, recurrent_bias, PYNNX_OPT_OPERAND),
    PYNNX_OPT("initial_hidden_state", nnx_gru_options, initial_hidden_state, PYNNX_OPT_OPERAND),
    PYNNX_OPT("reset_after", nnx_gru_options, reset_before, PYNNX_OPT_NOT),
    PYNNX_OPT("return_sequence", nnx_gru_options, return_sequence, PYNNX_OPT_BOOL),
    PYNNX_OPT_CHOICE("direction", nnx_gru_options, direction, DIRECTIONS, NNX_DIRECTION_FORWARD),
    PYNNX_OPT_CHOICE("layout", nnx_gru_options, layout, GRU_LAYOUTS, NNX_GRU_LAYOUT_ZRN),
    PYNNX_OPT_LIST("activations", nnx_gru_options, activations, PYNNX_OPT_ACTIVATIONS),
    {NULL},
};
static uint32_t call_gru(pynnx_ml_call *c)
{
    return nnx_builder_gru(c->b, c->x[0], c->x[1], c->x[2], c->u[3], c->u[4], OPTS(c), c->outs);
}
static const pynnx_ml_op GRU = {.name = "gru",
                                .params = {"input", "weight", "recurrent_weight", "steps", "hidden_size"},
                                .kinds = {OPERAND, OPERAND, OPERAND, U32, U32},
                                .call = call_gru,
                                .options = GRU_OPTIONS,
                                .list = true};
PYNNX_ML_DEFINE(gru, GRU)

static const pynnx_option LSTM_CELL_OPTIONS[] = {
    PYNNX_OPT("bias", nnx_lstm_cell_options, bias, PYNNX_OPT_OPERAND),
    PYNNX_OPT("recurrent_bias", nnx_lstm_cell_options, recurrent_bias, PYNNX_OPT_OPERAND),
    PYNNX_OPT("peephole_weight", nnx_lstm_cell_options, peephole_weight, PYNNX_OPT_OPERAND),
    PYNNX_OPT_CHOICE("layout", nnx_lstm_cell_options, layout, LSTM_LAYOUTS, NNX_LSTM_LAYOUT_IOFG),
    PYNNX_OPT_LIST("activations", nnx_lstm_cell_options, activations, PYNNX_OPT_ACTIVATIONS),
    {NULL},
};
static uint32_t call_lstm_cell(pynnx_ml_call *c)
{
    return nnx_builder_lstm_cell(c->b, c->x[0], c->x[1], c->x[2], c->x[3], c->x[4], c->u[5], OPTS(c), c->outs);
}
static const pynnx_ml_op LSTM_CELL = {
    .name = "lstm_cell",
    .params = {"input", "weight", "recurrent_weight", "hidden_state", "cell_state", "hidden_size"},
    .kinds = {OPERAND, OPERAND, OPERAND, OPERAND, OPERAND, U32},
    .call = call_lstm_cell,
    .options = LSTM_CELL_OPTIONS,
    .list = true};
PYNNX_ML_DEFINE(lstm_cell, LSTM_CELL)

static const pynnx_option LSTM_OPTIONS[] = {
    PYNNX_OPT("bias", nnx_lstm_options, bias, PYNNX_OPT_OPERAND),
    PYNNX_OPT("recurrent_bias", nnx_lstm_options, recurrent_bias, PYNNX_OPT_OPERAND),
    PYNNX_OPT("peephole_weight", nnx_lstm_options, peephole_weight, PYNNX_OPT_OPERAND),
    PYNNX_OPT("initial_hidden_state", nnx_lstm_options, initial_hidden_state, PYNNX_OPT_OPERAND),
    PYNNX_OPT("initial_cell_state", nnx_lstm_options, initial_cell_state, PYNNX_OPT_OPERAND),
    PYNNX_OPT("return_sequence", nnx_lstm_options, return_sequence, PYNNX_OPT_BOOL),
    PYNNX_OPT_CHOICE("direction", nnx_lstm_options, direction, DIRECTIONS, NNX_DIRECTION_FORWARD),
    PYNNX_OPT_CHOICE("layout", nnx_lstm_options, layout, LSTM_LAYOUTS, NNX_LSTM_LAYOUT_IOFG),
    PYNNX_OPT_LIST("activations", nnx_lstm_options, activations, PYNNX_OPT_ACTIVATIONS),
    {NULL},
};
static uint32_t call_lstm(pynnx_ml_call *c)
{
    return nnx_builder_lstm(c->b, c->x[0], c->x[1], c->x[2], c->u[3], c->u[4], OPTS(c), c->outs);
}
static const pynnx_ml_op LSTM = {.name = "lstm",
                                 .params = {"input", "weight", "recurrent_weight", "steps", "hidden_size"},
                                 .kinds = {OPERAND, OPERAND, OPERAND, U32, U32},
                                 .call = call_lstm,
                                 .options = LSTM_OPTIONS,
                                 .list = true};
PYNNX_ML_DEFINE(lstm, LSTM)
