/* load.h — what the NNVM loader's files share (load.c: files, variables, outputs;
 * load_helpers.c: messages, node inputs and outputs, attribute readers; load_ops_nn.c,
 * load_ops_movement.c, load_ops_composite.c: one NNVM operator node -> core operations). */
#ifndef NNX_FORMATS_NNVM_LOAD_H
#define NNX_FORMATS_NNVM_LOAD_H

#include "base/strmap.h"
#include "formats/ir_model.h"
#include "formats/nnvm/graph.h"
#include "formats/nnvm/params.h"

typedef struct nnvm_loader {
    const char *path;
    const nnx_nnvm_graph *g;
    nnx_ir *ir;
    nnx_error *err;
    uint32_t *entry_value; /* per entry: its value id, NNX_NONE when it has none (dropout's mask) */
    uint32_t node;         /* the node being lowered */
    const nnx_nnvm_node *n;
    const char *unrunnable; /* the first reason the graph cannot run (arena), or NULL */
    /* Structure-only loads (nnx_ir_model_options.structure_only): per entry, whether it is
     * computed by a node that was not lowered (NULL: not such a load); per node, whether it
     * is listed as unsupported; the list (arena; n_bad of n_nodes room). */
    bool *unknown;
    bool *bad;
    nnx_ir_unsupported *list;
    uint32_t n_bad;
    nnx_strmap params_by_name; /* .params key -> its index: a variable finds its weights in
                                  constant time (a scan per variable was quadratic) */
    nnx_strmap input_names;    /* the graph inputs' names so far: a repeat is found in constant time */
    bool *weight;              /* per node: read as an operator's weight operand (NULL with .params) */
} nnvm_loader;

/* Records why the graph cannot be built ("PATH: error: node I 'NAME': MESSAGE"), once. */
nnx_status nnvm_unrunnable(nnvm_loader *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The graph as Graphviz text (dot.c), in the IR's arena. */
nnx_status nnvm_dot(const nnvm_loader *L, const char *const *output_names, const char **out);

/* The loader over a document in memory (size bytes of text, named path in messages) and
 * its weights (have_params: a weights file was given or found, even if params is empty);
 * nnx_nnvm_load reads both files and calls this. The fuzz target calls it directly. */
nnx_status nnvm_load_text(const char *path, const char *text, size_t size, const nnx_tvm_param *params,
                          uint32_t n_params, bool have_params, const nnx_ir_model_options *o, nnx_ir_model *m,
                          nnx_error *err);

/* Error "PATH: error: node I 'NAME' (OP): MESSAGE" with the given status. */
nnx_status nnvm_fail(nnvm_loader *L, nnx_status st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Error about one attribute: "...: key 'KEY': MESSAGE" (INVALID_ARGUMENT). */
nnx_status nnvm_bad_attr(nnvm_loader *L, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Lowers operator node L->node (its inputs already have values), setting the values of
 * its output entries. NOT_SUPPORTED names the operator nnx has no mapping for. */
nnx_status nnvm_lower_node(nnvm_loader *L);
/* The data-movement part of the operator table (load_ops_movement.c): true, with *st set,
 * when it knows the node's operator; false leaves the node to the caller's "no mapping"
 * error. */
bool nnvm_lower_movement(nnvm_loader *L, nnx_status *st);
bool nnvm_lower_composite(nnvm_loader *L, nnx_status *st); /* load_ops_composite.c, the same way */

/* Helpers shared by the operator files (load_helpers.c). */
uint32_t nnvm_in(const nnvm_loader *L, uint32_t k);
const nnx_operand_desc *nnvm_desc(const nnvm_loader *L, uint32_t value);
void nnvm_set_out(nnvm_loader *L, uint32_t k, uint32_t value);
nnx_status nnvm_add(nnvm_loader *L, nnx_op op, const uint32_t *in, uint32_t n_in, const nnx_attrs *attrs,
                    uint32_t n_out, uint32_t *first_out);
/* A rank-0 constant of dtype holding value (converted as a C cast would; floats rounded). */
nnx_status nnvm_scalar(nnvm_loader *L, nnx_dtype dtype, double value, uint32_t *id);
nnx_status nnvm_reshape(nnvm_loader *L, uint32_t x, uint32_t rank, const uint32_t *shape, uint32_t *out);
nnx_status nnvm_need_inputs(nnvm_loader *L, uint32_t lo, uint32_t hi);

/* Attributes (absent: the default; malformed: an error naming the key). */
nnx_status nnvm_int(nnvm_loader *L, const char *key, int64_t dflt, int64_t *out);
nnx_status nnvm_bool(nnvm_loader *L, const char *key, bool dflt, bool *out);
nnx_status nnvm_float(nnvm_loader *L, const char *key, double dflt, double *out);
/* An integer list; *given false when absent (items untouched). */
nnx_status nnvm_ints(nnvm_loader *L, const char *key, int64_t *items, uint32_t max, uint32_t *count, bool *given);
/* An axis in [-rank, rank) made non-negative. */
nnx_status nnvm_axis(nnvm_loader *L, const char *key, int64_t value, uint32_t rank, uint32_t *out);
/* A string attribute that must be one of the given words (NULL-terminated list). */
nnx_status nnvm_word(nnvm_loader *L, const char *key, const char *dflt, const char *const *allowed, const char **out);

#endif
