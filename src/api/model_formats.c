/* model_formats.c — the table of model formats (api/model_format.h): ONNX and NNVM, read
 * straight into core IR by their front ends and written from it, TOSA flatbuffers (kept as read, built through
 * the TOSA front end: model_tosa.c), and NNEF, which keeps its own richer model and
 * is the format of every path whose extension no other row claims. */
#include "api/model_format.h"
#include "formats/nnef/emit/writer.h"
#include "formats/nnvm/nnvm.h"
#include "formats/onnx/onnx.h"
#include "formats/tosa/tosa_from_ir.h"

#include <string.h>
#include <strings.h>

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
