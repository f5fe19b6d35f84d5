/* save.h — what the NNVM writer's files share (save.c: nodes, names, JSON and .params
 * output; save_ops.c: one core node -> NNVM operator nodes). */
#ifndef NNX_FORMATS_NNVM_SAVE_H
#define NNX_FORMATS_NNVM_SAVE_H

#include "base/strbuf.h"
#include "formats/nnvm/params.h"
#include "ir/graph.h"

typedef struct nnvm_wkv {
    const char *key, *value;
} nnvm_wkv;

typedef struct nnvm_wnode {
    const char *op, *name;
    uint32_t *in_node, *in_index; /* input entries */
    uint32_t n_in, cap_in;
    nnvm_wkv *attrs;
    uint32_t n_attrs, cap_attrs;
    nnx_operand_desc *out; /* one descriptor per output entry */
    uint32_t n_out;
} nnvm_wnode;

typedef struct nnvm_writer {
    const nnx_ir *ir;
    nnx_arena arena;
    nnx_error *err;
    nnvm_wnode *nodes;
    uint32_t n_nodes, cap_nodes;
    uint32_t *value_node, *value_index; /* per IR value: its NNVM entry (NNX_NONE: none yet) */
    nnx_tvm_param *params;
    uint32_t n_params, cap_params;
    const char *const *output_names; /* names for the nodes producing outputs */
    const uint32_t *outputs;
    uint32_t n_outputs;
    const nnx_node *cur;           /* the core node being written */
    const nnx_ir_renames *renames; /* where changed names are reported (may be NULL) */
} nnvm_writer;

/* NOT_SUPPORTED "NNVM cannot express core op 'NAME' (label 'L'): MESSAGE". */
nnx_status nnvm_w_unsupported(nnvm_writer *W, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A new operator node producing n_out entries (descriptors set by the caller); its name is
 * derived from `hint` and made unique. Returns its index, or NNX_NONE on failure (err set). */
uint32_t nnvm_w_node(nnvm_writer *W, const char *op, const char *hint, uint32_t n_out);
/* Gives constant v its variable node (with .params data) unless it has an entry already. */
nnx_status nnvm_w_materialize(nnvm_writer *W, uint32_t v);
/* Appends the entry of IR value v (which has one) to node's inputs. */
nnx_status nnvm_w_input(nnvm_writer *W, uint32_t node, uint32_t v);
/* Appends an entry (node, index) to node's inputs. */
nnx_status nnvm_w_input_entry(nnvm_writer *W, uint32_t node, uint32_t src, uint32_t index);
/* A new variable node whose .params data is a copy of data (size bytes) with descriptor d. */
nnx_status nnvm_w_const(nnvm_writer *W, const nnx_operand_desc *d, const void *data, size_t size, uint32_t *node);
nnx_status nnvm_w_attr(nnvm_writer *W, uint32_t node, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* "(a, b, c)" of n unsigned items ("(a,)" for one, "()" for none). */
nnx_status nnvm_w_attr_list(nnvm_writer *W, uint32_t node, const char *key, const int64_t *items, uint32_t n);
/* Records that IR value v is entry (node, index). */
void nnvm_w_set(nnvm_writer *W, uint32_t v, uint32_t node, uint32_t index);

/* Writes core node n (save_ops.c). */
nnx_status nnvm_w_core_node(nnvm_writer *W, const nnx_node *n);
/* Writes n when it is the float form of a core op carrying a TOSA operator (save_ops_tosa.c):
 * *handled false (and nothing written) for every other op. */
nnx_status nnvm_w_tosa_node(nnvm_writer *W, const nnx_node *n, bool *handled);

/* For a core node written as several NNVM nodes (save_ops.c). An entry: IR value v (node
 * NNX_NONE) or output 0 of an NNVM node, described by d. */
typedef struct nnvm_wentry {
    uint32_t v, node;
    nnx_operand_desc d;
} nnvm_wentry;
/* One NNVM node op(e) with output descriptor d; e becomes that node's output (the node also
 * gives IR value `value` when it is not NNX_NONE, and then takes the graph output's name). */
nnx_status nnvm_w_step(nnvm_writer *W, const nnx_node *n, const char *op, nnvm_wentry *e, const nnx_operand_desc *d,
                       uint32_t value);
/* op(a, b) of two entries; the result (described by d) becomes *a. */
nnx_status nnvm_w_binary(nnvm_writer *W, const nnx_node *n, const char *op, nnvm_wentry *a, const nnvm_wentry *b,
                         const nnx_operand_desc *d, uint32_t value);
/* A list attribute of count unsigned items. */
nnx_status nnvm_w_list_u32(nnvm_writer *W, uint32_t node, const char *key, const uint32_t *v, uint32_t count);
/* [top, bottom, left, right] as NNVM padding: (h, w) when symmetric, else TVM's (top, left,
 * bottom, right); negative padding is NOT_SUPPORTED. */
nnx_status nnvm_w_padding(nnvm_writer *W, uint32_t node, const int64_t p[4]);

#endif
