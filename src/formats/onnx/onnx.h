/* onnx.h — the ONNX front end (ONNX IR spec, onnx.proto): reads a ModelProto (protobuf,
 * decoded by code that protoc-c generates at build time from Debian's onnx.proto) straight
 * into core IR. Only formats/onnx/ and the ONNX tests include the generated header. */
#ifndef NNX_FORMATS_ONNX_ONNX_H
#define NNX_FORMATS_ONNX_ONNX_H

#include "formats/ir_model.h"

/* The loader of the format table (api/model_formats.c). */
nnx_status nnx_onnx_load(const char *path, const nnx_ir_model_options *options, nnx_ir_model *out, nnx_error *err);
/* The writer of the format table (onnx_write.c, nnx_ir_model_save_fn): one ModelProto at
 * opset 17 with the weights as initializers; a core op with no ONNX form is NOT_SUPPORTED
 * "PATH: error: core op 'OP' ... has no ONNX form: WHY". */
nnx_status nnx_onnx_save(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs,
                         const uint32_t *outputs, const char *const *output_names, uint32_t n_outputs, const char *path,
                         const nnx_ir_model_options *options, const nnx_alloc *alloc, nnx_error *err);
/* nnx_onnx_save, with weights of 1 KiB or more moved to the external data file PATH.data
 * whenever the packed model would exceed inline_max bytes (nnx_onnx_save: 2 GiB - 1, the
 * most a protobuf message holds; tests give less). */
nnx_status nnx_onnx_save_inline_max(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names,
                                    uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                                    uint32_t n_outputs, const char *path, const nnx_ir_model_options *options,
                                    size_t inline_max, const nnx_alloc *alloc, nnx_error *err);

/* A graph input whose value is known when the model is loaded. ONNX computes some shapes
 * from tensors (Reshape's shape, Expand's, Range's bounds, …) that a model may take as graph
 * inputs; core IR has static shapes, so such a model can only be loaded with these values
 * given. The input stays an input of the IR (bound at run time to the same data); only the
 * operations that need its value read it here. */
typedef enum nnx_onnx_known_kind {
    NNX_ONNX_KNOWN_TENSOR = 0, /* desc and data: the value of a tensor input */
    NNX_ONNX_KNOWN_SEQUENCE,   /* length: the length of a sequence input (or of an optional one's sequence) */
    NNX_ONNX_KNOWN_ABSENT,     /* an optional input that holds no value */
    NNX_ONNX_KNOWN_STRINGS     /* desc's shape and strings: the value of a tensor(string) input */
} nnx_onnx_known_kind;

/* Sequence and optional graph inputs and outputs (ONNX IR, sequence(T), optional(T)) are
 * flattened to tensors, as core IR has only tensors: a sequence `s` of length n is the
 * inputs (outputs) named s[0] … s[n-1] in order; an optional one holding a value is that
 * value, named as itself (a tensor `o`, or a sequence o[0] …); an absent one is no input
 * (output). A sequence input's length must be given by an entry of kind SEQUENCE (its
 * elements' shapes as for any input: input_shapes names s[0] …, or the declared element
 * shape); an optional input is present unless an entry of kind ABSENT names it. */
typedef struct nnx_onnx_known_input {
    const char *name;
    nnx_operand_desc desc;
    const void *data;
    nnx_onnx_known_kind kind;
    uint32_t length; /* SEQUENCE */
    /* STRINGS: the elements of desc's shape in row-major order, NUL-terminated (desc.dtype
     * is not read). */
    const char *const *strings;
} nnx_onnx_known_input;

/* String tensors (ONNX IR, tensor(string)) are not core IR values: the loader computes with
 * them while it loads (the string operators, Cast to and from STRING, Equal, LabelEncoder),
 * so a tensor(string) graph input must be given as a known input of kind STRINGS, and a
 * numeric result of strings becomes a constant of the model. A tensor(string) graph output
 * cannot be an output of the IR: nnx_onnx_load_with_strings hands it to the caller, and the
 * format table's loader (nnx_onnx_load) keeps it in the model (nnx_ir_model.string_outputs,
 * nnx_model_string_output); nnx_onnx_load_ex refuses the model with NOT_SUPPORTED naming it. */
typedef nnx_ir_string_output nnx_onnx_string_output;
typedef struct nnx_onnx_string_outputs {
    const nnx_onnx_string_output *v; /* in the model's arena: valid until nnx_ir_model_free */
    uint32_t n;
} nnx_onnx_string_outputs;

/* nnx_onnx_load from a buffer: name is used in messages, dir is the folder of external
 * data files (NULL: external data is rejected). */
nnx_status nnx_onnx_load_buffer(const uint8_t *data, size_t size, const char *name, const char *dir,
                                const nnx_ir_model_options *options, const nnx_onnx_known_input *known,
                                uint32_t n_known, nnx_ir_model *out, nnx_error *err);
nnx_status nnx_onnx_load_ex(const char *path, const nnx_ir_model_options *options, const nnx_onnx_known_input *known,
                            uint32_t n_known, nnx_ir_model *out, nnx_error *err);
/* nnx_onnx_load_ex that returns the string graph outputs in *strings (the model's
 * outputs are then the other ones, maybe none). */
nnx_status nnx_onnx_load_with_strings(const char *path, const nnx_ir_model_options *options,
                                      const nnx_onnx_known_input *known, uint32_t n_known,
                                      nnx_onnx_string_outputs *strings, nnx_ir_model *out, nnx_error *err);

/* The stages of a staged ONNX model (onnx_stages.c). */
extern const nnx_ir_stage_ops nnx_onnx_stages;

/* Reads one serialized TensorProto (a conformance test's input_N.pb / output_N.pb): its
 * name (may be empty), descriptor and bytes (nnx_mem_alloc_aligned from alloc, at least 1
 * byte; the caller frees them with nnx_mem_free_aligned). A STRING tensor has dtype
 * NNX_DTYPE_UNDEFINED and its bytes are `const char *strings[count]` followed by the
 * strings, each NUL-terminated (count: the shape's product). */
nnx_status nnx_onnx_read_tensor_file(const char *path, const nnx_alloc *alloc, char *name, size_t name_size,
                                     nnx_operand_desc *desc, void **data, nnx_error *err);
/* nnx_onnx_read_tensor_file of the file's bytes[0..size) (path names it in messages). */
nnx_status nnx_onnx_tensor_from_bytes(const void *bytes, size_t size, const char *path, const nnx_alloc *alloc,
                                      char *name, size_t name_size, nnx_operand_desc *desc, void **data,
                                      nnx_error *err);

#endif
