/* tosa_replay.h — a `.tosa` file's main block built into a builder through the TOSA front
 * end (nnx_tosa_add), operator by operator, so that a file is checked by exactly the rules a
 * graph built in C meets (ERROR_IF, REQUIRE, LEVEL_CHECK, Supported Data Types). Used by the
 * TOSA model format (model_tosa.c). */
#ifndef NNX_API_TOSA_REPLAY_H
#define NNX_API_TOSA_REPLAY_H

#include "api/tosa_front.h"
#include "formats/tosa/tosa_file.h"

/* What a replay gives: the main block's inputs (builder input operands, under the block's
 * input names) and outputs, in the block's order; names point into the file's arena. */
typedef struct nnx_tosa_replayed {
    uint32_t n_inputs, n_outputs;
    nnx_operand **inputs, **outputs; /* from the builder's arena */
    const char **input_names, **output_names;
    const char *main_block; /* the block replayed */
} nnx_tosa_replayed;

/* Replays f's main block (the block named "main" of the first region, else its first
 * block) into t's builder. A failure is "PATH: error: block 'B', operator I (KIND): RULE"
 * (the front end's rule text, e.g. "ERROR_IF(shift < 0 || shift > 63)") in err with the
 * front end's status; a name no tensor declares or a file type nnx has no dtype for names
 * the field. variable_outputs: each variable of the main block is also an output (after the
 * block's), named as the variable, its value at the end of the block. max_depth
 * (nnx_model_options.max_depth; 0: NNX_MAX_DEPTH_DEFAULT) bounds the blocks nested through
 * COND_IF / WHILE_LOOP, the main block counting 1: deeper is nnx_limit_error's
 * NNX_ERROR_NOT_SUPPORTED; a block used inside itself is NNX_ERROR_INVALID_ARGUMENT. */
nnx_status nnx_tosa_replay(nnx_tosa *t, const nnx_tfile *f, const char *path, bool variable_outputs, uint32_t max_depth,
                           nnx_tosa_replayed *out, nnx_error *err);

#endif
