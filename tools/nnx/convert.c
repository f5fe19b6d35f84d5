/* convert.c — `nnx convert IN OUT`: read a model and write it as NNEF: a flat graph.nnef
 * with its tensor files, as a folder, or as a .tgz when OUT ends in .tgz or .tar.gz. The
 * tensor files are copied bit for bit. */
#include "cli.h"

#include <stdio.h>

static const char kUsage[] = "Usage: nnx convert [OPTIONS] IN OUT\n";

static const char kHelp[] =
    "\n"
    "Read the model IN (any format nnx reads) and write it to OUT as NNEF: a flat\n"
    "graph.nnef (compound operations expanded, every argument written out), graph.quant\n"
    "if the model has quantization info, and the variables' .dat files. OUT is a .tgz\n"
    "archive when its name ends in .tgz or .tar.gz, else a folder (created if needed);\n"
    "files already in OUT are replaced. When OUT ends in .json it is written as NNVM\n"
    "graph JSON with its weights in OUT's .params (exit 3 naming an operation NNVM\n"
    "cannot express).\n"
    "\n"
    "Options:\n"
    "  -l, --lenient  accept compositional syntax without its KHR_enable_* extensions\n" CLI_PARAMS_HELP
    "  -h, --help     show this help and exit\n"
    "\n"
    "Exit codes: 0 ok, 1 invalid model, 2 usage error, 3 format not supported.\n";

int cmd_convert(int argc, char **argv)
{
    static const cli_option options[] = {{"help", 'h', false}, {"lenient", 'l', false}, {"params", 0, true}};
    uint32_t flags = 0;
    const char *params = NULL;
    cli_parser p;
    cli_init(&p, "nnx convert", kUsage, argc, argv);

    const char *paths[2] = {NULL, NULL};
    int path_count = 0;
    const char *value;
    int opt;
    while ((opt = cli_next(&p, options, sizeof options / sizeof options[0], &value)) != CLI_END) {
        switch (opt) {
        case 0: printf("%s%s", kUsage, kHelp); return NNX_EXIT_OK;
        case 1: flags |= NNX_MODEL_LENIENT_EXTENSIONS; break;
        case 2: params = value; break;
        case CLI_POSITIONAL:
            if (path_count == 2)
                return cli_usage_error(&p, "unexpected argument '%s'", value);
            paths[path_count++] = value;
            break;
        default: return NNX_EXIT_USAGE;
        }
    }
    if (path_count < 2)
        return cli_usage_error(&p, path_count == 0 ? "missing IN and OUT" : "missing OUT");
    nnx_context *ctx;
    nnx_model *model;
    int rc = cli_load_model(paths[0], params, flags, &ctx, &model);
    if (rc != NNX_EXIT_OK)
        return rc;
    nnx_status st = nnx_model_save(model, paths[1]);
    if (st != NNX_OK)
        fprintf(stderr, "%s\n", nnx_context_error(ctx));
    nnx_context_destroy(ctx);
    return cli_exit_code(st);
}
