/* info.c — `nnx info PATH`: describe a model: its inputs and outputs (name, data type,
 * shape) and a histogram of the operations it uses. No model format is readable yet, so
 * a well-formed request answers "not supported". */
#include "cli.h"

#include <stdio.h>

static const char kUsage[] = "Usage: nnx info [OPTIONS] PATH\n";

static const char kHelp[] =
    "\n"
    "Print what the model at PATH takes and gives: each input and output with its\n"
    "data type and shape, then how many times each operation occurs.\n"
    "\n"
    "Options:\n"
    "  -h, --help  show this help and exit\n"
    "\n"
    "Exit codes: 0 ok, 1 invalid model, 2 usage error, 3 format not supported.\n";

int cmd_info(int argc, char **argv)
{
    static const cli_option options[] = {{"help", 'h', false}};
    cli_parser p;
    cli_init(&p, "nnx info", kUsage, argc, argv);

    const char *path = NULL;
    const char *value;
    int opt;
    while ((opt = cli_next(&p, options, sizeof options / sizeof options[0], &value)) != CLI_END) {
        switch (opt) {
        case 0:
            printf("%s%s", kUsage, kHelp);
            return NNX_EXIT_OK;
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
    return cli_not_supported("info");
}
