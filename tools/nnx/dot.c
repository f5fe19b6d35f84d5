/* dot.c — `nnx dot PATH [-T FORMAT]`: draw a model's graph. Without -T it prints Graphviz
 * DOT text; with -T it pipes that text through Graphviz's `dot -TFORMAT` (any output format
 * dot knows: svg, png, pdf, ...), which must be on the PATH (the library itself never runs
 * programs). */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char kUsage[] = "Usage: nnx dot [OPTIONS] PATH [-T FORMAT] [-o FILE]\n";

static const char kHelp[] = "\n"
                            "Write the graph of the model at PATH to standard output: one node per operation,\n"
                            "input and constant, one edge per operand, labelled with its type and shape.\n"
                            "An ONNX model is drawn as its own nodes (name and operator); operations nnx\n"
                            "cannot run are drawn dashed, in red.\n"
                            "\n"
                            "Options:\n"
                            "  -T, --output-format FORMAT\n"
                            "                 render with Graphviz's dot program (which must be installed)\n"
                            "                 in this output format (svg, png, pdf, ...: any dot -T takes)\n"
                            "                 instead of printing DOT text\n"
                            "  -o, --output FILE\n"
                            "                 write to FILE instead of standard output\n" CLI_MODEL_HELP
                            "  -h, --help     show this help and exit\n"
                            "\n"
                            "Exit codes: 0 ok, 1 invalid model, 2 usage error, 3 format not supported,\n"
                            "4 out of memory.\n";

/* Whether format can be handed to `dot -T` through the shell: a plain word of Graphviz's
 * format names (letters, digits, '.', '_', '-', ':' as in "svg:cairo", "xdot1.4"), at most
 * 32 characters. Whether dot knows it is dot's to say. */
static bool plain_format_word(const char *format)
{
    size_t n = strlen(format);
    if (n == 0 || n > 32 || format[0] == '-')
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = format[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
              c == '-' || c == ':'))
            return false;
    }
    return true;
}

/* Pipes the dot text through `dot -T<format>` to out (standard output, or a file: dot's
 * standard output is redirected to it for the time of the pipe). */
static int render(const char *text, const char *format, FILE *out)
{
    if (system("command -v dot >/dev/null 2>&1") != 0) {
        fprintf(stderr, "nnx dot: Graphviz's dot program is not installed (Debian: apt-get install graphviz)\n");
        return NNX_EXIT_UNSUPPORTED;
    }
    char command[64];
    snprintf(command, sizeof command, "dot -T%s", format);
    fflush(stdout);
    int saved = out == stdout ? -1 : dup(STDOUT_FILENO);
    if (out != stdout && (saved < 0 || fflush(out) != 0 || dup2(fileno(out), STDOUT_FILENO) < 0)) {
        perror("nnx dot: cannot redirect dot's output");
        if (saved >= 0)
            close(saved);
        return NNX_EXIT_INVALID_MODEL;
    }
    FILE *pipe = popen(command, "w");
    int status = -1;
    if (pipe) {
        fputs(text, pipe);
        status = pclose(pipe);
    }
    if (saved >= 0) {
        dup2(saved, STDOUT_FILENO);
        close(saved);
    }
    if (!pipe) {
        perror("nnx dot: cannot run dot");
        return NNX_EXIT_UNSUPPORTED;
    }
    if (status != 0) {
        fprintf(stderr, "nnx dot: dot -T%s failed (status %d)\n", format, status);
        return NNX_EXIT_INVALID_MODEL;
    }
    return NNX_EXIT_OK;
}

int cmd_dot(int argc, char **argv)
{
    enum { OPT_HELP, OPT_FORMAT, OPT_OUTPUT, OPT_MODEL };
    static const cli_option options[] = {
        [OPT_HELP] = {"help", 'h', false},
        [OPT_FORMAT] = {"output-format", 'T', true},
        [OPT_OUTPUT] = {"output", 'o', true},
        [OPT_MODEL] = CLI_MODEL_OPTIONS,
    };
    const char *format = NULL, *output = NULL;
    cli_model_args a = {0};
    cli_parser p;
    cli_init(&p, "nnx dot", kUsage, argc, argv);

    const char *path = NULL;
    const char *value;
    int opt, rc = -1;
    while (rc < 0 && (opt = cli_next(&p, options, sizeof options / sizeof options[0], &value)) != CLI_END) {
        switch (opt) {
        case OPT_HELP:
            printf("%s%s", kUsage, kHelp);
            rc = NNX_EXIT_OK;
            break;
        case OPT_FORMAT:
            if (!plain_format_word(value))
                rc = cli_usage_error(&p, "-T wants a Graphviz output format (svg, png, pdf, ...), got '%s'", value);
            format = value;
            break;
        case OPT_OUTPUT:
            if (output)
                rc = cli_usage_error(&p, "-o given twice");
            output = value;
            break;
        case CLI_POSITIONAL:
            if (path)
                rc = cli_usage_error(&p, "unexpected argument '%s'", value);
            path = value;
            break;
        default: rc = opt >= OPT_MODEL ? cli_model_option(&p, &options[opt], value, &a) : NNX_EXIT_USAGE;
        }
    }
    if (rc < 0 && !path)
        rc = cli_usage_error(&p, "missing PATH");
    if (rc < 0 && output)
        rc = cli_check_output_path(p.prog, "-o", output, false) == NNX_EXIT_OK ? -1 : NNX_EXIT_USAGE;
    if (rc >= 0) { /* --help printed, or a usage error reported */
        cli_model_args_free(&a);
        return rc;
    }
    nnx_context *ctx;
    nnx_model *model;
    a.flags |= NNX_MODEL_STRUCTURE_ONLY; /* operations nnx cannot run are drawn dashed, in red */
    rc = cli_load_model(path, &a, &ctx, &model);
    cli_model_args_free(&a);
    if (rc != NNX_EXIT_OK)
        return rc;
    const char *text = nnx_model_dot(model);
    cli_output file = {0};
    if (!text) {
        fprintf(stderr, "nnx dot: %s\n", nnx_context_error(ctx));
        rc = NNX_EXIT_INVALID_MODEL;
    } else if (output && (rc = cli_output_open(output, &file)) != NNX_EXIT_OK) {
        /* said */
    } else if (!format) {
        fputs(text, output ? file.file : stdout);
    } else {
        rc = render(text, format, output ? file.file : stdout);
    }
    if (output)
        rc = cli_output_close(&file, rc);
    nnx_context_destroy(ctx);
    return rc;
}
