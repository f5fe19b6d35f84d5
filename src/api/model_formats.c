/* model_formats.c — the table of model formats that front ends read straight into core IR
 * (formats/ir_model.h): one row per format, picked by file extension by api/model.c. NNEF,
 * which keeps its own richer model, is not in the table: it is what every other path is. */
#include "formats/ir_model.h"
#include "formats/nnvm/nnvm.h"
#include "formats/onnx/onnx.h"

const nnx_model_format nnx_model_formats[] = {
    {"onnx", ".onnx", nnx_onnx_load, NULL},
    {"nnvm", ".json", nnx_nnvm_load, nnx_nnvm_save},
};
const unsigned nnx_model_format_count = sizeof nnx_model_formats / sizeof nnx_model_formats[0];
