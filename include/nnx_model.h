/* nnx_model.h — model files in libnnx's public API: loading a model (ONNX, NNEF, NNVM, TOSA),
 * its limits, inputs and outputs, building, saving and converting it, and tensor files
 * (.npy, .npz, .dat, .pb). nnx.h includes it: a program includes nnx.h alone; this file is
 * apart only because the API is long. */
#ifndef NNX_MODEL_H
#define NNX_MODEL_H

#include "nnx.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- models (files) */

/* A model read from a file: today an NNEF document (1.0.2 and the later standard library, see
 * NNX_MODEL_STRICT_1_0_2; a folder, a lone graph.nnef, a .tar or a .tgz), checked like a
 * compiler checks a program: syntax, semantics, fragment expansion, shapes, tensor files. Errors are reported through nnx_context_error as
 * "PATH:LINE:COL: error: MESSAGE" (or "PATH: error: MESSAGE" when no position applies).
 * A libnnx built without a front end (CMake NNX_WITH_ONNX, NNX_WITH_NNVM, NNX_WITH_ARCHIVE
 * OFF; README, "Build options") keeps these functions: loading, saving or reading a tensor
 * file of that format fails with NNX_ERROR_NOT_SUPPORTED, "PATH: error: this libnnx was built
 * without ONNX support (NNX_WITH_ONNX=OFF)". */
typedef struct nnx_model nnx_model;

typedef enum nnx_model_flags {
    NNX_MODEL_DEFAULT = 0,
    NNX_MODEL_LENIENT_EXTENSIONS = 1u << 0,     /* compositional syntax without KHR_enable_* */
    NNX_MODEL_EXPAND_ALL = 1u << 1,             /* expand every compound, even those nnx runs natively */
    NNX_MODEL_SKIP_TENSOR_DATA = 1u << 2,       /* do not open .dat files (structure only) */
    NNX_MODEL_ZERO_MISSING_VARIABLES = 1u << 3, /* nnx_model_build zero-fills variables that have
                                                   no tensor file (to try a model's structure) */
    NNX_MODEL_APPLY_QUANTIZATION = 1u << 4,     /* nnx_model_build passes each tensor graph.quant names
                                              through its quantization op (pseudo-quantization,
                                              right where the tensor is produced); without it
                                              graph.quant is checked but not applied */
    NNX_MODEL_NEWER_OPSETS = 1u << 5,           /* ONNX: load a model that imports an opset newer than nnx
                                        knows (default domain 28, ai.onnx.ml 5), reading each
                                        operator with the newest meaning nnx knows; without it
                                        such a model is refused naming the opset */
    NNX_MODEL_VARIABLE_OUTPUTS = 1u << 6,       /* TOSA (.tosa): each variable of the main block is
                                        also an output, after the file's outputs, named as the
                                        variable: its value once a run is over (what the next
                                        run reads) */
    /* NNEF: only the NNEF 1.0.2 standard library. By default a `version 1.0;` document may
     * also use what NNEF-Tools and tract added later (gather, cast, tan … atanh, elu's alpha,
     * selu, gelu, silu, softabs, min_max_ and zero_point_linear_quantize, in graph.quant too);
     * with this flag such a use is INVALID_MODEL naming it (`nnx --strict-1.0.2`). */
    NNX_MODEL_STRICT_1_0_2 = 1u << 7,
    /* Load a model to describe it, not to run it: an operation nnx cannot lower or run (ONNX:
     * an unknown operator or domain, an attribute value nnx does not support; NNVM: an
     * unknown op name or refused attribute; NNEF: a custom operation, a fragment declared
     * without a body, which loads either way) no longer fails the load. TOSA files have none:
     * nnx implements every TOSA 1.0 operator. It is listed (nnx_model_unsupported), the
     * values computed from it have unknown shapes (nnx_model_output_shape_known), and the
     * model can be described (inputs, outputs, nnx_model_op_name, nnx_model_dot) but not
     * built or saved: nnx_model_build and nnx_model_save give NNX_ERROR_NOT_SUPPORTED naming
     * the first such operation. Errors of the file itself (syntax, undefined names, a broken
     * graph) still fail the load. A model with no such operation loads as without the flag. */
    NNX_MODEL_STRUCTURE_ONLY = 1u << 8
} nnx_model_flags;

/* The shape of a graph input, applied before shapes propagate. ONNX: binds the dimensions the
 * model leaves symbolic or unknown; its rank and fixed dimensions must agree (as ONNX Runtime
 * checks inputs). NNVM: the input's shape when the graph has no shape attrs, else equal to
 * theirs. NNEF: replaces the external's shape. A name that is not a graph input, or an input
 * named twice, makes nnx_model_load fail with NNX_ERROR_INVALID_ARGUMENT. */
typedef struct nnx_input_shape {
    const char *name;
    uint32_t rank;
    uint32_t shape[NNX_MAX_RANK];
} nnx_input_shape;

/* An extent for every graph-input dimension a model names `name` (ONNX dim_param, e.g. the
 * `batch` of torch.onnx.export's dynamic_axes), as ONNX Runtime's free-dimension overrides
 * by name. A shape given for the input itself (nnx_input_shape) wins over it. A name that no
 * input dimension has, or a name given twice, makes nnx_model_load fail with
 * NNX_ERROR_INVALID_ARGUMENT. */
typedef struct nnx_dim_binding {
    const char *name;
    uint32_t extent;
} nnx_dim_binding;

/* The value of a graph input, given when an ONNX model is loaded (nnx_model_options.values).
 * nnx's graphs have static shapes and tensor values only; some ONNX models need more to
 * load: a shape computed from an input (Reshape's shape, Range's bounds, an If whose
 * branches give different shapes), a sequence input (its length), an optional input left
 * out, or a tensor(string) input (strings are load-time values, see the ONNX decisions). The
 * model is then specialised to these values: operations that need them read them while it
 * loads. A TENSOR input that some operation still reads at run time stays an input of the
 * graph, to be given the same value when it runs; one only read while loading (an If's
 * condition) is no longer one. A sequence input `s` of length n is the graph inputs s[0] ... s[n-1]; each
 * is an ordinary input (its shape from input_shapes or its declared element shape, a value
 * of its own may be given). An optional input is present unless an ABSENT entry names it.
 * Only ONNX models take values (INVALID_ARGUMENT for others), and the model must then load
 * with fixed shapes and unstaged (NOT_SUPPORTED otherwise, naming why). */
typedef enum nnx_input_value_kind {
    NNX_INPUT_VALUE_TENSOR = 0,   /* desc and data (desc's bytes): the input's value */
    NNX_INPUT_VALUE_SEQUENCE = 1, /* length: a sequence input's number of elements */
    NNX_INPUT_VALUE_ABSENT = 2,   /* an optional input that holds no value */
    NNX_INPUT_VALUE_STRINGS = 3   /* desc's shape and strings: a tensor(string) input */
} nnx_input_value_kind;
typedef struct nnx_input_value {
    const char *name;
    nnx_input_value_kind kind;
    nnx_operand_desc desc;
    const void *data;           /* TENSOR */
    uint32_t length;            /* SEQUENCE */
    const char *const *strings; /* STRINGS: the elements in row-major order, NUL-terminated
                                   (desc.dtype is not read) */
} nnx_input_value;

typedef struct nnx_model_options {
    uint32_t flags; /* nnx_model_flags */
    const nnx_input_shape *input_shapes;
    uint32_t input_shape_count;
    const nnx_dim_binding *dims; /* named dimensions (ONNX); see nnx_dim_binding */
    uint32_t dim_count;
    const char *params_path;       /* NNVM graph JSON: its TVM .params weights file; NULL: STEM.params
                                beside STEM.json, else the one *.params file beside it, if there
                                is exactly one */
    uint64_t seed;                 /* random operators without a seed of their own (ONNX RandomUniform,
                                RandomNormal, their *Like forms, Bernoulli, training Dropout) draw
                                from this seed mixed with their position; the draws are made at
                                load, so every dispatch sees the same values */
    const nnx_input_value *values; /* ONNX: input values known at load; see nnx_input_value */
    uint32_t value_count;
    const char *format; /* "onnx", "nnef", "nnvm" or "tosa": read path as that format whatever it
                           holds or is called; NULL: told from the content (below) */
    /* Limits on what a file makes the reader do (docs/CLI.md "Limits"). Each has a default
     * that real models never reach (0 takes it) and can be raised here or on the command
     * line; a file that breaks one fails to load with NNX_ERROR_NOT_SUPPORTED, the message
     * naming the limit, this field and the nnx option ("... (the limit; raise it with
     * nnx_model_options.max_depth, nnx --max-depth)"), before the work or memory it would
     * take is spent. Allocations that still fail are NNX_ERROR_OUT_OF_MEMORY naming what was
     * being allocated and its size. */
    uint32_t max_depth;         /* nesting of every recursive structure a file controls: ONNX protobuf
                           messages (measured on the wire before they are decoded; a
                           sub-graph level takes three: node, attribute, graph), NNVM JSON
                           (measured before parsing), NNEF expressions and fragments called
                           inside fragments, TOSA blocks inside control flow. The default,
                           NNX_MAX_DEPTH_DEFAULT (100, where ONNX's own protobuf readers
                           stop), loads on a 256 KiB thread stack; a raised limit needs
                           about 1 to 1.2 KiB of stack a level more. */
    uint32_t max_names;         /* names one file defines (ONNX values, NNEF tensors after expansion, NNVM nodes,
                           TVM .params entries, TOSA tensors); 0: NNX_MAX_NAMES_DEFAULT */
    uint64_t max_operations;    /* operations of the model after every expansion: NNEF fragments
                                expanded, the core operations ONNX, NNVM and TOSA operators
                                lower to; 0: NNX_MAX_OPERATIONS_DEFAULT */
    uint64_t max_elements;      /* elements of one list or tensor the reader builds beyond the
                                file's own bytes (NNEF: the items of every list its expressions
                                build, nested ones included, all together, an item counting 4
                                for its 16 bytes, and string bytes; a constant broadcast from
                                one value; a tensor folded at load); 0: NNX_MAX_ELEMENTS_DEFAULT */
    uint64_t max_archive_bytes; /* bytes unpacked from a .tar/.tgz model, all members
                                   together (the sizes their headers declare, members nnx
                                   skips included); 0: NNX_MAX_ARCHIVE_BYTES_DEFAULT */
    uint32_t max_archive_ratio; /* unpacked bytes per byte of the archive file (a .tgz; a
                                   .tar only breaks it with sparse members), checked once
                                   more than NNX_ARCHIVE_RATIO_FLOOR bytes are unpacked;
                                   0: NNX_MAX_ARCHIVE_RATIO_DEFAULT */
} nnx_model_options;
/* The defaults of nnx_model_options' limits (a field left 0 takes them). */
#define NNX_MAX_DEPTH_DEFAULT 100
#define NNX_MAX_NAMES_DEFAULT (UINT32_C(1) << 24)
/* operations: 2^21, since an NNEF flat graph takes about 220 bytes an operation while it is
 * expanded (2^22 took 930 MB); elements: 2^27, a 512 MiB float32 tensor, and 512 MiB of NNEF
 * lists at 16 bytes an item (NNEF decisions 64, 65) */
#define NNX_MAX_OPERATIONS_DEFAULT (UINT64_C(1) << 21)
#define NNX_MAX_ELEMENTS_DEFAULT (UINT64_C(1) << 27)
#define NNX_MAX_ARCHIVE_BYTES_DEFAULT (UINT64_C(1) << 36)
#define NNX_MAX_ARCHIVE_RATIO_DEFAULT 100
#define NNX_ARCHIVE_RATIO_FLOOR (UINT64_C(64) << 20)

/* The limits by name, for programs that take them as text (the nnx command, Python):
 * nnx_model_limit_max gives the largest value the limit called name ("max_depth",
 * "max_names", "max_operations", "max_elements", "max_archive_bytes", "max_archive_ratio")
 * holds, 0 when name is none of them; nnx_model_options_set_limit sets that field of options
 * to value, NNX_ERROR_INVALID_ARGUMENT (options unchanged) for a NULL argument, another name
 * or a value outside 1 .. nnx_model_limit_max(name). */
NNX_API uint64_t nnx_model_limit_max(const char *name);
NNX_API nnx_status nnx_model_options_set_limit(nnx_model_options *options, const char *name, uint64_t value);

/* Reads and checks the model at path. options may be NULL. The format is told from the
 * file's first bytes, the extension only confirming: a protobuf ONNX ModelProto, an NNEF
 * document (`version` first), a folder with graph.nnef, a gzip or tar NNEF archive, NNVM
 * graph JSON (an object with "nodes"), a TOSA flatbuffer (identifier "TOSA"). Content that
 * shows none of these goes to the format its extension names (whose reader reports what is
 * wrong); with no such extension, or for a NumPy .npy tensor file, the result is
 * NNX_ERROR_NOT_SUPPORTED naming the formats nnx reads. options->format forces the format
 * (NNX_ERROR_INVALID_ARGUMENT for another name). Missing .dat files are allowed
 * (the structure is still fully checked); a .dat file that is present must match. */
NNX_API nnx_status nnx_model_load(nnx_context *context, const char *path, const nnx_model_options *options,
                                  nnx_model **out);
NNX_API void nnx_model_destroy(nnx_model *model);

/* Graph inputs and outputs. A tensor's dtype: NNEF scalar -> float32, integer -> int32,
 * logical -> bool. The desc has rank 0 when its shape is unknown (after custom operations). */
NNX_API size_t nnx_model_input_count(const nnx_model *model);
NNX_API const char *nnx_model_input_name(const nnx_model *model, size_t index);
NNX_API void nnx_model_input_desc(const nnx_model *model, size_t index, nnx_operand_desc *out);
NNX_API size_t nnx_model_output_count(const nnx_model *model);
NNX_API const char *nnx_model_output_name(const nnx_model *model, size_t index);
NNX_API void nnx_model_output_desc(const nnx_model *model, size_t index, nnx_operand_desc *out);

/* The index of the input (output) called name. A name from before a conversion finds the
 * converted model's too: when none matches exactly, name is passed through the model format's
 * sanitiser (see "Names across a save": "input:0" finds NNEF's "input_0") and matched again.
 * When that sanitised name could be more than one input (the save made names unique with
 * "_1", "_2", ..., so "a_b" and "a_b_1" both stand for names that sanitise to "a_b"), the
 * result is NNX_ERROR_INVALID_ARGUMENT listing the candidates: give the model's own name.
 * No match: NNX_ERROR_INVALID_ARGUMENT naming it. Messages through nnx_context_error. */
NNX_API nnx_status nnx_model_find_input(nnx_model *model, const char *name, size_t *index);
NNX_API nnx_status nnx_model_find_output(nnx_model *model, const char *name, size_t *index);

/* The name of a symbolic dimension of input or output index (see "Symbolic dimensions"
 * above): NULL for a fixed one; its extent reads as 0 in the desc. A model whose inputs have
 * such dimensions loads without shapes; its ops and parameters are listed, and dot, save
 * and convert need the shapes (nnx_model_options.input_shapes).
 * Its outputs are shown in terms of the input dimensions: the first output query (desc or
 * name, or nnx_model_build) loads the model again at 4 probe bindings of the input
 * dimensions (external tensor data not read) and fits each output extent to them. An extent
 * equal in every probe is fixed (a number in the desc, name NULL); one that fits exactly one
 * of the forms a*x+b or c*x*y over named input dimensions x, y (integers a != 0, b, c > 0) is
 * named by it ("batch", "2*seq", "seq+1", "4*batch*seq"); any other is "?", known at dispatch
 * (a strided convolution's output, anything over an unnamed "?" input dimension). When a
 * probe fails to load (a model that accepts only some shapes), or an output's rank or dtype
 * varies between probes, the outputs keep the types the file declares. The result is cached
 * in the model; the strings live until it is destroyed. Like every call on a model, this one
 * is made from one thread at a time (rule 7). */
NNX_API const char *nnx_model_input_dim_name(const nnx_model *model, size_t index, uint32_t axis);
NNX_API const char *nnx_model_output_dim_name(const nnx_model *model, size_t index, uint32_t axis);
/* Data-dependent shapes. A model in which some operation's output shape depends on the
 * values of run-time tensors (NonZero, NonMaxSuppression, Unique or Compress of computed
 * values; Reshape, Expand, Range, Tile, Pad, ... whose shape operand is computed from data)
 * loads "staged": such a node cannot be compiled ahead, so the graph runs as a chain of
 * compiled stages, each cut before such a node, which is computed from its inputs' values
 * between two stages; the stage after it is compiled for the shapes it gave and cached
 * (least recently used first out, NNX_STAGE_CACHE_DEFAULT stages per graph), so a new
 * output length costs one compile of the rest of the graph. Output shapes are known only
 * after the run: use nnx_context_run, which makes the output tensors (nnx_context_dispatch
 * works when each output tensor has the shape the run gives; nnx_graph_bind_shapes refuses).
 * The reason names the first such node ("node 'nz' (NonZero): ..."); NULL for a model or
 * graph that is not staged (an unbound graph: the one its last dispatch ran). Building
 * the graph reads the model file once more and keeps it decoded for its stages (its weights
 * are then held twice: there and in the compiled stages). Staged models cannot be drawn or
 * converted; a staged graph reports no steps to profiling and 0 planned bytes (its stages
 * are planned, each when it is compiled). */
#define NNX_STAGE_CACHE_DEFAULT 16
NNX_API const char *nnx_model_staged_reason(const nnx_model *model);
NNX_API const char *nnx_graph_staged_reason(const nnx_graph *graph);

/* The format model was read as: "onnx", "nnef", "nnvm" or "tosa" (what options->format
 * forced, else what the content showed); NULL for NULL or a destroyed model. */
NNX_API const char *nnx_model_format_name(const nnx_model *model);

/* Operations in execution order (after expansion) and their names ("conv", …). */
NNX_API size_t nnx_model_op_count(const nnx_model *model);
NNX_API const char *nnx_model_op_name(const nnx_model *model, size_t index);
/* The operations nnx cannot lower or run, of a model loaded with NNX_MODEL_STRUCTURE_ONLY
 * (0 otherwise, and for a model nnx can run), in the model's order. index < count: the
 * operator as the model names it (*op, "ImageDecoder"; as nnx_model_op_name gives it), the
 * node (*node: the model's node name, else the name of its first output; "" when it has
 * neither) and why (*reason, "unknown operator (domain com.example)"). Any pointer may be
 * NULL; the strings live until the model is destroyed; false for an index out of range. */
NNX_API size_t nnx_model_unsupported_count(const nnx_model *model);
NNX_API bool nnx_model_unsupported(const nnx_model *model, size_t index, const char **op, const char **node,
                                   const char **reason);
/* Whether the shape of output index is known: false for an output computed from an
 * unsupported operation (NNX_MODEL_STRUCTURE_ONLY), whose desc then holds only what the file
 * declares (its dtype, NNX_DTYPE_UNDEFINED when it declares none; rank and extents 0), and
 * for an index out of range. */
NNX_API bool nnx_model_output_shape_known(const nnx_model *model, size_t index);
/* Variables (weights): how many elements in all, and how many bytes their data takes in
 * memory (element count × element size of their dtype). Variables sharing a label share
 * their data and count once. */
NNX_API void nnx_model_parameters(const nnx_model *model, uint64_t *count, uint64_t *bytes);
/* A TOSA model (.tosa): the profiles and extensions (nnx_tosa_profile bits) the Supported
 * Data Types rows of its operators need (TOSA 1.0 Appendix B): every bit of *all and, when
 * *any is not 0, at least one bit of *any (rows either integer or floating-point profile
 * provides). NNX_ERROR_NOT_SUPPORTED (both 0) for a model of another format;
 * NNX_ERROR_INVALID_ARGUMENT for a NULL or destroyed model or NULL pointers. */
NNX_API nnx_status nnx_model_tosa_profiles(const nnx_model *model, uint32_t *all, uint32_t *any);

/* String outputs (ONNX tensor(string) graph outputs). nnx's graphs hold no strings: an ONNX
 * model computes its strings while it loads (from constants and the STRING values given at
 * load), so a string graph output is a value of the model, not an output of its graph
 * (nnx_model_output_* list the others; nnx_model_build refuses a model with no other output).
 * index < nnx_model_string_output_count: its name, its position among all the graph's outputs
 * (sequences flattened), its shape (desc->dtype NNX_DTYPE_UNDEFINED) and its elements in
 * row-major order, NUL-terminated, living until the model is destroyed. Any pointer may be
 * NULL; false for an index out of range, or a model of another format. */
NNX_API size_t nnx_model_string_output_count(const nnx_model *model);
NNX_API bool nnx_model_string_output(const nnx_model *model, size_t index, const char **name, uint32_t *position,
                                     nnx_operand_desc *desc, const char *const **strings);

/* Writes the model in the format path names (see "saving" above nnx_graph_save): NNEF (a
 * flat document with its tensor files, tensor data bit for bit as it was read), TOSA or NNVM.
 * An operation the format cannot express gives NNX_ERROR_NOT_SUPPORTED naming it. */
NNX_API nnx_status nnx_model_save(nnx_model *model, const char *path);
/* nnx_model_save with options; NULL options is nnx_model_save. */
NNX_API nnx_status nnx_model_save_with(nnx_model *model, const char *path, const nnx_save_options *options);

/* Compiles the model into a runnable graph of the model's context: its inputs and outputs
 * have the model's names and descriptors, variables become constants (their tensor files
 * must be present), and it is dispatched like any graph (nnx_context_dispatch). Operations
 * nnx cannot run yet give NNX_ERROR_NOT_SUPPORTED naming the operation and its position.
 * The graph is independent of the model afterwards. A model with symbolic input dimensions
 * gives an unbound graph (see "Symbolic dimensions"). */
NNX_API nnx_status nnx_model_build(nnx_model *model, nnx_graph **out);

/* Intermediate tensors as outputs, to compare two models (or a model and its conversion)
 * tensor by tensor (`nnx verify --bisect`). With NNX_BUILD_EXPOSE_TENSORS the graph's
 * outputs are the model's outputs, in its order, followed by every other value a node of the
 * model computes that has a name (the source's tensor name, kept across conversions as
 * "Names across a save" says; unnamed values made by lowering one source operator into
 * several are left out), in the order the nodes run: a value is listed after every value it
 * depends on. Graph inputs, constants and values whose name is already taken by an
 * input, an output or an earlier value are left out. Making them outputs keeps them from
 * being fused or overwritten, so such a graph computes the same outputs, slower. A staged
 * model, or one with symbolic input dimensions no shape binds, gives NNX_ERROR_NOT_SUPPORTED
 * with this flag (bind the shapes when loading). Zero-initialised options (or NULL) are
 * nnx_model_build. */
typedef enum nnx_build_flags { NNX_BUILD_EXPOSE_TENSORS = 1u << 0 } nnx_build_flags;
typedef struct nnx_build_options {
    uint32_t flags; /* nnx_build_flags */
} nnx_build_options;
NNX_API nnx_status nnx_model_build_with(nnx_model *model, const nnx_build_options *options, nnx_graph **out);
/* The node that computes output index of graph: its operation's name ("conv", after
 * expansion and lowering, as nnx_model_op_name lists them) in *op and its label in *label
 * ("" when it has none; for a model, the source's node name where the front end keeps one).
 * Either pointer may be NULL. false (and NULLs) for an index out of range, an unbound or
 * staged graph, or an output that no node computes. The strings live as long as the graph. */
NNX_API bool nnx_graph_output_producer(const nnx_graph *graph, size_t index, const char **op, const char **label);

/* The graph as Graphviz dot text; the string lives until the model is destroyed or the
 * next call. NULL on allocation failure (see nnx_context_error). */
NNX_API const char *nnx_model_dot(nnx_model *model);

/* ---------------------------------------------------------------- tensor files
 * One tensor per file: NumPy .npy (format versions 1.0, 2.0 and 3.0 read, either byte order,
 * C or Fortran order; version 1.0 written, byte-identical to numpy.save), NNEF tensor data
 * files (.dat, NNEF 1.0.2 §5.2; written in the 1.0.2 scheme at each type's natural width)
 * and ONNX TensorProto files (.pb, read only: the ONNX test data layout). Many tensors per
 * file: NumPy .npz bundles (nnx_tensor_bundle_read). Errors are reported through
 * nnx_context_error as "PATH: error: MESSAGE". */
typedef enum nnx_tensor_file_format {
    NNX_TENSOR_FILE_NPY = 0,
    NNX_TENSOR_FILE_NNEF = 1, /* NNEF .dat */
    NNX_TENSOR_FILE_ONNX = 2  /* ONNX TensorProto (.pb); read only */
} nnx_tensor_file_format;

/* Reads the tensor file at path. *desc receives its type: for .npy and .pb the file's dtype
 * (a .npy file's items are given little-endian and row-major whatever its byte order and
 * fortran_order; a .pb file's raw_data or typed fields, never external data or strings), for
 * .dat the smallest type that holds every item exactly (float16/32/64, int8..int64,
 * uint8..uint64 or bool; float32 for the dequantized values of linear and logarithmic
 * items). *data receives a new buffer of *size bytes (row-major elements of desc->dtype)
 * from the context's allocator; the caller owns it and frees it with nnx_tensor_file_free
 * (the context does not: free it before destroying the context). On failure *data is NULL
 * and *size 0. Errors: NNX_ERROR_IO (the file cannot be read, or is not a regular file),
 * NNX_ERROR_INVALID_MODEL (not a file of that format, or a malformed one),
 * NNX_ERROR_NOT_SUPPORTED (a valid file nnx cannot take, e.g. a complex .npy or a string
 * .pb), NNX_ERROR_OUT_OF_MEMORY, NNX_ERROR_INVALID_ARGUMENT (a NULL argument, an unknown
 * format, writing NNX_TENSOR_FILE_ONNX). */
NNX_API nnx_status nnx_tensor_file_read(nnx_context *context, const char *path, nnx_tensor_file_format format,
                                        nnx_operand_desc *desc, void **data, size_t *size);

/* One array of a bundle, for nnx_tensor_bundle_read's callback: name (NUL-terminated; a .npz
 * member's name without ".npy"), its type, and size bytes of row-major, little-endian
 * elements. Everything lives only during the call: copy what you keep. A status other than
 * NNX_OK stops the reading; nnx_tensor_bundle_read returns it, with the context's error
 * "PATH: error: stopped at array 'NAME'". */
typedef nnx_status (*nnx_tensor_bundle_fn)(void *user, const char *name, const nnx_operand_desc *desc, const void *data,
                                           size_t size);
/* Limits of nnx_tensor_bundle_read; a zero-initialised struct (or NULL) takes the defaults:
 * at most 4096 arrays and 4 GiB of .npy bytes in all. */
typedef struct nnx_tensor_bundle_options {
    size_t max_arrays;
    uint64_t max_bytes;
} nnx_tensor_bundle_options;
/* Reads the NumPy .npz bundle at path (numpy.savez or savez_compressed: a zip of .npy
 * members, stored or deflated) and calls fn once per array, in the archive's order. Every
 * member must be a regular file named NAME.npy, each name once. Errors: NNX_ERROR_IO (the
 * file cannot be read, or is not a regular file), NNX_ERROR_INVALID_MODEL (not a zip, a
 * corrupt or truncated one, a member that is not NAME.npy, a name twice, a malformed .npy
 * member, no array), NNX_ERROR_NOT_SUPPORTED (a member type nnx cannot take, an encrypted
 * member, a limit exceeded), NNX_ERROR_OUT_OF_MEMORY, NNX_ERROR_INVALID_ARGUMENT (a NULL
 * argument), or fn's status. */
NNX_API nnx_status nnx_tensor_bundle_read(nnx_context *context, const char *path,
                                          const nnx_tensor_bundle_options *options, nnx_tensor_bundle_fn fn,
                                          void *user);
/* One array for nnx_tensor_bundle_write: name (non-empty, unique in the bundle), its type
 * and size bytes of row-major elements (exactly desc's byte length). */
typedef struct nnx_tensor_bundle_array {
    const char *name;
    nnx_operand_desc desc;
    const void *data;
    size_t size;
} nnx_tensor_bundle_array;
/* Writes the arrays as a NumPy .npz bundle at path, as numpy.savez does: a zip of stored
 * (uncompressed) members NAME.npy, in the order given, each a version 1.0 .npy file byte
 * for byte as numpy.save writes it; atomically, like nnx_tensor_file_write. Types numpy
 * lacks (bfloat16, fp8, int4, int48) are NNX_ERROR_NOT_SUPPORTED: widen them first. Errors:
 * NNX_ERROR_INVALID_ARGUMENT (a NULL argument, no array, an empty name, a name twice, a
 * wrong size), NNX_ERROR_NOT_SUPPORTED, NNX_ERROR_IO, NNX_ERROR_OUT_OF_MEMORY. */
NNX_API nnx_status nnx_tensor_bundle_write(nnx_context *context, const char *path,
                                           const nnx_tensor_bundle_array *arrays, size_t count);
/* Frees a buffer nnx_tensor_file_read gave, with the allocator of the context that read
 * it. NULL is a no-op. */
NNX_API void nnx_tensor_file_free(nnx_context *context, void *data);
/* Writes data (size bytes: exactly desc's, row-major elements of desc->dtype) as a tensor
 * file at path, atomically: readers see the old file or the whole new one. .npy takes the
 * types numpy has (not bfloat16, fp8, int4, int48); .dat takes float16/32/64, every integer
 * type and bool (int4, int48 and bool are written as 4-, 48- and 1-bit integers, which
 * nnx_tensor_file_read gives back as int8, int64 and uint8). data stays the caller's.
 * Errors: NNX_ERROR_NOT_SUPPORTED (a type the format lacks), NNX_ERROR_INVALID_ARGUMENT (a
 * NULL argument, an unknown format or NNX_TENSOR_FILE_ONNX, a wrong size), NNX_ERROR_IO,
 * NNX_ERROR_OUT_OF_MEMORY. */
NNX_API nnx_status nnx_tensor_file_write(nnx_context *context, const char *path, nnx_tensor_file_format format,
                                         const nnx_operand_desc *desc, const void *data, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* NNX_MODEL_H */
