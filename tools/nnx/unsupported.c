/* unsupported.c — how info, dot and check show the operations of a model that nnx cannot
 * lower or run (a model loaded with NNX_MODEL_STRUCTURE_ONLY, nnx_model_unsupported): the
 * count per operator for info's histogram, a listing one per line, and a one-line summary. */
#include "cli.h"

#include <string.h>

size_t cli_unsupported_of_op(const nnx_model *m, const char *op)
{
    size_t n = 0;
    for (size_t i = 0; i < nnx_model_unsupported_count(m); i++) {
        const char *u;
        nnx_model_unsupported(m, i, &u, NULL, NULL);
        n += strcmp(u, op) == 0;
    }
    return n;
}

void cli_print_unsupported(FILE *out, const nnx_model *m, const char *indent)
{
    for (size_t i = 0; i < nnx_model_unsupported_count(m); i++) {
        const char *op, *node, *reason;
        nnx_model_unsupported(m, i, &op, &node, &reason);
        fprintf(out, "%snode '%s' (%s): %s\n", indent, node, op, reason);
    }
}

void cli_print_unsupported_summary(FILE *out, const nnx_model *m)
{
    for (size_t i = 0; i < nnx_model_unsupported_count(m); i++) {
        const char *op, *node;
        nnx_model_unsupported(m, i, &op, &node, NULL);
        fprintf(out, "%s%s (node '%s')", i ? ", " : "", op, node);
    }
}
