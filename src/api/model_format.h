/* model_format.h — the table of model formats behind nnx_model_*: one row per format, each
 * with the operations of the model API over that format's own model (a vtable), so that
 * api/model.c serves every format the same way. NNEF keeps its flat graph (model_nnef.c);
 * ONNX and NNVM are read straight into core IR (formats/ir_model.h, model_ir.c). */
#ifndef NNX_API_MODEL_FORMAT_H
#define NNX_API_MODEL_FORMAT_H

#include "api/objects.h"
#include "formats/ir_model.h"

typedef struct nnx_model_format nnx_model_format;

/* The lists a model shows (nnx_model_input_name, ...). */
typedef enum nnx_model_list { NNX_MODEL_INPUTS, NNX_MODEL_OUTPUTS, NNX_MODEL_OPS } nnx_model_list;

/* What the model API does with a loaded model of one format; model is what load made.
 * Errors go to err as the format words them; api/model.c adds the context. */
typedef struct nnx_model_ops {
    /* Reads path (fmt is the row being loaded) into a new *model; NULL on failure. */
    nnx_status (*load)(const nnx_model_format *fmt, const char *path, const nnx_model_options *options,
                       const nnx_alloc *a, void **model, nnx_error *err);
    void (*free)(void *model, const nnx_alloc *a); /* model NULL is a no-op */
    size_t (*count)(const void *model, nnx_model_list list);
    const char *(*name)(const void *model, nnx_model_list list, size_t i); /* i < count */
    /* The descriptor of input or output i (i < count); zeros where the format has none. */
    void (*desc)(const void *model, nnx_model_list list, size_t i, nnx_operand_desc *out);
    /* The name of a symbolic dimension of input or output i (NULL: fixed); may be NULL. */
    const char *(*dim_name)(const void *model, nnx_model_list list, size_t i, uint32_t axis);
    /* Adds the elements and bytes of the model's weights to *count and *bytes. */
    void (*parameters)(const void *model, uint64_t *count, uint64_t *bytes);
    /* Graphviz text in *text (a's, freed by the caller); NNX_OK with *text NULL: out of memory. */
    nnx_status (*dot)(const void *model, const nnx_alloc *a, char **text, nnx_error *err);
    /* Writes the model to path in format to (whose save is not NULL), reporting the names it
     * changed to renames (may be NULL). */
    nnx_status (*save)(const void *model, const nnx_model_format *to, const char *path, const nnx_ir_renames *renames,
                       const nnx_alloc *a, nnx_error *err);
    /* A graph of ctx; the model stays usable. flags: nnx_build_flags. */
    nnx_status (*build)(nnx_context *ctx, const void *model, uint32_t flags, nnx_graph **out, nnx_error *err);
    /* The operations a structure-only load could not lower (*count of them; NULL when none);
     * may be NULL: the format has none. */
    const nnx_ir_unsupported *(*unsupported)(const void *model, uint32_t *count);
    /* Whether output i's shape is known (i < count); may be NULL: always. */
    bool (*output_known)(const void *model, size_t i);
} nnx_model_ops;

/* One row: nnx_model_load picks the row the file's content shows, the extension only
 * confirming (nnx_model_format_for); nnx_model_format_of picks the row whose extension the
 * path ends with (case-insensitive), every other path being the row without one (NNEF). Saving picks
 * it the same way but refuses endings no row writes (api/save_target.h). */
struct nnx_model_format {
    const char *name;      /* "nnvm" */
    const char *extension; /* ".json"; NULL: the format of every path no other row claims */
    const nnx_model_ops *ops;
    nnx_ir_model_load_fn load;      /* formats read straight into core IR (ops nnx_model_ir_ops) */
    nnx_ir_model_save_fn save;      /* writes a core-IR graph in the format; NULL: nnx does not write it */
    const nnx_ir_stage_ops *stages; /* the stages of its staged models; NULL: it has none */
    /* The format's name sanitiser (include/nnx.h, "Names across a save"): a name as a save in
     * this format writes it, in arena (NULL: out of memory); NULL: names are kept as they are. */
    char *(*sanitize)(nnx_arena *arena, const char *name);
};

extern const nnx_model_format nnx_model_formats[];
extern const unsigned nnx_model_format_count;

/* The row of path's extension, else the row without one. */
const nnx_model_format *nnx_model_format_of(const char *path);
/* The row called name ("onnx"), else NULL. */
const nnx_model_format *nnx_model_format_named(const char *name);
/* The row nnx_model_load reads path with (docs/decisions/engine.md E35): the row called forced
 * when it is not NULL (INVALID_ARGUMENT when no row reads by that name); else the format
 * the content shows (api/model_sniff.h), else the one the extension names, else
 * NNX_ERROR_NOT_SUPPORTED naming the formats nnx reads. A path that is neither a regular file
 * nor a folder keeps its extension's row, whose loader reports why it cannot be read. NULL
 * with err set on failure. */
const nnx_model_format *nnx_model_format_for(const char *path, const char *forced, nnx_error *err);

extern const nnx_model_ops nnx_model_ir_ops;   /* model_ir.c */
extern const nnx_model_ops nnx_model_nnef_ops; /* model_nnef.c */
extern const nnx_model_ops nnx_model_tosa_ops; /* model_tosa.c */

/* A TOSA model's needed profiles and extensions (nnx_tosa_profile bits): every bit of *all
 * and, when *any is not 0, one of *any. */
void nnx_model_tosa_usage(const void *model, uint32_t *all, uint32_t *any);

/* NNEF's writer from core IR, in the shape of a format row's save (model_nnef.c). */
nnx_status nnx_model_nnef_save_ir(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names,
                                  uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                                  uint32_t n_outputs, const char *path, const nnx_ir_model_options *options,
                                  const nnx_alloc *alloc, nnx_error *err);

#endif
