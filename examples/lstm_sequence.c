/* lstm_sequence.c — a recurrent network with the WebNN-style builder API: one lstm layer
 * (hidden size 2, forward, returnSequence) run over a sequence of 6 numbers, printing the
 * hidden state after every step and the final cell state.
 * The weights are hand-made so the two units are easy to read: unit 0 never forgets, so its
 * cell state is a running sum of tanh(x); unit 1 forgets at once and only holds the latest. */
#include <nnx.h>

#include <stdio.h>

#define STEPS 6
#define HIDDEN 2

/* Input [steps, batch 1, input size 1]. */
static const float kInput[STEPS] = {0.5f, 0.5f, 0.5f, -1.0f, 0.0f, 0.25f};

/* Gate rows in the default "iofg" layout: input (i), output (o), forget (f), cell (g), each
 * HIDDEN rows. weight [1, 8, 1]: only the cell gate reads x, g = tanh(x). The recurrent
 * weight [1, 8, 2] is all zero. bias [1, 8]: i and o wide open (sigmoid(10) ~ 1), forget
 * open for unit 0 and closed for unit 1 (sigmoid(-10) ~ 0). */
static const float kWeight[4 * HIDDEN] = {0, 0, 0, 0, 0, 0, 1, 1};
static const float kRecurrentWeight[4 * HIDDEN * HIDDEN] = {0};
static const float kBias[4 * HIDDEN] = {10, 10, 10, 10, 10, -10, 0, 0};

/* Expected output, worked out with numpy (float64): with i = o = f0 = sigmoid(10) ~ 1 and
 * f1 ~ 0, c0 ~ sum of tanh(x) so far, c1 ~ tanh(latest x), h = tanh(c):
 *   h0: 0.431772 0.727832 0.882298 0.554300 0.554280 0.701065
 *   h1: 0.431772 0.431789 0.431789 -0.641953 -0.000035 0.240115
 *   final cell state: 0.869454 0.244908 */

int main(void)
{
    int exit_code = 1;
    nnx_context *context = NULL;
    nnx_builder *b = NULL;
    nnx_graph *graph = NULL;
    nnx_tensor *x_tensor = NULL, *seq_tensor = NULL, *c_tensor = NULL;
    nnx_status status;

    if ((status = nnx_context_create(NULL, &context)) != NNX_OK ||
        (status = nnx_builder_create(context, &b)) != NNX_OK) {
        fprintf(stderr, "setup: %s\n", nnx_status_string(status));
        goto done;
    }

    const nnx_operand_desc x_desc = {NNX_FLOAT32, 3, {STEPS, 1, 1}};
    const nnx_operand_desc w_desc = {NNX_FLOAT32, 3, {1, 4 * HIDDEN, 1}};
    const nnx_operand_desc r_desc = {NNX_FLOAT32, 3, {1, 4 * HIDDEN, HIDDEN}};
    const nnx_operand_desc bias_desc = {NNX_FLOAT32, 2, {1, 4 * HIDDEN}};
    nnx_operand *x = nnx_builder_input(b, "x", &x_desc);
    nnx_operand *w = nnx_builder_constant(b, &w_desc, kWeight, sizeof kWeight);
    nnx_operand *r = nnx_builder_constant(b, &r_desc, kRecurrentWeight, sizeof kRecurrentWeight);
    nnx_operand *bias = nnx_builder_constant(b, &bias_desc, kBias, sizeof kBias);

    /* lstm returns the last hidden state, the last cell state and (returnSequence) every
     * step's hidden state [steps, directions, batch, hidden]. Initial states default to 0. */
    const nnx_lstm_options options = {.label = "memory", .bias = bias, .return_sequence = true};
    nnx_operand *outputs[3];
    nnx_builder_lstm(b, x, w, r, STEPS, HIDDEN, &options, outputs);

    const nnx_named_operand named[2] = {{"sequence", outputs[2]}, {"cell", outputs[1]}};
    if ((status = nnx_builder_build(b, named, 2, &graph)) != NNX_OK) {
        fprintf(stderr, "nnx_builder_build: %s: %s\n", nnx_status_string(status), nnx_builder_error(b));
        goto done;
    }

    const nnx_tensor_desc x_tensor_desc = {.desc = x_desc, .writable = true};
    const nnx_tensor_desc seq_tensor_desc = {.desc = {NNX_FLOAT32, 4, {STEPS, 1, 1, HIDDEN}}, .readable = true};
    const nnx_tensor_desc c_tensor_desc = {.desc = {NNX_FLOAT32, 3, {1, 1, HIDDEN}}, .readable = true};
    if ((status = nnx_tensor_create(context, &x_tensor_desc, &x_tensor)) != NNX_OK ||
        (status = nnx_tensor_create(context, &seq_tensor_desc, &seq_tensor)) != NNX_OK ||
        (status = nnx_tensor_create(context, &c_tensor_desc, &c_tensor)) != NNX_OK ||
        (status = nnx_tensor_write(x_tensor, kInput, sizeof kInput)) != NNX_OK) {
        fprintf(stderr, "creating tensors: %s: %s\n", nnx_status_string(status), nnx_context_error(context));
        goto done;
    }

    const nnx_named_tensor in[1] = {{"x", x_tensor}};
    const nnx_named_tensor out[2] = {{"sequence", seq_tensor}, {"cell", c_tensor}};
    float sequence[STEPS * HIDDEN], cell[HIDDEN];
    if ((status = nnx_context_dispatch(context, graph, in, 1, out, 2)) != NNX_OK ||
        (status = nnx_tensor_read(seq_tensor, sequence, sizeof sequence)) != NNX_OK ||
        (status = nnx_tensor_read(c_tensor, cell, sizeof cell)) != NNX_OK) {
        fprintf(stderr, "running: %s: %s\n", nnx_status_string(status), nnx_context_error(context));
        goto done;
    }

    for (int t = 0; t < STEPS; t++)
        printf("step %d: x = %5.2f  h = %.6f %.6f\n", t, kInput[t], sequence[t * HIDDEN], sequence[t * HIDDEN + 1]);
    printf("final cell state: %.6f %.6f\n", cell[0], cell[1]);
    exit_code = 0;

done:
    nnx_tensor_destroy(c_tensor);
    nnx_tensor_destroy(seq_tensor);
    nnx_tensor_destroy(x_tensor);
    nnx_graph_destroy(graph);
    nnx_builder_destroy(b);
    nnx_context_destroy(context);
    return exit_code;
}
