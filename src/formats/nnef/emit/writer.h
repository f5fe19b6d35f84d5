/* writer.h — writing a flat NNEF graph back out (NNEF 1.0.2 chapters 3 and 5): the flat
 * graph.nnef text, graph.quant, and a whole container with the variables' .dat files.
 * Output reads back to the same flat graph: every argument is written (defaults never
 * matter), values are printed so they parse to the identical value.
 * Stage emit/ (last): takes a flat graph (or core IR, from_ir.h), gives NNEF files. */
#ifndef NNX_FORMATS_NNEF_WRITER_H
#define NNX_FORMATS_NNEF_WRITER_H

#include "base/strbuf.h"
#include "formats/nnef/files/container.h"
#include "formats/nnef/flatten/flat.h"
#include "formats/nnef/files/tensor_file.h"

/*
 * Decisions (also among the NNEF decisions, "Writing builder graphs as NNEF")
 * ----------------------------------------------------------------------------
 * Layout: "version 1.0;", a blank line, then (custom ops only) the fragment extension and
 * declarations, then `graph NAME( in, ... ) -> ( out, ... )`, "{", one invocation per
 * line indented by 4 spaces, "}". Invocations: tensor parameters positionally in
 * declaration order, then every other parameter as `name = value` (§3.3.2: attributes must
 * be named; tensors should be positional). A tensor parameter after an attribute (not
 * allowed in declarations, §3.3.2, but possible in a hand-built graph) is named too.
 * Results: one result as itself (`y` or `[a, b]`), several as a tuple `(a, [b, c])`.
 *
 * Generic argument `<T>`: written for external/constant/variable when T is not their
 * default scalar; never for the standard ops whose '?' is deduced from their tensor
 * arguments (copy, select, reshape, ...), as deduction gives the same T back.
 *
 * Custom ops (flat ops with custom set) need declarations to read back: a body-less
 * `fragment` with concrete types inferred from their first invocation (tensor<T> from the
 * referenced tensors, arrays from their first item) under `extension
 * KHR_enable_fragment_definitions;`. A later invocation with different types, or a type
 * that cannot be inferred (an empty array), is NNX_ERROR_NOT_SUPPORTED.
 *
 * Values: integers in decimal (INT64_MIN has no NNEF literal: the parser's range is
 * ±(2^63-1)); scalars as the shortest decimal that strtod reads back to the same double
 * (1 to 17 significant digits), in fixed notation when the decimal exponent is in
 * [-4, 16) and as d.ddde[-]X otherwise, always containing '.' or 'e' (1.0, 0.1, -0.0,
 * 1e-45, 3.4028234663852886e38), independent of the C locale; NaN and infinities have no
 * NNEF literal: NNX_ERROR_NOT_SUPPORTED naming the op and argument. Strings in single
 * quotes with \' and \\ escaped (§3.1); a non-printable character is NOT_SUPPORTED.
 *
 * Identifiers: a tensor or graph name that is not [A-Za-z_][A-Za-z0-9_]*, or is a keyword
 * (§3.1, 17 keywords) or true/false, is renamed: every other byte becomes '_', a leading
 * digit gets a '_' prefix, a keyword gets a '_' suffix; a tensor without a name (NULL or
 * "") is called t_<index> (a graph without one, G). Valid names
 * keep their spelling (the first tensor of a duplicated name keeps it); renamed and
 * duplicate names that collide take the first free "_1", "_2", ... suffix, in tensor
 * order. graph.quant uses the same names. Op and parameter names are never renamed (that
 * would change meaning): an invalid one is NNX_ERROR_INVALID_ARGUMENT.
 *
 * A graph with no inputs or no outputs cannot be written (the grammar's <identifier-list>
 * has at least one identifier): NNX_ERROR_NOT_SUPPORTED.
 */

/* Appends the flat document of g to out. On failure out keeps its earlier length. Errors:
 * NNX_ERROR_NOT_SUPPORTED (a value or graph NNEF cannot spell), NNX_ERROR_INVALID_ARGUMENT
 * (a malformed graph: bad tensor index, NONE value, invalid op name, result not a tensor),
 * NNX_ERROR_OUT_OF_MEMORY. Messages name the op ("op #3 'mul', argument 'y': ..."). */
nnx_status nnx_nnef_write_text(const nnx_nnef_flat *g, nnx_strbuf *out, nnx_error *err);

/* Appends graph.quant lines `"name": op(arg = value, ...);` (§5.3) for every tensor with
 * quantization info, in tensor order; nothing when there is none. */
nnx_status nnx_nnef_write_quant(const nnx_nnef_flat *g, nnx_strbuf *out, nnx_error *err);

/* The data of one variable: tensor is its index in the graph (a tensor with a label and a
 * shape); data holds volume * nnx_dtype_size(dtype) bytes, row-major. */
typedef struct nnx_nnef_variable_data {
    uint32_t tensor;
    nnx_dtype dtype;
    const void *data;
    size_t size;
    const nnx_nnef_encode_options *encode; /* NULL: plain values (tensor_file.h) */
} nnx_nnef_variable_data;

/* Writes a container at path (format AUTO: by the name, container.h): graph.nnef,
 * graph.quant when a tensor has quantization info, and "<label>.dat" for each variable
 * given (nnx_nnef_label_path; encoded with nnx_nnef_tensor_encode). Variables not given
 * get no file (a structure-only model). Two variables whose labels are equal ignoring case
 * share one file (§4.1.2), so giving data for both is NNX_ERROR_INVALID_ARGUMENT. */
nnx_status nnx_nnef_save(const nnx_nnef_flat *g, const nnx_nnef_variable_data *vars, uint32_t n_vars, const char *path,
                         nnx_nnef_container_format format, const nnx_alloc *alloc, nnx_error *err);

/* ---- value printing (writer_values.c), shared by both files ---- */

/* Writes the NNEF literal of a finite double into buf (32 bytes are always enough); false
 * for NaN and infinities. */
bool nnx_nnef_format_scalar(double v, char *buf, size_t size);

/* Appends the literal of v; TENSOR values print names[tensor]. what names the value in
 * messages ("op #3 'mul', argument 'y'"). Errors as for nnx_nnef_write_text; nesting
 * deeper than NNX_NNEF_WRITE_MAX_DEPTH is NNX_ERROR_NOT_SUPPORTED. */
#define NNX_NNEF_WRITE_MAX_DEPTH 256u
nnx_status nnx_nnef_write_value(nnx_strbuf *out, const nnx_nnef_value *v, const char *const *names, uint32_t n_names,
                                const char *what, nnx_error *err);

/* Whether s is an NNEF identifier that is not a keyword nor true/false (§3.1). */
bool nnx_nnef_is_identifier(const char *s);

/* NNEF's name sanitisers (NNEF 1.0.2 §3.1 identifiers, §4.1.2 variable labels; include/nnx.h,
 * "Names across a save"). Both are pure and deterministic; the result is new in arena (NULL: out of
 * memory or a length past size_t), and a name already valid is returned unchanged.
 *
 * Identifier (§3.1 [A-Za-z_][A-Za-z0-9_]*): every byte outside [A-Za-z0-9_] becomes '_' (each
 * byte of a non-ASCII character too), a name starting with a digit, or empty, gets a '_'
 * prefix, and a keyword or true/false a '_' suffix ("input:0" -> "input_0", "0" -> "_0",
 * "graph" -> "graph_", "" -> "_"). */
char *nnx_nnef_sanitize_identifier(nnx_arena *arena, const char *name);

/* Variable label (§4.1.2: [A-Za-z0-9_-./\], the tensor file "<label>.dat" of §5.1): bytes
 * outside [A-Za-z0-9_.-] and '/' become '_'; a '/' that would start, end or double a path
 * component becomes '_' too (so would a backslash: not portable, container.h); a component
 * "." or ".." becomes "_" or "__"; a component is cut at 240 bytes (room for "_k" and ".dat" in 255) and the name at
 * NNX_NNEF_LABEL_MAX bytes; empty -> "_" ("fc.weight" stays, "a b" -> "a_b"). Labels compare
 * ignoring case (§4.1.2): uniqueness is the caller's. */
#define NNX_NNEF_LABEL_MAX 1024u
char *nnx_nnef_sanitize_label(nnx_arena *arena, const char *name);

#endif
