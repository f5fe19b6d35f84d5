/* bench.c — `nnx bench MODEL [--iterations N]`: time a model's inference on generated
 * inputs and report per-dispatch latency. The arguments are validated now; timing waits
 * for a model format, so a well-formed request answers "not supported". */
#include "cli.h"

#include <stdio.h>

static const char kUsage[] = "Usage: nnx bench [OPTIONS] MODEL [--iterations N]\n";

static const char kHelp[] =
    "\n"
    "Compile MODEL, fill its inputs with deterministic pseudo-random data, dispatch it\n"
    "once to warm up and then N times, and print the minimum, median and mean time of\n"
    "one dispatch.\n"
    "\n"
    "Options:\n"
    "  -n, --iterations N  number of timed dispatches, 1 to 1000000 (default 100)\n"
    "  -h, --help          show this help and exit\n"
    "\n"
    "Exit codes: 0 ok, 1 invalid model, 2 usage error, 3 format not supported.\n";

int cmd_bench(int argc, char **argv)
{
    enum { OPT_HELP, OPT_ITERATIONS };
    static const cli_option options[] = {
        [OPT_HELP] = {"help", 'h', false},
        [OPT_ITERATIONS] = {"iterations", 'n', true},
    };
    cli_parser p;
    cli_init(&p, "nnx bench", kUsage, argc, argv);

    const char *model = NULL;
    long iterations = 100;
    const char *value;
    int opt;
    while ((opt = cli_next(&p, options, sizeof options / sizeof options[0], &value)) != CLI_END) {
        switch (opt) {
        case OPT_HELP:
            printf("%s%s", kUsage, kHelp);
            return NNX_EXIT_OK;
        case OPT_ITERATIONS:
            if (!cli_parse_long(value, 1, 1000000, &iterations))
                return cli_usage_error(&p, "--iterations wants a number from 1 to 1000000, got '%s'",
                                       value);
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
    (void)iterations; /* used once timing lands */
    return cli_not_supported("bench");
}
