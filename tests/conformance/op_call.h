/* op_call.h — what the operator handlers of the WebNN conformance runner share: the table
 * entry and per-call state (op_call) and the argument and option readers of op_table.c, so
 * that handlers kept in other files (op_recurrent.c) read their JSON the same way. Internal
 * to the runner; every reader fills c->err and returns false when the case is malformed. */
#ifndef NNX_CONFORMANCE_OP_CALL_H
#define NNX_CONFORMANCE_OP_CALL_H

#include "conformance.h"

typedef struct op_entry op_entry;

/* One operator being added: its JSON, the parsed common parts, and what the handler yields. */
typedef struct op_call {
    cf_graph *g;
    const op_entry *entry;
    const cJSON *args;    /* the positional argument list */
    const cJSON *options; /* the options dictionary, NULL when not given */
    const char *label;    /* options.label, NULL when not given */
    nnx_operand *outs[CF_MAX_LIST];
    uint32_t out_count;
    cf_tolerance tol; /* this operator's share of the graph budget */
    cf_msg *err;
} op_call;

typedef bool (*op_handler)(op_call *c);
typedef nnx_operand *(*binary_fn)(nnx_builder *, nnx_operand *, nnx_operand *, const nnx_operator_options *);
typedef nnx_operand *(*unary_fn)(nnx_builder *, nnx_operand *, const nnx_operator_options *);
typedef nnx_operand *(*reduce_fn)(nnx_builder *, nnx_operand *, const nnx_reduce_options *);

struct op_entry {
    const char *name;
    op_handler handler;
    const char *option_keys; /* allowed option keys besides "label", space separated */
    binary_fn binary;
    unary_fn unary;
    reduce_fn reduce;
    /* Element-wise budgets: ULP for float32 / float16 outputs, or absolute errors. */
    uint32_t ulp_f32, ulp_f16;
    double abs_f32, abs_f16;
    /* Reductions: n_factor * N + n_offset ULP, N = number of reduced elements. */
    uint32_t n_factor, n_offset;
};

/* The operand's descriptor as the builder reports it. */
nnx_operand_desc cf_desc_of(const nnx_operand *operand);
/* Positional argument index: an operand name, or an unsigned 32-bit number. */
bool cf_arg_operand(op_call *c, int index, nnx_operand **out);
bool cf_arg_u32(op_call *c, int index, uint32_t *out);
/* The option's JSON value, NULL when absent. */
const cJSON *cf_opt(const op_call *c, const char *key);
/* Options that leave *out as it is (bool) or NULL (operand) when absent. */
bool cf_opt_bool(op_call *c, const char *key, bool *out);
bool cf_opt_operand(op_call *c, const char *key, nnx_operand **out);
/* A string option from names (NULL-terminated): *out = its index + 1, 0 when absent. */
bool cf_opt_enum(op_call *c, const char *key, const char *const *names, int *out);

/* op_recurrent.c: gru, gruCell, lstm, lstmCell. */
bool cf_handle_gru(op_call *c);
bool cf_handle_gru_cell(op_call *c);
bool cf_handle_lstm(op_call *c);
bool cf_handle_lstm_cell(op_call *c);

#endif /* NNX_CONFORMANCE_OP_CALL_H */
