/* run.c — `nnx run MODEL [--input NAME=FILE.npy]... [--output DIR]`: run a model once on
 * inputs read from NumPy .npy files and write each output as DIR/NAME.npy. The arguments
 * are validated now; running waits for a model format, so it answers "not supported". */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static const char kUsage[] =
    "Usage: nnx run [OPTIONS] MODEL [--input NAME=FILE.npy]... [--output DIR]\n";

static const char kHelp[] =
    "\n"
    "Run MODEL once. Every graph input must be given with --input, as a .npy file\n"
    "whose data type and shape match the input. Each output is written to\n"
    "DIR/NAME.npy, or summarised on standard output when --output is not given.\n"
    "\n"
    "Options:\n"
    "  -i, --input NAME=FILE  read graph input NAME from the .npy file FILE (repeatable)\n"
    "  -o, --output DIR       write each output NAME to DIR/NAME.npy\n"
    "  -h, --help             show this help and exit\n"
    "\n"
    "Exit codes: 0 ok, 1 invalid model, 2 usage error, 3 format not supported.\n";

int cmd_run(int argc, char **argv)
{
    enum { OPT_HELP, OPT_INPUT, OPT_OUTPUT };
    static const cli_option options[] = {
        [OPT_HELP] = {"help", 'h', false},
        [OPT_INPUT] = {"input", 'i', true},
        [OPT_OUTPUT] = {"output", 'o', true},
    };
    cli_parser p;
    cli_init(&p, "nnx run", kUsage, argc, argv);

    const char *model = NULL;
    const char *output_dir = NULL;
    const char *value;
    int opt;
    while ((opt = cli_next(&p, options, sizeof options / sizeof options[0], &value)) != CLI_END) {
        switch (opt) {
        case OPT_HELP:
            printf("%s%s", kUsage, kHelp);
            return NNX_EXIT_OK;
        case OPT_INPUT: {
            /* NAME=FILE with both parts non-empty; the name is the graph input's. */
            const char *eq = strchr(value, '=');
            if (!eq || eq == value || eq[1] == '\0')
                return cli_usage_error(&p, "--input wants NAME=FILE.npy, got '%s'", value);
            break;
        }
        case OPT_OUTPUT:
            if (output_dir)
                return cli_usage_error(&p, "--output given twice");
            output_dir = value;
            break;
        case CLI_POSITIONAL:
            if (model)
                return cli_usage_error(&p, "unexpected argument '%s'", value);
            model = value;
            break;
        default:
            return NNX_EXIT_USAGE;
        }
    }
    if (!model)
        return cli_usage_error(&p, "missing MODEL");
    return cli_not_supported("run");
}
