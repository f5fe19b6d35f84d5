/* test_builder_errors_recurrent.c: negative tests of the WebNN validation steps of gruCell,
 * gru, lstmCell and lstm (WebNN method steps, index.bs at commit 07d09bb of
 * github.com/webmachinelearning/webnn) and of the C API's own checks (enum values, activation
 * items, outputs NULL). One row per TypeError condition: status, the message prefix "<webnn op>: "
 * and a distinctive substring. */
#include "builder_errors_fixture.h"

#define NOT_ACCEPTED "which this operation does not accept"
#define LIKE_INPUT "it must be float32 like the input"
#define OTHER "belongs to another builder"

static nnx_status op_done(fx *f, nnx_operand *result)
{
    f->result = result;
    return nnx_builder_status(f->b);
}

/* Each row starts from valid arguments (hiddenSize 4, batch 2 or 1, input size 3) and
 * changes one thing: ROWFN(name, statement) defines the row's function. */

/* ------------------------------------------------------------------ gruCell */

typedef struct gc_args {
    nnx_operand *x, *w, *r, *h;
    uint32_t hidden;
    nnx_gru_cell_options o;
} gc_args;
static nnx_status gc_run(fx *f, gc_args a)
{
    return op_done(f, nnx_builder_gru_cell(f->b, a.x, a.w, a.r, a.h, a.hidden, &a.o));
}
#define GC(name, ...) \
    static nnx_status name(fx *f) \
    { \
        gc_args a = {X(F32, 2, 3), K(F32, 12, 3), K(F32, 12, 4), X(F32, 2, 4), 4, {0}}; \
        __VA_ARGS__; \
        return gc_run(f, a); \
    }

static nnx_status gc_built(fx *f)
{
    gc_args a = {X(F32, 2, 3), K(F32, 12, 3), K(F32, 12, 4), X(F32, 2, 4), 4, {0}};
    spend_builder(f);
    return gc_run(f, a);
}
GC(gc_input_null, a.x = NULL)
GC(gc_weight_null, a.w = NULL)
GC(gc_recurrent_weight_other, a.r = X2(F32, 12, 4))
GC(gc_hidden_null, a.h = NULL)
GC(gc_bias_other, a.o.bias = X2(F32, 12))
GC(gc_recurrent_bias_other, a.o.recurrent_bias = X2(F32, 12))
GC(gc_input_int, a.x = X(I32, 2, 3))
GC(gc_weight_type, a.w = K(F16, 12, 3))
GC(gc_recurrent_weight_type, a.r = K(F16, 12, 4))
GC(gc_hidden_type, a.h = X(F16, 2, 4))
GC(gc_input_rank, a.x = X(F32, 1, 2, 3))
GC(gc_weight_rank, a.w = K(F32, 1, 12, 3))
GC(gc_recurrent_weight_rank, a.r = K(F32, 48))
GC(gc_hidden_rank, a.h = X(F32, 8))
GC(gc_weight_shape, a.w = K(F32, 12, 2))
GC(gc_weight_gates, a.w = K(F32, 16, 3))
GC(gc_recurrent_weight_shape, a.r = K(F32, 12, 3))
GC(gc_hidden_shape, a.h = X(F32, 1, 4))
GC(gc_hidden_size_zero, a.hidden = 0)
GC(gc_bias_type, a.o.bias = K(F16, 12))
GC(gc_bias_shape, a.o.bias = K(F32, 16))
GC(gc_bias_rank, a.o.bias = K(F32, 1, 12))
GC(gc_recurrent_bias_type, a.o.recurrent_bias = K(F16, 12))
GC(gc_recurrent_bias_shape, a.o.recurrent_bias = K(F32, 4))
GC(gc_activations_one, a.o.activations = (const nnx_recurrent_activation[]){NNX_RECURRENT_TANH};
   a.o.activations_count = 1)
GC(gc_activations_three, static const nnx_recurrent_activation acts[3] = {NNX_RECURRENT_TANH}; a.o.activations = acts;
   a.o.activations_count = 3)
GC(gc_activations_empty, a.o.activations = (const nnx_recurrent_activation[]){NNX_RECURRENT_TANH};
   a.o.activations_count = 0)
GC(gc_activation_value,
   a.o.activations = (const nnx_recurrent_activation[]){NNX_RECURRENT_RELU, (nnx_recurrent_activation)7};
   a.o.activations_count = 2)
GC(gc_layout, a.o.layout = (nnx_gru_layout)3)
GC(gc_label, a.o.label = "cell7"; a.w = K(F32, 9, 3))

/* ------------------------------------------------------------------ gru */

typedef struct gru_args {
    nnx_operand *x, *w, *r;
    uint32_t steps, hidden;
    nnx_gru_options o;
    bool no_outputs;
} gru_args;
static nnx_status gru_run(fx *f, gru_args a)
{
    nnx_operand *outs[2] = {NULL, NULL};
    uint32_t n = nnx_builder_gru(f->b, a.x, a.w, a.r, a.steps, a.hidden, &a.o, a.no_outputs ? NULL : outs);
    assert_int_equal(n, a.o.return_sequence ? 2 : 1);
    if (a.no_outputs)
        f->no_result = true;
    else if (n == 2)
        assert_poisoned(outs[1]);
    return op_done(f, outs[0]);
}
#define GRU(name, ...) \
    static nnx_status name(fx *f) \
    { \
        gru_args a = {X(F32, 2, 1, 3), K(F32, 1, 12, 3), K(F32, 1, 12, 4), 2, 4, {0}, false}; \
        __VA_ARGS__; \
        return gru_run(f, a); \
    }

static nnx_status gru_built(fx *f)
{
    gru_args a = {X(F32, 2, 1, 3), K(F32, 1, 12, 3), K(F32, 1, 12, 4), 2, 4, {0}, false};
    spend_builder(f);
    return gru_run(f, a);
}
GRU(gru_outputs_null, a.no_outputs = true)
GRU(gru_input_null, a.x = NULL)
GRU(gru_weight_other, a.w = X2(F32, 1, 12, 3))
GRU(gru_recurrent_weight_null, a.r = NULL)
GRU(gru_bias_other, a.o.bias = X2(F32, 1, 12))
GRU(gru_recurrent_bias_other, a.o.recurrent_bias = X2(F32, 1, 12))
GRU(gru_initial_other, a.o.initial_hidden_state = X2(F32, 1, 1, 4))
GRU(gru_input_uint, a.x = X(U32, 2, 1, 3); a.o.return_sequence = true)
GRU(gru_weight_type, a.w = K(F16, 1, 12, 3))
GRU(gru_recurrent_weight_type, a.r = K(F16, 1, 12, 4))
GRU(gru_input_rank, a.x = X(F32, 2, 3))
GRU(gru_weight_rank, a.w = K(F32, 12, 3))
GRU(gru_recurrent_weight_rank, a.r = K(F32, 1, 1, 12, 4))
GRU(gru_direction, a.o.direction = (nnx_recurrent_direction)9)
GRU(gru_steps_zero, a.steps = 0)
GRU(gru_steps_mismatch, a.steps = 3)
GRU(gru_weight_shape, a.w = K(F32, 1, 12, 2))
GRU(gru_both_weight, a.o.direction = NNX_DIRECTION_BOTH)
GRU(gru_recurrent_weight_shape, a.r = K(F32, 1, 12, 12))
GRU(gru_bias_type, a.o.bias = K(F16, 1, 12))
GRU(gru_bias_shape, a.o.bias = K(F32, 12))
GRU(gru_both_bias, a.o.direction = NNX_DIRECTION_BOTH; a.w = K(F32, 2, 12, 3); a.r = K(F32, 2, 12, 4);
    a.o.bias = K(F32, 1, 12))
GRU(gru_recurrent_bias_type, a.o.recurrent_bias = K(F16, 1, 12))
GRU(gru_recurrent_bias_shape, a.o.recurrent_bias = K(F32, 1, 8))
GRU(gru_initial_type, a.o.initial_hidden_state = K(F16, 1, 1, 4))
GRU(gru_initial_shape, a.o.initial_hidden_state = K(F32, 1, 2, 4))
GRU(gru_activations_count, a.o.activations = (const nnx_recurrent_activation[]){NNX_RECURRENT_TANH};
    a.o.activations_count = 1)
GRU(gru_activation_value,
    a.o.activations = (const nnx_recurrent_activation[]){(nnx_recurrent_activation)-1, NNX_RECURRENT_TANH};
    a.o.activations_count = 2)
GRU(gru_layout, a.o.layout = (nnx_gru_layout)4; a.o.return_sequence = true)
GRU(gru_label, a.o.label = "encoder"; a.steps = 5)

/* ------------------------------------------------------------------ lstmCell */

typedef struct lc_args {
    nnx_operand *x, *w, *r, *h, *c;
    uint32_t hidden;
    nnx_lstm_cell_options o;
    bool no_outputs;
} lc_args;
static nnx_status lc_run(fx *f, lc_args a)
{
    nnx_operand *outs[2] = {NULL, NULL};
    uint32_t n = nnx_builder_lstm_cell(f->b, a.x, a.w, a.r, a.h, a.c, a.hidden, &a.o, a.no_outputs ? NULL : outs);
    assert_int_equal(n, 2);
    if (a.no_outputs)
        f->no_result = true;
    else
        assert_poisoned(outs[1]);
    return op_done(f, outs[0]);
}
#define LC(name, ...) \
    static nnx_status name(fx *f) \
    { \
        lc_args a = {X(F32, 2, 3), K(F32, 16, 3), K(F32, 16, 4), X(F32, 2, 4), X(F32, 2, 4), 4, {0}, false}; \
        __VA_ARGS__; \
        return lc_run(f, a); \
    }

static nnx_status lc_built(fx *f)
{
    lc_args a = {X(F32, 2, 3), K(F32, 16, 3), K(F32, 16, 4), X(F32, 2, 4), X(F32, 2, 4), 4, {0}, false};
    spend_builder(f);
    return lc_run(f, a);
}
LC(lc_outputs_null, a.no_outputs = true)
LC(lc_input_other, a.x = X2(F32, 2, 3))
LC(lc_weight_null, a.w = NULL)
LC(lc_recurrent_weight_null, a.r = NULL)
LC(lc_hidden_other, a.h = X2(F32, 2, 4))
LC(lc_cell_null, a.c = NULL)
LC(lc_bias_other, a.o.bias = X2(F32, 16))
LC(lc_recurrent_bias_other, a.o.recurrent_bias = X2(F32, 16))
LC(lc_peephole_other, a.o.peephole_weight = X2(F32, 12))
LC(lc_input_int, a.x = X(I32, 2, 3))
LC(lc_weight_type, a.w = K(F16, 16, 3))
LC(lc_recurrent_weight_type, a.r = K(F16, 16, 4))
LC(lc_hidden_type, a.h = X(F16, 2, 4))
LC(lc_cell_type, a.c = X(F16, 2, 4))
LC(lc_input_rank, a.x = X(F32, 6))
LC(lc_weight_rank, a.w = K(F32, 1, 16, 3))
LC(lc_recurrent_weight_rank, a.r = K(F32, 64))
LC(lc_hidden_rank, a.h = X(F32, 1, 2, 4))
LC(lc_cell_rank, a.c = X(F32, 8))
LC(lc_weight_shape, a.w = K(F32, 12, 3))
LC(lc_recurrent_weight_shape, a.r = K(F32, 16, 3))
LC(lc_hidden_shape, a.h = X(F32, 2, 3))
LC(lc_cell_shape, a.c = X(F32, 3, 4))
LC(lc_bias_type, a.o.bias = K(F16, 16))
LC(lc_bias_shape, a.o.bias = K(F32, 12))
LC(lc_recurrent_bias_type, a.o.recurrent_bias = K(F16, 16))
LC(lc_recurrent_bias_shape, a.o.recurrent_bias = K(F32, 2, 8))
LC(lc_peephole_type, a.o.peephole_weight = K(F16, 12))
LC(lc_peephole_shape, a.o.peephole_weight = K(F32, 16))
LC(lc_activations_count, a.o.activations = (const nnx_recurrent_activation[]){NNX_RECURRENT_TANH, NNX_RECURRENT_TANH};
   a.o.activations_count = 2)
LC(lc_activation_value,
   a.o.activations = (const nnx_recurrent_activation[]){NNX_RECURRENT_DEFAULT, NNX_RECURRENT_DEFAULT,
                                                        (nnx_recurrent_activation)4};
   a.o.activations_count = 3)
LC(lc_layout, a.o.layout = (nnx_lstm_layout)3)

/* ------------------------------------------------------------------ lstm */

typedef struct lstm_args {
    nnx_operand *x, *w, *r;
    uint32_t steps, hidden;
    nnx_lstm_options o;
    bool no_outputs;
} lstm_args;
static nnx_status lstm_run(fx *f, lstm_args a)
{
    nnx_operand *outs[3] = {NULL, NULL, NULL};
    uint32_t n = nnx_builder_lstm(f->b, a.x, a.w, a.r, a.steps, a.hidden, &a.o, a.no_outputs ? NULL : outs);
    assert_int_equal(n, a.o.return_sequence ? 3 : 2);
    if (a.no_outputs)
        f->no_result = true;
    else
        for (uint32_t i = 1; i < n; i++)
            assert_poisoned(outs[i]);
    return op_done(f, outs[0]);
}
#define LSTM(name, ...) \
    static nnx_status name(fx *f) \
    { \
        lstm_args a = {X(F32, 2, 1, 3), K(F32, 1, 16, 3), K(F32, 1, 16, 4), 2, 4, {0}, false}; \
        __VA_ARGS__; \
        return lstm_run(f, a); \
    }

static nnx_status lstm_built(fx *f)
{
    lstm_args a = {X(F32, 2, 1, 3), K(F32, 1, 16, 3), K(F32, 1, 16, 4), 2, 4, {0}, false};
    spend_builder(f);
    return lstm_run(f, a);
}
LSTM(lstm_outputs_null, a.no_outputs = true; a.o.return_sequence = true)
LSTM(lstm_input_null, a.x = NULL)
LSTM(lstm_weight_other, a.w = X2(F32, 1, 16, 3))
LSTM(lstm_recurrent_weight_other, a.r = X2(F32, 1, 16, 4))
LSTM(lstm_bias_other, a.o.bias = X2(F32, 1, 16))
LSTM(lstm_recurrent_bias_other, a.o.recurrent_bias = X2(F32, 1, 16))
LSTM(lstm_peephole_other, a.o.peephole_weight = X2(F32, 1, 12))
LSTM(lstm_initial_hidden_other, a.o.initial_hidden_state = X2(F32, 1, 1, 4))
LSTM(lstm_initial_cell_other, a.o.initial_cell_state = X2(F32, 1, 1, 4))
LSTM(lstm_input_int, a.x = X(I32, 2, 1, 3))
LSTM(lstm_weight_type, a.w = K(F16, 1, 16, 3))
LSTM(lstm_recurrent_weight_type, a.r = K(F16, 1, 16, 4); a.o.return_sequence = true)
LSTM(lstm_input_rank, a.x = X(F32, 2, 1, 1, 3))
LSTM(lstm_weight_rank, a.w = K(F32, 16, 3))
LSTM(lstm_recurrent_weight_rank, a.r = K(F32, 16, 4))
LSTM(lstm_direction, a.o.direction = (nnx_recurrent_direction)4)
LSTM(lstm_steps_zero, a.steps = 0)
LSTM(lstm_steps_mismatch, a.steps = 1)
LSTM(lstm_weight_shape, a.w = K(F32, 1, 16, 4))
LSTM(lstm_both_weight, a.o.direction = NNX_DIRECTION_BOTH; a.r = K(F32, 2, 16, 4))
LSTM(lstm_recurrent_weight_shape, a.r = K(F32, 1, 12, 4))
LSTM(lstm_bias_type, a.o.bias = K(F16, 1, 16))
LSTM(lstm_bias_shape, a.o.bias = K(F32, 16))
LSTM(lstm_recurrent_bias_type, a.o.recurrent_bias = K(F16, 1, 16))
LSTM(lstm_recurrent_bias_shape, a.o.recurrent_bias = K(F32, 2, 16))
LSTM(lstm_peephole_type, a.o.peephole_weight = K(F16, 1, 12))
LSTM(lstm_peephole_shape, a.o.peephole_weight = K(F32, 1, 16))
LSTM(lstm_initial_hidden_type, a.o.initial_hidden_state = K(F16, 1, 1, 4))
LSTM(lstm_initial_hidden_shape, a.o.initial_hidden_state = K(F32, 1, 4))
LSTM(lstm_initial_cell_type, a.o.initial_cell_state = K(F16, 1, 1, 4))
LSTM(lstm_initial_cell_shape, a.o.initial_cell_state = K(F32, 2, 1, 4))
LSTM(lstm_activations_count,
     a.o.activations = (const nnx_recurrent_activation[]){NNX_RECURRENT_TANH, NNX_RECURRENT_TANH};
     a.o.activations_count = 2)
LSTM(lstm_activation_value,
     a.o.activations = (const nnx_recurrent_activation[]){NNX_RECURRENT_SIGMOID, (nnx_recurrent_activation)5,
                                                          NNX_RECURRENT_TANH};
     a.o.activations_count = 3)
LSTM(lstm_layout, a.o.layout = (nnx_lstm_layout)7)
LSTM(lstm_label, a.o.label = "decoder"; a.hidden = 5)

/* ------------------------------------------------------------------ the table */

static err_case rows[] = {
    OP("gruCell: built", gc_built, IS, "gruCell", "already built"),
    OP("gruCell: input NULL", gc_input_null, IA, "gruCell", "input is NULL"),
    OP("gruCell: weight NULL", gc_weight_null, IA, "gruCell", "weight is NULL"),
    OP("gruCell: recurrentWeight of another builder", gc_recurrent_weight_other, IA, "gruCell",
       "recurrentWeight " OTHER),
    OP("gruCell: hiddenState NULL", gc_hidden_null, IA, "gruCell", "hiddenState is NULL"),
    OP("gruCell: bias of another builder", gc_bias_other, IA, "gruCell", "bias " OTHER),
    OP("gruCell: recurrentBias of another builder", gc_recurrent_bias_other, IA, "gruCell", "recurrentBias " OTHER),
    OP("gruCell: int32 input", gc_input_int, IA, "gruCell", "input has data type int32, " NOT_ACCEPTED),
    OP("gruCell: weight float16", gc_weight_type, IA, "gruCell", "weight has data type float16, " LIKE_INPUT),
    OP("gruCell: recurrentWeight float16", gc_recurrent_weight_type, IA, "gruCell",
       "recurrentWeight has data type float16"),
    OP("gruCell: hiddenState float16", gc_hidden_type, IA, "gruCell", "hiddenState has data type float16"),
    OP("gruCell: input rank 3", gc_input_rank, IA, "gruCell", "input has rank 3, it must be 2"),
    OP("gruCell: weight rank 3", gc_weight_rank, IA, "gruCell", "weight has rank 3, it must be 2"),
    OP("gruCell: recurrentWeight rank 1", gc_recurrent_weight_rank, IA, "gruCell", "recurrentWeight has rank 1"),
    OP("gruCell: hiddenState rank 1", gc_hidden_rank, IA, "gruCell", "hiddenState has rank 1"),
    OP("gruCell: weight input size", gc_weight_shape, IA, "gruCell", "weight has shape [12, 2], it must be [12, 3]"),
    OP("gruCell: weight 4 gates", gc_weight_gates, IA, "gruCell", "weight has shape [16, 3], it must be [12, 3]"),
    OP("gruCell: recurrentWeight shape", gc_recurrent_weight_shape, IA, "gruCell",
       "recurrentWeight has shape [12, 3], it must be [12, 4]"),
    OP("gruCell: hiddenState shape", gc_hidden_shape, IA, "gruCell", "hiddenState has shape [1, 4], it must be [2, 4]"),
    OP("gruCell: hiddenSize 0", gc_hidden_size_zero, IA, "gruCell", "weight has shape [12, 3], it must be [0, 3]"),
    OP("gruCell: bias float16", gc_bias_type, IA, "gruCell", "bias has data type float16, " LIKE_INPUT),
    OP("gruCell: bias shape", gc_bias_shape, IA, "gruCell", "bias has shape [16], it must be [12]"),
    OP("gruCell: bias rank 2", gc_bias_rank, IA, "gruCell", "bias has shape [1, 12], it must be [12]"),
    OP("gruCell: recurrentBias float16", gc_recurrent_bias_type, IA, "gruCell", "recurrentBias has data type float16"),
    OP("gruCell: recurrentBias shape", gc_recurrent_bias_shape, IA, "gruCell",
       "recurrentBias has shape [4], it must be [12]"),
    OP("gruCell: one activation", gc_activations_one, IA, "gruCell", "activations has 1 items, it must have 2"),
    OP("gruCell: three activations", gc_activations_three, IA, "gruCell", "activations has 3 items, it must have 2"),
    OP("gruCell: empty activations", gc_activations_empty, IA, "gruCell", "activations has 0 items, it must have 2"),
    OP("gruCell: activation 7", gc_activation_value, IA, "gruCell", "activations[1] = 7 is not a recurrent activation"),
    OP("gruCell: layout 3", gc_layout, IA, "gruCell", "layout 3 is not a weight layout"),
    OP("gruCell: label", gc_label, IA, "gruCell 'cell7'", "weight has shape [9, 3]"),

    OP("gru: built", gru_built, IS, "gru", "already built"),
    OP("gru: outputs NULL", gru_outputs_null, IA, "gru", "outputs is NULL"),
    OP("gru: input NULL", gru_input_null, IA, "gru", "input is NULL"),
    OP("gru: weight of another builder", gru_weight_other, IA, "gru", "weight " OTHER),
    OP("gru: recurrentWeight NULL", gru_recurrent_weight_null, IA, "gru", "recurrentWeight is NULL"),
    OP("gru: bias of another builder", gru_bias_other, IA, "gru", "bias " OTHER),
    OP("gru: recurrentBias of another builder", gru_recurrent_bias_other, IA, "gru", "recurrentBias " OTHER),
    OP("gru: initialHiddenState of another builder", gru_initial_other, IA, "gru", "initialHiddenState " OTHER),
    OP("gru: uint32 input", gru_input_uint, IA, "gru", "input has data type uint32, " NOT_ACCEPTED),
    OP("gru: weight float16", gru_weight_type, IA, "gru", "weight has data type float16, " LIKE_INPUT),
    OP("gru: recurrentWeight float16", gru_recurrent_weight_type, IA, "gru", "recurrentWeight has data type float16"),
    OP("gru: input rank 2", gru_input_rank, IA, "gru", "input has rank 2, it must be 3"),
    OP("gru: weight rank 2", gru_weight_rank, IA, "gru", "weight has rank 2, it must be 3"),
    OP("gru: recurrentWeight rank 4", gru_recurrent_weight_rank, IA, "gru", "recurrentWeight has rank 4, it must be 3"),
    OP("gru: direction 9", gru_direction, IA, "gru", "direction 9 is not a direction"),
    OP("gru: steps 0", gru_steps_zero, IA, "gru", "steps is 0, it must be greater than 0"),
    OP("gru: steps mismatch", gru_steps_mismatch, IA, "gru", "input's first dimension 2 is not steps (3)"),
    OP("gru: weight shape", gru_weight_shape, IA, "gru", "weight has shape [1, 12, 2], it must be [1, 12, 3]"),
    OP("gru: both directions, one weight", gru_both_weight, IA, "gru",
       "weight has shape [1, 12, 3], it must be [2, 12, 3]"),
    OP("gru: recurrentWeight shape", gru_recurrent_weight_shape, IA, "gru",
       "recurrentWeight has shape [1, 12, 12], it must be [1, 12, 4]"),
    OP("gru: bias float16", gru_bias_type, IA, "gru", "bias has data type float16, " LIKE_INPUT),
    OP("gru: bias rank 1", gru_bias_shape, IA, "gru", "bias has shape [12], it must be [1, 12]"),
    OP("gru: both directions, one bias", gru_both_bias, IA, "gru", "bias has shape [1, 12], it must be [2, 12]"),
    OP("gru: recurrentBias float16", gru_recurrent_bias_type, IA, "gru", "recurrentBias has data type float16"),
    OP("gru: recurrentBias shape", gru_recurrent_bias_shape, IA, "gru",
       "recurrentBias has shape [1, 8], it must be [1, 12]"),
    OP("gru: initialHiddenState float16", gru_initial_type, IA, "gru", "initialHiddenState has data type float16"),
    OP("gru: initialHiddenState shape", gru_initial_shape, IA, "gru",
       "initialHiddenState has shape [1, 2, 4], it must be [1, 1, 4]"),
    OP("gru: one activation", gru_activations_count, IA, "gru", "activations has 1 items, it must have 2"),
    OP("gru: activation -1", gru_activation_value, IA, "gru", "activations[0] = -1 is not a recurrent activation"),
    OP("gru: layout 4", gru_layout, IA, "gru", "layout 4 is not a weight layout"),
    OP("gru: label", gru_label, IA, "gru 'encoder'", "is not steps (5)"),

    OP("lstmCell: built", lc_built, IS, "lstmCell", "already built"),
    OP("lstmCell: outputs NULL", lc_outputs_null, IA, "lstmCell", "outputs is NULL"),
    OP("lstmCell: input of another builder", lc_input_other, IA, "lstmCell", "input " OTHER),
    OP("lstmCell: weight NULL", lc_weight_null, IA, "lstmCell", "weight is NULL"),
    OP("lstmCell: recurrentWeight NULL", lc_recurrent_weight_null, IA, "lstmCell", "recurrentWeight is NULL"),
    OP("lstmCell: hiddenState of another builder", lc_hidden_other, IA, "lstmCell", "hiddenState " OTHER),
    OP("lstmCell: cellState NULL", lc_cell_null, IA, "lstmCell", "cellState is NULL"),
    OP("lstmCell: bias of another builder", lc_bias_other, IA, "lstmCell", "bias " OTHER),
    OP("lstmCell: recurrentBias of another builder", lc_recurrent_bias_other, IA, "lstmCell", "recurrentBias " OTHER),
    OP("lstmCell: peepholeWeight of another builder", lc_peephole_other, IA, "lstmCell", "peepholeWeight " OTHER),
    OP("lstmCell: int32 input", lc_input_int, IA, "lstmCell", "input has data type int32, " NOT_ACCEPTED),
    OP("lstmCell: weight float16", lc_weight_type, IA, "lstmCell", "weight has data type float16, " LIKE_INPUT),
    OP("lstmCell: recurrentWeight float16", lc_recurrent_weight_type, IA, "lstmCell",
       "recurrentWeight has data type float16"),
    OP("lstmCell: hiddenState float16", lc_hidden_type, IA, "lstmCell", "hiddenState has data type float16"),
    OP("lstmCell: cellState float16", lc_cell_type, IA, "lstmCell", "cellState has data type float16"),
    OP("lstmCell: input rank 1", lc_input_rank, IA, "lstmCell", "input has rank 1, it must be 2"),
    OP("lstmCell: weight rank 3", lc_weight_rank, IA, "lstmCell", "weight has rank 3, it must be 2"),
    OP("lstmCell: recurrentWeight rank 1", lc_recurrent_weight_rank, IA, "lstmCell", "recurrentWeight has rank 1"),
    OP("lstmCell: hiddenState rank 3", lc_hidden_rank, IA, "lstmCell", "hiddenState has rank 3"),
    OP("lstmCell: cellState rank 1", lc_cell_rank, IA, "lstmCell", "cellState has rank 1"),
    OP("lstmCell: weight 3 gates", lc_weight_shape, IA, "lstmCell", "weight has shape [12, 3], it must be [16, 3]"),
    OP("lstmCell: recurrentWeight shape", lc_recurrent_weight_shape, IA, "lstmCell",
       "recurrentWeight has shape [16, 3], it must be [16, 4]"),
    OP("lstmCell: hiddenState shape", lc_hidden_shape, IA, "lstmCell",
       "hiddenState has shape [2, 3], it must be [2, 4]"),
    OP("lstmCell: cellState shape", lc_cell_shape, IA, "lstmCell", "cellState has shape [3, 4], it must be [2, 4]"),
    OP("lstmCell: bias float16", lc_bias_type, IA, "lstmCell", "bias has data type float16, " LIKE_INPUT),
    OP("lstmCell: bias shape", lc_bias_shape, IA, "lstmCell", "bias has shape [12], it must be [16]"),
    OP("lstmCell: recurrentBias float16", lc_recurrent_bias_type, IA, "lstmCell",
       "recurrentBias has data type float16"),
    OP("lstmCell: recurrentBias shape", lc_recurrent_bias_shape, IA, "lstmCell",
       "recurrentBias has shape [2, 8], it must be [16]"),
    OP("lstmCell: peepholeWeight float16", lc_peephole_type, IA, "lstmCell", "peepholeWeight has data type float16"),
    OP("lstmCell: peepholeWeight shape", lc_peephole_shape, IA, "lstmCell",
       "peepholeWeight has shape [16], it must be [12]"),
    OP("lstmCell: two activations", lc_activations_count, IA, "lstmCell", "activations has 2 items, it must have 3"),
    OP("lstmCell: activation 4", lc_activation_value, IA, "lstmCell",
       "activations[2] = 4 is not a recurrent activation"),
    OP("lstmCell: layout 3", lc_layout, IA, "lstmCell", "layout 3 is not a weight layout"),

    OP("lstm: built", lstm_built, IS, "lstm", "already built"),
    OP("lstm: outputs NULL", lstm_outputs_null, IA, "lstm", "outputs is NULL"),
    OP("lstm: input NULL", lstm_input_null, IA, "lstm", "input is NULL"),
    OP("lstm: weight of another builder", lstm_weight_other, IA, "lstm", "weight " OTHER),
    OP("lstm: recurrentWeight of another builder", lstm_recurrent_weight_other, IA, "lstm", "recurrentWeight " OTHER),
    OP("lstm: bias of another builder", lstm_bias_other, IA, "lstm", "bias " OTHER),
    OP("lstm: recurrentBias of another builder", lstm_recurrent_bias_other, IA, "lstm", "recurrentBias " OTHER),
    OP("lstm: peepholeWeight of another builder", lstm_peephole_other, IA, "lstm", "peepholeWeight " OTHER),
    OP("lstm: initialHiddenState of another builder", lstm_initial_hidden_other, IA, "lstm",
       "initialHiddenState " OTHER),
    OP("lstm: initialCellState of another builder", lstm_initial_cell_other, IA, "lstm", "initialCellState " OTHER),
    OP("lstm: int32 input", lstm_input_int, IA, "lstm", "input has data type int32, " NOT_ACCEPTED),
    OP("lstm: weight float16", lstm_weight_type, IA, "lstm", "weight has data type float16, " LIKE_INPUT),
    OP("lstm: recurrentWeight float16", lstm_recurrent_weight_type, IA, "lstm",
       "recurrentWeight has data type float16"),
    OP("lstm: input rank 4", lstm_input_rank, IA, "lstm", "input has rank 4, it must be 3"),
    OP("lstm: weight rank 2", lstm_weight_rank, IA, "lstm", "weight has rank 2, it must be 3"),
    OP("lstm: recurrentWeight rank 2", lstm_recurrent_weight_rank, IA, "lstm",
       "recurrentWeight has rank 2, it must be 3"),
    OP("lstm: direction 4", lstm_direction, IA, "lstm", "direction 4 is not a direction"),
    OP("lstm: steps 0", lstm_steps_zero, IA, "lstm", "steps is 0, it must be greater than 0"),
    OP("lstm: steps mismatch", lstm_steps_mismatch, IA, "lstm", "input's first dimension 2 is not steps (1)"),
    OP("lstm: weight shape", lstm_weight_shape, IA, "lstm", "weight has shape [1, 16, 4], it must be [1, 16, 3]"),
    OP("lstm: both directions, one weight", lstm_both_weight, IA, "lstm",
       "weight has shape [1, 16, 3], it must be [2, 16, 3]"),
    OP("lstm: recurrentWeight shape", lstm_recurrent_weight_shape, IA, "lstm",
       "recurrentWeight has shape [1, 12, 4], it must be [1, 16, 4]"),
    OP("lstm: bias float16", lstm_bias_type, IA, "lstm", "bias has data type float16, " LIKE_INPUT),
    OP("lstm: bias rank 1", lstm_bias_shape, IA, "lstm", "bias has shape [16], it must be [1, 16]"),
    OP("lstm: recurrentBias float16", lstm_recurrent_bias_type, IA, "lstm", "recurrentBias has data type float16"),
    OP("lstm: recurrentBias two directions", lstm_recurrent_bias_shape, IA, "lstm",
       "recurrentBias has shape [2, 16], it must be [1, 16]"),
    OP("lstm: peepholeWeight float16", lstm_peephole_type, IA, "lstm", "peepholeWeight has data type float16"),
    OP("lstm: peepholeWeight shape", lstm_peephole_shape, IA, "lstm",
       "peepholeWeight has shape [1, 16], it must be [1, 12]"),
    OP("lstm: initialHiddenState float16", lstm_initial_hidden_type, IA, "lstm",
       "initialHiddenState has data type float16"),
    OP("lstm: initialHiddenState rank 2", lstm_initial_hidden_shape, IA, "lstm",
       "initialHiddenState has shape [1, 4], it must be [1, 1, 4]"),
    OP("lstm: initialCellState float16", lstm_initial_cell_type, IA, "lstm", "initialCellState has data type float16"),
    OP("lstm: initialCellState shape", lstm_initial_cell_shape, IA, "lstm",
       "initialCellState has shape [2, 1, 4], it must be [1, 1, 4]"),
    OP("lstm: two activations", lstm_activations_count, IA, "lstm", "activations has 2 items, it must have 3"),
    OP("lstm: activation 5", lstm_activation_value, IA, "lstm", "activations[1] = 5 is not a recurrent activation"),
    OP("lstm: layout 7", lstm_layout, IA, "lstm", "layout 7 is not a weight layout"),
    OP("lstm: label", lstm_label, IA, "lstm 'decoder'", "weight has shape [1, 16, 3], it must be [1, 20, 3]"),
};

int main(void) { return run_error_tests("builder_errors_recurrent", rows, sizeof rows / sizeof rows[0], NULL, 0); }
