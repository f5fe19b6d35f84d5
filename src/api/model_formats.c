/* model_formats.c — the table of model formats that front ends read straight into core IR
 * (formats/ir_model.h): one row per format, picked by file extension by api/model.c. NNEF,
 * which keeps its own richer model, is not in the table: it is what every other path is. */
#include "formats/ir_model.h"

const nnx_model_format nnx_model_formats[] = {
    {"none", "\x01", NULL, NULL}, /* placeholder row: C forbids an empty array; matches no path */
};
const unsigned nnx_model_format_count = sizeof nnx_model_formats / sizeof nnx_model_formats[0];
