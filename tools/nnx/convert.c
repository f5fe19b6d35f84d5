/* convert.c — `nnx convert IN OUT`: read a model and write it as NNEF: a flat graph.nnef
 * with its tensor files, as a folder, or as a .tgz when OUT ends in .tgz or .tar.gz; as NNVM
 * graph JSON for .json and as a TOSA flatbuffer for .tosa. The tensor files are copied bit
 * for bit. */
#include "cli.h"

#include <stdio.h>

static const char kUsage[] = "Usage: nnx convert [OPTIONS] IN OUT\n";

static const char kHelp[] = "\n"
                            "Read the model IN (any format nnx reads) and write it to OUT as NNEF: a flat\n"
                            "graph.nnef (compound operations expanded, every argument written out), graph.quant\n"
                            "if the model has quantization info, and the variables' .dat files. OUT is a .tgz\n"
                            "archive when its name ends in .tgz or .tar.gz, else a folder (created if needed);\n"
                            "files already in OUT are replaced. When OUT ends in .json it is written as NNVM\n"
                            "graph JSON with its weights in OUT's .params (exit 3 naming an operation NNVM\n"
                            "cannot express). When OUT ends in .tosa it is written as a TOSA 1.0 flatbuffer:\n"
                            "a .tosa model as it was read, a graph of TOSA operators (NNEF tosa_* fragments)\n"
                            "operator for operator, and float32 ONNX or NNEF operations legalized to TOSA\n"
                            "(NHWC convolutions and pooling; exit 3 naming an operation TOSA cannot express).\n"
                            "\n"
                            "Options:\n" CLI_MODEL_HELP "  -h, --help     show this help and exit\n"
                            "\n"
                            "Exit codes: 0 ok, 1 invalid model, 2 usage error, 3 format not supported.\n";

int cmd_convert(int argc, char **argv)
{
    static const cli_option options[] = {{"help", 'h', false}, CLI_MODEL_OPTIONS};
    cli_model_args a = {0};
    cli_parser p;
    cli_init(&p, "nnx convert", kUsage, argc, argv);

    const char *paths[2] = {NULL, NULL};
    int path_count = 0;
    const char *value;
    int opt, rc = -1;
    while (rc < 0 && (opt = cli_next(&p, options, sizeof options / sizeof options[0], &value)) != CLI_END) {
        if (opt == 0) {
            printf("%s%s", kUsage, kHelp);
            rc = NNX_EXIT_OK;
        } else if (opt != CLI_POSITIONAL) {
            rc = opt > 0 ? cli_model_option(&p, &options[opt], value, &a) : NNX_EXIT_USAGE;
        } else if (path_count == 2) {
            rc = cli_usage_error(&p, "unexpected argument '%s'", value);
        } else {
            paths[path_count++] = value;
        }
    }
    if (rc < 0 && path_count < 2)
        rc = cli_usage_error(&p, path_count == 0 ? "missing IN and OUT" : "missing OUT");
    if (rc >= 0) { /* --help printed, or a usage error reported */
        cli_model_args_free(&a);
        return rc;
    }
    nnx_context *ctx;
    nnx_model *model;
    rc = cli_load_model(paths[0], &a, &ctx, &model);
    cli_model_args_free(&a);
    if (rc != NNX_EXIT_OK)
        return rc;
    nnx_status st = nnx_model_save(model, paths[1]);
    if (st != NNX_OK)
        fprintf(stderr, "%s\n", nnx_context_error(ctx));
    nnx_context_destroy(ctx);
    return cli_exit_code(st);
}
