/* convert.c — `nnx convert IN OUT`: read a model and write it where OUT's ending says
 * (nnx_model_save_with; include/nnx.h, "saving"): NNEF as a folder, .tar, .tgz or .tar.gz
 * (a flat graph.nnef with its tensor files, copied bit for bit), NNVM graph JSON for .json,
 * a TOSA flatbuffer for .tosa. A folder that holds files is replaced only with --force. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>

static const char kUsage[] = "Usage: nnx convert [OPTIONS] IN OUT\n";

static const char kHelp[] = "\n"
                            "Read the model IN (any format nnx reads) and write it to OUT, in the format OUT's\n"
                            "ending names:\n"
                            "  .tgz, .tar.gz, .tar  NNEF in an archive: a flat graph.nnef (compound operations\n"
                            "                       expanded, every argument written out), graph.quant if the\n"
                            "                       model has quantization info, and the variables' .dat files\n"
                            "  a folder             the same NNEF files in a folder: OUT ends in '/', is an\n"
                            "                       existing folder, or its name has no extension or ends in\n"
                            "                       .nnef (missing parents are made)\n"
                            "  .json                NNVM graph JSON, its weights in OUT's .params (exit 3 naming\n"
                            "                       an operation NNVM cannot express)\n"
                            "  .tosa                a TOSA 1.0 flatbuffer: a .tosa model as it was read, a graph\n"
                            "                       of TOSA operators (NNEF tosa_* fragments) operator for\n"
                            "                       operator, float32 ONNX or NNEF operations legalized to TOSA\n"
                            "                       (exit 3 naming an operation TOSA cannot express)\n"
                            "Any other ending is refused (exit 3). OUT is written under a temporary name beside\n"
                            "it and renamed into place when complete: a conversion that fails leaves the\n"
                            "previous OUT as it was. A folder OUT that holds files is refused (exit 2) unless\n"
                            "--force is given; its content is then replaced, not mixed with the new files.\n"
                            "\n"
                            "Options:\n"
                            "  -f, --force    replace the content of an existing folder OUT\n" CLI_MODEL_HELP
                            "  -h, --help     show this help and exit\n"
                            "\n"
                            "Exit codes: 0 ok, 1 invalid model or a failure to write OUT, 2 usage error,\n"
                            "3 format not supported.\n";

/* A folder holding entries: refused without --force. Said here, before the model is loaded
 * (which may take long), and naming the option; nnx_model_save_with refuses it too. */
static bool is_full_folder(const char *path)
{
    DIR *d = opendir(path);
    bool full = false;
    for (struct dirent *de; d && !full && (de = readdir(d)) != NULL;)
        full = strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0;
    if (d)
        closedir(d);
    return full;
}

int cmd_convert(int argc, char **argv)
{
    static const cli_option options[] = {{"help", 'h', false}, {"force", 'f', false}, CLI_MODEL_OPTIONS};
    cli_model_args a = {0};
    cli_parser p;
    cli_init(&p, "nnx convert", kUsage, argc, argv);

    const char *paths[2] = {NULL, NULL};
    int path_count = 0;
    bool force = false;
    const char *value;
    int opt, rc = -1;
    while (rc < 0 && (opt = cli_next(&p, options, sizeof options / sizeof options[0], &value)) != CLI_END) {
        if (opt == 0) {
            printf("%s%s", kUsage, kHelp);
            rc = NNX_EXIT_OK;
        } else if (opt == 1) {
            force = true;
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
    if (rc < 0 && !force && is_full_folder(paths[1]))
        rc = cli_usage_error(&p, "%s: the folder is not empty; give --force to replace its content", paths[1]);
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
    nnx_save_options save = {.flags = force ? NNX_SAVE_REPLACE : 0};
    nnx_status st = nnx_model_save_with(model, paths[1], &save);
    if (st != NNX_OK)
        fprintf(stderr, "%s\n", nnx_context_error(ctx));
    nnx_context_destroy(ctx);
    return cli_exit_code(st);
}
