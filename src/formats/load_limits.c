/* load_limits.c — nnx_model_options' limits with their defaults resolved, and the message a
 * broken limit gives (load_limits.h). */
#include "formats/load_limits.h"

#include <stdarg.h>
#include <stdio.h>

nnx_load_limits nnx_load_limits_of(const nnx_model_options *o)
{
    nnx_load_limits l = {NNX_MAX_DEPTH_DEFAULT,    NNX_MAX_NAMES_DEFAULT,         NNX_MAX_OPERATIONS_DEFAULT,
                         NNX_MAX_ELEMENTS_DEFAULT, NNX_MAX_ARCHIVE_BYTES_DEFAULT, NNX_MAX_ARCHIVE_RATIO_DEFAULT};
    if (!o)
        return l;
    if (o->max_depth)
        l.depth = o->max_depth;
    if (o->max_names)
        l.names = o->max_names;
    if (o->max_operations)
        l.operations = o->max_operations;
    if (o->max_elements)
        l.elements = o->max_elements;
    if (o->max_archive_bytes)
        l.archive_bytes = o->max_archive_bytes;
    if (o->max_archive_ratio)
        l.archive_ratio = o->max_archive_ratio;
    return l;
}

void nnx_load_limits_to(const nnx_load_limits *l, nnx_model_options *o)
{
    o->max_depth = l->depth;
    o->max_names = l->names;
    o->max_operations = l->operations;
    o->max_elements = l->elements;
    o->max_archive_bytes = l->archive_bytes;
    o->max_archive_ratio = l->archive_ratio;
}

nnx_load_limits nnx_load_limits_filled(const nnx_load_limits *l)
{
    if (!l)
        return nnx_load_limits_of(NULL);
    nnx_model_options o = {0};
    nnx_load_limits_to(l, &o);
    return nnx_load_limits_of(&o);
}

nnx_status nnx_limit_error(nnx_error *err, nnx_limit_kind kind, const char *where, const char *what_fmt, ...)
{
    static const char *const names[] = {"depth", "names", "operations", "elements", "archive_bytes", "archive_ratio"};
    static const char *const flags[] = {"depth", "names", "operations", "elements", "archive-bytes", "archive-ratio"};
    char what[NNX_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, what_fmt);
    vsnprintf(what, sizeof what, what_fmt, ap);
    va_end(ap);
    return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                         "%s: error: %s (the limit; raise it with nnx_model_options.max_%s, nnx --max-%s)", where, what,
                         names[kind], flags[kind]);
}
