/* dot.c — `nnx dot PATH [-T svg|png]`: draw a model's graph. Without -T it prints Graphviz
 * DOT text; with -T it renders through Graphviz's `dot` program. No model format is
 * readable yet, so a well-formed request answers "not supported". */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static const char kUsage[] = "Usage: nnx dot [OPTIONS] PATH [-T svg|png]\n";

static const char kHelp[] =
    "\n"
    "Write the graph of the model at PATH to standard output: one node per operation,\n"
    "input and constant, one edge per operand, labelled with its type and shape.\n"
    "\n"
    "Options:\n"
    "  -T, --format FORMAT  svg or png: render with Graphviz's dot program (which must\n"
    "                       be installed) instead of printing DOT text\n"
    "  -h, --help           show this help and exit\n"
    "\n"
    "Exit codes: 0 ok, 1 invalid model, 2 usage error, 3 format not supported.\n";

int cmd_dot(int argc, char **argv)
{
    enum { OPT_HELP, OPT_FORMAT };
    static const cli_option options[] = {
        [OPT_HELP] = {"help", 'h', false},
        [OPT_FORMAT] = {"format", 'T', true},
    };
    cli_parser p;
    cli_init(&p, "nnx dot", kUsage, argc, argv);

    const char *path = NULL;
    const char *value;
    int opt;
    while ((opt = cli_next(&p, options, sizeof options / sizeof options[0], &value)) != CLI_END) {
        switch (opt) {
        case OPT_HELP:
            printf("%s%s", kUsage, kHelp);
            return NNX_EXIT_OK;
        case OPT_FORMAT:
            if (strcmp(value, "svg") != 0 && strcmp(value, "png") != 0)
                return cli_usage_error(&p, "-T wants svg or png, got '%s'", value);
            break;
        case CLI_POSITIONAL:
            if (path)
                return cli_usage_error(&p, "unexpected argument '%s'", value);
            path = value;
            break;
        default:
            return NNX_EXIT_USAGE;
        }
    }
    if (!path)
        return cli_usage_error(&p, "missing PATH");
    return cli_not_supported("dot");
}
