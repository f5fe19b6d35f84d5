/* graph.h — an NNVM graph JSON document as read (graph_json.c), before any mapping onto
 * core operations: nodes with their string attributes and input entries, arg_nodes, heads,
 * node_row_ptr (read or computed), and the per-entry graph attributes (shape, dltype / dtype,
 * storage_id, device_index). Also the parsers of NNVM's string-encoded operator attributes
 * (attrs.c). Everything lives in one arena. */
#ifndef NNX_FORMATS_NNVM_GRAPH_H
#define NNX_FORMATS_NNVM_GRAPH_H

#include "base/arena.h"
#include "formats/load_limits.h"
#include "base/error.h"

typedef struct nnx_nnvm_entry {
    uint32_t node, index, version;
} nnx_nnvm_entry;

typedef struct nnx_nnvm_kv {
    const char *key, *value;
} nnx_nnvm_kv;

typedef struct nnx_nnvm_node {
    const char *op; /* "null" for a variable */
    const char *name;
    nnx_nnvm_entry *inputs;
    uint32_t n_inputs;
    nnx_nnvm_kv *attrs; /* `attrs`, `attr` and legacy `param` merged (a later key wins) */
    uint32_t n_attrs;
    uint32_t n_outputs; /* node_row_ptr[i+1] - node_row_ptr[i] */
} nnx_nnvm_node;

/* Per-entry graph attributes (entry id = node_row_ptr[node] + index); NULL when absent. */
typedef struct nnx_nnvm_entry_info {
    uint32_t rank;
    uint32_t shape[NNX_MAX_RANK];
} nnx_nnvm_entry_info;

typedef struct nnx_nnvm_graph {
    nnx_nnvm_node *nodes;
    uint32_t n_nodes;
    uint32_t *arg_nodes;
    uint32_t n_arg_nodes;
    nnx_nnvm_entry *heads;
    uint32_t n_heads;
    uint32_t *node_row_ptr; /* n_nodes + 1 items */
    uint32_t n_entries;
    nnx_nnvm_entry_info *shapes; /* attrs.shape (list_shape) */
    const char **dltypes;        /* attrs.dltype (list_str) */
    int64_t *dtypes;             /* attrs.dtype (list_int, NNVM type codes) */
    int64_t *storage_ids;        /* attrs.storage_id */
    int64_t *device_index;       /* attrs.device_index */
    bool compiled;               /* some node is a tvm_op */
} nnx_nnvm_graph;

/* Parses and validates text (size bytes, need not be NUL-terminated). Errors are
 * "PATH: error: node 3 'conv1': key 'inputs': MESSAGE" (or the top-level key), with
 * NNX_ERROR_INVALID_ARGUMENT for a malformed document. limits (NULL: the defaults; a field
 * left 0 takes its default): the document's nesting is measured before cJSON parses it
 * (nnx_json_check_depth) and its nodes are counted against limits->names before any is
 * read, either broken being nnx_limit_error's NNX_ERROR_NOT_SUPPORTED. */
nnx_status nnx_nnvm_graph_parse(const char *text, size_t size, const char *path, const nnx_load_limits *limits,
                                nnx_arena *arena, nnx_nnvm_graph *out, nnx_error *err);

/* The value of a node attribute, or NULL. */
const char *nnx_nnvm_attr(const nnx_nnvm_node *n, const char *key);

/* The outputs an operator has given its attributes (batch_norm 3, dropout 2, split its
 * sections, tvm_op num_outputs, …); 0 with err set when an attribute it needs is malformed. */
uint32_t nnx_nnvm_op_outputs(const nnx_nnvm_node *n, uint32_t node_index, const char *path, nnx_error *err);

/* NNVM's dtype codes (mshadow order: 0 float32, 1 float64, 2 float16, 3 uint8, 4 int32,
 * 5 int8, 6 int64, 7 int16, 8 uint16, 9 uint32, 10 uint64, 11 bool) -> dtype, or UNDEFINED. */
nnx_dtype nnx_nnvm_dtype_from_code(int64_t code);

/* ---- String attribute values (attrs.c). Each returns false for a malformed text. ---- */
/* "64", "-1": a decimal integer. */
bool nnx_nnvm_parse_int(const char *text, int64_t *out);
/* "True"/"False"/"true"/"false"/"1"/"0". */
bool nnx_nnvm_parse_bool(const char *text, bool *out);
/* "0.25", "1e-05", "-inf", "inf", "nan". */
bool nnx_nnvm_parse_float(const char *text, double *out);
/* "(1, 1)", "[3, 3]", "(2,)", "()", "5" (a bare integer is a one-item list); "None" is
 * empty with *is_none set. At most max items. */
bool nnx_nnvm_parse_ints(const char *text, int64_t *items, uint32_t max, uint32_t *count, bool *is_none);
/* "((0, 0), (1, 1))": a list of integer pairs (pad_width). */
bool nnx_nnvm_parse_pairs(const char *text, int64_t (*pairs)[2], uint32_t max, uint32_t *count);

#endif
