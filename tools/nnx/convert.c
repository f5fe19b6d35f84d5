/* convert.c — `nnx convert IN OUT`: read a model in one format and write it in another,
 * each format chosen by the file name. No model format is readable yet, so a well-formed
 * request answers "not supported". */
#include "cli.h"

#include <stdio.h>

static const char kUsage[] = "Usage: nnx convert [OPTIONS] IN OUT\n";

static const char kHelp[] =
    "\n"
    "Read the model IN and write it to OUT. The formats are chosen from the file names\n"
    "(extension or directory layout). OUT is replaced if it exists.\n"
    "\n"
    "Options:\n"
    "  -h, --help  show this help and exit\n"
    "\n"
    "Exit codes: 0 ok, 1 invalid model, 2 usage error, 3 format not supported.\n";

int cmd_convert(int argc, char **argv)
{
    static const cli_option options[] = {{"help", 'h', false}};
    cli_parser p;
    cli_init(&p, "nnx convert", kUsage, argc, argv);

    const char *paths[2] = {NULL, NULL};
    int path_count = 0;
    const char *value;
    int opt;
    while ((opt = cli_next(&p, options, sizeof options / sizeof options[0], &value)) != CLI_END) {
        switch (opt) {
        case 0:
            printf("%s%s", kUsage, kHelp);
            return NNX_EXIT_OK;
        case CLI_POSITIONAL:
            if (path_count == 2)
                return cli_usage_error(&p, "unexpected argument '%s'", value);
            paths[path_count++] = value;
            break;
        default:
            return NNX_EXIT_USAGE;
        }
    }
    if (path_count < 2)
        return cli_usage_error(&p, path_count == 0 ? "missing IN and OUT" : "missing OUT");
    (void)paths; /* read and written once a format lands */
    return cli_not_supported("convert");
}
