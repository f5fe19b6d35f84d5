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
    const char *path = NULL;
    int rc = cli_parse_path_command("nnx info", kUsage, kHelp, argc, argv, &path);
    return rc >= 0 ? rc : cli_not_supported("info");
}
