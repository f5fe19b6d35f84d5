/* json_depth.h — how deeply a JSON text nests its arrays and objects, measured in one
 * non-recursive pass before a recursive parser (cJSON recurses once per level) reads it,
 * so a file cannot make the reader exhaust its stack. */
#ifndef NNX_FORMATS_JSON_DEPTH_H
#define NNX_FORMATS_JSON_DEPTH_H

#include "formats/load_limits.h"

/* NNX_OK when no array or object in text[0..size) is opened more than max_depth deep (the
 * outermost counting 1; RFC 8259 §9 lets a parser set this limit). Strings are skipped,
 * escapes included, so brackets inside them do not count; malformed text is left to the
 * parser, which reports it. Otherwise nnx_limit_error(NNX_LIMIT_DEPTH) at
 * "PATH:LINE:COL" of the bracket that goes too deep. Uses a fixed amount of stack. */
nnx_status nnx_json_check_depth(const char *text, size_t size, const char *path, uint32_t max_depth, nnx_error *err);

#endif
