/* check.c — `nnx check PATH`: validate a model without running it, like a compiler checks
 * a program: syntax, semantics, expansion, shapes, tensor files. Exits 0 when the model is
 * valid, 1 with the problem (PATH:LINE:COL: error: MESSAGE) on stderr when it is not. */
#include "json_report.h"

#include <stdio.h>

static const char kUsage[] = "Usage: nnx check [--structure] [OPTIONS] PATH [--json]\n";

static const char kHelp[] =
    "\n"
    "Validate the model at PATH (an NNEF folder, graph.nnef, .tar or .tgz): parse it,\n"
    "check every rule of its format, expand compound operations, propagate shapes and\n"
    "check the tensor files that are present, without running it. A problem is printed\n"
    "as PATH:LINE:COL: error: MESSAGE. An NNVM graph JSON (PATH ending in .json) is\n"
    "checked key by key; its errors name the node and the key. A TOSA flatbuffer\n"
    "(PATH ending in .tosa) is verified field by field, then every operator is checked\n"
    "against TOSA 1.0's rules (ERROR_IF, REQUIRE, Level 8K, Supported Data Types); a\n"
    "problem names the block, the operator's index and kind, and the rule.\n"
    "Operations nnx cannot run (an unknown ONNX operator or domain, an attribute value\n"
    "nnx does not support, an unknown NNVM op) are listed all at once, exit code 3.\n"
    "\n"
    "Options:\n"
    "      --structure\n"
    "                 check only the file's syntax and structure: operations nnx cannot\n"
    "                 run are listed, and do not fail the check (exit 0)\n"
    "      --json     print one JSON document instead, on failure too (docs/CLI.md)\n" CLI_MODEL_HELP
    "  -h, --help     show this help and exit\n"
    "\n"
    "Exit codes: 0 valid, 1 invalid model, 2 usage error, 3 format not supported,\n"
    "4 out of memory.\n";

/* Parses check's arguments: -1 to go on (with *path, *a, *structure and *json set), else the
 * exit code (help printed, or a usage error reported; a freed). */
static int parse(int argc, char **argv, const char **path, cli_model_args *a, bool *structure, bool *json)
{
    enum { OPT_HELP, OPT_STRUCTURE, OPT_JSON, OPT_MODEL };
    static const cli_option options[] = {
        [OPT_HELP] = {"help", 'h', false},
        [OPT_STRUCTURE] = {"structure", 0, false},
        [OPT_JSON] = {"json", 0, false},
        [OPT_MODEL] = CLI_MODEL_OPTIONS,
    };
    cli_parser p;
    cli_init(&p, "nnx check", kUsage, argc, argv);
    const char *value;
    int opt, rc = -1;
    while (rc < 0 && (opt = cli_next(&p, options, sizeof options / sizeof options[0], &value)) != CLI_END) {
        switch (opt) {
        case OPT_HELP:
            printf("%s%s", kUsage, kHelp);
            rc = NNX_EXIT_OK;
            break;
        case OPT_STRUCTURE: *structure = true; break;
        case OPT_JSON: *json = true; break;
        case CLI_POSITIONAL:
            if (*path)
                rc = cli_usage_error(&p, "unexpected argument '%s'", value);
            *path = value;
            break;
        default: rc = opt >= OPT_MODEL ? cli_model_option(&p, &options[opt], value, a) : NNX_EXIT_USAGE;
        }
    }
    if (rc < 0 && !*path)
        rc = cli_usage_error(&p, "missing PATH");
    if (rc >= 0)
        cli_model_args_free(a);
    return rc;
}

/* A model with operations nnx cannot run: listed; valid with --structure, else exit 3. */
static int report_unsupported(const char *path, const nnx_model *model, bool structure)
{
    size_t n = nnx_model_unsupported_count(model);
    if (structure) {
        printf("%s: valid structure (%zu operations, %zu inputs, %zu outputs); %zu unsupported operation%s: ", path,
               nnx_model_op_count(model), nnx_model_input_count(model), nnx_model_output_count(model), n,
               n == 1 ? "" : "s");
        cli_print_unsupported_summary(stdout, model);
        putchar('\n');
        return NNX_EXIT_OK;
    }
    fprintf(stderr, "%s: error: %zu unsupported operation%s (nnx check --structure checks the rest):\n", path, n,
            n == 1 ? "" : "s");
    cli_print_unsupported(stderr, model, "  ");
    return NNX_EXIT_UNSUPPORTED;
}

int cmd_check(int argc, char **argv)
{
    cli_model_args a = {0};
    const char *path = NULL;
    bool structure = false, json = false;
    int rc = parse(argc, argv, &path, &a, &structure, &json);
    if (rc >= 0)
        return rc;
    if (json) {
        rc = json_check(path, &a, structure);
        cli_model_args_free(&a);
        return rc;
    }
    nnx_context *ctx;
    nnx_model *model;
    a.flags |= NNX_MODEL_STRUCTURE_ONLY; /* to list every operation nnx cannot run, not only the first */
    rc = cli_load_model(path, &a, &ctx, &model);
    cli_model_args_free(&a);
    if (rc != NNX_EXIT_OK)
        return rc;
    if (nnx_model_unsupported_count(model)) {
        rc = report_unsupported(path, model, structure);
        nnx_context_destroy(ctx);
        return rc;
    }
    size_t input;
    uint32_t axis;
    if (cli_model_unbound(model, &input, &axis)) {
        /* the nodes are checked when the shapes are known: say so rather than "valid" */
        nnx_operand_desc d;
        nnx_model_input_desc(model, input, &d);
        printf("%s: structure valid (%zu operations, %zu inputs, %zu outputs); input '%s' is %s", path,
               nnx_model_op_count(model), nnx_model_input_count(model), nnx_model_output_count(model),
               nnx_model_input_name(model, input), cli_dtype_name(d.dtype));
        cli_print_model_shape(stdout, model, false, input);
        printf(": its operations are checked once its shape is given (--input-shape %s=...)\n",
               nnx_model_input_name(model, input));
    } else if (nnx_model_staged_reason(model)) {
        /* the nodes after the first data-dependent shape are checked as the model runs */
        printf("%s: structure valid (%zu operations, %zu inputs, %zu outputs); a shape depends on the input "
               "values from %s: the operations from there on are checked when it runs\n",
               path, nnx_model_op_count(model), nnx_model_input_count(model), nnx_model_output_count(model),
               nnx_model_staged_reason(model));
    } else {
        printf("%s: valid (%zu operations, %zu inputs, %zu outputs)\n", path, nnx_model_op_count(model),
               nnx_model_input_count(model), nnx_model_output_count(model));
    }
    nnx_context_destroy(ctx);
    return NNX_EXIT_OK;
}
