/* onnx_internal.h — what the ONNX loader's files share: the load context, the value table
 * (ONNX tensor name -> IR value id, onnx_load.c), node building with constant folding
 * (onnx_helpers.c), tensors (onnx_tensor.c) and the operator table (onnx_ops.c). */
#ifndef NNX_FORMATS_ONNX_INTERNAL_H
#define NNX_FORMATS_ONNX_INTERNAL_H

#include "base/strmap.h"
#include "formats/onnx/onnx.h"
#include "onnx.pb-c.h"

typedef struct ox {
    nnx_ir_model *m;
    nnx_ir *ir;
    const char *path; /* for messages */
    const char *dir;  /* external data folder; NULL: none allowed */
    const nnx_ir_model_options *options;
    const nnx_onnx_known_input *known;
    uint32_t n_known;
    int64_t opset;               /* of the default domain */
    int64_t ml_opset;            /* of ai.onnx.ml (0: not imported) */
    nnx_strmap values;           /* ONNX tensor name -> IR value id */
    const Onnx__NodeProto *node; /* being mapped */
    const char *label;
    nnx_error nerr; /* the reason of a node's failure, prefixed by the caller */
    bool no_fold;
    void **cache; /* per value id: bytes computed at load time from known inputs (ox_known) */
    uint32_t cache_cap;
    const Onnx__GraphProto *main_graph; /* the main graph */
    uint64_t dims_used;                 /* the options' named dimensions found in an input */
    /* Sub-graph scopes (ONNX IR, "Graphs": a sub-graph may name any value of the scopes that
     * enclose it; onnx_ops_flow.c): the enclosing scope (NULL at the top), how deep this one
     * is, and whether it maps into the enclosing scope's graph (an inlined If branch) or into
     * a graph of its own, where each outer value it names becomes an input (a capture:
     * cap_outer[k] in the parent's graph is cap_inner[k] here; outer constants are copied). */
    struct ox *parent;
    unsigned depth;
    bool inlined;
    uint32_t *cap_outer, *cap_inner, n_cap, cap_size;
    struct ox_seqs *seqs; /* the sequences and optionals of the load (onnx_sequence.c), shared by all scopes */
    /* Stages (onnx_stages.c): ox_known found no bytes for a present value (set on the top
     * scope), and the node the load was cut before (UINT32_MAX: none). */
    bool missed;
    uint32_t cut;
    struct ox_strs *strs;             /* the string tensors of the load (onnx_strings.c), shared by all scopes */
    nnx_onnx_string_outputs *str_out; /* where string graph outputs go (NULL: refused) */
    /* Structure-only loads (onnx_structure.c; top scope only): per node of the main graph,
     * whether it was lowered (OX_NODE_*) and, for an unsupported one, why; how many are
     * unsupported; and whether stages may not be cut (an unknown operator was found: a
     * staged load would drop what is listed). */
    bool structure, no_cut;
    bool read_unknown; /* the node being mapped named an unknown value from a sub-graph */
    uint8_t *node_state;
    const char **node_why;
    uint32_t n_bad;
    /* c->nerr holds a whole message (file and node named: a broken load limit, ox_elements);
     * the top graph's loop reports it as it is instead of prefixing the node */
    bool nerr_whole;
    /* ox_add_output: per value id below n_output_marks (the values when the first output was
     * added; arena), whether it is already a graph output, so 100k outputs cost linear time. */
    bool *output_marks;
    uint32_t n_output_marks;
} ox;

/* The value table's id for a tensor computed by a node that was not lowered (structure-only
 * loads): its consumers are not lowered either. It is tagged like a string id, so every
 * guard that keeps sequence and string ids out of core IR keeps it out too. */
#define OX_UNKNOWN 0xFFFFFFFEu
enum { OX_NODE_LOWERED = 0, OX_NODE_UNSUPPORTED = 1, OX_NODE_AFTER = 2 };
/* The operator name a node is listed under (nnx_model_op_name): the table's, else a copy of
 * its op_type in the model's arena ("?" when it has none); NULL: out of memory. */
const char *ox_node_op_name(ox *c, const Onnx__NodeProto *n);
/* Structure-only: finds the nodes of g whose operator (or a sub-graph's) nnx does not know;
 * a no-op for other loads. */
nnx_status ox_structure_begin(ox *c, const Onnx__GraphProto *g, nnx_error *err);
/* Structure-only, before node i of g is mapped: *skip when it is unsupported or reads a value
 * computed by a node that was not lowered; its outputs are then unknown. An input that is not
 * defined, or an output defined twice, is still an error. */
nnx_status ox_structure_skip(ox *c, const Onnx__GraphProto *g, size_t i, bool *skip, nnx_error *err);
/* Structure-only, after mapping node i failed with st: a node whose sub-graph named an
 * unknown value, or that needs run-time values when stages are not cut, is not lowered; a
 * NOT_SUPPORTED failure lists it; either way its outputs are unknown (NNX_OK). Any other
 * failure is returned. */
nnx_status ox_structure_failed(ox *c, const Onnx__GraphProto *g, size_t i, nnx_status st);
/* After the main graph loaded whole: the unsupported list (structure-only loads) and the
 * source graph (every load that mapped the nodes, for dot). */
nnx_status ox_structure_finish(ox *c, const Onnx__GraphProto *g, nnx_error *err);
/* Graph output `name` computed by a node that was not lowered: output NNX_NONE with the type
 * vi declares (room for total outputs). */
nnx_status ox_unknown_output(ox *c, const Onnx__ValueInfoProto *vi, size_t total, nnx_error *err);
void ox_structure_free(ox *c);

/* Sequences and optionals (ONNX IR, sequence(tensor), optional(T); onnx_sequence.c) are
 * load-time structures: the value table maps their names to tagged ids (OX_SEQ_TAG set)
 * that index a side table of entries: a sequence is an ordered list of tensor value ids,
 * its length known at load; an optional is none or one id (a tensor's, or a tagged
 * sequence's). Core IR never sees a tagged id: only the operators nnx_onnx_takes_sequences
 * names receive one (map_node checks), and a sub-graph with a graph of its own may neither
 * capture nor return one (ox_lookup, ox_scope_results). */
#define OX_SEQ_TAG 0x80000000u
/* Elements of one sequence, and iterations of a Loop unrolled for its sequences, at most. */
#define OX_MAX_SEQUENCE 4096
/* Ids held by all the entries of one load, at most. */
#define OX_MAX_SEQ_IDS (1u << 22)
/* Sub-graph passes inlined for sequences in one load (SequenceMap elements, unrolled Loop
 * iterations, nested ones multiplying), at most. */
#define OX_MAX_INLINED_PASSES (1u << 16)
typedef enum ox_seq_kind { OX_SEQUENCE, OX_OPTIONAL } ox_seq_kind;
typedef struct ox_seq_entry {
    ox_seq_kind kind;
    uint32_t n;   /* elements; an optional: 0 (none) or 1 */
    uint32_t off; /* into ox_seqs.ids */
} ox_seq_entry;
typedef struct ox_seqs {
    ox_seq_entry *e;
    uint32_t n_e, cap_e;
    uint32_t *ids;
    uint32_t n_ids, cap_ids;
    uint32_t passes; /* inlined so far (OX_MAX_INLINED_PASSES) */
} ox_seqs;
static inline bool ox_is_seq(uint32_t id) { return id != UINT32_MAX && (id & OX_SEQ_TAG); }
/* A new entry holding ids[n] (which may point into the table) as tagged id *id. */
nnx_status ox_seq_new(ox *c, ox_seq_kind kind, const uint32_t *ids, uint32_t n, uint32_t *id);
/* The entry of tagged id `id`: kind and elements (valid until the next ox_seq_new); false if
 * id is not tagged. */
bool ox_seq_get(const ox *c, uint32_t id, ox_seq_kind *kind, const uint32_t **ids, uint32_t *n);
void ox_seqs_free(ox_seqs *s, const nnx_alloc *alloc);
/* Whether operator op_type accepts sequence or optional inputs. */
bool nnx_onnx_takes_sequences(const char *op_type);
/* A graph input of sequence or optional type, flattened (onnx.h, nnx_onnx_known_input): each
 * tensor in it added with ox_tensor_input, the name defined to its entry. */
nnx_status nnx_onnx_seq_input(ox *c, const char *name, const Onnx__TypeProto *tp, nnx_error *err);
/* A graph input of tensor type tt named name (onnx_load.c): its shape given, declared or bound. */
nnx_status ox_tensor_input(ox *c, const char *name, const Onnx__TypeProto__Tensor *tt, uint32_t *id, nnx_error *err);
/* The tensors value id stands for, in order, into ids[max] (*n of them): a tensor itself; a
 * sequence's elements (*indexed: named name[k]); an optional's value, or nothing. */
nnx_status nnx_onnx_flatten(ox *c, uint32_t id, uint32_t *ids, uint32_t max, uint32_t *n, bool *indexed);
/* Loop (ONNX Operators, Loop) unrolled at load time (onnx_ops_sequence_flow.c), for a loop
 * that carries sequences or optionals: trip count and conditions must be known at load. */
bool nnx_onnx_loop_needs_unroll(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in);
nnx_status nnx_onnx_loop_unrolled(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
/* Sequence and optional operators (onnx_ops_sequence.c, onnx_ops_sequence_flow.c). */
nnx_status nnx_onnx_op_sequence_construct(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                          uint32_t *out);
nnx_status nnx_onnx_op_sequence_empty(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                      uint32_t *out);
nnx_status nnx_onnx_op_sequence_at(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_sequence_insert(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                       uint32_t *out);
nnx_status nnx_onnx_op_sequence_erase(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                      uint32_t *out);
nnx_status nnx_onnx_op_sequence_length(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                       uint32_t *out);
nnx_status nnx_onnx_op_split_to_sequence(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                         uint32_t *out);
nnx_status nnx_onnx_op_concat_from_sequence(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                            uint32_t *out);
nnx_status nnx_onnx_op_optional(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_optional_has_element(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                            uint32_t *out);
nnx_status nnx_onnx_op_optional_get_element(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                            uint32_t *out);
nnx_status nnx_onnx_op_sequence_map(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);

/* String tensors (ONNX IR, tensor(string); onnx_strings.c) are load-time structures too:
 * core IR has no string type. Their names map to tagged ids (OX_STR_TAG: OX_SEQ_TAG and one
 * more bit, so that every guard against sequence ids also keeps string ids out of core IR)
 * indexing a side table of tensors: a shape and its elements, byte strings in row-major
 * order. They come from initializers, Constant nodes and graph inputs given when the model
 * is loaded (onnx.h, NNX_ONNX_KNOWN_STRINGS); the string operators (onnx_ops_string.c, onnx_ops_regex.c,
 * onnx_ops_label_encoder.c) compute at load time, a numeric result becoming an IR constant.
 * Bounds: each string at most OX_MAX_STRING_LEN bytes, a tensor at most OX_MAX_STRINGS
 * elements, all the strings of one load at most OX_MAX_STRING_BYTES bytes (NOT_SUPPORTED
 * beyond). */
#define OX_STR_TAG (OX_SEQ_TAG | 0x40000000u)
#define OX_MAX_STRING_LEN ((size_t)1 << 24)
#define OX_MAX_STRINGS (1u << 24)
#define OX_MAX_STRING_BYTES ((size_t)64 << 20)
typedef struct ox_strt {
    uint32_t rank, shape[NNX_MAX_RANK];
    uint32_t n;    /* elements: the shape's product (may be 0) */
    char **s;      /* n strings, each NUL-terminated (one block with len and the bytes) */
    uint32_t *len; /* their lengths in bytes (a string may hold NUL bytes) */
} ox_strt;
typedef struct ox_strs {
    ox_strt *t;
    uint32_t n, cap;
    size_t bytes; /* held by all the tensors (OX_MAX_STRING_BYTES) */
} ox_strs;
static inline bool ox_is_str(uint32_t id) { return id != UINT32_MAX && (id & OX_STR_TAG) == OX_STR_TAG; }
/* A new string tensor of shape rank/shape holding copies of s[k] (len[k] bytes each; len
 * NULL: NUL-terminated) as tagged id *id; fails past the bounds with c->nerr set. */
nnx_status ox_str_new(ox *c, uint32_t rank, const uint32_t *shape, const char *const *s, const uint32_t *len,
                      uint32_t *id);
/* The string tensor of tagged id `id`, NULL if id is not one. */
const ox_strt *ox_str_get(const ox *c, uint32_t id);
/* The string tensor of a node's input k; NULL with c->nerr set when it is not one. */
const ox_strt *ox_str_in(ox *c, const uint32_t *in, uint32_t n_in, uint32_t k);
/* A STRING TensorProto (initializer, Constant's value) as a string tensor. */
nnx_status ox_str_from_proto(ox *c, const Onnx__TensorProto *t, uint32_t *id);
/* A graph input of type tensor(string): its value must be given (NNX_ONNX_KNOWN_STRINGS). */
nnx_status nnx_onnx_str_input(ox *c, const char *name, const Onnx__TypeProto__Tensor *tt, nnx_error *err);
/* Graph output `name` (position `position` among the flattened outputs) that is string
 * tensor id: recorded in c->str_out, or NOT_SUPPORTED naming it when there is none. */
nnx_status nnx_onnx_str_output(ox *c, const char *name, uint32_t id, uint32_t position, nnx_error *err);
void ox_strs_free(ox_strs *s, const nnx_alloc *alloc);
/* A STRING TensorProto as the block nnx_onnx_read_tensor_file returns (onnx.h). */
nnx_status nnx_onnx_string_block(const Onnx__TensorProto *t, const nnx_alloc *alloc, nnx_operand_desc *desc,
                                 void **data, nnx_error *err);
/* Whether operator op_type accepts string inputs; the mapping of a node that involves
 * strings (a string input, or Cast / CastLike to STRING), NULL when it involves none. */
bool nnx_onnx_takes_strings(const char *op_type);
/* String operators (ONNX Operators; onnx_ops_string.c, onnx_ops_regex.c) and LabelEncoder
 * (ONNX-ML Operators; onnx_ops_label_encoder.c). */
nnx_status nnx_onnx_op_string_normalizer(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                         uint32_t *out);
nnx_status nnx_onnx_op_string_concat(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_string_split(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_regex_full_match(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                        uint32_t *out);
nnx_status nnx_onnx_op_label_encoder(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);

/* Sub-graphs nest at most this deep (If inside If, Loop bodies, …). */
#define OX_MAX_DEPTH 64

/* The scope machinery of onnx_load.c that onnx_ops_flow.c builds sub-graphs with: names a
 * value in scope c (name -> id; an outer value is captured as above); looks a name up
 * through the enclosing scopes (false: not defined, or the capture failed with c->nerr
 * set); maps a sub-graph's initializers and nodes into c (c->nerr says why on failure,
 * naming the node). */
nnx_status ox_define(ox *c, const char *name, uint32_t id);
bool ox_lookup(ox *c, const char *name, uint32_t *id);
/* A new input of c's graph for outer value `outer`, recorded as a capture. */
nnx_status ox_add_capture(ox *c, const char *name, uint32_t outer, uint32_t *id);
nnx_status ox_map_graph(ox *c, const Onnx__GraphProto *g);
/* A sub-graph scope being built (onnx_ops_flow.c): c maps into ir, a graph of its own, or
 * (inlined) into the parent's graph. open fails past OX_MAX_DEPTH; close frees what the
 * scope holds (the frozen sub-graphs live in the model's arena). */
typedef struct ox_scope {
    ox c;
    nnx_ir ir;
} ox_scope;
nnx_status ox_scope_open(ox *parent, bool inlined, ox_scope *s);
void ox_scope_close(ox_scope *s);
/* A formal input of the sub-graph: a new input of its graph named name. */
nnx_status ox_scope_param(ox_scope *s, const char *name, const nnx_operand_desc *desc, uint32_t *id);
/* The values g's outputs name, into res[g->n_output]. */
nnx_status ox_scope_results(ox_scope *s, const Onnx__GraphProto *g, uint32_t *res);
/* Maps g into c's own graph (an inlined scope: If branches, unrolled bodies, FlexAttention's
 * modifiers), its formal inputs bound to args[g->n_input] (args NULL: g has none to bind),
 * its results into res[g->n_output]; a failure is reported in c as "what: why". */
nnx_status ox_scope_inline(ox *c, const Onnx__GraphProto *g, const uint32_t *args, uint32_t *res, const char *what);
/* The index of outer value `outer` among s's captures, adding an input for it if it has none:
 * the sub-graph's parameter for it. */
nnx_status ox_scope_capture_of(ox_scope *s, uint32_t outer, uint32_t *id);
/* Freezes s's graph (params, results: its value ids) into the model's arena. */
nnx_status ox_scope_freeze(ox_scope *s, const uint32_t *params, uint32_t n_params, const uint32_t *results,
                           uint32_t n_results, const struct nnx_subgraph **out);
/* Control flow (onnx_ops_flow.c, onnx_ops_loop.c). */
nnx_status nnx_onnx_op_if(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_loop(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_scan(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);

/* An operator: maps node n (inputs in[], NNX_NONE for absent optional ones) to IR, filling
 * out[k] for each output it produces (out has n->n_output entries, NNX_NONE initially). */
typedef nnx_status (*ox_fn)(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
typedef struct ox_op {
    const char *name;
    int since; /* the first opset whose meaning the mapping implements */
    ox_fn fn;
} ox_op;
const ox_op *nnx_onnx_find_op(const char *name);
ox_fn nnx_onnx_string_fn(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in);
/* The operator of a node: default domain, or the supported ones of ai.onnx.preview.training,
 * ai.onnx.preview and ai.onnx.ml (whose opsets are not the default domain's: `since` is not
 * checked for them; an ai.onnx.ml mapping checks c->ml_opset itself). */
const ox_op *nnx_onnx_node_op(const Onnx__NodeProto *n, bool *other_domain);
/* Constants, shapes and movement (onnx_ops_shape.c). */
nnx_status nnx_onnx_op_constant(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_shape(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_size(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_constant_of_shape(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                         uint32_t *out);
nnx_status nnx_onnx_op_range(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_eye_like(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_reshape(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_flatten(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_squeeze(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_unsqueeze(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_transpose(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_concat(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_split(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_slice(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_gather(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_gather_nd(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_scatter(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_pad(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_bitcast(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_center_crop_pad(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                       uint32_t *out);
nnx_status nnx_onnx_op_tile(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_expand(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_cumsum(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_trilu(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_depth_space(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_one_hot(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
/* Neural-network operators (onnx_ops_nn.c). */
nnx_status nnx_onnx_op_matmul(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_gemm(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_conv(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_conv_transpose(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                      uint32_t *out);
nnx_status nnx_onnx_op_pool(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_global_pool(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_batch_norm(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_instance_norm(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_layer_norm(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_mvn(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_lrn(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_col2im(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
/* onnx_ops_normalization.c */
nnx_status nnx_onnx_op_rms_norm(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_group_norm(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_lp_norm(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
/* onnx_ops_activation.c */
nnx_status nnx_onnx_op_gelu(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_swish(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_mish(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_quant(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_quantize(ox *c, uint32_t x, uint32_t scale, uint32_t zp, uint32_t *y);
/* onnx_ops_training.c */
nnx_status nnx_onnx_op_adagrad(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_adam(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_momentum(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
/* onnx_ops_quantized.c */
nnx_status nnx_onnx_op_dynamic_quantize(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                        uint32_t *out);
nnx_status nnx_onnx_op_integer_product(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                       uint32_t *out);
/* onnx_ops_indexing.c */
nnx_status nnx_onnx_op_max_unpool(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_compress(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_nonzero(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_reverse_sequence(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                        uint32_t *out);
typedef enum nnx_scatter_reduction {
    NNX_SCATTER_ADD,
    NNX_SCATTER_MUL,
    NNX_SCATTER_MAX,
    NNX_SCATTER_MIN
} nnx_scatter_reduction;
nnx_status nnx_onnx_scatter_reduce(ox *c, const Onnx__NodeProto *n, const uint32_t *in, nnx_scatter_reduction r,
                                   uint32_t *out);
nnx_status nnx_onnx_op_topk(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_unique(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
/* onnx_rnn_acts.c: one activation function of RNN / GRU / LSTM with its alpha and beta
 * (ONNX Operators, RNN, "Activation functions"): a core op, or a composition of them. */
typedef enum { OX_ACT_CORE, OX_ACT_SCALED_TANH, OX_ACT_THRESHOLDED_RELU } ox_act_form;
typedef struct ox_act {
    nnx_op op; /* OX_ACT_CORE */
    ox_act_form form;
    double alpha, beta;
} ox_act;
/* The `per` functions of each of `dirs` directions into out[per * dirs]: the node's
 * activations (with activation_alpha / activation_beta) or defaults[per]. */
nnx_status nnx_onnx_rnn_acts(ox *c, const Onnx__NodeProto *n, uint32_t per, uint32_t dirs, const char *const *defaults,
                             ox_act *out);
/* y = a(x clamped to [-clip, clip]); clip 0: no clamp. */
nnx_status nnx_onnx_rnn_act_apply(ox *c, const ox_act *a, uint32_t x, double clip, uint32_t *y);
/* onnx_ops_rnn.c */
nnx_status nnx_onnx_op_rnn(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
/* onnx_ops_resize.c */
nnx_status nnx_onnx_op_resize(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_affine_grid(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
/* onnx_ops_grid_sample.c */
nnx_status nnx_onnx_op_grid_sample(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
/* onnx_ops_math.c */
nnx_status nnx_onnx_op_atan_family(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_det(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_einsum(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_dft(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
/* The DFT of x [..., n, 1 | 2] (real, or real and imaginary) along axis (< rank - 1): length > 0
 * pads or truncates to it (else n; for inverse + onesided, 2 (n - 1)); y [..., m, 2] (the real
 * signal [..., N, 1] for inverse + onesided). */
nnx_status nnx_onnx_dft(ox *c, uint32_t x, uint32_t axis, int64_t length, bool inverse, bool onesided, uint32_t *y);
nnx_status nnx_onnx_op_batch_norm_training(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                           uint32_t *out);
nnx_status nnx_onnx_op_mod(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_bitshift(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_window(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
/* onnx_ops_attention.c */
nnx_status nnx_onnx_op_attention(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_rotary_embedding(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                        uint32_t *out);
nnx_status nnx_onnx_op_flex_attention(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                      uint32_t *out);
/* onnx_ops_causal_conv.c */
nnx_status nnx_onnx_op_causal_conv_with_state(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                              uint32_t *out);
/* onnx_ops_linear_attention.c */
nnx_status nnx_onnx_op_linear_attention(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                        uint32_t *out);

/* onnx_ops_tensor_scatter.c */
nnx_status nnx_onnx_op_tensor_scatter(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                      uint32_t *out);

/* onnx_ops_roi_align.c */
nnx_status nnx_onnx_op_roi_align(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);

/* onnx_ops_deform_conv.c */
nnx_status nnx_onnx_op_deform_conv(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);

/* onnx_ops_stft.c */
nnx_status nnx_onnx_op_stft(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_mel_weight_matrix(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                         uint32_t *out);

/* onnx_ops_nms.c */
nnx_status nnx_onnx_op_nms(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);

/* onnx_ops_tfidf.c */
nnx_status nnx_onnx_op_tfidf(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);

/* onnx_ops_ml.c: the ai.onnx.ml operators (ONNX-ML Operators), with c->ml_opset */
nnx_status nnx_onnx_op_binarizer(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_array_feature_extractor(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                               uint32_t *out);
/* onnx_ops_tree_ensemble.c */
nnx_status nnx_onnx_op_tree_ensemble(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);

/* Node-level failure: records the reason (the caller adds path, node and operator). */
nnx_status ox_fail(ox *c, nnx_status st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A double as int64 without undefined behaviour: NaN -> 0, beyond +-2^62 -> +-2^62 (which
 * leaves room for small offsets). */
static inline int64_t ox_f2i(double v)
{
    const int64_t lim = INT64_C(1) << 62;
    if (v != v)
        return 0;
    if (v >= (double)lim)
        return lim;
    if (v <= -(double)lim)
        return -lim;
    return (int64_t)v;
}

/* The elements limit (nnx_model_options.max_elements) on a tensor of shape d the loader
 * builds beyond the file's bytes (ConstantOfShape, Range, EyeLike): checked before anything
 * is allocated; over it, the node fails with nnx_limit_error's message naming the file, the
 * node, what, the count and the option (c->nerr_whole). */
nnx_status ox_elements(ox *c, const nnx_operand_desc *d, const char *what);
/* Out of memory for what (bytes long) of the node being mapped: the message names both. */
nnx_status ox_oom(ox *c, const char *what, size_t bytes);

/* Value access. */
nnx_operand_desc ox_desc(const ox *c, uint32_t id);
/* The known bytes of a value: a constant's, a known input's, or a node's computed at load
 * time from known values (NULL: not known). */
const void *ox_known(ox *c, uint32_t id);
/* The known integer tensor id (int32/int64/uint*) as int64: at most max items; fails naming
 * what when the value is not known at load time. */
nnx_status ox_ints(ox *c, uint32_t id, const char *what, int64_t *out, uint32_t max, uint32_t *n);
/* The known float/int tensor as double. */
nnx_status ox_doubles(ox *c, uint32_t id, const char *what, double *out, uint32_t max, uint32_t *n);

/* Scratch memory for load-time tensors (from c->ir->alloc, zero-filled, freed with
 * nnx_mem_free): at most NNX_ONNX_LOAD_BYTES (else NOT_SUPPORTED), the count x size product
 * checked; NULL with the node's error set on failure. */
#define NNX_ONNX_LOAD_BYTES ((size_t)256 << 20)
void *ox_calloc(ox *c, size_t count, size_t size);
static inline void *ox_alloc(ox *c, size_t bytes) { return ox_calloc(c, bytes, 1); }

/* Node building (folds a node whose inputs are all constants). */
nnx_status ox_node(ox *c, nnx_op op, const uint32_t *in, uint32_t n_in, const nnx_attrs *attrs, uint32_t n_out,
                   uint32_t *first_out);
nnx_status ox_const(ox *c, const nnx_operand_desc *desc, const void *data, uint32_t *id);
nnx_status ox_scalar(ox *c, nnx_dtype dt, double v, uint32_t *id);
/* A constant of dtype dt (float or int64) with shape [1, .., n at axis, .., 1] of rank r. */
nnx_status ox_axis_const(ox *c, nnx_dtype dt, uint32_t r, uint32_t axis, uint32_t n, const double *v, uint32_t *id);
/* The same holding from, from + step, from + 2 step, ... (n values). */
nnx_status ox_iota(ox *c, nnx_dtype dt, uint32_t r, uint32_t axis, uint32_t n, double from, double step, uint32_t *id);

/* x converted to `to` as ONNX Cast does, with node n's saturate and round_mode (a missing
 * attribute takes Cast's default). */
nnx_status ox_onnx_cast(ox *c, const Onnx__NodeProto *n, uint32_t x, nnx_dtype to, uint32_t *y);

/* Attributes of the node being mapped. */
const Onnx__AttributeProto *ox_attr(const Onnx__NodeProto *n, const char *name);
int64_t ox_attr_i(const Onnx__NodeProto *n, const char *name, int64_t def);
float ox_attr_f(const Onnx__NodeProto *n, const char *name, float def);
/* A string attribute into buf (def if absent). */
const char *ox_attr_s(const Onnx__NodeProto *n, const char *name, const char *def, char *buf, size_t size);
/* An ints attribute: NULL and *count = 0 if absent. */
const int64_t *ox_attr_ints(const Onnx__NodeProto *n, const char *name, size_t *count);

/* TensorProto -> descriptor and bytes (aligned allocation from alloc), onnx_tensor.c. */
nnx_status nnx_onnx_tensor_decode(const Onnx__TensorProto *t, const char *dir, const nnx_alloc *alloc,
                                  nnx_operand_desc *desc, void **data, nnx_error *err);
nnx_dtype nnx_onnx_dtype(int32_t onnx_type);
/* The onnx.proto name of an element type ("FLOAT"), "unknown" past the table. */
const char *nnx_onnx_type_name(int32_t t);
/* Shape dims -> descriptor; checks rank, range and total size (what names it in errors). */
nnx_status nnx_onnx_dims_desc(const int64_t *dims, size_t n, nnx_dtype dt, nnx_operand_desc *d, const char *what,
                              nnx_error *err);
/* Random operators (onnx_ops_random.c); training Dropout with its ratio (out: y, mask). */
nnx_status nnx_onnx_op_random_uniform(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                      uint32_t *out);
nnx_status nnx_onnx_op_random_normal(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_op_random_uniform_like(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                           uint32_t *out);
nnx_status nnx_onnx_op_random_normal_like(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                          uint32_t *out);
nnx_status nnx_onnx_op_bernoulli(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out);
nnx_status nnx_onnx_dropout_training(ox *c, const Onnx__NodeProto *n, uint32_t x, double ratio, uint32_t *out);

/* A model left unbound (onnx_signature.c; formats/ir_model.h "Unbound"): records that
 * dimension axis of graph input number `input` has no extent and marks the model unbound;
 * then, once the inputs are added, its operator list and declared outputs. */
nnx_status nnx_onnx_unbound_dim(ox *c, const Onnx__TensorShapeProto__Dimension *dim, uint32_t input, uint32_t axis);
nnx_status nnx_onnx_declare_unbound(ox *c, const Onnx__GraphProto *g, nnx_error *err);
/* The extent the options bind dim's name to (nnx_dim_binding), if any; then, once every
 * input is added, that each binding was used, once. */
bool nnx_onnx_named_extent(ox *c, const Onnx__TensorShapeProto__Dimension *dim, uint32_t *extent);
nnx_status nnx_onnx_check_dim_names(ox *c, nnx_error *err);
/* Stages (onnx_stages.c; formats/ir_model.h "Staged"). A load request: the top graph's nodes
 * from `first` with env (the values live there) as its inputs, cut before a node that needs
 * a run-time value (c->cut); single: every env value is known and the load computes node
 * `first` only, the values live after it copied into *values (*n_values). */
typedef struct ox_stage {
    uint32_t first;
    const nnx_stage_value *env;
    uint32_t n_env;
    bool single;
    nnx_stage_value **values;
    uint32_t *n_values;
} ox_stage;
/* Names the nodes [from, to) of g read (their inputs and every name their sub-graphs read
 * or return), and g's outputs when to is g's node count, into used (name -> 1). */
nnx_status ox_names_used(const Onnx__GraphProto *g, size_t from, size_t to, nnx_strmap *used);
/* The env values of the stage that its nodes read, as inputs of c's graph (known ones as
 * known inputs: *known, from the ir's allocator, freed by the caller). */
nnx_status ox_stage_inputs(ox *c, const ox_stage *s, const nnx_strmap *used, nnx_onnx_known_input **known,
                           nnx_error *err);
/* The values live after the stage's nodes [s->first, end), the model's outputs. */
nnx_status ox_stage_outputs(ox *c, const Onnx__GraphProto *g, const ox_stage *s, uint32_t end, nnx_error *err);
/* The loader of one stage from a decoded model (onnx_load.c). */
nnx_status nnx_onnx_load_model(const Onnx__ModelProto *model, const char *name, const char *dir,
                               const nnx_ir_model_options *options, const nnx_onnx_known_input *known, uint32_t n_known,
                               const ox_stage *stage, nnx_onnx_string_outputs *str_out, nnx_ir_model *out,
                               nnx_error *err);
/* Named outputs of the stage: one per live value (add_outputs' rule: a value that is not a
 * node's own result gets a copy). */
nnx_status ox_add_output(ox *c, const char *name, uint32_t id, nnx_error *err);
/* The newest opsets whose operators the loader knows (ONNX 1.23): a model importing a newer
 * one is refused unless nnx_ir_model_options.newer_opsets. */
#define NNX_ONNX_MAX_OPSET 28
#define NNX_ONNX_MAX_ML_OPSET 5

/* The serialized ModelProto's messages nest at most max_depth deep (0: NNX_MAX_DEPTH_DEFAULT;
 * a sub-graph level takes three: node, attribute, graph, so OX_MAX_DEPTH of them fit the
 * default), checked on the wire before protobuf-c, which recurses without a limit, unpacks
 * it (onnx_depth.c; its stack of open messages from pa). NOT_SUPPORTED naming the limit and
 * the option that raises it. */
nnx_status nnx_onnx_check_depth(const uint8_t *data, size_t size, const char *name, uint32_t max_depth,
                                ProtobufCAllocator *pa, nnx_error *err);
/* A serialized ModelProto decoded (its nesting checked first, against max_depth as above)
 * into *model from pa; name is for messages. */
nnx_status ox_decode(const uint8_t *data, size_t size, const char *name, uint32_t max_depth, ProtobufCAllocator *pa,
                     Onnx__ModelProto **model, nnx_error *err);
/* The folder of model file path, where its external data lives (from alloc; NULL: out of
 * memory). */
char *ox_model_dir(const char *path, const nnx_alloc *alloc);
/* protobuf-c allocation through alloc. */
ProtobufCAllocator nnx_onnx_pb_allocator(const nnx_alloc *alloc);

#endif
