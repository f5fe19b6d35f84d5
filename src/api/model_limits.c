/* model_limits.c — nnx_model_options' limits by name (nnx_model.h): one table of the
 * max_* fields, their offsets and widths, for the programs that read limits as text. */
#include "nnx.h"

#include <stddef.h>
#include <string.h>

static const struct {
    const char *name;
    size_t offset;
    bool wide; /* uint64_t, else uint32_t */
} limits[] = {
    {"max_depth", offsetof(nnx_model_options, max_depth), false},
    {"max_names", offsetof(nnx_model_options, max_names), false},
    {"max_operations", offsetof(nnx_model_options, max_operations), true},
    {"max_elements", offsetof(nnx_model_options, max_elements), true},
    {"max_archive_bytes", offsetof(nnx_model_options, max_archive_bytes), true},
    {"max_archive_ratio", offsetof(nnx_model_options, max_archive_ratio), false},
};

static int find(const char *name)
{
    for (size_t i = 0; name && i < sizeof limits / sizeof limits[0]; i++)
        if (strcmp(name, limits[i].name) == 0)
            return (int)i;
    return -1;
}

uint64_t nnx_model_limit_max(const char *name)
{
    int i = find(name);
    return i < 0 ? 0 : limits[i].wide ? UINT64_MAX : UINT32_MAX;
}

nnx_status nnx_model_options_set_limit(nnx_model_options *options, const char *name, uint64_t value)
{
    int i = find(name);
    if (!options || i < 0 || value < 1 || value > nnx_model_limit_max(name))
        return NNX_ERROR_INVALID_ARGUMENT;
    char *field = (char *)options + limits[i].offset;
    if (limits[i].wide) {
        uint64_t v = value;
        memcpy(field, &v, sizeof v);
    } else {
        uint32_t v = (uint32_t)value;
        memcpy(field, &v, sizeof v);
    }
    return NNX_OK;
}
