/* graph.h — the core graph IR: values (by uint32 id) and nodes (op + value ids + typed
 * attributes). Nodes are added through ops/graph_build.h, which runs the op's shape inference
 * first, so every value in a graph always has a valid descriptor. Front ends (WebNN builder,
 * NNEF, …) only build this. */
#ifndef NNX_IR_GRAPH_H
#define NNX_IR_GRAPH_H

#include "base/arena.h"
#include "ir/ops.h"

typedef enum nnx_value_kind {
    NNX_VALUE_INPUT = 1,    /* a named graph input, bound at run time */
    NNX_VALUE_CONSTANT = 2, /* bytes owned by the graph */
    NNX_VALUE_NODE = 3      /* produced by a node */
} nnx_value_kind;

typedef struct nnx_value {
    nnx_operand_desc desc;
    nnx_value_kind kind;
    uint32_t producer; /* node index for NNX_VALUE_NODE, else NNX_NONE */
    const char *name;  /* the source's name of the value, in the IR's arena: inputs always
                          (the input name, load-bearing at dispatch); constants and node outputs
                          when a front end kept one (ONNX initializers and node outputs, NNEF
                          identifiers, NNVM node and param names, TOSA tensor names), else NULL.
                          Only the value that is the source's tensor carries its name: the
                          extra nodes of an op lowered into several stay unnamed. Writers keep
                          it where the target allows (include/nnx.h, "Names across a save"). */
    void *data;        /* constants: aligned bytes (nnx_mem_alloc_aligned) */
} nnx_value;

/* NNEF update (NNEF 1.0.2 §4.8): after a whole run, the bytes of `value`
 * replace those of the constant `variable`, which is how a variable persists across runs.
 * Reads of `variable` during the run see the bytes it had when the run started. */
typedef struct nnx_ir_update {
    uint32_t variable, value;
} nnx_ir_update;

typedef struct nnx_ir {
    const nnx_alloc *alloc;
    nnx_arena arena;
    nnx_value *values;
    uint32_t n_values, cap_values;
    nnx_node *nodes;
    uint32_t n_nodes, cap_nodes;
    nnx_ir_update *updates;
    uint32_t n_updates, cap_updates;
    uint64_t max_nodes; /* 0: no limit; else appending node max_nodes + 1 fails with
                           NNX_ERROR_NOT_SUPPORTED naming nnx_model_options.max_operations
                           (a model reader sets it from that limit) */
} nnx_ir;

void nnx_ir_init(nnx_ir *ir, const nnx_alloc *alloc);
void nnx_ir_free(nnx_ir *ir);

/* Each returns NNX_OK and the new value's id, or an error recorded in err. */
nnx_status nnx_ir_add_input(nnx_ir *ir, const char *name, const nnx_operand_desc *desc, uint32_t *id, nnx_error *err);
/* Copies size bytes (must equal the descriptor's byte length). */
nnx_status nnx_ir_add_constant(nnx_ir *ir, const nnx_operand_desc *desc, const void *data, size_t size, uint32_t *id,
                               nnx_error *err);
/* Stores node (its in, out and label already in ir's arena; out has node->n_out entries,
 * which this fills) with n_out new values of descriptors out_desc, whose ids are first_out,
 * first_out+1, …. The descriptors must be what the op's inference gives: callers outside
 * ops/graph_build.c add nodes with nnx_ir_add_node. */
nnx_status nnx_ir_append_node(nnx_ir *ir, const nnx_node *node, const nnx_operand_desc *out_desc, uint32_t *first_out,
                              nnx_error *err);

/* Gives value v the name `name` (copied into ir's arena) unless v already has one: the first
 * name a value is given wins (an ONNX Identity's output keeps its input's name). NULL or ""
 * does nothing. Errors: NNX_ERROR_OUT_OF_MEMORY. */
nnx_status nnx_ir_set_name(nnx_ir *ir, uint32_t v, const char *name, nnx_error *err);

/* Where a writer reports a name it changed (nnx_save_options.on_rename, gathered by the API
 * layer): fn NULL reports nothing. */
typedef struct nnx_ir_renames {
    void (*fn)(void *user, nnx_name_kind kind, const char *old_name, const char *new_name);
    void *user;
} nnx_ir_renames;

/* Calls r->fn when r and r->fn are set, old_name is a non-empty name and new_name differs. */
void nnx_ir_report_rename(const nnx_ir_renames *r, nnx_name_kind kind, const char *old_name, const char *new_name);

/* Records an update: variable must be a constant that no earlier update names, and value
 * must have its dtype and shape. */
nnx_status nnx_ir_add_update(nnx_ir *ir, uint32_t variable, uint32_t value, nnx_error *err);
/* v is a constant that no update rewrites: its bytes are the same for every run, so what is
 * computed from them when a graph is built (folding, packed weights) stays true. */
bool nnx_ir_fixed_constant(const nnx_ir *ir, uint32_t v);

/* Why node n of a core op carrying a TOSA operator (ops/tosa.h) has no plain float form, as
 * the writers of other formats need: NULL when its input 0 and output are of one float type
 * and its zero points (inputs first_zp on) are absent or constants of zeros (-0.0 too), else
 * the reason as a phrase. */
const char *nnx_ir_tosa_float_form(const nnx_ir *ir, const nnx_node *n, uint32_t first_zp);

/* Marks every node and value that outputs and the updates depend on (an updated variable
 * and its new value are live). node_live/value_live are caller
 * arrays of n_nodes / n_values bools. Needs no allocation (nodes are stored after their
 * inputs' producers, so one backward sweep suffices). */
void nnx_ir_mark_live(const nnx_ir *ir, const uint32_t *outputs, uint32_t n_outputs, bool *node_live, bool *value_live);

#endif
