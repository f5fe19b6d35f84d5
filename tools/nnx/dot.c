/* dot.c — `nnx dot PATH [-T svg|png]`: draw a model's graph. Without -T it prints Graphviz
 * DOT text; with -T it pipes that text through Graphviz's `dot` program, which must be on
 * the PATH (the library itself never runs programs). */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char kUsage[] = "Usage: nnx dot [OPTIONS] PATH [-T svg|png]\n";

static const char kHelp[] = "\n"
                            "Write the graph of the model at PATH to standard output: one node per operation,\n"
                            "input and constant, one edge per operand, labelled with its type and shape.\n"
                            "\n"
                            "Options:\n"
                            "  -T, --format FORMAT  svg or png: render with Graphviz's dot program (which must\n"
                            "                       be installed) instead of printing DOT text\n"
                            "  -l, --lenient        accept compositional syntax without its KHR_enable_* extensions\n"
                            "      --params FILE    the TVM .params weights of an NNVM graph JSON (default: the one\n"
                            "                       *.params file beside it)\n"
                            "  -h, --help           show this help and exit\n"
                            "\n"
                            "Exit codes: 0 ok, 1 invalid model, 2 usage error, 3 format not supported.\n";

/* Pipes the dot text through `dot -T<format>` to our standard output. */
static int render(const char *text, const char *format)
{
    if (system("command -v dot >/dev/null 2>&1") != 0) {
        fprintf(stderr, "nnx dot: Graphviz's dot program is not installed (Debian: apt-get install graphviz)\n");
        return NNX_EXIT_UNSUPPORTED;
    }
    char command[32];
    snprintf(command, sizeof command, "dot -T%s", format);
    fflush(stdout);
    FILE *pipe = popen(command, "w");
    if (!pipe) {
        perror("nnx dot: cannot run dot");
        return NNX_EXIT_UNSUPPORTED;
    }
    fputs(text, pipe);
    int status = pclose(pipe);
    if (status != 0) {
        fprintf(stderr, "nnx dot: dot -T%s failed (status %d)\n", format, status);
        return NNX_EXIT_INVALID_MODEL;
    }
    return NNX_EXIT_OK;
}

int cmd_dot(int argc, char **argv)
{
    enum { OPT_HELP, OPT_FORMAT, OPT_LENIENT, OPT_PARAMS };
    static const cli_option options[] = {
        [OPT_HELP] = {"help", 'h', false},
        [OPT_FORMAT] = {"format", 'T', true},
        [OPT_LENIENT] = {"lenient", 'l', false},
        [OPT_PARAMS] = {"params", 0, true},
    };
    const char *format = NULL, *params = NULL;
    uint32_t flags = 0;
    cli_parser p;
    cli_init(&p, "nnx dot", kUsage, argc, argv);

    const char *path = NULL;
    const char *value;
    int opt;
    while ((opt = cli_next(&p, options, sizeof options / sizeof options[0], &value)) != CLI_END) {
        switch (opt) {
        case OPT_HELP: printf("%s%s", kUsage, kHelp); return NNX_EXIT_OK;
        case OPT_FORMAT:
            if (strcmp(value, "svg") != 0 && strcmp(value, "png") != 0)
                return cli_usage_error(&p, "-T wants svg or png, got '%s'", value);
            format = value;
            break;
        case OPT_LENIENT: flags |= NNX_MODEL_LENIENT_EXTENSIONS; break;
        case OPT_PARAMS: params = value; break;
        case CLI_POSITIONAL:
            if (path)
                return cli_usage_error(&p, "unexpected argument '%s'", value);
            path = value;
            break;
        default: return NNX_EXIT_USAGE;
        }
    }
    if (!path)
        return cli_usage_error(&p, "missing PATH");
    nnx_context *ctx;
    nnx_model *model;
    int rc = cli_load_model(path, params, flags, &ctx, &model);
    if (rc != NNX_EXIT_OK)
        return rc;
    const char *text = nnx_model_dot(model);
    if (!text) {
        fprintf(stderr, "nnx dot: %s\n", nnx_context_error(ctx));
        rc = NNX_EXIT_INVALID_MODEL;
    } else if (!format) {
        fputs(text, stdout);
    } else {
        rc = render(text, format);
    }
    nnx_context_destroy(ctx);
    return rc;
}
