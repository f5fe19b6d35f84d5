/* check.c — `nnx check PATH`: validate a model without running it, like a compiler checks
 * a program: syntax, semantics, expansion, shapes, tensor files. Exits 0 when the model is
 * valid, 1 with the problem (PATH:LINE:COL: error: MESSAGE) on stderr when it is not. */
#include "json_report.h"

#include <stdio.h>

static const char kUsage[] = "Usage: nnx check [OPTIONS] PATH [--json]\n";

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
    "\n"
    "Options:\n"
    "      --json     print one JSON document instead, on failure too (docs/CLI.md)\n" CLI_MODEL_HELP
    "  -h, --help     show this help and exit\n"
    "\n"
    "Exit codes: 0 valid, 1 invalid model, 2 usage error, 3 format not supported.\n";

int cmd_check(int argc, char **argv)
{
    cli_model_args a = {0};
    const char *path = NULL;
    bool json = false;
    int rc = cli_parse_model_command_json("nnx check", kUsage, kHelp, argc, argv, &path, &a, &json);
    if (rc >= 0)
        return rc;
    if (json) {
        rc = json_check(path, &a);
        cli_model_args_free(&a);
        return rc;
    }
    nnx_context *ctx;
    nnx_model *model;
    rc = cli_load_model(path, &a, &ctx, &model);
    cli_model_args_free(&a);
    if (rc != NNX_EXIT_OK)
        return rc;
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
