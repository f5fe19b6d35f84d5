/* model_formats.c — the table of model formats (api/model_format.h): ONNX and NNVM, read
 * straight into core IR by their front ends and written from it, TOSA flatbuffers (kept as read, built through
 * the TOSA front end: model_tosa.c), and NNEF, which keeps its own richer model and
 * is the format of every path whose extension no other row claims. Which row reads a path is
 * told from its content first (nnx_model_format_for, docs/decisions/engine.md E35). */
#include "api/model_format.h"
#include "api/model_sniff.h"
#include "formats/nnef/emit/writer.h"
#include "formats/nnvm/nnvm.h"
#include "formats/onnx/onnx.h"
#include "formats/tosa/tosa_from_ir.h"

#include <string.h>
#include <strings.h>
#include <sys/stat.h>

const nnx_model_format nnx_model_formats[] = {
    {"onnx", ".onnx", &nnx_model_ir_ops, nnx_onnx_load, nnx_onnx_save, &nnx_onnx_stages, NULL},
    {"nnvm", ".json", &nnx_model_ir_ops, nnx_nnvm_load, nnx_nnvm_save, NULL, NULL},
    {"tosa", ".tosa", &nnx_model_tosa_ops, NULL, nnx_tosa_save_ir, NULL, NULL},
    {"nnef", NULL, &nnx_model_nnef_ops, NULL, nnx_model_nnef_save_ir, NULL, nnx_nnef_sanitize_identifier},
};
const unsigned nnx_model_format_count = sizeof nnx_model_formats / sizeof nnx_model_formats[0];

const nnx_model_format *nnx_model_format_of(const char *path)
{
    size_t n = strlen(path);
    const nnx_model_format *other = NULL;
    for (unsigned i = 0; i < nnx_model_format_count; i++) {
        const nnx_model_format *f = &nnx_model_formats[i];
        if (!f->extension) {
            other = other ? other : f;
            continue;
        }
        size_t e = strlen(f->extension);
        if (n > e && strcasecmp(path + n - e, f->extension) == 0)
            return f;
    }
    return other;
}

const nnx_model_format *nnx_model_format_named(const char *name)
{
    for (unsigned i = 0; name && i < nnx_model_format_count; i++)
        if (strcmp(nnx_model_formats[i].name, name) == 0)
            return &nnx_model_formats[i];
    return NULL;
}

/* The row path's extension names explicitly (NNEF's own endings included), else NULL. */
static const nnx_model_format *claimed_by_extension(const char *path)
{
    static const char *const nnef_endings[] = {".nnef", ".tgz", ".tar", ".tar.gz"};
    size_t n = strlen(path);
    for (size_t i = 0; i < sizeof nnef_endings / sizeof nnef_endings[0]; i++) {
        size_t e = strlen(nnef_endings[i]);
        if (n > e && strcasecmp(path + n - e, nnef_endings[i]) == 0)
            return nnx_model_format_named("nnef");
    }
    const nnx_model_format *f = nnx_model_format_of(path);
    return f->extension ? f : NULL;
}

#define READS "nnx reads ONNX (.onnx), NNEF (a folder, .nnef, .tgz, .tar), NNVM (.json with .params) and TOSA (.tosa)"

const nnx_model_format *nnx_model_format_for(const char *path, const char *forced, nnx_error *err)
{
    if (forced) {
        const nnx_model_format *f = nnx_model_format_named(forced);
        if (!f)
            nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                          "%s: error: unknown model format '%s' (onnx, nnef, nnvm or tosa)", path, forced);
        return f;
    }
    const nnx_model_format *by_name = claimed_by_extension(path);
    struct stat st;
    if (stat(path, &st) != 0 || !(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)))
        return nnx_model_format_of(path); /* the loader says why it cannot be read */
    switch (nnx_sniff_path(path)) {
    case NNX_SNIFF_ONNX: return nnx_model_format_named("onnx");
    case NNX_SNIFF_NNEF_TEXT:
    case NNX_SNIFF_NNEF_FOLDER:
    case NNX_SNIFF_GZIP:
    case NNX_SNIFF_TAR: return nnx_model_format_named("nnef");
    case NNX_SNIFF_NNVM_JSON: return nnx_model_format_named("nnvm");
    case NNX_SNIFF_TOSA: return nnx_model_format_named("tosa");
    case NNX_SNIFF_NPY:
        nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: a NumPy tensor file (.npy), not a model; " READS, path);
        return NULL;
    case NNX_SNIFF_JSON:
    case NNX_SNIFF_UNKNOWN: break;
    }
    if (by_name || S_ISDIR(st.st_mode))
        return by_name ? by_name : nnx_model_format_named("nnef"); /* its loader says what is wrong */
    nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: not a model format nnx reads; " READS, path);
    return NULL;
}
