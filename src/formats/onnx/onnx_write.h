/* onnx_write.h — the ONNX writer's state and helpers (onnx_write.c), shared with its operator
 * table (onnx_write_ops.c). The writer builds protoc-c messages of onnx.proto in an arena,
 * names every value once (ONNX IR: static single assignment), and packs one ModelProto. */
#ifndef NNX_FORMATS_ONNX_ONNX_WRITE_H
#define NNX_FORMATS_ONNX_ONNX_WRITE_H

#include "base/strmap.h"
#include "formats/ir_model.h"
#include "onnx.pb-c.h"

/* The one opset written (ONNX Operators.md, the default domain at version 17) and the IR
 * version that goes with it (onnx.proto Version: IR_VERSION 8 for opset 17). */
#define NNX_ONNX_WRITE_OPSET 17
#define NNX_ONNX_WRITE_IR_VERSION 8

typedef struct nnx_onnx_writer {
    const nnx_ir *ir;
    const nnx_alloc *alloc;
    nnx_error *err;
    const char *path;
    nnx_arena arena;
    nnx_strmap names;   /* every name in use (keys in the arena) */
    const char **vname; /* per value id: its ONNX name once it has one */
    Onnx__NodeProto **nodes;
    uint32_t n_nodes, cap_nodes;
    Onnx__TensorProto **inits;
    uint32_t n_inits, cap_inits;
    const nnx_node *cur;           /* the core node being written (messages name it) */
    size_t inline_max;             /* a packed model larger than this moves its weights to external data */
    const nnx_ir_renames *renames; /* where changed names are reported (may be NULL) */
} nnx_onnx_writer;

/* Initializers of this many bytes or more are what moves to external data (the threshold
 * ONNX's own onnx.external_data_helper uses by default). */
#define NNX_ONNX_EXTERNAL_MIN 1024u

/* The external data file of one model: its path and bytes (W->alloc's, the caller frees). */
typedef struct nnx_onnx_external {
    const char *path;
    uint8_t *data;
    size_t len;
} nnx_onnx_external;

/* Moves every initializer of NNX_ONNX_EXTERNAL_MIN bytes or more out of the model into x
 * (onnx_write_external.c): the file is W->path plus ".data", named in each tensor's
 * external_data by its file name alone, so it stays beside the model. */
nnx_status nnx_onnx_w_externalize(nnx_onnx_writer *W, nnx_onnx_external *x);

/* Transpose(x) by the rank-4 perm into out; out, or NULL when x or out is NULL (a name that
 * failed) or the node cannot be made. NHWC <-> NCHW, for the channel-last core ops. */
const char *nnx_onnx_w_transpose(nnx_onnx_writer *W, const char *x, const int64_t *perm, const char *out);
extern const int64_t nnx_onnx_to_nchw[4], nnx_onnx_to_nhwc[4];

/* The rows of the float forms of TOSA's core ops (onnx_write_tosa.c): tosa_mul,
 * tosa_negate, tosa_matmul as op_type; tosa_conv2d / tosa_depthwise_conv2d; tosa_avg_pool2d
 * as op_type (AveragePool). */
bool nnx_onnx_w_tosa_plain(nnx_onnx_writer *W, const nnx_node *n, const char *op_type);
bool nnx_onnx_w_tosa_conv(nnx_onnx_writer *W, const nnx_node *n, const char *op_type);
bool nnx_onnx_w_tosa_avg_pool(nnx_onnx_writer *W, const nnx_node *n, const char *op_type);

/* NOT_SUPPORTED "PATH: error: core op 'OP' (label 'L') has no ONNX form: WHY"; false. */
bool nnx_onnx_w_refuse(nnx_onnx_writer *W, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool nnx_onnx_w_oom(nnx_onnx_writer *W);
/* The ONNX elem_type of dt (onnx.proto TensorProto.DataType), 0 when opset 17 has none. */
int32_t nnx_onnx_w_elem_type(nnx_dtype dt);

/* A fresh name from hint (hint itself when free, else hint_1, hint_2, ...). */
const char *nnx_onnx_w_fresh(nnx_onnx_writer *W, const char *hint);
/* The name of value v as an operand; a constant becomes an initializer when first read. */
const char *nnx_onnx_w_in(nnx_onnx_writer *W, uint32_t v);
/* The name of value v as the output of the node being written (named once). */
const char *nnx_onnx_w_out(nnx_onnx_writer *W, uint32_t v);
/* An initializer of type desc holding data (borrowed until the file is written). */
const char *nnx_onnx_w_init(nnx_onnx_writer *W, const char *hint, const nnx_operand_desc *desc, const void *data);
/* 1-D int64 initializer of n values (copied). */
const char *nnx_onnx_w_i64s(nnx_onnx_writer *W, const char *hint, const int64_t *v, uint32_t n);
/* Rank-0 initializer of type dt holding x (floats) or i (integers, bool). */
const char *nnx_onnx_w_scalar(nnx_onnx_writer *W, const char *hint, nnx_dtype dt, double x, int64_t i);

/* Appends node op_type(in...) -> out... ; in[k] may be "" for an absent optional input. */
Onnx__NodeProto *nnx_onnx_w_node(nnx_onnx_writer *W, const char *op_type, const char *const *in, uint32_t n_in,
                                 const char *const *out, uint32_t n_out);
bool nnx_onnx_w_attr_i(nnx_onnx_writer *W, Onnx__NodeProto *n, const char *name, int64_t v);
bool nnx_onnx_w_attr_f(nnx_onnx_writer *W, Onnx__NodeProto *n, const char *name, float v);
bool nnx_onnx_w_attr_s(nnx_onnx_writer *W, Onnx__NodeProto *n, const char *name, const char *v);
bool nnx_onnx_w_attr_ints(nnx_onnx_writer *W, Onnx__NodeProto *n, const char *name, const int64_t *v, uint32_t k);
bool nnx_onnx_w_attr_g(nnx_onnx_writer *W, Onnx__NodeProto *n, const char *name, Onnx__GraphProto *g);
/* A ValueInfoProto of name with desc's type and every extent; NOT_SUPPORTED for a type opset
 * 17 lacks (what: "input", "output", ... for the message). */
Onnx__ValueInfoProto *nnx_onnx_w_value_info(nnx_onnx_writer *W, const char *name, const nnx_operand_desc *d,
                                            const char *what);

/* Writes core node n (onnx_write_ops.c): true, or false with the error set. */
bool nnx_onnx_w_op(nnx_onnx_writer *W, const nnx_node *n);
/* cond_if as If, while_loop as Loop (onnx_write_flow.c), with op_type "If" or "Loop". */
bool nnx_onnx_w_flow(nnx_onnx_writer *W, const nnx_node *n, const char *op_type);

#endif
