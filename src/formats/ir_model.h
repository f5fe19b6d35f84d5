/* ir_model.h — a model that a front end reads straight into core IR because its format has
 * no richer form worth keeping (NNVM graph JSON, ONNX): the IR (named inputs, weights as
 * constants, nodes), the graph's inputs and named outputs, and the source's operator names
 * for `nnx info`. api/model_ir.c serves load, info, build, save and dot from it; each front
 * end only fills one (its loader and writer are a row of api/model_formats.c). */
#ifndef NNX_FORMATS_IR_MODEL_H
#define NNX_FORMATS_IR_MODEL_H

#include "ir/graph.h"
#include "formats/load_limits.h"

/* What a loader is asked for (from nnx_model_options). */
typedef struct nnx_ir_model_options {
    const char *params_path;             /* NNVM: the .params file; NULL: STEM.params or the one beside it */
    const nnx_input_shape *input_shapes; /* replacement input shapes (may be NULL) */
    uint32_t input_shape_count;
    const nnx_dim_binding *dims; /* extents of named input dimensions (ONNX dim_param) */
    uint32_t dim_count;
    bool skip_tensor_data;         /* structure only: weights may be absent (zero-filled) */
    bool zero_missing_variables;   /* NNX_MODEL_ZERO_MISSING_VARIABLES: NNVM weights without a .params
                              file are zero-filled; ONNX external data is still read (or refused) */
    bool allow_unbound;            /* inputs may keep dimensions no shape binds: the model is then
                              `unbound` (below) instead of an error */
    uint64_t seed;                 /* of random operators that give none (nnx_model_options.seed) */
    bool newer_opsets;             /* ONNX: opsets newer than the loader knows are read (not refused) */
    bool allow_stages;             /* an operator whose output shape depends on run-time values makes
                              the model `staged` (below) instead of an error */
    const nnx_input_value *values; /* ONNX: graph input values known at load (nnx.h) */
    uint32_t value_count;
    const nnx_ir_renames *renames; /* save: where the writer reports the names it changed (NULL: not) */
    bool structure_only;           /* NNX_MODEL_STRUCTURE_ONLY: an operation the front end cannot lower
                              is listed in `unsupported` (below) instead of failing the load */
    nnx_load_limits limits;        /* what the file may make the reader do (nnx_model_options max_*) */
} nnx_ir_model_options;

/* A value passed between the stages of a staged model (below): its source name, type and
 * bytes (aligned; whoever made the array owns them). known: the next stage may read the bytes
 * while it is loaded (fold them); otherwise only the type counts and the bytes are bound when
 * the stage runs. */
typedef struct nnx_stage_value {
    char *name;
    nnx_operand_desc desc;
    void *data;
    bool known;
} nnx_stage_value;

/* A graph output of strings (ONNX tensor(string)): strings are load-time values, computed
 * while the model loads; such an output is kept here, not in the IR (formats/onnx/onnx.h). */
typedef struct nnx_ir_string_output {
    const char *name;
    uint32_t position;          /* its index among all the (flattened) graph outputs */
    nnx_operand_desc desc;      /* its shape (extents may be 0); dtype NNX_DTYPE_UNDEFINED */
    const char *const *strings; /* the elements in row-major order, NUL-terminated */
    const uint32_t *lengths;    /* their lengths in bytes */
} nnx_ir_string_output;

/* An operation a front end could not lower into core IR, kept by a structure-only load
 * (nnx_ir_model_options.structure_only): its operator as the source names it, the node's
 * name (the source's, else its first output's) and why (an unknown operator, an attribute
 * value nnx does not support, ...). All strings in the model's arena. */
typedef struct nnx_ir_unsupported {
    const char *op, *node, *reason;
} nnx_ir_unsupported;

/* The source's own graph (ONNX: the main graph's nodes), kept for drawing it as the source
 * has it (nnx_model_dot), whatever core operations each node became. Tensors are named as
 * in the source; desc is known only where the tensor became a core value (not after an
 * operation that was not lowered, nor for sequences and strings). */
typedef struct nnx_ir_source_tensor {
    const char *name;
    nnx_operand_desc desc;
    bool known;
} nnx_ir_source_tensor;
typedef struct nnx_ir_source_node {
    const char *name;   /* "" when the source gives none */
    const char *op;     /* the source's operator (ONNX op_type) */
    const char *domain; /* "" for the format's default */
    uint32_t n_inputs, n_outputs;
    const uint32_t *inputs, *outputs; /* indices into tensors; NNX_NONE: an absent optional */
    bool unsupported;                 /* listed in nnx_ir_model.unsupported */
} nnx_ir_source_node;
typedef struct nnx_ir_source_graph {
    uint32_t n_tensors, n_nodes, n_inputs, n_outputs;
    const nnx_ir_source_tensor *tensors;
    const nnx_ir_source_node *nodes;
    const uint32_t *inputs, *outputs; /* the graph's inputs (initializers excluded) and outputs */
} nnx_ir_source_graph;

typedef struct nnx_ir_model {
    nnx_ir ir;
    const char *format; /* "nnvm", "onnx": a static string */
    uint32_t n_inputs;
    uint32_t *inputs; /* graph input value ids (NNX_VALUE_INPUT), in the source's order */
    uint32_t n_outputs;
    uint32_t *outputs;                          /* output value ids */
    const char **output_names;                  /* one per output */
    const nnx_ir_string_output *string_outputs; /* in ir.arena; the outputs above are the others */
    uint32_t n_string_outputs;
    uint32_t n_ops;
    const char **op_names;  /* the source's operator of each source node, in order */
    const char *dot;        /* optional: the format's own Graphviz text of the model (what
                                  ir cannot hold, e.g. compiled tvm_op nodes); NULL: drawn from ir */
    const char *unrunnable; /* optional: why the model cannot be built (e.g. "node 'x' calls the
                                  compiled function 'f', which nnx does not have"); build then
                                  fails with NNX_ERROR_NOT_SUPPORTED and this message */
    /* Structure-only loads: the operations that were not lowered (build then fails with
     * unrunnable, save refuses). An output computed from one of them is outputs[i] ==
     * NNX_NONE with the type the file declares in declared_outputs[i] (its shape unknown). */
    const nnx_ir_unsupported *unsupported;
    uint32_t n_unsupported;
    const nnx_ir_source_graph *source_graph; /* optional: the source's own graph, for dot */
    /* Unbound (loaded with allow_unbound, some input dimension symbolic or unknown and no
     * shape given): ir holds the graph inputs (those extents 0) and the weights but no nodes;
     * outputs[] are NNX_NONE and declared_outputs[] are the types the file declares for them
     * (0 where it declares none). input_dims / output_dims hold NNX_MAX_RANK names per input /
     * output: NULL for a fixed extent, else the dimension's symbol ("?" when it has none).
     * The model runs once shapes are bound (api/graph_shapes.c loads it again with them). */
    bool unbound;
    bool outputs_probed; /* unbound: declared_outputs / output_dims were replaced, once, by the
                            types the model API's probes found (api/shape_probe.h) */
    nnx_operand_desc *declared_outputs;
    const char **input_dims, **output_dims;
    bool *output_unknown; /* unbound, structure-only: per output, whether the probes found it
                             computed from an unsupported operation (NULL: none was) */
    /* Staged (loaded with allow_stages, fixed input shapes, and an operator whose output shape
     * depends on run-time values, e.g. NonZero of a computed tensor): ir, outputs and
     * declared_outputs as for an unbound model; stage_note says which node made it staged.
     * It runs as a chain of stages (api/graph_stages.c): each loaded with the values live at
     * its first node (nnx_ir_stage_ops), compiled for their shapes and cut before the next
     * such node, which is computed from its inputs' values between two stages. */
    bool staged;
    const char *stage_note;
    /* A stage (nnx_ir_stage_ops.load): the node it stops before (UINT32_MAX when it runs to
     * the end: its outputs are then the graph's) and, per output, whether its bytes are known at load (a
     * value computed from shapes and constants only, at most NNX_STAGE_KNOWN_BYTES). */
    uint32_t stage_end;
    bool *output_known;
    /* unbound or staged: what the model API loads again (in ir.arena; row is its format
     * table row, opaque here) */
    struct {
        const char *path, *params_path;
        uint32_t flags;
        uint64_t seed;
        nnx_load_limits limits;
        const void *row;
    } source;
} nnx_ir_model;
/* A stage value known at load is at most this big; a larger one is passed by its type. */
#define NNX_STAGE_KNOWN_BYTES ((size_t)64 << 10)

/* The stages of a staged model, for a format that has them. open: the model file at path
 * read once into *source (kept by the staged graph; loads only read it, so they may run
 * concurrently). load: the stage that starts at node `first` with the values env (exactly
 * those live there: the graph inputs for first 0) as its inputs, cut before the next node
 * that needs a run-time value; its outputs are the values live after it (the graph outputs
 * at the end), named as in the source. eval: node `at` computed from env (every value
 * known): *out (n_out, from alloc, freed with nnx_stage_values_free) holds the values live
 * after it. */
typedef struct nnx_ir_stage_ops {
    nnx_status (*open)(const char *path, const nnx_ir_model_options *options, const nnx_alloc *alloc, void **source,
                       nnx_error *err);
    void (*close)(void *source, const nnx_alloc *alloc);
    nnx_status (*load)(const void *source, const nnx_ir_model_options *options, uint32_t first,
                       const nnx_stage_value *env, uint32_t n_env, nnx_ir_model *out, nnx_error *err);
    nnx_status (*eval)(const void *source, const nnx_ir_model_options *options, uint32_t at, const nnx_stage_value *env,
                       uint32_t n_env, const nnx_alloc *alloc, nnx_stage_value **out, uint32_t *n_out, nnx_error *err);
} nnx_ir_stage_ops;

/* Frees n values made from alloc and the array. */
void nnx_stage_values_free(const nnx_alloc *alloc, nnx_stage_value *v, uint32_t n);

/* The arrays above live in ir.arena (nnx_arena_array / nnx_arena_strdup), so that
 * nnx_ir_model_free releases everything at once. */

/* A loader: reads path into out (initialised by the caller with nnx_ir_model_init, freed by
 * the caller with nnx_ir_model_free on success and failure alike). Errors are
 * "PATH: error: MESSAGE" (with :LINE:COL where the format has positions). */
typedef nnx_status (*nnx_ir_model_load_fn)(const char *path, const nnx_ir_model_options *options, nnx_ir_model *out,
                                           nnx_error *err);

/* A writer: the live part of ir (what outputs need) written to path in the format, with
 * the graph inputs and outputs under their names. options->params_path names a weights
 * file where the format keeps weights apart (NNVM: NULL means path with ".json" replaced by
 * ".params"). Errors: NNX_ERROR_NOT_SUPPORTED naming the core op (or dtype) the format
 * cannot express, I/O errors naming the file. */
typedef nnx_status (*nnx_ir_model_save_fn)(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names,
                                           uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                                           uint32_t n_outputs, const char *path, const nnx_ir_model_options *options,
                                           const nnx_alloc *alloc, nnx_error *err);

/* g as Graphviz text in *text (a's, freed by the caller; ir_source_dot.c). */
nnx_status nnx_ir_source_dot(const nnx_ir_source_graph *g, const nnx_alloc *a, char **text, nnx_error *err);

void nnx_ir_model_init(nnx_ir_model *m, const nnx_alloc *alloc, const char *format);

/* Keeps the n (> 0) unsupported operations u (in m's arena) in m, and makes build refuse
 * the model naming the first (unless unrunnable already says why). */
nnx_status nnx_ir_model_set_unsupported(nnx_ir_model *m, const char *path, const nnx_ir_unsupported *u, uint32_t n,
                                        nnx_error *err);
void nnx_ir_model_free(nnx_ir_model *m);

/* Fills inputs/n_inputs with every NNX_VALUE_INPUT value in id order (for a loader whose
 * source order is the order it added them in). */
nnx_status nnx_ir_model_collect_inputs(nnx_ir_model *m, nnx_error *err);

#endif
