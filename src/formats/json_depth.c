/* json_depth.c — the nesting of a JSON text measured without recursion (json_depth.h): a
 * counter of open brackets, strings skipped, the position found only when it is too deep. */
#include "formats/json_depth.h"

#include <stdio.h>

nnx_status nnx_json_check_depth(const char *text, size_t size, const char *path, uint32_t max_depth, nnx_error *err)
{
    uint64_t depth = 0;
    for (size_t i = 0; i < size; i++) {
        char ch = text[i];
        if (ch == '"') {
            /* to the closing quote; a backslash takes the next byte with it ("\"", "\\") */
            for (i++; i < size && text[i] != '"'; i++)
                if (text[i] == '\\')
                    i++;
        } else if (ch == '[' || ch == '{') {
            if (++depth > max_depth) {
                unsigned long line = 1, col = 1;
                for (size_t k = 0; k < i; k++, col++)
                    if (text[k] == '\n')
                        line++, col = 0;
                char where[NNX_ERROR_MESSAGE_MAX / 2];
                snprintf(where, sizeof where, "%s:%lu:%lu", path, line, col);
                return nnx_limit_error(err, NNX_LIMIT_DEPTH, where, "JSON arrays and objects nested more than %u deep",
                                       max_depth);
            }
        } else if ((ch == ']' || ch == '}') && depth) {
            depth--;
        }
    }
    return NNX_OK;
}
